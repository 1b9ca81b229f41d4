// The fused transposed maps (simd128/transpose.hpp transposed_tiles: unary ops and casts of a
// transposed operand, the register-tile transpose and the op in one loop, no staging buffer; the
// ragged edges through the op's strided rows), binary ops with one transposed operand (staged a
// band at a time) at every size (blocks under 4 KiB of output take the strided rows instead), around the cache block
// (256 destination rows by 16 columns) and the register tile (4 lanes for 4-byte, 2 for 8-byte
// sources); and the flip of the inner dim, rows reversed four at a time (rows::reverse_rows4).
// Every element against the scalar reference and every guard byte unchanged, SIMD on and off.
#include "kernels/scalar/ops.hpp"
#include "test_kernels_util.hpp"
#include "transpose_checks.hpp"

using namespace kt;

namespace {

// [r, c] shapes: 1xN and Nx1 (no 2-D block), below one register tile, ragged against the tile
// and the 256 x 16 cache block both ways, and one full block plus one row and one column.
const std::pair<int64_t, int64_t> kShapes[] = {{1, 37}, {37, 1},  {3, 3},    {4, 4},
                                               {5, 7},  {8, 16},  {17, 33},  {4, 1000},
                                               {1000, 4}, {257, 17}, {259, 35}};

// The transposed source views of an [r, c] operand: plain, padded source rows (row stride r + 3)
// with an offset, and flipped along the inner dim (negative stride).
std::vector<View> transposed_views(int64_t r, int64_t c) {
  return {make_view({r, c}, 0, {1, r}), make_view({r, c}, 5, {1, r + 3}),
          make_view({r, c}, (c - 1) * (r + 1), {1, -(r + 1)})};
}

}  // namespace

TEST_CASE("transposed map: casts of a transposed operand at every size", "[kernels][transpose]") {
  std::mt19937_64 rng(808);
  // The pairs with a fused loop (float32 <-> float64, int32, uint32) and two without (int16,
  // int8: the staged or strided rows).
  const std::pair<DType, DType> pairs[] = {
      {DType::float64, DType::float32}, {DType::float32, DType::float64},
      {DType::int32, DType::float32},   {DType::uint32, DType::float32},
      {DType::float32, DType::int32},   {DType::float32, DType::uint32},
      {DType::int16, DType::float32},   {DType::float64, DType::int8}};
  for (const auto& [dt, st] : pairs) {
    for (const auto& [r, c] : kShapes) {
      for (const View& v : transposed_views(r, c)) {
        const Arr src = make_arr(v, st, rng, static_cast<int>(rng() % 4));
        const Arr dst = make_arr(contiguous_view({r, c}), dt, rng, static_cast<int>(rng() % 4));
        run_copy(src, dst, 0.0);
        // a destination with a row gap (odd row stride)
        run_copy(src, make_arr(make_view({r, c}, 2, {c + 1, 1}), dt, rng, 1), 0.0);
      }
    }
  }
}

TEST_CASE("transposed map: unary ops of a transposed operand at every size and width",
          "[kernels][transpose]") {
  std::mt19937_64 rng(909);
  for (DType t : {DType::uint8, DType::int16, DType::int32, DType::uint32, DType::float32,
                  DType::float64, DType::int64, DType::uint64}) {
    for (const auto& [r, c] : kShapes) {
      for (const View& v : transposed_views(r, c)) {
        const Arr a = make_arr(v, t, rng, static_cast<int>(rng() % 4));
        const Arr out = make_arr(make_view({r, c}, 3, {c + 1, 1}), t, rng, 1);
        const Arr plain = make_arr(contiguous_view({r, c}), t, rng, 2);
        if (t == DType::float32 || t == DType::float64) run_unary<UnaryOp::sqrt>(a, out);
        run_unary<UnaryOp::neg>(a, plain);
        run_unary<UnaryOp::abs>(a, out);
        if (t == DType::uint8 || t == DType::uint32 || t == DType::uint64) {
          run_unary<UnaryOp::invert>(a, plain);
        }
      }
    }
  }
}

TEST_CASE("transposed map: binary ops with one transposed operand at every size and width",
          "[kernels][transpose]") {
  std::mt19937_64 rng(1717);
  // Every element width the staged bands handle (a fused binary tile loop measured no faster than
  // the staging and was removed; these cases keep the staged path covered).
  for (DType t : {DType::float32, DType::float64, DType::int32, DType::uint32, DType::int16,
                  DType::int64}) {
    const bool is_f = t == DType::float32 || t == DType::float64;
    for (const auto& [r, c] : kShapes) {
      // the other operand: contiguous, padded rows (row stride c + 5) with an offset, and one
      // row broadcast to every row (row stride 0)
      const std::vector<View> others = {contiguous_view({r, c}), make_view({r, c}, 3, {c + 5, 1}),
                                        make_view({r, c}, 1, {0, 1})};
      for (const View& v : transposed_views(r, c)) {
        const Arr x = make_arr(v, t, rng, static_cast<int>(rng() % 4));
        for (const View& w : others) {
          const Arr y = make_arr(w, t, rng, static_cast<int>(rng() % 4));
          const Arr plain = make_arr(contiguous_view({r, c}), t, rng, 1);
          const Arr gapped = make_arr(make_view({r, c}, 2, {c + 1, 1}), t, rng, 3);
          // the transposed operand first and second (sub and div are not symmetric)
          run_binary<BinaryOp::add>(x, y, plain);
          run_binary<BinaryOp::sub>(x, y, gapped);
          run_binary<BinaryOp::sub>(y, x, plain);
          run_binary<BinaryOp::mul>(y, x, gapped);
          if (is_f) {
            run_binary<BinaryOp::div>(x, y, plain);
            run_binary<BinaryOp::div>(y, x, gapped);
          }
        }
      }
    }
  }
}

TEST_CASE("transposed map: a 3-D permute maps each 2-D block", "[kernels][transpose]") {
  std::mt19937_64 rng(11);
  const Dims shape = {3, 9, 21};
  const View base = contiguous_view(shape);
  for (const std::vector<int>& perm : {std::vector<int>{0, 2, 1}, std::vector<int>{2, 0, 1}}) {
    auto pv = base.permute(perm);
    REQUIRE(pv.ok());
    const Dims pshape = {shape[perm[0]], shape[perm[1]], shape[perm[2]]};
    const Arr a = make_arr(*pv, DType::float32, rng, 1);
    run_unary<UnaryOp::sqrt>(a, make_arr(contiguous_view(pshape), DType::float32, rng, 0));
    run_copy(a, make_arr(contiguous_view(pshape), DType::float64, rng, 2), 0.0);
    const Arr b = make_arr(contiguous_view(pshape), DType::float32, rng, 1);
    run_binary<BinaryOp::sub>(a, b, make_arr(contiguous_view(pshape), DType::float32, rng, 3));
  }
}

TEST_CASE("flip: rows reversed four at a time, every width, ragged rows and row counts",
          "[kernels][copy]") {
  std::mt19937_64 rng(4242);
  for (DType t : {DType::uint8, DType::int16, DType::float32, DType::float64}) {
    for (int64_t r : {1, 3, 4, 5, 9}) {
      for (int64_t c : {15, 16, 17, 64, 301}) {
        // the source read flipped along the inner dim: plain rows, and padded rows (row stride
        // c + 3) with an offset
        const View plain = make_view({r, c}, c - 1, {c, -1});
        const View padded = make_view({r, c}, 4 + c - 1, {c + 3, -1});
        for (const View& v : {plain, padded}) {
          const Arr src = make_arr(v, t, rng, static_cast<int>(rng() % 4));
          run_copy(src, make_arr(contiguous_view({r, c}), t, rng, static_cast<int>(rng() % 4)),
                   0.0);
          run_copy(src, make_arr(make_view({r, c}, 1, {c + 2, 1}), t, rng, 0), 0.0);
        }
      }
    }
    // both dims flipped, 3-D
    const Dims s3 = {3, 5, 40};
    const Arr src = make_arr(make_view(s3, 3 * 5 * 40 - 1, {-200, -40, -1}), t, rng, 1);
    run_copy(src, make_arr(contiguous_view(s3), t, rng, 2), 0.0);
  }
}
