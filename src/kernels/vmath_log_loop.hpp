// The array loop of the log family (kernels/vmath.cpp: float64, and float32 log2 / log10): each
// block of 256 elements is first tested as a whole (the "is this lane ordinary" test OR-ed into one
// mask, no branch per vector), then runs the op's fast path (no subnormal scaling, no special
// values) without any test, or, when some lane failed, the plain loop over the full path. Per
// vector, the full path gives the fast path's result when every lane passes the test, so the
// results are those of a plain loop over the full path, in every lane type (scalar, f64x2, two
// f64x2).
//
// Why: with the test as a branch per vector, V8 (TurboFan) keeps the spilled constants of the two
// paths in different places and reloads about a dozen of them at every loop iteration; the branch-
// free loop keeps them hoisted. Standalone loops (em++ -O3 -msimd128, Node 20 --no-liftoff, best of
// 200 runs at 64K elements), ns per element, plain loop / branch-free blocks of two vectors per
// step: float64 log 4.44 / 3.50, log2 5.01 / 3.89, log10 5.31 / 4.18, log1p (two vectors per step
// either way) 5.10 / 4.64; float32 log2 1.61 / 1.52, log10 1.74 / 1.62, but log 1.32 / 1.32 and
// exp2 0.79 / 0.87, so those keep the plain loop. Through the package at 2^20 float64 elements
// (main and this build in one process, best of 25): log 0.77, log2 0.72 of the time; with 0.1%
// zeros 0.83; with 10% zeros (a special lane in every block) 1.00-1.09. Testing the block first
// instead of recomputing a block that failed: the math ops call in chunks of 256, so a recomputed
// chunk cost 1.55x the plain loop with 10% zeros.
#pragma once

#include <cstdint>

#include "kernels/vmath_impl.hpp"

namespace sv::kernels::vmath::detail {

// out[i] = full(in[i]) (full on lanes of type VF, fast on V: the same per-lane results), in
// blocks of 256 elements: a first pass over the block ORs special(x) (a mask: true in the lanes
// that need the full path) of every vector, then the block runs fast() when no lane is special,
// else the plain loop of full(). A block is read by the test before anything is written, so in
// and out may be the same array (as for unary_loop).
template <class V, class VF = V, class Fast, class Full, class Special>
SV_VM_INLINE void checked_unary_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n, Fast fast,
                                     Full full, Special special) {
  constexpr int N = V::kLanes;
  if constexpr (N == 1) {
    (void)fast;
    (void)special;
    unary_loop<VF>(out, in, n, full);  // a branch per element is cheap in the scalar build
  } else {
    constexpr int64_t B = 256;
    int64_t i = 0;
    while (n - i >= N) {
      const int64_t m = (n - i < B ? n - i : B) / N * N;
      const ElemOf<V>* src = in + i;
      auto any_special = cst<V>(0) != cst<V>(0);
      for (int64_t j = 0; j < m; j += N) any_special = any_special | special(V::load(src + j));
      if (any(any_special)) {
        unary_loop<VF>(out + i, src, m, full);
      } else {
        for (int64_t j = 0; j < m; j += N) store(out + i + j, fast(V::load(src + j)));
      }
      i += m;
    }
    if (i < n) unary_loop<VF>(out + i, in + i, n - i, full);
  }
}

}  // namespace sv::kernels::vmath::detail
