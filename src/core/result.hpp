// Errors as values. Every fallible function in the core returns Result<T>; nothing in src/ throws,
// aborts or asserts on user input. The binding layer turns an Error into a JS StrideViewError.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "core/boundary_tables.hpp"

namespace sv {

// Stable numeric codes (enum class Code: ok, invalid_argument, ... type_error): defined in
// core/boundary_tables.hpp, generated from core/boundary_tables.json with their meanings. The JS
// layer maps them to `StrideViewError.code` strings, so values never change once shipped.

const char* code_name(Code c);

struct Error {
  Code code = Code::invalid_argument;
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design, like std::expected
  Result(Error e) : v_(std::move(e)) {}      // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

struct Unit {};

// Result<Unit> (Status) is what every check returns, once or more per call: one pointer, null when
// ok. Its copies, moves and destruction on the ok path are a pointer test (the variant's are
// out-of-line visits); the Error lives on the heap, built only when something failed.
template <>
class [[nodiscard]] Result<Unit> {
 public:
  [[gnu::always_inline]] Result(Unit) {}  // NOLINT: implicit by design
  Result(Error e) : e_(make(std::move(e))) {}  // NOLINT
  Result(const Result& o) : e_(o.e_ ? copy(*o.e_) : nullptr) {}
  [[gnu::always_inline]] Result(Result&& o) noexcept : e_(o.e_) { o.e_ = nullptr; }
  Result& operator=(const Result& o) {
    if (this != &o) {
      Error* c = o.e_ ? copy(*o.e_) : nullptr;
      if (e_) drop(e_);
      e_ = c;
    }
    return *this;
  }
  [[gnu::always_inline]] Result& operator=(Result&& o) noexcept {
    Error* c = o.e_;
    o.e_ = nullptr;
    if (e_) drop(e_);
    e_ = c;
    return *this;
  }
  [[gnu::always_inline]] ~Result() {
    if (e_) drop(e_);
  }

  [[gnu::always_inline]] bool ok() const { return e_ == nullptr; }
  explicit operator bool() const { return ok(); }
  Unit value() const { return {}; }
  Unit operator*() const { return {}; }
  const Error& error() const { return *e_; }

 private:
  [[gnu::noinline, gnu::cold]] static Error* make(Error&& e) { return new Error(std::move(e)); }
  [[gnu::noinline, gnu::cold]] static Error* copy(const Error& e) { return new Error(e); }
  [[gnu::noinline, gnu::cold]] static void drop(Error* e) { delete e; }
  Error* e_ = nullptr;
};
using Status = Result<Unit>;
[[gnu::always_inline]] inline Status ok_status() { return Unit{}; }

inline Error make_error(Code code, std::string message) { return Error{code, std::move(message)}; }

}  // namespace sv

// Propagate an error from an expression returning Result<...>; bind the value otherwise.
#define SV_CONCAT_INNER(a, b) a##b
#define SV_CONCAT(a, b) SV_CONCAT_INNER(a, b)
#define SV_TRY_IMPL(tmp, decl, expr) \
  auto tmp = (expr);                 \
  if (!tmp.ok()) return tmp.error(); \
  decl = std::move(tmp).value()
#define SV_TRY(decl, expr) SV_TRY_IMPL(SV_CONCAT(sv_try_, __LINE__), decl, expr)
#define SV_CHECK(expr)                        \
  do {                                        \
    auto sv_chk_ = (expr);                    \
    if (!sv_chk_.ok()) return sv_chk_.error(); \
  } while (0)
