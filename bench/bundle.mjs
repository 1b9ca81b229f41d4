// What an app's bundle carries of the package's JS (the wasm is apart: build-web prints its size).
// Prints, gzipped (-9), esbuild --minify, for this checkout and optionally for another one:
//   dist { init, array, add }       the shipped dist/index.mjs bundled with only those names
//   dist everything                 every export
//   src { init, array, add }        the same from web/src (what a multi-file package would give)
//   src without ndarray methods     init, array, add and NDArray imported from their own modules,
//                                   so NumPy's ndarray methods (installed by index.ts) are left out
// Usage: node bench/bundle.mjs [other-checkout]   (e.g. a worktree of the previous main)
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleOf } from '../scripts/bundle-size.mjs';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const glue = { name: 'glue', setup: (b) => b.onResolve({ filter: /strideview(-nosimd|-threads)?\.mjs$/ }, (a) => ({ path: a.path, external: true })) };

async function gz(root, contents, loader) {
  return gzipSync(await bundleOf(contents, { at: root, loader, plugins: [glue] }), { level: 9 }).length;
}

async function measure(root) {
  const row = {};
  if (existsSync(join(root, 'dist/index.mjs'))) {
    row['dist { init, array, add }'] = await gz(root, "export { init, array, add } from './dist/index.mjs';", 'js');
    row['dist everything'] = await gz(root, "export * from './dist/index.mjs';", 'js');
  }
  row['src { init, array, add }'] = await gz(root, "export { init, array, add } from './web/src/index.ts';", 'ts');
  row['src without ndarray methods'] = await gz(
    root,
    "export { init } from './web/src/runtime.ts'; export { array } from './web/src/creation.ts'; " +
      "export { add } from './web/src/ops.ts'; export { NDArray } from './web/src/ndarray.ts';",
    'ts',
  );
  return row;
}

const roots = [here, ...process.argv.slice(2).map((p) => resolve(p))];
const rows = await Promise.all(roots.map(measure));
const keys = Object.keys(rows[0]);
console.log(`| bundle (gzip -9 B) | ${roots.map((r) => (r === here ? 'this checkout' : r)).join(' | ')} |`);
console.log(`|---|${roots.map(() => '---').join('|')}|`);
for (const k of keys) console.log(`| ${k} | ${rows.map((r) => r[k] ?? '-').join(' | ')} |`);
