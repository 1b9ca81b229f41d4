// NumPy-compatible kernels beyond kernels.hpp (matmul, arg reductions, prod/any/all, var/std,
// cumsum/cumprod, sort/argsort/topk, elementwise math and clip) that read strided, broadcast,
// flipped and padded (masked) views directly, without a hidden copy of the inputs. Same contract as kernels.hpp:
// layouts are in ELEMENTS of each operand's dtype, callers broadcast (View::expand), pick output
// dtypes and allocate outputs; errors are Status values ("matmul: ...", "argmax: ..."), never
// exceptions or traps. Outputs must be unmasked and must not have stride 0 on a dim of size > 1
// (read_only). Masked-out input elements read as 0 unless an entry point says otherwise. An output
// overlapping an input reads that input completely first (NumPy semantics).
#pragma once

#include <cstdint>

#include "kernels/kernels.hpp"

namespace sv::kernels {

// ------------------------------------------------------------------------------------ linalg

// Matrix product over the last two dims: out[..., m, n] = sum_k a[..., m, k] * b[..., k, n].
// a is [..., M, K], b is [..., K, N], out is [..., M, N]; the three have the same rank >= 2 and
// equal leading (batch) dims: callers broadcast the batch dims (expand) and turn 1-D operands into
// [1, K] / [K, 1] (and drop that dim of the result), as np.matmul does. a, b and out share one
// dtype (callers cast to the result dtype first). Any strides: transposed, sliced, flipped and
// broadcast operands are read through their strides (packed into aligned panels, never copied
// whole). K == 0 writes zeros.
// Details: float sums are formed in the dtype, k ascending within blocks of 256 along k, blocks
// added in order, without fused multiply-add, so the SIMD128 and scalar paths give identical bits;
// integer products and sums wrap in the dtype (NumPy); bool is the logical or of ands. Errors:
// rank < 2 or ranks that differ (rank_mismatch), shapes that do not chain or batch dims that
// differ (shape_mismatch), dtypes that differ (type_error).
Status matmul(const Operand& out, const Operand& a, const Operand& b);

// ------------------------------------------------------------------------------- reductions
// Shared by the reductions below (as reduce() in kernels.hpp): out is in keepdims form, i.e. in's
// shape with every reduced dim set to 1 (callers reshape for keepdims=false); axes_mask bit i is
// dim i of in (bits at or above the rank: out_of_range); masked-out input elements take part as 0;
// the elements of each output are visited in C order of the reduced dims.

// ArgOp (argmax, argmin) and the other op enums here: core/boundary_tables.hpp (generated).
// out[..., 0, ...] = the index along `axis` (0 <= axis < rank, or -rank <= axis < 0 from the end)
// of the largest (argmax) / smallest (argmin) element; out is int64. Ties: the first occurrence;
// NaN wins (the first NaN's index), as NumPy. Integers compare exactly (uint64 above 2^63 too).
// An empty axis is an invalid_argument error (NumPy: "attempt to get argmax of an empty
// sequence"); an empty output is fine.
Status arg_reduce(ArgOp op, const Operand& out, const Operand& in, int axis);

// ReduceMoreOp: prod, any, all.
// prod: the product over axes_mask; out dtype chosen by the caller (not bool; NumPy's default is
// int64 / uint64 for integer and bool inputs, the input dtype for floats). Each element is first
// converted to the output dtype's family by the casting rules, then float products accumulate in
// float64 and are rounded to out once, integer products wrap in the dtype. Empty: 1.
// any / all: out bool; an element is true when != 0 (NaN is true, -0 false). Empty: any false,
// all true (masked-out elements are 0, so they make `all` false).
Status reduce_more(ReduceMoreOp op, const Operand& out, const Operand& in, uint64_t axes_mask);

// MomentOp: var, std.
// var = sum((x - mean)^2) / max(n - ddof, 0) over axes_mask, std = sqrt(var), two-pass in
// float64 (the mean first, then the squared deviations) and rounded once to out, which is float32
// or float64 (NumPy: float32 for float32 input, float64 for integers and float64). n - ddof <= 0
// gives inf (or NaN for 0/0) like NumPy; an empty reduction gives NaN. ddof must be finite >= 0.
Status moments(MomentOp op, const Operand& out, const Operand& in, uint64_t axes_mask, double ddof);

// ------------------------------------------------------------------------- along one axis
// `axis`: 0 <= axis < rank, or -rank <= axis < 0 counting from the end (out_of_range otherwise);
// rank-0 inputs are a rank_mismatch error (callers reshape to [1], as NumPy flattens for
// axis=None). Masked-out input elements read as 0.

// ScanOp: cumsum, cumprod.
// out[..., i, ...] = in[..., 0, ...] op ... op in[..., i, ...] along axis; out has in's shape and
// a dtype chosen by the caller (not bool: type_error; NumPy's default is int64 / uint64 for
// integer and bool inputs, the input dtype for floats). Each element is converted to out's dtype
// by the casting rules, then accumulated sequentially in out's dtype (floats round at every step
// like NumPy's cumsum; integers wrap). out == in in place is fine.
Status scan(ScanOp op, const Operand& out, const Operand& in, int axis);

// Stable ascending sort along axis; out has in's shape and dtype. NaN sorts last (after +inf), -0
// and +0 are equal (keep their order), integers compare exactly.
Status sort(const Operand& out, const Operand& in, int axis);
// out (int64, in's shape) = the indices that sort in along axis: stable, the same order as sort().
Status argsort(const Operand& out, const Operand& in, int axis);
// The k largest elements along axis, largest first; equal values by increasing index; NaN counts
// as the largest (torch.topk). values has in's dtype and indices int64, both in's shape with
// axis set to k (0 <= k <= size of axis: out_of_range otherwise). values and indices must not
// overlap (invalid_argument).
Status topk(const Operand& values, const Operand& indices, const Operand& in, int64_t k, int axis);
// numpy.partition: out (in's shape and dtype) = in with, along axis, each element at a position
// of kth where sort() would put it, the elements before it <= and those after it >= (sort()'s
// order: NaN last, -0 == +0; the order within each part is unspecified, as NumPy's). kth: a 1-D
// int64 operand of positions (negative ones count from the end; duplicates and any order are
// fine; out_of_range "kth(=k) out of bounds (n)" outside [-n, n) unless in is empty). Introselect
// per line, O(n) (O(n log m) for m kth). out may overlap in.
Status partition(const Operand& out, const Operand& in, const Operand& kth, int axis);
// numpy.argpartition: out (int64, in's shape) = the indices along axis of such a partition.
Status argpartition(const Operand& out, const Operand& in, const Operand& kth, int axis);
// numpy.searchsorted: out[j] (int64, v's shape) = the index where v[j] goes in the ascending 1-D
// `a` (in sort()'s order: NaN last, -0 == +0): the first i with a[i] >= v[j] (left), or with
// a[i] > v[j] (right). a and v are 1-D of one dtype (type_error otherwise: callers promote); a is
// read once into keys (O(n)), then each value is a binary search (O(log n)). An `a` that is not
// sorted gives unspecified positions, as NumPy. Masked-out elements read as 0.
Status searchsorted(const Operand& out, const Operand& a, const Operand& v, bool right);

// ------------------------------------------------------------------------- elementwise math
// Same contract as binary()/unary() in kernels.hpp: operands of equal shape (callers broadcast),
// masked-out input elements read as 0, out unmasked and writable, overlap read first. Scalar libm
// per element (results are those of the C library the module is built with); float32 operands
// are computed in float64 and rounded to float32 once (pow / transcendental results may differ
// from NumPy's float32 libm in the last bit; the others are exact).

// MathOp: square, floor, ceil, rint, trunc, sign, sin, cos, tan, tanh, exp2, log2, log10, log1p,
// expm1, isnan, isfinite, logical_not (values 0 .. 17 in this order).
// square .. expm1: a and out share float32 or float64 (callers cast integers to a float first,
// or use binary mul for an integer square). sign also takes any integer dtype (out: the same). rint
// is NumPy's round / around with 0 decimals: half to even. sign maps +-0 and NaN to themselves.
// isnan / isfinite: any input dtype, out bool (integers: false / true). logical_not: any input
// dtype (x == 0), out bool.
Status math_unary(MathOp op, const Operand& out, const Operand& a);

// MathBinaryOp: pow, logical_and, logical_or, logical_xor.
// pow: a, b, out share float32 or float64 (std::pow), or one integer dtype (power by squaring,
// wrapping in the dtype; a negative exponent gives 0, or 1 / +-1 for a base of 1 / -1: callers
// reject it as NumPy does). logical_*: any input dtypes (each x != 0,
// NaN is true), out bool.
Status math_binary(MathBinaryOp op, const Operand& out, const Operand& a, const Operand& b);

// out = min(max(a, lo), hi) elementwise (np.clip; callers broadcast scalar bounds with expand);
// out, a, lo, hi share float32 or float64; NaN in any operand propagates (a's NaN first, then
// lo's, then hi's); or all four share one integer or bool dtype (exact). lo > hi gives hi (NumPy).
Status clip(const Operand& out, const Operand& a, const Operand& lo, const Operand& hi);

}  // namespace sv::kernels
