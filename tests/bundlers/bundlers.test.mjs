// Ecosystem test: the packed package (npm pack -> tarball, installed into temporary apps the way a
// user installs it) bundled by Vite, esbuild and webpack 5, plus the plain dist/ through an import
// map and the Web Worker example; every output is served over HTTP and run in Debian's chromium
// (playwright-core), and the numbers the page shows are checked.
//
// The bundlers are the repository's devDependencies (not installed into the temporary apps).
// Configuration used, which is exactly what README.md / web/README.md document:
//   Vite:    none (`vite build`); the worker example also needs none (Vite and webpack).
//   webpack: none beyond { mode: 'production' } (its defaults: ./src/index.js -> dist/main.js);
//            performance hints are switched off only because the wasm exceeds 244 KiB.
//   esbuild: `--loader:.wasm=file` plus `import wasmUrl from 'strideview/strideview.wasm'` (and
//            `familiesUrl` from 'strideview/strideview-families.wasm', for an app using a family op) and
//            `init({ wasmUrl: new URL(wasmUrl, import.meta.url) })` (esbuild does not copy
//            new URL(..., import.meta.url) assets).
// Each bundler also builds an app whose only import is `import 'strideview/element'` (esbuild's adds
// the init({ wasmUrl }) above, which the element's own init() then reuses): the page's
// <stride-view> must be defined and render its data. package.json's "sideEffects" lists the
// element's module; with `"sideEffects": false` the bundlers drop the bare import whole.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serve as serveDir } from '../../examples/serve.mjs';
import { launchChromium, CHROMIUM } from '../browser/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const skip = process.env.SV_SKIP_BROWSER === '1' ? 'SV_SKIP_BROWSER=1' : false;
const T = { timeout: 120_000 };
const NPM = process.env.npm_execpath && process.env.npm_execpath.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : ['npm'];

let tmp;
let apps;
let context;
const servers = [];

// What every bundled app computes: a = arange(6).reshape([2, 3]) (float32), t = a.T, s = t + t, and a
// family op (argmax: the engine's families module, fetched by init() because the app uses it).
const EXPECTED = { values: [[0, 6], [2, 8], [4, 10]], sum: 30, argmax: 5, families: true };

const appMain = (importLines, initArgs) => `${importLines}
const out = document.getElementById('out');
try {
  await init(${initArgs});
  const a = arange(6, undefined, undefined, 'float32').reshape([2, 3]);
  const t = a.transpose();
  const s = add(t, t);
  out.textContent = JSON.stringify({ values: s.toArray(), sum: sum(s), argmax: argmax(s), families: isLoaded('stats') });
  document.body.dataset.ready = 'true';
} catch (e) {
  out.textContent = String((e && e.stack) || e);
  document.body.dataset.ready = 'error';
}
`;

const html = (script) => `<!doctype html>
<html><head><meta charset="utf-8"><title>strideview app</title></head>
<body><pre id="out">loading</pre><script type="module" src="${script}"></script></body></html>
`;

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
}

/** A static file server on an ephemeral port (the one examples/serve.mjs provides). */
async function serve(dir) {
  const s = await serveDir(dir, 0);
  servers.push(s);
  return s.url;
}

/** Opens url, waits for body[data-ready], returns the JSON shown in #out; no console errors allowed. */
async function readPage(url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    const text = await page.textContent('#out');
    assert.equal(await page.getAttribute('body', 'data-ready'), 'true', text);
    assert.deepEqual(errors, [], 'no console errors');
    return JSON.parse(text);
  } finally {
    await page.close();
  }
}

// The element app: a <stride-view> with its own data, and the bundled script.
const ELEMENT_TAG = '<stride-view data="[[1,2],[3,4]]" dtype="int32" ops="transpose"></stride-view>';
const elementHtml = (script) => html(script).replace('<pre id="out">loading</pre>', ELEMENT_TAG);
const ELEMENT_EXPECTED = { dtype: 'int32', shape: '[2, 2]', strides: '[1, 2]', grid: [['1', '3'], ['2', '4']], memory: ['1', '2', '3', '4'], error: null };

/** Opens url; the <stride-view> must be defined once the page has loaded, then render its data. */
async function readElement(url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(url); // the load event: module scripts have run
    const defined = await page.evaluate(() => customElements.get('stride-view') !== undefined);
    assert.ok(defined, `<stride-view> is not defined after the bundle ran: the bundler dropped import 'strideview/element' (package.json "sideEffects")`);
    await page.waitForFunction(() => document.querySelector('stride-view').shadowRoot?.querySelector('.grid, .error'), undefined, { timeout: 30_000 });
    const got = await page.evaluate(() => {
      const r = document.querySelector('stride-view').shadowRoot;
      const fact = (k) => [...r.querySelectorAll('.facts > div')].find((d) => d.querySelector('dt').textContent === k)?.querySelector('dd').textContent;
      return {
        dtype: fact('dtype'),
        shape: fact('shape'),
        strides: fact('strides'),
        grid: [...r.querySelectorAll('.grid [role="row"]')].map((row) => [...row.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent)),
        memory: [...r.querySelectorAll('.strip [role="gridcell"]')].map((c) => c.firstChild.textContent),
        error: r.querySelector('.error')?.textContent ?? null,
      };
    });
    assert.deepEqual(got, ELEMENT_EXPECTED);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await page.close();
  }
}

/** webpack 5 with the default configuration (plus the app's own dist/ and no size hints). */
async function webpackBuild(app) {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) => {
    // output.path defaults to <cwd>/dist, so it is the one path given (the app's own dist/)
    const compiler = webpack({ mode: 'production', context: app, output: { path: path.join(app, 'dist') }, performance: { hints: false } });
    compiler.run((err, s) => compiler.close(() => (err ? reject(err) : resolve(s))));
  });
  assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }));
  assert.ok(!stats.hasWarnings(), stats.toString({ all: false, warnings: true }));
  return path.join(app, 'dist');
}

function files(dir) {
  return readdirSync(dir, { recursive: true }).map(String);
}

before(async () => {
  if (skip) return;
  for (const f of ['dist/index.mjs', 'dist/strideview.wasm']) {
    if (!existsSync(path.join(root, f))) throw new Error(`${f} is missing: build the package first (bash scripts/build.sh)`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run bash scripts/setup.sh (installs Debian's chromium)`);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-bundlers-'));
  // npm pack the built package, install the tarball into a temporary project (offline: no deps).
  const packed = JSON.parse(run(NPM[0], [...NPM.slice(1), 'pack', '--json', '--pack-destination', tmp], root));
  const tarball = path.join(tmp, packed[0].filename);
  apps = path.join(tmp, 'apps');
  mkdirSync(apps);
  writeFileSync(path.join(apps, 'package.json'), JSON.stringify({ name: 'sv-apps', private: true, type: 'module' }));
  run(NPM[0], [...NPM.slice(1), 'install', '--no-audit', '--no-fund', '--offline', '--no-package-lock', tarball], apps);
  assert.ok(existsSync(path.join(apps, 'node_modules/strideview/dist/strideview.wasm')));
  context = await launchChromium(tmp);
});

after(async () => {
  await context?.close();
  for (const s of servers) await s.close();
  if (tmp && !process.env.SV_KEEP_TMP) rmSync(tmp, { recursive: true, force: true });
});

describe('bundlers (packed tarball, run in chromium)', { skip }, () => {
  test('Vite: `vite build` with no configuration', T, async () => {
    const app = path.join(apps, 'vite-app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'index.html'), html('./main.js'));
    writeFileSync(path.join(app, 'main.js'), appMain(`import { init, arange, add, sum, argmax, isLoaded } from 'strideview';`, ''));
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], app);
    const out = path.join(app, 'dist');
    assert.ok(files(out).some((f) => f.endsWith('.wasm')), 'vite emitted the .wasm asset');
    assert.deepEqual(await readPage(`${await serve(out)}/`), EXPECTED);
  });

  test('esbuild: --loader:.wasm=file and the strideview/strideview.wasm export', T, async () => {
    const app = path.join(apps, 'esbuild-app');
    mkdirSync(app);
    writeFileSync(
      path.join(app, 'main.js'),
      appMain(
        `import { init, arange, add, sum, argmax, isLoaded } from 'strideview';\nimport wasmUrl from 'strideview/strideview.wasm';\n` +
          `import familiesUrl from 'strideview/strideview-families.wasm';`,
        '{ wasmUrl: new URL(wasmUrl, import.meta.url), familiesUrl: new URL(familiesUrl, import.meta.url) }',
      ),
    );
    const out = path.join(app, 'out');
    run(path.join(root, 'node_modules/.bin/esbuild'), ['main.js', '--bundle', '--format=esm', '--outdir=out', '--loader:.wasm=file', '--log-level=warning'], app);
    writeFileSync(path.join(out, 'index.html'), html('./main.js'));
    assert.ok(files(out).some((f) => f.endsWith('.wasm')), 'esbuild emitted the .wasm file');
    assert.deepEqual(await readPage(`${await serve(out)}/`), EXPECTED);
  });

  test('webpack 5: default configuration, new URL(..., import.meta.url) becomes an asset module', T, async () => {
    const app = path.join(apps, 'webpack-app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    writeFileSync(path.join(app, 'src/index.js'), appMain(`import { init, arange, add, sum, argmax, isLoaded } from 'strideview';`, ''));
    const out = await webpackBuild(app);
    assert.ok(files(out).some((f) => f.endsWith('.wasm')), 'webpack emitted the .wasm asset');
    writeFileSync(path.join(out, 'index.html'), html('./main.js'));
    assert.deepEqual(await readPage(`${await serve(out)}/`), EXPECTED);
  });
});

describe("the <stride-view> element through bundlers (import 'strideview/element', run in chromium)", { skip }, () => {
  test('Vite: `vite build` keeps the element module and its registration', T, async () => {
    const app = path.join(apps, 'vite-element-app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'index.html'), elementHtml('./main.js'));
    writeFileSync(path.join(app, 'main.js'), `import 'strideview/element';\n`);
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], app);
    await readElement(`${await serve(path.join(app, 'dist'))}/`);
  });

  test('esbuild: keeps the element module; init({ wasmUrl }) is shared with the element', T, async () => {
    const app = path.join(apps, 'esbuild-element-app');
    mkdirSync(app);
    writeFileSync(
      path.join(app, 'main.js'),
      `import 'strideview/element';\nimport { init } from 'strideview';\nimport wasmUrl from 'strideview/strideview.wasm';\ninit({ wasmUrl: new URL(wasmUrl, import.meta.url) });\n`,
    );
    run(path.join(root, 'node_modules/.bin/esbuild'), ['main.js', '--bundle', '--format=esm', '--outdir=out', '--loader:.wasm=file', '--log-level=warning'], app);
    writeFileSync(path.join(app, 'out/index.html'), elementHtml('./main.js'));
    await readElement(`${await serve(path.join(app, 'out'))}/`);
  });

  test('webpack 5: default configuration keeps the element module', T, async () => {
    const app = path.join(apps, 'webpack-element-app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    writeFileSync(path.join(app, 'src/index.js'), `import 'strideview/element';\n`);
    const out = await webpackBuild(app);
    writeFileSync(path.join(out, 'index.html'), elementHtml('./main.js'));
    await readElement(`${await serve(out)}/`);
  });
});

describe('examples in chromium', { skip }, () => {
  test('examples/browser: the plain dist/ through an import map, no bundler', T, async () => {
    const base = await serve(root);
    const r = await readPage(`${base}/examples/browser/`);
    assert.deepEqual(r.shape, [4, 3]);
    assert.deepEqual(r.strides, [1, 4]);
    assert.deepEqual(r.values, [[0, 8, 16], [2, 10, 18], [4, 12, 20], [6, 14, 22]]);
    assert.equal(r.sum, 132);
  });

  const checkWorker = (r) => {
    // 2 * a.T + 1 for a = arange(12).reshape([3, 4])
    assert.deepEqual(r.shape, [4, 3]);
    assert.deepEqual(r.values, [1, 9, 17, 3, 11, 19, 5, 13, 21, 7, 15, 23]);
    assert.equal(r.bytes, 12 * 8);
    assert.equal(r.transferred, true, 'the worker-side buffer is detached: transferred, not copied');
  };

  test('examples/worker bundled by Vite: computes in a module worker, transfers the ArrayBuffer', T, async () => {
    const app = path.join(apps, 'worker-app');
    cpSync(path.join(root, 'examples/worker'), app, { recursive: true });
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], app);
    checkWorker(await readPage(`${await serve(path.join(app, 'dist'))}/`));
  });

  test('examples/worker bundled by webpack 5 (default configuration)', T, async () => {
    const app = path.join(apps, 'worker-webpack-app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    cpSync(path.join(root, 'examples/worker/main.js'), path.join(app, 'src/index.js'));
    cpSync(path.join(root, 'examples/worker/worker.js'), path.join(app, 'src/worker.js'));
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) => {
      const compiler = webpack({ mode: 'production', context: app, output: { path: path.join(app, 'dist') }, performance: { hints: false } });
      compiler.run((err, s) => compiler.close(() => (err ? reject(err) : resolve(s))));
    });
    assert.ok(!stats.hasErrors() && !stats.hasWarnings(), stats.toString({ all: false, errors: true, warnings: true }));
    writeFileSync(path.join(app, 'dist/index.html'), html('./main.js'));
    checkWorker(await readPage(`${await serve(path.join(app, 'dist'))}/`));
  });
});
