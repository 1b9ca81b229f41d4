// Vectorised math over contiguous arrays: float32 in float32 lanes (f32x4 under SIMD128), float64
// in float64 lanes (f64x2). Each function computes out[i] = f(in[i]) for i < n; out may equal in
// (in place) but must not otherwise overlap it; nothing outside [0, n) is read or written.
// Accuracy: at most 2 ulp for every op and dtype against an extended-precision reference, NumPy's
// special values (docs/math-accuracy.md has the measured maximum per op).
//
// sv::kernels::vmath runs the SIMD128 build when the core is compiled with -msimd128 and the scalar
// build otherwise; sv::kernels::vmath::scalar_build is always the scalar build (same algorithms,
// bit-identical results), kept callable for tests and for comparison.
#pragma once

#include <cstdint>

#define SV_VMATH_DECLARE_ALL                                                                 \
  SV_VMATH_UNARY(exp)                                                                        \
  SV_VMATH_UNARY(exp2)                                                                       \
  SV_VMATH_UNARY(expm1)                                                                      \
  SV_VMATH_UNARY(log)                                                                        \
  SV_VMATH_UNARY(log2)                                                                       \
  SV_VMATH_UNARY(log10)                                                                      \
  SV_VMATH_UNARY(log1p)                                                                      \
  SV_VMATH_UNARY(sin)                                                                        \
  SV_VMATH_UNARY(cos)                                                                        \
  SV_VMATH_UNARY(tan)                                                                        \
  SV_VMATH_UNARY(tanh)                                                                       \
  /* out[i] = pow(a[i], b[i]) with C99 / NumPy special values */                             \
  void pow_f32(float* out, const float* a, const float* b, int64_t n);                       \
  void pow_f64(double* out, const double* a, const double* b, int64_t n);                    \
  /* out[i] = pow(in[i], y) for one exponent: small integers (|y| <= 4) and 0.5 take fast    \
     paths (double-word products, sqrt), everything else the general pow */                  \
  void pow_scalar_f32(float* out, const float* in, int64_t n, float y);                      \
  void pow_scalar_f64(double* out, const double* in, int64_t n, double y);                   \
  /* out[i] = pow(in[i], k) for an integer k */                                              \
  void powi_f32(float* out, const float* in, int64_t n, int k);                              \
  void powi_f64(double* out, const double* in, int64_t n, int k);

#define SV_VMATH_UNARY(name)                                 \
  void name##_f32(float* out, const float* in, int64_t n); \
  void name##_f64(double* out, const double* in, int64_t n);

namespace sv::kernels::vmath {
SV_VMATH_DECLARE_ALL
namespace scalar_build {
SV_VMATH_DECLARE_ALL
}  // namespace scalar_build
// True when the functions above (outside scalar_build) run SIMD128 lanes.
bool simd_build();
}  // namespace sv::kernels::vmath

#undef SV_VMATH_UNARY
#undef SV_VMATH_DECLARE_ALL
