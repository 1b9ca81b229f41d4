// NaN-aware order statistics as NumPy: nanmedian, nanquantile, nanpercentile. The reduced axes are
// moved last and merged, sorted by the sort kernel (NaN sorts last), and each row's count of
// non-NaN values gives its own positions: elementwise kernels compute them, takeAlongAxis reads
// the neighbours, NumPy's lerp combines them. A row of NaNs only (or an empty one) gives NaN.
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, full } from './ndarray.js';
import { add, div, equal, greaterEqual, less, maximum, minimum, mul, sub, where } from './ops.js';
import { ceil, floor, isnan, logicalNot, round } from './math.js';
import { sort, takeAlongAxis } from './select.js';
import { sum } from './reductions.js';
import { median, quantile, percentile } from './quantiles.js';
import { stack } from './joining.js';
import { nanmean } from './nan_functions.js';
import { tidy } from './tidy.js';
import { outArg } from './ufunc.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { boolArg, finish } from './reductions.js';
import { axisList, reshaped } from './axis_reductions.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { NestedArray } from './ndarray.js';
import type { Reduced } from './reductions.js';
import type { QuantileMethod } from './quantiles.js';

type Fn = (...a: unknown[]) => unknown;
const METHODS = ['linear', 'lower', 'higher', 'nearest', 'midpoint'];

/** The rows (reduced axes moved last, merged, sorted: NaN last), the count of non-NaN per row and the shapes. */
function rows(op: string, x: NDArray, axis: unknown): { s: NDArray; cnt: NDArray; kept: number[]; keptDims: number[] } {
  const red = axisList(op, axis, x.ndim) ?? x.shape.map((_, i) => i);
  const keepAx = x.shape.map((_, i) => i).filter((i) => !red.includes(i));
  const kept = keepAx.map((i) => x.shape[i]!);
  const keptDims = x.shape.map((d, i) => (red.includes(i) ? 1 : d));
  const r = x.permute([...keepAx, ...red]).reshape([...kept, red.reduce((p, i) => p * x.shape[i]!, 1)]);
  const s = sort(r, { axis: -1 });
  const cnt = (sum as Fn)(logicalNot(isnan(s)), -1, 'int64', null, true) as NDArray;
  return { s, cnt, kept, keptDims };
}

/** s[..., i] per row (i: float64 positions, shape [...kept, 1]). */
const at = (s: NDArray, i: NDArray): NDArray => takeAlongAxis(s, i.astype('int64'), -1);

/** NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) where t >= 0.5. */
function lerp(a: NDArray, b: NDArray, t: NDArray): NDArray {
  const d = sub(b, a).astype('float64');
  return where(greaterEqual(t, 0.5), sub(b, mul(d, sub(1, t))), add(a, mul(d, t)));
}

/** Quantile q of every row by `method` (the non-NaN values only), shape [...kept, 1]; NaN for rows without values. */
function rowQuantile(s: NDArray, cnt: NDArray, q: number, method: string): NDArray {
  const last = sub(maximum(cnt, 1), 1).astype('float64'); // the last valid position (0 for an all-NaN row)
  const lin = mul(sub(cnt, 1).astype('float64'), q);
  const clip = (i: NDArray): NDArray => minimum(maximum(i, 0), last);
  let r: NDArray;
  if (method === 'lower') r = at(s, clip(floor(lin)));
  else if (method === 'higher') r = at(s, clip(ceil(lin)));
  else if (method === 'nearest') r = at(s, clip(round(lin)));
  else {
    const lo = clip(floor(lin));
    const hi = method === 'midpoint' ? clip(ceil(lin)) : minimum(add(lo, 1), last);
    const t = method === 'midpoint' ? where(equal(lo, hi), 0, 0.5) : sub(lin, floor(lin));
    r = lerp(at(s, lo), at(s, hi), where(less(lin, 0), 0, t));
  }
  return where(equal(cnt, 0), full([], NaN, r.dtype), r);
}

function nanQuantileImpl(op: string, scale: number, range: string, args: unknown[], ref: SigRef, plain: Fn): unknown {
  const [a, q, axis, out, overwrite, methodArg, keepdims, interpolation] = bind(ref, args);
  const kd = boolArg(op, 'keepdims', keepdims);
  boolArg(op, 'overwriteInput', overwrite);
  const o = outArg(op, out);
  let method = methodArg;
  if (interpolation !== null) {
    if (method !== 'linear') throw new TypeError(`${op}: give method or interpolation, not both (interpolation is NumPy's deprecated name for method)`);
    method = interpolation;
  }
  return tidy(() => {
    const x = asArray(op, a);
    // NumPy: an empty input gives nanmean's result (NaN, q's shape aside)
    if (x.size === 0) return (nanmean as Fn)(x, axis, null, out, kd);
    if (info(x.dtype).kind !== 'f') return plain(x, q, axis, out, overwrite, methodArg, kd, { interpolation });
    if (typeof method !== 'string' || !METHODS.includes(method)) unsupported(op, interpolation !== null ? 'interpolation' : 'method', method, `'linear', 'lower', 'higher', 'nearest' or 'midpoint' for float input`);
    const qs = typeof q === 'number' ? null : asArray(op, q, 'float64', 'q');
    const qv = qs === null ? [q as number] : (Array.from(qs.toTypedArray() as Float64Array));
    qv.forEach((v, i) => {
      if (!(v / scale >= 0 && v / scale <= 1)) throw new StrideViewError('out_of_range', `${op}: q must be in the range ${range}, got ${fmt(v)}${qs !== null ? ` at flat index ${i}` : ''}`);
    });
    const { s, cnt, kept, keptDims } = rows(op, x, axis);
    const n = s.shape[s.ndim - 1]!;
    const discrete = method !== 'linear' && method !== 'midpoint';
    // NumPy applies its 1-D quantile along the axis, and the first row's result fixes the dtype: a
    // first row of NaNs only (a NaN in the input dtype) keeps the input dtype, else float64
    const firstEmpty = n === 0 || (cnt.size > 0 && Number(cnt.reshape([-1]).get(0)) === 0);
    const dt: DType = discrete || firstEmpty ? x.dtype : 'float64';
    const one = (v: number): NDArray => (n === 0 ? full([...kept], NaN, dt) : reshaped(rowQuantile(s, cnt, v / scale, method as string), kept).astype(dt));
    const parts = qv.map(one);
    const rshape = kd ? keptDims : kept;
    const r = qs === null ? reshaped(parts[0]!, rshape) : reshaped(stack(parts, 0), [...qs.shape, ...rshape]);
    // NumPy assigns the result into out (out[...] = r): casting='unsafe'
    return finish(op, r, kd || qs !== null, o, true);
  });
}

const NANQUANTILE: SigRef = { sig: 'numpy.nanquantile: nanquantile(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, overwriteInput: boolean = false, method: QuantileMethod = "linear", ' +
    'keepdims: boolean = false, *, interpolation: QuantileMethod | null = null) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * The q-th quantiles over `axis` of the non-NaN values (NumPy nanquantile); a slice of NaNs only
 * gives NaN (NumPy also warns). Float input: methods 'linear' (default), 'lower', 'higher',
 * 'nearest', 'midpoint' (the others are refused); integer input: as {@link quantile}, every method.
 */
export function nanquantile(a: ArrayInput, q: readonly unknown[], ...rest: unknown[]): NDArray;
export function nanquantile(a: ArrayInput, q: NDArray, ...rest: unknown[]): number | NDArray;
// @overloads NANQUANTILE
export function nanquantile<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, options?: O): Reduced<O, number>;
export function nanquantile<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanquantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanquantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanquantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanquantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function nanquantile(...args: unknown[]): unknown {
  try {
    return nanQuantileImpl('nanquantile', 1, '[0, 1]', args, NANQUANTILE, quantile as Fn);
  } catch (e) {
    throw relabel('nanquantile', e);
  }
}

const NANPERCENTILE: SigRef = { sig: 'numpy.nanpercentile: nanpercentile(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, overwriteInput: boolean = false, method: QuantileMethod = "linear", ' +
    'keepdims: boolean = false, *, interpolation: QuantileMethod | null = null) -> Reduced<$P[axis, out, keepdims], number>' };
/** {@link nanquantile} with q in percent (0 <= q <= 100), as NumPy nanpercentile. */
export function nanpercentile(a: ArrayInput, q: readonly unknown[], ...rest: unknown[]): NDArray;
export function nanpercentile(a: ArrayInput, q: NDArray, ...rest: unknown[]): number | NDArray;
// @overloads NANPERCENTILE
export function nanpercentile<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, options?: O): Reduced<O, number>;
export function nanpercentile<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanpercentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanpercentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanpercentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanpercentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function nanpercentile(...args: unknown[]): unknown {
  try {
    return nanQuantileImpl('nanpercentile', 100, '[0, 100]', args, NANPERCENTILE, percentile as Fn);
  } catch (e) {
    throw relabel('nanpercentile', e);
  }
}

const NANMEDIAN: SigRef = { sig: 'numpy.nanmedian: nanmedian(a: ArrayInput, axis: number | readonly number[] | null = null, out: NDArray | readonly [NDArray] | null = null, ' +
    'overwriteInput: boolean = false, keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * The median over `axis` of the non-NaN values (NumPy nanmedian): the middle one, or the mean of
 * the two middle ones in the input's float dtype; a slice of NaNs only, or an empty one, gives NaN
 * (NumPy also warns). Integer input: as {@link median}.
 */
// @overloads NANMEDIAN
export function nanmedian<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanmedian<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanmedian<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanmedian<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanmedian<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, overwriteInput?: boolean, keepdims?: TKeepdims): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function nanmedian(...args: unknown[]): unknown {
  const op = 'nanmedian';
  const [a, axis, out, overwrite, keepdims] = bind(NANMEDIAN, args);
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    boolArg(op, 'overwriteInput', overwrite);
    const o = outArg(op, out);
    return tidy(() => {
      const x = asArray(op, a);
      if (x.size === 0) return (nanmean as Fn)(x, axis, null, out, kd); // NumPy's empty input
      if (info(x.dtype).kind !== 'f') return (median as Fn)(x, axis, out, overwrite, kd);
      const { s, cnt, kept, keptDims } = rows(op, x, axis);
      let r: NDArray;
      if (s.shape[s.ndim - 1] === 0) r = full(kept, NaN, x.dtype);
      else {
        const c = cnt.astype('float64');
        const hi = floor(div(c, 2));
        const odd = equal(sub(c, mul(floor(div(c, 2)), 2)), 1);
        const mid = minimum(hi, maximum(sub(c, 1), 0));
        const below = maximum(sub(hi, 1), 0);
        const b = at(s, mid);
        const aa = at(s, below);
        // NumPy's mean of the two middle values (float16 through float32, as its mean)
        const w: DType = x.dtype === 'float16' ? 'float32' : x.dtype;
        const mean2 = div(add(aa.astype(w), b.astype(w)), 2).astype(x.dtype);
        r = where(equal(cnt, 0), full([], NaN, x.dtype), where(odd, b, mean2));
        r = reshaped(r, kept);
      }
      if (kd) r = reshaped(r, keptDims);
      return finish(op, r, kd, o, true); // (out[...] = r as NumPy: casting='unsafe')
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

