// The vector math algorithms, written once, generic over a lane type V: the SIMD128 lanes
// (kernels/simd128/vmath_lanes.hpp: f32x4, f64x2) or plain float / double
// (kernels/scalar/vmath_lanes.hpp). A lane type provides +, -, *, / (IEEE, never fused), compares
// giving masks, sel (blend), rint (nearest-even), bit casts and integer lanes of the same width
// with +, -, &, |, shifts. Every algorithm uses only those, so the SIMD and scalar builds of one op
// give bit-identical results (tests/cpp/test_vmath.cpp checks it).
//
// float32 is computed in float32 lanes and float64 in float64 lanes, except for sin / cos / tan of
// |x| beyond the Cody-Waite range, whose lanes take a scalar Payne-Hanek reduction in integer and
// double-double arithmetic. The polynomial coefficients are minimax fits made by
// bench/vmath_fit_coefficients.py. docs/math-accuracy.md lists the algorithms and measured errors.
#pragma once

#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>

#ifndef SV_VM_INLINE
#define SV_VM_INLINE inline __attribute__((always_inline))
#endif

namespace sv::kernels::vmath::detail {

template <class V>
using ElemOf = typename V::Elem;
template <class V>
using IntOf = typename V::I;
template <class V>
inline constexpr bool kF32 = sizeof(ElemOf<V>) == 4;
template <class V>
inline constexpr int kMant = kF32<V> ? 23 : 52;
template <class V>
inline constexpr int kBias = kF32<V> ? 127 : 1023;

template <class V>
SV_VM_INLINE V cst(double c) {
  return V::splat(static_cast<ElemOf<V>>(c));
}
// The float32 or the float64 constant.
template <class V>
SV_VM_INLINE V cst2(float c32, double c64) {
  if constexpr (kF32<V>) return V::splat(c32);
  else return V::splat(c64);
}
template <class V>
SV_VM_INLINE IntOf<V> icst(int64_t c) {
  return IntOf<V>::splat(static_cast<typename V::IElem>(c));
}
template <class V>
SV_VM_INLINE V inf() {
  return as_flt(icst<V>(kF32<V> ? 0x7f800000LL : 0x7ff0000000000000LL));
}
template <class V>
SV_VM_INLINE V qnan() {
  return as_flt(icst<V>(kF32<V> ? 0x7fc00000LL : 0x7ff8000000000000LL));
}
template <class V>
SV_VM_INLINE V vabs(V x) {
  return band(x, as_flt(icst<V>(kF32<V> ? 0x7fffffffLL : 0x7fffffffffffffffLL)));
}
template <class V>
SV_VM_INLINE V sign_bit(V x) {
  return band(x, as_flt(icst<V>(kF32<V> ? INT32_MIN : INT64_MIN)));
}
// c[0] + c[1] x + ... + c[N-1] x^(N-1). Up to 5 terms Horner; longer ones Estrin's scheme above the
// two lowest terms (pairs c[i] + c[i+1] x combined with x^2, x^4, x^8): more multiplies but about
// half the dependent latency, which is what bounds these loops (one vector's chain is longer than
// the out-of-order window can overlap): f64 exp, log, tan, tanh 10-33% faster.
template <class V, class E, int N>
SV_VM_INLINE V poly_horner(V x, const E (&c)[N]) {
  V r = V::splat(static_cast<ElemOf<V>>(c[N - 1]));
  for (int i = N - 2; i >= 0; --i) r = r * x + V::splat(static_cast<ElemOf<V>>(c[i]));
  return r;
}
template <class V, class E>
SV_VM_INLINE V coef(E c) {
  return V::splat(static_cast<ElemOf<V>>(c));
}
// sum_{i < K} c[B + i] x^i by Estrin, given x2 = x^2, x4 = x^4, x8 = x^8.
template <int B, int K, class V, class E, int N>
SV_VM_INLINE V estrin(V x, V x2, V x4, V x8, const E (&c)[N]) {
  if constexpr (K == 1) {
    return coef<V>(c[B]);
  } else if constexpr (K == 2) {
    return coef<V>(c[B]) + coef<V>(c[B + 1]) * x;
  } else if constexpr (K <= 4) {
    return estrin<B, 2>(x, x2, x4, x8, c) + estrin<B + 2, K - 2>(x, x2, x4, x8, c) * x2;
  } else if constexpr (K <= 8) {
    return estrin<B, 4>(x, x2, x4, x8, c) + estrin<B + 4, K - 4>(x, x2, x4, x8, c) * x4;
  } else {
    static_assert(K <= 16);
    return estrin<B, 8>(x, x2, x4, x8, c) + estrin<B + 8, K - 8>(x, x2, x4, x8, c) * x8;
  }
}
template <class V, class E, int N>
SV_VM_INLINE V poly(V x, const E (&c)[N]) {
  if constexpr (N <= 5) {
    return poly_horner(x, c);
  } else {
    // the two lowest terms by Horner (they dominate the sum: their rounding stays the only one of
    // that size), the rest by Estrin
    const V x2 = x * x;
    const V x4 = N - 2 > 4 ? x2 * x2 : x2;
    const V x8 = N - 2 > 8 ? x4 * x4 : x4;
    const V hi = estrin<2, N - 2>(x, x2, x4, x8, c);
    return coef<V>(c[0]) + x * (coef<V>(c[1]) + x * hi);
  }
}
// Round to the nearest integer (ties to even) through the 1.5 * 2^p shifter: nf is the rounded value
// as a float, ni the same as an integer lane. Exact for |t| < 2^22 (float) / 2^51 (double); for
// larger or non-finite t both are garbage (callers clamp or discard those lanes), never UB.
template <class V>
struct Rounded {
  V nf;
  IntOf<V> ni;
};
template <class V>
SV_VM_INLINE Rounded<V> round_int(V t) {
  const V sh = cst2<V>(0x1.8p23f, 0x1.8p52);
  const V k = t + sh;
  return {k - sh, as_int(k) - as_int(sh)};
}
// 2^n for a normal exponent n.
template <class V>
SV_VM_INLINE V pow2i(IntOf<V> n) {
  return as_flt(shl<kMant<V>>(n + icst<V>(kBias<V>)));
}
// p * 2^n for n in [-2 * bias, 2 * bias] (two exact-or-final-rounding steps: the result rounds once,
// also when it is subnormal or overflows).
// nf is n as a float: when every lane's 2^n is normal one multiply does (the same result: both
// ways round once). i64x2 arithmetic shifts have no SSE instruction, so the split is the slow path.
template <class V>
SV_VM_INLINE V ldexp_split(V p, V nf, IntOf<V> n) {
  if (!any(vabs(nf) > cst<V>(kBias<V> - 1))) return p * pow2i<V>(n);
  const IntOf<V> n1 = sra<1>(n);
  return (p * pow2i<V>(n1)) * pow2i<V>(n - n1);
}
template <class V>
SV_VM_INLINE V clamp(V x, V lo, V hi) {
  return pmin(pmax(x, lo), hi);  // NaN stays NaN (pmax / pmin keep their first operand)
}

// Exact product a * b = p + e (Dekker / Veltkamp, no FMA). |a|, |b| < 2^100 (float) / 2^900.
template <class V>
SV_VM_INLINE void two_prod(V a, V b, V& p, V& e) {
  const V split = cst2<V>(4097.0f, 134217729.0);
  p = a * b;
  const V ca = split * a, cb = split * b;
  const V ah = ca - (ca - a), bh = cb - (cb - b);
  const V al = a - ah, bl = b - bh;
  e = (((ah * bh - p) + ah * bl) + al * bh) + al * bl;
}
// Exact sum a + b = s + e for any order of magnitude.
template <class V>
SV_VM_INLINE void two_sum(V a, V b, V& s, V& e) {
  s = a + b;
  const V bp = s - a;
  e = (a - (s - bp)) + (b - bp);
}
// s + e = a + b when |a| >= |b| (or a == 0).
template <class V>
SV_VM_INLINE void fast_two_sum(V a, V b, V& s, V& e) {
  s = a + b;
  e = b - (s - a);
}

// ------------------------------------------------------------------------------ coefficients

struct CoefF32 {
  static constexpr float exp_p[] = {0x1.fffffcp-2f, 0x1.555492p-3f, 0x1.5558f2p-5f, 0x1.1239e0p-7f,
                                    0x1.6a243cp-10f};
  static constexpr float exp2_p[] = {0x1.62e430p-1f,  0x1.ebfbdcp-3f,  0x1.c6aee8p-5f,
                                     0x1.3b2d4cp-7f,  0x1.5f3e54p-10f, 0x1.41fbbap-13f};
  static constexpr float expm1_p[] = {0x1.5554b8p-3f, 0x1.5555bap-5f, 0x1.12236cp-7f,
                                      0x1.6c5568p-10f};
  static constexpr float log_t[] = {0x1.55557ap-1f, 0x1.995eb6p-2f, 0x1.31e34cp-2f};
  static constexpr float pow_t2[] = {0x1.99999ap-2f, 0x1.249244p-2f, 0x1.c72108p-3f, 0x1.7355d4p-3f,
                                     0x1.56af94p-3f};
  static constexpr float sin_s[] = {-0x1.555546p-3f, 0x1.11073ap-7f, -0x1.9943b4p-13f};
  static constexpr float cos_c[] = {0x1.55554ap-5f, -0x1.6c0c34p-10f, 0x1.99eb74p-16f};
  static constexpr float tan_t[] = {0x1.555560p-2f, 0x1.110d8ep-3f, 0x1.badbfep-5f, 0x1.5cae9ap-6f,
                                    0x1.63189ap-7f, 0x1.72e32ap-14f, 0x1.1ed70cp-8f};
  static constexpr float tanh_h[] = {-0x1.555548p-2f, 0x1.110c72p-3f, -0x1.b90934p-5f, 0x1.582f12p-6f,
                                     -0x1.94fc88p-8f};
};
struct CoefF64 {
  static constexpr double exp_p[] = {
      0x1.000000000000ap-1,  0x1.55555555554fap-3,  0x1.5555555550880p-5, 0x1.1111111127bd6p-7,
      0x1.6c16c184293e2p-10, 0x1.a01a012a5b2c5p-13, 0x1.a0199a0ecf4a7p-16, 0x1.71df254e600c7p-19,
      0x1.28ad707277136p-22, 0x1.ad7f6ece4c40dp-26};
  static constexpr double exp2_p[] = {
      0x1.62e42fefa39efp-1,  0x1.ebfbdff82c5a4p-3,  0x1.c6b08d7049fe8p-5,  0x1.3b2ab6fba011ap-7,
      0x1.5d87fe78cd6d0p-10, 0x1.4309130ed8cbfp-13, 0x1.ffcbfba98086ep-17, 0x1.62bfc79d4f25ep-20,
      0x1.b5267ce1253d3p-24, 0x1.e61b4f9342435p-28, 0x1.e79bb4a1456eep-32};
  static constexpr double expm1_p[] = {
      0x1.555555555553ep-3,  0x1.5555555553b11p-5,  0x1.1111111118d08p-7,
      0x1.6c16c179fd502p-10, 0x1.a01a0171ae801p-13, 0x1.a019b3a2170f9p-16,
      0x1.71de9773f50e0p-19, 0x1.28975ff43bfe8p-22, 0x1.ae4901c663403p-26};
  static constexpr double log_t[] = {0x1.5555555555592p-1, 0x1.999999997fd77p-2,
                                     0x1.24924941f4f82p-2, 0x1.c71c52060a47ep-3,
                                     0x1.74663fa1c55efp-3, 0x1.39a1a6fe78fffp-3,
                                     0x1.2f0634541af55p-3};
  static constexpr double pow_t2[] = {0x1.999999999999ap-2, 0x1.2492492492479p-2,
                                      0x1.c71c71c72134fp-3, 0x1.745d1742287aep-3,
                                      0x1.3b13b2dd31a7fp-3, 0x1.11109e386f43fp-3,
                                      0x1.e209435bf5bdep-4, 0x1.ab0f9863cffedp-4,
                                      0x1.c22a9515f632fp-4};
  static constexpr double tanh_h[] = {
      -0x1.555555555554bp-2, 0x1.11111111102b3p-3,  -0x1.ba1ba1b935b41p-5, 0x1.664f48494bdb6p-6,
      -0x1.226e2d010a360p-7, 0x1.d6d2475e90154p-9,  -0x1.7d8b933887501p-10, 0x1.346097070f12bp-11,
      -0x1.e809bcfc8c3c9p-13, 0x1.597009b28e537p-14, -0x1.3d223eff7a00ap-16};
};
template <class V>
using Coef = std::conditional_t<kF32<V>, CoefF32, CoefF64>;

// ln 2 = L2HI + L2LO, L2HI with trailing zeros so that n * L2HI is exact for every exponent n.
template <class V>
SV_VM_INLINE V ln2_hi() {
  return cst2<V>(0x1.62ep-1f, 0x1.62e42fefa0000p-1);
}
template <class V>
SV_VM_INLINE V ln2_lo() {
  return cst2<V>(0x1.0bfbe8p-15f, 0x1.cf79abc9e3b3ap-40);
}
template <class V>
SV_VM_INLINE V log2e() {
  return cst2<V>(0x1.715476p+0f, 0x1.71547652b82fep+0);
}

// ------------------------------------------------------------------------------ exp family

// e^(x + extra_lo): x = n ln2 + r, |r| <= ln2/2 (Cody-Waite, the rounding error of r and extra_lo
// carried in c);
// e^r = 1 + r + r^2 P(r); times 2^n in two steps (exact, or one final rounding to subnormal / inf).
template <class V>
SV_VM_INLINE V exp_reduced(V xc, V extra_lo) {
  const Rounded<V> n = round_int(xc * log2e<V>());
  const V rh = xc - n.nf * ln2_hi<V>();
  const V r = rh - n.nf * ln2_lo<V>();
  const V c = ((rh - r) - n.nf * ln2_lo<V>()) + extra_lo;
  // e^(r + c) = (1 + q)(1 + c) with q = r + r^2 P(r); c is up to half an ulp of x for pow
  const V s = (r * r) * poly(r, Coef<V>::exp_p);
  const V p = cst<V>(1) + (r + (s + (c + c * (r + s))));
  return ldexp_split(p, n.nf, n.ni);
}
// The round-to-nearest shifter with the exponent bias folded in: for |t| small, t + shifter holds
// n + bias in its low mantissa bits, so (bits << mantissa width) is 2^n when n + bias is in
// [1, 2 bias] (the shifter's own leading bits shift out of the word).
template <class V>
SV_VM_INLINE V biased_shifter() {
  return cst2<V>(0x1.8p23f + 127.0f, 0x1.8p52 + 1023.0);
}
// e^x: x = n ln2 + r (Cody-Waite, ln2 in two parts, n ln2_hi exact); e^r = 1 + (r + r^2 P(r)).
// The rounding error of r (half an ulp of r, |r| <= ln2/2) adds at most 0.18 ulp to the result.
// e^r for the reduced r: 1 + (r + r^2 P(r)). float32's P (5 terms) by Estrin's scheme: its
// rounding is scaled by r^2 <= 0.12, so the shorter dependency chain costs no accuracy.
template <class V>
SV_VM_INLINE V exp_of_reduced(V r) {
  const V r2 = r * r;
  if constexpr (kF32<V>) {
    const auto& c = Coef<V>::exp_p;
    static_assert(std::size(Coef<V>::exp_p) == 5);
    const V q = (coef<V>(c[0]) + coef<V>(c[1]) * r) +
                r2 * ((coef<V>(c[2]) + coef<V>(c[3]) * r) + r2 * coef<V>(c[4]));
    return cst<V>(1) + (r + r2 * q);
  } else {
    return cst<V>(1) + (r + r2 * poly(r, Coef<V>::exp_p));
  }
}
// The reduction needs no clamp when every lane's 2^n is normal (the common case: |x| below about
// 87 / 708): the test on n comes first, and vectors with a lane beyond it (also +-inf; NaN stays
// NaN either way) are clamped and reduced again, then scaled in two steps. One copy of the
// polynomial for both (a separate copy for the rare path measured the same speed, +3 KB raw).
template <class V>
SV_VM_INLINE V exp_impl(V x) {
  V k = x * log2e<V>() + biased_shifter<V>();
  V nf = k - biased_shifter<V>();
  const bool normal = !any(vabs(nf) > cst<V>(kBias<V> - 1));
  if (!normal) {
    x = clamp(x, cst2<V>(-104.0f, -746.0), cst2<V>(89.0f, 710.0));
    k = x * log2e<V>() + biased_shifter<V>();
    nf = k - biased_shifter<V>();
  }
  const V p = exp_of_reduced((x - nf * ln2_hi<V>()) - nf * ln2_lo<V>());
  if (normal) return p * as_flt(shl<kMant<V>>(as_int(k)));
  return ldexp_split(p, nf, as_int(k) - as_int(biased_shifter<V>()));
}

// 2^x: x = n + r, |r| <= 1/2 (exact); 2^r = 1 + r P(r).
// No clamp when every lane's 2^n is normal, as for exp. Here the rare path keeps its own copy of
// the polynomial: one shared copy (as exp) measured float32 exp2 6-7% slower.
// float32's P (6 terms) as (c0 + c1 r) + r^2 ((c2 + c3 r) + r^2 (c4 + c5 r)): the same number of
// operations as poly's Horner head, a dependency chain two operations shorter.
template <class V>
SV_VM_INLINE V exp2_of_reduced(V r) {
  if constexpr (kF32<V>) {
    const auto& c = Coef<V>::exp2_p;
    static_assert(std::size(Coef<V>::exp2_p) == 6);
    const V r2 = r * r;
    const V p = (coef<V>(c[0]) + coef<V>(c[1]) * r) +
                r2 * ((coef<V>(c[2]) + coef<V>(c[3]) * r) + r2 * (coef<V>(c[4]) + coef<V>(c[5]) * r));
    return cst<V>(1) + r * p;
  } else {
    return cst<V>(1) + r * poly(r, Coef<V>::exp2_p);
  }
}
template <class V>
SV_VM_INLINE V exp2_impl(V x) {
  const V k = x + biased_shifter<V>();
  const V nf = k - biased_shifter<V>();
  if (!any(vabs(nf) > cst<V>(kBias<V> - 1))) {
    return exp2_of_reduced(x - nf) * as_flt(shl<kMant<V>>(as_int(k)));
  }
  const V xc = clamp(x, cst2<V>(-151.0f, -1076.0), cst2<V>(129.0f, 1025.0));
  const V kc = xc + biased_shifter<V>();
  const V nc = kc - biased_shifter<V>();
  const V p = exp2_of_reduced(xc - nc);
  return ldexp_split(p, nc, as_int(kc) - as_int(biased_shifter<V>()));
}

// e^x - 1: as exp, with expm1(r) = r + r^2/2 + r^3 P(r) (relative accuracy near 0), then
// 2^n (expm1(r) + 1) - 1 = (2^n - 1) + 2^n expm1(r).
// expm1_core: the result for x within the clamp range (below) and |x| at least the tiny bound;
// expm1_impl: every x. expm1_not_ordinary (a mask) is false exactly in lanes with 2^-25 <= |x| <= 18
// (float32) / 2^-54 <= |x| <= 40 (float64), where expm1_core(x) gives expm1_impl(x)'s bits (the
// clamp leaves x, the final select takes the core's result): one integer compare on the bits of |x|
// (NaN above the range), as not_positive_normal.
template <class V>
SV_VM_INLINE V expm1_core(V xc) {
  const Rounded<V> n = round_int(xc * log2e<V>());
  const V rh = xc - n.nf * ln2_hi<V>();
  const V r = rh - n.nf * ln2_lo<V>();
  const V c = (rh - r) - n.nf * ln2_lo<V>();
  const V z = r * r;
  // expm1(r + c) = r + plo; r is kept apart so that (2^n - 1) + 2^n r cancels exactly (n = +-1)
  const V plo = (cst<V>(0.5) * z + (z * r) * poly(r, Coef<V>::expm1_p)) + (c + c * r);
  // ((2^n - 1) + 2^n r) + 2^n plo as twice the same sum with 2^(n-1): 2^n overflows for
  // n = bias + 1 (x just below the overflow threshold), 2^(n-1) never. Every term and rounding is
  // the one with 2^n scaled by 1/2, so the result is the same, except where 2^(n-1) r is
  // subnormal (n = 0 and |x| below 2^-125 / 2^-1021): there, as for every |x| < 2^-25 / 2^-54,
  // the result is x (x + x^2/2 rounds to x; also expm1(-0) = -0).
  const V t = as_flt(shl<kMant<V>>(n.ni + icst<V>(kBias<V> - 1)));
  return cst<V>(2) * (((t - cst<V>(0.5)) + t * r) + t * plo);
}
template <class V>
SV_VM_INLINE V expm1_impl(V x) {
  const V y = expm1_core(clamp(x, cst2<V>(-18.0f, -40.0), cst2<V>(89.0f, 710.0)));
  return sel(vabs(x) < cst2<V>(0x1p-25f, 0x1p-54), x, y);
}
template <class V>
SV_VM_INLINE auto expm1_not_ordinary(V x) {
  const int64_t lo = kF32<V> ? 0x33000000LL : 0x3c90000000000000LL;  // 2^-25 / 2^-54
  const int64_t hi = kF32<V> ? 0x41900000LL : 0x4044000000000000LL;  // 18 / 40
  const int64_t sign = kF32<V> ? INT32_MIN : INT64_MIN;
  const IntOf<V> d = as_int(vabs(x)) + icst<V>(static_cast<int64_t>(static_cast<uint64_t>(sign) - lo));
  return d > icst<V>(static_cast<int64_t>(static_cast<uint64_t>(sign) + (hi - lo)));
}

// ------------------------------------------------------------------------------ log family

// x = 2^e m, m in [sqrt(1/2), sqrt(2)), f = m - 1 (exact), s = f / (2 + f), z = s^2:
// log(1 + f) = f - f^2/2 + s (f^2/2 + R), R = z T(z) (the atanh series 2s + 2s^3/3 + ...). The
// term with s is about f^3 / 4, so the rounding of s hardly shows. (f - s (f - R), the same value
// with two multiplies less, measured 0.13-0.37 ulp worse for float32 log / log2.)
template <class V>
struct LogParts {
  V e;     // exponent, as a float
  V f;     // m - 1
  V hfsq;  // f^2 / 2
  V s;     // f / (2 + f)
  V r;     // z T(z)
};
template <class V>
SV_VM_INLINE IntOf<V> bits_sqrt_half() {
  return icst<V>(kF32<V> ? 0x3f3504f3LL : 0x3fe6a09e667f3bcdLL);
}
template <class V>
SV_VM_INLINE IntOf<V> mantissa_mask() {
  return icst<V>(kF32<V> ? 0x007fffffLL : 0x000fffffffffffffLL);
}
// x = 2^e m, m in [sqrt(1/2), sqrt(2)), for finite x >= 0 (subnormals scaled into the normal range
// first; pow's log).
template <class V>
SV_VM_INLINE void split_exponent(V x, V& e, V& m) {
  const auto sub = x < cst2<V>(0x1p-126f, 0x1p-1022);
  const V xs = sel(sub, x * cst2<V>(0x1p24f, 0x1p54), x);
  const IntOf<V> ix = as_int(xs);
  // logical shift of a value made non-negative for x >= 0 (no i64x2 arithmetic shift in SSE)
  const IntOf<V> ei = srl<kMant<V>>(ix - bits_sqrt_half<V>() + shl<kMant<V>>(icst<V>(kBias<V>))) -
                      icst<V>(kBias<V>);
  m = as_flt(ix - shl<kMant<V>>(ei));
  e = to_flt(ei) - sel(sub, cst2<V>(24.0f, 54.0), cst<V>(0));
}
// ALL_NORMAL: the caller checked that every lane is a positive normal finite number (no subnormal
// scaling; m from the low bits of the offset word, a shorter chain than through the exponent).
template <class V, bool ALL_NORMAL = false>
SV_VM_INLINE LogParts<V> log_parts(V x) {
  LogParts<V> p;
  V m;
  if constexpr (ALL_NORMAL && kF32<V>) {
    // w = bits(x) - bits(sqrt(1/2)) + bias << mantissa: its exponent field is e + bias, its
    // mantissa field the offset of m from sqrt(1/2)
    const IntOf<V> w = as_int(x) + icst<V>((static_cast<int64_t>(kBias<V>) << kMant<V>) -
                                           (kF32<V> ? 0x3f3504f3LL : 0x3fe6a09e667f3bcdLL));
    m = as_flt((w & mantissa_mask<V>()) + bits_sqrt_half<V>());
    p.e = to_flt(srl<kMant<V>>(w) - icst<V>(kBias<V>));
  } else if constexpr (ALL_NORMAL) {
    const IntOf<V> ix = as_int(x);
    const IntOf<V> ei = srl<kMant<V>>(ix - bits_sqrt_half<V>() + shl<kMant<V>>(icst<V>(kBias<V>))) -
                        icst<V>(kBias<V>);
    m = as_flt(ix - shl<kMant<V>>(ei));
    p.e = to_flt(ei);
  } else {
    split_exponent(x, p.e, m);
  }
  p.f = m - cst<V>(1);
  p.hfsq = cst<V>(0.5) * (p.f * p.f);
  p.s = p.f / (m + cst<V>(1));  // m + 1 = 2 + f (the same rounding): one constant less
  const V z = p.s * p.s;
  p.r = z * poly(z, Coef<V>::log_t);
  return p;
}
// NumPy's special values for log, log2, log10.
template <class V>
SV_VM_INLINE V log_specials(V x, V y) {
  y = sel(x == inf<V>(), x, y);
  y = sel(x == cst<V>(0), -inf<V>(), y);
  y = sel(x < cst<V>(0), qnan<V>(), y);
  return sel(x != x, x, y);
}
// True when every lane is a positive normal finite number (false for 0, subnormals, negatives,
// inf, NaN): the log family then skips the subnormal scaling and the special values. One integer
// compare: bits(x) - bits(smallest normal) + INT_MIN is at most INT_MIN + (bits(largest finite) -
// bits(smallest normal)) exactly for those (every other bit pattern wraps above).
// not_positive_normal: the same test as a mask (true in the other lanes).
template <class V>
SV_VM_INLINE auto not_positive_normal(V x) {
  const int64_t lo = kF32<V> ? 0x00800000LL : 0x0010000000000000LL;
  const int64_t hi = kF32<V> ? 0x7f7fffffLL : 0x7fefffffffffffffLL;
  const int64_t sign = kF32<V> ? INT32_MIN : INT64_MIN;
  const IntOf<V> d = as_int(x) + icst<V>(static_cast<int64_t>(static_cast<uint64_t>(sign) - lo));
  return d > icst<V>(static_cast<int64_t>(static_cast<uint64_t>(sign) + (hi - lo)));
}
template <class V>
SV_VM_INLINE bool all_positive_normal(V x) {
  return !any(not_positive_normal(x));
}
template <class V, bool ALL_NORMAL>
SV_VM_INLINE V log_core(V x) {
  const LogParts<V> p = log_parts<V, ALL_NORMAL>(x);
  const V lo = p.s * (p.hfsq + p.r) + p.e * ln2_lo<V>();
  return ((lo - p.hfsq) + p.f) + p.e * ln2_hi<V>();
}
template <class V>
SV_VM_INLINE V log_impl(V x) {
  if (all_positive_normal(x)) return log_core<V, true>(x);
  return log_specials(x, log_core<V, false>(x));
}
// log2 / log10: log(1 + f) as hi + lo with hi = f - f^2/2 cut to half precision, so that hi times
// the head of 1/ln2 (or 1/ln10) is exact; the exponent term (e, or e times the head of log10(2),
// both exact) is added last to the rounded log2(m) (log10(m)): for e != 0 the result is at least
// 1/2 (0.15) in magnitude and |log2(m)| <= 1/2 (|log10(m)| <= 0.151), so that rounding adds at most
// about 1/4 ulp (measured +0.03 to +0.14 ulp against a compensated sum, for 3-7% speed).
template <class V>
SV_VM_INLINE void log_hi_lo(const LogParts<V>& p, V& hi, V& lo) {
  hi = band(p.f - p.hfsq, as_flt(icst<V>(kF32<V> ? 0xfffff000LL : (int64_t)0xffffffff00000000ULL)));
  lo = ((p.f - hi) - p.hfsq) + p.s * (p.hfsq + p.r);
}
template <class V, bool ALL_NORMAL>
SV_VM_INLINE V log2_core(V x) {
  const LogParts<V> p = log_parts<V, ALL_NORMAL>(x);
  V hi, lo;
  log_hi_lo(p, hi, lo);
  const V ivh = cst2<V>(0x1.714p+0f, 0x1.7154765200000p+0);
  const V ivl = cst2<V>(0x1.47652cp-12f, 0x1.705fc2eefa200p-33);
  const V vhi = hi * ivh;
  const V vlo = (lo + hi) * ivl + lo * ivh;
  return p.e + (vhi + vlo);
}
template <class V>
SV_VM_INLINE V log2_impl(V x) {
  if (all_positive_normal(x)) return log2_core<V, true>(x);
  return log_specials(x, log2_core<V, false>(x));
}
template <class V, bool ALL_NORMAL>
SV_VM_INLINE V log10_core(V x) {
  const LogParts<V> p = log_parts<V, ALL_NORMAL>(x);
  V hi, lo;
  log_hi_lo(p, hi, lo);
  const V ivh = cst2<V>(0x1.bcap-2f, 0x1.bcb7b15200000p-2);
  const V ivl = cst2<V>(0x1.7b1526p-14f, 0x1.b9438ca9aadd5p-36);
  const V l2h = cst2<V>(0x1.344p-2f, 0x1.34413509f6000p-2);
  const V l2l = cst2<V>(0x1.3509f8p-18f, 0x1.9fef311f12b36p-42);
  const V vhi = hi * ivh;
  const V y2 = p.e * l2h;
  const V vlo = (p.e * l2l + (lo + hi) * ivl) + lo * ivh;
  return y2 + (vhi + vlo);
}
template <class V>
SV_VM_INLINE V log10_impl(V x) {
  if (all_positive_normal(x)) return log10_core<V, true>(x);
  return log_specials(x, log10_core<V, false>(x));
}
// log(1 + x): u = 1 + x rounded, split as 2^k m; the rounding error of u comes back as c / u.
// log1p_core: for x in (-1, inf), x != 0 (log1p_special_lanes false); log1p_impl: every x.
template <class V>
SV_VM_INLINE auto log1p_special_lanes(V x) {
  return ~((x > -cst<V>(1)) & (x < inf<V>()) & (x != cst<V>(0)));  // true for NaN too
}
template <class V>
SV_VM_INLINE V log1p_core(V x) {
  const V one = cst<V>(1);
  const V u = one + x;
  const IntOf<V> iu = as_int(u) + (as_int(one) - bits_sqrt_half<V>());
  const IntOf<V> k = srl<kMant<V>>(iu) - icst<V>(kBias<V>);  // iu >= 0 for u >= 0
  const V kf = to_flt(k);
  const V c = sel(kf >= cst<V>(2), one - (u - x), x - (u - one)) / u;
  const IntOf<V> mb =
      (iu & icst<V>(kF32<V> ? 0x007fffffLL : 0x000fffffffffffffLL)) + bits_sqrt_half<V>();
  const V m = as_flt(mb);
  const V f = m - one;
  const V hfsq = cst<V>(0.5) * (f * f);
  const V s = f / (m + one);
  const V z = s * s;
  const V r = z * poly(z, Coef<V>::log_t);
  return ((((s * (hfsq + r)) + (kf * ln2_lo<V>() + c)) - hfsq) + f) + kf * ln2_hi<V>();
}
// log1p for every x in (-1, inf), zeros included (log1p_outside false): the core's result with
// the sign of x, which only changes log1p(-0) (+0 from the core) to -0.
template <class V>
SV_VM_INLINE V log1p_inside(V x) {
  return bor(log1p_core(x), sign_bit(x));
}
template <class V>
SV_VM_INLINE auto log1p_outside(V x) {
  return ~((x > -cst<V>(1)) & (x < inf<V>()));  // true for NaN too
}
template <class V>
SV_VM_INLINE V log1p_impl(V x) {
  const V one = cst<V>(1);
  V y = log1p_core(x);
  // the special values only when some lane is one
  if (!any(log1p_special_lanes(x))) return y;
  y = sel(x == inf<V>(), x, y);
  y = sel(x == -one, -inf<V>(), y);
  y = sel(x < -one, qnan<V>(), y);
  return sel((x == cst<V>(0)) | (x != x), x, y);  // log1p(-0) = -0, NaN stays
}

// ------------------------------------------------------------------------------ trig

// Payne-Hanek: x = q pi/2 + (hi + lo), |hi + lo| <= pi/4, for any finite double (non-finite: NaN).
// The bits of 2/pi, 64 zero bits first: bit j (from the top of word 0) is the bit of weight 2^-(j-63).
inline constexpr uint64_t kTwoOverPiBits[] = {
    0x0000000000000000ULL, 0xa2f9836e4e441529ULL, 0xfc2757d1f534ddc0ULL, 0xdb6295993c439041ULL,
    0xfe5163abdebbc561ULL, 0xb7246e3a424dd2e0ULL, 0x06492eea09d1921cULL, 0xfe1deb1cb129a73eULL,
    0xe88235f52ebb4484ULL, 0xe99c7026b45f7e41ULL, 0x3991d639835339f4ULL, 0x9c845f8bbdf9283bULL,
    0x1ff897ffde05980fULL, 0xef2f118b5a0a6d1fULL, 0x6d367ecf27cb09b7ULL, 0x4f463f669e5fea2dULL,
    0x7527bac7ebe5f17bULL, 0x3d0739f78a5292eaULL, 0x6bfb5fb11f8d5d08ULL, 0x56033046fc7b6babULL,
    0xf0cfbc209af4361dULL, 0xa9e391615ee61b08ULL, 0x6599855f14a06840ULL, 0x8dffd8804d732731ULL,
    0x06061556ca73a8c9ULL};

struct HugeReduction {
  int64_t q;
  double hi, lo;
};
inline void two_prod_scalar(double a, double b, double& p, double& e) {
#pragma clang fp contract(off)
  p = a * b;
  const double ca = 134217729.0 * a, cb = 134217729.0 * b;
  const double ah = ca - (ca - a), bh = cb - (cb - b);
  const double al = a - ah, bl = b - bh;
  e = (((ah * bh - p) + ah * bl) + al * bh) + al * bl;
}
// Not inlined: the rare path of the SIMD loops.
__attribute__((noinline)) inline HugeReduction reduce_pio2_huge(double x) {
#pragma clang fp contract(off)
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int ex = static_cast<int>((bits >> 52) & 0x7ff);
  if (ex == 0x7ff) return {0, x - x, x - x};  // inf / NaN -> NaN
  if (ex < 1022) return {0, x, 0.0};          // |x| < 0.5: already reduced
  const uint64_t m = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
  const int e = ex - 1075;  // |x| = m 2^e
  // 192 bits of 2/pi from bit index i0 = e - 1 (weights 2^1 .. 2^-190 of m 2^e 2/pi mod 4).
  const int j0 = e + 62;
  const int k = j0 >> 6, s = j0 & 63;
  uint64_t w[3];
  for (int i = 0; i < 3; ++i) {
    w[i] = s == 0 ? kTwoOverPiBits[k + i]
                  : (kTwoOverPiBits[k + i] << s) | (kTwoOverPiBits[k + i + 1] >> (64 - s));
  }
  using u128 = unsigned __int128;
  const u128 p2 = static_cast<u128>(m) * w[2];
  const u128 p1 = static_cast<u128>(m) * w[1] + (p2 >> 64);
  const uint64_t l0 = static_cast<uint64_t>(p2), l1 = static_cast<uint64_t>(p1);
  const uint64_t l2 = m * w[0] + static_cast<uint64_t>(p1 >> 64);
  int64_t q = static_cast<int64_t>(l2 >> 62);
  // The fraction (190 bits below the two integer bits), as a signed value in [-1/2, 1/2).
  const uint64_t fh = (l2 << 2) | (l1 >> 62), fl = (l1 << 2) | (l0 >> 62);
  if (fh >> 63) q += 1;
  // f 2^126 = sh 2^64 + u, |sh| < 2^61 (an arithmetic shift by 2 of the 128-bit value).
  const int64_t sh = static_cast<int64_t>(fh) >> 2;
  const uint64_t u = (fl >> 2) | (fh << 62);
  const double d1 = static_cast<double>(sh);
  const int64_t rem = sh - static_cast<int64_t>(d1);
  const double tail = static_cast<double>(rem) + static_cast<double>(u) * 0x1p-64;
  double fhi = d1 + tail;
  double flo = tail - (fhi - d1);
  fhi *= 0x1p-62;
  flo *= 0x1p-62;
  // r = f pi/2 in double-double.
  double ph, pe;
  two_prod_scalar(fhi, 0x1.921fb54442d18p+0, ph, pe);
  pe += fhi * 0x1.1a62633145c07p-54 + flo * 0x1.921fb54442d18p+0;
  double hi = ph + pe;
  double lo = pe - (hi - ph);
  if (x < 0) {
    q = -q;
    hi = -hi;
    lo = -lo;
  }
  return {q & 3, hi, lo};
}

// x = q pi/2 + rh + rl. Cody-Waite with pi/2 in 4 parts (the first three short enough that n times
// them is exact) for |x| below a limit and when no catastrophic cancellation happened; other lanes
// (huge, non-finite, or extremely close to a multiple of pi/2) take reduce_pio2_huge.
template <class V>
struct Reduced {
  IntOf<V> q;
  V rh, rl;
};
template <class V>
SV_VM_INLINE Reduced<V> reduce_pio2_accurate(V x) {
  const Rounded<V> n = round_int(x * cst2<V>(0x1.45f306p-1f, 0x1.45f306dc9c883p-1));
  const V c1 = cst2<V>(0x1.92p+0f, 0x1.921fb54400000p+0);
  const V c2 = cst2<V>(0x1.fb4p-12f, 0x1.0b4611a600000p-34);
  const V c3 = cst2<V>(0x1.444p-24f, 0x1.3198a2e000000p-69);
  const V c4 = cst2<V>(0x1.68c234p-39f, 0x1.b839a252049c1p-104);
  const V t1 = x - n.nf * c1;  // exact
  V s, e, s2, e2;
  two_sum(t1, -(n.nf * c2), s, e);
  two_sum(s, -(n.nf * c3), s2, e2);  // n c3 is as large as 2^-12 for float: keep it exact too
  const V tail = (e + e2) - n.nf * c4;
  Reduced<V> r;
  fast_two_sum(s2, tail, r.rh, r.rl);
  r.q = n.ni;
  const auto ok = (vabs(x) <= cst2<V>(6144.0f, 0x1p20)) &
                  (vabs(r.rh) >= vabs(n.nf) * cst2<V>(0x1p-29f, 0x1p-90));
  if (any(~ok)) {
    constexpr int N = V::kLanes;
    using E = ElemOf<V>;
    using IE = typename V::IElem;
    E xs[N], hs[N], ls[N];
    IE qs[N], oks[N];
    store(xs, x);
    store(hs, r.rh);
    store(ls, r.rl);
    store_int(qs, r.q);
    store_int(oks, sel(ok, icst<V>(1), icst<V>(0)));
    for (int i = 0; i < N; ++i) {
      if (oks[i]) continue;
      const HugeReduction h = reduce_pio2_huge(static_cast<double>(xs[i]));
      qs[i] = static_cast<IE>(h.q);
      if constexpr (kF32<V>) {
        const double sum = h.hi + h.lo;
        hs[i] = static_cast<float>(sum);
        ls[i] = static_cast<float>(sum - static_cast<double>(hs[i]));
      } else {
        hs[i] = h.hi;
        ls[i] = h.lo;
      }
    }
    r.rh = V::load(hs);
    r.rl = V::load(ls);
    r.q = load_int(x, qs);
  }
  return r;
}
// float32 (float64 sin / cos / tan reduce modulo pi/32: kernels/vmath_trig.hpp, which takes
// reduce_pio2_accurate for its rare lanes): three parts, C1 = pi/2 to 8 bits and C2 to the next
// 12 (n C1, n C2 exact for |n| < 2^12), C3 rounded (off by 2^-49): x - n C1 is exact (Sterbenz),
// and so is t1 - n C2 (for n != 0 both are multiples of 2^-24 and the difference is below 1); the
// error of rh + rl is below 2^-47 |n|, so |x| <= 6144 and |rh| >= 2^-17 |n| keep a lane (within
// 2^-30 relative).
// r where the cheap reduction held (ok), the accurate reduction of x in the other lanes (computed
// only when some lane needs it).
template <class V, class M>
SV_VM_INLINE Reduced<V> with_accurate_lanes(V x, M ok, Reduced<V> r) {
  if (any(~ok)) {
    const Reduced<V> a = reduce_pio2_accurate(x);
    r.rh = sel(ok, r.rh, a.rh);
    r.rl = sel(ok, r.rl, a.rl);
    r.q = sel(ok, r.q, a.q);
  }
  return r;
}
template <class V>
SV_VM_INLINE Reduced<V> reduce_pio2(V x) {
  static_assert(kF32<V>);
  const Rounded<V> n = round_int(x * cst<V>(0x1.45f306p-1f));
  const V t1 = x - n.nf * cst<V>(0x1.92p+0f);     // exact
  const V t2 = t1 - n.nf * cst<V>(0x1.fb4p-12f);  // exact
  const V w = n.nf * cst<V>(0x1.4442d2p-24f);
  Reduced<V> r;
  r.rh = t2 - w;
  r.rl = (t2 - r.rh) - w;
  r.q = n.ni;
  const auto ok = (vabs(x) <= cst<V>(6144.0f)) & (vabs(r.rh) >= vabs(n.nf) * cst<V>(0x1p-17f));
  return with_accurate_lanes(x, ok, r);
}
// float32 sin / cos / tan (float64: kernels/vmath_trig.hpp). sin(rh + rl) and cos(rh + rl) for
// |rh| <= pi/4.
template <class V>
SV_VM_INLINE V sin_kernel(V rh, V rl, V z) {
  return rh + ((rh * z) * poly(z, Coef<V>::sin_s) + (rl - (cst<V>(0.5) * z) * rl));
}
template <class V>
SV_VM_INLINE V cos_kernel(V rh, V rl, V z) {
  const V hz = cst<V>(0.5) * z;
  const V w = cst<V>(1) - hz;
  return w + (((cst<V>(1) - w) - hz) + ((z * z) * poly(z, Coef<V>::cos_c) - rh * rl));
}
template <class V>
SV_VM_INLINE V sincos_impl(V x, bool cosine) {
  Reduced<V> r = reduce_pio2(x);
  IntOf<V> q = r.q;
  if (cosine) q = q + icst<V>(1);
  const V z = r.rh * r.rh;
  const V s = sin_kernel(r.rh, r.rl, z);
  const V c = cos_kernel(r.rh, r.rl, z);
  V y = sel((q & icst<V>(1)) == icst<V>(1), c, s);
  y = bxor(y, as_flt(shl<(kF32<V> ? 30 : 62)>(q & icst<V>(2))));
  return cosine ? y : sel(x == cst<V>(0), x, y);  // sin(-0) = -0
}
template <class V>
SV_VM_INLINE V sin_impl(V x) {
  return sincos_impl(x, false);
}
template <class V>
SV_VM_INLINE V cos_impl(V x) {
  return sincos_impl(x, true);
}
// tan(r) = r + r^3 T(r^2) on |r| <= pi/4; odd quadrants -1 / tan(r).
template <class V>
SV_VM_INLINE V tan_impl(V x) {
  const Reduced<V> r = reduce_pio2(x);
  const V z = r.rh * r.rh;
  const V tl = (r.rh * z) * poly(z, Coef<V>::tan_t) + r.rl * (cst<V>(1) + z);
  V t, te;
  fast_two_sum(r.rh, tl, t, te);
  // -1 / T, T = t + te: v = -1 / t; vh and th, v and t cut to half precision, so that vh th is
  // exact and -1 - vh th too (vh th is within 2^-10 of -1); then e = -1 - vh T (to about 2^-35),
  // and -1 / T = vh / (1 + e) = vh - e (-1 / T), with v for -1 / T (relative error about 2^-34
  // before the final rounding). No Dekker product: 10 operations for the 22 of the exact residual
  // of v t.
  const V v = cst<V>(-1) / t;
  static_assert(kF32<V>);
  const V half = as_flt(icst<V>(0xfffff000LL));
  const V vh = band(v, half), th = band(t, half);
  const V e = (cst<V>(-1) - vh * th) - vh * ((t - th) + te);
  // the even quadrants: t has the sign of rh (|tl| < |rh|), which also gives tan(-0) = -0 (t is +0)
  return sel((r.q & icst<V>(1)) == icst<V>(1), vh - e * v, bor(t, sign_bit(r.rh)));
}

// float32 tanh (float64: kernels/vmath_trig_tanh.hpp, which shares H): |x| < 0.5625: x + x^3 H(x^2);
// else 1 - 2 / (e^{2|x|} + 1); the sign of x put back.
template <class V>
SV_VM_INLINE V tanh_impl(V x) {
  const V ax = vabs(x);
  const V z = ax * ax;
  const V p = ax + (ax * z) * poly(z, Coef<V>::tanh_h);
  const V e = exp_impl(ax + ax);
  const V t = cst<V>(1) - cst<V>(2) / (e + cst<V>(1));
  return bor(sel(ax < cst<V>(0.5625), p, t), sign_bit(x));
}

// ------------------------------------------------------------------------------ sinh, cosh

// float64 lanes only (float32 runs them in float64 lanes and rounds once: vmath.cpp wide_loop).
// e^x / 2 for x >= 0 (or NaN) without overflowing before the halving: exp's Cody-Waite reduction
// with the rounding error of r carried (as exp_reduced), scaled by 2^(n-1).
template <class V>
SV_VM_INLINE V half_exp(V x) {
  static_assert(!kF32<V>);
  const V xc = pmin(x, cst<V>(711.0));
  const V k = xc * log2e<V>() + biased_shifter<V>();
  const V nf = k - biased_shifter<V>();
  const V rh = xc - nf * ln2_hi<V>();
  const V r = rh - nf * ln2_lo<V>();
  const V c = (rh - r) - nf * ln2_lo<V>();
  const V s = (r * r) * poly(r, Coef<V>::exp_p);
  const V p = cst<V>(1) + (r + (s + (c + c * (r + s))));
  const IntOf<V> n = as_int(k) - as_int(biased_shifter<V>());
  return ldexp_split(p, nf - cst<V>(1), n - icst<V>(1));
}
// Taylor coefficients: sinh(x) = x + x z S(z), cosh(x) = 1 + z C(z), z = x^2, for |x| < 1 (the
// first omitted terms, x^23/23! and x^22/22!, are below 2^-75).
inline constexpr double kSinhTaylor[] = {
    1.0 / 6, 1.0 / 120, 1.0 / 5040, 1.0 / 362880, 1.0 / 39916800, 1.0 / 6227020800.0,
    1.0 / 1307674368000.0, 1.0 / 355687428096000.0, 1.0 / 121645100408832000.0,
    1.0 / 51090942171709440000.0};
inline constexpr double kCoshTaylor[] = {
    1.0 / 2, 1.0 / 24, 1.0 / 720, 1.0 / 40320, 1.0 / 3628800, 1.0 / 479001600.0,
    1.0 / 87178291200.0, 1.0 / 20922789888000.0, 1.0 / 6402373705728000.0,
    1.0 / 2432902008176640000.0};
// sinh: |x| < 1 the series; else e^|x|/2 - 1/(4 (e^|x|/2)) (the second term at most 0.135 of the
// first); the sign of x put back (sinh(-0) = -0, NaN stays NaN, +-inf gives +-inf).
template <class V>
SV_VM_INLINE V sinh_impl(V x) {
  const V ax = vabs(x);
  const V z = ax * ax;
  const V small = ax + (ax * z) * poly(z, kSinhTaylor);
  const V h = half_exp(ax);
  const V big = h - cst<V>(0.25) / h;
  return bor(sel(ax < cst<V>(1), small, big), sign_bit(x));
}
// cosh: |x| < 1 the series; else e^|x|/2 + 1/(4 (e^|x|/2)).
template <class V>
SV_VM_INLINE V cosh_impl(V x) {
  const V ax = vabs(x);
  const V z = ax * ax;
  const V small = cst<V>(1) + z * poly(z, kCoshTaylor);
  const V h = half_exp(ax);
  const V big = h + cst<V>(0.25) / h;
  return sel(ax < cst<V>(1), small, big);
}

// hypot of two float32 values held in float64 lanes: the squares are exact there and the sum and
// the square root round once each, so the float32 result is within 0.5 ulp + 2^-29 ulp; an infinite
// operand gives +inf even with a NaN (C99 / NumPy).
template <class V>
SV_VM_INLINE V hypot_of_widened_f32(V a, V b) {
  static_assert(!kF32<V>);
  const V r = sqrt(a * a + b * b);
  return sel((vabs(a) == inf<V>()) | (vabs(b) == inf<V>()), inf<V>(), r);
}

// ------------------------------------------------------------------------------ inverse trig (float32)

// Float64 lanes computing float32 results (vmath.cpp's wide loops round once): the float64 value is
// within about 2^-40 relative of the truth, so the float32 result is within 0.5 ulp + 2^-17 ulp.
// atan(t) for |t| <= 1: t > tan(pi/12) is moved by atan(t) = pi/6 + atan((t sqrt3 - 1) / (t + sqrt3))
// into |u| <= tan(pi/12) = 0.268, then the Taylor series to u^21 (its tail is below 2^-42 of u).
template <class V>
SV_VM_INLINE V atan_unit_for_f32(V t) {
  static_assert(!kF32<V>);
  const V s3 = cst<V>(1.7320508075688772);
  const auto far = t > cst<V>(0.2679491924311227);
  const V u = sel(far, (t * s3 - cst<V>(1)) / (t + s3), t);
  const V z = u * u;
  constexpr double kAtanTaylor[] = {-1.0 / 3, 1.0 / 5, -1.0 / 7, 1.0 / 9, -1.0 / 11,
                                    1.0 / 13, -1.0 / 15, 1.0 / 17, -1.0 / 19, 1.0 / 21};
  const V r = u + (u * z) * poly(z, kAtanTaylor);
  return sel(far, cst<V>(0.52359877559829887) + r, r);
}
// atan2(y, x) with C99's special values (NumPy's): t = min(|y|, |x|) / max(|y|, |x|) (1 when both
// are infinite, 0 when y is 0), atan(t), then pi/2 - r when |y| > |x|, pi - r when x is negative
// (-0 included), and y's sign.
template <class V>
SV_VM_INLINE V atan2_for_f32(V y, V x) {
  static_assert(!kF32<V>);
  const V ay = vabs(y), ax = vabs(x);
  const auto swap = ay > ax;
  V t = sel(swap, ax, ay) / sel(swap, ay, ax);
  t = sel((ay == inf<V>()) & (ax == inf<V>()), cst<V>(1), t);
  t = sel(ay == cst<V>(0), cst<V>(0), t);
  const V pi = cst<V>(3.1415926535897931), half_pi = cst<V>(1.5707963267948966);
  V r = atan_unit_for_f32(t);
  r = sel(swap, half_pi - r, r);
  r = sel(as_int(x) < icst<V>(0), pi - r, r);
  r = sel((x != x) | (y != y), x + y, r);
  return bor(r, sign_bit(y));
}
template <class V>
SV_VM_INLINE V arctan_for_f32(V x) {
  return atan2_for_f32(x, cst<V>(1));
}
// arcsin(x) = atan2(x, sqrt((1 - x)(1 + x))), arccos(x) = atan2(sqrt((1 - x)(1 + x)), x): the
// product is exact to float64 rounding for a float32 x; |x| > 1 makes the root NaN.
template <class V>
SV_VM_INLINE V arcsin_for_f32(V x) {
  const V one = cst<V>(1);
  return atan2_for_f32(x, sqrt((one - x) * (one + x)));
}
template <class V>
SV_VM_INLINE V arccos_for_f32(V x) {
  const V one = cst<V>(1);
  return atan2_for_f32(sqrt((one - x) * (one + x)), x);
}

// Inverse hyperbolic functions of float32 values in float64 lanes through log1p (about 0.75 ulp of
// float64, and every other step rounds once in float64: the float32 result is within 0.5 ulp +
// 2^-25 ulp). arcsinh(x) = sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))) (x^2 cannot overflow
// for a float32 x); arccosh(x) = log1p(t + sqrt(t^2 + 2t)), t = x - 1, NaN below 1;
// arctanh(x) = log1p(2x / (1 - x)) / 2 (+-inf at +-1, NaN beyond, -0 kept).
template <class V>
SV_VM_INLINE V arcsinh_for_f32(V x) {
  static_assert(!kF32<V>);
  const V ax = vabs(x);
  const V z = ax * ax;
  V r = log1p_impl(ax + z / (cst<V>(1) + sqrt(cst<V>(1) + z)));
  r = sel(ax == inf<V>(), ax, r);
  return bor(r, sign_bit(x));
}
template <class V>
SV_VM_INLINE V arccosh_for_f32(V x) {
  static_assert(!kF32<V>);
  const V t = x - cst<V>(1);
  const V r = log1p_impl(t + sqrt(t * t + (t + t)));
  return sel(x < cst<V>(1), qnan<V>(), r);
}
template <class V>
SV_VM_INLINE V arctanh_for_f32(V x) {
  static_assert(!kF32<V>);
  return cst<V>(0.5) * log1p_impl((x + x) / (cst<V>(1) - x));
}

// ------------------------------------------------------------------------------ pow

// log(x) as hi + lo (about 2p - 10 bits) for finite x > 0.
template <class V>
SV_VM_INLINE void log_dw(V x, V& lh, V& ll) {
  V e, m;
  split_exponent(x, e, m);
  const V two = cst<V>(2);
  const V f = m - cst<V>(1);
  const V u = two + f;
  const V ul = f - (u - two);  // 2 + f = u + ul exactly
  const V s = f / u;
  V p, pe;
  two_prod(s, u, p, pe);
  const V sl = (((f - p) - pe) - s * ul) / u;  // s + sl = f / (2 + f)
  V zh, zl, c3h, c3e;
  two_prod(s, s, zh, zl);
  two_prod(zh, s, c3h, c3e);
  const V c3l = c3e + zl * s;  // s^3 = c3h + c3l
  const V k23h = cst2<V>(0x1.555556p-1f, 0x1.5555555555555p-1);
  const V k23l = cst2<V>(-0x1.555556p-26f, 0x1.5555555555555p-55);
  V t3h, t3e;
  two_prod(c3h, k23h, t3h, t3e);
  const V t3l = t3e + (c3l * k23h + c3h * k23l);  // 2/3 s^3
  const V h = (c3h * zh) * poly(zh, Coef<V>::pow_t2);
  const V b = two * sl + (two * zh) * sl;  // 2 sl (1 + s^2)
  V s1, e1, s2, e2;
  two_sum(e * ln2_hi<V>(), two * s, s1, e1);
  two_sum(s1, t3h, s2, e2);
  const V lo = (e1 + e2) + ((t3l + h) + (b + e * ln2_lo<V>()));
  fast_two_sum(s2, lo, lh, ll);
}
template <class V>
SV_VM_INLINE V pow_positive(V ax, V y) {
  V lh, ll;
  log_dw(ax, lh, ll);
  // |y| beyond 2^40 (float) / 2^64 (double) overflows or underflows for every x != 1 anyway.
  const V ylim = cst2<V>(0x1p40f, 0x1p64);
  const V yc = sel(vabs(y) > ylim, bor(ylim, sign_bit(y)), y);
  V ph, pe;
  two_prod(yc, lh, ph, pe);
  V h, l;
  fast_two_sum(ph, pe + yc * ll, h, l);
  const V hc = clamp(h, cst2<V>(-104.0f, -746.0), cst2<V>(89.0f, 710.0));
  return exp_reduced(hc, sel(hc == h, l, cst<V>(0)));
}
// C99 / NumPy pow special values around a magnitude r computed for finite |x| > 0.
template <class V>
SV_VM_INLINE V pow_specials(V x, V y, V r) {
  const V zero = cst<V>(0), one = cst<V>(1);
  const V ax = vabs(x);
  const auto yint = rint(y) == y;
  const V yh = y * cst<V>(0.5);
  const auto yodd = yint & (rint(yh) != yh);
  r = sel(ax == zero, sel(y < zero, inf<V>(), zero), r);
  r = sel(ax == inf<V>(), sel(y < zero, zero, inf<V>()), r);
  const auto to_inf = ((ax > one) & (y > zero)) | ((ax < one) & (y < zero));
  r = sel(vabs(y) == inf<V>(), sel(ax == one, one, sel(to_inf, inf<V>(), zero)), r);
  const auto xneg = as_int(x) < icst<V>(0);
  r = sel(yodd & xneg, -r, r);
  r = sel((x < zero) & (x > -inf<V>()) & ~yint, qnan<V>(), r);
  r = sel((x != x) | (y != y), x + y, r);
  return sel((y == zero) | (x == one), one, r);
}
template <class V>
SV_VM_INLINE V pow_impl(V x, V y) {
  return pow_specials(x, y, pow_positive(vabs(x), y));
}

// x^k for a small integer k (|k| <= 4 in double-word arithmetic, about 0.5-1 ulp; others through
// pow_impl); lanes outside the range where the double-word products are safe (and 0, inf, NaN)
// also go through pow_impl.
template <class V>
SV_VM_INLINE V powi_impl(V x, int k) {
  const V one = cst<V>(1);
  if (k == 0) return one;
  if (k == 1) return x;
  if (k == -1) return one / x;
  if (k == 2) return x * x;
  if (k < -4 || k > 4) return pow_impl(x, cst<V>(static_cast<double>(k)));
  V sh, sl;
  two_prod(x, x, sh, sl);
  V ph, pl;  // x^|k| = ph + pl
  if (k == 3 || k == -3) {
    V pe;
    two_prod(sh, x, ph, pe);
    fast_two_sum(ph, pe + sl * x, ph, pl);
  } else if (k == 4 || k == -4) {
    V pe;
    two_prod(sh, sh, ph, pe);
    fast_two_sum(ph, pe + (sh + sh) * sl, ph, pl);
  } else {
    ph = sh;
    pl = sl;
  }
  V r;
  if (k > 0) {
    r = ph + pl;
  } else {
    const V v = one / ph;
    V p, pe;
    two_prod(ph, v, p, pe);
    const V err = ((one - p) - pe) - pl * v;
    r = v + v * err;
  }
  const V ax = vabs(x);
  const auto safe = (ax >= cst2<V>(0x1p-28f, 0x1p-240)) & (ax <= cst2<V>(0x1p28f, 0x1p240));
  if (any(~safe)) r = sel(safe, r, pow_impl(x, cst<V>(static_cast<double>(k))));
  return r;
}
// float32 pow in float64 lanes (x, y widened from float32, exactly, so |x| is 0, inf, NaN or a
// normal double). Double precision is enough without double-word arithmetic, as in C libraries'
// powf: |x| = 2^e m, m in [sqrt(1/2), sqrt(2)), log2 |x| = e + s P(s^2) with s = (m - 1) / (m + 1)
// and P a minimax fit of 2 atanh(s) / (s ln 2) (relative error 2^-45); t = y log2|x| clamped to
// [-160, 130] (beyond those the float32 result is 0 or inf); 2^t = 2^n 2^r, n = round(t), |r| <= 1/2,
// 2^r by a degree-7 minimax polynomial (2^-34.5 relative). The double result is within about 2^-34
// relative of x^y (|t| <= 160), so its one rounding to float32 gives at most 0.5 + 2^-10 ulp, also
// for subnormal results. x > 0 finite and y finite need no special value (x = 1 and y = 0 give
// t = 0 and 1 exactly); other lanes take pow_specials on the widened inputs.
template <class V>
SV_VM_INLINE V pow_for_f32(V x, V y) {
  static_assert(!kF32<V>);
  static constexpr double kLog2[] = {0x1.71547652b8251p+1, 0x1.ec709dc53c672p-1,
                                     0x1.2776c2933e990p-1, 0x1.a61a2ec9ad3f1p-2,
                                     0x1.4795563b5cea2p-2, 0x1.21b0ea10dc58ap-2};
  static constexpr double kExp2[] = {0x1.ffffffffabbd0p-1, 0x1.62e42ff11627bp-1,
                                     0x1.ebfbe0a4be87bp-3, 0x1.c6b08aaf30864p-5,
                                     0x1.3b29dc40d3623p-7, 0x1.5d8a7086c8e2ep-10,
                                     0x1.446a1fdcac1e0p-13, 0x1.fe178590fbdbep-17};
  const IntOf<V> ix = as_int(vabs(x));
  // e = the exponent of |x| / sqrt(1/2) (a logical shift: the operand is non-negative for finite x)
  const IntOf<V> ei = srl<52>(ix - bits_sqrt_half<V>() + shl<52>(icst<V>(1023))) - icst<V>(1023);
  const V m = as_flt(ix - shl<52>(ei));
  const V one = cst<V>(1);
  const V s = (m - one) / (m + one);
  const V l = to_flt(ei) + s * poly(s * s, kLog2);
  const V t = clamp(y * l, cst<V>(-160), cst<V>(130));
  const Rounded<V> n = round_int(t);
  const V r = poly(t - n.nf, kExp2) * pow2i<V>(n.ni);
  if (!any(~((x > cst<V>(0)) & (x < inf<V>()) & (vabs(y) < inf<V>())))) return r;
  return pow_specials(x, y, r);
}
// x^0.5 with pow's special values (sqrt(-0) is -0 and sqrt(-inf) NaN; pow gives +0 and +inf).
template <class V>
SV_VM_INLINE V pow_half_impl(V x) {
  V r = sqrt(x);
  r = sel(x == -inf<V>(), inf<V>(), r);
  return sel(x == cst<V>(0), cst<V>(0), r);
}

// ------------------------------------------------------------------------------ array loops

// out[i] = f(in[i]) for i < n; whole vectors, then the tail through a zero-padded buffer (nothing
// read or written past n). out == in is allowed.
template <class V, class F>
SV_VM_INLINE void unary_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n, F f) {
  constexpr int N = V::kLanes;
  int64_t i = 0;
  for (; i + N <= n; i += N) store(out + i, f(V::load(in + i)));
  if (i < n) {
    ElemOf<V> buf[N] = {};
    const int64_t rest = n - i;
    for (int64_t j = 0; j < rest; ++j) buf[j] = in[i + j];
    store(buf, f(V::load(buf)));
    for (int64_t j = 0; j < rest; ++j) out[i + j] = buf[j];
  }
}
template <class V, class F>
SV_VM_INLINE void binary_loop(ElemOf<V>* out, const ElemOf<V>* a, const ElemOf<V>* b, int64_t n,
                              F f) {
  constexpr int N = V::kLanes;
  int64_t i = 0;
  for (; i + N <= n; i += N) store(out + i, f(V::load(a + i), V::load(b + i)));
  if (i < n) {
    ElemOf<V> ba[N] = {}, bb[N] = {};
    const int64_t rest = n - i;
    for (int64_t j = 0; j < rest; ++j) {
      ba[j] = a[i + j];
      bb[j] = b[i + j];
    }
    store(ba, f(V::load(ba), V::load(bb)));
    for (int64_t j = 0; j < rest; ++j) out[i + j] = ba[j];
  }
}

}  // namespace sv::kernels::vmath::detail
