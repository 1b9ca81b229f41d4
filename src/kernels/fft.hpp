// Discrete Fourier transforms along one axis of strided operands: the kernels numpy.fft sits on.
//
// Complex values are interleaved (re, im) pairs of float32 or float64 (the layout the package's
// complex64 / complex128 will have). Every transform is unscaled and then multiplied by `scale`,
// so NumPy's norm modes are one multiply: 'backward' scale 1 forward and 1/n inverse, 'ortho'
// 1/sqrt(n) both ways, 'forward' 1/n forward and 1 inverse.
//
// Conventions: forward is X[k] = sum_j x[j] exp(-2 pi i j k / n), inverse uses exp(+2 pi i ...).
// Lengths: any n >= 1 (n == 1 is the identity times scale). The input's length along the axis may
// differ from what the transform reads (NumPy's `n` argument): a shorter line is zero-padded, a
// longer one cropped. Every other dim of `in` and `out` must be equal: each line along `axis`
// (the batch) is transformed independently, identically whatever the thread count.
//
// Units: an FftOperand's layout (shape, strides, offset) is in ELEMENTS of that operand: COMPLEX
// elements (pairs; a stride of 1 = adjacent pairs) for complex operands, scalars for real ones.
// Strides may be negative or anything else; `base` points at element 0 of the buffer. `capacity`,
// when >= 0, is the number of elements addressable from `base` and every element the operand
// addresses is checked to lie in [0, capacity); -1 leaves that to the caller (as kernels.hpp's
// operands, whose binding checks View::required_span).
//
// Memory: `out` may be `in` itself (in place: the same base, offset, shape and strides, and the
// transform length equal to the input's length along the axis); any other overlap of `out` with
// `in` is handled by reading `in` into a temporary first. Scratch comes from malloc; an allocation
// failure is a Status (out_of_memory), never a trap.
//
// Errors (Status with the op's name first: "fft: ", "ifft: ", "rfft: ", "irfft: ", "hfft: ",
// "ihfft: "): n < 1 (invalid_argument); a dtype other than float32 / float64 (type_error); ranks
// that differ, strides not matching the rank, rank 0 or above kMaxRank (rank_mismatch); an axis
// outside [-rank, rank) (out_of_range); a mask on either operand (invalid_argument); out's shape
// not equal to in's with the axis set to the output length (shape_mismatch); a null base with
// elements to address (invalid_argument); out with stride 0 on a dim of size > 1 (read_only);
// elements outside `capacity` (out_of_bounds).
//
// Plans (factorisation, twiddles, Bluestein's chirp) are built once per (length, dtype, kind) and
// kept in a small thread-safe cache (fft.cpp says why and what it costs).
#pragma once

#include <cstdint>

#include "core/result.hpp"
#include "kernels/kernels.hpp"
#include "view/layout.hpp"

namespace sv::kernels {

enum class FftDirection : int32_t {
  forward = 0,  // exp(-2 pi i jk/n)
  inverse = 1,  // exp(+2 pi i jk/n), unscaled
};

struct FftOperand {
  void* base = nullptr;   // element 0 of the buffer (float* or double*, as the dtype)
  Layout layout;          // in elements of this operand (complex pairs or real scalars); no mask
  int64_t capacity = -1;  // elements addressable from base, or -1: not checked
};

// Complex to complex along `axis` (negative counts from the end) of length n. `dtype` is the
// scalar type of the pairs (float32 -> complex64, float64 -> complex128); in and out are complex.
// out.shape[axis] == n; in.shape[axis] any (zero-padded / cropped to n). Op name "fft" forward,
// "ifft" inverse.
Status fft_c2c(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale = 1.0);

// Real to complex (numpy.fft.rfft): n reals (in, real; cropped / zero-padded to n) -> the n/2 + 1
// non-negative-frequency bins (out, complex; out.shape[axis] == n/2 + 1). forward: "rfft".
// inverse gives the conjugate of rfft (numpy.fft.ihfft before its 1/n): "ihfft".
Status fft_r2c(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale = 1.0);

// Complex to real (numpy.fft.irfft): the first n/2 + 1 bins of a Hermitian spectrum (in, complex;
// a shorter line is zero-padded, a longer one cropped) -> n reals (out, real; out.shape[axis] ==
// n). The imaginary parts of bin 0 and (even n) bin n/2 are ignored, as NumPy does. inverse:
// "irfft" (unscaled: NumPy's 'backward' passes scale = 1/n). forward transforms the conjugate input
// (numpy.fft.hfft before its norm): "hfft".
Status fft_c2r(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale = 1.0);

// The smallest m >= n of the form 2^a 3^b 5^c (n >= 1): a length the engine transforms fastest
// (scipy.fft.next_fast_len). Returns -1 when no such m fits in int64 or n < 1.
int64_t fft_next_fast_len(int64_t n);

// The plan cache (tests, benchmarks): lookups that found a plan, lookups that built one, plans
// held now. fft_cache_clear drops every plan no call is using.
struct FftCacheStats {
  int64_t hits = 0, misses = 0, entries = 0;
};
FftCacheStats fft_cache_stats();
void fft_cache_clear();

}  // namespace sv::kernels
