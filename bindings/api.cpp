// Request dispatch for the wire protocol (see wire.hpp). Decodes numbers into core values, calls
// the core (Shape, Sym, View) and the kernels, encodes the result. No Emscripten header: this file
// builds natively as well.
//
// What lives here besides conversion: composing core calls the JS layer would otherwise make one
// by one (broadcast_to = reshape with leading ones + expand; a NumPy basic slice = one
// View::create with the strides, offset and mask the slice selects); kernel calls and gathers are
// in fast.cpp.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "kernels/kernels.hpp"
#include "shape/shape.hpp"
#include "view/flat.hpp"
#include "wire.hpp"

namespace sv::wire {

VarRegistry& registry() {
  static VarRegistry r;
  return r;
}

namespace {

using sym::Dim;
constexpr int kMaxDepth = 2048;
constexpr int64_t kMaxCount = int64_t{1} << 40;
std::string S(int64_t v) { return std::to_string(v); }

// ------------------------------------------------------------------------------------ decoding

Result<Dim> read_expr(Reader& r, int depth) {
  if (depth > kMaxDepth) return malformed("expression nested too deeply");
  SV_TRY(int64_t tag, r.i64());
  switch (tag) {
    case kConst: {
      SV_TRY(int64_t v, r.i64());
      return Dim::constant(v);
    }
    case kVar: {
      SV_TRY(int64_t id, r.i64());
      const sym::Var* v = registry().find(id);
      if (!v) return make_error(Code::invalid_argument, "binding: unknown variable id " + S(id));
      return Dim::of_var(*v);
    }
    case kAdd:
    case kMul: {
      SV_TRY(Dim a, read_expr(r, depth + 1));
      SV_TRY(Dim b, read_expr(r, depth + 1));
      return tag == kAdd ? sym::add(a, b) : sym::mul(a, b);
    }
    case kNeg: {
      SV_TRY(Dim a, read_expr(r, depth + 1));
      return sym::neg(a);
    }
    default: return malformed("unknown expression token");
  }
}

Result<sym::Shape> read_shape(Reader& r) {
  SV_TRY(int64_t n, r.count(4096));
  sym::Shape s;
  s.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    SV_TRY(Dim d, read_expr(r, 0));
    s.push_back(std::move(d));
  }
  return s;
}

Result<Dims> read_n(Reader& r, int64_t n) {
  Dims d;
  d.reserve(static_cast<size_t>(std::min<int64_t>(n, 4096)));
  for (int64_t i = 0; i < n; ++i) {
    SV_TRY(int64_t v, r.i64());
    d.push_back(v);
  }
  return d;
}

Result<Dims> read_dims(Reader& r) {
  SV_TRY(int64_t n, r.count(kMaxCount));
  return read_n(r, n);
}

Result<Mask> read_pairs(Reader& r, int64_t n) {
  Mask m;
  for (int64_t i = 0; i < n; ++i) {
    SV_TRY(int64_t a, r.i64());
    SV_TRY(int64_t b, r.i64());
    m.push_back({a, b});
  }
  return m;
}

}  // namespace

Result<View> broadcast_to(const View& v, const sym::Shape& target) {
  const size_t n = v.shape().size();
  if (target.size() < n) {
    return make_error(Code::rank_mismatch, "broadcast_to: cannot broadcast shape " +
                                               sym::to_string(v.shape()) + " to " +
                                               sym::to_string(target) + " of lower rank");
  }
  if (target.size() == n) return v.expand(target);
  sym::Shape lifted(target.size() - n, Dim::constant(1));
  lifted.insert(lifted.end(), v.shape().begin(), v.shape().end());
  SV_TRY(View r, v.reshape(lifted));
  return r.expand(target);
}

namespace {

Result<View> apply_view_op(const View& v, int64_t op, Reader& r) {
  switch (op) {
    case kViewReshape: {
      SV_TRY(sym::Shape s, read_shape(r));
      return v.reshape(s);
    }
    case kViewExpand: {
      SV_TRY(sym::Shape s, read_shape(r));
      return v.expand(s);
    }
    case kViewBroadcastTo: {
      SV_TRY(sym::Shape s, read_shape(r));
      return broadcast_to(v, s);
    }
    case kViewPermute: {
      SV_TRY(Dims a, read_dims(r));
      std::vector<int> axes;
      for (int64_t x : a) {
        axes.push_back(static_cast<int>(std::clamp<int64_t>(x, -1, 1 << 20)));
      }
      return v.permute(axes);
    }
    case kViewShrink:
    case kViewPad: {
      SV_TRY(int64_t n, r.count(4096));
      SV_TRY(Mask m, read_pairs(r, n));
      return op == kViewShrink ? v.shrink(m) : v.pad(m);
    }
    case kViewFlip: {
      SV_TRY(Dims a, read_dims(r));
      std::vector<bool> f;
      for (int64_t x : a) f.push_back(x != 0);
      return v.flip(f);
    }
    default: return malformed("unknown view op");
  }
}

}  // namespace

Result<View> read_view(Reader& r, int depth) {
  if (depth > kMaxDepth) return malformed("view derivation too deep");
  SV_TRY(int64_t tag, r.i64());
  if (tag == kViewFlat) {
    SV_TRY(sym::Shape shape, read_shape(r));
    SV_TRY(int64_t offset, r.i64());
    SV_TRY(int64_t has_strides, r.i64());
    std::optional<Dims> strides;
    if (has_strides) {
      SV_TRY(Dims s, read_dims(r));
      strides = std::move(s);
    }
    SV_TRY(int64_t has_mask, r.i64());
    std::optional<Mask> mask;
    if (has_mask) {
      SV_TRY(int64_t n, r.count(4096));
      SV_TRY(Mask m, read_pairs(r, n));
      mask = std::move(m);
    }
    return View::create(shape, offset, std::move(strides), std::move(mask));
  }
  if (tag == kViewDerived) {
    SV_TRY(View parent, read_view(r, depth + 1));
    SV_TRY(int64_t op, r.i64());
    return apply_view_op(parent, op, r);
  }
  return malformed("unknown view tag");
}

namespace {

// ------------------------------------------------------------------------------------ encoding

void write_expr(Writer& w, const Dim& d) {
  switch (d.kind()) {
    case Dim::Kind::constant:
      w.i64(kConst);
      w.i64(d.const_value());
      return;
    case Dim::Kind::var:
      w.i64(kVar);
      w.i64(d.var().id());
      return;
    case Dim::Kind::add:
    case Dim::Kind::mul:
      w.i64(d.kind() == Dim::Kind::add ? kAdd : kMul);
      write_expr(w, d.lhs());
      write_expr(w, d.rhs());
      return;
    case Dim::Kind::neg:
      w.i64(kNeg);
      write_expr(w, d.lhs());
      return;
  }
}

void write_shape(Writer& w, const sym::Shape& s) {
  w.i64(static_cast<int64_t>(s.size()));
  for (const Dim& d : s) write_expr(w, d);
}

void write_view(Writer& w, const View& v) {
  const bool const_strides = std::all_of(v.sym_strides().begin(), v.sym_strides().end(),
                                         [](const Dim& d) { return d.is_const(); });
  int mode = kModeDerivation;
  if (const_strides && (!v.mask() || sym::is_static(v.shape()))) {
    mode = kModeStrided;
  } else if (v.is_c_contiguous()) {
    mode = kModeCContiguous;
  }
  w.i64(mode);
  w.i64(v.ndim());
  for (const Dim& d : v.shape()) write_expr(w, d);
  for (const Dim& d : v.sym_strides()) write_expr(w, d);
  w.i64(v.offset());
  w.b(v.mask().has_value());
  if (v.mask()) {
    for (const Range& r : *v.mask()) {
      w.i64(r.first);
      w.i64(r.second);
    }
  }
  w.b(v.is_c_contiguous());
  write_expr(w, v.numel());
}

void write_result(Writer& w, int64_t v) { w.i64(v); }
void write_result(Writer& w, const Dims& d) { w.dims(d); }

// A Shape op over concrete dims: one dims argument per parameter of `f`, its result written back.
template <class F>
Status dims_call(Reader& r, Writer& w, F f) {
  if constexpr (std::is_invocable_v<F, const Dims&>) {
    SV_TRY(Dims a, read_dims(r));
    SV_TRY(auto res, f(a));
    write_result(w, res);
  } else {
    SV_TRY(Dims a, read_dims(r));
    SV_TRY(Dims b, read_dims(r));
    SV_TRY(auto res, f(a, b));
    write_result(w, res);
  }
  return ok_status();
}

void write_opt(Writer& w, const std::optional<int64_t>& v) {
  w.b(v.has_value());
  w.i64(v.value_or(0));
}

// kViewExplainReshape: view target_shape ngroups (in_first in_last out_first out_last){n}
// has_blocking axis0 axis1 shape0 shape1 stride0 stride1 has_expected expected
// has_mask_blocking (in_first in_last out_first out_last) has_strides dims?; the text as the string.
void write_explanation(Writer& w, const ReshapeExplanation& e) {
  auto group = [&](const ReshapeGroup& g) {
    w.i64(g.in_first);
    w.i64(g.in_last);
    w.i64(g.out_first);
    w.i64(g.out_last);
  };
  w.b(e.view);
  write_shape(w, e.target);
  w.i64(static_cast<int64_t>(e.groups.size()));
  for (const ReshapeGroup& g : e.groups) group(g);
  const ReshapeBlock b = e.blocking.value_or(ReshapeBlock{});
  w.b(e.blocking.has_value());
  for (int64_t x : {int64_t{b.axis0}, int64_t{b.axis1}, b.shape0, b.shape1, b.stride0, b.stride1}) {
    w.i64(x);
  }
  write_opt(w, b.expected);
  w.b(e.mask_blocking.has_value());
  group(e.mask_blocking.value_or(ReshapeGroup{}));
  w.b(e.strides.has_value());
  if (e.strides) w.dims(*e.strides);
}

// ------------------------------------------------------------------------------------ slicing

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
  int64_t q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

struct Spec {
  int64_t kind, a, b, c;
  bool has_a, has_b, has_c;
};

// Reads one spec. The reads go through Reader::next (no Result per number); on a failed read the
// same position is read again with Reader::i64 for its Error.
Result<Spec> read_spec(Reader& r, int64_t i) {
  Spec s{};
  Reader at = r;
  if (!r.next(s.kind)) return at.i64().error();
  if (s.kind == kIndex) {
    at = r;
    if (!r.next(s.a)) return at.i64().error();
  } else if (s.kind == kRange) {
    double x[3];
    for (double& v : x) {
      if (!r.next_num(v)) return malformed("truncated");
    }
    s.has_a = !std::isnan(x[0]);
    s.has_b = !std::isnan(x[1]);
    s.has_c = !std::isnan(x[2]);
    for (double v : x) {
      if (!std::isnan(v) && (std::fabs(v) > static_cast<double>(kMaxSafe) || v != std::trunc(v))) {
        return malformed("slice bound");
      }
    }
    s.a = s.has_a ? static_cast<int64_t>(x[0]) : 0;
    s.b = s.has_b ? static_cast<int64_t>(x[1]) : 0;
    s.c = s.has_c ? static_cast<int64_t>(x[2]) : 1;
    if (s.c == 0) {
      return make_error(Code::invalid_argument, "slice: step of spec " + S(i) +
                                                    " is 0 (a step must be non-zero)");
    }
  } else if (s.kind != kAll && s.kind != kNewAxis && s.kind != kList && s.kind != kEllipsis) {
    return malformed("slice kind");
  }
  return s;
}

// The concrete view being sliced (from a FlatView or a View's Layout); mask null = unmasked.
struct LayoutRef {
  int64_t ndim;
  const int64_t* shape;
  const int64_t* strides;
  int64_t offset;
  const FlatRange* mask;
};

struct SliceOut {
  FlatView view;
  bool invalid_scalar = false;  // rank-0 result picked from the masked-out region
  int nlist = 0;
  int64_t list_axes[kMaxRank];
};

// View::create of the slice result: flat::create, or View::create for its error.
Status create_result(FlatView& v, bool with_strides) {
  FlatView raw;
  flat::copy(raw, v);
  if (flat::create(v, with_strides)) return ok_status();
  const size_t n = static_cast<size_t>(raw.ndim);
  std::optional<Dims> st;
  if (with_strides) st.emplace(raw.strides, raw.strides + n);
  std::optional<Mask> m;
  if (raw.has_mask) m.emplace(raw.mask, raw.mask + n);
  SV_TRY(View g, View::create(std::span<const int64_t>(raw.shape, n), raw.offset, std::move(st),
                              std::move(m)));
  if (!flat::from_view(g, v)) return malformed("slice result");
  return ok_status();
}

// NumPy basic indexing over one view: every spec becomes a size, an offset step, a stride and a
// mask range of the result; the result is one View::create (so stepped ranges are strided views).
// The specs are read, validated and counted first, then applied (the first kKept from a copy).
Status slice(const LayoutRef& l, Reader& r, SliceOut& out) {
  const int64_t ndim = l.ndim;
  SV_TRY(int64_t nspecs, r.count(4096));
  constexpr int64_t kKept = 8;  // specs kept from the first pass; later ones are read again
  Spec kept[kKept];
  Reader again = r;
  int64_t consuming = 0, ellipses = 0;
  for (int64_t i = 0; i < nspecs; ++i) {
    SV_TRY(Spec s, read_spec(r, i));
    if (i < kKept) kept[i] = s;
    if (i + 1 == kKept) again = r;
    if (s.kind == kIndex || s.kind == kRange || s.kind == kAll || s.kind == kList) ++consuming;
    if (s.kind == kEllipsis) ++ellipses;
  }
  if (ellipses > 1) {
    return make_error(Code::invalid_argument, "slice: an index can only have a single ellipsis ('...')");
  }
  if (consuming > ndim) {
    return make_error(Code::out_of_range, "slice: too many indices for array: array is " +
                                              S(ndim) + "-dimensional, but " + S(consuming) +
                                              " were indexed");
  }

  FlatView& v = out.view;
  int64_t rank = 0;  // of the result; dims beyond kMaxRank are counted, not stored
  int64_t offset = l.offset;
  bool invalid = false, empty = false;
  int64_t axis = 0;
  auto push = [&](int64_t size, int64_t stride, Range m) {
    if (rank < kMaxRank) {
      v.shape[rank] = size;
      v.strides[rank] = stride;
      v.mask[rank] = m;
    }
    ++rank;
  };
  auto apply = [&](const Spec& s) -> Status {
    if (s.kind == kNewAxis) {
      push(1, 0, {0, 1});
      return ok_status();
    }
    const int64_t n = l.shape[axis];
    const int64_t st = l.strides[axis];
    const Range valid = l.mask ? Range(l.mask[axis]) : Range{0, n};
    if (s.kind == kIndex) {
      int64_t i = s.a < 0 ? s.a + n : s.a;
      if (i < 0 || i >= n) {
        return make_error(Code::out_of_range, "slice: index " + S(s.a) +
                                                  " is out of bounds for axis " + S(axis) +
                                                  " with size " + S(n));
      }
      auto o = flat::mul(i, st);
      o = o ? flat::add(offset, *o) : std::nullopt;
      if (!o) return make_error(Code::overflow, "slice: offset of the result overflows 2^53-1");
      offset = *o;
      if (i < valid.first || i >= valid.second) invalid = true;
      ++axis;
      return ok_status();
    }
    if (s.kind == kAll || s.kind == kList) {
      if (s.kind == kList) out.list_axes[out.nlist++] = rank;
      push(n, st, valid);
      if (n == 0) empty = true;
      ++axis;
      return ok_status();
    }
    // kRange: PySlice_AdjustIndices.
    const int64_t step = s.c;
    int64_t start, stop;
    if (step > 0) {
      start = s.has_a ? s.a : 0;
      stop = s.has_b ? s.b : n;
      if (start < 0) start = std::max<int64_t>(start + n, 0);
      if (start > n) start = n;
      if (stop < 0) stop = std::max<int64_t>(stop + n, 0);
      if (stop > n) stop = n;
    } else {
      start = s.has_a ? s.a : n - 1;
      stop = s.has_b ? s.b : -1;
      if (s.has_a) {
        if (start < 0) start = std::max<int64_t>(start + n, -1);
        if (start >= n) start = n - 1;
      }
      if (s.has_b) {
        if (stop < 0) stop = std::max<int64_t>(stop + n, -1);
        if (stop >= n) stop = n - 1;
      }
    }
    int64_t len = 0;
    if (step > 0 && stop > start) len = (stop - start + step - 1) / step;
    if (step < 0 && start > stop) len = (start - stop + (-step) - 1) / (-step);
    ++axis;
    if (len == 0) {
      empty = true;
      push(0, 0, {0, 0});
      return ok_status();
    }
    auto o = flat::mul(start, st);
    o = o ? flat::add(offset, *o) : std::nullopt;
    auto ns = flat::mul(st, step);
    if (!o || !ns) return make_error(Code::overflow, "slice: strides of the result overflow 2^53-1");
    offset = *o;
    // Valid positions j: valid.first <= start + j*step < valid.second.
    int64_t lo, hi;
    if (step > 0) {
      lo = -floor_div(-(valid.first - start), step);  // ceil
      hi = -floor_div(-(valid.second - start), step);
    } else {
      const int64_t a = -step;
      lo = floor_div(start - valid.second, a) + 1;
      hi = floor_div(start - valid.first, a) + 1;
    }
    lo = std::clamp<int64_t>(lo, 0, len);
    hi = std::clamp<int64_t>(hi, 0, len);
    if (hi < lo) hi = lo;
    push(len, *ns, {lo, hi});
    return ok_status();
  };
  // Expand the ellipsis (or pad with trailing A) so that every input axis is consumed once.
  const Spec all{kAll, 0, 0, 1, false, false, false};
  for (int64_t i = 0; i < nspecs; ++i) {
    Spec s = i < kKept ? kept[i] : Spec{};
    if (i >= kKept) {
      SV_TRY(s, read_spec(again, i));
    }
    if (s.kind != kEllipsis) {
      SV_CHECK(apply(s));
      continue;
    }
    for (int64_t k = 0; k < ndim - consuming; ++k) SV_CHECK(apply(all));
  }
  if (ellipses == 0) {
    for (int64_t k = 0; k < ndim - consuming; ++k) SV_CHECK(apply(all));
  }

  // View::create rejects the rank before anything else.
  if (rank > kMaxRank) return View::create(Dims(static_cast<size_t>(rank), 0)).error();
  v.ndim = static_cast<int>(rank);
  if (empty) {
    v.offset = 0;
    v.has_mask = false;
    return create_result(v, false);
  }
  if (invalid) {
    if (rank == 0) {
      out.invalid_scalar = true;
      v.offset = 0;
      v.has_mask = false;
      return create_result(v, false);
    }
    for (int64_t i = 0; i < rank; ++i) v.mask[i] = {0, 0};
  }
  v.offset = offset;
  v.has_mask = l.mask != nullptr || invalid;
  return create_result(v, true);
}

// ------------------------------------------------------------------------------------ kernels


}  // namespace

Result<int64_t> create_var(const std::string& name, double min, double max) {
  auto as_int = [](double d) -> std::optional<int64_t> {
    if (!(std::fabs(d) <= static_cast<double>(kMaxSafe)) || d != std::trunc(d)) return std::nullopt;
    return static_cast<int64_t>(d);
  };
  auto lo = as_int(min), hi = as_int(max);
  if (!lo || !hi) return malformed("variable bounds");
  SV_TRY(sym::Var v, sym::var(name, *lo, *hi));
  registry().add(v);
  return v.id();
}

namespace {
Status dispatch_op(int32_t op, Reader& r, Writer& w, std::string& str);
}  // namespace

Status dispatch(int32_t op, const double* in, size_t in_len, OutBuffer& out, std::string& str) {
  Reader r(in, in_len);
  Writer w(out);
  Status st = dispatch_op(op, r, w, str);
  if (st.ok() && !w.ok()) {
    return make_error(Code::out_of_memory, "binding: out of memory for the response");
  }
  return st;
}

namespace {
Status dispatch_op(int32_t op, Reader& r, Writer& w, std::string& str) {
  auto var_of = [&](int64_t id) -> Result<sym::Var> {
    const sym::Var* v = registry().find(id);
    if (!v) return make_error(Code::invalid_argument, "binding: unknown variable id " + S(id));
    return *v;
  };
  switch (op) {
    // ---------------------------------------------------------------- Shape
    case kShapeNumel:
      return dims_call(r, w, [](const Dims& s) { return shape::numel(s); });
    case kShapeCStrides:
      return dims_call(r, w, [](const Dims& s) { return shape::c_contiguous_strides(s); });
    case kShapeRavel:
      return dims_call(r, w, [](const Dims& i, const Dims& s) { return shape::ravel_index(i, s); });
    case kShapeUnravel: {
      SV_TRY(int64_t k, r.i64());
      SV_TRY(Dims s, read_dims(r));
      SV_TRY(Dims idx, shape::unravel_index(k, s));
      w.dims(idx);
      return ok_status();
    }
    case kShapeResolveNegOne:
      return dims_call(r, w, [](const Dims& c, const Dims& s) { return shape::resolve_neg_one(c, s); });
    case kShapeBroadcast: {
      SV_TRY(int64_t n, r.count(1024));
      Dims acc;
      for (int64_t i = 0; i < n; ++i) {
        SV_TRY(Dims s, read_dims(r));
        if (i == 0) {
          SV_TRY(Dims chk, shape::broadcast(s, Dims{}));
          acc = std::move(chk);
        } else {
          SV_TRY(Dims b, shape::broadcast(acc, s));
          acc = std::move(b);
        }
      }
      w.dims(acc);
      return ok_status();
    }
    case kShapeBroadcastIndex:
      return dims_call(r, w, [](const Dims& i, const Dims& s) { return shape::broadcast_index(i, s); });
    case kShapeToString: {
      SV_TRY(Dims s, read_dims(r));
      str = shape::to_string(s);
      return ok_status();
    }
    // ---------------------------------------------------------------- Sym
    case kSymBind: {
      SV_TRY(int64_t id, r.i64());
      SV_TRY(int64_t value, r.i64());
      SV_TRY(sym::Var v, var_of(id));
      return sym::bind(v, value);
    }
    case kSymUnbind: {
      SV_TRY(int64_t id, r.i64());
      SV_TRY(sym::Var v, var_of(id));
      v.unbind();
      return ok_status();
    }
    case kSymValue: {
      SV_TRY(int64_t id, r.i64());
      SV_TRY(sym::Var v, var_of(id));
      write_opt(w, v.value());
      return ok_status();
    }
    case kSymVarInfo: {
      SV_TRY(int64_t id, r.i64());
      SV_TRY(sym::Var v, var_of(id));
      str = v.to_string();
      return ok_status();
    }
    case kSymEval: {
      SV_TRY(sym::Shape s, read_shape(r));
      auto e = sym::eval(s);
      w.b(e.has_value());
      if (e) w.dims(*e);
      return ok_status();
    }
    case kSymEvalDim: {
      SV_TRY(Dim d, read_expr(r, 0));
      write_opt(w, d.eval());
      return ok_status();
    }
    case kSymPartialEval: {
      SV_TRY(sym::Shape s, read_shape(r));
      auto p = sym::partial_eval(s);
      w.i64(static_cast<int64_t>(p.size()));
      for (const auto& v : p) write_opt(w, v);
      return ok_status();
    }
    case kSymIsFullyBound: {
      SV_TRY(sym::Shape s, read_shape(r));
      w.b(sym::is_fully_bound(s));
      return ok_status();
    }
    case kSymNumel: {
      SV_TRY(sym::Shape s, read_shape(r));
      write_opt(w, sym::numel(s));
      return ok_status();
    }
    case kSymResolveReshape: {
      SV_TRY(sym::Shape from, read_shape(r));
      SV_TRY(sym::Shape to, read_shape(r));
      SV_TRY(std::optional<sym::Shape> res, sym::resolve_reshape(from, to));
      w.b(res.has_value());
      if (res) write_shape(w, *res);
      return ok_status();
    }
    case kSymSubstitute: {
      SV_TRY(int64_t n, r.count(1 << 20));
      std::vector<std::pair<sym::Var, int64_t>> pairs;
      for (int64_t i = 0; i < n; ++i) {
        SV_TRY(int64_t id, r.i64());
        SV_TRY(int64_t value, r.i64());
        SV_TRY(sym::Var v, var_of(id));
        pairs.emplace_back(v, value);
      }
      SV_TRY(sym::Shape s, read_shape(r));
      write_shape(w, sym::substitute(pairs, s));
      return ok_status();
    }
    case kSymVars: {
      SV_TRY(sym::Shape s, read_shape(r));
      auto vs = sym::vars(s);
      w.i64(static_cast<int64_t>(vs.size()));
      for (const auto& v : vs) w.i64(v.id());
      return ok_status();
    }
    case kSymIsStatic: {
      SV_TRY(sym::Shape s, read_shape(r));
      w.b(sym::is_static(s));
      return ok_status();
    }
    case kSymToString: {
      SV_TRY(sym::Shape s, read_shape(r));
      str = sym::to_string(s);
      return ok_status();
    }
    case kSymEqual: {
      SV_TRY(sym::Shape a, read_shape(r));
      SV_TRY(sym::Shape b, read_shape(r));
      w.b(sym::equal(a, b));
      return ok_status();
    }
    case kSymDimToString: {
      SV_TRY(Dim d, read_expr(r, 0));
      str = d.to_string();
      return ok_status();
    }
    case kSymDimEqual: {
      SV_TRY(Dim a, read_expr(r, 0));
      SV_TRY(Dim b, read_expr(r, 0));
      w.b(sym::dim_equal(a, b));
      return ok_status();
    }
    // ---------------------------------------------------------------- View
    case kViewCreate: {
      if (fast_view(r, w)) return ok_status();
      SV_TRY(View v, read_view(r, 0));
      write_view(w, v);
      return ok_status();
    }
    case kViewSimplify: {
      SV_TRY(View v, read_view(r, 0));
      write_view(w, v.simplify());
      return ok_status();
    }
    case kViewSlice: {
      if (fast_index(r, w)) return ok_status();
      SliceOut s;
      FlatView in;
      Reader fast = r;
      if (read_flat(fast, in)) {
        r = fast;
        SV_CHECK(slice(LayoutRef{in.ndim, in.shape, in.strides, in.offset,
                                 in.has_mask ? in.mask : nullptr},
                       r, s));
      } else {
        SV_TRY(View v, read_view(r, 0));
        SV_TRY(Layout l, v.layout("slice"));
        FlatRange m[kMaxRank];  // views have rank <= kMaxRank
        std::copy(l.mask.begin(), l.mask.end(), m);
        SV_CHECK(slice(LayoutRef{static_cast<int64_t>(l.shape.size()), l.shape.data(),
                                 l.strides.data(), l.offset, l.has_mask() ? m : nullptr},
                       r, s));
      }
      w.b(s.invalid_scalar);
      w.i64(s.nlist);
      for (int i = 0; i < s.nlist; ++i) w.i64(s.list_axes[i]);
      write_flat(w, s.view);
      return ok_status();
    }
    case kViewLinearIndex: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(Dims idx, read_dims(r));
      SV_TRY(int64_t k, v.linear_index(idx));
      w.i64(k);
      return ok_status();
    }
    case kViewIsValid: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(Dims idx, read_dims(r));
      w.b(v.is_valid(idx));
      return ok_status();
    }
    case kViewStridesOpt: {
      SV_TRY(View v, read_view(r, 0));
      auto s = v.strides_opt();
      w.b(s.has_value());
      if (s) w.dims(*s);
      return ok_status();
    }
    case kViewIsMaterializable: {
      SV_TRY(View v, read_view(r, 0));
      w.b(v.is_materializable());
      return ok_status();
    }
    case kViewToString: {
      SV_TRY(View v, read_view(r, 0));
      str = v.to_string();
      return ok_status();
    }
    case kViewDim: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(int64_t axis, r.i64());
      SV_TRY(Dim d, v.dim(static_cast<int>(std::clamp<int64_t>(axis, -1, 1 << 20))));
      write_expr(w, d);
      return ok_status();
    }
    case kViewStride: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(int64_t axis, r.i64());
      SV_TRY(int64_t s, v.stride(static_cast<int>(std::clamp<int64_t>(axis, -1, 1 << 20))));
      w.i64(s);
      return ok_status();
    }
    case kViewRequiredSpan: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(std::optional<Range> sp, v.required_span());
      w.b(sp.has_value());
      w.i64(sp ? sp->first : 0);
      w.i64(sp ? sp->second : 0);
      return ok_status();
    }
    case kViewExplainReshape: {
      SV_TRY(View v, read_view(r, 0));
      SV_TRY(sym::Shape s, read_shape(r));
      SV_TRY(ReshapeExplanation e, explain_reshape(v, s));
      write_explanation(w, e);
      str = std::move(e.text);
      return ok_status();
    }
    default:
      if (op == kKernelRun) return kernel_run(r, w);
      if (op == kKernelGather) return kernel_gather(r, w);
      return malformed("unknown op");
  }
}
}  // namespace

}  // namespace sv::wire
