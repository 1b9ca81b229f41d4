// The wire format between the TypeScript layer and the core: flat float64 numbers in a scratch
// area of WASM memory. No Emscripten header here (this file and api.cpp build natively too).
//
// Requests and responses are streams of doubles. Integers travel as exact doubles (|v| <= 2^53-1).
//
//   expr   := CONST v | VAR id | ADD expr expr | MUL expr expr | NEG expr        (prefix tokens)
//   shape  := rank expr{rank}                                                    (symbolic)
//   dims   := n int{n}                                                           (concrete)
//   view   := 0 shape offset has_strides int{rank}? has_mask (start end){rank}?   (flat: View::create)
//           | 1 view op args                                                     (derived: replay op)
//   operand:= ptr length_in_elements dtype view
//
// A response view is: flat_mode rank expr{rank} (stride expr){rank} offset has_mask
// (start end){rank}? contiguous numel_expr. flat_mode says how JS may send it back: 1 = flat with
// explicit strides, 2 = flat with default (C-contiguous) strides, 0 = only by its derivation.
#pragma once

#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <algorithm>
#include <vector>

#include "core/result.hpp"
#include "shape/symbolic.hpp"
#include "view/layout.hpp"
#include "view/view.hpp"

namespace sv::array {
struct Array;
}  // namespace sv::array

namespace sv::wire {

// The enums of this format (Op codes, Tok, SliceKind, ViewTag, FlatMode, Kind, KernelOut, KernelIn,
// SingleOp, GatherOut, SortOp): core/boundary_tables.hpp, generated from
// core/boundary_tables.json (web/src/boundary_tables.ts is generated from it too).

inline Error malformed(const char* what) {
  return make_error(Code::invalid_argument,
                    std::string("binding: malformed request (") + what + ")");
}

class Reader {
 public:
  Reader(const double* p, size_t n) : p_(p), n_(n) {}
  bool done() const { return i_ >= n_; }
  Result<double> num() {
    if (i_ >= n_) return malformed("truncated");
    return p_[i_++];
  }
  Result<int64_t> i64() {
    if (i_ >= n_) return malformed("truncated");
    const double d = p_[i_++];
    if (!(std::fabs(d) <= static_cast<double>(kMaxSafe)) || d != std::trunc(d)) {
      return malformed("integer expected");
    }
    return static_cast<int64_t>(d);
  }
  // i64() for the fast path: false instead of an Error (nothing allocated either way). Inline
  // even at -Os/-Oz: as a call it was 8% of an add on [8,8].
  [[gnu::always_inline]] bool next(int64_t& out) {
    if (i_ >= n_) return false;
    const double d = p_[i_++];
    if (!(std::fabs(d) <= static_cast<double>(kMaxSafe)) || d != std::trunc(d)) return false;
    out = static_cast<int64_t>(d);
    return true;
  }
  [[gnu::always_inline]] bool next_num(double& out) {
    if (i_ >= n_) return false;
    out = p_[i_++];
    return true;
  }
  // A count in [0, max].
  Result<int64_t> count(int64_t max) {
    SV_TRY(int64_t n, i64());
    if (n < 0 || n > max) return malformed("count out of range");
    return n;
  }

 private:
  const double* p_;
  size_t n_;
  size_t i_ = 0;
};

// The response buffer: grows like a vector, but never zero-fills what it hands out.
class OutBuffer {
 public:
  OutBuffer() = default;
  OutBuffer(const OutBuffer&) = delete;
  OutBuffer& operator=(const OutBuffer&) = delete;
  ~OutBuffer() { std::free(p_); }
  void clear() { n_ = 0; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const double* data() const { return p_; }
  // Room for k more numbers at the end (uninitialised); null when out of memory.
  double* extend(size_t k) {
    if (n_ + k > cap_) {
      size_t c = cap_ ? cap_ * 2 : 256;
      while (c < n_ + k) c *= 2;
      void* q = std::realloc(p_, c * sizeof(double));
      if (!q) return nullptr;
      p_ = static_cast<double*>(q);
      cap_ = c;
    }
    double* at = p_ + n_;
    n_ += k;
    return at;
  }

 private:
  double* p_ = nullptr;
  size_t n_ = 0, cap_ = 0;
};

class Writer {
 public:
  explicit Writer(OutBuffer& out) : out_(out) { out_.clear(); }
  void num(double v) {
    if (double* q = out_.extend(1)) {
      *q = v;
    } else {
      failed_ = true;
    }
  }
  void i64(int64_t v) { num(static_cast<double>(v)); }
  void b(bool v) { num(v ? 1.0 : 0.0); }
  // Room for k more numbers, written through the pointer (one size check instead of k).
  double* grab(size_t k) {
    static double sink[7 + 6 * kMaxRank];  // out of memory: written, then reported by ok()
    double* p = out_.extend(k);
    if (!p) {
      failed_ = true;
      return sink;
    }
    return p;
  }
  bool ok() const { return !failed_; }
  void dims(const Dims& d) {
    i64(static_cast<int64_t>(d.size()));
    for (int64_t v : d) i64(v);
  }

 private:
  OutBuffer& out_;
  bool failed_ = false;
};

// Variables live here, keyed by id, so that JS expressions can name them by number. Ids only grow,
// so appending keeps the list sorted and lookups are binary searches (a hash map cost 3 KB of wasm).
class VarRegistry {
 public:
  void add(const sym::Var& v) {
    if (!vars_.empty() && vars_.back().first >= v.id()) {
      auto it = lower(v.id());
      if (it != vars_.end() && it->first == v.id()) return;
      vars_.insert(it, {v.id(), v});
      return;
    }
    vars_.push_back({v.id(), v});
  }
  const sym::Var* find(int64_t id) const {
    auto it = lower(id);
    return it != vars_.end() && it->first == id ? &it->second : nullptr;
  }
  void erase(int64_t id) {
    auto it = lower(id);
    if (it != vars_.end() && it->first == id) vars_.erase(it);
  }
  size_t size() const { return vars_.size(); }

 private:
  using Entry = std::pair<int64_t, sym::Var>;
  std::vector<Entry>::const_iterator lower(int64_t id) const {
    return std::lower_bound(vars_.begin(), vars_.end(), id,
                            [](const Entry& e, int64_t k) { return e.first < k; });
  }
  std::vector<Entry>::iterator lower(int64_t id) {
    return std::lower_bound(vars_.begin(), vars_.end(), id,
                            [](const Entry& e, int64_t k) { return e.first < k; });
  }
  std::vector<Entry> vars_;
};

VarRegistry& registry();

// The whole request/response protocol: reads the request for `op` from `in`, writes the response
// to `out` (or a string to `str`). Never throws, never aborts on bad input.
Status dispatch(int32_t op, const double* in, size_t in_len, OutBuffer& out, std::string& str);

// The requests of the 'symbolic' family (api_symbolic.cpp): symbolic dims and variables, views
// decoded through View, explainReshape.
Status dispatch_symbolic(int32_t op, Reader& r, Writer& w, std::string& str);
// A dims argument (n, then n integers); api.cpp.
Result<Dims> read_dims(Reader& r);
// Decoding shared by api_symbolic.cpp (general path) and concrete_requests.cpp (concrete views, no
// heap): a view through View (api_symbolic.cpp).
Result<View> read_view(Reader& r, int depth);
// A flat request view (tag 0, constant dims, counts matching the rank) into `v`, created as
// View::create would (`st`: its error); false when the request is anything else (the caller then
// decodes it through read_view).
bool read_layout(Reader& r, Layout& v, Status& st);
// The response encoding of a view (as write_view) for a concrete view.
void write_layout(Writer& w, const Layout& v);
// kViewCreate for a flat view or one movement op on a flat view (`st`: the result's error); false
// hands the request to the general path.
bool fast_view(Reader r, Writer& w, Status& st);
// kViewRequiredSpan for a flat view (`st`: its error); false hands the request to the general path.
bool fast_required_span(Reader r, Writer& w, Status& st);
// kViewSlice: a view, then its slice specs (concrete_requests.cpp).
Status slice_request(Reader& r, Writer& w);
// kKernelRun: one kernel call, its output allocated here or given (see concrete_requests.cpp).
Status kernel_run(Reader& r, Writer& w);
Status kernel_gather(Reader& r, Writer& w);  // concrete_requests.cpp: kKernelGather
// A dtype code (false when invalid) and an operand (ptr length dtype view: a concrete view without
// the heap, a symbolic or derived one through View), bounds checked (concrete_requests.cpp).
bool read_dtype(Reader& r, kernels::DType& dt);
Status read_array(Reader& r, const char* op, array::Array& a);
// kKernelFused: a fused elementwise program (fused_request.cpp, the 'math' family).
Status fused_request(Reader& r, Writer& w);
// kKernelLinalg: a numpy.linalg decomposition or solve (linalg_request.cpp, the 'linalg' family).
Status linalg_request(Reader& r, Writer& w);
// kKernelFft: a numpy.fft transform along one axis (fft_request.cpp, the 'complex' family).
Status fft_request(Reader& r, Writer& w);

// Variable creation carries a string, so it has its own entry point. Returns the id.
Result<int64_t> create_var(const std::string& name, double min, double max);

}  // namespace sv::wire
