// FlatView: the allocation-free twin of View for fully concrete views (static shape, integer
// strides), used by the binding's fast path for metadata-only ops.
//
// Contract: every function here mirrors the View operation of the same name on the same inputs and
// returns true with exactly the View's result (same shape, strides, offset, mask and contiguity), or
// returns false. False means "View would return an Error here, or this case is left to View": the
// caller then runs the general path, which stays the only source of error values. So these
// functions never build error messages, never allocate, and need no rules beyond View's.
// tests/cpp/test_view.cpp checks them against View on random views.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/index.hpp"
#include "view/view.hpp"

namespace sv {

struct FlatView {
  int ndim = 0;
  int64_t offset = 0;
  bool has_mask = false;
  bool contiguous = false;
  // Only the first ndim entries are meaningful (and mask only when has_mask); the arrays are left
  // uninitialised on purpose: zeroing 1 KiB costs more than a movement op.
  int64_t shape[kMaxRank];
  int64_t strides[kMaxRank];
  FlatRange mask[kMaxRank];
};

namespace flat {

// View::create(shape, offset, strides, mask) with `v` holding the raw request: validates and
// normalises in place. `with_strides` false: C-contiguous strides (v.strides is ignored).
bool create(FlatView& v, bool with_strides);

bool permute(const FlatView& v, std::span<const int64_t> axes, FlatView& out);
bool shrink(const FlatView& v, std::span<const FlatRange> bounds, FlatView& out);
bool pad(const FlatView& v, std::span<const FlatRange> padding, FlatView& out);
bool flip(const FlatView& v, std::span<const int64_t> flags, FlatView& out);  // flag != 0 flips

// View::reshape to a concrete target (no -1: callers resolve it). Unmasked views only: false for a
// masked view (left to View, which carries masks).
bool reshape(const FlatView& v, std::span<const int64_t> target, FlatView& out);
// View::expand (same rank; only size-1 dims grow).
bool expand(const FlatView& v, std::span<const int64_t> target, FlatView& out);
// NumPy broadcast_to as the binding composes it: reshape with leading size-1 dims, then expand.
bool broadcast_to(const FlatView& v, std::span<const int64_t> target, FlatView& out);
// NumPy a[i0, ..., ik-1] with k <= ndim integer indices (negative count from the end) on an
// unmasked view: the view of the remaining dims (the same as shrinking each indexed dim to
// [i, i+1) and reshaping it away). False for a masked view or an index out of range.
bool index(const FlatView& v, std::span<const int64_t> idx, FlatView& out);
// View::required_span: [lo, hi] of the linear indices of the valid elements; false when there are
// none (an empty or all-invalid view). create() has checked that the span is within +-2^53-1.
bool required_span(const FlatView& v, int64_t& lo, int64_t& hi);

// checked_mul / checked_add for operands already within +-2^53-1: the same results without the
// 128-bit arithmetic __builtin_mul_overflow needs on wasm32.
std::optional<int64_t> mul(int64_t a, int64_t b);
std::optional<int64_t> add(int64_t a, int64_t b);

// Copies the meaningful part of `from` (cheaper than copying the whole struct).
void copy(FlatView& to, const FlatView& from);

// The same view as a View / as a FlatView (false for a symbolic or masked-symbolic view).
View to_view(const FlatView& v);
bool from_view(const View& v, FlatView& out);

}  // namespace flat
}  // namespace sv
