// arg_reduce() / reduce_more() / moments(): random strided / broadcast / flipped / masked inputs
// of every dtype and random axis sets, against a naive reference that walks every index (masked-out
// elements read as 0), plus NaN, ties, empties, overlap and errors.
#include "kernels/numpy_ops.hpp"
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

// The input indices that output index `o` reduces, in C order of the reduced dims.
std::vector<Dims> group_of(const Dims& ish, uint64_t axes, const Dims& o) {
  Dims sub;
  for (size_t d = 0; d < ish.size(); ++d) sub.push_back(((axes >> d) & 1u) ? ish[d] : 1);
  std::vector<Dims> g;
  for_each_index(sub, [&](const Dims& j) {
    Dims idx = o;
    for (size_t d = 0; d < ish.size(); ++d) {
      if ((axes >> d) & 1u) idx[d] = j[d];
    }
    g.push_back(idx);
  });
  return g;
}

template <class T>
long double to_ld(T v) {
  if constexpr (is_bool_v<T>) {
    return v.v;
  } else {
    return static_cast<long double>(v);
  }
}

template <class T>
bool is_nan_v(T v) {
  if constexpr (is_float_v<T>) {
    return v != v;
  } else {
    return false;
  }
}

Dims keep_shape(const Dims& ish, uint64_t axes) {
  Dims o = ish;
  for (size_t d = 0; d < o.size(); ++d) {
    if ((axes >> d) & 1u) o[d] = 1;
  }
  return o;
}

uint64_t random_axes(std::mt19937_64& rng, size_t r) {
  uint64_t m = 0;
  for (size_t d = 0; d < r; ++d) {
    if (rng() % 2) m |= uint64_t{1} << d;
  }
  return m;
}

}  // namespace

TEST_CASE("argmax / argmin: every dtype, random views, NaN and ties", "[reduce_more]") {
  std::mt19937_64 rng(1401);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 80; ++rep) {
      Dims ish = random_shape(rng, 4, 9);
      if (ish.empty()) ish = {5};
      const int axis = static_cast<int>(rng() % ish.size());
      if (ish[axis] == 0) ish[axis] = 3;
      const uint64_t axes = uint64_t{1} << axis;
      const bool small = rng() % 2;  // small values: many ties
      const Arr in =
          make_arr(random_src_view(ish, rng), t, rng, static_cast<int>(rng() % 4), small);
      const Arr out0 = make_arr(random_dst_view(keep_shape(ish, axes), rng), DType::int64, rng, 1);
      for (ArgOp op : {ArgOp::argmax, ArgOp::argmin}) {
        Arr out = out0;
        const auto before = out.bytes;
        INFO(in.describe("in") << " axis " << axis << " op " << static_cast<int>(op));
        const int pass_axis = rng() % 2 ? axis : axis - static_cast<int>(ish.size());
        Status s = arg_reduce(op, out.op(), in.op(), pass_axis);
        if (!s.ok()) FAIL(s.error().message);
        visit_dtype(t, [&](auto tag) {
          using T = typename decltype(tag)::type;
          CHECK(check_dst<int64_t>(out, before, [&](const Dims& o) {
                  const auto g = group_of(ish, axes, o);
                  int64_t best = 0;
                  for (size_t i = 0; i < g.size(); ++i) {
                    const T v = read_or_zero<T>(in, g[i]);
                    const T b = read_or_zero<T>(in, g[best]);
                    if (is_nan_v(b)) break;
                    if (is_nan_v(v)) {
                      best = static_cast<int64_t>(i);
                      break;
                    }
                    const bool better =
                        op == ArgOp::argmax ? to_ld(v) > to_ld(b) : to_ld(v) < to_ld(b);
                    if (better) best = static_cast<int64_t>(i);
                  }
                  return best;
                }) == "");
        });
      }
    }
  }
}

TEST_CASE("argmax: hand cases", "[reduce_more]") {
  float x[] = {1, 3, NAN, 3, NAN, -1};
  int64_t o = -7;
  Operand in{x, {}, DType::float32};
  in.layout.shape = {6};
  in.layout.strides = {1};
  Operand out{&o, {}, DType::int64};
  out.layout.shape = {1};
  out.layout.strides = {1};
  REQUIRE(arg_reduce(ArgOp::argmax, out, in, 0).ok());
  CHECK(o == 2);
  REQUIRE(arg_reduce(ArgOp::argmin, out, in, 0).ok());
  CHECK(o == 2);
  in.layout.shape = {2};  // {1, 3}
  REQUIRE(arg_reduce(ArgOp::argmax, out, in, 0).ok());
  CHECK(o == 1);
  in.layout.offset = 3;  // {3, NaN, -1}
  in.layout.shape = {3};
  in.layout.strides = {1};
  REQUIRE(arg_reduce(ArgOp::argmin, out, in, -1).ok());
  CHECK(o == 1);
  uint64_t u[] = {1, uint64_t{1} << 63, (uint64_t{1} << 63) + 1, 5};
  Operand ui{u, {}, DType::uint64};
  ui.layout.shape = {4};
  ui.layout.strides = {1};
  REQUIRE(arg_reduce(ArgOp::argmax, out, ui, 0).ok());
  CHECK(o == 2);
  // Errors: empty axis, axis out of range, wrong out dtype.
  in.layout.shape = {0};
  in.layout.offset = 0;
  CHECK(arg_reduce(ArgOp::argmax, out, in, 0).error().code == Code::invalid_argument);
  in.layout.shape = {3};
  CHECK(arg_reduce(ArgOp::argmax, out, in, 1).error().code == Code::out_of_range);
  out.dtype = DType::int32;
  CHECK(arg_reduce(ArgOp::argmax, out, in, 0).error().code == Code::type_error);
}

TEST_CASE("prod / any / all: every dtype, random views and axes", "[reduce_more]") {
  std::mt19937_64 rng(1402);
  const DType prod_out[] = {DType::float64, DType::float32, DType::int64,
                            DType::uint64,  DType::int8,    DType::int32};
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 60; ++rep) {
      const Dims ish = random_shape(rng, 4, 6);
      const uint64_t axes = random_axes(rng, ish.size());
      const bool small = rng() % 2;
      const Arr in =
          make_arr(random_src_view(ish, rng), t, rng, static_cast<int>(rng() % 4), small);
      const Dims osh = keep_shape(ish, axes);
      for (ReduceMoreOp op : {ReduceMoreOp::prod, ReduceMoreOp::any, ReduceMoreOp::all}) {
        const DType ot = op == ReduceMoreOp::prod ? prod_out[rng() % 6] : DType::bool_;
        Arr out = make_arr(random_dst_view(osh, rng), ot, rng, 2);
        const auto before = out.bytes;
        INFO(in.describe("in") << " axes " << axes << " op " << static_cast<int>(op) << " out "
                               << dtype_name(ot));
        Status s = reduce_more(op, out.op(), in.op(), axes);
        if (!s.ok()) FAIL(s.error().message);
        visit_dtype(t, [&](auto it) {
          using I = typename decltype(it)::type;
          visit_dtype(ot, [&](auto otag) {
            using O = typename decltype(otag)::type;
            CHECK(check_dst<O>(out, before, [&](const Dims& o) -> O {
                    const auto g = group_of(ish, axes, o);
                    if constexpr (is_bool_v<O>) {
                      bool any = false, all = true;
                      for (const Dims& idx : g) {
                        const bool v = ref_convert<b8, I>(read_or_zero<I>(in, idx)).v;
                        any = any || v;
                        all = all && v;
                      }
                      return b8{static_cast<uint8_t>(op == ReduceMoreOp::any ? any : all)};
                    } else if constexpr (is_float_v<O>) {
                      double p = 1;
                      for (const Dims& idx : g)
                        p *= ref_convert<double, I>(read_or_zero<I>(in, idx));
                      return static_cast<O>(p);
                    } else {
                      uint64_t p = 1;
                      for (const Dims& idx : g) {
                        p *= static_cast<uint64_t>(ref_convert<O, I>(read_or_zero<I>(in, idx)));
                      }
                      return static_cast<O>(p);
                    }
                  }) == "");
          });
        });
      }
    }
  }
}

TEST_CASE("var / std: random views, ddof, float32 and float64 out", "[reduce_more]") {
  std::mt19937_64 rng(1403);
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 48; ++rep) {
      // The last 8: shapes with 1024+ outputs, so that reductions over outer dims take the slab
      // path (moments_slabs) as well as the per-output walk.
      const Dims ish =
          rep < 40 ? random_shape(rng, 4, 6)
                   : Dims{static_cast<int64_t>(2 + rng() % 5), static_cast<int64_t>(1 + rng() % 2),
                          static_cast<int64_t>(1024 + rng() % 9)};
      const uint64_t axes = random_axes(rng, ish.size());
      const Arr in =
          make_arr(random_src_view(ish, rng), t, rng, static_cast<int>(rng() % 4), rng() % 3 != 0);
      const Dims osh = keep_shape(ish, axes);
      const double ddof = static_cast<double>(rng() % 3);
      for (MomentOp op : {MomentOp::var, MomentOp::std}) {
        const DType ot = rng() % 2 ? DType::float32 : DType::float64;
        Arr out = make_arr(random_dst_view(osh, rng), ot, rng, 1);
        const auto before = out.bytes;
        INFO(in.describe("in") << " axes " << axes << " ddof " << ddof << " out "
                               << dtype_name(ot));
        Status s = moments(op, out.op(), in.op(), axes, ddof);
        if (!s.ok()) FAIL(s.error().message);
        visit_dtype(t, [&](auto it) {
          using I = typename decltype(it)::type;
          visit_dtype(ot, [&](auto otag) {
            using O = typename decltype(otag)::type;
            if constexpr (is_float_v<O>) {
              // Rounding in float64 of the mean can leave a deviation of about eps * |x|, whose
              // square counts against the variance: allow 1e-12 * mean(x^2) besides 1e-6 relative.
              long double scale = 0;
              auto expect = [&](const Dims& o) -> O {
                const auto g = group_of(ish, axes, o);
                long double sum = 0;
                for (const Dims& idx : g) sum += ref_convert<double, I>(read_or_zero<I>(in, idx));
                const long double n = static_cast<long double>(g.size());
                const long double mean = sum / n;
                long double ss = 0;
                scale = 0;
                for (const Dims& idx : g) {
                  const long double x = ref_convert<double, I>(read_or_zero<I>(in, idx));
                  scale += x * x / n;
                }
                for (const Dims& idx : g) {
                  const long double d = ref_convert<double, I>(read_or_zero<I>(in, idx)) - mean;
                  ss += d * d;
                }
                long double v = ss / std::max<long double>(n - ddof, 0);
                if (g.empty()) v = NAN;
                if (op == MomentOp::std) v = std::sqrt(v);
                return static_cast<O>(v);
              };
              auto close = [&](O got, O want) {
                if (want != want) return got != got;
                if (std::isinf(want)) return got == want;
                return std::fabs(static_cast<double>(got) - static_cast<double>(want)) <=
                       1e-6 * std::fabs(static_cast<double>(want)) +
                           (op == MomentOp::std ? 1e-6 * std::sqrt(scale) : 1e-12 * scale) + 1e-30;
              };
              CHECK(check_dst<O>(out, before, expect, close) == "");
            }
          });
        });
      }
    }
  }
}

TEST_CASE("reduce_more / moments: empties, overlap and errors", "[reduce_more]") {
  double x[6] = {1, 2, 3, 4, 5, 6};
  Operand in{x, {}, DType::float64};
  in.layout.shape = {2, 3};
  in.layout.strides = {3, 1};
  double o[2] = {};
  Operand out{o, {}, DType::float64};
  out.layout.shape = {2, 1};
  out.layout.strides = {1, 1};
  REQUIRE(reduce_more(ReduceMoreOp::prod, out, in, 2).ok());
  CHECK(o[0] == 6);
  CHECK(o[1] == 120);
  REQUIRE(moments(MomentOp::var, out, in, 2, 1).ok());
  CHECK(o[0] == 1);
  CHECK(o[1] == 1);
  REQUIRE(moments(MomentOp::var, out, in, 2, 3).ok());
  CHECK(std::isinf(o[0]));
  // In place: out overlaps in (the first column).
  Operand col = out;
  col.base = x;
  col.layout.strides = {3, 1};
  REQUIRE(reduce_more(ReduceMoreOp::prod, col, in, 2).ok());
  CHECK(x[0] == 6);
  CHECK(x[3] == 120);
  // Empty reductions.
  Operand e = in;
  e.layout.shape = {2, 0};
  e.layout.strides = {0, 0};
  REQUIRE(reduce_more(ReduceMoreOp::prod, out, e, 2).ok());
  CHECK(o[0] == 1);
  REQUIRE(moments(MomentOp::std, out, e, 2, 0).ok());
  CHECK(std::isnan(o[1]));
  uint8_t b[2] = {7, 7};
  Operand bo{b, {}, DType::bool_};
  bo.layout = out.layout;
  REQUIRE(reduce_more(ReduceMoreOp::all, bo, e, 2).ok());
  CHECK(b[0] == 1);
  REQUIRE(reduce_more(ReduceMoreOp::any, bo, e, 2).ok());
  CHECK(b[1] == 0);
  // Errors.
  CHECK(reduce_more(ReduceMoreOp::any, out, in, 2).error().code == Code::type_error);
  CHECK(reduce_more(ReduceMoreOp::prod, bo, in, 2).error().code == Code::type_error);
  CHECK(reduce_more(ReduceMoreOp::prod, out, in, 1).error().code == Code::shape_mismatch);
  CHECK(reduce_more(ReduceMoreOp::prod, out, in, 4).error().code == Code::out_of_range);
  CHECK(moments(MomentOp::var, out, in, 2, -1).error().code == Code::invalid_argument);
  CHECK(moments(MomentOp::var, bo, in, 2, 0).error().code == Code::type_error);
  CHECK(reduce_more(static_cast<ReduceMoreOp>(9), out, in, 2).error().code ==
        Code::invalid_argument);
}

TEST_CASE("argmax / argmin: contiguous float rows (the SIMD row path), NaN and ties anywhere",
          "[reduce_more]") {
  std::mt19937_64 rng(1404);
  for (int rep = 0; rep < 400; ++rep) {
    const int64_t rows = 1 + static_cast<int64_t>(rng() % 3),
                  n = 1 + static_cast<int64_t>(rng() % 40);
    const bool f32 = rng() % 2;
    std::vector<double> v(static_cast<size_t>(rows * n));
    for (double& x : v) {
      const int k = static_cast<int>(rng() % 16);
      x = k == 0   ? NAN
          : k == 1 ? -0.0
          : k == 2 ? 0.0
          : k == 3 ? INFINITY
          : k == 4 ? -INFINITY
                   : double(rng() % 5) - 2;
    }
    std::vector<float> vf(v.begin(), v.end());
    for (ArgOp op : {ArgOp::argmax, ArgOp::argmin}) {
      std::vector<int64_t> got(static_cast<size_t>(rows), -1);
      Operand in{f32 ? static_cast<void*>(vf.data()) : static_cast<void*>(v.data()),
                 {},
                 f32 ? DType::float32 : DType::float64};
      in.layout.shape = {rows, n};
      in.layout.strides = {n, 1};
      Operand out{got.data(), {}, DType::int64};
      out.layout.shape = {rows, 1};
      out.layout.strides = {1, 1};
      REQUIRE(arg_reduce(op, out, in, 1).ok());
      for (int64_t r = 0; r < rows; ++r) {
        // NumPy: the first NaN, else the first occurrence of the extreme
        int64_t want = -1;
        for (int64_t k = 0; k < n && want < 0; ++k) {
          if (std::isnan(v[static_cast<size_t>(r * n + k)])) want = k;
        }
        if (want < 0) {
          want = 0;
          for (int64_t k = 1; k < n; ++k) {
            const double x = v[static_cast<size_t>(r * n + k)],
                         b = v[static_cast<size_t>(r * n + want)];
            if (op == ArgOp::argmax ? x > b : x < b) want = k;
          }
        }
        INFO("row " << r << " of " << rows << "x" << n << (f32 ? " float32" : " float64"));
        CHECK(got[static_cast<size_t>(r)] == want);
      }
    }
  }
}

TEST_CASE("var / std over the outer axis of a contiguous float matrix: the fused slab rows",
          "[reduce_more]") {
  // [rows, cols] C-order with cols >= 1024: moments_slabs reads the rows in place. The result must
  // be bit-identical to the per-output order: sum in row order, mean, then squared deviations.
  std::mt19937_64 rng(1405);
  for (DType t : {DType::float32, DType::float64}) {
    for (int rep = 0; rep < 3; ++rep) {
      const int64_t rows = 2 + static_cast<int64_t>(rng() % 7),
                    cols = 1024 + static_cast<int64_t>(rng() % 13);
      std::vector<double> v(static_cast<size_t>(rows * cols));
      for (double& x : v)
        x = static_cast<double>(static_cast<int64_t>(rng() % 20001) - 10000) / 97.0;
      std::vector<float> vf(v.begin(), v.end());
      if (t == DType::float32) {
        for (size_t i = 0; i < v.size(); ++i) v[i] = vf[i];
      }
      for (MomentOp op : {MomentOp::var, MomentOp::std}) {
        std::vector<double> got(static_cast<size_t>(cols));
        Operand in{
            t == DType::float32 ? static_cast<void*>(vf.data()) : static_cast<void*>(v.data()),
            {},
            t};
        in.layout.shape = {rows, cols};
        in.layout.strides = {cols, 1};
        Operand out{got.data(), {}, DType::float64};
        out.layout.shape = {1, cols};
        out.layout.strides = {cols, 1};
        REQUIRE(moments(op, out, in, 1u, 1.0).ok());
        for (int64_t c = 0; c < cols; ++c) {
          double s = 0;
          for (int64_t r = 0; r < rows; ++r) s += v[static_cast<size_t>(r * cols + c)];
          const double mean = s / static_cast<double>(rows);
          double q = 0;
          for (int64_t r = 0; r < rows; ++r) {
            const double d = v[static_cast<size_t>(r * cols + c)] - mean;
            q += d * d;
          }
          double want = q / static_cast<double>(rows - 1);
          if (op == MomentOp::std) want = std::sqrt(want);
          INFO(dtype_name(t) << " " << rows << "x" << cols << " col " << c);
          REQUIRE(got[static_cast<size_t>(c)] == want);
        }
      }
    }
  }
}

TEST_CASE("any / all over a whole contiguous bool or float operand: the early-exit scan",
          "[reduce_more]") {
  std::mt19937_64 rng(1406);
  for (int rep = 0; rep < 300; ++rep) {
    const int64_t n = static_cast<int64_t>(rng() % 100);
    const int kind = static_cast<int>(rng() % 3);  // bool, float32, float64
    const bool fill = rng() % 2;                   // background value: all nonzero or all zero
    std::vector<double> v(static_cast<size_t>(n), fill ? 1.0 : 0.0);
    if (n > 0 && rng() % 4 != 0) {
      const int k = static_cast<int>(rng() % 3);
      v[rng() % static_cast<size_t>(n)] = k == 0 ? 0.0 : k == 1 ? -0.0 : (kind ? NAN : 2.0);
    }
    std::vector<uint8_t> vb(v.size());
    std::vector<float> vf(v.begin(), v.end());
    for (size_t i = 0; i < v.size(); ++i)
      vb[i] = v[i] != 0 ? static_cast<uint8_t>(1 + rng() % 3) : 0;
    void* base = kind == 0   ? static_cast<void*>(vb.data())
                 : kind == 1 ? static_cast<void*>(vf.data())
                             : static_cast<void*>(v.data());
    Operand in{base, {}, kind == 0 ? DType::bool_ : kind == 1 ? DType::float32 : DType::float64};
    in.layout.shape = {n};
    in.layout.strides = {1};
    bool any = false, all = true;
    for (double x : v) {
      any = any || x != 0;
      all = all && x != 0;
    }
    for (ReduceMoreOp op : {ReduceMoreOp::any, ReduceMoreOp::all}) {
      uint8_t got = 7;
      Operand out{&got, {}, DType::bool_};
      out.layout.shape = {1};
      out.layout.strides = {1};
      REQUIRE(reduce_more(op, out, in, 1u).ok());
      INFO("kind " << kind << " n " << n);
      CHECK(got == (op == ReduceMoreOp::any ? any : all));
    }
  }
}
