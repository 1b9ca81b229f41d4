// reduce(): sum / max / min / mean over a set of dims, keepdims form. The output is set to the
// identity first, then the input's index space is walked once (ordered by the INPUT's strides so it
// streams) with the output at stride 0 along reduced dims: a reduced innermost dim is a horizontal
// row reduction, a kept innermost dim accumulates whole rows into the output (vertical).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/internal.hpp"
#include "kernels/rows.hpp"
#include "parallel/pool.hpp"

namespace sv::kernels {
namespace {

using detail::Buffer;

std::string S(int64_t v) { return std::to_string(v); }

const char* reduce_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return "sum";
    case ReduceOp::max: return "max";
    case ReduceOp::min: return "min";
    case ReduceOp::mean: return "mean";
  }
  return nullptr;
}

// Type-erased row loops of one (op, dtype): SIMD128 for the hot dtypes, scalar otherwise.
struct ReduceRows {
  void (*to)(void* o, const void* x, int64_t xs, int64_t n) = nullptr;
  void (*into)(void* o, int64_t os, const void* x, int64_t xs, int64_t n) = nullptr;
  void (*into4)(void* o, const void* x0, const void* x1, const void* x2, const void* x3,
                int64_t n) = nullptr;
  // Float sums: o = the sum of m contiguous rows x + r*s (s in elements), in row order.
  void (*rows)(void* o, const void* x, int64_t s, int64_t m, int64_t n) = nullptr;
};

template <ReduceOp OP, class T>
void reduce_to_fn(void* o, const void* x, int64_t xs, int64_t n) {
  rows::reduce_to<OP, T, T>(static_cast<T*>(o), static_cast<const T*>(x), xs, n);
}
template <ReduceOp OP, class T>
void reduce_into_fn(void* o, int64_t os, const void* x, int64_t xs, int64_t n) {
  rows::reduce_into<OP, T, T>(static_cast<T*>(o), os, static_cast<const T*>(x), xs, n);
}
template <ReduceOp OP, class T>
void reduce_into4_fn(void* o, const void* x0, const void* x1, const void* x2, const void* x3,
                     int64_t n) {
  rows::reduce_into4<OP, T, T>(static_cast<T*>(o), static_cast<const T*>(x0),
                               static_cast<const T*>(x1), static_cast<const T*>(x2),
                               static_cast<const T*>(x3), n);
}
template <class T>
void sum_rows_fn(void* o, const void* x, int64_t s, int64_t m, int64_t n) {
  rows::sum_rows<T>(static_cast<T*>(o), static_cast<const T*>(x), s, m, n);
}
template <ReduceOp OP, class T>
ReduceRows reduce_rows_of() {
  ReduceRows r;
  r.to = &reduce_to_fn<OP, T>;
  r.into = &reduce_into_fn<OP, T>;
  r.into4 = &reduce_into4_fn<OP, T>;
  if constexpr (OP == ReduceOp::sum && is_float_v<T>) r.rows = &sum_rows_fn<T>;
  return r;
}

// ---------------------------------------------------------------- the input's rows
// The walks below read their input through an Input: in place, or, for an operand whose values
// come from a ValueSource (a fused chain's result: kernels/fused.hpp), computed into scratch first
// and handed to the same row loops. The loops then get the values an in-place read of the
// materialised chain (a C-contiguous array) would give them, in the same order: a horizontal row
// whole, vertical rows by column chunks (their operations are per column), so the bits are the
// unfused reduction's. Computed reads never see xs other than 1 for a horizontal row (the planner
// walks a C-contiguous input along its stride-1 dim).
class Input {
 public:
  static constexpr int64_t kCols = 1024;  // columns per computed chunk of a vertical row loop
  static constexpr int64_t kRowsWhole = 32768;  // values per computed chunk of rows()

  Input(const ReduceRows& rr, const ValueSource* src, const char* base, int64_t ie, int64_t oe,
        std::atomic<bool>* failed)
      : rr_(rr), src_(src), base_(base), ie_(ie), oe_(oe), failed_(failed) {}
  // The same input for another thread (its own scratch).
  Input(const Input& o) : Input(o.rr_, o.src_, o.base_, o.ie_, o.oe_, o.failed_) {}
  Input& operator=(const Input&) = delete;

  // *o = *o OP (the reduction of the row x[0], x[xs], ...).
  void to(void* o, const char* x, int64_t xs, int64_t n) {
    if (!src_) return rr_.to(o, x, xs, n);
    if (const char* v = fetch(x, xs, n, 0, n)) rr_.to(o, v, 1, n);
  }
  // o[i * os] = o[i * os] OP x[i * xs], i < n.
  void into(void* o, int64_t os, const char* x, int64_t xs, int64_t n) {
    if (!src_) return rr_.into(o, os, x, xs, n);
    for (int64_t i = 0; i < n; i += kCols) {
      const int64_t m = std::min(kCols, n - i);
      const char* v = fetch(x + i * xs, xs, m, 0, m);
      if (!v) return;
      rr_.into(static_cast<char*>(o) + i * os * oe_, os, v, 1, m);
    }
  }
  void into4(void* o, const char* x0, const char* x1, const char* x2, const char* x3, int64_t n) {
    if (!src_) return rr_.into4(o, x0, x1, x2, x3, n);
    for (int64_t i = 0; i < n; i += kCols) {
      const int64_t m = std::min(kCols, n - i);
      const char* v[4];
      const char* x[4] = {x0, x1, x2, x3};
      for (int k = 0; k < 4; ++k) {
        if (!(v[k] = fetch(x[k] + i, 1, m, k * kCols, 4 * kCols))) return;
      }
      rr_.into4(static_cast<char*>(o) + i * oe_, v[0], v[1], v[2], v[3], m);
    }
  }
  // o = the sum of m contiguous rows x + r * s (rows::sum_rows).
  void rows(void* o, const char* x, int64_t s, int64_t m, int64_t n) {
    if (!src_) return rr_.rows(o, x, s, m, n);
    if (s == n && m * n <= kRowsWhole) {  // the m rows are one run of values: one read
      if (const char* v = fetch(x, 1, m * n, 0, m * n)) rr_.rows(o, v, n, m, n);
      return;
    }
    const int64_t cols = std::max<int64_t>(16, kRowsWhole / m / 16 * 16);
    for (int64_t i = 0; i < n; i += cols) {
      const int64_t c = std::min(cols, n - i);
      const char* v = nullptr;
      for (int64_t r = 0; r < m; ++r) {
        const char* row = fetch(x + r * s + i, 1, c, r * c, m * c);
        if (!row) return;
        if (r == 0) v = row;
      }
      rr_.rows(static_cast<char*>(o) + i * oe_, v, c, m, c);
    }
  }
  // dst (contiguous) = the n elements at x converted by `cast`.
  void cast_row(const detail::Caster& cast, void* dst, const char* x, int64_t xs, int64_t n) {
    if (!src_) return detail::cast_row(cast, dst, 1, x, xs, n);
    if (const char* v = fetch(x, xs, n, 0, n)) detail::cast_row(cast, dst, 1, v, 1, n);
  }
  // The bytes of the element at x.
  void element(void* dst, const char* x) {
    if (!src_) {
      std::memcpy(dst, x, static_cast<size_t>(ie_));
      return;
    }
    if (const char* v = fetch(x, 1, 1, 0, 1)) std::memcpy(dst, v, static_cast<size_t>(ie_));
  }

 private:
  // The n computed values at x (stride xs) into elements [at, at + n) of the scratch, which holds
  // `need` elements; nullptr (and the call marked failed) when the scratch cannot be allocated.
  const char* fetch(const char* x, int64_t xs, int64_t n, int64_t at, int64_t need) {
    if (need > cap_) {
      if (!buf_.allocate("reduce", need * ie_).ok()) {
        cap_ = 0;
        failed_->store(true, std::memory_order_relaxed);
        return nullptr;
      }
      cap_ = need;
    }
    char* d = buf_.data() + at * ie_;
    src_->read(d, x - base_, xs, n);
    return d;
  }

  const ReduceRows& rr_;
  const ValueSource* src_;
  const char* base_;
  int64_t ie_, oe_;
  std::atomic<bool>* failed_;
  detail::Buffer buf_;
  int64_t cap_ = 0;
};

// ---------------------------------------------------------------- threads: fixed decompositions
// A reduced row longer than kRowBlock elements is reduced in blocks of row_block(n) elements (a
// function of n only, never of the thread count), each from the op's identity into its own
// partial result, the blocks on the thread pool; the partials are then reduced in block order by
// the dtype's own row loop (pairwise for float sums). So a sum gives the same bits at 1, 2 or N
// threads and in the single-threaded builds, which run the same blocks inline.
constexpr int64_t kRowBlock = int64_t{1} << 16;
constexpr int64_t kMaxRowBlocks = 512;

int64_t row_block(int64_t n) {
  const int64_t b = (n + kMaxRowBlocks - 1) / kMaxRowBlocks;
  return b <= kRowBlock ? kRowBlock : (b + kRowBlock - 1) / kRowBlock * kRowBlock;
}

// *o = *o OP (the reduction of the row), the row cut into fixed blocks as above. part_init(part,
// i0) sets a block's partial to the identity (the block's first element for max/min);
// block(part, i0, m) reduces elements [i0, i0 + m) into it.
template <class Init, class Block>
void blocked_row(const ReduceRows& rr, void* o, int64_t n, int64_t esize, Init&& part_init,
                 Block&& block) {
  const int64_t bsz = row_block(n), nb = (n + bsz - 1) / bsz;
  alignas(16) char part[kMaxRowBlocks * 8];
  parallel::run_tasks(nb, [&](int64_t b) {
    const int64_t i0 = b * bsz, m = n - i0 < bsz ? n - i0 : bsz;
    char* pb = part + b * esize;
    part_init(pb, i0);
    block(pb, i0, m);
  });
  rr.to(o, part, 1, nb);
}

// Walks the plan with the output at stride 0 along reduced dims. With `cast` (an input dtype other
// than the output's), each input row is converted to the output dtype in chunks first.
SV_LOOP_FN void run_reduce(const Plan& p, Input& in, const ReduceRows& rr,
                           const detail::Caster* cast, bool additive) {
  const int L = p.last();
  const int64_t n = p.shape[L], os = p.stride[0][L], xs = p.stride[1][L];
  const int64_t oe = p.esize[0], xe = p.esize[1];
  alignas(16) uint64_t buf[detail::kCastChunk];
  if (os == 0) {
    for_each_outer(p, 1, [&](char** ptr) {
      if (!cast && n > kRowBlock) {
        // max/min start each block from its first element; integer sums from zero.
        const bool from_first = !additive;
        // (the blocks run on the pool: each its own Input, so its own scratch)
        blocked_row(
            rr, ptr[0], n, oe,
            [&](char* pb, int64_t i0) {
              if (from_first) Input(in).element(pb, ptr[1] + i0 * xs * xe);
              else std::memset(pb, 0, static_cast<size_t>(oe));
            },
            [&](char* pb, int64_t i0, int64_t m) { Input(in).to(pb, ptr[1] + i0 * xs * xe, xs, m); });
        return;
      }
      if (!cast) {
        in.to(ptr[0], ptr[1], xs, n);
        return;
      }
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = n - i < detail::kCastChunk ? n - i : detail::kCastChunk;
        in.cast_row(*cast, buf, ptr[1] + i * xs * xe, xs, m);
        rr.to(ptr[0], buf, 1, m);
      }
    });
  } else if (!cast && p.ndim >= 2 && os == 1 && xs == 1 && p.stride[0][L - 1] == 0 &&
             n * oe >= 4096) {
    // Rows accumulate into one output row (a reduced dim just outside the inner one): four input
    // rows per pass over the output row. Only for rows of 4 KiB or more: on shorter rows the four
    // input rows and the output row collide modulo 4 KiB often enough (store-to-load aliasing) that
    // measured WebAssembly ran up to 2x slower than one row per pass.
    const int64_t rows = p.shape[L - 1], step = p.stride[1][L - 1] * xe;
    for_each_outer(p, 2, [&](char** ptr) {
      char* o = ptr[0];
      const char* x = ptr[1];
      int64_t r = 0;
      for (; r + 4 <= rows; r += 4) {
        in.into4(o, x + r * step, x + (r + 1) * step, x + (r + 2) * step, x + (r + 3) * step, n);
      }
      for (; r < rows; ++r) in.into(o, 1, x + r * step, 1, n);
    });
  } else {
    for_each_outer(p, 1, [&](char** ptr) {
      if (!cast) {
        in.into(ptr[0], os, ptr[1], xs, n);
        return;
      }
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = n - i < detail::kCastChunk ? n - i : detail::kCastChunk;
        in.cast_row(*cast, buf, ptr[1] + i * xs * xe, xs, m);
        rr.into(ptr[0] + i * os * oe, os, buf, 1, m);
      }
    });
  }
}

// ---------------------------------------------------------------- float sums: pairwise outer loops
// A float sum must not add rows to the output one after another either: summing a [4096,4096]
// over its first axis, or a sliced 2-D view over all of it, would add 4096 partial results to each
// output element in order (error growing with 4096 eps). So float sums walk the plan recursively:
// kept dims loop, and each run of adjacent reduced outer dims with more than kOuterBlock items (one
// item = the rest of the walk) adds its items in blocks of kOuterBlock (kOuterBlock + 1 for
// contiguous vertical rows) into a partial result and combines the blocks pairwise (SumCascade),
// as NumPy combines its 128-element blocks. A
// partial result covers the output elements the rest of the walk touches, compactly; the output
// itself receives one addition per run. Error: O((16 + log2 n) eps) per output element for every
// layout and axis set, the inner rows being pairwise already (rows::reduce_to).
constexpr int64_t kOuterBlock = 16;

// The same binary counter as scalar::Cascade over partial results of `sub` elements held in
// buffers that are swapped, never copied. `add` is the dtype's vertical row loop (o += x).
struct SumCascade {
  void (*add)(void* o, int64_t os, const void* x, int64_t xs, int64_t n) = nullptr;
  int64_t sub = 0, bytes = 0;
  char* acc = nullptr;  // the block being accumulated
  char* lev[65] = {};
  uint64_t count = 0;

  // `scratch` holds nbuf >= 2 buffers of sub elements of esize bytes.
  void init(char* scratch, int nbuf, int64_t sub_, int64_t esize,
            void (*add_)(void*, int64_t, const void*, int64_t, int64_t)) {
    add = add_;
    sub = sub_;
    bytes = sub_ * esize;
    acc = scratch;
    for (int k = 0; k + 1 < nbuf; ++k) lev[k] = scratch + (k + 1) * bytes;
    count = 0;
  }
  void start() { std::memset(acc, 0, static_cast<size_t>(bytes)); }  // +0.0 in every float
  void push() {
    int k = 0;
    char* carry = acc;
    for (uint64_t c = count; c & 1; c >>= 1, ++k) {
      add(lev[k], 1, carry, 1, sub);  // older + newer, into the older one's buffer
      std::swap(lev[k], carry);       // lev[k] is free now
    }
    std::swap(lev[k], carry);
    acc = carry;
    ++count;
  }
  // The sum of all pushed blocks (count > 0), smallest levels first; consumes the levels.
  const char* total() {
    char* t = nullptr;
    for (uint64_t m = count; m; m &= m - 1) {
      const int k = __builtin_ctzll(m);
      if (t) add(lev[k], 1, t, 1, sub);
      t = lev[k];
    }
    return t;
  }
};

// Buffers a cascade over `items` items needs: one per level of ceil(items / kOuterBlock) blocks,
// plus the block being accumulated.
int cascade_buffers(int64_t items) {
  uint64_t blocks = static_cast<uint64_t>((items + kOuterBlock - 1) / kOuterBlock);
  int levels = 0;
  for (; blocks; blocks >>= 1) ++levels;
  return levels + 1;
}

class SumWalk {
 public:
  SumWalk(const Plan& p, Input& in, const ReduceRows& rr, const detail::Caster* cast)
      : p_(p), in_(in), rr_(rr), cast_(cast), L_(p.last()), oe_(p.esize[0]), xe_(p.esize[1]) {}

  // Finds the reduced runs that get a cascade and sizes their scratch.
  Status prepare(const char* op, Buffer& buf, int64_t* buf_bytes) {
    for (int d = 0; d <= L_; ++d) reduced_[d] = p_.stride[0][d] == 0;
    int64_t bytes = 0;
    for (int d = 0; d < L_;) {
      if (!reduced_[d]) {
        ++d;
        continue;
      }
      int e = d;
      int64_t c = 1;
      while (e < L_ && reduced_[e]) c *= p_.shape[e++];
      end_[d] = e;
      items_[d] = c;
      if (c > kOuterBlock) {
        // The partial result: the kept dims of [e, L], compact, innermost fastest.
        int64_t sub = 1;
        for (int k = L_; k >= e; --k) {
          sstr_[d][k] = reduced_[k] ? 0 : sub;
          if (!reduced_[k]) sub *= p_.shape[k];
        }
        sub_[d] = sub;
        nbuf_[d] = cascade_buffers(c);
        offset_[d] = bytes;
        bytes += nbuf_[d] * sub * oe_;
      }
      d = e;
    }
    if (bytes > static_cast<int64_t>(sizeof small_)) {
      if (bytes > *buf_bytes) {
        SV_CHECK(buf.allocate(op, bytes));
        *buf_bytes = bytes;
      }
      scratch_ = buf.data();
    } else {
      scratch_ = small_;
    }
    return ok_status();
  }

  void run() { walk(0, p_.stride[0], p_.ptr[0], p_.ptr[1]); }

 private:
  // Adds the part of the input under dims [d, L] at x into the target t with element strides ts.
  void walk(int d, const int64_t* ts, char* t, const char* x) {
    if (d == L_) {
      row(ts, t, x);
      return;
    }
    if (!reduced_[d]) {
      for (int64_t i = 0; i < p_.shape[d]; ++i) {
        walk(d + 1, ts, t + i * ts[d] * oe_, x + i * p_.stride[1][d] * xe_);
      }
      return;
    }
    const int64_t c = items_[d];
    if (c <= kOuterBlock) {
      add_items(d, ts, t, x, 0, c);
      return;
    }
    SumCascade cs;
    cs.init(scratch_ + offset_[d], nbuf_[d], sub_[d], oe_, rr_.into);
    // A vertical run (one reduced dim just outside a kept contiguous inner dim) sums blocks of
    // kOuterBlock + 1 rows in registers and stores each column once (rr.rows): measured faster than
    // zeroing the partial result and adding the rows four at a time, for 1 KiB and 16 KiB rows.
    const int64_t n = p_.shape[L_];
    const bool vertical = d == L_ - 1 && !reduced_[L_] && !cast_ && p_.stride[1][L_] == 1;
    const int64_t step = p_.stride[1][d] * xe_;
    for (int64_t first = 0, m = 0; first < c; first += m) {
      m = std::min(kOuterBlock + (vertical ? 1 : 0), c - first);
      if (vertical) {
        in_.rows(cs.acc, x + first * step, p_.stride[1][d], m, n);
      } else {
        cs.start();
        add_items(d, sstr_[d], cs.acc, x, first, m);
      }
      cs.push();
    }
    add_partial(end_[d], ts, t, sstr_[d], cs.total());
  }

  // Adds items [first, first + m) of the reduced run starting at d (row-major over its dims).
  void add_items(int d, const int64_t* ts, char* t, const char* x, int64_t first, int64_t m) {
    const int e = end_[d];
    const int64_t n = p_.shape[L_];
    if (d == L_ - 1 && !cast_) {
      // One reduced dim around the inner rows: the row loops directly (rows of 1 KiB cost about
      // as much as a few calls through walk() and row()).
      const int64_t step = p_.stride[1][d] * xe_, xs = p_.stride[1][L_];
      const char* r = x + first * step;
      int64_t k = 0;
      if (reduced_[L_]) {
        for (; k < m; ++k, r += step) in_.to(t, r, xs, n);
        return;
      }
      if (ts[L_] == 1 && xs == 1 && n * oe_ >= 4096) {
        // Contiguous rows into a contiguous row: four input rows per pass over the target. Only
        // for rows of 4 KiB or more: on shorter rows the four input rows and the target row
        // collide modulo 4 KiB often enough (store-to-load aliasing) that measured WebAssembly ran
        // up to 2x slower than one row per pass.
        for (; k + 4 <= m; k += 4, r += 4 * step) {
          in_.into4(t, r, r + step, r + 2 * step, r + 3 * step, n);
        }
      }
      for (; k < m; ++k, r += step) in_.into(t, ts[L_], r, xs, n);
      return;
    }
    int64_t idx[kMaxRank];
    const char* xi = x;
    int64_t f = first;
    for (int k = e - 1; k >= d; --k) {
      idx[k] = f % p_.shape[k];
      f /= p_.shape[k];
      xi += idx[k] * p_.stride[1][k] * xe_;
    }
    for (int64_t j = 0; j < m; ++j) {
      walk(e, ts, t, xi);
      for (int k = e - 1; k >= d; --k) {
        if (++idx[k] < p_.shape[k]) {
          xi += p_.stride[1][k] * xe_;
          break;
        }
        xi -= (p_.shape[k] - 1) * p_.stride[1][k] * xe_;
        idx[k] = 0;
      }
    }
  }

  // One inner row into the target: horizontal (reduced inner dim) or vertical. A long reduced row
  // goes in fixed blocks (blocked_row), each block a row of its own into a zeroed partial.
  void row(const int64_t* ts, char* t, const char* x) {
    const int64_t n = p_.shape[L_], xs = p_.stride[1][L_];
    if (reduced_[L_] && n > kRowBlock) {
      blocked_row(
          rr_, t, n, oe_, [&](char* pb, int64_t) { std::memset(pb, 0, static_cast<size_t>(oe_)); },
          [&](char* pb, int64_t i0, int64_t m) {
            Input own(in_);  // (blocks run on the pool: each its own scratch)
            row_n(own, ts, pb, x + i0 * xs * xe_, m);
          });
      return;
    }
    row_n(in_, ts, t, x, n);
  }

  void row_n(Input& in, const int64_t* ts, char* t, const char* x, const int64_t n) {
    const int64_t xs = p_.stride[1][L_];
    if (!cast_) {
      if (reduced_[L_]) {
        in.to(t, x, xs, n);
      } else {
        in.into(t, ts[L_], x, xs, n);
      }
      return;
    }
    alignas(16) uint64_t buf[detail::kCastChunk];
    if (!reduced_[L_]) {
      for (int64_t i = 0; i < n; i += detail::kCastChunk) {
        const int64_t m = std::min(n - i, detail::kCastChunk);
        in.cast_row(*cast_, buf, x + i * xs * xe_, xs, m);
        rr_.into(t + i * ts[L_] * oe_, ts[L_], buf, 1, m);
      }
      return;
    }
    if (n <= detail::kCastChunk) {
      in.cast_row(*cast_, buf, x, xs, n);
      rr_.to(t, buf, 1, n);
      return;
    }
    // Long converted rows: each chunk's (pairwise) sum is one block of a cascade.
    alignas(16) uint64_t lev[66];
    SumCascade cs;
    cs.init(reinterpret_cast<char*>(lev), 66, 1, oe_, rr_.into);
    for (int64_t i = 0; i < n; i += detail::kCastChunk) {
      const int64_t m = std::min(n - i, detail::kCastChunk);
      in.cast_row(*cast_, buf, x + i * xs * xe_, xs, m);
      cs.start();
      rr_.to(cs.acc, buf, 1, m);
      cs.push();
    }
    rr_.into(t, 1, cs.total(), 1, 1);
  }

  // t[...] += s[...] over the kept dims of [d, L] (t with strides ts, s with strides ss).
  void add_partial(int d, const int64_t* ts, char* t, const int64_t* ss, const char* s) {
    if (d == L_) {
      if (reduced_[L_]) {
        rr_.into(t, 1, s, 1, 1);
      } else {
        rr_.into(t, ts[L_], s, ss[L_], p_.shape[L_]);
      }
      return;
    }
    if (reduced_[d]) {
      add_partial(d + 1, ts, t, ss, s);
      return;
    }
    for (int64_t i = 0; i < p_.shape[d]; ++i) {
      add_partial(d + 1, ts, t + i * ts[d] * oe_, ss, s + i * ss[d] * oe_);
    }
  }

  const Plan& p_;
  Input& in_;
  const ReduceRows& rr_;
  const detail::Caster* cast_;
  const int L_;
  const int64_t oe_, xe_;
  // Set by prepare() before use (dims [0, L] and the starts of reduced runs); left uninitialised:
  // zeroing them (9 KiB) cost more than a small sum itself.
  bool reduced_[kMaxRank];
  int end_[kMaxRank];
  int nbuf_[kMaxRank];
  int64_t items_[kMaxRank];
  int64_t sub_[kMaxRank];
  int64_t offset_[kMaxRank];
  int64_t sstr_[kMaxRank][kMaxRank];
  char* scratch_ = nullptr;
  alignas(16) char small_[1024];
};

template <class T>
T identity(ReduceOp op) {
  if (op == ReduceOp::max) {
    return is_float_v<T> ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
  }
  if (op == ReduceOp::min) {
    return is_float_v<T> ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  }
  return T(0);
}

template <class U>
void fill_run(char* p, const void* value, int64_t n) {
  U v;
  std::memcpy(&v, value, sizeof(U));
  U* o = reinterpret_cast<U*>(p);
  for (int64_t i = 0; i < n; ++i) o[i] = v;
}

// Fills out (unmasked, writable) with one value given as raw bytes in out's dtype. A small
// C-contiguous out (the usual result of an axis reduction) in one loop, without planning a copy.
Status fill_bytes(const Operand& out, const void* value) {
  int64_t n = 0;
  if (char* p = const_cast<char*>(detail::c_contiguous_run(out, &n)); p && n <= 4096) {
    switch (dtype_size(out.dtype)) {
      case 1: fill_run<uint8_t>(p, value, n); break;
      case 2: fill_run<uint16_t>(p, value, n); break;
      case 4: fill_run<uint32_t>(p, value, n); break;
      default: fill_run<uint64_t>(p, value, n); break;
    }
    return ok_status();
  }
  Operand c;
  c.base = const_cast<void*>(value);
  c.dtype = out.dtype;
  c.layout.shape = out.layout.shape;
  c.layout.strides.assign(out.layout.shape.size(), 0);
  return copy(out, c, 0.0);
}

// out = convert(out / count), the mean's last step: one row loop per dtype, one walk.
template <class O>
void divide_row(char* p, int64_t s, int64_t n, double count) {
  O* o = reinterpret_cast<O*>(p);
  for (int64_t i = 0; i < n; ++i) {
    // Through double for every dtype: float32 means round once from the double quotient.
    o[i * s] = convert<O, double>(static_cast<double>(o[i * s]) / count);
  }
}

// The mean's division of one element at t (the flat path of reduce()).
void divide_element(char* t, DType dtype, int64_t count) {
  visit_dtype(dtype, [&](auto tag) {
    using O = typename decltype(tag)::type;
    if constexpr (!is_bool_v<O>) divide_row<O>(t, 1, 1, static_cast<double>(count));
  });
}

void divide_by(const Operand& out, int64_t count) {
  void (*row)(char*, int64_t, int64_t, double) = nullptr;
  visit_dtype(out.dtype, [&](auto tag) {
    using O = typename decltype(tag)::type;
    if constexpr (!is_bool_v<O>) row = &divide_row<O>;
  });
  if (!row) return;  // bool outputs were rejected before
  OpDesc ops[1] = {{static_cast<char*>(out.base), &out.layout,
                    static_cast<int64_t>(dtype_size(out.dtype)), nullptr}};
  const double c = static_cast<double>(count);
  for_each_region(1, ops, 0, [&](const Plan& p, uint32_t) {
    const int L = p.last();
    const int64_t n = p.shape[L], st = p.stride[0][L];
    for_each_outer(p, 1, [&](char** ptr) { row(ptr[0], st, n, c); });
  });
}

}  // namespace

namespace {

// sum of a whole C-contiguous, unmasked bool or 8-32-bit integer operand into one int64 / uint64
// element: one exact loop (integer sums wrap the same in any order), no conversion pass. 1M int8:
// 2.5 ms through the generic cast-and-reduce rows, 4-5x less here. false when not applicable.
template <class T, bool BOOL = false>
SV_LOOP_FN uint64_t int_sum(const T* x, int64_t n) {
  uint64_t acc = 0;
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (BOOL) {
      acc += x[i] != 0 ? 1u : 0u;  // any nonzero byte is true
    } else {
      acc += static_cast<uint64_t>(static_cast<int64_t>(x[i]));
    }
  }
  return acc;
}

bool whole_int_sum(const Operand& out, const Operand& in) {
  if (out.dtype != DType::int64 && out.dtype != DType::uint64) return false;
  if (in.dtype == DType::float32 || in.dtype == DType::float64 || dtype_size(in.dtype) >= 8) {
    return false;
  }
  if (detail::overlaps(out, in)) return false;
  int64_t n = 0;
  const char* p = detail::c_contiguous_run(in, &n);
  if (!p) return false;
  uint64_t acc = 0;
  switch (in.dtype) {
    case DType::bool_: acc = int_sum<uint8_t, true>(reinterpret_cast<const uint8_t*>(p), n); break;
    case DType::int8: acc = int_sum(reinterpret_cast<const int8_t*>(p), n); break;
    case DType::uint8: acc = int_sum(reinterpret_cast<const uint8_t*>(p), n); break;
    case DType::int16: acc = int_sum(reinterpret_cast<const int16_t*>(p), n); break;
    case DType::uint16: acc = int_sum(reinterpret_cast<const uint16_t*>(p), n); break;
    case DType::int32: acc = int_sum(reinterpret_cast<const int32_t*>(p), n); break;
    case DType::uint32: acc = int_sum(reinterpret_cast<const uint32_t*>(p), n); break;
    default: return false;
  }
  std::memcpy(static_cast<char*>(out.base) + out.layout.offset * 8, &acc, 8);
  return true;
}

}  // namespace

Status reduce(ReduceOp op, const Operand& out, const Operand& in, uint64_t axes_mask) {
  const char* name = reduce_name(op);
  if (!name) {
    return make_error(Code::invalid_argument,
                      "reduce: unknown op " + S(static_cast<int32_t>(op)) + "; expected 0..3");
  }
  static const auto kLabels = detail::op_labels<tables::kReduceOpCount>(
      "reduce ", [](int i) { return reduce_name(static_cast<ReduceOp>(i)); });
  const std::string& opn = kLabels[static_cast<int>(op)];
  const char* o = opn.c_str();
  SV_CHECK(detail::check_operand(o, "out", out));
  // (two calls, not one on `cond ? copy : in`: that conditional copies `in` every call, 0.6 us)
  SV_CHECK(in.source ? detail::check_operand(o, "in", detail::unsourced(in)) : detail::check_operand(o, "in", in));
  if (is_complex_dtype(in.dtype) || is_complex_dtype(out.dtype)) {
    return make_error(Code::type_error, opn + ": complex operands take the complex kernels (kernels::complex_run)");
  }
  const LayoutDims& ish = in.layout.shape;
  const int r = static_cast<int>(ish.size());
  if (r < 64 && (axes_mask >> r) != 0) {
    int bad = r;
    while (!((axes_mask >> bad) & 1u)) ++bad;
    return make_error(Code::out_of_range, opn + ": axis " + S(bad) +
                                              " is out of range for in of rank " + S(r) +
                                              " (shape " + dims_to_string(ish) + ")");
  }
  LayoutDims want = ish;
  // Elements per output element. An empty input has count 0 (when the output is empty too, count
  // is unused): multiplying first could overflow on [2^40, 2^40, 0] (undefined behaviour).
  const bool in_empty = std::find(ish.begin(), ish.end(), int64_t{0}) != ish.end();
  int64_t count = in_empty ? 0 : 1;
  for (int d = 0; d < r; ++d) {
    if ((axes_mask >> d) & 1u) {
      if (!in_empty) count *= ish[d];
      want[d] = 1;
    }
  }
  if (out.layout.shape != want) {
    return make_error(Code::shape_mismatch,
                      opn + ": out has shape " + dims_to_string(out.layout.shape) +
                          " but reducing in " + dims_to_string(ish) + " needs the keepdims shape " +
                          dims_to_string(want));
  }
  if (op == ReduceOp::max || op == ReduceOp::min) {
    SV_CHECK(detail::check_dtype(o, "out", out, in.dtype));
  } else if (out.dtype == DType::bool_) {
    return make_error(Code::type_error, opn +
                                            ": out cannot be bool; sum into an integer or "
                                            "float dtype");
  }
  SV_CHECK(detail::check_writable(o, "out", out));
  if (detail::numel_of(want) == 0) return ok_status();
  if (count == 0) {
    if (op == ReduceOp::max || op == ReduceOp::min) {
      return make_error(Code::invalid_argument,
                        opn + ": zero-size reduction of shape " + dims_to_string(ish) +
                            " has no identity; reduce over non-empty dims only");
    }
    alignas(16) unsigned char v[16] = {};
    visit_dtype(out.dtype, [&](auto tag) {
      using O = typename decltype(tag)::type;
      const O x = from_double<O>(op == ReduceOp::mean ? std::nan("") : 0.0);
      std::memcpy(v, &x, sizeof(O));
    });
    return fill_bytes(out, v);
  }

  const ValueSource* vsrc = in.source;
  if (vsrc && (in.layout.has_mask() || !in.layout.is_contiguous())) {
    return make_error(Code::invalid_argument, opn + ": computed values must form a C-contiguous operand");
  }
  if (!vsrc && op == ReduceOp::sum && detail::numel_of(want) == 1 && whole_int_sum(out, in)) {
    return ok_status();
  }

  Buffer buf;
  Operand src = in;
  if (!vsrc && detail::overlaps(out, in)) SV_CHECK(detail::materialize(o, in, buf, &src));

  const bool additive = op == ReduceOp::sum || op == ReduceOp::mean;
  ReduceRows rr;
  detail::Caster caster;
  const detail::Caster* cast = nullptr;
  if (additive) {
    // bool outputs were rejected above.
    visit_dtype(out.dtype, [&](auto ot) {
      using O = typename decltype(ot)::type;
      // Integer sums wrap: unsigned outputs share the signed loops.
      if constexpr (!is_bool_v<O>) rr = reduce_rows_of<ReduceOp::sum, signed_of_t<O>>();
    });
    if (in.dtype != out.dtype) {
      caster = detail::make_caster(out.dtype, in.dtype);
      cast = &caster;
    }
  } else {
    visit_dtype(in.dtype, [&](auto tag) {
      using T0 = typename decltype(tag)::type;
      using T = std::conditional_t<is_bool_v<T0>, uint8_t, T0>;
      rr = op == ReduceOp::max ? reduce_rows_of<ReduceOp::max, T>()
                               : reduce_rows_of<ReduceOp::min, T>();
    });
  }

  // Identity.
  alignas(16) unsigned char identity_bytes[16] = {};
  visit_dtype(out.dtype, [&](auto tag) {
    using O = typename decltype(tag)::type;
    if constexpr (is_bool_v<O>) {
      identity_bytes[0] = op == ReduceOp::min ? 1 : 0;
    } else {
      const O x = identity<O>(op);
      std::memcpy(identity_bytes, &x, sizeof(O));
    }
  });

  // The whole of a C-contiguous operand into one element, without a cast: the one row call the
  // plan below would make (a 1-D plan, row() -> rr.to), so the same bits, without planning the
  // identity fill, the walk or the mean's division (sum of a float32 [8, 8] array in the package:
  // 2.76 -> 2.04 us per call, medians of bench/compare_dists.mjs in one process).
  // Computed values (a ValueSource): the input's addresses are its flat indices (one byte each).
  const int64_t ie = static_cast<int64_t>(dtype_size(in.dtype));
  std::atomic<bool> failed{false};
  const Input input(rr, vsrc, static_cast<const char*>(src.base), ie,
                    static_cast<int64_t>(dtype_size(out.dtype)), &failed);
  if (!cast && detail::numel_of(want) == 1) {
    int64_t n = 0;
    const char* x = vsrc ? static_cast<const char*>(src.base) : detail::c_contiguous_run(src, &n);
    if (vsrc) n = detail::numel_of(in.layout.shape);
    if (x && n <= kRowBlock) {
      char* t = static_cast<char*>(out.base) +
                out.layout.offset * static_cast<int64_t>(dtype_size(out.dtype));
      std::memcpy(t, identity_bytes, dtype_size(out.dtype));
      Input(input).to(t, x, 1, n);
      if (failed.load()) return make_error(Code::out_of_memory, opn + ": cannot allocate its scratch");
      if (op == ReduceOp::mean) divide_element(t, out.dtype, count);
      return ok_status();
    }
  }
  SV_CHECK(fill_bytes(out, identity_bytes));

  // The output seen over the input's index space: stride 0 along reduced dims.
  Layout ol;
  ol.shape = ish;
  ol.offset = out.layout.offset;
  ol.strides = out.layout.strides;
  for (int d = 0; d < r; ++d) {
    if ((axes_mask >> d) & 1u) ol.strides[d] = 0;
  }
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(out.base), &ol, static_cast<int64_t>(dtype_size(out.dtype)),
            nullptr};
  ops[1] = {static_cast<char*>(src.base), &src.layout, vsrc ? 1 : ie, detail::kZeros};
  const bool float_sum = additive && (out.dtype == DType::float32 || out.dtype == DType::float64);
  Buffer scratch;
  int64_t scratch_bytes = 0;
  Status st = ok_status();
  // One plan (or a piece of one, with its own scratch on a pool thread).
  auto run_plan = [&](const Plan& p, Buffer& sbuf, int64_t* sbytes) -> Status {
    Input own(input);  // (pieces run on the pool: each its own scratch)
    if (float_sum) {
      SumWalk w(p, own, rr, cast);
      SV_CHECK(w.prepare(o, sbuf, sbytes));
      w.run();
    } else {
      run_reduce(p, own, rr, cast, additive);
    }
    return ok_status();
  };
  for_each_region_serial(2, ops, 1, [&](const Plan& p, uint32_t invalid) {
    if (additive && (invalid & 2u)) return;  // masked-out elements add 0
    if (!st.ok()) return;
    // Threads: independent output lines. The plan is cut along its outermost dim when that dim is
    // kept (each piece writes its own outputs), else along a kept innermost dim at multiples of
    // 64 elements; every output element is computed by the same operations as in one walk.
    const int L = p.last();
    int cut = -1;
    if (p.stride[0][0] != 0 && p.shape[0] > 1) cut = 0;
    else if (p.stride[0][L] != 0 && p.shape[L] >= 128) cut = L;
    const int64_t align = cut == L ? 64 : 1;
    const int64_t units = cut < 0 ? 1 : (p.shape[cut] + align - 1) / align;
    int64_t tasks = cut < 0 ? 1 : parallel::tasks_for(p.numel());
    if (tasks > units) tasks = units;
    if (tasks <= 1) {
      st = run_plan(p, scratch, &scratch_bytes);
      return;
    }
    std::vector<Status> sts(static_cast<size_t>(tasks), ok_status());
    parallel::run_tasks(tasks, [&](int64_t t) {
      const int64_t j0 = t * units / tasks * align;
      const int64_t j1 = std::min((t + 1) * units / tasks * align, p.shape[cut]);
      Plan q = p;
      q.shape[cut] = j1 - j0;
      for (int k = 0; k < p.nops; ++k) q.ptr[k] = p.ptr[k] + j0 * p.stride[k][cut] * p.esize[k];
      Buffer own;
      int64_t own_bytes = 0;
      sts[static_cast<size_t>(t)] = run_plan(q, own, &own_bytes);
    });
    for (size_t t = 0; t < sts.size() && st.ok(); ++t) st = sts[t];
  });
  SV_CHECK(st);
  if (failed.load()) return make_error(Code::out_of_memory, opn + ": cannot allocate its scratch");

  if (op == ReduceOp::mean) divide_by(out, count);
  return ok_status();
}

}  // namespace sv::kernels
