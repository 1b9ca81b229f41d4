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

// Calls f(Tag<T>{}) with T the element type of `t` (a valid dtype).
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
      break;
  }
  return f(Tag<b8>{});
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
template <class To, class From>
inline To convert(From x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
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
