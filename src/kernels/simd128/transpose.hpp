// SIMD128 transposing copy of one cache tile: d[i*dd + j] = s[i + j*sj] for i < r, j < c, in
// L x L register tiles (L = 16 / sizeof(E): 4x4 lanes for 4-byte elements, 2x2 for 8-byte, 8x8 and
// 16x16 byte shuffles for 2- and 1-byte ones), ragged edges scalar.
//
// Walk order: the source L rows at a time (j outer), each group read along its rows to the end of
// the tile (i inner). So only L source rows stream at once and every source cache line is used up
// while it is loaded, however the source rows alias in the cache (a power-of-two row stride maps
// them all to a few sets); the destination is written L columns at a time, so callers pass a
// destination that stays in L1: the staging tile of tiles::walk (rows.hpp), whose rows are then
// read contiguously by the ordinary row loops and written out as whole cache lines.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

#include "kernels/simd128/loops.hpp"

namespace sv::kernels::simd {

template <class E>
SV_SIMD_INLINE void transpose_tile_into(E* d, ptrdiff_t dd, const E* s, ptrdiff_t sj, ptrdiff_t r,
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
      for (int a = 0; a < L; ++a) wasm_v128_store(o + (i + a) * dd, t[a]);
    }
    for (; i < r; ++i) {
      for (int b = 0; b < L; ++b) o[i * dd + b] = q[b * sj + i];
    }
  }
  for (ptrdiff_t j = cv; j < c; ++j) {
    const E* q = s + j * sj;
    for (ptrdiff_t i = 0; i < r; ++i) d[i * dd + j] = q[i];
  }
}

// The tile transpose for any r x c block with a source contiguous along i (si == 1); false (nothing
// touched) otherwise. Blocks taller than 64 rows are walked in bands of 64 so that each band's
// destination lines stay in L1 while the band's L-column groups fill them.
template <class E>
SV_SIMD_INLINE bool transpose_2d(E* d, int64_t dd, const E* s, int64_t si, int64_t sj, int64_t r,
                                 int64_t c) {
  if (si != 1) return false;
  constexpr ptrdiff_t B = 64;
  const ptrdiff_t pdd = static_cast<ptrdiff_t>(dd), psj = static_cast<ptrdiff_t>(sj);
  const ptrdiff_t pr = static_cast<ptrdiff_t>(r), pc = static_cast<ptrdiff_t>(c);
  for (ptrdiff_t i0 = 0; i0 < pr; i0 += B) {
    const ptrdiff_t bi = pr - i0 < B ? pr - i0 : B;
    transpose_tile_into<E>(d + i0 * pdd, pdd, s + i0, psj, bi, pc);
  }
  return true;
}

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
