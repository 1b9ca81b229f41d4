// NumPy take along one axis (a[..., idx, ...] with a list or a bool mask): the index rule
// (negative from the end, bounds), the result's allocation and the gather loops. Large slabs (the
// elements one index selects, 1024 or more) are one planned copy each; smaller ones (a row of a few
// elements, or single elements as in a[mask]) are moved by one element loop over the whole result,
// so a gather of n elements costs O(n), not n kernel calls.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "array/kernel_call.hpp"

namespace sv::array {

// Normalises request indices along `axis` (size len) in place; an error naming take when one is
// out of bounds.
Status take_indices(std::span<int64_t> idx, int64_t axis, int64_t len);
// The positions where a 1-D bool array is true (masked-out elements are false).
void true_positions(const Array& mask, std::vector<int64_t>& out);
// dst = a new C-contiguous array of src's dtype and shape with `axis` set to n.
Status alloc_take_result(const Array& src, int axis, int64_t n, Array& dst);
// dst[..., k, ...] = src[..., idx[k], ...] (dst: src's shape with `axis` of idx.size(), same
// dtype; idx normalised); masked-out source elements read as `fill`.
Status take(const Array& dst, const Array& src, double fill, int axis,
            std::span<const int64_t> idx);

}  // namespace sv::array
