// exp of a row of complex values through the vector math library (complex.cpp, the only includer,
// so the code stays in the 'complex' family): exp(x + iy) = e^x (cos y + i sin y), each of e^x,
// cos y and sin y computed for a block of up to 256 elements by vmath's float64 loops (SIMD128, or
// its scalar build with bit-identical results), then multiplied. complex64 computes in double and
// rounds once, as every complex64 function here. The special values (a part infinite or NaN, and
// y == 0, where e^x * sin y would turn an infinite e^x into NaN) take std::exp, C99's cexp rules.
// Every element of a row, contiguous or strided, takes the same path, so a value's result does not
// depend on its position.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>

#include "kernels/vmath.hpp"

namespace sv::kernels::cexp_rows {

// o[i * os] = exp(a[i * as]) for i < n (strides in elements of C; o may be a with the same strides).
template <class C>
void exp_row(C* o, int64_t os, const C* a, int64_t as, int64_t n) {
  using P = decltype(a->re);
  constexpr int64_t kBlock = 256;
  double x[kBlock], y[kBlock], e[kBlock], c[kBlock], s[kBlock];
  for (int64_t i0 = 0; i0 < n; i0 += kBlock) {
    const int64_t m = n - i0 < kBlock ? n - i0 : kBlock;
    for (int64_t k = 0; k < m; ++k) {
      x[k] = static_cast<double>(a[(i0 + k) * as].re);
      y[k] = static_cast<double>(a[(i0 + k) * as].im);
    }
    vmath::exp_f64(e, x, m);
    vmath::cos_f64(c, y, m);
    vmath::sin_f64(s, y, m);
    for (int64_t k = 0; k < m; ++k) {
      C& r = o[(i0 + k) * os];
      if (std::isfinite(x[k]) && std::isfinite(y[k]) && y[k] != 0) {
        r = C{static_cast<P>(e[k] * c[k]), static_cast<P>(e[k] * s[k])};
      } else {
        const std::complex<double> z = std::exp(std::complex<double>(x[k], y[k]));
        r = C{static_cast<P>(z.real()), static_cast<P>(z.imag())};
      }
    }
  }
}

}  // namespace sv::kernels::cexp_rows
