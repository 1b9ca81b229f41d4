// The worker side: strideview runs here (its own WASM instance), the page never blocks.
import { init, arange, add, mul } from 'strideview';

self.onmessage = async (e) => {
  try {
    const { rows, cols } = e.data;
    await init();
    const a = arange(rows * cols, undefined, undefined, 'float64').reshape([rows, cols]);
    const r = add(mul(a.transpose(), 2), 1); // 2 * a.T + 1, shape [cols, rows]
    const data = r.toTypedArray(); // a copy in JS memory: transferable (WASM memory is not)
    a.base.dispose();
    r.dispose();
    self.postMessage({ buffer: data.buffer, shape: [cols, rows], dtype: 'float64' }, [data.buffer]);
    self.postMessage({ done: true, detachedInWorker: data.buffer.byteLength === 0 });
  } catch (err) {
    self.postMessage({ error: String((err && err.stack) || err) });
  }
};
