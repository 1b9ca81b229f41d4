// A family's first call: in Node, the core alone (init({ load: 'core' })), then `await load()` (read,
// compile and instantiate strideview-families.wasm into the running core), then each family op's
// first call on [64, 64] float32 and its steady cost (median of 200 calls), against the same op in a
// process whose init() loaded everything (the default).
// Usage: node bench/first_call.mjs [dist/index.mjs]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const index = pathToFileURL(resolve(process.argv[2] ?? 'dist/index.mjs')).href;
const body = (mode) => `
const sv = await import(${JSON.stringify(index)});
const t0 = performance.now();
await sv.init({ load: ${JSON.stringify(mode)} });
const t1 = performance.now();
if (${JSON.stringify(mode)} === 'core') await sv.load();
const t2 = performance.now();
const a = sv.arange(0, 4096, 1, 'float32').reshape([64, 64]);
const ops = { sin: () => sv.sin(a), argmax: () => sv.argmax(a, 1), std: () => sv.std(a), sort: () => sv.sort(a), matmul: () => sv.matmul(a, a), cumsum: () => sv.cumsum(a, 0) };
const out = { init: t1 - t0, load: t2 - t1, ops: {} };
for (const [name, f] of Object.entries(ops)) {
  let s = performance.now();
  const r = f();
  const first = performance.now() - s;
  if (r && r.dispose) r.dispose();
  const times = [];
  for (let i = 0; i < 200; i++) {
    s = performance.now();
    const q = f();
    times.push(performance.now() - s);
    if (q && q.dispose) q.dispose();
  }
  times.sort((x, y) => x - y);
  out.ops[name] = { first, steady: times[100] };
}
console.log(JSON.stringify(out));
`;
const run = (mode) => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', body(mode)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
};
const runs = [0, 1, 2, 3, 4].map(() => [run('core'), run('auto')]);
const med = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const f = (x) => (x < 1 ? x.toFixed(3) : x.toFixed(1));
console.log(`first_call: ${index}, median of ${runs.length} processes each (ms)`);
console.log(`init core only ${f(med(runs.map(([c]) => c.init)))}, then load() ${f(med(runs.map(([c]) => c.load)))}; init with everything ${f(med(runs.map(([, a]) => a.init)))}`);
console.log('| op [64, 64] float32 | first call after load() | first call, everything at init | steady, after load() | steady, everything at init |');
console.log('|---|---|---|---|---|');
for (const op of Object.keys(runs[0][0].ops)) {
  const c = (k, i) => f(med(runs.map((r) => r[i].ops[op][k])));
  console.log(`| ${op} | ${c('first', 0)} | ${c('first', 1)} | ${c('steady', 0)} | ${c('steady', 1)} |`);
}
