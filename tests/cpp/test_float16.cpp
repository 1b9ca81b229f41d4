// float16: the binary16 conversions (every half exactly; float and double rounded once to nearest
// even, against a reference that searches the half values), the SIMD128 float16 <-> float32 loops
// against the scalar helpers, copy/casts with float16 on strided layouts, and array::run_call
// widening float16 operands to float32 and narrowing float16 results (transposed, broadcast,
// masked operands, a scalar, a given `out`, reductions, topk, matmul).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "array/kernel_call.hpp"
#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"

using namespace sv;
using kernels::DType;
using kernels::half_to_float;
using kernels::to_half;

namespace {

// The nearest binary16 to v by search over the finite halves (ties to the even bit pattern);
// inf from 65520 on (the value halfway between 65504 and 2^16 rounds to the even 2^16).
uint16_t ref_half(double v) {
  if (std::isnan(v)) return 0x7e00;
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (a >= 65520.0) return sign | 0x7c00;
  uint16_t lo = 0, hi = 0x7bff;  // largest finite half whose value is <= a
  while (lo < hi) {
    const uint16_t mid = static_cast<uint16_t>((lo + hi + 1) / 2);
    if (static_cast<double>(half_to_float(mid)) <= a) lo = mid; else hi = static_cast<uint16_t>(mid - 1);
  }
  if (lo == 0x7bff) return sign | 0x7bff;  // a < 65520, the midpoint to 2^16
  const double dl = a - half_to_float(lo), dh = static_cast<double>(half_to_float(static_cast<uint16_t>(lo + 1))) - a;
  uint16_t r = lo;
  if (dh < dl || (dh == dl && (lo & 1u))) r = static_cast<uint16_t>(lo + 1);
  return sign | r;
}

float bits_f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

struct Buf {
  std::vector<unsigned char> bytes;
  array::Array arr;
  Buf(DType dt, std::vector<int64_t> shape, std::vector<int64_t> strides, int64_t len,
      int64_t offset = 0) : bytes(static_cast<size_t>(len) * kernels::dtype_size(dt) + 16) {
    arr.dtype = dt;
    arr.base = bytes.data();
    arr.len = len;
    arr.layout = Layout{};
    arr.layout.shape.assign(shape.data(), shape.size());
    arr.layout.strides.assign(strides.data(), strides.size());
    arr.layout.offset = offset;
  }
  uint16_t& h(int64_t i) { return reinterpret_cast<uint16_t*>(bytes.data())[i]; }
  float& f(int64_t i) { return reinterpret_cast<float*>(bytes.data())[i]; }
};

std::vector<bool> simd_modes() {
  std::vector<bool> m{false};
  if (kernels::simd_available()) m.push_back(true);
  return m;
}

struct SimdScope {
  bool was = kernels::simd_enabled();
  explicit SimdScope(bool on) { kernels::set_simd_enabled(on); }
  ~SimdScope() { kernels::set_simd_enabled(was); }
};

double hv(uint16_t b) { return half_to_float(b); }

}  // namespace

TEST_CASE("float16: every half converts to float exactly and back to the same bits", "[float16]") {
  for (uint32_t b = 0; b <= 0xffff; ++b) {
    const uint16_t h = static_cast<uint16_t>(b);
    const float f = half_to_float(h);
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) {
      REQUIRE(std::isnan(f));
    } else if ((h & 0x7fff) != 0x7c00) {
      const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
      const double want = (e ? std::ldexp(1024 + m, e - 25) : std::ldexp(m, -24)) * ((h & 0x8000) ? -1 : 1);
      REQUIRE(static_cast<double>(f) == want);
    }
    REQUIRE(to_half(f) == h);
    // (float -> double quiets a signalling NaN on most hardware: compare quiet NaNs only)
    if (!std::isnan(f) || (h & 0x200)) REQUIRE(to_half(static_cast<double>(f)) == h);
  }
  CHECK(hv(0x0001) == std::ldexp(1.0, -24));
  CHECK(hv(0x7bff) == 65504.0);
  CHECK(std::isinf(hv(0xfc00)));
}

TEST_CASE("float16: float and double round once to nearest even (ties, subnormals, overflow)", "[float16]") {
  // every midpoint between neighbouring halves and a value on each side of it
  for (uint32_t b = 0; b < 0x7bff; ++b) {
    const double m = (hv(static_cast<uint16_t>(b)) + hv(static_cast<uint16_t>(b + 1))) / 2;
    for (double v : {m, std::nextafter(m, 0.0), std::nextafter(m, 1e9), -m}) {
      INFO("half " << b << " value " << v);
      REQUIRE(to_half(v) == ref_half(v));
      const float fv = static_cast<float>(v);
      REQUIRE(to_half(fv) == ref_half(fv));
    }
  }
  // random floats over every exponent
  std::mt19937 rng(16);
  for (int i = 0; i < 400000; ++i) {
    const float f = bits_f(rng());
    if (std::isnan(f)) continue;
    INFO("float bits " << std::hex << *reinterpret_cast<const uint32_t*>(&f));
    REQUIRE(to_half(f) == ref_half(f));
  }
  CHECK(to_half(65519.99f) == 0x7bff);
  CHECK(to_half(65520.0f) == 0x7c00);
  CHECK(to_half(-65520.0) == 0xfc00);
  CHECK(to_half(std::ldexp(1.0, -25)) == 0x0000);  // the tie below the smallest subnormal: 0
  CHECK(to_half(std::nextafter(std::ldexp(1.0, -25), 1.0)) == 0x0001);
  CHECK(to_half(-0.0f) == 0x8000);
  CHECK(to_half(std::numeric_limits<float>::infinity()) == 0x7c00);
  CHECK(to_half(std::numeric_limits<double>::quiet_NaN()) == 0x7e00);
  CHECK(to_half(bits_f(0x7f800001u)) == 0x7c01);  // a NaN whose payload is below the kept bits
  // a double just above a tie that float would round onto the tie: one rounding, up
  const double up = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  CHECK(to_half(up) == 0x3c01);
  CHECK(to_half(static_cast<float>(up)) == 0x3c00);
}

TEST_CASE("float16: copy casts float16 <-> float32 (SIMD rows equal the scalar helpers)", "[float16]") {
  std::mt19937 rng(7);
  std::vector<float> vals;
  for (float v : {0.0f, -0.0f, 1.0f, 65504.0f, 65519.0f, 65520.0f, 1e-8f, 2.9802322e-08f, 5.96e-8f,
                  6.1e-5f, 6.097e-5f, 1e30f, -1e30f}) vals.push_back(v);
  vals.push_back(std::numeric_limits<float>::infinity());
  vals.push_back(std::numeric_limits<float>::quiet_NaN());
  vals.push_back(bits_f(0xffc01234u));
  while (vals.size() < 1000) {
    const uint32_t u = rng();
    vals.push_back(rng() % 2 ? bits_f(u) : std::ldexp(static_cast<float>(u % 100000) / 1000, static_cast<int>(rng() % 40) - 30));
  }
  const int64_t n = static_cast<int64_t>(vals.size());
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (int64_t step : {1, 3}) {
      const int64_t m = n / step;
      Buf src(DType::float32, {m}, {step}, n), dst(DType::float16, {m}, {1}, m);
      for (int64_t i = 0; i < n; ++i) src.f(i) = vals[static_cast<size_t>(i)];
      REQUIRE(kernels::copy(dst.arr, src.arr).ok());
      for (int64_t i = 0; i < m; ++i) {
        INFO("simd " << simd << " element " << i << " value " << vals[static_cast<size_t>(i * step)]);
        REQUIRE(dst.h(i) == to_half(vals[static_cast<size_t>(i * step)]));
      }
      Buf back(DType::float32, {m}, {1}, m);
      REQUIRE(kernels::copy(back.arr, dst.arr).ok());
      for (int64_t i = 0; i < m; ++i) {
        const float w = half_to_float(dst.h(i));
        REQUIRE(std::memcmp(&back.f(i), &w, 4) == 0);
      }
    }
  }
}

TEST_CASE("float16: casts with every other dtype follow the casting rules", "[float16]") {
  const double xs[] = {0.5, -1.5, 2.5, 300.75, -70000.0, 1e-9, std::numeric_limits<double>::quiet_NaN()};
  Buf h(DType::float16, {7}, {1}, 7);
  Buf d(DType::float64, {7}, {1}, 7);
  for (int i = 0; i < 7; ++i) std::memcpy(d.bytes.data() + 8 * i, &xs[i], 8);
  REQUIRE(kernels::copy(h.arr, d.arr).ok());
  for (int i = 0; i < 7; ++i) CHECK(h.h(i) == to_half(xs[i]));
  Buf i8(DType::int8, {7}, {1}, 7), u16(DType::uint16, {7}, {1}, 7), b(DType::bool_, {7}, {1}, 7);
  REQUIRE(kernels::copy(i8.arr, h.arr).ok());
  REQUIRE(kernels::copy(u16.arr, h.arr).ok());
  REQUIRE(kernels::copy(b.arr, h.arr).ok());
  const int8_t want_i8[] = {0, -1, 2, 127, -128, 0, 0};  // truncation, saturation, NaN -> 0
  const uint16_t want_u16[] = {0, 0, 2, 300, 0, 0, 0};
  const uint8_t want_b[] = {1, 1, 1, 1, 1, 0, 1};      // 1e-9 rounds to a half zero; NaN is true
  for (int i = 0; i < 7; ++i) {
    CHECK(static_cast<int8_t>(i8.bytes[i]) == want_i8[i]);
    CHECK(reinterpret_cast<uint16_t*>(u16.bytes.data())[i] == want_u16[i]);
    CHECK(b.bytes[i] == want_b[i]);
  }
  // integers in: exact below 2048, rounded to even above, inf from 65520
  Buf i32(DType::int32, {5}, {1}, 5);
  const int32_t is[] = {2047, 2049, 65519, 65520, -100000};
  std::memcpy(i32.bytes.data(), is, sizeof is);
  Buf h5(DType::float16, {5}, {1}, 5);
  REQUIRE(kernels::copy(h5.arr, i32.arr, 0.0).ok());
  CHECK(hv(h5.h(0)) == 2047.0);
  CHECK(hv(h5.h(1)) == 2048.0);
  CHECK(hv(h5.h(2)) == 65504.0);
  CHECK(std::isinf(hv(h5.h(3))));
  CHECK(hv(h5.h(4)) == -std::numeric_limits<double>::infinity());
  // a masked float16 source writes the fill rounded to float16
  Buf m(DType::float16, {4}, {1}, 4);
  m.arr.layout.mask.assign(1, FlatRange{1, 3});
  Buf o(DType::float16, {4}, {1}, 4);
  REQUIRE(kernels::copy(o.arr, m.arr, 0.1).ok());
  CHECK(o.h(0) == to_half(0.1));
  CHECK(o.h(3) == to_half(0.1));
}

TEST_CASE("float16: run_call computes in float32 and rounds each result once", "[float16]") {
  std::mt19937 rng(99);
  auto rnd_half = [&] { return to_half(static_cast<double>(static_cast<int>(rng() % 20001) - 10000) / 97.0); };
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // add(a.T (strided), b (broadcast row)) -> float16 [3, 5]
    Buf a(DType::float16, {3, 5}, {1, 3}, 15), b(DType::float16, {5}, {1}, 5);
    for (int i = 0; i < 15; ++i) a.h(i) = rnd_half();
    for (int i = 0; i < 5; ++i) b.h(i) = rnd_half();
    array::KernelCall c;
    c.kind = array::kBinary;
    c.code = static_cast<int64_t>(kernels::BinaryOp::mul);
    c.rdt = DType::float16;
    c.in[0] = a.arr;
    c.in[1] = b.arr;
    array::KernelResult res;
    REQUIRE(array::run_call(c, res).ok());
    REQUIRE(res.count == 1);
    const uint16_t* r = reinterpret_cast<const uint16_t*>(res.ptr[0]);
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 5; ++j) {
        const float want = static_cast<float>(hv(a.h(i + 3 * j)) * hv(b.h(j)));
        CHECK(r[i * 5 + j] == to_half(want));
      }
    }
    std::free(res.ptr[0]);

    // a masked operand (padded view) reads 0 outside its mask; a scalar operand; out float32 given:
    // the result is rounded to float16 before the cast into out
    Buf p(DType::float16, {6}, {1}, 4, -1);
    p.arr.layout.mask.assign(1, FlatRange{1, 5});
    for (int i = 0; i < 4; ++i) p.h(i) = to_half(1000.0 + i * 0.3);
    Buf out(DType::float32, {6}, {1}, 6);
    array::KernelCall c2;
    c2.kind = array::kBinary;
    c2.code = static_cast<int64_t>(kernels::BinaryOp::add);
    c2.rdt = DType::float16;
    c2.given = true;
    c2.out = out.arr;
    c2.in[0] = p.arr;
    array::set_scalar(c2.in[1], DType::float16, 0.1);
    REQUIRE(array::run_call(c2, res).ok());
    for (int i = 0; i < 6; ++i) {
      const double pv = (i >= 1 && i < 5) ? hv(p.h(i - 1)) : 0.0;
      CHECK(out.f(i) == half_to_float(to_half(static_cast<float>(pv + hv(to_half(0.1))))));
    }

    // sum and mean of a transposed [40, 30] float16 over axis 0: float32 accumulation, one rounding
    Buf s(DType::float16, {30, 40}, {1, 30}, 1200);
    for (int i = 0; i < 1200; ++i) s.h(i) = to_half(static_cast<double>(rng() % 1000) / 8.0);
    for (auto op : {kernels::ReduceOp::sum, kernels::ReduceOp::mean}) {
      array::KernelCall c3;
      c3.kind = array::kReduce;
      c3.code = static_cast<int64_t>(op);
      c3.rdt = DType::float16;
      c3.in[0] = s.arr;
      c3.x.axes = 2;  // dim 1 (40 long)
      REQUIRE(array::run_call(c3, res).ok());
      const uint16_t* q = reinterpret_cast<const uint16_t*>(res.ptr[0]);
      REQUIRE(res.view.shape.size() == 1);
      for (int i = 0; i < 30; ++i) {
        double acc = 0;  // exact: multiples of 1/8 below 2^11
        for (int j = 0; j < 40; ++j) acc += hv(s.h(i + 30 * j));
        CHECK(q[i] == to_half(op == kernels::ReduceOp::sum ? acc : acc / 40));
      }
      std::free(res.ptr[0]);
    }

    // topk of float16 values (exact: no rounding), int64 indices
    Buf t(DType::float16, {6}, {-1}, 6, 5);
    const double tv[] = {3.5, -1, 7.25, 0.5, 7.0, 2};
    for (int i = 0; i < 6; ++i) t.h(i) = to_half(tv[i]);
    array::KernelCall c4;
    c4.kind = array::kTopk;
    c4.rdt = DType::float16;
    c4.in[0] = t.arr;
    c4.x.k = 2;
    REQUIRE(array::run_call(c4, res).ok());
    REQUIRE(res.count == 2);
    CHECK(hv(reinterpret_cast<uint16_t*>(res.ptr[0])[0]) == 7.25);
    CHECK(hv(reinterpret_cast<uint16_t*>(res.ptr[0])[1]) == 7.0);
    CHECK(reinterpret_cast<int64_t*>(res.ptr[1])[0] == 3);  // reversed view: 7.25 at logical 3
    std::free(res.ptr[0]);
    std::free(res.ptr[1]);

    // matmul [2,3] x [3,2]: float32 accumulation, rounded once
    Buf ma(DType::float16, {2, 3}, {3, 1}, 6), mb(DType::float16, {3, 2}, {1, 3}, 6);
    for (int i = 0; i < 6; ++i) {
      ma.h(i) = rnd_half();
      mb.h(i) = rnd_half();
    }
    array::KernelCall c5;
    c5.kind = array::kMatmul;
    c5.rdt = DType::float16;
    c5.in[0] = ma.arr;
    c5.in[1] = mb.arr;
    REQUIRE(array::run_call(c5, res).ok());
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        float acc = 0;
        for (int k = 0; k < 3; ++k) acc += static_cast<float>(hv(ma.h(3 * i + k)) * hv(mb.h(k + 3 * j)));
        const double got = hv(reinterpret_cast<uint16_t*>(res.ptr[0])[2 * i + j]);
        CHECK(std::fabs(got - hv(to_half(acc))) <= std::fabs(hv(to_half(acc))) * 1e-3);
      }
    }
    std::free(res.ptr[0]);
  }
}
