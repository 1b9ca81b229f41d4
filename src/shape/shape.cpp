#include "shape/shape.hpp"

#include <algorithm>

namespace sv::shape {
namespace {

// Sizes must be non-negative and, like all metadata, at most 2^53-1 (even next to a zero).
Status check_dims(const char* op, std::span<const int64_t> shape) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {
      return make_error(Code::invalid_argument, std::string(op) + ": dim " + std::to_string(i) +
                                                    " of shape " + dims_to_string(shape) +
                                                    " is negative (" + std::to_string(shape[i]) + ")");
    }
    if (shape[i] > kMaxSafe) {
      return make_error(Code::overflow, std::string(op) + ": dim " + std::to_string(i) +
                                            " of shape " + dims_to_string(shape) + " is " +
                                            std::to_string(shape[i]) + ", beyond 2^53-1");
    }
  }
  return ok_status();
}

// Errors of a helper, renamed for the public op that called it: "op: <helper's message>".
Error named(const char* op, Error e) {
  const std::string prefix = std::string(op) + ": ";
  if (e.message.compare(0, prefix.size(), prefix) != 0) e.message = prefix + e.message;
  return e;
}

Status unravel_impl(const char* op, int64_t k, std::span<const int64_t> shape,
                    std::span<int64_t> dst) {
  auto nr = numel(shape);
  if (!nr.ok()) return named(op, nr.error());
  const int64_t n = *nr;
  const bool ok = (n == 0 || shape.empty()) ? k == 0 : (k >= 0 && k < n);
  if (!ok) {
    std::string range = (n == 0 || shape.empty()) ? "only 0 is allowed"
                                                   : "valid range is [0, " + std::to_string(n) + ")";
    return make_error(Code::out_of_range, std::string(op) + ": index " + std::to_string(k) +
                                              " is out of bounds for shape " +
                                              dims_to_string(shape) + " (" + range + ")");
  }
  if (n == 0) {
    std::fill(dst.begin(), dst.end(), 0);
    return ok_status();
  }
  for (size_t i = shape.size(); i-- > 0;) {
    dst[i] = k % shape[i];
    k /= shape[i];
  }
  return ok_status();
}

Status broadcast_index_impl(const char* op, std::span<const int64_t> target_idx,
                            std::span<const int64_t> source_shape, std::span<int64_t> dst) {
  if (target_idx.size() < source_shape.size()) {
    return make_error(Code::rank_mismatch,
                      std::string(op) + ": target index " + dims_to_string(target_idx) +
                          " has lower rank than source shape " + dims_to_string(source_shape));
  }
  const size_t lead = target_idx.size() - source_shape.size();
  for (size_t i = 0; i < source_shape.size(); ++i) {
    dst[i] = source_shape[i] == 1 ? 0 : target_idx[lead + i];
  }
  return ok_status();
}

}  // namespace

Result<int64_t> numel(std::span<const int64_t> shape) {
  SV_CHECK(check_dims("numel", shape));
  int64_t n = 1;
  bool zero = std::find(shape.begin(), shape.end(), 0) != shape.end();
  if (zero) return int64_t{0};
  for (int64_t d : shape) {
    auto m = checked_mul(n, d);
    if (!m) {
      return make_error(Code::overflow, "numel: element count of shape " + dims_to_string(shape) +
                                            " exceeds 2^53-1");
    }
    n = *m;
  }
  return n;
}

[[gnu::cold]] Error c_strides_error(std::span<const int64_t> shape, int dim) {
  return make_error(Code::overflow, "c_contiguous_strides: stride of dim " + std::to_string(dim) +
                                        " of shape " + dims_to_string(shape) + " exceeds 2^53-1");
}

Result<Dims> c_contiguous_strides(std::span<const int64_t> shape) {
  SV_CHECK(check_dims("c_contiguous_strides", shape));
  Dims s(shape.size(), 0);
  const int bad = c_strides_into(shape, s.data());
  if (bad >= 0) return c_strides_error(shape, bad);
  return s;
}

Result<int64_t> ravel_index(std::span<const int64_t> indices, std::span<const int64_t> strides) {
  if (indices.size() != strides.size()) {
    return make_error(Code::rank_mismatch, "ravel_index: " + std::to_string(indices.size()) +
                                               " indices for " + std::to_string(strides.size()) +
                                               " strides");
  }
  int64_t acc = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    auto p = checked_mul(indices[i], strides[i]);
    auto a = p ? checked_add(acc, *p) : std::nullopt;
    if (!a) {
      return make_error(Code::overflow, "ravel_index: index " + dims_to_string(indices) +
                                            " with strides " + dims_to_string(strides) +
                                            " overflows 2^53-1");
    }
    acc = *a;
  }
  return acc;
}

Status unravel_index_into(int64_t k, std::span<const int64_t> shape, std::span<int64_t> dst) {
  if (dst.size() != shape.size()) {
    return make_error(Code::rank_mismatch, "unravel_index_into: destination has length " +
                                               std::to_string(dst.size()) + " for shape " +
                                               dims_to_string(shape));
  }
  return unravel_impl("unravel_index_into", k, shape, dst);
}

Result<Dims> unravel_index(int64_t k, std::span<const int64_t> shape) {
  Dims out(shape.size());
  SV_CHECK(unravel_impl("unravel_index", k, shape, out));
  return out;
}

Result<Dims> resolve_neg_one(std::span<const int64_t> current, std::span<const int64_t> spec) {
  auto total_r = numel(current);
  if (!total_r.ok()) return named("resolve_neg_one", total_r.error());
  const int64_t total = *total_r;
  int neg = -1;
  int64_t known = 1;
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] == -1) {
      if (neg >= 0) {
        return make_error(Code::invalid_argument, "resolve_neg_one: spec " + dims_to_string(spec) +
                                                      " has more than one -1 (at " +
                                                      std::to_string(neg) + " and " +
                                                      std::to_string(i) + ")");
      }
      neg = static_cast<int>(i);
      continue;
    }
    if (spec[i] < 0) {
      return make_error(Code::invalid_argument, "resolve_neg_one: dim " + std::to_string(i) +
                                                    " of spec " + dims_to_string(spec) +
                                                    " is negative (only -1 may be inferred)");
    }
    if (spec[i] > kMaxSafe) {  // even next to a zero: every size is at most 2^53-1
      return make_error(Code::overflow, "resolve_neg_one: dim " + std::to_string(i) + " of spec " +
                                            dims_to_string(spec) + " is " +
                                            std::to_string(spec[i]) + ", beyond 2^53-1");
    }
    auto m = checked_mul(known, spec[i]);
    if (!m) {
      return make_error(Code::overflow, "resolve_neg_one: product of spec " +
                                            dims_to_string(spec) + " exceeds 2^53-1");
    }
    known = *m;
  }
  Dims out(spec.begin(), spec.end());
  if (neg < 0) return out;
  if (known == 0) {
    if (total != 0) {
      return make_error(Code::shape_mismatch,
                        "resolve_neg_one: cannot infer -1 in " + dims_to_string(spec) +
                            ": the other dims multiply to 0 but shape " + dims_to_string(current) +
                            " has " + std::to_string(total) + " elements");
    }
    out[neg] = 0;
    return out;
  }
  if (total % known != 0) {
    return make_error(Code::shape_mismatch, "resolve_neg_one: cannot reshape " +
                                                std::to_string(total) + " elements of shape " +
                                                dims_to_string(current) + " into " +
                                                dims_to_string(spec) + " (" +
                                                std::to_string(total) + " is not a multiple of " +
                                                std::to_string(known) + ")");
  }
  out[neg] = total / known;
  return out;
}

int broadcast_into(std::span<const int64_t> a, std::span<const int64_t> b, int64_t* out) {
  const size_t n = std::max(a.size(), b.size());
  // From the right, so that `out` may alias the longer input.
  for (size_t k = 1; k <= n; ++k) {
    const int64_t da = k <= a.size() ? a[a.size() - k] : 1;
    const int64_t db = k <= b.size() ? b[b.size() - k] : 1;
    if (da != db && da != 1 && db != 1) return static_cast<int>(n - k);
    out[n - k] = da == 1 ? db : da;
  }
  return -1;
}

bool broadcasts_to(std::span<const int64_t> from, std::span<const int64_t> to) {
  if (from.size() > to.size()) return false;
  for (size_t k = 1; k <= from.size(); ++k) {
    const int64_t a = from[from.size() - k];
    if (a != 1 && a != to[to.size() - k]) return false;
  }
  return true;
}

Result<Dims> broadcast(std::span<const int64_t> a, std::span<const int64_t> b) {
  SV_CHECK(check_dims("broadcast", a));
  SV_CHECK(check_dims("broadcast", b));
  const size_t n = std::max(a.size(), b.size());
  Dims out(n);
  const int i = broadcast_into(a, b, out.data());
  if (i >= 0) {
    // i counts output positions from the left; both inputs are aligned to the right.
    const size_t k = n - static_cast<size_t>(i);
    const int64_t da = k <= a.size() ? a[a.size() - k] : 1;
    const int64_t db = k <= b.size() ? b[b.size() - k] : 1;
    return make_error(Code::shape_mismatch,
                      "broadcast: shapes " + dims_to_string(a) + " and " + dims_to_string(b) +
                          " are incompatible at output dim " + std::to_string(i) + " (" +
                          std::to_string(da) + " vs " + std::to_string(db) + ")");
  }
  return out;
}

Result<Dims> broadcast_shapes(std::span<const Dims> shapes) {
  Dims acc;
  for (const Dims& s : shapes) {
    SV_TRY(Dims b, broadcast(acc, s));  // also checks a single shape's dims
    acc = std::move(b);
  }
  return acc;
}

Status broadcast_index_into(std::span<const int64_t> target_idx,
                            std::span<const int64_t> source_shape, std::span<int64_t> dst) {
  if (dst.size() != source_shape.size()) {
    return make_error(Code::rank_mismatch, "broadcast_index_into: destination has length " +
                                               std::to_string(dst.size()) + " for source shape " +
                                               dims_to_string(source_shape));
  }
  return broadcast_index_impl("broadcast_index_into", target_idx, source_shape, dst);
}

Result<Dims> broadcast_index(std::span<const int64_t> target_idx,
                             std::span<const int64_t> source_shape) {
  Dims out(source_shape.size());
  SV_CHECK(broadcast_index_impl("broadcast_index", target_idx, source_shape, out));
  return out;
}

std::string to_string(std::span<const int64_t> shape) { return dims_to_string(shape); }

}  // namespace sv::shape
