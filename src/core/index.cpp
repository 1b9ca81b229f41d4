#include "core/index.hpp"

namespace sv {

const char* code_name(Code c) {
  switch (c) {
    case Code::ok: return "ok";
    case Code::invalid_argument: return "invalid_argument";
    case Code::rank_mismatch: return "rank_mismatch";
    case Code::out_of_range: return "out_of_range";
    case Code::shape_mismatch: return "shape_mismatch";
    case Code::overflow: return "overflow";
    case Code::unbound: return "unbound";
    case Code::not_expressible: return "not_expressible";
    case Code::out_of_bounds: return "out_of_bounds";
    case Code::read_only: return "read_only";
    case Code::out_of_memory: return "out_of_memory";
    case Code::disposed: return "disposed";
    case Code::type_error: return "type_error";
  }
  return "unknown";
}

std::optional<int64_t> checked_add_wide(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r) || !is_safe(r)) return std::nullopt;
  return r;
}

std::optional<int64_t> checked_mul_wide(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || !is_safe(r)) return std::nullopt;
  return r;
}

std::string dims_to_string(std::span<const int64_t> d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(d[i]);
  }
  return s + "]";
}

namespace {
template <class R>
std::string ranges_to_string(std::span<const R> m) {
  std::string s = "[";
  for (size_t i = 0; i < m.size(); ++i) {
    if (i) s += ',';
    s += "(" + std::to_string(m[i].first) + "," + std::to_string(m[i].second) + ")";
  }
  return s + "]";
}
}  // namespace

std::string mask_to_string(std::span<const Range> m) { return ranges_to_string(m); }
std::string mask_to_string(std::span<const FlatRange> m) { return ranges_to_string(m); }

}  // namespace sv
