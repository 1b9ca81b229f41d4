// Lane types of the vector math library (kernels/vmath_impl.hpp) for plain float / double: one
// element per "vector". Used by the no-SIMD module, natively, and as the reference that the SIMD128
// lanes (kernels/simd128/vmath_lanes.hpp) must match bit for bit.
//
// Every operation is one IEEE operation in its own function, and contraction is off inside each:
// no a*b+c ever becomes an FMA, so the scalar and SIMD builds round identically.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define SV_VM_INLINE inline __attribute__((always_inline))
#define SV_VM_NOCONTRACT _Pragma("clang fp contract(off)")

namespace sv::kernels::vmath::scalar {

template <class T, class IT>
struct Mask {
  bool v;
};
template <class T, class IT>
struct Int {
  IT v;
  static SV_VM_INLINE Int splat(IT x) { return {x}; }
};
template <class T, class IT>
struct Flt {
  using Elem = T;
  using I = Int<T, IT>;
  using M = Mask<T, IT>;
  using IElem = IT;
  static constexpr int kLanes = 1;
  T v;
  static SV_VM_INLINE Flt splat(T x) { return {x}; }
  static SV_VM_INLINE Flt load(const T* p) { return {*p}; }
};
using F32 = Flt<float, int32_t>;
using F64 = Flt<double, int64_t>;

// clang-format off
#define SV_VM_T template <class T, class IT>
#define SV_VM_F Flt<T, IT>
#define SV_VM_I Int<T, IT>
#define SV_VM_M Mask<T, IT>
SV_VM_T SV_VM_INLINE void store(T* p, SV_VM_F a) { *p = a.v; }
SV_VM_T SV_VM_INLINE void store_int(IT* p, SV_VM_I a) { *p = a.v; }
SV_VM_T SV_VM_INLINE SV_VM_I load_int(SV_VM_F, const IT* p) { return {*p}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator+(SV_VM_F a, SV_VM_F b) { SV_VM_NOCONTRACT return {a.v + b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator-(SV_VM_F a, SV_VM_F b) { SV_VM_NOCONTRACT return {a.v - b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator*(SV_VM_F a, SV_VM_F b) { SV_VM_NOCONTRACT return {a.v * b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator/(SV_VM_F a, SV_VM_F b) { SV_VM_NOCONTRACT return {a.v / b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_F operator-(SV_VM_F a) { return {-a.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator<(SV_VM_F a, SV_VM_F b) { return {a.v < b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator<=(SV_VM_F a, SV_VM_F b) { return {a.v <= b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator>(SV_VM_F a, SV_VM_F b) { return {a.v > b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator>=(SV_VM_F a, SV_VM_F b) { return {a.v >= b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator==(SV_VM_F a, SV_VM_F b) { return {a.v == b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator!=(SV_VM_F a, SV_VM_F b) { return {a.v != b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator&(SV_VM_M a, SV_VM_M b) { return {a.v && b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator|(SV_VM_M a, SV_VM_M b) { return {a.v || b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator~(SV_VM_M a) { return {!a.v}; }
SV_VM_T SV_VM_INLINE bool any(SV_VM_M a) { return a.v; }
SV_VM_T SV_VM_INLINE SV_VM_F sel(SV_VM_M m, SV_VM_F a, SV_VM_F b) { return m.v ? a : b; }
SV_VM_T SV_VM_INLINE SV_VM_I sel(SV_VM_M m, SV_VM_I a, SV_VM_I b) { return m.v ? a : b; }
// WebAssembly's pmin / pmax: b < a ? b : a and a < b ? b : a (NaN in a stays a).
SV_VM_T SV_VM_INLINE SV_VM_F pmin(SV_VM_F a, SV_VM_F b) { return b.v < a.v ? b : a; }
SV_VM_T SV_VM_INLINE SV_VM_F pmax(SV_VM_F a, SV_VM_F b) { return a.v < b.v ? b : a; }
// Round to nearest, ties to even (the default rounding mode; wasm f32.nearest / f64.nearest).
SV_VM_T SV_VM_INLINE SV_VM_F rint(SV_VM_F a) { return {std::nearbyint(a.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_F sqrt(SV_VM_F a) { return {std::sqrt(a.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_I as_int(SV_VM_F a) { IT r; std::memcpy(&r, &a.v, sizeof r); return {r}; }
SV_VM_T SV_VM_INLINE SV_VM_F as_flt(SV_VM_I a) { T r; std::memcpy(&r, &a.v, sizeof r); return {r}; }
// Exact conversions of integral values (|v| < 2^(mantissa bits - 1)).
SV_VM_T SV_VM_INLINE SV_VM_I to_int(SV_VM_F a) { return {static_cast<IT>(a.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_F to_flt(SV_VM_I a) { return {static_cast<T>(a.v)}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator+(SV_VM_I a, SV_VM_I b) { return {static_cast<IT>(static_cast<std::make_unsigned_t<IT>>(a.v) + static_cast<std::make_unsigned_t<IT>>(b.v))}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator-(SV_VM_I a, SV_VM_I b) { return {static_cast<IT>(static_cast<std::make_unsigned_t<IT>>(a.v) - static_cast<std::make_unsigned_t<IT>>(b.v))}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator&(SV_VM_I a, SV_VM_I b) { return {a.v & b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator|(SV_VM_I a, SV_VM_I b) { return {a.v | b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_I operator^(SV_VM_I a, SV_VM_I b) { return {a.v ^ b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator==(SV_VM_I a, SV_VM_I b) { return {a.v == b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator<(SV_VM_I a, SV_VM_I b) { return {a.v < b.v}; }
SV_VM_T SV_VM_INLINE SV_VM_M operator>(SV_VM_I a, SV_VM_I b) { return {a.v > b.v}; }
template <int S, class T, class IT> SV_VM_INLINE SV_VM_I shl(SV_VM_I a) { return {static_cast<IT>(static_cast<std::make_unsigned_t<IT>>(a.v) << S)}; }
template <int S, class T, class IT> SV_VM_INLINE SV_VM_I sra(SV_VM_I a) { return {static_cast<IT>(a.v >> S)}; }
template <int S, class T, class IT> SV_VM_INLINE SV_VM_I srl(SV_VM_I a) { return {static_cast<IT>(static_cast<std::make_unsigned_t<IT>>(a.v) >> S)}; }
// Bitwise operations on the float bits.
SV_VM_T SV_VM_INLINE SV_VM_F band(SV_VM_F a, SV_VM_F b) { return as_flt(as_int(a) & as_int(b)); }
SV_VM_T SV_VM_INLINE SV_VM_F bor(SV_VM_F a, SV_VM_F b) { return as_flt(as_int(a) | as_int(b)); }
SV_VM_T SV_VM_INLINE SV_VM_F bxor(SV_VM_F a, SV_VM_F b) { return as_flt(as_int(a) ^ as_int(b)); }
#undef SV_VM_T
#undef SV_VM_F
#undef SV_VM_I
#undef SV_VM_M
// clang-format on

}  // namespace sv::kernels::vmath::scalar
