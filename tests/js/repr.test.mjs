// Arrays that show themselves: toString / util.inspect print NumPy's repr, checked character for
// character against Debian's /usr/bin/python3 + numpy (one process fed every case as JSON): every
// dtype, ranks 0-4, empty shapes, integers, fractions, tiny and huge magnitudes, nan / inf / -0,
// arrays above the summarisation threshold, views (transposed, stepped slices, broadcast, padded)
// and every print option. Then the option checks, toJSON, iteration and disposed arrays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { inspect } from 'node:util';
import { sv, ready, rng, throwsSv } from './helpers.mjs';

await ready;

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY);
const SCRIPT = String.raw`
import json, sys
import numpy as np
cases = json.load(sys.stdin)
out = []
for c in cases:
    dt = np.dtype(c['dtype'])
    if dt.kind == 'b':
        vals = [v == '1' for v in c['values']]
    elif dt.kind in 'iu':
        vals = [int(v) for v in c['values']]
    elif dt.kind == 'c':
        vals = [complex(float(v[0]), float(v[1])) for v in c['values']]
    else:
        vals = [float(v) for v in c['values']]
    a = np.array(vals, dtype=dt).reshape(c['shape'])
    for op, arg in c['views']:
        if op == 'T':
            a = a.T
        elif op == 'slice':
            a = eval('a[' + arg + ']', {'a': a})
        elif op == 'broadcast':
            a = np.broadcast_to(a, arg)
        elif op == 'pad':
            a = np.pad(a, arg[0], constant_values=arg[1])
    with np.printoptions(**c['options']):
        out.append(repr(a))
json.dump(out, sys.stdout)
`;

const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
const FLOATS = ['float32', 'float64'];
const CPLX = ['complex64', 'complex128'];
const ALL = ['bool', ...INTS, ...FLOATS];
const RANGE = {
  int8: [-128n, 127n],
  uint8: [0n, 255n],
  int16: [-32768n, 32767n],
  uint16: [0n, 65535n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

const r = rng(20261125);

/** A value of the dtype as a decimal string (exact for 64-bit integers), of one flavour. */
function value(dtype, flavour) {
  // complex: each part a value of the part dtype, of this flavour or (a third of the time) another
  if (CPLX.includes(dtype)) {
    const part = dtype === 'complex64' ? 'float32' : 'float64';
    const other = () => (r.next() < 0.33 ? r.pick(FLAVOURS) : flavour);
    return [value(part, other()), value(part, other())];
  }
  if (dtype === 'bool') return r.next() < 0.5 ? '1' : '0';
  if (INTS.includes(dtype)) {
    const [lo, hi] = RANGE[dtype];
    let v;
    if (flavour === 'small') v = BigInt(r.int(-20, 20));
    else if (flavour === 'edge') v = r.pick([lo, hi, 0n, lo + 1n, hi - 1n]);
    else v = BigInt(Math.floor((r.next() - 0.5) * 2 ** 40)) * BigInt(r.int(1, 2 ** 20));
    if (v < lo || v > hi) v = lo + (((v % (hi - lo + 1n)) + (hi - lo + 1n)) % (hi - lo + 1n));
    return String(v);
  }
  const f32 = dtype === 'float32';
  const round = (x) => (f32 ? Math.fround(x) : x);
  let x;
  switch (flavour) {
    case 'small':
      x = r.int(-9, 30);
      break;
    case 'fraction':
      x = r.int(-400, 400) / r.pick([2, 4, 8, 10, 3, 7, 100, 1000]);
      break;
    case 'digits':
      x = (r.next() - 0.3) * 10 ** r.int(-3, 4);
      break;
    case 'tiny':
      x = (r.next() - 0.5) * 10 ** r.int(f32 ? -44 : -320, -5);
      break;
    case 'huge':
      x = (r.next() - 0.5) * 10 ** r.int(5, f32 ? 38 : 307);
      break;
    case 'bits': {
      // any finite float of the dtype, from random bits (subnormals and extremes included)
      do {
        if (f32) x = new Float32Array(new Uint32Array([Math.floor(r.next() * 2 ** 32)]).buffer)[0];
        else x = new Float64Array(new Uint32Array([Math.floor(r.next() * 2 ** 32), Math.floor(r.next() * 2 ** 32)]).buffer)[0];
      } while (!Number.isFinite(x));
      break;
    }
    case 'boundary':
      // where NumPy switches notation: 1e8, 1e-4, a max/min ratio of 1000 (computed in the dtype)
      x = r.pick([1e8, 99999999, 99999990, 1e-4, 0.000099999, 0.00010001, 1000, 999.99994, 1000.0001, 1, 0.001, 0.5, 0.0005]) * r.pick([1, -1]);
      break;
    case 'ties':
      // dyadic values with short exact decimals: halfway cases of the rounding at the precision
      x = (r.int(-2e6, 2e6) + 0.5) / 2 ** r.int(0, 12);
      break;
    case 'special':
      x = r.pick([NaN, Infinity, -Infinity, -0, 0, 1, -1.5]);
      break;
    default:
      x = r.pick([0.1, 0.2, 0.3, 1 / 3, 2 / 3, 0.7, 1e-4, 9.999e-5, 99999999, 1e8, 123456.789, 1e16, 5e-324, 1.5e-45, 3.4e38]);
  }
  x = round(x);
  return Number.isNaN(x) ? 'nan' : x === Infinity ? 'inf' : x === -Infinity ? '-inf' : Object.is(x, -0) ? '-0.0' : String(x);
}

function toJs(dtype, s) {
  if (CPLX.includes(dtype)) return sv.complex(toJs('float64', s[0]), toJs('float64', s[1]));
  if (dtype === 'bool') return s === '1';
  if (dtype === 'int64' || dtype === 'uint64') return BigInt(s);
  if (INTS.includes(dtype)) return Number(s);
  return s === 'nan' ? NaN : s === 'inf' ? Infinity : s === '-inf' ? -Infinity : Number(s);
}

const FLAVOURS = ['small', 'fraction', 'digits', 'tiny', 'huge', 'special', 'picked', 'bits', 'boundary'];
const SHAPES = [[], [1], [5], [0], [0, 3], [3, 0, 2], [2, 3], [4, 1], [3, 4], [2, 2, 3], [2, 3, 4], [2, 1, 2, 3], [1, 2, 2, 2], [12], [40], [7, 13]];

function product(s) {
  return s.reduce((p, d) => p * d, 1);
}

/** A case: base array (dtype, shape, values) + views + print options. */
function makeCase(dtype, shape, flavours, views = [], options = {}) {
  const n = product(shape);
  const values = Array.from({ length: n }, () => value(dtype, r.pick(flavours)));
  return { dtype, shape, values, views, options };
}

const cases = [];
// every dtype, rank and flavour, default options
for (const dtype of ALL) {
  for (const shape of SHAPES) {
    const flav = FLOATS.includes(dtype) ? FLAVOURS : ['small', 'edge', 'wide'];
    for (const f of flav) cases.push(makeCase(dtype, shape, [f]));
    cases.push(makeCase(dtype, shape, flav)); // mixed
  }
}
// the REPL example and other classics
cases.push({ dtype: 'float32', shape: [2, 3], values: ['0', '1', '2', '3', '4', '5'], views: [], options: {} });
cases.push({ dtype: 'float64', shape: [3], values: ['0.1', '0.25', '1e-10'], views: [], options: {} });
// summarisation: above the threshold, ranks 1-3
for (const dtype of ['float32', 'float64', 'int32', 'int64', 'bool', 'uint8']) {
  for (const shape of [[1001], [2000], [40, 30], [30, 40], [11, 10, 11], [7, 8, 9, 3]]) {
    cases.push(makeCase(dtype, shape, FLOATS.includes(dtype) ? ['digits', 'small'] : ['small', 'wide']));
  }
}
// views
for (const dtype of ['float32', 'float64', 'int16', 'uint64', 'bool']) {
  const fl = FLOATS.includes(dtype) ? ['digits', 'fraction', 'special'] : ['small', 'wide'];
  cases.push(makeCase(dtype, [3, 4], fl, [['T', null]]));
  cases.push(makeCase(dtype, [2, 3, 4], fl, [['T', null]]));
  cases.push(makeCase(dtype, [6, 5], fl, [['slice', '::2, ::-2']]));
  cases.push(makeCase(dtype, [7, 6, 5], fl, [['slice', '1::3, :, -1::-2']]));
  cases.push(makeCase(dtype, [3], fl, [['broadcast', [4, 3]]]));
  cases.push(makeCase(dtype, [2, 1], fl, [['broadcast', [3, 2, 5]]]));
  cases.push(makeCase(dtype, [2, 3], fl, [['pad', [[[1, 2], [0, 1]], 7]]]));
  cases.push(makeCase(dtype, [40, 30], fl, [['T', null], ['slice', '::-1, 1:']]));
  cases.push(makeCase(dtype, [1200], fl, [['broadcast', [2, 1200]]]));
  cases.push(makeCase(dtype, [35, 35], fl, [['pad', [[[2, 3], [1, 0]], 1]]]));
}
// float digits: many short float arrays of random bits and boundary values, in every float mode
for (const dtype of FLOATS) {
  for (const options of [{}, { floatmode: 'unique' }, { floatmode: 'fixed', precision: 12 }, { floatmode: 'maxprec_equal' }, { suppress: true }, { precision: 20 }, { floatmode: 'fixed', precision: 30, suppress: true }, { precision: 2 }, { precision: 4, suppress: true }, { precision: 1, floatmode: 'maxprec_equal' }]) {
    for (let i = 0; i < 40; i++) cases.push(makeCase(dtype, [r.int(1, 4)], r.pick([['bits'], ['boundary'], ['ties'], ['bits', 'boundary', 'special'], ['huge', 'small', 'ties'], ['tiny', 'digits']]), [], options));
  }
}
// complex64 / complex128 (NumPy's ComplexFloatingFormat: a column of real parts, one of imaginary
// parts with '+' always, each choosing its own notation): every rank and flavour, views, summarised
for (const dtype of CPLX) {
  for (const shape of SHAPES) {
    for (const f of FLAVOURS) cases.push(makeCase(dtype, shape, [f]));
    cases.push(makeCase(dtype, shape, FLAVOURS));
  }
  for (let i = 0; i < 120; i++) cases.push(makeCase(dtype, [r.int(1, 5)], r.pick([['bits'], ['boundary'], ['special', 'small'], ['tiny', 'huge'], FLAVOURS, ['fraction', 'special']])));
  for (const shape of [[1001], [40, 30], [11, 10, 11]]) cases.push(makeCase(dtype, shape, ['digits', 'small', 'special']));
  const fl = ['digits', 'fraction', 'special', 'small'];
  cases.push(makeCase(dtype, [3, 4], fl, [['T', null]]));
  cases.push(makeCase(dtype, [7, 6, 5], fl, [['slice', '1::3, :, -1::-2']]));
  cases.push(makeCase(dtype, [2, 1], fl, [['broadcast', [3, 2, 5]]]));
  cases.push(makeCase(dtype, [2, 3], fl, [['pad', [[[1, 2], [0, 1]], 7]]]));
  cases.push(makeCase(dtype, [40, 30], fl, [['T', null], ['slice', '::-1, 1:']]));
  cases.push(makeCase(dtype, [35, 35], fl, [['pad', [[[2, 3], [1, 0]], 1.5]]]));
}
cases.push({ dtype: 'complex64', shape: [2], values: [['1', '2'], ['3', '-4']], views: [], options: {} });
cases.push({ dtype: 'complex128', shape: [], values: [['1', '2']], views: [], options: {} });
cases.push({ dtype: 'complex128', shape: [4], values: [['nan', 'nan'], ['inf', '-inf'], ['-0.0', '-0.0'], ['1.5', 'nan']], views: [], options: {} });
// print options
const OPTIONS = [
  { precision: 3 },
  { precision: 0 },
  { precision: 12 },
  { floatmode: 'unique' },
  { floatmode: 'fixed' },
  { floatmode: 'fixed', precision: 2 },
  { floatmode: 'maxprec_equal' },
  { floatmode: 'maxprec_equal', precision: 4 },
  { suppress: true },
  { suppress: true, precision: 3 },
  { sign: '+' },
  { sign: ' ' },
  { sign: '+', floatmode: 'fixed' },
  { linewidth: 40 },
  { linewidth: 10 },
  { linewidth: 200 },
  { threshold: 10 },
  { threshold: 10, edgeitems: 1 },
  { threshold: 5, edgeitems: 0 },
  { threshold: 20, edgeitems: 5 },
  { linewidth: 1 },
  { linewidth: 5, sign: ' ' },
  { threshold: 0 },
  { threshold: -1, edgeitems: 2 },
  { threshold: 0, edgeitems: 10 },
  { precision: 0, floatmode: 'fixed' },
  { precision: 1, floatmode: 'maxprec_equal', sign: ' ' },
  { floatmode: 'unique', suppress: true },
  { floatmode: 'unique', sign: '+', linewidth: 30 },
];
for (const options of OPTIONS) {
  for (const dtype of ['float32', 'float64', 'int32', 'uint64', 'bool', 'complex64', 'complex128']) {
    const fl = FLOATS.includes(dtype) || CPLX.includes(dtype) ? FLAVOURS : ['small', 'wide'];
    for (const shape of [[], [7], [3, 5], [2, 3, 4], [15, 12]]) {
      for (const f of FLOATS.includes(dtype) || CPLX.includes(dtype) ? ['digits', 'fraction', 'tiny', 'huge', 'special', 'small'] : ['small']) cases.push(makeCase(dtype, shape, [f], [], options));
      cases.push(makeCase(dtype, shape, fl, [], options));
    }
  }
}

function build(c) {
  const base = sv.array(c.values.map((s) => toJs(c.dtype, s)), { dtype: c.dtype }).reshape(c.shape);
  let a = base;
  for (const [op, arg] of c.views) {
    if (op === 'T') a = a.transpose();
    else if (op === 'slice') a = a.slice(arg);
    else if (op === 'broadcast') a = a.broadcastTo(arg);
    else if (op === 'pad') a = a.padView(arg[0], arg[1]);
  }
  return a;
}

let expected = null;
let pyError = null;
if (HAVE_PY) {
  const py = spawnSync(PY, ['-c', SCRIPT], { input: JSON.stringify(cases), maxBuffer: 1 << 28 });
  if (py.status !== 0) pyError = String(py.stderr) || `status ${py.status}`;
  else expected = JSON.parse(String(py.stdout));
}

test(`NumPy differential: repr of ${cases.length} arrays (dtypes, ranks 0-4, empty, views, summarised, options)`, { skip: !HAVE_PY && 'no /usr/bin/python3' }, () => {
  assert.equal(pyError, null, `python failed: ${pyError}`);
  const bad = [];
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const got = sv.tidy(() => sv.withPrintOptions(c.options, () => String(build(c))));
    if (got !== expected[i]) bad.push(`case ${JSON.stringify({ ...c, values: c.values.length > 12 ? `${c.values.length} values` : c.values })}\n  numpy: ${expected[i]}\n  ours:  ${got}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${cases.length} reprs differ:\n${bad.slice(0, 8).join('\n')}`);
});

test('the repr is what toString, String(), template literals and util.inspect give', () => {
  const a = sv.arange(0, 6, 1, 'float32').reshape([2, 3]);
  const want = 'array([[0., 1., 2.],\n       [3., 4., 5.]], dtype=float32)';
  assert.equal(a.toString(), want);
  assert.equal(String(a), want);
  assert.equal(`${a}`, want);
  assert.equal(inspect(a), want);
  assert.equal(a[Symbol.for('Deno.customInspect')](), want); // what Deno's console.log prints
  assert.equal(inspect({ a: sv.arange(0, 3, 1, 'int32') }), '{ a: array([0, 1, 2], dtype=int32) }');
  assert.equal(Object.prototype.toString.call(a), '[object NDArray]');
  assert.equal(String(sv.arange(0, 6, 1, 'float64').reshape([1000 / 500, 3])), 'array([[0., 1., 2.],\n       [3., 4., 5.]])');
  a.dispose();
});

test('a repr prints the logical values of every view and leaves no array behind', () => {
  const before = sv.memoryStats().liveArrays;
  const owner = sv.arange(0, 2400, 1, 'int32');
  const base = owner.reshape([40, 60]);
  const views = [base.transpose(), base.slice('::-3, 1::7'), base.slice('0').broadcastTo([3, 60]), base.slice(':2, :2').padView([[1, 1], [0, 2]], -1)];
  for (const v of views) assert.equal(String(v), sv.tidy(() => String(v.copy())));
  assert.equal(String(views[3]), 'array([[-1, -1, -1, -1],\n       [ 0,  1, -1, -1],\n       [60, 61, -1, -1],\n       [-1, -1, -1, -1]], dtype=int32)');
  assert.equal(String(sv.withPrintOptions({ threshold: 10 }, () => String(views[0]))).split('\n').length, 7); // summarised: a gathered corner, freed
  owner.dispose();
  assert.equal(sv.memoryStats().liveArrays, before);
});

test('printOptions sets, getPrintOptions reads, the previous options come back', () => {
  const defaults = { precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75, suppress: false, sign: '-', floatmode: 'maxprec' };
  assert.deepEqual(sv.getPrintOptions(), defaults);
  const prev = sv.printOptions({ precision: 3, sign: '+' });
  assert.deepEqual(prev, defaults);
  assert.deepEqual(sv.getPrintOptions(), { ...defaults, precision: 3, sign: '+' });
  const a = sv.array([Math.PI, -1]);
  assert.equal(String(a), 'array([+3.142, -1.   ])');
  sv.printOptions({ precision: undefined, threshold: null }); // unchanged, as NumPy's None
  assert.deepEqual(sv.printOptions(), { ...defaults, precision: 3, sign: '+' }); // no change, as set_printoptions()
  assert.equal(sv.getPrintOptions().precision, 3);
  sv.printOptions(prev);
  assert.deepEqual(sv.getPrintOptions(), defaults);
  assert.equal(String(a), 'array([ 3.14159265, -1.        ])');
  // getPrintOptions gives a copy
  sv.getPrintOptions().precision = 1;
  assert.equal(sv.getPrintOptions().precision, 8);
  // withPrintOptions restores, also after a throw
  assert.equal(sv.withPrintOptions({ precision: 2 }, () => String(a)), 'array([ 3.14, -1.  ])');
  assert.throws(() => sv.withPrintOptions({ threshold: 0 }, () => {
    throw new Error('boom');
  }), /boom/);
  assert.deepEqual(sv.getPrintOptions(), defaults);
  a.dispose();
});

test('bad print options are refused with the option named, and nothing changes', () => {
  const before = sv.getPrintOptions();
  const bad = [
    // printOptions(null) and printOptions(5) are NumPy's set_printoptions(None) / (5): see tests/js/contract_misc.test.mjs
    ['x', TypeError, /printOptions: precision must be an integer, got "x"/],
    [{ precison: 3 }, TypeError, /printOptions: unknown option 'precison'; did you mean 'precision'\? \(printOptions takes precision, threshold, edgeitems/],
    [{ precision: -1 }, RangeError, /printOptions: precision must be >= 0, got -1/],
    [{ precision: 2.5 }, RangeError, /precision must be an integer, got 2.5/],
    [{ precision: '3' }, TypeError, /precision must be an integer, got "3"/],
    [{ threshold: NaN }, RangeError, /threshold must not be NaN/],
    [{ threshold: '10' }, TypeError, /threshold must be a number/],
    [{ edgeitems: -2 }, RangeError, /edgeitems must be >= 0, got -2/],
    [{ linewidth: 0 }, RangeError, /linewidth must be >= 1, got 0/],
    [{ suppress: 1 }, TypeError, /suppress must be a boolean, got 1/],
    [{ sign: 'x' }, RangeError, /sign must be '-', '\+' or ' ', got "x"/],
    [{ floatmode: 'exact' }, RangeError, /floatmode must be one of 'fixed', 'unique', 'maxprec', 'maxprec_equal', got "exact"/],
    [{ precision: 3, sign: '*' }, RangeError, /sign/], // the valid precision is not applied either
  ];
  for (const [o, cls, re] of bad) {
    assert.throws(() => sv.printOptions(o), (e) => e instanceof cls && re.test(e.message), `printOptions(${JSON.stringify(o)})`);
    assert.deepEqual(sv.getPrintOptions(), before);
  }
  assert.throws(() => sv.withPrintOptions({ precision: -1 }, () => 1), /withPrintOptions: precision must be >= 0/);
  assert.throws(() => sv.withPrintOptions({}, 5), /withPrintOptions: fn must be a function/);
});

test('toJSON gives nested arrays: JSON.stringify prints the values', () => {
  const a = sv.arange(0, 6, 1, 'float32').reshape([2, 3]);
  assert.equal(JSON.stringify(a), '[[0,1,2],[3,4,5]]');
  assert.equal(JSON.stringify({ a: a.transpose() }), '{"a":[[0,3],[1,4],[2,5]]}');
  assert.equal(JSON.stringify(sv.array([true, false])), '[true,false]');
  assert.equal(JSON.stringify(sv.full([], 2.5, 'float64')), '2.5');
  assert.equal(JSON.stringify(sv.zeros([2, 0], 'int32')), '[[],[]]');
  assert.equal(JSON.stringify(sv.array([1.5, NaN])), '[1.5,null]'); // JSON has no NaN
  assert.equal(JSON.stringify(sv.array([-(2n ** 53n) + 1n, 2n ** 53n - 1n], { dtype: 'int64' })), '[-9007199254740991,9007199254740991]');
  assert.deepEqual(sv.array([[1n, 2n]], { dtype: 'uint64' }).toJSON(), [[1, 2]]);
  assert.equal(JSON.stringify(sv.array([1, 2, 3], { dtype: 'int32' }).padView([[1, 0]], 9)), '[9,1,2,3]');
  a.dispose();
});

test('complex arrays: toJSON gives { re, im } objects (as Complex.toJSON), iteration gives Complex values', () => {
  const a = sv.array([[sv.complex(1, 2), sv.complex(-0.5, 0)], [sv.complex(3, -4), sv.complex(NaN, Infinity)]], { dtype: 'complex64' });
  assert.equal(JSON.stringify(a), '[[{"re":1,"im":2},{"re":-0.5,"im":0}],[{"re":3,"im":-4},{"re":null,"im":null}]]'); // JSON has no NaN / Infinity
  assert.equal(JSON.stringify(sv.array(sv.complex(0, 1))), '{"re":0,"im":1}');
  assert.equal(JSON.stringify(a.transpose().slice('::-1')), '[[{"re":-0.5,"im":0},{"re":null,"im":null}],[{"re":1,"im":2},{"re":3,"im":-4}]]');
  const items = [...a.slice(1)];
  assert.ok(items.every((z) => z instanceof sv.Complex));
  assert.deepEqual(items.map(String), ['(3-4j)', '(nan+infj)']);
  assert.deepEqual([...a].map((row) => row.shape), [[2], [2]]);
  assert.equal(inspect(sv.complex(1, 2)), 'Complex { re: 1, im: 2 }');
  assert.equal(inspect(sv.array([sv.complex(1, 2)])), 'array([1.+2.j])');
  a.dispose();
});

test('toJSON of a 64-bit integer beyond 2^53 - 1 names the element and the value', () => {
  const a = sv.array([[1n, 2n], [3n, 2n ** 53n]], { dtype: 'int64' });
  throwsSv(assert, () => JSON.stringify(a), 'overflow', /^toJSON: element \[1, 1\] of the int64 array is 9007199254740992, beyond Number.MAX_SAFE_INTEGER \(2\^53 - 1\)/);
  const u = sv.array([2n ** 64n - 1n], { dtype: 'uint64' });
  throwsSv(assert, () => u.toJSON(), 'overflow', /element \[0\] of the uint64 array is 18446744073709551615/);
  throwsSv(assert, () => sv.array([-(2n ** 53n)], { dtype: 'int64' }).toJSON(), 'overflow', /is -9007199254740992/);
  a.dispose();
  u.dispose();
});

test('iteration walks the first axis: views of rows, elements of a 1-d array', () => {
  const a = sv.arange(0, 24, 1, 'int32').reshape([2, 3, 4]);
  const rows = [...a];
  assert.equal(rows.length, 2);
  assert.ok(rows.every((v) => v instanceof sv.NDArray && v.base === a.base));
  assert.deepEqual(rows[1].shape, [3, 4]);
  assert.deepEqual(rows[1].toArray(), a.toArray()[1]);
  rows[0].set(0, 0, 99); // a view: writes reach the base
  assert.equal(a.item(0, 0, 0), 99);
  const seen = [];
  for (const row of a.transpose()) seen.push(row.toArray());
  assert.deepEqual(seen, sv.tidy(() => a.transpose().copy().toArray()));
  assert.deepEqual([...sv.array([1.5, 2.5, 3.5])], [1.5, 2.5, 3.5]);
  assert.deepEqual([...sv.array([5n, 6n], { dtype: 'int64' })], [5, 6]);
  assert.deepEqual([...sv.array([true, false])], [true, false]);
  assert.deepEqual([...sv.array([1, 2], { dtype: 'int8' }).padView([[1, 1]], 7)], [7, 1, 2, 7]);
  assert.deepEqual([...sv.zeros([0, 3], 'float32')], []);
  assert.deepEqual(Array.from(sv.arange(0, 4, 1, 'float64').reshape([2, 2]), (r) => r.toArray()), [[0, 1], [2, 3]]);
  assert.throws(() => [...sv.full([], 5, 'float32')], (e) => e instanceof TypeError && e.message.startsWith('iterate: iteration over a 0-d array'));
  // views made while iterating inside tidy are disposed by it; the base stays
  let kept;
  sv.tidy(() => {
    for (const row of a) kept = row;
  });
  assert.equal(kept.isDisposed, true);
  assert.equal(a.isDisposed, false);
  a.dispose();
  throwsSv(assert, () => [...a], 'disposed', /^iterate: the array was disposed/);
});

test('a disposed array prints NDArray(<disposed>) and its toJSON throws', () => {
  const a = sv.arange(0, 4, 1, 'float32');
  const v = a.reshape([2, 2]);
  a.dispose();
  assert.equal(String(a), 'NDArray(<disposed>)');
  assert.equal(inspect(a), 'NDArray(<disposed>)');
  assert.equal(String(v), 'NDArray(<disposed>)'); // its base was disposed
  throwsSv(assert, () => JSON.stringify(a), 'disposed', /^toJSON: the array was disposed/);
  throwsSv(assert, () => v.toJSON(), 'disposed', /^toJSON: the array was disposed \(its base array was disposed\)/);
});

test('browser consoles: the class keeps its name in the minified bundle, a DevTools formatter shows the repr', () => {
  assert.equal(sv.NDArray.name, 'NDArray'); // Chrome's console labels objects with it
  // The custom formatter (shown when DevTools' "Enable custom formatters" is on) is registered where
  // a window exists: load the package in a fresh Node process that has one.
  const dist = new URL('../../dist/index.mjs', import.meta.url).href;
  const script = `globalThis.window = globalThis;
const sv = await import(${JSON.stringify(dist)});
await sv.init();
const [f] = globalThis.devtoolsFormatters;
const a = sv.arange(0, 3, 1, 'int8');
const b = sv.zeros([1]);
b.dispose();
console.log(JSON.stringify([f.header(a), f.header(b), f.header({}), f.header([1]), f.hasBody(a), globalThis.devtoolsFormatters.length]));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const style = { style: 'white-space: pre; font-family: monospace' };
  assert.deepEqual(JSON.parse(out.stdout), [['span', style, 'array([0, 1, 2], dtype=int8)'], ['span', style, 'NDArray(<disposed>)'], null, null, false, 1]);
  assert.equal(globalThis.devtoolsFormatters, undefined); // none without a window
});
