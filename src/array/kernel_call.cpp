#include "array/kernel_call.hpp"
#include "core/opaque_call.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/storage.hpp"
#include "shape/shape.hpp"
#include "kernels/complex.hpp"
#include "kernels/numpy_ops.hpp"
#include "view/view.hpp"

namespace sv::array {
namespace {

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
                                        {2, tables::kSingleOpCount, kMatmulShape},
                                        {2, tables::kSearchSideCount, kSearchShape},
                                        {2, tables::kPartitionOpCount, kSame}};

std::span<const int64_t> dims(const Layout& v) {
  return std::span<const int64_t>(v.shape.data(), v.shape.size());
}

bool same_shape(const Layout& a, const Layout& b) { return a.shape == b.shape; }

// Error messages, out of line and cold: the fast path carries no string code, and each message is
// a format for format_error (core/index.hpp) instead of a chain of std::string concatenations.
[[gnu::cold, gnu::noinline]] Status bounds_error(const char* op, const Array& a, int64_t lo,
                                                 int64_t hi) {
  const std::string v = View::from_layout(a.layout).to_string();
  if (a.base == nullptr) {
    return format_error(Code::invalid_argument, op, "view $ reads elements [#, #] of a null buffer", {lo, hi},
                        {}, {v.c_str()});
  }
  return format_error(Code::out_of_bounds, op, "view $ reads elements [#, #] outside its buffer of # elements",
                      {lo, hi, a.len}, {}, {v.c_str()});
}

[[gnu::cold, gnu::noinline]] Status together_error(const char* op, const Array* in, int nin) {
  static constexpr const char* kFmt[] = {"operands could not be broadcast together with shapes ",
                                         "operands could not be broadcast together with shapes @",
                                         "operands could not be broadcast together with shapes @ @",
                                         "operands could not be broadcast together with shapes @ @ @"};
  return format_error(Code::shape_mismatch, op, kFmt[nin],
                      {}, {dims(in[0].layout), dims(in[nin > 1 ? 1 : 0].layout), dims(in[nin > 2 ? 2 : 0].layout)});
}

[[gnu::cold, gnu::noinline]] Status alloc_error(const char* op, int64_t bytes, int64_t count,
                                                DType dt) {
  return format_error(Code::out_of_memory, op, "cannot allocate # bytes for # $ elements",
                      {bytes, count}, {}, {kernels::dtype_name(dt)});
}

// Batch dims of a and b (the first ba / bb dims) that do not broadcast, at output batch dim k from
// the right (1-based).
[[gnu::cold, gnu::noinline]] Status batch_error(const Array& a, const Array& b, int ba, int bb,
                                                int k) {
  const int64_t da = k <= ba ? a.layout.shape[ba - k] : 1, db = k <= bb ? b.layout.shape[bb - k] : 1;
  return format_error(Code::shape_mismatch, "matmul",
                      "batch dims @ and @ could not be broadcast together (dim # vs #)", {da, db},
                      {dims(a.layout), dims(b.layout)});
}

[[gnu::cold, gnu::noinline]] Status matmul_error(const Array& a, const Array& b) {
  const bool b1 = b.layout.ndim() == 1;
  return format_error(Code::shape_mismatch, "matmul",
                      "shapes @ and @ are not aligned: a's last dim (#) must equal b's $ dim (#)",
                      {a.layout.shape[a.layout.ndim() - 1], b.layout.shape[b1 ? 0 : b.layout.ndim() - 2]},
                      {dims(a.layout), dims(b.layout)}, {b1 ? "only" : "second-to-last"});
}

const kernels::Operand& operand(const Array& a) { return a; }

// `a` broadcast to `target` (in place), by layout::broadcast_to; the error names the result shape.
Status broadcast_arg(Array& a, std::span<const int64_t> target, const char* op) {
  if (a.layout.shape.size() == target.size() &&
      std::equal(target.begin(), target.end(), a.layout.shape.begin())) {
    return ok_status();  // already that shape (the common case)
  }
  Layout b;
  if (layout::broadcast_to(a.layout, target, b).ok()) {
    a.layout = b;
    return ok_status();
  }
  return format_error(Code::shape_mismatch, op, "cannot broadcast shape @ to the result shape @", {},
                      {dims(a.layout), target});
}

// Inserts a size-1 dim at `at` (stride 0; valid range [0, 1) when masked): np.matmul's promotion
// of a 1-D operand.
void insert_unit(Layout& v, int at) {
  const int n = v.ndim();
  const bool m = v.has_mask();
  v.shape.resize(static_cast<size_t>(n + 1));
  v.strides.resize(static_cast<size_t>(n + 1));
  if (m) v.mask.resize(static_cast<size_t>(n + 1));
  for (int i = n; i > at; --i) {
    v.shape[i] = v.shape[i - 1];
    v.strides[i] = v.strides[i - 1];
    if (m) v.mask[i] = v.mask[i - 1];
  }
  v.shape[at] = 1;
  v.strides[at] = 0;
  if (m) v.mask[at] = {0, 1};
}

// Element storage for `n` elements of dt (16-byte aligned): null when out of memory.
char* allocate(int64_t n, DType dt, int64_t& bytes) {
  bytes = n * static_cast<int64_t>(kernels::dtype_size(dt));
  return static_cast<char*>(alloc_storage(bytes));
}

// Buffers run_call allocates for itself (float16 operands widened, results staged): freed at every
// exit, except those handed out as results (release).
struct Scratch {
  char* p[8];  // the first n are set
  int n = 0;
  Scratch() = default;
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() {
    for (int i = 0; i < n; ++i) std::free(p[i]);
  }
  char* keep(char* x) { return p[n++] = x; }
  char* release(char* x) {
    for (int i = 0; i < n; ++i) {
      if (p[i] == x) p[i] = nullptr;
    }
    return x;
  }
};

// float16 is storage only: a float16 operand is widened into a float32 temporary of its shape
// (exact; masked-out elements read 0, as the kernels read them), so every kernel computes float16
// in float32 without a float16 instantiation. Widening the operand before broadcasting copies each
// element once.
Status widen_half(Array& a, const char* op, Scratch& scratch) {
  Layout w = layout::contiguous(std::span<const int64_t>(a.layout.shape.data(), a.layout.shape.size()));
  const int64_t n = w.numel();
  int64_t bytes;
  char* mem = allocate(std::max<int64_t>(n, 1), DType::float32, bytes);
  if (!mem) return alloc_error(op, bytes, n, DType::float32);
  scratch.keep(mem);
  kernels::Operand t;
  t.base = mem;
  t.layout = w;
  t.dtype = DType::float32;
  SV_CHECK(kernels::copy(t, operand(a), 0.0));
  a.base = mem;
  a.layout = w;
  a.dtype = DType::float32;
  a.len = n;
  return ok_status();
}

// The kernel of `kind`. Elementwise kinds take the call's Checked token: run_call has validated
// every operand once (decoded by layout::create or made here, check_bounds) and broadcast them to
// the output's shape, so those kernels skip their operand checks.
Status run(kernels::Checked ck, int64_t kind, int64_t code, const kernels::Operand& out,
           const kernels::Operand* out2, Array* in, const Extra& x) {
  namespace k = kernels;
  const int axis = static_cast<int>(x.axis);
  // A complex operand or result (copy converts complex itself): the complex kernels, which run the
  // ops they have and refuse the rest by name (the 'complex' family).
  if (kind != kCopy) {
    const int nin = kKindInfo[kind].arity;
    bool cx = k::is_complex_dtype(out.dtype);
    for (int i = 0; i < nin; ++i) cx = cx || k::is_complex_dtype(in[i].dtype);
    if (cx) {
      const k::Operand* ops[3] = {&in[0], nin > 1 ? &in[1] : nullptr, nin > 2 ? &in[2] : nullptr};
      return opaque<&k::complex_run>()(kernel_name(kind, code), kind, code, out, ops, nin, x.axes, axis);
    }
  }
  switch (kind) {
    case kCopy: return k::copy(out, operand(in[0]), x.fill);
    case kBinary:
      return k::binary(ck, static_cast<k::BinaryOp>(code), out, operand(in[0]), operand(in[1]));
    case kUnary: return k::unary(ck, static_cast<k::UnaryOp>(code), out, operand(in[0]));
    case kWhere: return k::where(ck, out, operand(in[0]), operand(in[1]), operand(in[2]));
    case kReduce: return k::reduce(static_cast<k::ReduceOp>(code), out, operand(in[0]), x.axes);
    // The families' kernels (web/src/families.ts), each through sv::opaque (core/opaque_call.hpp).
    case kMathUnary:
      return opaque<&k::math_unary>()(static_cast<k::MathOp>(code), out, operand(in[0]));
    case kMathBinary:
      return opaque<&k::math_binary>()(static_cast<k::MathBinaryOp>(code), out, operand(in[0]),
                                       operand(in[1]));
    case kClip: return opaque<&k::clip>()(out, operand(in[0]), operand(in[1]), operand(in[2]));
    case kReduceMore:
      return opaque<&k::reduce_more>()(static_cast<k::ReduceMoreOp>(code), out, operand(in[0]),
                                       x.axes);
    case kMoments:
      return opaque<&k::moments>()(static_cast<k::MomentOp>(code), out, operand(in[0]), x.axes,
                                   x.ddof);
    case kArg:
      return opaque<&k::arg_reduce>()(static_cast<k::ArgOp>(code), out, operand(in[0]), axis);
    case kScan: return opaque<&k::scan>()(static_cast<k::ScanOp>(code), out, operand(in[0]), axis);
    case kSort:
      return static_cast<wire::SortOp>(code) == wire::SortOp::sort
                 ? opaque<&k::sort>()(out, operand(in[0]), axis)
                 : opaque<&k::argsort>()(out, operand(in[0]), axis);
    case kTopk: return opaque<&k::topk>()(out, *out2, operand(in[0]), x.k, axis);
    case kSearch:
      return opaque<&k::searchsorted>()(out, operand(in[0]), operand(in[1]),
                                        static_cast<wire::SearchSide>(code) == wire::SearchSide::right);
    case kPartition:
      return static_cast<wire::PartitionOp>(code) == wire::PartitionOp::partition
                 ? opaque<&k::partition>()(out, operand(in[0]), operand(in[1]), axis)
                 : opaque<&k::argpartition>()(out, operand(in[0]), operand(in[1]), axis);
    default: return opaque<&k::matmul>()(out, operand(in[0]), operand(in[1]));
  }
}

// The kernel's view of an output stored with shape `res`: `full` dims, of which those with
// `dropped` bit set are absent from res (size 1 in full, stride 0).
void expand_out(kernels::Operand& o, const Layout& stored, const int64_t* full, int n,
                uint64_t dropped) {
  int j = 0;
  o.layout.shape.assign(full, static_cast<size_t>(n));
  o.layout.strides.assign(static_cast<size_t>(n), 0);
  for (int d = 0; d < n; ++d) {
    if (!((dropped >> d) & 1u)) o.layout.strides[d] = stored.strides[j++];
  }
}

}  // namespace

const KindInfo& kind_info(int64_t kind) { return kKindInfo[kind]; }

// The op's name as the TypeScript API spells it (errors start with it).
const char* kernel_name(int64_t kind, int64_t code) {
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
    case kSearch: return "searchsorted";
    case kPartition: return tables::kPartitionOpNames[code];
    default: return "matmul";
  }
}

void set_scalar(Array& a, DType dt, double x) {
  a.dtype = dt;
  kernels::visit_dtype_all(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = kernels::from_double<T>(x);
    std::memcpy(a.scalar, &v, sizeof(T));
  });
  a.layout = Layout{};
  a.layout.contiguous = true;
  a.base = reinterpret_cast<char*>(a.scalar);
  a.len = 1;
}

Status check_bounds(const Array& a, const char* op) {
  int64_t lo, hi;
  if (layout::required_span(a.layout, lo, hi) && (lo < 0 || hi >= a.len || a.base == nullptr)) {
    return bounds_error(op, a, lo, hi);
  }
  return ok_status();
}

Status run_call(KernelCall& c, KernelResult& out_res) {
  const int64_t kind = c.kind, code = c.code;
  const KindInfo& info = kKindInfo[kind];
  const char* name = kernel_name(kind, code);
  const DType rdt = c.rdt;
  const bool given = c.given;
  Array& out = c.out;
  const int nwant = c.nwant;
  const int64_t* want = c.want;
  Array* in = c.in;
  const int nin = info.arity;
  const Extra& x = c.x;
  const kernels::Checked ck;
  Scratch scratch;
  if (kind != kCopy) {
    for (int i = 0; i < nin; ++i) {
      if (in[i].dtype == DType::float16) SV_CHECK(widen_half(in[i], name, scratch));
    }
  }
  // The dtype the kernel writes: float32 for a float16 result (narrowed once afterwards, rounding
  // to nearest even), except for copy, which converts to float16 itself.
  const DType kdt = rdt == DType::float16 && kind != kCopy ? DType::float32 : rdt;
  const Layout& x0 = in[0].layout;

  // The result's shape (`res`, written in place into the result) and the kernel's form of the
  // output (`full`, of rank nfull, with the dims in `dropped` absent from res): reductions'
  // keepdims form, matmul's [..., M, N].
  Layout& res = out_res.view;
  res.shape.clear();
  res.mask.clear();
  int64_t full[kMaxRank + 1];
  int nfull = -1;
  uint64_t dropped = 0;
  if (info.shape == kReduced) {
    if (x0.ndim() < 64 && (x.axes >> x0.ndim()) != 0) return format_error(Code::invalid_argument, "binding", "malformed request (reduce axes)");
    for (int d = 0; d < x0.ndim(); ++d) {
      const bool red = (x.axes >> d) & 1u;
      full[d] = red ? 1 : x0.shape[d];
      if (!red || x.keepdims) {
        res.shape.push_back(full[d]);
      } else {
        dropped |= uint64_t{1} << d;
      }
    }
    nfull = x0.ndim();
  } else if (info.shape == kSearchShape) {
    res.shape = in[1].layout.shape;  // v's (the kernel checks that a and v are 1-D)
  } else if (info.shape == kSame || info.shape == kTopkShape) {
    res.shape = x0.shape;
    if (info.shape == kTopkShape && x0.ndim() > 0) res.shape[x.axis] = x.k;
  } else if (info.shape == kMatmulShape) {
    Array& a = in[0];
    Array& b = in[1];
    if (a.layout.ndim() == 0 || b.layout.ndim() == 0) {
      return format_error(Code::rank_mismatch, "matmul",
                          "operands must have at least one dimension, got shapes @ and @ (use mul for scalars)",
                          {}, {dims(a.layout), dims(b.layout)});
    }
    const bool a1 = a.layout.ndim() == 1, b1 = b.layout.ndim() == 1;
    const int64_t ka = a.layout.shape[a.layout.ndim() - 1], kb = b.layout.shape[b1 ? 0 : b.layout.ndim() - 2];
    if (ka != kb) return matmul_error(a, b);
    if (a1) insert_unit(a.layout, 0);
    if (b1) insert_unit(b.layout, 1);
    // Batch dims broadcast (right-aligned).
    const int ba = a.layout.ndim() - 2, bb = b.layout.ndim() - 2, nb = std::max(ba, bb);
    if (nb + 2 > kMaxRank) return together_error(name, in, 2);
    const std::span<const int64_t> batch_a(a.layout.shape.data(), static_cast<size_t>(ba));
    const std::span<const int64_t> batch_b(b.layout.shape.data(), static_cast<size_t>(bb));
    const int bad = shape::broadcast_into(batch_a, batch_b, full);
    if (bad >= 0) return batch_error(a, b, ba, bb, nb - bad);
    const int64_t m = a.layout.shape[ba], kk = a.layout.shape[ba + 1], n = b.layout.shape[bb + 1];
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
    for (int d = 0; d < nfull; ++d) {
      if (!((dropped >> d) & 1u)) res.shape.push_back(full[d]);
    }
  } else {
    // NumPy broadcasting of the inputs (right-aligned; equal, or one is 1).
    res.shape = in[0].layout.shape;
    for (int i = 1; i < nin; ++i) {
      const std::span<const int64_t> acc(res.shape.data(), res.shape.size());
      const std::span<const int64_t> next(in[i].layout.shape.data(), in[i].layout.shape.size());
      res.shape.resize(std::max(acc.size(), next.size()));
      if (acc.size() < next.size()) {  // broadcast_into writes from the right: shift acc first
        std::copy_backward(acc.begin(), acc.end(), res.shape.end());
      }
      const std::span<const int64_t> acc2(res.shape.end() - acc.size(), acc.size());
      if (shape::broadcast_into(acc2, next, res.shape.data()) >= 0) {
        return together_error(name, in, static_cast<int>(nin));
      }
    }
    const Layout* to = given ? &out.layout : nullptr;
    Layout req;
    if (!given && nwant >= 0) {
      req.shape.assign(want, static_cast<size_t>(nwant));
      to = &req;
    }
    if (to) {  // the broadcast result must broadcast to the output's shape
      if (!shape::broadcasts_to(std::span<const int64_t>(res.shape.data(), res.shape.size()),
                                std::span<const int64_t>(to->shape.data(), to->shape.size()))) {
        if (kind == kCopy) {
          return format_error(Code::shape_mismatch, name, "cannot broadcast shape @ to the result shape @",
                              {}, {dims(in[0].layout), dims(*to)});
        }
        return format_error(Code::shape_mismatch, name, "out has shape @ but the operands broadcast to @",
                            {}, {dims(*to), dims(res)});
      }
      res.shape = to->shape;
    }
  }
  if (info.shape != kBroadcast && given && !same_shape(out.layout, res)) {
    return format_error(Code::shape_mismatch, name, "out has shape @ but the result has shape @", {},
                        {dims(out.layout), dims(res)});
  }
  res.offset = 0;
  if (!layout::create(res, false).ok()) {
    return format_error(Code::overflow, name, "the result shape @ has more than 2^53-1 elements", {},
                        {dims(res)});
  }
  if (info.shape == kBroadcast) {
    const std::span<const int64_t> target(res.shape.data(), res.shape.size());
    for (int i = 0; i < nin; ++i) SV_CHECK(broadcast_arg(in[i], target, name));
  }
  const int64_t count = res.numel();

  // Where the kernel writes: the given array when it has the kernel's dtype and that is the
  // result dtype, else new storage of the kernel's dtype (topk: two, the second for int64
  // indices). Then a float16 result is narrowed from float32, and a given array of another dtype
  // is written from the result by copy (a cast).
  char* mem = nullptr;
  char* mem2 = nullptr;
  kernels::Operand stage, stage2;  // new storage (not copied into: the kernel writes through these)
  const bool direct = given && out.dtype == rdt && kdt == rdt;
  if (!direct) {
    int64_t bytes;
    char* p = allocate(count, kdt, bytes);
    if (!p) return alloc_error(name, bytes, count, kdt);
    mem = scratch.keep(p);
    stage.layout = res;
    stage.base = p;
    stage.dtype = kdt;
  }
  kernels::Operand& dst = direct ? static_cast<kernels::Operand&>(out) : stage;
  if (kind == kTopk) {
    int64_t bytes;
    mem2 = allocate(count, DType::int64, bytes);
    if (!mem2) return alloc_error(name, bytes, count, DType::int64);
    scratch.keep(mem2);
    stage2.layout = res;
    stage2.base = mem2;
    stage2.dtype = DType::int64;
  }
  // Elementwise kinds run on an empty result too: their dtype checks refuse what NumPy refuses
  // (negative of an empty bool array), then they return at once.
  if (count > 0 || info.shape == kBroadcast) {
    if (nfull >= 0) {  // reductions, matmul: the kernel's form of the output (expand_out spreads
                       // the stored strides over `full`; the rest of dst's layout is not copied)
      kernels::Operand o;
      o.base = dst.base;
      o.dtype = dst.dtype;
      o.layout.offset = dst.layout.offset;
      o.layout.mask = dst.layout.mask;  // empty unless a given out is masked (the kernel refuses it)
      expand_out(o, dst.layout, full, nfull, dropped);
      SV_CHECK(run(ck, kind, code, o, nullptr, in, x));
    } else {
      SV_CHECK(run(ck, kind, code, dst, kind == kTopk ? &stage2 : nullptr, in, x));
    }
  }
  if (kdt != rdt) {  // a float16 result: narrowed from the float32 one (into out when it is float16)
    kernels::Operand r;
    if (given && out.dtype == rdt) {
      r = operand(out);
    } else {
      int64_t bytes;
      char* p = allocate(count, rdt, bytes);
      if (!p) return alloc_error(name, bytes, count, rdt);
      r.base = mem = scratch.keep(p);
      r.layout = res;
    }
    r.dtype = rdt;
    if (count > 0) SV_CHECK(kernels::copy(r, dst, 0.0));
    stage.base = r.base;  // kdt != rdt: dst is stage, not out
    stage.layout = r.layout;
    stage.dtype = rdt;
  }
  if (given && out.dtype != rdt && count > 0) SV_CHECK(kernels::copy(operand(out), dst, 0.0));
  if (!given) {  // out_res.view is res already
    out_res.count = kind == kTopk ? 2 : 1;
    out_res.ptr[0] = scratch.release(mem);
    out_res.ptr[1] = scratch.release(mem2);
  }
  return ok_status();
}

}  // namespace sv::array
