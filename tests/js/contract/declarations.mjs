// The package's declared signatures (the `sig(...)` texts of web/src/*.ts), read by the package's own
// parser (scripts/gen-signatures.mjs bundles web/src/signature.ts), and where each one is called:
//   - a declaration whose op is `Class.name` (`Generator.choice`) is a method of that class: the
//     instance comes from INSTANCES; its parameters do not include the instance;
//   - any other op is an export of the package (`sum`), and where a `// @overloads method NAME`
//     marker sits inside a class (`NDArray`), also that class's method `name` with the first
//     parameter taken by the instance (`a.sum(axis)` calls `sum(a, axis)`).
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
export const KIND_TEXT = ['positional-only', 'positional or keyword', 'keyword-only'];

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
  const { parseSignature, SIGNATURE_MACROS } = await loadParser();
  const decls = readDeclarations().map((d) => ({ ...d, sig: parseSignature(d.text) }));
  const byConst = new Map(decls.map((d) => [d.constName, d]));
  const methods = readMethodMarkers().map((m) => {
    const d = byConst.get(m.constName);
    if (d === undefined) throw new Error(`${m.file}: // @overloads method ${m.constName}: no such declaration`);
    return { ...d, method: { className: m.className, name: d.sig.op.split('.').pop() } };
  });
  return { decls, methods, parseSignature, macros: SIGNATURE_MACROS };
}

/** The class of a `Class.name` op, or null for a plain function. */
export function opClass(op) {
  const i = op.lastIndexOf('.');
  return i < 0 ? null : op.slice(0, i);
}

/**
 * The calling form of a declaration: { label, call(args, fresh) } where call runs it with the JS
 * arguments `args` on a fresh instance where it is a method (`fresh(className)` makes one).
 * sv: the package. Returns null when the package has no such function or method.
 */
export function callable(sv, d, fresh) {
  if (d.method) {
    const { className, name } = d.method;
    const proto = sv[className]?.prototype;
    if (typeof proto?.[name] !== 'function') return null;
    return { label: `${className}#${name}`, viaInstance: true, call: (self, args) => self[name](...args) };
  }
  const cls = opClass(d.sig.op);
  if (cls !== null) {
    const name = d.sig.op.slice(cls.length + 1);
    const proto = sv[cls]?.prototype;
    if (typeof proto?.[name] !== 'function') return null;
    return { label: d.sig.op, instanceOf: cls, call: (_, args) => fresh(cls)[name](...args) };
  }
  const f = sv[d.sig.op];
  if (typeof f !== 'function') return null;
  return { label: d.sig.op, call: (_, args) => f(...args) };
}

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
