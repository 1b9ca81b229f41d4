// Docs that run: every ```js block of docs/guide.md, README.md and web/README.md is executed
// against the built package, so the examples cannot rot.
//
// Rules for writers:
// - each ```js block is a self-contained ES module (top-level await allowed); `import ... from
//   'strideview'` means the built package (dist/index.mjs), other bare names resolve from the repo
//   (devDependencies such as `ndarray`), `node:` modules work;
// - `console.log(expr); // -> value` asserts what is printed: `value` is read as a JS literal and
//   compared with assert.deepStrictEqual (so `// -> [2, 3]`, `// -> 3n`, `// -> 'float32'`,
//   `// -> true`); when it is not a JS literal, the printed text (util.format) must equal it;
// - in README files the arrow may be left out (`console.log(x); // [2, 3]`) when the comment is a
//   JS literal; other comments are just comments;
// - node:assert inside a block works as usual; every asserted line must actually run.
// Blocks fenced as ```ts, ```javascript or ```sh are not run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import util from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['docs/guide.md', 'README.md', 'web/README.md'];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-docs-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The ```js blocks of a markdown file, with their first line numbers. */
export function jsBlocks(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)```js\s*$/.exec(lines[i]);
    if (!m) continue;
    const start = i + 1;
    let j = start;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) j++;
    if (j === lines.length) throw new Error(`unterminated \`\`\`js block at line ${i + 1}`);
    out.push({ line: start + 1, code: lines.slice(start, j).join('\n') });
    i = j;
  }
  return out;
}

function literal(src) {
  try {
    // eslint-disable-next-line no-new-func
    return { ok: true, value: new Function(`return (${src});`)() };
  } catch {
    return { ok: false };
  }
}

const requireHere = createRequire(import.meta.url);
const DIST = pathToFileURL(path.join(root, 'dist/index.mjs')).href;

/** 'strideview' is the built package; other bare names resolve from this repository. */
function resolveBare(spec) {
  if (spec === 'strideview') return DIST;
  if (typeof import.meta.resolve === 'function') return import.meta.resolve(spec);
  return pathToFileURL(requireHere.resolve(spec)).href; // Node 18 without import.meta.resolve
}

const LOG_LINE = /^(\s*)console\.log\((.*)\);?\s*\/\/\s*(->\s*)?(.+?)\s*$/;

/** Rewrites a block into a module whose console.log lines with expectations report to __svDocs. */
function instrument(code, allowBare, line) {
  const checks = [];
  const lines = code.split('\n').map((line, k) => {
    const m = LOG_LINE.exec(line);
    if (!m) return line;
    const [, indent, args, arrow, expect] = m;
    const lit = literal(expect);
    if (!arrow && !(allowBare && lit.ok)) return line;
    checks.push({ line: k, expect, lit });
    return `${indent}globalThis.__svDocs(${checks.length - 1}, ${args});`;
  });
  let src = lines.join('\n');
  // bare module names -> what this repo resolves them to ('strideview' is the built package)
  src = src.replace(/(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"./][^'"]*)\2/g, (all, pre, q, spec) => {
    if (spec.startsWith('node:')) return all;
    // a block that calls init with options (init({ load: 'core' }) ...) gets an engine of its own: a new module instance
    if (spec === 'strideview' && /\binit\(\{/.test(code)) return `${pre}${q}${DIST}?block=${line}${q}`;
    return `${pre}${q}${resolveBare(spec)}${q}`;
  });
  return { src, checks };
}

for (const doc of DOCS) {
  const file = path.join(root, doc);
  describe(doc, () => {
    if (!existsSync(file)) {
      test('exists', () => assert.fail(`${doc} is missing`));
      return;
    }
    const blocks = jsBlocks(readFileSync(file, 'utf8'));
    if (doc === 'docs/guide.md') test('has runnable blocks', () => assert.ok(blocks.length >= 6, `${blocks.length} blocks`));
    for (const b of blocks) {
      test(`block at line ${b.line}`, async () => {
        const { src, checks } = instrument(b.code, doc !== 'docs/guide.md', b.line);
        const seen = checks.map(() => 0);
        const failures = [];
        globalThis.__svDocs = (id, ...args) => {
          seen[id]++;
          const c = checks[id];
          const where = `${doc}:${b.line + c.line}`;
          try {
            if (c.lit.ok && args.length === 1) assert.deepStrictEqual(args[0], c.lit.value, `${where}: expected ${c.expect}`);
            else assert.equal(util.format(...args), c.expect, `${where}`);
          } catch (e) {
            failures.push(e);
          }
        };
        const modFile = path.join(tmp, `${doc.replace(/[/.]/g, '_')}_${b.line}.mjs`);
        writeFileSync(modFile, src);
        const log = console.log;
        console.log = () => {}; // the blocks' other output is not part of the test output
        try {
          await import(pathToFileURL(modFile).href);
        } catch (e) {
          e.message = `${doc} block at line ${b.line}: ${e.message}`;
          throw e;
        } finally {
          console.log = log;
          delete globalThis.__svDocs;
        }
        if (failures.length) throw failures[0];
        checks.forEach((c, k) => assert.ok(seen[k] > 0, `${doc}:${b.line + c.line}: the asserted console.log never ran`));
      });
    }
  });
}

describe('API reference', () => {
  test('typedoc (npm run docs) builds from the doc comments without warnings', { timeout: 180_000 }, () => {
    // typedoc.json sets treatWarningsAsErrors: a broken {@link}, an unexported type in the public API
    // or a malformed tag fails here. --emit none checks without writing build/docs.
    try {
      execFileSync(process.execPath, [path.join(root, 'node_modules/typedoc/bin/typedoc'), '--emit', 'none'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
    } catch (e) {
      assert.fail(`typedoc failed:\n${e.stdout}\n${e.stderr}`);
    }
  });
});

describe('the docs test itself', () => {
  test('extracts blocks and catches a wrong expectation', async () => {
    const md = 'x\n```js\nconsole.log(1 + 1); // -> 3\n```\n```ts\nnot run\n```\n';
    const bs = jsBlocks(md);
    assert.equal(bs.length, 1);
    const { src, checks } = instrument(bs[0].code, false);
    assert.equal(checks.length, 1);
    assert.match(src, /__svDocs\(0, 1 \+ 1\)/);
    assert.equal(checks[0].lit.value, 3);
    assert.match(instrument("import { init } from 'strideview';", false).src, /dist\/index\.mjs/);
    // a bare comment is only an expectation in README mode, and only when it is a literal
    assert.equal(instrument('console.log(a); // [1, 2]', false).checks.length, 0);
    assert.equal(instrument('console.log(a); // [1, 2]', true).checks.length, 1);
    assert.equal(instrument('console.log(a); // frees it', true).checks.length, 0);
  });
});
