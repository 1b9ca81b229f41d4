// Casts between dtypes without one loop per pair (121 pairs): the common pairs get a direct loop,
// every other pair goes through a wide intermediate in chunks that stay in L1.
#include <algorithm>
#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels::detail {
namespace {

template <class S>
using wide_t = std::conditional_t<
    is_complex_v<S>, c128,
    std::conditional_t<is_float_v<S> || std::is_same_v<S, f16>, double,
                       std::conditional_t<is_bool_v<S> || std::is_unsigned_v<S>, uint64_t, int64_t>>>;

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

// float16 <-> float32, the pair every float16 op goes through (array::run_call widens and narrows).
// Contiguous rows take SIMD128 loops (8 elements a step) giving the same bits as the scalar helpers.
#ifdef __wasm_simd128__
// 8 halves (u16 lanes) -> two f32x4: the bits rebased, subnormals through one float subtraction.
[[gnu::always_inline]] inline void half8_to_float(float* d, v128_t h8) {
  for (int k = 0; k < 2; ++k) {
    const v128_t h = k ? wasm_u32x4_extend_high_u16x8(h8) : wasm_u32x4_extend_low_u16x8(h8);
    v128_t o = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x7fff)), 13);
    const v128_t e = wasm_v128_and(o, wasm_i32x4_splat(0x0f800000));
    o = wasm_i32x4_add(o, wasm_i32x4_splat(0x38000000));  // exponent bias 15 -> 127
    const v128_t infnan = wasm_i32x4_eq(e, wasm_i32x4_splat(0x0f800000));
    o = wasm_i32x4_add(o, wasm_v128_and(infnan, wasm_i32x4_splat(0x38000000)));
    // zero / subnormal: (2^-14 * (1 + m/1024)) - 2^-14 = m * 2^-24, exact
    const v128_t sub = wasm_f32x4_sub(wasm_i32x4_add(o, wasm_i32x4_splat(0x00800000)),
                                      wasm_i32x4_splat(0x38800000));
    o = wasm_v128_bitselect(sub, o, wasm_i32x4_eq(e, wasm_i32x4_splat(0)));
    o = wasm_v128_or(o, wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x8000)), 16));
    wasm_v128_store(d + 4 * k, o);
  }
}

// f32x4 -> 4 halves in u32 lanes: to_half's rounding (nearest even; inf from 65520; NaN payload).
[[gnu::always_inline]] inline v128_t float4_to_half(v128_t x) {
  const v128_t sign = wasm_v128_and(x, wasm_i32x4_splat(static_cast<int32_t>(0x80000000u)));
  const v128_t a = wasm_v128_xor(x, sign);
  // normal: rebias, add 0xfff + the kept lowest bit, shift (a carry rounds up to the next binade)
  v128_t n = wasm_i32x4_add(a, wasm_i32x4_splat(static_cast<int32_t>(0xc8000fffu)));  // -(112 << 23) + 0xfff
  n = wasm_i32x4_add(n, wasm_v128_and(wasm_u32x4_shr(a, 13), wasm_i32x4_splat(1)));
  n = wasm_u32x4_shr(n, 13);
  // subnormal or zero (a < 2^-14): adding 0.5 rounds the value to a multiple of 2^-24 in the
  // low mantissa bits (one float addition, nearest even)
  const v128_t magic = wasm_i32x4_splat(0x3f000000);
  const v128_t s = wasm_i32x4_sub(wasm_f32x4_add(a, magic), magic);
  v128_t o = wasm_v128_bitselect(s, n, wasm_u32x4_lt(a, wasm_i32x4_splat(0x38800000)));
  o = wasm_v128_bitselect(wasm_i32x4_splat(0x7c00), o, wasm_u32x4_ge(a, wasm_i32x4_splat(0x477ff000)));
  // NaN: 0x7c00 | the top payload bits, at least 1
  const v128_t pay = wasm_v128_and(wasm_u32x4_shr(a, 13), wasm_i32x4_splat(0x3ff));
  const v128_t nan = wasm_v128_or(wasm_i32x4_splat(0x7c00),
                                  wasm_v128_or(pay, wasm_v128_and(wasm_i32x4_eq(pay, wasm_i32x4_splat(0)),
                                                                  wasm_i32x4_splat(1))));
  o = wasm_v128_bitselect(nan, o, wasm_u32x4_gt(a, wasm_i32x4_splat(0x7f800000)));
  return wasm_v128_or(o, wasm_u32x4_shr(sign, 16));
}
#endif

void cast_f16_to_f32(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  float* o = static_cast<float*>(d);
  const uint16_t* p = static_cast<const uint16_t*>(s);
  int64_t i = 0;
#ifdef __wasm_simd128__
  if (ds == 1 && ss == 1 && use_simd()) {
    for (; i + 8 <= n; i += 8) half8_to_float(o + i, wasm_v128_load(p + i));
  }
#endif
  for (; i < n; ++i) o[i * ds] = half_to_float(p[i * ss]);
}

void cast_f32_to_f16(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  uint16_t* o = static_cast<uint16_t*>(d);
  const float* p = static_cast<const float*>(s);
  int64_t i = 0;
#ifdef __wasm_simd128__
  if (ds == 1 && ss == 1 && use_simd()) {
    for (; i + 8 <= n; i += 8) {
      const v128_t lo = float4_to_half(wasm_v128_load(p + i));
      const v128_t hi = float4_to_half(wasm_v128_load(p + i + 4));
      wasm_v128_store(o + i, wasm_u16x8_narrow_i32x4(lo, hi));
    }
  }
#endif
  for (; i < n; ++i) o[i * ds] = to_half(p[i * ss]);
}

template <class D, class S>
void cast_direct(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  rows::copy_cast<D, S>(static_cast<D*>(d), ds, static_cast<const S*>(s), ss, n);
}

// The same dtype: a (strided) copy of the element bytes. A plain loop, not memcpy: Emscripten
// 3.1.6's memcpy made 1 KiB chunk copies 2-3x slower than this loop. (Raw16: complex128's bytes.)
template <class E>
void copy_same(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  E* o = static_cast<E*>(d);
  const E* p = static_cast<const E*>(s);
  for (int64_t i = 0; i < n; ++i) o[i * ds] = p[i * ss];
}

// bool to bool: any nonzero byte reads as 1. A direct byte loop: through the wide type, logical ops
// on bool masks staged each operand at about 5 ns per element (logicalAnd of two bool [16384]:
// 155 us, against 6 us for notEqual of two float32 [16384]).
void normalize_bool(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  uint8_t* o = static_cast<uint8_t*>(d);
  const uint8_t* p = static_cast<const uint8_t*>(s);
  for (int64_t i = 0; i < n; ++i) o[i * ds] = p[i * ss] != 0;
}

}  // namespace

Caster make_caster(DType dst, DType src) {
  Caster c;
  c.de = static_cast<int64_t>(dtype_size(dst));
  c.se = static_cast<int64_t>(dtype_size(src));
  visit_dtype_all(src, [&](auto st) {
    using S = typename decltype(st)::type;
    c.load = &load_wide<S>;
    visit_dtype_all(dst, [&](auto dt) {
      using D = typename decltype(dt)::type;
      c.store = &store_wide<D, wide_t<S>>;
      if constexpr (kDirect<D, S>) c.direct = &cast_direct<D, S>;
    });
  });
  if (dst == DType::float32 && src == DType::float16) c.direct = &cast_f16_to_f32;
  if (dst == DType::float16 && src == DType::float32) c.direct = &cast_f32_to_f16;
  if (dst == DType::bool_ && src == DType::bool_) c.direct = &normalize_bool;
  if (dst == src && dst != DType::bool_) {
    switch (c.se) {
      case 1: c.direct = &copy_same<uint8_t>; break;
      case 2: c.direct = &copy_same<uint16_t>; break;
      case 4: c.direct = &copy_same<uint32_t>; break;
      case 8: c.direct = &copy_same<uint64_t>; break;
      default: c.direct = &copy_same<Raw16>; break;
    }
  }
  return c;
}

namespace {
template <class D, class S>
bool cast_transposed_map(void* d, int64_t dd, const void* s, int64_t sj, int64_t r, int64_t c) {
  constexpr LaneMap k = std::is_same_v<D, double>     ? LaneMap::promote
                        : std::is_same_v<S, double>   ? LaneMap::demote
                        : std::is_same_v<D, int32_t>  ? LaneMap::f32_to_i32
                        : std::is_same_v<D, uint32_t> ? LaneMap::f32_to_u32
                        : std::is_same_v<S, int32_t>  ? LaneMap::i32_to_f32
                                                      : LaneMap::u32_to_f32;
  return transposed_map(sizeof(S), sizeof(D), k, &cast_direct<D, S>, d, dd, s, sj, r, c);
}
}  // namespace

TransposedMapFn cast_transposed_fn(DType dst, DType src) {
  if (src == DType::float32) {
    if (dst == DType::float64) return &cast_transposed_map<double, float>;
    if (dst == DType::int32) return &cast_transposed_map<int32_t, float>;
    if (dst == DType::uint32) return &cast_transposed_map<uint32_t, float>;
  } else if (dst == DType::float32) {
    if (src == DType::float64) return &cast_transposed_map<float, double>;
    if (src == DType::int32) return &cast_transposed_map<float, int32_t>;
    if (src == DType::uint32) return &cast_transposed_map<float, uint32_t>;
  }
  return nullptr;
}

void cast_row(const Caster& c, void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  if (c.direct) {
    c.direct(d, ds, s, ss, n);
    return;
  }
  alignas(16) uint64_t buf[2 * kCastChunk];  // kCastChunk wide values: complex ones are 16 bytes
  char* dp = static_cast<char*>(d);
  const char* sp = static_cast<const char*>(s);
  for (int64_t i = 0; i < n; i += kCastChunk) {
    const int64_t m = std::min(kCastChunk, n - i);
    c.load(buf, sp + i * ss * c.se, ss, m);
    c.store(dp + i * ds * c.de, ds, buf, m);
  }
}

}  // namespace sv::kernels::detail
