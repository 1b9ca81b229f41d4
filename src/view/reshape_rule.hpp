// The reshape-without-copy rule, in one place: when can one strided view read the same elements in
// a new shape, which input dims merge or split into which output dims, and, when no view fits,
// which adjacent pair of input dims breaks the merge rule stride[i] == stride[i+1] * shape[i+1].
//
// View::reshape, the concrete fast path (flat::reshape) and explain_reshape all call
// reshape_strides_to; explain_reshape adds what a reader needs to understand the decision (masks,
// symbolic dims, a sentence with the numbers). Nothing here allocates element storage.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "shape/symbolic.hpp"

namespace sv {

class View;

// Input dims [in_first, in_last) hold the same elements, in C order, as output dims
// [out_first, out_last). The groups of one reshape partition both axis lists in order; size-1
// dims join a neighbouring group (leading ones the next group, trailing ones the last group).
struct ReshapeGroup {
  int in_first = 0, in_last = 0, out_first = 0, out_last = 0;
  bool operator==(const ReshapeGroup&) const = default;
};

// The adjacent input dims (axis0, axis1) of one group (adjacent once size-1 dims are ignored)
// that cannot merge: stride0 != stride1 * shape1 (= expected, nullopt when that overflows).
struct ReshapeBlock {
  int axis0 = 0, axis1 = 0;
  int64_t shape0 = 0, shape1 = 0, stride0 = 0, stride1 = 0;
  std::optional<int64_t> expected;
  bool operator==(const ReshapeBlock&) const = default;
};

// What reshape_strides_to found, for readers (filled only when asked for).
struct ReshapeTrace {
  std::vector<ReshapeGroup> groups;
  std::optional<ReshapeBlock> blocking;  // the first pair breaking the rule, in axis order
};

// NumPy's _attempt_nocopy_reshape, extended: zero strides merge like any other (0 == n * 0), and
// size-1 dims of the result get the stride a C-contiguous layout would give them, so a contiguous
// input stays recognisably contiguous. Requires equal, non-zero element counts.
// Writes new_shape.size() strides to `out` and returns true when one strided view fits; false
// when none does (or a rank exceeds kMaxRank, or a stride would overflow). Without `trace`
// nothing is allocated (the per-op fast path); with it, every group is walked (even after a
// failure) and recorded, and the first blocking pair is kept.
bool reshape_strides_to(std::span<const int64_t> old_shape, std::span<const int64_t> old_strides,
                        std::span<const int64_t> new_shape, int64_t* out,
                        ReshapeTrace* trace = nullptr);

// The same, returning the strides or nullopt when no single strided view can express the result.
std::optional<Dims> reshape_strides(const Dims& old_shape, const Dims& old_strides,
                                    const Dims& new_shape);

// The rule as one analysis of (old_shape, old_strides, new_shape) with equal element counts.
// Zero-size shapes: always a view (C-contiguous strides), one group over every axis.
struct ReshapeAnalysis {
  bool view = false;
  std::vector<ReshapeGroup> groups;
  Dims strides;                          // of the result, when view
  std::optional<ReshapeBlock> blocking;  // when !view because two dims cannot merge
};
ReshapeAnalysis analyse_reshape(std::span<const int64_t> old_shape,
                                std::span<const int64_t> old_strides,
                                std::span<const int64_t> new_shape);

// The mask of `new_shape` holding exactly the positions valid under `mask` in `old_shape`, if that
// set is a box. Every range of `mask` is non-empty and numel > 0. On failure, `failed` (if given)
// receives the group whose valid cells do not map to a box.
std::optional<Mask> reshape_mask(const Dims& old_shape, const Mask& mask, const Dims& new_shape,
                                 ReshapeGroup* failed = nullptr);

// Why a reshape of `v` to `new_shape` (one -1 allowed) is or is not a view, consistent with
// View::reshape's decision. Errors are View::reshape's for targets that are no reshape at all
// (element counts differ, negative dims, more than one -1, rank too large).
struct ReshapeExplanation {
  bool view = false;
  sym::Shape target;                     // new_shape with -1 resolved
  std::vector<ReshapeGroup> groups;      // over symbolic dims too (equal products)
  std::optional<Dims> strides;           // of the result, when it is a view with concrete strides
  std::optional<ReshapeBlock> blocking;  // (masked views: over the valid box's sizes)
  std::optional<ReshapeGroup> mask_blocking;  // the group whose valid cells are not one box
  std::string text;                      // one or two sentences with the numbers
};
Result<ReshapeExplanation> explain_reshape(const View& v, const sym::Shape& new_shape);
Result<ReshapeExplanation> explain_reshape(const View& v, std::span<const int64_t> new_shape);

// The mask of new_shape holding exactly the positions valid under `mask` in old_shape (every range
// non-empty, numel > 0), if that set is a box: the reshape rule for masked concrete layouts
// (heap-free; reshape_mask is the same rule on Dims/Mask).
std::optional<LayoutMask> reshape_valid_box(std::span<const int64_t> old_shape,
                                            std::span<const FlatRange> mask,
                                            std::span<const int64_t> new_shape);

}  // namespace sv
