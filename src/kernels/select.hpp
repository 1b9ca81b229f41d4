// Introselect (NumPy's partition algorithm) over any element type with a strict weak order:
// quickselect with a median-of-3 pivot and Hoare's partition (which splits runs of equal
// elements evenly), for at most 2 * log2(n) rounds; after that, each round's pivot is the median
// of the medians of groups of 5 (at least 3/10 of the range on each side), so a line costs O(n)
// whatever its values. Several kth go down one recursion (multi-select): after each split, the
// kth at or left of the split continue in the left part and the others in the right one, so m kth
// cost O(n log m), not O(n m). Ranges of at most 16 elements are insertion-sorted.
// Used by sort.cpp (partition / argpartition); tests/cpp/test_kernels_partition.cpp calls
// select_range with no median-of-3 rounds to test the median-of-medians path alone.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "kernels/internal.hpp"

namespace sv::kernels::detail {

template <class T, class L>
SV_LOOP_FN void insertion_sort(T* v, int64_t n, L less) {
  for (int64_t i = 1; i < n; ++i) {
    const T x = v[i];
    int64_t j = i;
    for (; j > 0 && less(x, v[j - 1]); --j) v[j] = v[j - 1];
    v[j] = x;
  }
}

// Hoare's partition of v[0, n) (n >= 2) around the pivot v[0]: returns j, 0 <= j < n - 1, with
// v[0, j] <= pivot <= v[j + 1, n).
template <class T, class L>
int64_t hoare(T* v, int64_t n, L less) {
  const T p = v[0];
  int64_t i = -1, j = n;
  for (;;) {
    do ++i;
    while (less(v[i], p));
    do --j;
    while (less(p, v[j]));
    if (i >= j) return j;
    std::swap(v[i], v[j]);
  }
}

template <class T, class L>
void select_range(T* v, int64_t lo, int64_t hi, const int64_t* ks, int64_t nk, L less, int depth);

// Moves to v[0] the median of the medians of v's groups of 5 (n >= 5), found by select_range.
template <class T, class L>
void median_of_medians(T* v, int64_t n, L less) {
  const int64_t g = n / 5;
  for (int64_t i = 0; i < g; ++i) {
    insertion_sort(v + 5 * i, 5, less);
    std::swap(v[i], v[5 * i + 2]);  // (v[i] belongs to a group already done)
  }
  const int64_t m = g / 2;
  select_range(v, 0, g, &m, 1, less, 2 * (64 - __builtin_clzll(static_cast<uint64_t>(g))));
  std::swap(v[0], v[m]);
}

// Puts v[k] where sorting v[lo, hi) would, for each k of ks (nk of them, ascending, unique, in
// [lo, hi)), with v[.., k) <= v[k] <= v[k + 1, ..) between consecutive ones. depth: the median-of-3
// rounds left before the median of medians.
template <class T, class L>
void select_range(T* v, int64_t lo, int64_t hi, const int64_t* ks, int64_t nk, L less, int depth) {
  while (nk > 0) {
    const int64_t n = hi - lo;
    T* w = v + lo;
    if (n <= 16) {
      insertion_sort(w, n, less);
      return;
    }
    if (depth > 0) {
      --depth;
      const int64_t mid = n >> 1;
      if (less(w[mid], w[0])) std::swap(w[mid], w[0]);
      if (less(w[n - 1], w[mid])) std::swap(w[n - 1], w[mid]);
      if (less(w[mid], w[0])) std::swap(w[mid], w[0]);
      std::swap(w[0], w[mid]);
    } else {
      median_of_medians(w, n, less);
    }
    const int64_t j = lo + hoare(w, n, less);
    const int64_t s = std::upper_bound(ks, ks + nk, j) - ks;  // the kth in [lo, j]
    if (s == nk) {
      hi = j + 1;
      continue;
    }
    if (s > 0) select_range(v, lo, j + 1, ks, s, less, depth);
    lo = j + 1;
    ks += s;
    nk -= s;
  }
}

// select_range over all of v[0, n), with 2 * log2(n) median-of-3 rounds.
template <class T, class L>
SV_LOOP_FN void select_kth(T* v, int64_t n, const int64_t* ks, int64_t nk, L less) {
  select_range(v, 0, n, ks, nk, less, 2 * (64 - __builtin_clzll(static_cast<uint64_t>(n | 1))));
}

}  // namespace sv::kernels::detail
