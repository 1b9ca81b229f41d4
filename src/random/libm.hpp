// The C library's log and pow as NumPy's distributions call them: natively the system's (glibc:
// NumPy's own), in WebAssembly musl's current ones (the Arm routines glibc uses too) compiled into
// the random family under their own names (CMakeLists.txt: em++'s size-optimised C library has
// fdlibm's, which round 1 result in 14 apart). Everything else is std's in both, but for NumPy's
// own float32 log1p.
#pragma once
#include <cmath>

#if defined(__EMSCRIPTEN__)
extern "C" double sv_musl_log(double);
extern "C" double sv_musl_pow(double, double);
#endif

namespace sv::random {

inline double np_log(double x) {
#if defined(__EMSCRIPTEN__)
  return sv_musl_log(x);
#else
  return std::log(x);
#endif
}

inline double np_pow(double x, double y) {
#if defined(__EMSCRIPTEN__)
  return sv_musl_pow(x, y);
#else
  return std::pow(x, y);
#endif
}

// NumPy 1.24's npy_log1pf is log1p in double, rounded to float (not the C library's log1pf: glibc's
// rounds 7% of float32 standard_exponential(method='inv') draws apart from NumPy's).
inline float np_log1pf(float x) { return static_cast<float>(std::log1p(static_cast<double>(x))); }

}  // namespace sv::random
