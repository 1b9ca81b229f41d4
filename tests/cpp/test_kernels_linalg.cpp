// matmul(): every dtype over random strided / transposed / flipped / broadcast / masked operands
// and batches, sizes around the micro-kernel tiles (4x8, 4x4) and the cache blocks (k 256, m 64 /
// 128, n 256 / 512) and the staged output path (row strides of 1 KiB), against a naive reference
// that walks every index. Float results are compared bit for bit: the reference adds in the
// documented order (k ascending within blocks of 256, blocks added in order) in the dtype.
#include "kernels/numpy_ops.hpp"
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

template <class T>
T ref_dot(const Arr& a, const Arr& b, Dims ia, Dims ib) {
  const size_t r = ia.size();
  const int64_t K = (*a.view.concrete_shape("t"))[r - 1];
  if constexpr (is_bool_v<T>) {
    uint8_t any = 0;
    for (int64_t k = 0; k < K; ++k) {
      ia[r - 1] = k;
      ib[r - 2] = k;
      any |= read_or_zero<T>(a, ia).v & read_or_zero<T>(b, ib).v;
    }
    return b8{any};
  } else if constexpr (is_float_v<T>) {
    T total = 0;
    for (int64_t k0 = 0; k0 == 0 || k0 < K; k0 += 256) {
      T s = 0;
      for (int64_t k = k0; k < std::min<int64_t>(K, k0 + 256); ++k) {
        ia[r - 1] = k;
        ib[r - 2] = k;
        const T p = read_or_zero<T>(a, ia) * read_or_zero<T>(b, ib);
        s = s + p;
      }
      total = k0 == 0 ? s : total + s;
    }
    return total;
  } else {
    uint64_t s = 0;
    for (int64_t k = 0; k < K; ++k) {
      ia[r - 1] = k;
      ib[r - 2] = k;
      s += static_cast<uint64_t>(read_or_zero<T>(a, ia)) *
           static_cast<uint64_t>(read_or_zero<T>(b, ib));
    }
    return static_cast<T>(s);
  }
}

void run_case(const Arr& a, const Arr& b, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO("simd " << simd << "\n"
                 << a.describe("a") << "\n"
                 << b.describe("b") << "\n"
                 << out.describe("out"));
    Status s = matmul(out.op(), a.op(), b.op());
    if (!s.ok()) FAIL("matmul failed: " << s.error().message);
    std::string err;
    visit_dtype(out.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      err = check_dst<T>(out, before, [&](const Dims& idx) {
        Dims ia = idx, ib = idx;
        return ref_dot<T>(a, b, ia, ib);
      });
    });
    CHECK(err == "");
  }
}

Dims with_mat(Dims batch, int64_t r, int64_t c) {
  batch.push_back(r);
  batch.push_back(c);
  return batch;
}

}  // namespace

TEST_CASE("matmul: sizes around the tiles, every dtype, random strides and masks", "[matmul]") {
  std::mt19937_64 rng(1301);
  const int64_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 17};
  for (DType t : kAllDTypes) {
    for (int rep = 0; rep < 60; ++rep) {
      const int64_t M = sizes[rng() % 11], N = sizes[rng() % 11], K = sizes[rng() % 11];
      Dims batch;
      if (rep % 3 == 0) batch = random_shape(rng, 2, 3);
      const bool small = rng() % 2;
      const View av = random_src_view(with_mat(batch, M, K), rng);
      const View bv = random_src_view(with_mat(batch, K, N), rng);
      const View ov = random_dst_view(with_mat(batch, M, N), rng);
      const Arr a = make_arr(av, t, rng, static_cast<int>(rng() % 4), small);
      const Arr b = make_arr(bv, t, rng, static_cast<int>(rng() % 4), small);
      const Arr o = make_arr(ov, t, rng, static_cast<int>(rng() % 4), small);
      run_case(a, b, o);
    }
  }
}

TEST_CASE("matmul: transposed, flipped and padded views of one buffer", "[matmul]") {
  std::mt19937_64 rng(1302);
  for (DType t : {DType::float32, DType::float64, DType::int32, DType::uint8}) {
    // a is the transpose of a [K, M] C-contiguous buffer, b is flipped along both dims, out is
    // column-major; a is padded by one row on top.
    const int64_t M = 6, K = 11, N = 10;
    const View at = make_view({M, K}, -1, {1, M}, Mask{{1, M}, {0, K}});
    const View bf = make_view({K, N}, (K - 1) * N + N - 1, {-N, -1});
    const View oc = make_view({M, N}, 0, {1, M});
    const Arr a = make_arr(at, t, rng, 1);
    const Arr b = make_arr(bf, t, rng, 2);
    const Arr o = make_arr(oc, t, rng, 3);
    run_case(a, b, o);
  }
}

TEST_CASE("matmul: the cache blocks (k > 256, m > 128, n > 1024)", "[matmul]") {
  std::mt19937_64 rng(1303);
  struct Sz {
    int64_t M, N, K;
  };
  const Sz szs[] = {{3, 9, 600}, {131, 5, 3}, {2, 1030, 2}, {70, 260, 9}, {9, 17, 257}};
  for (DType t : {DType::float32, DType::float64, DType::int16, DType::bool_}) {
    for (const Sz& z : szs) {
      const bool small = rng() % 2;
      const View av = random_src_view({z.M, z.K}, rng);
      const View bv = random_src_view({z.K, z.N}, rng);
      const View ov = random_dst_view({z.M, z.N}, rng);
      const Arr a = make_arr(av, t, rng, 1, small);
      const Arr b = make_arr(bv, t, rng, 0, small);
      const Arr o = make_arr(ov, t, rng, 2, small);
      run_case(a, b, o);
    }
  }
}

TEST_CASE("matmul: out overlapping an input reads it first", "[matmul]") {
  // x = x @ y in place, 5x5 float32 and int32.
  for (DType t : {DType::float32, DType::int32}) {
    std::mt19937_64 rng(1304);
    const View v = contiguous_view({5, 5});
    Arr x = make_arr(v, t, rng, 0, true);
    const Arr y = make_arr(v, t, rng, 1, true);
    const Arr x0 = x;
    Operand o = x.op();
    REQUIRE(matmul(o, x.op(), y.op()).ok());
    const std::vector<unsigned char> before = x0.bytes;
    visit_dtype(t, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const std::string err = check_dst<T>(x, before, [&](const Dims& idx) {
        Dims ia = idx, ib = idx;
        return ref_dot<T>(x0, y, ia, ib);
      });
      CHECK(err == "");
    });
  }
}

TEST_CASE("matmul: errors", "[matmul]") {
  float buf[64] = {};
  auto op = [&](Dims shape, DType t = DType::float32, Mask m = {}) {
    Operand o;
    o.base = buf;
    o.dtype = t;
    o.layout.shape = shape;
    Dims st(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) st[i - 1] = st[i] * shape[i];
    o.layout.strides = st;
    o.layout.mask = m;
    return o;
  };
  auto code = [](const Status& s) { return s.ok() ? Code::ok : s.error().code; };
  float other[64] = {};
  auto op2 = [&](Dims shape, DType t = DType::float32) {
    Operand o = op(shape, t);
    o.base = other;
    return o;
  };
  CHECK(code(matmul(op2({2, 3}), op({2, 4}), op({4, 3}))) == Code::ok);
  CHECK(code(matmul(op2({2, 3}), op({4}), op({4, 3}))) == Code::rank_mismatch);
  CHECK(code(matmul(op2({2}), op({2}), op({2}))) == Code::rank_mismatch);
  CHECK(code(matmul(op2({2, 3}), op({2, 4}), op({5, 3}))) == Code::shape_mismatch);
  CHECK(code(matmul(op2({2, 2, 3}), op({3, 2, 4}), op({2, 4, 3}))) == Code::shape_mismatch);
  CHECK(code(matmul(op2({2, 3}), op({2, 4}, DType::int32), op({4, 3}))) == Code::type_error);
  Operand masked = op2({2, 3});
  masked.layout.mask = {{0, 1}, {0, 3}};
  CHECK(code(matmul(masked, op({2, 4}), op({4, 3}))) == Code::read_only);
  Status s = matmul(op2({2, 3}), op({2, 4}), op({5, 3}));
  REQUIRE_FALSE(s.ok());
  CHECK_THAT(s.error().message, Catch::StartsWith("matmul: "));
}

TEST_CASE("matmul: output rows 1 KiB apart (the staged path)", "[matmul]") {
  std::mt19937_64 rng(1305);
  for (DType t : {DType::float32, DType::float64}) {
    const int64_t ld = t == DType::float32 ? 256 : 128;
    for (int64_t K : {0, 3, 300}) {
      const View ov = make_view({9, 13}, 0, {ld, 1});
      const View ob = make_view({6, 13}, 5 * ld, {-ld, 1});  // flipped rows, same stride
      const Arr a = make_arr(random_src_view({9, K}, rng), t, rng, 1, true);
      const Arr b = make_arr(random_src_view({K, 13}, rng), t, rng, 2, true);
      const Arr a6 = make_arr(random_src_view({6, K}, rng), t, rng, 1);
      const Arr b6 = make_arr(random_src_view({K, 13}, rng), t, rng, 0);
      run_case(a, b, make_arr(ov, t, rng, 0));
      run_case(a6, b6, make_arr(ob, t, rng, 3));
    }
  }
}
