// Index types and checked 64-bit arithmetic for metadata.
//
// All metadata (sizes, strides, offsets, element counts) is int64 and must stay within
// +-kMaxSafe = 2^53 - 1, so every value is exact as a JavaScript number. Arithmetic that would
// leave that range is an Error with Code::overflow, never wrap-around.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace sv {

using Dims = std::vector<int64_t>;
using Range = std::pair<int64_t, int64_t>;  // half-open [first, second)
using Mask = std::vector<Range>;

inline constexpr int64_t kMaxSafe = (int64_t{1} << 53) - 1;
inline constexpr int kMaxRank = 32;

// Checked helpers: nullopt when the exact result is outside [-kMaxSafe, kMaxSafe].
std::optional<int64_t> checked_add(int64_t a, int64_t b);
std::optional<int64_t> checked_mul(int64_t a, int64_t b);
inline bool is_safe(int64_t v) { return v >= -kMaxSafe && v <= kMaxSafe; }

// "[2,3,4]"; the format of Shape::to_string, reused by every error message.
std::string dims_to_string(std::span<const int64_t> d);
std::string mask_to_string(const Mask& m);

}  // namespace sv
