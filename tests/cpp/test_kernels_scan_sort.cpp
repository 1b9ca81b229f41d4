// scan() (cumsum / cumprod), sort(), argsort(), topk() along one axis: random strided / broadcast
// / flipped / masked inputs of every dtype against naive references (masked-out elements read as
// 0), long lines across the conversion chunks, NaN / -0 / ties, in-place and errors.
#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "kernels/numpy_ops.hpp"
#include "test_kernels_util.hpp"

namespace {
// Random views per dtype: 40 with SV_LONG_TESTS=1; else 8, and 1 in the sanitizer build (the
// element-by-element references recompute each line: 40 cost over eight minutes of the native
// ASan+UBSan run, which `npm test` must keep short).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SV_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SV_SANITIZED 1
#endif
int reps() {
  if (std::getenv("SV_LONG_TESTS")) return 40;
#ifdef SV_SANITIZED
  return 1;
#else
  return 8;
#endif
}
}  // namespace

using namespace kt;

namespace {

// Values of the line through idx along axis.
template <class T>
std::vector<T> line_of(const Arr& a, Dims idx, int axis, int64_t n) {
  std::vector<T> v;
  for (int64_t i = 0; i < n; ++i) {
    idx[axis] = i;
    v.push_back(read_or_zero<T>(a, idx));
  }
  return v;
}

// Ascending value order: NaN last, -0 == +0, exact integers.
template <class T>
bool ref_less(T a, T b) {
  if constexpr (is_bool_v<T>) {
    return a.v < b.v;
  } else if constexpr (is_float_v<T>) {
    if (a != a) return false;
    if (b != b) return true;
    return a < b;
  } else {
    return a < b;
  }
}

Dims random_line_shape(std::mt19937_64& rng, int* axis) {
  Dims s = random_shape(rng, 3, 6);
  if (s.empty()) s = {4};
  *axis = static_cast<int>(rng() % s.size());
  if (rng() % 4 == 0) s[*axis] = 200 + static_cast<int64_t>(rng() % 400);  // across chunks
  return s;
}

}  // namespace

TEST_CASE("cumsum / cumprod: every dtype pair family, random views", "[scan]") {
  std::mt19937_64 rng(1501);
  const DType outs[] = {DType::float32, DType::float64, DType::int64, DType::uint64,
                        DType::int8,    DType::uint16,  DType::int32};
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < reps(); ++rep) {
      int axis = 0;
      Dims sh = random_line_shape(rng, &axis);
      if (rep % 4 == 3) {
        // An outer axis with 1024+ elements per step: the slab path (scan_slabs) for C-order views.
        sh = {2 + static_cast<int64_t>(rng() % 5), 1024 + static_cast<int64_t>(rng() % 40)};
        axis = 0;
      }
      const Arr in =
          make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4), rng() % 2);
      for (ScanOp op : {ScanOp::cumsum, ScanOp::cumprod}) {
        const DType ot = rng() % 3 == 0 ? (t == DType::bool_ ? DType::int64 : t) : outs[rng() % 7];
        Arr out = make_arr(random_dst_view(sh, rng), ot, rng, 1);
        const auto before = out.bytes;
        INFO(in.describe("in") << " axis " << axis << " op " << static_cast<int>(op) << " out "
                               << dtype_name(ot));
        Status s =
            scan(op, out.op(), in.op(), axis - (rng() % 2 ? static_cast<int>(sh.size()) : 0));
        if (!s.ok()) FAIL(s.error().message);
        visit_dtype(t, [&](auto it) {
          using I = typename decltype(it)::type;
          visit_dtype(ot, [&](auto otag) {
            using O = typename decltype(otag)::type;
            if constexpr (!is_bool_v<O>) {
              CHECK(check_dst<O>(out, before, [&](const Dims& idx) -> O {
                      const auto v = line_of<I>(in, idx, axis, idx[axis] + 1);
                      if constexpr (is_float_v<O>) {
                        O acc = op == ScanOp::cumsum ? O(0) : O(1);
                        for (I x : v) {
                          const O y = ref_convert<O, I>(x);
                          acc = op == ScanOp::cumsum ? static_cast<O>(acc + y)
                                                     : static_cast<O>(acc * y);
                        }
                        return acc;
                      } else {
                        uint64_t acc = op == ScanOp::cumsum ? 0 : 1;
                        for (I x : v) {
                          const uint64_t y = static_cast<uint64_t>(ref_convert<O, I>(x));
                          acc = op == ScanOp::cumsum ? acc + y : acc * y;
                        }
                        return static_cast<O>(acc);
                      }
                    }) == "");
            }
          });
        });
      }
    }
  }
}

TEST_CASE("cumsum: in place and errors", "[scan]") {
  int32_t x[6] = {1, 2, 3, 4, 5, 6};
  Operand a{x, {}, DType::int32};
  a.layout.shape = {2, 3};
  a.layout.strides = {3, 1};
  REQUIRE(scan(ScanOp::cumsum, a, a, 1).ok());
  CHECK(std::vector<int32_t>(x, x + 6) == std::vector<int32_t>{1, 3, 6, 4, 9, 15});
  REQUIRE(scan(ScanOp::cumsum, a, a, 0).ok());
  CHECK(std::vector<int32_t>(x, x + 6) == std::vector<int32_t>{1, 3, 6, 5, 12, 21});
  // A shifted alias reads the input first.
  Operand shifted = a;
  shifted.layout.shape = {5};
  shifted.layout.strides = {1};
  Operand src = shifted;
  shifted.layout.offset = 1;
  REQUIRE(scan(ScanOp::cumsum, shifted, src, 0).ok());
  CHECK(std::vector<int32_t>(x, x + 6) == std::vector<int32_t>{1, 1, 4, 10, 15, 27});
  CHECK(scan(ScanOp::cumsum, a, a, 2).error().code == Code::out_of_range);
  Operand b = a;
  b.dtype = DType::bool_;
  CHECK(scan(ScanOp::cumsum, b, a, 0).error().code == Code::type_error);
  CHECK(scan(static_cast<ScanOp>(5), a, a, 0).error().code == Code::invalid_argument);
  Operand r0 = a;
  r0.layout.shape = {};
  r0.layout.strides = {};
  CHECK(scan(ScanOp::cumsum, r0, r0, 0).error().code == Code::rank_mismatch);
}

TEST_CASE("sort / argsort / topk: every dtype, random views, stable, NaN last", "[sort]") {
  std::mt19937_64 rng(1502);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < reps(); ++rep) {
      int axis = 0;
      Dims sh = random_line_shape(rng, &axis);
      if (rep % 4 == 3) {
        // An outer axis with 1024+ elements per step: the slab path (scan_slabs) for C-order views.
        sh = {2 + static_cast<int64_t>(rng() % 5), 1024 + static_cast<int64_t>(rng() % 40)};
        axis = 0;
      }
      const int64_t n = sh[axis];
      const Arr in =
          make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4), rng() % 2);
      const int64_t k = n > 0 ? static_cast<int64_t>(rng() % static_cast<uint64_t>(n + 1)) : 0;
      Dims ksh = sh;
      ksh[axis] = k;
      Arr so = make_arr(random_dst_view(sh, rng), t, rng, 1);
      Arr ao = make_arr(random_dst_view(sh, rng), DType::int64, rng, 2);
      Arr tv = make_arr(random_dst_view(ksh, rng), t, rng, 3);
      Arr ti = make_arr(random_dst_view(ksh, rng), DType::int64, rng, 0);
      const auto sb = so.bytes, ab = ao.bytes, tvb = tv.bytes, tib = ti.bytes;
      INFO(in.describe("in") << " axis " << axis << " k " << k);
      Status s1 = sort(so.op(), in.op(), axis);
      Status s2 = argsort(ao.op(), in.op(), axis);
      Status s3 = topk(tv.op(), ti.op(), in.op(), k, axis);
      if (!s1.ok()) FAIL(s1.error().message);
      if (!s2.ok()) FAIL(s2.error().message);
      if (!s3.ok()) FAIL(s3.error().message);
      visit_dtype(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        auto order = [&](const Dims& idx, bool desc) {
          const auto v = line_of<T>(in, idx, axis, n);
          std::vector<int64_t> p(static_cast<size_t>(n));
          std::iota(p.begin(), p.end(), 0);
          std::stable_sort(p.begin(), p.end(), [&](int64_t a, int64_t b) {
            return desc ? ref_less(v[b], v[a]) : ref_less(v[a], v[b]);
          });
          return std::make_pair(v, p);
        };
        CHECK(check_dst<T>(so, sb, [&](const Dims& idx) {
                auto [v, p] = order(idx, false);
                return v[p[idx[axis]]];
              }) == "");
        CHECK(check_dst<int64_t>(ao, ab, [&](const Dims& idx) {
                return order(idx, false).second[idx[axis]];
              }) == "");
        CHECK(check_dst<T>(tv, tvb, [&](const Dims& idx) {
                auto [v, p] = order(idx, true);
                return v[p[idx[axis]]];
              }) == "");
        CHECK(check_dst<int64_t>(ti, tib, [&](const Dims& idx) {
                return order(idx, true).second[idx[axis]];
              }) == "");
      });
    }
  }
}

TEST_CASE("sort / topk: hand cases and errors", "[sort]") {
  float x[] = {3, NAN, -0.0f, 1, 0.0f, -INFINITY, NAN, 3};
  float o[8];
  int64_t ix[8];
  Operand in{x, {}, DType::float32};
  in.layout.shape = {8};
  in.layout.strides = {1};
  Operand out{o, {}, DType::float32};
  out.layout = in.layout;
  Operand oi{ix, {}, DType::int64};
  oi.layout = in.layout;
  REQUIRE(argsort(oi, in, 0).ok());
  CHECK(std::vector<int64_t>(ix, ix + 8) == std::vector<int64_t>{5, 2, 4, 3, 0, 7, 1, 6});
  REQUIRE(sort(out, in, -1).ok());
  CHECK(std::signbit(o[1]));
  CHECK(std::isnan(o[7]));
  out.layout.shape = {3};
  oi.layout.shape = {3};
  REQUIRE(topk(out, oi, in, 3, 0).ok());
  CHECK(std::vector<int64_t>(ix, ix + 3) == std::vector<int64_t>{1, 6, 0});
  CHECK(o[2] == 3);
  CHECK(topk(out, oi, in, 9, 0).error().code == Code::out_of_range);
  CHECK(topk(out, oi, in, 2, 0).error().code == Code::shape_mismatch);
  const Operand wrong = out;  // float32 indices
  CHECK(topk(out, wrong, in, 3, 0).error().code == Code::type_error);
  Operand oi2 = oi;
  oi2.base = o;
  CHECK(topk(out, oi2, in, 3, 0).error().code == Code::invalid_argument);
  // In place: sort x by itself.
  REQUIRE(sort(in, in, 0).ok());
  CHECK(x[0] == -INFINITY);
  CHECK(x[5] == 3);
  CHECK(std::isnan(x[6]));
}

TEST_CASE("sort / argsort: long lines of few values stay stable, signed zeros in line order", "[sort]") {
  // Lines past the std::sort cut (80) take the radix paths: 32-bit keys (float32), 64-bit keys and
  // (key, index) pairs (float64). Few distinct values, so every order is decided by stability.
  const double pool[] = {-0.0, 0.0, 1.0, NAN, -1.0, 0.0, -0.0};
  for (int64_t n : {7, 79, 80, 300}) {
    std::vector<float> xf(static_cast<size_t>(n)), of(xf.size());
    std::vector<double> xd(xf.size()), od(xf.size());
    std::vector<int64_t> ia(xf.size()), ib(xf.size());
    for (int64_t j = 0; j < n; ++j) xd[j] = pool[(j * 5 + j / 3) % 7], xf[j] = static_cast<float>(xd[j]);
    std::vector<int64_t> want(xf.size());
    std::iota(want.begin(), want.end(), 0);
    std::stable_sort(want.begin(), want.end(), [&](int64_t a, int64_t b) {
      const double u = xd[a], v = xd[b];
      return std::isnan(v) ? !std::isnan(u) : u < v;
    });
    for (DType t : {DType::float32, DType::float64}) {
      INFO("n " << n << " " << dtype_name(t));
      void* x = t == DType::float32 ? static_cast<void*>(xf.data()) : xd.data();
      void* o = t == DType::float32 ? static_cast<void*>(of.data()) : od.data();
      Operand in{x, {}, t}, out{o, {}, t}, idx{ia.data(), {}, DType::int64};
      in.layout.shape = {n};
      in.layout.strides = {1};
      out.layout = idx.layout = in.layout;
      REQUIRE(argsort(idx, in, 0).ok());
      CHECK(ia == want);
      REQUIRE(sort(out, in, 0).ok());
      for (int64_t j = 0; j < n; ++j) {
        const double got = t == DType::float32 ? of[j] : od[j];
        const double w = xd[want[j]];
        INFO("at " << j);
        if (std::isnan(w)) {
          CHECK(std::isnan(got));
        } else {
          CHECK(got == w);
          CHECK(std::signbit(got) == std::signbit(w));
        }
      }
    }
  }
}

TEST_CASE("searchsorted: every dtype against std::lower_bound / upper_bound, strided and masked", "[sort]") {
  std::mt19937_64 rng(77);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 6; ++rep) {
      const int64_t n = static_cast<int64_t>(rng() % 300), m = 1 + static_cast<int64_t>(rng() % 600);
      // a: n sorted values read with stride 2 (every other element of a buffer); v: reversed
      visit_dtype(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        std::vector<double> av(static_cast<size_t>(n)), vv(static_cast<size_t>(m));
        for (auto& x : av) x = static_cast<double>(rng() % 40) - (std::is_signed_v<T> ? 20 : 0);
        for (auto& x : vv) x = static_cast<double>(rng() % 44) - (std::is_signed_v<T> ? 22 : 0);
        if constexpr (std::is_floating_point_v<T>) {
          if (n > 2) av[0] = NAN;
          vv[0] = NAN;
          if (m > 1) vv[1] = -0.0;
        }
        auto in_t = [](double x) {  // x as T holds it (bool: 0 or 1; unsigned: wrapped)
          const T y = from_double<T>(x);
          if constexpr (is_bool_v<T>) return static_cast<double>(y.v);
          else return static_cast<double>(y);
        };
        for (auto& x : av) x = in_t(x);
        for (auto& x : vv) x = in_t(x);
        auto less = [](double x, double y) { return std::isnan(y) ? !std::isnan(x) : x < y; };
        std::sort(av.begin(), av.end(), less);
        std::vector<T> abuf(static_cast<size_t>(2 * n + 1)), vbuf(static_cast<size_t>(m));
        for (int64_t i = 0; i < n; ++i) abuf[static_cast<size_t>(2 * i)] = from_double<T>(av[i]);
        for (int64_t i = 0; i < m; ++i) vbuf[static_cast<size_t>(m - 1 - i)] = from_double<T>(vv[i]);
        std::vector<int64_t> got(static_cast<size_t>(m), -7);
        Operand A{abuf.data(), {}, t}, V{vbuf.data(), {}, t}, O{got.data(), {}, DType::int64};
        A.layout.shape = {n};
        A.layout.strides = {2};
        V.layout.shape = {m};
        V.layout.strides = {-1};
        V.layout.offset = m - 1;
        O.layout.shape = {m};
        O.layout.strides = {1};
        for (bool right : {false, true}) {
          INFO(dtype_name(t) << " n " << n << " m " << m << (right ? " right" : " left"));
          REQUIRE(searchsorted(O, A, V, right).ok());
          for (int64_t i = 0; i < m; ++i) {
            const auto it = right ? std::upper_bound(av.begin(), av.end(), vv[i], less)
                                  : std::lower_bound(av.begin(), av.end(), vv[i], less);
            CHECK(got[static_cast<size_t>(i)] == it - av.begin());
          }
        }
      });
    }
  }
  // errors: rank, dtype, out
  float a[3] = {1, 2, 3};
  double d[2] = {1, 2};
  int64_t o[2];
  Operand A{a, {}, DType::float32}, D{d, {}, DType::float64}, O{o, {}, DType::int64};
  A.layout.shape = {3};
  A.layout.strides = {1};
  D.layout.shape = {2};
  D.layout.strides = {1};
  O.layout.shape = {2};
  O.layout.strides = {1};
  CHECK(searchsorted(O, A, D, false).error().code == Code::type_error);
  Operand M = A;
  M.layout.shape = {1, 3};
  M.layout.strides = {3, 1};
  CHECK(searchsorted(O, M, A, false).error().code == Code::rank_mismatch);
  CHECK(searchsorted(O, A, A, false).error().code == Code::shape_mismatch);
}
