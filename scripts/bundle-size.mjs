// What an application ships of dist/index.mjs once a bundler drops what it does not reach: esbuild
// (minified, ESM) bundling `contents` (an entry module importing from './dist/index.mjs'), resolved
// from the repository's root. Used by build-web.mjs (it prints the minimal import's size) and by
// tests/bundlers/tree_shaking.test.mjs (which bounds it).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The bundle's text. `at`: the checkout the entry resolves from (default this one); `loader`: 'ts'
 * for an entry importing web/src; `plugins`: extra esbuild plugins (bench/bundle.mjs).
 */
export async function bundleOf(contents, { at = root, loader = 'js', plugins = [] } = {}) {
  const r = await esbuild.build({
    stdin: { contents, resolveDir: at, loader },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins,
  });
  return r.outputFiles[0].text;
}

/** The entry of an application importing only { init, array, add }. */
export const MINIMAL_IMPORT = "export { init, array, add } from './dist/index.mjs';";
