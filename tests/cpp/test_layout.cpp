// Layout (src/view/layout.hpp) and slicing (src/view/slice.hpp): the concrete layout's rules and
// movement ops called directly (View's tests cover them through View, which lowers to these), and
// NumPy basic indexing. Results are checked against the dense reference where a whole view is
// compared.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "dense_ref.hpp"
#include "shape/shape.hpp"
#include "view/layout.hpp"
#include "view/slice.hpp"
#include "view/view.hpp"

using namespace sv;

namespace {

Layout make(const Dims& shape, std::optional<Dims> strides = std::nullopt, int64_t offset = 0,
            std::optional<Mask> mask = std::nullopt) {
  Layout l;
  l.shape = shape;
  if (strides) l.strides = *strides;
  l.offset = offset;
  if (mask) l.mask = *mask;
  const Status st = layout::create(l, strides.has_value());
  INFO((st.ok() ? "" : st.error().message));
  REQUIRE(st.ok());
  return l;
}
Dims D(const LayoutDims& d) { return Dims(d.begin(), d.end()); }
Mask M(const LayoutMask& m) { return Mask(m.begin(), m.end()); }

SliceSpec idx(int64_t i) {
  SliceSpec s;
  s.kind = SliceSpec::index;
  s.start = i;
  return s;
}
SliceSpec rng(std::optional<int64_t> a, std::optional<int64_t> b, std::optional<int64_t> c = {}) {
  SliceSpec s;
  s.kind = SliceSpec::range;
  s.has_start = a.has_value();
  s.has_stop = b.has_value();
  s.has_step = c.has_value();
  s.start = a.value_or(0);
  s.stop = b.value_or(0);
  s.step = c.value_or(1);
  return s;
}
SliceSpec kind(SliceSpec::Kind k) {
  SliceSpec s;
  s.kind = k;
  return s;
}

}  // namespace

// ------------------------------------------------------------------------------------ rules

TEST_CASE("layout: create gives C strides with the zero-size rule and normalises", "[layout]") {
  const Layout a = make({2, 3, 4});
  CHECK(D(a.strides) == Dims{12, 4, 1});
  CHECK(a.contiguous);
  CHECK(a.is_exhaustive());
  CHECK(a.numel() == 24);
  const Layout z = make({2, 0, 3});
  CHECK(D(z.strides) == Dims{0, 0, 1});
  CHECK(z.numel() == 0);
  const Layout full_mask = make({2, 3}, std::nullopt, 0, Mask{{0, 2}, {0, 3}});
  CHECK_FALSE(full_mask.has_mask());  // a mask covering everything is dropped
  const Layout empty_mask = make({2, 3}, Dims{3, 1}, 4, Mask{{0, 2}, {1, 1}});
  CHECK(M(empty_mask.mask) == Mask{{0, 0}, {0, 0}});  // all-invalid
  CHECK(D(empty_mask.strides) == Dims{0, 0});
  CHECK(empty_mask.offset == 0);
  const Layout t = make({3, 2}, Dims{1, 3});
  CHECK_FALSE(t.contiguous);
  CHECK(t.is_exhaustive());
  CHECK_FALSE(make({2, 2}, Dims{4, 1}).is_exhaustive());
  CHECK_FALSE(make({2, 2}, Dims{0, 1}).is_exhaustive());
}

TEST_CASE("layout: create errors name create and the numbers", "[layout]") {
  auto create = [](Dims shape, std::optional<Dims> strides, int64_t offset, std::optional<Mask> m) {
    Layout l;
    l.shape = shape;
    if (strides) l.strides = *strides;
    l.offset = offset;
    if (m) l.mask = *m;
    return layout::create(l, strides.has_value());
  };
  SV_REQUIRE_ERROR(create({2, -1}, {}, 0, {}), Code::invalid_argument, "create: dim 1", "(-1)");
  SV_REQUIRE_ERROR(create({kMaxSafe, 2}, {}, 0, {}), Code::overflow, "create", "2^53-1");
  SV_REQUIRE_ERROR(create({2}, {}, kMaxSafe + 1, {}), Code::overflow, "create: offset");
  SV_REQUIRE_ERROR(create({2}, Dims{kMaxSafe + 1}, 0, {}), Code::overflow, "create: stride");
  SV_REQUIRE_ERROR(create({4}, {}, 0, Mask{{1, 5}}), Code::invalid_argument,
                   "create: mask range (1,5) of dim 0 is invalid for size 4");
  SV_REQUIRE_ERROR(create({3}, Dims{kMaxSafe / 2}, kMaxSafe / 2 + 10, {}), Code::overflow,
                   "create: view of shape [3]", "addresses elements beyond");
  SV_REQUIRE_ERROR(create({0, 4, int64_t{1} << 52, int64_t{1} << 52}, {}, 0, {}), Code::overflow,
                   "create: c_contiguous_strides: stride of dim 1");
  // C strides without a mask: the span [offset, offset + count - 1] at the edge of 2^53-1.
  REQUIRE(create({2, 2}, {}, kMaxSafe - 3, {}).ok());
  SV_REQUIRE_ERROR(create({2, 2}, {}, kMaxSafe - 2, {}), Code::overflow,
                   "create: view of shape [2,2] with strides [2,1] and offset 9007199254740989 addresses elements beyond +-2^53-1");
  REQUIRE(create({2, 2}, {}, -kMaxSafe, {}).ok());
}

TEST_CASE("layout: create without strides or mask is create with the C strides given", "[layout]") {
  // The shortcut for C strides without a mask against the full checks of explicit strides.
  for (const Dims& shape : {Dims{}, Dims{1}, Dims{5}, Dims{2, 3, 4}, Dims{1, 7, 1}, Dims{3, 1 << 20, 1 << 20}}) {
    for (const int64_t offset : {int64_t{0}, int64_t{1}, int64_t{-6}, kMaxSafe / 2, -kMaxSafe}) {
      Layout a;
      a.shape = shape;
      a.offset = offset;
      const Status sa = layout::create(a, false);
      Dims cs(shape.size());
      int64_t s = 1;
      for (size_t i = shape.size(); i-- > 0;) {
        cs[i] = s;
        s *= shape[i];
      }
      Layout b;
      b.shape = shape;
      b.strides = cs;
      b.offset = offset;
      const Status sb = layout::create(b, true);
      INFO("shape " << dims_to_string(shape) << " offset " << offset);
      REQUIRE(sa.ok() == sb.ok());
      if (!sa.ok()) {
        CHECK(sa.error().message == sb.error().message);
        continue;
      }
      CHECK(D(a.strides) == D(b.strides));
      CHECK(a.offset == b.offset);
      CHECK(a.has_mask() == b.has_mask());
      CHECK(a.contiguous == b.contiguous);
      CHECK(a.contiguous == (offset == 0));
    }
  }
}

TEST_CASE("layout: required span of the valid elements", "[layout]") {
  int64_t lo, hi;
  REQUIRE(layout::required_span(make({2, 3}, Dims{-3, 1}, 3), lo, hi));
  CHECK(lo == 0);
  CHECK(hi == 5);
  REQUIRE(layout::required_span(make({4, 4}, Dims{4, 1}, 0, Mask{{1, 3}, {2, 4}}), lo, hi));
  CHECK(lo == 6);
  CHECK(hi == 11);
  CHECK_FALSE(layout::required_span(make({2, 0}), lo, hi));
  CHECK_FALSE(layout::has_valid(make({2, 3}, std::nullopt, 0, Mask{{0, 0}, {0, 3}})));
  Layout wide;
  wide.shape = Dims{3};
  wide.strides = Dims{kMaxSafe};
  wide.offset = 0;
  CHECK_FALSE(layout::span_checked(wide, lo, hi));
}

TEST_CASE("layout: shape::c_strides_into is c_contiguous_strides without the heap", "[layout]") {
  int64_t out[4];
  CHECK(shape::c_strides_into(Dims{2, 3, 4}, out) == -1);
  CHECK(Dims(out, out + 3) == Dims{12, 4, 1});
  const Dims big{0, 4, int64_t{1} << 52, int64_t{1} << 52};
  CHECK(shape::c_strides_into(big, out) == 1);
  CHECK_FALSE(shape::c_contiguous_strides(big).ok());
}

// ------------------------------------------------------------------------------------ movement

TEST_CASE("layout: permute reorders and names the axes list in its errors", "[layout]") {
  const Layout a = make({2, 3, 4}, std::nullopt, 0, Mask{{0, 1}, {0, 3}, {1, 4}});
  const Layout p = SV_UNWRAP(layout::permute(a, Dims{2, 0, 1}));
  CHECK(D(p.shape) == Dims{4, 2, 3});
  CHECK(D(p.strides) == Dims{1, 12, 4});
  CHECK(M(p.mask) == Mask{{1, 4}, {0, 1}, {0, 3}});
  SV_REQUIRE_ERROR(layout::permute(a, Dims{0, 0, 1}), Code::invalid_argument,
                   "permute: axis 0 appears more than once", "[0,0,1]", "permutation of 3 dims");
  SV_REQUIRE_ERROR(layout::permute(a, Dims{0, 1}), Code::rank_mismatch,
                   "permute: 2 axes for a view of rank 3 (axes [0,1])");
  SV_REQUIRE_ERROR(layout::permute(a, Dims{0, 1, 5}), Code::out_of_range, "permute: axis 5",
                   "[0,1,5]", "[0, 3)");
}

TEST_CASE("layout: a dim beyond 2^53-1 is refused even beside a zero dim", "[layout]") {
  // Found by the fuzzer: with a 0 dim the element count is 0, and expand to
  // [1,6,0,2^53,5,1] succeeded; every op's result is normalised, which now checks each dim.
  const Layout one = make({1, 1, 1, 1, 1, 1});
  SV_REQUIRE_ERROR(layout::expand(one, Dims{1, 6, 0, int64_t{1} << 53, 5, 1}), Code::overflow,
                   "expand: dim 3 of shape [1,6,0,9007199254740992,5,1] is beyond 2^53-1");
  const Layout ok = SV_UNWRAP(layout::expand(one, Dims{1, 6, 0, (int64_t{1} << 53) - 1, 5, 1}));
  CHECK(ok.shape[3] == (int64_t{1} << 53) - 1);
}

TEST_CASE("layout: shrink, pad and flip", "[layout]") {
  const Layout a = make({4, 5});
  const Layout s = SV_UNWRAP(layout::shrink(a, std::vector<FlatRange>{{1, 3}, {2, 5}}));
  CHECK(D(s.shape) == Dims{2, 3});
  CHECK(s.offset == 7);
  CHECK_FALSE(s.contiguous);
  const Layout p = SV_UNWRAP(layout::pad(s, std::vector<FlatRange>{{1, 0}, {0, 2}}));
  CHECK(D(p.shape) == Dims{3, 5});
  CHECK(M(p.mask) == Mask{{1, 3}, {0, 3}});
  CHECK(p.offset == 2);
  const Layout back = SV_UNWRAP(layout::shrink(p, std::vector<FlatRange>{{1, 3}, {0, 3}}));
  CHECK_FALSE(back.has_mask());  // shrinking off the padding drops the mask
  CHECK(D(back.shape) == D(s.shape));
  CHECK(back.offset == s.offset);
  const Layout f = SV_UNWRAP(layout::flip(p, Dims{1, 0}));
  CHECK(D(f.strides) == Dims{-5, 1});
  CHECK(M(f.mask) == Mask{{0, 2}, {0, 3}});
  const Layout into_pad = SV_UNWRAP(layout::shrink(p, std::vector<FlatRange>{{0, 1}, {3, 5}}));
  CHECK(M(into_pad.mask) == Mask{{0, 0}, {0, 0}});
  SV_REQUIRE_ERROR(layout::shrink(a, std::vector<FlatRange>{{0, 4}}), Code::rank_mismatch,
                   "shrink: 1 bounds for a view of rank 2");
  SV_REQUIRE_ERROR(layout::shrink(a, std::vector<FlatRange>{{0, 4}, {3, 3}}), Code::out_of_range,
                   "shrink: bound (3,3) of dim 1 is invalid for size 5");
  SV_REQUIRE_ERROR(layout::pad(a, std::vector<FlatRange>{{0, 0}, {-1, 0}}), Code::invalid_argument,
                   "pad: padding (-1,0) of dim 1 is negative");
  SV_REQUIRE_ERROR(layout::pad(a, std::vector<FlatRange>{{0, 0}, {kMaxSafe, 0}}), Code::overflow,
                   "pad: padding");
  SV_REQUIRE_ERROR(layout::flip(a, Dims{1}), Code::rank_mismatch, "flip: 1 flags");
}

TEST_CASE("layout: reshape infers -1, keeps views where it can and says why not", "[layout]") {
  const Layout a = make({2, 3, 4});
  const Layout r = SV_UNWRAP(layout::reshape(a, Dims{6, -1}));
  CHECK(D(r.shape) == Dims{6, 4});
  CHECK(r.contiguous);
  const Layout t = SV_UNWRAP(layout::permute(a, Dims{2, 1, 0}));  // strides 1, 4, 12
  const Layout m = SV_UNWRAP(layout::reshape(t, Dims{4, 3, 2, 1}));
  CHECK(D(m.strides) == Dims{1, 4, 12, 1});
  SV_REQUIRE_ERROR(layout::reshape(t, Dims{24}), Code::not_expressible,
                   "reshape: cannot reshape [4,3,2] with strides [1,4,12] to [24]",
                   "call contiguous() first");
  SV_REQUIRE_ERROR(layout::reshape(a, Dims{5, -1}), Code::shape_mismatch,
                   "reshape: cannot infer -1 in [5,-1] from shape [2,3,4]");
  SV_REQUIRE_ERROR(layout::reshape(a, Dims{-1, -1}), Code::invalid_argument,
                   "more than one inferred (-1) dim");
  SV_REQUIRE_ERROR(layout::reshape(a, Dims{5, 5}), Code::shape_mismatch, "(24 elements) to [5,5]");
  SV_REQUIRE_ERROR(layout::reshape(a, Dims(33, 1)), Code::invalid_argument, "rank 33");
  // Masked: the valid region stays a box when whole rows are valid.
  const Layout pm = make({4, 3}, std::nullopt, 0, Mask{{1, 3}, {0, 3}});
  const Layout flat = SV_UNWRAP(layout::reshape(pm, Dims{12}));
  CHECK(M(flat.mask) == Mask{{3, 9}});
  SV_REQUIRE_ERROR(layout::reshape(make({4, 3}, std::nullopt, 0, Mask{{0, 4}, {0, 2}}), Dims{12}),
                   Code::not_expressible, "the valid region would not be a box");
}

TEST_CASE("layout: expand and broadcast_to", "[layout]") {
  const Layout a = make({3, 1});
  const Layout e = SV_UNWRAP(layout::expand(a, Dims{3, 4}));
  CHECK(D(e.strides) == Dims{1, 0});
  const Layout b = SV_UNWRAP(layout::broadcast_to(a, Dims{2, 3, 4}));
  CHECK(D(b.shape) == Dims{2, 3, 4});
  CHECK(D(b.strides) == Dims{0, 1, 0});
  const Layout masked = make({1, 2}, std::nullopt, 0, Mask{{0, 1}, {1, 2}});
  const Layout mb = SV_UNWRAP(layout::broadcast_to(masked, Dims{2, 3, 2}));
  CHECK(M(mb.mask) == Mask{{0, 2}, {0, 3}, {1, 2}});
  SV_REQUIRE_ERROR(layout::expand(a, Dims{2, 4}), Code::shape_mismatch,
                   "expand: cannot expand [3,1] to [2,4]: dim 0 has size 3");
  SV_REQUIRE_ERROR(layout::expand(a, Dims{3}), Code::rank_mismatch, "rank 2 vs 1");
  SV_REQUIRE_ERROR(layout::broadcast_to(a, Dims{4}), Code::rank_mismatch,
                   "broadcast_to: cannot broadcast shape [3,1] to [4] of lower rank");
}

TEST_CASE("layout: View lowers concrete views to the layout ops", "[layout]") {
  const View v = SV_UNWRAP(View::create(Dims{2, 3}));
  REQUIRE(v.is_concrete());
  const View t = SV_UNWRAP(v.permute(std::vector<int>{1, 0}));
  const Layout lt = SV_UNWRAP(layout::permute(v.lower(), Dims{1, 0}));
  CHECK(t.to_string() == View::from_layout(lt).to_string());
  const View b = SV_UNWRAP(v.broadcast_to(sym::of_ints(Dims{4, 2, 3})));
  CHECK(b.to_string() == View::from_layout(SV_UNWRAP(layout::broadcast_to(v.lower(), Dims{4, 2, 3}))).to_string());
  CHECK(View::from_layout(v.lower()).to_string() == v.to_string());
}

// ------------------------------------------------------------------------------------ slicing

TEST_CASE("slice: NumPy basic indexing on a layout", "[layout][slice]") {
  const Layout a = make({4, 5});
  SliceResult r;
  // a[::-1, 1:4:2]
  const std::vector<SliceSpec> s1{rng({}, {}, -1), rng(1, 4, 2)};
  REQUIRE(slice(a, s1, r).ok());
  CHECK(D(r.view.shape) == Dims{4, 2});
  CHECK(D(r.view.strides) == Dims{-5, 2});
  CHECK(r.view.offset == 16);
  // a[-1] -> [5], a[1, None, ...]
  REQUIRE(slice(a, std::vector<SliceSpec>{idx(-1)}, r).ok());
  CHECK(D(r.view.shape) == Dims{5});
  CHECK(r.view.offset == 15);
  CHECK(r.view.contiguous == false);
  REQUIRE(slice(a, std::vector<SliceSpec>{idx(1), kind(SliceSpec::newaxis), kind(SliceSpec::ellipsis)}, r).ok());
  CHECK(D(r.view.shape) == Dims{1, 5});
  REQUIRE(slice(a, std::vector<SliceSpec>{kind(SliceSpec::all), kind(SliceSpec::list)}, r).ok());
  CHECK(r.nlist == 1);
  CHECK(r.list_axes[0] == 1);
  // an empty range
  REQUIRE(slice(a, std::vector<SliceSpec>{rng(3, 1)}, r).ok());
  CHECK(D(r.view.shape) == Dims{0, 5});
}

TEST_CASE("slice: masked inputs keep the valid part; errors name slice", "[layout][slice]") {
  const Layout p = make({6}, std::nullopt, 0, Mask{{2, 4}});
  SliceResult r;
  REQUIRE(slice(p, std::vector<SliceSpec>{rng(1, 6, 2)}, r).ok());  // positions 1, 3, 5
  CHECK(D(r.view.shape) == Dims{3});
  CHECK(M(r.view.mask) == Mask{{1, 2}});
  REQUIRE(slice(p, std::vector<SliceSpec>{idx(0)}, r).ok());
  CHECK(r.invalid_scalar);
  REQUIRE(slice(p, std::vector<SliceSpec>{idx(3)}, r).ok());
  CHECK_FALSE(r.invalid_scalar);
  const Layout a = make({4, 5});
  SV_REQUIRE_ERROR(slice(a, std::vector<SliceSpec>{rng(0, 2, 0)}, r), Code::invalid_argument,
                   "slice: step of spec 0 is 0");
  SV_REQUIRE_ERROR(slice(a, std::vector<SliceSpec>{idx(4)}, r), Code::out_of_range,
                   "slice: index 4 is out of bounds for axis 0 with size 4");
  SV_REQUIRE_ERROR(slice(a, std::vector<SliceSpec>{idx(0), idx(0), idx(0)}, r), Code::out_of_range,
                   "too many indices for array: array is 2-dimensional, but 3 were indexed");
  SV_REQUIRE_ERROR(slice(a, std::vector<SliceSpec>{kind(SliceSpec::ellipsis), kind(SliceSpec::ellipsis)}, r),
                   Code::invalid_argument, "single ellipsis");
  SV_REQUIRE_ERROR(slice(a, std::vector<SliceSpec>(40, kind(SliceSpec::newaxis)), r),
                   Code::invalid_argument, "rank 42 exceeds the maximum of 32");
}

// ------------------------------------------------------------------------------ diagonal

namespace {

int64_t lin(const Layout& l, const Dims& idx) {
  int64_t p = l.offset;
  for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * l.strides[d];
  return p;
}
bool valid_at(const Layout& l, const Dims& idx) {
  if (!l.has_mask()) return true;
  for (size_t d = 0; d < idx.size(); ++d) {
    if (idx[d] < l.mask[d].first || idx[d] >= l.mask[d].second) return false;
  }
  return true;
}

}  // namespace

namespace {

// The positions a[start:stop:step] picks on a dim of size n, stepping one at a time (Python's
// slice.indices clipping, then a walk: no length formula).
std::vector<int64_t> range_positions(const SliceSpec& s, int64_t n) {
  const int64_t step = s.has_step ? s.step : 1;
  auto clip = [&](bool has, int64_t v, int64_t dflt) {
    if (!has) return dflt;
    if (v < 0) v += n;
    const int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? n : n - 1;
    return std::min(std::max(v, lo), hi);
  };
  const int64_t start = clip(s.has_start, s.start, step > 0 ? 0 : n - 1);
  const int64_t stop = clip(s.has_stop, s.stop, step > 0 ? n : -1);
  std::vector<int64_t> out;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
  return out;
}

}  // namespace

TEST_CASE("slice: random specs on random layouts match a walk of every position", "[layout][slice]") {
  std::mt19937 rng_gen(20261126);
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_gen);
  };
  for (int trial = 0; trial < 3000; ++trial) {
    const int nd = static_cast<int>(pick(0, 3));
    Dims shape(nd), strides(nd);
    Mask mask(nd);
    for (int d = 0; d < nd; ++d) {
      shape[d] = pick(0, 6);
      strides[d] = pick(-9, 9);
      const int64_t b = pick(0, shape[d]);
      mask[d] = {b, pick(b, shape[d])};
    }
    const bool masked = nd > 0 && pick(0, 2) == 0;
    Layout a;
    a.shape = shape;
    a.strides = strides;
    a.offset = pick(0, 200);
    if (masked) a.mask = mask;
    REQUIRE(layout::create(a, true).ok());
    // One spec per dim (ranges with steps of every sign and size, indices, ':'), a newaxis at times.
    std::vector<SliceSpec> specs;
    std::vector<int> spec_dim;  // the input dim of each spec, -1 for newaxis
    for (int d = 0; d < nd; ++d) {
      if (pick(0, 5) == 0) {
        specs.push_back(kind(SliceSpec::newaxis));
        spec_dim.push_back(-1);
      }
      const int64_t what = pick(0, 5);
      if (what == 0 && a.shape[d] > 0) {
        specs.push_back(idx(pick(-a.shape[d], a.shape[d] - 1)));
      } else if (what == 1) {
        specs.push_back(kind(SliceSpec::all));
      } else {
        const int64_t steps[] = {1, -1, 2, -2, 3, -3, 7, -7, 100};
        std::optional<int64_t> b, e, st;
        if (pick(0, 2)) b = pick(-9, 9);
        if (pick(0, 2)) e = pick(-9, 9);
        if (pick(0, 2)) st = steps[pick(0, 8)];
        specs.push_back(rng(b, e, st));
      }
      spec_dim.push_back(d);
    }
    SliceResult r;
    REQUIRE(slice(a, specs, r).ok());
    // The expected positions per result axis, the fixed input index of an index spec.
    Dims fixed(nd, 0);
    std::vector<std::vector<int64_t>> axes;  // input positions; newaxis: {0} with no input dim
    std::vector<int> axis_dim;
    bool empty = false, invalid = false;
    for (size_t k = 0; k < specs.size(); ++k) {
      const int d = spec_dim[k];
      if (d < 0) {
        axes.push_back({0});
        axis_dim.push_back(-1);
        continue;
      }
      std::vector<int64_t> pos;
      if (specs[k].kind == SliceSpec::index) {
        fixed[d] = specs[k].start < 0 ? specs[k].start + a.shape[d] : specs[k].start;
        const FlatRange v = a.valid(d);
        invalid = invalid || fixed[d] < v.first || fixed[d] >= v.second;
        continue;
      }
      if (specs[k].kind == SliceSpec::all) {
        for (int64_t i = 0; i < a.shape[d]; ++i) pos.push_back(i);
      } else {
        pos = range_positions(specs[k], a.shape[d]);
      }
      empty = empty || pos.empty();
      axes.push_back(pos);
      axis_dim.push_back(d);
    }
    INFO("trial " << trial);
    REQUIRE(r.view.ndim() == static_cast<int>(axes.size()));
    for (size_t k = 0; k < axes.size(); ++k) CHECK(r.view.shape[k] == static_cast<int64_t>(axes[k].size()));
    // The result is normalised: normalising it again changes nothing.
    Layout again = r.view;
    REQUIRE(layout::normalise(again, "test").ok());
    CHECK(D(again.strides) == D(r.view.strides));
    CHECK(again.offset == r.view.offset);
    CHECK(M(again.mask) == M(r.view.mask));
    CHECK(again.contiguous == r.view.contiguous);
    if (empty) {
      CHECK_FALSE(r.invalid_scalar);
      continue;
    }
    if (axes.empty()) {
      CHECK(r.invalid_scalar == invalid);
      if (!invalid) CHECK(r.view.offset == lin(a, fixed));
      continue;
    }
    // Every element: the same address and validity as the input element it picks.
    Dims at(axes.size(), 0);
    for (;;) {
      Dims in = fixed;
      for (size_t k = 0; k < axes.size(); ++k) {
        if (axis_dim[k] >= 0) in[axis_dim[k]] = axes[k][at[k]];
      }
      const bool want_valid = !invalid && valid_at(a, in);
      REQUIRE(valid_at(r.view, at) == want_valid);
      if (want_valid) REQUIRE(lin(r.view, at) == lin(a, in));
      size_t k = axes.size();
      while (k > 0 && ++at[k - 1] == static_cast<int64_t>(axes[k - 1].size())) at[--k] = 0;
      if (k == 0) break;
    }
  }
}


TEST_CASE("layout: diagonal is NumPy's, as a view, masks kept exactly", "[layout]") {
  // np.arange(12).reshape(3, 4).diagonal(1) -> [1, 6, 11]: offset 1, stride 5
  const Layout a = make({3, 4});
  Layout d = SV_UNWRAP(layout::diagonal(a, 1, 0, 1));
  CHECK(D(d.shape) == Dims{3});
  CHECK(D(d.strides) == Dims{5});
  CHECK(d.offset == 1);
  d = SV_UNWRAP(layout::diagonal(a, -1, 0, 1));  // [4, 9]
  CHECK(D(d.shape) == Dims{2});
  CHECK(d.offset == 4);
  d = SV_UNWRAP(layout::diagonal(a, 0, 1, 0));  // axes swapped: the same elements
  CHECK(D(d.shape) == Dims{3});
  CHECK(D(d.strides) == Dims{5});
  d = SV_UNWRAP(layout::diagonal(a, 4, 0, 1));  // beyond the last column: empty
  CHECK(D(d.shape) == Dims{0});
  CHECK(d.offset == 0);
  d = SV_UNWRAP(layout::diagonal(a, -7, 0, 1));
  CHECK(D(d.shape) == Dims{0});
  // np.zeros((2, 3, 4)).diagonal(0, 0, 2): shape (3, 2), the diagonal last
  const Layout b = make({2, 3, 4});
  d = SV_UNWRAP(layout::diagonal(b, 0, 0, -1));
  CHECK(D(d.shape) == Dims{3, 2});
  CHECK(D(d.strides) == Dims{4, 13});
  SV_REQUIRE_ERROR(layout::diagonal(make({3}), 0, 0, 1), Code::rank_mismatch,
                   "diagonal: needs a view of at least 2 dims, got rank 1");
  SV_REQUIRE_ERROR(layout::diagonal(a, 0, 0, 2), Code::out_of_range,
                   "diagonal: axis1 0 and axis2 2: an axis is out of range for a view of rank 2");
  SV_REQUIRE_ERROR(layout::diagonal(a, 0, 1, -1), Code::invalid_argument,
                   "diagonal: axis1 and axis2 cannot be the same (both dim 1)");

  // every element against its definition, over strided, flipped and padded layouts
  std::mt19937_64 rng(5);
  int checked = 0;
  for (int rep = 0; rep < 300; ++rep) {
    const int n = 2 + static_cast<int>(rng() % 3);
    Dims shape(static_cast<size_t>(n));
    for (auto& s : shape) s = static_cast<int64_t>(rng() % 5);
    Layout l = make(shape);
    Dims axes(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) axes[i] = i;
    std::shuffle(axes.begin(), axes.end(), rng);
    l = SV_UNWRAP(layout::permute(l, axes));
    Dims flags(static_cast<size_t>(n));
    for (auto& f : flags) f = static_cast<int64_t>(rng() % 2);
    l = SV_UNWRAP(layout::flip(l, flags));
    if (rng() % 2) {
      std::vector<FlatRange> padding(static_cast<size_t>(n));
      for (auto& p : padding) p = {static_cast<int64_t>(rng() % 3), static_cast<int64_t>(rng() % 2)};
      l = SV_UNWRAP(layout::pad(l, padding));
    }
    const int64_t a1 = static_cast<int64_t>(rng() % n) - (rng() % 2 ? n : 0);
    int64_t a2 = static_cast<int64_t>(rng() % n);
    if ((a1 + n) % n == a2) a2 = (a2 + 1) % n;
    const int64_t off = static_cast<int64_t>(rng() % 9) - 4;
    const Layout g = SV_UNWRAP(layout::diagonal(l, off, a1, a2));
    const int64_t x1 = (a1 + n) % n, x2 = a2;
    REQUIRE(g.ndim() == n - 1);
    const int64_t len = std::max<int64_t>(
        0, std::min(l.shape[x1] - (off < 0 ? -off : 0), l.shape[x2] - (off > 0 ? off : 0)));
    CHECK(g.shape[n - 2] == len);
    svtest::for_each_index(D(g.shape), [&](int64_t, const Dims& o) {
      Dims in(static_cast<size_t>(n));
      int k = 0;
      for (int i = 0; i < n; ++i) {
        if (i == x1 || i == x2) continue;
        in[i] = o[k++];
      }
      in[x1] = o[n - 2] + (off < 0 ? -off : 0);
      in[x2] = o[n - 2] + (off > 0 ? off : 0);
      const bool v = valid_at(l, in);
      INFO("rep " << rep << " out index " << svtest::dims_str(o));
      CHECK(valid_at(g, o) == v);
      if (v) CHECK(lin(g, o) == lin(l, in));
      ++checked;
    });
  }
  CHECK(checked > 500);
}
