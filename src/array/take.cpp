#include "array/take.hpp"
#include "kernels/internal.hpp"

#include <cstdlib>
#include <string>

#include "core/storage.hpp"
#include "parallel/pool.hpp"

namespace sv::array {
namespace {

template <class E>
void gather_elems(const Array& dst, const Array& src, int axis, const int64_t* idx) {
  const Layout& dv = dst.layout;
  const Layout& sv = src.layout;
  const int r = dv.ndim();
  E* d = static_cast<E*>(dst.base);
  const E* s = static_cast<const E*>(src.base);
  int64_t pos[kMaxRank] = {};
  int64_t doff = dv.offset, soff = sv.offset + idx[0] * sv.strides[axis];
  const int last = r - 1;
  const int64_t nl = dv.shape[last], dls = dv.strides[last];
  const int64_t sls = last == axis ? 0 : sv.strides[last];
  for (;;) {
    if (last == axis) {
      for (int64_t k = 0; k < nl; ++k)
        d[doff + k * dls] = s[soff + (idx[k] - idx[0]) * sv.strides[axis]];
    } else {
      for (int64_t k = 0; k < nl; ++k) d[doff + k * dls] = s[soff + k * sls];
    }
    int dd = last - 1;
    for (; dd >= 0; --dd) {
      const int64_t ss = sv.strides[dd];
      if (pos[dd] + 1 < dv.shape[dd]) {
        ++pos[dd];
        doff += dv.strides[dd];
        soff += dd == axis ? (idx[pos[dd]] - idx[pos[dd] - 1]) * ss : ss;
        break;
      }
      doff -= (dv.shape[dd] - 1) * dv.strides[dd];
      soff -= dd == axis ? (idx[pos[dd]] - idx[0]) * ss : (dv.shape[dd] - 1) * ss;
      pos[dd] = 0;
    }
    if (dd < 0) return;
  }
}

// gather_elems on the thread pool: dst's dim 0 cut into contiguous ranges (the source follows:
// through the indices when dim 0 is the axis, by its stride otherwise). Each element is a copy,
// so the cut changes nothing but who copies it.
template <class E>
void gather(const Array& dst, const Array& src, int axis, const int64_t* idx) {
  const int64_t n0 = dst.layout.ndim() > 0 ? dst.layout.shape[0] : 1;
  int64_t tasks = parallel::tasks_for(dst.layout.numel());
  if (tasks > n0) tasks = n0;
  if (tasks <= 1) {
    gather_elems<E>(dst, src, axis, idx);
    return;
  }
  parallel::run_tasks(tasks, [&](int64_t t) {
    const int64_t j0 = t * n0 / tasks, j1 = (t + 1) * n0 / tasks;
    Array d = dst, s = src;
    d.layout.shape[0] = j1 - j0;
    d.layout.offset += j0 * dst.layout.strides[0];
    if (axis == 0) {
      gather_elems<E>(d, s, axis, idx + j0);
    } else {
      s.layout.offset += j0 * src.layout.strides[0];
      gather_elems<E>(d, s, axis, idx);
    }
  });
}

}  // namespace

Status take_indices(std::span<int64_t> idx, int64_t axis, int64_t len) {
  for (int64_t& i : idx) {
    const int64_t orig = i;
    if (!normalize_index(i, len)) {
      return make_error(Code::out_of_range, "take: index " + std::to_string(orig) +
                                                " is out of bounds for axis " +
                                                std::to_string(axis) + " with size " +
                                                std::to_string(len));
    }
  }
  return ok_status();
}

void true_positions(const Array& m, std::vector<int64_t>& idx) {
  const uint8_t* b = static_cast<const uint8_t*>(m.base) + m.layout.offset;
  const FlatRange valid = m.layout.valid(0);
  const int64_t ms = m.layout.strides[0];
  int64_t c = 0;  // count first, then fill: no reallocation, no call per element
  for (int64_t i = valid.first; i < valid.second; ++i) c += b[i * ms] != 0;
  idx.resize(static_cast<size_t>(c) + 1);  // + 1: the branch-free fill writes one past the last
  int64_t* out = idx.data();
  for (int64_t i = valid.first, k = 0; i < valid.second; ++i) {
    out[k] = i;
    k += b[i * ms] != 0;
  }
  idx.resize(static_cast<size_t>(c));
}

Status alloc_take_result(const Array& src, int axis, int64_t n, Array& dst) {
  Layout& v = dst.layout;
  v = Layout{};
  v.shape = src.layout.shape;
  v.shape[axis] = n;
  SV_CHECK(layout::create(v, false));
  const int64_t count = v.numel();
  const int64_t bytes = count * static_cast<int64_t>(kernels::dtype_size(src.dtype));
  dst.base = alloc_storage(bytes);
  if (!dst.base) {
    return make_error(Code::out_of_memory, "take: cannot allocate " + std::to_string(bytes) +
                                               " bytes for " + std::to_string(count) + " " +
                                               kernels::dtype_name(src.dtype) + " elements");
  }
  dst.dtype = src.dtype;
  dst.len = count;
  return ok_status();
}

Status take(const Array& dst, const Array& src, double fill, int axis,
            std::span<const int64_t> idx) {
  const int64_t n = static_cast<int64_t>(idx.size());
  const int64_t total = dst.layout.numel();
  if (total == 0) return ok_status();
  const int64_t slab = total / n;
  if (!src.layout.has_mask() && !dst.layout.has_mask() && slab < 1024) {
    switch (kernels::dtype_size(src.dtype)) {
      case 1: gather<uint8_t>(dst, src, axis, idx.data()); break;
      case 2: gather<uint16_t>(dst, src, axis, idx.data()); break;
      case 4: gather<uint32_t>(dst, src, axis, idx.data()); break;
      case 8: gather<uint64_t>(dst, src, axis, idx.data()); break;
      default: gather<kernels::detail::Raw16>(dst, src, axis, idx.data()); break;  // complex128
    }
    return ok_status();
  }
  kernels::Operand d = dst, s = src;
  const int64_t d0 = d.layout.offset, s0 = s.layout.offset;
  const int64_t ds = dst.layout.strides[axis], ss = src.layout.strides[axis];
  const FlatRange m = src.layout.valid(axis);
  d.layout.shape[axis] = 1;
  s.layout.shape[axis] = 1;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t i = idx[static_cast<size_t>(k)];
    d.layout.offset = d0 + k * ds;
    s.layout.offset = s0 + i * ss;
    // Along the axis the slab is one element: inside the source's valid range, or all padding.
    if (src.layout.has_mask()) {
      s.layout.mask[axis] = i >= m.first && i < m.second ? FlatRange{0, 1} : FlatRange{0, 0};
    }
    SV_CHECK(kernels::copy(d, s, fill));
  }
  return ok_status();
}

}  // namespace sv::array
