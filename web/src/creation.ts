// Creation functions: arrays from nested JS arrays, typed arrays, a fill value or a range, and the
// conversion of any array-like argument into an NDArray (asArray). Each declares its NumPy signature
// (signature.ts). Memory order: an F-order (or 'K'-kept) array is an owner whose view permutes the
// axes of a C-ordered buffer (inLayout): its strides are NumPy's, nothing else changes.
import {
  type AnyTypedArray,
  type DType,
  type Scalar,
  Complex,
  type ComplexLike,
  checkDType,
  dtypeOfTypedArray,
  isComplex,
  isComplexValue,
  fromStored,
  info,
  halfToNumber,
  isBig,
  numberToHalf,
  scalarDType,
  storedValue,
  toStored,
} from './dtype.js';
import { StrideViewError, fmt, isArrayLike, relabel, toInt } from './errors.js';
import { checkShape } from './axes.js';
import { SingleOp } from './boundary_tables.js';
import { Kind, NDArrayClass, kernelCopy, runKernel } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import type { ArrayInput } from './ops.js';
import type { Order } from './ufunc.js';
import { rt } from './runtime.js';
import { heapArray } from './storage.js';
import { type NestedArray, inferShape, nestedArray, writeFlat } from './js_values.js';
export { type NestedArray, nestedArray } from './js_values.js';
import { createView } from './view.js';
import { type SigRef, bind, unsupported } from './signature.js';

// ------------------------------------------------------------------------------- memory order

/** @internal The `order` argument checked against the values the op takes (NumPy's message for the rest). */
export function orderOf<O extends Order>(op: string, v: unknown, allowed: readonly O[]): O {
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as O;
  const list = allowed.map((o) => `'${o}'`).join(allowed.length === 2 ? ' or ' : ', ');
  throw new TypeError(`${op}: order must be ${allowed.length === 2 ? '' : 'one of '}${list}, got ${fmt(v)}`);
}

/** @internal `like` (NumPy's array-function protocol): only null, its default, means anything in JS. */
export function likeArg(op: string, v: unknown): void {
  if (v !== null) unsupported(op, 'like', v, 'supported: null (strideview has no array-function protocol)');
}

/** @internal A boolean argument. */
export function boolArg(op: string, name: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new TypeError(`${op}: ${name} must be a boolean, got ${fmt(v)}`);
  return v;
}

/** @internal `subok` (strideview has no ndarray subclasses: both values give an NDArray). */
export function subokArg(op: string, v: unknown): void {
  boolArg(op, 'subok', v);
}

/** @internal F-contiguous (NumPy's flag: size-1 dims ignored), unpadded: the one home of the test. */
export function isFContiguous(a: NDArray): boolean {
  const s = a._v._strides;
  const shape = a._v._shape;
  let want = 1;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] !== 1 && s[i] !== want) return false;
    want *= shape[i] as number;
  }
  return !a._v._hasMask;
}

/**
 * @internal The memory order of a new array of rank `ndim`, as the axes from the slowest to the
 * fastest, or null for C order. 'A' and 'K' follow `like` (NumPy's rules): C when it is
 * C-contiguous (or of another rank, or none), F when F-contiguous; 'K' otherwise keeps its axes'
 * order (decreasing |stride|, ties in axis order).
 */
export function layoutOf(order: Order, like: NDArray | null, ndim: number): number[] | null {
  if (ndim < 2 || order === 'C') return null;
  const rev = Array.from({ length: ndim }, (_, i) => ndim - 1 - i);
  if (order === 'F') return rev;
  if (like === null || like.ndim !== ndim || like._v._hasMask || like.isCContiguous) return null;
  if (isFContiguous(like)) return rev;
  if (order === 'A') return null;
  const s = like._v._strides as number[];
  const perm = Array.from({ length: ndim }, (_, i) => i).sort((i, j) => Math.abs(s[j]!) - Math.abs(s[i]!) || i - j);
  return perm.every((p, i) => p === i) ? null : perm;
}

/**
 * @internal A fresh owner of `shape` whose buffer holds the axes in the order `perm` (slowest
 * first; null: C order): `make` creates the C-ordered owner of the permuted shape, and the owner's
 * view permutes it back (metadata only).
 */
export function inLayout(shape: readonly number[], perm: readonly number[] | null, make: (s: number[]) => NDArray): NDArray {
  if (perm === null) return make(shape.slice());
  const o = make(perm.map((i) => shape[i]!));
  const inv = new Array<number>(perm.length);
  for (let i = 0; i < perm.length; i++) inv[perm[i]!] = i;
  return o._setView(o._v._permute(inv));
}

/** @internal A copy of `src` (cast to `dtype`) laid out in `perm` (see layoutOf). */
export function copyInLayout(op: string, src: NDArray, dtype: DType, perm: readonly number[] | null): NDArray {
  if (perm === null) return src._materialize(op, dtype);
  const out = inLayout(src.shape, perm, (s) => NDArrayClass._empty(op, s, dtype));
  try {
    kernelCopy(out, src);
  } catch (e) {
    out.dispose();
    throw relabel(op, e);
  }
  return out;
}

// ------------------------------------------------------------------------------------- array

/** Options of {@link array} (NumPy's keywords; `shape` is strideview's: the elements in C order, reshaped). */
export interface ArrayOptions {
  dtype?: DType | null;
  copy?: boolean;
  order?: Order;
  subok?: boolean;
  ndmin?: number;
  like?: null;
  shape?: readonly number[] | null;
}

/** A C-ordered owner of the elements of nested JS arrays or a typed array (never an NDArray). */
function fromData(op: string, data: unknown, dtype: DType | undefined, name?: string): NDArray {
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    const src = data as AnyTypedArray;
    const dt = dtypeOfTypedArray(src);
    if (!dt) throw new TypeError(`${op}: unsupported typed array ${fmt(data)}`);
    const out = fromTypedArrayImpl(op, src, [src.length]);
    if (dtype === undefined || dtype === dt) return out;
    try {
      return out._materialize(op, dtype);
    } finally {
      out.dispose();
    }
  }
  const { shape, flat } = inferShape(op, data, name);
  let dt = dtype;
  if (dt === undefined) {
    if (flat.length > 0 && flat.every((x) => typeof x === 'boolean')) dt = 'bool';
    else if (flat.some((x) => isComplexValue(x))) dt = 'complex128';
    else if (flat.some((x) => typeof x === 'bigint')) {
      // int64, or uint64 when a bigint needs it; never a silent wrap (scalarDType throws a RangeError)
      const needsU64 = flat.some((x) => typeof x === 'bigint' && scalarDType(x, op) === 'uint64');
      if (needsU64 && flat.some((x) => (typeof x === 'bigint' ? x < 0n : (x as number) < 0))) {
        throw new RangeError(`${op}: no dtype holds both negative values and bigints >= 2^63; pass an explicit dtype`);
      }
      dt = needsU64 ? 'uint64' : 'int64';
    } else dt = 'float64';
  }
  const out = NDArrayClass._empty(op, shape, dt);
  try {
    writeFlat(out, flat, op);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

function arrayImpl(data: unknown, dtypeV: unknown, copyV: unknown, orderV: unknown, subok: unknown, ndminV: unknown, like: unknown, shapeV: unknown): NDArray {
  const op = 'array';
  const dtype = dtypeV === null ? undefined : checkDType(op, dtypeV);
  const copy = boolArg(op, 'copy', copyV);
  const order = orderOf(op, orderV, ['K', 'A', 'C', 'F']);
  subokArg(op, subok);
  const ndmin = toInt(op, 'ndmin', ndminV);
  if (ndmin < 0 || ndmin > 32) throw new RangeError(`${op}: ndmin must be in 0..32 (NumPy's maximum), got ${ndmin}`);
  likeArg(op, like);
  const shapeOpt = shapeV === null ? undefined : checkShape(op, shapeV);
  const isArr = data instanceof NDArrayClass;
  if (isArr) data._check(op);
  // the source: the NDArray itself, or a fresh C-ordered owner of the JS data
  let src: NDArray = isArr ? data : fromData(op, data, dtype, 'object');
  let fresh = !isArr;
  const temps: NDArray[] = [];
  try {
    if (shapeOpt !== undefined) {
      if (!fresh) {
        src = src._materialize(op, dtype ?? src.dtype);
        fresh = true;
      }
      if (!sameShape(src._v._shape as number[], shapeOpt)) {
        const n = shapeOpt.reduce((p, d) => p * d, 1);
        if (!Number.isSafeInteger(n)) {
          throw new StrideViewError('overflow', `${op}: shape ${fmt(shapeOpt)} has more than 2^53-1 elements`);
        }
        if (src.size !== n) {
          throw new StrideViewError('shape_mismatch', `${op}: cannot give ${src.size} elements the shape ${fmt(shapeOpt)} (${n} elements)`);
        }
        src._setView(src._v._reshape(shapeOpt));
      }
    }
    const d = dtype ?? src.dtype;
    // 'K' and 'A' follow the input's layout (JS data is C-ordered)
    const perm = layoutOf(order, src, src.ndim);
    let out: NDArray;
    if (fresh) {
      if (perm !== null) temps.push(src);
      out = perm === null ? src : copyInLayout(op, src, d, perm);
    } else {
      const unpadded = !src._v._hasMask;
      const laidOut = order === 'C' ? src.isCContiguous : order === 'F' ? isFContiguous(src) || src.ndim < 2 : true;
      // copy=false: NumPy returns the input itself when nothing needs converting
      out = !copy && d === src.dtype && unpadded && laidOut ? src : copyInLayout(op, src, d, perm);
    }
    if (ndmin > out.ndim) {
      const k = ndmin - out.ndim;
      const sh = out._v._shape as number[];
      const st = out._v._strides as number[];
      // NumPy's strides of the prepended axes: one element in F order, else the first axis' extent
      const lead = sh.length === 0 || (!out.isCContiguous && isFContiguous(out)) ? 1 : st[0]! * sh[0]!;
      const v = createView([...new Array<number>(k).fill(1), ...sh], { strides: [...new Array<number>(k).fill(lead), ...st], offset: out._v.offset });
      out = out === data ? out._derive(v) : out._setView(v);
    }
    return out;
  } catch (e) {
    if (fresh && !temps.includes(src)) temps.push(src);
    throw e;
  } finally {
    for (const t of temps) t.dispose();
  }
}

const sameShape = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const ARRAY: SigRef = { sig: 'numpy.array: array(object: NestedArray | AnyTypedArray | NDArray, dtype: DType | null = null, *, copy: boolean = true, ' +
    'order: Order = "K", subok: boolean = false, ndmin: number = 0, like: null = null, shape: readonly number[] | null = null) -> NDArray' };
/**
 * A new array from nested JS arrays, a scalar, a typed array or another NDArray (NumPy array):
 * `array([[1, 2], [3, 4]], 'int32')`, `array(x, { order: 'F' })`. Default dtype: the typed array's
 * or NDArray's; for JS values bool if all are booleans, int64 if any is a bigint, else float64.
 * `copy` (default true): false returns the NDArray itself (or a view of it) when no conversion is
 * needed. `order`: 'K' (default) keeps an NDArray's memory order, 'A' keeps F order, 'C' and 'F'
 * ask for it. `ndmin`: ones are prepended to the shape up to that rank. `shape` (strideview's):
 * the elements in C order, given that shape.
 */
// @overloads ARRAY
export function array(object: NestedArray | AnyTypedArray | NDArray, options?: { dtype?: DType | null | undefined; copy?: boolean | undefined; order?: Order | undefined; subok?: boolean | undefined; ndmin?: number | undefined; like?: null | undefined; shape?: readonly number[] | null | undefined }): NDArray;
export function array(object: NestedArray | AnyTypedArray | NDArray, dtype?: DType | null, options?: { copy?: boolean | undefined; order?: Order | undefined; subok?: boolean | undefined; ndmin?: number | undefined; like?: null | undefined; shape?: readonly number[] | null | undefined }): NDArray;
// @end
export function array(...args: unknown[]): NDArray {
  try {
    if (args.length === 1 && !(args[0] instanceof NDArrayClass)) return fromData('array', args[0], undefined, 'object');
    const [data, dtype, copy, order, subok, ndmin, like, shape] = bind(ARRAY, args);
    return arrayImpl(data, dtype, copy, order, subok, ndmin, like, shape);
  } catch (e) {
    throw relabel('array', e); // errors of inner steps name the function the user called
  }
}

/** @internal NDArray from anything array-like; dtype when converting JS data. */
export function asArray(op: string, x: unknown, dtype?: DType, name?: string): NDArray {
  if (x instanceof NDArrayClass) {
    x._check(op);
    return dtype === undefined || dtype === x.dtype ? x : x._materialize(op, dtype);
  }
  if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' || isComplexValue(x)) {
    return fillImpl(op, [], x, dtype ?? scalarDType(x, op), null);
  }
  if (isArrayLike(x)) return fromData(op, x, dtype, name);
  throw new TypeError(
    name === undefined
      ? `${op}: expected an NDArray, a number, a bigint, a boolean or an array; got ${fmt(x)}`
      : `${op}: ${name} must be an NDArray, a number, a bigint, a boolean or nested arrays of them; got ${fmt(x)}`,
  );
}

function fromTypedArrayImpl(op: string, ta: unknown, shape: unknown): NDArray {
  const dt = ArrayBuffer.isView(ta) ? dtypeOfTypedArray(ta as AnyTypedArray) : undefined;
  if (!dt) throw new TypeError(`${op}: ta must be a typed array, got ${fmt(ta)}`);
  const src = ta as AnyTypedArray;
  const s = shape === null || shape === undefined ? [src.length] : checkShape(op, shape);
  const out = NDArrayClass._empty(op, s, dt);
  if (out.size !== src.length) {
    out.dispose();
    throw new StrideViewError('shape_mismatch', `${op}: cannot give ${src.length} elements the shape ${fmt(s)} (${out.size} elements)`);
  }
  (heapArray(out._s, dt) as Uint8Array).set(src as Uint8Array);
  return out;
}
const FROM_TYPED_ARRAY: SigRef = { sig: '-: fromTypedArray(ta: AnyTypedArray, shape: readonly number[] | number | null = null) -> NDArray' };
/** A new array copying a typed array's elements (dtype from its type; Uint8ClampedArray -> uint8), in `shape` (default 1-D). */
// @overloads FROM_TYPED_ARRAY
export function fromTypedArray(ta: AnyTypedArray, options?: { shape?: readonly number[] | number | null | undefined }): NDArray;
export function fromTypedArray(ta: AnyTypedArray, shape?: readonly number[] | number | null): NDArray;
// @end
export function fromTypedArray(...args: unknown[]): NDArray {
  try {
    const [ta, shape] = args.length === 1 ? [args[0], null] : bind(FROM_TYPED_ARRAY, args);
    return fromTypedArrayImpl('fromTypedArray', ta, shape);
  } catch (e) {
    throw relabel('fromTypedArray', e); // errors of inner steps name the function the user called
  }
}

// ------------------------------------------------------------------------------ filled arrays

/** A dtype argument: a dtype name (the declarations decide where it goes: `zeros([2], 'int32')` or `{ dtype: 'int32' }`). */
export type DTypeArg = DType;

/**
 * @internal `v` as the number a kernel stores into dtype `d` (toStored's conversion and checks), or
 * null when only a bigint can carry it exactly (int64/uint64 beyond 2^53).
 */
export function storedNumber(op: string, d: DType, v: Scalar | ComplexLike): number | null {
  if (isComplexValue(v) && (v.im !== 0 || Object.is(v.im, -0)) && isComplex(d)) return null; // written as a pair
  const x = storedValue(op, d, v); // float16: the value, never its bits
  if (typeof x === 'number') return x;
  return x >= -9007199254740991n && x <= 9007199254740991n ? Number(x) : null;
}

/** A C-ordered owner of `s` filled with the scalar `value` stored as `dt`. */
function fillC(op: string, s: readonly number[], value: Scalar | ComplexLike, dt: DType): NDArray {
  const v = storedNumber(op, dt, value);
  if (v !== null) return runKernel(Kind.Copy, SingleOp.Only, dt, null, s, [v], dt);
  if (isComplexValue(value)) {
    const out = NDArrayClass._empty(op, s, dt);
    const h = heapArray(out._s, dt) as Float32Array | Float64Array;
    for (let i = 0; i < h.length; i += 2) {
      h[i] = value.re;
      h[i + 1] = value.im;
    }
    return out;
  }
  const stored = toStored(op, dt, value);
  const out = NDArrayClass._empty(op, s, dt);
  (heapArray(out._s, dt) as { fill(v: number | bigint): unknown }).fill(stored);
  return out;
}

/** @internal An owner of `shape` (checked) filled with `value` (a scalar, or an array broadcast to shape) in layout `perm`. */
export function fillImpl(op: string, shape: readonly number[], value: unknown, dtype: DType | undefined, perm: readonly number[] | null): NDArray {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || isComplexValue(value)) {
    const dt = dtype ?? scalarDType(value, op);
    return inLayout(shape, perm, (s) => fillC(op, s, value, dt));
  }
  if (!(value instanceof NDArrayClass) && !isArrayLike(value)) {
    throw new TypeError(`${op}: fillValue must be a number, a bigint, a boolean or an array, got ${fmt(value)}`);
  }
  const v = asArray(op, value, undefined, 'fillValue');
  try {
    const b = v.broadcastTo(shape as number[]);
    const out = inLayout(shape, perm, (s) => NDArrayClass._empty(op, s, dtype ?? v.dtype));
    try {
      runKernel(Kind.Copy, SingleOp.Only, out.dtype, out, null, [b], b.dtype, b._fill); // NumPy's unsafe cast, as for a scalar
    } catch (e) {
      out.dispose();
      throw e;
    } finally {
      b.dispose();
    }
    return out;
  } finally {
    if (v !== value) v.dispose();
  }
}

/** The shape, dtype (null: `dflt`), order ('C'/'F') and like of empty, zeros, ones and full, checked. */
function filledArgs(op: string, shape: unknown, dtype: unknown, order: unknown, like: unknown, dflt: DType | undefined): [number[], DType | undefined, number[] | null] {
  const s = checkShape(op, shape);
  const d = dtype === null ? dflt : checkDType(op, dtype);
  const o = orderOf(op, order, ['C', 'F']);
  likeArg(op, like);
  return [s, d, layoutOf(o, null, s.length)];
}

const EMPTY: SigRef = { sig: 'numpy.empty: empty(shape: readonly number[] | number, dtype: DType | null = "float64", order: "C" | "F" = "C", *, like: null = null) -> NDArray' };
/** An uninitialised array (default dtype float64): `empty([2, 3], 'int32')`, `empty([2, 3], { order: 'F' })`. */
// @overloads EMPTY
export function empty(shape: readonly number[] | number, options?: { dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function empty(shape: readonly number[] | number, dtype?: DType | null, options?: { order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function empty(shape: readonly number[] | number, dtype?: DType | null, order?: "C" | "F", options?: { like?: null | undefined }): NDArray;
// @end
export function empty(...args: unknown[]): NDArray {
  const op = 'empty';
  try {
    // the common calls (shape) and (shape, 'dtype') skip the binder
    const [shape, dtype, order, like] =
      args.length === 1 ? [args[0], 'float64', 'C', null] : args.length === 2 && typeof args[1] === 'string' ? [args[0], args[1], 'C', null] : bind(EMPTY, args);
    const [s, d, perm] = filledArgs(op, shape, dtype, order, like, 'float64');
    return inLayout(s, perm, (t) => NDArrayClass._empty(op, t, d!));
  } catch (e) {
    throw relabel(op, e); // errors of inner steps name the function the user called
  }
}

const ZEROS: SigRef = { sig: 'numpy.zeros: zeros(shape: readonly number[] | number, dtype: DType | null = "float64", order: "C" | "F" = "C", *, like: null = null) -> NDArray' };
/** An array of zeros (default dtype float64): `zeros([2, 3], 'float32')`, `zeros([2, 3], { dtype: 'float32', order: 'F' })`. */
// @overloads ZEROS
export function zeros(shape: readonly number[] | number, options?: { dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function zeros(shape: readonly number[] | number, dtype?: DType | null, options?: { order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function zeros(shape: readonly number[] | number, dtype?: DType | null, order?: "C" | "F", options?: { like?: null | undefined }): NDArray;
// @end
export function zeros(...args: unknown[]): NDArray {
  const op = 'zeros';
  try {
    // the common calls (shape) and (shape, 'dtype') skip the binder
    const [shape, dtype, order, like] =
      args.length === 1 ? [args[0], 'float64', 'C', null] : args.length === 2 && typeof args[1] === 'string' ? [args[0], args[1], 'C', null] : bind(ZEROS, args);
    const [s, d, perm] = filledArgs(op, shape, dtype, order, like, 'float64');
    // A new buffer with its bytes cleared: zero bits are 0 (or false) in every dtype. Two cheap
    // calls (allocation, view) instead of a fill kernel's planning: [8,8] float32 in 0.7 us, not 1.8.
    const out = inLayout(s, perm, (t) => NDArrayClass._empty(op, t, d!));
    const p = out._s.ptr;
    rt().HEAPU8.fill(0, p, p + out._s.bytes);
    return out;
  } catch (e) {
    throw relabel(op, e);
  }
}

const ONES: SigRef = { sig: 'numpy.ones: ones(shape: readonly number[] | number, dtype: DType | null = null, order: "C" | "F" = "C", *, like: null = null) -> NDArray' };
/** An array of ones (default dtype float64): `ones([2, 3], 'int32')`. */
// @overloads ONES
export function ones(shape: readonly number[] | number, options?: { dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function ones(shape: readonly number[] | number, dtype?: DType | null, options?: { order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function ones(shape: readonly number[] | number, dtype?: DType | null, order?: "C" | "F", options?: { like?: null | undefined }): NDArray;
// @end
export function ones(...args: unknown[]): NDArray {
  const op = 'ones';
  try {
    const [shape, dtype, order, like] = args.length === 1 ? [args[0], null, 'C', null] : bind(ONES, args);
    const [s, d, perm] = filledArgs(op, shape, dtype, order, like, 'float64');
    return fillImpl(op, s, 1, d, perm);
  } catch (e) {
    throw relabel(op, e);
  }
}

const FULL: SigRef = { sig: 'numpy.full: full(shape: readonly number[] | number, fillValue: Scalar | ArrayInput, dtype: DType | null = null, ' +
    'order: "C" | "F" = "C", *, like: null = null) -> NDArray' };
/**
 * An array filled with `fillValue` (NumPy full): a scalar, or an array broadcast to the shape. The
 * dtype defaults to the value's: float64 for numbers, int64 for bigints, bool for booleans; a given
 * dtype casts the value as NumPy's unsafe cast (floats truncate into integers).
 */
// @overloads FULL
export function full(shape: readonly number[] | number, fillValue: Scalar | ArrayInput, options?: { dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function full(shape: readonly number[] | number, fillValue: Scalar | ArrayInput, dtype?: DType | null, options?: { order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function full(shape: readonly number[] | number, fillValue: Scalar | ArrayInput, dtype?: DType | null, order?: "C" | "F", options?: { like?: null | undefined }): NDArray;
// @end
export function full(...args: unknown[]): NDArray {
  const op = 'full';
  try {
    const [shape, value, dtype, order, like] = args.length === 2 ? [args[0], args[1], null, 'C', null] : bind(FULL, args);
    const [s, d, perm] = filledArgs(op, shape, dtype, order, like, undefined);
    return fillImpl(op, s, value, d, perm);
  } catch (e) {
    throw relabel(op, e); // errors of inner steps name the function the user called
  }
}

const ARANGE: SigRef = { sig: 'numpy.arange: arange(start: number, stop: number | null = null, step: number | null = null, dtype: DType | null = null, ' +
    '*, like: null = null) -> NDArray' };
/**
 * Evenly spaced values in [start, stop) (NumPy arange; `arange(stop)` counts from 0, as NumPy's
 * `arange([start,] stop[, step])`). Default dtype: int32 when start, stop and step are integers that
 * fit, else float64. NumPy's positions or names: `arange(12, { dtype: 'float32' })`,
 * `arange(0, 1, 0.25, 'float32')`, `arange(5, { step: 2 })`.
 */
// @overloads ARANGE
export function arange(start: number, options?: { stop?: number | null | undefined; step?: number | null | undefined; dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function arange(start: number, stop?: number | null, options?: { step?: number | null | undefined; dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function arange(start: number, stop?: number | null, step?: number | null, options?: { dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function arange(start: number, stop?: number | null, step?: number | null, dtype?: DType | null, options?: { like?: null | undefined }): NDArray;
// @end
export function arange(...args: unknown[]): NDArray {
  const op = 'arange';
  try {
    const [start, stop, step, dtype, like] = args.length === 1 ? [args[0], null, null, null, null] : bind(ARANGE, args);
    likeArg(op, like);
    return arangeImpl(op, start, stop, step, dtype === null ? undefined : checkDType(op, dtype));
  } catch (e) {
    throw relabel(op, e);
  }
}

function arangeImpl(op: string, start: unknown, stop: unknown, step: unknown, dtype: DType | undefined): NDArray {
  let a = start as number;
  let b = stop as number | null;
  const alone = b === null; // arange(n): the one argument (start) is read as stop
  if (b === null) {
    b = a;
    a = 0;
  }
  const st = step === null ? 1 : (step as number);
  for (const [n, v] of [['start', a], [alone ? 'start' : 'stop', b], ['step', st]] as const) {
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
  if (I.kind === 'f' || (I.kind !== 'b' && I.kind !== 'c' && !isBig(dt) && Number.isInteger(a) && Number.isInteger(st) &&
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
