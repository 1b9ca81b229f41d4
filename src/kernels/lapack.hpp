// Dense real linear algebra over stacks of matrices: the kernels numpy.linalg sits on (solve, inv,
// det, slogdet, cholesky, qr, eigh / eigvalsh, svd, lstsq, pinv, matrix_rank).
//
// Operands: an input `a` of shape [..., m, n] (any leading batch dims, any strides in ELEMENTS,
// negative too). Every other operand has the same batch dims (callers broadcast them with
// View::expand first) followed by the core dims each entry point names. Each matrix is copied
// through its strides into a column-major float64 workspace, factorised there, and the results are
// written through the outputs' strides.
//
// Precision: the LU family (solve, inv, det, slogdet) computes in the input's dtype, as NumPy, which
// calls LAPACK's float32 s-routines (sgesv, sgetrf) for float32 input: float32 in float32
// arithmetic (SIMD128: four lanes per vector), float64 in float64. The other routines compute
// float32 input in float64 and round the results once when stored (as accurate as NumPy's or more;
// they may differ from NumPy's in the last float32 bits). Defaults that depend on the dtype
// (lstsq's rcond, matrix_rank's tol) use the INPUT dtype's epsilon, as NumPy.
//
// Shared contract: `a` (and `b`) are float32 or float64; outputs have a's dtype, except the
// rank outputs, which are int64. Masked (padded) inputs are read with their mask (masked-out
// elements are 0, as matmul); outputs must be unmasked with no stride 0 on a dim of size > 1
// (read_only). An output overlapping an input reads that input completely first; outputs must not
// overlap each other. Matrices of a batch are independent tasks on the thread pool; each matrix is
// computed by the same steps on any thread, so results are bit-identical at any thread count.
//
// Errors (Status, never exceptions or traps): a of rank < 2 (linalg_error: NumPy's LinAlgError); a
// non-square matrix where one is needed ("linalg: last 2 dimensions of the array must be square,
// got [3,4]", linalg_error); operands whose shapes do not fit a (shape_mismatch, naming the operand, its
// shape and the expected one); wrong dtypes (type_error); allocation failure (out_of_memory). The
// numerical failures are linalg_error (NumPy's LinAlgError) with its wording, then details:
//   "linalg: singular matrix (solve: matrix 3 of the batch, U[2,2] == 0)"  (solve, inv)
//   "linalg: matrix is not positive definite (cholesky: matrix 0 of the batch, leading minor 3)"
//   "linalg: eigenvalues did not converge (...)" / "linalg: SVD did not converge (...)"
// When several matrices of a batch fail, the error names the first one (any thread count).
//
// NaN / inf inputs never crash. LU, solve, inv, det, slogdet and qr propagate them as IEEE
// arithmetic does (NaN results; a NaN pivot is not "singular"). cholesky reports a NaN diagonal as
// "not positive definite" (LAPACK potrf). eigh, eigvalsh, svd, pinv and lstsq give all-NaN results
// (status ok) for a matrix with a non-finite element instead of iterating on it (NumPy usually
// raises "did not converge" there); matrix_rank and lstsq's rank are then 0.
#pragma once

#include <cstdint>

#include "kernels/kernels.hpp"

namespace sv::kernels::lapack {

// ------------------------------------------------------------------------------ LU family
// Partial pivoting as LAPACK getrf (row interchanges, pivot = the first element of largest |a| in
// the column), blocked: panels of 16 columns (n <= 128) or 32, then a triangular solve and a
// register-blocked update of the trailing matrix. A pivot exactly 0 makes solve / inv fail with
// "linalg: singular matrix".

// x = a^-1 b. a [..., n, n]. Either b and x are [..., n, k] (the rank of a; NumPy 2's rule for
// b.ndim >= 2) or b and x are [..., n] (rank of a minus 1: one right-hand side per matrix).
Status solve(const Operand& x, const Operand& a, const Operand& b);

// out = a^-1; a and out [..., n, n]. (getrf, then getrs on the identity.)
Status inv(const Operand& out, const Operand& a);

// out[...] = det(a): the product of U's diagonal with the sign of the row permutation, the product
// formed in float64 from U (a singular matrix gives 0; float32 results overflow to inf like
// NumPy's). n == 0: 1.
Status det(const Operand& out, const Operand& a);

// sign[...] in {-1, 0, +1} and logabsdet[...] = log|det a| = sum log|u_ii| (float64 sum). A singular
// matrix gives sign 0 and logabsdet -inf (not an error); NaN input gives sign NaN, logabsdet NaN.
Status slogdet(const Operand& sign, const Operand& logabsdet, const Operand& a);

// The LU routines behind them (lapack_lu.cpp), T = float or double, on a ROW-major n x n matrix
// a (element (i, j) at a[i * ld + j]). factor: a = P L U in place (L unit lower below the diagonal,
// U on and above it), piv[j] = the row interchanged with row j at step j; returns 0, or j + 1 for
// the first exactly-zero pivot U[j, j] (the factorisation still completes, as getrf). solve: B
// (n x k, row-major, ldb) = A^-1 B from factor's a and piv (k == 1: ldb is the vector's stride).
// factor's work: n * kMaxPanel elements of scratch (a column-major copy of the panel).
namespace lu {
inline constexpr int64_t kMaxPanel = 32;
template <class T>
int64_t factor(int64_t n, T* a, int64_t ld, int64_t* piv, T* work);
template <class T>
void solve(int64_t n, const T* a, int64_t ld, const int64_t* piv, int64_t k, T* b, int64_t ldb);
}  // namespace lu

// ------------------------------------------------------------------------------- cholesky
// l = the lower Cholesky factor of a (a = l l^T), read from a's LOWER triangle only (the upper one is
// ignored, as NumPy's UPLO='L' default); l's strict upper triangle is written as 0. a, l [..., n, n].
// A leading minor that is not positive (or a NaN diagonal) fails with
// "linalg: matrix is not positive definite". Left-looking column algorithm.
Status cholesky(const Operand& l, const Operand& a);

// -------------------------------------------------------------------------------------- qr
// Householder QR as LAPACK geqrf + orgqr: reflectors H = I - tau v v^T with beta = -sign(alpha) *
// norm, so R's diagonal has the signs LAPACK gives (a column already zero below the diagonal keeps
// its diagonal element, tau = 0). a [..., m, n], k = min(m, n):
//   reduced:  q [..., m, k], r [..., k, n]
//   complete: q [..., m, m], r [..., m, n]
//   r:        q == nullptr, r [..., k, n]
// r's part below the diagonal is written as 0.
enum class QrMode : int32_t { reduced = 0, complete = 1, r = 2 };
Status qr(QrMode mode, const Operand* q, const Operand& r, const Operand& a);

// ------------------------------------------------------------------------- symmetric eigen
// eigh: w [..., n] the eigenvalues ascending; v [..., n, n] (nullptr for eigvalsh) orthonormal
// eigenvectors, column j for w[j]. a [..., n, n] is read from its lower triangle (lower == true,
// NumPy's UPLO='L') or its upper one. Householder tridiagonalisation (the reflectors accumulated
// into an explicit Q when vectors are wanted), then implicit QL with Wilkinson shifts (at most 30
// iterations per eigenvalue; beyond: "linalg: eigenvalues did not converge"). The matrix is scaled
// by its largest |element| first (no overflow in the iteration). eigvalsh gives eigh's w bit for bit.
Status eigh(const Operand& w, const Operand* v, const Operand& a, bool lower = true);

// ---------------------------------------------------------------------- general eigenproblem
// eig: w [..., n] the eigenvalues (complex64 for a float32 a, complex128 for float64: a real
// eigenvalue has imaginary part 0, a complex conjugate pair comes positive imaginary part first);
// v [..., n, n] (nullptr for eigvals) the right eigenvectors, column j for w[j], each of unit
// 2-norm with its component of largest modulus real (LAPACK geev's normalisation). Balancing by
// powers of two (gebal's scaling), Householder reduction to Hessenberg form, Francis double-shift
// QR steps to the real Schur form (at most 30 n steps in all; beyond: "linalg: eigenvalues did not
// converge"), back substitution for the vectors. The order of the eigenvalues is the Schur form's
// (LAPACK's order may differ; NumPy documents none). A matrix with a non-finite element gives NaN.
Status eig(const Operand& w, const Operand* v, const Operand& a);

// --------------------------------------------------------------------------------------- svd
// a [..., m, n] = u diag(s) vh, k = min(m, n); s [..., k] descending, >= 0. With u and vh (both or
// neither, nullptr for compute_uv=False): full_matrices -> u [..., m, m], vh [..., n, n]; otherwise
// u [..., m, k], vh [..., k, n]. One-sided (Hestenes) Jacobi on the taller orientation of the matrix
// (a or a^T), rotating until every column pair is orthogonal to 2^-52 relative (at most 60 sweeps;
// beyond: "linalg: SVD did not converge"): high relative accuracy, simple, about 4 m n^2 flops per
// sweep (+3 n^3 with vectors; 6-10 sweeps typically; measured natively at -O2: n = 256 in about
// 0.12-0.16 s, n = 64 in 2-3 ms). Columns of u for zero singular values, and the extra columns of
// full u / vh, are completed to an orthonormal basis from the complete Q of a Householder QR of
// the known columns. Without u and vh (and in matrix_rank), the values come from a Householder
// bidiagonalisation and the implicit QL of its Golub-Kahan matrix instead (about 4 m n^2 flops in
// all, several times faster): accurate normwise, as LAPACK's, and equal to the Jacobi values within
// a few ulps of s[0].
Status svd(const Operand& s, const Operand* u, const Operand* vh, const Operand& a,
           bool full_matrices);

// ----------------------------------------------------------------------- lstsq, pinv, rank
// Least squares through the SVD, numpy.linalg.lstsq's (gelsd's) semantics: x minimises |b - a x|
// and has the minimum norm among minimisers; singular values s_i <= rcond * s_max count as zero.
// rcond < 0 selects the default eps * max(m, n) (eps of a's dtype). a [..., m, n]; b and x are
// [..., m, k] and [..., n, k], or [..., m] and [..., n]; rank [...] int64; s [..., min(m, n)].
// residuals (nullptr to skip) [..., k] or [...]: per column, the sum of squared residuals
// |b - a x|^2 (formed in float64 from a, b and the computed x) where rank == n and m > n; 0 for
// other matrices (NumPy then returns an empty array; the caller decides from rank).
Status lstsq(const Operand& x, const Operand* residuals, const Operand& rank, const Operand& s,
             const Operand& a, const Operand& b, double rcond);

// out [..., n, m] = the pseudo-inverse of a [..., m, n]: v diag(1/s_i) u^T over s_i > rcond * s_max
// (NumPy's rcond, default 1e-15, is the caller's; rcond < 0 is an invalid_argument error).
Status pinv(const Operand& out, const Operand& a, double rcond);

// out [...] int64 = the number of singular values > tol; tol < 0 selects NumPy's default
// s_max * max(m, n) * eps (eps of a's dtype).
Status matrix_rank(const Operand& out, const Operand& a, double tol);

}  // namespace sv::kernels::lapack
