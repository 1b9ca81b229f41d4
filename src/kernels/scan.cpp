// scan(): cumsum / cumprod along one axis. Each line is read in chunks converted to the output
// dtype, scanned in place in that dtype with the carry of the previous chunk, and stored. Size: one
// scan loop per (op, float32 / float64 / integer size); integers wrap the same for signed and
// unsigned, so int8 and uint8 share a loop, and so on.
#include <string>
#include <type_traits>

#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels {
namespace detail {

namespace {
template <class E>
void store_strided_e(void* d, int64_t ds, const void* s, int64_t n) {
  E* o = static_cast<E*>(d);
  const E* x = static_cast<const E*>(s);
  for (int64_t i = 0; i < n; ++i) o[i * ds] = x[i];
}
}  // namespace

void store_strided(int64_t esize, void* d, int64_t ds, const void* s, int64_t n) {
  // Loops also for ds == 1: Emscripten 3.1.6's memcpy is slower than them on 1 KiB chunks.
  switch (esize) {
    case 1: return store_strided_e<uint8_t>(d, ds, s, n);
    case 2: return store_strided_e<uint16_t>(d, ds, s, n);
    case 4: return store_strided_e<uint32_t>(d, ds, s, n);
    default: return store_strided_e<uint64_t>(d, ds, s, n);
  }
}

Status normalize_axis(const char* op, int rank, int* axis) {
  int64_t a = *axis;
  if (!normalize_index(a, rank)) {
    return make_error(Code::out_of_range, std::string(op) + ": axis " + std::to_string(*axis) +
                                              " is out of range for rank " + std::to_string(rank));
  }
  *axis = static_cast<int>(a);
  return ok_status();
}

}  // namespace detail

namespace {

// x[i] = carry op x[0] op ... op x[i]; returns the new carry. T: float, double or an unsigned
// integer (wrapping).
template <class T, bool PROD>
SV_LOOP_FN void scan_chunk(void* p, int64_t n, void* carry) {
  // Narrow unsigned operands promote to int; multiply them as uint32 so nothing overflows a
  // signed type (undefined behaviour).
  using P = std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 4), uint32_t, T>;
  T* x = static_cast<T*>(p);
  T c;
  std::memcpy(&c, carry, sizeof(T));
  for (int64_t i = 0; i < n; ++i) {
    c = PROD ? static_cast<T>(P(c) * P(x[i])) : static_cast<T>(P(c) + P(x[i]));
    x[i] = c;
  }
  std::memcpy(carry, &c, sizeof(T));
}

using ScanFn = void (*)(void* p, int64_t n, void* carry);

template <bool PROD>
ScanFn scan_fn(DType t) {
  switch (t) {
    case DType::float32: return &scan_chunk<float, PROD>;
    case DType::float64: return &scan_chunk<double, PROD>;
    default: break;
  }
  switch (dtype_size(t)) {
    case 1: return &scan_chunk<uint8_t, PROD>;
    case 2: return &scan_chunk<uint16_t, PROD>;
    case 4: return &scan_chunk<uint32_t, PROD>;
    default: return &scan_chunk<uint64_t, PROD>;
  }
}

// `o` without dim `axis`, at index i along it; false when i is masked out along axis (the slab
// reads as zeros).
bool slab(const Operand& o, int axis, int64_t i, Operand* s) {
  const Layout& l = o.layout;
  s->base = o.base;
  s->dtype = o.dtype;
  s->layout = Layout{};
  Layout& t = s->layout;
  const int r = static_cast<int>(l.shape.size());
  for (int d = 0; d < r; ++d) {
    if (d == axis) continue;
    t.shape.push_back(l.shape[d]);
    t.strides.push_back(l.strides[d]);
    if (l.has_mask()) t.mask.push_back(l.mask[d]);
  }
  t.offset = l.offset + i * l.strides[axis];
  return !l.has_mask() || (i >= l.mask[axis].first && i < l.mask[axis].second);
}

// The scan as n elementwise steps over the slabs across the axis: out[0] = in[0], then out[i] =
// out[i-1] op in[i] (converted to out's dtype first), each step a planned SIMD kernel over a whole
// slab. The same sums in the same order as the line loop (bit-identical), but contiguous reads
// when the axis is not the innermost one (a column cumsum of a C-order matrix: 10x faster).
Status scan_slabs(ScanOp op, const Operand& out, const Operand& src, int axis) {
  const int64_t n = out.layout.shape[axis];
  const BinaryOp bop = op == ScanOp::cumsum ? BinaryOp::add : BinaryOp::mul;
  alignas(16) const uint64_t zero[2] = {0, 0};
  for (int64_t i = 0; i < n; ++i) {
    Operand o, x, prev;
    slab(out, axis, i, &o);
    if (!slab(src, axis, i, &x)) {  // masked out: reads as 0
      x.base = const_cast<uint64_t*>(zero);
      x.layout.strides.assign(x.layout.shape.size(), 0);
      x.layout.offset = 0;
      x.layout.mask.clear();
    }
    SV_CHECK(copy(o, x, 0.0));
    if (i > 0) {
      slab(out, axis, i - 1, &prev);
      SV_CHECK(binary(bop, o, prev, o));
    }
  }
  return ok_status();
}

// True when the line loop reads strided: the axis does not have the smallest output stride among
// the dims of size > 1, and the slabs are large enough (1024+ elements) to amortise two kernel
// calls per step (below that, at [64,64], the line loop was 10x faster).
bool use_slabs(const Operand& out, int axis) {
  const Layout& l = out.layout;
  const int64_t sa = l.strides[axis] < 0 ? -l.strides[axis] : l.strides[axis];
  int64_t slab = 1;
  bool smaller = false;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if (static_cast<int>(d) == axis) continue;
    slab *= l.shape[d];
    const int64_t s = l.strides[d] < 0 ? -l.strides[d] : l.strides[d];
    if (l.shape[d] > 1 && s < sa) smaller = true;
  }
  return smaller && slab >= 1024;
}

}  // namespace

Status scan(ScanOp op, const Operand& out, const Operand& in, int axis) {
  const char* name = op == ScanOp::cumsum ? "cumsum" : op == ScanOp::cumprod ? "cumprod" : nullptr;
  if (!name) {
    return make_error(
        Code::invalid_argument,
        "scan: unknown op " + std::to_string(static_cast<int32_t>(op)) + "; expected 0..1");
  }
  SV_CHECK(detail::check_operand(name, "out", out));
  SV_CHECK(detail::check_operand(name, "in", in));
  SV_CHECK(detail::check_same_shape(name, "out", out, "in", in));
  const int r = static_cast<int>(in.layout.shape.size());
  if (r == 0) {
    return make_error(Code::rank_mismatch, std::string(name) +
                                               ": in has rank 0; reshape it to [1] (NumPy "
                                               "flattens when no axis is given)");
  }
  SV_CHECK(detail::normalize_axis(name, r, &axis));
  if (out.dtype == DType::bool_) {
    return make_error(Code::type_error, std::string(name) +
                                            ": out cannot be bool; accumulate into an integer or "
                                            "float dtype (NumPy's default for integers is int64)");
  }
  SV_CHECK(detail::check_writable(name, "out", out));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();
  detail::Buffer tmp;
  Operand src = in;
  if (detail::overlaps(out, in) && !detail::same_addressing(out, in)) {
    SV_CHECK(detail::materialize(name, in, tmp, &src));
  }
  if (use_slabs(out, axis)) return scan_slabs(op, out, src, axis);
  detail::AxisLines li, lo;
  li.init(src, axis);
  lo.init(out, axis);
  const detail::Caster c = detail::make_caster(out.dtype, in.dtype);
  const ScanFn fn = op == ScanOp::cumsum ? scan_fn<false>(out.dtype) : scan_fn<true>(out.dtype);
  const int64_t eo = static_cast<int64_t>(dtype_size(out.dtype));
  const int64_t n = li.n();
  // Threads: independent lines, consecutive lines per task (each line scanned as in one call).
  const int64_t tasks = parallel::line_tasks(r, src.layout.shape.data(), axis, n);
  parallel::for_each_line(r, src.layout.shape.data(), axis, tasks, [&](int64_t, const int64_t* idx) {
    alignas(16) char buf[detail::kCastChunk * 8];
    int64_t ioff, ilo, ihi, ooff, olo, ohi;
    li.line(idx, &ioff, &ilo, &ihi);
    lo.line(idx, &ooff, &olo, &ohi);
    alignas(8) unsigned char carry[8];
    // The identity in the output dtype: 0 or 1.
    alignas(8) const double one_f = 1.0;
    const uint64_t one_u = 1;
    const float one_s = 1.0f;
    std::memset(carry, 0, 8);
    if (op == ScanOp::cumsum) {
      // -0 is the identity of float addition (+0 would turn a leading -0 into +0; NumPy keeps it).
      const float nz_s = -0.0f;
      const double nz_f = -0.0;
      if (out.dtype == DType::float32) std::memcpy(carry, &nz_s, 4);
      if (out.dtype == DType::float64) std::memcpy(carry, &nz_f, 8);
    } else {
      if (out.dtype == DType::float32) {
        std::memcpy(carry, &one_s, 4);
      } else if (out.dtype == DType::float64) {
        std::memcpy(carry, &one_f, 8);
      } else {
        std::memcpy(carry, &one_u, static_cast<size_t>(eo));  // little-endian: low bytes
      }
    }
    for (int64_t i = 0; i < n; i += detail::kCastChunk) {
      const int64_t m = std::min(detail::kCastChunk, n - i);
      li.read(ioff, ilo, ihi, i, m, c, buf);
      fn(buf, m, carry);
      detail::store_strided(eo, lo.at(ooff, i), lo.step(), buf, m);
    }
  });
  return ok_status();
}

}  // namespace sv::kernels
