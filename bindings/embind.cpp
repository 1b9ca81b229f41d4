// The module's exports: a scratch area for the wire protocol (wire.hpp), element-buffer allocation,
// the last error / string response, symbolic variables. Plain wasm exports only (Module._name):
// no Embind, whose JS glue was about 60% of the Emscripten glue bundled into index.mjs and whose
// type registration cost wasm too. Strings cross as UTF-8 bytes in WASM memory; web/src/runtime.ts
// wraps these raw names (`sv_error()`, `sv_string()`, `sv_create_var(name, ...)`).
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

// Creates a symbolic variable named by `len` UTF-8 bytes at `name`; returns its id, or -code on
// error (message: sv_text_raw(0)).
double sv_create_var(double name, double len, double min, double max) {
  const char* p = reinterpret_cast<const char*>(static_cast<uintptr_t>(name));
  auto r = sv::wire::create_var(std::string(p, static_cast<size_t>(len)), min, max);
  if (!r.ok()) {
    g_err = r.error().message;
    return -static_cast<double>(r.error().code);
  }
  return static_cast<double>(*r);
}

// Element buffers: 16-byte aligned (SIMD128); 0 when out of memory (ABORTING_MALLOC=0).
double sv_alloc(double bytes) {
  if (!(bytes >= 0) || bytes > static_cast<double>(SIZE_MAX - 15)) return 0;
  return to_js_ptr(sv::alloc_storage(static_cast<int64_t>(bytes)));
}
void sv_free(double p) { std::free(reinterpret_cast<void*>(static_cast<uintptr_t>(p))); }

}  // namespace

// The per-op hot path (sv_call_raw, sv_alloc_raw, sv_free_raw) and the rest, all plain exports.
extern "C" {
EMSCRIPTEN_KEEPALIVE int sv_call_raw(int op, double in_len) { return sv_call(op, in_len); }
EMSCRIPTEN_KEEPALIVE double sv_alloc_raw(double bytes) { return sv_alloc(bytes); }
EMSCRIPTEN_KEEPALIVE void sv_free_raw(double p) { sv_free(p); }
EMSCRIPTEN_KEEPALIVE double sv_scratch_raw(double n) { return sv_scratch(n); }
EMSCRIPTEN_KEEPALIVE double sv_scratch_capacity_raw() { return sv_scratch_capacity(); }
// The last error message (which = 0) or string response (which = 1): its UTF-8 bytes' address
// (sv_text_raw) and count (sv_text_len_raw), valid until the next call.
EMSCRIPTEN_KEEPALIVE double sv_text_raw(int which) { return to_js_ptr((which ? g_str : g_err).data()); }
EMSCRIPTEN_KEEPALIVE double sv_text_len_raw(int which) { return static_cast<double>((which ? g_str : g_err).size()); }
EMSCRIPTEN_KEEPALIVE double sv_create_var_raw(double name, double len, double min, double max) {
  return sv_create_var(name, len, min, max);
}
EMSCRIPTEN_KEEPALIVE void sv_drop_var_raw(double id) { sv::wire::registry().erase(static_cast<int64_t>(id)); }
}
