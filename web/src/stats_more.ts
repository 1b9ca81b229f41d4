// Weighted means, covariance and calculus as NumPy: average, cov, corrcoef, ediff1d, trapz and
// gradient, each NumPy's own steps composed of kernel ops (sums, elementwise arithmetic, matmul
// for cov), views for the shifted slices.
import { Complex, type DType, info, isComplex, promoteTypes } from './dtype.js';
import { conj, imag, real } from './complex.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, empty, full } from './ndarray.js';
import { add, div, equal, mul, sub, sqrt } from './ops.js';
import { clip } from './math.js';
import { sum, mean } from './reductions.js';
import { all, any } from './stats.js';
import { matmul } from './linalg.js';
import { concatenate } from './joining.js';
import { canCastSameKind } from './kernel_client.js';
import { listArray } from './histograms.js';
import { canCast } from './dtype_info.js';
import { tidy, keep } from './tidy.js';
import { normAxis } from './ndarray.js';
import { axisSlice } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';
import { boolArg, dtypeParam, scalarResult } from './reductions.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { Reduced } from './reductions.js';

type Fn = (...a: unknown[]) => unknown;
const isInexact = (d: DType): boolean => info(d).kind === 'f' || info(d).kind === 'c'; // NumPy's inexact: floats and complex

function run<T>(op: string, body: () => T): T {
  try {
    return tidy(body);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** A reduction's result as NumPy gives it: a JS number for a 0-d result, else the array (kept out of tidy). */
const result = (r: unknown): unknown => (r instanceof NDArray ? (r.ndim === 0 ? scalarResult(r, false, undefined) : keep(r)) : r);

const AVERAGE: SigRef = { sig: 'numpy.average: average(a: ArrayInput, axis: number | readonly number[] | null = null, weights: ArrayInput | null = null, ' +
    'returned: boolean = false, *, keepdims: boolean = false) -> $P[returned] extends { returned: true } ? [NDArray | number, NDArray | number] : NDArray | number' };
/**
 * The weighted mean over `axis` (NumPy average): sum(a * w) / sum(w), in the promotion of a and
 * the weights (integers and bool with float64); without weights, {@link mean}. `weights` has a's
 * shape, or is 1-D along the one `axis`. Weights summing to 0 are an error, as NumPy.
 * `returned: true` gives `[average, sum of weights]` (the second broadcast to the first's shape).
 */
// @overloads AVERAGE
export function average<O extends { axis?: number | readonly number[] | null | undefined; weights?: ArrayInput | null | undefined; returned?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): O extends { returned: true } ? [NDArray | number, NDArray | number] : NDArray | number;
export function average<O extends { weights?: ArrayInput | null | undefined; returned?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: number | readonly number[] | null, options?: O): O extends { returned: true } ? [NDArray | number, NDArray | number] : NDArray | number;
export function average<O extends { returned?: boolean | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: number | readonly number[] | null, weights?: ArrayInput | null, options?: O): O extends { returned: true } ? [NDArray | number, NDArray | number] : NDArray | number;
export function average<TReturned extends boolean | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: number | readonly number[] | null, weights?: ArrayInput | null, returned?: TReturned, options?: O): { returned: TReturned } & O extends { returned: true } ? [NDArray | number, NDArray | number] : NDArray | number;
// @end
export function average(...args: unknown[]): unknown {
  const op = 'average';
  const [a, axis, weights, returned, keepdims] = bind(AVERAGE, args);
  return run(op, () => {
    const kd = boolArg(op, 'keepdims', keepdims);
    const ret = boolArg(op, 'returned', returned);
    const x = asArray(op, a);
    let avg: unknown;
    let scl: unknown;
    if (weights === null) {
      avg = (mean as Fn)(x, axis, null, null, kd);
      const n = avg instanceof NDArray ? avg.size : 1;
      // NumPy computes a.size / avg.size, a ZeroDivisionError for an empty result
      if (n === 0) throw new StrideViewError('invalid_argument', `${op}: division by zero (the result is empty: shape ${fmt(x.shape)}, axis ${fmt(axis)})`);
      const d = avg instanceof NDArray ? avg.dtype : 'float64';
      if (ret) scl = avg instanceof NDArray ? full(avg.shape, x.size / n, d) : x.size / n;
    } else {
      let w = asArray(op, weights, undefined, 'weights');
      const rdt = isInexact(x.dtype) ? promoteTypes(x.dtype, w.dtype) : promoteTypes(promoteTypes(x.dtype, w.dtype), 'float64');
      if (w.shape.join() !== x.shape.join() || w.ndim !== x.ndim) {
        if (axis === null) throw new TypeError(`${op}: axis must be specified when shapes of a and weights differ (${fmt(x.shape)} and ${fmt(w.shape)})`);
        if (w.ndim !== 1) throw new TypeError(`${op}: 1D weights expected when shapes of a and weights differ (${fmt(x.shape)} and ${fmt(w.shape)})`);
        if (typeof axis !== 'number') throw new TypeError(`${op}: axis must be one integer when the weights are 1-D, got ${fmt(axis)}`);
        const ax = normAxis(op, axis, x.ndim);
        if (w.shape[0] !== x.shape[ax]) {
          throw new StrideViewError('shape_mismatch', `${op}: length of weights (${w.shape[0]}) not compatible with specified axis ${axis} of shape ${fmt(x.shape)}`);
        }
        const sh = x.shape.map((_, i) => (i === ax ? w.shape[0]! : 1));
        w = w.reshape(sh).broadcastTo(x.shape);
      }
      const s = (sum as Fn)(w, axis, rdt, null, kd);
      const zero = s instanceof NDArray ? (any as Fn)(equal(s, 0)) : s instanceof Complex ? s.re === 0 && s.im === 0 : s === 0;
      if (zero) throw new StrideViewError('invalid_argument', `${op}: weights sum to zero, can't be normalized`);
      const num = (sum as Fn)(mul(x, w, { dtype: rdt }), axis, null, null, kd);
      // a complex quotient of two scalars divides as the kernels do (Smith's algorithm)
      avg = num instanceof NDArray ? div(num, s as NDArray) : num instanceof Complex ? div(num, s as Complex).item() : (num as number) / (s as number);
      if (!(avg instanceof NDArray) && rdt === 'float32') avg = Math.fround(avg as number);
      scl = s;
      if (ret && avg instanceof NDArray && s instanceof NDArray && s.shape.join() !== avg.shape.join()) scl = s.broadcastTo(avg.shape).copy();
    }
    return ret ? [result(avg), result(scl)] : result(avg);
  });
}

const COV: SigRef = { sig: 'numpy.cov: cov(m: ArrayInput, y: ArrayInput | null = null, rowvar: boolean = true, bias: boolean = false, ddof: number | null = null, ' +
    'fweights: ArrayInput | null = null, aweights: ArrayInput | null = null, *, dtype: DType | null = null) -> NDArray' };
/**
 * The covariance matrix of the variables in the rows of `m` (columns with `rowvar: false`), `y`
 * adding variables (NumPy cov, its steps: the mean removed, one matmul, times 1 / (N - ddof));
 * `ddof` defaults to 1 (0 with `bias`); `fweights` (integer repeat counts) and `aweights`
 * (observation weights) as NumPy. float64 unless `dtype` (or a float32 input with it). A single
 * variable gives a 0-d array, as NumPy's squeeze. N - ddof <= 0 gives inf / NaN (NumPy also warns).
 */
// @overloads COV
export function cov(m: ArrayInput, options?: { y?: ArrayInput | null | undefined; rowvar?: boolean | undefined; bias?: boolean | undefined; ddof?: number | null | undefined; fweights?: ArrayInput | null | undefined; aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, options?: { rowvar?: boolean | undefined; bias?: boolean | undefined; ddof?: number | null | undefined; fweights?: ArrayInput | null | undefined; aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, options?: { bias?: boolean | undefined; ddof?: number | null | undefined; fweights?: ArrayInput | null | undefined; aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: boolean, options?: { ddof?: number | null | undefined; fweights?: ArrayInput | null | undefined; aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: boolean, ddof?: number | null, options?: { fweights?: ArrayInput | null | undefined; aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: boolean, ddof?: number | null, fweights?: ArrayInput | null, options?: { aweights?: ArrayInput | null | undefined; dtype?: DType | null | undefined }): NDArray;
export function cov(m: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: boolean, ddof?: number | null, fweights?: ArrayInput | null, aweights?: ArrayInput | null, options?: { dtype?: DType | null | undefined }): NDArray;
// @end
export function cov(...args: unknown[]): NDArray {
  const op = 'cov';
  const b = bind(COV, args);
  return run(op, () => keep(covImpl(op, b)));
}

function covImpl(op: string, b: unknown[], mName = 'm'): NDArray {
  const [m, y, rowvar, bias, ddofArg, fweights, aweights, dtypeArg] = b;
  const rv = boolArg(op, 'rowvar', rowvar);
  const bs = boolArg(op, 'bias', bias);
  if (ddofArg !== null && (typeof ddofArg !== 'number' || !Number.isInteger(ddofArg))) throw new StrideViewError('invalid_argument', `${op}: ddof must be integer, got ${fmt(ddofArg)}`);
  const mm = asArray(op, m, undefined, mName);
  if (mm.ndim > 2) throw new StrideViewError('invalid_argument', `${op}: ${mName} has more than 2 dimensions (shape ${fmt(mm.shape)})`);
  const yy = y === null ? null : asArray(op, y, undefined, 'y');
  if (yy !== null && yy.ndim > 2) throw new StrideViewError('invalid_argument', `${op}: y has more than 2 dimensions (shape ${fmt(yy.shape)})`);
  let dt = dtypeParam(op, dtypeArg);
  if (dt === null) dt = promoteTypes(yy === null ? mm.dtype : promoteTypes(mm.dtype, yy.dtype), 'float64');
  const d = dt;
  const as2 = (v: NDArray): NDArray => {
    let t = v.ndim === 2 ? v : v.reshape([1, v.size]);
    if (t.dtype !== d) t = t.astype(d);
    if (!rv && t.shape[0] !== 1) t = t.transpose();
    return t;
  };
  let X = as2(mm);
  if (X.shape[0] === 0) return empty([0, 0], 'float64');
  if (yy !== null) X = concatenate([X, as2(yy)], 0);
  const ddof = ddofArg === null ? (bs ? 0 : 1) : (ddofArg as number);
  const n = X.shape[1]!;
  let w: NDArray | null = null;
  let aw: NDArray | null = null;
  for (const [name, v] of [['fweights', fweights], ['aweights', aweights]] as const) {
    if (v === null) continue;
    const t = asArray(op, v, 'float64', name);
    if (name === 'fweights' && !(t.toArray() as number[]).every((q) => Number.isInteger(q))) throw new TypeError(`${op}: fweights must be integer`);
    if (t.ndim > 1) throw new StrideViewError('invalid_argument', `${op}: cannot handle multidimensional ${name} (shape ${fmt(t.shape)})`);
    if (t.shape[0] !== n) throw new StrideViewError('shape_mismatch', `${op}: incompatible numbers of samples (${n}) and ${name} (${t.shape[0]})`);
    if ((t.toArray() as number[]).some((q) => q < 0)) throw new StrideViewError('invalid_argument', `${op}: ${name} cannot be negative`);
    w = w === null ? t : mul(w, t);
    if (name === 'aweights') aw = t;
  }
  const [avg, wsum] = average(X, 1, w, true) as [NDArray, NDArray];
  const ws = Number(wsum.ndim === 0 ? wsum.item() : wsum.get(0));
  wsum.dispose(); // average's results outlive its scope (keep): freed here
  const avgCol = avg.reshape([avg.size, 1]);
  // NumPy subtracts in place: X keeps its dtype (float32 with float64 weights included)
  const Xd = sub(X, avgCol);
  const Xc = Xd.dtype === X.dtype ? Xd : Xd.astype(X.dtype);
  if (avgCol !== avg) avgCol.dispose();
  avg.dispose();
  let fact: number;
  if (w === null) fact = n - ddof;
  else if (ddof === 0) fact = ws;
  else if (aw === null) fact = ws - ddof;
  else fact = ws - (ddof * (sum(mul(w, aw)) as number)) / ws;
  if (fact <= 0) fact = 0;
  const Xw = w === null ? Xc : mul(Xc, w);
  const XT = (isComplex(Xw.dtype) ? conj(Xw) : Xw).transpose(); // NumPy: dot(X, X_T.conj())
  const c = mul(matmul(Xc, XT) as NDArray, 1 / fact);
  // NumPy's squeeze, on the result that owns its buffer (a view would keep the temporary alive)
  return c._setView(c.view.reshape(c.shape.filter((n) => n !== 1)));
}

const CORRCOEF: SigRef = { sig: 'numpy.corrcoef: corrcoef(x: ArrayInput, y: ArrayInput | null = null, rowvar: boolean = true, bias: unknown = undefined, ' +
    'ddof: unknown = undefined, *, dtype: DType | null = null) -> NDArray | number | Complex' };
/**
 * Pearson correlation coefficients (NumPy corrcoef: {@link cov} divided by the outer product of the
 * standard deviations, clipped to [-1, 1]). `bias` and `ddof` have no effect (NumPy deprecated
 * them: they cancel out). A single variable gives a JS number (NumPy: a scalar).
 */
// @overloads CORRCOEF
export function corrcoef(x: ArrayInput, options?: { y?: ArrayInput | null | undefined; rowvar?: boolean | undefined; bias?: unknown | undefined; ddof?: unknown | undefined; dtype?: DType | null | undefined }): NDArray | number | Complex;
export function corrcoef(x: ArrayInput, y?: ArrayInput | null, options?: { rowvar?: boolean | undefined; bias?: unknown | undefined; ddof?: unknown | undefined; dtype?: DType | null | undefined }): NDArray | number | Complex;
export function corrcoef(x: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, options?: { bias?: unknown | undefined; ddof?: unknown | undefined; dtype?: DType | null | undefined }): NDArray | number | Complex;
export function corrcoef(x: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: unknown, options?: { ddof?: unknown | undefined; dtype?: DType | null | undefined }): NDArray | number | Complex;
export function corrcoef(x: ArrayInput, y?: ArrayInput | null, rowvar?: boolean, bias?: unknown, ddof?: unknown, options?: { dtype?: DType | null | undefined }): NDArray | number | Complex;
// @end
export function corrcoef(...args: unknown[]): NDArray | number | Complex {
  const op = 'corrcoef';
  const [x, y, rowvar, bias, ddof, dtype] = bind(CORRCOEF, args);
  return run(op, () => {
    // accepted as NumPy (no effect), checked as the other parameters are
    if (bias !== undefined && bias !== null && typeof bias !== 'boolean') throw new TypeError(`${op}: bias must be a boolean, got ${fmt(bias)}`);
    if (ddof !== undefined && ddof !== null && typeof ddof !== 'number') throw new TypeError(`${op}: ddof must be a number, got ${fmt(ddof)}`);
    const c = covImpl(op, [x, y, rowvar, false, null, null, null, dtype], 'x');
    const cx = isComplex(c.dtype);
    if (c.ndim < 2) {
      const v = div(c, c).item(); // NumPy: c / c of a 0-d covariance, a scalar
      return cx ? (v as unknown as Complex) : Number(v);
    }
    const d = c.diagonal();
    const sd = sqrt(cx ? real(d) : d); // a complex covariance has a real diagonal
    const r = div(div(c, sd.reshape([sd.size, 1])), sd.reshape([1, sd.size]));
    if (!cx) return keep(clip(r, -1, 1));
    // NumPy clips the real and imaginary parts, each to [-1, 1]
    for (const p of [real(r), imag(r)]) clip(p, -1, 1, p);
    return keep(r);
  });
}

const EDIFF1D: SigRef = { sig: 'numpy.ediff1d: ediff1d(ary: ArrayInput, toEnd: ArrayInput | null = null, toBegin: ArrayInput | null = null) -> NDArray' };
/**
 * The differences of consecutive elements of the flattened array (NumPy ediff1d), with `toBegin`
 * and `toEnd` (flattened) before and after, in the array's dtype (they must cast to it under
 * 'same_kind').
 */
// @overloads EDIFF1D
export function ediff1d(ary: ArrayInput, options?: { toEnd?: ArrayInput | null | undefined; toBegin?: ArrayInput | null | undefined }): NDArray;
export function ediff1d(ary: ArrayInput, toEnd?: ArrayInput | null, options?: { toBegin?: ArrayInput | null | undefined }): NDArray;
export function ediff1d(ary: ArrayInput, toEnd?: ArrayInput | null, toBegin?: ArrayInput | null): NDArray;
// @end
export function ediff1d(...args: unknown[]): NDArray {
  const op = 'ediff1d';
  const [ary, toEnd, toBegin] = bind(EDIFF1D, args);
  return run(op, () => {
    const x = asArray(op, ary, undefined, 'ary').reshape([-1]);
    const n = x.size;
    const d = sub(axisSlice(x, 0, Math.min(1, n), n), axisSlice(x, 0, 0, Math.max(n - 1, 0)));
    if (toBegin === null && toEnd === null) return keep(d);
    const part = (v: unknown, name: string): NDArray => {
      const t = listArray(op, v, name);
      // NumPy 1.24's can_cast of a scalar (a 0-d array) is value-based: 99 fits uint32
      const ok = t.ndim === 0 ? canCast(t, x.dtype, 'same_kind') : canCastSameKind(t.dtype, x.dtype);
      if (!ok) throw new TypeError(`${op}: dtype of \`${name}\` (${t.dtype}) must be compatible with input \`ary\` (${x.dtype}) under the \`same_kind\` rule`);
      return t.reshape([-1]).astype(x.dtype);
    };
    const parts = [...(toBegin === null ? [] : [part(toBegin, 'toBegin')]), d.dtype === x.dtype ? d : d.astype(x.dtype), ...(toEnd === null ? [] : [part(toEnd, 'toEnd')])];
    return keep(concatenate(parts, 0));
  });
}

const TRAPZ: SigRef = { sig: 'numpy.trapz: trapz(y: ArrayInput, x: ArrayInput | null = null, dx: number = 1.0, axis: number = -1) -> NDArray | number' };
/**
 * The integral of `y` along `axis` by the trapezoidal rule (NumPy trapz: sum(d * (y[1:] + y[:-1]) /
 * 2)), with sample points `x` (1-D along the axis, or y's shape) or the spacing `dx`. A 1-D `y`
 * gives a JS number.
 */
// @overloads TRAPZ
export function trapz(y: ArrayInput, options?: { x?: ArrayInput | null | undefined; dx?: number | undefined; axis?: number | undefined }): NDArray | number;
export function trapz(y: ArrayInput, x?: ArrayInput | null, options?: { dx?: number | undefined; axis?: number | undefined }): NDArray | number;
export function trapz(y: ArrayInput, x?: ArrayInput | null, dx?: number, options?: { axis?: number | undefined }): NDArray | number;
export function trapz(y: ArrayInput, x?: ArrayInput | null, dx?: number, axis?: number): NDArray | number;
// @end
export function trapz(...args: unknown[]): NDArray | number {
  const op = 'trapz';
  const [y, x, dx, axis] = bind(TRAPZ, args);
  return run(op, () => {
    if (typeof dx !== 'number') throw new TypeError(`${op}: dx must be a number, got ${fmt(dx)}`);
    const yy = asArray(op, y, undefined, 'y');
    const ax = normAxis(op, axis as number, yy.ndim);
    const n = yy.shape[ax]!;
    let d: NDArray | number = dx;
    if (x !== null) {
      const xx = asArray(op, x, undefined, 'x');
      const axx = xx.ndim === 1 ? 0 : normAxis(op, axis as number, xx.ndim);
      const m = xx.shape[axx]!;
      let dd = sub(axisSlice(xx, axx, Math.min(1, m), m), axisSlice(xx, axx, 0, Math.max(m - 1, 0)));
      if (xx.ndim === 1) dd = dd.reshape(yy.shape.map((s, i) => (i === ax ? dd.size : 1)));
      d = dd;
    }
    const hi = axisSlice(yy, ax, Math.min(1, n), n);
    const lo = axisSlice(yy, ax, 0, Math.max(n - 1, 0));
    const r = (sum as Fn)(div(mul(d, add(hi, lo)), 2.0), ax);
    return result(r) as NDArray | number;
  });
}


const GRADIENT: SigRef = { sig: 'numpy.gradient: gradient(f: ArrayInput, ...varargs: number | ArrayInput, axis: number | readonly number[] | null = null, ' +
    'edgeOrder: number = 1) -> NDArray | NDArray[]' };
/**
 * The gradient of `f` by central differences in the interior and one-sided (`edgeOrder` 1 or 2)
 * differences at the edges (NumPy gradient, its formulas). `varargs`: nothing (spacing 1), one
 * spacing for every axis, or one per axis, each a number or the 1-D coordinates along it. One axis:
 * an NDArray; several: one per axis. Integers give float64.
 */
// @overloads GRADIENT
export function gradient(f: ArrayInput, ...varargs: (number | ArrayInput)[]): NDArray | NDArray[];
export function gradient(...args: [f: ArrayInput, ...varargs: (number | ArrayInput)[], options: { axis?: number | readonly number[] | null | undefined; edgeOrder?: number | undefined }]): NDArray | NDArray[];
// @end
export function gradient(...args: unknown[]): NDArray | NDArray[] {
  const op = 'gradient';
  const [f, varargs, axis, edgeOrder] = bind(GRADIENT, args);
  return run(op, () => {
    if (typeof edgeOrder !== 'number') throw new TypeError(`${op}: edgeOrder must be 1 or 2, got ${fmt(edgeOrder)}`);
    if (axis !== null && typeof axis !== 'number' && !Array.isArray(axis)) throw new TypeError(`${op}: axis must be an integer, a list of integers or null, got ${fmt(axis)}`);
    (varargs as unknown[]).forEach((d, i) => {
      if (typeof d !== 'number' && !(d instanceof NDArray) && !Array.isArray(d)) throw new TypeError(`${op}: varargs[${i}] must be a number or the coordinates (an array), got ${fmt(d)}`);
    });
    let x = asArray(op, f, undefined, 'f');
    const N = x.ndim;
    const axes = axis === null ? x.shape.map((_, i) => i) : (typeof axis === 'number' ? [axis] : [...(axis as number[])]).map((a) => normAxis(op, a, N));
    if (new Set(axes).size !== axes.length) throw new StrideViewError('invalid_argument', `${op}: repeated axis in ${fmt(axis)}`);
    const va = varargs as unknown[];
    let dx: (number | NDArray)[];
    if (va.length === 0) dx = axes.map(() => 1.0);
    else if (va.length === 1 && typeof va[0] === 'number') dx = axes.map(() => va[0] as number);
    else if (va.length === axes.length) {
      dx = va.map((d, i) => {
        if (typeof d === 'number') return d;
        let t = asArray(op, d, undefined, `varargs[${i}]`);
        if (t.ndim === 0) return Number(t.item());
        if (t.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: distances must be either scalars or 1d (varargs[${i}] has shape ${fmt(t.shape)})`);
        if (t.size !== x.shape[axes[i]!]) throw new StrideViewError('shape_mismatch', `${op}: when 1d, distances must match the length of the corresponding dimension (${t.size} and ${x.shape[axes[i]!]})`);
        if (info(t.dtype).kind !== 'f') t = t.astype('float64');
        const n = t.size;
        const diffx = sub(axisSlice(t, 0, Math.min(1, n), n), axisSlice(t, 0, 0, Math.max(n - 1, 0)));
        if (diffx.size > 0 && (all(equal(diffx, axisSlice(diffx, 0, 0, 1).reshape([]))) as boolean)) return Number(diffx.get(0));
        return diffx;
      });
    } else throw new TypeError(`${op}: invalid number of arguments: ${va.length} spacings for ${axes.length} axes`);
    if (typeof edgeOrder !== 'number' || !Number.isInteger(edgeOrder) || edgeOrder < 1) throw new StrideViewError('invalid_argument', `${op}: edgeOrder must be 1 or 2, got ${fmt(edgeOrder)}`);
    if (edgeOrder > 2) throw new StrideViewError('invalid_argument', `${op}: 'edgeOrder' greater than 2 not supported (got ${edgeOrder})`);
    let otype = x.dtype;
    if (!isInexact(otype)) {
      if (otype !== 'bool') x = x.astype('float64');
      otype = 'float64';
    }
    const outs = axes.map((ax, k) => {
      const n = x.shape[ax]!;
      if (n < edgeOrder + 1) {
        throw new StrideViewError('invalid_argument', `${op}: shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required (axis ${ax} has ${n})`);
      }
      const out = empty(x.shape, otype);
      const fs = (lo: number, hi: number): NDArray => axisSlice(x, ax, lo < 0 ? n + lo : lo, hi <= 0 ? n + hi : hi);
      const os = (lo: number, hi: number): NDArray => axisSlice(out, ax, lo < 0 ? n + lo : lo, hi <= 0 ? n + hi : hi);
      const h = dx[k]!;
      const shaped = (v: NDArray): NDArray => v.reshape(x.shape.map((s, i) => (i === ax ? v.size : 1)));
      const comb = (a: unknown, p: NDArray, b: unknown, q: NDArray, c: unknown, r: NDArray): NDArray => add(add(mul(a as NDArray, p), mul(b as NDArray, q)), mul(c as NDArray, r));
      if (typeof h === 'number') os(1, -1).assign(div(sub(fs(2, 0), fs(0, -2)), 2.0 * h));
      else {
        const d1 = axisSlice(h, 0, 0, h.size - 1);
        const d2 = axisSlice(h, 0, 1, h.size);
        const s12 = add(d1, d2);
        const a = div(mul(d2, -1), mul(d1, s12));
        const b = div(sub(d2, d1), mul(d1, d2));
        const c = div(d1, mul(d2, s12));
        os(1, -1).assign(comb(shaped(a), fs(0, -2), shaped(b), fs(1, -1), shaped(c), fs(2, 0)));
      }
      const hv = (i: number): number => (typeof h === 'number' ? h : Number(h.get(i < 0 ? h.size + i : i)));
      if (edgeOrder === 1) {
        os(0, 1).assign(div(sub(fs(1, 2), fs(0, 1)), hv(0)));
        os(-1, 0).assign(div(sub(fs(-1, 0), fs(-2, -1)), hv(-1)));
      } else {
        let a: number, b: number, c: number;
        if (typeof h === 'number') [a, b, c] = [-1.5 / h, 2.0 / h, -0.5 / h];
        else {
          const [d1, d2] = [hv(0), hv(1)];
          [a, b, c] = [-(2.0 * d1 + d2) / (d1 * (d1 + d2)), (d1 + d2) / (d1 * d2), -d1 / (d2 * (d1 + d2))];
        }
        os(0, 1).assign(comb(a, fs(0, 1), b, fs(1, 2), c, fs(2, 3)));
        if (typeof h === 'number') [a, b, c] = [0.5 / h, -2.0 / h, 1.5 / h];
        else {
          const [d1, d2] = [hv(-2), hv(-1)];
          [a, b, c] = [d2 / (d1 * (d1 + d2)), -(d2 + d1) / (d1 * d2), (2.0 * d2 + d1) / (d2 * (d1 + d2))];
        }
        os(-1, 0).assign(comb(a, fs(-3, -2), b, fs(-2, -1), c, fs(-1, 0)));
      }
      return keep(out);
    });
    return outs.length === 1 ? outs[0]! : outs;
  });
}
