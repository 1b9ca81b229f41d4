// Transposed operands large enough for the staged tiles (rows.hpp tiles::walk, at least 4 KiB of
// output per 2-D block): casts, unary and binary ops reading a transposed (or permuted) operand, at
// sizes around the band edges (128 bytes of source run per band, whole output rows up to 4096
// elements or 512 KiB of staged band), with padded (odd) and negative strides, offsets and
// misalignment; every element against the scalar reference (kernels/scalar/ops.hpp) and every
// guard byte unchanged, SIMD on and off.
#include <algorithm>

#include "kernels/scalar/ops.hpp"
#include "test_kernels_util.hpp"
#include "transpose_checks.hpp"

using namespace kt;

namespace {

// Band rows for staged elements of e bytes, and band columns when `staged` operands of that size
// share the 512 KiB stage (tiles::kSrcBytes, kStageBytes, kMaxCols).
int64_t band_rows(int64_t e) { return 128 / e; }
int64_t band_cols(int64_t e, int64_t staged) {
  return std::min<int64_t>(4096, 512 * 1024 / (band_rows(e) * e * staged));
}

// [r, c] shapes around the band edges for staged elements of e bytes: one more row than a band
// with one more column than a band (a ragged last band both ways), two bands and three rows, and
// one row short of a band; each block far above the 4 KiB threshold.
std::vector<std::pair<int64_t, int64_t>> edge_shapes(int64_t e, int64_t staged = 1) {
  const int64_t tr = band_rows(e), tc = band_cols(e, staged);
  return {{tr + 1, tc + 1}, {2 * tr + 3, 301}, {tr - 1, 203}};
}

// The transposed source views of an [r, c] operand: plain (an [c, r] array read transposed), with
// padded source rows (odd row stride r + 3) and an offset, and flipped along the inner dim
// (negative stride).
// Full-width bands (c > 1024, several MB checked element by element) get the plain and the
// flipped view only (the odd stride and offset are covered by the narrower shapes), to keep the
// sanitizer build's run short.
std::vector<View> transposed_views(int64_t r, int64_t c) {
  if (c > 1024) return {make_view({r, c}, 0, {1, r}), make_view({r, c}, (c - 1) * r, {1, -r})};
  return {make_view({r, c}, 0, {1, r}), make_view({r, c}, 5, {1, r + 3}),
          make_view({r, c}, (c - 1) * (r + 1), {1, -(r + 1)})};
}

void run_add(const Arr& a, const Arr& b, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO(a.describe("a") << "\n" << b.describe("b") << "\n" << out.describe("out") << "\nsimd "
                         << simd);
    Status s = binary(BinaryOp::add, out.op(), a.op(), b.op());
    if (!s.ok()) FAIL("binary failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (!is_bool_v<T>) {
        err = check_dst<T>(out, before, [&](const Dims& idx) {
          return scalar::binary_op<BinaryOp::add, T>(a.get<T>(idx), b.get<T>(idx));
        });
      }
    });
    CHECK(err == "");
  }
}

}  // namespace

TEST_CASE("transpose: casts of a transposed operand around the band edges", "[kernels][transpose]") {
  std::mt19937_64 rng(2024);
  const std::pair<DType, DType> pairs[] = {
      {DType::float64, DType::float32}, {DType::float32, DType::float64},
      {DType::int32, DType::float32},   {DType::float32, DType::uint8},
      {DType::int16, DType::int64},     {DType::uint8, DType::int16},
      {DType::bool_, DType::float32},   {DType::float64, DType::int8}};
  for (const auto& [dt, st] : pairs) {
    const int64_t e = static_cast<int64_t>(dtype_size(st));
    for (const auto& [r, c] : edge_shapes(e)) {
      for (const View& v : transposed_views(r, c)) {
        const Arr src = make_arr(v, st, rng, static_cast<int>(rng() % 4));
        const Arr dst = make_arr(contiguous_view({r, c}), dt, rng, static_cast<int>(rng() % 4));
        run_copy(src, dst, 0.0);
      }
    }
  }
}

TEST_CASE("transpose: unary ops on a transposed operand, every element width",
          "[kernels][transpose]") {
  std::mt19937_64 rng(77);
  for (DType t : {DType::uint8, DType::int16, DType::int32, DType::float32, DType::float64,
                  DType::int64}) {
    const int64_t e = static_cast<int64_t>(dtype_size(t));
    for (const auto& [r, c] : edge_shapes(e)) {
      for (const View& v : transposed_views(r, c)) {
        const Arr a = make_arr(v, t, rng, static_cast<int>(rng() % 4));
        // a destination with a row gap (odd row stride) as well as a contiguous one
        const Arr out = make_arr(make_view({r, c}, 3, {c + 1, 1}), t, rng, 1);
        if (t == DType::float32 || t == DType::float64) {
          run_unary<UnaryOp::sqrt>(a, out);
        } else {
          run_unary<UnaryOp::neg>(a, out);
        }
        run_unary<UnaryOp::abs>(a, make_arr(contiguous_view({r, c}), t, rng, 2));
      }
    }
  }
}

TEST_CASE("transpose: add with one or two transposed operands and a broadcast row",
          "[kernels][transpose]") {
  std::mt19937_64 rng(31337);
  for (DType t : {DType::uint8, DType::int16, DType::float32, DType::float64}) {
    const int64_t e = static_cast<int64_t>(dtype_size(t));
    std::vector<std::pair<int64_t, int64_t>> shapes = edge_shapes(e, 1);
    shapes.push_back(edge_shapes(e, 2)[0]);  // the band edge when two inputs share the stage
    for (const auto& [r, c] : shapes) {
      const std::vector<View> tv = transposed_views(r, c);
      const Arr plain = make_arr(contiguous_view({r, c}), t, rng, 1);
      const Arr row = make_arr(make_view({r, c}, 0, {0, 1}), t, rng, 0);
      const Arr out = make_arr(contiguous_view({r, c}), t, rng, 3);
      const Arr t0 = make_arr(tv[0], t, rng, 2);
      const Arr t1 = make_arr(tv[1], t, rng, 0);
      const Arr t2 = make_arr(tv.back(), t, rng, 3);
      run_add(plain, t0, out);
      run_add(t1, plain, out);
      run_add(t0, t2, out);
      run_add(t2, row, out);
    }
  }
}

TEST_CASE("transpose: 3-D permutes (0,2,1) and (2,0,1) through the staged tiles",
          "[kernels][transpose]") {
  std::mt19937_64 rng(5);
  for (DType t : {DType::float32, DType::float64, DType::int16}) {
    const Dims shape = {3, 37, 301};
    View base = contiguous_view(shape);
    for (const std::vector<int>& perm : {std::vector<int>{0, 2, 1}, std::vector<int>{2, 0, 1}}) {
      auto pv = base.permute(perm);
      REQUIRE(pv.ok());
      const Dims pshape = {shape[perm[0]], shape[perm[1]], shape[perm[2]]};
      const Arr a = make_arr(*pv, t, rng, 1);
      run_unary<UnaryOp::abs>(a, make_arr(contiguous_view(pshape), t, rng, 0));
      run_copy(a, make_arr(contiguous_view(pshape), DType::float64, rng, 2), 0.0);
      run_add(a, make_arr(contiguous_view(pshape), t, rng, 3),
              make_arr(contiguous_view(pshape), t, rng, 0));
    }
  }
}
