// One kernel call on arrays, as an op of the package sees it: the result's shape (broadcasting,
// reductions' dropped or kept dims, np.matmul's rules), the operands broadcast to it, the output
// allocated (or the given one written, through a temporary when its dtype differs), the kernel run.
// The bindings decode a request into a KernelCall and encode the KernelResult; nothing here reads
// the wire.
#pragma once

#include <cstdint>

#include "core/boundary_tables.hpp"
#include "core/result.hpp"
#include "kernels/dtype.hpp"
#include "kernels/kernels.hpp"
#include "view/layout.hpp"

namespace sv::array {

using kernels::DType;

// Kernel kinds and op codes are the generated boundary tables' (core/boundary_tables.hpp):
// wire::Kind selects the kernel; `code` selects the op within a kind (BinaryOp, UnaryOp, ReduceOp,
// MathOp, MathBinaryOp, ReduceMoreOp, MomentOp, ArgOp, ScanOp, SortOp, SearchSide; else SingleOp).
using wire::Kind;
using wire::kKinds;
using wire::kCopy;
using wire::kBinary;
using wire::kUnary;
using wire::kWhere;
using wire::kReduce;
using wire::kMathUnary;
using wire::kMathBinary;
using wire::kClip;
using wire::kReduceMore;
using wire::kMoments;
using wire::kArg;
using wire::kScan;
using wire::kSort;
using wire::kTopk;
using wire::kSearch;
using wire::kPartition;
using wire::kMatmul;

// How a kind's result shape follows from its operands.
enum ResultShape : int8_t { kBroadcast, kReduced, kSame, kTopkShape, kMatmulShape, kSearchShape };
struct KindInfo {
  int8_t arity, ncodes, shape;
};
const KindInfo& kind_info(int64_t kind);  // 0 <= kind < kKinds
// The op's name as the TypeScript API spells it (errors start with it); a valid kind and code.
const char* kernel_name(int64_t kind, int64_t code);

// An array operand: the kernels' Operand (buffer, layout in elements, dtype) with its buffer's
// length in elements, or a 0-d scalar held inline. Passed to the kernels as it is (no copy of the
// layout); never copied once set (a scalar's base points into it).
struct Array : kernels::Operand {
  int64_t len = 0;
  alignas(16) unsigned char scalar[16];
};

// A 0-d array holding x converted to dt (the kernels' casting rules).
void set_scalar(Array& a, DType dt, double x);
// The valid elements of `a` lie inside its buffer (a non-null one); the error names `op`.
Status check_bounds(const Array& a, const char* op);

struct Extra {
  double fill = 0, ddof = 0;  // copy: fill of masked-out elements; moments: ddof
  uint64_t axes = 0;          // reductions: bit d = reduce dim d
  int64_t axis = 0, k = 0;    // arg, scan, sort, topk: the axis (0 <= axis < max(rank, 1)); topk k
  bool keepdims = false;
};

struct KernelCall {
  int64_t kind = kCopy, code = 0;
  DType rdt = DType::float32;  // the result's dtype
  bool given = false;          // write into `out` (else allocate the result)
  Array out;
  int nwant = -1;              // allocated result: a requested shape the operands broadcast to
  int64_t want[kMaxRank];
  Array in[3];                 // kind_info(kind).arity of them
  Extra x;
};

// Allocated results (none when the call was given its output): the buffers (std::free them) and
// their layout (C-contiguous); topk gives two, values and int64 indices.
struct KernelResult {
  int count = 0;
  char* ptr[2] = {};
  Layout view;
};

// Runs the call. Every array operand must be validated already, once: its layout from
// layout::create (or a layout op) and check_bounds passed, as the bindings' decoder does; the
// elementwise kernels then skip their own operand checks (kernels::Checked).
Status run_call(KernelCall& c, KernelResult& res);

}  // namespace sv::array
