// The pool behind parallel::run (pool.hpp). One job at a time: its tasks are claimed from one
// 64-bit word holding (generation, task count, next task), so a worker still finishing the previous
// generation can never claim a task of the next one (its compare-exchange sees the new
// generation and fails).
#include "parallel/pool.hpp"

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define SV_POOL 1
#else
#define SV_POOL 0
#endif

#if SV_POOL
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

#if defined(__EMSCRIPTEN_PTHREADS__)
// The threaded wasm module's JS library (bindings/threads_lib.js): rebuilds the calling thread's
// views of the memory (Module.HEAPU8 and the glue's own) after a pool thread grew it.
extern "C" void sv_parallel_memory_grew(void);
#endif

namespace sv::parallel {

int64_t tasks_for(int64_t work) {
  const int n = threads();
  if (n <= 1 || work < kMinWork) return 1;
  int64_t t = static_cast<int64_t>(n) * 4;
  const int64_t most = work / (kMinWork / 4);
  if (t > most) t = most;
  return t < 1 ? 1 : t;
}

int64_t line_tasks(int r, const int64_t* shape, int axis, int64_t line_work) {
  int64_t lines = 1;
  for (int d = 0; d < r; ++d) {
    if (d != axis) lines *= shape[d];
  }
  const int64_t t = tasks_for(lines * (line_work < 1 ? 1 : line_work));
  return t < lines ? t : (lines < 1 ? 1 : lines);
}

#if !SV_POOL

bool available() { return false; }
int threads() { return 1; }
int set_threads(int) { return 1; }
void run(int64_t tasks, void (*fn)(void*, int64_t), void* ctx) {
  for (int64_t t = 0; t < tasks; ++t) fn(ctx, t);
}

#else

namespace {

// Spin iterations of an idle worker before it sleeps: tens of microseconds natively and in V8.
constexpr int kSpin = 1 << 15;
constexpr uint64_t kTaskBits = 16;  // tasks per job < 2^16
constexpr uint64_t kTaskMask = (uint64_t{1} << kTaskBits) - 1;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

thread_local bool t_in_task = false;

void inline_run(int64_t tasks, void (*fn)(void*, int64_t), void* ctx) {
  for (int64_t t = 0; t < tasks; ++t) fn(ctx, t);
}

class Pool {
 public:
  ~Pool() { resize(1); }

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  void resize(int n) {
    if (n == size()) return;
    stop_workers();
    for (int i = 1; i < n; ++i) workers_.emplace_back([this] { work_loop(); });
  }

  void run(int64_t tasks, void (*fn)(void*, int64_t), void* ctx) {
    std::unique_lock<std::mutex> guard(dispatch_, std::try_to_lock);
    if (!guard.owns_lock()) {  // another thread's job is running: do this one inline
      inline_run(tasks, fn, ctx);
      return;
    }
#if defined(__EMSCRIPTEN_PTHREADS__)
    const size_t pages = __builtin_wasm_memory_size(0);
#endif
    fn_ = fn;
    ctx_ = ctx;
    done_.store(0, std::memory_order_relaxed);
    const uint64_t gen = (state_.load(std::memory_order_relaxed) >> (2 * kTaskBits)) + 1;
    state_.store((gen << (2 * kTaskBits)) | (static_cast<uint64_t>(tasks) << kTaskBits),
                 std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) {
      std::lock_guard<std::mutex> lk(sleep_m_);
      sleep_cv_.notify_all();
    }
    take_tasks(gen);
    while (done_.load(std::memory_order_acquire) < tasks) cpu_relax();
#if defined(__EMSCRIPTEN_PTHREADS__)
    // Memory grown on a pool thread leaves this thread's JS views on the old, shorter buffer
    // (growth on this thread refreshes them in the glue). Pool threads run code only inside a
    // job, so checking here, once per parallel job, lets the package keep plain views with no
    // check per access (small ops never get here).
    if (__builtin_wasm_memory_size(0) != pages) sv_parallel_memory_grew();
#endif
  }

 private:
  // Claims and runs tasks of generation gen until none is left (or a newer generation started).
  void take_tasks(uint64_t gen) {
    uint64_t s = state_.load(std::memory_order_acquire);
    for (;;) {
      if ((s >> (2 * kTaskBits)) != gen) return;
      const uint64_t next = s & kTaskMask, total = (s >> kTaskBits) & kTaskMask;
      if (next >= total) return;
      if (!state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel,
                                        std::memory_order_acquire)) {
        continue;
      }
      t_in_task = true;
      fn_(ctx_, static_cast<int64_t>(next));
      t_in_task = false;
      done_.fetch_add(1, std::memory_order_release);
      s = state_.load(std::memory_order_acquire);
    }
  }

  void work_loop() {
    uint64_t seen = state_.load(std::memory_order_acquire) >> (2 * kTaskBits);
    for (;;) {
      uint64_t gen = 0;
      for (int i = 0;; ++i) {
        gen = state_.load(std::memory_order_acquire) >> (2 * kTaskBits);
        if (gen != seen || stop_.load(std::memory_order_relaxed)) break;
        if (i < kSpin) {
          cpu_relax();
          continue;
        }
        std::unique_lock<std::mutex> lk(sleep_m_);
        sleepers_.fetch_add(1, std::memory_order_seq_cst);
        sleep_cv_.wait(lk, [&] {
          return (state_.load(std::memory_order_seq_cst) >> (2 * kTaskBits)) != seen ||
                 stop_.load(std::memory_order_relaxed);
        });
        sleepers_.fetch_sub(1, std::memory_order_relaxed);
        i = 0;
      }
      if (stop_.load(std::memory_order_relaxed)) return;
      seen = gen;
      take_tasks(gen);
    }
  }

  void stop_workers() {
    if (workers_.empty()) return;
    {
      std::lock_guard<std::mutex> lk(sleep_m_);
      stop_.store(true, std::memory_order_seq_cst);
      sleep_cv_.notify_all();
    }
    for (auto& w : workers_) w.join();
    workers_.clear();
    stop_.store(false, std::memory_order_relaxed);
  }

  std::vector<std::thread> workers_;
  std::mutex dispatch_;
  std::atomic<uint64_t> state_{0};  // generation << 32 | tasks << 16 | next task
  std::atomic<int64_t> done_{0};
  void (*fn_)(void*, int64_t) = nullptr;
  void* ctx_ = nullptr;
  std::atomic<int> sleepers_{0};
  std::atomic<bool> stop_{false};
  std::mutex sleep_m_;
  std::condition_variable sleep_cv_;
};

Pool& pool() {
  static Pool p;
  return p;
}

std::atomic<int> g_threads{1};

}  // namespace

bool available() { return true; }

int threads() { return g_threads.load(std::memory_order_relaxed); }

int set_threads(int n) {
  if (n < 1) n = 1;
  if (n > kMaxThreads) n = kMaxThreads;
  pool().resize(n);
  g_threads.store(n, std::memory_order_relaxed);
  return n;
}

void run(int64_t tasks, void (*fn)(void*, int64_t), void* ctx) {
  if (tasks <= 1 || t_in_task || g_threads.load(std::memory_order_relaxed) <= 1 ||
      tasks > static_cast<int64_t>(kTaskMask)) {
    inline_run(tasks, fn, ctx);
    return;
  }
  pool().run(tasks, fn, ctx);
}

#endif

}  // namespace sv::parallel

// The thread count as the threaded wasm module's glue calls it (a plain export, listed in the
// threaded target's EXPORTED_FUNCTIONS): returns the count in effect.
extern "C" __attribute__((used, visibility("default"))) int sv_parallel_set_threads(int n) {
  return sv::parallel::set_threads(n);
}
