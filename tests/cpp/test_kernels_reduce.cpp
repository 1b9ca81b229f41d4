// reduce(): sum / max / min / mean over random axis sets of random strided / broadcast / masked
// inputs, row (last-axis) and column (first-axis) reductions around the SIMD tails, dtype
// combinations, overlap and errors. Masked-out elements take part as 0.
#include <cstdio>
#include <cstdlib>

#include "test_kernels_util.hpp"

using namespace kt;

namespace {

constexpr ReduceOp kReduceOps[] = {ReduceOp::sum, ReduceOp::max, ReduceOp::min, ReduceOp::mean};

template <class O>
long double as_ld(O v) {
  if constexpr (is_bool_v<O>) {
    return v.v;
  } else {
    return static_cast<long double>(v);
  }
}

// `exact`: integer-valued inputs small enough that every float sum is exact.
void run_reduce_case(ReduceOp op, const Arr& in, const Arr& out0, uint64_t axes, bool exact) {
  const Dims ish = *in.view.concrete_shape("test");
  const Dims osh = *out0.view.concrete_shape("test");
  int64_t count = 1;
  for (size_t d = 0; d < ish.size(); ++d) {
    if ((axes >> d) & 1u) count *= ish[d];
  }
  auto out_flat = [&](const Dims& idx) {
    int64_t f = 0;
    for (size_t d = 0; d < idx.size(); ++d) f = f * osh[d] + (((axes >> d) & 1u) ? 0 : idx[d]);
    return f;
  };
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO("reduce op " << static_cast<int>(op) << " axes " << axes << " simd " << simd << "\n"
                      << in.describe("in") << "\n"
                      << out.describe("out"));
    Status s = reduce(op, out.op(), in.op(), axes);
    if (!s.ok()) FAIL("reduce failed: " << s.error().message);
    std::string err;
    visit_dtype(out.dtype, [&](auto ot) {
      using O = typename decltype(ot)::type;
      visit_dtype(in.dtype, [&](auto it) {
        using I = typename decltype(it)::type;
        // only the pairs out_dtypes() makes: the reference code for all 121 pairs doubled this
        // file's compile time (the slowest of the suite)
        constexpr bool made = std::is_same_v<O, I> || std::is_same_v<O, double> || std::is_same_v<O, float> ||
                              std::is_same_v<O, int64_t> || std::is_same_v<O, int32_t>;
        if constexpr (!made) {
          err = "a dtype pair out_dtypes() does not make";
        } else if constexpr (!is_bool_v<O>) {
          int64_t n_out = 1;
          for (int64_t d : osh) n_out *= d;
          const size_t no = static_cast<size_t>(n_out);
          if (op == ReduceOp::sum || op == ReduceOp::mean) {
            std::vector<O> acc(no, O(0));  // in the output dtype (modular for integers)
            std::vector<long double> ld(no, 0), mag(no, 0);
            for_each_index(ish, [&](const Dims& idx) {
              const O v = ref_convert<O, I>(read_or_zero<I>(in, idx));
              const size_t f = static_cast<size_t>(out_flat(idx));
              if constexpr (is_float_v<O>) {
                acc[f] = static_cast<O>(acc[f] + v);
              } else {
                acc[f] = static_cast<O>(static_cast<uint64_t>(acc[f]) + static_cast<uint64_t>(v));
              }
              ld[f] += as_ld(v);
              mag[f] += std::fabs(as_ld(v));
            });
            auto expect = [&](const Dims& idx) {
              const size_t f = static_cast<size_t>(out_flat(idx));
              O sum = acc[f];
              if constexpr (is_float_v<O>) {
                if (!exact) sum = static_cast<O>(ld[f]);
              }
              if (op == ReduceOp::sum) return sum;
              return ref_convert<O, double>(static_cast<double>(sum) / static_cast<double>(count));
            };
            std::function<bool(O, O)> close = nullptr;
            long double max_mag = 0;
            for (long double m : mag) max_mag = std::max(max_mag, m);
            if constexpr (is_float_v<O>) {
              if (!exact) {
                // Any summation order: |error| <= (count + 1) * eps * sum |x|.
                const long double tol =
                    (count + 2) * static_cast<long double>(std::numeric_limits<O>::epsilon()) *
                    max_mag;
                close = [tol](O got, O want) {
                  if (std::isnan(want) || std::isinf(want)) return std::isnan(got) || got == want;
                  return std::fabs(as_ld(got) - as_ld(want)) <= tol;
                };
              }
            }
            err = check_dst<O>(out, before, expect, close);
          } else if constexpr (std::is_same_v<O, I>) {
            std::vector<O> acc(no);
            std::vector<char> seen(no, 0);
            for_each_index(ish, [&](const Dims& idx) {
              const O v = read_or_zero<I>(in, idx);
              const size_t f = static_cast<size_t>(out_flat(idx));
              if (!seen[f]) {
                acc[f] = v;
                seen[f] = 1;
              } else if constexpr (is_float_v<O>) {
                if (std::isnan(acc[f])) return;
                if (std::isnan(v) || (op == ReduceOp::max ? v > acc[f] : v < acc[f])) acc[f] = v;
              } else {
                if (op == ReduceOp::max ? v > acc[f] : v < acc[f]) acc[f] = v;
              }
            });
            err = check_dst<O>(
                out, before,
                [&](const Dims& idx) { return acc[static_cast<size_t>(out_flat(idx))]; },
                [](O got, O want) {
                  if constexpr (is_float_v<O>) {
                    if (std::isnan(want)) return static_cast<bool>(std::isnan(got));
                  }
                  return got == want;  // +0 == -0: the order of a max over zeros is unspecified
                });
          }
        } else if constexpr (std::is_same_v<O, I>) {
          std::vector<uint8_t> acc(1, 0);
          int64_t n_out = 1;
          for (int64_t d : osh) n_out *= d;
          acc.assign(static_cast<size_t>(n_out), op == ReduceOp::min ? 1 : 0);
          for_each_index(ish, [&](const Dims& idx) {
            const uint8_t v = read_or_zero<b8>(in, idx).v;
            uint8_t& a = acc[static_cast<size_t>(out_flat(idx))];
            a = op == ReduceOp::max ? (a | v) : (a & v);
          });
          err = check_dst<b8>(out, before, [&](const Dims& idx) {
            return b8{acc[static_cast<size_t>(out_flat(idx))]};
          });
        }
      });
    });
    CHECK(err == "");
  }
}

Dims keep_shape(const Dims& s, uint64_t axes) {
  Dims o = s;
  for (size_t d = 0; d < s.size(); ++d) {
    if ((axes >> d) & 1u) o[d] = 1;
  }
  return o;
}

std::vector<DType> out_dtypes(ReduceOp op, DType in) {
  if (op == ReduceOp::max || op == ReduceOp::min) return {in};
  std::vector<DType> v = {DType::float64, DType::int64, DType::float32, DType::int32};
  if (in != DType::bool_) v.push_back(in);
  return v;
}

}  // namespace

TEST_CASE("reduce: random axis sets over random layouts and masks", "[kernels]") {
  std::mt19937_64 rng(1001);
  for (ReduceOp op : kReduceOps) {
    for (DType t : kAllDTypes) {
      for (DType ot : out_dtypes(op, t)) {
        for (int rep = 0; rep < 8; ++rep) {
          Dims shape = random_shape(rng);
          const uint64_t axes = shape.empty() ? 0 : rng() % (uint64_t{1} << shape.size());
          if (op == ReduceOp::max || op == ReduceOp::min) {
            for (auto& d : shape) d = std::max<int64_t>(d, 1);
          }
          const bool exact = rep % 2 == 0;
          const Arr in =
              make_arr(random_src_view(shape, rng), t, rng, static_cast<int>(rng() % 4), exact);
          const Arr out = make_arr(random_dst_view(keep_shape(shape, axes), rng), ot, rng,
                                   static_cast<int>(rng() % 4));
          run_reduce_case(op, in, out, axes, exact);
        }
      }
    }
  }
}

TEST_CASE("reduce: last axis and first axis around the SIMD tails", "[kernels]") {
  std::mt19937_64 rng(1002);
  for (DType t : kAllDTypes) {
    const int lanes = 16 / static_cast<int>(dtype_size(t));
    std::vector<int64_t> sizes;
    for (int64_t n = 1; n <= 2 * lanes + 1; ++n) sizes.push_back(n);
    for (int64_t n : {4 * lanes + 3, 8 * lanes + 1, 100}) sizes.push_back(n);
    for (int64_t n : sizes) {
      for (int64_t r : {1, 3, 8}) {
        for (ReduceOp op : kReduceOps) {
          for (DType ot : out_dtypes(op, t)) {
            if (ot != t && ot != DType::float64 && ot != DType::int64) continue;
            const bool exact = (n + r) % 2 == 0;
            const Arr in =
                make_arr(contiguous_view({r, n}), t, rng, static_cast<int>(rng() % 4), exact);
            run_reduce_case(op, in, make_arr(contiguous_view({r, 1}), ot, rng, 1), 2, exact);
            run_reduce_case(op, in, make_arr(contiguous_view({1, n}), ot, rng, 2), 1, exact);
            run_reduce_case(op, in, make_arr(contiguous_view({1, 1}), ot, rng, 3), 3, exact);
            const Arr tin = make_arr(make_view({r, n}, 0, {1, r}), t, rng, 0, exact);
            run_reduce_case(op, tin, make_arr(contiguous_view({r, 1}), ot, rng, 1), 2, exact);
            run_reduce_case(op, tin, make_arr(contiguous_view({1, n}), ot, rng, 0), 1, exact);
          }
        }
      }
    }
  }
}

TEST_CASE("reduce: empty reductions, overlap and errors", "[kernels]") {
  float in[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  double o[4] = {-1, -1, -1, -1};
  auto op = [](void* p, Dims shape, Dims strides, DType t = DType::float32) {
    return Operand{p, {std::move(shape), std::move(strides), 0, {}}, t};
  };
  // sum over an empty dim is 0, mean is NaN, max is an error
  REQUIRE(
      reduce(ReduceOp::sum, op(o, {1, 3}, {3, 1}, DType::float64), op(in, {0, 3}, {0, 0}), 1).ok());
  CHECK(o[0] == 0);
  CHECK(o[2] == 0);
  CHECK(o[3] == -1);
  REQUIRE(reduce(ReduceOp::mean, op(o, {1, 3}, {3, 1}, DType::float64), op(in, {0, 3}, {0, 0}), 1)
              .ok());
  CHECK(std::isnan(o[1]));
  auto s = reduce(ReduceOp::max, op(o, {1, 3}, {3, 1}, DType::float32), op(in, {0, 3}, {0, 0}), 1);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::invalid_argument);
  CHECK_THAT(s.error().message,
             Catch::StartsWith("reduce max: zero-size reduction of shape [0,3]"));
  // no output elements: nothing to do, even for max
  CHECK(reduce(ReduceOp::max, op(o, {0, 1}, {0, 0}), op(in, {0, 3}, {0, 0}), 2).ok());
  s = reduce(ReduceOp::sum, op(o, {1, 4}, {4, 1}, DType::float64), op(in, {3, 4}, {4, 1}), 4);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::out_of_range);
  CHECK_THAT(s.error().message, Catch::Contains("axis 2 is out of range for in of rank 2"));
  s = reduce(ReduceOp::sum, op(o, {3, 4}, {4, 1}, DType::float64), op(in, {3, 4}, {4, 1}), 1);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::shape_mismatch);
  CHECK_THAT(s.error().message, Catch::Contains("needs the keepdims shape [1,4]"));
  s = reduce(ReduceOp::max, op(o, {1, 4}, {4, 1}, DType::float64), op(in, {3, 4}, {4, 1}), 1);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  s = reduce(ReduceOp::sum, op(o, {1, 4}, {4, 1}, DType::bool_), op(in, {3, 4}, {4, 1}), 1);
  REQUIRE(!s.ok());
  CHECK(s.error().code == Code::type_error);
  s = reduce(ReduceOp::sum, op(o, {1, 4}, {0, 1}, DType::float64), op(in, {3, 4}, {4, 1}), 1);
  CHECK(s.ok());  // size-1 dim with stride 0 is fine
  // out overlapping in: the input is read first
  float x[6] = {1, 2, 3, 4, 5, 6};
  REQUIRE(reduce(ReduceOp::sum, op(x, {1, 3}, {3, 1}), op(x, {2, 3}, {3, 1}), 1).ok());
  CHECK(x[0] == 5);
  CHECK(x[1] == 7);
  CHECK(x[2] == 9);
  CHECK(x[3] == 4);
}

// Float sums walk long reduced runs in blocks combined pairwise (reduce.cpp SumWalk): on small
// integer values every order is exact, so these check that each element is added exactly once
// whatever the runs, nesting, casts, masks and output strides.
TEST_CASE("reduce: float sums over long reduced runs add every element once", "[kernels]") {
  std::mt19937_64 rng(1003);
  const Dims shapes[] = {{40, 3},     {3, 40},       {17, 2, 5},  {33, 4, 19},   {5, 70, 3},
                         {2, 18, 3, 19}, {20, 1030}, {18, 300},   {300, 1},      {1, 600},
                         {9, 9, 9, 9},   {65, 65},   {129, 3},    {4, 17, 2, 17}};
  for (const Dims& shape : shapes) {
    const int r = static_cast<int>(shape.size());
    for (int rep = 0; rep < 6; ++rep) {
      const uint64_t axes = rep == 0 ? (uint64_t{1} << r) - 1 : rng() % (uint64_t{1} << r);
      for (DType t : {DType::float32, DType::float64, DType::int32}) {
        for (DType ot : {DType::float32, DType::float64}) {
          const ReduceOp op = rep % 3 == 2 ? ReduceOp::mean : ReduceOp::sum;
          const Arr in = make_arr(rep % 2 ? random_src_view(shape, rng) : contiguous_view(shape), t,
                                  rng, static_cast<int>(rng() % 4), true);
          const Arr out = make_arr(random_dst_view(keep_shape(shape, axes), rng), ot, rng,
                                   static_cast<int>(rng() % 4));
          run_reduce_case(op, in, out, axes, true);
        }
      }
    }
  }
}

namespace {

// Strided float storage and a long double reference for the accuracy cases.
struct Case {
  const char* name;
  Dims shape, strides;
  int64_t offset;
  uint64_t axes;
};

// Max over output elements of |sum - exact| / sum |x|, in units of the dtype's epsilon.
template <class T>
double sum_error_eps(const std::vector<T>& data, const Case& c, ReduceOp op) {
  const int r = static_cast<int>(c.shape.size());
  Dims osh = c.shape, ost(r, 0);
  int64_t no = 1, count = 1;
  for (int d = r - 1; d >= 0; --d) {
    if ((c.axes >> d) & 1u) {
      osh[d] = 1;
      count *= c.shape[d];
    } else {
      ost[d] = no;
      no *= c.shape[d];
    }
  }
  std::vector<T> out(static_cast<size_t>(no), T(-1));
  const DType dt = std::is_same_v<T, float> ? DType::float32 : DType::float64;
  Operand o{out.data(), {osh, ost, 0, {}}, dt};
  Operand in{const_cast<T*>(data.data()), {c.shape, c.strides, c.offset, {}}, dt};
  Status s = reduce(op, o, in, c.axes);
  if (!s.ok()) FAIL("reduce failed: " << s.error().message);
  std::vector<long double> exact(static_cast<size_t>(no), 0), mag(static_cast<size_t>(no), 0);
  std::vector<int64_t> idx(static_cast<size_t>(r), 0);
  for (;;) {
    int64_t e = c.offset, f = 0;
    for (int d = 0; d < r; ++d) {
      e += idx[d] * c.strides[d];
      f += idx[d] * ost[d];
    }
    const long double v = data[static_cast<size_t>(e)];
    exact[static_cast<size_t>(f)] += v;
    mag[static_cast<size_t>(f)] += std::fabs(v);
    int d = r - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < c.shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) break;
  }
  double worst = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    long double want = exact[i], m = mag[i];
    if (op == ReduceOp::mean) {
      want /= count;
      m /= count;
    }
    const long double err = std::fabs(static_cast<long double>(out[i]) - want) / m;
    worst = std::max(worst, static_cast<double>(err / std::numeric_limits<T>::epsilon()));
  }
  return worst;
}

template <class T>
void check_sum_accuracy() {
  // 1..2^20 in order (the case: naive float32 summation was off by 4.8e-4 relative) and
  // random values of mixed signs and magnitudes, in several layouts of the same 2^20 elements.
  const int64_t n = 1024;
  // In float64 the ramp is scaled by pi so that its partial sums round.
  std::vector<T> ramp(static_cast<size_t>(2 * n * n)), mixed(ramp.size()), positive(ramp.size());
  std::mt19937_64 rng(1004);
  std::uniform_real_distribution<double> u(-1, 1);
  const double scale = sizeof(T) == 4 ? 1.0 : 3.141592653589793;
  for (size_t i = 0; i < ramp.size(); ++i) {
    ramp[i] = static_cast<T>(static_cast<double>(i % static_cast<size_t>(n * n) + 1) * scale);
    mixed[i] = static_cast<T>(u(rng) * std::pow(10.0, static_cast<double>(rng() % 7) - 3));
    positive[i] = static_cast<T>(1.5 + u(rng));
  }
  const Case cases[] = {
      {"1-D contiguous", {n * n}, {1}, 0, 1},
      {"2-D all axes", {n, n}, {n, 1}, 0, 3},
      {"2-D transposed, all axes", {n, n}, {1, n}, 0, 3},
      {"2-D sliced [:, ::2], all axes", {n, n}, {2 * n, 2}, 0, 3},
      {"2-D sliced [:, :n] of [n, 2n], all axes", {n, n}, {2 * n, 1}, 0, 3},
      {"2-D last axis", {n, n}, {n, 1}, 0, 2},
      {"2-D first axis", {n, n}, {n, 1}, 0, 1},
      {"2-D transposed, first axis", {n, n}, {1, n}, 0, 1},
      {"2-D flipped rows, first axis", {n, n}, {-n, 1}, n * n - n, 1},
      {"2-D [16,65536] last axis", {16, 64 * n}, {64 * n, 1}, 0, 2},
      {"2-D [65536,16] first axis", {64 * n, 16}, {16, 1}, 0, 1},
      {"2-D [65536,16] transposed, last axis", {16, 64 * n}, {1, 16}, 0, 2},
      {"3-D [64,128,128] axes 0 and 2", {64, 128, 128}, {128 * 128, 128, 1}, 0, 5},
      {"3-D [64,128,128] axes 0 and 1", {64, 128, 128}, {128 * 128, 128, 1}, 0, 3},
      {"3-D permuted (2,0,1), axes 1 and 2", {128, 64, 128}, {1, 128 * 128, 128}, 0, 6},
      {"4-D [16,16,64,64] strided, all axes", {16, 16, 64, 64}, {2 * 64 * 64 * 16, 2 * 64 * 64, 64, 1}, 0, 15},
  };
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (const Case& c : cases) {
      for (ReduceOp op : {ReduceOp::sum, ReduceOp::mean}) {
        int64_t count = 1;
        for (size_t d = 0; d < c.shape.size(); ++d) {
          if ((c.axes >> d) & 1u) count *= c.shape[d];
        }
        // Pairwise: 16 adds in order per lane/accumulator, a few to combine them, then log2 of
        // the number of blocks; 2 more for the mean's division and slack.
        const double bound = 24 + std::log2(static_cast<double>(count));
        for (const std::vector<T>* data : {&ramp, &mixed, &positive}) {
          const double e = sum_error_eps<T>(*data, c, op);
          INFO(c.name << (data == &ramp ? " ramp" : data == &mixed ? " mixed" : " positive") << " op " << static_cast<int>(op)
                      << " simd " << simd << ": error " << e << " eps, bound " << bound);
          if (std::getenv("SV_SUM_ERRORS")) {  // the figures, for reports
            std::printf("%-7s %-42s %-5s %-4s simd %d: %8.2f eps (bound %.0f)\n",
                        sizeof(T) == 4 ? "float32" : "float64", c.name,
                        data == &ramp ? "ramp" : data == &mixed ? "mixed" : "pos", op == ReduceOp::sum ? "sum" : "mean",
                        static_cast<int>(simd), e, bound);
          }
          CHECK(e <= bound);
          // Measured on these data: pairwise <= 1.1 eps in every case; the naive loops it
          // replaced 13 to 18000 eps on the ramp or the positive data of every case.
          if (data != &mixed) CHECK(e <= 4);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("reduce: float sums are pairwise-accurate in every layout", "[kernels]") {
  check_sum_accuracy<float>();
  check_sum_accuracy<double>();
}

// A whole C-contiguous operand reduced to one element takes a path without a plan (reduce.cpp,
// after the identity): it must give the planned walk's bits. The same storage read as a 1-D view
// padded by one masked element goes through the plan (the valid region is the same contiguous
// row); float sums are order-sensitive, so equal bits show the same row call. The mean, max and
// min of the flat path are checked against that sum and the extreme elements.
TEST_CASE("reduce: a whole contiguous operand gives the planned walk's bits", "[kernels]") {
  std::mt19937_64 rng(1010);
  for (DType t : {DType::float32, DType::float64}) {
    for (int64_t n : {1, 3, 8, 64, 129, 1000, 65535, 65536, 65537}) {
      for (const Dims& shape : {Dims{n}, Dims{1, n}, n % 8 == 0 ? Dims{8, n / 8} : Dims{n, 1}}) {
        for (bool simd : simd_modes()) {
          SimdScope scope(simd);
          Arr flat = make_arr(contiguous_view(shape), t, rng, static_cast<int>(rng() % 4));
          // Finite values of mixed magnitudes (no specials): every order rounds differently.
          std::uniform_real_distribution<double> u(-1.0, 1.0);
          for_each_index(shape, [&](const Dims& idx) {
            const double v = std::ldexp(u(rng), static_cast<int>(rng() % 24) - 12);
            if (t == DType::float32) flat.set<float>(idx, static_cast<float>(v));
            else flat.set<double>(idx, v);
          });
          Arr padded = flat;
          padded.view = make_view({n + 1}, 0, {1}, Mask{{0, n}});
          const uint64_t all = (uint64_t{1} << shape.size()) - 1;
          Arr a = make_arr(contiguous_view(Dims(shape.size(), 1)), t, rng, 1);
          Arr b = make_arr(contiguous_view({1}), t, rng, 2);
          INFO(flat.describe("in") << " simd " << simd);
          REQUIRE(reduce(ReduceOp::sum, a.op(), flat.op(), all).ok());
          REQUIRE(reduce(ReduceOp::sum, b.op(), padded.op(), 1).ok());
          CHECK(std::memcmp(a.base(), b.base(), static_cast<size_t>(a.esize)) == 0);
          // mean: that sum divided in double, rounded once; max / min: the extreme element.
          double sum = 0, hi = -INFINITY, lo = INFINITY;
          if (t == DType::float32) sum = a.get<float>(Dims(shape.size(), 0));
          else sum = a.get<double>(Dims(shape.size(), 0));
          for_each_index(shape, [&](const Dims& idx) {
            const double v = t == DType::float32 ? flat.get<float>(idx) : flat.get<double>(idx);
            hi = std::max(hi, v);
            lo = std::min(lo, v);
          });
          const double want[3] = {sum / static_cast<double>(n), hi, lo};
          const ReduceOp ops[3] = {ReduceOp::mean, ReduceOp::max, ReduceOp::min};
          for (int k = 0; k < 3; ++k) {
            REQUIRE(reduce(ops[k], a.op(), flat.op(), all).ok());
            const Dims z(shape.size(), 0);
            if (t == DType::float32) CHECK(a.get<float>(z) == static_cast<float>(want[k]));
            else CHECK(a.get<double>(z) == want[k]);
          }
        }
      }
    }
  }
}
