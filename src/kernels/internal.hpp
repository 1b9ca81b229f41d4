// Shared by the kernel translation units: argument checks with the spec's error style, temporary
// buffers, and the overlap rules.
#pragma once

#include <array>
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

// Per-thread state of a kernel (natively and in the threaded build). The single-threaded
// WebAssembly builds have one thread, and there a C++ thread_local would need the atomics feature
// once bulk memory is on (wasm-ld's TLS): a plain global there.
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define SV_THREAD_LOCAL thread_local
#else
#define SV_THREAD_LOCAL
#endif

namespace sv::kernels::detail {

// "prefix name" of every op of a table (prefix "binary ", name_of(i) the op's name), built once by
// the entry point's function-local static: the label its checks and errors name, without a string
// concatenation per call (that cost about 4% of an add on [8,8]).
template <int N, class NameOf>
std::array<std::string, N> op_labels(const char* prefix, NameOf name_of) {
  std::array<std::string, N> labels;
  for (int i = 0; i < N; ++i) labels[i] = std::string(prefix) + name_of(i);
  return labels;
}

// Operand well-formed: valid dtype, rank <= kMaxRank, strides/mask match the rank, sizes >= 0,
// mask ranges within [0, size], non-null base when it has valid elements.
Status check_operand(const char* op, const char* name, const Operand& o);
// `o` without its ValueSource: what check_operand checks of an operand a reduction may read
// computed (it refuses a source elsewhere).
inline Operand unsourced(const Operand& o) {
  Operand u = o;
  u.source = nullptr;
  return u;
}
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
// The first element of an unmasked operand whose elements lie in C order at consecutive addresses
// (any offset; size-1 dims with any stride), its element count in *n; nullptr for any other
// layout. The whole-operand reductions' test (reduce.cpp, reduce_stats.cpp).
const char* c_contiguous_run(const Operand& in, int64_t* n);

// The operands of an elementwise call (ops[0] the output; all of its shape, the caller's promise,
// as with a Checked call) as one flat row: true, with `p` that 1-D plan, when the output is
// C-contiguous, each input is C-contiguous or a broadcast scalar (unmasked, every stride 0), and no
// input overlaps the output other than element-for-element. Then no box split, plan or overlap copy
// is needed; false sends the call through the planner.
bool flat_plan(int nops, const OpDesc* ops, Plan* p);
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

Layout contiguous_layout(std::span<const int64_t> shape);
int64_t numel_of(std::span<const int64_t> shape);

// complex128's element bytes, for the loops that only move elements.
struct alignas(8) Raw16 {
  uint64_t lo, hi;
};

// The layout of a complex operand read as its parts: a trailing dim of 2 (stride 1) over float32 /
// float64 elements, the other strides and the offset doubled, the mask (if any) extended with [0, 2)
// (so a masked-out complex element reads (0, 0)). The complex kernels and copy run on it.
Layout pair_layout(const Layout& l);

// 16 zero bytes: what a masked-out input element reads as (0 in every dtype).
alignas(16) inline constexpr unsigned char kZeros[16] = {};

// True when the SIMD128 inner loops are compiled in and enabled (set_simd_enabled).
bool use_simd();

// ---------------------------------------------------------------- type-erased row loops
// Size: one strided row loop per element SIZE for raw copies, and casts between dtypes through
// three wide types (float64, int64, uint64) instead of one loop per dtype pair. Strides are in
// elements of the operand's dtype.

using CastRowFn = void (*)(void* d, int64_t ds, const void* s, int64_t ss, int64_t n);
using WideLoadFn = void (*)(void* w, const void* s, int64_t ss, int64_t n);
using WideStoreFn = void (*)(void* d, int64_t ds, const void* w, int64_t n);

// A conversion between two dtypes (kernels::convert semantics): a direct loop for the common pairs
// (SIMD128 where available), otherwise through a wide intermediate: float -> float64,
// signed -> int64, unsigned / bool -> uint64 (each exact), then to the destination (so the result
// equals the direct conversion: one rounding, the same saturation and wrap).
struct Caster {
  CastRowFn direct = nullptr;
  WideLoadFn load = nullptr;
  WideStoreFn store = nullptr;
  int64_t de = 1, se = 1;
};
Caster make_caster(DType dst, DType src);
// d[i*ds] = convert(s[i*ss]) for i < n.
void cast_row(const Caster& c, void* d, int64_t ds, const void* s, int64_t ss, int64_t n);
// Elements per chunk of the wide intermediate (and of converted reduction inputs).
inline constexpr int64_t kCastChunk = 256;

}  // namespace sv::kernels::detail
