// Browser tests of the demo, in every engine (issue 12): the same suite runs in chromium, firefox
// and webkit through the engine-neutral page API of engines.mjs, against the demo built from the
// package in dist/ and served on a free localhost port. Every read-out the page shows is checked
// against the built package's own answer for the same view. demo.<engine>.test.mjs each call
// demoSuite(engine): one browser per engine per file, one page per test.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { buildDemo } from '../../demo/build.mjs';
import { serveDemo } from '../../scripts/serve-demo.mjs';
import { engineSkip, launch, PROBE_JS } from './engines.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(here, 'screenshots');
const T = { timeout: 90_000 };

export function demoSuite(engine) {
const skip = engineSkip(engine);
let sv; // the built package (what npm users get)
let server;
let browser;
let tmp;

before(async () => {
  if (skip) return;
  sv = await import('strideview');
  await sv.init();
  tmp = mkdtempSync(path.join(os.tmpdir(), `sv-demo-${engine}-`));
  const { outDir } = await buildDemo(path.join(tmp, 'site'));
  // The error probe (engines.mjs) goes first in the page, the same in every engine.
  writeFileSync(path.join(outDir, '__sv_probe.js'), PROBE_JS);
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const probed = html.replace(/<meta charset="utf-8" \/>/, (m) => `${m}\n    <script src="__sv_probe.js"></script>`);
  assert.notEqual(probed, html, 'the probe was inserted into index.html');
  writeFileSync(path.join(outDir, 'index.html'), probed);
  server = await serveDemo(outDir, 0);
  browser = await launch(engine, tmp, { width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------------------ helpers

const tid = (id) => `[data-testid="${id}"]`;

/** Opens the demo at `hash`, waits for the engine, and records console errors. */
async function open(hash = '', viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage();
  const size = await page.setViewport(viewport.width, viewport.height);
  await page.goto(`http://127.0.0.1:${server.port}/${hash}`);
  // init() compiles the wasm asynchronously in every engine: wait for the page to say so.
  await page.waitForSelector('body[data-ready="true"], body[data-ready="error"]', { timeout: 30_000 });
  assert.equal(await page.getAttribute('body', 'data-ready'), 'true', await page.textContent(tid('error')));
  return {
    page,
    size,
    async done() {
      assert.deepEqual(await page.errors(), [], `${engine}: no errors in the page`);
      await page.close();
    },
  };
}

async function readouts(page) {
  const get = async (id) => JSON.parse(await page.getAttribute(tid(id), 'data-value'));
  return {
    shape: await get('view-shape'),
    strides: await get('view-strides'),
    offset: await get('view-offset'),
    mask: await get('view-mask'),
    contiguous: await get('view-contiguous'),
  };
}

function maskOf(view) {
  return view.mask ? view.mask.map(([b, e]) => [Number(b), Number(e)]) : null;
}

/** The package's answer for an NDArray. */
function expected(a) {
  return {
    shape: [...a.shape],
    strides: [...a.strides],
    offset: a.offset,
    mask: maskOf(a.view),
    contiguous: a.isCContiguous,
  };
}

function* cIndices(shape) {
  const n = shape.reduce((p, d) => p * d, 1);
  const idx = shape.map(() => 0);
  for (let k = 0; k < n; k++) {
    yield idx.slice();
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

/** Checks every logical cell's linear index and validity against the package's view. */
async function checkCells(page, view, shape) {
  const drawn = await page.$$eval('[data-testid^="logical-cell"]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.testid, [Number(e.dataset.linear), e.dataset.valid === 'true']])),
  );
  let count = 0;
  for (const idx of cIndices(shape)) {
    const id = `logical-cell${idx.map((i) => `-${i}`).join('')}`;
    assert.ok(drawn[id], `${id} is drawn`);
    assert.deepEqual(drawn[id], [view.linearIndex(idx), view.isValid(idx)], `${id}: linear index and validity`);
    count++;
  }
  assert.equal(Object.keys(drawn).length, count, 'one logical cell per element');
}

async function applyOp(page, name, input) {
  if (input !== undefined) await page.fill(tid(`op-${name}-input`), input);
  await page.click(tid(`op-${name}`));
}

async function errorText(page) {
  return ((await page.textContent(tid('error'))) ?? '').trim();
}

// ------------------------------------------------------------------------------------------ tests

describe(`demo in ${engine}`, { skip }, () => {
  test('loads with the engine and shows arange(12) as [3, 4]; screenshots', T, async () => {
    const { page, done } = await open();
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]);
    assert.deepEqual(await readouts(page), expected(a));
    assert.equal(await page.count('[data-testid^="buffer-cell-"]'), 12);
    await checkCells(page, a.view, [3, 4]);
    assert.match(await page.textContent(tid('engine-status')), /ready/i);
    assert.equal(await errorText(page), '');
    mkdirSync(SHOTS, { recursive: true });
    await page.hover(tid('logical-cell-1-2'));
    await page.screenshot(path.join(SHOTS, `demo-${engine}-1280x800.png`));
    await done();
  });

  test('narrow screen: nothing overflows sideways', T, async (t) => {
    const { page, size, done } = await open('#shape=3,4&op=transpose', { width: 390, height: 844 });
    if (size.width !== 390) {
      // WebKitGTK's MiniBrowser keeps its toolbar: the window, so the viewport, has a minimum width.
      t.diagnostic(`${engine}: the viewport is ${size.width}px wide (asked for 390px); checked at that width`);
      assert.ok(size.width <= 480, `${engine}: viewport ${size.width}px is not a narrow screen`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page is ${overflow}px wider than the screen`);
    await page.screenshot(path.join(SHOTS, `demo-${engine}-390x844.png`), { fullPage: true });
    await done();
  });

  const ops = [
    { name: 'reshape', base: '3,4', input: '2, -1', run: (a) => a.reshape([2, -1]) },
    { name: 'transpose', base: '3,4', run: (a) => a.transpose() },
    { name: 'permute', base: '2,3,4', input: '2, 0, 1', run: (a) => a.permute([2, 0, 1]) },
    { name: 'slice', base: '4,5', input: '::-1, 1:4:2', run: (a) => a.slice('::-1, 1:4:2') },
    { name: 'flip', base: '3,4', input: '1', run: (a) => a.flip([1]) },
    { name: 'expand', base: '1,4', input: '3, 4', run: (a) => a.expand([3, 4]) },
    { name: 'pad', base: '2,3', input: '1, 1; 0, 2', run: (a) => a.padView([[1, 1], [0, 2]]) },
    { name: 'shrink', base: '4,5', input: '1, 3; 0, 4', run: (a) => a.shrink([[1, 3], [0, 4]]) },
    { name: 'squeeze', base: '1,3,1', input: '', run: (a) => a.squeeze() },
    { name: 'unsqueeze', base: '3,4', input: '1', run: (a) => a.unsqueeze([1]) },
    { name: 'contiguous', base: '3,4', pre: ['transpose'], run: (a) => a.contiguous() },
  ];
  for (const op of ops) {
    test(`op ${op.name}: read-outs and every cell match the package`, T, async () => {
      const hash = `#shape=${op.base}${(op.pre ?? []).map((p) => `&op=${p}`).join('')}`;
      const { page, done } = await open(hash);
      const shape = op.base.split(',').map(Number);
      let a = sv.arange(0, shape.reduce((p, d) => p * d, 1), 1, 'int32').reshape(shape);
      for (const p of op.pre ?? []) a = a[p]();
      const bufferBefore = await page.textContent('#buf-sub');
      await applyOp(page, op.name, op.input);
      assert.equal(await errorText(page), '');
      const b = op.run(a);
      assert.deepEqual(await readouts(page), expected(b));
      await checkCells(page, b.view, [...b.shape]);
      const owner = b.base ?? b;
      assert.equal(await page.count('[data-testid^="buffer-cell-"]'), owner.size, 'buffer length');
      if (op.name === 'contiguous') {
        assert.notEqual(await page.textContent('#buf-sub'), bufferBefore, 'contiguous() shows a new buffer');
        const values = await page.$$eval('[data-testid^="buffer-cell-"] .val', (els) => els.map((e) => Number(e.textContent)));
        assert.deepEqual(values, Array.from(b.toTypedArray(), Number));
      }
      assert.equal(await page.count(`${tid('history')} li`), 2 + (op.pre?.length ?? 0));
      await done();
    });
  }

  test('hover links a logical cell to its buffer cell, and a buffer cell to all its readers', T, async () => {
    const { page, done } = await open('#shape=3,4&op=transpose');
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]).transpose();
    const lin = a.view.linearIndex([1, 2]);
    await page.hover(tid('logical-cell-1-2'));
    assert.match((await page.getAttribute(tid(`buffer-cell-${lin}`), 'class')) ?? '', /\bhl\b/);
    assert.equal(await page.textContent(tid('formula-result')), String(lin));
    assert.equal(await page.count('.bcell.hl'), 1);

    // Broadcast: stride 0 makes one buffer cell feed a whole column. A new hash in the same page
    // (the demo's hashchange path); hashchange is an asynchronous event in every engine, so wait
    // for the view it describes.
    await page.evaluate((h) => { location.hash = h; }, '#shape=1,4&op=expand:3,4');
    await page.waitFor((s) => document.querySelector(s)?.getAttribute('data-value') === '[3,4]', tid('view-shape'), { what: 'the view of the new hash (shape [3,4])' });
    const e = sv.arange(0, 4, 1, 'int32').reshape([1, 4]).expand([3, 4]);
    await page.hover(tid('buffer-cell-2'));
    const lit = await page.$$eval('.lcell.hl', (els) => els.map((x) => x.dataset.testid).sort());
    const readers = [0, 1, 2].filter((i) => e.view.linearIndex([i, 2]) === 2).map((i) => `logical-cell-${i}-2`);
    assert.deepEqual(lit, readers.sort());
    assert.equal(readers.length, 3);
    assert.equal(await page.getAttribute(tid('buffer-cell-2'), 'data-readers'), '3');
    await done();
  });

  test('masked cells are drawn differently and the mask ranges are listed', T, async () => {
    const { page, done } = await open('#shape=2,3&op=pad:1,1;0,2');
    const a = sv.arange(0, 6, 1, 'int32').reshape([2, 3]).padView([[1, 1], [0, 2]]);
    const masked = await page.count('.lcell.masked');
    let invalid = 0;
    for (const idx of cIndices([...a.shape])) if (!a.view.isValid(idx)) invalid++;
    assert.equal(masked, invalid);
    assert.ok(masked > 0);
    const text = await page.textContent(tid('view-mask'));
    for (const [d, [b, e]] of maskOf(a.view).entries()) assert.ok(text.includes(`dim ${d}: [${b}, ${e})`), text);
    await done();
  });

  test('an invalid op shows the engine error in the page and changes nothing', T, async () => {
    const { page, done } = await open('#shape=3,4&op=transpose');
    const before = await readouts(page);
    await page.check(tid('op-reshape-nocopy'));
    await applyOp(page, 'reshape', '12');
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]).transpose();
    let message = '';
    try {
      a.reshape([12], { copy: false });
    } catch (e) {
      assert.ok(e instanceof sv.StrideViewError);
      message = e.message;
    }
    assert.ok(message, 'the package refuses too');
    assert.ok((await errorText(page)).includes(message), await errorText(page));
    assert.ok(await page.isVisible(tid('error')));
    assert.deepEqual(await readouts(page), before);
    assert.equal(await page.count(`${tid('history')} li`), 2);

    // A bad slice too; the next good op clears the error.
    await applyOp(page, 'slice', '::0');
    let sliceMessage = '';
    try {
      a.slice('::0');
    } catch (e) {
      sliceMessage = e.message;
    }
    assert.ok((await errorText(page)).includes(sliceMessage), await errorText(page));
    await applyOp(page, 'transpose');
    assert.equal(await errorText(page), '');
    await done();
  });

  test('history: step back and forward', T, async () => {
    const { page, done } = await open('#shape=3,4');
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]);
    await applyOp(page, 'transpose');
    await applyOp(page, 'slice', '1:, ::-1');
    const b = a.transpose().slice('1:, ::-1');
    assert.deepEqual(await readouts(page), expected(b));
    await page.click(tid('history-back'));
    assert.deepEqual(await readouts(page), expected(a.transpose()));
    await page.click(tid('history-back'));
    assert.deepEqual(await readouts(page), expected(a));
    assert.ok(await page.isDisabled(tid('history-back')));
    await page.click(tid('history-forward'));
    await page.click(tid('history-forward'));
    assert.deepEqual(await readouts(page), expected(b));
    await page.click(tid('history-step-0'));
    assert.deepEqual(await readouts(page), expected(a));
    await done();
  });

  test('the URL holds the state: a copied link reopens the same view', T, async () => {
    const first = await open('');
    await first.page.fill(tid('base-shape'), '2, 3, 4');
    await first.page.press(tid('base-shape'), 'Enter');
    await applyOp(first.page, 'permute', '2, 0, 1');
    await applyOp(first.page, 'slice', '::-1, :, 1:');
    await applyOp(first.page, 'pad', '0, 1; 1, 0; 0, 0');
    const url = await first.page.url();
    const shown = await readouts(first.page);
    const history = await first.page.textContent(tid('history'));
    await first.done();

    const second = await open(url.slice(url.indexOf('#')));
    assert.deepEqual(await readouts(second.page), shown);
    assert.equal(await second.page.textContent(tid('history')), history);
    const a = sv
      .arange(0, 24, 1, 'int32')
      .reshape([2, 3, 4])
      .permute([2, 0, 1])
      .slice('::-1, :, 1:')
      .padView([[0, 1], [1, 0], [0, 0]]);
    assert.deepEqual(shown, expected(a));
    await second.done();
  });

  test('symbolic dim: unbound shows the expression, binding draws the view', T, async () => {
    const { page, done } = await open('#shape=n,4&var=n:1:8');
    assert.match(await page.textContent(tid('view-shape')), /n#\d+/);
    assert.equal(await page.count('[data-testid^="logical-cell"]'), 0);
    await page.fill(tid('var-n-value'), '99');
    await page.click(tid('var-n-bind'));
    const v = sv.Sym.variable('n', 1, 8);
    let message = '';
    try {
      sv.Sym.bind(v, 99);
    } catch (e) {
      message = e.message.replace(/n#\d+/g, 'n#');
    }
    assert.ok(message);
    assert.ok((await errorText(page)).replace(/n#\d+/g, 'n#').includes(message), await errorText(page));

    await page.fill(tid('var-n-value'), '3');
    await page.click(tid('var-n-bind'));
    assert.equal(await errorText(page), '');
    sv.Sym.bind(v, 3);
    const view = sv.View.create([sv.Sym.dim(v), 4]);
    const shown = await readouts(page);
    assert.deepEqual(shown.shape, sv.Sym.eval(view.shape));
    assert.deepEqual(shown.strides, sv.Sym.eval(view.strides));
    assert.equal(shown.offset, view.offset);
    assert.equal(shown.contiguous, view.isCContiguous);
    await checkCells(page, view, sv.Sym.eval(view.shape));

    // A view op on the symbolic view, then rebinding updates it.
    await applyOp(page, 'transpose');
    await page.fill(tid('var-n-value'), '5');
    await page.click(tid('var-n-bind'));
    sv.Sym.bind(v, 5);
    const t = view.permute([1, 0]);
    assert.deepEqual((await readouts(page)).shape, sv.Sym.eval(t.shape));
    await checkCells(page, t, sv.Sym.eval(t.shape));
    const url = await page.url();
    assert.ok(url.includes('var=n%3A1%3A8%3D5') || url.includes('var=n:1:8=5'), url);
    await done();
  });

  test('iteration order walks the elements and reports the memory jumps', T, async () => {
    const { page, done } = await open('#shape=3,4&op=transpose');
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]).transpose();
    await page.click(tid('iter-next'));
    await page.click(tid('iter-next'));
    const l0 = a.view.linearIndex([0, 0]);
    const l1 = a.view.linearIndex([0, 1]);
    const status = await page.textContent(tid('iter-status'));
    assert.ok(status.includes(`element 2 of 12`), status);
    assert.ok(status.includes(`reads address ${l1}`), status);
    assert.ok(status.includes(`jump ${l1 - l0 >= 0 ? '+' : ''}${l1 - l0}`), status);
    assert.match((await page.getAttribute(tid(`buffer-cell-${l1}`), 'class')) ?? '', /\bhl\b/);
    const chips = await page.$$eval(`${tid('iter-track')} .chip`, (els) => els.map((e) => e.textContent));
    assert.deepEqual(chips, [...cIndices([4, 3])].map((idx) => String(a.view.linearIndex(idx))));
    // Play runs to the end by itself.
    await page.click(tid('iter-play'));
    // Play advances on a timer (setInterval) in every engine: wait for the last element.
    await page.waitFor(() => /element 12 of 12/.test(document.querySelector('[data-testid="iter-status"]').textContent), undefined, { timeout: 20_000, what: 'the animation to reach element 12 of 12' });
    await done();
  });

  test('explain(a) in the package prints the same cells as the page', T, async () => {
    assert.equal(typeof sv.explain, 'function', 'the package exports explain (web/src/explain.ts)');
    const { page, done } = await open('#shape=2,3&op=transpose&op=pad:0,1;1,0');
    const a = sv.arange(0, 6, 1, 'int32').reshape([2, 3]).transpose().padView([[0, 1], [1, 0]]);
    const text = sv.explain(a);
    assert.ok(text.includes(`strides ${JSON.stringify(a.strides).replace(/,/g, ', ')}`), text);
    // The page's cells in C order, as explain writes them: value@address, or pad.
    const shown = await page.$$eval('.lcell', (els) =>
      els
        .sort((x, y) => Number(x.dataset.k) - Number(y.dataset.k))
        .map((e) => (e.dataset.valid === 'true' ? `${e.querySelector('.val').textContent}@${e.dataset.linear}` : 'pad')),
    );
    const grid = text.split('\n\n').find((block) => block.startsWith('logical'));
    assert.ok(grid, text);
    const printed = grid
      .split('\n')
      .slice(2)
      .flatMap((line) => line.trim().split(/\s+/).slice(1));
    assert.deepEqual(printed, shown);
    await done();
  });

  test('controls are labelled and work from the keyboard', T, async () => {
    const { page, done } = await open('#shape=3,4');
    const unlabelled = await page.$$eval('input', (els) =>
      els.filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id),
    );
    assert.deepEqual(unlabelled, []);
    await page.focus(tid('op-permute-input'));
    await page.fill(tid('op-permute-input'), '1, 0');
    await page.keyboard('Enter');
    const a = sv.arange(0, 12, 1, 'int32').reshape([3, 4]).permute([1, 0]);
    assert.deepEqual(await readouts(page), expected(a));
    await page.focus(tid('logical'));
    await page.keyboard('ArrowRight');
    assert.equal(await page.textContent(tid('formula-result')), String(a.view.linearIndex([0, 1])));
    await page.keyboard('Alt+ArrowLeft');
    assert.deepEqual(await readouts(page), expected(sv.arange(0, 12, 1, 'int32').reshape([3, 4])));
    await done();
  });
});
}
