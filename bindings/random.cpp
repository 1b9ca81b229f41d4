// Random numbers (src/random) as plain wasm exports: one call per method, the generator's state
// passed in and out through a small exchange block (web/src/random.ts keeps the state in JS, so a
// Generator owns no WASM memory). Results are written straight into the output array's buffer.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>

#include "random/continuous.hpp"
#include "random/discrete.hpp"
#include "random/distributions.hpp"
#include "random/seed_sequence.hpp"

namespace {

namespace rnd = sv::random;

// Layout shared with web/src/random.ts (offsets in bytes).
struct Exchange {
  uint32_t state[10];  // 0: state (4 words, least significant first), inc (4 words), has_uint32, uinteger
  uint32_t args[6];    // 40: integer arguments (kind-specific)
  double params[4];    // 64: float arguments (kind-specific)
  double result[2];    // 96: one scalar result (up to 16 bytes)
};
static_assert(offsetof(Exchange, args) == 40 && offsetof(Exchange, params) == 64 && offsetof(Exchange, result) == 96);

Exchange g_ex;

rnd::u128 load128(const uint32_t* w) {
  rnd::u128 v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 32) | w[i];
  return v;
}
void store128(rnd::u128 v, uint32_t* w) {
  for (int i = 0; i < 4; ++i) {
    w[i] = static_cast<uint32_t>(v);
    v >>= 32;
  }
}
rnd::Pcg64 load() {
  rnd::Pcg64 g;
  g.state = load128(g_ex.state);
  g.inc = load128(g_ex.state + 4);
  g.has_uint32 = g_ex.state[8] != 0;
  g.uinteger = g_ex.state[9];
  return g;
}
void store(const rnd::Pcg64& g) {
  store128(g.state, g_ex.state);
  store128(g.inc, g_ex.state + 4);
  g_ex.state[8] = g.has_uint32 ? 1u : 0u;
  g_ex.state[9] = g.uinteger;
}
uint64_t arg64(int i) { return static_cast<uint64_t>(g_ex.args[i]) | (static_cast<uint64_t>(g_ex.args[i + 1]) << 32); }
template <typename T>
T* ptr(double p) {
  return reinterpret_cast<T*>(static_cast<uintptr_t>(p));
}

// What sv_rng_fill draws (web/src/random.ts mirrors these numbers).
enum Kind : int {
  kRandom64 = 0,        // out f64[n]
  kRandom32 = 1,        // out f32[n]
  kUniform = 2,         // out f64[n]; params low, high - low
  kNormal = 3,          // out f64[n]; params loc, scale
  kStdNormal64 = 4,     // out f64[n]
  kStdNormal32 = 5,     // out f32[n]
  kBounded = 6,         // out[n] of args[0] bytes; args[1] bool; off = args[2..3], rng = args[4..5]
  kShuffleRaw = 7,      // data at out, n items; params itemsize, stride in bytes
  kShuffleOrder = 8,    // out i64[n]
  kChoiceDistinct = 9,  // out i64[n]; params population, shuffle
  kChoiceP = 10,        // out i64[n]; params p pointer (f64), population
  kChoicePDistinct = 11,
};

// What sv_rng_dist draws (web/src/random_dists.ts mirrors these numbers). Parameter k (0..2) is the
// scalar params[k] when args[k] is 0, else an array of one value per draw at the address params[k].
enum Dist : int {
  // float64 results
  dExponential = 0, dGamma, dBeta, dChisquare, dF, dNoncentralChisquare, dNoncentralF, dStandardT,
  dStandardCauchy, dLognormal, dLaplace, dLogistic, dGumbel, dWeibull, dRayleigh, dPareto, dPower,
  dVonmises, dWald, dTriangular, dStdExp, dStdExpInv, dStdGamma,
  // float32 results
  dStdExpF = 23, dStdExpInvF, dStdGammaF,
  // int64 results
  dPoisson = 26, dBinomial, dNegativeBinomial, dGeometric, dHypergeometric, dLogseries, dZipf,
  // vectors (int64, float64 for dirichlet): args[3] = entries per vector, n = the number of vectors.
  // multinomial: params[0] trials (scalar or one per vector), params[1] the address of p (args[1]:
  // 0 one p for all vectors, 1 one p per vector); mvhg: params[0] the address of the colors
  // (int64), params[1] nsample, params[2] their total; dirichlet: params[0] the address of alpha.
  dMultinomial = 33, dMvhgCount, dMvhgMarginals, dDirichlet,
};

struct Params {
  const double* arr[3];
  double val[3];
  double operator()(int k, size_t i) const { return arr[k] ? arr[k][i] : val[k]; }
};

template <typename T, typename F>
void fill(T* out, size_t n, F draw) {
  for (size_t i = 0; i < n; ++i) out[i] = draw(i);
}

// One parameterised fill; false when out of memory.
bool dist_fill(rnd::Pcg64& g, int kind, double out_addr, size_t n) {
  namespace d = rnd::dist;
  Params p{};
  for (int k = 0; k < 3; ++k) {
    p.arr[k] = g_ex.args[k] ? ptr<const double>(g_ex.params[k]) : nullptr;
    p.val[k] = g_ex.params[k];
  }
  double* o = ptr<double>(out_addr);
  float* of = ptr<float>(out_addr);
  int64_t* oi = ptr<int64_t>(out_addr);
  switch (kind) {
    case dExponential: fill(o, n, [&](size_t i) { return d::exponential(g, p(0, i)); }); break;
    case dGamma: fill(o, n, [&](size_t i) { return d::gamma(g, p(0, i), p(1, i)); }); break;
    case dBeta: fill(o, n, [&](size_t i) { return d::beta(g, p(0, i), p(1, i)); }); break;
    case dChisquare: fill(o, n, [&](size_t i) { return d::chisquare(g, p(0, i)); }); break;
    case dF: fill(o, n, [&](size_t i) { return d::f(g, p(0, i), p(1, i)); }); break;
    case dNoncentralChisquare: fill(o, n, [&](size_t i) { return d::noncentral_chisquare(g, p(0, i), p(1, i)); }); break;
    case dNoncentralF: fill(o, n, [&](size_t i) { return d::noncentral_f(g, p(0, i), p(1, i), p(2, i)); }); break;
    case dStandardT: fill(o, n, [&](size_t i) { return d::standard_t(g, p(0, i)); }); break;
    case dStandardCauchy: fill(o, n, [&](size_t) { return d::standard_cauchy(g); }); break;
    case dLognormal: fill(o, n, [&](size_t i) { return d::lognormal(g, p(0, i), p(1, i)); }); break;
    case dLaplace: fill(o, n, [&](size_t i) { return d::laplace(g, p(0, i), p(1, i)); }); break;
    case dLogistic: fill(o, n, [&](size_t i) { return d::logistic(g, p(0, i), p(1, i)); }); break;
    case dGumbel: fill(o, n, [&](size_t i) { return d::gumbel(g, p(0, i), p(1, i)); }); break;
    case dWeibull: fill(o, n, [&](size_t i) { return d::weibull(g, p(0, i)); }); break;
    case dRayleigh: fill(o, n, [&](size_t i) { return d::rayleigh(g, p(0, i)); }); break;
    case dPareto: fill(o, n, [&](size_t i) { return d::pareto(g, p(0, i)); }); break;
    case dPower: fill(o, n, [&](size_t i) { return d::power(g, p(0, i)); }); break;
    case dVonmises: fill(o, n, [&](size_t i) { return d::vonmises(g, p(0, i), p(1, i)); }); break;
    case dWald: fill(o, n, [&](size_t i) { return d::wald(g, p(0, i), p(1, i)); }); break;
    case dTriangular: fill(o, n, [&](size_t i) { return d::triangular(g, p(0, i), p(1, i), p(2, i)); }); break;
    case dStdExp: fill(o, n, [&](size_t) { return d::standard_exponential(g); }); break;
    case dStdExpInv: fill(o, n, [&](size_t) { return d::standard_exponential_inv(g); }); break;
    case dStdGamma: fill(o, n, [&](size_t i) { return d::standard_gamma(g, p(0, i)); }); break;
    case dStdExpF: fill(of, n, [&](size_t) { return d::standard_exponential_f(g); }); break;
    case dStdExpInvF: fill(of, n, [&](size_t) { return d::standard_exponential_inv_f(g); }); break;
    case dStdGammaF: fill(of, n, [&](size_t i) { return d::standard_gamma_f(g, static_cast<float>(p(0, i))); }); break;
    case dPoisson: fill(oi, n, [&](size_t i) { return d::poisson(g, p(0, i)); }); break;
    case dBinomial: {
      d::BinomialCache cache;
      fill(oi, n, [&](size_t i) { return d::binomial(g, p(1, i), static_cast<int64_t>(p(0, i)), cache); });
      break;
    }
    case dNegativeBinomial: fill(oi, n, [&](size_t i) { return d::negative_binomial(g, p(0, i), p(1, i)); }); break;
    case dGeometric: fill(oi, n, [&](size_t i) { return d::geometric(g, p(0, i)); }); break;
    case dHypergeometric:
      fill(oi, n, [&](size_t i) {
        return d::hypergeometric(g, static_cast<int64_t>(p(0, i)), static_cast<int64_t>(p(1, i)), static_cast<int64_t>(p(2, i)));
      });
      break;
    case dLogseries: fill(oi, n, [&](size_t i) { return d::logseries(g, p(0, i)); }); break;
    case dZipf: fill(oi, n, [&](size_t i) { return d::zipf(g, p(0, i)); }); break;
    case dMultinomial: {
      const size_t k = g_ex.args[3];
      const double* pv = ptr<const double>(g_ex.params[1]);
      d::BinomialCache cache;
      for (size_t v = 0; v < n; ++v) {
        int64_t* row = oi + v * k;
        for (size_t j = 0; j < k; ++j) row[j] = 0;
        d::multinomial(g, static_cast<int64_t>(p(0, v)), pv + (g_ex.args[1] ? v * k : 0), k, row, cache);
      }
      break;
    }
    case dMvhgCount:
      return d::mvhg_count(g, static_cast<int64_t>(p.val[2]), g_ex.args[3], ptr<const int64_t>(p.val[0]), static_cast<int64_t>(p.val[1]), n, oi);
    case dMvhgMarginals:
      d::mvhg_marginals(g, static_cast<int64_t>(p.val[2]), g_ex.args[3], ptr<const int64_t>(p.val[0]), static_cast<int64_t>(p.val[1]), n, oi);
      break;
    case dDirichlet: return d::dirichlet(g, ptr<const double>(p.val[0]), g_ex.args[3], n, o);
    default: break;
  }
  return true;
}

}  // namespace

extern "C" {

// Address of the exchange block.
EMSCRIPTEN_KEEPALIVE double sv_rng_exchange() { return static_cast<double>(reinterpret_cast<uintptr_t>(&g_ex)); }

// Seeds the state in the exchange block as numpy.random.PCG64(SeedSequence(entropy)) would.
EMSCRIPTEN_KEEPALIVE void sv_rng_seed(double entropy, double n) {
  store(rnd::pcg64_from_entropy(ptr<const uint32_t>(entropy), static_cast<size_t>(n)));
}

// Draws with the state in the exchange block (updated); 0 on success, 1 when out of memory.
EMSCRIPTEN_KEEPALIVE int sv_rng_fill(int kind, double out, double count) {
  rnd::Pcg64 g = load();
  const size_t n = static_cast<size_t>(count);
  const double* pr = g_ex.params;
  bool ok = true;
  switch (kind) {
    case kRandom64: rnd::fill_random(g, ptr<double>(out), n); break;
    case kRandom32: rnd::fill_random(g, ptr<float>(out), n); break;
    case kUniform: rnd::fill_uniform(g, ptr<double>(out), n, pr[0], pr[1]); break;
    case kNormal: rnd::fill_normal(g, ptr<double>(out), n, pr[0], pr[1]); break;
    case kStdNormal64: rnd::fill_standard_normal(g, ptr<double>(out), n); break;
    case kStdNormal32: rnd::fill_standard_normal(g, ptr<float>(out), n); break;
    case kBounded:
      rnd::fill_bounded(g, ptr<void>(out), n, static_cast<int>(g_ex.args[0]), g_ex.args[1] != 0, arg64(2), arg64(4));
      break;
    case kShuffleRaw:
      rnd::shuffle_raw(g, n, static_cast<size_t>(pr[0]), static_cast<ptrdiff_t>(pr[1]), ptr<unsigned char>(out));
      break;
    case kShuffleOrder: rnd::shuffle_order(g, n, ptr<int64_t>(out)); break;
    case kChoiceDistinct:
      ok = rnd::choice_distinct(g, static_cast<uint64_t>(pr[0]), n, pr[1] != 0, ptr<int64_t>(out));
      break;
    case kChoiceP: ok = rnd::choice_weighted(g, ptr<const double>(pr[0]), static_cast<size_t>(pr[1]), n, ptr<int64_t>(out)); break;
    case kChoicePDistinct:
      ok = rnd::choice_weighted_distinct(g, ptr<const double>(pr[0]), static_cast<size_t>(pr[1]), n, ptr<int64_t>(out));
      break;
    default: return 2;
  }
  store(g);
  return ok ? 0 : 1;
}

// A parameterised distribution (Dist above) with the state in the exchange block (updated); 0 on
// success, 1 when out of memory, 2 for an unknown kind.
EMSCRIPTEN_KEEPALIVE int sv_rng_dist(int kind, double out, double count) {
  if (kind < 0 || kind > dDirichlet) return 2;
  rnd::Pcg64 g = load();
  const bool ok = dist_fill(g, kind, out, static_cast<size_t>(count));
  store(g);
  return ok ? 0 : 1;
}

// Seeds the state in the exchange block from 8 seed-sequence state words (web/src/random_seed.ts's
// SeedSequence.generateState(8)), as numpy.random.PCG64(seed_sequence).
EMSCRIPTEN_KEEPALIVE void sv_rng_seed_state(double words) { store(rnd::pcg64_from_words(ptr<const uint32_t>(words))); }

}  // extern "C"
