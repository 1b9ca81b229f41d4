// Quick end-to-end checks of the kernel contract on tiny hand-written cases.
#include <catch2/catch.hpp>
#include <vector>

#include "kernels/kernels.hpp"

using namespace sv;
using namespace sv::kernels;

namespace {
Layout lay(Dims shape, Dims strides, int64_t offset = 0, Mask mask = {}) {
  Layout l;
  l.shape = std::move(shape);
  l.strides = std::move(strides);
  l.offset = offset;
  l.mask = std::move(mask);
  return l;
}
}  // namespace

TEST_CASE("kernels smoke: transpose copy, pad fill, add, sum", "[kernels]") {
  std::vector<float> a = {1, 2, 3, 4, 5, 6};  // [2,3]
  std::vector<float> t(6, -1);
  REQUIRE(copy({t.data(), lay({3, 2}, {2, 1}), DType::float32},
               {a.data(), lay({3, 2}, {1, 3}), DType::float32})
              .ok());
  CHECK(t == std::vector<float>{1, 4, 2, 5, 3, 6});

  std::vector<int32_t> p(4 * 5, 0);
  // a padded by 1 on each side: shape [4,5], offset -1*3-1 = -4, mask [(1,3),(1,4)]
  REQUIRE(copy({p.data(), lay({4, 5}, {5, 1}), DType::int32},
               {a.data(), lay({4, 5}, {3, 1}, -4, {{1, 3}, {1, 4}}), DType::float32}, -7.0)
              .ok());
  CHECK(p == std::vector<int32_t>{-7, -7, -7, -7, -7, -7, 1,  2,  3,  -7,
                                  -7, 4,  5,  6,  -7, -7, -7, -7, -7, -7});

  std::vector<float> r(6);
  float row[3] = {10, 20, 30};
  REQUIRE(binary(BinaryOp::add, {r.data(), lay({2, 3}, {3, 1}), DType::float32},
                 {a.data(), lay({2, 3}, {3, 1}), DType::float32},
                 {row, lay({2, 3}, {0, 1}), DType::float32})
              .ok());
  CHECK(r == std::vector<float>{11, 22, 33, 14, 25, 36});

  std::vector<double> s(3);
  REQUIRE(reduce(ReduceOp::sum, {s.data(), lay({1, 3}, {3, 1}), DType::float64},
                 {a.data(), lay({2, 3}, {3, 1}), DType::float32}, 1)
              .ok());
  CHECK(s == std::vector<double>{5, 7, 9});
  double m[2];
  REQUIRE(reduce(ReduceOp::max, {m, lay({2, 1}, {1, 1}), DType::float64},
                 {s.data(), lay({2, 3}, {0, 1}), DType::float64}, 2)
              .ok());
  CHECK(m[0] == 9);

  auto e = copy({t.data(), lay({3, 2}, {0, 1}), DType::float32},
                {a.data(), lay({3, 2}, {1, 3}), DType::float32});
  REQUIRE(!e.ok());
  CHECK(e.error().code == Code::read_only);
  e = copy({t.data(), lay({2, 3}, {3, 1}), DType::float32},
           {a.data(), lay({3, 2}, {1, 3}), DType::float32});
  REQUIRE(!e.ok());
  CHECK(e.error().code == Code::shape_mismatch);
  CHECK(e.error().message ==
        "copy: dst has shape [2,3] but src has shape [3,2]; expand() or "
        "reshape() it to [2,3] first");

  // Overlap: shift a row right by one within the same buffer.
  std::vector<int32_t> v = {1, 2, 3, 4, 5};
  REQUIRE(copy({v.data(), lay({4}, {1}, 1), DType::int32}, {v.data(), lay({4}, {1}), DType::int32})
              .ok());
  CHECK(v == std::vector<int32_t>{1, 1, 2, 3, 4});
  // Reverse in place.
  REQUIRE(copy({v.data(), lay({5}, {1}), DType::int32}, {v.data(), lay({5}, {-1}, 4), DType::int32})
              .ok());
  CHECK(v == std::vector<int32_t>{4, 3, 2, 1, 1});
}
