// The 256-strip ziggurat of the standard normal distribution (Marsaglia & Tsang, 2000) in the
// layout NumPy's Generator uses: 52-bit draws for float64, 23-bit for float32. Computed once, at
// first use, from the defining equations (ziggurat.cpp); equal to NumPy's tables bit for bit.
#pragma once
#include <cstdint>

namespace sv::random {

struct Ziggurat {
  uint64_t ki[256];  // rejection thresholds, float64 draws
  double wi[256];    // scales of the draws
  double fi[256];    // strip heights f(x[i])
  uint32_t kf[256];  // the same for float32
  float wf[256];
  float ff[256];
};

inline constexpr double kZigR = 3.6541528853610088;  // where the tail starts
const Ziggurat& ziggurat();

// The 256-strip ziggurat of the standard exponential distribution, NumPy's layout: 53-bit draws for
// float64, 23-bit for float32 (the same fields).
inline constexpr double kZigExpR = 7.6971174701310497;  // where the tail starts
const Ziggurat& exp_ziggurat();

}  // namespace sv::random
