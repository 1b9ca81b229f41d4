// float64 pow through tables (Tang's method for both halves), generic over the float64 lane type
// of kernels/vmath_impl.hpp: plain double (the scalar build) or f64x2 / two f64x2 (SIMD128), with
// the same IEEE operations per lane in every build (bit-identical results).
//
// x^y = e^(y log x) for finite x > 0 and finite y, then vmath_impl.hpp's C99 / NumPy special values:
//  1. log x in double-double, relative error below about 2^-70 (also for x near 1): x = 2^k z with
//     z in [OFF, 2 OFF), OFF = 0.70703125; the 2^46 bit patterns after OFF + j 2^46 (j = 0..63)
//     share a table entry (invc_j, log c_j = -log(invc_j) as hi + lo), so the index is 6 bits of
//     the pattern. invc_j is 1 / (the interval's midpoint) rounded to a multiple of 2^-11, except for
//     the interval [1 - 2^-8, 1 + 2^-7) around 1, whose entry is exactly 1 (log c = 0: no
//     cancellation near x = 1). |r| = |z invc - 1| <= 2^-6.97 everywhere.
//     r is formed exactly in two parts without FMA: z = zhi + zlo with zhi z rounded to 21 bits
//     (low 32 pattern bits cleared), so zhi invc (<= 33 bits) is exact and rhi = zhi invc - 1 holds
//     at most 26 bits (rhi^2 / 2 is exact); rlo = zlo invc is exact (<= 32 + 12 bits).
//     log x = k ln2 + log c + rhi + rlo - rhi^2/2 - rlo (rhi + rlo/2) + r^3 P(r), P the Taylor
//     series of log1p(r) from r^3 to r^10 (truncation below 2^-73 relative): every large term is
//     added by an exact two-sum, the small ones collected in the low part.
//  2. y log x = ph + pl: an exact Dekker product of y (|y| clamped to 2^64, which over- or
//     underflows for every x != 1 anyway) and the high part, plus y times the low part.
//  3. e^(ph + pl): ph (clamped to [-746, 710]) = (64 e + j) ln2/64 + r, |r| <= ln2/128 (ln2/64 in
//     two parts, the high one with 35 bits so the product is exact); 2^(j/64) = T_j (1 + tail_j)
//     from the table; e^r - 1 = r + r^2/2 + ... + r^6/720 (truncation 2^-65);
//     result = s + s (tail_j + p) with s = T_j 2^e built in the exponent bits. Results near
//     overflow are formed at 2^(e-2) and multiplied by 4 (one rounding, or inf); subnormal ones are
//     rounded at the subnormal bit position by adding 1 (one rounding: the scaling is exact).
// Error budget: 0.5 ulp from the final addition plus about 2^-59 relative from the steps above
// (the roundings of r and tail_j + p, each 2^-53 |r|): 0.517 ulp measured natively
// (tests/cpp/test_vmath_pow.cpp; docs/math-accuracy.md "float64 pow").
//
// The tables (2 KiB: 64 + 64 entries of 16 bytes; 128-entry tables of doubles measured 0.511 ulp
// for 5 KiB, +1.8 KB gzipped in the SIMD module) were computed with Python's decimal module at 60
// digits: log c_j = -ln(invc_j), hi = the nearest double, lo = the nearest float to the rest;
// T_j = e^(j ln2 / 64) likewise, tail_j = the nearest float to (2^(j/64) - T_j) / T_j.
//
// Table lookups: no gather in SIMD128, so each lane's index is extracted and its 16-byte entry
// loaded, then the two lanes' doubles and floats shuffled together (the floats widened exactly).
#pragma once

#include <cstdint>

#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/simd128/vmath_lanes.hpp"
#include "kernels/vmath_impl.hpp"

namespace sv::kernels::vmath::detail {

// ------------------------------------------------------------------------------ tables

// Log table entry j (the pattern bits 46..51 of x - OFF): log c_j = -log(invc_j) = hi + lo; invc_j
// (at most 12 bits) and lo (2^-79 is enough there) as floats. 16 bytes, one SIMD128 load.
struct PowLogEntry {
  double logc_hi;
  float invc, logc_lo;
};
alignas(16) inline constexpr PowLogEntry kPowLogTable[64] = {
    {-0x1.5d76dd9a778d0p-2, 0x1.6820000000000p+0f, -0x1.279b3c0000000p-57f}, {-0x1.5206dfd186716p-2, 0x1.6420000000000p+0f, -0x1.9fa51e0000000p-57f},
    {-0x1.472fdbe4fd3f2p-2, 0x1.6060000000000p+0f, -0x1.b262a00000000p-56f}, {-0x1.3c3b2736b3f61p-2, 0x1.5ca0000000000p+0f, 0x1.747a740000000p-57f},
    {-0x1.31281d5f10fa4p-2, 0x1.58e0000000000p+0f, -0x1.ef19580000000p-56f}, {-0x1.26b620935063cp-2, 0x1.5560000000000p+0f, -0x1.1767e20000000p-57f},
    {-0x1.1c2895218f2c0p-2, 0x1.51e0000000000p+0f, 0x1.ed37f80000000p-58f}, {-0x1.117ee81dfe4c4p-2, 0x1.4e60000000000p+0f, 0x1.10eba20000000p-57f},
    {-0x1.071b85fcd590dp-2, 0x1.4b00000000000p+0f, -0x1.d170800000000p-58f}, {-0x1.f939c4e72d59dp-3, 0x1.47a0000000000p+0f, -0x1.e500ec0000000p-63f},
    {-0x1.e4ceeda61dda6p-3, 0x1.4460000000000p+0f, -0x1.a0e3400000000p-57f}, {-0x1.d0fb7f2255e51p-3, 0x1.4140000000000p+0f, 0x1.4ac8180000000p-57f},
    {-0x1.bcf6736f7d6c7p-3, 0x1.3e20000000000p+0f, -0x1.76b0a60000000p-60f}, {-0x1.a98ed238b8089p-3, 0x1.3b20000000000p+0f, -0x1.bfed1e0000000p-58f},
    {-0x1.95f7ac2b3b4f5p-3, 0x1.3820000000000p+0f, -0x1.442f000000000p-59f}, {-0x1.8230164c1a332p-3, 0x1.3520000000000p+0f, 0x1.14bad20000000p-57f},
    {-0x1.6f0d28ae56b4cp-3, 0x1.3240000000000p+0f, 0x1.906d9a0000000p-57f}, {-0x1.5bbc05f140486p-3, 0x1.2f60000000000p+0f, -0x1.258abc0000000p-58f},
    {-0x1.4915d832fb562p-3, 0x1.2ca0000000000p+0f, 0x1.dc00d80000000p-57f}, {-0x1.3643cad0588f1p-3, 0x1.29e0000000000p+0f, 0x1.c37b340000000p-58f},
    {-0x1.2423113ba50e3p-3, 0x1.2740000000000p+0f, 0x1.e3ba760000000p-66f}, {-0x1.11d8e5e290472p-3, 0x1.24a0000000000p+0f, 0x1.05ad160000000p-57f},
    {-0x1.fec9131dbeabbp-4, 0x1.2200000000000p+0f, 0x1.5746ba0000000p-58f}, {-0x1.db5270187d927p-4, 0x1.1f80000000000p+0f, -0x1.e15ab80000000p-58f},
    {-0x1.b78c82bb0eda1p-4, 0x1.1d00000000000p+0f, -0x1.0878d00000000p-61f}, {-0x1.9375e55595edep-4, 0x1.1a80000000000p+0f, 0x1.e463fa0000000p-59f},
    {-0x1.70e12b325c82ap-4, 0x1.1820000000000p+0f, 0x1.e4d51e0000000p-58f}, {-0x1.4e01108a35ae6p-4, 0x1.15c0000000000p+0f, 0x1.81069e0000000p-59f},
    {-0x1.2ad449eff2316p-4, 0x1.1360000000000p+0f, 0x1.d72f820000000p-59f}, {-0x1.0939853a1cc8cp-4, 0x1.1120000000000p+0f, 0x1.3c34f80000000p-58f},
    {-0x1.cae72fb95c20bp-5, 0x1.0ec0000000000p+0f, 0x1.f9012e0000000p-59f}, {-0x1.8a5a9cc614ca4p-5, 0x1.0ca0000000000p+0f, 0x1.4800c00000000p-59f},
    {-0x1.4572e981cad90p-5, 0x1.0a60000000000p+0f, 0x1.5064c80000000p-60f}, {-0x1.03d5d85e73eefp-5, 0x1.0840000000000p+0f, -0x1.2c1da60000000p-61f},
    {-0x1.83624fba83bd7p-6, 0x1.0620000000000p+0f, -0x1.c96b400000000p-61f}, {-0x1.05e547826bc91p-6, 0x1.0420000000000p+0f, 0x1.e21f5e0000000p-60f},
    {-0x1.fe02a6b106789p-8, 0x1.0200000000000p+0f, 0x1.e44b7e0000000p-67f}, {0x0.0p+0, 0x1.0000000000000p+0f, 0x0.0p+0f},
    {0x1.0205658935847p-6, 0x1.f800000000000p-1f, 0x1.27c8e80000000p-60f}, {0x1.f7a9b16782856p-6, 0x1.f080000000000p-1f, -0x1.36c7200000000p-60f},
    {0x1.788595a3577bap-5, 0x1.e900000000000p-1f, 0x1.e5ef8a0000000p-59f}, {0x1.eea31c006b87cp-5, 0x1.e200000000000p-1f, -0x1.3e4fca0000000p-59f},
    {0x1.333d7f8183f4bp-4, 0x1.db00000000000p-1f, 0x1.a92afc0000000p-58f}, {0x1.700d30aeac0e1p-4, 0x1.d400000000000p-1f, -0x1.7256620000000p-61f},
    {0x1.a956d3ecade63p-4, 0x1.cd80000000000p-1f, 0x1.e5300c0000000p-58f}, {0x1.e3707ee30487bp-4, 0x1.c700000000000p-1f, 0x1.09ccec0000000p-58f},
    {0x1.0ce7ecdccc28dp-3, 0x1.c100000000000p-1f, -0x1.692a000000000p-57f}, {0x1.299d30c606ea7p-3, 0x1.bac0000000000p-1f, -0x1.ff0c480000000p-57f},
    {0x1.4462b9dc9b3dcp-3, 0x1.b500000000000p-1f, -0x1.629c460000000p-58f}, {0x1.5f830a1a5ca91p-3, 0x1.af40000000000p-1f, 0x1.a264000000000p-58f},
    {0x1.7b0091651528cp-3, 0x1.a980000000000p-1f, 0x1.4069f40000000p-57f}, {0x1.95a5adcf7017fp-3, 0x1.a400000000000p-1f, 0x1.142c500000000p-58f},
    {0x1.af6895610dbaep-3, 0x1.9ec0000000000p-1f, -0x1.445fbe0000000p-60f}, {0x1.c97f8079d44ecp-3, 0x1.9980000000000p-1f, 0x1.61a8c60000000p-57f},
    {0x1.e2a877a6b2c12p-3, 0x1.9480000000000p-1f, -0x1.fa21e40000000p-58f}, {0x1.fc218be620a5ep-3, 0x1.8f80000000000p-1f, -0x1.6e438c0000000p-58f},
    {0x1.0a504e97bb40cp-2, 0x1.8ac0000000000p-1f, 0x1.29ccd20000000p-57f}, {0x1.16b5ccbacfb73p-2, 0x1.8600000000000p-1f, 0x1.66fbd20000000p-56f},
    {0x1.22981fbef797bp-2, 0x1.8180000000000p-1f, -0x1.0b04ac0000000p-59f}, {0x1.2e9e2bce12286p-2, 0x1.7d00000000000p-1f, 0x1.8251a40000000p-62f},
    {0x1.3a1ac802f3664p-2, 0x1.78c0000000000p-1f, -0x1.30c6660000000p-56f}, {0x1.4668bf41ef994p-2, 0x1.7440000000000p-1f, 0x1.d13a740000000p-57f},
    {0x1.5178d9ab55570p-2, 0x1.7040000000000p-1f, 0x1.530fea0000000p-56f}, {0x1.5d5bddf595f30p-2, 0x1.6c00000000000p-1f, -0x1.6541140000000p-56f},
};
// Exp table entry j: 2^(j/64) = t (1 + tail), tail within 2^-77 as a float (the rest is padding).
struct PowExpEntry {
  double t;
  float tail;
  float pad = 0;  // the entries list t and tail only
};
alignas(16) inline constexpr PowExpEntry kPowExpTable[64] = {
    {0x1.0000000000000p+0, 0x0.0p+0f}, {0x1.02c9a3e778061p+0, -0x1.16013a0000000p-56f},
    {0x1.059b0d3158574p+0, 0x1.cd25240000000p-55f}, {0x1.0874518759bc8p+0, 0x1.0f74e60000000p-57f},
    {0x1.0b5586cf9890fp+0, 0x1.79aa660000000p-54f}, {0x1.0e3ec32d3d1a2p+0, 0x1.ebe3d80000000p-60f},
    {0x1.11301d0125b51p+0, -0x1.5565220000000p-54f}, {0x1.1429aaea92de0p+0, -0x1.1c923c0000000p-54f},
    {0x1.172b83c7d517bp+0, -0x1.01b15e0000000p-55f}, {0x1.1a35beb6fcb75p+0, 0x1.b898c40000000p-55f},
    {0x1.1d4873168b9aap+0, 0x1.aecf740000000p-54f}, {0x1.2063b88628cd6p+0, 0x1.a6f4140000000p-55f},
    {0x1.2387a6e756238p+0, 0x1.68efde0000000p-54f}, {0x1.26b4565e27cddp+0, 0x1.0472ba0000000p-55f},
    {0x1.29e9df51fdee1p+0, 0x1.2f7e160000000p-55f}, {0x1.2d285a6e4030bp+0, 0x1.b378280000000p-55f},
    {0x1.306fe0a31b715p+0, 0x1.34d7540000000p-55f}, {0x1.33c08b26416ffp+0, 0x1.fdd3960000000p-55f},
    {0x1.371a7373aa9cbp+0, -0x1.24aedc0000000p-54f}, {0x1.3a7db34e59ff7p+0, -0x1.1d1e840000000p-56f},
    {0x1.3dea64c123422p+0, 0x1.59f48a0000000p-55f}, {0x1.4160a21f72e2ap+0, -0x1.8a78f40000000p-58f},
    {0x1.44e086061892dp+0, 0x1.363ed60000000p-59f}, {0x1.486a2b5c13cd0p+0, 0x1.ecce1e0000000p-57f},
    {0x1.4bfdad5362a27p+0, 0x1.690cec0000000p-56f}, {0x1.4f9b2769d2ca7p+0, -0x1.f943400000000p-55f},
    {0x1.5342b569d4f82p+0, -0x1.8dec6c0000000p-56f}, {0x1.56f4736b527dap+0, 0x1.3350520000000p-54f},
    {0x1.5ab07dd485429p+0, 0x1.063e1e0000000p-54f}, {0x1.5e76f15ad2148p+0, 0x1.432e620000000p-54f},
    {0x1.6247eb03a5585p+0, -0x1.c33c540000000p-55f}, {0x1.6623882552225p+0, -0x1.3cedd80000000p-54f},
    {0x1.6a09e667f3bcdp+0, -0x1.3b3efc0000000p-54f}, {0x1.6dfb23c651a2fp+0, -0x1.367efc0000000p-57f},
    {0x1.71f75e8ec5f74p+0, -0x1.81f6480000000p-56f}, {0x1.75feb564267c9p+0, -0x1.6193220000000p-55f},
    {0x1.7a11473eb0187p+0, -0x1.b32dcc0000000p-56f}, {0x1.7e2f336cf4e62p+0, 0x1.5ebe1a0000000p-57f},
    {0x1.82589994cce13p+0, -0x1.369b700000000p-54f}, {0x1.868d99b4492edp+0, -0x1.4d450e0000000p-54f},
    {0x1.8ace5422aa0dbp+0, 0x1.db72fc0000000p-55f}, {0x1.8f1ae99157736p+0, 0x1.bf68360000000p-56f},
    {0x1.93737b0cdc5e5p+0, -0x1.da9b880000000p-58f}, {0x1.97d829fde4e50p+0, -0x1.2434320000000p-54f},
    {0x1.9c49182a3f090p+0, 0x1.1affc20000000p-56f}, {0x1.a0c667b5de565p+0, -0x1.7c50420000000p-55f},
    {0x1.a5503b23e255dp+0, -0x1.1bbd1e0000000p-54f}, {0x1.a9e6b5579fdbfp+0, 0x1.4698460000000p-55f},
    {0x1.ae89f995ad3adp+0, 0x1.c1a77a0000000p-55f}, {0x1.b33a2b84f15fbp+0, -0x1.5c3d960000000p-58f},
    {0x1.b7f76f2fb5e47p+0, -0x1.8d6f440000000p-57f}, {0x1.bcc1e904bc1d2p+0, 0x1.4ffd700000000p-56f},
    {0x1.c199bdd85529cp+0, 0x1.36eae40000000p-56f}, {0x1.c67f12e57d14bp+0, 0x1.4e08fe0000000p-55f},
    {0x1.cb720dcef9069p+0, 0x1.76b2c60000000p-57f}, {0x1.d072d4a07897cp+0, -0x1.fad5d40000000p-55f},
    {0x1.d5818dcfba487p+0, 0x1.4a385a0000000p-56f}, {0x1.da9e603db3285p+0, 0x1.e5a50e0000000p-55f},
    {0x1.dfc97337b9b5fp+0, -0x1.2d52100000000p-55f}, {0x1.e502ee78b3ff6p+0, 0x1.4b60460000000p-56f},
    {0x1.ea4afa2a490dap+0, -0x1.ff71280000000p-55f}, {0x1.efa1bee615a27p+0, 0x1.ec3bc40000000p-55f},
    {0x1.f50765b6e4540p+0, 0x1.a64a940000000p-55f}, {0x1.fa7c1819e90d8p+0, 0x1.7893b40000000p-56f},
};
inline constexpr int64_t kPowLogOff = 0x3fe6a00000000000LL;  // 0.70703125: 1 sits 2^45 patterns in
inline constexpr double kPowInvLn2N = 0x1.71547652b82fep+6;  // 64 / ln2
inline constexpr double kPowLn2NHi = 0x1.62e42fefc0000p-7;   // ln2 / 64, 35 bits
inline constexpr double kPowLn2NLo = -0x1.c610ca86c3899p-43;
// log1p(r) = r - r^2/2 + r^3 (c0 + c1 r + ... + c7 r^7), Taylor (correctly rounded 1/n).
inline constexpr double kPowLog1pTail[8] = {1.0 / 3, -1.0 / 4, 1.0 / 5,  -1.0 / 6,
                                            1.0 / 7, -1.0 / 8, 1.0 / 9, -1.0 / 10};
// e^r - 1 = r + r^2 (c0 + c1 r + ... + c4 r^4), Taylor.
inline constexpr double kPowExpm1Tail[5] = {1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720};

// ------------------------------------------------------------------------------ lane lookups

// The entries of every lane's index i (in [0, 64)).
SV_VM_INLINE void pow_log_entry(scalar::F64::I i, scalar::F64& logc_hi, scalar::F64& invc,
                                scalar::F64& logc_lo) {
  const PowLogEntry& e = kPowLogTable[i.v];
  logc_hi.v = e.logc_hi;
  invc.v = e.invc;
  logc_lo.v = e.logc_lo;
}
SV_VM_INLINE void pow_exp_entry(scalar::F64::I i, scalar::F64& t, scalar::F64& tail) {
  const PowExpEntry& e = kPowExpTable[i.v];
  t.v = e.t;
  tail.v = e.tail;
}
#ifdef __wasm_simd128__
// Lane l's entry: one 16-byte load; the doubles shuffled together, the float pairs shuffled and
// widened (exactly).
SV_VM_INLINE void pow_load_entries(const void* base, simd128::F64::I i, v128_t& p, v128_t& q) {
  const char* b = static_cast<const char*>(base);
  p = wasm_v128_load(b + 16 * static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 0)));
  q = wasm_v128_load(b + 16 * static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 2)));
}
SV_VM_INLINE void pow_log_entry(simd128::F64::I i, simd128::F64& logc_hi, simd128::F64& invc,
                                simd128::F64& logc_lo) {
  v128_t p, q;
  pow_load_entries(kPowLogTable, i, p, q);
  logc_hi.v = wasm_i64x2_shuffle(p, q, 0, 2);
  const v128_t f = wasm_i32x4_shuffle(p, q, 2, 6, 3, 7);  // invc_0, invc_1, lo_0, lo_1
  invc.v = wasm_f64x2_promote_low_f32x4(f);
  logc_lo.v = wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(f, f, 1, 0));
}
SV_VM_INLINE void pow_exp_entry(simd128::F64::I i, simd128::F64& t, simd128::F64& tail) {
  v128_t p, q;
  pow_load_entries(kPowExpTable, i, p, q);
  t.v = wasm_i64x2_shuffle(p, q, 0, 2);
  tail.v = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(p, q, 2, 6, 2, 6));
}
SV_VM_INLINE void pow_log_entry(simd128::F64P::I i, simd128::F64P& logc_hi, simd128::F64P& invc,
                                simd128::F64P& logc_lo) {
  pow_log_entry(i.a, logc_hi.a, invc.a, logc_lo.a);
  pow_log_entry(i.b, logc_hi.b, invc.b, logc_lo.b);
}
SV_VM_INLINE void pow_exp_entry(simd128::F64P::I i, simd128::F64P& t, simd128::F64P& tail) {
  pow_exp_entry(i.a, t.a, tail.a);
  pow_exp_entry(i.b, t.b, tail.b);
}
#endif

// ------------------------------------------------------------------------------ pow

// log x = lh + ll (|ll| <= ulp(lh) / 2) for finite x > 0 (subnormals included). Other x give
// garbage lanes (never an out-of-range table index).
template <class V>
SV_VM_INLINE void pow_log_dd(V x, V& lh, V& ll) {
  static_assert(!kF32<V>);
  using I = IntOf<V>;
  V xs = x, kadj = cst<V>(0);
  const auto sub = x < cst<V>(0x1p-1022);
  if (any(sub)) {
    xs = sel(sub, x * cst<V>(0x1p52), x);
    kadj = sel(sub, cst<V>(52), kadj);
  }
  const I ix = as_int(xs);
  const I tmp = ix - icst<V>(kPowLogOff);
  // k = floor(tmp / 2^52) by a logical shift of a value made non-negative (x >= 2^-1022 here)
  const I k = srl<52>(tmp + icst<V>(1023LL << 52)) - icst<V>(1023);
  const I idx = srl<46>(tmp) & icst<V>(63);
  const I iz = ix - shl<52>(k);
  const V z = as_flt(iz);
  const V zhi = as_flt((iz + icst<V>(1LL << 31)) & icst<V>(-(1LL << 32)));
  const V zlo = z - zhi;
  V invc, logc_hi, logc_lo;
  pow_log_entry(idx, logc_hi, invc, logc_lo);
  const V kf = to_flt(k) - kadj;
  const V rhi = zhi * invc - cst<V>(1);  // exact
  const V rlo = zlo * invc;              // exact
  V t1, e1, t2, e2, t3, e3, t4, e4;
  fast_two_sum(kf * ln2_hi<V>(), logc_hi, t1, e1);  // |k ln2| > |log c| unless k = 0
  two_sum(t1, rhi, t2, e2);
  const V q = (cst<V>(-0.5) * rhi) * rhi;  // exact
  fast_two_sum(t2, q, t3, e3);             // |t2| >= |q|: t2 is about log x, or rhi
  two_sum(t3, rlo, t4, e4);
  const V r = rhi + rlo;
  const V r2 = r * r;
  const V tail = (r2 * r) * poly(r, kPowLog1pTail) - rlo * (rhi + cst<V>(0.5) * rlo);
  const V lo = ((e1 + e2) + (e3 + e4)) + ((kf * ln2_lo<V>() + logc_lo) + tail);
  fast_two_sum(t4, lo, lh, ll);
}

// e^(h + l) for h in [-746, 710] (or NaN: a garbage lane) and |l| <= 2^-50 |h|: one final
// rounding (also to a subnormal result or to inf), within 0.5 ulp + about 2^-58 relative.
template <class V>
SV_VM_INLINE V pow_exp_dd(V h, V l) {
  static_assert(!kF32<V>);
  using I = IntOf<V>;
  const V shifter = cst<V>(0x1.8p52);
  const V kz = h * cst<V>(kPowInvLn2N) + shifter;
  const V kd = kz - shifter;  // round(h 128 / ln2)
  const I ki = as_int(kz) - as_int(shifter);
  const V r = ((h - kd * cst<V>(kPowLn2NHi)) + l) - kd * cst<V>(kPowLn2NLo);  // first step exact
  const I idx = ki & icst<V>(63);
  V t, tail;
  pow_exp_entry(idx, t, tail);
  const V r2 = r * r;
  const V p = r + r2 * poly(r, kPowExpm1Tail);
  const V q = tail + p;
  const I eb = shl<46>(ki - idx);  // e << 52, e = floor(ki / 64)
  const I tb = as_int(t);
  // e in [-1000, 1022]: T 2^e is normal, the result's exponent stays below 1024, and s q, when
  // it is subnormal, rounds by at most 2^-1075, 2^-23 ulp of the result (at e = -1021 it would be
  // a quarter ulp)
  const auto low = kd < cst<V>(-1000 * 64), high = kd > cst<V>(1022 * 64 + 63);
  if (!any(low | high)) {
    const V s = as_flt(tb + eb);
    return s + s * q;
  }
  const V s = as_flt(tb + sel(low | high, icst<V>(0), eb));
  V res = s + s * q;
  const V sh = as_flt(tb + eb - icst<V>(2LL << 52));  // T 2^(e-2)
  res = sel(high, (sh + sh * q) * cst<V>(4), res);
  // T 2^(e+1022) (normal for e in [-1077, -1001]): u + v = the result / 2^-1022; below 1 the result is
  // subnormal, rounded at its own bit position by forming 1 + (u + v) (a multiple of 2^-52).
  const V u = as_flt(tb + eb + icst<V>(1022LL << 52));
  const V v = u * q;
  const V m = u + v;
  V one_u, e_u;
  fast_two_sum(cst<V>(1), u, one_u, e_u);
  const V t1 = one_u + (e_u + v);
  const V small = sel(m < cst<V>(1), t1 - cst<V>(1), m) * cst<V>(0x1p-1022);
  return sel(low, small, res);
}

// |x|^y for finite x != 0 and finite y (other lanes: garbage, fixed by pow_specials).
template <class V>
SV_VM_INLINE V pow_table_positive(V ax, V y) {
  V lh, ll;
  pow_log_dd(ax, lh, ll);
  const V ylim = cst<V>(0x1p64);
  const V yc = sel(vabs(y) > ylim, bor(ylim, sign_bit(y)), y);
  V ph, pe;
  two_prod(yc, lh, ph, pe);
  const V pl = pe + yc * ll;
  const V hc = clamp(ph, cst<V>(-746.0), cst<V>(710.0));
  return pow_exp_dd(hc, sel(hc == ph, pl, cst<V>(0)));
}

// float64 pow(x, y) with C99 / NumPy special values. Vectors whose lanes all hold a finite x > 0
// and a finite y skip the special-value selects (x = 1 and y = +-0 give exactly 1 there).
template <class V>
SV_VM_INLINE V pow_table_impl(V x, V y) {
  static_assert(!kF32<V>);
  const IntOf<V> ix = as_int(x);
  const auto plain =
      (ix > icst<V>(0)) & (ix < icst<V>(0x7ff0000000000000LL)) & (vabs(y) < inf<V>());
  if (!any(~plain)) return pow_table_positive(x, y);
  return pow_specials(x, y, pow_table_positive(vabs(x), y));
}

}  // namespace sv::kernels::vmath::detail
