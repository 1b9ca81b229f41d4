// arg_reduce() (argmax / argmin along one axis), reduce_more() (prod / any / all over an axes
// mask) and moments() (var / std with ddof), keepdims form like reduce().
//
// One walker serves them all: for each output element it reads the elements that element reduces,
// in C order of the reduced dims, converted in L1-sized chunks to an 8-byte wide type (float64,
// int64 or uint64, exact for every input) and hands the chunks to a small per-(op, wide type)
// sink. Masked-out elements arrive as 0. Size: the sinks are the only typed code (about a dozen
// small loops); the walking, masking and conversion exist once.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>


#include "kernels/internal.hpp"
#include "kernels/lines.hpp"
#include "kernels/simd128/math.hpp"
#include "kernels/numpy_ops.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels {
namespace {

std::string S(int64_t v) { return std::to_string(v); }

using SinkFn = void (*)(void* state, const void* chunk, int64_t n);

alignas(16) const uint64_t kZeroChunk[detail::kCastChunk] = {};

// The reduction of one operand over `axes`, as the walker sees it.
struct Walker {
  const char* base = nullptr;
  const Layout* l = nullptr;  // the operand's layout (not copied)
  int r = 0;
  int64_t esize = 1;
  bool masked = false;
  uint64_t axes = 0;
  int inner = -1;  // the last reduced dim, -1 when none is reduced (groups of one element)
  detail::Caster cast;
  bool two_step = false;  // in -> `via` -> wide (float to a narrow integer: saturate at its limits)
  detail::Caster cast2;
  const ValueSource* src = nullptr;  // computed values (kernels.hpp): base + i is flat index i

  void init(const Operand& in, uint64_t ax, DType wide) { init(in, ax, wide, wide); }
  void init(const Operand& in, uint64_t ax, DType wide, DType via) {
    l = &in.layout;
    src = in.source;
    base = static_cast<const char*>(in.base);
    r = l->ndim();
    esize = static_cast<int64_t>(dtype_size(in.dtype));
    masked = l->has_mask();
    axes = ax;
    inner = -1;
    for (int d = 0; d < r; ++d) {
      if ((ax >> d) & 1u) inner = d;
    }
    two_step = via != wide;
    cast = detail::make_caster(via, in.dtype);
    if (two_step) cast2 = detail::make_caster(wide, via);
  }

  // Feeds sink with the elements the output at `idx` (reduced dims 0) reduces.
  void group(const int64_t* idx, SinkFn sink, void* st) const {
    for (int d = 0; d < r; ++d) {
      if (((axes >> d) & 1u) && l->shape[d] == 0) return;  // an empty group
    }
    int64_t j[kMaxRank];
    for (int d = 0; d < r; ++d) j[d] = idx[d];
    const int64_t n = inner >= 0 ? l->shape[inner] : 1;
    const int64_t ls = inner >= 0 ? l->strides[inner] : 0;
    alignas(16) uint64_t buf[detail::kCastChunk], buf2[detail::kCastChunk], raw[detail::kCastChunk];
    for (;;) {
      bool valid = true;
      int64_t off = l->offset;
      for (int d = 0; d < r; ++d) {
        if (d == inner) continue;
        off += j[d] * l->strides[d];
        if (masked && (j[d] < l->mask[d].first || j[d] >= l->mask[d].second)) valid = false;
      }
      int64_t lo = 0, hi = n;
      if (inner >= 0 && masked) {
        lo = l->mask[inner].first;
        hi = l->mask[inner].second;
      }
      if (!valid || lo >= hi) lo = hi = n;
      zeros(lo, sink, st);
      for (int64_t i = lo; i < hi; i += detail::kCastChunk) {
        const int64_t m = std::min(detail::kCastChunk, hi - i);
        if (src) {
          src->read(raw, off + i * ls, ls, m);
          detail::cast_row(cast, buf, 1, raw, 1, m);
        } else {
          detail::cast_row(cast, buf, 1, base + (off + i * ls) * esize, ls, m);
        }
        if (two_step) {
          detail::cast_row(cast2, buf2, 1, buf, 1, m);
          sink(st, buf2, m);
        } else {
          sink(st, buf, m);
        }
      }
      zeros(n - hi, sink, st);
      // Next index of the reduced dims other than `inner`.
      int d = inner - 1;
      for (; d >= 0; --d) {
        if (!((axes >> d) & 1u)) continue;
        if (++j[d] < l->shape[d]) break;
        j[d] = 0;
      }
      if (d < 0) return;
    }
  }

  static void zeros(int64_t n, SinkFn sink, void* st) {
    for (int64_t i = 0; i < n; i += detail::kCastChunk) {
      sink(st, kZeroChunk, std::min(detail::kCastChunk, n - i));
    }
  }
};

// Calls f(idx, out_ptr) for every output index (reduced dims held at 0). Threads: the outputs are
// independent (f keeps its state per call), so consecutive ranges of them go to the pool's tasks;
// each output is reduced exactly as in one walk.
template <class F>
void for_each_output(const Operand& out, const Walker& w, F&& f) {
  const int64_t eo = static_cast<int64_t>(dtype_size(out.dtype));
  const Layout& l = out.layout;
  int64_t nout = 1, group = 1;
  for (int d = 0; d < w.r; ++d) {
    if ((w.axes >> d) & 1u) group *= w.l->shape[d];
    else nout *= w.l->shape[d];
  }
  int64_t tasks = parallel::tasks_for(nout * group);
  if (tasks > nout) tasks = nout;
  if (tasks > 1) {
    parallel::run_tasks(tasks, [&](int64_t t) {
      const int64_t o0 = t * nout / tasks, o1 = (t + 1) * nout / tasks;
      int64_t idx[kMaxRank] = {};
      int64_t rem = o0;
      for (int d = w.r - 1; d >= 0; --d) {
        if ((w.axes >> d) & 1u) continue;
        idx[d] = rem % w.l->shape[d];
        rem /= w.l->shape[d];
      }
      for (int64_t k = o0; k < o1; ++k) {
        int64_t off = l.offset;
        for (int d = 0; d < w.r; ++d) off += idx[d] * l.strides[d];
        f(static_cast<const int64_t*>(idx), static_cast<char*>(out.base) + off * eo);
        for (int d = w.r - 1; d >= 0; --d) {
          if ((w.axes >> d) & 1u) continue;
          if (++idx[d] < w.l->shape[d]) break;
          idx[d] = 0;
        }
      }
    });
    return;
  }
  int64_t idx[kMaxRank] = {};
  for (;;) {
    int64_t off = l.offset;
    for (int d = 0; d < w.r; ++d) off += idx[d] * l.strides[d];
    f(static_cast<const int64_t*>(idx), static_cast<char*>(out.base) + off * eo);
    int d = w.r - 1;
    for (; d >= 0; --d) {
      if ((w.axes >> d) & 1u) continue;
      if (++idx[d] < w.l->shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

DType wide_of(DType t) {
  switch (t) {
    case DType::float32:
    case DType::float64: return DType::float64;
    case DType::int8:
    case DType::int16:
    case DType::int32:
    case DType::int64: return DType::int64;
    default: return DType::uint64;
  }
}

// Argument checks shared by the entry points: operands, axes within the rank, out in keepdims
// form, out writable. *count = elements per output element; *empty_out when out has none.
Status check_reduction(const char* op, const Operand& out, const Operand& in, uint64_t axes,
                       int64_t* count, bool* empty_out, bool computed = false) {
  SV_CHECK(detail::check_operand(op, "out", out));
  SV_CHECK(computed && in.source ? detail::check_operand(op, "in", detail::unsourced(in))
                                  : detail::check_operand(op, "in", in));
  const int r = static_cast<int>(in.layout.shape.size());
  if (r < 64 && (axes >> r) != 0) {
    int bad = r;
    while (!((axes >> bad) & 1u)) ++bad;
    return make_error(Code::out_of_range, std::string(op) + ": axis " + S(bad) +
                                              " is out of range for in of rank " + S(r));
  }
  bool ok = static_cast<int>(out.layout.shape.size()) == r;
  bool in_empty = false, out_empty = false;
  int64_t c = 1;
  for (int d = 0; d < r; ++d) {
    const int64_t n = in.layout.shape[d];
    const bool red = (axes >> d) & 1u;
    if (n == 0) in_empty = true;
    if (!red && n == 0) out_empty = true;
    if (ok) ok = out.layout.shape[d] == (red ? 1 : n);
  }
  if (!ok) {
    int64_t want[kMaxRank];
    for (int d = 0; d < r; ++d) want[d] = ((axes >> d) & 1u) ? 1 : in.layout.shape[d];
    return make_error(Code::shape_mismatch,
                      std::string(op) + ": out has shape " + detail::shape_str(out.layout.shape) +
                          " but reducing in " + detail::shape_str(in.layout.shape) +
                          " needs the keepdims shape " +
                          dims_to_string(std::span<const int64_t>(want, r)));
  }
  for (int d = 0; d < r && !in_empty; ++d) {
    if ((axes >> d) & 1u) c *= in.layout.shape[d];
  }
  *count = in_empty ? 0 : c;
  *empty_out = out_empty;
  return detail::check_writable(op, "out", out);
}

// ------------------------------------------------------------------------------ sinks

struct ArgState {
  int64_t pos = 0, best_pos = -1;
  bool done = false;  // a NaN was seen: it wins
  alignas(8) unsigned char best[8];
};

template <class W, bool MAX>
void arg_sink(void* s, const void* chunk, int64_t n) {
  ArgState& a = *static_cast<ArgState*>(s);
  const W* x = static_cast<const W*>(chunk);
  if (a.done) return;
  W best;
  std::memcpy(&best, a.best, sizeof(W));
  int64_t i = 0;
  if (a.best_pos < 0 && n > 0) {
    best = x[0];
    a.best_pos = a.pos;
    if (best != best) {
      a.done = true;
      return;
    }
    i = 1;
  }
  int64_t bp = a.best_pos;
  for (; i < n; ++i) {
    const W v = x[i];
    if (MAX ? v > best : v < best) {
      best = v;
      bp = a.pos + i;
    } else if (v != v) {
      bp = a.pos + i;
      a.done = true;
      break;
    }
  }
  a.best_pos = bp;
  std::memcpy(a.best, &best, sizeof(W));
  a.pos += n;
}

// argmax / argmin of a contiguous float row in its own type: the extreme value first (SIMD128
// lanes when available, any NaN noted), then the first element equal to it (NumPy's first
// occurrence; -0 == +0), or the first NaN when there is one.
template <class T, bool MAX>
SV_LOOP_FN int64_t row_arg(const T* x, int64_t n) {
  T m = x[0];
  bool nan = false;
  int64_t i = 0;
#ifdef __wasm_simd128__
  if (n >= 2 * (16 / static_cast<int64_t>(sizeof(T)))) i = simd128::extreme_lanes<T, MAX>(x, n, &m, &nan);
#endif
  for (; i < n; ++i) {
    const T v = x[i];
    if (v != v) nan = true;
    if (MAX ? v > m : v < m) m = v;
  }
  if (nan || m != m) {
    for (int64_t k = 0; k < n; ++k) {
      if (x[k] != x[k]) return k;
    }
  }
  for (int64_t k = 0; k < n; ++k) {
    if (x[k] == m) return k;
  }
  return 0;  // not reached
}

struct ProdState {
  double f = 1;
  uint64_t u = 1;
  bool any = false, all = true;
};
void prod_f64(void* s, const void* chunk, int64_t n) {
  ProdState& p = *static_cast<ProdState*>(s);
  const double* x = static_cast<const double*>(chunk);
  double acc = p.f;
  for (int64_t i = 0; i < n; ++i) acc *= x[i];
  p.f = acc;
}
void prod_u64(void* s, const void* chunk, int64_t n) {
  ProdState& p = *static_cast<ProdState*>(s);
  const uint64_t* x = static_cast<const uint64_t*>(chunk);
  uint64_t acc = p.u;
  for (int64_t i = 0; i < n; ++i) acc *= x[i];
  p.u = acc;
}
// any / all on wide values: float64 for floats (-0 is false, NaN true), raw bits otherwise.
template <class W>
void anyall_sink(void* s, const void* chunk, int64_t n) {
  ProdState& p = *static_cast<ProdState*>(s);
  const W* x = static_cast<const W*>(chunk);
  bool any = p.any, all = p.all;
  for (int64_t i = 0; i < n; ++i) {
    const bool t = x[i] != W(0);
    any = any || t;
    all = all && t;
  }
  p.any = any;
  p.all = all;
}

struct MomentState {
  double sum = 0, mean = 0, ss = 0;
};
void sum_sink(void* s, const void* chunk, int64_t n) {
  MomentState& m = *static_cast<MomentState*>(s);
  const double* x = static_cast<const double*>(chunk);
  double acc = m.sum;
  for (int64_t i = 0; i < n; ++i) acc += x[i];
  m.sum = acc;
}
void dev_sink(void* s, const void* chunk, int64_t n) {
  MomentState& m = *static_cast<MomentState*>(s);
  const double* x = static_cast<const double*>(chunk);
  double acc = m.ss;
  const double mu = m.mean;
  for (int64_t i = 0; i < n; ++i) {
    const double d = x[i] - mu;
    acc += d * d;
  }
  m.ss = acc;
}

// Writes one wide value (of dtype `wide`) into *p of dtype `to`, by the casting rules.
void store_one(const detail::Caster& c, char* p, const void* v) {
  detail::cast_row(c, p, 1, v, 1, 1);
}

Status prepare_input(const char* op, const Operand& out, const Operand& in, detail::Buffer& buf,
                     Operand* src) {
  *src = in;
  if (!in.source && detail::overlaps(out, in)) SV_CHECK(detail::materialize(op, in, buf, src));
  return ok_status();
}

}  // namespace

Status arg_reduce(ArgOp op, const Operand& out, const Operand& in, int axis) {
  if (op != ArgOp::argmax && op != ArgOp::argmin) {
    return make_error(Code::invalid_argument,
                      "arg_reduce: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..1");
  }
  const char* name = op == ArgOp::argmax ? "argmax" : "argmin";
  SV_CHECK(detail::check_operand(name, "in", in));
  const int r = static_cast<int>(in.layout.shape.size());
  if (axis < -r || axis >= r) {
    return make_error(Code::out_of_range,
                      std::string(name) + ": axis " + S(axis) + " is out of range for in of rank " +
                          S(r) + " (shape " + detail::shape_str(in.layout.shape) + ")");
  }
  if (axis < 0) axis += r;
  int64_t count = 0;
  bool empty_out = false;
  SV_CHECK(check_reduction(name, out, in, uint64_t{1} << axis, &count, &empty_out));
  SV_CHECK(detail::check_dtype(name, "out", out, DType::int64));
  if (empty_out) return ok_status();
  if (count == 0) {
    return make_error(Code::invalid_argument, std::string(name) + ": attempt to get " + name +
                                                  " of an empty sequence (axis " + S(axis) +
                                                  " of shape " +
                                                  detail::shape_str(in.layout.shape) + ")");
  }
  detail::Buffer buf;
  Operand src;
  SV_CHECK(prepare_input(name, out, in, buf, &src));
  const DType wide = wide_of(in.dtype);
  Walker w;
  w.init(src, uint64_t{1} << axis, wide);
  const bool mx = op == ArgOp::argmax;
  const Layout& sl = src.layout;
  if ((src.dtype == DType::float32 || src.dtype == DType::float64) && !sl.has_mask() &&
      sl.strides[axis] == 1) {
    const int64_t es = static_cast<int64_t>(dtype_size(src.dtype));
    const int64_t n = sl.shape[axis];
    for_each_output(out, w, [&](const int64_t* idx, char* o) {
      int64_t off = sl.offset;
      for (int d = 0; d < r; ++d) off += idx[d] * sl.strides[d];
      const char* row = static_cast<const char*>(src.base) + off * es;
      int64_t k;
      if (src.dtype == DType::float32) {
        k = mx ? row_arg<float, true>(reinterpret_cast<const float*>(row), n)
               : row_arg<float, false>(reinterpret_cast<const float*>(row), n);
      } else {
        k = mx ? row_arg<double, true>(reinterpret_cast<const double*>(row), n)
               : row_arg<double, false>(reinterpret_cast<const double*>(row), n);
      }
      std::memcpy(o, &k, 8);
    });
    return ok_status();
  }
  const SinkFn sink =
      wide == DType::float64 ? (mx ? &arg_sink<double, true> : &arg_sink<double, false>)
      : wide == DType::int64 ? (mx ? &arg_sink<int64_t, true> : &arg_sink<int64_t, false>)
                             : (mx ? &arg_sink<uint64_t, true> : &arg_sink<uint64_t, false>);
  for_each_output(out, w, [&](const int64_t* idx, char* o) {
    ArgState st;
    w.group(idx, sink, &st);
    std::memcpy(o, &st.best_pos, 8);
  });
  return ok_status();
}

namespace {

// any / all of a whole C-contiguous bool, float32 or float64 operand: a direct scan that stops at
// the first element deciding the result (bool: any byte != 0; floats: x != 0, NaN included),
// 16 bytes at a time with SIMD128. Returns false when the operand is not of that kind.
bool any_all_flat(ReduceMoreOp op, const Operand& in, uint64_t axes, uint8_t* result) {
  const int r = static_cast<int>(in.layout.shape.size());
  if (in.dtype != DType::bool_ && in.dtype != DType::float32 && in.dtype != DType::float64) {
    return false;
  }
  for (int d = 0; d < r; ++d) {
    if (!((axes >> d) & 1u)) return false;  // not a reduction over everything
  }
  int64_t n = 0;
  const char* base = detail::c_contiguous_run(in, &n);
  if (!base) return false;
  const bool any = op == ReduceMoreOp::any;
  int64_t i = 0;
  bool hit = false;  // any: a nonzero seen; all: a zero seen
  if (in.dtype == DType::bool_) {
    const auto* b = reinterpret_cast<const uint8_t*>(base);
#ifdef __wasm_simd128__
    i = any ? simd128::any_all_bytes<true>(b, n, &hit) : simd128::any_all_bytes<false>(b, n, &hit);
#endif
    for (; i < n && !hit; ++i) hit = any ? b[i] != 0 : b[i] == 0;
  } else if (in.dtype == DType::float32) {
    const auto* x = reinterpret_cast<const float*>(base);
#ifdef __wasm_simd128__
    i = any ? simd128::any_all_f32<true>(x, n, &hit) : simd128::any_all_f32<false>(x, n, &hit);
#endif
    for (; i < n && !hit; ++i) hit = any ? x[i] != 0 : !(x[i] != 0);
  } else {
    const auto* x = reinterpret_cast<const double*>(base);
    for (; i < n && !hit; ++i) hit = any ? x[i] != 0 : !(x[i] != 0);
  }
  *result = any ? hit : !hit;
  return true;
}

}  // namespace

Status reduce_more(ReduceMoreOp op, const Operand& out, const Operand& in, uint64_t axes_mask) {
  const char* name = op == ReduceMoreOp::prod  ? "reduce prod"
                     : op == ReduceMoreOp::any ? "reduce any"
                     : op == ReduceMoreOp::all ? "reduce all"
                                               : nullptr;
  if (!name) {
    return make_error(Code::invalid_argument,
                      "reduce_more: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..2");
  }
  int64_t count = 0;
  bool empty_out = false;
  SV_CHECK(check_reduction(name, out, in, axes_mask, &count, &empty_out, true));
  if (op == ReduceMoreOp::prod) {
    if (out.dtype == DType::bool_) {
      return make_error(Code::type_error, std::string(name) +
                                              ": out cannot be bool; multiply into an integer or "
                                              "float dtype");
    }
  } else {
    SV_CHECK(detail::check_dtype(name, "out", out, DType::bool_));
  }
  if (empty_out) return ok_status();
  uint8_t flat_result;
  if (in.source && (in.layout.has_mask() || !in.layout.is_contiguous())) {
    return make_error(Code::invalid_argument, std::string(name) + ": computed values must form a C-contiguous operand");
  }
  if (op != ReduceMoreOp::prod && !in.source && any_all_flat(op, in, axes_mask, &flat_result)) {
    *(static_cast<uint8_t*>(out.base) + out.layout.offset) = flat_result;  // one element
    return ok_status();
  }
  detail::Buffer buf;
  Operand src;
  SV_CHECK(prepare_input(name, out, in, buf, &src));
  // prod accumulates in the output's wide type (float64 for float outputs, 64-bit wrapping for
  // integers: the low bits are the dtype's wrapped product); any / all test the input's values.
  const DType wide = op == ReduceMoreOp::prod ? wide_of(out.dtype) : wide_of(in.dtype);
  // A float input into a narrower integer product saturates at that integer's limits first.
  const bool narrow = op == ReduceMoreOp::prod &&
                      (in.dtype == DType::float32 || in.dtype == DType::float64) &&
                      wide != DType::float64 && dtype_size(out.dtype) < 8;
  Walker w;
  w.init(src, axes_mask, wide, narrow ? out.dtype : wide);
  SinkFn sink;
  if (op == ReduceMoreOp::prod) {
    sink = wide == DType::float64 ? &prod_f64 : &prod_u64;
  } else {
    sink = wide == DType::float64 ? &anyall_sink<double> : &anyall_sink<uint64_t>;
  }
  const detail::Caster st = detail::make_caster(out.dtype, wide);
  for_each_output(out, w, [&](const int64_t* idx, char* o) {
    ProdState p;
    w.group(idx, sink, &p);
    if (op == ReduceMoreOp::prod) {
      store_one(st, o, wide == DType::float64 ? static_cast<const void*>(&p.f) : &p.u);
    } else {
      *reinterpret_cast<uint8_t*>(o) = op == ReduceMoreOp::any ? p.any : p.all;
    }
  });
  return ok_status();
}

namespace {

// True when the per-output walk would read strided: the input's smallest |stride| (over dims of
// size > 1) belongs to a kept dim, and there are enough outputs to fill a slab.
bool use_slabs(const Operand& in, uint64_t axes, int64_t nout, int64_t count) {
  if (count == 0 || nout < 1024) return false;
  const Layout& l = in.layout;
  int64_t best = -1;
  bool kept = false;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if (l.shape[d] <= 1) continue;
    const int64_t s = l.strides[d] < 0 ? -l.strides[d] : l.strides[d];
    if (best < 0 || s < best) {
      best = s;
      kept = !((axes >> d) & 1u);
    }
  }
  return kept;
}

// `in` with every reduced dim fixed at j[d]: the kept dims only. false when the slab is masked
// out along a reduced dim (it reads as zeros).
bool reduced_slab(const Operand& in, uint64_t axes, const int64_t* j, Operand* s) {
  const Layout& l = in.layout;
  s->base = in.base;
  s->dtype = in.dtype;
  s->layout = Layout{};
  Layout& t = s->layout;
  t.offset = l.offset;
  bool valid = true;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if ((axes >> d) & 1u) {
      t.offset += j[d] * l.strides[d];
      if (l.has_mask() && (j[d] < l.mask[d].first || j[d] >= l.mask[d].second)) valid = false;
      continue;
    }
    t.shape.push_back(l.shape[d]);
    t.strides.push_back(l.strides[d]);
    if (l.has_mask()) t.mask.push_back(l.mask[d]);
  }
  return valid;
}

// The fused rows of moments_slabs for float operands whose slabs are one contiguous run: the same
// per-element operations in the same order as the general path (bit-identical), read straight
// from the operand, two float64 lanes at a time with SIMD128.
template <class T>
SV_LOOP_FN void acc_row(double* acc, const T* x, int64_t n) {
  int64_t k = 0;
#ifdef __wasm_simd128__
  k = simd128::acc_lanes<T>(acc, x, n);
#endif
  for (; k < n; ++k) acc[k] += static_cast<double>(x[k]);
}

template <class T>
SV_LOOP_FN void dev_row(double* q, const double* mean, const T* x, int64_t n) {
  int64_t k = 0;
#ifdef __wasm_simd128__
  k = simd128::dev_lanes<T>(q, mean, x, n);
#endif
  for (; k < n; ++k) {
    const double d = static_cast<double>(x[k]) - mean[k];
    q[k] += d * d;
  }
}

// var / std for reductions over outer dims: the slabs across the reduced dims are converted to
// float64 by the planned copy kernel and accumulated per output in C order of the reduced dims,
// the same sums in the same order as the per-output walk (bit-identical), with contiguous reads.
// A column variance of a C-order matrix: 16x faster.
Status moments_slabs(MomentOp op, const Operand& out, const Operand& in, uint64_t axes,
                     int64_t count, double denom) {
  const Layout& l = in.layout;
  const int r = static_cast<int>(l.shape.size());
  int64_t nout = 1;
  Operand t;
  t.dtype = DType::float64;
  for (int d = 0; d < r; ++d) {
    if ((axes >> d) & 1u) continue;
    t.layout.shape.push_back(l.shape[d]);
    nout *= l.shape[d];
  }
  t.layout.strides.assign(t.layout.shape.size(), 0);
  for (int64_t d = static_cast<int64_t>(t.layout.shape.size()) - 1, st = 1; d >= 0; --d) {
    t.layout.strides[static_cast<size_t>(d)] = st;
    st *= t.layout.shape[static_cast<size_t>(d)];
  }
  std::vector<double> acc(static_cast<size_t>(nout), 0.0), q(static_cast<size_t>(nout), 0.0),
      tmp(static_cast<size_t>(nout));
  t.base = tmp.data();
  const double n = static_cast<double>(count);
  // Float operands whose kept dims form one contiguous run are read in place (fused rows).
  bool fused = (in.dtype == DType::float32 || in.dtype == DType::float64) && !l.has_mask();
  for (int64_t d = r - 1, want = 1; d >= 0 && fused; --d) {
    if ((axes >> d) & 1u || l.shape[d] == 1) continue;
    fused = l.strides[d] == want;
    want *= l.shape[d];
  }
  const int64_t es = static_cast<int64_t>(dtype_size(in.dtype));
  for (int pass = 0; pass < 2; ++pass) {
    int64_t j[kMaxRank] = {};
    for (;;) {
      Operand s;
      const bool valid = reduced_slab(in, axes, j, &s);
      if (fused) {
        const char* row = static_cast<const char*>(in.base) + s.layout.offset * es;
        const bool f32 = in.dtype == DType::float32;
        if (pass == 0) {
          if (f32)
            acc_row(acc.data(), reinterpret_cast<const float*>(row), nout);
          else
            acc_row(acc.data(), reinterpret_cast<const double*>(row), nout);
        } else {
          if (f32)
            dev_row(q.data(), acc.data(), reinterpret_cast<const float*>(row), nout);
          else
            dev_row(q.data(), acc.data(), reinterpret_cast<const double*>(row), nout);
        }
      } else {
        if (valid) SV_CHECK(copy(t, s, 0.0));
        if (pass == 0) {
          if (valid) {
            for (int64_t k = 0; k < nout; ++k) acc[k] += tmp[k];
          } else {
            for (int64_t k = 0; k < nout; ++k) acc[k] += 0.0;
          }
        } else {
          for (int64_t k = 0; k < nout; ++k) {
            const double dv = (valid ? tmp[k] : 0.0) - acc[k];
            q[k] += dv * dv;
          }
        }
      }
      int d = r - 1;
      for (; d >= 0; --d) {
        if (!((axes >> d) & 1u)) continue;
        if (++j[d] < l.shape[d]) break;
        j[d] = 0;
      }
      if (d < 0) break;
    }
    if (pass == 0) {
      for (int64_t k = 0; k < nout; ++k) acc[k] = acc[k] / n;  // the means
    }
  }
  for (int64_t k = 0; k < nout; ++k) {
    const double v = q[k] / denom;
    tmp[k] = op == MomentOp::std ? std::sqrt(v) : v;
  }
  // out is in keepdims form: the same elements in the same order as t.
  Operand res = t;
  res.layout.shape = out.layout.shape;
  res.layout.strides.assign(out.layout.shape.size(), 0);
  for (int64_t d = r - 1, st = 1; d >= 0; --d) {
    res.layout.strides[static_cast<size_t>(d)] = st;
    st *= out.layout.shape[static_cast<size_t>(d)];
  }
  return copy(out, res, 0.0);
}

}  // namespace

Status moments(MomentOp op, const Operand& out, const Operand& in, uint64_t axes_mask,
               double ddof) {
  const char* name = op == MomentOp::var ? "var" : op == MomentOp::std ? "std" : nullptr;
  if (!name) {
    return make_error(Code::invalid_argument,
                      "moments: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..1");
  }
  int64_t count = 0;
  bool empty_out = false;
  SV_CHECK(check_reduction(name, out, in, axes_mask, &count, &empty_out));
  if (out.dtype != DType::float32 && out.dtype != DType::float64) {
    return make_error(
        Code::type_error,
        std::string(name) + ": out must be float32 or float64, got " + dtype_name(out.dtype));
  }
  if (!(ddof >= 0) || std::isinf(ddof)) {
    return make_error(Code::invalid_argument,
                      std::string(name) +
                          ": ddof must be a finite number >= 0 (the degrees of freedom "
                          "subtracted from the count)");  // no float formatting: it pulls in printf
  }
  if (empty_out) return ok_status();
  detail::Buffer buf;
  Operand src;
  SV_CHECK(prepare_input(name, out, in, buf, &src));
  const double n = static_cast<double>(count);
  const double denom = std::max(n - ddof, 0.0);
  if (use_slabs(src, axes_mask, detail::numel_of(out.layout.shape), count)) {
    return moments_slabs(op, out, src, axes_mask, count, denom);
  }
  Walker w;
  w.init(src, axes_mask, DType::float64);
  const detail::Caster st = detail::make_caster(out.dtype, DType::float64);
  for_each_output(out, w, [&](const int64_t* idx, char* o) {
    MomentState m;
    double v = std::nan("");
    if (count > 0) {
      w.group(idx, &sum_sink, &m);
      m.mean = m.sum / n;
      w.group(idx, &dev_sink, &m);
      v = m.ss / denom;
      if (op == MomentOp::std) v = std::sqrt(v);
    }
    store_one(st, o, &v);
  });
  return ok_status();
}

}  // namespace sv::kernels
