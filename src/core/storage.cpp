#include "core/storage.hpp"

#include <cstdint>
#include <cstdlib>

namespace sv {

void* alloc_storage(int64_t bytes) {
  // wasm32: size_t is 32 bits, and rounding up to 16 must not wrap.
  if (bytes < 0 || static_cast<uint64_t>(bytes) > static_cast<uint64_t>(SIZE_MAX - 15)) {
    return nullptr;
  }
  size_t n = (static_cast<size_t>(bytes) + 15) & ~size_t{15};
  if (n == 0) n = 16;
  return std::aligned_alloc(16, n);
}

}  // namespace sv
