// src/random against numbers NumPy 1.24 printed (numpy.random.default_rng / SeedSequence on Linux
// x86-64); each expected list names the one line of python that made it. The JS suite
// (tests/js/random.test.mjs) compares whole streams with NumPy run live; these pin the core.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <vector>

#include "random/distributions.hpp"
#include "random/seed_sequence.hpp"

using namespace sv::random;

namespace {

Pcg64 rng_of(std::vector<uint32_t> words) { return pcg64_from_entropy(words.data(), words.size()); }

}  // namespace

TEST_CASE("random: SeedSequence words", "[random]") {
  // [int(x) for x in np.random.SeedSequence(12345).generate_state(4)]
  const uint32_t want[4] = {2688385916u, 3048105090u, 4196366895u, 3152189807u};
  const uint32_t entropy = 12345;
  uint32_t got[4];
  seed_sequence_generate(&entropy, 1, got, 4);
  for (int i = 0; i < 4; ++i) CHECK(got[i] == want[i]);
}

TEST_CASE("random: PCG64 raw outputs after seeding", "[random]") {
  // [int(x) for x in np.random.default_rng(0).bit_generator.random_raw(3)]
  Pcg64 g0 = rng_of({0});
  CHECK(g0.next64() == 11749869230777074271ULL);
  CHECK(g0.next64() == 4976686463289251617ULL);
  CHECK(g0.next64() == 755828109848996024ULL);
  // np.random.default_rng(2**32+5): the seed as two words, low first
  Pcg64 g1 = rng_of({5, 1});
  CHECK(g1.next64() == 14281546376153053393ULL);
  CHECK(g1.next64() == 8683300866460616067ULL);
  // np.random.default_rng([1, 2, 3])
  Pcg64 g2 = rng_of({1, 2, 3});
  CHECK(g2.next64() == 12368030237656201616ULL);
  CHECK(g2.next64() == 2047858591075935483ULL);
}

TEST_CASE("random: floats and the ziggurat", "[random]") {
  double d[3];
  float f[3];
  // [float(x).hex() for x in np.random.default_rng(42).random(3)]
  Pcg64 g = rng_of({42});
  fill_random(g, d, 3);
  CHECK(d[0] == 0x1.8c43f79a2db24p-1);
  CHECK(d[1] == 0x1.c16959869e47ep-2);
  CHECK(d[2] == 0x1.b79a2584ddb42p-1);
  // [float(x).hex() for x in np.random.default_rng(42).standard_normal(3)]
  g = rng_of({42});
  fill_standard_normal(g, d, 3);
  CHECK(d[0] == 0x1.3807c1104fc6bp-2);
  CHECK(d[1] == -0x1.0a3c65fca9a7ep+0);
  CHECK(d[2] == 0x1.803b239e77350p-1);
  // [float(x).hex() for x in np.random.default_rng(42).standard_normal(3, dtype=np.float32)]
  g = rng_of({42});
  fill_standard_normal(g, f, 3);
  CHECK(f[0] == 0x1.22a03ap-3f);
  CHECK(f[1] == -0x1.ab2356p+0f);
  CHECK(f[2] == -0x1.550508p+0f);
  // [float(x).hex() for x in np.random.default_rng(42).random(3, dtype=np.float32)]
  g = rng_of({42});
  fill_random(g, f, 3);
  CHECK(f[0] == 0x1.6d926p-4f);
  CHECK(f[1] == 0x1.8c43f6p-1f);
  CHECK(f[2] == 0x1.4f23fep-1f);
  CHECK(g.has_uint32);  // three 32-bit draws: half of the second 64-bit output waits
}

TEST_CASE("random: bounded integers, permutation, choice", "[random]") {
  // np.random.default_rng(7).integers(0, 10, 8, dtype=np.int8).tolist()
  Pcg64 g = rng_of({7});
  int8_t i8[8];
  fill_bounded(g, i8, 8, 1, false, 0, 9);
  const int8_t want8[8] = {5, 2, 8, 9, 6, 2, 0, 6};
  for (int i = 0; i < 8; ++i) CHECK(i8[i] == want8[i]);
  // np.random.default_rng(7).integers(0, 1000, 4).tolist()
  g = rng_of({7});
  int64_t i64[8];
  fill_bounded(g, i64, 4, 8, false, 0, 999);
  const int64_t want64[4] = {944, 625, 684, 897};
  for (int i = 0; i < 4; ++i) CHECK(i64[i] == want64[i]);
  // np.random.default_rng(7).permutation(8).tolist()
  g = rng_of({7});
  shuffle_order(g, 8, i64);
  const int64_t perm[8] = {0, 6, 7, 2, 4, 5, 1, 3};
  for (int i = 0; i < 8; ++i) CHECK(i64[i] == perm[i]);
  // np.random.default_rng(7).choice(20, 5, replace=False).tolist()
  g = rng_of({7});
  REQUIRE(choice_distinct(g, 20, 5, true, i64));
  const int64_t pick[5] = {10, 12, 15, 11, 17};
  for (int i = 0; i < 5; ++i) CHECK(i64[i] == pick[i]);
}

TEST_CASE("random: a million normals (tails, wedges: every ziggurat table entry in use)", "[random]") {
  std::vector<double> d(1000000);
  std::vector<float> f(1000000);
  auto fold64 = [&]() {
    uint64_t x = 0;
    for (double v : d) {
      uint64_t b;
      std::memcpy(&b, &v, 8);
      x ^= b;
    }
    return x;
  };
  // int(np.bitwise_xor.reduce(np.random.default_rng(1).standard_normal(10**6).view(np.uint64)))
  Pcg64 g = rng_of({1});
  fill_standard_normal(g, d.data(), d.size());
  CHECK(fold64() == 9151845922671057574ULL);
  // int(np.bitwise_xor.reduce(np.random.default_rng(1).standard_normal(10**6, dtype=np.float32).view(np.uint32)))
  g = rng_of({1});
  fill_standard_normal(g, f.data(), f.size());
  uint32_t x32 = 0;
  for (float v : f) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    x32 ^= b;
  }
  CHECK(x32 == 1922691435u);
  // int(np.bitwise_xor.reduce(np.random.default_rng(2).normal(0.5, 2.0, 10**6).view(np.uint64)))
  g = rng_of({2});
  fill_normal(g, d.data(), d.size(), 0.5, 2.0);
  CHECK(fold64() == 9350064259223363591ULL);
}
