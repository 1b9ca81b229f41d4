// float64 pow of the vector math library (kernels/vmath_pow.hpp: log and exp through tables), as
// vmath::pow_f64 (array exponent) and vmath::pow_scalar_f64 (one exponent that is not a small
// integer or 1/2):
//  - natively (x86, 80-bit long double): the scalar build against powl over dense random sweeps
//    (x over every binade with y keeping the result in range, x near 1 with huge y, results near
//    overflow and in the subnormal range, subnormal x, moderate x and y, scalar exponents), max ulp
//    below 1;
//  - everywhere: NumPy's (C99's) special values over a grid of special and ordinary operands,
//    compared with the C library's pow, and exact results at the ends of the range;
//  - the SIMD build (under -msimd128) equals the scalar build bit for bit over random bit patterns,
//    tails of every length and in place; pow_scalar_f64 equals pow_f64 with that exponent.
// SV_VMATH_DEEP=1 makes the sweeps 10x longer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/vmath.hpp"
#include "kernels/vmath_pow.hpp"
#include "vmath_test_util.hpp"

namespace vm = sv::kernels::vmath;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kDenormMin = std::numeric_limits<double>::denorm_min();

using sv_vmath_test::hex;
using sv_vmath_test::same_value;

double from_bits(uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// Points per sweep (vmath_sweeps.hpp): the unoptimised sanitizer build runs 3% of them.
double sweep_scale() { return sv_vmath_test::sweep_scale(0.03); }

// pow through the vector library: array exponent, both builds.
void pow_both(std::vector<double>& simd, std::vector<double>& scalar, const std::vector<double>& x,
              const std::vector<double>& y) {
  const int64_t n = static_cast<int64_t>(x.size());
  simd.assign(x.size(), 0);
  scalar.assign(x.size(), 0);
  vm::pow_f64(simd.data(), x.data(), y.data(), n);
  vm::scalar_build::pow_f64(scalar.data(), x.data(), y.data(), n);
}

// One random (x, y) pair of kind 0..5 (see the file comment).
void push_pair(std::mt19937_64& rng, int kind, std::vector<double>& xs, std::vector<double>& ys) {
  std::uniform_real_distribution<double> u01(0, 1);
  double x = 1, y = 0;
  switch (kind) {
    case 0: {  // x uniform in bit pattern over (0, max], y with |y log x| <= 709
      x = from_bits(1 + rng() % 0x7fefffffffffffffULL);
      const double l = std::fabs(std::log(x));
      y = (u01(rng) * 2 - 1) * (l > 0 ? std::min(709.0 / l, 1e6) : 1e6);
      break;
    }
    case 1: {  // x within 2^-1..2^-53 of 1, |y log x| up to 740 (y up to 2^62)
      x = 1 + (u01(rng) * 2 - 1) * std::ldexp(1.0, -1 - static_cast<int>(rng() % 53));
      const double l = std::fabs(std::log(x));
      y = (u01(rng) * 2 - 1) * std::min(740.0 / std::max(l, 1e-300), 0x1p62);
      break;
    }
    case 2: {  // y log x within [700, 750] or [-750, -700]: overflow, near-overflow, subnormal results
      do x = 0.5 + u01(rng) * 10;
      while (x == 1);
      y = (rng() % 2 ? 1 : -1) * (700 + 50 * u01(rng)) / std::log(x);
      break;
    }
    case 3:  // moderate
      x = u01(rng) * 100;
      y = (u01(rng) * 2 - 1) * 20;
      break;
    case 4:  // subnormal x, y near +-1 (results from the subnormal range up to 2^-1022 and above)
      x = from_bits(1 + rng() % 0x000fffffffffffffULL);
      y = (u01(rng) * 2 - 1) * 1.05;
      break;
    default:  // negative x and integer y (sign of odd powers)
      x = -u01(rng) * 30;
      y = std::floor((u01(rng) * 2 - 1) * 200);
      break;
  }
  xs.push_back(x);
  ys.push_back(y);
}

}  // namespace

#if defined(__x86_64__) || defined(__i386__)
namespace {
// |y - ref| in units of the float64 spacing at |ref| (subnormal spacing below 2^-1022); results
// that round to +-inf count as exact when |ref| reaches the overflow threshold.
double ulp_error(double y, long double ref) {
  constexpr double bad = 1e9;
  if (std::isnan(ref)) return std::isnan(y) ? 0 : bad;
  if (std::isnan(y)) return bad;
  const long double aref = fabsl(ref);
  if (std::isinf(y) || std::isinf(ref)) {
    const long double thr = static_cast<long double>(kMax) + ldexpl(1.0L, 970);
    return aref >= thr && std::signbit(y) == std::signbit(ref) && std::isinf(y) ? 0 : bad;
  }
  int e = 0;
  frexpl(aref, &e);  // aref in [2^(e-1), 2^e)
  const int lead = std::max(e - 1, -1022);
  return static_cast<double>(fabsl(static_cast<long double>(y) - ref) / ldexpl(1.0L, lead - 52));
}

struct Worst {
  double ulp = 0, x = 0, y = 0;
  int64_t points = 0;
  void add(double u, double px, double py) {
    ++points;
    if (u > ulp) {
      ulp = u;
      x = px;
      y = py;
    }
  }
};
}  // namespace

TEST_CASE("vmath pow: float64 within 1 ulp of a long double reference", "[vmath][pow]") {
  const int64_t per_kind = static_cast<int64_t>(1'000'000 * sweep_scale());
  const char* names[] = {"x any, y in range", "x near 1, huge y", "overflow/subnormal results",
                         "moderate", "subnormal x", "negative x, integer y"};
  std::printf("vmath float64 pow max ulp (scalar build, powl reference)\n");
  Worst all;
  for (int kind = 0; kind < 6; ++kind) {
    std::mt19937_64 rng(1900 + kind);
    std::vector<double> xs, ys, out;
    while (static_cast<int64_t>(xs.size()) < per_kind) push_pair(rng, kind, xs, ys);
    out.resize(xs.size());
    vm::scalar_build::pow_f64(out.data(), xs.data(), ys.data(), static_cast<int64_t>(xs.size()));
    Worst w;
    for (size_t i = 0; i < xs.size(); ++i) {
      w.add(ulp_error(out[i], powl(xs[i], ys[i])), xs[i], ys[i]);
    }
    std::printf("  %-28s %.4f ulp at pow(%.17g, %.17g) over %lld pairs\n", names[kind], w.ulp, w.x,
                w.y, static_cast<long long>(w.points));
    INFO(names[kind] << ": " << w.ulp << " ulp at pow(" << w.x << ", " << w.y << ")");
    CHECK(w.ulp < 1.0);
    all.add(w.ulp, w.x, w.y);
  }
  // One exponent for the whole array (pow_scalar_f64's general path), x over every binade.
  Worst ws;
  std::vector<double> xs;
  const int64_t nx = static_cast<int64_t>(200'000 * sweep_scale());
  std::mt19937_64 rng(1950);
  for (int64_t i = 0; i < nx; ++i) xs.push_back(from_bits(1 + rng() % 0x7fefffffffffffffULL));
  std::vector<double> out(xs.size());
  for (double y : {2.5, -1.5, 1.0 / 3, 0.1, -0.75, 1e-3, 17.25, -4.5, 5.0, -7.0, 0.5000001}) {
    vm::scalar_build::pow_scalar_f64(out.data(), xs.data(), nx, y);
    for (int64_t i = 0; i < nx; ++i) ws.add(ulp_error(out[i], powl(xs[i], y)), xs[i], y);
  }
  std::printf("  %-28s %.4f ulp at pow(%.17g, %.17g) over %lld pairs\n", "scalar exponent", ws.ulp,
              ws.x, ws.y, static_cast<long long>(ws.points));
  INFO("scalar exponent: " << ws.ulp << " ulp at pow(" << ws.x << ", " << ws.y << ")");
  CHECK(ws.ulp < 1.0);
}
#endif

TEST_CASE("vmath pow: float64 special values are C99's (NumPy's)", "[vmath][pow]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double xs[] = {0,    -0.0, kInf, -kInf, nan,  1,    -1,   0.5,  -0.5,
                       2,    -2,   3,    -3,    10,   1e-3, kMax, -kMax, kDenormMin,
                       -kDenormMin, 0x1p-1022, 1 + 0x1p-52, 1 - 0x1p-53, 0.999, 1.001};
  const double ys[] = {0,     -0.0, kInf, -kInf, nan,   1,     -1,    2,     -2,    3,    -3,
                       0.5,   -0.5, 2.5,  -2.5,  1e300, -1e300, 0x1p60, -0x1p60, 0x1p53 - 1,
                       -(0x1p53 - 1), 1025, -1075, 0x1p-60, 1.0 / 3};
  int checked = 0;
  for (double x : xs) {
    for (double y : ys) {
      double got[3];
      vm::pow_f64(&got[0], &x, &y, 1);
      vm::scalar_build::pow_f64(&got[1], &x, &y, 1);
      vm::pow_scalar_f64(&got[2], &x, 1, y);
      const double want = std::pow(x, y);
      for (int k = 0; k < 3; ++k) {
        INFO("pow(" << hex(x) << ", " << hex(y) << ") = " << hex(got[k]) << ", C library "
                    << hex(want) << " (path " << k << ")");
        // special operands and NaN / inf results: exactly; ordinary results: the same sign and
        // within an ulp (the two round differently), or a subnormal spacing
        const bool exact_case = !std::isfinite(x) || !std::isfinite(y) || x == 0 || y == 0 ||
                                std::fabs(x) == 1 || !std::isfinite(want) || !std::isfinite(got[k]);
        if (exact_case) {
          CHECK(same_value(got[k], want));
        } else {
          CHECK(std::signbit(got[k]) == std::signbit(want));
          CHECK(std::fabs(got[k] - want) <= std::max(std::fabs(want) * 0x1p-52, kDenormMin));
        }
      }
      ++checked;
    }
  }
  CHECK(checked == static_cast<int>(std::size(xs) * std::size(ys)));
}

TEST_CASE("vmath pow: float64 exact results at the ends of the range", "[vmath][pow]") {
  struct Case {
    double x, y, want;
  };
  const Case cases[] = {
      {2, -1074, kDenormMin},           {2, -1075, 0},  // a tie: rounds to even (0)
      {2, -1074.5, kDenormMin},         {0.5, 1074, kDenormMin},
      {2, -1022, 0x1p-1022},            {2, -1023, 0x1p-1023},
      {4, -537, 0x1p-1074},             {2, 1023, 0x1p1023},
      {2, 1024, kInf},                  {-2, 1025, -kInf},
      {-2, -1075, -0.0},                {-2, -1073, -0x1p-1073},
      {0x1p-1074, 1, kDenormMin},       {0x1p-1074, -0.5, 0x1p537},
      {1 + 0x1p-52, 0x1p62, kInf},      {1 - 0x1p-53, 0x1p64, 0},
      {10, 308, 1e308},                 {10, -300, 1e-300},
      {9, 0.5, 3},                      {27, 1.0 / 3, 3},
      {1.5, 2, 2.25},                   {0.25, -1.5, 8},
      {kMax, 1, kMax},                  {kMax, -1, 0x1p-1024},
  };
  for (const Case& c : cases) {
    double got[3];
    vm::pow_f64(&got[0], &c.x, &c.y, 1);
    vm::scalar_build::pow_f64(&got[1], &c.x, &c.y, 1);
    vm::pow_scalar_f64(&got[2], &c.x, 1, c.y);
    for (int k = 0; k < 3; ++k) {
      INFO("pow(" << hex(c.x) << ", " << hex(c.y) << ") = " << hex(got[k]) << ", want "
                  << hex(c.want) << " (path " << k << ")");
      CHECK(same_value(got[k], c.want));
    }
  }
}

TEST_CASE("vmath pow: float64 SIMD build equals the scalar build", "[vmath][pow]") {
  std::mt19937_64 rng(1960);
  const int64_t n = static_cast<int64_t>(400'000 * std::max(sweep_scale(), 0.1));
  std::vector<double> xs, ys;
  for (int64_t i = 0; i < n; ++i) {
    const int kind = static_cast<int>(i % 8);
    if (kind < 6) {
      push_pair(rng, kind, xs, ys);
    } else if (kind == 6) {  // random bit patterns: NaN payloads, infinities, negative, subnormal
      xs.push_back(from_bits(rng()));
      ys.push_back(from_bits(rng()));
    } else {  // mixed lanes: one ordinary and one special operand side by side
      const double sp[] = {0, -0.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN(), 1, -1};
      xs.push_back(rng() % 2 ? sp[rng() % 7] : 1.5);
      ys.push_back(rng() % 2 ? sp[rng() % 7] : -2.5);
    }
  }
  std::vector<double> simd, scalar;
  pow_both(simd, scalar, xs, ys);
  int64_t diff = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (!same_value(simd[i], scalar[i])) {
      if (diff++ < 5) {
        std::printf("pow(%a, %a): simd %a, scalar %a\n", xs[i], ys[i], simd[i], scalar[i]);
      }
    }
  }
  CHECK(diff == 0);
  // One exponent: the same values as the array path with that exponent in every element.
  for (double y : {2.5, -0.3, 1e-9, -1e5}) {
    std::vector<double> yv(xs.size(), y), a, b, c(xs.size()), d(xs.size());
    pow_both(a, b, xs, yv);
    vm::pow_scalar_f64(c.data(), xs.data(), n, y);
    vm::scalar_build::pow_scalar_f64(d.data(), xs.data(), n, y);
    int64_t bad = 0;
    for (int64_t i = 0; i < n; ++i) {
      bad += !same_value(a[i], c[i]) || !same_value(b[i], d[i]) || !same_value(a[i], b[i]);
    }
    INFO("exponent " << y);
    CHECK(bad == 0);
  }
}

TEST_CASE("vmath pow: float64 tails and in place", "[vmath][pow]") {
  const double sentinel = -12345.5;
  const double src_x[] = {0.3, 1.7, 2.5, 0.01, -2.0, 7.25, 1e-3, 3.0, 1e300, 0.9, 5e-324};
  const double src_y[] = {2.5, -1.5, 0.25, 3.0, 3.0, -0.5, 100.0, 1.0 / 3, 2.0, -7.5, 0.5};
  for (int64_t n = 0; n <= 11; ++n) {
    for (int build = 0; build < 2; ++build) {
      auto run = build ? &vm::scalar_build::pow_f64 : &vm::pow_f64;
      std::vector<double> x(src_x, src_x + n), y(src_y, src_y + n), out(n + 3, sentinel);
      std::vector<double> inplace(x);
      inplace.resize(n + 3, sentinel);
      run(out.data(), x.data(), y.data(), n);
      run(inplace.data(), inplace.data(), y.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        double one;
        run(&one, &x[i], &y[i], 1);
        INFO("n=" << n << " i=" << i << " build " << build);
        CHECK(same_value(out[i], one));
        CHECK(same_value(inplace[i], one));
      }
      for (int64_t i = n; i < n + 3; ++i) {
        INFO("n=" << n << " wrote past the end at " << i);
        CHECK(same_value(out[i], sentinel));
        CHECK(same_value(inplace[i], sentinel));
      }
    }
  }
}

// The tables of kernels/vmath_pow.hpp recomputed in long double: log c_j = -log(invc_j) as hi + lo,
// hi the nearest double, hi + lo within 2^-62 relative; 2^(j/64) = t (1 + tail) likewise. invc_j
// is a multiple of 2^-11, and 1 exactly for the interval around 1. The tight checks run where
// logl / exp2l are more precise than double (x86's 80-bit libm); Emscripten's 128-bit long double
// functions compute in double, so there hi is only checked to within an ulp.
TEST_CASE("vmath pow: the log and exp tables match a long double recomputation", "[vmath][pow]") {
  using sv::kernels::vmath::detail::kPowExpTable;
  using sv::kernels::vmath::detail::kPowLogTable;
  const long double ln2 = 0.693147180559945309417232121458176568L;
  const long double r2 = exp2l(0.5L);
  const bool wide = std::numeric_limits<long double>::digits >= 64 &&
                    fabsl(logl(2.0L) - ln2) <= ldexpl(1.0L, -62) &&
                    fabsl(r2 * r2 - 2) <= ldexpl(1.0L, -60);
#if defined(__x86_64__) || defined(__i386__)
  REQUIRE(wide);  // glibc's 80-bit logl / exp2l: the tight checks run natively
#endif
  int ones = 0;
  for (int j = 0; j < 64; ++j) {
    const auto& e = kPowLogTable[j];
    INFO("log table entry " << j);
    const double invc = static_cast<double>(e.invc);
    CHECK(std::ldexp(invc, 11) == std::floor(std::ldexp(invc, 11)));
    if (invc == 1.0) ++ones;
    const long double want = -logl(static_cast<long double>(invc));
    const long double got =
        static_cast<long double>(e.logc_hi) + static_cast<long double>(e.logc_lo);
    if (want == 0) {
      CHECK(e.logc_hi == 0.0);
      CHECK(e.logc_lo == 0.0f);
      continue;
    }
    if (wide) {
      CHECK(fabsl(got - want) <= ldexpl(fabsl(want), -62));
      CHECK(fabsl(static_cast<long double>(e.logc_hi) - want) <=
            ldexpl(std::fabs(e.logc_hi), -53) * 1.001L);
    } else {
      CHECK(fabsl(static_cast<long double>(e.logc_hi) - want) <=
            ldexpl(std::fabs(e.logc_hi), -51));
    }
  }
  CHECK(ones == 1);
  for (int j = 0; j < 64; ++j) {
    const auto& e = kPowExpTable[j];
    INFO("exp table entry " << j);
    const long double want = exp2l(static_cast<long double>(j) / 64);
    const long double got =
        static_cast<long double>(e.t) * (1 + static_cast<long double>(e.tail));
    if (wide) {
      CHECK(fabsl(got - want) <= ldexpl(want, -62));
      CHECK(fabsl(static_cast<long double>(e.t) - want) <= ldexpl(e.t, -53) * 1.001L);
    } else {
      CHECK(fabsl(static_cast<long double>(e.t) - want) <= ldexpl(e.t, -51));
    }
  }
}
