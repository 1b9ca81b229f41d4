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
  for (int k = 1; k < n; ++k) {  // insertion sort: at most kMaxRank dims (std::sort: 3.5 KB of code)
    const int64_t d = order[k];
    int j = k;
    for (; j > 0 && std::abs(strides[order[j - 1]]) > std::abs(strides[d]); --j) order[j] = order[j - 1];
    order[j] = d;
  }
  int64_t block = 1;
  for (int k = 0; k < n; ++k) {
    if (std::abs(strides[order[k]]) != block) return false;
    block *= shape[order[k]];
  }
  return true;
}

namespace layout {
namespace {


std::span<const int64_t> dims(const LayoutDims& d) { return {d.data(), d.size()}; }
#define SV_FAIL(...) return format_error(__VA_ARGS__)

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
      SV_FAIL(Code::invalid_argument, op, "mask range (#,#) of dim # is invalid for size # (need 0 <= start <= end <= size)", {b, e, i, l.shape[i]});
    }
  }
  return ok_status();
}

void set_contiguous(Layout& l) {
  bool contiguous = l.offset == 0 && !l.has_mask();
  int64_t expect = 1;  // the product of the later dims: at most the element count
  for (int i = l.ndim(); i-- > 0 && contiguous;) {
    contiguous = l.strides[i] == expect;
    expect *= l.shape[i];
  }
  l.contiguous = contiguous;
}

namespace {

// normalise after its shape checks (every dim within 2^53-1, the count too); `zero` when a dim is 0.
Status normalise_checked(Layout& l, const char* op, bool zero) {
  const int n = l.ndim();
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
    SV_FAIL(Code::overflow, op, "view of shape @ with strides @ and offset # addresses elements beyond +-2^53-1", {l.offset}, {dims(l.shape), dims(l.strides)});
  }
  if (!zero) {  // the count fits: canonical strides cannot overflow
    set_contiguous(l);
    return ok_status();
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

}  // namespace

Status normalise(Layout& l, const char* op) {
  const int n = l.ndim();
  bool zero = false;
  for (int i = 0; i < n; ++i) {
    zero = zero || l.shape[i] == 0;
    // a dim beyond 2^53-1 is refused even when another dim is 0 (the count would be 0)
    if (l.shape[i] > kMaxSafe) SV_FAIL(Code::overflow, op, "dim # of shape @ is beyond 2^53-1", {i}, {dims(l.shape)});
  }
  if (!zero && !count_fits(l)) {  // the element count is metadata too, even with zero strides
    SV_FAIL(Code::overflow, op, "shape @ has more than 2^53-1 elements", {}, {dims(l.shape)});
  }
  return normalise_checked(l, op, zero);
}

Status create(Layout& l, bool with_strides) {
  const int n = l.ndim();
  const char* op = "create";
  bool zero = false;
  for (int i = 0; i < n; ++i) {
    if (l.shape[i] < 0) {
      SV_FAIL(Code::invalid_argument, op, "dim # of shape @ is negative (#)", {i, l.shape[i]}, {dims(l.shape)});
    }
    if (l.shape[i] > kMaxSafe) {
      SV_FAIL(Code::overflow, op, "dim # of shape @ is beyond 2^53-1", {i}, {dims(l.shape)});
    }
    zero = zero || l.shape[i] == 0;
  }
  if (!zero && !count_fits(l)) {  // a count with a zero dim is 0 (count_fits holds)
    SV_FAIL(Code::overflow, op, "shape @ has more than 2^53-1 elements", {}, {dims(l.shape)});
  }
  if (!is_safe(l.offset)) {
    SV_FAIL(Code::overflow, op, "offset # is beyond +-2^53-1", {l.offset});
  }
  if (with_strides) {
    for (int64_t s : l.strides) {
      if (!is_safe(s)) {
        SV_FAIL(Code::overflow, op, "stride # in @ is beyond +-2^53-1", {s}, {dims(l.strides)});
      }
    }
  } else if (!zero) {  // the count fits: the C strides are products of at most 2^53-1
    l.strides.resize(static_cast<size_t>(n));
    int64_t stride = 1;
    for (int i = n; i-- > 0;) {
      l.strides[i] = stride;
      stride *= l.shape[i];
    }
    // C strides and no mask (the usual request view): the span is [offset, offset + count - 1]
    // (`stride` is the count), so one addition stands for normalise's walk over the dims; the
    // result is what normalise would give (no mask, contiguous when the offset is 0). A span
    // beyond 2^53-1 goes on to normalise, which reports it.
    if (!l.has_mask() && is_safe(l.offset + (stride - 1))) {
      l.contiguous = l.offset == 0;
      return ok_status();
    }
  } else {
    l.strides.resize(static_cast<size_t>(n));
    const std::span<const int64_t> sh(l.shape.data(), l.shape.size());
    const int bad = shape::c_strides_into(sh, l.strides.data());
    if (bad >= 0) {
      Error e = shape::c_strides_error(sh, bad);
      SV_FAIL(e.code, op, "$", {}, {}, {e.message.c_str()});
    }
  }
  SV_CHECK(check_mask(l, op));
  return normalise_checked(l, op, zero);
}

Status check_permutation(std::span<const int64_t> axes, int64_t n) {
  const char* op = "permute";
  if (static_cast<int64_t>(axes.size()) != n) {
    SV_FAIL(Code::rank_mismatch, op, "# axes for a view of rank # (axes @)", {static_cast<int64_t>(axes.size()), n}, {axes});
  }
  uint64_t seen = 0;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i];
    if (a < 0 || a >= n) {
      SV_FAIL(Code::out_of_range, op, "axis # at position # is out of range [0, #) (axes @)", {a, static_cast<int64_t>(i), n}, {axes});
    }
    if ((seen >> a) & 1) {
      SV_FAIL(Code::invalid_argument, op, "axis # appears more than once (axes @ are not a permutation of # dims)", {a, n}, {axes});
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
    SV_FAIL(Code::rank_mismatch, "shrink", "# bounds for a view of rank #", {static_cast<int64_t>(bounds.size()), n});
  }
  bool identity = true;
  for (int i = 0; i < n; ++i) {
    const int64_t s = (bounds[i]).first, e = (bounds[i]).second;
    const bool full = s == 0 && e == l.shape[i];
    if (!full && !(0 <= s && s < e && e <= l.shape[i])) {
      SV_FAIL(Code::out_of_range, "shrink", "bound (#,#) of dim # is invalid for size # (need 0 <= start < end <= size)", {s, e, i, l.shape[i]});
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
    SV_FAIL(Code::overflow, "shrink", "offset of the result overflows 2^53-1");
  }
  SV_CHECK(normalise(out, "shrink"));
  return ok_status();
}

Status pad(const Layout& l, std::span<const FlatRange> padding, Layout& out) {
  const int n = l.ndim();
  if (static_cast<int64_t>(padding.size()) != n) {
    SV_FAIL(Code::rank_mismatch, "pad", "# (before, after) pairs for a view of rank #", {static_cast<int64_t>(padding.size()), n});
  }
  bool identity = true;
  for (int i = 0; i < n; ++i) {
    const int64_t b = (padding[i]).first, a = (padding[i]).second;
    if (b < 0 || a < 0) {
      SV_FAIL(Code::invalid_argument, "pad", "padding (#,#) of dim # is negative", {b, a, i});
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
      SV_FAIL(Code::overflow, "pad", "padding (#,#) of dim # overflows 2^53-1", {b, a, i});
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
    SV_FAIL(Code::rank_mismatch, "flip", "# flags for a view of rank #", {static_cast<int64_t>(flags.size()), n});
  }
  out = l;
  for (int i = 0; i < n; ++i) {
    const int64_t d = l.shape[i];
    if (flags[i] == 0 || d == 0) continue;
    auto o = checked_mul(d - 1, l.strides[i]);
    o = o ? checked_add(out.offset, *o) : std::nullopt;
    if (!o) SV_FAIL(Code::overflow, "flip", "offset of the result overflows 2^53-1");
    out.offset = *o;
    out.strides[i] = -l.strides[i];
    if (l.has_mask()) out.mask[i] = {d - l.mask[i].second, d - l.mask[i].first};
  }
  SV_CHECK(normalise(out, "flip"));
  return ok_status();
}

Status diagonal(const Layout& l, int64_t offset, int64_t axis1, int64_t axis2, Layout& out) {
  const int n = l.ndim();
  if (n < 2) {
    SV_FAIL(Code::rank_mismatch, "diagonal", "needs a view of at least 2 dims, got rank #", {n});
  }
  const int64_t a1 = axis1, a2 = axis2;
  if (!normalize_index(axis1, n) || !normalize_index(axis2, n)) {
    SV_FAIL(Code::out_of_range, "diagonal", "axis1 # and axis2 #: an axis is out of range for a view of rank #", {a1, a2, n});
  }
  if (axis1 == axis2) {
    SV_FAIL(Code::invalid_argument, "diagonal", "axis1 and axis2 cannot be the same (both dim #)", {axis1});
  }
  if (offset < -kMaxSafe || offset > kMaxSafe) {
    SV_FAIL(Code::out_of_range, "diagonal", "offset # is beyond +-2^53-1", {offset});
  }
  const int64_t d1 = l.shape[axis1], d2 = l.shape[axis2];
  // the first diagonal element's indices along axis1 / axis2, and the diagonal's length
  const int64_t o1 = offset < 0 ? -offset : 0, o2 = offset > 0 ? offset : 0;
  const int64_t len = std::max<int64_t>(0, std::min(d1 - o1, d2 - o2));
  out.shape.resize(static_cast<size_t>(n - 1));
  out.strides.resize(static_cast<size_t>(n - 1));
  out.mask.resize(l.has_mask() ? static_cast<size_t>(n - 1) : 0);
  out.offset = l.offset;
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (i == axis1 || i == axis2) continue;
    out.shape[k] = l.shape[i];
    out.strides[k] = l.strides[i];
    if (l.has_mask()) out.mask[k] = l.mask[i];
    ++k;
  }
  out.shape[k] = len;
  if (l.has_mask()) {
    // i is valid where m1.first <= i + o1 < m1.second and m2.first <= i + o2 < m2.second
    const FlatRange m1 = l.mask[axis1], m2 = l.mask[axis2];
    const int64_t lo = std::max<int64_t>({0, m1.first - o1, m2.first - o2});
    const int64_t hi = std::min<int64_t>({len, m1.second - o1, m2.second - o2});
    out.mask[k] = lo < hi ? FlatRange{lo, hi} : FlatRange{0, 0};
  }
  bool ok = true;
  if (len > 0) {
    auto s = checked_add(l.strides[axis1], l.strides[axis2]);
    auto m1 = checked_mul(o1, l.strides[axis1]);
    auto m2 = checked_mul(o2, l.strides[axis2]);
    auto o = m1 && m2 ? checked_add(l.offset, *m1) : std::nullopt;
    o = o ? checked_add(*o, *m2) : std::nullopt;
    ok = s && o;
    if (ok) {
      out.strides[k] = *s;
      out.offset = *o;
    }
  } else {
    out.strides[k] = 0;
    out.offset = 0;
  }
  if (!ok) SV_FAIL(Code::overflow, "diagonal", "offset or stride of the result overflows 2^53-1");
  SV_CHECK(normalise(out, "diagonal"));
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
      SV_FAIL(Code::invalid_argument, "reshape", "resolve_reshape: target shape @ has more than one inferred (-1) dim (at # and #)", {static_cast<int64_t>(at), static_cast<int64_t>(i)}, {target});
    }
    at = static_cast<int>(i);
  }
  if (at < 0) return ok_status();
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<int>(i) == at) continue;
    if (target[i] < 0) {
      SV_FAIL(Code::invalid_argument, "reshape", "resolve_reshape: dim # of target shape @ is negative (#)", {static_cast<int64_t>(i), target[i]}, {target});
    }
    auto m = checked_mul(known, target[i]);
    if (!m) {
      SV_FAIL(Code::overflow, "reshape", "resolve_reshape: target shape @ has more than 2^53-1 elements", {}, {target});
    }
    known = *m;
  }
  const int64_t total = l.numel();
  if (known == 0 ? total != 0 : total % known != 0) {
    SV_FAIL(Code::shape_mismatch, "reshape", "cannot infer -1 in @ from shape @ (element count unknown or not divisible by the other dims)", {}, {target, dims(l.shape)});
  }
  out[at] = known == 0 ? 0 : total / known;
  return ok_status();
}

[[gnu::cold, gnu::noinline]] Status reshape_fail(const Layout& l, std::span<const int64_t> target,
                                                 const char* why) {
  const std::string mask =
      l.has_mask() ? " and mask " + mask_to_string(std::span<const FlatRange>(l.mask.data(), l.mask.size()))
                   : std::string();
  SV_FAIL(Code::not_expressible, "reshape", "cannot reshape @ with strides @$ to @$; call contiguous() first",
          {}, {dims(l.shape), dims(l.strides), target}, {mask.c_str(), why});
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
    SV_FAIL(Code::invalid_argument, "reshape", "rank # exceeds the maximum of #", {static_cast<int64_t>(requested.size()), kMaxRank});
  }
  int64_t tbuf[kMaxRank];
  SV_CHECK(resolve_infer(l, requested, tbuf));
  const std::span<const int64_t> target(tbuf, requested.size());
  const int n = static_cast<int>(target.size());
  bool same = n == l.ndim();
  for (int i = 0; i < n; ++i) {
    if (target[i] < 0) {
      SV_FAIL(Code::invalid_argument, "reshape", "dim # of @ is negative (#)", {i, target[i]}, {target});
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
    SV_FAIL(Code::overflow, "reshape", "target shape @ has more than 2^53-1 elements", {}, {target});
  }
  if (n_old != n_new) {
    SV_FAIL(Code::shape_mismatch, "reshape", "cannot reshape @ (# elements) to @ (# elements)", {n_old, n_new}, {dims(l.shape), target});
  }
  out.shape.assign(target.data(), target.size());
  out.mask.clear();
  out.strides.resize(target.size());
  const int bad = shape::c_strides_into(target, out.strides.data());
  if (bad >= 0) {
    Error e = shape::c_strides_error(target, bad);
    SV_FAIL(e.code, "reshape", "$", {}, {}, {e.message.c_str()});
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
    if (!o) SV_FAIL(Code::overflow, "reshape", "offset of the result overflows 2^53-1");
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
      SV_FAIL(Code::invalid_argument, "expand", "dim # of @ is negative (#)", {i, target[i]}, {target});
    }
  }
  if (n > kMaxRank) {
    SV_FAIL(Code::invalid_argument, "expand", "rank # exceeds the maximum of #", {n, kMaxRank});
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
    SV_FAIL(Code::rank_mismatch, "expand", "cannot expand @ to @ (rank # vs #); reshape to add dims first", {static_cast<int64_t>(l.ndim()), n}, {dims(l.shape), target});
  }
  out.strides = l.strides;
  out.mask = l.mask;
  for (int i = 0; i < n; ++i) {
    if (target[i] == l.shape[i]) continue;
    if (l.shape[i] != 1) {
      SV_FAIL(Code::shape_mismatch, "expand", "cannot expand @ to @: dim # has size # (only size-1 dims can grow)", {i, l.shape[i]}, {dims(l.shape), target});
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
    SV_FAIL(Code::rank_mismatch, "broadcast_to", "cannot broadcast shape @ to @ of lower rank", {}, {dims(l.shape), target});
  }
  if (n == l.ndim()) return expand(l, target, out);
  if (n > kMaxRank) {
    SV_FAIL(Code::invalid_argument, "reshape", "rank # exceeds the maximum of #", {n, kMaxRank});
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
