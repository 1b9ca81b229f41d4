// partition / argpartition (the engine's introselect) against NumPy 1.24 (its own process,
// bench/timing.py) and against sort / argsort, which is what partition / argpartition ran before
// (the full stable sort along the axis). Random float values (a fixed seed), kth at the middle of
// the axis (and ten kth on the long line). Median microseconds per call; prints Markdown; never
// fails on speed.
// Usage: node bench/partition.mjs [--no-numpy]
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall } from './timing.mjs';

const args = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
await sv.init();

const CASES = [];
for (const dtype of ['float32', 'float64']) {
  for (const shape of [[128, 128], [1024, 1024], [1000000]]) {
    const n = shape[shape.length - 1];
    CASES.push({ dtype, shape, kth: [n >> 1] });
  }
  CASES.push({ dtype, shape: [1000000], kth: Array.from({ length: 10 }, (_, i) => Math.floor((i * 1000000) / 10) + 7) });
}

const PY = String.raw`
import json, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
from timing import per_call
out = []
for c in json.loads(sys.stdin.read()):
    a = np.random.default_rng(1).random(c['shape']).astype(c['dtype'])
    k = c['kth'] if len(c['kth']) > 1 else c['kth'][0]
    budget = 60 if a.size >= 1 << 20 else 15
    out.append([per_call(lambda: np.partition(a, k), budget, 5), per_call(lambda: np.argpartition(a, k), budget, 5)])
print(json.dumps(out))
`;
const numpy = args.includes('--no-numpy') ? null : JSON.parse(execFileSync('/usr/bin/python3', ['-c', PY, here], { input: JSON.stringify(CASES) }).toString());

const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} us`);
console.log(`threads: ${sv.buildInfo().threads}`);
console.log('| call | dtype | shape | kth | before (sort / argsort) | after | NumPy 1.24 | after / NumPy |');
console.log('|---|---|---|---|---|---|---|---|');
CASES.forEach((c, i) => {
  const a = sv.tidy(() => sv.keep(sv.defaultRng(1).random(c.shape).astype(c.dtype)));
  const k = c.kth.length > 1 ? c.kth : c.kth[0];
  const budget = a.size >= 1 << 20 ? 60 : 15;
  const t = (f) => perCall(() => f().dispose(), { budgetMs: budget, batches: 5 });
  const rows = [
    ['partition', t(() => sv.sort(a)), t(() => sv.partition(a, k)), numpy?.[i][0]],
    ['argpartition', t(() => sv.argsort(a)), t(() => sv.argpartition(a, k)), numpy?.[i][1]],
  ];
  for (const [name, before, after, np] of rows) {
    const kt = c.kth.length > 1 ? `${c.kth.length} kth` : String(k);
    console.log(`| ${name} | ${c.dtype} | [${c.shape}] | ${kt} | ${fmt(before)} | ${fmt(after)} | ${np ? fmt(np) : '-'} | ${np ? (after / np).toFixed(2) : '-'} |`);
  }
  a.dispose();
});
