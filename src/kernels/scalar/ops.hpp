// Element operations shared by every path: the scalar reference loops, the scalar tails of the SIMD
// loops and the test oracle's expectations. Integer arithmetic wraps (computed in unsigned types,
// never signed overflow); integer division floors like NumPy's `//` and yields 0 for x // 0 (mod
// and fmod give 0 for x % 0); float mod / floor_divide follow NumPy's npy_divmod;
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

// Python's remainder (the sign of b) on integers; x % 0 gives 0 (NumPy, with a warning there).
template <class T>
inline T int_mod(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return T(0);  // the minimum value % -1 would trap
    T r = static_cast<T>(a % b);
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
    return r;
  } else {
    return static_cast<T>(a % b);
  }
}

// C's remainder (the sign of a) on integers; x fmod 0 gives 0.
template <class T>
inline T int_fmod(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return T(0);
  }
  return static_cast<T>(a % b);
}

// NumPy's float divmod (npy_divmod): the remainder takes the sign of b, the quotient is floor(a / b)
// snapped to the integer nearest (a - mod) / b; b == 0 gives fmod's NaN and a / b.
template <class T>
inline T float_divmod(T a, T b, T* mod_out) {
  T mod = std::fmod(a, b);
  if (b == T(0)) {
    *mod_out = mod;
    return a / b;
  }
  T div = (a - mod) / b;
  if (mod != T(0)) {
    if ((b < T(0)) != (mod < T(0))) {
      mod += b;
      div -= T(1);
    }
  } else {
    mod = std::copysign(T(0), b);
  }
  T floordiv;
  if (div != T(0)) {
    floordiv = std::floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
  } else {
    floordiv = std::copysign(T(0), a / b);
  }
  *mod_out = mod;
  return floordiv;
}

// NumPy's shifts: a shift count >= the bit width, or negative, shifts every bit out (0, or -1 for a
// negative signed a shifted right).
template <class T>
inline T shift_left(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if (static_cast<U>(b) >= sizeof(T) * 8) return T(0);
  using W = wide_unsigned_t<T>;
  return static_cast<T>(W(a) << static_cast<U>(b));
}
template <class T>
inline T shift_right(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if (static_cast<U>(b) >= sizeof(T) * 8) {
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    return T(0);
  }
  return static_cast<T>(a >> static_cast<U>(b));
}

template <BinaryOp OP>
inline constexpr bool is_bitwise_v =
    OP == BinaryOp::bitwise_and || OP == BinaryOp::bitwise_or || OP == BinaryOp::bitwise_xor;

// `a OP b` on values of dtype T (b8 for bool: add/maximum = or, mul/minimum = and; callers reject
// sub/div on bool).
template <BinaryOp OP, class T>
inline binary_result_t<OP, T> binary_op(T a, T b) {
  if constexpr (is_bool_v<T>) {
    const uint8_t x = a.v, y = b.v;
    if constexpr (is_comparison_v<OP> || is_bitwise_v<OP>) {
      return binary_result_t<OP, T>{binary_op<OP, uint8_t>(x, y)};
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
    if constexpr (OP == BinaryOp::fmod) return std::fmod(a, b);
    if constexpr (OP == BinaryOp::mod) {
      if (b == T(0)) return std::fmod(a, b);
      T m;
      float_divmod(a, b, &m);
      return m;
    }
    if constexpr (OP == BinaryOp::floor_divide) {
      if (b == T(0)) return a / b;
      T m;
      return float_divmod(a, b, &m);
    }
  } else {
    using W = wide_unsigned_t<T>;
    if constexpr (OP == BinaryOp::add) return static_cast<T>(W(a) + W(b));
    if constexpr (OP == BinaryOp::sub) return static_cast<T>(W(a) - W(b));
    if constexpr (OP == BinaryOp::mul) return static_cast<T>(W(a) * W(b));
    if constexpr (OP == BinaryOp::div || OP == BinaryOp::floor_divide) return int_floor_div(a, b);
    if constexpr (OP == BinaryOp::mod) return int_mod(a, b);
    if constexpr (OP == BinaryOp::fmod) return int_fmod(a, b);
    if constexpr (OP == BinaryOp::bitwise_and) return static_cast<T>(a & b);
    if constexpr (OP == BinaryOp::bitwise_or) return static_cast<T>(a | b);
    if constexpr (OP == BinaryOp::bitwise_xor) return static_cast<T>(a ^ b);
    if constexpr (OP == BinaryOp::left_shift) return shift_left(a, b);
    if constexpr (OP == BinaryOp::right_shift) return shift_right(a, b);
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
  } else if constexpr (OP == UnaryOp::invert) {
    if constexpr (is_bool_v<T>) {
      return T{static_cast<uint8_t>(a.v ^ 1)};
    } else {
      return static_cast<T>(~a);
    }
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
