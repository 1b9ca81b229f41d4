"""NumPy's side of bench/sweep.mjs, in its own process: median microseconds per call of the sweep's
ops on float32 [n, n] arrays. Prints one JSON object {op: {n: us}}. Usage:
/usr/bin/python3 bench/numpy_sweep.py [--quick|--full] n1 n2 ..."""
import json
import sys
import time

import numpy as np


def per_call(fn, budget, batches):
    for _ in range(20):
        fn()
    k = 1
    while True:
        s = time.perf_counter()
        for _ in range(k):
            fn()
        if (time.perf_counter() - s) * 1000 >= budget / 4 or k >= 1 << 20:
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


def main():
    quick = "--quick" in sys.argv
    sizes = [int(a) for a in sys.argv[1:] if not a.startswith("--")]
    ops = {
        "add": lambda a, b: np.add(a, b),
        "sum": lambda a, b: np.sum(a),
        "transpose copy": lambda a, b: np.ascontiguousarray(a.T),
        "flip copy": lambda a, b: np.ascontiguousarray(a[:, ::-1]),
        "astype f32->f64": lambda a, b: a.astype(np.float64),
    }
    out = {}
    for name, op in ops.items():
        out[name] = {}
        for n in sizes:
            a = np.arange(n * n, dtype=np.float32).reshape(n, n)
            b = np.arange(n * n, dtype=np.float32).reshape(n, n)
            budget = 60 if n >= 1024 else (8 if quick else 25)
            out[name][str(n)] = per_call(lambda: op(a, b), budget, 5 if (quick or n >= 1024) else 9)
    out["numpy"] = np.__version__
    print(json.dumps(out))


main()
