// fused(): a traced elementwise program in one pass (kernels/fused.hpp).
#include "kernels/fused.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/chunk_ops.hpp"
#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

constexpr int64_t kBlock = detail::kCastChunk;  // elements per register: 2 KiB at 8 bytes
constexpr int64_t kRegBytes = kBlock * 8;

// The dtype a value is held in: float16 in float32 (exact; the kernels compute float16 in float32).
DType held(DType t) { return t == DType::float16 ? DType::float32 : t; }

std::string S(int64_t v) { return std::to_string(v); }

Status step_error(size_t s, const std::string& what) {
  return make_error(Code::type_error, "fuse: step " + S(static_cast<int64_t>(s)) + ": " + what);
}

// A Copy step (a cast) on one block: to float16 it rounds once from the source (held as float32
// after, exactly).
struct Cast {
  detail::Caster direct, to_half, from_half;
  bool half = false;
};

// The program checked and resolved for one call: each step's chunk op, where each value lives.
struct Compiled {
  std::vector<DType> dt;       // each value's dtype
  std::vector<ChunkOp> op;     // per step (kind != Copy)
  std::vector<Cast> cast;      // per step (kind == Copy)
  std::vector<int> slot;       // register of each value, -1 when none (constants, unused inputs)
  std::vector<char> used;      // inputs the program reads
  std::vector<detail::Caster> load;  // per input: held(dtype) <- dtype
  std::vector<char> direct;    // per input: read in place when contiguous along the row
  detail::Caster round_half, widen_half;
  detail::Caster store;        // out's dtype <- held(result's dtype)
  bool direct_out = false;     // the last step writes into a contiguous output row itself
  int nregs = 0;
  const char* consts = nullptr;  // kBlock copies of each constant, held dtype
};

Status compile(const FusedProgram& p, const DType* in_dt, DType out_dt, Compiled* c) {
  SV_CHECK(check_fused(p, in_dt, &c->dt));
  const int nin = p.nin, nc = static_cast<int>(p.consts.size());
  const size_t ns = p.steps.size();
  c->op.resize(ns);
  c->cast.resize(ns);
  c->used.assign(static_cast<size_t>(nin), 0);
  for (size_t s = 0; s < ns; ++s) {
    const FusedStep& st = p.steps[s];
    for (int a = 0; a < st.nargs; ++a) {
      if (st.arg[a] < nin) c->used[static_cast<size_t>(st.arg[a])] = 1;
    }
    const DType k = held(st.in);
    if (st.kind == wire::kCopy) {
      Cast& x = c->cast[s];
      x.half = st.out == DType::float16;
      if (x.half) {
        x.to_half = detail::make_caster(DType::float16, k);
        x.from_half = detail::make_caster(DType::float32, DType::float16);
      } else {
        x.direct = detail::make_caster(st.out, k);
      }
    } else if (st.kind == wire::kBinary || st.kind == wire::kUnary || st.kind == wire::kWhere) {
      SV_CHECK(elementwise_chunk_op(st.kind, st.code, k, &c->op[s]));
    } else {
      SV_CHECK(math_chunk_op(st.kind, st.code, k, st.uniform_b, &c->op[s]));
    }
  }
  if (p.result < nin) c->used[static_cast<size_t>(p.result)] = 1;
  // Registers: one per input read through a conversion or a stride (kept for the row: a
  // broadcast input is loaded once per row), one per step value while it is live.
  const size_t nv = c->dt.size();
  c->slot.assign(nv, -1);
  c->load.resize(static_cast<size_t>(nin));
  c->direct.assign(static_cast<size_t>(nin), 0);
  int next = 0;
  for (int k = 0; k < nin; ++k) {
    if (!c->used[static_cast<size_t>(k)]) continue;
    c->slot[static_cast<size_t>(k)] = next++;
    c->load[static_cast<size_t>(k)] = detail::make_caster(held(in_dt[k]), in_dt[k]);
    c->direct[static_cast<size_t>(k)] = in_dt[k] != DType::float16;
  }
  std::vector<size_t> last(nv, 0);
  for (size_t s = 0; s < ns; ++s) {
    for (int a = 0; a < p.steps[s].nargs; ++a) last[static_cast<size_t>(p.steps[s].arg[a])] = s;
  }
  last[static_cast<size_t>(p.result)] = ns;  // live to the end
  std::vector<int> free_regs;
  int top = next;
  const size_t first = static_cast<size_t>(nin + nc);
  for (size_t s = 0; s < ns; ++s) {
    int r;
    if (!free_regs.empty()) {
      r = free_regs.back();
      free_regs.pop_back();
    } else {
      r = top++;
    }
    c->slot[first + s] = r;
    // the arguments whose last use this is free their registers for the steps after it
    for (int a = 0; a < p.steps[s].nargs; ++a) {
      const size_t v = static_cast<size_t>(p.steps[s].arg[a]);
      if (v >= first && last[v] == s) {
        const int fr = c->slot[v];
        if (std::find(free_regs.begin(), free_regs.end(), fr) == free_regs.end()) free_regs.push_back(fr);
      }
    }
  }
  c->nregs = top;
  c->round_half = detail::make_caster(DType::float16, DType::float32);
  c->widen_half = detail::make_caster(DType::float32, DType::float16);
  const DType rdt = c->dt[static_cast<size_t>(p.result)];
  c->store = detail::make_caster(out_dt, held(rdt));
  c->direct_out = static_cast<size_t>(p.result) >= first && out_dt == rdt && rdt != DType::float16;
  return ok_status();
}

// f32 values rounded to float16 and back, in place (the unfused op's narrowing of its result).
void round_to_half(const Compiled& c, void* r, int64_t m) {
  alignas(16) uint16_t h[kBlock];
  detail::cast_row(c.round_half, h, 1, r, 1, m);
  detail::cast_row(c.widen_half, r, 1, h, 1, m);
}

// One row of the plan (ptr[0] the output, ptr[1 + k] input k, strides in elements).
void eval_row(const FusedProgram& p, const Compiled& c, char* regs, char* const* ptr,
              const int64_t* st, const int64_t* esize, int64_t n) {
  const int nin = p.nin, nc = static_cast<int>(p.consts.size());
  const size_t ns = p.steps.size();
  const void* val[3 * 64 + 64];
  for (int j = 0; j < nc; ++j) val[nin + j] = c.consts + j * kRegBytes;
  const auto reg = [&](size_t v) { return regs + c.slot[v] * kRegBytes; };
  for (int64_t i0 = 0; i0 < n; i0 += kBlock) {
    const int64_t m = std::min(kBlock, n - i0);
    for (int k = 0; k < nin; ++k) {
      if (!c.used[static_cast<size_t>(k)]) continue;
      const int64_t s = st[k + 1];
      const char* src = ptr[k + 1] + i0 * s * esize[k + 1];
      if (s == 1 && c.direct[static_cast<size_t>(k)]) {
        val[k] = src;
        continue;
      }
      char* r = reg(static_cast<size_t>(k));
      if (s != 0 || i0 == 0) detail::cast_row(c.load[static_cast<size_t>(k)], r, 1, src, s, m);
      val[k] = r;
    }
    char* dst_row = ptr[0] + i0 * st[0] * esize[0];
    const bool out_row = c.direct_out && st[0] == 1;
    for (size_t s = 0; s < ns; ++s) {
      const FusedStep& f = p.steps[s];
      const size_t v = static_cast<size_t>(nin + nc) + s;
      void* d = out_row && s + 1 == ns && static_cast<size_t>(p.result) == v ? dst_row : reg(v);
      if (f.kind == wire::kCopy) {
        const Cast& x = c.cast[s];
        if (x.half) {
          alignas(16) uint16_t h[kBlock];
          detail::cast_row(x.to_half, h, 1, val[f.arg[0]], 1, m);
          detail::cast_row(x.from_half, d, 1, h, 1, m);
        } else {
          detail::cast_row(x.direct, d, 1, val[f.arg[0]], 1, m);
        }
      } else {
        const void* in[3] = {val[f.arg[0]], f.nargs > 1 ? val[f.arg[1]] : nullptr,
                             f.nargs > 2 ? val[f.arg[2]] : nullptr};
        c.op[s].run(c.op[s], d, in, m);
        if (f.out == DType::float16) round_to_half(c, d, m);
      }
      val[v] = d;
    }
    const void* r = val[p.result];
    if (r != dst_row) detail::cast_row(c.store, dst_row, st[0], r, 1, m);
  }
}

}  // namespace

Status check_fused(const FusedProgram& p, const DType* in_dt, std::vector<DType>* dtypes) {
  const int nin = p.nin, nc = static_cast<int>(p.consts.size());
  std::vector<DType>& dt = *dtypes;
  dt.clear();
  if (nin < 0 || nin + 1 > kMaxOps || nc > 64 || p.steps.size() > 128) {
    return make_error(Code::invalid_argument, "fuse: at most " + S(kMaxOps - 1) +
                                                  " array inputs, 64 constants and 128 steps, got " + S(nin) +
                                                  ", " + S(nc) + " and " + S(static_cast<int64_t>(p.steps.size())));
  }
  for (int k = 0; k < nin; ++k) dt.push_back(in_dt[k]);
  for (const FusedConst& x : p.consts) dt.push_back(x.dtype);
  for (size_t s = 0; s < p.steps.size(); ++s) {
    const FusedStep& f = p.steps[s];
    const int want = f.kind == wire::kCopy || f.kind == wire::kUnary || f.kind == wire::kMathUnary ? 1
                     : f.kind == wire::kWhere || f.kind == wire::kClip                              ? 3
                     : f.kind == wire::kBinary || f.kind == wire::kMathBinary                        ? 2
                                                                                                     : -1;
    if (want < 0) return step_error(s, "kind " + S(f.kind) + " cannot be fused");
    if (f.nargs != want) return make_error(Code::invalid_argument, "fuse: malformed step " + S(static_cast<int64_t>(s)));
    for (int a = 0; a < f.nargs; ++a) {
      if (f.arg[a] < 0 || static_cast<size_t>(f.arg[a]) >= dt.size()) {
        return make_error(Code::invalid_argument, "fuse: malformed step " + S(static_cast<int64_t>(s)) + " (argument)");
      }
      const DType a_dt = dt[static_cast<size_t>(f.arg[a])];
      const DType want_dt = f.kind == wire::kWhere && a == 0 ? DType::bool_ : f.in;
      if (a_dt != want_dt) {
        return step_error(s, std::string("operand ") + S(a) + " is " + dtype_name(a_dt) + ", the op reads " +
                                 dtype_name(want_dt));
      }
    }
    if (f.kind != wire::kCopy) {
      ChunkOp op;
      const DType k = held(f.in);
      if (f.kind == wire::kBinary || f.kind == wire::kUnary || f.kind == wire::kWhere) {
        SV_CHECK(elementwise_chunk_op(f.kind, f.code, k, &op));
      } else {
        SV_CHECK(math_chunk_op(f.kind, f.code, k, f.uniform_b, &op));
      }
      const bool narrowed = op.out == DType::float32 && f.in == DType::float16 && f.out == DType::float16;
      if (op.out != f.out && !narrowed) {
        return step_error(s, std::string("the op gives ") + dtype_name(op.out) + ", the step says " + dtype_name(f.out));
      }
    }
    dt.push_back(f.out);
  }
  if (p.result < 0 || static_cast<size_t>(p.result) >= dt.size()) {
    return make_error(Code::invalid_argument, "fuse: malformed program (result)");
  }
  return ok_status();
}

Status fused(const FusedProgram& p, const Operand& out, const Operand* in, const double* fills) {
  const char* name = "fuse";
  const int nin = p.nin;
  if (nin < 0 || nin + 1 > kMaxOps) {
    return make_error(Code::invalid_argument, "fuse: at most " + S(kMaxOps - 1) + " array inputs, got " + S(nin));
  }
  SV_CHECK(detail::check_operand(name, "out", out));
  DType in_dt[kMaxOps];
  for (int k = 0; k < nin; ++k) {
    SV_CHECK(detail::check_operand(name, "input", in[k]));
    SV_CHECK(detail::check_same_shape(name, "out", out, "input", in[k]));
    in_dt[k] = in[k].dtype;
  }
  SV_CHECK(detail::check_writable(name, "out", out));
  Compiled c;
  SV_CHECK(compile(p, in_dt, out.dtype, &c));
  if (detail::numel_of(out.layout.shape) == 0) return ok_status();

  // Inputs overlapping the output other than element for element: read first.
  detail::Buffer copies[kMaxOps];
  Operand src[kMaxOps];
  alignas(16) unsigned char fill[kMaxOps][16];
  OpDesc ops[kMaxOps];
  ops[0] = {static_cast<char*>(out.base), &out.layout, static_cast<int64_t>(dtype_size(out.dtype)), nullptr};
  for (int k = 0; k < nin; ++k) {
    src[k] = in[k];
    const double f = fills ? fills[k] : 0.0;
    std::memset(fill[k], 0, sizeof fill[k]);
    visit_dtype_all(in[k].dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T v = from_double<T>(f);
      std::memcpy(fill[k], &v, sizeof(T));
    });
    if (c.used[static_cast<size_t>(k)] && detail::overlaps(out, in[k]) && !detail::same_addressing(out, in[k])) {
      const int64_t es = static_cast<int64_t>(dtype_size(in[k].dtype));
      SV_CHECK(copies[k].allocate(name, detail::numel_of(in[k].layout.shape) * es));
      src[k].layout = detail::contiguous_layout(in[k].layout.shape);
      src[k].base = copies[k].data();
      SV_CHECK(copy(src[k], in[k], f));
    }
    ops[k + 1] = {static_cast<char*>(src[k].base), &src[k].layout,
                  static_cast<int64_t>(dtype_size(src[k].dtype)), fill[k]};
  }
  // The constants, kBlock copies each in their held dtype (read-only while the blocks run).
  detail::Buffer consts;
  const int nc = static_cast<int>(p.consts.size());
  if (nc > 0) {
    SV_CHECK(consts.allocate(name, nc * kRegBytes));
    for (int j = 0; j < nc; ++j) {
      const DType t = held(p.consts[j].dtype);
      char* at = consts.data() + j * kRegBytes;
      visit_dtype_all(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T v = from_double<T>(p.consts[j].value);
        if constexpr (std::is_same_v<T, float>) {
          if (p.consts[j].dtype == DType::float16) v = half_to_float(to_half(p.consts[j].value));
        }
        for (int64_t i = 0; i < kBlock; ++i) std::memcpy(at + i * sizeof(T), &v, sizeof(T));
      });
    }
    c.consts = consts.data();
  }
  int64_t negative = 0;
  math_take_negative_exponent(&negative);
  bool failed = false;
  for_each_region(nin + 1, ops, 0, [&](const Plan& pl, uint32_t) {
    detail::Buffer regs;
    if (!regs.allocate(name, std::max(c.nregs, 1) * kRegBytes).ok()) {
      failed = true;
      return;
    }
    tiles::for_each_row(pl, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
      eval_row(p, c, regs.data(), ptr, st, pl.esize, n);
    });
  });
  if (failed) return make_error(Code::out_of_memory, "fuse: cannot allocate the block registers");
  if (math_take_negative_exponent(&negative)) {
    return make_error(Code::invalid_argument,
                      "fuse: power: integers to negative integer powers are not allowed: exponent " + S(negative) +
                          "; use a float base or exponent");
  }
  return ok_status();
}

}  // namespace sv::kernels
