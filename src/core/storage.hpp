// Element storage: every array buffer (the package's allocations and kernel results) comes from
// here, so that SIMD128 loads of it are 16-byte aligned.
#pragma once

#include <cstdint>

namespace sv {

// `bytes` rounded up to a multiple of 16 (at least 16), 16-byte aligned; null when out of memory
// or when `bytes` is negative or does not fit a size_t. Free with std::free.
void* alloc_storage(int64_t bytes);

}  // namespace sv
