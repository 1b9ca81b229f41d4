// defaultRng against NumPy's numpy.random.default_rng (Debian's /usr/bin/python3 + numpy): the same
// seeds and the same call sequences must give the same bytes, for every method and dtype. The
// sequences interleave 64-bit and 32-bit draws (float32 random / standardNormal and <= 32-bit
// integers share PCG64's buffered half word), odd sizes, scalars and big fills (normal tails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready, rng } from './helpers.mjs';

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY) && spawnSync(PY, ['-c', 'import numpy']).status === 0;
const skip = !HAVE_PY && 'no /usr/bin/python3 with numpy';

// One python process: for each (seed, calls) runs the calls on default_rng(seed) and returns each
// result's bytes (as the dtype the JS side expects), its shape, or the error's class and message.
const SCRIPT = String.raw`
import json, sys
import numpy as np
def big(v):
    return int(v) if isinstance(v, str) else v
def seed_of(s):
    if isinstance(s, list):
        return [big(x) for x in s]
    return big(s)
jobs = json.load(sys.stdin)
out = []
for job in jobs:
    g = np.random.default_rng(seed_of(job['seed']))
    res = []
    for c in job['calls']:
        m = c['m']
        size = c.get('size')
        if isinstance(size, list): size = tuple(size)
        try:
            if m == 'random':
                r = g.random(size, dtype=c['dtype'])
            elif m == 'standardNormal':
                r = g.standard_normal(size, dtype=c['dtype'])
            elif m == 'integers':
                r = g.integers(big(c['low']), None if c.get('high') is None else big(c['high']), size, dtype=c['dtype'], endpoint=c.get('endpoint', False))
            elif m == 'uniform':
                r = g.uniform(c['low'], c['high'], size)
            elif m == 'normal':
                r = g.normal(c['loc'], c['scale'], size)
            elif m == 'choice':
                a = c['a']
                if isinstance(a, list): a = np.array(a, dtype=np.float64)
                r = g.choice(a, size, replace=c.get('replace', True), p=c.get('p'), shuffle=c.get('shuffle', True))
            elif m == 'permutation':
                a = c['x']
                if isinstance(a, list): a = np.array(a, dtype=np.float64)
                r = g.permutation(a)
            elif m == 'shuffle':
                base = np.array(c['x'], dtype=np.float64)
                view = eval('base' + c.get('view', ''), {'base': base})
                g.shuffle(view)
                r = base
            elif m == 'state':
                st = g.bit_generator.state
                r = np.array([st['state']['state'] >> (32 * i) & 0xffffffff for i in range(4)] +
                             [st['state']['inc'] >> (32 * i) & 0xffffffff for i in range(4)] +
                             [st['has_uint32'], st['uinteger']], dtype=np.uint32)
            arr = np.asarray(r, dtype=c['expect'])
            res.append({'shape': list(arr.shape), 'hex': arr.tobytes().hex()})
        except Exception as e:
            res.append({'error': type(e).__name__ + ': ' + str(e)})
    out.append(res)
print(json.dumps(out))
`;

function numpy(jobs) {
  const py = spawnSync(PY, ['-c', SCRIPT], { input: JSON.stringify(jobs), maxBuffer: 1 << 30 });
  assert.equal(py.status, 0, String(py.stderr));
  return JSON.parse(String(py.stdout));
}

const hexOf = (ta) => Buffer.from(ta.buffer, ta.byteOffset, ta.byteLength).toString('hex');
const CTOR = {
  float64: Float64Array,
  float32: Float32Array,
  int8: Int8Array,
  int16: Int16Array,
  int32: Int32Array,
  int64: BigInt64Array,
  uint8: Uint8Array,
  uint16: Uint16Array,
  uint32: Uint32Array,
  uint64: BigUint64Array,
  bool: Uint8Array,
};
const jsBig = (v) => (typeof v === 'string' ? BigInt(v) : v);
const jsSeed = (s) => (Array.isArray(s) ? s.map(jsBig) : jsBig(s));

/** Runs one call on a strideview Generator; returns { shape, hex } as the python side does. */
function runCall(g, c) {
  let r;
  switch (c.m) {
    case 'random':
      r = g.random(c.size, { dtype: c.dtype });
      break;
    case 'standardNormal':
      r = g.standardNormal(c.size, { dtype: c.dtype });
      break;
    case 'integers':
      r = g.integers(jsBig(c.low), c.high === undefined ? undefined : jsBig(c.high), c.size, { dtype: c.dtype, endpoint: c.endpoint });
      break;
    case 'uniform':
      r = g.uniform(c.low, c.high, c.size);
      break;
    case 'normal':
      r = g.normal(c.loc, c.scale, c.size);
      break;
    case 'choice':
      r = g.choice(c.a, c.size, { replace: c.replace, p: c.p, shuffle: c.shuffle });
      break;
    case 'permutation':
      r = g.permutation(c.x);
      break;
    case 'shuffle': {
      const base = sv.array(c.x, { dtype: 'float64' });
      const view = c.view ? base.slice(c.view.slice(1, -1)) : base;
      g.shuffle(view);
      if (view !== base) view.dispose();
      r = base;
      break;
    }
    case 'state': {
      const st = g.bitGenerator.state;
      const w = [];
      for (const v of [st.state.state, st.state.inc]) for (let i = 0n; i < 4n; i++) w.push(Number((v >> (32n * i)) & 0xffffffffn));
      r = { shape: [10], hex: hexOf(Uint32Array.from([...w, st.hasUint32, st.uinteger])) };
      return r;
    }
    default:
      throw new Error(`unknown call ${c.m}`);
  }
  if (r instanceof sv.NDArray) {
    assert.equal(r.dtype, c.expect, `${c.m}: dtype`);
    const out = { shape: r.shape, hex: hexOf(r.toTypedArray()) };
    r.dispose();
    return out;
  }
  const C = CTOR[c.expect];
  if (c.expect === 'int64' || c.expect === 'uint64') {
    // a JS number while exact, past 2^53 a bigint
    if (typeof r === 'number') assert.ok(Number.isSafeInteger(r), `${c.m}: a ${c.expect} scalar number is exact (${r})`);
    else assert.equal(typeof r, 'bigint', `${c.m}: a ${c.expect} scalar past 2^53 is a bigint`);
    return { shape: [], hex: hexOf(C.of(BigInt(r))) };
  }
  if (c.expect === 'bool') assert.equal(typeof r, 'boolean', `${c.m}: a bool scalar is a boolean`);
  else assert.equal(typeof r, 'number', `${c.m}: a ${c.expect} scalar is a number`);
  return { shape: [], hex: hexOf(C.of(typeof r === 'boolean' ? Number(r) : r)) };
}

const INT_DTYPES = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool'];
const BOUNDS = {
  int8: [-128, 128],
  uint8: [0, 256],
  int16: [-32768, 32768],
  uint16: [0, 65536],
  int32: [-2147483648, 2147483648],
  uint32: [0, 4294967296],
  int64: ['-9223372036854775808', '9223372036854775808'],
  uint64: ['0', '18446744073709551616'],
  bool: [0, 2],
};

/** A deterministic mixed call sequence (every method and dtype, odd sizes, scalars). */
function genCalls(r) {
  const calls = [];
  const size = () => r.pick([undefined, 0, 1, 2, 3, 5, 7, 16, 33, [2, 3], [3, 1, 2]]);
  for (let k = 0; k < 40; k++) {
    const which = r.int(0, 11);
    if (which <= 1) {
      const dtype = r.pick(['float64', 'float32']);
      calls.push({ m: 'random', size: size(), dtype, expect: dtype });
    } else if (which <= 3) {
      const dtype = r.pick(['float64', 'float32']);
      calls.push({ m: 'standardNormal', size: size(), dtype, expect: dtype });
    } else if (which <= 6) {
      const dtype = r.pick(INT_DTYPES);
      const [lo, hi] = BOUNDS[dtype];
      const kind = r.int(0, 5);
      let c;
      if (kind === 0) c = { low: lo, high: hi }; // the full range
      else if (kind === 1) c = { low: typeof lo === 'string' ? '0' : 0, high: r.int(1, 7) }; // tiny ranges
      else if (kind === 2) c = { low: r.int(1, 100) }; // integers(high)
      else if (kind === 3 && typeof lo === 'string') c = { low: '-5', high: String(2n ** 40n + 3n), endpoint: true }; // > 32-bit range
      else if (kind === 4 && dtype !== 'bool') c = { low: 3, high: 3, endpoint: true }; // one value
      else c = { low: dtype === 'bool' ? 0 : r.int(0, 20), high: dtype === 'bool' ? 1 : r.int(21, 120), endpoint: true };
      if (dtype === 'uint64' && typeof c.low === 'string' && c.low.startsWith('-')) c.low = '0';
      calls.push({ m: 'integers', ...c, size: size(), dtype, expect: dtype });
    } else if (which === 7) {
      calls.push({ m: 'uniform', low: -2.5, high: r.pick([0, 3.25, 1e10]), size: size(), expect: 'float64' });
    } else if (which === 8) {
      calls.push({ m: 'normal', loc: 1.5, scale: r.pick([0, 0.5, 3]), size: size(), expect: 'float64' });
    } else if (which === 9) {
      const n = r.pick([1, 5, 10, 100]);
      const replace = r.next() < 0.5;
      const sz = replace ? size() : r.pick([undefined, 0, 1, Math.min(n, 3), n]);
      const p = r.next() < 0.4 ? Array.from({ length: n }, (_, i) => (i + 1) / ((n * (n + 1)) / 2)) : undefined;
      if (r.next() < 0.5) calls.push({ m: 'choice', a: n, size: sz, replace, p, shuffle: r.next() < 0.7, expect: 'int64' });
      else calls.push({ m: 'choice', a: Array.from({ length: n }, (_, i) => i * 0.5), size: sz, replace, p, expect: 'float64' });
    } else if (which === 10) {
      if (r.next() < 0.5) calls.push({ m: 'permutation', x: r.pick([0, 1, 7, 50]), expect: 'int64' });
      else calls.push({ m: 'permutation', x: Array.from({ length: r.int(1, 12) }, (_, i) => i + 0.25), expect: 'float64' });
    } else {
      const n = r.int(1, 9);
      if (r.next() < 0.5) calls.push({ m: 'shuffle', x: Array.from({ length: n }, (_, i) => i), expect: 'float64' });
      else calls.push({ m: 'shuffle', x: Array.from({ length: n }, (_, i) => [i, i + 0.5, 0 - i]), view: r.pick(['', '[::2]', '[::-1]', '[1:]']), expect: 'float64' });
    }
    if (r.next() < 0.2) calls.push({ m: 'state', expect: 'uint32' });
  }
  calls.push({ m: 'state', expect: 'uint32' });
  return calls;
}

const SEEDS = [
  0, 1, 2, 3, 7, 42, 99, 2024, 31337, 12345, 123456789, 4294967295, 4294967296, 2 ** 32 + 5, '9223372036854775808',
  '18446744073709551623', '340282366920938463463374607431768211455', [1, 2, 3], [0], ['1099511627776', 5], [7, 0, 7, 0, 7, 0],
];

test('defaultRng: every method and dtype equals NumPy for 21 seeds (mixed call sequences)', { skip }, async () => {
  await ready;
  const r = rng(977);
  const jobs = SEEDS.map((seed) => ({ seed, calls: genCalls(r) }));
  const want = numpy(jobs);
  let compared = 0;
  let errors = 0;
  for (let j = 0; j < jobs.length; j++) {
    const g = sv.defaultRng(jsSeed(jobs[j].seed));
    for (let k = 0; k < jobs[j].calls.length; k++) {
      const c = jobs[j].calls[k];
      const w = want[j][k];
      const where = `seed ${JSON.stringify(jobs[j].seed)}, call ${k} ${JSON.stringify(c)}`;
      if (w.error !== undefined) {
        // NumPy refused the call: so must strideview, without drawing (the streams stay in step)
        assert.throws(() => runCall(g, c), (e) => e instanceof Error, `numpy raised ${w.error} (${where})`);
        errors++;
        continue;
      }
      const got = runCall(g, c);
      assert.deepEqual(got.shape, w.shape, `shape (${where})`);
      assert.equal(got.hex, w.hex, `values (${where})`);
      compared++;
    }
  }
  assert.ok(compared > 21 * 40, `${compared} results compared`);
  assert.ok(errors < compared / 10, `${errors} calls refused by both`);
});

test('defaultRng: 32-bit buffer interleaving and large fills equal NumPy', { skip }, async () => {
  await ready;
  const calls = [
    { m: 'random', size: 3, dtype: 'float32', expect: 'float32' }, // leaves half a 64-bit draw buffered
    { m: 'integers', low: 0, high: 1000, size: 1, dtype: 'int32', expect: 'int32' }, // uses it
    { m: 'random', dtype: 'float32', expect: 'float32' },
    { m: 'random', size: 2, dtype: 'float64', expect: 'float64' }, // 64-bit draws keep the buffer
    { m: 'integers', low: 0, high: 10, size: 5, dtype: 'int8', expect: 'int8' },
    { m: 'integers', low: 0, high: 10, size: 3, dtype: 'uint16', expect: 'uint16' },
    { m: 'integers', low: 0, high: 2, size: 40, dtype: 'bool', expect: 'bool' },
    { m: 'standardNormal', size: 7, dtype: 'float32', expect: 'float32' },
    { m: 'integers', low: 5, size: 3, dtype: 'int64', expect: 'int64' },
    { m: 'integers', low: '0', high: '18446744073709551615', endpoint: true, size: 4, dtype: 'uint64', expect: 'uint64' },
    { m: 'state', expect: 'uint32' },
    { m: 'standardNormal', size: 200001, dtype: 'float64', expect: 'float64' }, // tails and wedges
    { m: 'standardNormal', size: 200001, dtype: 'float32', expect: 'float32' },
    { m: 'random', size: 100001, dtype: 'float32', expect: 'float32' },
    { m: 'normal', loc: -3, scale: 2.5, size: 50000, expect: 'float64' },
    { m: 'uniform', low: -1, high: 7, size: [100, 7], expect: 'float64' },
    { m: 'integers', low: -1000, high: 1000, size: 30000, dtype: 'int16', expect: 'int16' },
    { m: 'integers', low: 0, high: 3, size: 30001, dtype: 'uint8', expect: 'uint8' },
    { m: 'integers', low: '0', high: String(3n * 2n ** 62n), size: 2000, dtype: 'uint64', expect: 'uint64' },
    { m: 'choice', a: 20000, size: 1000, replace: false, expect: 'int64' }, // tail shuffle (pop > 10000)
    { m: 'choice', a: 20000, size: 300, replace: false, shuffle: false, expect: 'int64' }, // Floyd, unshuffled
    { m: 'choice', a: 5, size: 5, replace: false, p: [0.1, 0.2, 0.3, 0.25, 0.15], expect: 'int64' },
    { m: 'permutation', x: 10001, expect: 'int64' },
    { m: 'state', expect: 'uint32' },
  ];
  const jobs = [0, 1, '9223372036854775808', [3, 4]].map((seed) => ({ seed, calls }));
  const want = numpy(jobs);
  for (let j = 0; j < jobs.length; j++) {
    const g = sv.defaultRng(jsSeed(jobs[j].seed));
    for (let k = 0; k < calls.length; k++) {
      const got = runCall(g, calls[k]);
      assert.equal(want[j][k].error, undefined, want[j][k].error);
      assert.deepEqual(got.shape, want[j][k].shape);
      assert.equal(got.hex, want[j][k].hex, `seed ${JSON.stringify(jobs[j].seed)}, call ${k} ${JSON.stringify(calls[k])}`);
    }
  }
});

test('defaultRng: random/standardNormal write into out (contiguous and strided)', { skip }, async () => {
  await ready;
  const a = sv.defaultRng(5);
  const b = sv.defaultRng(5);
  const base = sv.zeros([4, 6], 'float64');
  const view = base.slice(':, ::2'); // [4, 3], strides [6, 2]
  const r1 = a.random(undefined, { out: view });
  assert.equal(r1, view);
  const ref = b.random([4, 3]);
  assert.deepEqual(view.toArray(), ref.toArray());
  const o32 = sv.empty([5], 'float32');
  a.standardNormal(5, { dtype: 'float32', out: o32 });
  assert.deepEqual(Array.from(o32.toTypedArray()), Array.from(b.standardNormal(5, { dtype: 'float32' }).toTypedArray()));
  assert.throws(() => a.random(3, { out: o32 }), /random: out has dtype float32, expected float64/);
  assert.throws(() => a.random(4, { dtype: 'float32', out: o32 }), /random: size \[4\] does not match out's shape \[5\]/);
  for (const x of [base, view, r1, ref, o32]) x.dispose();
});

test('defaultRng: shuffle in place on strided views and 2-d arrays equals NumPy', { skip }, async () => {
  await ready;
  const calls = [
    { m: 'shuffle', x: Array.from({ length: 12 }, (_, i) => i), view: '[::3]', expect: 'float64' },
    { m: 'shuffle', x: Array.from({ length: 12 }, (_, i) => i), view: '[::-2]', expect: 'float64' },
    { m: 'shuffle', x: Array.from({ length: 6 }, (_, i) => [i, 10 + i, 20 + i]), view: '[:, ::-1]', expect: 'float64' },
    { m: 'shuffle', x: Array.from({ length: 6 }, (_, i) => [i, 10 + i, 20 + i]), view: '[1:5, 1:]', expect: 'float64' },
  ];
  const want = numpy([{ seed: 11, calls }]);
  const g = sv.defaultRng(11);
  for (let k = 0; k < calls.length; k++) {
    const got = runCall(g, calls[k]);
    assert.equal(want[0][k].error, undefined, want[0][k].error);
    assert.equal(got.hex, want[0][k].hex, JSON.stringify(calls[k]));
  }
  // JS arrays are shuffled in place like NumPy's lists.
  const js = [0, 1, 2, 3, 4, 5, 6, 7];
  sv.defaultRng(11).shuffle(js);
  const perm = sv.defaultRng(11).permutation(8);
  assert.deepEqual(js, Array.from(perm.toTypedArray(), Number));
  perm.dispose();
});

test('defaultRng: choice on 2-d populations and scalars', { skip }, async () => {
  await ready;
  const g = sv.defaultRng(3);
  const pop = sv.arange(0, 12, 1, 'float64').reshape([4, 3]);
  const rows = g.choice(pop, [2, 2]);
  assert.deepEqual(rows.shape, [2, 2, 3]);
  const one = g.choice(pop);
  assert.deepEqual(one.shape, [3]);
  const py = spawnSync(PY, ['-c', 'import numpy as np, json; g = np.random.default_rng(3); p = np.arange(12.).reshape(4, 3); print(json.dumps([g.choice(p, (2, 2)).tolist(), g.choice(p).tolist(), int(g.choice(7)), float(g.choice([0.5, 1.5, 2.5]))]))']);
  const [r, o, s, f] = JSON.parse(String(py.stdout));
  assert.deepEqual(rows.toArray(), r);
  assert.deepEqual(one.toArray(), o);
  assert.equal(g.choice(7), s);
  assert.equal(g.choice([0.5, 1.5, 2.5]), f);
  for (const x of [pop, rows, one]) x.dispose();
});

test('defaultRng: errors as NumPy raises them', async () => {
  await ready;
  const g = sv.defaultRng(0);
  assert.throws(() => g.integers(5, 3), { name: 'StrideViewError', message: 'Generator.integers: low 5 >= high 3' });
  assert.throws(() => g.integers(5, 3, null, { endpoint: true }), { message: 'Generator.integers: low 5 > high 3' });
  assert.throws(() => g.integers(0, 300, null, { dtype: 'int8' }), { message: 'Generator.integers: high 300 (exclusive) is out of bounds for int8' });
  assert.throws(() => g.integers(-1, 3, null, { dtype: 'uint8' }), { message: 'Generator.integers: low -1 is out of bounds for uint8' });
  assert.throws(() => g.integers(0, 3, null, { dtype: 'bool' }), /out of bounds for bool/);
  assert.throws(() => g.integers(NaN, 3), /integers: cannot convert low NaN to an integer/);
  assert.throws(() => g.integers(0, 3, null, { dtype: 'float32' }), /Generator.integers: dtype="float32" is not supported \(supported: the integer dtypes and bool\)/);
  assert.throws(() => g.random(3, { dtype: 'int32' }), /Generator.random: dtype="int32" is not supported \(supported: 'float64' and 'float32'\)/);
  assert.throws(() => g.uniform(1, 0), { message: 'Generator.uniform: high - low < 0 (low 1, high 0)' });
  assert.throws(() => g.uniform(-1e308, 1e308), RangeError);
  assert.throws(() => g.normal(0, -1), { message: 'Generator.normal: scale < 0 (scale -1)' });
  assert.throws(() => g.normal(0, -0), /normal: scale < 0/);
  assert.throws(() => g.choice(5, 6, { replace: false }), /choice: cannot take a larger sample \(6\) than the population \(5\)/);
  assert.throws(() => g.choice(0, 3), /choice: a must be a positive integer unless no samples are taken/);
  assert.throws(() => g.choice([], 3), /choice: a cannot be empty unless no samples are taken/);
  assert.throws(() => g.choice(3, null, { p: [0.5, 0.5] }), /choice: a and p must have the same size \(3 and 2\)/);
  assert.throws(() => g.choice(2, null, { p: [0.5, 0.6] }), /choice: probabilities do not sum to 1 \(sum 1.1\)/);
  assert.throws(() => g.choice(2, null, { p: [NaN, 0.6] }), /choice: probabilities contain NaN/);
  assert.throws(() => g.choice(2, null, { p: [-0.5, 1.5] }), /choice: probabilities are not non-negative/);
  assert.throws(() => g.choice(3, 3, { replace: false, p: [0.5, 0.5, 0] }), /choice: fewer non-zero entries in p \(2\) than size \(3\)/);
  assert.throws(() => sv.defaultRng(-1), /defaultRng|PCG64: seed must be non-negative/);
  assert.throws(() => sv.defaultRng(1.5), TypeError);
  assert.throws(() => sv.defaultRng([1, 'x']), TypeError);
  assert.throws(() => g.shuffle(sv.zeros([])), /shuffle: cannot shuffle a 0-d array/);
  assert.throws(() => g.shuffle(sv.zeros([3]).broadcastTo([2, 3])), /shuffle: the array is read-only/);
  // size 0 draws nothing (NumPy returns an empty array without touching the state)
  const before = g.bitGenerator.state;
  const e = g.integers(5, null, 0);
  assert.deepEqual(e.shape, [0]);
  e.dispose();
  assert.deepEqual(g.bitGenerator.state, before);
});

test('defaultRng: state round trip, fresh entropy, no leaks', async () => {
  await ready;
  const g = sv.defaultRng(8);
  g.random(3, { dtype: 'float32' }).dispose(); // leaves a buffered half word
  const saved = g.bitGenerator.state;
  assert.equal(saved.hasUint32, 1);
  const x = g.random(4);
  const h = sv.defaultRng(1);
  h.bitGenerator.state = saved;
  const y = h.random(4);
  assert.deepEqual(x.toArray(), y.toArray());
  x.dispose();
  y.dispose();
  assert.equal(sv.defaultRng(g), g);
  const f1 = sv.defaultRng().random();
  const f2 = sv.defaultRng().random();
  assert.notEqual(f1, f2); // fresh 128-bit entropy each time
  const base = sv.memoryStats();
  for (let i = 0; i < 2000; i++) {
    g.random();
    g.integers(10, null, 3).dispose();
    g.choice([1, 2, 3], 2, { p: [0.2, 0.3, 0.5], replace: false }).dispose();
    g.permutation(5).dispose();
    g.choice(5);
    g.normal(0, 1, [2, 2]).dispose();
    try {
      g.choice(2, 3, { replace: false });
    } catch {
      /* expected */
    }
  }
  const end = sv.memoryStats();
  assert.equal(end.liveArrays, base.liveArrays);
  assert.equal(end.liveBytes, base.liveBytes);
});

test('defaultRng: the scalar (non-SIMD) build gives the same streams as the SIMD build', async () => {
  await ready;
  // The same program in a child process on the other build (one build per process).
  const program = (s) => {
    const g = s.defaultRng(20240611);
    const parts = [];
    const take = (a) => {
      const t = a.toTypedArray();
      parts.push(Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('base64'));
      a.dispose();
    };
    take(g.random(1001));
    take(g.random(1001, { dtype: 'float32' }));
    take(g.standardNormal(100001));
    take(g.standardNormal(100001, { dtype: 'float32' }));
    take(g.normal(2, 3, 1000));
    take(g.uniform(-1, 5, 1000));
    take(g.integers(-100, 100, 999, { dtype: 'int8' }));
    take(g.integers(0, 10n ** 15n, 999));
    take(g.choice(50, 999, { p: Array.from({ length: 50 }, () => 1 / 50) }));
    take(g.choice(30000, 1000, { replace: false }));
    take(g.permutation(1000));
    return parts.join('|');
  };
  const here = program(sv);
  const simd = sv.isSimd();
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import * as s from ${JSON.stringify(new URL('../../dist/index.mjs', import.meta.url).href)};
       await s.init({ simd: ${!simd} });
       const program = ${program.toString()};
       process.stdout.write(program(s));`,
    ],
    { maxBuffer: 1 << 28 },
  );
  assert.equal(child.status, 0, String(child.stderr));
  assert.ok(here.length > 1000000);
  assert.equal(String(child.stdout), here, `SIMD ${simd} vs ${!simd}`);
});
