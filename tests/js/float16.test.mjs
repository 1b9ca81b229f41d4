// float16 against NumPy 1.24 (Debian's /usr/bin/python3 + numpy, one process for all cases):
// conversions of JS numbers and of the engine's casts (bits compared), the promotion tables for
// every dtype pair and array-with-scalar, ops on contiguous, transposed, stepped, broadcast and
// padded float16 views (dtype and bits compared: exact for the ops NumPy rounds once from float32,
// a tolerance for reductions, whose summation order differs, and for exp/sin, whose float32 libm
// differs), printing, .npy round trips, arange, element access, and the typed-array form
// (Float16Array where the runtime has it, Uint16Array bits elsewhere).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready, rng } from './helpers.mjs';

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY);
const NATIVE = typeof globalThis.Float16Array === 'function';
const skip = !HAVE_PY && 'no /usr/bin/python3';

const enc = (x) => (Number.isNaN(x) ? 'nan' : x === Infinity ? 'inf' : x === -Infinity ? '-inf' : Object.is(x, -0) ? '-0' : x);
const dec = (v) => (typeof v === 'number' ? v : { nan: NaN, inf: Infinity, '-inf': -Infinity, '-0': -0 }[v] ?? Number(v));

const PRELUDE = String.raw`
import json, sys
import numpy as np
def dec(v):
    return float(v) if isinstance(v, str) else v
def enc(x):
    x = float(x)
    if x != x: return 'nan'
    if x in (float('inf'), float('-inf')): return 'inf' if x > 0 else '-inf'
    if x == 0 and np.signbit(x): return '-0'
    return x
def out(r):
    r = np.asarray(r)
    if r.dtype == np.float16:
        return {'dtype': 'float16', 'shape': list(r.shape), 'bits': r.view(np.uint16).ravel().tolist()}
    if r.dtype.kind == 'f':
        return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': [enc(x) for x in r.ravel().tolist()]}
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': [int(x) for x in r.ravel().tolist()]}
req = json.load(sys.stdin)
`;

/** Runs the Python program (after PRELUDE) with `req` on stdin; returns its JSON output. */
function numpy(program, req) {
  const r = spawnSync(PY, ['-c', PRELUDE + program], { input: JSON.stringify(req), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The bits of a float16 array (any view) in C order. */
function bitsOf(a) {
  const t = a.toTypedArray();
  if (NATIVE) return Array.from(new Uint16Array(t.buffer, t.byteOffset, t.length));
  return Array.from(t);
}

const halfUlp = (x) => {
  const a = Math.abs(x);
  if (!(a < 65520)) return 0;
  if (a < 2 ** -14) return 2 ** -24;
  return 2 ** (Math.floor(Math.log2(a)) - 10);
};

// ------------------------------------------------------------------------------------ conversions

function conversionValues() {
  const r = rng(16);
  const v = [0, -0, 1, -1, 0.1, 1 / 3, 65504, 65519.99, 65520, -65520, 1e6, 2 ** -24, 2 ** -25, 2 ** -25 * 1.0000001,
    2 ** -14, 2 ** -14 * (1 - 2 ** -11), 6e-8, 1e-10, NaN, Infinity, -Infinity, 2049, 2051, 4097, 1 + 2 ** -11,
    1 + 2 ** -11 + 2 ** -40, 1 + 3 * 2 ** -11];
  for (let i = 0; i < 3000; i++) {
    const e = r.int(-28, 17);
    const m = r.next() * 2 - 1;
    v.push(m * 2 ** e);
  }
  // every tie between neighbouring halves in a few binades, and its neighbours
  for (let b = 0x3c00; b < 0x3c40; b++) {
    const lo = sv.float16ToNumber(b);
    const hi = sv.float16ToNumber(b + 1);
    const m = (lo + hi) / 2;
    v.push(m, -m, m + 2 ** -30, m - 2 ** -30);
  }
  for (let b = 1; b < 40; b++) v.push(((b + 0.5) * 2 ** -24));
  return v;
}

test('float16: JS conversions and the engine casts round like np.float16 (bits)', { skip }, async () => {
  await ready;
  const vals = conversionValues();
  const np = numpy(String.raw`
v = np.array([dec(x) for x in req['v']], dtype=np.float64)
print(json.dumps({'f64': v.astype(np.float16).view(np.uint16).tolist(),
                  'f32': v.astype(np.float32).astype(np.float16).view(np.uint16).tolist()}))
`, { v: vals.map(enc) });
  const mine = vals.map((x) => sv.numberToFloat16(x));
  assert.deepEqual(mine, np.f64, 'numberToFloat16');
  const f64 = sv.array(vals, { dtype: 'float64' });
  const f32 = f64.astype('float32');
  assert.deepEqual(bitsOf(f64.astype('float16')), np.f64, 'astype from float64 (direct, one rounding)');
  assert.deepEqual(bitsOf(f32.astype('float16')), np.f32, 'astype from float32 (SIMD rows and tails)');
  assert.deepEqual(bitsOf(sv.array(vals, { dtype: 'float16' })), np.f64, 'array(..., { dtype: float16 })');
  // every half reads back exactly, through JS and through the engine's float16 -> float64 cast
  const all = Array.from({ length: 65536 }, (_, i) => i);
  const h = sv.fromNdarrayLike({ data: new Uint16Array(all), shape: [65536], dtype: 'float16' });
  assert.equal(h.dtype, 'float16');
  const back = Array.from(h.astype('float64').toTypedArray());
  for (let b = 0; b < 65536; b++) {
    const x = sv.float16ToNumber(b);
    if (Number.isNaN(x)) assert.ok(Number.isNaN(back[b]), `bits ${b}`);
    else assert.ok(Object.is(back[b], x), `bits ${b}: ${back[b]} vs ${x}`);
    if (!Number.isNaN(x)) assert.equal(sv.numberToFloat16(x), b);
  }
  for (const x of [f64, f32, h]) x.dispose();
});

// ------------------------------------------------------------------------------------ promotion

test('float16: promoteTypes for every dtype pair and resultTypeWithScalar equal NumPy 1.24', { skip }, () => {
  const dts = [...sv.DTYPES];
  // JS integers below 2^63 are Python ints, other numbers Python floats, booleans Python bools
  const scalars = [0.1, -2.5, 1e-45, 65000, 65000.5, 1e10, 3.5e38, 1e300, NaN, Infinity, true, 0, 5, -5, 127, 128, 255, 256,
    -129, 300, 32767, 65535, 65536, -32769, 70000, 2 ** 31, 2 ** 40];
  const np = numpy(String.raw`
names = {'bool': np.bool_}
dt = [np.dtype(names.get(d, d)) for d in req['d']]
pairs = [[np.promote_types(a, b).name for b in dt] for a in dt]
def pyval(s):
    if isinstance(s, bool) or s is True or s is False: return s
    if s['k'] == 'i': return int(s['v'])
    return float(dec(s['v']))
sc = [[(np.zeros(1, a) + pyval(s)).dtype.name for s in req['s']] for a in dt]
print(json.dumps({'pairs': pairs, 'scalars': sc}))
`, { d: dts, s: scalars.map((s) => (typeof s === 'boolean' ? s : { k: Number.isInteger(s) && Math.abs(s) < 2 ** 63 ? 'i' : 'f', v: enc(s) })) });
  const nameOf = (d) => (d === 'bool' ? 'bool' : d);
  dts.forEach((a, i) => dts.forEach((b, j) => assert.equal(nameOf(sv.promoteTypes(a, b)), np.pairs[i][j], `promoteTypes(${a}, ${b})`)));
  let checked = 0;
  dts.forEach((a, i) =>
    scalars.forEach((s, j) => {
      // documented difference: a bool array with an integer gives int32 here (NumPy: int64)
      if (a === 'bool' && typeof s === 'number' && Number.isInteger(s)) return;
      assert.equal(nameOf(sv.resultTypeWithScalar(a, s)), np.scalars[i][j], `resultTypeWithScalar(${a}, ${s})`);
      checked++;
    }),
  );
  assert.ok(checked > dts.length * scalars.length * 0.9);
});

test('float16: arithmetic result dtypes with arrays and scalars follow NumPy', async () => {
  await ready;
  const h = sv.array([1, 2], { dtype: 'float16' });
  const cases = [
    [sv.array([1, 2], { dtype: 'float32' }), 'float32'],
    [sv.array([1, 2], { dtype: 'int8' }), 'float16'],
    [sv.array([1, 2], { dtype: 'uint8' }), 'float16'],
    [sv.array([1, 2], { dtype: 'int16' }), 'float32'],
    [sv.array([1, 2], { dtype: 'int32' }), 'float64'],
    [sv.array([true, false]), 'float16'],
    [0.1, 'float16'],
    [5, 'float16'],
    [300, 'float32'],
    [70000, 'float64'],
    [1e10, 'float64'],
  ];
  for (const [b, want] of cases) {
    const r = sv.add(h, b);
    assert.equal(r.dtype, want, `float16 + ${b instanceof sv.NDArray ? b.dtype : b}`);
    r.dispose();
  }
  const r = sv.add(h, 300);
  assert.deepEqual(r.toArray(), [301, 302]);
  assert.equal(sv.mean(h), 1.5);
  assert.equal(sv.mean(h, { keepdims: true }).dtype, 'float16');
  assert.equal(sv.sqrt(h).dtype, 'float16');
});

// ------------------------------------------------------------------------------------ ops on views

const VIEWS = ['c', 'T', 'step', 'bcast', 'pad'];
const SHAPE = [5, 7];

function genData(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = r.next();
    let x;
    if (k < 0.05) x = r.pick([NaN, Infinity, -Infinity, -0, 65504, 6e-5, 3e-7]);
    else if (k < 0.4) x = r.int(-20, 20);
    else x = Math.round((r.next() - 0.5) * 8000) / 64;
    out.push(sv.float16ToNumber(sv.numberToFloat16(x)));
  }
  return out;
}

function viewJs(a, v) {
  if (v === 'T') return a.transpose();
  if (v === 'step') return a.slice('::-2, 1::2');
  if (v === 'bcast') return a.slice('1:2').broadcastTo([3, SHAPE[1]]);
  if (v === 'pad') return a.pad([[1, 0], [0, 2]], 0);
  return a;
}
const VIEW_PY = String.raw`
def view(a, v):
    if v == 'T': return a.T
    if v == 'step': return a[::-2, 1::2]
    if v == 'bcast': return np.broadcast_to(a[1:2], (3, a.shape[1]))
    if v == 'pad': return np.pad(a, ((1, 0), (0, 2)))
    return a
`;

// [name, js, python, tolerance kind]: 'exact' bits; 'ulp' 1 float16 ulp; 'sum' a summation-order bound
const OPS = [
  ['add', (x, y) => sv.add(x, y), 'x + y', 'exact'],
  ['sub', (x, y) => sv.sub(x, y), 'x - y', 'exact'],
  ['mul', (x, y) => sv.mul(x, y), 'x * y', 'exact'],
  ['div', (x, y) => sv.div(x, y), 'x / y', 'exact'],
  ['maximum', (x, y) => sv.maximum(x, y), 'np.maximum(x, y)', 'exact'],
  ['minimum', (x, y) => sv.minimum(x, y), 'np.minimum(x, y)', 'exact'],
  ['greater', (x, y) => sv.greater(x, y), 'x > y', 'exact'],
  ['add row', (x, y, row) => sv.add(x, row), 'x + row', 'exact'],
  ['mul scalar', (x) => sv.mul(x, 0.1), 'x * 0.1', 'exact'],
  ['add float32', (x, y, row, y32) => sv.add(x, y32), 'x + y.astype(np.float32)', 'exact'],
  ['add int8', (x, y, row, y32, i8) => sv.add(x, i8), 'x + i8', 'exact'],
  ['neg', (x) => sv.neg(x), '-x', 'exact'],
  ['abs', (x) => sv.abs(x), 'np.abs(x)', 'exact'],
  ['sqrt', (x) => sv.sqrt(x), 'np.sqrt(x)', 'exact'],
  ['floor', (x) => sv.floor(x), 'np.floor(x)', 'exact'],
  ['square', (x) => sv.square(x), 'np.square(x)', 'exact'],
  ['exp', (x) => sv.exp(sv.mul(x, 0.05)), 'np.exp(x * np.float16(0.05))', 'ulp'],
  ['sin', (x) => sv.sin(x), 'np.sin(x)', 'ulp'],
  ['clip', (x) => sv.clip(x, -10, 10), 'np.clip(x, -10, 10)', 'exact'],
  ['where', (x, y) => sv.where(sv.greater(x, y), x, y), 'np.where(x > y, x, y)', 'exact'],
  ['astype float64', (x) => x.astype('float64'), 'x.astype(np.float64)', 'exact'],
  ['astype int16', (x) => x.astype('int16'), 'x.astype(np.int16)', 'exact', 'finite'],
  ['copy', (x) => x.copy(), 'x.copy()', 'exact'],
  ['sort', (x) => sv.sort(x, { axis: -1 }), 'np.sort(x, axis=-1)', 'exact'],
  ['argmax', (x) => sv.argmax(x, { axis: 0 }), 'np.argmax(x, axis=0)', 'exact'],
  ['max', (x) => sv.max(x, { axis: 1 }), 'np.max(x, axis=1)', 'exact'],
  ['sum', (x) => sv.sum(x, { axis: 0 }), 'np.sum(x, axis=0)', 'sum', 'finite'],
  ['sum all', (x) => sv.sum(x, { keepdims: true }), 'np.sum(x, keepdims=True)', 'sum', 'finite'],
  ['mean', (x) => sv.mean(x, { axis: 1 }), 'np.mean(x, axis=1)', 'sum', 'finite'],
  ['variance', (x) => sv.variance(x, { axis: 0 }), 'np.var(x, axis=0)', 'var', 'finite'],
  ['cumsum', (x) => sv.cumsum(x, { axis: 1 }), 'np.cumsum(x, axis=1)', 'sum', 'finite'],
  ['matmul', (x, y) => sv.matmul(x, y.transpose()), 'x @ y.T', 'sum', 'finite'],
];

test('float16: ops on contiguous, transposed, stepped, broadcast and padded views equal NumPy', { skip }, async () => {
  await ready;
  const r = rng(1616);
  const cases = [];
  for (const v of VIEWS) {
    for (const finite of [false, true]) {
      const gen = () => genData(r, SHAPE[0] * SHAPE[1]).map((x) => (finite && !Number.isFinite(x) ? 1.5 : finite ? Math.max(-60, Math.min(60, x)) : x));
      cases.push({ v, finite, a: gen(), b: gen() });
    }
  }
  const np = numpy(VIEW_PY + String.raw`
ops = req['ops']
res = []
with np.errstate(all='ignore'):
    for c in req['cases']:
        A = np.array([dec(x) for x in c['a']], dtype=np.float16).reshape(${SHAPE[0]}, ${SHAPE[1]})
        B = np.array([dec(x) for x in c['b']], dtype=np.float16).reshape(${SHAPE[0]}, ${SHAPE[1]})
        x = view(A, c['v']); y = view(B, c['v'])
        row = B[0, :x.shape[1]] if x.shape[1] <= B.shape[1] else np.resize(B[0], x.shape[1])
        i8 = np.clip(np.round(np.asarray(y, dtype=np.float64)), -100, 100)
        i8 = np.nan_to_num(i8).astype(np.int8)
        r = {}
        for name, expr in ops:
            r[name] = out(eval(expr))
        r['row'] = [enc(v) for v in np.asarray(row, dtype=np.float64).tolist()]
        r['i8'] = np.asarray(i8).ravel().tolist()
        res.append(r)
print(json.dumps(res))
`, { cases: cases.map((c) => ({ v: c.v, a: c.a.map(enc), b: c.b.map(enc) })), ops: OPS.map((o) => [o[0], o[2]]) });
  let compared = 0;
  cases.forEach((c, ci) => {
    const A = sv.array(c.a, { dtype: 'float16', shape: SHAPE });
    const B = sv.array(c.b, { dtype: 'float16', shape: SHAPE });
    const x = viewJs(A, c.v);
    const y = viewJs(B, c.v);
    const row = sv.array(np[ci].row.map(dec), { dtype: 'float16' });
    const y32 = y.astype('float32');
    const i8 = sv.array(np[ci].i8, { dtype: 'int8', shape: y.shape });
    for (const [name, fn, , tol, only] of OPS) {
      if (only === 'finite' && !c.finite) continue;
      const want = np[ci][name];
      const label = `${name} on ${c.v} view (finite ${c.finite})`;
      const got = fn(x, y, row, y32, i8);
      assert.equal(got.dtype, want.dtype, `${label}: dtype`);
      assert.deepEqual(got.shape, want.shape, `${label}: shape`);
      if (want.dtype === 'float16') {
        const gb = bitsOf(got);
        gb.forEach((g, i) => {
          const w = want.bits[i];
          if (g === w) return;
          const gv = sv.float16ToNumber(g);
          const wv = sv.float16ToNumber(w);
          if (Number.isNaN(gv) && Number.isNaN(wv)) return;
          if (tol === 'exact') assert.fail(`${label}: element ${i} is ${gv} (0x${g.toString(16)}), NumPy ${wv} (0x${w.toString(16)})`);
          const bound = tol === 'ulp' ? halfUlp(wv) : tol === 'var' ? 4 * halfUlp(wv) + 2 ** -10 : 2 * halfUlp(wv) + 2 ** -6;
          assert.ok(Math.abs(gv - wv) <= bound, `${label}: element ${i} is ${gv}, NumPy ${wv} (bound ${bound})`);
        });
      } else {
        const gv = Array.from(got.toTypedArray(), (v) => (typeof v === 'bigint' ? Number(v) : v));
        gv.forEach((g, i) => {
          const w = dec(want.values[i]);
          if (Number.isNaN(w)) assert.ok(Number.isNaN(g), `${label}: element ${i} is ${g}, NumPy NaN`);
          else assert.equal(g, w, `${label}: element ${i}`);
        });
      }
      got.dispose();
      compared++;
    }
    for (const t of [A, B, row, y32, i8]) t.dispose();
  });
  assert.ok(compared >= OPS.length * VIEWS.length, `only ${compared} comparisons`);
});

// ------------------------------------------------------------------------------------ I/O, printing, access

test('float16: repr and str print like NumPy', { skip }, async () => {
  await ready;
  const arrays = [[1, 2], [0.1, 65504, 1e-7], [1 / 3, -2.5, NaN, Infinity], [[1.5, 2], [1e4, -0.0001]], [65504, 1, 0.5], [], [0.0999755859375]];
  const np = numpy(String.raw`
print(json.dumps([repr(np.array([dec(x) for x in a] if not a or not isinstance(a[0], list) else [[dec(x) for x in r] for r in a], dtype=np.float16)) for a in req]))
`, arrays.map((a) => (Array.isArray(a[0]) ? a.map((r) => r.map(enc)) : a.map(enc))));
  arrays.forEach((a, i) => {
    const x = sv.array(a, { dtype: 'float16' });
    assert.equal(String(x), np[i]);
    x.dispose();
  });
});

test('float16: .npy round trips (<f2) with NumPy in both directions', { skip }, async () => {
  await ready;
  const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'sv-f16-'));
  const a = sv.array([[0.1, -2, 65504], [NaN, -Infinity, 6e-8]], { dtype: 'float16' });
  writeFileSync(join(dir, 'a.npy'), sv.saveNpy(a.transpose()));
  const np = numpy(String.raw`
a = np.load(req['p'] + '/a.npy')
np.save(req['p'] + '/b.npy', (a * np.float16(3)).astype('>f2'))
print(json.dumps({'dtype': a.dtype.str, 'shape': list(a.shape), 'bits': a.view(np.uint16).ravel().tolist()}))
`, { p: dir });
  assert.equal(np.dtype, '<f2');
  assert.deepEqual(np.shape, [3, 2]);
  assert.deepEqual(np.bits, bitsOf(a.transpose()));
  const b = sv.loadNpy(readFileSync(join(dir, 'b.npy')));
  assert.equal(b.dtype, 'float16');
  const want = sv.mul(a.transpose(), 3);
  assert.deepEqual(bitsOf(b), bitsOf(want));
  for (const x of [a, b, want]) x.dispose();
});

test('float16: arange equals NumPy (two values rounded, the rest from their float32 difference)', { skip }, async () => {
  await ready;
  const args = [[0, 1, 0.1], [0, 10, 1], [-3, 3, 0.37], [1000, 1100, 3.3], [0, 70000, 4000]];
  const np = numpy(String.raw`
with np.errstate(all='ignore'):
    print(json.dumps([np.arange(*a, dtype=np.float16).view(np.uint16).tolist() for a in req]))
`, args);
  args.forEach((a, i) => {
    const r = sv.arange(a[0], a[1], a[2], { dtype: 'float16' });
    assert.deepEqual(bitsOf(r), np[i], `arange(${a})`);
    r.dispose();
  });
});

test('float16: element access, JSON, iteration, fill values and typed arrays', async () => {
  await ready;
  const a = sv.array([[0.1, 2], [-0, 70000]], { dtype: 'float16' });
  assert.equal(a.get(0, 0), 0.0999755859375);
  assert.ok(Object.is(a.get(1, 0), -0));
  assert.equal(a.get(1, 1), Infinity);
  assert.equal(a.item(0, 1), 2);
  assert.deepEqual(a.toArray(), [[0.0999755859375, 2], [-0, Infinity]]);
  assert.equal(JSON.stringify(a), '[[0.0999755859375,2],[0,null]]');
  assert.deepEqual([...a.slice(0)], [0.0999755859375, 2]);
  a.set(0, 1, 1 / 3);
  assert.equal(a.get(0, 1), 0.333251953125);
  a.set([1], 0.2);
  assert.deepEqual(a.slice(1).toArray(), [0.199951171875, 0.199951171875]);
  const p = a.pad([[1, 0], [0, 0]], 0.1);
  assert.deepEqual(p.slice(0).toArray(), [0.0999755859375, 0.0999755859375]);
  assert.equal(p.get(0, 0), 0.0999755859375);
  const f = sv.full([3], 1e-8, { dtype: 'float16' });
  assert.deepEqual(f.toArray(), [0, 0, 0]);
  const t = a.toTypedArray();
  if (NATIVE) {
    assert.ok(t instanceof globalThis.Float16Array);
    assert.equal(t[1], 0.333251953125);
    const back = sv.fromTypedArray(t, [2, 2]);
    assert.equal(back.dtype, 'float16');
    back.dispose();
  } else {
    // no Float16Array (Node 20, 22): the IEEE binary16 bits in a Uint16Array
    assert.ok(t instanceof Uint16Array);
    assert.deepEqual(Array.from(t), [0x2e66, 0x3555, 0x3266, 0x3266]);
    const u = sv.fromTypedArray(t);
    assert.equal(u.dtype, 'uint16'); // a Uint16Array is uint16; say dtype: 'float16' to read bits
    const h = sv.fromNdarrayLike({ data: t, shape: [2, 2], dtype: 'float16' });
    assert.equal(h.dtype, 'float16');
    assert.deepEqual(h.toArray(), a.toArray());
    const h32 = sv.fromNdarrayLike({ data: t, shape: [2, 2], dtype: 'float16' }, { dtype: 'float32' });
    assert.deepEqual(h32.toArray(), a.toArray());
    for (const x of [u, h, h32]) x.dispose();
  }
  const nd = a.toNdarrayLike();
  assert.equal(nd.dtype, 'float16');
  assert.equal(sv.numberToFloat16(0.1), 0x2e66);
  assert.equal(sv.float16ToNumber(0x7bff), 65504);
  for (const x of [a, p, f]) x.dispose();
});
