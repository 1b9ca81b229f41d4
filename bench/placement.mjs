// Placement of large operands within a 4 KiB page and the time of add / transposed add / mul
// (bench/RESULTS.md "Session 12"): a, b and out are views at chosen byte offsets inside one buffer.
// Usage: node bench/placement.mjs [float32|float64]. Prints CPU ms per call (median of 5).
const sv = await import('../dist/index.mjs');
await sv.init();
const N = 4096, n = N * N;
const dt = process.argv[2] ?? 'float32';
const es = dt === 'float32' ? 4 : 8;
const big = sv.zeros([3 * n + 3 * 1024], dt);
const base = big._s.ptr;
console.log('base mod 4096', base % 4096);
const view = (startBytes) => { const k = startBytes / es; return big.slice(`${k}:${k + n}`).reshape([N, N]); };
const cpu = (fn, reps = 5) => { fn(); const t = []; for (let i = 0; i < reps; i++) { const s = process.cpuUsage(); fn(); const u = process.cpuUsage(s); t.push((u.user + u.system) / 1000); } t.sort((x, y) => x - y); return t[t.length >> 1]; };
// a at 0; b at n*es + db; out at 2*n*es + do (offsets relative to a's page position)
const offs = [0, 16, 64, 256, 1024, 2048];
const rows = [];
for (const db of [0, 256, 1024]) for (const dout of offs) {
  const a = view(0), b = view(n * es + db), o = view(2 * n * es + dout);
  const c = cpu(() => sv.add(a, b, { out: o }));
  const t = cpu(() => sv.add(a, b.transpose(), { out: o }));
  const m = cpu(() => sv.mul(a.transpose(), b, { out: o }));
  rows.push(`b-a ${db} out-a ${dout}: add ${c.toFixed(1)}  add(a,bT) ${t.toFixed(1)}  mul(aT,b) ${m.toFixed(1)}`);
  console.log(rows.at(-1));
}
