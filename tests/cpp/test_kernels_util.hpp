// Test harness for the kernels: operands over guarded storage, random strided / masked layouts, and
// a deliberately naive reference that walks every index with View::linear_index / View::is_valid.
//
// Every operand lives in its own byte vector: `kGuard` elements before and after the addressed span
// plus 0..3 elements of misalignment. Destination storage is snapshotted before a kernel runs;
// after it, every element the destination addresses is compared with the reference and every other
// byte (guards before and after, gaps between strided elements) must be unchanged.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <type_traits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "view/view.hpp"

namespace kt {

using namespace sv;
using namespace sv::kernels;

inline constexpr int64_t kGuard = 4;
inline constexpr DType kAllDTypes[] = {DType::float32, DType::float64, DType::int8,  DType::uint8,
                                       DType::int16,   DType::uint16,  DType::int32, DType::uint32,
                                       DType::int64,   DType::uint64,  DType::bool_};

// The SIMD settings a test runs under: both paths when SIMD128 is compiled in.
inline std::vector<bool> simd_modes() {
  if (simd_available()) return {true, false};
  return {false};
}
struct SimdScope {
  explicit SimdScope(bool on) { set_simd_enabled(on); }
  ~SimdScope() { set_simd_enabled(simd_available()); }
};

inline View make_view(const Dims& shape, int64_t offset, const Dims& strides,
                      std::optional<Mask> mask = std::nullopt) {
  auto v = View::create(std::span<const int64_t>(shape), offset, strides, std::move(mask));
  if (!v.ok()) FAIL("View::create failed: " << v.error().message);
  return *v;
}
inline View contiguous_view(const Dims& shape) {
  auto v = View::create(std::span<const int64_t>(shape));
  if (!v.ok()) FAIL("View::create failed: " << v.error().message);
  return *v;
}

// A non-owning reference to a callable (what std::function would be here, without its cost: each
// std::function<...> made from a distinct lambda instantiates libc++'s allocator / tuple /
// compressed-pair machinery, about 70 ms of compile time apiece, and the dtype sweeps make hundreds;
// test_kernels_scan_sort.cpp compiled in 60 s, 45 of them in those instantiations). Only for
// parameters: it refers to the caller's callable, which outlives the call. An empty std::function
// or a null function pointer gives an empty FnRef.
template <class Sig>
class FnRef;
template <class R, class... A>
class FnRef<R(A...)> {
 public:
  FnRef() = default;
  FnRef(std::nullptr_t) {}
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FnRef>>>
  FnRef(F&& f) {  // NOLINT: implicit, as std::function's
    if constexpr (std::is_constructible_v<bool, std::remove_reference_t<F>&>) {
      if (!static_cast<bool>(f)) return;
    }
    obj_ = const_cast<void*>(static_cast<const void*>(std::addressof(f)));
    call_ = [](void* o, A... a) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<A>(a)...); };
  }
  explicit operator bool() const { return call_ != nullptr; }
  R operator()(A... a) const { return call_(obj_, std::forward<A>(a)...); }

 private:
  void* obj_ = nullptr;
  R (*call_)(void*, A...) = nullptr;
};

inline void for_each_index(const Dims& shape, FnRef<void(const Dims&)> f) {
  for (int64_t s : shape) {
    if (s == 0) return;
  }
  Dims idx(shape.size(), 0);
  for (;;) {
    f(idx);
    size_t d = shape.size();
    while (d > 0) {
      --d;
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
      if (d == 0) return;
    }
    if (shape.empty()) return;
  }
}

inline std::string str(const Dims& d) { return dims_to_string(d); }

// ----------------------------------------------------------------------------- values

// Values of T for operands: `small` keeps integers in [-8, 8] (exact float sums), otherwise floats
// include specials (NaN, +-inf, +-0, values beyond the integer ranges) and integers use every bit.
template <class T>
T random_value(std::mt19937_64& rng, bool small) {
  if constexpr (is_bool_v<T>) {
    return b8{static_cast<uint8_t>(rng() & 1)};
  } else if constexpr (is_float_v<T>) {
    if (small) return static_cast<T>(static_cast<int>(rng() % 17) - 8);
    static const double specials[] = {0.0,          -0.0,      1.5,    -2.25,   1e30,   -1e-30,
                                      INFINITY,     -INFINITY, NAN,    300.7,   -129.5, 65536.5,
                                      4294967296.5, -3e9,      1.8e19, -9.3e18, 255.99, 0.5};
    const uint64_t r = rng();
    if (r % 5 == 0) return static_cast<T>(specials[(r / 5) % (sizeof(specials) / sizeof(double))]);
    return static_cast<T>(static_cast<double>(static_cast<int64_t>(r >> 40) - (1 << 23)) / 64.0);
  } else {
    if (small) return static_cast<T>(static_cast<int>(rng() % 17) - 8);
    return static_cast<T>(rng());
  }
}

template <class T>
bool same_value(T a, T b) {
  if constexpr (is_bool_v<T>) {
    return a.v == b.v;
  } else if constexpr (is_float_v<T>) {
    if (a != a) return b != b;
    return std::memcmp(&a, &b, sizeof(T)) == 0;  // bitwise: +0 and -0 differ
  } else {
    return a == b;
  }
}

template <class T>
std::string show(T v) {
  std::ostringstream s;
  if constexpr (is_bool_v<T>) {
    s << int(v.v);
  } else if constexpr (sizeof(T) == 1) {
    s << int(v);
  } else {
    s.precision(17);
    s << v;
  }
  return s.str();
}

// A naive conversion written apart from kernels::convert: the documented casting rules.
template <class To, class From>
To ref_convert(From x) {
  if constexpr (is_bool_v<To>) {
    if constexpr (is_bool_v<From>) {
      return x;
    } else {
      return b8{static_cast<uint8_t>(!(x == From(0)))};
    }
  } else if constexpr (is_bool_v<From>) {
    return static_cast<To>(x.v);
  } else if constexpr (is_float_v<From> && !is_float_v<To>) {
    if (std::isnan(x)) return To(0);
    const long double v = std::trunc(static_cast<long double>(x));
    const long double lo = static_cast<long double>(std::numeric_limits<To>::min());
    const long double hi = static_cast<long double>(std::numeric_limits<To>::max());
    if (v <= lo) return std::numeric_limits<To>::min();
    if (v >= hi) return std::numeric_limits<To>::max();
    return static_cast<To>(v);
  } else if constexpr (!is_float_v<From> && !is_float_v<To>) {
    return static_cast<To>(static_cast<uint64_t>(x));  // modular
  } else {
    return static_cast<To>(x);
  }
}

// ----------------------------------------------------------------------------- operands

struct Arr {
  View view;
  DType dtype;
  int64_t esize;
  std::vector<unsigned char> bytes;
  int64_t base_off = 0;  // byte offset of element 0 from bytes.data(); may be negative

  char* base() const {
    return reinterpret_cast<char*>(reinterpret_cast<intptr_t>(bytes.data()) + base_off);
  }
  Operand op() const {
    Operand o;
    o.base = base();
    auto l = view.layout("test");
    if (!l.ok()) FAIL("layout: " << l.error().message);
    o.layout = *l;
    o.dtype = dtype;
    return o;
  }
  int64_t byte_of(const Dims& idx) const {
    auto li = view.linear_index(idx);
    if (!li.ok()) FAIL("linear_index: " << li.error().message);
    return base_off + *li * esize;
  }
  template <class T>
  T get(const Dims& idx) const {
    T v;
    std::memcpy(&v, bytes.data() + byte_of(idx), sizeof(T));
    return v;
  }
  template <class T>
  void set(const Dims& idx, T v) {
    std::memcpy(bytes.data() + byte_of(idx), &v, sizeof(T));
  }
  std::string describe(const char* name) const {
    std::ostringstream s;
    s << name << ": " << dtype_name(dtype) << " " << view.to_string() << " misalign "
      << ((reinterpret_cast<uintptr_t>(bytes.data()) + static_cast<uintptr_t>(base_off)) % 16);
    return s.str();
  }
};

// Storage for `v`: guards, misalignment `mis` elements, random bytes; valid elements hold values.
inline Arr make_arr(const View& v, DType t, std::mt19937_64& rng, int mis, bool small = false) {
  Arr a{v, t, static_cast<int64_t>(dtype_size(t)), {}, 0};
  auto sp = v.required_span();
  if (!sp.ok()) FAIL("required_span: " << sp.error().message);
  int64_t lo = 0, hi = -1;
  if (sp->has_value()) {
    lo = (*sp)->first;
    hi = (*sp)->second;
  }
  const int64_t n = hi - lo + 1 + 2 * kGuard + mis;
  a.bytes.resize(static_cast<size_t>(n * a.esize));
  for (auto& b : a.bytes) b = static_cast<unsigned char>(rng());
  a.base_off = (kGuard + mis - lo) * a.esize;
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto l = v.layout("test");
    for_each_index(l->shape, [&](const Dims& idx) {
      if (v.is_valid(idx)) a.set<T>(idx, random_value<T>(rng, small));
    });
  });
  return a;
}

// A destination: a permutation of C-contiguous strides, optionally with gaps and flips.
inline View random_dst_view(const Dims& shape, std::mt19937_64& rng) {
  const size_t r = shape.size();
  std::vector<int> perm(r);
  for (size_t i = 0; i < r; ++i) perm[i] = static_cast<int>(i);
  if (rng() % 2) std::shuffle(perm.begin(), perm.end(), rng);
  Dims strides(r, 0);
  int64_t s = 1 + static_cast<int64_t>(rng() % 4 == 0);
  for (size_t k = r; k-- > 0;) {
    const int d = perm[k];
    strides[d] = s;
    s *= std::max<int64_t>(shape[d], 1) + static_cast<int64_t>(rng() % 4 == 0);
  }
  int64_t offset = 0;
  for (size_t d = 0; d < r; ++d) {
    if (rng() % 4 == 0 && shape[d] > 0) {
      offset += (shape[d] - 1) * strides[d];
      strides[d] = -strides[d];
    }
  }
  return make_view(shape, offset, strides);
}

// A source: strides contiguous-permuted, then per dim gaps, flips, broadcast (0) or large jumps;
// optionally a random mask (padding).
inline View random_src_view(const Dims& shape, std::mt19937_64& rng, bool masks = true) {
  const size_t r = shape.size();
  std::vector<int> perm(r);
  for (size_t i = 0; i < r; ++i) perm[i] = static_cast<int>(i);
  if (rng() % 3 == 0) std::shuffle(perm.begin(), perm.end(), rng);
  Dims strides(r, 0);
  int64_t s = 1;
  for (size_t k = r; k-- > 0;) {
    strides[perm[k]] = s;
    s *= std::max<int64_t>(shape[perm[k]], 1);
  }
  for (size_t d = 0; d < r; ++d) {
    switch (rng() % 9) {
      case 0:
        strides[d] *= 2;
        break;
      case 1:
        strides[d] = -strides[d];
        break;
      case 2:
        strides[d] = 0;
        break;
      case 3:
        strides[d] = (rng() % 2 ? 97 : -53);
        break;
      default:
        break;
    }
  }
  const int64_t offset = static_cast<int64_t>(rng() % 41) - 20;
  std::optional<Mask> mask;
  if (masks && rng() % 3 == 0) {
    Mask m(r);
    for (size_t d = 0; d < r; ++d) {
      const int64_t n = shape[d];
      int64_t a = n > 0 ? static_cast<int64_t>(rng() % static_cast<uint64_t>(n + 1)) : 0;
      int64_t b = n > 0 ? static_cast<int64_t>(rng() % static_cast<uint64_t>(n + 1)) : 0;
      if (a > b) std::swap(a, b);
      if (rng() % 3 == 0) a = 0;
      if (rng() % 3 == 0) b = n;
      if (a == b && rng() % 2) a = b = 0, b = n;
      m[d] = {a, b};
    }
    mask = m;
  }
  return make_view(shape, offset, strides, mask);
}

inline Dims random_shape(std::mt19937_64& rng, int max_rank = 4, int64_t max_dim = 7) {
  const int r = static_cast<int>(rng() % static_cast<uint64_t>(max_rank + 1));
  Dims s(static_cast<size_t>(r));
  for (auto& d : s) {
    d = static_cast<int64_t>(rng() % static_cast<uint64_t>(max_dim + 1));
    if (d == 0 && rng() % 3) d = 1 + static_cast<int64_t>(rng() % 3);
  }
  return s;
}

// After a kernel wrote `dst` (whose bytes were `before`): every addressed element equals
// expected(idx) (compared with same_value, or `close` when given) and every other byte is
// unchanged. Returns a description of the first problem, or "" when all is well.
template <class T>
std::string check_dst(const Arr& dst, const std::vector<unsigned char>& before,
                      FnRef<T(const Dims&)> expected, FnRef<bool(T, T)> close = nullptr) {
  std::vector<char> mark(dst.bytes.size(), 0);
  std::string err;
  int64_t bad = 0;
  auto l = dst.view.layout("test");
  for_each_index(l->shape, [&](const Dims& idx) {
    const int64_t b = dst.byte_of(idx);
    for (int64_t k = 0; k < dst.esize; ++k) mark[static_cast<size_t>(b + k)] = 1;
    const T want = expected(idx);
    const T got = dst.get<T>(idx);
    const bool ok = close ? close(got, want) : same_value(got, want);
    if (!ok && bad++ == 0) {
      err = "at index " + str(idx) + ": got " + show(got) + ", want " + show(want);
    }
  });
  if (bad) return err + " (" + std::to_string(bad) + " elements differ)";
  for (size_t i = 0; i < dst.bytes.size(); ++i) {
    if (!mark[i] && dst.bytes[i] != before[i]) {
      return "byte " + std::to_string(i) + " outside the destination's elements was overwritten";
    }
  }
  return "";
}

// The element of `a` at idx, or 0 where its mask makes it invalid (what kernels read there).
template <class T>
T read_or_zero(const Arr& a, const Dims& idx) {
  if (a.view.is_valid(idx)) return a.get<T>(idx);
  T z;
  std::memset(&z, 0, sizeof z);
  return z;
}

// copy(dst, src, fill) under every SIMD mode on a fresh copy of dst0: every element against the
// converted source (the fill, stored in src's dtype, where the source's mask is invalid), every
// byte outside dst's elements unchanged.
inline void run_copy(const Arr& src, const Arr& dst0, double fill) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr dst = dst0;
    const std::vector<unsigned char> before = dst.bytes;
    INFO(src.describe("src") << "\n"
                             << dst.describe("dst") << "\nfill " << fill << " simd " << simd);
    Status s = copy(dst.op(), src.op(), fill);
    if (!s.ok()) FAIL("copy failed: " << s.error().message);
    std::string err;
    visit_dtype(dst.dtype, [&](auto dt) {
      using D = typename decltype(dt)::type;
      visit_dtype(src.dtype, [&](auto st) {
        using S = typename decltype(st)::type;
        err = check_dst<D>(dst, before, [&](const Dims& idx) {
          // a masked-out element reads the fill in src's dtype, converted as any element
          return src.view.is_valid(idx) ? ref_convert<D, S>(src.get<S>(idx))
                                        : ref_convert<D, S>(ref_convert<S, double>(fill));
        });
      });
    });
    CHECK(err == "");
  }
}

}  // namespace kt
