// The classify pipeline in Node on a synthetic canvas-like image:
//   node examples/classify/node.mjs [outDir]
// prints the top-5 labels; with outDir, also writes the pixels and every intermediate tensor as
// .npy (rgba, chw, features, logits, probs, top5_indices, top5_probs) for checking with NumPy:
//   python3 -c "import numpy as np; print(np.load('outDir/chw.npy').shape)"   ->  (3, 96, 128)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { array, fromTypedArray, init, memoryStats, saveNpy, tidy } from 'strideview';
import { colorModel, postprocess, preprocess, toCHW } from './pipeline.mjs';

const outDir = process.argv[2];
await init();

/**
 * A deterministic 96 x 128 "sunset" as canvas getImageData would give it (Uint8ClampedArray, RGBA,
 * row-major [H, W, 4]): a sky gradient over a striped sea, a sun disk, and a half-transparent band
 * on the left (its alpha is 128: alpha is dropped, the colours count as they are).
 */
function sunset(H = 96, W = 128) {
  const px = new Uint8ClampedArray(H * W * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 4;
      let rgb;
      if ((x - 80) ** 2 + (y - 40) ** 2 < 18 ** 2) rgb = [255, 220, 90];
      else if (y < 56) rgb = [250 - y, 110 + ((3 * y) >> 1), 40 + 2 * y];
      else rgb = [20 + (x & 15), 60 + ((x + y) % 24), 120 + 2 * (y - 56)];
      px.set(rgb, p);
      px[p + 3] = x < 8 ? 128 : 255;
    }
  }
  return px;
}

const H = 96;
const W = 128;
const rgba = sunset(H, W);
const model = colorModel(); // weights live outside the pipeline's tidy scope: created once
const baseline = memoryStats();

const top = tidy(() => {
  const img = fromTypedArray(rgba, [H, W, 4]); // the one copy into WASM memory (uint8)
  const chwView = toCHW(img);
  console.log('rgba    ', img.shape, img.dtype, 'strides', img.strides);
  console.log('chw view', chwView.shape, 'strides', chwView.strides, 'shares the pixels:', chwView.base === img);

  const x = preprocess(img); // float32 [3, H, W]: the first and only new buffer of preprocessing
  console.log('tensor  ', x.shape, x.dtype, 'strides', x.strides);
  const { features, logits } = model.forward(x);
  const { probs, top } = postprocess(logits, model.labels, 5);
  console.log('features', features.toArray().map((v) => v.toFixed(4)).join(' '));
  console.log('logits  ', logits.toArray().map((v) => v.toFixed(3)).join(' '));

  if (outDir) {
    mkdirSync(outDir, { recursive: true });
    const save = (name, a) => writeFileSync(path.join(outDir, `${name}.npy`), saveNpy(a));
    save('rgba', img);
    save('chw', x);
    save('features', features);
    save('logits', logits);
    save('probs', probs);
    save('top5_indices', array(top.map((t) => BigInt(t.index)), { dtype: 'int64' }));
    save('top5_probs', array(top.map((t) => t.prob), { dtype: 'float32' }));
    console.log(`wrote ${outDir}/{rgba,chw,features,logits,probs,top5_indices,top5_probs}.npy`);
  }
  return top; // plain JS: every array above is disposed when tidy returns
});

console.log('top-5:');
for (const t of top) console.log(`  ${t.rank}. ${t.label.padEnd(7)} ${t.prob.toFixed(4)}  (class ${t.index})`);
const after = memoryStats();
console.log('live arrays after the pipeline:', after.liveArrays - baseline.liveArrays, 'bytes:', after.liveBytes - baseline.liveBytes);
model.dispose();
