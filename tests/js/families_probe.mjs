// Child process of families.test.mjs: calls every declared function (the calling-convention test's
// subjects and calls, first form of each) after init({ load: MODE }) and prints each outcome as a
// JSON line. With MODE 'core', the calls a family refused (not_loaded) run again after `await load()`.
//   node tests/js/families_probe.mjs core|all [--simd=false]
import * as sv from '../../dist/index.mjs';

const mode = process.argv[2];
const simd = process.argv.includes('--simd=false') ? false : undefined;
await sv.init({ load: mode, simd });
// after init: tests/js/helpers.mjs, which some of these import, calls init() too (with SV_TEST_INIT_LOAD, set by the test)
const { loadDeclarations } = await import('./contract/declarations.mjs');
const { INSTANCES, callsOf, formsOf, subjects } = await import('./contract/calls.mjs');
const { encodeJs, materialize } = await import('./contract/oracle.mjs');
const { stateOf } = await import('./contract/samples.mjs');
const { decls, methods } = await loadDeclarations();
const mat = (d) => materialize(sv, d, null);
// functions about loading or global state, and draws from fresh entropy: not compared
const SKIP = new Set(['init', 'load', 'isLoaded', 'isInitialized', 'buildInfo', 'memoryStats', 'defaultRng']);

const runs = [];
for (const d of decls) {
  if (SKIP.has(d.sig.op) || stateOf(d.sig.op)) continue;
  const subs = subjects(sv, d, methods.filter((m) => m.constName === d.constName));
  const { calls } = callsOf(d.sig);
  for (const subject of subs) {
    for (const call of calls) {
      const form = formsOf(subject, call)[0];
      if (form === undefined) continue;
      runs.push({ label: `${subject.label} ${JSON.stringify(call.given)}`, subject, call, form });
    }
  }
}

function run(r) {
  const { subject, call, form } = r;
  try {
    const inst = subject.instance ? INSTANCES[subject.instance].make(sv, mat) : subject.selfParam ? mat(call.given[subject.selfParam]) : null;
    const args = form.args.map(mat);
    if (form.opts) args.push(Object.fromEntries(Object.entries(form.opts).map(([k, v]) => [k, mat(v)])));
    const res = subject.invoke(inst, args);
    return { value: res === undefined && inst ? encodeJs(sv, inst) : encodeJs(sv, res) };
  } catch (e) {
    return { error: String(e?.message ?? e), code: e?.code ?? null };
  }
}

const first = runs.map((r) => [r, run(r)]);
const refused = first.filter(([, o]) => o.code === 'not_loaded');
const out = { simd: sv.isSimd(), loadedAtInit: sv.isLoaded('math'), outcomes: {}, afterLoad: {} };
for (const [r, o] of first) out.outcomes[r.label] = o;
if (mode === 'core') {
  await sv.load();
  for (const [r] of refused) out.afterLoad[r.label] = run(r);
}
process.stdout.write(JSON.stringify(out));
