// src/random/continuous.cpp against numbers NumPy 1.24 printed (Debian's /usr/bin/python3, numpy
// 1.24.2, Linux x86-64 with glibc): whole streams compared bit for bit through a fold of the values'
// bit patterns, the first value and the generator's next 64-bit output (the stream consumed exactly
// what NumPy's did). Each case names the python line that made it, after
//   import functools, numpy as np
//   h = lambda a: functools.reduce(lambda s, v: (s * 1000003 + int(v)) % 2**64, a, 0)
//   bits = lambda a: a.view(np.uint64) (float64) or a.view(np.uint32).astype(np.uint64) (float32)
//   want = (h(bits(a)), int(bits(a)[0]), int(r.bit_generator.random_raw()))
// Natively the C library is glibc, as NumPy's, so every draw matches; the WebAssembly build is held
// against NumPy by tests/js/random_dists.test.mjs (musl's log / exp / pow round a few results in
// 10^4 the other way).
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <vector>

#include "random/continuous.hpp"
#include "random/seed_sequence.hpp"

using namespace sv::random;
using namespace sv::random::dist;

namespace {

struct Want {
  uint64_t fold;
  uint64_t first;
  uint64_t next_raw;
};

uint64_t bits_of(double v) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}
uint64_t bits_of(float v) {
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

template <typename Draw>
void expect_stream(uint32_t seed, size_t count, Draw draw, const Want& want) {
  CAPTURE(seed);
  Pcg64 g = pcg64_from_entropy(&seed, 1);
  uint64_t fold = 0;
  uint64_t first = 0;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t b = bits_of(draw(g));
    if (i == 0) first = b;
    fold = fold * 1000003u + b;
  }
  CHECK(first == want.first);
  CHECK(fold == want.fold);
  CHECK(g.next64() == want.next_raw);
}

uint64_t fold_doubles(const std::vector<double>& v) {
  uint64_t s = 0;
  for (double x : v) s = s * 1000003u + bits_of(x);
  return s;
}

}  // namespace

TEST_CASE("random: continuous distributions of arithmetic alone draw NumPy's streams", "[random]") {
  // r = np.random.default_rng(101); a = r.standard_exponential(3000)
  expect_stream(101, 3000, [](Pcg64& g) { return standard_exponential(g); }, {1443362276116850988u, 4616290598335441046u, 8112946712795067807u});
  // r = np.random.default_rng(102); a = r.standard_exponential(3000, dtype=np.float32)
  expect_stream(102, 3000, [](Pcg64& g) { return standard_exponential_f(g); }, {3425190268453336288u, 1059042722u, 4876723719464527489u});
  // r = np.random.default_rng(116); a = r.standard_cauchy(1000)
  expect_stream(116, 1000, [](Pcg64& g) { return standard_cauchy(g); }, {12017831018096440256u, 13849704132163936377u, 9698485200740155157u});
  // r = np.random.default_rng(122); a = r.rayleigh(2, 1000)
  expect_stream(122, 1000, [](Pcg64& g) { return rayleigh(g, 2); }, {11065823175504744966u, 4619712562410054621u, 16777418238547387344u});
  // r = np.random.default_rng(128); a = r.wald(1, 2, 1000)
  expect_stream(128, 1000, [](Pcg64& g) { return wald(g, 1, 2); }, {4861242227108052250u, 4605249132424972623u, 17583682827060894302u});
  // r = np.random.default_rng(129); a = r.triangular(0, 1, 3, 1000)
  expect_stream(129, 1000, [](Pcg64& g) { return triangular(g, 0, 1, 3); }, {1594077191071298798u, 4607533678753308203u, 13255174103677869830u});
}

// Through log / exp / pow / expm1 / log1p / cos / acos: natively only (glibc, as NumPy's); musl in
// WebAssembly rounds a few results in 10^4 apart (tests/js/random_dists.test.mjs bounds them).
#if !defined(__EMSCRIPTEN__)
TEST_CASE("random: continuous distributions through the C library draw NumPy's streams", "[random]") {
  // r = np.random.default_rng(103); a = r.standard_exponential(500, method='inv')
  expect_stream(103, 500, [](Pcg64& g) { return standard_exponential_inv(g); }, {13989727227481022640u, 4600426298878291358u, 15175218796850961847u});
  // r = np.random.default_rng(130); a = r.standard_exponential(3000, dtype=np.float32, method='inv')
  // (NumPy's log1pf is log1p in double rounded to float: glibc's log1pf rounds 7% of these apart)
  expect_stream(130, 3000, [](Pcg64& g) { return standard_exponential_inv_f(g); }, {9253819895852584357u, 1067796355u, 10752757489360753434u});
  // r = np.random.default_rng(104); a = r.standard_gamma(0.3, 2000)
  expect_stream(104, 2000, [](Pcg64& g) { return standard_gamma(g, 0.3); }, {15778473348494881305u, 4604189883322228934u, 5909543987612247389u});
  // r = np.random.default_rng(105); a = r.standard_gamma(2.7, 2000)
  expect_stream(105, 2000, [](Pcg64& g) { return standard_gamma(g, 2.7); }, {514195110964992780u, 4612294871029069375u, 9987790754566309352u});
  // r = np.random.default_rng(106); a = r.standard_gamma(0.4, 2000, dtype=np.float32)
  expect_stream(106, 2000, [](Pcg64& g) { return standard_gamma_f(g, 0.4f); }, {2577951695697647347u, 1046753030u, 7736273384700676119u});
  // r = np.random.default_rng(107); a = r.standard_gamma(3.5, 2000, dtype=np.float32)
  expect_stream(107, 2000, [](Pcg64& g) { return standard_gamma_f(g, 3.5f); }, {6949683667727700685u, 1080285459u, 5902078625184565031u});
  // r = np.random.default_rng(108); a = r.beta(0.5, 0.7, 1000)
  expect_stream(108, 1000, [](Pcg64& g) { return beta(g, 0.5, 0.7); }, {10669158623698947752u, 4588590533631908294u, 10396746518951368097u});
  // r = np.random.default_rng(109); a = r.beta(1e-3, 1e-3, 300)
  expect_stream(109, 300, [](Pcg64& g) { return beta(g, 1e-3, 1e-3); }, {6667018890373041398u, 1770291536745449344u, 10360980294476992107u});
  // r = np.random.default_rng(110); a = r.beta(2, 5, 1000)
  expect_stream(110, 1000, [](Pcg64& g) { return beta(g, 2, 5); }, {18421288992157042823u, 4596495669657431396u, 13043614656538635563u});
  // r = np.random.default_rng(111); a = r.f(3, 7, 1000)
  expect_stream(111, 1000, [](Pcg64& g) { return f(g, 3, 7); }, {16414143334631872192u, 4603529810106308705u, 2464414713903748938u});
  // r = np.random.default_rng(112); a = r.noncentral_chisquare(0.5, 2, 1000)
  expect_stream(112, 1000, [](Pcg64& g) { return noncentral_chisquare(g, 0.5, 2); }, {1562383477975369162u, 4607795210625985472u, 18139094859372876000u});
  // r = np.random.default_rng(113); a = r.noncentral_chisquare(3, 2, 1000)
  expect_stream(113, 1000, [](Pcg64& g) { return noncentral_chisquare(g, 3, 2); }, {6245508249426598980u, 4616077611255978345u, 1271629187690302785u});
  // r = np.random.default_rng(114); a = r.noncentral_f(3, 7, 2, 1000)
  expect_stream(114, 1000, [](Pcg64& g) { return noncentral_f(g, 3, 7, 2); }, {14263806053154562670u, 4612398942137065447u, 16636043576763367373u});
  // r = np.random.default_rng(115); a = r.standard_t(5, 1000)
  expect_stream(115, 1000, [](Pcg64& g) { return standard_t(g, 5); }, {10560819768566655837u, 4613182983237052028u, 561933872863075118u});
  // r = np.random.default_rng(117); a = r.lognormal(0.5, 1.2, 1000)
  expect_stream(117, 1000, [](Pcg64& g) { return lognormal(g, 0.5, 1.2); }, {10131518255619163649u, 4610103657337093956u, 7746803731789263249u});
  // r = np.random.default_rng(118); a = r.laplace(1, 2, 1000)
  expect_stream(118, 1000, [](Pcg64& g) { return laplace(g, 1, 2); }, {4266788357619141850u, 4617261505785023434u, 1845790084765396967u});
  // r = np.random.default_rng(119); a = r.logistic(1, 2, 1000)
  expect_stream(119, 1000, [](Pcg64& g) { return logistic(g, 1, 2); }, {7081440190847120404u, 4619757140702201108u, 16079447675303579725u});
  // r = np.random.default_rng(120); a = r.gumbel(1, 2, 1000)
  expect_stream(120, 1000, [](Pcg64& g) { return gumbel(g, 1, 2); }, {13909832116852986258u, 13822576384522938564u, 2859840862797636659u});
  // r = np.random.default_rng(121); a = r.weibull(1.5, 1000)
  expect_stream(121, 1000, [](Pcg64& g) { return weibull(g, 1.5); }, {13907112337459322285u, 4610488322528706996u, 7471700715442177595u});
  // r = np.random.default_rng(123); a = r.pareto(3, 1000)
  expect_stream(123, 1000, [](Pcg64& g) { return pareto(g, 3); }, {11048036153924253080u, 4597100508595410431u, 11245967297234010708u});
  // r = np.random.default_rng(124); a = r.power(2, 1000)
  expect_stream(124, 1000, [](Pcg64& g) { return power(g, 2); }, {14841664478144641908u, 4605492840613503258u, 1792944380751967067u});
  // r = np.random.default_rng(125); a = r.vonmises(0.5, 2, 1000)
  expect_stream(125, 1000, [](Pcg64& g) { return vonmises(g, 0.5, 2); }, {9955496334875531624u, 4580330233536571136u, 9155439668385512399u});
  // r = np.random.default_rng(126); a = r.vonmises(0.5, 1e-6, 500)
  expect_stream(126, 500, [](Pcg64& g) { return vonmises(g, 0.5, 1e-6); }, {7891525243779792658u, 4602329291283938016u, 9540359091380355969u});
  // r = np.random.default_rng(127); a = r.vonmises(3, 1e7, 500)
  expect_stream(127, 500, [](Pcg64& g) { return vonmises(g, 3, 1e7); }, {14910224373482286308u, 4613936670774879139u, 2960257383502688529u});
}

TEST_CASE("random: dirichlet, both methods", "[random]") {
  // np.random.default_rng(7).dirichlet([0.05, 0.05, 0.02], 200): every alpha below 0.1, stick-breaking
  std::vector<double> out(600);
  uint32_t seed = 7;
  Pcg64 g = pcg64_from_entropy(&seed, 1);
  const double small[3] = {0.05, 0.05, 0.02};
  REQUIRE(dirichlet(g, small, 3, 200, out.data()));
  CHECK(fold_doubles(out) == 5810828252427481113u);
  // np.random.default_rng(8).dirichlet([1, 2, 3], 200): normalised gammas
  seed = 8;
  g = pcg64_from_entropy(&seed, 1);
  const double alpha[3] = {1, 2, 3};
  REQUIRE(dirichlet(g, alpha, 3, 200, out.data()));
  CHECK(fold_doubles(out) == 13269505721158629932u);
}
#endif
