// kernels::lapack (kernels/lapack.hpp): solve, inv, det, slogdet, cholesky, qr, eigh / eigvalsh,
// svd, lstsq, pinv, matrix_rank over float32 and float64, sizes {1, 2, 3, 7, 16, 33, 64, 100},
// contiguous, transposed, stride-2 and flipped operands and a batched [3, 2, n, n] stack; the
// numerical errors and shape errors; bit-identical batches at 1 and 4 threads; NaN input.
//
// Accuracy is checked by backward errors computed in float64 from the stored (rounded) results,
// relative to n * eps of the dtype: e.g. solve's |A x - b| / (|A| |x|) <= C * n * eps with
// C = kC below (Frobenius norms). solve, inv, det and slogdet compute in the input's dtype (float32
// in float32, as LAPACK's s-routines); the other kernels compute in float64 and round float32
// results once, so their float32 ratios are dominated by that final rounding. The worst measured
// constants (ratio / (n * eps)) are printed to stderr at the end of each test case for the record.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "kernels/lapack.hpp"
#include "parallel/pool.hpp"

using namespace sv;
using namespace sv::kernels;
namespace la = sv::kernels::lapack;

namespace {

// The bound's constant: every backward error below must be <= kC * n * eps (n = the larger
// dimension, at least 1). Measured worst constants are about 0.1-1.5 (see stderr); 4 leaves margin.
constexpr double kC = 4.0;
// The one-sided Jacobi SVD's U and V orthogonality: every sweep's rotations add rounding, measured
// up to 8.4 * n * eps (float64, n = 100); 20 leaves margin.
constexpr double kCJacobi = 20.0;

const int64_t kSizes[] = {1, 2, 3, 7, 16, 33, 64, 100};

struct ThreadsScope {
  explicit ThreadsScope(int n) { parallel::set_threads(n); }
  ~ThreadsScope() { parallel::set_threads(1); }
};

// ------------------------------------------------------------------ host matrices (row-major)
struct Mx {
  int64_t r = 0, c = 0;
  std::vector<double> v;
  Mx() = default;
  Mx(int64_t r_, int64_t c_) : r(r_), c(c_), v(static_cast<size_t>(r_ * c_), 0.0) {}
  double& operator()(int64_t i, int64_t j) { return v[static_cast<size_t>(i * c + j)]; }
  double operator()(int64_t i, int64_t j) const { return v[static_cast<size_t>(i * c + j)]; }
};

Mx mul(const Mx& a, const Mx& b) {
  Mx o(a.r, b.c);
  for (int64_t i = 0; i < a.r; ++i) {
    for (int64_t k = 0; k < a.c; ++k) {
      const double x = a(i, k);
      for (int64_t j = 0; j < b.c; ++j) o(i, j) += x * b(k, j);
    }
  }
  return o;
}
Mx tr(const Mx& a) {
  Mx o(a.c, a.r);
  for (int64_t i = 0; i < a.r; ++i) {
    for (int64_t j = 0; j < a.c; ++j) o(j, i) = a(i, j);
  }
  return o;
}
Mx eye(int64_t n) {
  Mx o(n, n);
  for (int64_t i = 0; i < n; ++i) o(i, i) = 1;
  return o;
}
Mx sub(const Mx& a, const Mx& b) {
  Mx o = a;
  for (size_t i = 0; i < o.v.size(); ++i) o.v[i] -= b.v[i];
  return o;
}
double fro(const Mx& a) {
  long double s = 0;
  for (double x : a.v) s += static_cast<long double>(x) * x;
  return static_cast<double>(std::sqrt(s));
}
Mx random_mx(std::mt19937_64& g, int64_t r, int64_t c) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Mx o(r, c);
  for (double& x : o.v) x = u(g);
  return o;
}
Mx hilbert(int64_t n) {
  Mx o(n, n);
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) o(i, j) = 1.0 / static_cast<double>(i + j + 1);
  }
  return o;
}

// ---------------------------------------------------------------- strided operands
// Layout kinds of the core dims: C order, transposed (column-major), stride 2 with offset 1, rows
// flipped (negative row stride). Batch dims are C order over blocks of 2 * (core elements).
enum Kind { kC_ = 0, kTrans = 1, kStride2 = 2, kFlip = 3 };

template <class T>
struct Arr {
  std::vector<T> data;
  Operand op;
  Dims batch;
  int ncore = 0;
  int64_t rows = 1, cols = 1;

  int64_t nbatch() const {
    int64_t n = 1;
    for (int64_t b : batch) n *= b;
    return n;
  }
  int64_t index(int64_t b, int64_t i, int64_t j) const {
    const Layout& l = op.layout;
    int64_t off = l.offset;
    const int nb = static_cast<int>(batch.size());
    for (int d = nb - 1; d >= 0; --d) {
      off += (b % batch[static_cast<size_t>(d)]) * l.strides[d];
      b /= batch[static_cast<size_t>(d)];
    }
    if (ncore >= 1) off += i * l.strides[nb];
    if (ncore >= 2) off += j * l.strides[nb + 1];
    return off;
  }
  T& at(int64_t b, int64_t i, int64_t j) { return data[static_cast<size_t>(index(b, i, j))]; }
  Mx get(int64_t b) const {
    Mx m(rows, cols);
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) m(i, j) = data[static_cast<size_t>(index(b, i, j))];
    }
    return m;
  }
  void set(int64_t b, const Mx& m) {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) at(b, i, j) = static_cast<T>(m(i, j));
    }
  }
};

template <class T>
constexpr DType dtype_of() {
  return std::is_same_v<T, float> ? DType::float32 : DType::float64;
}

// An operand of shape batch + core (ncore = 0, 1 or 2 dims: rows, cols), filled with NaN.
template <class T, class U = T>
Arr<U> make_arr(const Dims& batch, int ncore, int64_t rows, int64_t cols, Kind kind) {
  Arr<U> a;
  a.batch = batch;
  a.ncore = ncore;
  a.rows = ncore >= 1 ? rows : 1;
  a.cols = ncore >= 2 ? cols : 1;
  const int64_t core = a.rows * a.cols;
  const int64_t block = 2 * core + 1;
  LayoutDims shape, strides;
  for (int64_t b : batch) shape.push_back(b);
  if (ncore >= 1) shape.push_back(rows);
  if (ncore >= 2) shape.push_back(cols);
  int64_t off = 0, rs = 0, cs = 0;
  const int64_t R = a.rows, C = a.cols;
  switch (kind) {
    case kC_: rs = C; cs = 1; break;
    case kTrans: rs = 1; cs = R; break;
    case kStride2: rs = 2 * C; cs = 2; off = 1; break;
    case kFlip: rs = -C; cs = 1; off = (R - 1) * C; break;
  }
  if (ncore == 1) {
    cs = 0;
    rs = kind == kStride2 ? 2 : kind == kFlip ? -1 : 1;
    off = kind == kStride2 ? 1 : kind == kFlip ? R - 1 : 0;
  }
  Dims bst(batch.size(), 0);
  int64_t acc = block;
  for (size_t d = batch.size(); d-- > 0;) {
    bst[d] = acc;
    acc *= batch[d];
  }
  for (int64_t s : bst) strides.push_back(s);
  if (ncore >= 1) strides.push_back(rs);
  if (ncore >= 2) strides.push_back(cs);
  a.data.assign(static_cast<size_t>(acc + 1), std::numeric_limits<U>::quiet_NaN());
  if constexpr (std::is_integral_v<U>) a.data.assign(static_cast<size_t>(acc + 1), -7);
  a.op.base = a.data.data();
  a.op.dtype = std::is_same_v<U, int64_t> ? DType::int64 : dtype_of<U>();
  a.op.layout = Layout(shape, strides, off);
  return a;
}

template <class T>
double eps_of() {
  return std::is_same_v<T, float> ? FLT_EPSILON : DBL_EPSILON;
}

// The worst measured constant per check, printed at the end of a test case.
struct Worst {
  std::map<std::string, double> m;
  void add(const std::string& k, double ratio) {
    double& w = m[k];
    if (!(ratio <= w)) w = ratio;
  }
  ~Worst() {
    for (auto& [k, v] : m) std::fprintf(stderr, "[lapack] worst %-34s %.3g\n", k.c_str(), v);
  }
};

template <class T>
const char* tname() {
  return std::is_same_v<T, float> ? "f32" : "f64";
}

// The measured constant: ratio / (n * eps), checked against kC.
template <class T>
void bound(Worst& w, const std::string& what, double ratio, int64_t n, double limit = kC) {
  const double c = ratio / (static_cast<double>(std::max<int64_t>(n, 1)) * eps_of<T>());
  w.add(std::string(tname<T>()) + " " + what, c);
  INFO(what << " " << tname<T>() << " n=" << n << ": ratio " << ratio << " = " << c
            << " * n * eps");
  CHECK(c <= limit);
}

bool upper_zero(const Mx& r) {
  for (int64_t i = 0; i < r.r; ++i) {
    for (int64_t j = 0; j < std::min(i, r.c); ++j) {
      if (r(i, j) != 0) return false;
    }
  }
  return true;
}

Kind kind_for(int64_t i) { return static_cast<Kind>(i % 4); }

// ================================================================================ solve / inv

template <class T>
void check_solve(Worst& w, const Dims& batch, int64_t n, int64_t k, bool vec, Kind ka, Kind kb,
                 Kind kx, uint64_t seed) {
  std::mt19937_64 g(seed);
  auto A = make_arr<T>(batch, 2, n, n, ka);
  auto B = vec ? make_arr<T>(batch, 1, n, 1, kb) : make_arr<T>(batch, 2, n, k, kb);
  auto X = vec ? make_arr<T>(batch, 1, n, 1, kx) : make_arr<T>(batch, 2, n, k, kx);
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    A.set(b, random_mx(g, n, n));
    B.set(b, random_mx(g, B.rows, B.cols));
  }
  auto st = la::solve(X.op, A.op, B.op);
  INFO("n=" << n << " kinds " << ka << kb << kx);
  REQUIRE(st.ok());
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    const Mx a = A.get(b), x = X.get(b), bb = B.get(b);
    const double ratio = fro(sub(mul(a, x), bb)) / (fro(a) * fro(x));
    bound<T>(w, "solve |Ax-b|/(|A||x|)", ratio, n);
  }
}

template <class T>
void solve_suite() {
  Worst w;
  int64_t i = 0;
  for (int64_t n : kSizes) {
    check_solve<T>(w, {}, n, 3, false, kind_for(i), kind_for(i + 1), kind_for(i + 2), 100 + n);
    check_solve<T>(w, {}, n, 1, true, kind_for(i + 1), kind_for(i + 2), kind_for(i + 3), 200 + n);
    ++i;
  }
  for (int64_t n : {int64_t{7}, int64_t{16}}) {
    check_solve<T>(w, {3, 2}, n, 2, false, kTrans, kStride2, kFlip, 300 + n);
    check_solve<T>(w, {3, 2}, n, 1, true, kStride2, kFlip, kTrans, 400 + n);
  }
  // Hilbert matrices (cond up to ~1e16 at n = 12): the backward error stays at eps.
  for (int64_t n : {int64_t{6}, int64_t{10}, int64_t{12}}) {
    std::mt19937_64 g(450 + n);
    auto A = make_arr<T>({}, 2, n, n, kTrans);
    auto B = make_arr<T>({}, 2, n, 2, kC_);
    auto X = make_arr<T>({}, 2, n, 2, kStride2);
    A.set(0, hilbert(n));
    B.set(0, random_mx(g, n, 2));
    REQUIRE(la::solve(X.op, A.op, B.op).ok());
    const Mx a = A.get(0), x = X.get(0);
    bound<T>(w, "solve Hilbert |Ax-b|/(|A||x|)", fro(sub(mul(a, x), B.get(0))) / (fro(a) * fro(x)), n);
  }
}

TEST_CASE("lapack: solve float64 and float32 backward error", "[lapack]") {
  solve_suite<double>();
  solve_suite<float>();
}

template <class T>
void inv_suite() {
  Worst w;
  int64_t i = 0;
  auto run = [&](const Dims& batch, int64_t n, Kind ka, Kind ko, uint64_t seed) {
    std::mt19937_64 g(seed);
    auto A = make_arr<T>(batch, 2, n, n, ka);
    auto O = make_arr<T>(batch, 2, n, n, ko);
    for (int64_t b = 0; b < A.nbatch(); ++b) A.set(b, random_mx(g, n, n));
    REQUIRE(la::inv(O.op, A.op).ok());
    for (int64_t b = 0; b < A.nbatch(); ++b) {
      const Mx a = A.get(b), x = O.get(b);
      // |A X - I| <= C n eps |A| |X|: small relative to the condition number |A| |X|.
      const double ratio = fro(sub(mul(a, x), eye(n))) / (fro(a) * fro(x));
      bound<T>(w, "inv |AX-I|/(|A||X|)", ratio, n);
    }
  };
  for (int64_t n : kSizes) {
    run({}, n, kind_for(i), kind_for(i + 1), 500 + n);
    ++i;
  }
  run({3, 2}, 16, kTrans, kStride2, 600);
}

TEST_CASE("lapack: inv float64 and float32", "[lapack]") {
  inv_suite<double>();
  inv_suite<float>();
}

// ============================================================================ det / slogdet

// Reference determinant: Gaussian elimination with partial pivoting in long double.
long double ref_det(const Mx& a) {
  const int64_t n = a.r;
  std::vector<long double> m(a.v.begin(), a.v.end());
  long double d = 1;
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = j;
    for (int64_t i = j + 1; i < n; ++i) {
      if (std::fabs(m[static_cast<size_t>(i * n + j)]) > std::fabs(m[static_cast<size_t>(p * n + j)])) p = i;
    }
    if (p != j) {
      for (int64_t c = 0; c < n; ++c) std::swap(m[static_cast<size_t>(j * n + c)], m[static_cast<size_t>(p * n + c)]);
      d = -d;
    }
    const long double piv = m[static_cast<size_t>(j * n + j)];
    d *= piv;
    if (piv == 0) return 0;
    for (int64_t i = j + 1; i < n; ++i) {
      const long double f = m[static_cast<size_t>(i * n + j)] / piv;
      for (int64_t c = j; c < n; ++c) m[static_cast<size_t>(i * n + c)] -= f * m[static_cast<size_t>(j * n + c)];
    }
  }
  return d;
}

// The inverse by Gauss-Jordan elimination with partial pivoting in long double (a reference).
Mx ref_inv(const Mx& a) {
  const int64_t n = a.r;
  std::vector<long double> m(a.v.begin(), a.v.end()), e(static_cast<size_t>(n * n), 0.0L);
  auto M = [&](int64_t i, int64_t j) -> long double& { return m[static_cast<size_t>(i * n + j)]; };
  auto E = [&](int64_t i, int64_t j) -> long double& { return e[static_cast<size_t>(i * n + j)]; };
  for (int64_t i = 0; i < n; ++i) E(i, i) = 1;
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = j;
    for (int64_t i = j + 1; i < n; ++i) {
      if (std::fabs(M(i, j)) > std::fabs(M(p, j))) p = i;
    }
    for (int64_t c = 0; c < n; ++c) std::swap(M(j, c), M(p, c)), std::swap(E(j, c), E(p, c));
    const long double d = M(j, j);
    for (int64_t c = 0; c < n; ++c) M(j, c) /= d, E(j, c) /= d;
    for (int64_t i = 0; i < n; ++i) {
      const long double f = M(i, j);
      if (i == j || f == 0) continue;
      for (int64_t c = 0; c < n; ++c) M(i, c) -= f * M(j, c), E(i, c) -= f * E(j, c);
    }
  }
  Mx o(n, n);
  for (int64_t i = 0; i < n * n; ++i) o.v[static_cast<size_t>(i)] = static_cast<double>(e[static_cast<size_t>(i)]);
  return o;
}

// det's condition number for elementwise relative perturbations of a, over n: a relative change
// d of every element moves det by at most d * sum |a_ij (a^-1)_ji| (the derivative of det is
// det * a^-T), and that sum is at least n (it is n for a diagonal a). So det's relative error is
// at most (backward error) * n * cond_det; a well-conditioned a has cond_det near 1.
double cond_det(const Mx& a) {
  const Mx ai = ref_inv(a);
  double s = 0;
  for (int64_t i = 0; i < a.r; ++i) {
    for (int64_t j = 0; j < a.c; ++j) s += std::fabs(a(i, j) * ai(j, i));
  }
  return s / static_cast<double>(std::max<int64_t>(a.r, 1));
}

template <class T>
struct DetOut {
  double det, sign, logdet;
};

template <class T>
DetOut<T> det_of(const Mx& m, Kind kind) {
  auto A = make_arr<T>({}, 2, m.r, m.c, kind);
  A.set(0, m);
  auto D = make_arr<T>({}, 0, 1, 1, kC_);
  auto Sg = make_arr<T>({}, 0, 1, 1, kC_);
  auto L = make_arr<T>({}, 0, 1, 1, kC_);
  REQUIRE(la::det(D.op, A.op).ok());
  REQUIRE(la::slogdet(Sg.op, L.op, A.op).ok());
  return {D.data[0], Sg.data[0], L.data[0]};
}

template <class T>
void det_suite() {
  Worst w;
  const double eps = eps_of<T>();
  // Triangular: det = product of the diagonal (exactly representable small integers).
  for (int64_t n : {int64_t{1}, int64_t{3}, int64_t{7}, int64_t{16}}) {
    std::mt19937_64 g(700 + n);
    Mx m = random_mx(g, n, n);
    double expect = 1;
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < i; ++j) m(i, j) = 0;
      m(i, i) = static_cast<double>((i % 3) + 1) * (i % 2 ? -1 : 1);
      expect *= m(i, i);
    }
    const auto d = det_of<T>(m, kTrans);
    CHECK(d.det == expect);
    CHECK(d.sign == (expect > 0 ? 1.0 : -1.0));
    CHECK(std::fabs(d.logdet - std::log(std::fabs(expect))) <= 8 * eps * (1 + std::fabs(d.logdet)));
  }
  // Permutation matrices: det = the permutation's sign, exactly.
  for (int64_t n : {int64_t{2}, int64_t{3}, int64_t{7}, int64_t{16}}) {
    std::mt19937_64 g(800 + n);
    std::vector<int64_t> p(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) p[static_cast<size_t>(i)] = i;
    std::shuffle(p.begin(), p.end(), g);
    Mx m(n, n);
    for (int64_t i = 0; i < n; ++i) m(i, p[static_cast<size_t>(i)]) = 1;
    // sign by cycle count
    std::vector<bool> seen(static_cast<size_t>(n));
    int64_t cycles = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (seen[static_cast<size_t>(i)]) continue;
      ++cycles;
      for (int64_t j = i; !seen[static_cast<size_t>(j)]; j = p[static_cast<size_t>(j)]) seen[static_cast<size_t>(j)] = true;
    }
    const double sgn = (n - cycles) % 2 ? -1.0 : 1.0;
    const auto d = det_of<T>(m, kFlip);
    CHECK(d.det == sgn);
    CHECK(d.sign == sgn);
    CHECK(d.logdet == 0.0);
  }
  // 2x2 closed form.
  {
    Mx m(2, 2);
    m(0, 0) = 3;
    m(0, 1) = 7;
    m(1, 0) = -2;
    m(1, 1) = 5;
    const auto d = det_of<T>(m, kStride2);
    CHECK(std::fabs(d.det - 29.0) <= 4 * eps * 29);
    CHECK(d.sign == 1.0);
  }
  // Random: det vs long double elimination; slogdet consistent with det.
  for (int64_t n : kSizes) {
    std::mt19937_64 g(900 + n);
    Mx m = random_mx(g, n, n);
    auto A = make_arr<T>({}, 2, n, n, kC_);
    A.set(0, m);
    m = A.get(0);  // the rounded input
    const double ref = static_cast<double>(ref_det(m));
    const auto d = det_of<T>(m, kind_for(n));
    if (std::fabs(ref) > std::numeric_limits<T>::max()) {
      // |det| of a random 100 x 100 is about 1e55: float32 overflows to inf, as NumPy's.
      CHECK(d.det == (ref > 0 ? 1 : -1) * std::numeric_limits<double>::infinity());
      CHECK(std::fabs(d.logdet - std::log(std::fabs(ref))) <= 16 * eps * std::fabs(d.logdet));
    } else {
      // Relative error of det <= C n eps cond_det (the LU's backward error is a few n eps
      // elementwise: float32 input is factorised in float32). Measured up to 1.2 (float32).
      const double rel = std::fabs(d.det - ref) / std::fabs(ref);
      bound<T>(w, "det rel error / cond_det", rel / cond_det(m), n);
      CHECK(std::fabs(d.sign * std::exp(d.logdet) - d.det) <= 16 * eps * n * std::fabs(d.det));
    }
    CHECK(d.sign == (ref > 0 ? 1.0 : -1.0));
  }
  // Singular: det 0, slogdet (0, -inf); no error.
  {
    Mx m(3, 3);
    const double vals[] = {1, 2, 3, 2, 4, 6, 1, 0, 1};  // row 1 = 2 row 0: an exact zero pivot
    for (int i = 0; i < 9; ++i) m.v[static_cast<size_t>(i)] = vals[i];
    const auto d = det_of<T>(m, kC_);
    CHECK(d.det == 0.0);
    CHECK(d.sign == 0.0);
    CHECK(d.logdet == -std::numeric_limits<double>::infinity());
    Mx z(4, 4);
    const auto dz = det_of<T>(z, kTrans);
    CHECK(dz.det == 0.0);
    CHECK(dz.sign == 0.0);
  }
  // Batched [3, 2, n, n] with the transposed / stride-2 layouts.
  {
    const int64_t n = 7;
    std::mt19937_64 g(950);
    auto A = make_arr<T>({3, 2}, 2, n, n, kTrans);
    for (int64_t b = 0; b < 6; ++b) A.set(b, random_mx(g, n, n));
    auto D = make_arr<T>({3, 2}, 0, 1, 1, kStride2);
    auto Sg = make_arr<T>({3, 2}, 0, 1, 1, kC_);
    auto L = make_arr<T>({3, 2}, 0, 1, 1, kC_);
    REQUIRE(la::det(D.op, A.op).ok());
    REQUIRE(la::slogdet(Sg.op, L.op, A.op).ok());
    for (int64_t b = 0; b < 6; ++b) {
      const double ref = static_cast<double>(ref_det(A.get(b)));
      const double dd = D.at(b, 0, 0);
      INFO("batched det " << tname<T>() << " b=" << b << " det " << dd << " ref " << ref);
      CHECK(std::fabs(dd - ref) <= kC * n * eps * std::fabs(ref) * cond_det(A.get(b)));
      CHECK(std::fabs(Sg.at(b, 0, 0) * std::exp(L.at(b, 0, 0)) - dd) <= 16 * n * eps * std::fabs(dd));
    }
  }
}

// The LU family past one panel and one block of the triangular solves (n = 129, 300: panels of 32,
// the update's depth slices of 128 and column blocks), in both dtypes; a diagonally dominant
// matrix as bench/linalg.mjs's and a random one.
template <class T>
void lu_blocked_suite() {
  Worst w;
  for (int64_t n : {int64_t{129}, int64_t{300}}) {
    std::mt19937_64 g(1200 + n);
    for (int dominant = 0; dominant < 2; ++dominant) {
      Mx m = random_mx(g, n, n);
      if (dominant) {
        for (int64_t i = 0; i < n; ++i) m(i, i) += static_cast<double>(n);
      }
      const Kind ka = dominant ? kC_ : kTrans;
      auto A = make_arr<T>({}, 2, n, n, ka);
      A.set(0, m);
      const Mx a = A.get(0);
      auto B = make_arr<T>({}, 2, n, 3, kC_);
      auto X = make_arr<T>({}, 2, n, 3, kStride2);
      B.set(0, random_mx(g, n, 3));
      REQUIRE(la::solve(X.op, A.op, B.op).ok());
      bound<T>(w, "blocked solve |Ax-b|/(|A||x|)", fro(sub(mul(a, X.get(0)), B.get(0))) / (fro(a) * fro(X.get(0))), n);
      auto b1 = make_arr<T>({}, 1, n, 1, kFlip);
      auto x1 = make_arr<T>({}, 1, n, 1, kC_);
      b1.set(0, random_mx(g, n, 1));
      REQUIRE(la::solve(x1.op, A.op, b1.op).ok());
      bound<T>(w, "blocked solve vec |Ax-b|/(|A||x|)", fro(sub(mul(a, x1.get(0)), b1.get(0))) / (fro(a) * fro(x1.get(0))), n);
      auto O = make_arr<T>({}, 2, n, n, dominant ? kTrans : kC_);
      REQUIRE(la::inv(O.op, A.op).ok());
      const Mx x = O.get(0);
      bound<T>(w, "blocked inv |AX-I|/(|A||X|)", fro(sub(mul(a, x), eye(n))) / (fro(a) * fro(x)), n);
      if (dominant) {
        // |det| about n^n: beyond float32 (inf, as NumPy's); slogdet against long double.
        auto Sg = make_arr<T>({}, 0, 1, 1, kC_);
        auto Lg = make_arr<T>({}, 0, 1, 1, kC_);
        REQUIRE(la::slogdet(Sg.op, Lg.op, A.op).ok());
        long double ld = 0;
        {
          // log|det| by long double elimination (the product itself overflows double at n = 300).
          std::vector<long double> r(a.v.begin(), a.v.end());
          for (int64_t j = 0; j < n; ++j) {
            int64_t p = j;
            for (int64_t i = j + 1; i < n; ++i) {
              if (std::fabs(r[static_cast<size_t>(i * n + j)]) > std::fabs(r[static_cast<size_t>(p * n + j)])) p = i;
            }
            for (int64_t c = 0; c < n; ++c) std::swap(r[static_cast<size_t>(j * n + c)], r[static_cast<size_t>(p * n + c)]);
            const long double piv = r[static_cast<size_t>(j * n + j)];
            ld += std::log(std::fabs(piv));
            for (int64_t i = j + 1; i < n; ++i) {
              const long double f = r[static_cast<size_t>(i * n + j)] / piv;
              for (int64_t c = j; c < n; ++c) r[static_cast<size_t>(i * n + c)] -= f * r[static_cast<size_t>(j * n + c)];
            }
          }
        }
        CHECK(Sg.data[0] == 1.0);
        bound<T>(w, "blocked slogdet |log - ref|/|ref|", std::fabs(Lg.data[0] - static_cast<double>(ld)) / static_cast<double>(ld), n);
      } else {
        const double ref = static_cast<double>(ref_det(a));
        auto D = make_arr<T>({}, 0, 1, 1, kC_);
        REQUIRE(la::det(D.op, A.op).ok());
        if (std::fabs(ref) < static_cast<double>(std::numeric_limits<T>::max())) {
          bound<T>(w, "blocked det rel error / cond_det", std::fabs(D.data[0] - ref) / std::fabs(ref) / cond_det(a), n);
        } else {
          CHECK(std::isinf(D.data[0]));
        }
      }
    }
  }
}

TEST_CASE("lapack: solve, inv, det and slogdet past one block (n = 129, 300)", "[lapack]") {
  lu_blocked_suite<double>();
  lu_blocked_suite<float>();
}

TEST_CASE("lapack: det and slogdet (triangular, permutation, 2x2, random, singular, batched)",
          "[lapack]") {
  det_suite<double>();
  det_suite<float>();
}

// ================================================================================ cholesky

template <class T>
void cholesky_suite() {
  Worst w;
  auto run = [&](const Dims& batch, int64_t n, Kind ka, Kind kl, uint64_t seed) {
    std::mt19937_64 g(seed);
    auto A = make_arr<T>(batch, 2, n, n, ka);
    auto L = make_arr<T>(batch, 2, n, n, kl);
    for (int64_t b = 0; b < A.nbatch(); ++b) {
      const Mx m = random_mx(g, n, n);
      Mx spd = mul(m, tr(m));
      for (int64_t i = 0; i < n; ++i) spd(i, i) += 1.0;
      // The upper triangle is ignored: fill it with garbage.
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = i + 1; j < n; ++j) spd(i, j) = 1e3;
      }
      A.set(b, spd);
    }
    REQUIRE(la::cholesky(L.op, A.op).ok());
    for (int64_t b = 0; b < A.nbatch(); ++b) {
      Mx a = A.get(b);
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = i + 1; j < n; ++j) a(i, j) = a(j, i);
      }
      const Mx l = L.get(b);
      CHECK(upper_zero(tr(l)));
      for (int64_t i = 0; i < n; ++i) CHECK(l(i, i) > 0);
      bound<T>(w, "cholesky |LL^T-A|/|A|", fro(sub(mul(l, tr(l)), a)) / fro(a), n);
    }
  };
  int64_t i = 0;
  for (int64_t n : kSizes) {
    run({}, n, kind_for(i), kind_for(i + 3), 1000 + n);
    ++i;
  }
  run({3, 2}, 16, kTrans, kStride2, 1100);
  run({3, 2}, 7, kStride2, kFlip, 1101);
}

TEST_CASE("lapack: cholesky float64 and float32", "[lapack]") {
  cholesky_suite<double>();
  cholesky_suite<float>();
}

// ====================================================================================== qr

template <class T>
void check_qr(Worst& w, const Dims& batch, int64_t m, int64_t n, la::QrMode mode, Kind ka,
              Kind kq, uint64_t seed, const Mx* fixed = nullptr) {
  std::mt19937_64 g(seed);
  const int64_t k = std::min(m, n);
  const int64_t qc = mode == la::QrMode::complete ? m : k;
  const int64_t rr = mode == la::QrMode::complete ? m : k;
  auto A = make_arr<T>(batch, 2, m, n, ka);
  auto Q = make_arr<T>(batch, 2, m, qc, kq);
  auto R = make_arr<T>(batch, 2, rr, n, kC_);
  for (int64_t b = 0; b < A.nbatch(); ++b) A.set(b, fixed ? *fixed : random_mx(g, m, n));
  const bool wantq = mode != la::QrMode::r;
  REQUIRE(la::qr(mode, wantq ? &Q.op : nullptr, R.op, A.op).ok());
  const int64_t big = std::max(m, n);
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    const Mx a = A.get(b), r = R.get(b);
    CHECK(upper_zero(r));
    if (!wantq) continue;
    const Mx q = Q.get(b);
    const double an = fro(a) > 0 ? fro(a) : 1;
    bound<T>(w, "qr |QR-A|/|A|", fro(sub(mul(q, r), a)) / an, big);
    bound<T>(w, "qr |Q^TQ-I|", fro(sub(mul(tr(q), q), eye(qc))), big);
  }
}

template <class T>
void qr_suite() {
  Worst w;
  int64_t i = 0;
  for (int64_t n : kSizes) {
    check_qr<T>(w, {}, n, n, la::QrMode::reduced, kind_for(i), kind_for(i + 1), 1200 + n);
    check_qr<T>(w, {}, n + 3, n, la::QrMode::complete, kind_for(i + 1), kind_for(i + 2), 1300 + n);
    check_qr<T>(w, {}, n, 2 * n + 1, la::QrMode::reduced, kind_for(i + 2), kind_for(i + 3), 1400 + n);
    check_qr<T>(w, {}, 2 * n, n, la::QrMode::r, kind_for(i + 3), kC_, 1500 + n);
    ++i;
  }
  check_qr<T>(w, {3, 2}, 16, 16, la::QrMode::reduced, kTrans, kStride2, 1600);
  check_qr<T>(w, {3, 2}, 9, 5, la::QrMode::complete, kStride2, kTrans, 1601);
  // mode r gives the R of mode reduced, bit for bit.
  {
    std::mt19937_64 g(1700);
    auto A = make_arr<T>({}, 2, 9, 6, kC_);
    A.set(0, random_mx(g, 9, 6));
    auto Q = make_arr<T>({}, 2, 9, 6, kC_);
    auto R1 = make_arr<T>({}, 2, 6, 6, kC_);
    auto R2 = make_arr<T>({}, 2, 6, 6, kTrans);
    REQUIRE(la::qr(la::QrMode::reduced, &Q.op, R1.op, A.op).ok());
    REQUIRE(la::qr(la::QrMode::r, nullptr, R2.op, A.op).ok());
    CHECK(R1.get(0).v == R2.get(0).v);
  }
  // LAPACK's signs: [[3], [4]] -> R = [[-5]], Q = [[-0.6], [-0.8]]; the identity stays I (tau 0).
  {
    Mx a(2, 1);
    a(0, 0) = 3;
    a(1, 0) = 4;
    auto A = make_arr<T>({}, 2, 2, 1, kC_);
    A.set(0, a);
    auto Q = make_arr<T>({}, 2, 2, 1, kC_);
    auto R = make_arr<T>({}, 2, 1, 1, kC_);
    REQUIRE(la::qr(la::QrMode::reduced, &Q.op, R.op, A.op).ok());
    CHECK(std::fabs(R.get(0)(0, 0) + 5) <= 4 * eps_of<T>() * 5);
    CHECK(std::fabs(Q.get(0)(0, 0) + 0.6) <= 4 * eps_of<T>());
    auto I = make_arr<T>({}, 2, 3, 3, kC_);
    I.set(0, eye(3));
    auto Q3 = make_arr<T>({}, 2, 3, 3, kC_);
    auto R3 = make_arr<T>({}, 2, 3, 3, kC_);
    REQUIRE(la::qr(la::QrMode::complete, &Q3.op, R3.op, I.op).ok());
    CHECK(Q3.get(0).v == eye(3).v);
    CHECK(R3.get(0).v == eye(3).v);
  }
}

TEST_CASE("lapack: qr reduced, complete and r modes", "[lapack]") {
  qr_suite<double>();
  qr_suite<float>();
}

// ==================================================================================== eigh

template <class T>
void check_eigh(Worst& w, const Dims& batch, int64_t n, bool lower, Kind ka, Kind kv,
                uint64_t seed, const Mx* fixed = nullptr) {
  std::mt19937_64 g(seed);
  auto A = make_arr<T>(batch, 2, n, n, ka);
  auto W = make_arr<T>(batch, 1, n, 1, kind_for(seed));
  auto W2 = make_arr<T>(batch, 1, n, 1, kC_);
  auto V = make_arr<T>(batch, 2, n, n, kv);
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    Mx m = fixed ? *fixed : random_mx(g, n, n);
    // Garbage in the ignored triangle.
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        if (lower ? j > i : j < i) m(i, j) = 77.0;
      }
    }
    A.set(b, m);
  }
  REQUIRE(la::eigh(W.op, &V.op, A.op, lower).ok());
  REQUIRE(la::eigh(W2.op, nullptr, A.op, lower).ok());
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    Mx a = A.get(b);
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        if (lower ? j > i : j < i) a(i, j) = a(j, i);
      }
    }
    const Mx v = V.get(b), wv = W.get(b);
    CHECK(wv.v == W2.get(b).v);  // eigvalsh == eigh's w, bit for bit
    for (int64_t i = 0; i + 1 < n; ++i) CHECK(wv(i, 0) <= wv(i + 1, 0));
    Mx vd = v;
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) vd(i, j) *= wv(j, 0);
    }
    const double an = fro(a) > 0 ? fro(a) : 1;
    bound<T>(w, "eigh |AV-VW|/|A|", fro(sub(mul(a, v), vd)) / an, n);
    bound<T>(w, "eigh |V^TV-I|", fro(sub(mul(tr(v), v), eye(n))), n);
  }
}

template <class T>
void eigh_suite() {
  Worst w;
  int64_t i = 0;
  for (int64_t n : kSizes) {
    check_eigh<T>(w, {}, n, i % 2 == 0, kind_for(i), kind_for(i + 1), 1800 + n);
    ++i;
  }
  check_eigh<T>(w, {3, 2}, 16, true, kTrans, kStride2, 1900);
  check_eigh<T>(w, {3, 2}, 7, false, kStride2, kFlip, 1901);
  // Known spectra: a diagonal matrix (unsorted), repeated eigenvalues (the identity), zero.
  {
    Mx d(5, 5);
    const double dv[] = {3, -1, 2, 2, -7};
    for (int64_t j = 0; j < 5; ++j) d(j, j) = dv[j];
    auto A = make_arr<T>({}, 2, 5, 5, kC_);
    A.set(0, d);
    auto W = make_arr<T>({}, 1, 5, 1, kC_);
    REQUIRE(la::eigh(W.op, nullptr, A.op, true).ok());
    const std::vector<double> expect = {-7, -1, 2, 2, 3};
    CHECK(W.get(0).v == expect);
    const Mx id = eye(12), zero(12, 12);
    check_eigh<T>(w, {}, 12, true, kC_, kC_, 1902, &id);
    check_eigh<T>(w, {}, 12, true, kC_, kC_, 1903, &zero);
    // 2x2 closed form: [[2, 1], [1, 2]] -> 1, 3.
    Mx t(2, 2);
    t(0, 0) = 2;
    t(1, 0) = 1;
    t(1, 1) = 2;
    auto A2 = make_arr<T>({}, 2, 2, 2, kC_);
    A2.set(0, t);
    auto W2 = make_arr<T>({}, 1, 2, 1, kC_);
    REQUIRE(la::eigh(W2.op, nullptr, A2.op, true).ok());
    CHECK(std::fabs(W2.get(0)(0, 0) - 1) <= 4 * eps_of<T>());
    CHECK(std::fabs(W2.get(0)(1, 0) - 3) <= 4 * eps_of<T>() * 3);
  }
}

TEST_CASE("lapack: eigh and eigvalsh", "[lapack]") {
  eigh_suite<double>();
  eigh_suite<float>();
}

// ===================================================================================== svd

template <class T>
void check_svd(Worst& w, const Dims& batch, int64_t m, int64_t n, bool full, Kind ka, Kind ku,
               uint64_t seed, const Mx* fixed = nullptr, int64_t expect_rank = -1) {
  std::mt19937_64 g(seed);
  const int64_t k = std::min(m, n);
  const int64_t uc = full ? m : k, vr = full ? n : k;
  auto A = make_arr<T>(batch, 2, m, n, ka);
  auto Sv = make_arr<T>(batch, 1, k, 1, kind_for(seed));
  auto S2 = make_arr<T>(batch, 1, k, 1, kC_);
  auto U = make_arr<T>(batch, 2, m, uc, ku);
  auto Vh = make_arr<T>(batch, 2, vr, n, kind_for(seed + 1));
  for (int64_t b = 0; b < A.nbatch(); ++b) A.set(b, fixed ? *fixed : random_mx(g, m, n));
  REQUIRE(la::svd(Sv.op, &U.op, &Vh.op, A.op, full).ok());
  REQUIRE(la::svd(S2.op, nullptr, nullptr, A.op, false).ok());
  const int64_t big = std::max(m, n);
  for (int64_t b = 0; b < A.nbatch(); ++b) {
    const Mx a = A.get(b), u = U.get(b), vh = Vh.get(b), s = Sv.get(b);
    // compute_uv=False (bidiagonalisation and QL) agrees with the Jacobi values normwise
    const Mx s2 = S2.get(b);
    for (int64_t i = 0; i < k; ++i) {
      CHECK(std::fabs(s2(i, 0) - s(i, 0)) <= 8 * static_cast<double>(big) * eps_of<T>() * std::max(s(0, 0), 1e-300));
    }
    for (int64_t i = 0; i + 1 < k; ++i) CHECK(s2(i, 0) >= s2(i + 1, 0));
    for (int64_t i = 0; i < k; ++i) CHECK(s(i, 0) >= 0);
    for (int64_t i = 0; i + 1 < k; ++i) CHECK(s(i, 0) >= s(i + 1, 0));
    Mx us(m, vr);
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < k; ++j) us(i, j) = u(i, j) * s(j, 0);
    }
    const double an = fro(a) > 0 ? fro(a) : 1;
    bound<T>(w, "svd |USV^T-A|/|A|", fro(sub(mul(us, vh), a)) / an, big);
    bound<T>(w, "svd |U^TU-I|", fro(sub(mul(tr(u), u), eye(uc))), big, kCJacobi);
    bound<T>(w, "svd |VV^T-I|", fro(sub(mul(vh, tr(vh)), eye(vr))), big, kCJacobi);
    if (expect_rank >= 0) {
      int64_t r = 0;
      for (int64_t i = 0; i < k; ++i) r += s(i, 0) > s(0, 0) * 1e3 * eps_of<T>() * big;
      CHECK(r == expect_rank);
    }
  }
}

template <class T>
void svd_suite() {
  Worst w;
  int64_t i = 0;
  for (int64_t n : kSizes) {
    check_svd<T>(w, {}, n, n, i % 2 == 0, kind_for(i), kind_for(i + 1), 2000 + n);
    if (n <= 64) {
      check_svd<T>(w, {}, n + 5, n, true, kind_for(i + 1), kind_for(i + 2), 2100 + n);
      check_svd<T>(w, {}, n, n + 4, i % 2 == 1, kind_for(i + 2), kind_for(i + 3), 2200 + n);
    }
    ++i;
  }
  check_svd<T>(w, {3, 2}, 7, 7, true, kTrans, kStride2, 2300);
  check_svd<T>(w, {3, 2}, 6, 9, false, kStride2, kFlip, 2301);
  // Rank-deficient products (r significant singular values), zero and Hilbert matrices.
  for (auto [m, n, r] : {std::tuple<int64_t, int64_t, int64_t>{10, 10, 3}, {20, 12, 5},
                         {8, 30, 2}, {33, 33, 1}}) {
    std::mt19937_64 g(2400 + m);
    const Mx p = mul(random_mx(g, m, r), random_mx(g, r, n));
    check_svd<T>(w, {}, m, n, true, kC_, kC_, 2400, &p, r);
  }
  const Mx z(6, 4);
  check_svd<T>(w, {}, 6, 4, true, kC_, kC_, 2500, &z);
  for (int64_t n : {int64_t{4}, int64_t{8}, int64_t{12}}) {
    const Mx h = hilbert(n);
    check_svd<T>(w, {}, n, n, false, kTrans, kC_, 2600 + n, &h);
  }
}

TEST_CASE("lapack: svd (full / reduced, compute_uv, rank-deficient, Hilbert)", "[lapack]") {
  svd_suite<double>();
  svd_suite<float>();
}

// ======================================================================= lstsq / pinv / rank

// Solves the small dense system M y = c (Gaussian elimination, long double): the test's reference.
Mx ref_solve(const Mx& m, const Mx& c) {
  const int64_t n = m.r;
  std::vector<long double> a(m.v.begin(), m.v.end()), b(c.v.begin(), c.v.end());
  const int64_t k = c.c;
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = j;
    for (int64_t i = j + 1; i < n; ++i) {
      if (std::fabs(a[static_cast<size_t>(i * n + j)]) > std::fabs(a[static_cast<size_t>(p * n + j)])) p = i;
    }
    for (int64_t q = 0; q < n; ++q) std::swap(a[static_cast<size_t>(j * n + q)], a[static_cast<size_t>(p * n + q)]);
    for (int64_t q = 0; q < k; ++q) std::swap(b[static_cast<size_t>(j * k + q)], b[static_cast<size_t>(p * k + q)]);
    for (int64_t i = j + 1; i < n; ++i) {
      const long double f = a[static_cast<size_t>(i * n + j)] / a[static_cast<size_t>(j * n + j)];
      for (int64_t q = j; q < n; ++q) a[static_cast<size_t>(i * n + q)] -= f * a[static_cast<size_t>(j * n + q)];
      for (int64_t q = 0; q < k; ++q) b[static_cast<size_t>(i * k + q)] -= f * b[static_cast<size_t>(j * k + q)];
    }
  }
  Mx y(n, k);
  for (int64_t q = 0; q < k; ++q) {
    for (int64_t i = n - 1; i >= 0; --i) {
      long double s = b[static_cast<size_t>(i * k + q)];
      for (int64_t j = i + 1; j < n; ++j) s -= a[static_cast<size_t>(i * n + j)] * y(j, q);
      y(i, q) = static_cast<double>(s / a[static_cast<size_t>(i * n + i)]);
    }
  }
  return y;
}

template <class T>
void lstsq_suite() {
  Worst w;
  const double eps = eps_of<T>();
  // Overdetermined (normal equations) and underdetermined (minimum norm), well conditioned.
  for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{12, 5, 2}, {40, 16, 3},
                         {5, 12, 2}, {16, 40, 1}, {9, 9, 2}}) {
    std::mt19937_64 g(3000 + m * 7 + n);
    auto A = make_arr<T>({2}, 2, m, n, kTrans);
    auto B = make_arr<T>({2}, 2, m, k, kStride2);
    auto X = make_arr<T>({2}, 2, n, k, kFlip);
    auto Res = make_arr<T>({2}, 1, k, 1, kC_);
    auto Rk = make_arr<T, int64_t>({2}, 0, 1, 1, kC_);
    auto Sv = make_arr<T>({2}, 1, std::min(m, n), 1, kC_);
    for (int64_t b = 0; b < 2; ++b) {
      Mx a = random_mx(g, m, n);
      for (int64_t i = 0; i < std::min(m, n); ++i) a(i, i) += 3.0;  // well conditioned
      A.set(b, a);
      B.set(b, random_mx(g, m, k));
    }
    REQUIRE(la::lstsq(X.op, &Res.op, Rk.op, Sv.op, A.op, B.op, -1.0).ok());
    for (int64_t b = 0; b < 2; ++b) {
      const Mx a = A.get(b), bb = B.get(b), x = X.get(b);
      CHECK(Rk.at(b, 0, 0) == std::min(m, n));
      Mx ref;
      if (m >= n) {
        ref = ref_solve(mul(tr(a), a), mul(tr(a), bb));
      } else {
        ref = mul(tr(a), ref_solve(mul(a, tr(a)), bb));
      }
      // Well conditioned (cond < ~10): forward error of order eps.
      bound<T>(w, "lstsq |x-xref|/|xref|", fro(sub(x, ref)) / fro(ref), std::max(m, n));
      const Mx r = sub(bb, mul(a, x));
      for (int64_t c = 0; c < k; ++c) {
        double ss = 0;
        for (int64_t i = 0; i < m; ++i) ss += r(i, c) * r(i, c);
        const double got = Res.at(b, c, 0);
        if (m > n) {
          CHECK(std::fabs(got - ss) <= 64 * eps * std::max(m, n) * (ss + fro(bb) * fro(bb) * eps));
        } else {
          CHECK(got == 0.0);
        }
      }
    }
  }
  // Vector b, rank-deficient a: the minimum-norm solution = pinv(a) b, rank counted.
  {
    std::mt19937_64 g(3100);
    const int64_t m = 10, n = 6;
    const Mx a = mul(random_mx(g, m, 3), random_mx(g, 3, n));
    auto A = make_arr<T>({}, 2, m, n, kC_);
    A.set(0, a);
    auto B = make_arr<T>({}, 1, m, 1, kFlip);
    B.set(0, random_mx(g, m, 1));
    auto X = make_arr<T>({}, 1, n, 1, kStride2);
    auto Res = make_arr<T>({}, 0, 1, 1, kC_);
    auto Rk = make_arr<T, int64_t>({}, 0, 1, 1, kC_);
    auto Sv = make_arr<T>({}, 1, n, 1, kC_);
    REQUIRE(la::lstsq(X.op, &Res.op, Rk.op, Sv.op, A.op, B.op, -1.0).ok());
    CHECK(Rk.data[0] == 3);
    CHECK(Res.data[0] == 0.0);  // rank < n: NumPy returns no residuals
    // x is orthogonal to a's null space: x = a^T y for some y, i.e. (I - pinv(a) a) x = 0; and
    // a^T (a x - b) = 0.
    const Mx x = X.get(0), aa = A.get(0);
    const Mx gr = mul(tr(aa), sub(mul(aa, x), B.get(0)));
    CHECK(fro(gr) <= 1e3 * eps * fro(aa) * fro(aa) * (fro(x) + 1));
    auto P = make_arr<T>({}, 2, n, m, kC_);
    REQUIRE(la::pinv(P.op, A.op, 1e3 * eps).ok());
    const Mx px = mul(mul(P.get(0), aa), x);
    CHECK(fro(sub(px, x)) <= 1e3 * eps * (fro(x) + 1));
  }
  // matrix_rank on rank-deficient products, float32 and float64 defaults.
  for (auto [m, n, r] : {std::tuple<int64_t, int64_t, int64_t>{8, 8, 3}, {12, 7, 7}, {5, 9, 4},
                         {16, 16, 1}, {6, 6, 0}}) {
    std::mt19937_64 g(3200 + m + n);
    const Mx a = r > 0 ? mul(random_mx(g, m, r), random_mx(g, r, n)) : Mx(m, n);
    auto A = make_arr<T>({3}, 2, m, n, kTrans);
    for (int64_t b = 0; b < 3; ++b) A.set(b, a);
    auto Rk = make_arr<T, int64_t>({3}, 0, 1, 1, kStride2);
    REQUIRE(la::matrix_rank(Rk.op, A.op, -1.0).ok());
    for (int64_t b = 0; b < 3; ++b) CHECK(Rk.at(b, 0, 0) == r);
    REQUIRE(la::matrix_rank(Rk.op, A.op, 1e300).ok());
    CHECK(Rk.at(0, 0, 0) == 0);
  }
  // pinv: the Penrose conditions on full-rank and rank-deficient matrices.
  for (auto [m, n, r] : {std::tuple<int64_t, int64_t, int64_t>{7, 7, 7}, {12, 5, 5}, {5, 12, 5},
                         {10, 8, 3}, {33, 20, 20}}) {
    std::mt19937_64 g(3300 + m + n);
    const Mx a = mul(random_mx(g, m, r), random_mx(g, r, n));
    auto A = make_arr<T>({2}, 2, m, n, kStride2);
    for (int64_t b = 0; b < 2; ++b) A.set(b, a);
    auto P = make_arr<T>({2}, 2, n, m, kTrans);
    // rcond above the rounding noise of the product (its zero singular values come out at about
    // eps * |A|): 100 * max(m, n) * eps of the dtype.
    REQUIRE(la::pinv(P.op, A.op, 100.0 * static_cast<double>(std::max(m, n)) * eps_of<T>()).ok());
    for (int64_t b = 0; b < 2; ++b) {
      const Mx aa = A.get(b), p = P.get(b);
      const Mx apa = mul(mul(aa, p), aa), pap = mul(mul(p, aa), p);
      const int64_t big = std::max(m, n);
      // cond(a) of these products is modest (< 1e3); bounds relative to |A| |P| |A|.
      bound<T>(w, "pinv |APA-A|/(|A||P||A|)", fro(sub(apa, aa)) / (fro(aa) * fro(p) * fro(aa)), big);
      bound<T>(w, "pinv |PAP-P|/(|P||A||P|)", fro(sub(pap, p)) / (fro(p) * fro(aa) * fro(p)), big);
      const Mx ap = mul(aa, p);
      bound<T>(w, "pinv |AP-(AP)^T|/(|A||P|)", fro(sub(ap, tr(ap))) / (fro(aa) * fro(p)), big);
    }
  }
}

TEST_CASE("lapack: lstsq, pinv and matrix_rank", "[lapack]") {
  lstsq_suite<double>();
  lstsq_suite<float>();
}

// ================================================================================== errors

template <class T>
void errors_suite() {
  // Singular: solve and inv fail with the NumPy message; det does not.
  Mx sing(3, 3);
  const double vals[] = {1, 2, 3, 2, 4, 6, 1, 0, 1};
  for (int i = 0; i < 9; ++i) sing.v[static_cast<size_t>(i)] = vals[i];
  auto A = make_arr<T>({2}, 2, 3, 3, kC_);
  A.set(0, eye(3));
  A.set(1, sing);
  auto B = make_arr<T>({2}, 1, 3, 1, kC_);
  B.set(0, Mx(3, 1));
  B.set(1, Mx(3, 1));
  auto X = make_arr<T>({2}, 1, 3, 1, kC_);
  auto st = la::solve(X.op, A.op, B.op);
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::linalg_error);
  CHECK(st.error().message.rfind("linalg: singular matrix", 0) == 0);
  CHECK(st.error().message.find("matrix 1 of the batch") != std::string::npos);
  auto O = make_arr<T>({2}, 2, 3, 3, kC_);
  st = la::inv(O.op, A.op);
  REQUIRE(!st.ok());
  CHECK(st.error().message.rfind("linalg: singular matrix", 0) == 0);
  // Indefinite: cholesky.
  Mx ind = eye(3);
  ind(1, 1) = -1;
  A.set(1, ind);
  st = la::cholesky(O.op, A.op);
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::linalg_error);
  CHECK(st.error().message.rfind("linalg: matrix is not positive definite", 0) == 0);
  // Non-square where square is needed.
  auto R = make_arr<T>({}, 2, 3, 4, kC_);
  auto D = make_arr<T>({}, 0, 1, 1, kC_);
  auto Sq = make_arr<T>({}, 2, 3, 3, kC_);
  for (int which = 0; which < 5; ++which) {
    Status s2 = which == 0   ? la::det(D.op, R.op)
                : which == 1 ? la::inv(Sq.op, R.op)
                : which == 2 ? la::cholesky(Sq.op, R.op)
                : which == 3 ? la::eigh(B.op, nullptr, R.op, true)
                             : la::slogdet(D.op, D.op, R.op);
    REQUIRE(!s2.ok());
    CHECK(s2.error().code == Code::linalg_error);
    CHECK(s2.error().message.rfind("linalg: last 2 dimensions of the array must be square, got [3,4]", 0) == 0);
  }
  // Rank < 2.
  auto V = make_arr<T>({}, 1, 3, 1, kC_);
  st = la::det(D.op, V.op);
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::linalg_error);
  // Shape mismatches between a and b / outputs, and batch dims.
  auto B4 = make_arr<T>({2}, 1, 4, 1, kC_);
  st = la::solve(X.op, A.op, B4.op);
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::shape_mismatch);
  CHECK(st.error().message.find("b has shape [2,4]") != std::string::npos);
  auto B3 = make_arr<T>({3}, 1, 3, 1, kC_);
  CHECK(la::solve(X.op, A.op, B3.op).error().code == Code::shape_mismatch);
  auto Qbad = make_arr<T>({}, 2, 3, 4, kC_);
  auto Rr = make_arr<T>({}, 2, 3, 4, kC_);
  CHECK(la::qr(la::QrMode::reduced, &Qbad.op, Rr.op, R.op).error().code == Code::shape_mismatch);
  CHECK(la::qr(la::QrMode::r, &Qbad.op, Rr.op, R.op).error().code == Code::invalid_argument);
  // dtypes: integer a, mixed output dtype.
  std::vector<int32_t> iv(9, 1);
  Operand ai;
  ai.base = iv.data();
  ai.dtype = DType::int32;
  ai.layout = Layout({3, 3}, {3, 1});
  CHECK(la::det(D.op, ai).error().code == Code::type_error);
  auto Dother = make_arr<std::conditional_t<std::is_same_v<T, float>, double, float>>({}, 0, 1, 1, kC_);
  CHECK(la::det(Dother.op, Sq.op).error().code == Code::type_error);
  // A masked output is refused.
  auto Om = make_arr<T>({}, 2, 3, 3, kC_);
  Om.op.layout = Layout({3, 3}, {3, 1}, 0, LayoutMask{{0, 2}, {0, 3}});
  Sq.set(0, eye(3));
  CHECK(la::inv(Om.op, Sq.op).error().code == Code::read_only);
}

TEST_CASE("lapack: errors (singular, indefinite, non-square, rank, shapes, dtypes)", "[lapack]") {
  errors_suite<double>();
  errors_suite<float>();
}

// =============================================================== masks, overlap, NaN, empty

TEST_CASE("lapack: masked input, in-place output, NaN input and empty matrices", "[lapack]") {
  // Masked input: masked-out elements read 0 (a padded 4x4 with a valid 3x3 block, row 3 / col 3
  // padding = 0 -> singular; the inverse of the padded-with-identity-like block).
  {
    std::vector<double> buf(16, 5.0);
    Operand a;
    a.base = buf.data();
    a.dtype = DType::float64;
    a.layout = Layout({3, 3}, {4, 1}, 0, LayoutMask{{0, 2}, {0, 3}});  // row 2 masked -> zeros
    std::vector<double> d(1);
    Operand dop;
    dop.base = d.data();
    dop.dtype = DType::float64;
    dop.layout = Layout({}, {});
    REQUIRE(la::det(dop, a).ok());
    CHECK(d[0] == 0.0);
  }
  // Output aliasing the input (in place): inv(a) into a.
  {
    std::vector<double> buf = {4, 7, 2, 6};
    Operand a;
    a.base = buf.data();
    a.dtype = DType::float64;
    a.layout = Layout({2, 2}, {2, 1});
    Operand at = a;
    at.layout = Layout({2, 2}, {1, 2});  // written transposed over the same memory
    REQUIRE(la::inv(at, a).ok());
    // inv([[4,7],[2,6]]) = [[0.6,-0.7],[-0.2,0.4]], stored transposed.
    CHECK(std::fabs(buf[0] - 0.6) < 1e-15);
    CHECK(std::fabs(buf[1] + 0.2) < 1e-15);
    CHECK(std::fabs(buf[2] + 0.7) < 1e-15);
    CHECK(std::fabs(buf[3] - 0.4) < 1e-15);
  }
  // NaN / inf input never crashes.
  {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (double bad : {nan, inf}) {
      Mx m = eye(4);
      m(2, 1) = bad;
      m(1, 2) = bad;
      auto A = make_arr<double>({}, 2, 4, 4, kC_);
      A.set(0, m);
      auto O = make_arr<double>({}, 2, 4, 4, kC_);
      auto W = make_arr<double>({}, 1, 4, 1, kC_);
      auto D = make_arr<double>({}, 0, 1, 1, kC_);
      auto D2 = make_arr<double>({}, 0, 1, 1, kC_);
      auto Rk = make_arr<double, int64_t>({}, 0, 1, 1, kC_);
      (void)la::inv(O.op, A.op);
      (void)la::det(D.op, A.op);
      (void)la::slogdet(D.op, D2.op, A.op);
      (void)la::qr(la::QrMode::complete, &O.op, O.op, A.op);
      CHECK(!la::cholesky(O.op, A.op).ok());
      REQUIRE(la::eigh(W.op, &O.op, A.op, true).ok());
      CHECK(std::isnan(W.data[0]));
      REQUIRE(la::svd(W.op, &O.op, &O.op, A.op, true).ok());
      CHECK(std::isnan(O.data[0]));
      REQUIRE(la::pinv(O.op, A.op, 1e-15).ok());
      REQUIRE(la::matrix_rank(Rk.op, A.op, -1).ok());
      CHECK(Rk.data[0] == 0);
    }
  }
  // Empty: n = 0 (det 1, slogdet (1, 0)); an empty batch; svd of 3 x 0 (u = I with full).
  {
    std::vector<double> none(1);
    Operand a;
    a.base = none.data();
    a.dtype = DType::float64;
    a.layout = Layout({0, 0}, {0, 0});
    std::vector<double> d(2, 9.0);
    Operand dop;
    dop.base = d.data();
    dop.dtype = DType::float64;
    dop.layout = Layout({}, {});
    Operand lop = dop;
    lop.base = d.data() + 1;
    REQUIRE(la::det(dop, a).ok());
    CHECK(d[0] == 1.0);
    REQUIRE(la::slogdet(dop, lop, a).ok());
    CHECK(d[0] == 1.0);
    CHECK(d[1] == 0.0);
    Operand eb = a;
    eb.layout = Layout({0, 3, 3}, {9, 3, 1});
    Operand eo = eb;
    REQUIRE(la::inv(eo, eb).ok());
    Operand a30 = a;
    a30.layout = Layout({3, 0}, {0, 1});
    std::vector<double> u(9, 7.0), vh(1), s(1);
    Operand uo, vo, so;
    uo.dtype = vo.dtype = so.dtype = DType::float64;
    uo.base = u.data();
    uo.layout = Layout({3, 3}, {3, 1});
    vo.base = vh.data();
    vo.layout = Layout({0, 0}, {0, 0});
    so.base = s.data();
    so.layout = Layout({0}, {0});
    REQUIRE(la::svd(so, &uo, &vo, a30, true).ok());
    CHECK(u == eye(3).v);
  }
}

// =================================================================================== threads

TEST_CASE("lapack: batched results are identical at 1 and 4 threads", "[lapack]") {
  const int64_t n = 16;
  const Dims batch = {4, 6};
  std::mt19937_64 g(4000);
  auto A = make_arr<double>(batch, 2, n, n, kTrans);
  for (int64_t b = 0; b < 24; ++b) {
    const Mx m = random_mx(g, n, n);
    Mx spd = mul(m, tr(m));
    for (int64_t i = 0; i < n; ++i) spd(i, i) += 1;
    A.set(b, spd);
  }
  auto runall = [&](int threads) {
    ThreadsScope scope(threads);
    std::vector<std::vector<double>> out;
    auto O = make_arr<double>(batch, 2, n, n, kStride2);
    auto O2 = make_arr<double>(batch, 2, n, n, kC_);
    auto W = make_arr<double>(batch, 1, n, 1, kC_);
    auto B = make_arr<double>(batch, 2, n, 3, kC_);
    for (int64_t b = 0; b < 24; ++b) B.set(b, A.get(b));  // first 3 columns
    auto X = make_arr<double>(batch, 2, n, 3, kFlip);
    REQUIRE(la::solve(X.op, A.op, B.op).ok());
    out.push_back(X.data);
    REQUIRE(la::inv(O.op, A.op).ok());
    out.push_back(O.data);
    REQUIRE(la::cholesky(O.op, A.op).ok());
    out.push_back(O.data);
    REQUIRE(la::qr(la::QrMode::reduced, &O.op, O2.op, A.op).ok());
    out.push_back(O.data);
    out.push_back(O2.data);
    REQUIRE(la::eigh(W.op, &O.op, A.op, true).ok());
    out.push_back(W.data);
    out.push_back(O.data);
    REQUIRE(la::svd(W.op, &O.op, &O2.op, A.op, true).ok());
    out.push_back(W.data);
    out.push_back(O.data);
    out.push_back(O2.data);
    return out;
  };
  const auto one = runall(1);
  const auto four = runall(4);
  REQUIRE(one.size() == four.size());
  for (size_t i = 0; i < one.size(); ++i) {
    INFO("output " << i);
    // Byte comparison (NaN-filled gaps compare by bits too).
    CHECK(std::memcmp(one[i].data(), four[i].data(), one[i].size() * sizeof(double)) == 0);
  }
}

}  // namespace
