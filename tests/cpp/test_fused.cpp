// kernels::fused (kernels/fused.hpp): a traced elementwise program in one pass. Its result is bit
// for bit the chain of the unfused kernels (binary, unary, math, casts) with a temporary per step,
// over contiguous, transposed, broadcast (stride 0) and masked (padded, with a fill) inputs; an out
// overlapping an input other than element for element reads the input first; check_fused refuses
// malformed programs by name; an integer power with a negative exponent is an error at 1, 2 and 4
// threads wherever the element falls (the pool's tasks run the blocks on other threads).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "kernels/dtype.hpp"
#include "kernels/fused.hpp"
#include "kernels/kernels.hpp"
#include "kernels/numpy_ops.hpp"
#include "parallel/pool.hpp"

using namespace sv;
using namespace sv::kernels;

namespace {

struct ThreadsScope {
  explicit ThreadsScope(int n) { parallel::set_threads(n); }
  ~ThreadsScope() { parallel::set_threads(1); }
};

Operand op(void* base, DType t, LayoutDims shape, LayoutDims strides, int64_t offset = 0, LayoutMask mask = {}) {
  Operand o;
  o.base = base;
  o.dtype = t;
  o.layout = Layout(shape, strides, offset, mask);
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

template <class T>
std::vector<T> values(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      v[i] = static_cast<T>(std::uniform_real_distribution<double>(-4.0, 4.0)(g));
      if (i % 97 == 3) v[i] = std::numeric_limits<T>::quiet_NaN();
      if (i % 89 == 5) v[i] = -std::numeric_limits<T>::infinity();
      if (i % 83 == 7) v[i] = T(-0.0);
    } else {
      v[i] = static_cast<T>(static_cast<int64_t>(g() % 19) - 9);
    }
  }
  return v;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

FusedStep step(int64_t kind, int64_t code, DType in, DType out, std::initializer_list<int32_t> args) {
  FusedStep s;
  s.kind = kind;
  s.code = code;
  s.in = in;
  s.out = out;
  s.nargs = static_cast<int>(args.size());
  int k = 0;
  for (int32_t a : args) s.arg[k++] = a;
  return s;
}

// fused() over `n` operands (it takes an array of pointers to them).
Status run_fused(const FusedProgram& p, const Operand& out, const Operand* in, int n, const double* fills = nullptr) {
  std::vector<const Operand*> ptr;
  for (int k = 0; k < n; ++k) ptr.push_back(in + k);
  return fused(p, out, ptr.data(), fills);
}

constexpr int64_t B = wire::kBinary, M = wire::kMathUnary, MB = wire::kMathBinary;
int64_t code(BinaryOp o) { return static_cast<int64_t>(o); }
int64_t code(MathOp o) { return static_cast<int64_t>(o); }
int64_t code(MathBinaryOp o) { return static_cast<int64_t>(o); }

}  // namespace

TEST_CASE("fused: a chain over transposed, broadcast and padded inputs equals the unfused kernels bit for bit",
          "[fused]") {
  // (x - m) * 3 then maximum with a padded input, square, then x > that (bool), where(bool, t, m)
  for (const LayoutDims& sh : {LayoutDims{7, 9}, LayoutDims{80, 96}, LayoutDims{257, 300}}) {
    const int64_t R = sh[0], C = sh[1], n = R * C;
    for (int th : {1, 4}) {
      ThreadsScope scope(th);
      INFO("shape " << dims_to_string(sh) << ", " << th << " threads");
      const auto xs = values<float>(static_cast<size_t>(n), 1);                 // x read transposed
      const auto ms = values<float>(static_cast<size_t>(C), 2);                 // m: a row, stride 0 on dim 0
      const auto ps = values<float>(static_cast<size_t>((R - 2) * C), 3);       // p: padded rows (fill 2.5)
      const Operand X = op(const_cast<float*>(xs.data()), DType::float32, sh, {1, R});
      const Operand Mrow = op(const_cast<float*>(ms.data()), DType::float32, sh, {0, 1});
      // p: shape [R, C], rows 1..R-2 valid (the mask), backed by R-2 rows of data
      const Operand P = op(const_cast<float*>(ps.data()), DType::float32, sh, {C, 1}, -C, LayoutMask{{1, R - 1}, {0, C}});
      FusedProgram p;
      p.nin = 3;
      p.consts = {{DType::float32, 3.0}};
      // values: 0 X, 1 M, 2 P, 3 c0, then steps 4..
      p.steps.push_back(step(B, code(BinaryOp::sub), DType::float32, DType::float32, {0, 1}));      // 4
      p.steps.push_back(step(B, code(BinaryOp::mul), DType::float32, DType::float32, {4, 3}));      // 5
      p.steps.push_back(step(B, code(BinaryOp::maximum), DType::float32, DType::float32, {5, 2}));  // 6
      p.steps.push_back(step(M, code(MathOp::square), DType::float32, DType::float32, {6}));        // 7
      p.steps.push_back(step(B, code(BinaryOp::gt), DType::float32, DType::bool_, {0, 7}));         // 8
      p.steps.push_back(step(wire::kWhere, 0, DType::float32, DType::float32, {8, 7, 1}));          // 9
      p.result = 9;
      std::vector<float> got(static_cast<size_t>(n), 99.0f);
      const Operand in[3] = {X, Mrow, P};
      const double fills[3] = {0, 0, 2.5};
      REQUIRE(run_fused(p, op(got.data(), DType::float32, sh, c_strides(sh)), in, 3, fills).ok());

      // the unfused chain, a temporary per step
      const LayoutDims cs = c_strides(sh);
      std::vector<float> t4(got.size()), t5(got.size()), t6(got.size()), t7(got.size()), t9(got.size()), pc(got.size());
      std::vector<uint8_t> t8(got.size());
      std::vector<float> three(1, 3.0f);
      auto T = [&](std::vector<float>& v) { return op(v.data(), DType::float32, sh, cs); };
      REQUIRE(copy(T(pc), P, 2.5).ok());
      REQUIRE(binary(BinaryOp::sub, T(t4), X, Mrow).ok());
      REQUIRE(binary(BinaryOp::mul, T(t5), T(t4), op(three.data(), DType::float32, sh, {0, 0})).ok());
      REQUIRE(binary(BinaryOp::maximum, T(t6), T(t5), T(pc)).ok());
      REQUIRE(math_unary(MathOp::square, T(t7), T(t6)).ok());
      REQUIRE(binary(BinaryOp::gt, op(t8.data(), DType::bool_, sh, cs), X, T(t7)).ok());
      REQUIRE(where(T(t9), op(t8.data(), DType::bool_, sh, cs), T(t7), Mrow).ok());
      CHECK(same_bits(got, t9));
      // into a transposed float64 out: the result converted
      std::vector<double> g64(got.size(), -1.0), w64(got.size(), -2.0);
      REQUIRE(run_fused(p, op(g64.data(), DType::float64, sh, {1, R}), in, 3, fills).ok());
      REQUIRE(copy(op(w64.data(), DType::float64, sh, {1, R}), T(t9)).ok());
      CHECK(same_bits(g64, w64));
    }
  }
}

TEST_CASE("fused: casts, integer ops and float16 rounding per step equal the unfused kernels", "[fused]") {
  const LayoutDims sh{33, 70};
  const int64_t n = 33 * 70;
  const LayoutDims cs = c_strides(sh);
  const auto a = values<int8_t>(static_cast<size_t>(n), 4);
  const auto b = values<int16_t>(static_cast<size_t>(n), 5);
  // int8 -> int16, floor_divide by b (zeros included), mod, then to float16, * 0.1 (float16), + 1
  FusedProgram p;
  p.nin = 2;
  p.consts = {{DType::float16, 0.1}, {DType::float16, 1.0}};
  // 0 a, 1 b, 2 c0, 3 c1, steps 4..
  p.steps.push_back(step(wire::kCopy, 0, DType::int8, DType::int16, {0}));                         // 4
  p.steps.push_back(step(B, code(BinaryOp::floor_divide), DType::int16, DType::int16, {4, 1}));   // 5
  p.steps.push_back(step(B, code(BinaryOp::mod), DType::int16, DType::int16, {5, 1}));            // 6
  p.steps.push_back(step(wire::kCopy, 0, DType::int16, DType::float16, {6}));                      // 7
  p.steps.push_back(step(B, code(BinaryOp::mul), DType::float16, DType::float16, {7, 2}));        // 8
  p.steps.push_back(step(B, code(BinaryOp::add), DType::float16, DType::float16, {8, 3}));        // 9
  p.result = 9;
  std::vector<uint16_t> got(static_cast<size_t>(n));
  const Operand in[2] = {op(const_cast<int8_t*>(a.data()), DType::int8, sh, cs), op(const_cast<int16_t*>(b.data()), DType::int16, sh, cs)};
  REQUIRE(run_fused(p, op(got.data(), DType::float16, sh, cs), in, 2).ok());
  // the unfused chain as the package runs it: float16 is storage only, each float16 op computes
  // in float32 (operands widened exactly) and its result is rounded to float16 once
  std::vector<int16_t> t4(got.size()), t5(got.size()), t6(got.size());
  std::vector<uint16_t> t7(got.size()), t8(got.size()), t9(got.size());
  std::vector<float> w(got.size()), r(got.size());
  float c0 = half_to_float(to_half(0.1)), c1 = 1.0f;
  auto I = [&](std::vector<int16_t>& v) { return op(v.data(), DType::int16, sh, cs); };
  auto H = [&](std::vector<uint16_t>& v) { return op(v.data(), DType::float16, sh, cs); };
  auto F = [&](std::vector<float>& v) { return op(v.data(), DType::float32, sh, cs); };
  REQUIRE(copy(I(t4), in[0]).ok());
  REQUIRE(binary(BinaryOp::floor_divide, I(t5), I(t4), in[1]).ok());
  REQUIRE(binary(BinaryOp::mod, I(t6), I(t5), in[1]).ok());
  REQUIRE(copy(H(t7), I(t6)).ok());
  REQUIRE(copy(F(w), H(t7)).ok());
  REQUIRE(binary(BinaryOp::mul, F(r), F(w), op(&c0, DType::float32, sh, {0, 0})).ok());
  REQUIRE(copy(H(t8), F(r)).ok());
  REQUIRE(copy(F(w), H(t8)).ok());
  REQUIRE(binary(BinaryOp::add, F(r), F(w), op(&c1, DType::float32, sh, {0, 0})).ok());
  REQUIRE(copy(H(t9), F(r)).ok());
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != t9[i] && bad++ == 0) {
      INFO("element " << i << ": a " << int(a[i]) << " b " << b[i] << ": fused 0x" << std::hex << got[i] << ", unfused 0x" << t9[i]);
      CHECK(got[i] == t9[i]);
    }
  }
  CHECK(bad == 0);
}

TEST_CASE("fused: an out overlapping an input (its transpose, a shifted view) reads the input first", "[fused]") {
  const int64_t N = 96;
  for (int th : {1, 2}) {
    ThreadsScope scope(th);
    auto a = values<double>(static_cast<size_t>(N * N), 6);
    const auto orig = a;
    // out = a.T, program: a * 2 - a.T  (in0 = a, in1 = a.T)
    FusedProgram p;
    p.nin = 2;
    p.consts = {{DType::float64, 2.0}};
    p.steps.push_back(step(B, code(BinaryOp::mul), DType::float64, DType::float64, {0, 2}));  // 3
    p.steps.push_back(step(B, code(BinaryOp::sub), DType::float64, DType::float64, {3, 1}));  // 4
    p.result = 4;
    const Operand A = op(a.data(), DType::float64, {N, N}, {N, 1});
    const Operand AT = op(a.data(), DType::float64, {N, N}, {1, N});
    const Operand in[2] = {A, AT};
    REQUIRE(run_fused(p, AT, in, 2).ok());
    std::vector<double> want(a.size());
    for (int64_t i = 0; i < N; ++i) {
      for (int64_t j = 0; j < N; ++j) {
        // out[i][j] (stored at a[j][i]) = orig[i][j] * 2 - orig[j][i]
        want[static_cast<size_t>(j * N + i)] = orig[static_cast<size_t>(i * N + j)] * 2.0 - orig[static_cast<size_t>(j * N + i)];
      }
    }
    CHECK(same_bits(a, want));
    // a shifted 1-D view: out = a[1:], input a[:-1] (+1)
    auto v = values<double>(1001, 7);
    const auto vo = v;
    FusedProgram q;
    q.nin = 1;
    q.consts = {{DType::float64, 1.0}};
    q.steps.push_back(step(B, code(BinaryOp::add), DType::float64, DType::float64, {0, 1}));
    q.result = 2;
    const Operand head = op(v.data(), DType::float64, {1000}, {1});
    const Operand tail = op(v.data() + 1, DType::float64, {1000}, {1});
    REQUIRE(run_fused(q, tail, &head, 1).ok());
    std::vector<double> vw = vo;
    for (size_t i = 0; i < 1000; ++i) vw[i + 1] = vo[i] + 1.0;
    CHECK(same_bits(v, vw));
  }
}

TEST_CASE("fused: an integer power with a negative exponent is an error at 1, 2 and 4 threads", "[fused]") {
  const int64_t R = 512, C = 512, n = R * C;
  const LayoutDims sh{R, C}, cs = c_strides(sh);
  std::vector<int32_t> base(static_cast<size_t>(n), 2), out(static_cast<size_t>(n));
  FusedProgram p;
  p.nin = 2;
  p.steps.push_back(step(MB, code(MathBinaryOp::pow), DType::int32, DType::int32, {0, 1}));
  p.result = 2;
  for (int th : {1, 2, 4}) {
    ThreadsScope scope(th);
    for (int64_t at : {int64_t{0}, n / 4 + 3, n / 2 + 7, 3 * n / 4 + 1, n - 1}) {
      INFO(th << " threads, the exponent -1 at flat index " << at);
      std::vector<int32_t> e(static_cast<size_t>(n), 1);
      e[static_cast<size_t>(at)] = -1;
      const Operand in[2] = {op(base.data(), DType::int32, sh, cs), op(e.data(), DType::int32, sh, cs)};
      const Status s = run_fused(p, op(out.data(), DType::int32, sh, cs), in, 2);
      CHECK(!s.ok());
      if (!s.ok()) CHECK_THAT(s.error().message, Catch::Contains("negative integer powers"));
      // the next call with no negative exponent succeeds (no flag left behind on any thread)
      e[static_cast<size_t>(at)] = 3;
      const Operand in2[2] = {op(base.data(), DType::int32, sh, cs), op(e.data(), DType::int32, sh, cs)};
      CHECK(run_fused(p, op(out.data(), DType::int32, sh, cs), in2, 2).ok());
      CHECK(out[static_cast<size_t>(at)] == 8);
    }
  }
}

TEST_CASE("fused: malformed programs and operands are refused by name", "[fused]") {
  float a[6] = {1, 2, 3, 4, 5, 6}, o[6] = {};
  int32_t i[6] = {};
  const Operand A = op(a, DType::float32, {2, 3}, {3, 1});
  const Operand O = op(o, DType::float32, {2, 3}, {3, 1});
  auto good = [] {
    FusedProgram p;
    p.nin = 1;
    p.steps.push_back(step(B, code(BinaryOp::add), DType::float32, DType::float32, {0, 0}));
    p.result = 1;
    return p;
  };
  REQUIRE(run_fused(good(), O, &A, 1).ok());
  CHECK(o[5] == 12.0f);
  std::vector<DType> dts;
  const DType in_dt[1] = {DType::float32};
  auto refused = [&](FusedProgram p, const char* what) {
    INFO(what);
    const Status s = check_fused(p, in_dt, &dts);
    CHECK(!s.ok());
    if (!s.ok()) CHECK_THAT(s.error().message, Catch::StartsWith("fuse: "));
    // and fused() itself refuses it, leaving out untouched
    std::memset(o, 0, sizeof o);
    CHECK(!run_fused(p, O, &A, 1).ok());
    CHECK(o[0] == 0.0f);
  };
  {
    FusedProgram p = good();
    p.steps[0].arg[1] = 5;
    refused(p, "an argument past the values");
  }
  {
    FusedProgram p = good();
    p.steps[0].arg[0] = -1;
    refused(p, "a negative argument");
  }
  {
    FusedProgram p = good();
    p.steps.push_back(step(B, code(BinaryOp::add), DType::float32, DType::float32, {0, 3}));
    p.result = 2;
    refused(p, "a forward reference (a step reading itself)");
  }
  {
    FusedProgram p = good();
    p.steps[0].nargs = 3;
    refused(p, "three arguments to a binary op");
  }
  {
    FusedProgram p = good();
    p.steps[0].in = DType::float64;
    p.steps[0].out = DType::float64;
    refused(p, "operand dtypes other than the step's");
  }
  {
    FusedProgram p = good();
    p.steps[0].out = DType::int32;
    refused(p, "a result dtype the op does not give");
  }
  {
    FusedProgram p = good();
    p.steps[0].kind = wire::kReduce;
    refused(p, "a reduction");
  }
  {
    FusedProgram p = good();
    p.steps[0].kind = wire::kMatmul;
    refused(p, "matmul");
  }
  {
    FusedProgram p = good();
    p.result = 7;
    refused(p, "the result past the values");
  }
  {
    FusedProgram p = good();
    p.steps[0].code = 99;
    refused(p, "an unknown op code");
  }
  {
    FusedProgram p = good();
    p.consts.assign(65, FusedConst{DType::float32, 1.0});
    refused(p, "65 constants");
  }
  {
    FusedProgram p = good();
    p.nin = 8;
    const DType eight[8] = {DType::float32, DType::float32, DType::float32, DType::float32,
                            DType::float32, DType::float32, DType::float32, DType::float32};
    CHECK(!check_fused(p, eight, &dts).ok());
  }
  // operands: an input of another shape, a read-only (stride 0) out, an out of another kind
  const Operand A32 = op(a, DType::float32, {3, 2}, {2, 1});
  CHECK(!run_fused(good(), O, &A32, 1).ok());
  CHECK(!run_fused(good(), op(o, DType::float32, {2, 3}, {0, 1}), &A, 1).ok());
  const Status cast = run_fused(good(), op(i, DType::int32, {2, 3}, {3, 1}), &A, 1);
  INFO((cast.ok() ? std::string("ok") : cast.error().message));
  // float32 into an int32 out: the kernel converts (the package applies same_kind before)
  CHECK(cast.ok());
  // an empty out: nothing runs, no error
  const Operand E = op(a, DType::float32, {0, 3}, {3, 1});
  CHECK(run_fused(good(), op(o, DType::float32, {0, 3}, {3, 1}), &E, 1).ok());
}

namespace {

// The reduction of a program's values as fused_call makes it: an operand whose values FusedValues
// computes (kernels::ValueSource, its addresses the flat indices).
Status reduce_values(const FusedProgram& p, const LayoutDims& sh, const Operand* in, int n, const double* fills,
                     const Operand& out, uint64_t axes, int kind, int code) {
  std::vector<const Operand*> ptr;
  for (int k = 0; k < n; ++k) ptr.push_back(in + k);
  FusedValues vals;
  SV_CHECK(vals.init(p, std::span<const int64_t>(sh.data(), sh.size()), ptr.data(), fills, &out));
  static char base[16];
  Operand v;
  v.base = base;
  v.dtype = vals.dtype();
  v.layout = Layout(sh, c_strides(sh));
  v.layout.contiguous = true;
  v.source = &vals;
  SV_CHECK(kind == 0 ? reduce(static_cast<ReduceOp>(code), out, v, axes)
                     : reduce_more(static_cast<ReduceMoreOp>(code), out, v, axes));
  return vals.finish();
}

LayoutDims keep_shape(const LayoutDims& sh, uint64_t axes) {
  LayoutDims k = sh;
  for (size_t d = 0; d < sh.size(); ++d) {
    if ((axes >> d) & 1u) k[d] = 1;
  }
  return k;
}

}  // namespace

TEST_CASE("fused values: a final reduction equals the reduction of the materialised chain bit for bit",
          "[fused]") {
  // (x - m) * 3 over a transposed x and a broadcast row m, then maximum with a padded p: reduced by
  // sum / mean / max / min (reduce) and prod (reduce_more) over every axis set, into float32 and
  // (converting on the way, the kernels' cast path) float64, at 1 and 4 threads.
  for (const LayoutDims& sh : {LayoutDims{7, 9}, LayoutDims{80, 96}, LayoutDims{300, 257}, LayoutDims{3, 70001},
                               LayoutDims{40, 3, 1100}, LayoutDims{5}}) {
    const int r = static_cast<int>(sh.size());
    int64_t n = 1;
    for (int64_t d : sh) n *= d;
    const int64_t C = sh[sh.size() - 1];
    const auto xs = values<float>(static_cast<size_t>(n), 11);
    const auto ms = values<float>(static_cast<size_t>(C), 12);
    const auto ps = values<float>(static_cast<size_t>(n), 13);
    // x: read in Fortran order (every dim transposed)
    LayoutDims xst = sh;
    for (int d = 0, k = 1; d < r; k *= static_cast<int>(sh[static_cast<size_t>(d)]), ++d) xst[static_cast<size_t>(d)] = k;
    LayoutDims mst(sh.size(), 0);
    mst[mst.size() - 1] = 1;
    LayoutMask pm;
    for (int64_t d : sh) pm.push_back({0, d});
    pm[pm.size() - 1] = {1, C - 1};
    const Operand X = op(const_cast<float*>(xs.data()), DType::float32, sh, xst);
    const Operand Mrow = op(const_cast<float*>(ms.data()), DType::float32, sh, mst);
    const Operand P = op(const_cast<float*>(ps.data()), DType::float32, sh, c_strides(sh), 0, pm);
    FusedProgram p;
    p.nin = 3;
    p.consts = {{DType::float32, 3.0}};
    p.steps.push_back(step(B, code(BinaryOp::sub), DType::float32, DType::float32, {0, 1}));      // 4
    p.steps.push_back(step(B, code(BinaryOp::mul), DType::float32, DType::float32, {4, 3}));      // 5
    p.steps.push_back(step(B, code(BinaryOp::maximum), DType::float32, DType::float32, {5, 2}));  // 6
    p.result = 6;
    Operand in[3] = {X, Mrow, P};
    const double fills[3] = {0, 0, -0.5};
    for (int padded = 1; padded >= 0; --padded) {
    // without the padded input and x read in C order, short rows are computed several at a time
    // (m's one row tiled, x's rows merged)
    if (!padded) {
      p.steps.resize(2);
      p.result = 5;
      in[0] = op(const_cast<float*>(xs.data()), DType::float32, sh, c_strides(sh));
    }
    // the chain materialised
    std::vector<float> full(static_cast<size_t>(n));
    INFO((padded ? "with" : "without") << " the padded input");
    const Operand F = op(full.data(), DType::float32, sh, c_strides(sh));
    REQUIRE(run_fused(p, F, in, 3, fills).ok());
    for (uint64_t axes = 1; axes < (uint64_t{1} << r); ++axes) {
      const LayoutDims ks = keep_shape(sh, axes);
      int64_t kn = 1;
      for (int64_t d : ks) kn *= d;
      for (int th : {1, 4}) {
        ThreadsScope scope(th);
        for (int kind = 0; kind < 2; ++kind) {
          for (int code = 0; code < (kind == 0 ? 4 : 1); ++code) {
            for (DType odt : {DType::float32, DType::float64}) {
              if (kind == 0 && code != 0 && code != 3 && odt == DType::float64) continue;  // max/min: out of the input's dtype
              INFO("shape " << dims_to_string(sh) << " axes " << axes << " kind " << kind << " code " << code
                            << " out " << dtype_name(odt) << ", " << th << " threads");
              std::vector<double> got(static_cast<size_t>(kn), 7.0), want(static_cast<size_t>(kn), 8.0);
              const Operand G = op(got.data(), odt, ks, c_strides(ks));
              const Operand W = op(want.data(), odt, ks, c_strides(ks));
              REQUIRE(reduce_values(p, sh, in, 3, fills, G, axes, kind, code).ok());
              if (kind == 0) REQUIRE(reduce(static_cast<ReduceOp>(code), W, F, axes).ok());
              else REQUIRE(reduce_more(ReduceMoreOp::prod, W, F, axes).ok());
              CHECK(std::memcmp(got.data(), want.data(), static_cast<size_t>(kn) * dtype_size(odt)) == 0);
            }
          }
        }
      }
    }
    }
  }
}

TEST_CASE("fused values: only the reductions read computed values; errors still come after a reduction",
          "[fused]") {
  std::vector<int32_t> xs = {1, 2, 3, 4, 5, 6};
  std::vector<int32_t> es = {2, -1, 2, 2, 2, 2};
  const LayoutDims sh{2, 3};
  const Operand in[2] = {op(xs.data(), DType::int32, sh, {3, 1}), op(es.data(), DType::int32, sh, {3, 1})};
  FusedProgram p;
  p.nin = 2;
  p.steps.push_back(step(MB, code(MathBinaryOp::pow), DType::int32, DType::int32, {0, 1}));
  p.result = 2;
  std::vector<int64_t> got(3);
  // pow's negative exponent, met while the reduction reads: an error naming it, at 1 and 4 threads
  for (int th : {1, 4}) {
    ThreadsScope scope(th);
    const Status st = reduce_values(p, sh, in, 2, nullptr, op(got.data(), DType::int64, {1, 3}, {3, 1}), 1, 0, 0);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("negative integer powers") != std::string::npos);
  }
  // a kernel other than the reductions refuses a computed operand by name
  FusedValues vals;
  const Operand* ptr[2] = {&in[0], &in[1]};
  p.steps[0] = step(B, code(BinaryOp::add), DType::int32, DType::int32, {0, 1});
  REQUIRE(vals.init(p, std::span<const int64_t>(sh.data(), sh.size()), ptr, nullptr, nullptr).ok());
  static char base[16];
  Operand v;
  v.base = base;
  v.dtype = vals.dtype();
  v.layout = Layout(sh, {3, 1});
  v.layout.contiguous = true;
  v.source = &vals;
  std::vector<int32_t> o(6);
  const Status st = unary(UnaryOp::neg, op(o.data(), DType::int32, sh, {3, 1}), v);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message.find("computed values") != std::string::npos);
  // and sum reads them: x + e = [[3, 1, 5], [6, 7, 8]], summed over axis 0
  std::vector<int64_t> s(3, -1);
  REQUIRE(reduce(ReduceOp::sum, op(s.data(), DType::int64, {1, 3}, {3, 1}), v, 1).ok());
  CHECK(s == std::vector<int64_t>{9, 8, 13});
}
