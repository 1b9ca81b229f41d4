// Inner-loop selection: one strided row (or a 2-D block for transposes) goes to a SIMD128 loop when
// one fits its strides and SIMD is enabled, to the scalar reference loop otherwise.
#pragma once

#include "kernels/internal.hpp"
#include "kernels/scalar/loops.hpp"
#include "kernels/simd128/transpose.hpp"
#ifdef __wasm_simd128__
#include "kernels/simd128/loops.hpp"
#endif
#include "kernels/plan.hpp"

namespace sv::kernels::detail {
// The stage fill behind tiles::walk on raw elements of `esize` bytes (rows::stage_2d, instantiated
// only in copy.cpp).
void stage_2d_raw(int64_t esize, void* d, int64_t dp, const void* s, int64_t si, int64_t sj,
                  int64_t r, int64_t c);

// d[i*dd + j] = f(s[i + j*sj]) for i < r, j < c, an elementwise map of a transposed source fused
// with its register-tile transpose (detail::transposed_map); returns false (nothing written) when
// no such loop exists for the types or SIMD is off.
using TransposedMapFn = bool (*)(void* d, int64_t dd, const void* s, int64_t sj, int64_t r,
                                 int64_t c);
// The fused transposed cast from `src` to `dst` (cast.cpp), or nullptr.
TransposedMapFn cast_transposed_fn(DType dst, DType src);

// The fused transposed map of every op and dtype pair with source elements of `es` bytes and
// destination elements of `eo` (4 or 8; copy.cpp): the full register tiles through one shared
// loop per width pair (simd::transposed_tiles) applying lane map `k`, the ragged edges (under
// 16 / es rows or columns) through row(d, ds, s, ss, n), the op's own strided row loop. False
// (nothing written) when SIMD is off.
using StridedRowFn = void (*)(void* d, int64_t ds, const void* s, int64_t ss, int64_t n);
bool transposed_map(int es, int eo, LaneMap k, StridedRowFn row, void* d, int64_t dd,
                    const void* s, int64_t sj, int64_t r, int64_t c);

}  // namespace sv::kernels::detail

namespace sv::kernels::rows {

// Same-dtype copy of raw elements E.
template <class E>
inline void copy_raw(E* d, int64_t ds, const E* s, int64_t ss, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::copy_raw_row<E>(d, ds, s, ss, n)) return;
#endif
  scalar::copy_raw_row<E>(d, ds, s, ss, n);
}

// Four rows reversed: d[k*dd + i] = s[k*ds - i] for k < 4, i < n.
template <class E>
inline void reverse_rows4(E* d, int64_t dd, const E* s, int64_t ds, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd()) {
    simd::reverse_rows4<E>(d, dd, s, ds, n);
    return;
  }
#endif
  for (int k = 0; k < 4; ++k) scalar::copy_raw_row<E>(d + k * dd, 1, s + k * ds, -1, n);
}

// d[i*dd + j] = s[i*si + j*sj] for i < r, j < c (destination contiguous along j).
template <class E>
inline void copy_2d(E* d, int64_t dd, const E* s, int64_t si, int64_t sj, int64_t r, int64_t c) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::copy_raw_2d<E>(d, dd, s, si, sj, r, c)) return;
#endif
  scalar::copy_raw_2d<E>(d, dd, 1, s, si, sj, r, c);
}

// d[i*dp + j] = s[i*si + j*sj] for i < r, j < c into a staging buffer (tiles::walk), a few source
// rows at a time.
template <class E>
inline void stage_2d(E* d, int64_t dp, const E* s, int64_t si, int64_t sj, int64_t r, int64_t c) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::stage_2d<E>(d, dp, s, si, sj, r, c)) return;
#endif
  scalar::stage_2d<E>(d, dp, s, si, sj, r, c);
}

template <class D, class S>
inline void copy_cast(D* d, int64_t ds, const S* s, int64_t ss, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::copy_cast_row<D, S>(d, ds, s, ss, n)) return;
#endif
  scalar::copy_row<D, S>(d, ds, s, ss, n);
}

template <BinaryOp OP, class T>
inline void binary(scalar::binary_result_t<OP, T>* o, int64_t os, const T* a, int64_t as,
                   const T* b, int64_t bs, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::binary_row<OP, T>(o, os, a, as, b, bs, n)) return;
#endif
  scalar::binary_row<OP, T>(o, os, a, as, b, bs, n);
}

template <UnaryOp OP, class T>
inline void unary(T* o, int64_t os, const T* a, int64_t as, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::unary_row<OP, T>(o, os, a, as, n)) return;
#endif
  scalar::unary_row<OP, T>(o, os, a, as, n);
}

template <class T>
inline void where(T* o, int64_t os, const b8* c, int64_t cs, const T* a, int64_t as, const T* b,
                  int64_t bs, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::where_row<T>(o, os, c, cs, a, as, b, bs, n)) return;
#endif
  scalar::where_row<T>(o, os, c, cs, a, as, b, bs, n);
}

template <ReduceOp OP, class O, class I>
inline void reduce_into(O* o, int64_t os, const I* x, int64_t xs, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::reduce_into_row<OP, O, I>(o, os, x, xs, n)) return;
#endif
  scalar::reduce_into_row<OP, O, I>(o, os, x, xs, n);
}

// Four contiguous rows into one contiguous output row, in row order.
template <ReduceOp OP, class O, class I>
inline void reduce_into4(O* o, const I* x0, const I* x1, const I* x2, const I* x3, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::reduce_into_row4<OP, O, I>(o, x0, x1, x2, x3, n)) return;
#endif
  scalar::reduce_into_row<OP, O, I>(o, 1, x0, 1, n);
  scalar::reduce_into_row<OP, O, I>(o, 1, x1, 1, n);
  scalar::reduce_into_row<OP, O, I>(o, 1, x2, 1, n);
  scalar::reduce_into_row<OP, O, I>(o, 1, x3, 1, n);
}

// o[i] = sum of x[r*s + i] over rows r in [0, m), in row order (a block of a vertical float sum).
template <class T>
inline void sum_rows(T* o, const T* x, int64_t s, int64_t m, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::sum_rows_row<T>(o, x, s, m, n)) return;
#endif
  scalar::sum_rows_row<T>(o, x, s, m, n);
}

template <ReduceOp OP, class O, class I>
inline void reduce_to(O* o, const I* x, int64_t xs, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::reduce_row_to<OP, O, I>(o, x, xs, n)) return;
#endif
  scalar::reduce_row_to<OP, O, I>(o, x, xs, n);
}

}  // namespace sv::kernels::rows

// ----------------------------------------------------------------------------- staged tiles
// The one mechanism the elementwise kernels use for a transposed operand (one that jumps along the
// inner dim but streams along another): the pair (streaming dim, inner dim) is walked in tiles,
// each transposed operand's tile is first transposed into a contiguous staging buffer (the
// register-tile stage fill of simd128/transpose.hpp, scalar::stage_2d without SIMD), and then the
// kernel's ordinary row loop runs on the tile's rows with every operand contiguous or broadcast
// (no strided gathers in the op's loop, and the op's own SIMD loop applies).
//
// Tile shape, measured on 4096x4096 float32 (2-core AMD EPYC VM with 4 KiB pages, loaded by other
// jobs: ratios from process CPU time, spread about +-0.05). What costs is every jump of a stream to
// another row (a new page, no prefetch, and rows at power-of-two strides fighting over the same
// L2 sets), so the tiles are bands of a few rows of whole output rows (up to kMaxCols elements):
// the output and every unstaged input stream along whole rows as in the contiguous op, the
// transposed source is read in runs of kSrcBytes, and the staged band (kStageBytes) lives in L2.
// Against 256 x 128 tiles (1 KiB source runs, 128-element output runs): add with one transposed
// operand / contiguous add 0.34 against 0.26-0.30, astype float64 of a transposed operand /
// contiguous astype 0.39 against 0.18-0.20, sqrt 0.33 against 0.28-0.33; 16-row bands (64-byte
// source runs) measured 0.28 for the add. The stage fill revisits one buffer line per band row;
// the stage's pitch is padded by 16 bytes so that power-of-two band widths do not map every row
// to one cache set.
namespace sv::kernels::tiles {

inline constexpr int64_t kSrcBytes = 128;
inline constexpr int64_t kStageBytes = 512 * 1024;
inline constexpr int64_t kMaxCols = 4096;
// The stage fill revisits one buffer line per tile row: at most this many rows keep them in L1.
inline constexpr int64_t kMaxTileRows = 256;
inline constexpr int64_t kPadBytes = 16;
// Below this many bytes of output a 2-D block runs the strided row loops directly (no staging
// buffer to allocate: small arrays such as [8,8] pay nothing for tiles). Above it staging pays even
// in L1: the ops' SIMD128 loops need contiguous operands (add of [64,64] float32 with a transposed
// operand: 10 us staged, 50-70 us strided, on a loaded machine).
inline constexpr int64_t kMinBytes = 4 * 1024;

// The dim other than the inner one along which operand k has stride 1 while its inner stride is
// neither 0 nor +-1 (a transposed operand), or -1.
inline int streaming_dim(const Plan& p, int k) {
  const int L = p.last();
  const int64_t s = p.stride[k][L];
  if (s == 0 || s == 1 || s == -1) return -1;
  for (int d = L - 1; d >= 0; --d) {
    if (p.stride[k][d] == 1 && p.shape[d] >= 4) return d;
  }
  return -1;
}

// The streaming dim shared by the transposed inputs among operands [first, nops) (bit k of *staged
// set for each), when the plan's operand 0 (the output) is contiguous along the inner dim and the
// 2-D block over that dim is large enough to leave L1; otherwise -1.
inline int staged_dim(const Plan& p, int first, uint32_t* staged) {
  *staged = 0;
  const int L = p.last();
  if (p.ndim < 2 || p.stride[0][L] != 1) return -1;
  int t = -1;
  for (int k = first; k < p.nops; ++k) {
    const int tk = streaming_dim(p, k);
    if (tk < 0 || (t >= 0 && tk != t)) continue;
    t = tk;
    *staged |= 1u << k;
  }
  if (t < 0) return -1;
  const int64_t bytes = p.shape[t] * p.shape[L] * p.esize[0];
  if (bytes < kMinBytes) {
    *staged = 0;
    return -1;
  }
  return t;
}

// Walks plan p with dim t moved next to the inner dim, in tiles; operands in `staged` are staged.
// Calls row(char* const* ptr, const int64_t* stride, int64_t n) for each row of each tile (ptr[k]
// the row's first element of operand k, stride[k] its step in elements; 1 for staged operands).
// Returns false (nothing written) when the staging buffer cannot be allocated.
template <class F>
bool walk(const Plan& p, int t, uint32_t staged, F&& row) {
  Plan q = p;
  q.move_to_second_last(t);
  const int TD = q.ndim - 2, L = q.ndim - 1;
  const int64_t rows = q.shape[TD], cols = q.shape[L];
  const int n = q.nops;
  int64_t emax = 1, esum = 0;
  for (int k = 0; k < n; ++k) {
    if (!(staged & (1u << k))) continue;
    if (q.esize[k] > emax) emax = q.esize[k];
    esum += q.esize[k];
  }
  int64_t tr = kSrcBytes / emax;
  int64_t tc = kStageBytes / (tr * esum);
  if (tc > kMaxCols) tc = kMaxCols;
  if (tc > cols) tc = cols;
  // A block that fits the stage whole is one tile (one stage fill and no band bookkeeping; at
  // [64,64] and [256,256] float32 it measured the same as 32-row bands, within the noise).
  if (rows <= kMaxTileRows && rows * tc * esum <= kStageBytes) tr = rows;
  if (tr > rows) tr = rows;
  int64_t pitch[kMaxOps] = {}, off[kMaxOps] = {}, total = 0;
  for (int k = 0; k < n; ++k) {
    if (!(staged & (1u << k))) continue;
    pitch[k] = tc + kPadBytes / q.esize[k];
    off[k] = total;
    total += (tr * pitch[k] * q.esize[k] + 15) & ~int64_t{15};
  }
  detail::Buffer buf;
  if (!buf.allocate("tiles", total).ok()) return false;
  for_each_outer(q, 2, [&](char** ptr) {
    for (int64_t j0 = 0; j0 < cols; j0 += tc) {
      const int64_t bj = cols - j0 < tc ? cols - j0 : tc;
      for (int64_t i0 = 0; i0 < rows; i0 += tr) {
        const int64_t bi = rows - i0 < tr ? rows - i0 : tr;
        char* rp[kMaxOps];
        int64_t rs[kMaxOps], step[kMaxOps];
        for (int k = 0; k < n; ++k) {
          const int64_t e = q.esize[k];
          char* base = ptr[k] + (i0 * q.stride[k][TD] + j0 * q.stride[k][L]) * e;
          if (staged & (1u << k)) {
            char* st = buf.data() + off[k];
            detail::stage_2d_raw(e, st, pitch[k], base, q.stride[k][TD], q.stride[k][L], bi, bj);
            rp[k] = st;
            rs[k] = 1;
            step[k] = pitch[k] * e;
          } else {
            rp[k] = base;
            rs[k] = q.stride[k][L];
            step[k] = q.stride[k][TD] * e;
          }
        }
        for (int64_t ii = 0; ii < bi; ++ii) {
          row(static_cast<char* const*>(rp), static_cast<const int64_t*>(rs), bj);
          for (int k = 0; k < n; ++k) rp[k] += step[k];
        }
      }
    }
  });
  return true;
}

// A two-operand plan (operand 0 the output, contiguous along the inner dim; operand 1 the input,
// transposed: stride 1 along another dim t, see streaming_dim) as 2-D blocks: calls
// f(char* d, int64_t dd, const char* s, int64_t sj, int64_t r, int64_t c) for each block
// d[i*dd + j] = op(s[i + j*sj]) (elements, i < r along dim t, j < c along the inner dim) and
// returns true; false (f never called) for other plans. For the fused transposed maps
// (the TransposedMapFn of a unary op or a cast, detail::transposed_map), for blocks of at least kMinBytes of output (smaller
// ones: false). f returns false when it has no loop; it is then not called again and this returns false.
template <class F>
bool for_each_transposed_block(const Plan& p, F&& f) {
  if (p.nops != 2 || p.ndim < 2) return false;
  const int L = p.last();
  if (p.stride[0][L] != 1) return false;
  const int t = streaming_dim(p, 1);
  if (t < 0) return false;
  Plan q = p;
  q.move_to_second_last(t);
  const int TD = q.ndim - 2;
  const int64_t r = q.shape[TD], c = q.shape[L], dd = q.stride[0][TD], sj = q.stride[1][L];
  // Small blocks keep the strided rows: sqrt of an [8,8] float32 transpose measured 3.2 us fused
  // against 2.7 us strided (at [64,64] 5.1 against 5.5).
  if (r * c * p.esize[0] < kMinBytes) return false;
  bool ok = true;
  for_each_outer(q, 2, [&](char** ptr) {
    if (ok) ok = f(ptr[0], dd, static_cast<const char*>(ptr[1]), sj, r, c);
  });
  return ok;
}

// The one call for a kernel's row loop over plan p: row(char* const* ptr, const int64_t* stride,
// int64_t n) runs on every row, ptr[k] / stride[k] (elements) addressing operand k. When inputs
// among operands [first, nops) are transposed and the block is large, the rows are those of staged
// tiles (transposed inputs contiguous, stride 1); otherwise the plan's own rows.
template <class F>
void for_each_row(const Plan& p, int first, F&& row) {
  uint32_t staged = 0;
  const int t = staged_dim(p, first, &staged);
  if (t >= 0 && walk(p, t, staged, row)) return;
  const int L = p.last();
  int64_t st[kMaxOps];
  for (int k = 0; k < p.nops; ++k) st[k] = p.stride[k][L];
  const int64_t n = p.shape[L];
  for_each_outer(p, 1, [&](char** ptr) {
    row(static_cast<char* const*>(ptr), static_cast<const int64_t*>(st), n);
  });
}

}  // namespace sv::kernels::tiles
