// The array loop of the log family (kernels/vmath.cpp: float64, and float32 log2 / log10): blocks
// of 256 elements run the fast path of an op (no subnormal scaling, no special values) with the "is
// this lane ordinary" test merged into one mask per block instead of a branch per vector; a block
// where some lane failed the test is computed again through the op's full path. Per vector, the
// full path gives the fast path's result when every lane passes the test, so the results are those
// of a plain loop over the full path, in every lane type (scalar, f64x2, two f64x2).
//
// Why: with the test as a branch per vector, V8 (TurboFan) keeps the spilled constants of the two
// paths in different places and reloads about a dozen of them at every loop iteration; the
// branch-free loop keeps them hoisted. Standalone loops (em++ -O3 -msimd128, Node 20
// --no-liftoff, best of 200 runs at 64K elements), ns per element, plain loop / blocks of two
// vectors per step: float64 log 4.44 / 3.50, log2 5.01 / 3.89, log10 5.31 / 4.18, log1p (two
// vectors per step either way) 5.10 / 4.64 (in place, through the stack block, 3-6% less gain);
// float32 log2 1.61 / 1.52, log10 1.74 / 1.62, but log 1.32 / 1.32 and exp2 0.79 / 0.87 (its
// test costs as much as the branch), so those keep the plain loop.
#pragma once

#include <cstdint>

#include "kernels/vmath_impl.hpp"

namespace sv::kernels::vmath::detail {

// out[i] = full(in[i]), computed as fast(in[i]) in blocks where special(x) (a mask: true in the
// lanes that need the full path) is false in every lane. in and out may be the same array or
// overlap (the block then goes through a stack buffer).
template <class V, class Fast, class Full, class Special>
SV_VM_INLINE void checked_unary_loop(ElemOf<V>* out, const ElemOf<V>* in, int64_t n, Fast fast,
                                     Full full, Special special) {
  using E = ElemOf<V>;
  constexpr int N = V::kLanes;
  if constexpr (N == 1) {
    (void)fast;
    (void)special;
    unary_loop<V>(out, in, n, full);  // a branch per element is cheap in the scalar build
  } else {
    constexpr int64_t B = 256;
    alignas(16) E tmp[B];
    const auto ob = reinterpret_cast<uintptr_t>(out), ib = reinterpret_cast<uintptr_t>(in);
    const uintptr_t bytes = static_cast<uintptr_t>(n) * sizeof(E);
    const bool overlap = ob < ib ? ib - ob < bytes : ob - ib < bytes;  // no wrap-around
    int64_t i = 0;
    while (n - i >= N) {
      const int64_t m = (n - i < B ? n - i : B) / N * N;
      const E* src = in + i;
      E* dst = overlap ? tmp : out + i;
      auto any_special = cst<V>(0) != cst<V>(0);
      for (int64_t j = 0; j < m; j += N) {
        const V x = V::load(src + j);
        any_special = any_special | special(x);
        store(dst + j, fast(x));
      }
      if (any(any_special)) {
        unary_loop<V>(out + i, src, m, full);
      } else if (overlap) {
        for (int64_t j = 0; j < m; j += N) store(out + i + j, V::load(tmp + j));
      }
      i += m;
    }
    if (i < n) unary_loop<V>(out + i, in + i, n - i, full);
  }
}

}  // namespace sv::kernels::vmath::detail
