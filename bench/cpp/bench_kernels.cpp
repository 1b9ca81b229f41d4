// Kernel bandwidth in WebAssembly, as ratios to memcpy (and to plain read bandwidth for
// reductions) measured in the same run: absolute GB/s drift between runs on shared machines, the
// ratios much less. Each figure is the best of several repetitions after a warm-up.
//
// Bytes counted: every element of every operand read once plus every output element written once,
// as if each were distinct (a broadcast source counts as the full array it stands for). memcpy of
// n bytes counts 2n. So a ratio of 1.0 means "as fast per output element as memcpy would move
// the same logical data".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "kernels/kernels.hpp"

using namespace sv;
using namespace sv::kernels;

namespace {

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

double best_ms(const std::function<void()>& f, int reps = 7) {
  f();  // warm-up: page in, caches
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_ms();
    f();
    const double t = now_ms() - t0;
    if (t < best) best = t;
  }
  return best;
}

Layout lay(Dims shape, Dims strides, int64_t offset = 0, Mask mask = {}) {
  Layout l;
  l.shape = std::move(shape);
  l.strides = std::move(strides);
  l.offset = offset;
  l.mask = std::move(mask);
  return l;
}

void must(const Status& s, const char* what) {
  if (!s.ok()) {
    std::fprintf(stderr, "%s failed: %s\n", what, s.error().message.c_str());
    std::exit(1);
  }
}

volatile uint32_t g_sink;

// Plain read bandwidth: xor of every 16-byte vector.
void read_all(const float* p, size_t n) {
#ifdef __wasm_simd128__
  v128_t a = wasm_i32x4_splat(0), b = a, c = a, d = a;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    a = wasm_v128_xor(a, wasm_v128_load(p + i));
    b = wasm_v128_xor(b, wasm_v128_load(p + i + 4));
    c = wasm_v128_xor(c, wasm_v128_load(p + i + 8));
    d = wasm_v128_xor(d, wasm_v128_load(p + i + 12));
  }
  a = wasm_v128_xor(wasm_v128_xor(a, b), wasm_v128_xor(c, d));
  g_sink = wasm_i32x4_extract_lane(a, 0) ^ wasm_i32x4_extract_lane(a, 3);
#else
  uint32_t x = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t v;
    std::memcpy(&v, p + i, 4);
    x ^= v;
  }
  g_sink = x;
#endif
}

struct Row {
  std::string name;
  double ms;
  double gbs;
  double ratio;
  const char* vs;
  double target;
};

}  // namespace

int main() {
  const int64_t n = 4096;
  const int64_t N = n * n;
  const int64_t P = (n + 2) * (n + 2);
  std::vector<float> src(static_cast<size_t>(N)), src2(static_cast<size_t>(N));
  std::vector<float> dst(static_cast<size_t>(P)), out(static_cast<size_t>(N));
  for (int64_t i = 0; i < N; ++i) {
    src[static_cast<size_t>(i)] = static_cast<float>(i % 1000) * 0.5f;
    src2[static_cast<size_t>(i)] = static_cast<float>(i % 777) * 0.25f;
  }
  const double bytes = static_cast<double>(N) * 4.0;
  auto gbs = [](double b, double ms) { return b / (ms * 1e6); };

  std::printf("strideview kernel benchmark (WebAssembly, SIMD %s), float32\n",
              simd_enabled() ? "on" : "off");

  const double t_memcpy = best_ms([&] { std::memcpy(dst.data(), src.data(), static_cast<size_t>(bytes)); });
  const double t_read = best_ms([&] { read_all(src.data(), static_cast<size_t>(N)); });
  const double memcpy_gbs = gbs(2 * bytes, t_memcpy);
  const double read_gbs = gbs(bytes, t_read);

  std::vector<Row> rows;
  auto add_row = [&](const std::string& name, double ms, double b, bool vs_read, double target) {
    const double g = gbs(b, ms);
    rows.push_back({name, ms, g, g / (vs_read ? read_gbs : memcpy_gbs), vs_read ? "read" : "memcpy",
                    target});
  };
  const DType f32 = DType::float32;
  const Operand S{src.data(), lay({n, n}, {n, 1}), f32};
  const Operand S2{src2.data(), lay({n, n}, {n, 1}), f32};
  const Operand D{dst.data(), lay({n, n}, {n, 1}), f32};
  const Operand O{out.data(), lay({n, n}, {n, 1}), f32};

  add_row("materialize contiguous [4096,4096]", best_ms([&] { must(copy(D, S), "copy"); }),
          2 * bytes, false, 0.9);
  add_row("2-D transpose [4096,4096]",
          best_ms([&] { must(copy(D, {src.data(), lay({n, n}, {1, n}), f32}), "transpose"); }),
          2 * bytes, false, 0.35);
  add_row("flip last axis [4096,4096]",
          best_ms([&] { must(copy(D, {src.data(), lay({n, n}, {n, -1}, n - 1), f32}), "flip"); }),
          2 * bytes, false, 0.7);
  add_row("broadcast [1,4096]->[4096,4096]",
          best_ms([&] { must(copy(D, {src.data(), lay({n, n}, {0, 1}), f32}), "broadcast"); }),
          2 * bytes, false, 0.8);
  {
    const Operand pad_src{src.data(), lay({n + 2, n + 2}, {n, 1}, -(n + 1), {{1, n + 1}, {1, n + 1}}), f32};
    const Operand pad_dst{dst.data(), lay({n + 2, n + 2}, {n + 2, 1}), f32};
    add_row("padded view (1 each side) -> [4098,4098]",
            best_ms([&] { must(copy(pad_dst, pad_src), "pad"); }), 2.0 * static_cast<double>(P) * 4,
            false, 0.7);
  }
  add_row("add contiguous", best_ms([&] { must(binary(BinaryOp::add, O, S, S2), "add"); }),
          3 * bytes, false, 0.9);
  const double t_add = rows.back().ms;
  add_row("add broadcast row [1,4096]",
          best_ms([&] {
            must(binary(BinaryOp::add, O, S, {src2.data(), lay({n, n}, {0, 1}), f32}), "add row");
          }),
          3 * bytes, false, 0.9);
  add_row("add one transposed operand",
          best_ms([&] {
            must(binary(BinaryOp::add, O, S, {src2.data(), lay({n, n}, {1, n}), f32}), "add T");
          }),
          3 * bytes, false, 0.3);
  const double t_add_t = rows.back().ms;
  const double t_add_row = rows[rows.size() - 2].ms;
  add_row("sum over last axis -> [4096,1]",
          best_ms([&] {
            must(reduce(ReduceOp::sum, {out.data(), lay({n, 1}, {1, 1}), f32}, S, 2), "sum last");
          }),
          bytes, true, 0.7);
  add_row("sum over first axis -> [1,4096]",
          best_ms([&] {
            must(reduce(ReduceOp::sum, {out.data(), lay({1, n}, {n, 1}), f32}, S, 1), "sum first");
          }),
          bytes, true, 0.7);
  // 1-D: 16M elements.
  {
    const Operand s1{src.data(), lay({N}, {1}), f32};
    const Operand d1{dst.data(), lay({N}, {1}), f32};
    add_row("1-D [16M] materialize", best_ms([&] { must(copy(d1, s1), "copy 1d"); }), 2 * bytes,
            false, 0.9);
    add_row("1-D [16M] reverse (stride -1)",
            best_ms([&] { must(copy(d1, {src.data(), lay({N}, {-1}, N - 1), f32}), "rev 1d"); }),
            2 * bytes, false, 0.7);
    add_row("1-D [16M] add",
            best_ms([&] {
              must(binary(BinaryOp::add, {out.data(), lay({N}, {1}), f32}, s1,
                          {src2.data(), lay({N}, {1}), f32}),
                   "add 1d");
            }),
            3 * bytes, false, 0.9);
    add_row("1-D [16M] sum", best_ms([&] {
              must(reduce(ReduceOp::sum, {out.data(), lay({1}, {1}), f32}, s1, 1), "sum 1d");
            }),
            bytes, true, 0.7);
  }
  // 3-D: [256,256,256], permute (0,2,1) (batched transpose) and (2,0,1); sum over the middle axis.
  {
    const int64_t m = 256;
    const Operand d3{dst.data(), lay({m, m, m}, {m * m, m, 1}), f32};
    add_row("3-D [256,256,256] permute (0,2,1)",
            best_ms([&] { must(copy(d3, {src.data(), lay({m, m, m}, {m * m, 1, m}), f32}), "p021"); }),
            2 * bytes, false, 0.35);
    add_row("3-D [256,256,256] permute (2,0,1)",
            best_ms([&] { must(copy(d3, {src.data(), lay({m, m, m}, {1, m * m, m}), f32}), "p201"); }),
            2 * bytes, false, 0.35);
    add_row("3-D [256,256,256] sum over axis 1",
            best_ms([&] {
              must(reduce(ReduceOp::sum, {out.data(), lay({m, 1, m}, {m, m, 1}), f32},
                          {src.data(), lay({m, m, m}, {m * m, m, 1}), f32}, 2),
                   "sum3");
            }),
            bytes, true, 0.7);
  }

  std::printf("baseline memcpy 64 MiB: %.2f ms, %.1f GB/s (read+write)\n", t_memcpy, memcpy_gbs);
  std::printf("baseline read 64 MiB:   %.2f ms, %.1f GB/s\n\n", t_read, read_gbs);
  std::printf("%-42s %9s %8s %8s %-7s %7s  %s\n", "kernel", "ms", "GB/s", "ratio", "vs", "target",
              "");
  for (const Row& r : rows) {
    std::printf("%-42s %9.2f %8.1f %8.2f %-7s %7.2f  %s\n", r.name.c_str(), r.ms, r.gbs, r.ratio,
                r.vs, r.target, r.ratio >= r.target ? "ok" : "MISSED");
  }
  std::printf("\nadd broadcast row / add contiguous (time ratio): %.2f\n", t_add / t_add_row);
  std::printf("add transposed / add contiguous (time ratio):    %.2f\n", t_add / t_add_t);
  return 0;
}
