// The NumPy oracle shared by the differential suites (numpy_ops, everyday, integer_ops_einsum):
// the dtype tables, the JSON value encoding both sides read, random view descriptions (contiguous,
// strided with a transpose, broadcast, padded) that both sides build alike, the JS side's builders
// and the Python side's, and one call of Debian's python3 with every case of a suite.
//
// A view description is { dtype, shape (of the base), fshape (of the view), values, ops }: the base
// holds `values` (encoded as below) in C order, and `ops` are applied in turn: ['slice', 'a:b:c, ...'],
// ['transpose', perm], ['broadcast', shape], ['pad', [[before, after], ...], fill]. Values in JSON:
// bool 0/1, integers as decimal strings (exact int64 / uint64), floats as numbers except 'nan',
// 'inf', '-inf' and '-0'.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv } from './helpers.mjs';

export const PY = '/usr/bin/python3';
export const HAVE_PY = existsSync(PY);

export const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
export const FLOATS = ['float32', 'float64'];
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
