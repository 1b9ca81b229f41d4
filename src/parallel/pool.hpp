// A persistent thread pool for the kernels: the calling thread and the pool's workers take tasks
// [0, n) of one job from a shared counter; the call returns when every task has run. Workers spin
// briefly after a job (the next one usually follows within microseconds) and then sleep.
//
// Builds without threads (the single-threaded wasm modules: em++ without -pthread) compile the same
// interface with every job run inline on the calling thread. Native builds and the threaded wasm
// build (-pthread) have the pool; it starts with 1 thread (no workers) until set_threads.
//
// Determinism is the callers' business: a job's tasks must not depend on the thread count for
// anything that changes results (reductions split into fixed blocks, see kernels/reduce.cpp).
#pragma once

#include <cstdint>

namespace sv::parallel {

// Below this many elements of work a call stays on the calling thread. Measured (TOOLCHAIN.md,
// "Threads"): handing a job to spinning workers costs 0.4-1.2 us, about what a SIMD128 loop spends
// on 2-4K float32 elements; 64K elements (tens of us) keep the dispatch cost under a few percent,
// and a sleeping pool's wake-up (42-56 us) under about half of such a job.
inline constexpr int64_t kMinWork = int64_t{1} << 16;

// The most threads set_threads accepts (the package caps 'auto' lower).
inline constexpr int kMaxThreads = 64;

// True in builds that have the pool (native, wasm with -pthread).
bool available();

// Threads a job may use (the caller included): 1 until set_threads, always 1 without the pool.
int threads();

// Sets the thread count (clamped to [1, kMaxThreads]; 1 without the pool), starting or stopping
// workers. Returns the count in effect. Not to be called while a job runs.
int set_threads(int n);

// Runs fn(ctx, t) for every t in [0, tasks), on the pool and the calling thread, and returns when
// all have run. Inline (in task order) when the pool has one thread, tasks <= 1, or when called
// from inside a task (nested jobs do not wait on each other).
void run(int64_t tasks, void (*fn)(void* ctx, int64_t task), void* ctx);

template <class F>
void run_tasks(int64_t tasks, F&& f) {
  run(
      tasks, [](void* c, int64_t t) { (*static_cast<F*>(c))(t); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

// How many tasks to cut `work` elements of independent work into: 1 below kMinWork or with one
// thread, else a few per thread (uneven tasks still balance) and none under kMinWork / 4 elements.
int64_t tasks_for(int64_t work);

// f(task, idx) for every index of the dims of `shape` other than `axis` (idx[axis] == 0; rank r at
// most 64): the lines of an axis, cut into tasks_for(lines * line_work) tasks of consecutive lines
// in C order. `task` lets f use per-task workspace; lines are independent.
int64_t line_tasks(int r, const int64_t* shape, int axis, int64_t line_work);

template <class F>
void for_each_line(int r, const int64_t* shape, int axis, int64_t tasks, F&& f) {
  int64_t lines = 1;
  for (int d = 0; d < r; ++d) {
    if (d != axis) lines *= shape[d];
  }
  if (lines == 0) return;
  if (tasks > lines) tasks = lines;
  run_tasks(tasks, [&](int64_t t) {
    const int64_t l0 = t * lines / tasks, l1 = (t + 1) * lines / tasks;
    int64_t idx[64] = {};
    int64_t rem = l0;
    for (int d = r - 1; d >= 0; --d) {
      if (d == axis) continue;
      idx[d] = rem % shape[d];
      rem /= shape[d];
    }
    for (int64_t l = l0; l < l1; ++l) {
      f(t, static_cast<const int64_t*>(idx));
      for (int d = r - 1; d >= 0; --d) {
        if (d == axis) continue;
        if (++idx[d] < shape[d]) break;
        idx[d] = 0;
      }
    }
  });
}

}  // namespace sv::parallel
