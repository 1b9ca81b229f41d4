// examples/node-image.mjs runs as documented and writes the .npy NumPy computes for the same steps.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PY = process.env.SV_PYTHON ?? '/usr/bin/python3';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-examples-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

test('examples/node-image.mjs: crop, flip, transpose, pad, save .npy (checked by NumPy)', () => {
  const out = path.join(tmp, 'out.npy');
  const log = execFileSync(process.execPath, [path.join(root, 'examples/node-image.mjs'), out], { cwd: tmp, encoding: 'utf8' });
  assert.match(log, /framed +\[ 48, 40, 3 \] uint8 owns its buffer: true/);
  assert.match(log, /live arrays after dispose: 0/);
  assert.ok(existsSync(out));
  const res = execFileSync(
    PY,
    [
      '-c',
      `
import numpy as np, sys
H, W = 48, 64
y, x = np.mgrid[0:H, 0:W]
img = np.stack([(x * 4) & 255, (y * 5) & 255, np.where(((x >> 3) + (y >> 3)) & 1, 200, 30)], axis=-1).astype(np.uint8)
want = np.pad(img[8:40, 16:56, :][:, ::-1].transpose(1, 0, 2), ((4, 4), (4, 4), (0, 0)), constant_values=255)
got = np.load(sys.argv[1])
print(got.dtype, got.shape, bool(np.array_equal(got, want)))
`,
      out,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(res.trim(), 'uint8 (48, 40, 3) True');
});
