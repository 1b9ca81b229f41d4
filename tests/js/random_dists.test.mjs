// The Generator's distributions (NumPy 1.24's Generator methods beyond random / integers / normal /
// choice) against Debian's NumPy run live: the same seeds and call sequences, 20 seeds per case,
// scalar and array parameters, float32 streams, `out`, the errors NumPy raises, SeedSequence's
// spawned streams.
//
// Integers must be equal. Floats must be equal bit for bit except where the value passes through
// the C library's log / exp / pow / expm1 / log1p / cos / acos: NumPy calls glibc's, the
// WebAssembly build musl's (the same Arm algorithms for log, exp and pow; glibc uses fused
// multiply-adds where wasm has none), which round about 1 result in 10^3 the other way (log: 1 in
// 10^4; vonmises'
// cos and acos: a few in 100). Each such value may differ by at most 16
// units in the last place (pow raises a log's result to 1/a: standardGamma(0.3) differs by 6) and the share of differing values is bounded per case (the report prints
// the measured share).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready } from './helpers.mjs';

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY) && spawnSync(PY, ['-c', 'import numpy']).status === 0;
const skip = !HAVE_PY && 'no /usr/bin/python3 with numpy';

// A call: [method (camelCase), positional args, keyword args (camelCase), expected dtype, max
// share of values allowed to differ in the last bits (0: exact), the operands' magnitude where the
// result cancels (its differences then count in that magnitude's last place), the most ulps a
// differing value may be off (default 16)].
const SCRIPT = String.raw`
import json, sys, re
import numpy as np
snake = lambda s: re.sub(r'[A-Z]', lambda m: '_' + m.group(0).lower(), s)
def py(v):
    if isinstance(v, list): return [py(x) for x in v]
    if v == '-0.0' or v == 'nan': return float(v)
    return v
jobs = json.load(sys.stdin)
out = []
for job in jobs:
    if 'spawn' in job:
        seed = int(job['seed'])
        ss = np.random.SeedSequence(seed)
        kids = ss.spawn(job['spawn'])
        grand = kids[1].spawn(2)
        res = []
        for s in kids + grand:
            g = np.random.default_rng(s)
            res.append({'shape': [4], 'hex': g.random(4).tobytes().hex()})
        res.append({'shape': [6], 'hex': np.random.SeedSequence(seed, spawn_key=(3, 1)).generate_state(6).tobytes().hex()})
        res.append({'shape': [3], 'hex': np.random.SeedSequence(seed, pool_size=8).generate_state(3, np.uint64).tobytes().hex()})
        out.append(res)
        continue
    g = np.random.default_rng(job['seed'])
    res = []
    for m, args, kw, expect, *_ in job['calls']:
        kw = {snake(k): (tuple(v) if k == 'size' and isinstance(v, list) else v) for k, v in kw.items()}
        if 'out' in kw:
            kw['out'] = np.empty(kw['out'], dtype=expect)
        try:
            if m == 'bytes':
                r = np.frombuffer(g.bytes(*args), dtype=np.uint8)
            elif m == 'permuted':
                r = g.permuted(np.arange(np.prod(args[0]), dtype=np.float64).reshape(args[0]), **kw)
            else:
                r = getattr(g, snake(m))(*py(args), **kw)
            a = np.asarray(r, dtype=expect)
            res.append({'shape': list(a.shape), 'hex': a.tobytes().hex()})
        except Exception as e:
            res.append({'error': type(e).__name__ + ': ' + str(e)})
    out.append(res)
print(json.dumps(out))
`;

// -0 and NaN as Python reads them (JSON has neither)
const toPy = (v) => (Array.isArray(v) ? v.map(toPy) : Object.is(v, -0) ? '-0.0' : Number.isNaN(v) ? 'nan' : v);

function numpy(jobs) {
  const py = spawnSync(PY, ['-c', SCRIPT], { input: JSON.stringify(jobs, (k, v) => (k === 'calls' ? v.map(([m, a, ...rest]) => [m, toPy(a), ...rest]) : v)), maxBuffer: 1 << 30 });
  assert.equal(py.status, 0, String(py.stderr));
  return JSON.parse(String(py.stdout));
}

const TA = { float64: Float64Array, float32: Float32Array, int64: BigInt64Array, uint8: Uint8Array, uint32: Uint32Array, uint64: BigUint64Array };
const fromHex = (hex, dtype) => {
  const b = Buffer.from(hex, 'hex');
  const C = TA[dtype];
  return new C(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
};

function run(g, [m, args, kw, expect]) {
  let r;
  if (m === 'permuted') {
    const [shape] = args;
    const x = sv.arange(shape.reduce((a, b) => a * b, 1), { dtype: 'float64' }).reshape(shape);
    r = g.permuted(x, kw);
    if (r !== x) x.dispose();
  } else if (m === 'bytes') {
    r = g.bytes(...args);
    return { shape: [r.length], values: r };
  } else {
    const opts = { ...kw };
    if (opts.out) opts.out = sv.empty(opts.out, { dtype: expect });
    r = g[m](...args, ...(Object.keys(opts).length ? [opts] : []));
  }
  if (r instanceof sv.NDArray) {
    assert.equal(r.dtype, expect, `${m}: dtype`);
    const v = r.toTypedArray();
    const out = { shape: r.shape, values: new TA[expect](v) };
    r.dispose();
    return out;
  }
  assert.equal(typeof r, 'number', `${m}: a scalar is a number`);
  return { shape: [], values: TA[expect].of(expect === 'int64' ? BigInt(r) : r) };
}

/** Units in the last place between two floats of one dtype. */
function ulps(a, b, dtype) {
  if (Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b))) return 0;
  const T = dtype === 'float32' ? Float32Array : Float64Array;
  const I = dtype === 'float32' ? Int32Array : BigInt64Array;
  const ia = new I(T.of(a).buffer)[0];
  const ib = new I(T.of(b).buffer)[0];
  return Math.abs(Number(ia - ib));
}

const stats = new Map();
function compare(label, call, mine, ref) {
  const [m, , , expect, share] = call;
  if (ref.error) assert.fail(`${label}: NumPy raised ${ref.error} where strideview returned`);
  assert.deepEqual(mine.shape, ref.shape, `${label}: shape`);
  const want = fromHex(ref.hex, expect);
  assert.equal(mine.values.length, want.length, `${label}: length`);
  let diff = 0;
  for (let i = 0; i < want.length; i++) {
    if (expect === 'float64' || expect === 'float32') {
      const u = ulps(mine.values[i], want[i], expect);
      if (u !== 0) {
        diff++;
        // loc + scale * log(...) and vonmises' acos(w) + mu reduced to [-pi, pi] cancel: their
        // rounding is in units of the last place of the operands (magnitude mag), not of the result
        const mag = call[5] ?? 0;
        const near = Math.abs(mine.values[i] - want[i]) <= 4 * mag * 2 ** -52;
        // an ulp of log's result raised to pow's exponent 1/a grows to a few ulps (standardGamma(0.3): 6)
        const bound = call[6] ?? 16;
        assert.ok(share > 0 && (u <= bound || near), `${label}: element ${i}: ${mine.values[i]} vs NumPy's ${want[i]} (${u} ulp)`);
      }
    } else {
      assert.equal(mine.values[i], want[i], `${label}: element ${i}`);
    }
  }
  const key = `${m}(${JSON.stringify(call[1]).slice(1, -1)}${Object.keys(call[2]).length ? `, ${JSON.stringify(call[2])}` : ''})`;
  const s = stats.get(key) ?? { n: 0, diff: 0, share };
  s.n += want.length;
  s.diff += diff;
  stats.set(key, s);
}

// The cases: [method, args, kwargs, dtype, share]. Sizes of a few hundred make rare branches run.
const L = 0.01; // exp / expm1 / log1p on the way, or log / pow in a rare branch (measured: at most 0.4%)
const LP = 0.01; // log or pow in every draw (musl's Arm log and pow: at most 0.25% measured)
const CASES = [
  ['standardExponential', [301], {}, 'float64', 0],
  ['standardExponential', [301], { dtype: 'float32' }, 'float32', 0],
  ['standardExponential', [101], { method: 'inv' }, 'float64', L],
  ['standardExponential', [101], { method: 'inv', dtype: 'float32' }, 'float32', L], // NumPy's log1pf: log1p in double, rounded
  ['standardExponential', [], { out: [3, 4] }, 'float64', 0],
  ['standardExponential', [], {}, 'float64', 0],
  ['standardGamma', [0.3, 201], {}, 'float64', LP],
  ['standardGamma', [1, 50], {}, 'float64', 0],
  ['standardGamma', [2.7, 201], {}, 'float64', L],
  ['standardGamma', [[0.5, 3, 9], [70, 3]], {}, 'float64', LP],
  ['standardGamma', [0.4, 201], { dtype: 'float32' }, 'float32', LP],
  ['standardGamma', [3.5, 201], { dtype: 'float32' }, 'float32', L],
  ['standardGamma', [2], {}, 'float64', L],
  ['exponential', [2.5, 101], {}, 'float64', 0],
  ['exponential', [[1, 2, 3]], {}, 'float64', 0],
  ['gamma', [2, 3, 101], {}, 'float64', L],
  ['gamma', [[[1], [2]], [1, 2, 3]], {}, 'float64', L],
  ['beta', [0.5, 0.7, 101], {}, 'float64', LP],
  ['beta', [2, 5, 101], {}, 'float64', L],
  ['beta', [1e-3, 1e-3, 31], {}, 'float64', LP],
  ['chisquare', [3, 101], {}, 'float64', L],
  ['f', [3, 7, 101], {}, 'float64', L],
  ['noncentralChisquare', [3, 2, 101], {}, 'float64', L],
  ['noncentralChisquare', [0.5, 2, 101], {}, 'float64', LP],
  ['noncentralChisquare', [3, 0, 31], {}, 'float64', L],
  ['noncentralF', [3, 7, 2, 101], {}, 'float64', L],
  ['standardT', [5, 101], {}, 'float64', L],
  ['standardCauchy', [101], {}, 'float64', 0],
  ['lognormal', [0.5, 1.2, 101], {}, 'float64', L, 4],
  ['laplace', [1, 2, 101], {}, 'float64', LP, 8],
  ['logistic', [1, 2, 101], {}, 'float64', LP, 8],
  ['gumbel', [1, 2, 101], {}, 'float64', LP, 8],
  ['weibull', [1.5, 101], {}, 'float64', LP],
  ['weibull', [0, 5], {}, 'float64', 0],
  ['rayleigh', [2, 101], {}, 'float64', 0],
  ['pareto', [3, 101], {}, 'float64', 0.01],
  ['power', [2, 101], {}, 'float64', LP],
  ['vonmises', [0.5, 2, 101], {}, 'float64', 0.1, 4],
  ['vonmises', [0.5, 1e-6, 101], {}, 'float64', 0.1, 4],
  ['vonmises', [0.5, 1e7, 31], {}, 'float64', 0.1, 4],
  ['vonmises', [0.5, 1e-9, 31], {}, 'float64', 0],
  ['wald', [1, 2, 101], {}, 'float64', 0],
  ['triangular', [0, 1, 3, 101], {}, 'float64', 0],
  ['triangular', [[0, -1], 0, [[1], [2]]], {}, 'float64', 0],
  ['poisson', [3.5, 101], {}, 'int64', 0],
  ['poisson', [0, 5], {}, 'int64', 0],
  ['poisson', [10, 101], {}, 'int64', 0],
  ['poisson', [1e4, 101], {}, 'int64', 0],
  ['poisson', [[1, 50, 400]], {}, 'int64', 0],
  ['binomial', [10, 0.3, 101], {}, 'int64', 0],
  ['binomial', [1000, 0.7, 101], {}, 'int64', 0],
  ['binomial', [[5, 100, 1000], 0.5], {}, 'int64', 0],
  ['binomial', [0, 0.5, 3], {}, 'int64', 0],
  ['negativeBinomial', [3.5, 0.4, 101], {}, 'int64', 0],
  ['geometric', [0.5, 101], {}, 'int64', 0],
  ['geometric', [0.01, 101], {}, 'int64', 0],
  ['geometric', [1, 5], {}, 'int64', 0],
  ['hypergeometric', [5, 7, 4, 101], {}, 'int64', 0],
  ['hypergeometric', [100, 200, 50, 101], {}, 'int64', 0],
  ['hypergeometric', [500, 600, 1000, 101], {}, 'int64', 0],
  ['logseries', [0.5, 101], {}, 'int64', 0],
  ['logseries', [0.999, 101], {}, 'int64', 0],
  ['zipf', [1.5, 101], {}, 'int64', 0],
  ['zipf', [3, 101], {}, 'int64', 0],
  ['multinomial', [20, [0.2, 0.3, 0.5], 5], {}, 'int64', 0],
  ['multinomial', [[[10], [20]], [1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6], [2, 2]], {}, 'int64', 0],
  ['multinomial', [[10, 20], [[0.25, 0.25, 0.5, 0], [0.1, 0.2, 0.3, 0.4]]], {}, 'int64', 0],
  ['multivariateHypergeometric', [[4, 5, 6], 6, 10], {}, 'int64', 0],
  ['multivariateHypergeometric', [[4, 5, 6], 6, 10], { method: 'count' }, 'int64', 0],
  ['multivariateHypergeometric', [[40, 50, 0, 60], 100, 7], {}, 'int64', 0],
  ['dirichlet', [[1, 2, 3], 5], {}, 'float64', L],
  ['dirichlet', [[0.05, 0.05, 0.02], 5], {}, 'float64', LP, 0, 256], // products of (1 - beta draws): the ulps add up,
  ['permuted', [[4, 5]], {}, 'float64', 0],
  ['permuted', [[4, 5]], { axis: 0 }, 'float64', 0],
  ['permuted', [[4, 5]], { axis: 1 }, 'float64', 0],
  ['permuted', [[3, 4, 2]], { axis: -1 }, 'float64', 0],
  ['bytes', [10], {}, 'uint8', 0],
  ['bytes', [0], {}, 'uint8', 0],
];

const SEEDS = Array.from({ length: 20 }, (_, i) => (i === 0 ? 0 : i * 7919 + 12345));

test('every distribution: NumPy 1.24 streams for 20 seeds (cases in sequence on one generator, and each alone)', { skip }, async () => {
  await ready;
  // each seed: all cases in one sequence (the state carries from call to call), and each case on a
  // fresh generator of its own
  const seq = SEEDS.map((seed) => ({ seed, calls: CASES }));
  const alone = CASES.map((c, i) => ({ seed: 1000 + i, calls: [c] }));
  const ref = numpy([...seq, ...alone]);
  [...seq, ...alone].forEach((job, j) => {
    const g = sv.defaultRng(job.seed);
    job.calls.forEach((c, k) => compare(`seed ${job.seed}, ${c[0]}(${JSON.stringify(c[1])}, ${JSON.stringify(c[2])})`, c, run(g, c), ref[j][k]));
  });
  const lines = [];
  for (const [m, s] of stats) if (s.diff > 0) lines.push(`${m}: ${s.diff} of ${s.n} values differ in the last bits`);
  const total = [...stats.values()].reduce((a, s) => [a[0] + s.n, a[1] + s.diff], [0, 0]);
  lines.push(`all: ${total[1]} of ${total[0]} values differ in the last bits`);
  console.log(lines.join('\n'));
  for (const [m, s] of stats) assert.ok(s.n === 0 || s.diff / s.n <= s.share, `${m}: ${s.diff} of ${s.n} values differ (allowed share ${s.share})`);
});

test('SeedSequence: spawned streams, spawn keys and pool sizes as NumPy', { skip }, async () => {
  await ready;
  for (const seed of [0, 12345, 2n ** 100n + 7n]) {
    const ref = numpy([{ seed: String(seed), spawn: 3 }])[0];
    const ss = new sv.SeedSequence(seed);
    const kids = ss.spawn(3);
    const grand = kids[1].spawn(2);
    assert.equal(ss.nChildrenSpawned, 3);
    assert.deepEqual(grand[1].spawnKey, [1, 1]);
    [...kids, ...grand].forEach((s, i) => {
      const r = sv.defaultRng(s).random(4);
      assert.deepEqual(Array.from(r.toTypedArray()), Array.from(fromHex(ref[i].hex, 'float64')), `seed ${seed}: stream ${i}`);
      r.dispose();
    });
    const st = new sv.SeedSequence(seed, { spawnKey: [3, 1] }).generateState(6);
    assert.deepEqual(Array.from(st.toTypedArray()), Array.from(fromHex(ref[5].hex, 'uint32')));
    st.dispose();
    const st8 = new sv.SeedSequence(seed, { poolSize: 8 }).generateState(3, 'uint64');
    assert.deepEqual(Array.from(st8.toTypedArray()), Array.from(fromHex(ref[6].hex, 'uint64')));
    st8.dispose();
  }
});

// NumPy's errors for bad parameters, with strideview's message naming the op and the value.
const BAD = [
  ['gamma', [-1], /Generator\.gamma: shape < 0 \(shape -1\)/, 'shape < 0'],
  ['exponential', [-0], /scale < 0 \(scale -0\)/, 'scale < 0'],
  ['exponential', [[1, -0]], /scale < 0 \(-0 at flat index 1\)/, 'scale < 0'],
  ['beta', [0, 1], /a <= 0/, 'a <= 0'],
  ['poisson', [1e20], /lam value too large/, 'lam value too large'],
  ['poisson', [-1], /lam < 0 or lam is NaN/, 'lam < 0 or lam is NaN'],
  ['binomial', [5, 1.5], /p < 0, p > 1 or p is NaN/, 'p < 0, p > 1 or p is NaN'],
  ['binomial', [-1, 0.5], /n < 0/, 'n < 0'],
  ['zipf', [1], /a <= 1 or a is NaN/, 'a <= 1 or a is NaN'],
  ['logseries', [1], /p < 0, p >= 1 or p is NaN/, 'p < 0, p >= 1 or p is NaN'],
  ['geometric', [0], /p <= 0, p > 1 or p is NaN/, 'p <= 0, p > 1 or p contains NaNs'],
  ['negativeBinomial', [0, 0.5], /n <= 0/, 'n <= 0'],
  ['negativeBinomial', [NaN, 0.5], /n must not be NaN/, 'n must not be NaN'],
  ['wald', [0, 1], /mean <= 0/, 'mean <= 0'],
  ['triangular', [1, 0, 2], /left > mode/, 'left > mode'],
  ['triangular', [0, 3, 2], /mode > right/, 'mode > right'],
  ['triangular', [0, 0, 0], /left == right/, 'left == right'],
  ['hypergeometric', [5, 5, 11], /ngood \+ nbad < nsample/, 'ngood + nbad < nsample'],
  ['hypergeometric', [1e9, 1, 1], /less than 1000000000/, 'both ngood and nbad must be less than 1000000000'],
  ['vonmises', [0, -1], /kappa < 0/, 'kappa < 0'],
  ['noncentralChisquare', [0, 1], /df <= 0/, 'df <= 0'],
  ['gamma', [[1, 2], 1, 3], /not compatible|cannot be broadcast/, 'shape mismatch'],
  ['dirichlet', [[1, 0]], /alpha <= 0/, 'alpha <= 0'],
  ['multinomial', [10, [0.8, 0.8, 0.1]], /sum\(pvals\[:-1\]\) > 1\.0/, 'sum(pvals[:-1]) > 1.0'],
  ['multinomial', [10, [1.5, -0.5]], /pvals < 0, pvals > 1 or pvals contains NaNs/, 'pvals < 0, pvals > 1 or pvals contains NaNs'],
  ['multivariateHypergeometric', [[2, 3], 6], /nsample > sum\(colors\)/, 'nsample > sum(colors)'],
];

test('bad parameters: NumPy raises, strideview raises naming the op and the value; the generator keeps working', { skip }, async () => {
  await ready;
  const ref = numpy(BAD.map(([m, args], i) => ({ seed: i, calls: [[m, args, {}, m.startsWith('multi') || ['poisson', 'binomial', 'zipf', 'logseries', 'geometric', 'negativeBinomial', 'hypergeometric'].includes(m) ? 'int64' : 'float64', 0]] })));
  const g = sv.defaultRng(5);
  BAD.forEach(([m, args, re, numpyText], i) => {
    assert.ok(ref[i][0].error && ref[i][0].error.includes(numpyText), `NumPy ${m}(${JSON.stringify(args)}): ${ref[i][0].error ?? 'no error'}`);
    const before = g.bitGenerator.state.state.state;
    assert.throws(() => g[m](...args), (e) => re.test(e.message) && e.message.startsWith(`Generator.${m}`), `${m}(${JSON.stringify(args)})`);
    assert.equal(g.bitGenerator.state.state.state, before, `${m}: nothing drawn before the error`);
  });
  // strideview's own refusals: a non-integer count, an unknown method, an unknown option
  assert.throws(() => g.binomial(5.5, 0.5), /Generator\.binomial: n must be an integer, got 5\.5/);
  assert.throws(() => g.standardExponential(3, { method: 'fast' }), /method="fast" is not supported/);
  assert.throws(() => g.gamma(2, { scal: 2 }), /unknown option 'scal'; did you mean 'scale'/);
  assert.throws(() => g.gamma(sv.array([1, 2], { dtype: 'complex128' })), /shape must be real/);
  assert.throws(() => g.binomial(2 ** 60, 0.5), /beyond 2\^53 - 1/);
  assert.equal(typeof g.gamma(2), 'number');
});

test('multivariateNormal: NumPy standard normals times a factor of cov (cholesky: NumPy\'s numbers)', { skip }, async () => {
  await ready;
  const mean = [1, -2];
  const cov = [[2, 0.6], [0.6, 1]];
  for (const method of ['svd', 'eigh', 'cholesky']) {
    const x = sv.defaultRng(7).multivariateNormal(mean, cov, 2000, { method });
    const z = sv.defaultRng(7).standardNormal([2000, 2]);
    // z is the stream multivariateNormal consumed: x - mean = z A^T with A A^T = cov
    const xv = x.toTypedArray();
    const zv = z.toTypedArray();
    // least squares A^T from the first two rows (z invertible), then check every row
    const [a, b, c, d] = [zv[0], zv[1], zv[2], zv[3]];
    const det = a * d - b * c;
    const inv = [d / det, -b / det, -c / det, a / det];
    const y = [xv[0] - mean[0], xv[1] - mean[1], xv[2] - mean[0], xv[3] - mean[1]];
    const At = [inv[0] * y[0] + inv[1] * y[2], inv[0] * y[1] + inv[1] * y[3], inv[2] * y[0] + inv[3] * y[2], inv[2] * y[1] + inv[3] * y[3]];
    const AAt = [At[0] * At[0] + At[2] * At[2], At[0] * At[1] + At[2] * At[3], At[1] * At[1] + At[3] * At[3]];
    assert.ok(Math.abs(AAt[0] - 2) < 1e-9 && Math.abs(AAt[1] - 0.6) < 1e-9 && Math.abs(AAt[2] - 1) < 1e-9, `${method}: A A^T = cov (${AAt})`);
    for (let i = 0; i < 2000; i++) {
      for (let j = 0; j < 2; j++) {
        const want = mean[j] + zv[2 * i] * At[j] + zv[2 * i + 1] * At[2 + j];
        assert.ok(Math.abs(xv[2 * i + j] - want) < 1e-9, `${method}: row ${i}`);
      }
    }
    x.dispose();
    z.dispose();
  }
  const ref = spawnSync(PY, ['-c', 'import numpy as np; print(np.random.default_rng(7).multivariate_normal([1,-2], [[2,.6],[.6,1]], 3, method="cholesky").tobytes().hex())']);
  const want = fromHex(String(ref.stdout).trim(), 'float64');
  const got = sv.defaultRng(7).multivariateNormal(mean, cov, 3, { method: 'cholesky' });
  got.toTypedArray().forEach((v, i) => assert.ok(Math.abs(v - want[i]) <= 1e-14 * Math.max(1, Math.abs(want[i])), `cholesky ${i}: ${v} vs ${want[i]}`));
  got.dispose();
  assert.throws(() => sv.defaultRng(1).multivariateNormal([0, 0], [[1, 2], [2, 1]], { checkValid: 'raise' }), /not symmetric positive-semidefinite/);
  assert.throws(() => sv.defaultRng(1).multivariateNormal([0, 0, 0], [[1, 0], [0, 1]]), /mean and cov must have same length/);
});
