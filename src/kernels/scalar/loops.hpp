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

// Horizontal step: *o = *o OP (x[0] OP ... OP x[(n-1)*xs]).
template <ReduceOp OP, class O, class I>
inline void reduce_row_to(O* o, const I* x, int64_t xs, int64_t n) {
  O acc = *o;
  SV_NO_VEC
  for (int64_t i = 0; i < n; ++i) acc = reduce_step<OP, O>(acc, convert<O, I>(x[i * xs]));
  *o = acc;
}

}  // namespace sv::kernels::scalar
