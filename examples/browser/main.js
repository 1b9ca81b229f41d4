// The browser example's script: load the engine, build views, compute, show the result.
import { init, arange, add, sum } from 'strideview';

const out = document.getElementById('out');
try {
  await init();
  const a = arange(12, undefined, undefined, 'float32').reshape([3, 4]);
  const t = a.transpose(); // a view: no copy
  const s = add(t, t); // broadcasting elementwise op, a new array
  const total = sum(s); // a JS number, as NumPy's scalar
  out.textContent = JSON.stringify({ shape: s.shape, strides: t.strides, values: s.toArray(), sum: total });
  a.base.dispose(); // frees the WASM buffer; s owns its own
  s.dispose();
  document.body.dataset.ready = 'true';
} catch (e) {
  out.textContent = String((e && e.stack) || e);
  document.body.dataset.ready = 'error';
}
