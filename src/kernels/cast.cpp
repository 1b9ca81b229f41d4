// Casts between dtypes without one loop per pair (121 pairs): the common pairs get a direct loop,
// every other pair goes through a wide intermediate in chunks that stay in L1.
#include <algorithm>
#include <cstring>

#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels::detail {
namespace {

template <class S>
using wide_t = std::conditional_t<
    is_float_v<S>, double,
    std::conditional_t<is_bool_v<S> || std::is_unsigned_v<S>, uint64_t, int64_t>>;

template <class S>
void load_wide(void* w, const void* s, int64_t ss, int64_t n) {
  using W = wide_t<S>;
  W* o = static_cast<W*>(w);
  const S* p = static_cast<const S*>(s);
  if (ss == 1) {
    for (int64_t i = 0; i < n; ++i) o[i] = convert<W, S>(p[i]);
  } else {
    for (int64_t i = 0; i < n; ++i) o[i] = convert<W, S>(p[i * ss]);
  }
}

template <class D, class W>
void store_wide(void* d, int64_t ds, const void* w, int64_t n) {
  D* o = static_cast<D*>(d);
  const W* p = static_cast<const W*>(w);
  if (ds == 1) {
    for (int64_t i = 0; i < n; ++i) o[i] = convert<D, W>(p[i]);
  } else {
    for (int64_t i = 0; i < n; ++i) o[i * ds] = convert<D, W>(p[i]);
  }
}

template <class D, class S>
inline constexpr bool kDirect = (std::is_same_v<D, int32_t> && std::is_same_v<S, float>) ||
                                (std::is_same_v<D, uint32_t> && std::is_same_v<S, float>) ||
                                (std::is_same_v<D, float> && std::is_same_v<S, int32_t>) ||
                                (std::is_same_v<D, float> && std::is_same_v<S, uint32_t>) ||
                                (std::is_same_v<D, double> && std::is_same_v<S, float>) ||
                                (std::is_same_v<D, float> && std::is_same_v<S, double>) ||
                                (std::is_same_v<D, float> && std::is_same_v<S, uint8_t>) ||
                                (std::is_same_v<D, uint8_t> && std::is_same_v<S, float>);

template <class D, class S>
void cast_direct(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  rows::copy_cast<D, S>(static_cast<D*>(d), ds, static_cast<const S*>(s), ss, n);
}

// The same dtype: a (strided) copy of the element bytes. A plain loop, not memcpy: Emscripten
// 3.1.6's memcpy made 1 KiB chunk copies 2-3x slower than this loop.
template <class E>
void copy_same(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  E* o = static_cast<E*>(d);
  const E* p = static_cast<const E*>(s);
  for (int64_t i = 0; i < n; ++i) o[i * ds] = p[i * ss];
}

}  // namespace

Caster make_caster(DType dst, DType src) {
  Caster c;
  c.de = static_cast<int64_t>(dtype_size(dst));
  c.se = static_cast<int64_t>(dtype_size(src));
  visit_dtype(src, [&](auto st) {
    using S = typename decltype(st)::type;
    c.load = &load_wide<S>;
    visit_dtype(dst, [&](auto dt) {
      using D = typename decltype(dt)::type;
      c.store = &store_wide<D, wide_t<S>>;
      if constexpr (kDirect<D, S>) c.direct = &cast_direct<D, S>;
    });
  });
  if (dst == src && dst != DType::bool_) {  // (bool goes wide: any nonzero byte reads as 1)
    switch (c.se) {
      case 1: c.direct = &copy_same<uint8_t>; break;
      case 2: c.direct = &copy_same<uint16_t>; break;
      case 4: c.direct = &copy_same<uint32_t>; break;
      default: c.direct = &copy_same<uint64_t>; break;
    }
  }
  return c;
}

void cast_row(const Caster& c, void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  if (c.direct) {
    c.direct(d, ds, s, ss, n);
    return;
  }
  alignas(16) uint64_t buf[kCastChunk];
  char* dp = static_cast<char*>(d);
  const char* sp = static_cast<const char*>(s);
  for (int64_t i = 0; i < n; i += kCastChunk) {
    const int64_t m = std::min(kCastChunk, n - i);
    c.load(buf, sp + i * ss * c.se, ss, m);
    c.store(dp + i * ds * c.de, ds, buf, m);
  }
}

}  // namespace sv::kernels::detail
