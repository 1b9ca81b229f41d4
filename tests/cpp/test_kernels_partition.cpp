// partition() / argpartition() along one axis: random strided / broadcast / flipped / masked
// inputs of every dtype (masked-out elements read as 0) with random kth lists, against a
// std::nth_element reference: each kth element as nth_element puts it, the elements before it <=
// and after it >= (sort()'s order: NaN last, -0 == +0), the line a permutation of the input (the
// zeros' signs kept), argpartition's indices a permutation; long lines of few values, NaN and
// signed zeros; the introselect's median-of-medians path alone (kernels/select.hpp); errors.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "kernels/numpy_ops.hpp"
#include "kernels/select.hpp"
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

int reps() { return std::getenv("SV_LONG_TESTS") ? 40 : 8; }

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

// A total order for comparing multisets: ref_less, then -0 before +0.
template <class T>
bool total_less(T a, T b) {
  if (ref_less(a, b)) return true;
  if (ref_less(b, a)) return false;
  if constexpr (is_float_v<T>) return std::signbit(a) && !std::signbit(b);
  return false;
}

// "" when `got` (a line written by partition) is a partition of `in` at every k of ks; else what
// is wrong.
template <class T>
std::string check_line(const std::vector<T>& in, const std::vector<T>& got,
                       const std::vector<int64_t>& ks) {
  const int64_t n = static_cast<int64_t>(in.size());
  std::vector<T> a = in, b = got;
  std::sort(a.begin(), a.end(), total_less<T>);
  std::sort(b.begin(), b.end(), total_less<T>);
  for (int64_t i = 0; i < n; ++i) {
    if (!same_value(a[i], b[i])) return "not a permutation of the input (sorted, at " + std::to_string(i) + ")";
  }
  for (int64_t k0 : ks) {
    const int64_t k = k0 < 0 ? k0 + n : k0;
    std::vector<T> ref = in;
    std::nth_element(ref.begin(), ref.begin() + k, ref.end(), ref_less<T>);
    const T p = got[k];
    if (ref_less(p, ref[k]) || ref_less(ref[k], p)) {
      return "kth " + std::to_string(k0) + ": got " + show(p) + ", nth_element gives " + show(ref[k]);
    }
    for (int64_t i = 0; i < k; ++i) {
      if (ref_less(p, got[i])) return "kth " + std::to_string(k0) + ": element " + std::to_string(i) + " before it is larger";
    }
    for (int64_t i = k + 1; i < n; ++i) {
      if (ref_less(got[i], p)) return "kth " + std::to_string(k0) + ": element " + std::to_string(i) + " after it is smaller";
    }
  }
  return "";
}

// A 1-D int64 operand over ks (C-contiguous).
Operand kth_operand(std::vector<int64_t>& ks) {
  Operand o{ks.data(), {}, DType::int64};
  o.layout.shape = {static_cast<int64_t>(ks.size())};
  o.layout.strides = {1};
  return o;
}

template <class T>
std::vector<T> line_of(const Arr& a, Dims idx, int axis, int64_t n, bool zero_masked) {
  std::vector<T> v;
  for (int64_t i = 0; i < n; ++i) {
    idx[axis] = i;
    v.push_back(zero_masked ? read_or_zero<T>(a, idx) : a.get<T>(idx));
  }
  return v;
}

}  // namespace

TEST_CASE("partition / argpartition: every dtype, random views, many kth, against nth_element", "[partition]") {
  std::mt19937_64 rng(3402);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < reps(); ++rep) {
      Dims sh = random_shape(rng, 3, 6);
      if (sh.empty()) sh = {5};
      const int axis = static_cast<int>(rng() % sh.size());
      if (rep % 3 == 0) sh[axis] = 17 + static_cast<int64_t>(rng() % 3000);  // past insertion sort, across chunks
      const int64_t n = sh[axis];
      if (n == 0) continue;
      const Arr in = make_arr(random_src_view(sh, rng), t, rng, static_cast<int>(rng() % 4), rng() % 2);
      std::vector<int64_t> ks;
      const int m = 1 + static_cast<int>(rng() % 6);
      for (int i = 0; i < m; ++i) ks.push_back(static_cast<int64_t>(rng() % static_cast<uint64_t>(2 * n)) - n);
      Arr po = make_arr(random_dst_view(sh, rng), t, rng, 1);
      Arr ao = make_arr(random_dst_view(sh, rng), DType::int64, rng, 2);
      const auto pb = po.bytes, ab = ao.bytes;
      INFO(in.describe("in") << " axis " << axis << " kth " << ks.size());
      Status s1 = partition(po.op(), in.op(), kth_operand(ks), axis);
      Status s2 = argpartition(ao.op(), in.op(), kth_operand(ks), axis);
      if (!s1.ok()) FAIL(s1.error().message);
      if (!s2.ok()) FAIL(s2.error().message);
      // nothing written outside the outputs' elements
      CHECK(check_dst<int64_t>(ao, ab, [&](const Dims& idx) { return ao.get<int64_t>(idx); }) == "");
      visit_dtype(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        CHECK(check_dst<T>(po, pb, [&](const Dims& idx) { return po.get<T>(idx); }) == "");
        Dims first = sh;
        first[axis] = 1;
        for_each_index(first, [&](const Dims& idx) {
          const auto v = line_of<T>(in, idx, axis, n, true);
          const auto got = line_of<T>(po, idx, axis, n, false);
          CHECK(check_line(v, got, ks) == "");
          const auto ix = line_of<int64_t>(ao, idx, axis, n, false);
          std::vector<int64_t> sorted = ix;
          std::sort(sorted.begin(), sorted.end());
          bool perm = true;
          for (int64_t i = 0; i < n; ++i) perm = perm && sorted[i] == i;
          CHECK(perm);
          if (!perm) return;
          std::vector<T> at;
          for (int64_t i : ix) at.push_back(v[i]);
          CHECK(check_line(v, at, ks) == "");
        });
      });
    }
  }
}

TEST_CASE("partition: long lines of few values, NaN and signed zeros, sorted and reversed input", "[partition]") {
  const double pool[] = {-0.0, 0.0, 1.0, NAN, -1.0, 0.0, -0.0, INFINITY};
  for (int64_t n : {1, 2, 16, 17, 100, 1000, 5000}) {
    for (int pattern = 0; pattern < 5; ++pattern) {
      std::vector<double> xd(static_cast<size_t>(n));
      for (int64_t j = 0; j < n; ++j) {
        xd[j] = pattern == 0   ? pool[(j * 5 + j / 3) % 8]
                : pattern == 1 ? static_cast<double>(j)
                : pattern == 2 ? static_cast<double>(n - j)
                : pattern == 3 ? 7.0
                               : static_cast<double>(std::min(j, n - j));  // organ pipe
      }
      std::vector<float> xf(xd.begin(), xd.end());
      std::vector<int64_t> ks = {0, n / 3, n / 2, n - 1, -1};
      for (DType t : {DType::float32, DType::float64}) {
        INFO("n " << n << " pattern " << pattern << " " << dtype_name(t));
        void* x = t == DType::float32 ? static_cast<void*>(xf.data()) : xd.data();
        std::vector<float> of(xf.size());
        std::vector<double> od(xd.size());
        std::vector<int64_t> ix(xd.size());
        Operand in{x, {}, t}, out{t == DType::float32 ? static_cast<void*>(of.data()) : od.data(), {}, t},
            idx{ix.data(), {}, DType::int64};
        in.layout.shape = {n};
        in.layout.strides = {1};
        out.layout = idx.layout = in.layout;
        REQUIRE(partition(out, in, kth_operand(ks), 0).ok());
        REQUIRE(argpartition(idx, in, kth_operand(ks), -1).ok());
        if (t == DType::float32) {
          CHECK(check_line(xf, of, ks) == "");
          std::vector<float> at;
          for (int64_t i : ix) at.push_back(xf[i]);
          CHECK(check_line(xf, at, ks) == "");
        } else {
          CHECK(check_line(xd, od, ks) == "");
          std::vector<double> at;
          for (int64_t i : ix) at.push_back(xd[i]);
          CHECK(check_line(xd, at, ks) == "");
        }
      }
    }
  }
}

TEST_CASE("introselect: the median-of-medians path alone, many kth", "[partition]") {
  std::mt19937_64 rng(77);
  for (int64_t n : {17, 18, 50, 333, 4096}) {
    for (int rep = 0; rep < 4; ++rep) {
      std::vector<uint32_t> v(static_cast<size_t>(n));
      for (auto& x : v) x = static_cast<uint32_t>(rng() % (rep == 0 ? 3 : rep == 1 ? 100 : 1u << 30));
      if (rep == 3) std::sort(v.begin(), v.end());
      std::vector<int64_t> ks;
      for (int i = 0; i < 1 + rep * 3; ++i) ks.push_back(static_cast<int64_t>(rng() % static_cast<uint64_t>(n)));
      std::sort(ks.begin(), ks.end());
      ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
      const std::vector<uint32_t> before = v;
      // no budget: every round's pivot from the median of medians
      int64_t budget = 0;
      std::vector<uint32_t> tmp(v.size());
      detail::select_range(v.data(), tmp.data(), 0, n, ks.data(), static_cast<int64_t>(ks.size()),
                           [](uint32_t a, uint32_t b) { return a < b; }, budget);
      INFO("n " << n << " rep " << rep);
      CHECK(check_line(before, v, ks) == "");
    }
  }
}

TEST_CASE("partition: errors, empty arrays, in place", "[partition]") {
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
  std::vector<int64_t> k8 = {8}, km9 = {-9}, k2 = {2, 2, -6}, none = {};
  Status e = partition(out, in, kth_operand(k8), 0);
  REQUIRE(!e.ok());
  CHECK(e.error().code == Code::out_of_range);
  CHECK(e.error().message == "partition: kth(=8) out of bounds (8)");
  e = argpartition(oi, in, kth_operand(km9), 0);
  REQUIRE(!e.ok());
  CHECK(e.error().message == "argpartition: kth(=-1) out of bounds (8)");  // NumPy's: -9 + 8
  CHECK(partition(oi, in, kth_operand(k2), 0).error().code == Code::type_error);  // int64 out
  CHECK(argpartition(out, in, kth_operand(k2), 0).error().code == Code::type_error);
  Operand kf = kth_operand(k2);
  kf.dtype = DType::float64;
  CHECK(partition(out, in, kf, 0).error().code == Code::type_error);
  Operand short_out = out;
  short_out.layout.shape = {7};
  CHECK(partition(short_out, in, kth_operand(k2), 0).error().code == Code::shape_mismatch);
  // no kth: a copy
  REQUIRE(partition(out, in, kth_operand(none), 0).ok());
  // an empty array takes any kth (NumPy checks kth only when there are elements)
  Operand em = in;
  em.layout.shape = {0};
  Operand emo = out;
  emo.layout.shape = {0};
  CHECK(partition(emo, em, kth_operand(k8), 0).ok());
  // in place: partition x by itself at 2 (and 2 again, and -6 == 2)
  const std::vector<float> before(x, x + 8);
  REQUIRE(partition(in, in, kth_operand(k2), 0).ok());
  CHECK(check_line(before, std::vector<float>(x, x + 8), k2) == "");
  CHECK(x[2] == 0.0f);
}
