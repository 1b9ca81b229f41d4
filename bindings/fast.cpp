// The per-op hot path of the wire protocol, compiled at -O2 (the rest of the bindings is -Oz):
// concrete views are decoded into FlatViews (no heap) for movement ops and for every kernel call
// (kKernelRun: decode, broadcast, bounds-check, allocate the output, run the kernel, encode).
// Anything else (symbolic or derived views) is decoded through View (api.cpp) and, where a
// movement op is involved, left to the general path, which alone produces those errors.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "kernels/more.hpp"
#include "wire.hpp"

namespace sv::wire {

// Concrete views (every dim a constant) skip sym::Dim and the heap: they are decoded into a
// FlatView, moved by view/flat.hpp and encoded from it. Every function here returns false to hand
// the request to the general path (read_view / View), which alone produces errors.

bool read_fixed(Reader& r, int64_t n, int64_t* out) {
  int64_t k;
  if (!r.next(k) || k != n) return false;
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(out[i])) return false;
  }
  return true;
}

bool read_fixed_pairs(Reader& r, int64_t n, FlatRange* out) {
  int64_t k;
  if (!r.next(k) || k != n) return false;
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(out[i].first) || !r.next(out[i].second)) return false;
  }
  return true;
}

bool read_flat(Reader& r, FlatView& v) {
  int64_t tag, n, tok, has_strides, has_mask;
  if (!r.next(tag) || tag != kViewFlat || !r.next(n) || n < 0 || n > kMaxRank) return false;
  v.ndim = static_cast<int>(n);
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(tok) || tok != kConst || !r.next(v.shape[i])) return false;
  }
  if (!r.next(v.offset) || !r.next(has_strides)) return false;
  if (has_strides && !read_fixed(r, n, v.strides)) return false;
  if (!r.next(has_mask)) return false;
  v.has_mask = has_mask != 0;
  if (v.has_mask && !read_fixed_pairs(r, n, v.mask)) return false;
  return flat::create(v, has_strides != 0);
}

void write_flat(Writer& w, const FlatView& v) {
  const int n = v.ndim;
  double* p = w.grab(static_cast<size_t>(7 + 4 * n + (v.has_mask ? 2 * n : 0)));
  *p++ = kModeStrided;
  *p++ = n;
  bool zero = false;
  for (int i = 0; i < n; ++i) zero = zero || v.shape[i] == 0;
  int64_t count = zero ? 0 : 1;  // flat::create checked the product of a non-empty shape
  for (int i = 0; i < n; ++i) {
    *p++ = kConst;
    *p++ = static_cast<double>(v.shape[i]);
    if (!zero) count *= v.shape[i];
  }
  for (int i = 0; i < n; ++i) {
    *p++ = kConst;
    *p++ = static_cast<double>(v.strides[i]);
  }
  *p++ = static_cast<double>(v.offset);
  *p++ = v.has_mask ? 1 : 0;
  if (v.has_mask) {
    for (int i = 0; i < n; ++i) {
      *p++ = static_cast<double>(v.mask[i].first);
      *p++ = static_cast<double>(v.mask[i].second);
    }
  }
  *p++ = v.contiguous ? 1 : 0;
  *p++ = kConst;
  *p = static_cast<double>(count);
}

namespace {

// A concrete shape argument (shape := rank (kConst v){rank}); -1 is allowed here.
bool read_const_shape(Reader& r, int64_t* out, int& n) {
  int64_t k, tok;
  if (!r.next(k) || k < 0 || k > kMaxRank) return false;
  n = static_cast<int>(k);
  for (int i = 0; i < n; ++i) {
    if (!r.next(tok) || tok != kConst || !r.next(out[i])) return false;
  }
  return true;
}

// Replaces a single -1 by the size that keeps the element count (sym::resolve_reshape for a
// concrete view); false for the cases whose outcome is View's to decide (zero sizes, errors).
bool resolve_infer(const FlatView& v, int64_t* s, int n) {
  int at = -1;
  int64_t known = 1;
  for (int i = 0; i < n; ++i) {
    if (s[i] == -1) {
      if (at >= 0) return false;
      at = i;
    } else if (s[i] <= 0) {
      return false;
    } else {
      auto m = flat::mul(known, s[i]);
      if (!m) return false;
      known = *m;
    }
  }
  if (at < 0) return true;
  int64_t count = 1;
  for (int i = 0; i < v.ndim; ++i) count *= v.shape[i];  // create() bounded it
  if (count == 0 || count % known != 0) return false;
  s[at] = count / known;
  return true;
}

}  // namespace

bool fast_index(Reader r, Writer& w) {
  FlatView v, out;
  int64_t n, kind;
  int64_t idx[kMaxRank];
  if (!read_flat(r, v) || !r.next(n) || n < 0 || n > v.ndim) return false;
  for (int64_t i = 0; i < n; ++i) {
    if (!r.next(kind) || kind != kIndex || !r.next(idx[i])) return false;
  }
  if (!flat::index(v, std::span<const int64_t>(idx, static_cast<size_t>(n)), out)) return false;
  w.b(false);  // a valid element (unmasked view)
  w.i64(0);    // no list axes
  write_flat(w, out);
  return true;
}

bool fast_view(Reader r, Writer& w) {
  int64_t tag, op;
  Reader peek = r;
  if (!peek.next(tag)) return false;
  FlatView v;
  if (tag == kViewFlat) {
    if (!read_flat(r, v)) return false;
    write_flat(w, v);
    return true;
  }
  FlatView p;
  if (tag != kViewDerived || !r.next(tag) || !read_flat(r, p) || !r.next(op)) return false;
  bool ok = false;
  if (op == kViewPermute || op == kViewFlip) {
    int64_t a[kMaxRank];
    if (!read_fixed(r, p.ndim, a)) return false;
    const std::span<const int64_t> s(a, static_cast<size_t>(p.ndim));
    ok = op == kViewPermute ? flat::permute(p, s, v) : flat::flip(p, s, v);
  } else if (op == kViewShrink || op == kViewPad) {
    FlatRange b[kMaxRank];
    if (!read_fixed_pairs(r, p.ndim, b)) return false;
    const std::span<const FlatRange> s(b, static_cast<size_t>(p.ndim));
    ok = op == kViewShrink ? flat::shrink(p, s, v) : flat::pad(p, s, v);
  } else if (op == kViewReshape || op == kViewExpand || op == kViewBroadcastTo) {
    int64_t s[kMaxRank];
    int n = 0;
    if (!read_const_shape(r, s, n)) return false;
    const std::span<const int64_t> t(s, static_cast<size_t>(n));
    if (op == kViewReshape) {
      ok = resolve_infer(p, s, n) && flat::reshape(p, t, v);
    } else {
      ok = op == kViewExpand ? flat::expand(p, t, v) : flat::broadcast_to(p, t, v);
    }
  }
  if (!ok) return false;
  write_flat(w, v);
  return true;
}

// ------------------------------------------------------------------------------------ kernels
//
// kKernelRun request:
//   kind code out in{nin} extra
//   kind  := see Kind below; code: the op within the kind (BinaryOp, UnaryOp, ReduceOp, MathOp,
//            MathBinaryOp, ReduceMoreOp, MomentOp, ArgOp, ScanOp; sort 0 / argsort 1; else 0)
//   out   := 0 dtype has_shape dims?   allocate the result here (shape: the operands' broadcast
//                                      shape, or the given one, which they must broadcast to)
//          | 1 dtype operand           write into this array (dtype: the result's dtype before the
//                                      cast into the operand's own, same_kind checked by the
//                                      caller)
//   in    := nin (0 operand | 1 dtype value)       an array, or a scalar given by value
//   extra := copy: fill | reduce, reduce_more: axes_mask keepdims | moments: axes_mask keepdims
//            ddof | arg: axis keepdims | scan, sort: axis | topk: k axis | nothing
// Result shapes: elementwise kinds broadcast their operands; reductions drop (or keep as 1) the
// reduced dims; scan and sort keep the input's shape; topk sets the axis to k and allocates two
// results (values, int64 indices; no given out); matmul follows np.matmul (1-D operands gain and
// then lose a dim, batch dims broadcast).
// Response when allocated: ptr, then the result's view (write_flat); topk: both. Nothing otherwise.
// The caller has converted every input to the kernel's dtype (arrays materialized, scalars by
// value) and normalised axes (0 <= axis < rank); the kernels check dtypes again.

namespace {

using kernels::DType;

enum ResultShape : int8_t { kBroadcast, kReduced, kSame, kTopkShape, kMatmulShape };
struct KindInfo {
  int8_t arity, ncodes, shape;
};
constexpr KindInfo kKindInfo[kKinds] = {{1, tables::kSingleOpCount, kBroadcast},
                                        {2, tables::kBinaryOpCount, kBroadcast},
                                        {1, tables::kUnaryOpCount, kBroadcast},
                                        {3, tables::kSingleOpCount, kBroadcast},
                                        {1, tables::kReduceOpCount, kReduced},
                                        {1, tables::kMathOpCount, kBroadcast},
                                        {2, tables::kMathBinaryOpCount, kBroadcast},
                                        {3, tables::kSingleOpCount, kBroadcast},
                                        {1, tables::kReduceMoreOpCount, kReduced},
                                        {1, tables::kMomentOpCount, kReduced},
                                        {1, tables::kArgOpCount, kReduced},
                                        {1, tables::kScanOpCount, kSame},
                                        {1, tables::kSortOpCount, kSame},
                                        {1, tables::kSingleOpCount, kTopkShape},
                                        {2, tables::kSingleOpCount, kMatmulShape}};

std::string S(int64_t v) { return std::to_string(v); }

// The op's name as the TypeScript API spells it (errors start with it).
const char* kernel_name(int64_t kind, int64_t code) {
  // The API names come from the boundary tables (each table's values are 0..count-1).
  switch (kind) {
    case kCopy: return "assign";
    case kBinary: return tables::kBinaryOpNames[code];
    case kUnary: return tables::kUnaryOpNames[code];
    case kWhere: return "where";
    case kReduce: return tables::kReduceOpNames[code];
    case kMathUnary: return tables::kMathOpNames[code];
    case kMathBinary: return tables::kMathBinaryOpNames[code];
    case kClip: return "clip";
    case kReduceMore: return tables::kReduceMoreOpNames[code];
    case kMoments: return tables::kMomentOpNames[code];
    case kArg: return tables::kArgOpNames[code];
    case kScan: return tables::kScanOpNames[code];
    case kSort: return tables::kSortOpNames[code];
    case kTopk: return "topk";
    default: return "matmul";
  }
}

// One operand of a kernel call. Never copied once decoded (a scalar's base points into it).
struct KArg {
  FlatView v;
  char* base = nullptr;
  int64_t len = 0;
  DType dt = DType::float32;
  alignas(16) unsigned char scalar[16];
};

std::string shape_str(const FlatView& v) {
  return dims_to_string(std::span<const int64_t>(v.shape, static_cast<size_t>(v.ndim)));
}

bool same_shape(const FlatView& a, const FlatView& b) {
  return a.ndim == b.ndim && std::equal(a.shape, a.shape + a.ndim, b.shape);
}

// Error messages, out of line and cold: the fast path carries no string code.
[[gnu::cold, gnu::noinline]] Error shapes_error(Code code, const char* op, const char* a,
                                                const FlatView& x, const char* b,
                                                const FlatView* y) {
  return make_error(code, std::string(op) + a + shape_str(x) + b + (y ? shape_str(*y) : ""));
}

[[gnu::cold, gnu::noinline]] Error bounds_error(const char* op, const KArg& a, int64_t lo,
                                                int64_t hi) {
  return make_error(Code::out_of_bounds, std::string(op) + ": view " +
                                             flat::to_view(a.v).to_string() + " reads elements [" +
                                             S(lo) + ", " + S(hi) + "] outside its buffer of " +
                                             S(a.len) + " elements");
}

[[gnu::cold, gnu::noinline]] Error together_error(const char* op, const KArg* in, int nin) {
  std::string shapes;
  for (int j = 0; j < nin; ++j) shapes += (j ? " " : "") + shape_str(in[j].v);
  return make_error(
      Code::shape_mismatch,
      std::string(op) + ": operands could not be broadcast together with shapes " + shapes);
}

[[gnu::cold, gnu::noinline]] Error alloc_error(const char* op, int64_t bytes, int64_t count,
                                               DType dt) {
  return make_error(Code::out_of_memory, std::string(op) + ": cannot allocate " + S(bytes) +
                                             " bytes for " + S(count) + " " +
                                             kernels::dtype_name(dt) + " elements");
}

[[gnu::cold, gnu::noinline]] Error matmul_error(const KArg& a, const KArg& b) {
  return make_error(Code::shape_mismatch,
                    "matmul: shapes " + shape_str(a.v) + " and " + shape_str(b.v) +
                        " are not aligned: a's last dim (" + S(a.v.shape[a.v.ndim - 1]) +
                        ") must equal b's " + (b.v.ndim == 1 ? "only" : "second-to-last") +
                        " dim (" + S(b.v.shape[b.v.ndim == 1 ? 0 : b.v.ndim - 2]) + ")");
}

bool read_dtype(Reader& r, DType& dt) {
  int64_t d;
  if (!r.next(d) || !kernels::is_valid_dtype(static_cast<int32_t>(d))) return false;
  dt = static_cast<DType>(d);
  return true;
}

// ptr length dtype view. A concrete request view decodes without the heap; a symbolic or derived
// one through View (its layout: an error while a dim is unbound).
Status read_array(Reader& r, const char* op, KArg& a) {
  int64_t ptr, len;
  if (!r.next(ptr) || !r.next(len) || len < 0 || !read_dtype(r, a.dt)) return malformed("operand");
  a.base = reinterpret_cast<char*>(static_cast<uintptr_t>(ptr));
  a.len = len;
  Reader at = r;
  if (!read_flat(r, a.v)) {
    r = at;
    SV_TRY(View v, read_view(r, 0));
    if (!flat::from_view(v, a.v)) return v.layout(op).error();
  }
  int64_t lo, hi;
  if (flat::required_span(a.v, lo, hi) && (lo < 0 || hi >= len)) return bounds_error(op, a, lo, hi);
  return ok_status();
}

// dtype value: a 0-d operand holding value converted to dtype (the kernels' casting rules).
bool read_scalar(Reader& r, KArg& a) {
  double x;
  if (!read_dtype(r, a.dt) || !r.next_num(x)) return false;
  kernels::visit_dtype(a.dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = kernels::from_double<T>(x);
    std::memcpy(a.scalar, &v, sizeof(T));
  });
  a.v.ndim = 0;
  a.v.offset = 0;
  a.v.has_mask = false;
  a.v.contiguous = true;
  a.base = reinterpret_cast<char*>(a.scalar);
  a.len = 1;
  return true;
}

kernels::Operand operand(const KArg& a) {
  kernels::Operand o;
  o.base = a.base;
  o.dtype = a.dt;
  o.layout.shape.assign(a.v.shape, static_cast<size_t>(a.v.ndim));
  o.layout.strides.assign(a.v.strides, static_cast<size_t>(a.v.ndim));
  o.layout.offset = a.v.offset;
  if (a.v.has_mask) o.layout.mask.assign(a.v.mask, static_cast<size_t>(a.v.ndim));
  return o;
}

// `a` broadcast to `target` (in place). The concrete rules of view/flat.hpp, or View's for the
// cases they leave (a masked view gaining dims) and for the error.
Status broadcast_arg(KArg& a, std::span<const int64_t> target, const char* op) {
  if (static_cast<size_t>(a.v.ndim) == target.size() &&
      std::equal(target.begin(), target.end(), a.v.shape)) {
    return ok_status();  // already that shape (the common case)
  }
  FlatView b;
  if (flat::broadcast_to(a.v, target, b)) {
    flat::copy(a.v, b);
    return ok_status();
  }
  const View v = flat::to_view(a.v);
  auto r = broadcast_to(v, sym::of_ints(Dims(target.begin(), target.end())));
  if (r.ok() && flat::from_view(*r, a.v)) return ok_status();
  FlatView t;
  t.ndim = static_cast<int>(target.size());
  std::copy(target.begin(), target.end(), t.shape);
  return shapes_error(Code::shape_mismatch, op, ": cannot broadcast shape ", a.v,
                      " to the result shape ", &t);
}

// Inserts a size-1 dim at `at` (stride 0; valid range [0, 1) when masked): np.matmul's promotion
// of a 1-D operand.
void insert_unit(FlatView& v, int at) {
  for (int i = v.ndim; i > at; --i) {
    v.shape[i] = v.shape[i - 1];
    v.strides[i] = v.strides[i - 1];
    v.mask[i] = v.mask[i - 1];
  }
  v.shape[at] = 1;
  v.strides[at] = 0;
  v.mask[at] = {0, 1};
  ++v.ndim;
}

// Element storage for a result, 16-byte aligned (as sv_alloc): null when out of memory.
char* allocate(int64_t n, DType dt, int64_t& bytes) {
  bytes = n * static_cast<int64_t>(kernels::dtype_size(dt));
  if (bytes > static_cast<int64_t>(SIZE_MAX - 15)) return nullptr;
  size_t b = (static_cast<size_t>(bytes) + 15) & ~size_t{15};
  if (b == 0) b = 16;
  return static_cast<char*>(std::aligned_alloc(16, b));
}

struct Extra {
  double fill = 0, ddof = 0;
  uint64_t axes = 0;
  int64_t axis = 0, k = 0;
  bool keepdims = false;
};

Status run(int64_t kind, int64_t code, const kernels::Operand& out, const kernels::Operand* out2,
           KArg* in, const Extra& x) {
  namespace k = kernels;
  const int axis = static_cast<int>(x.axis);
  switch (kind) {
    case kCopy: return k::copy(out, operand(in[0]), x.fill);
    case kBinary:
      return k::binary(static_cast<k::BinaryOp>(code), out, operand(in[0]), operand(in[1]));
    case kUnary: return k::unary(static_cast<k::UnaryOp>(code), out, operand(in[0]));
    case kWhere: return k::where(out, operand(in[0]), operand(in[1]), operand(in[2]));
    case kReduce: return k::reduce(static_cast<k::ReduceOp>(code), out, operand(in[0]), x.axes);
    case kMathUnary: return k::math_unary(static_cast<k::MathOp>(code), out, operand(in[0]));
    case kMathBinary:
      return k::math_binary(static_cast<k::MathBinaryOp>(code), out, operand(in[0]),
                            operand(in[1]));
    case kClip: return k::clip(out, operand(in[0]), operand(in[1]), operand(in[2]));
    case kReduceMore:
      return k::reduce_more(static_cast<k::ReduceMoreOp>(code), out, operand(in[0]), x.axes);
    case kMoments:
      return k::moments(static_cast<k::MomentOp>(code), out, operand(in[0]), x.axes, x.ddof);
    case kArg: return k::arg_reduce(static_cast<k::ArgOp>(code), out, operand(in[0]), axis);
    case kScan: return k::scan(static_cast<k::ScanOp>(code), out, operand(in[0]), axis);
    case kSort:
      return static_cast<SortOp>(code) == SortOp::sort ? k::sort(out, operand(in[0]), axis)
                                                       : k::argsort(out, operand(in[0]), axis);
    case kTopk: return k::topk(out, *out2, operand(in[0]), x.k, axis);
    default: return k::matmul(out, operand(in[0]), operand(in[1]));
  }
}

// The kernel's view of an output stored with shape `res`: `full` dims, of which those with
// `dropped` bit set are absent from res (size 1 in full, stride 0).
void expand_out(kernels::Operand& o, const FlatView& stored, const int64_t* full, int n,
                uint64_t dropped) {
  int j = 0;
  o.layout.shape.assign(full, static_cast<size_t>(n));
  o.layout.strides.assign(static_cast<size_t>(n), 0);
  for (int d = 0; d < n; ++d) {
    if (!((dropped >> d) & 1u)) o.layout.strides[d] = stored.strides[j++];
  }
}

}  // namespace

Status kernel_run(Reader& r, Writer& w) {
  int64_t kind, code, mode;
  if (!r.next(kind) || !r.next(code) || !r.next(mode) || kind < 0 || kind >= kKinds ||
      (mode != kOutAllocate && mode != kOutGiven)) {
    return malformed("kernel request");
  }
  const KindInfo& info = kKindInfo[kind];
  if (code < 0 || code >= info.ncodes) return malformed("kernel op");
  const char* name = kernel_name(kind, code);
  DType rdt;
  if (!read_dtype(r, rdt)) return malformed("result dtype");
  const bool given = mode == kOutGiven;
  if (given && info.shape == kTopkShape) return malformed("topk out");
  KArg out;
  int64_t want[kMaxRank];
  int nwant = -1;  // a requested shape for an allocated result
  if (given) {
    SV_CHECK(read_array(r, name, out));
  } else {
    int64_t has;
    if (!r.next(has)) return malformed("result shape");
    if (has) {
      int64_t n;
      if (!r.next(n) || n < 0 || n > kMaxRank) return malformed("result shape");
      nwant = static_cast<int>(n);
      for (int i = 0; i < nwant; ++i) {
        if (!r.next(want[i]) || want[i] < 0) return malformed("result shape");
      }
    }
  }
  int64_t nin;
  if (!r.next(nin) || nin != info.arity) return malformed("operand count");
  KArg in[3];
  for (int i = 0; i < nin; ++i) {
    int64_t tag;
    if (!r.next(tag)) return malformed("operand");
    if (tag == kInScalar) {
      if (!read_scalar(r, in[i])) return malformed("scalar");
    } else {
      SV_CHECK(read_array(r, name, in[i]));
    }
  }
  Extra x;
  int64_t flag = 0;
  bool ok = true;
  switch (kind) {
    case kCopy: ok = r.next_num(x.fill); break;
    case kReduce:
    case kReduceMore:
    case kMoments: {
      int64_t m;
      ok = r.next(m) && r.next(flag) && m >= 0 && (kind != kMoments || r.next_num(x.ddof));
      x.axes = static_cast<uint64_t>(m);
      break;
    }
    case kArg: ok = r.next(x.axis) && r.next(flag); break;
    case kScan:
    case kSort: ok = r.next(x.axis); break;
    case kTopk: ok = r.next(x.k) && r.next(x.axis); break;
    default: break;
  }
  x.keepdims = flag != 0;
  if (!ok) return malformed("kernel arguments");
  const FlatView& x0 = in[0].v;
  if (kind >= kArg && kind <= kTopk && (x.axis < 0 || x.axis >= std::max(x0.ndim, 1))) {
    return malformed("kernel axis");
  }
  if (kind == kArg) x.axes = uint64_t{1} << x.axis;

  // The result's shape (`res`) and the kernel's form of the output (`full`, of rank nfull, with
  // the dims in `dropped` absent from res): reductions' keepdims form, matmul's [..., M, N].
  FlatView res;
  int64_t full[kMaxRank + 1];
  int nfull = -1;
  uint64_t dropped = 0;
  if (info.shape == kReduced) {
    if (x0.ndim < 64 && (x.axes >> x0.ndim) != 0) return malformed("reduce axes");
    int n = 0;
    for (int d = 0; d < x0.ndim; ++d) {
      const bool red = (x.axes >> d) & 1u;
      full[d] = red ? 1 : x0.shape[d];
      if (!red || x.keepdims) {
        res.shape[n++] = full[d];
      } else {
        dropped |= uint64_t{1} << d;
      }
    }
    res.ndim = n;
    nfull = x0.ndim;
  } else if (info.shape == kSame || info.shape == kTopkShape) {
    flat::copy(res, x0);
    if (info.shape == kTopkShape && x0.ndim > 0) res.shape[x.axis] = x.k;
  } else if (info.shape == kMatmulShape) {
    KArg& a = in[0];
    KArg& b = in[1];
    if (a.v.ndim == 0 || b.v.ndim == 0) {
      return make_error(Code::rank_mismatch,
                        "matmul: operands must have at least one dimension, got shapes " +
                            shape_str(a.v) + " and " + shape_str(b.v) + " (use mul for scalars)");
    }
    const bool a1 = a.v.ndim == 1, b1 = b.v.ndim == 1;
    const int64_t ka = a.v.shape[a.v.ndim - 1], kb = b.v.shape[b1 ? 0 : b.v.ndim - 2];
    if (ka != kb) return matmul_error(a, b);
    if (a1) insert_unit(a.v, 0);
    if (b1) insert_unit(b.v, 1);
    // Batch dims broadcast (right-aligned).
    const int ba = a.v.ndim - 2, bb = b.v.ndim - 2, nb = std::max(ba, bb);
    if (nb + 2 > kMaxRank) return together_error(name, in, 2);
    for (int k = 1; k <= nb; ++k) {
      const int64_t da = k <= ba ? a.v.shape[ba - k] : 1, db = k <= bb ? b.v.shape[bb - k] : 1;
      if (da != db && da != 1 && db != 1) {
        return make_error(Code::shape_mismatch, "matmul: batch dims " + shape_str(a.v) + " and " +
                                                    shape_str(b.v) +
                                                    " could not be broadcast together (dim " +
                                                    S(da) + " vs " + S(db) + ")");
      }
      full[nb - k] = da == 1 ? db : da;
    }
    const int64_t m = a.v.shape[ba], kk = a.v.shape[ba + 1], n = b.v.shape[bb + 1];
    full[nb] = m;
    full[nb + 1] = kk;
    SV_CHECK(broadcast_arg(a, std::span<const int64_t>(full, static_cast<size_t>(nb + 2)), name));
    full[nb] = kk;
    full[nb + 1] = n;
    SV_CHECK(broadcast_arg(b, std::span<const int64_t>(full, static_cast<size_t>(nb + 2)), name));
    full[nb] = m;
    nfull = nb + 2;
    if (a1) dropped |= uint64_t{1} << nb;
    if (b1) dropped |= uint64_t{1} << (nb + 1);
    res.ndim = 0;
    for (int d = 0; d < nfull; ++d) {
      if (!((dropped >> d) & 1u)) res.shape[res.ndim++] = full[d];
    }
  } else {
    // NumPy broadcasting of the inputs (right-aligned; equal, or one is 1).
    int rank = 0;
    for (int i = 0; i < nin; ++i) rank = std::max(rank, in[i].v.ndim);
    for (int k = 1; k <= rank; ++k) {
      int64_t size = 1;
      for (int i = 0; i < nin; ++i) {
        const FlatView& v = in[i].v;
        const int64_t d = k <= v.ndim ? v.shape[v.ndim - k] : 1;
        if (d == 1 || d == size) continue;
        if (size != 1) return together_error(name, in, static_cast<int>(nin));
        size = d;
      }
      res.shape[rank - k] = size;
    }
    res.ndim = rank;
    const FlatView* to = given ? &out.v : nullptr;
    FlatView req;
    if (!given && nwant >= 0) {
      req.ndim = nwant;
      std::copy(want, want + nwant, req.shape);
      to = &req;
    }
    if (to) {  // the broadcast result must broadcast to the output's shape
      bool ok = res.ndim <= to->ndim;
      for (int k = 1; ok && k <= res.ndim; ++k) {
        const int64_t a = res.shape[res.ndim - k], b = to->shape[to->ndim - k];
        ok = a == b || a == 1;
      }
      if (!ok) {
        if (kind == kCopy) {
          return shapes_error(Code::shape_mismatch, name, ": cannot broadcast shape ", in[0].v,
                              " to the result shape ", to);
        }
        return shapes_error(Code::shape_mismatch, name, ": out has shape ", *to,
                            " but the operands broadcast to ", &res);
      }
      res.ndim = to->ndim;
      std::copy(to->shape, to->shape + to->ndim, res.shape);
    }
  }
  if (info.shape != kBroadcast && given && !same_shape(out.v, res)) {
    return shapes_error(Code::shape_mismatch, name, ": out has shape ", out.v,
                        " but the result has shape ", &res);
  }
  res.offset = 0;
  res.has_mask = false;
  if (!flat::create(res, false)) {
    return shapes_error(Code::overflow, name, ": the result shape ", res,
                        " has more than 2^53-1 elements", nullptr);
  }
  if (info.shape == kBroadcast) {
    const std::span<const int64_t> target(res.shape, static_cast<size_t>(res.ndim));
    for (int i = 0; i < nin; ++i) SV_CHECK(broadcast_arg(in[i], target, name));
  }
  int64_t count = 1;
  for (int i = 0; i < res.ndim; ++i) count *= res.shape[i];

  // Where the kernel writes: the given array, a temporary of the result dtype (when the given
  // array has another dtype), or new storage (topk: two, the second for int64 indices).
  char* mem = nullptr;
  char* mem2 = nullptr;
  char* tmp = nullptr;
  KArg dst, dst2;
  if (given && out.dt == rdt) {
    flat::copy(dst.v, out.v);
    dst.base = out.base;
  } else {
    int64_t bytes;
    char* p = allocate(count, rdt, bytes);
    if (!p) return alloc_error(name, bytes, count, rdt);
    (given ? tmp : mem) = p;
    flat::copy(dst.v, res);
    dst.base = p;
  }
  dst.dt = rdt;
  if (kind == kTopk) {
    int64_t bytes;
    mem2 = allocate(count, DType::int64, bytes);
    if (!mem2) {
      std::free(mem);
      return alloc_error(name, bytes, count, DType::int64);
    }
    flat::copy(dst2.v, res);
    dst2.base = mem2;
    dst2.dt = DType::int64;
  }
  Status st = ok_status();
  if (count > 0) {
    kernels::Operand o = operand(dst);
    if (nfull >= 0) expand_out(o, dst.v, full, nfull, dropped);
    if (kind == kTopk) {
      const kernels::Operand o2 = operand(dst2);
      st = run(kind, code, o, &o2, in, x);
    } else {
      st = run(kind, code, o, nullptr, in, x);
    }
    if (st.ok() && tmp) st = kernels::copy(operand(out), operand(dst), 0.0);
  }
  std::free(tmp);
  if (!st.ok()) {
    std::free(mem);
    std::free(mem2);
    return st;
  }
  if (!given) {
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(mem)));
    write_flat(w, res);
    if (kind == kTopk) {
      w.num(static_cast<double>(reinterpret_cast<uintptr_t>(mem2)));
      write_flat(w, res);
    }
  }
  return ok_status();
}

// ------------------------------------------------------------------------------------ gather
//
// kKernelGather request: (0 dst | 1) src fill axis (n index{n} | -1 mask); with 1 the result is
// allocated here and the response is its ptr and view (a mask's count is known only here) (dst:
// src's shape with `axis` set to the number of indices; NumPy take along axis; a bool mask operand
// of the axis' length selects where it is true). Indices may be negative (from the end); out of
// range is an error. Large slabs (the elements one index selects, 1024 or more) are one planned
// copy each; smaller ones (a row of a few elements, or single elements as in a[mask]) are moved by
// one element loop over the whole result, so a gather of n elements costs O(n), not n kernel calls.

namespace {

template <class E>
void gather_elems(const KArg& dst, const KArg& src, int axis, const int64_t* idx) {
  const FlatView& dv = dst.v;
  const FlatView& sv = src.v;
  const int r = dv.ndim;
  E* d = reinterpret_cast<E*>(dst.base);
  const E* s = reinterpret_cast<const E*>(src.base);
  int64_t pos[kMaxRank] = {};
  int64_t doff = dv.offset, soff = sv.offset + idx[0] * sv.strides[axis];
  const int last = r - 1;
  const int64_t nl = dv.shape[last], dls = dv.strides[last];
  const int64_t sls = last == axis ? 0 : sv.strides[last];
  for (;;) {
    if (last == axis) {
      for (int64_t k = 0; k < nl; ++k)
        d[doff + k * dls] = s[soff + (idx[k] - idx[0]) * sv.strides[axis]];
    } else {
      for (int64_t k = 0; k < nl; ++k) d[doff + k * dls] = s[soff + k * sls];
    }
    int dd = last - 1;
    for (; dd >= 0; --dd) {
      const int64_t ss = sv.strides[dd];
      if (pos[dd] + 1 < dv.shape[dd]) {
        ++pos[dd];
        doff += dv.strides[dd];
        soff += dd == axis ? (idx[pos[dd]] - idx[pos[dd] - 1]) * ss : ss;
        break;
      }
      doff -= (dv.shape[dd] - 1) * dv.strides[dd];
      soff -= dd == axis ? (idx[pos[dd]] - idx[0]) * ss : (dv.shape[dd] - 1) * ss;
      pos[dd] = 0;
    }
    if (dd < 0) return;
  }
}

}  // namespace

Status kernel_gather(Reader& r, Writer& w) {
  const char* name = "take";
  KArg dst, src;
  int64_t alloc;
  if (!r.next(alloc) || (alloc != kGatherInto && alloc != kGatherAllocate))
    return malformed("gather");
  if (alloc == kGatherInto) SV_CHECK(read_array(r, name, dst));
  SV_CHECK(read_array(r, name, src));
  double fill;
  int64_t axis, n;
  if (!r.next_num(fill) || !r.next(axis) || !r.next(n) || n < -1) return malformed("gather");
  if (axis < 0 || axis >= src.v.ndim ||
      (alloc == kGatherInto && (dst.v.ndim != src.v.ndim || dst.dt != src.dt))) {
    return malformed("gather axis");
  }
  const int64_t len = src.v.shape[axis];
  std::vector<int64_t> idx;
  if (n == -1) {
    // A bool mask of the axis' length instead of a list: the positions where it is true.
    KArg m;
    SV_CHECK(read_array(r, name, m));
    if (m.dt != DType::bool_ || m.v.ndim != 1 || m.v.shape[0] != len)
      return malformed("gather mask");
    const uint8_t* b = reinterpret_cast<const uint8_t*>(m.base) + m.v.offset;
    const FlatRange valid = m.v.has_mask ? m.v.mask[0] : FlatRange{0, len};
    const int64_t ms = m.v.strides[0];
    int64_t c = 0;  // count first, then fill: no reallocation, no call per element
    for (int64_t i = valid.first; i < valid.second; ++i) c += b[i * ms] != 0;
    idx.resize(static_cast<size_t>(c) + 1);  // + 1: the branch-free fill writes one past the last
    int64_t* out = idx.data();
    for (int64_t i = valid.first, k = 0; i < valid.second; ++i) {
      out[k] = i;
      k += b[i * ms] != 0;
    }
    idx.resize(static_cast<size_t>(c));
    n = c;
  } else {
    idx.resize(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      int64_t i;
      if (!r.next(i)) return malformed("gather indices");
      const int64_t orig = i;
      if (i < 0) i += len;
      if (i < 0 || i >= len) {
        return make_error(Code::out_of_range, "take: index " + S(orig) +
                                                  " is out of bounds for axis " + S(axis) +
                                                  " with size " + S(len));
      }
      idx[static_cast<size_t>(k)] = i;
    }
  }
  char* mem = nullptr;
  if (alloc ==
      kGatherAllocate) {  // a new C-contiguous result of src's dtype (its shape known only now)
    FlatView& v = dst.v;
    v.ndim = src.v.ndim;
    std::copy(src.v.shape, src.v.shape + v.ndim, v.shape);
    v.shape[axis] = n;
    v.offset = 0;
    v.has_mask = false;
    if (!flat::create(v, false)) return malformed("gather result shape");
    int64_t count = 1, bytes;
    for (int d = 0; d < v.ndim; ++d) count *= v.shape[d];
    mem = allocate(count, src.dt, bytes);
    if (!mem) return alloc_error(name, bytes, count, src.dt);
    dst.base = mem;
    dst.dt = src.dt;
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(mem)));
    write_flat(w, v);
  }
  int64_t total = 1;
  for (int d = 0; d < src.v.ndim; ++d) {
    const int64_t want = d == axis ? n : src.v.shape[d];
    if (dst.v.shape[d] != want) return malformed("gather destination shape");
    total *= want;
  }
  if (total == 0) return ok_status();
  const int64_t slab = total / n;
  if (!src.v.has_mask && !dst.v.has_mask && slab < 1024) {
    switch (kernels::dtype_size(src.dt)) {
      case 1: gather_elems<uint8_t>(dst, src, static_cast<int>(axis), idx.data()); break;
      case 2: gather_elems<uint16_t>(dst, src, static_cast<int>(axis), idx.data()); break;
      case 4: gather_elems<uint32_t>(dst, src, static_cast<int>(axis), idx.data()); break;
      default: gather_elems<uint64_t>(dst, src, static_cast<int>(axis), idx.data()); break;
    }
    return ok_status();
  }
  kernels::Operand d = operand(dst), s = operand(src);
  const int64_t d0 = d.layout.offset, s0 = s.layout.offset;
  const int64_t ds = dst.v.strides[axis], ss = src.v.strides[axis];
  const FlatRange m = src.v.has_mask ? src.v.mask[axis] : FlatRange{0, len};
  d.layout.shape[axis] = 1;
  s.layout.shape[axis] = 1;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t i = idx[static_cast<size_t>(k)];
    d.layout.offset = d0 + k * ds;
    s.layout.offset = s0 + i * ss;
    // Along the axis the slab is one element: inside the source's valid range, or all padding.
    if (src.v.has_mask)
      s.layout.mask[axis] = i >= m.first && i < m.second ? FlatRange{0, 1} : FlatRange{0, 0};
    Status st = kernels::copy(d, s, fill);
    if (!st.ok()) {
      std::free(mem);
      return st;
    }
  }
  return ok_status();
}

}  // namespace sv::wire
