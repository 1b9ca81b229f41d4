// The per-op hot path of the wire protocol, compiled at -O2 (the rest of the bindings is -Oz):
// concrete views are decoded into FlatViews (no heap) for movement ops and for every kernel call
// (kKernelRun: decode, broadcast, bounds-check, allocate the output, run the kernel, encode).
// Anything else (symbolic or derived views) is decoded through View (api.cpp) and, where a
// movement op is involved, left to the general path, which alone produces those errors.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
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
  if (!r.next(tag) || tag != 0 || !r.next(n) || n < 0 || n > kMaxRank) return false;
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
  *p++ = 1;
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
  if (tag == 0) {
    if (!read_flat(r, v)) return false;
    write_flat(w, v);
    return true;
  }
  FlatView p;
  if (tag != 1 || !r.next(tag) || !read_flat(r, p) || !r.next(op)) return false;
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
//   kind  := 0 copy (assign / astype / full) | 1 binary | 2 unary | 3 where | 4 reduce
//   code  := the BinaryOp / UnaryOp / ReduceOp (ignored for copy and where)
//   out   := 0 dtype has_shape dims?   allocate the result here (shape: the operands' broadcast
//                                      shape, or the given one, which they must broadcast to)
//          | 1 dtype operand           write into this array (dtype: the result's dtype before the
//                                      cast into the operand's own, same_kind checked by the caller)
//   in    := nin (0 operand | 1 dtype value)       an array, or a scalar given by value
//   extra := copy: fill (masked-out source elements) | reduce: axes_mask keepdims | nothing
// Response when allocated: ptr, then the result's view (write_flat). Nothing otherwise.
// The caller has converted every input to the kernel's dtype (arrays materialized, scalars by
// value); the kernels check dtypes again.

namespace {

using kernels::DType;

std::string S(int64_t v) { return std::to_string(v); }

const char* kernel_name(int64_t kind, int64_t code) {
  static const char* binary[] = {"add",  "sub",        "mul",     "div",          "maximum",
                                 "minimum", "equal",   "not_equal", "less",       "less_equal",
                                 "greater", "greater_equal"};
  static const char* unary[] = {"neg", "abs", "sqrt", "exp", "log"};
  static const char* reduce[] = {"sum", "max", "min", "mean"};
  switch (kind) {
    case 0: return "assign";
    case 1: return code >= 0 && code < 12 ? binary[code] : "binary";
    case 2: return code >= 0 && code < 5 ? unary[code] : "unary";
    case 3: return "where";
    default: return code >= 0 && code < 4 ? reduce[code] : "reduce";
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
  return make_error(Code::shape_mismatch,
                    std::string(op) + ": operands could not be broadcast together with shapes " + shapes);
}

[[gnu::cold, gnu::noinline]] Error alloc_error(const char* op, int64_t bytes, int64_t count,
                                               DType dt) {
  return make_error(Code::out_of_memory, std::string(op) + ": cannot allocate " + S(bytes) +
                                             " bytes for " + S(count) + " " +
                                             kernels::dtype_name(dt) + " elements");
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

// Element storage for a result, 16-byte aligned (as sv_alloc): null when out of memory.
char* allocate(int64_t n, DType dt, int64_t& bytes) {
  bytes = n * static_cast<int64_t>(kernels::dtype_size(dt));
  if (bytes > static_cast<int64_t>(SIZE_MAX - 15)) return nullptr;
  size_t b = (static_cast<size_t>(bytes) + 15) & ~size_t{15};
  if (b == 0) b = 16;
  return static_cast<char*>(std::aligned_alloc(16, b));
}

Status run(int64_t kind, int64_t code, const kernels::Operand& out, KArg* in, int nin,
           double fill, uint64_t axes) {
  switch (kind) {
    case 0: return kernels::copy(out, operand(in[0]), fill);
    case 1:
      return kernels::binary(static_cast<kernels::BinaryOp>(code), out, operand(in[0]),
                             operand(in[1]));
    case 2: return kernels::unary(static_cast<kernels::UnaryOp>(code), out, operand(in[0]));
    case 3: return kernels::where(out, operand(in[0]), operand(in[1]), operand(in[2]));
    default:
      return kernels::reduce(static_cast<kernels::ReduceOp>(code), out, operand(in[0]), axes);
  }
}

}  // namespace

Status kernel_run(Reader& r, Writer& w) {
  int64_t kind, code, mode;
  if (!r.next(kind) || !r.next(code) || !r.next(mode) || kind < 0 || kind > 4 || mode < 0 ||
      mode > 1) {
    return malformed("kernel request");
  }
  const int64_t ncodes[] = {1, 12, 5, 1, 4};
  if (kind != 0 && kind != 3 && (code < 0 || code >= ncodes[kind])) return malformed("kernel op");
  const char* name = kernel_name(kind, code);
  DType rdt;
  if (!read_dtype(r, rdt)) return malformed("result dtype");
  const bool given = mode == 1;
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
  const int64_t arity[] = {1, 2, 1, 3, 1};
  if (!r.next(nin) || nin != arity[kind]) return malformed("operand count");
  KArg in[3];
  for (int i = 0; i < nin; ++i) {
    int64_t tag;
    if (!r.next(tag)) return malformed("operand");
    if (tag == 1) {
      if (!read_scalar(r, in[i])) return malformed("scalar");
    } else {
      SV_CHECK(read_array(r, name, in[i]));
    }
  }
  double fill = 0;
  uint64_t axes = 0;
  bool keepdims = false;
  if (kind == 0 && !r.next_num(fill)) return malformed("fill");
  if (kind == 4) {
    int64_t m, k;
    if (!r.next(m) || !r.next(k) || m < 0) return malformed("reduce axes");
    axes = static_cast<uint64_t>(m);
    keepdims = k != 0;
  }

  // The result's shape (`res`) and, for reductions, the kernel's keepdims form (`kd`).
  FlatView res;
  int64_t kd[kMaxRank];
  if (kind == 4) {
    const FlatView& x = in[0].v;
    if (x.ndim < 64 && (axes >> x.ndim) != 0) return malformed("reduce axes");
    int n = 0;
    for (int d = 0; d < x.ndim; ++d) {
      const bool red = (axes >> d) & 1u;
      kd[d] = red ? 1 : x.shape[d];
      if (!red || keepdims) res.shape[n++] = kd[d];
    }
    res.ndim = n;
    if (given && shape_str(out.v) != shape_str(res)) {
      return shapes_error(Code::shape_mismatch, name, ": out has shape ", out.v,
                          " but the result has shape ", &res);
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
        if (kind == 0) {
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
  res.offset = 0;
  res.has_mask = false;
  if (!flat::create(res, false)) {
    return shapes_error(Code::overflow, name, ": the result shape ", res,
                        " has more than 2^53-1 elements", nullptr);
  }
  if (kind != 4) {
    const std::span<const int64_t> target(res.shape, static_cast<size_t>(res.ndim));
    for (int i = 0; i < nin; ++i) SV_CHECK(broadcast_arg(in[i], target, name));
  }
  int64_t count = 1;
  for (int i = 0; i < res.ndim; ++i) count *= res.shape[i];

  // Where the kernel writes: the given array, a temporary of the result dtype (when the given
  // array has another dtype), or new storage.
  char* mem = nullptr;
  char* tmp = nullptr;
  KArg dst;
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
  Status st = ok_status();
  if (count > 0) {
    kernels::Operand o = operand(dst);
    if (kind == 4) {  // the keepdims form of the output (size-1 dims inserted where reduced)
      int j = 0;
      o.layout.shape.assign(kd, static_cast<size_t>(in[0].v.ndim));
      o.layout.strides.assign(static_cast<size_t>(in[0].v.ndim), 0);
      for (int d = 0; d < in[0].v.ndim; ++d) {
        if (!((axes >> d) & 1u) || keepdims) o.layout.strides[d] = dst.v.strides[j++];
      }
    }
    st = run(kind, code, o, in, static_cast<int>(nin), fill, axes);
    if (st.ok() && tmp) st = kernels::copy(operand(out), operand(dst), 0.0);
  }
  std::free(tmp);
  if (!st.ok()) {
    std::free(mem);
    return st;
  }
  if (!given) {
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(mem)));
    write_flat(w, res);
  }
  return ok_status();
}

}  // namespace sv::wire
