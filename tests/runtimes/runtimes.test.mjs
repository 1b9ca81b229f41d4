// The package in Bun and Deno (issue 12), as users get it: `npm pack`, the tarball installed into
// an empty project, and the package's own Node suites that make sense outside Node run there
// with each runtime's built-in runner for `node:test` (`bun test`, `deno test`):
//   creation, view, shape, sym, ndarray, indexargs, ops (kernels), fuzz (kernels vs a JS
//   reference), errors, badinput (every API's bad input), npy (NumPy as oracle), interop, memory
// in ESM (`import ... from 'strideview'`) and, for Bun, CommonJS (the same files, the package
// loaded with require('strideview'), i.e. dist/index.cjs). A smoke script per runtime and flavour
// calls init() with no options (the wasm found next to the bundle), init({ simd: false }) in a
// second process, and an uncaught StrideViewError. Each run also calls family ops (argmax, sin):
// the SIMD build's init() must find and load strideview-families.wasm next to the bundle in that
// runtime (unbundled, the package's code uses every family), and the scalar build is whole.
// Runtimes: Debian has neither; they come from npm packages (devDependencies) whose binaries work
// without install scripts: @oven/bun-linux-x64 (bin/bun), @deno/linux-x64-glibc (deno).
// Known skips (listed in the README's runtime table):
//   memory.test.mjs in Bun: it triggers V8's garbage collector (node:v8 setFlagsFromString +
//   node:vm 'gc') to test the FinalizationRegistry safety net; Bun is JavaScriptCore.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const skipAll = process.env.SV_SKIP_RUNTIMES === '1' ? 'SV_SKIP_RUNTIMES=1' : false;

export const RUNTIMES = {
  bun: join(root, 'node_modules/@oven/bun-linux-x64/bin/bun'),
  deno: join(root, 'node_modules/@deno/linux-x64-glibc/deno'),
};
const SUITES = ['creation', 'view', 'shape', 'sym', 'ndarray', 'indexargs', 'ops', 'fuzz', 'errors', 'badinput', 'npy', 'interop', 'memory'];
const KNOWN_SKIPS = {
  bun: { memory: "uses V8's gc() (node:v8 --expose-gc + node:vm) to test the FinalizationRegistry safety net; Bun runs JavaScriptCore" },
  deno: {},
};

const work = skipAll ? null : mkdtempSync(join(tmpdir(), 'sv-runtimes-'));
test.after(() => work && rmSync(work, { recursive: true, force: true }));
let project;

const env = (rt) => ({
  ...process.env,
  NO_COLOR: '1',
  ...(rt === 'deno' ? { DENO_DIR: join(work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' } : {}),
  ...(rt === 'bun' ? { BUN_INSTALL_CACHE_DIR: join(work, 'bun-cache'), DO_NOT_TRACK: '1' } : {}),
});

function run(rt, args, opts = {}) {
  const t0 = Date.now();
  const r = spawnSync(RUNTIMES[rt], args, { cwd: project, encoding: 'utf8', env: env(rt), timeout: 300_000, maxBuffer: 64 << 20, ...opts });
  return { ...r, ms: Date.now() - t0, out: `${r.stdout}\n${r.stderr}` };
}

test('pack the package and install it into an empty project', { skip: skipAll }, () => {
  for (const [rt, bin] of Object.entries(RUNTIMES)) {
    assert.ok(existsSync(bin), `${bin} is missing: run bash scripts/setup.sh (npm ci installs ${rt} from npm)`);
  }
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const tgz = join(work, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'rt-consumer', version: '1.0.0', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tgz], { cwd: project });
  // interop.test.mjs compares with scijs ndarray and @stdlib/ndarray (devDependencies of the repo,
  // not of the package): linked from the repo, and declared, since Deno resolves only declared names.
  const peers = ['ndarray', 'ndarray-ops', '@stdlib/ndarray', '@stdlib/array'];
  mkdirSync(join(project, 'node_modules/@stdlib'), { recursive: true });
  for (const p of peers) symlinkSync(join(root, 'node_modules', p), join(project, 'node_modules', p), 'dir');
  const pj = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  for (const p of peers) pj.dependencies[p] = '*';
  writeFileSync(join(project, 'package.json'), JSON.stringify(pj, null, 2));
  const helpers = readFileSync(join(root, 'tests/js/helpers.mjs'), 'utf8');
  const from = "import * as sv from '../../dist/index.mjs';";
  assert.ok(helpers.includes(from), 'tests/js/helpers.mjs imports the built package as expected');
  for (const [flavour, line] of [
    ['esm', "import * as sv from 'strideview';"],
    ['cjs', "import { createRequire } from 'node:module';\nconst sv = createRequire(import.meta.url)('strideview');"],
  ]) {
    const dir = join(project, flavour);
    mkdirSync(dir);
    writeFileSync(join(dir, 'helpers.mjs'), helpers.replace(from, line));
    for (const s of SUITES) cpSync(join(root, `tests/js/${s}.test.mjs`), join(dir, `${s}.test.mjs`));
  }
  // Which file the package resolves to in each flavour (checked by the smoke scripts).
  writeFileSync(
    join(project, 'smoke.mjs'),
    `import { init, buildInfo, arange, sum, add, argmax, sin, isLoaded } from 'strideview';
const simd = process.argv.includes('--no-simd') ? false : undefined;
await init(simd === undefined ? undefined : { simd });
const a = arange(0, 12, 1, 'float32').reshape([3, 4]);
const s = sum(add(a.transpose(), 1), { axis: [1] });
const loaded = ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'].map((f) => isLoaded(f));
const fam = { argmax: argmax(a.transpose(), { axis: 1 }).toArray().map(Number), sin: Number(sin(arange(0.5, 1, 1)).toArray()[0].toFixed(6)) };
console.log(JSON.stringify({ info: buildInfo(), sum: s.toArray(), loaded, fam }));
`,
  );
  writeFileSync(
    join(project, 'smoke.cjs'),
    `const { init, buildInfo, arange, sum, add, argmax, sin, isLoaded } = require('strideview');
const simd = process.argv.includes('--no-simd') ? false : undefined;
init(simd === undefined ? undefined : { simd }).then(() => {
  const a = arange(0, 12, 1, 'float32').reshape([3, 4]);
  const s = sum(add(a.transpose(), 1), { axis: [1] });
  const loaded = ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'].map((f) => isLoaded(f));
  const fam = { argmax: argmax(a.transpose(), { axis: 1 }).toArray().map(Number), sin: Number(sin(arange(0.5, 1, 1)).toArray()[0].toFixed(6)) };
  console.log(JSON.stringify({ info: buildInfo(), sum: s.toArray(), loaded, fam, file: require.resolve('strideview').replace(/.*node_modules\\//, '') }));
});
`,
  );
  writeFileSync(join(project, 'uncaught.mjs'), `import { init, arange } from 'strideview';\nawait init();\narange(6).reshape([4]);\n`);
});

/** Counts from the runners' summaries. */
function counts(rt, raw) {
  const out = raw.replace(/\x1b\[[0-9;]*m/g, '');
  if (rt === 'bun') {
    const n = (w) => Number((new RegExp(`^\\s*(\\d+) ${w}$`, 'm').exec(out) ?? [0, 0])[1]);
    return { pass: n('pass'), fail: n('fail'), skip: n('skip'), todo: n('todo') };
  }
  // deno: "ok | 217 passed (23 steps) | 0 failed | 8 ignored (16 steps) (6s)": tests and, in
  // parentheses, the subtests of describe() / t.test() (counted as tests here, as Bun and Node do)
  const m = /^(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?(?: \| (\d+) ignored(?: \((\d+) steps?\))?)?/m.exec(out);
  if (!m) return null;
  return { pass: Number(m[1]) + Number(m[2] ?? 0), fail: Number(m[3]) + Number(m[4] ?? 0), skip: 0, todo: Number(m[5] ?? 0) + Number(m[6] ?? 0) };
}

const expected = {
  esm: { sum: [15, 18, 21, 24] },
  // argmax over each row of a.T ([[0, 4, 8], ...]: the last column), sin(0.5)
  fam: { argmax: [2, 2, 2, 2], sin: 0.479426 },
};
for (const [rt, flavours] of [['bun', ['esm', 'cjs']], ['deno', ['esm']]]) {
  for (const flavour of flavours) {
    const name = `${rt} ${flavour === 'esm' ? 'ESM' : 'CommonJS'}`;
    test(`${name}: init() finds its wasm (SIMD by detection, and { simd: false }); computes, family ops too`, { skip: skipAll }, () => {
      const file = flavour === 'esm' ? 'smoke.mjs' : 'smoke.cjs';
      const args = (extra) => (rt === 'deno' ? ['run', '-A', file, ...extra] : [file, ...extra]);
      for (const [extra, simd] of [[[], true], [['--no-simd'], false]]) {
        const r = run(rt, args(extra));
        assert.equal(r.status, 0, r.out);
        const got = JSON.parse(r.stdout.trim().split('\n').pop());
        assert.deepEqual(got.sum, expected.esm.sum);
        assert.equal(got.info.simd, simd);
        assert.equal(got.info.wasm, simd ? 'strideview.wasm' : 'strideview-nosimd.wasm');
        // the SIMD build: its families module loaded by the default init(); the scalar build: whole
        assert.deepEqual(got.loaded, [true, true, true, true, true, true], `isLoaded(math, linalg, stats, random, symbolic, complex), simd ${simd}`);
        assert.deepEqual(got.fam, expected.fam, `family ops, simd ${simd}`);
        if (flavour === 'cjs') assert.equal(got.file, 'strideview/dist/index.cjs');
      }
    });
    test(`${name}: the Node suites pass (${SUITES.length} files)`, { skip: skipAll }, (t) => {
      const skips = KNOWN_SKIPS[rt];
      const files = SUITES.filter((s) => !skips[s]).map((s) => `./${flavour}/${s}.test.mjs`);
      for (const [s, why] of Object.entries(skips)) t.diagnostic(`${name}: known skip ${s}.test.mjs: ${why}`);
      const r = rt === 'bun' ? run(rt, ['test', '--timeout', '120000', ...files]) : run(rt, ['test', '-A', '--no-check', ...files]);
      const c = counts(rt, r.out);
      const line = `${name}: ${c ? `${c.pass} pass, ${c.fail} fail, ${c.todo} todo (known bugs, as in Node), ${c.skip} skip` : 'no summary'}; ${Object.keys(skips).length} file(s) skipped; ${(r.ms / 1000).toFixed(1)} s`;
      t.diagnostic(line);
      console.log(`# ${line}`);
      assert.equal(r.status, 0, r.out.slice(-6000));
      assert.ok(c && c.fail === 0 && c.pass >= 200, `${line}\n${r.out.slice(-3000)}`);
    });
  }
}

test('deno and bun: an uncaught StrideViewError names its class and a readable line', { skip: skipAll }, () => {
  for (const rt of ['bun', 'deno']) {
    const r = run(rt, rt === 'deno' ? ['run', '-A', 'uncaught.mjs'] : ['uncaught.mjs']);
    assert.notEqual(r.status, 0);
    assert.match(r.out, /StrideViewError/, `${rt}: ${r.out}`);
    assert.match(r.out, /reshape: cannot reshape \[6\]/, `${rt}: ${r.out}`);
    const longest = Math.max(...r.out.split('\n').map((l) => l.length));
    assert.ok(longest <= 400, `${rt}: the longest line of the report is ${longest} chars:\n${r.out.slice(0, 2000)}`);
  }
});
