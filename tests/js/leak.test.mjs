// Leaks (issue 6): a million small arrays and views created and disposed leave memoryStats() at its
// baseline, and arrays dropped without dispose() are reclaimed by the FinalizationRegistry in a
// separate `node --expose-gc` process. memory.test.mjs covers dispose semantics and a small
// in-process FinalizationRegistry check; this file is about volume and a clean process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sv, ready } from './helpers.mjs';

await ready;

const DIST = pathToFileURL(fileURLToPath(new URL('../../dist/index.mjs', import.meta.url))).href;

test('a million small arrays and views created and disposed return to the baseline', () => {
  const base = sv.memoryStats();
  const t0 = performance.now();
  let objects = 0;
  let cycles = 0;
  let check = 0;
  const target = 1_000_000;
  while (objects < target) {
    // Owning arrays: zeros, arange, an add result; views: transpose, reshape, slice, flip, expand.
    const a = sv.zeros([2, 3], 'float32');
    const b = sv.arange(6);
    const t = a.transpose();
    const r = b.reshape([3, 2]);
    const s = r.slice(sv.Rs(null, null, -1));
    const f = s.flip({ axis: 1 });
    const c = sv.add(t, r);
    const e = c.reshape([1, 6]).expand([2, 6]);
    if (cycles % 100 === 0) check += c.item([2, 1]) + e.item([1, 5]); // 5 + 5
    objects += 9; // 3 owners (a, b, c) + 6 views (t, r, s, f, c.reshape, e)
    cycles++;
    if (cycles % 3 === 0) {
      // Dispose in a different order now and then: views first, owners first.
      for (const x of [e, f, s, r, t, c, b, a]) x.dispose();
    } else {
      for (const x of [a, b, c, t, r, s, f, e]) x.dispose();
    }
    if (cycles % 20000 === 0) {
      const m = sv.memoryStats();
      assert.equal(m.liveArrays, base.liveArrays, `live arrays after ${cycles} cycles`);
      assert.equal(m.liveBytes, base.liveBytes, `live bytes after ${cycles} cycles`);
    }
  }
  const ms = performance.now() - t0;
  assert.equal(check, Math.ceil(cycles / 100) * 10, 'the sampled cycles computed the right values');
  const end = sv.memoryStats();
  assert.equal(end.liveArrays, base.liveArrays);
  assert.equal(end.liveBytes, base.liveBytes);
  // The heap does not keep growing: freed blocks are reused (16 MiB initial memory is plenty).
  assert.ok(end.heapBytes <= Math.max(base.heapBytes, 32 * 1024 * 1024), `heap ${end.heapBytes}`);
  console.log(`# leak: ${objects} arrays/views in ${cycles} cycles, ${ms.toFixed(0)} ms, heap ${end.heapBytes} B`);
});

test('failed calls free what they allocated (100k failures, exact baseline)', () => {
  const base = sv.memoryStats();
  let failures = 0;
  const a = sv.arange(12).reshape([3, 4]);
  const z5 = sv.zeros([5]);
  const z25 = sv.zeros([2, 5]);
  const z0 = sv.zeros([0]);
  const bad = [
    () => sv.add(a, z5),
    () => a.reshape([5, 5]),
    () => a.slice(sv.L([0, 7])),
    () => sv.concatenate([a, z25], { axis: 0 }),
    () => sv.max(z0),
    () => sv.empty([2 ** 40], 'float64'),
    () => sv.where(a, z5, 1),
    () => sv.stack([a, z25]),
    () => a.astype('nope'),
    () => sv.add(a, 'x'),
  ];
  for (let i = 0; i < 10000; i++) {
    for (const f of bad) {
      try {
        f();
      } catch {
        failures++;
      }
    }
  }
  assert.equal(failures, 10000 * bad.length, 'every bad call threw');
  for (const x of [a.base, z5, z25, z0]) x.dispose();
  const m = sv.memoryStats();
  assert.equal(m.liveArrays, base.liveArrays);
  assert.equal(m.liveBytes, base.liveBytes);
  assert.deepEqual(sv.mul(sv.arange(3), 2).toArray(), [0, 2, 4]);
  console.log(`# leak: ${failures} failed calls, memoryStats back to baseline`);
});

function runChild(source, timeoutMs = 60000) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  assert.equal(r.status, 0, `child failed (status ${r.status}, signal ${r.signal}):\n${r.stdout}\n${r.stderr}`);
  const line = r.stdout.trim().split('\n').pop();
  return JSON.parse(line);
}

test('arrays dropped without dispose() are reclaimed by the FinalizationRegistry (node --expose-gc)', () => {
  const res = runChild(`
    import * as sv from ${JSON.stringify(DIST)};
    await sv.init();
    const tick = () => new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 3; i++) { globalThis.gc(); await tick(); }
    const base = sv.memoryStats();
    let peak = 0;
    (() => {
      for (let i = 0; i < 2000; i++) {
        const a = sv.arange(256, undefined, undefined, 'float64');
        const v = a.reshape([16, 16]).transpose();
        const s = sv.add(v, 1);                      // an owning result, dropped too
        if (s.item([15, 15]) !== 256) throw new Error('wrong value');
      }
      peak = sv.memoryStats().liveArrays;
    })();
    let rounds = 0;
    while (sv.memoryStats().liveArrays > base.liveArrays && rounds < 400) {
      globalThis.gc();
      await tick();
      rounds++;
    }
    const end = sv.memoryStats();
    // Still computes afterwards.
    const ok = sv.sum(sv.arange(10)) === 45;
    console.log(JSON.stringify({ base, peak, end, rounds, ok }));
  `);
  assert.ok(res.peak > res.base.liveArrays, `arrays were live before gc (peak ${res.peak})`);
  assert.equal(
    res.end.liveArrays,
    res.base.liveArrays,
    `FinalizationRegistry did not return to the baseline after ${res.rounds} gc rounds: ${JSON.stringify(res)}`,
  );
  assert.equal(res.end.liveBytes, res.base.liveBytes, JSON.stringify(res));
  assert.equal(res.ok, true);
  console.log(`# finalization: ${res.peak - res.base.liveArrays} dropped arrays reclaimed in ${res.rounds} gc rounds`);
});

test('a disposed array is not freed twice when the registry later runs', () => {
  const res = runChild(`
    import * as sv from ${JSON.stringify(DIST)};
    await sv.init();
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const base = sv.memoryStats();
    (() => {
      for (let i = 0; i < 500; i++) {
        const a = sv.ones([64], 'int32');
        a.transpose();
        a.dispose();
      }
    })();
    const afterDispose = sv.memoryStats();
    for (let i = 0; i < 20; i++) { globalThis.gc(); await tick(); }
    // Allocate again: a double free would corrupt the allocator or the counters.
    const keep = [];
    for (let i = 0; i < 100; i++) keep.push(sv.full([64], i, 'int32'));
    const sums = keep.map((k) => sv.sum(k));
    const good = sums.every((s, i) => Number(s) === 64 * i);
    for (const k of keep) k.dispose();
    console.log(JSON.stringify({ base, afterDispose, end: sv.memoryStats(), good }));
  `);
  assert.equal(res.afterDispose.liveArrays, res.base.liveArrays);
  assert.equal(res.end.liveArrays, res.base.liveArrays, JSON.stringify(res));
  assert.equal(res.end.liveBytes, res.base.liveBytes, JSON.stringify(res));
  assert.equal(res.good, true);
});
