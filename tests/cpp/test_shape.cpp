// Concrete shapes (src/shape/shape.hpp) and the core helpers they rest on (src/core/).
#include <catch2/catch.hpp>
#include <cstdint>

#include "core/index.hpp"
#include "core/result.hpp"
#include "dense_ref.hpp"
#include "shape/shape.hpp"

using namespace sv;
namespace sh = sv::shape;

namespace {
constexpr int64_t kBig = int64_t{1} << 27;  // kBig^2 = 2^54 > 2^53-1
}

// ------------------------------------------------------------------------------------ core

TEST_CASE("core: code names are stable", "[core]") {
  CHECK(std::string(code_name(Code::ok)) == "ok");
  CHECK(std::string(code_name(Code::invalid_argument)) == "invalid_argument");
  CHECK(std::string(code_name(Code::rank_mismatch)) == "rank_mismatch");
  CHECK(std::string(code_name(Code::out_of_range)) == "out_of_range");
  CHECK(std::string(code_name(Code::shape_mismatch)) == "shape_mismatch");
  CHECK(std::string(code_name(Code::overflow)) == "overflow");
  CHECK(std::string(code_name(Code::unbound)) == "unbound");
  CHECK(std::string(code_name(Code::not_expressible)) == "not_expressible");
  CHECK(std::string(code_name(Code::out_of_bounds)) == "out_of_bounds");
  CHECK(std::string(code_name(Code::read_only)) == "read_only");
  CHECK(std::string(code_name(Code::out_of_memory)) == "out_of_memory");
  CHECK(std::string(code_name(Code::disposed)) == "disposed");
  CHECK(std::string(code_name(Code::type_error)) == "type_error");
  CHECK(std::string(code_name(static_cast<Code>(999))) == "unknown");
  // Numeric values are part of the JS contract.
  CHECK(static_cast<int>(Code::ok) == 0);
  CHECK(static_cast<int>(Code::overflow) == 5);
  CHECK(static_cast<int>(Code::not_expressible) == 7);
  CHECK(static_cast<int>(Code::type_error) == 12);
}

namespace {
Result<int> half(int x) {
  if (x % 2) return make_error(Code::invalid_argument, "half: " + std::to_string(x) + " is odd");
  return x / 2;
}
Result<int> quarter(int x) {
  SV_TRY(int h, half(x));
  SV_TRY(int q, half(h));
  return q;
}
Status even_check(int x) {
  SV_CHECK(half(x));
  return ok_status();
}
}  // namespace

TEST_CASE("core: Result, SV_TRY and SV_CHECK propagate errors as values", "[core]") {
  Result<int> r = quarter(8);
  REQUIRE(r.ok());
  CHECK(static_cast<bool>(r));
  CHECK(*r == 2);
  CHECK(r.value() == 2);
  Result<int> e = quarter(6);  // 6 -> 3 -> odd
  REQUIRE_FALSE(e.ok());
  CHECK_FALSE(static_cast<bool>(e));
  CHECK(e.error().code == Code::invalid_argument);
  CHECK(e.error().message == "half: 3 is odd");
  CHECK(even_check(4).ok());
  CHECK(even_check(5).error().message == "half: 5 is odd");
  Result<std::string> s = std::string("abc");
  CHECK(s->size() == 3);
  std::string moved = std::move(s).value();
  CHECK(moved == "abc");
  Error def;
  CHECK(def.code == Code::invalid_argument);
}

TEST_CASE("core: Status copies, moves and assignments keep the error", "[core]") {
  Status ok = ok_status();
  Status bad = Error{Code::overflow, "op: too big"};
  Status copy = bad;  // a deep copy: both hold the error
  REQUIRE_FALSE(copy.ok());
  CHECK(copy.error().message == "op: too big");
  CHECK(bad.error().code == Code::overflow);
  Status moved = std::move(copy);
  CHECK(moved.error().message == "op: too big");
  ok = bad;  // ok -> error
  CHECK(ok.error().code == Code::overflow);
  bad = ok_status();  // error -> ok
  CHECK(bad.ok());
  moved = std::move(bad);
  CHECK(moved.ok());
  const Status& same = ok;
  ok = same;  // self-assignment keeps the error
  CHECK(ok.error().message == "op: too big");
}

TEST_CASE("core: format_error fills numbers, dims lists and text in order", "[core]") {
  const int64_t shape[] = {2, 3};
  Status s = format_error(Code::shape_mismatch, "reshape", "cannot reshape @ (# elements) to $ at #",
                          {6, -1}, {std::span<const int64_t>(shape)}, {"[7]"});
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().code == Code::shape_mismatch);
  CHECK(s.error().message == "reshape: cannot reshape " + dims_to_string(shape) +
                                 " (6 elements) to [7] at -1");
  CHECK(format_error(Code::overflow, "flip", "offset overflows").error().message ==
        "flip: offset overflows");
}

TEST_CASE("core: checked arithmetic stays within +-(2^53-1)", "[core]") {
  CHECK(kMaxSafe == 9007199254740991);
  CHECK(is_safe(kMaxSafe));
  CHECK(is_safe(-kMaxSafe));
  CHECK_FALSE(is_safe(kMaxSafe + 1));
  CHECK_FALSE(is_safe(-kMaxSafe - 1));
  CHECK(checked_add(kMaxSafe - 1, 1) == kMaxSafe);
  CHECK_FALSE(checked_add(kMaxSafe, 1).has_value());
  CHECK_FALSE(checked_add(-kMaxSafe, -1).has_value());
  CHECK_FALSE(checked_add(INT64_MAX, 1).has_value());  // would wrap in int64
  CHECK(checked_add(-5, 3) == -2);
  CHECK(checked_mul(kBig, 2) == kBig * 2);
  CHECK_FALSE(checked_mul(kBig, kBig).has_value());
  CHECK_FALSE(checked_mul(INT64_MAX, 2).has_value());
  CHECK_FALSE(checked_mul(INT64_MIN, -1).has_value());
  CHECK(checked_mul(-kBig, 4) == -4 * kBig);
  // operands beyond 2^53-1: exact zero, otherwise out of range (no pre-check of the operands)
  CHECK(checked_mul(INT64_MAX, 0) == 0);
  CHECK(checked_mul(0, INT64_MIN) == 0);
  CHECK_FALSE(checked_mul(kMaxSafe + 1, 1).has_value());
  CHECK_FALSE(checked_mul(-1, INT64_MIN).has_value());
  CHECK(checked_mul(kMaxSafe, -1) == -kMaxSafe);
  CHECK_FALSE(checked_add(INT64_MIN, -1).has_value());
  CHECK(checked_add(INT64_MAX, INT64_MIN) == -1);
  CHECK(checked_mul(0, INT64_MAX) == 0);  // the exact result is what must be safe
}

TEST_CASE("core: dims_to_string and mask_to_string", "[core]") {
  CHECK(dims_to_string(Dims{}) == "[]");
  CHECK(dims_to_string(Dims{2, 3, 4}) == "[2,3,4]");
  CHECK(dims_to_string(Dims{-1}) == "[-1]");
  CHECK(mask_to_string(Mask{}) == "[]");
  CHECK(mask_to_string(Mask{{0, 2}, {1, 3}}) == "[(0,2),(1,3)]");
}

// ------------------------------------------------------------------------------------ numel

TEST_CASE("shape: numel", "[shape]") {
  CHECK(*sh::numel(Dims{}) == 1);
  CHECK(*sh::numel(Dims{2, 3, 4}) == 24);
  CHECK(*sh::numel(Dims{5}) == 5);
  CHECK(*sh::numel(Dims{2, 0, 3}) == 0);
  CHECK(*sh::numel(Dims{1, 1}) == 1);
  CHECK(*sh::numel(Dims{kMaxSafe}) == kMaxSafe);
  CHECK(*sh::numel(Dims{kBig, 0, kBig, kBig}) == 0);  // a zero wins over a huge product
}

TEST_CASE("shape: numel errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::numel(Dims{2, -3}), Code::invalid_argument, "numel", "dim 1", "[2,-3]",
                   "-3");
  SV_REQUIRE_ERROR(sh::numel(Dims{kBig, kBig}), Code::overflow, "numel", "[134217728,134217728]",
                   "2^53-1");
  SV_REQUIRE_ERROR(sh::numel(Dims{kMaxSafe, 2}), Code::overflow, "numel");
  SV_REQUIRE_ERROR(sh::numel(Dims{int64_t{1} << 40, int64_t{1} << 40, int64_t{1} << 40}),
                   Code::overflow, "numel");  // would wrap int64
  // A single size beyond 2^53-1 is not a safe size either, even next to a zero.
  SV_REQUIRE_ERROR(sh::numel(Dims{kMaxSafe + 1}), Code::overflow, "numel", "9007199254740992");
  SV_REQUIRE_ERROR(sh::numel(Dims{INT64_MAX, 0}), Code::overflow, "numel");
}

// ------------------------------------------------------------------------------------ strides

TEST_CASE("shape: c_contiguous_strides examples from SEMANTICS.md", "[shape]") {
  CHECK(*sh::c_contiguous_strides(Dims{2, 3, 4}) == Dims{12, 4, 1});
  CHECK(*sh::c_contiguous_strides(Dims{2, 0, 3}) == Dims{0, 0, 1});
  CHECK(*sh::c_contiguous_strides(Dims{3, 0}) == Dims{0, 0});
  CHECK(*sh::c_contiguous_strides(Dims{2, 1, 3}) == Dims{3, 3, 1});
  CHECK(*sh::c_contiguous_strides(Dims{}) == Dims{});
}

TEST_CASE("shape: c_contiguous_strides further cases", "[shape]") {
  CHECK(*sh::c_contiguous_strides(Dims{5}) == Dims{1});
  CHECK(*sh::c_contiguous_strides(Dims{0}) == Dims{0});
  CHECK(*sh::c_contiguous_strides(Dims{1}) == Dims{1});
  CHECK(*sh::c_contiguous_strides(Dims{1, 1, 1}) == Dims{1, 1, 1});
  CHECK(*sh::c_contiguous_strides(Dims{0, 2, 3}) == Dims{0, 3, 1});
  CHECK(*sh::c_contiguous_strides(Dims{2, 3, 0, 4, 5}) == Dims{0, 0, 0, 5, 1});
  CHECK(*sh::c_contiguous_strides(Dims{4, 1, 0, 1}) == Dims{0, 0, 0, 1});
  CHECK(*sh::c_contiguous_strides(Dims{3, 1}) == Dims{1, 1});
  // Big but representable: the first stride is 2^52.
  CHECK(*sh::c_contiguous_strides(Dims{2, int64_t{1} << 26, int64_t{1} << 26}) ==
        Dims{int64_t{1} << 52, int64_t{1} << 26, 1});
  // The rule in SEMANTICS.md, checked on every shape of rank <= 4 with sizes 0..3.
  for (int64_t a = 0; a < 4; ++a)
    for (int64_t b = 0; b < 4; ++b)
      for (int64_t c = 0; c < 4; ++c)
        for (int64_t d = 0; d < 4; ++d) {
          Dims s{a, b, c, d};
          Dims want(4);
          want[3] = d == 0 ? 0 : 1;
          for (int i = 2; i >= 0; --i)
            want[i] = s[i] == 0 ? 0 : want[i + 1] * std::max<int64_t>(1, s[i + 1]);
          INFO(dims_to_string(s));
          CHECK(*sh::c_contiguous_strides(s) == want);
        }
}

TEST_CASE("shape: c_contiguous_strides errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::c_contiguous_strides(Dims{2, -1}), Code::invalid_argument,
                   "c_contiguous_strides", "dim 1", "-1");
  SV_REQUIRE_ERROR(sh::c_contiguous_strides(Dims{2, kBig, kBig}), Code::overflow,
                   "c_contiguous_strides", "dim 0", "2^53-1");
  SV_REQUIRE_ERROR(sh::c_contiguous_strides(Dims{kMaxSafe + 1}), Code::overflow,
                   "c_contiguous_strides", "9007199254740992");
}

// ------------------------------------------------------------------------------------ ravel

TEST_CASE("shape: ravel_index", "[shape]") {
  CHECK(*sh::ravel_index(Dims{}, Dims{}) == 0);
  CHECK(*sh::ravel_index(Dims{1, 2}, Dims{3, 1}) == 5);
  CHECK(*sh::ravel_index(Dims{1, 2, 3}, Dims{12, 4, 1}) == 23);
  CHECK(*sh::ravel_index(Dims{2, 1}, Dims{-3, 0}) == -6);
  // No bounds check, as the spec says.
  CHECK(*sh::ravel_index(Dims{7, -1}, Dims{3, 1}) == 20);
}

TEST_CASE("shape: ravel_index errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::ravel_index(Dims{1, 2}, Dims{1}), Code::rank_mismatch, "ravel_index",
                   "2 indices", "1 strides");
  SV_REQUIRE_ERROR(sh::ravel_index(Dims{kBig}, Dims{kBig}), Code::overflow, "ravel_index",
                   "[134217728]", "2^53-1");
  SV_REQUIRE_ERROR(sh::ravel_index(Dims{1, 1}, Dims{kMaxSafe, 1}), Code::overflow, "ravel_index");
}

TEST_CASE("shape: unravel_index", "[shape]") {
  CHECK(*sh::unravel_index(0, Dims{}) == Dims{});
  CHECK(*sh::unravel_index(0, Dims{2, 0, 3}) == Dims{0, 0, 0});
  CHECK(*sh::unravel_index(23, Dims{2, 3, 4}) == Dims{1, 2, 3});
  CHECK(*sh::unravel_index(5, Dims{2, 3}) == Dims{1, 2});
  CHECK(*sh::unravel_index(0, Dims{1, 1}) == Dims{0, 0});
  // Round trip with ravel_index over a C-contiguous layout.
  const Dims shape{3, 1, 4, 2};
  const Dims strides = *sh::c_contiguous_strides(shape);
  for (int64_t k = 0; k < 24; ++k) {
    auto idx = sh::unravel_index(k, shape);
    REQUIRE(idx.ok());
    CHECK(*sh::ravel_index(*idx, strides) == k);
  }
  Dims dst(3, -7);
  REQUIRE(sh::unravel_index_into(7, Dims{2, 2, 2}, dst).ok());
  CHECK(dst == Dims{1, 1, 1});
  REQUIRE(sh::unravel_index_into(0, Dims{3, 0, 2}, dst).ok());
  CHECK(dst == Dims{0, 0, 0});
  Dims none;
  CHECK(sh::unravel_index_into(0, Dims{}, none).ok());
}

TEST_CASE("shape: unravel_index errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::unravel_index(6, Dims{2, 3}), Code::out_of_range, "unravel_index", "index 6",
                   "[2,3]", "[0, 6)");
  SV_REQUIRE_ERROR(sh::unravel_index(-1, Dims{2, 3}), Code::out_of_range, "index -1", "[0, 6)");
  SV_REQUIRE_ERROR(sh::unravel_index(1, Dims{}), Code::out_of_range, "index 1", "[]",
                   "only 0 is allowed");
  SV_REQUIRE_ERROR(sh::unravel_index(1, Dims{2, 0}), Code::out_of_range, "index 1", "[2,0]",
                   "only 0 is allowed");
  SV_REQUIRE_ERROR(sh::unravel_index(0, Dims{2, -2}), Code::invalid_argument, "-2");
  SV_REQUIRE_ERROR(sh::unravel_index(0, Dims{kBig, kBig}), Code::overflow, "numel");
  Dims dst(2);
  SV_REQUIRE_ERROR(sh::unravel_index_into(0, Dims{2, 3, 4}, dst), Code::rank_mismatch,
                   "unravel_index_into", "length 2", "[2,3,4]");
  SV_REQUIRE_ERROR(sh::unravel_index_into(9, Dims{3, 3}, dst), Code::out_of_range, "index 9",
                   "[0, 9)");
}

// ------------------------------------------------------------------------------------ -1

TEST_CASE("shape: resolve_neg_one", "[shape]") {
  CHECK(*sh::resolve_neg_one(Dims{2, 3, 4}, Dims{6, -1}) == Dims{6, 4});
  CHECK(*sh::resolve_neg_one(Dims{2, 3, 4}, Dims{-1}) == Dims{24});
  CHECK(*sh::resolve_neg_one(Dims{2, 3, 4}, Dims{-1, 2, 3}) == Dims{4, 2, 3});
  CHECK(*sh::resolve_neg_one(Dims{2, 3, 4}, Dims{4, 6}) == Dims{4, 6});  // nothing to infer
  CHECK(*sh::resolve_neg_one(Dims{}, Dims{-1}) == Dims{1});
  CHECK(*sh::resolve_neg_one(Dims{}, Dims{1, -1, 1}) == Dims{1, 1, 1});
  // Zero-size inference rules.
  CHECK(*sh::resolve_neg_one(Dims{2, 0}, Dims{0, -1}) == Dims{0, 0});
  CHECK(*sh::resolve_neg_one(Dims{2, 0}, Dims{-1, 5}) == Dims{0, 5});
  CHECK(*sh::resolve_neg_one(Dims{0}, Dims{3, -1, 2}) == Dims{3, 0, 2});
}

TEST_CASE("shape: resolve_neg_one errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{2, 3}, Dims{-1, -1}), Code::invalid_argument,
                   "resolve_neg_one", "more than one -1", "at 0 and 1");
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{2, 3}, Dims{-2, 3}), Code::invalid_argument,
                   "resolve_neg_one", "dim 0", "[-2,3]");
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{2, 3}, Dims{4, -1}), Code::shape_mismatch,
                   "resolve_neg_one", "6 elements", "[2,3]", "[4,-1]", "not a multiple of 4");
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{2, 3}, Dims{0, -1}), Code::shape_mismatch,
                   "multiply to 0", "6 elements");
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{2}, Dims{kBig, kBig, -1}), Code::overflow,
                   "resolve_neg_one", "2^53-1");
  SV_REQUIRE_ERROR(sh::resolve_neg_one(Dims{-2}, Dims{-1}), Code::invalid_argument, "-2");
}

// ------------------------------------------------------------------------------------ broadcast

TEST_CASE("shape: broadcast follows NumPy", "[shape]") {
  CHECK(*sh::broadcast(Dims{}, Dims{}) == Dims{});
  CHECK(*sh::broadcast(Dims{3}, Dims{}) == Dims{3});
  CHECK(*sh::broadcast(Dims{}, Dims{2, 3}) == Dims{2, 3});
  CHECK(*sh::broadcast(Dims{2, 1, 4}, Dims{3, 1}) == Dims{2, 3, 4});
  CHECK(*sh::broadcast(Dims{5, 1}, Dims{1, 6}) == Dims{5, 6});
  CHECK(*sh::broadcast(Dims{1}, Dims{0}) == Dims{0});
  CHECK(*sh::broadcast(Dims{0, 1}, Dims{1, 3}) == Dims{0, 3});
  CHECK(*sh::broadcast(Dims{8, 1, 6, 1}, Dims{7, 1, 5}) == Dims{8, 7, 6, 5});
}

TEST_CASE("shape: broadcast errors name the output position and both sizes", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::broadcast(Dims{2, 3}, Dims{4}), Code::shape_mismatch, "broadcast", "[2,3]",
                   "[4]", "output dim 1", "(3 vs 4)");
  SV_REQUIRE_ERROR(sh::broadcast(Dims{2, 1, 3}, Dims{5, 1, 3}), Code::shape_mismatch,
                   "output dim 0", "(2 vs 5)");
  SV_REQUIRE_ERROR(sh::broadcast(Dims{2}, Dims{0}), Code::shape_mismatch, "(2 vs 0)");
  SV_REQUIRE_ERROR(sh::broadcast(Dims{-1}, Dims{3}), Code::invalid_argument, "broadcast", "-1");
  SV_REQUIRE_ERROR(sh::broadcast(Dims{3}, Dims{2, -4}), Code::invalid_argument, "broadcast", "-4");
}

TEST_CASE("shape: broadcast_shapes folds any number of shapes as NumPy's broadcast_shapes", "[shape]") {
  CHECK(*sh::broadcast_shapes(std::vector<Dims>{}) == Dims{});
  CHECK(*sh::broadcast_shapes(std::vector<Dims>{Dims{2, 3}}) == Dims{2, 3});
  CHECK(*sh::broadcast_shapes(std::vector<Dims>{Dims{6, 1}, Dims{1, 7}, Dims{5, 1, 1}}) == Dims{5, 6, 7});
  CHECK(*sh::broadcast_shapes(std::vector<Dims>{Dims{0}, Dims{1}, Dims{}}) == Dims{0});
  SV_REQUIRE_ERROR(sh::broadcast_shapes(std::vector<Dims>{Dims{2}, Dims{1}, Dims{3}}),
                   Code::shape_mismatch, "broadcast", "[2]", "[3]", "(2 vs 3)");
  SV_REQUIRE_ERROR(sh::broadcast_shapes(std::vector<Dims>{Dims{-2}}), Code::invalid_argument,
                   "broadcast", "-2");
}

TEST_CASE("shape: broadcast_index", "[shape]") {
  CHECK(*sh::broadcast_index(Dims{1, 2, 3}, Dims{3, 1}) == Dims{2, 0});
  CHECK(*sh::broadcast_index(Dims{1, 2, 3}, Dims{1, 1, 4}) == Dims{0, 0, 3});
  CHECK(*sh::broadcast_index(Dims{4, 5}, Dims{}) == Dims{});
  CHECK(*sh::broadcast_index(Dims{}, Dims{}) == Dims{});
  Dims dst(2, -1);
  REQUIRE(sh::broadcast_index_into(Dims{7, 1, 2}, Dims{1, 3}, dst).ok());
  CHECK(dst == Dims{0, 2});
  // Every index of a broadcast result maps to an index of each input.
  const Dims a{3, 1}, b{2, 1, 4};
  const Dims out = *sh::broadcast(a, b);
  svtest::for_each_index(out, [&](int64_t, const Dims& idx) {
    auto ia = *sh::broadcast_index(idx, a);
    auto ib = *sh::broadcast_index(idx, b);
    CHECK(ia[0] == idx[1]);
    CHECK(ia[1] == 0);
    CHECK(ib[0] == idx[0]);
    CHECK(ib[1] == 0);
    CHECK(ib[2] == idx[2]);
  });
}

TEST_CASE("shape: broadcast_index errors", "[shape][error]") {
  SV_REQUIRE_ERROR(sh::broadcast_index(Dims{1}, Dims{2, 3}), Code::rank_mismatch, "broadcast_index",
                   "[1]", "[2,3]");
  Dims dst(1);
  SV_REQUIRE_ERROR(sh::broadcast_index_into(Dims{1, 2}, Dims{2, 3}, dst), Code::rank_mismatch,
                   "broadcast_index_into", "length 1", "[2,3]");
}

TEST_CASE("shape: to_string", "[shape]") {
  CHECK(sh::to_string(Dims{2, 3, 4}) == "[2,3,4]");
  CHECK(sh::to_string(Dims{}) == "[]");
  CHECK(sh::to_string(Dims{0}) == "[0]");
}
