// Kernels of issue 13: NumPy-compatible ops that read strided, broadcast, flipped and padded
// (masked) views directly, without a hidden copy of the inputs. Same contract as kernels.hpp:
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

}  // namespace sv::kernels
