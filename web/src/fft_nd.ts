// numpy.fft's n-D transforms: fft2, ifft2, rfft2, irfft2, fftn, ifftn, rfftn, irfftn, as NumPy
// 1.24 computes them: successive 1-D transforms (fft_call.ts), the complex ones from the last axis
// to the first, rfftn's last axis real-to-complex first, irfftn's last axis complex-to-real last.
// `s` and `axes` as NumPy's `_cook_nd_args` (repeated axes are transformed once per mention, as
// NumPy 1.24 does).
import { FftKind } from './boundary_tables.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import type { ArrayInput } from './ops.js';
import { tidy } from './tidy.js';
import { type SigRef, bind } from './signature.js';
import { type FftNorm, FFT_FAMILY, fftAlong } from './fft_call.js';
import { needFamily } from './families.js';

function intArray(op: string, what: string, v: unknown): number[] {
  if (!Array.isArray(v)) throw new TypeError(`${op}: ${what} must be an array of integers or null, got ${fmt(v)}`);
  return v.map((x, i) => toInt(op, `${what}[${i}]`, x));
}

// NumPy's _cook_nd_args: the lengths and the axes of the transforms.
function cook(op: string, a: NDArray, sArg: unknown, axesArg: unknown, invreal: boolean): [(number | null)[], number[]] {
  const shape = a.shape;
  const axesGiven = axesArg === null ? null : intArray(op, 'axes', axesArg);
  let s: (number | null)[];
  if (sArg === null) {
    if (axesGiven === null) {
      s = shape.slice();
    } else {
      s = axesGiven.map((ax) => {
        const d = shape[ax < 0 ? ax + shape.length : ax];
        if (d === undefined) throw new StrideViewError('out_of_range', `${op}: axis ${ax} is out of bounds for array of dimension ${shape.length}`);
        return d;
      });
    }
  } else {
    if (!Array.isArray(sArg)) throw new TypeError(`${op}: s must be an array of integers or null, got ${fmt(sArg)}`);
    s = sArg.map((x, i) => (x === null ? null : toInt(op, `s[${i}]`, x)));
  }
  const axes = axesGiven ?? s.map((_, i) => i - s.length);
  if (s.length !== axes.length) {
    throw new StrideViewError('invalid_argument', `${op}: shape and axes have different lengths (s has ${s.length}, axes ${axes.length})`);
  }
  if (invreal && sArg === null && axes.length > 0) {
    const ax = axes[axes.length - 1]!;
    const d = shape[ax < 0 ? ax + shape.length : ax];
    if (d !== undefined) s[s.length - 1] = (d - 1) * 2;
  }
  return [s, axes];
}

const REAL_LAST = new Set(['rfftn', 'rfft2', 'irfftn', 'irfft2']);

// The 1-D transforms of one n-D call, in NumPy's order; each intermediate freed once used.
function nd(op: string, kind: FftKind, ain: unknown, sArg: unknown, axesArg: unknown, norm: unknown): NDArray {
  try {
    needFamily(op, FFT_FAMILY);
    return tidy(() => {
      const x = asArray(op, ain, undefined, 'a');
      const [s, axes] = cook(op, x, sArg, axesArg, kind === FftKind.Irfft);
      const k = axes.length;
      if (k === 0) {
        if (REAL_LAST.has(op)) throw new StrideViewError('invalid_argument', `${op}: axes must not be empty`);
        return x === ain ? x.copy() : x;
      }
      let cur = x;
      const step = (kd: FftKind, i: number): void => {
        const next = fftAlong(op, kd, cur, s[i], axes[i], norm);
        if (cur !== x) cur.dispose();
        cur = next;
      };
      if (kind === FftKind.Rfft) {
        step(FftKind.Rfft, k - 1);
        for (let i = 0; i < k - 1; i++) step(FftKind.Fft, i);
      } else if (kind === FftKind.Irfft) {
        for (let i = 0; i < k - 1; i++) step(FftKind.Ifft, i);
        step(FftKind.Irfft, k - 1);
      } else {
        for (let i = k - 1; i >= 0; i--) step(kind, i);
      }
      return cur;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

// NumPy's default axes=(-2, -1): `undefined` here (a declaration's default is a scalar), read as [-2, -1]
const axes2 = (v: unknown): unknown => (v === undefined ? [-2, -1] : v);

const FFT2: SigRef = { sig: 'numpy.fft.fft2: fft2(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] = undefined, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The 2-D discrete Fourier transform over `axes` (default the last two; NumPy fft.fft2): {@link fftn}
 * with two axes. `s` gives each axis's length (cropped or zero-padded). A new complex128 array.
 */
// @overloads FFT2
export function fft2(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft2(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function fft2(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(FFT2, args);
  return nd('fft2', FftKind.Fft, a, s, axes2(axes), norm);
}

const IFFT2: SigRef = { sig: 'numpy.fft.ifft2: ifft2(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] = undefined, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/** The 2-D inverse transform over `axes` (default the last two; NumPy fft.ifft2). A new complex128 array. */
// @overloads IFFT2
export function ifft2(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft2(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function ifft2(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(IFFT2, args);
  return nd('ifft2', FftKind.Ifft, a, s, axes2(axes), norm);
}

const RFFT2: SigRef = { sig: 'numpy.fft.rfft2: rfft2(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] = undefined, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/** The 2-D transform of real input (NumPy fft.rfft2): {@link rfftn} over `axes` (default the last two). A new complex128 array. */
// @overloads RFFT2
export function rfft2(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft2(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function rfft2(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(RFFT2, args);
  return nd('rfft2', FftKind.Rfft, a, s, axes2(axes), norm);
}

const IRFFT2: SigRef = { sig: 'numpy.fft.irfft2: irfft2(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] = undefined, norm: FftNorm | null = null) -> NDArray<"float64">' };
/** The inverse of {@link rfft2} (NumPy fft.irfft2): {@link irfftn} over `axes` (default the last two). A new float64 array. */
// @overloads IRFFT2
export function irfft2(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft2(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], options?: { norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfft2(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[], norm?: FftNorm | null): NDArray<"float64">;
// @end
export function irfft2(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(IRFFT2, args);
  return nd('irfft2', FftKind.Irfft, a, s, axes2(axes), norm);
}

const FFTN: SigRef = { sig: 'numpy.fft.fftn: fftn(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] | null = null, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The n-D discrete Fourier transform (NumPy fft.fftn): 1-D transforms along each of `axes` (default:
 * the last `s.length` axes, or every axis), `s[i]` the length along `axes[i]` (cropped or
 * zero-padded; default the input's). A new complex128 array. `fftn(a)` over a [4, 6] array is
 * `fft(fft(a, null, 1), null, 0)`.
 */
// @overloads FFTN
export function fftn(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fftn(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function fftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function fftn(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(FFTN, args);
  return nd('fftn', FftKind.Fft, a, s, axes, norm);
}

const IFFTN: SigRef = { sig: 'numpy.fft.ifftn: ifftn(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] | null = null, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/** The n-D inverse transform (NumPy fft.ifftn), `s` and `axes` as {@link fftn}. A new complex128 array. */
// @overloads IFFTN
export function ifftn(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifftn(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function ifftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function ifftn(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(IFFTN, args);
  return nd('ifftn', FftKind.Ifft, a, s, axes, norm);
}

const RFFTN: SigRef = { sig: 'numpy.fft.rfftn: rfftn(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] | null = null, norm: FftNorm | null = null) -> NDArray<"complex128">' };
/**
 * The n-D transform of real input (NumPy fft.rfftn): {@link rfft} along the last of `axes`, then
 * {@link fft} along the others; the last axis keeps s[-1] // 2 + 1 terms. A new complex128 array.
 */
// @overloads RFFTN
export function rfftn(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfftn(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, options?: { norm?: FftNorm | null | undefined }): NDArray<"complex128">;
export function rfftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, norm?: FftNorm | null): NDArray<"complex128">;
// @end
export function rfftn(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(RFFTN, args);
  return nd('rfftn', FftKind.Rfft, a, s, axes, norm);
}

const IRFFTN: SigRef = { sig: 'numpy.fft.irfftn: irfftn(a: ArrayInput, s: readonly number[] | null = null, axes: readonly number[] | null = null, norm: FftNorm | null = null) -> NDArray<"float64">' };
/**
 * The inverse of {@link rfftn} (NumPy fft.irfftn): {@link ifft} along all but the last of `axes`,
 * then {@link irfft} along the last, whose output length is s[-1] (default 2 (m - 1)). A new
 * float64 array.
 */
// @overloads IRFFTN
export function irfftn(a: ArrayInput, options?: { s?: readonly number[] | null | undefined; axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfftn(a: ArrayInput, s?: readonly number[] | null, options?: { axes?: readonly number[] | null | undefined; norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, options?: { norm?: FftNorm | null | undefined }): NDArray<"float64">;
export function irfftn(a: ArrayInput, s?: readonly number[] | null, axes?: readonly number[] | null, norm?: FftNorm | null): NDArray<"float64">;
// @end
export function irfftn(...args: unknown[]): NDArray {
  const [a, s, axes, norm] = bind(IRFFTN, args);
  return nd('irfftn', FftKind.Irfft, a, s, axes, norm);
}
