// What an application pays for what it imports: dist/index.mjs bundled by esbuild (minified) with
// only some names imported must drop the rest. A module-level side effect (a registration, a
// top-level call, a global assignment) would keep its module and everything it reaches in every
// bundle; these bounds catch that. Sizes on the session that wrote this: { init, array, add }
// 63 KB (the NDArray class reaches printing and slicing), everything 134 KB. (`{ init }` alone is
// 60 KB: ndarray.ts registers the class with the kernel client at load, a call the one-file
// bundle must keep; from web/src's modules it is 8.8 KB.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundleOf, MINIMAL_IMPORT } from '../../scripts/bundle-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bundle = bundleOf;

test('package.json declares the package free of side effects (bundlers may drop unused modules)', () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  assert.equal(pkg.sideEffects, false);
});

test('a bundle importing only some names drops the modules it does not reach', async () => {
  const all = await bundle("export * from './dist/index.mjs';");
  const small = await bundle(MINIMAL_IMPORT);
  // init, array, add: the NDArray class and what its methods reach, not the everyday functions,
  // random numbers, linear algebra or .npy files.
  assert.ok(small.length < 0.6 * all.length, `{ init, array, add }: ${small.length} B of ${all.length}`);
  for (const word of ['linspace', 'defaultRng', 'matmul', 'fromNpy']) {
    assert.ok(!small.includes(word), `{ init, array, add } bundle holds "${word}"`);
  }
  for (const word of ['linspace', 'defaultRng', 'matmul']) {
    assert.ok(all.includes(word), `the full bundle lacks "${word}" (the check above would prove nothing)`);
  }
});
