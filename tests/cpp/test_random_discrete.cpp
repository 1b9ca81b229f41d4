// src/random/discrete.cpp and hypergeometric.cpp against numbers NumPy 1.24 printed: whole streams
// of draws (so that the rare branches run) compared exactly. Each case names the python line that
// made its expected values (Debian's /usr/bin/python3, numpy 1.24.2), after
//   import functools, numpy as np
//   h = lambda a: functools.reduce(lambda s, v: (s * 1000003 + int(v)) % 2**64, a.ravel(), 0)
//   want = lambda r, a: (h(a), a.ravel()[:8].tolist(), int(r.bit_generator.random_raw()))
// that is: a fold of the whole stream (any changed or reordered draw changes it), the first
// draws, and the generator's next 64-bit output (the stream consumed exactly what NumPy's did).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "random/discrete.hpp"
#include "random/seed_sequence.hpp"

using namespace sv::random;
using namespace sv::random::dist;

namespace {

struct Want {
  uint64_t fold;
  std::vector<int64_t> head;
  uint64_t next_raw;
};

Pcg64 rng_of(uint32_t seed) { return pcg64_from_entropy(&seed, 1); }

uint64_t fold_of(const std::vector<int64_t>& v) {
  uint64_t s = 0;
  for (int64_t x : v) s = s * 1000003u + static_cast<uint64_t>(x);
  return s;
}

void check(uint32_t seed, const std::vector<int64_t>& got, Pcg64& g, const Want& want) {
  CAPTURE(seed);
  for (size_t i = 0; i < want.head.size(); ++i) {
    CAPTURE(i);
    CHECK(got[i] == want.head[i]);
  }
  CHECK(fold_of(got) == want.fold);
  CHECK(g.next64() == want.next_raw);
}

// count draws of one call each, as NumPy's fill loops make them
template <typename Draw>
void expect_stream(uint32_t seed, size_t count, Draw draw, const Want& want) {
  Pcg64 g = rng_of(seed);
  std::vector<int64_t> got(count);
  for (auto& v : got) v = draw(g);
  check(seed, got, g, want);
}

// one call that writes count values (poisoned first: every one must be written)
template <typename Fill>
void expect_block(uint32_t seed, size_t count, Fill fill, const Want& want) {
  Pcg64 g = rng_of(seed);
  std::vector<int64_t> got(count, -77);
  fill(g, got.data());
  check(seed, got, g, want);
}

// binomial(n, p) with (n, p) cycling through six pairs, as NumPy's broadcast loop calls it for
// r.binomial([1000, 1000, 50, 50, 7, 1000], [0.4, 0.45, 0.9, 0.85, 0.2, 0.4], size=(400, 6)):
// the cache is set up anew at each change (of n, of p alone, between the methods).
int64_t alternate(Pcg64& g, BinomialCache& cache, int i) {
  static constexpr int64_t kN[6] = {1000, 1000, 50, 50, 7, 1000};
  static constexpr double kP[6] = {0.4, 0.45, 0.9, 0.85, 0.2, 0.4};
  return binomial(g, kP[i % 6], kN[i % 6], cache);
}

// Generator.multinomial(n, p, size=rows): rows zeroed, then one call each, one cache for all.
void multinomial_rows(Pcg64& g, int64_t n, std::initializer_list<double> p, size_t rows,
                      int64_t* out) {
  const std::vector<double> pv(p);
  const size_t d = pv.size();
  BinomialCache cache;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < d; ++j) out[r * d + j] = 0;
    multinomial(g, n, pv.data(), d, out + r * d, cache);
  }
}

const int64_t colors4[4] = {5, 10, 0, 7};
const int64_t colors_big[4] = {200, 300, 0, 500};
const int64_t colors_zero[3] = {0, 0, 0};

}  // namespace

TEST_CASE("random: loggam", "[random]") {
  CHECK(loggam(1.0) == 0.0);
  CHECK(loggam(2.0) == 0.0);
  // the series above 7 and the recurrence below it agree with lgamma to a few ulps
  for (double x : {0.5, 1.5, 3.0, 6.9, 7.0, 10.0, 100.5, 1e6, 1e15}) {
    CAPTURE(x);
    CHECK(std::fabs(loggam(x) - std::lgamma(x)) <=
          1e-14 * std::fmax(1.0, std::fabs(std::lgamma(x))));
  }
}

TEST_CASE("random: what draws nothing", "[random]") {
  Pcg64 g = rng_of(3);
  const uint64_t first = rng_of(3).next64();
  int64_t out[4] = {-1, -1, -1, -1};
  // no colors (NumPy's Python layer returns before its C; ours must not touch out or g)
  CHECK(mvhg_count(g, 0, 0, nullptr, 0, 5, out));
  mvhg_marginals(g, 0, 0, nullptr, 0, 5, out);
  CHECK(out[0] == -1);
  // no variates
  CHECK(mvhg_count(g, 22, 4, colors4, 8, 0, out));
  mvhg_marginals(g, 22, 4, colors4, 8, 0, out);
  CHECK(out[0] == -1);
  // more items than size_t can count: out of memory, nothing drawn (NumPy's Python layer refuses
  // a sum(colors) above INT64_MAX / 8 before its C allocates)
  const int64_t huge[1] = {int64_t{1} << 62};
  CHECK_FALSE(mvhg_count(g, huge[0], 1, huge, 5, 1, out));
  BinomialCache cache;
  CHECK(binomial(g, 0.3, 0, cache) == 0);
  CHECK(binomial(g, 0.0, 100, cache) == 0);
  CHECK(poisson(g, 0.0) == 0);
  CHECK(hypergeometric(g, 0, 0, 0) == 0);
  CHECK(g.next64() == first);
}

// clang-format off
TEST_CASE("random: poisson (none, multiplication below lam 10, PTRS from 10, POISSON_LAM_MAX)", "[random]") {
  // want(r := np.random.default_rng(1), r.poisson(0.0, 100))
  expect_stream(1, 100, [](Pcg64& g) { return poisson(g, 0.0); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 9441442522235856127ULL});
  // want(r := np.random.default_rng(2), r.poisson(3.5, 2000))
  expect_stream(2, 2000, [](Pcg64& g) { return poisson(g, 3.5); },
                {10968717751172190048ULL, {3, 3, 3, 6, 3, 5, 1, 8}, 14411989664744212751ULL});
  // want(r := np.random.default_rng(3), r.poisson(9.99, 2000))
  expect_stream(3, 2000, [](Pcg64& g) { return poisson(g, 9.99); },
                {15497895764343510019ULL, {7, 12, 10, 15, 11, 14, 6, 13}, 4132758959007417648ULL});
  // want(r := np.random.default_rng(4), r.poisson(10.0, 2000))
  expect_stream(4, 2000, [](Pcg64& g) { return poisson(g, 10.0); },
                {3959888936980180018ULL, {16, 21, 11, 13, 14, 15, 9, 6}, 10978335452110707515ULL});
  // want(r := np.random.default_rng(5), r.poisson(1e4, 2000))
  expect_stream(5, 2000, [](Pcg64& g) { return poisson(g, 1e4); },
                {7724975295101780542ULL, {10097, 10004, 9783, 9974, 10044, 9982, 10149, 9969}, 3082550939325074715ULL});
  // want(r := np.random.default_rng(6), r.poisson(1e-300, 200))
  expect_stream(6, 200, [](Pcg64& g) { return poisson(g, 1e-300); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 17572872003961640597ULL});
  // want(r := np.random.default_rng(7), r.poisson(9.223372006484771e+18, 500))
  expect_stream(7, 500, [](Pcg64& g) { return poisson(g, 9.223372006484771e+18); },
                {14548469335018540032ULL, {9223372007573274624, 9223372009071985664, 9223372004695300096, 9223372009325913088, 9223372004723334144, 9223372004234296320, 9223372006523220992, 9223372007546939392}, 11799043183128257495ULL});
}

TEST_CASE("random: binomial (inversion, BTPE, p > 1/2, huge n, the cache kept and reset)", "[random]") {
  // want(r := np.random.default_rng(11), r.binomial(20, 0.3, 2000))
  expect_stream(11, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.3, 20, c); },
                {17588956207773750061ULL, {4, 6, 6, 2, 4, 9, 3, 4}, 6811360173669879032ULL});
  // want(r := np.random.default_rng(12), r.binomial(1000, 0.4, 2000))
  expect_stream(12, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.4, 1000, c); },
                {6467461162865360213ULL, {382, 403, 409, 427, 383, 397, 405, 392}, 8923138157547812473ULL});
  // want(r := np.random.default_rng(13), r.binomial(20, 0.9, 2000))
  expect_stream(13, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.9, 20, c); },
                {16877339887883634471ULL, {17, 17, 17, 19, 20, 16, 18, 20}, 7265000458657656774ULL});
  // want(r := np.random.default_rng(14), r.binomial(1000, 0.7, 2000))
  expect_stream(14, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.7, 1000, c); },
                {8694689549654644838ULL, {693, 688, 696, 711, 693, 697, 709, 662}, 18172471505345810227ULL});
  // want(r := np.random.default_rng(15), r.binomial(61, 0.5, 2000))
  expect_stream(15, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.5, 61, c); },
                {14611089042023272188ULL, {37, 30, 26, 25, 31, 33, 30, 31}, 16021670951692448687ULL});
  // want(r := np.random.default_rng(16), r.binomial(100000, 0.01, 2000))
  expect_stream(16, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.01, 100000, c); },
                {4187689436132926074ULL, {1023, 986, 1054, 952, 972, 969, 935, 1049}, 12089026974898203399ULL});
  // want(r := np.random.default_rng(17), r.binomial(10**6, 0.3, 2000))
  expect_stream(17, 2000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.3, 1000000, c); },
                {1104360163950556349ULL, {299887, 300371, 299899, 299956, 300962, 299732, 299111, 299761}, 4150349360797599447ULL});
  // want(r := np.random.default_rng(18), r.binomial(5, 1.0, 50))
  expect_stream(18, 50, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 1.0, 5, c); },
                {5314972456898572980ULL, {5, 5, 5, 5, 5, 5, 5, 5}, 2486508968951854477ULL});
  // want(r := np.random.default_rng(19), r.binomial(5, 0.0, 50))
  expect_stream(19, 50, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.0, 5, c); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 7754620058831902006ULL});
  // want(r := np.random.default_rng(20), r.binomial(0, 0.5, 50))
  expect_stream(20, 50, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.5, 0, c); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 5166489603836389754ULL});
  // want(r := np.random.default_rng(21), r.binomial(10**18, 0.25, 500))
  expect_stream(21, 500, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.25, 1000000000000000000, c); },
                {4803492997726727104ULL, {250000000808285344, 249999999861249824, 250000000425832448, 249999998972287552, 249999999609312128, 250000000103260896, 250000000914611840, 249999999931712256}, 1775288894633694818ULL});
  // want(r := np.random.default_rng(22), r.binomial(2**63 - 1, 0.5, 500))
  expect_stream(22, 500, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.5, INT64_MAX, c); },
                {551557699366061056ULL, {4611686019379358720, 4611686016640929792, 4611686017161853952, 4611686016803299328, 4611686020940263424, 4611686019434783744, 4611686016725933056, 4611686019940381696}, 9830156798315333743ULL});
  // want(r := np.random.default_rng(23), r.binomial(3 * 10**9, 1e-8, 500))
  expect_stream(23, 500, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 1e-8, 3000000000, c); },
                {15048058141404310212ULL, {33, 32, 24, 23, 32, 36, 25, 26}, 14096445099891592213ULL});
  // want(r := np.random.default_rng(25), r.binomial(30001, 0.001, 20000))
  expect_stream(25, 20000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.001, 30001, c); },
                {14818924594657262100ULL, {33, 32, 29, 31, 32, 29, 33, 23}, 8226013507666013615ULL});
  // want(r := np.random.default_rng(26), r.binomial(62, 0.5, 10**6))
  expect_stream(26, 1000000, [c = BinomialCache{}](Pcg64& g) mutable { return binomial(g, 0.5, 62, c); },
                {1573661007923321979ULL, {28, 28, 29, 28, 33, 31, 29, 34}, 2015953887117762787ULL});
  // want(r := np.random.default_rng(24), r.binomial([1000, 1000, 50, 50, 7, 1000], [0.4, 0.45, 0.9, 0.85, 0.2, 0.4], size=(400, 6)))
  expect_stream(24, 2400, [c = BinomialCache{}, i = 0](Pcg64& g) mutable { return alternate(g, c, i++); },
                {6356490274478544244ULL, {402, 460, 45, 42, 3, 381, 389, 425}, 7656739031846127990ULL});
}

TEST_CASE("random: negative_binomial (a gamma draw, then poisson)", "[random]") {
  // want(r := np.random.default_rng(31), r.negative_binomial(5, 0.3, 2000))
  expect_stream(31, 2000, [](Pcg64& g) { return negative_binomial(g, 5, 0.3); },
                {14920962702668035359ULL, {5, 20, 11, 13, 19, 16, 23, 4}, 15064444750525372922ULL});
  // want(r := np.random.default_rng(32), r.negative_binomial(0.5, 0.5, 2000))
  expect_stream(32, 2000, [](Pcg64& g) { return negative_binomial(g, 0.5, 0.5); },
                {15875550300473734326ULL, {0, 2, 0, 1, 0, 0, 1, 0}, 15331187492836439788ULL});
  // want(r := np.random.default_rng(33), r.negative_binomial(1000, 0.01, 2000))
  expect_stream(33, 2000, [](Pcg64& g) { return negative_binomial(g, 1000, 0.01); },
                {10477069501647211075ULL, {100723, 94371, 104574, 102492, 100629, 95540, 94364, 101319}, 10876686773111132156ULL});
  // want(r := np.random.default_rng(34), r.negative_binomial(3, 1.0, 100))
  expect_stream(34, 100, [](Pcg64& g) { return negative_binomial(g, 3, 1.0); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 15939085316553791260ULL});
}

TEST_CASE("random: geometric (search from p = 1/3, inversion below, out of range)", "[random]") {
  // want(r := np.random.default_rng(41), r.geometric(0.5, 2000))
  expect_stream(41, 2000, [](Pcg64& g) { return geometric(g, 0.5); },
                {12241350135155117998ULL, {5, 3, 1, 3, 3, 1, 2, 2}, 11074463332958656185ULL});
  // want(r := np.random.default_rng(42), r.geometric(1/3, 2000))
  expect_stream(42, 2000, [](Pcg64& g) { return geometric(g, 1.0 / 3.0); },
                {76748590508861421ULL, {4, 2, 5, 3, 1, 10, 4, 4}, 15545660951306372457ULL});
  // want(r := np.random.default_rng(43), r.geometric(0.05, 2000))
  expect_stream(43, 2000, [](Pcg64& g) { return geometric(g, 0.05); },
                {2065460218104560036ULL, {4, 2, 2, 24, 31, 8, 27, 3}, 12685589235761636144ULL});
  // want(r := np.random.default_rng(44), r.geometric(1.0, 100))
  expect_stream(44, 100, [](Pcg64& g) { return geometric(g, 1.0); },
                {3172710052180927080ULL, {1, 1, 1, 1, 1, 1, 1, 1}, 2233704335992811325ULL});
  // want(r := np.random.default_rng(45), r.geometric(1e-300, 100))
  expect_stream(45, 100, [](Pcg64& g) { return geometric(g, 1e-300); },
                {0ULL, {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN}, 2233807260384697023ULL});
  // want(r := np.random.default_rng(46), r.geometric(1e-17, 200))
  expect_stream(46, 200, [](Pcg64& g) { return geometric(g, 1e-17); },
                {8461721915903661122ULL, {142370885061252288, 15275248875530722, 120074819136147056, 61063668551076064, 151384196244956704, 7431780886491440, 38945323893063096, 198911205843734784}, 5828971498226822669ULL});
}

TEST_CASE("random: hypergeometric (urn below 10 draws, HRUA, complements, the edges)", "[random]") {
  // want(r := np.random.default_rng(51), r.hypergeometric(5, 7, 4, 2000))
  expect_stream(51, 2000, [](Pcg64& g) { return hypergeometric(g, 5, 7, 4); },
                {16850538713759418862ULL, {2, 1, 2, 2, 1, 1, 1, 2}, 14359464481632968486ULL});
  // want(r := np.random.default_rng(66), r.hypergeometric(9, 1, 3, 2000))
  expect_stream(66, 2000, [](Pcg64& g) { return hypergeometric(g, 9, 1, 3); },
                {4211331338915540980ULL, {3, 3, 3, 3, 3, 3, 2, 3}, 2688282049821171594ULL});
  // want(r := np.random.default_rng(52), r.hypergeometric(15, 3, 16, 2000))
  expect_stream(52, 2000, [](Pcg64& g) { return hypergeometric(g, 15, 3, 16); },
                {7671817932725287544ULL, {13, 13, 13, 13, 14, 14, 14, 13}, 13834224392894553479ULL});
  // want(r := np.random.default_rng(53), r.hypergeometric(100, 200, 50, 2000))
  expect_stream(53, 2000, [](Pcg64& g) { return hypergeometric(g, 100, 200, 50); },
                {13206707438430761165ULL, {18, 12, 18, 18, 16, 18, 19, 17}, 3550466016015346638ULL});
  // want(r := np.random.default_rng(54), r.hypergeometric(100, 200, 250, 2000))
  expect_stream(54, 2000, [](Pcg64& g) { return hypergeometric(g, 100, 200, 250); },
                {880587840062403980ULL, {83, 77, 87, 87, 81, 84, 78, 80}, 4911366239191648506ULL});
  // want(r := np.random.default_rng(55), r.hypergeometric(300, 100, 60, 2000))
  expect_stream(55, 2000, [](Pcg64& g) { return hypergeometric(g, 300, 100, 60); },
                {705055951653913877ULL, {42, 46, 43, 45, 46, 45, 43, 49}, 12488754902402954224ULL});
  // want(r := np.random.default_rng(56), r.hypergeometric(10, 10, 10, 2000))
  expect_stream(56, 2000, [](Pcg64& g) { return hypergeometric(g, 10, 10, 10); },
                {2242902781905245426ULL, {4, 4, 7, 6, 3, 6, 7, 5}, 7874003330994888724ULL});
  // want(r := np.random.default_rng(57), r.hypergeometric(10**9 - 1, 10**9 - 1, 10**9, 500))
  expect_stream(57, 500, [](Pcg64& g) { return hypergeometric(g, 999999999, 999999999, 1000000000); },
                {12908966652017889391ULL, {500000888, 500003641, 500016733, 499989885, 500010744, 500001787, 499994941, 500000239}, 6985486171385167279ULL});
  // want(r := np.random.default_rng(58), r.hypergeometric(10**9 - 1, 7, 10**9 - 3, 500))
  expect_stream(58, 500, [](Pcg64& g) { return hypergeometric(g, 999999999, 7, 999999997); },
                {14959699825634489776ULL, {999999990, 999999990, 999999990, 999999990, 999999990, 999999990, 999999990, 999999990}, 4256255253980858714ULL});
  // want(r := np.random.default_rng(59), r.hypergeometric(10**9 - 1, 10**9 - 1, 9, 500))
  expect_stream(59, 500, [](Pcg64& g) { return hypergeometric(g, 999999999, 999999999, 9); },
                {9815797279149575606ULL, {3, 5, 5, 5, 6, 5, 2, 5}, 13209911377896104773ULL});
  // want(r := np.random.default_rng(60), r.hypergeometric(0, 40, 20, 100))
  expect_stream(60, 100, [](Pcg64& g) { return hypergeometric(g, 0, 40, 20); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 10991011991572720972ULL});
  // want(r := np.random.default_rng(61), r.hypergeometric(40, 0, 20, 100))
  expect_stream(61, 100, [](Pcg64& g) { return hypergeometric(g, 40, 0, 20); },
                {8113968822489886752ULL, {20, 20, 20, 20, 20, 20, 20, 20}, 7139155591536809803ULL});
  // want(r := np.random.default_rng(62), r.hypergeometric(30, 20, 0, 100))
  expect_stream(62, 100, [](Pcg64& g) { return hypergeometric(g, 30, 20, 0); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 11239973176976419658ULL});
  // want(r := np.random.default_rng(63), r.hypergeometric(30, 20, 50, 100))
  expect_stream(63, 100, [](Pcg64& g) { return hypergeometric(g, 30, 20, 50); },
                {2947581196880054320ULL, {30, 30, 30, 30, 30, 30, 30, 30}, 10331640834321531000ULL});
  // want(r := np.random.default_rng(64), r.hypergeometric(0, 0, 0, 100))
  expect_stream(64, 100, [](Pcg64& g) { return hypergeometric(g, 0, 0, 0); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 17404382257922801966ULL});
  // want(r := np.random.default_rng(65), r.hypergeometric(2000, 3000, 2500, 2000))
  expect_stream(65, 2000, [](Pcg64& g) { return hypergeometric(g, 2000, 3000, 2500); },
                {11035409574702771808ULL, {1012, 978, 1003, 1000, 1029, 999, 995, 1007}, 4843776949308555418ULL});
  // want(r := np.random.default_rng(67), r.hypergeometric(6, 4, 5, 2000))
  expect_stream(67, 2000, [](Pcg64& g) { return hypergeometric(g, 6, 4, 5); },
                {1999834499801778805ULL, {3, 4, 3, 2, 4, 3, 5, 2}, 16034027161739296074ULL});
}

TEST_CASE("random: logseries", "[random]") {
  // want(r := np.random.default_rng(71), r.logseries(0.3, 2000))
  expect_stream(71, 2000, [](Pcg64& g) { return logseries(g, 0.3); },
                {9672619570889359037ULL, {1, 1, 1, 1, 1, 1, 3, 1}, 2161583881368335825ULL});
  // want(r := np.random.default_rng(72), r.logseries(0.9, 2000))
  expect_stream(72, 2000, [](Pcg64& g) { return logseries(g, 0.9); },
                {12204438442107481655ULL, {1, 1, 1, 1, 11, 1, 5, 3}, 7994067491677916161ULL});
  // want(r := np.random.default_rng(73), r.logseries(0.999999, 2000))
  expect_stream(73, 2000, [](Pcg64& g) { return logseries(g, 0.999999); },
                {7809133553386575024ULL, {47, 1070912, 2, 2, 3723, 10, 22715, 25}, 10116064706349346447ULL});
  // want(r := np.random.default_rng(74), r.logseries(0.9999999999999999, 500))
  expect_stream(74, 500, [](Pcg64& g) { return logseries(g, 0.9999999999999999); },
                {9257332889466278764ULL, {22680695, 18575150108, 133516959, 4815267969140, 81629245254, 1496473036460694, 2177007600457083, 1}, 1710860087099186615ULL});
  // want(r := np.random.default_rng(75), r.logseries(1e-10, 200))
  expect_stream(75, 200, [](Pcg64& g) { return logseries(g, 1e-10); },
                {1879924464967412048ULL, {1, 1, 1, 1, 1, 1, 1, 1}, 1375118777969437996ULL});
  // want(r := np.random.default_rng(76), r.logseries(0.0, 100))
  expect_stream(76, 100, [](Pcg64& g) { return logseries(g, 0.0); },
                {3172710052180927080ULL, {1, 1, 1, 1, 1, 1, 1, 1}, 14904188647946142153ULL});
  // want(r := np.random.default_rng(77), r.logseries(0.01, 2000))
  expect_stream(77, 2000, [](Pcg64& g) { return logseries(g, 0.01); },
                {1410286415678035031ULL, {1, 1, 1, 1, 1, 1, 1, 1}, 13089776801588278938ULL});
}

TEST_CASE("random: zipf", "[random]") {
  // want(r := np.random.default_rng(81), r.zipf(1.1, 2000))
  expect_stream(81, 2000, [](Pcg64& g) { return zipf(g, 1.1); },
                {8118193935744429974ULL, {296, 36059145632, 357, 524, 26, 1826951, 397, 169}, 17221744746343344260ULL});
  // want(r := np.random.default_rng(82), r.zipf(2.0, 2000))
  expect_stream(82, 2000, [](Pcg64& g) { return zipf(g, 2.0); },
                {17798275494899585424ULL, {1, 1, 1, 20, 2, 7, 1, 4}, 16057849635602708923ULL});
  // want(r := np.random.default_rng(83), r.zipf(5.0, 2000))
  expect_stream(83, 2000, [](Pcg64& g) { return zipf(g, 5.0); },
                {524656923075531884ULL, {1, 1, 1, 1, 1, 1, 1, 1}, 11467536104523032059ULL});
  // want(r := np.random.default_rng(84), r.zipf(1.0001, 200))
  expect_stream(84, 200, [](Pcg64& g) { return zipf(g, 1.0001); },
                {3846559309543345100ULL, {5817073925058992128, 78449015, 532315623653986, 784976161149546, 2191662420993, 964632322021816, 103923, 72582}, 5518346955450952122ULL});
  // want(r := np.random.default_rng(85), r.zipf(1.00001, 200))
  expect_stream(85, 200, [](Pcg64& g) { return zipf(g, 1.00001); },
                {4202495643886356288ULL, {1224362931, 9, 128839753, 31658468, 534639915, 69460689, 22897, 438799}, 4341154092133308987ULL});
  // want(r := np.random.default_rng(86), r.zipf(1 + 1e-8, 20))
  expect_stream(86, 20, [](Pcg64& g) { return zipf(g, 1 + 1e-8); },
                {14595088841555033828ULL, {268264380182, 1926075769990, 2552613596666840064, 5559226897434, 346221186521, 5879, 99928, 25763939453059128}, 612307129026186423ULL});
}

TEST_CASE("random: multinomial (zeros in p, mass left for the last entry)", "[random]") {
  // want(r := np.random.default_rng(91), r.multinomial(100, [0.2, 0.0, 0.3, 0.5], size=500))
  expect_block(91, 2000, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 100, {0.2, 0.0, 0.3, 0.5}, 500, out); },
                {1586800579386719680ULL, {18, 0, 38, 44, 18, 0, 24, 58}, 10986321841975960391ULL});
  // want(r := np.random.default_rng(92), r.multinomial(50, [0.1, 0.2, 0.0], size=500))
  expect_block(92, 1500, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 50, {0.1, 0.2, 0.0}, 500, out); },
                {6235340717761466836ULL, {5, 6, 39, 4, 9, 37, 2, 14}, 1309858799196235925ULL});
  // want(r := np.random.default_rng(93), r.multinomial(10**6, [0.5, 0.25, 0.125, 0.125], size=500))
  expect_block(93, 2000, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 1000000, {0.5, 0.25, 0.125, 0.125}, 500, out); },
                {518164316200716030ULL, {501235, 249517, 125072, 124176, 499001, 250116, 125509, 125374}, 99527075361442679ULL});
  // want(r := np.random.default_rng(94), r.multinomial(30, [1.0, 0.0, 0.0], size=100))
  expect_block(94, 300, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 30, {1.0, 0.0, 0.0}, 100, out); },
                {2638679244424444496ULL, {30, 0, 0, 30, 0, 0, 30, 0}, 1762745040600699856ULL});
  // want(r := np.random.default_rng(95), r.multinomial(1000, [0.1] * 10, size=200))
  expect_block(95, 2000, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 1000, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 200, out); },
                {7932162924489343898ULL, {101, 101, 104, 91, 107, 99, 95, 98}, 10464616671288336534ULL});
  // want(r := np.random.default_rng(96), r.multinomial(0, [0.5, 0.5], size=10))
  expect_block(96, 20, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 0, {0.5, 0.5}, 10, out); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 13450794339952796479ULL});
  // want(r := np.random.default_rng(97), r.multinomial(5, [1.0], size=3))
  expect_block(97, 3, [](Pcg64& g, int64_t* out) { multinomial_rows(g, 5, {1.0}, 3, out); },
                {5000035000065ULL, {5, 5, 5}, 12438148951059196178ULL});
}

TEST_CASE("random: multivariate_hypergeometric, count and marginals", "[random]") {
  // want(r := np.random.default_rng(101), r.multivariate_hypergeometric([5, 10, 0, 7], 8, size=400, method='count'))
  expect_block(101, 1600, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 22, 4, colors4, 8, 400, out)); },
                {17664249478269532134ULL, {2, 4, 0, 2, 0, 7, 0, 1}, 8203152926776658901ULL});
  // want(r := np.random.default_rng(102), r.multivariate_hypergeometric([5, 10, 0, 7], 15, size=400, method='count'))
  expect_block(102, 1600, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 22, 4, colors4, 15, 400, out)); },
                {14479432168167827850ULL, {4, 6, 0, 5, 2, 9, 0, 4}, 13337054013340485616ULL});
  // want(r := np.random.default_rng(103), r.multivariate_hypergeometric([5, 10, 0, 7], 8, size=400, method='marginals'))
  expect_block(103, 1600, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 22, 4, colors4, 8, 400, out); },
                {18134938033672116098ULL, {1, 4, 0, 3, 2, 5, 0, 1}, 4667022462844415333ULL});
  // want(r := np.random.default_rng(104), r.multivariate_hypergeometric([5, 10, 0, 7], 15, size=400, method='marginals'))
  expect_block(104, 1600, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 22, 4, colors4, 15, 400, out); },
                {2486377268098593812ULL, {2, 8, 0, 5, 2, 8, 0, 5}, 8840361286910306916ULL});
  // want(r := np.random.default_rng(105), r.multivariate_hypergeometric([200, 300, 0, 500], 400, size=500, method='marginals'))
  expect_block(105, 2000, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 1000, 4, colors_big, 400, 500, out); },
                {9887952415834289682ULL, {81, 110, 0, 209, 76, 127, 0, 197}, 15163180005765615554ULL});
  // want(r := np.random.default_rng(106), r.multivariate_hypergeometric([200, 300, 0, 500], 700, size=500, method='count'))
  expect_block(106, 2000, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 1000, 4, colors_big, 700, 500, out)); },
                {3494248345886308924ULL, {132, 223, 0, 345, 145, 204, 0, 351}, 7368936535902525434ULL});
  // want(r := np.random.default_rng(107), r.multivariate_hypergeometric([5, 10, 0, 7], 0, size=5, method='count'))
  expect_block(107, 20, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 22, 4, colors4, 0, 5, out)); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 11963376127784481471ULL});
  // want(r := np.random.default_rng(108), r.multivariate_hypergeometric([5, 10, 0, 7], 22, size=5, method='marginals'))
  expect_block(108, 20, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 22, 4, colors4, 22, 5, out); },
                {5764802054942012232ULL, {5, 10, 0, 7, 5, 10, 0, 7}, 15790298876938276606ULL});
  // want(r := np.random.default_rng(109), r.multivariate_hypergeometric([0, 0, 0], 0, size=5, method='marginals'))
  expect_block(109, 15, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 0, 3, colors_zero, 0, 5, out); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 10030274107849547999ULL});
  // want(r := np.random.default_rng(110), r.multivariate_hypergeometric([0, 0, 0], 0, size=5, method='count'))
  expect_block(110, 15, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 0, 3, colors_zero, 0, 5, out)); },
                {0ULL, {0, 0, 0, 0, 0, 0, 0, 0}, 17164562756356967436ULL});
  // want(r := np.random.default_rng(111), r.multivariate_hypergeometric([5, 10, 0, 7], 11, size=400, method='count'))
  expect_block(111, 1600, [](Pcg64& g, int64_t* out) { REQUIRE(mvhg_count(g, 22, 4, colors4, 11, 400, out)); },
                {11370690609752678232ULL, {4, 4, 0, 3, 3, 5, 0, 3}, 1468230149042580790ULL});
  // want(r := np.random.default_rng(112), r.multivariate_hypergeometric([5, 10, 0, 7], 11, size=400, method='marginals'))
  expect_block(112, 1600, [](Pcg64& g, int64_t* out) { mvhg_marginals(g, 22, 4, colors4, 11, 400, out); },
                {11964879018392354870ULL, {2, 6, 0, 3, 3, 5, 0, 3}, 10844625459951152233ULL});
}
// clang-format on
