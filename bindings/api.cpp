// Request dispatch for the wire protocol (see wire.hpp): routes each request to its decoder. The
// core's requests are decoded here (the Shape ops on concrete dims) and in concrete_requests.cpp
// (views, slices, kernel calls and gathers on concrete views); everything else (symbolic dims and
// variables, views decoded through View, explainReshape) in api_symbolic.cpp, the 'symbolic'
// family, which the shipped SIMD build keeps in its families module (scripts/split-wasm.mjs). No
// Emscripten header: this file builds natively as well.
#include <algorithm>

#include "core/opaque_call.hpp"
#include "shape/shape.hpp"
#include "wire.hpp"

namespace sv::wire {

Result<Dims> read_dims(Reader& r) {
  SV_TRY(int64_t n, r.count(int64_t{1} << 40));
  Dims d;
  d.reserve(static_cast<size_t>(std::min<int64_t>(n, 4096)));
  for (int64_t i = 0; i < n; ++i) {
    SV_TRY(int64_t v, r.i64());
    d.push_back(v);
  }
  return d;
}

namespace {

// A Shape op over concrete dims: one dims argument (numel, C strides) or two (the rest), its
// result written back.
Status dims_request(int32_t op, Reader& r, Writer& w) {
  SV_TRY(Dims a, read_dims(r));
  if (op == kShapeNumel || op == kShapeCStrides) {
    if (op == kShapeNumel) {
      SV_TRY(int64_t n, shape::numel(a));
      w.i64(n);
    } else {
      SV_TRY(Dims st, shape::c_contiguous_strides(a));
      w.dims(st);
    }
    return ok_status();
  }
  SV_TRY(Dims b, read_dims(r));
  if (op == kShapeRavel) {
    SV_TRY(int64_t k, shape::ravel_index(a, b));
    w.i64(k);
    return ok_status();
  }
  SV_TRY(Dims res, op == kShapeResolveNegOne ? shape::resolve_neg_one(a, b) : shape::broadcast_index(a, b));
  w.dims(res);
  return ok_status();
}

// The Shape ops (op codes kShapeNumel .. kShapeToString).
constexpr bool is_shape_op(int32_t op) { return op >= kShapeNumel && op <= kShapeToString; }
static_assert(kShapeToString - kShapeNumel == 7, "the Shape ops are no longer one run of op codes");

[[gnu::noinline]] Status shape_op(int32_t op, Reader& r, Writer& w, std::string& str) {
  switch (op) {
    case kShapeNumel:
    case kShapeCStrides:
    case kShapeRavel:
    case kShapeResolveNegOne:
    case kShapeBroadcastIndex: return dims_request(op, r, w);
    case kShapeUnravel: {
      SV_TRY(int64_t k, r.i64());
      SV_TRY(Dims s, read_dims(r));
      SV_TRY(Dims idx, shape::unravel_index(k, s));
      w.dims(idx);
      return ok_status();
    }
    case kShapeBroadcast: {
      SV_TRY(int64_t n, r.count(1024));
      std::vector<Dims> shapes;
      for (int64_t i = 0; i < n; ++i) {
        SV_TRY(Dims s, read_dims(r));
        shapes.push_back(std::move(s));
      }
      SV_TRY(Dims out, shape::broadcast_shapes(shapes));
      w.dims(out);
      return ok_status();
    }
    case kShapeToString: {
      SV_TRY(Dims s, read_dims(r));
      str = shape::to_string(s);
      return ok_status();
    }
    default: return malformed("unknown op");
  }
}

}  // namespace

Status dispatch(int32_t op, const double* in, size_t in_len, OutBuffer& out, std::string& str) {
  Reader r(in, in_len);
  Writer w(out);
  // The per-op requests on concrete views go straight to their decoders (kernel calls first: the
  // most frequent), past the larger routes.
  Status st = ok_status();
  if (op == kKernelRun) {
    st = kernel_run(r, w);
  } else if (op == kViewSlice) {
    st = slice_request(r, w);
  } else if (op == kViewCreate && fast_view(r, w, st)) {
    // done
  } else if (op == kKernelGather) {
    st = kernel_gather(r, w);
  } else if (op == kViewRequiredSpan && fast_required_span(r, w, st)) {
    // done
  } else if (op == kKernelFused) {
    st = opaque<&fused_request>()(r, w);  // the 'math' family
  } else if (op == kKernelLinalg) {
    st = opaque<&linalg_request>()(r, w);  // the 'linalg' family
  } else if (op == kKernelFft) {
    st = opaque<&fft_request>()(r, w);  // the 'complex' family
  } else if (is_shape_op(op)) {
    st = shape_op(op, r, w, str);
  } else {
    st = opaque<&dispatch_symbolic>()(op, r, w, str);  // the 'symbolic' family (core/opaque_call.hpp)
  }
  if (st.ok() && !w.ok()) {
    return make_error(Code::out_of_memory, "binding: out of memory for the response");
  }
  return st;
}

}  // namespace sv::wire
