// binary(), unary(), where(): elementwise over one shape; masked-out inputs read as 0.
#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

using detail::Buffer;

const char* binary_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::add:
      return "add";
    case BinaryOp::sub:
      return "sub";
    case BinaryOp::mul:
      return "mul";
    case BinaryOp::div:
      return "div";
    case BinaryOp::maximum:
      return "maximum";
    case BinaryOp::minimum:
      return "minimum";
    case BinaryOp::eq:
      return "eq";
    case BinaryOp::ne:
      return "ne";
    case BinaryOp::lt:
      return "lt";
    case BinaryOp::le:
      return "le";
    case BinaryOp::gt:
      return "gt";
    case BinaryOp::ge:
      return "ge";
  }
  return nullptr;
}

const char* unary_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::neg:
      return "neg";
    case UnaryOp::abs:
      return "abs";
    case UnaryOp::sqrt:
      return "sqrt";
    case UnaryOp::exp:
      return "exp";
    case UnaryOp::log:
      return "log";
  }
  return nullptr;
}

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::eq || op == BinaryOp::ne || op == BinaryOp::lt || op == BinaryOp::le ||
         op == BinaryOp::gt || op == BinaryOp::ge;
}

// Inputs that overlap the output without addressing it identically are read into temporaries first
// (NumPy semantics: as if every input were read before any write).
struct Unaliased {
  Buffer buf[3];
  Operand op[3];
  Status prepare(const char* name, const Operand& out, const Operand* const* in, int n) {
    for (int i = 0; i < n; ++i) {
      op[i] = *in[i];
      if (detail::overlaps(out, *in[i]) && !detail::same_addressing(out, *in[i])) {
        SV_CHECK(detail::materialize(name, *in[i], buf[i], &op[i]));
      }
    }
    return ok_status();
  }
};

template <size_t E>
using raw_t = std::conditional_t<
    E == 1, uint8_t,
    std::conditional_t<E == 2, uint16_t, std::conditional_t<E == 4, uint32_t, uint64_t>>>;

// An input that jumps along the inner dim but streams along dim t (a transposed operand): walk
// (t, inner) in tiles, transposing each such input's tile into a contiguous stage first, so every
// row of the op runs on contiguous (or broadcast) operands.
template <BinaryOp OP, class T>
SV_LOOP_FN bool run_binary_staged(const Plan& p, int t, const bool* staged) {
  using R = scalar::binary_result_t<OP, T>;
  using E = raw_t<sizeof(T)>;
  constexpr int64_t BR = 64, BC = 64;
  Buffer buf;
  if (!buf.allocate("binary", 2 * BR * BC * static_cast<int64_t>(sizeof(T))).ok()) return false;
  T* stage[3] = {nullptr, reinterpret_cast<T*>(buf.data()),
                 reinterpret_cast<T*>(buf.data()) + BR * BC};
  Plan q = p;
  q.move_to_second_last(t);
  const int TD = q.ndim - 2, L = q.ndim - 1;
  const int64_t rows = q.shape[TD], cols = q.shape[L];
  for_each_outer(q, 2, [&](char** ptr) {
    for (int64_t i0 = 0; i0 < rows; i0 += BR) {
      const int64_t bi = rows - i0 < BR ? rows - i0 : BR;
      for (int64_t j0 = 0; j0 < cols; j0 += BC) {
        const int64_t bj = cols - j0 < BC ? cols - j0 : BC;
        const T* in[3];
        int64_t ins[3];
        for (int k = 1; k <= 2; ++k) {
          const T* base = reinterpret_cast<const T*>(ptr[k]);
          if (staged[k]) {
            rows::copy_2d<E>(
                reinterpret_cast<E*>(stage[k]), BC,
                reinterpret_cast<const E*>(base + i0 * q.stride[k][TD] + j0 * q.stride[k][L]),
                q.stride[k][TD], q.stride[k][L], bi, bj);
            in[k] = stage[k];
            ins[k] = 1;
          } else {
            in[k] = base + i0 * q.stride[k][TD] + j0 * q.stride[k][L];
            ins[k] = q.stride[k][L];
          }
        }
        R* o = reinterpret_cast<R*>(ptr[0]) + i0 * q.stride[0][TD] + j0;
        for (int64_t ii = 0; ii < bi; ++ii) {
          const T* a = staged[1] ? in[1] + ii * BC : in[1] + ii * q.stride[1][TD];
          const T* b = staged[2] ? in[2] + ii * BC : in[2] + ii * q.stride[2][TD];
          rows::binary<OP, T>(o + ii * q.stride[0][TD], 1, a, ins[1], b, ins[2], bj);
        }
      }
    }
  });
  return true;
}

template <BinaryOp OP, class T>
SV_LOOP_FN void run_binary(const Plan& p) {
  using R = scalar::binary_result_t<OP, T>;
  const int L = p.last();
  if (p.ndim >= 2 && p.stride[0][L] == 1) {
    int t = -1;
    bool staged[3] = {false, false, false};
    for (int k = 1; k <= 2; ++k) {
      const int64_t s = p.stride[k][L];
      if (s == 0 || s == 1 || s == -1) continue;
      int tk = -1;
      for (int d = 0; d < L; ++d) {
        if (p.stride[k][d] == 1 && p.shape[d] >= 8) tk = d;
      }
      if (tk < 0 || (t >= 0 && tk != t)) continue;
      t = tk;
      staged[k] = true;
    }
    if (t >= 0 && run_binary_staged<OP, T>(p, t, staged)) return;
  }
  const int64_t n = p.shape[L], os = p.stride[0][L], as = p.stride[1][L], bs = p.stride[2][L];
  for_each_outer(p, 1, [&](char** ptr) {
    rows::binary<OP, T>(reinterpret_cast<R*>(ptr[0]), os, reinterpret_cast<const T*>(ptr[1]), as,
                        reinterpret_cast<const T*>(ptr[2]), bs, n);
  });
}

template <BinaryOp OP>
void dispatch_binary(DType t, const Plan& p) {
  visit_dtype(t, [&](auto tag) { run_binary<OP, typename decltype(tag)::type>(p); });
}

void run_binary_op(BinaryOp op, DType t, const Plan& p) {
  switch (op) {
    case BinaryOp::add:
      return dispatch_binary<BinaryOp::add>(t, p);
    case BinaryOp::sub:
      return dispatch_binary<BinaryOp::sub>(t, p);
    case BinaryOp::mul:
      return dispatch_binary<BinaryOp::mul>(t, p);
    case BinaryOp::div:
      return dispatch_binary<BinaryOp::div>(t, p);
    case BinaryOp::maximum:
      return dispatch_binary<BinaryOp::maximum>(t, p);
    case BinaryOp::minimum:
      return dispatch_binary<BinaryOp::minimum>(t, p);
    case BinaryOp::eq:
      return dispatch_binary<BinaryOp::eq>(t, p);
    case BinaryOp::ne:
      return dispatch_binary<BinaryOp::ne>(t, p);
    case BinaryOp::lt:
      return dispatch_binary<BinaryOp::lt>(t, p);
    case BinaryOp::le:
      return dispatch_binary<BinaryOp::le>(t, p);
    case BinaryOp::gt:
      return dispatch_binary<BinaryOp::gt>(t, p);
    case BinaryOp::ge:
      return dispatch_binary<BinaryOp::ge>(t, p);
  }
}

template <UnaryOp OP, class T>
SV_LOOP_FN void run_unary(const Plan& p) {
  const int L = p.last();
  const int64_t n = p.shape[L], os = p.stride[0][L], as = p.stride[1][L];
  for_each_outer(p, 1, [&](char** ptr) {
    rows::unary<OP, T>(reinterpret_cast<T*>(ptr[0]), os, reinterpret_cast<const T*>(ptr[1]), as, n);
  });
}

template <UnaryOp OP>
void dispatch_unary(DType t, const Plan& p) {
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_bool_v<T>) {
      if constexpr (OP == UnaryOp::abs) run_unary<OP, uint8_t>(p);  // identity on 0/1
    } else if constexpr (OP == UnaryOp::sqrt || OP == UnaryOp::exp || OP == UnaryOp::log) {
      if constexpr (is_float_v<T>) run_unary<OP, T>(p);
    } else {
      run_unary<OP, T>(p);
    }
  });
}

template <class T>
SV_LOOP_FN void run_where(const Plan& p) {
  const int L = p.last();
  const int64_t n = p.shape[L];
  const int64_t os = p.stride[0][L], cs = p.stride[1][L], as = p.stride[2][L], bs = p.stride[3][L];
  for_each_outer(p, 1, [&](char** ptr) {
    rows::where<T>(reinterpret_cast<T*>(ptr[0]), os, reinterpret_cast<const b8*>(ptr[1]), cs,
                   reinterpret_cast<const T*>(ptr[2]), as, reinterpret_cast<const T*>(ptr[3]), bs,
                   n);
  });
}

std::string S(int64_t v) { return std::to_string(v); }

}  // namespace

Status binary(BinaryOp op, const Operand& out, const Operand& a, const Operand& b) {
  const char* name = binary_name(op);
  if (!name) {
    return make_error(Code::invalid_argument,
                      "binary: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..11");
  }
  const std::string opn = std::string("binary ") + name;
  const char* o = opn.c_str();
  SV_CHECK(detail::check_operand(o, "out", out));
  SV_CHECK(detail::check_operand(o, "a", a));
  SV_CHECK(detail::check_operand(o, "b", b));
  SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
  SV_CHECK(detail::check_same_shape(o, "out", out, "b", b));
  if (a.dtype != b.dtype) {
    return make_error(Code::type_error, opn + ": a is " + dtype_name(a.dtype) + " but b is " +
                                            dtype_name(b.dtype) + "; cast one operand first");
  }
  SV_CHECK(detail::check_dtype(o, "out", out, is_comparison(op) ? DType::bool_ : a.dtype));
  if (a.dtype == DType::bool_ && (op == BinaryOp::sub || op == BinaryOp::div)) {
    return make_error(Code::type_error,
                      opn + ": not defined for bool operands; cast them to a numeric dtype first");
  }
  SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  Unaliased u;
  const Operand* in[2] = {&a, &b};
  SV_CHECK(u.prepare(o, out, in, 2));
  OpDesc ops[3];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  for (int i = 0; i < 2; ++i) {
    ops[i + 1] = {static_cast<char*>(u.op[i].base), &u.op[i].layout,
                  static_cast<int64_t>(dtype_size(a.dtype)), detail::kZeros};
  }
  for_each_region(3, ops, 0, [&](const Plan& p, uint32_t) { run_binary_op(op, a.dtype, p); });
  return ok_status();
}

Status unary(UnaryOp op, const Operand& out, const Operand& a) {
  const char* name = unary_name(op);
  if (!name) {
    return make_error(Code::invalid_argument,
                      "unary: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..4");
  }
  const std::string opn = std::string("unary ") + name;
  const char* o = opn.c_str();
  SV_CHECK(detail::check_operand(o, "out", out));
  SV_CHECK(detail::check_operand(o, "a", a));
  SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
  SV_CHECK(detail::check_dtype(o, "out", out, a.dtype));
  const bool is_float = a.dtype == DType::float32 || a.dtype == DType::float64;
  if ((op == UnaryOp::sqrt || op == UnaryOp::exp || op == UnaryOp::log) && !is_float) {
    return make_error(Code::type_error, opn + ": needs float32 or float64, got " +
                                            dtype_name(a.dtype) + "; cast to a float dtype first");
  }
  if (op == UnaryOp::neg && a.dtype == DType::bool_) {
    return make_error(Code::type_error, opn + ": not defined for bool; use eq(x, false) instead");
  }
  SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  Unaliased u;
  const Operand* in[1] = {&a};
  SV_CHECK(u.prepare(o, out, in, 1));
  const int64_t e = static_cast<int64_t>(dtype_size(a.dtype));
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(out.base), &out.layout, e, nullptr};
  ops[1] = {static_cast<char*>(u.op[0].base), &u.op[0].layout, e, detail::kZeros};
  for_each_region(2, ops, 0, [&](const Plan& p, uint32_t) {
    switch (op) {
      case UnaryOp::neg:
        return dispatch_unary<UnaryOp::neg>(a.dtype, p);
      case UnaryOp::abs:
        return dispatch_unary<UnaryOp::abs>(a.dtype, p);
      case UnaryOp::sqrt:
        return dispatch_unary<UnaryOp::sqrt>(a.dtype, p);
      case UnaryOp::exp:
        return dispatch_unary<UnaryOp::exp>(a.dtype, p);
      case UnaryOp::log:
        return dispatch_unary<UnaryOp::log>(a.dtype, p);
    }
  });
  return ok_status();
}

Status where(const Operand& out, const Operand& cond, const Operand& a, const Operand& b) {
  const char* o = "where";
  SV_CHECK(detail::check_operand(o, "out", out));
  SV_CHECK(detail::check_operand(o, "cond", cond));
  SV_CHECK(detail::check_operand(o, "a", a));
  SV_CHECK(detail::check_operand(o, "b", b));
  SV_CHECK(detail::check_same_shape(o, "out", out, "cond", cond));
  SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
  SV_CHECK(detail::check_same_shape(o, "out", out, "b", b));
  SV_CHECK(detail::check_dtype(o, "cond", cond, DType::bool_));
  if (a.dtype != b.dtype) {
    return make_error(Code::type_error, std::string("where: a is ") + dtype_name(a.dtype) +
                                            " but b is " + dtype_name(b.dtype) +
                                            "; cast one operand first");
  }
  SV_CHECK(detail::check_dtype(o, "out", out, a.dtype));
  SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  Unaliased u;
  const Operand* in[3] = {&cond, &a, &b};
  SV_CHECK(u.prepare(o, out, in, 3));
  const int64_t e = static_cast<int64_t>(dtype_size(a.dtype));
  OpDesc ops[4];
  ops[0] = {static_cast<char*>(out.base), &out.layout, e, nullptr};
  ops[1] = {static_cast<char*>(u.op[0].base), &u.op[0].layout, 1, detail::kZeros};
  ops[2] = {static_cast<char*>(u.op[1].base), &u.op[1].layout, e, detail::kZeros};
  ops[3] = {static_cast<char*>(u.op[2].base), &u.op[2].layout, e, detail::kZeros};
  for_each_region(4, ops, 0, [&](const Plan& p, uint32_t) {
    visit_dtype(a.dtype, [&](auto tag) { run_where<typename decltype(tag)::type>(p); });
  });
  return ok_status();
}

}  // namespace sv::kernels
