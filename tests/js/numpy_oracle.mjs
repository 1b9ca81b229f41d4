// The NumPy oracle shared by the differential suites (numpy_ops, everyday, integer_ops_einsum):
// the dtype tables, the JSON value encoding both sides read, random view descriptions (contiguous,
// strided with a transpose, broadcast, padded) that both sides build alike, the JS side's builders
// and the Python side's, and one call of Debian's python3 with every case of a suite.
//
// A view description is { dtype, shape (of the base), fshape (of the view), values, ops }: the base
// holds `values` (encoded as below) in C order, and `ops` are applied in turn: ['slice', 'a:b:c, ...'],
// ['transpose', perm], ['broadcast', shape], ['pad', [[before, after], ...], fill]. Values in JSON:
// bool 0/1, integers as decimal strings (exact int64 / uint64), floats as numbers except 'nan',
// 'inf', '-inf' and '-0'; complex elements as [re, im] pairs of such floats (a pad's fill of a
// complex view stays a real number: it reads as (fill, 0)). Results: complex arrays' values and
// complex scalars ({ scalar: [re, im], kind: 'complex' }) as pairs too.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv } from './helpers.mjs';

export const PY = '/usr/bin/python3';
export const HAVE_PY = existsSync(PY);

export const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
export const FLOATS = ['float32', 'float64'];
export const COMPLEX = ['complex64', 'complex128'];
/** The part dtype of a complex dtype. */
export const partOf = (d) => (d === 'complex64' ? 'float32' : 'float64');
export const ALL = ['bool', ...INTS, ...FLOATS];
export const NUMERIC = [...INTS, ...FLOATS];
export const isInt = (d) => INTS.includes(d);
export const isUnsigned = (d) => d.startsWith('uint');
export const BITS = { int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, uint32: 32, int64: 64, uint64: 64 };
export const TA = {
  bool: Uint8Array, int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array, int32: Int32Array,
  uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array, float32: Float32Array, float64: Float64Array,
};
/** [min, max] of an integer dtype, as bigints. */
export function intRange(d) {
  const b = BigInt(BITS[d]);
  return isUnsigned(d) ? [0n, (1n << b) - 1n] : [-(1n << (b - 1n)), (1n << (b - 1n)) - 1n];
}

export function encF(x) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Object.is(x, -0)) return '-0';
  return x;
}
export function decF(v) {
  if (typeof v === 'number') return v;
  return { nan: NaN, inf: Infinity, '-inf': -Infinity, '-0': -0 }[v] ?? Number(v);
}

export const numel = (s) => s.reduce((a, b) => a * b, 1);
export const sameShape = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A shape of rank lo..hi: each dim 0 (5%), 1 (15%) or 2..maxDim. */
export function randomShape(r, lo, hi, maxDim) {
  const rank = r.int(lo, hi);
  return Array.from({ length: rank }, () => {
    const k = r.next();
    return k < 0.05 ? 0 : k < 0.2 ? 1 : r.int(2, maxDim);
  });
}

/**
 * A slice string selecting exactly n elements of a dimension, and the base size it needs.
 * o.steps / o.posSteps: the steps to draw from (posSteps when posOnly); o.openStop: sometimes leave
 * the stop out when it is the end.
 */
export function dimSlice(r, n, posOnly, o = {}) {
  const step = r.pick(posOnly ? (o.posSteps ?? [1, 2, 3]) : (o.steps ?? [1, 2, 3, -1, -2]));
  const s = Math.abs(step);
  if (n === 0) return { size: r.int(0, 2), spec: step > 0 ? '1:1' : '0:0:-1' };
  const span = (n - 1) * s + 1;
  const size = span + r.int(0, 2);
  if (step > 0) {
    const start = r.int(0, size - span);
    const stop = start + span;
    const open = o.openStop ? r.next() < 0.3 && stop >= size : false;
    return { size, spec: `${start}:${open ? '' : stop}:${step}` };
  }
  const first = r.int(span - 1, size - 1);
  const stop = first - span;
  return { size, spec: `${first}:${stop < 0 ? '' : stop}:${step}` };
}

/**
 * A random view description of dtype d and shape `target`.
 * o.value(r, d): one encoded element; o.fill(r, d): a pad's fill value. Kinds: 'contig', 'strided'
 * (slices with steps, transposed with probability o.permP), 'posstrided' (positive steps, no
 * transpose), 'broadcast' (of a smaller view, depth - 1), 'pad' (of a view of depth o.nestedPad ?
 * depth - 1 : 0; a padded view padded again keeps its fill value). o.posOnly: positive steps in
 * 'strided' too. o.steps / o.posSteps / o.openStop: as dimSlice.
 */
export function buildView(r, d, target, o, depth = 2, kinds = null) {
  const nd = target.length;
  const kind = nd === 0 ? 'contig' : r.pick(kinds ?? (depth > 0 ? ['contig', 'strided', 'strided', 'broadcast', 'pad'] : ['contig', 'strided']));
  const values = (shape) => Array.from({ length: numel(shape) }, () => o.value(r, d));
  if (kind === 'contig') return { dtype: d, fshape: target, shape: target, values: values(target), ops: [] };
  if (kind === 'strided' || kind === 'posstrided') {
    const ident = target.map((_, i) => i);
    const perm = kind === 'strided' && r.next() < (o.permP ?? 0.5) ? r.shuffle(ident) : ident;
    const q = new Array(nd);
    perm.forEach((p, i) => (q[p] = target[i]));
    const parts = q.map((n) => dimSlice(r, n, kind === 'posstrided' || !!o.posOnly, o));
    const base = parts.map((p) => p.size);
    const ops = [['slice', parts.map((p) => p.spec).join(', ')]];
    if (perm.some((p, i) => p !== i)) ops.push(['transpose', perm]);
    return { dtype: d, fshape: target, shape: base, values: values(base), ops };
  }
  if (kind === 'broadcast') {
    const small = target.slice(r.next() < 0.4 ? r.int(0, nd) : 0).map((n) => (r.next() < 0.4 ? 1 : n));
    const inner = buildView(r, d, small, o, depth - 1);
    return { ...inner, fshape: target, ops: [...inner.ops, ['broadcast', target]] };
  }
  const widths = target.map((n) => {
    const b = r.int(0, Math.min(2, n));
    return [b, r.int(0, Math.min(2, n - b))];
  });
  const inner = buildView(r, d, target.map((n, i) => n - widths[i][0] - widths[i][1]), o, o.nestedPad ? depth - 1 : 0);
  const prev = inner.ops.find((op) => op[0] === 'pad');
  return { ...inner, fshape: target, ops: [...inner.ops, ['pad', widths, prev ? prev[2] : o.fill(r, d)]] };
}

// ---------------------------------------------------------------- the JS side
/** The base array of a view description. */
export function makeBase(desc) {
  const d = desc.dtype;
  if (d === 'bool') return sv.array(desc.values.map((v) => v === 1), { dtype: 'bool', shape: desc.shape });
  if (COMPLEX.includes(d)) return sv.array(desc.values.map(([re, im]) => sv.complex(decF(re), decF(im))), { dtype: d, shape: desc.shape });
  let ta;
  if (d === 'int64' || d === 'uint64') ta = new TA[d](desc.values.map((v) => BigInt(v)));
  else if (isInt(d)) ta = new TA[d](desc.values.map(Number));
  else ta = new TA[d](desc.values.map(decF));
  return sv.array(ta, { shape: desc.shape });
}
/** A view description's ops applied to a. */
export function applyOps(a, ops) {
  for (const op of ops) {
    if (op[0] === 'slice') a = a.slice(op[1]);
    else if (op[0] === 'transpose') a = a.transpose(op[1]);
    else if (op[0] === 'broadcast') a = a.broadcastTo(op[1]);
    else if (op[0] === 'pad') a = a.padView(op[1], decF(op[2]));
    else throw new Error(`unknown view op ${op[0]}`);
  }
  return a;
}

// ---------------------------------------------------------------- the Python side
/**
 * Python source every suite's script starts with: numpy imported with warnings off, and
 * decv(dt, v), apply(a, ops, dt), view(d) -> (base, view) and encf(x), the Python forms of
 * decF, applyOps, makeBase + applyOps and encF.
 */
export const PY_PRELUDE = String.raw`
import json, sys, math, warnings
import numpy as np
warnings.simplefilter('ignore')
np.seterr(all='ignore')

def decv(dt, v):
    if dt.kind == 'c':
        return complex(float(v[0]), float(v[1])) if isinstance(v, list) else complex(float(v))
    if dt.kind == 'f':
        return float(v)
    if dt.kind == 'b':
        return bool(v)
    return int(v)

def apply(a, ops, dt):
    for op in ops:
        k = op[0]
        if k == 'slice':
            a = eval('a[' + op[1] + ']', {'a': a})
        elif k == 'transpose':
            a = a.transpose(op[1])
        elif k == 'broadcast':
            a = np.broadcast_to(a, op[1])
        elif k == 'pad':
            a = np.pad(a, op[1], mode='constant', constant_values=decv(dt, op[2]))
        else:
            raise ValueError(k)
    return a

def view(d):
    dt = np.dtype(d['dtype'])
    base = np.array([decv(dt, v) for v in d['values']], dtype=dt).reshape(d['shape'])
    return base, apply(base, d['ops'], dt)

def encf(x):
    if x != x:
        return 'nan'
    if x == math.inf:
        return 'inf'
    if x == -math.inf:
        return '-inf'
    if x == 0 and math.copysign(1.0, x) < 0:
        return '-0'
    return x
`;

/** Runs PY_PRELUDE + script with the cases as JSON on stdin; returns its JSON output (throws on failure). */
export function runNumpy(script, cases) {
  const py = spawnSync(PY, ['-c', PY_PRELUDE + script], { input: JSON.stringify(cases), maxBuffer: 1 << 28 });
  if (py.status !== 0) throw new Error(`python failed (status ${py.status}): ${py.stderr}`);
  return JSON.parse(String(py.stdout));
}

// ---------------------------------------------------------------- one case at a time (everyday, integer_ops_einsum)
// Operands are described as view descriptions, { num } (a JS number), { int } (an integer given as a
// decimal string, passed as a number) or plain JSON; results are encoded as { dtype, shape, values },
// { scalar, kind }, { list } or { error } on both sides (the Python side's enc()).

const BASES = []; // the operands' base arrays, disposed after each case
/** The JS operand of a description (its base is disposed after the case). */
export function materialize(desc) {
  if (desc && typeof desc === 'object' && 'dtype' in desc) {
    const a = makeBase(desc);
    BASES.push(a);
    return applyOps(a, desc.ops);
  }
  if (desc && typeof desc === 'object' && 'num' in desc) return decF(desc.num);
  if (desc && typeof desc === 'object' && 'int' in desc) return Number(desc.int);
  return desc;
}

/** A JS result in the encoding of the Python side's enc(). */
export function encodeJs(x) {
  if (x instanceof sv.NDArray) {
    const ta = x.toTypedArray();
    if (COMPLEX.includes(x.dtype)) return { dtype: x.dtype, shape: x.shape, values: Array.from({ length: ta.length / 2 }, (_, i) => [encF(ta[2 * i]), encF(ta[2 * i + 1])]) };
    const values = x.dtype === 'bool' ? Array.from(ta, (v) => (v ? 1 : 0)) : isInt(x.dtype) ? Array.from(ta, String) : Array.from(ta, encF);
    return { dtype: x.dtype, shape: x.shape, values };
  }
  if (x instanceof sv.Complex) return { scalar: [encF(x.re), encF(x.im)], kind: 'complex' };
  if (Array.isArray(x)) return { list: x.map(encodeJs) };
  if (typeof x === 'bigint') return { scalar: String(x), kind: 'int' };
  if (typeof x === 'string') return { scalar: x, kind: 'str' };
  if (typeof x === 'boolean') return { scalar: x ? 1 : 0, kind: 'bool' };
  if (typeof x === 'number') return { scalar: encF(x), kind: 'num' };
  if (x && typeof x === 'object') {
    const keys = ['values', 'indices', 'inverse', 'counts'].filter((k) => k in x);
    return { list: keys.map((k) => encodeJs(x[k])) };
  }
  throw new Error(`cannot encode ${x}`);
}

function disposeAll(x) {
  if (x instanceof sv.NDArray) x.dispose();
  else if (Array.isArray(x)) x.forEach(disposeAll);
  else if (x && typeof x === 'object') Object.values(x).forEach(disposeAll);
}

const ULP = { float32: 2 ** -23, float64: 2 ** -52 };
/**
 * Floats equal for a case's tolerance: tol 0 exact (with the zero's sign when signedZero), tol 1 a
 * sum in another order (relative 64 ulp of the dtype), tol n > 1 n ulp; NaN equals NaN.
 */
export function sameFloat(x, y, tol, dtype, signedZero = false) {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (x === y) return tol || !signedZero ? true : Object.is(x, y);
  if (!tol) return false;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  const rel = (tol === 1 ? 64 : tol) * (ULP[dtype] ?? ULP.float64);
  return Math.abs(x - y) <= rel * Math.max(Math.abs(x), Math.abs(y)) + 1e-300;
}

/**
 * Complex values [re, im] (encoded) equal for a tolerance: tol 0 exact; else each finite part within
 * the tolerance of sameFloat relative to the larger part of the expected value (the scale of |z|:
 * a part that cancels to near 0 is held to the modulus, not to itself); NaN and infinite parts
 * where NumPy has them.
 */
export function sameComplex(g, e, tol, dtype, signedZero = false) {
  const [gr, gi, er, ei] = [...g, ...e].map(decF);
  const part = partOf(dtype);
  if (!tol || ![gr, gi, er, ei].every(Number.isFinite)) return sameFloat(gr, er, tol, part, signedZero) && sameFloat(gi, ei, tol, part, signedZero);
  const rel = (tol === 1 ? 64 : tol) * ULP[part];
  const scale = Math.max(Math.abs(er), Math.abs(ei), Math.abs(gr), Math.abs(gi));
  return Math.abs(gr - er) <= rel * scale + 1e-300 && Math.abs(gi - ei) <= rel * scale + 1e-300;
}

function compareEncoded(assert, got, exp, tol, where, signedZero) {
  if ('error' in exp) {
    assert.ok('error' in got, `${where}: NumPy raised ${exp.error}, strideview returned ${JSON.stringify(got).slice(0, 200)}`);
    return;
  }
  const inexact = 'scalar' in exp && exp.kind === 'int' && BigInt(Number(exp.scalar)) !== BigInt(exp.scalar);
  if (inexact && 'error' in got && /is not exactly a JS number/.test(got.error)) return; // the scalar rule: a RangeError, bigint on request
  assert.ok(!('error' in got), `${where}: strideview raised ${got.error}; NumPy returned ${JSON.stringify(exp).slice(0, 200)}`);
  if ('list' in exp) {
    assert.ok('list' in got, `${where}: expected a list, got ${JSON.stringify(got).slice(0, 200)}`);
    assert.equal(got.list.length, exp.list.length, `${where}: list length`);
    exp.list.forEach((e, i) => compareEncoded(assert, got.list[i], e, tol, `${where}[${i}]`, signedZero));
    return;
  }
  if ('scalar' in exp) {
    assert.ok('scalar' in got, `${where}: NumPy returned a scalar (${JSON.stringify(exp)}), strideview ${JSON.stringify(got).slice(0, 200)}`);
    if (exp.kind === 'complex') {
      assert.equal(got.kind, 'complex', `${where}: a Complex for NumPy's ${exp.dtype} scalar, got ${JSON.stringify(got)}`);
      assert.ok(sameComplex(got.scalar, exp.scalar, tol, exp.dtype, signedZero), `${where}: ${JSON.stringify(got.scalar)} vs NumPy ${JSON.stringify(exp.scalar)}`);
      return;
    }
    if (exp.kind === 'num') assert.ok(sameFloat(decF(got.scalar), decF(exp.scalar), tol, exp.dtype, signedZero), `${where}: ${got.scalar} vs NumPy ${exp.scalar}`);
    else if (exp.kind === 'int' && got.kind === 'num') assert.equal(String(BigInt(got.scalar)), String(exp.scalar), `${where}: value`);
    else assert.equal(String(got.scalar), String(exp.scalar), `${where}: value`);
    // the scalar rule: every scalar a number (or a boolean), 64-bit integers included, never a bigint
    if (exp.kind !== 'bool') assert.notEqual(got.kind, 'int', `${where}: a number for NumPy's ${exp.dtype ?? 'Python'} scalar, not a bigint`);
    return;
  }
  assert.ok('dtype' in got, `${where}: expected an array, got ${JSON.stringify(got).slice(0, 200)}`);
  assert.equal(got.dtype, exp.dtype, `${where}: dtype`);
  assert.deepEqual(got.shape, exp.shape, `${where}: shape`);
  for (let i = 0; i < exp.values.length; i++) {
    const g = got.values[i];
    const e = exp.values[i];
    if (COMPLEX.includes(exp.dtype)) assert.ok(sameComplex(g, e, tol, exp.dtype, signedZero), `${where}: element ${i}: ${JSON.stringify(g)} vs NumPy ${JSON.stringify(e)}`);
    else if (FLOATS.includes(exp.dtype)) assert.ok(sameFloat(decF(g), decF(e), tol, exp.dtype, signedZero), `${where}: element ${i}: ${g} vs NumPy ${e}`);
    else assert.equal(String(g), String(e), `${where}: element ${i}`);
  }
}

/**
 * One node:test test per group of cases ({ group, op, ins, p, tol }): runJs(case) against the
 * Python script's result for it (the script reads the cases and prints one encoded result each).
 * Every case's arrays must be freed (results as a user would dispose them, then the operands); an
 * error must be a StrideViewError / TypeError / RangeError whose message starts with the op name,
 * exactly where NumPy raises. describe(case): how a failure names the case.
 */
export function differentialTests({ test, assert, ready, cases, script, runJs, describe, signedZero = false }) {
  let expected = null;
  const groups = [...new Set(cases.map((c) => c.group))];
  for (const g of groups) {
    const mine = cases.map((c, i) => [c, i]).filter(([c]) => c.group === g);
    test(`NumPy differential: ${g} (${mine.length} cases)`, { skip: !HAVE_PY && `no ${PY}` }, async () => {
      await ready;
      expected ??= runNumpy(script, cases);
      const before = sv.memoryStats().liveArrays;
      for (const [c, i] of mine) {
        let got;
        // no tidy: the results are disposed as a user would (a result that is a view of a temporary
        // would leave that temporary behind), then the operands; nothing may stay alive
        const live = sv.memoryStats().liveArrays;
        try {
          const res = runJs(c);
          got = encodeJs(res);
          disposeAll(res);
        } catch (e) {
          if (!(e instanceof sv.StrideViewError || e instanceof TypeError || e instanceof RangeError)) throw e;
          assert.ok(e.message.startsWith(`${c.op}: `), `case ${i} ${c.op}: the message names the op: ${e.message}`);
          got = { error: e.message };
        }
        for (const b of BASES.splice(0)) b.dispose();
        assert.equal(sv.memoryStats().liveArrays, live, `case ${i} ${c.op}: every array was freed`);
        compareEncoded(assert, got, expected[i], c.tol, `case ${i} ${describe(c)}`, signedZero);
      }
      assert.equal(sv.memoryStats().liveArrays, before, 'every array of the cases was freed');
    });
  }
}
