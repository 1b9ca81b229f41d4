// A fused elementwise program: a chain of the elementwise kernels' ops (arithmetic, comparisons,
// logical and integer ops, where, clip, the math functions, casts) evaluated in one pass over the
// output, block by block (numexpr's design): each block of each input is read once through its
// layout (strided, broadcast, padded, transposed inputs through staged tiles), every step runs the
// op's own row or chunk function (kernels/chunk_ops.hpp) on registers of kCastChunk elements that
// stay in L1, and the result block is written once. The bits are those of the unfused calls: the
// same functions per op and dtype, float16 rounded after every step whose result is float16 (the
// unfused kernels compute float16 in float32 and round each result once).
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "kernels/kernels.hpp"
#include "kernels/plan.hpp"

namespace sv::kernels {

// Up to N elements of T held inline and left unconstructed until written (push_back, or resize
// then assignment): a fused request decodes into them without touching the heap or initialising
// N elements.
template <class T, int N>
class Slots {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  Slots() {}  // NOLINT: the elements stay unconstructed
  Slots(const Slots& o) : n_(o.n_) { std::memcpy(u_.a, o.u_.a, n_ * sizeof(T)); }
  Slots& operator=(const Slots& o) {
    n_ = o.n_;
    std::memmove(u_.a, o.u_.a, n_ * sizeof(T));
    return *this;
  }
  void push_back(const T& v) {
    if (n_ < N) u_.a[n_++] = v;
  }
  Slots& operator=(std::initializer_list<T> l) {
    n_ = 0;
    for (const T& v : l) push_back(v);
    return *this;
  }
  void assign(size_t n, const T& v) {
    n_ = 0;
    for (size_t i = 0; i < n; ++i) push_back(v);
  }
  void resize(size_t n) { n_ = n < size_t{N} ? n : size_t{N}; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T* data() { return u_.a; }
  const T* data() const { return u_.a; }
  T* begin() { return u_.a; }
  T* end() { return u_.a + n_; }
  const T* begin() const { return u_.a; }
  const T* end() const { return u_.a + n_; }
  T& operator[](size_t i) { return u_.a[i]; }
  const T& operator[](size_t i) const { return u_.a[i]; }

 private:
  size_t n_ = 0;
  union U {
    U() {}
    T a[N];
  } u_;
};

// Values are numbered: the inputs 0..nin-1, then the constants, then one per step.
// A step of kind kJitStep runs a function compiled by the package for part of the chain (its SIMD128
// loop over the block, every value in registers: web/src/fuse_jit.ts) from one of kJitSlots slots of
// the function table, which the package fills (jit_slots: their table indices); its operands and
// result share one float dtype. It must compute each element as the steps it replaces would.
inline constexpr int64_t kJitStep = 100;
inline constexpr int kJitSlots = 64;

struct FusedStep {
  int64_t kind = 0, code = 0;  // wire::Kind (Copy = a cast) and the op within it; or kJitStep, slot
  DType in = DType::float32;   // the dtype the op's kernel is called with (where: the values')
  DType out = DType::float32;  // the step's result dtype (float16 when the unfused op rounds to it)
  int nargs = 0;
  int32_t arg[kMaxOps] = {};  // up to 3 (a JIT step: up to kMaxOps - 1)
  bool uniform_b = false;  // pow: the exponent is one value (the unfused kernel's fast path)
};

struct FusedConst {
  DType dtype = DType::float64;
  double value = 0;  // converted to dtype by the casting rules
};

struct FusedProgram {
  int nin = 0;
  // at most 64 constants and 128 steps, held inline (a call allocates nothing to decode them)
  Slots<FusedConst, 65> consts;
  Slots<FusedStep, 129> steps;
  int32_t result = 0;  // the value written to the output
};

// The function-table indices of the JIT slots (each a distinct function that traps until the
// package replaces its table entry).
const uintptr_t* jit_slot_indices();

// Checks the program (argument numbering, each step's operand dtypes and the dtype its op
// gives) and fills `dtypes` with every value's dtype. Errors name "fuse" and the step.
Status check_fused(const FusedProgram& p, const DType* in_dtypes, std::vector<DType>* dtypes);

// out = the program over in[0..nin) (each of out's shape: callers broadcast; masked-out elements
// read fills[k] converted to the input's dtype). The result is converted to out's dtype by the
// casting rules. Inputs that overlap out other than element for element are read first (copied),
// as every unfused chain reads its inputs before its last op writes.
// `checked`: the operands are validated already (array::run_fused_call: decoded by layout::create,
// bounds checked, broadcast to out's shape), as for the kernels' Checked entries.
Status fused(const FusedProgram& p, const Operand& out, const Operand* const* in, const double* fills,
             bool checked = false);

// A program's result as computed values (kernels.hpp ValueSource) for a final reduction: the
// reduction (reduce(), reduce_more()) asks for runs of the result's flat C indices and each run is
// computed then, block by block, through the same evaluation as fused() (so the same bits), never
// stored whole. The values are of dtype(): the result's, float16 held as float32 (the unfused
// reductions widen a float16 input to float32 first). read() may run on several threads at once.
class FusedValues final : public ValueSource {
 public:
  FusedValues();
  ~FusedValues();
  FusedValues(const FusedValues&) = delete;
  FusedValues& operator=(const FusedValues&) = delete;

  // `in`: each already of `shape`, checked (as fused()'s `checked`); `reduced_out`: the array the
  // reduction writes (null when new), inputs overlapping it are copied first. `p` must outlive this.
  Status init(const FusedProgram& p, std::span<const int64_t> shape, const Operand* const* in,
              const double* fills, const Operand* reduced_out);
  DType dtype() const;
  void read(void* dst, int64_t first, int64_t step, int64_t n) const override;
  // After the reduction: an error met while computing (pow's negative integer exponent, scratch).
  Status finish() const;

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace sv::kernels
