// Loop planning, done once per kernel call (xtensor's "plan the strided loop, then run a
// specialised inner loop"):
//   1. masks: the index space is split into boxes in which every masked operand is either entirely
//      valid or entirely invalid, so inner loops never test validity (an invalid operand becomes a
//      stride-0 pointer to a constant: the fill value, or zero);
//   2. per box: size-1 dims are dropped, dims where the key operand (the destination for copies and
//      elementwise ops, the input for reductions) has a negative stride are walked backwards so it
//      streams forward, dims are ordered by the key's |stride| (largest outermost), and adjacent
//      dims that are contiguous with each other in EVERY operand are merged;
//   3. kernels then pick an inner loop from the strides of the last one or two dims.
#pragma once

#include <cstdint>

#include "core/index.hpp"
#include "kernels/kernels.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels {

inline constexpr int kMaxOps = 8;  // an output and up to 7 inputs (fused programs)

struct Plan {
  int nops = 0;
  int ndim = 0;  // >= 1; a plan over zero elements is never run
  int64_t shape[kMaxRank];
  int64_t stride[kMaxOps][kMaxRank];  // elements, outermost first
  char* ptr[kMaxOps];                 // element at index (0, ..., 0)
  int64_t esize[kMaxOps];

  int64_t numel() const {
    int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= shape[d];
    return n;
  }
  int last() const { return ndim - 1; }
  // Moves dim d to position ndim-2, keeping the order of the others (2-D inner loops).
  void move_to_second_last(int d);
};

// One operand of a region: where its element (0, ..., 0) is and how it steps.
struct PlanInput {
  int nops = 0;
  int ndim = 0;
  const int64_t* shape = nullptr;
  char* ptr[kMaxOps] = {};
  const int64_t* stride[kMaxOps] = {};
  int64_t esize[kMaxOps] = {};
  int key = 0;  // operand whose strides order the loop
};

// Returns false when the region has no elements.
bool make_plan(const PlanInput& in, Plan* out);

// Calls f(ptrs) with the pointers of every index of the outer dims [0, ndim - inner). The odometer
// never forms a pointer outside the operands' addressed ranges.
template <class F>
void for_each_outer(const Plan& p, int inner, F&& f) {
  char* ptr[kMaxOps];
  for (int k = 0; k < p.nops; ++k) ptr[k] = p.ptr[k];
  const int outer = p.ndim - inner;
  if (outer <= 0) {
    f(ptr);
    return;
  }
  int64_t idx[kMaxRank] = {};
  for (;;) {
    f(ptr);
    int d = outer - 1;
    for (; d >= 0; --d) {
      if (idx[d] + 1 < p.shape[d]) {
        ++idx[d];
        for (int k = 0; k < p.nops; ++k) ptr[k] += p.stride[k][d] * p.esize[k];
        break;
      }
      for (int k = 0; k < p.nops; ++k) ptr[k] -= idx[d] * p.stride[k][d] * p.esize[k];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// A box of the index space [lo, hi) and the operands invalid (masked out) in all of it.
struct Box {
  int ndim = 0;
  int64_t lo[kMaxRank];
  int64_t hi[kMaxRank];
  uint32_t invalid = 0;  // bit k: operand k is masked out in the whole box
};

// Splits `shape` into boxes such that each operand with a mask is entirely valid or entirely
// invalid in every box; at most 2*ndim+1 boxes per masked operand. Empty boxes are skipped.
void split_boxes(int ndim, const int64_t* shape, int nops, const LayoutMask* const* masks,
                 void (*cb)(const Box&, void*), void* ctx);

template <class F>
void for_each_box(int ndim, const int64_t* shape, int nops, const LayoutMask* const* masks, F&& f) {
  split_boxes(
      ndim, shape, nops, masks, [](const Box& b, void* c) { (*static_cast<F*>(c))(b); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

// An operand as the planner sees it.
struct OpDesc {
  char* base = nullptr;
  const Layout* layout = nullptr;
  int64_t esize = 1;
  const void* invalid_value = nullptr;  // read instead of masked-out elements (stride 0)
};

// Calls f(const Plan&) on sub-plans that together cover p, on the thread pool when p holds at
// least parallel::kMinWork elements (else f(p) once, on this thread). The cut is along p's outer
// dims: the smallest prefix of dims [0, s] with enough indices for the tasks is split into
// contiguous ranges of its flattened index, so each sub-plan keeps p's dim order and strides (the
// same inner loops run). Rows themselves (s the last dim) are cut at multiples of kPieceAlign
// elements, where every SIMD128 loop's lane grouping restarts, so the elements are computed
// exactly as in one call. f must write only elements its sub-plan addresses; pieces may run in
// any order.
inline constexpr int64_t kPieceAlign = 64;

template <class F>
void for_each_piece(const Plan& p, F&& f) {
  const int64_t tasks = parallel::tasks_for(p.numel());
  if (tasks <= 1) {
    f(p);
    return;
  }
  const int L = p.last();
  int s = 0;
  int64_t prefix = 1;  // indices of dims [0, s)
  for (; s < L && prefix * p.shape[s] < tasks; ++s) prefix *= p.shape[s];
  const int64_t a = s == L ? kPieceAlign : 1;
  const int64_t ns = p.shape[s], nb = (ns + a - 1) / a;
  const int64_t units = prefix * nb;
  const int64_t nt = tasks < units ? tasks : units;
  parallel::run_tasks(nt, [&](int64_t t) {
    const int64_t u0 = t * units / nt, u1 = (t + 1) * units / nt;
    for (int64_t u = u0; u < u1;) {
      const int64_t q = u / nb, b0 = u % nb;
      const int64_t b1 = (u1 - q * nb) < nb ? (u1 - q * nb) : nb;
      Plan sub;
      sub.nops = p.nops;
      sub.ndim = p.ndim - s;
      for (int d = s; d <= L; ++d) sub.shape[d - s] = p.shape[d];
      const int64_t j0 = b0 * a, j1 = b1 * a < ns ? b1 * a : ns;
      sub.shape[0] = j1 - j0;
      for (int k = 0; k < p.nops; ++k) {
        int64_t e = j0 * p.stride[k][s];
        int64_t r = q;
        for (int d = s - 1; d >= 0; --d) {
          e += (r % p.shape[d]) * p.stride[k][d];
          r /= p.shape[d];
        }
        sub.ptr[k] = p.ptr[k] + e * p.esize[k];
        sub.esize[k] = p.esize[k];
        for (int d = s; d <= L; ++d) sub.stride[k][d - s] = p.stride[k][d];
      }
      f(static_cast<const Plan&>(sub));
      u = q * nb + b1;
    }
  });
}

// Calls f(const Plan&, uint32_t invalid) for every box of the common shape of `ops` (their masks
// split it), masked-out operands replaced by their invalid_value at stride 0. Large boxes are cut
// into pieces run on the thread pool (for_each_piece): f must write only through operand 0 and only
// the elements of the plan it is given (elementwise kernels). Kernels that accumulate into shared
// state (reductions) use for_each_region_serial.
template <class F>
void for_each_region_serial(int nops, const OpDesc* ops, int key, F&& f);

template <class F>
void for_each_region(int nops, const OpDesc* ops, int key, F&& f) {
  for_each_region_serial(nops, ops, key, [&](const Plan& p, uint32_t invalid) {
    for_each_piece(p, [&](const Plan& q) { f(q, invalid); });
  });
}

template <class F>
void for_each_region_serial(int nops, const OpDesc* ops, int key, F&& f) {
  const LayoutDims& shape = ops[0].layout->shape;
  const int nd = static_cast<int>(shape.size());
  const LayoutMask* masks[kMaxOps] = {};
  for (int k = 0; k < nops; ++k)
    masks[k] = ops[k].layout->has_mask() ? &ops[k].layout->mask : nullptr;
  static const int64_t zeros[kMaxRank] = {};
  for_each_box(nd, shape.data(), nops, masks, [&](const Box& b) {
    int64_t sub[kMaxRank];
    for (int d = 0; d < nd; ++d) sub[d] = b.hi[d] - b.lo[d];
    PlanInput in;
    in.nops = nops;
    in.ndim = nd;
    in.shape = sub;
    in.key = key;
    for (int k = 0; k < nops; ++k) {
      in.esize[k] = ops[k].esize;
      if (b.invalid & (1u << k)) {
        in.ptr[k] = static_cast<char*>(const_cast<void*>(ops[k].invalid_value));
        in.stride[k] = zeros;
      } else {
        const Layout& l = *ops[k].layout;
        int64_t e = l.offset;
        for (int d = 0; d < nd; ++d) e += b.lo[d] * l.strides[d];
        in.ptr[k] = ops[k].base + e * ops[k].esize;
        in.stride[k] = l.strides.data();
      }
    }
    Plan p;
    if (make_plan(in, &p)) f(static_cast<const Plan&>(p), b.invalid);
  });
}

// Byte range [lo, hi) spanned by the valid elements of an operand; false if it has none.
bool valid_byte_range(const char* base, const Layout& l, int64_t esize, uintptr_t* lo,
                      uintptr_t* hi);

}  // namespace sv::kernels
