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

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
