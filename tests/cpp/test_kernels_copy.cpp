// copy(): every dtype pair, random strided / broadcast / masked layouts, SIMD tails, transposes,
// overlap and errors; each against the naive index-by-index reference of test_kernels_util.hpp.
#include "kernels/internal.hpp"
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

int lanes_of(DType t) { return 16 / static_cast<int>(dtype_size(t)); }

}  // namespace

TEST_CASE("copy: random layouts and masks, every dtype pair", "[kernels]") {
  std::mt19937_64 rng(12345);
  for (DType dt : kAllDTypes) {
    for (DType st : kAllDTypes) {
      for (int rep = 0; rep < 12; ++rep) {
        const Dims shape = random_shape(rng);
        const Arr src = make_arr(random_src_view(shape, rng), st, rng, static_cast<int>(rng() % 4));
        const Arr dst = make_arr(random_dst_view(shape, rng), dt, rng, static_cast<int>(rng() % 4));
        run_copy(src, dst, rep % 2 ? -3.75 : 300.5);
      }
    }
  }
}

TEST_CASE("copy: 1-D sizes around every SIMD tail, strides and misalignment", "[kernels]") {
  std::mt19937_64 rng(777);
  for (DType t : kAllDTypes) {
    const int lanes = lanes_of(t);
    std::vector<int64_t> sizes;
    for (int64_t n = 0; n <= 2 * lanes + 1; ++n) sizes.push_back(n);
    for (int64_t n : {4 * lanes - 1, 4 * lanes + 3, 8 * lanes + 5, 100, 257}) sizes.push_back(n);
    for (int64_t n : sizes) {
      for (int64_t ss : {1, 0, -1, 2, -3, 64}) {
        for (int64_t ds : {1, -1, 2}) {
          const int mis = static_cast<int>(rng() % 4);
          const Arr src =
              make_arr(make_view({n}, ss < 0 && n > 0 ? -ss * (n - 1) : 0, {ss}), t, rng, mis);
          const Arr dst = make_arr(make_view({n}, ds < 0 && n > 0 ? -ds * (n - 1) : 0, {ds}), t,
                                   rng, static_cast<int>(rng() % 4));
          run_copy(src, dst, 1.0);
        }
      }
    }
  }
}

TEST_CASE("copy: casts over 1-D sizes around the tails", "[kernels]") {
  std::mt19937_64 rng(4242);
  for (DType dt : kAllDTypes) {
    for (DType st : kAllDTypes) {
      for (int64_t n : {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 67}) {
        for (int64_t ss : {1, 0, -1, 3}) {
          const Arr src = make_arr(make_view({n}, ss < 0 && n > 0 ? n - 1 : 0, {ss}), st, rng,
                                   static_cast<int>(rng() % 4));
          const Arr dst = make_arr(contiguous_view({n}), dt, rng, static_cast<int>(rng() % 4));
          run_copy(src, dst, 0.0);
        }
      }
    }
  }
}

TEST_CASE("copy: 2-D and 3-D transposes of odd sizes", "[kernels]") {
  std::mt19937_64 rng(99);
  const int64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 70};
  for (DType t : {DType::uint8, DType::int16, DType::float32, DType::float64}) {
    for (int64_t r : sizes) {
      for (int64_t c : sizes) {
        // src is an [c, r] contiguous array read transposed as [r, c]
        const Arr src = make_arr(make_view({r, c}, 0, {1, r}), t, rng, static_cast<int>(rng() % 4));
        const Arr dst = make_arr(contiguous_view({r, c}), t, rng, static_cast<int>(rng() % 4));
        run_copy(src, dst, 0.0);
        if ((r + c) % 3 == 0) {
          // flipped transpose, and a destination with a row gap
          const Arr fsrc = make_arr(make_view({r, c}, (c - 1) * r, {1, -r}), t, rng, 1);
          const Arr gdst = make_arr(make_view({r, c}, 0, {c + 3, 1}), t, rng, 2);
          run_copy(fsrc, gdst, 0.0);
        }
      }
    }
  }
  // Larger than one cache block of the SIMD transpose (512 bytes along the source rows, 64 bytes
  // along the destination rows) with ragged edges in both directions.
  for (DType t : {DType::uint8, DType::int16, DType::float32, DType::float64}) {
    for (const auto& rc : {std::pair<int64_t, int64_t>{600, 70}, {130, 45}, {67, 300}}) {
      const int64_t r = rc.first, c = rc.second;
      const Arr src = make_arr(make_view({r, c}, 0, {1, r}), t, rng, static_cast<int>(rng() % 4));
      const Arr dst = make_arr(contiguous_view({r, c}), t, rng, static_cast<int>(rng() % 4));
      run_copy(src, dst, 0.0);
    }
  }
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 20; ++rep) {
      const Dims shape = {1 + static_cast<int64_t>(rng() % 9), 1 + static_cast<int64_t>(rng() % 9),
                          1 + static_cast<int64_t>(rng() % 19)};
      View base = contiguous_view(shape);
      std::vector<int> perm = {0, 1, 2};
      std::shuffle(perm.begin(), perm.end(), rng);
      Dims pshape = {shape[perm[0]], shape[perm[1]], shape[perm[2]]};
      auto pv = base.permute(perm);
      REQUIRE(pv.ok());
      const Arr src = make_arr(*pv, t, rng, static_cast<int>(rng() % 4));
      const Arr dst = make_arr(contiguous_view(pshape), t, rng, 0);
      run_copy(src, dst, 0.0);
    }
  }
}

TEST_CASE("copy: padded and shrunk views write the fill value", "[kernels]") {
  std::mt19937_64 rng(5);
  for (DType t : kAllDTypes) {
    for (int64_t n : {1, 2, 3, 5, 8, 17, 33}) {
      for (int64_t p : {0, 1, 2, 5}) {
        View v = contiguous_view({n, n + 1});
        auto padded = v.pad({{p, 1}, {1, p}});
        REQUIRE(padded.ok());
        const Dims shape = *padded->concrete_shape("test");
        const Arr src = make_arr(*padded, t, rng, static_cast<int>(rng() % 4));
        run_copy(src, make_arr(contiguous_view(shape), t, rng, 1), 7.0);
        run_copy(src, make_arr(random_dst_view(shape, rng), DType::float32, rng, 3), -1.0);
        auto flipped = padded->flip({true, false});
        REQUIRE(flipped.ok());
        run_copy(make_arr(*flipped, t, rng, 2), make_arr(contiguous_view(shape), t, rng, 0),
                      2.0);
        auto shr = padded->shrink({{0, shape[0]}, {1, shape[1] - 1}});
        REQUIRE(shr.ok());
        const Dims sshape = *shr->concrete_shape("test");
        run_copy(make_arr(*shr, t, rng, 1), make_arr(contiguous_view(sshape), t, rng, 3),
                      -5.0);
      }
    }
  }
  // An all-invalid view (empty mask range) writes only the fill value.
  const Arr src =
      make_arr(make_view({3, 4}, 0, {4, 1}, Mask{{1, 1}, {0, 4}}), DType::int32, rng, 0);
  run_copy(src, make_arr(contiguous_view({3, 4}), DType::int32, rng, 0), 9.0);
}

TEST_CASE("copy: broadcast sources (stride 0) of every element size", "[kernels]") {
  std::mt19937_64 rng(6);
  for (DType t : kAllDTypes) {
    for (int64_t n : {1, 3, 16, 17, 35}) {
      View row = contiguous_view({1, n});
      auto e = row.expand(Dims{5, n});
      REQUIRE(e.ok());
      run_copy(make_arr(*e, t, rng, 1), make_arr(contiguous_view({5, n}), t, rng, 2), 0.0);
      View col = contiguous_view({n, 1});
      auto ec = col.expand(Dims{n, 6});
      REQUIRE(ec.ok());
      run_copy(make_arr(*ec, t, rng, 3), make_arr(contiguous_view({n, 6}), t, rng, 0), 0.0);
    }
  }
}

TEST_CASE("copy: overlapping src and dst behave as if src were read first", "[kernels]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (int64_t n : {2, 5, 17, 40}) {
      for (int64_t shift : {-3, -1, 1, 2, 7}) {
        std::vector<int32_t> buf(static_cast<size_t>(n + 20));
        for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<int32_t>(i * 3 + 1);
        const std::vector<int32_t> orig = buf;
        Operand dst{buf.data(), {{n}, {1}, 10 + shift, {}}, DType::int32};
        Operand src{buf.data(), {{n}, {1}, 10, {}}, DType::int32};
        REQUIRE(copy(dst, src).ok());
        for (int64_t i = 0; i < n; ++i)
          CHECK(buf[static_cast<size_t>(10 + shift + i)] == orig[static_cast<size_t>(10 + i)]);
        CHECK(buf[static_cast<size_t>(10 + shift + n)] ==
              orig[static_cast<size_t>(10 + shift + n)]);
        CHECK(buf[static_cast<size_t>(9 + shift)] == orig[static_cast<size_t>(9 + shift)]);
      }
      // in-place reverse and in-place transpose of a square matrix
      std::vector<float> m(static_cast<size_t>(n * n));
      for (size_t i = 0; i < m.size(); ++i) m[i] = static_cast<float>(i);
      const std::vector<float> om = m;
      REQUIRE(copy({m.data(), {{n, n}, {n, 1}, 0, {}}, DType::float32},
                   {m.data(), {{n, n}, {1, n}, 0, {}}, DType::float32})
                  .ok());
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
          CHECK(m[static_cast<size_t>(i * n + j)] == om[static_cast<size_t>(j * n + i)]);
      REQUIRE(copy({m.data(), {{n * n}, {1}, 0, {}}, DType::float32},
                   {m.data(), {{n * n}, {-1}, n * n - 1, {}}, DType::float32})
                  .ok());
      for (int64_t i = 0; i < n * n; ++i)
        CHECK(m[static_cast<size_t>(i)] ==
              om[static_cast<size_t>(((n * n - 1 - i) % n) * n + (n * n - 1 - i) / n)]);
    }
    // Same memory, different dtype of the same size: elementwise in place.
    std::vector<int32_t> v = {1, -2, 3, 1 << 30};
    REQUIRE(copy({v.data(), {{4}, {1}, 0, {}}, DType::float32},
                 {v.data(), {{4}, {1}, 0, {}}, DType::int32})
                .ok());
    float f[4];
    std::memcpy(f, v.data(), sizeof f);
    CHECK(f[0] == 1.0f);
    CHECK(f[1] == -2.0f);
    CHECK(f[3] == 1073741824.0f);
  }
}

TEST_CASE("copy: errors name the op and the numbers", "[kernels]") {
  float a[12] = {};
  float b[12] = {};
  auto op = [](float* p, Dims shape, Dims strides, Mask mask = {}, DType t = DType::float32) {
    return Operand{p, {std::move(shape), std::move(strides), 0, std::move(mask)}, t};
  };
  auto s = copy(op(a, {3, 4}, {4, 1}), op(b, {4, 3}, {3, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::shape_mismatch);
  CHECK_THAT(s.error().message,
             Catch::StartsWith("copy: dst has shape [3,4] but src has shape [4,3]"));
  s = copy(op(a, {3, 4}, {0, 1}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::read_only);
  CHECK_THAT(s.error().message, Catch::Contains("stride 0 on dim 0 of size 3"));
  s = copy(op(a, {3, 4}, {4, 1}, {{0, 2}, {0, 4}}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::read_only);
  CHECK_THAT(s.error().message, Catch::Contains("masked"));
  s = copy(op(a, {3, 4}, {4, 1}), op(b, {3, 4}, {4, 1}, {}, static_cast<DType>(42)));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  CHECK_THAT(s.error().message, Catch::Contains("src has invalid dtype 42"));
  s = copy(op(a, {3, 4}, {4}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::rank_mismatch);
  s = copy(op(a, {3, 4}, {4, 1}), op(b, {3, 4}, {4, 1}, {{0, 5}, {0, 4}}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::out_of_range);
  s = copy(op(nullptr, {3, 4}, {4, 1}), op(b, {3, 4}, {4, 1}));
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::invalid_argument);
  // Size-1 and size-0 dims with stride 0 are fine; nothing is written for zero elements.
  CHECK(copy(op(a, {1, 4}, {0, 1}), op(b, {1, 4}, {4, 1})).ok());
  CHECK(copy(op(nullptr, {0, 4}, {0, 0}), op(nullptr, {0, 4}, {4, 1})).ok());
}

TEST_CASE("copy: bool to bool reads any nonzero byte as 1, strided, through the direct loop", "[kernels]") {
  const uint8_t src[8] = {0, 1, 2, 255, 0, 128, 1, 7};
  uint8_t dst[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  namespace detail = sv::kernels::detail;
  const detail::Caster c = detail::make_caster(DType::bool_, DType::bool_);
  CHECK(c.direct != nullptr);
  detail::cast_row(c, dst, 1, src, 1, 8);
  CHECK(std::vector<uint8_t>(dst, dst + 8) == std::vector<uint8_t>{0, 1, 1, 1, 0, 1, 1, 1});
  detail::cast_row(c, dst, 2, src + 7, -1, 4);  // reversed source, every other destination byte
  CHECK(std::vector<uint8_t>(dst, dst + 8) == std::vector<uint8_t>{1, 1, 1, 1, 1, 1, 0, 1});
}
