// copy() of a transposed 4-byte source whose rows are over 1 KiB apart: the fused register-tile
// loop (256 x 16-element cache blocks, lanes unchanged) with ragged rows and columns, flipped
// sources, a destination with a row gap, and more than one cache block in both directions; each
// against the naive reference of test_kernels_util.hpp.
#include "test_kernels_util.hpp"

using namespace kt;

TEST_CASE("copy: transposes of 4-byte elements with source rows over 1 KiB apart",
          "[kernels][transpose]") {
  std::mt19937_64 rng(7);
  const std::pair<int64_t, int64_t> shapes[] = {
      {257, 5}, {300, 17}, {513, 33}, {260, 3}, {1030, 21}, {258, 64}};
  for (DType t : {DType::float32, DType::int32, DType::uint32}) {
    for (const auto& [r, c] : shapes) {
      // src is a [c, r] contiguous array read transposed as [r, c]: source rows r * 4 bytes apart
      const Arr src = make_arr(make_view({r, c}, 0, {1, r}), t, rng, 0);
      run_copy(src, make_arr(contiguous_view({r, c}), t, rng, 0), 0.0);
      // flipped rows of the transposed source (negative row stride), into a gapped destination
      const Arr fsrc = make_arr(make_view({r, c}, (c - 1) * r, {1, -r}), t, rng, 1);
      run_copy(fsrc, make_arr(make_view({r, c}, 0, {c + 3, 1}), t, rng, 2), 0.0);
      // a misaligned source start (one element in) and an odd destination offset
      const Arr osrc = make_arr(make_view({r, c}, 1, {1, r + 1}), t, rng, 3);
      run_copy(osrc, make_arr(make_view({r, c}, 1, {c + 1, 1}), t, rng, 1), 0.0);
    }
  }
}
