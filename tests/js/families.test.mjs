// The core and the families (web/src/families.ts, scripts/split-wasm.mjs): the SIMD build's core runs
// every core op alone, a family op before its module is loaded is a clear not_loaded error (never the
// engine reaching a placeholder of the families module), `load()` brings the families in and then
// every call gives what the whole engine gives; init() loads the families an app's code uses, as a
// bundler leaves them (its registrations go with the functions), and NumPy's methods of a dropped
// function say how to keep it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOf } from '../../scripts/bundle-size.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'dist');

function probe(...args) {
  const env = { ...process.env, SV_TEST_INIT_LOAD: args[0] };
  const r = spawnSync(process.execPath, [path.join(here, 'families_probe.mjs'), ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// Each outcome as compared: values and errors (uninitialised memory and fresh entropy differ run to run).
const UNCOMPARED = /^(empty|emptyLike|PCG64 \{\}|SeedSequence \{(?!.*"entropy"))/; // no entropy: the OS's
const PLACEHOLDER = /internal error: the engine reached code of a family/;

// What the core promises to run alone (the guide's list): no family needed for any of their calls.
const CORE = [
  'array', 'fromTypedArray', 'zeros', 'ones', 'full', 'arange', 'linspace', 'eye', 'identity', 'zerosLike', 'onesLike', 'fullLike',
  'add', 'sub', 'mul', 'div', 'maximum', 'minimum', 'equal', 'notEqual', 'less', 'lessEqual', 'greater', 'greaterEqual',
  'where', 'neg', 'abs', 'sqrt', 'square', 'mod', 'floorDivide', 'fmod', 'bitwiseAnd', 'bitwiseOr', 'bitwiseXor', 'leftShift', 'rightShift', 'invert',
  'sum', 'max', 'min', 'mean', 'ptp', 'take', 'compress', 'concatenate', 'stack', 'split', 'repeat', 'tile', 'roll', 'triu', 'tril', 'diff', 'trace',
  'fftfreq', 'rfftfreq', 'fftshift', 'ifftshift',
  'NDArray.reshape', 'NDArray.transpose', 'NDArray.squeeze', 'NDArray.swapaxes', 'NDArray.flatten', 'NDArray.ravel', 'NDArray.copy', 'NDArray.astype',
  'NDArray.diagonal', 'NDArray.fill', 'fromNdarrayLike', 'toNdarrayLike', 'loadNpy', 'saveNpy', 'tidy', 'keep',
];

test('the SIMD core alone: core ops run, family ops are refused by name, no placeholder is ever reached; load() completes it', () => {
  const core = probe('core');
  const all = probe('all');
  assert.equal(core.simd, true);
  assert.equal(core.loadedAtInit, false, "init({ load: 'core' }) loads no family");
  assert.equal(all.loadedAtInit, true);
  const labels = Object.keys(core.outcomes);
  assert.ok(labels.length > 1000, `${labels.length} calls`);
  const reached = labels.filter((k) => PLACEHOLDER.test(core.outcomes[k].error ?? '') || PLACEHOLDER.test(core.afterLoad[k]?.error ?? ''));
  assert.deepEqual(reached, [], 'calls that reached a placeholder');
  const refused = labels.filter((k) => core.outcomes[k].code === 'not_loaded');
  assert.ok(refused.length > 200, `${refused.length} family calls refused`);
  for (const k of refused) {
    const fn = k.split(' ')[0].replace(/^.*[.#]/, '');
    assert.match(core.outcomes[k].error, /needs the engine's '(math|linalg|stats|random|symbolic|complex)' family, which is not loaded: call `await load\('\w+'\)` first/, k);
    assert.ok(core.outcomes[k].error.startsWith(`${fn}: `) || core.outcomes[k].error.includes(': needs the engine'), `${k}: ${core.outcomes[k].error}`);
  }
  const coreRefused = [...new Set(refused.map((k) => k.split(' ')[0]))].filter((f) => CORE.includes(f));
  assert.deepEqual(coreRefused, [], 'core functions that needed a family');
  const differs = (a, b) => JSON.stringify(a) !== JSON.stringify(b);
  const wrongCore = labels.filter((k) => !UNCOMPARED.test(k) && core.outcomes[k].code !== 'not_loaded' && differs(core.outcomes[k], all.outcomes[k]));
  assert.deepEqual(wrongCore, [], 'core calls whose outcome differs from the whole engine');
  const wrongAfter = refused.filter((k) => !UNCOMPARED.test(k) && differs(core.afterLoad[k], all.outcomes[k]));
  assert.deepEqual(wrongAfter, [], 'family calls whose outcome after load() differs from the whole engine');
});

test('the scalar build is one module: every family is there at init', () => {
  const r = probe('core', '--simd=false');
  assert.equal(r.simd, false);
  assert.equal(r.loadedAtInit, true);
  assert.deepEqual(Object.values(r.outcomes).filter((o) => o.code === 'not_loaded'), []);
});

function node(code) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: root });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('load(): before init, names, idempotence; isLoaded', () => {
  const index = JSON.stringify(pathToFileURL(path.join(dist, 'index.mjs')).href);
  const out = node(`
    const sv = await import(${index});
    const res = {};
    res.before = await sv.load('math').then(() => 'resolved', (e) => e.code + ' ' + e.message);
    await sv.init({ load: 'core' });
    res.core = sv.FAMILIES.map((f) => sv.isLoaded(f));
    const a = sv.array([[1, 2], [3, 4]], { dtype: 'float32' });
    try { sv.sin(a); } catch (e) { res.sin = e.code + ' ' + e.message; }
    try { sv.matmul(a, a); } catch (e) { res.matmul = e.message; }
    try { a.argmax(); } catch (e) { res.method = e.message; }
    try { sv.nanmean(a); } catch (e) { res.composed = e.message; }
    try { sv.Sym.variable('n', 1, 8); } catch (e) { res.sym = e.message; }
    const z = sv.array([sv.complex(1, 2), sv.complex(3, -4)]);
    res.zcopy = z.T.copy().astype('complex64').tolist().map(String); // copies and casts are the core's
    res.zreal = z.real.tolist();
    try { sv.mul(z, z); } catch (e) { res.zmul = e.message; }
    try { sv.sum(z); } catch (e) { res.zsum = e.message; }
    for (const [k, f] of [['fft', () => sv.fft(z)], ['rfft', () => sv.rfft(a)], ['irfft2', () => sv.irfft2(a)], ['fftn', () => sv.fftn(z)], ['hfft', () => sv.hfft(z, { n: 3 })]]) {
      try { f(); res[k] = 'ran'; } catch (e) { res[k] = e.code + ' ' + e.message; }
    }
    res.fftfreq = sv.fftfreq(4).toArray(); // creation: the core's
    res.fftshift = sv.fftshift(sv.arange(5)).toArray(); // a roll: the core's
    res.add = sv.add(a, a).toArray();
    await Promise.all([sv.load('math'), sv.load('math', 'stats')]);
    res.loaded = sv.FAMILIES.map((f) => sv.isLoaded(f));
    res.sin2 = Array.from(sv.sin(sv.array([0], { dtype: 'float32' })).toTypedArray());
    res.argmax = a.argmax();
    await sv.load();
    console.log(JSON.stringify(res));
  `);
  // a <stride-view> calls init({ load: 'core' }); the page's own init() then loads what its code uses
  const later = node(`
    const sv = await import(${index});
    await sv.init({ load: 'core' });
    const first = sv.isLoaded('stats');
    await sv.init();
    console.log(JSON.stringify([first, sv.isLoaded('stats'), sv.argmax(sv.array([1, 3, 2]))]));
  `);
  assert.deepEqual(later, [false, true, 1]);
  assert.match(out.before, /^not_initialized load: call `await init\(\)` first/);
  assert.deepEqual(out.core, [false, false, false, false, false, false]);
  assert.equal(out.sin, "not_loaded sin: needs the engine's 'math' family, which is not loaded: call `await load('math')` first (init() loads the families the app's code imports, unless it was called with { load: 'core' })");
  assert.match(out.matmul, /^matmul: needs the engine's 'linalg' family/);
  assert.match(out.method, /^argmax: needs the engine's 'stats' family/);
  assert.match(out.composed, /^nanmean: needs the engine's '(stats|math)' family/);
  assert.match(out.sym, /^Sym\.variable: needs the engine's 'symbolic' family/);
  assert.deepEqual(out.zcopy, ['(1+2j)', '(3-4j)']);
  assert.deepEqual(out.zreal, [1, 3]);
  assert.match(out.zmul, /^mul: needs the engine's 'complex' family, which is not loaded: call `await load\('complex'\)` first/);
  assert.match(out.zsum, /^sum: needs the engine's 'complex' family/);
  for (const k of ['fft', 'rfft', 'irfft2', 'fftn', 'hfft']) {
    assert.match(out[k], new RegExp(`^not_loaded ${k}: needs the engine's 'complex' family, which is not loaded`), k);
  }
  assert.deepEqual(out.fftfreq, [0, 0.25, -0.5, -0.25]);
  assert.deepEqual(out.fftshift, [3, 4, 0, 1, 2]);
  assert.deepEqual(out.add, [[2, 4], [6, 8]]);
  assert.deepEqual(out.loaded, [true, true, true, true, true, true], 'one families module: loading one family loads them all');
  assert.deepEqual(out.sin2, [0]);
  assert.equal(out.argmax, 3);
});

test('a missing families module is a clear error naming the file and familiesUrl', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-nofamilies-'));
  try {
    for (const f of ['index.mjs', 'strideview.wasm']) copyFileSync(path.join(dist, f), path.join(dir, f));
    const index = JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href);
    const out = node(`
      const sv = await import(${index});
      let err = '';
      try { await sv.init(); } catch (e) { err = e.code + ' ' + e.message; }
      const sv2 = await import(${index} + '?core');
      await sv2.init({ load: 'core' });
      const sum = sv2.sum(sv2.arange(10));
      let late = '';
      try { await sv2.load('math'); } catch (e) { late = e.message; }
      console.log(JSON.stringify({ err, sum, late }));
    `);
    assert.match(out.err, /^invalid_argument init: the engine's families module \(file:.*strideview-families\.wasm\) did not load: .*init\(\{ familiesUrl \}\)/);
    assert.equal(out.sum, 45);
    assert.match(out.late, /^load: the engine's families module/);
    // the bytes given instead (familiesBinary), and bytes of another module: an error naming both
    const families = JSON.stringify(path.join(dist, 'strideview-families.wasm'));
    const other = JSON.stringify(path.join(dist, 'strideview-nosimd.wasm'));
    const given = node(`
      const { readFileSync } = await import('node:fs');
      const sv = await import(${index} + '?binary');
      await sv.init({ familiesBinary: readFileSync(${families}) });
      const sin = Number(sv.sin(sv.array([0.5])).toArray()[0].toFixed(6));
      const sv2 = await import(${index} + '?wrong');
      let wrong = '';
      try { await sv2.init({ familiesBinary: readFileSync(${other}) }); } catch (e) { wrong = e.message; }
      console.log(JSON.stringify({ sin, wrong }));
    `);
    assert.equal(given.sin, 0.479426);
    assert.match(given.wrong, /^init: the families module \(familiesBinary\) did not instantiate with this core: .*It must come from the same build as strideview\.wasm/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// An app bundled with esbuild (as tests/bundlers and the size figures): its bundle, run in Node next to the package's wasm files.
async function runBundle(entry, body) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-bundle-'));
  try {
    const text = await bundleOf(entry);
    writeFileSync(path.join(dir, 'app.mjs'), text);
    for (const f of ['strideview.wasm', 'strideview-families.wasm', 'strideview-nosimd.wasm']) copyFileSync(path.join(dist, f), path.join(dir, f));
    const app = JSON.stringify(pathToFileURL(path.join(dir, 'app.mjs')).href);
    return { text, out: node(`const sv = await import(${app});\n${body}`) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a bundle asks for the families its functions need, and only those', async () => {
  const core = await runBundle("export { init, array, add, sum, isLoaded } from './dist/index.mjs';", `
    await sv.init();
    const a = sv.array([[1, 2], [3, 4]]);
    let method = '';
    try { a.argmax(); } catch (e) { method = e.code + ' ' + e.message; }
    console.log(JSON.stringify({ loaded: sv.isLoaded('math'), sum: sv.sum(sv.add(a, a)), method, std: typeof a.std, reshape: a.reshape(4).toArray(),
      methods: [a.sum(), a.mean(), a.max(0).toArray(), a.ptp()] }));
  `);
  assert.deepEqual([core.out.loaded, core.out.sum, core.out.std], [false, 20, 'function']);
  assert.deepEqual(core.out.methods, [10, 2.5, [3, 4], 3]); // sum's method group: a.sum() ... a.ptp()
  assert.deepEqual(core.out.reshape, [1, 2, 3, 4]);
  assert.match(core.out.method, /^not_loaded argmax: a\.argmax\(\) is strideview's argmax\(a, \.\.\.\), which this bundle does not contain: .*Import \{ argmax \} from 'strideview'/);
  for (const name of ['numpy.sin', 'numpy.argmax', 'numpy.matmul', 'numpy.einsum', 'Generator', 'explainReshape']) {
    assert.ok(!core.text.includes(name), `the core bundle carries ${name}`);
  }
  // without any of sum, mean, min, max, ptp the bundle has no reductions, and a.sum() says how to keep it
  const bare = await runBundle("export { init, array, add } from './dist/index.mjs';", `
    await sv.init();
    const a = sv.array([[1, 2], [3, 4]]);
    let method = '';
    try { a.sum(); } catch (e) { method = e.code + ' ' + e.message; }
    console.log(JSON.stringify({ method, add: sv.add(a, 1).toArray() }));
  `);
  assert.match(bare.out.method, /^not_loaded sum: a\.sum\(\) is strideview's sum\(a, \.\.\.\), which this bundle does not contain: .*Import \{ sum \} from 'strideview'/);
  assert.deepEqual(bare.out.add, [[2, 3], [4, 5]]);
  assert.ok(!bare.text.includes('numpy.sum:'), 'the { init, array, add } bundle carries sum');
  for (const [fn, call] of [['sin', 'sv.sin(a)'], ['argmax', 'sv.argmax(a)'], ['matmul', 'sv.matmul(a, a)'], ['defaultRng', 'sv.defaultRng(1).random(2)'], ['explainReshape', 'sv.explainReshape(a, [4])']]) {
    const b = await runBundle(`export { init, array, isLoaded, ${fn} } from './dist/index.mjs';`, `
      await sv.init();
      const a = sv.array([[1, 2], [3, 4]], { dtype: 'float32' });
      ${call};
      console.log(JSON.stringify({ loaded: sv.isLoaded('math'), std: a.argmax === undefined }));
    `);
    assert.equal(b.out.loaded, true, `a bundle with ${fn} loads the families at init`);
  }
});

test("a bundle of one core function asks for no family (its code names no family's registration)", async () => {
  const sv = await import('../../dist/index.mjs');
  const registration = /[\w$]\(\s*"(math|linalg|stats|random|symbolic)"/;
  const asking = [];
  for (const name of CORE.filter((n) => !n.includes('.'))) {
    assert.equal(typeof sv[name], 'function', name);
    const text = await bundleOf(`export { init, ${name} } from './dist/index.mjs';`);
    const m = registration.exec(text);
    if (m) asking.push(`${name} (${m[1]})`);
  }
  assert.deepEqual(asking, [], 'core functions whose bundle registers a family');
  // the check can fail: a family function's bundle carries its registration
  assert.match(await bundleOf("export { init, floor } from './dist/index.mjs';"), registration);
});

