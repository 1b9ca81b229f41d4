// Checks shared by the transpose suites (test_kernels_transpose.cpp, test_kernels_transposed_map.cpp):
// a unary op and a binary op from `a` (and `b`) into a copy of `out0`, SIMD on and off, every
// element against the scalar reference and every byte outside the output's elements unchanged.
// A cast (copy into another dtype) is test_kernels_util.hpp's run_copy.
#pragma once

#include "kernels/scalar/ops.hpp"
#include "test_kernels_util.hpp"

namespace kt {

template <UnaryOp OP>
void run_unary(const Arr& a, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO(a.describe("a") << "\n" << out.describe("out") << "\nop " << static_cast<int>(OP)
                         << " simd " << simd);
    Status s = unary(OP, out.op(), a.op());
    if (!s.ok()) FAIL("unary failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (!is_bool_v<T> && !(OP == UnaryOp::invert && is_float_v<T>)) {
        err = check_dst<T>(out, before, [&](const Dims& idx) {
          return scalar::unary_op<OP, T>(a.get<T>(idx));
        });
      }
    });
    CHECK(err == "");
  }
}

// The binary op OP from a and b into a copy of out0 (a and b of one dtype, out of the op's
// result dtype), SIMD on and off, against the scalar reference.
template <BinaryOp OP>
void run_binary(const Arr& a, const Arr& b, const Arr& out0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr out = out0;
    const std::vector<unsigned char> before = out.bytes;
    INFO(a.describe("a") << "\n" << b.describe("b") << "\n" << out.describe("out") << "\nop "
                         << static_cast<int>(OP) << " simd " << simd);
    Status s = binary(OP, out.op(), a.op(), b.op());
    if (!s.ok()) FAIL("binary failed: " << s.error().message);
    std::string err;
    visit_dtype(a.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (!is_bool_v<T>) {
        using R = scalar::binary_result_t<OP, T>;
        err = check_dst<R>(out, before, [&](const Dims& idx) {
          return scalar::binary_op<OP, T>(a.get<T>(idx), b.get<T>(idx));
        });
      }
    });
    CHECK(err == "");
  }
}

}  // namespace kt
