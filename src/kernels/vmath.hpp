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
  SV_VMATH_UNARY(sinh)                                                                       \
  SV_VMATH_UNARY(cosh)                                                                       \
  /* out[i] = hypot(a[i], b[i]) (float32 only: float64 runs the C library's hypot) */       \
  void hypot_f32(float* out, const float* a, const float* b, int64_t n);                     \
  /* float32 only (float64 runs the C library): out[i] = atan2(a[i], b[i]), arcsin, ... */   \
  void arctan2_f32(float* out, const float* a, const float* b, int64_t n);                   \
  void arcsin_f32(float* out, const float* in, int64_t n);                                   \
  void arccos_f32(float* out, const float* in, int64_t n);                                   \
  void arctan_f32(float* out, const float* in, int64_t n);                                   \
  void arcsinh_f32(float* out, const float* in, int64_t n);                                  \
  void arccosh_f32(float* out, const float* in, int64_t n);                                  \
  void arctanh_f32(float* out, const float* in, int64_t n);                                  \
  /* out[i] = pow(a[i], b[i]) with C99 / NumPy special values (float64: the table pow of    \
     kernels/vmath_pow.hpp, within 0.52 ulp; float32 in float64 lanes by pow_for_f32 of     \
     kernels/vmath_impl.hpp) */                                                              \
  void pow_f32(float* out, const float* a, const float* b, int64_t n);                       \
  void pow_f64(double* out, const double* a, const double* b, int64_t n);                    \
  /* out[i] = pow(in[i], y) for one exponent: small integers (|y| <= 4) and 0.5 take fast    \
     paths (double-word products, sqrt), everything else the general pow (the same values as \
     pow_f32 / pow_f64 with y in every element) */                                           \
  void pow_scalar_f32(float* out, const float* in, int64_t n, float y);                      \
  void pow_scalar_f64(double* out, const double* in, int64_t n, double y);

#define SV_VMATH_UNARY(name)                                 \
  void name##_f32(float* out, const float* in, int64_t n); \
  void name##_f64(double* out, const double* in, int64_t n);

namespace sv::kernels::vmath {
SV_VMATH_DECLARE_ALL
// o[i * os] = f(a[i * as]) for i < n, strides in elements (any sign, 0 included; o may be a exactly,
// nothing else may overlap): contiguous rows run in place, others are gathered into a 256-element
// block on the stack, computed, and scattered. The SIMD128 build unless the SIMD loops are switched
// off (set_simd_enabled(false): the scalar build, bit-identical). elementwise.cpp's exp and log.
void exp_row_f32(float* o, int64_t os, const float* a, int64_t as, int64_t n);
void exp_row_f64(double* o, int64_t os, const double* a, int64_t as, int64_t n);
void log_row_f32(float* o, int64_t os, const float* a, int64_t as, int64_t n);
void log_row_f64(double* o, int64_t os, const double* a, int64_t as, int64_t n);
namespace scalar_build {
SV_VMATH_DECLARE_ALL
}  // namespace scalar_build
// True when the functions above (outside scalar_build) run SIMD128 lanes.
bool simd_build();
}  // namespace sv::kernels::vmath

#undef SV_VMATH_UNARY
#undef SV_VMATH_DECLARE_ALL
