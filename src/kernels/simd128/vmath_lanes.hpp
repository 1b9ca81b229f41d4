// Lane types of the vector math library (kernels/vmath_impl.hpp) for WebAssembly SIMD128: f32x4
// (4 floats) and f64x2 (2 doubles), with i32x4 / i64x2 integer lanes and all-ones / all-zeros masks.
// The same operations, with the same IEEE results per lane, as kernels/scalar/vmath_lanes.hpp.
// WebAssembly has no FMA in SIMD128, so nothing here can contract.
#pragma once

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#define SV_VM_INLINE inline __attribute__((always_inline))

namespace sv::kernels::vmath::simd128 {

template <class T>
struct Mask {
  v128_t v;
};
template <class T>
struct Int {
  v128_t v;
  using IT = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  static SV_VM_INLINE Int splat(IT x) {
    if constexpr (sizeof(T) == 4) return {wasm_i32x4_splat(x)};
    else return {wasm_i64x2_splat(x)};
  }
};
template <class T>
struct Flt {
  using Elem = T;
  using I = Int<T>;
  using M = Mask<T>;
  using IElem = typename Int<T>::IT;
  static constexpr int kLanes = 16 / sizeof(T);
  v128_t v;
  static SV_VM_INLINE Flt splat(T x) {
    if constexpr (sizeof(T) == 4) return {wasm_f32x4_splat(x)};
    else return {wasm_f64x2_splat(x)};
  }
  static SV_VM_INLINE Flt load(const T* p) { return {wasm_v128_load(p)}; }
};
using F32 = Flt<float>;
using F64 = Flt<double>;

// clang-format off
#define SV_VM_T template <class T>
#define SV_VM_F Flt<T>
#define SV_VM_I Int<T>
#define SV_VM_M Mask<T>
#define SV_VM_OP(f32op, f64op) if constexpr (sizeof(T) == 4) return {f32op}; else return {f64op};
SV_VM_T SV_VM_INLINE void store(T* p, SV_VM_F a) { wasm_v128_store(p, a.v); }
SV_VM_T SV_VM_INLINE void store_int(typename SV_VM_I::IT* p, SV_VM_I a) { wasm_v128_store(p, a.v); }
SV_VM_T SV_VM_INLINE SV_VM_I load_int(SV_VM_F, const typename SV_VM_I::IT* p) { return {wasm_v128_load(p)}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator+(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_add(a.v, b.v), wasm_f64x2_add(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F operator-(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_sub(a.v, b.v), wasm_f64x2_sub(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F operator*(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_mul(a.v, b.v), wasm_f64x2_mul(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F operator/(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_div(a.v, b.v), wasm_f64x2_div(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F operator-(SV_VM_F a) { SV_VM_OP(wasm_f32x4_neg(a.v), wasm_f64x2_neg(a.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator<(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_lt(a.v, b.v), wasm_f64x2_lt(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator<=(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_le(a.v, b.v), wasm_f64x2_le(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator>(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_gt(a.v, b.v), wasm_f64x2_gt(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator>=(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_ge(a.v, b.v), wasm_f64x2_ge(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator==(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_eq(a.v, b.v), wasm_f64x2_eq(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator!=(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_ne(a.v, b.v), wasm_f64x2_ne(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator&(SV_VM_M a, SV_VM_M b) { return {wasm_v128_and(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator|(SV_VM_M a, SV_VM_M b) { return {wasm_v128_or(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator~(SV_VM_M a) { return {wasm_v128_not(a.v)}; }
// Masks are all-ones or all-zeros per lane, so a lane's sign bit decides: i32x4.bitmask is one
// movmskps on x64, against any_true's ptest + setnz + test (float32 exp2 / log 4-6% faster; for
// float64 lanes i64x2.bitmask measured 0-5% slower).
SV_VM_T SV_VM_INLINE bool any(SV_VM_M a) {
  if constexpr (sizeof(T) == 4) return wasm_i32x4_bitmask(a.v) != 0;
  else return wasm_v128_any_true(a.v);
}
SV_VM_T SV_VM_INLINE SV_VM_F sel(SV_VM_M m, SV_VM_F a, SV_VM_F b) { return {wasm_v128_bitselect(a.v, b.v, m.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_I sel(SV_VM_M m, SV_VM_I a, SV_VM_I b) { return {wasm_v128_bitselect(a.v, b.v, m.v)}; }
// pmin(a, b) = b < a ? b : a and pmax(a, b) = a < b ? b : a (one minps / maxps each on x64; NaN in
// a stays a).
SV_VM_T SV_VM_INLINE SV_VM_F pmin(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_pmin(a.v, b.v), wasm_f64x2_pmin(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F pmax(SV_VM_F a, SV_VM_F b) { SV_VM_OP(wasm_f32x4_pmax(a.v, b.v), wasm_f64x2_pmax(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F rint(SV_VM_F a) { SV_VM_OP(wasm_f32x4_nearest(a.v), wasm_f64x2_nearest(a.v)) }
SV_VM_T SV_VM_INLINE SV_VM_F sqrt(SV_VM_F a) { SV_VM_OP(wasm_f32x4_sqrt(a.v), wasm_f64x2_sqrt(a.v)) }
SV_VM_T SV_VM_INLINE SV_VM_I as_int(SV_VM_F a) { return {a.v}; }
SV_VM_T SV_VM_INLINE SV_VM_F as_flt(SV_VM_I a) { return {a.v}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator+(SV_VM_I a, SV_VM_I b) { SV_VM_OP(wasm_i32x4_add(a.v, b.v), wasm_i64x2_add(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_I operator-(SV_VM_I a, SV_VM_I b) { SV_VM_OP(wasm_i32x4_sub(a.v, b.v), wasm_i64x2_sub(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_I operator&(SV_VM_I a, SV_VM_I b) { return {wasm_v128_and(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator|(SV_VM_I a, SV_VM_I b) { return {wasm_v128_or(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator^(SV_VM_I a, SV_VM_I b) { return {wasm_v128_xor(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator==(SV_VM_I a, SV_VM_I b) { SV_VM_OP(wasm_i32x4_eq(a.v, b.v), wasm_i64x2_eq(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator<(SV_VM_I a, SV_VM_I b) { SV_VM_OP(wasm_i32x4_lt(a.v, b.v), wasm_i64x2_lt(a.v, b.v)) }
SV_VM_T SV_VM_INLINE SV_VM_M operator>(SV_VM_I a, SV_VM_I b) { SV_VM_OP(wasm_i32x4_gt(a.v, b.v), wasm_i64x2_gt(a.v, b.v)) }
template <int S, class T> SV_VM_INLINE SV_VM_I shl(SV_VM_I a) { SV_VM_OP(wasm_i32x4_shl(a.v, S), wasm_i64x2_shl(a.v, S)) }
template <int S, class T> SV_VM_INLINE SV_VM_I sra(SV_VM_I a) { SV_VM_OP(wasm_i32x4_shr(a.v, S), wasm_i64x2_shr(a.v, S)) }
template <int S, class T> SV_VM_INLINE SV_VM_I srl(SV_VM_I a) { SV_VM_OP(wasm_u32x4_shr(a.v, S), wasm_u64x2_shr(a.v, S)) }
SV_VM_T SV_VM_INLINE SV_VM_F band(SV_VM_F a, SV_VM_F b) { return {wasm_v128_and(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_F bor(SV_VM_F a, SV_VM_F b) { return {wasm_v128_or(a.v, b.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_F bxor(SV_VM_F a, SV_VM_F b) { return {wasm_v128_xor(a.v, b.v)}; }
// Exact conversions of integral values (|v| < 2^(mantissa bits - 1)). f64x2 has no i64x2
// conversion: add / subtract 1.5 * 2^52, whose low mantissa bits then hold the integer.
SV_VM_T SV_VM_INLINE SV_VM_I to_int(SV_VM_F a) {
  if constexpr (sizeof(T) == 4) {
    return {wasm_i32x4_trunc_sat_f32x4(a.v)};
  } else {
    const v128_t magic = wasm_f64x2_splat(0x1.8p52);
    return {wasm_i64x2_sub(wasm_f64x2_add(a.v, magic), magic)};
  }
}
SV_VM_T SV_VM_INLINE SV_VM_F to_flt(SV_VM_I a) {
  if constexpr (sizeof(T) == 4) {
    return {wasm_f32x4_convert_i32x4(a.v)};
  } else {
    const v128_t magic = wasm_f64x2_splat(0x1.8p52);
    return {wasm_f64x2_sub(wasm_i64x2_add(a.v, magic), magic)};
  }
}
#undef SV_VM_T
#undef SV_VM_F
#undef SV_VM_I
#undef SV_VM_M
#undef SV_VM_OP
// clang-format on


// Two vectors per step: Pair<F32> holds 8 floats, Pair<F64> 4 doubles, every operation applied to
// both halves in turn. The algorithms are latency-bound on one vector (a vector's dependency chain
// is longer than the out-of-order window overlaps); with the two halves' independent operations
// interleaved in the instruction stream, each window holds twice the parallel work. Per lane the
// same operations as Flt<T>, so the same results (and the scalar build's).
template <class B>
struct PairMask {
  typename B::M a, b;
};
template <class B>
struct PairInt {
  using IT = typename B::IElem;
  typename B::I a, b;
  static SV_VM_INLINE PairInt splat(IT x) {
    const typename B::I v = B::I::splat(x);
    return {v, v};
  }
};
template <class B>
struct Pair {
  using Elem = typename B::Elem;
  using I = PairInt<B>;
  using M = PairMask<B>;
  using IElem = typename B::IElem;
  static constexpr int kLanes = 2 * B::kLanes;
  B a, b;
  static SV_VM_INLINE Pair splat(Elem x) {
    const B v = B::splat(x);
    return {v, v};
  }
  static SV_VM_INLINE Pair load(const Elem* p) { return {B::load(p), B::load(p + B::kLanes)}; }
};
using F32P = Pair<F32>;
using F64P = Pair<F64>;

// clang-format off
#define SV_VP_T template <class B>
#define SV_VP_F Pair<B>
#define SV_VP_I PairInt<B>
#define SV_VP_M PairMask<B>
SV_VP_T SV_VM_INLINE void store(typename B::Elem* p, SV_VP_F x) { store(p, x.a); store(p + B::kLanes, x.b); }
SV_VP_T SV_VM_INLINE void store_int(typename B::IElem* p, SV_VP_I x) { store_int<typename B::Elem>(p, x.a); store_int<typename B::Elem>(p + B::kLanes, x.b); }
SV_VP_T SV_VM_INLINE SV_VP_I load_int(SV_VP_F f, const typename B::IElem* p) { return {load_int(f.a, p), load_int(f.b, p + B::kLanes)}; }
#define SV_VP_BIN(RET, ARG, OP) SV_VP_T SV_VM_INLINE RET operator OP(ARG x, ARG y) { return {x.a OP y.a, x.b OP y.b}; }
SV_VP_BIN(SV_VP_F, SV_VP_F, +)
SV_VP_BIN(SV_VP_F, SV_VP_F, -)
SV_VP_BIN(SV_VP_F, SV_VP_F, *)
SV_VP_BIN(SV_VP_F, SV_VP_F, /)
SV_VP_BIN(SV_VP_M, SV_VP_F, <)
SV_VP_BIN(SV_VP_M, SV_VP_F, <=)
SV_VP_BIN(SV_VP_M, SV_VP_F, >)
SV_VP_BIN(SV_VP_M, SV_VP_F, >=)
SV_VP_BIN(SV_VP_M, SV_VP_F, ==)
SV_VP_BIN(SV_VP_M, SV_VP_F, !=)
SV_VP_BIN(SV_VP_M, SV_VP_M, &)
SV_VP_BIN(SV_VP_M, SV_VP_M, |)
SV_VP_BIN(SV_VP_I, SV_VP_I, +)
SV_VP_BIN(SV_VP_I, SV_VP_I, -)
SV_VP_BIN(SV_VP_I, SV_VP_I, &)
SV_VP_BIN(SV_VP_I, SV_VP_I, |)
SV_VP_BIN(SV_VP_I, SV_VP_I, ^)
SV_VP_BIN(SV_VP_M, SV_VP_I, ==)
SV_VP_BIN(SV_VP_M, SV_VP_I, <)
SV_VP_BIN(SV_VP_M, SV_VP_I, >)
#undef SV_VP_BIN
SV_VP_T SV_VM_INLINE SV_VP_F operator-(SV_VP_F x) { return {-x.a, -x.b}; }
SV_VP_T SV_VM_INLINE SV_VP_M operator~(SV_VP_M x) { return {~x.a, ~x.b}; }
SV_VP_T SV_VM_INLINE bool any(SV_VP_M x) { return any(x.a | x.b); }
SV_VP_T SV_VM_INLINE SV_VP_F sel(SV_VP_M m, SV_VP_F x, SV_VP_F y) { return {sel(m.a, x.a, y.a), sel(m.b, x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_I sel(SV_VP_M m, SV_VP_I x, SV_VP_I y) { return {sel(m.a, x.a, y.a), sel(m.b, x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F pmin(SV_VP_F x, SV_VP_F y) { return {pmin(x.a, y.a), pmin(x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F pmax(SV_VP_F x, SV_VP_F y) { return {pmax(x.a, y.a), pmax(x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F rint(SV_VP_F x) { return {rint(x.a), rint(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F sqrt(SV_VP_F x) { return {sqrt(x.a), sqrt(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_I as_int(SV_VP_F x) { return {as_int(x.a), as_int(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F as_flt(SV_VP_I x) { return {as_flt(x.a), as_flt(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_I to_int(SV_VP_F x) { return {to_int(x.a), to_int(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F to_flt(SV_VP_I x) { return {to_flt(x.a), to_flt(x.b)}; }
template <int S, class B> SV_VM_INLINE SV_VP_I shl(SV_VP_I x) { return {shl<S>(x.a), shl<S>(x.b)}; }
template <int S, class B> SV_VM_INLINE SV_VP_I sra(SV_VP_I x) { return {sra<S>(x.a), sra<S>(x.b)}; }
template <int S, class B> SV_VM_INLINE SV_VP_I srl(SV_VP_I x) { return {srl<S>(x.a), srl<S>(x.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F band(SV_VP_F x, SV_VP_F y) { return {band(x.a, y.a), band(x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F bor(SV_VP_F x, SV_VP_F y) { return {bor(x.a, y.a), bor(x.b, y.b)}; }
SV_VP_T SV_VM_INLINE SV_VP_F bxor(SV_VP_F x, SV_VP_F y) { return {bxor(x.a, y.a), bxor(x.b, y.b)}; }
#undef SV_VP_T
#undef SV_VP_F
#undef SV_VP_I
#undef SV_VP_M
// clang-format on

}  // namespace sv::kernels::vmath::simd128

#endif  // __wasm_simd128__
