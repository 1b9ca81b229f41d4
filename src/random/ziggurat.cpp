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
double exp_cr(double a) {
  const double k = std::nearbyint(a / kLn2.hi);
  DD r = add({a, 0}, mul({-k, 0}, kLn2));
  r = {std::ldexp(r.hi, -8), std::ldexp(r.lo, -8)};
  DD sum = {1, 0};
  DD term = {1, 0};
  for (int n = 1; n <= 14; ++n) {
    term = div(mul(term, r), {static_cast<double>(n), 0});
    sum = add(sum, term);
  }
  for (int i = 0; i < 8; ++i) sum = mul(sum, sum);
  const int e = static_cast<int>(k);
  return std::ldexp(sum.hi + sum.lo, e);  // hi + lo rounds to the nearest double (scaling exact)
}

// log(y), y > 0, correctly rounded for the arguments used here: y = m 2^e with m in
// [sqrt(1/2), sqrt(2)), log m = 2 atanh((m - 1) / (m + 1)) by its series.
double log_cr(double y) {
  int e;
  double m = std::frexp(y, &e);
  if (m < 0.70710678118654752) {
    m *= 2;
    --e;
  }
  const DD t = div({m - 1, 0}, two_sum(m, 1));
  const DD t2 = mul(t, t);
  DD pow = t;
  DD sum = t;
  for (int n = 1; n <= 26; ++n) {
    pow = mul(pow, t2);
    sum = add(sum, div(pow, {static_cast<double>(2 * n + 1), 0}));
  }
  sum = add(sum, sum);
  const DD r = add(mul({static_cast<double>(e), 0}, kLn2), sum);
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

}  // namespace

const Ziggurat& ziggurat() {
  static const Ziggurat z = build();
  return z;
}

}  // namespace sv::random
