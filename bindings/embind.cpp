// The only Emscripten-aware file: a scratch area for the wire protocol (wire.hpp), element-buffer
// allocation, and a handful of functions registered with Embind. Converts and forwards; the
// TypeScript layer (web/src/runtime.ts) wraps these raw names.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/opaque_call.hpp"
#include "core/storage.hpp"
#include "wire.hpp"

namespace {

double* g_scratch = nullptr;
size_t g_cap = 0;  // in doubles
sv::wire::OutBuffer g_out;
std::string g_str;
std::string g_err;

bool reserve(size_t n) {
  if (n <= g_cap && g_scratch) return true;
  size_t cap = g_cap ? g_cap : 4096;
  while (cap < n) cap *= 2;
  void* p = std::realloc(g_scratch, cap * sizeof(double));
  if (!p) return false;
  g_scratch = static_cast<double*>(p);
  g_cap = cap;
  return true;
}

double to_js_ptr(const void* p) { return static_cast<double>(reinterpret_cast<uintptr_t>(p)); }

// Pointer to a scratch area of at least n doubles; 0 when the allocation fails.
double sv_scratch(double n) {
  if (!(n >= 0) || !reserve(static_cast<size_t>(n))) return 0;
  return to_js_ptr(g_scratch);
}
double sv_scratch_capacity() { return static_cast<double>(g_cap); }

// The response into the scratch area: most are a few dozen numbers, for which libc's memcpy (the
// size-optimised one) was a call and 2-9% of a small op; a loop the compiler may not turn back
// into that call.
__attribute__((no_builtin("memcpy"))) void copy_response(double* to, const double* from, size_t n) {
  if (n > 256) {
    std::memcpy(to, from, n * sizeof(double));
    return;
  }
  for (size_t i = 0; i < n; ++i) to[i] = from[i];
}

// Runs one request read from scratch[0, in_len). Returns 0 on success, the error's Code otherwise
// (message in sv_error()); bit 8 set when the scratch area moved to fit the response.
int sv_call(int op, double in_len) {
  g_str.clear();
  const size_t n = static_cast<size_t>(in_len);
  if (n > g_cap) {
    g_err = "binding: request longer than the scratch area";
    return static_cast<int>(sv::Code::invalid_argument);
  }
  sv::Status st = sv::wire::dispatch(op, g_scratch, n, g_out, g_str);
  if (!st.ok()) {
    g_err = st.error().message;
    return static_cast<int>(st.error().code);
  }
  int flags = 0;
  if (g_out.size() > g_cap) {
    if (!reserve(g_out.size())) {
      g_err = "binding: out of memory for the response";
      return static_cast<int>(sv::Code::out_of_memory);
    }
    flags = sv::wire::kCallScratchMoved;
  }
  copy_response(g_scratch, g_out.data(), g_out.size());
  return flags;
}

std::string sv_error() { return g_err; }
std::string sv_string() { return g_str; }

// Creates a symbolic variable; returns its id, or -code on error (message in sv_error()).
double sv_create_var(std::string name, double min, double max) {
  auto r = sv::opaque<&sv::wire::create_var>()(name, min, max);  // the symbolic family
  if (!r.ok()) {
    g_err = r.error().message;
    return -static_cast<double>(r.error().code);
  }
  return static_cast<double>(*r);
}
void sv_drop_var(double id) { sv::opaque<&sv::wire::registry>()().erase(static_cast<int64_t>(id)); }

// Element buffers: 16-byte aligned (SIMD128); 0 when out of memory (ABORTING_MALLOC=0).
double sv_alloc(double bytes) {
  if (!(bytes >= 0) || bytes > static_cast<double>(SIZE_MAX - 15)) return 0;
  return to_js_ptr(sv::alloc_storage(static_cast<int64_t>(bytes)));
}
void sv_free(double p) { std::free(reinterpret_cast<void*>(static_cast<uintptr_t>(p))); }

}  // namespace

// sv_call as a plain wasm export (Module._sv_call_raw): the per-op hot path. Embind's invoker
// without dynamic execution (-sDYNAMIC_EXECUTION=0) costs more than a metadata op itself.
// sv_alloc / sv_free likewise (every array's allocation and dispose()). These three are plain
// exports only; the rest goes through Embind.
extern "C" EMSCRIPTEN_KEEPALIVE int sv_call_raw(int op, double in_len) { return sv_call(op, in_len); }
extern "C" EMSCRIPTEN_KEEPALIVE double sv_alloc_raw(double bytes) { return sv_alloc(bytes); }
extern "C" EMSCRIPTEN_KEEPALIVE void sv_free_raw(double p) { sv_free(p); }

EMSCRIPTEN_BINDINGS(strideview) {
  emscripten::function("sv_scratch", &sv_scratch);
  emscripten::function("sv_scratch_capacity", &sv_scratch_capacity);
  emscripten::function("sv_error", &sv_error);
  emscripten::function("sv_string", &sv_string);
  emscripten::function("sv_create_var", &sv_create_var);
  emscripten::function("sv_drop_var", &sv_drop_var);
}
