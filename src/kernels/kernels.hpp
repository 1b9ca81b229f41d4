// Strided kernels: the contract the bindings call. Kernels never decide semantics: callers (the
// binding / TS layer via View ops) broadcast operands to the output shape with View::expand first,
// pick output dtypes, and allocate outputs. Kernels plan the loop once per call (drop size-1 dims,
// merge dims contiguous in every operand, order by destination strides) and run SIMD128 inner loops
// when built with -msimd128 (scalar/ reference otherwise; the reference is also the test oracle).
//
// Units: every Layout is in ELEMENTS of its operand's dtype. `base` points at element 0 of the
// buffer; layout.offset and strides are relative to it. Callers guarantee every valid element of
// every operand lies inside its buffer (the binding checks View::required_span against the size).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/result.hpp"
#include "view/view.hpp"

namespace sv::kernels {

enum class DType : int32_t {
  float32 = 0,
  float64 = 1,
  int8 = 2,
  uint8 = 3,
  int16 = 4,
  uint16 = 5,
  int32 = 6,
  uint32 = 7,
  int64 = 8,
  uint64 = 9,
  bool_ = 10,  // one byte, 0 or 1
};
inline constexpr int kNumDTypes = 11;
size_t dtype_size(DType t);
const char* dtype_name(DType t);
bool is_valid_dtype(int32_t t);

struct Operand {
  void* base = nullptr;
  Layout layout;
  DType dtype = DType::float32;
};

// dst[idx] = cast(src[idx]) for every idx of dst.shape. src.layout.shape == dst.layout.shape (an
// error otherwise). Masked-out src elements write `fill` converted to dst's dtype. dst must be
// unmasked and must not have zero strides on dims of size > 1 (an error: read_only).
// If dst and src memory overlap the result is as if src were read completely before any write
// (NumPy semantics).
Status copy(const Operand& dst, const Operand& src, double fill = 0.0);

enum class BinaryOp : int32_t { add, sub, mul, div, maximum, minimum, eq, ne, lt, le, gt, ge };
// out = a op b elementwise. a, b, out have equal shapes (callers broadcast); a and b have the same
// dtype; out has that dtype, or bool for comparisons. Masked-out input elements read as 0.
// Integer division by zero yields 0 (no trap); float ops follow IEEE (NumPy's results).
// maximum/minimum propagate NaN like NumPy.
Status binary(BinaryOp op, const Operand& out, const Operand& a, const Operand& b);

enum class UnaryOp : int32_t { neg, abs, sqrt, exp, log };
// out = op(a); same shape; out dtype == a dtype (sqrt/exp/log of integers: callers cast to float
// first). Masked-out input elements read as 0.
Status unary(UnaryOp op, const Operand& out, const Operand& a);

// out = cond ? a : b; cond is bool; a, b, out share dtype and shape.
Status where(const Operand& out, const Operand& cond, const Operand& a, const Operand& b);

enum class ReduceOp : int32_t { sum, max, min, mean };
// Reduces `in` over the dims set in axes_mask (bit i = dim i of in.layout). out.layout.shape equals
// in's shape with every reduced dim set to 1 (keepdims form; callers reshape for keepdims=false).
// out dtype: same as in for max/min; for sum/mean chosen by the caller (float64 accumulation for
// floats is fine; integers accumulate in the output dtype). max/min over an empty set is an error;
// sum of empty is 0; mean of empty is NaN. Masked-out elements take part as 0.
Status reduce(ReduceOp op, const Operand& out, const Operand& in, uint64_t axes_mask);

// SIMD128 inner loops: compiled in when built with -msimd128 (WebAssembly), on by default then.
// set_simd_enabled(false) forces the scalar reference loops (tests compare both paths in one run);
// set_simd_enabled(true) has no effect when simd_available() is false.
bool simd_available();
bool simd_enabled();
void set_simd_enabled(bool on);

}  // namespace sv::kernels
