// The browser example's script: load the engine, build views, compute, show the result.
import { init, arange, add, sum } from 'strideview';

const out = document.getElementById('out');
try {
  await init();
  const buf = arange(12, undefined, undefined, 'float32'); // owns a buffer in WASM memory
  const a = buf.reshape([3, 4]); // a view of it
  const t = a.transpose(); // a view: no copy
  const s = add(t, t); // broadcasting elementwise op, a new array
  const total = sum(s); // a JS number, as NumPy's scalar
  out.textContent = JSON.stringify({ shape: s.shape, strides: t.strides, values: s.toArray(), sum: total });
  buf.dispose(); // frees the WASM buffer (a and t with it); s owns its own
  s.dispose();
  document.body.dataset.ready = 'true';
} catch (e) {
  out.textContent = String((e && e.stack) || e);
  document.body.dataset.ready = 'error';
}
