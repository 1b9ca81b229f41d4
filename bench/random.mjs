// Random draws: 1M draws of each distribution family (uniform, normal, integers, the continuous and
// discrete distributions), a few vector ones and scalar draws, strideview against numpy-ts (this
// process, where it has the method) and NumPy (Debian's /usr/bin/python3, same seed). Median
// microseconds per call; results disposed in the loop. `node bench/random.mjs [--no-peers]`.
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
const SHAPES = sv.linspace(0.5, 10, 1000);
const P6 = [1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];
const free = (x) => (x && typeof x.dispose === 'function' ? x.dispose() : undefined);
const cases = [
  ['random(1M) float64', () => g.random(N).dispose(), nrng && (() => free(nrng.random(N))), `g.random(${N})`],
  ['random(1M) float32', () => g.random(N, { dtype: 'float32' }).dispose(), null, `g.random(${N}, dtype=np.float32)`],
  ['standardNormal(1M) float64', () => g.standardNormal(N).dispose(), nrng && (() => free(nrng.standard_normal(N))), `g.standard_normal(${N})`],
  ['standardNormal(1M) float32', () => g.standardNormal(N, { dtype: 'float32' }).dispose(), null, `g.standard_normal(${N}, dtype=np.float32)`],
  ['integers(0, 100, 1M) int64', () => g.integers(0, 100, N).dispose(), nrng && (() => free(nrng.integers(0, 100, N))), `g.integers(0, 100, ${N})`],
  ['random() scalar', () => g.random(), nrng && (() => nrng.random()), 'g.random()'],
  // the distributions beyond the basic draws (numpy-ts has a few: its names where they exist)
  ['standardExponential(1M)', () => g.standardExponential(N).dispose(), nrng?.standard_exponential && (() => free(nrng.standard_exponential(N))), `g.standard_exponential(${N})`],
  ['exponential(2, 1M)', () => g.exponential(2, N).dispose(), nrng?.exponential && (() => free(nrng.exponential(2, N))), `g.exponential(2, ${N})`],
  ['gamma(2.5, 1M)', () => g.gamma(2.5, 1, N).dispose(), nrng?.gamma && (() => free(nrng.gamma(2.5, 1, N))), `g.gamma(2.5, 1, ${N})`],
  ['beta(2, 5, 1M)', () => g.beta(2, 5, N).dispose(), nrng?.beta && (() => free(nrng.beta(2, 5, N))), `g.beta(2, 5, ${N})`],
  ['lognormal(1M)', () => g.lognormal(0, 1, N).dispose(), nrng?.lognormal && (() => free(nrng.lognormal(0, 1, N))), `g.lognormal(0, 1, ${N})`],
  ['poisson(4, 1M)', () => g.poisson(4, N).dispose(), nrng?.poisson && (() => free(nrng.poisson(4, N))), `g.poisson(4, ${N})`],
  ['poisson(100, 1M)', () => g.poisson(100, N).dispose(), nrng?.poisson && (() => free(nrng.poisson(100, N))), `g.poisson(100, ${N})`],
  ['binomial(20, 0.3, 1M)', () => g.binomial(20, 0.3, N).dispose(), nrng?.binomial && (() => free(nrng.binomial(20, 0.3, N))), `g.binomial(20, 0.3, ${N})`],
  ['binomial(1000, 0.4, 1M)', () => g.binomial(1000, 0.4, N).dispose(), nrng?.binomial && (() => free(nrng.binomial(1000, 0.4, N))), `g.binomial(1000, 0.4, ${N})`],
  ['hypergeometric(100, 200, 50, 1M)', () => g.hypergeometric(100, 200, 50, N).dispose(), null, `g.hypergeometric(100, 200, 50, ${N})`],
  ['gamma(2.5) scalar', () => g.gamma(2.5), nrng?.gamma && (() => nrng.gamma(2.5)), 'g.gamma(2.5)'],
  ['gamma([1000] shapes)', () => g.gamma(SHAPES).dispose(), null, 'g.gamma(shapes)'],
  ['dirichlet([1,2,3], 100k)', () => g.dirichlet([1, 2, 3], 100_000).dispose(), null, 'g.dirichlet([1, 2, 3], 100000)'],
  ['multinomial(20, p6, 100k)', () => g.multinomial(20, P6, 100_000).dispose(), null, 'g.multinomial(20, [1/6]*6, 100000)'],
];
let numpy = null;
if (existsSync('/usr/bin/python3')) {
  const py = `
import timeit, json, numpy as np
g = np.random.default_rng(1)
out = []
for stmt in json.loads(${JSON.stringify(JSON.stringify(cases.map((c) => c[3])))}):
    t = timeit.Timer(stmt, globals={'g': g, 'np': np, 'shapes': np.linspace(0.5, 10, 1000)})
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
