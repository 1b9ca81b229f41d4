// Order statistics as NumPy: median, quantile and percentile over one axis, several or all. The
// reduced axes are moved last and merged (a view when possible), sorted by the sort kernel, and the
// two neighbours of each quantile are read as shrunk views and interpolated by elementwise kernels.
import { info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, empty, full } from './ndarray.js';
import { add, mul, sub, where } from './ops.js';
import { isnan } from './math.js';
import { sort } from './select.js';
import { tidy } from './tidy.js';
import { outArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
import { boolArg, finish } from './reductions.js';
import { axisList, axisSlice, reshaped, reduceAxes } from './axis_reductions.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { NestedArray } from './ndarray.js';
import type { Reduced } from './reductions.js';

/**
 * The data with the reduced axes moved last and merged into one (a view when the layout allows),
 * sorted along it by the sort kernel; `kept` is the shape of the other dims, `full` the result shape
 * with keepdims.
 */
function sortedRows(op: string, x: NDArray, axis: unknown): { s: NDArray; kept: number[]; keptDims: number[] } {
  const axes = axisList(op, axis, x.ndim);
  const red = axes ?? x.shape.map((_, i) => i);
  const keep = x.shape.map((_, i) => i).filter((i) => !red.includes(i));
  const kept = keep.map((i) => x.shape[i]!);
  const keptDims = x.shape.map((d, i) => (red.includes(i) ? 1 : d));
  const rows = x.permute([...keep, ...red]).reshape([...kept, red.reduce((p, i) => p * x.shape[i]!, 1)]);
  return { s: sort(rows, { axis: -1 }), kept, keptDims };
}

/** Element `i` of the last axis of `s`, as a view without that axis. */
function lastAxisAt(s: NDArray, i: number): NDArray {
  const sh = s.shape;
  const v = axisSlice(s, sh.length - 1, i, i + 1);
  return v.reshape(sh.slice(0, -1));
}

/** NaN where the sorted row ends in NaN (float dtypes; NumPy's result for a row holding a NaN). */
function nanRows(s: NDArray, r: NDArray): NDArray {
  if (info(s.dtype).kind !== 'f' || s.shape[s.ndim - 1] === 0) return r;
  return where(isnan(lastAxisAt(s, s.shape[s.ndim - 1]! - 1)), full([], NaN, r.dtype), r);
}

/** The options object of {@link median} (NumPy's keywords). */
export interface QuantileAxisOptions {
  /** Axis or axes to reduce; omitted or null: all. */
  axis?: number | readonly number[] | null | undefined;
  /** Write the result into this array and return it. */
  out?: NDArray | readonly [NDArray] | null | undefined;
  /** Accepted either way (the input is never modified). */
  overwriteInput?: boolean | undefined;
  /** Keep reduced dims as size 1. */
  keepdims?: boolean | undefined;
}
/** The options object of {@link quantile} and {@link percentile} (NumPy's keywords). */
export interface QuantileOptions extends QuantileAxisOptions {
  /** 'linear' (default) or another of NumPy's methods. */
  method?: QuantileMethod | undefined;
  /** NumPy's deprecated name for method. */
  interpolation?: QuantileMethod | null | undefined;
}

const MEDIAN: SigRef = { sig: 'numpy.median: median(a: ArrayInput, axis: number | readonly number[] | null = null, out: NDArray | readonly [NDArray] | null = null, ' +
    'overwriteInput: boolean = false, keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * The median over `axis` (NumPy median): the middle element of the sorted values, or the mean of
 * the two middle ones (float32 and float16 stay, other dtypes give float64). A slice holding a NaN
 * gives NaN; an empty one gives NaN. Over all axes without keepdims or out: a JS number.
 * `overwriteInput` is accepted either way (NumPy lets it use the input as scratch space; the input
 * is never modified here).
 */
// @overloads MEDIAN
export function median<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function median<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function median<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function median<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function median<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, overwriteInput?: boolean, keepdims?: TKeepdims): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function median(...args: unknown[]): unknown {
  const op = 'median';
  const [a, axis, out, overwrite, keepdims] = bind(MEDIAN, args);
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    boolArg(op, 'overwriteInput', overwrite);
    const o = outArg(op, out);
    return tidy(() => {
      const x = asArray(op, a);
      const { s, keptDims } = sortedRows(op, x, axis);
      const n = s.shape[s.ndim - 1]!;
      const h = n >> 1;
      const sh = s.shape;
      const mid = axisSlice(s, sh.length - 1, n === 0 ? 0 : n % 2 === 1 ? h : h - 1, n === 0 ? 0 : h + 1);
      let r = nanRows(s, reduceAxes(op, 'mean', mid, [sh.length - 1], false));
      if (kd) r = reshaped(r, keptDims);
      // into out with casting='unsafe', as NumPy's median (its mean); quantile's is 'same_kind'
      return finish(op, r, kd, o, true);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The quantile values as numbers with their shape (number: shape []). */
function quantileList(op: string, q: unknown, scale: number, range: string): { values: number[]; shape: number[] } {
  let values: number[];
  let shape: number[];
  if (typeof q === 'number') {
    values = [q];
    shape = [];
  } else {
    const t = asArray(op, q, 'float64', 'q');
    try {
      values = Array.from(t.toTypedArray() as Float64Array);
      shape = t.shape;
    } finally {
      if (t !== q) t.dispose();
    }
  }
  const out = values.map((v) => v / scale);
  out.forEach((v, i) => {
    if (!(v >= 0 && v <= 1)) {
      throw new StrideViewError('out_of_range', `${op}: q must be in the range ${range}, got ${fmt(values[i])}${shape.length ? ` at flat index ${i}` : ''}`);
    }
  });
  return { values: out, shape };
}

/** NumPy 1.24's methods: the continuous ones' (alpha, beta) of Hyndman and Fan, and the others by name. */
const CONTINUOUS: Readonly<Record<string, readonly [number, number]>> = {
  interpolated_inverted_cdf: [0, 1],
  hazen: [0.5, 0.5],
  weibull: [0, 0],
  median_unbiased: [1 / 3, 1 / 3],
  normal_unbiased: [3 / 8, 3 / 8],
};
const DISCRETE = ['lower', 'higher', 'nearest', 'inverted_cdf', 'closest_observation'];
const METHODS = ['linear', 'midpoint', 'averaged_inverted_cdf', ...Object.keys(CONTINUOUS), ...DISCRETE];

/** Where quantile q of n sorted values is read: one index, or two neighbours and the weight of the second. */
type Pick = { i: number } | { lo: number; hi: number; t: number };

const mod2 = (f: number): number => ((f % 2) + 2) % 2;

/** NumPy's _discret_interpolation_to_boundaries: floor(index) where `prev(gamma, index)`, else the next one, clipped at 0. */
function discrete(index: number, prev: (g: number, f: number) => boolean): number {
  const f = Math.floor(index);
  return Math.max(0, prev(index - f, f) ? f : f + 1);
}

/** NumPy's _quantile for one q (the virtual index, its neighbours clipped to the ends, gamma and its fix). */
function pick(method: string, n: number, q: number): Pick {
  const lin = (n - 1) * q;
  if (method === 'lower') return { i: Math.floor(lin) };
  if (method === 'higher') return { i: Math.ceil(lin) };
  if (method === 'nearest') return { i: roundHalfEven(lin) };
  if (method === 'inverted_cdf') return { i: discrete(n * q - 1, (g) => g === 0) };
  if (method === 'closest_observation') return { i: discrete(n * q - 1 - 0.5, (g, f) => g === 0 && mod2(f) === 0) };
  const ab = CONTINUOUS[method];
  const virt =
    method === 'linear' ? lin
    : method === 'midpoint' ? 0.5 * (Math.floor(lin) + Math.ceil(lin))
    : method === 'averaged_inverted_cdf' ? n * q - 1
    : n * q + (ab![0] + q * (1 - ab![0] - ab![1])) - 1;
  let lo = Math.floor(virt);
  let hi = lo + 1;
  let prev = lo;
  if (virt >= n - 1) [lo, hi, prev] = [n - 1, n - 1, -1];
  if (virt < 0) [lo, hi, prev] = [0, 0, 0];
  let t = virt - prev;
  if (method === 'averaged_inverted_cdf') t = t === 0 ? 0.5 : 1;
  if (method === 'midpoint') t = virt % 1 === 0 ? 0 : 0.5;
  return { lo, hi, t };
}

function quantileImpl(op: string, scale: number, range: string, args: unknown[], ref: typeof QUANTILE): unknown {
  const [a, q, axis, out, overwrite, methodArg, keepdims, interpolation] = bind(ref, args);
  const kd = boolArg(op, 'keepdims', keepdims);
  boolArg(op, 'overwriteInput', overwrite);
  const o = outArg(op, out);
  let method = methodArg;
  if (interpolation !== null) {
    // NumPy's deprecated name for method (it warns; this library does not)
    if (method !== 'linear') throw new TypeError(`${op}: give method or interpolation, not both (interpolation is NumPy's deprecated name for method)`);
    method = interpolation;
  }
  if (typeof method !== 'string' || !METHODS.includes(method)) {
    const name = interpolation !== null ? 'interpolation' : 'method'; // the parameter the value came as
    throw new StrideViewError('invalid_argument', `${op}: ${name} must be one of NumPy's ${METHODS.map((m) => `'${m}'`).join(', ')}; got ${fmt(method)}`);
  }
  const m = method as string;
  const { values, shape: qshape } = quantileList(op, q, scale, range);
  return tidy(() => {
    const x = asArray(op, a);
    if (x.dtype === 'bool' && !DISCRETE.includes(m)) {
      // NumPy: boolean subtract is not supported (the interpolation subtracts neighbours)
      throw new StrideViewError('type_error', `${op}: method ${fmt(m)} interpolates by subtraction, not defined for bool input; cast to a numeric dtype first`);
    }
    const { s, kept, keptDims } = sortedRows(op, x, axis);
    const n = s.shape[s.ndim - 1]!;
    if (n === 0) throw new StrideViewError('invalid_argument', `${op}: cannot take a quantile of an empty slice (shape ${fmt(x.shape)}, axis ${fmt(axis)})`);
    const one = (qv: number): NDArray => {
      const p = pick(m, n, qv);
      if ('i' in p) return nanRows(s, lastAxisAt(s, Math.min(p.i, n - 1)).copy());
      const lo = lastAxisAt(s, p.lo);
      const hi = lastAxisAt(s, p.hi);
      const d = sub(hi, lo).astype('float64');
      // NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) when t >= 0.5
      const r = p.t >= 0.5 ? sub(hi, mul(d, 1 - p.t)) : add(lo, mul(d, p.t));
      return nanRows(s, r.dtype === 'float64' ? r : r.astype('float64'));
    };
    const parts = values.map(one);
    const rshape = kd ? keptDims : kept;
    let r: NDArray;
    if (qshape.length === 0) {
      r = reshaped(parts[0]!, rshape);
    } else {
      r = empty([values.length, ...kept], parts[0]!.dtype);
      parts.forEach((p, k) => {
        const slab = axisSlice(r, 0, k, k + 1);
        slab.assign(p.reshape([1, ...kept]));
      });
      r = reshaped(r, [...qshape, ...rshape]);
    }
    return finish(op, r, kd || qshape.length > 0, o);
  });
}

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

const QUANTILE: SigRef = { sig: 'numpy.quantile: quantile(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, overwriteInput: boolean = false, method: QuantileMethod = "linear", ' +
    'keepdims: boolean = false, *, interpolation: QuantileMethod | null = null) -> Reduced<$P[axis, out, keepdims], number>' };
/** NumPy 1.24's quantile methods (all of them). */
export type QuantileMethod =
  | 'linear' | 'lower' | 'higher' | 'nearest' | 'midpoint' | 'inverted_cdf' | 'averaged_inverted_cdf' | 'closest_observation'
  | 'interpolated_inverted_cdf' | 'hazen' | 'weibull' | 'median_unbiased' | 'normal_unbiased';

/**
 * The q-th quantiles (0 <= q <= 1; a number, a list or an array of them) over `axis` (NumPy
 * quantile, method 'linear' by default, each of NumPy's 13 methods): float64 for the interpolating
 * methods, the input dtype for 'lower', 'higher', 'nearest', 'inverted_cdf' and
 * 'closest_observation'. The result has q's shape followed by the reduced shape; a slice holding a
 * NaN gives NaN. One q over all axes without keepdims or out: a JS number; several: an NDArray.
 * `interpolation` is NumPy's deprecated name for `method`.
 */
export function quantile(a: ArrayInput, q: readonly unknown[], ...rest: unknown[]): NDArray;
export function quantile(a: ArrayInput, q: NDArray, ...rest: unknown[]): number | NDArray;
// @overloads QUANTILE
export function quantile<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, options?: O): Reduced<O, number>;
export function quantile<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function quantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function quantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function quantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function quantile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function quantile(...args: unknown[]): unknown {
  try {
    return quantileImpl('quantile', 1, '[0, 1]', args, QUANTILE);
  } catch (e) {
    throw relabel('quantile', e);
  }
}

const PERCENTILE: SigRef = { sig: 'numpy.percentile: percentile(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, overwriteInput: boolean = false, method: QuantileMethod = "linear", ' +
    'keepdims: boolean = false, *, interpolation: QuantileMethod | null = null) -> Reduced<$P[axis, out, keepdims], number>' };
/** {@link quantile} with q in percent (0 <= q <= 100), as NumPy percentile. */
export function percentile(a: ArrayInput, q: readonly unknown[], ...rest: unknown[]): NDArray;
export function percentile(a: ArrayInput, q: NDArray, ...rest: unknown[]): number | NDArray;
// @overloads PERCENTILE
export function percentile<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, options?: O): Reduced<O, number>;
export function percentile<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function percentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { overwriteInput?: boolean | undefined; method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function percentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { method?: QuantileMethod | undefined; keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function percentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function percentile<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { interpolation?: QuantileMethod | null | undefined } = {}>(a: ArrayInput, q: number | readonly number[] | NestedArray | NDArray, axis?: TAxis, out?: TOut, overwriteInput?: boolean, method?: QuantileMethod, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function percentile(...args: unknown[]): unknown {
  try {
    return quantileImpl('percentile', 100, '[0, 100]', args, PERCENTILE);
  } catch (e) {
    throw relabel('percentile', e);
  }
}
