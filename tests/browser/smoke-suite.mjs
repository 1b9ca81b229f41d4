// The package itself in every browser engine (issue 12): dist/index.mjs and both wasm builds served
// from a localhost origin, loaded by small module pages, in chromium, firefox and webkit
// (smoke.<engine>.test.mjs each call smokeSuite(engine); engines.mjs drives them):
//   - the SIMD build, chosen by feature detection, computes (strided views through kernels);
//   - init({ simd: false }) loads the scalar build and computes the same;
//   - WASM memory grows three times while arrays and views are alive, and they still read right;
//   - a module worker imports the package, finds its wasm and computes;
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
import { browserSession, engineSkip, pageModule, PROBE_JS, serveStatic, test } from './engines.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const T = { timeout: 90_000 };
const POLICY = "script-src 'self' 'wasm-unsafe-eval'";
const NO_WASM_POLICY = "script-src 'self'";

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
};

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

function serve() {
  const js = (s) => ['text/javascript', s];
  const files = {
    '/listen.js': js(LISTEN_JS),
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
