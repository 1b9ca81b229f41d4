// JS peers for bench/run.mjs: the same cases through scijs ndarray-ops, @stdlib/ndarray and
// tfjs-backend-wasm. Each factory returns { name, cases: { caseName: () => void } } where every
// thunk performs one complete operation on preallocated inputs (outputs preallocated where the peer
// allows; otherwise allocated and disposed inside the thunk, as users would). Peers are devDependencies
// only; a missing peer is reported and skipped.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);

function tryRequire(name) {
  try {
    return require(name);
  } catch (e) {
    return null;
  }
}

export function ndarrayOpsPeer(N) {
  const ndarray = tryRequire('ndarray');
  const ops = tryRequire('ndarray-ops');
  if (!ndarray || !ops) return null;
  const a = ndarray(new Float32Array(N * N).map((_, i) => i % 97), [N, N]);
  const b = ndarray(new Float32Array(N * N).map((_, i) => i % 89), [N, N]);
  const out = ndarray(new Float32Array(N * N), [N, N]);
  const row = ndarray(new Float32Array(N).map((_, i) => i), [1, N]);
  const rowB = ndarray(row.data, [N, N], [0, 1], 0);
  const inner = ndarray(new Float32Array((N - 2) * (N - 2)), [N - 2, N - 2]);
  return {
    name: 'ndarray-ops',
    cases: {
      'materialize contiguous': () => ops.assign(out, a),
      'materialize 2-D transpose': () => ops.assign(out, a.transpose(1, 0)),
      'materialize flip last axis': () => ops.assign(out, a.step(1, -1)),
      'materialize broadcast [1,N]->[N,N]': () => ops.assign(out, rowB),
      'materialize padded view (1 each side)': () => {
        // ndarray has no virtual padding: fill the border, copy the inside.
        ops.assigns(out, 0);
        ops.assign(out.lo(1, 1).hi(N - 2, N - 2), inner);
      },
      'add contiguous': () => ops.add(out, a, b),
      'add broadcast row': () => ops.add(out, a, rowB),
      'add one transposed operand': () => ops.add(out, a, b.transpose(1, 0)),
      'sum all (ndarray-ops has no axis sum)': () => ops.sum(a),
    },
  };
}

export function stdlibPeer(N) {
  const assign = tryRequire('@stdlib/ndarray/base/assign');
  const binary = tryRequire('@stdlib/ndarray/base/binary');
  if (!assign || !binary) return null;
  const mk = (data, shape, strides, offset) => ({
    dtype: 'float32', data, shape, strides, offset, order: 'row-major',
  });
  const A = new Float32Array(N * N).map((_, i) => i % 97);
  const B = new Float32Array(N * N).map((_, i) => i % 89);
  const O = new Float32Array(N * N);
  const R = new Float32Array(N).map((_, i) => i);
  const a = mk(A, [N, N], [N, 1], 0);
  const b = mk(B, [N, N], [N, 1], 0);
  const out = mk(O, [N, N], [N, 1], 0);
  const addf = (x, y) => x + y;
  return {
    name: '@stdlib/ndarray',
    cases: {
      'materialize contiguous': () => assign([a, out]),
      'materialize 2-D transpose': () => assign([mk(A, [N, N], [1, N], 0), out]),
      'materialize flip last axis': () => assign([mk(A, [N, N], [N, -1], N - 1), out]),
      'materialize broadcast [1,N]->[N,N]': () => assign([mk(R, [N, N], [0, 1], 0), out]),
      'add contiguous': () => binary([a, b, out], addf),
      'add broadcast row': () => binary([a, mk(R, [N, N], [0, 1], 0), out], addf),
      'add one transposed operand': () => binary([a, mk(B, [N, N], [1, N], 0), out], addf),
    },
  };
}

export async function tfjsPeer(N) {
  const tf = tryRequire('@tensorflow/tfjs-core');
  const wasm = tryRequire('@tensorflow/tfjs-backend-wasm');
  if (!tf || !wasm) return null;
  const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  // Node cannot fetch file paths; hand tfjs the bytes through a data: URL-free path override.
  const simd = path.join(dist, 'tfjs-backend-wasm-simd.wasm');
  const plain = path.join(dist, 'tfjs-backend-wasm.wasm');
  // tfjs loads its wasm through its platform fetch (node-fetch: no file paths). Serve the bytes.
  tf.env().platform.fetch = async (p) => new Response(readFileSync(p));
  wasm.setWasmPaths({ 'tfjs-backend-wasm.wasm': plain, 'tfjs-backend-wasm-simd.wasm': simd,
    'tfjs-backend-wasm-threaded-simd.wasm': simd }, true);
  wasm.setThreadsCount?.(1);
  await tf.setBackend('wasm');
  await tf.ready();
  const a = tf.tensor2d(new Float32Array(N * N).map((_, i) => i % 97), [N, N]);
  const b = tf.tensor2d(new Float32Array(N * N).map((_, i) => i % 89), [N, N]);
  const row = tf.tensor2d(new Float32Array(N).map((_, i) => i), [1, N]);
  const inner = tf.tensor2d(new Float32Array((N - 2) * (N - 2)), [N - 2, N - 2]);
  const run = (f) => () => tf.tidy(() => { f(); });
  return {
    name: 'tfjs-backend-wasm',
    cases: {
      'materialize contiguous': run(() => tf.clone(a).dataSync()),
      'materialize 2-D transpose': run(() => tf.transpose(a)),
      'materialize flip last axis': run(() => tf.reverse(a, 1)),
      'materialize broadcast [1,N]->[N,N]': run(() => tf.broadcastTo(row, [N, N])),
      'materialize padded view (1 each side)': run(() => tf.pad(inner, [[1, 1], [1, 1]])),
      'add contiguous': run(() => tf.add(a, b)),
      'add broadcast row': run(() => tf.add(a, row)),
      'add one transposed operand': run(() => tf.add(a, tf.transpose(b))),
      'sum over last axis': run(() => tf.sum(a, 1)),
      'sum over first axis': run(() => tf.sum(a, 0)),
    },
    backend: tf.getBackend(),
  };
}
