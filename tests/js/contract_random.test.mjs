// The Generator's calling contract against NumPy 1.24 (Debian's /usr/bin/python3 + numpy): every
// method takes NumPy's parameters in NumPy's order, positionally or by name in one trailing options
// object (defaultRng({ seed }), rng.random({ size }), rng.choice(a, 2, { axis: 1 })), and the new
// parameters give NumPy's numbers bit for bit for the same seed: the axis of permutation, shuffle
// and choice (NumPy shuffles an index array, or the rows of the axis-swapped view: the same draws),
// `out` in C and F order, dtype by position. Errors name `Generator.<method>` and never print
// [object Object]; strict TypeScript reads a scalar or an NDArray from the arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sv, ready } from './helpers.mjs';

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY) && spawnSync(PY, ['-c', 'import numpy']).status === 0;
const skip = !HAVE_PY && 'no /usr/bin/python3 with numpy';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Each job: a seed, python setup code, and steps run in order on one generator (so the streams must
// stay in step). A step whose value is None (shuffle) reports the variable x.
const SCRIPT = String.raw`
import json, sys
import numpy as np
out = []
for job in json.load(sys.stdin):
    env = {'np': np, 'g': np.random.default_rng(job['seed'])}
    exec(job.get('setup', ''), env)
    res = []
    for expr in job['py']:
        try:
            r = eval(expr, env)
            if r is None:
                r = env['x']
            arr = np.array(r, order='C')
            res.append({'kind': 'array' if isinstance(r, np.ndarray) else 'scalar', 'shape': list(arr.shape),
                        'dtype': str(arr.dtype), 'hex': arr.tobytes().hex()})
        except Exception as e:
            res.append({'error': type(e).__name__ + ': ' + str(e)})
    out.append(res)
print(json.dumps(out))
`;

function numpy(jobs) {
  const input = JSON.stringify(jobs.map(({ seed, setup, steps }) => ({ seed, setup, py: steps.map((s) => s[0]) })));
  const py = spawnSync(PY, ['-c', SCRIPT], { input });
  assert.equal(py.status, 0, String(py.stderr));
  return JSON.parse(String(py.stdout));
}

const hexOf = (ta) => Buffer.from(ta.buffer, ta.byteOffset, ta.byteLength).toString('hex');
const SCALAR = { float64: Float64Array, float32: Float32Array, int64: BigInt64Array };

/** A JS result as the python side reports it (an NDArray is read in C order, as np.ascontiguousarray). */
function encode(r, want) {
  if (r instanceof sv.NDArray) {
    const c = r.isCContiguous ? r : r.copy();
    const out = { kind: 'array', shape: r.shape, dtype: r.dtype, hex: hexOf(c.toTypedArray()) };
    if (c !== r) c.dispose();
    return out;
  }
  const C = SCALAR[want.dtype];
  assert.ok(C, `no scalar encoding for ${want.dtype}`);
  assert.equal(typeof r, 'number', `a ${want.dtype} scalar is a JS number`);
  return { kind: 'scalar', shape: [], dtype: want.dtype, hex: hexOf(C.of(C === BigInt64Array ? BigInt(r) : r)) };
}

/** Runs the jobs on both sides and compares every step bit for bit. */
async function compare(jobs) {
  await ready;
  const want = numpy(jobs);
  for (let j = 0; j < jobs.length; j++) {
    const { seed, make, steps } = jobs[j];
    const g = sv.defaultRng(seed);
    const env = make ? make() : {};
    for (let k = 0; k < steps.length; k++) {
      const [py, js] = steps[k];
      const w = want[j][k];
      const where = `seed ${seed}, step ${k}: ${py}`;
      assert.equal(w.error, undefined, `NumPy raised ${w.error} (${where})`);
      const r = js(g, env);
      const got = encode(r, w);
      if (r instanceof sv.NDArray && !Object.values(env).includes(r)) r.dispose();
      assert.deepEqual(got, w, where);
    }
    for (const v of Object.values(env)) if (v instanceof sv.NDArray) v.dispose();
  }
}

const A234 = 'a = np.arange(24.).reshape(2, 3, 4)';
const a234 = () => sv.arange(0, 24, 1, 'float64').reshape([2, 3, 4]);

test('defaultRng: the seed positionally, by name, null and NumPy\'s', { skip }, async () => {
  await compare([
    { seed: 42, steps: [['g.random(3)', (g) => sv.defaultRng({ seed: 42 }).random(3)]] },
    { seed: 42, steps: [['g.random(3)', () => sv.defaultRng(42).random({ size: 3 })]] },
    { seed: 7, steps: [['g.random()', () => sv.defaultRng({ seed: [7] }).random()]] },
    { seed: 5, steps: [['g.random()', () => sv.defaultRng(new sv.PCG64({ seed: 5 })).random()]] },
  ]);
  await ready;
  const g = sv.defaultRng({ seed: null });
  assert.equal(typeof g.random(), 'number'); // fresh entropy
  assert.equal(sv.defaultRng({ seed: g }), g);
  assert.equal(new sv.Generator(g.bitGenerator).bitGenerator, g.bitGenerator);
});

test('random / standardNormal: size, dtype and out positionally, by name and mixed', { skip }, async () => {
  await compare([
    {
      seed: 3,
      make: () => ({ o: sv.zeros([2, 3], 'float32'), o64: sv.zeros([4], 'float64') }),
      steps: [
        ['g.random(size=3)', (g) => g.random({ size: 3 })],
        ['g.random(3, np.float32)', (g) => g.random(3, 'float32')],
        ['g.random((2, 2), dtype=np.float32)', (g) => g.random([2, 2], { dtype: 'float32' })],
        ['g.random(dtype=np.float32)', (g) => g.random({ dtype: 'float32' })],
        ['g.random(None, None)', (g) => g.random(null, null)], // np.dtype(None) is float64
        ['g.random(None, np.float32)', (g) => g.random(null, 'float32')],
        ['g.random((2, 3), np.float32, o)', (g, e) => g.random([2, 3], 'float32', e.o)],
        ['g.random(out=o64)', (g, e) => g.random({ out: e.o64 })],
        ['g.random(None, "float32", o)', (g, e) => g.random(null, { dtype: 'float32', out: e.o })],
        ['g.standard_normal(size=(2, 2))', (g) => g.standardNormal({ size: [2, 2] })],
        ['g.standard_normal(5, np.float32)', (g) => g.standardNormal(5, 'float32')],
        ['g.standard_normal()', (g) => g.standardNormal()],
        ['g.standard_normal(dtype=np.float32, out=o)', (g, e) => g.standardNormal({ dtype: 'float32', out: e.o })],
        ['g.standard_normal(4, np.float64, o64)', (g, e) => g.standardNormal(4, 'float64', e.o64)],
        ['g.random()', (g) => g.random()],
      ],
      setup: 'o = np.zeros((2, 3), np.float32); o64 = np.zeros(4)',
    },
  ]);
});

test('random / standardNormal: an F-ordered out is filled in memory order, as NumPy does', { skip }, async () => {
  await compare([
    {
      seed: 11,
      setup: 'f = np.zeros((3, 4), order="F"); f32 = np.zeros((2, 5), np.float32, order="F")',
      make: () => ({ f: sv.zeros([4, 3], 'float64').transpose([1, 0]), f32: sv.zeros([5, 2], 'float32').transpose([1, 0]) }),
      steps: [
        ['g.random(out=f)', (g, e) => g.random({ out: e.f })],
        ['g.standard_normal((2, 5), np.float32, f32)', (g, e) => g.standardNormal([2, 5], 'float32', e.f32)],
        ['g.random((3, 4), out=f)', (g, e) => g.random([3, 4], { out: e.f })],
        ['g.random(2)', (g) => g.random(2)],
      ],
    },
  ]);
});

test('integers / uniform / normal: every parameter positionally, by name and mixed', { skip }, async () => {
  await compare([
    {
      seed: 19,
      steps: [
        ['g.integers(0, 10, size=5)', (g) => g.integers(0, 10, { size: 5 })],
        ['g.integers(10, size=3)', (g) => g.integers(10, { size: 3 })],
        ['g.integers(0, 10, 5, np.int8)', (g) => g.integers(0, 10, 5, 'int8')],
        ['g.integers(0, 10, 5, np.int8, True)', (g) => g.integers(0, 10, 5, 'int8', true)],
        [
          'g.integers(-3, 3, (2, 3), dtype=np.int16, endpoint=True)',
          (g) => g.integers(-3, 3, { endpoint: true, dtype: 'int16', size: [2, 3] }),
        ],
        ['g.integers(0, 100)', (g) => g.integers(0, 100)],
        ['g.integers(5, high=9, endpoint=True)', (g) => g.integers(5, { high: 9, endpoint: true })],
        ['g.integers(7)', (g) => g.integers(7)],
        ['g.uniform(size=3)', (g) => g.uniform({ size: 3 })],
        ['g.uniform(1, 2, 3)', (g) => g.uniform(1, 2, 3)],
        ['g.uniform(low=-1, high=0)', (g) => g.uniform({ low: -1, high: 0 })],
        ['g.uniform(0.5, size=(2,))', (g) => g.uniform(0.5, { size: [2] })],
        ['g.uniform([0, 10], 20)', (g) => g.uniform([0, 10], 20)],
        ['g.normal(1, scale=2, size=[2])', (g) => g.normal(1, { scale: 2, size: [2] })],
        ['g.normal(size=2)', (g) => g.normal({ size: 2 })],
        ['g.normal()', (g) => g.normal()],
        ['g.normal(loc=[1, 2], scale=0.5)', (g) => g.normal({ loc: [1, 2], scale: 0.5 })],
      ],
    },
  ]);
});

test('permutation: axis positionally and by name, strided inputs, integers (NumPy\'s index shuffle)', { skip }, async () => {
  await compare([
    {
      seed: 23,
      setup: A234 + '; t = np.arange(12.).reshape(3, 4).T',
      make: () => ({ a: a234(), t: sv.arange(0, 12, 1, 'float64').reshape([3, 4]).transpose([1, 0]) }),
      steps: [
        ['g.permutation(a, axis=1)', (g, e) => g.permutation(e.a, { axis: 1 })],
        ['g.permutation(a, 2)', (g, e) => g.permutation(e.a, 2)],
        ['g.permutation(a, -1)', (g, e) => g.permutation(e.a, -1)],
        ['g.permutation(a)', (g, e) => g.permutation(e.a)],
        ['g.permutation(t, axis=1)', (g, e) => g.permutation(e.t, { axis: 1 })],
        ['g.permutation(t[::2], 0)', (g, e) => g.permutation(e.t.slice('::2'), 0)],
        ['g.permutation([[1., 2., 3.], [4., 5., 6.]], axis=1)', (g) => g.permutation([[1, 2, 3], [4, 5, 6]], { axis: 1 })],
        ['g.permutation(9, axis=3)', (g) => g.permutation(9, { axis: 3 })], // NumPy ignores axis for an integer
        ['g.permutation(-3)', (g) => g.permutation(-3)], // np.arange(-3): empty
        ['g.permutation(x=6)', (g) => g.permutation(6)],
        ['g.random()', (g) => g.random()],
      ],
    },
  ]);
});

test('shuffle: in place along axis (positional and by name) on arrays and strided views', { skip }, async () => {
  const X3 = ['x = np.arange(24.).reshape(2, 3, 4)', () => ({ x: a234() })];
  const X2 = ['x = np.arange(12.).reshape(3, 4)', () => ({ x: sv.arange(0, 12, 1, 'float64').reshape([3, 4]) })];
  const X1 = ['x = np.arange(10.)', () => ({ x: sv.arange(0, 10, 1, 'float64') })];
  /** One shuffle of x (or of a view of it: `view(x)`, disposed after), compared as x. */
  const job = (seed, [setup, make], py, shuffle, view = null) => ({
    seed,
    setup,
    make,
    steps: [
      [
        py,
        (g, e) => {
          const v = view ? view(e.x) : e.x;
          shuffle(g, v);
          if (v !== e.x) v.dispose();
          return e.x;
        },
      ],
    ],
  });
  await compare([
    job(29, X3, 'g.shuffle(x, 1)', (g, x) => g.shuffle(x, 1)),
    job(29, X3, 'g.shuffle(x, axis=-1)', (g, x) => g.shuffle(x, { axis: -1 })),
    job(31, X3, 'g.shuffle(x[:, ::2, 1:], axis=2)', (g, v) => g.shuffle(v, { axis: 2 }), (x) => x.slice(':, ::2, 1:')),
    job(37, X2, 'g.shuffle(x.T, 0)', (g, v) => g.shuffle(v, 0), (x) => x.transpose([1, 0])),
    job(37, X2, 'g.shuffle(x.T, 1)', (g, v) => g.shuffle(v, 1), (x) => x.transpose([1, 0])),
    job(41, X1, 'g.shuffle(x, axis=-1)', (g, x) => g.shuffle(x, { axis: -1 })),
    {
      seed: 43,
      setup: 'x = np.arange(24.).reshape(2, 3, 4); y = g.shuffle(x, 2); z = g.random()',
      make: X3[1],
      steps: [
        ['x', (g, e) => (g.shuffle(e.x, 2), e.x)],
        ['z', (g) => g.random()], // the stream continues in step
      ],
    },
  ]);
});

test('choice: axis, p, replace and shuffle positionally, by name and mixed', { skip }, async () => {
  await compare([
    {
      seed: 47,
      setup: A234 + '; m = np.arange(12.).reshape(3, 4)',
      make: () => ({ a: a234(), m: sv.arange(0, 12, 1, 'float64').reshape([3, 4]) }),
      steps: [
        ['g.choice(m, 2, axis=1)', (g, e) => g.choice(e.m, 2, { axis: 1 })],
        ['g.choice(m, axis=1)', (g, e) => g.choice(e.m, { axis: 1 })],
        ['g.choice(m, axis=-1)', (g, e) => g.choice(e.m, { axis: -1 })],
        ['g.choice(a, (2, 2), False, None, 2)', (g, e) => g.choice(e.a, [2, 2], false, null, 2)],
        ['g.choice(a, 3, replace=False, axis=2, shuffle=False)', (g, e) => g.choice(e.a, 3, { replace: false, axis: 2, shuffle: false })],
        ['g.choice(a, 4, p=[0.1, 0.2, 0.3, 0.4], axis=2)', (g, e) => g.choice(e.a, 4, { p: [0.1, 0.2, 0.3, 0.4], axis: 2 })],
        ['g.choice(a, 2, False, [0.5, 0.25, 0.25], 1)', (g, e) => g.choice(e.a, 2, false, [0.5, 0.25, 0.25], 1)],
        ['g.choice(m.T, 2, axis=0)', (g, e) => {
          const t = e.m.transpose([1, 0]);
          try {
            return g.choice(t, 2, { axis: 0 });
          } finally {
            t.dispose();
          }
        }],
        ['g.choice(5)', (g) => g.choice(5)],
        ['g.choice(5, axis=4)', (g) => g.choice(5, { axis: 4 })], // not used for an integer a
        ['g.choice(5, size=3, replace=False)', (g) => g.choice(5, { size: 3, replace: false })],
        ['g.choice(5, 3, True, [0.2, 0.2, 0.2, 0.2, 0.2])', (g) => g.choice(5, 3, true, [0.2, 0.2, 0.2, 0.2, 0.2])],
        ['g.choice([0.5, 1.5, 2.5])', (g) => g.choice([0.5, 1.5, 2.5])],
        ['g.choice(30000, 2000, False, shuffle=False)', (g) => g.choice(30000, 2000, false, { shuffle: false })],
        ['g.random()', (g) => g.random()],
      ],
    },
  ]);
});

test('Generator methods: binding errors name Generator.<method> and the parameter', async () => {
  await ready;
  const g = sv.defaultRng(0);
  const a = sv.arange(0, 6, 1, 'float64').reshape([2, 3]);
  const o64 = sv.zeros([3], 'float64');
  const cases = [
    [() => g.random({ sise: 3 }), TypeError, /^Generator\.random: unknown option 'sise'; did you mean 'size'\?/],
    [() => g.random(3, { size: 4 }), TypeError, /^Generator\.random: got multiple values for size: 3 as the first argument and 4 by name$/],
    [() => g.random(1, 'float64', null, 4), TypeError, /^Generator\.random: takes at most 3 positional arguments \(size, dtype, out\)/],
    [() => g.integers(), TypeError, /^Generator\.integers: missing the required argument low/],
    [() => g.integers(0, 5, { end_point: true }), TypeError, /did you mean 'endpoint'/],
    [() => g.integers(0, 5, null, 'int32', 'yes'), TypeError, /^Generator\.integers: endpoint must be a boolean, got "yes"$/],
    [() => g.integers([0, 1], 5), TypeError, /^Generator\.integers: low=\[0,1\] is not supported \(supported: a number or a bigint;/],
    [() => g.integers(0, 5, { dtype: 'float64' }), TypeError, /^Generator\.integers: dtype="float64" is not supported \(supported: the/],
    [() => g.random(3, 'int32'), TypeError, /^Generator\.random: dtype="int32" is not supported \(supported: 'float64' and 'float32'\)$/],
    [() => g.standardNormal({ dtype: 'f8' }), TypeError, /^Generator\.standardNormal: unknown dtype "f8"/],
    [() => g.random({ size: { n: 3 } }), TypeError, /^Generator\.random: size must be an integer, .* or null, got \{ n: 3 \}$/],
    [() => g.random({ out: [1, 2] }), TypeError, /^Generator\.random: out must be an NDArray or null, got \[1,2\]$/],
    [() => g.choice(a, 2, { axis: 'x' }), TypeError, /^Generator\.choice: axis must be an integer/],
    [() => g.choice(a, 2, { axis: 2 }), sv.StrideViewError, /^Generator\.choice: axis 2 is out of bounds for array of dimension 2$/],
    [() => g.choice(5, 2, { replace: 'no' }), TypeError, /^Generator\.choice: replace must be a boolean, got "no"$/],
    [() => g.choice(2.5), RangeError, /^Generator\.choice: a must be an integer, got 2\.5$/],
    [() => g.permutation(a, { axis: 5 }), sv.StrideViewError, /^Generator\.permutation: axis 5 is out of bounds for array of dimension 2$/],
    [() => g.permutation(sv.zeros([])), sv.StrideViewError, /^Generator\.permutation: axis 0 is out of bounds for array of dimension 0$/],
    [() => g.shuffle(a, 2), sv.StrideViewError, /^Generator\.shuffle: axis 2 is out of bounds for array of dimension 2$/],
    [() => g.shuffle([1, 2, 3], 1), TypeError, /^Generator\.shuffle: axis=1 is not supported \(supported: 0 for a JS array/],
    [() => g.shuffle(a, { axes: 1 }), TypeError, /^Generator\.shuffle: unknown option 'axes'; did you mean 'axis'\?/],
    [() => g.uniform({ lo: 1 }), TypeError, /^Generator\.uniform: unknown option 'lo'/],
    [() => g.normal(0, 1, { sizes: 3 }), TypeError, /did you mean 'size'/],
    [() => g.random(3, 'float32', o64), sv.StrideViewError, /^Generator\.random: out has dtype float64, expected float32$/],
    [() => sv.defaultRng({ sead: 1 }), TypeError, /^defaultRng: unknown option 'sead'; did you mean 'seed'\?/],
    [() => sv.defaultRng({ seed: { n: 1 } }), TypeError, /^defaultRng: seed must be a non-negative integer .*, got \{ n: 1 \}$/],
    [() => new sv.PCG64({ seed: 1.5 }), TypeError, /^PCG64: seed must be/],
    [() => new sv.Generator(5), TypeError, /^Generator: bitGenerator must be a PCG64, got 5$/],
    [() => new sv.Generator(), TypeError, /^Generator: missing the required argument bitGenerator/],
  ];
  const before = g.bitGenerator.state;
  for (const [fn, cls, re] of cases) {
    assert.throws(fn, (e) => {
      assert.ok(e instanceof cls, `${re}: ${e.constructor.name}: ${e.message}`);
      assert.match(e.message, re);
      assert.doesNotMatch(e.message, /\[object Object\]/);
      return true;
    });
  }
  assert.deepEqual(g.bitGenerator.state, before, 'a refused call draws nothing');
  a.dispose();
  o64.dispose();
});

test('strict TypeScript: the result type follows the arguments (no casts)', async () => {
  const dist = path.join(root, 'dist/index.mjs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-rng-types-'));
  try {
    const file = path.join(dir, 'use.ts');
    writeFileSync(
      file,
      `import { defaultRng, NDArray } from ${JSON.stringify(dist)};
const rng = defaultRng({ seed: 42 });
const arr: NDArray = rng.random(3);
const n1: number = rng.random();
const a1: NDArray = rng.random({ size: 3 });
const n2: number = rng.random({ dtype: 'float32' });
const a2: NDArray = rng.random(null, 'float64', arr);
const a3: NDArray = rng.random({ out: arr });
const n3: number = rng.standardNormal();
const a4: NDArray = rng.standardNormal(3);
const a5: NDArray = rng.standardNormal([2, 2], 'float32');
const n4: number = rng.integers(0, 10);
const a6: NDArray = rng.integers(0, 10, 5);
const a7: NDArray = rng.integers(0, 10, { size: [2, 2], dtype: 'int8' });
const b1: boolean = rng.integers(0, 2, null, 'bool');
const b2: boolean = rng.integers(0, 2, { dtype: 'bool' });
const n5: number = rng.uniform();
const n6: number = rng.uniform(0, 2);
const a8: NDArray = rng.uniform([0, 1], 2);
const a9: NDArray = rng.normal(0, 1, 4);
const n7: number = rng.normal({ loc: 1 });
const n8: number = rng.choice(5);
const a10: NDArray = rng.choice(5, 3);
const a11: NDArray = rng.choice(arr, 2, { axis: 0 });
const a12: NDArray = rng.permutation(arr, { axis: 0 });
rng.shuffle(arr, 0);
const sum: number = -rng.standardNormal() + rng.integers(0, 3) * 2 + rng.choice(4) + rng.uniform();
// @ts-expect-error an array is not a number
const bad1: number = rng.random(3);
// @ts-expect-error a scalar is not an array
const bad2: NDArray = rng.integers(0, 3);
// @ts-expect-error random draws floats only
rng.random(3, 'int32');
// @ts-expect-error no such option
rng.random({ sise: 3 });
export { n1, n2, n3, n4, n5, n6, n7, n8, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, b1, b2, sum, bad1, bad2 };
`,
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const flags = ['--strict', '--noEmit', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler'];
    const args = [tsc, ...flags, '--lib', 'es2022,dom', file];
    try {
      execFileSync(process.execPath, args, { encoding: 'utf8' });
    } catch (e) {
      assert.fail(`tsc --strict:\n${e.stdout}${e.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
