// The page side: start a module worker, ask for a computation, receive a transferred ArrayBuffer.
const out = document.getElementById('out');
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

function show(result, error) {
  out.textContent = error ? String(error) : JSON.stringify(result);
  document.body.dataset.ready = error ? 'error' : 'true';
}

let result = null;
worker.onmessage = (e) => {
  const msg = e.data;
  if (msg.error) return show(null, msg.error);
  if (msg.buffer) {
    // The buffer arrives without a copy; view it with the typed array class of its dtype.
    const values = new Float64Array(msg.buffer);
    result = { shape: msg.shape, dtype: msg.dtype, values: Array.from(values), bytes: msg.buffer.byteLength };
  } else if (msg.done) {
    // The worker's own reference is detached after the transfer (byteLength 0).
    show({ ...result, transferred: msg.detachedInWorker });
    worker.terminate();
  }
};
worker.onerror = (e) => show(null, e.message || 'worker error');
worker.postMessage({ rows: 3, cols: 4 });
