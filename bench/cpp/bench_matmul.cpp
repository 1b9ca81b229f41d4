// matmul GFLOP/s in WebAssembly at n = 64, 256, 1024 (square, C-contiguous, and with A read
// through a transpose), float32 and float64, against a naive i-k-j triple loop in plain scalar C++
// and memcpy bandwidth measured in the same run (absolute figures drift on shared machines; the
// ratios much less). FLOPs counted as 2*n^3.
//
// This program links at -O3 (bench/CMakeLists.txt) with the full libc; the shipped module links at
// -Oz, which brings the size-optimised libc whose memcpy / memset are several times slower (the
// "memcpy" line below drops from ~13 to ~4 GB/s). A kernel that calls them looks fine here and
// slow in the package: matmul at 64^3 ran at half this program's figure until its packing stopped
// calling them (bench/RESULTS.md, "Matmul"). To see the package's view, relink this program the
// package's way, from build/wasm/bench:
//   em++ -Oz -msimd128 -fno-exceptions -sSINGLE_FILE=1 -sENVIRONMENT=node -sEXIT_RUNTIME=1
//     -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=268435456 -sMAXIMUM_MEMORY=2147483648
//     -sMALLOC=emmalloc @CMakeFiles/sv_bench_matmul.dir/objects1
//     @CMakeFiles/sv_bench_matmul.dir/linkLibs.rsp -o sv_bench_matmul_oz.js
// and compare with node bench/matmul.mjs (the same products through the TypeScript API).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include "kernels/kernels.hpp"
#include "kernels/numpy_ops.hpp"

using namespace sv;
using namespace sv::kernels;

namespace {

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// Best of `reps` runs (at least 3, and at least ~200 ms in total) after one warm-up.
double best_ms(const std::function<void()>& f, int reps) {
  f();
  double best = 1e300, total = 0;
  for (int r = 0; r < reps || (total < 200 && r < 200); ++r) {
    const double t0 = now_ms();
    f();
    const double t = now_ms() - t0;
    best = std::min(best, t);
    total += t;
  }
  return best;
}

Layout lay(Dims shape, Dims strides) {
  Layout l;
  l.shape = std::move(shape);
  l.strides = std::move(strides);
  return l;
}

void must(const Status& s) {
  if (!s.ok()) {
    std::fprintf(stderr, "matmul failed: %s\n", s.error().message.c_str());
    std::exit(1);
  }
}

// The naive reference a user would write: c = 0; for i, k, j: c[i][j] += a[i][k] * b[k][j].
template <class T>
__attribute__((noinline)) void naive(T* c, const T* a, const T* b, int64_t n) {
  std::memset(c, 0, static_cast<size_t>(n * n) * sizeof(T));
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t k = 0; k < n; ++k) {
      const T x = a[i * n + k];
      for (int64_t j = 0; j < n; ++j) c[i * n + j] += x * b[k * n + j];
    }
  }
}

template <class T>
void run(DType t, const char* name, double memcpy_gbs) {
  for (int64_t n : {64, 256, 1024}) {
    std::vector<T> a(n * n), b(n * n), c(n * n), c2(n * n);
    for (int64_t i = 0; i < n * n; ++i) {
      a[i] = static_cast<T>((i * 7 % 13) - 6);
      b[i] = static_cast<T>((i * 5 % 11) - 5);
    }
    const Operand A{a.data(), lay({n, n}, {n, 1}), t};
    const Operand At{a.data(), lay({n, n}, {1, n}), t};  // A^T through strides
    const Operand B{b.data(), lay({n, n}, {n, 1}), t};
    const Operand C{c.data(), lay({n, n}, {n, 1}), t};
    // The output with padded rows (stride n + 16): power-of-two row strides alias in the caches.
    std::vector<T> cp((n + 16) * n);
    const Operand Cp{cp.data(), lay({n, n}, {n + 16, 1}), t};
    const int reps = n >= 1024 ? 3 : 10;
    const double flop = 2.0 * n * n * n;
    const double tk = best_ms([&] { must(matmul(C, A, B)); }, reps);
    const double tt = best_ms([&] { must(matmul(C, At, B)); }, reps);
    const double tp = best_ms([&] { must(matmul(Cp, A, B)); }, reps);
    set_simd_enabled(false);
    const double ts = best_ms([&] { must(matmul(C, A, B)); }, reps);
    set_simd_enabled(simd_available());
    const double tn = best_ms([&] { naive(c2.data(), a.data(), b.data(), n); }, n >= 1024 ? 1 : 3);
    if (std::memcmp(c.data(), c2.data(), c.size() * sizeof(T)) != 0 && n <= 256) {
      std::fprintf(stderr, "matmul differs from the naive loop at n=%lld\n",
                   static_cast<long long>(n));
    }
    auto gf = [&](double ms) { return flop / (ms * 1e6); };
    std::printf(
        "%-8s n=%-5lld %9.3f ms %8.2f GFLOP/s | A^T %6.2f | out ld+16 %6.2f | scalar path %7.2f | "
        "naive %7.2f"
        " | x naive %5.1f | GFLOP/s per memcpy GB/s %.3f\n",
        name, static_cast<long long>(n), tk, gf(tk), gf(tt), gf(tp), gf(ts), gf(tn), tn / tk,
        gf(tk) / memcpy_gbs);
  }
}

}  // namespace

int main() {
  std::printf("strideview matmul benchmark (WebAssembly, SIMD %s)\n",
              simd_available() ? "on" : "off");
  const size_t bytes = size_t{64} << 20;
  std::vector<char> s(bytes, 1), d(bytes, 0);
  const double tm = best_ms([&] { std::memcpy(d.data(), s.data(), bytes); }, 10);
  const double memcpy_gbs = 2.0 * bytes / (tm * 1e6);
  std::printf("baseline memcpy 64 MiB: %.2f ms, %.1f GB/s (read+write)\n", tm, memcpy_gbs);
  run<float>(DType::float32, "float32", memcpy_gbs);
  run<double>(DType::float64, "float64", memcpy_gbs);
  return 0;
}
