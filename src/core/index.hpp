// Index types and checked 64-bit arithmetic for metadata.
//
// All metadata (sizes, strides, offsets, element counts) is int64 and must stay within
// +-kMaxSafe = 2^53 - 1, so every value is exact as a JavaScript number. Arithmetic that would
// leave that range is an Error with Code::overflow, never wrap-around.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace sv {

using Dims = std::vector<int64_t>;
using Range = std::pair<int64_t, int64_t>;  // half-open [first, second)
using Mask = std::vector<Range>;

inline constexpr int64_t kMaxSafe = (int64_t{1} << 53) - 1;
inline constexpr int kMaxRank = 32;

// A Range without std::pair's zeroing default constructor (trivially copyable, so arrays of it cost
// nothing to declare and copy as bytes).
struct FlatRange {
  int64_t first, second;
  FlatRange() = default;
  constexpr FlatRange(int64_t a, int64_t b) : first(a), second(b) {}
  FlatRange(const Range& r) : first(r.first), second(r.second) {}  // NOLINT: implicit on purpose
  operator Range() const { return {first, second}; }                // NOLINT
  bool operator==(const FlatRange&) const = default;
};

// A vector of at most N trivially copyable elements stored inline: what kernel layouts hold, so
// that building, copying and checking an operand never touches the heap. Constructing one from more
// than N elements keeps the first N (callers reject ranks above kMaxRank before using the data; N is
// kMaxRank + 1 for layouts so that such a rank is still seen as too large).
template <class T, int N>
class InlineVec {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  [[gnu::always_inline]] InlineVec() {}  // the elements stay uninitialised
  InlineVec(std::initializer_list<T> l) { assign(l.begin(), l.size()); }
  InlineVec(size_t n, const T& v) { assign(n, v); }
  InlineVec(std::span<const T> s) { assign(s.data(), s.size()); }  // NOLINT: implicit on purpose
  template <class U>
  InlineVec(const std::vector<U>& v) {  // NOLINT: implicit on purpose (Dims, Mask)
    n_ = std::min<size_t>(v.size(), N);
    for (size_t i = 0; i < n_; ++i) a_[i] = T(v[i]);
  }
  InlineVec(const InlineVec& o) : n_(o.n_) { std::memcpy(a_, o.a_, n_ * sizeof(T)); }
  InlineVec& operator=(const InlineVec& o) {
    n_ = o.n_;
    std::memmove(a_, o.a_, n_ * sizeof(T));
    return *this;
  }
  template <class U>
  operator std::vector<U>() const {  // NOLINT: implicit on purpose (error messages, tests)
    return std::vector<U>(begin(), end());
  }

  void assign(const T* p, size_t n) {
    n_ = std::min<size_t>(n, N);
    if (n_) std::memcpy(a_, p, n_ * sizeof(T));
  }
  void assign(size_t n, const T& v) {
    n_ = std::min<size_t>(n, N);
    for (size_t i = 0; i < n_; ++i) a_[i] = v;
  }
  [[gnu::always_inline]] void resize(size_t n) { n_ = n < size_t{N} ? n : size_t{N}; }
  [[gnu::always_inline]] void clear() { n_ = 0; }
  void push_back(const T& v) {
    if (n_ < N) a_[n_++] = v;
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T* data() { return a_; }
  const T* data() const { return a_; }
  T* begin() { return a_; }
  T* end() { return a_ + n_; }
  const T* begin() const { return a_; }
  const T* end() const { return a_ + n_; }
  T& operator[](size_t i) { return a_[i]; }
  const T& operator[](size_t i) const { return a_[i]; }

  friend bool operator==(const InlineVec& a, const InlineVec& b) {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }
  template <class U>
  friend bool operator==(const InlineVec& a, const std::vector<U>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!(a[i] == T(b[i]))) return false;
    }
    return true;
  }

 private:
  size_t n_ = 0;
  T a_[N];
};

using LayoutDims = InlineVec<int64_t, kMaxRank + 1>;
using LayoutMask = InlineVec<FlatRange, kMaxRank + 1>;

inline bool is_safe(int64_t v) { return v >= -kMaxSafe && v <= kMaxSafe; }

// The index rule (NumPy): a negative index counts from the end. Normalises i for a dim of size n;
// false when it is out of bounds (-n <= i < n is required).
inline bool normalize_index(int64_t& i, int64_t n) {
  if (i < 0) i += n;
  return i >= 0 && i < n;
}

// Checked helpers: nullopt when the exact result is outside [-kMaxSafe, kMaxSafe], for any
// int64 operands. Multiplication: the double product of the operands is monotone in the exact
// product, and exact (correctly rounded) when both are within +-2^53-1, so it is within
// +-(2^53-1) exactly when the exact product is (an operand beyond 2^53-1 times a non-zero one
// gives at least 2^53 either way); no 128-bit arithmetic, which __builtin_mul_overflow needs on
// wasm32, and no range pre-checks (each costs four 9-byte constants wherever this is inlined).
inline std::optional<int64_t> checked_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r) || !is_safe(r)) return std::nullopt;
  return r;
}
inline std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
  const double p = static_cast<double>(a) * static_cast<double>(b);
  if (!(p <= static_cast<double>(kMaxSafe) && p >= -static_cast<double>(kMaxSafe))) {
    return std::nullopt;
  }
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

// "[2,3,4]"; the format of Shape::to_string, reused by every error message.
std::string dims_to_string(std::span<const int64_t> d);

// An error message built on a cold path: "op: " then `fmt` with each '#' replaced by the next of
// `nums`, each '@' by the next of `dims` (as dims_to_string) and each '$' by the next of `strs`.
// A failing check only stores its numbers: a message as std::string `+` chains costs about 1 KB
// of code per check, this about 50 B.
[[gnu::cold]] Status format_error(Code code, const char* op, const char* fmt,
                                  std::initializer_list<int64_t> nums = {},
                                  std::initializer_list<std::span<const int64_t>> dims = {},
                                  std::initializer_list<const char*> strs = {});
std::string mask_to_string(std::span<const Range> m);
std::string mask_to_string(std::span<const FlatRange> m);

}  // namespace sv
