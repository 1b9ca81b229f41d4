// Differential test against NumPy (Debian's /usr/bin/python3 + numpy): random chains of slicing,
// reshape, transpose, flips, axis moves, broadcasting and gathers, generated with a fixed seed in JS,
// run by strideview and by one python process fed JSON; shapes and values must match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready, rng } from './helpers.mjs';

const PY = '/usr/bin/python3';
const SCRIPT = String.raw`
import json, sys
import numpy as np
cases = json.load(sys.stdin)
out = []
for c in cases:
    try:
        a = np.arange(int(np.prod(c['shape'])), dtype=np.float64).reshape(c['shape'])
        for op, arg in c['ops']:
            if op == 'slice':
                a = eval('a[' + arg + ']', {'a': a, 'None': None})
            elif op == 'reshape':
                a = a.reshape(arg)
            elif op == 'transpose':
                a = a.transpose(arg)
            elif op == 'flip':
                a = np.flip(a, axis=tuple(arg))
            elif op == 'broadcast':
                a = np.broadcast_to(a, arg)
            elif op == 'swapaxes':
                a = np.swapaxes(a, arg[0], arg[1])
            elif op == 'moveaxis':
                a = np.moveaxis(a, arg[0], arg[1])
            elif op == 'squeeze':
                a = np.squeeze(a)
            elif op == 'unsqueeze':
                a = np.expand_dims(a, arg)
            elif op == 'take':
                a = np.take(a, arg[1], axis=arg[0])
            elif op == 'sum':
                a = a.sum(axis=arg)
            elif op == 'add_t':
                a = a + a[::-1] * 2
            elif op == 'pad':
                a = np.pad(a, arg, constant_values=-1)
            elif op == 'contiguous':
                a = np.array(a, order='C', copy=True)
            else:
                raise ValueError(op)
        out.append({'shape': list(a.shape), 'values': np.asarray(a).ravel().tolist()})
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
json.dump(out, sys.stdout)
`;

function genSlice(r, shape) {
  const parts = [];
  let axis = 0;
  let usedEllipsis = false;
  while (axis < shape.length) {
    const n = shape[axis];
    const k = r.next();
    if (k < 0.08) {
      parts.push('None');
      continue;
    }
    if (k < 0.12 && !usedEllipsis && axis > 0) {
      usedEllipsis = true;
      parts.push('...');
      break; // the rest is covered by the ellipsis
    }
    if (k < 0.3 && n > 0) {
      parts.push(String(r.int(-n, n - 1)));
    } else {
      const b = () => (r.next() < 0.3 ? '' : String(r.int(-n - 2, n + 2)));
      const step = r.pick(['', '', '1', '2', '3', '-1', '-1', '-2', '-3']);
      parts.push(`${b()}:${b()}${step ? ':' + step : ''}`);
    }
    axis++;
  }
  if (r.next() < 0.2) parts.push('None');
  return parts.join(', ');
}

function factor(r, n) {
  // A random shape with numel n (rank 1..4), possibly with a -1.
  if (n === 0) return r.pick([[0], [0, 3], [2, 0], [-1, 3, 0].slice(1)]);
  const dims = [];
  let rest = n;
  const rank = r.int(1, 4);
  for (let i = 0; i < rank - 1; i++) {
    const divs = [];
    for (let d = 1; d <= rest; d++) if (rest % d === 0) divs.push(d);
    const d = r.pick(divs);
    dims.push(d);
    rest /= d;
  }
  dims.push(rest);
  const sh = r.shuffle(dims);
  if (r.next() < 0.3) sh[r.int(0, sh.length - 1)] = -1;
  return sh;
}

function genCase(r) {
  const rank = r.int(1, 4);
  const shape = Array.from({ length: rank }, () => (r.next() < 0.04 ? 0 : r.int(1, 5)));
  const ops = [];
  const n = sv.Shape.numel(shape);
  let a = sv.arange(n, undefined, undefined, 'float64').reshape(shape);
  const steps = r.int(1, 6);
  for (let s = 0; s < steps; s++) {
    const sh = a.shape;
    const nd = sh.length;
    const kind = r.pick(['slice', 'slice', 'slice', 'reshape', 'reshape', 'transpose', 'flip', 'broadcast', 'swapaxes', 'moveaxis', 'squeeze', 'unsqueeze', 'take', 'pad', 'contiguous']);
    let arg;
    let next;
    if (kind === 'slice') {
      if (nd === 0) continue;
      arg = genSlice(r, sh);
      next = a.slice(arg);
    } else if (kind === 'reshape') {
      arg = factor(r, a.size);
      next = a.reshape(arg);
    } else if (kind === 'transpose') {
      arg = r.shuffle(sh.map((_, i) => i));
      next = a.transpose(arg);
    } else if (kind === 'flip') {
      if (nd === 0) continue;
      arg = r.shuffle(sh.map((_, i) => i)).slice(0, r.int(1, nd));
      next = a.flip({ axis: arg });
    } else if (kind === 'broadcast') {
      arg = sh.map((d) => (d === 1 ? r.int(1, 3) : d));
      if (r.next() < 0.5) arg = [r.int(1, 3), ...arg];
      next = a.broadcastTo(arg);
    } else if (kind === 'swapaxes') {
      if (nd < 2) continue;
      arg = [r.int(-nd, nd - 1), r.int(-nd, nd - 1)];
      next = a.swapaxes(arg[0], arg[1]);
    } else if (kind === 'moveaxis') {
      if (nd < 2) continue;
      arg = [r.int(0, nd - 1), r.int(-nd, nd - 1)];
      next = a.moveaxis(arg[0], arg[1]);
    } else if (kind === 'squeeze') {
      arg = null;
      next = a.squeeze();
    } else if (kind === 'unsqueeze') {
      arg = r.int(-nd - 1, nd);
      next = a.unsqueeze(arg);
    } else if (kind === 'take') {
      if (nd === 0) continue;
      const ax = r.int(0, nd - 1);
      if (sh[ax] === 0) continue;
      const idx = Array.from({ length: r.int(0, 4) }, () => r.int(-sh[ax], sh[ax] - 1));
      arg = [ax, idx];
      next = a.slice(...sh.map((_, i) => (i === ax ? sv.L(idx) : sv.A)));
    } else if (kind === 'pad') {
      if (nd === 0) continue;
      arg = sh.map(() => [r.int(0, 2), r.int(0, 2)]);
      next = a.padView(arg, -1);
      if (r.next() < 0.5) next = next.copy();
    } else {
      arg = null;
      next = a.contiguous();
    }
    ops.push([kind, arg]);
    a = next;
  }
  const fin = r.next();
  if (fin < 0.2 && a.ndim > 0) {
    const ax = r.int(0, a.ndim - 1);
    ops.push(['sum', ax]);
    a = sv.sum(a, { axis: ax });
  } else if (fin < 0.35 && a.ndim > 0) {
    ops.push(['add_t', null]);
    a = sv.add(a, sv.mul(a.slice('::-1'), 2));
  }
  // a sum over the only axis is a JS value, as NumPy's scalar (shape [])
  if (!(a instanceof sv.NDArray)) return { shape, ops, result: { shape: [], values: [Number(a)] } };
  return { shape, ops, result: { shape: a.shape, values: Array.from(a.toTypedArray(), Number) } };
}

test('differential against NumPy: random view chains (seeded)', { skip: !existsSync(PY) && 'no /usr/bin/python3' }, async () => {
  await ready;
  const r = rng(20240611);
  const cases = [];
  for (let i = 0; i < 600; i++) {
    try {
      cases.push(genCase(r));
    } catch (e) {
      // A chain strideview refused: keep it so NumPy's answer shows the discrepancy.
      cases.push({ shape: null, ops: null, error: String(e && e.message), seedIndex: i });
    }
  }
  const errs = cases.filter((c) => c.error);
  assert.deepEqual(errs, [], 'strideview threw on a generated chain');
  const py = spawnSync(PY, ['-c', SCRIPT], { input: JSON.stringify(cases.map(({ shape, ops }) => ({ shape, ops }))), maxBuffer: 1 << 28 });
  assert.equal(py.status, 0, String(py.stderr));
  const res = JSON.parse(String(py.stdout));
  let compared = 0;
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const np = res[i];
    const where = `case ${i}: shape ${JSON.stringify(c.shape)} ops ${JSON.stringify(c.ops)}`;
    assert.ok(!np.error, `${where}: numpy error ${np.error}`);
    assert.deepEqual(c.result.shape, np.shape, `${where}: shape`);
    assert.deepEqual(c.result.values, np.values, `${where}: values`);
    compared++;
  }
  assert.equal(compared, 600);
  const s = sv.memoryStats();
  assert.ok(s.liveArrays >= 0);
});
