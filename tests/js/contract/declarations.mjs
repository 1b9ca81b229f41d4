// The package's declared signatures (the `sig(...)` texts of web/src/*.ts), read by the package's own
// parser (scripts/gen-signatures.mjs bundles web/src/signature.ts), and where each one is called:
//   - a declaration whose op is `Class.name` (`Generator.choice`) is a method of that class (called
//     on a fresh instance: calls.mjs's INSTANCES); its parameters do not include the instance;
//   - any other op is an export of the package (`sum`), and where a `// @overloads method NAME`
//     marker sits inside a class (`NDArray`), also that class's method `name` with the first
//     parameter taken by the instance (`a.sum(axis)` calls `sum(a, axis)`).
// And the package's exported functions, for the count of those without a declaration.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadParser, readDeclarations } from '../../../scripts/gen-signatures.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = join(ROOT, 'web/src');

/** Python's parameter kinds as signature.ts numbers them. */
export const POSITIONAL = 0;
export const EITHER = 1;
export const KEYWORD = 2;
/** `...xi` (Python's `*xi`): every remaining positional argument. */
export const VARPOS = 3;
export const KIND_TEXT = ['positional-only', 'positional or keyword', 'keyword-only', '*args'];

/** `equal_nan` -> `equalNan` (signature.ts's rule). */
export const snakeToCamel = (s) => s.replace(/_+([a-z0-9])/g, (_, c) => c.toUpperCase());
/** `equalNan` -> `equal_nan`. */
export const camelToSnake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `// @overloads method NAME` markers: { constName, className, file }. */
export function readMethodMarkers() {
  const out = [];
  for (const f of readdirSync(SRC).filter((x) => x.endsWith('.ts')).sort()) {
    const lines = readFileSync(join(SRC, f), 'utf8').split('\n');
    let cls = null;
    for (const line of lines) {
      const c = /^\s*(?:export\s+)?(?:abstract\s+)?class\s+(\w+)/.exec(line);
      if (c) cls = c[1];
      const m = /^\s*\/\/ @overloads method ([A-Z][A-Z0-9_]*)\s*$/.exec(line);
      if (m) out.push({ constName: m[1], className: cls ?? '?', file: f });
    }
  }
  return out;
}

/**
 * Every declaration, parsed: { constName, file, text, sig } with sig = { op, numpy, params, nPositional,
 * nRequired, returns } (params: { name, kind, required, dflt, type }), and the method forms:
 * { ..., method: { className, name } } (the declaration's first parameter is the instance).
 */
export async function loadDeclarations() {
  const { parseSignature, signatureMacros } = await loadParser();
  const decls = readDeclarations().map((d) => ({ ...d, sig: parseSignature(d.text) }));
  const byConst = new Map(decls.map((d) => [d.constName, d]));
  const methods = readMethodMarkers().map((m) => {
    const d = byConst.get(m.constName);
    if (d === undefined) throw new Error(`${m.file}: // @overloads method ${m.constName}: no such declaration`);
    return { ...d, method: { className: m.className, name: d.sig.op.split('.').pop() } };
  });
  return { decls, methods, parseSignature, macros: signatureMacros() };
}

/** The class of a `Class.name` op, or null for a plain function. */
export function opClass(op) {
  const i = op.lastIndexOf('.');
  return i < 0 ? null : op.slice(0, i);
}

/**
 * Exported functions that need no declaration: strideview's own helpers whose arguments are a
 * value or two with no NumPy counterpart and no options (functions that take no arguments at all
 * need none either: takesNoArguments). Each with its reason.
 */
export const NO_DECLARATION = {
  I: 'an index spec builder (slicing.ts): one positional index, no options',
  R: 'an index spec builder: start and stop, no options',
  Rs: 'an index spec builder: start, stop and step, no options',
  L: 'an index spec builder: one list of indices, no options',
  tidy: 'a memory scope: one function argument',
  keep: 'a memory scope: one array argument',
  numberToFloat16: 'a float16 bit conversion of one number',
  float16ToNumber: 'a float16 bit conversion of one number',
  var: "variance under NumPy's name (export { variance as var }): variance's declaration (numpy.var) covers it",
};

/** Exported functions (not classes) of the package. */
export function exportedFunctions(sv) {
  return Object.keys(sv)
    .filter((k) => typeof sv[k] === 'function' && !/^class\b/.test(Function.prototype.toString.call(sv[k])))
    .sort();
}

/** Whether a function takes no arguments at all (its source's parameter list is empty). */
export function takesNoArguments(f) {
  const src = Function.prototype.toString.call(f);
  return /^(?:async\s+)?function\s*\*?\s*[\w$]*\s*\(\s*\)/.test(src) || /^\(\s*\)\s*=>/.test(src);
}
