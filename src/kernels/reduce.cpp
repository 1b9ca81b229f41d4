// reduce(): sum / max / min / mean over a set of dims, keepdims form. The output is set to the
// identity first, then the input's index space is walked once (ordered by the INPUT's strides so it
// streams) with the output at stride 0 along reduced dims: a reduced innermost dim is a horizontal
// row reduction, a kept innermost dim accumulates whole rows into the output (vertical).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

using detail::Buffer;

std::string S(int64_t v) { return std::to_string(v); }

const char* reduce_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum:
      return "sum";
    case ReduceOp::max:
      return "max";
    case ReduceOp::min:
      return "min";
    case ReduceOp::mean:
      return "mean";
  }
  return nullptr;
}

// Type-erased row loops of one (op, dtype): SIMD128 for the hot dtypes, scalar otherwise.
struct ReduceRows {
  void (*to)(void* o, const void* x, int64_t xs, int64_t n) = nullptr;
  void (*into)(void* o, int64_t os, const void* x, int64_t xs, int64_t n) = nullptr;
  void (*into4)(void* o, const void* x0, const void* x1, const void* x2, const void* x3,
                int64_t n) = nullptr;
};

template <ReduceOp OP, class T>
void reduce_to_fn(void* o, const void* x, int64_t xs, int64_t n) {
  rows::reduce_to<OP, T, T>(static_cast<T*>(o), static_cast<const T*>(x), xs, n);
}
template <ReduceOp OP, class T>
void reduce_into_fn(void* o, int64_t os, const void* x, int64_t xs, int64_t n) {
  rows::reduce_into<OP, T, T>(static_cast<T*>(o), os, static_cast<const T*>(x), xs, n);
}
template <ReduceOp OP, class T>
void reduce_into4_fn(void* o, const void* x0, const void* x1, const void* x2, const void* x3,
                     int64_t n) {
  rows::reduce_into4<OP, T, T>(static_cast<T*>(o), static_cast<const T*>(x0),
                               static_cast<const T*>(x1), static_cast<const T*>(x2),
                               static_cast<const T*>(x3), n);
}
template <ReduceOp OP, class T>
ReduceRows reduce_rows_of() {
  ReduceRows r;
  r.to = &reduce_to_fn<OP, T>;
  r.into = &reduce_into_fn<OP, T>;
  r.into4 = &reduce_into4_fn<OP, T>;
  return r;
}

// Walks the plan with the output at stride 0 along reduced dims. With `cast` (an input dtype other
// than the output's), each input row is converted to the output dtype in chunks first.
SV_LOOP_FN void run_reduce(const Plan& p, const ReduceRows& rr, const detail::Caster* cast) {
  const int L = p.last();
  const int64_t n = p.shape[L], os = p.stride[0][L], xs = p.stride[1][L];
  const int64_t oe = p.esize[0], xe = p.esize[1];
  alignas(16) uint64_t buf[detail::kCastChunk];
  if (os == 0) {
    for_each_outer(p, 1, [&](char** ptr) {
      if (!cast) {
        rr.to(ptr[0], ptr[1], xs, n);
        return;
      }
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = n - i < detail::kCastChunk ? n - i : detail::kCastChunk;
        detail::cast_row(*cast, buf, 1, ptr[1] + i * xs * xe, xs, m);
        rr.to(ptr[0], buf, 1, m);
      }
    });
  } else if (!cast && p.ndim >= 2 && os == 1 && xs == 1 && p.stride[0][L - 1] == 0 &&
             n * oe >= 4096) {
    // Rows accumulate into one output row (a reduced dim just outside the inner one): four input
    // rows per pass over the output row. Only for rows of 4 KiB or more: on shorter rows the four
    // input rows and the output row collide modulo 4 KiB often enough (store-to-load aliasing) that
    // measured WebAssembly ran up to 2x slower than one row per pass.
    const int64_t rows = p.shape[L - 1], step = p.stride[1][L - 1] * xe;
    for_each_outer(p, 2, [&](char** ptr) {
      char* o = ptr[0];
      const char* x = ptr[1];
      int64_t r = 0;
      for (; r + 4 <= rows; r += 4) {
        rr.into4(o, x + r * step, x + (r + 1) * step, x + (r + 2) * step, x + (r + 3) * step, n);
      }
      for (; r < rows; ++r) rr.into(o, 1, x + r * step, 1, n);
    });
  } else {
    for_each_outer(p, 1, [&](char** ptr) {
      if (!cast) {
        rr.into(ptr[0], os, ptr[1], xs, n);
        return;
      }
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = n - i < detail::kCastChunk ? n - i : detail::kCastChunk;
        detail::cast_row(*cast, buf, 1, ptr[1] + i * xs * xe, xs, m);
        rr.into(ptr[0] + i * os * oe, os, buf, 1, m);
      }
    });
  }
}

template <class T>
T identity(ReduceOp op) {
  if (op == ReduceOp::max) {
    return is_float_v<T> ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
  }
  if (op == ReduceOp::min) {
    return is_float_v<T> ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  }
  return T(0);
}

// Fills out (unmasked, writable) with one value given as raw bytes in out's dtype.
Status fill_bytes(const Operand& out, const void* value) {
  Operand c;
  c.base = const_cast<void*>(value);
  c.dtype = out.dtype;
  c.layout.shape = out.layout.shape;
  c.layout.strides.assign(out.layout.shape.size(), 0);
  return copy(out, c, 0.0);
}

// out = convert(out / count), the mean's last step: one row loop per dtype, one walk.
template <class O>
void divide_row(char* p, int64_t s, int64_t n, double count) {
  O* o = reinterpret_cast<O*>(p);
  for (int64_t i = 0; i < n; ++i) {
    // Through double for every dtype: float32 means round once from the double quotient.
    o[i * s] = convert<O, double>(static_cast<double>(o[i * s]) / count);
  }
}

void divide_by(const Operand& out, int64_t count) {
  void (*row)(char*, int64_t, int64_t, double) = nullptr;
  visit_dtype(out.dtype, [&](auto tag) {
    using O = typename decltype(tag)::type;
    if constexpr (!is_bool_v<O>) row = &divide_row<O>;
  });
  if (!row) return;  // bool outputs were rejected before
  OpDesc ops[1] = {{static_cast<char*>(out.base), &out.layout,
                    static_cast<int64_t>(dtype_size(out.dtype)), nullptr}};
  const double c = static_cast<double>(count);
  for_each_region(1, ops, 0, [&](const Plan& p, uint32_t) {
    const int L = p.last();
    const int64_t n = p.shape[L], st = p.stride[0][L];
    for_each_outer(p, 1, [&](char** ptr) { row(ptr[0], st, n, c); });
  });
}

}  // namespace

Status reduce(ReduceOp op, const Operand& out, const Operand& in, uint64_t axes_mask) {
  const char* name = reduce_name(op);
  if (!name) {
    return make_error(Code::invalid_argument,
                      "reduce: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..3");
  }
  const std::string opn = std::string("reduce ") + name;
  const char* o = opn.c_str();
  SV_CHECK(detail::check_operand(o, "out", out));
  SV_CHECK(detail::check_operand(o, "in", in));
  const LayoutDims& ish = in.layout.shape;
  const int r = static_cast<int>(ish.size());
  if (r < 64 && (axes_mask >> r) != 0) {
    int bad = r;
    while (!((axes_mask >> bad) & 1u)) ++bad;
    return make_error(Code::out_of_range, opn + ": axis " + S(bad) +
                                              " is out of range for in of rank " + S(r) +
                                              " (shape " + dims_to_string(ish) + ")");
  }
  LayoutDims want = ish;
  // Elements per output element. An empty input has count 0 (when the output is empty too, count
  // is unused): multiplying first could overflow on [2^40, 2^40, 0] (undefined behaviour).
  const bool in_empty = std::find(ish.begin(), ish.end(), int64_t{0}) != ish.end();
  int64_t count = in_empty ? 0 : 1;
  for (int d = 0; d < r; ++d) {
    if ((axes_mask >> d) & 1u) {
      if (!in_empty) count *= ish[d];
      want[d] = 1;
    }
  }
  if (out.layout.shape != want) {
    return make_error(Code::shape_mismatch,
                      opn + ": out has shape " + dims_to_string(out.layout.shape) +
                          " but reducing in " + dims_to_string(ish) + " needs the keepdims shape " +
                          dims_to_string(want));
  }
  if (op == ReduceOp::max || op == ReduceOp::min) {
    SV_CHECK(detail::check_dtype(o, "out", out, in.dtype));
  } else if (out.dtype == DType::bool_) {
    return make_error(Code::type_error, opn +
                                            ": out cannot be bool; sum into an integer or "
                                            "float dtype");
  }
  SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(want) == 0) return ok_status();
  if (count == 0) {
    if (op == ReduceOp::max || op == ReduceOp::min) {
      return make_error(Code::invalid_argument,
                        opn + ": zero-size reduction of shape " + dims_to_string(ish) +
                            " has no identity; reduce over non-empty dims only");
    }
    alignas(16) unsigned char v[16] = {};
    visit_dtype(out.dtype, [&](auto tag) {
      using O = typename decltype(tag)::type;
      const O x = from_double<O>(op == ReduceOp::mean ? std::nan("") : 0.0);
      std::memcpy(v, &x, sizeof(O));
    });
    return fill_bytes(out, v);
  }

  Buffer buf;
  Operand src = in;
  if (detail::overlaps(out, in)) SV_CHECK(detail::materialize(o, in, buf, &src));

  // Identity.
  {
    alignas(16) unsigned char v[16] = {};
    visit_dtype(out.dtype, [&](auto tag) {
      using O = typename decltype(tag)::type;
      if constexpr (is_bool_v<O>) {
        v[0] = op == ReduceOp::min ? 1 : 0;
      } else {
        const O x = identity<O>(op);
        std::memcpy(v, &x, sizeof(O));
      }
    });
    SV_CHECK(fill_bytes(out, v));
  }

  // The output seen over the input's index space: stride 0 along reduced dims.
  Layout ol;
  ol.shape = ish;
  ol.offset = out.layout.offset;
  ol.strides = out.layout.strides;
  for (int d = 0; d < r; ++d) {
    if ((axes_mask >> d) & 1u) ol.strides[d] = 0;
  }
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(out.base), &ol, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  ops[1] = {static_cast<char*>(src.base), &src.layout, static_cast<int64_t>(dtype_size(in.dtype)),
            detail::kZeros};
  const bool additive = op == ReduceOp::sum || op == ReduceOp::mean;
  ReduceRows rr;
  detail::Caster caster;
  const detail::Caster* cast = nullptr;
  if (additive) {
    // bool outputs were rejected above.
    visit_dtype(out.dtype, [&](auto ot) {
      using O = typename decltype(ot)::type;
      // Integer sums wrap: unsigned outputs share the signed loops.
      if constexpr (!is_bool_v<O>) rr = reduce_rows_of<ReduceOp::sum, signed_of_t<O>>();
    });
    if (in.dtype != out.dtype) {
      caster = detail::make_caster(out.dtype, in.dtype);
      cast = &caster;
    }
  } else {
    visit_dtype(in.dtype, [&](auto tag) {
      using T0 = typename decltype(tag)::type;
      using T = std::conditional_t<is_bool_v<T0>, uint8_t, T0>;
      rr = op == ReduceOp::max ? reduce_rows_of<ReduceOp::max, T>()
                               : reduce_rows_of<ReduceOp::min, T>();
    });
  }
  for_each_region(2, ops, 1, [&](const Plan& p, uint32_t invalid) {
    if (additive && (invalid & 2u)) return;  // masked-out elements add 0
    run_reduce(p, rr, cast);
  });

  if (op == ReduceOp::mean) divide_by(out, count);
  return ok_status();
}

}  // namespace sv::kernels
