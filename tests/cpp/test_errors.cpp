// Bad input, table-driven, over every public function of the C++ core (issue 6): Shape (sv::shape),
// Symbolic (sv::sym), View and the kernel entry points (copy, binary, unary, where, reduce).
//
// Each row calls one function with one bad input and names the op, the expected code and the
// substrings (the numbers involved) the message must contain. Every row must come back as an error
// value: nothing throws, aborts or trips a sanitizer (this suite runs natively under ASan+UBSan
// and as WebAssembly). After the table the same functions must still compute correctly.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dense_ref.hpp"
#include "kernels/kernels.hpp"
#include "shape/shape.hpp"
#include "shape/symbolic.hpp"
#include "view/view.hpp"

using namespace sv;
using sv::kernels::BinaryOp;
using sv::kernels::DType;
using sv::kernels::Operand;
using sv::kernels::ReduceOp;
using sv::kernels::UnaryOp;

namespace {

constexpr int64_t kBig = int64_t{1} << 40;
constexpr int64_t kHuge = int64_t{1} << 53;  // kMaxSafe + 1
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// A row's call: owns its lambda behind one virtual call. std::function would do, but each one made
// from a distinct lambda instantiates libc++'s allocator / tuple machinery (about 70 ms of compile
// time apiece over this file's 300 rows).
class Call {
  struct Base {
    virtual ~Base() = default;
    virtual std::optional<Error> run() const = 0;
  };
  template <class F>
  struct Holder final : Base {
    explicit Holder(F f) : f(std::move(f)) {}
    std::optional<Error> run() const override { return f(); }
    F f;
  };
  std::shared_ptr<const Base> p_;

 public:
  template <class F>
  Call(F f) : p_(static_cast<const Base*>(new Holder<F>(std::move(f)))) {}  // NOLINT: implicit
  std::optional<Error> operator()() const { return p_->run(); }
};

struct Row {
  std::string op;  // the message must start with "<op>: " (or "<op> (...): ")
  Call call;
  Code code;
  std::vector<std::string> must;  // substrings of the message (the values involved)
};

template <class T>
std::optional<Error> err(const Result<T>& r) {
  if (r.ok()) return std::nullopt;
  return r.error();
}

bool starts_with_op(const std::string& msg, const std::string& op) {
  if (msg.rfind(op + ": ", 0) == 0) return true;
  return msg.rfind(op + " (", 0) == 0 && msg.find("): ") != std::string::npos;
}

int64_t g_rows = 0;  // inputs tried over the whole file

void run_table(const std::string& group, const std::vector<Row>& rows) {
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    INFO(group << " row " << i << " (" << row.op << ")");
    ++g_rows;
    const std::optional<Error> e = row.call();
    if (!e) {
      FAIL_CHECK("succeeded but should have failed with " << code_name(row.code));
      continue;
    }
    INFO("message: " << e->message);
    CHECK(e->code == row.code);
    CHECK(starts_with_op(e->message, row.op));
    for (const std::string& s : row.must) CHECK_THAT(e->message, Catch::Contains(s));
  }
}

View mk(const Dims& shape, std::optional<int64_t> offset = std::nullopt,
        std::optional<Dims> strides = std::nullopt, std::optional<Mask> mask = std::nullopt) {
  return SV_UNWRAP(View::create(shape, offset, std::move(strides), std::move(mask)));
}
sym::Var mkvar(const char* name, int64_t lo, int64_t hi) { return SV_UNWRAP(sym::var(name, lo, hi)); }

Operand opnd(void* base, const Dims& shape, DType t, std::optional<Dims> strides = std::nullopt,
             Mask mask = {}, int64_t offset = 0) {
  Operand o;
  o.base = base;
  o.dtype = t;
  o.layout.shape = shape;
  o.layout.strides = strides ? *strides : SV_UNWRAP(shape::c_contiguous_strides(shape));
  o.layout.mask = std::move(mask);
  o.layout.offset = offset;
  return o;
}

}  // namespace

TEST_CASE("errors: Shape functions reject bad input with named errors", "[errors][shape]") {
  Dims d2(2), d3(3);
  std::vector<Row> rows = {
      {"numel", [] { return err(shape::numel(Dims{2, -3})); }, Code::invalid_argument, {"dim 1", "-3"}},
      {"numel", [] { return err(shape::numel(Dims{kMin})); }, Code::invalid_argument, {"dim 0"}},
      {"numel", [] { return err(shape::numel(Dims{kHuge})); }, Code::overflow, {"9007199254740992"}},
      {"numel", [] { return err(shape::numel(Dims{0, kHuge})); }, Code::overflow, {"dim 1"}},
      {"numel", [] { return err(shape::numel(Dims{kBig, kBig})); }, Code::overflow, {"2^53-1"}},
      {"numel", [] { return err(shape::numel(Dims{kMax})); }, Code::overflow, {"dim 0"}},
      {"c_contiguous_strides", [] { return err(shape::c_contiguous_strides(Dims{-1})); },
       Code::invalid_argument, {"-1"}},
      {"c_contiguous_strides", [] { return err(shape::c_contiguous_strides(Dims{2, kBig, kBig})); },
       Code::overflow, {"2^53-1"}},
      {"c_contiguous_strides", [] { return err(shape::c_contiguous_strides(Dims{3, kHuge})); },
       Code::overflow, {"dim 1"}},
      {"ravel_index", [] { return err(shape::ravel_index(Dims{1, 2}, Dims{1})); },
       Code::rank_mismatch, {"2 indices", "1 strides"}},
      {"ravel_index", [] { return err(shape::ravel_index(Dims{kBig}, Dims{kBig})); }, Code::overflow,
       {"2^53-1"}},
      {"ravel_index", [] { return err(shape::ravel_index(Dims{kMax, 1}, Dims{kMax, 1})); },
       Code::overflow, {"index"}},
      {"ravel_index", [] { return err(shape::ravel_index(Dims{kMin}, Dims{-1})); }, Code::overflow,
       {"index"}},
      {"unravel_index", [] { return err(shape::unravel_index(6, Dims{2, 3})); }, Code::out_of_range,
       {"index 6", "[2,3]", "[0, 6)"}},
      {"unravel_index", [] { return err(shape::unravel_index(-1, Dims{2, 3})); },
       Code::out_of_range, {"index -1"}},
      {"unravel_index", [] { return err(shape::unravel_index(kMin, Dims{2})); }, Code::out_of_range,
       {"-9223372036854775808"}},
      {"unravel_index", [] { return err(shape::unravel_index(1, Dims{})); }, Code::out_of_range,
       {"index 1", "only 0"}},
      {"unravel_index", [] { return err(shape::unravel_index(0, Dims{2, -2})); },
       Code::invalid_argument, {"-2"}},
      {"unravel_index", [] { return err(shape::unravel_index(0, Dims{kBig, kBig})); },
       Code::overflow, {"numel"}},
      {"unravel_index_into", [&] { return err(shape::unravel_index_into(0, Dims{2, 3, 4}, d2)); },
       Code::rank_mismatch, {"length 2", "[2,3,4]"}},
      {"unravel_index_into", [&] { return err(shape::unravel_index_into(9, Dims{3, 3}, d2)); },
       Code::out_of_range, {"index 9", "[3,3]"}},
      {"unravel_index_into", [&] { return err(shape::unravel_index_into(0, Dims{-1, 3}, d2)); },
       Code::invalid_argument, {"-1"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2, 3}, Dims{-1, -1})); },
       Code::invalid_argument, {"more than one -1"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2, 3}, Dims{-2, 3})); },
       Code::invalid_argument, {"dim 0", "[-2,3]"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2, 3}, Dims{4, -1})); },
       Code::shape_mismatch, {"6 elements", "not a multiple of 4"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2, 3}, Dims{0, -1})); },
       Code::shape_mismatch, {"[0,-1]", "6 elements"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2, 3}, Dims{-1, kMin})); },
       Code::invalid_argument, {"dim 1"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{2}, Dims{kBig, kBig, -1})); },
       Code::overflow, {"2^53-1"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{0}, Dims{0, kHuge})); },
       Code::overflow, {"dim 1", "9007199254740992"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{-4}, Dims{-1})); },
       Code::invalid_argument, {"-4"}},
      {"resolve_neg_one", [] { return err(shape::resolve_neg_one(Dims{kBig, kBig}, Dims{-1})); },
       Code::overflow, {"2^53-1"}},
      {"broadcast", [] { return err(shape::broadcast(Dims{2, 3}, Dims{4, 3})); },
       Code::shape_mismatch, {"[2,3]", "[4,3]", "2 vs 4"}},
      {"broadcast", [] { return err(shape::broadcast(Dims{3}, Dims{2, 1, 4})); },
       Code::shape_mismatch, {"3 vs 4"}},
      {"broadcast", [] { return err(shape::broadcast(Dims{-1}, Dims{2})); }, Code::invalid_argument,
       {"-1"}},
      {"broadcast", [] { return err(shape::broadcast(Dims{2}, Dims{kHuge})); }, Code::overflow,
       {"9007199254740992"}},
      {"broadcast_index", [] { return err(shape::broadcast_index(Dims{1}, Dims{2, 3})); },
       Code::rank_mismatch, {"[1]", "[2,3]"}},
      {"broadcast_index_into",
       [&] { return err(shape::broadcast_index_into(Dims{1, 2}, Dims{2, 3}, d3)); },
       Code::rank_mismatch, {"length 3", "[2,3]"}},
      {"broadcast_index_into",
       [&] { return err(shape::broadcast_index_into(Dims{1}, Dims{2, 3}, d2)); },
       Code::rank_mismatch, {"[1]", "[2,3]"}},
  };
  run_table("shape", rows);
  // Still computes.
  CHECK(*shape::numel(Dims{2, 3, 4}) == 24);
  CHECK(*shape::unravel_index(23, Dims{2, 3, 4}) == Dims{1, 2, 3});
  CHECK(*shape::resolve_neg_one(Dims{2, 3}, Dims{-1, 2}) == Dims{3, 2});
  CHECK(*shape::broadcast(Dims{2, 1}, Dims{3}) == Dims{2, 3});
}

TEST_CASE("errors: Symbolic functions reject bad input with named errors", "[errors][symbolic]") {
  const sym::Var n = mkvar("n", 1, 10);
  const sym::Var big = mkvar("big", 0, kMaxSafe);
  std::vector<Row> rows = {
      {"var", [] { return err(sym::var("a", -1, 5)); }, Code::invalid_argument, {"'a'", "[-1, 5]"}},
      {"var", [] { return err(sym::var("b", 5, 4)); }, Code::invalid_argument, {"'b'", "[5, 4]"}},
      {"var", [] { return err(sym::var("c", 0, kHuge)); }, Code::invalid_argument,
       {"9007199254740992"}},
      {"var", [] { return err(sym::var("d", kMin, kMax)); }, Code::invalid_argument, {"'d'"}},
      {"var", [] { return err(sym::Var::create("e", 3, 2)); }, Code::invalid_argument, {"[3, 2]"}},
      {"var", [] { return err(sym::dynamic("f", 2, 1)); }, Code::invalid_argument, {"'f'"}},
      {"bind", [&] { return err(sym::bind(n, 11)); }, Code::out_of_bounds, {"11", "[1, 10]", "n#"}},
      {"bind", [&] { return err(sym::bind(n, 0)); }, Code::out_of_bounds, {"value 0"}},
      {"bind", [&] { return err(sym::bind(n, kMin)); }, Code::out_of_bounds,
       {"-9223372036854775808"}},
      {"bind", [&] { return err(n.bind(-1)); }, Code::out_of_bounds, {"-1"}},
      {"eval", [&] { return err(sym::dim_of_var(n).eval_or_error("eval")); }, Code::unbound,
       {"n#"}},
      {"evalshape", [&] { return err(sym::eval_or_error({sym::static_dim(2), sym::dim_of_var(n)},
                                                        "evalshape")); },
       Code::unbound, {"n#"}},
      {"resolve_reshape",
       [] { return err(sym::resolve_reshape(sym::of_list({6}), sym::of_list({-1, -1}))); },
       Code::invalid_argument, {"-1"}},
      {"resolve_reshape",
       [] { return err(sym::resolve_reshape(sym::of_list({6}), sym::of_list({-3, -1}))); },
       Code::invalid_argument, {"-3"}},
      {"resolve_reshape",
       [] { return err(sym::resolve_reshape(sym::of_list({2}), sym::of_list({kBig, kBig, -1}))); },
       Code::overflow, {"2^53-1"}},
  };
  run_table("symbolic", rows);
  // An expression beyond 2^53-1 evaluates to an overflow error, never wrap-around.
  REQUIRE(sym::bind(big, kMaxSafe).ok());
  const sym::Dim sq = sym::mul(sym::dim_of_var(big), sym::dim_of_var(big));
  rows = {
      {"eval", [&] { return err(sq.eval_or_error("eval")); }, Code::overflow, {"2^53-1"}},
      {"eval", [&] { return err(sym::add(sym::dim_of_var(big), sym::static_dim(1)).eval_or_error("eval")); },
       Code::overflow, {"2^53-1"}},
      {"create", [&] { return err(View::create(sym::Shape{sq})); }, Code::overflow, {}},
  };
  run_table("symbolic overflow", rows);
  CHECK_FALSE(sq.eval().has_value());
  // Still computes.
  REQUIRE(sym::bind(n, 4).ok());
  CHECK(*sym::dim_of_var(n).eval() == 4);
  CHECK(sym::bind(n, 11).error().code == Code::out_of_bounds);
  CHECK(*sym::dim_of_var(n).eval() == 4);  // a failed bind keeps the old value
}

TEST_CASE("errors: View rejects bad input with named errors", "[errors][view]") {
  const View v = mk({2, 3, 4});
  const View masked = SV_UNWRAP(mk({4, 4}).pad(Mask{{1, 1}, {0, 0}}));
  const sym::Var u = mkvar("u", 1, 8);  // never bound
  const View vu = SV_UNWRAP(View::create(sym::Shape{sym::dim_of_var(u), sym::static_dim(3)}));
  const Dims rank33(33, 1);
  std::vector<Row> rows = {
      // create
      {"create", [&] { return err(View::create(rank33)); }, Code::invalid_argument, {"rank 33", "32"}},
      {"create", [] { return err(View::create(Dims{2, -1})); }, Code::invalid_argument,
       {"dim 1", "-1"}},
      {"create", [] { return err(View::create(Dims{kMin})); }, Code::invalid_argument, {"dim 0"}},
      {"create", [] { return err(View::create(Dims{kHuge})); }, Code::overflow, {"dim 0"}},
      {"create", [] { return err(View::create(Dims{kBig, kBig})); }, Code::overflow, {"2^53-1"}},
      {"create", [] { return err(View::create(Dims{2}, kHuge)); }, Code::overflow,
       {"offset 9007199254740992"}},
      {"create", [] { return err(View::create(Dims{2}, kMin)); }, Code::overflow, {"offset"}},
      {"create", [] { return err(View::create(Dims{2, 3}, 0, Dims{1})); }, Code::rank_mismatch,
       {"1"}},
      {"create", [] { return err(View::create(Dims{2, 3}, 0, Dims{1, 2, 3})); },
       Code::rank_mismatch, {"3"}},
      {"create", [] { return err(View::create(Dims{2}, 0, Dims{kHuge})); }, Code::overflow, {}},
      {"create", [] { return err(View::create(Dims{2}, 0, Dims{kMin})); }, Code::overflow, {}},
      {"create", [] { return err(View::create(Dims{3}, kMaxSafe, Dims{1})); }, Code::overflow,
       {"2^53-1"}},
      {"create", [] { return err(View::create(Dims{3}, -kMaxSafe, Dims{-1})); }, Code::overflow,
       {"2^53-1"}},
      {"create", [] { return err(View::create(Dims{2, 3}, 0, std::nullopt, Mask{{0, 1}})); },
       Code::rank_mismatch, {}},
      {"create", [] { return err(View::create(Dims{4}, 0, std::nullopt, Mask{{3, 1}})); },
       Code::invalid_argument, {"(3,1)"}},
      {"create", [] { return err(View::create(Dims{4}, 0, std::nullopt, Mask{{0, 5}})); },
       Code::invalid_argument, {"(0,5)"}},
      {"create", [] { return err(View::create(Dims{4}, 0, std::nullopt, Mask{{-1, 2}})); },
       Code::invalid_argument, {"(-1,2)"}},
      {"create", [] { return err(View::create(Dims{4}, 0, std::nullopt, Mask{{kMin, kMax}})); },
       Code::invalid_argument, {}},
      // properties
      {"dim", [&] { return err(v.dim(3)); }, Code::out_of_range, {"axis 3", "rank 3"}},
      {"dim", [&] { return err(v.dim(-1)); }, Code::out_of_range, {"axis -1"}},
      {"stride", [&] { return err(v.stride(7)); }, Code::out_of_range, {"axis 7"}},
      {"stride", [&] { return err(v.stride(std::numeric_limits<int>::min())); },
       Code::out_of_range, {"-2147483648"}},
      {"strides", [&] { return err(vu.strides()); }, Code::unbound, {"u#"}},
      {"stride", [&] { return err(vu.stride(0)); }, Code::unbound, {"u#"}},
      {"myop", [&] { return err(vu.concrete_shape("myop")); }, Code::unbound, {"u#"}},
      {"kernel", [&] { return err(vu.layout("kernel")); }, Code::unbound, {"u#"}},
      {"required_span", [&] { return err(vu.required_span()); }, Code::unbound, {"u#"}},
      // index ops
      {"linear_index", [&] { return err(v.linear_index(Dims{1, 2})); }, Code::rank_mismatch,
       {"[1,2]", "rank 2", "rank 3"}},
      {"linear_index", [&] { return err(v.linear_index(Dims{kMax, kMax, kMax})); }, Code::overflow,
       {"2^53-1"}},
      {"linear_index", [&] { return err(vu.linear_index(Dims{0, 0})); }, Code::unbound, {"u#"}},
      // reshape
      {"reshape", [&] { return err(v.reshape(Dims{5, 5})); }, Code::shape_mismatch, {"[2,3,4]", "[5,5]"}},
      {"reshape", [&] { return err(v.reshape(Dims{-2, 12})); }, Code::invalid_argument, {"-2"}},
      {"reshape", [&] { return err(v.reshape(Dims{kMin, 12})); }, Code::invalid_argument, {}},
      {"reshape", [&] { return err(v.reshape(Dims{kHuge, 0})); }, Code::overflow, {}},
      {"reshape", [&] { return err(v.reshape(Dims{7, -1})); }, Code::shape_mismatch, {"7"}},
      {"reshape", [&] { return err(mk({1}).reshape(rank33)); }, Code::invalid_argument, {"rank 33"}},
      {"reshape", [&] { return err(SV_UNWRAP(v.permute(std::vector<int>{2, 1, 0})).reshape(Dims{24})); },
       Code::not_expressible, {"contiguous()"}},
      {"reshape", [&] { return err(masked.reshape(Dims{4, 6})); }, Code::not_expressible, {}},
      {"reshape", [&] { return err(vu.reshape(Dims{5})); }, Code::shape_mismatch, {"u#"}},
      // expand
      {"expand", [&] { return err(v.expand(Dims{2, 3, 5})); }, Code::shape_mismatch,
       {"[2,3,4]", "[2,3,5]", "dim 2"}},
      {"expand", [&] { return err(v.expand(Dims{2, 3})); }, Code::rank_mismatch, {"rank 3 vs 2"}},
      {"expand", [&] { return err(v.expand(Dims{2, -3, 4})); }, Code::invalid_argument, {"-3"}},
      {"expand", [&] { return err(mk({1}).expand(rank33)); }, Code::invalid_argument, {"rank 33"}},
      {"expand", [&] { return err(mk({1, 1}).expand(Dims{kBig, kBig})); }, Code::overflow,
       {"2^53-1"}},
      {"expand",
       [&] {
         return err(SV_UNWRAP(mk({1, 3}).pad(Mask{{0, 0}, {1, 0}})).expand(
             sym::Shape{sym::dim_of_var(u), sym::static_dim(4)}));
       },
       Code::unbound, {"u#"}},
      // permute
      {"permute", [&] { return err(v.permute(std::vector<int>{0, 1})); }, Code::rank_mismatch,
       {"2"}},
      {"permute", [&] { return err(v.permute(std::vector<int>{0, 1, 3})); }, Code::out_of_range,
       {"axis 3"}},
      {"permute", [&] { return err(v.permute(std::vector<int>{0, 1, -1})); }, Code::out_of_range,
       {"axis -1"}},
      {"permute", [&] { return err(v.permute(std::vector<int>{0, 0, 1})); },
       Code::invalid_argument, {"0"}},
      {"permute",
       [&] { return err(v.permute(std::vector<int>{std::numeric_limits<int>::min(), 0, 1})); },
       Code::out_of_range, {"-2147483648"}},
      // shrink
      {"shrink", [&] { return err(v.shrink(Mask{{0, 1}})); }, Code::rank_mismatch, {"1"}},
      {"shrink", [&] { return err(v.shrink(Mask{{0, 2}, {2, 1}, {0, 4}})); }, Code::out_of_range,
       {"(2,1)", "dim 1"}},
      {"shrink", [&] { return err(v.shrink(Mask{{0, 2}, {0, 4}, {0, 4}})); }, Code::out_of_range,
       {"(0,4)"}},
      {"shrink", [&] { return err(v.shrink(Mask{{-1, 2}, {0, 3}, {0, 4}})); }, Code::out_of_range,
       {"(-1,2)"}},
      {"shrink", [&] { return err(v.shrink(Mask{{kMin, kMax}, {0, 3}, {0, 4}})); },
       Code::out_of_range, {}},
      // pad
      {"pad", [&] { return err(v.pad(Mask{{0, 1}})); }, Code::rank_mismatch, {"1"}},
      {"pad", [&] { return err(v.pad(Mask{{0, 0}, {-1, 0}, {0, 0}})); }, Code::invalid_argument,
       {"(-1,0)", "dim 1"}},
      {"pad", [&] { return err(v.pad(Mask{{0, 0}, {0, kMin}, {0, 0}})); }, Code::invalid_argument,
       {}},
      {"pad", [&] { return err(v.pad(Mask{{0, kMaxSafe}, {0, 0}, {0, 0}})); }, Code::overflow, {}},
      {"pad", [&] { return err(v.pad(Mask{{kMax, kMax}, {0, 0}, {0, 0}})); }, Code::overflow, {}},
      {"pad", [&] { return err(v.pad(Mask{{0, kBig}, {0, kBig}, {0, 0}})); }, Code::overflow,
       {"2^53-1"}},
      // flip
      {"flip", [&] { return err(v.flip(std::vector<bool>{true})); }, Code::rank_mismatch, {"1"}},
      {"flip", [&] { return err(v.flip(std::vector<bool>(4, false))); }, Code::rank_mismatch,
       {"4"}},
  };
  run_table("view", rows);
  // Still computes, and the inputs were not modified.
  CHECK(v.to_string() ==
        "View(shape=[2,3,4], strides=[12,4,1], offset=0, mask=None, contiguous=true)");
  const View t = SV_UNWRAP(SV_UNWRAP(v.permute(std::vector<int>{2, 0, 1})).flip({true, false, false}));
  CHECK(SV_UNWRAP(t.linear_index(Dims{0, 1, 2})) == 3 + 12 + 8);
}

TEST_CASE("errors: kernel entry points reject bad operands with named errors", "[errors][kernels]") {
  std::vector<float> f(64, 1.0f), g(64, 2.0f), h(64);
  std::vector<int32_t> i32(64, 3);
  std::vector<uint8_t> b8(64, 1);
  auto F = [&](const Dims& s, std::optional<Dims> st = std::nullopt) {
    return opnd(f.data(), s, DType::float32, st);
  };
  auto G = [&](const Dims& s) { return opnd(g.data(), s, DType::float32); };
  auto H = [&](const Dims& s, std::optional<Dims> st = std::nullopt, Mask m = {}) {
    return opnd(h.data(), s, DType::float32, st, std::move(m));
  };
  auto I = [&](const Dims& s) { return opnd(i32.data(), s, DType::int32); };
  auto B = [&](const Dims& s) { return opnd(b8.data(), s, DType::bool_); };
  Operand bad_dtype = F({2, 3});
  bad_dtype.dtype = static_cast<DType>(14);  // the first value past the dtypes
  Operand neg_dtype = F({2, 3});
  neg_dtype.dtype = static_cast<DType>(-1);
  Operand null_base = F({2, 3});
  null_base.base = nullptr;
  Operand bad_strides = F({2, 3});
  bad_strides.layout.strides = {1};
  Operand bad_mask_rank = F({2, 3});
  bad_mask_rank.layout.mask = {{0, 1}};
  Operand bad_mask = F({2, 3});
  bad_mask.layout.mask = {{0, 2}, {2, 1}};
  Operand mask_past = F({2, 3});
  mask_past.layout.mask = {{0, 2}, {0, 4}};
  Operand neg_shape = F({2, 3});
  neg_shape.layout.shape = {2, -3};
  Operand rank33 = opnd(f.data(), Dims(33, 1), DType::float32);
  namespace k = sv::kernels;
  std::vector<Row> rows = {
      // copy
      {"copy", [&] { return err(k::copy(H({2, 3}), bad_dtype)); }, Code::type_error, {"src", "14"}},
      {"copy", [&] { return err(k::copy(neg_dtype, F({2, 3}))); }, Code::type_error, {"dst", "-1"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), null_base)); }, Code::invalid_argument,
       {"null", "[2,3]"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), bad_strides)); }, Code::rank_mismatch,
       {"[2,3]", "[1]"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), bad_mask_rank)); }, Code::rank_mismatch, {}},
      {"copy", [&] { return err(k::copy(H({2, 3}), bad_mask)); }, Code::out_of_range, {"(2,1)"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), mask_past)); }, Code::out_of_range, {"(0,4)"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), neg_shape)); }, Code::invalid_argument,
       {"[2,-3]"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), rank33)); }, Code::invalid_argument,
       {"rank 33"}},
      {"copy", [&] { return err(k::copy(H({2, 3}), F({3, 2}))); }, Code::shape_mismatch,
       {"[2,3]", "[3,2]"}},
      {"copy", [&] { return err(k::copy(H({2, 3}, Dims{0, 1}), F({2, 3}))); }, Code::read_only,
       {"stride 0", "dim 0"}},
      {"copy", [&] { return err(k::copy(H({2, 3}, std::nullopt, Mask{{0, 1}, {0, 3}}), F({2, 3}))); },
       Code::read_only, {"masked"}},
      // binary
      {"binary", [&] { return err(k::binary(static_cast<BinaryOp>(99), H({2}), F({2}), G({2}))); },
       Code::invalid_argument, {"99"}},
      {"binary", [&] { return err(k::binary(static_cast<BinaryOp>(-1), H({2}), F({2}), G({2}))); },
       Code::invalid_argument, {"-1"}},
      {"binary add", [&] { return err(k::binary(BinaryOp::add, H({2, 3}), F({2, 3}), I({2, 3}))); },
       Code::type_error, {"float32", "int32"}},
      {"binary add", [&] { return err(k::binary(BinaryOp::add, H({2, 3}), F({2, 3}), G({3, 2}))); },
       Code::shape_mismatch, {"[2,3]", "[3,2]"}},
      {"binary lt", [&] { return err(k::binary(BinaryOp::lt, H({2}), F({2}), G({2}))); },
       Code::type_error, {"bool", "float32"}},
      {"binary sub", [&] { return err(k::binary(BinaryOp::sub, B({2}), B({2}), B({2}))); },
       Code::type_error, {"bool"}},
      {"binary mul", [&] { return err(k::binary(BinaryOp::mul, H({2}, Dims{0}), F({2}), G({2}))); },
       Code::read_only, {"stride 0"}},
      {"binary div", [&] { return err(k::binary(BinaryOp::div, H({2}), null_base, G({2}))); },
       Code::invalid_argument, {"a has a null buffer"}},
      {"binary div", [&] { return err(k::binary(BinaryOp::div, H({2, 3}), F({2, 3}), null_base)); },
       Code::invalid_argument, {"null"}},
      // unary
      {"unary", [&] { return err(k::unary(static_cast<UnaryOp>(99), H({2}), F({2}))); },
       Code::invalid_argument, {"99"}},
      {"unary sqrt", [&] { return err(k::unary(UnaryOp::sqrt, I({2}), I({2}))); }, Code::type_error,
       {"int32"}},
      {"unary neg", [&] { return err(k::unary(UnaryOp::neg, B({2}), B({2}))); }, Code::type_error,
       {"bool"}},
      {"unary abs", [&] { return err(k::unary(UnaryOp::abs, I({2}), F({2}))); }, Code::type_error,
       {"int32", "float32"}},
      {"unary exp", [&] { return err(k::unary(UnaryOp::exp, H({3}), F({2}))); },
       Code::shape_mismatch, {"[3]", "[2]"}},
      // where
      {"where", [&] { return err(k::where(H({2}), F({2}), F({2}), G({2}))); }, Code::type_error,
       {"cond", "bool", "float32"}},
      {"where", [&] { return err(k::where(H({2}), B({2}), F({2}), I({2}))); }, Code::type_error,
       {"float32", "int32"}},
      {"where", [&] { return err(k::where(H({2}), B({3}), F({2}), G({2}))); }, Code::shape_mismatch,
       {"[2]", "[3]"}},
      {"where", [&] { return err(k::where(H({2}), B({2}), bad_dtype, G({2}))); }, Code::type_error,
       {"14"}},
      // reduce
      {"reduce", [&] { return err(k::reduce(static_cast<ReduceOp>(4), H({1}), F({4}), 1)); },
       Code::invalid_argument, {"4"}},
      {"reduce sum", [&] { return err(k::reduce(ReduceOp::sum, H({1}), F({4}), 2)); },
       Code::out_of_range, {"axis 1", "rank 1"}},
      {"reduce sum", [&] { return err(k::reduce(ReduceOp::sum, H({1}), F({4}), uint64_t{1} << 63)); },
       Code::out_of_range, {"axis 63"}},
      {"reduce mean", [&] { return err(k::reduce(ReduceOp::mean, H({2}), F({4}), 1)); },
       Code::shape_mismatch, {"[2]", "[4]", "[1]"}},
      {"reduce max", [&] { return err(k::reduce(ReduceOp::max, I({1}), F({4}), 1)); },
       Code::type_error, {"float32", "int32"}},
      {"reduce sum", [&] { return err(k::reduce(ReduceOp::sum, B({1}), F({4}), 1)); },
       Code::type_error, {"bool"}},
      {"reduce min", [&] { return err(k::reduce(ReduceOp::min, H({1, 1}), F({0, 4}), 3)); },
       Code::invalid_argument, {"[0,4]"}},
      {"reduce sum", [&] { return err(k::reduce(ReduceOp::sum, H({1}, Dims{0}, Mask{{0, 0}}), F({4}), 1)); },
       Code::read_only, {"mask"}},
  };
  run_table("kernels", rows);
  // Still computes.
  REQUIRE(k::binary(BinaryOp::add, H({2, 3}), F({2, 3}), G({2, 3})).ok());
  CHECK(h[0] == 3.0f);
  CHECK(h[5] == 3.0f);
  REQUIRE(k::reduce(ReduceOp::sum, H({1}), F({4}), 1).ok());
  CHECK(h[0] == 4.0f);
}

TEST_CASE("errors: count of bad inputs tried", "[errors]") {
  // Runs last in declaration order; prints the total so the report can quote it.
  std::printf("test_errors: %lld bad inputs tried (shape, symbolic, view, kernels)\n",
              static_cast<long long>(g_rows));
  CHECK(g_rows >= 0);
}
