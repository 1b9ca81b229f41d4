// Kernel bandwidth in WebAssembly, as ratios to memcpy (and to plain read bandwidth for
// reductions) measured in the same run: absolute GB/s drift between runs on shared machines, the
// ratios much less. Each figure is the best of several repetitions after a warm-up.
//
// Bytes counted: every element of every operand read once plus every output element written once,
// as if each were distinct (a broadcast source counts as the full array it stands for). memcpy of
// n bytes counts 2n. So a ratio of 1.0 means "as fast per output element as memcpy would move
// the same logical data".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
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

double time_ms(const std::function<void()>& f) {
  const double t0 = now_ms();
  f();
  return now_ms() - t0;
}

// Best-of-`reps` times of a kernel and of its baseline, measured alternately so that both see the
// same machine load (these machines are shared; absolute figures drift, ratios much less).
std::pair<double, double> best_pair(const std::function<void()>& kernel,
                                    const std::function<void()>& baseline, int reps = 15) {
  kernel();
  baseline();
  double bk = 1e300, bb = 1e300;
  for (int r = 0; r < reps; ++r) {
    bb = std::min(bb, time_ms(baseline));
    bk = std::min(bk, time_ms(kernel));
  }
  return {bk, bb};
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

// Usage: node sv_bench_kernels.js [--scalar] [--only TEXT]
//   --scalar     SIMD128 loops off (the scalar reference loops), for comparison
//   --only TEXT  run only the kernels whose name contains TEXT
int main(int argc, char** argv) {
  const char* only = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--scalar") == 0) set_simd_enabled(false);
    if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
  }
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

  // Warm-up: V8 runs new WebAssembly code on its baseline compiler and swaps in optimised code on a
  // later call (no on-stack replacement), so call every kernel on small arrays first and give the
  // background compiler a moment. The figures below are steady-state figures.
  {
    const int64_t w = 256;
    const Operand ws{src.data(), lay({w, w}, {w, 1}), DType::float32};
    const Operand wd{dst.data(), lay({w, w}, {w, 1}), DType::float32};
    const Operand wo{out.data(), lay({w, w}, {w, 1}), DType::float32};
    for (int k = 0; k < 40; ++k) {
      must(copy(wd, ws), "warm");
      must(copy(wd, {src.data(), lay({w, w}, {1, w}), DType::float32}), "warm");
      must(copy(wd, {src.data(), lay({w, w}, {w, -1}, w - 1), DType::float32}), "warm");
      must(copy(wd, {src.data(), lay({w, w}, {0, 1}), DType::float32}), "warm");
      must(copy({dst.data(), lay({w + 2, w + 2}, {w + 2, 1}), DType::float32},
                {src.data(), lay({w + 2, w + 2}, {w, 1}, -(w + 1), {{1, w + 1}, {1, w + 1}}),
                 DType::float32}),
           "warm");
      must(binary(BinaryOp::add, wo, ws, wd), "warm");
      must(binary(BinaryOp::add, wo, ws, {dst.data(), lay({w, w}, {0, 1}), DType::float32}),
           "warm");
      must(binary(BinaryOp::add, wo, ws, {dst.data(), lay({w, w}, {1, w}), DType::float32}),
           "warm");
      must(reduce(ReduceOp::sum, {out.data(), lay({w, 1}, {1, 1}), DType::float32}, ws, 2), "warm");
      must(reduce(ReduceOp::sum, {out.data(), lay({1, w}, {w, 1}), DType::float32}, ws, 1), "warm");
      must(reduce(ReduceOp::sum, {out.data(), lay({1}, {1}), DType::float32},
                  {src.data(), lay({w * w}, {1}), DType::float32}, 1),
           "warm");
      read_all(src.data(), static_cast<size_t>(w * w));
    }
    const double t0 = now_ms();
    while (now_ms() - t0 < 500) {
    }
  }

  auto memcpy_fn = [&] { std::memcpy(dst.data(), src.data(), static_cast<size_t>(bytes)); };
  auto read_fn = [&] { read_all(src.data(), static_cast<size_t>(N)); };
  double best_memcpy = 1e300, best_read = 1e300;

  std::vector<Row> rows;
  // A kernel row: GB/s from `b` logical bytes; ratio against memcpy (2 x 64 MiB) or against a plain
  // read of 64 MiB, timed alternately with the kernel.
  auto add_row = [&](const std::string& name, const std::function<void()>& f, double b,
                     bool vs_read, double target) {
    if (only && name.find(only) == std::string::npos) return;
    auto [tk, tb] =
        best_pair(f, vs_read ? std::function<void()>(read_fn) : std::function<void()>(memcpy_fn));
    if (vs_read) {
      best_read = std::min(best_read, tb);
    } else {
      best_memcpy = std::min(best_memcpy, tb);
    }
    const double g = gbs(b, tk);
    const double base = gbs(vs_read ? bytes : 2 * bytes, tb);
    rows.push_back({name, tk, g, g / base, vs_read ? "read" : "memcpy", target});
  };
  const DType f32 = DType::float32;
  const Operand S{src.data(), lay({n, n}, {n, 1}), f32};
  const Operand S2{src2.data(), lay({n, n}, {n, 1}), f32};
  const Operand D{dst.data(), lay({n, n}, {n, 1}), f32};
  const Operand O{out.data(), lay({n, n}, {n, 1}), f32};

  add_row(
      "materialize contiguous [4096,4096]", [&] { must(copy(D, S), "copy"); }, 2 * bytes, false,
      0.9);
  add_row(
      "2-D transpose [4096,4096]",
      [&] {
        must(copy(D, {src.data(), lay({n, n}, {1, n}), f32}), "transpose");
      },
      2 * bytes, false, 0.35);
  add_row(
      "flip last axis [4096,4096]",
      [&] {
        must(copy(D, {src.data(), lay({n, n}, {n, -1}, n - 1), f32}), "flip");
      },
      2 * bytes, false, 0.7);
  add_row(
      "broadcast [1,4096]->[4096,4096]",
      [&] {
        must(copy(D, {src.data(), lay({n, n}, {0, 1}), f32}), "broadcast");
      },
      2 * bytes, false, 0.8);
  {
    const Operand pad_src{src.data(),
                          lay({n + 2, n + 2}, {n, 1}, -(n + 1), {{1, n + 1}, {1, n + 1}}), f32};
    const Operand pad_dst{dst.data(), lay({n + 2, n + 2}, {n + 2, 1}), f32};
    add_row(
        "padded view (1 each side) -> [4098,4098]", [&] { must(copy(pad_dst, pad_src), "pad"); },
        2.0 * static_cast<double>(P) * 4, false, 0.7);
  }
  add_row(
      "add contiguous", [&] { must(binary(BinaryOp::add, O, S, S2), "add"); }, 3 * bytes, false,
      0.9);
  add_row(
      "add broadcast row [1,4096]",
      [&] {
        must(binary(BinaryOp::add, O, S, {src2.data(), lay({n, n}, {0, 1}), f32}), "add row");
      },
      3 * bytes, false, 0.9);
  add_row(
      "add one transposed operand",
      [&] {
        must(binary(BinaryOp::add, O, S, {src2.data(), lay({n, n}, {1, n}), f32}), "add T");
      },
      3 * bytes, false, 0.3);
  add_row(
      "sum over last axis -> [4096,1]",
      [&] {
        must(reduce(ReduceOp::sum, {out.data(), lay({n, 1}, {1, 1}), f32}, S, 2), "sum last");
      },
      bytes, true, 0.7);
  add_row(
      "sum over first axis -> [1,4096]",
      [&] {
        must(reduce(ReduceOp::sum, {out.data(), lay({1, n}, {n, 1}), f32}, S, 1), "sum first");
      },
      bytes, true, 0.7);
  // 1-D: 16M elements.
  {
    const Operand s1{src.data(), lay({N}, {1}), f32};
    const Operand d1{dst.data(), lay({N}, {1}), f32};
    add_row(
        "1-D [16M] materialize", [&] { must(copy(d1, s1), "copy 1d"); }, 2 * bytes, false, 0.9);
    add_row(
        "1-D [16M] reverse (stride -1)",
        [&] {
          must(copy(d1, {src.data(), lay({N}, {-1}, N - 1), f32}), "rev 1d");
        },
        2 * bytes, false, 0.7);
    add_row(
        "1-D [16M] add",
        [&] {
          must(binary(BinaryOp::add, {out.data(), lay({N}, {1}), f32}, s1,
                      {src2.data(), lay({N}, {1}), f32}),
               "add 1d");
        },
        3 * bytes, false, 0.9);
    add_row(
        "1-D [16M] sum",
        [&] {
          must(reduce(ReduceOp::sum, {out.data(), lay({1}, {1}), f32}, s1, 1), "sum 1d");
        },
        bytes, true, 0.7);
  }
  // 3-D: [256,256,256], permute (0,2,1) (batched transpose) and (2,0,1); sum over the middle axis.
  {
    const int64_t m = 256;
    const Operand d3{dst.data(), lay({m, m, m}, {m * m, m, 1}), f32};
    add_row(
        "3-D [256,256,256] permute (0,2,1)",
        [&] {
          must(copy(d3, {src.data(), lay({m, m, m}, {m * m, 1, m}), f32}), "p021");
        },
        2 * bytes, false, 0.35);
    add_row(
        "3-D [256,256,256] permute (2,0,1)",
        [&] {
          must(copy(d3, {src.data(), lay({m, m, m}, {1, m * m, m}), f32}), "p201");
        },
        2 * bytes, false, 0.35);
    add_row(
        "3-D [256,256,256] sum over axis 1",
        [&] {
          must(reduce(ReduceOp::sum, {out.data(), lay({m, 1, m}, {m, m, 1}), f32},
                      {src.data(), lay({m, m, m}, {m * m, m, 1}), f32}, 2),
               "sum3");
        },
        bytes, true, 0.7);
  }

  std::printf("baseline memcpy 64 MiB: best %.2f ms, %.1f GB/s (read+write)\n", best_memcpy,
              gbs(2 * bytes, best_memcpy));
  std::printf("baseline read 64 MiB:   best %.2f ms, %.1f GB/s\n\n", best_read,
              gbs(bytes, best_read));
  std::printf("%-42s %9s %8s %8s %-7s %7s  %s\n", "kernel", "ms", "GB/s", "ratio", "vs", "target",
              "");
  for (const Row& r : rows) {
    std::printf("%-42s %9.2f %8.1f %8.2f %-7s %7.2f  %s\n", r.name.c_str(), r.ms, r.gbs, r.ratio,
                r.vs, r.target, r.ratio >= r.target ? "ok" : "MISSED");
  }
  auto find = [&](const char* name) {
    for (const Row& r : rows) {
      if (r.name == name) return r.ms;
    }
    return 0.0;
  };
  const double t_add = find("add contiguous");
  if (t_add == 0 || find("add broadcast row [1,4096]") == 0 ||
      find("add one transposed operand") == 0) {
    return 0;
  }
  std::printf("\nadd broadcast row vs add contiguous (time ratio): %.2f\n",
              t_add / find("add broadcast row [1,4096]"));
  std::printf("add transposed vs add contiguous (time ratio):    %.2f\n",
              t_add / find("add one transposed operand"));
  return 0;
}
