#include "shape/symbolic.hpp"

#include <algorithm>
#include <atomic>

#include "shape/shape.hpp"

namespace sv::sym {

struct Dim::Node {
  Kind kind;
  std::optional<Var> var;  // kind == var
  Dim a, b;                // operands
};

namespace {
std::atomic<int64_t> g_next_var_id{1};
}

// ---------------------------------------------------------------- Var

Result<Var> Var::create(std::string name, int64_t min, int64_t max) {
  if (min < 0 || max < min || max > kMaxSafe) {
    return make_error(Code::invalid_argument,
                      "var: bounds [" + std::to_string(min) + ", " + std::to_string(max) +
                          "] of variable '" + name + "' are invalid (need 0 <= min <= max <= 2^53-1)");
  }
  auto s = std::make_shared<State>(State{g_next_var_id.fetch_add(1), std::move(name), min, max, {}});
  return Var(std::move(s));
}

Status Var::bind(int64_t value) const {
  if (value < s_->min || value > s_->max) {
    return make_error(Code::out_of_bounds, "bind: value " + std::to_string(value) +
                                               " for variable " + to_string() +
                                               " is outside its bounds [" + std::to_string(s_->min) +
                                               ", " + std::to_string(s_->max) + "]");
  }
  s_->value = value;
  return ok_status();
}

std::string Var::to_string() const {
  std::string s = s_->name.empty() ? "v" + std::to_string(s_->id)
                                   : s_->name + "#" + std::to_string(s_->id);
  if (s_->value) s += "=" + std::to_string(*s_->value);
  return s;
}

// ---------------------------------------------------------------- Dim

Dim Dim::of_var(const Var& v) {
  Dim d;
  d.n_ = std::make_shared<const Node>(Node{Kind::var, v, {}, {}});
  return d;
}
Dim Dim::add(const Dim& a, const Dim& b) {
  Dim d;
  d.n_ = std::make_shared<const Node>(Node{Kind::add, std::nullopt, a, b});
  return d;
}
Dim Dim::mul(const Dim& a, const Dim& b) {
  Dim d;
  d.n_ = std::make_shared<const Node>(Node{Kind::mul, std::nullopt, a, b});
  return d;
}
Dim Dim::neg(const Dim& a) {
  Dim d;
  d.n_ = std::make_shared<const Node>(Node{Kind::neg, std::nullopt, a, {}});
  return d;
}

Dim::Kind Dim::kind() const { return n_ ? n_->kind : Kind::constant; }
const Var& Dim::var() const { return *n_->var; }
const Dim& Dim::lhs() const { return n_->a; }
const Dim& Dim::rhs() const { return n_->b; }

namespace {

// Evaluates; on failure records the first unbound variable or flags an overflow.
std::optional<int64_t> eval_impl(const Dim& d, std::optional<Var>* unbound, bool* overflow) {
  switch (d.kind()) {
    case Dim::Kind::constant: return d.const_value();
    case Dim::Kind::var: {
      auto v = d.var().value();
      if (!v && unbound && !*unbound) *unbound = d.var();
      return v;
    }
    case Dim::Kind::neg: {
      auto a = eval_impl(d.lhs(), unbound, overflow);
      if (!a) return std::nullopt;
      if (!is_safe(*a)) {  // -INT64_MIN is undefined; any unsafe value is an overflow anyway
        *overflow = true;
        return std::nullopt;
      }
      return -*a;
    }
    case Dim::Kind::add:
    case Dim::Kind::mul: {
      auto a = eval_impl(d.lhs(), unbound, overflow);
      auto b = eval_impl(d.rhs(), unbound, overflow);
      if (!a || !b) return std::nullopt;
      auto r = d.kind() == Dim::Kind::add ? checked_add(*a, *b) : checked_mul(*a, *b);
      if (!r) *overflow = true;
      return r;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> Dim::eval() const {
  if (!n_) return c_;
  bool overflow = false;
  return eval_impl(*this, nullptr, &overflow);
}

Result<int64_t> Dim::eval_or_error(const char* op) const {
  if (!n_) return c_;
  std::optional<Var> unbound;
  bool overflow = false;
  auto v = eval_impl(*this, &unbound, &overflow);
  if (v) return *v;
  if (unbound) {
    return make_error(Code::unbound, std::string(op) + ": dim " + to_string() +
                                         " needs a value but variable " + unbound->to_string() +
                                         " is unbound; bind it first");
  }
  return make_error(Code::overflow,
                    std::string(op) + ": dim " + to_string() + " evaluates beyond 2^53-1");
}

std::string Dim::to_string() const {
  switch (kind()) {
    case Kind::constant: return std::to_string(c_);
    case Kind::var: return var().to_string();
    case Kind::add: return "(" + lhs().to_string() + "+" + rhs().to_string() + ")";
    case Kind::mul: return "(" + lhs().to_string() + "*" + rhs().to_string() + ")";
    case Kind::neg: return "(-" + lhs().to_string() + ")";
  }
  return "?";
}

// ---------------------------------------------------------------- module functions

Result<Var> var(std::string name, int64_t min, int64_t max) {
  return Var::create(std::move(name), min, max);
}

Result<Dim> dynamic(std::string name, int64_t min, int64_t max) {
  SV_TRY(Var v, Var::create(std::move(name), min, max));
  return Dim::of_var(v);
}

Shape of_ints(std::span<const int64_t> dims) {
  Shape s;
  s.reserve(dims.size());
  for (int64_t d : dims) s.push_back(Dim::constant(d));
  return s;
}

Status bind(const Var& v, int64_t value, const Shape&) { return v.bind(value); }

std::optional<Dims> eval(const Shape& s) {
  Dims out;
  out.reserve(s.size());
  for (const Dim& d : s) {
    auto v = d.eval();
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

Result<Dims> eval_or_error(const Shape& s, const char* op) {
  Dims out;
  out.reserve(s.size());
  for (const Dim& d : s) {
    SV_TRY(int64_t v, d.eval_or_error(op));
    out.push_back(v);
  }
  return out;
}

std::vector<std::optional<int64_t>> partial_eval(const Shape& s) {
  std::vector<std::optional<int64_t>> out;
  out.reserve(s.size());
  for (const Dim& d : s) out.push_back(d.eval());
  return out;
}

bool is_fully_bound(const Shape& s) { return eval(s).has_value(); }

std::optional<int64_t> numel(const Shape& s) {
  auto e = eval(s);
  if (!e) return std::nullopt;
  auto n = shape::numel(*e);
  if (!n.ok()) return std::nullopt;
  return *n;
}

Dim numel_dim(const Shape& s) {
  if (is_static(s)) {
    auto n = numel(s);
    if (n) return Dim::constant(*n);
  }
  if (s.empty()) return Dim::constant(1);
  Dim acc = s[0];
  for (size_t i = 1; i < s.size(); ++i) acc = Dim::mul(acc, s[i]);
  return acc;
}

bool is_infer(const Dim& d) {
  auto v = d.eval();
  return v && *v == -1;
}

Result<std::optional<Shape>> resolve_reshape(const Shape& from_shape, const Shape& to_shape) {
  int infer_at = -1;
  for (size_t i = 0; i < to_shape.size(); ++i) {
    if (!is_infer(to_shape[i])) continue;
    if (infer_at >= 0) {
      return make_error(Code::invalid_argument,
                        "resolve_reshape: target shape " + to_string(to_shape) +
                            " has more than one inferred (-1) dim (at " + std::to_string(infer_at) +
                            " and " + std::to_string(i) + ")");
    }
    infer_at = static_cast<int>(i);
  }
  // Invalid sizes are errors regardless of binding state.
  int64_t known = 1;
  bool known_bound = true;
  for (size_t i = 0; i < to_shape.size(); ++i) {
    if (static_cast<int>(i) == infer_at) continue;
    auto v = to_shape[i].eval();
    if (!v) {
      known_bound = false;  // an unbound target dim makes the inferred size unknown
      continue;
    }
    if (*v < 0) {
      return make_error(Code::invalid_argument, "resolve_reshape: dim " + std::to_string(i) +
                                                    " of target shape " + to_string(to_shape) +
                                                    " is negative (" + std::to_string(*v) + ")");
    }
    auto m = checked_mul(known, *v);
    if (!m) {
      return make_error(Code::overflow, "resolve_reshape: target shape " + to_string(to_shape) +
                                            " has more than 2^53-1 elements");
    }
    known = *m;
  }
  if (infer_at < 0) return std::optional<Shape>(to_shape);
  auto total = numel(from_shape);
  if (!total || !known_bound) return std::optional<Shape>();
  if (known == 0) {
    if (*total != 0) return std::optional<Shape>();
    Shape out = to_shape;
    out[infer_at] = Dim::constant(0);
    return std::optional<Shape>(std::move(out));
  }
  if (*total % known != 0) return std::optional<Shape>();
  Shape out = to_shape;
  out[infer_at] = Dim::constant(*total / known);
  return std::optional<Shape>(std::move(out));
}

Dim substitute_dim(const std::vector<std::pair<Var, int64_t>>& bindings, const Dim& d) {
  switch (d.kind()) {
    case Dim::Kind::constant: return d;
    case Dim::Kind::var:
      for (const auto& [v, value] : bindings) {
        if (v == d.var()) return Dim::constant(value);
      }
      return d;
    case Dim::Kind::neg: return Dim::neg(substitute_dim(bindings, d.lhs()));
    case Dim::Kind::add:
      return Dim::add(substitute_dim(bindings, d.lhs()), substitute_dim(bindings, d.rhs()));
    case Dim::Kind::mul:
      return Dim::mul(substitute_dim(bindings, d.lhs()), substitute_dim(bindings, d.rhs()));
  }
  return d;
}

Shape substitute(const std::vector<std::pair<Var, int64_t>>& bindings, const Shape& s) {
  Shape out;
  out.reserve(s.size());
  for (const Dim& d : s) out.push_back(substitute_dim(bindings, d));
  return out;
}

namespace {
void collect_vars(const Dim& d, std::vector<Var>& out) {
  switch (d.kind()) {
    case Dim::Kind::constant: return;
    case Dim::Kind::var:
      if (std::find(out.begin(), out.end(), d.var()) == out.end()) out.push_back(d.var());
      return;
    case Dim::Kind::neg: collect_vars(d.lhs(), out); return;
    case Dim::Kind::add:
    case Dim::Kind::mul:
      collect_vars(d.lhs(), out);
      collect_vars(d.rhs(), out);
      return;
  }
}
}  // namespace

std::vector<Var> vars(const Shape& s) {
  std::vector<Var> out;
  for (const Dim& d : s) collect_vars(d, out);
  return out;
}

bool is_static(const Shape& s) {
  return std::all_of(s.begin(), s.end(), [](const Dim& d) { return d.is_const(); });
}

std::string to_string(const Shape& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) r += ',';
    r += s[i].to_string();
  }
  return r + "]";
}

bool dim_equal(const Dim& a, const Dim& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Dim::Kind::constant: return a.const_value() == b.const_value();
    case Dim::Kind::var: return a.var() == b.var();
    case Dim::Kind::neg: return dim_equal(a.lhs(), b.lhs());
    case Dim::Kind::add:
    case Dim::Kind::mul: return dim_equal(a.lhs(), b.lhs()) && dim_equal(a.rhs(), b.rhs());
  }
  return false;
}

bool equal(const Shape& a, const Shape& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!dim_equal(a[i], b[i])) return false;
  }
  return true;
}

// ---------------------------------------------------------------- polynomial normal form

namespace {

// monomial (sorted variable ids, with repetition) -> coefficient. Zero coefficients are erased.
using Poly = std::map<std::vector<int64_t>, int64_t>;

std::optional<Poly> to_poly(const Dim& d) {
  switch (d.kind()) {
    case Dim::Kind::constant: {
      if (!is_safe(d.const_value())) return std::nullopt;  // not comparable (and -c may be UB)
      Poly p;
      if (d.const_value() != 0) p[{}] = d.const_value();
      return p;
    }
    case Dim::Kind::var: {
      if (auto v = d.var().value()) {  // a bound variable is its value
        Poly p;
        if (*v != 0) p[{}] = *v;
        return p;
      }
      return Poly{{{d.var().id()}, 1}};
    }
    case Dim::Kind::neg: {
      auto a = to_poly(d.lhs());
      if (!a) return std::nullopt;
      for (auto& [m, c] : *a) c = -c;
      return a;
    }
    case Dim::Kind::add: {
      auto a = to_poly(d.lhs());
      auto b = to_poly(d.rhs());
      if (!a || !b) return std::nullopt;
      for (const auto& [m, c] : *b) {
        auto s = checked_add((*a)[m], c);
        if (!s) return std::nullopt;
        if (*s == 0) a->erase(m); else (*a)[m] = *s;
      }
      return a;
    }
    case Dim::Kind::mul: {
      auto a = to_poly(d.lhs());
      auto b = to_poly(d.rhs());
      if (!a || !b) return std::nullopt;
      Poly r;
      for (const auto& [ma, ca] : *a) {
        for (const auto& [mb, cb] : *b) {
          std::vector<int64_t> m = ma;
          m.insert(m.end(), mb.begin(), mb.end());
          std::sort(m.begin(), m.end());
          auto prod = checked_mul(ca, cb);
          if (!prod) return std::nullopt;
          auto s = checked_add(r[m], *prod);
          if (!s) return std::nullopt;
          if (*s == 0) r.erase(m); else r[m] = *s;
        }
      }
      return r;
    }
  }
  return std::nullopt;
}

}  // namespace

bool provably_equal(const Dim& a, const Dim& b) {
  auto pa = to_poly(a);
  auto pb = to_poly(b);
  return pa && pb && *pa == *pb;
}

}  // namespace sv::sym
