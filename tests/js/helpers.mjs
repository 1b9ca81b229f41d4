// Shared by the node:test suites: they test the BUILT package (dist/), as npm would install it.
import * as sv from '../../dist/index.mjs';

export { sv };
// SV_TEST_INIT_LOAD: init's load option (tests/js/families_probe.mjs runs the contract's calls with the core alone)
export const ready = sv.init(process.env.SV_TEST_INIT_LOAD ? { load: process.env.SV_TEST_INIT_LOAD } : undefined);

/** Deterministic PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), // inclusive
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    shuffle: (arr) => {
      const a2 = arr.slice();
      for (let i = a2.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a2[i], a2[j]] = [a2[j], a2[i]];
      }
      return a2;
    },
  };
}

/** Asserts fn throws a StrideViewError with the code and a message matching re. */
export function throwsSv(assert, fn, code, re) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof sv.StrideViewError, `expected StrideViewError, got ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
    assert.equal(e.code, code, `code of: ${e.message}`);
    if (re) assert.match(e.message, re);
    return true;
  });
}
