// Builds the npm package's dist/ from web/src (TypeScript) and build/wasm (em++ output):
//   dist/index.mjs   ESM bundle (the Emscripten glue inlined; wasm referenced as
//                    new URL('./strideview.wasm', import.meta.url) so bundlers pick it up)
//   dist/index.cjs   CommonJS bundle (import.meta.url shimmed from __filename); ends with a
//                    `0 && (module.exports = { name, ... })` line so that Node's CJS export
//                    detection (cjs-module-lexer) sees every name: `import { init } from` the .cjs
//   dist/index.mjs.map, dist/index.cjs.map  linked source maps (web/src with sources inlined)
//   Both bundles keep one statement per line (identifiers and syntax minified, whitespace not):
//   a stack trace or Node's uncaught-error banner shows one readable line, not the whole bundle.
//   dist/index.d.ts  one declaration file (tsc declarations with @internal stripped, concatenated)
//   dist/index.d.mts, dist/index.d.cts the same for `import` and `require` consumers (node16)
//   dist/strideview.wasm         the SIMD128 build's core
//   dist/strideview-families.wasm  its families (scripts/split-wasm.mjs; web/src/families.ts)
//   dist/strideview-nosimd.wasm  the scalar fallback (engines without WebAssembly SIMD); init()
//                                picks one. Both share the Emscripten glue (checked below).
//   dist/element.mjs (+ .map, element.d.ts/.d.mts, opchain.d.ts/.d.mts)  `strideview/element`:
//                                the <stride-view> custom element, importing ./index.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { bundleOf, MINIMAL_IMPORT } from './bundle-size.mjs';
import { SIG_RE, declarationText, loadParser } from './gen-signatures.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wasmDir = join(root, 'build/wasm');
const dist = join(root, 'dist');
const typesDir = join(root, 'build/web-types');

for (const [f, target] of [
  ['strideview.mjs', 'strideview_wasm'],
  ['strideview.wasm', 'strideview_wasm'],
  ['strideview-nosimd.mjs', 'strideview_wasm_nosimd'],
  ['strideview-nosimd.wasm', 'strideview_wasm_nosimd'],
]) {
  if (!existsSync(join(wasmDir, f))) {
    console.error(`build-web: ${join(wasmDir, f)} is missing; run scripts/build-wasm.sh --target ${target}`);
    process.exit(1);
  }
}
// The package bundles one glue (strideview.mjs) and passes either wasm as wasmBinary: the two
// builds' glues must be the same apart from the wasm file name (same imports and exports).
{
  const a = readFileSync(join(wasmDir, 'strideview.mjs'), 'utf8');
  const b = readFileSync(join(wasmDir, 'strideview-nosimd.mjs'), 'utf8').replaceAll('strideview-nosimd.wasm', 'strideview.wasm');
  if (a !== b) {
    console.error('build-web: build/wasm/strideview.mjs and strideview-nosimd.mjs differ beyond the wasm name; the fallback cannot share the glue');
    process.exit(1);
  }
}

// The cross-language tables (web/src/boundary_tables.ts) from src/core/boundary_tables.json.
execFileSync(process.execPath, [join(root, 'scripts/gen-tables.mjs')], { stdio: 'inherit' });
// The TypeScript overloads and docs/api-signatures.md from the declared signatures (web/src/signature.ts).
execFileSync(process.execPath, [join(root, 'scripts/gen-signatures.mjs')], { stdio: 'inherit' });

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

// The glue names the wasm "strideview.wasm" (no ./), which some bundlers read as a package name.
const gluePlugin = {
  name: 'strideview-glue',
  setup(build) {
    build.onLoad({ filter: /strideview\.mjs$/ }, (args) => {
      let src = readFileSync(args.path, 'utf8');
      src = src.replace(/new URL\("strideview\.wasm",\s*import\.meta\.url\)/g, 'new URL("./strideview.wasm",import.meta.url)');
      return { contents: src, loader: 'js' };
    });
  },
};

// The declarations (web/src/signature.ts) ship without their TypeScript types: the binder reads
// names, kinds and defaults only, and the types are for the generated overloads and the reference.
// Each `const X: SigRef = { sig: '...' + '...' }` of web/src becomes its compactSignature, on as
// many lines as before (the source maps keep their lines).
const { compactSignature } = await loadParser();
const compactSignatures = {
  name: 'strideview-compact-signatures',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]src[\\/][^\\/]+\.ts$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      const contents = src.replace(SIG_RE, (whole, name, pieces) => {
        const lines = whole.split('\n').length - 1;
        return `const ${name}: SigRef = { sig: ${JSON.stringify(compactSignature(declarationText(pieces)))}${'\n'.repeat(lines)} }`;
      });
      return { contents, loader: 'ts' };
    });
  },
};

const common = {
  entryPoints: [join(root, 'web/src/index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  plugins: [gluePlugin, compactSignatures],
  logLevel: 'warning',
  legalComments: 'none',
  // Size (issue 7): syntax and local identifiers are minified (exported names, property names and
  // StrideViewError's explicit `name` are unaffected). Whitespace is not (issue 12): with
  // everything on one line, Node printed the whole 80 KB bundle as the "source line" of an
  // uncaught error. Line breaks cost about 2 KB gzipped; the maps point back to web/src.
  minifyIdentifiers: true,
  minifySyntax: true,
  minifyWhitespace: true,
  lineLimit: 160,
  sourcemap: 'linked',
  sourcesContent: true,
  metafile: true,
};

const esm = await esbuild.build({ ...common, format: 'esm', outfile: join(dist, 'index.mjs') });

// The family registrations (web/src/families.ts: `const G = /* @__PURE__ */ family('stats')`, and
// ndarray.ts methodGroup): an app's bundler needs their /* @__PURE__ */ marks to drop the ones of
// the functions the app does not use (and with them the families' code and their wasm), and esbuild
// drops the marks when it minifies whitespace. Put them back: each registration is the only call
// whose first argument is a family's name (or 'none') in quotes, assigned to a variable.
{
  const pure = readdirSync(join(root, 'web/src'))
    .filter((f) => f.endsWith('.ts'))
    .reduce((n, f) => n + (readFileSync(join(root, 'web/src', f), 'utf8').match(/\/\* @__PURE__ \*\/ (family|methodGroup)\(/g) ?? []).length, 0);
  const p = join(dist, 'index.mjs');
  const src = readFileSync(p, 'utf8');
  // (lineLimit may break after the paren, or inside the name's string: "non\<newline>e")
  const REG = /=([A-Za-z_$][\w$]*)\((\s*)"((?:[a-z]|\\\n)+)"([,)])/g;
  const FAMILY = /^(math|linalg|stats|random|symbolic|complex|none)$/;
  let found = 0;
  const marked = src.replace(REG, (whole, callee, space, name, next) => {
    if (!FAMILY.test(name.replace(/\\\n/g, ''))) return whole;
    found++;
    return `=/* @__PURE__ */ ${callee}(${space}"${name}"${next}`;
  });
  if (found !== pure || pure === 0) {
    console.error(`build-web: dist/index.mjs has ${found} family registrations to mark pure, web/src declares ${pure}`);
    process.exit(1);
  }
  writeFileSync(p, marked);
}
await esbuild.build({
  ...common,
  format: 'cjs',
  outfile: join(dist, 'index.cjs'),
  define: { 'import.meta.url': '__sv_import_meta_url' },
  banner: {
    js:
      'var __sv_import_meta_url = typeof __filename === "string" && typeof require === "function" ' +
      '? require("u" + "rl").pathToFileURL(__filename).href ' +
      ': (typeof document !== "undefined" && document.currentScript && document.currentScript.src) || ' +
      '(typeof location !== "undefined" ? location.href : "");',
  },
});

// The bundler hints on the one dynamic import (runtime.ts nodeImport, only ever run under Node)
// must survive, or webpack warns "Critical dependency". esbuild keeps them when it keeps comments
// and drops them when it minifies whitespace: put them back when they are missing. The edit stays
// on one line, so the source maps' columns after it on that line shift but lines do not.
const HINTS = '/* webpackIgnore: true */ /* @vite-ignore */';
for (const f of ['index.mjs', 'index.cjs']) {
  const p = join(dist, f);
  const src = readFileSync(p, 'utf8');
  const plain = src.match(/\bimport\(\s*([A-Za-z_$][\w$]*)\s*\)/g) ?? [];
  const hinted = src.match(/\bimport\(\s*\/\* webpackIgnore: true \*\/\s*\/\* @vite-ignore \*\/\s*[A-Za-z_$][\w$]*\s*\)/g) ?? [];
  if (plain.length + hinted.length !== 1) {
    console.error(`build-web: expected one dynamic import(name) in dist/${f}, found ${plain.length + hinted.length}`);
    process.exit(1);
  }
  if (plain.length === 1) writeFileSync(p, src.replace(/\bimport\(\s*([A-Za-z_$][\w$]*)\s*\)/, `import(${HINTS} $1)`));
}

// CommonJS named exports (issue 12): esbuild's CJS output defines the names with a __export
// helper that Node's cjs-module-lexer cannot follow, so `import { init } from '.../index.cjs'`
// (and tools that load the require condition through ESM) saw only `default`. The lexer reads
// `0 && (module.exports = { a, b })` (a form esbuild itself emits for platform node); add it after
// the source-map comment's line is moved last, with the names the ESM bundle exports.
{
  const out = Object.entries(esm.metafile.outputs).find(([k]) => k.endsWith('index.mjs'))[1];
  const names = [...out.exports].sort();
  if (names.length < 10 || names.some((n) => !/^[A-Za-z_$][\w$]*$/.test(n))) {
    console.error(`build-web: unexpected export names of the ESM bundle: ${names.join(', ')}`);
    process.exit(1);
  }
  const p = join(dist, 'index.cjs');
  let src = readFileSync(p, 'utf8');
  const mapLine = /\n\/\/# sourceMappingURL=index\.cjs\.map\s*$/;
  if (!mapLine.test(src)) {
    console.error('build-web: dist/index.cjs does not end with its sourceMappingURL comment');
    process.exit(1);
  }
  src = src.replace(mapLine, '');
  // a reserved word (NumPy's `var`) cannot be shorthand: `var: variance` (never evaluated; the lexer
  // reads the key)
  const RESERVED = { var: 'variance' };
  const entries = names.map((n) => (n in RESERVED ? `${n}: ${RESERVED[n]}` : n));
  if (names.some((n) => n in RESERVED && !names.includes(RESERVED[n]))) {
    console.error('build-web: a reserved export name without the export it stands for');
    process.exit(1);
  }
  src += `\n// Annotate the CommonJS export names for ESM import in node:\n0 && (module.exports = {\n  ${entries.join(',\n  ')}\n});\n//# sourceMappingURL=index.cjs.map\n`;
  writeFileSync(p, src);
}

copyFileSync(join(wasmDir, 'strideview.wasm'), join(dist, 'strideview.wasm'));
copyFileSync(join(wasmDir, 'strideview-families.wasm'), join(dist, 'strideview-families.wasm'));
copyFileSync(join(wasmDir, 'strideview-nosimd.wasm'), join(dist, 'strideview-nosimd.wasm'));

// The threaded build (init({ threads })): its own glue, loaded by a dynamic import only when threads
// are chosen (never bundled), its pthread worker script and its wasm. The glue gets `require` and
// `__dirname` of its own under Node (Emscripten's ES module output uses both there), and loses the
// process-wide uncaughtException / unhandledRejection handlers Emscripten installs in Node.
{
  const glue = join(wasmDir, 'strideview-threads.mjs');
  if (!existsSync(glue)) {
    console.error(`build-web: ${glue} is missing; run scripts/build-wasm.sh --target strideview_wasm_threads`);
    process.exit(1);
  }
  let src = readFileSync(glue, 'utf8');
  const handlers = /process\["on"\]\("uncaughtException",function\(ex\)\{if\(!\(ex instanceof ExitStatus\)\)\{throw ex\}\}\);process\["on"\]\("unhandledRejection",function\(reason\)\{throw reason\}\);/;
  if (!handlers.test(src)) {
    console.error('build-web: the threaded glue no longer has the expected process handlers; update the edit');
    process.exit(1);
  }
  src = src.replace(handlers, '');
  // Emscripten's Node path sets the process-wide global `Worker` to worker_threads' class; the
  // glue's own `Worker` becomes a module-scoped binding instead (the header declares it), so
  // loading the threaded build leaves globalThis alone.
  const globalWorker = 'global.Worker=nodeWorkerThreads.Worker';
  if (src.split(globalWorker).length !== 2) {
    console.error('build-web: the threaded glue no longer sets global.Worker once; update the edit');
    process.exit(1);
  }
  src = src.replace(globalWorker, 'Worker=nodeWorkerThreads.Worker');
  const header =
    '// strideview threaded build: Emscripten glue (scripts/build-web.mjs adds the three lines below)\n' +
    'let Worker = globalThis.Worker;\n' +
    'const __svNode = typeof process == "object" && typeof process.versions == "object" && typeof process.versions.node == "string";\n' +
    'const require = __svNode ? (await import("node:module")).createRequire(import.meta.url) : undefined, __dirname = __svNode ? require("path").dirname(require("url").fileURLToPath(import.meta.url)) : "";\n';
  writeFileSync(join(dist, 'strideview-threads.mjs'), header + src);
  copyFileSync(join(wasmDir, 'strideview-threads.wasm'), join(dist, 'strideview-threads.wasm'));
  copyFileSync(join(wasmDir, 'strideview-threads.worker.js'), join(dist, 'strideview-threads.worker.js'));
}

// Declarations: tsc per module, then one file (the modules only import each other).
rmSync(typesDir, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--emitDeclarationOnly'], {
  stdio: 'inherit',
});
const known = ['errors', 'runtime', 'wire', 'dtype', 'sym', 'shape', 'view', 'ndarray', 'ops'];
// Modules of the `strideview/element` entry: declared in their own files, not in index.d.ts.
const SEPARATE_ENTRIES = ['element', 'opchain'];
// Modules added later (e.g. explain) follow the known ones; index only re-exports.
const extra = readdirSync(typesDir)
  .filter((f) => f.endsWith('.d.ts') && f !== 'index.d.ts' && f !== 'raw.d.ts')
  .map((f) => f.slice(0, -5))
  .filter((m) => !known.includes(m) && !SEPARATE_ENTRIES.includes(m))
  .sort();
const order = [...known, ...extra];
let dts =
  '// strideview: type declarations (generated by scripts/build-web.mjs from web/src)\n' +
  '// Symbol.dispose exists at run time (the package defines it when missing); declare it for\n' +
  '// consumers whose lib predates esnext.disposable (identical to the lib declaration).\n' +
  'declare global {\n  interface SymbolConstructor {\n    readonly dispose: unique symbol;\n  }\n}\n';
for (const m of order) {
  const text = readFileSync(join(typesDir, `${m}.d.ts`), 'utf8')
    // A module augmentation of the class (ndarray_methods.ts: `declare module './ndarray.js' { interface
    // NDArray ... }`) becomes the plain interface that merges with the class in the one file.
    .replace(/^declare module '\.\/ndarray\.js' \{\n([\s\S]*?)\n\}$/m, (_, body) =>
      body.replace(/^ {4}/gm, '').replace(/^interface NDArray</m, 'export interface NDArray<'),
    )
    .split('\n')
    .filter((l) => !/^import\s/.test(l) && !/^export \{\};?$/.test(l) && !/^export (type )?\{.*\} from /.test(l))
    .join('\n');
  dts += `\n// ---- ${m}\n${text}`;
}
// One declaration file: a re-export from a sibling module (`export type { X } from './y.js'` in
// web/src) would point to a file the package does not ship. Export such types from index.ts.
{
  const dangling = dts.match(/from '\.\/[\w-]+\.js'/g);
  if (dangling) {
    console.error(`build-web: dist/index.d.ts refers to modules it does not ship: ${[...new Set(dangling)].join(', ')} (re-export those types from web/src/index.ts instead)`);
    process.exit(1);
  }
}
writeFileSync(join(dist, 'index.d.ts'), dts);
writeFileSync(join(dist, 'index.d.mts'), dts);
writeFileSync(join(dist, 'index.d.cts'), dts);

// strideview/element (dist/element.mjs): the <stride-view> custom element and the op-chain parser.
// It imports the package's public API from ./index.mjs (external, never bundled twice), so the page
// or bundler shares one engine instance with `import 'strideview'`.
const indexExternal = {
  name: 'strideview-index-external',
  setup(build) {
    build.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: './index.mjs', external: true }));
  },
};
await esbuild.build({
  entryPoints: [join(root, 'web/src/element.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  format: 'esm',
  plugins: [indexExternal, compactSignatures],
  logLevel: 'warning',
  legalComments: 'none',
  minifyIdentifiers: true,
  minifySyntax: true,
  minifyWhitespace: true,
  lineLimit: 160,
  sourcemap: 'linked',
  sourcesContent: true,
  outfile: join(dist, 'element.mjs'),
});
{
  const src = readFileSync(join(dist, 'element.mjs'), 'utf8');
  if (/\bwasmBinary\b|createStrideviewModule/.test(src) || !src.includes('"./index.mjs"')) {
    console.error('build-web: dist/element.mjs must import the engine from ./index.mjs, not bundle it');
    process.exit(1);
  }
}
// lineLimit may break a string with a line continuation, also the file name of a
// `new URL("./strideview.wasm", import.meta.url)`, which then hides the asset from bundlers (Vite
// read "./strideview.\<newline>wasm" as "strideview./wasm"), or break `import.meta.url` (Vite then
// misses the pair). Each such expression is joined and its line breaks moved after it: the line
// count, and with it the source maps' lines, unchanged.
for (const f of ['index.mjs', 'index.cjs', 'element.mjs']) {
  const p = join(dist, f);
  const src = readFileSync(p, 'utf8');
  // (also a break anywhere in `import.meta.url`, which hides the pair from Vite's pattern as well)
  const fixed = src.replace(/new URL\(\s*"((?:[^"\\\n]|\\.|\\\n)*)"(\s*,\s*import\s*\.\s*meta\s*\.\s*url\s*\))?/g, (whole, name, base) => {
    const breaks = (whole.match(/\n/g) ?? []).length;
    if (breaks === 0) return whole;
    const joined = `new URL("${name.replace(/\\\n/g, '')}"`;
    return `${joined}${base === undefined ? '' : ',import.meta.url)'}${'\n'.repeat(breaks)}`;
  });
  if (/new URL\(\s*"[^"\n]*\\\n/.test(fixed) || /new URL\(\s*"[^"\n]*",\s*import(?!\.meta\.url\))/.test(fixed)) {
    console.error(`build-web: dist/${f} still has a line break inside a new URL(..., import.meta.url)`);
    process.exit(1);
  }
  if (fixed !== src) writeFileSync(p, fixed);
}
// Declarations of the element entry, for `import` (.d.mts, importing index.d.mts) and plain .d.ts.
for (const m of SEPARATE_ENTRIES) {
  const text = readFileSync(join(typesDir, `${m}.d.ts`), 'utf8');
  writeFileSync(join(dist, `${m}.d.ts`), text);
  writeFileSync(join(dist, `${m}.d.mts`), text.replace(/from '\.\/(index|opchain)\.js'/g, "from './$1.mjs'"));
}

const size = (f) => readFileSync(join(dist, f)).length;
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
console.log(
  `build-web: dist/index.mjs ${size('index.mjs')} B, dist/index.cjs ${size('index.cjs')} B, ` +
    `dist/strideview.wasm ${size('strideview.wasm')} B, dist/strideview-nosimd.wasm ${size('strideview-nosimd.wasm')} B, ` +
    `dist/index.d.ts ${size('index.d.ts')} B, dist/element.mjs ${size('element.mjs')} B`,
);
console.log(
  `build-web: threaded build (loaded only by init({ threads })), gzipped: strideview-threads.wasm ${gz('strideview-threads.wasm')} B, ` +
    `strideview-threads.mjs ${gz('strideview-threads.mjs')} B, strideview-threads.worker.js ${gz('strideview-threads.worker.js')} B`,
);
console.log(
  `build-web: gzipped (level 9) wasm + index.mjs: SIMD ${gz('strideview.wasm')} + ${gz('index.mjs')} = ` +
    `${gz('strideview.wasm') + gz('index.mjs')} B, non-SIMD ${gz('strideview-nosimd.wasm')} + ${gz('index.mjs')} = ` +
    `${gz('strideview-nosimd.wasm') + gz('index.mjs')} B`,
);
const br = (f) =>
  brotliCompressSync(readFileSync(join(dist, f)), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(
  `build-web: brotli (quality 11) wasm + index.mjs: SIMD ${br('strideview.wasm')} + ${br('index.mjs')} = ` +
    `${br('strideview.wasm') + br('index.mjs')} B`,
);
// What an application importing only { init, array, add } ships of index.mjs once a bundler
// (esbuild, minified) drops what it does not reach: the package must stay tree-shakable.
{
  const text = await bundleOf(MINIMAL_IMPORT);
  console.log(
    `build-web: a bundle of { init, array, add } (esbuild --minify): ${text.length} B, ` +
      `gzipped ${gzipSync(text, { level: 9 }).length} B`,
  );
}
