// fused(): a traced elementwise program in one pass (kernels/fused.hpp).
#include "kernels/fused.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <utility>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "kernels/chunk_ops.hpp"
#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

// Elements per register: 8 KiB at 8 bytes. Each block of each input is read once and each step
// runs over the block; a block this long keeps the per-block cost of the steps' calls (a few
// indirect calls each) small against their loops, while a chain's live registers stay in L1.
constexpr int64_t kBlock = 1024;
constexpr int64_t kRegBytes = kBlock * 8;
constexpr int kMaxValues = kMaxOps - 1 + 64 + 128;

// The dtype a value is held in: float16 in float32 (exact; the kernels compute float16 in float32).
DType held(DType t) { return t == DType::float16 ? DType::float32 : t; }

std::string S(int64_t v) { return std::to_string(v); }

Status step_error(size_t s, const std::string& what) {
  return make_error(Code::type_error, "fuse: step " + S(static_cast<int64_t>(s)) + ": " + what);
}

// f32 values rounded to float16 and back (the unfused op's narrowing of a float16 result; a cast
// to float16 rounds once from its source, then widens exactly).
void to_half_and_back(const detail::Caster& to, const detail::Caster& back, void* d, const void* s,
                      int64_t n) {
  constexpr int64_t C = detail::kCastChunk;
  alignas(16) uint16_t h[C];
  for (int64_t i = 0; i < n; i += C) {
    const int64_t m = std::min(C, n - i);
    detail::cast_row(to, h, 1, static_cast<const char*>(s) + i * to.se, 1, m);
    detail::cast_row(back, static_cast<char*>(d) + i * 4, 1, h, 1, m);
  }
}

// A Copy step (a cast) as a chunk op: in_cast converts; to float16 through to_half_and_back.
void cast_chunk(const ChunkOp& c, void* o, const void* const* in, int64_t n) {
  if (c.cast_out) {
    to_half_and_back(c.in_cast, c.out_cast, o, in[0], n);
  } else {
    detail::cast_row(c.in_cast, o, 1, in[0], 1, n);
  }
}

// The program resolved for one call: each step's chunk op, where each value lives.
struct Compiled {
  int nv = 0;
  DType dt[kMaxValues];        // each value's dtype
  int slot[kMaxValues];        // its register, -1 when none (constants, unused inputs)
  bool used[kMaxOps] = {};     // inputs the program reads
  bool direct[kMaxOps] = {};   // read in place when contiguous along the row
  detail::Caster load[kMaxOps];  // held(dtype) <- dtype
  detail::Caster round_half, widen_half;
  detail::Caster store;        // out's dtype <- held(result's dtype)
  bool direct_out = false;     // the last step writes into a contiguous output row itself
  int nregs = 0;
  int64_t block = kBlock;        // elements per block: kBlock, or fewer for a small output
  int64_t reg_bytes = kRegBytes;
  const char* consts = nullptr;  // `block` copies of each constant, held dtype
  Slots<ChunkOp, 129> op;       // per step (unconstructed until resolved)
};

// The JIT slots: distinct functions (each stores its own number before trapping, so that no pass
// merges them) whose table entries the package replaces by compiled chains.
template <size_t K>
void jit_slot(const ChunkOp&, void*, const void* const*, int64_t) {
  volatile size_t k = K;
  (void)k;
  __builtin_trap();
}

template <size_t... I>
std::array<ChunkOp::RunFn, sizeof...(I)> make_slots(std::index_sequence<I...>) {
  return {&jit_slot<I>...};
}

const std::array<ChunkOp::RunFn, kJitSlots>& slots() {
  static const auto s = make_slots(std::make_index_sequence<kJitSlots>());
  return s;
}

// The chunk op of step f (its operands held dtype).
Status resolve(const FusedStep& f, ChunkOp* op) {
  const DType k = held(f.in);
  if (f.kind == kJitStep) {
    if (f.code < 0 || f.code >= kJitSlots || (f.in != DType::float32 && f.in != DType::float64) || f.out != f.in) {
      return make_error(Code::invalid_argument, "fuse: malformed compiled step");
    }
    *op = ChunkOp{};
    op->run = slots()[static_cast<size_t>(f.code)];
    op->nin = f.nargs;
    op->out = f.out;
    return ok_status();
  }
  if (f.kind == wire::kCopy) {
    *op = ChunkOp{};
    op->run = &cast_chunk;
    op->nin = 1;
    op->out = f.out;
    op->cast_out = f.out == DType::float16;
    op->in_cast = detail::make_caster(op->cast_out ? DType::float16 : f.out, k);
    if (op->cast_out) op->out_cast = detail::make_caster(DType::float32, DType::float16);
    return ok_status();
  }
  if (f.kind == wire::kBinary || f.kind == wire::kUnary || f.kind == wire::kWhere) {
    return elementwise_chunk_op(f.kind, f.code, k, op);
  }
  return math_chunk_op(f.kind, f.code, k, f.uniform_b, op);
}

// Checks the program against the inputs' dtypes and resolves it for an output of dtype out_dt.
Status compile(const FusedProgram& p, const DType* in_dt, DType out_dt, Compiled* c) {
  const int nin = p.nin, nc = static_cast<int>(p.consts.size());
  const size_t ns = p.steps.size();
  if (nin < 0 || nin + 1 > kMaxOps || nc > 64 || ns > 128) {
    return make_error(Code::invalid_argument, "fuse: at most " + S(kMaxOps - 1) +
                                                  " array inputs, 64 constants and 128 steps, got " + S(nin) +
                                                  ", " + S(nc) + " and " + S(static_cast<int64_t>(ns)));
  }
  c->op.resize(ns);
  int nv = 0;
  for (int k = 0; k < nin; ++k) {
    if (is_complex_dtype(in_dt[k])) {
      return make_error(Code::type_error, std::string("fuse: input ") + S(k) + " is " + dtype_name(in_dt[k]) +
                                              "; fused programs take real dtypes only");
    }
    c->dt[nv++] = in_dt[k];
  }
  for (size_t s = 0; s < ns; ++s) {
    if (is_complex_dtype(p.steps[s].in) || is_complex_dtype(p.steps[s].out)) {
      return step_error(s, "complex dtypes cannot be fused");
    }
  }
  if (is_complex_dtype(out_dt)) return make_error(Code::type_error, "fuse: the output cannot be complex");
  for (const FusedConst& x : p.consts) c->dt[nv++] = x.dtype;
  for (size_t s = 0; s < ns; ++s) {
    const FusedStep& f = p.steps[s];
    const int want = f.kind == kJitStep ? std::max(f.nargs, 1)
                     : f.kind == wire::kCopy || f.kind == wire::kUnary || f.kind == wire::kMathUnary ? 1
                     : f.kind == wire::kWhere || f.kind == wire::kClip                              ? 3
                     : f.kind == wire::kBinary || f.kind == wire::kMathBinary                        ? 2
                                                                                                     : -1;
    if (want < 0) return step_error(s, "kind " + S(f.kind) + " cannot be fused");
    if (f.nargs != want) return make_error(Code::invalid_argument, "fuse: malformed step " + S(static_cast<int64_t>(s)));
    for (int a = 0; a < f.nargs; ++a) {
      if (f.arg[a] < 0 || f.arg[a] >= nv) {
        return make_error(Code::invalid_argument, "fuse: malformed step " + S(static_cast<int64_t>(s)) + " (argument)");
      }
      const DType a_dt = c->dt[f.arg[a]];
      const DType want_dt = f.kind == wire::kWhere && a == 0 ? DType::bool_ : f.in;
      if (a_dt != want_dt) {
        return step_error(s, std::string("operand ") + S(a) + " is " + dtype_name(a_dt) + ", the op reads " +
                                 dtype_name(want_dt));
      }
      if (f.arg[a] < nin) c->used[f.arg[a]] = true;
    }
    ChunkOp& op = c->op[s];
    SV_CHECK(resolve(f, &op));
    const bool narrowed = op.out == DType::float32 && f.in == DType::float16 && f.out == DType::float16;
    if (op.out != f.out && !narrowed) {
      return step_error(s, std::string("the op gives ") + dtype_name(op.out) + ", the step says " + dtype_name(f.out));
    }
    c->dt[nv++] = f.out;
  }
  if (p.result < 0 || p.result >= nv) return make_error(Code::invalid_argument, "fuse: malformed program (result)");
  c->nv = nv;
  if (p.result < nin) c->used[p.result] = true;
  // Registers: one per input read through a conversion or a stride (kept for the row: a
  // broadcast input is loaded once per row), one per step value while it is live.
  int next = 0;
  for (int v = 0; v < nv; ++v) c->slot[v] = -1;
  bool half = false;
  for (int k = 0; k < nin; ++k) {
    if (!c->used[k]) continue;
    c->slot[k] = next++;
    c->direct[k] = in_dt[k] != DType::float16;
    c->load[k] = detail::make_caster(held(in_dt[k]), in_dt[k]);
    half = half || in_dt[k] == DType::float16;
  }
  int16_t last[kMaxValues];
  for (int v = 0; v < nv; ++v) last[v] = -1;
  for (size_t s = 0; s < ns; ++s) {
    for (int a = 0; a < p.steps[s].nargs; ++a) last[p.steps[s].arg[a]] = static_cast<int16_t>(s);
  }
  last[p.result] = static_cast<int16_t>(ns);  // live to the end
  int free_regs[kMaxValues];
  int nfree = 0, top = next;
  const int first = nin + nc;
  for (size_t s = 0; s < ns; ++s) {
    const int r = nfree > 0 ? free_regs[--nfree] : top++;
    c->slot[first + static_cast<int>(s)] = r;
    // the arguments whose last use this is free their registers for the steps after it (not for
    // this one: a step never writes a register it reads)
    for (int a = 0; a < p.steps[s].nargs; ++a) {
      const int v = p.steps[s].arg[a];
      if (v >= first && last[v] == static_cast<int16_t>(s)) {
        last[v] = -2;  // freed once, even when it is read twice
        free_regs[nfree++] = c->slot[v];
      }
    }
  }
  c->nregs = top;
  for (size_t s = 0; s < ns; ++s) half = half || p.steps[s].out == DType::float16;
  if (half) {
    c->round_half = detail::make_caster(DType::float16, DType::float32);
    c->widen_half = detail::make_caster(DType::float32, DType::float16);
  }
  const DType rdt = c->dt[p.result];
  c->direct_out = p.result >= first && out_dt == rdt && rdt != DType::float16;
  c->store = detail::make_caster(out_dt, held(rdt));  // (a contiguous out may still have a 0 step: 0-d)
  return ok_status();
}

// One row of the plan (ptr[0] the output, ptr[1 + k] input k, strides in elements).
void eval_row(const FusedProgram& p, const Compiled& c, char* regs, char* const* ptr,
              const int64_t* st, const int64_t* esize, int64_t n) {
  const int nin = p.nin, nc = static_cast<int>(p.consts.size());
  const int ns = static_cast<int>(p.steps.size());
  const FusedStep* steps = p.steps.data();
  const void* val[kMaxValues];
  for (int j = 0; j < nc; ++j) val[nin + j] = c.consts + j * c.reg_bytes;
  for (int64_t i0 = 0; i0 < n; i0 += c.block) {
    const int64_t m = std::min(c.block, n - i0);
    for (int k = 0; k < nin; ++k) {
      if (!c.used[k]) continue;
      const int64_t s = st[k + 1];
      const char* src = ptr[k + 1] + i0 * s * esize[k + 1];
      if (s == 1 && c.direct[k]) {
        val[k] = src;
        continue;
      }
      char* r = regs + c.slot[k] * c.reg_bytes;
      if (s != 0 || i0 == 0) detail::cast_row(c.load[k], r, 1, src, s, m);
      val[k] = r;
    }
    char* dst_row = ptr[0] + i0 * st[0] * esize[0];
    const bool out_row = c.direct_out && st[0] == 1;
    const int first = nin + nc;
    for (int s = 0; s < ns; ++s) {
      const FusedStep& f = steps[s];
      const int v = first + s;
      void* d = out_row && v == p.result ? static_cast<void*>(dst_row) : regs + c.slot[v] * c.reg_bytes;
      const void* in[kMaxOps];
      for (int a = 0; a < f.nargs; ++a) in[a] = val[f.arg[a]];
      const ChunkOp& op = c.op[s];
      op.run(op, d, in, m);
      if (f.kind != wire::kCopy && f.out == DType::float16) to_half_and_back(c.round_half, c.widen_half, d, d, m);
      val[v] = d;
    }
    const void* r = val[p.result];
    if (r != dst_row) detail::cast_row(c.store, dst_row, st[0], r, 1, m);
  }
}

// What input x's masked-out elements read: `f` in x's dtype.
void fill_bytes(const Operand& x, double f, unsigned char* fill) {
  if (f == 0.0 && !std::signbit(f)) {
    std::memset(fill, 0, 16);
    return;
  }
  visit_dtype_all(x.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = from_double<T>(f);
    std::memcpy(fill, &v, sizeof(T));
  });
}

// The constants, c.block copies each in their held dtype, into `small` or `heap`; sets c.consts.
Status splat_consts(const FusedProgram& p, Compiled& c, char* small, int64_t small_bytes, detail::Buffer& heap) {
  const int nc = static_cast<int>(p.consts.size());
  if (nc == 0) return ok_status();
  char* cbase = small;
  if (nc * c.reg_bytes > small_bytes) {
    SV_CHECK(heap.allocate("fuse", nc * c.reg_bytes));
    cbase = heap.data();
  }
  for (int j = 0; j < nc; ++j) {
    const DType t = held(p.consts[j].dtype);
    char* at = cbase + j * c.reg_bytes;
    visit_dtype_all(t, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T v = from_double<T>(p.consts[j].value);
      if constexpr (std::is_same_v<T, float>) {
        if (p.consts[j].dtype == DType::float16) v = half_to_float(to_half(p.consts[j].value));
      }
      T* d = reinterpret_cast<T*>(at);
      for (int64_t i = 0; i < c.block; ++i) d[i] = v;
    });
  }
  c.consts = cbase;
  return ok_status();
}

// A step of pow on integers (its negative-exponent error is collected across the call).
bool has_int_pow(const FusedProgram& p) {
  for (const FusedStep& f : p.steps) {
    if (f.kind == wire::kMathBinary && f.in != DType::float32 && f.in != DType::float64 && f.in != DType::float16) {
      return true;
    }
  }
  return false;
}

Status negative_exponent_error(int64_t negative) {
  return make_error(Code::invalid_argument,
                    "fuse: power: integers to negative integer powers are not allowed: exponent " + S(negative) +
                        "; use a float base or exponent");
}

}  // namespace

const uintptr_t* jit_slot_indices() {
  static uintptr_t idx[kJitSlots];
  for (int k = 0; k < kJitSlots; ++k) idx[k] = reinterpret_cast<uintptr_t>(slots()[static_cast<size_t>(k)]);
  return idx;
}

Status check_fused(const FusedProgram& p, const DType* in_dt, std::vector<DType>* dtypes) {
  Compiled c;
  SV_CHECK(compile(p, in_dt, DType::float64, &c));
  dtypes->assign(c.dt, c.dt + c.nv);
  return ok_status();
}

Status fused(const FusedProgram& p, const Operand& out, const Operand* const* in, const double* fills,
             bool checked) {
  const char* name = "fuse";
  const int nin = p.nin;
  if (nin < 0 || nin + 1 > kMaxOps) {
    return make_error(Code::invalid_argument, "fuse: at most " + S(kMaxOps - 1) + " array inputs, got " + S(nin));
  }
  if (!checked) SV_CHECK(detail::check_operand(name, "out", out));
  DType in_dt[kMaxOps];
  for (int k = 0; k < nin; ++k) {
    if (!checked) {
      SV_CHECK(detail::check_operand(name, "input", *in[k]));
      SV_CHECK(detail::check_same_shape(name, "out", out, "input", *in[k]));
    }
    in_dt[k] = in[k]->dtype;
  }
  if (!checked || !out.layout.contiguous) SV_CHECK(detail::check_writable(name, "out", out));
  Compiled c;
  SV_CHECK(compile(p, in_dt, out.dtype, &c));
  const int64_t count = detail::numel_of(out.layout.shape);
  if (count == 0) return ok_status();
  // A small output needs small registers (and constants splatted only that often).
  c.block = std::min(kBlock, (count + 15) & ~int64_t{15});
  c.reg_bytes = c.block * 8;

  // Inputs overlapping the output other than element for element: read first.
  detail::Buffer copies[kMaxOps];
  Operand src[kMaxOps];
  alignas(16) unsigned char fill[kMaxOps][16];
  OpDesc ops[kMaxOps];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)), nullptr};
  for (int k = 0; k < nin; ++k) {
    const Operand& x = *in[k];
    const double f = fills ? fills[k] : 0.0;
    fill_bytes(x, f, fill[k]);
    const Operand* use = &x;
    if (c.used[k] && detail::overlaps(out, x) && !detail::same_addressing(out, x)) {
      const int64_t es = static_cast<int64_t>(dtype_size(x.dtype));
      SV_CHECK(copies[k].allocate(name, detail::numel_of(x.layout.shape) * es));
      src[k].dtype = x.dtype;
      src[k].layout = detail::contiguous_layout(x.layout.shape);
      src[k].base = copies[k].data();
      SV_CHECK(copy(src[k], x, f));
      use = &src[k];
    }
    ops[k + 1] = {static_cast<char*>(use->base), &use->layout, static_cast<int64_t>(dtype_size(use->dtype)), fill[k]};
  }
  // The constants, kBlock copies each in their held dtype (read-only while the blocks run).
  detail::Buffer consts;
  alignas(16) char small_consts[2048];
  SV_CHECK(splat_consts(p, c, small_consts, sizeof small_consts, consts));
  int64_t negative = 0;
  const bool ipow = has_int_pow(p);
  if (ipow) math_take_negative_exponent(&negative);
  bool failed = false;
  const int64_t reg_total = std::max(c.nregs, 1) * c.reg_bytes;
  const auto piece = [&](const Plan& pl) {
    // small outputs: registers on the stack (no allocation per call)
    alignas(16) char small[4096];
    detail::Buffer regs;
    char* r = small;
    if (reg_total > static_cast<int64_t>(sizeof small)) {
      if (!regs.allocate(name, reg_total).ok()) {
        failed = true;
        return;
      }
      r = regs.data();
    }
    tiles::for_each_row(pl, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
      eval_row(p, c, r, ptr, st, pl.esize, n);
    });
  };
  // Every input contiguous (or one broadcast value) like the output: one flat row, no box split
  // or plan (the elementwise kernels' fast path); otherwise the planner.
  Plan flat;
  if (detail::flat_plan(nin + 1, ops, &flat)) {
    for_each_piece(flat, piece);
  } else {
    for_each_region(nin + 1, ops, 0, [&](const Plan& pl, uint32_t) { piece(pl); });
  }
  if (failed) return make_error(Code::out_of_memory, "fuse: cannot allocate the block registers");
  if (ipow && math_take_negative_exponent(&negative)) return negative_exponent_error(negative);
  return ok_status();
}

// ---------------------------------------------------------------- FusedValues
struct FusedValues::State {
  const FusedProgram* p = nullptr;
  Compiled c;
  int rank = 0;
  int64_t shape[kMaxRank], cstride[kMaxRank];
  struct In {
    const char* base = nullptr;
    int64_t offset = 0, esize = 1, stride[kMaxRank];
    bool masked = false;
    Range mask[kMaxRank];
    alignas(16) unsigned char fill[16];
  } in[kMaxOps - 1];
  int64_t esize[kMaxOps];  // eval_row's: [0] the held result, [1 + k] input k
  int64_t reg_total = 0;
  detail::Buffer copies[kMaxOps - 1], consts;
  // Short rows (the last dim under kBlock): runs of whole rows are evaluated `rows` rows at a time
  // when every input read continues from one row to the next (merge: its stride along the
  // next-to-last dim is a row of its own) or is one row broadcast over every other dim (tile: that
  // row repeated `rows` times, made once here). 0: row by row.
  int64_t rows = 0;
  bool tile[kMaxOps - 1] = {};
  detail::Buffer tiles[kMaxOps - 1];
  bool ipow = false;
  mutable std::atomic<bool> failed{false};
};

// (default-initialised: the program's Slots stay unconstructed, nothing is zeroed per call)
FusedValues::FusedValues() : s_(new State) {}
FusedValues::~FusedValues() = default;

DType FusedValues::dtype() const { return held(s_->c.dt[s_->p->result]); }

Status FusedValues::init(const FusedProgram& p, std::span<const int64_t> shape, const Operand* const* in,
                         const double* fills, const Operand* reduced_out) {
  State& s = *s_;
  const int nin = p.nin;
  if (nin < 0 || nin + 1 > kMaxOps) {
    return make_error(Code::invalid_argument, "fuse: at most " + S(kMaxOps - 1) + " array inputs, got " + S(nin));
  }
  s.p = &p;
  DType in_dt[kMaxOps];
  for (int k = 0; k < nin; ++k) in_dt[k] = in[k]->dtype;
  // the result's dtype, held: the values the reduction reads (compile's out dtype; compile checks
  // the numbering this reads)
  const int nc = static_cast<int>(p.consts.size());
  const int64_t ri = p.result - nin - nc;
  const DType rdt = held(p.result < 0                  ? DType::float64
                         : p.result < nin              ? in_dt[p.result]
                         : p.result < nin + nc         ? p.consts[static_cast<size_t>(p.result - nin)].dtype
                         : ri < static_cast<int64_t>(p.steps.size()) ? p.steps[static_cast<size_t>(ri)].out
                                                                      : DType::float64);
  SV_CHECK(compile(p, in_dt, rdt, &s.c));
  // Registers on read()'s stack when they fit in 32 KiB: blocks of fewer elements for a long chain.
  const int64_t nregs = std::max(s.c.nregs, 1);
  s.c.block = std::clamp<int64_t>(32768 / (nregs * 8) / 16 * 16, 16, kBlock);
  s.c.reg_bytes = s.c.block * 8;
  s.reg_total = nregs * s.c.reg_bytes;
  // (a 0-d result is read as one of shape [1])
  const bool scalar = shape.empty();
  s.rank = scalar ? 1 : static_cast<int>(shape.size());
  int64_t st = 1;
  for (int d = s.rank - 1; d >= 0; --d) {
    s.shape[d] = scalar ? 1 : shape[static_cast<size_t>(d)];
    s.cstride[d] = st;
    st *= s.shape[d];
  }
  s.esize[0] = static_cast<int64_t>(dtype_size(rdt));
  for (int k = 0; k < nin; ++k) {
    const Operand* x = in[k];
    State::In& v = s.in[k];
    const double f = fills ? fills[k] : 0.0;
    fill_bytes(*x, f, v.fill);
    Operand copy_of;
    if (s.c.used[k] && reduced_out && detail::overlaps(*reduced_out, *x)) {
      // read before the reduction writes its output
      const int64_t es = static_cast<int64_t>(dtype_size(x->dtype));
      SV_CHECK(s.copies[k].allocate("fuse", std::max<int64_t>(detail::numel_of(x->layout.shape), 1) * es));
      copy_of.dtype = x->dtype;
      copy_of.layout = detail::contiguous_layout(x->layout.shape);
      copy_of.base = s.copies[k].data();
      SV_CHECK(copy(copy_of, *x, f));
      x = &copy_of;
    }
    v.base = static_cast<const char*>(x->base);
    v.offset = x->layout.offset;
    v.esize = static_cast<int64_t>(dtype_size(x->dtype));
    v.masked = x->layout.has_mask();
    for (int d = 0; d < s.rank; ++d) {
      v.stride[d] = scalar ? 0 : x->layout.strides[static_cast<size_t>(d)];
      if (v.masked) v.mask[d] = x->layout.mask[static_cast<size_t>(d)];
    }
    s.esize[k + 1] = v.esize;
  }
  SV_CHECK(splat_consts(p, s.c, nullptr, 0, s.consts));
  const int L = s.rank - 1;
  // (not for a small result: making the tiles costs more than the rows they save)
  if (L >= 1 && s.shape[L] > 1 && s.shape[L] < kBlock && s.shape[L - 1] > 1 && st >= 4 * kBlock) {
    const int64_t w = s.shape[L];
    const int64_t rows = std::min(std::max<int64_t>(2, kBlock / w), s.shape[L - 1]);
    bool ok = true;
    for (int k = 0; k < nin && ok; ++k) {
      State::In& v = s.in[k];
      if (!s.c.used[k]) continue;
      if (v.masked) {
        ok = false;
        break;
      }
      if (v.stride[L - 1] == v.stride[L] * w) continue;  // merges
      bool row = true;
      for (int d = 0; d < L; ++d) row = row && v.stride[d] == 0;
      if (!row) {
        ok = false;
        break;
      }
      // one row broadcast: `rows` copies of it, contiguous, in its dtype
      s.tile[k] = true;
      SV_CHECK(s.tiles[k].allocate("fuse", rows * w * v.esize));
      Operand src, dst;
      src.base = const_cast<char*>(v.base);
      src.dtype = in[k]->dtype;
      src.layout = Layout(LayoutDims{rows, w}, LayoutDims{0, v.stride[L]}, v.offset);
      dst.base = s.tiles[k].data();
      dst.dtype = in[k]->dtype;
      dst.layout = detail::contiguous_layout(LayoutDims{rows, w});
      SV_CHECK(copy(dst, src, 0.0));
    }
    if (ok) s.rows = rows;
  }
  s.ipow = has_int_pow(p);
  if (s.ipow) {
    int64_t negative = 0;
    math_take_negative_exponent(&negative);
  }
  return ok_status();
}

void FusedValues::read(void* dst, int64_t first, int64_t step, int64_t n) const {
  const State& s = *s_;
  if (n <= 0) return;
  const int r = s.rank, nin = s.p->nin;
  // the dim a run of `step` walks along (the innermost of that C stride and longer than 1)
  int d = -1;
  for (int k = r - 1; k >= 0 && n > 1; --k) {
    if (s.cstride[k] == step && s.shape[k] > 1) {
      d = k;
      break;
    }
  }
  if (d < 0 && n > 1) {  // one element at a time (no reduction asks this of a C-contiguous input)
    for (int64_t i = 0; i < n; ++i) read(static_cast<char*>(dst) + i * s.esize[0], first + i * step, 1, 1);
    return;
  }
  if (d < 0) d = r - 1;
  alignas(16) char small[32768];
  detail::Buffer heap;
  char* regs = small;
  if (s.reg_total > static_cast<int64_t>(sizeof small)) {
    if (!heap.allocate("fuse", s.reg_total).ok()) {
      s.failed.store(true, std::memory_order_relaxed);
      return;
    }
    regs = heap.data();
  }
  int64_t idx[kMaxRank] = {};
  for (int k = r - 1; k >= 0; --k) {
    idx[k] = first % s.shape[k];
    first /= s.shape[k];
  }
  char* o = static_cast<char*>(dst);
  char* ptr[kMaxOps];
  int64_t stv[kMaxOps];
  stv[0] = 1;
  int64_t off[kMaxOps];
  bool outer_ok[kMaxOps];
  const int64_t len_d = s.shape[d];
  while (n > 0) {
    if (s.rows > 0 && d == r - 1 && idx[d] == 0 && n >= 2 * len_d) {
      // whole rows, several at a time (see State::rows)
      const int64_t k = std::min({n / len_d, s.rows, s.shape[d - 1] - idx[d - 1]});
      for (int j = 0; j < nin; ++j) {
        if (!s.c.used[j]) continue;
        const State::In& v = s.in[j];
        if (s.tile[j]) {
          ptr[j + 1] = s.tiles[j].data();
          stv[j + 1] = 1;
          continue;
        }
        int64_t o_j = v.offset;
        for (int q = 0; q < r; ++q) o_j += idx[q] * v.stride[q];
        ptr[j + 1] = const_cast<char*>(v.base) + o_j * v.esize;
        stv[j + 1] = v.stride[d];
      }
      ptr[0] = o;
      eval_row(*s.p, s.c, regs, ptr, stv, s.esize, k * len_d);
      o += k * len_d * s.esize[0];
      n -= k * len_d;
      idx[d - 1] += k;
      for (int j = d - 1; j > 0 && idx[j] == s.shape[j]; --j) {
        idx[j] = 0;
        ++idx[j - 1];
      }
      continue;
    }
    const int64_t a0 = idx[d];
    const int64_t len = std::min(n, len_d - a0);
    for (int k = 0; k < nin; ++k) {
      if (!s.c.used[k]) continue;
      const State::In& v = s.in[k];
      int64_t o_k = v.offset;
      bool ok = true;
      for (int j = 0; j < r; ++j) {
        o_k += idx[j] * v.stride[j];
        if (v.masked && j != d && (idx[j] < v.mask[j].first || idx[j] >= v.mask[j].second)) ok = false;
      }
      off[k] = o_k;
      outer_ok[k] = ok;
    }
    // pieces along d between the inputs' mask edges
    for (int64_t a = a0, e = a0 + len; a < e;) {
      int64_t b = e;
      for (int k = 0; k < nin; ++k) {
        const State::In& v = s.in[k];
        if (!s.c.used[k]) continue;
        bool valid = true;
        if (v.masked) {
          const Range& m = v.mask[d];
          valid = outer_ok[k] && a >= m.first && a < m.second;
          if (outer_ok[k]) {
            if (a < m.first) b = std::min(b, m.first);
            else if (a < m.second) b = std::min(b, m.second);
          }
        }
        if (valid) {
          ptr[k + 1] = const_cast<char*>(v.base) + (off[k] + (a - a0) * v.stride[d]) * v.esize;
          stv[k + 1] = v.stride[d];
        } else {
          ptr[k + 1] = const_cast<char*>(reinterpret_cast<const char*>(v.fill));
          stv[k + 1] = 0;
        }
      }
      ptr[0] = o;
      eval_row(*s.p, s.c, regs, ptr, stv, s.esize, b - a);
      o += (b - a) * s.esize[0];
      a = b;
    }
    n -= len;
    if (n == 0) break;
    idx[d] = 0;
    for (int j = d - 1; j >= 0; --j) {
      if (++idx[j] < s.shape[j]) break;
      idx[j] = 0;
    }
  }
}

Status FusedValues::finish() const {
  const State& s = *s_;
  if (s.failed.load()) return make_error(Code::out_of_memory, "fuse: cannot allocate the block registers");
  int64_t negative = 0;
  if (s.ipow && math_take_negative_exponent(&negative)) return negative_exponent_error(negative);
  return ok_status();
}

}  // namespace sv::kernels
