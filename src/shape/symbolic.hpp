// Symbolic shapes (the spec's Symbolic_shape module).
//
// A Dim is a small value: a plain integer for static dims (no allocation), or a shared immutable
// expression node (Var, Add, Mul, Neg) for symbolic ones. Variables have identity: every
// Var::create makes a fresh one, and equality is by identity, never by name. Binding a variable is a
// global mutation visible to every expression that uses it (as in the spec); `substitute` is pure.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/index.hpp"

namespace sv::sym {

class Var {
 public:
  // Errors: min < 0, min > max, or a bound beyond 2^53-1.
  static Result<Var> create(std::string name, int64_t min, int64_t max);

  int64_t id() const { return s_->id; }
  const std::string& name() const { return s_->name; }
  std::pair<int64_t, int64_t> bounds() const { return {s_->min, s_->max}; }
  std::optional<int64_t> value() const { return s_->value; }
  // Bounds-checked; the error names the variable, the value and the bounds.
  Status bind(int64_t value) const;
  // Removes the binding (a JS demo rebinding a variable needs a way back to "unbound").
  void unbind() const { s_->value.reset(); }
  // "n#3", "n#3=5", "v3" for an unnamed variable.
  std::string to_string() const;

  bool operator==(const Var& o) const { return s_ == o.s_; }
  bool operator!=(const Var& o) const { return s_ != o.s_; }

 private:
  struct State {
    int64_t id;
    std::string name;
    int64_t min, max;
    std::optional<int64_t> value;
  };
  explicit Var(std::shared_ptr<State> s) : s_(std::move(s)) {}
  std::shared_ptr<State> s_;
};

class Dim {
 public:
  enum class Kind { constant, var, add, mul, neg };

  Dim() = default;  // static 0
  static Dim constant(int64_t c) {
    Dim d;
    d.c_ = c;
    return d;
  }
  static Dim of_var(const Var& v);
  static Dim add(const Dim& a, const Dim& b);
  static Dim mul(const Dim& a, const Dim& b);
  static Dim neg(const Dim& a);

  Kind kind() const;
  bool is_const() const { return n_ == nullptr; }
  int64_t const_value() const { return c_; }  // only meaningful when is_const()
  const Var& var() const;                     // kind() == var
  const Dim& lhs() const;                     // add, mul, neg
  const Dim& rhs() const;                     // add, mul

  // The value if every variable in the expression is bound (and no overflow): the spec's eval_dim.
  std::optional<int64_t> eval() const;
  // Same, but an Error (naming `op` and the unbound variable, or the overflow) instead of nullopt.
  Result<int64_t> eval_or_error(const char* op) const;

  std::string to_string() const;

 private:
  struct Node;
  int64_t c_ = 0;
  std::shared_ptr<const Node> n_;
};

using Shape = std::vector<Dim>;

// --- Creation
inline Dim static_dim(int64_t n) { return Dim::constant(n); }
Result<Var> var(std::string name, int64_t min, int64_t max);
Result<Dim> dynamic(std::string name, int64_t min, int64_t max);
inline Dim dim_of_var(const Var& v) { return Dim::of_var(v); }
Shape of_ints(std::span<const int64_t> dims);
inline Shape of_list(std::initializer_list<int64_t> dims) {
  return of_ints(std::span<const int64_t>(dims.begin(), dims.size()));
}

// --- Dimension operations (constants fold: add(2,3) is still a structural Add, see equal()).
inline Dim add(const Dim& a, const Dim& b) { return Dim::add(a, b); }
inline Dim mul(const Dim& a, const Dim& b) { return Dim::mul(a, b); }
inline Dim neg(const Dim& a) { return Dim::neg(a); }

// --- Binding and evaluation
// Binds globally (every shape using v sees it). The shape argument is accepted for parity with the
// spec's signature; binding does not depend on it.
Status bind(const Var& v, int64_t value, const Shape& shape = {});
std::optional<Dims> eval(const Shape& s);
Result<Dims> eval_or_error(const Shape& s, const char* op);
inline std::optional<int64_t> eval_dim(const Dim& d) { return d.eval(); }
std::vector<std::optional<int64_t>> partial_eval(const Shape& s);
bool is_fully_bound(const Shape& s);
std::optional<int64_t> numel(const Shape& s);
// numel as a Dim: static product when every dim is constant, else a Mul chain (1 for a scalar).
Dim numel_dim(const Shape& s);

// --- Inference
inline Dim infer() { return Dim::constant(-1); }
bool is_infer(const Dim& d);
// None when from_shape (or a non-infer dim of to_shape) is unbound, or the element count does not
// divide evenly; an Error for more than one infer dim or a negative dim.
Result<std::optional<Shape>> resolve_reshape(const Shape& from_shape, const Shape& to_shape);

// --- Substitution and analysis
Shape substitute(const std::vector<std::pair<Var, int64_t>>& bindings, const Shape& s);
Dim substitute_dim(const std::vector<std::pair<Var, int64_t>>& bindings, const Dim& d);
std::vector<Var> vars(const Shape& s);
inline int64_t var_id(const Var& v) { return v.id(); }
inline const std::string& var_name(const Var& v) { return v.name(); }
inline std::pair<int64_t, int64_t> var_bounds(const Var& v) { return v.bounds(); }
bool is_static(const Shape& s);
inline int rank(const Shape& s) { return static_cast<int>(s.size()); }
std::string to_string(const Shape& s);
// Structural equality: 2*3 != 6, and variables compare by identity.
bool equal(const Shape& a, const Shape& b);
bool dim_equal(const Dim& a, const Dim& b);

// --- Algebraic equality (used by reshape/expand on unbound shapes)
// Polynomial normal form over variable ids. provably_equal is true when a and b are the same
// polynomial (so n*4 == (2*n)*2 and (n+1)*2 == 2*n+2); false when they differ or are not comparable.
bool provably_equal(const Dim& a, const Dim& b);

}  // namespace sv::sym
