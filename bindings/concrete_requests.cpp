// The per-call requests on concrete views, decoded without the heap (compiled at SV_FAST_OPT; the
// rest of the bindings is -Oz): views into Layouts for movement ops (view/layout.hpp), kernel calls
// (kKernelRun: decoded into an array::KernelCall, run by src/array/kernel_call) and gathers
// (kKernelGather: src/array/take), slice requests (kViewSlice: view/slice.hpp). Anything else (symbolic or derived views) is decoded through
// View (api.cpp). Only decoding and encoding live here.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/opaque_call.hpp"
#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "array/kernel_call.hpp"
#include "array/take.hpp"
#include "view/layout.hpp"
#include "view/slice.hpp"
#include "wire.hpp"

namespace sv::wire {

// Concrete views (every dim a constant) skip sym::Dim and the heap: they are decoded into a
// Layout, moved by view/layout.hpp and encoded from it. A request the fast decoder does not take
// (symbolic dims, counts that do not match the rank) goes to the general path (read_view / View).

namespace {

// n numbers (n given first, which must equal `n`) into `out`, resized to n.
template <class V>
bool read_fixed(Reader& r, int64_t n, V& out) {
  int64_t k;
  if (!r.next(k) || k != n) return false;
  out.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(out[i])) return false;
  }
  return true;
}

bool read_fixed_pairs(Reader& r, int64_t n, LayoutMask& out) {
  int64_t k;
  if (!r.next(k) || k != n) return false;
  out.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(out[i].first) || !r.next(out[i].second)) return false;
  }
  return true;
}

// A concrete shape argument (shape := rank (kConst v){rank}); -1 is allowed here.
bool read_const_shape(Reader& r, LayoutDims& out) {
  int64_t k, tok;
  if (!r.next(k) || k < 0 || k > kMaxRank) return false;
  out.resize(static_cast<size_t>(k));
  for (int64_t i = 0; i < k; ++i) {
    if (!r.next(tok) || tok != kConst || !r.next(out[i])) return false;
  }
  return true;
}

}  // namespace

bool read_layout(Reader& r, Layout& v, Status& st) {
  int64_t tag, n, tok, has_strides, has_mask;
  if (!r.next(tag) || tag != kViewFlat || !r.next(n) || n < 0 || n > kMaxRank) return false;
  v.shape.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(tok) || tok != kConst || !r.next(v.shape[i])) return false;
  }
  if (!r.next(v.offset) || !r.next(has_strides)) return false;
  if (has_strides && !read_fixed(r, n, v.strides)) return false;
  if (!r.next(has_mask)) return false;
  v.mask.clear();
  if (has_mask && !read_fixed_pairs(r, n, v.mask)) return false;
  st = layout::create(v, has_strides != 0);
  return true;
}

void write_layout(Writer& w, const Layout& v) {
  const int n = v.ndim();
  double* p = w.grab(static_cast<size_t>(7 + 4 * n + (v.has_mask() ? 2 * n : 0)));
  *p++ = kModeStrided;
  *p++ = n;
  for (int i = 0; i < n; ++i) {
    *p++ = kConst;
    *p++ = static_cast<double>(v.shape[i]);
  }
  for (int i = 0; i < n; ++i) {
    *p++ = kConst;
    *p++ = static_cast<double>(v.strides[i]);
  }
  *p++ = static_cast<double>(v.offset);
  *p++ = v.has_mask() ? 1 : 0;
  if (v.has_mask()) {
    for (int i = 0; i < n; ++i) {
      *p++ = static_cast<double>(v.mask[i].first);
      *p++ = static_cast<double>(v.mask[i].second);
    }
  }
  *p++ = v.contiguous ? 1 : 0;
  *p++ = kConst;
  *p = static_cast<double>(v.numel());  // a normalised layout: at most 2^53-1
}

namespace {

// kViewDiagonal: offset axis1 axis2 (concrete views only: a symbolic view is not decoded here).
bool diagonal_request(Reader& r, const Layout& p, Layout& out, Status& st) {
  int64_t offset, axis1, axis2;
  if (!r.next(offset) || !r.next(axis1) || !r.next(axis2)) return false;
  st = layout::diagonal(p, offset, axis1, axis2, out);
  return true;
}

}  // namespace

bool fast_view(Reader r, Writer& w, Status& st) {
  int64_t tag, op;
  Reader peek = r;
  if (!peek.next(tag)) return false;
  Layout v;
  if (tag == kViewFlat) {
    if (!read_layout(r, v, st)) return false;
    if (st.ok()) write_layout(w, v);
    return true;
  }
  Layout p;
  Status pst = ok_status();
  if (tag != kViewDerived || !r.next(tag) || !read_layout(r, p, pst) || !r.next(op)) return false;
  if (!pst.ok()) {
    st = pst;
    return true;
  }
  Layout& out = v;  // v is unused on this path
  if (op == kViewPermute || op == kViewFlip) {
    LayoutDims a;
    if (!read_fixed(r, p.ndim(), a)) return false;
    const std::span<const int64_t> s(a.data(), a.size());
    st = op == kViewPermute ? layout::permute(p, s, out) : layout::flip(p, s, out);
  } else if (op == kViewShrink || op == kViewPad) {
    LayoutMask b;
    if (!read_fixed_pairs(r, p.ndim(), b)) return false;
    const std::span<const FlatRange> s(b.data(), b.size());
    st = op == kViewShrink ? layout::shrink(p, s, out) : layout::pad(p, s, out);
  } else if (op == kViewReshape || op == kViewExpand || op == kViewBroadcastTo) {
    LayoutDims t;
    if (!read_const_shape(r, t)) return false;
    const std::span<const int64_t> s(t.data(), t.size());
    st = op == kViewReshape  ? layout::reshape(p, s, out)
         : op == kViewExpand ? layout::expand(p, s, out)
                             : layout::broadcast_to(p, s, out);
  } else if (op == kViewDiagonal) {
    if (!diagonal_request(r, p, out, st)) return false;
  } else {
    return false;
  }
  if (st.ok()) write_layout(w, out);
  return true;
}

// kViewRequiredSpan on a flat view (what an NDArray holds): the core answers it (fromNdarrayLike
// asks it of every foreign array) without the symbolic family's View; false hands anything else
// (a symbolic or derived view) to it.
bool fast_required_span(Reader r, Writer& w, Status& st) {
  Layout l;
  if (!read_layout(r, l, st)) return false;
  if (!st.ok()) return true;
  int64_t lo = 0, hi = 0;
  const bool any = layout::required_span(l, lo, hi);  // none for an empty or all-masked layout
  w.b(any);
  w.i64(any ? lo : 0);
  w.i64(any ? hi : 0);
  return true;
}

// ------------------------------------------------------------------------------------ slicing

namespace {

// One slice spec: kind, then the index (kIndex) or start stop step (kRange; NaN = absent).
Status read_spec(Reader& r, SliceSpec& s) {
  int64_t kind;
  Reader at = r;
  if (!r.next(kind)) return at.i64().error();
  s = SliceSpec{};
  switch (kind) {
    case kIndex:
      s.kind = SliceSpec::index;
      at = r;
      if (!r.next(s.start)) return at.i64().error();
      return ok_status();
    case kRange: {
      s.kind = SliceSpec::range;
      double x[3];
      bool has[3];
      for (int i = 0; i < 3; ++i) {
        double& v = x[i];
        if (!r.next_num(v)) return malformed("truncated");
        has[i] = v == v;  // NaN: absent
        if (has[i] && (std::fabs(v) > static_cast<double>(kMaxSafe) || v != std::trunc(v))) {
          return malformed("slice bound");
        }
      }
      s.has_start = has[0];
      s.has_stop = has[1];
      s.has_step = has[2];
      s.start = has[0] ? static_cast<int64_t>(x[0]) : 0;
      s.stop = has[1] ? static_cast<int64_t>(x[1]) : 0;
      s.step = has[2] ? static_cast<int64_t>(x[2]) : 1;
      return ok_status();
    }
    case kAll: s.kind = SliceSpec::all; return ok_status();
    case kNewAxis: s.kind = SliceSpec::newaxis; return ok_status();
    case kList: s.kind = SliceSpec::list; return ok_status();
    case kEllipsis: s.kind = SliceSpec::ellipsis; return ok_status();
    default: return malformed("slice kind");
  }
}

// n slice specs, then the slice of `in`. The response: invalid_scalar, the list axes, the view.
Status slice_specs(Reader& r, const Layout& in, SliceSpec* specs, int64_t n, Writer& w) {
  for (int64_t i = 0; i < n; ++i) SV_CHECK(read_spec(r, specs[i]));
  SliceResult res;
  SV_CHECK(sv::slice(in, std::span<const SliceSpec>(specs, static_cast<size_t>(n)), res));
  double* p = w.grab(static_cast<size_t>(2 + res.nlist));
  *p++ = res.invalid_scalar ? 1 : 0;
  *p++ = res.nlist;
  for (int i = 0; i < res.nlist; ++i) *p++ = static_cast<double>(res.list_axes[i]);
  write_layout(w, res.view);
  return ok_status();
}

// More specs than a valid index can hold (the error is found in order, so all are read): on the
// heap, out of the per-call path (a vector's destructor there cost a call on every slice).
[[gnu::noinline, gnu::cold]] Status slice_many(Reader& r, const Layout& in, int64_t n, Writer& w) {
  std::vector<SliceSpec> many(static_cast<size_t>(n));
  return slice_specs(r, in, many.data(), n, w);
}

}  // namespace

// kViewSlice: view, then n specs. A concrete view decodes without the heap, a symbolic or derived
// one through View.
Status slice_request(Reader& r, Writer& w) {
  Layout in;
  Status st = ok_status();
  Reader fast = r;
  if (read_layout(fast, in, st)) {
    if (!st.ok()) return st;
    r = fast;
  } else {
    SV_TRY(View v, opaque<&read_view>()(r, 0));  // the symbolic family
    SV_TRY(in, v.layout("slice"));
  }
  int64_t n;
  if (Reader at = r; !r.next(n) || n < 0 || n > 4096) return at.count(4096).error();
  constexpr int64_t kInline = 2 * kMaxRank + 2;  // more can only be an error, found in order
  if (n > kInline) return slice_many(r, in, n, w);
  // Uninitialised storage (read_spec sets every spec it reads): an array of SliceSpec would run
  // its default member initialisers for all 66 slots on every call.
  union Slots {
    Slots() {}
    SliceSpec s[kInline];
  } inline_specs;
  return slice_specs(r, in, inline_specs.s, n, w);
}

// ------------------------------------------------------------------------------------ kernels
//
// kKernelRun request:
//   kind code out in{nin} extra
//   kind  := array::Kind (src/array/kernel_call.hpp); code: the op within the kind (BinaryOp, UnaryOp, ReduceOp, MathOp,
//            MathBinaryOp, ReduceMoreOp, MomentOp, ArgOp, ScanOp; sort 0 / argsort 1; else 0)
//   out   := 0 dtype has_shape dims?   allocate the result here (shape: the operands' broadcast
//                                      shape, or the given one, which they must broadcast to)
//          | 1 dtype operand           write into this array (dtype: the result's dtype before the
//                                      cast into the operand's own, same_kind checked by the
//                                      caller)
//   in    := nin (0 operand | 1 dtype value)       an array, or a scalar given by value
//   extra := copy: fill | reduce, reduce_more: axes_mask keepdims | moments: axes_mask keepdims
//            ddof | arg: axis keepdims | scan, sort, partition: axis | topk: k axis | nothing
// Result shapes: elementwise kinds broadcast their operands; reductions drop (or keep as 1) the
// reduced dims; scan, sort and partition keep the input's shape (partition's second operand: the
// kth, 1-D int64); topk sets the axis to k and allocates two
// results (values, int64 indices; no given out); matmul follows np.matmul (1-D operands gain and
// then lose a dim, batch dims broadcast).
// Response when allocated: ptr, then the result's view (write_layout); topk: both. Nothing otherwise.
// The caller has converted every input to the kernel's dtype (arrays materialized, scalars by
// value) and normalised axes (0 <= axis < rank); the kernels check dtypes again.

bool read_dtype(Reader& r, kernels::DType& dt) {
  int64_t d;
  if (!r.next(d) || !kernels::is_valid_dtype(static_cast<int32_t>(d))) return false;
  dt = static_cast<kernels::DType>(d);
  return true;
}

// ptr length dtype view. A concrete request view decodes without the heap; a symbolic or derived
// one through View (its layout: an error while a dim is unbound).
Status read_array(Reader& r, const char* op, array::Array& a) {
  int64_t ptr, len;
  if (!r.next(ptr) || !r.next(len) || len < 0 || !read_dtype(r, a.dtype)) return malformed("operand");
  a.base = reinterpret_cast<char*>(static_cast<uintptr_t>(ptr));
  a.len = len;
  Reader at = r;
  Status st = ok_status();
  if (read_layout(r, a.layout, st)) {
    SV_CHECK(st);
  } else {
    r = at;
    SV_TRY(View v, opaque<&read_view>()(r, 0));  // the symbolic family
    SV_TRY(a.layout, v.layout(op));
  }
  return array::check_bounds(a, op);
}


namespace {

using array::Array;
using array::KernelCall;
using kernels::DType;

// dtype value: a 0-d operand holding value converted to dtype.
bool read_scalar(Reader& r, Array& a) {
  double x;
  DType dt;
  if (!read_dtype(r, dt) || !r.next_num(x)) return false;
  array::set_scalar(a, dt, x);
  return true;
}

}  // namespace

Status kernel_run(Reader& r, Writer& w) {
  KernelCall c;
  int64_t mode;
  if (!r.next(c.kind) || !r.next(c.code) || !r.next(mode) || c.kind < 0 ||
      c.kind >= array::kKinds || (mode != kOutAllocate && mode != kOutGiven)) {
    return malformed("kernel request");
  }
  const array::KindInfo& info = array::kind_info(c.kind);
  if (c.code < 0 || c.code >= info.ncodes) return malformed("kernel op");
  const char* name = array::kernel_name(c.kind, c.code);
  if (!read_dtype(r, c.rdt)) return malformed("result dtype");
  c.given = mode == kOutGiven;
  if (c.given && info.shape == array::kTopkShape) return malformed("topk out");
  if (c.given) {
    SV_CHECK(read_array(r, name, c.out));
  } else {
    int64_t has;
    if (!r.next(has)) return malformed("result shape");
    if (has) {
      int64_t n;
      if (!r.next(n) || n < 0 || n > kMaxRank) return malformed("result shape");
      c.nwant = static_cast<int>(n);
      for (int i = 0; i < c.nwant; ++i) {
        if (!r.next(c.want[i]) || c.want[i] < 0) return malformed("result shape");
      }
    }
  }
  int64_t nin;
  if (!r.next(nin) || nin != info.arity) return malformed("operand count");
  for (int i = 0; i < nin; ++i) {
    int64_t tag;
    if (!r.next(tag)) return malformed("operand");
    if (tag == kInScalar) {
      if (!read_scalar(r, c.in[i])) return malformed("scalar");
    } else {
      SV_CHECK(read_array(r, name, c.in[i]));
    }
  }
  array::Extra& x = c.x;
  int64_t flag = 0;
  bool ok = true;
  switch (c.kind) {
    case array::kCopy: ok = r.next_num(x.fill); break;
    case array::kReduce:
    case array::kReduceMore:
    case array::kMoments: {
      int64_t m;
      ok = r.next(m) && r.next(flag) && m >= 0 && (c.kind != array::kMoments || r.next_num(x.ddof));
      x.axes = static_cast<uint64_t>(m);
      break;
    }
    case array::kArg: ok = r.next(x.axis) && r.next(flag); break;
    case array::kScan:
    case array::kSort:
    case array::kPartition: ok = r.next(x.axis); break;
    case array::kTopk: ok = r.next(x.k) && r.next(x.axis); break;
    default: break;
  }
  x.keepdims = flag != 0;
  if (!ok) return malformed("kernel arguments");
  if (((c.kind >= array::kArg && c.kind <= array::kTopk) || c.kind == array::kPartition) &&
      (x.axis < 0 || x.axis >= std::max(c.in[0].layout.ndim(), 1))) {
    return malformed("kernel axis");
  }
  if (c.kind == array::kArg) x.axes = uint64_t{1} << x.axis;
  array::KernelResult res;
  SV_CHECK(array::run_call(c, res));
  for (int i = 0; i < res.count; ++i) {
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(res.ptr[i])));
    write_layout(w, res.view);
  }
  return ok_status();
}

// kKernelGather request: (0 dst | 1) src fill axis (n index{n} | -1 mask | -2 indices fill); with 1 the
// result is allocated here and the response is its ptr and view (a mask's count is known only here)
// (dst: src's shape with `axis` set to the number of indices; NumPy take along axis; a bool mask
// operand of the axis' length selects where it is true; "indices fill" is an integer operand (1-D,
// any layout, a signed dtype or one of at most 32 bits; its padding reads as fill) holding the
// indices, read here without a trip through JS numbers). See array/take.hpp.
Status kernel_gather(Reader& r, Writer& w) {
  const char* name = "take";
  Array dst, src;
  int64_t alloc;
  if (!r.next(alloc) || (alloc != kGatherInto && alloc != kGatherAllocate))
    return malformed("gather");
  if (alloc == kGatherInto) SV_CHECK(read_array(r, name, dst));
  SV_CHECK(read_array(r, name, src));
  double fill;
  int64_t axis, n;
  if (!r.next_num(fill) || !r.next(axis) || !r.next(n) || n < -2) return malformed("gather");
  if (axis < 0 || axis >= src.layout.ndim() ||
      (alloc == kGatherInto && (dst.layout.ndim() != src.layout.ndim() || dst.dtype != src.dtype))) {
    return malformed("gather axis");
  }
  const int64_t len = src.layout.shape[axis];
  std::vector<int64_t> idx;
  if (n == -1) {
    Array m;
    SV_CHECK(read_array(r, name, m));
    if (m.dtype != DType::bool_ || m.layout.ndim() != 1 || m.layout.shape[0] != len) {
      return malformed("gather mask");
    }
    array::true_positions(m, idx);
    n = static_cast<int64_t>(idx.size());
  } else if (n == -2) {
    Array ia;
    double ifill;  // the value of the operand's masked-out (padding) elements
    SV_CHECK(read_array(r, name, ia));
    if (!r.next_num(ifill)) return malformed("gather index fill");
    const DType t = ia.dtype;
    if (ia.layout.ndim() != 1 || t == DType::float16 || t == DType::float32 || t == DType::float64 ||
        t == DType::uint64 || t == DType::bool_) {
      return malformed("gather index operand");
    }
    n = ia.layout.shape[0];
    idx.resize(static_cast<size_t>(n));
    kernels::Operand d;
    d.base = idx.data();
    d.layout = layout::contiguous(std::span<const int64_t>(&n, 1));
    d.dtype = DType::int64;
    SV_CHECK(kernels::copy(d, ia, ifill));  // any strides or mask, widened to int64
    SV_CHECK(array::take_indices(idx, axis, len));
  } else {
    idx.resize(static_cast<size_t>(n));
    for (int64_t& i : idx) {
      if (!r.next(i)) return malformed("gather indices");
    }
    SV_CHECK(array::take_indices(idx, axis, len));
  }
  const int ax = static_cast<int>(axis);
  if (alloc == kGatherAllocate) {  // a new C-contiguous result of src's dtype (its shape known only now)
    SV_CHECK(array::alloc_take_result(src, ax, n, dst));
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(dst.base)));
    write_layout(w, dst.layout);
  } else {
    for (int d = 0; d < src.layout.ndim(); ++d) {
      if (dst.layout.shape[d] != (d == axis ? n : src.layout.shape[d])) {
        return malformed("gather destination shape");
      }
    }
  }
  Status st = array::take(dst, src, fill, ax, idx);
  if (!st.ok() && alloc == kGatherAllocate) std::free(dst.base);
  return st;
}

}  // namespace sv::wire
