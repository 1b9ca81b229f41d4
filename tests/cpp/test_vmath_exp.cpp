// The vector math library's block fast paths (kernels/vmath_log_loop.hpp checked_unary_loop) for
// float64 expm1, and float32 tan's odd quadrants (-1 / tan(r) without a Dekker product):
//  - expm1: arrays whose 256-element blocks are ordinary except for one lane at a block's first,
//    second, middle or last position (each side of the fast path's range, specials, subnormals),
//    in place and not, of lengths that cut the last block: equal bit for bit to the scalar build
//    called one element at a time;
//  - tan float32: near odd multiples of pi/2 (the quadrants that take -1 / tan(r)), within 2 ulp of
//    a long double reference (x87 hosts), and the SIMD build equal to the scalar build.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/vmath.hpp"

namespace vm = sv::kernels::vmath;

namespace {

template <class T>
bool same_bits(T a, T b) {
  if (std::isnan(a) && std::isnan(b)) return true;  // NaN payloads are the engine's
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace

TEST_CASE("vmath expm1 float64: one unusual lane in an ordinary block", "[vmath][vmath_exp]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // each side of the fast path's range 2^-54 <= |x| <= 40 (and of the clamp at -40 / 710)
  const double unusual[] = {0x1p-54,  std::nextafter(0x1p-54, 0.0), -0x1p-54, -std::nextafter(0x1p-54, 0.0),
                            40.0,     std::nextafter(40.0, inf),     -40.0,    -std::nextafter(40.0, inf),
                            0.0,      -0.0,                          4.9e-324, -1e-310,
                            709.7,    710.0,                         1000.0,   -1000.0,
                            inf,      -inf,                          nan,      -745.2};
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> ordinary(-39.0, 39.0);
  for (const int64_t n : {int64_t{256}, int64_t{515}, int64_t{1024}, int64_t{1031}}) {
    for (const int64_t pos : {int64_t{0}, int64_t{1}, int64_t{129}, int64_t{255}, int64_t{256}, n - 1}) {
      if (pos >= n) continue;
      for (const double u : unusual) {
        std::vector<double> x(n);
        for (double& v : x) v = ordinary(rng);
        x[pos] = u;
        std::vector<double> got(n), want(n), inplace = x;
        vm::expm1_f64(got.data(), x.data(), n);
        vm::expm1_f64(inplace.data(), inplace.data(), n);
        for (int64_t i = 0; i < n; ++i) vm::scalar_build::expm1_f64(&want[i], &x[i], 1);
        for (int64_t i = 0; i < n; ++i) {
          INFO("n " << n << ", lane " << i << ", unusual lane " << pos << ", x = " << x[i]);
          REQUIRE(same_bits(got[i], want[i]));
          REQUIRE(same_bits(inplace[i], want[i]));
        }
      }
    }
  }
  // the unusual values' own results (NumPy's): x itself below 2^-54, -0 kept, -1 and inf at the ends
  double y[6];
  const double x6[6] = {0x1p-60, -0.0, -inf, inf, 710.0, -40.0};
  vm::expm1_f64(y, x6, 6);
  CHECK(y[0] == 0x1p-60);
  CHECK((y[1] == 0.0 && std::signbit(y[1])));
  CHECK(y[2] == -1.0);
  CHECK(y[3] == inf);
  CHECK(y[4] == inf);
  CHECK(y[5] == -1.0);
}

TEST_CASE("vmath tan float32: odd quadrants within 2 ulp, SIMD equal to scalar", "[vmath][vmath_exp]") {
  // x = k pi/2 + d for odd k up to 3911 (the short reduction's range, |x| <= 6144) and relative
  // offsets d from 2^-20 to 0.78 (tan(x) = -1 / tan(d) from about 1.3 to 10^6), both signs
  std::vector<float> xs;
  for (int k = 1; k <= 3911; k += 2) {
    for (int j = 0; j < 40; ++j) {
      const double d = std::ldexp(1.0, -20) * std::pow(2.0, j * 19.6 / 39);
      for (const double s : {1.0, -1.0}) {
        xs.push_back(static_cast<float>(k * 1.5707963267948966 + s * d));
        xs.push_back(-static_cast<float>(k * 1.5707963267948966 + s * d));
      }
    }
  }
  const int64_t n = static_cast<int64_t>(xs.size());
  std::vector<float> got(n), want(n);
  vm::tan_f32(got.data(), xs.data(), n);
  vm::scalar_build::tan_f32(want.data(), xs.data(), n);
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    INFO("tan(" << xs[i] << ")");
    REQUIRE(same_bits(got[i], want[i]));
#if defined(__x86_64__) || defined(__i386__)
    const long double ref = tanl(static_cast<long double>(xs[i]));
    const long double spacing = ldexpl(1.0L, ilogbl(ref) - 23);  // every |ref| here is a normal float
    const double u = static_cast<double>(fabsl(static_cast<long double>(got[i]) - ref) / spacing);
    worst = u > worst ? u : worst;
    REQUIRE(u <= 2.0);
#endif
  }
#if defined(__x86_64__) || defined(__i386__)
  std::printf("vmath float32 tan near odd multiples of pi/2: max %.3f ulp over %lld points\n", worst,
              static_cast<long long>(n));
#else
  (void)worst;
#endif
}
