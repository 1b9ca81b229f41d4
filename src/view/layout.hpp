// Layout: the one concrete strided layout (think std::mdspan's layout_stride::mapping, plus an
// offset and an optional mask of valid ranges per dim) and its movement ops.
//
// Every concrete view is a Layout: kernel operands, plan inputs, reduction walkers, gathers and the
// bindings' decoded views. `View` (view.hpp) keeps what symbolic dims need and, for concrete views,
// lowers to a Layout and calls the ops below, so each movement op is written once. A Layout is
// heap-free (inline arrays of at most kMaxRank dims): building, copying and moving one never
// allocates, and the ops allocate only to build an error message (on a cold path).
//
// A Layout returned by the ops here is normalised (see normalise): offset 0 and no mask when it
// has no elements, an all-invalid mask as (0,0) ranges with zero strides, a full mask dropped, and
// every addressable linear index within +-2^53-1, so required_span needs no checks.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/index.hpp"
#include "core/result.hpp"

namespace sv {

struct Layout {
  // Sets the counts, offset and flags only (the arrays stay uninitialised, also for `Layout{}`);
  // inline even at -Oz, where the implicit constructor would be a call.
  [[gnu::always_inline]] Layout() {}
  // The fields in order, as an aggregate would take them (contiguous is left false: normalise
  // sets it).
  Layout(const LayoutDims& shape_, const LayoutDims& strides_, int64_t offset_ = 0,
         const LayoutMask& mask_ = {})
      : shape(shape_), strides(strides_), offset(offset_), mask(mask_) {}

  LayoutDims shape;
  LayoutDims strides;
  int64_t offset = 0;
  LayoutMask mask;          // empty, or one range per dim
  bool contiguous = false;  // C-contiguous: offset 0, no mask, canonical strides (set by normalise)

  int ndim() const { return static_cast<int>(shape.size()); }
  bool has_mask() const { return !mask.empty(); }
  bool is_contiguous() const { return contiguous; }
  // Valid range of dim d: the mask's, or the whole dim.
  FlatRange valid(int d) const { return has_mask() ? mask[d] : FlatRange{0, shape[d]}; }
  // Element count (0 when a dim is 0); a normalised layout has at most 2^53-1.
  int64_t numel() const;
  // Every element of the required span is addressed exactly once (mdspan's is_exhaustive).
  bool is_exhaustive() const;
};

namespace layout {

// ---- rules (each written once; View, kernels and the bindings call these)

// The C-contiguous layout of `shape` (sizes already checked), offset 0.
Layout contiguous(std::span<const int64_t> shape);

// [lo, hi] of the linear indices of the valid elements; false when there are none (an empty or
// all-invalid layout). Unchecked: for normalised layouts, whose span is within +-2^53-1.
bool required_span(const Layout& l, int64_t& lo, int64_t& hi);
// Whether the layout has a valid element; and required_span for any layout: false when a bound
// leaves +-2^53-1 (call it when has_valid).
bool has_valid(const Layout& l);
bool span_checked(const Layout& l, int64_t& lo, int64_t& hi);

// Mask validity: one range per dim with 0 <= start <= end <= size. The error names `op`.
Status check_mask(const Layout& l, const char* op);

// Normalises `l` (fields set, ranks and ranges already valid; see the header comment) and sets
// `contiguous`. Errors (naming `op`): more than 2^53-1 elements, an address beyond +-2^53-1.
Status normalise(Layout& l, const char* op);

// Sets `contiguous` of a layout that is otherwise normalised, has no zero dim and holds at most
// 2^53-1 elements (its canonical strides cannot overflow): offset 0, no mask, C strides.
void set_contiguous(Layout& l);

// View::create for a concrete view, in place: `l` holds the raw request (shape, offset, strides
// when with_strides, mask when non-empty); validates sizes, offset, strides and the mask, gives C
// strides when !with_strides, and normalises. Ranks must already match (callers compare counts).
Status create(Layout& l, bool with_strides);

// ---- movement ops (errors name the op, as the View method of the same name)
//
// Each writes its result to `out` (which must not be `l`): the per-op path builds no Result<Layout>
// and copies no Layout it does not need. The Result<Layout> overloads below are for callers that
// want a value (View, tests).

Status permute(const Layout& l, std::span<const int64_t> axes, Layout& out);
Status shrink(const Layout& l, std::span<const FlatRange> bounds, Layout& out);
Status pad(const Layout& l, std::span<const FlatRange> padding, Layout& out);
Status flip(const Layout& l, std::span<const int64_t> flags, Layout& out);  // flag != 0 flips
// `target` may hold one -1 (inferred from the element count).
Status reshape(const Layout& l, std::span<const int64_t> target, Layout& out);
Status expand(const Layout& l, std::span<const int64_t> target, Layout& out);
// NumPy broadcast_to: leading size-1 dims, then expand.
Status broadcast_to(const Layout& l, std::span<const int64_t> target, Layout& out);

// NumPy diagonal as a view: removes axis1 and axis2 (negative counts from the end; they must
// differ) and appends the diagonal of the pair as the last dim: element i is (i, i + offset) of
// (axis1, axis2) for offset >= 0, (i - offset, i) otherwise; stride s1 + s2, size
// max(0, min(d1, d2 - offset)) (0 when offset is beyond either dim). A masked layout keeps its
// masks exactly: the diagonal's valid range is where both of its indices are valid. Errors: rank
// < 2 (rank_mismatch), an axis out of range (out_of_range), the same axis twice (invalid_argument).
Status diagonal(const Layout& l, int64_t offset, int64_t axis1, int64_t axis2, Layout& out);
inline Result<Layout> diagonal(const Layout& l, int64_t offset, int64_t axis1, int64_t axis2) {
  Layout out;
  Status st = diagonal(l, offset, axis1, axis2, out);
  if (!st.ok()) return st.error();
  return out;
}

#define SV_LAYOUT_VALUE_OP(name, T)                                      \
  inline Result<Layout> name(const Layout& l, std::span<const T> arg) { \
    Layout out; /* default-initialised: no zeroing of the inline arrays */ \
    Status st = name(l, arg, out);                                       \
    if (!st.ok()) return st.error();                                     \
    return out;                                                          \
  }
SV_LAYOUT_VALUE_OP(permute, int64_t)
SV_LAYOUT_VALUE_OP(shrink, FlatRange)
SV_LAYOUT_VALUE_OP(pad, FlatRange)
SV_LAYOUT_VALUE_OP(flip, int64_t)
SV_LAYOUT_VALUE_OP(reshape, int64_t)
SV_LAYOUT_VALUE_OP(expand, int64_t)
SV_LAYOUT_VALUE_OP(broadcast_to, int64_t)
#undef SV_LAYOUT_VALUE_OP

// Axes checks shared with View (the symbolic path): a permutation of n dims.
Status check_permutation(std::span<const int64_t> axes, int64_t n);

}  // namespace layout
}  // namespace sv
