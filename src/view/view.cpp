#include "view/view.hpp"

#include <algorithm>

#include "shape/shape.hpp"
#include "view/reshape_rule.hpp"

namespace sv {
namespace {

using sym::Dim;

std::string S(int64_t v) { return std::to_string(v); }

Dim mul_fold(const Dim& a, const Dim& b) {
  if (a.is_const() && b.is_const()) {
    auto m = checked_mul(a.const_value(), b.const_value());
    if (m) return Dim::constant(*m);
  }
  if (a.is_const() && a.const_value() == 1) return b;
  if (b.is_const() && b.const_value() == 1) return a;
  return Dim::mul(a, b);
}

std::vector<Dim> const_dims(const Dims& d) {
  std::vector<Dim> out;
  out.reserve(d.size());
  for (int64_t v : d) out.push_back(Dim::constant(v));
  return out;
}

// C-contiguous strides of a possibly symbolic shape. Static (or bound) shapes get the canonical
// integers including the zero-size rule; symbolic ones get products of the later dims.
Result<std::vector<Dim>> c_strides(const sym::Shape& shape) {
  if (sym::is_static(shape)) {
    SV_TRY(Dims s, shape::c_contiguous_strides(*sym::eval(shape)));
    return const_dims(s);
  }
  const size_t n = shape.size();
  std::vector<Dim> s(n, Dim::constant(1));
  for (size_t i = n - 1; i-- > 0;) {
    const Dim& next = shape[i + 1];
    // A static size 0 or 1 contributes max(1, size) = 1.
    s[i] = (next.is_const() && next.const_value() <= 1) ? s[i + 1] : mul_fold(s[i + 1], next);
  }
  for (size_t i = n; i-- > 0;) {  // zero-size rule for statically known zeros
    if (shape[i].is_const() && shape[i].const_value() == 0) {
      for (size_t j = 0; j <= i; ++j) s[j] = Dim::constant(0);
      break;
    }
  }
  return s;
}

bool dims_equal(const std::vector<Dim>& a, const std::vector<Dim>& b) { return sym::equal(a, b); }

bool has_static_zero(const sym::Shape& s) {
  for (const Dim& d : s) {
    auto v = d.eval();
    if (v && *v == 0) return true;
  }
  return false;
}

std::string strides_to_string(const std::vector<Dim>& s) { return sym::to_string(s); }

// [lo, hi] of offset + sum(idx_i * stride_i) over idx in the box ranges (non-empty ranges).
std::optional<Range> span_of(const Dims& strides, int64_t offset, const Mask& box) {
  int64_t lo = offset, hi = offset;
  for (size_t i = 0; i < strides.size(); ++i) {
    auto a = checked_mul(box[i].first, strides[i]);
    auto b = checked_mul(box[i].second - 1, strides[i]);
    if (!a || !b) return std::nullopt;
    auto l = checked_add(lo, std::min(*a, *b));
    auto h = checked_add(hi, std::max(*a, *b));
    if (!l || !h) return std::nullopt;
    lo = *l;
    hi = *h;
  }
  return Range{lo, hi};
}

Mask full_box(const Dims& shape) {
  Mask m;
  for (int64_t d : shape) m.push_back({0, d});
  return m;
}

}  // namespace

// ------------------------------------------------------------------------------------ create

Result<View> View::make(sym::Shape shape, std::vector<Dim> strides, int64_t offset,
                        std::optional<Mask> mask, const char* op) {
  View v;
  const auto dims = sym::eval(shape);
  if (dims) {  // the element count is metadata too: at most 2^53-1, even with zero strides
    auto n = shape::numel(*dims);
    if (!n.ok()) {
      if (n.error().code != Code::overflow) {
        return make_error(n.error().code, std::string(op) + ": " + n.error().message);
      }
      return make_error(Code::overflow, std::string(op) + ": shape " + dims_to_string(*dims) +
                                            " has more than 2^53-1 elements");
    }
  }
  if (has_static_zero(shape)) {
    offset = 0;
    mask.reset();
  }
  if (mask) {
    bool empty = std::any_of(mask->begin(), mask->end(),
                             [](const Range& r) { return r.first >= r.second; });
    if (empty) {
      for (auto& s : strides) s = Dim::constant(0);
      offset = 0;
      for (auto& r : *mask) r = {0, 0};
    } else if (dims && *mask == full_box(*dims)) {
      mask.reset();
    }
  }
  if (dims && !has_static_zero(shape)) {
    Dims st;
    for (const Dim& s : strides) {
      auto sv_ = s.eval();
      if (!sv_) break;
      st.push_back(*sv_);
    }
    if (st.size() == strides.size()) {
      const bool all_invalid = mask && (*mask)[0].first == (*mask)[0].second;
      if (!all_invalid && !span_of(st, offset, mask ? *mask : full_box(*dims))) {
        return make_error(Code::overflow, std::string(op) + ": view of shape " +
                                              dims_to_string(*dims) + " with strides " +
                                              dims_to_string(st) + " and offset " + S(offset) +
                                              " addresses elements beyond +-2^53-1");
      }
    }
  }
  // The canonical strides only decide the flag; when they overflow (a zero-size view such as
  // [0,0,4,3,2^53-1]) the view is simply not C-contiguous.
  auto canonical = c_strides(shape);
  v.contiguous_ = canonical.ok() && offset == 0 && !mask && dims_equal(strides, *canonical);
  v.concrete_ = sym::is_static(shape) && std::all_of(strides.begin(), strides.end(),
                                                     [](const Dim& d) { return d.is_const(); });
  v.shape_ = std::move(shape);
  v.strides_ = std::move(strides);
  v.offset_ = offset;
  v.mask_ = std::move(mask);
  return v;
}

Result<View> View::create(const sym::Shape& shape, std::optional<int64_t> offset,
                          std::optional<Dims> strides, std::optional<Mask> mask) {
  const int n = static_cast<int>(shape.size());
  if (n > kMaxRank) {
    return make_error(Code::invalid_argument, "create: rank " + S(n) + " exceeds the maximum of " +
                                                  S(kMaxRank));
  }
  // A concrete view (static shape, per-dim counts that match): the one concrete create. Other
  // requests (symbolic dims, or counts whose error is reported in order below) take the general
  // path.
  if (sym::is_static(shape) && (!strides || static_cast<int>(strides->size()) == n) &&
      (!mask || static_cast<int>(mask->size()) == n)) {
    Layout l;
    l.shape = *sym::eval(shape);
    l.offset = offset.value_or(0);
    if (strides) l.strides = *strides;
    if (mask) l.mask = *mask;
    SV_CHECK(layout::create(l, strides.has_value()));
    return from_layout(l);
  }
  for (int i = 0; i < n; ++i) {
    auto v = shape[i].eval_or_error("create");
    if (!v.ok()) {
      if (v.error().code == Code::unbound) continue;  // fine until an op needs the value
      return v.error();                                // an expression beyond 2^53-1
    }
    if (*v < 0) {
      return make_error(Code::invalid_argument, "create: dim " + S(i) + " of shape " +
                                                    sym::to_string(shape) + " is negative (" +
                                                    S(*v) + ")");
    }
    if (*v > kMaxSafe) {
      return make_error(Code::overflow, "create: dim " + S(i) + " of shape " +
                                            sym::to_string(shape) + " is beyond 2^53-1");
    }
  }
  if (auto dims = sym::eval(shape); dims && !shape::numel(*dims).ok()) {
    return make_error(Code::overflow, "create: shape " + dims_to_string(*dims) +
                                          " has more than 2^53-1 elements");
  }
  if (offset && !is_safe(*offset)) {
    return make_error(Code::overflow, "create: offset " + S(*offset) + " is beyond +-2^53-1");
  }
  std::vector<Dim> st;
  if (strides) {
    if (static_cast<int>(strides->size()) != n) {
      return make_error(Code::rank_mismatch, "create: " + S(strides->size()) +
                                                 " strides for shape " + sym::to_string(shape) +
                                                 " of rank " + S(n));
    }
    for (int64_t s : *strides) {
      if (!is_safe(s)) {
        return make_error(Code::overflow,
                          "create: stride " + S(s) + " in " + dims_to_string(*strides) +
                              " is beyond +-2^53-1");
      }
    }
    st = const_dims(*strides);
  } else {
    auto cs = c_strides(shape);
    if (!cs.ok()) return make_error(cs.error().code, "create: " + cs.error().message);
    st = std::move(*cs);
  }
  if (mask) {
    if (static_cast<int>(mask->size()) != n) {
      return make_error(Code::rank_mismatch, "create: mask " + mask_to_string(*mask) + " has " +
                                                 S(mask->size()) + " ranges for shape " +
                                                 sym::to_string(shape) + " of rank " + S(n));
    }
    for (int i = 0; i < n; ++i) {
      SV_TRY(int64_t size, shape[i].eval_or_error("create (masked view)"));
      const auto [b, e] = (*mask)[i];
      if (b < 0 || b > e || e > size) {
        return make_error(Code::invalid_argument,
                          "create: mask range (" + S(b) + "," + S(e) + ") of dim " + S(i) +
                              " is invalid for size " + S(size) +
                              " (need 0 <= start <= end <= size)");
      }
    }
  }
  return make(shape, std::move(st), offset.value_or(0), std::move(mask), "create");
}

Result<View> View::create(std::span<const int64_t> shape, std::optional<int64_t> offset,
                          std::optional<Dims> strides, std::optional<Mask> mask) {
  return create(sym::of_ints(shape), offset, std::move(strides), std::move(mask));
}

// ------------------------------------------------------------------------------------ properties

Result<Dims> View::strides() const { return eval_strides("strides"); }

Result<Dims> View::eval_strides(const char* op) const {
  Dims out;
  out.reserve(strides_.size());
  for (const Dim& s : strides_) {
    SV_TRY(int64_t v, s.eval_or_error(op));
    out.push_back(v);
  }
  if (contiguous_ && !sym::is_static(shape_)) {
    // A symbolic contiguous view bound to a zero size gets the canonical zero-size strides.
    SV_TRY(Dims d, sym::eval_or_error(shape_, op));
    if (std::find(d.begin(), d.end(), 0) != d.end()) {
      auto cs = shape::c_contiguous_strides(d);
      if (!cs.ok()) return make_error(cs.error().code, std::string(op) + ": " + cs.error().message);
      return cs;
    }
  }
  return out;
}

Result<Dim> View::dim(int axis) const {
  if (axis < 0 || axis >= ndim()) {
    return make_error(Code::out_of_range, "dim: axis " + S(axis) + " is out of range for a view of rank " +
                                              S(ndim()));
  }
  return shape_[axis];
}

Result<int64_t> View::stride(int axis) const {
  if (axis < 0 || axis >= ndim()) {
    return make_error(Code::out_of_range, "stride: axis " + S(axis) +
                                              " is out of range for a view of rank " + S(ndim()));
  }
  SV_TRY(Dims s, eval_strides("stride"));
  return s[axis];
}

std::optional<Dims> View::strides_opt() const {
  View v = simplify();
  if (v.mask_) return std::nullopt;
  auto s = v.strides();
  if (!s.ok()) return std::nullopt;
  return *s;
}

bool View::is_materializable() const { return sym::is_static(shape_) && can_get_strides(); }

Result<Dims> View::concrete_shape(const char* op) const {
  return sym::eval_or_error(shape_, op);
}

Result<Layout> View::layout(const char* op) const {
  Layout l;
  SV_TRY(l.shape, concrete_shape(op));
  SV_TRY(l.strides, eval_strides(op));
  l.offset = offset_;
  if (mask_) l.mask = *mask_;
  l.contiguous = contiguous_;
  return l;
}

Layout View::lower() const {
  Layout l;
  const size_t n = shape_.size();
  l.shape.resize(n);
  l.strides.resize(n);
  for (size_t i = 0; i < n; ++i) {
    l.shape[i] = shape_[i].const_value();
    l.strides[i] = strides_[i].const_value();
  }
  l.offset = offset_;
  if (mask_) l.mask = *mask_;
  l.contiguous = contiguous_;
  return l;
}

View View::from_layout(const Layout& l) {
  View v;
  const size_t n = l.shape.size();
  v.shape_.reserve(n);
  v.strides_.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    v.shape_.push_back(Dim::constant(l.shape[i]));
    v.strides_.push_back(Dim::constant(l.strides[i]));
  }
  v.offset_ = l.offset;
  if (l.has_mask()) v.mask_.emplace(l.mask.begin(), l.mask.end());
  v.contiguous_ = l.contiguous;
  v.concrete_ = true;
  return v;
}

Result<View> View::lift(const Result<Layout>& r, const sym::Shape* shape, const char* op) {
  if (!r.ok()) return r.error();
  if (!shape) return from_layout(*r);
  const Layout& l = *r;
  std::optional<Mask> m;
  if (l.has_mask()) m.emplace(l.mask.begin(), l.mask.end());
  return make(*shape, const_dims(l.strides), l.offset, std::move(m), op);
}

Result<std::optional<Range>> View::required_span() const {
  SV_TRY(Layout l, layout("required_span"));
  SV_TRY(int64_t n, shape::numel(l.shape));
  int64_t lo, hi;
  if (n == 0 || !layout::has_valid(l)) return std::optional<Range>();
  if (!layout::span_checked(l, lo, hi)) {
    return make_error(Code::overflow, "required_span: view " + to_string() +
                                          " addresses elements beyond +-2^53-1");
  }
  return std::optional<Range>(Range{lo, hi});
}

// ------------------------------------------------------------------------------------ index ops

Result<int64_t> View::linear_index(std::span<const int64_t> idx) const {
  if (static_cast<int>(idx.size()) != ndim()) {
    return make_error(Code::rank_mismatch, "linear_index: index " + dims_to_string(idx) +
                                               " has rank " + S(idx.size()) +
                                               " but the view has rank " + S(ndim()));
  }
  SV_TRY(Dims st, eval_strides("linear_index"));
  // Exact in 128 bits (offset first): partial sums may leave +-2^53-1 when the result does not.
  __int128 acc = offset_;
  for (size_t i = 0; i < idx.size(); ++i) acc += static_cast<__int128>(idx[i]) * st[i];
  const std::optional<int64_t> total =
      (acc >= -kMaxSafe && acc <= kMaxSafe) ? std::optional<int64_t>(static_cast<int64_t>(acc))
                                            : std::nullopt;
  if (!total) {
    return make_error(Code::overflow, "linear_index: index " + dims_to_string(idx) +
                                          " overflows 2^53-1");
  }
  return *total;
}

bool View::is_valid(std::span<const int64_t> idx) const {
  if (static_cast<int>(idx.size()) != ndim()) return false;
  if (!mask_) return true;
  for (size_t i = 0; i < idx.size(); ++i) {
    if (idx[i] < (*mask_)[i].first || idx[i] >= (*mask_)[i].second) return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------ movement

View View::simplify() const {
  if (concrete_) {
    Layout l = lower();
    return layout::normalise(l, "simplify").ok() ? from_layout(l) : *this;
  }
  auto v = make(shape_, strides_, offset_, mask_, "simplify");
  return v.ok() ? *v : *this;
}

Result<View> View::reshape(std::span<const int64_t> new_shape) const {
  return reshape(sym::of_ints(new_shape));
}

Result<View> View::reshape(const sym::Shape& requested) const {
  if (concrete_ && sym::is_static(requested)) {
    return lift(layout::reshape(lower(), *sym::eval(requested)), nullptr, "reshape");
  }
  sym::Shape target = requested;
  if (std::any_of(target.begin(), target.end(), [](const Dim& d) { return sym::is_infer(d); })) {
    auto resolved = sym::resolve_reshape(shape_, target);
    if (!resolved.ok()) {
      return make_error(resolved.error().code, "reshape: " + resolved.error().message);
    }
    std::optional<sym::Shape> r = std::move(*resolved);
    if (!r) {
      return make_error(Code::shape_mismatch,
                        "reshape: cannot infer -1 in " + sym::to_string(requested) + " from shape " +
                            sym::to_string(shape_) +
                            " (element count unknown or not divisible by the other dims)");
    }
    target = std::move(*r);
  }
  if (static_cast<int>(target.size()) > kMaxRank) {
    return make_error(Code::invalid_argument, "reshape: rank " + S(target.size()) +
                                                  " exceeds the maximum of " + S(kMaxRank));
  }
  for (size_t i = 0; i < target.size(); ++i) {
    auto v = target[i].eval();
    if (v && *v < 0) {
      return make_error(Code::invalid_argument, "reshape: dim " + S(i) + " of " +
                                                    sym::to_string(target) + " is negative (" +
                                                    S(*v) + ")");
    }
  }
  if (sym::equal(shape_, target)) return *this;

  const auto old_dims = sym::eval(shape_);
  const auto new_dims = sym::eval(target);
  if (old_dims && new_dims) {  // bound dims: the concrete rule, the symbolic shape kept
    SV_TRY(Layout l, layout("reshape"));
    return lift(layout::reshape(l, *new_dims), &target, "reshape");
  }

  // Symbolic: element counts must be equal as polynomials.
  if (!sym::provably_equal(sym::numel_dim(shape_), sym::numel_dim(target))) {
    return make_error(Code::shape_mismatch, "reshape: cannot reshape " + sym::to_string(shape_) +
                                                " to " + sym::to_string(target) +
                                                ": element counts are not provably equal");
  }
  if (!mask_ && contiguous_) {
    auto cs = c_strides(target);
    if (!cs.ok()) return make_error(cs.error().code, "reshape: " + cs.error().message);
    return make(target, std::move(*cs), 0, std::nullopt, "reshape");
  }
  // Only size-1 dims added or removed: carry the strides of the other dims.
  auto not_one = [](const Dim& d) { return !(d.is_const() && d.const_value() == 1); };
  sym::Shape a, b;
  std::vector<Dim> kept;
  for (size_t i = 0; i < shape_.size(); ++i) {
    if (not_one(shape_[i])) {
      a.push_back(shape_[i]);
      kept.push_back(strides_[i]);
    } else if (mask_ && (*mask_)[i] != Range{0, 1}) {
      a.push_back(Dim::constant(-2));  // forces a mismatch: an invalid singleton is not droppable
    }
  }
  for (const Dim& d : target) {
    if (not_one(d)) b.push_back(d);
  }
  if (sym::equal(a, b)) {
    std::vector<Dim> st;
    std::optional<Mask> nm;
    if (mask_) nm.emplace();
    size_t k = 0;
    size_t oi = 0;
    for (const Dim& d : target) {
      if (not_one(d)) {
        while (!not_one(shape_[oi])) ++oi;
        st.push_back(kept[k++]);
        if (nm) nm->push_back((*mask_)[oi]);
        ++oi;
      } else {
        st.push_back(Dim::constant(0));
        if (nm) nm->push_back({0, 1});
      }
    }
    return make(target, std::move(st), offset_, std::move(nm), "reshape");
  }
  return make_error(Code::not_expressible,
                    "reshape: cannot reshape " + sym::to_string(shape_) + " with strides " +
                        strides_to_string(strides_) + (mask_ ? " and mask " + mask_to_string(*mask_) : "") +
                        " to " + sym::to_string(target) +
                        " while dims are unbound; bind them or call contiguous() first");
}

Result<View> View::expand(std::span<const int64_t> new_shape) const {
  return expand(sym::of_ints(new_shape));
}

Result<View> View::expand(const sym::Shape& target) const {
  if (concrete_ && sym::is_static(target)) {
    return lift(layout::expand(lower(), *sym::eval(target)), nullptr, "expand");
  }
  for (size_t i = 0; i < target.size(); ++i) {
    auto v = target[i].eval();
    if (v && *v < 0) {
      return make_error(Code::invalid_argument, "expand: dim " + S(i) + " of " +
                                                    sym::to_string(target) + " is negative (" +
                                                    S(*v) + ")");
    }
  }
  if (static_cast<int>(target.size()) > kMaxRank) {
    return make_error(Code::invalid_argument, "expand: rank " + S(target.size()) +
                                                  " exceeds the maximum of " + S(kMaxRank));
  }
  if (ndim() == 0) {
    return make(target, std::vector<Dim>(target.size(), Dim::constant(0)), offset_, std::nullopt,
                "expand");
  }
  if (target.size() != shape_.size()) {
    return make_error(Code::rank_mismatch, "expand: cannot expand " + sym::to_string(shape_) +
                                               " to " + sym::to_string(target) + " (rank " +
                                               S(ndim()) + " vs " + S(target.size()) +
                                               "); reshape to add dims first");
  }
  std::vector<Dim> st = strides_;
  std::optional<Mask> nm = mask_;
  for (size_t i = 0; i < target.size(); ++i) {
    const Dim& o = shape_[i];
    const Dim& t = target[i];
    if (sym::dim_equal(o, t)) continue;
    const auto ov = o.eval(), tv = t.eval();
    if ((ov && tv && *ov == *tv) || (!ov && sym::provably_equal(o, t))) continue;
    if (ov && *ov == 1) {
      st[i] = Dim::constant(0);
      if (nm && (*nm)[i] != Range{0, 0}) {
        if (!tv) {
          return make_error(Code::unbound, "expand: masked view " + to_string() +
                                               " cannot grow dim " + S(i) + " to unbound " +
                                               t.to_string() + "; bind it first");
        }
        (*nm)[i] = {0, *tv};
      }
      continue;
    }
    return make_error(Code::shape_mismatch,
                      "expand: cannot expand " + sym::to_string(shape_) + " to " +
                          sym::to_string(target) + ": dim " + S(i) + " has size " + o.to_string() +
                          " (only size-1 dims can grow)");
  }
  return make(target, std::move(st), offset_, std::move(nm), "expand");
}

Result<View> View::permute(std::span<const int> axes) const {
  const Dims ax(axes.begin(), axes.end());
  if (concrete_) return lift(layout::permute(lower(), ax), nullptr, "permute");
  SV_CHECK(layout::check_permutation(ax, ndim()));
  sym::Shape sh;
  std::vector<Dim> st;
  std::optional<Mask> nm;
  if (mask_) nm.emplace();
  for (int a : axes) {
    sh.push_back(shape_[a]);
    st.push_back(strides_[a]);
    if (nm) nm->push_back((*mask_)[a]);
  }
  return make(std::move(sh), std::move(st), offset_, std::move(nm), "permute");
}

Result<View> View::shrink(const Mask& bounds) const {
  SV_TRY(Layout l, concrete_ ? Result<Layout>(lower()) : layout("shrink"));
  const std::vector<FlatRange> b(bounds.begin(), bounds.end());
  auto r = layout::shrink(l, b);
  if (concrete_ || !r.ok()) return lift(r, nullptr, "shrink");
  // Bound symbolic dims: a dim kept whole keeps its symbolic size (and the identity is *this).
  sym::Shape sh;
  bool identity = true;
  for (size_t i = 0; i < bounds.size(); ++i) {
    const bool full = bounds[i] == Range{0, l.shape[i]};
    identity = identity && full;
    sh.push_back(full ? shape_[i] : Dim::constant(r->shape[i]));
  }
  if (identity) return *this;
  return lift(r, &sh, "shrink");
}

Result<View> View::pad(const Mask& padding) const {
  SV_TRY(Layout l, concrete_ ? Result<Layout>(lower()) : layout("pad"));
  const std::vector<FlatRange> p(padding.begin(), padding.end());
  auto r = layout::pad(l, p);
  if (!concrete_ && r.ok() &&
      std::all_of(padding.begin(), padding.end(), [](const Range& x) { return x == Range{0, 0}; })) {
    return *this;
  }
  return lift(r, nullptr, "pad");
}

Result<View> View::flip(const std::vector<bool>& axes_to_flip) const {
  SV_TRY(Layout l, concrete_ ? Result<Layout>(lower()) : layout("flip"));
  const Dims f(axes_to_flip.begin(), axes_to_flip.end());
  return lift(layout::flip(l, f), concrete_ ? nullptr : &shape_, "flip");
}

Result<View> View::broadcast_to(const sym::Shape& target) const {
  if (concrete_ && sym::is_static(target)) {
    return lift(layout::broadcast_to(lower(), *sym::eval(target)), nullptr, "broadcast_to");
  }
  const size_t n = shape_.size();
  if (target.size() < n) {
    return make_error(Code::rank_mismatch, "broadcast_to: cannot broadcast shape " +
                                               sym::to_string(shape_) + " to " +
                                               sym::to_string(target) + " of lower rank");
  }
  if (target.size() == n) return expand(target);
  sym::Shape lifted(target.size() - n, Dim::constant(1));
  lifted.insert(lifted.end(), shape_.begin(), shape_.end());
  SV_TRY(View r, reshape(lifted));
  return r.expand(target);
}

std::string View::to_string() const {
  return "View(shape=" + sym::to_string(shape_) + ", strides=" + strides_to_string(strides_) +
         ", offset=" + S(offset_) + ", mask=" + (mask_ ? mask_to_string(*mask_) : "None") +
         ", contiguous=" + (contiguous_ ? "true" : "false") + ")";
}

std::optional<LayoutMask> reshape_valid_box(std::span<const int64_t> old_shape,
                                            std::span<const FlatRange> mask,
                                            std::span<const int64_t> new_shape) {
  auto m = reshape_mask(Dims(old_shape.begin(), old_shape.end()), Mask(mask.begin(), mask.end()),
                        Dims(new_shape.begin(), new_shape.end()));
  if (!m) return std::nullopt;
  return LayoutMask(*m);
}

}  // namespace sv
