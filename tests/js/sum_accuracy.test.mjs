// Float sums and means you can trust: strideview's float32/float64 sum and mean against NumPy's on
// large inputs (2^20 elements), with a long double truth computed by NumPy. NumPy sums
// pairwise along contiguous rows and naively along outer axes; strideview must be pairwise
// everywhere, so its error must be NumPy-class (at most 2x NumPy's or 4 eps of sum|x|) in every case:
// full reductions of contiguous, transposed, sliced and flipped views, last axis, first axis and
// multi-axis reductions. The data go to NumPy through saveNpy; one python process answers all cases.
// Set SV_SUM_ACCURACY_REPORT=1 to print the table of errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sv, ready, rng } from './helpers.mjs';

const PY = '/usr/bin/python3';
const hasNumpy = existsSync(PY) && spawnSync(PY, ['-c', 'import numpy'], { encoding: 'utf8' }).status === 0;

// Each case: python evaluates `expr` with x = the saved array (or none), then reduces over `axes`
// in the array's dtype (NumPy's answer) and in long double (the truth), and sums |values|.
const SCRIPT = String.raw`
import json, sys
import numpy as np
cases = json.load(sys.stdin)
loaded = {}
out = []
for c in cases:
    if c['file'] and c['file'] not in loaded:
        loaded[c['file']] = np.load(c['file'])
    x = loaded.get(c['file'])
    v = eval(c['expr'], {'np': np, 'x': x})
    axis = None if c['axes'] is None else tuple(c['axes'])
    f = np.mean if c['op'] == 'mean' else np.sum
    got = np.asarray(f(v, axis=axis)).ravel()
    w = v.astype(np.longdouble)
    truth = np.asarray(f(w, axis=axis)).ravel()
    mag = np.asarray(f(np.abs(w), axis=axis)).ravel()
    hi = truth.astype(np.float64)
    lo = (truth - hi).astype(np.float64)  # the truth as a double-double: hi + lo
    out.append({'numpy': [float(t) for t in got], 'hi': [float(t) for t in hi],
                'lo': [float(t) for t in lo], 'mag': [float(t) for t in mag]})
json.dump(out, sys.stdout)
`;

const N = 1 << 20;
const EPS = { float32: 2 ** -23, float64: 2 ** -52 };

function datasets(dtype) {
  const r = rng(2024);
  const T = dtype === 'float32' ? Float32Array : Float64Array;
  const ramp = new T(N);
  const mixed = new T(N);
  const positive = new T(N);
  // float64 partial sums of small integers are exact; scale the ramp so they round.
  const scale = dtype === 'float32' ? 1 : Math.PI;
  for (let i = 0; i < N; i++) {
    ramp[i] = (i + 1) * scale;
    mixed[i] = (2 * r.next() - 1) * 10 ** (r.int(0, 6) - 3);
    positive[i] = 0.5 + 2 * (r.next() + r.next() * 2 ** -32); // 53 significant bits
  }
  return { ramp, mixed, positive };
}

// [name, build the view from x (a [1024,1024] NDArray), the same view in python, axes]
const VIEWS = [
  ['1-D contiguous, all', (x) => x.reshape([N]), 'x.reshape(-1)', null],
  ['2-D all', (x) => x, 'x', null],
  ['2-D last axis', (x) => x, 'x', [1]],
  ['2-D first axis', (x) => x, 'x', [0]],
  ['transposed, all', (x) => x.transpose(), 'x.T', null],
  ['transposed, first axis', (x) => x.transpose(), 'x.T', [0]],
  ['sliced [:, ::2], all', (x) => x.slice(':, ::2'), 'x[:, ::2]', null],
  ['sliced [::2, 1:], first axis', (x) => x.slice('::2, 1:'), 'x[::2, 1:]', [0]],
  ['flipped [::-1], first axis', (x) => x.slice('::-1'), 'x[::-1]', [0]],
  ['[16,65536] last axis', (x) => x.reshape([16, 65536]), 'x.reshape(16, 65536)', [1]],
  ['[65536,16] first axis', (x) => x.reshape([65536, 16]), 'x.reshape(65536, 16)', [0]],
  ['[64,128,128] axes (0,2)', (x) => x.reshape([64, 128, 128]), 'x.reshape(64, 128, 128)', [0, 2]],
  ['[64,128,128] permuted (2,0,1), axes (1,2)', (x) => x.reshape([64, 128, 128]).transpose([2, 0, 1]),
    'x.reshape(64, 128, 128).transpose(2, 0, 1)', [1, 2]],
];

function values(a) {
  if (typeof a === 'number') return [a]; // a reduction over all axes: a JS number
  const t = a.toTypedArray();
  return Array.from(t, Number);
}
/** The result's dtype: an array's own; a JS number from a float32 reduction must be a float32 value. */
function checkDType(s, dtype, what) {
  if (typeof s !== 'number') return assert.equal(s.dtype, dtype, what);
  if (dtype === 'float32') assert.equal(Math.fround(s), s, `${what}: a float32 value`);
}

// max over outputs of |result - truth| / sum|x| (a relative error for positive data); the truth is
// hi + lo, and res - hi is exact when they are close.
function error(res, hi, lo, mag) {
  let e = 0;
  for (let i = 0; i < hi.length; i++) {
    const m = mag[i] === 0 ? 1 : mag[i];
    e = Math.max(e, Math.abs(res[i] - hi[i] - lo[i]) / m);
  }
  return e;
}

test('float sum and mean are NumPy-class accurate on 2^20 elements', { skip: !hasNumpy && 'needs /usr/bin/python3 with numpy' }, async () => {
  await ready;
  const dir = mkdtempSync(join(tmpdir(), 'sv-sum-'));
  const ours = []; // [label, dtype, op, result values]
  const cases = [];
  const owned = [];
  try {
    // The issue's case: sum(add(arange(2**20,'float32').reshape([1024,1024]).transpose(), 1)).
    {
      const a = sv.arange(N, undefined, undefined, 'float32');
      const b = sv.add(a.reshape([1024, 1024]).transpose(), 1);
      for (const op of ['sum', 'mean']) {
        const s = sv[op](b);
        checkDType(s, 'float32', `${op} keeps float32`);
        ours.push([`issue: ${op}(add(arange(2**20,f32).reshape.T, 1))`, 'float32', op, values(s)]);
        cases.push({ file: null, expr: '(np.arange(2**20, dtype=np.float32).reshape(1024, 1024).T + np.float32(1))', axes: null, op });
      }
      b.dispose();
      a.dispose();
    }
    for (const dtype of ['float32', 'float64']) {
      for (const [dname, data] of Object.entries(datasets(dtype))) {
        const x = sv.fromTypedArray(data, [1024, 1024]);
        owned.push(x);
        const file = join(dir, `${dtype}-${dname}.npy`);
        writeFileSync(file, sv.saveNpy(x));
        for (const [vname, build, expr, axes] of VIEWS) {
          const ops = dname === 'positive' ? ['sum', 'mean'] : ['sum'];
          for (const op of ops) {
            const v = build(x);
            const s = sv[op](v, axes ? { axis: axes } : {});
            checkDType(s, dtype, `${op} keeps ${dtype}`);
            ours.push([`${dname} ${vname}`, dtype, op, values(s)]);
            if (typeof s !== 'number') s.dispose();
            if (v !== x) v.dispose();
            cases.push({ file, expr, axes, op });
          }
        }
      }
    }
    const py = spawnSync(PY, ['-c', SCRIPT], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(py.status, 0, py.stderr);
    const answers = JSON.parse(py.stdout);
    assert.equal(answers.length, ours.length);
    const rows = [];
    const failures = [];
    for (let k = 0; k < ours.length; k++) {
      const [label, dtype, op, res] = ours[k];
      const { numpy, hi, lo, mag } = answers[k];
      assert.equal(res.length, hi.length, `${label}: number of outputs`);
      const eSv = error(res, hi, lo, mag);
      const eNp = error(numpy, hi, lo, mag);
      rows.push({ case: label, dtype, op, strideview: eSv.toExponential(2), numpy: eNp.toExponential(2) });
      const limit = Math.max(2 * eNp, 4 * EPS[dtype]);
      if (!(eSv <= limit)) {
        failures.push(`${dtype} ${op} ${label}: error ${eSv.toExponential(2)} > ${limit.toExponential(2)} (numpy ${eNp.toExponential(2)})`);
      }
    }
    if (process.env.SV_SUM_ACCURACY_REPORT) console.table(rows);
    assert.deepEqual(failures, [], `${failures.length} of ${ours.length} reductions less accurate than NumPy-class`);
    // The motivating measurement: NumPy 6e-7; naive summation was off by 4.8e-4.
    const issue = rows[0];
    assert.ok(Number(issue.strideview) < 2e-6, `issue case: ${issue.strideview}`);
  } finally {
    for (const a of owned) a.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
