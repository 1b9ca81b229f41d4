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

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

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
// d[i*dd + j] = f(s[i + j*sj]) for i < r, j < c, with no staging buffer: each L x L register tile
// of the source (L = 16 / sizeof(S)) is transposed in registers and mapped straight into the
// destination. vf(v, o) writes the L results of one transposed vector (L consecutive elements of
// one destination row) at o; sf(x) is the same map on one element (ragged edges).
//
// Cache blocks of kMapRows destination rows by kMapCols columns (a 64-byte line of a 4-byte
// source's destination): measured on 4096x4096 float32 (2-core AMD EPYC VM, CPU time, load 5-8)
// against the band stager (tiles::walk: the transposed band staged, then the op's row loop):
// sqrt 0.54-0.58 of a contiguous sqrt against 0.30; float32 -> float64 0.31 against 0.37 when the
// map went through an L1 buffer (stage, map, copy out: the stores then come in a burst after the
// loads). Taller blocks (512) measured the same, 64 rows 0.46, 32 columns 0.33.
inline constexpr ptrdiff_t kMapRows = 256;
inline constexpr ptrdiff_t kMapCols = 16;

template <class S, class D, class VF, class SF>
SV_SIMD_INLINE void map_block(D* d, ptrdiff_t dd, const S* s, ptrdiff_t sj, ptrdiff_t r,
                              ptrdiff_t c, VF&& vf, SF&& sf) {
  constexpr int L = kLanes<S>;
  const ptrdiff_t rv = r - r % L, cv = c - c % L;
  for (ptrdiff_t i = 0; i < rv; i += L) {
    const S* q = s + i;
    D* o = d + i * dd;
    for (ptrdiff_t j = 0; j < cv; j += L) {
      v128_t t[L];
      for (int b = 0; b < L; ++b) t[b] = wasm_v128_load(q + b * sj);
      transpose_tile<sizeof(S)>(t);
      for (int a = 0; a < L; ++a) vf(t[a], o + a * dd);
      q += L * sj;
      o += L;
    }
    for (ptrdiff_t ii = i; ii < i + L; ++ii) {
      for (ptrdiff_t j = cv; j < c; ++j) d[ii * dd + j] = sf(s[ii + j * sj]);
    }
  }
  for (ptrdiff_t i = rv; i < r; ++i) {
    for (ptrdiff_t j = 0; j < c; ++j) d[i * dd + j] = sf(s[i + j * sj]);
  }
}

template <class S, class D, class VF, class SF>
SV_SIMD_INLINE void transpose_map(D* d, int64_t dd, const S* s, int64_t sj, int64_t r, int64_t c,
                                  VF&& vf, SF&& sf) {
  static_assert(sizeof(S) == 4 || sizeof(S) == 8, "transpose_map: 4- or 8-byte source lanes");
  const ptrdiff_t pdd = static_cast<ptrdiff_t>(dd), psj = static_cast<ptrdiff_t>(sj);
  const ptrdiff_t pr = static_cast<ptrdiff_t>(r), pc = static_cast<ptrdiff_t>(c);
  for (ptrdiff_t i0 = 0; i0 < pr; i0 += kMapRows) {
    const ptrdiff_t bi = pr - i0 < kMapRows ? pr - i0 : kMapRows;
    for (ptrdiff_t j0 = 0; j0 < pc; j0 += kMapCols) {
      const ptrdiff_t bj = pc - j0 < kMapCols ? pc - j0 : kMapCols;
      map_block<S, D>(d + i0 * pdd + j0, pdd, s + i0 + j0 * psj, psj, bi, bj, vf, sf);
    }
  }
}

// d[i*dd + j] = OP(s[i + j*sj]) for the unary ops with a vector form; false (nothing touched)
// otherwise.
template <UnaryOp OP, class T>
SV_SIMD_INLINE bool transpose_unary(T* d, int64_t dd, const T* s, int64_t sj, int64_t r,
                                    int64_t c) {
  if constexpr (!kSimdUnary<OP, T> || (sizeof(T) != 4 && sizeof(T) != 8)) {
    return false;
  } else {
    // (Lambdas with always_inline: the kernels build with -fno-inline-functions, and an
    // out-of-line map per vector measured 2x slower.)
    transpose_map<T, T>(
        d, dd, s, sj, r, c,
        [](v128_t v, T* o) SV_SIMD_INLINE_LAMBDA { store<T>(o, vunary<OP, T>((vec<T>)v)); },
        [](T x) SV_SIMD_INLINE_LAMBDA { return scalar::unary_op<OP, T>(x); });
    return true;
  }
}

// d[i*dd + j] = convert<D>(s[i + j*sj]) for the dtype pairs with a vector form; false otherwise.
template <class D, class S>
SV_SIMD_INLINE bool transpose_cast(D* d, int64_t dd, const S* s, int64_t sj, int64_t r,
                                   int64_t c) {
  if constexpr (!kSimdCast<D, S>) {
    return false;
  } else {
    transpose_map<S, D>(
        d, dd, s, sj, r, c, [](v128_t v, D* o) SV_SIMD_INLINE_LAMBDA { vcast<D, S>(v, o); },
        [](S x) SV_SIMD_INLINE_LAMBDA { return convert<D, S>(x); });
    return true;
  }
}

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
