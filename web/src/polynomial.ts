// NumPy's power-basis polynomials: vander (powers by repeated multiplication, as NumPy), polyval
// (Horner's rule, NumPy's order of operations and dtypes) and polyfit (a scaled Vandermonde
// least-squares problem through lstsq, NumPy's algorithm).
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { type Complex, isComplex, promoteTypes } from './dtype.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput, add, div, mul, sqrt } from './ops.js';
import { cumprod } from './stats.js';
import { sum } from './reductions.js';
import { ones, zeros } from './creation.js';
import { concatenate } from './joining.js';
import { outer } from './norms.js';
import { inv, lstsq } from './linalg_solve.js';
import { matmul } from './linalg.js';
import { tidy } from './tidy.js';
import { scalarResult } from './reductions.js';
import { type SigRef, bind } from './signature.js';

const EPS = { float32: 2 ** -23, float64: 2 ** -52 } as const;

/** x's powers as columns: [x^(N-1), ..., x, 1] (increasing: [1, x, ..., x^(N-1)]). */
function vanderImpl(x0: NDArray, n: number, increasing: boolean): NDArray {
  // NumPy: the powers in promote_types(x.dtype, int) (int64 for integers and bool, float64 for floats)
  const x = x0.astype(promoteTypes(x0.dtype, 'int64'));
  const m = x.size;
  let v: NDArray;
  if (n === 0) v = zeros([m, 0], x.dtype);
  else if (n === 1) v = ones([m, 1], x.dtype);
  else {
    // NumPy: multiply.accumulate over the columns, so x^k is the product of k factors of x in order
    const powers = cumprod(x.reshape([m, 1]).broadcastTo([m, n - 1]), 1) as NDArray;
    v = concatenate([ones([m, 1], powers.dtype), powers], 1);
  }
  return increasing ? v : v.slice(':, ::-1').copy();
}

const VANDER: SigRef = { sig: 'numpy.vander: vander(x: ArrayInput, N: number | null = null, increasing: boolean = false) -> NDArray' };
/**
 * The Vandermonde matrix of a 1-D x (NumPy vander): N columns (default len(x)) of powers of x,
 * decreasing from x^(N-1) to 1, or increasing. Powers by repeated multiplication in NumPy's dtype
 * for them: int64 for integer and bool x, float64 for float x (float32 included).
 */
// @overloads VANDER
export function vander(x: ArrayInput, options?: { N?: number | null | undefined; increasing?: boolean | undefined }): NDArray;
export function vander(x: ArrayInput, N?: number | null, options?: { increasing?: boolean | undefined }): NDArray;
export function vander(x: ArrayInput, N?: number | null, increasing?: boolean): NDArray;
// @end
export function vander(...args: unknown[]): NDArray {
  const op = 'vander';
  const [xin, nIn, inc] = bind(VANDER, args);
  try {
    if (typeof inc !== 'boolean') throw new TypeError(`${op}: increasing must be a boolean, got ${fmt(inc)}`);
    return tidy(() => {
      const x = asArray(op, xin, undefined, 'x');
      if (x.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: x must be a one-dimensional array or sequence, got shape ${fmt(x.shape)}`);
      const n = nIn === null ? x.size : toInt(op, 'N', nIn);
      if (n < 0) throw new StrideViewError('invalid_argument', `${op}: N must be >= 0, got ${n}`);
      return vanderImpl(x, n, inc as boolean);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const POLYVAL: SigRef = { sig: 'numpy.polyval: polyval(p: ArrayInput, x: ArrayInput) -> NDArray | number | Complex' };
/**
 * The polynomial with coefficients `p` (highest power first) at `x` (NumPy polyval), by Horner's
 * rule as NumPy: y = 0 of x's dtype, then y = y * x + p[i] for each coefficient (a 2-D p gives one
 * polynomial per column, broadcast against x). A scalar x gives a JS number.
 */
// @overloads POLYVAL
export function polyval(p: ArrayInput, x: ArrayInput): NDArray | number | Complex;
// @end
export function polyval(...args: unknown[]): NDArray | number | Complex {
  const op = 'polyval';
  const [pin, xin] = bind(POLYVAL, args);
  try {
    const scalarX = typeof xin === 'number';
    const r = tidy(() => {
      const p = asArray(op, pin, undefined, 'p');
      const x = asArray(op, xin, undefined, 'x');
      if (p.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: p must be a sequence of coefficients, got a 0-d array`);
      let y: NDArray = zeros(x.shape, x.dtype);
      // each coefficient as NumPy's scalar p[i] (weak in promotion as a JS number), or a row of a 2-D p
      // (complex coefficients as Complex values, weak in promotion as a Python complex is)
      const coefs = p.ndim === 1 ? (isComplex(p.dtype) ? (p.tolist() as Complex[]) : (p.astype('float64').toArray() as number[])) : null;
      for (let i = 0; i < p.shape[0]!; i++) {
        const c = coefs !== null && p.dtype !== 'int64' && p.dtype !== 'uint64' ? coefs[i]! : p.slice(`${i}`);
        y = add(mul(y, x), c);
      }
      return y;
    });
    return scalarX ? (scalarResult(r, false, undefined) as number | Complex) : r;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** What {@link polyfit} returns with `full`: `[p, residuals, rank, s, rcond]`. */
export type PolyfitFull = [NDArray, NDArray, number, NDArray, number];
/** What {@link polyfit} returns for the arguments `P`: the coefficients, `[p, cov]` with `cov`, or the full tuple. */
export type PolyfitOut<P> = P extends { full: true } ? PolyfitFull : P extends { cov: true | 'unscaled' } ? [NDArray, NDArray] : NDArray;

const POLYFIT: SigRef = { sig: 'numpy.polyfit: polyfit(x: ArrayInput, y: ArrayInput, deg: number, rcond: number | null = null, ' +
    'full: boolean = false, w: ArrayInput | null = null, cov: boolean | "unscaled" = false) -> PolyfitOut<$P[full, cov]>' };
/**
 * The least-squares polynomial fit of degree `deg` (NumPy polyfit): coefficients highest power
 * first (one column per column of a 2-D y). NumPy's algorithm: the Vandermonde matrix (weighted by
 * `w`), its columns scaled to unit norm, {@link lstsq} with `rcond` (default len(x) times the
 * dtype's epsilon). `full` returns `[p, residuals, rank, s, rcond]`; `cov` returns `[p, V]` with the
 * covariance matrix (scaled by the residuals / (len(x) - deg - 1), or 'unscaled'). NumPy's
 * RankWarning for a poorly conditioned fit is not raised: use `full` and read the rank.
 */
// @overloads POLYFIT
export function polyfit<O extends { rcond?: number | null | undefined; full?: boolean | undefined; w?: ArrayInput | null | undefined; cov?: boolean | "unscaled" | undefined } = {}>(x: ArrayInput, y: ArrayInput, deg: number, options?: O): PolyfitOut<O>;
export function polyfit<O extends { full?: boolean | undefined; w?: ArrayInput | null | undefined; cov?: boolean | "unscaled" | undefined } = {}>(x: ArrayInput, y: ArrayInput, deg: number, rcond?: number | null, options?: O): PolyfitOut<O>;
export function polyfit<TFull extends boolean | undefined = undefined, O extends { w?: ArrayInput | null | undefined; cov?: boolean | "unscaled" | undefined } = {}>(x: ArrayInput, y: ArrayInput, deg: number, rcond?: number | null, full?: TFull, options?: O): PolyfitOut<{ full: TFull } & O>;
export function polyfit<TFull extends boolean | undefined = undefined, O extends { cov?: boolean | "unscaled" | undefined } = {}>(x: ArrayInput, y: ArrayInput, deg: number, rcond?: number | null, full?: TFull, w?: ArrayInput | null, options?: O): PolyfitOut<{ full: TFull } & O>;
export function polyfit<TFull extends boolean | undefined = undefined, TCov extends boolean | "unscaled" | undefined = undefined>(x: ArrayInput, y: ArrayInput, deg: number, rcond?: number | null, full?: TFull, w?: ArrayInput | null, cov?: TCov): PolyfitOut<{ full: TFull; cov: TCov } & {}>;
// @end
export function polyfit(...args: unknown[]): NDArray | unknown[] {
  const op = 'polyfit';
  const [xin, yin, degIn, rcondIn, full, win, cov] = bind(POLYFIT, args);
  try {
    const deg = toInt(op, 'deg', degIn);
    if (deg < 0) throw new StrideViewError('invalid_argument', `${op}: expected deg >= 0, got ${deg}`);
    if (rcondIn !== null && (typeof rcondIn !== 'number' || Number.isNaN(rcondIn))) throw new TypeError(`${op}: rcond must be a number or null, got ${fmt(rcondIn)}`);
    if (typeof full !== 'boolean') throw new TypeError(`${op}: full must be a boolean, got ${fmt(full)}`);
    if (typeof cov !== 'boolean' && cov !== 'unscaled') throw new TypeError(`${op}: cov must be a boolean or 'unscaled', got ${fmt(cov)}`);
    const order = deg + 1;
    return tidy(() => {
      // NumPy: x + 0.0, y + 0.0 (integers become float64, float32 stays)
      const x = add(asArray(op, xin, undefined, 'x'), 0.0);
      let y = add(asArray(op, yin, undefined, 'y'), 0.0);
      if (x.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: expected 1D vector for x, got shape ${fmt(x.shape)}`);
      if (x.size === 0) throw new StrideViewError('invalid_argument', `${op}: expected non-empty vector for x`);
      if (y.ndim < 1 || y.ndim > 2) throw new StrideViewError('rank_mismatch', `${op}: expected 1D or 2D array for y, got shape ${fmt(y.shape)}`);
      if (x.shape[0] !== y.shape[0]) throw new StrideViewError('shape_mismatch', `${op}: expected x and y to have same length (${x.shape[0]} and ${y.shape[0]})`);
      // rcond's default from x's dtype (float32 stays float32 here), the fit in float64 (vander's dtype), as NumPy
      const rcond = rcondIn === null ? x.size * EPS[x.dtype === 'float32' ? 'float32' : 'float64'] : (rcondIn as number);
      let lhs = vanderImpl(x, order, false);
      if (win !== null) {
        const w = add(asArray(op, win, undefined, 'w'), 0.0);
        if (w.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: expected a 1-d array for weights, got shape ${fmt(w.shape)}`);
        if (w.shape[0] !== y.shape[0]) throw new StrideViewError('shape_mismatch', `${op}: expected w and y to have the same length (${w.shape[0]} and ${y.shape[0]})`);
        lhs = mul(lhs, w.reshape([-1, 1]));
        y = y.ndim === 2 ? mul(y, w.reshape([-1, 1])) : mul(y, w);
      }
      const scale = sqrt(sum(mul(lhs, lhs), 0) as NDArray);
      lhs = div(lhs, scale);
      const [c0, resids, rank, s] = lstsq(lhs, y, rcond);
      const c = c0.ndim === 2 ? div(c0, scale.reshape([-1, 1])) : div(c0, scale);
      if (full) return [c, resids, rank, s, rcond];
      if (cov === false) return c;
      let vbase = inv(matmul(lhs.T, lhs) as NDArray);
      vbase = div(vbase, outer(scale, scale));
      let fac: NDArray | number = 1;
      if (cov !== 'unscaled') {
        if (x.size <= order) throw new StrideViewError('invalid_argument', `${op}: the number of data points must exceed order to scale the covariance matrix (${x.size} points, order ${order})`);
        fac = div(resids, x.size - order);
      }
      if (y.ndim === 1) return [c, mul(vbase, fac)];
      return [c, mul(vbase.reshape([order, order, 1]), fac)];
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
