// Loading: init() is idempotent and works from ESM and CommonJS, with the default wasm location,
// an explicit wasmUrl or wasmBinary; using the library before init() is a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sv } from './helpers.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

function run(code, type = 'module') {
  const r = spawnSync(process.execPath, ['--input-type=' + type, '-e', code], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('init is idempotent (same promise)', async () => {
  const p1 = sv.init();
  const p2 = sv.init({ wasmUrl: 'ignored-after-first-call' });
  assert.equal(p1, p2);
  await p1;
  assert.equal(sv.isInitialized(), true);
});

test('before init: not_initialized', () => {
  const out = run(`
    import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    try { sv.zeros([2]); } catch (e) { console.log(e.name, e.code, e.message); }
    console.log(sv.isInitialized());`);
  assert.match(out, /StrideViewError not_initialized strideview: call `await init\(\)` before using the library/);
  assert.match(out, /false$/);
});

test('ESM with wasmBinary and with wasmUrl (file URL and path)', () => {
  const wasm = dist + 'strideview.wasm';
  assert.equal(run(`
    import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    import { readFileSync } from 'node:fs';
    await sv.init({ wasmBinary: readFileSync(${JSON.stringify(wasm)}) });
    console.log(String(sv.sum(sv.arange(5))));`), '10');
  assert.equal(run(`
    import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    import { pathToFileURL } from 'node:url';
    await sv.init({ wasmUrl: pathToFileURL(${JSON.stringify(wasm)}) });
    console.log(sv.arange(3).toArray().join(','));`), '0,1,2');
  assert.equal(run(`
    import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    await sv.init({ wasmUrl: ${JSON.stringify(wasm)} });
    console.log(sv.ones([2]).toArray().join(','));`), '1,1');
});

test('a failed init rejects with a clear error and can be retried', () => {
  const out = run(`
    import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    try { await sv.init({ wasmUrl: '/nonexistent/strideview.wasm' }); } catch (e) { console.log('rejected', e.code ?? e.name); }
    await sv.init();
    console.log(sv.zeros([1]).size);`);
  assert.match(out, /rejected/);
  assert.match(out, /1$/);
  assert.throws(() => sv.init(5), TypeError);
});

test('CommonJS require', () => {
  assert.equal(run(`
    const sv = require(${JSON.stringify(dist + 'index.cjs')});
    sv.init().then(() => console.log(sv.add(sv.arange(3), 1).toArray().join(',')));`, 'commonjs'), '1,2,3');
});
