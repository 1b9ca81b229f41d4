// Element types behind DType: C++ types, dispatch and the value conversions every kernel shares.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/kernels.hpp"

namespace sv::kernels {

// The bool dtype's storage: one byte holding 0 or 1. A distinct type so that templates can tell it
// from uint8 (casts to bool test `!= 0`; arithmetic on bool is logical).
struct b8 {
  uint8_t v;
};
static_assert(sizeof(b8) == 1);

// The float16 dtype's storage: IEEE binary16 bits. Storage only: no kernel computes in float16.
// array::run_call widens float16 operands to float32 and narrows float16 results from float32
// (one rounding per op, as NumPy's float16 loops); copy and the casts convert with the helpers
// below, so visit_dtype never yields f16 (visit_dtype_all does, for copy/cast/scalars).
struct f16 {
  uint16_t bits;
};
static_assert(sizeof(f16) == 2);

// binary16 -> binary32: exact (subnormals, infinities, NaN payloads kept).
inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0x1f) return __builtin_bit_cast(float, sign | 0x7f800000u | (m << 13));
  if (e != 0) return __builtin_bit_cast(float, sign | ((e + 112u) << 23) | (m << 13));
  const float v = static_cast<float>(m) * 0x1p-24f;  // zero or subnormal: m * 2^-24, exact
  return sign ? -v : v;
}

// Rounds a binary32 or binary64 value to binary16 once, to nearest even: overflow (|x| >= 65520)
// gives inf, values at or below 2^-25 give a signed zero, NaN stays NaN with the top payload bits
// (NumPy's npy_float_to_half / npy_double_to_half: a double is not rounded through float first).
template <class F>
inline uint16_t to_half(F x) {
  using U = std::conditional_t<sizeof(F) == 4, uint32_t, uint64_t>;
  constexpr int kMant = sizeof(F) == 4 ? 23 : 52;           // stored mantissa bits
  constexpr int kDrop = kMant - 10;                         // bits dropped for a normal half
  constexpr U kBias = sizeof(F) == 4 ? 127 : 1023;
  constexpr U kInf = ((U{1} << (sizeof(F) * 8 - 1 - kMant)) - 1) << kMant;  // exponent all ones
  const U u = __builtin_bit_cast(U, x);  // (em++ 3.1.6's libc++ has no std::bit_cast)
  const uint16_t sign = static_cast<uint16_t>((u >> (sizeof(F) * 8 - 16)) & 0x8000u);
  const U a = u & (kInf | ((U{1} << kMant) - 1));
  if (a >= kInf) {
    if (a == kInf) return sign | 0x7c00u;
    const uint16_t m = static_cast<uint16_t>((a >> kDrop) & 0x3ffu);
    return sign | 0x7c00u | (m ? m : 1u);  // a NaN stays a NaN
  }
  // 65520 = (2 - 2^-11) * 2^15: the first value that rounds to 2^16
  if (a >= (((kBias + 15) << kMant) | (U{0x7ff} << (kMant - 11)))) return sign | 0x7c00u;
  if (a >= ((kBias - 14) << kMant)) {  // a normal half
    U m = a - ((kBias - 15) << kMant);
    m += (U{1} << (kDrop - 1)) - 1 + ((m >> kDrop) & 1u);
    return sign | static_cast<uint16_t>(m >> kDrop);
  }
  if (a <= ((kBias - 25) << kMant)) return sign;  // 2^-25 is the tie between 0 and 2^-24: even
  // a subnormal half: the value in units of 2^-24, rounded to nearest even
  const int shift = static_cast<int>(kBias + kMant - 24 - (a >> kMant));
  const U mf = (a & ((U{1} << kMant) - 1)) | (U{1} << kMant);
  U r = mf >> shift;
  const U rem = mf & ((U{1} << shift) - 1), half = U{1} << (shift - 1);
  if (rem > half || (rem == half && (r & 1u))) ++r;
  return sign | static_cast<uint16_t>(r);
}

// The complex dtypes' storage: (re, im) pairs, interleaved as NumPy's complex64 / complex128 (and
// C's float _Complex). Storage and conversions only: visit_dtype never yields them (the complex
// kernels, kernels/complex.cpp, read them as pairs of their part type); visit_dtype_all does, for
// copy, casts and scalars.
struct c64 {
  float re, im;
};
struct c128 {
  double re, im;
};
static_assert(sizeof(c64) == 8 && sizeof(c128) == 16);

template <class T>
inline constexpr bool is_complex_v = std::is_same_v<T, c64> || std::is_same_v<T, c128>;
inline constexpr bool is_complex_dtype(DType t) {
  return t == DType::complex64 || t == DType::complex128;
}
// The dtype of one part of a complex dtype (float32 for complex64), else t itself.
inline constexpr DType complex_part(DType t) {
  return t == DType::complex64 ? DType::float32 : t == DType::complex128 ? DType::float64 : t;
}

template <class T>
struct Tag {
  using type = T;
};

template <class T>
inline constexpr bool is_bool_v = std::is_same_v<T, b8>;
template <class T>
inline constexpr bool is_float_v = std::is_floating_point_v<T>;

template <class T>
constexpr DType dtype_of();
template <>
constexpr DType dtype_of<float>() {
  return DType::float32;
}
template <>
constexpr DType dtype_of<double>() {
  return DType::float64;
}
template <>
constexpr DType dtype_of<int8_t>() {
  return DType::int8;
}
template <>
constexpr DType dtype_of<uint8_t>() {
  return DType::uint8;
}
template <>
constexpr DType dtype_of<int16_t>() {
  return DType::int16;
}
template <>
constexpr DType dtype_of<uint16_t>() {
  return DType::uint16;
}
template <>
constexpr DType dtype_of<int32_t>() {
  return DType::int32;
}
template <>
constexpr DType dtype_of<uint32_t>() {
  return DType::uint32;
}
template <>
constexpr DType dtype_of<int64_t>() {
  return DType::int64;
}
template <>
constexpr DType dtype_of<uint64_t>() {
  return DType::uint64;
}
template <>
constexpr DType dtype_of<b8>() {
  return DType::bool_;
}
template <>
constexpr DType dtype_of<f16>() {
  return DType::float16;
}
template <>
constexpr DType dtype_of<c64>() {
  return DType::complex64;
}
template <>
constexpr DType dtype_of<c128>() {
  return DType::complex128;
}

// Calls f(Tag<T>{}) with T the element type of `t` (a valid dtype other than float16 and the complex
// dtypes: kernels never see float16, array::run_call widens it, and complex operands go to the
// complex kernels; those dtypes here read as bool, and the entries refuse them first).
template <class F>
decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
    case DType::float32:
      return f(Tag<float>{});
    case DType::float64:
      return f(Tag<double>{});
    case DType::int8:
      return f(Tag<int8_t>{});
    case DType::uint8:
      return f(Tag<uint8_t>{});
    case DType::int16:
      return f(Tag<int16_t>{});
    case DType::uint16:
      return f(Tag<uint16_t>{});
    case DType::int32:
      return f(Tag<int32_t>{});
    case DType::uint32:
      return f(Tag<uint32_t>{});
    case DType::int64:
      return f(Tag<int64_t>{});
    case DType::uint64:
      return f(Tag<uint64_t>{});
    case DType::bool_:
    case DType::float16:
    case DType::complex64:
    case DType::complex128:
      break;
  }
  return f(Tag<b8>{});
}

// visit_dtype with float16 (f16) and the complex dtypes (c64, c128) too: for the conversions (copy,
// casts, fill values, scalars).
template <class F>
decltype(auto) visit_dtype_all(DType t, F&& f) {
  if (t == DType::float16) return f(Tag<f16>{});
  if (t == DType::complex64) return f(Tag<c64>{});
  if (t == DType::complex128) return f(Tag<c128>{});
  return visit_dtype(t, static_cast<F&&>(f));
}

// The signed integer type of the same size for integers (T itself otherwise): wrapping add, sub,
// mul, neg and sums give the same bits for intN and uintN, so those loops are shared (size).
template <class T, bool = std::is_integral_v<T>>
struct signed_of {
  using type = T;
};
template <class T>
struct signed_of<T, true> {
  using type = std::make_signed_t<T>;
};
template <class T>
using signed_of_t = typename signed_of<T>::type;

template <class F>
constexpr F pow2(int n) {
  F r = 1;
  for (int i = 0; i < n; ++i) r *= 2;
  return r;
}

// Value conversion with defined results for every input (NumPy's unsafe casting where that is
// defined; where C++ or NumPy leave it undefined we pick WebAssembly's trunc_sat semantics):
//   float -> integer: truncate toward zero, saturate at the type's limits, NaN -> 0;
//   integer -> integer: modular (two's complement wrap); anything -> bool: x != 0 (NaN -> true);
//   bool -> anything: 0 or 1; float64 -> float32: IEEE rounding (overflow -> inf).
//   float16 -> anything: through its exact float32 value; anything -> float16: rounded once to
//   nearest even (integers and bool through double, exact below 2^53 and inf from 65520 on).
//   complex -> complex: each part converted; real -> complex: the value and a zero imaginary part;
//   complex -> bool: re != 0 || im != 0; complex -> any other real dtype: the real part's
//   conversion (NumPy's ComplexWarning cast: the imaginary part is discarded).
template <class To, class From>
inline To convert(From x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (is_complex_v<To>) {
    using P = decltype(To::re);
    if constexpr (is_complex_v<From>) {
      return To{static_cast<P>(x.re), static_cast<P>(x.im)};
    } else {
      return To{convert<P, From>(x), P(0)};
    }
  } else if constexpr (is_complex_v<From>) {
    if constexpr (is_bool_v<To>) {
      return b8{static_cast<uint8_t>(x.re != 0 || x.im != 0)};
    } else {
      return convert<To, decltype(From::re)>(x.re);
    }
  } else if constexpr (std::is_same_v<From, f16>) {
    return convert<To, float>(half_to_float(x.bits));
  } else if constexpr (std::is_same_v<To, f16>) {
    if constexpr (is_float_v<From>) {
      return f16{to_half(x)};
    } else if constexpr (is_bool_v<From>) {
      return f16{static_cast<uint16_t>(x.v ? 0x3c00u : 0u)};
    } else {
      return f16{to_half(static_cast<double>(x))};
    }
  } else if constexpr (is_bool_v<To>) {
    if constexpr (is_bool_v<From>) {
      return x;
    } else {
      return b8{static_cast<uint8_t>(x != From(0))};
    }
  } else if constexpr (is_bool_v<From>) {
    return static_cast<To>(x.v);
  } else if constexpr (is_float_v<From> && std::is_integral_v<To>) {
    if (x != x) return To(0);
    constexpr int digits = std::numeric_limits<To>::digits;  // value bits, sign excluded
    constexpr From hi = pow2<From>(digits);                  // exactly 2^digits
    if (x >= hi) return std::numeric_limits<To>::max();
    if constexpr (std::is_signed_v<To>) {
      if (x <= -hi) return std::numeric_limits<To>::min();
    } else {
      if (x <= From(-1)) return To(0);
    }
    return static_cast<To>(x);
  } else {
    return static_cast<To>(x);
  }
}

// A double (the fill value, reduction identities) in any dtype.
template <class T>
inline T from_double(double v) {
  return convert<T, double>(v);
}

}  // namespace sv::kernels
