#include "view/reshape_rule.hpp"

#include <algorithm>

#include "shape/shape.hpp"
#include "view/view.hpp"

namespace sv {
namespace {

using sym::Dim;

std::string S(int64_t v) { return std::to_string(v); }

// Drops size-1 dims (keeping the rest in order); `axes` (if given) receives their input axes.
void drop_ones(const Dims& shape, const Mask* mask, Dims& out_shape, Mask* out_mask,
               std::vector<int>* axes) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    out_shape.push_back(shape[i]);
    if (mask) out_mask->push_back((*mask)[i]);
    if (axes) axes->push_back(static_cast<int>(i));
  }
}

// Walks the minimal groups of old dims and new dims with equal products (both without size-1 old
// dims; new size-1 dims are absorbed into the group they stand in, trailing ones are left over).
// Calls fn(oi, oj, ni, nj) for each group [oi, oj) x [ni, nj). Requires equal, non-zero numel.
template <class A, class B, class Fn>
bool for_each_group(const A& od, const B& nd, Fn fn) {
  size_t oi = 0, ni = 0;
  while (oi < od.size() && ni < nd.size()) {
    size_t oj = oi + 1, nj = ni + 1;
    int64_t op = od[oi], np = nd[ni];
    while (op != np) {
      if (np < op) {
        if (nj >= nd.size()) return false;
        np *= nd[nj++];
      } else {
        if (oj >= od.size()) return false;
        op *= od[oj++];
      }
    }
    // Absorb trailing new size-1 dims only when old dims are exhausted (handled by the caller).
    if (!fn(oi, oj, ni, nj)) return false;
    oi = oj;
    ni = nj;
  }
  return oi == od.size();
}

// Makes the walked groups a partition of [0, nin) x [0, nout): leading size-1 input dims join the
// first group, size-1 input dims between groups the next one, trailing dims of either side the
// last one. No walked group (every dim has size 1) gives one group over everything.
void close_groups(std::vector<ReshapeGroup>& g, int nin, int nout) {
  if (g.empty()) {
    if (nin > 0 || nout > 0) g.push_back({0, nin, 0, nout});
    return;
  }
  int in = 0, out = 0;
  for (ReshapeGroup& x : g) {
    x.in_first = in;
    x.out_first = out;
    in = x.in_last;
    out = x.out_last;
  }
  g.back().in_last = nin;
  g.back().out_last = nout;
}

// Intersects the box `ranges` of a group of dims `a` with a flat interval, if it is one.
std::optional<Range> box_to_interval(std::span<const int64_t> a, std::span<const Range> r) {
  size_t k = 0;
  while (k < a.size() && r[k].second - r[k].first == 1) ++k;
  if (k == a.size()) k = a.size() - 1;  // a single element
  for (size_t j = k + 1; j < a.size(); ++j) {
    if (r[j].first != 0 || r[j].second != a[j]) return std::nullopt;
  }
  int64_t start = 0, block = 1, length = 0;
  for (size_t j = a.size(); j-- > 0;) {
    start += r[j].first * block;  // dims after k are full and contribute 0
    if (j == k) length = (r[j].second - r[j].first) * block;
    block *= a[j];
  }
  return Range{start, start + length};
}

// The box over dims b equal to the flat interval [s, e), if there is one.
std::optional<Mask> interval_to_box(std::span<const int64_t> b, int64_t s, int64_t e) {
  int64_t p = 1;
  for (int64_t d : b) p *= d;
  Mask out;
  for (size_t l = 0; l < b.size(); ++l) {
    const int64_t block = p / b[l];
    const int64_t ds = s / block, de = (e - 1) / block;
    if (ds == de) {
      out.push_back({ds, ds + 1});
      s -= ds * block;
      e -= ds * block;
      p = block;
      continue;
    }
    if (s % block != 0 || e % block != 0) return std::nullopt;
    out.push_back({s / block, e / block});
    for (size_t m = l + 1; m < b.size(); ++m) out.push_back({0, b[m]});
    return out;
  }
  return out;
}

}  // namespace

// ------------------------------------------------------------------------------------ the rule

bool reshape_strides_to(std::span<const int64_t> old_shape, std::span<const int64_t> old_strides,
                        std::span<const int64_t> new_shape, int64_t* ns, ReshapeTrace* trace) {
  if (old_shape.size() > static_cast<size_t>(kMaxRank) ||
      new_shape.size() > static_cast<size_t>(kMaxRank)) {
    return false;
  }
  LayoutDims od, os, axis;  // without size-1 dims; inline storage: no heap on the fast path
  for (size_t i = 0; i < old_shape.size(); ++i) {
    if (old_shape[i] == 1) continue;
    od.push_back(old_shape[i]);
    os.push_back(old_strides[i]);
    axis.push_back(static_cast<int64_t>(i));
  }
  for (size_t i = 0; i < new_shape.size(); ++i) ns[i] = 0;
  bool fits = true;
  // A failed group ends the walk, unless a trace wants every group.
  auto fail = [&] {
    fits = false;
    return trace != nullptr;
  };
  bool walked = for_each_group(od, new_shape, [&](size_t oi, size_t oj, size_t ni, size_t nj) {
    if (trace) {
      trace->groups.push_back({static_cast<int>(axis[oi]), static_cast<int>(axis[oj - 1]) + 1,
                               static_cast<int>(ni), static_cast<int>(nj)});
    }
    // The merge rule: inside a group, stride[k] == stride[k+1] * shape[k+1].
    for (size_t k = oi; k + 1 < oj; ++k) {
      auto m = checked_mul(od[k + 1], os[k + 1]);
      if (!m || os[k] != *m) {
        if (trace && !trace->blocking) {
          trace->blocking = ReshapeBlock{static_cast<int>(axis[k]), static_cast<int>(axis[k + 1]),
                                         od[k], od[k + 1], os[k], os[k + 1], m};
        }
        return fail();
      }
    }
    ns[nj - 1] = os[oj - 1];
    for (size_t k = nj - 1; k > ni; --k) {
      auto m = checked_mul(ns[k], new_shape[k]);
      if (!m) {
        // Fine when only size-1 dims are left of k: their strides are set below, never used.
        if (!std::all_of(new_shape.begin() + static_cast<ptrdiff_t>(ni),
                         new_shape.begin() + static_cast<ptrdiff_t>(k),
                         [](int64_t d) { return d == 1; })) {
          return fail();
        }
        break;
      }
      ns[k - 1] = *m;
    }
    return true;
  });
  if (trace) {
    close_groups(trace->groups, static_cast<int>(old_shape.size()),
                 static_cast<int>(new_shape.size()));
  }
  if (!walked || !fits) return false;
  for (size_t i = new_shape.size(); i-- > 0;) {
    if (new_shape[i] != 1) continue;
    if (i + 1 == new_shape.size()) {
      ns[i] = 1;
    } else {
      auto m = checked_mul(ns[i + 1], std::max<int64_t>(1, new_shape[i + 1]));
      ns[i] = m ? *m : 0;
    }
  }
  return true;
}

std::optional<Dims> reshape_strides(const Dims& old_shape, const Dims& old_strides,
                                    const Dims& new_shape) {
  Dims ns(new_shape.size(), 0);
  if (!reshape_strides_to(old_shape, old_strides, new_shape, ns.data())) return std::nullopt;
  return ns;
}

ReshapeAnalysis analyse_reshape(std::span<const int64_t> old_shape,
                                std::span<const int64_t> old_strides,
                                std::span<const int64_t> new_shape) {
  ReshapeAnalysis a;
  const auto has_zero = [](std::span<const int64_t> s) {
    return std::find(s.begin(), s.end(), int64_t{0}) != s.end();
  };
  if (has_zero(old_shape) || has_zero(new_shape)) {
    a.view = true;
    auto cs = shape::c_contiguous_strides(Dims(new_shape.begin(), new_shape.end()));
    a.strides = cs.ok() ? *cs : Dims(new_shape.size(), 0);
    close_groups(a.groups, static_cast<int>(old_shape.size()), static_cast<int>(new_shape.size()));
    return a;
  }
  ReshapeTrace t;
  Dims ns(new_shape.size(), 0);
  a.view = reshape_strides_to(old_shape, old_strides, new_shape, ns.data(), &t);
  a.groups = std::move(t.groups);
  a.blocking = t.blocking;
  if (a.view) a.strides = std::move(ns);
  return a;
}

std::optional<Mask> reshape_mask(const Dims& old_shape, const Mask& mask, const Dims& new_shape,
                                 ReshapeGroup* failed) {
  Dims od;
  Mask om;
  std::vector<int> axes;
  drop_ones(old_shape, &mask, od, &om, &axes);
  Mask out(new_shape.size(), Range{0, 1});
  bool ok = for_each_group(od, new_shape, [&](size_t oi, size_t oj, size_t ni, size_t nj) {
    auto iv = box_to_interval(std::span(od).subspan(oi, oj - oi),
                              std::span<const Range>(om).subspan(oi, oj - oi));
    auto box = iv ? interval_to_box(std::span(new_shape).subspan(ni, nj - ni), iv->first, iv->second)
                  : std::nullopt;
    if (!box) {
      if (failed) {
        *failed = {axes[oi], axes[oj - 1] + 1, static_cast<int>(ni), static_cast<int>(nj)};
      }
      return false;
    }
    std::copy(box->begin(), box->end(), out.begin() + static_cast<ptrdiff_t>(ni));
    return true;
  });
  if (!ok) return std::nullopt;
  return out;
}

// ------------------------------------------------------------------------------------ explain

namespace {

// "dim 2", "dims 0 and 1", "dims 0 to 3".
std::string dims_phrase(int first, int last) {
  if (last - first <= 1) return "dim " + S(first);
  if (last - first == 2) return "dims " + S(first) + " and " + S(first + 1);
  return "dims " + S(first) + " to " + S(last - 1);
}

template <class T>
std::vector<T> sub(const std::vector<T>& v, int first, int last) {
  return std::vector<T>(v.begin() + first, v.begin() + last);
}

std::string ints(const Dims& d) { return dims_to_string(d); }

// What happens to the dims of one group, e.g. "dims 0 and 1 ([3,4]) merge into dim 0 (12)";
// empty for a group that keeps its one dim.
std::string group_phrase(const ReshapeGroup& g, const sym::Shape& in, const sym::Shape& out) {
  const sym::Shape a = sub(in, g.in_first, g.in_last), b = sub(out, g.out_first, g.out_last);
  const int ni = g.in_last - g.in_first, no = g.out_last - g.out_first;
  const auto not_one = [](const Dim& d) { return !(d.is_const() && d.const_value() == 1); };
  const auto ai = std::count_if(a.begin(), a.end(), not_one);
  const auto bi = std::count_if(b.begin(), b.end(), not_one);
  if (ai <= 1 && bi <= 1) return "";  // one dim stays one dim (size-1 dims come and go)
  std::string lhs = (ni == 0 ? std::string("no dims") : dims_phrase(g.in_first, g.in_last)) + " (" +
                    sym::to_string(a) + ")";
  std::string rhs = (no == 0 ? std::string("no dims") : dims_phrase(g.out_first, g.out_last)) +
                    " (" + sym::to_string(b) + ")";
  if (bi <= 1) return lhs + " merge into " + rhs;
  if (ai <= 1) return lhs + (ni == 1 ? " splits into " : " split into ") + rhs;
  return lhs + " regroup as " + rhs;
}

std::string groups_summary(const std::vector<ReshapeGroup>& groups, const sym::Shape& in,
                           const sym::Shape& out) {
  std::string s;
  for (const ReshapeGroup& g : groups) {
    std::string p = group_phrase(g, in, out);
    if (p.empty()) continue;
    s += (s.empty() ? "" : "; ") + p;
  }
  return s.empty() ? "only size-1 dims change" : s;
}

// "dims 0 and 1 ([4,3], strides [1,4]) would merge into one dim of 12, but stride[0] = 1 is not
// stride[1] * shape[1] = 4 * 3 = 12", for the group of `groups` holding the blocking pair.
std::string block_phrase(const ReshapeBlock& b, const std::vector<ReshapeGroup>& groups,
                         const Dims& shape, const Dims& strides, const Dims& new_shape) {
  ReshapeGroup g{b.axis0, b.axis1 + 1, 0, 0};
  for (const ReshapeGroup& x : groups) {
    if (x.in_first <= b.axis0 && b.axis0 < x.in_last) g = x;
  }
  std::string s = dims_phrase(g.in_first, g.in_last) + " (" + ints(sub(shape, g.in_first, g.in_last)) +
                  ", strides " + ints(sub(strides, g.in_first, g.in_last)) + ") would ";
  const Dims out = sub(new_shape, g.out_first, g.out_last);
  if (out.size() == 1) {
    s += "merge into one dim of " + S(out[0]);
  } else {
    s += "regroup as " + ints(out);
  }
  const std::string i = S(b.axis0), j = S(b.axis1);
  s += ", but stride[" + i + "] = " + S(b.stride0) + " is not stride[" + j + "] * shape[" + j +
       "] = " + S(b.stride1) + " * " + S(b.shape1);
  s += b.expected ? " = " + S(*b.expected) : " (beyond 2^53-1)";
  return s;
}

// Minimal groups of equal products over symbolic dims (provably equal as polynomials).
std::vector<ReshapeGroup> symbolic_groups(const sym::Shape& in, const sym::Shape& out) {
  std::vector<ReshapeGroup> g;
  const int nin = static_cast<int>(in.size()), nout = static_cast<int>(out.size());
  int oi = 0, ni = 0;
  while (oi < nin && ni < nout) {
    bool found = false;
    // The pair (oj, nj) with the fewest dims in total whose products are provably equal.
    for (int total = 2; total <= (nin - oi) + (nout - ni) && !found; ++total) {
      for (int a = 1; a < total && !found; ++a) {
        const int oj = oi + a, nj = ni + (total - a);
        if (oj > nin || nj > nout) continue;
        if (sym::provably_equal(sym::numel_dim(sub(in, oi, oj)), sym::numel_dim(sub(out, ni, nj)))) {
          g.push_back({oi, oj, ni, nj});
          oi = oj;
          ni = nj;
          found = true;
        }
      }
    }
    if (!found) break;
  }
  if (oi < nin || ni < nout) g.push_back({oi, nin, ni, nout});  // the rest, as one group
  close_groups(g, nin, nout);
  return g;
}

std::string strip_op(const std::string& message) {
  const std::string p = "reshape: ";
  return message.rfind(p, 0) == 0 ? message.substr(p.size()) : message;
}

}  // namespace

Result<ReshapeExplanation> explain_reshape(const View& v, std::span<const int64_t> new_shape) {
  return explain_reshape(v, sym::of_ints(new_shape));
}

Result<ReshapeExplanation> explain_reshape(const View& v, const sym::Shape& requested) {
  // Targets that are no reshape at all get View::reshape's own error.
  Result<View> r = v.reshape(requested);
  if (!r.ok() && r.error().code != Code::not_expressible) return r.error();
  ReshapeExplanation e;
  e.target = requested;
  if (r.ok()) {
    e.target = r->shape();
  } else if (std::any_of(requested.begin(), requested.end(), sym::is_infer)) {
    SV_TRY(std::optional<sym::Shape> t, sym::resolve_reshape(v.shape(), requested));
    if (t) e.target = std::move(*t);
  }
  const std::optional<Mask>& mask = v.mask();
  std::string head = "reshape " + sym::to_string(v.shape());
  const auto od = sym::eval(v.shape()), nd = sym::eval(e.target);
  std::optional<Dims> st;  // strides_opt() is nullopt for masked views; strides() is not
  if (auto x = v.strides(); x.ok()) st = std::move(*x);
  if (st) head += " with strides " + ints(*st);
  if (mask) head += " and mask " + mask_to_string(*mask);
  head += " to " + sym::to_string(e.target);
  auto view_text = [&](const std::string& why) {
    std::string t = head + " is a view";
    if (r.ok()) {
      if (auto s = r->strides(); s.ok()) e.strides = std::move(*s);
      t += " with strides " + sym::to_string(r->sym_strides());
    }
    return t + " (no copy): " + why + ".";
  };

  if (!od || !nd || !st) {  // symbolic: View::reshape decides (contiguous, or only size-1 dims)
    e.groups = symbolic_groups(v.shape(), e.target);
    e.view = r.ok();
    e.text = e.view ? view_text(groups_summary(e.groups, v.shape(), e.target))
                    : strip_op(r.error().message) + ".";
    return e;
  }

  const Dims& o = *od;
  const Dims& n = *nd;
  const sym::Shape in_sym = v.shape();
  const int64_t numel = sym::numel(v.shape()).value_or(0);
  const std::string copy = "; call contiguous() first.";
  ReshapeAnalysis full = analyse_reshape(o, *st, n);
  e.groups = full.groups;
  if (numel == 0) {
    e.view = true;
    e.text = view_text("the result has no elements, so C-contiguous strides fit");
    return e;
  }
  if (!mask) {
    e.view = full.view;
    e.blocking = full.blocking;
    if (e.view) {
      e.text = view_text(groups_summary(e.groups, in_sym, e.target));
    } else if (e.blocking) {
      e.text = head + " needs a copy: " + block_phrase(*e.blocking, e.groups, o, *st, n) + copy;
    } else {
      e.text = head + " needs a copy: the strides of the result would exceed 2^53-1" + copy;
    }
    return e;
  }
  const Mask& m = *mask;
  if (m[0].first == m[0].second) {  // all-invalid (View normalises every range to (0,0))
    e.view = !n.empty();
    e.text = e.view ? view_text("every element is masked out, and the result keeps them all invalid")
                    : head + " needs a copy: its only element is invalid and a scalar view "
                             "cannot be masked" + copy;
    return e;
  }
  ReshapeGroup failed;
  auto nm = reshape_mask(o, m, n, &failed);
  if (!nm) {
    e.view = false;
    e.mask_blocking = failed;
    e.text = head + " needs a copy: the valid cells of " +
             dims_phrase(failed.in_first, failed.in_last) + " (mask " +
             mask_to_string(sub(m, failed.in_first, failed.in_last)) + " of " +
             ints(sub(o, failed.in_first, failed.in_last)) + ") are not one box of " +
             (failed.out_last - failed.out_first == 1 ? "dim " + S(failed.out_first)
                                                       : dims_phrase(failed.out_first, failed.out_last)) +
             " of the result (" + ints(sub(n, failed.out_first, failed.out_last)) + ")" + copy;
    return e;
  }
  // The valid box, read in C order, must be one strided view of the new valid box.
  Dims box_old, box_new;
  for (const Range& x : m) box_old.push_back(x.second - x.first);
  for (const Range& x : *nm) box_new.push_back(x.second - x.first);
  ReshapeAnalysis box = analyse_reshape(box_old, *st, box_new);
  e.view = box.view;
  e.blocking = box.blocking;
  if (e.view) {
    e.text = view_text(groups_summary(e.groups, in_sym, e.target) + "; the mask becomes " +
                       mask_to_string(*nm));
  } else if (e.blocking) {
    e.text = head + " needs a copy: in the valid box " + ints(box_old) + ", " +
             block_phrase(*e.blocking, box.groups, box_old, *st, box_new) + copy;
  } else {
    e.text = head + " needs a copy: the strides of the result would exceed 2^53-1" + copy;
  }
  return e;
}

}  // namespace sv
