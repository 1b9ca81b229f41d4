#!/usr/bin/env python3
"""Minimax (Remez exchange) polynomial fits for src/kernels/vmath_impl.hpp, in mpmath at 60 digits.

Each fit: g(z) ~ sum c_k z^k on [a, b], minimising max |w(z) * (g(z) - p(z))| (w turns the error of the
fitted part into the relative error of the function). Prints the coefficients as C++ literals (hex
floats rounded to float / double) and the achieved weighted error in units of 2^-24 / 2^-53.
Usage: python3 bench/vmath_fit_coefficients.py
"""
import mpmath as mp

mp.mp.dps = 60


def remez(g, w0, a, b, deg, iters=20, grid=1500):
    # a weight that vanishes (at z = 0) makes the exchange singular: floor it at 1e-3 of its largest
    wmax = max(w0(a), w0(b), w0((a + b) / 2))
    w = lambda z: max(w0(z), wmax / 1000)
    n = deg + 1
    xs = [a + (b - a) * (1 - mp.cos(mp.pi * (i + 0.5) / (n + 1))) / 2 for i in range(n + 1)]
    pts = [a + (b - a) * (1 - mp.cos(mp.pi * i / (grid - 1))) / 2 for i in range(grid)]
    gv = [g(p) for p in pts]
    wv = [w(p) for p in pts]
    best = None
    for _ in range(iters):
        A = mp.matrix(n + 1, n + 1)
        rhs = mp.matrix(n + 1, 1)
        for i, x in enumerate(xs):
            for k in range(n):
                A[i, k] = x ** k
            A[i, n] = (-1) ** i / w(x)
            rhs[i] = g(x)
        sol = mp.lu_solve(A, rhs)
        c = [sol[k] for k in range(n)]
        err = [wv[i] * (gv[i] - mp.polyval(c[::-1], pts[i])) for i in range(grid)]
        # one extremum per run of equal sign
        runs = []
        start = 0
        for i in range(1, grid + 1):
            if i == grid or mp.sign(err[i]) != mp.sign(err[start]):
                j = max(range(start, i), key=lambda t: abs(err[t]))
                runs.append(j)
                start = i
        while len(runs) > n + 1:
            if abs(err[runs[0]]) < abs(err[runs[-1]]):
                runs.pop(0)
            else:
                runs.pop()
        emax = max(abs(e) for e in err)
        best = (c, emax)
        if len(runs) < n + 1:
            break
        xs = [pts[j] for j in runs]
    return best


def hexf(v, bits):
    v = mp.mpf(v)
    if v == 0:
        return "0.0"
    m, e = mp.frexp(v)  # v = m * 2^e, 0.5 <= |m| < 1
    q = int(mp.nint(m * 2 ** bits))
    if abs(q) == 2 ** bits:
        q //= 2
        e += 1
    return float(mp.mpf(q) * mp.mpf(2) ** (e - bits)).hex()


def fit(name, g, w, a, b, deg, prec):
    c, e = remez(g, w, a, b, deg)
    bits = 24 if prec == 32 else 53
    print(f"// {name}: degree {deg}, weighted error {float(e * 2 ** bits):.4f} x 2^-{bits}")
    suffix = "f" if prec == 32 else ""
    print("  " + ", ".join(hexf(x, bits) + suffix for x in c))


def sq(z):
    return mp.sqrt(z)


L2 = mp.log(2)
tiny = mp.mpf(10) ** -40
EXPR = mp.mpf("0.3466")  # ln2/2 + rounding slack
# e^r = 1 + r + r^2 P(r)
g_exp = lambda r: (mp.exp(r) - 1 - r) / r ** 2 if abs(r) > tiny else mp.mpf(1) / 2
w_exp = lambda r: r ** 2 / mp.exp(r)
# 2^r = 1 + r P(r)
g_exp2 = lambda r: (mp.power(2, r) - 1) / r if abs(r) > tiny else L2
w_exp2 = lambda r: abs(r) / mp.power(2, r)
# expm1(r) = r + r^2/2 + r^3 P(r)
g_em1 = lambda r: (mp.expm1(r) - r - r ** 2 / 2) / r ** 3 if abs(r) > tiny else mp.mpf(1) / 6
w_em1 = lambda r: abs(r ** 3 / mp.expm1(r)) if abs(r) > tiny else 0
# log(1+f) = 2s + s R(z), z = s^2, R(z) = z T(z): fit T on [0, zmax]; weight z/2 (relative to 2s)
ZL = (3 - 2 * mp.sqrt(2)) ** 2 * mp.mpf("1.0001")  # s = (m-1)/(m+1), m in [sqrt(1/2), sqrt(2)]
g_log = lambda z: (2 * mp.atanh(sq(z)) / sq(z) - 2) / z if z > tiny else mp.mpf(2) / 3
w_log = lambda z: z / 2
# sin(r) = r + r^3 S(z), cos(r) = 1 - z/2 + z^2 C(z), tan(r) = r + r^3 T(z), tanh(x) = x + x^3 H(z)
ZS = (mp.pi / 4) ** 2 * mp.mpf("1.0001")
g_sin = lambda z: (mp.sin(sq(z)) - sq(z)) / z ** 1.5 if z > tiny else -mp.mpf(1) / 6
w_sin = lambda z: z ** 1.5 / mp.sin(sq(z)) if z > tiny else 0
g_cos = lambda z: (mp.cos(sq(z)) - 1 + z / 2) / z ** 2 if z > tiny else mp.mpf(1) / 24
w_cos = lambda z: z ** 2 / mp.cos(sq(z))
g_tan = lambda z: (mp.tan(sq(z)) - sq(z)) / z ** 1.5 if z > tiny else mp.mpf(1) / 3
w_tan = lambda z: z ** 1.5 / mp.tan(sq(z)) if z > tiny else 0
ZT = mp.mpf("0.5625") ** 2 * mp.mpf("1.0001")
g_tanh = lambda z: (mp.tanh(sq(z)) - sq(z)) / z ** 1.5 if z > tiny else -mp.mpf(1) / 3
w_tanh = lambda z: z ** 1.5 / mp.tanh(sq(z)) if z > tiny else 0

import sys
which = sys.argv[1:] or ["all"]
# Degrees: the lowest whose fit error stays well below 2^-24 / 2^-53 (each term less is two lane
# operations less per vector). One degree lower the weighted error would be, in 2^-24 / 2^-53:
# float32 exp 1.76, exp2 1.53, expm1 15, tan 0.30; float64 exp 2.6, exp2 2.0, expm1 13, log 1.7,
# sin 45, cos 0.83, tan 1.5, tanh 0.29.
for prec, degs in ((32, dict(exp=4, exp2=5, em1=3, log=2, sin=2, cos=2, tan=6, tanh=4)),
                   (64, dict(exp=9, exp2=10, em1=8, log=6, sin=5, cos=5, tan=13, tanh=10))):
    print(f"// ---- float{prec}")
    fit("exp P", g_exp, w_exp, -EXPR, EXPR, degs["exp"], prec)
    fit("exp2 P", g_exp2, w_exp2, -mp.mpf("0.5"), mp.mpf("0.5"), degs["exp2"], prec)
    fit("expm1 P", g_em1, w_em1, -EXPR, EXPR, degs["em1"], prec)
    fit("log T", g_log, w_log, mp.mpf(0), ZL, degs["log"], prec)
    fit("sin S", g_sin, w_sin, mp.mpf(0), ZS, degs["sin"], prec)
    fit("cos C", g_cos, w_cos, mp.mpf(0), ZS, degs["cos"], prec)
    fit("tan T", g_tan, w_tan, mp.mpf(0), ZS, degs["tan"], prec)
    fit("tanh H", g_tanh, w_tanh, mp.mpf(0), ZT, degs["tanh"], prec)
    # pow: log(1+f) = 2s + s^3 (2/3 + z T2(z)); T2 fitted on its own to ~2^-70 relative
    g_log2 = lambda z: (g_log(z) - mp.mpf(2) / 3) / z if z > tiny else mp.mpf(2) / 5
    w_log2 = lambda z: z * z / 2
    fit("pow log T2", g_log2, w_log2, mp.mpf(0), ZL, 4 if prec == 32 else 8, prec)
