// The classify page: draw a scene on the canvas, read it back with getImageData and run the same
// pipeline as examples/classify/node.mjs; painting on the canvas re-runs it.
// The last result is also left on window.classifyResult (pixels included) for the tests.
import { fromTypedArray, init, isSimd, memoryStats } from 'strideview';
import { MEAN, STD, classify, colorModel, toCHW } from './pipeline.mjs';

const canvas = document.getElementById('canvas');
const ctx = canvas.getContext('2d', { willReadFrequently: true });
const sceneSelect = document.getElementById('scene');
const brush = document.getElementById('brush');
const list = document.getElementById('top');
const swatch = document.getElementById('swatch');
const info = document.getElementById('info');
const W = canvas.width;
const H = canvas.height;

const SCENES = {
  sunset() {
    const sky = ctx.createLinearGradient(0, 0, 0, 56);
    sky.addColorStop(0, '#f46b2a');
    sky.addColorStop(1, '#7b3f8c');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, W, 56);
    ctx.fillStyle = '#ffd75a';
    ctx.beginPath();
    ctx.arc(80, 44, 16, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = '#1c3c78';
    ctx.fillRect(0, 56, W, H - 56);
  },
  forest() {
    ctx.fillStyle = '#9fd3f0';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#3d8b3d';
    ctx.fillRect(0, 60, W, H - 60);
    ctx.fillStyle = '#1f5e2a';
    for (let x = -6; x < W; x += 18) {
      ctx.beginPath();
      ctx.moveTo(x, 72);
      ctx.lineTo(x + 10, 18 + ((x * 7) % 20));
      ctx.lineTo(x + 20, 72);
      ctx.fill();
    }
  },
  night() {
    ctx.fillStyle = '#0b1030';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#f4f1dc';
    ctx.beginPath();
    ctx.arc(96, 24, 12, 0, 2 * Math.PI);
    ctx.fill();
    for (let i = 0; i < 40; i++) ctx.fillRect((i * 37) % W, (i * 53) % 70, 1, 1);
  },
  bricks() {
    ctx.fillStyle = '#9a9a90';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#a4442a';
    for (let y = 0; y < H; y += 12) {
      for (let x = (y / 12) % 2 ? -12 : 0; x < W; x += 24) ctx.fillRect(x + 1, y + 1, 22, 10);
    }
  },
};

let model;

function run() {
  const t0 = performance.now();
  const before = memoryStats();
  const { data } = ctx.getImageData(0, 0, W, H); // Uint8ClampedArray, [H, W, 4]
  const r = classify(data, H, W, model, 5);
  const ms = performance.now() - t0;
  const after = memoryStats();

  list.replaceChildren(
    ...r.top.map((t) => {
      const li = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${t.rank}. ${t.label}`;
      const prob = document.createElement('span');
      prob.textContent = t.prob.toFixed(3);
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.width = `${(100 * t.prob).toFixed(1)}%`;
      li.append(label, prob, bar);
      return li;
    }),
  );
  // features are the mean of the normalized channels: undo the normalization to show the colour.
  const rgb = Array.from(r.features, (f, c) => Math.round(255 * (f * STD[c] + MEAN[c])));
  swatch.style.background = `rgb(${rgb.join(', ')})`;
  swatch.title = `rgb(${rgb.join(', ')})`;

  // What the pipeline's first step sees: a [3, H, W] view of the pixels (shown on a throwaway copy).
  const img = fromTypedArray(data, [H, W, 4]);
  const view = toCHW(img);
  const viewStrides = view.strides;
  const viewInfo = `chw view ${JSON.stringify(view.shape)} strides ${JSON.stringify(viewStrides)}: a view of the RGBA pixels`;
  img.dispose(); // frees the pixels' buffer (the view included)

  info.textContent = [
    `${W} x ${H} pixels, ${isSimd() ? 'SIMD128' : 'scalar'} build, ${ms.toFixed(1)} ms`,
    viewInfo,
    `logits ${Array.from(r.logits, (v) => v.toFixed(2)).join(' ')}`,
    `live arrays after the pipeline: ${after.liveArrays - before.liveArrays}`,
  ].join('\n');
  window.classifyResult = {
    scene: sceneSelect.value,
    H,
    W,
    rgba: Array.from(data),
    top: r.top,
    probs: Array.from(r.probs),
    logits: Array.from(r.logits),
    features: Array.from(r.features),
    liveArraysDelta: after.liveArrays - before.liveArrays,
    liveBytesDelta: after.liveBytes - before.liveBytes,
    viewStrides,
  };
}

function drawScene() {
  ctx.clearRect(0, 0, W, H);
  SCENES[sceneSelect.value]();
  run();
}

function paint(e) {
  const rect = canvas.getBoundingClientRect();
  const x = ((e.clientX - rect.left) * W) / rect.width;
  const y = ((e.clientY - rect.top) * H) / rect.height;
  ctx.fillStyle = brush.value;
  ctx.beginPath();
  ctx.arc(x, y, 5, 0, 2 * Math.PI);
  ctx.fill();
}

try {
  await init();
  model = colorModel(); // created once, lives as long as the page
  sceneSelect.addEventListener('change', drawScene);
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    paint(e);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (canvas.hasPointerCapture(e.pointerId)) paint(e);
  });
  canvas.addEventListener('pointerup', run);
  drawScene();
  document.body.dataset.ready = 'true';
} catch (e) {
  info.textContent = String((e && e.stack) || e);
  document.body.dataset.ready = 'error';
}
