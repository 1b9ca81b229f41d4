#include "view/flat.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sv::flat {

// Both operands convert to double exactly, so the double product is the exact product correctly
// rounded: it is within +-(2^53-1) exactly when the exact product is (no division, no int128).
std::optional<int64_t> mul(int64_t a, int64_t b) {
  const double p = static_cast<double>(a) * static_cast<double>(b);
  if (!(std::fabs(p) <= static_cast<double>(kMaxSafe))) return std::nullopt;
  return a * b;
}

std::optional<int64_t> add(int64_t a, int64_t b) {
  const int64_t r = a + b;
  if (!is_safe(r)) return std::nullopt;
  return r;
}

namespace {

// shape::c_contiguous_strides of v's shape (zero-size rule included); false on its overflow error.
bool c_strides(const FlatView& v, int64_t* out) {
  const int n = v.ndim;
  if (n == 0) return true;
  out[n - 1] = v.shape[n - 1] == 0 ? 0 : 1;
  for (int i = n - 1; i-- > 0;) {
    if (v.shape[i] == 0) {
      out[i] = 0;
      continue;
    }
    auto m = mul(out[i + 1], std::max<int64_t>(1, v.shape[i + 1]));
    if (!m) return false;
    out[i] = *m;
  }
  for (int i = n; i-- > 0;) {
    if (v.shape[i] == 0) {
      for (int j = 0; j <= i; ++j) out[j] = 0;
      break;
    }
  }
  return true;
}

// View::make for a concrete view whose fields are set (ranks and ranges already validated).
bool normalise(FlatView& v) {
  const int n = v.ndim;
  bool zero = false;
  for (int i = 0; i < n; ++i) zero = zero || v.shape[i] == 0;
  if (!zero) {  // the element count is at most 2^53-1
    int64_t count = 1;
    for (int i = 0; i < n; ++i) {
      auto m = mul(count, v.shape[i]);
      if (!m) return false;
      count = *m;
    }
  }
  if (zero) {
    v.offset = 0;
    v.has_mask = false;
  }
  if (v.has_mask) {
    bool empty = false, full = true;
    for (int i = 0; i < n; ++i) {
      empty = empty || v.mask[i].first >= v.mask[i].second;
      full = full && v.mask[i] == FlatRange{0, v.shape[i]};
    }
    if (empty) {
      for (int i = 0; i < n; ++i) {
        v.strides[i] = 0;
        v.mask[i] = {0, 0};
      }
      v.offset = 0;
    } else if (full) {
      v.has_mask = false;
    }
  }
  const bool all_invalid = v.has_mask && v.mask[0].first == v.mask[0].second;
  if (!zero && !all_invalid) {  // every addressable linear index within +-2^53-1
    int64_t lo = v.offset, hi = v.offset;
    for (int i = 0; i < n; ++i) {
      const FlatRange box = v.has_mask ? v.mask[i] : FlatRange{0, v.shape[i]};
      auto a = mul(box.first, v.strides[i]);
      auto b = mul(box.second - 1, v.strides[i]);
      if (!a || !b) return false;
      auto l = add(lo, std::min(*a, *b));
      auto h = add(hi, std::max(*a, *b));
      if (!l || !h) return false;
      lo = *l;
      hi = *h;
    }
  }
  // Contiguity: offset 0, no mask and the canonical strides. As in View::make, canonical strides
  // that overflow (a zero-size view such as [0,0,4,3,2^53-1]) only mean "not contiguous".
  int64_t canonical[kMaxRank];
  bool contiguous = v.offset == 0 && !v.has_mask && c_strides(v, canonical);
  for (int i = 0; i < n && contiguous; ++i) contiguous = v.strides[i] == canonical[i];
  v.contiguous = contiguous;
  return true;
}

// One pair per dim, each classified by check(i, first, second): -1 invalid, 1 identity, 0 other.
// False when the count or a pair is invalid; `identity` when every pair is an identity.
template <class Check>
bool check_pairs(const FlatView& v, std::span<const FlatRange> pairs, bool& identity, Check check) {
  if (static_cast<int64_t>(pairs.size()) != v.ndim) return false;
  identity = true;
  for (int i = 0; i < v.ndim; ++i) {
    const int c = check(i, pairs[i].first, pairs[i].second);
    if (c < 0) return false;
    identity = identity && c == 1;
  }
  return true;
}

}  // namespace

bool create(FlatView& v, bool with_strides) {
  const int n = v.ndim;
  if (n < 0 || n > kMaxRank || !is_safe(v.offset)) return false;
  for (int i = 0; i < n; ++i) {
    if (v.shape[i] < 0 || v.shape[i] > kMaxSafe) return false;
  }
  if (with_strides) {
    for (int i = 0; i < n; ++i) {
      if (!is_safe(v.strides[i])) return false;
    }
  } else if (!c_strides(v, v.strides)) {
    return false;
  }
  if (v.has_mask) {
    for (int i = 0; i < n; ++i) {
      const auto [b, e] = v.mask[i];
      if (b < 0 || b > e || e > v.shape[i]) return false;
    }
  }
  return normalise(v);
}

void copy(FlatView& to, const FlatView& from) {
  to.ndim = from.ndim;
  to.offset = from.offset;
  to.has_mask = from.has_mask;
  to.contiguous = from.contiguous;
  std::copy(from.shape, from.shape + from.ndim, to.shape);
  std::copy(from.strides, from.strides + from.ndim, to.strides);
  if (from.has_mask) std::copy(from.mask, from.mask + from.ndim, to.mask);
}

bool permute(const FlatView& v, std::span<const int64_t> axes, FlatView& out) {
  const int n = v.ndim;
  if (static_cast<int64_t>(axes.size()) != n) return false;
  uint64_t seen = 0;
  for (int64_t a : axes) {
    if (a < 0 || a >= n || (seen >> a) & 1) return false;
    seen |= uint64_t{1} << a;
  }
  out.ndim = n;
  out.offset = v.offset;
  out.has_mask = v.has_mask;
  for (int i = 0; i < n; ++i) {
    out.shape[i] = v.shape[axes[i]];
    out.strides[i] = v.strides[axes[i]];
    if (v.has_mask) out.mask[i] = v.mask[axes[i]];
  }
  return normalise(out);
}

bool shrink(const FlatView& v, std::span<const FlatRange> bounds, FlatView& out) {
  bool identity = false;
  const bool ok = check_pairs(v, bounds, identity, [&](int i, int64_t s, int64_t e) {
    const bool full = s == 0 && e == v.shape[i];
    return full ? 1 : (0 <= s && s < e && e <= v.shape[i]) ? 0 : -1;
  });
  if (!ok) return false;
  copy(out, v);
  if (identity) return true;
  const int n = v.ndim;
  bool overflow = false, all_invalid = false;
  for (int i = 0; i < n; ++i) {
    const auto [s, e] = bounds[i];
    out.shape[i] = e - s;
    auto o = mul(s, v.strides[i]);
    o = o ? add(out.offset, *o) : std::nullopt;
    if (o) {
      out.offset = *o;
    } else {
      overflow = true;
    }
    if (v.has_mask) {
      FlatRange r{std::max(v.mask[i].first, s) - s, std::min(v.mask[i].second, e) - s};
      if (r.first >= r.second) {
        r = {0, 0};
        all_invalid = true;
      }
      out.mask[i] = r;
    }
  }
  if (all_invalid) {
    out.offset = 0;
  } else if (overflow) {
    return false;
  }
  return normalise(out);
}

bool pad(const FlatView& v, std::span<const FlatRange> padding, FlatView& out) {
  bool identity = false;
  const bool ok = check_pairs(v, padding, identity, [](int, int64_t b, int64_t a) {
    return b < 0 || a < 0 ? -1 : b == 0 && a == 0 ? 1 : 0;
  });
  if (!ok) return false;
  copy(out, v);
  if (identity) return true;
  const int n = v.ndim;
  for (int i = 0; i < n; ++i) {
    const auto [b, a] = padding[i];
    auto size = add(v.shape[i], b);
    size = size ? add(*size, a) : std::nullopt;
    auto shift = mul(b, v.strides[i]);
    auto o = shift ? add(out.offset, -*shift) : std::nullopt;
    if (!size || !o) return false;
    out.shape[i] = *size;
    out.offset = *o;
    const FlatRange r = v.has_mask ? v.mask[i] : FlatRange{0, v.shape[i]};
    out.mask[i] = {r.first + b, r.second + b};
  }
  out.has_mask = true;
  return normalise(out);
}

bool flip(const FlatView& v, std::span<const int64_t> flags, FlatView& out) {
  const int n = v.ndim;
  if (static_cast<int64_t>(flags.size()) != n) return false;
  copy(out, v);
  for (int i = 0; i < n; ++i) {
    const int64_t d = v.shape[i];
    if (flags[i] == 0 || d == 0) continue;
    auto o = mul(d - 1, v.strides[i]);
    o = o ? add(out.offset, *o) : std::nullopt;
    if (!o) return false;
    out.offset = *o;
    out.strides[i] = -v.strides[i];
    if (v.has_mask) out.mask[i] = {d - v.mask[i].second, d - v.mask[i].first};
  }
  return normalise(out);
}

bool reshape(const FlatView& v, std::span<const int64_t> target, FlatView& out) {
  const int n = static_cast<int>(target.size());
  if (v.has_mask || n > kMaxRank) return false;
  bool same = n == v.ndim;
  for (int i = 0; i < n; ++i) {
    if (target[i] < 0) return false;
    same = same && target[i] == v.shape[i];
  }
  if (same) {
    copy(out, v);
    return true;
  }
  // Element counts: equal, and at most 2^53-1 (View::reshape_concrete's errors are left to View).
  int64_t n_old = 1, n_new = 1;
  bool z_old = false, z_new = false;
  for (int i = 0; i < v.ndim; ++i) z_old = z_old || v.shape[i] == 0;
  for (int i = 0; i < n; ++i) z_new = z_new || target[i] == 0;
  for (int i = 0; i < v.ndim && !z_old; ++i) n_old *= v.shape[i];  // create() bounded it
  for (int i = 0; i < n && !z_new; ++i) {
    auto m = mul(n_new, target[i]);
    if (!m) return false;
    n_new = *m;
  }
  if ((z_old ? 0 : n_old) != (z_new ? 0 : n_new)) return false;
  out.ndim = n;
  std::copy(target.begin(), target.end(), out.shape);
  out.has_mask = false;
  if (z_new || v.contiguous) {
    out.offset = 0;
    return create(out, false);
  }
  if (!reshape_strides_to(std::span<const int64_t>(v.shape, static_cast<size_t>(v.ndim)),
                          std::span<const int64_t>(v.strides, static_cast<size_t>(v.ndim)), target,
                          out.strides)) {
    return false;
  }
  out.offset = v.offset;
  return normalise(out);
}

bool expand(const FlatView& v, std::span<const int64_t> target, FlatView& out) {
  const int n = static_cast<int>(target.size());
  if (n > kMaxRank) return false;
  for (int i = 0; i < n; ++i) {
    if (target[i] < 0) return false;
  }
  out.ndim = n;
  std::copy(target.begin(), target.end(), out.shape);
  out.offset = v.offset;
  if (v.ndim == 0) {  // a scalar expands to anything with all-zero strides
    for (int i = 0; i < n; ++i) out.strides[i] = 0;
    out.has_mask = false;
    return normalise(out);
  }
  if (n != v.ndim) return false;
  out.has_mask = v.has_mask;
  for (int i = 0; i < n; ++i) {
    out.strides[i] = v.strides[i];
    if (v.has_mask) out.mask[i] = v.mask[i];
    if (target[i] == v.shape[i]) continue;
    if (v.shape[i] != 1) return false;
    out.strides[i] = 0;
    if (v.has_mask && !(v.mask[i] == FlatRange{0, 0})) out.mask[i] = {0, target[i]};
  }
  return normalise(out);
}

bool broadcast_to(const FlatView& v, std::span<const int64_t> target, FlatView& out) {
  const int n = static_cast<int>(target.size());
  if (n < v.ndim || n > kMaxRank) return false;
  if (n == v.ndim) return expand(v, target, out);
  int64_t lifted[kMaxRank];
  const int lead = n - v.ndim;
  for (int i = 0; i < lead; ++i) lifted[i] = 1;
  std::copy(v.shape, v.shape + v.ndim, lifted + lead);
  FlatView r;
  if (!reshape(v, std::span<const int64_t>(lifted, static_cast<size_t>(n)), r)) return false;
  return expand(r, target, out);
}

bool index(const FlatView& v, std::span<const int64_t> idx, FlatView& out) {
  const int k = static_cast<int>(idx.size());
  if (v.has_mask || k > v.ndim) return false;
  for (int d = 0; d < v.ndim; ++d) {
    if (v.shape[d] == 0) return false;  // create() bounds no span for zero-size views
  }
  int64_t offset = v.offset;
  for (int d = 0; d < k; ++d) {
    const int64_t n = v.shape[d];
    const int64_t i = idx[d] < 0 ? idx[d] + n : idx[d];
    if (i < 0 || i >= n) return false;
    offset += i * v.strides[d];  // within the span create() checked
  }
  out.ndim = v.ndim - k;
  for (int d = k; d < v.ndim; ++d) {
    out.shape[d - k] = v.shape[d];
    out.strides[d - k] = v.strides[d];
  }
  out.offset = offset;
  out.has_mask = false;
  return normalise(out);
}

bool required_span(const FlatView& v, int64_t& lo, int64_t& hi) {
  lo = hi = v.offset;
  for (int i = 0; i < v.ndim; ++i) {
    const FlatRange box = v.has_mask ? v.mask[i] : FlatRange{0, v.shape[i]};
    if (box.first >= box.second) return false;
    const int64_t a = box.first * v.strides[i], b = (box.second - 1) * v.strides[i];
    lo += std::min(a, b);
    hi += std::max(a, b);
  }
  return true;
}

View to_view(const FlatView& v) {
  const size_t n = static_cast<size_t>(v.ndim);
  std::optional<Mask> m;
  if (v.has_mask) m.emplace(v.mask, v.mask + n);
  return View::create(std::span<const int64_t>(v.shape, n), v.offset, Dims(v.strides, v.strides + n),
                      std::move(m))
      .value();
}

bool from_view(const View& v, FlatView& out) {
  if (v.ndim() > kMaxRank) return false;
  auto l = v.layout("flat");
  if (!l.ok()) return false;
  out.ndim = v.ndim();
  out.offset = l->offset;
  out.has_mask = l->has_mask();
  out.contiguous = v.is_c_contiguous();
  for (int i = 0; i < out.ndim; ++i) {
    out.shape[i] = l->shape[i];
    out.strides[i] = l->strides[i];
    out.mask[i] = l->has_mask() ? FlatRange(l->mask[i]) : FlatRange{0, 0};
  }
  return true;
}

}  // namespace sv::flat
