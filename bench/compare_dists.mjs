// Two builds of the package in one Node process, per-op cost interleaved: batches alternate between
// build A and build B so that load on a shared machine hits both alike. Prints the median us per call
// of each op for each build (median and minimum over the batches; the minimum is the steadier one
// under load) and the ratios B/A.
// Usage: node bench/compare_dists.mjs <distA/index.mjs> <distB/index.mjs> [rounds] [--large]
// --large: the kernels on large arrays instead (add, transpose copy, sum, exp, astype, matmul), to
// check that a size or flag change left the inner loops as fast.
// --math: the vector math ops on 2^20 elements of float32 and float64 instead (exp ... tanh, pow).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const LARGE = process.argv.includes('--large');
const MATH = process.argv.includes('--math');
const [pa, pb, roundsArg] = process.argv.slice(2).filter((x) => x !== '--large' && x !== '--math');
if (!pa || !pb) throw new Error('usage: node bench/compare_dists.mjs <distA/index.mjs> <distB/index.mjs> [rounds]');
const load = async (p) => { const m = await import(pathToFileURL(resolve(p)).href); await m.init(); return m; };
const A = await load(pa);
const B = await load(pb);
const ROUNDS = Number(roundsArg ?? 61);

function fixture(sv) {
  const a = sv.arange(0, 64, 1, 'float32').reshape([8, 8]);
  const b = sv.arange(0, 64, 1, 'float32').reshape([8, 8]);
  const row = sv.arange(0, 8, 1, 'float32');
  const d = sv.arange(0, 64, 1, 'float64').reshape([8, 8]);
  return { sv, a, b, row, d };
}
const OPS = [
  ['transpose', (f) => () => f.a.transpose()],
  ['permute', (f) => () => f.a.permute([1, 0])],
  ['reshape', (f) => () => f.a.reshape([4, 16])],
  // flip({ axis }) since the axis convention; flip(1) in older builds
  ['flip', (f) => { try { f.a.flip({ axis: 1 }); return () => f.a.flip({ axis: 1 }); } catch { return () => f.a.flip(1); } }],
  ['slice with steps', (f) => () => f.a.slice('1:5, ::-2')],
  // get(2) was the sub-array before get took a full index only: both builds read element (2, 3)
  ['get', (f) => () => f.a.get(2, 3)],
  ['expand (broadcastTo)', (f) => () => f.row.broadcastTo([8, 8])],
  ['add [8,8]', (f) => () => f.sv.add(f.a, f.b).dispose()],
  ['zeros [8,8]', (f) => () => f.sv.zeros([8, 8], 'float32').dispose()],
  ['sum [8,8]', (f) => () => f.sv.sum(f.a)],
  ['max [8,8]', (f) => () => f.sv.max(f.a)],
  ['mean f64 [8,8]', (f) => () => f.sv.mean(f.d)],
];
function largeFixture(sv) {
  const a = sv.arange(0, 1 << 20, 1, 'float32').reshape([1024, 1024]);
  const b = sv.arange(0, 1 << 20, 1, 'float32').reshape([1024, 1024]);
  const d = sv.arange(0, 1 << 20, 1, 'float64').reshape([1024, 1024]);
  const i = sv.arange(0, 1 << 20, 1, 'int32').reshape([1024, 1024]);
  const m = sv.arange(0, 128 * 128, 1, 'float32').reshape([128, 128]);
  return { sv, a, b, d, i, m };
}
const LARGE_OPS = [
  ['add f32 [1024,1024]', (f) => () => f.sv.add(f.a, f.b).dispose()],
  ['add f64 [1024,1024]', (f) => () => f.sv.add(f.d, f.d).dispose()],
  ['add i32 [1024,1024]', (f) => () => f.sv.add(f.i, f.i).dispose()],
  ['transpose copy f32 [1024,1024]', (f) => () => f.a.transpose().contiguous().dispose()],
  ['sum f32 [1024,1024]', (f) => () => f.sv.sum(f.a)],
  ['sum axis 0 f64 [1024,1024]', (f) => () => f.sv.sum(f.d, { axis: 0 }).dispose()],
  ['exp f32 [1024,1024]', (f) => () => f.sv.exp(f.a).dispose()],
  ['astype f32->f64 [1024,1024]', (f) => () => f.a.astype('float64').dispose()],
  ['matmul f32 [128,128]', (f) => () => f.sv.matmul(f.m, f.m).dispose()],
];
function mathFixture(sv) {
  // values where every op is defined (log's, tan's and pow's too): 0.5 .. 27.5
  const src = new Float64Array(1 << 20);
  for (let i = 0; i < src.length; ++i) src[i] = 0.5 + (i % 1000) / 37;
  return { sv, f32: sv.array(src, { dtype: 'float32' }), f64: sv.array(src, { dtype: 'float64' }) };
}
const MATH_OPS = [];
for (const dt of ['f32', 'f64']) {
  for (const op of ['exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan', 'tanh']) {
    MATH_OPS.push([`${op} ${dt} [2^20]`, (f) => () => f.sv[op](f[dt]).dispose()]);
  }
  MATH_OPS.push([`pow(a, 2.5) ${dt} [2^20]`, (f) => () => f.sv.pow(f[dt], 2.5).dispose()]);
}
const HEAVY = LARGE || MATH;
if (LARGE) OPS.splice(0, OPS.length, ...LARGE_OPS);
if (MATH) OPS.splice(0, OPS.length, ...MATH_OPS);
const fixtureOf = MATH ? mathFixture : LARGE ? largeFixture : fixture;
const fa = fixtureOf(A), fb = fixtureOf(B);

function batch(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; ++i) fn();
  return Number(process.hrtime.bigint() - t0) / 1e3 / n;
}
const median = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[s.length >> 1]; };

console.log(`| op | A median | B median | B/A | A min | B min | B/A min |`);
console.log(`|---|---|---|---|---|---|---|`);
for (const [name, mk] of OPS) {
  const ga = mk(fa), gb = mk(fb);
  // calibrate: ~2 ms per batch (short batches, many rounds: the minimum finds the quiet moments)
  const warm = HEAVY ? 5 : 2000;
  batch(ga, warm); batch(gb, warm);
  const n = Math.max(HEAVY ? 2 : 200, Math.round(2000 / Math.max(batch(ga, HEAVY ? 5 : 1000), 0.05)));
  const ta = [], tb = [];
  for (let r = 0; r < ROUNDS; ++r) {
    if (r & 1) { tb.push(batch(gb, n)); ta.push(batch(ga, n)); } else { ta.push(batch(ga, n)); tb.push(batch(gb, n)); }
  }
  const ma = median(ta), mb = median(tb), na = Math.min(...ta), nb = Math.min(...tb);
  console.log(`| ${name} | ${ma.toFixed(2)} | ${mb.toFixed(2)} | ${(mb / ma).toFixed(2)} | ${na.toFixed(2)} | ${nb.toFixed(2)} | ${(nb / na).toFixed(2)} |`);
}
