// One elementwise op on contiguous chunks, resolved for its operands' dtype exactly as the op's own
// kernel resolves it (the same row or chunk function, the same widening, the same operand swap):
// what the fused evaluator (kernels/fused.cpp) runs on each block of a traced program, so that a
// fused chain gives the bits of the unfused calls.
#pragma once

#include <cstdint>

#include "kernels/internal.hpp"

namespace sv::kernels {

struct ChunkOp {
  // o[i] = op(in[0][i], ...) for i < n: in[k] contiguous elements of the op's input dtype (where:
  // in[0] bool), o contiguous elements of `out`; n <= detail::kCastChunk. o may be an input
  // (every element is read before it is written).
  using RunFn = void (*)(const ChunkOp& op, void* o, const void* const* in, int64_t n);
  RunFn run = nullptr;
  void (*fn)() = nullptr;            // the op's row or chunk function (run knows its type)
  detail::Caster in_cast, out_cast;  // inputs -> working dtype, working result -> out
  bool cast_in = false, cast_out = false, swap = false, to_bool = false;
  int nin = 0;
  DType out = DType::float32;  // the dtype the kernel writes
};

// Kinds Binary, Unary and Where (elementwise.cpp): `in` is the dtype the kernel is called with
// (where: its values'). type_error for what the kernel refuses, with its message.
Status elementwise_chunk_op(int64_t kind, int64_t code, DType in, ChunkOp* op);
// Kinds MathUnary, MathBinary and Clip (math.cpp). `uniform_b`: pow's exponent is one value for
// every element (the kernel's fast paths for it); the run then reads that value from in[1][0].
Status math_chunk_op(int64_t kind, int64_t code, DType in, bool uniform_b, ChunkOp* op);
// True, with the exponent, when an integer pow met a negative exponent since the last call
// (math_binary's error); clears the record.
bool math_take_negative_exponent(int64_t* value);

}  // namespace sv::kernels
