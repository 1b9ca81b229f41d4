#include "array/fused_call.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/storage.hpp"
#include "shape/shape.hpp"

namespace sv::array {
namespace {

std::span<const int64_t> dims(const Layout& v) {
  return std::span<const int64_t>(v.shape.data(), v.shape.size());
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
  const Layout* to = c.given ? &c.out.layout : nullptr;
  if (!c.given && c.nwant >= 0) {
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
