// binary(), unary(), where(): elementwise over one shape; masked-out inputs read as 0.
#include "kernels/chunk_ops.hpp"
#include "kernels/internal.hpp"
#include "kernels/rows.hpp"
#include "kernels/vmath.hpp"

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
    case BinaryOp::mod:
      return "mod";
    case BinaryOp::floor_divide:
      return "floor_divide";
    case BinaryOp::fmod:
      return "fmod";
    case BinaryOp::bitwise_and:
      return "bitwise_and";
    case BinaryOp::bitwise_or:
      return "bitwise_or";
    case BinaryOp::bitwise_xor:
      return "bitwise_xor";
    case BinaryOp::left_shift:
      return "left_shift";
    case BinaryOp::right_shift:
      return "right_shift";
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
    case UnaryOp::invert:
      return "invert";
  }
  return nullptr;
}

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::eq || op == BinaryOp::ne || op == BinaryOp::lt || op == BinaryOp::le ||
         op == BinaryOp::gt || op == BinaryOp::ge;
}

bool is_bitwise(BinaryOp op) {
  return op == BinaryOp::bitwise_and || op == BinaryOp::bitwise_or || op == BinaryOp::bitwise_xor;
}

// The ops NumPy defines for integers (and bool) only.
bool integer_only(BinaryOp op) {
  return is_bitwise(op) || op == BinaryOp::left_shift || op == BinaryOp::right_shift;
}

// The ops without a bool loop (NumPy computes them in int8 for bool operands: callers cast).
bool no_bool(BinaryOp op) {
  return op == BinaryOp::sub || op == BinaryOp::div || op == BinaryOp::mod ||
         op == BinaryOp::floor_divide || op == BinaryOp::fmod || op == BinaryOp::left_shift ||
         op == BinaryOp::right_shift;
}

bool is_float_dtype(DType t) { return t == DType::float32 || t == DType::float64; }

// Inputs that overlap the output without addressing it identically are read into temporaries first
// (NumPy semantics: as if every input were read before any write).
// The inputs of one elementwise call as the loops read them (ops[0] the output, ops[1..n] the
// inputs in[0..n-1]): on a Checked call whose operands make one flat row (detail::flat_plan), that
// row; else each input itself, or (when it overlaps the output other than element-for-element) a
// contiguous copy of it read first, with ops re-pointed at what is read. Inputs are not copied
// otherwise.
class CallInputs {
 public:
  Status prepare(const char* name, bool checked, const Operand& out, const Operand* const* in,
                 int n, OpDesc* ops) {
    nops_ = n + 1;
    ops_ = ops;
    one_row_ = checked && detail::flat_plan(nops_, ops, &flat_);
    if (one_row_) return ok_status();
    for (int i = 0; i < n; ++i) {
      const Operand* op = in[i];
      if (detail::overlaps(out, *op) && !detail::same_addressing(out, *op)) {
        SV_CHECK(detail::materialize(name, *op, buf_[i], &copy_[i]));
        op = &copy_[i];
      }
      ops[i + 1].base = static_cast<char*>(op->base);
      ops[i + 1].layout = &op->layout;
    }
    return ok_status();
  }
  // f(const Plan&) over the call (after prepare): the flat row, else every region of the operands
  // (for_each_region, key 0); either way cut into pieces for the thread pool.
  template <class F>
  void for_each_plan(F&& f) const {
    const auto pieces = [&](const Plan& p, uint32_t) { for_each_piece(p, f); };
    if (one_row_) {
      pieces(flat_, 0);
    } else {
      for_each_region_serial(nops_, ops_, 0, pieces);
    }
  }

 private:
  Buffer buf_[3];
  Operand copy_[3];
  Plan flat_;
  bool one_row_ = false;
  int nops_ = 0;
  const OpDesc* ops_ = nullptr;
};

template <size_t E>
using raw_t = std::conditional_t<
    E == 1, uint8_t,
    std::conditional_t<E == 2, uint16_t, std::conditional_t<E == 4, uint32_t, uint64_t>>>;

// Type-erased row loops: one small function per (op, dtype) holding only the row loops (SIMD128
// for the hot dtypes, the scalar reference for all); the planning, odometer and tiling around
// them exist once.
using BinaryRowFn = void (*)(void* o, int64_t os, const void* a, int64_t as, const void* b,
                             int64_t bs, int64_t n);
using UnaryRowFn = void (*)(void* o, int64_t os, const void* a, int64_t as, int64_t n);
using WhereRowFn = void (*)(void* o, int64_t os, const void* c, int64_t cs, const void* a,
                            int64_t as, const void* b, int64_t bs, int64_t n);

template <BinaryOp OP, class T>
void binary_row_fn(void* o, int64_t os, const void* a, int64_t as, const void* b, int64_t bs,
                   int64_t n) {
  rows::binary<OP, T>(static_cast<scalar::binary_result_t<OP, T>*>(o), os,
                      static_cast<const T*>(a), as, static_cast<const T*>(b), bs, n);
}

// Size: bool and the integers narrower than 64 bits other than int32 run div, maximum, minimum
// and the comparisons in int64 / uint64 (converted in chunks; exact, same results), so those ops
// have loops for float32, float64, int32, int64 and uint64 only. add / sub / mul stay direct.
template <class T>
inline constexpr bool kWidened = is_bool_v<T> || std::is_same_v<T, int8_t> ||
                                 std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> ||
                                 std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t>;

constexpr bool wraps(BinaryOp op) {
  return op == BinaryOp::add || op == BinaryOp::sub || op == BinaryOp::mul;
}

// The wide dtype `t` runs `op` in, or false when it runs directly. (The shifts too: a narrow
// count >= the narrow width is >= it widened as well, and the wide result cast back is NumPy's.)
bool widened(BinaryOp op, DType t, DType* wide) {
  if (wraps(op) || is_bitwise(op)) return false;
  return visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (kWidened<T>) {
      *wide = std::is_signed_v<T> ? DType::int64 : DType::uint64;
      return true;
    } else {
      return false;
    }
  });
}

// Integer add/sub/mul wrap: unsigned operands share the signed loops (same bits).
template <BinaryOp OP>
BinaryRowFn binary_fn_of(DType t) {
  return visit_dtype(t, [](auto tag) -> BinaryRowFn {
    using T0 = typename decltype(tag)::type;
    using T = std::conditional_t<wraps(OP), signed_of_t<T0>, T0>;
    if constexpr (!wraps(OP) && kWidened<T0>) {
      return nullptr;  // run through widened()
    } else {
      return &binary_row_fn<OP, T>;
    }
  });
}

// and / or / xor act on bits: one loop per element size serves every integer dtype and bool.
template <BinaryOp OP>
BinaryRowFn bitwise_fn_of(DType t) {
  switch (dtype_size(t)) {
    case 1:
      return &binary_row_fn<OP, uint8_t>;
    case 2:
      return &binary_row_fn<OP, uint16_t>;
    case 4:
      return &binary_row_fn<OP, uint32_t>;
    default:
      return &binary_row_fn<OP, uint64_t>;
  }
}

// mod, fmod, floor_divide and the shifts: integer loops (the widened dtypes excepted) and floats
// (not the shifts).
template <BinaryOp OP>
BinaryRowFn integer_fn_of(DType t) {
  return visit_dtype(t, [](auto tag) -> BinaryRowFn {
    using T = typename decltype(tag)::type;
    if constexpr (is_bool_v<T> || kWidened<T>) {
      return nullptr;
    } else if constexpr (is_float_v<T> && (OP == BinaryOp::left_shift || OP == BinaryOp::right_shift)) {
      return nullptr;
    } else if constexpr (!is_float_v<T> && OP == BinaryOp::floor_divide) {
      return nullptr;  // integers run as div: binary() rewrites the op
    } else {
      return &binary_row_fn<OP, T>;
    }
  });
}

BinaryRowFn binary_fn(BinaryOp op, DType t) {
  switch (op) {
    case BinaryOp::mod:
      return integer_fn_of<BinaryOp::mod>(t);
    case BinaryOp::floor_divide:  // floats only: integers run as div (the same floor division)
      return integer_fn_of<BinaryOp::floor_divide>(t);
    case BinaryOp::fmod:
      return integer_fn_of<BinaryOp::fmod>(t);
    case BinaryOp::bitwise_and:
      return bitwise_fn_of<BinaryOp::bitwise_and>(t);
    case BinaryOp::bitwise_or:
      return bitwise_fn_of<BinaryOp::bitwise_or>(t);
    case BinaryOp::bitwise_xor:
      return bitwise_fn_of<BinaryOp::bitwise_xor>(t);
    case BinaryOp::left_shift:
      return integer_fn_of<BinaryOp::left_shift>(t);
    case BinaryOp::right_shift:
      return integer_fn_of<BinaryOp::right_shift>(t);
    case BinaryOp::add:
      return binary_fn_of<BinaryOp::add>(t);
    case BinaryOp::sub:
      return binary_fn_of<BinaryOp::sub>(t);
    case BinaryOp::mul:
      return binary_fn_of<BinaryOp::mul>(t);
    case BinaryOp::div:
      return binary_fn_of<BinaryOp::div>(t);
    case BinaryOp::maximum:
      return binary_fn_of<BinaryOp::maximum>(t);
    case BinaryOp::minimum:
      return binary_fn_of<BinaryOp::minimum>(t);
    case BinaryOp::eq:
      return binary_fn_of<BinaryOp::eq>(t);
    case BinaryOp::ne:
      return binary_fn_of<BinaryOp::ne>(t);
    case BinaryOp::lt:
      return binary_fn_of<BinaryOp::lt>(t);
    case BinaryOp::le:
      return binary_fn_of<BinaryOp::le>(t);
    case BinaryOp::gt:  // a > b is b < a, and a >= b is b <= a (NaN included): binary() swaps
    case BinaryOp::ge:
      break;
  }
  return nullptr;
}

// A binary op in a wide dtype: each row's inputs converted chunk by chunk, the op's wide loop, and
// the result converted back (comparisons write their bools directly).
struct WideBinary {
  BinaryRowFn fn = nullptr;
  detail::Caster in, back;
  bool to_bool = false;
};

SV_LOOP_FN void run_binary_wide(const Plan& p, const WideBinary& w) {
  const int L = p.last();
  const int64_t n = p.shape[L], os = p.stride[0][L], as = p.stride[1][L], bs = p.stride[2][L];
  const int64_t oe = p.esize[0], te = p.esize[1];
  constexpr int64_t C = detail::kCastChunk;
  alignas(16) uint64_t wa[C], wb[C], wo[C];
  for_each_outer(p, 1, [&](char** ptr) {
    for (int64_t i = 0; i < n; i += C) {
      const int64_t m = n - i < C ? n - i : C;
      detail::cast_row(w.in, wa, 1, ptr[1] + i * as * te, as, m);
      detail::cast_row(w.in, wb, 1, ptr[2] + i * bs * te, bs, m);
      char* o = ptr[0] + i * os * oe;
      if (w.to_bool) {
        w.fn(o, os, wa, 1, wb, 1, m);
      } else {
        w.fn(wo, 1, wa, 1, wb, 1, m);
        detail::cast_row(w.back, o, os, wo, 1, m);
      }
    }
  });
}

SV_LOOP_FN void run_binary(const Plan& p, BinaryRowFn fn) {
  // Transposed inputs: staged tiles (rows.hpp), the row loop then runs on contiguous tiles.
  tiles::for_each_row(p, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
    fn(ptr[0], st[0], ptr[1], st[1], ptr[2], st[2], n);
  });
}

template <UnaryOp OP, class T>
void unary_row_fn(void* o, int64_t os, const void* a, int64_t as, int64_t n) {
  rows::unary<OP, T>(static_cast<T*>(o), os, static_cast<const T*>(a), as, n);
}

// exp and log of float32 / float64: the vector math library.
template <UnaryOp OP, class T>
void vmath_row_fn(void* o, int64_t os, const void* a, int64_t as, int64_t n) {
  auto* d = static_cast<T*>(o);
  auto* s = static_cast<const T*>(a);
  if constexpr (OP == UnaryOp::log && sizeof(T) == 4) vmath::log_row_f32(d, os, s, as, n);
  else if constexpr (OP == UnaryOp::log) vmath::log_row_f64(d, os, s, as, n);
  else if constexpr (sizeof(T) == 4) vmath::exp_row_f32(d, os, s, as, n);
  else vmath::exp_row_f64(d, os, s, as, n);
}

// nullptr for combinations the checks reject.
template <UnaryOp OP>
UnaryRowFn unary_fn_of(DType t) {
  return visit_dtype(t, [](auto tag) -> UnaryRowFn {
    using T0 = typename decltype(tag)::type;
    // Integer neg wraps: unsigned shares the signed loop.
    using T = std::conditional_t<OP == UnaryOp::neg, signed_of_t<T0>, T0>;
    if constexpr (OP == UnaryOp::invert) {
      if constexpr (is_bool_v<T>) return &unary_row_fn<OP, b8>;  // logical not
      else if constexpr (is_float_v<T>) return nullptr;
      else return &unary_row_fn<OP, raw_t<sizeof(T)>>;  // bits: one loop per size
    } else if constexpr (is_bool_v<T>) {
      if constexpr (OP == UnaryOp::abs) return &unary_row_fn<OP, uint8_t>;  // identity on 0/1
      return nullptr;
    } else if constexpr (OP == UnaryOp::sqrt || OP == UnaryOp::exp || OP == UnaryOp::log) {
      if constexpr (is_float_v<T> && (OP == UnaryOp::exp || OP == UnaryOp::log)) {
        return &vmath_row_fn<OP, T>;
      }
      if constexpr (is_float_v<T>) return &unary_row_fn<OP, T>;
      return nullptr;
    } else {
      return &unary_row_fn<OP, T>;
    }
  });
}

UnaryRowFn unary_fn(UnaryOp op, DType t) {
  switch (op) {
    case UnaryOp::neg:
      return unary_fn_of<UnaryOp::neg>(t);
    case UnaryOp::abs:
      return unary_fn_of<UnaryOp::abs>(t);
    case UnaryOp::sqrt:
      return unary_fn_of<UnaryOp::sqrt>(t);
    case UnaryOp::exp:
      return unary_fn_of<UnaryOp::exp>(t);
    case UnaryOp::log:
      return unary_fn_of<UnaryOp::log>(t);
    case UnaryOp::invert:
      return unary_fn_of<UnaryOp::invert>(t);
  }
  return nullptr;
}

// The fused transposed loop of a unary op (detail::transposed_map), for the (op, dtype) pairs with a
// vector form; nullptr otherwise (same element types as unary_fn_of).
template <UnaryOp OP, class T>
bool unary_transposed_fn(void* d, int64_t dd, const void* s, int64_t sj, int64_t r, int64_t c) {
  constexpr LaneMap k = OP == UnaryOp::sqrt     ? LaneMap::sqrt
                        : OP == UnaryOp::invert ? LaneMap::bit_not
                        : OP == UnaryOp::neg    ? (is_float_v<T> ? LaneMap::neg_float : LaneMap::neg_int)
                        : is_float_v<T>         ? LaneMap::abs_float
                                                : LaneMap::abs_int;
  return detail::transposed_map(sizeof(T), sizeof(T), k, &unary_row_fn<OP, T>, d, dd, s, sj, r, c);
}

template <UnaryOp OP>
detail::TransposedMapFn unary_transposed_of(DType t) {
  return visit_dtype(t, [](auto tag) -> detail::TransposedMapFn {
    using T0 = typename decltype(tag)::type;
    using T = std::conditional_t<OP == UnaryOp::neg, signed_of_t<T0>, T0>;
    if constexpr (OP == UnaryOp::exp || OP == UnaryOp::log || is_bool_v<T>) {
      return nullptr;
    } else if constexpr ((sizeof(T) == 4 || sizeof(T) == 8) &&
                         (std::is_same_v<T, float> || std::is_same_v<T, double> ||
                          std::is_same_v<T, int32_t> ||
                          (OP == UnaryOp::invert && std::is_unsigned_v<T>))) {
      if constexpr (OP == UnaryOp::sqrt && !is_float_v<T>) return nullptr;
      else if constexpr (OP == UnaryOp::invert && !std::is_unsigned_v<T>) return nullptr;
      else return &unary_transposed_fn<OP, T>;
    } else {
      return nullptr;
    }
  });
}

detail::TransposedMapFn unary_transposed(UnaryOp op, DType t) {
  switch (op) {
    case UnaryOp::neg:
      return unary_transposed_of<UnaryOp::neg>(t);
    case UnaryOp::abs:
      return unary_transposed_of<UnaryOp::abs>(t);
    case UnaryOp::sqrt:
      return unary_transposed_of<UnaryOp::sqrt>(t);
    case UnaryOp::invert:
      return unary_transposed_of<UnaryOp::invert>(t);
    default:
      return nullptr;
  }
}

SV_LOOP_FN void run_unary(const Plan& p, UnaryRowFn fn, detail::TransposedMapFn tfn) {
  // A transposed input: the fused register-tile loop when the op has one (no staging buffer).
  if (tfn && tiles::for_each_transposed_block(
                 p, [&](char* d, int64_t dd, const char* s, int64_t sj, int64_t r, int64_t c) {
                   return tfn(d, dd, s, sj, r, c);
                 })) {
    return;
  }
  tiles::for_each_row(p, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
    fn(ptr[0], st[0], ptr[1], st[1], n);
  });
}

// where() moves raw elements: one loop per element size.
template <class E>
void where_row_fn(void* o, int64_t os, const void* c, int64_t cs, const void* a, int64_t as,
                  const void* b, int64_t bs, int64_t n) {
  rows::where<E>(static_cast<E*>(o), os, static_cast<const b8*>(c), cs, static_cast<const E*>(a),
                 as, static_cast<const E*>(b), bs, n);
}

WhereRowFn where_fn(int64_t esize) {
  switch (esize) {
    case 1:
      return &where_row_fn<uint8_t>;
    case 2:
      return &where_row_fn<uint16_t>;
    case 4:
      return &where_row_fn<uint32_t>;
    default:
      return &where_row_fn<uint64_t>;
  }
}

SV_LOOP_FN void run_where(const Plan& p, WhereRowFn fn) {
  const int L = p.last();
  const int64_t n = p.shape[L];
  const int64_t os = p.stride[0][L], cs = p.stride[1][L], as = p.stride[2][L], bs = p.stride[3][L];
  for_each_outer(p, 1, [&](char** ptr) { fn(ptr[0], os, ptr[1], cs, ptr[2], as, ptr[3], bs, n); });
}

std::string S(int64_t v) { return std::to_string(v); }

}  // namespace

namespace {

// binary(); `checked`: a Checked call (operands well formed and of out's shape).
Status binary_call(BinaryOp op, const Operand& out, const Operand& a, const Operand& b,
                   bool checked) {
  const char* name = binary_name(op);
  if (!name) {
    return make_error(Code::invalid_argument, "binary: unknown op " + S(static_cast<int32_t>(op)) +
                                                  "; expected 0.." + S(tables::kBinaryOpCount - 1));
  }
  static const auto kLabels = detail::op_labels<tables::kBinaryOpCount>(
      "binary ", [](int i) { return binary_name(static_cast<BinaryOp>(i)); });
  const std::string& opn = kLabels[static_cast<int>(op)];
  const char* o = opn.c_str();
  if (!checked) {
    SV_CHECK(detail::check_operand(o, "out", out));
    SV_CHECK(detail::check_operand(o, "a", a));
    SV_CHECK(detail::check_operand(o, "b", b));
    SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
    SV_CHECK(detail::check_same_shape(o, "out", out, "b", b));
  }
  if (a.dtype != b.dtype) {
    return make_error(Code::type_error, opn + ": a is " + dtype_name(a.dtype) + " but b is " +
                                            dtype_name(b.dtype) + "; cast one operand first");
  }
  if (a.dtype == DType::float16) {
    return make_error(Code::type_error, opn + ": float16 is storage only; widen the operands to float32 first");
  }
  if (is_complex_dtype(a.dtype)) {
    return make_error(Code::type_error, opn + ": " + dtype_name(a.dtype) + " operands take the complex kernels (kernels::complex_run)");
  }
  SV_CHECK(detail::check_dtype(o, "out", out, is_comparison(op) ? DType::bool_ : a.dtype));
  if (a.dtype == DType::bool_ && no_bool(op)) {
    return make_error(Code::type_error,
                      opn + ": not defined for bool operands; cast them to a numeric dtype first");
  }
  if (integer_only(op) && is_float_dtype(a.dtype)) {
    return make_error(Code::type_error, opn + ": " + dtype_name(a.dtype) +
                                            " is not an integer or bool dtype");
  }
  if (!checked || !out.layout.contiguous) SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  // gt / ge run as lt / le with the operands swapped (fewer loops).
  const Operand* in[2] = {&a, &b};
  if (op == BinaryOp::gt || op == BinaryOp::ge) {
    std::swap(in[0], in[1]);
    op = op == BinaryOp::gt ? BinaryOp::lt : BinaryOp::le;
  }
  OpDesc ops[3];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  for (int i = 0; i < 2; ++i) {
    ops[i + 1] = {static_cast<char*>(in[i]->base), &in[i]->layout,
                  static_cast<int64_t>(dtype_size(a.dtype)), detail::kZeros};
  }
  CallInputs inputs;
  SV_CHECK(inputs.prepare(o, checked, out, in, 2, ops));
  // Integer floor_divide is div's floor division (one set of loops).
  if (op == BinaryOp::floor_divide && !is_float_dtype(a.dtype)) op = BinaryOp::div;
  DType wide;
  if (widened(op, a.dtype, &wide)) {
    WideBinary w;
    w.fn = binary_fn(op, wide);
    w.in = detail::make_caster(wide, a.dtype);
    w.to_bool = is_comparison(op);
    if (!w.to_bool) w.back = detail::make_caster(a.dtype, wide);
    inputs.for_each_plan([&](const Plan& p) { run_binary_wide(p, w); });
    return ok_status();
  }
  const BinaryRowFn fn = binary_fn(op, a.dtype);
  inputs.for_each_plan([&](const Plan& p) { run_binary(p, fn); });
  return ok_status();
}

}  // namespace

Status binary(BinaryOp op, const Operand& out, const Operand& a, const Operand& b) {
  return binary_call(op, out, a, b, false);
}

Status binary(Checked, BinaryOp op, const Operand& out, const Operand& a, const Operand& b) {
  return binary_call(op, out, a, b, true);
}

namespace {

// unary(); `checked`: a Checked call.
Status unary_call(UnaryOp op, const Operand& out, const Operand& a, bool checked) {
  const char* name = unary_name(op);
  if (!name) {
    return make_error(Code::invalid_argument, "unary: unknown op " + S(static_cast<int32_t>(op)) +
                                                  "; expected 0.." + S(tables::kUnaryOpCount - 1));
  }
  static const auto kLabels = detail::op_labels<tables::kUnaryOpCount>(
      "unary ", [](int i) { return unary_name(static_cast<UnaryOp>(i)); });
  const std::string& opn = kLabels[static_cast<int>(op)];
  const char* o = opn.c_str();
  if (!checked) {
    SV_CHECK(detail::check_operand(o, "out", out));
    SV_CHECK(detail::check_operand(o, "a", a));
    SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
  }
  SV_CHECK(detail::check_dtype(o, "out", out, a.dtype));
  if (a.dtype == DType::float16) {
    return make_error(Code::type_error, opn + ": float16 is storage only; widen the operand to float32 first");
  }
  if (is_complex_dtype(a.dtype)) {
    return make_error(Code::type_error, opn + ": " + dtype_name(a.dtype) + " operands take the complex kernels (kernels::complex_run)");
  }
  const bool is_float = a.dtype == DType::float32 || a.dtype == DType::float64;
  if ((op == UnaryOp::sqrt || op == UnaryOp::exp || op == UnaryOp::log) && !is_float) {
    return make_error(Code::type_error, opn + ": needs float32 or float64, got " +
                                            dtype_name(a.dtype) + "; cast to a float dtype first");
  }
  if (op == UnaryOp::invert && is_float) {
    return make_error(Code::type_error,
                      opn + ": " + dtype_name(a.dtype) + " is not an integer or bool dtype");
  }
  if (op == UnaryOp::neg && a.dtype == DType::bool_) {
    return make_error(Code::type_error, opn + ": not defined for bool (as NumPy); use logicalNot(x) instead");
  }
  if (!checked || !out.layout.contiguous) SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  const Operand* in[1] = {&a};
  const int64_t e = static_cast<int64_t>(dtype_size(a.dtype));
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(out.base), &out.layout, e, nullptr};
  ops[1] = {static_cast<char*>(a.base), &a.layout, e, detail::kZeros};
  CallInputs inputs;
  SV_CHECK(inputs.prepare(o, checked, out, in, 1, ops));
  const UnaryRowFn fn = unary_fn(op, a.dtype);
  if (fn == nullptr) {
    return make_error(Code::type_error, opn + ": not defined for " + dtype_name(a.dtype));
  }
  const detail::TransposedMapFn tfn = unary_transposed(op, a.dtype);
  inputs.for_each_plan([&](const Plan& p) { run_unary(p, fn, tfn); });
  return ok_status();
}

}  // namespace

Status unary(UnaryOp op, const Operand& out, const Operand& a) {
  return unary_call(op, out, a, false);
}

Status unary(Checked, UnaryOp op, const Operand& out, const Operand& a) {
  return unary_call(op, out, a, true);
}

namespace {

// where(); `checked`: a Checked call.
Status where_call(const Operand& out, const Operand& cond, const Operand& a, const Operand& b,
                  bool checked) {
  const char* o = "where";
  if (!checked) {
    SV_CHECK(detail::check_operand(o, "out", out));
    SV_CHECK(detail::check_operand(o, "cond", cond));
    SV_CHECK(detail::check_operand(o, "a", a));
    SV_CHECK(detail::check_operand(o, "b", b));
    SV_CHECK(detail::check_same_shape(o, "out", out, "cond", cond));
    SV_CHECK(detail::check_same_shape(o, "out", out, "a", a));
    SV_CHECK(detail::check_same_shape(o, "out", out, "b", b));
  }
  SV_CHECK(detail::check_dtype(o, "cond", cond, DType::bool_));
  if (a.dtype != b.dtype) {
    return make_error(Code::type_error, std::string("where: a is ") + dtype_name(a.dtype) +
                                            " but b is " + dtype_name(b.dtype) +
                                            "; cast one operand first");
  }
  SV_CHECK(detail::check_dtype(o, "out", out, a.dtype));
  if (dtype_size(a.dtype) > 8) {
    return make_error(Code::type_error, std::string("where: ") + dtype_name(a.dtype) + " operands take the complex kernels (kernels::complex_run)");
  }
  if (!checked || !out.layout.contiguous) SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  const Operand* in[3] = {&cond, &a, &b};
  const int64_t e = static_cast<int64_t>(dtype_size(a.dtype));
  OpDesc ops[4];
  ops[0] = {static_cast<char*>(out.base), &out.layout, e, nullptr};
  for (int i = 0; i < 3; ++i) {
    ops[i + 1] = {static_cast<char*>(in[i]->base), &in[i]->layout, i == 0 ? 1 : e, detail::kZeros};
  }
  CallInputs inputs;
  SV_CHECK(inputs.prepare(o, checked, out, in, 3, ops));
  const WhereRowFn fn = where_fn(e);
  inputs.for_each_plan([&](const Plan& p) { run_where(p, fn); });
  return ok_status();
}

}  // namespace

Status where(const Operand& out, const Operand& cond, const Operand& a, const Operand& b) {
  return where_call(out, cond, a, b, false);
}

Status where(Checked, const Operand& out, const Operand& cond, const Operand& a, const Operand& b) {
  return where_call(out, cond, a, b, true);
}


// ------------------------------------------------------------------ chunk ops (kernels/chunk_ops.hpp)
namespace {

void binary_chunk(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  const void* a = in[c.swap ? 1 : 0];
  const void* b = in[c.swap ? 0 : 1];
  reinterpret_cast<BinaryRowFn>(c.fn)(o, 1, a, 1, b, 1, n);
}

// The wide path of binary_call (run_binary_wide) on one chunk.
void binary_wide_chunk(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  constexpr int64_t C = detail::kCastChunk;
  alignas(16) uint64_t wa[C], wb[C], wo[C];
  const auto fn = reinterpret_cast<BinaryRowFn>(c.fn);
  const char* a = static_cast<const char*>(in[c.swap ? 1 : 0]);
  const char* b = static_cast<const char*>(in[c.swap ? 0 : 1]);
  char* d = static_cast<char*>(o);
  const int64_t ie = c.in_cast.se, oe = c.to_bool ? 1 : c.out_cast.de;
  for (int64_t i = 0; i < n; i += C) {
    const int64_t m = n - i < C ? n - i : C;
    detail::cast_row(c.in_cast, wa, 1, a + i * ie, 1, m);
    detail::cast_row(c.in_cast, wb, 1, b + i * ie, 1, m);
    if (c.to_bool) {
      fn(d + i * oe, 1, wa, 1, wb, 1, m);
    } else {
      fn(wo, 1, wa, 1, wb, 1, m);
      detail::cast_row(c.out_cast, d + i * oe, 1, wo, 1, m);
    }
  }
}

void unary_chunk(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  reinterpret_cast<UnaryRowFn>(c.fn)(o, 1, in[0], 1, n);
}

void where_chunk(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  reinterpret_cast<WhereRowFn>(c.fn)(o, 1, in[0], 1, in[1], 1, in[2], 1, n);
}

}  // namespace

Status elementwise_chunk_op(int64_t kind, int64_t code, DType t, ChunkOp* c) {
  *c = ChunkOp{};
  if (kind == wire::kWhere) {
    c->run = &where_chunk;
    c->fn = reinterpret_cast<void (*)()>(where_fn(static_cast<int64_t>(dtype_size(t))));
    c->nin = 3;
    c->out = t;
    return ok_status();
  }
  if (kind == wire::kUnary) {
    if (code < 0 || code >= tables::kUnaryOpCount) return make_error(Code::invalid_argument, "fuse: unknown unary op");
    const auto op = static_cast<UnaryOp>(code);
    const std::string opn = std::string("unary ") + unary_name(op);
    const bool is_float = is_float_dtype(t);
    if ((op == UnaryOp::sqrt || op == UnaryOp::exp || op == UnaryOp::log) && !is_float) {
      return make_error(Code::type_error, opn + ": needs float32 or float64, got " + dtype_name(t));
    }
    if ((op == UnaryOp::invert && is_float) || (op == UnaryOp::neg && t == DType::bool_)) {
      return make_error(Code::type_error, opn + ": not defined for " + dtype_name(t));
    }
    const UnaryRowFn fn = unary_fn(op, t);
    if (fn == nullptr) return make_error(Code::type_error, opn + ": not defined for " + dtype_name(t));
    c->run = &unary_chunk;
    c->fn = reinterpret_cast<void (*)()>(fn);
    c->nin = 1;
    c->out = t;
    return ok_status();
  }
  if (kind != wire::kBinary || code < 0 || code >= tables::kBinaryOpCount) {
    return make_error(Code::invalid_argument, "fuse: unknown elementwise op");
  }
  auto op = static_cast<BinaryOp>(code);
  const std::string opn = std::string("binary ") + binary_name(op);
  if (t == DType::bool_ && no_bool(op)) {
    return make_error(Code::type_error, opn + ": not defined for bool operands; cast them to a numeric dtype first");
  }
  if (integer_only(op) && is_float_dtype(t)) {
    return make_error(Code::type_error, opn + ": " + dtype_name(t) + " is not an integer or bool dtype");
  }
  c->nin = 2;
  c->out = is_comparison(op) ? DType::bool_ : t;
  // As binary_call: gt / ge as lt / le swapped, integer floor_divide as div, the widened dtypes.
  if (op == BinaryOp::gt || op == BinaryOp::ge) {
    c->swap = true;
    op = op == BinaryOp::gt ? BinaryOp::lt : BinaryOp::le;
  }
  if (op == BinaryOp::floor_divide && !is_float_dtype(t)) op = BinaryOp::div;
  DType wide;
  if (widened(op, t, &wide)) {
    c->run = &binary_wide_chunk;
    c->fn = reinterpret_cast<void (*)()>(binary_fn(op, wide));
    c->in_cast = detail::make_caster(wide, t);
    c->to_bool = is_comparison(op);
    if (!c->to_bool) c->out_cast = detail::make_caster(t, wide);
    return ok_status();
  }
  const BinaryRowFn fn = binary_fn(op, t);
  if (fn == nullptr) return make_error(Code::type_error, opn + ": not defined for " + dtype_name(t));
  c->run = &binary_chunk;
  c->fn = reinterpret_cast<void (*)()>(fn);
  return ok_status();
}

}  // namespace sv::kernels
