// A declaration held against NumPy's signature (numpy_signatures.mjs), and the list of deliberate
// differences (docs/numpy-differences.md) the comparison must match exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EITHER, KEYWORD, KIND_TEXT, POSITIONAL, ROOT, VARPOS, snakeToCamel } from './declarations.mjs';

/**
 * NumPy's `<no value>` defaults (numpy._NoValue: "not given", each function then behaves as if the
 * value were ...) and the declared default that means the same. The one place for this mapping.
 */
export const NOVALUE_MEANS = { keepdims: false, where: true, initial: undefined, prepend: undefined, append: undefined };

/** NumPy defaults that are Python objects, and the declared value that means the same. */
export const REPR_MEANS = {
  float: 'float64',
  'np.float64': 'float64',
  'numpy.float64': 'float64',
  int: 'int64',
  'np.int64': 'int64',
  'numpy.int64': 'int64',
  bool: 'bool',
  inf: Infinity,
  'np.inf': Infinity,
};

const NP_KIND = { positional: POSITIONAL, either: EITHER, keyword: KEYWORD, varpos: VARPOS };
const NP_KIND_TEXT = {
  positional: 'positional-only',
  either: 'positional or keyword',
  keyword: 'keyword-only',
  varpos: '*args',
  varkw: '**kwargs',
};

/** A declared default as the difference table prints it. */
export function jsText(p) {
  if (p.required) return '(required)';
  const v = p.dflt;
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return `'${v}'`;
  return String(v);
}

/** A NumPy default as the difference table prints it. */
export function npText(p) {
  const d = p.default;
  if (d === undefined) return '(required)';
  if (d.novalue) return '<no value>';
  if (d.optional) return '(optional)';
  if ('repr' in d) return d.repr;
  const v = d.v;
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return `'${v}'`;
  return String(v);
}

/** Whether the declared default means NumPy's. */
export function sameDefault(js, np) {
  const d = np.default;
  if (d === undefined) return js.required;
  if (js.required) return false;
  if (d.optional) return true; // NumPy documents no value: any declared default stands for "not given"
  if (d.novalue) return js.name in NOVALUE_MEANS && Object.is(js.dflt, NOVALUE_MEANS[js.name]);
  if ('repr' in d) return d.repr in REPR_MEANS && Object.is(js.dflt, REPR_MEANS[d.repr]);
  return js.dflt === d.v || (typeof d.v === 'number' && Object.is(js.dflt, d.v));
}

/**
 * The differences between declaration `s` (parsed) and NumPy's parameters `np`: a list of
 * { fn, param, diff } (param: the declared name, or NumPy's in camelCase).
 */
export function differences(s, np) {
  const out = [];
  const add = (param, diff) => out.push({ fn: s.op, param, diff });
  const npNames = np.map((p) => snakeToCamel(p.name));
  const jsNames = s.params.map((p) => p.name);
  const common = jsNames.filter((n) => npNames.includes(n));
  const npCommon = npNames.filter((n) => jsNames.includes(n));
  np.forEach((p, i) => {
    if (!jsNames.includes(npNames[i])) add(npNames[i], 'not declared');
  });
  for (const p of s.params) {
    const i = npNames.indexOf(p.name);
    if (i < 0) {
      add(p.name, 'not in NumPy');
      continue;
    }
    const q = np[i];
    if (common.indexOf(p.name) !== npCommon.indexOf(p.name)) {
      add(p.name, `position ${common.indexOf(p.name) + 1}; NumPy: ${npCommon.indexOf(p.name) + 1}`);
    }
    if (NP_KIND[q.kind] !== p.kind) add(p.name, `${KIND_TEXT[p.kind]}; NumPy: ${NP_KIND_TEXT[q.kind]}`);
    if (q.kind !== 'varpos' && q.kind !== 'varkw' && !sameDefault(p, q)) add(p.name, `default ${jsText(p)}; NumPy: ${npText(q)}`);
  }
  return out;
}

const clean = (s) => s.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/**
 * The rows of docs/numpy-differences.md's table: { fns, param, diff, reason, line }. fns: the ops
 * the row is about (a comma-separated list, or `every ufunc`).
 */
export function readDifferences(path = join(ROOT, 'docs/numpy-differences.md')) {
  const rows = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  let header = null;
  lines.forEach((line, i) => {
    if (!/^\s*\|/.test(line)) {
      header = null;
      return;
    }
    const cells = line.trim().replace(/^\||\|$/g, '').split('|').map(clean);
    if (header === null) {
      header = cells.map((c) => c.toLowerCase());
      return;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) return;
    const get = (k) => cells[header.indexOf(k)] ?? '';
    if (!header.includes('difference')) return;
    const fns = get('function').split(',').map((x) => x.trim()).filter(Boolean);
    rows.push({ fns, param: get('parameter'), diff: get('difference'), reason: get('reason'), line: i + 1 });
  });
  return rows;
}

/** The row text a found difference needs (printed by the test so that it can be pasted). */
export const rowText = (d) => `| \`${d.fn}\` | \`${d.param}\` | ${d.diff} | (reason) |`;

/**
 * Matches found differences against the table. ufuncs: the set of ops whose NumPy counterpart is a
 * ufunc (`every ufunc` rows). Returns { unlisted, stale }: the found differences no row lists, and
 * the rows that no longer hold (stale).
 */
export function matchDifferences(found, rows, ufuncs) {
  const covers = (r, d) =>
    r.param === d.param && clean(r.diff) === clean(d.diff) && r.fns.some((f) => f === d.fn || (f === 'every ufunc' && ufuncs.has(d.fn)));
  const unlisted = found.filter((d) => !rows.some((r) => covers(r, d)));
  // a row naming ops must hold for each of them; an `every ufunc` row for at least one
  const stale = rows.filter((r) =>
    r.fns.includes('every ufunc') ? !found.some((d) => covers(r, d)) : r.fns.some((f) => !found.some((d) => d.fn === f && covers(r, d))),
  );
  return { unlisted, stale };
}
