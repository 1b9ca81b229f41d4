// The non-SIMD fallback build: init() picks strideview.wasm (SIMD128) or strideview-nosimd.wasm by
// feature detection, `init({ simd: false })` forces the fallback, and both builds compute the same
// results. Two independent copies of the package are loaded in this process (a query string makes a
// distinct ES module instance, so each has its own WASM instance).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const distUrl = new URL('../../dist/', import.meta.url);
const dist = fileURLToPath(distUrl);
const simdLib = await import(new URL('index.mjs?build=simd', distUrl).href);
const scalarLib = await import(new URL('index.mjs?build=nosimd', distUrl).href);

function run(code, preload) {
  const args = [];
  if (preload) args.push('--import', 'data:text/javascript,' + encodeURIComponent(preload));
  args.push('--input-type=module', '-e', code);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('both wasm builds ship in dist/ and the package lists them', () => {
  for (const f of ['strideview.wasm', 'strideview-nosimd.wasm']) {
    assert.ok(existsSync(dist + f), `dist/${f} missing`);
  }
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.ok(pkg.files.includes('dist/strideview-nosimd.wasm'));
  assert.equal(pkg.exports['./strideview-nosimd.wasm'], './dist/strideview-nosimd.wasm');
  // Different code: the fallback is not a copy of the SIMD build.
  assert.notDeepEqual(readFileSync(dist + 'strideview.wasm'), readFileSync(dist + 'strideview-nosimd.wasm'));
});

test('detection picks the SIMD build on this Node', async () => {
  assert.equal(simdLib.simdSupported(), true);
  assert.equal(simdLib.buildInfo(), null);
  assert.equal(simdLib.isSimd(), false);
  await simdLib.init();
  assert.equal(simdLib.isSimd(), true);
  assert.deepEqual({ ...simdLib.buildInfo() }, { simd: true, wasm: 'strideview.wasm', detected: true, threads: 1 });
});

test('init({ simd: false }) forces the fallback', async () => {
  await scalarLib.init({ simd: false });
  assert.equal(scalarLib.isSimd(), false);
  assert.deepEqual({ ...scalarLib.buildInfo() }, { simd: false, wasm: 'strideview-nosimd.wasm', detected: false, threads: 1 });
  assert.deepEqual(Array.from(scalarLib.add(scalarLib.arange(4, undefined, undefined, 'float32'), 1).toTypedArray()), [1, 2, 3, 4]);
});

test('a second init: same build is a no-op, the other build is a clear error, the instance keeps working', async () => {
  await simdLib.init();
  await simdLib.init({ simd: true });
  await simdLib.init({ wasmUrl: 'ignored-after-first-call' });
  await assert.rejects(simdLib.init({ simd: false }), (e) => {
    assert.equal(e.name, 'StrideViewError');
    assert.equal(e.code, 'invalid_argument');
    assert.match(e.message, /init: the SIMD build is already loaded; init\(\{ simd: false \}\) cannot switch builds/);
    return true;
  });
  await assert.rejects(scalarLib.init({ simd: true }), /the non-SIMD build is already loaded/);
  assert.throws(() => simdLib.init({ simd: 'yes' }), (e) => e instanceof TypeError && /init: simd must be true, false or undefined, got "yes"/.test(e.message));
  assert.throws(() => simdLib.init({ simd: 1 }), TypeError);
  assert.equal(simdLib.isSimd(), true);
  assert.equal(simdLib.sum(simdLib.arange(5)), 10);
  assert.equal(scalarLib.sum(scalarLib.arange(5)), 10);
});

test('an engine without WebAssembly SIMD gets the fallback (validate of the probe simulated false)', () => {
  // Node 20 cannot turn SIMD off, so the probe's validation is made to fail, as it does there.
  const noSimd = `const v = WebAssembly.validate;
    WebAssembly.validate = (b) => (b.length < 64 && b.includes(0xfd) ? false : v(b));`; // the probe holds a SIMD op (0xfd prefix)
  const out = run(
    `import * as sv from ${JSON.stringify(dist + 'index.mjs')};
    console.log(sv.simdSupported());
    try { await sv.init({ simd: true }); } catch (e) { console.log(e.code, e.message); }
    await sv.init();
    console.log(JSON.stringify(sv.buildInfo()));
    console.log(sv.sum(sv.arange(100, undefined, undefined, 'float32')));`,
    noSimd,
  );
  const lines = out.split('\n');
  assert.equal(lines[0], 'false');
  assert.match(lines[1], /^invalid_argument init: simd: true but this engine has no WebAssembly SIMD/);
  assert.equal(lines[2], JSON.stringify({ simd: false, wasm: 'strideview-nosimd.wasm', detected: true, threads: 1 }));
  assert.equal(lines[3], '4950');
});

test('the CommonJS bundle loads the fallback too', () => {
  const r = spawnSync(
    process.execPath,
    ['-e', `const sv = require(${JSON.stringify(dist + 'index.cjs')});
      sv.init({ simd: false }).then(() => console.log(sv.isSimd(), sv.mul(sv.arange(3), 2).toArray().join(',')));`],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'false 0,2,4');
});

// Small integers (exact in every dtype, and float sums exact in any order), some negative.
function values(dtype, n, seed) {
  const out = [];
  for (let i = 0; i < n; i++) {
    let v = ((i * 7 + seed * 13) % 19) - 9;
    if (dtype.startsWith('uint')) v = Math.abs(v);
    if (dtype === 'bool') v = v > 0 ? 1 : 0;
    out.push(dtype === 'bool' ? v === 1 : v);
  }
  return out;
}

function ops(lib, dtype) {
  const results = {};
  const arr = (shape, seed) => lib.array(values(dtype, shape.reduce((a, b) => a * b, 1), seed), { dtype }).reshape(shape);
  const take = (name, x) => {
    if (!(x instanceof lib.NDArray)) {
      results[name] = [typeof x === 'bigint' ? x.toString() : x]; // a reduction over all axes: a JS value
      return;
    }
    results[name] = Array.from(x.toTypedArray(), (v) => (typeof v === 'bigint' ? v.toString() : v));
    x.dispose();
  };
  // Shapes around the SIMD lane counts and tiles: 3-D small, 2-D with odd sizes above 4 lanes x 16.
  const a3 = arr([3, 4, 5], 1);
  const a2 = arr([37, 70], 2);
  const b2 = arr([37, 70], 3);
  const row = arr([1, 70], 4);
  const col = arr([37, 1], 5);
  take('transpose3', a3.transpose().copy());
  take('permute3', a3.permute([1, 2, 0]).copy());
  take('transpose2', a2.transpose().copy());
  take('flip3', a3.flip({ axis: [1, 2] }).copy());
  take('flip2', a2.flip().copy());
  take('pad3', a3.padView([[1, 1], [0, 2], [2, 0]], 1).copy());
  take('pad2', a2.padView([[2, 1], [17, 3]]).copy());
  take('broadcast', row.broadcastTo([37, 70]).copy());
  take('add', lib.add(a2, b2));
  take('add row', lib.add(a2, row));
  take('add col', lib.add(col, a2));
  take('add scalar', lib.add(a2, dtype === 'bool' ? true : 3));
  const t2 = arr([70, 37], 6);
  take('add transposed', lib.add(a2, t2.transpose()));
  take('add 3d broadcast', lib.add(a3, arr([4, 1], 7)));
  if (dtype !== 'bool') {
    take('sub', lib.sub(a2, row));
    take('mul', lib.mul(a2.flip({ axis: [0] }), b2));
  }
  take('maximum', lib.maximum(a2, b2));
  take('less', lib.less(a2, row));
  take('where', lib.where(lib.greater(a2, b2), a2, b2));
  if (dtype !== 'bool') {
    take('sum all', lib.sum(a2));
    take('sum axis 0', lib.sum(a2, { axis: [0] }));
    take('sum axis 1', lib.sum(a2, { axis: [1] }));
    take('sum 3d axes 0,2', lib.sum(a3, { axis: [0, 2] }));
    take('sum transposed', lib.sum(a2.transpose(), { axis: [1] }));
  }
  take('max axis 1', lib.max(a2, { axis: [1] }));
  take('min axis 0', lib.min(a2, { axis: [0] }));
  take('astype float32', a2.astype('float32'));
  take('astype int16', a3.transpose().astype('int16'));
  for (const x of [a3, a2, b2, row, col, t2]) x.dispose();
  return results;
}

test('SIMD and fallback builds compute the same results for every dtype', async () => {
  await simdLib.init();
  await scalarLib.init({ simd: false });
  let compared = 0;
  // (the complex dtypes: the next test; their kernels have no ordering ops)
  const real = simdLib.DTYPES.filter((d) => !d.startsWith('complex'));
  for (const dtype of real) {
    const s = ops(simdLib, dtype);
    const f = ops(scalarLib, dtype);
    assert.deepEqual(Object.keys(f), Object.keys(s));
    for (const k of Object.keys(s)) {
      assert.ok(s[k].length > 0, `${dtype} ${k}: empty result`);
      assert.deepEqual(f[k], s[k], `${dtype} ${k}: fallback differs from SIMD`);
      compared++;
    }
  }
  assert.ok(compared >= real.length * 20, `only ${compared} comparisons`);
});

test('SIMD and fallback builds compute the same complex results', async () => {
  await simdLib.init();
  await scalarLib.init({ simd: false });
  for (const dtype of ['complex64', 'complex128']) {
    const run = (lib) => {
      const z = (n, seed) => Array.from({ length: n }, (_, i) => lib.complex(((i * 7 + seed) % 19) - 9, ((i * 5 + seed) % 13) - 6));
      const a = lib.array(z(37 * 70, 1), { dtype }).reshape([37, 70]);
      const b = lib.array(z(70, 2), { dtype });
      const out = {};
      const take = (name, x) => {
        out[name] = x instanceof lib.NDArray ? Array.from(x.toTypedArray()) : [x.re, x.im];
      };
      take('add', lib.add(a, b));
      take('sub transposed', lib.sub(a.T, a.T));
      take('mul', lib.mul(a, b));
      take('div', lib.div(a, lib.add(b, lib.complex(0.5, 0.25))));
      take('sum', lib.sum(a));
      take('sum axis 0', lib.sum(a, 0));
      take('prod axis 1', lib.prod(lib.div(a, 8), 1));
      take('matmul', lib.matmul(a, a.T));
      take('exp', lib.exp(lib.div(a, 10)));
      take('abs', lib.abs(a));
      take('conj', lib.conj(a.T));
      take('astype', a.T.astype(dtype === 'complex64' ? 'complex128' : 'complex64'));
      return out;
    };
    const s = run(simdLib);
    const f = run(scalarLib);
    for (const k of Object.keys(s)) assert.deepEqual(f[k], s[k], `${dtype} ${k}: fallback differs from SIMD`);
  }
});
