#include "array/fused_call.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/storage.hpp"
#include "view/layout.hpp"
#include "shape/shape.hpp"

namespace sv::array {
namespace {

std::span<const int64_t> dims(const Layout& v) {
  return std::span<const int64_t>(v.shape.data(), v.shape.size());
}

// The reduction of the program's values (of shape `shape`): run_call's reduction, its input an
// operand whose values FusedValues computes as the kernel reads them.
Status reduce_values(FusedCall& c, std::span<const int64_t> shape, const kernels::Operand* const* in, int64_t count,
                     KernelResult& out_res) {
  const char* name = "fuse";
  if (c.rkind != kReduce && c.rkind != kReduceMore) return format_error(Code::invalid_argument, name, "malformed request (reduction)");
  // the values' addresses are their flat indices (kernels::ValueSource)
  if (count > (int64_t{1} << 31) - 1) {
    return format_error(Code::invalid_argument, name,
                        "a fused chain of # elements cannot end in a reduction (at most 2^31 - 1); reduce parts of it",
                        {count});
  }
  kernels::FusedValues vals;
  SV_CHECK(vals.init(c.prog, shape, in, c.fill, c.given ? &c.out : nullptr));
  static char virtual_base[16];
  KernelCall k;
  k.kind = c.rkind;
  k.code = c.rcode;
  k.rdt = c.reduce_rdt;
  k.given = c.given;
  if (c.given) k.out = c.out;
  Array& v = k.in[0];
  v.base = virtual_base;
  v.layout = layout::contiguous(shape);
  v.dtype = vals.dtype();
  v.source = &vals;
  v.len = count;
  k.x.axes = c.axes;
  k.x.keepdims = c.keepdims;
  Status st = run_call(k, out_res);
  if (st.ok()) st = vals.finish();
  if (!st.ok() && !c.given && out_res.count == 1) {
    std::free(out_res.ptr[0]);
    out_res.count = 0;
  }
  return st;
}

}  // namespace

Status run_fused_call(FusedCall& c, KernelResult& out_res) {
  const char* name = "fuse";
  const int nin = c.prog.nin;
  Layout& res = out_res.view;
  res.shape.clear();
  res.mask.clear();
  // NumPy broadcasting of every input (right-aligned).
  for (int i = 0; i < nin; ++i) {
    const std::span<const int64_t> next = dims(c.in[i].layout);
    const size_t old = res.shape.size();
    if (old < next.size()) {
      res.shape.resize(next.size());
      std::copy_backward(res.shape.begin(), res.shape.begin() + static_cast<std::ptrdiff_t>(old), res.shape.end());
      std::fill(res.shape.begin(), res.shape.end() - static_cast<std::ptrdiff_t>(old), 1);
    }
    const std::span<const int64_t> acc(res.shape.end() - static_cast<std::ptrdiff_t>(next.size()), next.size());
    if (shape::broadcast_into(acc, next, res.shape.data() + (res.shape.size() - next.size())) >= 0) {
      return format_error(Code::shape_mismatch, name, "input # of shape @ does not broadcast with the others (@)",
                          {i}, {next, dims(res)});
    }
  }
  Layout req;
  const bool reducing = c.rkind >= 0;
  const Layout* to = c.given && !reducing ? &c.out.layout : nullptr;
  if (!c.given && !reducing && c.nwant >= 0) {
    req.shape.assign(c.want, static_cast<size_t>(c.nwant));
    to = &req;
  }
  if (to) {
    if (!shape::broadcasts_to(dims(res), dims(*to))) {
      return format_error(Code::shape_mismatch, name, "out has shape @ but the inputs broadcast to @", {},
                          {dims(*to), dims(res)});
    }
    res.shape = to->shape;
  }
  res.offset = 0;
  if (!layout::create(res, false).ok()) {
    return format_error(Code::overflow, name, "the result shape @ has more than 2^53-1 elements", {}, {dims(res)});
  }
  const std::span<const int64_t> target = dims(res);
  const kernels::Operand* in[kernels::kMaxOps - 1];
  for (int i = 0; i < nin; ++i) {
    if (!(c.in[i].layout.shape == res.shape)) {
      Layout b;
      SV_CHECK(layout::broadcast_to(c.in[i].layout, target, b));
      c.in[i].layout = b;
    }
    in[i] = &c.in[i];
  }
  const int64_t count = res.numel();
  if (reducing) return reduce_values(c, target, in, count, out_res);
  kernels::Operand dst;
  char* mem = nullptr;
  if (c.given) {
    dst = c.out;
  } else {
    const int64_t bytes = count * static_cast<int64_t>(kernels::dtype_size(c.rdt));
    mem = static_cast<char*>(alloc_storage(bytes));
    if (!mem) {
      return format_error(Code::out_of_memory, name, "cannot allocate # bytes for # $ elements", {bytes, count}, {},
                          {kernels::dtype_name(c.rdt)});
    }
    dst.base = mem;
    dst.layout = res;
    dst.dtype = c.rdt;
  }
  const Status st = kernels::fused(c.prog, dst, in, c.fill, true);
  if (!st.ok()) {
    std::free(mem);
    return st;
  }
  if (!c.given) {
    out_res.count = 1;
    out_res.ptr[0] = mem;
  }
  return ok_status();
}

}  // namespace sv::array
