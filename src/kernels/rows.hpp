// Inner-loop selection: one strided row (or a 2-D block for transposes) goes to a SIMD128 loop when
// one fits its strides and SIMD is enabled, to the scalar reference loop otherwise.
#pragma once

#include "kernels/internal.hpp"
#include "kernels/scalar/loops.hpp"
#ifdef __wasm_simd128__
#include "kernels/simd128/loops.hpp"
#endif

namespace sv::kernels::rows {

// Same-dtype copy of raw elements E.
template <class E>
inline void copy_raw(E* d, int64_t ds, const E* s, int64_t ss, int64_t n) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::copy_raw_row<E>(d, ds, s, ss, n)) return;
#endif
  scalar::copy_raw_row<E>(d, ds, s, ss, n);
}

// d[i*dd + j] = s[i*si + j*sj] for i < r, j < c (destination contiguous along j).
template <class E>
inline void copy_2d(E* d, int64_t dd, const E* s, int64_t si, int64_t sj, int64_t r, int64_t c) {
#ifdef __wasm_simd128__
  if (detail::use_simd() && simd::copy_raw_2d<E>(d, dd, s, si, sj, r, c)) return;
#endif
  scalar::copy_raw_2d<E>(d, dd, 1, s, si, sj, r, c);
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
