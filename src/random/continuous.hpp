// The continuous distributions of numpy.random.Generator (NumPy 1.24's distributions.c), one draw
// per call, consuming the bit generator exactly as NumPy does: the same seed gives NumPy's numbers
// wherever the C library's log / exp / pow / expm1 / log1p / cos / acos round as glibc's do
// (natively every draw; in WebAssembly all but about 1 in 10^3 of the draws that pass through those
// functions, which then differ in the last bit or two: docs/guide.md "Random numbers").
#pragma once
#include <cstddef>
#include <cstdint>

#include "pcg64.hpp"

namespace sv::random::dist {

double standard_normal(Pcg64& g);  // the ziggurat (distributions.cpp)
float standard_normal_f(Pcg64& g);

double standard_exponential(Pcg64& g);  // method 'zig': the 256-strip exponential ziggurat
float standard_exponential_f(Pcg64& g);
double standard_exponential_inv(Pcg64& g);  // method 'inv': -log1p(-U)
float standard_exponential_inv_f(Pcg64& g);
double standard_gamma(Pcg64& g, double shape);  // Marsaglia-Tsang (shape >= 1), NumPy's rejection below 1
float standard_gamma_f(Pcg64& g, float shape);

double exponential(Pcg64& g, double scale);
double gamma(Pcg64& g, double shape, double scale);
double beta(Pcg64& g, double a, double b);
double chisquare(Pcg64& g, double df);
double f(Pcg64& g, double dfnum, double dfden);
double noncentral_chisquare(Pcg64& g, double df, double nonc);
double noncentral_f(Pcg64& g, double dfnum, double dfden, double nonc);
double standard_t(Pcg64& g, double df);
double standard_cauchy(Pcg64& g);
double lognormal(Pcg64& g, double mean, double sigma);
double laplace(Pcg64& g, double loc, double scale);
double logistic(Pcg64& g, double loc, double scale);
double gumbel(Pcg64& g, double loc, double scale);
double weibull(Pcg64& g, double a);
double rayleigh(Pcg64& g, double scale);
double pareto(Pcg64& g, double a);
double power(Pcg64& g, double a);
double vonmises(Pcg64& g, double mu, double kappa);
double wald(Pcg64& g, double mean, double scale);
double triangular(Pcg64& g, double left, double mode, double right);

// dirichlet: `num` vectors of k values (out[num * k]), NumPy 1.24's two methods (stick-breaking
// with beta draws when every alpha <= 0.1, else normalised gammas). false when out of memory.
bool dirichlet(Pcg64& g, const double* alpha, size_t k, size_t num, double* out);

}  // namespace sv::random::dist
