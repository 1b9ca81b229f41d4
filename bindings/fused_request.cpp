// kKernelFused request (the 'math' family: its steps run the math functions' chunk code too):
//   out    := 0 rdt has_shape dims?   allocate the result (shape: the inputs' broadcast shape, or the
//                                     given one, which they must broadcast to)
//           | 1 rdt operand           write into this array (converted to its dtype)
//   nin (operand fill){nin}           the array inputs and what their masked-out elements read
//   nconst (dtype value){nconst}      the scalar constants
//   nsteps (kind code in out nargs arg{nargs} uniform){nsteps}   see kernels/fused.hpp
//   result                            the value written to the output
//   -1 | rkind code axes keepdims rdt  no reduction, or a final one (Kind Reduce / ReduceMore, its
//                                     op, the axes as bits, keepdims, the result's dtype): `out`
//                                     is then the reduction's (mode 0 sends no shape)
// Mode 2 instead: the response is kJitSlots, then each JIT slot's function-table index.
// Response when allocated: ptr, then the result's view (write_layout). Nothing otherwise.
#include "array/fused_call.hpp"
#include "wire.hpp"

namespace sv::wire {

Status fused_request(Reader& r, Writer& w) {
  const char* name = "fuse";
  array::FusedCall c;
  int64_t mode;
  if (!r.next(mode) || (mode != kOutAllocate && mode != kOutGiven && mode != 2) ||
      (mode != 2 && !read_dtype(r, c.rdt))) {
    return malformed("fused request");
  }
  if (mode == 2) {  // the JIT slots' function-table indices (web/src/fuse_jit.ts)
    const uintptr_t* idx = kernels::jit_slot_indices();
    w.num(kernels::kJitSlots);
    for (int k = 0; k < kernels::kJitSlots; ++k) w.num(static_cast<double>(idx[k]));
    return ok_status();
  }
  c.given = mode == kOutGiven;
  if (c.given) {
    SV_CHECK(read_array(r, name, c.out));
  } else {
    int64_t has;
    if (!r.next(has)) return malformed("result shape");
    if (has) {
      int64_t n;
      if (!r.next(n) || n < 0 || n > kMaxRank) return malformed("result shape");
      c.nwant = static_cast<int>(n);
      for (int i = 0; i < c.nwant; ++i) {
        if (!r.next(c.want[i]) || c.want[i] < 0) return malformed("result shape");
      }
    }
  }
  int64_t nin;
  if (!r.next(nin) || nin < 0 || nin > kernels::kMaxOps - 1) {
    return make_error(Code::invalid_argument,
                      "fuse: at most " + std::to_string(kernels::kMaxOps - 1) + " array inputs");
  }
  c.prog.nin = static_cast<int>(nin);
  for (int i = 0; i < nin; ++i) {
    SV_CHECK(read_array(r, name, c.in[i]));
    if (!r.next_num(c.fill[i])) return malformed("fill");
  }
  int64_t nc;
  if (!r.next(nc) || nc < 0 || nc > 64) return malformed("constants");
  c.prog.consts.resize(static_cast<size_t>(nc));
  for (auto& k : c.prog.consts) {
    if (!read_dtype(r, k.dtype) || !r.next_num(k.value)) return malformed("constant");
  }
  int64_t ns;
  if (!r.next(ns) || ns < 0 || ns > 128) return malformed("steps");
  c.prog.steps.resize(static_cast<size_t>(ns));
  for (auto& s : c.prog.steps) {
    int64_t nargs, uniform;
    if (!r.next(s.kind) || !r.next(s.code) || !read_dtype(r, s.in) || !read_dtype(r, s.out) ||
        !r.next(nargs) || nargs < 1 || nargs > (s.kind == kernels::kJitStep ? kernels::kMaxOps - 1 : 3)) {
      return malformed("step");
    }
    s.nargs = static_cast<int>(nargs);
    for (int a = 0; a < s.nargs; ++a) {
      int64_t v;
      if (!r.next(v) || v < 0 || v > 1024) return malformed("step argument");
      s.arg[a] = static_cast<int32_t>(v);
    }
    if (!r.next(uniform)) return malformed("step");
    s.uniform_b = uniform != 0;
  }
  int64_t result;
  if (!r.next(result) || result < 0 || result > 1024) return malformed("result");
  c.prog.result = static_cast<int32_t>(result);
  int64_t rkind;
  if (!r.next(rkind)) return malformed("reduction");
  if (rkind >= 0) {
    int64_t axes, keepdims;
    if ((rkind != kReduce && rkind != kReduceMore) || !r.next(c.rcode) || c.rcode < 0 ||
        c.rcode >= (rkind == kReduce ? tables::kReduceOpCount : tables::kReduceMoreOpCount) || !r.next(axes) ||
        axes < 0 || !r.next(keepdims) || !read_dtype(r, c.reduce_rdt)) {
      return malformed("reduction");
    }
    c.rkind = rkind;
    c.axes = static_cast<uint64_t>(axes);
    c.keepdims = keepdims != 0;
  }
  array::KernelResult res;
  SV_CHECK(array::run_fused_call(c, res));
  if (res.count == 1) {
    w.num(static_cast<double>(reinterpret_cast<uintptr_t>(res.ptr[0])));
    write_layout(w, res.view);
  }
  return ok_status();
}

}  // namespace sv::wire
