// PCG64 (O'Neill's permuted congruential generator: 128-bit LCG state, XSL-RR output to 64 bits)
// as NumPy's numpy.random.PCG64 runs it: the state advances before each output, and 32-bit draws
// come from one 64-bit output, low half first, the high half kept for the next 32-bit draw.
#pragma once
#include <cstdint>

#define SV_RNG_INLINE inline __attribute__((always_inline))

namespace sv::random {

using u128 = unsigned __int128;

// The high 64 bits of a * b from 32-bit pieces (WebAssembly has no 64x64->128 multiply; the
// u128 product is a call to compiler-rt's __multi3).
SV_RNG_INLINE uint64_t mulhi64(uint64_t a, uint64_t b) {
  const uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
  const uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
  const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

struct Pcg64 {
  u128 state = 0;
  u128 inc = 1;
  bool has_uint32 = false;  // a buffered high half waits in uinteger
  uint32_t uinteger = 0;

  // state = state * multiplier + inc (mod 2^128) in 64-bit halves (no __multi3 call per draw).
  SV_RNG_INLINE void step() {
    constexpr uint64_t kMulLo = 4865540595714422341ULL;
    constexpr uint64_t kMulHi = 2549297995355413924ULL;
    const uint64_t lo = static_cast<uint64_t>(state);
    const uint64_t hi = static_cast<uint64_t>(state >> 64);
    const uint64_t ilo = static_cast<uint64_t>(inc);
    const uint64_t ihi = static_cast<uint64_t>(inc >> 64);
    const uint64_t mulhi = mulhi64(lo, kMulLo);
    const uint64_t plo = lo * kMulLo;
    const uint64_t nlo = plo + ilo;
    const uint64_t nhi = mulhi + lo * kMulHi + hi * kMulLo + ihi + (nlo < plo ? 1u : 0u);
    state = (static_cast<u128>(nhi) << 64) | nlo;
  }

  SV_RNG_INLINE uint64_t next64() {
    step();
    const uint64_t folded = static_cast<uint64_t>(state >> 64) ^ static_cast<uint64_t>(state);
    const unsigned rot = static_cast<unsigned>(state >> 122);
    return (folded >> rot) | (folded << ((64u - rot) & 63u));
  }

  SV_RNG_INLINE uint32_t next32() {
    if (has_uint32) {
      has_uint32 = false;
      return uinteger;
    }
    const uint64_t v = next64();
    has_uint32 = true;
    uinteger = static_cast<uint32_t>(v >> 32);
    return static_cast<uint32_t>(v);
  }

  // [0, 1) with 53 random bits; float: 24 random bits of one 32-bit draw.
  SV_RNG_INLINE double next_double() { return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0); }
  SV_RNG_INLINE float next_float() { return static_cast<float>(next32() >> 8) * (1.0f / 16777216.0f); }

  // The seeding of pcg64_srandom: inc from the sequence word, then two steps around adding the seed.
  void seed(u128 initstate, u128 initseq) {
    state = 0;
    inc = (initseq << 1u) | 1u;
    step();
    state += initstate;
    step();
    has_uint32 = false;
    uinteger = 0;
  }
};

}  // namespace sv::random
