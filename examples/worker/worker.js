// The worker side: strideview runs here (its own WASM instance), the page never blocks.
import { init, arange, add, mul } from 'strideview';

self.onmessage = async (e) => {
  try {
    const { rows, cols } = e.data;
    await init();
    const buf = arange(rows * cols, undefined, undefined, 'float64'); // owns a buffer in WASM memory
    const a = buf.reshape([rows, cols]);
    const r = add(mul(a.transpose(), 2), 1); // 2 * a.T + 1, shape [cols, rows]
    const data = r.toTypedArray(); // a copy in JS memory: transferable (WASM memory is not)
    buf.dispose(); // frees it (a with it)
    r.dispose();
    self.postMessage({ buffer: data.buffer, shape: [cols, rows], dtype: 'float64' }, { transfer: [data.buffer] });
    self.postMessage({ done: true, detachedInWorker: data.buffer.byteLength === 0 });
  } catch (err) {
    self.postMessage({ error: String((err && err.stack) || err) });
  }
};
