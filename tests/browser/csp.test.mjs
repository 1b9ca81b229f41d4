// Content-Security-Policy (issue 6), the static half: the shipped JS contains no eval / new
// Function / string timers (by AST, acorn). The pages served with a CSP (the package computes under
// `script-src 'self' 'wasm-unsafe-eval'`, and two control pages) run in every engine in
// smoke-suite.mjs (issue 12).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(path.resolve(here, '../..'), 'dist');

// ------------------------------------------------------------------------------ static checks

/** Calls of eval / Function / new Function / string timers in a script, by AST (acorn). */
async function dynamicCodeUses(src, file) {
  let acorn;
  try {
    acorn = await import('acorn');
  } catch {
    acorn = null;
  }
  if (!acorn) {
    // Fallback: a conservative text scan (method names like `eval() {` or `Sym.eval(` excluded).
    const hits = [];
    const re = /(^|[^.\w$])(eval|Function)\s*\(|new\s+Function\b/g;
    for (const m of src.matchAll(re)) {
      const after = src.slice(m.index + m[0].length, m.index + m[0].length + 200);
      if (/^[^)]*\)\s*\{/.test(after)) continue; // a method definition
      hits.push(`${file}: ${src.slice(Math.max(0, m.index - 20), m.index + 40)}`);
    }
    return hits;
  }
  const ast = acorn.parse(src, { ecmaVersion: 'latest', sourceType: file.endsWith('.mjs') ? 'module' : 'script', allowHashBang: true });
  const hits = [];
  const isName = (n, name) => n && n.type === 'Identifier' && n.name === name;
  const isGlobalMember = (n, name) =>
    n && n.type === 'MemberExpression' && !n.computed && isName(n.property, name) &&
    ['globalThis', 'window', 'self', 'global'].some((g) => isName(n.object, g));
  const walk = (n) => {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'CallExpression' || n.type === 'NewExpression') {
      const c = n.callee;
      if (isName(c, 'eval') || isGlobalMember(c, 'eval')) hits.push(`${file}:${n.start}: eval(...)`);
      if (isName(c, 'Function') || isGlobalMember(c, 'Function')) hits.push(`${file}:${n.start}: Function(...)`);
      if ((isName(c, 'setTimeout') || isName(c, 'setInterval')) && n.arguments[0] &&
          (n.arguments[0].type === 'Literal' || n.arguments[0].type === 'TemplateLiteral')) {
        hits.push(`${file}:${n.start}: ${c.name} with a string`);
      }
    }
    for (const k of Object.keys(n)) {
      const v = n[k];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object' && typeof v.type === 'string') walk(v);
    }
  };
  walk(ast);
  return hits;
}

test('the shipped JS has no eval / new Function (dist/*.mjs, dist/*.cjs)', async () => {
  const files = ['index.mjs', 'index.cjs'].map((f) => path.join(dist, f));
  for (const f of files) assert.ok(existsSync(f), `${f} exists (run npm run build)`);
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    assert.deepEqual(await dynamicCodeUses(src, path.basename(f)), [], `dynamic code in ${f}`);
    // Plain-text belt and braces for the two forms the issue names.
    assert.doesNotMatch(src, /new\s+Function\s*\(/, `new Function in ${f}`);
    assert.doesNotMatch(src, /(^|[\s;(,=!&|?:])eval\s*\((?![^)]*\)\s*\{)/m, `eval( in ${f}`);
  }
  // The detector itself finds what it must (the test can fail).
  const probe = 'const f = new Function("return 1"); eval("2"); globalThis.eval("3"); setTimeout("4", 0); class A { eval() { return Sym.eval(1); } }';
  assert.equal((await dynamicCodeUses(probe, 'probe.mjs')).length, 4);
});
