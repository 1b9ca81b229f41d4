// math_unary(), math_binary(), clip(): NumPy's elementwise math over the planning machinery of
// plan.hpp. Each row is cut into L1-sized chunks, the inputs converted to the op's working dtype
// (float32 or float64 for the math, bool for the logical ops, float64 for the predicates), the op
// run on contiguous chunks, and the result stored through the output's stride. Size: one chunk
// loop per (op, working type); the planning, masking and conversion exist once. Scalar libm calls:
// these ops are not the hot path (add / mul / sqrt / exp are in elementwise.cpp with SIMD128).
// float32 operands are computed in float64 and rounded once (one libm, half the loops).
#include <cmath>
#include <string>
#include <type_traits>

#include "kernels/simd128/math.hpp"

#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"

namespace sv::kernels {
namespace {

using ChunkFn = void (*)(void* o, const void* a, const void* b, const void* c, int64_t n);

template <class T>
T sign_of(T x) {
  return x > 0 ? T(1) : x < 0 ? T(-1) : x;  // +-0 and NaN map to themselves (NumPy)
}

template <class T, int OP>
SV_LOOP_FN void unary_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    const T x = a[i];
    T y;
    switch (static_cast<MathOp>(OP)) {
      case MathOp::square: y = x * x; break;
      case MathOp::floor: y = std::floor(x); break;
      case MathOp::ceil: y = std::ceil(x); break;
      case MathOp::rint:
        y = std::nearbyint(x);  // round half to even in the default rounding mode
        break;
      case MathOp::trunc: y = std::trunc(x); break;
      case MathOp::sign: y = sign_of(x); break;
      case MathOp::sin: y = std::sin(x); break;
      case MathOp::cos: y = std::cos(x); break;
      case MathOp::tan: y = std::tan(x); break;
      case MathOp::tanh: y = std::tanh(x); break;
      case MathOp::exp2: y = std::exp2(x); break;
      case MathOp::log2: y = std::log2(x); break;
      case MathOp::log10: y = std::log10(x); break;
      case MathOp::log1p: y = std::log1p(x); break;
      default: y = std::expm1(x); break;
    }
    o[i] = y;
  }
}

// floor / ceil / rint / trunc in the operands' own float type (exact: the result is
// representable), four or two lanes at a time with SIMD128 (f32x4.nearest is round half to even).
template <class T, MathOp OP>
SV_LOOP_FN void round_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  constexpr int kMode = OP == MathOp::floor ? 0 : OP == MathOp::ceil ? 1 : OP == MathOp::rint ? 2 : 3;
  i = simd128::round_lanes<T, kMode>(o, a, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    o[i] = OP == MathOp::floor  ? std::floor(x)
           : OP == MathOp::ceil ? std::ceil(x)
           : OP == MathOp::rint ? std::nearbyint(x)
                                : std::trunc(x);
  }
}

template <class T>
ChunkFn round_fn(MathOp op) {
  switch (op) {
    case MathOp::floor: return &round_chunk<T, MathOp::floor>;
    case MathOp::ceil: return &round_chunk<T, MathOp::ceil>;
    case MathOp::rint: return &round_chunk<T, MathOp::rint>;
    default: return &round_chunk<T, MathOp::trunc>;
  }
}

// isnan / isfinite of float operands in their own type (no conversion): out bytes 0 / 1.
template <class T, bool NAN_>
SV_LOOP_FN void fpred_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  i = simd128::fpred_lanes<T, NAN_>(o, a, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    o[i] = NAN_ ? x != x : x - x == x - x;  // x - x is NaN for inf and NaN
  }
}

// Predicates and logical ops: out bytes 0 / 1.
template <int OP>
SV_LOOP_FN void pred_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const double* a = static_cast<const double*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) {
    o[i] = static_cast<MathOp>(OP) == MathOp::isnan ? std::isnan(a[i]) : std::isfinite(a[i]);
  }
}

SV_LOOP_FN void not_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const uint8_t* a = static_cast<const uint8_t*>(pa);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = a[i] ^ 1u;
}

template <int OP>
SV_LOOP_FN void logical_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const uint8_t* a = static_cast<const uint8_t*>(pa);
  const uint8_t* b = static_cast<const uint8_t*>(pb);
  uint8_t* o = static_cast<uint8_t*>(po);
  for (int64_t i = 0; i < n; ++i) {
    switch (static_cast<MathBinaryOp>(OP)) {
      case MathBinaryOp::logical_and: o[i] = a[i] & b[i]; break;
      case MathBinaryOp::logical_or: o[i] = a[i] | b[i]; break;
      default: o[i] = a[i] ^ b[i]; break;
    }
  }
}

template <class T>
SV_LOOP_FN void pow_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = std::pow(a[i], b[i]);
}

// Integer power by squaring, wrapping in the working type (int64 / uint64): cast back to the
// operands' dtype, that is NumPy's wrap in the dtype. Negative exponents are the caller's error
// (NumPy: "Integers to negative integer powers are not allowed"); here they give 0 (1 for a == 1,
// +-1 for a == -1) so that the kernel never traps.
template <class T>
SV_LOOP_FN void ipow_chunk(void* po, const void* pa, const void* pb, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* b = static_cast<const T*>(pb);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) {
    using U = uint64_t;
    U base = static_cast<U>(a[i]);
    T e = b[i];
    U r = 1;
    if (e < T(0)) {
      r = a[i] == T(1) ? 1 : a[i] == T(-1) ? ((-static_cast<int64_t>(e)) & 1 ? U(-1) : 1) : 0;
    } else {
      for (U k = static_cast<U>(e); k != 0; k >>= 1) {
        if (k & 1u) r *= base;
        base *= base;
      }
    }
    o[i] = static_cast<T>(r);
  }
}

template <class T>
SV_LOOP_FN void isign_chunk(void* po, const void* pa, const void*, const void*, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  T* o = static_cast<T*>(po);
  for (int64_t i = 0; i < n; ++i) o[i] = a[i] > T(0) ? T(1) : a[i] < T(0) ? T(-1) : T(0);
}

// NumPy's clip, exactly its macros: m = (isnan(x) || x > lo) ? x : lo, then
// (isnan(m) || m < hi) ? m : hi. A NaN anywhere propagates; lo > hi gives hi; on zeros of both
// signs the bound wins unless x is strictly beyond it (NumPy's bits). Integers: the same without
// NaN. Float32 and float64 run in their own type, SIMD128 when available.
template <class T>
SV_LOOP_FN void clip_chunk(void* po, const void* pa, const void* pb, const void* pc, int64_t n) {
  const T* a = static_cast<const T*>(pa);
  const T* lo = static_cast<const T*>(pb);
  const T* hi = static_cast<const T*>(pc);
  T* o = static_cast<T*>(po);
  int64_t i = 0;
#ifdef __wasm_simd128__
  i = simd128::clip_lanes<T>(o, a, lo, hi, n);
#endif
  for (; i < n; ++i) {
    const T x = a[i];
    const T m = (x != x || x > lo[i]) ? x : lo[i];
    o[i] = (m != m || m < hi[i]) ? m : hi[i];
  }
}

template <int OP>
ChunkFn unary_fn(bool) {
  return &unary_chunk<double, OP>;
}

ChunkFn math_unary_fn(MathOp op, bool f64) {
  switch (op) {
    case MathOp::square: return unary_fn<0>(f64);
    case MathOp::floor: return unary_fn<1>(f64);
    case MathOp::ceil: return unary_fn<2>(f64);
    case MathOp::rint: return unary_fn<3>(f64);
    case MathOp::trunc: return unary_fn<4>(f64);
    case MathOp::sign: return unary_fn<5>(f64);
    case MathOp::sin: return unary_fn<6>(f64);
    case MathOp::cos: return unary_fn<7>(f64);
    case MathOp::tan: return unary_fn<8>(f64);
    case MathOp::tanh: return unary_fn<9>(f64);
    case MathOp::exp2: return unary_fn<10>(f64);
    case MathOp::log2: return unary_fn<11>(f64);
    case MathOp::log10: return unary_fn<12>(f64);
    case MathOp::log1p: return unary_fn<13>(f64);
    case MathOp::expm1: return unary_fn<14>(f64);
    default: return nullptr;
  }
}

const char* const kUnaryNames[] = {"square", "floor", "ceil",  "rint",  "trunc",    "sign",
                                   "sin",    "cos",   "tan",   "tanh",  "exp2",     "log2",
                                   "log10",  "log1p", "expm1", "isnan", "isfinite", "logical_not"};
const char* const kBinaryNames[] = {"pow", "logical_and", "logical_or", "logical_xor"};

// Runs fn over the common shape of out and inputs[0..nin): each input converted to `work` in
// chunks; fn writes dtype `res` into a chunk that is converted to out's dtype (when it differs)
// and stored through out's stride.
Status run_chunks(const char* name, const Operand& out, const Operand* const* in, int nin,
                  DType work, ChunkFn fn, DType res) {
  detail::Buffer bufs[3];
  Operand src[3];
  for (int k = 0; k < nin; ++k) {
    src[k] = *in[k];
    // Chunks of one row are read before they are written, so an input addressed exactly like the
    // output is fine; any other overlap reads the input first.
    if (detail::overlaps(out, *in[k]) && !detail::same_addressing(out, *in[k])) {
      SV_CHECK(detail::materialize(name, *in[k], bufs[k], &src[k]));
    }
  }
  OpDesc ops[4];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  detail::Caster cast[3];
  bool direct[3] = {false, false, false};  // bool is staged: any nonzero byte must read as 1
  for (int k = 0; k < nin; ++k) {
    direct[k] = src[k].dtype == work && work != DType::bool_;
    ops[k + 1] = {static_cast<char*>(src[k].base), &src[k].layout,
                  static_cast<int64_t>(dtype_size(src[k].dtype)), detail::kZeros};
    cast[k] = detail::make_caster(work, src[k].dtype);
  }
  const int64_t eo = ops[0].esize;
  const detail::Caster back = detail::make_caster(out.dtype, res);
  const bool convert_out = res != out.dtype;
  for_each_region(nin + 1, ops, 0, [&](const Plan& p, uint32_t) {
    const int L = p.last();
    const int64_t n = p.shape[L];
    for_each_outer(p, 1, [&](char** ptr) {
      alignas(16) uint64_t w[3][detail::kCastChunk];
      alignas(16) uint64_t o[detail::kCastChunk];
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = std::min(detail::kCastChunk, n - i);
        // Contiguous operands already in the working dtype are used in place (no staging copy):
        // the chunk functions read element i of every input before writing element i.
        const void* x[3] = {w[0], w[1], w[2]};
        for (int k = 0; k < nin; ++k) {
          const char* s = ptr[k + 1] + i * p.stride[k + 1][L] * p.esize[k + 1];
          if (direct[k] && p.stride[k + 1][L] == 1) {
            x[k] = s;
          } else if (p.stride[k + 1][L] == 0 && i > 0) {
            // a broadcast scalar along the row: the chunk staged first holds it already
          } else {
            detail::cast_row(cast[k], w[k], 1, s, p.stride[k + 1][L], m);
          }
        }
        char* d = ptr[0] + i * p.stride[0][L] * eo;
        const bool in_place = !convert_out && p.stride[0][L] == 1;
        fn(in_place ? static_cast<void*>(d) : o, x[0], x[1], x[2], m);
        if (in_place) continue;
        if (convert_out) {
          detail::cast_row(back, d, p.stride[0][L], o, 1, m);
        } else {
          detail::store_strided(eo, d, p.stride[0][L], o, m);
        }
      }
    });
  });
  return ok_status();
}

Status check_common(const char* name, const Operand& out, const Operand* const* in, int nin) {
  SV_CHECK(detail::check_operand(name, "out", out));
  static const char* const kNames[] = {"a", "b", "c"};
  for (int k = 0; k < nin; ++k) {
    SV_CHECK(detail::check_operand(name, kNames[k], *in[k]));
    SV_CHECK(detail::check_same_shape(name, "out", out, kNames[k], *in[k]));
  }
  return detail::check_writable(name, "out", out);
}

bool is_float(DType t) { return t == DType::float32 || t == DType::float64; }
bool is_int(DType t) { return t != DType::bool_ && !is_float(t); }
// The working type of the integer ops: every signed dtype and the unsigned ones below 64 bits fit
// int64; uint64 runs in uint64.
DType int_work(DType t) { return t == DType::uint64 ? DType::uint64 : DType::int64; }

}  // namespace

Status math_unary(MathOp op, const Operand& out, const Operand& a) {
  const auto i = static_cast<int32_t>(op);
  if (i < 0 || i > static_cast<int32_t>(MathOp::logical_not)) {
    return make_error(Code::invalid_argument,
                      "math_unary: unknown op " + std::to_string(i) + "; expected 0..17");
  }
  const std::string nm = std::string("unary ") + kUnaryNames[i];
  const char* name = nm.c_str();
  const Operand* in[1] = {&a};
  SV_CHECK(check_common(name, out, in, 1));
  ChunkFn fn;
  DType work;
  if (op == MathOp::isnan || op == MathOp::isfinite || op == MathOp::logical_not) {
    SV_CHECK(detail::check_dtype(name, "out", out, DType::bool_));
    if (op == MathOp::logical_not) {
      work = DType::bool_;
      fn = &not_chunk;
    } else {
      const bool nan = op == MathOp::isnan;
      if (a.dtype == DType::float32) {
        work = DType::float32;
        fn = nan ? &fpred_chunk<float, true> : &fpred_chunk<float, false>;
      } else if (a.dtype == DType::float64) {
        work = DType::float64;
        fn = nan ? &fpred_chunk<double, true> : &fpred_chunk<double, false>;
      } else {
        work = DType::float64;
        fn = nan ? &pred_chunk<static_cast<int>(MathOp::isnan)>
                 : &pred_chunk<static_cast<int>(MathOp::isfinite)>;
      }
    }
  } else if (op == MathOp::sign && is_int(a.dtype)) {
    SV_CHECK(detail::check_dtype(name, "out", out, a.dtype));
    const DType w = int_work(a.dtype);
    fn = w == DType::uint64 ? &isign_chunk<uint64_t> : &isign_chunk<int64_t>;
    return run_chunks(name, out, in, 1, w, fn, w);
  } else {
    if (!is_float(a.dtype)) {
      return make_error(Code::type_error, nm + ": a must be float32 or float64, got " +
                                              dtype_name(a.dtype) + "; cast to a float first");
    }
    SV_CHECK(detail::check_dtype(name, "out", out, a.dtype));
    // float32 runs in float64 and rounds once: the float64 libm only (size), and at least as
    // accurate as the float32 one (square, floor, ceil, rint, trunc, sign: the same bits).
    if (op == MathOp::floor || op == MathOp::ceil || op == MathOp::rint || op == MathOp::trunc) {
      const bool f32 = a.dtype == DType::float32;
      return run_chunks(name, out, in, 1, a.dtype, f32 ? round_fn<float>(op) : round_fn<double>(op),
                        a.dtype);
    }
    work = DType::float64;
    fn = math_unary_fn(op, true);
    return run_chunks(name, out, in, 1, work, fn, DType::float64);
  }
  return run_chunks(name, out, in, 1, work, fn, DType::bool_);
}

Status math_binary(MathBinaryOp op, const Operand& out, const Operand& a, const Operand& b) {
  const auto i = static_cast<int32_t>(op);
  if (i < 0 || i > static_cast<int32_t>(MathBinaryOp::logical_xor)) {
    return make_error(Code::invalid_argument,
                      "math_binary: unknown op " + std::to_string(i) + "; expected 0..3");
  }
  const std::string nm = std::string("binary ") + kBinaryNames[i];
  const char* name = nm.c_str();
  const Operand* in[2] = {&a, &b};
  SV_CHECK(check_common(name, out, in, 2));
  if (op == MathBinaryOp::pow && is_int(a.dtype) && b.dtype == a.dtype) {
    SV_CHECK(detail::check_dtype(name, "out", out, a.dtype));
    const DType w = int_work(a.dtype);
    return run_chunks(name, out, in, 2, w,
                      w == DType::uint64 ? &ipow_chunk<uint64_t> : &ipow_chunk<int64_t>, w);
  }
  if (op == MathBinaryOp::pow) {
    if (!is_float(a.dtype) || b.dtype != a.dtype) {
      return make_error(Code::type_error, nm + ": a and b must share float32 or float64, got " +
                                              dtype_name(a.dtype) + " and " + dtype_name(b.dtype) +
                                              "; cast first");
    }
    SV_CHECK(detail::check_dtype(name, "out", out, a.dtype));
    return run_chunks(name, out, in, 2, DType::float64, &pow_chunk<double>, DType::float64);
  }
  SV_CHECK(detail::check_dtype(name, "out", out, DType::bool_));
  const ChunkFn fn = op == MathBinaryOp::logical_and  ? &logical_chunk<1>
                     : op == MathBinaryOp::logical_or ? &logical_chunk<2>
                                                      : &logical_chunk<3>;
  return run_chunks(name, out, in, 2, DType::bool_, fn, DType::bool_);
}

Status clip(const Operand& out, const Operand& a, const Operand& lo, const Operand& hi) {
  const char* name = "clip";
  const Operand* in[3] = {&a, &lo, &hi};
  SV_CHECK(check_common(name, out, in, 3));
  if (!is_float(a.dtype) && lo.dtype == a.dtype && hi.dtype == a.dtype && out.dtype == a.dtype) {
    const DType w = int_work(a.dtype);
    return run_chunks(name, out, in, 3, w,
                      w == DType::uint64 ? &clip_chunk<uint64_t> : &clip_chunk<int64_t>, w);
  }
  if (!is_float(a.dtype) || lo.dtype != a.dtype || hi.dtype != a.dtype || out.dtype != a.dtype) {
    return make_error(Code::type_error, std::string("clip: out, a, lo and hi must share float32 or "
                                                    "float64, got ") +
                                            dtype_name(out.dtype) + ", " + dtype_name(a.dtype) +
                                            ", " + dtype_name(lo.dtype) + ", " +
                                            dtype_name(hi.dtype) +
                                            "; cast first (integer clip: maximum then minimum)");
  }
  if (a.dtype == DType::float32) {
    return run_chunks(name, out, in, 3, DType::float32, &clip_chunk<float>, DType::float32);
  }
  return run_chunks(name, out, in, 3, DType::float64, &clip_chunk<double>, DType::float64);
}

}  // namespace sv::kernels
