// NumPy basic indexing on a concrete layout: integer indices (negative count from the end),
// ranges with steps (PySlice_AdjustIndices), ':', newaxis, '...', and the axes a list index will
// gather along. The result is one strided Layout (stepped ranges are strides; a masked input keeps
// the valid part of every range as its mask).
#pragma once

#include <cstdint>
#include <span>

#include "view/layout.hpp"

namespace sv {

struct SliceSpec {
  enum Kind : int8_t { index, range, all, newaxis, list, ellipsis };
  Kind kind = all;
  bool has_start = false, has_stop = false, has_step = false;
  int64_t start = 0, stop = 0, step = 1;  // index: start is the index
};

struct SliceResult {
  Layout view;
  bool invalid_scalar = false;  // a rank-0 result picked from the masked-out region
  int nlist = 0;                // result axes of the list specs, in order
  int64_t list_axes[kMaxRank];
};

// Errors (naming "slice"): a zero step, more than one ellipsis, more indices than dims, an index
// out of bounds, a result of rank above kMaxRank, offsets or strides beyond 2^53-1.
Status slice(const Layout& l, std::span<const SliceSpec> specs, SliceResult& out);

}  // namespace sv
