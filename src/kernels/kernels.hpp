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

namespace sv::array {
struct KernelCall;
struct KernelResult;
Status run_call(KernelCall& c, KernelResult& res);
}  // namespace sv::array

namespace sv::kernels {

// DType (float32 ... bool_, one byte 0 or 1), kNumDTypes and the op enums below (BinaryOp, UnaryOp,
// ReduceOp): core/boundary_tables.hpp, generated from core/boundary_tables.json.
size_t dtype_size(DType t);
const char* dtype_name(DType t);
bool is_valid_dtype(int32_t t);

// Values computed on demand instead of read from memory: a fused chain's result read by a final
// reduction (kernels/fused.hpp), so that the chain's values never exist as an array. An operand
// with a source is C-contiguous over its shape, unmasked, of the dtype the source gives; its base
// is not memory (the element at flat C index i sits at base + i: one byte per element, so that a
// virtual array of up to 2^31 elements has addresses in wasm32). Only reduce() and reduce_more()
// (prod, any, all) take such an operand; read() may be called from several threads at once.
struct ValueSource {
  // dst (contiguous, the operand's dtype) = the values at flat C indices first + i * step, i < n.
  virtual void read(void* dst, int64_t first, int64_t step, int64_t n) const = 0;

 protected:
  ~ValueSource() = default;
};

struct Operand {
  void* base = nullptr;
  Layout layout;
  DType dtype = DType::float32;
  const ValueSource* source = nullptr;  // computed values (see ValueSource), else read from base
};

// Proof that a call's operands were validated once, by array::run_call (src/array/kernel_call.cpp),
// the only code that can make one: every operand well formed (a valid dtype; shape, strides and mask
// from layout::create or a layout op, so normalised and `contiguous` set; a buffer holding every
// valid element) and every operand already of the output's shape. The entries taking it skip those
// checks and the planner when every operand is one flat row; the op, dtype and writability rules are
// still checked. Direct C++ callers and tests use the entries without it, which check everything.
class Checked {
  Checked() = default;
  friend Status array::run_call(array::KernelCall& c, array::KernelResult& res);
};

// Errors (Status, never a trap): invalid dtype value or op value, rank > kMaxRank, strides/mask not
// matching the rank, mask outside the shape, null base with elements to address (codes
// type_error / invalid_argument / rank_mismatch / out_of_range); shapes that differ
// (shape_mismatch); an output that is masked or has stride 0 on a dim of size > 1 (read_only);
// dtype combinations outside the contract (type_error). Messages start with the op ("copy: ",
// "binary add: ", "reduce sum: ") and carry the shapes / strides / dtypes involved.
//
// Casting rules (copy, and reductions into another dtype): float -> integer truncates toward zero
// and saturates at the type's limits, NaN -> 0 (WebAssembly's trunc_sat; C++ leaves it undefined);
// integer -> integer wraps (two's complement); anything -> bool is `x != 0` (NaN -> true);
// bool -> anything is 0 or 1; float64 -> float32 rounds to nearest (overflow -> inf).

// dst[idx] = cast(src[idx]) for every idx of dst.shape. src.layout.shape == dst.layout.shape (an
// error otherwise). Masked-out src elements read `fill` in src's dtype, cast to dst's as any element. dst must be
// unmasked and must not have zero strides on dims of size > 1 (an error: read_only).
// If dst and src memory overlap the result is as if src were read completely before any write
// (NumPy semantics).
Status copy(const Operand& dst, const Operand& src, double fill = 0.0);

// BinaryOp: add, sub, mul, div, maximum, minimum, eq, ne, lt, le, gt, ge.
// out = a op b elementwise. a, b, out have equal shapes (callers broadcast); a and b have the same
// dtype; out has that dtype, or bool for comparisons. Masked-out input elements read as 0.
// Integer division by zero yields 0 (no trap); float ops follow IEEE (NumPy's results).
// maximum/minimum propagate NaN like NumPy.
// Details: integer add/sub/mul wrap; integer div is floor division (NumPy's `//`: -7 div 2 = -4)
// and the minimum value div -1 wraps to itself; maximum(a, b) = (a > b || isnan(a)) ? a : b, so
// equal values (+0 vs -0) give b, as NumPy. On bool operands add/maximum are `or`, mul/minimum are
// `and`, comparisons compare 0/1, and sub/div are a type_error. An output that overlaps an input
// other than element-for-element (out == a in place is fine) reads that input first.
Status binary(BinaryOp op, const Operand& out, const Operand& a, const Operand& b);
Status binary(Checked, BinaryOp op, const Operand& out, const Operand& a, const Operand& b);

// UnaryOp: neg, abs, sqrt, exp, log.
// out = op(a); same shape; out dtype == a dtype (sqrt/exp/log of integers: callers cast to float
// first). Masked-out input elements read as 0.
// Integer neg/abs wrap (abs of the minimum value is itself); abs of unsigned and of bool is the
// identity; neg of bool and sqrt/exp/log of non-floats are a type_error.
Status unary(UnaryOp op, const Operand& out, const Operand& a);
Status unary(Checked, UnaryOp op, const Operand& out, const Operand& a);

// out = cond ? a : b; cond is bool; a, b, out share dtype and shape.
Status where(const Operand& out, const Operand& cond, const Operand& a, const Operand& b);
Status where(Checked, const Operand& out, const Operand& cond, const Operand& a, const Operand& b);

// ReduceOp: sum, max, min, mean.
// Reduces `in` over the dims set in axes_mask (bit i = dim i of in.layout). out.layout.shape equals
// in's shape with every reduced dim set to 1 (keepdims form; callers reshape for keepdims=false).
// out dtype: same as in for max/min; for sum/mean chosen by the caller (float64 accumulation for
// floats is fine; integers accumulate in the output dtype). max/min over an empty set is an error;
// sum of empty is 0; mean of empty is NaN. Masked-out elements take part as 0.
// Details: axes_mask bits at or above the rank are an out_of_range error. Float sums accumulate
// in the output dtype in an unspecified order (SIMD lanes and blocks; error bounded by
// n * eps * sum|x| as for any order); integer sums wrap. mean = sum / count computed in float64 and
// cast to the output dtype by the casting rules (an integer mean truncates; mean of empty into an
// integer dtype is 0). max/min propagate NaN; bool max/min are any/all; out bool for sum/mean is a
// type_error. An output overlapping the input reads the input first.
Status reduce(ReduceOp op, const Operand& out, const Operand& in, uint64_t axes_mask);

// SIMD128 inner loops: compiled in when built with -msimd128 (WebAssembly), on by default then.
// set_simd_enabled(false) forces the scalar reference loops (tests compare both paths in one run);
// set_simd_enabled(true) has no effect when simd_available() is false.
bool simd_available();
bool simd_enabled();
void set_simd_enabled(bool on);

}  // namespace sv::kernels
