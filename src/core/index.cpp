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
    case Code::linalg_error: return "linalg_error";
  }
  return "unknown";
}

[[gnu::cold, gnu::noinline, clang::minsize]] Status format_error(
    Code code, const char* op, const char* fmt, std::initializer_list<int64_t> nums,
    std::initializer_list<std::span<const int64_t>> dims, std::initializer_list<const char*> strs) {
  std::string m(op);
  m += ": ";
  auto num = nums.begin();
  auto dim = dims.begin();
  auto str = strs.begin();
  for (const char* c = fmt; *c; ++c) {
    if (*c == '#') m += std::to_string(*num++);
    else if (*c == '@') m += dims_to_string(*dim++);
    else if (*c == '$') m += *str++;
    else m += *c;
  }
  return make_error(code, std::move(m));
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
