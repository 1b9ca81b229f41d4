// The C library functions NumPy's distributions call, as the random code calls them: natively the
// system's (glibc: NumPy's own), in WebAssembly musl's current log and pow compiled into the
// random family under their own names (CMakeLists.txt: em++'s size-optimised C library has older
// ones that round differently). Everything else is std's in both.
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
