#include "seed_sequence.hpp"

namespace sv::random {
namespace {

constexpr uint32_t kInitA = 0x43b0d7e5u;
constexpr uint32_t kMultA = 0x931e8875u;
constexpr uint32_t kInitB = 0x8b51f9ddu;
constexpr uint32_t kMultB = 0x58f38dedu;
constexpr uint32_t kMixMultL = 0xca01f9ddu;
constexpr uint32_t kMixMultR = 0x4973f715u;
constexpr unsigned kXShift = 16;
constexpr size_t kPoolSize = 4;

uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  return value ^ (value >> kXShift);
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixMultL * x - kMixMultR * y;
  return r ^ (r >> kXShift);
}

}  // namespace

void seed_sequence_generate(const uint32_t* entropy, size_t n_entropy, uint32_t* out, size_t n_words) {
  uint32_t pool[kPoolSize];
  uint32_t hash_const = kInitA;
  for (size_t i = 0; i < kPoolSize; ++i) pool[i] = hashmix(i < n_entropy ? entropy[i] : 0u, hash_const);
  for (size_t src = 0; src < kPoolSize; ++src)
    for (size_t dst = 0; dst < kPoolSize; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));
  for (size_t src = kPoolSize; src < n_entropy; ++src)
    for (size_t dst = 0; dst < kPoolSize; ++dst) pool[dst] = mix(pool[dst], hashmix(entropy[src], hash_const));

  uint32_t h = kInitB;
  for (size_t i = 0; i < n_words; ++i) {
    uint32_t v = pool[i % kPoolSize];
    v ^= h;
    h *= kMultB;
    v *= h;
    out[i] = v ^ (v >> kXShift);
  }
}

Pcg64 pcg64_from_entropy(const uint32_t* entropy, size_t n_entropy) {
  uint32_t w[8];
  seed_sequence_generate(entropy, n_entropy, w, 8);
  return pcg64_from_words(w);
}

Pcg64 pcg64_from_words(const uint32_t* w) {
  // Four uint64 words (pairs of uint32, low first): seed = w64[0]:w64[1], sequence = w64[2]:w64[3].
  uint64_t q[4];
  for (int i = 0; i < 4; ++i) q[i] = static_cast<uint64_t>(w[2 * i]) | (static_cast<uint64_t>(w[2 * i + 1]) << 32);
  Pcg64 g;
  g.seed((static_cast<u128>(q[0]) << 64) | q[1], (static_cast<u128>(q[2]) << 64) | q[3]);
  return g;
}

}  // namespace sv::random
