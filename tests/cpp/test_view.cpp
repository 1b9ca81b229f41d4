// View (src/view/view.hpp): creation and normalisation, properties, index operations, every
// movement op and its error paths, symbolic views, overflow. Where a result is checked as a whole
// it is compared against the dense reference of dense_ref.hpp (which never calls View code).
#include <catch2/catch.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <random>
#include <vector>

#include "dense_ref.hpp"
#include "shape/shape.hpp"
#include "view/view.hpp"

using namespace sv;
using svtest::DenseRef;
using sym::Dim;
using sym::Var;

namespace {

constexpr int64_t k2e26 = int64_t{1} << 26;
constexpr int64_t k2e27 = int64_t{1} << 27;
constexpr int64_t k2e30 = int64_t{1} << 30;
constexpr int64_t k2e52 = int64_t{1} << 52;

View mk(const Dims& shape, std::optional<int64_t> offset = std::nullopt,
        std::optional<Dims> strides = std::nullopt, std::optional<Mask> mask = std::nullopt) {
  return SV_UNWRAP(View::create(shape, offset, std::move(strides), std::move(mask)));
}
View mk(const sym::Shape& shape, std::optional<int64_t> offset = std::nullopt,
        std::optional<Dims> strides = std::nullopt, std::optional<Mask> mask = std::nullopt) {
  return SV_UNWRAP(View::create(shape, offset, std::move(strides), std::move(mask)));
}
Dims strides(const View& v) { return SV_UNWRAP(v.strides()); }
Dims shape_of(const View& v) { return SV_UNWRAP(v.concrete_shape("test")); }
Result<View> permute(const View& v, std::vector<int> axes) { return v.permute(axes); }
Var make_var(const std::string& name, int64_t lo, int64_t hi) {
  return SV_UNWRAP(sym::var(name, lo, hi));
}
Dim D(const Var& v) { return sym::dim_of_var(v); }
Dim C(int64_t c) { return sym::static_dim(c); }

#define CHECK_MATCHES(view, ref)                                \
  do {                                                          \
    const std::string sv_cmp_ = svtest::compare((view), (ref)); \
    INFO((view).to_string() << " vs " << (ref).to_string());    \
    CHECK(sv_cmp_ == "");                                       \
  } while (0)

}  // namespace

// ------------------------------------------------------------------------------------ create

TEST_CASE("view: create defaults to C-contiguous", "[view]") {
  const View v = mk(Dims{2, 3, 4});
  CHECK(strides(v) == Dims{12, 4, 1});
  CHECK(v.offset() == 0);
  CHECK_FALSE(v.mask().has_value());
  CHECK(v.is_c_contiguous());
  CHECK(v.ndim() == 3);
  CHECK(v.numel().is_const());
  CHECK(v.numel().const_value() == 24);
  CHECK(v.offset_dim().const_value() == 0);
  CHECK(SV_UNWRAP(v.dim(1)).const_value() == 3);
  CHECK(SV_UNWRAP(v.stride(0)) == 12);
  CHECK(SV_UNWRAP(v.stride(2)) == 1);
  CHECK(v.strides_opt() == Dims{12, 4, 1});
  CHECK(v.can_get_strides());
  CHECK(v.is_materializable());
  CHECK(sym::equal(v.shape(), sym::of_list({2, 3, 4})));
  CHECK(v.sym_strides().size() == 3);
  CHECK(v.to_string() ==
        "View(shape=[2,3,4], strides=[12,4,1], offset=0, mask=None, contiguous=true)");
  const Layout l = SV_UNWRAP(v.layout("test"));
  CHECK(l.shape == Dims{2, 3, 4});
  CHECK(l.strides == Dims{12, 4, 1});
  CHECK(l.offset == 0);
  CHECK_FALSE(l.has_mask());
  CHECK(SV_UNWRAP(v.required_span()) == Range{0, 23});
  CHECK_MATCHES(v, DenseRef::iota({2, 3, 4}));
  // The sym::Shape overload is the same thing.
  const View w = mk(sym::of_list({2, 3, 4}));
  CHECK(w.to_string() == v.to_string());
}

TEST_CASE("view: create follows c_contiguous_strides, including the zero-size rule", "[view]") {
  CHECK(strides(mk(Dims{2, 0, 3})) == Dims{0, 0, 1});
  CHECK(strides(mk(Dims{3, 0})) == Dims{0, 0});
  CHECK(strides(mk(Dims{2, 1, 3})) == Dims{3, 3, 1});
  CHECK(mk(Dims{2, 0, 3}).is_c_contiguous());
  const View s = mk(Dims{});
  CHECK(s.ndim() == 0);
  CHECK(strides(s).empty());
  CHECK(s.is_c_contiguous());
  CHECK(s.numel().const_value() == 1);
  CHECK(SV_UNWRAP(s.linear_index(Dims{})) == 0);
  const View s5 = mk(Dims{}, 5);
  CHECK(SV_UNWRAP(s5.linear_index(Dims{})) == 5);
  CHECK_FALSE(s5.is_c_contiguous());  // the offset matters
  CHECK(SV_UNWRAP(s5.required_span()) == Range{5, 5});
}

TEST_CASE("view: C-contiguous means offset 0, no mask and canonical strides", "[view]") {
  CHECK(mk(Dims{2, 3}, 0, Dims{3, 1}).is_c_contiguous());
  CHECK_FALSE(mk(Dims{2, 3}, 1, Dims{3, 1}).is_c_contiguous());
  CHECK_FALSE(mk(Dims{2, 3}, 0, Dims{1, 2}).is_c_contiguous());
  CHECK_FALSE(mk(Dims{2, 3}, 0, Dims{0, 1}).is_c_contiguous());
  CHECK_FALSE(mk(Dims{2, 3}, 0, std::nullopt, Mask{{0, 1}, {0, 3}}).is_c_contiguous());
}

TEST_CASE("view: create normalises zero-size views and full masks", "[view]") {
  // A zero-size shape forces offset 0 and drops the mask.
  const View z = mk(Dims{2, 0}, 7, Dims{5, 1}, Mask{{1, 2}, {0, 0}});
  CHECK(z.offset() == 0);
  CHECK_FALSE(z.mask().has_value());
  CHECK(strides(z) == Dims{5, 1});
  CHECK_FALSE(SV_UNWRAP(z.required_span()).has_value());
  // A mask covering every dim fully is dropped.
  const View f = mk(Dims{2, 3}, 0, std::nullopt, Mask{{0, 2}, {0, 3}});
  CHECK_FALSE(f.mask().has_value());
  CHECK(f.is_c_contiguous());
  // A mask with an empty range is an all-invalid view.
  const View e = mk(Dims{2, 3}, 4, Dims{3, 1}, Mask{{0, 2}, {1, 1}});
  REQUIRE(e.mask().has_value());
  CHECK(*e.mask() == Mask{{0, 0}, {0, 0}});
  CHECK(strides(e) == Dims{0, 0});
  CHECK(e.offset() == 0);
  CHECK_FALSE(e.is_valid(Dims{0, 1}));
  CHECK_FALSE(SV_UNWRAP(e.required_span()).has_value());
  CHECK_FALSE(e.strides_opt().has_value());
  // A partial mask is kept as given.
  const View p = mk(Dims{4, 3}, 0, std::nullopt, Mask{{1, 3}, {0, 3}});
  CHECK(*p.mask() == Mask{{1, 3}, {0, 3}});
  CHECK_MATCHES(p, DenseRef::strided({4, 3}, {3, 1}, 0, Mask{{1, 3}, {0, 3}}));
}

TEST_CASE("view: create errors", "[view][error]") {
  SV_REQUIRE_ERROR(View::create(Dims(33, 1)), Code::invalid_argument, "create", "rank 33", "32");
  CHECK(View::create(Dims(32, 1)).ok());
  SV_REQUIRE_ERROR(View::create(Dims{2, -1}), Code::invalid_argument, "create", "dim 1", "[2,-1]",
                   "-1");
  SV_REQUIRE_ERROR(View::create(Dims{2}, kMaxSafe + 1), Code::overflow, "create", "offset",
                   "9007199254740992");
  SV_REQUIRE_ERROR(View::create(Dims{2}, INT64_MIN), Code::overflow, "create", "offset");
  SV_REQUIRE_ERROR(View::create(Dims{2, 3}, 0, Dims{1}), Code::rank_mismatch, "create", "1 strides",
                   "[2,3]", "rank 2");
  SV_REQUIRE_ERROR(View::create(Dims{2}, 0, Dims{INT64_MIN}), Code::overflow, "create", "stride",
                   "-9223372036854775808");
  SV_REQUIRE_ERROR(View::create(Dims{2, 3}, 0, std::nullopt, Mask{{0, 1}}), Code::rank_mismatch,
                   "create", "mask", "[(0,1)]", "1 ranges", "rank 2");
  SV_REQUIRE_ERROR(View::create(Dims{2, 3}, 0, std::nullopt, Mask{{0, 2}, {2, 1}}),
                   Code::invalid_argument, "create", "mask range (2,1)", "dim 1", "size 3");
  SV_REQUIRE_ERROR(View::create(Dims{2, 3}, 0, std::nullopt, Mask{{-1, 2}, {0, 3}}),
                   Code::invalid_argument, "(-1,2)", "dim 0", "size 2");
  SV_REQUIRE_ERROR(View::create(Dims{2, 3}, 0, std::nullopt, Mask{{0, 2}, {0, 4}}),
                   Code::invalid_argument, "(0,4)", "size 3");
  SV_REQUIRE_ERROR(View::create(Dims{2}, 0, std::nullopt, Mask{{INT64_MIN, INT64_MAX}}),
                   Code::invalid_argument, "dim 0");
  Var n = make_var("n", 0, 10);
  SV_REQUIRE_ERROR(View::create(sym::Shape{D(n)}, 0, std::nullopt, Mask{{0, 1}}), Code::unbound,
                   "create", "n#" + std::to_string(n.id()));
}

TEST_CASE("view: dim and stride errors", "[view][error]") {
  const View v = mk(Dims{2, 3});
  SV_REQUIRE_ERROR(v.dim(2), Code::out_of_range, "dim", "axis 2", "rank 2");
  SV_REQUIRE_ERROR(v.dim(-1), Code::out_of_range, "dim", "axis -1");
  SV_REQUIRE_ERROR(v.stride(5), Code::out_of_range, "stride", "axis 5", "rank 2");
  SV_REQUIRE_ERROR(v.stride(-1), Code::out_of_range, "stride", "axis -1");
}

// ------------------------------------------------------------------------------------ index ops

TEST_CASE("view: linear_index (the spec's example)", "[view]") {
  const View v = mk(Dims{2, 3}, 5, Dims{3, 1});
  CHECK(SV_UNWRAP(v.linear_index(Dims{1, 2})) == 10);  // 5 + 1*3 + 2*1
  CHECK(SV_UNWRAP(v.linear_index(Dims{0, 0})) == 5);
  // No bounds check, as the spec says.
  CHECK(SV_UNWRAP(v.linear_index(Dims{4, -1})) == 16);
  const View n = mk(Dims{3}, 10, Dims{-4});
  CHECK(SV_UNWRAP(n.linear_index(Dims{2})) == 2);
}

TEST_CASE("view: linear_index errors", "[view][error]") {
  const View v = mk(Dims{2, 3});
  SV_REQUIRE_ERROR(v.linear_index(Dims{1}), Code::rank_mismatch, "linear_index", "[1]", "rank 1",
                   "rank 2");
  SV_REQUIRE_ERROR(v.linear_index(Dims{INT64_MAX, 0}), Code::overflow, "2^53-1");
  SV_REQUIRE_ERROR(mk(Dims{2}, kMaxSafe - 1, Dims{1}).linear_index(Dims{2}), Code::overflow,
                   "linear_index", "[2]", "2^53-1");
}

TEST_CASE("view: is_valid", "[view]") {
  const View v = mk(Dims{2, 3});
  CHECK(v.is_valid(Dims{1, 2}));
  CHECK(v.is_valid(Dims{7, 9}));     // unmasked: always valid (no bounds check)
  CHECK_FALSE(v.is_valid(Dims{1}));  // rank mismatch is false, not an error
  CHECK_FALSE(v.is_valid(Dims{1, 2, 0}));
  const View m = mk(Dims{4, 3}, 0, std::nullopt, Mask{{1, 3}, {0, 2}});
  CHECK(m.is_valid(Dims{1, 0}));
  CHECK(m.is_valid(Dims{2, 1}));
  CHECK_FALSE(m.is_valid(Dims{0, 0}));
  CHECK_FALSE(m.is_valid(Dims{3, 0}));
  CHECK_FALSE(m.is_valid(Dims{1, 2}));
  CHECK_FALSE(m.is_valid(Dims{1}));
  CHECK(mk(Dims{}).is_valid(Dims{}));
}

// ------------------------------------------------------------------------------------ properties

TEST_CASE("view: strides_opt, can_get_strides, is_materializable", "[view]") {
  const View v = mk(Dims{2, 3}, 1, Dims{1, 2});
  CHECK(v.strides_opt() == Dims{1, 2});
  CHECK(v.can_get_strides());
  CHECK(v.is_materializable());
  const View m = SV_UNWRAP(v.pad({{1, 0}, {0, 0}}));
  CHECK_FALSE(m.strides_opt().has_value());
  CHECK_FALSE(m.can_get_strides());
  CHECK_FALSE(m.is_materializable());
  Var n = make_var("n", 0, 10);
  const View s = mk(sym::Shape{D(n), C(3)});
  CHECK_FALSE(s.is_materializable());
  REQUIRE(n.bind(2).ok());
  CHECK(s.can_get_strides());
  CHECK_FALSE(s.is_materializable());  // bound, but not a static shape
}

TEST_CASE("view: simplify re-normalises after a binding changed the shape", "[view][symbolic]") {
  Var n = make_var("n", 0, 10);
  REQUIRE(n.bind(4).ok());
  const View v = mk(sym::Shape{D(n), C(3)}, 2, Dims{3, 1}, Mask{{0, 2}, {0, 3}});
  REQUIRE(v.mask().has_value());
  CHECK_FALSE(v.strides_opt().has_value());
  REQUIRE(n.bind(2).ok());  // now the mask covers everything
  const View s = v.simplify();
  CHECK_FALSE(s.mask().has_value());
  CHECK(v.strides_opt() == Dims{3, 1});  // strides_opt simplifies internally
  REQUIRE(n.bind(0).ok());               // zero-size: offset 0, no mask
  const View z = v.simplify();
  CHECK(z.offset() == 0);
  CHECK_FALSE(z.mask().has_value());
  // simplify of an already normal view changes nothing.
  const View w = mk(Dims{2, 3}, 1, Dims{1, 2});
  CHECK(w.simplify().to_string() == w.to_string());
}

TEST_CASE("view: required_span", "[view]") {
  CHECK(SV_UNWRAP(mk(Dims{2, 3}, 5, Dims{3, 1}).required_span()) == Range{5, 10});
  CHECK(SV_UNWRAP(mk(Dims{2, 3}, 5, Dims{-3, 1}).required_span()) == Range{2, 7});
  CHECK(SV_UNWRAP(mk(Dims{4}, 0, Dims{0}).required_span()) == Range{0, 0});
  CHECK_FALSE(SV_UNWRAP(mk(Dims{0, 3}).required_span()).has_value());
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 1}, {2, 0}}));
  CHECK(p.offset() == -5);
  CHECK(SV_UNWRAP(p.required_span()) == Range{0, 5});  // only the valid region counts
  Var n = make_var("n", 0, 10);
  SV_REQUIRE_ERROR(mk(sym::Shape{C(3), D(n)}).required_span(), Code::unbound, "required_span");
}

TEST_CASE("view: to_string", "[view]") {
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 1}, {0, 0}}));
  CHECK(p.to_string() ==
        "View(shape=[4,3], strides=[3,1], offset=-3, mask=[(1,3),(0,3)], contiguous=false)");
  Var n = make_var("n", 0, 10);
  const View s = mk(sym::Shape{C(2), D(n)});
  const std::string nn = "n#" + std::to_string(n.id());
  CHECK(s.to_string() ==
        "View(shape=[2," + nn + "], strides=[" + nn + ",1], offset=0, mask=None, contiguous=true)");
}

// ------------------------------------------------------------------------------------ reshape

TEST_CASE("view: reshape of contiguous views", "[view][reshape]") {
  const View v = mk(Dims{2, 3, 4});
  const View a = SV_UNWRAP(v.reshape(Dims{6, 4}));
  CHECK(strides(a) == Dims{4, 1});
  CHECK(a.is_c_contiguous());
  const View b = SV_UNWRAP(v.reshape(Dims{6, -1}));  // resolve_reshape [2,3,4] with [6,-1]
  CHECK(shape_of(b) == Dims{6, 4});
  const View c = SV_UNWRAP(v.reshape(Dims{-1}));
  CHECK(shape_of(c) == Dims{24});
  const View d = SV_UNWRAP(v.reshape(Dims{1, 2, 1, 12, 1}));
  CHECK(strides(d) == Dims{24, 12, 12, 1, 1});
  CHECK(d.is_c_contiguous());
  const View e = SV_UNWRAP(v.reshape(sym::Shape{C(4), sym::infer(), C(2)}));
  CHECK(shape_of(e) == Dims{4, 3, 2});
  CHECK_MATCHES(e, DenseRef::iota({4, 3, 2}));
  // Same shape: the same view.
  const View f = SV_UNWRAP(v.reshape(Dims{2, 3, 4}));
  CHECK(f.to_string() == v.to_string());
  // Scalar <-> [1,...].
  const View s = SV_UNWRAP(mk(Dims{}, 3).reshape(Dims{1, 1}));
  CHECK(SV_UNWRAP(s.linear_index(Dims{0, 0})) == 3);
  const View t = SV_UNWRAP(s.reshape(Dims{}));
  CHECK(SV_UNWRAP(t.linear_index(Dims{})) == 3);
}

TEST_CASE("view: reshapes Nx wrongly refuses succeed", "[view][reshape]") {
  {
    const View v = mk(Dims{2, 3, 4}, 0, Dims{24, 4, 1});
    const View r = SV_UNWRAP(v.reshape(Dims{2, 2, 6}));
    CHECK(strides(r) == Dims{24, 6, 1});
    CHECK_MATCHES(r, DenseRef::strided({2, 3, 4}, {24, 4, 1}, 0).reshape({2, 2, 6}));
  }
  {
    const View v = mk(Dims{1, 2, 4}, 0, Dims{4, 4, 1});
    const View r = SV_UNWRAP(v.reshape(Dims{4, 2}));
    CHECK(strides(r) == Dims{2, 1});
    CHECK_MATCHES(r, DenseRef::strided({1, 2, 4}, {4, 4, 1}, 0).reshape({4, 2}));
  }
  {
    const View v = mk(Dims{3, 2, 3}, 0, Dims{1, 0, 0});
    const DenseRef ref = DenseRef::strided({3, 2, 3}, {1, 0, 0}, 0);
    const View a = SV_UNWRAP(v.reshape(Dims{3, 6}));
    CHECK(strides(a) == Dims{1, 0});
    CHECK_MATCHES(a, ref.reshape({3, 6}));
    const View b = SV_UNWRAP(v.reshape(Dims{3, 3, 2}));
    CHECK(strides(b) == Dims{1, 0, 0});
    CHECK_MATCHES(b, ref.reshape({3, 3, 2}));
    // ...but not across the stride-1 dim.
    SV_REQUIRE_ERROR(v.reshape(Dims{18}), Code::not_expressible, "reshape", "[3,2,3]", "[1,0,0]",
                     "[18]", "contiguous()");
    CHECK_FALSE(ref.reshape({18}).expressible().has_value());
  }
}

TEST_CASE("view: reshape of strided views", "[view][reshape]") {
  // Every other element: [6,4] strides [8,2] -> [3,8] merges then splits.
  const View v = mk(Dims{6, 4}, 1, Dims{8, 2});
  const View r = SV_UNWRAP(v.reshape(Dims{3, 8}));
  CHECK(strides(r) == Dims{16, 2});
  CHECK(r.offset() == 1);
  CHECK_MATCHES(r, DenseRef::strided({6, 4}, {8, 2}, 1).reshape({3, 8}));
  // Transposed: splitting an outer dim works, merging does not.
  const View t = SV_UNWRAP(permute(mk(Dims{4, 3}), {1, 0}));
  const View s = SV_UNWRAP(t.reshape(Dims{3, 2, 2}));
  CHECK(strides(s) == Dims{1, 6, 3});
  SV_REQUIRE_ERROR(t.reshape(Dims{12}), Code::not_expressible, "reshape: cannot reshape [3,4]",
                   "strides [1,3]", "to [12]", "call contiguous() first");
  // Negative strides merge like any other.
  const View f = SV_UNWRAP(mk(Dims{2, 3}).flip({true, true}));
  const View g = SV_UNWRAP(f.reshape(Dims{6}));
  CHECK(strides(g) == Dims{-1});
  CHECK(g.offset() == 5);
  // Scalar expanded then reshaped keeps all-zero strides.
  const View z = SV_UNWRAP(SV_UNWRAP(mk(Dims{}, 9).expand(Dims{2, 3})).reshape(Dims{3, 1, 2}));
  CHECK(strides(z)[0] == 0);
  CHECK(strides(z)[2] == 0);
  CHECK_MATCHES(z, DenseRef::strided({3, 1, 2}, {0, 0, 0}, 9));
}

TEST_CASE("view: reshape carries masks (pad (2,3) by ((1,1),(0,0)) to (12,))",
          "[view][reshape][mask]") {
  const View v = mk(Dims{2, 3});
  const View p = SV_UNWRAP(v.pad({{1, 1}, {0, 0}}));
  const View r = SV_UNWRAP(p.reshape(Dims{12}));
  REQUIRE(r.mask().has_value());
  CHECK(*r.mask() == Mask{{3, 9}});
  CHECK(r.offset() == -3);
  CHECK(strides(r) == Dims{1});
  const DenseRef ref = DenseRef::iota({2, 3}).pad({{1, 1}, {0, 0}}).reshape({12});
  CHECK_MATCHES(r, ref);
  // And back, and into another box.
  const View b = SV_UNWRAP(r.reshape(Dims{4, 3}));
  CHECK(*b.mask() == Mask{{1, 3}, {0, 3}});
  CHECK_MATCHES(b, ref.reshape({4, 3}));
  // The valid flat range [3,9) is not a box of [2,6].
  SV_REQUIRE_ERROR(r.reshape(Dims{2, 6}), Code::not_expressible, "[12]", "[(3,9)]", "[2,6]");
  CHECK_FALSE(ref.reshape({2, 6}).expressible().has_value());
}

TEST_CASE("view: masked reshape with outer dims fixed at a nonzero index",
          "[view][reshape][mask]") {
  // Regression: the flat interval of the valid box ignored the start of outer single-index dims
  // (row 1 of [3,4] became [0,4) instead of [4,8)).
  const View v = mk(Dims{3, 4}, 0, std::nullopt, Mask{{1, 2}, {0, 4}});
  const View r = SV_UNWRAP(v.reshape(Dims{12}));
  CHECK(*r.mask() == Mask{{4, 8}});
  CHECK_MATCHES(r, DenseRef::strided({3, 4}, {4, 1}, 0, Mask{{1, 2}, {0, 4}}).reshape({12}));
  const View w = mk(Dims{2, 3, 4}, 0, std::nullopt, Mask{{1, 2}, {2, 3}, {1, 3}});
  const View f = SV_UNWRAP(w.reshape(Dims{6, 4}));
  CHECK(*f.mask() == Mask{{5, 6}, {1, 3}});
  CHECK_MATCHES(
      f, DenseRef::strided({2, 3, 4}, {12, 4, 1}, 0, Mask{{1, 2}, {2, 3}, {1, 3}}).reshape({6, 4}));
}

TEST_CASE("view: masked reshape fails when the valid region is not a box",
          "[view][reshape][mask]") {
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{0, 0}, {1, 1}}));
  SV_REQUIRE_ERROR(p.reshape(Dims{10}), Code::not_expressible, "reshape", "[2,5]", "mask",
                   "[(0,2),(1,4)]", "[10]", "contiguous()");
  const View q = SV_UNWRAP(mk(Dims{3}).pad({{2, 1}}));
  SV_REQUIRE_ERROR(q.reshape(Dims{2, 3}), Code::not_expressible, "[6]", "[2,3]");
  // The valid region is a box of the new shape, but its elements are not one strided box.
  const View b =
      SV_UNWRAP(SV_UNWRAP(mk(Dims{2, 3, 4}, 0, Dims{24, 4, 1}).pad({{1, 0}, {0, 0}, {0, 0}}))
                    .reshape(Dims{3, 12}));
  CHECK(*b.mask() == Mask{{1, 3}, {0, 12}});
  SV_REQUIRE_ERROR(b.reshape(Dims{6, 6}), Code::not_expressible,
                   "reshape: cannot reshape [3,12] with strides [24,1] and mask [(1,3),(0,12)] to "
                   "[6,6] as a single strided view; call contiguous() first");
  const View ok = SV_UNWRAP(mk(Dims{3}).pad({{3, 0}}));
  const View r = SV_UNWRAP(ok.reshape(Dims{2, 3}));
  CHECK(*r.mask() == Mask{{1, 2}, {0, 3}});
  CHECK_MATCHES(r, DenseRef::iota({3}).pad({{3, 0}}).reshape({2, 3}));
}

TEST_CASE("view: all-invalid views reshape to all-invalid views", "[view][reshape][mask]") {
  const View p = SV_UNWRAP(mk(Dims{2, 2}).pad({{0, 2}, {0, 0}}));
  const View a = SV_UNWRAP(p.shrink({{2, 4}, {0, 2}}));  // only padding left
  REQUIRE(a.mask().has_value());
  CHECK(*a.mask() == Mask{{0, 0}, {0, 0}});
  const View r = SV_UNWRAP(a.reshape(Dims{1, 4, 1}));
  CHECK(*r.mask() == Mask{{0, 0}, {0, 0}, {0, 0}});
  CHECK_FALSE(r.is_valid(Dims{0, 2, 0}));
  SV_REQUIRE_ERROR(a.reshape(Dims{5}), Code::shape_mismatch, "4 elements", "5 elements");
  // Regression: an all-invalid [1,1] reshaped to a scalar came back as a VALID scalar (a rank-0
  // mask is empty, i.e. full, and was dropped). A scalar cannot be masked, so this must refuse.
  const View one = SV_UNWRAP(a.shrink({{0, 1}, {0, 1}}));
  REQUIRE(*one.mask() == Mask{{0, 0}, {0, 0}});
  SV_REQUIRE_ERROR(one.reshape(Dims{}), Code::not_expressible, "reshape", "[1,1]", "to []",
                   "scalar", "contiguous()");
  const View single = SV_UNWRAP(SV_UNWRAP(mk(Dims{1}).pad({{1, 0}})).shrink({{0, 1}}));
  SV_REQUIRE_ERROR(single.reshape(Dims{}), Code::not_expressible, "reshape");
  CHECK(SV_UNWRAP(single.reshape(Dims{1, 1})).mask() == Mask{{0, 0}, {0, 0}});
}

TEST_CASE("view: reshape of zero-size views still checks element counts", "[view][reshape]") {
  const View z = mk(Dims{0, 3});
  SV_REQUIRE_ERROR(z.reshape(Dims{5}), Code::shape_mismatch, "reshape", "[0,3]", "(0 elements)",
                   "[5]", "(5 elements)");
  const View a = SV_UNWRAP(z.reshape(Dims{0, 4}));  // 0 == 0 elements
  CHECK(strides(a) == Dims{0, 1});
  CHECK(a.is_c_contiguous());
  const View b = SV_UNWRAP(z.reshape(Dims{5, 0, 2}));
  CHECK(strides(b) == Dims{0, 0, 1});
  SV_REQUIRE_ERROR(mk(Dims{2, 3}).reshape(Dims{0}), Code::shape_mismatch, "(6 elements)",
                   "(0 elements)");
  // A view with elements never becomes zero-size through reshape.
  SV_REQUIRE_ERROR(mk(Dims{1}).reshape(Dims{1, 0}), Code::shape_mismatch, "(1 elements)");
}

TEST_CASE("view: reshape errors", "[view][reshape][error]") {
  const View v = mk(Dims{2, 3});
  SV_REQUIRE_ERROR(v.reshape(Dims{4}), Code::shape_mismatch,
                   "reshape: cannot reshape [2,3] (6 elements) to [4] (4 elements)");
  SV_REQUIRE_ERROR(v.reshape(Dims{4, -1}), Code::shape_mismatch, "reshape", "-1", "[2,3]");
  SV_REQUIRE_ERROR(v.reshape(Dims{-1, -1}), Code::invalid_argument, "reshape", "more than one");
  SV_REQUIRE_ERROR(v.reshape(Dims{-2, 3}), Code::invalid_argument, "reshape", "dim 0", "-2");
  SV_REQUIRE_ERROR(v.reshape(Dims{-2, -1}), Code::invalid_argument, "reshape", "-2");
  SV_REQUIRE_ERROR(v.reshape(Dims(33, 1)), Code::invalid_argument, "reshape", "rank 33", "32");
  SV_REQUIRE_ERROR(v.reshape(Dims{k2e30, k2e30}), Code::overflow, "reshape", "2^53-1");
  SV_REQUIRE_ERROR(v.reshape(Dims{-1, INT64_MAX}), Code::overflow, "reshape", "2^53-1");
  SV_REQUIRE_ERROR(v.reshape(Dims{INT64_MAX, 0}), Code::overflow, "reshape");
  const View t = SV_UNWRAP(permute(v, {1, 0}));
  SV_REQUIRE_ERROR(t.reshape(Dims{6}), Code::not_expressible,
                   "reshape: cannot reshape [3,2] with strides [1,3] to [6] as a single strided "
                   "view; call contiguous() first");
}

TEST_CASE("view: reshape_strides (the group algorithm, exposed)", "[view][reshape]") {
  CHECK(reshape_strides({2, 3, 4}, {24, 4, 1}, {2, 2, 6}) == Dims{24, 6, 1});
  CHECK(reshape_strides({1, 2, 4}, {4, 4, 1}, {4, 2}) == Dims{2, 1});
  CHECK(reshape_strides({3, 2, 3}, {1, 0, 0}, {3, 6}) == Dims{1, 0});
  CHECK(reshape_strides({3, 2, 3}, {1, 0, 0}, {3, 3, 2}) == Dims{1, 0, 0});
  CHECK_FALSE(reshape_strides({3, 2, 3}, {1, 0, 0}, {18}).has_value());
  CHECK_FALSE(reshape_strides({2, 3}, {1, 2}, {6}).has_value());
  CHECK(reshape_strides({6}, {1}, {2, 1, 3}) == Dims{3, 3, 1});
  CHECK(reshape_strides({}, {}, {1, 1}) == Dims{1, 1});
  CHECK(reshape_strides({1}, {5}, {}) == Dims{});
  CHECK(reshape_strides({4}, {-2}, {2, 2}) == Dims{-4, -2});
  CHECK(reshape_strides({2, 2}, {0, 0}, {4}) == Dims{0});
  CHECK_FALSE(reshape_strides({2, 2}, {0, 1}, {4}).has_value());
}

// ------------------------------------------------------------------------------------ expand

TEST_CASE("view: expand", "[view][expand]") {
  const View v = mk(Dims{3, 1}, 2, Dims{1, 7});
  const View e = SV_UNWRAP(v.expand(Dims{3, 4}));
  CHECK(strides(e) == Dims{1, 0});
  CHECK(e.offset() == 2);
  CHECK_MATCHES(e, DenseRef::strided({3, 1}, {1, 7}, 2).expand({3, 4}));
  const View same = SV_UNWRAP(v.expand(Dims{3, 1}));
  CHECK(same.to_string() == v.to_string());
  const View zero = SV_UNWRAP(v.expand(Dims{3, 0}));  // 1 -> 0 like NumPy's broadcast_to
  CHECK(shape_of(zero) == Dims{3, 0});
  CHECK(zero.offset() == 0);
  const View e2 = SV_UNWRAP(v.expand(sym::of_list({3, 5})));
  CHECK(shape_of(e2) == Dims{3, 5});
}

TEST_CASE("view: a scalar expands to anything with zero strides and is not contiguous",
          "[view][expand]") {
  CHECK(strides(SV_UNWRAP(mk(Dims{}).expand(Dims{3, 3}))) == Dims{0, 0});  // the spec's example
  const View s = mk(Dims{}, 4);
  const View e = SV_UNWRAP(s.expand(Dims{2, 3}));
  CHECK(strides(e) == Dims{0, 0});
  CHECK(e.offset() == 4);
  CHECK_FALSE(e.is_c_contiguous());
  // Defect not to copy: a scalar expanded to [n] must not be flagged contiguous; otherwise a later
  // reshape would produce strides 1.
  const View s0 = mk(Dims{});
  const View n = SV_UNWRAP(s0.expand(Dims{4}));
  CHECK_FALSE(n.is_c_contiguous());
  const View r = SV_UNWRAP(n.reshape(Dims{2, 2}));
  CHECK(strides(r) == Dims{0, 0});
  CHECK_MATCHES(r, DenseRef::strided({2, 2}, {0, 0}, 0));
  const View one = SV_UNWRAP(s0.expand(Dims{1}));
  CHECK(SV_UNWRAP(one.linear_index(Dims{0})) == 0);
  const View none = SV_UNWRAP(s0.expand(Dims{}));
  CHECK(none.ndim() == 0);
}

TEST_CASE("view: expand of zero-size views still checks sizes", "[view][expand]") {
  SV_REQUIRE_ERROR(mk(Dims{0, 3}).expand(Dims{0, 4}), Code::shape_mismatch, "expand", "[0,3]",
                   "[0,4]", "dim 1", "size 3");
  SV_REQUIRE_ERROR(mk(Dims{0}).expand(Dims{5}), Code::shape_mismatch, "dim 0", "size 0");
  const View ok = SV_UNWRAP(mk(Dims{0, 1}).expand(Dims{0, 5}));
  CHECK(shape_of(ok) == Dims{0, 5});
}

TEST_CASE("view: expand of masked singletons", "[view][expand][mask]") {
  // A masked singleton (0,1) becomes (0,n).
  const View p = SV_UNWRAP(mk(Dims{1, 2}).pad({{0, 0}, {1, 0}}));
  REQUIRE(*p.mask() == Mask{{0, 1}, {1, 3}});
  const View e = SV_UNWRAP(p.expand(Dims{4, 3}));
  CHECK(*e.mask() == Mask{{0, 4}, {1, 3}});
  CHECK_MATCHES(e, DenseRef::iota({1, 2}).pad({{0, 0}, {1, 0}}).expand({4, 3}));
  // A fully masked singleton (0,0) stays (0,0).
  const View a =
      SV_UNWRAP(SV_UNWRAP(mk(Dims{1, 2}).pad({{1, 0}, {0, 0}})).shrink({{0, 1}, {0, 2}}));
  REQUIRE(*a.mask() == Mask{{0, 0}, {0, 0}});
  const View b = SV_UNWRAP(a.expand(Dims{5, 2}));
  CHECK(*b.mask() == Mask{{0, 0}, {0, 0}});
  CHECK_FALSE(b.is_valid(Dims{3, 1}));
}

TEST_CASE("view: expand errors", "[view][expand][error]") {
  const View v = mk(Dims{2, 1});
  SV_REQUIRE_ERROR(v.expand(Dims{3, 1}), Code::shape_mismatch,
                   "expand: cannot expand [2,1] to [3,1]: dim 0 has size 2 (only size-1 dims can "
                   "grow)");
  SV_REQUIRE_ERROR(v.expand(Dims{2, 1, 1}), Code::rank_mismatch, "expand", "[2,1]", "[2,1,1]",
                   "rank 2 vs 3", "reshape");
  SV_REQUIRE_ERROR(v.expand(Dims{2}), Code::rank_mismatch, "rank 2 vs 1");
  SV_REQUIRE_ERROR(v.expand(Dims{2, -3}), Code::invalid_argument, "expand", "dim 1", "-3");
  SV_REQUIRE_ERROR(mk(Dims{}).expand(Dims(33, 1)), Code::invalid_argument, "expand", "rank 33");
  SV_REQUIRE_ERROR(v.expand(Dims{2, k2e52 * 2}), Code::overflow, "expand");
  SV_REQUIRE_ERROR(v.expand(Dims{2, INT64_MAX}), Code::overflow, "expand");
}

// ------------------------------------------------------------------------------------ permute

TEST_CASE("view: permute", "[view][permute]") {
  const View v = mk(Dims{2, 3, 4}, 1);
  const View p = SV_UNWRAP(permute(v, {2, 0, 1}));
  CHECK(shape_of(p) == Dims{4, 2, 3});
  CHECK(strides(p) == Dims{1, 12, 4});
  CHECK(p.offset() == 1);
  CHECK_FALSE(p.is_c_contiguous());
  CHECK_MATCHES(p, DenseRef::strided({2, 3, 4}, {12, 4, 1}, 1).permute({2, 0, 1}));
  const View back = SV_UNWRAP(permute(p, {1, 2, 0}));
  CHECK(back.to_string() == v.to_string());
  const View m =
      SV_UNWRAP(SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 0}, {0, 2}})).permute(std::vector<int>{1, 0}));
  CHECK(*m.mask() == Mask{{0, 3}, {1, 3}});
  CHECK(SV_UNWRAP(permute(mk(Dims{}), {})).ndim() == 0);
}

TEST_CASE("view: permute errors name the bad axis", "[view][permute][error]") {
  const View v = mk(Dims{2, 3});
  SV_REQUIRE_ERROR(permute(v, {0}), Code::rank_mismatch, "permute", "1 axes", "rank 2");
  SV_REQUIRE_ERROR(permute(v, {0, 2}), Code::out_of_range, "permute", "axis 2", "position 1",
                   "[0, 2)");
  SV_REQUIRE_ERROR(permute(v, {-1, 0}), Code::out_of_range, "axis -1", "position 0");
  SV_REQUIRE_ERROR(permute(v, {INT_MIN, 0}), Code::out_of_range, "permute");
  SV_REQUIRE_ERROR(permute(v, {1, 1}), Code::invalid_argument, "permute", "axis 1",
                   "more than once");
}

// ------------------------------------------------------------------------------------ shrink

TEST_CASE("view: shrink", "[view][shrink]") {
  const View v = mk(Dims{4, 5}, 2);
  const View s = SV_UNWRAP(v.shrink({{1, 3}, {2, 5}}));
  CHECK(shape_of(s) == Dims{2, 3});
  CHECK(strides(s) == Dims{5, 1});
  CHECK(s.offset() == 2 + 5 + 2);
  CHECK_MATCHES(s, DenseRef::strided({4, 5}, {5, 1}, 2).shrink({{1, 3}, {2, 5}}));
  const View same = SV_UNWRAP(v.shrink({{0, 4}, {0, 5}}));
  CHECK(same.to_string() == v.to_string());
  // Zero-size dims accept only their full range.
  const View z = mk(Dims{3, 0});
  CHECK(shape_of(SV_UNWRAP(z.shrink({{1, 2}, {0, 0}}))) == Dims{1, 0});
  CHECK(SV_UNWRAP(mk(Dims{}).shrink({})).ndim() == 0);
}

TEST_CASE("view: shrink intersects masks and never inverts them", "[view][shrink][mask]") {
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 1}, {1, 1}}));  // [4,5], mask (1,3),(1,4)
  const DenseRef ref = DenseRef::iota({2, 3}).pad({{1, 1}, {1, 1}});
  const View a = SV_UNWRAP(p.shrink({{0, 2}, {2, 5}}));
  CHECK(*a.mask() == Mask{{1, 2}, {0, 2}});
  CHECK_MATCHES(a, ref.shrink({{0, 2}, {2, 5}}));
  const View b = SV_UNWRAP(p.shrink({{1, 3}, {1, 4}}));  // exactly the valid region
  CHECK_FALSE(b.mask().has_value());
  CHECK(b.is_c_contiguous());
  CHECK_MATCHES(b, DenseRef::iota({2, 3}));
  const View c = SV_UNWRAP(p.shrink({{3, 4}, {0, 5}}));  // only padding: all-invalid
  CHECK(*c.mask() == Mask{{0, 0}, {0, 0}});
  CHECK_MATCHES(c, ref.shrink({{3, 4}, {0, 5}}));
  const View d = SV_UNWRAP(p.shrink({{0, 1}, {4, 5}}));
  CHECK(*d.mask() == Mask{{0, 0}, {0, 0}});
}

TEST_CASE("view: shrink errors", "[view][shrink][error]") {
  const View v = mk(Dims{3, 4});
  SV_REQUIRE_ERROR(v.shrink({{0, 1}}), Code::rank_mismatch, "shrink", "1 bounds", "rank 2");
  SV_REQUIRE_ERROR(v.shrink({{2, 2}, {0, 4}}), Code::out_of_range,
                   "shrink: bound (2,2) of dim 0 is invalid for size 3 (need 0 <= start < end <= "
                   "size)");
  SV_REQUIRE_ERROR(v.shrink({{0, 3}, {1, 5}}), Code::out_of_range, "(1,5)", "dim 1", "size 4");
  SV_REQUIRE_ERROR(v.shrink({{-1, 2}, {0, 4}}), Code::out_of_range, "(-1,2)");
  SV_REQUIRE_ERROR(v.shrink({{2, 1}, {0, 4}}), Code::out_of_range, "(2,1)");
  SV_REQUIRE_ERROR(v.shrink({{INT64_MIN, INT64_MAX}, {0, 4}}), Code::out_of_range, "dim 0");
}

// ------------------------------------------------------------------------------------ pad

TEST_CASE("view: pad", "[view][pad]") {
  const View v = mk(Dims{2, 3}, 10, Dims{3, 1});
  const View p = SV_UNWRAP(v.pad({{1, 2}, {0, 1}}));
  CHECK(shape_of(p) == Dims{5, 4});
  CHECK(p.offset() == 10 - 3);
  CHECK(strides(p) == Dims{3, 1});
  CHECK(*p.mask() == Mask{{1, 3}, {0, 3}});
  CHECK_MATCHES(p, DenseRef::strided({2, 3}, {3, 1}, 10).pad({{1, 2}, {0, 1}}));
  const View same = SV_UNWRAP(v.pad({{0, 0}, {0, 0}}));
  CHECK(same.to_string() == v.to_string());
  // Padding a masked view intersects with (shifts) the existing mask.
  const View q = SV_UNWRAP(p.pad({{2, 0}, {1, 1}}));
  CHECK(*q.mask() == Mask{{3, 5}, {1, 4}});
  CHECK_MATCHES(q,
                DenseRef::strided({2, 3}, {3, 1}, 10).pad({{1, 2}, {0, 1}}).pad({{2, 0}, {1, 1}}));
  // Padding a zero-size view gives an all-invalid view; padding a zero-size dim of a
  // non-zero-size shape stays zero-size.
  const View z = SV_UNWRAP(mk(Dims{0}).pad({{1, 1}}));
  CHECK(shape_of(z) == Dims{2});
  CHECK(*z.mask() == Mask{{0, 0}});
  const View z2 = SV_UNWRAP(mk(Dims{2, 0}).pad({{1, 1}, {0, 0}}));
  CHECK(shape_of(z2) == Dims{4, 0});
  CHECK_FALSE(z2.mask().has_value());
  CHECK(SV_UNWRAP(mk(Dims{}).pad({})).ndim() == 0);
}

TEST_CASE("view: pad errors", "[view][pad][error]") {
  const View v = mk(Dims{2, 3});
  SV_REQUIRE_ERROR(v.pad({{0, 1}}), Code::rank_mismatch, "pad", "1 (before, after) pairs",
                   "rank 2");
  SV_REQUIRE_ERROR(v.pad({{0, 0}, {-1, 0}}), Code::invalid_argument,
                   "pad: padding (-1,0) of dim 1 is negative");
  SV_REQUIRE_ERROR(v.pad({{0, -2}, {0, 0}}), Code::invalid_argument, "(0,-2)", "dim 0");
  SV_REQUIRE_ERROR(v.pad({{kMaxSafe, 0}, {0, 0}}), Code::overflow, "pad", "dim 0", "2^53-1");
  SV_REQUIRE_ERROR(v.pad({{INT64_MAX, INT64_MAX}, {0, 0}}), Code::overflow, "pad");
}

// ------------------------------------------------------------------------------------ flip

TEST_CASE("view: flip", "[view][flip]") {
  const View v = mk(Dims{2, 3}, 1, Dims{3, 1});
  const View f = SV_UNWRAP(v.flip({true, false}));
  CHECK(strides(f) == Dims{-3, 1});
  CHECK(f.offset() == 4);
  CHECK_MATCHES(f, DenseRef::strided({2, 3}, {3, 1}, 1).flip({true, false}));
  const View g = SV_UNWRAP(f.flip({true, true}));
  CHECK(strides(g) == Dims{3, -1});
  CHECK(g.offset() == 3);
  const View back = SV_UNWRAP(SV_UNWRAP(g.flip({false, true})).reshape(Dims{2, 3}));
  CHECK(back.to_string() == v.to_string());
  // Masks flip too: (b,e) -> (size-e, size-b).
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 0}, {2, 1}}));  // [3,6], (1,3),(2,5)
  const View pf = SV_UNWRAP(p.flip({true, true}));
  CHECK(*pf.mask() == Mask{{0, 2}, {1, 4}});
  CHECK_MATCHES(pf, DenseRef::iota({2, 3}).pad({{1, 0}, {2, 1}}).flip({true, true}));
  // Zero-size dims are left alone.
  const View z = SV_UNWRAP(mk(Dims{3, 0}).flip({true, true}));
  CHECK(z.offset() == 0);
  CHECK(SV_UNWRAP(mk(Dims{}, 2).flip({})).offset() == 2);
}

TEST_CASE("view: flip errors", "[view][flip][error]") {
  SV_REQUIRE_ERROR(mk(Dims{2, 3}).flip({true}), Code::rank_mismatch, "flip", "1 flags", "rank 2");
}

// ------------------------------------------------------------------------------------ symbolic

TEST_CASE("view: create over a symbolic shape has exact strides once bound", "[view][symbolic]") {
  Var n = make_var("n", 0, 100);
  const std::string nn = "n#" + std::to_string(n.id());
  const View v = mk(sym::Shape{D(n), C(3)});
  CHECK(v.is_c_contiguous());
  CHECK(v.ndim() == 2);
  CHECK_FALSE(v.numel().is_const());
  CHECK(sym::dim_equal(SV_UNWRAP(v.dim(0)), D(n)));
  SV_REQUIRE_ERROR(v.strides(), Code::unbound, "strides", nn);
  SV_REQUIRE_ERROR(v.stride(0), Code::unbound, "stride", nn);
  SV_REQUIRE_ERROR(v.layout("kernel"), Code::unbound, "kernel", nn);
  SV_REQUIRE_ERROR(v.concrete_shape("myop"), Code::unbound, "myop", nn);
  SV_REQUIRE_ERROR(v.linear_index(Dims{1, 2}), Code::unbound, "linear_index", nn);
  CHECK_FALSE(v.strides_opt().has_value());
  REQUIRE(n.bind(4).ok());
  CHECK(strides(v) == Dims{3, 1});
  CHECK(SV_UNWRAP(v.linear_index(Dims{1, 2})) == 5);
  CHECK(v.numel().eval() == 12);
  CHECK_MATCHES(v, DenseRef::iota({4, 3}));
  REQUIRE(n.bind(0).ok());
  CHECK(strides(v) == Dims{0, 1});  // the zero-size rule applies once bound to 0
  n.unbind();

  Var m = make_var("m", 0, 100);
  const View w = mk(sym::Shape{C(2), D(n), D(m)});
  REQUIRE(w.sym_strides().size() == 3);
  CHECK_FALSE(w.sym_strides()[0].is_const());
  CHECK(sym::dim_equal(w.sym_strides()[1], D(m)));
  CHECK(w.sym_strides()[2].const_value() == 1);
  REQUIRE(n.bind(3).ok());
  SV_REQUIRE_ERROR(w.strides(), Code::unbound, "m#" + std::to_string(m.id()));
  REQUIRE(m.bind(5).ok());
  CHECK(strides(w) == Dims{15, 5, 1});
  CHECK_MATCHES(w, DenseRef::iota({2, 3, 5}));
  REQUIRE(m.bind(0).ok());
  CHECK(strides(w) == Dims{0, 0, 0});
  REQUIRE(m.bind(1).ok());
  CHECK(strides(w) == Dims{3, 1, 1});
}

TEST_CASE("view: reshape of contiguous symbolic views (polynomial element counts)",
          "[view][symbolic][reshape]") {
  Var n = make_var("n", 1, 100);
  const Dim dn = D(n);
  const View v = mk(sym::Shape{dn, C(4)});
  const View a = SV_UNWRAP(v.reshape(sym::Shape{sym::mul(C(2), dn), C(2)}));
  CHECK(a.is_c_contiguous());
  const View b = SV_UNWRAP(v.reshape(sym::Shape{sym::mul(dn, C(4))}));
  const View c = SV_UNWRAP(v.reshape(sym::Shape{C(4), dn}));  // a reinterpretation: 4*n == n*4
  const View d = SV_UNWRAP(v.reshape(sym::Shape{dn, C(2), C(1), C(2)}));
  SV_REQUIRE_ERROR(v.reshape(sym::Shape{dn, C(5)}), Code::shape_mismatch, "reshape",
                   "not provably equal");
  SV_REQUIRE_ERROR(v.reshape(sym::Shape{C(8)}), Code::shape_mismatch, "not provably equal");
  SV_REQUIRE_ERROR(v.reshape(sym::Shape{sym::infer()}), Code::shape_mismatch, "reshape", "-1");
  REQUIRE(n.bind(3).ok());
  CHECK(strides(a) == Dims{2, 1});
  CHECK_MATCHES(a, DenseRef::iota({6, 2}));
  CHECK(strides(b) == Dims{1});
  CHECK_MATCHES(b, DenseRef::iota({12}));
  CHECK(strides(c) == Dims{3, 1});
  CHECK_MATCHES(c, DenseRef::iota({4, 3}));
  CHECK_MATCHES(d, DenseRef::iota({3, 2, 1, 2}));
  const View e = SV_UNWRAP(v.reshape(sym::Shape{sym::infer()}));  // bound: -1 resolves
  CHECK(shape_of(e) == Dims{12});
  CHECK_MATCHES(e, DenseRef::iota({12}));
}

TEST_CASE("view: symbolic expand sets the broadcast stride to 0", "[view][symbolic][expand]") {
  Var n = make_var("n", 1, 100);
  const View v = mk(Dims{1, 3}, 2);
  const View e = SV_UNWRAP(v.expand(sym::Shape{D(n), C(3)}));
  CHECK(strides(e) == Dims{0, 1});  // known even while n is unbound
  CHECK_FALSE(e.is_c_contiguous());
  CHECK(SV_UNWRAP(e.linear_index(Dims{7, 2})) == 4);
  // Size-1 dims can come and go while unbound; anything else needs the values.
  const View r = SV_UNWRAP(e.reshape(sym::Shape{C(1), D(n), C(1), C(3)}));
  CHECK(SV_UNWRAP(r.linear_index(Dims{0, 5, 0, 1})) == 3);
  const View r2 = SV_UNWRAP(r.reshape(sym::Shape{D(n), C(3)}));
  CHECK(SV_UNWRAP(r2.linear_index(Dims{5, 1})) == 3);
  SV_REQUIRE_ERROR(e.reshape(sym::Shape{sym::mul(D(n), C(3))}), Code::not_expressible, "reshape",
                   "bind", "contiguous()");
  // Expanding an unbound dim to itself (or a provably equal one) is fine; to another is not.
  CHECK(SV_UNWRAP(e.expand(sym::Shape{D(n), C(3)})).ndim() == 2);
  CHECK(SV_UNWRAP(e.expand(sym::Shape{sym::mul(D(n), C(1)), C(3)})).ndim() == 2);
  Var m = make_var("m", 1, 100);
  SV_REQUIRE_ERROR(e.expand(sym::Shape{D(m), C(3)}), Code::shape_mismatch, "expand",
                   "only size-1 dims can grow");
  // Scalar to a symbolic shape.
  const View s = SV_UNWRAP(mk(Dims{}, 6).expand(sym::Shape{D(n), D(m)}));
  REQUIRE(n.bind(4).ok());
  REQUIRE(m.bind(2).ok());
  CHECK(strides(s) == Dims{0, 0});
  const DenseRef ref = DenseRef::strided({1, 3}, {3, 1}, 2).expand({4, 3});
  CHECK_MATCHES(e, ref);
  CHECK_MATCHES(s, DenseRef::strided({4, 2}, {0, 0}, 6));
  // Once bound, the concrete path takes over.
  const View split = SV_UNWRAP(e.reshape(Dims{2, 2, 3}));
  CHECK(strides(split) == Dims{0, 0, 1});
  CHECK_MATCHES(split, ref.reshape({2, 2, 3}));
  SV_REQUIRE_ERROR(e.reshape(sym::Shape{sym::mul(D(n), C(3))}), Code::not_expressible, "[4,3]",
                   "[0,1]", "[12]");
}

TEST_CASE("view: expand of a masked view to an unbound size is unbound",
          "[view][symbolic][expand][error]") {
  Var n = make_var("n", 1, 100);
  const View p = SV_UNWRAP(mk(Dims{1, 2}).pad({{0, 0}, {1, 0}}));
  SV_REQUIRE_ERROR(p.expand(sym::Shape{D(n), C(3)}), Code::unbound, "expand", "dim 0",
                   "n#" + std::to_string(n.id()));
  REQUIRE(n.bind(3).ok());
  const View e = SV_UNWRAP(p.expand(sym::Shape{D(n), C(3)}));
  CHECK(*e.mask() == Mask{{0, 3}, {1, 3}});
}

TEST_CASE("view: shrink, pad, flip and linear_index need bound dims", "[view][symbolic][error]") {
  Var n = make_var("n", 1, 100);
  const std::string nn = "n#" + std::to_string(n.id());
  const View v = mk(sym::Shape{C(3), D(n)});
  SV_REQUIRE_ERROR(v.shrink({{0, 1}, {0, 1}}), Code::unbound, "shrink", nn, "bind");
  SV_REQUIRE_ERROR(v.pad({{0, 1}, {0, 1}}), Code::unbound, "pad", nn);
  SV_REQUIRE_ERROR(v.flip({true, false}), Code::unbound, "flip", nn);
  SV_REQUIRE_ERROR(v.linear_index(Dims{1, 1}), Code::unbound, "linear_index", nn, "bind");
  // permute and expand work while unbound.
  const View p = SV_UNWRAP(permute(v, {1, 0}));
  CHECK(sym::dim_equal(SV_UNWRAP(p.dim(0)), D(n)));
  REQUIRE(n.bind(4).ok());
  const DenseRef ref = DenseRef::iota({3, 4});
  CHECK(strides(v) == Dims{4, 1});
  CHECK(SV_UNWRAP(v.linear_index(Dims{1, 1})) == 5);
  CHECK_MATCHES(SV_UNWRAP(v.shrink({{1, 3}, {0, 2}})), ref.shrink({{1, 3}, {0, 2}}));
  CHECK_MATCHES(SV_UNWRAP(v.pad({{0, 1}, {2, 0}})), ref.pad({{0, 1}, {2, 0}}));
  CHECK_MATCHES(SV_UNWRAP(v.flip({true, true})), ref.flip({true, true}));
  CHECK_MATCHES(p, ref.permute({1, 0}));
  // A shrink that keeps a symbolic dim whole keeps the symbol.
  const View s = SV_UNWRAP(v.shrink({{1, 2}, {0, 4}}));
  CHECK(sym::dim_equal(SV_UNWRAP(s.dim(1)), D(n)));
}

// ------------------------------------------------------------------------------------ overflow

TEST_CASE("view: metadata beyond 2^53-1 is an overflow error, never wrap-around",
          "[view][overflow][error]") {
  // Addressed span too large.
  SV_REQUIRE_ERROR(View::create(Dims{k2e27, k2e27}), Code::overflow, "create", "2^53-1");
  SV_REQUIRE_ERROR(View::create(Dims{2, k2e27, k2e27}), Code::overflow, "create",
                   "[2,134217728,134217728]", "more than 2^53-1 elements");
  SV_REQUIRE_ERROR(View::create(sym::Shape{sym::mul(C(k2e30), C(k2e30))}), Code::overflow, "create",
                   "2^53-1");
  SV_REQUIRE_ERROR(View::create(Dims{3}, 0, Dims{k2e52}), Code::overflow, "create",
                   "[4503599627370496]", "2^53-1");
  SV_REQUIRE_ERROR(View::create(Dims{2}, -kMaxSafe, Dims{-1}), Code::overflow, "create");
  CHECK(View::create(Dims{2}, -kMaxSafe + 1, Dims{-1}).ok());
  CHECK(View::create(Dims{2}, kMaxSafe - 1, Dims{1}).ok());  // span ends exactly at 2^53-1
  CHECK(View::create(Dims{2, k2e26, k2e26 - 1}).ok());
  CHECK(View::create(Dims{kMaxSafe}, 0, Dims{0}).ok());  // 2^53-1 elements is still fine
  SV_REQUIRE_ERROR(View::create(Dims{2, k2e26, k2e26}), Code::overflow, "create",
                   "more than 2^53-1 elements");
  // Element counts beyond 2^53-1, even with zero strides.
  SV_REQUIRE_ERROR(View::create(Dims{k2e30, k2e30}, 0, Dims{0, 0}), Code::overflow, "create",
                   "2^53-1");
  SV_REQUIRE_ERROR(View::create(Dims{INT64_MAX}, 0, Dims{0}), Code::overflow, "create");
  SV_REQUIRE_ERROR(View::create(Dims{INT64_MAX, 0}), Code::overflow, "create");
  SV_REQUIRE_ERROR(mk(Dims{1, 1}).expand(Dims{k2e30, k2e30}), Code::overflow, "expand", "2^53-1");
  SV_REQUIRE_ERROR(mk(Dims{}).expand(Dims{k2e30, k2e30}), Code::overflow, "expand");
  SV_REQUIRE_ERROR(SV_UNWRAP(mk(Dims{1, 1}).expand(Dims{k2e30, 1})).pad({{0, 0}, {0, k2e30}}),
                   Code::overflow, "pad", "2^53-1");
  SV_REQUIRE_ERROR(mk(Dims{2}, 0, Dims{k2e52}).pad({{2, 0}}), Code::overflow, "pad", "2^53-1");
  // Operations on views built near the limit.
  const View big = mk(Dims{1}, 0, Dims{k2e52});
  const View padded = SV_UNWRAP(big.pad({{0, 3}}));
  SV_REQUIRE_ERROR(padded.flip({true}), Code::overflow, "flip", "2^53-1");
  SV_REQUIRE_ERROR(mk(Dims{2}).reshape(Dims{k2e30, k2e30}), Code::overflow, "reshape");
}

TEST_CASE("view: shrinking into the padding of a huge-stride view is all-invalid, not overflow",
          "[view][overflow][mask]") {
  const View padded = SV_UNWRAP(mk(Dims{1}, 0, Dims{k2e52}).pad({{0, 3}}));
  const View s = SV_UNWRAP(padded.shrink({{3, 4}}));
  CHECK(*s.mask() == Mask{{0, 0}});
  CHECK_FALSE(s.is_valid(Dims{0}));
}

TEST_CASE("view: symbolic views bound to huge values report overflow",
          "[view][symbolic][overflow]") {
  Var n = make_var("n", 0, kMaxSafe);
  const View v = mk(sym::Shape{D(n)}, 0, Dims{int64_t{1} << 40});
  REQUIRE(n.bind(int64_t{1} << 20).ok());
  SV_REQUIRE_ERROR(v.linear_index(Dims{(int64_t{1} << 20) - 1}), Code::overflow, "linear_index");
  SV_REQUIRE_ERROR(v.required_span(), Code::overflow, "required_span", "2^53-1");
  Var m = make_var("m", 0, kMaxSafe);
  const View w = mk(sym::Shape{sym::mul(D(m), D(m))});
  REQUIRE(m.bind(k2e30).ok());
  SV_REQUIRE_ERROR(w.concrete_shape("kernel"), Code::overflow, "kernel", "2^53-1");
  SV_REQUIRE_ERROR(w.shrink({{0, 1}}), Code::overflow, "shrink");
  // A stride expression that overflows once bound.
  Var a = make_var("a", 0, kMaxSafe), b = make_var("b", 0, kMaxSafe);
  const View x = mk(sym::Shape{C(2), D(a), D(b)});
  REQUIRE(a.bind(k2e30).ok());
  REQUIRE(b.bind(k2e30).ok());
  SV_REQUIRE_ERROR(x.strides(), Code::overflow, "strides", "2^53-1");
  SV_REQUIRE_ERROR(x.layout("kernel"), Code::overflow, "kernel");
  // A size expression that becomes negative once bound is caught by the next op.
  Var c = make_var("c", 0, 10);
  const View y = mk(sym::Shape{sym::neg(D(c))});
  REQUIRE(c.bind(3).ok());
  SV_REQUIRE_ERROR(permute(y, {0}), Code::invalid_argument, "permute", "-3");
}
