// float64 sin, cos and tan through a table of sin / cos at multiples of pi/32, generic over the
// float64 lane type of kernels/vmath_impl.hpp: plain double (the scalar build) or f64x2 / two
// f64x2 (SIMD128), with the same IEEE operations per lane in every build (bit-identical results).
//
//  1. x = n pi/32 + r, |r| <= pi/64: n = rint(x 32/pi), r = rh + rl by Cody-Waite with pi/32 in two
//     parts (A with 33 bits: n A and x - n A exact for |n| < 2^20; B = pi/32 - A rounded): the
//     error of rh + rl is below 2^-86 |x| for |x| <= 2^20 pi/64. A lane keeps it unless
//     rh^2 2^40 <= x^2, i.e. unless |rh| 2^20 <= |x| (then |x| < 51472, |n| < 2^19 and the error is
//     below 2^-66 |rh|); sin and tan also send x = +-0 there (for the sign of the result). Such
//     "bad" lanes (|x| >= 51472, x within 2^-20 |x| of a multiple of pi/32, zeros) are rare: the
//     loop (trig_loop) runs blocks of 64 vectors through the short path only, and computes again
//     the vectors with a bad lane (trig_bad_vector, not inlined): there x is reduced modulo pi/2
//     by vmath_impl.hpp's reduce_pio2_accurate (Cody-Waite in four parts, Payne-Hanek beyond 2^20),
//     x = q pi/2 + h + l, then h = m pi/32 + r with |m| <= 8 (pi/32 in three parts, the first two
//     products exact), n = 16 q + m. inf and NaN give NaN on the short path (inf - inf).
//  2. j = n mod 64 (cos: n + 16), one 32-byte table entry per lane: S = sin(j pi/32) and
//     C = cos(j pi/32) as the nearest doubles, Sl and Cl the rest (2 KiB, computed with mpmath at
//     200 bits). Lookups as in vmath_pow.hpp: the byte offsets made in the vector, each lane's
//     offset extracted, its entry loaded in two 16-byte loads, the two lanes shuffled together.
//  3. sin r - rh = rl + rh z P(z), cos r - 1 = z (-1/2 + z Q(z)), tan r - rh = rl + rh z T(z),
//     z = rh^2 (P, Q, T: 3-, 3- and 4-term Chebyshev fits on [0, (pi/64)^2], within 2^-58, 2^-70
//     and 2^-57 relative); the rl terms of cos r are below 2^-62 and dropped.
//  4. sin x = S cos r + C sin r = (S + C rh) + ((Sl + Cl rh) + C (sin r - rh) + S (cos r - 1)),
//     S + C rh as an exact two-sum of S and the rounded product (|S| >= |C rh| or S = 0). The
//     error: the final rounding and the product's (at most half an ulp of the result, near
//     j = +-1 mod 32 where S and C rh nearly cancel), below 2^-55 relative from the rest: 1.00 ulp
//     measured (tests/cpp/test_vmath_trig.cpp).
//     tan x = (S + C tan r) / (C - S tan r) with S rh and C rh split into exact products of 26-bit
//     heads and rounded tails: numerator and denominator as double-words within 2^-56, then one
//     quotient t and its correction by a second, independent division: 1.02 ulp measured.
#pragma once

#include <cstdint>
#include <cstring>

#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/simd128/vmath_lanes.hpp"
#include "kernels/vmath_impl.hpp"

namespace sv::kernels::vmath::detail {

struct TrigEntry {
  double s, c, s_lo, c_lo;
};
static_assert(sizeof(TrigEntry) == 32);
alignas(16) inline constexpr TrigEntry kTrigTable[64] = {
    {0x0.0p+0, 0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0},
    {0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, -0x1.e2718d26ed688p-60, -0x1.87df6378811c7p-55},
    {0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cb0p-1, -0x1.26d19b9ff8d82p-57, 0x1.562172a361fd3p-56},
    {0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, -0x1.5d28da2c4612dp-56, 0x1.760b1e2e3f81ep-55},
    {0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, -0x1.72cedd3d5a610p-57, 0x1.457e610231ac2p-56},
    {0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.e0d891d3c6841p-58, -0x1.6e0b1757c8d07p-56},
    {0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, 0x1.b25dd267f6600p-55, 0x1.9f630e8b6dac8p-60},
    {0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.8076a2cfdc6b3p-57, -0x1.2c5e12ed1336dp-55},
    {0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55, -0x1.bdd3413b26456p-55},
    {0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, -0x1.2c5e12ed1336dp-55, 0x1.8076a2cfdc6b3p-57},
    {0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, 0x1.9f630e8b6dac8p-60, 0x1.b25dd267f6600p-55},
    {0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, -0x1.6e0b1757c8d07p-56, 0x1.e0d891d3c6841p-58},
    {0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.457e610231ac2p-56, -0x1.72cedd3d5a610p-57},
    {0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.760b1e2e3f81ep-55, -0x1.5d28da2c4612dp-56},
    {0x1.f6297cff75cb0p-1, 0x1.8f8b83c69a60bp-3, 0x1.562172a361fd3p-56, -0x1.26d19b9ff8d82p-57},
    {0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, -0x1.87df6378811c7p-55, -0x1.e2718d26ed688p-60},
    {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0},
    {0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.87df6378811c7p-55, 0x1.e2718d26ed688p-60},
    {0x1.f6297cff75cb0p-1, -0x1.8f8b83c69a60bp-3, 0x1.562172a361fd3p-56, 0x1.26d19b9ff8d82p-57},
    {0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, 0x1.760b1e2e3f81ep-55, 0x1.5d28da2c4612dp-56},
    {0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, 0x1.457e610231ac2p-56, 0x1.72cedd3d5a610p-57},
    {0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, -0x1.6e0b1757c8d07p-56, -0x1.e0d891d3c6841p-58},
    {0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, 0x1.9f630e8b6dac8p-60, -0x1.b25dd267f6600p-55},
    {0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, -0x1.2c5e12ed1336dp-55, -0x1.8076a2cfdc6b3p-57},
    {0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55, 0x1.bdd3413b26456p-55},
    {0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, 0x1.8076a2cfdc6b3p-57, 0x1.2c5e12ed1336dp-55},
    {0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, 0x1.b25dd267f6600p-55, -0x1.9f630e8b6dac8p-60},
    {0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, 0x1.e0d891d3c6841p-58, 0x1.6e0b1757c8d07p-56},
    {0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, -0x1.72cedd3d5a610p-57, -0x1.457e610231ac2p-56},
    {0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, -0x1.5d28da2c4612dp-56, -0x1.760b1e2e3f81ep-55},
    {0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cb0p-1, -0x1.26d19b9ff8d82p-57, -0x1.562172a361fd3p-56},
    {0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.e2718d26ed688p-60, 0x1.87df6378811c7p-55},
    {0x0.0p+0, -0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0},
    {-0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, 0x1.e2718d26ed688p-60, 0x1.87df6378811c7p-55},
    {-0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cb0p-1, 0x1.26d19b9ff8d82p-57, -0x1.562172a361fd3p-56},
    {-0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, 0x1.5d28da2c4612dp-56, -0x1.760b1e2e3f81ep-55},
    {-0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, 0x1.72cedd3d5a610p-57, -0x1.457e610231ac2p-56},
    {-0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.e0d891d3c6841p-58, 0x1.6e0b1757c8d07p-56},
    {-0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, -0x1.b25dd267f6600p-55, -0x1.9f630e8b6dac8p-60},
    {-0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.8076a2cfdc6b3p-57, 0x1.2c5e12ed1336dp-55},
    {-0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, 0x1.bdd3413b26456p-55, 0x1.bdd3413b26456p-55},
    {-0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, 0x1.2c5e12ed1336dp-55, -0x1.8076a2cfdc6b3p-57},
    {-0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, -0x1.9f630e8b6dac8p-60, -0x1.b25dd267f6600p-55},
    {-0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, 0x1.6e0b1757c8d07p-56, -0x1.e0d891d3c6841p-58},
    {-0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.457e610231ac2p-56, 0x1.72cedd3d5a610p-57},
    {-0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.760b1e2e3f81ep-55, 0x1.5d28da2c4612dp-56},
    {-0x1.f6297cff75cb0p-1, -0x1.8f8b83c69a60bp-3, -0x1.562172a361fd3p-56, 0x1.26d19b9ff8d82p-57},
    {-0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, 0x1.87df6378811c7p-55, 0x1.e2718d26ed688p-60},
    {-0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0},
    {-0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.87df6378811c7p-55, -0x1.e2718d26ed688p-60},
    {-0x1.f6297cff75cb0p-1, 0x1.8f8b83c69a60bp-3, -0x1.562172a361fd3p-56, -0x1.26d19b9ff8d82p-57},
    {-0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, -0x1.760b1e2e3f81ep-55, -0x1.5d28da2c4612dp-56},
    {-0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, -0x1.457e610231ac2p-56, -0x1.72cedd3d5a610p-57},
    {-0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, 0x1.6e0b1757c8d07p-56, 0x1.e0d891d3c6841p-58},
    {-0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, -0x1.9f630e8b6dac8p-60, 0x1.b25dd267f6600p-55},
    {-0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, 0x1.2c5e12ed1336dp-55, 0x1.8076a2cfdc6b3p-57},
    {-0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.bdd3413b26456p-55, -0x1.bdd3413b26456p-55},
    {-0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, -0x1.8076a2cfdc6b3p-57, -0x1.2c5e12ed1336dp-55},
    {-0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, -0x1.b25dd267f6600p-55, 0x1.9f630e8b6dac8p-60},
    {-0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, -0x1.e0d891d3c6841p-58, -0x1.6e0b1757c8d07p-56},
    {-0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, 0x1.72cedd3d5a610p-57, 0x1.457e610231ac2p-56},
    {-0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, 0x1.5d28da2c4612dp-56, 0x1.760b1e2e3f81ep-55},
    {-0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cb0p-1, 0x1.26d19b9ff8d82p-57, 0x1.562172a361fd3p-56},
    {-0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.e2718d26ed688p-60, -0x1.87df6378811c7p-55},
};
inline constexpr double kTrigInvPio32 = 0x1.45f306dc9c883p+3;  // 32 / pi
inline constexpr double kTrigPio32A = 0x1.921fb54400000p-4;    // pi/32, 33 bits
inline constexpr double kTrigPio32B = 0x1.0b4611a626331p-38;   // pi/32 - A, rounded
inline constexpr double kTrigPio32B33 = 0x1.0b4611a600000p-38; // pi/32 - A, 33 bits
inline constexpr double kTrigPio32C = 0x1.3198a2e037073p-73;   // pi/32 - A - B33, rounded
// (sin r - r) / r^3, (cos r - 1 + r^2/2) / r^4 and (tan r - r) / r^3 as polynomials in z = r^2 on
// [0, (pi/64)^2] (Chebyshev fits, within 2^-58, 2^-70 and 2^-57 of the functions times r^2 / r^4)
inline constexpr double kTrigSinP[] = {-0x1.555555555552ap-3, 0x1.1111110c19687p-7,
                                       -0x1.a014a60087fc3p-13};
inline constexpr double kTrigTanT[] = {0x1.555555555552bp-2, 0x1.1111111223e86p-3,
                                       0x1.ba1b7efe407edp-5, 0x1.67030915b57dcp-6};
inline constexpr double kTrigCosQ[] = {0x1.5555555555544p-5, -0x1.6c16c1681d6c6p-10,
                                       0x1.a015b8527d3d0p-16};

// ------------------------------------------------------------------------------ lane lookups

SV_VM_INLINE void trig_entry(scalar::F64::I j, scalar::F64& s, scalar::F64& c, scalar::F64& sl,
                             scalar::F64& cl) {
  const TrigEntry& e = kTrigTable[j.v & 63];
  s.v = e.s;
  c.v = e.c;
  sl.v = e.s_lo;
  cl.v = e.c_lo;
}
#ifdef __wasm_simd128__
// The byte offsets (j mod 64) * 32 made in the vector, one extract per lane, the table's address
// folded into the loads.
SV_VM_INLINE void trig_entry(simd128::F64::I j, simd128::F64& s, simd128::F64& c, simd128::F64& sl,
                             simd128::F64& cl) {
  const v128_t off = wasm_u64x2_shr(wasm_i64x2_shl(j.v, 58), 53);
  const char* b = reinterpret_cast<const char*>(kTrigTable);
  const char* e0 = b + static_cast<uint32_t>(wasm_i32x4_extract_lane(off, 0));
  const char* e1 = b + static_cast<uint32_t>(wasm_i32x4_extract_lane(off, 2));
  const v128_t p0 = wasm_v128_load(e0), p1 = wasm_v128_load(e1);
  const v128_t q0 = wasm_v128_load(e0 + 16), q1 = wasm_v128_load(e1 + 16);
  s.v = wasm_i64x2_shuffle(p0, p1, 0, 2);
  c.v = wasm_i64x2_shuffle(p0, p1, 1, 3);
  sl.v = wasm_i64x2_shuffle(q0, q1, 0, 2);
  cl.v = wasm_i64x2_shuffle(q0, q1, 1, 3);
}
SV_VM_INLINE void trig_entry(simd128::F64P::I j, simd128::F64P& s, simd128::F64P& c,
                             simd128::F64P& sl, simd128::F64P& cl) {
  trig_entry(j.a, s.a, c.a, sl.a, cl.a);
  trig_entry(j.b, s.b, c.b, sl.b, cl.b);
}
#endif

// ------------------------------------------------------------------------------ reduction

// x = n pi/32 + rh + rl, |rh| <= pi/64 (n as an integer lane; only n mod 64 is used).
template <class V>
struct TrigReduced {
  IntOf<V> n;
  V rh, rl;
};
// The lanes the short reduction does not keep: modulo pi/2 first (vmath_impl.hpp), then the
// remainder h + l (|h| <= pi/4) modulo pi/32.
template <class V>
SV_VM_INLINE TrigReduced<V> trig_reduce_accurate(V x) {
  const Reduced<V> a = reduce_pio2_accurate(x);
  const Rounded<V> m = round_int(a.rh * cst<V>(kTrigInvPio32));
  const V h1 = a.rh - m.nf * cst<V>(kTrigPio32A);  // exact (Sterbenz, or m = 0)
  V s, e;
  two_sum(h1, -(m.nf * cst<V>(kTrigPio32B33)), s, e);  // the product is exact (|m| <= 8)
  const V tail = (e + a.rl) - m.nf * cst<V>(kTrigPio32C);
  TrigReduced<V> r;
  fast_two_sum(s, tail, r.rh, r.rl);
  r.n = shl<4>(a.q) + m.ni;
  return r;
}
// The short reduction for every lane, and the lanes it does not serve: bad is set for |x| >
// 2^20 pi/64 (|rh| <= pi/64), for x within 2^-20 |x| of a multiple of pi/32 and (kZeroBad) for
// x = +-0; inf and NaN give NaN on this path (t1 = inf - inf) and are not bad.
template <class V, bool kZeroBad>
SV_VM_INLINE TrigReduced<V> trig_reduce_short(V x, typename V::M& bad) {
  static_assert(!kF32<V>);
  const V t = x * cst<V>(kTrigInvPio32);
  const V nf = rint(t);                          // n = round(x 32/pi)
  const V t1 = x - nf * cst<V>(kTrigPio32A);  // exact
  const V w = nf * cst<V>(kTrigPio32B);
  TrigReduced<V> r;
  r.rh = t1 - w;
  r.rl = (t1 - r.rh) - w;
  r.n = as_int(t + cst<V>(0x1.8p52));  // n + 1.5 2^52: the same value modulo 64
  // |rh| 2^20 <= |x| as rh^2 2^40 <= x^2: also true where x^2 or rh^2 overflows (both inf). With
  // kZeroBad, true for x = 0 and where x^2 underflows to 0 (|x| < 2^-537: the rare path); else
  // x^2 - 2^-1074 keeps those lanes on the short path (|rh| = |x| there).
  const V z = r.rh * r.rh * cst<V>(0x1p40);
  const V x2 = kZeroBad ? x * x : x * x - cst<V>(0x1p-1074);
  bad = z <= x2;
  return r;
}
// r with the bad lanes other than zeros reduced again by trig_reduce_accurate.
template <class V>
SV_VM_INLINE TrigReduced<V> trig_reduce_bad_lanes(V x, typename V::M bad, TrigReduced<V> r) {
  const auto need = bad & (x != cst<V>(0));
  if (any(need)) {
    const TrigReduced<V> a = trig_reduce_accurate(x);
    r.rh = sel(need, a.rh, r.rh);
    r.rl = sel(need, a.rl, r.rl);
    r.n = sel(need, a.n, r.n);
  }
  return r;
}

// sin(j pi/32 + r) for r = rh + rl; the caller adds 16 to n for cos.
template <class V>
SV_VM_INLINE V sin_from_table(IntOf<V> j, V rh, V rl) {
  V s, c, sl, cl;
  trig_entry(j, s, c, sl, cl);
  const V z = rh * rh;
  const V st = rl + (rh * z) * poly(z, kTrigSinP);               // sin r - rh
  const V cm = z * (cst<V>(-0.5) + z * poly(z, kTrigCosQ));      // cos r - 1
  V hi, e;
  fast_two_sum(s, c * rh, hi, e);
  return hi + (((sl + cl * rh) + e) + (c * st + s * cm));
}
// a with the low 27 mantissa bits cleared (26 significant bits: the product of two such is exact)
template <class V>
SV_VM_INLINE V high26(V a) {
  return as_flt(as_int(a) & icst<V>(static_cast<int64_t>(0xfffffffff8000000ULL)));
}
// tan(j pi/32 + r) = (S + C tan r) / (C - S tan r), tan r = rh + (rl + rh z T(z)); S rh and C rh
// split so that their large parts are exact: the numerator and the denominator are double-words
// num + nl, den + dl with errors below 2^-56 relative. Then t = num / den and
// y = t + (nl - t dl) / den (1 / den as a second, independent division): within t's rounding
// and the final one.
template <class V>
SV_VM_INLINE V tan_from_table(IntOf<V> j, V rh, V rl) {
  V s, c, sl, cl;
  trig_entry(j, s, c, sl, cl);
  const V z = rh * rh;
  const V tt = rl + (rh * z) * poly(z, kTrigTanT);  // tan r - rh
  const V h = high26(rh), hl = rh - h;
  const V s26 = high26(s), c26 = high26(c);
  V nh, ne, dh, de;
  fast_two_sum(s, c26 * h, nh, ne);
  fast_two_sum(c, -(s26 * h), dh, de);
  const V nsm = ((c26 * hl + (c - c26) * rh) + (sl + cl * rh)) + c * tt;
  const V dsm = ((s26 * hl + (s - s26) * rh) - (cl - sl * rh)) + s * tt;
  V num, nl, den, dl;
  fast_two_sum(nh, ne + nsm, num, nl);
  fast_two_sum(dh, de - dsm, den, dl);
  const V t = num / den;
  return t + (nl - t * dl) * (cst<V>(1) / den);
}

// A vector computed again where it has bad lanes (y: the short path's result, kept in the
// others; not inlined: the loops keep only the short path). sin / tan of +-0 is x.
template <class V, int kOp>  // 0 sin, 1 cos, 2 tan
__attribute__((noinline)) V trig_bad_vector(V x, V y) {
  typename V::M bad;
  TrigReduced<V> r = trig_reduce_short<V, kOp != 1>(x, bad);
  if (!any(bad)) return y;
  r = trig_reduce_bad_lanes(x, bad, r);
  const IntOf<V> j = kOp == 1 ? r.n + icst<V>(16) : r.n;
  y = sel(bad, kOp == 2 ? tan_from_table(j, r.rh, r.rl) : sin_from_table(j, r.rh, r.rl), y);
  return kOp == 1 ? y : sel(x == cst<V>(0), x, y);
}

// ------------------------------------------------------------------------------ sin, cos, tan

// The short path of op kOp (0 sin, 1 cos, 2 tan): y for every lane, bad where it does not hold.
template <int kOp, class V>
SV_VM_INLINE V trig_short(V x, typename V::M& bad) {
  const TrigReduced<V> r = trig_reduce_short<V, kOp != 1>(x, bad);
  if constexpr (kOp == 2) return tan_from_table(r.n, r.rh, r.rl);
  else return sin_from_table(kOp == 1 ? r.n + icst<V>(16) : r.n, r.rh, r.rl);
}
// One element or vector at a time (the tests' reference path; the loops use trig_loop).
template <int kOp, class V>
SV_VM_INLINE V trig_table_impl(V x) {
  typename V::M bad;
  const V y = trig_short<kOp>(x, bad);
  return any(bad) ? trig_bad_vector<V, kOp>(x, y) : y;
}
template <class V>
SV_VM_INLINE V sin_table_impl(V x) {
  return trig_table_impl<0>(x);
}
template <class V>
SV_VM_INLINE V cos_table_impl(V x) {
  return trig_table_impl<1>(x);
}
template <class V>
SV_VM_INLINE V tan_table_impl(V x) {
  return trig_table_impl<2>(x);
}

// dst[k] = op(src[k]) for k < m, m a multiple of the lane count, dst not overlapping src: the
// short path only (no call in the loop: V8 then keeps more constants in registers), the bad
// masks or-ed together; when one was set, the vectors are passed through trig_bad_vector.
template <int kOp, class V>
__attribute__((noinline)) void trig_block(ElemOf<V>* dst, const ElemOf<V>* src, int64_t m) {
  constexpr int64_t N = V::kLanes;
  typename V::M acc = cst<V>(0) != cst<V>(0);
  for (int64_t k = 0; k < m; k += N) {
    typename V::M bad;
    store(dst + k, trig_short<kOp>(V::load(src + k), bad));
    acc = acc | bad;
  }
  if (any(acc)) {
    for (int64_t k = 0; k < m; k += N) {
      store(dst + k, trig_bad_vector<V, kOp>(V::load(src + k), V::load(dst + k)));
    }
  }
}
// out[i] = op(in[i]) for i < n (in place allowed): blocks of 64 vectors through trig_block (from
// a copy of the input when out is in), the tail through a padded buffer.
template <int kOp, class V>
void trig_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n) {
  using E = ElemOf<V>;
  constexpr int64_t N = V::kLanes, B = 64 * N;
  alignas(16) E copy[B];
  int64_t i = 0;
  while (n - i >= N) {
    const int64_t m = n - i >= B ? B : (n - i) / N * N;
    const E* src = in + i;
    if (out == in) {
      std::memcpy(copy, src, static_cast<size_t>(m) * sizeof(E));
      src = copy;
    }
    trig_block<kOp, V>(out + i, src, m);
    i += m;
  }
  if (i < n) {
    E buf[N] = {}, res[N];
    for (int64_t j = 0; j < n - i; ++j) buf[j] = in[i + j];
    trig_block<kOp, V>(res, buf, N);
    for (int64_t j = 0; j < n - i; ++j) out[i + j] = res[j];
  }
}

}  // namespace sv::kernels::vmath::detail
