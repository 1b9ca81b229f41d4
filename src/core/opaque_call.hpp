// sv::opaque<&f>(): the function f, read from a pointer the optimizer cannot see through.
//
// The shipped SIMD build is split into the core module and the families module after the link
// (scripts/split-wasm.mjs): a family's functions move out unless the core's own code includes them.
// binaryen's -Oz inlines a function that has a single caller into that caller, so the core's one
// call to a family's entry point (kernels::math_unary from the kernel dispatcher, say) would pull
// the entry, and everything inlined into it, into the core. A call through a volatile pointer is an
// indirect call that no optimizer inlines, and costs one load per call: the core calls every
// family entry point this way.
#pragma once

namespace sv {

template <auto F>
inline decltype(F) opaque() {
  static decltype(F) const volatile p = F;
  return p;
}

}  // namespace sv
