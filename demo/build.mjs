// Bundles the demo (demo/src/main.ts + the built strideview package) into a static folder:
//   node demo/build.mjs [outDir]        (default build/demo)
// The package is taken from dist/ through package.json's "exports" (what npm users get); its .wasm
// is copied next to the bundle and its file name handed to the adapter (__SV_WASM_FILE__).
// SV_DEMO_PACKAGE=/path/to/entry.mjs overrides the package entry.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');

function pickEntry(exp) {
  if (typeof exp === 'string') return exp;
  if (!exp || typeof exp !== 'object') return null;
  for (const key of ['browser', 'import', 'module', 'default']) {
    const hit = pickEntry(exp[key]);
    if (hit) return hit;
  }
  return null;
}

/** The ESM entry of the built package, from package.json's exports map. */
export function packageEntry() {
  if (process.env.SV_DEMO_PACKAGE) return path.resolve(process.env.SV_DEMO_PACKAGE);
  const pkgFile = path.join(root, 'package.json');
  if (!existsSync(pkgFile)) throw new Error('demo: package.json is missing; build the package first (bash scripts/build.sh)');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const exp = pkg.exports && typeof pkg.exports === 'object' && '.' in pkg.exports ? pkg.exports['.'] : pkg.exports;
  const rel = pickEntry(exp) ?? pkg.module ?? pkg.main;
  if (!rel) throw new Error('demo: package.json has no ESM entry in "exports"');
  const entry = path.join(root, rel);
  if (!existsSync(entry)) throw new Error(`demo: ${rel} is missing; build the package first (bash scripts/build.sh)`);
  return entry;
}

function findWasm(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findWasm(p));
    else if (name.endsWith('.wasm')) out.push(p);
  }
  return out;
}

/** Builds the demo into outDir; returns { outDir, wasm } (wasm: the copied file names, comma-separated). */
export async function buildDemo(outDir = path.join(root, 'build', 'demo')) {
  const entry = packageEntry();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  // The package's wasm builds (SIMD and the scalar fallback), copied next to the bundle, where the
  // package's `new URL('./strideview*.wasm', import.meta.url)` finds them: init() picks the build.
  const wasms = findWasm(path.dirname(entry)).filter((p) => /strideview/.test(path.basename(p)));
  for (const p of wasms) copyFileSync(p, path.join(outDir, path.basename(p)));
  const wasm = wasms.map((p) => path.basename(p)).sort().join(', ');

  await build({
    entryPoints: [path.join(here, 'src', 'main.ts')],
    outfile: path.join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    sourcemap: true,
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    // strideview/element (the custom element and the op-chain parser) sits next to the entry and
    // imports it as ./index.mjs: one copy of the package in the bundle.
    alias: { strideview: entry, 'strideview/element': path.join(path.dirname(entry), 'element.mjs') },
    // The package's Node-only loading paths are never taken in a browser.
    external: ['node:*', 'fs', 'path', 'url', 'module', 'crypto', 'worker_threads', 'perf_hooks', 'os'],
  });
  for (const f of ['index.html', 'styles.css']) copyFileSync(path.join(here, f), path.join(outDir, f));
  return { outDir, wasm };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  buildDemo(outDir).then(
    ({ outDir: dir, wasm }) => console.log(`demo: built ${path.relative(process.cwd(), dir) || '.'}${wasm ? ` (wasm: ${wasm})` : ''}`),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
