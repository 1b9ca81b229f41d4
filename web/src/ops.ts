// Operations over NDArrays: elementwise with NumPy broadcasting, where and reductions (joining and
// tiling are in joining.ts). Each op is one kernel call (runKernel): shapes are broadcast, operands expanded and the
// result allocated by C++ inside it; dtypes are promoted by the table in dtype.ts.
import { BINARY_OPS, BinaryOp, REDUCE_OPS, SingleOp, UNARY_OPS, UnaryOp } from './boundary_tables.js';
import { type DType, type Scalar, info, promoteTypes, resultTypeWithScalar, scalarDType } from './dtype.js';
import { fmt, relabel } from './errors.js';
import {
  NDArray,
  type KIn,
  Kind,
  type NestedArray,
  asArray,
  checkOut,
  full,
  outOption,
  runKernel,
  storedNumber,
  takeScalar,
} from './ndarray.js';
import { axisSet, checkAxisOptions } from './axes.js';

/** What the operations accept: an NDArray, a scalar, or nested JS arrays. */
export type ArrayInput = NDArray | Scalar | NestedArray;

/** The `out` option: write the result into an existing array (see {@link add}). */
export interface OutOptions {
  /**
   * Write the result into this array (it may be a strided view: a transposed or sliced `out` is
   * written through its strides) and return it; nothing is allocated. Its shape must be the
   * result's shape (the operands broadcast to it); the result dtype is cast into out's dtype under
   * NumPy's casting='same_kind'. A read-only (broadcast or padded), disposed or wrongly shaped
   * `out`, or a forbidden cast, is a StrideViewError and leaves `out` unchanged. `out` may overlap
   * an input (`add(a, b, { out: a })`): the result is NumPy's.
   */
  out?: NDArray;
}

/** @internal */
interface Prepared {
  inputs: KIn[];
  temps: NDArray[];
  dtype: DType;
}

/** @internal */
export function isScalar(x: unknown): x is Scalar {
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean';
}

/** @internal */
export function release(temps: NDArray[]): void {
  for (let i = 0; i < temps.length; i++) temps[i]!.dispose();
}

/**
 * @internal The inputs of one kernel in one dtype (NumPy promotion; scalars value-based): arrays of another
 * dtype (or padded with a fill other than +0: the kernels read pad elements as +0) are materialized, scalars travel by value (stored as the
 * dtype), nested JS arrays become temporaries.
 */
export function prepare(op: string, inputs: readonly unknown[], force?: (d: DType) => DType): Prepared {
  const temps: NDArray[] = [];
  try {
    const n = inputs.length;
    const arrs = new Array<NDArray | null>(n);
    let dt: DType | null = null;
    for (let i = 0; i < n; i++) {
      const x = inputs[i];
      let a: NDArray | null = null;
      if (x instanceof NDArray) {
        x._check(op);
        a = x;
      } else if (!isScalar(x)) {
        a = asArray(op, x);
        temps.push(a);
      }
      arrs[i] = a;
      if (a !== null) dt = dt === null || dt === a.dtype ? a.dtype : promoteTypes(dt, a.dtype);
    }
    if (n > 2 && arrs.some((a) => a !== null && info(a.dtype).kind === 'f')) {
      // NumPy's n-ary promotion starts from the highest category: the floats first, then each
      // integer with that (np.result_type(int16, uint16, float32) is float32, where pairwise
      // promotion in argument order would give float64).
      let f: DType | null = null;
      for (const a of arrs) if (a !== null && info(a.dtype).kind === 'f') f = f === null ? a.dtype : promoteTypes(f, a.dtype);
      for (const a of arrs) if (a !== null && info(a.dtype).kind !== 'f') f = promoteTypes(f!, a.dtype);
      dt = f;
    }
    if (dt === null) {
      for (let i = 0; i < n; i++) {
        const sd = scalarDType(inputs[i] as Scalar, op);
        dt = dt === null ? sd : promoteTypes(dt, sd);
      }
    } else {
      for (let i = 0; i < n; i++) if (arrs[i] === null) dt = resultTypeWithScalar(dt, inputs[i] as Scalar);
    }
    const d = force ? force(dt!) : dt!;
    const out = new Array<KIn>(n);
    for (let i = 0; i < n; i++) {
      const a = arrs[i]!;
      if (a === null) {
        const x = inputs[i] as Scalar;
        const v = storedNumber(op, d, x);
        if (v !== null) {
          out[i] = v;
        } else {
          const t = full([], x, d);
          temps.push(t);
          out[i] = t;
        }
      } else if (a.dtype !== d || (a._v._hasMask && !Object.is(a._fill, 0))) {
        const t = a._materialize(op, d);
        temps.push(t);
        out[i] = t;
      } else {
        out[i] = a;
      }
    }
    return { inputs: out, temps, dtype: d };
  } catch (e) {
    release(temps);
    throw e;
  }
}

/**
 * The common case without conversions: every input an NDArray of one dtype (unpadded, or padded
 * with 0) that `force` keeps, or such arrays and JS numbers that fit it (scalar dtypes never change
 * an array's float dtype; integers must be stored exactly). Returns that dtype, or null for
 * prepare().
 */
function direct(op: string, inputs: readonly unknown[], force: ((d: DType) => DType) | undefined): DType | null {
  let d: DType | null = null;
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i];
    if (x instanceof NDArray) {
      x._check(op);
      if ((d !== null && x.dtype !== d) || (x._v._hasMask && !Object.is(x._fill, 0))) return null;
      d = x.dtype;
    } else if (typeof x !== 'number') {
      return null;
    }
  }
  if (d === null || (force !== undefined && force(d) !== d)) return null;
  const I = info(d);
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i];
    if (typeof x !== 'number' || (I.kind === 'f' && (d === 'float64' || (x > -128 && x < 256)))) continue;
    if (I.kind === 'f') {
      if (resultTypeWithScalar(d, x) !== d) return null; // float16 + 300 is float32, as NumPy
      continue;
    }
    if (I.kind === 'b' || !Number.isInteger(x) || x !== storedNumber(op, d, x)) return null; // value-based promotion
  }
  return d;
}

/** @internal Prepares the inputs, checks `out` and runs one kernel (errors name `op`). */
export function compute(
  op: string,
  kind: Kind,
  code: number,
  inputs: readonly unknown[],
  options: OutOptions | undefined,
  force: ((d: DType) => DType) | undefined,
  result: (d: DType) => DType,
  x0: number = 0,
  x1: number = 0,
  x2: number = 0,
): NDArray {
  try {
    const o = outOption(op, options);
    const fast = direct(op, inputs, force);
    if (fast !== null) {
      const rdt = result(fast);
      const out = o === undefined ? null : checkOut(op, o, rdt);
      return runKernel(kind, code, rdt, out, null, inputs as KIn[], fast, x0, x1, x2);
    }
    const p = prepare(op, inputs, force);
    try {
      const rdt = result(p.dtype);
      const out = o === undefined ? null : checkOut(op, o, rdt);
      return runKernel(kind, code, rdt, out, null, p.inputs, p.dtype, x0, x1, x2);
    } finally {
      if (p.temps.length > 0) release(p.temps);
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @internal */
export const same = (d: DType): DType => d;
/** @internal */
export const toBool = (): DType => 'bool';

const divType = (d: DType): DType => (info(d).kind === 'f' ? d : 'float64');

function binary(name: keyof typeof BINARY_OPS, a: ArrayInput, b: ArrayInput, options: OutOptions | undefined): NDArray {
  const code = BINARY_OPS[name];
  // the comparisons (equal .. greaterEqual) give bool
  const cmp = code >= BinaryOp.Equal && code <= BinaryOp.GreaterEqual;
  return compute(name, Kind.Binary, code, [a, b], options, name === 'div' ? divType : undefined, cmp ? toBool : same);
}

/** a + b with broadcasting (dtypes promoted NumPy-style; bool + bool is logical or). */
export function add(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('add', a, b, options);
}
/** a - b (an error for bool operands). */
export function sub(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('sub', a, b, options);
}
/** a * b (bool * bool is logical and). */
export function mul(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('mul', a, b, options);
}
/** True division: integers and bools give float64. */
export function div(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('div', a, b, options);
}
/** Elementwise maximum (NaN propagates). */
export function maximum(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('maximum', a, b, options);
}
/** Elementwise minimum (NaN propagates). */
export function minimum(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('minimum', a, b, options);
}
/** a == b (bool result). */
export function equal(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('equal', a, b, options);
}
export function notEqual(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('notEqual', a, b, options);
}
export function less(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('less', a, b, options);
}
export function lessEqual(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('lessEqual', a, b, options);
}
export function greater(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('greater', a, b, options);
}
export function greaterEqual(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binary('greaterEqual', a, b, options);
}

/** cond ? a : b elementwise, all three broadcast (cond is cast to bool: nonzero is true). */
export function where(cond: ArrayInput, a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  const op = 'where';
  try {
    const o = outOption(op, options);
    if (cond instanceof NDArray && cond.dtype === 'bool' && !(cond._v._hasMask && cond._fill !== 0)) {
      cond._check(op);
      const d = direct(op, [a, b], undefined);
      if (d !== null) {
        const out = o === undefined ? null : checkOut(op, o, d);
        return runKernel(Kind.Where, SingleOp.Only, d, out, null, [cond, a as KIn, b as KIn], d);
      }
    }
    const c = prepare(op, [cond], toBool);
    try {
      let k = c.inputs[0]!;
      if (typeof k === 'number') {
        k = full([], k !== 0, 'bool'); // scalars travel in the values' dtype: cond is an array
        c.temps.push(k);
      }
      const p = prepare(op, [a, b]);
      try {
        const out = o === undefined ? null : checkOut(op, o, p.dtype);
        return runKernel(Kind.Where, SingleOp.Only, p.dtype, out, null, [k, ...p.inputs], p.dtype);
      } finally {
        release(p.temps);
      }
    } finally {
      release(c.temps);
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @internal */
export const floatType = (d: DType): DType => {
  // NumPy's float loops: the smallest float that holds every value (bool and 8-bit ints: float16).
  const I = info(d);
  if (I.kind === 'f') return d;
  return I.bits <= 8 ? 'float16' : I.bits <= 16 ? 'float32' : 'float64';
};

function unary(name: keyof typeof UNARY_OPS, a: ArrayInput, options: OutOptions | undefined): NDArray {
  const code = UNARY_OPS[name];
  // sqrt, exp, log compute in a float dtype
  const fl = code >= UnaryOp.Sqrt && code <= UnaryOp.Log;
  return compute(name, Kind.Unary, code, [a], options, fl ? floatType : undefined, same);
}

/** -a (an error for bool). */
export function neg(a: ArrayInput, options?: OutOptions): NDArray {
  return unary('neg', a, options);
}
/** |a|. */
export function abs(a: ArrayInput, options?: OutOptions): NDArray {
  return unary('abs', a, options);
}
/** Square root (bool and 8-bit integers: float16, 16-bit: float32, else float64). */
export function sqrt(a: ArrayInput, options?: OutOptions): NDArray {
  return unary('sqrt', a, options);
}
/** e ** x (bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.95 ulp (float32), 0.98 ulp (float64); overflow gives inf, underflow 0 (subnormal results rounded once). */
export function exp(a: ArrayInput, options?: OutOptions): NDArray {
  return unary('exp', a, options);
}
/** Natural logarithm (NaN below 0, -inf at 0). Max error 0.81 ulp (float32), 0.83 ulp (float64). */
export function log(a: ArrayInput, options?: OutOptions): NDArray {
  return unary('log', a, options);
}

/** Options of the reductions. */
export interface ReduceOptions extends OutOptions {
  /**
   * The axis or axes to reduce, as NumPy's `axis=`: a number, an array of numbers, or null /
   * omitted for all of them (negative axes count from the end; an axis twice is an error).
   */
  axis?: number | readonly number[] | null;
  /** Keep reduced dims as size 1 (the result is then an array, as with `out`). */
  keepdims?: boolean;
}

/** Reduction options under which the result is always an array: keepdims or out. */
export type ArrayResultOptions = { keepdims: true } | { out: NDArray };

/**
 * What a reduction returns: a JS value when the result has no dims and neither keepdims nor out
 * was given (as NumPy returns a scalar: a number, a bigint for int64 / uint64, a boolean for bool),
 * else an NDArray.
 */
export type Reduced = NDArray | Scalar;

/** @internal sumType: the dtype sum accumulates in. */
export function sumType(d: DType): DType {
  const I = info(d);
  if (I.kind === 'f') return d;
  if (I.kind === 'u') return 'uint64';
  return 'int64';
}
/** @internal */
export const meanType = (d: DType): DType => (d === 'float32' || d === 'float16' ? d : 'float64');

function reduce(name: keyof typeof REDUCE_OPS, x: ArrayInput, options: ReduceOptions | undefined): Reduced {
  const result = name === 'sum' ? sumType : name === 'mean' ? meanType : same;
  return reduceOver(name, Kind.Reduce, REDUCE_OPS[name], result, x, options);
}

/** @internal Checks the reduction options (and `extra` keys), returns keepdims. */
export function reduceFlags(name: string, options: unknown): boolean {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${name}: options must be an object, got ${fmt(options)}`);
  }
  const k = (options as { keepdims?: unknown }).keepdims;
  if (k !== undefined && typeof k !== 'boolean') {
    throw new TypeError(`${name}: keepdims must be a boolean, got ${fmt(k)}`);
  }
  return k === true;
}

/**
 * @internal The result of a reduction as the user gets it: the JS value of a 0-d result made
 * without keepdims or out (the temporary freed here), else the array.
 */
export function scalarResult(r: NDArray, keepdims: boolean, out: unknown): Reduced {
  return r.ndim === 0 && !keepdims && out === undefined ? takeScalar(r) : r;
}

const NO_OPTIONS: ReduceOptions = {};

/**
 * @internal A reduction over `options.axis` (all by default) as one kernel call of `kind` / `code`;
 * scalars and nested arrays become temporaries; errors name `name`. x2: the kind's third extra.
 */
export function reduceOver(
  name: string,
  kind: Kind,
  code: number,
  result: (d: DType) => DType,
  x: ArrayInput,
  options: ReduceOptions | undefined,
  x2: number = 0,
): Reduced {
  try {
    if (options === undefined) options = NO_OPTIONS;
    else checkAxisOptions(name, options, 'second');
    const keepdims = reduceFlags(name, options);
    if (!(x instanceof NDArray)) {
      const a = asArray(name, x); // a scalar or nested JS array
      try {
        return reduceOver(name, kind, code, result, a, options, x2);
      } finally {
        a.dispose();
      }
    }
    x._check(name);
    const axes = axisSet(name, options.axis, x.ndim);
    let bits = 0;
    if (axes === null) bits = 2 ** x.ndim - 1;
    else for (const ax of axes) bits += 2 ** ax;
    const r = compute(name, kind, code, [x], options, undefined, result, bits, keepdims ? 1 : 0, x2);
    return scalarResult(r, keepdims, options.out);
  } catch (e) {
    throw relabel(name, e);
  }
}

/**
 * Sum over `axis` (all by default; bool and signed ints accumulate in int64, unsigned in uint64,
 * floats in their type). Over all axes without keepdims or out: a JS value (see {@link Reduced}).
 */
export function sum(a: ArrayInput): Scalar;
export function sum(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function sum(a: ArrayInput, options?: ReduceOptions): Reduced;
export function sum(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('sum', a, options);
}
/** Maximum over `axis` (an error for an empty reduction); a JS value as {@link sum}. */
export function max(a: ArrayInput): Scalar;
export function max(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function max(a: ArrayInput, options?: ReduceOptions): Reduced;
export function max(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('max', a, options);
}
/** Minimum over `axis` (an error for an empty reduction); a JS value as {@link sum}. */
export function min(a: ArrayInput): Scalar;
export function min(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function min(a: ArrayInput, options?: ReduceOptions): Reduced;
export function min(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('min', a, options);
}
/** Mean over `axis` (float64; float32 and float16 inputs keep their dtype, float16 summed in float32); a JS value as {@link sum}. */
export function mean(a: ArrayInput): Scalar;
export function mean(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function mean(a: ArrayInput, options?: ReduceOptions): Reduced;
export function mean(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('mean', a, options);
}
