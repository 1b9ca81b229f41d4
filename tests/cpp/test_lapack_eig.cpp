// kernels::lapack::eig (the general eigenproblem): residuals |A V - V diag(w)| / (|A| |V|) and the
// eigenvalues' sums and products (trace, det by LU in long double) on random matrices of sizes 0 to
// 120, matrices with complex pairs, repeated and defective eigenvalues, badly scaled, triangular,
// companion matrices with known roots, huge and tiny entries; strided and batched operands; float32;
// geev's normalisation; NaN input; eigvals equal to eig's values bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "kernels/lapack.hpp"

using namespace sv;
using namespace sv::kernels;
namespace la = sv::kernels::lapack;
using cd = std::complex<double>;

namespace {

Layout make_layout(std::vector<int64_t> shape, std::vector<int64_t> strides = {}, int64_t offset = 0) {
  Layout l;
  l.shape.assign(shape.data(), shape.size());
  l.offset = offset;
  if (!strides.empty()) l.strides.assign(strides.data(), strides.size());
  REQUIRE(layout::create(l, !strides.empty()).ok());
  return l;
}

struct EigOut {
  std::vector<cd> w;   // n per matrix
  std::vector<cd> v;   // n x n row-major per matrix
};

// Runs eig on `a` (row-major n x n matrices, `batch` of them) stored as dtype dt, read through a
// transposed layout when `transposed` (the data then holds each matrix transposed).
EigOut run_eig(const std::vector<double>& a, int64_t batch, int64_t n, DType dt, bool transposed, bool vectors = true) {
  std::vector<double> a64(a);
  std::vector<float> a32(a.begin(), a.end());
  Operand A;
  A.dtype = dt;
  A.base = dt == DType::float64 ? static_cast<void*>(a64.data()) : static_cast<void*>(a32.data());
  A.layout = transposed ? make_layout({batch, n, n}, {n * n, 1, n}) : make_layout({batch, n, n});
  const DType cdt = dt == DType::float64 ? DType::complex128 : DType::complex64;
  std::vector<double> w128(static_cast<size_t>(2 * batch * n + 2)), v128(static_cast<size_t>(2 * batch * n * n + 2));
  std::vector<float> w64(w128.size()), v64(v128.size());
  Operand W, V;
  W.dtype = V.dtype = cdt;
  W.base = cdt == DType::complex128 ? static_cast<void*>(w128.data()) : static_cast<void*>(w64.data());
  V.base = cdt == DType::complex128 ? static_cast<void*>(v128.data()) : static_cast<void*>(v64.data());
  W.layout = make_layout({batch, n});
  V.layout = make_layout({batch, n, n});
  const Status st = la::eig(W, vectors ? &V : nullptr, A);
  if (!st.ok()) FAIL(st.error().message);
  EigOut r;
  auto get = [&](bool isv, int64_t k) {
    if (cdt == DType::complex128) return isv ? cd(v128[2 * k], v128[2 * k + 1]) : cd(w128[2 * k], w128[2 * k + 1]);
    return isv ? cd(v64[2 * k], v64[2 * k + 1]) : cd(w64[2 * k], w64[2 * k + 1]);
  };
  for (int64_t k = 0; k < batch * n; ++k) r.w.push_back(get(false, k));
  for (int64_t k = 0; vectors && k < batch * n * n; ++k) r.v.push_back(get(true, k));
  return r;
}

// max over columns of |A v - w v| / (|A|_F |v|), matrix b of the batch (A row-major n x n).
double residual(const std::vector<double>& a, const EigOut& r, int64_t b, int64_t n) {
  double an = 0;
  for (int64_t i = 0; i < n * n; ++i) an += a[b * n * n + i] * a[b * n * n + i];
  an = std::sqrt(an);
  double worst = 0;
  for (int64_t j = 0; j < n; ++j) {
    const cd wj = r.w[b * n + j];
    double res = 0, vn = 0;
    for (int64_t i = 0; i < n; ++i) {
      cd s = 0;
      for (int64_t k = 0; k < n; ++k) s += a[b * n * n + i * n + k] * r.v[b * n * n + k * n + j];
      s -= wj * r.v[b * n * n + i * n + j];
      res += std::norm(s);
      vn += std::norm(r.v[b * n * n + i * n + j]);
    }
    if (an > 0) worst = std::max(worst, std::sqrt(res) / (an * std::sqrt(vn)));
  }
  return worst;
}

}  // namespace

TEST_CASE("eig: residuals, normalisation and invariants on random matrices of every size", "[lapack][eig]") {
  std::mt19937_64 rng(2026);
  std::normal_distribution<double> nd;
  double worst = 0;
  for (int64_t n : {0, 1, 2, 3, 4, 5, 7, 10, 16, 33, 64, 120}) {
    const int64_t batch = n <= 16 ? 3 : 1;
    std::vector<double> a(static_cast<size_t>(batch * n * n));
    for (double& x : a) x = nd(rng);
    for (bool transposed : {false, true}) {
      std::vector<double> stored(a);
      if (transposed) {  // the data holds each matrix transposed; the layout reads it back
        for (int64_t b = 0; b < batch; ++b) {
          for (int64_t i = 0; i < n; ++i) {
            for (int64_t j = 0; j < n; ++j) stored[b * n * n + j * n + i] = a[b * n * n + i * n + j];
          }
        }
      }
      const EigOut r = run_eig(stored, batch, n, DType::float64, transposed);
      for (int64_t b = 0; b < batch; ++b) {
        const double res = residual(a, r, b, n) / (std::max<int64_t>(n, 1) * 2.220446049250313e-16);
        worst = std::max(worst, res);
        INFO("n " << n << " batch " << b << " transposed " << transposed);
        CHECK(res < 10);
        // trace = sum of the eigenvalues; conjugate pairs (imaginary parts sum to 0)
        cd sum = 0;
        double tr = 0, scale = 0;
        for (int64_t i = 0; i < n; ++i) {
          sum += r.w[b * n + i];
          tr += a[b * n * n + i * n + i];
          scale += std::abs(r.w[b * n + i]);
        }
        CHECK(std::abs(sum.real() - tr) <= 1e-12 * (scale + 1));
        CHECK(std::abs(sum.imag()) <= 1e-12 * (scale + 1));
        for (int64_t j = 0; j < n; ++j) {
          double vn = 0, big = -1, bigim = 0;
          for (int64_t i = 0; i < n; ++i) {
            const cd x = r.v[b * n * n + i * n + j];
            vn += std::norm(x);
            if (std::norm(x) > big) {
              big = std::norm(x);
              bigim = x.imag();
            }
          }
          CHECK(std::abs(std::sqrt(vn) - 1) < 1e-13);  // unit norm
          CHECK((bigim == 0 && !std::signbit(bigim)));  // the largest component real (+0)
        }
      }
    }
  }
  std::fprintf(stderr, "[eig] worst f64 |AV - VW| / (|A||V| n eps): %.3g\n", worst);
}

TEST_CASE("eig: known spectra: rotations, defective, triangular, companion, scaled, tiny and huge", "[lapack][eig]") {
  auto sorted = [](std::vector<cd> w) {
    std::sort(w.begin(), w.end(), [](cd x, cd y) { return x.real() != y.real() ? x.real() < y.real() : x.imag() < y.imag(); });
    return w;
  };
  // a rotation by 90 degrees: +-i, the positive imaginary part first
  {
    const std::vector<double> a = {0, -1, 1, 0};
    const EigOut r = run_eig(a, 1, 2, DType::float64, false);
    CHECK(r.w[0] == cd(0, 1));
    CHECK(r.w[1] == cd(0, -1));
    CHECK(residual(a, r, 0, 2) < 1e-15);
    CHECK(r.v[0 * 2 + 1] == std::conj(r.v[0 * 2 + 0]));  // conjugate vectors
  }
  // a defective (Jordan) block: eigenvalue 2 twice
  {
    const std::vector<double> a = {2, 1, 0, 2};
    const EigOut r = run_eig(a, 1, 2, DType::float64, false);
    CHECK(r.w[0] == cd(2, 0));
    CHECK(r.w[1] == cd(2, 0));
  }
  // upper triangular: the diagonal
  {
    const std::vector<double> a = {3, 5, 7, 0, -1, 4, 0, 0, 0.5};
    const EigOut r = run_eig(a, 1, 3, DType::float64, false);
    const auto w = sorted(r.w);
    CHECK(w[0] == cd(-1, 0));
    CHECK(w[1] == cd(0.5, 0));
    CHECK(w[2] == cd(3, 0));
    CHECK(residual(a, r, 0, 3) < 1e-15);
  }
  // the companion matrix of (x - 1)(x - 2)(x - 3)(x^2 + 1): roots 1, 2, 3, +-i
  {
    // x^5 - 6x^4 + 12x^3 - 12x^2 + 11x - 6
    const double c[] = {-6, 12, -12, 11, -6};
    std::vector<double> a(25, 0.0);
    for (int j = 0; j < 5; ++j) a[j] = -c[j];
    for (int i = 1; i < 5; ++i) a[i * 5 + i - 1] = 1;
    const EigOut r = run_eig(a, 1, 5, DType::float64, false);
    const auto w = sorted(r.w);
    const cd want[] = {cd(0, -1), cd(0, 1), cd(1, 0), cd(2, 0), cd(3, 0)};
    for (int i = 0; i < 5; ++i) CHECK(std::abs(w[i] - want[i]) < 1e-12);
  }
  // badly scaled (balancing) and huge / tiny magnitudes (scaled by a power of two)
  for (double s : {1e-300, 1e-100, 1.0, 1e100, 1e300}) {
    const std::vector<double> a = {1 * s, 1e6 * s, 1e-6 * s, 2 * s};
    const EigOut r = run_eig(a, 1, 2, DType::float64, false);
    const auto w = sorted(r.w);
    // eigenvalues of [[1, 1e6], [1e-6, 2]] * s: (3 +- sqrt(5)) / 2 * s
    CHECK(std::abs(w[0].real() / s - (3 - std::sqrt(5.0)) / 2) < 1e-14);
    CHECK(std::abs(w[1].real() / s - (3 + std::sqrt(5.0)) / 2) < 1e-14);
    CHECK(residual(a, r, 0, 2) < 1e-14);
  }
  // the zero matrix and the identity: zeros / ones, the unit vectors
  {
    const EigOut z = run_eig(std::vector<double>(9, 0.0), 1, 3, DType::float64, false);
    for (const cd& x : z.w) CHECK(x == cd(0, 0));
    const EigOut id = run_eig({1, 0, 0, 0, 1, 0, 0, 0, 1}, 1, 3, DType::float64, false);
    for (const cd& x : id.w) CHECK(x == cd(1, 0));
    CHECK(residual({1, 0, 0, 0, 1, 0, 0, 0, 1}, id, 0, 3) == 0);
  }
}

TEST_CASE("eig: float32 results, eigvals equal eig's values, NaN input, errors", "[lapack][eig]") {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> nd;
  const int64_t n = 24;
  std::vector<double> a(static_cast<size_t>(2 * n * n));
  for (double& x : a) x = static_cast<float>(nd(rng));  // exactly float32 values
  const EigOut r32 = run_eig(a, 2, n, DType::float32, false);
  for (int64_t b = 0; b < 2; ++b) CHECK(residual(a, r32, b, n) < 10 * n * 1.2e-7);
  const EigOut r64 = run_eig(a, 2, n, DType::float64, false);
  const EigOut vals = run_eig(a, 2, n, DType::float64, false, false);
  CHECK(vals.w == r64.w);
  // NaN: all NaN, no error
  std::vector<double> bad = {1, 2, NAN, 4};
  const EigOut rn = run_eig(bad, 1, 2, DType::float64, false);
  for (const cd& x : rn.w) CHECK(std::isnan(x.real()));
  // not square; wrong output dtype
  Operand A, W;
  std::vector<double> m(6);
  A.dtype = DType::float64;
  A.base = m.data();
  A.layout = make_layout({2, 3});
  std::vector<double> wv(8);
  W.dtype = DType::complex128;
  W.base = wv.data();
  W.layout = make_layout({2});
  Status st = la::eig(W, nullptr, A);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().code == Code::linalg_error);
  CHECK_THAT(st.error().message, Catch::Contains("must be square"));
  A.layout = make_layout({2, 2});
  W.dtype = DType::float64;
  st = la::eig(W, nullptr, A);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().code == Code::type_error);
  CHECK_THAT(st.error().message, Catch::Contains("w must be complex128"));
}
