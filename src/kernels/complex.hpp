// The complex kernels: complex64 / complex128 operands of one kernel call (the 'complex' family).
//
// complex_run is the only entry: array::run_call sends it every call with a complex operand or a
// complex result, other than copy (kernels::copy converts complex itself), after its usual work:
// the result's shape, the operands broadcast to it, the output allocated. So the operands are
// validated and of the output's shape (reductions: the keepdims form; matmul: [..., M, N]), as for
// a Checked call; tests call it the same way.
//
// What runs (anything else is a type_error naming the op and the dtype):
//   Binary: add, sub (as float ops on the parts: pair_layout), mul, div (Smith's algorithm, as
//     NumPy's loops), eq, ne (out bool). a, b and out share the complex dtype (out bool for eq, ne).
//   Unary: neg (on the parts), sqrt, exp, log; abs (out: the part dtype; hypot(re, im), complex64's
//     in double and rounded once).
//   MathUnary: square, sign (NumPy 1.x: sign(re), or sign(im) when re == 0, as a complex value),
//     sin, cos, tan, sinh, cosh, tanh, arcsin, arccos, arctan, arcsinh, arccosh, arctanh, exp2,
//     log2, log10, log1p, expm1; isnan (either part), isfinite (both parts), logical_not (== 0):
//     out bool.
//   MathBinary: pow (a, b, out complex).
//   Where: out = cond ? a : b (cond bool; a, b, out complex; on the parts).
//   Reduce: sum and mean over axes (on the parts: the float reductions; mean divides both parts by
//     the count). max / min: type_error (NumPy orders complex lexicographically; not here).
//   ReduceMore: prod (sequential products in the dtype), any, all (an element is true when != 0).
//   Scan: cumsum (on the parts), cumprod (sequential products, NumPy's multiply.accumulate).
//   Matmul: four real products of the parts.
// SIMD128: mul, div, square and abs run complex_simd.hpp's loops on contiguous rows (an operand may
// be one broadcast value), bit-identical to the scalar loop that does every other layout.
// Precision: the transcendental functions of complex64 are computed in double and rounded once
// (NumPy computes them in float); complex128's through the C++ library's std::complex functions.
#pragma once

#include <cstdint>

#include "core/result.hpp"
#include "kernels/kernels.hpp"

namespace sv::kernels {

// in[0 .. nin-1] as kernel_call's Kind table gives them; axes: reductions' mask; axis: scans';
// name: the op's name (errors start with it).
Status complex_run(const char* name, int64_t kind, int64_t code, const Operand& out,
                   const Operand* const* in, int nin, uint64_t axes, int axis);

}  // namespace sv::kernels
