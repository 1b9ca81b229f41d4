// Every declared signature (the `sig(...)` texts of web/src) against NumPy 1.24's own: parameter
// names (NumPy's snake_case as our camelCase), order, kinds (positional-only / either /
// keyword-only), defaults (None = null; NumPy's `<no value>` as NOVALUE_MEANS in contract/compare.mjs)
// and that every NumPy parameter is declared. The method forms (`a.sum(...)`, from the
// `// @overloads method NAME` markers) are held against numpy.ndarray's methods.
// A difference must be listed in docs/numpy-differences.md (function, parameter, difference,
// reason); a listed difference that no longer holds fails too, so the list stays true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HAVE_PY, PY } from './numpy_oracle.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadDeclarations } from './contract/declarations.mjs';
import { numpySignatures } from './contract/numpy_signatures.mjs';
import { differences, matchDifferences, readDifferences, rowText } from './contract/compare.mjs';

const { decls, methods } = await loadDeclarations();

test('every declaration ({ sig: ... }) in web/src is one the generator and the tests read', () => {
  const src = join(ROOT, 'web/src');
  const read = new Map();
  for (const d of decls) read.set(d.file, (read.get(d.file) ?? 0) + 1);
  for (const f of readdirSync(src).filter((x) => x.endsWith('.ts') && x !== 'signature.ts')) {
    const code = readFileSync(join(src, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const n = (code.match(/\{\s*sig:/g) ?? []).length;
    const how = "write each as const NAME: SigRef = { sig: '...' + '...' }; (single-quoted pieces, no escaped quotes)";
    assert.equal(read.get(f) ?? 0, n, `web/src/${f}: ${n} declarations, ${read.get(f) ?? 0} read: ${how}`);
  }
});

test('every declaration names its NumPy counterpart as numpy.<name>, or - for none', () => {
  for (const d of decls) assert.match(d.sig.numpy, /^(-|numpy(\.\w+)+)$/, `${d.file}: ${d.constName}: ${d.sig.numpy}`);
});

const TITLE = 'the declarations hold NumPy 1.24 signatures, differences as listed in docs/numpy-differences.md';
test(TITLE, { skip: !HAVE_PY && `no ${PY}` }, () => {
  const withNumpy = decls.filter((d) => d.sig.numpy !== '-');
  // the method forms: NDArray's against numpy.ndarray's (a method NumPy's ndarray lacks is strideview's own)
  const methodPath = (m) => (m.method.className === 'NDArray' ? `numpy.ndarray.${m.sig.numpy.split('.').pop()}` : null);
  const forms = methods.filter((m) => m.sig.numpy !== '-' && methodPath(m) !== null);
  const paths = [...new Set([...withNumpy.map((d) => d.sig.numpy), ...forms.map(methodPath)])];
  const np = numpySignatures(paths);

  const unreadable = withNumpy.filter((d) => np[d.sig.numpy].error).map((d) => `${d.sig.op} (${d.sig.numpy}): ${np[d.sig.numpy].error}`);
  assert.deepEqual(unreadable, [], 'NumPy counterparts that do not exist or whose signature cannot be read');

  const found = [];
  const ufuncs = new Set();
  for (const d of withNumpy) {
    const n = np[d.sig.numpy];
    if (n.ufunc) ufuncs.add(d.sig.op);
    found.push(...differences(d.sig, n.params));
  }
  let nForms = 0;
  for (const m of forms) {
    const n = np[methodPath(m)];
    if (n.error) continue; // not a method of NumPy's ndarray
    nForms++;
    const s = { ...m.sig, op: `${m.method.className}.${m.method.name}`, params: m.sig.params.slice(1) };
    found.push(...differences(s, n.params));
  }
  const rows = readDifferences();
  const { unlisted, stale } = matchDifferences(found, rows, ufuncs);
  console.log(
    `signatures: ${withNumpy.length} declarations and ${nForms} method forms held against NumPy ${paths.length} signatures; ` +
      `${found.length} differences, ${found.length - unlisted.length} listed in docs/numpy-differences.md (${rows.length} rows)`,
  );
  const problems = [];
  if (unlisted.length > 0) {
    problems.push(
      `${unlisted.length} differences from NumPy not listed in docs/numpy-differences.md: fix the declaration, or add the row ` +
        `with its reason:\n${unlisted.map(rowText).join('\n')}`,
    );
  }
  if (stale.length > 0) {
    const lines = stale.map((r) => `line ${r.line}: ${r.fns.join(', ')} | ${r.param} | ${r.diff}`);
    problems.push(`${stale.length} rows of docs/numpy-differences.md no longer hold (remove or correct them):\n${lines.join('\n')}`);
  }
  assert.ok(problems.length === 0, problems.join('\n\n'));
});

test('the differences table: every row has a function, a parameter, a difference and a reason', () => {
  for (const r of readDifferences()) {
    assert.ok(r.fns.length > 0 && r.param !== '' && r.diff !== '', `docs/numpy-differences.md line ${r.line}: an empty cell`);
    assert.ok(r.reason.length >= 10 && r.reason !== '(reason)', `docs/numpy-differences.md line ${r.line}: give the reason`);
  }
});
