"""The NumPy benches' timing harness (bench/numpy_sweep.py, numpy_ops.py, numpy_matmul.py)."""
import time


def per_call(fn, budget_ms, batches, warm_s=0.02):
    """Median microseconds per call: a warm-up of warm_s seconds, then batches of k calls sized
    to take about budget_ms each."""
    end = time.perf_counter() + warm_s
    while True:
        fn()
        if time.perf_counter() >= end:
            break
    k = 1
    while True:
        s = time.perf_counter()
        for _ in range(k):
            fn()
        if (time.perf_counter() - s) * 1000 >= budget_ms / 4 or k >= 1 << 20:
            break
        k *= 2
    k *= 4
    t = []
    for _ in range(batches):
        s = time.perf_counter()
        for _ in range(k):
            fn()
        t.append((time.perf_counter() - s) * 1e6 / k)
    t.sort()
    return t[len(t) // 2]
