"""NumPy's side of bench/linalg.mjs, in its own process: median ms per call of solve, inv, det,
svd (singular values and the full decomposition), eigh, eig and qr (at n >= 1024: solve, inv, det,
svd and eigh) on [n, n] float64 and float32
matrices built from the same formula as bench/linalg.mjs (diagonally dominant, so every solve is
well posed). The BLAS/LAPACK thread count comes from the environment; the library NumPy loaded is
read from /proc/self/maps. Prints one JSON object.
Usage: /usr/bin/python3 bench/numpy_linalg.py --sizes 64,256,1024 [--quick]"""
import json
import sys
import time

import numpy as np


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def data(n, dtype):
    # bench/linalg.mjs's fill(): ((i * 7919) % 2001) / 1000 - 1, plus n on the diagonal
    i = np.arange(n * n, dtype=np.int64)
    a = (((i * 7919) % 2001) / 1000 - 1).reshape(n, n)
    a += n * np.eye(n)
    return a.astype(dtype)


def median_ms(fn, budget_ms, min_reps):
    fn()
    t = []
    end = time.perf_counter() + budget_ms / 1000
    while len(t) < min_reps or (time.perf_counter() < end and len(t) < 200):
        s = time.perf_counter()
        fn()
        t.append((time.perf_counter() - s) * 1000)
    t.sort()
    return t[len(t) // 2]


def lib():
    try:
        with open("/proc/self/maps") as f:
            names = sorted({l.split()[-1].split("/")[-1] for l in f if "blas" in l or "lapack" in l})
        return names
    except OSError:
        return []


quick = "--quick" in sys.argv
sizes = [int(x) for x in arg("--sizes", "64,256,1024").split(",") if x]
out = {"numpy": np.__version__, "libs": [], "ms": {}}
for dt in ["float64", "float32"]:
    for n in sizes:
        a = data(n, dt)
        b = np.ones(n, dtype=dt)
        sym = (a + a.T).astype(dt)
        budget = 300 if quick else 1500
        reps = 2 if n >= 1024 else 5
        ops = {
            "solve": lambda: np.linalg.solve(a, b),
            "inv": lambda: np.linalg.inv(a),
            "det": lambda: np.linalg.det(a),
            "svdvals": lambda: np.linalg.svd(a, compute_uv=False),
            "svd": lambda: np.linalg.svd(a),
            "eigh": lambda: np.linalg.eigh(sym),
            "eig": lambda: np.linalg.eig(a),
            "eigvals": lambda: np.linalg.eigvals(a),
            "qr": lambda: np.linalg.qr(a),
        }
        for name, fn in ops.items():
            # at n >= 1024: the ops bench/linalg.mjs times there
            if n >= 1024 and name not in ("solve", "inv", "det", "svd", "eigh"):
                continue
            if quick and n >= 1024 and name in ("svd", "eigh"):
                continue
            out["ms"][f"{name} {dt} {n}"] = median_ms(fn, budget, reps)
out["libs"] = lib()
print(json.dumps(out))
