// DType helpers, argument checks and the overlap rules shared by copy / elementwise / reduce.
#include "kernels/kernels.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "kernels/internal.hpp"

namespace sv::kernels {

namespace {
// Indexed by DType's value (the enum is dense, 0 .. kNumDTypes-1).
struct DTypeInfo {
  size_t size;
  const char* name;
};
constexpr DTypeInfo kDTypes[] = {
    {4, "float32"}, {8, "float64"}, {1, "int8"},  {1, "uint8"},  {2, "int16"}, {2, "uint16"},
    {4, "int32"},   {4, "uint32"},  {8, "int64"}, {8, "uint64"}, {1, "bool"},
    {2, "float16"}, {8, "complex64"}, {16, "complex128"},
};
static_assert(sizeof(kDTypes) / sizeof(kDTypes[0]) == kNumDTypes);
static_assert(static_cast<int>(DType::complex128) == kNumDTypes - 1);
}  // namespace

size_t dtype_size(DType t) {
  const auto i = static_cast<int32_t>(t);
  return i >= 0 && i < kNumDTypes ? kDTypes[i].size : 0;
}

const char* dtype_name(DType t) {
  const auto i = static_cast<int32_t>(t);
  return i >= 0 && i < kNumDTypes ? kDTypes[i].name : "invalid";
}

bool is_valid_dtype(int32_t t) { return t >= 0 && t < kNumDTypes; }

namespace {
#ifdef __wasm_simd128__
constexpr bool kSimdBuilt = true;
#else
constexpr bool kSimdBuilt = false;
#endif
std::atomic<bool> g_simd{kSimdBuilt};
}  // namespace

bool simd_available() { return kSimdBuilt; }
bool simd_enabled() { return g_simd.load(std::memory_order_relaxed); }
void set_simd_enabled(bool on) { g_simd.store(on && kSimdBuilt, std::memory_order_relaxed); }

namespace detail {

const char* c_contiguous_run(const Operand& in, int64_t* n) {
  const Layout& l = in.layout;
  if (l.has_mask()) return nullptr;
  int64_t k = 1;
  for (int d = static_cast<int>(l.shape.size()) - 1; d >= 0; --d) {
    if (l.shape[d] != 1 && l.strides[d] != k) return nullptr;
    k *= l.shape[d];
  }
  *n = k;
  return static_cast<const char*>(in.base) + l.offset * static_cast<int64_t>(dtype_size(in.dtype));
}

namespace {
std::string S(int64_t v) { return std::to_string(v); }
std::string pfx(const char* op) { return std::string(op) + ": "; }
}  // namespace

bool use_simd() { return simd_enabled(); }

int64_t numel_of(std::span<const int64_t> shape) {
  for (int64_t d : shape) {
    if (d == 0) return 0;  // before multiplying: [2^40, 2^40, 0] must not overflow
  }
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

Layout pair_layout(const Layout& l) {
  Layout p;
  const int n = l.ndim();
  p.shape = l.shape;
  p.shape.push_back(2);
  p.strides.resize(static_cast<size_t>(n + 1));
  for (int d = 0; d < n; ++d) p.strides[d] = l.strides[d] * 2;
  p.strides[n] = 1;
  p.offset = l.offset * 2;
  if (l.has_mask()) {
    p.mask = l.mask;
    p.mask.push_back(FlatRange{0, 2});
  }
  p.contiguous = l.contiguous;
  return p;
}

Layout contiguous_layout(std::span<const int64_t> shape) {
  Layout l;
  l.shape = shape;
  l.strides.assign(shape.size(), 0);
  int64_t s = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    l.strides[i] = s;
    s *= std::max<int64_t>(shape[i], 1);
  }
  return l;
}

Status check_operand(const char* op, const char* name, const Operand& o) {
  if (!is_valid_dtype(static_cast<int32_t>(o.dtype))) {
    return make_error(Code::type_error, pfx(op) + name + " has invalid dtype " +
                                            S(static_cast<int32_t>(o.dtype)) + "; expected 0.." +
                                            S(kNumDTypes - 1));
  }
  const Layout& l = o.layout;
  const size_t r = l.shape.size();
  if (r > static_cast<size_t>(kMaxRank)) {
    return make_error(Code::invalid_argument,
                      pfx(op) + name + " has rank " + S(r) + " above the maximum " + S(kMaxRank));
  }
  if (l.strides.size() != r || (l.has_mask() && l.mask.size() != r)) {
    return make_error(Code::rank_mismatch,
                      pfx(op) + name + " has shape " + dims_to_string(l.shape) + " but strides " +
                          dims_to_string(l.strides) +
                          (l.has_mask() ? " and mask " + mask_to_string(l.mask) : std::string()) +
                          "; pass one value per dim");
  }
  bool any_valid = true;
  for (size_t d = 0; d < r; ++d) {
    if (l.shape[d] < 0) {
      return make_error(Code::invalid_argument,
                        pfx(op) + name + " has negative size in shape " + dims_to_string(l.shape));
    }
    if (l.shape[d] == 0) any_valid = false;
    if (l.has_mask()) {
      const Range& m = l.mask[d];
      if (m.first < 0 || m.first > m.second || m.second > l.shape[d]) {
        return make_error(Code::out_of_range, pfx(op) + name + " has mask " +
                                                  mask_to_string(l.mask) + " outside its shape " +
                                                  dims_to_string(l.shape));
      }
      if (m.first == m.second) any_valid = false;
    }
  }
  if (o.source) {
    return make_error(Code::invalid_argument,
                      pfx(op) + name + " holds computed values (a fused chain's), which only the "
                                       "reductions sum, mean, max, min, prod, any and all read");
  }
  if (any_valid && o.base == nullptr) {
    return make_error(Code::invalid_argument,
                      pfx(op) + name + " has a null buffer but " + dims_to_string(l.shape) +
                          " elements to address; pass the buffer's pointer");
  }
  return ok_status();
}

Status check_same_shape(const char* op, const char* an, const Operand& a, const char* bn,
                        const Operand& b) {
  if (a.layout.shape != b.layout.shape) {
    return make_error(Code::shape_mismatch, pfx(op) + an + " has shape " +
                                                dims_to_string(a.layout.shape) + " but " + bn +
                                                " has shape " + dims_to_string(b.layout.shape) +
                                                "; expand() or reshape() it to " +
                                                dims_to_string(a.layout.shape) + " first");
  }
  return ok_status();
}

Status check_writable(const char* op, const char* name, const Operand& o) {
  const Layout& l = o.layout;
  // An output with zero elements is never written: whatever its strides (a zero-size View has
  // all-zero strides) or mask, nothing can be read-only-violating.
  if (numel_of(l.shape) == 0) return ok_status();
  if (l.has_mask()) {
    return make_error(Code::read_only, pfx(op) + name + " is masked (padded) with mask " +
                                           mask_to_string(l.mask) +
                                           "; write into an unmasked view instead");
  }
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if (l.strides[d] == 0 && l.shape[d] > 1) {
      return make_error(Code::read_only, pfx(op) + name + " has stride 0 on dim " + S(d) +
                                             " of size " + S(l.shape[d]) + " (shape " +
                                             dims_to_string(l.shape) + ", strides " +
                                             dims_to_string(l.strides) +
                                             "), a broadcast view; write into a contiguous "
                                             "array instead");
    }
  }
  return ok_status();
}

Status check_dtype(const char* op, const char* name, const Operand& o, DType want) {
  if (o.dtype != want) {
    return make_error(Code::type_error, pfx(op) + name + " must be " + dtype_name(want) + ", got " +
                                            dtype_name(o.dtype));
  }
  return ok_status();
}

bool overlaps(const Operand& a, const Operand& b) {
  uintptr_t alo, ahi, blo, bhi;
  if (!valid_byte_range(static_cast<const char*>(a.base), a.layout,
                        static_cast<int64_t>(dtype_size(a.dtype)), &alo, &ahi)) {
    return false;
  }
  if (!valid_byte_range(static_cast<const char*>(b.base), b.layout,
                        static_cast<int64_t>(dtype_size(b.dtype)), &blo, &bhi)) {
    return false;
  }
  return alo < bhi && blo < ahi;
}

bool same_addressing(const Operand& a, const Operand& b) {
  const size_t ea = dtype_size(a.dtype), eb = dtype_size(b.dtype);
  if (ea != eb || a.layout.shape != b.layout.shape) return false;
  if (static_cast<const char*>(a.base) + a.layout.offset * static_cast<int64_t>(ea) !=
      static_cast<const char*>(b.base) + b.layout.offset * static_cast<int64_t>(eb)) {
    return false;
  }
  for (size_t d = 0; d < a.layout.shape.size(); ++d) {
    if (a.layout.shape[d] > 1 && a.layout.strides[d] != b.layout.strides[d]) return false;
  }
  return true;
}

bool flat_plan(int nops, const OpDesc* ops, Plan* p) {
  const Layout& lo = *ops[0].layout;
  if (!lo.contiguous) return false;
  const int64_t n = lo.numel();
  const char* o0 = ops[0].base;  // contiguous: offset 0
  const char* o1 = o0 + n * ops[0].esize;
  p->nops = nops;
  p->ndim = 1;
  p->shape[0] = n;
  for (int k = 0; k < nops; ++k) {
    const Layout& l = *ops[k].layout;
    int64_t s = 1;
    if (!l.contiguous) {
      if (l.has_mask()) return false;
      for (int d = 0; d < l.ndim(); ++d) {
        if (l.strides[d] != 0) return false;
      }
      s = 0;
    }
    char* b = ops[k].base + l.offset * ops[k].esize;
    if (k > 0) {
      const char* e = b + (s ? n : 1) * ops[k].esize;
      const bool in_place = b == o0 && s == 1 && ops[k].esize == ops[0].esize;
      if (!in_place && b < o1 && o0 < e) return false;
    }
    p->ptr[k] = b;
    p->esize[k] = ops[k].esize;
    p->stride[k][0] = s;
  }
  return true;
}

Status Buffer::allocate(const char* op, int64_t bytes) {
  std::free(p_);
  p_ = nullptr;
  if (bytes < 0 || static_cast<uint64_t>(bytes) > static_cast<uint64_t>(SIZE_MAX) / 2) {
    return make_error(Code::out_of_memory,
                      pfx(op) + "a temporary of " + S(bytes) + " bytes is too large");
  }
  p_ = std::malloc(static_cast<size_t>(bytes > 0 ? bytes : 1));
  if (!p_) {
    return make_error(Code::out_of_memory,
                      pfx(op) + "could not allocate a temporary of " + S(bytes) + " bytes");
  }
  return ok_status();
}

Status materialize(const char* op, const Operand& src, Buffer& buf, Operand* out) {
  out->dtype = src.dtype;
  out->layout = contiguous_layout(src.layout.shape);
  SV_CHECK(
      buf.allocate(op, numel_of(src.layout.shape) * static_cast<int64_t>(dtype_size(src.dtype))));
  out->base = buf.data();
  return copy(*out, src, 0.0);
}

}  // namespace detail
}  // namespace sv::kernels
