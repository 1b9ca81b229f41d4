"""NumPy's side of bench/matmul.mjs, in its own process: matmul throughput (median ms per call of
a @ b and a @ b.T on [n, n] arrays, float32 and float64) and the per-call cost of small products.
The BLAS thread count comes from the environment (OPENBLAS_NUM_THREADS / OMP_NUM_THREADS, set by
the caller); which BLAS library NumPy actually loaded is read from /proc/self/maps, so the report
says whether the figures are OpenBLAS, MKL or the reference BLAS. Prints one JSON object.
Usage: /usr/bin/python3 bench/numpy_matmul.py [--quick] --big 64,256,1024 --small 8,16"""
import json
import os
import sys
import time

import numpy as np
from timing import per_call


def arg(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def sizes(s):
    return [int(x) for x in s.split(",") if x]


def data(n, dtype, seed):
    # The same values as bench/matmul.mjs's fill(): ((i * 7919 + seed * 104729) % 2001) / 1000 - 1.
    i = np.arange(n * n, dtype=np.int64)
    return (((i * 7919 + seed * 104729) % 2001) / 1000 - 1).astype(dtype).reshape(n, n)


def per_call_us(fn, budget_ms, batches):
    """Median microseconds per call over batches of k calls, each about budget_ms long."""
    return per_call(fn, budget_ms, batches, warm_s=0.05)


def median_ms(fn, budget_ms, min_reps):
    """Median of single-call times: one warm-up call, then at least min_reps calls and as many as
    fit in budget_ms (at most 200)."""
    fn()
    t = []
    start = time.perf_counter()
    while len(t) < min_reps or ((time.perf_counter() - start) * 1000 < budget_ms and len(t) < 200):
        s = time.perf_counter()
        fn()
        t.append((time.perf_counter() - s) * 1000)
    t.sort()
    return t[len(t) // 2]


def blas_library():
    """The BLAS shared object(s) mapped into this process (after numpy has been used)."""
    libs = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                p = line.split()[-1] if len(line.split()) >= 6 else ""
                name = os.path.basename(p)
                if any(s in name for s in ("blas", "mkl", "blis", "atlas")):
                    libs.add(os.path.realpath(p))
    except OSError:
        pass
    return sorted(libs)


def main():
    quick = "--quick" in sys.argv
    big = sizes(arg("--big", "64,256,1024"))
    small = sizes(arg("--small", "8,16"))
    out = {"numpy": np.__version__, "gflops_ms": {}, "small_us": {}}
    for dt in ("float32", "float64"):
        out["gflops_ms"][dt] = {}
        for n in big:
            a, b = data(n, dt, 1), data(n, dt, 2)
            bt = b.T  # a strided view, as strideview's b.transpose()
            budget = (300 if n >= 1024 else 200) if not quick else 80
            min_reps = 3 if n >= 1024 else 7
            out["gflops_ms"][dt][str(n)] = {
                "plain": median_ms(lambda: a @ b, budget, min_reps),
                "bt": median_ms(lambda: a @ bt, budget, min_reps),
            }
        out["small_us"][dt] = {}
        for n in small:
            a, b = data(n, dt, 1), data(n, dt, 2)
            out["small_us"][dt][str(n)] = per_call_us(lambda: a @ b, 8 if quick else 25, 5 if quick else 9)
    out["blas"] = blas_library()
    out["threads_env"] = {k: os.environ[k] for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS") if k in os.environ}
    out["cpus"] = os.cpu_count()
    print(json.dumps(out))


main()
