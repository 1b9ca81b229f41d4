// Element operations shared by every path: the scalar reference loops, the scalar tails of the SIMD
// loops and the test oracle's expectations. Integer arithmetic wraps (computed in unsigned types,
// never signed overflow); integer division floors like NumPy's `//` and yields 0 for x // 0;
// maximum/minimum propagate NaN like NumPy (`a > b || isnan(a) ? a : b`).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernels/dtype.hpp"

namespace sv::kernels::scalar {

// Unsigned type wide enough that arithmetic on it never promotes to signed int.
template <class T>
using wide_unsigned_t = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;

template <BinaryOp OP>
inline constexpr bool is_comparison_v =
    OP == BinaryOp::eq || OP == BinaryOp::ne || OP == BinaryOp::lt || OP == BinaryOp::le ||
    OP == BinaryOp::gt || OP == BinaryOp::ge;

template <BinaryOp OP, class T>
using binary_result_t = std::conditional_t<is_comparison_v<OP>, b8, T>;

template <class T>
inline T max_nan(T a, T b) {
  return (a > b || a != a) ? a : b;
}
template <class T>
inline T min_nan(T a, T b) {
  return (a < b || a != a) ? a : b;
}

template <class T>
inline T int_floor_div(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    using W = wide_unsigned_t<T>;
    if (b == T(-1)) return static_cast<T>(W(0) - W(a));  // wraps for the minimum value
    T q = static_cast<T>(a / b);
    if (static_cast<T>(a % b) != 0 && ((a < 0) != (b < 0))) q = static_cast<T>(q - 1);
    return q;
  } else {
    return static_cast<T>(a / b);
  }
}

// `a OP b` on values of dtype T (b8 for bool: add/maximum = or, mul/minimum = and; callers reject
// sub/div on bool).
template <BinaryOp OP, class T>
inline binary_result_t<OP, T> binary_op(T a, T b) {
  if constexpr (is_bool_v<T>) {
    const uint8_t x = a.v, y = b.v;
    if constexpr (is_comparison_v<OP>) {
      return binary_op<OP, uint8_t>(x, y);
    } else if constexpr (OP == BinaryOp::add || OP == BinaryOp::maximum) {
      return b8{static_cast<uint8_t>(x | y)};
    } else {
      return b8{static_cast<uint8_t>(x & y)};
    }
  } else if constexpr (is_comparison_v<OP>) {
    bool r;
    if constexpr (OP == BinaryOp::eq) r = a == b;
    if constexpr (OP == BinaryOp::ne) r = a != b;
    if constexpr (OP == BinaryOp::lt) r = a < b;
    if constexpr (OP == BinaryOp::le) r = a <= b;
    if constexpr (OP == BinaryOp::gt) r = a > b;
    if constexpr (OP == BinaryOp::ge) r = a >= b;
    return b8{static_cast<uint8_t>(r)};
  } else if constexpr (OP == BinaryOp::maximum) {
    return max_nan(a, b);
  } else if constexpr (OP == BinaryOp::minimum) {
    return min_nan(a, b);
  } else if constexpr (is_float_v<T>) {
    if constexpr (OP == BinaryOp::add) return a + b;
    if constexpr (OP == BinaryOp::sub) return a - b;
    if constexpr (OP == BinaryOp::mul) return a * b;
    if constexpr (OP == BinaryOp::div) return a / b;
  } else {
    using W = wide_unsigned_t<T>;
    if constexpr (OP == BinaryOp::add) return static_cast<T>(W(a) + W(b));
    if constexpr (OP == BinaryOp::sub) return static_cast<T>(W(a) - W(b));
    if constexpr (OP == BinaryOp::mul) return static_cast<T>(W(a) * W(b));
    if constexpr (OP == BinaryOp::div) return int_floor_div(a, b);
  }
}

template <UnaryOp OP, class T>
inline T unary_op(T a) {
  if constexpr (OP == UnaryOp::neg) {
    if constexpr (is_float_v<T>) {
      return -a;
    } else {
      using W = wide_unsigned_t<T>;
      return static_cast<T>(W(0) - W(a));
    }
  } else if constexpr (OP == UnaryOp::abs) {
    if constexpr (is_float_v<T>) {
      return std::fabs(a);
    } else if constexpr (std::is_signed_v<T>) {
      using W = wide_unsigned_t<T>;
      return a < 0 ? static_cast<T>(W(0) - W(a)) : a;
    } else {
      return a;
    }
  } else if constexpr (OP == UnaryOp::sqrt) {
    return std::sqrt(a);
  } else if constexpr (OP == UnaryOp::exp) {
    return std::exp(a);
  } else {
    return std::log(a);
  }
}

// Reduction steps: acc OP x in the output dtype.
template <ReduceOp OP, class T>
inline T reduce_step(T acc, T x) {
  if constexpr (OP == ReduceOp::max) {
    return max_nan(x, acc);
  } else if constexpr (OP == ReduceOp::min) {
    return min_nan(x, acc);
  } else if constexpr (is_float_v<T>) {
    return acc + x;
  } else {
    using W = wide_unsigned_t<T>;
    return static_cast<T>(W(acc) + W(x));
  }
}

}  // namespace sv::kernels::scalar
