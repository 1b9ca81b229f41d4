// The requests of the 'symbolic' family (see wire.hpp): symbolic dims and variables, and views
// decoded through View (symbolic dims, derived views, the View queries, explainReshape). Decodes
// numbers into core values, calls src/shape's symbolic dims and src/view's View, encodes the
// result. No Emscripten header: this file builds natively as well. In the shipped SIMD build this
// file's functions live in the families module (scripts/split-wasm.mjs); api.cpp routes here.
#include <algorithm>
#include <cmath>

#include "kernels/kernels.hpp"
#include "shape/shape.hpp"
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

namespace {

Result<View> apply_view_op(const View& v, int64_t op, Reader& r) {
  switch (op) {
    case kViewReshape:
    case kViewExpand:
    case kViewBroadcastTo: {
      SV_TRY(sym::Shape s, read_shape(r));
      return op == kViewReshape ? v.reshape(s) : op == kViewExpand ? v.expand(s) : v.broadcast_to(s);
    }
    case kViewPermute:
    case kViewFlip: {
      SV_TRY(Dims a, read_dims(r));
      if (op == kViewFlip) {
        std::vector<bool> f(a.size());  // sized once: push_back's growth copied bit ranges
        for (size_t i = 0; i < a.size(); ++i) f[i] = a[i] != 0;
        return v.flip(f);
      }
      std::vector<int> axes(a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        axes[i] = static_cast<int>(std::clamp<int64_t>(a[i], -1, 1 << 20));
      }
      return v.permute(axes);
    }
    case kViewShrink:
    case kViewPad: {
      SV_TRY(int64_t n, r.count(4096));
      SV_TRY(Mask m, read_pairs(r, n));
      return op == kViewShrink ? v.shrink(m) : v.pad(m);
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
// Requests grouped by their first argument, decoded once per group (each decode and its error
// path inlined per case was most of this file's code).

// A variable id (kSymBind: then the value).
Status var_request(int32_t op, Reader& r, Writer& w, std::string& str) {
  SV_TRY(int64_t id, r.i64());
  int64_t value = 0;
  if (op == kSymBind) {
    SV_TRY(value, r.i64());
  }
  const sym::Var* found = registry().find(id);
  if (!found) return make_error(Code::invalid_argument, "binding: unknown variable id " + S(id));
  sym::Var v = *found;
  switch (op) {
    case kSymBind: return sym::bind(v, value);
    case kSymUnbind: v.unbind(); break;
    case kSymValue: write_opt(w, v.value()); break;
    default: str = v.to_string(); break;  // kSymVarInfo
  }
  return ok_status();
}

// One symbolic shape.
Status shape_request(int32_t op, Reader& r, Writer& w, std::string& str) {
  SV_TRY(sym::Shape s, read_shape(r));
  switch (op) {
    case kSymEval: {
      auto e = sym::eval(s);
      w.b(e.has_value());
      if (e) w.dims(*e);
      break;
    }
    case kSymPartialEval: {
      auto p = sym::partial_eval(s);
      w.i64(static_cast<int64_t>(p.size()));
      for (const auto& v : p) write_opt(w, v);
      break;
    }
    case kSymIsFullyBound: w.b(sym::is_fully_bound(s)); break;
    case kSymNumel: write_opt(w, sym::numel(s)); break;
    case kSymVars: {
      auto vs = sym::vars(s);
      w.i64(static_cast<int64_t>(vs.size()));
      for (const auto& v : vs) w.i64(v.id());
      break;
    }
    case kSymIsStatic: w.b(sym::is_static(s)); break;
    default: str = sym::to_string(s); break;  // kSymToString
  }
  return ok_status();
}

// One view, then the op's arguments.
Status view_request(int32_t op, Reader& r, Writer& w, std::string& str) {
  SV_TRY(View v, read_view(r, 0));
  switch (op) {
    case kViewSimplify: write_view(w, v.simplify()); break;
    case kViewLinearIndex: {
      SV_TRY(Dims idx, read_dims(r));
      SV_TRY(int64_t k, v.linear_index(idx));
      w.i64(k);
      break;
    }
    case kViewIsValid: {
      SV_TRY(Dims idx, read_dims(r));
      w.b(v.is_valid(idx));
      break;
    }
    case kViewStridesOpt: {
      auto st = v.strides_opt();
      w.b(st.has_value());
      if (st) w.dims(*st);
      break;
    }
    case kViewIsMaterializable: w.b(v.is_materializable()); break;
    case kViewToString: str = v.to_string(); break;
    case kViewDim:
    case kViewStride: {
      SV_TRY(int64_t axis, r.i64());
      const int a = static_cast<int>(std::clamp<int64_t>(axis, -1, 1 << 20));
      if (op == kViewDim) {
        SV_TRY(Dim d, v.dim(a));
        write_expr(w, d);
      } else {
        SV_TRY(int64_t st, v.stride(a));
        w.i64(st);
      }
      break;
    }
    case kViewRequiredSpan: {
      SV_TRY(std::optional<Range> sp, v.required_span());
      w.b(sp.has_value());
      w.i64(sp ? sp->first : 0);
      w.i64(sp ? sp->second : 0);
      break;
    }
    default: {  // kViewExplainReshape
      SV_TRY(sym::Shape s, read_shape(r));
      SV_TRY(ReshapeExplanation e, explain_reshape(v, s));
      write_explanation(w, e);
      str = std::move(e.text);
      break;
    }
  }
  return ok_status();
}
}  // namespace

Status dispatch_symbolic(int32_t op, Reader& r, Writer& w, std::string& str) {
  auto var_of = [&](int64_t id) -> Result<sym::Var> {
    const sym::Var* v = registry().find(id);
    if (!v) return make_error(Code::invalid_argument, "binding: unknown variable id " + S(id));
    return *v;
  };
  switch (op) {
    // ---------------------------------------------------------------- Sym
    case kSymBind:
    case kSymUnbind:
    case kSymValue:
    case kSymVarInfo: return var_request(op, r, w, str);
    case kSymEval:
    case kSymPartialEval:
    case kSymIsFullyBound:
    case kSymNumel:
    case kSymVars:
    case kSymIsStatic:
    case kSymToString: return shape_request(op, r, w, str);
    case kSymEvalDim: {
      SV_TRY(Dim d, read_expr(r, 0));
      write_opt(w, d.eval());
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
    case kViewCreate: {  // what fast_view does not take (api.cpp tries it first)
      SV_TRY(View v, read_view(r, 0));
      write_view(w, v);
      return ok_status();
    }
    case kViewSimplify:
    case kViewLinearIndex:
    case kViewIsValid:
    case kViewStridesOpt:
    case kViewIsMaterializable:
    case kViewToString:
    case kViewDim:
    case kViewStride:
    case kViewRequiredSpan:
    case kViewExplainReshape: return view_request(op, r, w, str);
    default: return malformed("unknown op");
  }
}

}  // namespace sv::wire
