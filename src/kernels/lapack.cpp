// Dense real linear algebra (lapack.hpp): each matrix of a stack is copied into a column-major
// float64 workspace (element (i, j) at w[i + j * ld]), factorised there by the routines below, and
// its results stored through the outputs' strides (rounded once for float32). The LU family
// (solve, inv, det, slogdet) works in the input's dtype on a row-major copy instead (lapack_lu.cpp).
//
// The numerical routines follow the textbook algorithms LAPACK implements (Golub & Van Loan,
// "Matrix Computations"): left-looking Cholesky;
// Householder QR with explicit Q accumulation; Householder tridiagonalisation and implicit QL with
// Wilkinson shifts; one-sided Jacobi SVD. They are written for clarity first, with the inner loops
// over contiguous columns (stride 1) so the compiler can vectorise them natively.
//
// Threads: a batch is cut into tasks of consecutive matrices (parallel::run_tasks), each task with
// its own workspace; a matrix never depends on which task computes it, so results are identical at
// any thread count. Failures (singular, not positive definite, no convergence) are recorded per
// task as the first failing matrix of its range; the error reported is the smallest such index.
#include "kernels/lapack.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <string>

#include "kernels/internal.hpp"
#include "kernels/lines.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels::lapack {
namespace {

std::string S(int64_t v) { return std::to_string(v); }

constexpr double kEps = DBL_EPSILON;  // 2^-52
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ===================================================================== column-major helpers

// The 2-norm of x[0, n) without overflow or underflow in the squares.
double dot(int64_t n, const double* x, const double* y);

double nrm2(int64_t n, const double* x) {
  const double s = dot(n, x, x);
  if (s > 1e-280 && s < 1e280) return std::sqrt(s);
  if (s == 0) {
    bool all_zero = true;
    for (int64_t i = 0; i < n; ++i) all_zero = all_zero && x[i] == 0;
    if (all_zero) return 0;
  }
  double scale = 0;
  for (int64_t i = 0; i < n; ++i) scale = std::max(scale, std::fabs(x[i]));
  if (!(scale > 0) || !std::isfinite(scale)) return std::isnan(s) ? kNaN : scale;
  double t = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double y = x[i] / scale;
    t += y * y;
  }
  return scale * std::sqrt(t);
}

// Four partial sums (a fixed order: the same bits on every thread), so the loop is not bound by the
// latency of one chain of additions.
double dot(int64_t n, const double* x, const double* y) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += x[i] * y[i];
    s1 += x[i + 1] * y[i + 1];
    s2 += x[i + 2] * y[i + 2];
    s3 += x[i + 3] * y[i + 3];
  }
  for (; i < n; ++i) s0 += x[i] * y[i];
  return (s0 + s1) + (s2 + s3);
}

// Generates an elementary reflector H = I - tau v v^T with H [alpha; x] = [beta; 0], where
// alpha = p[0], x = p[1, n). On return p[0] = beta and p[1, n) = v[1, n) (v[0] = 1 implicitly);
// returns tau. beta = -sign(alpha) * |[alpha; x]|; tau = 0 (H = I) when x is zero or n <= 1.
double reflector(int64_t n, double* p) {
  if (n <= 1) return 0;
  const double xnorm = nrm2(n - 1, p + 1);
  if (xnorm == 0) return 0;
  const double alpha = p[0];
  const double beta = -std::copysign(std::hypot(alpha, xnorm), alpha);
  const double tau = (beta - alpha) / beta;
  const double scal = 1 / (alpha - beta);
  for (int64_t i = 1; i < n; ++i) p[i] *= scal;
  p[0] = beta;
  return tau;
}

// C[0, m) x [0, nc) (leading dim ldc) = (I - tau v v^T) C, v[0, m) explicit.
void apply_reflector(int64_t m, int64_t nc, const double* v, double tau, double* c, int64_t ldc) {
  if (tau == 0) return;
  for (int64_t j = 0; j < nc; ++j) {
    double* cj = c + j * ldc;
    const double w = tau * dot(m, v, cj);
    for (int64_t i = 0; i < m; ++i) cj[i] -= w * v[i];
  }
}

void identity(int64_t m, int64_t n, double* q, int64_t ld) {
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t i = 0; i < m; ++i) q[i + j * ld] = i == j ? 1.0 : 0.0;
  }
}

bool all_finite(int64_t m, int64_t n, const double* a, int64_t ld) {
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t i = 0; i < m; ++i) {
      if (!std::isfinite(a[i + j * ld])) return false;
    }
  }
  return true;
}

// ================================================================================ cholesky

// Lower Cholesky factor in place (lower triangle of a read; upper untouched). Returns 0, or j + 1
// when the leading minor of order j + 1 is not positive definite.
int64_t potrf(int64_t n, double* a, int64_t lda) {
  for (int64_t j = 0; j < n; ++j) {
    double* cj = a + j * lda;
    for (int64_t k = 0; k < j; ++k) {
      const double* ck = a + k * lda;
      const double l = ck[j];
      if (l == 0) continue;
      for (int64_t i = j; i < n; ++i) cj[i] -= ck[i] * l;
    }
    const double d = cj[j];
    if (!(d > 0) || std::isnan(d)) return j + 1;
    const double r = std::sqrt(d);
    cj[j] = r;
    for (int64_t i = j + 1; i < n; ++i) cj[i] /= r;
  }
  return 0;
}

// ====================================================================================== QR

// Householder QR of a (m x n, lda) in place: R on and above the diagonal, the reflectors' v below
// it, tau[0, min(m, n)).
void geqrf(int64_t m, int64_t n, double* a, int64_t lda, double* tau) {
  const int64_t k = std::min(m, n);
  for (int64_t j = 0; j < k; ++j) {
    double* p = a + j + j * lda;
    tau[j] = reflector(m - j, p);
    if (j + 1 < n && tau[j] != 0) {
      const double beta = p[0];
      p[0] = 1;
      apply_reflector(m - j, n - j - 1, p, tau[j], p + lda, lda);
      p[0] = beta;
    }
  }
}

// q (m x qc, ldq) = the first qc columns of H_0 ... H_{k-1} from geqrf's a and tau (qc >= k).
void orgqr(int64_t m, int64_t qc, int64_t k, const double* a, int64_t lda, const double* tau,
           double* q, int64_t ldq, double* v) {
  identity(m, qc, q, ldq);
  for (int64_t j = k - 1; j >= 0; --j) {
    if (tau[j] == 0) continue;
    v[0] = 1;
    for (int64_t i = 1; i < m - j; ++i) v[i] = a[j + i + j * lda];
    apply_reflector(m - j, qc - j, v, tau[j], q + j + j * ldq, ldq);
  }
}

// ============================================================================ symmetric eigen

// Tridiagonalises the full symmetric n x n matrix s (lds) by Householder similarity transforms
// Q^T S Q = T: d[0, n) the diagonal, e[0, n-1) the subdiagonal (e[n-1] = 0). With z (ldz), writes
// z = Q. v: n doubles of scratch, p: n doubles.
void sytrd(int64_t n, double* s, int64_t lds, double* d, double* e, double* tau, double* z,
           int64_t ldz, double* v, double* p) {
  for (int64_t k = 0; k + 1 < n; ++k) {
    const int64_t L = n - k - 1;
    double* x = s + (k + 1) + k * lds;  // column k below the diagonal
    tau[k] = reflector(L, x);
    d[k] = s[k + k * lds];
    e[k] = x[0];
    if (tau[k] == 0) continue;
    v[0] = 1;
    for (int64_t i = 1; i < L; ++i) v[i] = x[i];
    // Trailing block T = S[k+1:, k+1:] (symmetric, full): T -= v w^T + w v^T with
    // p = tau T v, w = p - (tau / 2)(p . v) v.
    double* t = s + (k + 1) + (k + 1) * lds;
    for (int64_t i = 0; i < L; ++i) p[i] = 0;
    for (int64_t j = 0; j < L; ++j) {
      const double* tj = t + j * lds;
      const double vj = tau[k] * v[j];
      for (int64_t i = 0; i < L; ++i) p[i] += tj[i] * vj;
    }
    const double kk = 0.5 * tau[k] * dot(L, p, v);
    for (int64_t i = 0; i < L; ++i) p[i] -= kk * v[i];
    for (int64_t j = 0; j < L; ++j) {
      double* tj = t + j * lds;
      const double vj = v[j], pj = p[j];
      for (int64_t i = 0; i < L; ++i) tj[i] -= v[i] * pj + p[i] * vj;
    }
  }
  if (n > 0) {
    d[n - 1] = s[(n - 1) + (n - 1) * lds];
    e[n - 1] = 0;
  }
  if (!z) return;
  identity(n, n, z, ldz);
  for (int64_t k = n - 2; k >= 0; --k) {
    if (tau[k] == 0) continue;
    const int64_t L = n - k - 1;
    v[0] = 1;
    for (int64_t i = 1; i < L; ++i) v[i] = s[(k + 1 + i) + k * lds];
    apply_reflector(L, L, v, tau[k], z + (k + 1) + (k + 1) * ldz, ldz);
  }
}

// Eigenvalues (d, ascending on return) and, with z, eigenvectors (z's columns rotated along) of the
// symmetric tridiagonal (d, e) by implicit QL with Wilkinson shifts. A subdiagonal element deflates
// when negligible against its two diagonal neighbours, or at most tol_abs (a normwise floor: 0 for
// eigh). false: no convergence.
bool tridiagonal_ql(int64_t n, double* d, double* e, double* z, int64_t ldz, int64_t zrows,
                    double tol_abs = 0) {
  for (int64_t l = 0; l < n; ++l) {
    int iter = 0;
    for (;;) {
      // The first negligible subdiagonal at or after l splits off the block [l, m].
      int64_t m = l;
      for (; m + 1 < n; ++m) {
        const double scale = std::fabs(d[m]) + std::fabs(d[m + 1]);
        if (std::fabs(e[m]) <= kEps * 0.5 * scale || std::fabs(e[m]) < DBL_MIN || std::fabs(e[m]) <= tol_abs) break;
      }
      if (m == l) break;
      if (++iter > 30) return false;
      // Wilkinson shift from the leading 2 x 2 of the block: g = d[m] - mu.
      double g = (d[l + 1] - d[l]) / (2 * e[l]);
      double r = std::hypot(g, 1.0);
      g = d[m] - d[l] + e[l] / (g + std::copysign(r, g));
      double s = 1, c = 1, p = 0;
      bool deflated = false;
      for (int64_t i = m - 1; i >= l; --i) {
        const double f = s * e[i], b = c * e[i];
        r = std::hypot(f, g);
        e[i + 1] = r;
        if (r == 0) {  // underflow: the block splits at i + 1
          d[i + 1] -= p;
          e[m] = 0;
          deflated = true;
          break;
        }
        s = f / r;
        c = g / r;
        g = d[i + 1] - p;
        r = (d[i] - g) * s + 2 * c * b;
        p = s * r;
        d[i + 1] = g + p;
        g = c * r - b;
        if (z) {
          double* zi = z + i * ldz;
          double* zj = zi + ldz;
          for (int64_t k = 0; k < zrows; ++k) {
            const double t = zj[k];
            zj[k] = s * zi[k] + c * t;
            zi[k] = c * zi[k] - s * t;
          }
        }
      }
      if (deflated) continue;
      d[l] -= p;
      e[l] = g;
      e[m] = 0;
    }
  }
  // Ascending, by selection (the first smallest first), columns of z along.
  for (int64_t i = 0; i + 1 < n; ++i) {
    int64_t k = i;
    for (int64_t j = i + 1; j < n; ++j) {
      if (d[j] < d[k]) k = j;
    }
    if (k == i) continue;
    std::swap(d[i], d[k]);
    if (z) {
      for (int64_t r2 = 0; r2 < zrows; ++r2) std::swap(z[r2 + i * ldz], z[r2 + k * ldz]);
    }
  }
  return true;
}

// ===================================================================================== SVD

// Completes q (rows x total, ldq), whose first r columns are orthonormal, with columns r..total
// orthonormal to them and to each other: the trailing columns of the complete Q of a Householder
// QR of the first r columns (what LAPACK's orgqr gives). scratch: complete_scratch(rows, r) bytes.
int64_t complete_scratch(int64_t rows, int64_t r) { return (rows * r + rows * rows + r + rows) * 8; }

void complete_basis(int64_t rows, int64_t r, int64_t total, double* q, int64_t ldq, double* scratch) {
  if (total <= r) return;
  double* f = scratch;
  double* qq = f + rows * r;
  double* tau = qq + rows * rows;
  double* v = tau + r;
  for (int64_t j = 0; j < r; ++j) std::memcpy(f + j * rows, q + j * ldq, static_cast<size_t>(rows) * 8);
  geqrf(rows, r, f, rows, tau);
  orgqr(rows, total, r, f, rows, tau, qq, rows, v);
  for (int64_t j = r; j < total; ++j) std::memcpy(q + j * ldq, qq + j * rows, static_cast<size_t>(rows) * 8);
}

// One-sided Jacobi SVD of w (m x n, ldw, m >= n), overwritten: on return s[0, n) descending and,
// with want_uv, w's first n columns = U (m x n, orthonormal, zero-singular-value columns completed)
// and v (n x n, ldv) = V, so that A = U diag(s) V^T. tmp: m doubles; cs: complete_scratch(m, n)
// bytes. false: no convergence.
bool jacobi_svd(int64_t m, int64_t n, double* w, int64_t ldw, double* s, bool want_uv, double* v,
                int64_t ldv, double* tmp, double* cs) {
  if (want_uv) identity(n, n, v, ldv);
  bool converged = n <= 1;
  // Squared column norms (tmp[0, n)): recomputed every sweep, updated by each rotation as
  // |w_p|^2 - t gamma and |w_q|^2 + t gamma (recomputed where that cancels).
  double* nrm = tmp;
  for (int sweep = 0; sweep < 60 && !converged; ++sweep) {
    bool rotated = false;
    for (int64_t j = 0; j < n; ++j) nrm[j] = dot(m, w + j * ldw, w + j * ldw);
    for (int64_t p = 0; p + 1 < n; ++p) {
      double* wp = w + p * ldw;
      for (int64_t q = p + 1; q < n; ++q) {
        double* wq = w + q * ldw;
        const double alpha = nrm[p], beta = nrm[q], gamma = dot(m, wp, wq);
        if (gamma == 0 || std::fabs(gamma) <= kEps * std::sqrt(alpha) * std::sqrt(beta)) continue;
        rotated = true;
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = std::copysign(1.0, zeta) / (std::fabs(zeta) + std::hypot(1.0, zeta));
        const double c = 1 / std::sqrt(1 + t * t), sn = c * t;
        for (int64_t i = 0; i < m; ++i) {
          const double x = wp[i], y = wq[i];
          wp[i] = c * x - sn * y;
          wq[i] = sn * x + c * y;
        }
        nrm[p] = alpha - t * gamma;
        nrm[q] = beta + t * gamma;
        if (!(nrm[p] > 0.25 * alpha)) nrm[p] = dot(m, wp, wp);
        if (!(nrm[q] > 0.25 * beta)) nrm[q] = dot(m, wq, wq);
        if (want_uv) {
          double* vp = v + p * ldv;
          double* vq = v + q * ldv;
          for (int64_t i = 0; i < n; ++i) {
            const double x = vp[i], y = vq[i];
            vp[i] = c * x - sn * y;
            vq[i] = sn * x + c * y;
          }
        }
      }
    }
    converged = !rotated;
  }
  if (!converged) return false;
  for (int64_t j = 0; j < n; ++j) s[j] = nrm2(m, w + j * ldw);
  // Descending by selection (ties keep column order), columns of w and v along.
  for (int64_t i = 0; i + 1 < n; ++i) {
    int64_t k = i;
    for (int64_t j = i + 1; j < n; ++j) {
      if (s[j] > s[k]) k = j;
    }
    if (k == i) continue;
    std::swap(s[i], s[k]);
    if (want_uv) {
      std::memcpy(tmp, w + i * ldw, static_cast<size_t>(m) * sizeof(double));
      std::memcpy(w + i * ldw, w + k * ldw, static_cast<size_t>(m) * sizeof(double));
      std::memcpy(w + k * ldw, tmp, static_cast<size_t>(m) * sizeof(double));
      std::memcpy(tmp, v + i * ldv, static_cast<size_t>(n) * sizeof(double));
      std::memcpy(v + i * ldv, v + k * ldv, static_cast<size_t>(n) * sizeof(double));
      std::memcpy(v + k * ldv, tmp, static_cast<size_t>(n) * sizeof(double));
    }
  }
  if (!want_uv) return true;
  // Zero singular values sort last: columns [0, r) normalised, the rest completed.
  int64_t r = 0;
  for (; r < n && s[r] > DBL_MIN; ++r) {
    double* wj = w + r * ldw;
    for (int64_t i = 0; i < m; ++i) wj[i] /= s[r];
  }
  complete_basis(m, r, n, w, ldw, cs);
  return true;
}

// The singular values alone of w (m x n, ldw, m >= n >= 2; destroyed), descending into s: Householder
// bidiagonalisation (w = Q B P^T, B upper bidiagonal with diagonal d and superdiagonal e), then the
// eigenvalues of B's Golub-Kahan matrix (2n x 2n, zero diagonal, off-diagonal d0 e0 d1 e1 ... d(n-1)),
// which are +-s, by the implicit QL of the symmetric eigensolver. About 4 m n^2 - 4/3 n^3 flops, against
// 4 m n^2 per Jacobi sweep (several sweeps); normwise accurate as LAPACK's (the Jacobi path keeps the
// high relative accuracy where vectors are wanted). tmp: 7 n + m doubles. false: no convergence.
bool bidiagonal_svdvals(int64_t m, int64_t n, double* w, int64_t ldw, double* s, double* tmp) {
  double* d = tmp;
  double* e = d + n;
  double* row = e + n;   // the right reflector's vector (n)
  double* y = row + n;   // W v (m)
  double* tgk = y + m;   // the Golub-Kahan tridiagonal: diagonal (2n, zeros) then off-diagonal (2n)
  for (int64_t j = 0; j < n; ++j) {
    // Left: zero w[j+1:m, j]; apply to the columns after j.
    double* wj = w + j + j * ldw;
    const double tl = reflector(m - j, wj);
    d[j] = wj[0];
    if (tl != 0) {
      const double beta = wj[0];
      wj[0] = 1;
      apply_reflector(m - j, n - j - 1, wj, tl, wj + ldw, ldw);
      wj[0] = beta;
    }
    if (j + 1 >= n) break;
    // Right: zero w[j, j+2:n]; apply to the rows after j (y = W v, then W -= tau y v^T by columns).
    const int64_t L = n - j - 1;
    for (int64_t c = 0; c < L; ++c) row[c] = w[j + (j + 1 + c) * ldw];
    const double tr = reflector(L, row);
    e[j] = row[0];
    if (tr != 0 && m - j - 1 > 0) {
      row[0] = 1;
      const int64_t R = m - j - 1;
      double* base = w + (j + 1) + (j + 1) * ldw;
      for (int64_t i = 0; i < R; ++i) y[i] = 0;
      for (int64_t c = 0; c < L; ++c) {
        const double vc = row[c];
        const double* col = base + c * ldw;
        for (int64_t i = 0; i < R; ++i) y[i] += vc * col[i];
      }
      for (int64_t c = 0; c < L; ++c) {
        const double f = tr * row[c];
        double* col = base + c * ldw;
        for (int64_t i = 0; i < R; ++i) col[i] -= f * y[i];
      }
    }
  }
  // B splits where a superdiagonal element is negligible (normwise); a 1 x 1 block is its own
  // singular value |d| (exact: a diagonal matrix gives its diagonal), a larger one goes through the
  // eigenvalues of its Golub-Kahan matrix (zero diagonal, off-diagonal d0 e0 d1 e1 ... : +-s), whose
  // largest half are the block's singular values.
  double bnorm = 0;
  for (int64_t i = 0; i < n; ++i) bnorm = std::max({bnorm, std::fabs(d[i]), i + 1 < n ? std::fabs(e[i]) : 0.0});
  const double tol = kEps * bnorm;
  for (int64_t lo = 0; lo < n;) {
    int64_t hi = lo;
    while (hi + 1 < n && std::fabs(e[hi]) > tol) ++hi;
    const int64_t nb = hi - lo + 1;
    if (nb == 1) {
      s[lo] = std::fabs(d[lo]);
    } else {
      const int64_t N = 2 * nb;
      double* dd = tgk;
      double* ee = tgk + N;
      for (int64_t i = 0; i < N; ++i) dd[i] = 0;
      for (int64_t i = 0; i < nb; ++i) {
        ee[2 * i] = d[lo + i];
        if (i + 1 < nb) ee[2 * i + 1] = e[lo + i];
      }
      ee[N - 1] = 0;
      // Normwise deflation (|e| <= eps |B|): a zero singular value is a double zero eigenvalue,
      // whose neighbours' relative test would wait for an underflow.
      if (!tridiagonal_ql(N, dd, ee, nullptr, 0, 0, tol)) return false;
      // Ascending +-s: the largest nb are s (a zero may come out as a tiny value of either sign).
      for (int64_t i = 0; i < nb; ++i) s[lo + i] = std::fabs(dd[N - 1 - i]);
    }
    lo = hi + 1;
  }
  for (int64_t i = 1; i < n; ++i) {  // descending (insertion: blocks are each nearly sorted)
    for (int64_t k = i; k > 0 && s[k] > s[k - 1]; --k) std::swap(s[k], s[k - 1]);
  }
  return true;
}

// Bytes of scratch svd_one needs.
int64_t svd_scratch(int64_t m, int64_t n) {
  const int64_t big = std::max(m, n), small = std::min(m, n);
  // w (big x big: the taller orientation, completed to square), v (small x small), tmp (big),
  // then the basis completion's scratch.
  // (+ 8 big: bidiagonal_svdvals's arrays, in the last region, when big is 2)
  return (big * big + small * small + big + 8 * big) * 8 + complete_scratch(big, big);
}

// The SVD of the matrix a (m x n, ld m; unchanged), computed on a copy scaled so that its largest
// |element| is 1. On return s[0, k) descending; with want_uv, u (m x uc, ld m) and vt (vr x n,
// ld vr) where uc = m or k and vr = n or k (full). scratch: svd_scratch(m, n) bytes, 8-aligned.
// Non-finite input: NaN everywhere. false: no convergence.
bool svd_one(int64_t m, int64_t n, const double* a, double* s, bool want_uv, bool full, double* u,
             double* vt, char* scratch) {
  const int64_t k = std::min(m, n), big = std::max(m, n);
  const int64_t uc = full ? m : k, vr = full ? n : k;
  if (!all_finite(m, n, a, m)) {
    for (int64_t i = 0; i < k; ++i) s[i] = kNaN;
    if (want_uv) {
      for (int64_t i = 0; i < m * uc; ++i) u[i] = kNaN;
      for (int64_t i = 0; i < vr * n; ++i) vt[i] = kNaN;
    }
    return true;
  }
  double amax = 0;
  for (int64_t i = 0; i < m * n; ++i) amax = std::max(amax, std::fabs(a[i]));
  double* w = reinterpret_cast<double*>(scratch);
  double* v = w + big * big;
  double* tmp = v + k * k;
  double* cs = tmp + big;
  // w = a (m >= n) or a^T (m < n), the big x k matrix, scaled.
  const bool tr = m < n;
  const double scale = amax > 0 ? 1 / amax : 1;
  for (int64_t j = 0; j < k; ++j) {
    for (int64_t i = 0; i < big; ++i) w[i + j * big] = (tr ? a[j + i * m] : a[i + j * m]) * scale;
  }
  if (!want_uv && k >= 2) {
    if (!bidiagonal_svdvals(big, k, w, big, s, cs)) return false;
  } else if (!jacobi_svd(big, k, w, big, s, want_uv, v, k, tmp, cs)) {
    return false;
  }
  for (int64_t i = 0; i < k; ++i) s[i] *= amax > 0 ? amax : 1;
  if (!want_uv) return true;
  // The big side's basis: w's k columns, completed to big columns when full.
  if (full) complete_basis(big, k, big, w, big, cs);
  // A = W S V^T (m >= n): u = W[:, :uc], vt = V^T. A^T = W S V^T (m < n): u = V, vt = W[:, :vr]^T.
  if (!tr) {
    for (int64_t j = 0; j < uc; ++j) {
      for (int64_t i = 0; i < m; ++i) u[i + j * m] = w[i + j * big];
    }
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < vr; ++i) vt[i + j * vr] = v[j + i * k];
    }
  } else {
    for (int64_t j = 0; j < uc; ++j) {
      for (int64_t i = 0; i < m; ++i) u[i + j * m] = v[i + j * k];
    }
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < vr; ++i) vt[i + j * vr] = w[j + i * big];
    }
  }
  return true;
}

// =================================================================== operands and batches

bool is_float(DType t) { return t == DType::float32 || t == DType::float64; }

// One operand of a call: its expected dims after the batch dims (`core`, 0-2 of them) and dtype.
struct Spec {
  const char* name;
  const Operand* o;
  int ncore;
  int64_t core[2];
  bool output;
  DType dtype;
};

std::string expected_shape(std::span<const int64_t> batch, const Spec& s) {
  std::string t = "[";
  bool first = true;
  auto add = [&](const std::string& x) {
    if (!first) t += ",";
    t += x;
    first = false;
  };
  if (!batch.empty()) add("...");
  for (int i = 0; i < s.ncore; ++i) add(S(s.core[i]));
  return t + "]";
}

// Checks `a` (float, rank >= 2; square when `square`) and every spec against a's batch dims.
Status check_a(const char* op, const Operand& a, bool square) {
  SV_CHECK(detail::check_operand(op, "a", a));
  const int r = a.layout.ndim();
  if (r < 2) {
    return make_error(Code::linalg_error, std::string("linalg ") + op + ": " + S(r) +
                                               "-dimensional array given. Array must be at "
                                               "least two-dimensional");
  }
  if (!is_float(a.dtype)) {
    return make_error(Code::type_error, std::string("linalg ") + op +
                                            ": a must be float32 or float64, got " +
                                            dtype_name(a.dtype) + "; cast first");
  }
  if (square && a.layout.shape[r - 2] != a.layout.shape[r - 1]) {
    return make_error(Code::linalg_error,
                      std::string("linalg: last 2 dimensions of the array must be square, got [") +
                          S(a.layout.shape[r - 2]) + "," + S(a.layout.shape[r - 1]) + "] (" + op +
                          ")");
  }
  return ok_status();
}

Status check_specs(const char* op, const Operand& a, std::span<const Spec> specs) {
  const int nb = a.layout.ndim() - 2;
  std::span<const int64_t> batch(a.layout.shape.data(), static_cast<size_t>(nb));
  for (const Spec& s : specs) {
    if (!s.o) continue;
    const Operand& o = *s.o;
    SV_CHECK(detail::check_operand(op, s.name, o));
    bool fits = o.layout.ndim() == nb + s.ncore;
    for (int d = 0; fits && d < nb; ++d) fits = o.layout.shape[d] == batch[d];
    for (int i = 0; fits && i < s.ncore; ++i) fits = o.layout.shape[nb + i] == s.core[i];
    if (!fits) {
      return make_error(Code::shape_mismatch,
                        std::string("linalg ") + op + ": " + s.name + " has shape " +
                            detail::shape_str(o.layout.shape) + " but a " +
                            detail::shape_str(a.layout.shape) + " needs " +
                            expected_shape(batch, s) + " with a's batch dims " +
                            dims_to_string(batch));
    }
    if (o.dtype != s.dtype) {
      return make_error(Code::type_error, std::string("linalg ") + op + ": " + s.name +
                                              " must be " + dtype_name(s.dtype) + ", got " +
                                              dtype_name(o.dtype));
    }
    if (s.output) SV_CHECK(detail::check_writable(op, s.name, o));
  }
  return ok_status();
}

// Replaces an input that is masked or overlaps an output by a C-contiguous copy in `buf`.
Status stage_input(const char* op, Operand* in, std::span<const Spec> specs, detail::Buffer& buf) {
  bool copy = in->layout.has_mask();
  for (const Spec& s : specs) {
    if (s.o && s.output && detail::overlaps(*s.o, *in)) copy = true;
  }
  if (!copy) return ok_status();
  Operand m;
  SV_CHECK(detail::materialize(op, *in, buf, &m));
  *in = m;
  return ok_status();
}

// Element offset of batch matrix b (C order over the first nb dims) in operand o.
int64_t batch_offset(const Operand& o, int nb, int64_t b) {
  int64_t off = o.layout.offset;
  for (int d = nb - 1; d >= 0; --d) {
    const int64_t s = o.layout.shape[d];
    off += (b % s) * o.layout.strides[d];
    b /= s;
  }
  return off;
}

// The core strides of an operand: (row, column) for a matrix, (element, 0) for a vector.
void core_strides(const Operand& o, int ncore, int64_t* rs, int64_t* cs) {
  const int r = o.layout.ndim();
  *rs = ncore >= 1 ? o.layout.strides[r - ncore] : 0;
  *cs = ncore >= 2 ? o.layout.strides[r - 1] : 0;
}

// w (rows x cols, ldw) = the matrix (or vector: cols 1) at element offset off of o.
void load(const Operand& o, int ncore, int64_t off, int64_t rows, int64_t cols, double* w,
          int64_t ldw) {
  int64_t rs, cs;
  core_strides(o, ncore, &rs, &cs);
  if (o.dtype == DType::float64) {
    const double* p = static_cast<const double*>(o.base) + off;
    for (int64_t j = 0; j < cols; ++j) {
      for (int64_t i = 0; i < rows; ++i) w[i + j * ldw] = p[i * rs + j * cs];
    }
  } else {
    const float* p = static_cast<const float*>(o.base) + off;
    for (int64_t j = 0; j < cols; ++j) {
      for (int64_t i = 0; i < rows; ++i) w[i + j * ldw] = p[i * rs + j * cs];
    }
  }
}

void store(const Operand& o, int ncore, int64_t off, int64_t rows, int64_t cols, const double* w,
           int64_t ldw) {
  int64_t rs, cs;
  core_strides(o, ncore, &rs, &cs);
  if (o.dtype == DType::float64) {
    double* p = static_cast<double*>(o.base) + off;
    for (int64_t j = 0; j < cols; ++j) {
      for (int64_t i = 0; i < rows; ++i) p[i * rs + j * cs] = w[i + j * ldw];
    }
  } else if (o.dtype == DType::float32) {
    float* p = static_cast<float*>(o.base) + off;
    for (int64_t j = 0; j < cols; ++j) {
      for (int64_t i = 0; i < rows; ++i) p[i * rs + j * cs] = static_cast<float>(w[i + j * ldw]);
    }
  }
}

void store_scalar(const Operand& o, int64_t off, double v) { store(o, 0, off, 1, 1, &v, 1); }

void store_int(const Operand& o, int64_t off, int64_t v) {
  static_cast<int64_t*>(o.base)[off] = v;
}

enum Fail : int32_t { kNone = 0, kSingular, kNotPD, kEigNoConv, kSvdNoConv };

struct FailRec {
  int64_t index;
  int64_t detail;
  int32_t kind;
};

// Runs f(b, ws, &detail) -> Fail for every batch matrix b in [0, nbatch), in tasks of consecutive
// matrices, each task with ws_bytes of 16-byte aligned scratch. work: a matrix's cost in elements
// (for parallel::tasks_for). The first failure (smallest b) becomes the error.
template <class F>
Status run_batch(const char* op, int64_t nbatch, int64_t ws_bytes, int64_t work, F&& f) {
  if (nbatch <= 0) return ok_status();
  int64_t tasks = parallel::tasks_for(nbatch * std::max<int64_t>(work, 1));
  tasks = std::clamp<int64_t>(tasks, 1, nbatch);
  const int64_t ws16 = (std::max<int64_t>(ws_bytes, 16) + 15) / 16 * 16;
  detail::Buffer buf;
  SV_CHECK(buf.allocate(op, ws16 * tasks + 16 + tasks * static_cast<int64_t>(sizeof(FailRec))));
  char* base = buf.data() + ((16 - reinterpret_cast<uintptr_t>(buf.data()) % 16) % 16);
  FailRec* fails = reinterpret_cast<FailRec*>(base + ws16 * tasks);
  parallel::run_tasks(tasks, [&](int64_t t) {
    const int64_t b0 = t * nbatch / tasks, b1 = (t + 1) * nbatch / tasks;
    fails[t] = FailRec{-1, 0, kNone};
    for (int64_t b = b0; b < b1; ++b) {
      int64_t info = 0;
      const int32_t k = f(b, base + t * ws16, &info);
      if (k != kNone) {
        fails[t] = FailRec{b, info, k};
        return;
      }
    }
  });
  for (int64_t t = 0; t < tasks; ++t) {
    const FailRec& r = fails[t];
    if (r.kind == kNone) continue;
    const std::string where = std::string(" (") + op + ": matrix " + S(r.index) + " of the batch";
    switch (r.kind) {
      case kSingular:
        return make_error(Code::linalg_error, "linalg: singular matrix" + where + ", U[" +
                                                      S(r.detail) + "," + S(r.detail) +
                                                      "] == 0)");
      case kNotPD:
        return make_error(Code::linalg_error, "linalg: matrix is not positive definite" +
                                                      where + ", leading minor " + S(r.detail) +
                                                      ")");
      case kEigNoConv:
        return make_error(Code::linalg_error,
                          "linalg: eigenvalues did not converge" + where + ")");
      default:
        return make_error(Code::linalg_error, "linalg: SVD did not converge" + where + ")");
    }
  }
  return ok_status();
}

int64_t batch_count(const Operand& a) {
  int64_t nb = 1;
  for (int d = 0; d + 2 < a.layout.ndim(); ++d) nb *= a.layout.shape[d];
  return nb;
}

int64_t rows_of(const Operand& a) { return a.layout.shape[a.layout.ndim() - 2]; }
int64_t cols_of(const Operand& a) { return a.layout.shape[a.layout.ndim() - 1]; }

// Bytes for `n` doubles, rounded to 16.
int64_t dbytes(int64_t n) { return (n * 8 + 15) / 16 * 16; }

double input_eps(DType t) { return t == DType::float32 ? FLT_EPSILON : DBL_EPSILON; }

}  // namespace

// =========================================================================== entry points

namespace {
// The LU family computes in the input's dtype T (lapack.hpp, "Precision"): each matrix is copied
// into a row-major T workspace (lu::factor's layout), its results stored from there.

// w (rows x cols, row-major, ldw) = the matrix (or vector: cols 1) at element offset off of o,
// whose dtype is T.
template <class T>
void load_rows(const Operand& o, int ncore, int64_t off, int64_t rows, int64_t cols, T* w,
               int64_t ldw) {
  int64_t rs, cs;
  core_strides(o, ncore, &rs, &cs);
  const T* p = static_cast<const T*>(o.base) + off;
  for (int64_t i = 0; i < rows; ++i) {
    T* wi = w + i * ldw;
    const T* pi = p + i * rs;
    if (cs == 1) {
      std::memcpy(wi, pi, static_cast<size_t>(cols) * sizeof(T));
    } else {
      for (int64_t j = 0; j < cols; ++j) wi[j] = pi[j * cs];
    }
  }
}

template <class T>
void store_rows(const Operand& o, int ncore, int64_t off, int64_t rows, int64_t cols, const T* w,
                int64_t ldw) {
  int64_t rs, cs;
  core_strides(o, ncore, &rs, &cs);
  T* p = static_cast<T*>(o.base) + off;
  for (int64_t i = 0; i < rows; ++i) {
    const T* wi = w + i * ldw;
    T* pi = p + i * rs;
    if (cs == 1) {
      std::memcpy(pi, wi, static_cast<size_t>(cols) * sizeof(T));
    } else {
      for (int64_t j = 0; j < cols; ++j) pi[j * cs] = wi[j];
    }
  }
}

// sign and log|det| of one LU-factorised matrix (row-major; sign NaN when a pivot is NaN), in
// float64 from U's diagonal.
template <class T>
void lu_sign_log(int64_t n, const T* lu, int64_t ld, const int64_t* piv, double* sign,
                 double* logdet) {
  double sg = 1, lg = 0;
  for (int64_t j = 0; j < n; ++j) {
    const double u = lu[j + j * ld];
    if (piv[j] != j) sg = -sg;
    if (std::isnan(u)) {
      *sign = kNaN;
      *logdet = kNaN;
      return;
    }
    if (u < 0) sg = -sg;
    if (u == 0) {
      *sign = 0;
      *logdet = -std::numeric_limits<double>::infinity();
      return;
    }
    lg += std::log(std::fabs(u));
  }
  *sign = sg;
  *logdet = lg;
}

// The row stride (elements of `esize` bytes) of a row-major workspace of `cols` columns: an odd
// number of 64-byte cache lines past 16 columns, so that the rows the LU's update reads one after
// another fall in different cache sets (a stride of 4 or 8 KB, n = 1024, put every row in the same
// few sets and made float64 at n = 1024 three times slower than float32).
int64_t row_stride(int64_t cols, int64_t esize) {
  const int64_t line = 64 / esize;
  if (cols <= 16) return cols;
  int64_t lines = (cols + line - 1) / line;
  if (lines % 2 == 0) ++lines;
  return lines * line;
}

// One call of the LU family, what each matrix of its batch gets: solve (b given: x = a^-1 b, k
// right-hand sides, nc = b's and x's core dims), inv (x = a^-1, k = n), det (det given) or
// slogdet (sign and logdet given). The workspace: lu (n x ld), rhs (n x ldb), the panel copy,
// the pivots, each at a 16-byte boundary.
struct LuJob {
  const Operand* a = nullptr;
  const Operand* b = nullptr;
  const Operand* x = nullptr;
  const Operand* det = nullptr;
  const Operand* sign = nullptr;
  const Operand* logdet = nullptr;
  int nb = 0, nc = 2;
  int64_t n = 0, k = 0, ld = 0, ldb = 0, lb = 0, rb = 0, pb = 0;
};

template <class T>
int32_t lu_one(const LuJob& j, int64_t bi, char* w, int64_t* d) {
  const int64_t n = j.n, k = j.k, ld = j.ld, ldb = j.ldb;
  T* lu = reinterpret_cast<T*>(w);
  T* rhs = reinterpret_cast<T*>(w + j.lb);
  T* panel = reinterpret_cast<T*>(w + j.lb + j.rb);
  int64_t* piv = reinterpret_cast<int64_t*>(w + j.lb + j.rb + j.pb);
  load_rows(*j.a, 2, batch_offset(*j.a, j.nb, bi), n, n, lu, ld);
  const int64_t info = lu::factor(n, lu, ld, piv, panel);
  if (j.x) {
    if (info != 0) {
      *d = info - 1;
      return int32_t{kSingular};
    }
    if (j.b) {
      load_rows(*j.b, j.nc, batch_offset(*j.b, j.nb, bi), n, k, rhs, ldb);
    } else {
      std::fill(rhs, rhs + n * ldb, T(0));
      for (int64_t i = 0; i < n; ++i) rhs[i * ldb + i] = 1;
    }
    lu::solve(n, lu, ld, piv, k, rhs, ldb);
    store_rows(*j.x, j.nc, batch_offset(*j.x, j.nb, bi), n, k, rhs, ldb);
  } else if (j.det) {
    // The product in pivot order, as NumPy (overflow to inf possible; 0 for a singular matrix).
    double p = 1;
    for (int64_t i = 0; i < n; ++i) {
      const double u = lu[i + i * ld];
      p *= piv[i] != i ? -u : u;
    }
    store_scalar(*j.det, batch_offset(*j.det, j.nb, bi), p);
  } else {
    double sg, lg;
    lu_sign_log(n, lu, ld, piv, &sg, &lg);
    store_scalar(*j.sign, batch_offset(*j.sign, j.nb, bi), sg);
    store_scalar(*j.logdet, batch_offset(*j.logdet, j.nb, bi), lg);
  }
  return int32_t{kNone};
}

// Runs the job over a's batch in a's dtype (one task body for the whole family and both dtypes).
Status lu_run(const char* op, LuJob j) {
  const bool f32 = j.a->dtype == DType::float32;
  const int64_t es = f32 ? 4 : 8, n = rows_of(*j.a);
  j.n = n;
  j.nb = j.a->layout.ndim() - 2;
  j.ld = row_stride(n, es);
  j.ldb = !j.x ? 0 : j.k == 1 ? 1 : row_stride(j.k, es);
  auto round16 = [](int64_t bytes) { return (bytes + 15) / 16 * 16; };
  j.lb = round16(n * j.ld * es);
  j.rb = round16(n * j.ldb * es);
  j.pb = round16(n * lu::kMaxPanel * es);
  const int64_t work = !j.x ? n * n * n : j.b ? n * n * (n + j.k) : 3 * n * n * n;
  return run_batch(op, batch_count(*j.a), j.lb + j.rb + j.pb + n * 8, work,
                   [&](int64_t bi, char* w, int64_t* d) {
                     return f32 ? lu_one<float>(j, bi, w, d) : lu_one<double>(j, bi, w, d);
                   });
}
}  // namespace

Status solve(const Operand& x, const Operand& a, const Operand& b) {
  const char* op = "solve";
  SV_CHECK(check_a(op, a, true));
  const int nb = a.layout.ndim() - 2;
  const int64_t n = rows_of(a);
  SV_CHECK(detail::check_operand(op, "b", b));
  const bool vec = b.layout.ndim() == nb + 1;
  const int64_t k = vec ? 1 : (b.layout.ndim() == nb + 2 ? cols_of(b) : 0);
  const Spec specs[] = {
      {"b", &b, vec ? 1 : 2, {n, k}, false, a.dtype},
      {"x", &x, vec ? 1 : 2, {n, k}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa, sb;
  Operand A = a, B = b;
  SV_CHECK(stage_input(op, &A, specs, sa));
  SV_CHECK(stage_input(op, &B, specs, sb));
  LuJob j;
  j.a = &A;
  j.b = &B;
  j.x = &x;
  j.nc = vec ? 1 : 2;
  j.k = k;
  return lu_run(op, j);
}

Status inv(const Operand& out, const Operand& a) {
  const char* op = "inv";
  SV_CHECK(check_a(op, a, true));
  const int64_t n = rows_of(a);
  const Spec specs[] = {{"out", &out, 2, {n, n}, true, a.dtype}};
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  LuJob j;
  j.a = &A;
  j.x = &out;
  j.k = n;
  return lu_run(op, j);
}

namespace {
Status lu_scalars(const char* op, const Operand& a, const Operand* det_out, const Operand* sign,
                  const Operand* logdet) {
  SV_CHECK(check_a(op, a, true));
  const Spec specs[] = {
      {"out", det_out, 0, {0, 0}, true, a.dtype},
      {"sign", sign, 0, {0, 0}, true, a.dtype},
      {"logabsdet", logdet, 0, {0, 0}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  LuJob j;
  j.a = &A;
  j.det = det_out;
  j.sign = sign;
  j.logdet = logdet;
  return lu_run(op, j);
}
}  // namespace

Status det(const Operand& out, const Operand& a) { return lu_scalars("det", a, &out, nullptr, nullptr); }

Status slogdet(const Operand& sign, const Operand& logabsdet, const Operand& a) {
  return lu_scalars("slogdet", a, nullptr, &sign, &logabsdet);
}

Status cholesky(const Operand& l, const Operand& a) {
  const char* op = "cholesky";
  SV_CHECK(check_a(op, a, true));
  const int nb = a.layout.ndim() - 2;
  const int64_t n = rows_of(a);
  const Spec specs[] = {{"l", &l, 2, {n, n}, true, a.dtype}};
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  return run_batch(op, batch_count(a), dbytes(n * n), n * n * n / 3,
                   [&](int64_t bi, char* w, int64_t* d) {
                     double* m = reinterpret_cast<double*>(w);
                     load(A, 2, batch_offset(A, nb, bi), n, n, m, n);
                     const int64_t info = potrf(n, m, n);
                     if (info != 0) {
                       *d = info;
                       return int32_t{kNotPD};
                     }
                     for (int64_t j = 1; j < n; ++j) {
                       for (int64_t i = 0; i < j; ++i) m[i + j * n] = 0;
                     }
                     store(l, 2, batch_offset(l, nb, bi), n, n, m, n);
                     return int32_t{kNone};
                   });
}

Status qr(QrMode mode, const Operand* q, const Operand& r, const Operand& a) {
  const char* op = "qr";
  SV_CHECK(check_a(op, a, false));
  if (mode != QrMode::reduced && mode != QrMode::complete && mode != QrMode::r) {
    return make_error(Code::invalid_argument,
                      "linalg qr: mode must be reduced (0), complete (1) or r (2), got " +
                          S(static_cast<int32_t>(mode)));
  }
  if ((mode == QrMode::r) != (q == nullptr)) {
    return make_error(Code::invalid_argument,
                      "linalg qr: q must be null exactly in mode r (R only)");
  }
  const int nb = a.layout.ndim() - 2;
  const int64_t m = rows_of(a), n = cols_of(a), k = std::min(m, n);
  const int64_t qc = mode == QrMode::complete ? m : k;
  const int64_t rr = mode == QrMode::complete ? m : k;
  const Spec specs[] = {
      {"q", q, 2, {m, qc}, true, a.dtype},
      {"r", &r, 2, {rr, n}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const int64_t ws = dbytes(m * n) + dbytes(k) + dbytes(m * qc) + dbytes(m) + dbytes(rr * n);
  return run_batch(op, batch_count(a), ws, m * n * (n + qc), [&](int64_t bi, char* w, int64_t*) {
    double* f = reinterpret_cast<double*>(w);
    double* tau = reinterpret_cast<double*>(w + dbytes(m * n));
    double* qw = reinterpret_cast<double*>(w + dbytes(m * n) + dbytes(k));
    double* v = reinterpret_cast<double*>(w + dbytes(m * n) + dbytes(k) + dbytes(m * qc));
    double* rw = v + dbytes(m) / 8;
    load(A, 2, batch_offset(A, nb, bi), m, n, f, m);
    geqrf(m, n, f, m, tau);
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < rr; ++i) rw[i + j * rr] = i <= j && i < m ? f[i + j * m] : 0.0;
    }
    store(r, 2, batch_offset(r, nb, bi), rr, n, rw, rr);
    if (q) {
      orgqr(m, qc, k, f, m, tau, qw, m, v);
      store(*q, 2, batch_offset(*q, nb, bi), m, qc, qw, m);
    }
    return int32_t{kNone};
  });
}

Status eigh(const Operand& w, const Operand* v, const Operand& a, bool lower) {
  const char* op = v ? "eigh" : "eigvalsh";
  SV_CHECK(check_a(op, a, true));
  const int nb = a.layout.ndim() - 2;
  const int64_t n = rows_of(a);
  const Spec specs[] = {
      {"w", &w, 1, {n, 0}, true, a.dtype},
      {"v", v, 2, {n, n}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const bool vecs = v != nullptr;
  const int64_t ws = dbytes(n * n) * (vecs ? 2 : 1) + 5 * dbytes(n);
  return run_batch(op, batch_count(a), ws, 10 * n * n * n, [&](int64_t bi, char* wsp, int64_t*) {
    double* s = reinterpret_cast<double*>(wsp);
    double* z = vecs ? s + dbytes(n * n) / 8 : nullptr;
    double* d = reinterpret_cast<double*>(wsp + dbytes(n * n) * (vecs ? 2 : 1));
    double* e = d + dbytes(n) / 8;
    double* tau = e + dbytes(n) / 8;
    double* tv = tau + dbytes(n) / 8;
    double* tp = tv + dbytes(n) / 8;
    load(A, 2, batch_offset(A, nb, bi), n, n, s, n);
    // Symmetric from the chosen triangle.
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = j + 1; i < n; ++i) {
        if (lower) {
          s[j + i * n] = s[i + j * n];
        } else {
          s[i + j * n] = s[j + i * n];
        }
      }
    }
    if (!all_finite(n, n, s, n)) {
      for (int64_t i = 0; i < n; ++i) d[i] = kNaN;
      for (int64_t i = 0; vecs && i < n * n; ++i) z[i] = kNaN;
    } else {
      double amax = 0;
      for (int64_t i = 0; i < n * n; ++i) amax = std::max(amax, std::fabs(s[i]));
      const double scale = amax > 0 ? amax : 1;
      for (int64_t i = 0; i < n * n; ++i) s[i] /= scale;
      sytrd(n, s, n, d, e, tau, z, n, tv, tp);
      if (!tridiagonal_ql(n, d, e, z, n, n)) return int32_t{kEigNoConv};
      for (int64_t i = 0; i < n; ++i) d[i] *= scale;
    }
    store(w, 1, batch_offset(w, nb, bi), n, 1, d, n);
    if (vecs) store(*v, 2, batch_offset(*v, nb, bi), n, n, z, n);
    return int32_t{kNone};
  });
}

Status svd(const Operand& s, const Operand* u, const Operand* vh, const Operand& a,
           bool full_matrices) {
  const char* op = "svd";
  SV_CHECK(check_a(op, a, false));
  if ((u == nullptr) != (vh == nullptr)) {
    return make_error(Code::invalid_argument, "linalg svd: give both u and vh, or neither");
  }
  const int nb = a.layout.ndim() - 2;
  const int64_t m = rows_of(a), n = cols_of(a), k = std::min(m, n);
  const bool uv = u != nullptr;
  const bool full = full_matrices && uv;
  const int64_t uc = full ? m : k, vr = full ? n : k;
  const Spec specs[] = {
      {"s", &s, 1, {k, 0}, true, a.dtype},
      {"u", u, 2, {m, uc}, true, a.dtype},
      {"vh", vh, 2, {vr, n}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const int64_t ws = dbytes(m * n) + dbytes(k) + (uv ? dbytes(m * uc) + dbytes(vr * n) : 0) +
                     svd_scratch(m, n);
  const int64_t big = std::max(m, n);
  return run_batch(op, batch_count(a), ws, 14 * big * k * k, [&](int64_t bi, char* w, int64_t*) {
    double* am = reinterpret_cast<double*>(w);
    double* sv = am + dbytes(m * n) / 8;
    double* uw = sv + dbytes(k) / 8;
    double* vw = uw + (uv ? dbytes(m * uc) / 8 : 0);
    char* scratch = reinterpret_cast<char*>(vw + (uv ? dbytes(vr * n) / 8 : 0));
    load(A, 2, batch_offset(A, nb, bi), m, n, am, m);
    if (!svd_one(m, n, am, sv, uv, full, uw, vw, scratch)) return int32_t{kSvdNoConv};
    store(s, 1, batch_offset(s, nb, bi), k, 1, sv, k);
    if (uv) {
      store(*u, 2, batch_offset(*u, nb, bi), m, uc, uw, m);
      store(*vh, 2, batch_offset(*vh, nb, bi), vr, n, vw, vr);
    }
    return int32_t{kNone};
  });
}

namespace {
// x (n x nrhs, ld n) = V diag(1 / s_i over s_i > cutoff) U^T b (m x nrhs, ld m), with u (m x k, ld m)
// and vt (k x n, ld k) from svd_one. t: k doubles of scratch. Returns the rank.
int64_t apply_pinv(int64_t m, int64_t n, int64_t nrhs, const double* u, const double* sv,
                   const double* vt, double cutoff, const double* b, double* x, double* t) {
  const int64_t k = std::min(m, n);
  int64_t rank = 0;
  while (rank < k && sv[rank] > cutoff) ++rank;
  for (int64_t c = 0; c < nrhs; ++c) {
    const double* bc = b + c * m;
    double* xc = x + c * n;
    for (int64_t i = 0; i < rank; ++i) t[i] = dot(m, u + i * m, bc) / sv[i];
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t i = 0; i < rank; ++i) acc += vt[i + j * k] * t[i];
      xc[j] = acc;
    }
  }
  return rank;
}
}  // namespace

Status lstsq(const Operand& x, const Operand* residuals, const Operand& rank, const Operand& s,
             const Operand& a, const Operand& b, double rcond) {
  const char* op = "lstsq";
  SV_CHECK(check_a(op, a, false));
  const int nb = a.layout.ndim() - 2;
  const int64_t m = rows_of(a), n = cols_of(a), k = std::min(m, n);
  SV_CHECK(detail::check_operand(op, "b", b));
  const bool vec = b.layout.ndim() == nb + 1;
  const int64_t nrhs = vec ? 1 : (b.layout.ndim() == nb + 2 ? cols_of(b) : 0);
  const int nc = vec ? 1 : 2;
  const Spec specs[] = {
      {"b", &b, nc, {m, nrhs}, false, a.dtype},
      {"x", &x, nc, {n, nrhs}, true, a.dtype},
      {"residuals", residuals, vec ? 0 : 1, {nrhs, 0}, true, a.dtype},
      {"rank", &rank, 0, {0, 0}, true, DType::int64},
      {"s", &s, 1, {k, 0}, true, a.dtype},
  };
  SV_CHECK(check_specs(op, a, specs));
  if (std::isnan(rcond)) {
    return make_error(Code::invalid_argument, "linalg lstsq: rcond is NaN");
  }
  const double rc = rcond < 0 ? input_eps(a.dtype) * static_cast<double>(std::max(m, n)) : rcond;
  detail::Buffer sa, sb;
  Operand A = a, B = b;
  SV_CHECK(stage_input(op, &A, specs, sa));
  SV_CHECK(stage_input(op, &B, specs, sb));
  const int64_t ws = dbytes(m * n) + dbytes(k) + dbytes(m * k) + dbytes(k * n) +
                     dbytes(m * nrhs) + dbytes(n * nrhs) + dbytes(k) + dbytes(nrhs) +
                     svd_scratch(m, n);
  const int64_t big = std::max(m, n);
  return run_batch(op, batch_count(a), ws, 14 * big * k * k, [&](int64_t bi, char* w, int64_t*) {
    double* am = reinterpret_cast<double*>(w);
    double* sv = am + dbytes(m * n) / 8;
    double* uw = sv + dbytes(k) / 8;
    double* vw = uw + dbytes(m * k) / 8;
    double* bw = vw + dbytes(k * n) / 8;
    double* xw = bw + dbytes(m * nrhs) / 8;
    double* t = xw + dbytes(n * nrhs) / 8;
    double* res = t + dbytes(k) / 8;
    char* scratch = reinterpret_cast<char*>(res + dbytes(nrhs) / 8);
    load(A, 2, batch_offset(A, nb, bi), m, n, am, m);
    load(B, nc, batch_offset(B, nb, bi), m, nrhs, bw, m);
    if (!svd_one(m, n, am, sv, true, false, uw, vw, scratch)) return int32_t{kSvdNoConv};
    int64_t rk = 0;
    if (k > 0 && std::isnan(sv[0])) {
      for (int64_t i = 0; i < n * nrhs; ++i) xw[i] = kNaN;
    } else {
      rk = apply_pinv(m, n, nrhs, uw, sv, vw, k > 0 ? rc * sv[0] : 0.0, bw, xw, t);
    }
    for (int64_t c = 0; c < nrhs; ++c) {
      double acc = 0;
      if (rk == n && m > n) {
        for (int64_t i = 0; i < m; ++i) {
          double r = bw[i + c * m];
          for (int64_t j = 0; j < n; ++j) r -= am[i + j * m] * xw[j + c * n];
          acc += r * r;
        }
      }
      res[c] = acc;
    }
    store(x, nc, batch_offset(x, nb, bi), n, nrhs, xw, n);
    if (residuals) store(*residuals, vec ? 0 : 1, batch_offset(*residuals, nb, bi), nrhs, 1, res, nrhs);
    store_int(rank, batch_offset(rank, nb, bi), rk);
    store(s, 1, batch_offset(s, nb, bi), k, 1, sv, k);
    return int32_t{kNone};
  });
}

Status pinv(const Operand& out, const Operand& a, double rcond) {
  const char* op = "pinv";
  SV_CHECK(check_a(op, a, false));
  if (!(rcond >= 0)) {
    return make_error(Code::invalid_argument,
                      "linalg pinv: rcond must be >= 0, got " + std::to_string(rcond));
  }
  const int nb = a.layout.ndim() - 2;
  const int64_t m = rows_of(a), n = cols_of(a), k = std::min(m, n);
  const Spec specs[] = {{"out", &out, 2, {n, m}, true, a.dtype}};
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const int64_t ws = dbytes(m * n) + dbytes(k) + dbytes(m * k) + dbytes(k * n) + dbytes(m * m) +
                     dbytes(n * m) + dbytes(k) + svd_scratch(m, n);
  const int64_t big = std::max(m, n);
  return run_batch(op, batch_count(a), ws, 14 * big * k * k, [&](int64_t bi, char* w, int64_t*) {
    double* am = reinterpret_cast<double*>(w);
    double* sv = am + dbytes(m * n) / 8;
    double* uw = sv + dbytes(k) / 8;
    double* vw = uw + dbytes(m * k) / 8;
    double* e = vw + dbytes(k * n) / 8;
    double* xw = e + dbytes(m * m) / 8;
    double* t = xw + dbytes(n * m) / 8;
    char* scratch = reinterpret_cast<char*>(t + dbytes(k) / 8);
    load(A, 2, batch_offset(A, nb, bi), m, n, am, m);
    if (!svd_one(m, n, am, sv, true, false, uw, vw, scratch)) return int32_t{kSvdNoConv};
    if (k > 0 && std::isnan(sv[0])) {
      for (int64_t i = 0; i < n * m; ++i) xw[i] = kNaN;
    } else {
      identity(m, m, e, m);
      apply_pinv(m, n, m, uw, sv, vw, k > 0 ? rcond * sv[0] : 0.0, e, xw, t);
    }
    store(out, 2, batch_offset(out, nb, bi), n, m, xw, n);
    return int32_t{kNone};
  });
}

Status matrix_rank(const Operand& out, const Operand& a, double tol) {
  const char* op = "matrix_rank";
  SV_CHECK(check_a(op, a, false));
  if (std::isnan(tol)) return make_error(Code::invalid_argument, "linalg matrix_rank: tol is NaN");
  const int nb = a.layout.ndim() - 2;
  const int64_t m = rows_of(a), n = cols_of(a), k = std::min(m, n);
  const Spec specs[] = {{"out", &out, 0, {0, 0}, true, DType::int64}};
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const double eps = input_eps(a.dtype);
  const int64_t ws = dbytes(m * n) + dbytes(k) + svd_scratch(m, n);
  const int64_t big = std::max(m, n);
  return run_batch(op, batch_count(a), ws, 8 * big * k * k, [&](int64_t bi, char* w, int64_t*) {
    double* am = reinterpret_cast<double*>(w);
    double* sv = am + dbytes(m * n) / 8;
    char* scratch = reinterpret_cast<char*>(sv + dbytes(k) / 8);
    load(A, 2, batch_offset(A, nb, bi), m, n, am, m);
    if (!svd_one(m, n, am, sv, false, false, nullptr, nullptr, scratch)) {
      return int32_t{kSvdNoConv};
    }
    int64_t rk = 0;
    if (k > 0 && !std::isnan(sv[0])) {
      // NumPy computes the singular values in a's dtype: round them so for float32 (as the
      // default tolerance assumes).
      const double smax = a.dtype == DType::float32 ? static_cast<float>(sv[0]) : sv[0];
      const double t = tol < 0 ? smax * static_cast<double>(std::max(m, n)) * eps : tol;
      for (int64_t i = 0; i < k; ++i) {
        const double si = a.dtype == DType::float32 ? static_cast<float>(sv[i]) : sv[i];
        if (si > t) ++rk;
      }
    }
    store_int(out, batch_offset(out, nb, bi), rk);
    return int32_t{kNone};
  });
}

}  // namespace sv::kernels::lapack

// ================================================================ general (nonsymmetric) eigen

namespace sv::kernels::lapack {
namespace {

// Column-major element (i, j) of an n x n workspace.
struct Mat {
  double* p;
  int64_t n;
  double& operator()(int64_t i, int64_t j) const { return p[i + j * n]; }
};

// Diagonal scaling by powers of two (exact) until every row and column of the off-diagonal part
// have comparable norms (the Parlett-Reinsch iteration, LAPACK gebal's scaling): a badly scaled
// matrix's eigenvalues come out as accurately as a well scaled one's. d[i] is the scale of row i
// (b = D^-1 a D, so an eigenvector y of b gives D y of a).
SV_LOOP_FN void balance(int64_t n, Mat a, double* d) {
  for (int64_t i = 0; i < n; ++i) d[i] = 1;
  for (bool done = false; !done;) {
    done = true;
    for (int64_t i = 0; i < n; ++i) {
      double c = 0, r = 0;
      for (int64_t j = 0; j < n; ++j) {
        if (j == i) continue;
        c += std::fabs(a(j, i));
        r += std::fabs(a(i, j));
      }
      if (c == 0 || r == 0) continue;
      const double s = c + r;
      double f = 1, g = r / 2;
      while (c < g && f < 0x1p500) {
        f *= 2;
        c *= 4;
      }
      g = r * 2;
      while (c >= g && f > 0x1p-500) {
        f /= 2;
        c /= 4;
      }
      if ((c + r) / f < 0.95 * s) {
        done = false;
        d[i] *= f;
        for (int64_t j = 0; j < n; ++j) a(i, j) /= f;
        for (int64_t j = 0; j < n; ++j) a(j, i) *= f;
      }
    }
  }
}

// a = Q H Q^T with H upper Hessenberg (in a; zeros below the subdiagonal) by Householder
// reflectors, Q accumulated into q (n x n) when q.p is not null. v, w: n doubles of scratch each.
// Column-major throughout: the right-hand application forms w = A v column by column, then
// subtracts tau w v^T column by column (contiguous, not one strided row at a time).
SV_LOOP_FN void hessenberg(int64_t n, Mat a, Mat q, double* v, double* w) {
  if (q.p) identity(n, n, q.p, n);
  const auto right = [&](Mat x, int64_t k, int64_t m, double tau) {  // x[:, k+1:] = x[:, k+1:] H
    for (int64_t i = 0; i < n; ++i) w[i] = 0;
    for (int64_t j = 0; j < m; ++j) {
      const double vj = v[j];
      const double* col = &x(0, k + 1 + j);
      for (int64_t i = 0; i < n; ++i) w[i] += col[i] * vj;
    }
    for (int64_t j = 0; j < m; ++j) {
      const double f = tau * v[j];
      double* col = &x(0, k + 1 + j);
      for (int64_t i = 0; i < n; ++i) col[i] -= w[i] * f;
    }
  };
  for (int64_t k = 0; k + 2 < n; ++k) {
    const int64_t m = n - k - 1;
    double* col = &a(k + 1, k);
    const double tau = reflector(m, col);
    if (tau == 0) continue;
    v[0] = 1;
    for (int64_t i = 1; i < m; ++i) v[i] = col[i];
    for (int64_t i = 1; i < m; ++i) col[i] = 0;
    apply_reflector(m, n - k - 1, v, tau, &a(k + 1, k + 1), n);  // from the left
    right(a, k, m, tau);
    if (q.p) right(q, k, m, tau);
  }
}

// (ar + i ai) / (br + i bi) into (*cr, *ci), scaled by the larger part of the divisor.
void cdiv(double ar, double ai, double br, double bi, double* cr, double* ci) {
  if (std::fabs(br) > std::fabs(bi)) {
    const double r = bi / br, d = br + r * bi;
    *cr = (ar + r * ai) / d;
    *ci = (ai - r * ar) / d;
  } else {
    const double r = br / bi, d = bi + r * br;
    *cr = (r * ar + ai) / d;
    *ci = (r * ai - ar) / d;
  }
}

// The real Schur form of the Hessenberg matrix h by Francis double-shift QR steps (the
// transformations accumulated into z), its eigenvalues (wr + i wi; a complex pair has wi > 0 first),
// and, when vectors, the eigenvectors of the quasi-triangular form by back substitution, multiplied
// by z: column j of z is then the (real) eigenvector of a real eigenvalue j, and columns j, j + 1
// the real and imaginary parts of the eigenvector of wr[j] + i wi[j] (wi[j] > 0). False when an
// eigenvalue needs more than 30 iterations on average (LAPACK's limit).
SV_LOOP_FN bool schur(int64_t n, Mat h, Mat z, double* wr, double* wi, bool vectors) {
  double norm = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = std::max<int64_t>(i - 1, 0); j < n; ++j) norm += std::fabs(h(i, j));
  }
  int64_t en = n - 1, iter = 0, total = 0;
  double exshift = 0;
  while (en >= 0) {
    int64_t l = en;
    for (; l > 0; --l) {
      double s = std::fabs(h(l - 1, l - 1)) + std::fabs(h(l, l));
      if (s == 0) s = norm;
      if (h(l, l - 1) == 0 || std::fabs(h(l, l - 1)) < kEps * s) break;
    }
    if (l == en) {  // one root
      h(en, en) += exshift;
      wr[en] = h(en, en);
      wi[en] = 0;
      --en;
      iter = 0;
      continue;
    }
    if (l == en - 1) {  // two roots
      const double w = h(en, en - 1) * h(en - 1, en);
      double p = (h(en - 1, en - 1) - h(en, en)) / 2;
      const double q = p * p + w;
      double zz = std::sqrt(std::fabs(q));
      h(en, en) += exshift;
      h(en - 1, en - 1) += exshift;
      const double x = h(en, en);
      if (q >= 0) {  // a real pair: the block made upper triangular by a rotation
        zz = p >= 0 ? p + zz : p - zz;
        wr[en - 1] = x + zz;
        wr[en] = zz != 0 ? x - w / zz : wr[en - 1];
        wi[en - 1] = wi[en] = 0;
        const double xs = h(en, en - 1);
        const double s = std::fabs(xs) + std::fabs(zz);
        p = xs / s;
        double qq = zz / s;
        const double r = std::sqrt(p * p + qq * qq);
        p /= r;
        qq /= r;
        for (int64_t j = en - 1; j < (vectors ? n : en + 1); ++j) {
          const double t = h(en - 1, j);
          h(en - 1, j) = qq * t + p * h(en, j);
          h(en, j) = qq * h(en, j) - p * t;
        }
        for (int64_t i = vectors ? 0 : l; i <= en; ++i) {
          const double t = h(i, en - 1);
          h(i, en - 1) = qq * t + p * h(i, en);
          h(i, en) = qq * h(i, en) - p * t;
        }
        for (int64_t i = 0; vectors && i < n; ++i) {
          const double t = z(i, en - 1);
          z(i, en - 1) = qq * t + p * z(i, en);
          z(i, en) = qq * z(i, en) - p * t;
        }
      } else {  // a complex pair
        wr[en - 1] = wr[en] = x + p;
        wi[en - 1] = zz;
        wi[en] = -zz;
      }
      en -= 2;
      iter = 0;
      continue;
    }
    // No root yet: a double-shift step on the active block [l, en].
    if (++total > 30 * std::max<int64_t>(n, 1)) return false;
    double x = h(en, en), y = h(en - 1, en - 1), w = h(en, en - 1) * h(en - 1, en);
    if (iter == 10) {  // exceptional shift (Wilkinson)
      exshift += x;
      for (int64_t i = 0; i <= en; ++i) h(i, i) -= x;
      const double s = std::fabs(h(en, en - 1)) + std::fabs(h(en - 1, en - 2));
      x = y = 0.75 * s;
      w = -0.4375 * s * s;
    }
    if (iter == 30) {  // a second kind of exceptional shift
      double s = (y - x) / 2;
      s = s * s + w;
      if (s > 0) {
        s = std::sqrt(s);
        if (y < x) s = -s;
        s = x - w / ((y - x) / 2 + s);
        for (int64_t i = 0; i <= en; ++i) h(i, i) -= s;
        exshift += s;
        x = y = w = 0.964;
      }
    }
    ++iter;
    // Where the step starts: two consecutive small subdiagonal elements.
    int64_t m = en - 2;
    double p = 0, q = 0, r = 0;
    for (; m >= l; --m) {
      const double zz = h(m, m);
      const double rr = x - zz, ss = y - zz;
      p = (rr * ss - w) / h(m + 1, m) + h(m, m + 1);
      q = h(m + 1, m + 1) - zz - rr - ss;
      r = h(m + 2, m + 1);
      const double s = std::fabs(p) + std::fabs(q) + std::fabs(r);
      p /= s;
      q /= s;
      r /= s;
      if (m == l) break;
      if (std::fabs(h(m, m - 1)) * (std::fabs(q) + std::fabs(r)) <
          kEps * (std::fabs(p) * (std::fabs(h(m - 1, m - 1)) + std::fabs(zz) + std::fabs(h(m + 1, m + 1))))) {
        break;
      }
    }
    for (int64_t i = m + 2; i <= en; ++i) {
      h(i, i - 2) = 0;
      if (i > m + 2) h(i, i - 3) = 0;
    }
    for (int64_t k = m; k <= en - 1; ++k) {
      const bool notlast = k != en - 1;
      if (k != m) {
        p = h(k, k - 1);
        q = h(k + 1, k - 1);
        r = notlast ? h(k + 2, k - 1) : 0;
        x = std::fabs(p) + std::fabs(q) + std::fabs(r);
        if (x == 0) continue;
        p /= x;
        q /= x;
        r /= x;
      }
      double s = std::sqrt(p * p + q * q + r * r);
      if (p < 0) s = -s;
      if (s == 0) continue;
      if (k != m) {
        h(k, k - 1) = -s * x;
      } else if (l != m) {
        h(k, k - 1) = -h(k, k - 1);
      }
      p += s;
      x = p / s;
      y = q / s;
      const double zz = r / s;
      q /= p;
      r /= p;
      // (eigenvalues alone: only the active block [l, en] is transformed, no z)
      for (int64_t j = k; j < (vectors ? n : en + 1); ++j) {  // rows k .. k + 2
        double t = h(k, j) + q * h(k + 1, j);
        if (notlast) {
          t += r * h(k + 2, j);
          h(k + 2, j) -= t * zz;
        }
        h(k, j) -= t * x;
        h(k + 1, j) -= t * y;
      }
      for (int64_t i = vectors ? 0 : l; i <= std::min(en, k + 3); ++i) {  // columns k .. k + 2
        double t = x * h(i, k) + y * h(i, k + 1);
        if (notlast) {
          t += zz * h(i, k + 2);
          h(i, k + 2) -= t * r;
        }
        h(i, k) -= t;
        h(i, k + 1) -= t * q;
      }
      for (int64_t i = 0; vectors && i < n; ++i) {
        double t = x * z(i, k) + y * z(i, k + 1);
        if (notlast) {
          t += zz * z(i, k + 2);
          z(i, k + 2) -= t * r;
        }
        z(i, k) -= t;
        z(i, k + 1) -= t * q;
      }
    }
  }
  if (!vectors || n == 0) return true;
  // Back substitution: the eigenvectors of the quasi-triangular h, into h's upper part.
  if (norm == 0) return true;  // the zero matrix: z (the identity) holds the vectors
  for (en = n - 1; en >= 0; --en) {
    const double p = wr[en], q = wi[en];
    if (q == 0) {
      int64_t l = en;
      h(en, en) = 1;
      double zz = 0, s = 0;
      for (int64_t i = en - 1; i >= 0; --i) {
        const double w = h(i, i) - p;
        double r = 0;
        for (int64_t j = l; j <= en; ++j) r += h(i, j) * h(j, en);
        if (wi[i] < 0) {
          zz = w;
          s = r;
          continue;
        }
        l = i;
        if (wi[i] == 0) {
          h(i, en) = w != 0 ? -r / w : -r / (kEps * norm);
        } else {
          const double xx = h(i, i + 1), yy = h(i + 1, i);
          const double qq = (wr[i] - p) * (wr[i] - p) + wi[i] * wi[i];
          const double t = (xx * s - zz * r) / qq;
          h(i, en) = t;
          h(i + 1, en) = std::fabs(xx) > std::fabs(zz) ? (-r - w * t) / xx : (-s - yy * t) / zz;
        }
        const double t = std::fabs(h(i, en));
        if ((kEps * t) * t > 1) {
          for (int64_t j = i; j <= en; ++j) h(j, en) /= t;
        }
      }
    } else if (q < 0) {  // the second of a pair: columns en - 1 (real part) and en (imaginary)
      int64_t l = en - 1;
      if (std::fabs(h(en, en - 1)) > std::fabs(h(en - 1, en))) {
        h(en - 1, en - 1) = q / h(en, en - 1);
        h(en - 1, en) = -(h(en, en) - p) / h(en, en - 1);
      } else {
        cdiv(0, -h(en - 1, en), h(en - 1, en - 1) - p, q, &h(en - 1, en - 1), &h(en - 1, en));
      }
      h(en, en - 1) = 0;
      h(en, en) = 1;
      double zz = 0, r = 0, s = 0;
      for (int64_t i = en - 2; i >= 0; --i) {
        double ra = 0, sa = 0;
        for (int64_t j = l; j <= en; ++j) {
          ra += h(i, j) * h(j, en - 1);
          sa += h(i, j) * h(j, en);
        }
        const double w = h(i, i) - p;
        if (wi[i] < 0) {
          zz = w;
          r = ra;
          s = sa;
          continue;
        }
        l = i;
        if (wi[i] == 0) {
          cdiv(-ra, -sa, w, q, &h(i, en - 1), &h(i, en));
        } else {
          const double xx = h(i, i + 1), yy = h(i + 1, i);
          double vr = (wr[i] - p) * (wr[i] - p) + wi[i] * wi[i] - q * q;
          const double vi = (wr[i] - p) * 2 * q;
          if (vr == 0 && vi == 0) {
            vr = kEps * norm * (std::fabs(w) + std::fabs(q) + std::fabs(xx) + std::fabs(yy) + std::fabs(zz));
          }
          cdiv(xx * r - zz * ra + q * sa, xx * s - zz * sa - q * ra, vr, vi, &h(i, en - 1), &h(i, en));
          if (std::fabs(xx) > std::fabs(zz) + std::fabs(q)) {
            h(i + 1, en - 1) = (-ra - w * h(i, en - 1) + q * h(i, en)) / xx;
            h(i + 1, en) = (-sa - w * h(i, en) - q * h(i, en - 1)) / xx;
          } else {
            cdiv(-r - yy * h(i, en - 1), -s - yy * h(i, en), zz, q, &h(i + 1, en - 1), &h(i + 1, en));
          }
        }
        const double t = std::max(std::fabs(h(i, en - 1)), std::fabs(h(i, en)));
        if ((kEps * t) * t > 1) {
          for (int64_t j = i; j <= en; ++j) {
            h(j, en - 1) /= t;
            h(j, en) /= t;
          }
        }
      }
    }
  }
  // The vectors of a: z times the quasi-triangular vectors (right to left: in place).
  for (int64_t j = n - 1; j >= 0; --j) {
    for (int64_t i = 0; i < n; ++i) {
      double t = 0;
      for (int64_t k = 0; k <= j; ++k) t += z(i, k) * h(k, j);
      z(i, j) = t;
    }
  }
  return true;
}

// Writes element (i, j) (vectors) or i (values) of a complex output: (re, im) in its part dtype.
void store_complex(const Operand& o, int ncore, int64_t off, int64_t i, int64_t j, double re, double im) {
  int64_t rs, cs;
  core_strides(o, ncore, &rs, &cs);
  const int64_t e = 2 * (off + i * rs + j * cs);
  if (o.dtype == DType::complex128) {
    double* p = static_cast<double*>(o.base) + e;
    p[0] = re;
    p[1] = im;
  } else {
    float* p = static_cast<float*>(o.base) + e;
    p[0] = static_cast<float>(re);
    p[1] = static_cast<float>(im);
  }
}

}  // namespace

Status eig(const Operand& w, const Operand* v, const Operand& a) {
  const char* op = v ? "eig" : "eigvals";
  SV_CHECK(check_a(op, a, true));
  const int nb = a.layout.ndim() - 2;
  const int64_t n = rows_of(a);
  const DType cdt = a.dtype == DType::float32 ? DType::complex64 : DType::complex128;
  const Spec specs[] = {
      {"w", &w, 1, {n, 0}, true, cdt},
      {"v", v, 2, {n, n}, true, cdt},
  };
  SV_CHECK(check_specs(op, a, specs));
  detail::Buffer sa;
  Operand A = a;
  SV_CHECK(stage_input(op, &A, specs, sa));
  const bool vecs = v != nullptr;
  const int64_t ws = 2 * dbytes(n * n) + 5 * dbytes(n);
  return run_batch(op, batch_count(a), ws, 25 * n * n * n, [&](int64_t bi, char* wsp, int64_t*) {
    Mat h{reinterpret_cast<double*>(wsp), n};
    Mat z{h.p + dbytes(n * n) / 8, n};
    double* wr = z.p + dbytes(n * n) / 8;
    double* wi = wr + dbytes(n) / 8;
    double* d = wi + dbytes(n) / 8;
    double* tmp = d + dbytes(n) / 8;
    load(A, 2, batch_offset(A, nb, bi), n, n, h.p, n);
    const int64_t woff = batch_offset(w, nb, bi), voff = vecs ? batch_offset(*v, nb, bi) : 0;
    if (!all_finite(n, n, h.p, n)) {
      for (int64_t i = 0; i < n; ++i) store_complex(w, 1, woff, i, 0, kNaN, kNaN);
      for (int64_t i = 0; vecs && i < n; ++i) {
        for (int64_t j = 0; j < n; ++j) store_complex(*v, 2, voff, i, j, kNaN, kNaN);
      }
      return int32_t{kNone};
    }
    // Scaled by a power of two into a safe range (exact), balanced, reduced, iterated.
    double amax = 0;
    for (int64_t i = 0; i < n * n; ++i) amax = std::max(amax, std::fabs(h.p[i]));
    int ex = 0;
    if (amax > 0 && (amax > 0x1p500 || amax < 0x1p-500)) std::frexp(amax, &ex);
    const double scale = std::ldexp(1.0, ex);
    if (ex != 0) {
      for (int64_t i = 0; i < n * n; ++i) h.p[i] /= scale;
    }
    balance(n, h, d);
    hessenberg(n, h, vecs ? z : Mat{nullptr, n}, tmp, tmp + dbytes(n) / 8);
    if (!schur(n, h, z, wr, wi, vecs)) return int32_t{kEigNoConv};
    for (int64_t i = 0; i < n; ++i) store_complex(w, 1, woff, i, 0, wr[i] * scale, wi[i] * scale);
    if (!vecs) return int32_t{kNone};
    for (int64_t j = 0; j < n; ++j) {  // undo the balancing: row i times d[i]
      for (int64_t i = 0; i < n; ++i) z(i, j) *= d[i];
    }
    // LAPACK geev's normalisation: unit 2-norm; a complex vector turned so that its component of
    // largest modulus is real.
    for (int64_t j = 0; j < n; ++j) {
      if (wi[j] == 0) {
        const double s = nrm2(n, &z(0, j));
        const double f = s > 0 ? 1 / s : 1;
        for (int64_t i = 0; i < n; ++i) store_complex(*v, 2, voff, i, j, z(i, j) * f, 0.0);
        continue;
      }
      if (wi[j] < 0) continue;  // written with its pair
      const double s = std::hypot(nrm2(n, &z(0, j)), nrm2(n, &z(0, j + 1)));
      const double f = s > 0 ? 1 / s : 1;
      int64_t k = 0;
      double big = -1;
      for (int64_t i = 0; i < n; ++i) {
        const double m2 = z(i, j) * z(i, j) + z(i, j + 1) * z(i, j + 1);
        if (m2 > big) {
          big = m2;
          k = i;
        }
      }
      const double rk = std::hypot(z(k, j), z(k, j + 1));
      const double cs = rk > 0 ? z(k, j) / rk : 1, sn = rk > 0 ? z(k, j + 1) / rk : 0;
      for (int64_t i = 0; i < n; ++i) {
        const double re = (cs * z(i, j) + sn * z(i, j + 1)) * f;
        const double im = i == k ? 0.0 : (cs * z(i, j + 1) - sn * z(i, j)) * f;
        store_complex(*v, 2, voff, i, j, re, im);
        store_complex(*v, 2, voff, i, j + 1, re, i == k ? 0.0 : -im);  // (+0: the component made real)
      }
    }
    return int32_t{kNone};
  });
}

}  // namespace sv::kernels::lapack
