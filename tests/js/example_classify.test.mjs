// examples/classify: canvas RGBA pixels -> normalized CHW float32 -> toy colour model -> softmax
// -> top-5, checked against NumPy computing the same steps independently (float64) from the same
// pixels: the Node script (its .npy files), the module in-process on odd-sized random pixels (and
// the memory it leaves: none), and the browser page on a real <canvas> in Chromium.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { array, fromTypedArray, init, memoryStats, saveNpy, tidy } from 'strideview';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PY = process.env.SV_PYTHON ?? '/usr/bin/python3';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sv-classify-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

let P; // examples/classify/pipeline.mjs
before(async () => {
  await init();
  P = await import(path.join(root, 'examples/classify/pipeline.mjs'));
});

// Float32 tolerances (absolute), against float64 NumPy. The normalized pixels lie in [-2.2, 2.7]
// (a float32 ulp there is 2.4e-7; two rounded ops and the rounded 255 * mean / 255 * std make a
// few ulp); the features are means of 12288 such values (summation error stays well under 1e-5);
// the logits are sums of 3 products with |weight| <= 2.7 plus a bias up to 8; the probabilities
// move by p * (1 - p) * (logit error) at most.
const TOL = { chw: 2e-6, features: 1e-5, logits: 1e-4, probs: 3e-5, probsSum: 1e-6 };

// The reference: every step of pipeline.mjs written again in NumPy, from the pixels (rgba.npy),
// the constants repeated here (not read from the module). Prints the errors of whichever result
// files are in the directory, as JSON.
const REFERENCE = `
import json, os, sys
import numpy as np
d = sys.argv[1]
MEAN = np.array([0.485, 0.456, 0.406]); STD = np.array([0.229, 0.224, 0.225])
PROTOS = np.array([[0, 0, 0], [255, 255, 255], [128, 128, 128], [220, 30, 30], [255, 140, 0],
                   [240, 220, 40], [40, 160, 60], [30, 80, 220], [130, 50, 170], [130, 80, 40]], dtype=np.float64)
T = 1.0
rgba = np.load(os.path.join(d, 'rgba.npy'))
assert rgba.dtype == np.uint8 and rgba.ndim == 3 and rgba.shape[2] == 4, (rgba.dtype, rgba.shape)
chw = (rgba[:, :, :3].transpose(2, 0, 1) / 255.0 - MEAN[:, None, None]) / STD[:, None, None]
features = chw.mean(axis=(1, 2))
Pn = (PROTOS / 255.0 - MEAN) / STD                      # prototypes, normalized like the pixels
logits = features @ (Pn.T / T) - (Pn ** 2).sum(axis=1) / (2 * T)
z = logits - logits.max(axis=-1, keepdims=True)
probs = np.exp(z) / np.exp(z).sum(axis=-1, keepdims=True)
order = np.argsort(-probs, kind='stable')              # largest first, ties by lower index
# the model's claim: the same softmax as the nearest-prototype rule exp(-|f - p_k|^2 / 2T)
nearest = np.exp(-((features - Pn) ** 2).sum(axis=1) / (2 * T))
out = {
  'shape': list(rgba.shape),
  'top5': order[:5].tolist(),
  'top5_probs': probs[order[:5]].tolist(),
  'min_gap_top6': float(np.min(-np.diff(probs[order[:6]]))),
  'model_is_nearest_colour': float(np.abs(probs - nearest / nearest.sum()).max()),
}
def err(name, want):
    f = os.path.join(d, name + '.npy')
    if not os.path.exists(f):
        return
    got = np.load(f)
    out[name + '_dtype'] = str(got.dtype)
    out[name + '_shape'] = list(got.shape)
    out[name + '_err'] = float(np.abs(got.astype(np.float64) - want).max()) if got.shape == want.shape else None
err('chw', chw)
err('features', features)
err('logits', logits)
err('probs', probs)
if os.path.exists(os.path.join(d, 'probs.npy')):
    out['probs_sum_err'] = float(abs(np.load(os.path.join(d, 'probs.npy')).astype(np.float64).sum() - 1))
if os.path.exists(os.path.join(d, 'top5_indices.npy')):
    got = np.load(os.path.join(d, 'top5_indices.npy'))
    out['top5_indices_dtype'] = str(got.dtype)
    out['top5_indices'] = got.tolist()
    out['top5_probs_err'] = float(np.abs(np.load(os.path.join(d, 'top5_probs.npy')) - probs[order[:5]]).max())
print(json.dumps(out))
`;

function reference(dir) {
  return JSON.parse(execFileSync(PY, ['-c', REFERENCE, dir], { encoding: 'utf8' }));
}

/** Checks what reference() reports for a directory holding rgba.npy and the pipeline's results. */
function checkAgainstNumpy(ref, { H, W, top, probTol = TOL.probs }) {
  assert.deepEqual(ref.shape, [H, W, 4]);
  assert.ok(ref.model_is_nearest_colour < 1e-12, `the linear layer is the nearest-colour rule (${ref.model_is_nearest_colour})`);
  // The reference's top 6 are far enough apart that float32 rounding cannot reorder them: the
  // top-5 indices must then match exactly.
  assert.ok(ref.min_gap_top6 > 10 * TOL.probs, `top-6 probabilities too close for a stable order: ${ref.min_gap_top6}`);
  for (const k of ['features', 'logits', 'probs']) {
    assert.equal(ref[`${k}_dtype`], 'float32', k);
    assert.ok(ref[`${k}_err`] !== null && ref[`${k}_err`] <= TOL[k], `${k}: max |error| ${ref[`${k}_err`]} > ${TOL[k]}`);
  }
  assert.deepEqual(ref.features_shape, [3]);
  assert.deepEqual(ref.logits_shape, [10]);
  assert.deepEqual(ref.probs_shape, [10]);
  assert.ok(ref.probs_sum_err <= TOL.probsSum, `probs sum to 1 +- ${ref.probs_sum_err}`);
  if (top) {
    assert.deepEqual(
      top.map((t) => t.index),
      ref.top5,
    );
    assert.deepEqual(
      top.map((t) => t.rank),
      [1, 2, 3, 4, 5],
    );
    top.forEach((t, r) => {
      assert.equal(t.label, P.LABELS[ref.top5[r]]);
      assert.ok(Math.abs(t.prob - ref.top5_probs[r]) <= probTol, `top ${r + 1} prob ${t.prob} vs ${ref.top5_probs[r]}`);
    });
  }
}

/** Deterministic pseudo-random bytes (mulberry32). */
function randomBytes(n, seed) {
  const out = new Uint8ClampedArray(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 255;
  }
  return out;
}

test('examples/classify/node.mjs: pixels, CHW tensor, features, logits, softmax and top-5 match NumPy', () => {
  const dir = path.join(tmp, 'node');
  const log = execFileSync(process.execPath, [path.join(root, 'examples/classify/node.mjs'), dir], { cwd: tmp, encoding: 'utf8' });
  // drop alpha + transpose are views of the RGBA buffer; the first new buffer is the float32 tensor
  assert.match(log, /rgba +\[ 96, 128, 4 \] uint8 strides \[ 512, 4, 1 \]/);
  assert.match(log, /chw view \[ 3, 96, 128 \] strides \[ 1, 512, 4 \] shares the pixels: true/);
  assert.match(log, /tensor +\[ 3, 96, 128 \] float32 strides \[ 12288, 128, 1 \]/);
  assert.match(log, /live arrays after the pipeline: 0 bytes: 0/);
  for (const f of ['rgba', 'chw', 'features', 'logits', 'probs', 'top5_indices', 'top5_probs']) assert.ok(existsSync(path.join(dir, `${f}.npy`)), f);

  // The pixels: NumPy draws the same synthetic image (as the script documents it) and compares.
  const pixels = execFileSync(
    PY,
    [
      '-c',
      `
import numpy as np, sys
H, W = 96, 128
y, x = np.mgrid[0:H, 0:W]
sun = (x - 80) ** 2 + (y - 40) ** 2 < 18 ** 2
sky = y < 56
r = np.where(sun, 255, np.where(sky, 250 - y, 20 + (x & 15)))
g = np.where(sun, 220, np.where(sky, 110 + ((3 * y) >> 1), 60 + (x + y) % 24))
b = np.where(sun, 90, np.where(sky, 40 + 2 * y, 120 + 2 * (y - 56)))
a = np.where(x < 8, 128, 255)
want = np.stack([r, g, b, a], axis=-1).astype(np.uint8)
got = np.load(sys.argv[1])
print(got.dtype, got.shape, bool(np.array_equal(got, want)))
`,
      path.join(dir, 'rgba.npy'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(pixels.trim(), 'uint8 (96, 128, 4) True');

  const ref = reference(dir);
  assert.equal(ref.chw_dtype, 'float32');
  assert.deepEqual(ref.chw_shape, [3, 96, 128]);
  assert.ok(ref.chw_err <= TOL.chw, `chw: max |error| ${ref.chw_err}`);
  assert.equal(ref.top5_indices_dtype, 'int64');
  assert.deepEqual(ref.top5_indices, ref.top5);
  assert.ok(ref.top5_probs_err <= TOL.probs, `top5 probs: ${ref.top5_probs_err}`);
  // the printed top-5 is NumPy's
  const printed = [...log.matchAll(/^ +(\d)\. (\w+) +([\d.]+) +\(class (\d+)\)$/gm)].map((m) => ({ rank: +m[1], label: m[2], prob: +m[3], index: +m[4] }));
  assert.equal(printed.length, 5, log);
  checkAgainstNumpy(ref, { H: 96, W: 128, top: printed, probTol: 0.5e-4 + TOL.probs }); // printed with 4 decimals
});

test('pipeline.mjs in-process on odd-sized random pixels: matches NumPy, leaves no live arrays', () => {
  const H = 37;
  const W = 53;
  const rgba = randomBytes(H * W * 4, 13);
  // random pixels average to mid-gray: bias them so the mean colour is not a near-tie
  for (let i = 0; i < rgba.length; i += 4) rgba[i + 2] = rgba[i + 2] >> 2;
  const model = P.colorModel();
  const base = memoryStats();

  const dir = path.join(tmp, 'inproc');
  mkdirSync(dir);
  const top = tidy(() => {
    const x = P.preprocess(rgba, H, W);
    assert.equal(x.dtype, 'float32');
    assert.deepEqual(x.shape, [3, H, W]);
    assert.ok(x.isCContiguous);
    const { features, logits } = model.forward(x);
    const { probs, top } = P.postprocess(logits, model.labels, 5);
    const save = (name, a) => writeFileSync(path.join(dir, `${name}.npy`), saveNpy(a));
    save('rgba', fromTypedArray(rgba, [H, W, 4]));
    save('chw', x);
    save('features', features);
    save('logits', logits);
    save('probs', probs);
    return top;
  });
  assert.equal(memoryStats().liveArrays, base.liveArrays, 'tidy() freed every array of the pipeline');
  assert.equal(memoryStats().liveBytes, base.liveBytes);

  const ref = reference(dir);
  assert.deepEqual(ref.chw_shape, [3, H, W]);
  assert.ok(ref.chw_err <= TOL.chw, `chw: max |error| ${ref.chw_err}`);
  checkAgainstNumpy(ref, { H, W, top });

  // classify(): the same numbers as plain JS, and nothing left behind either
  const r = P.classify(rgba, H, W, model, 5);
  assert.deepEqual(r.top, top);
  assert.ok(r.probs instanceof Float32Array && r.probs.length === 10);
  assert.equal(memoryStats().liveArrays, base.liveArrays);
  assert.equal(memoryStats().liveBytes, base.liveBytes);

  // an [H, W, 4] NDArray, even a strided view (here vertically flipped), goes in as well
  tidy(() => {
    const img = fromTypedArray(rgba, [H, W, 4]);
    const flipped = img.flip({ axis: 0 });
    const a = P.preprocess(flipped).toTypedArray();
    const b = P.preprocess(img).flip({ axis: 1 }).copy().toTypedArray();
    assert.deepEqual(a, b);
  });
  assert.equal(memoryStats().liveArrays, base.liveArrays);

  assert.throws(() => P.preprocess(rgba, H, W + 1), /^RangeError: preprocess: expected 37 \* 54 \* 4 = 7992 bytes of RGBA, got 7844/);
  assert.throws(() => P.preprocess(rgba, 0, W), /^RangeError: preprocess: H and W must be positive integers/);
  tidy(() => assert.throws(() => P.toCHW(fromTypedArray(rgba, [H, W * 4])), /toCHW: expected an \[H, W, 4\] array, got \[37,212\]/));
  assert.equal(memoryStats().liveArrays, base.liveArrays);
  model.dispose();
});

test('softmax is numerically stable (subtracts the max with keepdims), along the last axis of a batch', () => {
  const base = memoryStats();
  const rows = [
    [1000, 1001, 1002, -1000],
    [-3, 0, 3, 88],
    [0.5, 0.5, 0.5, 0.5],
  ];
  const got = tidy(() => P.softmax(array(rows, { dtype: 'float32' })).toArray());
  assert.equal(memoryStats().liveArrays, base.liveArrays);
  const want = JSON.parse(
    execFileSync(PY, ['-c', `import json, numpy as np\nx = np.array(${JSON.stringify(rows)}, dtype=np.float64)\nz = np.exp(x - x.max(axis=-1, keepdims=True))\nprint(json.dumps((z / z.sum(axis=-1, keepdims=True)).tolist()))`], { encoding: 'utf8' }),
  );
  got.forEach((row, i) =>
    row.forEach((v, j) => {
      assert.ok(Number.isFinite(v), `row ${i}: ${row}`);
      assert.ok(Math.abs(v - want[i][j]) <= 1e-7 + 1e-6 * want[i][j], `[${i}, ${j}]: ${v} vs ${want[i][j]}`);
    }),
  );
});

const chromiumPath = process.env.SV_CHROMIUM || '/usr/bin/chromium';
const browserSkip = process.env.SV_SKIP_BROWSER === '1' ? 'SV_SKIP_BROWSER=1' : !existsSync(chromiumPath) ? `${chromiumPath} is missing` : false;

test('examples/classify/ in Chromium: a real <canvas> through the pipeline, checked by NumPy', { skip: browserSkip, timeout: 120_000 }, async () => {
  const { serve } = await import(path.join(root, 'examples/serve.mjs'));
  const { launchChromium } = await import(path.join(root, 'tests/browser/chromium.mjs'));
  const server = await serve(root);
  const context = await launchChromium(path.join(tmp, 'chromium'));
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}/examples/classify/`);
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 30_000 }).catch((e) => {
      throw new Error(`the page did not finish loading: ${e.message}\npage errors: ${errors.join('\n')}`);
    });
    assert.equal(await page.getAttribute('body', 'data-ready'), 'true', await page.textContent('#info'));
    let r;
    for (const scene of ['sunset', 'forest', 'night', 'bricks']) {
      await page.selectOption('#scene', scene);
      r = await page.evaluate(() => window.classifyResult);
      assert.equal(r.scene, scene);
      assert.deepEqual(r.viewStrides, [1, r.W * 4, 4]);
      assert.equal(r.liveArraysDelta, 0);
      assert.equal(r.liveBytesDelta, 0);
      assert.equal((await page.$$('#top li')).length, 5);
      assert.equal(await page.textContent('#top li:first-child span'), `1. ${r.top[0].label}`);

      const dir = path.join(tmp, `page-${scene}`);
      mkdirSync(dir);
      tidy(() => {
        const save = (name, a) => writeFileSync(path.join(dir, `${name}.npy`), saveNpy(a));
        save('rgba', fromTypedArray(Uint8Array.from(r.rgba), [r.H, r.W, 4]));
        save('features', array(r.features, { dtype: 'float32' }));
        save('logits', array(r.logits, { dtype: 'float32' }));
        save('probs', array(r.probs, { dtype: 'float32' }));
      });
      const ref = reference(dir);
      try {
        checkAgainstNumpy(ref, { H: r.H, W: r.W, top: r.top });
      } catch (e) {
        e.message = `scene ${scene}: ${e.message}`;
        throw e;
      }
    }
    // painting re-runs the pipeline on the new pixels
    const box = await page.locator('#canvas').boundingBox();
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + 20 + i * 6);
    await page.mouse.up();
    const painted = await page.evaluate(() => window.classifyResult);
    assert.equal(painted.scene, 'bricks');
    assert.equal(painted.liveArraysDelta, 0);
    assert.notDeepEqual(painted.rgba, r.rgba, 'the brush changed the pixels');
    assert.notDeepEqual(painted.probs, r.probs, 'and the pipeline ran again on them');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
