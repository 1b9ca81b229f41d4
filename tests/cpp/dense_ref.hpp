// Test helpers shared by the core suites: a dense reference for views (the oracle of the lockstep
// checker, in the spirit of tinygrad's CheckingShapeTracker), an independent "is this expressible
// as one strided view with a box mask" oracle, a comparison of a View against the reference, and
// small assertion helpers for errors-as-values.
//
// The reference never calls the View code: it stores, for every logical index in C order, the
// buffer element that index reads, or -1 when the index is invalid (masked out). Buffer elements
// are kept non-negative by construction so -1 is unambiguous.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/result.hpp"
#include "view/view.hpp"

namespace Catch {
template <>
struct StringMaker<sv::Code> {
  static std::string convert(sv::Code c) { return sv::code_name(c); }
};
}  // namespace Catch

// Requires `expr` (a Result) to be an error with `code` whose message contains every given string.
#define SV_REQUIRE_ERROR(expr, code_, ...)                                             \
  do {                                                                                 \
    const auto& sv_r_ = (expr);                                                        \
    REQUIRE_FALSE(sv_r_.ok());                                                         \
    INFO("message: " << sv_r_.error().message);                                        \
    CHECK(sv_r_.error().code == (code_));                                              \
    for (const std::string& sv_p_ : std::initializer_list<std::string>{__VA_ARGS__}) { \
      CHECK_THAT(sv_r_.error().message, Catch::Contains(sv_p_));                       \
    }                                                                                  \
  } while (0)

// Unwraps a Result, failing the test case (with the error message) when it is an error.
#define SV_UNWRAP(expr)                                                   \
  ([&]() {                                                                \
    auto sv_u_ = (expr);                                                  \
    if (!sv_u_.ok()) FAIL("unexpected error: " << sv_u_.error().message); \
    return std::move(sv_u_).value();                                      \
  }())

namespace svtest {

using sv::Dims;
using sv::Mask;
using sv::Range;

inline int64_t product(const Dims& d) {
  int64_t p = 1;
  for (int64_t x : d) p *= x;
  return p;
}

// Plain row-major element strides (no zero-size rule): position of an index in C order.
inline Dims row_major(const Dims& shape) {
  Dims s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * std::max<int64_t>(1, shape[i]);
  return s;
}

// Calls fn(k, idx) for every multi-index of shape in C order (k = position). Nothing for numel 0.
template <class Fn>
void for_each_index(const Dims& shape, Fn&& fn) {
  const int64_t n = product(shape);
  Dims idx(shape.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    fn(k, static_cast<const Dims&>(idx));
    for (size_t i = shape.size(); i-- > 0;) {
      if (++idx[i] < shape[i]) break;
      idx[i] = 0;
    }
  }
}

inline std::string dims_str(const Dims& d) { return sv::dims_to_string(d); }

// A strided view with a box mask, as found by DenseRef::expressible().
struct StridedBox {
  bool empty = false;  // no valid element at all
  Mask box;            // valid box
  Dims strides;        // strides on dims where the box has extent > 1 (0 elsewhere)
  int64_t origin = 0;  // buffer element at the box's first corner
};

struct DenseRef {
  Dims shape;
  std::vector<int64_t> data;  // C order; buffer element, or -1 when invalid

  int64_t numel() const { return static_cast<int64_t>(data.size()); }

  int64_t at(const Dims& idx) const {
    const Dims rm = row_major(shape);
    int64_t k = 0;
    for (size_t i = 0; i < idx.size(); ++i) k += idx[i] * rm[i];
    return data[static_cast<size_t>(k)];
  }

  // What a view (shape, strides, offset, mask) reads, computed from the definition.
  static DenseRef strided(const Dims& shape, const Dims& strides, int64_t offset,
                          const std::optional<Mask>& mask = std::nullopt) {
    DenseRef r;
    r.shape = shape;
    r.data.resize(static_cast<size_t>(product(shape)));
    for_each_index(shape, [&](int64_t k, const Dims& idx) {
      bool valid = true;
      int64_t a = offset;
      for (size_t i = 0; i < shape.size(); ++i) {
        if (mask && (idx[i] < (*mask)[i].first || idx[i] >= (*mask)[i].second)) valid = false;
        a += idx[i] * strides[i];
      }
      r.data[static_cast<size_t>(k)] = valid ? a : -1;
    });
    return r;
  }

  static DenseRef iota(const Dims& shape) { return strided(shape, row_major(shape), 0); }

  // Builds a result of shape `ns` where each index reads the source index given by `src` (or -1
  // when src returns false).
  template <class Fn>
  DenseRef gather(const Dims& ns, Fn&& src) const {
    DenseRef r;
    r.shape = ns;
    r.data.resize(static_cast<size_t>(product(ns)));
    Dims old(shape.size());
    for_each_index(ns, [&](int64_t k, const Dims& idx) {
      r.data[static_cast<size_t>(k)] = src(idx, old) ? at(old) : -1;
    });
    return r;
  }

  DenseRef reshape(const Dims& ns) const {
    DenseRef r;
    r.shape = ns;
    r.data = data;  // C order is preserved by definition
    return r;
  }
  DenseRef expand(const Dims& ns) const {
    return gather(ns, [&](const Dims& idx, Dims& old) {
      const size_t lead = ns.size() - shape.size();
      for (size_t i = 0; i < shape.size(); ++i) old[i] = shape[i] == 1 ? 0 : idx[lead + i];
      return true;
    });
  }
  DenseRef permute(const std::vector<int>& axes) const {
    Dims ns;
    for (int a : axes) ns.push_back(shape[static_cast<size_t>(a)]);
    return gather(ns, [&](const Dims& idx, Dims& old) {
      for (size_t i = 0; i < axes.size(); ++i) old[static_cast<size_t>(axes[i])] = idx[i];
      return true;
    });
  }
  DenseRef shrink(const Mask& b) const {
    Dims ns;
    for (const Range& r : b) ns.push_back(r.second - r.first);
    return gather(ns, [&](const Dims& idx, Dims& old) {
      for (size_t i = 0; i < b.size(); ++i) old[i] = idx[i] + b[i].first;
      return true;
    });
  }
  DenseRef pad(const Mask& p) const {
    Dims ns;
    for (size_t i = 0; i < p.size(); ++i) ns.push_back(shape[i] + p[i].first + p[i].second);
    return gather(ns, [&](const Dims& idx, Dims& old) {
      for (size_t i = 0; i < p.size(); ++i) {
        old[i] = idx[i] - p[i].first;
        if (old[i] < 0 || old[i] >= shape[i]) return false;
      }
      return true;
    });
  }
  DenseRef flip(const std::vector<bool>& f) const {
    return gather(shape, [&](const Dims& idx, Dims& old) {
      for (size_t i = 0; i < f.size(); ++i) old[i] = f[i] ? shape[i] - 1 - idx[i] : idx[i];
      return true;
    });
  }

  bool any_invalid() const { return std::find(data.begin(), data.end(), -1) != data.end(); }

  // The independent oracle: can ONE strided view of `shape` with a box mask read exactly `data`?
  // The valid set must be a box; strides are inferred from neighbours at the box's first corner
  // and then every valid element is verified.
  std::optional<StridedBox> expressible() const {
    StridedBox sb;
    const size_t n = shape.size();
    Dims lo(n, INT64_MAX), hi(n, INT64_MIN);
    int64_t count = 0;
    for_each_index(shape, [&](int64_t k, const Dims& idx) {
      if (data[static_cast<size_t>(k)] == -1) return;
      ++count;
      for (size_t i = 0; i < n; ++i) {
        lo[i] = std::min(lo[i], idx[i]);
        hi[i] = std::max(hi[i], idx[i] + 1);
      }
    });
    if (count == 0) {
      // An empty box needs an empty range, which a rank-0 view does not have: an all-invalid
      // scalar is not a view. (Zero-size views of rank >= 1 and all-invalid masks are.)
      if (n == 0) return std::nullopt;
      sb.empty = true;
      return sb;
    }
    Dims ext(n);
    for (size_t i = 0; i < n; ++i) {
      sb.box.push_back({lo[i], hi[i]});
      ext[i] = hi[i] - lo[i];
    }
    if (product(ext) != count) return std::nullopt;  // not a box
    sb.origin = at(lo);
    sb.strides.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
      if (ext[i] < 2) continue;
      Dims nb = lo;
      nb[i] += 1;
      sb.strides[i] = at(nb) - sb.origin;
    }
    bool ok = true;
    for_each_index(ext, [&](int64_t, const Dims& e) {
      if (!ok) return;
      Dims idx(n);
      int64_t expect = sb.origin;
      for (size_t i = 0; i < n; ++i) {
        idx[i] = lo[i] + e[i];
        expect += e[i] * sb.strides[i];
      }
      if (at(idx) != expect) ok = false;
    });
    if (!ok) return std::nullopt;
    return sb;
  }

  std::string to_string() const {
    std::string s = "Ref(shape=" + dims_str(shape) + ", data=[";
    for (size_t i = 0; i < data.size() && i < 64; ++i)
      s += (i ? "," : "") + std::to_string(data[i]);
    if (data.size() > 64) s += ",...";
    return s + "])";
  }
};

// Compares a view with the reference at every logical index, plus the invariants that must follow
// from it. Returns "" when they agree, else a description of the first disagreement.
inline std::string compare(const sv::View& v, const DenseRef& ref, int64_t* checked = nullptr) {
  auto shape = v.concrete_shape("compare");
  if (!shape.ok()) return "concrete_shape failed: " + shape.error().message;
  if (*shape != ref.shape) {
    return "shape " + dims_str(*shape) + " != reference shape " + dims_str(ref.shape);
  }
  auto layout = v.layout("compare");
  if (!layout.ok()) return "layout failed: " + layout.error().message;
  // Mask well-formedness and normalisation.
  if (v.mask()) {
    const Mask& m = *v.mask();
    if (m.size() != ref.shape.size()) return "mask rank " + std::to_string(m.size());
    bool any_empty = false;
    for (size_t i = 0; i < m.size(); ++i) {
      if (m[i].first < 0 || m[i].first > m[i].second || m[i].second > ref.shape[i]) {
        return "mask " + sv::mask_to_string(m) + " out of range for shape " + dims_str(ref.shape);
      }
      any_empty = any_empty || m[i].first == m[i].second;
    }
    if (any_empty) {
      for (const Range& r : m) {
        if (r != Range{0, 0}) return "all-invalid mask not normalised: " + sv::mask_to_string(m);
      }
    }
    if (ref.numel() == 0) return "zero-size view keeps a mask";
  }
  // A mask remains exactly when some element is invalid (full masks are dropped).
  if (v.mask().has_value() != ref.any_invalid()) {
    return std::string("mask presence ") + (v.mask() ? "true" : "false") +
           " but reference has invalid elements: " + (ref.any_invalid() ? "true" : "false");
  }
  if (v.strides_opt().has_value() == v.mask().has_value()) return "strides_opt vs mask disagree";
  if (v.ndim() != static_cast<int>(ref.shape.size())) return "ndim";
  if (ref.numel() == 0 && v.offset() != 0) return "zero-size view with offset";

  std::string err;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for_each_index(ref.shape, [&](int64_t k, const Dims& idx) {
    if (!err.empty()) return;
    const int64_t want = ref.data[static_cast<size_t>(k)];
    const bool valid = v.is_valid(idx);
    if (valid != (want != -1)) {
      err = "is_valid" + dims_str(idx) + " = " + (valid ? "true" : "false") + ", reference " +
            std::to_string(want);
      return;
    }
    if (checked) ++*checked;
    if (!valid) return;
    lo = std::min(lo, want);
    hi = std::max(hi, want);
    auto li = v.linear_index(idx);
    if (!li.ok()) {
      err = "linear_index" + dims_str(idx) + " failed: " + li.error().message;
    } else if (*li != want) {
      err = "linear_index" + dims_str(idx) + " = " + std::to_string(*li) + ", reference " +
            std::to_string(want);
    }
  });
  if (!err.empty()) return err;
  if (v.is_c_contiguous()) {
    for (int64_t k = 0; k < ref.numel(); ++k) {
      if (ref.data[static_cast<size_t>(k)] != k) {
        return "flagged C-contiguous but element " + std::to_string(k) + " reads " +
               std::to_string(ref.data[static_cast<size_t>(k)]);
      }
    }
  }
  auto span = v.required_span();
  if (!span.ok()) return "required_span failed: " + span.error().message;
  if (lo == INT64_MAX) {
    if (span->has_value()) return "required_span of an empty view is not nullopt";
  } else if (!span->has_value() || **span != Range{lo, hi}) {
    return "required_span != [" + std::to_string(lo) + "," + std::to_string(hi) + "]";
  }
  return "";
}

}  // namespace svtest
