// The C library's log and pow as NumPy's distributions call them: natively the system's (glibc:
// NumPy's own), in WebAssembly musl's current ones (the Arm routines glibc uses too) compiled into
// the random family under their own names (CMakeLists.txt: em++'s size-optimised C library has
// fdlibm's, which round 1 result in 14 apart). Everything else is std's in both.
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

}  // namespace sv::random
