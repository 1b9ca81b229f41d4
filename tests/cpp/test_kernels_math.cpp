// math_unary() / math_binary() / clip(): random strided / broadcast / masked operands against a
// per-element reference (the same libm; masked-out inputs read as 0), special values, errors.
#include "kernels/numpy_ops.hpp"
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

template <class T>
T ref_unary(MathOp op, T x) {
  switch (op) {
    case MathOp::square: return x * x;
    case MathOp::floor: return std::floor(x);
    case MathOp::ceil: return std::ceil(x);
    case MathOp::rint: {
      // half to even, written out: floor(x + 0.5) unless exactly halfway to an odd result
      if (!std::isfinite(x)) return x;
      const T f = std::floor(x), d = x - f;
      T r = d < T(0.5) ? f : d > T(0.5) ? f + 1 : (std::fmod(f, T(2)) == 0 ? f : f + 1);
      return r == 0 ? std::copysign(T(0), x) : r;
    }
    case MathOp::trunc: return std::trunc(x);
    case MathOp::sign: return x != x ? x : x > 0 ? T(1) : x < 0 ? T(-1) : x;
    case MathOp::sin: return std::sin(x);
    case MathOp::cos: return std::cos(x);
    case MathOp::tan: return std::tan(x);
    case MathOp::tanh: return std::tanh(x);
    case MathOp::exp2: return std::exp2(x);
    case MathOp::log2: return std::log2(x);
    case MathOp::log10: return std::log10(x);
    case MathOp::log1p: return std::log1p(x);
    default: return std::expm1(x);
  }
}

constexpr MathOp kFloatOps[] = {MathOp::square, MathOp::floor, MathOp::ceil, MathOp::rint,
                                MathOp::trunc,  MathOp::sign,  MathOp::sin,  MathOp::cos,
                                MathOp::tan,    MathOp::tanh,  MathOp::exp2, MathOp::log2,
                                MathOp::log10,  MathOp::log1p, MathOp::expm1};

}  // namespace

TEST_CASE("math_unary: float ops over random views", "[math]") {
  std::mt19937_64 rng(1601);
  for (DType t : {DType::float32, DType::float64}) {
    for (MathOp op : kFloatOps) {
      for (int rep = 0; rep < 8; ++rep) {
        const Dims sh = random_shape(rng, 3, 9);
        const Arr a = make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4));
        Arr out = make_arr(random_dst_view(sh, rng), t, rng, 1);
        const auto before = out.bytes;
        INFO(a.describe("a") << " op " << static_cast<int>(op));
        Status s = math_unary(op, out.op(), a.op());
        if (!s.ok()) FAIL(s.error().message);
        visit_dtype(t, [&](auto tag) {
          using T = typename decltype(tag)::type;
          if constexpr (is_float_v<T>) {
            CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                    // float32 is computed in float64 and rounded once (the contract)
                    return static_cast<T>(ref_unary<double>(op, read_or_zero<T>(a, idx)));
                  }) == "");
          }
        });
      }
    }
  }
}

TEST_CASE("math: predicates, logical ops, pow, clip", "[math]") {
  std::mt19937_64 rng(1602);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 10; ++rep) {
      const Dims sh = random_shape(rng, 3, 7);
      const Arr a = make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4));
      const Arr b = make_arr(random_src_view(sh, rng), t, rng, 2, true);
      visit_dtype(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        auto truth = [](T v) { return ref_convert<b8, T>(v).v != 0; };
        for (int k = 0; k < 3; ++k) {
          const MathOp op = k == 0   ? MathOp::isnan
                            : k == 1 ? MathOp::isfinite
                                     : MathOp::logical_not;
          Arr out = make_arr(random_dst_view(sh, rng), DType::bool_, rng, 1);
          const auto before = out.bytes;
          REQUIRE(math_unary(op, out.op(), a.op()).ok());
          CHECK(check_dst<b8>(out, before, [&](const Dims& idx) {
                  const T v = read_or_zero<T>(a, idx);
                  const double d = ref_convert<double, T>(v);
                  const bool r = k == 0 ? d != d : k == 1 ? std::isfinite(d) : !truth(v);
                  return b8{static_cast<uint8_t>(r)};
                }) == "");
        }
        for (MathBinaryOp op :
             {MathBinaryOp::logical_and, MathBinaryOp::logical_or, MathBinaryOp::logical_xor}) {
          Arr out = make_arr(random_dst_view(sh, rng), DType::bool_, rng, 3);
          const auto before = out.bytes;
          REQUIRE(math_binary(op, out.op(), a.op(), b.op()).ok());
          CHECK(check_dst<b8>(out, before, [&](const Dims& idx) {
                  const bool x = truth(read_or_zero<T>(a, idx)), y = truth(read_or_zero<T>(b, idx));
                  const bool r = op == MathBinaryOp::logical_and  ? x && y
                                 : op == MathBinaryOp::logical_or ? x || y
                                                                  : x != y;
                  return b8{static_cast<uint8_t>(r)};
                }) == "");
        }
        if constexpr (is_float_v<T>) {
          Arr out = make_arr(random_dst_view(sh, rng), t, rng, 0);
          auto before = out.bytes;
          REQUIRE(math_binary(MathBinaryOp::pow, out.op(), a.op(), b.op()).ok());
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  return static_cast<T>(std::pow(static_cast<double>(read_or_zero<T>(a, idx)),
                                                 static_cast<double>(read_or_zero<T>(b, idx))));
                }) == "");
          const Arr hi = make_arr(random_src_view(sh, rng), t, rng, 1, true);
          before = out.bytes;
          REQUIRE(clip(out.op(), a.op(), b.op(), hi.op()).ok());
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  const T x = read_or_zero<T>(a, idx), l = read_or_zero<T>(b, idx),
                          h = read_or_zero<T>(hi, idx);
                  // NumPy's macros: _NPY_MIN(_NPY_MAX(x, lo), hi) with NaN kept
                  const T m = (x != x || x > l) ? x : l;
                  return (m != m || m < h) ? m : h;
                }) == "");
        } else if constexpr (!std::is_same_v<T, b8>) {
          // Integers: power by squaring wrapping in the dtype (negative exponents: 0, or 1 / +-1
          // for a base of 1 / -1), sign, exact clip.
          Arr out = make_arr(random_dst_view(sh, rng), t, rng, 0);
          auto before = out.bytes;
          REQUIRE(math_binary(MathBinaryOp::pow, out.op(), a.op(), b.op()).ok());
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  const T x = read_or_zero<T>(a, idx), e = read_or_zero<T>(b, idx);
                  if (e < T(0)) {
                    if (x == T(1)) return T(1);
                    if constexpr (std::is_signed_v<T>) {
                      if (x == T(-1)) return (-static_cast<int64_t>(e)) % 2 ? T(-1) : T(1);
                    }
                    return T(0);
                  }
                  uint64_t r = 1;
                  for (uint64_t k = 0; k < static_cast<uint64_t>(e) && k < 200; ++k) {
                    r *= static_cast<uint64_t>(x);
                  }
                  if (static_cast<uint64_t>(e) >= 200) {  // large exponents: squaring reference
                    r = 1;
                    uint64_t base = static_cast<uint64_t>(x);
                    for (uint64_t k = static_cast<uint64_t>(e); k; k >>= 1, base *= base) {
                      if (k & 1u) r *= base;
                    }
                  }
                  return static_cast<T>(r);
                }) == "");
          before = out.bytes;
          REQUIRE(math_unary(MathOp::sign, out.op(), a.op()).ok());
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  const T x = read_or_zero<T>(a, idx);
                  return x > T(0) ? T(1) : x < T(0) ? static_cast<T>(-1) : T(0);
                }) == "");
          const Arr hi = make_arr(random_src_view(sh, rng), t, rng, 1, true);
          before = out.bytes;
          REQUIRE(clip(out.op(), a.op(), b.op(), hi.op()).ok());
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  const T x = read_or_zero<T>(a, idx), l = read_or_zero<T>(b, idx),
                          h = read_or_zero<T>(hi, idx);
                  const T m = x < l ? l : x;
                  return m > h ? h : m;
                }) == "");
        }
      });
    }
  }
}

TEST_CASE("math: rint halves, sign zeros, errors", "[math]") {
  double x[] = {0.5, 1.5, 2.5, -0.5, -2.5, 3.49999, -0.0, NAN};
  double o[8];
  Operand a{x, {}, DType::float64};
  a.layout.shape = {8};
  a.layout.strides = {1};
  Operand out{o, {}, DType::float64};
  out.layout = a.layout;
  REQUIRE(math_unary(MathOp::rint, out, a).ok());
  CHECK(o[0] == 0);
  CHECK(o[1] == 2);
  CHECK(o[2] == 2);
  CHECK(std::signbit(o[3]));
  CHECK(o[4] == -2);
  CHECK(o[5] == 3);
  REQUIRE(math_unary(MathOp::sign, out, a).ok());
  CHECK(std::signbit(o[6]));
  CHECK(std::isnan(o[7]));
  Operand i32 = a;
  i32.dtype = DType::int32;
  CHECK(math_unary(MathOp::sin, out, i32).error().code == Code::type_error);
  CHECK(math_unary(MathOp::isnan, out, a).error().code == Code::type_error);
  CHECK(math_unary(static_cast<MathOp>(40), out, a).error().code == Code::invalid_argument);
  CHECK(clip(out, a, a, i32).error().code == Code::type_error);
  // In place.
  REQUIRE(math_unary(MathOp::square, a, a).ok());
  CHECK(x[1] == 2.25);
}
