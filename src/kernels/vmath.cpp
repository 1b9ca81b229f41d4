// The vector math library's array entry points (kernels/vmath.hpp): the generic algorithms of
// kernels/vmath_impl.hpp instantiated for the scalar lanes (scalar_build, always) and, under
// -msimd128, for the SIMD128 lanes.
#include "kernels/vmath.hpp"

#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/simd128/vmath_lanes.hpp"
#include "kernels/vmath_impl.hpp"

// The per-vector lambdas are inlined into their loops (the kernels compile with
// -fno-inline-functions, and a call per vector passes the lanes through memory).
#define SV_VM_LAMBDA __attribute__((always_inline))

namespace sv::kernels::vmath {
namespace {

using namespace detail;

// The exponent fast paths of pow_scalar: small integers and 1/2.
template <class V>
void pow_scalar_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n, ElemOf<V> y) {
  using E = ElemOf<V>;
  if (y == static_cast<E>(0.5)) {
    unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return pow_half_impl(x); });
  } else if (y >= -4 && y <= 4 && y == static_cast<E>(static_cast<int>(y))) {
    const int k = static_cast<int>(y);
    unary_loop<V>(out, in, n, [k](V x) SV_VM_LAMBDA { return powi_impl(x, k); });
  } else {
    const V yv = V::splat(y);
    unary_loop<V>(out, in, n, [yv](V x) SV_VM_LAMBDA { return pow_impl(x, yv); });
  }
}

}  // namespace

#define SV_VMATH_DEFINE_ALL(F32, F64)                                                           \
  SV_VMATH_UNARY(exp, F32, F64)                                                                 \
  SV_VMATH_UNARY(exp2, F32, F64)                                                                \
  SV_VMATH_UNARY(expm1, F32, F64)                                                               \
  SV_VMATH_UNARY(log, F32, F64)                                                                 \
  SV_VMATH_UNARY(log2, F32, F64)                                                                \
  SV_VMATH_UNARY(log10, F32, F64)                                                               \
  SV_VMATH_UNARY(log1p, F32, F64)                                                               \
  SV_VMATH_UNARY(sin, F32, F64)                                                                 \
  SV_VMATH_UNARY(cos, F32, F64)                                                                 \
  SV_VMATH_UNARY(tan, F32, F64)                                                                 \
  SV_VMATH_UNARY(tanh, F32, F64)                                                                \
  void pow_f32(float* out, const float* a, const float* b, int64_t n) {                         \
    detail::binary_loop<F32>(out, a, b, n, [](F32 x, F32 y) SV_VM_LAMBDA { return detail::pow_impl(x, y); }); \
  }                                                                                             \
  void pow_f64(double* out, const double* a, const double* b, int64_t n) {                      \
    detail::binary_loop<F64>(out, a, b, n, [](F64 x, F64 y) SV_VM_LAMBDA { return detail::pow_impl(x, y); }); \
  }                                                                                             \
  void pow_scalar_f32(float* out, const float* in, int64_t n, float y) {                        \
    pow_scalar_loop<F32>(out, in, n, y);                                                        \
  }                                                                                             \
  void pow_scalar_f64(double* out, const double* in, int64_t n, double y) {                     \
    pow_scalar_loop<F64>(out, in, n, y);                                                        \
  }                                                                                             \
  void powi_f32(float* out, const float* in, int64_t n, int k) {                                \
    detail::unary_loop<F32>(out, in, n, [k](F32 x) SV_VM_LAMBDA { return detail::powi_impl(x, k); });       \
  }                                                                                             \
  void powi_f64(double* out, const double* in, int64_t n, int k) {                              \
    detail::unary_loop<F64>(out, in, n, [k](F64 x) SV_VM_LAMBDA { return detail::powi_impl(x, k); });        \
  }

#define SV_VMATH_UNARY(name, F32, F64)                                                      \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    detail::unary_loop<F32>(out, in, n, [](F32 x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) {                               \
    detail::unary_loop<F64>(out, in, n, [](F64 x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }

namespace scalar_build {
SV_VMATH_DEFINE_ALL(scalar::F32, scalar::F64)
}  // namespace scalar_build

#ifdef __wasm_simd128__
SV_VMATH_DEFINE_ALL(simd128::F32, simd128::F64)
bool simd_build() { return true; }
#else
#undef SV_VMATH_UNARY
#define SV_VMATH_UNARY(name, F32, F64)                                                                 \
  void name##_f32(float* out, const float* in, int64_t n) { scalar_build::name##_f32(out, in, n); }   \
  void name##_f64(double* out, const double* in, int64_t n) { scalar_build::name##_f64(out, in, n); }
SV_VMATH_UNARY(exp, , )
SV_VMATH_UNARY(exp2, , )
SV_VMATH_UNARY(expm1, , )
SV_VMATH_UNARY(log, , )
SV_VMATH_UNARY(log2, , )
SV_VMATH_UNARY(log10, , )
SV_VMATH_UNARY(log1p, , )
SV_VMATH_UNARY(sin, , )
SV_VMATH_UNARY(cos, , )
SV_VMATH_UNARY(tan, , )
SV_VMATH_UNARY(tanh, , )
void pow_f32(float* out, const float* a, const float* b, int64_t n) { scalar_build::pow_f32(out, a, b, n); }
void pow_f64(double* out, const double* a, const double* b, int64_t n) { scalar_build::pow_f64(out, a, b, n); }
void pow_scalar_f32(float* out, const float* in, int64_t n, float y) { scalar_build::pow_scalar_f32(out, in, n, y); }
void pow_scalar_f64(double* out, const double* in, int64_t n, double y) { scalar_build::pow_scalar_f64(out, in, n, y); }
void powi_f32(float* out, const float* in, int64_t n, int k) { scalar_build::powi_f32(out, in, n, k); }
void powi_f64(double* out, const double* in, int64_t n, int k) { scalar_build::powi_f64(out, in, n, k); }
bool simd_build() { return false; }
#endif

}  // namespace sv::kernels::vmath
