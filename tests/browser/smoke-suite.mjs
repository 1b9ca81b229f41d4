// The package itself in every browser engine (issue 12): dist/index.mjs and both wasm builds served
// from a localhost origin, loaded by small module pages, in chromium, firefox and webkit
// (smoke.<engine>.test.mjs each call smokeSuite(engine); engines.mjs drives them):
//   - the SIMD build, chosen by feature detection, computes (strided views through kernels);
//   - init({ simd: false }) loads the scalar build and computes the same;
//   - WASM memory grows three times while arrays and views are alive, and they still read right;
//   - a module worker imports the package, finds its wasm and computes;
//   - the core and the families (ARCHITECTURE.md "Core and families"): init({ load: 'core' })
//     fetches no strideview-families.wasm, a family op is then a not_loaded error, and
//     `await load('math')` fetches the families module once and the op runs; an app bundled with
//     only core functions (esbuild, as tests/bundlers) fetches no families module at its default init();
//   - Content-Security-Policy (issue 6): the package computes on a page served with
//     `script-src 'self' 'wasm-unsafe-eval'` with no violation; two control pages show the checks
//     can fail (an inline script is reported; without 'wasm-unsafe-eval' init() rejects).
// Each page records its outcome on <body data-ready> and #out's data-result; the suite waits for
// that attribute (the page's own "done"), never for a fixed time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundleOf } from '../../scripts/bundle-size.mjs';
import { browserSession, engineSkip, pageModule, PROBE_JS, serveStatic, test } from './engines.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const T = { timeout: 90_000 };
const POLICY = "script-src 'self' 'wasm-unsafe-eval'";
const NO_WASM_POLICY = "script-src 'self'";
const MARK = '/mark/before-load';
const FAMILIES_WASM = '/dist/strideview-families.wasm';

// Known engine limits, each with its reason (also in the README's browser table). Empty: every
// check runs in every engine.
export const KNOWN_SKIPS = {
  chromium: {},
  firefox: {},
  webkit: {},
};

// The error probe plus a CSP violation recorder; a classic script, first in every page.
const LISTEN_JS = `${PROBE_JS}
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
});
`;

// What every page computes: strided views through the kernels, checked against plain JS.
const COMPUTE_JS = `
export function compute(sv) {
  const a = sv.arange(12).reshape([3, 4]);
  const t = sv.add(a.transpose(), 10);            // a strided view through a kernel
  const s = sv.sum(t, { axis: [1] });
  const m = sv.max(a.slice('::-1, 1:3'));          // over all axes: a JS number
  const f = sv.arange(0, 1000, 1, 'float32');
  const g = sv.add(f, f.flip({ axis: [0] }));      // contiguous + reversed (SIMD inner loops)
  const gs = sv.sum(g);
  // float16: the engine's halves, and the typed array this engine gives for them
  const h = sv.array([0.1, 2, 65504, 70000], { dtype: 'float16' });
  const h2 = sv.add(h, h);
  const f16 = { native: typeof Float16Array === 'function', kind: h.toTypedArray().constructor.name,
    values: h.toArray().map(String), twice: h2.toArray().map(String).join(','), dtype: h2.dtype };
  // family ops: the SIMD build's families module (init() loads it: the page uses every function)
  const fam = sv.tidy(() => ({ loaded: sv.isLoaded('math'), argmax: sv.argmax(a), sin: Number(sv.sin(sv.array([0.5])).toArray()[0].toFixed(6)) }));
  const r = { sum: s.toArray().map(Number), max: m, shape: t.shape, flipSum: gs, f16, fam };
  for (const x of [a.base ?? a, t, s, f, g, h, h2]) x.dispose();
  r.live = sv.memoryStats().liveArrays;
  return r;
}
`;

const done = pageModule;

const APPS = {
  '/app-simd.mjs': done(`
  await sv.init();
  out.dataset.result = JSON.stringify({ ...compute(sv), info: sv.buildInfo(), simdSupported: sv.simdSupported() });`),
  '/app-nosimd.mjs': done(`
  await sv.init({ simd: false });
  out.dataset.result = JSON.stringify({ ...compute(sv), info: sv.buildInfo(), simdSupported: sv.simdSupported() });`),
  '/app-growth.mjs': done(`
  await sv.init();
  const a = sv.arange(0, 24, 1, 'float64').reshape([2, 3, 4]);
  const views = [a.transpose(), a.slice('::-1, 1:, ::2'), a.flip({ axis: 2 }), a.slice(sv.A, 0).reshape([2, 1, 4]).broadcastTo([2, 5, 4]), a.padView([[1, 0], [0, 0], [0, 2]], -1)];
  const i32 = sv.arange(0, 10, 1, 'int32');
  const before = JSON.stringify(views.map((v) => v.toArray()));
  const heaps = [sv.memoryStats().heapBytes];
  const bigs = [];
  const checks = [];
  for (let step = 0; step < 3; step++) {
    // More float32 elements than the heap has bytes / 4: the WASM memory must grow.
    const n = Math.ceil(sv.memoryStats().heapBytes / 4);
    const big = sv.full([n], step + 1, 'float32');
    bigs.push(big);
    heaps.push(sv.memoryStats().heapBytes);
    checks.push({
      grew: heaps[step + 1] > heaps[step],
      viewsSame: JSON.stringify(views.map((v) => v.toArray())) === before,
      ends: [big.item(0), big.item(n - 1)],
      sumI32: Number(sv.sum(i32)),
    });
  }
  for (const x of [...bigs, i32, a.base ?? a]) x.dispose();
  out.dataset.result = JSON.stringify({ heaps, checks, live: sv.memoryStats().liveArrays });`),
  '/app-worker.mjs': done(`
  const w = new Worker('/worker.mjs', { type: 'module' });
  const msg = await new Promise((resolve, reject) => {
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error('worker error: ' + (e.message || 'failed to load (module workers unsupported?)')));
  });
  w.terminate();
  if (msg.error) throw new Error('in the worker: ' + msg.error);
  out.dataset.result = JSON.stringify(msg);`),
  // The core alone, then the families on demand. The page fetches MARK between the refused family
  // op and load('math'): the server's log of requests (the suite's record of what a page fetched)
  // then shows what was fetched before load() and what after.
  '/app-core-load.mjs': done(`
  const families = ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'];
  await sv.init({ load: 'core' });
  const a = sv.array([0.5, 1, 2], { dtype: 'float32' });
  const r = { info: sv.buildInfo(), add: sv.add(a, a).toArray(), loadedAtInit: families.map((f) => sv.isLoaded(f)) };
  try {
    sv.sin(a);
    r.refused = null;
  } catch (e) {
    r.refused = { isStrideViewError: e instanceof sv.StrideViewError, code: e.code, message: e.message };
  }
  await fetch('${MARK}');
  await sv.load('math');
  // the array made before load() (the families module shares the core's memory)
  r.loaded = families.map((f) => sv.isLoaded(f));
  r.sin = Number(sv.sin(a).toArray()[0].toFixed(6));
  r.argmax = sv.argmax(a);
  // every family is in that one module: loading more (or all) fetches nothing more
  await sv.load('linalg', 'stats');
  await sv.load();
  r.matmul = sv.matmul(sv.array([[1, 2]]), sv.array([[3], [4]])).toArray();
  out.dataset.result = JSON.stringify(r);`),
};

// An app that imports only core functions, bundled by esbuild (minified, as tests/bundlers and the
// size figures): none of its code names a family's registration, so its default init() must not
// fetch the families module. Served from /dist/ so that the bundle's `new URL('./strideview.wasm',
// import.meta.url)` finds the package's files (as an app's bundler copies them next to its bundle).
const CORE_APP_ENTRY = `
import { init, array, add, sum, isLoaded, buildInfo } from './dist/index.mjs';
const out = document.getElementById('out');
try {
  await init();
  const a = array([[1, 2], [3, 4]]);
  const t = add(a.transpose(), 10);
  out.dataset.result = JSON.stringify({
    info: buildInfo(),
    sum: sum(t),
    rows: sum(t, { axis: 1 }).toArray(),
    loaded: ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'].map((f) => isLoaded(f)),
  });
  document.body.dataset.ready = 'true';
} catch (e) {
  out.dataset.error = String((e && e.message) || e);
  document.body.dataset.ready = 'error';
}
`;

const WORKER_JS = `
import * as sv from '/dist/index.mjs';
import { compute } from '/compute.mjs';
try {
  await sv.init();
  postMessage({ ...compute(sv), info: sv.buildInfo(), inWorker: typeof document === 'undefined' && typeof WorkerGlobalScope !== 'undefined' });
} catch (e) {
  postMessage({ error: String((e && e.message) || e) });
}
`;

const page = (app, extra = '') => `<!doctype html>
<html><head><meta charset="utf-8"><title>strideview smoke</title>
<script src="/listen.js"></script>
<script type="module" src="${app}"></script>
</head><body><div id="out"></div>${extra}</body></html>`;

async function serve() {
  const js = (s) => ['text/javascript', s];
  const coreApp = await bundleOf(CORE_APP_ENTRY);
  const files = {
    '/listen.js': js(LISTEN_JS),
    '/dist/app-core-bundle.mjs': js(coreApp),
    [MARK]: ['text/plain', 'ok'],
    '/compute.mjs': js(COMPUTE_JS),
    '/worker.mjs': js(WORKER_JS),
    '/dist/index.mjs': js(readFileSync(path.join(dist, 'index.mjs'))),
    '/dist/index.mjs.map': ['application/json', readFileSync(path.join(dist, 'index.mjs.map'))],
    '/dist/strideview.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview.wasm'))],
    '/dist/strideview-nosimd.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview-nosimd.wasm'))],
    '/dist/strideview-families.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview-families.wasm'))],
    ...Object.fromEntries(Object.entries(APPS).map(([k, v]) => [k, js(v)])),
  };
  const pages = {
    '/simd': [null, page('/app-simd.mjs')],
    '/nosimd': [null, page('/app-nosimd.mjs')],
    '/growth': [null, page('/app-growth.mjs')],
    '/worker': [null, page('/app-worker.mjs')],
    '/core-load': [null, page('/app-core-load.mjs')],
    '/core-bundle': [null, page('/dist/app-core-bundle.mjs')],
    '/csp': [POLICY, page('/app-simd.mjs')],
    '/csp-control-inline': [POLICY, page('/app-simd.mjs', '<script>window.__inlineRan = true;</script>')],
    '/csp-control-no-wasm': [NO_WASM_POLICY, page('/app-simd.mjs')],
  };
  return serveStatic({ pages: Object.fromEntries(Object.entries(pages).map(([k, [policy, html]]) => [k, [policy ? { 'content-security-policy': policy } : {}, html]])), files });
}

export function smokeSuite(engine) {
  const skip = engineSkip(engine);
  const known = KNOWN_SKIPS[engine];
  const session = browserSession(engine, 'smoke', serve);

  /** Loads `route`, waits for the page's verdict, returns its state (and the page, open). */
  async function load(route) {
    const p = await session.browser.newPage();
    const from = session.server.seen.length;
    await p.goto(`http://127.0.0.1:${session.server.port}${route}`);
    // init() fetches and compiles the wasm asynchronously: the page says when it is done.
    await p.waitFor(() => document.body && document.body.dataset.ready, undefined, { what: `${route}: body[data-ready]` });
    // CSP violation events are queued as tasks; one more task in the page lets any that are still
    // pending run before the list is read.
    await p.evaluate(() => new Promise((r) => setTimeout(() => r(true), 0)));
    const state = await p.evaluate(() => ({
      ready: document.body.dataset.ready,
      result: document.getElementById('out').dataset.result ?? null,
      error: document.getElementById('out').dataset.error ?? null,
      violations: window.__violations,
      inlineRan: window.__inlineRan === true,
      errors: window.__svErrors,
    }));
    return { p, state, fetched: session.server.seen.slice(from) };
  }

  const t = (name, fn) => test(name, { ...T, skip: known[name] ? `${engine}: ${known[name]}` : false }, fn);
  const EXPECTED = { sum: [42, 45, 48, 51], max: 10, shape: [4, 3], flipSum: 999000, live: 0, fam: { loaded: true, argmax: 11, sin: 0.479426 } };
  // float16 in this engine: Float16Array where the engine has one, else the bits in a Uint16Array
  const checkF16 = (f) => {
    assert.equal(f.kind, f.native ? 'Float16Array' : 'Uint16Array');
    assert.deepEqual(f.values, ['0.0999755859375', '2', '65504', 'Infinity']);
    assert.deepEqual([f.twice, f.dtype], ['0.199951171875,4,Infinity,Infinity', 'float16']);
  };

  describe(`package in ${engine}`, { skip }, () => {
    t('SIMD build by feature detection: init() and strided kernels', async () => {
      const { p, state, fetched } = await load('/simd');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.equal(r.simdSupported, true, `${engine} validates WebAssembly SIMD`);
      assert.deepEqual(r.info, { simd: true, wasm: 'strideview.wasm', detected: true, threads: 1 });
      assert.deepEqual({ sum: r.sum, max: r.max, shape: r.shape, flipSum: r.flipSum, live: r.live, fam: r.fam }, EXPECTED);
      checkF16(r.f16);
      assert.ok(fetched.includes('/dist/strideview.wasm') && !fetched.includes('/dist/strideview-nosimd.wasm'), fetched.join(' '));
      assert.ok(fetched.includes('/dist/strideview-families.wasm'), `the page uses family ops: ${fetched.join(' ')}`);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t('init({ simd: false }): the scalar build computes the same', async () => {
      const { p, state, fetched } = await load('/nosimd');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.deepEqual(r.info, { simd: false, wasm: 'strideview-nosimd.wasm', detected: false, threads: 1 });
      assert.deepEqual({ sum: r.sum, max: r.max, shape: r.shape, flipSum: r.flipSum, live: r.live, fam: r.fam }, EXPECTED);
      checkF16(r.f16);
      assert.ok(fetched.includes('/dist/strideview-nosimd.wasm') && !fetched.includes('/dist/strideview.wasm'), fetched.join(' '));
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t('memory grows three times while arrays and views are alive; they read the same', async () => {
      const { p, state } = await load('/growth');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      r.checks.forEach((c, step) => {
        assert.deepEqual(c, { grew: true, viewsSame: true, ends: [step + 1, step + 1], sumI32: 45 }, `step ${step} (heaps ${r.heaps.join(' -> ')})`);
      });
      assert.equal(r.live, 0);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t('a module worker imports the package, finds its wasm and computes', async () => {
      const { p, state, fetched } = await load('/worker');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.equal(r.inWorker, true);
      assert.equal(r.info.simd, true);
      assert.deepEqual({ sum: r.sum, max: r.max, shape: r.shape, flipSum: r.flipSum, live: r.live, fam: r.fam }, EXPECTED);
      checkF16(r.f16);
      assert.ok(fetched.includes('/worker.mjs') && fetched.includes('/dist/strideview.wasm'), fetched.join(' '));
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t("init({ load: 'core' }): no families module until load('math'), a family op before it is not_loaded; then fetched once", async () => {
      const { p, state, fetched } = await load('/core-load');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.deepEqual(r.info, { simd: true, wasm: 'strideview.wasm', detected: true, threads: 1 }, 'the split build (the scalar one is whole)');
      assert.deepEqual(r.add, [1, 2, 4], 'a core op runs on the core alone');
      assert.deepEqual(r.loadedAtInit, [false, false, false, false, false, false], 'isLoaded(math, linalg, stats, random, symbolic, complex) after init');
      // the family op is refused by the package before it reaches the engine, with the way out
      assert.ok(r.refused, 'sin ran with the core alone');
      assert.deepEqual([r.refused.isStrideViewError, r.refused.code], [true, 'not_loaded'], JSON.stringify(r.refused));
      assert.match(r.refused.message, /^sin: needs the engine's 'math' family, which is not loaded: call `await load\('math'\)` first/);
      const mark = fetched.indexOf(MARK);
      assert.ok(mark > 0, `the page reached load(): ${fetched.join(' ')}`);
      const before = fetched.slice(0, mark);
      const after = fetched.slice(mark + 1);
      assert.ok(before.includes('/dist/strideview.wasm'), before.join(' '));
      assert.ok(!before.includes(FAMILIES_WASM), `fetched before load('math'): ${before.join(' ')}`);
      assert.equal(after.filter((f) => f === FAMILIES_WASM).length, 1, `fetched once by load('math'), not again by load('linalg', 'stats') or load(): ${after.join(' ')}`);
      assert.deepEqual(r.loaded, [true, true, true, true, true, true], 'one module: every family after load(math)');
      assert.deepEqual([r.sin, r.argmax, r.matmul], [0.479426, 2, [[11]]]);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t('an app bundled with only core functions: init() fetches no families module, and computes', async () => {
      const { p, state, fetched } = await load('/core-bundle');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.deepEqual(r.info, { simd: true, wasm: 'strideview.wasm', detected: true, threads: 1 });
      assert.deepEqual([r.sum, r.rows], [50, [24, 26]]);
      assert.deepEqual(r.loaded, [false, false, false, false, false, false], 'isLoaded(math, linalg, stats, random, symbolic, complex)');
      assert.ok(fetched.includes('/dist/app-core-bundle.mjs') && fetched.includes('/dist/strideview.wasm'), fetched.join(' '));
      assert.ok(!fetched.includes(FAMILIES_WASM), `a core-only app fetched the families module: ${fetched.join(' ')}`);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t("CSP: computes under script-src 'self' 'wasm-unsafe-eval' with no violation", async () => {
      const { p, state } = await load('/csp');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.deepEqual({ sum: r.sum, max: r.max, shape: r.shape, flipSum: r.flipSum, live: r.live, fam: r.fam }, EXPECTED);
      checkF16(r.f16);
      assert.deepEqual(state.violations, [], 'no securitypolicyviolation events');
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    t('CSP control: an inline script on the same policy is blocked and reported', async () => {
      const { p, state } = await load('/csp-control-inline');
      assert.equal(state.inlineRan, false, 'the inline script was blocked');
      // The report is an event; wait for it rather than assume it came before the page's verdict.
      const v = await p.waitFor(() => window.__violations.length && window.__violations, undefined, { what: 'the inline-script violation event', timeout: 10_000 });
      assert.ok(v.some((x) => /script-src/.test(x.directive) && x.blocked === 'inline'), JSON.stringify(v));
      assert.equal(state.ready, 'true', 'the package still works on that page');
      await p.close();
    });

    t("CSP control: without 'wasm-unsafe-eval' the module cannot compile and init() rejects", async () => {
      const { p, state } = await load('/csp-control-no-wasm');
      assert.equal(state.ready, 'error');
      assert.match(state.error ?? '', /WebAssembly|wasm|Content Security Policy|CompileError|unsafe-eval|denied|refused/i);
      if (engine === 'webkit') {
        // WebKitGTK 2.50 refuses the compile with a CompileError that names the directive, but
        // dispatches no securitypolicyviolation event for WebAssembly (chromium and firefox do):
        // check the refusal's text instead of the event.
        assert.match(state.error, /Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source/);
        assert.deepEqual(state.violations, []);
      } else {
        const v = await p.waitFor(() => window.__violations.length && window.__violations, undefined, { what: 'the wasm-eval violation event', timeout: 10_000 });
        assert.ok(v.some((x) => /script-src/.test(x.directive)), JSON.stringify(v));
      }
      await p.close();
    });
  });
}
