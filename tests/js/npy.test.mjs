// loadNpy / saveNpy against NumPy itself (/usr/bin/python3 with Debian's numpy): files NumPy writes
// (every dtype, both byte orders, C and Fortran order, 0-d, empty, format 1.0 / 2.0 / 3.0) load with
// the same values, and NumPy reads the files we write back to the same values.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ready, sv, throwsSv } from './helpers.mjs';

const PY = process.env.SV_PYTHON ?? '/usr/bin/python3';
let tmp;

before(async () => {
  await ready;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-npy-'));
});
after(() => tmp && rmSync(tmp, { recursive: true, force: true }));

function py(code) {
  return execFileSync(PY, ['-c', code], { cwd: tmp, encoding: 'utf8', maxBuffer: 64 << 20 });
}

const CODES = { f4: 'float32', f8: 'float64', i1: 'int8', u1: 'uint8', i2: 'int16', u2: 'uint16', i4: 'int32', u4: 'uint32', i8: 'int64', u8: 'uint64', b1: 'bool', c8: 'complex64', c16: 'complex128' };

/** Nested arrays with bigints turned into strings (JSON-comparable to what Python prints). */
// (complex values as [re, im], as the Python side writes them)
const norm = (x) => (Array.isArray(x) ? x.map(norm) : typeof x === 'bigint' ? String(x) : x instanceof sv.Complex ? [x.re, x.im] : x);
/** The elements as nested arrays; 64-bit integers exactly, as bigints (toArray gives numbers and refuses inexact ones). */
const elements = (a) => {
  if (a.dtype !== 'int64' && a.dtype !== 'uint64') return a.toArray();
  const flat = [...a.toTypedArray()];
  const build = (d) => (d === a.ndim ? flat.shift() : Array.from({ length: a.shape[d] }, () => build(d + 1)));
  return build(0);
};

describe('loadNpy reads what NumPy writes', () => {
  test('every dtype x byte order x memory order, plus 0-d and empty', () => {
    const out = py(`
import numpy as np, json
rng = np.random.default_rng(7)
cases = []
def vals(code, shape):
    n = int(np.prod(shape)) if len(shape) else 1
    if code == 'b1': return (rng.integers(0, 2, n) == 1).reshape(shape)
    if code[0] == 'f': return (rng.standard_normal(n) * 1000).astype(code).reshape(shape)
    if code[0] == 'c': return (rng.standard_normal(n) * 1000 + 1j * rng.standard_normal(n)).astype(code).reshape(shape)
    info = np.iinfo(code)
    return rng.integers(info.min, info.max, n, dtype=code, endpoint=True).reshape(shape)
def tolist(a):
    if a.dtype.kind in 'iu' and a.dtype.itemsize == 8: return np.vectorize(str, otypes=[object])(a).tolist() if a.ndim else str(a.item())
    if a.dtype.kind == 'c': return np.stack([a.real, a.imag], -1).tolist()
    return a.tolist()
for code in ${JSON.stringify(Object.keys(CODES))}:
    for endian in ('<', '>'):
        for order in ('C', 'F'):
            for shape in [(2, 3, 4), (5,), (), (0, 3), (3, 1, 2)]:
                a = vals(code, shape)
                dt = np.dtype(code).newbyteorder(endian) if code not in ('i1','u1','b1') else np.dtype(code)
                b = np.asarray(a, dtype=dt, order=order)
                if order == 'F' and b.ndim > 1: b = np.asfortranarray(b)
                name = f'np_{code}_{"le" if endian == "<" else "be"}_{order}_{len(shape)}_{len(cases)}.npy'
                np.save(name, b)
                cases.append({'file': name, 'dtype': code, 'shape': list(shape), 'fortran': bool(b.flags.f_contiguous and not b.flags.c_contiguous), 'values': tolist(a)})
print(json.dumps(cases))
`);
    const cases = JSON.parse(out);
    assert.ok(cases.length >= 11 * 2 * 2 * 5);
    let fortranSeen = 0;
    let bigSeen = 0;
    for (const c of cases) {
      const bytes = readFileSync(path.join(tmp, c.file));
      const a = sv.loadNpy(bytes);
      assert.equal(a.dtype, CODES[c.dtype], c.file);
      assert.deepEqual(a.shape, c.shape, c.file);
      const expect = c.dtype[0] === 'f' && c.dtype === 'f4' ? c.values : c.values;
      let got = norm(elements(a));
      if (c.dtype === 'f4') got = JSON.parse(JSON.stringify(got)); // values are the exact float32 -> double
      assert.deepEqual(got, expect, c.file);
      if (c.fortran) {
        fortranSeen++;
        assert.equal(a.isCContiguous, false, `${c.file} keeps Fortran strides`);
        assert.equal(a.base, null, `${c.file} owns its buffer`);
      }
      if (c.file.includes('_be_')) bigSeen++;
      a.dispose();
    }
    assert.ok(fortranSeen > 20, `Fortran files tested: ${fortranSeen}`);
    assert.ok(bigSeen > 50, `big-endian files tested: ${bigSeen}`);
  });

  test('format versions 1.0, 2.0 and 3.0', () => {
    py(`
import numpy as np
from numpy.lib import format as F
a = np.arange(12, dtype='>i4').reshape(3, 4)
for v in [(1, 0), (2, 0), (3, 0)]:
    with open(f'v{v[0]}.npy', 'wb') as f: F.write_array(f, a, version=v)
`);
    for (const v of [1, 2, 3]) {
      const bytes = readFileSync(path.join(tmp, `v${v}.npy`));
      assert.equal(bytes[6], v);
      const a = sv.loadNpy(bytes);
      assert.equal(a.dtype, 'int32');
      assert.deepEqual(a.toArray(), [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]);
    }
  });

  test('errors: bad magic, truncation, object and unsupported dtypes, bad input type', () => {
    py(`
import numpy as np
np.save('obj.npy', np.array([1, 'a', None], dtype=object), allow_pickle=True)
np.save('c8.npy', np.zeros(3, dtype='<c8'))
np.save('c16.npy', np.zeros(3, dtype='<c16'))
np.save('rec.npy', np.zeros(3, dtype=[('x', '<f4'), ('y', '<i4')]))
np.save('ok.npy', np.arange(10, dtype='<f8'))
`);
    const load = (f) => sv.loadNpy(readFileSync(path.join(tmp, f)));
    throwsSv(assert, () => load('obj.npy'), 'invalid_argument', /object arrays \(descr '\|O'\)/);
    // complex64 / complex128 load (the round trips above); what is still unsupported names the list
    assert.equal(load('c8.npy').dtype, 'complex64');
    assert.equal(load('c16.npy').dtype, 'complex128');
    throwsSv(assert, () => load('rec.npy'), 'invalid_argument', /structured dtypes/);
    const ok = readFileSync(path.join(tmp, 'ok.npy'));
    throwsSv(assert, () => sv.loadNpy(ok.subarray(0, ok.length - 1)), 'invalid_argument', /truncated data: shape \[10\] of <f8 needs 80 bytes, the file has 79/);
    throwsSv(assert, () => sv.loadNpy(ok.subarray(0, 40)), 'invalid_argument', /truncated header/);
    throwsSv(assert, () => sv.loadNpy(new Uint8Array(ok.length)), 'invalid_argument', /bad magic/);
    throwsSv(assert, () => sv.loadNpy(new Uint8Array(3)), 'invalid_argument', /bad magic/);
    const v9 = Uint8Array.from(ok);
    v9[6] = 9;
    throwsSv(assert, () => sv.loadNpy(v9), 'invalid_argument', /version 9\.0/);
    const garbled = Uint8Array.from(ok);
    garbled[12] = 0x21; // breaks the dict literal
    throwsSv(assert, () => sv.loadNpy(garbled), 'invalid_argument');
    assert.throws(() => sv.loadNpy('abc'), TypeError);
    assert.throws(() => sv.loadNpy(null), TypeError);
    // the instance keeps working; ArrayBuffer input is accepted too
    const back = sv.loadNpy(ok.buffer.slice(ok.byteOffset, ok.byteOffset + ok.length));
    assert.deepEqual(back.toArray(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('saveNpy writes what NumPy reads', () => {
  test('every dtype, views (strided, negative, broadcast, padded), 0-d and empty', () => {
    const made = [];
    for (const d of sv.DTYPES) {
      const base = sv.arange(-12, 12, undefined, 'int32').astype(d).reshape([2, 3, 4]);
      const variants = {
        plain: base,
        view: base.slice('::-1, 1:, ::2').transpose(),
        bcast: base.slice('0, 0').broadcastTo([3, 4]),
        pad: base.slice('1, :2, :2').padView([[1, 0], [0, 2]]),
        scalar: base.slice('1, 2, 3'),
        empty: base.slice(':, 3:, :'),
      };
      for (const [k, v] of Object.entries(variants)) {
        const file = `sv_${d}_${k}.npy`;
        writeFileSync(path.join(tmp, file), sv.saveNpy(v));
        made.push({ file, dtype: d, shape: v.shape, values: norm(elements(v)) });
      }
    }
    writeFileSync(path.join(tmp, 'made.json'), JSON.stringify(made));
    const out = py(`
import numpy as np, json
made = json.load(open('made.json'))
res = []
for m in made:
    with open(m['file'], 'rb') as f:
        major = f.read(8)[6]
    a = np.load(m['file'], allow_pickle=False)
    v = a.tolist()
    if a.dtype.kind in 'iu' and a.dtype.itemsize == 8:
        v = np.vectorize(str, otypes=[object])(a).tolist() if a.ndim else str(a.item())
    if a.dtype.kind == 'c':
        v = np.stack([a.real, a.imag], -1).tolist()
    res.append({'file': m['file'], 'dtype': str(a.dtype), 'shape': list(a.shape), 'values': v, 'major': major, 'c': bool(a.flags.c_contiguous)})
print(json.dumps(res))
`);
    const res = JSON.parse(out);
    assert.equal(res.length, made.length);
    for (let k = 0; k < res.length; k++) {
      const r = res[k];
      const m = made[k];
      assert.equal(r.dtype, m.dtype, m.file);
      assert.deepEqual(r.shape, m.shape, m.file);
      assert.deepEqual(r.values, m.values, m.file);
      assert.equal(r.major, 1, m.file);
      assert.ok(r.c, m.file);
    }
  });

  test('round trip through our own reader and the header layout', () => {
    const a = sv.arange(6, undefined, undefined, 'float32').reshape([2, 3]);
    const bytes = sv.saveNpy(a);
    assert.equal(bytes.length % 64, 24 % 64); // 64-byte aligned header + 6 * 4 data bytes
    const text = new TextDecoder().decode(bytes.subarray(10, bytes.length - 24));
    assert.match(text, /^\{'descr': '<f4', 'fortran_order': False, 'shape': \(2, 3\), \} *\n$/);
    assert.deepEqual(sv.loadNpy(bytes).toArray(), a.toArray());
    assert.match(new TextDecoder().decode(sv.saveNpy(sv.zeros([5], 'bool')).subarray(10, 128)), /'descr': '\|b1'.*'shape': \(5,\)/);
    assert.match(new TextDecoder().decode(sv.saveNpy(sv.full([], 3, 'int64')).subarray(10, 128)), /'shape': \(\)/);
    assert.throws(() => sv.saveNpy({}), /saveNpy: expected an NDArray/);
    const d = sv.zeros([2]);
    d.dispose();
    throwsSv(assert, () => sv.saveNpy(d), 'disposed');
  });
});
