// The vector math library's array entry points (kernels/vmath.hpp): the generic algorithms of
// kernels/vmath_impl.hpp instantiated for the scalar lanes (scalar_build, always) and, under
// -msimd128, for the SIMD128 lanes.
#include "kernels/vmath.hpp"

#include "kernels/internal.hpp"
#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/simd128/vmath_lanes.hpp"
#include "kernels/vmath_impl.hpp"
#include "kernels/vmath_log_loop.hpp"
#include "kernels/vmath_pow.hpp"
#include "kernels/vmath_trig.hpp"
#include "kernels/vmath_trig_tanh.hpp"

// The per-vector lambdas are inlined into their loops (the kernels compile with
// -fno-inline-functions, and a call per vector passes the lanes through memory).
#define SV_VM_LAMBDA __attribute__((always_inline))

namespace sv::kernels::vmath {
namespace {

using namespace detail;

// float32 x^K for K in {-4, -3, -2, 3, 4} through float64: x^2 is exact there, x^3 and x^4 round
// once (x^-K once more, in the division), then once to float32: within 0.5 ulp + 2^-28 of x^K,
// range included (float64 holds every float32 x^+-4 as a normal number). The same IEEE operations
// per element in both builds.
template <int K>
SV_VM_INLINE double powi_wide(double x) {
  const double s = x * x;
  const double p = K == 3 || K == -3 ? s * x : K == 4 || K == -4 ? s * s : s;
  return K < 0 ? 1.0 / p : p;
}
template <int K>
SV_LOOP_FN void powi_wide_f32(float* out, const float* in, int64_t n, bool simd) {
  int64_t i = 0;
#ifdef __wasm_simd128__
  if (simd) {
    for (; i + 4 <= n; i += 4) {
      const v128_t x = wasm_v128_load(in + i);
      const v128_t lo = wasm_f64x2_promote_low_f32x4(x);
      const v128_t hi = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1));
      auto f = [](v128_t d) SV_VM_LAMBDA {
        const v128_t s = wasm_f64x2_mul(d, d);
        const v128_t p = K == 3 || K == -3 ? wasm_f64x2_mul(s, d)
                         : K == 4 || K == -4 ? wasm_f64x2_mul(s, s)
                                             : s;
        return K < 0 ? wasm_f64x2_div(wasm_f64x2_splat(1.0), p) : p;
      };
      const v128_t rl = wasm_f32x4_demote_f64x2_zero(f(lo)), rh = wasm_f32x4_demote_f64x2_zero(f(hi));
      wasm_v128_store(out + i, wasm_i32x4_shuffle(rl, rh, 0, 1, 4, 5));
    }
  }
#else
  (void)simd;
#endif
  for (; i < n; ++i) out[i] = static_cast<float>(powi_wide<K>(static_cast<double>(in[i])));
}

// float64 out[i] = pow(a[i], b[i]) through the table pow: one copy per lane type, shared by pow_f64
// and pow_scalar_f64's general exponents.
template <class V>
SV_LOOP_FN void pow_table_loop(double* out, const double* a, const double* b, int64_t n) {
  binary_loop<V>(out, a, b, n, [](V x, V y) SV_VM_LAMBDA { return pow_table_impl(x, y); });
}

// float32 through float64 lanes: each element widened (exact), f computed in float64, rounded once
// to float32. W: the float64 lane type (plain double in the scalar build, f64x2 in SIMD128, where
// four floats make two f64x2 vectors). The same float64 operations per element in both builds.
template <class W, class F>
SV_VM_INLINE void wide_loop(float* out, const float* in, int64_t n, F f) {
  int64_t i = 0;
#ifdef __wasm_simd128__
  if constexpr (W::kLanes == 2) {
    auto four = [&f](const float* s, float* d) SV_VM_LAMBDA {
      const v128_t x = wasm_v128_load(s);
      const v128_t lo = wasm_f64x2_promote_low_f32x4(x);
      const v128_t hi = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1));
      const v128_t rl = wasm_f32x4_demote_f64x2_zero(f(W{lo}).v);
      const v128_t rh = wasm_f32x4_demote_f64x2_zero(f(W{hi}).v);
      wasm_v128_store(d, wasm_i32x4_shuffle(rl, rh, 0, 1, 4, 5));
    };
    for (; i + 4 <= n; i += 4) four(in + i, out + i);
    if (i < n) {
      alignas(16) float buf[4] = {};
      for (int64_t j = i; j < n; ++j) buf[j - i] = in[j];
      four(buf, buf);
      for (int64_t j = i; j < n; ++j) out[j] = buf[j - i];
    }
    return;
  }
#endif
  if constexpr (W::kLanes == 1) {
    for (; i < n; ++i) out[i] = static_cast<float>(f(W{static_cast<double>(in[i])}).v);
  }
}
template <class W, class F>
SV_VM_INLINE void wide_binary_loop(float* out, const float* a, const float* b, int64_t n, F f) {
  int64_t i = 0;
#ifdef __wasm_simd128__
  if constexpr (W::kLanes == 2) {
    auto four = [&f](const float* s, const float* t, float* d) SV_VM_LAMBDA {
      const v128_t x = wasm_v128_load(s), y = wasm_v128_load(t);
      const v128_t xl = wasm_f64x2_promote_low_f32x4(x);
      const v128_t xh = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1));
      const v128_t yl = wasm_f64x2_promote_low_f32x4(y);
      const v128_t yh = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(y, y, 2, 3, 0, 1));
      const v128_t rl = wasm_f32x4_demote_f64x2_zero(f(W{xl}, W{yl}).v);
      const v128_t rh = wasm_f32x4_demote_f64x2_zero(f(W{xh}, W{yh}).v);
      wasm_v128_store(d, wasm_i32x4_shuffle(rl, rh, 0, 1, 4, 5));
    };
    for (; i + 4 <= n; i += 4) four(a + i, b + i, out + i);
    if (i < n) {
      alignas(16) float ba[4] = {}, bb[4] = {};
      for (int64_t j = i; j < n; ++j) {
        ba[j - i] = a[j];
        bb[j - i] = b[j];
      }
      four(ba, bb, ba);
      for (int64_t j = i; j < n; ++j) out[j] = ba[j - i];
    }
    return;
  }
#endif
  if constexpr (W::kLanes == 1) {
    for (; i < n; ++i) {
      out[i] = static_cast<float>(f(W{static_cast<double>(a[i])}, W{static_cast<double>(b[i])}).v);
    }
  }
}

// The exponent fast paths of pow_scalar: small integers and 1/2, each with its exponent fixed at
// compile time (no per-vector branch on it). W: the float64 lane type in which float32's other
// exponents run (pow_for_f32).
template <class V, class W>
void pow_scalar_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n, ElemOf<V> y) {
  using E = ElemOf<V>;
  if (y == static_cast<E>(0.5)) {
    unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return pow_half_impl(x); });
  } else if (y >= -4 && y <= 4 && y == static_cast<E>(static_cast<int>(y))) {
    const int k = static_cast<int>(y);
    if constexpr (kF32<V>) {
      constexpr bool simd = V::kLanes > 1;
      switch (k) {
        case -4: return powi_wide_f32<-4>(out, in, n, simd);
        case -3: return powi_wide_f32<-3>(out, in, n, simd);
        case -2: return powi_wide_f32<-2>(out, in, n, simd);
        case 3: return powi_wide_f32<3>(out, in, n, simd);
        case 4: return powi_wide_f32<4>(out, in, n, simd);
        default: break;
      }
    } else {
      switch (k) {
        case -4: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, -4); });
        case -3: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, -3); });
        // x^3 as (x x) x and x^-2 as 1 / (x x): two roundings, relative error below 2u, so
        // below 2 ulp for normal results (0.5 ulp + tiny for subnormal ones); memory-bound.
        // x^-2 of |x| outside [2^-500, 2^500] (x x overflows or loses bits in the subnormal
        // range while the result may not): the general pow. x^3 needs no such lanes (there x x
        // overflows or underflows exactly when x^3 does).
        case -2:
          return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA {
            const V r = cst<V>(1) / (x * x);
            const V ax = vabs(x);
            const auto safe = (ax >= cst<V>(0x1p-500)) & (ax <= cst<V>(0x1p500));
            return any(~safe) ? sel(safe, r, pow_impl(x, cst<V>(-2))) : r;
          });
        case 3: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return (x * x) * x; });
        case 4: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, 4); });
        default: break;
      }
    }
    switch (k) {
      case 0: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, 0); });
      case 1: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, 1); });
      case 2: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, 2); });
      default: return unary_loop<V>(out, in, n, [](V x) SV_VM_LAMBDA { return powi_impl(x, -1); });
    }
  } else if constexpr (kF32<V>) {
    const W yv = W::splat(static_cast<double>(y));
    wide_loop<W>(out, in, n, [yv](W x) SV_VM_LAMBDA { return pow_for_f32(x, yv); });
  } else {
    // the array pow over blocks, the exponent repeated in a block of its own
    constexpr int64_t B = 256;
    double ys[B];
    for (double& v : ys) v = y;
    for (int64_t i = 0; i < n; i += B) pow_table_loop<V>(out + i, in + i, ys, n - i < B ? n - i : B);
  }
}

// The strided row entry points: contiguous rows directly, others through a stack block.
template <class T>
void staged_row(void (*f)(T*, const T*, int64_t), T* o, int64_t os, const T* a, int64_t as,
                int64_t n) {
  if (os == 1 && as == 1) return f(o, a, n);
  constexpr int64_t B = 256;
  alignas(16) T buf[B];
  for (int64_t i = 0; i < n; i += B) {
    const int64_t m = n - i < B ? n - i : B;
    const T* s = a + i * as;
    if (as == 1) {
      f(buf, s, m);
    } else {
      for (int64_t j = 0; j < m; ++j) buf[j] = s[j * as];
      f(buf, buf, m);
    }
    T* d = o + i * os;
    for (int64_t j = 0; j < m; ++j) d[j * os] = buf[j];
  }
}

}  // namespace


void exp_row_f32(float* o, int64_t os, const float* a, int64_t as, int64_t n) {
  staged_row<float>(sv::kernels::detail::use_simd() ? &exp_f32 : &scalar_build::exp_f32, o, os, a, as, n);
}
void exp_row_f64(double* o, int64_t os, const double* a, int64_t as, int64_t n) {
  staged_row<double>(sv::kernels::detail::use_simd() ? &exp_f64 : &scalar_build::exp_f64, o, os, a, as, n);
}
void log_row_f32(float* o, int64_t os, const float* a, int64_t as, int64_t n) {
  staged_row<float>(sv::kernels::detail::use_simd() ? &log_f32 : &scalar_build::log_f32, o, os, a, as, n);
}
void log_row_f64(double* o, int64_t os, const double* a, int64_t as, int64_t n) {
  staged_row<double>(sv::kernels::detail::use_simd() ? &log_f64 : &scalar_build::log_f64, o, os, a, as, n);
}

// F32P / F64P: the lane types of the ops that run two vectors per step (kernels/simd128/
// vmath_lanes.hpp Pair): two independent dependency chains per step. 12-22% faster for expm1,
// log1p and the trig functions at 64K elements; 7-12% for the float32 exp and log families once
// their special-value work left the common path; float64 exp2 2-5%, not worth its code size. The
// float64 log family: 2-5% with a branch per step, 13-27% in checked_unary_loop's branch-free blocks.
#define SV_VMATH_DEFINE_ALL(F32, F64, F32P, F64P)                                               \
  SV_VMATH_UNARY(exp, F32P, F64P)                                                               \
  SV_VMATH_UNARY(exp2, F32P, F64)                                                               \
  SV_VMATH_UNARY_LOG(expm1, F32P, F64P, F64P, false, detail::expm1_core(x), detail::expm1_not_ordinary(x)) \
  SV_VMATH_UNARY_LOG(log, F32P, F64P, F64, false, (detail::log_core<decltype(x), true>(x)), detail::not_positive_normal(x)) \
  SV_VMATH_UNARY_LOG(log2, F32P, F64P, F64, true, (detail::log2_core<decltype(x), true>(x)), detail::not_positive_normal(x)) \
  SV_VMATH_UNARY_LOG(log10, F32P, F64P, F64, true, (detail::log10_core<decltype(x), true>(x)), detail::not_positive_normal(x)) \
  SV_VMATH_UNARY_LOG(log1p, F32P, F64P, F64P, false, detail::log1p_inside(x), detail::log1p_outside(x)) \
  SV_VMATH_TRIG(sin, 0, F32P, F64P)                                                             \
  SV_VMATH_TRIG(cos, 1, F32P, F64P)                                                             \
  SV_VMATH_TRIG(tan, 2, F32P, F64P)                                                             \
  SV_VMATH_UNARY_F64TABLE(tanh, F32P, F64P)                                                     \
  SV_VMATH_WIDE(sinh, F64)                                                                      \
  SV_VMATH_WIDE(cosh, F64)                                                                      \
  void hypot_f32(float* out, const float* a, const float* b, int64_t n) {                       \
    wide_binary_loop<F64>(out, a, b, n, [](auto x, auto y) SV_VM_LAMBDA { return detail::hypot_of_widened_f32(x, y); }); \
  }                                                                                             \
  void arctan2_f32(float* out, const float* a, const float* b, int64_t n) {                     \
    wide_binary_loop<F64>(out, a, b, n, [](auto y, auto x) SV_VM_LAMBDA { return detail::atan2_for_f32(y, x); }); \
  }                                                                                             \
  void arcsin_f32(float* out, const float* in, int64_t n) {                                     \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arcsin_for_f32(x); });    \
  }                                                                                             \
  void arccos_f32(float* out, const float* in, int64_t n) {                                     \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arccos_for_f32(x); });    \
  }                                                                                             \
  void arctan_f32(float* out, const float* in, int64_t n) {                                     \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arctan_for_f32(x); });    \
  }                                                                                             \
  void arcsinh_f32(float* out, const float* in, int64_t n) {                                    \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arcsinh_for_f32(x); });   \
  }                                                                                             \
  void arccosh_f32(float* out, const float* in, int64_t n) {                                    \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arccosh_for_f32(x); });   \
  }                                                                                             \
  void arctanh_f32(float* out, const float* in, int64_t n) {                                    \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::arctanh_for_f32(x); });   \
  }                                                                                             \
  void pow_f32(float* out, const float* a, const float* b, int64_t n) {                         \
    wide_binary_loop<F64>(out, a, b, n, [](auto x, auto y) SV_VM_LAMBDA { return detail::pow_for_f32(x, y); }); \
  }                                                                                             \
  void pow_f64(double* out, const double* a, const double* b, int64_t n) {                      \
    pow_table_loop<F64>(out, a, b, n);                                                          \
  }                                                                                             \
  void pow_scalar_f32(float* out, const float* in, int64_t n, float y) {                        \
    pow_scalar_loop<F32, F64>(out, in, n, y);                                                   \
  }                                                                                             \
  void pow_scalar_f64(double* out, const double* in, int64_t n, double y) {                     \
    pow_scalar_loop<F64, F64>(out, in, n, y);                                                   \
  }

#define SV_VMATH_UNARY(name, F32, F64)                                                      \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    detail::unary_loop<F32>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) {                               \
    detail::unary_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }

// float64 sin / cos / tan (op 0 / 1 / 2): the table algorithms of kernels/vmath_trig.hpp.
#define SV_VMATH_TRIG(name, op, F32, F64)                                                   \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    detail::unary_loop<F32>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) { detail::trig_loop<op, F64>(out, in, n); }

// float64 tanh: kernels/vmath_trig_tanh.hpp (name##_table_impl).
#define SV_VMATH_UNARY_F64TABLE(name, F32, F64)                                             \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    detail::unary_loop<F32>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); });      \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) {                               \
    detail::unary_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_table_impl(x); }); \
  }

// The log family and expm1 through checked_unary_loop (kernels/vmath_log_loop.hpp: FAST where
// SPECIAL, a mask, is false in a whole block; the full path on F64FULL lanes, as the plain loop had
// them): float64, and float32 when CHECKED32 (log2 and log10: 5-7% faster; log the same, so it
// keeps the plain loop). float64 expm1's fast path drops the clamp and the tiny-|x| select.
#define SV_VMATH_UNARY_LOG(name, F32, F64, F64FULL, CHECKED32, FAST, SPECIAL)               \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    auto full = [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); };                 \
    if constexpr (CHECKED32) {                                                              \
      detail::checked_unary_loop<F32>(                                                      \
          out, in, n, [](auto x) SV_VM_LAMBDA { return FAST; }, full,                       \
          [](auto x) SV_VM_LAMBDA { return SPECIAL; });                                     \
    } else {                                                                                \
      detail::unary_loop<F32>(out, in, n, full);                                            \
    }                                                                                       \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) {                               \
    detail::checked_unary_loop<F64, F64FULL>(                                               \
        out, in, n, [](auto x) SV_VM_LAMBDA { return FAST; },                               \
        [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); },                          \
        [](auto x) SV_VM_LAMBDA { return SPECIAL; });                                       \
  }

// float32 in float64 lanes (wide_loop), float64 in its own lanes.
#define SV_VMATH_WIDE(name, F64)                                                            \
  void name##_f32(float* out, const float* in, int64_t n) {                                 \
    wide_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); });  \
  }                                                                                         \
  void name##_f64(double* out, const double* in, int64_t n) {                               \
    detail::unary_loop<F64>(out, in, n, [](auto x) SV_VM_LAMBDA { return detail::name##_impl(x); }); \
  }

namespace scalar_build {
SV_VMATH_DEFINE_ALL(scalar::F32, scalar::F64, scalar::F32, scalar::F64)
}  // namespace scalar_build

#ifdef __wasm_simd128__
SV_VMATH_DEFINE_ALL(simd128::F32, simd128::F64, simd128::F32P, simd128::F64P)
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
SV_VMATH_UNARY(sinh, , )
SV_VMATH_UNARY(cosh, , )
void hypot_f32(float* out, const float* a, const float* b, int64_t n) { scalar_build::hypot_f32(out, a, b, n); }
void arctan2_f32(float* out, const float* a, const float* b, int64_t n) { scalar_build::arctan2_f32(out, a, b, n); }
void arcsin_f32(float* out, const float* in, int64_t n) { scalar_build::arcsin_f32(out, in, n); }
void arccos_f32(float* out, const float* in, int64_t n) { scalar_build::arccos_f32(out, in, n); }
void arctan_f32(float* out, const float* in, int64_t n) { scalar_build::arctan_f32(out, in, n); }
void arcsinh_f32(float* out, const float* in, int64_t n) { scalar_build::arcsinh_f32(out, in, n); }
void arccosh_f32(float* out, const float* in, int64_t n) { scalar_build::arccosh_f32(out, in, n); }
void arctanh_f32(float* out, const float* in, int64_t n) { scalar_build::arctanh_f32(out, in, n); }
void pow_f32(float* out, const float* a, const float* b, int64_t n) { scalar_build::pow_f32(out, a, b, n); }
void pow_f64(double* out, const double* a, const double* b, int64_t n) { scalar_build::pow_f64(out, a, b, n); }
void pow_scalar_f32(float* out, const float* in, int64_t n, float y) { scalar_build::pow_scalar_f32(out, in, n, y); }
void pow_scalar_f64(double* out, const double* in, int64_t n, double y) { scalar_build::pow_scalar_f64(out, in, n, y); }
bool simd_build() { return false; }
#endif

}  // namespace sv::kernels::vmath
