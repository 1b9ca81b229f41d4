// SIMD128 register-blocked GEMM micro-kernels over packed panels (kernels/linalg.cpp).
//
// Panels: ap holds MR rows of A per k (ap[d*MR + i] = A(i, d)), bp holds NR columns of B per k
// (bp[d*NR + j] = B(d, j)), both contiguous. The kernels keep the MR x NR tile of C in registers
// (f32 4x8: 8 accumulators of 4 lanes; f64 4x4: 8 accumulators of 2 lanes), add one product per k
// in k order (mul then add, no FMA: results equal the scalar loop's bit for bit), then store the
// tile to c (row stride cr, rows contiguous) or add it to what c holds.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#ifndef SV_SIMD_INLINE
#define SV_SIMD_INLINE inline __attribute__((always_inline))
#endif

namespace sv::kernels::simd {

// c[i*cr + j] (+)= sum_{d < kc} ap[d*4 + i] * bp[d*8 + j], i < 4, j < 8.
SV_SIMD_INLINE void gemm_4x8_f32(const float* ap, const float* bp, int64_t kc, float* c, int64_t cr,
                                 bool accumulate) {
  v128_t c00 = wasm_f32x4_splat(0.f), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
         c30 = c00, c31 = c00;
  for (int64_t d = 0; d < kc; ++d) {
    const v128_t b0 = wasm_v128_load(bp), b1 = wasm_v128_load(bp + 4);
    v128_t a = wasm_v128_load32_splat(ap);
    c00 = wasm_f32x4_add(c00, wasm_f32x4_mul(a, b0));
    c01 = wasm_f32x4_add(c01, wasm_f32x4_mul(a, b1));
    a = wasm_v128_load32_splat(ap + 1);
    c10 = wasm_f32x4_add(c10, wasm_f32x4_mul(a, b0));
    c11 = wasm_f32x4_add(c11, wasm_f32x4_mul(a, b1));
    a = wasm_v128_load32_splat(ap + 2);
    c20 = wasm_f32x4_add(c20, wasm_f32x4_mul(a, b0));
    c21 = wasm_f32x4_add(c21, wasm_f32x4_mul(a, b1));
    a = wasm_v128_load32_splat(ap + 3);
    c30 = wasm_f32x4_add(c30, wasm_f32x4_mul(a, b0));
    c31 = wasm_f32x4_add(c31, wasm_f32x4_mul(a, b1));
    ap += 4;
    bp += 8;
  }
  float* r0 = c;
  float* r1 = c + cr;
  float* r2 = c + 2 * cr;
  float* r3 = c + 3 * cr;
  if (accumulate) {
    c00 = wasm_f32x4_add(wasm_v128_load(r0), c00);
    c01 = wasm_f32x4_add(wasm_v128_load(r0 + 4), c01);
    c10 = wasm_f32x4_add(wasm_v128_load(r1), c10);
    c11 = wasm_f32x4_add(wasm_v128_load(r1 + 4), c11);
    c20 = wasm_f32x4_add(wasm_v128_load(r2), c20);
    c21 = wasm_f32x4_add(wasm_v128_load(r2 + 4), c21);
    c30 = wasm_f32x4_add(wasm_v128_load(r3), c30);
    c31 = wasm_f32x4_add(wasm_v128_load(r3 + 4), c31);
  }
  wasm_v128_store(r0, c00);
  wasm_v128_store(r0 + 4, c01);
  wasm_v128_store(r1, c10);
  wasm_v128_store(r1 + 4, c11);
  wasm_v128_store(r2, c20);
  wasm_v128_store(r2 + 4, c21);
  wasm_v128_store(r3, c30);
  wasm_v128_store(r3 + 4, c31);
}

// c[i*cr + j] (+)= sum_{d < kc} ap[d*4 + i] * bp[d*4 + j], i < 4, j < 4.
SV_SIMD_INLINE void gemm_4x4_f64(const double* ap, const double* bp, int64_t kc, double* c,
                                 int64_t cr, bool accumulate) {
  v128_t c00 = wasm_f64x2_splat(0.0), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
         c30 = c00, c31 = c00;
  for (int64_t d = 0; d < kc; ++d) {
    const v128_t b0 = wasm_v128_load(bp), b1 = wasm_v128_load(bp + 2);
    v128_t a = wasm_v128_load64_splat(ap);
    c00 = wasm_f64x2_add(c00, wasm_f64x2_mul(a, b0));
    c01 = wasm_f64x2_add(c01, wasm_f64x2_mul(a, b1));
    a = wasm_v128_load64_splat(ap + 1);
    c10 = wasm_f64x2_add(c10, wasm_f64x2_mul(a, b0));
    c11 = wasm_f64x2_add(c11, wasm_f64x2_mul(a, b1));
    a = wasm_v128_load64_splat(ap + 2);
    c20 = wasm_f64x2_add(c20, wasm_f64x2_mul(a, b0));
    c21 = wasm_f64x2_add(c21, wasm_f64x2_mul(a, b1));
    a = wasm_v128_load64_splat(ap + 3);
    c30 = wasm_f64x2_add(c30, wasm_f64x2_mul(a, b0));
    c31 = wasm_f64x2_add(c31, wasm_f64x2_mul(a, b1));
    ap += 4;
    bp += 4;
  }
  double* r0 = c;
  double* r1 = c + cr;
  double* r2 = c + 2 * cr;
  double* r3 = c + 3 * cr;
  if (accumulate) {
    c00 = wasm_f64x2_add(wasm_v128_load(r0), c00);
    c01 = wasm_f64x2_add(wasm_v128_load(r0 + 2), c01);
    c10 = wasm_f64x2_add(wasm_v128_load(r1), c10);
    c11 = wasm_f64x2_add(wasm_v128_load(r1 + 2), c11);
    c20 = wasm_f64x2_add(wasm_v128_load(r2), c20);
    c21 = wasm_f64x2_add(wasm_v128_load(r2 + 2), c21);
    c30 = wasm_f64x2_add(wasm_v128_load(r3), c30);
    c31 = wasm_f64x2_add(wasm_v128_load(r3 + 2), c31);
  }
  wasm_v128_store(r0, c00);
  wasm_v128_store(r0 + 2, c01);
  wasm_v128_store(r1, c10);
  wasm_v128_store(r1 + 2, c11);
  wasm_v128_store(r2, c20);
  wasm_v128_store(r2 + 2, c21);
  wasm_v128_store(r3, c30);
  wasm_v128_store(r3 + 2, c31);
}

}  // namespace sv::kernels::simd

#endif  // __wasm_simd128__
