"""NumPy's side of bench/fft.mjs, in its own process: median ms per call of the same transforms on
the same inputs (bench/fft.mjs's formula). NumPy 1.24 runs pocketfft (C, double precision, its own
plan cache). Prints one JSON object. Usage: /usr/bin/python3 bench/numpy_fft.py --cases JSON"""
import json
import sys
import time

import numpy as np


def data(n, dtype):
    # bench/fft.mjs's values(): sin(0.37 i) + ((i * 7919) % 101) / 100
    i = np.arange(n, dtype=np.float64)
    x = np.sin(0.37 * i) + ((np.arange(n, dtype=np.int64) * 7919) % 101) / 100
    if dtype.startswith('complex'):
        x = x + 1j * np.cos(0.11 * i)
    return x.astype(dtype)


def median_ms(fn, budget_ms, min_reps):
    warm = time.perf_counter() + 0.1
    fn()
    while time.perf_counter() < warm:
        fn()
    t = []
    end = time.perf_counter() + budget_ms / 1000
    while len(t) < min_reps or (time.perf_counter() < end and len(t) < 500):
        s = time.perf_counter()
        fn()
        t.append((time.perf_counter() - s) * 1000)
    t.sort()
    return t[len(t) // 2]


cases = json.loads(sys.argv[sys.argv.index('--cases') + 1])
budget = float(sys.argv[sys.argv.index('--budget') + 1]) if '--budget' in sys.argv else 1000
ms = {}
for key in cases:
    op, dt, n = key.split(' ')
    x = data(int(n), dt)
    f = getattr(np.fft, op)
    ms[key] = median_ms(lambda: f(x), budget, 5)
print(json.dumps({'numpy': np.__version__, 'ms': ms}))
