// Counting and binning as NumPy: bincount, digitize, histogram, histogramBinEdges, histogram2d,
// histogramdd. The bin of each element is found by kernels (NumPy's own arithmetic for equal bins:
// subtract, scale, truncate, two corrections against the edges; searchsorted for given edges and in
// histogramdd); the counting itself (bincount) is one pass over the bin indices in JS, as the engine
// has no scatter-add kernel, adding weights in NumPy's order (element order, in blocks of 65536 for
// histogram) so that weighted sums match NumPy's bits.
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { add, div, equal, greaterEqual, less, lessEqual, mul, notEqual, sub, where } from './ops.js';
import { logicalAnd, pow } from './math.js';
import { max, min, mean, sum as sumOf } from './reductions.js';
import { std, cumsum, all } from './stats.js';
import { percentile } from './quantiles.js';
import { argsort, compress, sort, take } from './select.js';
import { searchsorted } from './search.js';
import { linspace } from './creation_ranges.js';
import { concatenate } from './joining.js';
import { fromTypedArray, zeros } from './creation.js';
import { tidy, keep } from './tidy.js';
import { axisSlice } from './axis_reductions.js';
import { type SigRef, bind, unsupported } from './signature.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';

type Fn = (...a: unknown[]) => unknown;
const num = (v: unknown): number => Number(v);

/** @internal */
export function run<T>(op: string, body: () => T): T {
  try {
    return tidy(body);
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * @internal `v` as an array, a JS list (or number) of integers as int64: NumPy reads a list of
 * Python ints as int64, where a JS number array is float64 here.
 */
export function listArray(op: string, v: unknown, name: string): NDArray {
  const t = asArray(op, v, undefined, name);
  if (v instanceof NDArray || t.dtype !== 'float64' || t.size === 0) return t;
  const i = t.astype('int64');
  if (all(equal(t, i)) as boolean) return i;
  i.dispose();
  return t;
}

/** @internal The values of a 1-D array as float64 numbers (exact for integers below 2^53). */
export const values = (x: NDArray): Float64Array => (x.dtype === 'float64' && x.isCContiguous ? x : x.astype('float64')).toTypedArray() as Float64Array;

/** @internal counts (or weighted sums) of the non-negative integer bins `idx` into `into` (NumPy's bincount loop). */
export function countInto(into: Float64Array, idx: Float64Array, w: Float64Array | null): void {
  if (w === null) for (let i = 0; i < idx.length; i++) into[idx[i]!]!++;
  else for (let i = 0; i < idx.length; i++) into[idx[i]!]! += w[i]!;
}

const BINCOUNT: SigRef = { sig: 'numpy.bincount: bincount(x: ArrayInput, /, weights: ArrayInput | null = null, minlength: number = 0) -> NDArray' };
/**
 * The number of occurrences of each value 0, 1, ..., max(x) in the 1-D array of non-negative
 * integers `x` (NumPy bincount; int64), or the sums of `weights` (float64) per value; at least
 * `minlength` bins. Floats, uint64 and negative values are errors, as NumPy.
 */
// @overloads BINCOUNT
export function bincount(x: ArrayInput, options?: { weights?: ArrayInput | null | undefined; minlength?: number | undefined }): NDArray;
export function bincount(x: ArrayInput, weights?: ArrayInput | null, options?: { minlength?: number | undefined }): NDArray;
export function bincount(x: ArrayInput, weights?: ArrayInput | null, minlength?: number): NDArray;
// @end
export function bincount(...args: unknown[]): NDArray {
  const op = 'bincount';
  const [x, weights, minlength] = bind(BINCOUNT, args);
  return run(op, () => {
    if (typeof minlength !== 'number' || !Number.isInteger(minlength)) throw new TypeError(`${op}: minlength must be an integer, got ${fmt(minlength)}`);
    if (minlength < 0) throw new StrideViewError('invalid_argument', `${op}: 'minlength' must not be negative, got ${minlength}`);
    const xs = listArray(op, x, 'x');
    if (xs.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: x must be 1-D, got shape ${fmt(xs.shape)}`);
    const k = info(xs.dtype).kind;
    if (k === 'f' || k === 'c' || xs.dtype === 'uint64') throw new TypeError(`${op}: cannot cast array data from ${xs.dtype} to int64 according to the rule 'safe'`);
    let w: Float64Array | null = null;
    if (weights !== null) {
      const wa = asArray(op, weights, undefined, 'weights');
      if (info(wa.dtype).kind === 'c') throw new TypeError(`${op}: cannot cast the weights from ${wa.dtype} to float64 according to the rule 'safe'`);
      if (wa.ndim !== 1 || wa.size !== xs.size) throw new StrideViewError('shape_mismatch', `${op}: the weights and list don't have the same length (${fmt(wa.shape)} and ${fmt(xs.shape)})`);
      w = values(wa);
    }
    if (xs.size === 0) return keep(zeros([minlength], 'int64')); // NumPy: int64 zeros, weights or not
    const idx = values(xs);
    let hi = -1;
    for (let i = 0; i < idx.length; i++) {
      const v = idx[i]!;
      if (v < 0) throw new StrideViewError('invalid_argument', `${op}: 'list' argument must have no negative elements (${v} at index ${i})`);
      if (v > hi) hi = v;
    }
    const n = Math.max(hi + 1, minlength);
    if (n > 2 ** 31) throw new RangeError(`${op}: ${n} bins are too many (at most 2^31)`);
    const c = new Float64Array(n);
    countInto(c, idx, w);
    const r = fromTypedArray(c);
    return keep(w === null ? r.astype('int64') : r);
  });
}

const DIGITIZE: SigRef = { sig: 'numpy.digitize: digitize(x: ArrayInput, bins: ArrayInput, right: boolean = false) -> $P[x] extends number ? number : NDArray' };
/**
 * The index of the bin of each value of `x` (NumPy digitize; int64): `bins` 1-D and monotonic
 * (increasing: bins[i-1] <= x < bins[i]; `right`: bins[i-1] < x <= bins[i]; decreasing bins
 * reversed). One searchsorted kernel call. A number `x` gives a number.
 */
// @overloads DIGITIZE
export function digitize<O extends { right?: boolean | undefined } = {}>(x: ArrayInput, bins: ArrayInput, options?: O): O extends number ? number : NDArray;
export function digitize(x: ArrayInput, bins: ArrayInput, right?: boolean): {} extends number ? number : NDArray;
// @end
export function digitize(...args: unknown[]): NDArray | number {
  const op = 'digitize';
  const [x, bins, right] = bind(DIGITIZE, args);
  return run(op, () => {
    if (typeof right !== 'boolean') throw new TypeError(`${op}: right must be a boolean, got ${fmt(right)}`);
    const xs = asArray(op, x, undefined, 'x');
    const b = asArray(op, bins, undefined, 'bins');
    if (b.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: bins must be 1-dimensional, got shape ${fmt(b.shape)}`);
    const n = b.size;
    const lo = axisSlice(b, 0, 0, Math.max(n - 1, 0));
    const hi = axisSlice(b, 0, Math.min(1, n), n);
    const inc = all(lessEqual(lo, hi)) as boolean;
    const dec = all(greaterEqual(lo, hi)) as boolean;
    if (!inc && !dec) throw new StrideViewError('invalid_argument', `${op}: bins must be monotonically increasing or decreasing`);
    const side = right ? 'left' : 'right';
    const v = xs.reshape([-1]);
    // decreasing: len(bins) - searchsorted(bins[::-1], x)
    const r = inc ? ((searchsorted as Fn)(b, v, side) as NDArray) : sub(n, (searchsorted as Fn)(b.flip(0), v, side) as NDArray);
    return xs.ndim === 0 ? Number(r.get(0)) : keep(r._setView(r.view.reshape(xs.shape)));
  });
}

/** The bin rules NumPy 1.24 takes by name ('stone' is refused). */
export type BinRule = 'auto' | 'fd' | 'doane' | 'scott' | 'rice' | 'sturges' | 'sqrt' | 'stone';

/** a raveled (bool as uint8, as NumPy) and its weights raveled (same shape required). */
function ravelled(op: string, a: unknown, weights: unknown): [NDArray, NDArray | null] {
  let x = asArray(op, a, undefined, 'a');
  if (x.dtype === 'bool') x = x.astype('uint8');
  let w: NDArray | null = null;
  if (weights !== null) {
    w = asArray(op, weights, undefined, 'weights');
    if (w.shape.join() !== x.shape.join() || w.ndim !== x.ndim) throw new StrideViewError('shape_mismatch', `${op}: weights should have the same shape as a (${fmt(w.shape)} and ${fmt(x.shape)})`);
    w = w.reshape([-1]);
  }
  return [x.reshape([-1]), w];
}

export function outerEdges(op: string, a: NDArray, range: unknown): [number, number] {
  let first: number;
  let last: number;
  if (range !== null) {
    if (!Array.isArray(range) || range.length !== 2) throw new TypeError(`${op}: range must be a pair [min, max], got ${fmt(range)}`);
    [first, last] = [num(range[0]), num(range[1])];
    if (first > last) throw new StrideViewError('invalid_argument', `${op}: max must be larger than min in range parameter (got ${fmt(range)})`);
    if (!Number.isFinite(first) || !Number.isFinite(last)) throw new StrideViewError('invalid_argument', `${op}: supplied range of [${first}, ${last}] is not finite`);
  } else if (a.size === 0) {
    [first, last] = [0, 1];
  } else {
    [first, last] = [num(min(a)), num(max(a))];
    if (!Number.isFinite(first) || !Number.isFinite(last)) throw new StrideViewError('invalid_argument', `${op}: autodetected range of [${first}, ${last}] is not finite`);
  }
  if (first === last) [first, last] = [first - 0.5, last + 0.5];
  return [first, last];
}

const ptp = (x: NDArray): number => num(max(x)) - num(min(x));
const RULES: Record<string, (x: NDArray) => number> = {
  sqrt: (x) => ptp(x) / Math.sqrt(x.size),
  sturges: (x) => ptp(x) / (Math.log2(x.size) + 1.0),
  rice: (x) => ptp(x) / (2.0 * x.size ** (1.0 / 3)),
  scott: (x) => (24.0 * Math.PI ** 0.5 / x.size) ** (1.0 / 3.0) * num(std(x)),
  fd: (x) => {
    const q = (percentile as Fn)(x, [75, 25]) as NDArray;
    const [p75, p25] = q.toArray() as number[];
    return 2.0 * (p75! - p25!) * x.size ** (-1.0 / 3.0);
  },
  doane: (x) => {
    if (x.size <= 2) return 0.0;
    const sg1 = Math.sqrt((6.0 * (x.size - 2)) / ((x.size + 1.0) * (x.size + 3)));
    const sigma = num(std(x));
    if (!(sigma > 0.0)) return 0.0;
    // NumPy: temp = x - mean(x); temp /= sigma; temp **= 3; g1 = mean(temp)
    const g1 = num(mean(pow(div(sub(x, num(mean(x))), sigma), 3)));
    return ptp(x) / (1.0 + Math.log2(x.size) + Math.log2(1.0 + Math.abs(g1) / sg1));
  },
  auto: (x) => {
    const fd = RULES.fd!(x);
    const st = RULES.sturges!(x);
    return fd ? Math.min(fd, st) : st;
  },
};
/** NumPy's _get_bin_edges: the edges, and [first, last, n] for equal bins. */
function binEdges(op: string, a: NDArray, bins: unknown, range: unknown, weights: NDArray | null): [NDArray, [number, number, number] | null] {
  let n: number | null = null;
  let first = 0;
  let last = 0;
  if (typeof bins === 'string') {
    if (!(bins in RULES) && bins !== 'stone') throw new StrideViewError('invalid_argument', `${op}: ${fmt(bins)} is not a valid estimator for \`bins\` (one of 'auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt')`);
    if (bins === 'stone') unsupported(op, 'bins', bins, "every other rule, a count or the edges: 'stone' minimises a cross-validated error over a histogram per candidate count");
    if (weights !== null) throw new TypeError(`${op}: automated estimation of the number of bins is not supported for weighted data`);
    [first, last] = outerEdges(op, a, range);
    let x = a;
    if (range !== null) {
      const k = logicalAnd(greaterEqual(a, first), lessEqual(a, last));
      if (!(all(k) as boolean)) x = compress(k, a);
    }
    if (x.size === 0) n = 1;
    else {
      const width = RULES[bins]!(x);
      n = width ? Math.ceil((last - first) / width) : 1;
    }
  } else if (typeof bins === 'number') {
    if (!Number.isInteger(bins)) throw new TypeError(`${op}: \`bins\` must be an integer, a string, or an array, got ${fmt(bins)}`);
    if (bins < 1) throw new StrideViewError('invalid_argument', `${op}: \`bins\` must be positive, when an integer (got ${bins})`);
    n = bins;
    [first, last] = outerEdges(op, a, range);
  } else {
    const e = listArray(op, bins, 'bins');
    if (e.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: \`bins\` must be 1d, when an array (got shape ${fmt(e.shape)})`);
    const m = e.size;
    if (m > 1 && !(all(lessEqual(axisSlice(e, 0, 0, m - 1), axisSlice(e, 0, 1, m))) as boolean)) {
      throw new StrideViewError('invalid_argument', `${op}: \`bins\` must increase monotonically, when an array`);
    }
    return [e, null];
  }
  const bt: DType = info(a.dtype).kind === 'f' ? a.dtype : 'float64';
  return [(linspace as Fn)(first, last, n + 1, true, false, bt) as NDArray, [first, last, n]];
}

/** The counts per bin (int64, or the weights' dtype) of a (1-D) over the edges, as NumPy's histogram. */
function counts(a: NDArray, w: NDArray | null, edges: NDArray, uniform: [number, number, number] | null): NDArray {
  const BLOCK = 65536;
  const ntype: DType = w === null ? 'int64' : w.dtype;
  if (uniform !== null) {
    const [first, last, n] = uniform;
    const acc = new Float64Array(n);
    const norm = n / (last - first);
    for (let i = 0; i < a.size || i === 0; i += BLOCK) {
      if (a.size === 0) break;
      tidy(() => {
        let ta = axisSlice(a, 0, i, Math.min(i + BLOCK, a.size));
        let tw = w === null ? null : axisSlice(w, 0, i, Math.min(i + BLOCK, a.size));
        const k = logicalAnd(greaterEqual(ta, first), lessEqual(ta, last));
        if (!(all(k) as boolean)) {
          ta = compress(k, ta);
          if (tw !== null) tw = compress(k, tw);
        }
        if (ta.dtype !== edges.dtype) ta = ta.astype(edges.dtype);
        const f = mul(sub(ta, first), norm);
        let idx: NDArray = f.astype('int64');
        idx = where(equal(idx, n), n - 1, idx);
        idx = where(less(ta, take(edges, idx)), sub(idx, 1), idx);
        idx = where(logicalAnd(greaterEqual(ta, take(edges, add(idx, 1))), notEqual(idx, n - 1)), add(idx, 1), idx);
        const part = new Float64Array(n);
        countInto(part, values(idx), tw === null ? null : values(tw));
        // NumPy: n += bincount(...).astype(ntype), block by block
        for (let j = 0; j < n; j++) acc[j]! += part[j]!;
      });
    }
    return fromTypedArray(acc).astype(ntype);
  }
  // given edges: the cumulative counts at each edge (searchsorted on the sorted block), differenced
  const m = edges.size;
  let cum = zeros([m], ntype === 'int64' ? 'int64' : ntype);
  for (let i = 0; i < a.size; i += BLOCK) {
    const next = tidy(() => {
      const ta = axisSlice(a, 0, i, Math.min(i + BLOCK, a.size));
      const inclusive = (s: NDArray): NDArray =>
        concatenate([(searchsorted as Fn)(s, axisSlice(edges, 0, 0, m - 1), 'left') as NDArray, (searchsorted as Fn)(s, axisSlice(edges, 0, m - 1, m), 'right') as NDArray], 0);
      if (w === null) return keep(add(cum, inclusive(sort(ta))));
      const tw = axisSlice(w, 0, i, Math.min(i + BLOCK, a.size));
      const order = argsort(ta);
      const sa = take(ta, order);
      const sw = take(tw, order);
      const cw = concatenate([zeros([1], ntype), (cumsum as Fn)(sw) as NDArray], 0);
      return keep(add(cum, take(cw, inclusive(sa))));
    });
    cum.dispose();
    cum = next;
  }
  const r = sub(axisSlice(cum, 0, Math.min(1, m), m), axisSlice(cum, 0, 0, Math.max(m - 1, 0)));
  cum.dispose();
  return r.dtype === ntype ? r : r.astype(ntype);
}

const HISTOGRAM: SigRef = { sig: 'numpy.histogram: histogram(a: ArrayInput, bins: number | BinRule | ArrayInput = 10, range: readonly [number, number] | null = null, ' +
    'density: boolean | null = null, weights: ArrayInput | null = null) -> [NDArray, NDArray]' };
/**
 * The histogram of the flattened `a` (NumPy histogram): `[counts, edges]`. `bins`: a number of
 * equal bins over `range` (default the data's min and max), the increasing edges, or a rule by name
 * ('auto', 'fd', 'doane', 'scott', 'rice', 'sturges', 'sqrt'; 'stone' is refused). Each bin holds
 * [edge, next edge) but the last, which holds its right edge. Counts are int64, or sums of
 * `weights` in their dtype; `density` divides by the bin widths and the total (float64).
 */
// @overloads HISTOGRAM
export function histogram(a: ArrayInput, options?: { bins?: number | BinRule | ArrayInput | undefined; range?: readonly [number, number] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray];
export function histogram(a: ArrayInput, bins?: number | BinRule | ArrayInput, options?: { range?: readonly [number, number] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray];
export function histogram(a: ArrayInput, bins?: number | BinRule | ArrayInput, range?: readonly [number, number] | null, options?: { density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray];
export function histogram(a: ArrayInput, bins?: number | BinRule | ArrayInput, range?: readonly [number, number] | null, density?: boolean | null, options?: { weights?: ArrayInput | null | undefined }): [NDArray, NDArray];
export function histogram(a: ArrayInput, bins?: number | BinRule | ArrayInput, range?: readonly [number, number] | null, density?: boolean | null, weights?: ArrayInput | null): [NDArray, NDArray];
// @end
export function histogram(...args: unknown[]): [NDArray, NDArray] {
  const op = 'histogram';
  const [a, bins, range, density, weights] = bind(HISTOGRAM, args);
  return run(op, () => {
    if (density !== null && typeof density !== 'boolean') throw new TypeError(`${op}: density must be a boolean or null, got ${fmt(density)}`);
    const [x, w] = ravelled(op, a, weights);
    const [edges, uniform] = binEdges(op, x, bins, range, w);
    let n = counts(x, w, edges, uniform);
    if (density === true) {
      const m = edges.size;
      const db = sub(axisSlice(edges, 0, 1, m), axisSlice(edges, 0, 0, m - 1)).astype('float64');
      n = div(div(n, db), num((sumOf as Fn)(n)));
    }
    return [keep(n), keep(edges)];
  });
}

const HISTOGRAM_BIN_EDGES: SigRef = { sig: 'numpy.histogram_bin_edges: histogramBinEdges(a: ArrayInput, bins: number | BinRule | ArrayInput = 10, ' +
    'range: readonly [number, number] | null = null, weights: ArrayInput | null = null) -> NDArray' };
/** The bin edges {@link histogram} would use (NumPy histogram_bin_edges; the same `bins`, `range` and `weights` rules). */
// @overloads HISTOGRAM_BIN_EDGES
export function histogramBinEdges(a: ArrayInput, options?: { bins?: number | BinRule | ArrayInput | undefined; range?: readonly [number, number] | null | undefined; weights?: ArrayInput | null | undefined }): NDArray;
export function histogramBinEdges(a: ArrayInput, bins?: number | BinRule | ArrayInput, options?: { range?: readonly [number, number] | null | undefined; weights?: ArrayInput | null | undefined }): NDArray;
export function histogramBinEdges(a: ArrayInput, bins?: number | BinRule | ArrayInput, range?: readonly [number, number] | null, options?: { weights?: ArrayInput | null | undefined }): NDArray;
export function histogramBinEdges(a: ArrayInput, bins?: number | BinRule | ArrayInput, range?: readonly [number, number] | null, weights?: ArrayInput | null): NDArray;
// @end
export function histogramBinEdges(...args: unknown[]): NDArray {
  const op = 'histogramBinEdges';
  const [a, bins, range, weights] = bind(HISTOGRAM_BIN_EDGES, args);
  return run(op, () => {
    const [x, w] = ravelled(op, a, weights);
    return keep(binEdges(op, x, bins, range, w)[0]);
  });
}

