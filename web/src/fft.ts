// numpy.fft: the 1-D transforms (fft, ifft, rfft, irfft, hfft, ihfft), the sample frequencies
// (fftfreq, rfftfreq) and the shifts (fftshift, ifftshift). The n-D transforms are in fft_nd.ts;
// the engine request in fft_call.ts. Signatures, semantics, dtypes (float64 / complex128 results
// for every input, as NumPy 1.24) and errors are NumPy 1.24's.
import { FftKind } from './boundary_tables.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import type { ArrayInput } from './ops.js';
import { array } from './creation.js';
import { roll } from './numpy_reorder.js';
import { tidy } from './tidy.js';
import { type SigRef, bind } from './signature.js';
import { type FftNorm, FFT_FAMILY, fftAlong } from './fft_call.js';
import { needFamily } from './families.js';

export type { FftNorm } from './fft_call.js';

function oneAxis(op: string, kind: FftKind, a: unknown, n: unknown, axis: unknown, norm: unknown): NDArray {
  try {
    needFamily(op, FFT_FAMILY);
    return tidy(() => fftAlong(op, kind, asArray(op, a, undefined, 'a'), n, axis, norm));
  } catch (e) {
    throw relabel(op, e);
  }
}

const FFT: SigRef = { sig: 'numpy.fft.fft: fft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The discrete Fourier transform of `a` along `axis` (NumPy fft.fft): X[k] = sum_j a[j] exp(-2 pi
 * i jk / n), for any length n (mixed radix for factors up to 13, Bluestein's algorithm beyond).
 * `n` crops or zero-pads the input (default: its length along `axis`); `norm` 'backward' (the
 * default: unscaled), 'ortho' (1/sqrt(n)) or 'forward' (1/n). A new complex128 array: every input
 * (bool, integers, floats, complex64) is computed in float64, as NumPy 1.24.
 * `fft([1, 0, -1, 0])` is `[0, 2, 0, 2]`.
 */
// @overloads FFT
export function fft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function fft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(FFT, args);
  return oneAxis('fft', FftKind.Fft, a, n, axis, norm);
}

const IFFT: SigRef = { sig: 'numpy.fft.ifft: ifft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The inverse discrete Fourier transform along `axis` (NumPy fft.ifft): x[j] = sum_k X[k] exp(+2
 * pi i jk / n) / n under the default norm ('ortho': 1/sqrt(n), 'forward': unscaled).
 * `ifft(fft(a))` is `a` to rounding. `n` crops or zero-pads the input. A new complex128 array.
 */
// @overloads IFFT
export function ifft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function ifft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(IFFT, args);
  return oneAxis('ifft', FftKind.Ifft, a, n, axis, norm);
}

const RFFT: SigRef = { sig: 'numpy.fft.rfft: rfft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The transform of real input along `axis` (NumPy fft.rfft): the n // 2 + 1 non-negative
 * frequency terms of {@link fft} (the rest are their conjugates), about half the work. `n` crops
 * or zero-pads the input; a complex input's imaginary part is discarded, as NumPy does (NumPy also
 * warns). A new complex128 array.
 */
// @overloads RFFT
export function rfft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function rfft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(RFFT, args);
  return oneAxis('rfft', FftKind.Rfft, a, n, axis, norm);
}

const IRFFT: SigRef = { sig: 'numpy.fft.irfft: irfft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"float64">' };
/**
 * The inverse of {@link rfft} (NumPy fft.irfft): n real values from the first n // 2 + 1 terms of
 * a Hermitian spectrum along `axis` (a shorter input is zero-padded, a longer one cropped; the
 * imaginary parts of the zero and, for even n, the Nyquist terms are ignored). Default n = 2 (m -
 * 1) with m the input's length: pass `n` to get an odd length back. A new float64 array.
 */
// @overloads IRFFT
export function irfft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"float64">;
// @end
export function irfft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(IRFFT, args);
  return oneAxis('irfft', FftKind.Irfft, a, n, axis, norm);
}

const HFFT: SigRef = { sig: 'numpy.fft.hfft: hfft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"float64">' };
/**
 * The transform of a signal with Hermitian symmetry given by its first half (NumPy fft.hfft): n
 * real values (default n = 2 (m - 1)), the forward transform of the whole signal (`irfft` of the
 * conjugate, scaled as a forward transform). A new float64 array.
 */
// @overloads HFFT
export function hfft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function hfft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function hfft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function hfft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"float64">;
// @end
export function hfft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(HFFT, args);
  return oneAxis('hfft', FftKind.Hfft, a, n, axis, norm);
}

const IHFFT: SigRef = { sig: 'numpy.fft.ihfft: ihfft(a: ArrayInput, n: number | null = null, axis: number = -1, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The inverse of {@link hfft} (NumPy fft.ihfft): the n // 2 + 1 first terms of the inverse
 * transform of real input along `axis` (the conjugate of `rfft`, divided by n under the default
 * norm). A new complex128 array.
 */
// @overloads IHFFT
export function ihfft(a: ArrayInput, options?: { n?: number | null | undefined; axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ihfft(a: ArrayInput, n?: number | null, options?: { axis?: number | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ihfft(a: ArrayInput, n?: number | null, axis?: number, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ihfft(a: ArrayInput, n?: number | null, axis?: number, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function ihfft(...args: unknown[]): NDArray {
  const [a, n, axis, norm] = bind(IHFFT, args);
  return oneAxis('ihfft', FftKind.Ihfft, a, n, axis, norm);
}

// The sample frequencies: i / (n d) for the integers i NumPy lists, computed as NumPy does
// (the integer times the float64 1 / (n d)).
function freqs(op: string, nArg: unknown, dArg: unknown, real: boolean): NDArray {
  try {
    if (typeof nArg !== 'number' && typeof nArg !== 'bigint') throw new TypeError(`${op}: n should be an integer, got ${fmt(nArg)}`);
    const n = toInt(op, 'n', nArg);
    if (typeof dArg !== 'number') throw new TypeError(`${op}: d must be a number, got ${fmt(dArg)}`);
    if (n * dArg === 0) throw new RangeError(`${op}: division by zero (n = ${n}, d = ${dArg})`);
    if (!real && n < 0) throw new StrideViewError('invalid_argument', `${op}: n must not be negative, got ${n}`);
    const val = 1 / (n * dArg);
    const len = real ? Math.max(Math.floor(n / 2) + 1, 0) : n;
    const out = new Float64Array(len);
    const half = Math.floor((n - 1) / 2) + 1;
    for (let i = 0; i < len; i++) out[i] = (real || i < half ? i : i - n) * val;
    return array(out);
  } catch (e) {
    throw relabel(op, e);
  }
}

const FFTFREQ: SigRef = { sig: 'numpy.fft.fftfreq: fftfreq(n: number, d: number = 1.0) -> NDArray<"float64">' };
/**
 * The sample frequencies of an `n`-point {@link fft} with sample spacing `d` (NumPy fft.fftfreq):
 * `[0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] / (n d)`, float64. `fftfreq(4)` is
 * `[0, 0.25, -0.5, -0.25]`.
 */
// @overloads FFTFREQ
export function fftfreq(n: number, options?: { d?: number | undefined }): NDArray<"float64">;
export function fftfreq(n: number, d?: number): NDArray<"float64">;
// @end
export function fftfreq(...args: unknown[]): NDArray {
  const [n, d] = bind(FFTFREQ, args);
  return freqs('fftfreq', n, d, false);
}

const RFFTFREQ: SigRef = { sig: 'numpy.fft.rfftfreq: rfftfreq(n: number, d: number = 1.0) -> NDArray<"float64">' };
/**
 * The sample frequencies of an `n`-point {@link rfft} with sample spacing `d` (NumPy
 * fft.rfftfreq): `[0, 1, ..., n // 2] / (n d)`, float64.
 */
// @overloads RFFTFREQ
export function rfftfreq(n: number, options?: { d?: number | undefined }): NDArray<"float64">;
export function rfftfreq(n: number, d?: number): NDArray<"float64">;
// @end
export function rfftfreq(...args: unknown[]): NDArray {
  const [n, d] = bind(RFFTFREQ, args);
  return freqs('rfftfreq', n, d, true);
}

function shift(op: string, x: unknown, axes: unknown, inverse: boolean): NDArray {
  try {
    return tidy(() => {
      const a = asArray(op, x, undefined, 'x');
      const by = (ax: unknown): number => {
        const i = toInt(op, 'axes', ax);
        const d = a.shape[i < 0 ? i + a.ndim : i];
        if (d === undefined) throw new StrideViewError('out_of_range', `${op}: axis ${i} is out of bounds for array of dimension ${a.ndim}`);
        return inverse ? -Math.floor(d / 2) : Math.floor(d / 2);
      };
      let list: number[];
      if (axes === null) list = a.shape.map((_, i) => i);
      else if (typeof axes === 'number' || typeof axes === 'bigint') return roll(a, by(axes), toInt(op, 'axes', axes));
      else if (Array.isArray(axes)) list = axes.map((v) => toInt(op, 'axes', v));
      else throw new TypeError(`${op}: axes must be an integer, an array of integers or null, got ${fmt(axes)}`);
      if (list.length === 0) return a === x ? a.copy() : a;
      return roll(a, list.map(by), list);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const FFTSHIFT: SigRef = { sig: 'numpy.fft.fftshift: fftshift(x: ArrayInput, axes: number | readonly number[] | null = null) -> NDArray' };
/**
 * The zero-frequency term moved to the centre (NumPy fft.fftshift): a {@link roll} by `n // 2`
 * along each of `axes` (default: every axis). A new array of x's dtype.
 */
// @overloads FFTSHIFT
export function fftshift(x: ArrayInput, options?: { axes?: number | readonly number[] | null | undefined }): NDArray;
export function fftshift(x: ArrayInput, axes?: number | readonly number[] | null): NDArray;
// @end
export function fftshift(...args: unknown[]): NDArray {
  const [x, axes] = bind(FFTSHIFT, args);
  return shift('fftshift', x, axes, false);
}

const IFFTSHIFT: SigRef = { sig: 'numpy.fft.ifftshift: ifftshift(x: ArrayInput, axes: number | readonly number[] | null = null) -> NDArray' };
/** The inverse of {@link fftshift} (NumPy fft.ifftshift): a roll by `-(n // 2)` along each of `axes`. */
// @overloads IFFTSHIFT
export function ifftshift(x: ArrayInput, options?: { axes?: number | readonly number[] | null | undefined }): NDArray;
export function ifftshift(x: ArrayInput, axes?: number | readonly number[] | null): NDArray;
// @end
export function ifftshift(...args: unknown[]): NDArray {
  const [x, axes] = bind(IFFTSHIFT, args);
  return shift('ifftshift', x, axes, true);
}
