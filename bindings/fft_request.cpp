// kKernelFft request (the 'complex' family: kernels::fft_c2c / fft_r2c / fft_c2r along one axis):
//   kind n axis scale    the FftKind, the transform length (>= 1), the axis (-rank <= axis < rank),
//                        the factor every output element is multiplied by (the norm)
//   (operand) (operand)  the input, then the output (ptr length dtype view, as every kernel
//                        operand); the caller allocated the output
// No response. Dtypes by kind: fft / ifft complex64 -> complex64 or complex128 -> complex128;
// rfft / ihfft float32 -> complex64 or float64 -> complex128; irfft / hfft complex64 -> float32 or
// complex128 -> float64. The input's length along the axis may differ from n (cropped or
// zero-padded by the kernel); the output's is n (n/2 + 1 for rfft / ihfft). A padded (masked)
// operand is refused: the package materializes padded inputs first (web/src/fft.ts). The kernel
// checks shapes, strides, bounds and overlap again, so a wrong request is an error, never a wrong
// read or write.
#include <algorithm>
#include <cmath>
#include <string>

#include "array/kernel_call.hpp"
#include "kernels/dtype.hpp"
#include "kernels/fft.hpp"
#include "wire.hpp"

namespace sv::wire {
namespace {

using kernels::DType;

kernels::FftOperand fft_operand(const array::Array& a) {
  kernels::FftOperand o;
  o.base = a.base;
  o.layout = a.layout;
  o.capacity = a.len;
  return o;
}

Error dtype_error(const char* op, const char* what, DType got) {
  return make_error(Code::type_error, std::string(op) + ": " + what + ", got " +
                                          kernels::dtype_name(got));
}

}  // namespace

Status fft_request(Reader& r, Writer&) {
  int64_t code, n, axis;
  double scale;
  if (!r.next(code) || code < 0 || code >= tables::kFftKindCount || !r.next(n) || !r.next(axis) ||
      !r.next_num(scale)) {
    return malformed("fft request");
  }
  const FftKind kind = static_cast<FftKind>(code);
  const char* op = tables::kFftKindNames[code];
  array::Array in, out;
  SV_CHECK(read_array(r, op, in));
  SV_CHECK(read_array(r, op, out));
  if (n < 1) {
    return make_error(Code::invalid_argument,
                      std::string(op) + ": invalid number of data points (" + std::to_string(n) +
                          ") specified");
  }
  if (!std::isfinite(scale)) return malformed("fft scale");
  if (in.layout.has_mask() || out.layout.has_mask()) {
    return make_error(Code::invalid_argument,
                      std::string(op) + ": a padded (masked) " + (in.layout.has_mask() ? "input" : "output") +
                          " is not read by the transform; materialize it first (copy())");
  }
  const bool c_in = kind == FftKind::fft || kind == FftKind::ifft || kind == FftKind::irfft ||
                    kind == FftKind::hfft;
  const bool c_out = kind == FftKind::fft || kind == FftKind::ifft || kind == FftKind::rfft ||
                     kind == FftKind::ihfft;
  if (c_in ? !kernels::is_complex_dtype(in.dtype)
           : in.dtype != DType::float32 && in.dtype != DType::float64) {
    return dtype_error(op, c_in ? "input must be complex64 or complex128" : "input must be float32 or float64",
                       in.dtype);
  }
  const DType part = kernels::complex_part(in.dtype);
  const DType want = c_out ? (part == DType::float32 ? DType::complex64 : DType::complex128) : part;
  if (out.dtype != want) {
    return make_error(Code::type_error, std::string(op) + ": output must be " + kernels::dtype_name(want) +
                                            " for a " + kernels::dtype_name(in.dtype) + " input, got " +
                                            kernels::dtype_name(out.dtype));
  }
  const int ax = static_cast<int>(std::max<int64_t>(std::min<int64_t>(axis, 1 << 20), -(1 << 20)));
  const kernels::FftOperand o = fft_operand(out), i = fft_operand(in);
  using kernels::FftDirection;
  switch (kind) {
    case FftKind::fft: return kernels::fft_c2c(part, FftDirection::forward, o, i, ax, n, scale);
    case FftKind::ifft: return kernels::fft_c2c(part, FftDirection::inverse, o, i, ax, n, scale);
    case FftKind::rfft: return kernels::fft_r2c(part, FftDirection::forward, o, i, ax, n, scale);
    case FftKind::ihfft: return kernels::fft_r2c(part, FftDirection::inverse, o, i, ax, n, scale);
    case FftKind::irfft: return kernels::fft_c2r(part, FftDirection::inverse, o, i, ax, n, scale);
    case FftKind::hfft: return kernels::fft_c2r(part, FftDirection::forward, o, i, ax, n, scale);
  }
  return malformed("fft kind");
}

}  // namespace sv::wire
