#include "kernels/plan.hpp"

#include <algorithm>
#include <cstdlib>

namespace sv::kernels {

void Plan::move_to_second_last(int d) {
  const int t = ndim - 2;
  if (d == t || t < 0) return;
  auto rotate = [&](int64_t* a) {
    int64_t v = a[d];
    for (int i = d; i < t; ++i) a[i] = a[i + 1];
    a[t] = v;
  };
  rotate(shape);
  for (int k = 0; k < nops; ++k) rotate(stride[k]);
}

bool make_plan(const PlanInput& in, Plan* p) {
  p->nops = in.nops;
  for (int k = 0; k < in.nops; ++k) {
    p->ptr[k] = in.ptr[k];
    p->esize[k] = in.esize[k];
  }
  // Keep dims of size > 1; walk the key operand's negative strides forward.
  int dims[kMaxRank];
  int n = 0;
  for (int d = 0; d < in.ndim; ++d) {
    if (in.shape[d] == 0) return false;
    if (in.shape[d] > 1) dims[n++] = d;
  }
  int64_t shape[kMaxRank];
  int64_t stride[kMaxOps][kMaxRank];
  for (int i = 0; i < n; ++i) {
    const int d = dims[i];
    shape[i] = in.shape[d];
    const bool flip = in.stride[in.key][d] < 0;
    for (int k = 0; k < in.nops; ++k) {
      int64_t s = in.stride[k][d];
      if (flip) {
        p->ptr[k] += (shape[i] - 1) * s * in.esize[k];
        s = -s;
      }
      stride[k][i] = s;
    }
  }
  // Order by the key's |stride| descending; ties by the other operands' |strides| descending.
  int order[kMaxRank];
  for (int i = 0; i < n; ++i) order[i] = i;
  auto before = [&](int a, int b) {
    const int64_t ka = std::llabs(stride[in.key][a]), kb = std::llabs(stride[in.key][b]);
    if (ka != kb) return ka > kb;
    for (int k = 0; k < in.nops; ++k) {
      const int64_t sa = std::llabs(stride[k][a]), sb = std::llabs(stride[k][b]);
      if (sa != sb) return sa > sb;
    }
    return false;
  };
  // Stable insertion sort: at most kMaxRank dims (std::stable_sort costs ~5 KB of wasm).
  for (int i = 1; i < n; ++i) {
    const int v = order[i];
    int j = i;
    for (; j > 0 && before(v, order[j - 1]); --j) order[j] = order[j - 1];
    order[j] = v;
  }
  int m = 0;
  for (int j = 0; j < n; ++j, ++m) {
    const int o = order[j];
    p->shape[m] = shape[o];
    for (int k = 0; k < in.nops; ++k) p->stride[k][m] = stride[k][o];
  }
  // Merge from the innermost dim outwards: an outer dim folds into the current innermost group
  // when every operand has stride[outer] == stride[inner] * shape[inner].
  int w = 0;  // write position of the merged list, built innermost-first
  int64_t mshape[kMaxRank];
  int64_t mstride[kMaxOps][kMaxRank];
  for (int i = m - 1; i >= 0; --i) {
    bool merge = w > 0;
    for (int k = 0; k < in.nops && merge; ++k) {
      merge = p->stride[k][i] == mstride[k][w - 1] * mshape[w - 1];
    }
    if (merge) {
      mshape[w - 1] *= p->shape[i];
    } else {
      mshape[w] = p->shape[i];
      for (int k = 0; k < in.nops; ++k) mstride[k][w] = p->stride[k][i];
      ++w;
    }
  }
  if (w == 0) {
    p->ndim = 1;
    p->shape[0] = 1;
    for (int k = 0; k < in.nops; ++k) p->stride[k][0] = 0;
    return true;
  }
  p->ndim = w;
  for (int i = 0; i < w; ++i) {
    p->shape[i] = mshape[w - 1 - i];
    for (int k = 0; k < in.nops; ++k) p->stride[k][i] = mstride[k][w - 1 - i];
  }
  return true;
}

namespace {

struct Splitter {
  int ndim;
  int nops;
  const LayoutMask* const* masks;
  void (*cb)(const Box&, void*);
  void* ctx;

  void run(Box& b) {
    for (int k = 0; k < nops; ++k) {
      if (!masks[k] || (b.invalid & (1u << k))) continue;
      const LayoutMask& m = *masks[k];
      // Entirely invalid in the box?
      bool empty = false;
      for (int d = 0; d < ndim && !empty; ++d) {
        empty = std::max(b.lo[d], m[d].first) >= std::min(b.hi[d], m[d].second);
      }
      if (empty) {
        b.invalid |= 1u << k;
        continue;
      }
      // Partially valid: split the first dim that sticks out into before / inside / after.
      for (int d = 0; d < ndim; ++d) {
        const int64_t lo = b.lo[d], hi = b.hi[d];
        if (lo >= m[d].first && hi <= m[d].second) continue;
        const int64_t cut[4] = {lo, std::max(lo, m[d].first), std::min(hi, m[d].second), hi};
        for (int s = 0; s < 3; ++s) {
          if (cut[s] >= cut[s + 1]) continue;
          Box c = b;
          c.lo[d] = cut[s];
          c.hi[d] = cut[s + 1];
          if (s != 1) c.invalid |= 1u << k;
          run(c);
        }
        return;
      }
      // Entirely valid: nothing to do for this operand.
    }
    cb(b, ctx);
  }
};

}  // namespace

void split_boxes(int ndim, const int64_t* shape, int nops, const LayoutMask* const* masks,
                 void (*cb)(const Box&, void*), void* ctx) {
  Box b;
  b.ndim = ndim;
  for (int d = 0; d < ndim; ++d) {
    if (shape[d] == 0) return;
    b.lo[d] = 0;
    b.hi[d] = shape[d];
  }
  Splitter s{ndim, nops, masks, cb, ctx};
  s.run(b);
}

bool valid_byte_range(const char* base, const Layout& l, int64_t esize, uintptr_t* lo,
                      uintptr_t* hi) {
  int64_t a = l.offset, b = l.offset;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    int64_t first = 0, last = l.shape[d] - 1;
    if (l.has_mask()) {
      first = l.mask[d].first;
      last = l.mask[d].second - 1;
    }
    if (last < first) return false;
    const int64_t x = first * l.strides[d], y = last * l.strides[d];
    a += std::min(x, y);
    b += std::max(x, y);
  }
  *lo = reinterpret_cast<uintptr_t>(base) + static_cast<uintptr_t>(a * esize);
  *hi = reinterpret_cast<uintptr_t>(base) + static_cast<uintptr_t>((b + 1) * esize);
  return true;
}

}  // namespace sv::kernels
