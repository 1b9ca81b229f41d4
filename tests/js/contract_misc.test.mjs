// The API contract for strideview's own functions and classes and the helpers outside the NumPy
// families (explain, explainReshape, interop, .npy, tidy/keep, init and the build queries, the dtype
// helpers, the print options, memoryStats, the op chain, View, Sym, Var, SymDim, Shape and the slice
// specs): each is declared once (web/src/signature.ts), its options are bound by name with Python's
// rules, and an extra argument, an unknown option or a misspelt one is a TypeError naming the op
// the user called, never ignored. Where NumPy has the counterpart (promote_types, set_printoptions,
// slice) the forms are checked against Debian's python3 + numpy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { sv, ready } from './helpers.mjs';
import { HAVE_PY, PY } from './numpy_oracle.mjs';
import * as chain from '../../dist/element.mjs';

await ready;

/** Asserts a TypeError whose message starts with `op:` and matches every pattern; never [object Object]. */
function refused(f, op, ...patterns) {
  let err = null;
  try {
    f();
  } catch (e) {
    err = e;
  }
  assert.ok(err !== null, `${op}: expected a TypeError, nothing was thrown`);
  assert.ok(err instanceof TypeError || err instanceof chain.OpChainError, `${op}: expected a TypeError, got ${err}`);
  assert.ok(err.message.startsWith(`${op}: `), `message names ${op}: ${err.message}`);
  assert.ok(!err.message.includes('[object Object]'), err.message);
  for (const p of patterns) assert.match(err.message, p);
  return err;
}

function python(script, input) {
  const r = spawnSync(PY, ['-c', script], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const DTYPES = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64'];

test('promoteTypes(type1, type2, /): NumPy promote_types on every pair; positional only, exactly two', { skip: !HAVE_PY }, () => {
  const pairs = DTYPES.flatMap((a) => DTYPES.map((b) => [a, b]));
  const want = python(
    String.raw`
import json, sys
import numpy as np
pairs = json.load(sys.stdin)
out = [str(np.promote_types(a, b)) for a, b in pairs]
try:
    np.promote_types('int8', type2='uint8')
    kw = 'accepted'
except TypeError as e:
    kw = 'refused'
try:
    np.promote_types('int8', 'uint8', 'int16')
    extra = 'accepted'
except TypeError:
    extra = 'refused'
print(json.dumps({'out': out, 'kw': kw, 'extra': extra}))
`,
    pairs,
  );
  assert.deepEqual(pairs.map(([a, b]) => sv.promoteTypes(a, b)), want.out);
  assert.equal(want.kw, 'refused');
  assert.equal(want.extra, 'refused');
  refused(() => sv.promoteTypes('int8', 'uint8', 'int16'), 'promoteTypes', /at most 2 positional arguments \(type1, type2\) but 3 were given \(the third argument is "int16"\)/);
  refused(() => sv.promoteTypes('int8', 'uint8', { type2: 'int16' }), 'promoteTypes', /type2 is positional-only/);
  refused(() => sv.promoteTypes('int8'), 'promoteTypes', /missing the required argument type2/);
  assert.equal(sv.promoteTypes('int8', 'uint8', undefined), 'int16', 'a trailing undefined is not given');
});

test('the dtype helpers take exactly their arguments', () => {
  assert.equal(sv.itemSize('int16'), 2);
  refused(() => sv.itemSize('int16', 'int32'), 'itemSize', /but 2 were given/);
  assert.equal(sv.resultTypeWithScalar('int8', 300), 'int16');
  refused(() => sv.resultTypeWithScalar('int8', 300, 'int32'), 'resultTypeWithScalar', /at most 2 positional arguments \(dtype, scalar\)/);
  assert.equal(sv.numberToFloat16(1), 0x3c00);
  refused(() => sv.numberToFloat16(1, 2), 'numberToFloat16', /the second argument is 2/);
  assert.equal(sv.float16ToNumber(0x3c00), 1);
  refused(() => sv.float16ToNumber(0x3c00, { bits: 1 }), 'float16ToNumber', /multiple values for bits/);
});

test('printOptions: NumPy set_printoptions parameters positionally, by name and mixed', { skip: !HAVE_PY }, () => {
  // each case: the JS arguments and NumPy's call (args, kwargs), then the repr of one array
  const cases = [
    [[3], [[3], {}]],
    [[{ precision: 3 }], [[], { precision: 3 }]],
    [[2, { suppress: true }], [[2], { suppress: true }]],
    [[null, null, null, 30], [[null, null, null, 30], {}]],
    [[4, null, 1, { sign: '+', floatmode: 'fixed' }], [[4, null, 1], { sign: '+', floatmode: 'fixed' }]],
    [[5, 3, 1, 75, false, 'nan', 'inf', null, ' ', 'unique'], [[5, 3, 1, 75, false, 'nan', 'inf', null, ' ', 'unique'], {}]],
    [[{ precision: 2, legacy: false }], [[], { precision: 2, legacy: false }]],
  ];
  const values = [1 / 3, -2 / 3, 1e-5, 12345.678, NaN, Infinity];
  const want = python(
    String.raw`
import json, sys
import numpy as np
cases, values = json.load(sys.stdin)
a = np.array([float(v) if v is not None else float('nan') for v in values])
a[4] = np.nan
a[5] = np.inf
out = []
for args, kwargs in cases:
    old = np.get_printoptions()
    np.set_printoptions(*args, **kwargs)
    out.append(repr(a))
    np.set_printoptions(**old)
print(json.dumps(out))
`,
    [cases.map((c) => c[1]), values.map((v) => (Number.isFinite(v) ? v : null))],
  );
  const a = sv.array(values);
  try {
    cases.forEach(([args], i) => {
      const prev = sv.printOptions(...args);
      try {
        assert.equal(a.toString(), want[i], `printOptions(${JSON.stringify(args)})`);
      } finally {
        sv.printOptions(prev);
      }
    });
  } finally {
    a.dispose();
  }
  const before = sv.getPrintOptions();
  assert.deepEqual(sv.printOptions(null), before, 'printOptions(null) is set_printoptions(None): nothing changes');
  assert.deepEqual(sv.getPrintOptions(), before);
  refused(() => sv.printOptions({ precison: 3 }), 'printOptions', /unknown option 'precison'; did you mean 'precision'\?/);
  refused(() => sv.printOptions({ line_width: 3 }), 'printOptions', /did you mean 'linewidth'\?/);
  refused(() => sv.printOptions(3, { precision: 4 }), 'printOptions', /multiple values for precision: 3 as the first argument and 4 by name/);
  refused(() => sv.printOptions({ nanstr: 'NaN' }), 'printOptions', /nanstr="NaN" is not supported/);
  refused(() => sv.printOptions({ infstr: '∞' }), 'printOptions', /infstr="∞" is not supported/);
  refused(() => sv.printOptions({ formatter: { float: String } }), 'printOptions', /formatter=\{ float: a function \(String\) \} is not supported/);
  refused(() => sv.printOptions({ legacy: '1.13' }), 'printOptions', /legacy="1.13" is not supported/);
  refused(() => sv.printOptions(1, 2, 3, 4, false, null, null, null, '-', 'maxprec', false), 'printOptions', /at most 10 positional arguments/, /legacy and the parameters after it are keyword-only/);
  assert.deepEqual(sv.getPrintOptions(), before, 'a refused call changes nothing');
  refused(() => sv.getPrintOptions(1), 'getPrintOptions', /at most 0 positional arguments/);
  refused(() => sv.withPrintOptions({ precison: 1 }, () => 1), 'withPrintOptions', /unknown option 'precison'; did you mean 'precision'\?/);
  refused(() => sv.withPrintOptions({}, () => 1, 2), 'withPrintOptions', /but 3 were given/);
  assert.equal(sv.withPrintOptions({ precision: 1, nanstr: 'nan' }, () => sv.getPrintOptions().precision), 1);
  assert.deepEqual(sv.getPrintOptions(), before);
});

test('explain: the options by name; an unknown, misspelt or positional option is refused', () => {
  const a = sv.arange(6).reshape([2, 3]);
  try {
    const full = sv.explain(a);
    assert.equal(sv.explain(a, {}), full);
    assert.equal(sv.explain(a, undefined), full);
    assert.equal(sv.explain(a, { maxElements: 256, maxBuffer: 256, bufferColumns: 16 }), full, 'the defaults');
    assert.notEqual(sv.explain(a, { bufferColumns: 2 }), full, 'bufferColumns is read');
    assert.match(sv.explain(a, { maxElements: 3 }), /more than maxElements = 3/);
    assert.match(sv.explain(a, { maxBuffer: 2 }), /\.\.\. 4 more/);
    assert.equal(sv.explain(a.view, { maxElements: 3 }).includes('more than maxElements = 3'), true, 'a View too');
    refused(() => sv.explain(a, { maxelements: 3 }), 'explain', /unknown option 'maxelements'; did you mean 'maxElements'\?/);
    refused(() => sv.explain(a, { max_buffer: 3 }), 'explain', /did you mean 'maxBuffer'\?/);
    refused(() => sv.explain(a, { foo: 1 }), 'explain', /unknown option 'foo' \(explain takes maxElements, maxBuffer, bufferColumns by name\)/);
    refused(() => sv.explain(a, 3), 'explain', /maxElements and the parameters after it are keyword-only/);
    refused(() => sv.explain(a, {}, 3), 'explain', /but 3 were given \(the second argument is \{\}\)/);
    refused(() => sv.explainReshape(a, [3, 2], { copy: false }), 'explainReshape', /unknown option 'copy'/);
    refused(() => sv.explainReshape(a, [3, 2], 1), 'explainReshape', /at most 2 positional arguments \(a, shape\)/);
    assert.equal(sv.explainReshape(a, [3, 2]).view, true);
  } finally {
    (a.base ?? a).dispose();
  }
});

test('fromNdarrayLike / toNdarrayLike: dtype and copy by name; unknown options refused', () => {
  const nd = { data: new Float32Array([1, 2, 3, 4, 5, 6]), shape: [2, 3], stride: [1, 2], offset: 0 };
  const b = sv.fromNdarrayLike(nd, { dtype: 'int32' });
  assert.equal(b.dtype, 'int32');
  assert.deepEqual(b.toArray(), [[1, 3, 5], [2, 4, 6]]);
  const c = sv.fromNdarrayLike(nd, { dtype: null, copy: null }); // None: the defaults
  assert.equal(c.dtype, 'float32');
  refused(() => sv.fromNdarrayLike(nd, { dtipe: 'int32' }), 'fromNdarrayLike', /unknown option 'dtipe'; did you mean 'dtype'\?/);
  refused(() => sv.fromNdarrayLike(nd, { foo: 1 }), 'fromNdarrayLike', /unknown option 'foo' \(fromNdarrayLike takes dtype, copy by name\)/);
  refused(() => sv.fromNdarrayLike(nd, 'int32'), 'fromNdarrayLike', /dtype and the parameters after it are keyword-only/);
  refused(() => sv.fromNdarrayLike(nd, { copy: 'yes' }), 'fromNdarrayLike', /copy must be a boolean or null, got "yes"/);
  // the foreign object's own fields are data, not options: a scijs ndarray carries many more
  assert.equal(sv.fromNdarrayLike({ ...nd, size: 6, pick: () => 0 }).dtype, 'float32');
  const o = sv.toNdarrayLike(b, { copy: true });
  assert.deepEqual(Array.from(o.data), [1, 3, 5, 2, 4, 6]);
  const z = sv.toNdarrayLike(b, { copy: false });
  assert.equal(z.offset, b.offset);
  refused(() => sv.toNdarrayLike(b, { cpy: false }), 'toNdarrayLike', /unknown option 'cpy'; did you mean 'copy'\?/);
  refused(() => sv.toNdarrayLike(b, false), 'toNdarrayLike', /copy and the parameters after it are keyword-only/);
  refused(() => sv.toNdarrayLike(b, { copy: 'no' }), 'toNdarrayLike', /copy must be a boolean, got "no"/);
  b.dispose();
  c.dispose();
});

test('loadNpy, saveNpy, tidy, keep, init and the build queries take exactly their arguments', async () => {
  const a = sv.arange(4);
  try {
    const bytes = sv.saveNpy(a);
    const back = sv.loadNpy(bytes);
    assert.deepEqual(back.toArray(), a.toArray());
    back.dispose();
    refused(() => sv.saveNpy(a, { allowPickle: true }), 'saveNpy', /unknown option 'allowPickle'/);
    refused(() => sv.loadNpy(bytes, { mmapMode: 'r' }), 'loadNpy', /unknown option 'mmapMode'/);
    refused(() => sv.loadNpy(bytes, 1), 'loadNpy', /but 2 were given/);
    refused(() => sv.tidy(() => 1, 2), 'tidy', /at most 1 positional argument \(fn\) but 2 were given/);
    refused(() => sv.keep(a, true), 'keep', /but 2 were given/);
    assert.equal(sv.tidy(() => 7, undefined), 7);
  } finally {
    a.dispose();
  }
  await sv.init();
  await sv.init({});
  await sv.init({ simd: sv.isSimd() });
  refused(() => sv.init({ foo: 1 }), 'init', /unknown option 'foo' \(init takes wasmUrl, wasmBinary, simd, threads, load, familiesUrl, familiesBinary by name\)/);
  refused(() => sv.init({ load: 'some' }), 'init', /load must be 'auto', 'all' or 'core', got "some"/);
  refused(() => sv.init({ lodd: 'all' }), 'init', /did you mean 'load'\?/);
  refused(() => sv.init({ wasm_binary: new Uint8Array(1) }), 'init', /did you mean 'wasmBinary'\?/);
  refused(() => sv.init({ thread: 2 }), 'init', /did you mean 'threads'\?/);
  refused(() => sv.init(true), 'init', /at most 0 positional arguments/);
  refused(() => sv.init({ simd: {} }), 'init', /simd must be true, false or undefined, got \{\}/);
  for (const f of ['isInitialized', 'isSimd', 'simdSupported', 'buildInfo', 'memoryStats', 'getPrintOptions']) {
    refused(() => sv[f](1), f, /takes at most 0 positional arguments \(\) but 1 were given \(the first argument is 1\)/);
    sv[f](); // and no argument is fine
  }
});

test('slice specs: I, R, Rs, L positional only, as Python slice(); R takes no step', { skip: !HAVE_PY }, () => {
  const want = python(
    String.raw`
import json, sys
a = list(range(10))
out = [a[slice(*args)] for args in json.load(sys.stdin)]
print(json.dumps(out))
`,
    [[2, 8], [null, 5], [8, 2, -2], [null, null, 3], [1]],
  );
  const a = sv.arange(10, undefined, undefined, 'int32');
  try {
    const got = [sv.R(2, 8), sv.R(null, 5), sv.Rs(8, 2, -2), sv.Rs(null, null, 3), sv.R(null, 1)].map((s) => {
      const v = a.slice(s);
      const out = v.toArray();
      if (v !== a) v.dispose?.();
      return out;
    });
    assert.deepEqual(got, want);
  } finally {
    a.dispose();
  }
  refused(() => sv.R(0, 4, 2), 'R', /at most 2 positional arguments \(start, stop\) but 3 were given \(the third argument is 2\)/);
  refused(() => sv.R(0, 4, { step: 2 }), 'R', /unknown option 'step'/);
  refused(() => sv.Rs(0, 4, 1, 2), 'Rs', /at most 3 positional arguments/);
  refused(() => sv.Rs(null, null, null, { step: 2 }), 'Rs', /step is positional-only/);
  refused(() => sv.I(1, 2), 'I', /but 2 were given/);
  refused(() => sv.L([0, 1], 2), 'L', /but 2 were given/);
  assert.deepEqual(sv.R(1, 3, undefined), sv.R(1, 3), 'a trailing undefined is not given');
});

test('View: create binds offset, strides and mask by name; every method refuses an extra argument', () => {
  const v = sv.View.create([2, 3], { offset: 1, strides: [1, 2], mask: null });
  assert.equal(v.offset, 1);
  assert.deepEqual(v.strides, [1, 2]);
  assert.deepEqual(sv.View.create([2, 3], { strides: null }).strides, [3, 1], 'strides=None: C order');
  refused(() => sv.View.create([2, 3], { stride: [1, 2] }), 'View.create', /unknown option 'stride'; did you mean 'strides'\?/);
  refused(() => sv.View.create([2, 3], { ofset: 1 }), 'View.create', /did you mean 'offset'\?/);
  refused(() => sv.View.create([2, 3], 1), 'View.create', /offset and the parameters after it are keyword-only/);
  const w = sv.View.create([2, 3], { offset: 1 });
  const calls = [
    ['dim', [0]], ['stride', [0]], ['stridesOpt', []], ['canGetStrides', []], ['isMaterializable', []], ['requiredSpan', []],
    ['simplify', []], ['reshape', [[3, 2]]], ['expand', [[2, 3]]], ['broadcastTo', [[4, 2, 3]]], ['permute', [[1, 0]]],
    ['shrink', [[[0, 1], [0, 2]]]], ['pad', [[[0, 1], [0, 0]]]], ['flip', [[true, false]]], ['toString', []],
  ];
  for (const [m, args] of calls) {
    w[m](...args); // the declared call works
    w[m](...args, undefined); // a trailing undefined is not given
    refused(() => w[m](...args, 7), `View.${m}`, new RegExp(`but ${args.length + 1} were given`));
    if (args.length > 0) refused(() => w[m](...args, { foo: 0 }), `View.${m}`, /unknown option 'foo'/);
  }
  // variadic indices: one array or separate integers, never both
  assert.equal(v.linearIndex(1, 2), v.linearIndex([1, 2]));
  assert.throws(() => v.linearIndex([1, 2], 3), /^StrideViewError: View.linearIndex: .*not both/);
});

test('Sym, Var, SymDim and Shape refuse an extra argument with the op named', () => {
  const n = sv.Sym.variable('n', 0, 10);
  const d = sv.Sym.dim(n);
  refused(() => sv.Sym.variable('m', 0, 4, 9), 'Sym.variable', /at most 3 positional arguments \(name, min, max\)/);
  refused(() => sv.Sym.add(d, 2, 3), 'Sym.add', /the third argument is 3/);
  refused(() => sv.Sym.eval([d, 2], true), 'Sym.eval', /but 2 were given/);
  refused(() => sv.Sym.infer(-1), 'Sym.infer', /at most 0 positional arguments/);
  refused(() => sv.Sym.toString(d, 2), 'Sym.toString', /but 2 were given/);
  refused(() => n.bind(3, 4), 'Var.bind', /at most 1 positional argument \(value\)/);
  refused(() => n.unbind(true), 'Var.unbind', /but 1 were given/);
  refused(() => d.eval({ n: 3 }), 'SymDim.eval', /unknown option 'n'/);
  assert.equal(n.bind(3), n);
  assert.equal(d.eval(), 3);
  assert.equal(`${d}`, String(d), 'template literals call toString() without arguments');
  n.unbind();
  refused(() => sv.Shape.numel([2, 3], 1), 'Shape.numel', /but 2 were given/);
  refused(() => sv.Shape.unravelIndex(4, [2, 3], 'C'), 'Shape.unravelIndex', /at most 2 positional arguments \(k, shape\)/);
  refused(() => sv.Shape.toString([2, 3], { sep: ',' }), 'Shape.toString', /unknown option 'sep'/);
  assert.deepEqual(sv.Shape.broadcast([2, 1], [3], [1, 1]), [2, 3], 'broadcast takes any number of shapes');
  assert.throws(() => sv.Shape.broadcast([2, 1], [3], { x: 1 }), /^TypeError: Shape.broadcast: shape 2/, 'each is a shape');
});

test('op chains: applyOps / applyOp bind { dim }; a misspelt step key is refused', () => {
  const a = sv.arange(12).reshape([3, 4]);
  try {
    const t = chain.applyOps(a, 'transpose; slice ::-1, 1:3');
    assert.deepEqual(t.shape, [4, 2]);
    const n = sv.Sym.variable('k', 1, 8);
    const v = chain.applyOps(sv.View.create([sv.Sym.dim(n), 4]), 'reshape k, 2, 2', { dim: () => sv.Sym.dim(n) });
    assert.equal(sv.Sym.toString(v.shape).includes('k'), true, 'the name is resolved by dim');
    refused(() => chain.applyOps(a, 'transpose', { dims: () => 1 }), 'applyOps', /unknown option 'dims'; did you mean 'dim'\?/);
    refused(() => chain.applyOps(a, 'transpose', () => 1), 'applyOps', /dim and the parameters after it are keyword-only/);
    refused(() => chain.applyOps(a, 'transpose', { dim: 5 }), 'applyOps', /dim must be a function/);
    refused(() => chain.applyOp(a, { name: 'transpose', arg: '' }, {}, 1), 'applyOp', /but 4 were given/);
    refused(() => chain.applyOp(a, { name: 'reshape', arg: '12', nocopy: true }), 'applyOp', /unknown step key 'nocopy'; did you mean 'noCopy'\?/);
    refused(() => chain.applyOp(a, { name: 'reshape', arg: '12', noCopy: 1 }), 'applyOp', /noCopy must be a boolean, got 1/);
    for (const s of chain.parseOps('transpose; flip 0')) chain.applyOp(a, s).dispose?.(); // parsed steps carry `text`
    refused(() => chain.parseOps('transpose', 1), 'parseOps', /but 2 were given/);
    refused(() => chain.parseIntList('1, 2', 'x', 3), 'parseIntList', /at most 2 positional arguments \(text, what\)/);
  } finally {
    (a.base ?? a).dispose();
  }
});
