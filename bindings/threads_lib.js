// Linked into the threaded module only (--js-library, CMakeLists.txt): called by the kernels'
// pool (src/parallel/pool.cpp) on the thread that ran a parallel job when the memory grew during
// it, i.e. possibly on a pool thread, whose growth the glue refreshes only in that thread's own
// views. Rebuilds the calling thread's views, Module.HEAPU8 (read by the package) among them.
mergeInto(LibraryManager.library, {
  sv_parallel_memory_grew: function () {
    updateGlobalBufferAndViews(wasmMemory.buffer);
  },
});
