// How long the demo takes to answer a user, per interaction and view size, in real browsers.
//   node bench/demo_interaction.mjs [--engines chromium,firefox,webkit] [--reps 7]
// Needs the built package (npm run build). For each engine and size it opens the demo on a
// transposed view and times, inside the page:
//   handler    the event's JavaScript (the click or pointer handler, engine calls included)
//   frame      from the event until the frame that shows the result has been drawn (what a user
//              waits for: the next animation frame, then a task after it)
// for: an op that keeps the layout (flip), an op that changes it (reshape to one dim), going back in
// the history, and pointing at a cell of the grid (hover). Medians over --reps repetitions.
// The goal for the demo is every interaction under 50 ms up to 64x64; times depend on the machine's
// load, so the script prints the load average beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildDemo } from '../demo/build.mjs';
import { serveDemo } from '../scripts/serve-demo.mjs';
import { ENGINES, launch } from '../tests/browser/engines.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const engines = opt('engines', ENGINES.join(',')).split(',');
const reps = Number(opt('reps', '7'));
const sizes = [8, 16, 24, 32, 64]; // 64x64 = 4096 is the largest starting buffer the demo makes

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** In the page: runs `act` (a click or a pointer event) and returns [handler ms, frame ms]. */
function timed({ what, k }) {
  const el = (id) => document.querySelector(`[data-testid="${id}"]`);
  const fire = () => {
    if (what === 'hover') {
      const c = el('logical-canvas');
      if (c) {
        const [w, h, gap, left, top] = c.dataset.cell.split(',').map(Number);
        const cols = Number(c.dataset.cols);
        const box = c.getBoundingClientRect();
        const x = box.left + left + (k % cols) * (w + gap) + w / 2;
        const y = box.top + top + Math.floor(k / cols) * (h + gap) + h / 2;
        c.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: x, clientY: y }));
      } else {
        document.querySelectorAll('[data-testid^="logical-cell"]')[k].dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      }
    } else el(what).click();
  };
  return new Promise((res) => {
    const t0 = performance.now();
    fire();
    const handler = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => res([handler, performance.now() - t0]), 0));
  });
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-demo-bench-'));
const { outDir } = await buildDemo(path.join(tmp, 'site'));
const server = await serveDemo(outDir, 0);
console.log(`demo interaction times, median of ${reps}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; ${os.cpus()[0]?.model ?? ''}`);
console.log('engine    size      cells   flip (handler/frame)  reshape        back           hover');
try {
  for (const engine of engines) {
    const browser = await launch(engine, tmp, { width: 1280, height: 800 });
    try {
      for (const n of sizes) {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${server.port}/#shape=${n},${n}&op=transpose`);
        await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
        const rows = { flip: [], reshape: [], back: [], hover: [] };
        for (let r = 0; r < reps; r++) {
          rows.flip.push(await page.evaluate(timed, { what: 'op-flip' }));
          await page.fill('[data-testid="op-reshape-input"]', String(n * n));
          rows.reshape.push(await page.evaluate(timed, { what: 'op-reshape' }));
          rows.back.push(await page.evaluate(timed, { what: 'history-back' }));
          rows.hover.push(await page.evaluate(timed, { what: 'hover', k: (r * 37) % (n * n) }));
        }
        const cell = (xs) => `${median(xs.map((x) => x[0])).toFixed(1).padStart(5)}/${median(xs.map((x) => x[1])).toFixed(1).padEnd(6)}`;
        console.log(`${engine.padEnd(9)} ${`${n}x${n}`.padEnd(9)} ${String(n * n).padStart(5)}   ${cell(rows.flip)}         ${cell(rows.reshape)}   ${cell(rows.back)}   ${cell(rows.hover)}`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
}
