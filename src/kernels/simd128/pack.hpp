// SIMD128 helpers of the matmul packing (linalg.cpp): zero fills, 16-byte block copies and the
// 4-line interleave of a panel. Only built with -msimd128; the scalar build uses libc and plain
// loops.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>
#include <cstring>

namespace sv::kernels::simd {

// Read once per fill: a zero the compiler cannot see, or it turns the loop below back into memset.
inline volatile int32_t g_zero = 0;

inline void zero_bytes(char* p, int64_t bytes) {
  const v128_t z = wasm_i32x4_splat(g_zero);
  int64_t i = 0;
  for (; i + 64 <= bytes; i += 64) {
    wasm_v128_store(p + i, z);
    wasm_v128_store(p + i + 16, z);
    wasm_v128_store(p + i + 32, z);
    wasm_v128_store(p + i + 48, z);
  }
  for (; i + 16 <= bytes; i += 16) wasm_v128_store(p + i, z);
  if (i < bytes) std::memset(p + i, 0, static_cast<size_t>(bytes - i));
}

// d[0, 16 * N) = s[0, 16 * N) (bytes).
template <int N>
inline void copy_blocks16(void* d, const void* s) {
  for (int i = 0; i < N; ++i) {
    wasm_v128_store(static_cast<char*>(d) + 16 * i, wasm_v128_load(static_cast<const char*>(s) + 16 * i));
  }
}

// p[d*4 + i] = s[i*rs + d] for i < 4, d < n: four rows of n contiguous elements interleaved.
inline void interleave4(float* p, const float* s, int64_t rs, int64_t n) {
  const float *s0 = s, *s1 = s + rs, *s2 = s + 2 * rs, *s3 = s + 3 * rs;
  int64_t d = 0;
  for (; d + 4 <= n; d += 4) {
    const v128_t a = wasm_v128_load(s0 + d), b = wasm_v128_load(s1 + d);
    const v128_t c = wasm_v128_load(s2 + d), e = wasm_v128_load(s3 + d);
    const v128_t ab0 = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5),
                 ab1 = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
    const v128_t ce0 = wasm_i32x4_shuffle(c, e, 0, 4, 1, 5),
                 ce1 = wasm_i32x4_shuffle(c, e, 2, 6, 3, 7);
    wasm_v128_store(p + 4 * d, wasm_i64x2_shuffle(ab0, ce0, 0, 2));
    wasm_v128_store(p + 4 * d + 4, wasm_i64x2_shuffle(ab0, ce0, 1, 3));
    wasm_v128_store(p + 4 * d + 8, wasm_i64x2_shuffle(ab1, ce1, 0, 2));
    wasm_v128_store(p + 4 * d + 12, wasm_i64x2_shuffle(ab1, ce1, 1, 3));
  }
  for (; d < n; ++d) {
    p[4 * d] = s0[d];
    p[4 * d + 1] = s1[d];
    p[4 * d + 2] = s2[d];
    p[4 * d + 3] = s3[d];
  }
}

inline void interleave4(double* p, const double* s, int64_t rs, int64_t n) {
  const double *s0 = s, *s1 = s + rs, *s2 = s + 2 * rs, *s3 = s + 3 * rs;
  int64_t d = 0;
  for (; d + 2 <= n; d += 2) {
    const v128_t a = wasm_v128_load(s0 + d), b = wasm_v128_load(s1 + d);
    const v128_t c = wasm_v128_load(s2 + d), e = wasm_v128_load(s3 + d);
    wasm_v128_store(p + 4 * d, wasm_i64x2_shuffle(a, b, 0, 2));
    wasm_v128_store(p + 4 * d + 2, wasm_i64x2_shuffle(c, e, 0, 2));
    wasm_v128_store(p + 4 * d + 4, wasm_i64x2_shuffle(a, b, 1, 3));
    wasm_v128_store(p + 4 * d + 6, wasm_i64x2_shuffle(c, e, 1, 3));
  }
  for (; d < n; ++d) {
    p[4 * d] = s0[d];
    p[4 * d + 1] = s1[d];
    p[4 * d + 2] = s2[d];
    p[4 * d + 3] = s3[d];
  }
}

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
