// SIMD128 loops of the complex kernels (complex.cpp, the only includer, so the code stays in the
// 'complex' family): multiply, divide, square and abs over a contiguous output row whose operands
// are each contiguous or one broadcast value (z * (2+1j)). Four complex64 or two complex128
// elements per step, read as a vector of real parts and one of imaginary parts; each function
// returns how many elements it computed (a multiple of the step) and the caller's scalar loop does
// the rest of the row, and every other layout.
//
// Every lane runs the scalar loop's operations in its order, so the results are bit-identical to
// it (NaN payloads aside): no fused multiply-add exists in SIMD128, Smith's two branches are both
// computed and selected per lane (the division by a zero divisor only when a lane has one), and
// complex128's abs is musl's hypot (the scalar loop's std::hypot in the WebAssembly build) lane
// for lane: its exact squares by Dekker's split and its scaling by 2^700 keep |1e300+1e300j|
// finite and |1e-300+1e-300j| nonzero. complex64's abs is float(sqrt(double(re)^2 + double(im)^2))
// in both loops (complex.cpp, abs_part).
#pragma once

#ifdef __wasm_simd128__
#include <cstdint>

#include "kernels/simd128/loops.hpp"

namespace sv::kernels::csimd {

using simd::select;
using simd::splat;
using simd::vec;

// A block of K complex elements of part type P as (re, im) vectors, and back.
template <class P>
struct Block;
template <>
struct Block<float> {
  static constexpr int K = 4;
  static SV_SIMD_INLINE void load(const float* p, vec<float>& re, vec<float>& im) {
    const v128_t v0 = wasm_v128_load(p), v1 = wasm_v128_load(p + 4);
    re = (vec<float>)wasm_i32x4_shuffle(v0, v1, 0, 2, 4, 6);
    im = (vec<float>)wasm_i32x4_shuffle(v0, v1, 1, 3, 5, 7);
  }
  static SV_SIMD_INLINE void store(float* p, vec<float> re, vec<float> im) {
    wasm_v128_store(p, wasm_i32x4_shuffle((v128_t)re, (v128_t)im, 0, 4, 1, 5));
    wasm_v128_store(p + 4, wasm_i32x4_shuffle((v128_t)re, (v128_t)im, 2, 6, 3, 7));
  }
};
template <>
struct Block<double> {
  static constexpr int K = 2;
  static SV_SIMD_INLINE void load(const double* p, vec<double>& re, vec<double>& im) {
    const v128_t v0 = wasm_v128_load(p), v1 = wasm_v128_load(p + 2);
    re = (vec<double>)wasm_i64x2_shuffle(v0, v1, 0, 2);
    im = (vec<double>)wasm_i64x2_shuffle(v0, v1, 1, 3);
  }
  static SV_SIMD_INLINE void store(double* p, vec<double> re, vec<double> im) {
    wasm_v128_store(p, wasm_i64x2_shuffle((v128_t)re, (v128_t)im, 0, 2));
    wasm_v128_store(p + 2, wasm_i64x2_shuffle((v128_t)re, (v128_t)im, 1, 3));
  }
};

template <class P>
SV_SIMD_INLINE vec<P> vabs(vec<P> v) {
  using I = simd::mask_int_t<P>;
  return (vec<P>)((vec<I>)v & splat<I>(static_cast<I>(~(I(1) << (sizeof(I) * 8 - 1)))));
}

// (re, im) = a * b: multiply() of complex.cpp.
struct Mul {
  template <class P>
  static SV_SIMD_INLINE void f(vec<P> ar, vec<P> ai, vec<P> br, vec<P> bi, vec<P>& re, vec<P>& im) {
    re = ar * br - ai * bi;
    im = ar * bi + ai * br;
  }
};

// (re, im) = a / b: divide() of complex.cpp (NumPy's Smith division). The lanes where |b.re| >=
// |b.im| take the first branch: rat = bi / br, scl = 1 / (br + bi rat), ((ar + ai rat) scl,
// (ai - ar rat) scl); the others rat = br / bi, scl = 1 / (bi + br rat), ((ar rat + ai) scl,
// (ai rat - ar) scl). The operands are selected per lane so that one division of each kind serves
// both, each in the scalar order of operations; b == 0 gives (ar / |br|, ai / |bi|).
struct Div {
  template <class P>
  static SV_SIMD_INLINE void f(vec<P> ar, vec<P> ai, vec<P> br, vec<P> bi, vec<P>& re, vec<P>& im) {
    const vec<P> abr = vabs<P>(br), abi = vabs<P>(bi);
    const auto m = abr >= abi;  // false when either is NaN, as the scalar branch
    const vec<P> p = select<P>(m, br, bi), q = select<P>(m, bi, br);
    const vec<P> rat = q / p;
    const vec<P> scl = splat<P>(P(1)) / (p + q * rat);
    const vec<P> t1 = ai * rat, t2 = ar * rat;
    re = (select<P>(m, ar, t2) + select<P>(m, t1, ai)) * scl;
    im = (select<P>(m, ai, t1) - select<P>(m, t2, ar)) * scl;
    const auto z = (abr == splat<P>(P(0))) & (abi == splat<P>(P(0)));
    if (wasm_v128_any_true((v128_t)z)) {
      re = select<P>(z, ar / abr, re);
      im = select<P>(z, ai / abi, im);
    }
  }
};

// |z| of four complex64 values: float(sqrt(double(re)^2 + double(im)^2)), +inf when a part is
// infinite (also with a NaN in the other part, as C's hypot).
SV_SIMD_INLINE vec<float> abs_block(vec<float> re, vec<float> im) {
  const v128_t r = (v128_t)re, i = (v128_t)im;
  const vec<double> r0 = (vec<double>)wasm_f64x2_promote_low_f32x4(r);
  const vec<double> i0 = (vec<double>)wasm_f64x2_promote_low_f32x4(i);
  const vec<double> r1 = (vec<double>)wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(r, r, 1, 1));
  const vec<double> i1 = (vec<double>)wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(i, i, 1, 1));
  const v128_t h0 = wasm_f32x4_demote_f64x2_zero(wasm_f64x2_sqrt((v128_t)(r0 * r0 + i0 * i0)));
  const v128_t h1 = wasm_f32x4_demote_f64x2_zero(wasm_f64x2_sqrt((v128_t)(r1 * r1 + i1 * i1)));
  const vec<float> h = (vec<float>)wasm_i64x2_shuffle(h0, h1, 0, 2);
  const vec<float> inf = splat<float>(__builtin_inff());
  return select<float>((vabs<float>(re) == inf) | (vabs<float>(im) == inf), inf, h);
}

// |z| of two complex128 values: musl's hypot(re, im), step for step (|x| >= |y| by their bits;
// inf before NaN; a huge ratio gives x + y; else the exact squares, scaled by 2^-700 or 2^700 when
// a part is near overflow or underflow, summed smallest first under one sqrt).
SV_SIMD_INLINE void sq(vec<double> x, vec<double>& hi, vec<double>& lo) {
  const vec<double> xc = x * splat<double>(0x1p27 + 1);
  const vec<double> xh = x - xc + xc;
  const vec<double> xl = x - xh;
  hi = x * x;
  lo = xh * xh - hi + splat<double>(2.0) * xh * xl + xl * xl;
}
SV_SIMD_INLINE vec<double> abs_block(vec<double> re, vec<double> im) {
  const v128_t kAbs = wasm_i64x2_splat(INT64_MAX);
  const v128_t ux = wasm_v128_and((v128_t)re, kAbs), uy = wasm_v128_and((v128_t)im, kAbs);
  const v128_t swap = wasm_i64x2_gt(uy, ux);
  const v128_t hi = wasm_v128_bitselect(uy, ux, swap), lo = wasm_v128_bitselect(ux, uy, swap);
  const v128_t ex = wasm_u64x2_shr(hi, 52), ey = wasm_u64x2_shr(lo, 52);
  const vec<double> x = (vec<double>)hi, y = (vec<double>)lo;
  const v128_t k7ff = wasm_i64x2_splat(0x7ff);
  // musl's early returns: x inf or NaN, y == 0 (x), or a ratio over 2^64 (x + y); y inf or NaN
  // implies x's exponent 0x7ff too
  const v128_t ret_x = wasm_v128_or(wasm_i64x2_eq(ex, k7ff), wasm_i64x2_eq(lo, wasm_i64x2_splat(0)));
  const v128_t ret_sum = wasm_i64x2_gt(wasm_i64x2_sub(ex, ey), wasm_i64x2_splat(64));
  const v128_t big = wasm_i64x2_gt(ex, wasm_i64x2_splat(0x3ff + 510));
  const v128_t small = wasm_i64x2_lt(ey, wasm_i64x2_splat(0x3ff - 450));
  vec<double> hx, lx, hy, ly;
  if (!wasm_v128_any_true(wasm_v128_or(wasm_v128_or(ret_x, ret_sum), wasm_v128_or(big, small)))) {
    sq(x, hx, lx);  // the common case: no scaling (musl's z == 1), no early return
    sq(y, hy, ly);
    return (vec<double>)wasm_f64x2_sqrt((v128_t)(ly + lx + hy + hx));
  }
  const v128_t small_only = wasm_v128_andnot(small, big);
  const vec<double> one = splat<double>(1.0), up = splat<double>(0x1p700), down = splat<double>(0x1p-700);
  const vec<double> s = select<double>((vec<int64_t>)big, down, select<double>((vec<int64_t>)small_only, up, one));
  const vec<double> z = select<double>((vec<int64_t>)big, up, select<double>((vec<int64_t>)small_only, down, one));
  sq(x * s, hx, lx);
  sq(y * s, hy, ly);
  vec<double> r = z * (vec<double>)wasm_f64x2_sqrt((v128_t)(ly + lx + hy + hx));
  r = select<double>((vec<int64_t>)ret_sum, x + y, r);
  r = select<double>((vec<int64_t>)ret_x, x, r);
  return select<double>((vec<int64_t>)wasm_i64x2_eq(ey, k7ff), y, r);
}

// o[i] = OP(a[i * as], b[i * bs]) for the first elements of a row of n: out contiguous, as and bs
// 0 (broadcast) or 1, not both 0. Returns how many were computed.
template <class OP, class P>
SV_SIMD_INLINE int64_t binary_row(P* o, const P* a, int64_t as, const P* b, int64_t bs, int64_t n) {
  using B = Block<P>;
  constexpr int K = B::K;
  vec<P> ar, ai, br, bi, re, im;
  int64_t i = 0;
  if (as == 1 && bs == 1) {
    for (; i + K <= n; i += K) {
      B::load(a + 2 * i, ar, ai);
      B::load(b + 2 * i, br, bi);
      OP::template f<P>(ar, ai, br, bi, re, im);
      B::store(o + 2 * i, re, im);
    }
  } else if (as == 1 && bs == 0) {  // z * c: the loop-invariant work on c leaves the loop
    br = splat<P>(b[0]);
    bi = splat<P>(b[1]);
    for (; i + K <= n; i += K) {
      B::load(a + 2 * i, ar, ai);
      OP::template f<P>(ar, ai, br, bi, re, im);
      B::store(o + 2 * i, re, im);
    }
  } else if (as == 0 && bs == 1) {
    ar = splat<P>(a[0]);
    ai = splat<P>(a[1]);
    for (; i + K <= n; i += K) {
      B::load(b + 2 * i, br, bi);
      OP::template f<P>(ar, ai, br, bi, re, im);
      B::store(o + 2 * i, re, im);
    }
  }
  return i;
}

// o[i] = a[i]^2 (multiply(a, a)) for the first elements of a contiguous row; returns how many.
template <class P>
SV_SIMD_INLINE int64_t square_row(P* o, const P* a, int64_t n) {
  using B = Block<P>;
  vec<P> ar, ai, re, im;
  int64_t i = 0;
  for (; i + B::K <= n; i += B::K) {
    B::load(a + 2 * i, ar, ai);
    Mul::f<P>(ar, ai, ar, ai, re, im);
    B::store(o + 2 * i, re, im);
  }
  return i;
}

// o[i] = |a[i]| (o: the part dtype) for the first elements of a contiguous row; returns how many.
template <class P>
SV_SIMD_INLINE int64_t abs_row(P* o, const P* a, int64_t n) {
  using B = Block<P>;
  vec<P> ar, ai;
  int64_t i = 0;
  for (; i + B::K <= n; i += B::K) {
    B::load(a + 2 * i, ar, ai);
    simd::store<P>(o + i, abs_block(ar, ai));
  }
  return i;
}

// The SIMD loop's share of a row of complex.cpp's elementwise loop: how many leading elements it
// computed, 0 when it has none for the op or the layout. L: complex.cpp's Loop (its enum of the
// kinds of loop); o steps os bytes, a and b as elements of C.
template <class L, class C>
SV_SIMD_INLINE int64_t row_prefix(L l, char* o, int64_t os, const C* a, int64_t as, const C* b,
                                  int64_t bs, int64_t n) {
  using P = decltype(C::re);
  P* po = reinterpret_cast<P*>(o);
  switch (l) {
    case L::mul:
    case L::div:
      if (os != sizeof(C) || ((as | bs) & ~int64_t{1}) != 0 || (as | bs) == 0) return 0;
      return l == L::mul ? binary_row<Mul, P>(po, &a->re, as, &b->re, bs, n)
                         : binary_row<Div, P>(po, &a->re, as, &b->re, bs, n);
    case L::square: return os == sizeof(C) && as == 1 ? square_row<P>(po, &a->re, n) : 0;
    case L::abs: return os == sizeof(P) && as == 1 ? abs_row<P>(po, &a->re, n) : 0;
    default: return 0;
  }
}

}  // namespace sv::kernels::csimd

#endif  // __wasm_simd128__
