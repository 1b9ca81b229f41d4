// complex64 / complex128: conversions through copy (every layout the copy loops take, padding with
// a fill), and the complex kernels through array::run_call (broadcasting, strided and reversed
// operands, reductions over axes, matmul), each against std::complex<long double> references; the
// ops the kernels do not have are refused by name.
#include <catch2/catch.hpp>

#include <complex>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "array/kernel_call.hpp"
#include "kernels/complex.hpp"
#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "test_kernels_util.hpp"
#include "view/layout.hpp"

using namespace sv;
using kernels::c128;
using kernels::c64;
using kernels::DType;
using kt::simd_modes;
using kt::SimdScope;
using cld = std::complex<long double>;

namespace {

// An operand over `buf` (elements of dtype dt) with a layout from layout::create.
template <class E>
array::Array arr(std::vector<E>& buf, DType dt, std::vector<int64_t> shape, std::vector<int64_t> strides = {},
                 int64_t offset = 0, std::vector<FlatRange> mask = {}) {
  array::Array a;
  a.base = buf.data();
  a.len = static_cast<int64_t>(buf.size());
  a.dtype = dt;
  a.layout.shape.assign(shape.data(), shape.size());
  a.layout.offset = offset;
  if (!strides.empty()) a.layout.strides.assign(strides.data(), strides.size());
  if (!mask.empty()) a.layout.mask.assign(mask.data(), mask.size());
  REQUIRE(layout::create(a.layout, !strides.empty()).ok());
  REQUIRE(array::check_bounds(a, "test").ok());
  return a;
}

template <class C>
std::vector<C> random_complex(int64_t n, std::mt19937_64& rng, double scale = 2.0) {
  std::uniform_real_distribution<double> u(-scale, scale);
  std::vector<C> v(static_cast<size_t>(n));
  using P = decltype(C::re);
  for (auto& z : v) z = C{static_cast<P>(u(rng)), static_cast<P>(u(rng))};
  return v;
}

template <class C>
cld ld(const C& z) {
  return {static_cast<long double>(z.re), static_cast<long double>(z.im)};
}

// |got - want| within k units of the part type's epsilon times |want| (plus a tiny absolute floor).
template <class C>
bool close(const C& got, const cld& want, double k) {
  const long double eps = sizeof(C) == 8 ? 1.1920929e-7L : 2.220446049250313e-16L;
  const long double err = std::abs(ld(got) - want);
  return err <= k * eps * (std::abs(want) + 1e-30L) + 1e-300L;
}

array::KernelCall call(int64_t kind, int64_t code, DType rdt) {
  array::KernelCall c;
  c.kind = kind;
  c.code = code;
  c.rdt = rdt;
  return c;
}

struct Owned {
  array::KernelResult r;
  ~Owned() {
    std::free(r.ptr[0]);
    std::free(r.ptr[1]);
  }
  template <class T>
  const T* at() const {
    return reinterpret_cast<const T*>(r.ptr[0]);
  }
};

template <class C>
constexpr DType dt_of() {
  return sizeof(C) == 8 ? DType::complex64 : DType::complex128;
}

}  // namespace

TEST_CASE("complex: copy converts between complex and every real dtype", "[complex]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    std::vector<c128> z = {{1.5, -2.0}, {0.0, 3.25}, {-4.0, 0.0}, {0.0, 0.0}, {1e300, -1e-300}};
    const int64_t n = static_cast<int64_t>(z.size());
    // complex128 -> complex64 -> complex128 (the parts rounded to float32)
    std::vector<c64> z64(z.size());
    auto src = arr(z, DType::complex128, {n});
    auto d64 = arr(z64, DType::complex64, {n});
    REQUIRE(kernels::copy(d64, src, 0.0).ok());
    for (size_t i = 0; i < z.size(); ++i) {
      CHECK(z64[i].re == static_cast<float>(z[i].re));
      CHECK(z64[i].im == static_cast<float>(z[i].im));
    }
    // complex -> float64 (the real part), int32 (the real part truncated), bool (either part != 0)
    std::vector<double> re(z.size());
    auto dre = arr(re, DType::float64, {n});
    REQUIRE(kernels::copy(dre, src, 0.0).ok());
    std::vector<int32_t> ri(z.size());
    auto dri = arr(ri, DType::int32, {n});
    REQUIRE(kernels::copy(dri, src, 0.0).ok());
    std::vector<uint8_t> rb(z.size());
    auto drb = arr(rb, DType::bool_, {n});
    REQUIRE(kernels::copy(drb, src, 0.0).ok());
    for (size_t i = 0; i < z.size(); ++i) {
      CHECK(re[i] == z[i].re);
      CHECK(rb[i] == ((z[i].re != 0 || z[i].im != 0) ? 1 : 0));
    }
    CHECK(ri[0] == 1);
    CHECK(ri[2] == -4);
    CHECK(ri[4] == 2147483647);  // saturates, as every float -> int32 conversion
    // int16 and bool -> complex128: the value, imaginary part 0
    std::vector<int16_t> iv = {-3, 7, 0};
    std::vector<c128> back(3, c128{9, 9});
    auto s16 = arr(iv, DType::int16, {3});
    auto dback = arr(back, DType::complex128, {3});
    REQUIRE(kernels::copy(dback, s16, 0.0).ok());
    CHECK(back[0].re == -3);
    CHECK(back[0].im == 0);
    CHECK(back[1].re == 7);
  }
}

TEST_CASE("complex: copies through strided, reversed, transposed and padded layouts", "[complex]") {
  std::mt19937_64 rng(2026);
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    auto z = random_complex<c128>(6 * 7, rng);
    // a transpose of [6,7] (strides 1, 7), read reversed along the second dim
    auto src = arr(z, DType::complex128, {7, 6}, {1, 7});
    std::vector<c128> out(42);
    auto dst = arr(out, DType::complex128, {7, 6});
    REQUIRE(kernels::copy(dst, src, 0.0).ok());
    for (int i = 0; i < 7; ++i) {
      for (int j = 0; j < 6; ++j) {
        CHECK(out[static_cast<size_t>(i * 6 + j)].re == z[static_cast<size_t>(j * 7 + i)].re);
        CHECK(out[static_cast<size_t>(i * 6 + j)].im == z[static_cast<size_t>(j * 7 + i)].im);
      }
    }
    // padded: [4] valid of [6] (mask [1,5)) with fill 2.5 -> (2.5, 0) in the padding, both dtypes
    for (DType dt : {DType::complex64, DType::complex128}) {
      std::vector<c128> src4 = {{1, 2}, {3, 4}, {5, 6}, {7, 8}, {0, 0}, {0, 0}};
      auto s = arr(src4, DType::complex128, {6}, {1}, -1, {FlatRange{1, 5}});
      std::vector<c128> o128(6);
      std::vector<c64> o64(6);
      auto d = dt == DType::complex128 ? arr(o128, dt, {6}) : arr(o64, dt, {6});
      REQUIRE(kernels::copy(d, s, 2.5).ok());
      for (int i = 0; i < 6; ++i) {
        const double wr = i == 0 || i == 5 ? 2.5 : src4[static_cast<size_t>(i - 1)].re;
        const double wi = i == 0 || i == 5 ? 0.0 : src4[static_cast<size_t>(i - 1)].im;
        const double gr = dt == DType::complex128 ? o128[static_cast<size_t>(i)].re : o64[static_cast<size_t>(i)].re;
        const double gi = dt == DType::complex128 ? o128[static_cast<size_t>(i)].im : o64[static_cast<size_t>(i)].im;
        CHECK(gr == wr);
        CHECK(gi == wi);
      }
    }
    // complex64 flipped (stride -1) into complex64
    auto z64 = random_complex<c64>(37, rng);
    auto f = arr(z64, DType::complex64, {37}, {-1}, 36);
    std::vector<c64> o(37);
    auto d = arr(o, DType::complex64, {37});
    REQUIRE(kernels::copy(d, f, 0.0).ok());
    for (int i = 0; i < 37; ++i) {
      CHECK(o[static_cast<size_t>(i)].re == z64[static_cast<size_t>(36 - i)].re);
      CHECK(o[static_cast<size_t>(i)].im == z64[static_cast<size_t>(36 - i)].im);
    }
  }
}

TEMPLATE_TEST_CASE("complex: elementwise ops with broadcasting and strided operands", "[complex]", c64, c128) {
  using C = TestType;
  constexpr DType dt = dt_of<C>();
  const double k = 8;  // ulps of slack for the library functions
  std::mt19937_64 rng(7);
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    auto av = random_complex<C>(5 * 8, rng);
    auto bv = random_complex<C>(8 * 2, rng);
    // a: [5,4] every other column of [5,8]; b: a row of 4 read backwards from [8,2]'s first column
    // (strides -2 over pairs: offset 6*2)
    const auto A = [&] { return arr(av, dt, {5, 4}, {8, 2}); };
    const auto B = [&] { return arr(bv, dt, {4}, {-4}, 12); };
    const auto a_at = [&](int i, int j) { return ld(av[static_cast<size_t>(i * 8 + j * 2)]); };
    const auto b_at = [&](int j) { return ld(bv[static_cast<size_t>(12 - 4 * j)]); };
    for (auto op : {kernels::BinaryOp::add, kernels::BinaryOp::sub, kernels::BinaryOp::mul,
                    kernels::BinaryOp::div}) {
      auto c = call(wire::kBinary, static_cast<int64_t>(op), dt);
      c.in[0] = A();
      c.in[1] = B();
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j) {
          const cld x = a_at(i, j), y = b_at(j);
          const cld want = op == kernels::BinaryOp::add   ? x + y
                           : op == kernels::BinaryOp::sub ? x - y
                           : op == kernels::BinaryOp::mul ? x * y
                                                          : x / y;
          INFO("op " << static_cast<int>(op) << " at " << i << "," << j);
          CHECK(close(r.at<C>()[i * 4 + j], want, 4));
        }
      }
    }
    // eq / ne: a against itself and a shifted copy
    {
      auto c = call(wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::eq), DType::bool_);
      c.in[0] = A();
      c.in[1] = A();
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int i = 0; i < 20; ++i) CHECK(r.at<uint8_t>()[i] == 1);
    }
    // unary functions against std::complex<long double>
    struct U {
      int64_t kind, code;
      cld (*f)(const cld&);
    };
    const U us[] = {
        {wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::exp), [](const cld& z) { return std::exp(z); }},
        {wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::log), [](const cld& z) { return std::log(z); }},
        {wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::sqrt), [](const cld& z) { return std::sqrt(z); }},
        {wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::neg), [](const cld& z) { return -z; }},
        {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::sin), [](const cld& z) { return std::sin(z); }},
        {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::cos), [](const cld& z) { return std::cos(z); }},
        {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::tanh), [](const cld& z) { return std::tanh(z); }},
        {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::square), [](const cld& z) { return z * z; }},
        {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::arcsin), [](const cld& z) { return std::asin(z); }},
    };
    for (const U& u : us) {
      auto c = call(u.kind, u.code, dt);
      c.in[0] = A();
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j) {
          INFO("kind " << u.kind << " code " << u.code << " at " << i << "," << j);
          CHECK(close(r.at<C>()[i * 4 + j], u.f(a_at(i, j)), k));
        }
      }
    }
    // abs: the part dtype
    {
      auto c = call(wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::abs), kernels::complex_part(dt));
      c.in[0] = A();
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j) {
          const long double want = std::abs(a_at(i, j));
          const long double got = r.at<decltype(C::re)>()[i * 4 + j];
          CHECK(std::abs(got - want) <= 2 * (sizeof(C) == 8 ? 1.2e-7L : 2.3e-16L) * want);
        }
      }
    }
  }
}

TEMPLATE_TEST_CASE("complex: sum, mean, prod over axes, cumsum, where and matmul", "[complex]", c64, c128) {
  using C = TestType;
  constexpr DType dt = dt_of<C>();
  std::mt19937_64 rng(99);
  auto xv = random_complex<C>(3 * 4 * 5, rng, 1.0);
  const auto x_at = [&](int i, int j, int l) { return ld(xv[static_cast<size_t>((i * 4 + j) * 5 + l)]); };
  for (int64_t code : {static_cast<int64_t>(kernels::ReduceOp::sum), static_cast<int64_t>(kernels::ReduceOp::mean)}) {
    auto c = call(wire::kReduce, code, dt);
    c.in[0] = arr(xv, dt, {3, 4, 5});
    c.x.axes = 0b101;  // over dims 0 and 2 -> [4]
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    REQUIRE(r.r.view.shape.size() == 1);
    for (int j = 0; j < 4; ++j) {
      cld want = 0;
      for (int i = 0; i < 3; ++i) {
        for (int l = 0; l < 5; ++l) want += x_at(i, j, l);
      }
      if (code == static_cast<int64_t>(kernels::ReduceOp::mean)) want /= 15.0L;
      CHECK(close(r.at<C>()[j], want, 40));
    }
  }
  {
    auto c = call(wire::kReduceMore, static_cast<int64_t>(kernels::ReduceMoreOp::prod), dt);
    c.in[0] = arr(xv, dt, {3, 4, 5});
    c.x.axes = 0b010;  // over dim 1 -> [3,5]
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    for (int i = 0; i < 3; ++i) {
      for (int l = 0; l < 5; ++l) {
        cld want = 1;
        for (int j = 0; j < 4; ++j) want *= x_at(i, j, l);
        CHECK(close(r.at<C>()[i * 5 + l], want, 16));
      }
    }
  }
  {
    auto c = call(wire::kScan, static_cast<int64_t>(kernels::ScanOp::cumsum), dt);
    c.in[0] = arr(xv, dt, {3, 4, 5});
    c.x.axis = 1;
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    for (int i = 0; i < 3; ++i) {
      for (int l = 0; l < 5; ++l) {
        cld acc = 0;
        for (int j = 0; j < 4; ++j) {
          acc += x_at(i, j, l);
          CHECK(close(r.at<C>()[(i * 4 + j) * 5 + l], acc, 16));
        }
      }
    }
  }
  {
    std::vector<uint8_t> cond = {1, 0, 0, 1, 1};
    auto yv = random_complex<C>(5, rng);
    auto c = call(wire::kWhere, 0, dt);
    c.in[0] = arr(cond, DType::bool_, {5});
    c.in[1] = arr(xv, dt, {3, 4, 5});
    c.in[2] = arr(yv, dt, {5});
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    for (int i = 0; i < 60; ++i) {
      const C want = cond[static_cast<size_t>(i % 5)] ? xv[static_cast<size_t>(i)] : yv[static_cast<size_t>(i % 5)];
      CHECK(r.at<C>()[i].re == want.re);
      CHECK(r.at<C>()[i].im == want.im);
    }
  }
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // [2, 3, 4] @ [4, 5]^T read through a transposed view of [5, 4]
    auto av = random_complex<C>(2 * 3 * 4, rng, 1.0);
    auto bv = random_complex<C>(5 * 4, rng, 1.0);
    auto c = call(wire::kMatmul, 0, dt);
    c.in[0] = arr(av, dt, {2, 3, 4});
    c.in[1] = arr(bv, dt, {4, 5}, {1, 4});
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    for (int s = 0; s < 2; ++s) {
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 5; ++j) {
          cld want = 0;
          for (int q = 0; q < 4; ++q) want += ld(av[static_cast<size_t>((s * 3 + i) * 4 + q)]) * ld(bv[static_cast<size_t>(j * 4 + q)]);
          CHECK(close(r.at<C>()[(s * 3 + i) * 5 + j], want, 40));
        }
      }
    }
  }
}

TEST_CASE("complex: NumPy's division and sign at the edges; ops the kernels lack are refused by name", "[complex]") {
  std::vector<c128> a = {{1, 1}, {1, 0}, {0, 0}, {-2, 3}};
  std::vector<c128> b = {{0, 0}, {1e300, 1e300}, {0, 0}, {0, 0}};
  auto c = call(wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::div), DType::complex128);
  c.in[0] = arr(a, DType::complex128, {4});
  c.in[1] = arr(b, DType::complex128, {4});
  Owned r;
  REQUIRE(array::run_call(c, r.r).ok());
  const c128* q = r.at<c128>();
  CHECK(std::isinf(q[0].re));  // 1 / 0: inf parts, as NumPy's loop
  CHECK(q[1].re == Approx(5e-301).epsilon(1e-12));  // no overflow in Smith's scaling
  CHECK(q[1].im == Approx(-5e-301).epsilon(1e-12));
  CHECK(std::isnan(q[2].re));
  // sqrt: exact where the result is (C99's csqrt, not the polar form): sqrt(-4) is 2j, sqrt(3-4j) 2-1j
  {
    std::vector<c128> z = {{-4, 0}, {3, -4}, {-4, -0.0}, {0, 0}, {1e308, 1e308}};
    auto q2 = call(wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::sqrt), DType::complex128);
    q2.in[0] = arr(z, DType::complex128, {5});
    Owned rq;
    REQUIRE(array::run_call(q2, rq.r).ok());
    const c128* w = rq.at<c128>();
    CHECK((w[0].re == 0 && w[0].im == 2));
    CHECK((w[1].re == 2 && w[1].im == -1));
    CHECK((w[2].re == 0 && w[2].im == -2));  // the other side of the branch cut
    CHECK((w[3].re == 0 && w[3].im == 0));
    CHECK(std::isfinite(w[4].re));
    CHECK(w[4].re == Approx(1.09868411346781e154).epsilon(1e-14));
  }
  // sign: the real part's sign, else the imaginary part's
  auto s = call(wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::sign), DType::complex128);
  s.in[0] = arr(a, DType::complex128, {4});
  Owned rs;
  REQUIRE(array::run_call(s, rs.r).ok());
  CHECK(rs.at<c128>()[0].re == 1);
  CHECK(rs.at<c128>()[2].re == 0);
  CHECK(rs.at<c128>()[3].re == -1);
  CHECK(rs.at<c128>()[3].im == 0);
  // refused: ordering ops and the rest
  for (auto [kind, code] : std::vector<std::pair<int64_t, int64_t>>{
           {wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::maximum)},
           {wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::lt)},
           {wire::kReduce, static_cast<int64_t>(kernels::ReduceOp::max)},
           {wire::kSort, 0},
           {wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::floor)}}) {
    auto u = call(kind, code, kind == wire::kBinary && code == static_cast<int64_t>(kernels::BinaryOp::lt) ? DType::bool_ : DType::complex128);
    u.in[0] = arr(a, DType::complex128, {4});
    if (array::kind_info(kind).arity > 1) u.in[1] = arr(a, DType::complex128, {4});
    if (kind == wire::kReduce) u.x.axes = 1;
    Owned ru;
    const Status st = array::run_call(u, ru.r);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == Code::type_error);
    CHECK_THAT(st.error().message, Catch::Contains("not supported for complex128"));
    CHECK_THAT(st.error().message, Catch::StartsWith(array::kernel_name(kind, code)));
  }
  // mixed complex dtypes are the caller's to cast
  std::vector<c64> a64(4);
  auto m = call(wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::add), DType::complex128);
  m.in[0] = arr(a, DType::complex128, {4});
  m.in[1] = arr(a64, DType::complex64, {4});
  Owned rm;
  const Status sm = array::run_call(m, rm.r);
  REQUIRE_FALSE(sm.ok());
  CHECK_THAT(sm.error().message, Catch::Contains("cast them to one complex dtype"));
}

TEST_CASE("complex: power as NumPy's npy_cpow, asinh and asin accurate for a negative real part", "[complex]") {
  // a ** 0 is 1; 0 ** b: 0 for a positive real b, else nan+nanj; integer exponents by products
  std::vector<c128> a = {{1, 2}, {0, 0}, {0, 0}, {0, 0}, {1, 2}, {1.1, 2.3}, {0, 0}, {2, -1}};
  std::vector<c128> b = {{3, 0}, {0, 1}, {-1, 0}, {2, 0}, {0, 0}, {-5, 0}, {0, 0}, {0.5, 0.25}};
  auto c = call(wire::kMathBinary, static_cast<int64_t>(kernels::MathBinaryOp::pow), DType::complex128);
  c.in[0] = arr(a, DType::complex128, {8});
  c.in[1] = arr(b, DType::complex128, {8});
  Owned r;
  REQUIRE(array::run_call(c, r.r).ok());
  const c128* q = r.at<c128>();
  CHECK((q[0].re == -11 && q[0].im == -2));  // exact, as NumPy (exp(3 log z) is not)
  CHECK((std::isnan(q[1].re) && std::isnan(q[1].im)));
  CHECK((std::isnan(q[2].re) && std::isnan(q[2].im)));
  CHECK((q[3].re == 0 && q[3].im == 0));
  CHECK((q[4].re == 1 && q[4].im == 0));
  CHECK(close(q[5], std::pow(cld(1.1L, 2.3L), -5), 4));
  CHECK((q[6].re == 1 && q[6].im == 0));  // 0 ** 0 is 1
  CHECK(close(q[7], std::pow(cld(2, -1), cld(0.5L, 0.25L)), 8));
  // asinh / asin: within a few ulp of the long double reference on both sides of the imaginary axis
  std::mt19937_64 rng(7);
  auto z = random_complex<c128>(400, rng, 6.0);
  for (auto op : {kernels::MathOp::arcsinh, kernels::MathOp::arcsin}) {
    auto u = call(wire::kMathUnary, static_cast<int64_t>(op), DType::complex128);
    u.in[0] = arr(z, DType::complex128, {400});
    Owned ru;
    REQUIRE(array::run_call(u, ru.r).ok());
    for (size_t i = 0; i < z.size(); ++i) {
      const cld want = op == kernels::MathOp::arcsinh ? std::asinh(ld(z[i])) : std::asin(ld(z[i]));
      INFO("z = " << z[i].re << " + " << z[i].im << "j");
      CHECK(close(ru.at<c128>()[i], want, 8));
    }
  }
}

namespace {

// Equal bits, or both NaN (the SIMD and scalar loops may give NaNs different payloads).
template <class P>
bool same_bits(P x, P y) {
  if (std::isnan(x) && std::isnan(y)) return true;
  return std::memcmp(&x, &y, sizeof(P)) == 0;
}

// Parts that exercise every branch: zeros of both signs, infinities, NaN, huge and tiny (subnormal
// for complex64's float too), and ordinary values.
template <class C>
std::vector<C> edge_values(std::mt19937_64& rng, int64_t n) {
  using P = decltype(C::re);
  const P big = sizeof(P) == 4 ? P(1.5e38f) : P(1e300), tiny = sizeof(P) == 4 ? P(1e-40f) : P(1e-310);
  const P pool[] = {P(0), P(-0.0), P(INFINITY), P(-INFINITY), P(NAN), big, -big, tiny, -tiny,
                    P(1), P(-2.5), P(3), P(0.1), P(1e-20), P(7e15)};
  std::uniform_int_distribution<int> pick(0, 2 * static_cast<int>(std::size(pool)));
  std::uniform_real_distribution<double> u(-4, 4);
  std::vector<C> v(static_cast<size_t>(n));
  for (auto& z : v) {
    const int i = pick(rng), j = pick(rng);
    z.re = i < static_cast<int>(std::size(pool)) ? pool[i] : static_cast<P>(u(rng));
    z.im = j < static_cast<int>(std::size(pool)) ? pool[j] : static_cast<P>(u(rng));
  }
  return v;
}

// The result of kind/code on contiguous [n] operands, and the same op element by element through
// views of stride 2 over spread copies (a layout only the scalar loop takes): equal bit for bit.
// b_bcast: b is one value broadcast (stride 0); a_bcast likewise for a.
template <class C>
void check_rows(int64_t kind, int64_t code, DType rdt, const std::vector<C>& a, const std::vector<C>& b,
                bool a_bcast, bool b_bcast, int64_t n) {
  using P = decltype(C::re);
  constexpr DType dt = dt_of<C>();
  const bool binary = kind == wire::kBinary;
  auto av = a, bv = b;
  auto c = call(kind, code, rdt);
  c.in[0] = a_bcast ? arr(av, dt, {n}, {0}) : arr(av, dt, {n});
  if (binary) c.in[1] = b_bcast ? arr(bv, dt, {n}, {0}) : arr(bv, dt, {n});
  Owned r;
  REQUIRE(array::run_call(c, r.r).ok());
  std::vector<C> as(static_cast<size_t>(2 * n)), bs(static_cast<size_t>(2 * n));
  for (int64_t i = 0; i < n; ++i) {
    as[static_cast<size_t>(2 * i)] = a[a_bcast ? 0 : static_cast<size_t>(i)];
    bs[static_cast<size_t>(2 * i)] = b[b_bcast ? 0 : static_cast<size_t>(i)];
  }
  auto s = call(kind, code, rdt);
  s.in[0] = arr(as, dt, {n}, {2});
  if (binary) s.in[1] = arr(bs, dt, {n}, {2});
  Owned q;
  REQUIRE(array::run_call(s, q.r).ok());
  const int64_t parts = rdt == dt ? 2 : 1;  // abs: one part per element
  for (int64_t i = 0; i < n * parts; ++i) {
    const P got = r.at<P>()[i], want = q.at<P>()[i];
    INFO("kind " << kind << " code " << code << " n " << n << " bcast " << a_bcast << b_bcast << " part " << i << ": "
                 << got << " vs " << want);
    CHECK(same_bits(got, want));
  }
}

}  // namespace

TEMPLATE_TEST_CASE("complex: the SIMD loops of mul, div, square and abs equal the scalar loop bit for bit",
                   "[complex]", c64, c128) {
  using C = TestType;
  constexpr DType dt = dt_of<C>();
  std::mt19937_64 rng(31);
  const int64_t mul = static_cast<int64_t>(kernels::BinaryOp::mul), div = static_cast<int64_t>(kernels::BinaryOp::div);
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // every row length up to 17 (the tails of 4- and 2-element steps), and a long row
    for (int64_t n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 203}) {
      const auto a = edge_values<C>(rng, n), b = edge_values<C>(rng, n);
      for (int64_t code : {mul, div}) {
        check_rows<C>(wire::kBinary, code, dt, a, b, false, false, n);
        check_rows<C>(wire::kBinary, code, dt, a, b, false, true, n);
        check_rows<C>(wire::kBinary, code, dt, a, b, true, false, n);
      }
      check_rows<C>(wire::kMathUnary, static_cast<int64_t>(kernels::MathOp::square), dt, a, a, false, false, n);
      check_rows<C>(wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::abs), kernels::complex_part(dt), a, a,
                    false, false, n);
    }
  }
}

TEMPLATE_TEST_CASE("complex: abs keeps hypot's range, division NumPy's edges, in every loop", "[complex]", c64, c128) {
  using C = TestType;
  using P = decltype(C::re);
  constexpr DType dt = dt_of<C>();
  const bool f32 = sizeof(P) == 4;
  const P big = f32 ? P(2e38f) : P(1e300), tiny = f32 ? P(1e-40f) : P(1e-300);
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // 9 elements: two full complex64 steps and a tail; the edge cases in the steps and the tail
    std::vector<C> z = {{big, big}, {tiny, tiny}, {P(INFINITY), P(NAN)}, {P(NAN), P(-INFINITY)},
                        {P(NAN), P(1)}, {P(3), P(-4)}, {P(-0.0), P(0)}, {big, P(1)}, {big, big}};
    auto c = call(wire::kUnary, static_cast<int64_t>(kernels::UnaryOp::abs), kernels::complex_part(dt));
    c.in[0] = arr(z, dt, {9});
    Owned r;
    REQUIRE(array::run_call(c, r.r).ok());
    const P* h = r.at<P>();
    const long double want_big = std::sqrt(2.0L) * big, want_tiny = std::sqrt(2.0L) * tiny;
    for (int i : {0, 8}) {
      REQUIRE(std::isfinite(h[i]));
      CHECK(std::abs(h[i] - want_big) <= want_big * (f32 ? 1.2e-7L : 2.3e-16L));
    }
    CHECK(h[1] > 0);
    CHECK(std::abs(h[1] - want_tiny) <= want_tiny * (f32 ? 1e-5L : 2.3e-16L));  // complex64: subnormal
    CHECK(h[2] == INFINITY);
    CHECK(h[3] == INFINITY);
    CHECK(std::isnan(h[4]));
    CHECK(h[5] == 5);
    CHECK((h[6] == 0 && !std::signbit(h[6])));
    CHECK(h[7] == big);
    // division: 1 / 0 -> inf parts, 0 / 0 -> nan, no overflow in Smith's scaling, in steps and tail
    std::vector<C> a = {{1, 1}, {0, 0}, {1, 0}, {-2, 3}, {1, 1}, {0, 0}, {1, 0}, {-2, 3}, {1, 1}};
    const P dv = f32 ? P(1e37f) : big;  // complex64: 2e38 + 2e38 overflows scl to 0, as NumPy's float loop
    std::vector<C> b = {{0, 0}, {0, 0}, {dv, dv}, {P(-0.0), 0}, {0, 0}, {0, 0}, {dv, dv}, {0, P(-0.0)}, {0, 0}};
    auto d = call(wire::kBinary, static_cast<int64_t>(kernels::BinaryOp::div), dt);
    d.in[0] = arr(a, dt, {9});
    d.in[1] = arr(b, dt, {9});
    Owned q;
    REQUIRE(array::run_call(d, q.r).ok());
    const C* w = q.at<C>();
    for (int i : {0, 4, 8}) CHECK((w[i].re == INFINITY && w[i].im == INFINITY));
    for (int i : {1, 5}) CHECK((std::isnan(w[i].re) && std::isnan(w[i].im)));
    for (int i : {2, 6}) {
      CHECK(w[i].re == Approx(0.5 / dv).epsilon(1e-6));
      CHECK(w[i].im == Approx(-0.5 / dv).epsilon(1e-6));
    }
    CHECK((w[3].re == -INFINITY && w[3].im == INFINITY));  // divided by |-0| = +0
    CHECK((w[7].re == -INFINITY && w[7].im == INFINITY));
  }
}

TEMPLATE_TEST_CASE("complex: cumprod along every axis, strided, padded, in place and across slabs", "[complex]", c64,
                   c128) {
  using C = TestType;
  constexpr DType dt = dt_of<C>();
  const int64_t code = static_cast<int64_t>(kernels::ScanOp::cumprod);
  std::mt19937_64 rng(5);
  // the products in the scan's order and formula, in C (the kernel must match bit for bit)
  const auto mulc = [](const C& x, const C& y) { return C{x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; };
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // [3,4,5] read reversed along dim 2 (strides 20, 5, -1), every axis, negative axes too
    auto xv = random_complex<C>(60, rng, 1.2);
    for (int axis : {0, 1, 2, -1}) {
      auto c = call(wire::kScan, code, dt);
      c.in[0] = arr(xv, dt, {3, 4, 5}, {20, 5, -1}, 4);
      c.x.axis = axis;
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      const int ax = axis < 0 ? axis + 3 : axis;
      const int64_t shape[3] = {3, 4, 5};
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 4; ++j) {
          for (int l = 0; l < 5; ++l) {
            int64_t idx[3] = {i, j, l};
            if (idx[ax] != 0) continue;
            C acc{};
            for (int64_t k = 0; k < shape[ax]; ++k) {
              idx[ax] = k;
              const C x = xv[static_cast<size_t>(idx[0] * 20 + idx[1] * 5 + 4 - idx[2])];
              acc = k == 0 ? x : mulc(acc, x);
              const C got = r.at<C>()[(idx[0] * 4 + idx[1]) * 5 + idx[2]];
              INFO("axis " << axis << " at " << idx[0] << "," << idx[1] << "," << idx[2]);
              CHECK((same_bits(got.re, acc.re) && same_bits(got.im, acc.im)));
            }
          }
        }
      }
    }
    // the first element is in[0] itself: -0 and inf parts kept (1 * x would change them)
    {
      std::vector<C> z = {{-0.0f, -0.0f}, {2, 1}};
      auto c = call(wire::kScan, code, dt);
      c.in[0] = arr(z, dt, {2});
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      CHECK((std::signbit(r.at<C>()[0].re) && std::signbit(r.at<C>()[0].im)));
    }
    // padded: [6] valid in [1,5) -> zeros outside (the product stays 0 after the first)
    {
      std::vector<C> z = {{1, 2}, {3, 4}, {5, 6}, {7, 8}, {0, 0}, {0, 0}};
      auto c = call(wire::kScan, code, dt);
      c.in[0] = arr(z, dt, {6}, {1}, -1, {FlatRange{1, 5}});
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int i = 0; i < 6; ++i) CHECK((r.at<C>()[i].re == 0 && r.at<C>()[i].im == 0));
      std::vector<C> y = {{1, 2}, {3, 4}};
      auto p = call(wire::kScan, code, dt);  // [3] valid in [0,2): the last reads 0
      p.in[0] = arr(y, dt, {3}, {1}, 0, {FlatRange{0, 2}});
      Owned rp;
      REQUIRE(array::run_call(p, rp.r).ok());
      CHECK((rp.at<C>()[1].re == -5 && rp.at<C>()[1].im == 10));
      CHECK((rp.at<C>()[2].re == 0 && rp.at<C>()[2].im == 0));
    }
    // across slabs: axis 0 of C-order [5, 1100] (contiguous slabs, the SIMD product), padded rows,
    // and in place (out is the input)
    {
      auto big = random_complex<C>(5 * 1100, rng, 1.1);
      auto c = call(wire::kScan, code, dt);
      c.in[0] = arr(big, dt, {5, 1100});
      c.x.axis = 0;
      Owned r;
      REQUIRE(array::run_call(c, r.r).ok());
      for (int64_t j = 0; j < 1100; ++j) {
        C acc = big[static_cast<size_t>(j)];
        for (int64_t i = 1; i < 5; ++i) {
          acc = mulc(acc, big[static_cast<size_t>(i * 1100 + j)]);
          const C got = r.at<C>()[i * 1100 + j];
          if (!same_bits(got.re, acc.re) || !same_bits(got.im, acc.im)) FAIL("slab cumprod differs at " << i << "," << j);
        }
      }
      // [5, 1100] with rows 1..3 valid (mask [1,4) along axis 0): rows 0 and 4 read 0
      auto pc = call(wire::kScan, code, dt);
      pc.in[0] = arr(big, dt, {5, 1100}, {1100, 1}, -1100, {FlatRange{1, 4}, FlatRange{0, 1100}});
      pc.x.axis = 0;
      Owned rp;
      REQUIRE(array::run_call(pc, rp.r).ok());
      for (int64_t j = 0; j < 5 * 1100; ++j) CHECK((rp.at<C>()[j].re == 0 && rp.at<C>()[j].im == 0));
      // in place
      auto inplace = big;
      auto ic = call(wire::kScan, code, dt);
      ic.in[0] = arr(inplace, dt, {5, 1100});
      ic.given = true;
      ic.out = arr(inplace, dt, {5, 1100});
      ic.x.axis = 0;
      Owned ri;
      REQUIRE(array::run_call(ic, ri.r).ok());
      for (int64_t j = 0; j < 5 * 1100; ++j) {
        if (!same_bits(inplace[static_cast<size_t>(j)].re, r.at<C>()[j].re)) FAIL("in-place cumprod differs at " << j);
      }
    }
    // rank 0 and out-of-range axes are refused by name
    {
      std::vector<C> one = {{1, 1}};
      auto c = call(wire::kScan, code, dt);
      c.in[0] = arr(one, dt, {1});
      c.x.axis = 1;
      Owned r;
      const Status st = array::run_call(c, r.r);
      REQUIRE_FALSE(st.ok());
      CHECK_THAT(st.error().message, Catch::StartsWith("cumprod: axis 1 is out of range for rank 1"));
    }
  }
}
