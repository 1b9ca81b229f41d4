// Strict TypeScript needs no casts: the README's and the guide's ```js blocks and the examples/ compile
// under `tsc --strict --noEmit` against the BUILT declarations (dist/index.d.ts, `strideview` mapped
// to it through tsconfig paths), and their code holds no cast workaround (`as T`, a `!` non-null
// assertion, `Number(...)`). The blocks become .ts files in a temporary project (the code as
// written: contextual types only); examples/ are type-checked as JavaScript (checkJs). Each failure
// names the source file and line. A call shown on purpose as a mistake (a misspelt option, to show the
// run-time error plain JS gets) carries `// @ts-expect-error` on the line above: tsc then fails if
// the mistake ever compiles.
//
// What JavaScript cannot say is left out: an implicit `any` (a JS parameter or `[]` has no
// annotation syntax: TS7005 / TS7006 / TS7034), and in examples/ whatever does not involve
// strideview's types (DOM lookups that may be null, Node's server types). Modules other than
// strideview get a shim (`ndarray` has no types; `*.wasm` is a bundler's asset URL), as a TypeScript
// user's project declares them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['README.md', 'web/README.md', 'docs/guide.md'];

/** The ```js blocks of a markdown file: { line (of the first code line), code }. */
export function jsBlocks(file) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(js|javascript|ts|typescript)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    let j = start;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) j++;
    out.push({ line: start + 1, code: lines.slice(start, j).join('\n') });
    i = j;
  }
  return out;
}

/** The example sources type-checked as JavaScript. */
function exampleFiles() {
  const out = [];
  const walk = (d) => {
    for (const f of readdirSync(path.join(root, d))) {
      const rel = path.join(d, f);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(mjs|js|ts)$/.test(f)) out.push(rel);
    }
  };
  walk('examples');
  return out.sort();
}

/** Cast workarounds in code (comments and strings left out): `x as T`, `x!`, `Number(...)`. */
export function workarounds(code) {
  const bare = code
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, (m) => m.replace(/[^\n]/g, ' ').replace(/^ | $/g, '"'))
    .replace(/(?<=[(,=:!&|?]\s*)\/(?![/*])(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuy]*/g, (m) => m.replace(/[^\n]/g, ' ')) // regex literals
    .replace(/^\s*(import|export)\b[^;]*?\bfrom\s*"[^"\n]*"\s*;?/gm, (m) => m.replace(/[^\n]/g, ' ')); // `import { a as b }` renames
  const found = [];
  bare.split('\n').forEach((l, i) => {
    if (/[\w)\]]\s+as\s+(?!const\b)[A-Za-z_{[(]/.test(l)) found.push({ line: i, what: '`as` cast', text: l.trim() });
    if (/[\w)\]]!(?=[.[(),;\s]|$)/.test(l.replace(/!==?/g, ''))) found.push({ line: i, what: '`!` non-null assertion', text: l.trim() });
    if (/(^|[^\w.])Number\((?!process\.)/.test(l)) found.push({ line: i, what: '`Number(...)`', text: l.trim() });
  });
  return found;
}

/** Diagnostics JavaScript cannot avoid: an implicit any (no annotation syntax). */
const JS_ONLY = /^TS(7005|7006|7034):/;
/** A diagnostic about strideview's types (the part of examples/ this test holds to strict TypeScript). */
const STRIDEVIEW_TYPES = /NDArray|Reduced|Scalar|Elem\b|NestedList|DType|bigint|UniqueResult|TopK|Generator|'\w+\.base'|No overload matches/;

/** Compiles the fixtures; returns the diagnostics mapped back to { file, line, message }. */
function typeCheck() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sv-strict-'));
  const where = new Map(); // fixture file -> { file, line offset }
  try {
    mkdirSync(path.join(dir, 'docs'));
    for (const doc of DOCS) {
      for (const b of jsBlocks(doc)) {
        const name = `docs/${doc.replace(/[/.]/g, '_')}_L${b.line}.ts`;
        writeFileSync(path.join(dir, name), `${b.code}\nexport {};\n`);
        where.set(name, { file: doc, offset: b.line - 1 });
      }
    }
    for (const f of exampleFiles()) {
      cpSync(path.join(root, f), path.join(dir, f));
      where.set(f, { file: f, offset: 0 });
    }
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'ESNext.Disposable', 'DOM', 'DOM.Iterable', 'WebWorker.ImportScripts'],
        types: ['node'],
        typeRoots: [path.join(root, 'node_modules/@types')],
        allowJs: true,
        checkJs: true,
        skipLibCheck: false,
        baseUrl: dir,
        paths: {
          strideview: [path.join(root, 'dist/index.d.ts')],
          'strideview/element': [path.join(root, 'dist/element.d.ts')],
        },
      },
      include: ['docs/**/*.ts', 'examples/**/*'],
    };
    writeFileSync(path.join(dir, 'shims.d.ts'), "declare module 'ndarray';\ndeclare module '*.wasm' {\n  const url: string;\n  export default url;\n}\n");
    tsconfig.include.push('shims.d.ts');
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    // run in dir: tsc names files relative to its working directory, and they are resolved against dir below
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const diags = [];
    let parsed = 0; // diagnostics read, the ones left out above included
    for (const l of `${r.stdout}\n${r.stderr}`.split('\n')) {
      const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(l.trim());
      if (m === null) {
        if (/error TS/.test(l)) diags.push({ file: '?', line: 0, message: l.trim() });
        continue;
      }
      parsed++;
      const rel = path.relative(dir, path.resolve(dir, m[1])).split(path.sep).join('/');
      const w = where.get(rel);
      if (JS_ONLY.test(m[4])) continue;
      if (w && w.file.startsWith('examples/') && !STRIDEVIEW_TYPES.test(m[4])) continue;
      diags.push(w ? { file: w.file, line: w.offset + Number(m[2]), message: m[4] } : { file: m[1], line: Number(m[2]), message: m[4] });
    }
    // tsc exits non-zero on the left-out diagnostics too: only a failure without any is reported here
    if (r.status !== 0 && parsed === 0 && diags.length === 0) diags.push({ file: '?', line: 0, message: `tsc exited ${r.status}: ${r.stdout}${r.stderr}` });
    return diags;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the docs and examples compile under tsc --strict against dist/index.d.ts', { timeout: 300_000 }, () => {
  const diags = typeCheck();
  assert.deepEqual(
    diags.map((d) => `${d.file}:${d.line}: ${d.message}`),
    [],
    `${diags.length} type errors:\n${diags.map((d) => `  ${d.file}:${d.line}: ${d.message}`).join('\n')}`,
  );
});

test('the docs and examples hold no cast workaround (as, !, Number(...))', () => {
  const found = [];
  for (const doc of DOCS) {
    for (const b of jsBlocks(doc)) for (const w of workarounds(b.code)) found.push(`${doc}:${b.line + w.line}: ${w.what}: ${w.text}`);
  }
  for (const f of exampleFiles()) {
    for (const w of workarounds(readFileSync(path.join(root, f), 'utf8'))) found.push(`${f}:${w.line + 1}: ${w.what}: ${w.text}`);
  }
  assert.deepEqual(found, [], `${found.length} workarounds:\n  ${found.join('\n  ')}`);
});

test('the workaround scan finds what it should (self-check)', () => {
  const hits = (code) => workarounds(code).map((w) => w.what);
  assert.deepEqual(hits('const x = sum(a) as number;'), ['`as` cast']);
  assert.deepEqual(hits('const y = a.get(0)!;'), ['`!` non-null assertion']);
  assert.deepEqual(hits('const z = Number(sum(a));'), ['`Number(...)`']);
  assert.deepEqual(hits("if (a !== b && !c) f('as is', \"x!\"); // Number( as T"), []);
  assert.deepEqual(hits('const k = [1, 2] as const;'), []);
  assert.deepEqual(hits("assert.throws(() => f(a), /pass the axis as \\{ axis: 1 \\}/);"), []);
  assert.deepEqual(hits("import { mean as reduceMean } from 'strideview';\nconst port = Number(process.argv[3]);"), []);
});
