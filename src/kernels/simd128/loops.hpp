// SIMD128 inner loops (WebAssembly -msimd128). Each returns false when it has no SIMD loop for the
// given strides / types; the caller then runs the scalar reference loop.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#include "kernels/scalar/loops.hpp"

namespace sv::kernels::simd {

template <class E>
inline bool copy_raw_row(E*, int64_t, const E*, int64_t, int64_t) { return false; }
template <class E>
inline bool copy_raw_2d(E*, int64_t, const E*, int64_t, int64_t, int64_t, int64_t) { return false; }
template <class D, class S>
inline bool copy_cast_row(D*, int64_t, const S*, int64_t, int64_t) { return false; }
template <BinaryOp OP, class T>
inline bool binary_row(scalar::binary_result_t<OP, T>*, int64_t, const T*, int64_t, const T*,
                       int64_t, int64_t) { return false; }
template <UnaryOp OP, class T>
inline bool unary_row(T*, int64_t, const T*, int64_t, int64_t) { return false; }
template <class T>
inline bool where_row(T*, int64_t, const b8*, int64_t, const T*, int64_t, const T*, int64_t,
                      int64_t) { return false; }
template <ReduceOp OP, class O, class I>
inline bool reduce_into_row(O*, int64_t, const I*, int64_t, int64_t) { return false; }
template <ReduceOp OP, class O, class I>
inline bool reduce_row_to(O*, const I*, int64_t, int64_t) { return false; }

}  // namespace sv::kernels::simd
#endif
