// NumPy's convolve and correlate (one matmul of a sliding-window view: every window of the input is
// a row of a strided view with strides [1, 1] over one zero-padded copy, no window is copied) and
// interp (piecewise-linear interpolation: one searchsorted, gathers, elementwise ops).
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { View } from './view.js';
import { type ArrayInput, abs, add, div, greater, less, mul, sub, where, equal } from './ops.js';
import { matmul } from './linalg.js';
import { irfft, rfft } from './fft.js';
import { Complex, isComplex, isComplexValue, promoteTypes } from './dtype.js';
import { conj, imag, real } from './complex.js';
import { zeros } from './creation.js';
import { argsort, take } from './select.js';
import { searchsorted } from './search.js';
import { clip, isnan, logicalAnd } from './math.js';

import { concatenate } from './joining.js';
import { mod } from './integer_ops.js';
import { tidy } from './tidy.js';
import { scalarResult } from './reductions.js';
import { axisSlice, reshaped } from './axis_reductions.js';
import { normAxis } from './axes.js';
import { diff } from './numpy_reorder.js';
import { cumsum } from './stats.js';
import { type SigRef, bind } from './signature.js';

/** convolve's / correlate's `mode`. */
export type ConvolveMode = 'valid' | 'same' | 'full';

/** NumPy's mode: a name read by its first letter (case-insensitive), or 0 / 1 / 2. */
function modeOf(op: string, m: unknown): 0 | 1 | 2 {
  if (m === 0 || m === 1 || m === 2) return m;
  if (typeof m === 'string' && m.length > 0) {
    const k = { v: 0, s: 1, f: 2 }[m[0]!.toLowerCase()];
    if (k !== undefined) return k as 0 | 1 | 2;
  }
  throw new StrideViewError('invalid_argument', `${op}: mode must be 'valid', 'same' or 'full' (or 0, 1, 2), got ${fmt(m)}`);
}

function vector(op: string, x: unknown, name: string): NDArray {
  const a = asArray(op, x, undefined, name);
  const v = a.ndim === 0 ? a.reshape([1]) : a;
  if (v.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: ${name} must be 1-D, got shape ${fmt(a.shape)}`);
  if (v.size === 0) throw new StrideViewError('invalid_argument', `${op}: ${name} cannot be empty`);
  return v;
}

/**
 * NumPy's correlate of a (length n) and v (length m <= n): out[k] = sum_j p[k + j] * v[j] over a
 * copy p of a padded for the mode, computed as one matrix-vector product of p's windows.
 */
function correlateImpl(a: NDArray, v: NDArray, mode: 0 | 1 | 2): NDArray {
  const n = a.size, m = v.size;
  const left = mode === 0 ? 0 : mode === 1 ? m >> 1 : m - 1;
  const right = mode === 0 ? 0 : mode === 1 ? m - left - 1 : m - 1;
  const len = n + left + right - m + 1;
  if (m >= FFT_PER_LOG * Math.log2(n + m) && n * m >= FFT_MIN_WORK && isFloat(a.dtype) && isFloat(v.dtype)) {
    return correlateFft(a, v, left, len);
  }
  let p = a;
  if (left + right > 0 || a.strides[0] !== 1) {
    p = zeros([n + left + right], a.dtype);
    p.slice(`${left}:${left + n}`).assign(a);
  }
  // the windows: row k is p[k : k + m] (a read-only view; rows overlap)
  const windows = p._derive(View.create([len, m], { strides: [1, 1], offset: p.offset }), true);
  return matmul(windows, v) as NDArray;
}

// Float inputs correlate by FFT when the kernel is longer than FFT_PER_LOG * log2(n + m) (and the
// work n m is above FFT_MIN_WORK): the direct matmul costs d n m, the FFT path three transforms,
// about c (n + m) log2(n + m), with c / d measured at 3-6 under load (bench/RESULTS.md: n = 1e5,
// m = 1000 by FFT in 12.7 ms; the direct path 1-2 ns per multiply-add).
const FFT_PER_LOG = 3.5;
const FFT_MIN_WORK = 1 << 16;

const isFloat = (d: string): boolean => d === 'float32' || d === 'float64' || d === 'float16';

/** The smallest 2^a 3^b 5^c >= n (a length the FFT kernel transforms fastest). */
function fastLength(n: number): number {
  for (let k = n; ; k++) {
    let r = k;
    for (const p of [2, 3, 5]) while (r % p === 0) r /= p;
    if (r === 1) return k;
  }
}

/**
 * correlateImpl's result by FFT: the full correlation of a and v is the convolution of a with v
 * reversed, irfft(rfft(a) rfft(v reversed)) over a fast length >= n + m - 1, in float64 (NumPy's
 * fft dtypes), then the mode's window (starting `left` before a's first element), cast to the
 * inputs' promoted dtype. Rounding errors are relative to sum |a| |v| (not to each output, as
 * the direct sum's): the price of O((n + m) log(n + m)).
 */
function correlateFft(a: NDArray, v: NDArray, left: number, len: number): NDArray {
  const n = a.size, m = v.size;
  const L = fastLength(n + m - 1);
  const fa = rfft(a, L);
  const fv = rfft(v.slice('::-1'), L);
  const full = irfft(mul(fa, fv), L);
  // full[k] = sum_j a[k - j] v[m - 1 - j]: the window of the direct path's output k is full[k + m - 1 - left]
  const start = m - 1 - left;
  const out = full.slice(`${start}:${start + len}`);
  const dt = promoteTypes(a.dtype, v.dtype);
  return out.astype(dt);
}

const CORRELATE: SigRef = { sig: 'numpy.correlate: correlate(a: ArrayInput, v: ArrayInput, mode: ConvolveMode | 0 | 1 | 2 = "valid") -> NDArray' };
/**
 * The cross-correlation of two 1-D sequences (NumPy correlate): c[k] = sum_n a[n + k] * v[n],
 * for `mode` 'valid' (default: the shifts where v lies inside a), 'same' (a's length, centred) or
 * 'full' (every overlap). dtypes promote as {@link mul}. Computed as one {@link matmul} of a
 * sliding-window view (exact in integers, O(n m)); float inputs whose shorter sequence is longer
 * than 3.5 log2(n + m) (n m above 2^16) by FFT instead (O((n + m) log(n + m)); errors relative to
 * sum |a| |v|).
 */
// @overloads CORRELATE
export function correlate(a: ArrayInput, v: ArrayInput, options?: { mode?: ConvolveMode | 0 | 1 | 2 | undefined }): NDArray;
export function correlate(a: ArrayInput, v: ArrayInput, mode?: ConvolveMode | 0 | 1 | 2): NDArray;
// @end
export function correlate(...args: unknown[]): NDArray {
  const op = 'correlate';
  const [ain, vin, modeIn] = bind(CORRELATE, args);
  try {
    const mode = modeOf(op, modeIn);
    return tidy(() => {
      const a = vector(op, ain, 'a');
      const v0 = vector(op, vin, 'v');
      // NumPy's correlate conjugates v (sum_n a[n + k] conj(v[n])); it swaps the shorter sequence
      // into v and then reverses the result (and conjugates it back, for complex data)
      if (a.size >= v0.size) return correlateImpl(a, isComplex(v0.dtype) ? conj(v0) : v0, mode);
      const r = correlateImpl(v0, isComplex(a.dtype) ? conj(a) : a, mode).slice('::-1');
      return isComplex(r.dtype) ? conj(r) : r.copy();
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const CONVOLVE: SigRef = { sig: 'numpy.convolve: convolve(a: ArrayInput, v: ArrayInput, mode: ConvolveMode | 0 | 1 | 2 = "full") -> NDArray' };
/**
 * The discrete linear convolution of two 1-D sequences (NumPy convolve): (a * v)[k] = sum_j a[j]
 * v[k - j], for `mode` 'full' (default: length n + m - 1), 'same' (the longer one's length,
 * centred) or 'valid' (where they overlap completely). dtypes promote as {@link mul}. One
 * {@link matmul} of a sliding-window view (exact in integers, O(n m)), or by FFT for float inputs
 * above the size {@link correlate} names.
 */
// @overloads CONVOLVE
export function convolve(a: ArrayInput, v: ArrayInput, options?: { mode?: ConvolveMode | 0 | 1 | 2 | undefined }): NDArray;
export function convolve(a: ArrayInput, v: ArrayInput, mode?: ConvolveMode | 0 | 1 | 2): NDArray;
// @end
export function convolve(...args: unknown[]): NDArray {
  const op = 'convolve';
  const [ain, vin, modeIn] = bind(CONVOLVE, args);
  try {
    const mode = modeOf(op, modeIn);
    return tidy(() => {
      let a = vector(op, ain, 'a');
      let v = vector(op, vin, 'v');
      if (v.size > a.size) [a, v] = [v, a];
      return correlateImpl(a, v.slice('::-1'), mode);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const INTERP: SigRef = { sig: 'numpy.interp: interp(x: ArrayInput, xp: ArrayInput, fp: ArrayInput, left: number | null = null, ' +
    'right: number | null = null, period: number | null = null) -> NDArray | number | Complex' };
/**
 * Piecewise-linear interpolation (NumPy interp) of the points (xp, fp) at `x`: xp increasing (not
 * checked, as NumPy), fp of the same length; values below xp[0] get `left` (default fp[0]), above
 * xp[-1] `right` (default fp[-1]). With `period`, x and xp are read modulo it (left / right are
 * then refused, as NumPy ignores them). float64 results of x's shape; a JS number for a scalar x.
 * A complex `fp` interpolates the real and imaginary parts (a complex128 result, a {@link Complex}
 * for a scalar x; a real `left` / `right` has imaginary part 0); x and xp must be real.
 */
// @overloads INTERP
export function interp(x: ArrayInput, xp: ArrayInput, fp: ArrayInput, options?: { left?: number | null | undefined; right?: number | null | undefined; period?: number | null | undefined }): NDArray | number | Complex;
export function interp(x: ArrayInput, xp: ArrayInput, fp: ArrayInput, left?: number | null, options?: { right?: number | null | undefined; period?: number | null | undefined }): NDArray | number | Complex;
export function interp(x: ArrayInput, xp: ArrayInput, fp: ArrayInput, left?: number | null, right?: number | null, options?: { period?: number | null | undefined }): NDArray | number | Complex;
export function interp(x: ArrayInput, xp: ArrayInput, fp: ArrayInput, left?: number | null, right?: number | null, period?: number | null): NDArray | number | Complex;
// @end
export function interp(...args: unknown[]): NDArray | number | Complex {
  const op = 'interp';
  const [xin, xpin, fpin, leftIn, rightIn, periodIn] = bind(INTERP, args);
  try {
    for (const [k, v] of [['x', xin], ['xp', xpin]] as const) {
      if (v instanceof NDArray ? isComplex(v.dtype) : isComplexValue(v)) throw new TypeError(`${op}: ${k} must be real, got ${v instanceof NDArray ? v.dtype : 'a complex value'} (NumPy cannot cast it to float64)`);
    }
    const fpA = fpin instanceof NDArray ? fpin : asArray(op, fpin, undefined, 'fp');
    try {
      if (isComplex(fpA.dtype)) return complexInterp(xin, xpin, fpA, leftIn, rightIn, periodIn);
    } finally {
      if (fpA !== fpin) fpA.dispose();
    }
    for (const [k, v] of [['left', leftIn], ['right', rightIn], ['period', periodIn]] as const) {
      if (v !== null && typeof v !== 'number') throw new TypeError(`${op}: ${k} must be a number or null, got ${fmt(v)}`);
    }
    const scalarX = typeof xin === 'number';
    const r = tidy(() => {
      const x0: NDArray = asArray(op, xin, undefined, 'x').astype('float64');
      let x: NDArray = x0.ndim === 0 ? x0.reshape([1]) : x0;
      let xp: NDArray = asArray(op, xpin, undefined, 'xp').astype('float64');
      let fp: NDArray = asArray(op, fpin, undefined, 'fp').astype('float64');
      if (xp.ndim !== 1 || fp.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: xp and fp must be 1-D, got shapes ${fmt(xp.shape)} and ${fmt(fp.shape)}`);
      if (xp.size !== fp.size) throw new StrideViewError('shape_mismatch', `${op}: fp and xp are not of the same length (${fp.size} and ${xp.size})`);
      if (xp.size === 0) throw new StrideViewError('invalid_argument', `${op}: array of sample points is empty`);
      let left = leftIn as number | null, right = rightIn as number | null;
      if (periodIn !== null) {
        const period = Math.abs(periodIn as number);
        if (period === 0 || Number.isNaN(period)) throw new StrideViewError('invalid_argument', `${op}: period must be a non-zero number, got ${periodIn}`);
        left = right = null;
        // NumPy: x and xp modulo the period, xp sorted with fp, one point wrapped onto each end
        x = mod(x, period);
        xp = mod(xp, period);
        const order = argsort(xp);
        xp = take(xp, order);
        fp = take(fp, order);
        xp = concatenate([sub(xp.slice('-1:'), period), xp, add(xp.slice(':1'), period)]);
        fp = concatenate([fp.slice('-1:'), fp, fp.slice(':1')]);
      }
      const n = xp.size;
      const f0 = fp.get(0) as number, fn = fp.get(n - 1) as number;
      const lo = left ?? f0, hi = right ?? fn;
      if (n === 1) {
        return reshaped(where(less(x, xp.get(0) as number), lo, where(greater(x, xp.get(0) as number), hi, f0)), x0.shape);
      }
      // the segment j with xp[j] <= x < xp[j + 1], clipped to the first and last segments
      const j = clip(sub(searchsorted(xp, x, 'right') as NDArray, 1), 0, n - 2);
      const xl = take(xp, j), xr = take(xp, add(j, 1)), fl = take(fp, j), fr = take(fp, add(j, 1));
      const slope = div(sub(fr, fl), sub(xr, xl));
      let y = add(mul(slope, sub(x, xl)), fl);
      // NumPy: a NaN from equal sample points (0 * inf) tries the right end, then fp[j] when fp[j] == fp[j + 1]
      const bad = isnan(y);
      y = where(bad, add(mul(slope, sub(x, xr)), fr), y);
      y = where(isnan(y), where(equal(fl, fr), fl, y), y);
      y = where(equal(x, xl), fl, y); // x on a sample point: fp there, exactly
      y = where(equal(x, xp.get(n - 1) as number), fn, y);
      y = where(isnan(x), x, y);
      return reshaped(where(less(x, xp.get(0) as number), lo, where(greater(x, xp.get(n - 1) as number), hi, y)), x0.shape);
    });
    return scalarX ? (scalarResult(r, false, undefined) as number) : r;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** interp of a complex fp: the real and imaginary parts interpolated apart. */
function complexInterp(x: unknown, xp: unknown, fp: NDArray, left: unknown, right: unknown, period: unknown): NDArray | Complex {
  const part = (p: NDArray, im: boolean): NDArray | number => {
    try {
      return interp(x as ArrayInput, xp as ArrayInput, p, (im && left !== null ? 0 : left) as number | null, (im && right !== null ? 0 : right) as number | null, period as number | null) as NDArray | number;
    } finally {
      p.dispose();
    }
  };
  const re = part(real(fp), false);
  const im = part(imag(fp), true);
  if (!(re instanceof NDArray) || !(im instanceof NDArray)) return new Complex(Number(re), Number(im));
  try {
    const r = zeros(re.shape, 'complex128');
    for (const [p, v] of [[real(r), re], [imag(r), im]] as const) {
      p.set([], v);
      p.dispose();
    }
    return r;
  } finally {
    re.dispose();
    im.dispose();
  }
}

const UNWRAP: SigRef = { sig: 'numpy.unwrap: unwrap(p: ArrayInput, discont: number | null = null, axis: number = -1, *, period: number = 6.283185307179586) -> NDArray' };
/**
 * `p` with its jumps larger than `discont` (default period / 2) along `axis` replaced by their
 * complement modulo `period` (NumPy unwrap: phase unwrapping; `period` 360 for degrees). An
 * integer `p` with an integer `period` stays integer, as NumPy's with a Python int period; a JS
 * number that is an integer counts as one.
 */
// @overloads UNWRAP
export function unwrap(p: ArrayInput, options?: { discont?: number | null | undefined; axis?: number | undefined; period?: number | undefined }): NDArray;
export function unwrap(p: ArrayInput, discont?: number | null, options?: { axis?: number | undefined; period?: number | undefined }): NDArray;
export function unwrap(p: ArrayInput, discont?: number | null, axis?: number, options?: { period?: number | undefined }): NDArray;
// @end
export function unwrap(...args: unknown[]): NDArray {
  const op = 'unwrap';
  const [pV, discontV, axisV, periodV] = bind(UNWRAP, args);
  try {
    if (typeof periodV !== 'number' || !Number.isFinite(periodV)) throw new TypeError(`${op}: period must be a finite number, got ${fmt(periodV)}`);
    if (discontV !== null && (typeof discontV !== 'number' || Number.isNaN(discontV))) throw new TypeError(`${op}: discont must be a number or null, got ${fmt(discontV)}`);
    const period = periodV;
    return tidy(() => {
      const p = asArray(op, pV, undefined, 'p');
      if (p.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: p must have at least 1 dimension, got shape []`);
      const ax = normAxis(op, axisV, p.ndim);
      const n = p.shape[ax]!;
      const intDtype = p.dtype.startsWith('int') || p.dtype.startsWith('uint');
      if (p.dtype === 'bool' && Number.isInteger(period)) {
        throw new TypeError(`${op}: p of dtype bool with an integer period ${period} (NumPy's result dtype then follows the period's value); pass numbers`);
      }
      if (p.dtype.startsWith('uint') && Number.isInteger(period)) {
        throw new TypeError(`${op}: p of unsigned dtype ${p.dtype} with an integer period ${period}: NumPy's differences wrap around there; cast p to a signed or float dtype first`);
      }
      // NumPy's dtype: result_type(diff(p), period): p's integer dtype with an integer period, else a float
      const isInt = intDtype && Number.isInteger(period);
      const dd = diff(p, 1, ax);
      const high = isInt ? Math.floor(period / 2) : period / 2;
      const ambiguous = isInt ? period % 2 === 0 : true;
      const low = -high;
      let ddmod = add(mod(sub(dd, low), period), low);
      if (ambiguous) ddmod = where(logicalAnd(equal(ddmod, low), greater(dd, 0)), high, ddmod);
      const discont = discontV === null ? period / 2 : (discontV as number);
      const correct = where(less(abs(dd), discont), 0, sub(ddmod, dd));
      const up = p.astype(isInt ? p.dtype : correct.dtype);
      if (n > 1) {
        const tail = axisSlice(up, ax, 1, n);
        tail.assign(add(axisSlice(p, ax, 1, n), cumsum(correct, ax)));
      }
      return up;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
