// float64 tanh, generic over the float64 lane type of kernels/vmath_impl.hpp (plain double, f64x2,
// two f64x2), the same IEEE operations per lane in every build (bit-identical results):
//  - |x| < 0.5625: |x| + |x|^3 H(x^2), vmath_impl.hpp's odd polynomial (Coef<V>::tanh_h);
//  - else 1 - 2 / (e + 1), e = e^(2 min(|x|, 20)) from the 2^(j/64) table of vmath_pow.hpp
//    (kPowExpTable, used as it is): 2 min(|x|, 20) = (64 k + j) ln2/64 + r, |r| <= ln2/128 (ln2/64
//    in two parts, the first with 35 bits: k ln2/64 exact), e^r - 1 = r + r^2 (1/2 + r/6 + r^2/24 +
//    r^3/120) (truncation below 2^-54 relative), e = s + s (tail_j + (e^r - 1)), s = T_j 2^k built
//    in the exponent bits. No overflow and no special case: tanh(20) rounds to 1 already, and
//    min(|x|, 20) keeps NaN;
//  - the sign of x put back (tanh(-0) = -0, NaN stays NaN, +-inf gives +-1).
// Both formulas are computed for every lane and blended (choosing per vector mispredicts on mixed
// inputs, docs/math-accuracy.md).
#pragma once

#include <cstdint>

#include "kernels/vmath_impl.hpp"
#include "kernels/vmath_pow.hpp"

namespace sv::kernels::vmath::detail {

inline constexpr double kTanhExpm1Tail[4] = {1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120};

template <class V>
SV_VM_INLINE V tanh_table_impl(V x) {
  static_assert(!kF32<V>);
  using I = IntOf<V>;
  const V ax = vabs(x);
  const V z = ax * ax;
  const V p = ax + (ax * z) * poly(z, Coef<V>::tanh_h);
  const V y = cst<V>(2) * pmin(ax, cst<V>(20));
  const V shifter = cst<V>(0x1.8p52);
  const V kz = y * cst<V>(kPowInvLn2N) + shifter;
  const V kd = kz - shifter;  // round(y 64 / ln2)
  const I ki = as_int(kz) - as_int(shifter);
  const V r = (y - kd * cst<V>(kPowLn2NHi)) - kd * cst<V>(kPowLn2NLo);  // first step exact
  const I idx = ki & icst<V>(63);
  V t, tail;
  pow_exp_entry(idx, t, tail);
  const V em = r + (r * r) * poly(r, kTanhExpm1Tail);
  const V s = as_flt(as_int(t) + shl<46>(ki - idx));  // T_j 2^k
  const V e = s + s * (tail + em);
  const V q = cst<V>(1) - cst<V>(2) / (e + cst<V>(1));
  return bor(sel(ax < cst<V>(0.5625), p, q), sign_bit(x));
}

}  // namespace sv::kernels::vmath::detail
