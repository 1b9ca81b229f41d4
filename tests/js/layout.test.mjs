// The layout of the package source (web/src) and of the demo (demo/src), read from the files
// themselves: in each folder the modules import each other without a cycle, no file is over 600
// lines, and comments name no issue or session numbers (files and comments say what the code holds,
// not the history that produced it).
//
// The import graph counts the imports that exist at run time: `import type { X }` and
// `import { type X, type Y }` are erased by the compiler and cannot make a module wait for another,
// so they are left out (a type may name a class defined in a module further up).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 600;
// Files over the limit that another change is splitting (by path, e.g. 'web/src/ops.ts'): each may
// not grow past its size here. Remove an entry once its file is split (the test then holds it to
// MAX_LINES like the rest).
const SPLIT_PENDING = new Map();

/** The TypeScript modules of a folder (file names, sorted). */
function modules(dir) {
  return readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
}

// The folders checked, with the fewest modules each should hold (a guard against reading none).
const FOLDERS = [
  { dir: 'web/src', atLeast: 15 },
  { dir: 'demo/src', atLeast: 15 },
];
const src = join(root, 'web/src');
const files = modules('web/src');

/** Strips comments (line and block) so that examples in doc comments are not read as imports. */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The file a relative import names: './view.js' (web/src) and './view' (demo/src, bundled) are view.ts. */
function moduleFile(spec) {
  const name = spec.replace(/^\.\//, '');
  return name.endsWith('.js') ? name.replace(/\.js$/, '.ts') : /\.\w+$/.test(name) ? name : `${name}.ts`;
}

/** The modules of its folder a module imports at run time (file names, e.g. 'view.ts'). */
export function runtimeImports(text) {
  const out = new Set();
  const re = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.\/[^'"]+)['"]/g;
  for (const m of code(text).matchAll(re)) {
    const [, , typeOnly, clause, spec] = m;
    if (typeOnly) continue;
    const braces = clause.match(/\{([\s\S]*)\}/);
    const outside = braces ? clause.replace(braces[0], '').replace(/,/g, '').trim() : clause.trim();
    if (braces && outside === '') {
      const names = braces[1].split(',').map((s) => s.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => /^type\s/.test(n))) continue; // every name is a type
    }
    out.add(moduleFile(spec));
  }
  for (const m of code(text).matchAll(/(?:^|[;\n])\s*import\s*['"](\.\/[^'"]+)['"]/g)) out.add(moduleFile(m[1]));
  return [...out];
}

/** One cycle of the graph as a path [a, b, ..., a], or null. */
export function findCycle(graph) {
  const state = new Map(); // 1 = on the stack, 2 = done
  const stack = [];
  const visit = (n) => {
    state.set(n, 1);
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 1) return [...stack.slice(stack.indexOf(m)), m];
      if (!state.has(m)) {
        const c = visit(m);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of graph.keys()) {
    if (!state.has(n)) {
      const c = visit(n);
      if (c) return c;
    }
  }
  return null;
}

test('the import reader and the cycle finder catch what they should (self-check)', () => {
  const text = [
    "import { a, type B } from './one.js';",
    "import type { C } from './two.js';",
    "import { type D, type E } from './three.js';",
    "export { f } from './four.js';",
    "export type { G } from './five.js';",
    "import {\n  h,\n  i,\n} from './six.js';",
    "// import { x } from './comment.js';",
    "import './side.js';",
    "import { j } from './seven';",
    "import type { K } from './eight';",
  ].join('\n');
  assert.deepEqual(runtimeImports(text).sort(), ['four.ts', 'one.ts', 'seven.ts', 'side.ts', 'six.ts']);
  assert.deepEqual(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]])), ['a', 'b', 'c', 'a']);
  assert.equal(findCycle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), null);
});

for (const { dir, atLeast } of FOLDERS) {
  const names = modules(dir);
  const text = (f) => readFileSync(join(root, dir, f), 'utf8');

  test(`${dir} modules import each other without a cycle`, () => {
    const graph = new Map();
    for (const f of names) {
      const deps = runtimeImports(text(f));
      for (const d of deps) assert.ok(names.includes(d) || d === 'raw.d.ts', `${f} imports ${d}, which is not in ${dir}`);
      graph.set(f, deps.filter((d) => names.includes(d)));
    }
    assert.ok(graph.size >= atLeast, `read ${graph.size} modules in ${dir}`);
    const cycle = findCycle(graph);
    assert.equal(cycle, null, `import cycle in ${dir}: ${cycle?.join(' -> ')}`);
  });

  test(`no ${dir} file is over ${MAX_LINES} lines`, () => {
    const long = names
      .map((f) => [`${dir}/${f}`, text(f).split('\n').length - 1])
      .filter(([path, n]) => n > (SPLIT_PENDING.get(path) ?? MAX_LINES))
      .map(([path, n]) => `${path}: ${n} lines`);
    assert.deepEqual(long, []);
  });

  test(`${dir} comments name no issue or session numbers`, () => {
    const hits = [];
    for (const f of names) {
      text(f)
        .split('\n')
        .forEach((line, i) => {
          if (/\b(issue|session)s?\s*#?\d+/i.test(line)) hits.push(`${dir}/${f}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(hits, []);
  });
}

test('the kernel kinds are declared once in web/src', () => {
  const where = files.filter((f) => /\benum\s+Kind\b/.test(code(readFileSync(join(src, f), 'utf8'))));
  assert.equal(where.length, 1, `enum Kind declared in: ${where.join(', ') || 'no file'}`);
});
