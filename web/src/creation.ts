// Creation functions: arrays from nested JS arrays, typed arrays, a fill value or a range, and the
// conversion of any array-like argument into an NDArray (asArray).
import {
  type AnyTypedArray,
  type DType,
  type Scalar,
  checkDType,
  dtypeOfTypedArray,
  fromStored,
  info,
  halfToNumber,
  isBig,
  numberToHalf,
  scalarDType,
  storedValue,
  toStored,
} from './dtype.js';
import { StrideViewError, fmt, isArrayLike, relabel } from './errors.js';
import { checkShape } from './axes.js';
import { SingleOp } from './boundary_tables.js';
import { Kind, NDArrayClass, runKernel } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { rt } from './runtime.js';
import { heapArray } from './storage.js';

/** Nested JS arrays of elements. */
export type NestedArray = Scalar | NestedArray[];

function writeFlat(a: NDArray, values: ArrayLike<unknown>, op: string): void {
  const d = a.dtype;
  const t = heapArray(a._s, d);
  if (isBig(d)) {
    const b = t as BigInt64Array | BigUint64Array;
    for (let i = 0; i < values.length; i++) b[i] = toStored(op, d, values[i]) as bigint;
  } else {
    const n = t as Exclude<AnyTypedArray, BigInt64Array | BigUint64Array>;
    for (let i = 0; i < values.length; i++) n[i] = toStored(op, d, values[i]) as number;
  }
}

function inferShape(op: string, data: unknown): { shape: number[]; flat: unknown[] } {
  const shape: number[] = [];
  let probe: unknown = data;
  while (Array.isArray(probe)) {
    shape.push(probe.length);
    if (probe.length === 0) break;
    probe = probe[0];
  }
  const flat: unknown[] = [];
  const walk = (x: unknown, depth: number, path: string): void => {
    if (depth === shape.length) {
      if (Array.isArray(x)) {
        throw new StrideViewError('shape_mismatch', `${op}: ragged nested sequence at ${path || 'top level'}: expected a scalar, got an array of length ${x.length}`);
      }
      if (typeof x !== 'number' && typeof x !== 'bigint' && typeof x !== 'boolean') {
        throw new TypeError(`${op}: elements must be numbers, bigints or booleans; got ${fmt(x)} at ${path || 'top level'}`);
      }
      flat.push(x);
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[depth]) {
      throw new StrideViewError(
        'shape_mismatch',
        `${op}: ragged nested sequence at ${path || 'top level'}: expected length ${shape[depth]}, got ${Array.isArray(x) ? `length ${x.length}` : fmt(x)}`,
      );
    }
    for (let i = 0; i < x.length; i++) walk(x[i], depth + 1, `${path}[${i}]`);
  };
  walk(data, 0, '');
  return { shape, flat };
}

/** @internal Nested JS arrays of the elements `flat` (C order) of an array of `shape`: array()'s inverse. */
export function nestedArray(flat: ArrayLike<number | bigint>, shape: readonly number[], d: DType): NestedArray {
  let k = 0;
  const build = (axis: number): NestedArray => {
    if (axis === shape.length) return fromStored(d, flat[k++]!);
    const out: NestedArray[] = new Array(shape[axis]!);
    for (let i = 0; i < shape[axis]!; i++) out[i] = build(axis + 1);
    return out;
  };
  return build(0);
}

/** Options of {@link array}. */
export interface ArrayOptions {
  dtype?: DType;
  shape?: readonly number[];
}

function arrayImpl(data: NestedArray | AnyTypedArray | NDArray, options: ArrayOptions = {}): NDArray {
  const op = 'array';
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  const dtype = options.dtype === undefined ? undefined : checkDType(op, options.dtype);
  const shapeOpt = options.shape === undefined ? undefined : checkShape(op, options.shape);
  if (data instanceof NDArrayClass) {
    data._check(op);
    const c = data._materialize(op, dtype ?? data.dtype);
    if (!shapeOpt) return c;
    try {
      return c._setView(c._v.reshape(shapeOpt));
    } catch (e) {
      c.dispose();
      throw e;
    }
  }
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    const src = data as AnyTypedArray;
    const dt = dtypeOfTypedArray(src);
    if (!dt) throw new TypeError(`${op}: unsupported typed array ${fmt(data)}`);
    const out = fromTypedArray(src, shapeOpt ?? [src.length]);
    if (dtype === undefined || dtype === dt) return out;
    try {
      return out._materialize(op, dtype);
    } finally {
      out.dispose();
    }
  }
  const { shape, flat } = inferShape(op, data);
  let dt = dtype;
  if (dt === undefined) {
    if (flat.length > 0 && flat.every((x) => typeof x === 'boolean')) dt = 'bool';
    else if (flat.some((x) => typeof x === 'bigint')) {
      // int64, or uint64 when a bigint needs it; never a silent wrap (scalarDType throws a RangeError)
      const needsU64 = flat.some((x) => typeof x === 'bigint' && scalarDType(x, op) === 'uint64');
      if (needsU64 && flat.some((x) => (typeof x === 'bigint' ? x < 0n : (x as number) < 0))) {
        throw new RangeError(`${op}: no dtype holds both negative values and bigints >= 2^63; pass an explicit dtype`);
      }
      dt = needsU64 ? 'uint64' : 'int64';
    }
    else dt = 'float64';
  }
  const target = shapeOpt ?? shape;
  const out = NDArrayClass._empty(op, target, dt);
  try {
    if (out.size !== flat.length) {
      throw new StrideViewError('shape_mismatch', `${op}: cannot give ${flat.length} elements the shape ${fmt(target)} (${out.size} elements)`);
    }
    writeFlat(out, flat, op);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}
/**
 * A new array from nested JS arrays, a scalar, a typed array or another NDArray (always copies).
 * Default dtype: the typed array's; for JS values bool if all are booleans, int64 if any is a
 * bigint, else float64.
 */
export function array(data: NestedArray | AnyTypedArray | NDArray, options?: ArrayOptions): NDArray {
  try {
    return arrayImpl(data, options);
  } catch (e) {
    throw relabel('array', e); // errors of inner steps name the function the user called
  }
}

/** @internal NDArray from anything array-like; dtype when converting JS data. */
export function asArray(op: string, x: unknown, dtype?: DType): NDArray {
  if (x instanceof NDArrayClass) {
    x._check(op);
    return dtype === undefined || dtype === x.dtype ? x : x._materialize(op, dtype);
  }
  if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean') {
    return full([], x, dtype ?? scalarDType(x));
  }
  if (isArrayLike(x)) return array(x as NestedArray, dtype === undefined ? {} : { dtype });
  throw new TypeError(`${op}: expected an NDArray, a number, a bigint, a boolean or an array; got ${fmt(x)}`);
}

function fromTypedArrayImpl(ta: AnyTypedArray, shape?: readonly number[]): NDArray {
  const op = 'fromTypedArray';
  const dt = dtypeOfTypedArray(ta);
  if (!dt) throw new TypeError(`${op}: expected a typed array, got ${fmt(ta)}`);
  const s = shape === undefined ? [ta.length] : checkShape(op, shape);
  const out = NDArrayClass._empty(op, s, dt);
  if (out.size !== ta.length) {
    out.dispose();
    throw new StrideViewError('shape_mismatch', `${op}: cannot give ${ta.length} elements the shape ${fmt(s)} (${out.size} elements)`);
  }
  (heapArray(out._s, dt) as Uint8Array).set(ta as Uint8Array);
  return out;
}
/** A new array copying a typed array's elements (dtype from its type; Uint8ClampedArray -> uint8). */
export function fromTypedArray(ta: AnyTypedArray, shape?: readonly number[]): NDArray {
  try {
    return fromTypedArrayImpl(ta, shape);
  } catch (e) {
    throw relabel('fromTypedArray', e); // errors of inner steps name the function the user called
  }
}

/** The dtype argument of a creation function: a dtype name, as NumPy's positional dtype, or `{ dtype }`. */
export type DTypeArg = DType | { dtype?: DType };

/** @internal The dtype in a DTypeArg (undefined: the function's default); other option names are an error. */
export function dtypeArg(op: string, x: DTypeArg | undefined | null): DType | undefined {
  if (x === undefined || x === null) return undefined;
  if (typeof x === 'string') return checkDType(op, x);
  if (typeof x !== 'object' || Array.isArray(x)) throw new TypeError(`${op}: expected a dtype name or an options object { dtype }, got ${fmt(x)}`);
  for (const k of Object.keys(x)) if (k !== 'dtype') throw new TypeError(`${op}: unknown option '${k}' (options: dtype)`);
  return x.dtype === undefined ? undefined : checkDType(op, x.dtype);
}

function emptyImpl(shape: readonly number[] | number, dtype: DType = 'float64'): NDArray {
  return NDArrayClass._empty('empty', checkShape('empty', shape), checkDType('empty', dtype));
}
/** An uninitialised array (default dtype float64): `empty([2, 3], { dtype: 'int32' })`. */
export function empty(shape: readonly number[] | number, dtype?: DTypeArg): NDArray {
  try {
    return emptyImpl(shape, dtypeArg('empty', dtype));
  } catch (e) {
    throw relabel('empty', e); // errors of inner steps name the function the user called
  }
}

/**
 * @internal `v` as the number a kernel stores into dtype `d` (toStored's conversion and checks), or
 * null when only a bigint can carry it exactly (int64/uint64 beyond 2^53).
 */
export function storedNumber(op: string, d: DType, v: Scalar): number | null {
  const x = storedValue(op, d, v); // float16: the value, never its bits
  if (typeof x === 'number') return x;
  return x >= -9007199254740991n && x <= 9007199254740991n ? Number(x) : null;
}

function fullImpl(shape: readonly number[] | number, value: Scalar, dtype?: DType): NDArray {
  const op = 'full';
  const s = checkShape(op, shape);
  if (typeof value !== 'number' && typeof value !== 'bigint' && typeof value !== 'boolean') {
    throw new TypeError(`${op}: value must be a number, bigint or boolean, got ${fmt(value)}`);
  }
  const dt = dtype === undefined ? scalarDType(value) : checkDType(op, dtype);
  const v = storedNumber(op, dt, value);
  if (v !== null) return runKernel(Kind.Copy, SingleOp.Only, dt, null, s, [v], dt);
  const stored = toStored(op, dt, value);
  const out = NDArrayClass._empty(op, s, dt);
  (heapArray(out._s, dt) as { fill(v: number | bigint): unknown }).fill(stored);
  return out;
}
/** An array filled with value (dtype default: float64 for numbers, int64 for bigints, bool for booleans). */
export function full(shape: readonly number[] | number, value: Scalar, dtype?: DTypeArg): NDArray {
  try {
    return fullImpl(shape, value, dtypeArg('full', dtype));
  } catch (e) {
    throw relabel('full', e); // errors of inner steps name the function the user called
  }
}

/** An array of zeros (default dtype float64): `zeros([2, 3], { dtype: 'float32' })`. */
export function zeros(shape: readonly number[] | number, dtype?: DTypeArg): NDArray {
  try {
    // A new buffer with its bytes cleared: zero bits are 0 (or false) in every dtype. Two cheap
    // calls (allocation, view) instead of a fill kernel's planning: [8,8] float32 in 0.7 us, not 1.8.
    const op = 'zeros';
    const out = NDArrayClass._empty(op, checkShape(op, shape), checkDType(op, dtypeArg(op, dtype) ?? 'float64'));
    const p = out._s.ptr;
    rt().HEAPU8.fill(0, p, p + out._s.bytes);
    return out;
  } catch (e) {
    throw relabel('zeros', e);
  }
}

/** An array of ones (default dtype float64): `ones([2, 3], { dtype: 'int32' })`. */
export function ones(shape: readonly number[] | number, dtype?: DTypeArg): NDArray {
  try {
    return full(shape, 1, dtypeArg('ones', dtype) ?? 'float64');
  } catch (e) {
    throw relabel('ones', e);
  }
}

/**
 * Evenly spaced values in [start, stop) (NumPy arange). Default dtype: int32 when start, stop and
 * step are integers that fit, else float64. The dtype comes last, as a name or `{ dtype }`:
 * `arange(12, { dtype: 'float32' })`, `arange(0, 1, 0.25, { dtype: 'float32' })`.
 */
export function arange(stop: number, options?: { dtype?: DType }): NDArray;
export function arange(start: number, stop: number, options?: { dtype?: DType }): NDArray;
export function arange(start: number, stop?: number | null, step?: number | null, dtype?: DTypeArg): NDArray;
export function arange(start: number, ...rest: unknown[]): NDArray {
  const op = 'arange';
  // A trailing options object may follow start, stop or step.
  const at = rest.findIndex((x) => typeof x === 'object' && x !== null);
  if (at >= 0 && at !== rest.length - 1) {
    throw new TypeError(`${op}: ${['stop', 'step', 'dtype'][at]} must be a number, got ${fmt(rest[at])} (the options object { dtype } goes last)`);
  }
  const opts = at >= 0 ? (rest.pop() as DTypeArg) : undefined;
  if (rest.length > 3) throw new TypeError(`${op}: expected (start, stop?, step?, dtype?), got ${rest.length + 1} arguments`);
  const [stop, step, name] = rest as [number | null | undefined, number | null | undefined, DType | undefined];
  if (opts !== undefined && name !== undefined) throw new TypeError(`${op}: dtype given twice`);
  const dtype = dtypeArg(op, opts ?? name);
  let a = start;
  let b = stop;
  if (b === undefined || b === null) {
    b = a;
    a = 0;
  }
  const st = step === undefined || step === null ? 1 : step;
  for (const [n, v] of [['start', a], ['stop', b], ['step', st]] as const) {
    if (typeof v !== 'number') throw new TypeError(`${op}: ${n} must be a number, got ${fmt(v)}`);
    if (!Number.isFinite(v)) throw new RangeError(`${op}: ${n} must be finite, got ${v}`);
  }
  if (st === 0) throw new StrideViewError('invalid_argument', `${op}: step is 0`);
  const len = Math.max(0, Math.ceil((b - a) / st));
  if (!Number.isSafeInteger(len)) {
    throw new StrideViewError('overflow', `${op}: [${a}, ${b}) with step ${st} has ${len} elements, more than 2^53-1`);
  }
  let dt = dtype;
  if (dt === undefined) {
    const ints = Number.isInteger(a) && Number.isInteger(b) && Number.isInteger(st);
    const last = a + (len - 1) * st;
    dt = ints && Math.abs(a) <= 2147483647 && Math.abs(last) <= 2147483647 ? 'int32' : 'float64';
  }
  const out = NDArrayClass._empty(op, [len], dt);
  const I = info(dt);
  const last = a + (len - 1) * st;
  if (dt === 'float16') {
    // NumPy's float16 arange: the first two values rounded from start and start + step, then
    // start + i * delta in float32 (delta their float32 difference), each rounded to float16
    const h = new Uint16Array(len);
    const first = numberToHalf(a);
    if (len > 0) h[0] = first;
    if (len > 1) h[1] = numberToHalf(a + st);
    const s0 = Math.fround(halfToNumber(first));
    const delta = Math.fround(halfToNumber(h[1] ?? 0) - s0);
    for (let i = 2; i < len; i++) h[i] = numberToHalf(Math.fround(s0 + Math.fround(i * delta)));
    writeFlat(out, Array.from(h, halfToNumber), op);
    return out;
  }
  if (I.kind === 'f' || (I.kind !== 'b' && !isBig(dt) && Number.isInteger(a) && Number.isInteger(st) &&
      toStored(op, dt, a) === a && toStored(op, dt, last) === last)) {
    // Every value is stored as computed (floats round like the typed array; integers fit).
    const t = heapArray(out._s, dt) as Float64Array;
    for (let i = 0; i < len; i++) t[i] = a + i * st;
    return out;
  }
  const vals = new Array<number>(len);
  for (let i = 0; i < len; i++) vals[i] = a + i * st;
  writeFlat(out, vals, op);
  return out;
}
