#include "distributions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdlib>

#include "continuous.hpp"
#include "ziggurat.hpp"

// Bit-for-bit results need every product and sum rounded on its own (no fused multiply-add).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace sv::random {

namespace {

// A heap array that reports a failed allocation by value (the shipped build has no exceptions).
template <typename T>
struct HeapArray {
  T* p;
  explicit HeapArray(size_t n) : p(static_cast<T*>(std::malloc(n ? n * sizeof(T) : 1))) {}
  ~HeapArray() { std::free(p); }
  HeapArray(const HeapArray&) = delete;
  HeapArray& operator=(const HeapArray&) = delete;
  T& operator[](size_t i) { return p[i]; }
  explicit operator bool() const { return p != nullptr; }
};

}  // namespace

void fill_random(Pcg64& g, double* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = g.next_double();
}
void fill_random(Pcg64& g, float* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = g.next_float();
}
void fill_uniform(Pcg64& g, double* out, size_t n, double low, double range) {
  for (size_t i = 0; i < n; ++i) {
    const double u = g.next_double();
    const double scaled = range * u;
    out[i] = low + scaled;
  }
}

namespace {

constexpr double kInvR = 1 / kZigR;
constexpr float kRf = static_cast<float>(kZigR);
constexpr float kInvRf = static_cast<float>(1 / kZigR);

double standard_normal(Pcg64& g, const Ziggurat& zig) {
  for (;;) {
    uint64_t r = g.next64();
    const int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    const bool negative = r & 1u;
    const uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(rabs) * zig.wi[idx];
    if (negative) x = -x;
    if (rabs < zig.ki[idx]) return x;  // the rectangle: ~99.3% of draws
    if (idx == 0) {
      for (;;) {  // the tail beyond R (Marsaglia's method), log1p(-u) = log(1 - u)
        const double xx = -kInvR * std::log1p(-g.next_double());
        const double yy = -std::log1p(-g.next_double());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(kZigR + xx) : kZigR + xx;
      }
    }
    const double height = (zig.fi[idx - 1] - zig.fi[idx]) * g.next_double();
    if (height + zig.fi[idx] < std::exp(-0.5 * x * x)) return x;
  }
}

float standard_normal_f(Pcg64& g, const Ziggurat& zig) {
  for (;;) {
    const uint32_t r = g.next32();
    const int idx = static_cast<int>(r & 0xff);
    const bool negative = (r >> 8) & 1u;
    const uint32_t rabs = (r >> 9) & 0x007fffffu;
    float x = static_cast<float>(rabs) * zig.wf[idx];
    if (negative) x = -x;
    if (rabs < zig.kf[idx]) return x;
    if (idx == 0) {
      for (;;) {
        const float xx = -kInvRf * std::log1p(-g.next_float());
        const float yy = -std::log1p(-g.next_float());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(kRf + xx) : kRf + xx;
      }
    }
    const float height = (zig.ff[idx - 1] - zig.ff[idx]) * g.next_float();
    // the wedge test in double, as NumPy's float variant does
    if (height + zig.ff[idx] < std::exp(-0.5 * static_cast<double>(x) * static_cast<double>(x))) return x;
  }
}

}  // namespace

namespace dist {
double standard_normal(Pcg64& g) { return random::standard_normal(g, ziggurat()); }
float standard_normal_f(Pcg64& g) { return random::standard_normal_f(g, ziggurat()); }
}  // namespace dist

void fill_standard_normal(Pcg64& g, double* out, size_t n) {
  const Ziggurat& zig = ziggurat();
  for (size_t i = 0; i < n; ++i) out[i] = standard_normal(g, zig);
}
void fill_standard_normal(Pcg64& g, float* out, size_t n) {
  const Ziggurat& zig = ziggurat();
  for (size_t i = 0; i < n; ++i) out[i] = standard_normal_f(g, zig);
}
void fill_normal(Pcg64& g, double* out, size_t n, double loc, double scale) {
  const Ziggurat& zig = ziggurat();
  for (size_t i = 0; i < n; ++i) {
    const double z = scale * standard_normal(g, zig);
    out[i] = loc + z;
  }
}

// ------------------------------------------------------------------------------- bounded integers

namespace {

// 32-bit draws cut into 16- or 8-bit pieces, lowest first; one buffer per fill call.
struct Buffered {
  uint32_t buf = 0;
  int left = 0;
  SV_RNG_INLINE uint32_t piece(Pcg64& g, int bits) {
    if (left == 0) {
      buf = g.next32();
      left = 32 / bits - 1;
    } else {
      buf >>= bits;
      --left;
    }
    return buf;
  }
};

// Lemire's nearly divisionless method on `bits`-bit draws: value in [0, rng], rng < 2^bits - 1.
template <int Bits>
SV_RNG_INLINE uint32_t lemire_small(Pcg64& g, Buffered& b, uint32_t rng) {
  constexpr uint32_t kMask = Bits == 32 ? 0xffffffffu : ((1u << Bits) - 1u);
  using Wide = uint64_t;
  const uint32_t excl = (rng + 1u) & kMask;
  auto draw = [&]() -> uint32_t { return Bits == 32 ? g.next32() : (b.piece(g, Bits) & kMask); };
  Wide m = static_cast<Wide>(draw()) * excl;
  uint32_t leftover = static_cast<uint32_t>(m) & kMask;
  if (leftover < excl) {
    const uint32_t threshold = ((kMask - rng) & kMask) % excl;
    while (leftover < threshold) {
      m = static_cast<Wide>(draw()) * excl;
      leftover = static_cast<uint32_t>(m) & kMask;
    }
  }
  return static_cast<uint32_t>(m >> Bits);
}

SV_RNG_INLINE uint64_t lemire64(Pcg64& g, uint64_t rng) {
  const uint64_t excl = rng + 1;
  uint64_t x = g.next64();
  uint64_t leftover = x * excl;  // the low half of the 128-bit product
  if (leftover < excl) {
    const uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      x = g.next64();
      leftover = x * excl;
    }
  }
  return mulhi64(x, excl);
}

template <typename T, int Bits>
void fill_small(Pcg64& g, T* out, size_t n, uint32_t off, uint32_t rng) {
  constexpr uint32_t kFull = Bits == 32 ? 0xffffffffu : ((1u << Bits) - 1u);
  Buffered b;
  if (rng == 0) {
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<T>(off);
  } else if (rng == kFull) {
    for (size_t i = 0; i < n; ++i)
      out[i] = static_cast<T>(off + (Bits == 32 ? g.next32() : b.piece(g, Bits)));
  } else {
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<T>(off + lemire_small<Bits>(g, b, rng));
  }
}

}  // namespace

void fill_bounded(Pcg64& g, void* out, size_t n, int bytes, bool is_bool, uint64_t off, uint64_t rng) {
  if (is_bool) {
    auto* o = static_cast<uint8_t*>(out);
    if (rng == 0) {
      for (size_t i = 0; i < n; ++i) o[i] = static_cast<uint8_t>(off);
      return;
    }
    Buffered b;
    for (size_t i = 0; i < n; ++i) o[i] = b.piece(g, 1) & 1u;
    return;
  }
  switch (bytes) {
    case 1: fill_small<uint8_t, 8>(g, static_cast<uint8_t*>(out), n, static_cast<uint32_t>(off), static_cast<uint32_t>(rng)); return;
    case 2: fill_small<uint16_t, 16>(g, static_cast<uint16_t*>(out), n, static_cast<uint32_t>(off), static_cast<uint32_t>(rng)); return;
    case 4: fill_small<uint32_t, 32>(g, static_cast<uint32_t*>(out), n, static_cast<uint32_t>(off), static_cast<uint32_t>(rng)); return;
    default: break;
  }
  auto* o = static_cast<uint64_t*>(out);
  if (rng == 0) {
    for (size_t i = 0; i < n; ++i) o[i] = off;
  } else if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL) {
      for (size_t i = 0; i < n; ++i) o[i] = off + g.next32();
    } else {
      Buffered b;
      for (size_t i = 0; i < n; ++i) o[i] = off + lemire_small<32>(g, b, static_cast<uint32_t>(rng));
    }
  } else if (rng == UINT64_MAX) {
    for (size_t i = 0; i < n; ++i) o[i] = off + g.next64();
  } else {
    for (size_t i = 0; i < n; ++i) o[i] = off + lemire64(g, rng);
  }
}

// One bounded draw on [0, rng] as NumPy's random_bounded_uint64 without a buffer (choice, shuffles).
static uint64_t bounded64(Pcg64& g, uint64_t rng) {
  uint64_t v;
  fill_bounded(g, &v, 1, 8, false, 0, rng);
  return v;
}

static uint64_t mask_of(uint64_t max) {
  uint64_t m = max;
  m |= m >> 1;
  m |= m >> 2;
  m |= m >> 4;
  m |= m >> 8;
  m |= m >> 16;
  m |= m >> 32;
  return m;
}

uint64_t random_interval(Pcg64& g, uint64_t max) {
  if (max == 0) return 0;
  const uint64_t mask = mask_of(max);
  uint64_t v;
  if (max <= 0xffffffffULL) {
    while ((v = (g.next32() & mask)) > max) {
    }
  } else {
    while ((v = (g.next64() & mask)) > max) {
    }
  }
  return v;
}

void shuffle_raw(Pcg64& g, size_t n, size_t itemsize, ptrdiff_t stride, unsigned char* data) {
  // itemsize is at most 8 (one element of a 1-d view)
  unsigned char buf[16];
  for (size_t i = n; i-- > 1;) {
    const size_t j = static_cast<size_t>(random_interval(g, i));
    if (i == j) continue;
    unsigned char* a = data + static_cast<ptrdiff_t>(i) * stride;
    unsigned char* b = data + static_cast<ptrdiff_t>(j) * stride;
    std::memcpy(buf, b, itemsize);
    std::memcpy(b, a, itemsize);
    std::memcpy(a, buf, itemsize);
  }
}

void shuffle_order(Pcg64& g, size_t n, int64_t* out) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<int64_t>(i);
  for (size_t i = n; i-- > 1;) {
    const size_t j = static_cast<size_t>(random_interval(g, i));
    std::swap(out[i], out[j]);
  }
}

// The in-place shuffle that choice() uses on int64 indices: bounded (Lemire) draws, from the end
// down to `first`.
static void shuffle_int(Pcg64& g, uint64_t n, uint64_t first, int64_t* data) {
  for (uint64_t i = n; i-- > first;) {
    const uint64_t j = bounded64(g, i);
    std::swap(data[i], data[j]);
  }
}

bool choice_distinct(Pcg64& g, uint64_t pop, uint64_t size, bool shuffle, int64_t* out) {
  const uint64_t cutoff = shuffle ? 50 : 20;
  if (pop > 10000 && size > pop / cutoff) {
    HeapArray<int64_t> idx(pop);
    if (!idx) return false;
    for (uint64_t i = 0; i < pop; ++i) idx[i] = static_cast<int64_t>(i);
    shuffle_int(g, pop, std::max<uint64_t>(pop - size, 1), idx.p);
    std::memcpy(out, idx.p + (pop - size), size * sizeof(int64_t));
    return true;
  }
  // Floyd's algorithm with an open-addressing set of 2^k >= 1.2 size slots.
  const uint64_t mask = mask_of(static_cast<uint64_t>(1.2 * static_cast<double>(size)));
  HeapArray<uint64_t> set(mask + 1);
  if (!set) return false;
  for (uint64_t i = 0; i <= mask; ++i) set[i] = UINT64_MAX;
  for (uint64_t j = pop - size; j < pop; ++j) {
    const uint64_t val = bounded64(g, j);
    uint64_t loc = val & mask;
    while (set[loc] != UINT64_MAX && set[loc] != val) loc = (loc + 1) & mask;
    if (set[loc] == UINT64_MAX) {
      set[loc] = val;
      out[j - pop + size] = static_cast<int64_t>(val);
    } else {
      loc = j & mask;
      while (set[loc] != UINT64_MAX) loc = (loc + 1) & mask;
      set[loc] = j;
      out[j - pop + size] = static_cast<int64_t>(j);
    }
  }
  if (shuffle) shuffle_int(g, size, 1, out);
  return true;
}

namespace {

// NumPy's cdf: running sum, then divided by its last element.
void cdf_of(const double* p, size_t pop, double* cdf) {
  double s = 0;
  for (size_t i = 0; i < pop; ++i) {
    s += p[i];
    cdf[i] = s;
  }
  const double last = cdf[pop - 1];
  for (size_t i = 0; i < pop; ++i) cdf[i] /= last;
}

// searchsorted(cdf, u, side='right')
SV_RNG_INLINE int64_t search_right(const double* cdf, size_t pop, double u) {
  return static_cast<int64_t>(std::upper_bound(cdf, cdf + pop, u) - cdf);
}

}  // namespace

bool choice_weighted(Pcg64& g, const double* p, size_t pop, size_t n, int64_t* out) {
  HeapArray<double> cdf(pop);
  if (!cdf) return false;
  cdf_of(p, pop, cdf.p);
  // NumPy draws all the uniforms first, then searches; the order of draws is the same either way.
  for (size_t i = 0; i < n; ++i) out[i] = search_right(cdf.p, pop, g.next_double());
  return true;
}

bool choice_weighted_distinct(Pcg64& g, const double* p, size_t pop, size_t n, int64_t* out) {
  HeapArray<double> w(pop), cdf(pop), u(n);
  HeapArray<char> seen(pop);
  if (!w || !cdf || !u || !seen) return false;
  std::memcpy(w.p, p, pop * sizeof(double));
  std::memset(seen.p, 0, pop);
  size_t found = 0;
  while (found < n) {
    const size_t m = n - found;
    fill_random(g, u.p, m);
    for (size_t k = 0; k < found; ++k) w[static_cast<size_t>(out[k])] = 0;
    cdf_of(w.p, pop, cdf.p);
    // the distinct values of this round, in order of first appearance
    const size_t start = found;
    for (size_t t = 0; t < m; ++t) {
      const int64_t idx = search_right(cdf.p, pop, u[t]);
      if (!seen[static_cast<size_t>(idx)]) {
        seen[static_cast<size_t>(idx)] = 1;
        out[found++] = idx;
      }
    }
    for (size_t k = start; k < found; ++k) seen[static_cast<size_t>(out[k])] = 0;
  }
  return true;
}

}  // namespace sv::random
