// The discrete distributions of numpy.random.Generator as NumPy 1.24's distributions.c draws them
// (the hypergeometric family is in hypergeometric.cpp). Every call on the bit generator and every
// rounding happens in NumPy's order (the C library's log and pow, as NumPy calls them), so one seed
// gives NumPy's numbers (continuous.hpp: where the C library rounds as glibc's); where NumPy's C
// converts a double that does not fit to int64 (undefined in C), we give what its x86-64 builds give.
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "continuous.hpp"
#include "libm.hpp"
#include "discrete.hpp"

// Bit-for-bit results need every product and sum rounded on its own (no fused multiply-add).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace sv::random::dist {

namespace {

// C's (int64_t)x as x86-64's cvttsd2si computes it: truncation toward zero, and INT64_MIN for NaN
// and for anything outside [-2^63, 2^63). Several of NumPy's rejection steps count on that value
// (a huge or NaN candidate becomes negative and is rejected); geometric and zipf return it.
int64_t to_int64(double x) {
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(x);
}

// int64 sums and products that wrap as two's complement, as NumPy's compiled C does on x86-64
// for the n of binomial near INT64_MAX (C++20 defines the conversion back to int64).
int64_t wrap_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrap_sub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t wrap_mul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

double as_double(int64_t v) { return static_cast<double>(v); }

}  // namespace

// Stirling's series for log Gamma at x0 = x + shift >= 7, then the recurrence back down to x.
// The coefficients are B_2k / (2k (2k - 1)) as NumPy writes them, 16 significant digits (several
// are not the doubles nearest to those fractions, and the last is cut at 15 digits).
double loggam(double x) {
  static constexpr double kSeries[10] = {
      8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04, -5.952380952380952e-04,
      8.417508417508418e-04, -1.917526917526918e-03, 6.410256410256410e-03, -2.955065359477124e-02,
      1.796443723688307e-01, -1.39243221690590e+00};
  constexpr double kLog2Pi = 1.8378770664093453e+00;
  if (x == 1.0 || x == 2.0) return 0.0;
  const int64_t shift = x < 7.0 ? to_int64(7 - x) : 0;
  double x0 = x + as_double(shift);
  const double inv_sq = (1.0 / x0) * (1.0 / x0);
  double sum = kSeries[9];
  for (int k = 8; k >= 0; --k) {
    sum *= inv_sq;
    sum += kSeries[k];
  }
  double result = sum / x0 + 0.5 * kLog2Pi + (x0 - 0.5) * np_log(x0) - x0;
  if (x < 7.0) {
    for (int64_t k = 1; k <= shift; ++k) {
      result -= np_log(x0 - 1.0);
      x0 -= 1.0;
    }
  }
  return result;
}

// ------------------------------------------------------------------------------------- poisson

namespace {

// Multiplies uniforms until the product drops to exp(-lam) or below; the count of factors before
// that is the draw.
int64_t poisson_multiplication(Pcg64& g, double lam) {
  const double floor_value = std::exp(-lam);
  int64_t count = 0;
  double product = 1.0;
  for (;;) {
    product *= g.next_double();
    if (!(product > floor_value)) return count;
    ++count;
  }
}

// Hoermann's transformed rejection with squeeze (PTRS, 1993) for lam >= 10.
int64_t poisson_ptrs(Pcg64& g, double lam) {
  const double root = std::sqrt(lam);
  const double log_lam = np_log(lam);
  const double b = 0.931 + 2.53 * root;
  const double a = -0.059 + 0.02483 * b;
  const double inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
  const double v_accept = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const double u = g.next_double() - 0.5;
    const double v = g.next_double();
    const double us = 0.5 - std::fabs(u);
    const int64_t k = to_int64(std::floor((2 * a / us + b) * u + lam + 0.43));
    if (us >= 0.07 && v <= v_accept) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    // log(0) = -inf accepts, as in NumPy
    const double lhs = np_log(v) + np_log(inv_alpha) - np_log(a / (us * us) + b);
    const double rhs = -lam + as_double(k) * log_lam - loggam(as_double(k + 1));
    if (lhs <= rhs) return k;
  }
}

}  // namespace

int64_t poisson(Pcg64& g, double lam) {
  if (lam >= 10) return poisson_ptrs(g, lam);
  if (lam == 0) return 0;
  return poisson_multiplication(g, lam);
}

// ------------------------------------------------------------------------------------ binomial

namespace {

// Inversion by the recurrence f(x) = f(x - 1) (n - x + 1) p / (x q), restarting with a fresh
// uniform past a bound of mean + 10 standard deviations. Cache: q, r = q^n, c = n p, m = bound.
int64_t binomial_inversion(Pcg64& g, int64_t n, double p, BinomialCache& cache) {
  if (!cache.has || cache.nsave != n || cache.psave != p) {
    cache.nsave = n;
    cache.psave = p;
    cache.has = true;
    cache.q = 1.0 - p;
    cache.r = std::exp(as_double(n) * np_log(cache.q));
    cache.c = as_double(n) * p;
    const double spread = cache.c + 10.0 * std::sqrt(cache.c * cache.q + 1);
    cache.m = to_int64(as_double(n) < spread ? as_double(n) : spread);
  }
  const double q = cache.q, q_pow_n = cache.r;
  const int64_t bound = cache.m;
  int64_t x = 0;
  double mass = q_pow_n;
  double u = g.next_double();
  while (u > mass) {
    ++x;
    if (x > bound) {
      x = 0;
      mass = q_pow_n;
      u = g.next_double();
    } else {
      u -= mass;
      mass = (as_double(n - x + 1) * p * mass) / (as_double(x) * q);
    }
  }
  return x;
}

// Kachitvichyanukul and Schmeiser's BTPE (1988) for p <= 1/2 and n p > 30: a triangle, two
// parallelograms and two exponential tails over the mass function, with an explicit ratio near
// the mode and Stirling-based bounds farther out.
int64_t binomial_btpe(Pcg64& g, int64_t n, double p, BinomialCache& cache) {
  BinomialCache& s = cache;
  if (!s.has || s.nsave != n || s.psave != p) {
    s.nsave = n;
    s.psave = p;
    s.has = true;
    s.r = p < 1.0 - p ? p : 1.0 - p;
    s.q = 1.0 - s.r;
    s.fm = as_double(n) * s.r + s.r;
    s.m = to_int64(std::floor(s.fm));
    s.p1 = std::floor(2.195 * std::sqrt(as_double(n) * s.r * s.q) - 4.6 * s.q) + 0.5;
    s.xm = as_double(s.m) + 0.5;
    s.xl = s.xm - s.p1;
    s.xr = s.xm + s.p1;
    s.c = 0.134 + 20.5 / (15.3 + as_double(s.m));
    double slope = (s.fm - s.xl) / (s.fm - s.xl * s.r);
    s.laml = slope * (1.0 + slope / 2.0);
    slope = (s.xr - s.fm) / (s.xr * s.q);
    s.lamr = slope * (1.0 + slope / 2.0);
    s.p2 = s.p1 * (1.0 + 2.0 * s.c);
    s.p3 = s.p2 + s.c / s.laml;
    s.p4 = s.p3 + s.c / s.lamr;
  }
  const double r = s.r, q = s.q, p1 = s.p1, xm = s.xm, xl = s.xl, xr = s.xr, c = s.c;
  const double laml = s.laml, lamr = s.lamr, p2 = s.p2, p3 = s.p3, p4 = s.p4;
  const int64_t m = s.m;
  const double nd = as_double(n);
  const double nrq = nd * r * q;

  for (;;) {
    const double u = g.next_double() * p4;
    double v = g.next_double();
    int64_t y;
    // the triangle accepts outright
    if (u <= p1) return to_int64(std::floor(xm - p1 * v + u));
    if (u <= p2) {  // the parallelograms
      const double x = xl + (u - p1) / c;
      v = v * c + 1.0 - std::fabs(as_double(m) - x + 0.5) / p1;
      if (v > 1.0) continue;
      y = to_int64(std::floor(x));
    } else if (u <= p3) {  // the left tail (v == 0 would give -inf: rejected)
      y = to_int64(std::floor(xl + np_log(v) / laml));
      if (y < 0 || v == 0.0) continue;
      v = v * (u - p2) * laml;
    } else {  // the right tail
      y = to_int64(std::floor(xr - np_log(v) / lamr));
      if (y > n || v == 0.0) continue;
      v = v * (u - p3) * lamr;
    }

    const int64_t from_mode = wrap_sub(y, m);
    const int64_t k = from_mode < 0 ? wrap_sub(0, from_mode) : from_mode;
    const double kd = as_double(k);
    if (!(k > 20 && kd < nrq / 2.0 - 1)) {
      // near the mode: f(y) / f(m) as a product of the recurrence's ratios
      const double ratio = r / q;
      const double scaled = ratio * as_double(wrap_add(n, 1));
      double f = 1.0;
      if (m < y) {
        for (int64_t i = m + 1; i <= y; ++i) f *= (scaled / as_double(i) - ratio);
      } else if (m > y) {
        for (int64_t i = y + 1; i <= m; ++i) f /= (scaled / as_double(i) - ratio);
      }
      if (v > f) continue;
      return y;
    }

    // farther out: squeeze log(v) between bounds on log(f(y) / f(m)), then Stirling's bound
    const double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const double t = as_double(wrap_mul(wrap_sub(0, k), k)) / (2 * nrq);
    const double log_v = np_log(v);
    if (log_v < t - rho) return y;
    if (log_v > t + rho) continue;

    const double x1 = as_double(wrap_add(y, 1));
    const double f1 = as_double(wrap_add(m, 1));
    const double z = as_double(wrap_sub(wrap_add(n, 1), m));
    const double w = as_double(wrap_add(wrap_sub(n, y), 1));
    const double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    auto stirling_tail = [](double sq, double base) {
      return (13680. - (462. - (132. - (99. - 140. / sq) / sq) / sq) / sq) / base / 166320.;
    };
    const double bound = xm * np_log(f1 / x1) + (as_double(n - m) + 0.5) * np_log(z / w) +
                         as_double(from_mode) * np_log(w * r / (x1 * q)) + stirling_tail(f2, f1) +
                         stirling_tail(z2, z) + stirling_tail(x2, x1) + stirling_tail(w2, w);
    if (log_v > bound) continue;
    return y;
  }
}

// n - draw where NumPy's int64 subtraction wraps (a NaN p's INT64_MIN draw)
int64_t complement_of(int64_t n, int64_t draw) { return wrap_sub(n, draw); }

}  // namespace

int64_t binomial(Pcg64& g, double p, int64_t n, BinomialCache& cache) {
  if (n == 0 || p == 0.0) return 0;
  if (p <= 0.5) {
    if (p * as_double(n) <= 30.0) return binomial_inversion(g, n, p, cache);
    return binomial_btpe(g, n, p, cache);
  }
  const double q = 1.0 - p;
  if (q * as_double(n) <= 30.0) return complement_of(n, binomial_inversion(g, n, q, cache));
  return complement_of(n, binomial_btpe(g, n, q, cache));
}

// ------------------------------------------------------------------ the other univariate ones

int64_t negative_binomial(Pcg64& g, double n, double p) {
  const double scale = (1 - p) / p;
  const double lam = scale * standard_gamma(g, n);  // NumPy's random_gamma(n, scale)
  return poisson(g, lam);
}

int64_t geometric(Pcg64& g, double p) {
  if (p >= 1.0 / 3.0) {
    // search: the first x whose cumulative mass reaches a uniform
    int64_t x = 1;
    double mass = p;
    double cumulative = p;
    const double q = 1.0 - p;
    const double u = g.next_double();
    while (u > cumulative) {
      mass *= q;
      // Once the mass underflows the sum stops moving and NumPy would loop forever (a uniform
      // above the sum's limit, about 1 - 2^-53): stop there instead.
      if (mass == 0.0) break;
      cumulative += mass;
      ++x;
    }
    return x;
  }
  return to_int64(std::ceil(-standard_exponential(g) / std::log1p(-p)));
}

// Kemp's second accelerated generator (LK) as NumPy writes it.
int64_t logseries(Pcg64& g, double p) {
  const double r = std::log1p(-p);
  for (;;) {
    const double v = g.next_double();
    if (v >= p) return 1;
    const double u = g.next_double();
    const double q = -std::expm1(r * u);
    if (v <= q * q) {
      const int64_t result = to_int64(std::floor(1 + np_log(v) / np_log(q)));
      if (result < 1 || v == 0.0) continue;
      return result;
    }
    return v >= q ? 1 : 2;
  }
}

namespace {

constexpr double kTwo63 = 9223372036854775808.0;
constexpr double kTwoM53 = 1.0 / 9007199254740992.0;
constexpr uint64_t kTwo53 = uint64_t{1} << 53;

// zipf's candidate from the 53 bits k of its first uniform: floor((1 - k 2^-53)^exponent).
double zipf_candidate(uint64_t k, double exponent) {
  return std::floor(np_pow(1.0 - static_cast<double>(k) * kTwoM53, exponent));
}

// For a close to 1 nearly every candidate is above 2^63 and rejected (accepted ones need a
// uniform within about 44 (a - 1) of 1, so NumPy spends 1 / (44 (a - 1)) rounds per draw). The
// bits k from which on every candidate is rejected: a k from here on is rejected without pow,
// the same decision pow would make. Only used for a - 1 < 1e-4, where the candidate rises by
// thousands of ulps from one k to the next, so that no libm's rounding can put the cut anywhere
// but where it is. The cut is estimated, then confirmed by pow (moved up until it is rejected).
uint64_t zipf_rejected_from(double am1, double exponent) {
  const double share_kept = -std::expm1(-63 * 0.6931471805599453 * am1);  // 1 - 2^(-63 (a - 1))
  uint64_t step = 16;
  uint64_t k = static_cast<uint64_t>(share_kept * static_cast<double>(kTwo53)) + step;
  while (k < kTwo53 && !(zipf_candidate(k, exponent) > kTwo63)) {
    k += step;
    step *= 2;
  }
  return k;
}

}  // namespace

// Devroye's rejection from the continuous Pareto bound, truncated to the int64 range (a
// candidate above 2^63 is rejected; one equal to 2^63 comes back as INT64_MIN, as in NumPy).
int64_t zipf(Pcg64& g, double a) {
  const double am1 = a - 1.0;
  const double b = np_pow(2.0, am1);
  const double exponent = -1.0 / am1;
  const uint64_t rejected_from = am1 < 1e-4 ? zipf_rejected_from(am1, exponent) : kTwo53;
  for (;;) {
    const uint64_t k = g.next64() >> 11;  // u = 1 - next_double()
    if (k >= rejected_from) {
      g.next64();  // v, drawn before NumPy's test
      continue;
    }
    const double v = g.next_double();
    const double x = zipf_candidate(k, exponent);
    if (x > kTwo63 || x < 1.0) continue;
    const double t = np_pow(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return to_int64(x);
  }
}

// ---------------------------------------------------------------------------------- multinomial

// Conditional binomials: entry j gets binomial(n left, p[j] / the mass not yet used); the last
// entry takes what is left. Stops at the first j that exhausts n.
void multinomial(Pcg64& g, int64_t n, const double* p, size_t d, int64_t* out,
                 BinomialCache& cache) {
  double mass_left = 1.0;
  int64_t left = n;
  for (size_t j = 0; j + 1 < d; ++j) {
    out[j] = binomial(g, p[j] / mass_left, left, cache);
    left -= out[j];
    if (left <= 0) break;
    mass_left -= p[j];
  }
  if (left > 0) out[d - 1] = left;
}

}  // namespace sv::random::dist
