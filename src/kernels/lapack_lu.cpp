// The LU routines of solve, inv, det and slogdet (lapack.hpp, namespace lu): partial pivoting as
// LAPACK getrf / getrs on a ROW-major workspace, in the input's precision (float32 input in float32
// arithmetic, as NumPy's sgesv / sgetrf; float64 in float64).
//
// Row-major because the rows are what every step touches: a row interchange is a contiguous swap,
// and the eliminations are row operations (row_i -= l_ip * row_p) over contiguous elements, four
// float32 or two float64 lanes per SIMD128 vector (clang's vector extensions: SIMD128 in the wasm
// build, SSE natively, scalar code in the no-SIMD module). Blocked right-looking LU: a panel of
// columns is factorised with rank-1 row updates, U12 = L11^-1 A12 follows row by row, and the
// trailing matrix takes A22 -= L21 U12 through a register-blocked kernel (2 rows x 4 vectors of C
// held in registers across the panel's depth). The triangular solves use the same kernel over
// blocks of rows. Every sum runs in one fixed order, so a matrix gives the same bits on any thread.
// No FMA (WebAssembly SIMD128 has none): each term is a multiply then a subtraction.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "kernels/lapack.hpp"

#define SV_LU_INLINE inline __attribute__((always_inline))

namespace sv::kernels::lapack::lu {
namespace {

template <class T>
struct VecOf {
  typedef T type __attribute__((vector_size(16)));
};
template <class T>
using vec = typename VecOf<T>::type;
template <class T>
constexpr int64_t kL = 16 / static_cast<int64_t>(sizeof(T));

template <class T>
SV_LU_INLINE vec<T> vld(const T* p) {
  vec<T> v;
  __builtin_memcpy(&v, p, 16);
  return v;
}
template <class T>
SV_LU_INLINE void vst(T* p, vec<T> v) {
  __builtin_memcpy(p, &v, 16);
}
template <class T>
SV_LU_INLINE vec<T> splat(T x) {
  if constexpr (sizeof(T) == 4) {
    return vec<T>{x, x, x, x};
  } else {
    return vec<T>{x, x};
  }
}

// The kernels are compiled with -fno-inline-functions (CMakeLists.txt): the standard library's
// small helpers (std::fabs(float), std::min, std::swap) would stay calls inside the loops, so the
// loops use these instead.
template <class T>
SV_LU_INLINE T absval(T x) {
  if constexpr (sizeof(T) == 4) {
    return __builtin_fabsf(x);
  } else {
    return __builtin_fabs(x);
  }
}
SV_LU_INLINE int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }
SV_LU_INLINE int64_t imax(int64_t a, int64_t b) { return a > b ? a : b; }

// y[0, w) -= s * x[0, w).
template <class T>
SV_LU_INLINE void axpy_sub(int64_t w, T s, const T* x, T* y) {
  constexpr int64_t L = kL<T>;
  const vec<T> sv = splat(s);
  int64_t c = 0;
  for (; c + 2 * L <= w; c += 2 * L) {
    vst(y + c, vld(y + c) - sv * vld(x + c));
    vst(y + c + L, vld(y + c + L) - sv * vld(x + c + L));
  }
  for (; c + L <= w; c += L) vst(y + c, vld(y + c) - sv * vld(x + c));
  for (; c < w; ++c) y[c] -= s * x[c];
}

// sum x[i] y[i], i < n: lane-wise partial sums in two vectors, then the lanes in order.
template <class T>
SV_LU_INLINE T dot(int64_t n, const T* x, const T* y) {
  constexpr int64_t L = kL<T>;
  vec<T> s0 = splat(T(0)), s1 = s0;
  int64_t i = 0;
  for (; i + 2 * L <= n; i += 2 * L) {
    s0 += vld(x + i) * vld(y + i);
    s1 += vld(x + i + L) * vld(y + i + L);
  }
  if (i + L <= n) {
    s0 += vld(x + i) * vld(y + i);
    i += L;
  }
  s0 += s1;
  T s = 0;
  for (int64_t l = 0; l < L; ++l) s += s0[l];
  for (; i < n; ++i) s += x[i] * y[i];
  return s;
}

// Rows c0 (and c1 when two) of C, columns [0, w) -= A's rows a0 (a1), depth [0, k), times B (k x w,
// ldb). Per element: c - a[0] b[0] - a[1] b[1] - ... in p order, the same in every branch.
template <class T, bool kTwo>
SV_LU_INLINE void rows_sub(int64_t w, int64_t k, const T* a0, const T* a1, const T* b, int64_t ldb,
                           T* c0, T* c1) {
  constexpr int64_t L = kL<T>;
  int64_t j = 0;
  for (; j + 4 * L <= w; j += 4 * L) {
    vec<T> x0 = vld(c0 + j), x1 = vld(c0 + j + L), x2 = vld(c0 + j + 2 * L), x3 = vld(c0 + j + 3 * L);
    vec<T> y0, y1, y2, y3;
    if constexpr (kTwo) {
      y0 = vld(c1 + j), y1 = vld(c1 + j + L), y2 = vld(c1 + j + 2 * L), y3 = vld(c1 + j + 3 * L);
    }
    const T* bp = b + j;
    for (int64_t p = 0; p < k; ++p, bp += ldb) {
      const vec<T> b0 = vld(bp), b1 = vld(bp + L), b2 = vld(bp + 2 * L), b3 = vld(bp + 3 * L);
      const vec<T> s = splat(a0[p]);
      x0 -= s * b0;
      x1 -= s * b1;
      x2 -= s * b2;
      x3 -= s * b3;
      if constexpr (kTwo) {
        const vec<T> t = splat(a1[p]);
        y0 -= t * b0;
        y1 -= t * b1;
        y2 -= t * b2;
        y3 -= t * b3;
      }
    }
    vst(c0 + j, x0), vst(c0 + j + L, x1), vst(c0 + j + 2 * L, x2), vst(c0 + j + 3 * L, x3);
    if constexpr (kTwo) vst(c1 + j, y0), vst(c1 + j + L, y1), vst(c1 + j + 2 * L, y2), vst(c1 + j + 3 * L, y3);
  }
  for (; j + L <= w; j += L) {
    vec<T> x0 = vld(c0 + j), y0;
    if constexpr (kTwo) y0 = vld(c1 + j);
    const T* bp = b + j;
    for (int64_t p = 0; p < k; ++p, bp += ldb) {
      const vec<T> b0 = vld(bp);
      x0 -= splat(a0[p]) * b0;
      if constexpr (kTwo) y0 -= splat(a1[p]) * b0;
    }
    vst(c0 + j, x0);
    if constexpr (kTwo) vst(c1 + j, y0);
  }
  for (; j < w; ++j) {
    T x0 = c0[j], y0 = 0;
    if constexpr (kTwo) y0 = c1[j];
    const T* bp = b + j;
    for (int64_t p = 0; p < k; ++p, bp += ldb) {
      x0 -= a0[p] * *bp;
      if constexpr (kTwo) y0 -= a1[p] * *bp;
    }
    c0[j] = x0;
    if constexpr (kTwo) c1[j] = y0;
  }
}

// C (m x w, ldc) -= A (m x k, lda) * B (k x w, ldb), all row-major. Depth in slices of 128 and
// columns in blocks of 512 bytes per row, so the slice of B a pass reads (64 KB at most) stays in
// L2 while every row pair of C streams past it.
template <class T>
void gemm_sub(int64_t m, int64_t w, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb,
              T* c, int64_t ldc) {
  constexpr int64_t KC = 128, NC = 512 / static_cast<int64_t>(sizeof(T));
  for (int64_t p0 = 0; p0 < k; p0 += KC) {
    const int64_t kc = imin(KC, k - p0);
    for (int64_t j0 = 0; j0 < w; j0 += NC) {
      const int64_t wc = imin(NC, w - j0);
      const T* bb = b + p0 * ldb + j0;
      int64_t i = 0;
      for (; i + 2 <= m; i += 2) {
        rows_sub<T, true>(wc, kc, a + i * lda + p0, a + (i + 1) * lda + p0, bb, ldb,
                          c + i * ldc + j0, c + (i + 1) * ldc + j0);
      }
      if (i < m) rows_sub<T, false>(wc, kc, a + i * lda + p0, nullptr, bb, ldb, c + i * ldc + j0, nullptr);
    }
  }
}

template <class T>
void swap_rows(int64_t n, T* x, T* y) {
  constexpr int64_t L = kL<T>;
  int64_t c = 0;
  for (; c + L <= n; c += L) {
    const vec<T> t = vld(x + c);
    vst(x + c, vld(y + c));
    vst(y + c, t);
  }
  for (; c < n; ++c) {
    const T t = x[c];
    x[c] = y[c];
    y[c] = t;
  }
}

// Rows of a triangular solve per block (the rows below or above a block go through gemm_sub).
constexpr int64_t kSolveRows = 32;

}  // namespace

template <class T>
int64_t factor(int64_t n, T* a, int64_t ld, int64_t* piv, T* work) {
  // 16 columns per panel up to n = 128, 32 above (kMaxPanel: work holds n x 32).
  const int64_t kPanel = n <= 128 ? 16 : kMaxPanel;
  const T kTiny = std::numeric_limits<T>::min();
  int64_t info = 0;
  for (int64_t k0 = 0; k0 < n; k0 += kPanel) {
    const int64_t k1 = imin(n, k0 + kPanel), kb = k1 - k0, m = n - k0;
    // The panel (rows k0.., columns k0..k1) is factorised column-major in work (element (r, c)
    // at work[c * m + r]): the pivot search, the scaling and the rank-1 updates then run down
    // contiguous columns of m elements, where in the rows they ran over at most kb - 1.
    for (int64_t r = 0; r < m; ++r) {
      const T* src = a + (k0 + r) * ld + k0;
      for (int64_t c = 0; c < kb; ++c) work[c * m + r] = src[c];
    }
    for (int64_t j = 0; j < kb; ++j) {
      T* col = work + j * m;
      int64_t p = j;
      T best = absval(col[j]);
      for (int64_t i = j + 1; i < m; ++i) {
        const T v = absval(col[i]);
        if (v > best) {
          best = v;
          p = i;
        }
      }
      piv[k0 + j] = k0 + p;
      if (p != j) {
        for (int64_t c = 0; c < kb; ++c) {
          const T t = work[c * m + j];
          work[c * m + j] = work[c * m + p];
          work[c * m + p] = t;
        }
      }
      // L's column: times 1 / pivot as LAPACK's getf2 (a division where the reciprocal would
      // overflow); then the rank-1 update of the panel's columns right of it.
      const T d = col[j];
      const int64_t h = m - j - 1;
      if (d == 0) {
        if (info == 0) info = k0 + j + 1;
      } else if (absval(d) >= kTiny) {
        const T r = T(1) / d;
        constexpr int64_t L = kL<T>;
        const vec<T> rv = splat(r);
        int64_t i = 0;
        for (; i + L <= h; i += L) vst(col + j + 1 + i, vld(col + j + 1 + i) * rv);
        for (; i < h; ++i) col[j + 1 + i] *= r;
      } else {
        for (int64_t i = j + 1; i < m; ++i) col[i] /= d;
      }
      for (int64_t c = j + 1; c < kb; ++c) {
        T* cc = work + c * m;
        const T u = cc[j];
        if (u != 0) axpy_sub(h, u, col + j + 1, cc + j + 1);
      }
    }
    for (int64_t r = 0; r < m; ++r) {
      T* dst = a + (k0 + r) * ld + k0;
      for (int64_t c = 0; c < kb; ++c) dst[c] = work[c * m + r];
    }
    // The panel's interchanges on the columns left of it (L) and right of it, as laswp.
    for (int64_t j = k0; j < k1; ++j) {
      const int64_t p = piv[j];
      if (p == j) continue;
      swap_rows(k0, a + j * ld, a + p * ld);
      swap_rows(n - k1, a + j * ld + k1, a + p * ld + k1);
    }
    if (k1 >= n) break;
    // U12 = L11^-1 A12 (L11 unit lower), row by row; then A22 -= L21 U12.
    const int64_t w = n - k1;
    for (int64_t i = k0 + 1; i < k1; ++i) {
      gemm_sub(int64_t{1}, w, i - k0, a + i * ld + k0, ld, a + k0 * ld + k1, ld, a + i * ld + k1, ld);
    }
    gemm_sub(n - k1, w, kb, a + k1 * ld + k0, ld, a + k0 * ld + k1, ld, a + k1 * ld + k1, ld);
  }
  return info;
}

template <class T>
void solve(int64_t n, const T* a, int64_t ld, const int64_t* piv, int64_t k, T* b, int64_t ldb) {
  for (int64_t j = 0; j < n; ++j) {
    if (piv[j] != j) swap_rows(k, b + j * ldb, b + piv[j] * ldb);
  }
  if (k == 1) {
    // One right-hand side (ldb: its stride): dot products along the rows of L and U.
    for (int64_t i = 1; i < n; ++i) {
      if (ldb == 1) {
        b[i] -= dot(i, a + i * ld, b);
      } else {
        T s = 0;
        for (int64_t p = 0; p < i; ++p) s += a[i * ld + p] * b[p * ldb];
        b[i * ldb] -= s;
      }
    }
    for (int64_t i = n - 1; i >= 0; --i) {
      T s = 0;
      if (ldb == 1) {
        s = dot(n - i - 1, a + i * ld + i + 1, b + i + 1);
      } else {
        for (int64_t p = i + 1; p < n; ++p) s += a[i * ld + p] * b[p * ldb];
      }
      b[i * ldb] = (b[i * ldb] - s) / a[i * ld + i];
    }
    return;
  }
  // L y = P b: blocks of rows from the top; the rows above a block through gemm_sub.
  for (int64_t i0 = 0; i0 < n; i0 += kSolveRows) {
    const int64_t i1 = imin(n, i0 + kSolveRows);
    if (i0 > 0) gemm_sub(i1 - i0, k, i0, a + i0 * ld, ld, b, ldb, b + i0 * ldb, ldb);
    for (int64_t i = i0 + 1; i < i1; ++i) {
      gemm_sub(int64_t{1}, k, i - i0, a + i * ld + i0, ld, b + i0 * ldb, ldb, b + i * ldb, ldb);
    }
  }
  // U x = y: blocks from the bottom.
  for (int64_t i1 = n; i1 > 0;) {
    const int64_t i0 = imax(0, i1 - kSolveRows);
    if (i1 < n) gemm_sub(i1 - i0, k, n - i1, a + i0 * ld + i1, ld, b + i1 * ldb, ldb, b + i0 * ldb, ldb);
    for (int64_t i = i1 - 1; i >= i0; --i) {
      T* bi = b + i * ldb;
      if (i + 1 < i1) gemm_sub(int64_t{1}, k, i1 - i - 1, a + i * ld + i + 1, ld, b + (i + 1) * ldb, ldb, bi, ldb);
      const T d = a[i * ld + i];
      constexpr int64_t L = kL<T>;
      const vec<T> dv = splat(d);
      int64_t c = 0;
      for (; c + L <= k; c += L) vst(bi + c, vld(bi + c) / dv);
      for (; c < k; ++c) bi[c] /= d;
    }
    i1 = i0;
  }
}

template int64_t factor<float>(int64_t, float*, int64_t, int64_t*, float*);
template int64_t factor<double>(int64_t, double*, int64_t, int64_t*, double*);
template void solve<float>(int64_t, const float*, int64_t, const int64_t*, int64_t, float*, int64_t);
template void solve<double>(int64_t, const double*, int64_t, const int64_t*, int64_t, double*,
                            int64_t);

}  // namespace sv::kernels::lapack::lu
