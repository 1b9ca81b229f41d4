#include <catch2/catch.hpp>

#include "view/view.hpp"

using namespace sv;

TEST_CASE("smoke: pad then reshape carries the mask") {
  auto v = View::create(Dims{2, 3});
  REQUIRE(v.ok());
  auto p = v->pad({{1, 1}, {0, 0}});
  REQUIRE(p.ok());
  auto r = p->reshape(Dims{12});
  REQUIRE(r.ok());
  REQUIRE(r->mask().has_value());
  CHECK((*r->mask())[0] == Range{3, 9});
  CHECK(r->offset() == -3);
}
