// SIMD128 inner loops (WebAssembly -msimd128). Each `bool f(...)` runs its loop and returns true,
// or returns false WITHOUT touching memory when it has no SIMD loop for the given strides / types
// (the caller then runs the scalar reference loop). Every loop handles its tail explicitly with
// scalar code and never reads or writes outside the row it was given. Element results equal the
// scalar reference exactly, except the order of float additions in row reductions.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/scalar/loops.hpp"

// Every helper and loop here is force-inlined: the kernels are compiled with
// -fno-inline-functions for size (CMakeLists.txt), and a SIMD helper left out of line in a hot loop
// (a shuffle, a tile transpose) measured 1.5-2x slower transposes.
#define SV_SIMD_INLINE inline __attribute__((always_inline))
#define SV_SIMD_INLINE_LAMBDA __attribute__((always_inline))

namespace sv::kernels::simd {

// ----------------------------------------------------------------------------- vector basics

template <class T>
struct VecOf {
  typedef T type __attribute__((vector_size(16)));
};
template <class T>
using vec = typename VecOf<T>::type;
using u8v = vec<uint8_t>;

template <class T>
inline constexpr int kLanes = 16 / static_cast<int>(sizeof(T));

template <class T>
SV_SIMD_INLINE vec<T> load(const T* p) {
  return (vec<T>)wasm_v128_load(p);
}
template <class T>
SV_SIMD_INLINE void store(T* p, vec<T> v) {
  wasm_v128_store(p, (v128_t)v);
}
// Bit-exact splat (`vec{} + x` would turn -0.0 into +0.0).
template <class T>
SV_SIMD_INLINE vec<T> splat(T x) {
  if constexpr (sizeof(T) == 1) {
    uint8_t b;
    std::memcpy(&b, &x, 1);
    return (vec<T>)wasm_i8x16_splat(static_cast<int8_t>(b));
  } else if constexpr (sizeof(T) == 2) {
    uint16_t b;
    std::memcpy(&b, &x, 2);
    return (vec<T>)wasm_i16x8_splat(static_cast<int16_t>(b));
  } else if constexpr (sizeof(T) == 4) {
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return (vec<T>)wasm_i32x4_splat(static_cast<int32_t>(b));
  } else {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return (vec<T>)wasm_i64x2_splat(static_cast<int64_t>(b));
  }
}

// Signed integer of the same size (the type of a vector comparison's lanes).
template <class T>
using mask_int_t =
    std::conditional_t<sizeof(T) == 1, int8_t,
                       std::conditional_t<sizeof(T) == 2, int16_t,
                                          std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;

template <class T>
SV_SIMD_INLINE vec<T> select(vec<mask_int_t<T>> m, vec<T> a, vec<T> b) {  // m ? a : b
  return (vec<T>)wasm_v128_bitselect((v128_t)a, (v128_t)b, (v128_t)m);
}

// Lane permutations on raw bytes, indices generated at compile time.
template <size_t E, size_t... I>
SV_SIMD_INLINE v128_t reverse_lanes_impl(v128_t v, std::index_sequence<I...>) {
  return (v128_t)__builtin_shufflevector((u8v)v, (u8v)v, ((15 - I) / E * E + I % E)...);
}
template <size_t E>
SV_SIMD_INLINE v128_t reverse_lanes(v128_t v) {
  return reverse_lanes_impl<E>(v, std::make_index_sequence<16>{});
}
// Interleave the low (H=0) or high (H=1) halves of a and b at lane size E:
// [a0 b0 a1 b1 ...] of the chosen half.
template <size_t E, int H, size_t... I>
SV_SIMD_INLINE v128_t interleave_impl(v128_t a, v128_t b, std::index_sequence<I...>) {
  constexpr size_t L = 16 / E;
  return (v128_t)__builtin_shufflevector(
      (u8v)a, (u8v)b, (((I / E) % 2) * 16 + (H * (L / 2) + (I / E) / 2) * E + I % E)...);
}
template <size_t E, int H>
SV_SIMD_INLINE v128_t interleave(v128_t a, v128_t b) {
  return interleave_impl<E, H>(a, b, std::make_index_sequence<16>{});
}

// Transposes L x L lanes held in r[0..L) (row k = r[k]) in place: log2(L) rounds of
// n[2i] = lo(r[i], r[i+L/2]), n[2i+1] = hi(r[i], r[i+L/2]).
template <size_t E>
SV_SIMD_INLINE void transpose_tile(v128_t* r) {
  constexpr int L = 16 / static_cast<int>(E);
  v128_t n[L];
  for (int round = 1; round < L; round *= 2) {
    for (int i = 0; i < L / 2; ++i) {
      n[2 * i] = interleave<E, 0>(r[i], r[i + L / 2]);
      n[2 * i + 1] = interleave<E, 1>(r[i], r[i + L / 2]);
    }
    for (int i = 0; i < L; ++i) r[i] = n[i];
  }
}

template <size_t E>
struct RawOf;
template <>
struct RawOf<1> {
  using type = uint8_t;
};
template <>
struct RawOf<2> {
  using type = uint16_t;
};
template <>
struct RawOf<4> {
  using type = uint32_t;
};
template <>
struct RawOf<8> {
  using type = uint64_t;
};

// ----------------------------------------------------------------------------- copies

// Copies n bytes forward in 64-byte steps, whatever n: as fast as memcpy with bulk memory
// (TOOLCHAIN.md), and the shipped module links the size-optimised libc (-Oz) whose memcpy measured
// 3x slower on 64 MiB. d and s do not overlap.
SV_SIMD_INLINE void copy_bytes(char* d, const char* s, int64_t n) {
  if (d == s) return;
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const v128_t a = wasm_v128_load(s + i), b = wasm_v128_load(s + i + 16);
    const v128_t c = wasm_v128_load(s + i + 32), e = wasm_v128_load(s + i + 48);
    wasm_v128_store(d + i, a);
    wasm_v128_store(d + i + 16, b);
    wasm_v128_store(d + i + 32, c);
    wasm_v128_store(d + i + 48, e);
  }
  for (; i + 16 <= n; i += 16) wasm_v128_store(d + i, wasm_v128_load(s + i));
  if (i < n) std::memcpy(d + i, s + i, static_cast<size_t>(n - i));
}

// Same-dtype row copy: contiguous (bulk), stride 0 (splat fill), stride -1 (lane reversal) and a
// gather for 4- and 8-byte lanes, all into a contiguous destination.
template <class E>
SV_SIMD_INLINE bool copy_raw_row(E* d, int64_t ds, const E* s, int64_t ss, int64_t n) {
  constexpr int L = kLanes<E>;
  if (ds != 1) return false;
  if (ss == 1) {
    copy_bytes(reinterpret_cast<char*>(d), reinterpret_cast<const char*>(s),
               n * static_cast<int64_t>(sizeof(E)));
    return true;
  }
  int64_t i = 0;
  if (ss == 0) {
    const v128_t v = (v128_t)splat<E>(*s);
    for (; i + 4 * L <= n; i += 4 * L) {
      wasm_v128_store(d + i, v);
      wasm_v128_store(d + i + L, v);
      wasm_v128_store(d + i + 2 * L, v);
      wasm_v128_store(d + i + 3 * L, v);
    }
    for (; i + L <= n; i += L) wasm_v128_store(d + i, v);
    for (; i < n; ++i) d[i] = *s;
    return true;
  }
  if (ss == -1) {
    // d[i..i+L) = reverse(s[-(i+L-1) .. -i])
    for (; i + 4 * L <= n; i += 4 * L) {
      const v128_t a = wasm_v128_load(s - i - (L - 1));
      const v128_t b = wasm_v128_load(s - i - L - (L - 1));
      const v128_t c = wasm_v128_load(s - i - 2 * L - (L - 1));
      const v128_t e = wasm_v128_load(s - i - 3 * L - (L - 1));
      wasm_v128_store(d + i, reverse_lanes<sizeof(E)>(a));
      wasm_v128_store(d + i + L, reverse_lanes<sizeof(E)>(b));
      wasm_v128_store(d + i + 2 * L, reverse_lanes<sizeof(E)>(c));
      wasm_v128_store(d + i + 3 * L, reverse_lanes<sizeof(E)>(e));
    }
    for (; i + L <= n; i += L) {
      wasm_v128_store(d + i, reverse_lanes<sizeof(E)>(wasm_v128_load(s - i - (L - 1))));
    }
    for (; i < n; ++i) d[i] = s[-i];
    return true;
  }
  if constexpr (sizeof(E) == 4) {
    for (; i + 4 <= n; i += 4) {
      const E* p = s + i * ss;
      wasm_v128_store(
          d + i, wasm_i32x4_make(static_cast<int32_t>(p[0]), static_cast<int32_t>(p[ss]),
                                 static_cast<int32_t>(p[2 * ss]), static_cast<int32_t>(p[3 * ss])));
    }
    for (; i < n; ++i) d[i] = s[i * ss];
    return true;
  } else if constexpr (sizeof(E) == 8) {
    for (; i + 2 <= n; i += 2) {
      const E* p = s + i * ss;
      wasm_v128_store(d + i,
                      wasm_i64x2_make(static_cast<int64_t>(p[0]), static_cast<int64_t>(p[ss])));
    }
    for (; i < n; ++i) d[i] = s[i * ss];
    return true;
  }
  return false;
}

// Four rows reversed at once: d[k*dd + i] = s[k*ds - i] for k < 4, i < n. A reversed row reads
// its source descending, which the hardware prefetchers follow less well than an ascending
// stream; four descending streams in flight at once measured 0.72 of memcpy against 0.58 for one
// row at a time (4096x4096 float32 flip of the last axis, 2-core AMD EPYC VM, CPU time, load 8).
template <class E>
SV_SIMD_INLINE void reverse_rows4(E* d, int64_t dd, const E* s, int64_t ds, int64_t n) {
  constexpr int L = kLanes<E>;
  const ptrdiff_t pd = static_cast<ptrdiff_t>(dd), ps = static_cast<ptrdiff_t>(ds);
  const ptrdiff_t pn = static_cast<ptrdiff_t>(n);
  ptrdiff_t i = 0;
  for (; i + L <= pn; i += L) {
    const E* q = s - i - (L - 1);
    const v128_t a = wasm_v128_load(q), b = wasm_v128_load(q + ps);
    const v128_t c = wasm_v128_load(q + 2 * ps), e = wasm_v128_load(q + 3 * ps);
    wasm_v128_store(d + i, reverse_lanes<sizeof(E)>(a));
    wasm_v128_store(d + pd + i, reverse_lanes<sizeof(E)>(b));
    wasm_v128_store(d + 2 * pd + i, reverse_lanes<sizeof(E)>(c));
    wasm_v128_store(d + 3 * pd + i, reverse_lanes<sizeof(E)>(e));
  }
  for (; i < pn; ++i) {
    for (int k = 0; k < 4; ++k) d[k * pd + i] = s[k * ps - i];
  }
}

// d[i*dd + j] = s[i + j*sj] for i < r, j < c: L x L register tiles transposed with shuffles;
// ragged edges scalar. Index arithmetic in ptrdiff_t (32-bit on wasm32).
template <class E>
SV_SIMD_INLINE void transpose_block(E* d, ptrdiff_t dd, const E* s, ptrdiff_t sj, ptrdiff_t r,
                            ptrdiff_t c) {
  constexpr int L = kLanes<E>;
  const ptrdiff_t rv = r - r % L, cv = c - c % L;
  for (ptrdiff_t i = 0; i < rv; i += L) {
    const E* q = s + i;
    E* o = d + i * dd;
    for (ptrdiff_t j = 0; j < cv; j += L) {
      v128_t t[L];
      for (int b = 0; b < L; ++b) t[b] = wasm_v128_load(q + b * sj);
      transpose_tile<sizeof(E)>(t);
      for (int a = 0; a < L; ++a) wasm_v128_store(o + a * dd, t[a]);
      q += L * sj;
      o += L;
    }
    for (ptrdiff_t ii = i; ii < i + L; ++ii) {
      for (ptrdiff_t j = cv; j < c; ++j) d[ii * dd + j] = s[ii + j * sj];
    }
  }
  for (ptrdiff_t i = rv; i < r; ++i) {
    for (ptrdiff_t j = 0; j < c; ++j) d[i * dd + j] = s[i + j * sj];
  }
}

// Transposing copy (source contiguous along i). Cache blocks of 512 bytes along the source's
// rows by 64 bytes (one cache line) along the destination's rows: measured fastest for
// 4096x4096 float32 among 16..4096 x 4..128 blocks (about 2x a 32x32 block); short source rows
// take square blocks (below).
template <class E>
SV_SIMD_INLINE bool copy_raw_2d(E* d, int64_t dd, const E* s, int64_t si, int64_t sj, int64_t r,
                        int64_t c) {
  // Size: no 2-byte tiles (int16/uint16 transposes take the blocked scalar loop).
  if (sizeof(E) == 2 || si != 1) return false;
  // Short source rows (at most 1 KiB apart, as in the 3-D permutes of a [256,256,256] float32
  // cube: rows of the merged (i,j) dim 1 KiB apart, destination rows 256 KiB apart): square blocks
  // of 256 x 256 bytes, so the destination is written in 256-byte runs while the block's source
  // stays inside one contiguous stretch. Measured (CPU time, load 15, ratio to memcpy): the
  // (2,0,1) permute as a 256 x 65536 transpose 0.43-0.44 against 0.25-0.29 with 512 x 64-byte
  // blocks, 256 x 256 slabs (the (0,2,1) permute) 0.53 against 0.45; with 4 KiB and 16 KiB source
  // rows the square blocks measured worse (0.21 against 0.29, 0.27 against 0.40).
  const bool short_rows = (sj < 0 ? -sj : sj) * static_cast<int64_t>(sizeof(E)) <= 1024;
  const ptrdiff_t BI = short_rows ? 256 / sizeof(E) : 512 / sizeof(E);
  const ptrdiff_t BJ = short_rows ? 256 / sizeof(E) : 64 / sizeof(E);
  const ptrdiff_t pdd = static_cast<ptrdiff_t>(dd), psj = static_cast<ptrdiff_t>(sj);
  const ptrdiff_t pr = static_cast<ptrdiff_t>(r), pc = static_cast<ptrdiff_t>(c);
  for (ptrdiff_t i0 = 0; i0 < pr; i0 += BI) {
    const ptrdiff_t bi = pr - i0 < BI ? pr - i0 : BI;
    for (ptrdiff_t j0 = 0; j0 < pc; j0 += BJ) {
      const ptrdiff_t bj = pc - j0 < BJ ? pc - j0 : BJ;
      transpose_block<E>(d + i0 * pdd + j0, pdd, s + i0 + j0 * psj, psj, bi, bj);
    }
  }
  return true;
}

// Casts between a few common dtype pairs, contiguous (or stride-0 source handled by the scalar
// loop). Semantics equal kernels::convert (trunc_sat is WebAssembly's saturating truncation).
template <class D, class S>
SV_SIMD_INLINE bool copy_cast_row(D* d, int64_t ds, const S* s, int64_t ss, int64_t n) {
  if (ds != 1 || ss != 1) return false;
  int64_t i = 0;
  if constexpr (std::is_same_v<D, int32_t> && std::is_same_v<S, float>) {
    for (; i + 4 <= n; i += 4)
      wasm_v128_store(d + i, wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(s + i)));
  } else if constexpr (std::is_same_v<D, uint32_t> && std::is_same_v<S, float>) {
    for (; i + 4 <= n; i += 4)
      wasm_v128_store(d + i, wasm_u32x4_trunc_sat_f32x4(wasm_v128_load(s + i)));
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, int32_t>) {
    for (; i + 4 <= n; i += 4)
      wasm_v128_store(d + i, wasm_f32x4_convert_i32x4(wasm_v128_load(s + i)));
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, uint32_t>) {
    for (; i + 4 <= n; i += 4)
      wasm_v128_store(d + i, wasm_f32x4_convert_u32x4(wasm_v128_load(s + i)));
  } else if constexpr (std::is_same_v<D, double> && std::is_same_v<S, float>) {
    for (; i + 4 <= n; i += 4) {
      const v128_t v = wasm_v128_load(s + i);
      wasm_v128_store(d + i, wasm_f64x2_promote_low_f32x4(v));
      wasm_v128_store(d + i + 2, wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 0)));
    }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, double>) {
    for (; i + 4 <= n; i += 4) {
      const v128_t a = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(s + i));
      const v128_t b = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(s + i + 2));
      wasm_v128_store(d + i, wasm_i64x2_shuffle(a, b, 0, 2));
    }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, uint8_t>) {
    for (; i + 16 <= n; i += 16) {
      const v128_t v = wasm_v128_load(s + i);
      const v128_t lo = wasm_u16x8_extend_low_u8x16(v), hi = wasm_u16x8_extend_high_u8x16(v);
      wasm_v128_store(d + i, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(lo)));
      wasm_v128_store(d + i + 4, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(lo)));
      wasm_v128_store(d + i + 8, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(hi)));
      wasm_v128_store(d + i + 12, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(hi)));
    }
  } else if constexpr (std::is_same_v<D, uint8_t> && std::is_same_v<S, float>) {
    for (; i + 16 <= n; i += 16) {
      const v128_t a = wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(s + i));
      const v128_t b = wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(s + i + 4));
      const v128_t c = wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(s + i + 8));
      const v128_t e = wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(s + i + 12));
      wasm_v128_store(d + i, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b),
                                                     wasm_i16x8_narrow_i32x4(c, e)));
    }
  } else {
    return false;
  }
  for (; i < n; ++i) d[i] = convert<D, S>(s[i]);
  return true;
}

// The dtype pairs with a one-vector conversion (the transposed casts, simd128/transpose.hpp): the
// kLanes<S> results of one source vector written at o. Same results as copy_cast_row.
template <class D, class S>
inline constexpr bool kSimdCast =
    (std::is_same_v<S, float> &&
     (std::is_same_v<D, double> || std::is_same_v<D, int32_t> || std::is_same_v<D, uint32_t>)) ||
    (std::is_same_v<D, float> &&
     (std::is_same_v<S, double> || std::is_same_v<S, int32_t> || std::is_same_v<S, uint32_t>));

template <class D, class S>
SV_SIMD_INLINE void vcast(v128_t v, D* o) {
  if constexpr (std::is_same_v<D, double>) {
    wasm_v128_store(o, wasm_f64x2_promote_low_f32x4(v));
    wasm_v128_store(o + 2, wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 0)));
  } else if constexpr (std::is_same_v<S, double>) {
    wasm_v128_store64_lane(o, wasm_f32x4_demote_f64x2_zero(v), 0);
  } else if constexpr (std::is_same_v<D, int32_t>) {
    wasm_v128_store(o, wasm_i32x4_trunc_sat_f32x4(v));
  } else if constexpr (std::is_same_v<D, uint32_t>) {
    wasm_v128_store(o, wasm_u32x4_trunc_sat_f32x4(v));
  } else if constexpr (std::is_same_v<S, int32_t>) {
    wasm_v128_store(o, wasm_f32x4_convert_i32x4(v));
  } else {
    wasm_v128_store(o, wasm_f32x4_convert_u32x4(v));
  }
}

// ----------------------------------------------------------------------------- elementwise

// Size: elementwise and reduction SIMD loops exist for the hot dtypes only (float32, float64,
// int32); the other dtypes run the scalar reference loops.
template <class T>
inline constexpr bool kSimdHot =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t>;
template <class T>
inline constexpr bool kSimdArith = kSimdHot<T>;

// One vector of `a OP b` (non-comparison ops).
template <BinaryOp OP, class T>
SV_SIMD_INLINE vec<T> vbinary(vec<T> a, vec<T> b) {
  if constexpr (OP == BinaryOp::add) {
    return a + b;
  } else if constexpr (OP == BinaryOp::sub) {
    return a - b;
  } else if constexpr (OP == BinaryOp::mul) {
    return a * b;
  } else if constexpr (OP == BinaryOp::div) {
    return a / b;  // floats only
  } else if constexpr (OP == BinaryOp::bitwise_and) {
    return a & b;
  } else if constexpr (OP == BinaryOp::bitwise_or) {
    return a | b;
  } else if constexpr (OP == BinaryOp::bitwise_xor) {
    return a ^ b;
  } else if constexpr (OP == BinaryOp::maximum) {
    if constexpr (is_float_v<T>) {
      return select<T>((a > b) | (a != a), a, b);
    } else {
      return select<T>(a > b, a, b);
    }
  } else {
    if constexpr (is_float_v<T>) {
      return select<T>((a < b) | (a != a), a, b);
    } else {
      return select<T>(a < b, a, b);
    }
  }
}

template <BinaryOp OP, class T>
SV_SIMD_INLINE vec<mask_int_t<T>> vcompare(vec<T> a, vec<T> b) {
  if constexpr (OP == BinaryOp::eq) return a == b;
  if constexpr (OP == BinaryOp::ne) return a != b;
  if constexpr (OP == BinaryOp::lt) return a < b;
  if constexpr (OP == BinaryOp::le) return a <= b;
  if constexpr (OP == BinaryOp::gt) return a > b;
  if constexpr (OP == BinaryOp::ge) return a >= b;
}

// 16/L comparison masks of lanes of T -> 16 bytes of 0/1.
template <class T>
SV_SIMD_INLINE v128_t masks_to_bools(const v128_t* m) {
  v128_t bytes;
  if constexpr (sizeof(T) == 1) {
    bytes = m[0];
  } else if constexpr (sizeof(T) == 2) {
    bytes = wasm_i8x16_narrow_i16x8(m[0], m[1]);
  } else if constexpr (sizeof(T) == 4) {
    bytes = wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(m[0], m[1]),
                                    wasm_i16x8_narrow_i32x4(m[2], m[3]));
  } else {
    v128_t w[4];
    for (int k = 0; k < 4; ++k) w[k] = wasm_i32x4_shuffle(m[2 * k], m[2 * k + 1], 0, 2, 4, 6);
    bytes = wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(w[0], w[1]),
                                    wasm_i16x8_narrow_i32x4(w[2], w[3]));
  }
  return wasm_v128_and(bytes, wasm_i8x16_splat(1));
}

// Contiguous output; each input contiguous or broadcast (stride 0). A broadcast input reads a
// splatted stack block with a zero step, so one loop serves all four combinations.
template <BinaryOp OP, class T>
SV_SIMD_INLINE void binary_contig(scalar::binary_result_t<OP, T>* o, const T* a, int64_t as, const T* b,
                          int64_t bs, int64_t n) {
  constexpr int L = kLanes<T>;
  constexpr int B = scalar::is_comparison_v<OP> ? 16 : 4 * L;  // elements per step
  alignas(16) T ca[B], cb[B];
  const T* pa = a;
  const T* pb = b;
  ptrdiff_t ia = B, ib = B;
  if (as == 0) {
    for (int k = 0; k < B; ++k) std::memcpy(&ca[k], a, sizeof(T));
    pa = ca;
    ia = 0;
  }
  if (bs == 0) {
    for (int k = 0; k < B; ++k) std::memcpy(&cb[k], b, sizeof(T));
    pb = cb;
    ib = 0;
  }
  int64_t i = 0;
  for (; i + B <= n; i += B, pa += ia, pb += ib) {
    if constexpr (scalar::is_comparison_v<OP>) {
      v128_t m[16 / L];
      for (int k = 0; k < 16 / L; ++k) {
        m[k] = (v128_t)vcompare<OP, T>(load<T>(pa + k * L), load<T>(pb + k * L));
      }
      wasm_v128_store(o + i, masks_to_bools<T>(m));
    } else {
      const vec<T> r0 = vbinary<OP, T>(load<T>(pa), load<T>(pb));
      const vec<T> r1 = vbinary<OP, T>(load<T>(pa + L), load<T>(pb + L));
      const vec<T> r2 = vbinary<OP, T>(load<T>(pa + 2 * L), load<T>(pb + 2 * L));
      const vec<T> r3 = vbinary<OP, T>(load<T>(pa + 3 * L), load<T>(pb + 3 * L));
      store<T>(o + i, r0);
      store<T>(o + i + L, r1);
      store<T>(o + i + 2 * L, r2);
      store<T>(o + i + 3 * L, r3);
    }
  }
  for (; i < n; ++i) o[i] = scalar::binary_op<OP, T>(a[i * as], b[i * bs]);
}

// a << s / a >> s by one count 0 <= s < bits for the whole row (NumPy's rules for other counts
// are the scalar loop's): contiguous a and out.
template <BinaryOp OP, class T>
SV_SIMD_INLINE void shift_contig(T* o, const T* a, int s, int64_t n) {
  constexpr int L = kLanes<T>;
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    const vec<T> v = load<T>(a + i);
    if constexpr (OP == BinaryOp::left_shift) store<T>(o + i, v << s);
    else store<T>(o + i, v >> s);  // arithmetic for signed lanes
  }
  const T c = static_cast<T>(s);
  for (; i < n; ++i) o[i] = scalar::binary_op<OP, T>(a[i], c);
}

template <BinaryOp OP>
inline constexpr bool kShift = OP == BinaryOp::left_shift || OP == BinaryOp::right_shift;

template <BinaryOp OP, class T>
SV_SIMD_INLINE bool binary_row(scalar::binary_result_t<OP, T>* o, int64_t os, const T* a, int64_t as,
                       const T* b, int64_t bs, int64_t n) {
  if constexpr (scalar::is_bitwise_v<OP>) {
    // and / or / xor run on the unsigned integer of each element size
    if (os != 1 || (as != 0 && as != 1) || (bs != 0 && bs != 1)) return false;
    binary_contig<OP, T>(o, a, as, b, bs, n);
    return true;
  } else if constexpr (kShift<OP>) {
    if constexpr (is_float_v<T>) {
      return false;
    } else {
      // the common case: one count for the row (a scalar count), in range
      if (os != 1 || as != 1 || bs != 0) return false;
      using U = std::make_unsigned_t<T>;
      if (static_cast<U>(*b) >= sizeof(T) * 8) return false;
      shift_contig<OP, T>(o, a, static_cast<int>(*b), n);
      return true;
    }
  } else if constexpr (!kSimdArith<T> || (OP == BinaryOp::div && !is_float_v<T>) ||
                       OP == BinaryOp::mod || OP == BinaryOp::fmod ||
                       OP == BinaryOp::floor_divide) {
    return false;
  } else {
    if (os != 1 || (as != 0 && as != 1) || (bs != 0 && bs != 1)) return false;
    binary_contig<OP, T>(o, a, as, b, bs, n);
    return true;
  }
}

// The unary ops with a SIMD128 loop, and one vector of each.
template <UnaryOp OP, class T>
inline constexpr bool kSimdUnary = (kSimdHot<T> && (OP == UnaryOp::neg || OP == UnaryOp::abs ||
                                                    (OP == UnaryOp::sqrt && is_float_v<T>))) ||
                                   (OP == UnaryOp::invert && std::is_unsigned_v<T>);

template <UnaryOp OP, class T>
SV_SIMD_INLINE vec<T> vunary(vec<T> v) {
  if constexpr (OP == UnaryOp::invert) {
    return ~v;
  } else if constexpr (OP == UnaryOp::neg) {
    if constexpr (is_float_v<T>) {
      return -v;  // a sign flip (0 - x would turn -0 into +0)
    } else {
      return vec<T>{} - v;
    }
  } else if constexpr (OP == UnaryOp::abs) {
    if constexpr (is_float_v<T>) {
      using I = mask_int_t<T>;
      return (vec<T>)((vec<I>)v & splat<I>(std::numeric_limits<I>::max()));
    } else if constexpr (std::is_signed_v<T>) {
      return select<T>(v < splat<T>(0), vec<T>{} - v, v);
    } else {
      return v;
    }
  } else {
    if constexpr (sizeof(T) == 4) {
      return (vec<T>)wasm_f32x4_sqrt((v128_t)v);
    } else {
      return (vec<T>)wasm_f64x2_sqrt((v128_t)v);
    }
  }
}

template <UnaryOp OP, class T>
SV_SIMD_INLINE bool unary_row(T* o, int64_t os, const T* a, int64_t as, int64_t n) {
  if constexpr (!kSimdUnary<OP, T>) {
    return false;
  } else {
    if (os != 1 || as != 1) return false;
    constexpr int L = kLanes<T>;
    int64_t i = 0;
    for (; i + L <= n; i += L) store<T>(o + i, vunary<OP, T>(load<T>(a + i)));
    for (; i < n; ++i) o[i] = scalar::unary_op<OP, T>(a[i]);
    return true;
  }
}

// o[i] = c[i] ? a[i] : b[i] for a contiguous out and cond and 4- or 8-byte elements, a and b each
// contiguous or one broadcast value (stride 0): the bool bytes (any nonzero byte is true) widened
// to lane masks, then a bitselect, so the bits of a or b are copied unchanged as in the scalar
// loop. where of [32,32] float32 with a scalar 0: 4.0 -> 2.2 us per call in the package.
template <class T>
SV_SIMD_INLINE bool where_row(T* o, int64_t os, const b8* c, int64_t cs, const T* a, int64_t as,
                              const T* b, int64_t bs, int64_t n) {
  if constexpr (sizeof(T) != 4 && sizeof(T) != 8) {
    return false;
  } else {
    if (os != 1 || cs != 1 || (as != 0 && as != 1) || (bs != 0 && bs != 1)) return false;
    constexpr int L = 16 / static_cast<int>(sizeof(T));
    const uint8_t* cb = reinterpret_cast<const uint8_t*>(c);
    // A broadcast operand is read from L copies of its value, at step 0.
    alignas(16) T ca[L], cbv[L];
    const T* pa = a;
    const T* pb = b;
    const int64_t ia = as ? L : 0, ib = bs ? L : 0;
    if (as == 0) {
      for (int k = 0; k < L; ++k) ca[k] = *a;
      pa = ca;
    }
    if (bs == 0) {
      for (int k = 0; k < L; ++k) cbv[k] = *b;
      pb = cbv;
    }
    const v128_t zero = wasm_i32x4_splat(0);
    int64_t i = 0;
    for (; i + L <= n; i += L, pa += ia, pb += ib) {
      v128_t m;
      if constexpr (sizeof(T) == 4) {
        const v128_t bytes = wasm_v128_load32_zero(cb + i);
        m = wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(bytes));
      } else {
        m = wasm_i32x4_make(cb[i], cb[i], cb[i + 1], cb[i + 1]);
      }
      m = wasm_i32x4_ne(m, zero);
      wasm_v128_store(o + i, wasm_v128_bitselect(wasm_v128_load(pa), wasm_v128_load(pb), m));
    }
    for (; i < n; ++i) o[i] = cb[i] != 0 ? a[i * as] : b[i * bs];
    return true;
  }
}

// ----------------------------------------------------------------------------- reductions

template <ReduceOp OP, class T>
SV_SIMD_INLINE vec<T> vreduce(vec<T> acc, vec<T> x) {
  if constexpr (OP == ReduceOp::max) {
    return vbinary<BinaryOp::maximum, T>(x, acc);
  } else if constexpr (OP == ReduceOp::min) {
    return vbinary<BinaryOp::minimum, T>(x, acc);
  } else {
    return acc + x;
  }
}

// Vertical: o[i] = o[i] OP x[i] over contiguous rows (first-axis reductions).
template <ReduceOp OP, class O, class I>
SV_SIMD_INLINE bool reduce_into_row(O* o, int64_t os, const I* x, int64_t xs, int64_t n) {
  if constexpr (!std::is_same_v<O, I> || !kSimdHot<O>) {
    return false;
  } else {
    if (os != 1 || xs != 1) return false;
    constexpr int L = kLanes<O>;
    int64_t i = 0;
    for (; i + 4 * L <= n; i += 4 * L) {
      const vec<O> r0 = vreduce<OP, O>(load<O>(o + i), load<O>(x + i));
      const vec<O> r1 = vreduce<OP, O>(load<O>(o + i + L), load<O>(x + i + L));
      const vec<O> r2 = vreduce<OP, O>(load<O>(o + i + 2 * L), load<O>(x + i + 2 * L));
      const vec<O> r3 = vreduce<OP, O>(load<O>(o + i + 3 * L), load<O>(x + i + 3 * L));
      store<O>(o + i, r0);
      store<O>(o + i + L, r1);
      store<O>(o + i + 2 * L, r2);
      store<O>(o + i + 3 * L, r3);
    }
    for (; i + L <= n; i += L) store<O>(o + i, vreduce<OP, O>(load<O>(o + i), load<O>(x + i)));
    for (; i < n; ++i) o[i] = scalar::reduce_step<OP, O>(o[i], x[i]);
    return true;
  }
}

// Vertical block, as scalar::sum_rows_row: o[i] = x[i] + x[s + i] + ... + x[(m-1)*s + i], each
// column summed in registers over all m rows and stored once (short rows: no read-modify-write of
// o per row, and one call per block of rows instead of one per row).
template <class T>
SV_SIMD_INLINE bool sum_rows_row(T* o, const T* x, int64_t s, int64_t m, int64_t n) {
  if constexpr (!kSimdHot<T> || !is_float_v<T>) {
    return false;
  } else {
    constexpr int L = kLanes<T>;
    const ptrdiff_t pn = static_cast<ptrdiff_t>(n), ps = static_cast<ptrdiff_t>(s);
    const ptrdiff_t pm = static_cast<ptrdiff_t>(m);
    ptrdiff_t i = 0;
    for (; i + 4 * L <= pn; i += 4 * L) {
      const T* p = x + i;
      vec<T> a0 = load<T>(p), a1 = load<T>(p + L), a2 = load<T>(p + 2 * L), a3 = load<T>(p + 3 * L);
      for (ptrdiff_t r = 1; r < pm; ++r) {
        p += ps;
        a0 += load<T>(p);
        a1 += load<T>(p + L);
        a2 += load<T>(p + 2 * L);
        a3 += load<T>(p + 3 * L);
      }
      store<T>(o + i, a0);
      store<T>(o + i + L, a1);
      store<T>(o + i + 2 * L, a2);
      store<T>(o + i + 3 * L, a3);
    }
    for (; i + L <= pn; i += L) {
      const T* p = x + i;
      vec<T> a = load<T>(p);
      for (ptrdiff_t r = 1; r < pm; ++r) a += load<T>(p += ps);
      store<T>(o + i, a);
    }
    for (; i < pn; ++i) {
      T a = x[i];
      for (ptrdiff_t r = 1; r < pm; ++r) a += x[r * ps + i];
      o[i] = a;
    }
    return true;
  }
}

// Vertical over four rows at once: o[i] = (((o[i] OP x0[i]) OP x1[i]) OP x2[i]) OP x3[i], the
// same order as four single-row steps (so float sums round identically), one pass over o.
template <ReduceOp OP, class O, class I>
SV_SIMD_INLINE bool reduce_into_row4(O* o, const I* x0, const I* x1, const I* x2, const I* x3, int64_t n) {
  if constexpr (!std::is_same_v<O, I> || !kSimdHot<O>) {
    return false;
  } else {
    constexpr int L = kLanes<O>;
    const ptrdiff_t pn = static_cast<ptrdiff_t>(n);
    ptrdiff_t i = 0;
    for (; i + 2 * L <= pn; i += 2 * L) {
      vec<O> a = load<O>(o + i), b = load<O>(o + i + L);
      a = vreduce<OP, O>(a, load<O>(x0 + i));
      b = vreduce<OP, O>(b, load<O>(x0 + i + L));
      a = vreduce<OP, O>(a, load<O>(x1 + i));
      b = vreduce<OP, O>(b, load<O>(x1 + i + L));
      a = vreduce<OP, O>(a, load<O>(x2 + i));
      b = vreduce<OP, O>(b, load<O>(x2 + i + L));
      a = vreduce<OP, O>(a, load<O>(x3 + i));
      b = vreduce<OP, O>(b, load<O>(x3 + i + L));
      store<O>(o + i, a);
      store<O>(o + i + L, b);
    }
    for (; i < pn; ++i) {
      O a = o[i];
      a = scalar::reduce_step<OP, O>(a, x0[i]);
      a = scalar::reduce_step<OP, O>(a, x1[i]);
      a = scalar::reduce_step<OP, O>(a, x2[i]);
      a = scalar::reduce_step<OP, O>(a, x3[i]);
      o[i] = a;
    }
    return true;
  }
}

// Pairwise float sum of a contiguous row, n >= 4 * lanes: the scalar pairwise_sum's shape with
// vector lanes as the accumulators. A block is 4 vector accumulators x 16 vectors each (every lane
// adds 16 elements in order, as each of NumPy's 8 accumulators does over its 128-element block);
// the block sums are combined pairwise as vectors (scalar::Cascade), the lanes pairwise at the end.
// One block is 1 KiB (float32) or 2 KiB (float64): the cascade costs a few adds per KiB read.
template <class T>
SV_SIMD_INLINE T sum_row_pairwise(const T* x, int64_t n) {
  constexpr int L = kLanes<T>;
  constexpr ptrdiff_t kBlock = 64 * L;
  const ptrdiff_t pn = static_cast<ptrdiff_t>(n);
  scalar::Cascade<vec<T>> c;
  ptrdiff_t i = 0;
  for (; i + kBlock <= pn; i += kBlock) {
    const T* p = x + i;
    vec<T> a0 = load<T>(p), a1 = load<T>(p + L), a2 = load<T>(p + 2 * L), a3 = load<T>(p + 3 * L);
    for (ptrdiff_t j = 4 * L; j < kBlock; j += 4 * L) {
      a0 += load<T>(p + j);
      a1 += load<T>(p + j + L);
      a2 += load<T>(p + j + 2 * L);
      a3 += load<T>(p + j + 3 * L);
    }
    c.push((a0 + a1) + (a2 + a3));
  }
  if (i + L <= pn) {
    // The last partial block: the same accumulators, fewer vectors.
    vec<T> a0 = load<T>(x + i), a1{}, a2{}, a3{};
    i += L;
    for (; i + 4 * L <= pn; i += 4 * L) {
      a1 += load<T>(x + i);
      a2 += load<T>(x + i + L);
      a3 += load<T>(x + i + 2 * L);
      a0 += load<T>(x + i + 3 * L);
    }
    for (; i + L <= pn; i += L) a1 += load<T>(x + i);
    c.push((a0 + a1) + (a2 + a3));
  }
  const vec<T> v = c.total(vec<T>{});
  T s;
  if constexpr (L == 4) {
    s = (v[0] + v[1]) + (v[2] + v[3]);
  } else {
    s = v[0] + v[1];
  }
  for (; i < pn; ++i) s += x[i];  // fewer than L elements
  return s;
}

// Horizontal: *o = *o OP (x[0] OP ... OP x[n-1]) over a contiguous row (last-axis reductions):
// float sums pairwise (sum_row_pairwise); otherwise four vector accumulators, then the lanes.
template <ReduceOp OP, class O, class I>
SV_SIMD_INLINE bool reduce_row_to(O* o, const I* x, int64_t xs, int64_t n) {
  constexpr bool same = std::is_same_v<O, I> && kSimdHot<O>;
  constexpr bool widen =
      OP == ReduceOp::sum && std::is_same_v<O, double> && std::is_same_v<I, float>;
  if constexpr (!same && !widen) {
    return false;
  } else {
    if (xs != 1) return false;
    constexpr int L = kLanes<I>;
    if (n < 4 * L) return false;
    if constexpr (same && OP == ReduceOp::sum && is_float_v<O>) {
      *o = *o + sum_row_pairwise<O>(x, n);
      return true;
    }
    int64_t i = 0;
    O acc = *o;
    if constexpr (same) {
      vec<O> a0 = load<O>(x), a1 = load<O>(x + L), a2 = load<O>(x + 2 * L), a3 = load<O>(x + 3 * L);
      for (i = 4 * L; i + 4 * L <= n; i += 4 * L) {
        a0 = vreduce<OP, O>(a0, load<O>(x + i));
        a1 = vreduce<OP, O>(a1, load<O>(x + i + L));
        a2 = vreduce<OP, O>(a2, load<O>(x + i + 2 * L));
        a3 = vreduce<OP, O>(a3, load<O>(x + i + 3 * L));
      }
      for (; i + L <= n; i += L) a0 = vreduce<OP, O>(a0, load<O>(x + i));
      const vec<O> a = vreduce<OP, O>(vreduce<OP, O>(a0, a1), vreduce<OP, O>(a2, a3));
      for (int k = 0; k < L; ++k) acc = scalar::reduce_step<OP, O>(acc, a[k]);
    } else {
      // float32 -> float64 sum: promote both halves of every f32x4.
      vec<double> a0{}, a1{}, a2{}, a3{};
      for (; i + 8 <= n; i += 8) {
        const v128_t p = wasm_v128_load(x + i), q = wasm_v128_load(x + i + 4);
        a0 += (vec<double>)wasm_f64x2_promote_low_f32x4(p);
        a1 += (vec<double>)wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(p, p, 1, 0));
        a2 += (vec<double>)wasm_f64x2_promote_low_f32x4(q);
        a3 += (vec<double>)wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(q, q, 1, 0));
      }
      const vec<double> a = (a0 + a1) + (a2 + a3);
      acc += a[0] + a[1];
    }
    for (; i < n; ++i) acc = scalar::reduce_step<OP, O>(acc, convert<O, I>(x[i]));
    *o = acc;
    return true;
  }
}

}  // namespace sv::kernels::simd
#endif
