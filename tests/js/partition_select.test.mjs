// Differential tests of partition / argpartition (the engine's introselect) and select against
// NumPy 1.24, one python process for every case: strided, broadcast and padded operands of every
// dtype with ties, NaN and signed zeros. partition's order between the kth positions is
// unspecified (NumPy's own differs), so a result is checked by its defining property: its sort
// along the axis is NumPy's sort (the same elements), the kth elements are NumPy's sorted ones,
// every element before a kth is <= it and every element after is >= (sort's order: NaN last), and
// argpartition's indices are a permutation of each line. select is compared element for element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, buildView, materialize, differentialTests, randomShape, HAVE_PY, PY } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_PARTITION_SEED ?? 20260834);
const ALL = ['bool', ...INTS, ...FLOATS];

function genValue(r, d) {
  if (d === 'bool') return r.int(0, 1);
  if (isInt(d)) return String(d.startsWith('u') ? r.int(0, 6) : r.int(-4, 6));
  const k = r.next();
  let x = k < 0.1 ? NaN : k < 0.2 ? r.pick([-0, 0, Infinity, -Infinity]) : k < 0.7 ? r.int(-4, 6) : Math.round((r.next() - 0.5) * 64) / 8;
  if (d === 'float32') x = Math.fround(x);
  return encF(x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1, NaN])));
const build = (r, d, shape) => buildView(r, d, shape, { value: genValue, fill: fillOf }, 2);

// x <= p and x >= p in sort's order (NaN above everything; bigints, numbers and booleans compare as values)
const isNaNv = (v) => typeof v === 'number' && Number.isNaN(v);
const le = (x, p) => isNaNv(p) || (!isNaNv(x) && x <= p);
const ge = (x, p) => isNaNv(x) || (!isNaNv(p) && x >= p);

/** The lines of r along ax as JS arrays (r's values in line order). */
function linesOf(r, ax) {
  return sv.tidy(() => {
    const m = sv.ascontiguousarray(sv.moveaxis(r, ax, -1));
    const n = m.shape[m.ndim - 1];
    const flat = m.size === 0 ? [] : m.reshape([-1]).toArray().flat(Infinity);
    const out = [];
    for (let i = 0; i < flat.length; i += n) out.push(flat.slice(i, i + n));
    return out;
  });
}

function checkPartition(c, vals, idx, ax, ks) {
  for (const [li, line] of linesOf(vals, ax).entries()) {
    for (const k of ks) {
      const p = line[k];
      line.forEach((x, j) => {
        if (j < k && !le(x, p)) throw new Error(`${c.op}: line ${li}: element ${j} (${x}) before kth ${k} (${p}) is larger`);
        if (j > k && !ge(x, p)) throw new Error(`${c.op}: line ${li}: element ${j} (${x}) after kth ${k} (${p}) is smaller`);
      });
    }
  }
  if (idx) {
    for (const [li, line] of linesOf(idx, ax).entries()) {
      const s = line.map(Number).sort((a, b) => a - b);
      if (s.some((v, j) => v !== j)) throw new Error(`${c.op}: line ${li}: the indices are not a permutation: ${line}`);
    }
  }
}

function runJs(c) {
  const A = c.ins.map(materialize);
  const o = c.p.o;
  const r = sv[c.op](A[0], c.p.kth, o);
  const ax = o.axis === null ? 0 : o.axis;
  const src = o.axis === null ? A[0].reshape([-1]) : A[0];
  const vals = c.op === 'partition' ? r : sv.takeAlongAxis(src, r, ax);
  try {
    const n = src.shape[ax < 0 ? src.ndim + ax : ax];
    const ks = [c.p.kth].flat().map((k) => (k < 0 ? k + n : k));
    checkPartition(c, vals, c.op === 'argpartition' ? r : null, ax, ks);
    return n === 0 ? [sv.sort(vals, ax)] : [sv.sort(vals, ax), sv.take(vals, ks, { axis: ax })];
  } finally {
    if (vals !== r) vals.dispose();
    r.dispose();
    if (src !== A[0]) src.dispose();
  }
}

const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'dtype' in d:
        return view(d)[1]
    if isinstance(d, list):
        return [mk(x) for x in d]
    return d

def enc(r):
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

def run(c):
    A = [mk(x) for x in c['ins']]
    op = c['op']
    if op == 'select':
        return np.select(*A, *([] if 'dflt' not in c['p'] else [mk(c['p']['dflt'])]))
    ax = c['p']['o']['axis']
    a = A[0] if ax is not None else A[0].ravel()
    ax0 = 0 if ax is None else ax
    kth = c['p']['kth']
    getattr(np, op)(A[0], kth, axis=ax)  # raises where NumPy raises
    s = np.sort(a, axis=ax0)
    n = a.shape[ax0]
    ks = [k + n if k < 0 else k for k in (kth if isinstance(kth, list) else [kth])]
    return [s] if n == 0 else [s, np.take(s, ks, axis=ax0)]

out = []
for c in json.load(sys.stdin):
    try:
        out.append(enc(run(c)))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}) => cases.push({ group, op, ins, p, tol: 0 });
  for (let i = 0; i < 80; i++) {
    const shape = randomShape(r, 1, 3, 7);
    if (i % 8 === 0) shape[shape.length - 1] = r.int(17, 200); // past the insertion sort
    const d = r.pick(ALL);
    const ax = r.pick([-1, 0, null]);
    const n = ax === null ? shape.reduce((p, q) => p * q, 1) : shape[ax === -1 ? shape.length - 1 : 0];
    let kth;
    if (n === 0) kth = r.int(0, 3); // any kth of an empty array (NumPy checks none)
    else if (r.next() < 0.1) kth = n + r.int(0, 2); // out of range: NumPy's error
    else if (r.next() < 0.5) kth = r.int(-n, n - 1);
    else kth = Array.from({ length: r.int(1, 5) }, () => r.int(-n, n - 1));
    add(`partition ${i % 2}`, r.pick(['partition', 'argpartition']), [build(r, d, shape)], { kth, o: { axis: ax } });
  }
  for (let i = 0; i < 40; i++) {
    const shape = randomShape(r, 0, 3, 5);
    const k = r.int(1, 3);
    const sub = () => shape.slice(r.int(0, shape.length)).map((m) => (r.next() < 0.3 ? 1 : m));
    const conds = Array.from({ length: k }, () => build(r, r.next() < 0.95 ? 'bool' : 'int8', sub()));
    const choices = Array.from({ length: k }, () => {
      const q = r.next();
      if (q < 0.25) return r.pick([3, -2, 1.5, 300]);
      return build(r, r.pick(ALL), sub());
    });
    if (r.next() < 0.05) choices.pop(); // lengths differ: NumPy's error
    const p = {};
    const q = r.next();
    if (q < 0.4) p.dflt = r.pick([0, -1, 2.5, 1000, 70000]);
    else if (q < 0.6) p.dflt = build(r, r.pick(ALL), sub());
    add('select', 'select', [{ list: conds }, { list: choices }].map((x) => x.list), p);
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT,
  runJs: (c) => {
    if (c.op !== 'select') return runJs(c);
    const [conds, choices] = c.ins.map((l) => l.map(materialize));
    const d = c.p.dflt;
    return sv.select(conds, choices, ...(d === undefined ? [] : [typeof d === 'object' ? materialize(d) : d]));
  },
  describe: (c) => `${c.op}(${JSON.stringify(c.p).slice(0, 200)}) ins ${JSON.stringify(c.ins).slice(0, 400)}`,
});

test('partition / argpartition: long lines, many kth, every dtype, float16, in the engine', { skip: !HAVE_PY && `no ${PY}` }, async () => {
  await ready;
  const r = rng(SEED + 1);
  for (const d of [...ALL, 'float16']) {
    sv.tidy(() => {
      const n = 3000;
      const vals = Array.from({ length: 2 * n }, () => (d === 'bool' ? r.int(0, 1) : isInt(d) ? r.int(0, 100) : r.next() < 0.05 ? NaN : r.int(-50, 50) / 4));
      const a = sv.array(vals, { dtype: d }).reshape([2, n]);
      const ks = [0, 5, 1500, 1500, -1, -700, 2999];
      const p = sv.partition(a, ks);
      const i = sv.argpartition(a, ks);
      const s = sv.sort(a);
      const c = { op: 'partition' };
      const kn = [...new Set(ks.map((k) => (k < 0 ? k + n : k)))];
      checkPartition(c, p, null, -1, kn);
      const v = sv.takeAlongAxis(a, i, -1);
      checkPartition(c, v, i, -1, kn);
      for (const x of [p, v]) {
        assert.ok(sv.arrayEqual(sv.sort(x), s, { equalNan: d !== 'bool' && !isInt(d) }), `${d}: the same elements`);
        assert.ok(sv.arrayEqual(sv.take(x, kn, { axis: -1 }), sv.take(s, kn, { axis: -1 }), { equalNan: d !== 'bool' && !isInt(d) }), `${d}: the kth elements`);
      }
      assert.equal(i.dtype, 'int64');
      assert.equal(p.dtype, d);
    });
  }
  // in place through a transposed, flipped view; axis 0 and null
  sv.tidy(() => {
    const a = sv.arange(60, { dtype: 'float32' }).reshape([6, 10]).T.slice('::-1');
    const p = sv.partition(a, [2, 4], { axis: 0 });
    checkPartition({ op: 'partition' }, p, null, 0, [2, 4]);
    const f = sv.partition(a, 30, { axis: null });
    assert.deepEqual(f.shape, [60]);
    assert.equal(f.get(30), 30);
  });
});

test('partition / select: errors as NumPy', async () => {
  await ready;
  const E = (f, re) => assert.throws(f, re);
  E(() => sv.partition([1, 2, 3], 3), /^StrideViewError: partition: kth\(=3\) out of bounds \(3\)/);
  E(() => sv.argpartition([1, 2, 3], -4), /^StrideViewError: argpartition: kth\(=-1\) out of bounds \(3\)/);
  E(() => sv.partition([1, 2, 3], []), /^TypeError: partition: kth must hold integers \(Partition index must be integer\)/);
  E(() => sv.partition([1, 2, 3], [[1]]), /^StrideViewError: partition: kth is too deep/);
  E(() => sv.partition([1, 2, 3], sv.array([1.0])), /^TypeError: partition: kth must hold integers/);
  E(() => sv.partition([1, 2, 3], 1, { kind: 'quick' }), /^StrideViewError: partition: unknown selectkind/);
  sv.tidy(() => {
    assert.deepEqual(sv.partition(sv.zeros([2, 0]), 5).shape, [2, 0]); // NumPy checks no kth of an empty array
    assert.deepEqual(sv.partition([3, 1, 2], sv.array([1, -1], { dtype: 'int16' })).toArray(), [1, 2, 3]);
  });
  const x = [true, false];
  E(() => sv.select([x], [1, 2]), /^StrideViewError: select: list of cases must be same length as list of conditions/);
  E(() => sv.select([], []), /^StrideViewError: select: select with an empty condition list is not possible/);
  E(() => sv.select([[1, 0]], [1]), /^TypeError: select: invalid entry 0 in condlist: should be boolean ndarray/);
  E(() => sv.select([x, [true, true, false]], [1, 2]), /^StrideViewError: select: shape mismatch: condlist cannot be broadcast to a single shape/);
  E(() => sv.select([x], [[1, 2, 3]]), /^StrideViewError: select: shape mismatch/);
  sv.tidy(() => {
    const r = sv.select([sv.array([true, false, false]), [false, true, false]], [sv.array([1, 2, 3], { dtype: 'int8' }), 5], 1000);
    assert.equal(r.dtype, 'int16');
    assert.deepEqual(r.toArray(), [1, 5, 1000]);
    assert.deepEqual(sv.select([true], [sv.arange(3)]).toArray(), [0, 1, 2]);
  });
});
