// What a page downloads before its first result, and how long that takes: each scenario is served
// over HTTP with gzip (level 9) content encoding and loaded in Debian's chromium over an emulated
// 10 Mbit/s link with 40 ms latency (Chrome DevTools Protocol Network.emulateNetworkConditions).
// Prints, per scenario and checkout: the files the page fetched (gzip -9 bytes each, as sent) and
// the time from navigation to the first result (median of the runs, a fresh browser profile and an
// empty cache each run).
//
//   app { init, array, add, sum }         an esbuild --minify bundle of those names, first add + sum
//   app ... + argmax                      the same app also calling a family function
//   app everything                        `import * as sv` (every function, every family)
//   <stride-view> (dist/element.mjs)      a course page: the element from the package's dist, unbundled
//   <stride-view> (bundled)               the same page with `import 'strideview/element'` bundled by esbuild
//
// Usage: node bench/download.mjs [other-checkout ...] [--runs N]   (e.g. a worktree of the previous
// main with its dist/ built: the "before" column)
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleOf } from '../scripts/bundle-size.mjs';
import { launchChromium } from '../tests/browser/chromium.mjs';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const roots = [here, ...args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1).map((p) => resolve(p))];

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const LINK = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

/** A static server sending every file gzip-encoded (level 9); records what was fetched. */
function serveGzip(dir) {
  const fetched = [];
  const server = createServer((req, res) => {
    let p = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (p === dir || p.endsWith('/')) p = join(p, 'index.html');
    if (!p.startsWith(dir) || !existsSync(p)) {
      if (!p.endsWith('favicon.ico')) fetched.push({ path: p.slice(dir.length + 1), bytes: 0, missing: true });
      res.writeHead(404).end();
      return;
    }
    const body = gzipSync(readFileSync(p), { level: 9 });
    fetched.push({ path: p.slice(dir.length + 1) || 'index.html', bytes: body.length });
    res.writeHead(200, { 'content-type': MIME[extname(p)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, fetched, url: `http://127.0.0.1:${server.address().port}/` })));
}

const appPage = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>app</title></head>
<body><pre id="out"></pre><script type="module" src="${script}"></script></body></html>`;
const APP = (names, extra) => `import { ${names} } from './dist/index.mjs';
await init();
const a = array([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
const r = { add: add(a, a).toArray(), sum: sum(a)${extra} };
window.firstResult = performance.now();
document.getElementById('out').textContent = JSON.stringify(r);
`;
const ELEMENT_PAGE = (src) => `<!doctype html><html><head><meta charset="utf-8"><title>course</title></head>
<body><stride-view shape="3,4" ops="transpose"></stride-view><script type="module" src="${src}"></script>
<script type="module">
const el = document.querySelector('stride-view');
const t = setInterval(() => { if (el.shadowRoot && el.shadowRoot.querySelector('.cell, td, [data-addr]')) { window.firstResult = performance.now(); clearInterval(t); } }, 2);
</script></body></html>`;

/** The scenario's files in a fresh folder: { dir, page }. */
async function stage(root, kind) {
  const dir = mkdtempSync(join(os.tmpdir(), 'sv-download-'));
  const wasm = ['strideview.wasm', 'strideview-families.wasm', 'strideview-nosimd.wasm'].filter((f) => existsSync(join(root, 'dist', f)));
  const bundle = async (entry) => {
    const text = await bundleOf(entry, { at: root });
    writeFileSync(join(dir, 'app.mjs'), text);
    for (const f of wasm) cpSync(join(root, 'dist', f), join(dir, f));
  };
  if (kind === 'core') await bundle(APP('init, array, add, sum', ''));
  else if (kind === 'family') await bundle(APP('init, array, add, sum, argmax', ', argmax: argmax(a)'));
  else if (kind === 'all') await bundle(APP('init, array, add, sum, argmax', ', argmax: argmax(a)').replace("import { init, array, add, sum, argmax } from './dist/index.mjs';", "import * as sv from './dist/index.mjs';\nconst { init, array, add, sum, argmax } = sv;\nwindow.sv = sv;"));
  if (kind === 'element') {
    cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), ELEMENT_PAGE('./dist/element.mjs'));
  } else if (kind === 'element-bundled') {
    const text = await bundleOf("import './dist/element.mjs';", { at: root });
    writeFileSync(join(dir, 'app.mjs'), text);
    for (const f of wasm) cpSync(join(root, 'dist', f), join(dir, f));
    writeFileSync(join(dir, 'index.html'), ELEMENT_PAGE('./app.mjs'));
  } else {
    writeFileSync(join(dir, 'index.html'), appPage('./app.mjs'));
  }
  return dir;
}

async function measure(root, kind) {
  const dir = await stage(root, kind);
  const times = [];
  let files = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const { server, fetched, url } = await serveGzip(dir);
      const prof = mkdtempSync(join(os.tmpdir(), 'sv-download-prof-'));
      const context = await launchChromium(prof);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', LINK);
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => m.type() === 'error' && !/favicon|status of 404/.test(m.text()) && errors.push(m.text()));
        await page.goto(url);
        try {
          await page.waitForFunction(() => typeof window.firstResult === 'number', null, { timeout: 20_000 });
        } catch (e) {
          throw new Error(`${kind}: no first result (${errors.join('; ') || e.message}); page: ${await page.content()}`);
        }
        const missing = fetched.filter((f) => f.missing).map((f) => f.path);
        if (errors.length || missing.length) throw new Error(`${kind}: ${[...errors, ...missing.map((m) => `404 ${m}`)].join('; ')}`);
        times.push(await page.evaluate(() => window.firstResult));
        files = fetched.filter((f) => f.path !== 'index.html');
      } finally {
        await context.close();
        server.close();
        rmSync(prof, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return { files, total: files.reduce((s, f) => s + f.bytes, 0), ms: times[Math.floor(times.length / 2)] };
}

const KINDS = [
  ['core', 'app { init, array, add, sum }'],
  ['family', 'app { init, array, add, sum, argmax }'],
  ['all', 'app everything (import * as sv)'],
  ['element', '<stride-view> page (dist/element.mjs unbundled)'],
  ['element-bundled', "<stride-view> page (import 'strideview/element', esbuild)"],
];
console.log(`download: ${RUNS} runs each, gzip -9 content encoding, emulated 10 Mbit/s and 40 ms latency; chromium ${os.cpus()[0].model}`);
console.log(`| page | ${roots.map((r) => (r === here ? 'this checkout: bytes (files), first result ms' : `${r}: bytes, ms`)).join(' | ')} |`);
console.log(`|---|${roots.map(() => '---').join('|')}|`);
for (const [kind, label] of KINDS) {
  const cells = [];
  for (const root of roots) {
    const m = await measure(root, kind).catch((e) => ({ error: e.message.split(';')[0].split(' (')[0] }));
    if (m.error) {
      cells.push(`no result: ${m.error.replace(/\|/g, '/')}`);
      continue;
    }
    cells.push(`${m.total.toLocaleString('en')} (${m.files.map((f) => `${f.path.replace(/^dist\//, '')} ${f.bytes.toLocaleString('en')}`).join(', ')}), ${m.ms.toFixed(0)} ms`);
  }
  console.log(`| ${label} | ${cells.join(' | ')} |`);
}
