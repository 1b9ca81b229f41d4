// kKernelLinalg request (the 'linalg' family: kernels::lapack over stacks of matrices):
//   code p0 p1                   the LinalgOp and its two parameters (boundary_tables.json says
//                                which: QrMode, lower triangle, full_matrices, rcond, tol)
//   nin (operand){nin}           the inputs: a, then b for solve and lstsq
//   nout (0 | 1 operand){nout}   the outputs in the op's order, each absent (0: NumPy's option not
//                                to compute it) or given (1); the caller allocated them
// No response. The caller (web/src/linalg_solve.ts, linalg_decomp.ts) chose the outputs' shapes
// and dtypes and broadcast the batch dims; the kernels check every operand against `a` again, so a
// wrong request is an error, never a wrong read or write.
#include <cmath>

#include "array/kernel_call.hpp"
#include "kernels/lapack.hpp"
#include "wire.hpp"

namespace sv::wire {
namespace {

namespace la = kernels::lapack;

constexpr int kMaxIn = 2, kMaxOut = 4;

// Inputs and outputs per op.
struct Arity {
  int nin, nout;
};
constexpr Arity kArity[tables::kLinalgOpCount] = {{2, 1}, {1, 1}, {1, 1}, {1, 2}, {1, 1}, {1, 2},
                                                  {1, 2}, {1, 3}, {2, 4}, {1, 1}, {1, 1}, {1, 2}};

Status run(LinalgOp op, double p0, const array::Array* in, const array::Array* const* out) {
  const array::Array& a = in[0];
  switch (op) {
    case LinalgOp::solve: return la::solve(*out[0], a, in[1]);
    case LinalgOp::inv: return la::inv(*out[0], a);
    case LinalgOp::det: return la::det(*out[0], a);
    case LinalgOp::slogdet: return la::slogdet(*out[0], *out[1], a);
    case LinalgOp::cholesky: return la::cholesky(*out[0], a);
    case LinalgOp::qr: {
      if (p0 != 0 && p0 != 1 && p0 != 2) return malformed("qr mode");
      return la::qr(static_cast<la::QrMode>(static_cast<int32_t>(p0)), out[0], *out[1], a);
    }
    case LinalgOp::eigh: return la::eigh(*out[0], out[1], a, p0 != 0);
    case LinalgOp::svd: return la::svd(*out[0], out[1], out[2], a, p0 != 0);
    case LinalgOp::lstsq: return la::lstsq(*out[0], out[1], *out[2], *out[3], a, in[1], p0);
    case LinalgOp::pinv: return la::pinv(*out[0], a, p0);
    case LinalgOp::matrix_rank: return la::matrix_rank(*out[0], a, p0);
    case LinalgOp::eig: return la::eig(*out[0], out[1], a);
  }
  return malformed("linalg op");
}

// The outputs a kernel cannot do without (the others may be absent).
bool required(LinalgOp op, int k) {
  switch (op) {
    case LinalgOp::qr: return k == 1;
    case LinalgOp::eigh:
    case LinalgOp::eig:
    case LinalgOp::svd: return k == 0;
    case LinalgOp::lstsq: return k != 1;
    default: return true;
  }
}

}  // namespace

Status linalg_request(Reader& r, Writer&) {
  int64_t code, nin, nout;
  double p0, p1;
  if (!r.next(code) || code < 0 || code >= tables::kLinalgOpCount || !r.next_num(p0) ||
      !r.next_num(p1)) {
    return malformed("linalg op");
  }
  const LinalgOp op = static_cast<LinalgOp>(code);
  const Arity ar = kArity[code];
  const char* name = tables::kLinalgOpNames[code];
  array::Array in[kMaxIn], outs[kMaxOut];
  const array::Array* out[kMaxOut] = {};
  if (!r.next(nin) || nin != ar.nin) return malformed("linalg inputs");
  for (int i = 0; i < ar.nin; ++i) SV_CHECK(read_array(r, name, in[i]));
  if (!r.next(nout) || nout != ar.nout) return malformed("linalg outputs");
  for (int k = 0; k < ar.nout; ++k) {
    int64_t has;
    if (!r.next(has) || (has != 0 && has != 1) || (has == 0 && required(op, k))) {
      return malformed("linalg output");
    }
    if (has) {
      SV_CHECK(read_array(r, name, outs[k]));
      out[k] = &outs[k];
    }
  }
  return run(op, p0, in, out);
}

}  // namespace sv::wire
