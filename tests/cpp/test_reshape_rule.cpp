// The reshape-without-copy rule (src/view/reshape_rule.hpp): groups, blocking pairs, and
// explain_reshape agreeing with View::reshape on every outcome (random sweep, masks, symbolic dims).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dense_ref.hpp"
#include "shape/shape.hpp"
#include "view/reshape_rule.hpp"
#include "view/view.hpp"

using namespace sv;
using G = ReshapeGroup;
using sym::Dim;

namespace {

View mk(const Dims& shape, int64_t offset = 0, std::optional<Dims> strides = std::nullopt,
        std::optional<Mask> mask = std::nullopt) {
  return SV_UNWRAP(View::create(shape, offset, std::move(strides), std::move(mask)));
}

ReshapeExplanation explain(const View& v, const Dims& target) {
  return SV_UNWRAP(explain_reshape(v, target));
}

}  // namespace

TEST_CASE("reshape rule: groups and strides of views", "[reshape_rule]") {
  ReshapeAnalysis a = analyse_reshape(Dims{2, 3, 4}, Dims{12, 4, 1}, Dims{6, 4});
  CHECK(a.view);
  CHECK(a.groups == std::vector<G>{{0, 2, 0, 1}, {2, 3, 1, 2}});
  CHECK(a.strides == Dims{4, 1});
  CHECK_FALSE(a.blocking.has_value());

  // A split and a merge in one reshape: [6,4] -> [2,3,2,2].
  a = analyse_reshape(Dims{6, 4}, Dims{4, 1}, Dims{2, 3, 2, 2});
  CHECK(a.view);
  CHECK(a.groups == std::vector<G>{{0, 1, 0, 2}, {1, 2, 2, 4}});
  CHECK(a.strides == Dims{12, 4, 2, 1});

  // Size-1 dims join a neighbouring group; the groups partition both axis lists.
  a = analyse_reshape(Dims{1, 2, 1, 3, 1}, Dims{7, 3, 9, 1, 5}, Dims{1, 6, 1});
  CHECK(a.view);
  CHECK(a.groups == std::vector<G>{{0, 5, 0, 3}});
  CHECK(a.strides == Dims{6, 1, 1});
  a = analyse_reshape(Dims{2, 1, 3}, Dims{3, 99, 1}, Dims{2, 3, 1, 1});
  CHECK(a.groups == std::vector<G>{{0, 1, 0, 1}, {1, 3, 1, 4}});
  CHECK(a.strides == Dims{3, 1, 1, 1});

  // Every dim of size 1: one group over everything (and none for a scalar to a scalar).
  CHECK(analyse_reshape(Dims{1, 1}, Dims{5, 5}, Dims{1}).groups == std::vector<G>{{0, 2, 0, 1}});
  CHECK(analyse_reshape(Dims{}, Dims{}, Dims{}).groups.empty());

  // Zero strides merge (0 == n * 0); negative strides too.
  a = analyse_reshape(Dims{3, 2, 3}, Dims{1, 0, 0}, Dims{3, 6});
  CHECK(a.view);
  CHECK(a.strides == Dims{1, 0});
  CHECK(analyse_reshape(Dims{4}, Dims{-2}, Dims{2, 2}).strides == Dims{-4, -2});

  // Zero-size shapes are always views with C-contiguous strides, one group.
  a = analyse_reshape(Dims{0, 3}, Dims{5, 7}, Dims{3, 0, 2});
  CHECK(a.view);
  CHECK(a.groups == std::vector<G>{{0, 2, 0, 3}});
  CHECK(a.strides == Dims{0, 0, 1});
}

TEST_CASE("reshape rule: the blocking pair, with its numbers", "[reshape_rule]") {
  // transpose of [3,4] then reshape to [12]: stride[0] = 1 is not stride[1] * shape[1] = 4 * 3.
  ReshapeAnalysis a = analyse_reshape(Dims{4, 3}, Dims{1, 4}, Dims{12});
  CHECK_FALSE(a.view);
  CHECK(a.groups == std::vector<G>{{0, 2, 0, 1}});
  REQUIRE(a.blocking.has_value());
  CHECK(*a.blocking == ReshapeBlock{0, 1, 4, 3, 1, 4, 12});

  // Inside a group of three, the second pair blocks: 3 == 1 * 3 merges, 1 != 6 * 4 does not.
  a = analyse_reshape(Dims{2, 3, 4}, Dims{3, 1, 6}, Dims{24});
  REQUIRE(a.blocking.has_value());
  CHECK(*a.blocking == ReshapeBlock{1, 2, 3, 4, 1, 6, 24});

  // Size-1 dims between the pair are skipped: the pair is adjacent once they are dropped.
  a = analyse_reshape(Dims{4, 1, 3}, Dims{1, 100, 4}, Dims{12});
  REQUIRE(a.blocking.has_value());
  CHECK(a.blocking->axis0 == 0);
  CHECK(a.blocking->axis1 == 2);
  CHECK(a.groups == std::vector<G>{{0, 3, 0, 1}});

  // Every group is reported even after the first failure; the first blocking pair is kept.
  a = analyse_reshape(Dims{2, 2, 3, 5}, Dims{1, 2, 5, 15}, Dims{4, 15});
  CHECK_FALSE(a.view);
  CHECK(a.groups == std::vector<G>{{0, 2, 0, 1}, {2, 4, 1, 2}});
  REQUIRE(a.blocking.has_value());
  CHECK(*a.blocking == ReshapeBlock{0, 1, 2, 2, 1, 2, 4});

  // A product beyond 2^53-1 blocks with no expected value.
  const int64_t big = int64_t{1} << 52;
  a = analyse_reshape(Dims{2, 4}, Dims{1, big}, Dims{8});
  REQUIRE(a.blocking.has_value());
  CHECK_FALSE(a.blocking->expected.has_value());

  // The heap-free form agrees, and needs no trace.
  int64_t out[2];
  CHECK_FALSE(reshape_strides_to(Dims{4, 3}, Dims{1, 4}, Dims{12}, out));
  CHECK(reshape_strides_to(Dims{4, 3}, Dims{3, 1}, Dims{2, 6}, out));
  CHECK(out[0] == 6);
  CHECK(out[1] == 1);
}

TEST_CASE("explain_reshape: text with the numbers", "[reshape_rule]") {
  const View t = SV_UNWRAP(mk(Dims{3, 4}).permute(std::vector<int>{1, 0}));
  ReshapeExplanation e = explain(t, Dims{12});
  CHECK_FALSE(e.view);
  CHECK_FALSE(e.strides.has_value());
  CHECK(e.text ==
        "reshape [4,3] with strides [1,4] to [12] needs a copy: dims 0 and 1 ([4,3], strides "
        "[1,4]) would merge into one dim of 12, but stride[0] = 1 is not stride[1] * shape[1] = 4 "
        "* 3 = 12; call contiguous() first.");
  // The same view splits fine where no dims merge.
  e = explain(t, Dims{2, 2, 3});
  CHECK(e.view);
  CHECK(e.strides == Dims{2, 1, 4});
  CHECK(e.groups == std::vector<G>{{0, 1, 0, 2}, {1, 2, 2, 3}});
  CHECK_THAT(e.text, Catch::StartsWith("reshape [4,3] with strides [1,4] to [2,2,3] is a view "
                                       "with strides [2,1,4] (no copy): dim 0 ([4]) splits into "
                                       "dims 0 and 1 ([2,2])"));

  e = explain(mk(Dims{2, 3, 4}), Dims{6, 4});
  CHECK(e.view);
  CHECK_THAT(e.text, Catch::Contains("dims 0 and 1 ([2,3]) merge into dim 0 ([6])"));
  e = explain(mk(Dims{2, 3}), Dims{1, 2, 3, 1});
  CHECK_THAT(e.text, Catch::Contains("only size-1 dims change"));

  // -1 is resolved as View::reshape resolves it.
  e = explain(t, Dims{-1});
  REQUIRE(sym::eval(e.target).has_value());
  CHECK(*sym::eval(e.target) == Dims{12});
  CHECK_FALSE(e.view);

  // Targets that are no reshape at all: View::reshape's errors.
  SV_REQUIRE_ERROR(explain_reshape(t, Dims{5}), Code::shape_mismatch, "12 elements", "5 elements");
  SV_REQUIRE_ERROR(explain_reshape(t, Dims{-1, -1}), Code::invalid_argument);
  SV_REQUIRE_ERROR(explain_reshape(t, Dims{-3, 4}), Code::invalid_argument, "negative");
}

TEST_CASE("explain_reshape: masks", "[reshape_rule][mask]") {
  // The valid cells of a column-padded [2,3] are not one run of [10]: the mask blocks.
  const View p = SV_UNWRAP(mk(Dims{2, 3}).pad({{0, 0}, {1, 1}}));
  ReshapeExplanation e = explain(p, Dims{10});
  CHECK_FALSE(e.view);
  CHECK_FALSE(e.blocking.has_value());
  REQUIRE(e.mask_blocking.has_value());
  CHECK(*e.mask_blocking == G{0, 2, 0, 1});
  CHECK_THAT(e.text, Catch::Contains("the valid cells of dims 0 and 1 (mask [(0,2),(1,4)] of "
                                     "[2,5]) are not one box of dim 0 of the result ([10])"));
  CHECK_FALSE(p.reshape(Dims{10}).ok());

  // Strides alone would allow [12] -> [2,6] here, but the valid range [3,9) is no box of [2,6].
  const View r = SV_UNWRAP(SV_UNWRAP(mk(Dims{2, 3}).pad({{1, 1}, {0, 0}})).reshape(Dims{12}));
  REQUIRE(analyse_reshape(Dims{12}, Dims{1}, Dims{2, 6}).view);
  e = explain(r, Dims{2, 6});
  CHECK_FALSE(e.view);
  CHECK(e.mask_blocking == G{0, 1, 0, 2});
  // ... and [4,3] it can: the mask is carried.
  e = explain(r, Dims{4, 3});
  CHECK(e.view);
  CHECK_THAT(e.text, Catch::Contains("the mask becomes [(1,3),(0,3)]"));

  // The mask is a box of the result, but the valid box's strides do not merge.
  const View b =
      SV_UNWRAP(SV_UNWRAP(mk(Dims{2, 3, 4}, 0, Dims{24, 4, 1}).pad({{1, 0}, {0, 0}, {0, 0}}))
                    .reshape(Dims{3, 12}));
  e = explain(b, Dims{6, 6});
  CHECK_FALSE(e.view);
  CHECK_FALSE(e.mask_blocking.has_value());
  REQUIRE(e.blocking.has_value());
  CHECK(*e.blocking == ReshapeBlock{0, 1, 2, 12, 24, 1, 12});
  CHECK_THAT(e.text, Catch::Contains("in the valid box [2,12]"));

  // All-invalid views: a view unless the result is a scalar (which cannot be masked).
  const View a = SV_UNWRAP(SV_UNWRAP(mk(Dims{2, 2}).pad({{0, 2}, {0, 0}})).shrink({{2, 3}, {0, 1}}));
  REQUIRE(*a.mask() == Mask{{0, 0}, {0, 0}});
  CHECK(explain(a, Dims{1, 1, 1}).view);
  e = explain(a, Dims{});
  CHECK_FALSE(e.view);
  CHECK_THAT(e.text, Catch::Contains("scalar view cannot be masked"));
}

TEST_CASE("explain_reshape: symbolic views", "[reshape_rule][sym]") {
  const sym::Var n = SV_UNWRAP(sym::var("n", 1, 64));
  const Dim dn = Dim::of_var(n);
  const sym::Shape s{dn, Dim::constant(4)};
  const View c = SV_UNWRAP(View::create(s));
  // Contiguous: a view; the groups are over symbolic dims.
  ReshapeExplanation e = SV_UNWRAP(explain_reshape(c, sym::Shape{sym::mul(dn, Dim::constant(4))}));
  CHECK(e.view);
  CHECK(e.groups == std::vector<G>{{0, 2, 0, 1}});
  e = SV_UNWRAP(explain_reshape(c, sym::Shape{dn, Dim::constant(2), Dim::constant(2)}));
  CHECK(e.view);
  CHECK(e.groups == std::vector<G>{{0, 1, 0, 1}, {1, 2, 1, 3}});
  CHECK_THAT(e.text, Catch::Contains("dim 1 ([4]) splits into dims 1 and 2 ([2,2])"));

  // Transposed: no view while n is unbound (View::reshape's decision), with the groups.
  const View t = SV_UNWRAP(c.permute(std::vector<int>{1, 0}));
  const sym::Shape flat{sym::mul(Dim::constant(4), dn)};
  e = SV_UNWRAP(explain_reshape(t, flat));
  CHECK_FALSE(e.view);
  CHECK_FALSE(t.reshape(flat).ok());
  CHECK(e.groups == std::vector<G>{{0, 2, 0, 1}});
  CHECK_THAT(e.text, Catch::Contains("unbound"));
  // Bound: the concrete rule, with numbers.
  REQUIRE(n.bind(5).ok());
  e = SV_UNWRAP(explain_reshape(t, flat));
  CHECK_FALSE(e.view);
  REQUIRE(e.blocking.has_value());
  CHECK(*e.blocking == ReshapeBlock{0, 1, 4, 5, 1, 4, 20});
  CHECK_THAT(e.text, Catch::Contains("stride[0] = 1 is not stride[1] * shape[1] = 4 * 5 = 20"));
  e = SV_UNWRAP(explain_reshape(c, flat));
  CHECK(e.view);
  CHECK(e.strides == Dims{1});
  n.unbind();
}

namespace {

// A random shape with `numel` elements (dims 1..numel, size-1 dims sprinkled in).
Dims random_factoring(int64_t numel, std::mt19937& rng) {
  Dims out;
  int64_t left = numel;
  while (left > 1 && out.size() < 5) {
    std::vector<int64_t> divs;
    for (int64_t d = 2; d <= left; ++d) {
      if (left % d == 0) divs.push_back(d);
    }
    const int64_t d = divs[std::uniform_int_distribution<size_t>(0, divs.size() - 1)(rng)];
    out.push_back(d);
    left /= d;
    if (rng() % 5 == 0) out.push_back(1);
  }
  if (left > 1) out.push_back(left);
  if (out.empty() || rng() % 6 == 0) out.insert(out.begin() + static_cast<ptrdiff_t>(rng() % (out.size() + 1)), 1);
  return out;
}

}  // namespace

TEST_CASE("explain_reshape agrees with View::reshape on a random sweep", "[reshape_rule][sweep]") {
  std::mt19937 rng(20261125);
  int views = 0, copies = 0, masked = 0, mask_blocked = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    INFO("iteration " << iter);
    const Dims base = random_factoring(std::uniform_int_distribution<int64_t>(1, 48)(rng), rng);
    View v = mk(base, 7);
    // A few movement ops: permute, flip, stepped shrink via create, expand of a size-1 dim, pad.
    const int nops = static_cast<int>(rng() % 4);
    for (int k = 0; k < nops; ++k) {
      const int nd = v.ndim();
      switch (rng() % 5) {
        case 0: {
          std::vector<int> axes(static_cast<size_t>(nd));
          for (int i = 0; i < nd; ++i) axes[static_cast<size_t>(i)] = i;
          std::shuffle(axes.begin(), axes.end(), rng);
          v = SV_UNWRAP(v.permute(axes));
          break;
        }
        case 1: {
          std::vector<bool> f(static_cast<size_t>(nd));
          for (int i = 0; i < nd; ++i) f[static_cast<size_t>(i)] = rng() % 2 == 0;
          v = SV_UNWRAP(v.flip(f));
          break;
        }
        case 2: {
          const Dims d = SV_UNWRAP(v.concrete_shape("test"));
          Mask b;
          for (int64_t x : d) {
            const int64_t s = x > 1 ? static_cast<int64_t>(rng() % 2) : 0;
            b.push_back({s, x});
          }
          v = SV_UNWRAP(v.shrink(b));
          break;
        }
        case 3: {
          const Dims d = SV_UNWRAP(v.concrete_shape("test"));
          Dims t = d;
          for (auto& x : t) {
            if (x == 1 && rng() % 2 == 0) x = 3;
          }
          v = SV_UNWRAP(v.expand(t));
          break;
        }
        case 4: {
          if (rng() % 3 != 0) break;
          Mask p;
          for (int i = 0; i < nd; ++i) p.push_back({static_cast<int64_t>(rng() % 2), static_cast<int64_t>(rng() % 2)});
          v = SV_UNWRAP(v.pad(p));
          break;
        }
      }
    }
    const int64_t numel = sym::numel(v.shape()).value_or(-1);
    REQUIRE(numel >= 0);
    const Dims target = random_factoring(numel, rng);
    CAPTURE(v.to_string(), target);
    const Result<View> r = v.reshape(target);
    const ReshapeExplanation e = explain(v, target);
    INFO("text: " << e.text);
    REQUIRE(r.ok() == e.view);
    if (v.mask()) ++masked;
    if (e.view) {
      ++views;
      REQUIRE(e.strides.has_value());
      CHECK(*e.strides == SV_UNWRAP(r->strides()));
      CHECK_THAT(e.text, Catch::Contains("is a view"));
    } else {
      ++copies;
      CHECK(r.error().code == Code::not_expressible);
      CHECK_THAT(e.text, Catch::Contains("call contiguous() first"));
      // Exactly one reason: a blocking pair or a mask that is not a box (or the scalar case).
      CHECK_FALSE((e.blocking.has_value() && e.mask_blocking.has_value()));
      if (e.mask_blocking) ++mask_blocked;
      if (e.blocking) {
        const ReshapeBlock& b = *e.blocking;
        CHECK(b.axis0 < b.axis1);
        CHECK((!b.expected || b.stride0 != *b.expected));
        if (b.expected) CHECK(*b.expected == b.stride1 * b.shape1);
      }
    }
    // The groups partition both axis lists in order, with equal element counts.
    const Dims od = SV_UNWRAP(v.concrete_shape("test"));
    int in = 0, out = 0;
    for (const G& g : e.groups) {
      CHECK(g.in_first == in);
      CHECK(g.out_first == out);
      int64_t pi = 1, po = 1;
      for (int i = g.in_first; i < g.in_last; ++i) pi *= od[static_cast<size_t>(i)];
      for (int i = g.out_first; i < g.out_last; ++i) po *= target[static_cast<size_t>(i)];
      CHECK(pi == po);
      in = g.in_last;
      out = g.out_last;
    }
    CHECK(in == v.ndim());
    CHECK(out == static_cast<int>(target.size()));
    // The rule without a trace (the fast path) decides the same for unmasked views.
    if (!v.mask()) {
      const Dims st = SV_UNWRAP(v.strides());
      Dims ns(target.size());
      CHECK(reshape_strides_to(od, st, target, ns.data()) ==
            (e.view || v.is_c_contiguous()));
    }
  }
  INFO("views " << views << ", copies " << copies << ", masked " << masked << ", mask-blocked "
                << mask_blocked);
  CHECK(views > 500);
  CHECK(copies > 300);
  CHECK(masked > 100);
  CHECK(mask_blocked > 20);
}
