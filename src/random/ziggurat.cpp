// Defining equations, f(x) = exp(-x*x/2), n = 256 strips of equal area V:
//   x[255] = R, x[i] = sqrt(-2 log(f(x[i+1]) + V / x[i+1])) for i = 254 .. 1, x[0] = 0
//   k[0] = round(R f(R) / V * 2^m), k[i] = round(x[i-1] / x[i] * 2^m)   (rejection thresholds)
//   w[0] = V / f(R) / 2^m,          w[i] = x[i] / 2^m                    (scales)
//   f[i] = f(x[i])                                                       (strip heights)
// with R = 3.6541528853610088, V = 0.0049286732339746519 (V = R f(R) + the tail's area), m = 52
// for float64 and 23 for float32 (w and f then rounded to float). Every step in IEEE double
// arithmetic, round to nearest even, with exp and log correctly rounded: they are evaluated here in
// double-double arithmetic (about 100 bits), so the tables do not depend on the C library (musl's
// exp and log, unlike glibc's, round some of these 510 points the other way).
//
// One platform detail: NumPy's tables were computed on a machine whose exp rounded f(x[38]) up
// (the exact value lies 0.498 ulp above the lower double, which a correctly rounded exp returns);
// the recursion carries that ulp into x[37] .. x[1]. kRoundedUp reproduces it. Checked: with it,
// all six tables equal NumPy 1.24's, natively and in WebAssembly, at every optimisation level.
#include "ziggurat.hpp"

#include <cmath>

#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace sv::random {
namespace {

constexpr double kV = 0.0049286732339746519;
constexpr int kRoundedUp = 38;

// ---- double-double arithmetic (Dekker, Knuth): value = hi + lo, |lo| <= ulp(hi) / 2
struct DD {
  double hi, lo;
};
DD quick_two_sum(double a, double b) {  // |a| >= |b|
  const double s = a + b;
  return {s, b - (s - a)};
}
DD two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
void split(double a, double& hi, double& lo) {
  const double c = 134217729.0 * a;  // 2^27 + 1
  hi = c - (c - a);
  lo = a - hi;
}
DD two_prod(double a, double b) {
  const double p = a * b;
  double ah, al, bh, bl;
  split(a, ah, al);
  split(b, bh, bl);
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}
DD add(DD a, DD b) {
  DD s = two_sum(a.hi, b.hi);
  const DD t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = quick_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return quick_two_sum(s.hi, s.lo);
}
DD mul(DD a, DD b) {
  DD p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}
DD div(DD a, DD b) {
  const double q1 = a.hi / b.hi;
  DD r = add(a, mul({-q1, 0}, b));
  const double q2 = r.hi / b.hi;
  r = add(r, mul({-q2, 0}, b));
  const double q3 = r.hi / b.hi;
  const DD q = quick_two_sum(q1, q2);
  return add(q, {q3, 0});
}
constexpr DD kLn2 = {0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};

// exp(a), correctly rounded for the arguments used here: a = k ln2 + r, exp(r / 2^8) by Taylor,
// squared 8 times.
DD exp_dd(DD a) {
  const double k = std::nearbyint(a.hi / kLn2.hi);
  DD r = add(a, mul({-k, 0}, kLn2));
  r = {std::ldexp(r.hi, -8), std::ldexp(r.lo, -8)};
  DD sum = {1, 0};
  DD term = {1, 0};
  for (int n = 1; n <= 14; ++n) {
    term = div(mul(term, r), {static_cast<double>(n), 0});
    sum = add(sum, term);
  }
  for (int i = 0; i < 8; ++i) sum = mul(sum, sum);
  const int e = static_cast<int>(k);
  return {std::ldexp(sum.hi, e), std::ldexp(sum.lo, e)};  // scaling is exact
}
double exp_cr(double a) {
  const DD r = exp_dd({a, 0});
  return r.hi + r.lo;  // rounds to the nearest double
}

// log(y), y > 0, correctly rounded for the arguments used here: y = m 2^e with m in
// [sqrt(1/2), sqrt(2)), log m = 2 atanh((m - 1) / (m + 1)) by its series.
DD log_dd(DD y) {
  int e;
  const double mh = std::frexp(y.hi, &e);
  DD m = {mh, std::ldexp(y.lo, -e)};
  if (m.hi < 0.70710678118654752) {
    m = {m.hi * 2, m.lo * 2};
    --e;
  }
  const DD t = div(add(m, {-1, 0}), add(m, {1, 0}));
  const DD t2 = mul(t, t);
  DD pow = t;
  DD sum = t;
  for (int n = 1; n <= 26; ++n) {
    pow = mul(pow, t2);
    sum = add(sum, div(pow, {static_cast<double>(2 * n + 1), 0}));
  }
  sum = add(sum, sum);
  return add(mul({static_cast<double>(e), 0}, kLn2), sum);
}
double log_cr(double y) {
  const DD r = log_dd({y, 0});
  return r.hi + r.lo;
}

Ziggurat build() {
  Ziggurat z;
  double x[256];
  double f[256];
  x[255] = kZigR;
  f[255] = exp_cr(-0.5 * kZigR * kZigR);
  for (int i = 254; i >= 1; --i) {
    x[i] = std::sqrt(-2 * log_cr(f[i + 1] + kV / x[i + 1]));
    f[i] = exp_cr(-0.5 * x[i] * x[i]);
    if (i == kRoundedUp) f[i] = std::nextafter(f[i], 2.0);
  }
  x[0] = 0;
  f[0] = 1;
  const double s52 = 4503599627370496.0;  // 2^52
  const double s23 = 8388608.0;           // 2^23
  z.ki[0] = static_cast<uint64_t>(std::nearbyint(kZigR * f[255] / kV * s52));
  z.kf[0] = static_cast<uint32_t>(std::nearbyint(kZigR * f[255] / kV * s23));
  z.wi[0] = kV / f[255] / s52;
  z.wf[0] = static_cast<float>(kV / f[255] / s23);
  for (int i = 1; i < 256; ++i) {
    z.ki[i] = static_cast<uint64_t>(std::nearbyint(x[i - 1] / x[i] * s52));
    z.kf[i] = static_cast<uint32_t>(std::nearbyint(x[i - 1] / x[i] * s23));
    z.wi[i] = x[i] / s52;
    z.wf[i] = static_cast<float>(x[i] / s23);
  }
  for (int i = 0; i < 256; ++i) {
    z.fi[i] = f[i];
    z.ff[i] = static_cast<float>(f[i]);
  }
  return z;
}

// The exponential's tables (f(x) = exp(-x)): the recursion x[i] = -log(f(x[i+1]) + V / x[i+1])
// carried in double-double from R and V as decimal numbers (NumPy's exponential tables agree with
// this exact computation, unlike its normal ones, which were computed in double), then
//   k[0] = 2 floor(R f(R) / V * 2^52), k[i] = 2 floor(x[i-1] / x[i] * 2^52)  (float64: even)
//   k[0] = round(R f(R) / V * 2^23),   k[i] = round(x[i-1] / x[i] * 2^23)    (float32)
//   w[0] = V / f(R) / 2^m, w[i] = x[i] / 2^m, f[i] = f(x[i]), m = 53 (float64) or 23 (float32).
// The nearest float to a double-double (no double rounding through the nearest double).
float to_float(DD a) {
  const float f = static_cast<float>(a.hi);
  const double err = (a.hi - static_cast<double>(f)) + a.lo;  // exact enough: |err| <= ulp(f)
  const double half = (static_cast<double>(std::nextafter(f, a.hi + a.lo > f ? 1e30f : -1e30f)) - f) / 2;
  if (half != 0 && std::fabs(err) > std::fabs(half) && (err > 0) == (half > 0)) return std::nextafter(f, err > 0 ? 1e30f : -1e30f);
  return f;
}

constexpr DD kExpRdd = {0x1.ec9d9297ebb83p+2, -0x1.9b0d92eeea858p-52};  // 7.69711747013104972
constexpr DD kExpVdd = {0x1.02d84bc4b0285p-8, 0x1.aae34578da1dcp-63};  // 0.0039496598225815571993

// Where NumPy 1.24's exponential tables are not the exact values rounded (ziggurat_constants.h: its
// generator's own rounding, a few units in the last place, x too low and f too high toward the
// base). Entry, then the difference in units in the last place; reproduced so that the draws are
// NumPy's.
struct Ulps {
  uint8_t i;
  int8_t d;
};
constexpr Ulps kWeNumPy[] = {{1, -4}, {2, -3}, {3, -1}, {4, -2}, {5, -1}, {6, -1}, {7, -1}, {12, -1}, {13, -1}, {14, -1}, {15, -1},
                             {18, -1}, {33, -1}, {35, -1}, {55, -1}, {56, -1}, {66, -1}, {91, -1}, {141, -1}, {144, -1}, {179, -1}};
constexpr Ulps kFeNumPy[] = {{1, 1}, {2, 1}, {19, 1}, {22, 1}, {35, 1}, {49, 1}, {77, 1}, {81, 1}, {94, 1}, {100, 1}, {114, 1}, {126, 1}, {128, 1}};
constexpr Ulps kKeNumPy[] = {{2, -4}, {10, -2}};  // in units of the threshold
constexpr Ulps kWefNumPy[] = {{226, 1}};
constexpr Ulps kFefNumPy[] = {{128, -1}, {154, 1}, {171, -1}};

template <typename T>
T step_ulps(T v, int d) {
  for (; d > 0; --d) v = std::nextafter(v, static_cast<T>(1e30));
  for (; d < 0; ++d) v = std::nextafter(v, static_cast<T>(0));
  return v;
}

Ziggurat build_exp() {
  Ziggurat z;
  DD x[256];
  DD f[256];
  x[255] = kExpRdd;
  f[255] = exp_dd({-kExpRdd.hi, -kExpRdd.lo});
  for (int i = 254; i >= 1; --i) {
    const DD l = log_dd(add(f[i + 1], div(kExpVdd, x[i + 1])));
    x[i] = {-l.hi, -l.lo};
    f[i] = exp_dd(l);
  }
  x[0] = {0, 0};
  f[0] = {1, 0};
  const double s52 = 4503599627370496.0;  // 2^52
  const double s53 = 9007199254740992.0;
  const double s23 = 8388608.0;
  const auto ratio = [&](int i) { return i == 0 ? div(mul(kExpRdd, f[255]), kExpVdd) : div(x[i - 1], x[i]); };
  for (int i = 0; i < 256; ++i) {
    const DD r = ratio(i);
    // floor(r * 2^52) of a double-double: the high part's floor, less one when the low part takes it below
    const DD r52 = {r.hi * s52, r.lo * s52};
    double fl = std::floor(r52.hi);
    if (fl == r52.hi && r52.lo < 0) fl -= 1;
    z.ki[i] = 2 * static_cast<uint64_t>(fl);
    z.kf[i] = static_cast<uint32_t>(std::nearbyint((r.hi + r.lo) * s23));
    const DD w = i == 0 ? div(kExpVdd, f[255]) : x[i];
    z.wi[i] = (w.hi + w.lo) / s53;
    z.wf[i] = to_float({w.hi / s23, w.lo / s23});
    z.fi[i] = f[i].hi + f[i].lo;
    z.ff[i] = to_float(f[i]);
  }
  for (const Ulps& u : kWeNumPy) z.wi[u.i] = step_ulps(z.wi[u.i], u.d);
  for (const Ulps& u : kFeNumPy) z.fi[u.i] = step_ulps(z.fi[u.i], u.d);
  for (const Ulps& u : kKeNumPy) z.ki[u.i] += static_cast<uint64_t>(static_cast<int64_t>(u.d));
  for (const Ulps& u : kWefNumPy) z.wf[u.i] = step_ulps(z.wf[u.i], u.d);
  for (const Ulps& u : kFefNumPy) z.ff[u.i] = step_ulps(z.ff[u.i], u.d);
  return z;
}

}  // namespace

const Ziggurat& ziggurat() {
  static const Ziggurat z = build();
  return z;
}

const Ziggurat& exp_ziggurat() {
  static const Ziggurat z = build_exp();
  return z;
}

}  // namespace sv::random
