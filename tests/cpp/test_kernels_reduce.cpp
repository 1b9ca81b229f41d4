// reduce(): sum / max / min / mean over random axis sets of random strided / broadcast / masked
// inputs, row (last-axis) and column (first-axis) reductions around the SIMD tails, dtype
// combinations, overlap and errors. Masked-out elements take part as 0.
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

constexpr ReduceOp kReduceOps[] = {ReduceOp::sum, ReduceOp::max, ReduceOp::min, ReduceOp::mean};

template <class T>
T read_or_zero(const Arr& a, const Dims& idx) {
  if (a.view.is_valid(idx)) return a.get<T>(idx);
  T z;
  std::memset(&z, 0, sizeof z);
  return z;
}

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
        if constexpr (!is_bool_v<O>) {
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
