// The array loop of the float64 log family (kernels/vmath.cpp): blocks of 256 elements run the
// fast path of an op (no subnormal scaling, no special values) with the "is this lane ordinary"
// test merged into one mask per block instead of a branch per vector; a block where some lane
// failed the test is computed again through the op's full path. Per vector, the full path gives
// the fast path's result when every lane passes the test, so the results are those of a plain
// loop over the full path, in every lane type (scalar, f64x2, two f64x2).
//
// Why: with the test as a branch per vector, V8 (TurboFan) keeps the spilled constants of the two
// paths in different places and reloads about a dozen of them at every loop iteration; the
// branch-free loop keeps them hoisted. Standalone loops (em++ -O3 -msimd128, Node 20
// --no-liftoff, best of 200 runs at 64K elements), float64 ns per element, plain / blocked two
// vectors per step: log 4.61 / 3.64, log2 5.12 / 4.03, log10 5.47 / 4.35, log1p (already two
// vectors per step) 5.25 / 4.63; in place (through the stack block) 3-6% less gain. float32 log
// family: 0-6% faster, exp2 slower (its test costs as much as the branch), so float32 keeps the
// plain loop.
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
    const bool overlap = ob < ib + bytes && ib < ob + bytes;
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
