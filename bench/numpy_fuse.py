"""NumPy's side of bench/fuse.mjs, in its own process (OPENBLAS_NUM_THREADS=1): median
microseconds per call of the chains bench/fuse.mjs fuses, written as NumPy code is written (one
temporary per op), on float32 arrays. Prints one JSON object {case: {n: us}}.

Cases (x: float32 [n, n]; m, s, g, b: float32 [1, n], s nonzero; y: float32 [n, n]):
  norm           (x - m) / s * g + b                       for every n given
  norm_inplace   the same into one preallocated buffer with out= (NumPy's best without fusion), every n
  norm_T         (x.T - m) / s * g + b, x a C array (x.T is a transposed view), the largest n
  chain6         (((x + 1) * y - 2) * y + x) * 0.5           at n = 8
  add            x + y                                      at n = 8
  gauss          exp(-(x * x)) * 0.5                       at n = 1024 and the largest n
  sse            np.sum(np.square(x - m))                   for every n given
  colmean        np.mean((x - m) * s, axis=0)              for every n given
Usage: /usr/bin/python3 bench/numpy_fuse.py [--quick|--full] n1 n2 ..."""
import json
import statistics
import sys
import time

import numpy as np
from timing import per_call


def median_single(fn, reps):
    """Median microseconds of single calls (large arrays: one call is milliseconds), after two."""
    fn()
    fn()
    t = []
    for _ in range(reps):
        s = time.perf_counter()
        fn()
        t.append((time.perf_counter() - s) * 1e6)
    return statistics.median(t)


def inputs(n):
    x = np.sin(np.arange(n * n, dtype=np.float32)).reshape(n, n)
    col = np.arange(n, dtype=np.float32).reshape(1, n)
    m = (col * np.float32(1e-3)).astype(np.float32)
    s = (np.float32(1) + col / np.float32(n)).astype(np.float32)  # in [1, 2): nonzero
    g = (np.float32(0.5) + col / np.float32(2 * n)).astype(np.float32)
    b = (col * np.float32(-1e-3)).astype(np.float32)
    y = (x + np.float32(1)).astype(np.float32)
    return x, m, s, g, b, y


def main():
    quick = "--quick" in sys.argv
    sizes = [int(a) for a in sys.argv[1:] if not a.startswith("--")]
    big = max(sizes)
    reps = 5 if quick else 9

    def timed(fn, n):
        if n >= 1024:
            return median_single(fn, reps)
        return per_call(fn, 20, 5 if quick else 9)

    res = {}
    for n in sizes:
        x, m, s, g, b, y = inputs(n)
        t = np.empty_like(x)

        def inplace():
            np.subtract(x, m, out=t)
            np.divide(t, s, out=t)
            np.multiply(t, g, out=t)
            np.add(t, b, out=t)

        res.setdefault("norm", {})[str(n)] = timed(lambda: (x - m) / s * g + b, n)
        res.setdefault("norm_inplace", {})[str(n)] = timed(inplace, n)
        if n == big:
            xt = x.T
            res.setdefault("norm_T", {})[str(n)] = timed(lambda: (xt - m) / s * g + b, n)
        if n == 8:
            res.setdefault("chain6", {})[str(n)] = timed(lambda: (((x + 1) * y - 2) * y + x) * 0.5, n)
            res.setdefault("add", {})[str(n)] = timed(lambda: x + y, n)
        if n == 1024 or n == big:
            res.setdefault("gauss", {})[str(n)] = timed(lambda: np.exp(-(x * x)) * 0.5, n)
        res.setdefault("sse", {})[str(n)] = timed(lambda: np.sum(np.square(x - m)), n)
        res.setdefault("colmean", {})[str(n)] = timed(lambda: np.mean((x - m) * s, axis=0), n)
    res["numpy"] = np.__version__
    json.dump(res, sys.stdout)


main()
