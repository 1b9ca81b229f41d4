// binary() mod / floor_divide / fmod / bitwise and, or, xor / left and right shifts and unary()
// invert: every dtype over random strided / broadcast / masked layouts, 1-D sweeps around the SIMD
// tails with a broadcast shift count, NumPy's edge values (x % 0, the minimum value // -1, float
// remainders' signs, counts >= the bit width or negative) and the errors. The reference below is
// written apart from kernels/scalar/ops.hpp: integers in 128-bit arithmetic, then wrapped.
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

using i128 = __int128;

constexpr BinaryOp kOps[] = {BinaryOp::mod,         BinaryOp::floor_divide, BinaryOp::fmod,
                             BinaryOp::bitwise_and, BinaryOp::bitwise_or,   BinaryOp::bitwise_xor,
                             BinaryOp::left_shift,  BinaryOp::right_shift};

bool is_float_t(DType t) { return t == DType::float32 || t == DType::float64; }
bool bitwise(BinaryOp op) {
  return op == BinaryOp::bitwise_and || op == BinaryOp::bitwise_or || op == BinaryOp::bitwise_xor;
}
bool shift(BinaryOp op) { return op == BinaryOp::left_shift || op == BinaryOp::right_shift; }
bool defined(BinaryOp op, DType t) {
  if (t == DType::bool_) return bitwise(op);
  if (is_float_t(t)) return !bitwise(op) && !shift(op);
  return true;
}

// Python's floor division / remainder on exact integers.
i128 floor_q(i128 a, i128 b) {
  i128 q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

template <class T>
T ref_int(BinaryOp op, T a, T b) {
  constexpr int bits = static_cast<int>(sizeof(T) * 8);
  const i128 x = static_cast<i128>(a), y = static_cast<i128>(b);
  auto wrap = [](i128 v) { return static_cast<T>(static_cast<uint64_t>(v)); };
  switch (op) {
    case BinaryOp::mod:
      return y == 0 ? T(0) : wrap(x - floor_q(x, y) * y);
    case BinaryOp::floor_divide:
      return y == 0 ? T(0) : wrap(floor_q(x, y));
    case BinaryOp::fmod:
      return y == 0 ? T(0) : wrap(x - (x / y) * y);
    case BinaryOp::bitwise_and:
      return static_cast<T>(a & b);
    case BinaryOp::bitwise_or:
      return static_cast<T>(a | b);
    case BinaryOp::bitwise_xor:
      return static_cast<T>(a ^ b);
    case BinaryOp::left_shift:
      if (y < 0 || y >= bits) return T(0);
      return wrap(static_cast<i128>(static_cast<uint64_t>(a) << static_cast<int>(y)));
    default:
      if (y < 0 || y >= bits) return x < 0 ? T(-1) : T(0);
      return wrap(x >> static_cast<int>(y));
  }
}

// NumPy's float rules (npy_divmod), spelled out: fmod's remainder moved to b's sign; the quotient
// (a - mod) / b rounded to the nearest integer; a zero keeps the sign NumPy gives it.
template <class T>
T ref_float(BinaryOp op, T a, T b) {
  if (op == BinaryOp::fmod) return std::fmod(a, b);
  if (b == 0) return op == BinaryOp::mod ? std::fmod(a, b) : a / b;
  T m = std::fmod(a, b);
  T q = (a - m) / b;
  if (m != 0 && (std::signbit(m) != std::signbit(b))) {
    m += b;
    q -= 1;
  }
  if (m == 0) m = std::copysign(T(0), b);
  if (op == BinaryOp::mod) return m;
  if (q == 0) return std::copysign(T(0), a / b);
  T fl = std::floor(q);
  if (q - fl > T(0.5)) fl += T(1);
  return fl;
}

template <class T>
T ref(BinaryOp op, T a, T b) {
  if constexpr (is_bool_v<T>) {
    const uint8_t x = a.v, y = b.v;
    if (op == BinaryOp::bitwise_and) return b8{static_cast<uint8_t>(x & y)};
    if (op == BinaryOp::bitwise_or) return b8{static_cast<uint8_t>(x | y)};
    return b8{static_cast<uint8_t>(x ^ y)};
  } else if constexpr (is_float_v<T>) {
    return ref_float(op, a, b);
  } else {
    return ref_int(op, a, b);
  }
}

// Shift counts from -2 to the bit width + 2 in about half the elements (the rest keep their value).
void small_counts(Arr& b, std::mt19937_64& rng) {
  visit_dtype(b.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!is_bool_v<T> && !is_float_v<T>) {
      const int bits = static_cast<int>(sizeof(T) * 8);
      auto l = b.view.layout("test");
      for_each_index(l->shape, [&](const Dims& idx) {
        if (!b.view.is_valid(idx) || rng() % 2) return;
        int c = static_cast<int>(rng() % static_cast<uint64_t>(bits + 5)) - 2;
        if (std::is_unsigned_v<T> && c < 0) c = bits + 7;
        b.set<T>(idx, static_cast<T>(c));
      });
    }
  });
}

void run_case(BinaryOp op, const Arr& a, const Arr& b, const Arr& out0) {
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
      err = check_dst<T>(out, before, [&](const Dims& idx) {
        return ref<T>(op, read_or_zero<T>(a, idx), read_or_zero<T>(b, idx));
      });
    });
    CHECK(err == "");
  }
}

View strided_1d(int64_t n, int64_t s) {
  return make_view({n}, s < 0 && n > 0 ? -s * (n - 1) : 0, {s});
}

template <class T>
std::vector<T> run_1d(BinaryOp op, std::vector<T> a, std::vector<T> b, DType t) {
  std::vector<T> o(a.size());
  const int64_t n = static_cast<int64_t>(a.size());
  auto operand = [&](void* p) { return Operand{p, {{n}, {1}, 0, {}}, t}; };
  Status s = binary(op, operand(o.data()), operand(a.data()), operand(b.data()));
  if (!s.ok()) FAIL("binary failed: " << s.error().message);
  return o;
}

}  // namespace

TEST_CASE("integer ops: random layouts, every op and dtype", "[kernels][integer_ops]") {
  std::mt19937_64 rng(20);
  for (BinaryOp op : kOps) {
    for (DType t : kAllDTypes) {
      if (!defined(op, t)) continue;
      for (int rep = 0; rep < 10; ++rep) {
        const Dims shape = random_shape(rng);
        const bool small = rep % 2 == 0;
        const Arr a =
            make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4), small);
        Arr b = make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4), small);
        if (shift(op)) small_counts(b, rng);
        const Arr out = make_arr(random_dst_view(shape, rng), t, rng, static_cast<int>(rng() % 4));
        run_case(op, a, b, out);
      }
    }
  }
}

TEST_CASE("integer ops: 1-D sizes around the SIMD tails, broadcast counts in and out of range",
          "[kernels][integer_ops]") {
  std::mt19937_64 rng(2020);
  const int64_t stride_pairs[][2] = {{1, 1}, {1, 0}, {0, 1}, {-1, 1}, {2, 0}, {1, -3}, {0, 0}};
  for (BinaryOp op : kOps) {
    for (DType t : kAllDTypes) {
      if (!defined(op, t)) continue;
      const int lanes = 16 / static_cast<int>(dtype_size(t));
      for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{lanes - 1}, int64_t{lanes + 1},
                        int64_t{4 * lanes + 3}, int64_t{70}}) {
        for (const auto& sp : stride_pairs) {
          const Arr a = make_arr(strided_1d(n, sp[0]), t, rng, static_cast<int>(rng() % 4));
          Arr b = make_arr(strided_1d(n, sp[1]), t, rng, static_cast<int>(rng() % 4), true);
          if (shift(op)) small_counts(b, rng);
          const Arr out = make_arr(strided_1d(n, 1), t, rng, static_cast<int>(rng() % 4));
          run_case(op, a, b, out);
        }
      }
    }
  }
}

TEST_CASE("integer ops: NumPy's values at the edges", "[kernels][integer_ops]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // np.remainder / floor_divide / fmod of int8: x % 0 == 0, -128 // -1 wraps to -128
    using V8 = std::vector<int8_t>;
    const V8 a8{7, -7, 7, -7, 5, -128, -128, 0};
    const V8 b8v{3, 3, -3, -3, 0, -1, 3, -5};
    CHECK(run_1d<int8_t>(BinaryOp::mod, a8, b8v, DType::int8) == V8{1, 2, -2, -1, 0, 0, 1, 0});
    CHECK(run_1d<int8_t>(BinaryOp::floor_divide, a8, b8v, DType::int8) ==
          V8{2, -3, -3, 2, 0, -128, -43, 0});
    CHECK(run_1d<int8_t>(BinaryOp::fmod, a8, b8v, DType::int8) == V8{1, -1, 1, -1, 0, 0, -2, 0});
    // shifts: np.left_shift(np.int8(1), 7) == -128; counts >= 8 or negative give 0 / -1
    const V8 s8{1, 1, 1, -128, -128, 3, -3, 64};
    const V8 c8{7, 8, -1, 7, 8, -1, 100, 1};
    CHECK(run_1d<int8_t>(BinaryOp::left_shift, s8, c8, DType::int8) == V8{-128, 0, 0, 0, 0, 0, 0, -128});
    CHECK(run_1d<int8_t>(BinaryOp::right_shift, s8, c8, DType::int8) == V8{0, 0, 0, -1, -1, 0, -1, 32});
    using V64 = std::vector<int64_t>;
    const int64_t mn = std::numeric_limits<int64_t>::min();
    CHECK(run_1d<int64_t>(BinaryOp::floor_divide, V64{mn, -9, 9}, V64{-1, 2, 0}, DType::int64) ==
          V64{mn, -5, 0});
    CHECK(run_1d<int64_t>(BinaryOp::mod, V64{mn, -9, 9}, V64{-1, 2, 0}, DType::int64) == V64{0, 1, 0});
    CHECK(run_1d<int64_t>(BinaryOp::left_shift, V64{1, 1, 1, 5}, V64{63, 64, -1, 2}, DType::int64) ==
          V64{mn, 0, 0, 20});
    CHECK(run_1d<int64_t>(BinaryOp::right_shift, V64{mn, mn, 40, -1}, V64{63, 64, 3, 1}, DType::int64) ==
          V64{-1, -1, 5, -1});
    using VU = std::vector<uint64_t>;
    CHECK(run_1d<uint64_t>(BinaryOp::right_shift, VU{~0ull, ~0ull, 8}, VU{63, 64, 2}, DType::uint64) ==
          VU{1, 0, 2});
    // floats: the remainder has b's sign (zero too), the quotient floors; / 0 gives NaN and +-inf
    using VD = std::vector<double>;
    const VD fa{5.5, -5.5, 5.5, -5.5, 6.0, -6.0, 1.0, -1.0, 0.0, INFINITY, 1.0};
    const VD fb{2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 0.0, 0.0, 0.0, 2.0, INFINITY};
    const VD m = run_1d<double>(BinaryOp::mod, fa, fb, DType::float64);
    const VD q = run_1d<double>(BinaryOp::floor_divide, fa, fb, DType::float64);
    const VD f = run_1d<double>(BinaryOp::fmod, fa, fb, DType::float64);
    CHECK((m[0] == 1.5 && m[1] == 0.5 && m[2] == -0.5 && m[3] == -1.5));
    CHECK((m[4] == 0.0 && !std::signbit(m[4]) && m[5] == 0.0 && !std::signbit(m[5])));
    CHECK((std::isnan(m[6]) && std::isnan(m[7]) && std::isnan(m[8]) && std::isnan(m[9]) && m[10] == 1.0));
    CHECK((q[0] == 2.0 && q[1] == -3.0 && q[2] == -3.0 && q[3] == 2.0 && q[4] == 2.0 && q[5] == -2.0));
    CHECK((q[6] == INFINITY && q[7] == -INFINITY && std::isnan(q[8]) && q[10] == 0.0));
    CHECK((f[0] == 1.5 && f[1] == -1.5 && f[2] == 1.5 && f[3] == -1.5 && std::isnan(f[6])));
    const VD zm = run_1d<double>(BinaryOp::mod, VD{-0.0, 0.0, 4.0}, VD{-3.0, -3.0, -2.0}, DType::float64);
    CHECK((zm[0] == 0.0 && std::signbit(zm[0]) && std::signbit(zm[1]) && std::signbit(zm[2])));
    // invert: bits for integers, logical not for bool
    std::vector<int16_t> iv{0, -1, 5, 32767}, io(4);
    std::vector<uint8_t> bv{0, 1, 1, 0}, bo(4);
    auto op1 = [](void* p, DType t) { return Operand{p, {{4}, {1}, 0, {}}, t}; };
    REQUIRE(unary(UnaryOp::invert, op1(io.data(), DType::int16), op1(iv.data(), DType::int16)).ok());
    CHECK(io == std::vector<int16_t>{-1, 0, -6, -32768});
    REQUIRE(unary(UnaryOp::invert, op1(bo.data(), DType::bool_), op1(bv.data(), DType::bool_)).ok());
    CHECK(bo == std::vector<uint8_t>{1, 0, 0, 1});
  }
}

TEST_CASE("invert: every integer dtype, strided and around the SIMD tails", "[kernels][integer_ops]") {
  std::mt19937_64 rng(7);
  for (DType t : kAllDTypes) {
    if (is_float_t(t)) continue;
    for (int64_t n : {0, 1, 15, 17, 70}) {
      for (int64_t s : {1, -2}) {
        const Arr a = make_arr(strided_1d(n, s), t, rng, static_cast<int>(rng() % 4));
        for (bool simd : simd_modes()) {
          SimdScope scope(simd);
          Arr out = make_arr(strided_1d(n, 1), t, rng, 0);
          const std::vector<unsigned char> before = out.bytes;
          REQUIRE(unary(UnaryOp::invert, out.op(), a.op()).ok());
          std::string err;
          visit_dtype(t, [&](auto tag) {
            using T = typename decltype(tag)::type;
            err = check_dst<T>(out, before, [&](const Dims& idx) {
              const T x = read_or_zero<T>(a, idx);
              if constexpr (is_bool_v<T>) return b8{static_cast<uint8_t>(!x.v)};
              else if constexpr (is_float_v<T>) return x;
              else return static_cast<T>(~x);
            });
          });
          CHECK(err == "");
        }
      }
    }
  }
}

TEST_CASE("integer ops: errors name the op and the dtype", "[kernels][integer_ops]") {
  float a[4] = {}, o[4] = {};
  uint8_t bo[4] = {};
  auto op = [](void* p, DType t) { return Operand{p, {{4}, {1}, 0, {}}, t}; };
  auto s = binary(BinaryOp::bitwise_and, op(o, DType::float32), op(a, DType::float32), op(a, DType::float32));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK(s.error().message == "binary bitwise_and: float32 is not an integer or bool dtype");
  s = binary(BinaryOp::left_shift, op(o, DType::float64), op(a, DType::float64), op(a, DType::float64));
  REQUIRE(!s.ok());
  CHECK_THAT(s.error().message, Catch::StartsWith("binary left_shift: float64 is not an integer"));
  s = binary(BinaryOp::mod, op(bo, DType::bool_), op(bo, DType::bool_), op(bo, DType::bool_));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::StartsWith("binary mod: not defined for bool operands"));
  s = unary(UnaryOp::invert, op(o, DType::float32), op(a, DType::float32));
  REQUIRE(!s.ok());
  CHECK(s.error().message == "unary invert: float32 is not an integer or bool dtype");
  s = binary(static_cast<BinaryOp>(99), op(o, DType::float32), op(a, DType::float32), op(a, DType::float32));
  REQUIRE(!s.ok());
  CHECK(s.error().message == "binary: unknown op 99; expected 0..19");
}
