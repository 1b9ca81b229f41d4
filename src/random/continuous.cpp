// The continuous distributions of numpy.random.Generator, NumPy 1.24's arithmetic in NumPy's order
// (every product and sum rounded on its own, the C library's functions where NumPy calls them), so
// that the same bit generator state gives NumPy's draws.
#include "continuous.hpp"
#include "libm.hpp"

#include <cmath>
#include <cstdlib>

#include "discrete.hpp"
#include "ziggurat.hpp"

#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace sv::random::dist {

namespace {

constexpr double kPi = 3.14159265358979323846;

// The rare exits of the exponential ziggurat: the tail beyond R (by memorylessness, R plus a fresh
// exponential, from 1 - U so that log never sees 0), a wedge point, or a fresh draw.
double exp_unlikely(Pcg64& g, const Ziggurat& z, int idx, double x) {
  if (idx == 0) return kZigExpR - std::log1p(-g.next_double());
  if ((z.fi[idx - 1] - z.fi[idx]) * g.next_double() + z.fi[idx] < std::exp(-x)) return x;
  return standard_exponential(g);
}

float exp_unlikely_f(Pcg64& g, const Ziggurat& z, int idx, float x) {
  if (idx == 0) return static_cast<float>(kZigExpR) - np_log1pf(-g.next_float());
  if ((z.ff[idx - 1] - z.ff[idx]) * g.next_float() + z.ff[idx] < std::exp(-x)) return x;
  return standard_exponential_f(g);
}

}  // namespace

// ---------------------------------------------------------------------------------- exponential

double standard_exponential(Pcg64& g) {
  const Ziggurat& z = exp_ziggurat();
  uint64_t r = g.next64() >> 3;  // 61 bits: the strip (8), then the position (53)
  const int idx = static_cast<int>(r & 0xff);
  r >>= 8;
  const double x = static_cast<double>(r) * z.wi[idx];
  if (r < z.ki[idx]) return x;  // inside the strip's rectangle: ~98.9% of draws
  return exp_unlikely(g, z, idx, x);
}

float standard_exponential_f(Pcg64& g) {
  const Ziggurat& z = exp_ziggurat();
  uint32_t r = g.next32() >> 1;  // 31 bits: the strip (8), then the position (23)
  const int idx = static_cast<int>(r & 0xff);
  r >>= 8;
  const float x = static_cast<float>(r) * z.wf[idx];
  if (r < z.kf[idx]) return x;
  return exp_unlikely_f(g, z, idx, x);
}

double standard_exponential_inv(Pcg64& g) { return -std::log1p(-g.next_double()); }
float standard_exponential_inv_f(Pcg64& g) { return -np_log1pf(-g.next_float()); }

double exponential(Pcg64& g, double scale) { return scale * standard_exponential(g); }

// ---------------------------------------------------------------------------------------- gamma

double standard_gamma(Pcg64& g, double shape) {
  if (shape == 1.0) return standard_exponential(g);
  if (shape == 0.0) return 0.0;
  if (shape < 1.0) {
    // Below 1: a rejection from an exponential envelope on two pieces split at U = 1 - shape.
    for (;;) {
      const double u = g.next_double();
      const double v = standard_exponential(g);
      if (u <= 1.0 - shape) {
        const double x = np_pow(u, 1. / shape);
        if (x <= v) return x;
      } else {
        const double y = -np_log((1 - u) / shape);
        const double x = np_pow(1.0 - shape + shape * y, 1. / shape);
        if (x <= v + y) return x;
      }
    }
  }
  // Marsaglia and Tsang (2000): d (1 + c X)^3 for a normal X, squeezed, then the log test.
  const double b = shape - 1. / 3.;
  const double c = 1. / std::sqrt(9 * b);
  for (;;) {
    double x, v;
    do {
      x = standard_normal(g);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = g.next_double();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
    if (np_log(u) < 0.5 * x * x + b * (1. - v + np_log(v))) return b * v;  // log(0) = -inf accepts
  }
}

float standard_gamma_f(Pcg64& g, float shape) {
  if (shape == 1.0f) return standard_exponential_f(g);
  if (shape == 0.0f) return 0.0f;
  if (shape < 1.0f) {
    for (;;) {
      const float u = g.next_float();
      const float v = standard_exponential_f(g);
      if (u <= 1.0f - shape) {
        const float x = std::pow(u, 1.0f / shape);
        if (x <= v) return x;
      } else {
        const float y = -std::log((1.0f - u) / shape);
        const float x = std::pow(1.0f - shape + shape * y, 1.0f / shape);
        if (x <= v + y) return x;
      }
    }
  }
  const float b = shape - 1.0f / 3.0f;
  const float c = 1.0f / std::sqrt(9.0f * b);
  for (;;) {
    float x, v;
    do {
      x = standard_normal_f(g);
      v = 1.0f + c * x;
    } while (v <= 0.0f);
    v = v * v * v;
    const float u = g.next_float();
    if (u < 1.0f - 0.0331f * (x * x) * (x * x)) return b * v;
    if (std::log(u) < 0.5f * x * x + b * (1.0f - v + std::log(v))) return b * v;
  }
}

double gamma(Pcg64& g, double shape, double scale) { return scale * standard_gamma(g, shape); }

double beta(Pcg64& g, double a, double b) {
  if (a <= 1.0 && b <= 1.0) {
    // Johnk's algorithm: X = U^(1/a), Y = V^(1/b), accepted when X + Y <= 1.
    for (;;) {
      const double u = g.next_double();
      const double v = g.next_double();
      const double x = np_pow(u, 1.0 / a);
      const double y = np_pow(v, 1.0 / b);
      const double sum = x + y;
      if (sum <= 1.0 && sum > 0.0) {
        if (x + y > 0) return x / sum;
        // Both powers underflowed (tiny a and b): the ratio from the logarithms.
        double lx = np_log(u) / a;
        double ly = np_log(v) / b;
        const double lm = lx > ly ? lx : ly;
        lx -= lm;
        ly -= lm;
        return std::exp(lx - np_log(std::exp(lx) + std::exp(ly)));
      }
    }
  }
  const double ga = standard_gamma(g, a);
  const double gb = standard_gamma(g, b);
  return ga / (ga + gb);
}

double chisquare(Pcg64& g, double df) { return 2.0 * standard_gamma(g, df / 2.0); }

double f(Pcg64& g, double dfnum, double dfden) {
  const double num = chisquare(g, dfnum) * dfden;
  return num / (chisquare(g, dfden) * dfnum);
}

double noncentral_chisquare(Pcg64& g, double df, double nonc) {
  if (std::isnan(nonc)) return NAN;
  if (nonc == 0) return chisquare(g, df);
  if (1 < df) {
    const double chi2 = chisquare(g, df - 1);
    const double n = standard_normal(g) + std::sqrt(nonc);
    return chi2 + n * n;
  }
  const int64_t i = poisson(g, nonc / 2.0);  // a Poisson mixture of central chi-squares
  return chisquare(g, df + 2 * static_cast<double>(i));
}

double noncentral_f(Pcg64& g, double dfnum, double dfden, double nonc) {
  const double t = noncentral_chisquare(g, dfnum, nonc) * dfden;
  return t / (chisquare(g, dfden) * dfnum);
}

double standard_t(Pcg64& g, double df) {
  const double num = standard_normal(g);
  const double denom = standard_gamma(g, df / 2);
  return std::sqrt(df / 2) * num / std::sqrt(denom);
}

// ------------------------------------------------------------------------- one-draw transforms

double standard_cauchy(Pcg64& g) {
  const double num = standard_normal(g);
  return num / standard_normal(g);
}

double lognormal(Pcg64& g, double mean, double sigma) {
  const double z = sigma * standard_normal(g);
  return std::exp(mean + z);
}

double laplace(Pcg64& g, double loc, double scale) {
  for (;;) {
    const double u = g.next_double();
    if (u >= 0.5) return loc - scale * np_log(2.0 - u - u);
    if (u > 0.0) return loc + scale * np_log(u + u);
    // u == 0: drawn again
  }
}

double logistic(Pcg64& g, double loc, double scale) {
  for (;;) {
    const double u = g.next_double();
    if (u > 0.0) return loc + scale * np_log(u / (1.0 - u));
  }
}

double gumbel(Pcg64& g, double loc, double scale) {
  for (;;) {
    const double u = 1.0 - g.next_double();
    if (u < 1.0) return loc - scale * np_log(-np_log(u));
  }
}

double weibull(Pcg64& g, double a) {
  if (a == 0.0) return 0.0;  // no draw, as NumPy
  return np_pow(standard_exponential(g), 1. / a);
}

double rayleigh(Pcg64& g, double scale) { return scale * std::sqrt(2.0 * standard_exponential(g)); }

double pareto(Pcg64& g, double a) { return std::expm1(standard_exponential(g) / a); }

double power(Pcg64& g, double a) { return np_pow(-std::expm1(-standard_exponential(g)), 1. / a); }

double wald(Pcg64& g, double mean, double scale) {
  const double mu_2l = mean / (2 * scale);
  double y = standard_normal(g);
  y = mean * y * y;
  const double x = mean + mu_2l * (y - std::sqrt(4 * scale * y + y * y));
  const double u = g.next_double();
  if (u <= mean / (mean + x)) return x;
  return mean * mean / x;
}

double triangular(Pcg64& g, double left, double mode, double right) {
  const double base = right - left;
  const double leftbase = mode - left;
  const double ratio = leftbase / base;
  const double leftprod = leftbase * base;
  const double rightprod = (right - mode) * base;
  const double u = g.next_double();
  if (u <= ratio) return left + std::sqrt(u * leftprod);
  return right - std::sqrt((1.0 - u) * rightprod);
}

double vonmises(Pcg64& g, double mu, double kappa) {
  if (std::isnan(kappa)) return NAN;
  if (kappa < 1e-8) return kPi * (2 * g.next_double() - 1);  // uniform on the circle
  double s;
  if (kappa < 1e-5) {
    s = 1. / kappa + kappa;  // second-order expansion of the envelope's parameter at 0
  } else if (kappa <= 1e6) {
    const double r = 1 + std::sqrt(1 + 4 * kappa * kappa);
    const double rho = (r - std::sqrt(2 * r)) / (2 * kappa);
    s = (1 + rho * rho) / (2 * rho);
  } else {
    // Very concentrated: the wrapped normal, brought back within one turn.
    double result = mu + std::sqrt(1. / kappa) * standard_normal(g);
    if (result < -kPi) result += 2 * kPi;
    if (result > kPi) result -= 2 * kPi;
    return result;
  }
  // Best and Fisher (1979): a wrapped Cauchy envelope.
  double w;
  for (;;) {
    const double u = g.next_double();
    const double z = std::cos(kPi * u);
    w = (1 + s * z) / (s + z);
    const double y = kappa * (s - w);
    const double v = g.next_double();
    if (y * (2 - y) - v >= 0 || np_log(y / v) + 1 - y >= 0) break;  // v == 0 is fine
  }
  const double u = g.next_double();
  double result = std::acos(w);
  if (u < 0.5) result = -result;
  result += mu;
  const bool neg = result < 0;
  double mod = std::fabs(result);
  mod = std::fmod(mod + kPi, 2 * kPi) - kPi;
  if (neg) mod *= -1;
  return mod;
}

// ------------------------------------------------------------------------------------- dirichlet

bool dirichlet(Pcg64& g, const double* alpha, size_t k, size_t num, double* out) {
  if (k == 0 || num == 0) return true;
  double amax = alpha[0];
  for (size_t j = 1; j < k; ++j) amax = alpha[j] > amax ? alpha[j] : amax;
  if (amax < 0.1) {
    // Every alpha small: stick-breaking with beta draws (normalised gammas could all underflow to
    // 0 and give 0 / 0). The betas' second parameters: the sums of alpha to the right.
    double* csum = static_cast<double*>(std::malloc(k * sizeof(double)));
    if (csum == nullptr) return false;
    double acc_sum = 0.0;
    for (size_t j = k; j-- > 0;) {
      acc_sum += alpha[j];
      csum[j] = acc_sum;
    }
    for (size_t i = 0; i < num; ++i) {
      double* row = out + i * k;
      double acc = 1.;
      for (size_t j = 0; j + 1 < k; ++j) {
        const double v = beta(g, alpha[j], csum[j + 1]);
        row[j] = acc * v;
        acc *= 1. - v;
      }
      row[k - 1] = acc;
    }
    std::free(csum);
    return true;
  }
  for (size_t i = 0; i < num; ++i) {
    double* row = out + i * k;
    double acc = 0.;
    for (size_t j = 0; j < k; ++j) {
      row[j] = standard_gamma(g, alpha[j]);
      acc = acc + row[j];
    }
    const double inv = 1. / acc;
    for (size_t j = 0; j < k; ++j) row[j] = row[j] * inv;
  }
  return true;
}

}  // namespace sv::random::dist
