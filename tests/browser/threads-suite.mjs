// The threaded build in every browser engine: pages served cross-origin isolated
// (`Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Embedder-Policy: require-corp`) load
// it with init({ threads: 2 }) on the main thread and in a module Worker, and compute the smoke
// checks plus large kernels (cut on the pool) equal to a second, single-threaded copy of the
// package in the same page; a page served without the headers gets the single-threaded build from
// init({ threads: 'auto' }) with no error and no console warning, and a clear rejection for an
// explicit thread count. WebKitGTK 2.50 isolates the page (crossOriginIsolated is true) but defines
// SharedArrayBuffer only with the JavaScriptCore option JSC_useSharedArrayBuffer=1, which
// engines.mjs sets for WebKitWebDriver: so the threaded build runs in all three engines. NO_SAB
// below keeps the check for an engine without it (the fallback on an isolated page).
// threads.<engine>.test.mjs each call threadsSuite(engine).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { browserSession, engineSkip, pageModule, PROBE_JS, serveStatic, test } from './engines.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const T = { timeout: 120_000 };

// console.warn too: the fallback must be silent (Emscripten's main-thread warning goes to printErr,
// which the package silences).
const LISTEN_JS = `${PROBE_JS}
window.__warnings = [];
{ const cw = console.warn; console.warn = function (...a) { window.__warnings.push(a.map(String).join(' ')); return cw.apply(this, a); }; }
`;

// The checks of every page: the smoke computation, and large kernels compared bit for bit with a
// single-threaded copy of the package (a query string: a distinct module instance).
const COMPUTE_JS = `
export async function compute(sv, threads) {
  const one = await import('/dist/index.mjs?copy=single');
  await one.init({ threads: 1 });
  const r = { info: sv.buildInfo(), isolated: globalThis.crossOriginIsolated === true };
  const a = sv.arange(12).reshape([3, 4]);
  r.sum = sv.sum(sv.add(a.transpose(), 10), { axis: [1] }).toArray().map(Number);
  const bits = (x) => Array.from(new Uint8Array(x.toTypedArray().buffer)).join(',');
  const big = (lib) => {
    const x = lib.mul(lib.arange(0, 300 * 701, 1, { dtype: 'float32' }), 1e-3).reshape([300, 701]);
    return [
      lib.sum(x, { axis: 0 }), lib.sum(x, { axis: 1 }), lib.exp(lib.mul(x, 1e-2)), lib.sin(x),
      lib.add(x, x.slice('::-1')), lib.matmul(x.slice(':128, :128'), x.slice('-128:, -128:')),
      lib.sort(lib.sin(x), { axis: 1 }), lib.cumsum(x, { axis: 0 }), x.transpose().copy(),
    ].map(bits);
  };
  const mine = big(sv), theirs = big(one);
  r.sameAsSingle = mine.map((m, i) => m === theirs[i]);
  r.wholeSum = sv.sum(sv.ones([1 << 20], { dtype: 'float32' }));
  return r;
}
`;

const done = pageModule;

// Engines that give an isolated page no SharedArrayBuffer (WebKitGTK 2.50 without
// JSC_useSharedArrayBuffer=1: crossOriginIsolated true, SharedArrayBuffer undefined) take the
// fallback: an explicit count rejects, 'auto' is single-threaded.
const INIT_JS = `
  let explicit = null;
  if (typeof SharedArrayBuffer !== 'function') {
    try { await sv.init({ threads: 2 }); explicit = 'loaded'; } catch (e) { explicit = e.name + ': ' + e.message; }
    await sv.init({ threads: 'auto' });
  } else {
    await sv.init({ threads: 2 });
  }`;

const APPS = {
  '/app-threads.mjs': done(`${INIT_JS}
  out.dataset.result = JSON.stringify({ ...(await compute(sv)), explicit });`),
  '/app-threads-worker.mjs': done(`
  const w = new Worker('/worker.mjs', { type: 'module' });
  const msg = await new Promise((resolve, reject) => {
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error('worker error: ' + (e.message || 'failed to load')));
  });
  w.terminate();
  if (msg.error) throw new Error('in the worker: ' + msg.error);
  out.dataset.result = JSON.stringify(msg);`),
  '/app-fallback.mjs': done(`
  await sv.init({ threads: 'auto' });
  const r = await compute(sv);
  const other = await import('/dist/index.mjs?copy=explicit');
  try { await other.init({ threads: 2 }); r.explicit = 'loaded'; } catch (e) { r.explicit = e.name + ': ' + e.message; }
  out.dataset.result = JSON.stringify(r);`),
};

const WORKER_JS = `
import * as sv from '/dist/index.mjs';
import { compute } from '/compute.mjs';
try {${INIT_JS}
  postMessage({ ...(await compute(sv)), explicit, inWorker: typeof document === 'undefined' });
} catch (e) {
  postMessage({ error: String((e && e.message) || e) });
}
`;

const page = (app) => `<!doctype html>
<html><head><meta charset="utf-8"><title>strideview threads</title>
<script src="/listen.js"></script>
<script type="module" src="${app}"></script>
</head><body><div id="out"></div></body></html>`;

const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

function serve() {
  const js = (s) => ['text/javascript', s];
  const files = {
    '/listen.js': js(LISTEN_JS),
    '/compute.mjs': js(COMPUTE_JS),
    '/worker.mjs': js(WORKER_JS),
    '/dist/index.mjs': js(readFileSync(path.join(dist, 'index.mjs'))),
    '/dist/strideview.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview.wasm'))],
    '/dist/strideview-families.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview-families.wasm'))],
    '/dist/strideview-threads.mjs': js(readFileSync(path.join(dist, 'strideview-threads.mjs'))),
    '/dist/strideview-threads.worker.js': js(readFileSync(path.join(dist, 'strideview-threads.worker.js'))),
    '/dist/strideview-threads.wasm': ['application/wasm', readFileSync(path.join(dist, 'strideview-threads.wasm'))],
    ...Object.fromEntries(Object.entries(APPS).map(([k, v]) => [k, js(v)])),
  };
  const pages = {
    '/threads': [true, page('/app-threads.mjs')],
    '/threads-worker': [true, page('/app-threads-worker.mjs')],
    '/fallback': [false, page('/app-fallback.mjs')],
  };
  // Every response may be embedded by an isolated page (same origin); only the isolated pages
  // themselves carry COOP/COEP.
  return serveStatic({
    pages: Object.fromEntries(Object.entries(pages).map(([k, [isolated, html]]) => [k, [isolated ? ISOLATION : {}, html]])),
    files,
    headers: { 'cross-origin-resource-policy': 'same-origin' },
    fileHeaders: ISOLATION,
  });
}

export function threadsSuite(engine) {
  const skip = engineSkip(engine);
  const session = browserSession(engine, 'threads', serve);

  async function load(route) {
    const p = await session.browser.newPage();
    const from = session.server.seen.length;
    await p.goto(`http://127.0.0.1:${session.server.port}${route}`);
    await p.waitFor(() => document.body && document.body.dataset.ready, undefined, { what: `${route}: body[data-ready]`, timeout: 90_000 });
    const state = await p.evaluate(() => ({
      ready: document.body.dataset.ready,
      result: document.getElementById('out').dataset.result ?? null,
      error: document.getElementById('out').dataset.error ?? null,
      warnings: window.__warnings,
    }));
    return { p, state, fetched: session.server.seen.slice(from) };
  }

  const SAME = [true, true, true, true, true, true, true, true, true];
  const check = (r, threads) => {
    assert.deepEqual(r.sum, [42, 45, 48, 51]);
    assert.equal(r.wholeSum, 1 << 20);
    assert.deepEqual(r.sameAsSingle, SAME, 'large kernels: bit-identical to the single-threaded build');
    assert.equal(r.info.threads, threads);
    assert.equal(r.info.wasm, threads > 1 ? 'strideview-threads.wasm' : 'strideview.wasm');
  };

  // Whether the engine gives an isolated page SharedArrayBuffer; without it the isolated pages
  // must show the fallback (a known engine limit, not a failure).
  const NO_SAB = { chromium: false, firefox: false, webkit: false };
  // WebKitGTK runs with JSC_useSharedArrayBuffer=1 (engines.mjs), which defines SharedArrayBuffer on
  // pages without isolation too: there the package falls back because crossOriginIsolated is false.
  const SAB_UNISOLATED = { chromium: 'missing', firefox: 'missing', webkit: 'present' };
  const checkIsolated = (r) => {
    assert.equal(r.isolated, true);
    if (NO_SAB[engine]) {
      assert.match(r.explicit, /^StrideViewError: init: threads: 2 needs SharedArrayBuffer and WebAssembly SIMD \(here: SharedArrayBuffer missing, crossOriginIsolated true, SIMD yes\)/);
      check(r, 1);
    } else {
      assert.equal(r.explicit, null);
      check(r, 2);
    }
  };

  describe(`threads in ${engine}`, { skip }, () => {
    test('isolated page, main thread: init({ threads: 2 }) computes as the single-threaded build', T, async () => {
      const { p, state, fetched } = await load('/threads');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      checkIsolated(r);
      if (!NO_SAB[engine]) {
        assert.ok(fetched.includes('/dist/strideview-threads.wasm') && fetched.includes('/dist/strideview-threads.worker.js'), fetched.join(' '));
      }
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test('isolated page, module Worker: init({ threads: 2 }) computes as the single-threaded build', T, async () => {
      const { p, state } = await load('/threads-worker');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.equal(r.inWorker, true);
      checkIsolated(r);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test("page without isolation: 'auto' falls back silently; an explicit count rejects", T, async () => {
      const { p, state, fetched } = await load('/fallback');
      assert.equal(state.ready, 'true', `page error: ${state.error}`);
      const r = JSON.parse(state.result);
      assert.equal(r.isolated, false);
      check(r, 1);
      assert.ok(
        r.explicit.startsWith(`StrideViewError: init: threads: 2 needs SharedArrayBuffer and WebAssembly SIMD (here: SharedArrayBuffer ${SAB_UNISOLATED[engine]}, crossOriginIsolated false, SIMD yes)`),
        r.explicit,
      );
      assert.ok(!fetched.some((f) => f.includes('threads')), fetched.join(' '));
      assert.deepEqual(state.warnings, []);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });
  });
}
