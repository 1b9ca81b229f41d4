// math_unary() / math_binary() / clip(): random strided / broadcast / masked operands against a
// per-element reference (masked-out inputs read as 0), special values, errors. The transcendental
// ops run the vector math library: the reference is its scalar build called on the one element
// (bit-identical to the SIMD build, whose accuracy test_vmath.cpp measures), both with the SIMD
// loops on and off.
#include "kernels/numpy_ops.hpp"
#include "kernels/vmath.hpp"
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

namespace vs = sv::kernels::vmath::scalar_build;

// What the kernel computes for one element of dtype T: the vector math library (its scalar build,
// bit-identical to the SIMD build), the C library in float64 for the inverse functions, exact ops
// otherwise.
template <class T>
T expected_unary(MathOp op, T x) {
  using F = void (*)(T*, const T*, int64_t);
  F f = nullptr;
  constexpr bool f32 = sizeof(T) == 4;
  switch (op) {
    case MathOp::sin: f = f32 ? F(vs::sin_f32) : F(vs::sin_f64); break;
    case MathOp::cos: f = f32 ? F(vs::cos_f32) : F(vs::cos_f64); break;
    case MathOp::tan: f = f32 ? F(vs::tan_f32) : F(vs::tan_f64); break;
    case MathOp::tanh: f = f32 ? F(vs::tanh_f32) : F(vs::tanh_f64); break;
    case MathOp::exp2: f = f32 ? F(vs::exp2_f32) : F(vs::exp2_f64); break;
    case MathOp::log2: f = f32 ? F(vs::log2_f32) : F(vs::log2_f64); break;
    case MathOp::sinh: f = f32 ? F(vs::sinh_f32) : F(vs::sinh_f64); break;
    case MathOp::cosh: f = f32 ? F(vs::cosh_f32) : F(vs::cosh_f64); break;
    // the C library in float64, rounded once to T
    case MathOp::arcsin: if (f32) { f = F(vs::arcsin_f32); break; } return static_cast<T>(std::asin(static_cast<double>(x)));
    case MathOp::arccos: if (f32) { f = F(vs::arccos_f32); break; } return static_cast<T>(std::acos(static_cast<double>(x)));
    case MathOp::arctan: if (f32) { f = F(vs::arctan_f32); break; } return static_cast<T>(std::atan(static_cast<double>(x)));
    case MathOp::arcsinh: if (f32) { f = F(vs::arcsinh_f32); break; } return static_cast<T>(std::asinh(static_cast<double>(x)));
    case MathOp::arccosh:
      if (f32) { f = F(vs::arccosh_f32); break; }
      return x < 1 ? std::numeric_limits<T>::quiet_NaN() : static_cast<T>(std::acosh(static_cast<double>(x)));
    case MathOp::arctanh: if (f32) { f = F(vs::arctanh_f32); break; } return static_cast<T>(std::atanh(static_cast<double>(x)));
    case MathOp::log10: f = f32 ? F(vs::log10_f32) : F(vs::log10_f64); break;
    case MathOp::log1p: f = f32 ? F(vs::log1p_f32) : F(vs::log1p_f64); break;
    case MathOp::expm1: f = f32 ? F(vs::expm1_f32) : F(vs::expm1_f64); break;
    default: return ref_unary<T>(op, x);
  }
  if (f == nullptr) return ref_unary<T>(op, x);
  T y;
  f(&y, &x, 1);
  return y;
}

// True when the kernel reads b as one scalar exponent (math.cpp's test: no mask, stride 0 on every
// dim longer than 1).
bool is_uniform(const Arr& b) {
  const Operand o = b.op();
  if (o.layout.has_mask()) return false;
  for (size_t d = 0; d < o.layout.shape.size(); ++d) {
    if (o.layout.shape[d] == 0 || (o.layout.shape[d] > 1 && o.layout.strides[d] != 0)) return false;
  }
  return true;
}

// float pow as the kernel computes it: a scalar exponent through the library's pow_scalar (fast
// paths, else its general pow), an array exponent through the library's pow.
template <class T>
T expected_pow(T x, T y, bool scalar_exponent) {
  T r;
  if constexpr (sizeof(T) == 4) {
    if (scalar_exponent) vs::pow_scalar_f32(&r, &x, 1, y);
    else vs::pow_f32(&r, &x, &y, 1);
  } else {
    if (scalar_exponent) vs::pow_scalar_f64(&r, &x, 1, y);
    else vs::pow_f64(&r, &x, &y, 1);
  }
  return r;
}

constexpr MathOp kFloatOps[] = {MathOp::square, MathOp::floor, MathOp::ceil, MathOp::rint,
                                MathOp::trunc,  MathOp::sign,  MathOp::sin,  MathOp::cos,
                                MathOp::tan,    MathOp::tanh,  MathOp::exp2, MathOp::log2,
                                MathOp::log10,  MathOp::log1p, MathOp::expm1, MathOp::sinh,
                                MathOp::cosh,   MathOp::arcsin, MathOp::arccos, MathOp::arctan,
                                MathOp::arcsinh, MathOp::arccosh, MathOp::arctanh};

}  // namespace

TEST_CASE("math_unary: float ops over random views", "[math]") {
  std::mt19937_64 rng(1601);
  for (DType t : {DType::float32, DType::float64}) {
    for (MathOp op : kFloatOps) {
      for (int rep = 0; rep < 8; ++rep) {
        const Dims sh = random_shape(rng, 3, 9);
        const Arr a = make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4));
        Arr out = make_arr(random_dst_view(sh, rng), t, rng, 1);
        const Arr out0 = out;
        for (bool simd : simd_modes()) {
          SimdScope scope(simd);
          out = out0;
          const auto before = out.bytes;
          INFO(a.describe("a") << " op " << static_cast<int>(op) << " simd " << simd);
          Status s = math_unary(op, out.op(), a.op());
          if (!s.ok()) FAIL(s.error().message);
          visit_dtype(t, [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (is_float_v<T>) {
              CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                      return expected_unary<T>(op, read_or_zero<T>(a, idx));
                    }) == "");
            }
          });
        }
      }
    }
  }
}

// arctan2 and hypot over random views: the C library in float64 (float32 widened, rounded once),
// float32 hypot through the vector library (float64 lanes); integer operands are a type error.
TEST_CASE("math_binary: arctan2 and hypot over random views", "[math]") {
  std::mt19937_64 rng(1603);
  for (DType t : {DType::float32, DType::float64}) {
    for (MathBinaryOp op : {MathBinaryOp::arctan2, MathBinaryOp::hypot}) {
      for (int rep = 0; rep < 8; ++rep) {
        const Dims sh = random_shape(rng, 3, 7);
        const Arr a = make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4));
        const Arr b = make_arr(random_src_view(sh, rng), t, rng, 2, true);
        Arr out = make_arr(random_dst_view(sh, rng), t, rng, 0);
        const Arr out0 = out;
        for (bool simd : simd_modes()) {
          SimdScope scope(simd);
          out = out0;
          const auto before = out.bytes;
          INFO(a.describe("a") << b.describe("b") << " op " << static_cast<int>(op) << " simd " << simd);
          REQUIRE(math_binary(op, out.op(), a.op(), b.op()).ok());
          visit_dtype(t, [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (is_float_v<T>) {
              CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                      const T x = read_or_zero<T>(a, idx), y = read_or_zero<T>(b, idx);
                      if (sizeof(T) == 4) {  // the vector library (float64 lanes)
                        float r;
                        const float xf = static_cast<float>(x), yf = static_cast<float>(y);
                        (op == MathBinaryOp::hypot ? vs::hypot_f32 : vs::arctan2_f32)(&r, &xf, &yf, 1);
                        return static_cast<T>(r);
                      }
                      const double dx = static_cast<double>(x), dy = static_cast<double>(y);
                      return static_cast<T>(op == MathBinaryOp::arctan2 ? std::atan2(dx, dy)
                                                                        : std::hypot(dx, dy));
                    }) == "");
            }
          });
        }
      }
    }
  }
  const Arr ai = make_arr(random_src_view({3}, rng), DType::int32, rng, 0);
  Arr oi = make_arr(random_dst_view({3}, rng), DType::int32, rng, 0);
  const Status s = math_binary(MathBinaryOp::arctan2, oi.op(), ai.op(), ai.op());
  REQUIRE(!s.ok());
  CHECK(s.error().message.find("binary arctan2: a and b must share float32 or float64") == 0);
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
                  return expected_pow<T>(read_or_zero<T>(a, idx), read_or_zero<T>(b, idx),
                                         is_uniform(b));
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
          // Integers: power by squaring wrapping in the dtype, sign, exact clip.
          Arr out = make_arr(random_dst_view(sh, rng), t, rng, 0);
          auto before = out.bytes;
          // A negative exponent anywhere is NumPy's error; the test then runs on |b|.
          bool negative = false;
          for_each_index(sh, [&](const Dims& idx) { negative |= read_or_zero<T>(b, idx) < T(0); });
          Status ps = math_binary(MathBinaryOp::pow, out.op(), a.op(), b.op());
          Arr babs = b;
          if (negative) {
            REQUIRE(!ps.ok());
            CHECK(ps.error().code == Code::invalid_argument);
            CHECK(ps.error().message.rfind("binary pow: integers to negative integer powers are "
                                           "not allowed: exponent -",
                                           0) == 0);
            for_each_index(sh, [&](const Dims& idx) {
              if (!babs.view.is_valid(idx)) return;
              T v = babs.get<T>(idx);
              if (v < T(0)) v = static_cast<T>(0 - static_cast<uint64_t>(v));
              if (v < T(0)) v = T(3);  // the most negative value has no absolute value
              babs.set<T>(idx, v);
            });
            before = out.bytes;
            REQUIRE(math_binary(MathBinaryOp::pow, out.op(), a.op(), babs.op()).ok());
          } else {
            REQUIRE(ps.ok());
          }
          CHECK(check_dst<T>(out, before, [&](const Dims& idx) {
                  const T x = read_or_zero<T>(a, idx), e = read_or_zero<T>(babs, idx);
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

namespace {
// Distance in units in the last place of T between got and want (both finite, same sign).
template <class T>
double ulp_distance(T got, T want) {
  const T spacing = std::nextafter(std::fabs(want), std::numeric_limits<T>::infinity()) -
                    std::fabs(want);
  return std::fabs(static_cast<double>(got) - static_cast<double>(want)) / spacing;
}

template <class T>
void check_scalar_pow() {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<T> xs = {0,        -T(0),  1,         -1,     2,      -2,         T(0.5), -T(0.5),
                       -8,       inf,    -inf,      nan,    T(3.7), T(-3.7),    T(1e-30), T(-1e-30),
                       T(1e30),  T(-1e30), std::numeric_limits<T>::denorm_min(),
                       std::numeric_limits<T>::max(), std::numeric_limits<T>::min(), T(1.0000001),
                       T(0.9999999), T(123.456), T(-7.25)};
  const int64_t n = static_cast<int64_t>(xs.size());
  for (double yd : {-4.0, -3.0, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 2.5, 1.0 / 3, -7.0}) {
    for (bool simd : simd_modes()) {
      SimdScope scope(simd);
      const T y = static_cast<T>(yd);
      std::vector<T> out(xs.size(), T(42));
      const DType dt = sizeof(T) == 4 ? DType::float32 : DType::float64;
      // a read backwards (stride -1), the exponent a broadcast scalar (stride 0), out strided.
      Operand a{xs.data() + n - 1, {}, dt};
      a.layout.shape = {n};
      a.layout.strides = {-1};
      Operand b{const_cast<T*>(&y), {}, dt};
      b.layout.shape = {n};
      b.layout.strides = {0};
      std::vector<T> o2(2 * xs.size(), T(42));
      Operand o{o2.data(), {}, dt};
      o.layout.shape = {n};
      o.layout.strides = {2};
      REQUIRE(math_binary(MathBinaryOp::pow, o, a, b).ok());
      for (int64_t i = 0; i < n; ++i) {
        const T x = xs[static_cast<size_t>(n - 1 - i)];
        const T got = o2[static_cast<size_t>(2 * i)];
        CHECK(o2[static_cast<size_t>(2 * i + 1)] == T(42));
        // NumPy's value: C99 pow in the dtype (float32 through float64, rounded once).
        const T want = static_cast<T>(std::pow(static_cast<double>(x), static_cast<double>(y)));
        INFO("pow(" << x << ", " << y << ") = " << got << ", want " << want << " simd " << simd);
        CHECK(same_value(got, expected_pow<T>(x, y, true)));
        if (std::isfinite(want) && want != 0 && std::isfinite(got)) {
          CHECK(ulp_distance(got, want) <= 2.0);
        } else {
          CHECK(same_value(got, want));
        }
      }
    }
  }
}
}  // namespace

TEST_CASE("math: pow with a scalar exponent (fast paths) keeps NumPy's values", "[math]") {
  check_scalar_pow<float>();
  check_scalar_pow<double>();
}

TEST_CASE("math: integer pow with a negative exponent is NumPy's error", "[math]") {
  int32_t x[3] = {2, 3, 4}, e[3] = {2, -2, 1}, o[3] = {0, 0, 0};
  Operand a{x, {}, DType::int32};
  a.layout.shape = {3};
  a.layout.strides = {1};
  Operand b = a, out = a;
  b.base = e;
  out.base = o;
  const Status s = math_binary(MathBinaryOp::pow, out, a, b);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::invalid_argument);
  CHECK(s.error().message ==
        "binary pow: integers to negative integer powers are not allowed: exponent -2 (dtype "
        "int32); use a float base or exponent");
  e[1] = 2;
  REQUIRE(math_binary(MathBinaryOp::pow, out, a, b).ok());
  CHECK(o[0] == 4);
  CHECK(o[1] == 9);
  CHECK(o[2] == 4);
}

namespace {
// One 1-D call of a unary math op: a read backwards (stride -1), out strided (stride 2), as in
// the pow test above; returns out's elements (the gaps checked untouched).
template <class T, class R>
std::vector<R> run_unary_1d(MathOp op, const std::vector<T>& xs, DType in, DType outdt) {
  const int64_t n = static_cast<int64_t>(xs.size());
  std::vector<T> rev(xs.rbegin(), xs.rend());
  Operand a{rev.data() + n - 1, {}, in};
  a.layout.shape = {n};
  a.layout.strides = {-1};
  std::vector<R> o2(2 * xs.size(), R(42));
  Operand o{o2.data(), {}, outdt};
  o.layout.shape = {n};
  o.layout.strides = {2};
  REQUIRE(math_unary(op, o, a).ok());
  std::vector<R> r;
  for (int64_t i = 0; i < n; ++i) {
    CHECK(o2[static_cast<size_t>(2 * i + 1)] == R(42));
    r.push_back(o2[static_cast<size_t>(2 * i)]);
  }
  return r;
}
// One 1-D binary call, b a broadcast scalar when `scalar_b` (stride 0).
template <class T>
std::vector<T> run_binary_1d(MathBinaryOp op, const std::vector<T>& xs, const std::vector<T>& ys, DType dt,
                             Status* st = nullptr) {
  const int64_t n = static_cast<int64_t>(xs.size());
  std::vector<T> o(xs.size(), T(42));
  Operand a{const_cast<T*>(xs.data()), {}, dt}, b{const_cast<T*>(ys.data()), {}, dt}, out{o.data(), {}, dt};
  a.layout.shape = b.layout.shape = out.layout.shape = {n};
  a.layout.strides = out.layout.strides = {1};
  b.layout.strides = {ys.size() == 1 ? 0 : 1};
  const Status s = math_binary(op, out, a, b);
  if (st != nullptr) *st = s;
  else REQUIRE(s.ok());
  return o;
}

template <class T>
void check_exact_float_ops() {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T dmin = std::numeric_limits<T>::denorm_min();
  const DType dt = sizeof(T) == 4 ? DType::float32 : DType::float64;
  const std::vector<T> xs = {0, -T(0), 1, -1, T(2.5), T(-3.75), 8, -27, inf, -inf, nan, dmin,
                             std::numeric_limits<T>::max(), std::numeric_limits<T>::min(), T(1e-3)};
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    const auto cb = run_unary_1d<T, T>(MathOp::cbrt, xs, dt, dt);
    const auto sp = run_unary_1d<T, T>(MathOp::spacing, xs, dt, dt);
    const auto fm = run_unary_1d<T, T>(MathOp::frexp_mantissa, xs, dt, dt);
    const auto fe = run_unary_1d<T, int32_t>(MathOp::frexp_exponent, xs, dt, DType::int32);
    const auto mf = run_unary_1d<T, T>(MathOp::modf_fraction, xs, dt, dt);
    const auto sb = run_unary_1d<T, uint8_t>(MathOp::signbit, xs, dt, DType::bool_);
    for (size_t i = 0; i < xs.size(); ++i) {
      const T x = xs[i];
      INFO("x = " << x << " simd " << simd);
      CHECK(same_value(cb[i], std::cbrt(x)));
      // NumPy's spacing: NaN at +-inf, away from zero below 0, toward +inf from +-0
      const T want_sp = std::isinf(x) ? nan : std::nextafter(x, x < 0 ? -inf : inf) - x;
      CHECK(same_value(sp[i], want_sp));
      int e = 0;
      const T m = std::isfinite(x) ? std::frexp(x, &e) : x;
      CHECK(same_value(fm[i], m));
      CHECK(fe[i] == (std::isfinite(x) ? e : 0));
      T ip;
      CHECK(same_value(mf[i], std::modf(x, &ip)));
      CHECK(sb[i] == (std::signbit(x) ? 1 : 0));
    }
    CHECK(sp[0] == dmin);  // spacing(0) and spacing(-0): the smallest subnormal, positive
    CHECK(sp[1] == dmin);
    CHECK(fe[11] == (sizeof(T) == 4 ? -148 : -1073));
    CHECK(ulp_distance(cb[7], T(-3)) <= 1.0);  // cbrt(-27): the C library's, within 1 ulp
    // binary: copysign, nextafter, fmax / fmin (NumPy: x1 when strictly beyond or x2 is NaN, else x2), ldexp
    const std::vector<T> ys = {-1, 1, nan, -0.0, 0, inf, -inf, 2, nan, 5, 3, 0, -5, 7, 1};
    const auto cs = run_binary_1d<T>(MathBinaryOp::copysign, xs, ys, dt);
    const auto na = run_binary_1d<T>(MathBinaryOp::nextafter, xs, ys, dt);
    const auto mx = run_binary_1d<T>(MathBinaryOp::fmax, xs, ys, dt);
    const auto mn = run_binary_1d<T>(MathBinaryOp::fmin, xs, ys, dt);
    const std::vector<T> es = {3, -2, 0, 1, -1, 10, -10, 200, 1, -1100, 2000, 0, -3, 4, -1};
    const auto ld = run_binary_1d<T>(MathBinaryOp::ldexp, xs, es, dt);
    for (size_t i = 0; i < xs.size(); ++i) {
      const T x = xs[i], y = ys[i];
      INFO("x = " << x << ", y = " << y);
      CHECK(same_value(cs[i], std::copysign(x, y)));
      CHECK(same_value(na[i], std::nextafter(x, y)));
      CHECK(same_value(mx[i], (x > y || y != y) ? x : y));
      CHECK(same_value(mn[i], (x < y || y != y) ? x : y));
      CHECK(same_value(ld[i], std::ldexp(x, static_cast<int>(es[i]))));
    }
    // equal operands give x2: fmax(-0, 0) is 0, fmax(0, -0) is -0 (NumPy)
    const auto tie = run_binary_1d<T>(MathBinaryOp::fmax, std::vector<T>{-T(0), T(0)}, std::vector<T>{T(0), -T(0)}, dt);
    CHECK(!std::signbit(tie[0]));
    CHECK(std::signbit(tie[1]));
  }
}
}  // namespace

TEST_CASE("math: cbrt, spacing, frexp, modf, signbit, copysign, nextafter, fmax, fmin, ldexp", "[math][math_more]") {
  check_exact_float_ops<float>();
  check_exact_float_ops<double>();
}

TEST_CASE("math: float16 spacing and nextafter step in binary16", "[math][math_more]") {
  // float16 values held in float32 (run_call widens them): 1, 0, -0, 65504, -1, 2^-24
  const std::vector<float> xs = {1.0f, 0.0f, -0.0f, 65504.0f, -1.0f, 0x1p-24f, std::numeric_limits<float>::infinity()};
  const auto sp = run_unary_1d<float, float>(MathOp::spacing_half, xs, DType::float32, DType::float32);
  CHECK(sp[0] == 0x1p-10f);
  CHECK(sp[1] == 0x1p-24f);
  CHECK(sp[2] == 0x1p-24f);
  CHECK(std::isinf(sp[3]));
  CHECK(sp[4] == -0x1p-10f);  // away from zero: -1 - 2^-10 is the next float16
  CHECK(sp[5] == 0x1p-24f);
  CHECK(std::isnan(sp[6]));
  const std::vector<float> ys = {2.0f, -1.0f, 1.0f, std::numeric_limits<float>::infinity(), 0.0f, 0.0f, 0.0f};
  const auto na = run_binary_1d<float>(MathBinaryOp::nextafter_half, xs, ys, DType::float32);
  CHECK(na[0] == 1.0f + 0x1p-10f);
  CHECK(na[1] == -0x1p-24f);
  CHECK(na[2] == 0x1p-24f);
  CHECK(std::isinf(na[3]));
  CHECK(na[4] == -1.0f + 0x1p-11f);
  CHECK(na[5] == 0.0f);
  CHECK(na[6] == 65504.0f);
}

TEST_CASE("math: gcd and lcm of integers wrap as NumPy's", "[math][math_more]") {
  const std::vector<int8_t> a = {12, -128, 0, 100, -6, 7};
  const std::vector<int8_t> b = {18, 0, 0, 3, 4, -7};
  const auto g = run_binary_1d<int8_t>(MathBinaryOp::gcd, a, b, DType::int8);
  const auto l = run_binary_1d<int8_t>(MathBinaryOp::lcm, a, b, DType::int8);
  CHECK(std::vector<int>(g.begin(), g.end()) == std::vector<int>{6, -128, 0, 1, 2, 7});
  CHECK(std::vector<int>(l.begin(), l.end()) == std::vector<int>{36, 0, 0, 44, 12, 7});
  const std::vector<int64_t> a64 = {INT64_MIN, 0, 1LL << 40, -(1LL << 62)};
  const std::vector<int64_t> b64 = {0, INT64_MIN, 3LL << 20, 6};
  const auto g64 = run_binary_1d<int64_t>(MathBinaryOp::gcd, a64, b64, DType::int64);
  CHECK(g64 == std::vector<int64_t>{INT64_MIN, INT64_MIN, 1LL << 20, 2});
  const std::vector<uint64_t> u = {UINT64_MAX, 1ULL << 63}, v = {3, 1ULL << 62};
  const auto gu = run_binary_1d<uint64_t>(MathBinaryOp::gcd, u, v, DType::uint64);
  const auto lu = run_binary_1d<uint64_t>(MathBinaryOp::lcm, u, v, DType::uint64);
  CHECK(gu == std::vector<uint64_t>{3, 1ULL << 62});
  CHECK(lu == std::vector<uint64_t>{UINT64_MAX, 1ULL << 63});
  Status st = ok_status();
  run_binary_1d<double>(MathBinaryOp::gcd, {1.0}, {2.0}, DType::float64, &st);
  CHECK(st.error().code == Code::type_error);
  run_binary_1d<int32_t>(MathBinaryOp::copysign, {1}, {2}, DType::int32, &st);
  CHECK(st.error().code == Code::type_error);
}
