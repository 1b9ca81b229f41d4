#include "view/slice.hpp"

#include <algorithm>
#include <string>

namespace sv {
namespace {

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
  int64_t q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

#define SV_FAIL(code, ...) return format_error(code, "slice", __VA_ARGS__)

// The result's dims, written straight into the output layout's arrays (capacity kMaxRank + 1):
// dims beyond kMaxRank are counted, not stored (slice reports the rank after the loop).
struct ResultDims {
  int64_t* shape;
  int64_t* strides;
  FlatRange* mask;
  int64_t rank = 0;
  // m: the dim's mask range, or nullptr for an unmasked result.
  [[gnu::always_inline]] void append(int64_t n, int64_t stride, const FlatRange* m) {
    if (rank < kMaxRank) {
      shape[rank] = n;
      strides[rank] = stride;
      if (m) mask[rank] = *m;
    }
    ++rank;
  }
};

}  // namespace

Status slice(const Layout& l, std::span<const SliceSpec> specs, SliceResult& out) {
  const int64_t ndim = l.ndim();
  int64_t consuming = 0, ellipses = 0;
  for (size_t i = 0; i < specs.size(); ++i) {
    const SliceSpec& s = specs[i];
    if (s.kind == SliceSpec::range && s.step == 0) {
      SV_FAIL(Code::invalid_argument, "step of spec # is 0 (a step must be non-zero)", {static_cast<int64_t>(i)});
    }
    if (s.kind == SliceSpec::index || s.kind == SliceSpec::range || s.kind == SliceSpec::all ||
        s.kind == SliceSpec::list) {
      ++consuming;
    }
    if (s.kind == SliceSpec::ellipsis) ++ellipses;
  }
  if (ellipses > 1) {
    SV_FAIL(Code::invalid_argument, "an index can only have a single ellipsis ('...')");
  }
  if (consuming > ndim) {
    SV_FAIL(Code::out_of_range, "too many indices for array: array is #-dimensional, but # were indexed", {ndim, consuming});
  }

  // The counts of out.view's arrays are set at the end.
  Layout& v = out.view;
  out.nlist = 0;
  out.invalid_scalar = false;
  ResultDims dims{v.shape.data(), v.strides.data(), v.mask.data()};
  int64_t offset = l.offset;
  bool invalid = false, empty = false;
  int64_t axis = 0;
  const bool masked = l.has_mask();
  // The specs in order, the ellipsis (or, without one, the end) expanded into the ':' that make
  // every input axis consumed once. One loop, no per-spec call.
  const SliceSpec all{};
  const int64_t fill = ndim - consuming;
  int64_t pending = 0;  // ':' still to apply
  bool tail = ellipses != 0;
  for (size_t i = 0;;) {
    const SliceSpec* sp;
    if (pending > 0) {
      --pending;
      sp = &all;
    } else if (i < specs.size()) {
      sp = &specs[i++];
      if (sp->kind == SliceSpec::ellipsis) {
        pending = fill;
        continue;
      }
    } else if (!tail) {
      tail = true;
      pending = fill;
      continue;
    } else {
      break;
    }
    const SliceSpec& s = *sp;
    if (s.kind == SliceSpec::newaxis) {
      const FlatRange one{0, 1};
      dims.append(1, 0, &one);
      continue;
    }
    const int64_t n = l.shape[axis];
    const int64_t st = l.strides[axis];
    if (s.kind == SliceSpec::index) {
      int64_t k = s.start;
      if (!normalize_index(k, n)) {
        SV_FAIL(Code::out_of_range, "index # is out of bounds for axis # with size #", {s.start, axis, n});
      }
      auto o = checked_mul(k, st);
      o = o ? checked_add(offset, *o) : std::nullopt;
      if (!o) SV_FAIL(Code::overflow, "offset of the result overflows 2^53-1");
      offset = *o;
      if (masked && (k < l.mask[axis].first || k >= l.mask[axis].second)) invalid = true;
      ++axis;
      continue;
    }
    if (s.kind == SliceSpec::all || s.kind == SliceSpec::list) {
      if (s.kind == SliceSpec::list) out.list_axes[out.nlist++] = dims.rank;
      dims.append(n, st, masked ? &l.mask[axis] : nullptr);
      if (n == 0) empty = true;
      ++axis;
      continue;
    }
    // range: PySlice_AdjustIndices.
    const int64_t step = s.has_step ? s.step : 1;
    int64_t start, stop;
    if (step > 0) {
      start = s.has_start ? s.start : 0;
      stop = s.has_stop ? s.stop : n;
      if (start < 0) start = std::max<int64_t>(start + n, 0);
      if (start > n) start = n;
      if (stop < 0) stop = std::max<int64_t>(stop + n, 0);
      if (stop > n) stop = n;
    } else {
      start = s.has_start ? s.start : n - 1;
      stop = s.has_stop ? s.stop : -1;
      if (s.has_start) {
        if (start < 0) start = std::max<int64_t>(start + n, -1);
        if (start >= n) start = n - 1;
      }
      if (s.has_stop) {
        if (stop < 0) stop = std::max<int64_t>(stop + n, -1);
        if (stop >= n) stop = n - 1;
      }
    }
    // The length; a step of 1 or -1 (the common case) needs no 64-bit division.
    int64_t len = 0;
    if (step > 0 && stop > start) len = step == 1 ? stop - start : (stop - start + step - 1) / step;
    if (step < 0 && start > stop) len = step == -1 ? start - stop : (start - stop + (-step) - 1) / (-step);
    ++axis;
    if (len == 0) {
      empty = true;
      const FlatRange none{0, 0};
      dims.append(0, 0, &none);
      continue;
    }
    auto o = checked_mul(start, st);
    o = o ? checked_add(offset, *o) : std::nullopt;
    auto ns = checked_mul(st, step);
    if (!o || !ns) SV_FAIL(Code::overflow, "strides of the result overflow 2^53-1");
    offset = *o;
    FlatRange m{};
    if (masked) {
      // Valid positions j: valid.first <= start + j*step < valid.second.
      const FlatRange valid = l.mask[axis - 1];
      int64_t lo, hi;
      if (step > 0) {
        lo = -floor_div(-(valid.first - start), step);  // ceil
        hi = -floor_div(-(valid.second - start), step);
      } else {
        const int64_t a = -step;
        lo = floor_div(start - valid.second, a) + 1;
        hi = floor_div(start - valid.first, a) + 1;
      }
      lo = std::clamp<int64_t>(lo, 0, len);
      hi = std::clamp<int64_t>(hi, 0, len);
      if (hi < lo) hi = lo;
      m = {lo, hi};
    }
    dims.append(len, *ns, masked ? &m : nullptr);
  }

  const int64_t rank = dims.rank;
  if (rank > kMaxRank) {  // as View::create, which rejects the rank before anything else
    return format_error(Code::invalid_argument, "create", "rank # exceeds the maximum of #", {rank, kMaxRank});
  }
  const size_t n = static_cast<size_t>(rank);
  v.shape.resize(n);
  if (empty || (invalid && rank == 0)) {
    v.mask.clear();
    out.invalid_scalar = !empty;
    v.offset = 0;
    return layout::create(v, false);
  }
  v.strides.resize(n);
  if (invalid) {
    v.mask.assign(n, FlatRange{0, 0});
  } else if (masked) {
    v.mask.resize(n);  // the ranges written above (newaxis: (0,1))
  } else {
    v.mask.clear();
  }
  v.offset = offset;
  if (!masked && !invalid) {
    // An unmasked input and no empty dim: every element of the result is an element of the
    // normalised `l` (each dim's positions are valid indices of its input dim, newaxis adds stride
    // 0), so its count and span are within 2^53-1 and it stays unmasked: normalise would only set
    // `contiguous`.
    layout::set_contiguous(v);
    return ok_status();
  }
  // Sizes, strides, offset and mask ranges are valid by construction (checked above, or taken from
  // the normalised `l`): only normalise, as layout::create would after its checks.
  return layout::normalise(v, "create");
}

}  // namespace sv
