// The discrete distributions of numpy.random.Generator (NumPy 1.24's distributions.c,
// random_hypergeometric.c, random_mvhg_count.c, random_mvhg_marginals.c), one draw per call,
// consuming the bit generator exactly as NumPy does (see continuous.hpp for the C library's part).
#pragma once
#include <cstddef>
#include <cstdint>

#include "pcg64.hpp"

namespace sv::random::dist {

// The setup of the binomial methods for one (n, p), reused while they repeat (NumPy's binomial_t;
// the draws do not depend on it).
struct BinomialCache {
  bool has = false;
  int64_t nsave = 0;
  double psave = 0;
  int64_t m = 0;
  double r = 0, q = 0, fm = 0, p1 = 0, xm = 0, xl = 0, xr = 0, c = 0, laml = 0, lamr = 0, p2 = 0, p3 = 0, p4 = 0;
};

double loggam(double x);  // log Gamma(x), NumPy's random_loggam

int64_t poisson(Pcg64& g, double lam);  // multiplication below lam 10, PTRS from 10
int64_t binomial(Pcg64& g, double p, int64_t n, BinomialCache& cache);  // inversion / BTPE
int64_t negative_binomial(Pcg64& g, double n, double p);  // poisson(gamma)
int64_t geometric(Pcg64& g, double p);  // search from p >= 1/3, inversion below
int64_t hypergeometric(Pcg64& g, int64_t good, int64_t bad, int64_t sample);  // HRUA from 10 draws
int64_t logseries(Pcg64& g, double p);
int64_t zipf(Pcg64& g, double a);

// One multinomial vector: out[0, d) from n trials over p[0, d) (NumPy's random_multinomial:
// the entries that the loop does not reach stay as given: the caller zeroes out first).
void multinomial(Pcg64& g, int64_t n, const double* p, size_t d, int64_t* out, BinomialCache& cache);

// multivariate_hypergeometric: `num` variates of `ncolors` counts each (out[num * ncolors]) drawing
// nsample of total = sum(colors) items. 'count' (false when out of memory) and 'marginals'.
bool mvhg_count(Pcg64& g, int64_t total, size_t ncolors, const int64_t* colors, int64_t nsample, size_t num, int64_t* out);
void mvhg_marginals(Pcg64& g, int64_t total, size_t ncolors, const int64_t* colors, int64_t nsample, size_t num, int64_t* out);

}  // namespace sv::random::dist
