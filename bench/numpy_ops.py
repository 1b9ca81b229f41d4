"""NumPy's side of bench/ops.mjs, in its own process (OPENBLAS_NUM_THREADS=1): median
microseconds per call of the issue-13 ops on float32 [n, n] arrays. Prints one JSON object
{op: {n: us}}. Usage: /usr/bin/python3 bench/numpy_ops.py [--quick|--full] n1 n2 ..."""
import json
import sys

import numpy as np
from timing import per_call


def main():
    quick = "--quick" in sys.argv
    sizes = [int(a) for a in sys.argv[1:] if not a.startswith("--")]
    ops = {
        "floor": lambda a, i: np.floor(a),
        "round": lambda a, i: np.round(a),
        "clip(a, -0.5, 0.5)": lambda a, i: np.clip(a, -0.5, 0.5),
        "isnan": lambda a, i: np.isnan(a),
        "sin": lambda a, i: np.sin(a),
        "tanh": lambda a, i: np.tanh(a),
        "pow(a, 3)": lambda a, i: np.power(a, 3),
        "square": lambda a, i: np.square(a),
        "prod (axis 1)": lambda a, i: np.prod(a, axis=1),
        "any (all)": lambda a, i: np.any(a),
        "variance (axis 0)": lambda a, i: np.var(a, axis=0),
        "variance (axis 1)": lambda a, i: np.var(a, axis=1),
        "std (all)": lambda a, i: np.std(a),
        "argmax (axis 1)": lambda a, i: np.argmax(a, axis=1),
        "argmax (axis 0)": lambda a, i: np.argmax(a, axis=0),
        "cumsum (axis 1)": lambda a, i: np.cumsum(a, axis=1),
        "cumsum (axis 0)": lambda a, i: np.cumsum(a, axis=0),
        "sort (axis 1)": lambda a, i: np.sort(a, axis=1, kind="stable"),
        "argsort (axis 1)": lambda a, i: np.argsort(a, axis=1, kind="stable"),
        "topk(a, 5) (axis 1)": lambda a, i: np.argpartition(-a, 5, axis=1),
        "take (rows, axis 0)": lambda a, i: np.take(a, i, axis=0),
        "a.slice(mask) (a > 0)": lambda a, i: a[a > 0],
    }
    res = {}
    for n in sizes:
        a = np.sin(np.arange(n * n, dtype=np.float32)).reshape(n, n)
        idx = np.arange(n - 1, -1, -1, dtype=np.int32)
        budget = 80 if n >= 1024 else 20
        batches = 5 if n >= 1024 or quick else 9
        for name, f in ops.items():
            res.setdefault(name, {})[str(n)] = per_call(lambda: f(a, idx), budget, batches)
    json.dump(res, sys.stdout)


main()
