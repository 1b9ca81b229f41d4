// The npm package as users get it: `npm pack`, install the tarball into an empty temporary project,
// use it from an ESM script (the README example, verbatim) and a CommonJS script, and type-check a
// TypeScript consumer against the shipped declarations (ESM and CJS resolution). The package carries
// its docs: every relative link in the shipped markdown resolves inside the unpacked tarball, and
// the shipped examples run from node_modules/strideview.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkLinks } from './links.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'strideview-pkg-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

function node(args, cwd) {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `node ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let project;
let packed; // the tarball's files, unpacked: its package/ folder
let shipped; // the tarball's file list

// The docs the package carries (README.md and package.json always ship), and the examples they link.
const DOCS = ['ARCHITECTURE.md', 'docs/api-signatures.md', 'docs/guide.md', 'docs/math-accuracy.md', 'docs/numpy-differences.md'];
const EXAMPLE = /^examples\/([\w-]+\/)?[\w-]+\.(md|mjs|js|html)$/;

test('npm pack produces a tarball with dist files and its docs', () => {
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const info = JSON.parse(out.slice(out.indexOf('[')))[0];
  const files = info.files.map((f) => f.path).sort();
  shipped = files;
  const dist = files.filter((f) => f.startsWith('dist/'));
  assert.deepEqual(dist, [
    'dist/element.d.mts',
    'dist/element.d.ts',
    'dist/element.mjs',
    'dist/element.mjs.map',
    'dist/index.cjs',
    'dist/index.cjs.map',
    'dist/index.d.cts',
    'dist/index.d.mts',
    'dist/index.d.ts',
    'dist/index.mjs',
    'dist/index.mjs.map',
    'dist/opchain.d.mts',
    'dist/opchain.d.ts',
    'dist/strideview-families.wasm',
    'dist/strideview-nosimd.wasm',
    'dist/strideview-threads.mjs',
    'dist/strideview-threads.wasm',
    'dist/strideview-threads.worker.js',
    'dist/strideview.wasm',
  ]);
  assert.deepEqual(files.filter((f) => DOCS.includes(f)), DOCS, 'the docs ship');
  assert.ok(files.includes('examples/README.md'), 'the examples ship');
  for (const f of files) {
    const allowed = f.startsWith('dist/') || DOCS.includes(f) || EXAMPLE.test(f) || /^(package\.json|README\.md|LICENSE.*)$/i.test(f);
    assert.ok(allowed, `unexpected file ${f}`);
  }
  const docBytes = info.files.filter((f) => !f.path.startsWith('dist/')).reduce((n, f) => n + f.size, 0);
  assert.ok(docBytes < 400_000, `docs and examples: ${docBytes} B unpacked (a large file crept in?)`);
  const tgz = join(work, info.filename);
  const gz = (f) => gzipSync(readFileSync(join(root, 'dist', f)), { level: 9 }).length;
  console.log(
    `# package: tarball ${statSync(tgz).size} B (docs and examples ${docBytes} B unpacked); gzipped wasm ${gz('strideview.wasm')} B ` +
      `+ esm js ${gz('index.mjs')} B = ${gz('strideview.wasm') + gz('index.mjs')} B`,
  );
  const unpack = join(work, 'unpacked');
  mkdirSync(unpack);
  execFileSync('tar', ['-xzf', tgz, '-C', unpack]);
  packed = join(unpack, 'package');
  project = join(work, 'consumer');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tgz], { cwd: project, encoding: 'utf8' });
  const installed = readdirSync(join(project, 'node_modules'));
  assert.deepEqual(installed.filter((d) => !d.startsWith('.')), ['strideview'], 'zero runtime dependencies');
});

test('every relative link in the shipped markdown resolves inside the package', () => {
  const md = shipped.filter((f) => f.endsWith('.md'));
  assert.ok(md.includes('README.md') && md.includes('docs/guide.md'), md.join(' '));
  const { problems, checked } = checkLinks(packed, md);
  console.log(`# package: ${checked} relative links in ${md.length} markdown files`);
  assert.ok(checked >= 20, `only ${checked} relative links found: is the link reader broken?`);
  assert.deepEqual(problems, [], `dead links in the package (ship the file, or name it as plain text):\n${problems.join('\n')}`);
});

test('the link check fails on a dead link, a dead anchor, a folder and a path outside the package', () => {
  // A small package with four good links and four bad ones (plus two that are not links: code).
  const dir = join(work, 'dead-links');
  mkdirSync(join(dir, 'docs'), { recursive: true });
  writeFileSync(join(dir, 'docs/guide.md'), '# Guide\n\n## Slicing, with `R`\n\n```sh\n# not a heading\n```\n');
  writeFileSync(
    join(dir, 'README.md'),
    '# Pkg\n\n## Use it\n\nSee [the guide](docs/guide.md), [slicing](docs/guide.md#slicing-with-r), [above](#use-it),\n' +
      '[the site](https://example.org/x.md) and `[in code](not/here.md)`.\n\n' +
      'Bad: [results](bench/RESULTS.md), [no such part](docs/guide.md#not-a-heading),\n' +
      '<a href="docs/">the docs</a> and [the tests](../tests/README.md).\n\n```md\n[in a block](not/here.md)\n```\n',
  );
  const { problems, checked } = checkLinks(dir, ['README.md']);
  assert.equal(checked, 7);
  assert.deepEqual(problems, [
    'README.md:8: [results](bench/RESULTS.md) -> bench/RESULTS.md is not in the package',
    'README.md:8: [no such part](docs/guide.md#not-a-heading) -> #not-a-heading is not a heading of docs/guide.md',
    'README.md:9: <a href="docs/" -> docs is a folder: link a file in it (e.g. docs/README.md)',
    'README.md:9: [the tests](../tests/README.md) -> ../tests/README.md is outside the package',
  ]);
});

test('ESM: the README example runs as written', () => {
  // The first js block of the root README (the one npm shows), byte for byte.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(readme)[1];
  writeFileSync(join(project, 'readme.mjs'), code);
  const out = node(['readme.mjs'], project);
  assert.equal(out, '[ [ 9, 10 ], [ 5, 6 ], [ 1, 2 ] ]\n[ 100, 104, 108 ]\n[ 12, 15, 18, 21 ]\n66 11\n[ 4, 6 ]\n');
});

test('ESM: init and compute, memory back to baseline', () => {
  writeFileSync(
    join(project, 'esm.mjs'),
    `import { init, array, sum, memoryStats, StrideViewError } from 'strideview';
await init();
await init();
const a = array([[1, 2], [3, 4]], { dtype: 'int32' });
const s = sum(a.transpose(), { axis: 1 });
console.log(JSON.stringify(s.toArray().map(String)));
try { a.reshape([3]); } catch (e) { console.log(e instanceof StrideViewError, e.code); }
s.dispose(); a.dispose();
console.log(memoryStats().liveArrays);
`,
  );
  assert.equal(node(['esm.mjs'], project), '["4","6"]\ntrue shape_mismatch\n0\n');
});

test('strideview/element loads in Node (no DOM): applyOps on the shared engine, explainReshape', () => {
  writeFileSync(
    join(project, 'element.mjs'),
    `import { init, arange, explainReshape } from 'strideview';
import { applyOps, parseOps, StrideViewElement } from 'strideview/element';
await init();
const t = applyOps(arange(12).reshape([3, 4]), 'transpose; slice ::-1, 1:3');
console.log(JSON.stringify([t.shape, t.strides, t.offset]), parseOps('pad 1,1; 0,0; reshape! 4').length);
console.log(explainReshape(t, [8]).blocking.axes.join(','), typeof StrideViewElement);
`,
  );
  assert.equal(node(['element.mjs'], project), '[[4,2],[-1,4],7] 2\n0,1 function\n');
});

test('CommonJS: require and compute', () => {
  writeFileSync(
    join(project, 'cjs.cjs'),
    `const sv = require('strideview');
sv.init().then(() => {
  const x = sv.arange(6, undefined, undefined, 'float64').reshape([2, 3]);
  console.log(JSON.stringify(sv.add(x, x.slice('::-1')).toArray()));
  console.log(typeof sv.View.create, sv.Shape.broadcast([3, 1], [4]).join('x'));
});
`,
  );
  assert.equal(node(['cjs.cjs'], project), '[[3,5,7],[3,5,7]]\nfunction 3x4\n');
});

test('CommonJS file from ESM: named imports (Node detects the export names)', () => {
  // What tools that load the `require` condition through ESM see (issue 12): before, only default.
  writeFileSync(
    join(project, 'cjs-named.mjs'),
    `import { init, arange, sum, StrideViewError, View } from 'strideview/dist/index.cjs';
import * as ns from 'strideview/dist/index.cjs';
await init();
console.log(Number(sum(arange(5))), typeof StrideViewError, typeof View.create);
const esmNames = Object.keys(await import('strideview')).sort();
const cjsNames = Object.keys(ns).filter((k) => k !== 'default' && k !== 'module.exports').sort();
console.log(JSON.stringify(esmNames) === JSON.stringify(cjsNames) ? 'same names' : JSON.stringify({ esmNames, cjsNames }));
`,
  );
  assert.equal(node(['cjs-named.mjs'], project), '10 function function\nsame names\n');
});

test('an uncaught error prints a readable source line; source maps lead to web/src', () => {
  writeFileSync(join(project, 'uncaught.mjs'), `import { init, arange } from 'strideview';\nawait init();\narange(6).reshape([4]);\n`);
  writeFileSync(join(project, 'uncaught.cjs'), `const sv = require('strideview');\nsv.init().then(() => sv.arange(6).reshape([4]));\n`);
  for (const [file, maps] of [['uncaught.mjs', false], ['uncaught.cjs', false], ['uncaught.mjs', true]]) {
    const r = spawnSync(process.execPath, [...(maps ? ['--enable-source-maps'] : []), file], { cwd: project, encoding: 'utf8' });
    assert.notEqual(r.status, 0);
    // Node prints "<file>:<line>", the source line, a caret line, then the error.
    const lines = r.stderr.split('\n');
    const at = lines.findIndex((l) => /^\S.*:\d+$/.test(l));
    assert.ok(at >= 0, r.stderr);
    assert.ok(lines[at + 1].length <= 240, `${file}${maps ? ' (source maps)' : ''}: the source line is ${lines[at + 1].length} chars`);
    assert.match(r.stderr, /^StrideViewError: reshape: cannot reshape \[6\]/m); // the class keeps its name
    if (maps) assert.match(lines[at], /web\/src\/\w+\.ts:\d+$/, r.stderr);
    else assert.match(lines[at], /node_modules\/strideview\/dist\/index\.(mjs|cjs):\d+$/, r.stderr);
    assert.ok(r.stderr.length < 4000, `${r.stderr.length} chars of stderr`);
  }
});

test('the shipped examples run from node_modules/strideview', async () => {
  const pkg = join(project, 'node_modules/strideview');
  const out = node([join(pkg, 'examples/node-image.mjs'), 'out.npy'], project);
  assert.match(out, /wrote out\.npy\nlive arrays after dispose: 0\n$/);
  assert.equal(readFileSync(join(project, 'out.npy')).subarray(1, 6).toString(), 'NUMPY');
  assert.match(node([join(pkg, 'examples/classify/node.mjs')], project), /top-5:\n {2}1\. \w+/);
  // The pages, served from the package folder as examples/README.md says: each page and every
  // local file it loads (scripts, import map targets) answers.
  const { serve } = await import(pathToFileURL(join(pkg, 'examples/serve.mjs')).href);
  const server = await serve(pkg);
  try {
    for (const page of shipped.filter((f) => /^examples\/.*index\.html$/.test(f))) {
      const url = `${server.url}/${page.replace(/index\.html$/, '')}`;
      const html = (await (await fetch(url)).text()).replace(/<!--[\s\S]*?-->/g, '');
      const refs = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]);
      for (const m of html.matchAll(/<script type="importmap">([\s\S]*?)<\/script>/g)) refs.push(...Object.values(JSON.parse(m[1]).imports));
      assert.ok(refs.length > 0, `${page} loads nothing?`);
      for (const ref of refs) {
        const r = await fetch(new URL(ref, url));
        assert.equal(r.status, 200, `${page} loads ${ref}: ${r.status}`);
      }
    }
  } finally {
    await server.close();
  }
});

test('TypeScript consumers type-check against the shipped declarations (ESM and CJS)', () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const src = (kind) => `import { init, array, zeros, Shape, Sym, View, NDArray, StrideViewError, I, R, Rs, L, A, N, add, sum, memoryStats, type DType } from 'strideview';
async function main(): Promise<number> {
  await init();
  const dt: DType = 'float32';
  const a: NDArray = zeros([2, 3], dt);
  const v: View = View.create([2, 3], { strides: [3, 1] }).permute([1, 0]);
  const n = Sym.variable('n', 1, 8);
  const s: number[] = Shape.broadcast([2, 1], [3]);
  const b = add(a.slice(I(0), R(0, 2)), a.slice(A, Rs(null, null, -1)).slice(N, L([0])));
  const e: StrideViewError | null = null;
  void e; void v; void n; void s; void b;
  const total: number = Number(sum(a)); // over all axes: a JS value
  const kept: NDArray = sum(a, { axis: 0, keepdims: true }); // keepdims: an array
  const x: number | bigint | boolean | NDArray = a.get(0, 1);
  void x;
  return total + kept.size + memoryStats().liveArrays;
}
main(); // ${kind}
`;
  writeFileSync(join(project, 'esm.mts'), src('esm'));
  writeFileSync(join(project, 'cjs.cts'), src('cjs'));
  // strideview/element: its own declarations (dist/element.d.mts), sharing the package's types.
  writeFileSync(
    join(project, 'element.mts'),
    `import { arange, explainReshape, type ReshapeExplanation, type NDArray } from 'strideview';
import { applyOps, parseOps, StrideViewElement, type OpStep } from 'strideview/element';
const steps: OpStep[] = parseOps('transpose; reshape! 6');
const el: StrideViewElement | null = document.querySelector('stride-view');
const e: ReshapeExplanation = explainReshape(arange(6), [2, 3]);
const t: NDArray = applyOps(arange(6).reshape([2, 3]), 'transpose');
const blocked: number | undefined = e.blocking?.axes[1];
void steps; void el; void t; void blocked;
`,
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', noEmit: true, lib: ['es2022', 'dom'], types: [] }, files: ['esm.mts', 'cjs.cts', 'element.mts'] }),
  );
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
