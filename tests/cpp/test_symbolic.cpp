// Symbolic shapes (src/shape/symbolic.hpp): variables, expressions, binding, evaluation,
// inference, substitution, analysis, formatting, structural and algebraic equality.
#include <catch2/catch.hpp>
#include <cstdint>

#include "dense_ref.hpp"
#include "shape/symbolic.hpp"

using namespace sv;
using sym::Dim;
using sym::Var;

namespace {

Var make_var(const std::string& name, int64_t lo, int64_t hi) {
  return SV_UNWRAP(sym::var(name, lo, hi));
}
std::string id(const Var& v) { return std::to_string(v.id()); }

}  // namespace

// ------------------------------------------------------------------------------------ variables

TEST_CASE("symbolic: every var is a fresh identity; equality is by identity", "[symbolic]") {
  Var v1 = make_var("x", 0, 10);
  Var v2 = make_var("x", 0, 10);
  CHECK(v1 != v2);
  CHECK_FALSE(v1 == v2);
  CHECK(v1.id() != v2.id());
  CHECK(v2.id() > v1.id());
  Var copy = v1;  // a copy is the same variable
  CHECK(copy == v1);
  CHECK(sym::var_id(copy) == sym::var_id(v1));
  CHECK(sym::var_name(v1) == "x");
  CHECK(v1.name() == "x");
  CHECK(sym::var_bounds(v1) == std::pair<int64_t, int64_t>{0, 10});
  CHECK(v1.bounds() == std::pair<int64_t, int64_t>{0, 10});
  CHECK_FALSE(v1.value().has_value());
  // Shapes over the two same-named variables are not equal (the spec's example).
  sym::Shape s1{sym::dim_of_var(v1)}, s2{sym::dim_of_var(v2)};
  CHECK_FALSE(sym::equal(s1, s2));
  CHECK(sym::equal(s1, sym::Shape{sym::dim_of_var(copy)}));
}

TEST_CASE("symbolic: var creation errors", "[symbolic][error]") {
  SV_REQUIRE_ERROR(sym::var("n", -1, 5), Code::invalid_argument, "var", "[-1, 5]", "'n'");
  SV_REQUIRE_ERROR(sym::var("n", 6, 5), Code::invalid_argument, "var", "[6, 5]");
  SV_REQUIRE_ERROR(sym::var("big", 0, kMaxSafe + 1), Code::invalid_argument, "var",
                   "9007199254740992", "2^53-1");
  SV_REQUIRE_ERROR(Var::create("m", 3, 2), Code::invalid_argument, "'m'");
  SV_REQUIRE_ERROR(sym::dynamic("d", 4, 1), Code::invalid_argument, "[4, 1]", "'d'");
  CHECK(sym::var("edge", 0, kMaxSafe).ok());
  CHECK(sym::var("point", 7, 7).ok());
}

TEST_CASE("symbolic: bind checks bounds and is visible everywhere", "[symbolic]") {
  Var n = make_var("n", 1, 100);
  sym::Shape a{sym::dim_of_var(n), sym::static_dim(3)};
  sym::Shape b{sym::mul(sym::dim_of_var(n), sym::static_dim(2))};
  CHECK_FALSE(sym::eval(a).has_value());
  REQUIRE(sym::bind(n, 5, a).ok());
  CHECK(n.value() == 5);
  CHECK(*sym::eval(a) == Dims{5, 3});
  CHECK(*sym::eval(b) == Dims{10});  // a shape that was not passed to bind sees it too
  Var alias = n;
  CHECK(alias.value() == 5);
  REQUIRE(n.bind(1).ok());  // min and max are inclusive
  REQUIRE(n.bind(100).ok());
  CHECK(*sym::eval(b) == Dims{200});
  n.unbind();
  CHECK_FALSE(n.value().has_value());
  CHECK_FALSE(sym::eval(a).has_value());
}

TEST_CASE("symbolic: bind errors name the variable, the value and the bounds",
          "[symbolic][error]") {
  Var n = make_var("n", 2, 8);
  SV_REQUIRE_ERROR(n.bind(9), Code::out_of_bounds, "bind", "value 9", "n#" + id(n), "[2, 8]");
  SV_REQUIRE_ERROR(sym::bind(n, 1), Code::out_of_bounds, "value 1", "[2, 8]");
  SV_REQUIRE_ERROR(n.bind(-5), Code::out_of_bounds, "value -5");
  CHECK_FALSE(n.value().has_value());  // a failed bind changes nothing
  REQUIRE(n.bind(4).ok());
  SV_REQUIRE_ERROR(n.bind(80), Code::out_of_bounds, "value 80", "n#" + id(n) + "=4");
  CHECK(n.value() == 4);
}

TEST_CASE("symbolic: to_string formats", "[symbolic]") {
  Var n = make_var("n", 0, 10);
  Var u = make_var("", 0, 10);
  CHECK(n.to_string() == "n#" + id(n));
  CHECK(u.to_string() == "v" + id(u));
  const Dim dn = sym::dim_of_var(n);
  const Dim du = sym::dim_of_var(u);
  CHECK(dn.to_string() == "n#" + id(n));
  CHECK(sym::add(dn, sym::static_dim(1)).to_string() == "(n#" + id(n) + "+1)");
  CHECK(sym::mul(sym::static_dim(2), du).to_string() == "(2*v" + id(u) + ")");
  CHECK(sym::neg(dn).to_string() == "(-n#" + id(n) + ")");
  sym::Shape s{sym::static_dim(2), dn, sym::mul(sym::add(dn, du), sym::static_dim(3))};
  CHECK(sym::to_string(s) == "[2,n#" + id(n) + ",((n#" + id(n) + "+v" + id(u) + ")*3)]");
  REQUIRE(n.bind(5).ok());
  REQUIRE(u.bind(7).ok());
  CHECK(n.to_string() == "n#" + id(n) + "=5");
  CHECK(u.to_string() == "v" + id(u) + "=7");
  CHECK(sym::to_string(s) == "[2,n#" + id(n) + "=5,((n#" + id(n) + "=5+v" + id(u) + "=7)*3)]");
  CHECK(sym::to_string(sym::Shape{}) == "[]");
  CHECK(sym::to_string(sym::of_list({2, 3, 4})) == "[2,3,4]");
}

// ------------------------------------------------------------------------------------ dims

TEST_CASE("symbolic: Dim construction and inspection", "[symbolic]") {
  Dim zero;
  CHECK(zero.is_const());
  CHECK(zero.kind() == Dim::Kind::constant);
  CHECK(zero.const_value() == 0);
  const Dim c = sym::static_dim(7);
  CHECK(c.is_const());
  CHECK(c.const_value() == 7);
  CHECK(c.eval() == 7);
  CHECK(sym::eval_dim(c) == 7);
  Var n = make_var("n", 0, 10);
  const Dim dn = sym::dim_of_var(n);
  CHECK_FALSE(dn.is_const());
  CHECK(dn.kind() == Dim::Kind::var);
  CHECK(dn.var() == n);
  const Dim a = sym::add(dn, c);
  CHECK(a.kind() == Dim::Kind::add);
  CHECK(sym::dim_equal(a.lhs(), dn));
  CHECK(sym::dim_equal(a.rhs(), c));
  const Dim m = sym::mul(c, dn);
  CHECK(m.kind() == Dim::Kind::mul);
  CHECK(sym::dim_equal(m.lhs(), c));
  const Dim ng = sym::neg(dn);
  CHECK(ng.kind() == Dim::Kind::neg);
  CHECK(sym::dim_equal(ng.lhs(), dn));
  // Operations on constants are still structural expressions (not folded).
  CHECK(sym::add(sym::static_dim(2), sym::static_dim(3)).kind() == Dim::Kind::add);
  CHECK_FALSE(sym::add(sym::static_dim(2), sym::static_dim(3)).is_const());
  Dim dyn = SV_UNWRAP(sym::dynamic("d", 1, 4));
  CHECK(dyn.kind() == Dim::Kind::var);
  CHECK(dyn.var().name() == "d");
  CHECK(dyn.var().bounds() == std::pair<int64_t, int64_t>{1, 4});
}

TEST_CASE("symbolic: the spec's dimension-expression example", "[symbolic]") {
  Var n = make_var("n", 1, 100);
  const Dim dim_n = sym::dim_of_var(n);
  const Dim dim_2n = sym::mul(dim_n, sym::static_dim(2));
  const Dim dim_2n_plus_1 = sym::add(dim_2n, sym::static_dim(1));
  CHECK_FALSE(dim_2n_plus_1.eval().has_value());
  CHECK(dim_2n_plus_1.to_string() == "((n#" + id(n) + "*2)+1)");
  REQUIRE(sym::bind(n, 7, sym::Shape{dim_2n_plus_1}).ok());
  CHECK(dim_2n_plus_1.eval() == 15);
  CHECK(sym::numel(sym::Shape{dim_n, dim_2n_plus_1}) == 105);
}

TEST_CASE("symbolic: eval and eval_dim", "[symbolic]") {
  Var n = make_var("n", 0, 100);
  Var m = make_var("m", 0, 100);
  const Dim dn = sym::dim_of_var(n), dm = sym::dim_of_var(m);
  const Dim e = sym::add(sym::mul(dn, sym::static_dim(3)), sym::neg(dm));  // 3n - m
  CHECK_FALSE(e.eval().has_value());
  REQUIRE(n.bind(4).ok());
  CHECK_FALSE(e.eval().has_value());  // m still unbound
  REQUIRE(m.bind(5).ok());
  CHECK(e.eval() == 7);
  CHECK(sym::eval_dim(e) == 7);
  CHECK(sym::add(sym::static_dim(2), sym::static_dim(3)).eval() == 5);
  CHECK(sym::mul(sym::static_dim(2), sym::static_dim(3)).eval() == 6);
  CHECK(sym::neg(sym::static_dim(2)).eval() == -2);
  CHECK(SV_UNWRAP(e.eval_or_error("test")) == 7);
  CHECK(SV_UNWRAP(sym::static_dim(9).eval_or_error("test")) == 9);
}

TEST_CASE("symbolic: eval_or_error names the op, the dim and the unbound variable",
          "[symbolic][error]") {
  Var n = make_var("n", 0, 100);
  const Dim e = sym::mul(sym::dim_of_var(n), sym::static_dim(2));
  SV_REQUIRE_ERROR(e.eval_or_error("myop"), Code::unbound, "myop", "(n#" + id(n) + "*2)",
                   "variable n#" + id(n), "unbound", "bind");
  SV_REQUIRE_ERROR(sym::eval_or_error(sym::Shape{sym::static_dim(2), e}, "otherop"), Code::unbound,
                   "otherop", "n#" + id(n));
  REQUIRE(n.bind(3).ok());
  CHECK(SV_UNWRAP(sym::eval_or_error(sym::Shape{sym::static_dim(2), e}, "otherop")) == Dims{2, 6});
}

TEST_CASE("symbolic: evaluation beyond 2^53-1 is an overflow, never wrap-around",
          "[symbolic][overflow]") {
  const Dim big = sym::static_dim(int64_t{1} << 30);
  const Dim sq = sym::mul(big, big);
  CHECK_FALSE(sq.eval().has_value());
  SV_REQUIRE_ERROR(sq.eval_or_error("op"), Code::overflow, "op", "2^53-1");
  const Dim sum = sym::add(sym::static_dim(kMaxSafe), sym::static_dim(1));
  CHECK_FALSE(sum.eval().has_value());
  SV_REQUIRE_ERROR(sum.eval_or_error("op"), Code::overflow, "2^53-1");
  Var n = make_var("n", 0, kMaxSafe);
  REQUIRE(n.bind(kMaxSafe).ok());
  const Dim twice = sym::mul(sym::dim_of_var(n), sym::static_dim(2));
  CHECK_FALSE(twice.eval().has_value());
  SV_REQUIRE_ERROR(twice.eval_or_error("op"), Code::overflow, "op");
  CHECK_FALSE(sym::numel(sym::Shape{big, big}).has_value());
  // Negating the most negative int64 must not be undefined behaviour.
  const Dim minneg = sym::neg(sym::static_dim(INT64_MIN));
  CHECK_FALSE(minneg.eval().has_value());
  SV_REQUIRE_ERROR(minneg.eval_or_error("op"), Code::overflow, "op");
  CHECK_FALSE(sym::provably_equal(minneg, sym::static_dim(0)));
  CHECK_FALSE(sym::is_infer(minneg));
}

// ------------------------------------------------------------------------------------ shapes

TEST_CASE("symbolic: of_ints, of_list, rank, is_static", "[symbolic]") {
  const Dims d{2, 3, 4};
  const sym::Shape s = sym::of_ints(d);
  CHECK(sym::rank(s) == 3);
  CHECK(sym::is_static(s));
  CHECK(*sym::eval(s) == d);
  CHECK(sym::equal(s, sym::of_list({2, 3, 4})));
  CHECK(sym::rank(sym::Shape{}) == 0);
  CHECK(sym::is_static(sym::Shape{}));
  Var n = make_var("n", 0, 9);
  sym::Shape withvar{sym::static_dim(1), sym::dim_of_var(n)};
  CHECK_FALSE(sym::is_static(withvar));
  REQUIRE(n.bind(2).ok());
  CHECK_FALSE(sym::is_static(withvar));  // bound, but still a variable
  CHECK(sym::is_fully_bound(withvar));
  CHECK_FALSE(sym::is_static(sym::Shape{sym::add(sym::static_dim(1), sym::static_dim(2))}));
}

TEST_CASE("symbolic: eval, partial_eval, is_fully_bound, numel, numel_dim", "[symbolic]") {
  Var n = make_var("n", 0, 50);
  Var m = make_var("m", 0, 50);
  sym::Shape s{sym::static_dim(2), sym::dim_of_var(n), sym::dim_of_var(m)};
  CHECK_FALSE(sym::eval(s).has_value());
  CHECK_FALSE(sym::is_fully_bound(s));
  CHECK_FALSE(sym::numel(s).has_value());
  auto pe = sym::partial_eval(s);
  REQUIRE(pe.size() == 3);
  CHECK(pe[0] == 2);
  CHECK_FALSE(pe[1].has_value());
  CHECK_FALSE(pe[2].has_value());
  const Dim nd = sym::numel_dim(s);
  CHECK_FALSE(nd.is_const());
  CHECK(sym::provably_equal(
      nd, sym::mul(sym::mul(sym::dim_of_var(m), sym::dim_of_var(n)), sym::static_dim(2))));
  REQUIRE(n.bind(3).ok());
  pe = sym::partial_eval(s);
  CHECK(pe[1] == 3);
  CHECK_FALSE(pe[2].has_value());
  REQUIRE(m.bind(5).ok());
  CHECK(sym::is_fully_bound(s));
  CHECK(*sym::eval(s) == Dims{2, 3, 5});
  CHECK(sym::numel(s) == 30);
  CHECK(nd.eval() == 30);
  CHECK(sym::numel(sym::Shape{}) == 1);
  CHECK(sym::numel(sym::of_list({2, 0, 5})) == 0);
  CHECK(sym::numel_dim(sym::Shape{}).is_const());
  CHECK(sym::numel_dim(sym::Shape{}).const_value() == 1);
  CHECK(sym::numel_dim(sym::of_list({2, 3, 4})).is_const());
  CHECK(sym::numel_dim(sym::of_list({2, 3, 4})).const_value() == 24);
  CHECK(sym::is_fully_bound(sym::Shape{}));
}

// ------------------------------------------------------------------------------------ inference

TEST_CASE("symbolic: infer and is_infer", "[symbolic]") {
  CHECK(sym::is_infer(sym::infer()));
  CHECK(sym::infer().is_const());
  CHECK(sym::infer().const_value() == -1);
  CHECK_FALSE(sym::is_infer(sym::static_dim(3)));
  CHECK_FALSE(sym::is_infer(sym::static_dim(-2)));
  Var n = make_var("n", 0, 9);
  CHECK_FALSE(sym::is_infer(sym::dim_of_var(n)));      // unbound variables are never -1
  CHECK(sym::is_infer(sym::neg(sym::static_dim(1))));  // "evaluates to -1"
}

TEST_CASE("symbolic: resolve_reshape (the spec's example and friends)", "[symbolic]") {
  {
    auto r = SV_UNWRAP(sym::resolve_reshape(sym::of_list({2, 3, 4}),
                                            sym::Shape{sym::static_dim(6), sym::infer()}));
    REQUIRE(r.has_value());
    CHECK(*sym::eval(*r) == Dims{6, 4});
  }
  {
    auto r = SV_UNWRAP(sym::resolve_reshape(sym::of_list({2, 3, 4}), sym::Shape{sym::infer()}));
    CHECK(*sym::eval(*r) == Dims{24});
  }
  {  // nothing to infer: the target comes back as is
    Var n = make_var("n", 0, 9);
    sym::Shape t{sym::dim_of_var(n), sym::static_dim(2)};
    auto r = SV_UNWRAP(sym::resolve_reshape(sym::of_list({4, 4}), t));
    REQUIRE(r.has_value());
    CHECK(sym::equal(*r, t));
  }
  {  // bound symbolic source
    Var n = make_var("n", 0, 9);
    REQUIRE(n.bind(4).ok());
    auto r = SV_UNWRAP(sym::resolve_reshape(sym::Shape{sym::dim_of_var(n), sym::static_dim(3)},
                                            sym::Shape{sym::infer(), sym::static_dim(2)}));
    REQUIRE(r.has_value());
    CHECK(*sym::eval(*r) == Dims{6, 2});
  }
  {  // zero-size inference
    auto r = SV_UNWRAP(
        sym::resolve_reshape(sym::of_list({2, 0}), sym::Shape{sym::static_dim(0), sym::infer()}));
    REQUIRE(r.has_value());
    CHECK(*sym::eval(*r) == Dims{0, 0});
    auto r2 = SV_UNWRAP(
        sym::resolve_reshape(sym::of_list({2, 0}), sym::Shape{sym::infer(), sym::static_dim(7)}));
    CHECK(*sym::eval(*r2) == Dims{0, 7});
  }
  {  // the bound target dims take part
    Var k = make_var("k", 0, 9);
    REQUIRE(k.bind(3).ok());
    auto r = SV_UNWRAP(
        sym::resolve_reshape(sym::of_list({6, 2}), sym::Shape{sym::dim_of_var(k), sym::infer()}));
    REQUIRE(r.has_value());
    CHECK(*sym::eval(*r) == Dims{3, 4});
  }
}

TEST_CASE("symbolic: resolve_reshape returns None when it cannot know", "[symbolic]") {
  Var n = make_var("n", 1, 9);
  // Unbound source.
  CHECK_FALSE(SV_UNWRAP(sym::resolve_reshape(sym::Shape{sym::dim_of_var(n), sym::static_dim(2)},
                                             sym::Shape{sym::infer()}))
                  .has_value());
  // Defect not to copy: an unbound target dim must not be skipped ([2,3,4] -> [n,-1] is unknown,
  // not [n,24]).
  CHECK_FALSE(SV_UNWRAP(sym::resolve_reshape(sym::of_list({2, 3, 4}),
                                             sym::Shape{sym::dim_of_var(n), sym::infer()}))
                  .has_value());
  // Not divisible.
  CHECK_FALSE(SV_UNWRAP(sym::resolve_reshape(sym::of_list({2, 3}),
                                             sym::Shape{sym::static_dim(4), sym::infer()}))
                  .has_value());
  // Other dims multiply to 0 but the source has elements.
  CHECK_FALSE(SV_UNWRAP(sym::resolve_reshape(sym::of_list({2, 3}),
                                             sym::Shape{sym::static_dim(0), sym::infer()}))
                  .has_value());
  // Once bound, the same request resolves.
  REQUIRE(n.bind(4).ok());
  auto r = SV_UNWRAP(
      sym::resolve_reshape(sym::of_list({2, 3, 4}), sym::Shape{sym::dim_of_var(n), sym::infer()}));
  REQUIRE(r.has_value());
  CHECK(*sym::eval(*r) == Dims{4, 6});
}

TEST_CASE("symbolic: resolve_reshape errors", "[symbolic][error]") {
  SV_REQUIRE_ERROR(
      sym::resolve_reshape(sym::of_list({2, 3}), sym::Shape{sym::infer(), sym::infer()}),
      Code::invalid_argument, "resolve_reshape", "more than one", "at 0 and 1");
  SV_REQUIRE_ERROR(
      sym::resolve_reshape(sym::of_list({2, 3}), sym::Shape{sym::static_dim(-3), sym::infer()}),
      Code::invalid_argument, "resolve_reshape", "dim 0", "-3");
  SV_REQUIRE_ERROR(sym::resolve_reshape(sym::of_list({2, 3}), sym::Shape{sym::static_dim(-3)}),
                   Code::invalid_argument, "-3");  // even without an inferred dim
  const Dim big = sym::static_dim(int64_t{1} << 30);
  SV_REQUIRE_ERROR(sym::resolve_reshape(sym::of_list({2}), sym::Shape{big, big, sym::infer()}),
                   Code::overflow, "resolve_reshape", "2^53-1");
}

// ------------------------------------------------------------------------------------ substitute

TEST_CASE("symbolic: substitute is pure and matches by identity", "[symbolic]") {
  Var n = make_var("n", 0, 100);
  Var n2 = make_var("n", 0, 100);  // same name, different variable
  Var m = make_var("m", 0, 100);
  const Dim dn = sym::dim_of_var(n);
  sym::Shape s{dn, sym::mul(dn, sym::static_dim(2)), sym::add(sym::dim_of_var(n2), sym::neg(dn)),
               sym::dim_of_var(m)};
  const std::string before = sym::to_string(s);
  sym::Shape t = sym::substitute({{n, 3}}, s);
  CHECK(sym::to_string(s) == before);  // the input is untouched
  CHECK_FALSE(n.value().has_value());  // and nothing was bound
  auto pe = sym::partial_eval(t);
  CHECK(pe[0] == 3);
  CHECK(pe[1] == 6);
  CHECK_FALSE(pe[2].has_value());  // n2 is not n
  CHECK_FALSE(pe[3].has_value());
  CHECK(t[0].is_const());
  CHECK(sym::vars(t).size() == 2);
  sym::Shape u = sym::substitute({{n, 3}, {n2, 10}, {m, 1}}, s);
  CHECK(*sym::eval(u) == Dims{3, 6, 7, 1});
  CHECK(sym::substitute_dim({{m, 4}}, sym::dim_of_var(m)).const_value() == 4);
  CHECK(sym::dim_equal(sym::substitute_dim({{m, 4}}, dn), dn));
  CHECK(sym::substitute_dim({}, sym::static_dim(5)).const_value() == 5);
  CHECK(sym::equal(sym::substitute({}, s), s));
}

TEST_CASE("symbolic: vars lists each variable once", "[symbolic]") {
  Var n = make_var("n", 0, 100);
  Var n2 = make_var("n", 0, 100);
  const Dim dn = sym::dim_of_var(n);
  CHECK(sym::vars(sym::of_list({1, 2})).empty());
  CHECK(sym::vars(sym::Shape{}).empty());
  auto vs = sym::vars(sym::Shape{dn, sym::mul(dn, sym::dim_of_var(n2)), sym::neg(dn),
                                 sym::add(sym::static_dim(1), dn)});
  REQUIRE(vs.size() == 2);
  CHECK(((vs[0] == n && vs[1] == n2) || (vs[0] == n2 && vs[1] == n)));
}

// ------------------------------------------------------------------------------------ equality

TEST_CASE("symbolic: equal is structural", "[symbolic]") {
  const sym::Shape six{sym::static_dim(6)};
  const sym::Shape two_times_three{sym::mul(sym::static_dim(2), sym::static_dim(3))};
  CHECK_FALSE(sym::equal(two_times_three, six));  // 2*3 != 6
  CHECK(*sym::eval(two_times_three) == *sym::eval(six));
  CHECK_FALSE(sym::equal(sym::Shape{sym::add(sym::static_dim(1), sym::static_dim(2))},
                         sym::Shape{sym::static_dim(3)}));
  CHECK(sym::equal(two_times_three, sym::Shape{sym::mul(sym::static_dim(2), sym::static_dim(3))}));
  CHECK_FALSE(
      sym::equal(two_times_three, sym::Shape{sym::mul(sym::static_dim(3), sym::static_dim(2))}));
  CHECK_FALSE(sym::equal(sym::of_list({2, 3}), sym::of_list({2})));
  CHECK(sym::equal(sym::Shape{}, sym::Shape{}));
  Var n = make_var("n", 0, 9);
  const Dim dn = sym::dim_of_var(n);
  CHECK(sym::dim_equal(sym::neg(dn), sym::neg(dn)));
  CHECK_FALSE(sym::dim_equal(sym::neg(dn), dn));
  CHECK_FALSE(sym::dim_equal(sym::add(dn, dn), sym::mul(dn, dn)));
  CHECK_FALSE(sym::dim_equal(sym::add(dn, sym::static_dim(1)), sym::add(dn, sym::static_dim(2))));
  REQUIRE(n.bind(6).ok());
  CHECK_FALSE(sym::equal(sym::Shape{dn}, six));  // a bound variable is still a variable
}

TEST_CASE("symbolic: provably_equal compares polynomials", "[symbolic]") {
  Var n = make_var("n", 0, 100);
  Var m = make_var("m", 0, 100);
  const Dim dn = sym::dim_of_var(n), dm = sym::dim_of_var(m);
  const Dim c2 = sym::static_dim(2), c4 = sym::static_dim(4), c1 = sym::static_dim(1);
  CHECK(sym::provably_equal(sym::mul(dn, c4), sym::mul(sym::mul(c2, dn), c2)));
  CHECK(sym::provably_equal(sym::mul(sym::add(dn, c1), c2), sym::add(sym::mul(c2, dn), c2)));
  CHECK(sym::provably_equal(sym::add(dn, dn), sym::mul(c2, dn)));
  CHECK(sym::provably_equal(sym::add(dn, sym::neg(dn)), sym::static_dim(0)));
  CHECK(sym::provably_equal(sym::mul(dn, dm), sym::mul(dm, dn)));
  CHECK(sym::provably_equal(
      sym::mul(sym::add(dn, dm), sym::add(dn, dm)),
      sym::add(sym::add(sym::mul(dn, dn), sym::mul(c2, sym::mul(dn, dm))), sym::mul(dm, dm))));
  CHECK(sym::provably_equal(sym::mul(c2, sym::static_dim(3)), sym::static_dim(6)));
  CHECK_FALSE(sym::provably_equal(dn, dm));
  CHECK_FALSE(sym::provably_equal(sym::mul(dn, c2), sym::mul(dn, sym::static_dim(3))));
  CHECK_FALSE(sym::provably_equal(dn, sym::static_dim(5)));
  REQUIRE(n.bind(5).ok());
  CHECK(sym::provably_equal(dn, sym::static_dim(5)));  // a bound variable is its value
  CHECK(sym::provably_equal(sym::mul(dn, dm), sym::mul(dm, sym::static_dim(5))));
  // Coefficient overflow is "not comparable", not a wrap-around.
  const Dim huge = sym::static_dim(int64_t{1} << 40);
  CHECK_FALSE(sym::provably_equal(sym::mul(sym::mul(huge, huge), dm), dm));
}
