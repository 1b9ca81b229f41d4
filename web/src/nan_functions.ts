// NaN-aware reductions and predicates as NumPy: nansum, nanmean, nanmax, nanmin, isinf, isposinf,
// isneginf and nanToNum. NaNs are replaced through `where` (one kernel each), then the ordinary
// reduction kernels run; integer and bool inputs, which hold no NaN, go straight to them.
import { type DType, type Scalar, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, full } from './ndarray.js';
import { type ArrayInput, type OutOptions, abs, div, equal, where } from './ops.js';
import { isnan, logicalNot } from './math.js';
import { tidy } from './tidy.js';
import { type ReduceName, axisList, axisOptionsOf, boolOption, maybeScalar, numberOption, optionsOf, reduceAxes } from './axis_reductions.js';

/** Options of the nan-reductions. */
export interface NanReduceOptions {
  /** Axis or axes to reduce; omitted or null: all (the result is then a JS number, bigint for 64-bit integers). */
  axis?: number | readonly number[] | null;
  /** Keep reduced dims as size 1. */
  keepdims?: boolean;
}

const isFloat = (d: DType): boolean => info(d).kind === 'f';

function nanReduce(
  op: string,
  a: ArrayInput,
  options: NanReduceOptions | undefined,
  body: (x: NDArray, axes: number[] | null, keepdims: boolean) => NDArray,
): NDArray | Scalar {
  try {
    const o = axisOptionsOf(op, options, 'second');
    const keepdims = boolOption(op, 'keepdims', o.keepdims, false);
    return tidy(() => {
      const x = asArray(op, a);
      const axes = axisList(op, o.axis, x.ndim);
      return maybeScalar(body(x, axes, keepdims), !keepdims);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** x with its NaNs replaced by `v` (x itself for integer and bool dtypes). */
function replaceNan(x: NDArray, v: number): NDArray {
  return isFloat(x.dtype) ? where(isnan(x), full([], v, x.dtype), x) : x;
}

/** Sum over `axis` treating NaN as zero (NumPy nansum; dtypes of sum). An all-NaN slice sums to 0. */
export function nansum(a: ArrayInput, options?: NanReduceOptions): NDArray | Scalar {
  const op = 'nansum';
  return nanReduce(op, a, options, (x, axes, k) => reduceAxes(op, 'sum', replaceNan(x, 0), axes, k));
}

/**
 * Mean over `axis` of the non-NaN elements (NumPy nanmean; float32 stays float32, other dtypes
 * give float64). An all-NaN or empty slice gives NaN; NumPy also warns (RuntimeWarning), this
 * library does not.
 */
export function nanmean(a: ArrayInput, options?: NanReduceOptions): NDArray | Scalar {
  const op = 'nanmean';
  return nanReduce(op, a, options, (x, axes, k) => {
    if (!isFloat(x.dtype)) return reduceAxes(op, 'mean', x, axes, k);
    const count = reduceAxes(op, 'sum', logicalNot(isnan(x)), axes, k);
    const total = reduceAxes(op, 'sum', replaceNan(x, 0), axes, k);
    // NumPy divides in float64 (float32 total / int64 count) and casts back into the total's dtype
    const avg = div(total, count);
    return avg.dtype === total.dtype ? avg : avg.astype(total.dtype);
  });
}

function nanExtreme(op: string, name: ReduceName, fill: number, a: ArrayInput, options: NanReduceOptions | undefined): NDArray | Scalar {
  return nanReduce(op, a, options, (x, axes, k) => {
    const red = axes ?? x.shape.map((_, i) => i);
    if (red.some((i) => x.shape[i] === 0)) {
      // NumPy: an error whenever a reduced axis is empty, even when the result is empty too
      throw new StrideViewError('invalid_argument', `${op}: zero-size array to reduction operation ${op} which has no identity (shape ${fmt(x.shape)}, axis ${fmt(axes)})`);
    }
    if (!isFloat(x.dtype)) return reduceAxes(op, name, x, axes, k);
    const r = reduceAxes(op, name, replaceNan(x, fill), axes, k);
    const allNan = reduceAxes(op, 'all', isnan(x), axes, k);
    return where(allNan, full([], NaN, x.dtype), r);
  });
}

/**
 * Maximum over `axis` ignoring NaN (NumPy nanmax). An all-NaN slice gives NaN (NumPy also warns
 * with a RuntimeWarning; this library does not warn); an empty reduction is an error, as max.
 */
export function nanmax(a: ArrayInput, options?: NanReduceOptions): NDArray | Scalar {
  return nanExtreme('nanmax', 'max', -Infinity, a, options);
}
/** Minimum over `axis` ignoring NaN (NumPy nanmin; the rules of {@link nanmax}). */
export function nanmin(a: ArrayInput, options?: NanReduceOptions): NDArray | Scalar {
  return nanExtreme('nanmin', 'min', Infinity, a, options);
}

function infTest(op: string, a: ArrayInput, options: OutOptions | undefined, test: (x: NDArray) => NDArray): NDArray {
  try {
    return tidy(() => {
      const x = asArray(op, a);
      if (isFloat(x.dtype)) return test(x);
      // integers and bool are never infinite
      const f = full(x.shape, false, 'bool');
      return options?.out !== undefined ? f.copy({ out: options.out }) : f;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** True where x is +inf or -inf (NumPy isinf; integers and bool: false). A bool array. */
export function isinf(a: ArrayInput, options?: OutOptions): NDArray {
  return infTest('isinf', a, options, (x) => equal(abs(x), full([], Infinity, x.dtype), options));
}
/** True where x is +inf (NumPy isposinf). */
export function isposinf(a: ArrayInput, options?: OutOptions): NDArray {
  return infTest('isposinf', a, options, (x) => equal(x, full([], Infinity, x.dtype), options));
}
/** True where x is -inf (NumPy isneginf). */
export function isneginf(a: ArrayInput, options?: OutOptions): NDArray {
  return infTest('isneginf', a, options, (x) => equal(x, full([], -Infinity, x.dtype), options));
}

/** Options of {@link nanToNum}. */
export interface NanToNumOptions {
  /** Replaces NaN (default 0). */
  nan?: number;
  /** Replaces +inf (default: the dtype's largest finite value). */
  posinf?: number;
  /** Replaces -inf (default: the dtype's most negative finite value). */
  neginf?: number;
  /** false: write into the input (which must be writable) and return it (default true: a copy). */
  copy?: boolean;
}

const FLOAT_MAX: Partial<Record<DType, number>> = { float32: 3.4028234663852886e38, float64: Number.MAX_VALUE };

/**
 * NaN, +inf and -inf replaced by finite numbers (NumPy nan_to_num): 0, and the dtype's largest and
 * most negative finite values unless given (stored in the array's dtype: a replacement too large
 * for float32 becomes inf there, as NumPy). Integer and bool inputs are returned as copies.
 */
export function nanToNum(a: ArrayInput, options?: NanToNumOptions): NDArray {
  const op = 'nanToNum';
  try {
    const o = optionsOf(op, options);
    const copy = boolOption(op, 'copy', o.copy, true);
    return tidy(() => {
      const x = asArray(op, a);
      const d = x.dtype;
      if (!copy && x.isReadOnly) {
        throw new StrideViewError('read_only', `${op}: copy is false but the input is read-only (a broadcast or padded view of shape ${fmt(x.shape)} with strides ${fmt(x.strides)}); pass a writable array or copy: true`);
      }
      if (!isFloat(d)) return copy ? x.copy() : x;
      const big = FLOAT_MAX[d]!;
      const nanV = full([], numberOption(op, 'nan', o.nan, 0), d);
      const pos = full([], numberOption(op, 'posinf', o.posinf, big), d);
      const neg = full([], numberOption(op, 'neginf', o.neginf, -big), d);
      // the masks come from the input, so that a replacement is never replaced again
      let r = where(equal(x, full([], -Infinity, d)), neg, x);
      r = where(equal(x, full([], Infinity, d)), pos, r);
      const out = copy || x !== a ? undefined : { out: x };
      return where(isnan(x), nanV, r, out);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
