// complex_run (complex.hpp): complex64 / complex128 kernels. Linear ops run on the parts (a complex
// operand read as its float pairs, detail::pair_layout) through the float kernels; the rest are
// loops over (re, im) elements here, mul / div / square / abs with complex_simd.hpp's SIMD128
// loops on contiguous rows.
#include "kernels/complex.hpp"

#include <cmath>
#include <complex>
#include <cstdlib>
#include <string>

#include "kernels/complex_exp.hpp"
#include "kernels/complex_simd.hpp"
#include "kernels/dtype.hpp"
#include "kernels/internal.hpp"
#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"
#include "kernels/plan.hpp"

namespace sv::kernels {
namespace {

using std::complex;

[[gnu::cold, gnu::noinline]] Status unsupported(const char* op, DType t) {
  return make_error(Code::type_error, std::string(op) + ": not supported for " + dtype_name(t));
}

// Operand `o` read as its parts (float32 / float64 with a trailing dim of 2); `part` 0 or 1 selects
// the real or imaginary part alone (that dim dropped), -1 keeps both.
Operand parts(const Operand& o, int part = -1) {
  Operand p = o;
  p.layout = detail::pair_layout(o.layout);
  p.dtype = complex_part(o.dtype);
  if (part >= 0) {
    const int n = p.layout.ndim() - 1;
    p.layout.shape.resize(static_cast<size_t>(n));
    p.layout.strides.resize(static_cast<size_t>(n));
    if (p.layout.has_mask()) p.layout.mask.resize(static_cast<size_t>(n));
    p.layout.offset += part;
    p.layout.contiguous = false;
  }
  return p;
}

// A bool operand broadcast over the parts' trailing dim (stride 0): where's condition.
Operand cond_pairs(const Operand& c) {
  Operand p = c;
  p.layout.shape.push_back(2);
  p.layout.strides.push_back(0);
  if (p.layout.has_mask()) p.layout.mask.push_back(FlatRange{0, 2});
  p.layout.contiguous = false;
  return p;
}

template <class C>
using part_t = decltype(C::re);

template <class C>
inline complex<double> wide(const C& z) {
  return {static_cast<double>(z.re), static_cast<double>(z.im)};
}
template <class C>
inline C narrow(const complex<double>& z) {
  return C{static_cast<part_t<C>>(z.real()), static_cast<part_t<C>>(z.imag())};
}

// NumPy's complex division (Smith's algorithm: the larger part of the divisor scales the other, so
// no intermediate overflows where the quotient does not), in the part type.
template <class C>
inline C divide(const C& a, const C& b) {
  using P = part_t<C>;
  const P br = std::fabs(b.re), bi = std::fabs(b.im);
  if (br >= bi) {
    if (br == 0 && bi == 0) return C{a.re / br, a.im / bi};  // inf or nan parts, as NumPy
    const P rat = b.im / b.re, scl = P(1) / (b.re + b.im * rat);
    return C{(a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl};
  }
  const P rat = b.re / b.im, scl = P(1) / (b.im + b.re * rat);
  return C{(a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl};
}

template <class C>
inline C multiply(const C& a, const C& b) {
  return C{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// |z| in the part type. complex128: the C library's hypot. complex64: the squares in double (exact)
// and one sqrt rounded to float, as glibc's hypotf (NumPy's on Linux); never overflows or
// underflows, +inf when a part is infinite. The SIMD loop computes the same (complex_simd.hpp).
inline double abs_part(const c128& z) { return std::hypot(z.re, z.im); }
inline float abs_part(const c64& z) {
  if (std::isinf(z.re) || std::isinf(z.im)) return INFINITY;
  const double x = z.re, y = z.im;
  return static_cast<float>(std::sqrt(x * x + y * y));
}

// The principal square root as C99's csqrt (Kahan's algorithm): exact where the result is (sqrt of
// -4 is 2j, not the polar form's 1.2e-16+2j), no overflow for large parts, the branch cut on the
// negative real axis with the sign of a zero imaginary part kept.
inline complex<double> sqrtc(const complex<double>& z) {
  const double x = z.real(), y = z.imag();
  if (x == 0 && y == 0) return {0.0, y};
  if (std::isinf(y)) return {INFINITY, y};
  if (std::isnan(x)) return {x, std::isnan(y) ? y : x};
  if (std::isinf(x)) {
    if (x > 0) return {x, std::isnan(y) ? y : std::copysign(0.0, y)};
    return {std::isnan(y) ? std::fabs(y - y) : 0.0, std::copysign(INFINITY, y)};
  }
  if (std::isnan(y)) return {y, y};
  // scaled so that |x| + hypot(x, y) neither overflows nor loses its low bits to underflow
  const double ax = std::fabs(x), ay = std::fabs(y);
  double scale = 1.0, sx = ax, sy = ay;
  if (ax > 0x1p1020 || ay > 0x1p1020) {
    sx = ax * 0x1p-4;
    sy = ay * 0x1p-4;
    scale = 0x1p2;
  } else if (ax < 0x1p-1000 && ay < 0x1p-1000) {
    sx = ax * 0x1p100;
    sy = ay * 0x1p100;
    scale = 0x1p-50;
  }
  const double t = std::sqrt((sx + std::hypot(sx, sy)) * 0.5);
  const double r = t * scale, q = sy / (2 * t) * scale;
  return x >= 0 ? complex<double>{r, std::copysign(q, y)} : complex<double>{q, std::copysign(r, y)};
}

// expm1 and log1p as NumPy's nc_expm1 / nc_log1p.
inline complex<double> expm1c(const complex<double>& z) {
  const double x = z.real(), y = z.imag(), a = std::sin(y / 2);
  return {std::expm1(x) * std::cos(y) - 2 * a * a, std::exp(x) * std::sin(y)};
}
inline complex<double> log1pc(const complex<double>& z) {
  const double x = z.real(), y = z.imag();
  return {std::log(std::hypot(x + 1, y)), std::atan2(y, x + 1)};
}

// asinh through the symmetry asinh(z) = -conj(asinh(-conj(z))) for a negative real part: the
// library's log(z + sqrt(z^2 + 1)) cancels there (tens of ulps off, where glibc's casinh, NumPy's,
// is within a few).
inline complex<double> asinhc(const complex<double>& z) {
  if (!(z.real() < 0)) return std::asinh(z);
  const complex<double> w = std::asinh(complex<double>{-z.real(), z.imag()});
  return {-w.real(), w.imag()};
}
// asin(z) = -i asinh(i z), through asinhc.
inline complex<double> asinc(const complex<double>& z) {
  const complex<double> w = asinhc(complex<double>{-z.imag(), z.real()});
  return {w.imag(), -w.real()};
}

// NumPy's npy_cpow: a ** 0 is 1; 0 ** b is 0 for a positive real b, else nan+nanj; an integer
// exponent below 100 in magnitude by repeated products (exact where the result is: (1+2j) ** 3 is
// -11-2j), a negative one as 1 / the product (Smith's division); the rest exp(b log a).
inline complex<double> powc(const complex<double>& a, const complex<double>& b) {
  const double ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  if (br == 0 && bi == 0) return {1.0, 0.0};
  if (ar == 0 && ai == 0) {
    if (br > 0 && bi == 0) return {0.0, 0.0};
    return {NAN, NAN};
  }
  if (bi == 0 && br > -100 && br < 100 && br == std::trunc(br)) {
    const c128 p0{ar, ai};
    long n = static_cast<long>(br);
    c128 r;
    if (n == 1) {
      r = p0;
    } else if (n == 2) {
      r = multiply(p0, p0);
    } else if (n == 3) {
      r = multiply(p0, multiply(p0, p0));
    } else {
      if (n < 0) n = -n;
      c128 acc{1, 0}, p = p0;
      for (long mask = 1;; mask <<= 1) {
        if (n & mask) acc = multiply(acc, p);
        if (n < (mask << 1)) break;
        p = multiply(p, p);
      }
      r = br < 0 ? divide(c128{1, 0}, acc) : acc;
    }
    return {r.re, r.im};
  }
  return std::pow(a, b);
}

// The value of a unary complex -> complex op (computed in double).
complex<double> unary_value(int64_t kind, int64_t code, const complex<double>& z) {
  constexpr double kLn2 = 0.693147180559945309417232121458176568;
  constexpr double kLn10 = 2.302585092994045684017991454684364208;
  if (kind == wire::kUnary) {
    switch (static_cast<UnaryOp>(code)) {
      case UnaryOp::sqrt: return sqrtc(z);
      case UnaryOp::exp: return std::exp(z);
      default: return std::log(z);
    }
  }
  switch (static_cast<MathOp>(code)) {
    case MathOp::sin: return std::sin(z);
    case MathOp::cos: return std::cos(z);
    case MathOp::tan: return std::tan(z);
    case MathOp::sinh: return std::sinh(z);
    case MathOp::cosh: return std::cosh(z);
    case MathOp::tanh: return std::tanh(z);
    case MathOp::arcsin: return asinc(z);
    case MathOp::arccos: return std::acos(z);
    case MathOp::arctan: return std::atan(z);
    case MathOp::arcsinh: return asinhc(z);
    case MathOp::arccosh: return std::acosh(z);
    case MathOp::arctanh: return std::atanh(z);
    case MathOp::exp2: return std::exp(z * kLn2);
    case MathOp::log2: return std::log(z) / kLn2;
    case MathOp::log10: return std::log(z) / kLn10;
    case MathOp::log1p: return log1pc(z);
    default: return expm1c(z);
  }
}

// The kinds of loop a complex op runs.
enum class Loop { parts_binary, parts_unary, mul, div, eq, ne, func, square, sign, abs, isnan,
                  isfinite, logical_not, pow, none };

Loop loop_of(int64_t kind, int64_t code) {
  if (kind == wire::kBinary) {
    switch (static_cast<BinaryOp>(code)) {
      case BinaryOp::add:
      case BinaryOp::sub: return Loop::parts_binary;
      case BinaryOp::mul: return Loop::mul;
      case BinaryOp::div: return Loop::div;
      case BinaryOp::eq: return Loop::eq;
      case BinaryOp::ne: return Loop::ne;
      default: return Loop::none;
    }
  }
  if (kind == wire::kUnary) {
    switch (static_cast<UnaryOp>(code)) {
      case UnaryOp::neg: return Loop::parts_unary;
      case UnaryOp::abs: return Loop::abs;
      case UnaryOp::sqrt:
      case UnaryOp::exp:
      case UnaryOp::log: return Loop::func;
      default: return Loop::none;
    }
  }
  if (kind == wire::kMathBinary) {
    return static_cast<MathBinaryOp>(code) == MathBinaryOp::pow ? Loop::pow : Loop::none;
  }
  if (kind != wire::kMathUnary) return Loop::none;
  switch (static_cast<MathOp>(code)) {
    case MathOp::square: return Loop::square;
    case MathOp::sign: return Loop::sign;
    case MathOp::isnan: return Loop::isnan;
    case MathOp::isfinite: return Loop::isfinite;
    case MathOp::logical_not: return Loop::logical_not;
    case MathOp::sin:
    case MathOp::cos:
    case MathOp::tan:
    case MathOp::sinh:
    case MathOp::cosh:
    case MathOp::tanh:
    case MathOp::arcsin:
    case MathOp::arccos:
    case MathOp::arctan:
    case MathOp::arcsinh:
    case MathOp::arccosh:
    case MathOp::arctanh:
    case MathOp::exp2:
    case MathOp::log2:
    case MathOp::log10:
    case MathOp::log1p:
    case MathOp::expm1: return Loop::func;
    default: return Loop::none;
  }
}

inline int sgn(double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

// One element of an elementwise loop: o = f(a[, b]); O is the output element type.
template <class C>
void element(Loop l, int64_t kind, int64_t code, void* o, const C* a, const C* b) {
  switch (l) {
    case Loop::mul: *static_cast<C*>(o) = multiply(*a, *b); return;
    case Loop::div: *static_cast<C*>(o) = divide(*a, *b); return;
    case Loop::eq: static_cast<b8*>(o)->v = a->re == b->re && a->im == b->im; return;
    case Loop::ne: static_cast<b8*>(o)->v = !(a->re == b->re && a->im == b->im); return;
    case Loop::square: *static_cast<C*>(o) = multiply(*a, *a); return;
    case Loop::abs: *static_cast<part_t<C>*>(o) = abs_part(*a); return;
    case Loop::isnan: static_cast<b8*>(o)->v = std::isnan(a->re) || std::isnan(a->im); return;
    case Loop::isfinite:
      static_cast<b8*>(o)->v = std::isfinite(a->re) && std::isfinite(a->im);
      return;
    case Loop::logical_not: static_cast<b8*>(o)->v = a->re == 0 && a->im == 0; return;
    case Loop::sign: {
      // NumPy 1.x: the sign of the real part, or of the imaginary part when the real part is 0;
      // NaN in either part gives NaN.
      using P = part_t<C>;
      if (std::isnan(a->re) || std::isnan(a->im)) {
        *static_cast<C*>(o) = C{P(NAN), P(0)};
      } else {
        *static_cast<C*>(o) = C{P(a->re != 0 ? sgn(a->re) : sgn(a->im)), P(0)};
      }
      return;
    }
    case Loop::pow: *static_cast<C*>(o) = narrow<C>(powc(wide(*a), wide(*b))); return;
    default: *static_cast<C*>(o) = narrow<C>(unary_value(kind, code, wide(*a))); return;
  }
}

template <class C>
Status elementwise(Loop l, int64_t kind, int64_t code, const Operand& out, const Operand* const* in,
                   int nin) {
  OpDesc ops[3];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  detail::Buffer buf[2];
  Operand copy[2];
  for (int i = 0; i < nin; ++i) {
    const Operand* op = in[i];
    if (detail::overlaps(out, *op) && !detail::same_addressing(out, *op)) {
      SV_CHECK(detail::materialize("complex", *op, buf[i], &copy[i]));
      op = &copy[i];
    }
    ops[i + 1] = {static_cast<char*>(op->base), &op->layout, static_cast<int64_t>(sizeof(C)),
                  detail::kZeros};
  }
  const int nops = nin + 1;
  [[maybe_unused]] const bool simd = detail::use_simd();
  const bool exp = l == Loop::func && kind == wire::kUnary && static_cast<UnaryOp>(code) == UnaryOp::exp;
  for_each_region(nops, ops, 0, [&](const Plan& p, uint32_t) {
    const int L = p.last();
    const int64_t n = p.shape[L], os = p.stride[0][L] * p.esize[0], as = p.stride[1][L];
    const int64_t bs = nin > 1 ? p.stride[2][L] : 0;
    for_each_outer(p, 1, [&](char** ptr) {
      char* o = ptr[0];
      const C* a = reinterpret_cast<const C*>(ptr[1]);
      const C* b = nin > 1 ? reinterpret_cast<const C*>(ptr[2]) : a;
      int64_t i = 0;
      if (exp) return cexp_rows::exp_row(reinterpret_cast<C*>(o), os / int64_t(sizeof(C)), a, as, n);
#ifdef __wasm_simd128__
      if (simd) i = csimd::row_prefix(l, o, os, a, as, b, bs, n);
#endif
      for (; i < n; ++i) element<C>(l, kind, code, o + i * os, a + i * as, b + i * bs);
    });
  });
  return ok_status();
}

// prod / any / all over the dims in `axes`: out (the keepdims form) seeded with the identity, then
// every input element folded into its output element in C order (a sequential product, as NumPy's).
template <class C>
Status fold(ReduceMoreOp op, const Operand& out, const Operand& in, uint64_t axes) {
  using P = part_t<C>;
  const int n = in.layout.ndim();
  const bool prod = op == ReduceMoreOp::prod;
  Operand o = out;  // out spread over in's shape: stride 0 along the reduced dims
  o.layout.shape = in.layout.shape;
  for (int d = 0; d < n; ++d) {
    if ((axes >> d) & 1u) o.layout.strides[d] = 0;
  }
  o.layout.contiguous = false;
  // Seed: 1 for prod, false for any, true for all (out's own layout: each element once).
  {
    OpDesc seed[1] = {{static_cast<char*>(out.base), &out.layout,
                       static_cast<int64_t>(dtype_size(out.dtype)), nullptr}};
    for_each_region_serial(1, seed, 0, [&](const Plan& p, uint32_t) {
      const int L = p.last();
      const int64_t m = p.shape[L], s = p.stride[0][L];
      for_each_outer(p, 1, [&](char** ptr) {
        for (int64_t i = 0; i < m; ++i) {
          if (prod) {
            reinterpret_cast<C*>(ptr[0])[i * s] = C{P(1), P(0)};
          } else {
            reinterpret_cast<b8*>(ptr[0])[i * s].v = op == ReduceMoreOp::all;
          }
        }
      });
    });
  }
  if (detail::numel_of(in.layout.shape) == 0) return ok_status();
  detail::Buffer buf;
  Operand copy;
  const Operand* src = &in;
  if (detail::overlaps(out, in)) {
    SV_CHECK(detail::materialize("prod", in, buf, &copy));
    src = &copy;
  }
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(o.base), &o.layout, static_cast<int64_t>(dtype_size(o.dtype)), nullptr};
  ops[1] = {static_cast<char*>(src->base), &src->layout, static_cast<int64_t>(sizeof(C)),
            detail::kZeros};
  for_each_region_serial(2, ops, 0, [&](const Plan& p, uint32_t) {
    const int L = p.last();
    const int64_t m = p.shape[L], os = p.stride[0][L], is = p.stride[1][L];
    for_each_outer(p, 1, [&](char** ptr) {
      const C* x = reinterpret_cast<const C*>(ptr[1]);
      if (prod) {
        C* r = reinterpret_cast<C*>(ptr[0]);
        for (int64_t i = 0; i < m; ++i) r[i * os] = multiply(r[i * os], x[i * is]);
      } else {
        b8* r = reinterpret_cast<b8*>(ptr[0]);
        for (int64_t i = 0; i < m; ++i) {
          const bool t = x[i * is].re != 0 || x[i * is].im != 0;
          r[i * os].v = op == ReduceMoreOp::all ? (r[i * os].v && t) : (r[i * os].v || t);
        }
      }
    });
  });
  return ok_status();
}

// `o` at index i along `axis` (that dim of size 1); false when i is masked out along it.
bool slab_at(const Operand& o, int axis, int64_t i, Operand* s) {
  *s = o;
  s->layout.shape[axis] = 1;
  s->layout.offset += i * o.layout.strides[axis];
  s->layout.contiguous = false;
  if (!o.layout.has_mask()) return true;
  FlatRange& m = s->layout.mask[axis];
  const bool valid = i >= m.first && i < m.second;
  m = FlatRange{0, 1};
  return valid;
}

// cumprod along `axis`, NumPy's multiply.accumulate: out[0] = in[0], out[i] = out[i-1] * in[i]
// (multiply(), sequential). Along the innermost axis (or small slabs): one line at a time; else
// one elementwise product per step over the whole slab across the axis, so the reads are
// contiguous and the SIMD loop runs (the same products: bit-identical).
template <class C>
Status cumprod(const Operand& out, const Operand& in, int axis) {
  const int r = in.layout.ndim();
  if (r == 0) {
    // composed as scan.cpp's message, whose pieces the linker already holds (the data segment is
    // the core's)
    const char* name = "cumprod";
    return make_error(Code::rank_mismatch, std::string(name) +
                                               ": in has rank 0; reshape it to [1] (NumPy "
                                               "flattens when no axis is given)");
  }
  SV_CHECK(detail::normalize_axis("cumprod", r, &axis));
  detail::Buffer buf;
  Operand src = in;
  if (detail::overlaps(out, in) && !detail::same_addressing(out, in)) {
    SV_CHECK(detail::materialize("cumprod", in, buf, &src));
  }
  const Layout& l = out.layout;
  const int64_t n = l.shape[axis], sa = std::abs(l.strides[axis]);
  int64_t across = 1;
  bool inner = true;  // the axis has the smallest stride among the dims of size > 1
  for (int d = 0; d < r; ++d) {
    if (d == axis) continue;
    across *= l.shape[d];
    if (l.shape[d] > 1 && std::abs(l.strides[d]) < sa) inner = false;
  }
  if (!inner && across >= 1024) {
    alignas(16) static const C zero{};
    const int64_t mul = static_cast<int64_t>(BinaryOp::mul);
    for (int64_t i = 0; i < n; ++i) {
      Operand o, x, prev;
      slab_at(out, axis, i, &o);
      if (!slab_at(src, axis, i, &x)) {  // masked out: reads as 0
        x.base = const_cast<C*>(&zero);
        x.layout.strides.assign(x.layout.shape.size(), 0);
        x.layout.offset = 0;
        x.layout.mask.clear();
      }
      if (i == 0) {
        SV_CHECK(copy(o, x, 0.0));
      } else {
        slab_at(out, axis, i - 1, &prev);
        const Operand* ops[2] = {&prev, &x};
        SV_CHECK(elementwise<C>(Loop::mul, wire::kBinary, mul, o, ops, 2));
      }
    }
    return ok_status();
  }
  detail::AxisLines li, lo;
  li.init(src, axis);
  lo.init(out, axis);
  // serially: a task function for the thread pool would add a placeholder to the core's table
  li.for_each_line([&](const int64_t* idx) {
    int64_t ioff, ilo, ihi, ooff, olo, ohi;
    li.line(idx, &ioff, &ilo, &ihi);
    lo.line(idx, &ooff, &olo, &ohi);
    C acc{};
    for (int64_t i = 0; i < n; ++i) {
      const C x = i >= ilo && i < ihi ? *reinterpret_cast<const C*>(li.at(ioff, i)) : C{};
      acc = i == 0 ? x : multiply(acc, x);
      *reinterpret_cast<C*>(lo.at(ooff, i)) = acc;
    }
  });
  return ok_status();
}

// out = a @ b from four real products of the parts: re = ar br - ai bi, im = ar bi + ai br.
Status complex_matmul(const Operand& out, const Operand& a, const Operand& b) {
  const DType pt = complex_part(out.dtype);
  detail::Buffer obuf, tbuf;
  Operand dst = out;  // written directly unless it overlaps an input
  if (detail::overlaps(out, a) || detail::overlaps(out, b)) {
    dst.layout = detail::contiguous_layout(out.layout.shape);
    dst.layout.contiguous = true;
    SV_CHECK(obuf.allocate("matmul", detail::numel_of(out.layout.shape) *
                                         static_cast<int64_t>(dtype_size(out.dtype))));
    dst.base = obuf.data();
  }
  Operand t;
  t.dtype = pt;
  t.layout = detail::contiguous_layout(out.layout.shape);
  t.layout.contiguous = true;
  SV_CHECK(tbuf.allocate("matmul", detail::numel_of(out.layout.shape) *
                                       static_cast<int64_t>(dtype_size(pt))));
  t.base = tbuf.data();
  const Operand ar = parts(a, 0), ai = parts(a, 1), br = parts(b, 0), bi = parts(b, 1);
  const Operand re = parts(dst, 0), im = parts(dst, 1);
  SV_CHECK(matmul(re, ar, br));
  SV_CHECK(matmul(t, ai, bi));
  SV_CHECK(binary(BinaryOp::sub, re, re, t));
  SV_CHECK(matmul(im, ar, bi));
  SV_CHECK(matmul(t, ai, br));
  SV_CHECK(binary(BinaryOp::add, im, im, t));
  if (dst.base != out.base) SV_CHECK(copy(out, dst, 0.0));
  return ok_status();
}

template <class C>
Status run_typed(int64_t kind, int64_t code, const Operand& out, const Operand* const* in, int nin,
                 uint64_t axes, int axis, const char* name) {
  const Operand& a = *in[0];
  switch (kind) {
    case wire::kWhere: {
      const Operand c = cond_pairs(*in[0]);
      return where(parts(out), c, parts(*in[1]), parts(*in[2]));
    }
    case wire::kReduce: {
      const auto op = static_cast<ReduceOp>(code);
      if (op != ReduceOp::sum && op != ReduceOp::mean) return unsupported(name, a.dtype);
      return reduce(op, parts(out), parts(a), axes);
    }
    case wire::kReduceMore:
      return fold<C>(static_cast<ReduceMoreOp>(code), out, a, axes);
    case wire::kScan:
      if (static_cast<ScanOp>(code) == ScanOp::cumprod) return cumprod<C>(out, a, axis);
      if (static_cast<ScanOp>(code) != ScanOp::cumsum) return unsupported(name, a.dtype);
      return scan(ScanOp::cumsum, parts(out), parts(a), axis);
    case wire::kMatmul: return complex_matmul(out, a, *in[1]);
    default: break;
  }
  const Loop l = loop_of(kind, code);
  if (l == Loop::none) return unsupported(name, a.dtype);
  if (l == Loop::parts_binary) return binary(static_cast<BinaryOp>(code), parts(out), parts(a), parts(*in[1]));
  if (l == Loop::parts_unary) return unary(UnaryOp::neg, parts(out), parts(a));
  return elementwise<C>(l, kind, code, out, in, nin);
}

}  // namespace

Status complex_run(const char* name, int64_t kind, int64_t code, const Operand& out,
                   const Operand* const* in, int nin, uint64_t axes, int axis) {
  // The complex dtype of the call: its inputs' (where: a's), which every complex input shares.
  const int first = kind == wire::kWhere ? 1 : 0;
  const DType t = in[first]->dtype;
  if (!is_complex_dtype(t)) return unsupported(name, out.dtype);
  for (int i = first; i < nin; ++i) {
    if (in[i]->dtype != t) {
      return make_error(Code::type_error, std::string(name) + ": operands are " + dtype_name(t) +
                                              " and " + dtype_name(in[i]->dtype) +
                                              "; cast them to one complex dtype first");
    }
  }
  if (kind == wire::kWhere && in[0]->dtype != DType::bool_) {
    return make_error(Code::type_error, "where: the condition must be bool");
  }
  // The output's dtype, as each op gives it (after the ops the kernels lack are refused).
  const Loop l = loop_of(kind, code);
  const bool other = kind == wire::kWhere || kind == wire::kReduce || kind == wire::kReduceMore ||
                     kind == wire::kScan || kind == wire::kMatmul;
  if (l == Loop::none && !other) return unsupported(name, t);
  const bool to_bool = l == Loop::eq || l == Loop::ne || l == Loop::isnan || l == Loop::isfinite ||
                       l == Loop::logical_not ||
                       (kind == wire::kReduceMore && static_cast<ReduceMoreOp>(code) != ReduceMoreOp::prod);
  const DType want = to_bool ? DType::bool_ : l == Loop::abs ? complex_part(t) : t;
  if (out.dtype != want) {
    return make_error(Code::type_error, std::string(name) + ": the output of " + dtype_name(t) +
                                            " operands must be " + dtype_name(want) + ", got " +
                                            dtype_name(out.dtype));
  }
  if (detail::numel_of(out.layout.shape) == 0 && kind != wire::kReduceMore) return ok_status();
  return t == DType::complex64 ? run_typed<c64>(kind, code, out, in, nin, axes, axis, name)
                               : run_typed<c128>(kind, code, out, in, nin, axes, axis, name);
}

}  // namespace sv::kernels
