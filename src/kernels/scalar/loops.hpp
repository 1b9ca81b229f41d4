// Scalar reference inner loops: one strided row of n elements. Always built; the path natively and
// whenever SIMD is off, and the tail of every SIMD loop. Strides are in elements and may be
// negative or zero; no loop reads or writes outside i*stride for i in [0, n).
#pragma once

#include <cstdint>
#include <cstring>

#include "kernels/scalar/ops.hpp"

// Scalar loops stay scalar even where the vectoriser is on (copy.cpp): the SIMD128 loops are
// hand-written, and vectorised copies of these fallbacks only cost size.
#define SV_NO_VEC _Pragma("clang loop vectorize(disable) interleave(disable)")

namespace sv::kernels::scalar {

// d[i*ds] = convert(s[i*ss]) for i in [0, n).
// Unit strides get their own loop so that the compiler can vectorise it.
template <class D, class S>
inline void copy_row(D* d, int64_t ds, const S* s, int64_t ss, int64_t n) {
  if (ds == 1 && ss == 1) {
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) d[i] = convert<D, S>(s[i]);
    return;
  }
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) d[i * ds] = convert<D, S>(s[i * ss]);
}

// Same-dtype copy of raw elements E (uint8/16/32/64_t), with the cheap cases recognised.
template <class E>
inline void copy_raw_row(E* d, int64_t ds, const E* s, int64_t ss, int64_t n) {
  if (ds == 1 && ss == 1) {
    std::memmove(d, s, static_cast<size_t>(n) * sizeof(E));
  } else if (ss == 0) {
    const E v = *s;
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) d[i * ds] = v;
  } else {
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) d[i * ds] = s[i * ss];
  }
}

// The stage fill of the tile stager (rows.hpp tiles::walk): d[i*dp + j] = s[i*si + j*sj] for
// i < r, j < c into a buffer that stays in cache, walked a few source rows (j) at a time along i
// (the same order as the SIMD128 fill, simd128/transpose.hpp: every source line used up while
// loaded).
template <class E>
inline void stage_2d(E* d, int64_t dp, const E* s, int64_t si, int64_t sj, int64_t r, int64_t c) {
  constexpr int64_t G = 4;
  for (int64_t j0 = 0; j0 < c; j0 += G) {
    const int64_t j1 = j0 + G < c ? j0 + G : c;
    SV_NO_VEC
    for (int64_t i = 0; i < r; ++i) {
      SV_NO_VEC
      for (int64_t j = j0; j < j1; ++j) d[i * dp + j] = s[i * si + j * sj];
    }
  }
}

// d[i*dd + j] = s[i*si + j*sj] over an r x c block (2-D transposes), walked in cache blocks.
template <class E>
inline void copy_raw_2d(E* d, int64_t dd, int64_t dj, const E* s, int64_t si, int64_t sj, int64_t r,
                        int64_t c) {
  constexpr int64_t B = 32;
  for (int64_t i0 = 0; i0 < r; i0 += B) {
    const int64_t i1 = i0 + B < r ? i0 + B : r;
    for (int64_t j0 = 0; j0 < c; j0 += B) {
      const int64_t j1 = j0 + B < c ? j0 + B : c;
      SV_NO_VEC
      for (int64_t i = i0; i < i1; ++i) {
        SV_NO_VEC
        for (int64_t j = j0; j < j1; ++j) d[i * dd + j * dj] = s[i * si + j * sj];
      }
    }
  }
}

template <BinaryOp OP, class T>
inline void binary_row(binary_result_t<OP, T>* o, int64_t os, const T* a, int64_t as, const T* b,
                       int64_t bs, int64_t n) {
  if (os == 1 && as == 1 && bs == 1) {
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) o[i] = binary_op<OP, T>(a[i], b[i]);
    return;
  }
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) o[i * os] = binary_op<OP, T>(a[i * as], b[i * bs]);
}

template <UnaryOp OP, class T>
inline void unary_row(T* o, int64_t os, const T* a, int64_t as, int64_t n) {
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) o[i * os] = unary_op<OP, T>(a[i * as]);
}

template <class T>
inline void where_row(T* o, int64_t os, const b8* c, int64_t cs, const T* a, int64_t as, const T* b,
                      int64_t bs, int64_t n) {
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) o[i * os] = c[i * cs].v ? a[i * as] : b[i * bs];
}

// Vertical step: o[i*os] = o[i*os] OP convert(x[i*xs]).
template <ReduceOp OP, class O, class I>
inline void reduce_into_row(O* o, int64_t os, const I* x, int64_t xs, int64_t n) {
  if (os == 1 && xs == 1) {
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) o[i] = reduce_step<OP, O>(o[i], convert<O, I>(x[i]));
    return;
  }
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) {
    o[i * os] = reduce_step<OP, O>(o[i * os], convert<O, I>(x[i * xs]));
  }
}

// Vertical block: o[i] = x[i] + x[s + i] + ... + x[(m - 1) * s + i] for i in [0, n), m >= 1, in row
// order (rows at x + r*s, contiguous). o is written, not added to.
template <class T>
inline void sum_rows_row(T* o, const T* x, int64_t s, int64_t m, int64_t n) {
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) {
    T a = x[i];
    SV_NO_VEC
    for (int64_t r = 1; r < m; ++r) a = reduce_step<ReduceOp::sum, T>(a, x[r * s + i]);
    o[i] = a;
  }
}

// ------------------------------------------------------------------ pairwise float sums
// Float sums are pairwise, NumPy-class: the rounding error grows with log2(n), not n. Within a
// block of kSumBlock elements 8 accumulators each add 16 elements in order (NumPy's
// pairwise_sum); the blocks' sums are then combined pairwise by a Cascade. The SIMD128 loop uses the
// same shape with vector lanes as the accumulators.
inline constexpr int64_t kSumBlock = 128;

// Pairwise combination of a stream of partial sums, a binary counter: after m pushes, level[k]
// holds the sum of 2^k consecutive pushed values for every set bit k of m. T is a float or a
// vector of floats.
template <class T>
struct Cascade {
  T level[64];
  uint64_t count = 0;

  void push(T v) {
    int k = 0;
    for (uint64_t c = count; c & 1; c >>= 1, ++k) v = level[k] + v;
    level[k] = v;
    ++count;
  }
  // The sum of everything pushed, the smallest (latest) partial sums first; `zero` if none.
  T total(T zero) const {
    if (count == 0) return zero;
    uint64_t m = count;
    T t = level[__builtin_ctzll(m)];
    for (m &= m - 1; m; m &= m - 1) t = level[__builtin_ctzll(m)] + t;
    return t;
  }
};

// Sum of x[i*xs] for i in [0, n), n <= kSumBlock: 8 accumulators, combined pairwise.
template <class O, class I>
inline O sum_block(const I* x, int64_t xs, int64_t n) {
  O r[8] = {};
  int64_t i = 0;
  if (n >= 8) {
    SV_NO_VEC
    for (int k = 0; k < 8; ++k) r[k] = convert<O, I>(x[k * xs]);
    SV_NO_VEC
    for (i = 8; i + 8 <= n; i += 8) {
      SV_NO_VEC
      for (int k = 0; k < 8; ++k) r[k] += convert<O, I>(x[(i + k) * xs]);
    }
  }
  O s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
  SV_NO_VEC
  for (; i < n; ++i) s += convert<O, I>(x[i * xs]);
  return s;
}

// Pairwise sum of x[i*xs] for i in [0, n) in the float type O.
template <class O, class I>
inline O pairwise_sum(const I* x, int64_t xs, int64_t n) {
  if (n <= kSumBlock) return sum_block<O, I>(x, xs, n);
  Cascade<O> c;
  int64_t i = 0;
  for (; i + kSumBlock <= n; i += kSumBlock) c.push(sum_block<O, I>(x + i * xs, xs, kSumBlock));
  if (i < n) c.push(sum_block<O, I>(x + i * xs, xs, n - i));
  return c.total(O(0));
}

// Horizontal step: *o = *o OP (x[0] OP ... OP x[(n-1)*xs]); float sums pairwise.
template <ReduceOp OP, class O, class I>
inline void reduce_row_to(O* o, const I* x, int64_t xs, int64_t n) {
  if constexpr (OP == ReduceOp::sum && is_float_v<O>) {
    if (n > 0) *o = *o + pairwise_sum<O, I>(x, xs, n);
  } else {
    O acc = *o;
    SV_NO_VEC
    for (int64_t i = 0; i < n; ++i) acc = reduce_step<OP, O>(acc, convert<O, I>(x[i * xs]));
    *o = acc;
  }
}

}  // namespace sv::kernels::scalar
