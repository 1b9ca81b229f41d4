// float64 sin, cos and tan of the vector math library (kernels/vmath_trig.hpp: a table of
// sin / cos at multiples of pi/32, a short Cody-Waite reduction with a per-lane switch to the
// accurate one) and float64 tanh (kernels/vmath_trig_tanh.hpp: an odd polynomial below 0.5625, a
// table-driven e^(2|x|) above):
//  - natively (x86, 80-bit long double): within 2 ulp of a long double reference over every
//    binade, the reduction limits, large arguments through Payne-Hanek, multiples of pi/32 and
//    pi/2 and their neighbours, and random values; tanh around its switch at 0.5625 and its
//    clamp at 20 (the max ulp per op is printed);
//  - everywhere: NumPy's special values, every length 0..9, in place, blocks with rare lanes at
//    every position; under WebAssembly SIMD128 the SIMD build equals the scalar build bit for bit.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/vmath.hpp"
#include "vmath_test_util.hpp"

namespace vm = sv::kernels::vmath;

namespace {

using Fn64 = void (*)(double*, const double*, int64_t);

struct TrigOp {
  const char* name;
  Fn64 f, s;  // dispatching build, scalar build
  long double (*ref)(long double);
};
long double ref_sin(long double x) { return sinl(x); }
long double ref_cos(long double x) { return cosl(x); }
long double ref_tan(long double x) { return tanl(x); }
const TrigOp kOps[] = {{"sin", vm::sin_f64, vm::scalar_build::sin_f64, ref_sin},
                       {"cos", vm::cos_f64, vm::scalar_build::cos_f64, ref_cos},
                       {"tan", vm::tan_f64, vm::scalar_build::tan_f64, ref_tan}};

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();

// The point counts below (vmath_sweeps.hpp): the unoptimised sanitizer build runs a twentieth.
int64_t scaled(int64_t n) { return sv_vmath_test::scaled(static_cast<double>(n), 0.05); }

bool same_bits(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// count values evenly spaced in bit pattern over [lo, hi] (0 < lo < hi): every binade alike.
void append_binades(std::vector<double>& xs, double lo, double hi, int64_t count, bool both_signs) {
  uint64_t a, b;
  std::memcpy(&a, &lo, 8);
  std::memcpy(&b, &hi, 8);
  for (int64_t i = 0; i < count; ++i) {
    const uint64_t u = a + static_cast<uint64_t>((b - a) / static_cast<double>(count) * i);
    double x;
    std::memcpy(&x, &u, 8);
    xs.push_back(both_signs && (i & 1) ? -x : x);
  }
}
// steps values on each side of c (nextafter), c included.
void append_around(std::vector<double>& xs, double c, int steps) {
  double x = c;
  for (int i = 0; i < steps; ++i) x = std::nextafter(x, -kInf);
  for (int i = 0; i < 2 * steps + 1; ++i) {
    xs.push_back(x);
    x = std::nextafter(x, kInf);
  }
}

// The sweep: every binade, [-10, 10], the reduction limits (the short path keeps |x| below
// about 51472 = 2^20 pi/64; the accurate reduction switches to Payne-Hanek at 2^20), large
// arguments, multiples of pi/32 and pi/2 with their neighbours (the short path hands x within
// 2^-20 |x| of a multiple of pi/32 to the accurate reduction), random values and bit patterns.
std::vector<double> trig_points() {
  std::vector<double> xs;
  std::mt19937_64 rng(31);
  append_binades(xs, 0x1p-1074, kMax, scaled(400'000), true);
  std::uniform_real_distribution<double> u10(-10, 10), u1e5(-1e5, 1e5), ulim(40000, 60000),
      ubig(1e6, 1e9);
  for (int64_t i = 0; i < scaled(400'000); ++i) xs.push_back(u10(rng));
  for (int64_t i = 0; i < scaled(200'000); ++i) xs.push_back(u1e5(rng));
  for (int64_t i = 0; i < scaled(100'000); ++i) xs.push_back((i & 1 ? -1 : 1) * ulim(rng));
  for (int64_t i = 0; i < scaled(100'000); ++i) xs.push_back((i & 1 ? -1 : 1) * ubig(rng));
  append_binades(xs, 1e6, 1e300, scaled(100'000), true);
  append_binades(xs, 0x1p19, 0x1p21, scaled(50'000), true);  // around 2^20
  for (double lim : {51471.0, 51472.0, 51473.0, 1048576.0}) {
    append_around(xs, lim, 200);
    append_around(xs, -lim, 200);
  }
  const long double pi = 3.141592653589793238462643383279502884L;
  const int steps = sv_vmath_test::sweep_scale(0.05) < 1 ? 4 : 20;
  // multiples of pi/32: all below 2000, around the short path's limit and random ones up to 2^23
  for (int64_t k = 1; k < 2000; ++k) append_around(xs, static_cast<double>(k * pi / 32), steps);
  for (int64_t k = 524000; k < 524400; k += 7) append_around(xs, static_cast<double>(k * pi / 32), steps);
  for (int64_t i = 0; i < scaled(20'000); ++i) {
    const int64_t k = 1 + static_cast<int64_t>(rng() % (1u << 23));
    append_around(xs, static_cast<double>((i & 1 ? -1 : 1) * k * pi / 32), 2);
  }
  // multiples of pi/2 beyond the short path: the accurate reduction's own cancellation limit
  for (int64_t i = 0; i < scaled(20'000); ++i) {
    const int64_t k = 1 + static_cast<int64_t>(rng() % 2'000'000);
    append_around(xs, static_cast<double>(k * pi / 2), 2);
  }
  // the closest double to a multiple of pi/2 below 2^1024 (6381956970095103 2^797) and its
  // neighbours, and tiny values
  append_around(xs, std::ldexp(6381956970095103.0, 797), 5);
  append_binades(xs, 0x1p-1074, 0x1p-500, scaled(10'000), true);
  for (int64_t i = 0; i < scaled(200'000); ++i) {
    const uint64_t b = rng();
    double x;
    std::memcpy(&x, &b, 8);
    if (std::isfinite(x)) xs.push_back(x);
  }
  return xs;
}

long double ulp_of(long double ref) {
  int e;
  frexpl(fabsl(ref), &e);  // |ref| in [2^(e-1), 2^e)
  return ldexpl(1.0L, std::max(e - 1, -1022) - 52);
}

}  // namespace

TEST_CASE("vmath trig: float64 special values", "[vmath]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double tiny = 0x1p-600, sub = 0x1p-1070;
  struct Case {
    double x, sin, cos, tan;
  };
  const Case cases[] = {
      {0.0, 0.0, 1.0, 0.0},       {-0.0, -0.0, 1.0, -0.0},       {kInf, nan, nan, nan},
      {-kInf, nan, nan, nan},     {nan, nan, nan, nan},          {tiny, tiny, 1.0, tiny},
      {-tiny, -tiny, 1.0, -tiny}, {sub, sub, 1.0, sub},          {-sub, -sub, 1.0, -sub},
  };
  for (const Case& c : cases) {
    const double want[] = {c.sin, c.cos, c.tan};
    for (int k = 0; k < 3; ++k) {
      // each value alone and next to ordinary values (lane 0, 1 and the tail)
      for (int pos = 0; pos < 5; ++pos) {
        double in[5] = {0.5, 1.5, 2.5, 3.5, 4.5}, out[5], outs[5];
        in[pos] = c.x;
        kOps[k].f(out, in, 5);
        kOps[k].s(outs, in, 5);
        INFO(kOps[k].name << "(" << c.x << ") at " << pos);
        CHECK(same_bits(out[pos], want[k]));
        CHECK(same_bits(outs[pos], want[k]));
      }
    }
  }
  // huge finite values stay finite and within [-1, 1] for sin / cos
  const double huge[] = {kMax, -kMax, 1e308, 0x1p1000, 1.76e307, 1e200};
  for (double x : huge) {
    double s, c;
    vm::sin_f64(&s, &x, 1);
    vm::cos_f64(&c, &x, 1);
    INFO(x);
    CHECK(std::isfinite(s));
    CHECK(std::fabs(s) <= 1.0);
    CHECK(std::isfinite(c));
    CHECK(std::fabs(c) <= 1.0);
  }
}

TEST_CASE("vmath trig: float64 lengths, in place and rare lanes in every position", "[vmath]") {
  std::mt19937_64 rng(5);
  const double rare[] = {0.0, -0.0, 1e6, -3e9, 1e300, kInf, -kInf,
                         std::numeric_limits<double>::quiet_NaN(), 0x1p-700,
                         // within 2^-20 |x| of a multiple of pi/32 (7 pi/32)
                         0.6872233929727672, 3.141592653589793};
  for (const TrigOp& op : kOps) {
    for (int64_t n : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 256, 257, 1000}) {
      std::vector<double> in(static_cast<size_t>(n));
      std::uniform_real_distribution<double> u(-20, 20);
      for (double& v : in) v = u(rng);
      for (int64_t i = 0; i < n; ++i) {
        if (rng() % 13 == 0) in[static_cast<size_t>(i)] = rare[rng() % std::size(rare)];
      }
      // one element per call: the reference for the batched calls
      std::vector<double> one(static_cast<size_t>(n)), out(static_cast<size_t>(n) + 1, 7.0);
      for (int64_t i = 0; i < n; ++i) op.f(&one[static_cast<size_t>(i)], &in[static_cast<size_t>(i)], 1);
      op.f(out.data(), in.data(), n);
      std::vector<double> inplace = in;
      op.f(inplace.data(), inplace.data(), n);
      int64_t diff = 0, diff_inplace = 0;
      for (int64_t i = 0; i < n; ++i) {
        diff += !same_bits(out[static_cast<size_t>(i)], one[static_cast<size_t>(i)]);
        diff_inplace += !same_bits(inplace[static_cast<size_t>(i)], one[static_cast<size_t>(i)]);
      }
      INFO(op.name << " n = " << n);
      CHECK(diff == 0);
      CHECK(diff_inplace == 0);
      CHECK(out[static_cast<size_t>(n)] == 7.0);  // nothing written past the end
    }
  }
}

TEST_CASE("vmath trig: float64 SIMD build equals the scalar build", "[vmath]") {
  std::vector<double> xs = trig_points();
  std::mt19937_64 rng(9);
  std::shuffle(xs.begin(), xs.end(), rng);
  std::vector<double> a(xs.size()), b(xs.size());
  for (const TrigOp& op : kOps) {
    op.f(a.data(), xs.data(), static_cast<int64_t>(xs.size()));
    op.s(b.data(), xs.data(), static_cast<int64_t>(xs.size()));
    int64_t diff = 0;
    for (size_t i = 0; i < xs.size(); ++i) diff += !same_bits(a[i], b[i]);
    INFO(op.name << " on " << xs.size() << " values (SIMD build: " << vm::simd_build() << ")");
    CHECK(diff == 0);
  }
}

#if defined(__x86_64__) || defined(__i386__)
TEST_CASE("vmath trig: float64 within 2 ulp of a long double reference", "[vmath]") {
  const std::vector<double> xs = trig_points();
  std::vector<double> out(xs.size());
  for (const TrigOp& op : kOps) {
    op.s(out.data(), xs.data(), static_cast<int64_t>(xs.size()));
    double worst = 0, wx = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const long double ref = op.ref(xs[i]);
      const double e = static_cast<double>(fabsl(out[i] - ref) / ulp_of(ref));
      if (e > worst) {
        worst = e;
        wx = xs[i];
      }
    }
    std::printf("vmath trig %s float64: max %.3f ulp at %.17g over %zu points\n", op.name, worst, wx,
                xs.size());
    INFO(op.name << " max ulp " << worst << " at " << wx);
    CHECK(worst <= 2.0);
  }
}
#endif

namespace {
std::vector<double> tanh_points() {
  std::vector<double> xs;
  std::mt19937_64 rng(41);
  append_binades(xs, 0x1p-1074, kMax, scaled(300'000), true);
  std::uniform_real_distribution<double> u20(-20, 20), usw(0.55, 0.575), uclamp(18, 22);
  for (int64_t i = 0; i < scaled(500'000); ++i) xs.push_back(u20(rng));
  for (int64_t i = 0; i < scaled(300'000); ++i) xs.push_back((i & 1 ? -1 : 1) * usw(rng));
  for (int64_t i = 0; i < scaled(100'000); ++i) xs.push_back((i & 1 ? -1 : 1) * uclamp(rng));
  for (double c : {0.5625, 20.0, 19.0, 1.0}) {
    append_around(xs, c, 2000);
    append_around(xs, -c, 2000);
  }
  append_binades(xs, 1e-6, 2.0, scaled(200'000), true);
  return xs;
}
}  // namespace

TEST_CASE("vmath tanh: float64 special values, tails and SIMD = scalar", "[vmath]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double in[] = {0.0, -0.0, kInf, -kInf, nan, 0x1p-600, -0x1p-1074, 25.0, -1e300, kMax};
  const double want[] = {0.0, -0.0, 1.0, -1.0, nan, 0x1p-600, -0x1p-1074, 1.0, -1.0, 1.0};
  for (size_t i = 0; i < std::size(in); ++i) {
    for (int pos = 0; pos < 5; ++pos) {
      double x[5] = {0.25, 0.75, 1.5, 3.0, -0.6}, y[5], ys[5];
      x[pos] = in[i];
      vm::tanh_f64(y, x, 5);
      vm::scalar_build::tanh_f64(ys, x, 5);
      INFO("tanh(" << in[i] << ") at " << pos);
      CHECK(same_bits(y[pos], want[i]));
      CHECK(same_bits(ys[pos], want[i]));
    }
  }
  std::vector<double> xs = tanh_points();
  std::vector<double> a(xs.size()), b(xs.size());
  vm::tanh_f64(a.data(), xs.data(), static_cast<int64_t>(xs.size()));
  vm::scalar_build::tanh_f64(b.data(), xs.data(), static_cast<int64_t>(xs.size()));
  int64_t diff = 0;
  for (size_t i = 0; i < xs.size(); ++i) diff += !same_bits(a[i], b[i]);
  CHECK(diff == 0);
}

#if defined(__x86_64__) || defined(__i386__)
TEST_CASE("vmath tanh: float64 within 2 ulp of a long double reference", "[vmath]") {
  const std::vector<double> xs = tanh_points();
  std::vector<double> out(xs.size());
  vm::scalar_build::tanh_f64(out.data(), xs.data(), static_cast<int64_t>(xs.size()));
  double worst = 0, wx = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const long double ref = tanhl(xs[i]);
    const double e = static_cast<double>(fabsl(out[i] - ref) / ulp_of(ref));
    if (e > worst) {
      worst = e;
      wx = xs[i];
    }
  }
  std::printf("vmath tanh float64: max %.3f ulp at %.17g over %zu points\n", worst, wx, xs.size());
  INFO("tanh max ulp " << worst << " at " << wx);
  CHECK(worst <= 2.0);
}
#endif
