// Checks shared by the transpose suites (test_kernels_transpose.cpp, test_kernels_transposed_map.cpp):
// a cast (copy into another dtype) and a unary op from `src` / `a` into a copy of `dst0` / `out0`,
// SIMD on and off, every element against the scalar reference and every byte outside the output's
// elements unchanged.
#pragma once

#include "kernels/scalar/ops.hpp"
#include "test_kernels_util.hpp"

namespace kt {

inline void run_cast(const Arr& src, const Arr& dst0) {
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    Arr dst = dst0;
    const std::vector<unsigned char> before = dst.bytes;
    INFO(src.describe("src") << "\n" << dst.describe("dst") << "\nsimd " << simd);
    Status s = copy(dst.op(), src.op(), 0.0);
    if (!s.ok()) FAIL("copy failed: " << s.error().message);
    std::string err;
    visit_dtype(dst.dtype, [&](auto dt) {
      using D = typename decltype(dt)::type;
      visit_dtype(src.dtype, [&](auto st) {
        using S = typename decltype(st)::type;
        err = check_dst<D>(dst, before,
                           [&](const Dims& idx) { return ref_convert<D, S>(src.get<S>(idx)); });
      });
    });
    CHECK(err == "");
  }
}

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

}  // namespace kt
