// binary(), unary(), where(): every op and dtype over random strided / broadcast / masked layouts,
// 1-D sweeps around the SIMD tails, in-place and overlapping outputs, errors. The reference below
// spells out each op's documented semantics element by element.
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

constexpr BinaryOp kBinaryOps[] = {BinaryOp::add, BinaryOp::sub,     BinaryOp::mul,
                                   BinaryOp::div, BinaryOp::maximum, BinaryOp::minimum,
                                   BinaryOp::eq,  BinaryOp::ne,      BinaryOp::lt,
                                   BinaryOp::le,  BinaryOp::gt,      BinaryOp::ge};
constexpr UnaryOp kUnaryOps[] = {UnaryOp::neg, UnaryOp::abs, UnaryOp::sqrt, UnaryOp::exp,
                                 UnaryOp::log};

bool is_cmp(BinaryOp op) { return static_cast<int>(op) >= static_cast<int>(BinaryOp::eq); }
bool defined(BinaryOp op, DType t) {
  return !(t == DType::bool_ && (op == BinaryOp::sub || op == BinaryOp::div));
}
bool defined(UnaryOp op, DType t) {
  const bool fl = t == DType::float32 || t == DType::float64;
  if (op == UnaryOp::sqrt || op == UnaryOp::exp || op == UnaryOp::log) return fl;
  return !(op == UnaryOp::neg && t == DType::bool_);
}

template <class T>
bool ref_compare(BinaryOp op, T a, T b) {
  if constexpr (is_bool_v<T>) {
    return ref_compare<uint8_t>(op, a.v, b.v);
  } else {
    switch (op) {
      case BinaryOp::eq:
        return a == b;
      case BinaryOp::ne:
        return a != b;
      case BinaryOp::lt:
        return a < b;
      case BinaryOp::le:
        return a <= b;
      case BinaryOp::gt:
        return a > b;
      default:
        return a >= b;
    }
  }
}

template <class T>
T ref_arith(BinaryOp op, T a, T b) {
  if constexpr (is_bool_v<T>) {
    const bool any = op == BinaryOp::add || op == BinaryOp::maximum;
    return b8{static_cast<uint8_t>(any ? (a.v | b.v) : (a.v & b.v))};
  } else if constexpr (is_float_v<T>) {
    switch (op) {
      case BinaryOp::add:
        return a + b;
      case BinaryOp::sub:
        return a - b;
      case BinaryOp::mul:
        return a * b;
      case BinaryOp::div:
        return a / b;
      case BinaryOp::maximum:
        if (std::isnan(a)) return a;
        if (std::isnan(b)) return b;
        return a > b ? a : b;  // equal (+0 vs -0): b, as NumPy
      default:
        if (std::isnan(a)) return a;
        if (std::isnan(b)) return b;
        return a < b ? a : b;
    }
  } else {
    const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
    switch (op) {
      case BinaryOp::add:
        return static_cast<T>(ua + ub);
      case BinaryOp::sub:
        return static_cast<T>(ua - ub);
      case BinaryOp::mul:
        return static_cast<T>(ua * ub);
      case BinaryOp::div: {
        if (b == 0) return T(0);
        const __int128 x = a, y = b;
        __int128 q = x / y;
        if (q * y != x && ((x < 0) != (y < 0))) q -= 1;  // floor
        return static_cast<T>(static_cast<uint64_t>(static_cast<unsigned __int128>(q)));
      }
      case BinaryOp::maximum:
        return a > b ? a : b;
      default:
        return a < b ? a : b;
    }
  }
}

template <class T>
T ref_unary(UnaryOp op, T a) {
  if constexpr (is_bool_v<T>) {
    return a;  // abs
  } else if constexpr (is_float_v<T>) {
    switch (op) {
      case UnaryOp::neg:
        return -a;
      case UnaryOp::abs:
        return std::fabs(a);
      case UnaryOp::sqrt:
        return std::sqrt(a);
      case UnaryOp::exp:
        return std::exp(a);
      default:
        return std::log(a);
    }
  } else {
    const uint64_t neg = uint64_t{0} - static_cast<uint64_t>(a);
    if (op == UnaryOp::neg) return static_cast<T>(neg);
    if constexpr (std::is_signed_v<T>) return a < 0 ? static_cast<T>(neg) : a;
    return a;
  }
}

template <class T>
bool close_ulps(T got, T want) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  const T tol = std::numeric_limits<T>::epsilon() * 4 * std::max<T>(std::fabs(want), T(1e-30));
  return std::fabs(got - want) <= tol;
}

void run_binary_case(BinaryOp op, const Arr& a, const Arr& b, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO("op " << static_cast<int>(op) << " simd " << simd << "\n"
               << a.describe("a") << "\n"
               << b.describe("b") << "\n"
               << out.describe("out"));
    Status s = binary(op, out.op(), a.op(), b.op());
    if (!s.ok()) FAIL("binary failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if (is_cmp(op)) {
        err = check_dst<b8>(out, before, [&](const Dims& idx) {
          return b8{static_cast<uint8_t>(
              ref_compare<T>(op, read_or_zero<T>(a, idx), read_or_zero<T>(b, idx)))};
        });
      } else {
        err = check_dst<T>(out, before, [&](const Dims& idx) {
          return ref_arith<T>(op, read_or_zero<T>(a, idx), read_or_zero<T>(b, idx));
        });
      }
    });
    CHECK(err == "");
  }
}

void run_unary_case(UnaryOp op, const Arr& a, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO("unary op " << static_cast<int>(op) << " simd " << simd << "\n"
                     << a.describe("a") << "\n"
                     << out.describe("out"));
    Status s = unary(op, out.op(), a.op());
    if (!s.ok()) FAIL("unary failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      std::function<bool(T, T)> close = nullptr;
      if constexpr (is_float_v<T>) {
        if (op == UnaryOp::exp || op == UnaryOp::log) close = close_ulps<T>;
      }
      err = check_dst<T>(
          out, before, [&](const Dims& idx) { return ref_unary<T>(op, read_or_zero<T>(a, idx)); },
          close);
    });
    CHECK(err == "");
  }
}

void run_where_case(const Arr& c, const Arr& a, const Arr& b, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO("where simd " << simd << "\n"
                       << c.describe("cond") << "\n"
                       << a.describe("a") << "\n"
                       << b.describe("b") << "\n"
                       << out.describe("out"));
    Status s = where(out.op(), c.op(), a.op(), b.op());
    if (!s.ok()) FAIL("where failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      err = check_dst<T>(out, before, [&](const Dims& idx) {
        return read_or_zero<b8>(c, idx).v ? read_or_zero<T>(a, idx) : read_or_zero<T>(b, idx);
      });
    });
    CHECK(err == "");
  }
}

View strided_1d(int64_t n, int64_t s) {
  return make_view({n}, s < 0 && n > 0 ? -s * (n - 1) : 0, {s});
}

}  // namespace

TEST_CASE("binary: random layouts, every op and dtype", "[kernels]") {
  std::mt19937_64 rng(2024);
  for (BinaryOp op : kBinaryOps) {
    for (DType t : kAllDTypes) {
      if (!defined(op, t)) continue;
      for (int rep = 0; rep < 10; ++rep) {
        const Dims shape = random_shape(rng);
        const bool small = rep % 2 == 0;
        const Arr a =
            make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4), small);
        const Arr b =
            make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4), small);
        const Arr out = make_arr(random_dst_view(shape, rng), is_cmp(op) ? DType::bool_ : t, rng,
                                 static_cast<int>(rng() % 4));
        run_binary_case(op, a, b, out);
      }
    }
  }
}

TEST_CASE("binary: 1-D sizes around the SIMD tails with contiguous, broadcast and strided operands",
          "[kernels]") {
  std::mt19937_64 rng(31337);
  const int64_t stride_pairs[][2] = {{1, 1}, {1, 0}, {0, 1}, {-1, 1}, {2, 1}, {1, -3}, {0, 0}};
  for (BinaryOp op : kBinaryOps) {
    for (DType t : kAllDTypes) {
      if (!defined(op, t)) continue;
      const int lanes = 16 / static_cast<int>(dtype_size(t));
      std::vector<int64_t> sizes;
      for (int64_t n = 0; n <= 2 * lanes + 1; ++n) sizes.push_back(n);
      sizes.push_back(4 * lanes + 3);
      sizes.push_back(70);
      for (int64_t n : sizes) {
        for (const auto& sp : stride_pairs) {
          const bool small = (n + sp[0]) % 2 == 0;
          const Arr a = make_arr(strided_1d(n, sp[0]), t, rng, static_cast<int>(rng() % 4), small);
          const Arr b = make_arr(strided_1d(n, sp[1]), t, rng, static_cast<int>(rng() % 4), small);
          const Arr out = make_arr(strided_1d(n, n % 3 == 2 ? -1 : 1),
                                   is_cmp(op) ? DType::bool_ : t, rng, static_cast<int>(rng() % 4));
          run_binary_case(op, a, b, out);
        }
      }
    }
  }
}

TEST_CASE("binary: broadcast rows and transposed operands in 2-D", "[kernels]") {
  std::mt19937_64 rng(8);
  for (DType t :
       {DType::float32, DType::float64, DType::int8, DType::int16, DType::int32, DType::uint64}) {
    for (int64_t r : {1, 3, 4, 5, 17, 33, 66}) {
      for (int64_t c : {1, 2, 7, 16, 17, 40, 65}) {
        const Arr a = make_arr(contiguous_view({r, c}), t, rng, static_cast<int>(rng() % 4));
        const Arr row = make_arr(make_view({r, c}, 0, {0, 1}), t, rng, 1);
        const Arr col = make_arr(make_view({r, c}, 0, {1, 0}), t, rng, 2);
        const Arr tr = make_arr(make_view({r, c}, 0, {1, r}), t, rng, 3);
        const Arr trf = make_arr(make_view({r, c}, r * (c - 1), {1, -r}), t, rng, 0);
        const Arr out = make_arr(contiguous_view({r, c}), t, rng, static_cast<int>(rng() % 4));
        for (BinaryOp op : {BinaryOp::add, BinaryOp::mul, BinaryOp::maximum}) {
          run_binary_case(op, a, row, out);
          run_binary_case(op, col, a, out);
          run_binary_case(op, a, tr, out);
          run_binary_case(op, trf, a, out);
          run_binary_case(op, tr, row, out);
        }
        run_binary_case(BinaryOp::lt, a, tr,
                        make_arr(contiguous_view({r, c}), DType::bool_, rng, 1));
      }
    }
  }
}

TEST_CASE("binary: in-place and overlapping outputs", "[kernels]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (int64_t n : {1, 4, 7, 16, 33}) {
      std::vector<float> x(static_cast<size_t>(n * n)), y(static_cast<size_t>(n * n));
      for (size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<float>(i);
        y[i] = static_cast<float>(1000 + i);
      }
      const std::vector<float> x0 = x;
      const Operand xc{x.data(), {{n, n}, {n, 1}, 0, {}}, DType::float32};
      const Operand xt{x.data(), {{n, n}, {1, n}, 0, {}}, DType::float32};
      const Operand yc{y.data(), {{n, n}, {n, 1}, 0, {}}, DType::float32};
      REQUIRE(binary(BinaryOp::add, xc, xc, yc).ok());  // x += y
      for (size_t i = 0; i < x.size(); ++i) CHECK(x[i] == x0[i] + y[i]);
      x = x0;
      REQUIRE(binary(BinaryOp::add, xc, xc, xt).ok());  // x = x + x.T, reads x.T before writes
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
          CHECK(x[static_cast<size_t>(i * n + j)] ==
                x0[static_cast<size_t>(i * n + j)] + x0[static_cast<size_t>(j * n + i)]);
      x = x0;
      const Operand xr{x.data(), {{n * n}, {-1}, n * n - 1, {}}, DType::float32};
      const Operand xf{x.data(), {{n * n}, {1}, 0, {}}, DType::float32};
      REQUIRE(unary(UnaryOp::neg, xf, xr).ok());  // x = -reverse(x)
      for (int64_t i = 0; i < n * n; ++i)
        CHECK(x[static_cast<size_t>(i)] == -x0[static_cast<size_t>(n * n - 1 - i)]);
    }
  }
}

TEST_CASE("unary: every op and dtype, random layouts and tails", "[kernels]") {
  std::mt19937_64 rng(55);
  for (UnaryOp op : kUnaryOps) {
    for (DType t : kAllDTypes) {
      if (!defined(op, t)) continue;
      for (int rep = 0; rep < 12; ++rep) {
        const Dims shape = random_shape(rng);
        const Arr a = make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4));
        run_unary_case(op, a,
                       make_arr(random_dst_view(shape, rng), t, rng, static_cast<int>(rng() % 4)));
      }
      const int lanes = 16 / static_cast<int>(dtype_size(t));
      for (int64_t n = 0; n <= 2 * lanes + 1; ++n) {
        for (int64_t s : {1, -1, 0, 3}) {
          run_unary_case(op, make_arr(strided_1d(n, s), t, rng, static_cast<int>(rng() % 4)),
                         make_arr(strided_1d(n, 1), t, rng, static_cast<int>(rng() % 4)));
        }
      }
    }
  }
}

TEST_CASE("where: random layouts, every dtype", "[kernels]") {
  std::mt19937_64 rng(66);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 25; ++rep) {
      const Dims shape = random_shape(rng);
      const Arr c =
          make_arr(random_src_view(shape, rng), DType::bool_, rng, static_cast<int>(rng() % 4));
      const Arr a = make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4));
      const Arr b = make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4));
      run_where_case(c, a, b,
                     make_arr(random_dst_view(shape, rng), t, rng, static_cast<int>(rng() % 4)));
    }
    // The contiguous rows (the SIMD128 loop for 4- and 8-byte elements): a and b each contiguous
    // or broadcast, lengths around the vector width, and bool bytes other than 0 and 1 (any
    // nonzero byte is true).
    for (int64_t n : {0, 1, 2, 3, 4, 5, 8, 16, 17, 33, 100}) {
      for (int64_t as : {1, 0}) {
        for (int64_t bs : {1, 0}) {
          Arr c = make_arr(strided_1d(n, 1), DType::bool_, rng, static_cast<int>(rng() % 4));
          for (int64_t i = 0; i < n; ++i) {
            const uint8_t bytes[4] = {0, 1, 2, 255};
            c.set<uint8_t>({i}, bytes[rng() % 4]);
          }
          run_where_case(c, make_arr(strided_1d(n, as), t, rng, static_cast<int>(rng() % 4)),
                         make_arr(strided_1d(n, bs), t, rng, static_cast<int>(rng() % 4)),
                         make_arr(strided_1d(n, 1), t, rng, static_cast<int>(rng() % 4)));
        }
      }
    }
  }
}

TEST_CASE("elementwise: errors name the op and the numbers", "[kernels]") {
  float a[12] = {}, b[12] = {}, o[12] = {};
  int32_t i[12] = {};
  auto op = [](void* p, Dims shape, Dims strides, DType t = DType::float32) {
    return Operand{p, {std::move(shape), std::move(strides), 0, {}}, t};
  };
  auto s =
      binary(BinaryOp::add, op(o, {3, 4}, {4, 1}), op(a, {3, 4}, {4, 1}), op(b, {4, 3}, {3, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::shape_mismatch);
  CHECK_THAT(s.error().message,
             Catch::StartsWith("binary add: out has shape [3,4] but b has shape [4,3]"));
  s = binary(BinaryOp::mul, op(o, {3, 4}, {4, 1}), op(a, {3, 4}, {4, 1}),
             op(i, {3, 4}, {4, 1}, DType::int32));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::Contains("a is float32 but b is int32"));
  s = binary(BinaryOp::lt, op(o, {3, 4}, {4, 1}), op(a, {3, 4}, {4, 1}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::Contains("out must be bool, got float32"));
  s = binary(BinaryOp::sub, op(o, {3}, {1}, DType::bool_), op(a, {3}, {1}, DType::bool_),
             op(b, {3}, {1}, DType::bool_));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  s = binary(static_cast<BinaryOp>(99), op(o, {3}, {1}), op(a, {3}, {1}), op(b, {3}, {1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::invalid_argument);
  CHECK_THAT(s.error().message, Catch::Contains("unknown op 99"));
  s = binary(BinaryOp::add, op(o, {3, 4}, {1, 0}), op(a, {3, 4}, {4, 1}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::read_only);
  s = unary(UnaryOp::sqrt, op(i, {3}, {1}, DType::int32), op(i, {3}, {1}, DType::int32));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::Contains("unary sqrt: needs float32 or float64, got int32"));
  s = unary(UnaryOp::neg, op(o, {3}, {1}, DType::float64), op(a, {3}, {1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  s = where(op(o, {3}, {1}), op(a, {3}, {1}), op(a, {3}, {1}), op(b, {3}, {1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::Contains("where: cond must be bool, got float32"));
}
