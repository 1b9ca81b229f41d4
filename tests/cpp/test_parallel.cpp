// The kernels' thread pool (src/parallel) and the kernels cut on it: every task runs exactly once
// at any thread count, nested jobs run inline, and kernel results (elementwise, transposed copies,
// reductions over every axis set) are bit-for-bit the same at 1, 2 and 4 threads.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "array/take.hpp"
#include "kernels/kernels.hpp"
#include "kernels/numpy_ops.hpp"
#include "parallel/pool.hpp"

using namespace sv;
using namespace sv::kernels;

namespace {

// Restores one thread at scope exit (other tests assume the default).
struct ThreadsScope {
  explicit ThreadsScope(int n) { parallel::set_threads(n); }
  ~ThreadsScope() { parallel::set_threads(1); }
};

Operand op(void* base, DType t, LayoutDims shape, LayoutDims strides, int64_t offset = 0) {
  Operand o;
  o.base = base;
  o.dtype = t;
  o.layout = Layout(shape, strides, offset);
  return o;
}

LayoutDims c_strides(const LayoutDims& shape) {
  LayoutDims s = shape;
  int64_t k = 1;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    s[d] = k;
    k *= shape[d];
  }
  return s;
}

std::vector<float> random_f32(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-3.0f, 3.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = u(g);
  return v;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

}  // namespace

TEST_CASE("parallel: every task runs once at 1, 2, 4 and 7 threads, many jobs in a row",
          "[parallel]") {
  if (!parallel::available()) {
    CHECK(parallel::set_threads(4) == 1);
    return;
  }
  for (int n : {1, 2, 4, 7}) {
    ThreadsScope scope(n);
    REQUIRE(parallel::threads() == n);
    for (int rep = 0; rep < 2000; ++rep) {
      const int64_t tasks = 1 + rep % 37;
      std::vector<std::atomic<int>> hits(static_cast<size_t>(tasks));
      for (auto& h : hits) h.store(0);
      parallel::run_tasks(tasks, [&](int64_t t) { hits[static_cast<size_t>(t)].fetch_add(1); });
      for (int64_t t = 0; t < tasks; ++t) {
        if (hits[static_cast<size_t>(t)].load() != 1) {
          FAIL("threads " << n << ", job " << rep << ": task " << t << " ran "
                          << hits[static_cast<size_t>(t)].load() << " times");
        }
      }
    }
  }
  CHECK(parallel::threads() == 1);
}

TEST_CASE("parallel: a job started inside a task runs inline, in order", "[parallel]") {
  ThreadsScope scope(4);
  std::vector<std::vector<int64_t>> order(8);
  parallel::run_tasks(8, [&](int64_t t) {
    parallel::run_tasks(5, [&](int64_t u) { order[static_cast<size_t>(t)].push_back(u); });
  });
  for (const auto& o : order) CHECK(o == std::vector<int64_t>{0, 1, 2, 3, 4});
}

TEST_CASE("parallel: tasks_for keeps small work on one task", "[parallel]") {
  ThreadsScope scope(4);
  CHECK(parallel::tasks_for(parallel::kMinWork - 1) == 1);
  CHECK(parallel::tasks_for(int64_t{1} << 10) == 1);
  if (parallel::available()) {
    CHECK(parallel::tasks_for(int64_t{1} << 24) == 16);
    CHECK(parallel::tasks_for(parallel::kMinWork) == 4);
  }
}

TEST_CASE("parallel: elementwise, math and transposed copies are identical at 1, 2, 4 threads",
          "[parallel]") {
  // Shapes around the cut points: long rows (cut at 64-element multiples), many short rows, and
  // a transposed source (2-D tiles).
  const std::vector<LayoutDims> shapes = {{300007}, {1031, 257}, {3, 70001}, {512, 512}};
  for (const LayoutDims& sh : shapes) {
    int64_t n = 1;
    for (size_t d = 0; d < sh.size(); ++d) n *= sh[d];
    const auto a = random_f32(static_cast<size_t>(n), 1);
    const auto b = random_f32(static_cast<size_t>(n), 2);
    LayoutDims tsh = sh, tst = c_strides(sh);
    if (sh.size() == 2) {  // b read transposed: b viewed as [cols, rows]^T
      tst[0] = 1;
      tst[1] = sh[0];
    }
    std::vector<std::vector<float>> add_r, exp_r, sin_r, copy_r;
    for (int th : {1, 2, 4}) {
      ThreadsScope scope(th);
      std::vector<float> o(static_cast<size_t>(n)), e(o.size()), s(o.size()), c(o.size());
      const Operand A = op(const_cast<float*>(a.data()), DType::float32, sh, c_strides(sh));
      const Operand B = op(const_cast<float*>(b.data()), DType::float32, tsh, tst);
      REQUIRE(binary(BinaryOp::add, op(o.data(), DType::float32, sh, c_strides(sh)), A, B).ok());
      REQUIRE(unary(UnaryOp::exp, op(e.data(), DType::float32, sh, c_strides(sh)), A).ok());
      REQUIRE(math_unary(MathOp::sin, op(s.data(), DType::float32, sh, c_strides(sh)), A).ok());
      REQUIRE(copy(op(c.data(), DType::float32, sh, c_strides(sh)), B).ok());
      add_r.push_back(o);
      exp_r.push_back(e);
      sin_r.push_back(s);
      copy_r.push_back(c);
    }
    for (size_t k = 1; k < add_r.size(); ++k) {
      INFO("shape " << dims_to_string(sh) << ", run " << k);
      CHECK(same_bits(add_r[0], add_r[k]));
      CHECK(same_bits(exp_r[0], exp_r[k]));
      CHECK(same_bits(sin_r[0], sin_r[k]));
      CHECK(same_bits(copy_r[0], copy_r[k]));
    }
    // The copy of the transposed operand is b's values in b's logical order.
    if (sh.size() == 2) {
      CHECK(copy_r[0][1] == b[static_cast<size_t>(sh[0])]);
    }
  }
}

TEST_CASE("parallel: reductions over every axis set are identical at 1, 2, 4 threads",
          "[parallel]") {
  const LayoutDims sh = {37, 129, 65};  // 310,245 elements
  const auto x = random_f32(37 * 129 * 65, 3);
  const Operand in = op(const_cast<float*>(x.data()), DType::float32, sh, c_strides(sh));
  for (ReduceOp rop : {ReduceOp::sum, ReduceOp::max, ReduceOp::min, ReduceOp::mean}) {
    for (uint64_t axes = 1; axes < 8; ++axes) {
      LayoutDims osh = sh;
      for (int d = 0; d < 3; ++d) {
        if ((axes >> d) & 1u) osh[d] = 1;
      }
      const int64_t on = osh[0] * osh[1] * osh[2];
      std::vector<std::vector<float>> res;
      std::vector<std::vector<double>> res64;
      for (int th : {1, 2, 4}) {
        ThreadsScope scope(th);
        std::vector<float> o(static_cast<size_t>(on));
        REQUIRE(reduce(rop, op(o.data(), DType::float32, osh, c_strides(osh)), in, axes).ok());
        res.push_back(o);
        if (rop == ReduceOp::sum) {  // float32 -> float64 sums (the converting walk)
          std::vector<double> o64(static_cast<size_t>(on));
          REQUIRE(reduce(rop, op(o64.data(), DType::float64, osh, c_strides(osh)), in, axes).ok());
          res64.push_back(o64);
        }
      }
      INFO("op " << static_cast<int>(rop) << ", axes " << axes);
      CHECK(same_bits(res[0], res[1]));
      CHECK(same_bits(res[0], res[2]));
      if (!res64.empty()) {
        CHECK(same_bits(res64[0], res64[1]));
        CHECK(same_bits(res64[0], res64[2]));
      }
    }
  }
  // A whole-array float sum of a long row (fixed 2^16 blocks) stays accurate: sum of 1..2^20.
  std::vector<float> ramp(1u << 20);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<float>(i % 1024);
  std::vector<float> s1(1), s4(1);
  const LayoutDims rs = {1 << 20};
  const Operand rin = op(ramp.data(), DType::float32, rs, {1});
  {
    ThreadsScope scope(1);
    REQUIRE(reduce(ReduceOp::sum, op(s1.data(), DType::float32, {1}, {1}), rin, 1).ok());
  }
  {
    ThreadsScope scope(4);
    REQUIRE(reduce(ReduceOp::sum, op(s4.data(), DType::float32, {1}, {1}), rin, 1).ok());
  }
  CHECK(std::memcmp(s1.data(), s4.data(), 4) == 0);
  CHECK(s1[0] == 1024.0f * 1023.0f / 2.0f * 1024.0f);
}

TEST_CASE("parallel: matmul, cumsum, sort and argsort are identical at 1, 2, 4 threads",
          "[parallel]") {
  const int64_t M = 203, K = 150, N = 170;
  const auto a = random_f32(static_cast<size_t>(M * K), 4);
  const auto b = random_f32(static_cast<size_t>(K * N), 5);
  const LayoutDims xs = {300, 401};
  const auto x = random_f32(300 * 401, 6);
  std::vector<std::vector<float>> mm, cs0, cs1, so;
  std::vector<std::vector<int64_t>> as;
  for (int th : {1, 2, 4}) {
    ThreadsScope scope(th);
    std::vector<float> o(static_cast<size_t>(M * N));
    REQUIRE(matmul(op(o.data(), DType::float32, {M, N}, {N, 1}),
                   op(const_cast<float*>(a.data()), DType::float32, {M, K}, {K, 1}),
                   op(const_cast<float*>(b.data()), DType::float32, {K, N}, {N, 1}))
                .ok());
    mm.push_back(o);
    const Operand X = op(const_cast<float*>(x.data()), DType::float32, xs, c_strides(xs));
    std::vector<float> c0(x.size()), c1(x.size()), s(x.size());
    std::vector<int64_t> ai(x.size());
    REQUIRE(scan(ScanOp::cumsum, op(c0.data(), DType::float32, xs, c_strides(xs)), X, 0).ok());
    REQUIRE(scan(ScanOp::cumsum, op(c1.data(), DType::float32, xs, c_strides(xs)), X, 1).ok());
    REQUIRE(sort(op(s.data(), DType::float32, xs, c_strides(xs)), X, 1).ok());
    REQUIRE(argsort(op(ai.data(), DType::int64, xs, c_strides(xs)), X, 0).ok());
    cs0.push_back(c0);
    cs1.push_back(c1);
    so.push_back(s);
    as.push_back(ai);
  }
  for (size_t k = 1; k < mm.size(); ++k) {
    CHECK(same_bits(mm[0], mm[k]));
    CHECK(same_bits(cs0[0], cs0[k]));
    CHECK(same_bits(cs1[0], cs1[k]));
    CHECK(same_bits(so[0], so[k]));
    CHECK(as[0] == as[k]);
  }
  // Spot checks against the definitions.
  double ref = 0;
  for (int64_t k = 0; k < K; ++k) ref += double(a[static_cast<size_t>(7 * K + k)]) * b[static_cast<size_t>(k * N + 9)];
  CHECK(std::fabs(mm[0][static_cast<size_t>(7 * N + 9)] - ref) < 1e-3);
  for (int64_t j = 1; j < 401; ++j) CHECK(so[0][static_cast<size_t>(j - 1)] <= so[0][static_cast<size_t>(j)]);
}

TEST_CASE("parallel: gathers (take along an axis) are the same at 1 and 4 threads", "[parallel]") {
  const LayoutDims sh = {1000, 300};
  const auto x = random_f32(300000, 11);
  std::vector<int64_t> rows(1000), cols(300);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int64_t>((i * 7919) % 1000);
  for (size_t j = 0; j < cols.size(); ++j) cols[j] = static_cast<int64_t>((j * 37) % 300);
  for (int axis : {0, 1}) {
    const std::vector<int64_t>& idx = axis == 0 ? rows : cols;
    std::vector<std::vector<float>> res;
    for (int th : {1, 4}) {
      ThreadsScope scope(th);
      std::vector<float> o(x.size());
      array::Array s, d;
      static_cast<Operand&>(s) = op(const_cast<float*>(x.data()), DType::float32, sh, c_strides(sh));
      static_cast<Operand&>(d) = op(o.data(), DType::float32, sh, c_strides(sh));
      REQUIRE(array::take(d, s, 0.0, axis, std::span<const int64_t>(idx)).ok());
      res.push_back(o);
    }
    CHECK(same_bits(res[0], res[1]));
    // Element (i, j) of the result is x at the gathered position.
    const size_t i = 123, j = 45;
    const float want = axis == 0 ? x[static_cast<size_t>(rows[i]) * 300 + j] : x[i * 300 + static_cast<size_t>(cols[j])];
    CHECK(res[1][i * 300 + j] == want);
  }
}

TEST_CASE("parallel: argmax, prod, any and variance over axes are the same at 1 and 4 threads",
          "[parallel]") {
  const LayoutDims sh = {600, 500};
  auto x = random_f32(300000, 12);
  for (auto& v : x) v = 1.0f + v * 1e-3f;  // products stay finite
  const Operand in = op(x.data(), DType::float32, sh, c_strides(sh));
  for (int axis : {0, 1}) {
    LayoutDims osh = sh;
    osh[axis] = 1;
    const size_t on = static_cast<size_t>(osh[0] * osh[1]);
    std::vector<std::vector<int64_t>> am;
    std::vector<std::vector<float>> pr, va;
    std::vector<std::vector<uint8_t>> an;
    for (int th : {1, 4}) {
      ThreadsScope scope(th);
      std::vector<int64_t> a(on);
      std::vector<float> p(on), v(on);
      std::vector<uint8_t> y(on);
      REQUIRE(arg_reduce(ArgOp::argmax, op(a.data(), DType::int64, osh, c_strides(osh)), in, axis).ok());
      REQUIRE(reduce_more(ReduceMoreOp::prod, op(p.data(), DType::float32, osh, c_strides(osh)), in,
                          uint64_t{1} << axis).ok());
      REQUIRE(reduce_more(ReduceMoreOp::any, op(y.data(), DType::bool_, osh, c_strides(osh)), in,
                          uint64_t{1} << axis).ok());
      REQUIRE(moments(MomentOp::var, op(v.data(), DType::float32, osh, c_strides(osh)), in,
                      uint64_t{1} << axis, 0.0).ok());
      am.push_back(a);
      pr.push_back(p);
      an.push_back(y);
      va.push_back(v);
    }
    INFO("axis " << axis);
    CHECK(am[0] == am[1]);
    CHECK(same_bits(pr[0], pr[1]));
    CHECK(an[0] == an[1]);
    CHECK(same_bits(va[0], va[1]));
  }
}
