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
