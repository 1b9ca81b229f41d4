// SIMD128 stage fill of the tile stager (rows.hpp tiles::walk): d[i*dp + j] = s[i + j*sj] for
// i < r, j < c, into a small padded buffer, in L x L register tiles (L = 16 / sizeof(E): 4x4 lanes
// for 4-byte elements, 2x2 for 8-byte), ragged edges scalar.
//
// Walk order: the source L rows at a time (j outer), each group read along its rows to the end of
// the tile (i inner). So only L source rows stream at once and every source cache line is used up
// while it is loaded, however the source rows alias in the cache (a power-of-two row stride maps
// them all to a few sets); the buffer's lines are revisited every L columns, r lines apart, so
// callers keep r * 64 bytes well inside L1 (r <= 256) and pad the buffer's pitch.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sv::kernels {
// The lane maps of the fused transposed map (simd::transposed_tiles below); declared in every
// build, since the kernels name them when they pick a map (detail::transposed_map).
enum class LaneMap : uint8_t {
  neg_float,
  abs_float,
  bit_not,
  neg_int,    // 4-byte lanes only
  abs_int,    // 4-byte lanes only
  sqrt,
  f32_to_i32,
  f32_to_u32,
  i32_to_f32,
  u32_to_f32,
  promote,  // float32 -> float64 (ES 4, EO 8)
  demote,   // float64 -> float32 (ES 8, EO 4)
  copy,     // the lanes unchanged (the transposing copy of 4-byte elements, copy.cpp)
};
}  // namespace sv::kernels

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include "kernels/simd128/loops.hpp"

namespace sv::kernels::simd {

template <class E>
SV_SIMD_INLINE void stage_block(E* d, ptrdiff_t dp, const E* s, ptrdiff_t sj, ptrdiff_t r,
                                ptrdiff_t c) {
  constexpr int L = kLanes<E>;
  const ptrdiff_t rv = r - r % L, cv = c - c % L;
  for (ptrdiff_t j = 0; j < cv; j += L) {
    const E* q = s + j * sj;
    E* o = d + j;
    ptrdiff_t i = 0;
    for (; i < rv; i += L) {
      v128_t t[L];
      for (int b = 0; b < L; ++b) t[b] = wasm_v128_load(q + b * sj + i);
      transpose_tile<sizeof(E)>(t);
      for (int a = 0; a < L; ++a) wasm_v128_store(o + (i + a) * dp, t[a]);
    }
    for (; i < r; ++i) {
      for (int b = 0; b < L; ++b) o[i * dp + b] = q[b * sj + i];
    }
  }
  for (ptrdiff_t j = cv; j < c; ++j) {
    const E* q = s + j * sj;
    for (ptrdiff_t i = 0; i < r; ++i) d[i * dp + j] = q[i];
  }
}

// The stage fill for a source contiguous along i (si == 1) and 4- or 8-byte elements; false
// (nothing touched) otherwise (the scalar twin, scalar::stage_2d, runs then).
template <class E>
SV_SIMD_INLINE bool stage_2d(E* d, int64_t dp, const E* s, int64_t si, int64_t sj, int64_t r,
                             int64_t c) {
  if ((sizeof(E) != 4 && sizeof(E) != 8) || si != 1) return false;
  stage_block<E>(d, static_cast<ptrdiff_t>(dp), s, static_cast<ptrdiff_t>(sj),
                 static_cast<ptrdiff_t>(r), static_cast<ptrdiff_t>(c));
  return true;
}

// ----------------------------------------------------------------------------- fused transposed map
// d[i*dd + j] = f(s[i + j*sj]) for i < r, j < c (r and c multiples of the source's lane count
// L = 16 / ES), with no staging buffer: each L x L register tile of the source is transposed in
// registers, mapped by the lane map `k` and stored straight into the destination.
//
// Size: one tile loop per (source, destination) element width, shared by every op and dtype pair
// of those widths through the runtime lane map (one well-predicted switch per register tile);
// the ragged edges run the op's own strided row loop (detail::transposed_map in copy.cpp).
// Against one loop per op (16 of them, with scalar edges) this saved 1.6 KB gzipped of SIMD wasm
// (178442 -> 176864 B), at the same speed (sqrt, neg, astype float64 of a transposed operand).
//
// Cache blocks of kMapRows destination rows by kMapCols columns (a 64-byte line of a 4-byte
// source's destination): measured on 4096x4096 float32 (2-core AMD EPYC VM, CPU time, load 5-8)
// against the band stager (tiles::walk: the transposed band staged, then the op's row loop):
// sqrt 0.54-0.58 of a contiguous sqrt against 0.30. Taller blocks (512) measured the same, 64
// rows 0.46, 32 columns 0.33. Mapping first and transposing a mapped buffer (the op's contiguous
// row loop into L1, then the width's transposing copy) measured 0.27-0.42 against 0.44-0.52 for
// this loop (standalone copy, CPU time, load 6): the stores must follow the loads closely.
// The float32 -> float64 pair (twice the destination bytes per tile) measured best at the same
// shape (standalone, 4096x4096, ratio to a contiguous promote, CPU time, load 1-2): 256 x 16
// 0.53-0.58, 384 x 16 0.57, 512 x 16 0.52, 128 x 16 0.50, 1024 x 16 0.48; 8 columns (one line of
// the float64 destination) 0.37-0.41 at 128-1024 rows; 32 columns 0.31-0.42; two register tiles
// per step along i 0.39: one block shape serves every width pair.
inline constexpr ptrdiff_t kMapRows = 256;
inline constexpr ptrdiff_t kMapCols = 16;


// The L mapped vectors t[a] (L consecutive source elements along i, for destination row a of
// the tile) stored at o + a * dd (bytes).
template <int ES, int EO>
SV_SIMD_INLINE void map_store(LaneMap k, v128_t* t, char* o, ptrdiff_t dd) {
  constexpr int L = 16 / ES;
  if constexpr (ES == 4 && EO == 8) {
    for (int a = 0; a < L; ++a) {
      wasm_v128_store(o + a * dd, wasm_f64x2_promote_low_f32x4(t[a]));
      wasm_v128_store(o + a * dd + 16,
                      wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(t[a], t[a], 1, 0)));
    }
  } else if constexpr (ES == 8 && EO == 4) {
    for (int a = 0; a < L; ++a) {
      wasm_v128_store64_lane(o + a * dd, wasm_f32x4_demote_f64x2_zero(t[a]), 0);
    }
  } else {
    using F = std::conditional_t<ES == 4, float, double>;
    using U = std::conditional_t<ES == 4, uint32_t, uint64_t>;
    const auto each = [t](auto f) SV_SIMD_INLINE_LAMBDA {
      for (int a = 0; a < L; ++a) t[a] = f(t[a]);
    };
    switch (k) {
      case LaneMap::copy:
        break;
      case LaneMap::neg_float:
        each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
          return (v128_t)vunary<UnaryOp::neg, F>((vec<F>)v);
        });
        break;
      case LaneMap::abs_float:
        each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
          return (v128_t)vunary<UnaryOp::abs, F>((vec<F>)v);
        });
        break;
      case LaneMap::bit_not:
        each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
          return (v128_t)vunary<UnaryOp::invert, U>((vec<U>)v);
        });
        break;
      case LaneMap::sqrt:
        each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
          return (v128_t)vunary<UnaryOp::sqrt, F>((vec<F>)v);
        });
        break;
      default:
        if constexpr (ES == 4) {
          switch (k) {
            case LaneMap::neg_int:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
                return (v128_t)vunary<UnaryOp::neg, int32_t>((vec<int32_t>)v);
              });
              break;
            case LaneMap::abs_int:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA {
                return (v128_t)vunary<UnaryOp::abs, int32_t>((vec<int32_t>)v);
              });
              break;
            case LaneMap::f32_to_i32:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA { return wasm_i32x4_trunc_sat_f32x4(v); });
              break;
            case LaneMap::f32_to_u32:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA { return wasm_u32x4_trunc_sat_f32x4(v); });
              break;
            case LaneMap::i32_to_f32:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA { return wasm_f32x4_convert_i32x4(v); });
              break;
            default:
              each([](v128_t v) SV_SIMD_INLINE_LAMBDA { return wasm_f32x4_convert_u32x4(v); });
              break;
          }
        }
        break;
    }
    for (int a = 0; a < L; ++a) wasm_v128_store(o + a * dd, t[a]);
  }
}

// The full-tile part of a fused transposed map: r and c multiples of L (elements; dd and sj in
// elements of the destination and the source).
template <int ES, int EO>
__attribute__((noinline)) void transposed_tiles(LaneMap k, char* d, int64_t dd, const char* s,
                                                int64_t sj, int64_t r, int64_t c) {
  constexpr int L = 16 / ES;
  const ptrdiff_t ddb = static_cast<ptrdiff_t>(dd) * EO, sjb = static_cast<ptrdiff_t>(sj) * ES;
  const ptrdiff_t pr = static_cast<ptrdiff_t>(r), pc = static_cast<ptrdiff_t>(c);
  for (ptrdiff_t i0 = 0; i0 < pr; i0 += kMapRows) {
    const ptrdiff_t i1 = pr - i0 < kMapRows ? pr : i0 + kMapRows;
    for (ptrdiff_t j0 = 0; j0 < pc; j0 += kMapCols) {
      const ptrdiff_t j1 = pc - j0 < kMapCols ? pc : j0 + kMapCols;
      for (ptrdiff_t i = i0; i < i1; i += L) {
        const char* q = s + i * ES + j0 * sjb;
        char* o = d + i * ddb + j0 * EO;
        for (ptrdiff_t j = j0; j < j1; j += L) {
          v128_t t[L];
          for (int b = 0; b < L; ++b) t[b] = wasm_v128_load(q + b * sjb);
          transpose_tile<ES>(t);
          map_store<ES, EO>(k, t, o, ddb);
          q += L * sjb;
          o += L * EO;
        }
      }
    }
  }
}

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
