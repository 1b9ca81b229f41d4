// Random numbers (src/random) as plain wasm exports: one call per method, the generator's state
// passed in and out through a small exchange block (web/src/random.ts keeps the state in JS, so a
// Generator owns no WASM memory). Results are written straight into the output array's buffer.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>

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

}  // extern "C"
