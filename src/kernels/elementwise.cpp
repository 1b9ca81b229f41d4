// binary(), unary(), where(): elementwise over one shape; masked-out inputs read as 0.
#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

using detail::Buffer;

const char* binary_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::add: return "add";
    case BinaryOp::sub: return "sub";
    case BinaryOp::mul: return "mul";
    case BinaryOp::div: return "div";
    case BinaryOp::maximum: return "maximum";
    case BinaryOp::minimum: return "minimum";
    case BinaryOp::eq: return "eq";
    case BinaryOp::ne: return "ne";
    case BinaryOp::lt: return "lt";
    case BinaryOp::le: return "le";
    case BinaryOp::gt: return "gt";
    case BinaryOp::ge: return "ge";
  }
  return nullptr;
}

const char* unary_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::neg: return "neg";
    case UnaryOp::abs: return "abs";
    case UnaryOp::sqrt: return "sqrt";
    case UnaryOp::exp: return "exp";
    case UnaryOp::log: return "log";
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

template <BinaryOp OP, class T>
void run_binary(const Plan& p) {
  using R = scalar::binary_result_t<OP, T>;
  const int L = p.last();
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
    case BinaryOp::add: return dispatch_binary<BinaryOp::add>(t, p);
    case BinaryOp::sub: return dispatch_binary<BinaryOp::sub>(t, p);
    case BinaryOp::mul: return dispatch_binary<BinaryOp::mul>(t, p);
    case BinaryOp::div: return dispatch_binary<BinaryOp::div>(t, p);
    case BinaryOp::maximum: return dispatch_binary<BinaryOp::maximum>(t, p);
    case BinaryOp::minimum: return dispatch_binary<BinaryOp::minimum>(t, p);
    case BinaryOp::eq: return dispatch_binary<BinaryOp::eq>(t, p);
    case BinaryOp::ne: return dispatch_binary<BinaryOp::ne>(t, p);
    case BinaryOp::lt: return dispatch_binary<BinaryOp::lt>(t, p);
    case BinaryOp::le: return dispatch_binary<BinaryOp::le>(t, p);
    case BinaryOp::gt: return dispatch_binary<BinaryOp::gt>(t, p);
    case BinaryOp::ge: return dispatch_binary<BinaryOp::ge>(t, p);
  }
}

template <UnaryOp OP, class T>
void run_unary(const Plan& p) {
  const int L = p.last();
  const int64_t n = p.shape[L], os = p.stride[0][L], as = p.stride[1][L];
  for_each_outer(p, 1, [&](char** ptr) {
    rows::unary<OP, T>(reinterpret_cast<T*>(ptr[0]), os, reinterpret_cast<const T*>(ptr[1]), as,
                       n);
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
void run_where(const Plan& p) {
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
  ops[0] = {static_cast<char*>(out.base), &out.layout,
            static_cast<int64_t>(dtype_size(out.dtype)), nullptr};
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
      case UnaryOp::neg: return dispatch_unary<UnaryOp::neg>(a.dtype, p);
      case UnaryOp::abs: return dispatch_unary<UnaryOp::abs>(a.dtype, p);
      case UnaryOp::sqrt: return dispatch_unary<UnaryOp::sqrt>(a.dtype, p);
      case UnaryOp::exp: return dispatch_unary<UnaryOp::exp>(a.dtype, p);
      case UnaryOp::log: return dispatch_unary<UnaryOp::log>(a.dtype, p);
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
