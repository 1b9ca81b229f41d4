#include "view/layout.hpp"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <vector>
#include <string>

#include "shape/shape.hpp"
#include "view/view.hpp"  // the reshape rule (reshape_strides_to, reshape_valid_box)

namespace sv {

int64_t Layout::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d == 0) return 0;
  }
  for (int64_t d : shape) n *= d;
  return n;
}

bool Layout::is_exhaustive() const {
  if (has_mask()) return false;
  // Sorted by |stride|, each non-unit dim must step exactly over the block of the dims inside it.
  int64_t order[kMaxRank];
  int n = 0;
  for (int d = 0; d < ndim(); ++d) {
    if (shape[d] == 0) return true;
    if (shape[d] != 1) order[n++] = d;
  }
  std::sort(order, order + n, [&](int64_t a, int64_t b) {
    return std::abs(strides[a]) < std::abs(strides[b]);
  });
  int64_t block = 1;
  for (int k = 0; k < n; ++k) {
    if (std::abs(strides[order[k]]) != block) return false;
    block *= shape[order[k]];
  }
  return true;
}

namespace layout {
namespace {


// One piece of an error message: text, a number or a dims list. The messages are lists of pieces
// joined by one out-of-line function (build_error): ~30 messages written as std::string `+` chains
// cost about 1 KB of code each, even on cold paths.
struct Piece {
  enum Kind : uint8_t { text, number, dims_list } kind;
  const char* s = nullptr;
  int64_t v = 0;
  std::span<const int64_t> d;
  Piece(const char* t) : kind(text), s(t) {}                 // NOLINT: implicit on purpose
  Piece(const std::string& t) : kind(text), s(t.c_str()) {}  // NOLINT
  template <class I>
  static Piece num(I x) {
    Piece p("");
    p.kind = number;
    p.v = static_cast<int64_t>(x);
    return p;
  }
  static Piece dims(std::span<const int64_t> x) {
    Piece p("");
    p.kind = dims_list;
    p.d = x;
    return p;
  }
  static Piece dims(const LayoutDims& x) { return dims(std::span<const int64_t>(x.data(), x.size())); }
};

[[gnu::cold, gnu::noinline, clang::minsize]] Error build_error(Code code, const char* op,
                                                               std::initializer_list<Piece> pieces) {
  std::string m(op);
  m += ": ";
  for (const Piece& p : pieces) {
    switch (p.kind) {
      case Piece::text: m += p.s; break;
      case Piece::number: m += std::to_string(p.v); break;
      default: m += dims_to_string(p.d); break;
    }
  }
  return make_error(code, std::move(m));
}

// Error paths out of line and cold: this file is compiled for speed (-O2); the pieces of a message
// are gathered only when it fails.
template <class F>
[[gnu::cold, gnu::noinline, clang::minsize]] Error cold_error(const F& f) {
  return f();
}
#define SV_COLD_ERROR(code, op, ...) \
  return cold_error([&] { return build_error(code, op, {__VA_ARGS__}); })

// The element count of `dims` (each >= 0) into `count`: false when a dim or the count exceeds
// 2^53-1 (a dim beyond it is an error even beside a 0, as in shape::numel).
bool count_of(std::span<const int64_t> dims, int64_t& count) {
  bool zero = false, big = false, over = false;
  count = 1;
  for (int64_t d : dims) {
    zero = zero || d == 0;
    big = big || d > kMaxSafe;
    if (over || big) continue;
    auto m = checked_mul(count, d);
    if (m) count = *m;
    else over = true;
  }
  if (big) return false;
  if (zero) count = 0;
  return zero || !over;
}
bool count_fits(const Layout& l) {
  int64_t count;
  return count_of(std::span<const int64_t>(l.shape.data(), l.shape.size()), count);
}

// A result with l's rank and no fields set but offset and mask presence.
void start_like(const Layout& l, Layout& out) {
  out.shape.resize(l.shape.size());
  out.strides.resize(l.shape.size());
  out.mask.resize(l.has_mask() ? l.shape.size() : 0);
  out.offset = l.offset;
}

}  // namespace

Layout contiguous(std::span<const int64_t> shape) {
  Layout l;
  l.shape.assign(shape.data(), shape.size());
  l.strides.resize(shape.size());
  l.contiguous = shape::c_strides_into(shape, l.strides.data()) < 0;
  return l;
}

bool required_span(const Layout& l, int64_t& lo, int64_t& hi) {
  lo = hi = l.offset;
  for (int i = 0; i < l.ndim(); ++i) {
    const FlatRange box = l.valid(i);
    if (box.first >= box.second) return false;
    const int64_t a = box.first * l.strides[i], b = (box.second - 1) * l.strides[i];
    lo += std::min(a, b);
    hi += std::max(a, b);
  }
  return true;
}

bool has_valid(const Layout& l) {
  for (int i = 0; i < l.ndim(); ++i) {
    if (l.shape[i] == 0 || l.valid(i).first >= l.valid(i).second) return false;
  }
  return true;
}

namespace {
// span_checked, inlined into normalise (every movement op runs it).
[[gnu::always_inline]] inline bool span_within(const Layout& l, int64_t& lo, int64_t& hi) {
  lo = hi = l.offset;
  for (int i = 0; i < l.ndim(); ++i) {
    const FlatRange box = l.valid(i);
    auto a = checked_mul(box.first, l.strides[i]);
    auto b = checked_mul(box.second - 1, l.strides[i]);
    if (!a || !b) return false;
    auto x = checked_add(lo, std::min(*a, *b));
    auto y = checked_add(hi, std::max(*a, *b));
    if (!x || !y) return false;
    lo = *x;
    hi = *y;
  }
  return true;
}
}  // namespace

bool span_checked(const Layout& l, int64_t& lo, int64_t& hi) { return span_within(l, lo, hi); }

Status check_mask(const Layout& l, const char* op) {
  for (int i = 0; i < l.ndim() && l.has_mask(); ++i) {
    const int64_t b = (l.mask[i]).first, e = (l.mask[i]).second;
    if (b < 0 || b > e || e > l.shape[i]) {
      SV_COLD_ERROR(Code::invalid_argument, op, "mask range (", Piece::num(b), ",", Piece::num(e), ") of dim ", Piece::num(i), " is invalid for size ", Piece::num(l.shape[i]), " (need 0 <= start <= end <= size)");
    }
  }
  return ok_status();
}

Status normalise(Layout& l, const char* op) {
  const int n = l.ndim();
  bool zero = false;
  for (int i = 0; i < n; ++i) zero = zero || l.shape[i] == 0;
  if (!zero && !count_fits(l)) {  // the element count is metadata too, even with zero strides
    SV_COLD_ERROR(Code::overflow, op, "shape ", Piece::dims(l.shape), " has more than 2^53-1 elements");
  }
  if (zero) {
    l.offset = 0;
    l.mask.clear();
  }
  if (l.has_mask()) {
    bool empty = false, full = true;
    for (int i = 0; i < n; ++i) {
      empty = empty || l.mask[i].first >= l.mask[i].second;
      full = full && l.mask[i] == FlatRange{0, l.shape[i]};
    }
    if (empty) {
      for (int i = 0; i < n; ++i) {
        l.strides[i] = 0;
        l.mask[i] = {0, 0};
      }
      l.offset = 0;
    } else if (full) {
      l.mask.clear();
    }
  }
  const bool all_invalid = l.has_mask() && l.mask[0].first == l.mask[0].second;
  int64_t lo, hi;
  if (!zero && !all_invalid && !span_within(l, lo, hi)) {
    SV_COLD_ERROR(Code::overflow, op, "view of shape ", Piece::dims(l.shape), " with strides ", Piece::dims(l.strides), " and offset ", Piece::num(l.offset), " addresses elements beyond +-2^53-1");
  }
  // Canonical strides that overflow (a zero-size view such as [0,0,4,3,2^53-1]) only mean "not
  // contiguous".
  bool contiguous = l.offset == 0 && !l.has_mask();
  if (contiguous) {
    int64_t canonical[kMaxRank];
    contiguous = shape::c_strides_into(std::span<const int64_t>(l.shape.data(), l.shape.size()),
                                       canonical) < 0;
    for (int i = 0; i < n && contiguous; ++i) contiguous = l.strides[i] == canonical[i];
  }
  l.contiguous = contiguous;
  return ok_status();
}

Status create(Layout& l, bool with_strides) {
  const int n = l.ndim();
  const char* op = "create";
  for (int i = 0; i < n; ++i) {
    if (l.shape[i] < 0) {
      SV_COLD_ERROR(Code::invalid_argument, op, "dim ", Piece::num(i), " of shape ", Piece::dims(l.shape), " is negative (", Piece::num(l.shape[i]), ")");
    }
    if (l.shape[i] > kMaxSafe) {
      SV_COLD_ERROR(Code::overflow, op, "dim ", Piece::num(i), " of shape ", Piece::dims(l.shape), " is beyond 2^53-1");
    }
  }
  if (!count_fits(l)) {
    SV_COLD_ERROR(Code::overflow, op, "shape ", Piece::dims(l.shape), " has more than 2^53-1 elements");
  }
  if (!is_safe(l.offset)) {
    SV_COLD_ERROR(Code::overflow, op, "offset ", Piece::num(l.offset), " is beyond +-2^53-1");
  }
  if (with_strides) {
    for (int64_t s : l.strides) {
      if (!is_safe(s)) {
        SV_COLD_ERROR(Code::overflow, op, "stride ", Piece::num(s), " in ", Piece::dims(l.strides), " is beyond +-2^53-1");
      }
    }
  } else {
    l.strides.resize(static_cast<size_t>(n));
    const std::span<const int64_t> sh(l.shape.data(), l.shape.size());
    const int bad = shape::c_strides_into(sh, l.strides.data());
    if (bad >= 0) {
      Error e = shape::c_strides_error(sh, bad);
      SV_COLD_ERROR(e.code, op, e.message);
    }
  }
  SV_CHECK(check_mask(l, op));
  return normalise(l, op);
}

Status check_permutation(std::span<const int64_t> axes, int64_t n) {
  const char* op = "permute";
  if (static_cast<int64_t>(axes.size()) != n) {
    SV_COLD_ERROR(Code::rank_mismatch, op, Piece::num(axes.size()), " axes for a view of rank ", Piece::num(n), " (axes ", Piece::dims(axes), ")");
  }
  uint64_t seen = 0;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i];
    if (a < 0 || a >= n) {
      SV_COLD_ERROR(Code::out_of_range, op, "axis ", Piece::num(a), " at position ", Piece::num(i), " is out of range [0, ", Piece::num(n), ") (axes ", Piece::dims(axes), ")");
    }
    if ((seen >> a) & 1) {
      SV_COLD_ERROR(Code::invalid_argument, op, "axis ", Piece::num(a), " appears more than once (axes ", Piece::dims(axes), " are not a permutation of ", Piece::num(n), " dims)");
    }
    seen |= uint64_t{1} << a;
  }
  return ok_status();
}

Status permute(const Layout& l, std::span<const int64_t> axes, Layout& out) {
  SV_CHECK(check_permutation(axes, l.ndim()));
  start_like(l, out);
  for (int i = 0; i < l.ndim(); ++i) {
    out.shape[i] = l.shape[axes[i]];
    out.strides[i] = l.strides[axes[i]];
    if (l.has_mask()) out.mask[i] = l.mask[axes[i]];
  }
  SV_CHECK(normalise(out, "permute"));
  return ok_status();
}

Status shrink(const Layout& l, std::span<const FlatRange> bounds, Layout& out) {
  const int n = l.ndim();
  if (static_cast<int64_t>(bounds.size()) != n) {
    SV_COLD_ERROR(Code::rank_mismatch, "shrink", Piece::num(bounds.size()), " bounds for a view of rank ", Piece::num(n));
  }
  bool identity = true;
  for (int i = 0; i < n; ++i) {
    const int64_t s = (bounds[i]).first, e = (bounds[i]).second;
    const bool full = s == 0 && e == l.shape[i];
    if (!full && !(0 <= s && s < e && e <= l.shape[i])) {
      SV_COLD_ERROR(Code::out_of_range, "shrink", "bound (", Piece::num(s), ",", Piece::num(e), ") of dim ", Piece::num(i), " is invalid for size ", Piece::num(l.shape[i]), " (need 0 <= start < end <= size)");
    }
    identity = identity && full;
  }
  if (identity) {
    out = l;
    return ok_status();
  }
  out = l;
  bool overflow = false, all_invalid = false;
  for (int i = 0; i < n; ++i) {
    const int64_t s = (bounds[i]).first, e = (bounds[i]).second;
    out.shape[i] = e - s;
    auto o = checked_mul(s, l.strides[i]);
    o = o ? checked_add(out.offset, *o) : std::nullopt;
    if (o) {
      out.offset = *o;
    } else {
      overflow = true;
    }
    if (l.has_mask()) {
      FlatRange r{std::max(l.mask[i].first, s) - s, std::min(l.mask[i].second, e) - s};
      if (r.first >= r.second) {
        r = {0, 0};
        all_invalid = true;
      }
      out.mask[i] = r;
    }
  }
  // Shrinking into padding only gives an all-invalid view; its offset is never used (normalise
  // resets it), so an offset beyond 2^53-1 there is not an error.
  if (all_invalid) {
    out.offset = 0;
  } else if (overflow) {
    SV_COLD_ERROR(Code::overflow, "shrink", "offset of the result overflows 2^53-1");
  }
  SV_CHECK(normalise(out, "shrink"));
  return ok_status();
}

Status pad(const Layout& l, std::span<const FlatRange> padding, Layout& out) {
  const int n = l.ndim();
  if (static_cast<int64_t>(padding.size()) != n) {
    SV_COLD_ERROR(Code::rank_mismatch, "pad", Piece::num(padding.size()), " (before, after) pairs for a view of rank ", Piece::num(n));
  }
  bool identity = true;
  for (int i = 0; i < n; ++i) {
    const int64_t b = (padding[i]).first, a = (padding[i]).second;
    if (b < 0 || a < 0) {
      SV_COLD_ERROR(Code::invalid_argument, "pad", "padding (", Piece::num(b), ",", Piece::num(a), ") of dim ", Piece::num(i), " is negative");
    }
    identity = identity && b == 0 && a == 0;
  }
  if (identity) {
    out = l;
    return ok_status();
  }
  out = l;
  out.mask.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int64_t b = (padding[i]).first, a = (padding[i]).second;
    auto size = checked_add(l.shape[i], b);
    size = size ? checked_add(*size, a) : std::nullopt;
    auto shift = checked_mul(b, l.strides[i]);
    auto o = shift ? checked_add(out.offset, -*shift) : std::nullopt;
    if (!size || !o) {
      SV_COLD_ERROR(Code::overflow, "pad", "padding (", Piece::num(b), ",", Piece::num(a), ") of dim ", Piece::num(i), " overflows 2^53-1");
    }
    const FlatRange r = l.valid(i);
    out.shape[i] = *size;
    out.offset = *o;
    out.mask[i] = {r.first + b, r.second + b};
  }
  SV_CHECK(normalise(out, "pad"));
  return ok_status();
}

Status flip(const Layout& l, std::span<const int64_t> flags, Layout& out) {
  const int n = l.ndim();
  if (static_cast<int64_t>(flags.size()) != n) {
    SV_COLD_ERROR(Code::rank_mismatch, "flip", Piece::num(flags.size()), " flags for a view of rank ", Piece::num(n));
  }
  out = l;
  for (int i = 0; i < n; ++i) {
    const int64_t d = l.shape[i];
    if (flags[i] == 0 || d == 0) continue;
    auto o = checked_mul(d - 1, l.strides[i]);
    o = o ? checked_add(out.offset, *o) : std::nullopt;
    if (!o) SV_COLD_ERROR(Code::overflow, "flip", "offset of the result overflows 2^53-1");
    out.offset = *o;
    out.strides[i] = -l.strides[i];
    if (l.has_mask()) out.mask[i] = {d - l.mask[i].second, d - l.mask[i].first};
  }
  SV_CHECK(normalise(out, "flip"));
  return ok_status();
}

namespace {

// The -1 of a reshape target (sym::resolve_reshape for concrete shapes, the same messages): at
// most one -1, other dims non-negative; the inferred size keeps the element count.
Status resolve_infer(const Layout& l, std::span<const int64_t> target, int64_t* out) {
  int at = -1;
  int64_t known = 1;
  const size_t n = target.size();
  for (size_t i = 0; i < n; ++i) {
    out[i] = target[i];
    if (target[i] != -1) continue;
    if (at >= 0) {
      SV_COLD_ERROR(Code::invalid_argument, "reshape", "resolve_reshape: target shape ", Piece::dims(target), " has more than one inferred (-1) dim (at ", Piece::num(at), " and ", Piece::num(i), ")");
    }
    at = static_cast<int>(i);
  }
  if (at < 0) return ok_status();
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<int>(i) == at) continue;
    if (target[i] < 0) {
      SV_COLD_ERROR(Code::invalid_argument, "reshape", "resolve_reshape: dim ", Piece::num(i), " of target shape ", Piece::dims(target), " is negative (", Piece::num(target[i]), ")");
    }
    auto m = checked_mul(known, target[i]);
    if (!m) {
      SV_COLD_ERROR(Code::overflow, "reshape", "resolve_reshape: target shape ", Piece::dims(target), " has more than 2^53-1 elements");
    }
    known = *m;
  }
  const int64_t total = l.numel();
  if (known == 0 ? total != 0 : total % known != 0) {
    SV_COLD_ERROR(Code::shape_mismatch, "reshape", "cannot infer -1 in ", Piece::dims(target), " from shape ", Piece::dims(l.shape), " (element count unknown or not divisible by the other dims)");
  }
  out[at] = known == 0 ? 0 : total / known;
  return ok_status();
}

[[gnu::cold, gnu::noinline]] Error reshape_fail(const Layout& l, std::span<const int64_t> target,
                                                const char* why) {
  SV_COLD_ERROR(Code::not_expressible, "reshape", "cannot reshape ", Piece::dims(l.shape), " with strides ", Piece::dims(l.strides), (l.has_mask() ? " and mask " +
                                     mask_to_string(std::span<const FlatRange>(l.mask.data(), l.mask.size()))
                               : std::string()), " to ", Piece::dims(target), why, "; call contiguous() first");
}

}  // namespace

Status reshape(const Layout& l, std::span<const int64_t> requested, Layout& out) {
  if (requested.size() > static_cast<size_t>(kMaxRank)) {
    // A -1 is resolved first (its errors come first), then the rank is checked.
    bool infer = std::find(requested.begin(), requested.end(), -1) != requested.end();
    if (infer) {
      std::vector<int64_t> t(requested.size());
      SV_CHECK(resolve_infer(l, requested, t.data()));
    }
    SV_COLD_ERROR(Code::invalid_argument, "reshape", "rank ", Piece::num(requested.size()), " exceeds the maximum of ", Piece::num(kMaxRank));
  }
  int64_t tbuf[kMaxRank];
  SV_CHECK(resolve_infer(l, requested, tbuf));
  const std::span<const int64_t> target(tbuf, requested.size());
  const int n = static_cast<int>(target.size());
  bool same = n == l.ndim();
  for (int i = 0; i < n; ++i) {
    if (target[i] < 0) {
      SV_COLD_ERROR(Code::invalid_argument, "reshape", "dim ", Piece::num(i), " of ", Piece::dims(target), " is negative (", Piece::num(target[i]), ")");
    }
    same = same && target[i] == l.shape[i];
  }
  if (same) {
    out = l;
    return ok_status();
  }
  const int64_t n_old = l.numel();
  int64_t n_new;
  if (!count_of(target, n_new)) {
    SV_COLD_ERROR(Code::overflow, "reshape", "target shape ", Piece::dims(target), " has more than 2^53-1 elements");
  }
  if (n_old != n_new) {
    SV_COLD_ERROR(Code::shape_mismatch, "reshape", "cannot reshape ", Piece::dims(l.shape), " (", Piece::num(n_old), " elements) to ", Piece::dims(target), " (", Piece::num(n_new), " elements)");
  }
  out.shape.assign(target.data(), target.size());
  out.mask.clear();
  out.strides.resize(target.size());
  const int bad = shape::c_strides_into(target, out.strides.data());
  if (bad >= 0) {
    Error e = shape::c_strides_error(target, bad);
    SV_COLD_ERROR(e.code, "reshape", e.message);
  }
  if (n_new == 0 || l.contiguous) {  // canonical strides, offset 0 (contiguous implies unmasked)
    out.offset = 0;
    SV_CHECK(normalise(out, "reshape"));
    return ok_status();
  }
  const std::span<const int64_t> old_shape(l.shape.data(), l.shape.size());
  const std::span<const int64_t> old_strides(l.strides.data(), l.strides.size());
  if (!l.has_mask()) {
    if (!reshape_strides_to(old_shape, old_strides, target, out.strides.data())) {
      return reshape_fail(l, target, " as a single strided view");
    }
    out.offset = l.offset;
    SV_CHECK(normalise(out, "reshape"));
    return ok_status();
  }
  if (l.mask[0].first == l.mask[0].second) {  // all-invalid (normalised)
    // A rank-0 view has no mask to carry the invalid element (an empty mask means "all valid").
    if (n == 0) {
      return reshape_fail(l, target, " (its only element is invalid and a scalar view cannot be masked)");
    }
    out.strides.assign(target.size(), 0);
    out.mask.assign(target.size(), FlatRange{0, 0});
    out.offset = 0;
    SV_CHECK(normalise(out, "reshape"));
    return ok_status();
  }
  // Masked (rare; the mask rule allocates): the valid box of the old view, read in C order, is the
  // valid box of the new view in C order: reshape that unmasked sub-view, then rebase the offset
  // to the new mask's origin.
  auto nm = reshape_valid_box(old_shape, std::span<const FlatRange>(l.mask.data(), l.mask.size()),
                              target);
  if (!nm) return reshape_fail(l, target, " (the valid region would not be a box)");
  int64_t box_old[kMaxRank], box_new[kMaxRank];
  int64_t box_offset = l.offset;
  for (int i = 0; i < l.ndim(); ++i) {
    box_old[i] = l.mask[i].second - l.mask[i].first;
    box_offset += l.mask[i].first * l.strides[i];  // the valid box's origin is inside the span
  }
  for (int i = 0; i < n; ++i) box_new[i] = (*nm)[i].second - (*nm)[i].first;
  if (!reshape_strides_to(std::span<const int64_t>(box_old, l.shape.size()), old_strides,
                          std::span<const int64_t>(box_new, target.size()), out.strides.data())) {
    return reshape_fail(l, target, " as a single strided view");
  }
  int64_t off = box_offset;
  for (int i = 0; i < n; ++i) {
    auto p = checked_mul((*nm)[i].first, out.strides[i]);
    auto o = p ? checked_add(off, -*p) : std::nullopt;
    if (!o) SV_COLD_ERROR(Code::overflow, "reshape", "offset of the result overflows 2^53-1");
    off = *o;
  }
  out.offset = off;
  out.mask = *nm;
  SV_CHECK(normalise(out, "reshape"));
  return ok_status();
}

Status expand(const Layout& l, std::span<const int64_t> target, Layout& out) {
  const int n = static_cast<int>(target.size());
  for (int i = 0; i < n; ++i) {
    if (target[i] < 0) {
      SV_COLD_ERROR(Code::invalid_argument, "expand", "dim ", Piece::num(i), " of ", Piece::dims(target), " is negative (", Piece::num(target[i]), ")");
    }
  }
  if (n > kMaxRank) {
    SV_COLD_ERROR(Code::invalid_argument, "expand", "rank ", Piece::num(n), " exceeds the maximum of ", Piece::num(kMaxRank));
  }
  out.shape.assign(target.data(), target.size());
  out.mask.clear();
  out.offset = l.offset;
  if (l.ndim() == 0) {  // a scalar expands to anything with all-zero strides
    out.strides.assign(target.size(), 0);
    SV_CHECK(normalise(out, "expand"));
    return ok_status();
  }
  if (n != l.ndim()) {
    SV_COLD_ERROR(Code::rank_mismatch, "expand", "cannot expand ", Piece::dims(l.shape), " to ", Piece::dims(target), " (rank ", Piece::num(l.ndim()), " vs ", Piece::num(n), "); reshape to add dims first");
  }
  out.strides = l.strides;
  out.mask = l.mask;
  for (int i = 0; i < n; ++i) {
    if (target[i] == l.shape[i]) continue;
    if (l.shape[i] != 1) {
      SV_COLD_ERROR(Code::shape_mismatch, "expand", "cannot expand ", Piece::dims(l.shape), " to ", Piece::dims(target), ": dim ", Piece::num(i), " has size ", Piece::num(l.shape[i]), " (only size-1 dims can grow)");
    }
    out.strides[i] = 0;
    if (l.has_mask() && !(l.mask[i] == FlatRange{0, 0})) out.mask[i] = {0, target[i]};
  }
  SV_CHECK(normalise(out, "expand"));
  return ok_status();
}

Status broadcast_to(const Layout& l, std::span<const int64_t> target, Layout& out) {
  const int n = static_cast<int>(target.size());
  if (n < l.ndim()) {
    SV_COLD_ERROR(Code::rank_mismatch, "broadcast_to", "cannot broadcast shape ", Piece::dims(l.shape), " to ", Piece::dims(target), " of lower rank");
  }
  if (n == l.ndim()) return expand(l, target, out);
  if (n > kMaxRank) {
    SV_COLD_ERROR(Code::invalid_argument, "reshape", "rank ", Piece::num(n), " exceeds the maximum of ", Piece::num(kMaxRank));
  }
  int64_t lifted[kMaxRank];
  const int lead = n - l.ndim();
  for (int i = 0; i < lead; ++i) lifted[i] = 1;
  std::copy(l.shape.begin(), l.shape.end(), lifted + lead);
  Layout r;
  SV_CHECK(reshape(l, std::span<const int64_t>(lifted, static_cast<size_t>(n)), r));
  return expand(r, target, out);
}

}  // namespace layout
}  // namespace sv
