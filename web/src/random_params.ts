// The parameters of Generator's methods (random.ts): their types (what a draw returns follows from
// what was given: a scalar without size / out, an NDArray with them), the checks of size, dtype
// and out, choice's probabilities, and the array parameters of uniform and normal, as NumPy's
// Generator takes them: the parameters broadcast together (and to `size` when given), are checked
// as NumPy checks them, and one standard draw per output element (C order) is scaled:
// low + (high - low) * random() and loc + scale * standardNormal(), the same IEEE operations as
// NumPy's C loops, so the numbers are NumPy's bit for bit for the same seed.
import { type DType, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, isArrayLike, relabel, toInt, toInts } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput, add, mul, sub } from './ops.js';
import { Shape } from './shape.js';
import { takeScalar } from './scalar.js';
import { unsupported } from './signature.js';

// ------------------------------------------------------------------------------ types

/** The `size` of a draw: a length, a shape, or nothing (null / undefined) for one scalar. */
export type RandomSize = number | readonly number[] | null | undefined;
/** The dtypes of `random` and `standardNormal` (NumPy's float64 and float32 streams). */
export type FloatDType = 'float64' | 'float32';
/** The dtypes of `integers`: the integer dtypes and bool. */
export type IntegerDType = 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'bool';
/** A seed of {@link defaultRng} and `PCG64`: a non-negative integer (any size) or an array of them. */
export type Seed = number | bigint | readonly (number | bigint)[] | NDArray;

/**
 * How argument `K` of a call's parameters `P` was given, from its type: 0 not (absent, or a type
 * within `No`), 1 surely (a type within `Yes`), 2 either (the types cannot tell). Used by the
 * Generator's return types.
 */
export type ArgGiven<P, K extends PropertyKey, No = null | undefined, Yes = {}> = K extends keyof P
  ? [P[K]] extends [No]
    ? 0
    : [P[K]] extends [Yes]
      ? 1
      : 2
  : 0;
/**
 * What a draw returns, from the arguments given (`P`: the call's parameters): `S` (a JS scalar)
 * without `size` and `out`, an NDArray with either, `S | NDArray` when the types cannot tell.
 */
export type Drawn<P, S, G = ArgGiven<P, 'size'> | ArgGiven<P, 'out'>> = [G] extends [0] ? S : 1 extends G ? NDArray : S | NDArray;
/** `integers`: a number (a boolean for dtype 'bool') without `size`, else an NDArray. */
export type IntegersDrawn<P> = Drawn<
  P,
  'dtype' extends keyof P ? ([P['dtype']] extends ['bool'] ? boolean : 'bool' extends P['dtype'] ? number | boolean : number) : number
>;
/**
 * A draw with distribution parameters `A`, `B` and `C` (as many as the method has): a number for
 * scalar parameters without `size`, an NDArray with `size` or nested-array parameters, either for
 * NDArray parameters (0-d ones give a number).
 */
export type ParamDrawn<P, A extends PropertyKey, B extends PropertyKey = A, C extends PropertyKey = A> = Drawn<
  P,
  number,
  | ArgGiven<P, 'size'>
  | ArgGiven<P, A, ScalarArg, readonly unknown[]>
  | ArgGiven<P, B, ScalarArg, readonly unknown[]>
  | ArgGiven<P, C, ScalarArg, readonly unknown[]>
>;
/** A scalar parameter of `uniform` / `normal` (none given: the default, a number). */
export type ScalarArg = number | bigint | boolean | null | undefined;

/** The options of {@link Generator.random} and {@link Generator.standardNormal} (each may also be given positionally). */
export interface FloatDrawOptions {
  size?: RandomSize;
  /** 'float64' (default) or 'float32' (NumPy's float32 streams: 32-bit draws). */
  dtype?: FloatDType | null;
  /** Write the values into this array (its dtype must equal `dtype`; C order, F order as NumPy, or any strides). */
  out?: NDArray | null;
}

/** The options of {@link Generator.integers}. */
export interface IntegersOptions {
  high?: number | bigint | null;
  size?: RandomSize;
  /** Any integer dtype or 'bool' (default 'int64'). */
  dtype?: IntegerDType;
  /** Include `high` (NumPy's endpoint=True). Default false. */
  endpoint?: boolean;
}

/** The options of {@link Generator.choice}. */
export interface ChoiceOptions {
  size?: RandomSize;
  /** Draw with replacement (default true). */
  replace?: boolean;
  /** Probabilities of the population's entries (1-D, summing to 1). */
  p?: readonly number[] | Float64Array | Float32Array | NDArray | null;
  /** The axis of `a` the entries are drawn along (default 0). */
  axis?: number;
  /** Without replacement: shuffle the result (default true; false is faster and keeps NumPy's order). */
  shuffle?: boolean;
}

// ------------------------------------------------------------------------------ checks

/** @internal The `size` argument: null for one scalar, else the shape (non-negative integers). */
export function sizeArg(op: string, size: unknown): number[] | null {
  if (size === undefined || size === null) return null;
  let s: number[];
  if (typeof size === 'number' || typeof size === 'bigint') s = [toInt(op, 'size', size)];
  else if (isArrayLike(size)) s = toInts(op, 'size', size);
  else throw new TypeError(`${op}: size must be an integer, an array of integers or null, got ${fmt(size)}`);
  for (const d of s) {
    if (d < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (size ${fmt(s)})`);
  }
  return s;
}

/** @internal The `dtype` of random / standardNormal: 'float64' (also for null: np.dtype(None)) or 'float32'. */
export function floatDType(op: string, v: unknown): FloatDType {
  if (v === null || v === 'float64') return 'float64';
  if (v === 'float32') return 'float32';
  unsupported(op, 'dtype', checkDType(op, v), "supported: 'float64' and 'float32'");
}

/** @internal The `out` argument: an NDArray, or undefined for none (null / undefined). */
export function outArray(op: string, v: unknown): NDArray | undefined {
  if (v === null || v === undefined) return undefined;
  if (v instanceof NDArray) return v;
  throw new TypeError(`${op}: out must be an NDArray or null, got ${fmt(v)}`);
}

/** @internal A boolean argument. */
export function boolArg(op: string, name: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new TypeError(`${op}: ${name} must be a boolean, got ${fmt(v)}`);
  return v;
}

/**
 * @internal An integer scalar as a JS number while it is exact (|v| <= 2^53 - 1), else the bigint
 * (int64 / uint64 draws past 2^53).
 */
export function intScalar<T>(v: T): T | number {
  return typeof v === 'bigint' && v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

/**
 * @internal choice's `p`, as NumPy checks it: 1-d, one entry per population item, no NaN,
 * non-negative, Kahan sum within sqrt(eps) of 1 (sqrt of float32's eps for float32 arrays).
 */
export function probabilities(op: string, p: unknown, pop: number): Float64Array {
  let values: Float64Array;
  let atol = Math.sqrt(2.220446049250313e-16);
  if (p instanceof NDArray) {
    p._check(op);
    if (p.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: p must be 1-dimensional (got shape ${fmt(p.shape)})`);
    if (p.dtype === 'float32') atol = Math.max(atol, Math.sqrt(1.1920928955078125e-7));
    values = Float64Array.from(p.toTypedArray() as ArrayLike<number | bigint>, Number);
  } else if (isArrayLike(p)) {
    const arr = p as ArrayLike<unknown>;
    if (p instanceof Float32Array) atol = Math.max(atol, Math.sqrt(1.1920928955078125e-7));
    values = new Float64Array(arr.length);
    for (let i = 0; i < arr.length; i++) {
      const v = arr[i];
      if (typeof v !== 'number') throw new TypeError(`${op}: p must hold numbers, got ${fmt(v)} at ${i}`);
      values[i] = v;
    }
  } else {
    throw new TypeError(`${op}: p must be an array of numbers or null, got ${fmt(p)}`);
  }
  if (values.length !== pop) throw new StrideViewError('shape_mismatch', `${op}: a and p must have the same size (${pop} and ${values.length})`);
  let sum = values[0] ?? 0;
  let c = 0;
  for (let i = 1; i < values.length; i++) {
    const y = values[i]! - c;
    const t = sum + y;
    c = t - sum - y;
    sum = t;
  }
  if (Number.isNaN(sum)) throw new StrideViewError('invalid_argument', `${op}: probabilities contain NaN`);
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < 0) throw new StrideViewError('invalid_argument', `${op}: probabilities are not non-negative (p[${i}] = ${values[i]})`);
  }
  if (Math.abs(sum - 1) > atol) throw new StrideViewError('invalid_argument', `${op}: probabilities do not sum to 1 (sum ${sum})`);
  return values;
}

/** @internal */
export function numel(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/**
 * @internal Plain writable contiguous memory that a fill can write straight into, in memory
 * order: C order, or F order (NumPy fills an F-contiguous `out` in memory order too).
 */
export function directAddress(a: NDArray): number | null {
  if (a._ro || a._v.mask) return null;
  const off = a._v.offset;
  if (typeof off !== 'number') return null;
  if (!a._v.isCContiguous) {
    const sh = a.shape;
    const st = a.strides;
    let want = 1;
    for (let i = 0; i < sh.length; i++) {
      if (sh[i] !== 1 && st[i] !== want) return null;
      want *= sh[i]!;
    }
  }
  return a._s.ptr + off * info(a.dtype).size;
}

/** @internal */
export function checkNumber(op: string, what: string, v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${what} must be a number, got ${fmt(v)}`);
  return v;
}

/** @internal The range of each dtype of integers. */
export const INT_RANGE: Partial<Record<DType, [bigint, bigint]>> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint64: [0n, (1n << 64n) - 1n],
  bool: [0n, 1n],
};

/** @internal A bound of integers: a number (truncated, as NumPy's int(low)), a bigint or a boolean. */
export function intBound(op: string, what: string, v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new StrideViewError('invalid_argument', `${op}: cannot convert ${what} ${v} to an integer`);
    return BigInt(Math.trunc(v));
  }
  if (v instanceof NDArray || isArrayLike(v)) {
    unsupported(op, what, v, 'supported: a number or a bigint; array bounds are not implemented');
  }
  throw new TypeError(`${op}: ${what} must be a number or a bigint, got ${fmt(v)}`);
}

// ------------------------------------------------------------------------------ uniform / normal

/** @internal Checks a parameter that must not be negative (NaN passes, -0 does not: NumPy's CONS_NON_NEGATIVE). */
function nonNegative(op: string, what: string, p: NDArray, finite: boolean): void {
  const v = p.size === 0 ? new Float64Array(0) : (p.toTypedArray() as Float64Array);
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (finite && !Number.isFinite(x)) throw new RangeError(`${op}: high - low range exceeds valid bounds (${x} at flat index ${i})`);
  }
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x < 0 || Object.is(x, -0)) throw new StrideViewError('invalid_argument', `${op}: ${what} < 0 (${Object.is(x, -0) ? '-0' : x} at flat index ${i})`);
  }
}

/**
 * @internal uniform / normal with array parameters a, b (low/high or loc/scale): `draw(shape)` gives the
 * standard draws (random() or standardNormal()) of the result's shape.
 */
export function drawWithParams(op: string, uniform: boolean, a: ArrayInput, b: ArrayInput, size: readonly number[] | null, draw: (shape: number[]) => NDArray): number | NDArray {
  const temps: NDArray[] = [];
  const keep = (x: NDArray, src: unknown): NDArray => {
    if (x !== src) temps.push(x);
    return x;
  };
  try {
    const x = keep(asArray(op, a, 'float64', uniform ? 'low' : 'loc'), a);
    const y = keep(asArray(op, b, 'float64', uniform ? 'high' : 'scale'), b);
    const scale = uniform ? keep(sub(y, x), null) : y;
    nonNegative(op, uniform ? 'high - low' : 'scale', scale, uniform);
    const bshape = Shape.broadcast(x.shape, scale.shape);
    let shape = bshape;
    if (size !== null) {
      let both: number[] | null = null;
      try {
        both = Shape.broadcast(size as number[], bshape);
      } catch {
        both = null; // incompatible: the message below
      }
      if (both === null || both.length !== size.length || both.some((d, i) => d !== size[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: size ${fmt(size)} is not compatible with the parameters' broadcast shape ${fmt(bshape)}`);
      }
      shape = size.slice();
    }
    const u = keep(draw(shape), null);
    const scaled = keep(mul(scale, u), null);
    const r = add(x, scaled);
    if (size === null && shape.length === 0) return takeScalar(r) as number; // 0-d parameters: a number, as NumPy
    return r;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    for (const t of temps) t.dispose();
  }
}
