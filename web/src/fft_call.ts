// numpy.fft's one transform along one axis: the engine's kernels (src/kernels/fft.hpp, the
// 'complex' family), one request each (bindings/fft_request.cpp). The input keeps its strides
// (transposed, sliced, negative-stride and broadcast views are read in place); it is copied only to
// convert its dtype (NumPy 1.24 computes every transform in float64: integers, bool, float16,
// float32 and complex64 inputs are converted first) or to fill a padded (masked) view. Results
// are new C-ordered complex128 / float64 arrays, as NumPy's.
import { FftKind, Op } from './boundary_tables.js';
import { isComplex } from './dtype.js';
import { StrideViewError, fmt, toInt } from './errors.js';
import { NDArray, normAxis } from './ndarray.js';
import { family, needFamily } from './families.js';
import { putOperand } from './kernel_client.js';
import { partView } from './ndarray_methods.js';
import { wire } from './wire.js';

/** The `norm` of every numpy.fft transform: which direction is scaled (null: 'backward'). */
export type FftNorm = 'backward' | 'ortho' | 'forward';

/** @internal The 'complex' family, which holds the FFT kernels. */
export const FFT_FAMILY = /* @__PURE__ */ family('complex');

const FORWARD: readonly FftKind[] = [FftKind.Fft, FftKind.Rfft, FftKind.Hfft];

/**
 * @internal The factor every output is multiplied by (NumPy's `1 / inv_norm`): forward transforms
 * (fft, rfft, hfft) 1, 1/sqrt(n), 1/n for 'backward', 'ortho', 'forward'; the inverse ones (ifft,
 * irfft, ihfft) 1/n, 1/sqrt(n), 1.
 */
export function fftScale(op: string, kind: FftKind, n: number, norm: unknown): number {
  const fwd = FORWARD.includes(kind);
  if (norm === null || norm === 'backward') return fwd ? 1 : 1 / n;
  if (norm === 'ortho') return 1 / Math.sqrt(n);
  if (norm === 'forward') return fwd ? 1 / n : 1;
  throw new StrideViewError('invalid_argument', `${op}: invalid norm value ${fmt(norm)}; should be 'backward', 'ortho' or 'forward'`);
}

/** @internal The transform's length: `n` checked (null: the input's length, or 2 (m - 1) for irfft / hfft). */
export function fftLength(op: string, kind: FftKind, n: unknown, len: number): number {
  const v = n === null ? (kind === FftKind.Irfft || kind === FftKind.Hfft ? 2 * (len - 1) : len) : toInt(op, 'n', n);
  if (v < 1) throw new StrideViewError('invalid_argument', `${op}: invalid number of FFT data points (${v}) specified`);
  return v;
}

// The input as the kernel reads it: complex128 (fft, ifft, irfft, hfft) or float64 (rfft, ihfft:
// a complex input's real part, its imaginary part discarded as NumPy 1.24 does), padding filled.
function kernelInput(op: string, kind: FftKind, x: NDArray): NDArray {
  if (kind === FftKind.Rfft || kind === FftKind.Ihfft) {
    const y = isComplex(x.dtype) ? partView(x, 0, op) : x;
    return y.dtype === 'float64' && !y._v._hasMask ? y : y._materialize(op, 'float64');
  }
  return x.dtype === 'complex128' && !x._v._hasMask ? x : x._materialize(op, 'complex128');
}

/**
 * @internal One 1-D transform of `x` along `axis` (NumPy's `_raw_fft` with its callers' `n` and
 * norm rules): a new array, complex128 (fft, ifft, rfft, ihfft) or float64 (irfft, hfft). `x` is
 * not disposed; temporaries are.
 */
export function fftAlong(op: string, kind: FftKind, x: NDArray, nArg: unknown, axisArg: unknown, norm: unknown): NDArray {
  needFamily(op, FFT_FAMILY);
  const axis = normAxis(op, axisArg, x.ndim);
  const n = fftLength(op, kind, nArg, x.shape[axis]!);
  const scale = fftScale(op, kind, n, norm);
  const cOut = kind === FftKind.Fft || kind === FftKind.Ifft || kind === FftKind.Rfft || kind === FftKind.Ihfft;
  const shape = x.shape.slice();
  shape[axis] = kind === FftKind.Rfft || kind === FftKind.Ihfft ? Math.floor(n / 2) + 1 : n;
  const inp = kernelInput(op, kind, x);
  try {
    const out = NDArray._empty(op, shape, cOut ? 'complex128' : 'float64');
    if (out.size === 0) return out;
    try {
      const w = wire.begin();
      w.put(kind);
      w.put(n);
      w.put(axis);
      w.put(scale);
      putOperand(w, inp);
      putOperand(w, out);
      w.call(Op.KernelFft);
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  } finally {
    if (inp !== x) inp.dispose(); // a copy, or a view of x's real parts (which frees nothing)
  }
}
