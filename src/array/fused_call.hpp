// One fused program call as the package sees it (kernels/fused.hpp): the result's shape (the
// inputs broadcast together, or the given output's), the inputs broadcast to it, the result
// allocated (or the given output written, converted to its dtype), the program run; or, with a
// final reduction, the program's values reduced as they are computed (run_call's reduction).
#pragma once

#include "array/kernel_call.hpp"
#include "kernels/fused.hpp"
#include "kernels/plan.hpp"

namespace sv::array {

struct FusedCall {
  kernels::FusedProgram prog;
  DType rdt = DType::float32;  // the result's dtype (the program's result value)
  bool given = false;          // write into `out` (else allocate)
  Array out;
  int nwant = -1;  // allocated result: a shape the inputs broadcast to
  int64_t want[kMaxRank];
  Array in[kernels::kMaxOps - 1];
  double fill[kernels::kMaxOps - 1] = {};  // what each input's masked-out elements read
  // A final reduction (rkind kReduce or kReduceMore, else -1): the program's values reduced over
  // `axes` as that kernel call would reduce them stored (kernels::FusedValues), into a result of
  // dtype reduce_rdt (allocated, or `out` when given).
  int64_t rkind = -1, rcode = 0;
  uint64_t axes = 0;
  bool keepdims = false;
  DType reduce_rdt = DType::float32;
};

// Every input validated already (layout::create, check_bounds), as for run_call. The result, when
// allocated, is C-contiguous (res.count 1).
Status run_fused_call(FusedCall& c, KernelResult& res);

}  // namespace sv::array
