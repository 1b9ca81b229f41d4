"""NumPy's side of bench/complex.mjs, in its own process: median us per call of the same complex
ops on the same inputs (bench/complex.mjs's formula). Prints one JSON object.
Usage: /usr/bin/python3 bench/numpy_complex.py --cases JSON"""
import json
import sys

import numpy as np

from timing import per_call


def data(n, dtype, shift):
    # bench/complex.mjs's parts(): re = sin(0.37 i) + ((i * 7919) % 101) / 100, im = cos(0.11 i)
    i = np.arange(shift, n * n + shift, dtype=np.int64)
    x = np.sin(0.37 * i) + ((i * 7919) % 101) / 100 + 1j * np.cos(0.11 * i)
    return x.astype(dtype).reshape(n, n)


cases = json.loads(sys.argv[sys.argv.index('--cases') + 1])
us = {}
for key in cases:
    op, dt, n = key.split('|')
    a, b = data(int(n), dt, 0), data(int(n), dt, 17)
    c = 2 + 1j
    fn = {
        'multiply': lambda: a * b,
        'divide': lambda: a / b,
        'abs': lambda: np.abs(a),
        'exp': lambda: np.exp(a),
        'multiply scalar': lambda: a * c,
    }[op]
    us[key] = per_call(fn, 4, 9)  # batches of about 4 ms, as bench/complex.mjs
print(json.dumps({'numpy': np.__version__, 'us': us}))
