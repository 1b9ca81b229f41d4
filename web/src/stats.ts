// Reductions and scans: prod, any, all, variance / std, argmax / argmin, cumsum /
// cumprod. Each is one kernel call reading strided, broadcast and padded views directly; `axis`
// omitted means the flattened array (C order), as NumPy (a view when the array can be flattened
// without a copy, otherwise a copy first, as NumPy's ravel).
import { ArgOp, MomentOp, ReduceMoreOp, ScanOp } from './boundary_tables.js';
import { type DType, type Scalar } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, normAxis, outOption } from './ndarray.js';
import { checkAxisOptions, oneAxis } from './axes.js';
import { type ArrayInput, type OutOptions, compute, toBool } from './ops.js';
import { type ArrayResultOptions, type Reduced, type ReduceOptions, meanType, reduceFlags, reduceOver, scalarResult, sumType } from './reductions.js';

/**
 * Product over `axis` (all by default; bool and signed integers multiply in int64, unsigned in
 * uint64, wrapping; floats in their dtype). Empty: 1. A JS value as {@link sum}.
 */
export function prod(a: ArrayInput): Scalar;
export function prod(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function prod(a: ArrayInput, options?: ReduceOptions): Reduced;
export function prod(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduceOver('prod', Kind.ReduceMore, ReduceMoreOp.Prod, sumType, a, options);
}
/** True when any element over `axis` is nonzero (NaN counts as true). Empty: false. A boolean as {@link sum}. */
export function any(a: ArrayInput): boolean;
export function any(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function any(a: ArrayInput, options?: ReduceOptions): NDArray | boolean;
export function any(a: ArrayInput, options?: ReduceOptions): NDArray | boolean {
  return reduceOver('any', Kind.ReduceMore, ReduceMoreOp.Any, toBool, a, options) as NDArray | boolean;
}
/** True when every element over `axis` is nonzero. Empty: true. A boolean as {@link sum}. */
export function all(a: ArrayInput): boolean;
export function all(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function all(a: ArrayInput, options?: ReduceOptions): NDArray | boolean;
export function all(a: ArrayInput, options?: ReduceOptions): NDArray | boolean {
  return reduceOver('all', Kind.ReduceMore, ReduceMoreOp.All, toBool, a, options) as NDArray | boolean;
}

/** Options of {@link variance} and {@link std}. */
export interface MomentOptions extends ReduceOptions {
  /** Delta degrees of freedom: the divisor is N - ddof (default 0; 1 gives the sample variance). */
  ddof?: number;
}

function moment(name: string, code: MomentOp, a: ArrayInput, options: MomentOptions | undefined): number | NDArray {
  let ddof = 0;
  if (options !== null && typeof options === 'object' && options.ddof !== undefined) {
    const d = options.ddof;
    if (typeof d !== 'number') throw new TypeError(`${name}: ddof must be a number, got ${fmt(d)}`);
    if (!Number.isFinite(d) || d < 0) {
      throw new StrideViewError('invalid_argument', `${name}: ddof must be a finite number >= 0, got ${fmt(d)}`);
    }
    ddof = d;
  }
  return reduceOver(name, Kind.Moments, code, meanType, a, options, ddof) as number | NDArray;
}

/**
 * Variance over `axis` (all by default): mean((x - mean(x))^2) with divisor N - ddof, two-pass in
 * float64 (stable for large offsets) and rounded once: float32 and float16 keep their dtype, everything
 * else gives float64. N - ddof <= 0 gives inf or NaN, as NumPy. A number as {@link sum}. (NumPy's `var`: a
 * reserved word in JavaScript, so not an export name here.)
 */
export function variance(a: ArrayInput): number;
export function variance(a: ArrayInput, options: MomentOptions & ArrayResultOptions): NDArray;
export function variance(a: ArrayInput, options?: MomentOptions): number | NDArray;
export function variance(a: ArrayInput, options?: MomentOptions): number | NDArray {
  return moment('variance', MomentOp.Variance, a, options);
}
/** Standard deviation: sqrt({@link variance}) with the same options and dtypes. */
export function std(a: ArrayInput): number;
export function std(a: ArrayInput, options: MomentOptions & ArrayResultOptions): NDArray;
export function std(a: ArrayInput, options?: MomentOptions): number | NDArray;
export function std(a: ArrayInput, options?: MomentOptions): number | NDArray {
  return moment('std', MomentOp.Std, a, options);
}

/** Options of the ops along one axis whose default is the flattened array. */
export interface AxisOptions extends OutOptions {
  /** The axis (negative counts from the end); omitted or null: the flattened array. */
  axis?: number | null;
}
/** Options of {@link argmax} / {@link argmin}. */
export interface ArgOptions extends AxisOptions {
  /** Keep the reduced axis (all axes when flattened) as size 1. */
  keepdims?: boolean;
}

/** Runs `fn(x, axis)` on the array, or on its flattened form (axis 0) when no axis is given. */
function alongAxis<T>(name: string, a: ArrayInput, options: AxisOptions, fn: (x: NDArray, axis: number, flat: boolean, orig: NDArray) => T): T {
  checkAxisOptions(name, options, 'second');
  if (options === null || typeof options !== 'object') throw new TypeError(`${name}: options must be an object, got ${fmt(options)}`);
  const axis = oneAxis(name, options.axis);
  const x = asArray(name, a);
  try {
    if (axis === null) {
      const f = x.reshape([-1]);
      try {
        return fn(f, 0, true, x);
      } finally {
        if (f !== x) f.dispose();
      }
    }
    return fn(x, normAxis(name, axis, x.ndim), false, x);
  } finally {
    if (x !== a) x.dispose();
  }
}

function arg(name: string, code: ArgOp, a: ArrayInput, options: ArgOptions): Reduced {
  try {
    checkAxisOptions(name, options, 'second');
    const keepdims = reduceFlags(name, options);
    const o = outOption(name, options) as NDArray | undefined;
    return alongAxis(name, a, options, (x, axis, flat, orig) => {
      if (x.shape[axis] === 0) {
        // NumPy: an error whenever the axis is empty, even when the result is empty too.
        throw new StrideViewError('invalid_argument', `${name}: attempt to get ${name} of an empty sequence (axis ${flat ? 'none' : axis} of shape ${fmt(orig.shape)})`);
      }
      if (!flat) return scalarResult(compute(name, Kind.Arg, code, [x], options, undefined, int64, axis, keepdims ? 1 : 0), keepdims, o);
      // Flattened: a 0-d result, or all dims kept as 1 (NumPy's keepdims with axis=None).
      const ones = new Array<number>(keepdims ? orig.ndim : 0).fill(1);
      if (o !== undefined) {
        if (!(o instanceof NDArray)) throw new TypeError(`${name}: out must be an NDArray, got ${fmt(o)}`);
        o._check(`${name}: out`);
        if (o.ndim !== ones.length || o.size !== 1) {
          throw new StrideViewError('shape_mismatch', `${name}: out has shape ${fmt(o.shape)} but the result has shape ${fmt(ones)}`);
        }
        const v = o.reshape([]);
        try {
          compute(name, Kind.Arg, code, [x], { out: v }, undefined, int64, 0, 0);
        } finally {
          if (v !== o) v.dispose();
        }
        return o;
      }
      const r = compute(name, Kind.Arg, code, [x], undefined, undefined, int64, 0, 0);
      return keepdims ? r._setView(r.view.reshape(ones)) : scalarResult(r, false, undefined);
    });
  } catch (e) {
    throw relabel(name, e);
  }
}

const int64 = (): DType => 'int64';

/**
 * Index of the largest element along `axis` (int64, NumPy's argmax): the first occurrence on
 * ties, NaN counts as the largest (the first NaN wins). No axis: the index into the flattened
 * array, a bigint (NumPy's int64 scalar; `Number(i)` for a number) unless keepdims or out is given.
 * An empty axis is an error.
 */
export function argmax(a: ArrayInput): bigint;
export function argmax(a: ArrayInput, options: ArgOptions & ArrayResultOptions): NDArray;
export function argmax(a: ArrayInput, options?: ArgOptions): NDArray | bigint;
export function argmax(a: ArrayInput, options: ArgOptions = {}): NDArray | bigint {
  return arg('argmax', ArgOp.Argmax, a, options) as NDArray | bigint;
}
/** Index of the smallest element along `axis` (rules of {@link argmax}; NaN wins here too). */
export function argmin(a: ArrayInput): bigint;
export function argmin(a: ArrayInput, options: ArgOptions & ArrayResultOptions): NDArray;
export function argmin(a: ArrayInput, options?: ArgOptions): NDArray | bigint;
export function argmin(a: ArrayInput, options: ArgOptions = {}): NDArray | bigint {
  return arg('argmin', ArgOp.Argmin, a, options) as NDArray | bigint;
}

function scan(name: string, code: ScanOp, a: ArrayInput, options: AxisOptions): NDArray {
  try {
    return alongAxis(name, a, options, (x, axis) => compute(name, Kind.Scan, code, [x], options, undefined, sumType, axis));
  } catch (e) {
    throw relabel(name, e);
  }
}

/**
 * Running sum along `axis` (no axis: over the flattened array, a 1-D result). dtypes as
 * {@link sum} (bool and integers accumulate in int64 / uint64, wrapping; floats in their dtype,
 * rounding at every step as NumPy).
 */
export function cumsum(a: ArrayInput, options: AxisOptions = {}): NDArray {
  return scan('cumsum', ScanOp.Cumsum, a, options);
}
/** Running product along `axis` (rules of {@link cumsum}). */
export function cumprod(a: ArrayInput, options: AxisOptions = {}): NDArray {
  return scan('cumprod', ScanOp.Cumprod, a, options);
}
