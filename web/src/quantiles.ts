// Order statistics as NumPy: median, quantile and percentile over one axis, several or all. The
// reduced axes are moved last and merged (a view when possible), sorted by the sort kernel, and the
// two neighbours of each quantile are read as shrunk views and interpolated by elementwise kernels.
import { info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, empty, full } from './ndarray.js';
import { type ArrayInput, add, mul, sub, where } from './ops.js';
import { isnan } from './math.js';
import { sort } from './select.js';
import { tidy } from './tidy.js';
import { axisList, axisOptionsOf, axisSlice, boolOption, reshaped, optionsOf, reduceAxes, scalarOf } from './axis_reductions.js';

/** Options of {@link median}, {@link quantile} and {@link percentile}. */
export interface QuantileAxisOptions {
  /** Axis or axes to reduce; omitted or null: all (a JS number for one quantile, without keepdims). */
  axis?: number | readonly number[] | null;
  /** Keep reduced dims as size 1. */
  keepdims?: boolean;
}

/** Options of {@link quantile} and {@link percentile}. */
export interface QuantileOptions extends QuantileAxisOptions {
  /** 'linear' (default, NumPy's), 'lower', 'higher', 'nearest' or 'midpoint'. */
  method?: 'linear' | 'lower' | 'higher' | 'nearest' | 'midpoint';
}

const METHODS = ['linear', 'lower', 'higher', 'nearest', 'midpoint'] as const;

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

/**
 * The median over `axis` (NumPy median): the middle element of the sorted values, or the mean of
 * the two middle ones (float32 stays float32, other dtypes give float64). A slice holding a NaN
 * gives NaN; an empty one gives NaN. Over all axes without keepdims: a JS number.
 */
export function median(a: ArrayInput, options?: QuantileAxisOptions): NDArray | number {
  const op = 'median';
  try {
    const o = axisOptionsOf(op, options, 'second');
    const keepdims = boolOption(op, 'keepdims', o.keepdims, false);
    return tidy(() => {
      const x = asArray(op, a);
      const { s, keptDims } = sortedRows(op, x, o.axis);
      const n = s.shape[s.ndim - 1]!;
      const h = n >> 1;
      const sh = s.shape;
      const mid = axisSlice(s, sh.length - 1, n === 0 ? 0 : n % 2 === 1 ? h : h - 1, n === 0 ? 0 : h + 1);
      let r = nanRows(s, reduceAxes(op, 'mean', mid, [sh.length - 1], false));
      if (keepdims) r = reshaped(r, keptDims);
      return r.ndim === 0 && !keepdims ? (scalarOf(r) as number) : r;
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
    const t = asArray(op, q, 'float64');
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

function quantileImpl(op: string, a: ArrayInput, q: unknown, scale: number, range: string, options: QuantileOptions | undefined): NDArray | number {
  const o = axisOptionsOf(op, options, 'third', 'q, ');
  const keepdims = boolOption(op, 'keepdims', o.keepdims, false);
  const method = o.method ?? 'linear';
  if (!METHODS.includes(method)) throw new StrideViewError('invalid_argument', `${op}: method must be one of ${METHODS.join(', ')}; got ${fmt(method)}`);
  const { values, shape: qshape } = quantileList(op, q, scale, range);
  return tidy(() => {
    const x = asArray(op, a);
    if (x.dtype === 'bool' && (method === 'linear' || method === 'midpoint')) {
      // NumPy: boolean subtract is not supported (the interpolation subtracts neighbours)
      throw new StrideViewError('type_error', `${op}: method ${fmt(method)} interpolates by subtraction, not defined for bool input; cast to a numeric dtype first`);
    }
    const { s, kept, keptDims } = sortedRows(op, x, o.axis);
    const n = s.shape[s.ndim - 1]!;
    if (n === 0) throw new StrideViewError('invalid_argument', `${op}: cannot take a quantile of an empty slice (shape ${fmt(x.shape)}, axis ${fmt(o.axis ?? null)})`);
    const one = (qv: number): NDArray => {
      // NumPy's _quantile: virtual index (n - 1) q; both neighbours the last element at or past the end
      const virt = (n - 1) * qv;
      if (method !== 'linear' && method !== 'midpoint') {
        const i = method === 'lower' ? Math.floor(virt) : method === 'higher' ? Math.ceil(virt) : roundHalfEven(virt);
        return nanRows(s, lastAxisAt(s, Math.min(i, n - 1)).copy());
      }
      let prev = Math.floor(virt);
      if (virt >= n - 1) prev = -1;
      const t = method === 'midpoint' ? (virt % 1 === 0 ? 0 : 0.5) : virt - prev;
      const lo = lastAxisAt(s, prev < 0 ? n - 1 : prev);
      const hi = lastAxisAt(s, prev < 0 ? n - 1 : prev + 1);
      const d = sub(hi, lo).astype('float64');
      // NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) when t >= 0.5
      const r = t >= 0.5 ? sub(hi, mul(d, 1 - t)) : add(lo, mul(d, t));
      return nanRows(s, r.dtype === 'float64' ? r : r.astype('float64'));
    };
    const parts = values.map(one);
    const rshape = keepdims ? keptDims : kept;
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
    return r.ndim === 0 && !keepdims ? (scalarOf(r) as number) : r;
  });
}

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

/**
 * The q-th quantiles (0 <= q <= 1; a number, a list or an array of them) over `axis` (NumPy
 * quantile, method 'linear' by default): float64 for 'linear' and 'midpoint', the input dtype for
 * 'lower' / 'higher' / 'nearest'. The result has q's shape followed by the reduced shape; a slice
 * holding a NaN gives NaN. One q over all axes without keepdims: a JS number.
 */
export function quantile(a: ArrayInput, q: number | readonly number[] | NDArray, options?: QuantileOptions): NDArray | number {
  try {
    return quantileImpl('quantile', a, q, 1, '[0, 1]', options);
  } catch (e) {
    throw relabel('quantile', e);
  }
}

/** {@link quantile} with q in percent (0 <= q <= 100), as NumPy percentile. */
export function percentile(a: ArrayInput, q: number | readonly number[] | NDArray, options?: QuantileOptions): NDArray | number {
  try {
    return quantileImpl('percentile', a, q, 100, '[0, 100]', options);
  } catch (e) {
    throw relabel('percentile', e);
  }
}
