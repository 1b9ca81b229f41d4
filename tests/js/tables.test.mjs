// The cross-language tables (src/core/boundary_tables.json): the generated C++ header and TS module
// are up to date, the built wasm modules (both builds) hold the same values as the TypeScript
// module, and the bundle inlines the const enums (no per-call lookup).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { fnv1a, loadTables, sourcePath, tsPath } from '../../scripts/gen-tables.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const tables = loadTables();
const hash = fnv1a(readFileSync(sourcePath));

/** The TypeScript module itself (web/src/boundary_tables.ts), compiled as it is on disk. */
async function tsModule() {
  const { code } = await esbuild.transform(readFileSync(tsPath, 'utf8'), { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** sv_table_value of one built module (the package's wasm with the build's Emscripten glue). */
async function wasmTables(file) {
  const { default: create } = await import(pathToFileURL(join(root, 'build/wasm/strideview.mjs')).href);
  const m = await create({ wasmBinary: readFileSync(join(root, 'dist', file)) });
  assert.equal(typeof m._sv_table_value, 'function', `${file} exports sv_table_value`);
  const out = { hash: m._sv_table_value(-1, 0), tables: [] };
  for (let t = 0; ; t++) {
    const n = m._sv_table_value(t, -1);
    if (Number.isNaN(n)) break;
    const values = [];
    for (let i = 0; i < n; i++) values.push(m._sv_table_value(t, i));
    out.tables.push(values);
  }
  return out;
}

test('the generated C++ header and TS module are what src/core/boundary_tables.json gives', () => {
  // exits non-zero (and names the stale file) when either output differs
  execFileSync(process.execPath, [join(root, 'scripts/gen-tables.mjs'), '--check'], { stdio: 'pipe' });
});

test('the TS module holds every table entry under its generated name and value', async () => {
  const ts = await tsModule();
  assert.equal(ts.TABLES_SOURCE_HASH, hash);
  for (const t of tables) {
    const e = ts[t.name];
    assert.ok(e, `export ${t.name}`);
    const members = Object.keys(e).filter((k) => !/^-?\d+$/.test(k));
    assert.deepEqual(members, t.entries.map((x) => x.ts), `members of ${t.name}`);
    for (const x of t.entries) assert.equal(e[x.ts], x.value, `${t.name}.${x.ts}`);
    if (t.ts.map) assert.deepEqual(ts[t.ts.map], Object.fromEntries(t.entries.map((x) => [x.api, x.value])), t.ts.map);
    if (t.ts.names) assert.deepEqual(ts[t.ts.names], t.entries.map((x) => x.api), t.ts.names);
  }
});

for (const file of ['strideview.wasm', 'strideview-nosimd.wasm']) {
  test(`${file} holds the tables of the TS module (values and source hash)`, async () => {
    const ts = await tsModule();
    const w = await wasmTables(file);
    assert.equal(w.hash, ts.TABLES_SOURCE_HASH, `${file} was built from another boundary_tables.json than web/src/boundary_tables.ts`);
    assert.equal(w.tables.length, tables.length, 'number of tables');
    tables.forEach((t, i) => {
      const fromTs = t.entries.map((x) => ts[t.name][x.ts]);
      assert.deepEqual(w.tables[i], fromTs, `table ${t.name}: wasm vs TS`);
    });
  });
}

test('the package lists its dtypes in the order of their codes', async () => {
  const sv = await import('../../dist/index.mjs');
  const dtypes = tables.find((t) => t.name === 'DTypeCode');
  assert.deepEqual([...sv.DTYPES], dtypes.entries.map((x) => x.api));
});

test('the bundle inlines the const enums (no enum object in dist/index.mjs)', () => {
  const bundle = readFileSync(join(root, 'dist/index.mjs'), 'utf8');
  for (const t of tables) {
    for (const x of t.entries) {
      // esbuild emits an enum it does not inline as e[e.Name=value]="Name"
      assert.ok(!bundle.includes(`.${x.ts}=${x.value}]`), `enum ${t.name} is an object in dist/index.mjs`);
    }
  }
});
