// Concrete shapes (the spec's Shape module): plain int64 dimension sizes in row-major order.
#pragma once

#include <algorithm>
#include <span>
#include <string>

#include "core/index.hpp"

namespace sv::shape {

// Product of the dims; 1 for a scalar. Errors on a negative dim or a product beyond 2^53-1.
Result<int64_t> numel(std::span<const int64_t> shape);

// Row-major strides with the zero-size rule: s[last] = size ? 1 : 0,
// s[i] = shape[i] == 0 ? 0 : s[i+1] * max(1, shape[i+1]).
Result<Dims> c_contiguous_strides(std::span<const int64_t> shape);
// The same rule without the heap, for sizes already checked (0 <= size <= 2^53-1): writes
// shape.size() strides to `out`; returns -1, or the dim whose stride exceeds 2^53-1 (then
// c_strides_error(shape, dim) is c_contiguous_strides' error).
// Inline: it runs on every movement op of a concrete view (layout::create, normalise).
inline int c_strides_into(std::span<const int64_t> shape, int64_t* s) {
  const size_t n = shape.size();
  if (n == 0) return -1;
  s[n - 1] = shape[n - 1] == 0 ? 0 : 1;
  for (size_t i = n - 1; i-- > 0;) {
    if (shape[i] == 0) {
      s[i] = 0;
      continue;
    }
    auto m = checked_mul(s[i + 1], std::max<int64_t>(1, shape[i + 1]));
    if (!m) return static_cast<int>(i);
    s[i] = *m;
  }
  // Zero-size rule: every dim at or left of a zero-size dim has stride 0.
  for (size_t i = n; i-- > 0;) {
    if (shape[i] == 0) {
      for (size_t j = 0; j <= i; ++j) s[j] = 0;
      break;
    }
  }
  return -1;
}
Error c_strides_error(std::span<const int64_t> shape, int dim);

// sum(indices[i] * strides[i]); no bounds check (as the spec says), but a rank check and an
// overflow check.
Result<int64_t> ravel_index(std::span<const int64_t> indices, std::span<const int64_t> strides);

// Multi-index of k in a C-contiguous layout of shape. Scalar: only k = 0 (returns []).
// Zero-size shape: only k = 0 (returns all zeros). Otherwise 0 <= k < numel.
Result<Dims> unravel_index(int64_t k, std::span<const int64_t> shape);
Status unravel_index_into(int64_t k, std::span<const int64_t> shape, std::span<int64_t> dst);

// Resolves a single -1 in spec from numel(current).
Result<Dims> resolve_neg_one(std::span<const int64_t> current, std::span<const int64_t> spec);

// NumPy broadcasting: right-aligned, each pair equal or one of them 1.
Result<Dims> broadcast(std::span<const int64_t> a, std::span<const int64_t> b);
// NumPy broadcast_shapes: every shape broadcast together, left to right (no shapes: []).
Result<Dims> broadcast_shapes(std::span<const Dims> shapes);
// The same rule without the heap (sizes already checked): writes max(a.size(), b.size()) sizes to
// `out` (which may alias a or b when it is the longer one); returns -1, or the output dim where the
// sizes differ and neither is 1.
int broadcast_into(std::span<const int64_t> a, std::span<const int64_t> b, int64_t* out);
// Whether `from` broadcasts to `to` (NumPy broadcast_to: right-aligned, each size equal or 1).
bool broadcasts_to(std::span<const int64_t> from, std::span<const int64_t> to);

// Maps an index of the broadcast (target) shape to the index in source_shape (right-aligned,
// size-1 source dims map to 0). Errors when target_idx has lower rank than source_shape.
Result<Dims> broadcast_index(std::span<const int64_t> target_idx,
                             std::span<const int64_t> source_shape);
Status broadcast_index_into(std::span<const int64_t> target_idx,
                            std::span<const int64_t> source_shape, std::span<int64_t> dst);

std::string to_string(std::span<const int64_t> shape);

}  // namespace sv::shape
