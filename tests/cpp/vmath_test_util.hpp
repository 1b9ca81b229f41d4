// Helpers shared by the vector math tests. Sweep sizes: the full point counts in an optimised
// build, a fraction of them in the unoptimised sanitizer build (scripts/build-native.sh runs the
// same code about 30x slower), ten times the full counts with SV_VMATH_DEEP=1 in the environment.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace sv_vmath_test {

// deep (10 with SV_VMATH_DEEP=1, else 1) times 1 in an optimised build or sanitizer_fraction.
inline double sweep_scale(double sanitizer_fraction) {
  const char* e = std::getenv("SV_VMATH_DEEP");
  const double deep = e && std::atoi(e) > 0 ? 10.0 : 1.0;
#if defined(__OPTIMIZE__)
  (void)sanitizer_fraction;
  return deep;
#else
  return deep * sanitizer_fraction;
#endif
}
// n points scaled, at least 1.
inline int64_t scaled(double n, double sanitizer_fraction) {
  return std::max<int64_t>(1, static_cast<int64_t>(n * sweep_scale(sanitizer_fraction)));
}

// Bitwise equality of two floats (+0 and -0 differ), any NaN equal to any NaN.
template <class T>
bool same_value(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}
// x as a hex float ("%a").
inline std::string hex(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

}  // namespace sv_vmath_test
