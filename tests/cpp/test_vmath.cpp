// The vector math library (kernels/vmath.hpp):
//  - natively (x86, 80-bit long double): the scalar build against a long double reference over
//    dense sweeps of each op's domain and its hard ranges, max ulp per op and dtype <= 2;
//  - everywhere: NumPy's special values for every op, tails of every length 0..9 and in place;
//  - under WebAssembly SIMD128: the SIMD build equals the scalar build bit for bit on a sweep.
// SV_VMATH_DEEP=1 makes the sweeps 10x longer (see kSweepScale for the unoptimised build). The [.bench] case prints ns/element against the
// std:: libm loop (float32 through float64, as math.cpp computes today).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/vmath.hpp"
#include "vmath_test_util.hpp"

namespace vm = sv::kernels::vmath;

namespace {

using Fn32 = void (*)(float*, const float*, int64_t);
using Fn64 = void (*)(double*, const double*, int64_t);
using Ref = long double (*)(long double);

struct Range {
  double lo, hi;
  double share;  // of the op's point budget
};
struct UnaryOp {
  const char* name;
  Fn32 f32, s32;  // dispatching build, scalar build
  Fn64 f64, s64;
  Ref ref;
  std::vector<Range> r32, r64;  // sweep ranges (bit-pattern spaced) incl. the hard ones
};

long double ref_exp(long double x) { return expl(x); }
long double ref_exp2(long double x) { return exp2l(x); }
long double ref_expm1(long double x) { return expm1l(x); }
long double ref_log(long double x) { return logl(x); }
long double ref_log2(long double x) { return log2l(x); }
long double ref_log10(long double x) { return log10l(x); }
long double ref_log1p(long double x) { return log1pl(x); }
long double ref_sin(long double x) { return sinl(x); }
long double ref_cos(long double x) { return cosl(x); }
long double ref_tan(long double x) { return tanl(x); }
long double ref_tanh(long double x) { return tanhl(x); }
long double ref_sinh(long double x) { return sinhl(x); }
long double ref_cosh(long double x) { return coshl(x); }

constexpr double kF32Max = 3.4028234663852886e38;
constexpr double kF64Max = std::numeric_limits<double>::max();

#define SV_OP(n) #n, vm::n##_f32, vm::scalar_build::n##_f32, vm::n##_f64, vm::scalar_build::n##_f64, ref_##n
const std::vector<UnaryOp>& unary_ops() {
  static const std::vector<UnaryOp> ops = {
      {SV_OP(exp),
       {{-104, 89, 0.5}, {87, 89, 0.1}, {-104, -87, 0.2}, {-1e-3, 1e-3, 0.1}, {-1, 1, 0.1}},
       {{-746, 710, 0.5}, {700, 710, 0.1}, {-746, -700, 0.2}, {-1e-3, 1e-3, 0.1}, {-1, 1, 0.1}}},
      {SV_OP(exp2),
       {{-151, 129, 0.5}, {120, 129, 0.1}, {-151, -120, 0.2}, {-1e-3, 1e-3, 0.1}, {-1, 1, 0.1}},
       {{-1076, 1025, 0.5}, {1000, 1025, 0.1}, {-1076, -1000, 0.2}, {-1e-3, 1e-3, 0.1}, {-1, 1, 0.1}}},
      {SV_OP(expm1),
       {{-20, 89, 0.4}, {87, 89, 0.1}, {-1e-3, 1e-3, 0.2}, {-1, 1, 0.2}, {-20, -5, 0.1}},
       {{-40, 710, 0.4}, {700, 710, 0.1}, {-1e-3, 1e-3, 0.2}, {-1, 1, 0.2}, {-40, -5, 0.1}}},
      {SV_OP(log),
       {{0, kF32Max, 0.5}, {0.9, 1.1, 0.3}, {0, 1.2e-38, 0.1}, {0.5, 2, 0.1}},
       {{0, kF64Max, 0.5}, {0.9, 1.1, 0.3}, {0, 2.3e-308, 0.1}, {0.5, 2, 0.1}}},
      {SV_OP(log2),
       {{0, kF32Max, 0.5}, {0.9, 1.1, 0.3}, {0, 1.2e-38, 0.1}, {0.5, 2, 0.1}},
       {{0, kF64Max, 0.5}, {0.9, 1.1, 0.3}, {0, 2.3e-308, 0.1}, {0.5, 2, 0.1}}},
      {SV_OP(log10),
       {{0, kF32Max, 0.5}, {0.9, 1.1, 0.3}, {0, 1.2e-38, 0.1}, {0.5, 2, 0.1}},
       {{0, kF64Max, 0.5}, {0.9, 1.1, 0.3}, {0, 2.3e-308, 0.1}, {0.5, 2, 0.1}}},
      {SV_OP(log1p),
       {{-1, kF32Max, 0.4}, {-1e-3, 1e-3, 0.3}, {-1, -0.9, 0.1}, {-0.5, 1, 0.2}},
       {{-1, kF64Max, 0.4}, {-1e-3, 1e-3, 0.3}, {-1, -0.9, 0.1}, {-0.5, 1, 0.2}}},
      {SV_OP(sin),
       {{-kF32Max, kF32Max, 0.3}, {-10, 10, 0.3}, {-6144, 6144, 0.2}, {6000, 1e6, 0.2}},
       {{-kF64Max, kF64Max, 0.3}, {-10, 10, 0.3}, {-1048576, 1048576, 0.2}, {1e6, 1e9, 0.2}}},
      {SV_OP(cos),
       {{-kF32Max, kF32Max, 0.3}, {-10, 10, 0.3}, {-6144, 6144, 0.2}, {6000, 1e6, 0.2}},
       {{-kF64Max, kF64Max, 0.3}, {-10, 10, 0.3}, {-1048576, 1048576, 0.2}, {1e6, 1e9, 0.2}}},
      {SV_OP(tan),
       {{-kF32Max, kF32Max, 0.3}, {-10, 10, 0.3}, {-6144, 6144, 0.2}, {6000, 1e6, 0.2}},
       {{-kF64Max, kF64Max, 0.3}, {-10, 10, 0.3}, {-1048576, 1048576, 0.2}, {1e6, 1e9, 0.2}}},
      {SV_OP(tanh),
       {{-kF32Max, kF32Max, 0.3}, {-10, 10, 0.3}, {0.5, 0.6, 0.2}, {-1e-3, 1e-3, 0.2}},
       {{-kF64Max, kF64Max, 0.3}, {-20, 20, 0.3}, {0.5, 0.6, 0.2}, {-1e-3, 1e-3, 0.2}}},
      // sinh / cosh: the series below 1, e^|x|/2 -+ 1/(4 (e^|x|/2)) above, overflow at the range's end
      {SV_OP(sinh),
       {{-kF32Max, kF32Max, 0.2}, {-3, 3, 0.3}, {0.9, 1.1, 0.2}, {-1e-3, 1e-3, 0.1}, {85, 90, 0.2}},
       {{-kF64Max, kF64Max, 0.2}, {-3, 3, 0.3}, {0.9, 1.1, 0.2}, {-1e-3, 1e-3, 0.1}, {705, 711, 0.2}}},
      {SV_OP(cosh),
       {{-kF32Max, kF32Max, 0.2}, {-3, 3, 0.3}, {0.9, 1.1, 0.2}, {-1e-3, 1e-3, 0.1}, {85, 90, 0.2}},
       {{-kF64Max, kF64Max, 0.2}, {-3, 3, 0.3}, {0.9, 1.1, 0.2}, {-1e-3, 1e-3, 0.1}, {705, 711, 0.2}}},
  };
  return ops;
}
#undef SV_OP

// Sweep sizes (vmath_sweeps.hpp): 10M float32 and 1M float64 points per op in an optimised build
// (about 20 s of CPU with the long double references); the sanitizer build 3% of that (300k / 30k
// points per op, about 20 s); SV_VMATH_DEEP=1 ten times either.
double sweep_scale() { return sv_vmath_test::sweep_scale(0.03); }

// Bit pattern of a float / double as a monotone integer (negative values below positive ones).
template <class T, class U>
int64_t ordered(T x) {
  U b;
  std::memcpy(&b, &x, sizeof b);
  const U sign = U(1) << (sizeof(U) * 8 - 1);
  return (b & sign) ? -static_cast<int64_t>(b & ~sign) : static_cast<int64_t>(b);
}
template <class T, class U>
T from_ordered(int64_t o) {
  U b = o < 0 ? (static_cast<U>(-o) | (U(1) << (sizeof(U) * 8 - 1))) : static_cast<U>(o);
  T x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
// count points spaced evenly in bit-pattern order over [lo, hi]: every binade, subnormals included.
template <class T>
void append_sweep(std::vector<T>& v, double lo, double hi, int64_t count) {
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  const int64_t a = ordered<T, U>(static_cast<T>(lo)), b = ordered<T, U>(static_cast<T>(hi));
  const long double step = (static_cast<long double>(b) - a) / static_cast<long double>(count);
  for (int64_t i = 0; i < count; ++i) {
    v.push_back(from_ordered<T, U>(static_cast<int64_t>(a + step * i)));  // within [a, b]
  }
}

template <class T>
double ulp_error(T y, long double ref) {
  constexpr int p = std::numeric_limits<T>::digits;
  constexpr int emin = std::numeric_limits<T>::min_exponent;  // 2^(emin-1) = smallest normal
  constexpr double bad = 1e9;
  if (std::isnan(ref)) return std::isnan(y) ? 0 : bad;
  if (std::isnan(y)) return bad;
  if (std::isinf(ref)) return y == ref ? 0 : bad;
  const long double aref = fabsl(ref);
  if (std::isinf(y)) {
    const long double maxv = std::numeric_limits<T>::max();
    const long double thr = maxv + ldexpl(1.0L, std::numeric_limits<T>::max_exponent - p - 1);
    return (aref >= thr && std::signbit(y) == std::signbit(ref)) ? 0 : bad;
  }
  // The spacing of T at |ref| (x87 80-bit layout: 64-bit mantissa, then sign and 15-bit exponent),
  // subnormal spacing below the normal range.
  static_assert(sizeof(T) == 0 || std::numeric_limits<long double>::digits == 64,
                "x87 long double expected");  // checked where instantiated (x86 only)
  unsigned char raw[sizeof(long double)] = {};
  std::memcpy(raw, &aref, 10);
  const int e = std::max(((raw[9] & 0x7f) << 8 | raw[8]) - 16383, emin - 1);  // aref in [2^e, 2^e+1)
  long double ulp = 0;
  unsigned char u[sizeof(long double)] = {};
  const uint64_t mant = 1ULL << 63;
  std::memcpy(u, &mant, 8);
  const int biased = e - (p - 1) + 16383;
  u[8] = static_cast<unsigned char>(biased & 0xff);
  u[9] = static_cast<unsigned char>(biased >> 8);
  std::memcpy(&ulp, u, 10);
  return static_cast<double>(fabsl(static_cast<long double>(y) - ref) / ulp);
}

using sv_vmath_test::same_value;

constexpr int64_t kChunk = 1 << 16;

template <class T>
struct UlpResult {
  double max_ulp = 0;
  T worst_x = 0;
  int64_t points = 0;
};

// Max ulp of fn over xs (in chunks), against ref.
template <class T, class F>
void measure(UlpResult<T>& res, const std::vector<T>& xs, F fn, Ref ref) {
  std::vector<T> out(kChunk);
  for (size_t i0 = 0; i0 < xs.size(); i0 += kChunk) {
    const int64_t n = std::min<int64_t>(kChunk, static_cast<int64_t>(xs.size() - i0));
    fn(out.data(), xs.data() + i0, n);
    for (int64_t j = 0; j < n; ++j) {
      const double u = ulp_error<T>(out[j], ref(static_cast<long double>(xs[i0 + j])));
      if (u > res.max_ulp) {
        res.max_ulp = u;
        res.worst_x = xs[i0 + j];
      }
    }
    res.points += n;
  }
}

template <class T>
std::vector<T> sweep_points(const std::vector<Range>& ranges, int64_t budget) {
  std::vector<T> xs;
  for (const Range& r : ranges) {
    append_sweep<T>(xs, r.lo, r.hi, static_cast<int64_t>(budget * r.share));
  }
  return xs;
}

// A sweep of values for the SIMD-vs-scalar comparison: every range of every op, random bit
// patterns and special values.
template <class T>
std::vector<T> mixed_points(const std::vector<Range>& ranges, int64_t budget) {
  std::vector<T> xs = sweep_points<T>(ranges, budget);
  std::mt19937_64 rng(7);
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  for (int64_t i = 0; i < budget / 4; ++i) {
    const U b = static_cast<U>(rng());
    T x;
    std::memcpy(&x, &b, sizeof x);
    xs.push_back(x);
  }
  const T specials[] = {0, -T(0), 1, -1, std::numeric_limits<T>::infinity(),
                        -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN(),
                        std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::max(),
                        -std::numeric_limits<T>::max()};
  for (T s : specials) xs.push_back(s);
  std::shuffle(xs.begin(), xs.end(), rng);
  return xs;
}

}  // namespace

#if defined(__x86_64__) || defined(__i386__)
TEST_CASE("vmath: scalar build within 2 ulp of a long double reference", "[vmath]") {
  const int64_t budget32 = static_cast<int64_t>(10'000'000 * sweep_scale());
  const int64_t budget64 = static_cast<int64_t>(1'000'000 * sweep_scale());
  std::printf("vmath max ulp (scalar build, long double reference)\n");
  std::printf("%-8s %12s %16s %12s %24s\n", "op", "f32 ulp", "f32 worst x", "f64 ulp", "f64 worst x");
  for (const UnaryOp& op : unary_ops()) {
    UlpResult<float> r32;
    measure(r32, sweep_points<float>(op.r32, budget32), op.s32, op.ref);
    UlpResult<double> r64;
    std::vector<double> xs64 = sweep_points<double>(op.r64, budget64 * 3 / 4);
    // Random values uniform in the value (not the bit pattern) over the first range.
    std::mt19937_64 rng(11);
    const double lo = std::max(op.r64[1].lo, -1e300), hi = std::min(op.r64[1].hi, 1e300);
    std::uniform_real_distribution<double> dist(lo, hi);
    for (int64_t i = 0; i < budget64 / 4; ++i) xs64.push_back(dist(rng));
    measure(r64, xs64, op.s64, op.ref);
    std::printf("%-8s %12.3f %16.9g %12.3f %24.17g\n", op.name, r32.max_ulp, r32.worst_x, r64.max_ulp,
                r64.worst_x);
    INFO(op.name << " f32 max ulp " << r32.max_ulp << " at " << r32.worst_x << " (" << r32.points
                 << " points); f64 max ulp " << r64.max_ulp << " at " << r64.worst_x);
    CHECK(r32.points >= 10'000'000 * sweep_scale() * 0.99);
    CHECK(r64.points >= 1'000'000 * sweep_scale() * 0.99);
    CHECK(r32.max_ulp <= 2.0);
    CHECK(r64.max_ulp <= 2.0);
  }
}

namespace {
long double ref_powl(long double x, long double y) { return powl(x, y); }

template <class T>
void pow_sweep(UlpResult<T>& res, int64_t budget, bool scalar_exponent) {
  std::mt19937_64 rng(scalar_exponent ? 5 : 3);
  std::vector<T> xs, ys;
  auto push = [&](T x, T y) {
    xs.push_back(x);
    ys.push_back(y);
  };
  std::uniform_real_distribution<double> u01(0, 1);
  const double maxlog = sizeof(T) == 4 ? 88.0 : 709.0;
  while (static_cast<int64_t>(xs.size()) < budget) {
    const int kind = static_cast<int>(rng() % 5);
    if (kind == 0) {  // x uniform in bit pattern over (0, max), y with |y log x| in range
      std::vector<T> one;
      append_sweep<T>(one, 0, sizeof(T) == 4 ? kF32Max : kF64Max, 1);
      using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
      const U b = static_cast<U>(rng() % (sizeof(T) == 4 ? 0x7f800000ULL : 0x7ff0000000000000ULL));
      T x;
      std::memcpy(&x, &b, sizeof x);
      const double l = std::fabs(std::log(static_cast<double>(x)));
      const double ymax = l > 0 ? std::min(maxlog / l, 1e6) : 1e6;
      push(x, static_cast<T>((u01(rng) * 2 - 1) * ymax));
    } else if (kind == 1) {  // x near 1, large y
      const T x = static_cast<T>(1 + (u01(rng) * 2 - 1) * 1e-3);
      const double l = std::fabs(std::log(static_cast<double>(x)));
      push(x, static_cast<T>((u01(rng) * 2 - 1) * std::min(maxlog / std::max(l, 1e-30), 1e12)));
    } else if (kind == 2) {  // negative x, integer y
      const T x = static_cast<T>(-(u01(rng) * 20));
      push(x, static_cast<T>(std::floor((u01(rng) * 2 - 1) * 25)));
    } else if (kind == 3) {  // overflow / underflow edges: y log x near +-maxlog
      const T x = static_cast<T>(0.5 + u01(rng) * 10);
      const double l = std::log(static_cast<double>(x));
      if (l == 0) continue;
      const double target = (rng() % 2 ? 1 : -1) * (maxlog + (sizeof(T) == 4 ? 16 : 36) * u01(rng));
      push(x, static_cast<T>(target / l));
    } else {  // moderate
      push(static_cast<T>(u01(rng) * 100), static_cast<T>((u01(rng) * 2 - 1) * 20));
    }
  }
  std::vector<T> out(xs.size());
  if constexpr (sizeof(T) == 4) {
    vm::scalar_build::pow_f32(out.data(), xs.data(), ys.data(), static_cast<int64_t>(xs.size()));
  } else {
    vm::scalar_build::pow_f64(out.data(), xs.data(), ys.data(), static_cast<int64_t>(xs.size()));
  }
  for (size_t i = 0; i < xs.size(); ++i) {
    const double u = ulp_error<T>(out[i], ref_powl(xs[i], ys[i]));
    if (u > res.max_ulp) {
      res.max_ulp = u;
      res.worst_x = xs[i];
    }
  }
  res.points += static_cast<int64_t>(xs.size());
}

// pow(x, k) for small integer k (and 0.5) through the scalar-exponent fast paths.
template <class T>
double powi_sweep(int64_t budget) {
  std::vector<T> xs;
  append_sweep<T>(xs, sizeof(T) == 4 ? -kF32Max : -kF64Max, sizeof(T) == 4 ? kF32Max : kF64Max,
                  budget / 2);
  append_sweep<T>(xs, -4, 4, budget / 2);
  std::vector<T> out(xs.size());
  double worst = 0;
  for (double y : {-4.0, -3.0, -2.0, -1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0, -7.0}) {
    if constexpr (sizeof(T) == 4) {
      vm::scalar_build::pow_scalar_f32(out.data(), xs.data(), static_cast<int64_t>(xs.size()),
                                       static_cast<float>(y));
    } else {
      vm::scalar_build::pow_scalar_f64(out.data(), xs.data(), static_cast<int64_t>(xs.size()), y);
    }
    for (size_t i = 0; i < xs.size(); ++i) {
      const double u = ulp_error<T>(out[i], ref_powl(xs[i], y));
      INFO("pow(" << xs[i] << ", " << y << ") = " << out[i]);
      worst = std::max(worst, u);
      if (u > 2.0) {
        std::printf("pow(%.17g, %g) = %.17g: %.3f ulp\n", static_cast<double>(xs[i]), y,
                    static_cast<double>(out[i]), u);
        REQUIRE(u <= 2.0);
      }
    }
  }
  return worst;
}
}  // namespace

TEST_CASE("vmath: pow within 2 ulp of a long double reference", "[vmath]") {
  const int64_t budget32 = static_cast<int64_t>(4'000'000 * sweep_scale());
  const int64_t budget64 = static_cast<int64_t>(1'000'000 * sweep_scale());
  UlpResult<float> r32;
  pow_sweep(r32, budget32, false);
  UlpResult<double> r64;
  pow_sweep(r64, budget64, false);
  const double i32 = powi_sweep<float>(budget32 / 16);
  const double i64 = powi_sweep<double>(budget64 / 16);
  std::printf("%-8s %12.3f %16.9g %12.3f %24.17g\n", "pow", r32.max_ulp, r32.worst_x, r64.max_ulp,
              r64.worst_x);
  std::printf("%-8s %12.3f %16s %12.3f\n", "pow(x,k)", i32, "", i64);
  INFO("pow f32 max ulp " << r32.max_ulp << " at x = " << r32.worst_x << "; f64 " << r64.max_ulp
                          << " at x = " << r64.worst_x);
  CHECK(r32.max_ulp <= 2.0);
  CHECK(r64.max_ulp <= 2.0);
}
#endif

namespace {
template <class T>
struct Special {
  const char* op;
  T x, want;
};
template <class T>
void check_specials() {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T big = std::numeric_limits<T>::max();
  const T tiny = std::numeric_limits<T>::denorm_min();
  const std::vector<Special<T>> table = {
      {"exp", nan, nan},       {"exp", inf, inf},        {"exp", -inf, 0},
      {"exp", 0, 1},           {"exp", -T(0), 1},        {"exp", big, inf},
      {"exp", -big, 0},        {"exp2", nan, nan},       {"exp2", inf, inf},
      {"exp2", -inf, 0},       {"exp2", 0, 1},           {"exp2", 10, 1024},
      {"exp2", -10, T(1) / 1024}, {"exp2", big, inf},    {"expm1", nan, nan},
      {"expm1", inf, inf},     {"expm1", -inf, -1},      {"expm1", 0, 0},
      {"expm1", -T(0), -T(0)}, {"expm1", tiny, tiny},    {"expm1", -tiny, -tiny},
      {"expm1", big, inf},     {"log", nan, nan},        {"log", inf, inf},
      {"log", 0, -inf},        {"log", -T(0), -inf},     {"log", -1, nan},
      {"log", -inf, nan},      {"log", 1, 0},            {"log2", nan, nan},
      {"log2", inf, inf},      {"log2", 0, -inf},        {"log2", -1, nan},
      {"log2", 1, 0},          {"log2", 8, 3},           {"log2", T(0.125), -3},
      {"log10", nan, nan},     {"log10", inf, inf},      {"log10", 0, -inf},
      {"log10", -1, nan},      {"log10", 1, 0},          {"log10", 1000, 3},
      {"log10", 100, 2},       {"log1p", nan, nan},      {"log1p", inf, inf},
      {"log1p", -1, -inf},     {"log1p", -2, nan},       {"log1p", -inf, nan},
      {"log1p", 0, 0},         {"log1p", -T(0), -T(0)},  {"log1p", tiny, tiny},
      {"sin", nan, nan},       {"sin", inf, nan},        {"sin", -inf, nan},
      {"sin", 0, 0},           {"sin", -T(0), -T(0)},    {"sin", tiny, tiny},
      {"sin", -tiny, -tiny},   {"cos", nan, nan},        {"cos", inf, nan},
      {"cos", -inf, nan},      {"cos", 0, 1},            {"cos", -T(0), 1},
      {"tan", nan, nan},       {"tan", inf, nan},        {"tan", -inf, nan},
      {"tan", 0, 0},           {"tan", -T(0), -T(0)},    {"tan", tiny, tiny},
      {"tanh", nan, nan},      {"tanh", inf, 1},         {"tanh", -inf, -1},
      {"tanh", 0, 0},          {"tanh", -T(0), -T(0)},   {"tanh", 30, 1},
      {"tanh", -30, -1},       {"tanh", tiny, tiny},     {"tanh", -tiny, -tiny},
      {"sinh", nan, nan},      {"sinh", inf, inf},       {"sinh", -inf, -inf},
      {"sinh", 0, 0},          {"sinh", -T(0), -T(0)},   {"sinh", tiny, tiny},
      {"sinh", -tiny, -tiny},  {"sinh", big, inf},       {"sinh", -big, -inf},
      {"cosh", nan, nan},      {"cosh", inf, inf},       {"cosh", -inf, inf},
      {"cosh", 0, 1},          {"cosh", -T(0), 1},       {"cosh", tiny, 1},
      {"cosh", big, inf},      {"cosh", -big, inf},
  };
  for (const auto& s : table) {
    for (int build = 0; build < 2; ++build) {
      T got = 0;
      bool found = false;
      for (const UnaryOp& op : unary_ops()) {
        if (std::strcmp(op.name, s.op) != 0) continue;
        found = true;
        if constexpr (sizeof(T) == 4) (build ? op.s32 : op.f32)(&got, &s.x, 1);
        else (build ? op.s64 : op.f64)(&got, &s.x, 1);
      }
      INFO(s.op << "(" << s.x << ") = " << got << ", want " << s.want << (build ? " (scalar build)" : ""));
      REQUIRE(found);
      CHECK(same_value(got, s.want));
    }
  }
  // The same values among ordinary ones, at every position of two SIMD vector pairs: the ops skip
  // their special-value code for vectors without such a lane (an any-lane test), so a special lane
  // must still get its value next to ordinary lanes, and the ordinary lanes keep theirs.
  // (positive: in every op's domain, so that a vector of them takes the ordinary path)
  const std::vector<T> ordinary = {T(0.3),  T(0.7), T(1.25), T(0.01), T(2.5),
                                   T(0.75), T(3.5), T(0.04)};
  for (const auto& s : table) {
    for (const UnaryOp& op : unary_ops()) {
      if (std::strcmp(op.name, s.op) != 0) continue;
      for (int build = 0; build < 2; ++build) {
        auto run = [&](T* o, const T* i, int64_t n) {
          if constexpr (sizeof(T) == 4) (build ? op.s32 : op.f32)(o, i, n);
          else (build ? op.s64 : op.f64)(o, i, n);
        };
        std::vector<T> alone(ordinary.size());
        run(alone.data(), ordinary.data(), static_cast<int64_t>(ordinary.size()));
        for (size_t pos = 0; pos < 16; ++pos) {
          std::vector<T> in(16), out(16);
          for (size_t i = 0; i < 16; ++i) in[i] = ordinary[i % ordinary.size()];
          in[pos] = s.x;
          run(out.data(), in.data(), 16);
          INFO(s.op << "(" << s.x << ") at position " << pos << (build ? " (scalar build)" : ""));
          CHECK(same_value(out[pos], s.want));
          for (size_t i = 0; i < 16; ++i) {
            if (i != pos) CHECK(same_value(out[i], alone[i % ordinary.size()]));
          }
        }
      }
    }
  }
}

template <class T>
struct PowSpecial {
  T x, y, want;
};
template <class T>
void check_pow_specials() {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const std::vector<PowSpecial<T>> table = {
      {nan, 0, 1},       {nan, -T(0), 1},   {1, nan, 1},         {1, inf, 1},
      {1, -inf, 1},      {nan, 1, nan},     {2, nan, nan},       {-8, T(1) / 3, nan},
      {-2, 3, -8},       {-2, 2, 4},        {-2, -1, -0.5},      {-2, T(0.5), nan},
      {0, -1, inf},      {-T(0), -1, -inf}, {-T(0), -2, inf},    {0, -T(0.5), inf},
      {0, 1, 0},         {-T(0), 1, -T(0)}, {-T(0), 2, 0},       {-T(0), T(0.5), 0},
      {0, inf, 0},       {0, -inf, inf},    {-1, inf, 1},        {-1, -inf, 1},
      {T(0.5), inf, 0},  {T(0.5), -inf, inf}, {2, inf, inf},     {2, -inf, 0},
      {-T(0.5), inf, 0}, {-2, -inf, 0},     {inf, -1, 0},        {inf, 2, inf},
      {-inf, 3, -inf},   {-inf, 2, inf},    {-inf, -3, -T(0)},   {-inf, -2, 0},
      {-inf, T(0.5), inf}, {inf, 0, 1},     {2, 10, 1024},       {4, T(0.5), 2},
      {2, -2, T(0.25)},  {10, 3, 1000},     {-3, 3, -27},        {T(0.5), 2, T(0.25)},
      {2, 2000, inf},    {2, -2000, 0},     {-2, 2001, -inf},    {-2, -2001, -T(0)},
  };
  for (const auto& s : table) {
    T got[3];
    if constexpr (sizeof(T) == 4) {
      vm::pow_f32(&got[0], &s.x, &s.y, 1);
      vm::scalar_build::pow_f32(&got[1], &s.x, &s.y, 1);
      vm::pow_scalar_f32(&got[2], &s.x, 1, s.y);
    } else {
      vm::pow_f64(&got[0], &s.x, &s.y, 1);
      vm::scalar_build::pow_f64(&got[1], &s.x, &s.y, 1);
      vm::pow_scalar_f64(&got[2], &s.x, 1, s.y);
    }
    for (int k = 0; k < 3; ++k) {
      INFO("pow(" << s.x << ", " << s.y << ") = " << got[k] << ", want " << s.want << " (path " << k
                  << ")");
      CHECK(same_value(got[k], s.want));
    }
  }
}
}  // namespace

TEST_CASE("vmath: special values are NumPy's", "[vmath]") {
  check_specials<float>();
  check_specials<double>();
  check_pow_specials<float>();
  check_pow_specials<double>();
}

namespace {
// Every op on every tail length 0..9: the elements equal one-element calls, nothing past n is
// written, and in place gives the same.
template <class T>
void check_tails() {
  const T sentinel = static_cast<T>(-12345.5);
  std::vector<T> src = {T(0.3), T(-1.7), T(2.5), T(0.01), T(-0.2), T(7.25), T(1e-3), T(3.0), T(-4.5), T(0.9)};
  auto check = [&](const char* name, auto&& run) {
    for (int64_t n = 0; n <= 9; ++n) {
      std::vector<T> in(src.begin(), src.begin() + n), out(n + 4, sentinel), inplace(in);
      inplace.resize(n + 4, sentinel);
      run(out.data(), in.data(), n);
      run(inplace.data(), inplace.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        T one;
        run(&one, &in[i], 1);
        INFO(name << " n=" << n << " i=" << i);
        CHECK(same_value(out[i], one));
        CHECK(same_value(inplace[i], one));
      }
      for (int64_t i = n; i < n + 4; ++i) {
        INFO(name << " n=" << n << " wrote past the end at " << i);
        CHECK(same_value(out[i], sentinel));
        CHECK(same_value(inplace[i], sentinel));
      }
    }
  };
  for (const UnaryOp& op : unary_ops()) {
    for (int build = 0; build < 2; ++build) {
      check(op.name, [&](T* o, const T* i, int64_t n) {
        if constexpr (sizeof(T) == 4) (build ? op.s32 : op.f32)(o, i, n);
        else (build ? op.s64 : op.f64)(o, i, n);
      });
    }
  }
  check("pow", [&](T* o, const T* i, int64_t n) {  // pow(x, x): both operands in the tail
    if constexpr (sizeof(T) == 4) vm::pow_f32(o, i, i, n);
    else vm::pow_f64(o, i, i, n);
  });
  // every exponent path of pow_scalar: the small integers, 1/2 and the general pow
  for (double y : {-4.0, -3.0, -2.0, -1.0, 0.0, 0.5, 1.0, 2.0, 2.5, 3.0, 4.0, 7.0}) {
    check("pow_scalar", [&](T* o, const T* i, int64_t n) {
      if constexpr (sizeof(T) == 4) vm::pow_scalar_f32(o, i, n, static_cast<float>(y));
      else vm::pow_scalar_f64(o, i, n, y);
    });
  }
}
}  // namespace

// float32 hypot (float64 lanes): within 2 ulp of a long double reference over random bit patterns,
// pairs of very different magnitudes and the subnormal range; the SIMD and scalar builds agree bit
// for bit, tails included; an infinite operand gives +inf even next to NaN.
TEST_CASE("vmath: float32 hypot", "[vmath]") {
  std::mt19937 rng(11);
  const int64_t n = static_cast<int64_t>(2'000'000 * std::max(sweep_scale(), 0.05));
  std::vector<float> a(n), b(n), o(n), s(n);
  for (int64_t i = 0; i < n; ++i) {
    const int kind = i % 4;
    uint32_t ba = rng(), bb = rng();
    if (kind == 1) bb = (bb & 0x807fffffu) | ((ba >> 23 & 0xffu) % 0xfe << 23);  // similar magnitudes
    if (kind == 2) ba &= 0x807fffffu;                                           // a subnormal
    std::memcpy(&a[i], &ba, 4);
    std::memcpy(&b[i], &bb, 4);
    if (kind == 3) b[i] = a[i] * 1e-3f;
  }
  vm::hypot_f32(o.data(), a.data(), b.data(), n);
  vm::scalar_build::hypot_f32(s.data(), a.data(), b.data(), n);
  int64_t diff = 0;
  for (int64_t i = 0; i < n; ++i) diff += !same_value(o[i], s[i]);
  CHECK(diff == 0);
#if defined(__x86_64__) || defined(__i386__)
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (std::isnan(a[i]) || std::isnan(b[i])) continue;
    worst = std::max(worst, ulp_error<float>(o[i], hypotl(a[i], b[i])));
  }
  std::printf("vmath float32 hypot: max %.3f ulp over %lld pairs\n", worst, static_cast<long long>(n));
  CHECK(worst <= 2.0);
#endif
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const float xs[] = {inf, nan, -inf, 3, 0, -0.0f, 1e-45f, 3e38f, nan};
  const float ys[] = {nan, -inf, 2, 4, -0.0f, 0, 1e-45f, 3e38f, 1};
  const float want[] = {inf, inf, inf, 5, 0, 0, 1.4e-45f, inf, nan};
  for (int64_t len = 1; len <= 9; ++len) {
    float got[9];
    vm::hypot_f32(got, xs, ys, len);
    for (int64_t i = 0; i < len; ++i) {
      INFO("hypot(" << xs[i] << ", " << ys[i] << ") = " << got[i] << ", want " << want[i]);
      CHECK(same_value(got[i], want[i]));
    }
  }
}

// float32 arcsin / arccos / arctan / arcsinh / arccosh / arctanh / arctan2 (float64 lanes): within 2 ulp of a long double reference
// over every binade and the domain edges; SIMD equals scalar bit for bit; C99's special values.
TEST_CASE("vmath: float32 inverse trigonometric functions", "[vmath]") {
  using F1 = void (*)(float*, const float*, int64_t);
  struct Op1 {
    const char* name;
    F1 f, s;
    Ref ref;
  };
  const Op1 ops[] = {
      {"arcsin", vm::arcsin_f32, vm::scalar_build::arcsin_f32, [](long double x) { return asinl(x); }},
      {"arccos", vm::arccos_f32, vm::scalar_build::arccos_f32, [](long double x) { return acosl(x); }},
      {"arctan", vm::arctan_f32, vm::scalar_build::arctan_f32, [](long double x) { return atanl(x); }},
      {"arcsinh", vm::arcsinh_f32, vm::scalar_build::arcsinh_f32, [](long double x) { return asinhl(x); }},
      {"arccosh", vm::arccosh_f32, vm::scalar_build::arccosh_f32, [](long double x) { return acoshl(x); }},
      {"arctanh", vm::arctanh_f32, vm::scalar_build::arctanh_f32, [](long double x) { return atanhl(x); }},
  };
  const int64_t budget = static_cast<int64_t>(4'000'000 * std::max(sweep_scale(), 0.05));
  for (const Op1& op : ops) {
    const std::vector<Range> r = {{-kF32Max, kF32Max, 0.3}, {-1, 1, 0.3}, {0.99, 1, 0.1},
                                  {-1, -0.99, 0.1}, {1, 1.01, 0.1}, {1, 100, 0.1}};
    const std::vector<float> xs = mixed_points<float>(r, budget);
    std::vector<float> a(xs.size()), b(xs.size());
    op.f(a.data(), xs.data(), static_cast<int64_t>(xs.size()));
    op.s(b.data(), xs.data(), static_cast<int64_t>(xs.size()));
    int64_t diff = 0;
    for (size_t i = 0; i < xs.size(); ++i) diff += !same_value(a[i], b[i]);
    INFO(op.name);
    CHECK(diff == 0);
#if defined(__x86_64__) || defined(__i386__)
    double worst = 0;
    float wx = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double u = ulp_error<float>(a[i], op.ref(xs[i]));
      if (u > worst) {
        worst = u;
        wx = xs[i];
      }
    }
    std::printf("vmath float32 %s: max %.3f ulp at %.9g over %zu points\n", op.name, worst, wx, xs.size());
    CHECK(worst <= 2.0);
#endif
  }
  std::mt19937 rng(13);
  const int64_t n = budget / 2;
  std::vector<float> y(n), x(n), o(n), s(n);
  for (int64_t i = 0; i < n; ++i) {
    uint32_t by = rng(), bx = rng();
    if (i % 3 == 1) bx = (bx & 0x807fffffu) | (by & 0x7f800000u);  // similar magnitudes
    std::memcpy(&y[i], &by, 4);
    std::memcpy(&x[i], &bx, 4);
  }
  vm::arctan2_f32(o.data(), y.data(), x.data(), n);
  vm::scalar_build::arctan2_f32(s.data(), y.data(), x.data(), n);
  int64_t diff = 0;
  for (int64_t i = 0; i < n; ++i) diff += !same_value(o[i], s[i]);
  CHECK(diff == 0);
#if defined(__x86_64__) || defined(__i386__)
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (std::isnan(y[i]) || std::isnan(x[i])) continue;
    worst = std::max(worst, ulp_error<float>(o[i], atan2l(y[i], x[i])));
  }
  std::printf("vmath float32 arctan2: max %.3f ulp over %lld pairs\n", worst, static_cast<long long>(n));
  CHECK(worst <= 2.0);
#endif
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const float pi = 3.14159265f, hp = 1.57079633f, qp = 0.785398163f, tq = 2.35619449f;
  const float ys[] = {0, -0.0f, 0, -0.0f, 1, -1, inf, inf, -inf, -inf, 1, -1, inf, 1, nan, 1, 0};
  const float xv[] = {0, 0, -0.0f, -0.0f, 0, -0.0f, inf, -inf, inf, -inf, inf, -inf, 1, nan, 1, 1, 1};
  const float want[] = {0, -0.0f, pi, -pi, hp, -hp, qp, tq, -qp, -tq, 0, -pi, hp, nan, nan, qp, 0};
  for (size_t i = 0; i < sizeof ys / sizeof ys[0]; ++i) {
    float got;
    vm::arctan2_f32(&got, &ys[i], &xv[i], 1);
    INFO("arctan2(" << ys[i] << ", " << xv[i] << ") = " << got << ", want " << want[i]);
    CHECK(same_value(got, want[i]));
  }
  const float ins[] = {0, -0.0f, 1, -1, 2, inf, -inf, nan};
  const float w_asin[] = {0, -0.0f, hp, -hp, nan, nan, nan, nan};
  const float w_acos[] = {hp, hp, 0, pi, nan, nan, nan, nan};
  const float w_atan[] = {0, -0.0f, qp, -qp, 1.10714872f, hp, -hp, nan};
  const float w_asinh[] = {0, -0.0f, 0.881373584f, -0.881373584f, 1.44363547f, inf, -inf, nan};
  const float w_acosh[] = {nan, nan, 0, nan, 1.31695795f, inf, nan, nan};
  const float w_atanh[] = {0, -0.0f, inf, -inf, nan, nan, nan, nan};
  for (size_t i = 0; i < 8; ++i) {
    float g1, g2, g3;
    vm::arcsin_f32(&g1, &ins[i], 1);
    vm::arccos_f32(&g2, &ins[i], 1);
    vm::arctan_f32(&g3, &ins[i], 1);
    INFO("x = " << ins[i] << ": " << g1 << " " << g2 << " " << g3);
    CHECK(same_value(g1, w_asin[i]));
    CHECK(same_value(g2, w_acos[i]));
    CHECK(same_value(g3, w_atan[i]));
    float h1, h2, h3;
    vm::arcsinh_f32(&h1, &ins[i], 1);
    vm::arccosh_f32(&h2, &ins[i], 1);
    vm::arctanh_f32(&h3, &ins[i], 1);
    INFO("x = " << ins[i] << ": " << h1 << " " << h2 << " " << h3);
    CHECK(same_value(h1, w_asinh[i]));
    CHECK(same_value(h2, w_acosh[i]));
    CHECK(same_value(h3, w_atanh[i]));
  }
}

TEST_CASE("vmath: tails of every length and in place", "[vmath]") {
  check_tails<float>();
  check_tails<double>();
}

namespace {
template <class T>
void check_simd_equals_scalar(int64_t budget) {
  int64_t compared = 0;
  for (const UnaryOp& op : unary_ops()) {
    const std::vector<T> xs = mixed_points<T>(sizeof(T) == 4 ? op.r32 : op.r64, budget);
    std::vector<T> a(xs.size()), b(xs.size());
    const int64_t n = static_cast<int64_t>(xs.size());
    if constexpr (sizeof(T) == 4) {
      op.f32(a.data(), xs.data(), n);
      op.s32(b.data(), xs.data(), n);
    } else {
      op.f64(a.data(), xs.data(), n);
      op.s64(b.data(), xs.data(), n);
    }
    int64_t diff = 0;
    size_t first = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      if (!same_value(a[i], b[i]) && diff++ == 0) first = i;
    }
    INFO(op.name << ": " << diff << " of " << n << " differ; first at x = " << xs[first] << ": "
                 << a[first] << " vs " << b[first]);
    CHECK(diff == 0);
    compared += n;
  }
  // pow: random pairs.
  std::mt19937_64 rng(9);
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  std::vector<T> xs(budget), ys(budget), a(budget), b(budget);
  std::uniform_real_distribution<double> d(-30, 30);
  for (int64_t i = 0; i < budget; ++i) {
    const U bits = static_cast<U>(rng());
    std::memcpy(&xs[i], &bits, sizeof(T));
    if (i % 2) xs[i] = static_cast<T>(d(rng));
    ys[i] = static_cast<T>(i % 3 ? d(rng) : std::round(d(rng)));
  }
  if constexpr (sizeof(T) == 4) {
    vm::pow_f32(a.data(), xs.data(), ys.data(), budget);
    vm::scalar_build::pow_f32(b.data(), xs.data(), ys.data(), budget);
  } else {
    vm::pow_f64(a.data(), xs.data(), ys.data(), budget);
    vm::scalar_build::pow_f64(b.data(), xs.data(), ys.data(), budget);
  }
  int64_t diff = 0;
  for (int64_t i = 0; i < budget; ++i) diff += !same_value(a[i], b[i]);
  CHECK(diff == 0);
  for (T y : {T(-4), T(-3), T(-2), T(3), T(4), T(0.5), T(2.5)}) {
    if constexpr (sizeof(T) == 4) {
      vm::pow_scalar_f32(a.data(), xs.data(), budget, y);
      vm::scalar_build::pow_scalar_f32(b.data(), xs.data(), budget, y);
    } else {
      vm::pow_scalar_f64(a.data(), xs.data(), budget, y);
      vm::scalar_build::pow_scalar_f64(b.data(), xs.data(), budget, y);
    }
    diff = 0;
    for (int64_t i = 0; i < budget; ++i) diff += !same_value(a[i], b[i]);
    INFO("pow_scalar y = " << y);
    CHECK(diff == 0);
  }
  compared += budget * 8;
  std::printf("vmath: SIMD build %s the scalar build on %lld values (%s)\n",
              vm::simd_build() ? "compared with" : "(no SIMD here) compared with",
              static_cast<long long>(compared), sizeof(T) == 4 ? "float32" : "float64");
}
}  // namespace

TEST_CASE("vmath: the SIMD build equals the scalar build bit for bit", "[vmath]") {
  const int64_t budget = static_cast<int64_t>((vm::simd_build() ? 200'000 : 20'000) * sv_vmath_test::sweep_scale(1.0));
  check_simd_equals_scalar<float>(budget);
  check_simd_equals_scalar<double>(budget);
}

// sin / cos / tan reduce with a short Cody-Waite first (float64 two parts up to |x| = 2^20, float32
// three parts up to 6144) and switch a lane to the accurate reduction beyond that or when x is
// within 2^-27 |n| (float32 2^-17 |n|) of n pi/2: values on both sides of those limits, each next to
// an ordinary value in the neighbouring lane (the SIMD build blends per lane; its result must stay
// the scalar build's), within 2 ulp of the reference natively.
namespace {
template <class T>
std::vector<T> reduction_edge_points() {
  constexpr bool f32 = sizeof(T) == 4;
  std::vector<T> xs;
  std::mt19937_64 rng(23);
  const long double pio2 = 1.5707963267948966192313216916397514L;
  auto around = [&](long double c, int64_t steps) {
    T x = static_cast<T>(c);
    for (int64_t j = 0; j < steps; ++j) x = std::nextafter(x, -std::numeric_limits<T>::infinity());
    for (int64_t j = 0; j < 2 * steps + 1; ++j) {
      xs.push_back(x);
      xs.push_back(static_cast<T>(0.5 + static_cast<double>(j % 7)));  // an ordinary neighbour
      x = std::nextafter(x, std::numeric_limits<T>::infinity());
    }
  };
  const int64_t kmax = f32 ? 3911 : 667544;  // the last multiple of pi/2 inside the limit
  // near n pi/2: small n, n around the limit, random n below it; both signs
  for (int64_t k : {int64_t{1}, int64_t{2}, int64_t{3}, int64_t{4}, int64_t{5}, int64_t{6},
                    int64_t{7}, int64_t{8}, int64_t{10}, int64_t{16}, int64_t{100}, int64_t{1000},
                    kmax, kmax - 1, kmax + 1}) {
    around(k * pio2, 40);
    around(-k * pio2, 40);
  }
  for (int i = 0; i < 2000; ++i) {
    const int64_t k = 1 + static_cast<int64_t>(rng() % static_cast<uint64_t>(kmax));
    around((i % 2 ? -1 : 1) * k * pio2, 3);
  }
  // just inside / outside the |x| limit, and around the switch threshold from a multiple
  const long double lim = f32 ? 6144.0L : 1048576.0L, thr = f32 ? 0x1p-17L : 0x1p-27L;
  around(lim, 40);
  around(-lim, 40);
  for (int64_t k : {int64_t{1}, int64_t{3}, int64_t{1000}, kmax - 100}) {
    const long double c = k * pio2;
    for (long double m : {0.5L, 0.999L, 1.0L, 1.001L, 2.0L}) {
      around(c + m * k * thr, 2);
      around(c - m * k * thr, 2);
    }
  }
  return xs;
}
template <class T>
void check_reduction_edges() {
  using Fn = void (*)(T*, const T*, int64_t);
  constexpr bool f32 = sizeof(T) == 4;
  const std::vector<T> xs = reduction_edge_points<T>();
  Fn simd[3], scalar[3];
  if constexpr (f32) {
    simd[0] = vm::sin_f32, simd[1] = vm::cos_f32, simd[2] = vm::tan_f32;
    scalar[0] = vm::scalar_build::sin_f32, scalar[1] = vm::scalar_build::cos_f32,
    scalar[2] = vm::scalar_build::tan_f32;
  } else {
    simd[0] = vm::sin_f64, simd[1] = vm::cos_f64, simd[2] = vm::tan_f64;
    scalar[0] = vm::scalar_build::sin_f64, scalar[1] = vm::scalar_build::cos_f64,
    scalar[2] = vm::scalar_build::tan_f64;
  }
  const char* names[] = {"sin", "cos", "tan"};
  std::vector<T> a(xs.size()), b(xs.size());
  for (int k = 0; k < 3; ++k) {
    simd[k](a.data(), xs.data(), static_cast<int64_t>(xs.size()));
    scalar[k](b.data(), xs.data(), static_cast<int64_t>(xs.size()));
    int64_t diff = 0;
    for (size_t i = 0; i < xs.size(); ++i) diff += !same_value(a[i], b[i]);
    INFO(names[k] << (f32 ? " float32" : " float64") << " on " << xs.size() << " values");
    CHECK(diff == 0);
#if defined(__x86_64__) || defined(__i386__)
    const Ref refs[] = {ref_sin, ref_cos, ref_tan};
    double worst = 0, wx = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double e = ulp_error(b[i], refs[k](xs[i]));
      if (e > worst) {
        worst = e;
        wx = static_cast<double>(xs[i]);
      }
    }
    std::printf("vmath %s %s at the reduction limits: max %.3f ulp at %.17g over %zu points\n",
                names[k], f32 ? "float32" : "float64", worst, wx, xs.size());
    INFO("max ulp " << worst << " at " << wx);
    CHECK(worst <= 2.0);
#endif
  }
}
}  // namespace

TEST_CASE("vmath: sin, cos, tan at the limits of the fast reduction", "[vmath]") {
  check_reduction_edges<float>();
  check_reduction_edges<double>();
}

namespace {
template <class T, class F>
double ns_per_element(F run, int64_t n) {
  run();  // warm up
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / n);
  }
  return best;
}
template <class T, int Op>
__attribute__((noinline)) void libm_loop(T* o, const T* in, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const double d = static_cast<double>(in[i]);
    double r;
    switch (Op) {
      case 0: r = std::exp(d); break;
      case 1: r = std::exp2(d); break;
      case 2: r = std::expm1(d); break;
      case 3: r = std::log(d); break;
      case 4: r = std::log2(d); break;
      case 5: r = std::log10(d); break;
      case 6: r = std::log1p(d); break;
      case 7: r = std::sin(d); break;
      case 8: r = std::cos(d); break;
      case 9: r = std::tan(d); break;
      case 10: r = std::tanh(d); break;
      case 11: r = std::sinh(d); break;
      default: r = std::cosh(d); break;
    }
    o[i] = static_cast<T>(r);
  }
}
template <class T>
using LoopFn = void (*)(T*, const T*, int64_t);
template <class T>
LoopFn<T> libm_loop_for(int op) {
  // in the order of unary_ops(): exp, exp2, expm1, log, log2, log10, log1p, sin, cos, tan, tanh,
  // sinh, cosh (the bench checks the count before it indexes)
  static const LoopFn<T> fns[] = {libm_loop<T, 0>, libm_loop<T, 1>, libm_loop<T, 2>, libm_loop<T, 3>,
                                  libm_loop<T, 4>, libm_loop<T, 5>, libm_loop<T, 6>, libm_loop<T, 7>,
                                  libm_loop<T, 8>, libm_loop<T, 9>, libm_loop<T, 10>, libm_loop<T, 11>,
                                  libm_loop<T, 12>};
  return op < static_cast<int>(std::size(fns)) ? fns[op] : nullptr;
}
}  // namespace

TEST_CASE("vmath: ns per element against the std:: libm loop", "[.bench][vmath_bench]") {
  const int64_t n = 1 << 20;
  std::mt19937 rng(1);
  std::printf("vmath bench, %lld elements, ns/element (best of 5); libm = std:: loop through "
              "float64; %s\n",
              static_cast<long long>(n), vm::simd_build() ? "SIMD128 build" : "scalar build");
  std::printf("%-10s %10s %10s %8s %10s %10s %8s\n", "op", "f32 vmath", "f32 libm", "speedup",
              "f64 vmath", "f64 libm", "speedup");
  int idx = 0;
  for (const UnaryOp& op : unary_ops()) {
    // inputs in the op's common range
    const double lo = std::max(op.r64[1].lo, -20.0), hi = std::min(op.r64[1].hi, 20.0);
    std::uniform_real_distribution<double> d(std::strncmp(op.name, "log", 3) == 0 ? 0.01 : lo,
                                             std::strncmp(op.name, "log", 3) == 0 ? 100.0 : hi);
    std::vector<float> x32(n), o32(n);
    std::vector<double> x64(n), o64(n);
    for (int64_t i = 0; i < n; ++i) x64[i] = d(rng), x32[i] = static_cast<float>(x64[i]);
    REQUIRE(libm_loop_for<float>(idx) != nullptr);  // a new op in unary_ops() needs its libm loop here
    const double v32 = ns_per_element<float>([&] { op.f32(o32.data(), x32.data(), n); }, n);
    const double l32 = ns_per_element<float>([&] { libm_loop_for<float>(idx)(o32.data(), x32.data(), n); }, n);
    const double v64 = ns_per_element<double>([&] { op.f64(o64.data(), x64.data(), n); }, n);
    const double l64 = ns_per_element<double>([&] { libm_loop_for<double>(idx)(o64.data(), x64.data(), n); }, n);
    std::printf("%-10s %10.2f %10.2f %7.1fx %10.2f %10.2f %7.1fx\n", op.name, v32, l32, l32 / v32, v64,
                l64, l64 / v64);
    ++idx;
  }
  // pow: array exponent, and x^3 / x^2 / x^0.5 with a scalar exponent.
  std::uniform_real_distribution<double> dx(0.01, 10), dy(-5, 5);
  std::vector<float> x32(n), y32(n), o32(n);
  std::vector<double> x64(n), y64(n), o64(n);
  for (int64_t i = 0; i < n; ++i) {
    x64[i] = dx(rng), y64[i] = dy(rng);
    x32[i] = static_cast<float>(x64[i]), y32[i] = static_cast<float>(y64[i]);
  }
  {
    const double v32 = ns_per_element<float>([&] { vm::pow_f32(o32.data(), x32.data(), y32.data(), n); }, n);
    const double l32 = ns_per_element<float>([&] {
      for (int64_t i = 0; i < n; ++i) o32[i] = static_cast<float>(std::pow(static_cast<double>(x32[i]), static_cast<double>(y32[i])));
    }, n);
    const double v64 = ns_per_element<double>([&] { vm::pow_f64(o64.data(), x64.data(), y64.data(), n); }, n);
    const double l64 = ns_per_element<double>([&] {
      for (int64_t i = 0; i < n; ++i) o64[i] = std::pow(x64[i], y64[i]);
    }, n);
    std::printf("%-10s %10.2f %10.2f %7.1fx %10.2f %10.2f %7.1fx\n", "pow", v32, l32, l32 / v32, v64, l64,
                l64 / v64);
  }
  for (double y : {2.0, 3.0, -1.0, 0.5, 2.5}) {
    const double v32 = ns_per_element<float>([&] { vm::pow_scalar_f32(o32.data(), x32.data(), n, static_cast<float>(y)); }, n);
    const double l32 = ns_per_element<float>([&] {
      for (int64_t i = 0; i < n; ++i) o32[i] = static_cast<float>(std::pow(static_cast<double>(x32[i]), y));
    }, n);
    const double v64 = ns_per_element<double>([&] { vm::pow_scalar_f64(o64.data(), x64.data(), n, y); }, n);
    const double l64 = ns_per_element<double>([&] {
      for (int64_t i = 0; i < n; ++i) o64[i] = std::pow(x64[i], y);
    }, n);
    char name[32];
    std::snprintf(name, sizeof name, "x**%g", y);
    std::printf("%-10s %10.2f %10.2f %7.1fx %10.2f %10.2f %7.1fx\n", name, v32, l32, l32 / v32, v64, l64,
                l64 / v64);
  }
  // memcpy of the same bytes, for scale
  const double c32 = ns_per_element<float>([&] { std::memcpy(o32.data(), x32.data(), n * 4); }, n);
  const double c64 = ns_per_element<double>([&] { std::memcpy(o64.data(), x64.data(), n * 8); }, n);
  std::printf("%-10s %10.2f %10s %8s %10.2f\n", "memcpy", c32, "", "", c64);
  SUCCEED();
}

// exp and exp2 skip their clamp and two-step scaling for vectors whose every lane has a normal 2^n
// (|n| <= bias - 1), and log, log2, log10 skip the subnormal scaling and special values for vectors
// of positive normal finite numbers (one integer compare on the bits). Values on both sides of
// those limits (n = +-(bias - 1) and +-bias; the smallest normal and its neighbours, the largest
// finite, inf, NaN, -0, negatives), alone in a vector and next to ordinary values: the SIMD build
// equals the scalar build, and natively each result is within 2 ulp of the reference (NaN for NaN).
namespace {
template <class T>
void check_fast_path_limits() {
  constexpr bool f32 = sizeof(T) == 4;
  using U = std::conditional_t<f32, uint32_t, uint64_t>;
  const T inf = std::numeric_limits<T>::infinity();
  auto around = [](std::vector<T>& xs, T c, int steps, T neighbour) {
    T x = c;
    for (int j = 0; j < steps; ++j) x = std::nextafter(x, -std::numeric_limits<T>::infinity());
    for (int j = 0; j < 2 * steps + 1; ++j) {
      xs.push_back(x);  // run of edge values: whole vectors on one side
      x = std::nextafter(x, std::numeric_limits<T>::infinity());
    }
    x = c;
    for (int j = 0; j < steps; ++j) x = std::nextafter(x, -std::numeric_limits<T>::infinity());
    for (int j = 0; j < 2 * steps + 1; ++j) {
      xs.push_back(x);
      xs.push_back(neighbour);  // each next to an ordinary lane
      x = std::nextafter(x, std::numeric_limits<T>::infinity());
    }
  };
  const long double ln2 = 0.693147180559945309417232121458176568L;
  const int bias = f32 ? 127 : 1023;
  std::vector<T> ex, e2;
  for (int n : {bias - 1, bias, -(bias - 1), -bias, -(bias + 1)}) {
    for (long double h : {-0.5L, 0.5L}) {  // where round(x / ln2) steps to n
      around(ex, static_cast<T>((n + h) * ln2), 24, T(0.5));
      around(e2, static_cast<T>(n + h), 24, T(0.5));
    }
  }
  for (T v : {inf, -inf, std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::max(),
              std::numeric_limits<T>::lowest()}) {
    ex.push_back(v);
    e2.push_back(v);
  }
  std::vector<T> lg;
  const T tiny = std::numeric_limits<T>::min();
  around(lg, tiny, 24, T(1.5));
  around(lg, std::numeric_limits<T>::max(), 24, T(1.5));
  around(lg, std::numeric_limits<T>::denorm_min(), 8, T(1.5));
  around(lg, -tiny, 8, T(1.5));
  around(lg, T(1), 24, T(1.5));
  for (U b : {U(0), U(1) << (sizeof(U) * 8 - 1), ~U(0), ~U(0) >> 1, (~U(0) >> 1) - 1}) {
    T v;  // +0, -0, NaNs with and without the sign, the largest payload
    std::memcpy(&v, &b, sizeof v);
    for (int k = 0; k < 4; ++k) lg.push_back(v);
    lg.push_back(v);
    lg.push_back(T(1.5));
  }
  for (T v : {inf, -inf, -T(1), -std::numeric_limits<T>::max()}) {
    for (int k = 0; k < 4; ++k) lg.push_back(v);
    lg.push_back(v);
    lg.push_back(T(1.5));
  }
  struct Case {
    const char* name;
    const std::vector<T>* xs;
  };
  const Case cases[] = {{"exp", &ex}, {"exp2", &e2}, {"log", &lg}, {"log2", &lg}, {"log10", &lg}};
  for (const Case& c : cases) {
    const UnaryOp* op = nullptr;
    for (const UnaryOp& o : unary_ops()) {
      if (std::strcmp(o.name, c.name) == 0) op = &o;
    }
    REQUIRE(op != nullptr);
    const std::vector<T>& xs = *c.xs;
    // every alignment of the values against the vectors (offsets 0..7)
    for (size_t off = 0; off < 8; ++off) {
      std::vector<T> in(off, T(0.5));
      in.insert(in.end(), xs.begin(), xs.end());
      std::vector<T> a(in.size()), b(in.size());
      if constexpr (f32) {
        op->f32(a.data(), in.data(), static_cast<int64_t>(in.size()));
        op->s32(b.data(), in.data(), static_cast<int64_t>(in.size()));
      } else {
        op->f64(a.data(), in.data(), static_cast<int64_t>(in.size()));
        op->s64(b.data(), in.data(), static_cast<int64_t>(in.size()));
      }
      int64_t diff = 0;
      for (size_t i = 0; i < in.size(); ++i) diff += !same_value(a[i], b[i]);
      INFO(c.name << (f32 ? " float32" : " float64") << " offset " << off << " on " << in.size()
                  << " values");
      CHECK(diff == 0);
#if defined(__x86_64__) || defined(__i386__)
      double worst = 0, wx = 0;
      for (size_t i = 0; i < in.size(); ++i) {
        const double e = ulp_error(b[i], op->ref(static_cast<long double>(in[i])));
        if (e > worst) {
          worst = e;
          wx = static_cast<double>(in[i]);
        }
      }
      INFO("max ulp " << worst << " at " << wx);
      CHECK(worst <= 2.0);
#endif
    }
  }
}
}  // namespace

TEST_CASE("vmath: exp, exp2 and the log family at the limits of their fast paths", "[vmath]") {
  check_fast_path_limits<float>();
  check_fast_path_limits<double>();
}
