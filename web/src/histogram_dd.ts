// Multidimensional histograms as NumPy: histogramdd and histogram2d. Each dimension's bin is one
// searchsorted kernel call on its edges (the last edge counted in the last bin), the flat bin index
// their C-order combination (elementwise kernels), the counting one pass in JS (histograms.ts).
import { StrideViewError, fmt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { add, div, equal, mul, sub, where, lessEqual } from './ops.js';
import { all } from './stats.js';
import { sum } from './reductions.js';
import { searchsorted } from './search.js';
import { linspace } from './creation_ranges.js';
import { stack } from './joining.js';
import { fromTypedArray } from './creation.js';
import { keep } from './tidy.js';
import { axisSlice } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';
import { countInto, listArray, outerEdges, run, values } from './histograms.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';

type Fn = (...a: unknown[]) => unknown;

/** The sample as (N, D): an NDArray of shape (N, D) or (N,), or a JS list of D coordinate lists. */
function sampleOf(op: string, sample: unknown): NDArray {
  if (sample instanceof NDArray) {
    if (sample.ndim === 1) return sample.reshape([sample.size, 1]);
    if (sample.ndim !== 2) throw new StrideViewError('invalid_argument', `${op}: sample must be 2-D (N, D) or 1-D, got shape ${fmt(sample.shape)}`);
    return sample;
  }
  const t = asArray(op, sample, undefined, 'sample');
  if (t.ndim === 1) return t.reshape([t.size, 1]);
  if (t.ndim !== 2) throw new StrideViewError('invalid_argument', `${op}: sample must be a list of D coordinate lists, got shape ${fmt(t.shape)}`);
  return t.transpose(); // NumPy: atleast_2d(sample).T
}

function ddImpl(op: string, sample: unknown, bins: unknown, range: unknown, density: unknown, weights: unknown): [NDArray, NDArray[]] {
  if (density !== null && typeof density !== 'boolean') throw new TypeError(`${op}: density must be a boolean or null, got ${fmt(density)}`);
  const s = sampleOf(op, sample);
  const [N, D] = s.shape as [number, number];
  let w: Float64Array | null = null;
  if (weights !== null) {
    const wa = asArray(op, weights, undefined, 'weights');
    if (wa.ndim !== 1 || wa.size !== N) throw new StrideViewError('shape_mismatch', `${op}: weights must be 1-D with one weight per sample (${N}), got shape ${fmt(wa.shape)}`);
    w = values(wa);
  }
  let perDim: unknown[];
  if (typeof bins === 'number') perDim = new Array<unknown>(D).fill(bins);
  else {
    const list = bins instanceof NDArray ? (bins.ndim === 0 ? null : Array.from({ length: bins.shape[0]! }, (_, i) => axisSlice(bins, 0, i, i + 1).reshape(bins.shape.slice(1)))) : Array.isArray(bins) ? bins : null;
    if (list === null) throw new TypeError(`${op}: bins must be a number or a sequence of D numbers or edge arrays, got ${fmt(bins)}`);
    if (list.length !== D) throw new StrideViewError('invalid_argument', `${op}: the dimension of bins (${list.length}) must be equal to the dimension of the sample x (${D})`);
    perDim = list.map((b) => (b instanceof NDArray && b.ndim === 0 ? Number(b.item()) : b));
  }
  let ranges: unknown[];
  if (range === null) ranges = new Array<unknown>(D).fill(null);
  else {
    if (!Array.isArray(range) || range.length !== D) throw new StrideViewError('invalid_argument', `${op}: range argument must have one entry per dimension (${D}), got ${fmt(range)}`);
    ranges = range;
  }
  const edges: NDArray[] = [];
  const nbin: number[] = [];
  for (let i = 0; i < D; i++) {
    const b = perDim[i];
    const col = axisSlice(s, 1, i, i + 1).reshape([N]);
    let e: NDArray;
    if (typeof b === 'number') {
      if (b < 1) throw new StrideViewError('invalid_argument', `${op}: \`bins[${i}]\` must be positive, when an integer (got ${b})`);
      const [lo, hi] = outerEdges(op, col, ranges[i] ?? null);
      if (!Number.isInteger(b)) throw new TypeError(`${op}: \`bins[${i}]\` must be an integer, when a scalar (got ${b})`);
      e = (linspace as Fn)(lo, hi, b + 1) as NDArray;
    } else {
      e = listArray(op, b, `bins[${i}]`);
      if (e.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: \`bins[${i}]\` must be a scalar or 1d array (got shape ${fmt(e.shape)})`);
      const m = e.size;
      if (m > 1 && !(all(lessEqual(axisSlice(e, 0, 0, m - 1), axisSlice(e, 0, 1, m))) as boolean)) {
        throw new StrideViewError('invalid_argument', `${op}: \`bins[${i}]\` must be monotonically increasing, when an array`);
      }
    }
    edges.push(e);
    nbin.push(e.size + 1);
  }
  // the flat index of each sample's bin (bins 0 and nbin - 1 are the outliers, dropped below)
  let flat: NDArray | number = 0;
  for (let i = 0; i < D; i++) {
    const col = axisSlice(s, 1, i, i + 1).reshape([N]);
    const e = edges[i]!;
    let c = (searchsorted as Fn)(e, col, 'right') as NDArray;
    if (e.size > 0) c = where(equal(col, axisSlice(e, 0, e.size - 1, e.size).reshape([])), sub(c, 1), c);
    const stride = nbin.slice(i + 1).reduce((p, q) => p * q, 1);
    flat = add(flat, mul(c, stride));
  }
  const total = nbin.reduce((p, q) => p * q, 1);
  if (total > 2 ** 31) throw new RangeError(`${op}: ${total} bins (with the outlier bins) are too many (at most 2^31)`);
  const acc = new Float64Array(total);
  if (N > 0) countInto(acc, values(flat as NDArray), w);
  let hist = fromTypedArray(acc).reshape(nbin);
  for (let i = 0; i < D; i++) hist = axisSlice(hist, i, 1, nbin[i]! - 1);
  hist = hist.copy();
  if (density === true) {
    const tot = Number(sum(hist));
    for (let i = 0; i < D; i++) {
      const e = edges[i]!;
      const de = sub(axisSlice(e, 0, 1, e.size), axisSlice(e, 0, 0, e.size - 1)).astype('float64');
      hist = div(hist, de.reshape(nbin.map((n, k) => (k === i ? n - 2 : 1))));
    }
    hist = div(hist, tot);
  }
  return [keep(hist), edges.map((e) => keep(e))];
}

const HISTOGRAMDD: SigRef = { sig: 'numpy.histogramdd: histogramdd(sample: ArrayInput, bins: number | readonly (number | ArrayInput)[] = 10, ' +
    'range: readonly (readonly [number, number] | null)[] | null = null, density: boolean | null = null, weights: ArrayInput | null = null) -> [NDArray, NDArray[]]' };
/**
 * The D-dimensional histogram of N samples (NumPy histogramdd): `sample` is an (N, D) array or a
 * list of D coordinate lists; `bins` a count for every dimension, or one count or edge array per
 * dimension; `range` one [min, max] (or null) per dimension. Gives `[hist, edges]`: float64 counts
 * (or sums of `weights`; `density` divides by the bin volumes and the total) of shape (bins per
 * dimension), and the D edge arrays. Each bin holds [edge, next edge), the last also its right edge.
 */
// @overloads HISTOGRAMDD
export function histogramdd(sample: ArrayInput, options?: { bins?: number | readonly (number | ArrayInput)[] | undefined; range?: readonly (readonly [number, number] | null)[] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray[]];
export function histogramdd(sample: ArrayInput, bins?: number | readonly (number | ArrayInput)[], options?: { range?: readonly (readonly [number, number] | null)[] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray[]];
export function histogramdd(sample: ArrayInput, bins?: number | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, options?: { density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray[]];
export function histogramdd(sample: ArrayInput, bins?: number | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, density?: boolean | null, options?: { weights?: ArrayInput | null | undefined }): [NDArray, NDArray[]];
export function histogramdd(sample: ArrayInput, bins?: number | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, density?: boolean | null, weights?: ArrayInput | null): [NDArray, NDArray[]];
// @end
export function histogramdd(...args: unknown[]): [NDArray, NDArray[]] {
  const op = 'histogramdd';
  const [sample, bins, range, density, weights] = bind(HISTOGRAMDD, args);
  return run(op, () => ddImpl(op, sample, bins, range, density, weights));
}

const HISTOGRAM2D: SigRef = { sig: 'numpy.histogram2d: histogram2d(x: ArrayInput, y: ArrayInput, bins: number | ArrayInput | readonly (number | ArrayInput)[] = 10, ' +
    'range: readonly (readonly [number, number] | null)[] | null = null, density: boolean | null = null, weights: ArrayInput | null = null) -> [NDArray, NDArray, NDArray]' };
/**
 * The 2-D histogram of the points (x, y) (NumPy histogram2d): `bins` one count or edge array for
 * both axes, or `[bx, by]`. Gives `[hist, xedges, yedges]` (the rules of {@link histogramdd}).
 */
// @overloads HISTOGRAM2D
export function histogram2d(x: ArrayInput, y: ArrayInput, options?: { bins?: number | ArrayInput | readonly (number | ArrayInput)[] | undefined; range?: readonly (readonly [number, number] | null)[] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray, NDArray];
export function histogram2d(x: ArrayInput, y: ArrayInput, bins?: number | ArrayInput | readonly (number | ArrayInput)[], options?: { range?: readonly (readonly [number, number] | null)[] | null | undefined; density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray, NDArray];
export function histogram2d(x: ArrayInput, y: ArrayInput, bins?: number | ArrayInput | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, options?: { density?: boolean | null | undefined; weights?: ArrayInput | null | undefined }): [NDArray, NDArray, NDArray];
export function histogram2d(x: ArrayInput, y: ArrayInput, bins?: number | ArrayInput | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, density?: boolean | null, options?: { weights?: ArrayInput | null | undefined }): [NDArray, NDArray, NDArray];
export function histogram2d(x: ArrayInput, y: ArrayInput, bins?: number | ArrayInput | readonly (number | ArrayInput)[], range?: readonly (readonly [number, number] | null)[] | null, density?: boolean | null, weights?: ArrayInput | null): [NDArray, NDArray, NDArray];
// @end
export function histogram2d(...args: unknown[]): [NDArray, NDArray, NDArray] {
  const op = 'histogram2d';
  const [x, y, bins, range, density, weights] = bind(HISTOGRAM2D, args);
  return run(op, () => {
    const xs = asArray(op, x, undefined, 'x');
    const ys = asArray(op, y, undefined, 'y');
    // NumPy stacks [x, y] as the sample's coordinates: 1-D each
    for (const [v, nm] of [[xs, 'x'], [ys, 'y']] as const) {
      if (v.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: ${nm} must be 1-D (the points' coordinates), got shape ${fmt(v.shape)}`);
    }
    const lx = xs.shape[0]!;
    const ly = ys.shape[0]!;
    if (lx !== ly) throw new StrideViewError('shape_mismatch', `${op}: x and y must have the same length (${lx} and ${ly})`);
    let b = bins;
    const n = typeof bins === 'number' ? 1 : bins instanceof NDArray ? (bins.ndim === 0 ? 1 : bins.shape[0]!) : Array.isArray(bins) ? bins.length : 1;
    if (n !== 1 && n !== 2) b = [bins, bins];
    if (typeof b === 'number') b = [b, b];
    const [h, e] = ddImpl(op, stack([xs.reshape([-1]), ys.reshape([-1])], 1), b, range, density, weights);
    return [h, e[0]!, e[1]!];
  });
}
