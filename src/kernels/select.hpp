// Introselect (NumPy's partition semantics) over any element type with a strict weak order.
// Fast rounds: a median-of-3 pivot and a branchless partition into a scratch buffer (each element
// stored at both ends, the counts advanced by the comparison: no data-dependent branch, and no
// chain through memory as an in-place Lomuto's swaps have; then copied back), which puts the
// pivot in its final place; when no element is below the pivot, a second such pass gathers the
// elements equal to it, so runs of equal keys go in one round. Fast rounds may touch at most
// (4 + 2 log2(m + 1)) n elements in all for m kth (a budget shared by the recursion); after that,
// each round takes the
// median of the medians of groups of 5 as the pivot (at least 3/10 of the range on each side) and
// Hoare's partition (which splits runs of equal keys evenly), so a line costs O(n) whatever its
// values. Several kth go down one recursion (multi-select): after each split, the kth left of it
// continue in the left part and the others in the right one, so m kth cost O(n log m), not O(n m).
// Ranges of at most 16 elements are insertion-sorted.
// Used by sort.cpp (partition / argpartition); tests/cpp/test_kernels_partition.cpp calls
// select_range with no budget to test the median-of-medians rounds alone.
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

// Moves the elements x of v[1, n) with in(x) to v[0, b), the others to v[b + 1, n), and v[0]
// to v[b], through tmp (n elements), with no branch on the values; returns b.
template <class T, class F>
int64_t gather_front(T* v, T* tmp, int64_t n, F in) {
  int64_t a = 0, z = n - 1;
  for (int64_t i = 1; i < n; ++i) {
    const T x = v[i];
    const bool t = in(x);
    tmp[a] = x;
    tmp[z] = x;
    a += t;
    z -= !t;
  }
  tmp[a] = v[0];
  std::copy(tmp, tmp + n, v);
  return a;
}

template <class T, class L>
void select_range(T* v, T* tmp, int64_t lo, int64_t hi, const int64_t* ks, int64_t nk, L less,
                  int64_t& budget);

// Moves to v[0] the median of the medians of v's groups of 5 (n >= 5), found by select_range.
template <class T, class L>
void median_of_medians(T* v, T* tmp, int64_t n, L less) {
  const int64_t g = n / 5;
  for (int64_t i = 0; i < g; ++i) {
    insertion_sort(v + 5 * i, 5, less);
    std::swap(v[i], v[5 * i + 2]);  // (v[i] belongs to a group already done)
  }
  const int64_t m = g / 2;
  int64_t budget = 4 * g;
  select_range(v, tmp, 0, g, &m, 1, less, budget);
  std::swap(v[0], v[m]);
}

// Puts v[k] where sorting v[lo, hi) would, for each k of ks (nk of them, ascending, unique, in
// [lo, hi)), with v[.., k) <= v[k] <= v[k + 1, ..) between consecutive ones. tmp: hi - lo
// elements of scratch. budget: the elements fast rounds may still touch (shared with the
// recursion); then median-of-medians rounds.
template <class T, class L>
void select_range(T* v, T* tmp, int64_t lo, int64_t hi, const int64_t* ks, int64_t nk, L less,
                  int64_t& budget) {
  while (nk > 0) {
    const int64_t n = hi - lo;
    T* w = v + lo;
    if (n <= 16) {
      insertion_sort(w, n, less);
      return;
    }
    int64_t left_end, right_begin;  // the kth in [lo, left_end) go left, in [right_begin, hi) right
    if (budget > 0) {
      budget -= n;
      const int64_t mid = n >> 1;
      if (less(w[mid], w[0])) std::swap(w[mid], w[0]);
      if (less(w[n - 1], w[mid])) std::swap(w[n - 1], w[mid]);
      if (less(w[mid], w[0])) std::swap(w[mid], w[0]);
      std::swap(w[0], w[mid]);
      const T p = w[0];
      const int64_t b = gather_front(w, tmp, n, [&](const T& x) { return less(x, p); });
      if (b > 0) {  // w[0, b) < p, p at b (its place), w[b + 1, n) >= p
        left_end = lo + b;
        right_begin = lo + b + 1;
      } else {  // nothing below p: w[0, e] == p are in place
        const int64_t e = gather_front(w, tmp, n, [&](const T& x) { return !less(p, x); });
        left_end = lo;
        right_begin = lo + e + 1;
      }
    } else {
      median_of_medians(w, tmp, n, less);
      const int64_t j = lo + hoare(w, n, less);
      left_end = right_begin = j + 1;
    }
    const int64_t s = std::lower_bound(ks, ks + nk, left_end) - ks;   // the kth left
    const int64_t r = std::lower_bound(ks, ks + nk, right_begin) - ks;  // the first kth right
    if (s > 0) {
      if (r == nk) {
        hi = left_end;
        nk = s;
        continue;
      }
      select_range(v, tmp, lo, left_end, ks, s, less, budget);
    }
    lo = right_begin;
    ks += r;
    nk -= r;
  }
}

// select_range over all of v[0, n) (tmp: n elements), with a budget of (4 + 2 log2(nk + 1)) n
// elements for the fast rounds.
template <class T, class L>
SV_LOOP_FN void select_kth(T* v, T* tmp, int64_t n, const int64_t* ks, int64_t nk, L less) {
  int64_t budget = (4 + 2 * (64 - __builtin_clzll(static_cast<uint64_t>(nk) + 1))) * n;
  select_range(v, tmp, 0, n, ks, nk, less, budget);
}

}  // namespace sv::kernels::detail
