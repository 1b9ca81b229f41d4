// float64 pow through tables (Tang's method for both halves), generic over the float64 lane type
// of kernels/vmath_impl.hpp: plain double (the scalar build) or f64x2 / two f64x2 (SIMD128), with
// the same IEEE operations per lane in every build (bit-identical results).
//
// x^y = e^(y log x) for finite x > 0 and finite y, then vmath_impl.hpp's C99 / NumPy special values:
//  1. log x in double-double, relative error below about 2^-68 (also for x near 1): x = 2^k z with
//     z in [OFF, 2 OFF), OFF = 0.705078125; the 2^45 bit patterns after OFF + j 2^45 (j = 0..127)
//     share a table entry (invc_j, log c_j = -log(invc_j) as hi + lo), so the index is 7 bits of
//     the pattern. invc_j is 1 / (the interval's midpoint) rounded to a multiple of 2^-11, except for
//     the interval [1 - 2^-9, 1 + 2^-8) around 1, whose entry is exactly 1 (log c = 0: no
//     cancellation near x = 1). |r| = |z invc - 1| <= 2^-7.93 everywhere.
//     r is formed exactly in two parts without FMA: z = zhi + zlo with zhi z rounded to 21 bits
//     (low 32 pattern bits cleared), so zhi invc (<= 33 bits) is exact and rhi = zhi invc - 1 holds
//     at most 25 bits (rhi^2 / 2 is exact); rlo = zlo invc is exact (<= 32 + 12 bits).
//     log x = k ln2 + log c + rhi + rlo - rhi^2/2 - rlo (rhi + rlo/2) + r^3 P(r), P the Taylor
//     series of log1p(r) from r^3 to r^10 (truncation below 2^-70 relative): every large term is
//     added by an exact two-sum, the small ones collected in the low part.
//  2. y log x = ph + pl: an exact Dekker product of y (|y| clamped to 2^64, which over- or
//     underflows for every x != 1 anyway) and the high part, plus y times the low part.
//  3. e^(ph + pl): ph (clamped to [-746, 710]) = (128 e + j) ln2/128 + r, |r| <= ln2/256 (ln2/128
//     in two parts, the high one with 35 bits so the product is exact); 2^(j/128) = T_j (1 + tail_j)
//     from the table; e^r - 1 = r + r^2/2 + ... + r^5/120 (truncation 2^-60.7);
//     result = s + s (tail_j + p) with s = T_j 2^e built in the exponent bits. Results near
//     overflow are formed at 2^(e-2) and multiplied by 4 (one rounding, or inf); subnormal ones are
//     rounded at the subnormal bit position by adding 1 (one rounding: the scaling is exact).
// Error budget: 0.5 ulp from the final addition plus about 2^-58 relative from the steps above
// (measured in tests/cpp/test_vmath_pow.cpp; docs/math-accuracy.md "float64 pow").
//
// The tables (5 KiB) were computed with Python's decimal module at 60 digits: log c_j = -ln(invc_j),
// hi = the nearest double, lo = the nearest double to the rest; T_j = e^(j ln2 / 128) likewise,
// tail_j = the nearest double to (2^(j/128) - T_j) / T_j.
//
// Table lookups: no gather in SIMD128, so each lane's index is extracted and its entry loaded (one
// 16-byte load per lane for a pair of doubles, then two shuffles).
#pragma once

#include <cstdint>

#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/simd128/vmath_lanes.hpp"
#include "kernels/vmath_impl.hpp"

namespace sv::kernels::vmath::detail {

// ------------------------------------------------------------------------------ tables

// (invc_j, hi part of log c_j) for the 128 log intervals, j = the pattern bits 45..51 of x - OFF.
alignas(16) inline constexpr double kPowLogInvcLogc[128][2] = {
    {0x1.6a20000000000p+0, -0x1.6322b01ee61c0p-2}, {0x1.6820000000000p+0, -0x1.5d76dd9a778d0p-2},
    {0x1.6620000000000p+0, -0x1.57c2f53b05209p-2}, {0x1.6420000000000p+0, -0x1.5206dfd186716p-2},
    {0x1.6240000000000p+0, -0x1.4c9f09e152c3cp-2}, {0x1.6060000000000p+0, -0x1.472fdbe4fd3f2p-2},
    {0x1.5e80000000000p+0, -0x1.41b941cce0beep-2}, {0x1.5ca0000000000p+0, -0x1.3c3b2736b3f61p-2},
    {0x1.5ac0000000000p+0, -0x1.36b5776bc1117p-2}, {0x1.58e0000000000p+0, -0x1.31281d5f10fa4p-2},
    {0x1.5720000000000p+0, -0x1.2bf287cc41362p-2}, {0x1.5560000000000p+0, -0x1.26b620935063cp-2},
    {0x1.53a0000000000p+0, -0x1.2172d5c2abbbbp-2}, {0x1.51e0000000000p+0, -0x1.1c2895218f2c0p-2},
    {0x1.5020000000000p+0, -0x1.16d74c2e8ac66p-2}, {0x1.4e60000000000p+0, -0x1.117ee81dfe4c4p-2},
    {0x1.4ca0000000000p+0, -0x1.0c1f55d88a8a1p-2}, {0x1.4b00000000000p+0, -0x1.071b85fcd590dp-2},
    {0x1.4960000000000p+0, -0x1.021164a9290ddp-2}, {0x1.47a0000000000p+0, -0x1.f939c4e72d59dp-3},
    {0x1.4600000000000p+0, -0x1.ef0adcbdc5936p-3}, {0x1.4460000000000p+0, -0x1.e4ceeda61dda6p-3},
    {0x1.42e0000000000p+0, -0x1.db50da24bd322p-3}, {0x1.4140000000000p+0, -0x1.d0fb7f2255e51p-3},
    {0x1.3fc0000000000p+0, -0x1.c765b9e4d68d6p-3}, {0x1.3e20000000000p+0, -0x1.bcf6736f7d6c7p-3},
    {0x1.3ca0000000000p+0, -0x1.b34885022e81ep-3}, {0x1.3b20000000000p+0, -0x1.a98ed238b8089p-3},
    {0x1.39a0000000000p+0, -0x1.9fc93e5409c31p-3}, {0x1.3820000000000p+0, -0x1.95f7ac2b3b4f5p-3},
    {0x1.36a0000000000p+0, -0x1.8c19fe2982058p-3}, {0x1.3520000000000p+0, -0x1.8230164c1a332p-3},
    {0x1.33a0000000000p+0, -0x1.7839d62023552p-3}, {0x1.3240000000000p+0, -0x1.6f0d28ae56b4cp-3},
    {0x1.30e0000000000p+0, -0x1.65d5e99cc3c47p-3}, {0x1.2f60000000000p+0, -0x1.5bbc05f140486p-3},
    {0x1.2e00000000000p+0, -0x1.526e5e3a1b438p-3}, {0x1.2ca0000000000p+0, -0x1.4915d832fb562p-3},
    {0x1.2b40000000000p+0, -0x1.3fb25a59528cbp-3}, {0x1.29e0000000000p+0, -0x1.3643cad0588f1p-3},
    {0x1.2880000000000p+0, -0x1.2cca0f5f5f251p-3}, {0x1.2740000000000p+0, -0x1.2423113ba50e3p-3},
    {0x1.25e0000000000p+0, -0x1.1a93b7d42f611p-3}, {0x1.24a0000000000p+0, -0x1.11d8e5e290472p-3},
    {0x1.2340000000000p+0, -0x1.08338affa282ap-3}, {0x1.2200000000000p+0, -0x1.fec9131dbeabbp-4},
    {0x1.20c0000000000p+0, -0x1.ed1794e83780cp-4}, {0x1.1f80000000000p+0, -0x1.db5270187d927p-4},
    {0x1.1e20000000000p+0, -0x1.c7af7a8472d76p-4}, {0x1.1d00000000000p+0, -0x1.b78c82bb0eda1p-4},
    {0x1.1bc0000000000p+0, -0x1.a58b60c2b2324p-4}, {0x1.1a80000000000p+0, -0x1.9375e55595edep-4},
    {0x1.1940000000000p+0, -0x1.814be23f8c036p-4}, {0x1.1820000000000p+0, -0x1.70e12b325c82ap-4},
    {0x1.16e0000000000p+0, -0x1.5e8fa4d8591c7p-4}, {0x1.15c0000000000p+0, -0x1.4e01108a35ae6p-4},
    {0x1.1480000000000p+0, -0x1.3b87598b1b6eep-4}, {0x1.1360000000000p+0, -0x1.2ad449eff2316p-4},
    {0x1.1240000000000p+0, -0x1.1a0fba1bf8a52p-4}, {0x1.1120000000000p+0, -0x1.0939853a1cc8cp-4},
    {0x1.0fe0000000000p+0, -0x1.ecdf0f87b6168p-5}, {0x1.0ec0000000000p+0, -0x1.cae72fb95c20bp-5},
    {0x1.0dc0000000000p+0, -0x1.ac97221711f8dp-5}, {0x1.0ca0000000000p+0, -0x1.8a5a9cc614ca4p-5},
    {0x1.0b80000000000p+0, -0x1.67f94f094bd98p-5}, {0x1.0a60000000000p+0, -0x1.4572e981cad90p-5},
    {0x1.0960000000000p+0, -0x1.26a32a86d2f72p-5}, {0x1.0840000000000p+0, -0x1.03d5d85e73eefp-5},
    {0x1.0740000000000p+0, -0x1.c98d18d00c814p-6}, {0x1.0620000000000p+0, -0x1.83624fba83bd7p-6},
    {0x1.0520000000000p+0, -0x1.44c28d451662cp-6}, {0x1.0420000000000p+0, -0x1.05e547826bc91p-6},
    {0x1.0300000000000p+0, -0x1.7dc475f810a77p-7}, {0x1.0200000000000p+0, -0x1.fe02a6b106789p-8},
    {0x1.0100000000000p+0, -0x1.ff00aa2b10bc0p-9}, {0x1.0000000000000p+0, 0x0.0p+0},
    {0x1.fc00000000000p-1, 0x1.010157588de71p-7}, {0x1.f800000000000p-1, 0x1.0205658935847p-6},
    {0x1.f440000000000p-1, 0x1.7c61b1cf5dee0p-6}, {0x1.f080000000000p-1, 0x1.f7a9b16782856p-6},
    {0x1.ecc0000000000p-1, 0x1.39f07ba0ebd62p-5}, {0x1.e900000000000p-1, 0x1.788595a3577bap-5},
    {0x1.e580000000000p-1, 0x1.b35dd9b58baadp-5}, {0x1.e200000000000p-1, 0x1.eea31c006b87cp-5},
    {0x1.de40000000000p-1, 0x1.174f76ab09171p-4}, {0x1.db00000000000p-1, 0x1.333d7f8183f4bp-4},
    {0x1.d780000000000p-1, 0x1.518874226130ap-4}, {0x1.d400000000000p-1, 0x1.700d30aeac0e1p-4},
    {0x1.d0c0000000000p-1, 0x1.8c985e9b9ec84p-4}, {0x1.cd80000000000p-1, 0x1.a956d3ecade63p-4},
    {0x1.ca40000000000p-1, 0x1.c6494a2e418a6p-4}, {0x1.c700000000000p-1, 0x1.e3707ee30487bp-4},
    {0x1.c400000000000p-1, 0x1.fe89139dbd566p-4}, {0x1.c100000000000p-1, 0x1.0ce7ecdccc28dp-3},
    {0x1.bdc0000000000p-1, 0x1.1bc8af21436b3p-3}, {0x1.bac0000000000p-1, 0x1.299d30c606ea7p-3},
    {0x1.b7c0000000000p-1, 0x1.3789c4c041337p-3}, {0x1.b500000000000p-1, 0x1.4462b9dc9b3dcp-3},
    {0x1.b200000000000p-1, 0x1.527e5e4a1b58dp-3}, {0x1.af40000000000p-1, 0x1.5f830a1a5ca91p-3},
    {0x1.ac40000000000p-1, 0x1.6dcf0165f8373p-3}, {0x1.a980000000000p-1, 0x1.7b0091651528cp-3},
    {0x1.a6c0000000000p-1, 0x1.884807ce5638fp-3}, {0x1.a400000000000p-1, 0x1.95a5adcf7017fp-3},
    {0x1.a180000000000p-1, 0x1.a1dfc40f1b7f1p-3}, {0x1.9ec0000000000p-1, 0x1.af6895610dbaep-3},
    {0x1.9c40000000000p-1, 0x1.bbca696b07e80p-3}, {0x1.9980000000000p-1, 0x1.c97f8079d44ecp-3},
    {0x1.9700000000000p-1, 0x1.d60a17f903515p-3}, {0x1.9480000000000p-1, 0x1.e2a877a6b2c12p-3},
    {0x1.9200000000000p-1, 0x1.ef5ade4dcffe6p-3}, {0x1.8f80000000000p-1, 0x1.fc218be620a5ep-3},
    {0x1.8d40000000000p-1, 0x1.03d95a1d67686p-2}, {0x1.8ac0000000000p-1, 0x1.0a504e97bb40cp-2},
    {0x1.8880000000000p-1, 0x1.102ac0a35cc1cp-2}, {0x1.8600000000000p-1, 0x1.16b5ccbacfb73p-2},
    {0x1.83c0000000000p-1, 0x1.1ca28c64bae54p-2}, {0x1.8180000000000p-1, 0x1.22981fbef797bp-2},
    {0x1.7f40000000000p-1, 0x1.2896a13e086a4p-2}, {0x1.7d00000000000p-1, 0x1.2e9e2bce12286p-2},
    {0x1.7ac0000000000p-1, 0x1.34aedad5b168bp-2}, {0x1.78c0000000000p-1, 0x1.3a1ac802f3664p-2},
    {0x1.7680000000000p-1, 0x1.403d086cea79cp-2}, {0x1.7440000000000p-1, 0x1.4668bf41ef994p-2},
    {0x1.7240000000000p-1, 0x1.4becf95d97913p-2}, {0x1.7040000000000p-1, 0x1.5178d9ab55570p-2},
    {0x1.6e00000000000p-1, 0x1.57bf753c8d1fbp-2}, {0x1.6c00000000000p-1, 0x1.5d5bddf595f30p-2},
};
// The low part of log c_j.
inline constexpr double kPowLogLo[128] = {
    0x1.f298279802634p-57, -0x1.279b3b76168b3p-57, -0x1.4c017c2a52127p-57, -0x1.9fa51e79aff41p-57,
    -0x1.10c78fe91038bp-56, -0x1.b2629fc10f5b7p-56, -0x1.6fec1bc0376f6p-56, 0x1.747a74f77e325p-57,
    0x1.a1e958f770386p-56, -0x1.ef195748543f8p-56, 0x1.6156c4e26290bp-58, -0x1.1767e2e6f25cep-57,
    0x1.594223fc705c0p-56, 0x1.ed37f8d4b1345p-58, 0x1.e134b941dc654p-59, 0x1.10eba2e6869b7p-57,
    0x1.9ef6c0426ae00p-56, -0x1.d1707f97bde80p-58, -0x1.43f9daeecc232p-58, -0x1.e500ec33c030bp-63,
    -0x1.48637950dc20dp-57, -0x1.a0e33f47845a2p-57, 0x1.6fa403574f7afp-57, 0x1.4ac818ceca4c4p-57,
    0x1.2992d12127811p-57, -0x1.76b0a6e1c43a2p-60, 0x1.5e99b6f2309fap-58, -0x1.bfed1ee6b0199p-58,
    0x1.7329d09885e3bp-59, -0x1.442f000de8626p-59, 0x1.fe1f2836ed575p-57, 0x1.14bad17a5bddbp-57,
    0x1.8b08013e47f9cp-57, 0x1.906d99184b992p-57, -0x1.e5b8d5321bfa8p-57, -0x1.258abb468d482p-58,
    0x1.746ff8a470d3ap-57, 0x1.dc00d79ec3456p-57, 0x1.065329c022936p-58, 0x1.c37b3480acbdbp-58,
    0x1.e3235fe23f016p-57, 0x1.e3ba766fc9a72p-66, 0x1.77e9d8abe639fp-57, 0x1.05ad155aa5374p-57,
    0x1.86a6fb83b1dbap-57, 0x1.5746b9981b36cp-58, 0x1.43749d0483dcap-58, -0x1.e15ab8607d2acp-58,
    -0x1.472281ea1f818p-58, -0x1.0878cf0327e21p-61, 0x1.cd71727ca7984p-58, 0x1.e463f9e4dd920p-59,
    -0x1.1c0ed417efe41p-58, 0x1.e4d51d665d0f7p-58, 0x1.8fb947780f93dp-63, 0x1.81069d28db75bp-59,
    0x1.594aca31297a3p-61, 0x1.d72f82dc39ca0p-59, 0x1.9e731491f21c9p-64, 0x1.3c34f846e1c9fp-58,
    -0x1.0c529ff02178cp-59, 0x1.f9012d8df3f0ep-59, -0x1.f780991163015p-60, 0x1.4800c074d0c95p-59,
    -0x1.f3e7e4ed6b2d6p-60, 0x1.5064c828a904cp-60, 0x1.ea56fe240fa05p-62, -0x1.2c1da539d60edp-61,
    0x1.50589df0f25bfp-61, -0x1.c96b4004622b7p-61, -0x1.4a08cf28350efp-61, 0x1.e21f5e1f7e49ep-60,
    0x1.16d7687d3df21p-62, 0x1.e44b7e3711ebfp-67, -0x1.2821ad5a6d353p-63, 0x0.0p+0,
    0x1.46662d417ced0p-62, 0x1.27c8e8416e71fp-60, 0x1.b83db2ddc8012p-60, -0x1.36c720c147756p-60,
    0x1.4eb2172bbbf58p-59, 0x1.e5ef898b67923p-59, -0x1.6526154e379dfp-61, -0x1.3e4fc93b7b66cp-59,
    0x1.8bf717241bfedp-63, 0x1.a92afc8ef70b1p-58, 0x1.d96258b3d8a8fp-60, -0x1.72566212cdd05p-61,
    -0x1.bbf21801ae8cbp-59, 0x1.e5300b12bd55ep-58, -0x1.754df3b1a5d90p-60, 0x1.09ccecd579d99p-58,
    -0x1.ac9f4215f9393p-58, -0x1.692a0055dc959p-57, 0x1.64fb955458117p-57, -0x1.ff0c47ee4eafbp-57,
    -0x1.85dd9670d0226p-57, -0x1.629c46c186385p-58, -0x1.71a9682395bfdp-61, 0x1.a263ff06eedfep-58,
    -0x1.4cb2e60d9cf13p-57, 0x1.4069f303518c8p-57, -0x1.885abc769d435p-61, 0x1.142c507fb7a3dp-58,
    -0x1.e009e6f018fe8p-61, -0x1.445fbd49bb184p-60, 0x1.17a8fc988fe53p-58, 0x1.61a8c6e6c4ee7p-57,
    -0x1.c0df841a71b7ap-57, -0x1.fa21e3df99430p-58, -0x1.08ab2ddc708a0p-58, -0x1.6e438c258187fp-58,
    -0x1.dfc3727bdcd30p-58, 0x1.29ccd218877e5p-57, 0x1.088080a5e68b4p-59, 0x1.66fbd28b40935p-56,
    -0x1.3e10bd559adb8p-56, -0x1.0b04ac06cebe0p-59, -0x1.2fd81e96ad9cfp-56, 0x1.8251a3b83d97ap-62,
    -0x1.530d41e0229c4p-56, -0x1.30c6654272c10p-56, -0x1.0a8bb78cf7cdap-56, 0x1.d13a74ae12674p-57,
    0x1.89bffb8b1f5d2p-57, 0x1.530fe963b2f50p-56, -0x1.0908d15f88b63p-57, -0x1.6541148cbb8a2p-56,
};
// (T_j, tail_j): 2^(j/128) = T_j (1 + tail_j).
alignas(16) inline constexpr double kPowExp2Table[128][2] = {
    {0x1.0000000000000p+0, 0x0.0p+0}, {0x1.0163da9fb3335p+0, 0x1.b3b4f1a88bf6ep-54},
    {0x1.02c9a3e778061p+0, -0x1.160139cd8dc5dp-56}, {0x1.04315e86e7f85p+0, -0x1.05e7a108766d1p-54},
    {0x1.059b0d3158574p+0, 0x1.cd2523567f613p-55}, {0x1.0706b29ddf6dep+0, -0x1.bce8023f98efap-55},
    {0x1.0874518759bc8p+0, 0x1.0f74e61e6c861p-57}, {0x1.09e3ecac6f383p+0, 0x1.0a3e45b33d399p-54},
    {0x1.0b5586cf9890fp+0, 0x1.79aa65d837b6dp-54}, {0x1.0cc922b7247f7p+0, 0x1.eb51a92fdeffcp-55},
    {0x1.0e3ec32d3d1a2p+0, 0x1.ebe3d702f9cd1p-60}, {0x1.0fb66affed31bp+0, -0x1.a033489906e0bp-57},
    {0x1.11301d0125b51p+0, -0x1.556522a2fbd0ep-54}, {0x1.12abdc06c31ccp+0, -0x1.080ef8c4eea55p-58},
    {0x1.1429aaea92de0p+0, -0x1.1c923b9d5f416p-54}, {0x1.15a98c8a58e51p+0, 0x1.0d3e3e95c55afp-55},
    {0x1.172b83c7d517bp+0, -0x1.01b15eaa59348p-55}, {0x1.18af9388c8deap+0, -0x1.f1ff055de323dp-55},
    {0x1.1a35beb6fcb75p+0, 0x1.b898c3f1353bfp-55}, {0x1.1bbe084045cd4p+0, -0x1.6d99c7611eb26p-54},
    {0x1.1d4873168b9aap+0, 0x1.aecf73e3a2f60p-54}, {0x1.1ed5022fcd91dp+0, -0x1.fe782cb86389dp-55},
    {0x1.2063b88628cd6p+0, 0x1.a6f4144a6c38dp-55}, {0x1.21f49917ddc96p+0, 0x1.07a05b0e4047dp-55},
    {0x1.2387a6e756238p+0, 0x1.68efde3a8a894p-54}, {0x1.251ce4fb2a63fp+0, 0x1.75e18f274487dp-55},
    {0x1.26b4565e27cddp+0, 0x1.0472b981fe7f2p-55}, {0x1.284dfe1f56381p+0, -0x1.6b87b3f71085ep-54},
    {0x1.29e9df51fdee1p+0, 0x1.2f7e16d09ab31p-55}, {0x1.2b87fd0dad990p+0, -0x1.d219b1a6fbffap-60},
    {0x1.2d285a6e4030bp+0, 0x1.b3782720c0ab4p-55}, {0x1.2ecafa93e2f56p+0, 0x1.e149289cecb8fp-57},
    {0x1.306fe0a31b715p+0, 0x1.34d754db0abb6p-55}, {0x1.32170fc4cd831p+0, 0x1.64201e2ac744cp-55},
    {0x1.33c08b26416ffp+0, 0x1.fdd395dd3f84ap-55}, {0x1.356c55f929ff1p+0, -0x1.6a3803b8e5b04p-55},
    {0x1.371a7373aa9cbp+0, -0x1.24aedcc4b5068p-54}, {0x1.38cae6d05d866p+0, -0x1.907f81b512d8ep-54},
    {0x1.3a7db34e59ff7p+0, -0x1.1d1e83e9436d2p-56}, {0x1.3c32dc313a8e5p+0, -0x1.91919b3ce1b15p-54},
    {0x1.3dea64c123422p+0, 0x1.59f48a72a4c6dp-55}, {0x1.3fa4504ac801cp+0, -0x1.312607a28698ap-54},
    {0x1.4160a21f72e2ap+0, -0x1.8a78f4817895bp-58}, {0x1.431f5d950a897p+0, -0x1.c2c9b67499a1bp-56},
    {0x1.44e086061892dp+0, 0x1.363ed60c2ac11p-59}, {0x1.46a41ed1d0057p+0, 0x1.666093b0664efp-54},
    {0x1.486a2b5c13cd0p+0, 0x1.ecce1daa10379p-57}, {0x1.4a32af0d7d3dep+0, 0x1.3ff8e3f0f1230p-54},
    {0x1.4bfdad5362a27p+0, 0x1.690cebb7aafb0p-56}, {0x1.4dcb299fddd0dp+0, 0x1.31dbdeb54e077p-54},
    {0x1.4f9b2769d2ca7p+0, -0x1.f94340071a38ep-55}, {0x1.516daa2cf6642p+0, -0x1.7deccdc93a349p-55},
    {0x1.5342b569d4f82p+0, -0x1.8dec6bd0f385fp-56}, {0x1.551a4ca5d920fp+0, -0x1.61246ec7b5cf6p-55},
    {0x1.56f4736b527dap+0, 0x1.3350518fdd78ep-54}, {0x1.58d12d497c7fdp+0, 0x1.b98b72f8a9b05p-56},
    {0x1.5ab07dd485429p+0, 0x1.063e1e21c5409p-54}, {0x1.5c9268a5946b7p+0, 0x1.4c7855019c6eap-60},
    {0x1.5e76f15ad2148p+0, 0x1.432e62b64c035p-54}, {0x1.605e1b976dc09p+0, -0x1.ce44a6199769fp-55},
    {0x1.6247eb03a5585p+0, -0x1.c33c53bef4da8p-55}, {0x1.6434634ccc320p+0, -0x1.45378892be9aep-55},
    {0x1.6623882552225p+0, -0x1.3cedd78565858p-54}, {0x1.68155d44ca973p+0, 0x1.710aa807e1964p-58},
    {0x1.6a09e667f3bcdp+0, -0x1.3b3efbf5e2228p-54}, {0x1.6c012750bdabfp+0, -0x1.a12ad8734b982p-57},
    {0x1.6dfb23c651a2fp+0, -0x1.367efb86da9eep-57}, {0x1.6ff7df9519484p+0, -0x1.0dc3d54e08851p-55},
    {0x1.71f75e8ec5f74p+0, -0x1.81f647e5a3ecfp-56}, {0x1.73f9a48a58174p+0, -0x1.6ee4ac08b7db0p-55},
    {0x1.75feb564267c9p+0, -0x1.619321e55e68ap-55}, {0x1.780694fde5d3fp+0, 0x1.09ccb5e09d4d3p-54},
    {0x1.7a11473eb0187p+0, -0x1.b32dcb94da51dp-56}, {0x1.7c1ed0130c132p+0, 0x1.4ecfd5467c06bp-54},
    {0x1.7e2f336cf4e62p+0, 0x1.5ebe1abd66c55p-57}, {0x1.80427543e1a12p+0, -0x1.8a1c52fb3cf42p-55},
    {0x1.82589994cce13p+0, -0x1.369b6f13b3734p-54}, {0x1.8471a4623c7adp+0, -0x1.05e843a19ff1ep-55},
    {0x1.868d99b4492edp+0, -0x1.4d450d872576ep-54}, {0x1.88ac7d98a6699p+0, 0x1.0ad675b0e8a00p-54},
    {0x1.8ace5422aa0dbp+0, 0x1.db72fc1f0eab4p-55}, {0x1.8cf3216b5448cp+0, -0x1.5b6609cc5e7ffp-57},
    {0x1.8f1ae99157736p+0, 0x1.bf68359f35f44p-56}, {0x1.9145b0b91ffc6p+0, -0x1.3091fa71e3d83p-54},
    {0x1.93737b0cdc5e5p+0, -0x1.da9b88b6c1e29p-58}, {0x1.95a44cbc8520fp+0, -0x1.c23f97c90b959p-57},
    {0x1.97d829fde4e50p+0, -0x1.2434322f4f9aap-54}, {0x1.9a0f170ca07bap+0, -0x1.5ca6cd7668e4bp-55},
    {0x1.9c49182a3f090p+0, 0x1.1affc2b91ce27p-56}, {0x1.9e86319e32323p+0, 0x1.dd235e10a73bbp-57},
    {0x1.a0c667b5de565p+0, -0x1.7c50422622263p-55}, {0x1.a309bec4a2d33p+0, 0x1.b1c86e3e231d5p-55},
    {0x1.a5503b23e255dp+0, -0x1.1bbd1d3bcbb15p-54}, {0x1.a799e1330b358p+0, 0x1.0cc319cee31d2p-54},
    {0x1.a9e6b5579fdbfp+0, 0x1.469846e735ab3p-55}, {0x1.ac36bbfd3f37ap+0, -0x1.2dfcd978e9db4p-55},
    {0x1.ae89f995ad3adp+0, 0x1.c1a7792cb3387p-55}, {0x1.b0e07298db666p+0, -0x1.07b8f4ad1d9fap-54},
    {0x1.b33a2b84f15fbp+0, -0x1.5c3d956dcaebap-58}, {0x1.b59728de5593ap+0, -0x1.0a40e3da6f640p-54},
    {0x1.b7f76f2fb5e47p+0, -0x1.8d6f438ad9334p-57}, {0x1.ba5b030a1064ap+0, -0x1.1eee26b588a35p-54},
    {0x1.bcc1e904bc1d2p+0, 0x1.4ffd70a5fddcdp-56}, {0x1.bf2c25bd71e09p+0, -0x1.1bdfbfa9298acp-54},
    {0x1.c199bdd85529cp+0, 0x1.36eae30af0cb3p-56}, {0x1.c40ab5fffd07ap+0, 0x1.ee3325c9ffd94p-55},
    {0x1.c67f12e57d14bp+0, 0x1.4e08fd10959acp-55}, {0x1.c8f6d9406e7b5p+0, 0x1.3cdaf384e1a67p-57},
    {0x1.cb720dcef9069p+0, 0x1.76b2c6c921968p-57}, {0x1.cdf0b555dc3fap+0, -0x1.08a1883ccb5d2p-55},
    {0x1.d072d4a07897cp+0, -0x1.fad5d3ffffa6fp-55}, {0x1.d2f87080d89f2p+0, -0x1.00dae3875a949p-54},
    {0x1.d5818dcfba487p+0, 0x1.4a385a63d07a7p-56}, {0x1.d80e316c98398p+0, -0x1.2919e2040220fp-55},
    {0x1.da9e603db3285p+0, 0x1.e5a50d5c192acp-55}, {0x1.dd321f301b460p+0, 0x1.43a59ac016b4bp-55},
    {0x1.dfc97337b9b5fp+0, -0x1.2d52107b43e1fp-55}, {0x1.e264614f5a129p+0, -0x1.92ab93b470dc9p-55},
    {0x1.e502ee78b3ff6p+0, 0x1.4b604603a88d3p-56}, {0x1.e7a51fbc74c83p+0, 0x1.3c5ec519d7271p-55},
    {0x1.ea4afa2a490dap+0, -0x1.ff7128fd391f0p-55}, {0x1.ecf482d8e67f1p+0, -0x1.dae98e223747dp-55},
    {0x1.efa1bee615a27p+0, 0x1.ec3bc41aa2008p-55}, {0x1.f252b376bba97p+0, 0x1.42b94c3a9eb32p-55},
    {0x1.f50765b6e4540p+0, 0x1.a64a931d185eep-55}, {0x1.f7bfdad9cbe14p+0, -0x1.e37bae43be3edp-55},
    {0x1.fa7c1819e90d8p+0, 0x1.7893b4d91cd9dp-56}, {0x1.fd3c22b8f71f1p+0, 0x1.305c14160cc89p-58},
};
inline constexpr int64_t kPowLogOff = 0x3fe6900000000000LL;  // 0.705078125: 1 sits 2^44 patterns in
inline constexpr double kPowInvLn2N = 0x1.71547652b82fep+7;  // 128 / ln2
inline constexpr double kPowLn2NHi = 0x1.62e42fefc0000p-8;   // ln2 / 128, 35 bits
inline constexpr double kPowLn2NLo = -0x1.c610ca86c3899p-44;
// log1p(r) = r - r^2/2 + r^3 (c0 + c1 r + ... + c7 r^7), Taylor (correctly rounded 1/n).
inline constexpr double kPowLog1pTail[8] = {1.0 / 3, -1.0 / 4, 1.0 / 5,  -1.0 / 6,
                                            1.0 / 7, -1.0 / 8, 1.0 / 9, -1.0 / 10};

// ------------------------------------------------------------------------------ lane lookups

// a[l] = t[i[l]][0], b[l] = t[i[l]][1] for every lane l (i in [0, 128)); c[l] = u[i[l]].
SV_VM_INLINE void table_pair(const double (*t)[2], scalar::F64::I i, scalar::F64& a,
                             scalar::F64& b) {
  a.v = t[i.v][0];
  b.v = t[i.v][1];
}
SV_VM_INLINE void table_one(const double* u, scalar::F64::I i, scalar::F64& c) { c.v = u[i.v]; }
#ifdef __wasm_simd128__
SV_VM_INLINE void table_pair(const double (*t)[2], simd128::F64::I i, simd128::F64& a,
                             simd128::F64& b) {
  const v128_t p = wasm_v128_load(t[static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 0))]);
  const v128_t q = wasm_v128_load(t[static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 2))]);
  a.v = wasm_i64x2_shuffle(p, q, 0, 2);
  b.v = wasm_i64x2_shuffle(p, q, 1, 3);
}
SV_VM_INLINE void table_one(const double* u, simd128::F64::I i, simd128::F64& c) {
  c.v = wasm_f64x2_make(u[static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 0))],
                        u[static_cast<uint32_t>(wasm_i32x4_extract_lane(i.v, 2))]);
}
SV_VM_INLINE void table_pair(const double (*t)[2], simd128::F64P::I i, simd128::F64P& a,
                             simd128::F64P& b) {
  table_pair(t, i.a, a.a, b.a);
  table_pair(t, i.b, a.b, b.b);
}
SV_VM_INLINE void table_one(const double* u, simd128::F64P::I i, simd128::F64P& c) {
  table_one(u, i.a, c.a);
  table_one(u, i.b, c.b);
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
  const I idx = srl<45>(tmp) & icst<V>(127);
  const I iz = ix - shl<52>(k);
  const V z = as_flt(iz);
  const V zhi = as_flt((iz + icst<V>(1LL << 31)) & icst<V>(-(1LL << 32)));
  const V zlo = z - zhi;
  V invc, logc_hi, logc_lo;
  table_pair(kPowLogInvcLogc, idx, invc, logc_hi);
  table_one(kPowLogLo, idx, logc_lo);
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
  const I idx = ki & icst<V>(127);
  V t, tail;
  table_pair(kPowExp2Table, idx, t, tail);
  const V r2 = r * r;
  const V p = r + r2 * ((cst<V>(0.5) + r * cst<V>(1.0 / 6)) +
                        r2 * (cst<V>(1.0 / 24) + r * cst<V>(1.0 / 120)));
  const V q = tail + p;
  const I eb = shl<45>(ki - idx);  // e << 52, e = floor(ki / 128)
  const I tb = as_int(t);
  // e in [-1000, 1022]: T 2^e is normal, the result's exponent stays below 1024, and s q, when
  // it is subnormal, rounds by at most 2^-1075, 2^-23 ulp of the result (at e = -1021 it would be
  // a quarter ulp)
  const auto low = kd < cst<V>(-1000 * 128), high = kd > cst<V>(1022 * 128 + 127);
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
