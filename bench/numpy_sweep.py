"""NumPy's side of bench/sweep.mjs, in its own process: median microseconds per call of the sweep's
ops on float32 [n, n] arrays. Prints one JSON object {op: {n: us}}. Usage:
/usr/bin/python3 bench/numpy_sweep.py [--quick|--full] n1 n2 ..."""
import json
import sys

import numpy as np
from timing import per_call


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
