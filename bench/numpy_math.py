"""NumPy's side of bench/math.mjs, in its own process: median milliseconds per call of each math
op on float32 / float64 arrays of 1M elements and [64,64], with the same input values as the JS
side (the same generator). Prints JSON {op: {dtype: {shape: ms}}}.
Usage: /usr/bin/python3 bench/numpy_math.py [--quick|--full] '<json list of {name, lo, hi}>'"""
import json
import sys

import numpy as np
from timing import per_call


def values(n, lo, hi, dtype, seed):
    """The JS side's generator: a 32-bit LCG, u in [0, 1), log-spaced when the domain is positive
    and spans more than two decades."""
    s = np.empty(n, dtype=np.uint64)
    x = seed & 0xFFFFFFFF
    for i in range(n):  # the LCG is sequential; 1M steps take about a second
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        s[i] = x
    u = s.astype(np.float64) / 4294967296.0
    if lo > 0 and hi / lo > 100:
        v = lo * np.power(hi / lo, u)
    else:
        v = lo + (hi - lo) * u
    return v.astype(dtype)


OPS = {
    "exp": lambda a, b: np.exp(a),
    "exp2": lambda a, b: np.exp2(a),
    "expm1": lambda a, b: np.expm1(a),
    "log": lambda a, b: np.log(a),
    "log2": lambda a, b: np.log2(a),
    "log10": lambda a, b: np.log10(a),
    "log1p": lambda a, b: np.log1p(a),
    "sin": lambda a, b: np.sin(a),
    "cos": lambda a, b: np.cos(a),
    "tan": lambda a, b: np.tan(a),
    "tanh": lambda a, b: np.tanh(a),
    "pow(a, 3)": lambda a, b: np.power(a, 3),
    "pow(a, 0.5)": lambda a, b: np.power(a, 0.5),
    "pow(a, 2.5)": lambda a, b: np.power(a, 2.5),
    "pow(a, b)": lambda a, b: np.power(a, b),
    "sqrt": lambda a, b: np.sqrt(a),
    "sinh": lambda a, b: np.sinh(a),
    "cosh": lambda a, b: np.cosh(a),
    "arcsin": lambda a, b: np.arcsin(a),
    "arccos": lambda a, b: np.arccos(a),
    "arctan": lambda a, b: np.arctan(a),
    "arcsinh": lambda a, b: np.arcsinh(a),
    "arccosh": lambda a, b: np.arccosh(a),
    "arctanh": lambda a, b: np.arctanh(a),
    "arctan2(a, b)": lambda a, b: np.arctan2(a, b),
    "hypot(a, b)": lambda a, b: np.hypot(a, b),
}


def main():
    quick = "--quick" in sys.argv
    spec = json.loads([a for a in sys.argv[1:] if not a.startswith("--")][0])
    res = {}
    cache = {}
    for shape in [(1 << 20,), (64, 64)]:
        n = int(np.prod(shape))
        key = "x".join(str(d) for d in shape)
        for op in spec:
            f = OPS.get(op["name"])
            if f is None:
                continue
            for dt in ("float32", "float64"):
                k = (n, op["lo"], op["hi"], dt)
                if k not in cache:
                    cache[k] = values(n, op["lo"], op["hi"], dt, 12345).reshape(shape)
                kb = (n, 0.5, 3, dt)
                if kb not in cache:
                    cache[kb] = values(n, 0.5, 3, dt, 777).reshape(shape)
                a, b = cache[k], cache[kb]
                big = n > 100000
                budget = (40 if quick else 120) if big else (10 if quick else 25)
                batches = 5 if big or quick else 9
                us = per_call(lambda: f(a, b), budget, batches)
                res.setdefault(op["name"], {}).setdefault(dt, {})[key] = us / 1000.0
    json.dump(res, sys.stdout)


main()
