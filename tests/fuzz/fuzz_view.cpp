// libFuzzer target over the C++ view ops (issue 6).
//
// The input bytes decode into a base view (rank 0-6, sizes 0-8, optionally custom strides / offset /
// mask, optionally symbolic dims that are bound or left unbound, and now and then wild 64-bit
// values) followed by a sequence of operations with arbitrary, often invalid, arguments: the
// movement ops, broadcasting, simplify, the index queries and the Shape / Symbolic helpers.
//
// Invariants (a violation aborts with a description, which libFuzzer reports as a crash):
//   - no crash, no sanitizer report (built with ASan + UBSan + libFuzzer);
//   - every error is a Result value with a known code and a message that starts with "<op>:";
//   - every valid logical index maps inside the view's required span;
//   - while every dim is concrete and the view is small, a dense reference (tests/cpp/dense_ref.hpp,
//     the lockstep checker's oracle) agrees with the view on every index after every successful op,
//     and reshape succeeds exactly when one strided view with a box mask can express its result.
//
// Build and run: scripts/fuzz.sh. A single input can be replayed with build/fuzz/fuzz_view FILE.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../cpp/dense_ref.hpp"
#include "shape/shape.hpp"
#include "shape/symbolic.hpp"
#include "view/view.hpp"

using namespace sv;
using svtest::DenseRef;

namespace {

constexpr int64_t kRefMax = 512;      // largest view tracked by the dense reference
constexpr int64_t kSampleMax = 64;    // indices sampled per op on views without a reference
constexpr int kMaxOps = 24;

std::string g_log;  // what this input did, printed on a violation

[[noreturn]] void violation(const std::string& what) {
  std::fprintf(stderr, "\n*** strideview fuzz invariant violated: %s\n  input trace: %s\n",
               what.c_str(), g_log.c_str());
  std::abort();
}

// An error must be a known code (not ok) with a message "<op>: ...".
void check_error(const Error& e, const std::string& op) {
  const int c = static_cast<int>(e.code);
  if (c < 1 || c > static_cast<int>(Code::type_error)) {
    violation(op + " returned unknown code " + std::to_string(c) + ": " + e.message);
  }
  // "<op>: ..." or a qualified "<op> (masked view): ...".
  const std::string prefix = op + ": ";
  const bool named = e.message.compare(0, prefix.size(), prefix) == 0 ||
                     (e.message.compare(0, op.size() + 2, op + " (") == 0 &&
                      e.message.find("): ") != std::string::npos);
  if (!named) {
    violation(op + " error message does not start with '" + prefix + "': [" + code_name(e.code) +
              "] " + e.message);
  }
  if (e.message.size() <= prefix.size() + 4) violation(op + " error message is empty: " + e.message);
}

template <class T>
bool ok_or_check(const Result<T>& r, const std::string& op) {
  if (!r.ok()) check_error(r.error(), op);
  return r.ok();
}

struct Input {
  FuzzedDataProvider& p;
  // Mostly small values near the interesting range, sometimes anything at all.
  int64_t small(int64_t lo, int64_t hi) {
    if (hi < lo) hi = lo;
    const uint8_t sel = p.ConsumeIntegral<uint8_t>();
    if (sel < 8) return p.ConsumeIntegral<int64_t>();
    if (sel < 14) {
      static const int64_t edges[] = {-1, kMaxSafe, kMaxSafe + 1, -kMaxSafe, INT64_MIN, INT64_MAX,
                                      int64_t{1} << 31, int64_t{1} << 32, int64_t{1} << 26};
      return edges[p.ConsumeIntegralInRange<size_t>(0, std::size(edges) - 1)];
    }
    return p.ConsumeIntegralInRange<int64_t>(lo, hi);
  }
  int64_t range(int64_t lo, int64_t hi) {
    return p.ConsumeIntegralInRange<int64_t>(lo, hi < lo ? lo : hi);
  }
  bool coin(int percent) { return p.ConsumeIntegralInRange<int>(0, 99) < percent; }
};

struct State {
  View view;
  bool has_ref = false;
  DenseRef ref;
};

// The reference multiplies dims without overflow checks: every dim (even next to a 0) stays small.
bool small_dims(const Dims& d) {
  for (int64_t x : d) {
    if (x < 0 || x > kRefMax) return false;
  }
  auto n = shape::numel(d);
  return n.ok() && *n <= kRefMax;
}

// Concrete, small, and evaluable: the reference can follow it.
bool ref_capable(const View& v) {
  auto shape = v.concrete_shape("fuzz");
  if (!shape.ok()) return false;
  auto n = shape::numel(*shape);
  return n.ok() && *n <= kRefMax && small_dims(*shape) && v.layout("fuzz").ok();
}

// Index-level invariants that need no reference: every valid index maps inside required_span.
void check_span(const View& v, Input& in) {
  auto layout = v.layout("fuzz");
  if (!layout.ok()) {
    check_error(layout.error(), "fuzz");
    return;
  }
  auto span = v.required_span();
  if (!ok_or_check(span, "required_span")) violation("required_span failed on an evaluable view");
  auto n = shape::numel(layout->shape);
  if (!n.ok()) violation("numel of a created view failed: " + n.error().message);
  const size_t rank = layout->shape.size();
  auto check_index = [&](const Dims& idx) {
    if (!v.is_valid(idx)) return;
    auto li = v.linear_index(idx);
    if (!ok_or_check(li, "linear_index")) {
      violation("linear_index" + dims_to_string(idx) + " of a valid index failed");
    }
    if (!span->has_value()) {
      violation("valid index " + dims_to_string(idx) + " of " + v.to_string() +
                " but required_span is empty");
    }
    if (*li < (*span)->first || *li > (*span)->second) {
      violation("valid index " + dims_to_string(idx) + " -> " + std::to_string(*li) +
                " outside required_span [" + std::to_string((*span)->first) + "," +
                std::to_string((*span)->second) + "] of " + v.to_string());
    }
  };
  if (*n == 0) return;
  if (*n <= kSampleMax) {
    svtest::for_each_index(layout->shape, [&](int64_t, const Dims& idx) { check_index(idx); });
    return;
  }
  // Corners of the valid box, then random indices.
  Dims lo(rank), hi(rank);
  for (size_t i = 0; i < rank; ++i) {
    lo[i] = layout->has_mask() ? layout->mask[i].first : 0;
    hi[i] = (layout->has_mask() ? layout->mask[i].second : layout->shape[i]) - 1;
  }
  if (rank > 0 && lo[0] > hi[0]) return;  // all-invalid
  check_index(lo);
  check_index(hi);
  for (int k = 0; k < 8 && in.p.remaining_bytes() > 0; ++k) {
    Dims idx(rank);
    for (size_t i = 0; i < rank; ++i) idx[i] = in.range(0, layout->shape[i] - 1);
    check_index(idx);
  }
}

// After a successful op: the reference (if any) agrees everywhere; otherwise spans are sampled.
void check_view(State& s, Input& in) {
  if (s.has_ref) {
    const std::string diff = svtest::compare(s.view, s.ref);
    if (!diff.empty()) {
      violation("view disagrees with the dense reference: " + diff + "\n  view: " +
                s.view.to_string() + "\n  ref: " + s.ref.to_string());
    }
  } else {
    check_span(s.view, in);
  }
  // Properties that must never crash, whatever the view.
  (void)s.view.to_string();
  (void)s.view.strides_opt();
  (void)s.view.is_materializable();
  (void)s.view.numel().to_string();
  if (s.view.ndim() > kMaxRank) violation("rank above kMaxRank: " + s.view.to_string());
}

// Replaces the view after a successful op. The reference follows when `next` is given.
void accept(State& s, View v, const DenseRef* next) {
  s.view = std::move(v);
  if (s.has_ref && next && ref_capable(s.view)) {
    s.ref = *next;
  } else {
    s.has_ref = false;
  }
}

sym::Shape maybe_symbolic(const Dims& d, Input& in, std::vector<sym::Var>& vars, bool& unbound) {
  sym::Shape out;
  for (int64_t x : d) {
    if (x >= 0 && x <= 64 && in.coin(15)) {
      auto v = sym::var("n" + std::to_string(vars.size()), in.range(0, x), in.range(x, 80));
      if (!ok_or_check(v, "var")) violation("var with valid bounds failed");
      vars.push_back(*v);
      if (in.coin(70)) {
        auto b = sym::bind(*v, x);
        if (!ok_or_check(b, "bind")) violation("bind within bounds failed");
      } else {
        unbound = true;
      }
      out.push_back(sym::dim_of_var(*v));
    } else {
      out.push_back(sym::static_dim(x));
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------ the base

bool make_base(State& s, Input& in, std::vector<sym::Var>& vars) {
  const int rank = static_cast<int>(in.range(0, 6));
  Dims shape;
  for (int i = 0; i < rank; ++i) shape.push_back(in.coin(3) ? in.small(0, 8) : in.range(0, 8));
  std::optional<int64_t> offset;
  std::optional<Dims> strides;
  std::optional<Mask> mask;
  if (in.coin(35)) offset = in.small(0, 40);
  if (in.coin(40)) {
    strides = Dims();
    const int sr = in.coin(3) ? static_cast<int>(in.range(0, 7)) : rank;
    for (int i = 0; i < sr; ++i) strides->push_back(in.small(-12, 12));
  }
  if (in.coin(30)) {
    mask = Mask();
    const int mr = in.coin(3) ? static_cast<int>(in.range(0, 7)) : rank;
    for (int i = 0; i < mr; ++i) {
      const int64_t d = i < rank ? std::clamp<int64_t>(shape[static_cast<size_t>(i)], -8, int64_t{1} << 40) : 4;
      const int64_t a = in.small(-1, d), b = in.small(a, d + 1);
      mask->push_back({a, b});
    }
  }
  bool unbound = false;
  const bool symbolic = in.coin(30);
  sym::Shape sshape = symbolic ? maybe_symbolic(shape, in, vars, unbound) : sym::of_ints(shape);
  g_log = "create(" + sym::to_string(sshape) + ", offset=" +
          (offset ? std::to_string(*offset) : "-") + ", strides=" +
          (strides ? dims_to_string(*strides) : "-") + ", mask=" +
          (mask ? mask_to_string(*mask) : "-") + ")";
  auto v = View::create(sshape, offset, strides, mask);
  if (!ok_or_check(v, "create")) return false;
  s.view = std::move(*v);
  s.has_ref = !unbound && ref_capable(s.view);
  if (s.has_ref) {
    // The reference marks invalid elements with -1, so it only follows views whose valid elements
    // all have non-negative buffer positions (negative ones are still span-checked).
    auto span = s.view.required_span();
    if (!span.ok() || (span->has_value() && (*span)->first < 0)) s.has_ref = false;
  }
  if (s.has_ref) {
    const Dims st = strides ? *strides : *shape::c_contiguous_strides(shape);
    // The reference applies the spec's definition; create normalises an empty mask range to an
    // all-invalid view and a zero-size shape to no elements, which the definition already gives.
    s.ref = DenseRef::strided(shape, st, offset.value_or(0), mask);
    if (svtest::product(shape) == 0) s.ref.data.clear();
  }
  check_view(s, in);
  return true;
}

// ------------------------------------------------------------------------------------ the ops

void op_reshape(State& s, Input& in, std::vector<sym::Var>& vars) {
  const Dims cur = s.has_ref ? s.ref.shape : Dims();
  const int64_t n = s.has_ref ? s.ref.numel() : -1;
  Dims t;
  const int r = static_cast<int>(in.range(0, 7));
  if (s.has_ref && n > 0 && in.coin(70)) {
    // A factorisation of the element count (usually valid), maybe with one -1.
    int64_t left = n;
    for (int i = 0; i + 1 < r; ++i) {
      int64_t f = 1;
      for (int64_t c = in.range(1, 8); c >= 1; --c) {
        if (left % c == 0) {
          f = c;
          break;
        }
      }
      t.push_back(f);
      left /= f;
    }
    t.push_back(left);
    if (in.coin(25)) t[static_cast<size_t>(in.range(0, static_cast<int64_t>(t.size()) - 1))] = -1;
  } else {
    for (int i = 0; i < r; ++i) t.push_back(in.coin(10) ? -1 : in.small(0, 9));
  }
  bool unbound = false;
  const sym::Shape st = in.coin(20) ? maybe_symbolic(t, in, vars, unbound) : sym::of_ints(t);
  g_log += " -> reshape(" + sym::to_string(st) + ")";
  auto r2 = s.view.reshape(st);
  if (!s.has_ref) {
    if (ok_or_check(r2, "reshape")) accept(s, std::move(*r2), nullptr);
    return;
  }
  // With a reference: the result is decided by the element count and the oracle.
  auto resolved = shape::resolve_neg_one(cur, t);
  if (!resolved.ok() || unbound) {
    if (ok_or_check(r2, "reshape")) accept(s, std::move(*r2), nullptr);
    return;
  }
  auto resolved_n = shape::numel(*resolved);
  if (!resolved_n.ok() || *resolved_n != s.ref.numel()) {
    if (r2.ok()) violation("reshape to " + dims_to_string(*resolved) + " changed the element count");
    check_error(r2.error(), "reshape");
    if (r2.error().code != Code::shape_mismatch && r2.error().code != Code::overflow) {
      violation("reshape with a wrong element count gave code " +
                std::string(code_name(r2.error().code)) + ": " + r2.error().message);
    }
    return;
  }
  if (!r2.ok() && r2.error().code == Code::overflow) {  // metadata beyond 2^53-1: a fair refusal
    check_error(r2.error(), "reshape");
    return;
  }
  if (!small_dims(*resolved)) {  // e.g. [0, 2^40]: fine for the view, too wide for the reference
    if (ok_or_check(r2, "reshape")) accept(s, std::move(*r2), nullptr);
    return;
  }
  const DenseRef next = s.ref.reshape(*resolved);
  const auto box = next.expressible();
  bool expressible = box.has_value();
  if (expressible && !box->empty) {
    // The oracle ignores the metadata range: a result whose offset (the box origin moved back to
    // index 0) would leave +-2^53-1 cannot be a View, and refusing it is right.
    __int128 off = box->origin;
    for (size_t i = 0; i < box->box.size(); ++i) {
      off -= static_cast<__int128>(box->box[i].first) * box->strides[i];
    }
    if (off < -kMaxSafe || off > kMaxSafe) expressible = false;
  }
  if (r2.ok() != expressible) {
    violation(std::string("reshape ") + (r2.ok() ? "succeeded" : "failed (" + r2.error().message +
                                                                     ")") +
              " but the oracle says " + (expressible ? "expressible" : "not expressible") +
              "\n  view: " + s.view.to_string() + "\n  ref: " + s.ref.to_string());
  }
  if (!ok_or_check(r2, "reshape")) {
    if (r2.error().code != Code::not_expressible) {
      violation("reshape refused with code " + std::string(code_name(r2.error().code)) + ": " +
                r2.error().message);
    }
    return;
  }
  accept(s, std::move(*r2), &next);
}

void op_expand(State& s, Input& in) {
  Dims t;
  const int rank = s.view.ndim();
  const bool same = s.has_ref && in.coin(75);
  const int r = same ? rank : static_cast<int>(in.range(0, 7));
  for (int i = 0; i < r; ++i) {
    if (same) {
      const int64_t d = s.ref.shape[static_cast<size_t>(i)];
      t.push_back(d == 1 && in.coin(60) ? in.small(0, 6) : d);
    } else {
      t.push_back(in.small(0, 6));
    }
  }
  g_log += " -> expand(" + dims_to_string(t) + ")";
  auto r2 = s.view.expand(t);
  if (!ok_or_check(r2, "expand")) return;
  if (s.has_ref) {
    auto tn = shape::numel(t);
    if (!tn.ok()) violation("expand to " + dims_to_string(t) + " succeeded beyond 2^53-1 elements");
    if (!small_dims(t)) {
      accept(s, std::move(*r2), nullptr);
      return;
    }
    // Expand succeeded: check it was legal by the rules, then follow it.
    if (rank != 0) {
      if (static_cast<int>(t.size()) != rank) violation("expand accepted a rank change");
      for (int i = 0; i < rank; ++i) {
        const int64_t o = s.ref.shape[static_cast<size_t>(i)], d = t[static_cast<size_t>(i)];
        if (o != d && o != 1) violation("expand grew a dim of size " + std::to_string(o));
      }
    }
    const DenseRef next = s.ref.expand(t);
    accept(s, std::move(*r2), &next);
  } else {
    accept(s, std::move(*r2), nullptr);
  }
}

void op_permute(State& s, Input& in) {
  const int rank = s.view.ndim();
  std::vector<int> axes(static_cast<size_t>(rank));
  for (int i = 0; i < rank; ++i) axes[static_cast<size_t>(i)] = i;
  for (int i = rank; i > 1; --i) {
    std::swap(axes[static_cast<size_t>(i - 1)], axes[static_cast<size_t>(in.range(0, i - 1))]);
  }
  if (in.coin(25)) {  // break it
    const int how = static_cast<int>(in.range(0, 3));
    if (how == 0) axes.push_back(static_cast<int>(in.range(-2, 8)));
    if (how == 1 && !axes.empty()) axes.pop_back();
    if (how == 2 && !axes.empty()) axes[0] = static_cast<int>(in.small(-3, 8));
    if (how == 3 && axes.size() >= 2) axes[1] = axes[0];
  }
  Dims a(axes.begin(), axes.end());
  g_log += " -> permute(" + dims_to_string(a) + ")";
  auto r2 = s.view.permute(axes);
  if (!ok_or_check(r2, "permute")) return;
  if (s.has_ref) {
    const DenseRef next = s.ref.permute(axes);
    accept(s, std::move(*r2), &next);
  } else {
    accept(s, std::move(*r2), nullptr);
  }
}

Mask random_ranges(State& s, Input& in, bool for_pad) {
  const int rank = s.view.ndim();
  const int r = in.coin(8) ? static_cast<int>(in.range(0, 7)) : rank;
  Mask m;
  for (int i = 0; i < r; ++i) {
    const int64_t d = s.has_ref && i < rank ? s.ref.shape[static_cast<size_t>(i)] : 4;
    if (for_pad) {
      m.push_back({in.small(0, 2), in.small(0, 2)});
    } else if (in.coin(85) && d > 0) {
      const int64_t a = in.range(0, d - 1);
      m.push_back({a, in.range(a + 1, d)});
    } else {
      m.push_back({in.small(-1, d + 1), in.small(-1, d + 1)});
    }
  }
  return m;
}

void op_shrink(State& s, Input& in) {
  const Mask b = random_ranges(s, in, false);
  g_log += " -> shrink(" + mask_to_string(b) + ")";
  auto r2 = s.view.shrink(b);
  if (!ok_or_check(r2, "shrink")) return;
  if (s.has_ref) {
    for (size_t i = 0; i < b.size(); ++i) {
      if (b[i].first < 0 || b[i].first > b[i].second || b[i].second > s.ref.shape[i]) {
        violation("shrink accepted bound " + mask_to_string(b) + " for shape " +
                  dims_to_string(s.ref.shape));
      }
    }
    const DenseRef next = s.ref.shrink(b);
    accept(s, std::move(*r2), &next);
  } else {
    accept(s, std::move(*r2), nullptr);
  }
}

void op_pad(State& s, Input& in) {
  const Mask p = random_ranges(s, in, true);
  g_log += " -> pad(" + mask_to_string(p) + ")";
  auto r2 = s.view.pad(p);
  if (!ok_or_check(r2, "pad")) return;
  if (s.has_ref) {
    Dims ns;
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i].first < 0 || p[i].second < 0) violation("pad accepted negative padding");
      ns.push_back(s.ref.shape[i] + p[i].first + p[i].second);
    }
    if (small_dims(ns)) {
      const DenseRef next = s.ref.pad(p);
      accept(s, std::move(*r2), &next);
      return;
    }
  }
  accept(s, std::move(*r2), nullptr);
}

void op_flip(State& s, Input& in) {
  const int rank = s.view.ndim();
  const int r = in.coin(8) ? static_cast<int>(in.range(0, 7)) : rank;
  std::vector<bool> f;
  std::string fs;
  for (int i = 0; i < r; ++i) {
    f.push_back(in.coin(50));
    fs += f.back() ? 'T' : 'F';
  }
  g_log += " -> flip(" + fs + ")";
  auto r2 = s.view.flip(f);
  if (!ok_or_check(r2, "flip")) return;
  if (s.has_ref) {
    const DenseRef next = s.ref.flip(f);
    accept(s, std::move(*r2), &next);
  } else {
    accept(s, std::move(*r2), nullptr);
  }
}

// NumPy broadcasting against another shape, the way the binding does it: shape::broadcast, then a
// reshape adding leading 1s, then expand.
void op_broadcast(State& s, Input& in) {
  if (!s.has_ref) return;
  Dims other;
  const int r = static_cast<int>(in.range(0, 6));
  for (int i = 0; i < r; ++i) other.push_back(in.coin(40) ? 1 : in.small(0, 5));
  g_log += " -> broadcast(" + dims_to_string(other) + ")";
  auto target = shape::broadcast(s.ref.shape, other);
  if (!ok_or_check(target, "broadcast")) return;
  if (target->size() < s.ref.shape.size()) violation("broadcast lowered the rank");
  Dims lifted(target->size() - s.ref.shape.size(), 1);
  lifted.insert(lifted.end(), s.ref.shape.begin(), s.ref.shape.end());
  auto r1 = s.view.reshape(lifted);
  if (!ok_or_check(r1, "reshape")) violation("reshape adding leading 1s failed: " + r1.error().message);
  auto r2 = r1->expand(*target);
  auto n = shape::numel(*target);
  if (!n.ok()) {  // beyond 2^53-1 elements: expand must refuse it as an overflow
    if (ok_or_check(r2, "expand") || r2.error().code != Code::overflow) {
      violation("expand to " + dims_to_string(*target) + " with too many elements was not an overflow");
    }
    return;
  }
  if (!ok_or_check(r2, "expand")) violation("expand to a broadcast shape failed: " + r2.error().message);
  if (small_dims(*target)) {
    const DenseRef next = s.ref.reshape(lifted).expand(*target);
    accept(s, std::move(*r2), &next);
  } else {
    accept(s, std::move(*r2), nullptr);
  }
}

void op_simplify(State& s) {
  g_log += " -> simplify";
  View v = s.view.simplify();
  if (s.has_ref) {
    const DenseRef same = s.ref;
    accept(s, std::move(v), &same);
  } else {
    accept(s, std::move(v), nullptr);
  }
}

// Queries with arbitrary arguments: no crash, errors are values.
void op_queries(State& s, Input& in) {
  const int rank = s.view.ndim();
  Dims idx;
  const int r = in.coin(10) ? static_cast<int>(in.range(0, 7)) : rank;
  for (int i = 0; i < r; ++i) idx.push_back(in.small(-2, 9));
  g_log += " -> queries(" + dims_to_string(idx) + ")";
  auto li = s.view.linear_index(idx);
  ok_or_check(li, "linear_index");
  const bool valid = s.view.is_valid(idx);
  if (valid && r != rank) violation("is_valid accepted an index of the wrong rank");
  if (valid && s.has_ref) {
    bool inside = true;
    for (int i = 0; i < r; ++i) inside = inside && idx[i] >= 0 && idx[i] < s.ref.shape[i];
    if (inside) {
      if (!li.ok()) violation("linear_index of a valid in-range index failed");
      if (*li != s.ref.at(idx)) violation("linear_index disagrees with the reference");
    }
  }
  ok_or_check(s.view.required_span(), "required_span");
  const int axis = static_cast<int>(in.small(-3, 8));
  ok_or_check(s.view.dim(axis), "dim");
  ok_or_check(s.view.stride(axis), "stride");
  ok_or_check(s.view.strides(), "strides");
  ok_or_check(s.view.layout("layout"), "layout");
  ok_or_check(s.view.concrete_shape("concrete_shape"), "concrete_shape");
  // Shape helpers on the same arguments.
  ok_or_check(shape::numel(idx), "numel");
  ok_or_check(shape::c_contiguous_strides(idx), "c_contiguous_strides");
  if (s.has_ref) {
    ok_or_check(shape::ravel_index(idx, *s.view.strides()), "ravel_index");
    const int64_t k = in.small(-2, s.ref.numel() + 1);
    auto u = shape::unravel_index(k, s.ref.shape);
    if (ok_or_check(u, "unravel_index")) {
      if (static_cast<int64_t>(u->size()) != rank) violation("unravel_index rank");
      if (k >= 0 && k < s.ref.numel()) {
        auto back = shape::ravel_index(*u, svtest::row_major(s.ref.shape));
        if (!back.ok() || *back != k) violation("unravel_index does not invert ravel_index");
      }
    }
    Dims dst(static_cast<size_t>(in.range(0, 7)));
    ok_or_check(shape::unravel_index_into(k, s.ref.shape, dst), "unravel_index_into");
    ok_or_check(shape::resolve_neg_one(s.ref.shape, idx), "resolve_neg_one");
    ok_or_check(shape::broadcast_index(idx, s.ref.shape), "broadcast_index");
    ok_or_check(shape::broadcast_index_into(idx, s.ref.shape, dst), "broadcast_index_into");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider p(data, size);
  Input in{p};
  std::vector<sym::Var> vars;
  State s{*View::create(Dims{}), false, {}};
  if (!make_base(s, in, vars)) return 0;
  for (int k = 0; k < kMaxOps && p.remaining_bytes() > 0; ++k) {
    switch (p.ConsumeIntegralInRange<int>(0, 10)) {
      case 0:
      case 1:
        op_reshape(s, in, vars);
        break;
      case 2:
        op_expand(s, in);
        break;
      case 3:
        op_permute(s, in);
        break;
      case 4:
        op_shrink(s, in);
        break;
      case 5:
        op_pad(s, in);
        break;
      case 6:
        op_flip(s, in);
        break;
      case 7:
        op_broadcast(s, in);
        break;
      case 8:
        op_simplify(s);
        break;
      default:
        op_queries(s, in);
        continue;  // the view did not change
    }
    check_view(s, in);
  }
  return 0;
}
