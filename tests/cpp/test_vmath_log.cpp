// The float64 log family of the vector math library (log, log2, log10, log1p: kernels/vmath.cpp runs
// them through checked_unary_loop, kernels/vmath_log_loop.hpp: blocks tested first, then the fast
// path, or the full path for a block with a special lane):
//  - natively (x86, 80-bit long double): the scalar build against logl / log2l / log10l / log1pl
//    over dense sweeps: every binade (subnormals included), near 1 at every scale, [0.5, 4)
//    densely, log1p near 0 and near -1, random bit patterns; max ulp per op printed and checked
//    against a bound well below the library's 2 ulp;
//  - everywhere: exact results (log2 of powers of two, log10 of powers of ten, log(1) = log1p(0) =
//    0), NumPy's special values, both builds within 1.5 ulp of the C library (itself within 1
//    ulp), and the dispatching build equal to the scalar build bit for bit: random bit patterns,
//    a special value at every position of a block, every length, in place and on overlapping
//    arrays.
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

#include "kernels/scalar/vmath_lanes.hpp"
#include "kernels/vmath.hpp"
#include "kernels/vmath_impl.hpp"
#include "vmath_test_util.hpp"

namespace vm = sv::kernels::vmath;

namespace {

using Fn64 = void (*)(double*, const double*, int64_t);

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double from_bits(uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
using sv_vmath_test::hex;
using sv_vmath_test::same_value;

// Points per sweep (vmath_sweeps.hpp): the unoptimised sanitizer build runs 5% of them.
double sweep_scale() { return sv_vmath_test::sweep_scale(0.05); }
int64_t scaled(double n) { return sv_vmath_test::scaled(n, 0.05); }

struct LogOp {
  const char* name;
  Fn64 simd, scalar;
  double (*libm)(double);
  long double (*ref)(long double);
  bool log1p;
};
const LogOp kOps[] = {
    {"log", vm::log_f64, vm::scalar_build::log_f64, [](double x) { return std::log(x); },
     [](long double x) { return logl(x); }, false},
    {"log2", vm::log2_f64, vm::scalar_build::log2_f64, [](double x) { return std::log2(x); },
     [](long double x) { return log2l(x); }, false},
    {"log10", vm::log10_f64, vm::scalar_build::log10_f64, [](double x) { return std::log10(x); },
     [](long double x) { return log10l(x); }, false},
    {"log1p", vm::log1p_f64, vm::scalar_build::log1p_f64, [](double x) { return std::log1p(x); },
     [](long double x) { return log1pl(x); }, true},
};

// The sweep of one op: x > 0 for log / log2 / log10, x > -1 for log1p.
std::vector<double> sweep(const LogOp& op, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u01(0, 1);
  std::vector<double> xs;
  auto mant = [&] { return 1 + u01(rng); };  // [1, 2)
  if (!op.log1p) {
    // every binade, subnormal ones included
    for (int e = -1074; e <= 1023; ++e) {
      for (int64_t i = 0, n = scaled(400); i < n; ++i) {
        xs.push_back(e < -1022 ? from_bits(1 + rng() % (1ULL << 52)) : std::ldexp(mant(), e));
      }
    }
    // near 1 at every scale, both sides
    for (int s = 1; s <= 60; ++s) {
      for (int64_t i = 0, n = scaled(20000); i < n; ++i) {
        xs.push_back(1 + (u01(rng) * 2 - 1) * std::ldexp(1.0, -s));
      }
    }
    // [0.5, 4) densely
    for (int64_t i = 0, n = scaled(1000000); i < n; ++i) xs.push_back(0.5 + 3.5 * u01(rng));
    // random bit patterns over (0, max]
    for (int64_t i = 0, n = scaled(1000000); i < n; ++i) {
      xs.push_back(from_bits(1 + rng() % 0x7fefffffffffffffULL));
    }
  } else {
    // near 0 at every scale (subnormal x included), both signs
    for (int s = 1; s <= 1074; ++s) {
      for (int64_t i = 0, n = scaled(s <= 60 ? 20000 : 200); i < n; ++i) {
        xs.push_back((rng() & 1 ? 1 : -1) * std::ldexp(mant(), -s));
      }
    }
    // near -1 at every scale
    for (int s = 1; s <= 53; ++s) {
      for (int64_t i = 0, n = scaled(20000); i < n; ++i) {
        xs.push_back(-1 + std::ldexp(mant(), -s - 1));
      }
    }
    // every binade above 0 (u = 1 + x past the rounding edges 2^53 and 2^1024)
    for (int e = 0; e <= 1023; ++e) {
      for (int64_t i = 0, n = scaled(400); i < n; ++i) xs.push_back(std::ldexp(mant(), e));
    }
    xs.push_back(std::numeric_limits<double>::max());
    // (-1, 3) densely
    for (int64_t i = 0, n = scaled(1000000); i < n; ++i) xs.push_back(-1 + 4 * u01(rng));
  }
  return xs;
}

// |y - ref| in float64 spacings at |ref| (subnormal spacing below 2^-1022).
double ulp_of_diff(double y, long double ref) {
  if (std::isinf(y) || std::isnan(y)) return 1e9;
  int e;
  std::frexp(static_cast<double>(ref), &e);  // |ref| in [2^(e-1), 2^e)
  const int ue = std::max(e - 53, -1074);
  return static_cast<double>(fabsl(static_cast<long double>(y) - ref) / ldexpl(1.0L, ue));
}

}  // namespace

#if defined(__x86_64__) || defined(__i386__)
TEST_CASE("vmath log family: float64 within 1 ulp of long double", "[vmath]") {
  std::printf("vmath float64 log family, scalar build against long double\n");
  uint64_t seed = 11;
  for (const LogOp& op : kOps) {
    const std::vector<double> xs = sweep(op, seed++);
    std::vector<double> y(xs.size());
    op.scalar(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
    double worst = 0, wx = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double u = ulp_of_diff(y[i], op.ref(static_cast<long double>(xs[i])));
      if (u > worst) {
        worst = u;
        wx = xs[i];
      }
    }
    std::printf("  %-6s max %.4f ulp at %s over %zu points\n", op.name, worst, hex(wx).c_str(),
                xs.size());
    INFO(op.name << " max ulp " << worst << " at " << hex(wx));
    CHECK(worst <= 1.0);
  }
}
#endif

TEST_CASE("vmath log family: exact results", "[vmath]") {
  for (const LogOp& op : kOps) {
    for (Fn64 f : {op.simd, op.scalar}) {
      INFO(op.name);
      double y[1], x[1];
      x[0] = op.log1p ? 0.0 : 1.0;
      f(y, x, 1);
      CHECK(same_value(y[0], 0.0));
    }
  }
  std::vector<double> xs, y;
  for (int k = -1074; k <= 1023; ++k) xs.push_back(std::ldexp(1.0, k));
  y.resize(xs.size());
  for (Fn64 f : {vm::log2_f64, vm::scalar_build::log2_f64}) {
    f(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
    for (int k = -1074; k <= 1023; ++k) {
      INFO("log2(2^" << k << ") = " << hex(y[k + 1074]));
      REQUIRE(y[k + 1074] == static_cast<double>(k));
    }
  }
  xs.clear();
  double p = 1;
  for (int k = 0; k <= 22; ++k, p *= 10) xs.push_back(p);  // 10^k exact up to 10^22
  y.resize(xs.size());
  for (Fn64 f : {vm::log10_f64, vm::scalar_build::log10_f64}) {
    f(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
    for (int k = 0; k <= 22; ++k) {
      INFO("log10(1e" << k << ") = " << hex(y[k]));
      CHECK(y[k] == static_cast<double>(k));
    }
  }
}

TEST_CASE("vmath log family: NumPy's special values", "[vmath]") {
  const double sub = std::numeric_limits<double>::denorm_min();
  const std::vector<double> xs = {0.0, -0.0, -sub, -1.0, -kInf, kInf, kNaN, -kNaN, sub,
                                  std::numeric_limits<double>::max(), 1.0, -1.5, -1 + 0x1p-53};
  for (const LogOp& op : kOps) {
    for (Fn64 f : {op.simd, op.scalar}) {
      std::vector<double> y(xs.size());
      f(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
      for (size_t i = 0; i < xs.size(); ++i) {
        const double x = xs[i];
        double want;
        if (std::isnan(x)) want = kNaN;
        else if (op.log1p) want = x == -1 ? -kInf : x < -1 ? kNaN : x == 0 ? x : op.libm(x);
        else want = x == 0 ? -kInf : x < 0 ? kNaN : op.libm(x);
        INFO(op.name << "(" << hex(x) << ") = " << hex(y[i]) << ", want " << hex(want));
        if (std::isnan(want) || std::isinf(want) || want == 0) CHECK(same_value(y[i], want));
        else CHECK(ulp_of_diff(y[i], want) <= 1.1);
      }
    }
  }
}

TEST_CASE("vmath log family: both builds within 1.5 ulp of the C library", "[vmath]") {
  uint64_t seed = 21;
  for (const LogOp& op : kOps) {
    std::vector<double> xs = sweep(op, seed++);
    if (xs.size() > 400000) xs.resize(400000);
    for (Fn64 f : {op.simd, op.scalar}) {
      std::vector<double> y(xs.size());
      f(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
      double worst = 0, wx = 0;
      for (size_t i = 0; i < xs.size(); ++i) {
        const double u = ulp_of_diff(y[i], op.libm(xs[i]));
        if (u > worst) {
          worst = u;
          wx = xs[i];
        }
      }
      INFO(op.name << ": " << worst << " ulp from the C library at " << hex(wx));
      CHECK(worst <= 1.5);
    }
  }
}

TEST_CASE("vmath log family: SIMD build equals the scalar build", "[vmath]") {
  std::mt19937_64 rng(5);
  std::vector<double> xs;
  const double specials[] = {0.0, -0.0, 1.0, -1.0, kInf, -kInf, kNaN, 0x1p-1074, 0x1p-1022,
                             std::numeric_limits<double>::max(), -0x1p-1074, 0.5, 2.0};
  for (int64_t i = 0, n = scaled(200000); i < n; ++i) {
    const uint64_t r = rng();
    switch (r % 4) {
      case 0: xs.push_back(from_bits(rng())); break;
      case 1: xs.push_back(specials[rng() % std::size(specials)]); break;
      case 2: xs.push_back(1 + std::ldexp(static_cast<double>(static_cast<int64_t>(rng())), -63 - static_cast<int>(rng() % 40))); break;
      default: xs.push_back(-1 + std::ldexp(static_cast<double>(rng() >> 11), -53 - static_cast<int>(rng() % 8))); break;
    }
  }
  for (const LogOp& op : kOps) {
    std::vector<double> a(xs.size()), b(xs.size());
    op.simd(a.data(), xs.data(), static_cast<int64_t>(xs.size()));
    op.scalar(b.data(), xs.data(), static_cast<int64_t>(xs.size()));
    size_t bad = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      if (!same_value(a[i], b[i]) && bad++ < 5) {
        UNSCOPED_INFO(op.name << "(" << hex(xs[i]) << "): simd " << hex(a[i]) << ", scalar " << hex(b[i]));
      }
    }
    CHECK(bad == 0);
  }
}

// float32: the same ops over every 199th positive float32 bit pattern (10.7M points; log1p also
// the patterns of (-1, 0)), natively against long double; 20x sparser in the sanitizer build.
namespace {
struct LogOp32 {
  const char* name;
  void (*simd)(float*, const float*, int64_t);
  void (*scalar)(float*, const float*, int64_t);
  long double (*ref)(long double);
  bool log1p;
};
const LogOp32 kOps32[] = {
    {"log", vm::log_f32, vm::scalar_build::log_f32, [](long double x) { return logl(x); }, false},
    {"log2", vm::log2_f32, vm::scalar_build::log2_f32, [](long double x) { return log2l(x); },
     false},
    {"log10", vm::log10_f32, vm::scalar_build::log10_f32, [](long double x) { return log10l(x); },
     false},
    {"log1p", vm::log1p_f32, vm::scalar_build::log1p_f32, [](long double x) { return log1pl(x); },
     true},
};
}  // namespace

#if defined(__x86_64__) || defined(__i386__)
TEST_CASE("vmath log family: float32 within 1 ulp of long double", "[vmath]") {
  const uint32_t step = sweep_scale() >= 1 ? 199 : 199 * 20;
  std::vector<float> xs;
  std::vector<float> y;
  std::printf("vmath float32 log family, scalar build against long double\n");
  for (const LogOp32& op : kOps32) {
    xs.clear();
    for (uint32_t b = 1; b < 0x7f800000u; b += step) {
      float x;
      std::memcpy(&x, &b, 4);
      xs.push_back(x);
    }
    if (op.log1p) {
      for (uint32_t b = 0x80000001u; b < 0xbf800000u; b += step) {
        float x;
        std::memcpy(&x, &b, 4);
        xs.push_back(x);
      }
    }
    y.resize(xs.size());
    op.scalar(y.data(), xs.data(), static_cast<int64_t>(xs.size()));
    double worst = 0, wx = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const long double ref = op.ref(static_cast<long double>(xs[i]));
      int e;
      std::frexp(static_cast<double>(ref), &e);
      const double u = static_cast<double>(fabsl(static_cast<long double>(y[i]) - ref) /
                                           ldexpl(1.0L, std::max(e - 24, -149)));
      if (!(u <= worst)) {
        worst = u;
        wx = xs[i];
      }
    }
    std::printf("  %-6s max %.4f ulp at %a over %zu points\n", op.name, worst, wx, xs.size());
    INFO(op.name << " float32 max ulp " << worst << " at " << hex(wx));
    CHECK(worst <= 1.0);
  }
}
#endif

namespace {
template <class T, class Op>
void check_blocks(const Op& op, const T* specials, size_t nspecials, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u01(0, 1);
  const int64_t n = 1000;
  std::vector<T> base(n);
  for (T& v : base) v = static_cast<T>(op.log1p ? -0.9 + 10 * u01(rng) : 1e-3 + 100 * u01(rng));
  for (int64_t pos : {int64_t{-1}, int64_t{0}, int64_t{1}, int64_t{3}, int64_t{7}, int64_t{255},
                      int64_t{256}, int64_t{257}, int64_t{511}, int64_t{767}, int64_t{996},
                      int64_t{999}}) {
    for (size_t k = 0; k < nspecials; ++k) {
      const T sp = specials[k];
      std::vector<T> x = base;
      if (pos >= 0) x[pos] = sp;
      std::vector<T> want(n), got(n);
      op.scalar(want.data(), x.data(), n);
      op.simd(got.data(), x.data(), n);
      std::vector<T> inplace = x;
      op.simd(inplace.data(), inplace.data(), n);
      std::vector<T> shifted(n + 3);  // out = in - 3 elements
      std::copy(x.begin(), x.end(), shifted.begin() + 3);
      op.simd(shifted.data(), shifted.data() + 3, n);
      size_t bad = 0;
      for (int64_t i = 0; i < n; ++i) {
        const bool ok = same_value(got[i], want[i]) && same_value(inplace[i], want[i]) &&
                        same_value(shifted[i], want[i]);
        if (!ok && bad++ < 3) {
          UNSCOPED_INFO(op.name << " special " << hex(sp) << " at " << pos << ", element " << i
                                << ": " << hex(got[i]) << " / " << hex(inplace[i]) << " / "
                                << hex(shifted[i]) << ", want " << hex(want[i]));
        }
      }
      CHECK(bad == 0);
      if (pos < 0) break;
    }
  }
  // a long array: special lanes far apart (most blocks on the fast path)
  {
    const int64_t len = 7001;
    std::vector<T> x(len);
    for (int64_t i = 0; i < len; ++i) x[i] = base[i % n];
    for (int64_t p : {int64_t{10}, int64_t{2600}, int64_t{2601}, int64_t{6990}}) x[p] = specials[p % nspecials];
    std::vector<T> want(len), got(len), inplace = x;
    op.scalar(want.data(), x.data(), len);
    op.simd(got.data(), x.data(), len);
    op.simd(inplace.data(), inplace.data(), len);
    size_t bad = 0;
    for (int64_t i = 0; i < len; ++i) {
      bad += !same_value(got[i], want[i]) || !same_value(inplace[i], want[i]);
    }
    INFO(op.name << " long array");
    CHECK(bad == 0);
  }
  // every length (the block split and the tail), ordinary values with a special every 97
  std::vector<T> x = base;
  for (int64_t i = 50; i < n; i += 97) x[i] = specials[i % nspecials];
  std::vector<T> want(n);
  op.scalar(want.data(), x.data(), n);
  for (int64_t len = 0; len <= 600; ++len) {
    for (int64_t start : {int64_t{0}, int64_t{51}, int64_t{300}}) {
      std::vector<T> got(len + 1, T(-7)), inplace(x.begin() + start, x.begin() + start + len);
      op.simd(got.data(), x.data() + start, len);
      op.simd(inplace.data(), inplace.data(), len);
      bool ok = got[len] == T(-7);  // nothing written past the end
      for (int64_t i = 0; i < len; ++i) {
        ok = ok && same_value(got[i], want[start + i]) && same_value(inplace[i], want[start + i]);
      }
      INFO(op.name << " length " << len << " from " << start);
      REQUIRE(ok);
    }
  }
}

}  // namespace

// checked_unary_loop: ordinary values (the fast path) with one special value at a given position
// (its block through the full path), out of place, in place and with out 3 elements before in,
// equal to the scalar build's element-wise results; every length up to 600; both dtypes.
TEST_CASE("vmath log family: blocks with a special lane, every length, in place", "[vmath]") {
  const double sp64[] = {0.0, -0.0, -1.0, kInf, -kInf, kNaN, 0x1p-1074, 0x1p-1030, -2.0,
                         std::numeric_limits<double>::max()};
  const float sp32[] = {0.0f, -0.0f, -1.0f, static_cast<float>(kInf), static_cast<float>(-kInf),
                        static_cast<float>(kNaN), 0x1p-149f, 0x1p-130f, -2.0f,
                        std::numeric_limits<float>::max()};
  uint64_t seed = 9;
  for (const LogOp& op : kOps) check_blocks<double>(op, sp64, std::size(sp64), seed++);
  for (const LogOp32& op : kOps32) check_blocks<float>(op, sp32, std::size(sp32), seed++);
}

// The blocked float64 log1p takes zeros on its fast path (log1p_inside: the core's result with the
// sign of x): equal to the full path for every x of the sweep in (-1, inf), +-0 included.
TEST_CASE("vmath log family: log1p's fast path equals the full path on (-1, inf)", "[vmath]") {
  namespace d = sv::kernels::vmath::detail;
  using S = sv::kernels::vmath::scalar::F64;
  std::vector<double> xs = sweep(kOps[3], 31);
  xs.push_back(0.0);
  xs.push_back(-0.0);
  size_t bad = 0, n = 0;
  for (double x : xs) {
    if (!(x > -1) || std::isinf(x)) continue;
    ++n;
    const double a = d::log1p_inside(S{x}).v, b = d::log1p_impl(S{x}).v;
    if (!same_value(a, b) && bad++ < 5) UNSCOPED_INFO("x " << hex(x) << ": " << hex(a) << " vs " << hex(b));
  }
  INFO(n << " points");
  CHECK(bad == 0);
  CHECK(n > 1000);
}
