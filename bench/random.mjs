// Random draws: 1M random() and standardNormal() (float64 and float32) and a scalar random(),
// strideview against numpy-ts (this process) and NumPy (Debian's /usr/bin/python3, same seed).
// Median microseconds per call; results disposed in the loop. `node bench/random.mjs [--no-peers]`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as sv from '../dist/index.mjs';
import { perCall, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
await sv.init();
const np = await loadNumpyTs(args);
const N = 1_000_000;
const g = sv.defaultRng(1);
const nrng = np?.random?.default_rng?.(1);
const free = (x) => (x && typeof x.dispose === 'function' ? x.dispose() : undefined);
const cases = [
  ['random(1M) float64', () => g.random(N).dispose(), nrng && (() => free(nrng.random(N))), `g.random(${N})`],
  ['random(1M) float32', () => g.random(N, { dtype: 'float32' }).dispose(), null, `g.random(${N}, dtype=np.float32)`],
  ['standardNormal(1M) float64', () => g.standardNormal(N).dispose(), nrng && (() => free(nrng.standard_normal(N))), `g.standard_normal(${N})`],
  ['standardNormal(1M) float32', () => g.standardNormal(N, { dtype: 'float32' }).dispose(), null, `g.standard_normal(${N}, dtype=np.float32)`],
  ['integers(0, 100, 1M) int64', () => g.integers(0, 100, N).dispose(), nrng && (() => free(nrng.integers(0, 100, N))), `g.integers(0, 100, ${N})`],
  ['random() scalar', () => g.random(), nrng && (() => nrng.random()), 'g.random()'],
];
let numpy = null;
if (existsSync('/usr/bin/python3')) {
  const py = `
import timeit, json, numpy as np
g = np.random.default_rng(1)
out = []
for stmt in json.loads(${JSON.stringify(JSON.stringify(cases.map((c) => c[3])))}):
    t = timeit.Timer(stmt, globals={'g': g, 'np': np})
    n, _ = t.autorange()
    out.append(min(t.repeat(5, n)) / n * 1e6)
print(json.dumps(out))`;
  try {
    numpy = JSON.parse(execFileSync('/usr/bin/python3', ['-c', py]).toString());
  } catch (e) {
    console.error(`NumPy unavailable: ${e.message}`);
  }
}
console.log(`| draw | strideview us | numpy-ts us | NumPy us | ours / NumPy time |`);
console.log(`|---|---|---|---|---|`);
cases.forEach(([name, ours, peer], i) => {
  const a = perCall(ours, { budgetMs: 200, batches: 5 });
  const b = peer ? perCall(peer, { budgetMs: 200, batches: 5 }) : null;
  const c = numpy ? numpy[i] : null;
  const f = (x) => (x === null ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));
  console.log(`| ${name} | ${f(a)} | ${f(b)} | ${f(c)} | ${c ? (a / c).toFixed(2) : '-'} |`);
});
