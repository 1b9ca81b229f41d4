// array::run_call on the elementwise kinds, which hands the kernels its Checked token: operands
// validated once (layout::create, check_bounds) and one flat row when every operand is C-contiguous
// or a broadcast scalar. The results must equal the planned path's (strided operands, the direct
// kernels), also in place, with an output overlapping an input, above the parallel threshold, and
// in both SIMD modes; check_bounds refuses a null buffer with elements to address.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "array/kernel_call.hpp"
#include "kernels/kernels.hpp"
#include "test_kernels_util.hpp"
#include "view/layout.hpp"

using namespace sv;
using kernels::DType;
using kt::simd_modes;
using kt::SimdScope;

namespace {

// An array operand over `buf` (float32 elements) with a layout made by layout::create, as the
// bindings' decoder makes it.
array::Array arr(std::vector<float>& buf, std::vector<int64_t> shape, std::vector<int64_t> strides = {},
                 int64_t offset = 0) {
  array::Array a;
  a.base = buf.data();
  a.len = static_cast<int64_t>(buf.size());
  a.dtype = DType::float32;
  a.layout.shape.assign(shape.data(), shape.size());
  a.layout.offset = offset;
  if (!strides.empty()) a.layout.strides.assign(strides.data(), strides.size());
  REQUIRE(layout::create(a.layout, !strides.empty()).ok());
  REQUIRE(array::check_bounds(a, "test").ok());
  return a;
}

std::vector<float> iota(int64_t n, float start = 0.0f) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = start + static_cast<float>(i % 97) * 0.5f;
  return v;
}

const float* result(const array::KernelResult& r) { return reinterpret_cast<const float*>(r.ptr[0]); }

array::KernelCall call(int64_t kind, int64_t code, DType rdt = DType::float32) {
  array::KernelCall c;
  c.kind = kind;
  c.code = code;
  c.rdt = rdt;
  return c;
}

}  // namespace

TEST_CASE("kernel_call: flat elementwise calls equal the planned path", "[kernel_call]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (int64_t n : {int64_t{1}, int64_t{8}, int64_t{63}, int64_t{1} << 17}) {
      const int64_t rows = n >= 8 ? 8 : 1, cols = n / rows;
      std::vector<float> a = iota(rows * cols, 1.0f), b = iota(rows * cols, -20.0f);
      // contiguous a + contiguous b: one flat row
      array::KernelCall c = call(array::kBinary, static_cast<int64_t>(kernels::BinaryOp::sub));
      c.in[0] = arr(a, {rows, cols});
      c.in[1] = arr(b, {rows, cols});
      array::KernelResult r;
      REQUIRE(array::run_call(c, r).ok());
      REQUIRE(r.count == 1);
      CHECK(r.view.shape == LayoutDims{rows, cols});
      CHECK(r.view.contiguous);
      for (int64_t i = 0; i < rows * cols; ++i) REQUIRE(result(r)[i] == a[i] - b[i]);
      std::free(r.ptr[0]);

      // a + scalar (a broadcast 0-d operand: stride 0 in the flat row), and a strided b (planned)
      array::KernelCall s = call(array::kBinary, static_cast<int64_t>(kernels::BinaryOp::mul));
      s.in[0] = arr(a, {rows, cols});
      array::set_scalar(s.in[1], DType::float32, 1.5);
      REQUIRE(array::run_call(s, r).ok());
      for (int64_t i = 0; i < rows * cols; ++i) REQUIRE(result(r)[i] == a[i] * 1.5f);
      std::free(r.ptr[0]);

      // gt with a transposed operand (planned) against the flat lt with the operands swapped
      if (rows == cols) {
        array::KernelCall t = call(array::kBinary, static_cast<int64_t>(kernels::BinaryOp::gt), DType::bool_);
        t.in[0] = arr(a, {rows, cols}, {1, rows});
        t.in[1] = arr(b, {rows, cols});
        REQUIRE(array::run_call(t, r).ok());
        const auto* q = reinterpret_cast<const uint8_t*>(r.ptr[0]);
        for (int64_t i = 0; i < rows; ++i) {
          for (int64_t j = 0; j < cols; ++j) REQUIRE(q[i * cols + j] == (a[j * rows + i] > b[i * cols + j] ? 1 : 0));
        }
        std::free(r.ptr[0]);
      }

      // unary neg and where(cond, a, b) through the flat row
      array::KernelCall u = call(array::kUnary, static_cast<int64_t>(kernels::UnaryOp::neg));
      u.in[0] = arr(a, {rows, cols});
      REQUIRE(array::run_call(u, r).ok());
      for (int64_t i = 0; i < rows * cols; ++i) REQUIRE(result(r)[i] == -a[i]);
      std::free(r.ptr[0]);

      std::vector<uint8_t> cond(static_cast<size_t>(rows * cols));
      for (size_t i = 0; i < cond.size(); ++i) cond[i] = (i % 3) == 0;
      array::KernelCall w = call(array::kWhere, 0);
      w.in[0].base = cond.data();
      w.in[0].len = static_cast<int64_t>(cond.size());
      w.in[0].dtype = DType::bool_;
      w.in[0].layout.shape = LayoutDims{rows, cols};
      REQUIRE(layout::create(w.in[0].layout, false).ok());
      w.in[1] = arr(a, {rows, cols});
      array::set_scalar(w.in[2], DType::float32, -7.0);
      REQUIRE(array::run_call(w, r).ok());
      for (int64_t i = 0; i < rows * cols; ++i) REQUIRE(result(r)[i] == (cond[i] ? a[i] : -7.0f));
      std::free(r.ptr[0]);
    }
  }
}

TEST_CASE("kernel_call: a given out in place or overlapping an input reads the input first", "[kernel_call]") {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    // in place: out is a (element for element): the flat row
    std::vector<float> a = iota(64, 3.0f), b = iota(64, 1.0f);
    const std::vector<float> a0 = a;
    array::KernelCall c = call(array::kBinary, static_cast<int64_t>(kernels::BinaryOp::add));
    c.given = true;
    c.out = arr(a, {8, 8});
    c.in[0] = arr(a, {8, 8});
    c.in[1] = arr(b, {8, 8});
    array::KernelResult r;
    REQUIRE(array::run_call(c, r).ok());
    CHECK(r.count == 0);
    for (int i = 0; i < 64; ++i) REQUIRE(a[i] == a0[i] + b[i]);

    // out shifted by one element over the input: out[i] = -in[i] as if in were read first
    std::vector<float> buf = iota(65, 2.0f);
    const std::vector<float> buf0 = buf;
    array::KernelCall u = call(array::kUnary, static_cast<int64_t>(kernels::UnaryOp::neg));
    u.given = true;
    u.out = arr(buf, {8, 8}, {8, 1}, 1);
    u.in[0] = arr(buf, {8, 8});
    REQUIRE(array::run_call(u, r).ok());
    for (int i = 0; i < 64; ++i) REQUIRE(buf[i + 1] == -buf0[i]);

    // a broadcast scalar operand inside out's buffer
    std::vector<float> d = iota(64, 5.0f);
    const std::vector<float> d0 = d;
    array::KernelCall s = call(array::kBinary, static_cast<int64_t>(kernels::BinaryOp::sub));
    s.given = true;
    s.out = arr(d, {8, 8});
    s.in[0] = arr(d, {8, 8});
    s.in[1] = arr(d, {8, 8}, {0, 0}, 9);
    REQUIRE(array::run_call(s, r).ok());
    for (int i = 0; i < 64; ++i) REQUIRE(d[i] == d0[i] - d0[9]);
  }
}

TEST_CASE("kernel_call: check_bounds refuses a null buffer and a short one", "[kernel_call]") {
  std::vector<float> a = iota(6);
  array::Array x = arr(a, {2, 3});
  x.base = nullptr;
  Status st = array::check_bounds(x, "add");
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::invalid_argument);
  CHECK(st.error().message.rfind("add: view ", 0) == 0);
  CHECK(st.error().message.find("reads elements [0, 5] of a null buffer") != std::string::npos);
  x.base = a.data();
  x.len = 5;
  st = array::check_bounds(x, "add");
  REQUIRE(!st.ok());
  CHECK(st.error().code == Code::out_of_bounds);
  CHECK(st.error().message.find("outside its buffer of 5 elements") != std::string::npos);
  // no element to address: a null buffer is fine
  array::Array e = arr(a, {2, 0});
  e.base = nullptr;
  CHECK(array::check_bounds(e, "add").ok());
}
