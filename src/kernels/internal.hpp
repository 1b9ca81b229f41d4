// Shared by the kernel translation units: argument checks with the spec's error style, temporary
// buffers, and the overlap rules.
#pragma once

#include <cstdlib>
#include <string>

#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "kernels/plan.hpp"

// Marks the per-dtype loop functions (run_copy_raw<E>, run_binary<OP, T>, ...). Kept out of line so
// each is a small WebAssembly function: V8 compiles a function with its baseline compiler (Liftoff)
// first and swaps in optimised code only on a later call, per function and without on-stack
// replacement, so a hot loop inlined into a huge dispatch function would stay on baseline code far
// longer (measured: 2-4x slower loops).
#define SV_LOOP_FN __attribute__((noinline))

namespace sv::kernels::detail {

// Operand well-formed: valid dtype, rank <= kMaxRank, strides/mask match the rank, sizes >= 0,
// mask ranges within [0, size], non-null base when it has valid elements.
Status check_operand(const char* op, const char* name, const Operand& o);
// a.layout.shape == b.layout.shape.
Status check_same_shape(const char* op, const char* an, const Operand& a, const char* bn,
                        const Operand& b);
// An output: unmasked, no stride 0 on a dim of size > 1.
Status check_writable(const char* op, const char* name, const Operand& o);
Status check_dtype(const char* op, const char* name, const Operand& o, DType want);

// The valid elements of `a` and `b` share at least one byte.
bool overlaps(const Operand& a, const Operand& b);
// `a` and `b` address every index at the same byte with the same element size (in-place ops).
bool same_addressing(const Operand& a, const Operand& b);

// An owned, zero-initialised-on-request scratch buffer; malloc so a failure is a Status.
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { std::free(p_); }
  Status allocate(const char* op, int64_t bytes);
  char* data() const { return static_cast<char*>(p_); }

 private:
  void* p_ = nullptr;
};

// A C-contiguous copy of `src` (masked elements -> 0) in `buf`: the operand that replaces an input
// overlapping an output.
Status materialize(const char* op, const Operand& src, Buffer& buf, Operand* out);

Layout contiguous_layout(const Dims& shape);
int64_t numel_of(const Dims& shape);

// 16 zero bytes: what a masked-out input element reads as (0 in every dtype).
alignas(16) inline constexpr unsigned char kZeros[16] = {};

// True when the SIMD128 inner loops are compiled in and enabled (set_simd_enabled).
bool use_simd();

}  // namespace sv::kernels::detail
