// SIMD128 lanes of the math kernels (math.cpp) and of the float reductions of reduce_stats.cpp.
// Each function runs the SIMD part of a contiguous row and returns how many leading elements it
// handled; the caller finishes the row (and runs the whole row without SIMD128) with its scalar
// loop, whose results these equal exactly.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>
#include <type_traits>

namespace sv::kernels::simd128 {

// floor (0) / ceil (1) / round half to even (2) / trunc (3) of a float row, in its own type.
template <class T, int MODE>
inline int64_t round_lanes(T* o, const T* a, int64_t n) {
  constexpr int64_t L = 16 / sizeof(T);
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    const v128_t x = wasm_v128_load(a + i);
    v128_t y;
    if constexpr (sizeof(T) == 4) {
      y = MODE == 0 ? wasm_f32x4_floor(x)
          : MODE == 1 ? wasm_f32x4_ceil(x)
          : MODE == 2 ? wasm_f32x4_nearest(x)
                      : wasm_f32x4_trunc(x);
    } else {
      y = MODE == 0 ? wasm_f64x2_floor(x)
          : MODE == 1 ? wasm_f64x2_ceil(x)
          : MODE == 2 ? wasm_f64x2_nearest(x)
                      : wasm_f64x2_trunc(x);
    }
    wasm_v128_store(o + i, y);
  }
  return i;
}

// isnan (NAN_) / isfinite of a float32 row into bytes 0 / 1: 16 lanes per step, four f32x4
// compares narrowed to bytes (all ones or zero), then & 1. Float64 rows: none (returns 0).
template <class T, bool NAN_>
inline int64_t fpred_lanes(uint8_t* o, const T* a, int64_t n) {
  int64_t i = 0;
  if constexpr (sizeof(T) == 4) {
    const v128_t one = wasm_i8x16_splat(1);
    auto test = [](v128_t x) {
      const v128_t d = wasm_f32x4_sub(x, x);
      return NAN_ ? wasm_f32x4_ne(x, x) : wasm_f32x4_eq(d, d);
    };
    for (; i + 16 <= n; i += 16) {
      const v128_t m0 = test(wasm_v128_load(a + i)), m1 = test(wasm_v128_load(a + i + 4));
      const v128_t m2 = test(wasm_v128_load(a + i + 8)), m3 = test(wasm_v128_load(a + i + 12));
      const v128_t lo = wasm_i16x8_narrow_i32x4(m0, m1), hi = wasm_i16x8_narrow_i32x4(m2, m3);
      wasm_v128_store(o + i, wasm_v128_and(wasm_i8x16_narrow_i16x8(lo, hi), one));
    }
  }
  return i;
}

// clip of a float row between lo and hi (NumPy's bits: NaN in x or a bound wins unless x is
// strictly beyond it). Integer rows: none (returns 0).
template <class T>
inline int64_t clip_lanes(T* o, const T* a, const T* lo, const T* hi, int64_t n) {
  int64_t i = 0;
  if constexpr (std::is_floating_point_v<T>) {
    constexpr int64_t L = 16 / sizeof(T);
    for (; i + L <= n; i += L) {
      const v128_t x = wasm_v128_load(a + i), l = wasm_v128_load(lo + i),
                   h = wasm_v128_load(hi + i);
      v128_t keep, m, keep2;
      if constexpr (sizeof(T) == 4) {
        keep = wasm_v128_or(wasm_f32x4_gt(x, l), wasm_f32x4_ne(x, x));
        m = wasm_v128_bitselect(x, l, keep);
        keep2 = wasm_v128_or(wasm_f32x4_lt(m, h), wasm_f32x4_ne(m, m));
      } else {
        keep = wasm_v128_or(wasm_f64x2_gt(x, l), wasm_f64x2_ne(x, x));
        m = wasm_v128_bitselect(x, l, keep);
        keep2 = wasm_v128_or(wasm_f64x2_lt(m, h), wasm_f64x2_ne(m, m));
      }
      wasm_v128_store(o + i, wasm_v128_bitselect(m, h, keep2));
    }
  }
  return i;
}

// The extreme (MAX: pmax, else pmin) of the lanes of a float row of n >= 2 * lanes elements, and
// whether a NaN was seen; returns the elements covered (the caller folds in the rest).
template <class T, bool MAX>
inline int64_t extreme_lanes(const T* x, int64_t n, T* m, bool* nan) {
  constexpr int64_t L = 16 / sizeof(T);
  v128_t vm = wasm_v128_load(x);
  v128_t vn = sizeof(T) == 4 ? wasm_f32x4_ne(vm, vm) : wasm_f64x2_ne(vm, vm);
  int64_t i = L;
  for (; i + L <= n; i += L) {
    const v128_t v = wasm_v128_load(x + i);
    if constexpr (sizeof(T) == 4) {
      vn = wasm_v128_or(vn, wasm_f32x4_ne(v, v));
      vm = MAX ? wasm_f32x4_pmax(vm, v) : wasm_f32x4_pmin(vm, v);
    } else {
      vn = wasm_v128_or(vn, wasm_f64x2_ne(v, v));
      vm = MAX ? wasm_f64x2_pmax(vm, v) : wasm_f64x2_pmin(vm, v);
    }
  }
  *nan = wasm_v128_any_true(vn);
  alignas(16) T lanes[L];
  wasm_v128_store(lanes, vm);
  T r = lanes[0];
  for (int64_t k = 1; k < L; ++k) r = (MAX ? lanes[k] > r : lanes[k] < r) ? lanes[k] : r;
  *m = r;
  return i;
}

// any (ANY) / all of a contiguous bool (byte) row or float32 row, stopping at the first decisive
// block: sets *hit when a nonzero (any) or a zero (all) is seen; returns the elements covered.
template <bool ANY>
inline int64_t any_all_bytes(const uint8_t* b, int64_t n, bool* hit) {
  int64_t i = 0;
  for (; i + 16 <= n && !*hit; i += 16) {
    const v128_t v = wasm_v128_load(b + i);
    *hit = ANY ? wasm_v128_any_true(v) : !wasm_i8x16_all_true(v);
  }
  return i;
}
template <bool ANY>
inline int64_t any_all_f32(const float* x, int64_t n, bool* hit) {
  int64_t i = 0;
  const v128_t z = wasm_f32x4_splat(0.0f);
  for (; i + 4 <= n && !*hit; i += 4) {
    const v128_t nz = wasm_f32x4_ne(wasm_v128_load(x + i), z);  // NaN != 0
    *hit = ANY ? wasm_v128_any_true(nz) : !wasm_i32x4_all_true(nz);
  }
  return i;
}

// acc[k] += x[k] in float64 (moments' fused rows), two float64 lanes at a time.
template <class T>
inline int64_t acc_lanes(double* acc, const T* x, int64_t n) {
  int64_t k = 0;
  if constexpr (sizeof(T) == 4) {
    for (; k + 4 <= n; k += 4) {
      const v128_t v = wasm_v128_load(x + k);
      const v128_t lo = wasm_f64x2_promote_low_f32x4(v);
      const v128_t hi = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
      wasm_v128_store(acc + k, wasm_f64x2_add(wasm_v128_load(acc + k), lo));
      wasm_v128_store(acc + k + 2, wasm_f64x2_add(wasm_v128_load(acc + k + 2), hi));
    }
  } else {
    for (; k + 2 <= n; k += 2) {
      wasm_v128_store(acc + k, wasm_f64x2_add(wasm_v128_load(acc + k), wasm_v128_load(x + k)));
    }
  }
  return k;
}

// q[k] += (x[k] - mean[k])^2 in float64.
template <class T>
inline int64_t dev_lanes(double* q, const double* mean, const T* x, int64_t n) {
  int64_t k = 0;
  auto step = [&](int64_t at, v128_t xv) {
    const v128_t d = wasm_f64x2_sub(xv, wasm_v128_load(mean + at));
    wasm_v128_store(q + at, wasm_f64x2_add(wasm_v128_load(q + at), wasm_f64x2_mul(d, d)));
  };
  if constexpr (sizeof(T) == 4) {
    for (; k + 4 <= n; k += 4) {
      const v128_t v = wasm_v128_load(x + k);
      step(k, wasm_f64x2_promote_low_f32x4(v));
      step(k + 2, wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 0, 1)));
    }
  } else {
    for (; k + 2 <= n; k += 2) step(k, wasm_v128_load(x + k));
  }
  return k;
}

}  // namespace sv::kernels::simd128

#endif  // __wasm_simd128__
