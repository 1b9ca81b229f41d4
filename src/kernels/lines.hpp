// Walking an operand as 1-D lines along one axis (scan.cpp, sort.cpp): every line is read in
// L1-sized chunks converted to another dtype, masked-out elements as 0.
#pragma once

#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "kernels/internal.hpp"

namespace sv::kernels::detail {

struct AxisLines {
  char* base = nullptr;
  const Layout* l = nullptr;  // the operand's layout (not copied)
  int r = 0, axis = 0;
  int64_t esize = 1;
  bool masked = false;

  void init(const Operand& o, int ax) {
    l = &o.layout;
    base = static_cast<char*>(o.base);
    r = l->ndim();
    axis = ax;
    esize = static_cast<int64_t>(dtype_size(o.dtype));
    masked = l->has_mask();
  }
  int64_t n() const { return l->shape[axis]; }
  int64_t step() const { return l->strides[axis]; }

  // The line through idx (idx[axis] ignored): element offset of its element 0, and the valid
  // range [lo, hi) along the axis (empty when the line is masked out).
  void line(const int64_t* idx, int64_t* off, int64_t* lo, int64_t* hi) const {
    int64_t o = l->offset;
    bool valid = true;
    for (int d = 0; d < r; ++d) {
      if (d == axis) continue;
      o += idx[d] * l->strides[d];
      if (masked && (idx[d] < l->mask[d].first || idx[d] >= l->mask[d].second)) valid = false;
    }
    *off = o;
    *lo = masked ? l->mask[axis].first : 0;
    *hi = masked ? l->mask[axis].second : l->shape[axis];
    if (!valid || *lo >= *hi) *lo = *hi = 0;
  }
  char* at(int64_t off, int64_t i) const { return base + (off + i * l->strides[axis]) * esize; }

  // buf[0, m) = elements [i, i + m) of the line (off, lo, hi), converted by c (element size
  // c.de); 0 outside [lo, hi).
  void read(int64_t off, int64_t lo, int64_t hi, int64_t i, int64_t m, const Caster& c,
            char* buf) const {
    const int64_t a = std::clamp(lo, i, i + m), b = std::clamp(hi, i, i + m);
    if (a > i) std::memset(buf, 0, static_cast<size_t>((a - i) * c.de));
    if (b > a) cast_row(c, buf + (a - i) * c.de, 1, at(off, a), l->strides[axis], b - a);
    if (i + m > b) std::memset(buf + (b - i) * c.de, 0, static_cast<size_t>((i + m - b) * c.de));
  }

  // f(idx) for every line (idx[axis] == 0), in C order of the other dims.
  template <class F>
  void for_each_line(F&& f) const {
    for (int d = 0; d < r; ++d) {
      if (d != axis && l->shape[d] == 0) return;
    }
    int64_t idx[kMaxRank] = {};
    for (;;) {
      f(static_cast<const int64_t*>(idx));
      int d = r - 1;
      for (; d >= 0; --d) {
        if (d == axis) continue;
        if (++idx[d] < l->shape[d]) break;
        idx[d] = 0;
      }
      if (d < 0) return;
    }
  }
};

// d[i * ds] = s[i] on raw elements of `esize` bytes (1, 2, 4, 8).
void store_strided(int64_t esize, void* d, int64_t ds, const void* s, int64_t n);

// "[2,3]" for a layout's shape or any (data(), size()) sequence of int64: through an explicit span,
// so that nothing depends on how Layout stores its dims.
template <class D>
std::string shape_str(const D& d) {
  return dims_to_string(std::span<const int64_t>(d.data(), d.size()));
}

// Normalises axis (-rank <= axis < rank) or returns an out_of_range error naming `op`.
Status normalize_axis(const char* op, int rank, int* axis);

}  // namespace sv::kernels::detail
