// sort() / argsort() / topk() / partition() / argpartition() along one axis (partition: see
// "selection" below and kernels/select.hpp). Each line is read into exact integer keys whose
// unsigned order is the value order (floats: sign-magnitude flipped, every NaN above +inf; signed
// integers: sign bit flipped), then sorted:
//  - dtypes of at most 32 bits (float32, int8..int32, uint8..uint32, bool) use 32-bit keys: sort()
//    sorts the keys alone and maps them back to values; argsort() sorts (key << 32 | index) as one
//    uint64, so equal keys stay in index order (stable) with no comparator;
//  - 64-bit dtypes (float64, int64, uint64): sort() sorts uint64 keys alone; argsort() and topk()
//    sort (key, index) pairs, the index as the tie-break.
// Short lines go to std::sort on plain integers (libc++'s own optimised instance, which the
// kernels' -fno-inline-functions cannot slow down), long ones to an LSD radix sort (stable, skipping
// bytes that are the same in every key). Every order is stable: -0 and +0 are equal and keep their
// line order (sort() notes the zeros' signs and puts them back in that order); NaNs sort last
// (sort() writes them back as quiet NaNs).
// Measured natively, float32 [128,128] along rows: 453 us with (key, index) pairs and std::sort for
// every dtype, 137 us now (radix on plain keys: std::sort's time is its mispredicted branches).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"
#include "kernels/select.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels {
namespace {

struct KV {
  uint64_t k;
  int64_t i;
};

enum class Wide { f64, i64, u64 };

Wide wide_kind(DType t) {
  switch (t) {
    case DType::float32:
    case DType::float64: return Wide::f64;
    case DType::int8:
    case DType::int16:
    case DType::int32:
    case DType::int64: return Wide::i64;
    default: return Wide::u64;
  }
}

DType wide_dtype(Wide w) {
  return w == Wide::f64 ? DType::float64 : w == Wide::i64 ? DType::int64 : DType::uint64;
}

SV_LOOP_FN void make_keys(Wide w, const uint64_t* v, KV* p, int64_t n) {
  for (int64_t j = 0; j < n; ++j) {
    uint64_t b = v[j];
    if (w == Wide::f64) {
      double x;
      std::memcpy(&x, &b, 8);
      if (x != x) {
        b = ~uint64_t{0};  // every NaN sorts last, all equal
      } else {
        if (x == 0) b = 0;  // -0 == +0
        b = (b >> 63) ? ~b : b | (uint64_t{1} << 63);
      }
    } else if (w == Wide::i64) {
      b ^= uint64_t{1} << 63;
    }
    p[j] = KV{b, j};
  }
}

// Pairs in key order, equal keys in index order (the pairs arrive in index order). Short lines:
// std::sort with the index as tie-break. Long ones: an LSD radix sort on the keys, byte by byte,
// which is stable by construction; a byte that is the same in every key is skipped (float32 and
// narrow integers widened to 8 bytes leave several), so most lines take 3-5 passes. `tmp` holds n
// pairs. The sorted pairs end in p.
SV_LOOP_FN void sort_pairs(KV* p, KV* tmp, int64_t n) {
  if (n < 256) {  // (radix at 64 elements: 2x slower than std::sort)
    std::sort(p, p + n,
              [](const KV& a, const KV& b) { return a.k < b.k || (a.k == b.k && a.i < b.i); });
    return;
  }
  uint32_t count[8][256] = {};
  for (int64_t j = 0; j < n; ++j) {
    const uint64_t k = p[j].k;
    for (int b = 0; b < 8; ++b) ++count[b][(k >> (8 * b)) & 0xff];
  }
  KV* from = p;
  KV* to = tmp;
  for (int b = 0; b < 8; ++b) {
    uint32_t* c = count[b];
    if (c[(from[0].k >> (8 * b)) & 0xff] == static_cast<uint32_t>(n)) continue;  // one value
    uint32_t sum = 0;
    for (int d = 0; d < 256; ++d) {
      const uint32_t x = c[d];
      c[d] = sum;
      sum += x;
    }
    for (int64_t j = 0; j < n; ++j) to[c[(from[j].k >> (8 * b)) & 0xff]++] = from[j];
    std::swap(from, to);
  }
  if (from != p) std::memcpy(p, from, static_cast<size_t>(n) * sizeof(KV));
}

// The k largest first, ties by the smaller index.
SV_LOOP_FN void top_pairs(KV* p, int64_t k, int64_t n) {
  std::partial_sort(p, p + k, p + n, [](const KV& a, const KV& b) {
    return a.k > b.k || (a.k == b.k && a.i < b.i);
  });
}

// An LSD radix sort of unsigned integers T on the bytes [b0, b1) of each value (stable: earlier
// bytes of equal values keep their order); a byte that is the same in every value is skipped. tmp
// holds n values; the result ends in p.
template <class T>
SV_LOOP_FN void radix_sort(T* p, T* tmp, int64_t n, int b0, int b1) {
  uint32_t count[8][256];
  for (int b = b0; b < b1; ++b) std::memset(count[b], 0, sizeof(count[b]));
  for (int64_t j = 0; j < n; ++j) {
    const T k = p[j];
    for (int b = b0; b < b1; ++b) ++count[b][(k >> (8 * b)) & 0xff];
  }
  T* from = p;
  T* to = tmp;
  for (int b = b0; b < b1; ++b) {
    uint32_t* c = count[b];
    if (c[(from[0] >> (8 * b)) & 0xff] == static_cast<uint32_t>(n)) continue;  // one value
    uint32_t sum = 0;
    for (int d = 0; d < 256; ++d) {
      const uint32_t x = c[d];
      c[d] = sum;
      sum += x;
    }
    for (int64_t j = 0; j < n; ++j) to[c[(from[j] >> (8 * b)) & 0xff]++] = from[j];
    std::swap(from, to);
  }
  if (from != p) std::memcpy(p, from, static_cast<size_t>(n) * sizeof(T));
}

// Sorts n unsigned integers whose low `skip` bytes need no sorting (already in order for equal
// high bytes, as the packed indices of argsort): std::sort on short lines, radix on long ones.
template <class T>
SV_LOOP_FN void sort_plain(T* p, T* tmp, int64_t n, int skip) {
  if (n < 80) {  // (native, random float32: radix 3.5x slower at 16, 1.4x faster at 96)
    std::sort(p, p + n);
    return;
  }
  radix_sort(p, tmp, n, skip, static_cast<int>(sizeof(T)));
}

// The 32-bit path: which key a narrow dtype's line is read as (its exact 32-bit wide type).
enum class Narrow { none, f32, i32, u32 };

Narrow narrow_kind(DType t) {
  switch (t) {
    case DType::float32: return Narrow::f32;
    case DType::int8:
    case DType::int16:
    case DType::int32: return Narrow::i32;
    case DType::uint8:
    case DType::uint16:
    case DType::uint32:
    case DType::bool_: return Narrow::u32;
    default: return Narrow::none;
  }
}

DType narrow_dtype(Narrow k) {
  return k == Narrow::f32 ? DType::float32 : k == Narrow::i32 ? DType::int32 : DType::uint32;
}

// 32-bit keys in place; -0 gets +0's key. zs (sort(): the zeros' signs, in line order, so that the
// sorted zeros come back in their stable order): a byte per zero, the count in *nz.
SV_LOOP_FN void keys32(Narrow k, uint32_t* v, int64_t n, uint8_t* zs, int64_t* nz) {
  for (int64_t j = 0; j < n; ++j) {
    uint32_t b = v[j];
    if (k == Narrow::f32) {
      if ((b & 0x7fffffffu) > 0x7f800000u) {
        b = 0xffffffffu;  // every NaN last
      } else {
        if ((b & 0x7fffffffu) == 0) {
          if (zs) zs[(*nz)++] = static_cast<uint8_t>(b >> 31);
          b = 0;
        }
        b = (b >> 31) ? ~b : b | 0x80000000u;
      }
    } else if (k == Narrow::i32) {
      b ^= 0x80000000u;
    }
    v[j] = b;
  }
}

// The values of sorted 32-bit keys, in place; zs: keys32's signs of the zeros.
SV_LOOP_FN void values32(Narrow k, uint32_t* v, int64_t n, const uint8_t* zs) {
  for (int64_t j = 0; j < n; ++j) {
    uint32_t b = v[j];
    if (k == Narrow::f32) {
      if (b == 0x80000000u) {
        b = *zs++ ? 0x80000000u : 0;
      } else {
        b = b == 0xffffffffu ? 0x7fc00000u : (b >> 31) ? b & 0x7fffffffu : ~b;
      }
    } else if (k == Narrow::i32) {
      b ^= 0x80000000u;
    }
    v[j] = b;
  }
}

// 64-bit keys in place, for sort() and searchsorted() (no index); zs and nz as keys32's.
SV_LOOP_FN void keys64(Wide w, uint64_t* v, int64_t n, uint8_t* zs, int64_t* nz) {
  constexpr uint64_t kSign = uint64_t{1} << 63;
  for (int64_t j = 0; j < n; ++j) {
    uint64_t b = v[j];
    if (w == Wide::f64) {
      if ((b & ~kSign) > uint64_t{0x7ff0000000000000}) {
        b = ~uint64_t{0};
      } else {
        if ((b & ~kSign) == 0) {
          if (zs) zs[(*nz)++] = static_cast<uint8_t>(b >> 63);
          b = 0;
        }
        b = (b >> 63) ? ~b : b | kSign;
      }
    } else if (w == Wide::i64) {
      b ^= kSign;
    }
    v[j] = b;
  }
}

SV_LOOP_FN void values64(Wide w, uint64_t* v, int64_t n, const uint8_t* zs) {
  constexpr uint64_t kSign = uint64_t{1} << 63;
  for (int64_t j = 0; j < n; ++j) {
    uint64_t b = v[j];
    if (w == Wide::f64) {
      if (b == kSign) {
        b = *zs++ ? kSign : 0;
      } else {
        b = b == ~uint64_t{0} ? uint64_t{0x7ff8000000000000} : (b >> 63) ? b & ~kSign : ~b;
      }
    } else if (w == Wide::i64) {
      b ^= kSign;
    }
    v[j] = b;
  }
}

// The two key widths under one name, for the code written once over the key type K.
void keys_of(Narrow k, uint32_t* v, int64_t n, uint8_t* zs, int64_t* nz) { keys32(k, v, n, zs, nz); }
void keys_of(Wide w, uint64_t* v, int64_t n, uint8_t* zs, int64_t* nz) { keys64(w, v, n, zs, nz); }
void values_of(Narrow k, uint32_t* v, int64_t n, const uint8_t* zs) { values32(k, v, n, zs); }
void values_of(Wide w, uint64_t* v, int64_t n, const uint8_t* zs) { values64(w, v, n, zs); }

// sort()'s line of values, in place: the line read as K (w: n K, then n K of radix workspace,
// then n bytes for the zeros' signs from w + 16 n) becomes keys, sorted, back to values.
template <class K, class KeyKind>
void sort_values(KeyKind kind, char* w, int64_t n) {
  K* v = reinterpret_cast<K*>(w);
  uint8_t* zs = reinterpret_cast<uint8_t*>(w + n * 16);
  int64_t nz = 0;
  keys_of(kind, v, n, zs, &nz);
  sort_plain(v, v + n, n, 0);
  values_of(kind, v, n, zs);
}

enum class Mode { sort, argsort, topk };

Status run_sort(const char* name, Mode mode, const Operand* values, const Operand* indices,
                const Operand& in, int axis, int64_t k) {
  SV_CHECK(detail::check_operand(name, "in", in));
  if (values) SV_CHECK(detail::check_operand(name, "values", *values));
  if (indices) SV_CHECK(detail::check_operand(name, "indices", *indices));
  const int r = static_cast<int>(in.layout.shape.size());
  if (r == 0) {
    return make_error(Code::rank_mismatch, std::string(name) +
                                               ": in has rank 0; reshape it to [1] (NumPy "
                                               "flattens when axis is None)");
  }
  SV_CHECK(detail::normalize_axis(name, r, &axis));
  const int64_t n = in.layout.shape[axis];
  if (mode == Mode::topk && (k < 0 || k > n)) {
    return make_error(Code::out_of_range, std::string(name) + ": k " + std::to_string(k) +
                                              " is out of range for axis " + std::to_string(axis) +
                                              " of size " + std::to_string(n) +
                                              "; pick 0 <= k <= " + std::to_string(n));
  }
  const int64_t nout = mode == Mode::topk ? k : n;
  int64_t want[kMaxRank];
  for (int d = 0; d < r; ++d) want[d] = d == axis ? nout : in.layout.shape[d];
  for (const Operand* o : {values, indices}) {
    if (!o) continue;
    const char* on = o == values ? "values" : "indices";
    bool same = static_cast<int>(o->layout.shape.size()) == r;
    for (int d = 0; d < r && same; ++d) same = o->layout.shape[d] == want[d];
    if (!same) {
      return make_error(Code::shape_mismatch,
                        std::string(name) + ": " + on + " has shape " +
                            detail::shape_str(o->layout.shape) + " but needs " +
                            dims_to_string(std::span<const int64_t>(want, r)));
    }
    SV_CHECK(detail::check_dtype(name, on, *o, o == values ? in.dtype : DType::int64));
    SV_CHECK(detail::check_writable(name, on, *o));
  }
  if (values && indices && detail::overlaps(*values, *indices)) {
    return make_error(Code::invalid_argument,
                      std::string(name) + ": values and indices share memory; pass two buffers");
  }
  for (int d = 0; d < r; ++d) {
    if (want[d] == 0) return ok_status();
  }
  detail::Buffer ib, wb;
  Operand src = in;
  bool alias = false;
  for (const Operand* o : {values, indices}) alias = alias || (o && detail::overlaps(*o, in));
  if (alias) SV_CHECK(detail::materialize(name, in, ib, &src));
  // Workspace: the line's wide values, the pairs, the output row and the radix sort's pairs; one
  // per task (threads: independent lines, consecutive lines per task, each sorted as in one call).
  const int64_t tasks = parallel::line_tasks(r, src.layout.shape.data(), axis, n * 8);
  const int64_t wsz = n * 8 + n * 16 + n * 8 + n * 16;
  SV_CHECK(wb.allocate(name, wsz * tasks + 16));
  char* w0 = wb.data() + ((16 - reinterpret_cast<uintptr_t>(wb.data()) % 16) % 16);

  const Wide wk = wide_kind(in.dtype);
  // topk and lines of 2^32 elements or more keep (key, index) pairs
  const Narrow nk = mode == Mode::topk || n > int64_t{0xffffffff} ? Narrow::none : narrow_kind(in.dtype);
  const DType rd = nk != Narrow::none ? narrow_dtype(nk) : wide_dtype(wk);  // lines are read as rd
  const int64_t esz = nk != Narrow::none ? 4 : 8;
  const detail::Caster load = detail::make_caster(rd, in.dtype);
  const detail::Caster back = detail::make_caster(in.dtype, rd);
  detail::AxisLines li, lv, lx;
  li.init(src, axis);
  if (values) lv.init(*values, axis);
  if (indices) lx.init(*indices, axis);
  parallel::for_each_line(r, src.layout.shape.data(), axis, tasks, [&](int64_t t, const int64_t* idx) {
    char* w = w0 + t * wsz;
    int64_t off, lo, hi;
    li.line(idx, &off, &lo, &hi);
    for (int64_t i = 0; i < n; i += detail::kCastChunk) {
      li.read(off, lo, hi, i, std::min(detail::kCastChunk, n - i), load, w + i * esz);
    }
    if (mode == Mode::sort) {
      if (nk != Narrow::none) {
        sort_values<uint32_t>(nk, w, n);
      } else {
        sort_values<uint64_t>(wk, w, n);
      }
      int64_t o, a, b;
      lv.line(idx, &o, &a, &b);
      detail::cast_row(back, lv.at(o, 0), lv.step(), w, 1, n);
      return;
    }
    if (nk != Narrow::none) {  // argsort: (key << 32 | index), sorted as one integer
      uint32_t* v = reinterpret_cast<uint32_t*>(w);
      keys32(nk, v, n, nullptr, nullptr);
      uint64_t* pk = reinterpret_cast<uint64_t*>(w + n * 8);
      for (int64_t j = 0; j < n; ++j) pk[j] = uint64_t{v[j]} << 32 | static_cast<uint64_t>(j);
      sort_plain(pk, reinterpret_cast<uint64_t*>(w + n * 16), n, 4);
      for (int64_t j = 0; j < n; ++j) pk[j] &= 0xffffffffu;
      int64_t o, a, b;
      lx.line(idx, &o, &a, &b);
      detail::store_strided(8, lx.at(o, 0), lx.step(), pk, n);
      return;
    }
    uint64_t* v = reinterpret_cast<uint64_t*>(w);
    KV* p = reinterpret_cast<KV*>(w + n * 8);
    uint64_t* row = reinterpret_cast<uint64_t*>(w + n * 24);
    KV* tmp = reinterpret_cast<KV*>(w + n * 32);
    make_keys(wk, v, p, n);
    if (mode == Mode::topk) {
      top_pairs(p, nout, n);
    } else {
      sort_pairs(p, tmp, n);
    }
    if (values) {
      int64_t o, a, b;
      lv.line(idx, &o, &a, &b);
      for (int64_t j = 0; j < nout; ++j) row[j] = v[p[j].i];
      detail::cast_row(back, lv.at(o, 0), lv.step(), row, 1, nout);
    }
    if (indices) {
      int64_t o, a, b;
      lx.line(idx, &o, &a, &b);
      for (int64_t j = 0; j < nout; ++j) row[j] = static_cast<uint64_t>(p[j].i);
      detail::store_strided(8, lx.at(o, 0), lx.step(), row, nout);
    }
  });
  return ok_status();
}

// ------------------------------------------------------------------------- selection
// partition() / argpartition(): introselect (kernels/select.hpp) on the same keys as sort() (NaN
// last, -0 == +0, integers exact). Values: the line's keys alone (32 or 64 bits), back to values
// as sort() does (the zeros' signs in the order the zero keys end in). Indices: (key << 32 |
// index) as one uint64 for dtypes of at most 32 bits, (key, index) pairs compared by key for the
// 64-bit ones.

// kth's values along the 1-D int64 operand, counted from the end when negative, checked against
// n (NumPy's message), sorted and unique, into ks; their count in *nk.
Status read_kth(const char* name, const Operand& kth, int64_t n, bool check, detail::Buffer& buf,
                int64_t** ks, int64_t* nk) {
  SV_CHECK(detail::check_operand(name, "kth", kth));
  if (kth.layout.shape.size() != 1) {
    return make_error(Code::rank_mismatch, std::string(name) + ": kth must be 1-D, got shape " +
                                               detail::shape_str(kth.layout.shape));
  }
  SV_CHECK(detail::check_dtype(name, "kth", kth, DType::int64));
  const int64_t m = kth.layout.shape[0];
  SV_CHECK(buf.allocate(name, m * 8 + 16));
  int64_t* k = reinterpret_cast<int64_t*>(buf.data() + ((8 - reinterpret_cast<uintptr_t>(buf.data()) % 8) % 8));
  detail::AxisLines lk;
  lk.init(kth, 0);
  const int64_t at0 = 0;
  int64_t off, lo, hi;
  lk.line(&at0, &off, &lo, &hi);
  const detail::Caster c = detail::make_caster(DType::int64, DType::int64);
  for (int64_t i = 0; i < m; i += detail::kCastChunk) {
    lk.read(off, lo, hi, i, std::min(detail::kCastChunk, m - i), c, reinterpret_cast<char*>(k + i));
  }
  for (int64_t i = 0; i < m; ++i) {
    if (k[i] < 0) k[i] += n;
    if (check && (k[i] < 0 || k[i] >= n)) {
      return make_error(Code::out_of_range, std::string(name) + ": kth(=" + std::to_string(k[i]) +
                                                ") out of bounds (" + std::to_string(n) + ")");
    }
  }
  std::sort(k, k + m);
  *nk = std::unique(k, k + m) - k;
  *ks = k;
  return ok_status();
}

// partition()'s line of values, in place: the line read as K (w: n K, then n bytes for the
// zeros' signs from w + 8 n; tmp: n K of scratch) becomes keys, selected at ks, back to values.
template <class K, class KeyKind>
void select_values(KeyKind kind, char* w, char* tmp, int64_t n, const int64_t* ks, int64_t nk) {
  K* v = reinterpret_cast<K*>(w);
  uint8_t* zs = reinterpret_cast<uint8_t*>(w + n * 8);
  int64_t nz = 0;
  keys_of(kind, v, n, zs, &nz);
  detail::select_kth(v, reinterpret_cast<K*>(tmp), n, ks, nk, [](K a, K b) { return a < b; });
  values_of(kind, v, n, zs);
}

Status run_partition(const char* name, bool arg, const Operand& out, const Operand& in,
                     const Operand& kth, int axis) {
  SV_CHECK(detail::check_operand(name, "in", in));
  SV_CHECK(detail::check_operand(name, "out", out));
  const int r = static_cast<int>(in.layout.shape.size());
  if (r == 0) {
    return make_error(Code::rank_mismatch, std::string(name) +
                                               ": in has rank 0; reshape it to [1] (NumPy "
                                               "flattens when axis is None)");
  }
  SV_CHECK(detail::normalize_axis(name, r, &axis));
  const int64_t n = in.layout.shape[axis];
  bool empty = false;
  for (int d = 0; d < r; ++d) empty = empty || in.layout.shape[d] == 0;
  if (out.layout.shape != in.layout.shape) {
    return make_error(Code::shape_mismatch, std::string(name) + ": out has shape " +
                                                detail::shape_str(out.layout.shape) +
                                                " but needs " + detail::shape_str(in.layout.shape));
  }
  SV_CHECK(detail::check_dtype(name, "out", out, arg ? DType::int64 : in.dtype));
  SV_CHECK(detail::check_writable(name, "out", out));
  detail::Buffer kb, ib, wb;
  int64_t* ks = nullptr;
  int64_t nk = 0;
  // (NumPy checks kth only when the array has elements)
  SV_CHECK(read_kth(name, kth, n, !empty, kb, &ks, &nk));
  if (empty) return ok_status();
  Operand src = in;
  if (detail::overlaps(out, in)) SV_CHECK(detail::materialize(name, in, ib, &src));
  const Wide wk = wide_kind(in.dtype);
  // lines of 2^32 elements or more keep (key, index) pairs for argpartition
  const Narrow nk32 = arg && n > int64_t{0xffffffff} ? Narrow::none : narrow_kind(in.dtype);
  // Workspace per task: the line read as keys (from 0), the zeros' signs (values: from 8 n), the
  // packed (key, index) or the pairs (indices: from 8 n), then the selection's scratch (n of the
  // selected elements, from toff). (A small one: natively, each fresh page of a large temporary
  // costs a page fault.)
  const int64_t tsz = !arg ? (nk32 != Narrow::none ? 4 : 8) : nk32 != Narrow::none ? 8 : 16;
  const int64_t toff = ((!arg ? n * 9 : n * 8 + n * tsz) + 15) / 16 * 16;
  const int64_t tasks = parallel::line_tasks(r, src.layout.shape.data(), axis, n * 4);
  const int64_t wsz = (toff + n * tsz + 15) / 16 * 16;
  SV_CHECK(wb.allocate(name, wsz * tasks + 16));
  char* w0 = wb.data() + ((16 - reinterpret_cast<uintptr_t>(wb.data()) % 16) % 16);
  const DType rd = nk32 != Narrow::none ? narrow_dtype(nk32) : wide_dtype(wk);
  const int64_t esz = nk32 != Narrow::none ? 4 : 8;
  const detail::Caster load = detail::make_caster(rd, in.dtype);
  const detail::Caster back = detail::make_caster(in.dtype, rd);
  detail::AxisLines li, lo;
  li.init(src, axis);
  lo.init(out, axis);
  parallel::for_each_line(r, src.layout.shape.data(), axis, tasks, [&](int64_t t, const int64_t* idx) {
    char* w = w0 + t * wsz;
    int64_t off, a, b;
    li.line(idx, &off, &a, &b);
    for (int64_t i = 0; i < n; i += detail::kCastChunk) {
      li.read(off, a, b, i, std::min(detail::kCastChunk, n - i), load, w + i * esz);
    }
    int64_t o;
    lo.line(idx, &o, &a, &b);
    const auto lt = [](auto x, auto y) { return x < y; };
    if (!arg) {
      if (nk32 != Narrow::none) {
        select_values<uint32_t>(nk32, w, w + toff, n, ks, nk);
      } else {
        select_values<uint64_t>(wk, w, w + toff, n, ks, nk);
      }
      detail::cast_row(back, lo.at(o, 0), lo.step(), w, 1, n);
      return;
    }
    uint64_t* row = reinterpret_cast<uint64_t*>(w + n * 8);
    if (nk32 != Narrow::none) {  // (key << 32 | index), selected as one integer
      uint32_t* v = reinterpret_cast<uint32_t*>(w);
      keys32(nk32, v, n, nullptr, nullptr);
      for (int64_t j = 0; j < n; ++j) row[j] = uint64_t{v[j]} << 32 | static_cast<uint64_t>(j);
      detail::select_kth(row, reinterpret_cast<uint64_t*>(w + toff), n, ks, nk, lt);
      for (int64_t j = 0; j < n; ++j) row[j] &= 0xffffffffu;
    } else {
      KV* p = reinterpret_cast<KV*>(w + n * 8);
      make_keys(wk, reinterpret_cast<uint64_t*>(w), p, n);
      detail::select_kth(p, reinterpret_cast<KV*>(w + toff), n, ks, nk,
                         [](const KV& x, const KV& y) { return x.k < y.k; });
      row = reinterpret_cast<uint64_t*>(w);
      for (int64_t j = 0; j < n; ++j) row[j] = static_cast<uint64_t>(p[j].i);
    }
    detail::store_strided(8, lo.at(o, 0), lo.step(), row, n);
  });
  return ok_status();
}

}  // namespace

Status sort(const Operand& out, const Operand& in, int axis) {
  return run_sort("sort", Mode::sort, &out, nullptr, in, axis, 0);
}

Status argsort(const Operand& out, const Operand& in, int axis) {
  return run_sort("argsort", Mode::argsort, nullptr, &out, in, axis, 0);
}

Status topk(const Operand& values, const Operand& indices, const Operand& in, int64_t k, int axis) {
  return run_sort("topk", Mode::topk, &values, &indices, in, axis, k);
}

Status partition(const Operand& out, const Operand& in, const Operand& kth, int axis) {
  return run_partition("partition", false, out, in, kth, axis);
}

Status argpartition(const Operand& out, const Operand& in, const Operand& kth, int axis) {
  return run_partition("argpartition", true, out, in, kth, axis);
}

Status searchsorted(const Operand& out, const Operand& a, const Operand& v, bool right) {
  const char* name = "searchsorted";
  SV_CHECK(detail::check_operand(name, "a", a));
  SV_CHECK(detail::check_operand(name, "v", v));
  SV_CHECK(detail::check_operand(name, "out", out));
  for (const Operand* o : {&a, &v, &out}) {
    if (o->layout.shape.size() != 1) {
      return make_error(Code::rank_mismatch,
                        std::string(name) + ": " + (o == &a ? "a" : o == &v ? "v" : "out") +
                            " must be 1-D, got shape " + detail::shape_str(o->layout.shape));
    }
  }
  if (a.dtype != v.dtype) {
    return make_error(Code::type_error, std::string(name) + ": a is " + dtype_name(a.dtype) +
                                            " but v is " + dtype_name(v.dtype) +
                                            "; cast both to their common dtype first");
  }
  SV_CHECK(detail::check_dtype(name, "out", out, DType::int64));
  SV_CHECK(detail::check_writable(name, "out", out));
  const int64_t n = a.layout.shape[0], m = v.layout.shape[0];
  if (out.layout.shape[0] != m) {
    return make_error(Code::shape_mismatch, std::string(name) + ": out has shape " +
                                                detail::shape_str(out.layout.shape) +
                                                " but v has shape " +
                                                detail::shape_str(v.layout.shape));
  }
  if (m == 0) return ok_status();
  // a's keys (sort's order: NaN last, -0 == +0), then each chunk of v's keys found by binary search
  const Wide wk = wide_kind(a.dtype);
  const detail::Caster load = detail::make_caster(wide_dtype(wk), a.dtype);
  detail::Buffer wb;
  const int64_t ch = detail::kCastChunk;
  SV_CHECK(wb.allocate(name, (n + 2 * ch) * 8 + 16));
  char* w0 = wb.data() + ((16 - reinterpret_cast<uintptr_t>(wb.data()) % 16) % 16);
  uint64_t* keys = reinterpret_cast<uint64_t*>(w0);
  uint64_t* vk = keys + n;
  uint64_t* pos = vk + ch;
  const int64_t at0 = 0;
  detail::AxisLines la, lv, lo;
  la.init(a, 0);
  lv.init(v, 0);
  lo.init(out, 0);
  int64_t off, lb, hb;
  la.line(&at0, &off, &lb, &hb);
  for (int64_t i = 0; i < n; i += ch) {
    la.read(off, lb, hb, i, std::min(ch, n - i), load, reinterpret_cast<char*>(keys + i));
  }
  keys64(wk, keys, n, nullptr, nullptr);
  int64_t voff, vlo, vhi, ooff, olo, ohi;
  lv.line(&at0, &voff, &vlo, &vhi);
  lo.line(&at0, &ooff, &olo, &ohi);
  for (int64_t i = 0; i < m; i += ch) {
    const int64_t c = std::min(ch, m - i);
    lv.read(voff, vlo, vhi, i, c, load, reinterpret_cast<char*>(vk));
    keys64(wk, vk, c, nullptr, nullptr);
    for (int64_t j = 0; j < c; ++j) {
      const uint64_t x = vk[j];
      int64_t b = 0, len = n;  // the first index whose key is >= x (left) or > x (right)
      if (right) {
        while (len > 0) {
          const int64_t h = len >> 1;
          if (keys[b + h] <= x) {
            b += h + 1;
            len -= h + 1;
          } else {
            len = h;
          }
        }
      } else {
        while (len > 0) {
          const int64_t h = len >> 1;
          if (keys[b + h] < x) {
            b += h + 1;
            len -= h + 1;
          } else {
            len = h;
          }
        }
      }
      pos[j] = static_cast<uint64_t>(b);
    }
    detail::store_strided(8, lo.at(ooff, i), lo.step(), pos, c);
  }
  return ok_status();
}

}  // namespace sv::kernels
