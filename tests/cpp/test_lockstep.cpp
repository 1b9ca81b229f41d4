// The lockstep checker: random chains of movement ops applied to a View and to a dense reference
// (dense_ref.hpp) side by side, in the spirit of tinygrad's CheckingShapeTracker. After every op,
// every logical index is compared (validity and buffer element) together with the invariants in
// svtest::compare. For reshape, an independent oracle decides whether ANY single strided view with
// a box mask can express the result, and View::reshape must succeed exactly then (completeness and
// soundness). Invalid arguments are thrown in now and then and must fail with the right code.
//
// The random source is std::mt19937_64 with a fixed seed and no <random> distributions (their
// output differs between standard libraries), so the native and WebAssembly runs check the same
// chains and print the same counts.
#include <catch2/catch.hpp>
#include <cinttypes>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "dense_ref.hpp"
#include "shape/shape.hpp"
#include "view/view.hpp"

using namespace sv;
using svtest::DenseRef;
using svtest::dims_str;

namespace {

constexpr int64_t kMaxElems = 2048;  // keeps every chain's dense reference small

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int64_t uniform(int64_t lo, int64_t hi) {  // inclusive
    return lo + static_cast<int64_t>(g() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return uniform(0, 99) < percent; }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[static_cast<size_t>(uniform(0, static_cast<int64_t>(i) - 1))]);
  }
};

struct Stats {
  int64_t chains = 0, ops = 0, index_checks = 0;
  int64_t reshapes = 0, reshape_ok = 0, reshape_refused = 0, masked_reshape_ok = 0;
  int64_t invalid_ops = 0;
};

enum class OpKind { reshape, expand, permute, shrink, pad, flip };

struct Op {
  OpKind kind;
  Dims shape;  // reshape (may hold one -1) / expand
  std::vector<int> axes;
  Mask ranges;  // shrink / pad
  std::vector<bool> flags;
};

std::string op_to_string(const Op& op) {
  switch (op.kind) {
    case OpKind::reshape:
      return "reshape(" + dims_str(op.shape) + ")";
    case OpKind::expand:
      return "expand(" + dims_str(op.shape) + ")";
    case OpKind::permute: {
      Dims a(op.axes.begin(), op.axes.end());
      return "permute(" + dims_str(a) + ")";
    }
    case OpKind::shrink:
      return "shrink(" + mask_to_string(op.ranges) + ")";
    case OpKind::pad:
      return "pad(" + mask_to_string(op.ranges) + ")";
    case OpKind::flip: {
      std::string s = "flip(";
      for (bool b : op.flags) s += b ? "T" : "F";
      return s + ")";
    }
  }
  return "?";
}

// The state of one chain: the view under test, the reference, and a log for failure reports.
struct Chain {
  View view;
  DenseRef ref;
  std::string log;
  Stats* stats;
};

// Applies op to both sides and checks them. Returns false (after reporting) on a disagreement.
bool apply(Chain& c, const Op& op) {
  c.log += " -> " + op_to_string(op);
  ++c.stats->ops;
  Result<View> r = [&]() -> Result<View> {
    switch (op.kind) {
      case OpKind::reshape:
        return c.view.reshape(op.shape);
      case OpKind::expand:
        return c.view.expand(op.shape);
      case OpKind::permute:
        return c.view.permute(op.axes);
      case OpKind::shrink:
        return c.view.shrink(op.ranges);
      case OpKind::pad:
        return c.view.pad(op.ranges);
      case OpKind::flip:
        return c.view.flip(op.flags);
    }
    return make_error(Code::invalid_argument, "unreachable");
  }();
  DenseRef next;
  switch (op.kind) {
    case OpKind::reshape: {
      Dims target = op.shape;
      auto resolved = shape::resolve_neg_one(c.ref.shape, target);
      REQUIRE(resolved.ok());
      next = c.ref.reshape(*resolved);
      ++c.stats->reshapes;
      const bool expressible = next.expressible().has_value();
      if (r.ok() != expressible) {
        FAIL_CHECK("reshape " << (r.ok() ? "succeeded" : "failed") << " but the oracle says "
                              << (expressible ? "expressible" : "not expressible")
                              << "\n  chain:" << c.log << "\n  view: " << c.view.to_string()
                              << "\n  ref: " << c.ref.to_string()
                              << (r.ok() ? "" : "\n  error: " + r.error().message));
        return false;
      }
      if (!r.ok()) {
        ++c.stats->reshape_refused;
        if (r.error().code != Code::not_expressible ||
            r.error().message.find("contiguous()") == std::string::npos) {
          FAIL_CHECK("reshape refused with the wrong error: " << code_name(r.error().code) << ": "
                                                              << r.error().message
                                                              << "\n  chain:" << c.log);
          return false;
        }
        c.log += " (refused)";
        return true;  // both sides stay as they were
      }
      ++c.stats->reshape_ok;
      if (c.view.mask()) ++c.stats->masked_reshape_ok;
      break;
    }
    case OpKind::expand:
      next = c.ref.expand(op.shape);
      break;
    case OpKind::permute:
      next = c.ref.permute(op.axes);
      break;
    case OpKind::shrink:
      next = c.ref.shrink(op.ranges);
      break;
    case OpKind::pad:
      next = c.ref.pad(op.ranges);
      break;
    case OpKind::flip:
      next = c.ref.flip(op.flags);
      break;
  }
  if (!r.ok()) {
    FAIL_CHECK(op_to_string(op) << " failed: " << r.error().message << "\n  chain:" << c.log
                                << "\n  view: " << c.view.to_string());
    return false;
  }
  const std::string diff = svtest::compare(*r, next, &c.stats->index_checks);
  if (!diff.empty()) {
    FAIL_CHECK(diff << "\n  chain:" << c.log << "\n  before: " << c.view.to_string()
                    << "\n  after: " << r->to_string() << "\n  ref: " << next.to_string());
    return false;
  }
  c.view = std::move(*r);
  c.ref = std::move(next);
  return true;
}

Chain start(const Dims& shape, std::optional<int64_t> offset, std::optional<Dims> strides,
            std::optional<Mask> mask, Stats* stats) {
  Chain c{SV_UNWRAP(View::create(shape, offset, strides, mask)), {}, "", stats};
  const Dims st = strides ? *strides : SV_UNWRAP(shape::c_contiguous_strides(shape));
  c.ref = DenseRef::strided(shape, st, offset.value_or(0), mask);
  if (svtest::product(shape) == 0) c.ref.data.clear();
  c.log = "create(" + dims_str(shape) + ", offset=" + std::to_string(offset.value_or(0)) +
          ", strides=" + dims_str(st) + (mask ? ", mask=" + mask_to_string(*mask) : "") + ")";
  const std::string diff = svtest::compare(c.view, c.ref, &stats->index_checks);
  INFO(c.log);
  REQUIRE(diff == "");
  ++stats->chains;
  return c;
}

// ------------------------------------------------------------------------------------ generators

Dims prime_factors(int64_t n) {
  Dims f;
  for (int64_t p = 2; p * p <= n; ++p) {
    while (n % p == 0) {
      f.push_back(p);
      n /= p;
    }
  }
  if (n > 1) f.push_back(n);
  return f;
}

// A random factorisation of n into `rank` factors (1s allowed), n > 0.
Dims factorise(Rng& rng, int64_t n, int rank) {
  Dims out(static_cast<size_t>(rank), 1);
  if (rank == 0) return out;
  for (int64_t p : prime_factors(n)) out[static_cast<size_t>(rng.uniform(0, rank - 1))] *= p;
  return out;
}

Dims random_reshape_target(Rng& rng, const Dims& cur) {
  const int64_t n = svtest::product(cur);
  Dims t;
  const int64_t how = rng.uniform(0, 99);
  if (n == 0) {
    const int rank = static_cast<int>(rng.uniform(1, 4));
    for (int i = 0; i < rank; ++i) t.push_back(rng.uniform(0, 4));
    t[static_cast<size_t>(rng.uniform(0, rank - 1))] = 0;
  } else if (how < 35) {
    // Fresh random factorisation (often crosses group boundaries).
    const int rank =
        n == 1 ? static_cast<int>(rng.uniform(0, 3)) : static_cast<int>(rng.uniform(1, 5));
    t = factorise(rng, n, rank);
  } else if (how < 70 && !cur.empty()) {
    // Merge an adjacent run of dims, then split the product again.
    const size_t i = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(cur.size()) - 1));
    const size_t j = static_cast<size_t>(
        rng.uniform(static_cast<int64_t>(i) + 1, static_cast<int64_t>(cur.size())));
    int64_t p = 1;
    for (size_t k = i; k < j; ++k) p *= cur[k];
    t.assign(cur.begin(), cur.begin() + static_cast<ptrdiff_t>(i));
    const Dims mid = factorise(rng, p, static_cast<int>(rng.uniform(p == 1 ? 0 : 1, 3)));
    t.insert(t.end(), mid.begin(), mid.end());
    t.insert(t.end(), cur.begin() + static_cast<ptrdiff_t>(j), cur.end());
  } else if (how < 85) {
    // Insert and remove 1s.
    for (int64_t d : cur) {
      if (rng.chance(25)) t.push_back(1);
      if (d != 1 || rng.chance(50)) t.push_back(d);
    }
    if (rng.chance(30)) t.push_back(1);
  } else {
    // Swap two dims' sizes (a "transposed" reinterpretation: rarely expressible).
    t = cur;
    if (t.size() >= 2) std::swap(t[0], t[t.size() - 1]);
  }
  if (t.size() > 8) t.resize(8);  // keep ranks modest; re-fix the product below
  if (svtest::product(t) != n) {  // the clipping above broke it: fall back to a plain split
    t = factorise(rng, std::max<int64_t>(n, 1), n == 1 ? 0 : 2);
    if (n == 0) t = {0};
  }
  if (!t.empty() && rng.chance(15))
    t[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(t.size()) - 1))] = -1;
  return t;
}

Op random_op(Rng& rng, const DenseRef& ref) {
  const Dims& s = ref.shape;
  const int rank = static_cast<int>(s.size());
  const int64_t n = ref.numel();
  Op op{};
  const int64_t pick = rng.uniform(0, 99);
  if (pick < 36) {
    op.kind = OpKind::reshape;
    op.shape = random_reshape_target(rng, s);
  } else if (pick < 48) {
    op.kind = OpKind::expand;
    if (rank == 0 && rng.chance(70)) {
      const int r = static_cast<int>(rng.uniform(1, 3));
      for (int i = 0; i < r; ++i) op.shape.push_back(rng.uniform(1, 4));
    } else {
      op.shape = s;
      for (auto& d : op.shape) {
        if (d == 1 && rng.chance(60)) d = rng.chance(5) ? 0 : rng.uniform(2, 5);
      }
    }
    int64_t m = svtest::product(op.shape);
    if (m > kMaxElems) op.shape = s;  // too big: make it the identity
  } else if (pick < 60) {
    op.kind = OpKind::permute;
    op.axes.resize(static_cast<size_t>(rank));
    std::iota(op.axes.begin(), op.axes.end(), 0);
    rng.shuffle(op.axes);
  } else if (pick < 75) {
    op.kind = OpKind::shrink;
    for (int64_t d : s) {
      if (d == 0 || rng.chance(20)) {
        op.ranges.push_back({0, d});
        continue;
      }
      const int64_t b = rng.uniform(0, d - 1);
      op.ranges.push_back({b, rng.uniform(b + 1, d)});
    }
  } else if (pick < 89) {
    op.kind = OpKind::pad;
    int64_t m = 1;
    for (int64_t d : s) {
      const bool padded = rng.chance(50);
      const int64_t b = padded ? rng.uniform(0, 2) : 0, a = padded ? rng.uniform(0, 2) : 0;
      op.ranges.push_back({b, a});
      m *= d + b + a;
    }
    if (m > kMaxElems || (n == 0 && m > 64)) {
      for (auto& r : op.ranges) r = {0, 0};
    }
  } else {
    op.kind = OpKind::flip;
    for (int i = 0; i < rank; ++i) op.flags.push_back(rng.chance(50));
  }
  return op;
}

// An op with an invalid argument; it must fail with the expected code and change nothing.
bool random_invalid_op(Rng& rng, Chain& c) {
  const Dims& s = c.ref.shape;
  const int rank = static_cast<int>(s.size());
  const View& v = c.view;
  Result<View> r = make_error(Code::ok, "");
  Code want = Code::ok;
  std::string what;
  switch (rng.uniform(0, 6)) {
    case 0: {  // reshape to a different element count
      Dims t = s;
      t.push_back(2);
      if (svtest::product(s) == 0) t = {1};
      r = v.reshape(t), want = Code::shape_mismatch, what = "reshape" + dims_str(t);
      break;
    }
    case 1: {  // expand: rank mismatch, or a dim of size != 1
      Dims t = s;
      int big = -1;
      for (int i = 0; i < rank; ++i)
        if (s[static_cast<size_t>(i)] != 1) big = i;
      if (big >= 0 && rank > 0) {
        t[static_cast<size_t>(big)] += 1;
        want = Code::shape_mismatch;
      } else {
        t.push_back(3);
        want = rank == 0 ? Code::ok : Code::rank_mismatch;
      }
      if (want == Code::ok) return true;  // a scalar expands to anything
      r = v.expand(t), what = "expand" + dims_str(t);
      break;
    }
    case 2: {  // permute: out of range / duplicate / wrong length
      std::vector<int> axes(static_cast<size_t>(rank));
      std::iota(axes.begin(), axes.end(), 0);
      if (rank >= 2 && rng.chance(50)) {
        axes[1] = axes[0];
        want = Code::invalid_argument;
      } else if (rank >= 1 && rng.chance(50)) {
        axes[0] = rank + static_cast<int>(rng.uniform(0, 3));
        want = Code::out_of_range;
      } else {
        axes.push_back(0);
        want = Code::rank_mismatch;
      }
      r = v.permute(axes), what = "permute";
      break;
    }
    case 3: {  // shrink: an empty or out-of-bounds range
      if (rank == 0) return true;
      Mask b;
      for (int64_t d : s) b.push_back({0, d});
      const size_t i = static_cast<size_t>(rng.uniform(0, rank - 1));
      b[i] = rng.chance(50) ? Range{0, s[i] + 1} : Range{s[i], s[i]};
      if (s[i] == 0 && b[i] == Range{0, 0}) b[i] = {1, 1};
      r = v.shrink(b), want = Code::out_of_range, what = "shrink" + mask_to_string(b);
      break;
    }
    case 4: {  // pad: negative
      if (rank == 0) return true;
      Mask p(static_cast<size_t>(rank), Range{0, 0});
      p[static_cast<size_t>(rng.uniform(0, rank - 1))] = {0, -1};
      r = v.pad(p), want = Code::invalid_argument, what = "pad" + mask_to_string(p);
      break;
    }
    case 5: {  // flip: wrong number of flags
      r = v.flip(std::vector<bool>(static_cast<size_t>(rank) + 1, true));
      want = Code::rank_mismatch, what = "flip";
      break;
    }
    default: {  // pad / shrink rank mismatch
      r = v.pad(Mask(static_cast<size_t>(rank) + 1, Range{1, 1}));
      want = Code::rank_mismatch, what = "pad (rank)";
      break;
    }
  }
  ++c.stats->invalid_ops;
  if (r.ok() || r.error().code != want) {
    FAIL_CHECK("invalid op " << what << " on " << v.to_string() << " gave "
                             << (r.ok() ? std::string("success") : r.error().message)
                             << "; expected code " << code_name(want) << "\n  chain:" << c.log);
    return false;
  }
  return true;
}

Chain random_start(Rng& rng, Stats* stats) {
  const int rank = static_cast<int>(rng.uniform(0, 5));
  Dims shape;
  for (int i = 0; i < rank; ++i) {
    const int64_t roll = rng.uniform(0, 99);
    shape.push_back(roll < 4 ? 0 : roll < 25 ? 1 : rng.uniform(2, 5));
  }
  const int64_t kind = rng.uniform(0, 99);
  if (kind < 45) return start(shape, std::nullopt, std::nullopt, std::nullopt, stats);
  Dims strides(static_cast<size_t>(rank));
  if (kind < 65) {
    // Random small strides, including 0 and negatives.
    for (auto& s : strides) s = rng.uniform(-6, 6);
  } else {
    // A permuted / spaced-out / partly broadcast contiguous layout (more reshapes succeed).
    Dims c = SV_UNWRAP(shape::c_contiguous_strides(shape));
    const int64_t step = rng.uniform(1, 3);
    for (size_t i = 0; i < c.size(); ++i) {
      strides[i] = c[i] * step;
      if (rng.chance(10)) strides[i] = 0;
      if (rng.chance(10)) strides[i] = -strides[i];
    }
    if (rng.chance(30) && rank >= 2) {
      const size_t a = static_cast<size_t>(rng.uniform(0, rank - 1));
      const size_t b = static_cast<size_t>(rng.uniform(0, rank - 1));
      std::swap(strides[a], strides[b]);
    }
  }
  // Offset such that every addressed element is >= 0 (so -1 stays the "invalid" marker).
  int64_t lowest = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] > 0 && strides[i] < 0) lowest += (shape[i] - 1) * strides[i];
  }
  const int64_t offset = -lowest + rng.uniform(0, 3);
  std::optional<Mask> mask;
  if (kind >= 85) {
    mask.emplace();
    for (int64_t d : shape) {
      if (d == 0 || rng.chance(40)) {
        mask->push_back({0, d});
        continue;
      }
      const int64_t b = rng.uniform(0, d);
      mask->push_back({b, rng.uniform(b, d)});  // may be empty: an all-invalid view
    }
  }
  return start(shape, offset, strides, mask, stats);
}

void report(const char* name, const Stats& s) {
  std::printf("lockstep %s: %" PRId64 " chains, %" PRId64 " ops, %" PRId64
              " index checks; reshapes %" PRId64 " (%" PRId64 " ok, %" PRId64
              " of them masked; %" PRId64 " refused, each confirmed inexpressible); %" PRId64
              " invalid-argument ops\n",
              name, s.chains, s.ops, s.index_checks, s.reshapes, s.reshape_ok, s.masked_reshape_ok,
              s.reshape_refused, s.invalid_ops);
  std::fflush(stdout);
}

Op R(Dims s) { return Op{OpKind::reshape, std::move(s), {}, {}, {}}; }
Op E(Dims s) { return Op{OpKind::expand, std::move(s), {}, {}, {}}; }
Op P(std::vector<int> a) { return Op{OpKind::permute, {}, std::move(a), {}, {}}; }
Op S(Mask m) { return Op{OpKind::shrink, {}, {}, std::move(m), {}}; }
Op Pad(Mask m) { return Op{OpKind::pad, {}, {}, std::move(m), {}}; }
Op F(std::vector<bool> f) { return Op{OpKind::flip, {}, {}, {}, std::move(f)}; }

// Runs a fixed chain; `expect_ok[i]` says whether reshape i must succeed (checked on top of the
// oracle agreement so a regression in both would still be caught).
void run_fixed(Stats& stats, const char* name, Chain c, const std::vector<Op>& ops,
               const std::vector<bool>& reshape_expect = {}) {
  INFO(name);
  size_t ri = 0;
  for (const Op& op : ops) {
    const int64_t refused_before = stats.reshape_refused;
    REQUIRE(apply(c, op));
    if (op.kind == OpKind::reshape && ri < reshape_expect.size()) {
      const bool ok = stats.reshape_refused == refused_before;
      INFO(c.log);
      CHECK(ok == reshape_expect[ri]);
      ++ri;
    }
  }
}

}  // namespace

TEST_CASE("lockstep: random op chains against the dense reference", "[lockstep]") {
  Stats stats;
  Rng rng(0x5eed5157ULL);
  constexpr int kChains = 4000;
  int failures = 0;
  for (int chain = 0; chain < kChains && failures < 5; ++chain) {
    Chain c = random_start(rng, &stats);
    const int len = static_cast<int>(rng.uniform(3, 12));
    for (int k = 0; k < len; ++k) {
      bool ok;
      if (rng.chance(8)) {
        ok = random_invalid_op(rng, c);
      } else {
        ok = apply(c, random_op(rng, c.ref));
      }
      if (!ok) {
        ++failures;
        break;
      }
    }
  }
  report("random", stats);
  WARN("lockstep random: " << stats.chains << " chains, " << stats.ops << " ops, "
                           << stats.index_checks << " index checks, " << stats.reshapes
                           << " reshapes (" << stats.reshape_ok << " ok, " << stats.reshape_refused
                           << " refused)");
  CHECK(failures == 0);
  CHECK(stats.chains >= 3000);
  // The generator must exercise both outcomes of reshape, and masked reshapes.
  CHECK(stats.reshape_ok > 1000);
  CHECK(stats.reshape_refused > 100);
  CHECK(stats.masked_reshape_ok > 100);
}

TEST_CASE("lockstep: chains only a complete reshape can do", "[lockstep][reshape]") {
  Stats st;
  // Merge then split across a non-contiguous outer dim (Nx refuses).
  run_fixed(st, "merge-split", start({2, 3, 4}, 0, Dims{24, 4, 1}, std::nullopt, &st),
            {R({2, 2, 6}), R({2, 12}), R({4, 6}), R({2, 3, 4})}, {true, true, false, true});
  // Size-1 dims with odd strides.
  run_fixed(st, "ones", start({1, 2, 4}, 0, Dims{4, 4, 1}, std::nullopt, &st),
            {R({4, 2}), R({1, 8, 1}), R({2, 1, 2, 2}), R({8})}, {true, true, true, true});
  // Zero-stride groups.
  run_fixed(st, "zero-stride", start({3, 2, 3}, 0, Dims{1, 0, 0}, std::nullopt, &st),
            {R({3, 6}), R({3, 3, 2}), R({9, 2}), R({18}), R({3, 1, 6, 1})},
            {true, true, false, false, true});
  run_fixed(st, "expand-reshape", start({3, 1, 1}, 0, std::nullopt, std::nullopt, &st),
            {E({3, 2, 3}), R({3, 6}), R({3, 2, 3}), P({0, 2, 1}), R({3, 6}), R({18})},
            {true, true, true, false});
  run_fixed(st, "scalar", start({}, 7, Dims{}, std::nullopt, &st),
            {E({2, 3}), R({6}), R({3, 2}), F({true, false}), R({1, 6, 1})}, {true, true, true});
  // Strided every-other-element views: merge then split.
  run_fixed(st, "spaced", start({6, 4}, 1, Dims{8, 2}, std::nullopt, &st),
            {R({3, 8}), R({3, 2, 4}), R({6, 4}), R({24}), R({4, 6})},
            {true, true, true, true, true});
  run_fixed(st, "transposed", start({4, 3}, 0, std::nullopt, std::nullopt, &st),
            {P({1, 0}), R({3, 2, 2}), R({3, 4}), R({12}), R({6, 2})}, {true, true, false, false});
  // Masked reshapes.
  run_fixed(st, "pad-flat", start({2, 3}, 0, std::nullopt, std::nullopt, &st),
            {Pad({{1, 1}, {0, 0}}), R({12}), R({4, 3}), R({2, 2, 3}), R({2, 6}), R({1, 12, 1})},
            {true, true, false, false, true});
  run_fixed(st, "pad-inner", start({2, 3}, 0, std::nullopt, std::nullopt, &st),
            {Pad({{0, 0}, {1, 1}}), R({10}), R({2, 5, 1}), R({1, 2, 5})}, {false, true, true});
  run_fixed(st, "pad-split", start({2, 3, 4}, 0, Dims{24, 4, 1}, std::nullopt, &st),
            {Pad({{1, 0}, {0, 0}, {0, 0}}), R({3, 2, 6}), R({3, 12}), R({6, 6})},
            {true, true, false});
  run_fixed(st, "pad-box", start({3}, 0, std::nullopt, std::nullopt, &st),
            {Pad({{3, 0}}), R({2, 3}), R({6}), Pad({{0, 2}}), R({2, 4}), R({8})},
            {true, true, false, true});
  // A masked view whose outer dims are fixed at a nonzero index (regression: the flat interval
  // must include the outer dims' start).
  run_fixed(st, "outer-fixed", start({3, 4}, 0, std::nullopt, Mask{{1, 2}, {0, 4}}, &st),
            {R({12}), R({3, 4}), R({3, 2, 2}), S({{1, 2}, {0, 2}, {0, 2}}), R({4})},
            {true, true, true, true});
  run_fixed(st, "outer-fixed-2",
            start({2, 3, 4}, 0, std::nullopt, Mask{{1, 2}, {2, 3}, {0, 4}}, &st),
            {R({24}), R({6, 4}), R({2, 12}), R({4, 6}), R({2, 3, 2, 2}), R({3, 8}), R({8, 3})},
            {true, true, true, true, true, true, false});
  // Masked singleton expand then reshape.
  run_fixed(st, "masked-singleton", start({1, 2}, 0, std::nullopt, std::nullopt, &st),
            {Pad({{0, 0}, {1, 0}}), E({4, 3}), R({12}), R({2, 2, 3}), R({4, 3, 1})},
            {false, true, true});
  // All-invalid views reshape freely.
  run_fixed(st, "all-invalid", start({2, 2}, 0, std::nullopt, std::nullopt, &st),
            {Pad({{0, 2}, {0, 0}}), S({{2, 4}, {0, 2}}), R({4}), R({1, 2, 2}), E({1, 2, 2}),
             F({true, true, false}), Pad({{1, 0}, {0, 0}, {0, 1}}), R({2, 2, 3}), R({12}),
             S({{5, 6}}), R({1, 1}), R({})},
            {true, true, true, true, true, false});
  // Negative strides.
  run_fixed(st, "flipped", start({2, 3, 2}, 0, std::nullopt, std::nullopt, &st),
            {F({true, true, true}), R({12}), R({3, 4}), F({false, true}), R({12}), R({6, 2}),
             R({3, 2, 2})},
            {true, true, false, false, true});
  // Zero-size views never pick up offsets or masks, and still check counts.
  run_fixed(st, "zero-size", start({2, 0, 3}, 0, std::nullopt, std::nullopt, &st),
            {R({0, 6}), R({3, 0, 1, 2}), Pad({{1, 1}, {0, 0}, {0, 0}, {1, 0}}),
             F({true, true, true, true}), R({0}), E({0})},
            {true, true, true});
  report("fixed", st);
}
