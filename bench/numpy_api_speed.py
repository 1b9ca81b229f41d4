"""NumPy's side of bench/api_speed.mjs, in its own process: median microseconds per call of each
expression (a, b float32 [n, n] in (0.1, 0.9) from the same formula; ai, bi int32 from them; idx int64 [n] reversed; v
float32 linspace(0, 1, n); col int64 zeros [n, 1]) at each size. Reads the expressions as JSON on
stdin ([{name, expr}]), prints {name: {n: us}} as JSON; an expression NumPy refuses is left out.
Usage: /usr/bin/python3 bench/numpy_api_speed.py 8,128,1024 [--quick]"""
import json
import sys

import numpy as np
from timing import per_call

sizes = [int(x) for x in sys.argv[1].split(",")]
quick = "--quick" in sys.argv
spec = json.load(sys.stdin)
out = {}
for n in sizes:
    def mk(seed):
        x = np.arange(n * n, dtype=np.float32) + np.float32(seed)
        return (np.sin(x) * np.float32(0.4) + np.float32(0.5)).astype(np.float32).reshape(n, n)
    env = {"np": np, "a": mk(0), "b": mk(1), "idx": np.arange(n - 1, -1, -1), "v": np.linspace(0, 1, n, dtype=np.float32),
           "col": np.zeros((n, 1), dtype=np.int64), "n": n}
    env["ai"] = (env["a"] * np.float32(10)).astype(np.int32)
    env["bi"] = (env["b"] * np.float32(5) + np.float32(1)).astype(np.int32)
    budget = 60 if n >= 1024 else 15
    for s in spec:
        try:
            code = compile(s["expr"], "<expr>", "eval")
            eval(code, env)
            out.setdefault(s["name"], {})[str(n)] = per_call(lambda: eval(code, env), budget, 3 if quick else 5)
        except Exception:
            pass
print(json.dumps(out))
