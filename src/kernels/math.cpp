// math_unary(), math_binary(), clip(): NumPy's elementwise math over the planning machinery of
// plan.hpp. Each row is cut into L1-sized chunks, the inputs converted to the op's working dtype
// (float32 or float64 for the math, bool for the logical ops, float64 for the predicates), the op
// run on contiguous chunks ("contiguous block in -> contiguous block out": a ChunkFn), and the
// result stored through the output's stride. Size: one chunk loop per (op, working type); the
// planning, masking and conversion exist once.
// The transcendental ops run the vector math library (kernels/vmath.hpp) in the operand's own
// dtype: float32 in f32x4 lanes, float64 in f64x2 lanes (sinh, cosh and float32 hypot in float64
// lanes; float64 pow through the table algorithm of kernels/vmath_pow.hpp). The inverse
// trigonometric and hyperbolic functions and arctan2 (and float64 hypot) run the C library in
// float64.
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "kernels/simd128/math.hpp"

#include "kernels/chunk_ops.hpp"
#include "kernels/dtype.hpp"
#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"
#include "kernels/rows.hpp"
#include "kernels/vmath.hpp"

namespace sv::kernels {
namespace {

using ChunkFn = void (*)(void* o, const void* a, const void* b, const void* c, int64_t n);

template <class T>
T sign_of(T x) {
  return x > 0 ? T(1) : x < 0 ? T(-1) : x;  // +-0 and NaN map to themselves (NumPy)
}

// float64 arcsin, arccos, arctan, arcsinh, arccosh, arctanh: the C library (musl).
// float32 operands of all six run the vector math library instead (vmath_fn). The same calls in the SIMD and no-SIMD modules. Special values are C99's, which are
// NumPy's (arcsin(2) and arccosh(0.5) NaN, arctanh(+-1) +-inf, signed zeros kept).
template <class T, MathOp OP>
SV_LOOP_FN void libm_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    const double x = static_cast<double>(a[i]);
    double r;
    switch (OP) {
      case MathOp::arcsin: r = std::asin(x); break;
      case MathOp::arccos: r = std::acos(x); break;
      case MathOp::arctan: r = std::atan(x); break;
      case MathOp::arcsinh: r = std::asinh(x); break;
      // musl's acosh computes on |x| (acosh(-2) would be acosh(2)): below 1 is NaN, as NumPy
      case MathOp::arccosh: r = x < 1.0 ? std::numeric_limits<double>::quiet_NaN() : std::acosh(x); break;
      default: r = std::atanh(x); break;
    }
    o[i] = static_cast<T>(r);
  }
}
template <class T>
ChunkFn libm_fn(MathOp op) {
  switch (op) {
    case MathOp::arcsin: return &libm_chunk<T, MathOp::arcsin>;
    case MathOp::arccos: return &libm_chunk<T, MathOp::arccos>;
    case MathOp::arctan: return &libm_chunk<T, MathOp::arctan>;
    case MathOp::arcsinh: return &libm_chunk<T, MathOp::arcsinh>;
    case MathOp::arccosh: return &libm_chunk<T, MathOp::arccosh>;
    default: return &libm_chunk<T, MathOp::arctanh>;
  }
}

// float64 arctan2 and hypot: the C library.
template <class T, MathBinaryOp OP>
SV_LOOP_FN void libm2_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    const double x = static_cast<double>(a[i]), y = static_cast<double>(b[i]);
    o[i] = static_cast<T>(OP == MathBinaryOp::arctan2 ? std::atan2(x, y) : std::hypot(x, y));
  }
}
// float32 hypot and arctan2: the vector math library (float64 lanes, one rounding).
template <bool HYPOT>
SV_LOOP_FN void wide2_f32_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  constexpr auto simd = HYPOT ? &vmath::hypot_f32 : &vmath::arctan2_f32;
  constexpr auto scalar = HYPOT ? &vmath::scalar_build::hypot_f32 : &vmath::scalar_build::arctan2_f32;
  (detail::use_simd() ? simd : scalar)(static_cast<float*>(po), static_cast<const float*>(pa),
                                       static_cast<const float*>(pb), n);
}

// floor / ceil / rint / trunc in the operands' own float type (exact: the result is
// representable), four or two lanes at a time with SIMD128 (f32x4.nearest is round half to even).
template <class T, MathOp OP>
SV_LOOP_FN void round_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  constexpr int kMode = OP == MathOp::floor ? 0 : OP == MathOp::ceil ? 1 : OP == MathOp::rint ? 2 : 3;
  i = simd128::round_lanes<T, kMode>(o, a, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    o[i] = OP == MathOp::floor  ? std::floor(x)
           : OP == MathOp::ceil ? std::ceil(x)
           : OP == MathOp::rint ? std::nearbyint(x)
                                : std::trunc(x);
  }
}

// square and sign in the operands' own float type (the same bits as through float64: x * x of a
// float32 is exact in float64 and rounds once), square four or two lanes at a time.
template <class T, MathOp OP>
SV_LOOP_FN void square_sign_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  if constexpr (OP == MathOp::square) {
    constexpr int64_t L = 16 / sizeof(T);
    for (; i + L <= n; i += L) {
      const v128_t x = wasm_v128_load(a + i);
      wasm_v128_store(o + i, sizeof(T) == 4 ? wasm_f32x4_mul(x, x) : wasm_f64x2_mul(x, x));
    }
  }
#endif
  for (; i < n; ++i) o[i] = OP == MathOp::square ? a[i] * a[i] : sign_of(a[i]);
}

// The vector math library on one contiguous chunk: the SIMD128 build, or its scalar twin (the same
// algorithm, bit-identical results) when the SIMD loops are switched off (set_simd_enabled).
template <class T>
using VmathFn = void (*)(T* out, const T* in, int64_t n);

template <class T, VmathFn<T> SIMD, VmathFn<T> SCALAR>
SV_LOOP_FN void vmath_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  (detail::use_simd() ? SIMD : SCALAR)(static_cast<T*>(po), static_cast<const T*>(pa), n);
}

#define SV_VMATH_CHUNK(T, name, sfx) \
  &vmath_chunk<T, &vmath::name##_##sfx, &vmath::scalar_build::name##_##sfx>

// nullptr: the op is not a vector math op (the inverse trigonometric and hyperbolic functions run
// the C library, libm_fn).
template <class T>
ChunkFn vmath_fn(MathOp op) {
  constexpr bool f32 = sizeof(T) == 4;
#define SV_VMATH_CASE(name)                                                              \
  case MathOp::name:                                                                     \
    if constexpr (f32) return SV_VMATH_CHUNK(float, name, f32);                          \
    else return SV_VMATH_CHUNK(double, name, f64);
  switch (op) {
    SV_VMATH_CASE(sin)
    SV_VMATH_CASE(cos)
    SV_VMATH_CASE(tan)
    SV_VMATH_CASE(tanh)
    SV_VMATH_CASE(exp2)
    SV_VMATH_CASE(log10)
    SV_VMATH_CASE(log1p)
    SV_VMATH_CASE(expm1)
    SV_VMATH_CASE(log2)
    SV_VMATH_CASE(sinh)
    SV_VMATH_CASE(cosh)
    // float32 only (float64 lanes, one rounding); float64: the C library (libm_fn)
    case MathOp::arcsin:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arcsin, f32);
      else return nullptr;
    case MathOp::arccos:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arccos, f32);
      else return nullptr;
    case MathOp::arctan:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arctan, f32);
      else return nullptr;
    case MathOp::arcsinh:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arcsinh, f32);
      else return nullptr;
    case MathOp::arccosh:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arccosh, f32);
      else return nullptr;
    case MathOp::arctanh:
      if constexpr (f32) return SV_VMATH_CHUNK(float, arctanh, f32);
      else return nullptr;
    default: return nullptr;
  }
#undef SV_VMATH_CASE
}

template <class T>
ChunkFn round_fn(MathOp op) {
  switch (op) {
    case MathOp::floor: return &round_chunk<T, MathOp::floor>;
    case MathOp::ceil: return &round_chunk<T, MathOp::ceil>;
    case MathOp::rint: return &round_chunk<T, MathOp::rint>;
    default: return &round_chunk<T, MathOp::trunc>;
  }
}

// isnan / isfinite of float operands in their own type (no conversion): out bytes 0 / 1.
template <class T, bool NAN_>
SV_LOOP_FN void fpred_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  i = simd128::fpred_lanes<T, NAN_>(o, a, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    o[i] = NAN_ ? x != x : x - x == x - x;  // x - x is NaN for inf and NaN
  }
}

// Predicates and logical ops: out bytes 0 / 1.
template <int OP>
SV_LOOP_FN void pred_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const double* a = static_cast<const double*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) {
    o[i] = static_cast<MathOp>(OP) == MathOp::isnan ? std::isnan(a[i]) : std::isfinite(a[i]);
  }
}

SV_LOOP_FN void not_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const uint8_t* a = static_cast<const uint8_t*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = a[i] ^ 1u;
}

template <int OP>
SV_LOOP_FN void logical_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const uint8_t* a = static_cast<const uint8_t*>(pa);
  const uint8_t* b = static_cast<const uint8_t*>(pb);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) {
    switch (static_cast<MathBinaryOp>(OP)) {
      case MathBinaryOp::logical_and: o[i] = a[i] & b[i]; break;
      case MathBinaryOp::logical_or: o[i] = a[i] | b[i]; break;
      default: o[i] = a[i] ^ b[i]; break;
    }
  }
}

// float64 pow with an array exponent: the vector math library's table pow.
SV_LOOP_FN void pow_f64_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  (detail::use_simd() ? &vmath::pow_f64 : &vmath::scalar_build::pow_f64)(
      static_cast<double*>(po), static_cast<const double*>(pa), static_cast<const double*>(pb), n);
}

// float32 pow with an array exponent: the vector math library.
SV_LOOP_FN void pow_f32_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  (detail::use_simd() ? &vmath::pow_f32 : &vmath::scalar_build::pow_f32)(
      static_cast<float*>(po), static_cast<const float*>(pa), static_cast<const float*>(pb), n);
}

// pow with one exponent for every element (pc points at it): the library's fast paths for small
// integers and 1/2, its general pow for other exponents.
template <class T>
SV_LOOP_FN void pow_scalar_chunk(void* po, const void* pa, const void*, const void* pc, int64_t n) {
  const T y = *static_cast<const T*>(pc);
  T* o = static_cast<T*>(po);
  const T* a = static_cast<const T*>(pa);
  if constexpr (sizeof(T) == 4) {
    (detail::use_simd() ? &vmath::pow_scalar_f32 : &vmath::scalar_build::pow_scalar_f32)(o, a, n, y);
  } else {
    (detail::use_simd() ? &vmath::pow_scalar_f64 : &vmath::scalar_build::pow_scalar_f64)(o, a, n, y);
  }
}

// The first negative exponent an integer pow met (NumPy raises "Integers to negative integer
// powers are not allowed"): the kernel writes 0 there (1 for a base of 1, +-1 for -1) so that it
// never traps, and math_binary() turns the record into the error.
// Shared by the pool's threads: a piece of the call on any thread may meet one.
std::atomic<bool> g_negative_exponent{false};
std::atomic<int64_t> g_negative_exponent_value{0};

// Integer power by squaring, wrapping in the working type (int64 / uint64): cast back to the
// operands' dtype, that is NumPy's wrap in the dtype.
template <class T>
SV_LOOP_FN void ipow_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    using U = uint64_t;
    U base = static_cast<U>(a[i]);
    T e = b[i];
    U r = 1;
    if (e < T(0)) {
      bool expected = false;
      if (g_negative_exponent.compare_exchange_strong(expected, true)) {
        g_negative_exponent_value.store(static_cast<int64_t>(e));
      }
      r = a[i] == T(1) ? 1 : a[i] == T(-1) ? ((-static_cast<int64_t>(e)) & 1 ? U(-1) : 1) : 0;
    } else {
      for (U k = static_cast<U>(e); k != 0; k >>= 1) {
        if (k & 1u) r *= base;
        base *= base;
      }
    }
    o[i] = static_cast<T>(r);
  }
}

template <class T>
SV_LOOP_FN void isign_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = a[i] > T(0) ? T(1) : a[i] < T(0) ? T(-1) : T(0);
}

// NumPy's clip, exactly its macros: m = (isnan(x) || x > lo) ? x : lo, then
// (isnan(m) || m < hi) ? m : hi. A NaN anywhere propagates; lo > hi gives hi; on zeros of both
// signs the bound wins unless x is strictly beyond it (NumPy's bits). Integers: the same without
// NaN. Float32 and float64 run in their own type, SIMD128 when available.
template <class T>
SV_LOOP_FN void clip_chunk(void* po, const void* pa, const void* pb, const void* pc, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* lo = static_cast<const T*>(pb);
  const T* hi = static_cast<const T*>(pc);
  T* o = static_cast<T*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  i = simd128::clip_lanes<T>(o, a, lo, hi, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    const T m = (x != x || x > lo[i]) ? x : lo[i];
    o[i] = (m != m || m < hi[i]) ? m : hi[i];
  }
}

// cbrt, signbit, spacing, frexp, modf and the binary copysign, nextafter, fmax, fmin, ldexp in the
// operand's own float type: each result exact or correctly rounded as NumPy's (cbrt: the C
// library's, within 1 ulp). float16 values arrive widened to float32 (exact); spacing and
// nextafter of float16 step in binary16 (spacing_half, nextafter_half).
inline float nextafter_half(float x, float y) {
  if (x != x || y != y) return x + y;  // NaN
  if (x == y) return y;
  uint16_t h = to_half(x);  // exact: x holds a float16 value
  if ((h & 0x7fffu) == 0) return half_to_float(y > x ? uint16_t{1} : uint16_t{0x8001u});
  const bool away = (y > x) == (x > 0);  // the magnitude grows
  h = static_cast<uint16_t>(away ? h + 1u : h - 1u);
  return half_to_float(h);
}

template <class T>
T spacing_of(T x) {
  // NumPy: NaN for +-inf and NaN; away from zero for x < 0, toward +inf otherwise (-0 included)
  if (std::isinf(x)) return std::numeric_limits<T>::quiet_NaN();
  return std::nextafter(x, x < 0 ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity()) - x;
}
inline float spacing_half(float x) {
  if (std::isinf(x)) return std::numeric_limits<float>::quiet_NaN();
  return nextafter_half(x, x < 0 ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity()) - x;
}

template <class T, MathOp OP>
SV_LOOP_FN void more_unary_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    const T x = a[i];
    int e = 0;
    switch (OP) {
      case MathOp::cbrt: o[i] = std::cbrt(x); break;
      case MathOp::spacing: o[i] = spacing_of(x); break;
      case MathOp::spacing_half: o[i] = static_cast<T>(spacing_half(static_cast<float>(x))); break;
      case MathOp::frexp_mantissa: o[i] = std::isfinite(x) ? std::frexp(x, &e) : x; break;
      case MathOp::frexp_exponent:
        if (std::isfinite(x)) std::frexp(x, &e);
        o[i] = static_cast<T>(e);  // NaN and +-inf: 0, as NumPy
        break;
      default: {  // modf_fraction
        T ip;
        o[i] = std::modf(x, &ip);
        break;
      }
    }
  }
}

template <class T>
SV_LOOP_FN void signbit_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = std::signbit(a[i]) ? 1u : 0u;
}

template <class T, MathBinaryOp OP>
SV_LOOP_FN void more_binary_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    const T x = a[i], y = b[i];
    switch (OP) {
      case MathBinaryOp::copysign: o[i] = std::copysign(x, y); break;
      case MathBinaryOp::nextafter: o[i] = std::nextafter(x, y); break;
      case MathBinaryOp::nextafter_half:
        o[i] = static_cast<T>(nextafter_half(static_cast<float>(x), static_cast<float>(y)));
        break;
      // NumPy's loops: the first operand when strictly beyond the second or the second is NaN
      case MathBinaryOp::fmax: o[i] = (x > y || y != y) ? x : y; break;
      case MathBinaryOp::fmin: o[i] = (x < y || y != y) ? x : y; break;
      default: {  // ldexp: y holds an integer exponent (any past +-100000 saturates the result)
        const double e = std::fmax(-100000.0, std::fmin(100000.0, static_cast<double>(y)));
        o[i] = std::ldexp(x, static_cast<int>(e));
        break;
      }
    }
  }
}

// gcd and lcm in int64 (uint64 for uint64) on the magnitudes, as unsigned words (|INT64_MIN| has
// no int64): results wrap into the dtype as NumPy's (gcd(int8 -128, 0) is -128).
template <class T, bool LCM>
SV_LOOP_FN void gcd_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t x = a[i] < T(0) ? uint64_t{0} - static_cast<uint64_t>(a[i]) : static_cast<uint64_t>(a[i]);
    uint64_t y = b[i] < T(0) ? uint64_t{0} - static_cast<uint64_t>(b[i]) : static_cast<uint64_t>(b[i]);
    const uint64_t x0 = x, y0 = y;
    while (y != 0) {
      const uint64_t t = x % y;
      x = y;
      y = t;
    }
    o[i] = static_cast<T>(LCM ? (x == 0 ? uint64_t{0} : x0 / x * y0) : x);
  }
}

const char* const kUnaryNames[] = {"square",  "floor",   "ceil",    "rint",    "trunc",    "sign",
                                   "sin",     "cos",     "tan",     "tanh",    "exp2",     "log2",
                                   "log10",   "log1p",   "expm1",   "isnan",   "isfinite", "logical_not",
                                   "sinh",    "cosh",    "arcsin",  "arccos",  "arctan",   "arcsinh",
                                   "arccosh", "arctanh", "cbrt",    "signbit", "spacing",  "spacing_half",
                                   "frexp_mantissa", "frexp_exponent", "modf_fraction"};
const char* const kBinaryNames[] = {"pow",        "logical_and", "logical_or", "logical_xor",
                                    "arctan2",    "hypot",       "copysign",   "nextafter",
                                    "nextafter_half", "fmax",    "fmin",       "ldexp",
                                    "gcd",        "lcm"};
static_assert(sizeof kUnaryNames / sizeof kUnaryNames[0] == tables::kMathOpCount);
static_assert(sizeof kBinaryNames / sizeof kBinaryNames[0] == tables::kMathBinaryOpCount);

// Runs fn over the common shape of out and inputs[0..nin): each input converted to `work` in
// chunks; fn writes dtype `res` into a chunk that is converted to out's dtype (when it differs)
// and stored through out's stride. With nin < 3, fn's third input is `param` (a scalar operand).
Status run_chunks(const char* name, const Operand& out, const Operand* const* in, int nin,
                  DType work, ChunkFn fn, DType res, const void* param = nullptr) {
  detail::Buffer bufs[3];
  Operand src[3];
  for (int k = 0; k < nin; ++k) {
    src[k] = *in[k];
    // Chunks of one row are read before they are written, so an input addressed exactly like the
    // output is fine; any other overlap reads the input first.
    if (detail::overlaps(out, *in[k]) && !detail::same_addressing(out, *in[k])) {
      SV_CHECK(detail::materialize(name, *in[k], bufs[k], &src[k]));
    }
  }
  OpDesc ops[4];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  detail::Caster cast[3];
  bool direct[3] = {false, false, false};  // bool is staged: any nonzero byte must read as 1
  for (int k = 0; k < nin; ++k) {
    direct[k] = src[k].dtype == work && work != DType::bool_;
    ops[k + 1] = {static_cast<char*>(src[k].base), &src[k].layout,
                  static_cast<int64_t>(dtype_size(src[k].dtype)), detail::kZeros};
    cast[k] = detail::make_caster(work, src[k].dtype);
  }
  const int64_t eo = ops[0].esize;
  const detail::Caster back = detail::make_caster(out.dtype, res);
  const bool convert_out = res != out.dtype;
  for_each_region(nin + 1, ops, 0, [&](const Plan& p, uint32_t) {
    // Transposed inputs of a large block come as rows of staged tiles (contiguous, stride 1).
    tiles::for_each_row(p, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
      alignas(16) uint64_t w[3][detail::kCastChunk];
      alignas(16) uint64_t o[detail::kCastChunk];
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = std::min(detail::kCastChunk, n - i);
        // Contiguous operands already in the working dtype are used in place (no staging copy):
        // the chunk functions read element i of every input before writing element i.
        const void* x[3] = {w[0], w[1], nin < 3 ? param : w[2]};
        for (int k = 0; k < nin; ++k) {
          const char* s = ptr[k + 1] + i * st[k + 1] * p.esize[k + 1];
          if (direct[k] && st[k + 1] == 1) {
            x[k] = s;
          } else if (st[k + 1] == 0 && i > 0) {
            // a broadcast scalar along the row: the chunk staged first holds it already
          } else {
            detail::cast_row(cast[k], w[k], 1, s, st[k + 1], m);
          }
        }
        char* d = ptr[0] + i * st[0] * eo;
        const bool in_place = !convert_out && st[0] == 1;
        fn(in_place ? static_cast<void*>(d) : o, x[0], x[1], x[2], m);
        if (in_place) continue;
        if (convert_out) {
          detail::cast_row(back, d, st[0], o, 1, m);
        } else {
          detail::store_strided(eo, d, st[0], o, m);
        }
      }
    });
  });
  return ok_status();
}

Status check_common(const char* name, const Operand& out, const Operand* const* in, int nin) {
  SV_CHECK(detail::check_operand(name, "out", out));
  static const char* const kNames[] = {"a", "b", "c"};
  for (int k = 0; k < nin; ++k) {
    SV_CHECK(detail::check_operand(name, kNames[k], *in[k]));
    SV_CHECK(detail::check_same_shape(name, "out", out, kNames[k], *in[k]));
  }
  return detail::check_writable(name, "out", out);
}

bool is_float(DType t) { return t == DType::float32 || t == DType::float64; }
bool is_int(DType t) { return t != DType::bool_ && !is_float(t); }
// True, with the value in *v, when every element of the float operand o reads one element of
// memory (a broadcast scalar: no mask, stride 0 on every dim longer than 1).
bool uniform_value(const Operand& o, double* v) {
  const Layout& l = o.layout;
  if (l.has_mask()) return false;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if (l.shape[d] == 0) return false;
    if (l.shape[d] > 1 && l.strides[d] != 0) return false;
  }
  const int64_t esize = static_cast<int64_t>(dtype_size(o.dtype));
  const char* p = static_cast<const char*>(o.base) + l.offset * esize;
  if (o.dtype == DType::float32) {
    float f;
    std::memcpy(&f, p, sizeof f);
    *v = f;
  } else {
    std::memcpy(v, p, sizeof *v);
  }
  return true;
}

// The working type of the integer ops: every signed dtype and the unsigned ones below 64 bits fit
// int64; uint64 runs in uint64.
DType int_work(DType t) { return t == DType::uint64 ? DType::uint64 : DType::int64; }

// How one math op runs for its operands' dtype `a` (the values', for clip): the chunk function,
// the working dtype its inputs are converted to, the dtype it writes (`res`) and the op's result
// dtype (`out`); `pow_scalar`: pow's exponent is one value (read by the chunk function from its
// third input). The entry points below and math_chunk_op (the fused evaluator) share it.
struct MathSel {
  ChunkFn fn = nullptr;
  DType work = DType::float64, res = DType::float64, out = DType::float64;
  bool pow_scalar = false;
};

Status float_operands(const std::string& nm, DType a, DType b) {
  if (!is_float(a) || b != a) {
    return make_error(Code::type_error, nm + ": a and b must share float32 or float64, got " +
                                            dtype_name(a) + " and " + dtype_name(b) + "; cast first");
  }
  return ok_status();
}

Status select_unary(MathOp op, const std::string& nm, DType a, MathSel* s) {
  if (op == MathOp::isnan || op == MathOp::isfinite || op == MathOp::logical_not) {
    s->out = s->res = DType::bool_;
    if (op == MathOp::logical_not) {
      s->work = DType::bool_;
      s->fn = &not_chunk;
    } else {
      const bool nan = op == MathOp::isnan;
      if (a == DType::float32) {
        s->work = DType::float32;
        s->fn = nan ? &fpred_chunk<float, true> : &fpred_chunk<float, false>;
      } else if (a == DType::float64) {
        s->work = DType::float64;
        s->fn = nan ? &fpred_chunk<double, true> : &fpred_chunk<double, false>;
      } else {
        s->work = DType::float64;
        s->fn = nan ? &pred_chunk<static_cast<int>(MathOp::isnan)>
                    : &pred_chunk<static_cast<int>(MathOp::isfinite)>;
      }
    }
    return ok_status();
  }
  s->out = a;
  if (op == MathOp::sign && is_int(a)) {
    s->work = s->res = int_work(a);
    s->fn = s->work == DType::uint64 ? &isign_chunk<uint64_t> : &isign_chunk<int64_t>;
    return ok_status();
  }
  if (!is_float(a)) {
    return make_error(Code::type_error, nm + ": a must be float32 or float64, got " +
                                            dtype_name(a) + "; cast to a float first");
  }
  s->work = s->res = a;
  const bool f32 = a == DType::float32;
  if (op == MathOp::signbit) {
    s->out = s->res = DType::bool_;
    s->fn = f32 ? &signbit_chunk<float> : &signbit_chunk<double>;
    return ok_status();
  }
  if (op >= MathOp::cbrt) {
#define SV_MORE_UNARY(name)                                                                     \
  case MathOp::name:                                                                            \
    s->fn = f32 ? &more_unary_chunk<float, MathOp::name> : &more_unary_chunk<double, MathOp::name>; \
    break;
    switch (op) {
      SV_MORE_UNARY(cbrt)
      SV_MORE_UNARY(spacing)
      SV_MORE_UNARY(spacing_half)
      SV_MORE_UNARY(frexp_mantissa)
      SV_MORE_UNARY(frexp_exponent)
      default: s->fn = f32 ? &more_unary_chunk<float, MathOp::modf_fraction> : &more_unary_chunk<double, MathOp::modf_fraction>; break;
    }
#undef SV_MORE_UNARY
    if (op == MathOp::frexp_exponent) s->out = DType::int32;  // the chunk writes the exponent as a float
    return ok_status();
  }
  if (op == MathOp::floor || op == MathOp::ceil || op == MathOp::rint || op == MathOp::trunc) {
    s->fn = f32 ? round_fn<float>(op) : round_fn<double>(op);
  } else if (op == MathOp::square || op == MathOp::sign) {
    const bool sq = op == MathOp::square;
    s->fn = f32 ? (sq ? &square_sign_chunk<float, MathOp::square> : &square_sign_chunk<float, MathOp::sign>)
                : (sq ? &square_sign_chunk<double, MathOp::square> : &square_sign_chunk<double, MathOp::sign>);
  } else {
    s->fn = f32 ? vmath_fn<float>(op) : vmath_fn<double>(op);
    if (s->fn == nullptr) s->fn = f32 ? libm_fn<float>(op) : libm_fn<double>(op);
  }
  return ok_status();
}

Status select_binary(MathBinaryOp op, const std::string& nm, DType a, DType b, bool uniform_b,
                     MathSel* s) {
  if (op == MathBinaryOp::pow && is_int(a) && b == a) {
    s->out = a;
    s->work = s->res = int_work(a);
    s->fn = s->work == DType::uint64 ? &ipow_chunk<uint64_t> : &ipow_chunk<int64_t>;
    return ok_status();
  }
  if (op == MathBinaryOp::pow) {
    SV_CHECK(float_operands(nm, a, b));
    s->out = s->work = s->res = a;
    const bool f32 = a == DType::float32;
    s->pow_scalar = uniform_b;
    s->fn = uniform_b ? (f32 ? &pow_scalar_chunk<float> : &pow_scalar_chunk<double>)
                      : (f32 ? &pow_f32_chunk : &pow_f64_chunk);
    return ok_status();
  }
  if (op == MathBinaryOp::arctan2 || op == MathBinaryOp::hypot) {
    SV_CHECK(float_operands(nm, a, b));
    s->out = s->work = s->res = a;
    const bool f32 = a == DType::float32;
    if (op == MathBinaryOp::hypot) {
      s->fn = f32 ? &wide2_f32_chunk<true> : &libm2_chunk<double, MathBinaryOp::hypot>;
    } else {
      s->fn = f32 ? &wide2_f32_chunk<false> : &libm2_chunk<double, MathBinaryOp::arctan2>;
    }
    return ok_status();
  }
  if (op == MathBinaryOp::gcd || op == MathBinaryOp::lcm) {
    if (!is_int(a) || b != a) {
      return make_error(Code::type_error, nm + ": a and b must share an integer dtype, got " +
                                              dtype_name(a) + " and " + dtype_name(b));
    }
    const bool l = op == MathBinaryOp::lcm;
    s->out = a;
    s->work = s->res = int_work(a);
    s->fn = s->work == DType::uint64 ? (l ? &gcd_chunk<uint64_t, true> : &gcd_chunk<uint64_t, false>)
                                     : (l ? &gcd_chunk<int64_t, true> : &gcd_chunk<int64_t, false>);
    return ok_status();
  }
  if (op >= MathBinaryOp::copysign) {
    SV_CHECK(float_operands(nm, a, b));
    s->out = s->work = s->res = a;
    const bool f32 = a == DType::float32;
#define SV_MORE_BINARY(name)                                                                      \
  case MathBinaryOp::name:                                                                        \
    s->fn = f32 ? &more_binary_chunk<float, MathBinaryOp::name> : &more_binary_chunk<double, MathBinaryOp::name>; \
    break;
    switch (op) {
      SV_MORE_BINARY(copysign)
      SV_MORE_BINARY(nextafter)
      SV_MORE_BINARY(nextafter_half)
      SV_MORE_BINARY(fmax)
      SV_MORE_BINARY(fmin)
      default: s->fn = f32 ? &more_binary_chunk<float, MathBinaryOp::ldexp> : &more_binary_chunk<double, MathBinaryOp::ldexp>; break;
    }
#undef SV_MORE_BINARY
    return ok_status();
  }
  s->out = s->work = s->res = DType::bool_;
  s->fn = op == MathBinaryOp::logical_and  ? &logical_chunk<1>
          : op == MathBinaryOp::logical_or ? &logical_chunk<2>
                                           : &logical_chunk<3>;
  return ok_status();
}

Status select_clip(DType out, DType a, DType lo, DType hi, MathSel* s) {
  if (!is_float(a) && lo == a && hi == a && out == a) {
    s->out = a;
    s->work = s->res = int_work(a);
    s->fn = s->work == DType::uint64 ? &clip_chunk<uint64_t> : &clip_chunk<int64_t>;
    return ok_status();
  }
  if (!is_float(a) || lo != a || hi != a || out != a) {
    return make_error(Code::type_error, std::string("clip: out, a, lo and hi must share float32 or "
                                                    "float64, got ") +
                                            dtype_name(out) + ", " + dtype_name(a) + ", " +
                                            dtype_name(lo) + ", " + dtype_name(hi) +
                                            "; cast first (integer clip: maximum then minimum)");
  }
  s->out = s->work = s->res = a;
  s->fn = a == DType::float32 ? &clip_chunk<float> : &clip_chunk<double>;
  return ok_status();
}

const std::string& unary_label(int i) {
  static const auto kLabels =
      detail::op_labels<tables::kMathOpCount>("unary ", [](int k) { return kUnaryNames[k]; });
  return kLabels[i];
}

const std::string& binary_label(int i) {
  static const auto kLabels = detail::op_labels<tables::kMathBinaryOpCount>(
      "binary ", [](int k) { return kBinaryNames[k]; });
  return kLabels[i];
}

Status negative_exponent_error(const std::string& nm, DType a) {
  return make_error(Code::invalid_argument,
                    nm + ": integers to negative integer powers are not allowed: exponent " +
                        std::to_string(g_negative_exponent_value.load()) + " (dtype " + dtype_name(a) +
                        "); use a float base or exponent");
}

// ChunkOp::run of a math op: inputs converted to the working dtype when the kernel converts them
// (bool is always staged: any nonzero byte must read as 1), the chunk function, the result
// converted to the op's dtype.
void math_chunk_run(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  const auto fn = reinterpret_cast<ChunkFn>(c.fn);
  if (!c.cast_in && !c.cast_out) {
    // pow with one exponent: the chunk function reads it from its third input
    fn(o, in[0], c.nin > 1 ? in[1] : nullptr, c.swap ? in[1] : (c.nin > 2 ? in[2] : nullptr), n);
    return;
  }
  constexpr int64_t C = detail::kCastChunk;
  alignas(16) uint64_t w[3][C];
  alignas(16) uint64_t r[C];
  const int64_t ie = c.in_cast.se, oe = static_cast<int64_t>(dtype_size(c.out));
  for (int64_t i = 0; i < n; i += C) {
    const int64_t m = n - i < C ? n - i : C;
    const void* x[3] = {nullptr, nullptr, nullptr};
    for (int k = 0; k < c.nin; ++k) {
      const char* s = static_cast<const char*>(in[k]) + i * ie;
      if (c.cast_in) {
        detail::cast_row(c.in_cast, w[k], 1, s, 1, m);
        x[k] = w[k];
      } else {
        x[k] = s;
      }
    }
    if (c.swap) x[2] = x[1];
    char* d = static_cast<char*>(o) + i * oe;
    fn(c.cast_out ? static_cast<void*>(r) : d, x[0], x[1], x[2], m);
    if (c.cast_out) detail::cast_row(c.out_cast, d, 1, r, 1, m);
  }
}

}  // namespace

Status math_unary(MathOp op, const Operand& out, const Operand& a) {
  const auto i = static_cast<int32_t>(op);
  if (i < 0 || i >= tables::kMathOpCount) {
    return make_error(Code::invalid_argument, "math_unary: unknown op " + std::to_string(i) +
                                                  "; expected 0.." +
                                                  std::to_string(tables::kMathOpCount - 1));
  }
  const std::string& nm = unary_label(i);
  const char* name = nm.c_str();
  const Operand* in[1] = {&a};
  SV_CHECK(check_common(name, out, in, 1));
  MathSel s;
  SV_CHECK(select_unary(op, nm, a.dtype, &s));
  SV_CHECK(detail::check_dtype(name, "out", out, s.out));
  return run_chunks(name, out, in, 1, s.work, s.fn, s.res);
}

Status math_binary(MathBinaryOp op, const Operand& out, const Operand& a, const Operand& b) {
  const auto i = static_cast<int32_t>(op);
  if (i < 0 || i >= tables::kMathBinaryOpCount) {
    return make_error(Code::invalid_argument, "math_binary: unknown op " + std::to_string(i) +
                                                  "; expected 0.." +
                                                  std::to_string(tables::kMathBinaryOpCount - 1));
  }
  const std::string& nm = binary_label(i);
  const char* name = nm.c_str();
  const Operand* in[2] = {&a, &b};
  SV_CHECK(check_common(name, out, in, 2));
  double y = 0;
  const bool uniform = op == MathBinaryOp::pow && is_float(a.dtype) && b.dtype == a.dtype &&
                       uniform_value(b, &y);
  MathSel s;
  SV_CHECK(select_binary(op, nm, a.dtype, b.dtype, uniform, &s));
  SV_CHECK(detail::check_dtype(name, "out", out, s.out));
  if (s.pow_scalar) {  // x ** scalar: the exponent read once, its fast paths
    const float y32 = static_cast<float>(y);
    const Operand* in1[1] = {&a};
    return run_chunks(name, out, in1, 1, a.dtype, s.fn, a.dtype,
                      a.dtype == DType::float32 ? static_cast<const void*>(&y32) : &y);
  }
  const bool ipow = op == MathBinaryOp::pow && is_int(a.dtype);
  if (ipow) g_negative_exponent = false;
  SV_CHECK(run_chunks(name, out, in, 2, s.work, s.fn, s.res));
  if (ipow && g_negative_exponent) return negative_exponent_error(nm, a.dtype);
  return ok_status();
}

Status clip(const Operand& out, const Operand& a, const Operand& lo, const Operand& hi) {
  const char* name = "clip";
  const Operand* in[3] = {&a, &lo, &hi};
  SV_CHECK(check_common(name, out, in, 3));
  MathSel s;
  SV_CHECK(select_clip(out.dtype, a.dtype, lo.dtype, hi.dtype, &s));
  return run_chunks(name, out, in, 3, s.work, s.fn, s.res);
}

Status math_chunk_op(int64_t kind, int64_t code, DType t, bool uniform_b, ChunkOp* c) {
  *c = ChunkOp{};
  MathSel s;
  if (kind == wire::kMathUnary) {
    if (code < 0 || code >= tables::kMathOpCount) return make_error(Code::invalid_argument, "fuse: unknown math op");
    SV_CHECK(select_unary(static_cast<MathOp>(code), unary_label(static_cast<int>(code)), t, &s));
    c->nin = 1;
  } else if (kind == wire::kMathBinary) {
    if (code < 0 || code >= tables::kMathBinaryOpCount) return make_error(Code::invalid_argument, "fuse: unknown math op");
    SV_CHECK(select_binary(static_cast<MathBinaryOp>(code), binary_label(static_cast<int>(code)), t, t,
                           uniform_b && is_float(t), &s));
    c->nin = s.pow_scalar ? 1 : 2;
    c->swap = s.pow_scalar;
  } else if (kind == wire::kClip) {
    SV_CHECK(select_clip(t, t, t, t, &s));
    c->nin = 3;
  } else {
    return make_error(Code::invalid_argument, "fuse: unknown math kind");
  }
  c->run = &math_chunk_run;
  c->fn = reinterpret_cast<void (*)()>(s.fn);
  c->out = s.out;
  // run_chunks converts every input to the working dtype unless it is already of it (bool always).
  c->cast_in = t != s.work || s.work == DType::bool_;
  c->in_cast = detail::make_caster(s.work, t);
  c->cast_out = s.res != s.out;
  c->out_cast = detail::make_caster(s.out, s.res);
  if (c->swap) c->nin = 2;  // both operands reach the run; the exponent goes to the third input
  return ok_status();
}

bool math_take_negative_exponent(int64_t* value) {
  const bool met = g_negative_exponent.exchange(false);
  *value = g_negative_exponent_value.load();
  return met;
}

}  // namespace sv::kernels
