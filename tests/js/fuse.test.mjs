// fuse(fn): a traced elementwise chain run by the engine in one pass. The fused result is the
// unfused chain's BIT FOR BIT (raw bytes of toTypedArray(), NaN payloads and the sign of zero
// included; only the sign of a NaN that an op makes from two NaNs is free: WebAssembly leaves that
// choice to the engine, and V8's optimizing tier changes it within one unfused call too) for every dtype, mixed dtypes and scalar constants (value-based casting), pow with scalar
// and array exponents, float16 chains (rounded after every op), integer division by zero and NaN /
// inf inputs, over inputs that are contiguous, strided, flipped, broadcast ([1,n], [n,1], 0-d, lower
// rank, broadcastTo at stride 0), transposed (small, and 80x96 for the staged tiles) and padded
// (padView with a nonzero fill, read in the view's dtype); a seeded random expression generator
// composes 3-8 ops over 1-4 inputs (SV_FUSE_SEED=n reruns another seed, SV_FUSE_CASES=n runs more
// cases, SV_FUSE_SHOW=n lists more failures). The compiled float chains (fuse_jit.ts: more programs
// than JIT slots, memory growth, NaN op NaN under V8's optimizing tier) and the scalar build. Then
// `out` (allocated / given / another dtype / strided, transposed, overlapping an input element for
// element or not), NumPy as the oracle for a random sample of expressions, the errors (each names
// the op, and the engine keeps working after each), the per-dtype-and-shape trace cache, explain()
// and the memory a fused call leaves behind. A final reduction (sum, mean, max, min, prod, any, all):
// every dtype, layout, axis set, keepdims and dtype against the unfused reduction bit for bit, long
// rows and many rows (the kernel's blocks and cascades), out, explain, memory, NumPy as the oracle.
// The threaded build: fuse_threads.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { HAVE_PY, buildView, dimSlice, encF, decF, makeBase, applyOps, runNumpy } from './numpy_oracle.mjs';

await ready;

const SEED = Number(process.env.SV_FUSE_SEED ?? 20261129);
const NCASES = Number(process.env.SV_FUSE_CASES ?? 400);

const DTYPES = ['float16', 'float32', 'float64', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool'];
const FLOATS = ['float16', 'float32', 'float64'];
const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
const isFloat = (d) => FLOATS.includes(d);
const isInt = (d) => INTS.includes(d);
const TA = {
  int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array,
  int64: BigInt64Array, uint64: BigUint64Array, float32: Float32Array, float64: Float64Array,
};
const RANGE = { int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1] };
const numel = (s) => s.reduce((a, b) => a * b, 1);
const fmtShape = (s) => `[${s.join(',')}]`;

// ------------------------------------------------------------------ values and arrays
const F_SPECIAL = [NaN, Infinity, -Infinity, -0, 0, 0.5, -0.5, 1, -1, 2, 65504, 70000, 1e-7, 3e-39, 1e-310, 1e300, -1e300, 2.5, -3.5, 1e10];

/** One random element of dtype d (a number, a bigint for 64-bit integers, a boolean). */
function randValue(r, d) {
  const k = r.next();
  if (d === 'bool') return k < 0.5;
  if (isFloat(d)) {
    if (k < 0.15) return r.pick(F_SPECIAL);
    if (k < 0.45) return r.int(-10, 10);
    return Math.round((r.next() * 20 - 10) * 64) / 64 + (r.next() < 0.3 ? r.next() * 1e-3 : 0);
  }
  if (d === 'int64' || d === 'uint64') {
    const lo = d === 'int64' ? -(2n ** 63n) : 0n;
    const hi = d === 'int64' ? 2n ** 63n - 1n : 2n ** 64n - 1n;
    if (k < 0.1) return r.pick([lo, hi, lo + 1n, hi - 1n, 0n, d === 'int64' ? -1n : 1n]);
    if (k < 0.25) {
      const v = BigInt(r.int(-(2 ** 31), 2 ** 31)) * BigInt(r.int(1, 2 ** 31));
      return d === 'uint64' ? (v < 0n ? -v : v) : v;
    }
    return BigInt(d === 'uint64' ? r.int(0, 20) : r.int(-10, 10));
  }
  const [lo, hi] = RANGE[d];
  if (k < 0.1) return r.pick([lo, hi, lo + 1, hi - 1, 0, lo < 0 ? -1 : 1]);
  if (k < 0.25) return r.int(lo, hi);
  return lo < 0 ? r.int(-10, 10) : r.int(0, 20);
}

/** A new C-contiguous array of dtype d and shape `shape` (values from gen). */
function mk(r, d, shape, gen = randValue) {
  const n = numel(shape);
  if (d === 'bool') return sv.array(Array.from({ length: n }, () => !!gen(r, d)), { dtype: 'bool', shape });
  if (d === 'float16') {
    const t = sv.fromTypedArray(Float64Array.from({ length: n }, () => Number(gen(r, d))), shape);
    const h = t.astype('float16');
    t.dispose();
    return h;
  }
  return sv.fromTypedArray(TA[d].from({ length: n }, () => gen(r, d)), shape);
}

/** A nonzero fill value for a padded view of dtype d (a number). */
function randFill(r, d) {
  if (d === 'bool') return 1;
  if (isFloat(d)) return r.pick([7.5, -3, NaN, 2, 0.25, -0.5]);
  if (d === 'int64') return r.pick([-5, 9, 123456789]);
  if (d === 'uint64') return r.pick([5, 9, 123456789]);
  const [lo, hi] = RANGE[d];
  return r.pick([lo, hi, lo < 0 ? -3 : 3, 7]);
}

// The input layouts: how a view of result shape T is made from a fresh array.
const KINDS = ['contig', 'strided', 'negstep', 'flip', 'transposed', 'row', 'col', 'lowrank', 'zerod', 'bto', 'padded', 'padT', 'mixed'];

/** A view of dtype d whose shape broadcasts to T, made as `kind` says: { a, bases, desc }. */
function makeView(r, d, T, kind, gen = randValue) {
  const nd = T.length;
  if (nd === 0 && kind !== 'zerod') kind = 'contig';
  const bases = [];
  const own = (b) => (bases.push(b), b);
  let a;
  if (kind === 'contig') a = own(mk(r, d, T, gen));
  else if (kind === 'strided' || kind === 'negstep') {
    const parts = T.map((n) => dimSlice(r, n, kind === 'strided', { posSteps: [2, 3], steps: [-1, -2, -3] }));
    a = own(mk(r, d, parts.map((p) => p.size), gen)).slice(parts.map((p) => p.spec).join(', '));
  } else if (kind === 'flip') a = own(mk(r, d, T, gen)).flip();
  else if (kind === 'transposed' || kind === 'mixed' || kind === 'padT') {
    if (nd < 2) return makeView(r, d, T, kind === 'padT' ? 'padded' : 'negstep', gen);
    const ident = T.map((_, i) => i);
    let perm = ident.slice().reverse();
    if (nd > 2 && r.next() < 0.5) perm = r.shuffle(ident);
    if (perm.every((p, i) => p === i)) perm = ident.slice().reverse();
    let inner = T;
    let widths = null;
    if (kind === 'padT') {
      widths = T.map((n) => {
        const b = r.int(0, Math.min(2, n));
        return [b, r.int(0, Math.min(2, n - b))];
      });
      inner = T.map((n, i) => n - widths[i][0] - widths[i][1]);
    }
    const q = new Array(nd);
    perm.forEach((p, i) => (q[p] = inner[i]));
    if (kind === 'mixed') {
      const parts = q.map((n) => dimSlice(r, n, false, { steps: [2, -1, -2] }));
      a = own(mk(r, d, parts.map((p) => p.size), gen)).slice(parts.map((p) => p.spec).join(', ')).transpose(perm);
    } else a = own(mk(r, d, q, gen)).transpose(perm);
    if (widths) a = a.padView(widths, randFill(r, d));
  } else if (kind === 'row') a = own(mk(r, d, T.map((n, i) => (i === 0 ? 1 : n)), gen));
  else if (kind === 'col') a = own(mk(r, d, T.map((n, i) => (i === nd - 1 && nd > 1 ? 1 : n)), gen));
  else if (kind === 'lowrank') a = own(mk(r, d, T.slice(r.int(1, nd)), gen));
  else if (kind === 'zerod') a = own(mk(r, d, [], gen));
  else if (kind === 'bto') {
    const small = T.map((n) => (r.next() < 0.5 ? 1 : n));
    if (small.every((n, i) => n === T[i]) && nd > 0) small[r.int(0, nd - 1)] = 1;
    a = own(mk(r, d, small, gen)).broadcastTo(T);
  } else if (kind === 'padded') {
    const widths = T.map((n) => {
      const b = r.int(0, Math.min(2, n));
      return [b, r.int(0, Math.min(2, n - b))];
    });
    if (nd > 0 && T[0] >= 1 && widths.every((w) => w[0] + w[1] === 0)) widths[0] = [1, 0];
    a = own(mk(r, d, T.map((n, i) => n - widths[i][0] - widths[i][1]), gen)).padView(widths, randFill(r, d));
  } else throw new Error(`unknown kind ${kind}`);
  const desc = `${kind} ${d} ${fmtShape(a.shape)} strides ${fmtShape(a.strides)}${a.mask ? ` padded fill ${a.fillValue}` : ''}`;
  return { a, bases, desc };
}

// ------------------------------------------------------------------ comparing results
function rawBytes(a) {
  const t = a.toTypedArray();
  return Buffer.from(t.buffer, t.byteOffset, t.byteLength);
}
function elem(a, t, i) {
  const v = t[i];
  if (a.dtype === 'float16') return `${sv.float16ToNumber(v)} (bits 0x${v.toString(16)})`;
  if (Number.isNaN(v) || Object.is(v, -0)) {
    const b = Buffer.from(t.buffer, t.byteOffset + i * t.BYTES_PER_ELEMENT, t.BYTES_PER_ELEMENT);
    return `${Object.is(v, -0) ? '-0' : 'NaN'} (bits 0x${Buffer.from(b).reverse().toString('hex')})`;
  }
  return String(v);
}
/** null when got and want have the same dtype, shape and bytes; else what differs (and the inputs there). */
/** Element i equal in both byte buffers: the same bytes, or (floats) NaNs that differ in sign only. */
function sameElem(g, w, i, es, float) {
  const a = g.subarray(i * es, (i + 1) * es);
  const b = w.subarray(i * es, (i + 1) * es);
  if (a.equals(b)) return true;
  if (!float || (a[es - 1] ^ b[es - 1]) !== 0x80 || !a.subarray(0, es - 1).equals(b.subarray(0, es - 1))) return false;
  // the sign bit alone differs: equal when both are NaN (exponent all ones, mantissa nonzero)
  const v = new DataView(a.buffer, a.byteOffset, es);
  if (es === 8) return Number.isNaN(v.getFloat64(0, true));
  if (es === 4) return Number.isNaN(v.getFloat32(0, true));
  const h = v.getUint16(0, true);
  return (h & 0x7c00) === 0x7c00 && (h & 0x03ff) !== 0;
}

function difference(got, want, inputs = null) {
  if (got.dtype !== want.dtype) return `dtype ${got.dtype}, unfused ${want.dtype}`;
  if (got.shape.join() !== want.shape.join()) return `shape ${fmtShape(got.shape)}, unfused ${fmtShape(want.shape)}`;
  const g = rawBytes(got);
  const w = rawBytes(want);
  if (g.equals(w)) return null;
  const gt = got.toTypedArray();
  const wt = want.toTypedArray();
  const es = got.itemsize;
  const float = got.dtype.startsWith('float');
  let n = 0;
  let first = -1;
  const bad = [];
  for (let i = 0; i < gt.length; i++) {
    if (!sameElem(g, w, i, es, float)) {
      if (bad.length < 4) bad.push(`[${i}] fused ${elem(got, gt, i)} unfused ${elem(want, wt, i)}`);
      n++;
      if (first < 0) first = i;
    }
  }
  if (n === 0) return null;
  let at = '';
  if (inputs) {
    at = `; the inputs at [${first}]: ${inputs.map((x, k) => {
      if (!(x instanceof sv.NDArray)) return `x${k} ${String(x)}`;
      const t = sv.tidy(() => x.broadcastTo(want.shape).copy().toTypedArray());
      return `x${k} ${elem(x, t, first)}`;
    }).join(', ')}`;
  }
  return `${n} of ${gt.length} elements differ: ${bad.join('; ')}${at}`;
}
function assertSame(got, want, label) {
  const d = difference(got, want);
  assert.ok(d === null, `${label}: ${d}`);
}

/** The unfused chain (its temporaries freed). */
const unfused = (fn, inputs) => sv.tidy(() => fn(...inputs));

/** fused vs unfused for fn over inputs: the fused call's result equals the unfused chain's bytes. */
function check(fn, inputs, label) {
  const want = unfused(fn, inputs);
  const got = sv.fuse(fn)(...inputs);
  try {
    assertSame(got, want, label);
  } finally {
    got.dispose();
    want.dispose();
  }
}

/**
 * Collects the differences of many checks, then fails once listing them (SV_FUSE_SHOW of them,
 * default 12): a bug shows every case it touches, not only the first.
 */
function collector() {
  const failures = [];
  let n = 0;
  return {
    check(fn, inputs, label) {
      n++;
      let want;
      try {
        want = unfused(fn, inputs);
      } catch (ue) {
        // the unfused chain refuses it: the fused call must refuse it too (and the engine go on)
        let fe = null;
        try {
          sv.fuse(fn)(...inputs).dispose();
        } catch (e) {
          fe = e;
        }
        if (fe === null || fe.constructor !== ue.constructor) failures.push(`${label}: the unfused chain throws ${ue.constructor.name} (${ue.message}); the fused call ${fe ? `throws ${fe.constructor.name} (${fe.message})` : 'does not'}`);
        stillWorks(label);
        return;
      }
      let got;
      try {
        got = sv.fuse(fn)(...inputs);
      } catch (e) {
        failures.push(`${label}: the fused call threw ${e.constructor.name}: ${e.message}`);
        want.dispose();
        return;
      }
      let d = null;
      try {
        d = difference(got, want, inputs);
      } catch (e) {
        d = difference(got, want);
      }
      if (d !== null) failures.push(`${label}: ${d}`);
      got.dispose();
      want.dispose();
    },
    fail(msg) {
      failures.push(msg);
    },
    done() {
      const show = Number(process.env.SV_FUSE_SHOW ?? 12);
      assert.equal(failures.length, 0, `${failures.length} failures in ${n} checks:\n  ${failures.slice(0, show).join('\n  ')}`);
    },
  };
}

/** A normal op after an error: the instance still computes. */
function stillWorks(label) {
  const a = sv.arange(0, 6, 1, { dtype: 'float32' });
  const s = sv.add(a, a);
  assert.deepEqual(Array.from(s.toTypedArray()), [0, 2, 4, 6, 8, 10], `${label}: the engine works after the error`);
  a.dispose();
  s.dispose();
  const f = sv.fuse((x) => sv.mul(x, 3));
  const b = sv.arange(0, 4, 1, { dtype: 'int32' });
  const t = f(b);
  assert.deepEqual(Array.from(t.toTypedArray()), [0, 3, 6, 9], `${label}: a fused call works after the error`);
  b.dispose();
  t.dispose();
}

// ------------------------------------------------------------------ expressions
// A node: { t: 'in', k } (argument k), { t: 'cap', k } (a captured array), { t: 'c', v } (a JS
// constant), or { t: 'op', op, args, dtype? } ('astype' and 'kw' (an op with { dtype }) use dtype).
function applyOp(n, a) {
  if (n.op === 'astype') return a[0].astype(n.dtype);
  if (n.op === 'kw') return sv[n.fn](...a, { dtype: n.dtype });
  return sv[n.op](...a);
}
function evalNode(n, env) {
  if (n.t === 'in') return env.xs[n.k];
  if (n.t === 'cap') return env.caps[n.k];
  if (n.t === 'c') return n.v;
  let v = env.memo.get(n);
  if (v === undefined) {
    v = applyOp(n, n.args.map((x) => evalNode(x, env)));
    env.memo.set(n, v);
  }
  return v;
}
function show(n) {
  if (n.t === 'in') return `x${n.k}`;
  if (n.t === 'cap') return `cap${n.k}`;
  if (n.t === 'c') return typeof n.v === 'bigint' ? `${n.v}n` : Object.is(n.v, -0) ? '-0' : String(n.v);
  if (n.op === 'astype') return `${show(n.args[0])}.astype('${n.dtype}')`;
  if (n.op === 'kw') return `${n.fn}(${n.args.map(show).join(', ')}, {dtype: '${n.dtype}'})`;
  return `${n.op}(${n.args.map(show).join(', ')})`;
}
const fnOf = (root, caps) => (...xs) => evalNode(root, { xs, caps, memo: new Map() });

const BIN = ['add', 'add', 'sub', 'mul', 'mul', 'div', 'floorDivide', 'mod', 'fmod', 'pow', 'maximum', 'minimum', 'arctan2', 'hypot',
  'greater', 'greaterEqual', 'less', 'lessEqual', 'equal', 'notEqual', 'logicalAnd', 'logicalOr', 'logicalXor',
  'bitwiseAnd', 'bitwiseOr', 'bitwiseXor', 'leftShift', 'rightShift'];
const UN = ['neg', 'abs', 'sign', 'square', 'sqrt', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan',
  'sinh', 'cosh', 'tanh', 'arcsin', 'arccos', 'arctan', 'arcsinh', 'arccosh', 'arctanh', 'floor', 'ceil', 'trunc', 'round',
  'isnan', 'isfinite', 'logicalNot', 'invert'];
const CONSTS = [2, 3, -1, 0.5, 300, -7, 1e10, NaN, Infinity, true, false, 0, 1.5, 65504, -0, 1000, 70000, -129, 255, 2 ** 40, 5n, -3n];
const POW_EXPONENTS = [2, 0.5, 3, -1, 0, 1, -2, 4, 1.5, -0.5];

/** A random op over the pool (the newest value first more often than not), as a node. */
function randomOp(r, pool) {
  const pick = () => (r.next() < 0.55 ? pool[pool.length - 1].node : r.pick(pool).node);
  const operand = () => (r.next() < 0.25 ? { t: 'c', v: r.pick(CONSTS) } : pick());
  const k = r.next();
  if (k < 0.4) {
    const op = r.pick(BIN);
    const args = r.next() < 0.15 ? [operand(), pick()] : [pick(), operand()];
    return { t: 'op', op, args };
  }
  if (k < 0.66) return { t: 'op', op: r.pick(UN), args: [pick()] };
  if (k < 0.72) return { t: 'op', op: 'where', args: [pick(), operand(), operand()] };
  if (k < 0.77) return { t: 'op', op: 'clip', args: [pick(), operand(), operand()] };
  if (k < 0.84) return { t: 'op', op: 'astype', dtype: r.pick(DTYPES), args: [pick()] };
  if (k < 0.9) return { t: 'op', op: 'pow', args: [pick(), { t: 'c', v: r.pick(POW_EXPONENTS) }] };
  if (k < 0.95) {
    // an integer-safe array exponent: pow(x, clip(y, 0, 4))
    return { t: 'op', op: 'pow', args: [pick(), { t: 'op', op: 'clip', args: [pick(), { t: 'c', v: 0 }, { t: 'c', v: 4 }] }] };
  }
  const fn = r.pick(['add', 'mul', 'sub', 'maximum', 'sqrt', 'exp']);
  return { t: 'op', op: 'kw', fn, dtype: r.pick(['float64', 'float32', 'int64', 'float16']), args: fn === 'sqrt' || fn === 'exp' ? [pick()] : [pick(), pick()] };
}

/**
 * A random case: 1-4 inputs (random dtypes and layouts) of result shape T, sometimes a captured
 * array, and an expression of 3-8 ops built by trying each op unfused on the actual inputs (ops the
 * unfused chain refuses are left out). { inputs, caps, root, descs, dispose }.
 */
function randomCase(r, forceT = null) {
  const k = r.next();
  const T = forceT !== null ? forceT : k < 0.4 ? [r.int(1, 12), r.int(1, 12)]
    : k < 0.55 ? [r.int(1, 40)]
    : k < 0.65 ? [r.int(1, 5), r.int(1, 5), r.int(1, 6)]
    : k < 0.73 ? r.pick([[80, 96], [96, 80], [33, 130], [17, 300]])
    : k < 0.78 ? []
    : k < 0.82 ? r.pick([[0, 5], [3, 0], [0]])
    : [r.int(1, 40), r.int(1, 40)];
  const mainDt = r.pick(DTYPES);
  const nIn = r.int(1, 4);
  const bases = [];
  const descs = [];
  const inputs = [];
  for (let i = 0; i < nIn; i++) {
    const d = r.next() < 0.5 ? mainDt : r.pick(DTYPES);
    const v = makeView(r, d, T, i === 0 && r.next() < 0.4 ? 'contig' : r.pick(KINDS));
    bases.push(...v.bases);
    descs.push(`x${i}: ${v.desc}`);
    inputs.push(v.a);
  }
  const caps = [];
  if (r.next() < 0.15) {
    const v = makeView(r, r.pick(DTYPES), T, r.pick(['contig', 'row', 'transposed', 'bto']));
    bases.push(...v.bases);
    descs.push(`cap0: ${v.desc}`);
    caps.push(v.a);
  }
  const pool = inputs.map((a, k2) => ({ node: { t: 'in', k: k2 }, val: a }));
  caps.forEach((a, k2) => pool.push({ node: { t: 'cap', k: k2 }, val: a }));
  const temps = [];
  const nOps = r.int(3, 8);
  let steps = 0;
  for (let attempt = 0; steps < nOps && attempt < 80; attempt++) {
    const n = randomOp(r, pool);
    const env = { xs: inputs, caps, memo: new Map(pool.map((p) => [p.node, p.val])) };
    let val;
    try {
      val = evalNode(n, env);
    } catch {
      continue; // the unfused chain refuses it (a dtype without the loop, a negative integer power ...)
    }
    for (const v of env.memo.values()) if (v instanceof sv.NDArray && !pool.some((p) => p.val === v) && v !== val) temps.push(v);
    temps.push(val);
    pool.push({ node: n, val });
    steps++;
  }
  for (const t of temps) if (!t.isDisposed) t.dispose();
  // the result must depend on an argument (a value of captured arrays alone is not traced)
  const usesInput = (n) => n.t === 'in' || (n.t === 'op' && n.args.some(usesInput));
  const root = steps > 0 && usesInput(pool[pool.length - 1].node) ? pool[pool.length - 1].node : null;
  return { T, inputs, caps, root, descs, dispose: () => bases.forEach((b) => b.dispose()) };
}

// ------------------------------------------------------------------ the tests
test('fuse: the example of the API, explain and out', () => {
  const r = rng(1);
  const f = sv.fuse((x, m, s, g, b) => sv.add(sv.mul(sv.div(sv.sub(x, m), s), g), b));
  const a = mk(r, 'float32', [64, 48]);
  const m = mk(r, 'float32', [48]);
  const s = mk(r, 'float32', [48]);
  const g = mk(r, 'float32', [1, 48]);
  const b = mk(r, 'float32', [64, 1]);
  const want = unfused(f.fn, [a, m, s, g, b]);
  const y = f(a, m, s, g, b);
  assert.ok(y instanceof sv.NDArray);
  assertSame(y, want, 'allocated');
  const z = sv.zeros([64, 48], 'float32');
  assert.equal(f(a, m, s, g, b, { out: z }), z, 'out is returned');
  assertSame(z, want, 'into out');
  assert.equal(typeof f.explain(a, m, s, g, b), 'string');
  for (const x of [a, m, s, g, b, y, z, want]) x.dispose();
});

test('fuse: every dtype, a chain over inputs of every layout (contiguous, strided, flipped, broadcast, 0-d, transposed small and 80x96, padded)', () => {
  const c = collector();
  const r = rng(2);
  const chains = {
    float: (x, y) => sv.add(sv.mul(sv.sub(x, y), 3), sv.div(sv.maximum(x, y), 2)),
    int: (x, y) => sv.add(sv.mul(x, 3), sv.floorDivide(sv.sub(y, x), 2)),
    bool: (x, y) => sv.logicalXor(sv.logicalAnd(x, y), sv.where(x, sv.logicalNot(y), y)),
    any: (x, y) => sv.where(sv.greater(x, y), sv.maximum(x, y), sv.minimum(x, sv.add(y, y))),
  };
  const shapes = [[5, 7], [80, 96], [3, 4, 5], [13]];
  let n = 0;
  for (const d of DTYPES) {
    const kindOf = isFloat(d) ? 'float' : isInt(d) ? 'int' : 'bool';
    for (const T of shapes) {
      for (const kind of KINDS) {
        for (const [name, fn] of [[kindOf, chains[kindOf]], ['any', chains.any]]) {
          const vx = makeView(r, d, T, kind);
          const vy = makeView(r, d, T, r.pick(['contig', 'contig', 'transposed', 'strided']));
          c.check(fn, [vx.a, vy.a], `${d} ${name} chain, x ${vx.desc}, y ${vy.desc}`);
          // and the layout as the second operand (x contiguous)
          const vz = makeView(r, d, T, 'contig');
          c.check(fn, [vz.a, vx.a], `${d} ${name} chain, x ${vz.desc}, y ${vx.desc}`);
          [...vx.bases, ...vy.bases, ...vz.bases].forEach((b) => b.dispose());
          n += 2;
        }
      }
    }
  }
  assert.ok(n > 1000);
  c.done();
});

test('fuse: padded inputs read their fill in the view\'s dtype, then cast and promoted as any element (every dtype pair)', () => {
  const r = rng(31);
  const fills = { bool: [1], float16: [-2.75, NaN, 1e10], float32: [-2.75, NaN, 1e10, -0], float64: [-2.75, NaN, 1e10, -0] };
  for (const d of INTS) fills[d] = d.startsWith('u') ? [3, Number(d === 'uint64' ? 2 ** 40 : RANGE[d][1])] : [-3, Number(d === 'int64' ? -(2 ** 40) : RANGE[d][0])];
  const failures = [];
  for (const d1 of DTYPES) {
    for (const fill of fills[d1]) {
      const base = mk(r, d1, [3, 4]);
      const x = base.padView([[1, 1], [2, 0]], fill);
      const copy = x.copy(); // the padded view materialised: the reference the casts must agree with
      for (const d2 of DTYPES) {
        const y = mk(r, d2, [5, 6]);
        for (const [name, fn] of [[`astype(${d2})`, (a) => a.astype(d2)], [`add(x, y ${d2})`, (a, b) => sv.add(a, b)], [`where(y, x, 0)`, (a, b) => sv.where(b, a, 0)]]) {
          const want = unfused(fn, [x, y]);
          const ref = unfused(fn, [copy, y]);
          const got = sv.fuse(fn)(x, y);
          const dU = difference(got, want);
          if (dU !== null) {
            const dC = difference(got, ref);
            const uC = difference(want, ref);
            failures.push(`${d1} padded (fill ${fill}) ${name}: fused vs unfused: ${dU}; fused ${dC === null ? 'equals' : 'differs from'} the materialised copy's result, unfused ${uC === null ? 'equals' : 'differs from'} it`);
          }
          [want, ref, got].forEach((v) => v.dispose());
        }
        y.dispose();
      }
      base.dispose();
      copy.dispose();
    }
  }
  assert.equal(failures.length, 0, `${failures.length} padded cases differ:\n  ${failures.slice(0, Number(process.env.SV_FUSE_SHOW ?? 15)).join('\n  ')}`);
});

test('fuse: the 0-d case (every input 0-d) and empty results', () => {
  const c = collector();
  const r = rng(3);
  for (const d of DTYPES) {
    const x = mk(r, d, []);
    const y = mk(r, d, []);
    c.check((a, b) => sv.where(sv.less(a, b), sv.maximum(a, b), sv.add(a, b)), [x, y], `${d} 0-d`);
    const e = mk(r, d, [0, 4]);
    const row = mk(r, d, [1, 4]);
    c.check((a, b) => sv.maximum(sv.add(a, b), b), [e, row], `${d} [0,4] with [1,4]`);
    [x, y, e, row].forEach((a) => a.dispose());
  }
  c.done();
});

test('fuse: a dtype an op has no loop for is refused on empty arrays too, fused and unfused alike (NumPy raises)', () => {
  const bad = [];
  for (const shape of [[0], [3, 0], [0, 5]]) {
    const b = sv.zeros(shape, 'bool');
    const f = sv.zeros(shape, 'float32');
    for (const [name, fn, x] of [
      ['neg(bool)', (a) => sv.neg(a), b],
      ['neg(equal(x, x))', (a) => sv.neg(sv.equal(a, a)), f],
      ['sub(bool, bool)', (a) => sv.sub(a, a), b],
      ['invert(float32)', (a) => sv.invert(a), f],
      ['bitwiseAnd(float32, 1)', (a) => sv.bitwiseAnd(a, 1), f],
    ]) {
      let ue = null;
      let fe = null;
      try {
        unfused(fn, [x]).dispose();
      } catch (e) {
        ue = e;
      }
      try {
        sv.fuse(fn)(x).dispose();
      } catch (e) {
        fe = e;
      }
      if (ue === null || fe === null) {
        bad.push(`${name} over ${fmtShape(shape)}: unfused ${ue ? `refuses (${ue.message})` : 'returns an empty array'}, fused ${fe ? `refuses (${fe.message})` : 'returns an empty array'} (NumPy raises)`);
      }
    }
    [b, f].forEach((v) => v.dispose());
  }
  stillWorks('empty refusals');
  assert.equal(bad.length, 0, `${bad.length} cases:\n  ${bad.join('\n  ')}`);
});

test('fuse: mixed dtypes (every pair: promotion per step) and scalar constants (value-based casting)', () => {
  const c = collector();
  const r = rng(4);
  const T = [6, 9];
  for (const d1 of DTYPES) {
    for (const d2 of DTYPES) {
      const x = makeView(r, d1, T, r.pick(['contig', 'transposed', 'strided', 'row', 'padded']));
      const y = makeView(r, d2, T, r.pick(['contig', 'padded', 'bto', 'flip']));
      c.check((a, b) => sv.maximum(sv.add(sv.mul(a, b), a), b), [x.a, y.a], `${d1} x ${d2}: maximum(add(mul(a, b), a), b)`);
      c.check((a, b) => sv.where(sv.greaterEqual(a, b), a, b), [x.a, y.a], `${d1} x ${d2}: where(a >= b, a, b)`);
      c.check((a, b) => sv.add(a.astype(d2), b), [x.a, y.a], `${d1} x ${d2}: add(a.astype(${d2}), b)`);
      [...x.bases, ...y.bases].forEach((b) => b.dispose());
    }
  }
  // constants: integers that fit the array's dtype keep it, others promote (int8 + 300 is int16),
  // floats with integer arrays give float64, bools and bigints
  const consts = [300, -1, 1, 127, 128, -129, 255, 256, 65535, 65536, 2 ** 31, 2 ** 32, 2 ** 40, 2 ** 53, -(2 ** 53), 0.5, -2.5, 1e10, 1e40, 65504, 70000, NaN, Infinity, -Infinity, -0, true, false, 3n, -(2n ** 63n), 2n ** 64n - 1n];
  let refused = 0;
  for (const d of DTYPES) {
    const x = makeView(r, d, T, r.pick(['contig', 'strided', 'transposed']));
    for (const k of consts) {
      const ks = typeof k === 'bigint' ? `${k}n` : String(k);
      for (const [name, fn] of [
        ['add(x, c)', (a) => sv.add(a, k)],
        ['mul(sub(c, x), 2)', (a) => sv.mul(sv.sub(k, a), 2)],
        ['where(greater(x, c), x, c)', (a) => sv.where(sv.greater(a, k), a, k)],
        ['maximum(x, c) chained', (a) => sv.minimum(sv.maximum(a, k), sv.add(a, 1))],
      ]) {
        let ue = null;
        try {
          unfused(fn, [x.a]).dispose();
        } catch (e) {
          ue = e;
        }
        if (ue !== null) {
          refused++;
          let fe = null;
          try {
            sv.fuse(fn)(x.a).dispose();
          } catch (e) {
            fe = e;
          }
          if (fe === null || fe.constructor !== ue.constructor) c.fail(`${d} ${name} c = ${ks}: the unfused chain throws ${ue.constructor.name} (${ue.message}); the fused call ${fe ? `throws ${fe.constructor.name} (${fe.message})` : 'does not'}`);
          stillWorks(`${d} ${name} c=${ks}`);
          continue;
        }
        c.check(fn, [x.a], `${d} ${name} with c = ${ks} (x ${x.desc})`);
      }
    }
    x.bases.forEach((b) => b.dispose());
  }
  assert.ok(refused < 200, `${refused} constant cases refused`);
  c.done();
});

test('fuse: pow with scalar exponents (2, 0.5, 3, -1 ...), array exponents (broadcast, stride 0, another dtype), integer pow', () => {
  const c = collector();
  const r = rng(5);
  const T = [9, 37];
  const posGen = (rr, d) => {
    const v = randValue(rr, d);
    return typeof v === 'bigint' ? (v < 0n ? -v : v) % 7n : typeof v === 'number' && isInt(d) ? Math.abs(v) % 7 : v;
  };
  for (const d of DTYPES) {
    for (const kind of ['contig', 'transposed', 'padded', 'strided', 'bto']) {
      const x = makeView(r, d, T, kind);
      for (const e of [2, 0.5, 3, -1, 0, 1, -2, 4, 1.5, -0.5, 2.5, 10, true]) {
        const fns = [
          [`pow(x, ${e})`, (a) => sv.pow(a, e)],
          [`pow(add(x, 1), ${e}) then mul`, (a) => sv.mul(sv.pow(sv.add(a, 1), e), 2)],
          [`power(abs(x), ${e})`, (a) => sv.power(sv.abs(a), e)],
        ];
        for (const [name, fn] of fns) {
          let ue = null;
          try {
            unfused(fn, [x.a]).dispose();
          } catch (err) {
            ue = err;
          }
          if (ue !== null) {
            assert.throws(() => sv.fuse(fn)(x.a), `${d} ${name}: unfused throws ${ue.message}; fused must too`);
            continue;
          }
          c.check(fn, [x.a], `${d} ${name}, x ${x.desc}`);
        }
      }
      x.bases.forEach((b) => b.dispose());
    }
    if (d === 'bool') continue;
    // array exponents (non-negative for integers): full, [1,n] row, [n,1] column, 0-d, [1] and a
    // broadcastTo view at stride 0 (one value: the kernel's uniform-exponent path), padded
    for (const ek of ['contig', 'row', 'col', 'zerod', 'bto', 'padded', 'transposed']) {
      for (const ed of [d, r.pick(['float64', 'float32', 'int32', 'int8', 'uint8', 'float16'])]) {
        const x = makeView(r, d, T, r.pick(['contig', 'transposed']), posGen);
        const y = makeView(r, ed, T, ek, isInt(ed) ? posGen : randValue);
        c.check((a, b) => sv.pow(a, b), [x.a, y.a], `${d} ** ${ed} exponent ${y.desc}`);
        c.check((a, b) => sv.add(sv.pow(sv.mul(a, 1), b), 1), [x.a, y.a], `${d} ** ${ed} in a chain, exponent ${y.desc}`);
        [...x.bases, ...y.bases].forEach((b) => b.dispose());
      }
    }
    // one exponent for every element: [1]-shaped, 0-d, and broadcastTo(T) of it (stride 0 everywhere)
    for (const ev of isInt(d) ? [0, 1, 2, 3, 5] : [2, 0.5, 3, -1, -2, 1.5]) {
      const x = makeView(r, d, T, 'contig', isInt(d) ? posGen : randValue);
      for (const ed of [d, 'float64', 'int32']) {
        if (isInt(ed) && !Number.isInteger(ev)) continue;
        const one = sv.full([1], ev, ed);
        const zero = sv.full([], ev, ed);
        const wide = one.broadcastTo(T);
        for (const [en, e] of [['[1]', one], ['0-d', zero], ['broadcastTo', wide]]) {
          c.check((a, b) => sv.pow(a, b), [x.a, e], `${d} ** ${ed} ${en} exponent ${ev}`);
          c.check((a) => sv.sub(sv.pow(a, e), a), [x.a], `${d} ** captured ${ed} ${en} exponent ${ev}`);
        }
        one.dispose();
        zero.dispose();
      }
      x.bases.forEach((b) => b.dispose());
    }
  }
  c.done();
});

test('fuse: float16 chains round after every op (long chains, math functions, mixed with small integers)', () => {
  const c = collector();
  const r = rng(6);
  const T = [40, 50];
  const fns = [
    ['10 adds and muls', (x) => { let v = x; for (let i = 0; i < 5; i++) v = sv.add(sv.mul(v, 1.1), 0.3); return v; }],
    ['div, sub, square, sqrt', (x, y) => sv.sqrt(sv.abs(sv.sub(sv.square(sv.div(x, 3)), y)))],
    ['exp, log1p, tanh, sin', (x, y) => sv.add(sv.tanh(sv.exp(sv.mul(x, 0.1))), sv.sin(sv.log1p(sv.abs(y))))],
    ['with int8 and uint8', (x, y, i8, u8) => sv.add(sv.mul(x, i8), sv.div(u8, y))],
    ['with a float32 then back', (x, y) => sv.add(sv.mul(x, y).astype('float32'), x).astype('float16')],
    ['pow, hypot, arctan2', (x, y) => sv.hypot(sv.pow(sv.abs(x), 1.5), sv.arctan2(x, y))],
    ['clip, floor, round, sign', (x, y) => sv.sign(sv.round(sv.floor(sv.clip(sv.mul(x, y), -100, 100))))],
    ['constants 70000 and 1e-8', (x) => sv.add(sv.mul(x, 1e-8), sv.div(x, 70000))],
  ];
  for (const kind of ['contig', 'transposed', 'padded', 'flip']) {
    const x = makeView(r, 'float16', T, kind);
    const y = makeView(r, 'float16', T, r.pick(['contig', 'row', 'col', 'bto']));
    const i8 = makeView(r, 'int8', T, 'contig');
    const u8 = makeView(r, 'uint8', T, 'col');
    for (const [name, fn] of fns) c.check(fn, [x.a, y.a, i8.a, u8.a], `float16 ${name}, x ${x.desc}, y ${y.desc}`);
    [...x.bases, ...y.bases, ...i8.bases, ...u8.bases].forEach((b) => b.dispose());
  }
  c.done();
});

test('fuse: integer division and modulo by zero, INT_MIN / -1, shifts past the width', () => {
  const c = collector();
  const r = rng(7);
  for (const d of INTS) {
    const zeroish = (rr, dd) => (rr.next() < 0.4 ? (dd.endsWith('64') ? 0n : 0) : randValue(rr, dd));
    const x = makeView(r, d, [17, 23], 'contig');
    const y = makeView(r, d, [17, 23], r.pick(['contig', 'transposed', 'padded']), zeroish);
    for (const [name, fn] of [
      ['floorDivide', (a, b) => sv.add(sv.floorDivide(a, b), 1)],
      ['mod', (a, b) => sv.mul(sv.mod(a, b), 2)],
      ['fmod', (a, b) => sv.sub(sv.fmod(a, b), 1)],
      ['div (true division)', (a, b) => sv.add(sv.div(a, b), 1)],
      ['floorDivide by 0 constant', (a) => sv.floorDivide(sv.add(a, 1), 0)],
      ['mod by 0 constant', (a) => sv.mod(sv.add(a, 1), 0)],
      ['MIN // -1', (a) => sv.floorDivide(sv.minimum(a, 0), -1)],
      ['shifts', (a, b) => sv.bitwiseXor(sv.leftShift(a, sv.bitwiseAnd(b, 127)), sv.rightShift(a, sv.bitwiseAnd(b, 127)))],
    ]) {
      c.check(fn, [x.a, y.a], `${d} ${name}, y ${y.desc}`);
    }
    [...x.bases, ...y.bases].forEach((b) => b.dispose());
  }
  c.done();
});

test('fuse: NaN, inf, -0 and NaN payloads pass through bit for bit', () => {
  const c = collector();
  const r = rng(8);
  const n = 64;
  const specials = (rr, d) => (rr.next() < 0.6 ? rr.pick([NaN, Infinity, -Infinity, -0, 0, 1e-310, 3e-39, 65504, 65520]) : randValue(rr, d));
  const payloads = new Uint32Array(n);
  for (let i = 0; i < n; i++) payloads[i] = 0x7f800001 + i * 4099 + (i % 2 ? 0x80000000 : 0);
  const p32 = sv.fromTypedArray(new Float32Array(payloads.buffer), [8, 8]);
  const fns = [
    ['maximum/minimum', (x, y) => sv.minimum(sv.maximum(x, y), sv.add(y, 1))],
    ['comparisons and where', (x, y) => sv.where(sv.logicalOr(sv.isnan(x), sv.greater(x, y)), x, sv.neg(y))],
    ['floor, sign, abs', (x, y) => sv.add(sv.sign(sv.floor(x)), sv.abs(y))],
    ['clip', (x, y) => sv.clip(x, sv.neg(sv.abs(y)), sv.abs(y))],
    ['inf arithmetic', (x, y) => sv.div(sv.sub(x, y), sv.mul(x, 0))],
    ['astype int32 and back', (x) => sv.add(x.astype('int32'), x)],
    ['x * 1 + 0 (payloads)', (x) => sv.add(sv.mul(x, 1), -0)],
    ['neg neg (payloads)', (x) => sv.neg(sv.neg(x))],
  ];
  for (const d of FLOATS) {
    for (const kind of ['contig', 'transposed', 'padded', 'bto']) {
      const x = makeView(r, d, [8, 8], kind, specials);
      const y = makeView(r, d, [8, 8], 'contig', specials);
      for (const [name, fn] of fns) c.check(fn, [x.a, y.a], `${d} ${name}, x ${x.desc}`);
      [...x.bases, ...y.bases].forEach((b) => b.dispose());
    }
  }
  for (const [name, fn] of fns) c.check(fn, [p32, p32.T], `float32 NaN payloads: ${name}`);
  p32.dispose();
  c.done();
});

test(`fuse: ${NCASES} random expressions (3-8 ops over 1-4 inputs of random dtypes and layouts) equal the unfused chain (seed ${SEED})`, () => {
  const r = rng(SEED);
  const failures = [];
  let ran = 0;
  let withOut = 0;
  const t0 = Date.now();
  for (let i = 0; i < NCASES; i++) {
    const c = randomCase(r);
    if (c.root === null) {
      c.dispose();
      continue;
    }
    const fn = fnOf(c.root, c.caps);
    const where = () => `seed ${SEED} case ${i}: ${show(c.root)}\n    ${c.descs.join('\n    ')}`;
    let want;
    try {
      want = unfused(fn, c.inputs);
    } catch (e) {
      failures.push(`${where()}\n    the unfused chain threw ${e.message}`);
      c.dispose();
      continue;
    }
    ran++;
    try {
      const f = sv.fuse(fn);
      const got = f(...c.inputs);
      let d;
      try {
        d = difference(got, want, c.inputs);
      } catch {
        d = difference(got, want);
      }
      if (d !== null) failures.push(`${where()}\n    ${d}`);
      got.dispose();
      if (i % 3 === 0 && want.size > 0) {
        // the same into a given out of another layout (transposed, strided or flipped)
        withOut++;
        const ok = want.ndim >= 2 && r.next() < 0.5 ? 'T' : r.pick(['strided', 'flip', 'contig']);
        const base = ok === 'T' ? sv.zeros(want.shape.slice().reverse(), want.dtype) : ok === 'strided' ? sv.zeros(want.shape.map((n) => 2 * n), want.dtype) : sv.zeros(want.shape, want.dtype);
        const out = ok === 'T' ? base.T : ok === 'strided' ? base.slice(want.shape.map(() => '::2').join(', ')) : ok === 'flip' ? base.flip() : base;
        const res = f(...c.inputs, { out });
        if (res !== out) failures.push(`${where()}\n    out: the call did not return out`);
        const d2 = difference(out, want);
        if (d2 !== null) failures.push(`${where()}\n    into a ${ok} out: ${d2}`);
        base.dispose();
      }
    } catch (e) {
      failures.push(`${where()}\n    the fused call threw ${e.constructor.name}: ${e.message}`);
      stillWorks(`case ${i}`);
    }
    want.dispose();
    c.dispose();
  }
  const ms = Date.now() - t0;
  assert.ok(ran >= NCASES * 0.85, `only ${ran} of ${NCASES} cases ran`);
  assert.ok(withOut > NCASES / 5);
  assert.equal(failures.length, 0, `${failures.length} of ${ran} random cases differ (${ms} ms):\n  ${failures.slice(0, 12).join('\n  ')}`);
});

// ------------------------------------------------------------------ compiled chains (fuse_jit)
// float32 / float64 chains of add, sub, mul, div, maximum, minimum, neg, abs, sqrt, square run as
// one compiled SIMD128 loop per program (64 slots; a program whose slot is reused runs in the
// evaluator). Sizes around the vector tails, every layout, NaN / inf / -0 / subnormals, constants
// that float32 rounds; outs of another dtype and layout.
const JIT_BIN = ['add', 'sub', 'mul', 'div', 'maximum', 'minimum'];
const JIT_UN = ['neg', 'abs', 'sqrt', 'square'];
const JIT_CONSTS = [0.1, 3, -2.5, 1e-30, 1e30, NaN, Infinity, -Infinity, -0, 0, 0.5, 1 / 3, 16777217, 3.4028235677973366e38, 1e-45, 2];
const jitValue = (r, d) => (r.next() < 0.2 ? r.pick([NaN, Infinity, -Infinity, -0, 0, 1e-40, 5e-324, 1e-310, 3.4e38, -1e-45]) : (r.next() * 20 - 10) * (r.next() < 0.1 ? 1e20 : 1));
const isCompiled = (text) => /compiled SIMD128 loop/.test(text);

function randomJitCase(r) {
  const d = r.pick(['float32', 'float64']);
  const T = r.pick([[r.int(1, 40)], [r.int(1, 9), r.int(1, 37)], [1025], [3, 1027], [80, 96], [r.int(1, 3), r.int(1, 5), r.int(1, 70)], [4099]]);
  const nIn = r.int(1, 4);
  const bases = [];
  const descs = [];
  const inputs = [];
  for (let i = 0; i < nIn; i++) {
    const v = makeView(r, d, T, i === 0 ? r.pick(['contig', 'contig', 'transposed', 'strided', 'flip']) : r.pick(KINDS), jitValue);
    bases.push(...v.bases);
    descs.push(`x${i}: ${v.desc}`);
    inputs.push(v.a);
  }
  const pool = inputs.map((_, k) => ({ t: 'in', k }));
  const nOps = r.int(2, 8);
  for (let s = 0; s < nOps; s++) {
    const pick = () => (r.next() < 0.6 ? pool[pool.length - 1] : r.pick(pool));
    const node = r.next() < 0.6
      ? { t: 'op', op: r.pick(JIT_BIN), args: r.next() < 0.3 ? [pick(), { t: 'c', v: r.pick(JIT_CONSTS) }] : r.next() < 0.1 ? [{ t: 'c', v: r.pick(JIT_CONSTS) }, pick()] : [pick(), pick()] }
      : { t: 'op', op: r.pick(JIT_UN), args: [pick()] };
    pool.push(node);
  }
  const usesInput = (n) => n.t === 'in' || (n.t === 'op' && n.args.some(usesInput));
  let root = pool[pool.length - 1];
  if (!usesInput(root)) root = { t: 'op', op: 'add', args: [root, { t: 'in', k: 0 }] };
  return { d, T, inputs, root, descs, dispose: () => bases.forEach((b) => b.dispose()) };
}

test(`fuse: compiled float chains (random, every layout, sizes around the vector tails) equal the unfused chain (seed ${SEED})`, () => {
  const r = rng(SEED + 5);
  const c = collector();
  let compiled = 0;
  const n = Math.max(150, NCASES / 2);
  for (let i = 0; i < n; i++) {
    const cs = randomJitCase(r);
    const fn = fnOf(cs.root, []);
    const label = `seed ${SEED + 5} case ${i}: ${show(cs.root)} (${cs.d})\n    ${cs.descs.join('\n    ')}`;
    const f = sv.fuse(fn);
    if (isCompiled(f.explain(...cs.inputs))) compiled++;
    c.check(fn, cs.inputs, label);
    if (i % 4 === 0) {
      // into an out of another layout or dtype: transposed, strided, float64 for a float32 chain
      const want = unfused(fn, cs.inputs);
      const od = cs.d === 'float32' && r.next() < 0.5 ? 'float64' : want.dtype;
      const shape = want.shape;
      const how = shape.length >= 2 && r.next() < 0.5 ? 'T' : r.pick(['strided', 'contig']);
      const base = how === 'T' ? sv.zeros(shape.slice().reverse(), od) : how === 'strided' ? sv.zeros(shape.map((k) => 2 * k + 1), od) : sv.zeros(shape, od);
      const out = how === 'T' ? base.T : how === 'strided' ? base.slice(shape.map(() => '1::2').join(', ')) : base;
      try {
        f(...cs.inputs, { out });
        const ref = want.astype(od);
        const dd = difference(out.copy(), ref);
        if (dd !== null) c.fail(`${label}\n    into a ${how} ${od} out: ${dd}`);
        ref.dispose();
      } catch (e) {
        c.fail(`${label}\n    into a ${how} ${od} out: threw ${e.constructor.name}: ${e.message}`);
      }
      base.dispose();
      want.dispose();
    }
    cs.dispose();
  }
  // the SIMD build compiles these chains (else this test would only exercise the evaluator)
  if (sv.buildInfo().simd && sv.buildInfo().threads === 1) assert.ok(compiled > n / 2, `only ${compiled} of ${n} chains were compiled`);
  c.done();
});

test('fuse: compiled chains: signed zeros and NaN in maximum / minimum, NaN payloads, constants float32 rounds', () => {
  const c = collector();
  for (const d of ['float32', 'float64']) {
    const zs = [-0, 0, NaN, -NaN, Infinity, -Infinity, 1, -1, 5e-324, 1e-45];
    const a = [];
    const b = [];
    for (const x of zs) for (const y of zs) {
      a.push(x);
      b.push(y);
    }
    const A = sv.fromTypedArray(new Float64Array(a), [a.length]).astype(d);
    const B = sv.fromTypedArray(new Float64Array(b), [b.length]).astype(d);
    for (const [name, fn] of [
      ['maximum', (x, y) => sv.add(sv.maximum(x, y), -0)],
      ['minimum', (x, y) => sv.mul(sv.minimum(x, y), 1)],
      ['max(min)', (x, y) => sv.maximum(sv.minimum(x, y), sv.neg(y))],
      ['abs, neg, sqrt, square', (x, y) => sv.sqrt(sv.square(sv.abs(sv.neg(sv.sub(x, y)))))],
      ['div by zeros', (x, y) => sv.div(sv.add(x, 0), y)],
    ]) c.check(fn, [A, B], `${d} ${name}`);
    for (const k of [0.1, 1 / 3, 16777217, 3.4028235677973366e38, 3.5e38, 1e-46, 1e-45, -0]) {
      c.check((x) => sv.sub(sv.mul(x, k), k), [A], `${d} x * ${k} - ${k}`);
    }
    [A, B].forEach((v) => v.dispose());
  }
  // NaN payloads (float32 bits) through the compiled ops
  const bits = new Uint32Array(64);
  for (let i = 0; i < 64; i++) bits[i] = (i % 2 ? 0xff800000 : 0x7f800000) + 1 + i * 65599;
  const P = sv.fromTypedArray(new Float32Array(bits.buffer), [64]);
  const Q = sv.fromTypedArray(new Float32Array(64).fill(1.5), [64]);
  for (const [name, fn] of [['add', (x, y) => sv.add(x, y)], ['neg', (x) => sv.neg(x)], ['abs', (x) => sv.abs(x)], ['max', (x, y) => sv.maximum(y, x)], ['chain', (x, y) => sv.div(sv.mul(sv.sub(x, y), y), y)]]) {
    c.check(fn, [P, Q], `float32 NaN payloads: ${name}`);
  }
  [P, Q].forEach((v) => v.dispose());
  c.done();
});

test('fuse: NaN op NaN (operands of different signs) is NaN where the unfused op is, under V8\'s optimizing tier too (node --no-liftoff)', async () => {
  // WebAssembly leaves which NaN an add or mul of two NaNs returns to the engine; V8's optimizing
  // tier may commute the operands of a scalar add / mul, so the sign of such a NaN varies within one
  // unfused call (its SIMD lanes and its scalar tail). Fused and unfused agree on where the NaNs are:
  // run both in a process where every function is compiled by that tier.
  const { spawnSync } = await import('node:child_process');
  const script = `
    const sv = await import(${JSON.stringify(new URL('../../dist/index.mjs', import.meta.url).href)});
    await sv.init();
    const signs = (a) => { const t = a.toTypedArray(); let s = ''; for (let i = 0; i < t.length; i++) s += Number.isNaN(t[i]) ? 'n' : '.'; return s; };
    const count = (s, c) => s.split(c).length - 1;
    const out = [];
    for (const dt of ['float32', 'float64']) for (const [shape, transposed] of [[[39], false], [[1030], false], [[7, 37], false], [[3, 1030], false], [[3, 1030], true], [[37, 41], true]]) {
      // -NaN (the default NaN of a negative square root), contiguous or read transposed; +NaN
      const A = transposed ? sv.sqrt(sv.full(shape.slice().reverse(), -1, dt)).transpose() : sv.sqrt(sv.full(shape, -1, dt));
      const B = sv.full(shape, NaN, dt);
      for (const op of ['add', 'sub', 'mul', 'div', 'maximum', 'minimum', 'hypot', 'arctan2']) {
        for (const [p, q, o] of [[A, B, '-NaN, +NaN'], [B, A, '+NaN, -NaN']]) {
          const u = signs(sv[op](p, q));
          const f = signs(sv.fuse((x, y) => sv[op](x, y))(p, q));
          const e = signs(sv.fuse((x, y) => sv.where(true, sv[op](x, y), 0))(p, q));
          if (u !== f || u !== e) out.push(dt + ' ' + JSON.stringify(shape) + (transposed ? ' (the -NaN operand transposed)' : '') + ' ' + op + '(' + o + '): unfused ' + count(u, 'n') + ' NaN; fused ' + count(f, 'n') + ' NaN; through the evaluator ' + count(e, 'n') + ' NaN');
        }
      }
    }
    console.log(JSON.stringify(out));
  `;
  const r = spawnSync(process.execPath, ['--no-liftoff', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.length, 0, `${out.length} ops differ in where NaN is:\n  ${out.join('\n  ')}`);
});

test('fuse: more compiled programs than JIT slots: every program stays exact (a reused slot never runs another program)', () => {
  const r = rng(41);
  const x = mk(r, 'float32', [37, 41]);
  const y = mk(r, 'float32', [41]);
  const fns = Array.from({ length: 150 }, (_, k) => sv.fuse((a, b) => sv.add(sv.mul(a, k + 0.5), sv.div(b, k + 1))));
  const wants = fns.map((f) => unfused(f.fn, [x, y]));
  const c = collector();
  const pass = (label) => fns.forEach((f, k) => {
    const got = f(x, y);
    const d = difference(got, wants[k]);
    if (d !== null) c.fail(`${label}: program ${k}: ${d}`);
    got.dispose();
  });
  pass('first calls');
  pass('second calls (the first programs\' slots were reused)');
  for (let k = 149; k >= 0; k -= 7) {
    const got = fns[k](x, y);
    const d = difference(got, wants[k]);
    if (d !== null) c.fail(`backwards: program ${k}: ${d}`);
    got.dispose();
  }
  // a program whose slot was reused says it runs in the evaluator; the newest is compiled
  if (sv.buildInfo().simd && sv.buildInfo().threads === 1) {
    assert.ok(isCompiled(fns[149].explain(x, y)), fns[149].explain(x, y));
  }
  wants.forEach((w) => w.dispose());
  [x, y].forEach((v) => v.dispose());
  c.done();
});

test('fuse: a compiled chain keeps working after the WebAssembly memory grows', () => {
  const r = rng(42);
  const f = sv.fuse((a, b) => sv.sub(sv.mul(sv.add(a, b), 0.25), sv.sqrt(sv.abs(b))));
  const x = mk(r, 'float64', [300, 301]);
  const y = mk(r, 'float64', [300, 301]);
  const c = collector();
  c.check(f.fn, [x, y], 'before the growth');
  const heap = sv.memoryStats().heapBytes;
  const big = sv.zeros([heap / 8 + 1024], 'float64'); // more than the heap: it must grow
  assert.ok(sv.memoryStats().heapBytes > heap, 'the heap grew');
  const x2 = mk(r, 'float64', [300, 301]); // above the big array
  const want = unfused(f.fn, [x2, y]);
  const got = f(x2, y);
  const d = difference(got, want);
  if (d !== null) c.fail(`after the growth: ${d}`);
  [big, x, y, x2, want, got].forEach((v) => v.dispose());
  c.done();
});

test('fuse: the scalar build (init({ simd: false })) gives the unfused bits too', async () => {
  const nos = await import(new URL('../../dist/index.mjs?fuse-nosimd', import.meta.url).href);
  await nos.init({ simd: false });
  assert.equal(nos.buildInfo().simd, false);
  const r = rng(43);
  const bad = [];
  const make = (d, shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const f = nos.fromTypedArray(Float64Array.from({ length: n }, () => jitValue(r, d)), [n]).reshape(shape);
    return d === 'float64' ? f : f.astype(d);
  };
  const chains = [
    ['compiled-kind float chain', (l) => (a, b) => l.maximum(l.sqrt(l.abs(l.sub(l.mul(a, 0.1), b))), l.neg(b))],
    ['math chain', (l) => (a, b) => l.add(l.tanh(a), l.exp(l.neg(l.abs(b))))],
    ['pow and where', (l) => (a, b) => l.where(l.greater(a, b), l.pow(l.abs(a), 0.5), l.pow(b, 3))],
    ['casts', (l) => (a, b) => l.add(a.astype('int16'), b.astype('float16'))],
  ];
  for (const d of ['float32', 'float64', 'float16']) {
    for (const shape of [[37], [80, 96], [5, 1031]]) {
      const a = make(d, shape);
      const bT = make(d, shape.slice().reverse()).transpose();
      for (const [name, chain] of chains) {
        const fn = chain(nos);
        const want = fn(a, bT);
        const got = nos.fuse(fn)(a, bT);
        const tg = got.toTypedArray();
        const tw = want.toTypedArray();
        const same = got.dtype === want.dtype && Buffer.from(tg.buffer, tg.byteOffset, tg.byteLength).equals(Buffer.from(tw.buffer, tw.byteOffset, tw.byteLength));
        if (!same) bad.push(`scalar build ${d} ${JSON.stringify(shape)} ${name}: fused differs from unfused`);
        got.dispose();
        want.dispose();
      }
      a.dispose();
      bT.dispose();
    }
  }
  assert.equal(bad.length, 0, bad.join('\n'));
});

// ------------------------------------------------------------------ out
test('fuse: out (allocated vs given, another dtype by same_kind, strided / transposed / flipped out)', () => {
  const r = rng(9);
  const fn = (x, y) => sv.add(sv.mul(x, y), sv.sub(x, 1.5));
  const x = mk(r, 'float32', [30, 40]);
  const y = mk(r, 'float32', [40]);
  const want = unfused(fn, [x, y]);
  const f = sv.fuse(fn);
  const alloc = f(x, y);
  assertSame(alloc, want, 'allocated');
  assert.ok(alloc.isCContiguous);
  assert.equal(f(x, y, { out: null }).dtype, 'float32', '{ out: null } allocates');
  assert.equal(f(x, y, {}).dtype, 'float32', '{} allocates');
  for (const od of ['float32', 'float64', 'float16']) {
    const ref = want.astype(od);
    const layouts = {
      contig: () => sv.full([30, 40], 99, od),
      transposed: () => sv.full([40, 30], 99, od).T,
      strided: () => sv.full([60, 120], 99, od).slice('::2, 1::3'),
      flipped: () => sv.full([30, 40], 99, od).flip(),
    };
    for (const [name, make] of Object.entries(layouts)) {
      const out = make();
      assert.equal(f(x, y, { out }), out);
      assertSame(out, ref, `float32 result into a ${name} ${od} out`);
      if (name === 'strided') {
        // the elements between the strided ones are untouched
        const base = out.base;
        const between = base.slice('1::2, :');
        assert.ok(Array.from(between.toTypedArray()).every((v) => (od === 'float16' ? sv.float16ToNumber(v) : v) === 99), 'rows between untouched');
      }
      (out.base ?? out).dispose();
    }
    ref.dispose();
  }
  // integer results into wider / narrower integer outs (same_kind), bool into int and float
  const i16 = mk(r, 'int16', [30, 40]);
  const g = sv.fuse((a) => sv.mul(sv.add(a, 3), 7));
  const wi = unfused(g.fn, [i16]);
  for (const od of ['int16', 'int64', 'int8', 'int32']) {
    const out = sv.zeros([40, 30], od).T;
    g(i16, { out });
    const ref = wi.astype(od);
    assertSame(out, ref, `int16 result into a transposed ${od} out`);
    out.base.dispose();
    ref.dispose();
  }
  const h = sv.fuse((a) => sv.greater(a, 0));
  for (const od of ['bool', 'int8', 'uint64', 'float16', 'float64']) {
    const out = sv.zeros([30, 40], od);
    h(i16, { out });
    const ref = sv.tidy(() => sv.greater(i16, 0).astype(od));
    assertSame(out, ref, `bool result into a ${od} out`);
    out.dispose();
    ref.dispose();
  }
  // same_kind refuses float -> int and int -> bool (as the unfused op with out does)
  for (const [od, res] of [['int32', f], ['bool', g], ['uint8', g], ['uint64', g]]) {
    const out = sv.zeros([30, 40], od);
    const args = res === f ? [x, y] : [i16];
    let unfusedErr = null;
    try {
      sv.add(sv.tidy(() => res.fn(...args)), 0, { out });
    } catch (e) {
      unfusedErr = e;
    }
    assert.ok(unfusedErr, `the unfused op refuses a ${od} out`);
    assert.throws(() => res(...args, { out }), (e) => e instanceof sv.StrideViewError && /^fuse: /.test(e.message), `${od} out of a ${res === f ? 'float32' : 'int16'} result`);
    stillWorks(`same_kind ${od}`);
    out.dispose();
  }
  // an out the result broadcasts to (as NumPy's out)
  const wide = sv.zeros([3, 30, 40], 'float32');
  f(x, y, { out: wide });
  for (let k = 0; k < 3; k++) assertSame(wide.slice(`${k}`), want, `broadcast into out[${k}]`);
  [x, y, want, alloc, i16, wi, wide].forEach((a) => a.dispose());
});

test('fuse: out overlapping an input element for element (in place) and not (a.T, shifted slices): the unfused chain on copies', () => {
  const r = rng(10);
  for (const d of ['float32', 'float64', 'int32', 'float16', 'int8']) {
    const fn = isInt(d) ? (a, b) => sv.add(sv.mul(a, 3), sv.sub(b, sv.floorDivide(a, 4))) : (a, b) => sv.add(sv.mul(a, 2), sv.sub(b, sv.div(a, 4)));
    for (const n of [7, 64, 96]) {
      const f = sv.fuse(fn);
      const cases = [
        ['out = a', (a) => a, (a, b) => [a, b]],
        ['out = b', (a, b) => b, (a, b) => [a, b]],
        ['out = a.T (square a)', (a) => a.T, (a, b) => [a, b]],
        ['out = b, inputs a and b.T', (a, b) => b, (a, b) => [a, b.T]],
        ['out = a[1:], input a[:-1]', (a) => a.slice('1:'), (a, b) => [a.slice(':-1'), b.slice('1:')]],
        ['out = a[:-1], input a[1:]', (a) => a.slice(':-1'), (a, b) => [a.slice('1:'), b.slice('1:')]],
        ['out = a[:, 1:], input a[:, :-1]', (a) => a.slice(':, 1:'), (a, b) => [a.slice(':, :-1'), b.slice(':, 1:')]],
        ['out = a.flip(), input a', (a) => a.flip(), (a, b) => [a, b]],
        ['out = a[::2], input a[:n/2] (interleaved)', (a) => a.slice('::2'), (a, b) => [a.slice(`:${Math.ceil(n / 2)}`), b.slice('::2')]],
        ['out = a, input a broadcast from its row 0', (a) => a, (a, b) => [a.slice('0:1'), b]],
      ];
      for (const [name, outOf, inputsOf] of cases) {
        const a = mk(r, d, [n, n]);
        const b = mk(r, d, [n, n]);
        const ins = inputsOf(a, b);
        const out = outOf(a, b);
        // the reference: the unfused chain on copies, written as the fused call would write out
        const copies = ins.map((v) => v.copy());
        const ref = unfused(fn, copies);
        const refOut = ref.astype(out.dtype);
        f(...ins, { out });
        const d2 = difference(out.copy(), refOut.shape.join() === out.shape.join() ? refOut : sv.tidy(() => sv.add(sv.zeros(out.shape, out.dtype), refOut)));
        assert.ok(d2 === null, `${d} [${n},${n}] ${name}: ${d2}`);
        [a, b, ref, refOut, ...copies].forEach((v) => v.dispose());
      }
    }
  }
});

test('fuse: random expressions written into an input (the same view, its transpose, its flip): the unfused chain on a copy of it', () => {
  const r = rng(SEED + 3);
  const c = collector();
  let ran = 0;
  for (let i = 0; i < 200 && ran < 60; i++) {
    const n = r.pick([5, 33, 80]);
    const cs = randomCase(r, [n, n]);
    if (cs.root === null) {
      cs.dispose();
      continue;
    }
    const fn = fnOf(cs.root, cs.caps);
    let want;
    try {
      want = unfused(fn, cs.inputs);
    } catch {
      cs.dispose();
      continue;
    }
    // an input of the result's dtype and shape that can be written: out is it, its .T or its flip
    const k = cs.inputs.findIndex((a) => a.dtype === want.dtype && a.shape.join() === want.shape.join() && !a.isReadOnly && !a.mask && a.strides.every((st) => st !== 0));
    const square = want.ndim === 2 && want.shape[0] === want.shape[1];
    if (k < 0) {
      want.dispose();
      cs.dispose();
      continue;
    }
    ran++;
    const how = r.pick(square ? ['same', 'T', 'flip'] : ['same', 'flip']);
    const target = cs.inputs[k];
    const out = how === 'same' ? target : how === 'T' ? target.T : target.flip();
    const saved = target.copy();
    const ins = cs.inputs.slice();
    ins[k] = saved;
    const ref = unfused(fn, ins);
    want.dispose();
    const label = `seed ${SEED + 3} case ${i}: ${show(cs.root)} into ${how === 'same' ? `x${k}` : `x${k}.${how === 'T' ? 'T' : 'flip()'}`}\n    ${cs.descs.join('\n    ')}`;
    try {
      sv.fuse(fn)(...cs.inputs, { out });
      const d = difference(out.copy(), ref);
      if (d !== null) c.fail(`${label}\n    ${d}`);
    } catch (e) {
      c.fail(`${label}\n    the fused call threw ${e.constructor.name}: ${e.message}`);
    }
    [saved, ref].forEach((v) => v.dispose());
    cs.dispose();
  }
  assert.ok(ran >= 30, `only ${ran} cases had an input to write into`);
  c.done();
});

test('fuse: out errors (wrong shape, read-only broadcast / padded views, a disposed out, not an array)', () => {
  const f = sv.fuse((a, b) => sv.add(sv.mul(a, b), 1));
  const a = sv.ones([4, 5], 'float32');
  const b = sv.ones([5], 'float32');
  const bad = [
    ['wrong shape [5,4]', sv.zeros([5, 4], 'float32'), 'shape_mismatch', /shape/],
    ['wrong shape [4]', sv.zeros([4], 'float32'), 'shape_mismatch', /shape/],
    ['read-only broadcast', sv.zeros([5], 'float32').broadcastTo([4, 5]), null, /read-only|writable|broadcast/i],
    ['read-only padded', sv.zeros([2, 5], 'float32').padView([[1, 1], [0, 0]]), null, /read-only|writable|padded|mask/i],
  ];
  const disposed = sv.zeros([4, 5], 'float32');
  disposed.dispose();
  bad.push(['disposed', disposed, null, /dispos/]);
  for (const [name, out, code, re] of bad) {
    assert.throws(() => f(a, b, { out }), (e) => {
      assert.ok(e instanceof sv.StrideViewError, `${name}: StrideViewError, got ${e.constructor.name}: ${e.message}`);
      if (code) assert.equal(e.code, code, `${name}: ${e.message}`);
      assert.match(e.message, /^fuse: /, name);
      assert.match(e.message, re, name);
      return true;
    }, name);
    stillWorks(`out ${name}`);
  }
  assert.throws(() => f(a, b, { out: [[1]] }), (e) => e instanceof TypeError && /^fuse: out must be an NDArray/.test(e.message));
  assert.throws(() => f(a, b, { out: 3 }), (e) => e instanceof TypeError && /^fuse: out/.test(e.message));
  a.dispose();
  b.dispose();
});

// ------------------------------------------------------------------ errors
test('fuse: non-fusable ops inside fn are StrideViewErrors that start with fuse: and name the op', () => {
  const a = sv.arange(0, 12, 1, { dtype: 'float32' }).reshape([3, 4]);
  const real = sv.zeros([3, 4], 'float32');
  const cases = [
    ['x.sum()', (x) => x.sum(), /sum/],
    ['a use of a reduction\'s result', (x) => sv.add(sv.sum(x, 0), 1), /add.*sum/],
    ['a reduction of a reduction', (x) => sv.max(sv.sum(x, 0)), /max.*sum/],
    ['astype of a reduction', (x) => sv.sum(x).astype('float64'), /astype.*sum|sum.*astype/],
    ['ptp (two reductions combined)', (x) => sv.ptp(x), /sub|ptp|max|min/],
    ['sum with initial', (x) => sv.sum(x, { initial: 1 }), /sum.*initial/],
    ['sum with where', (x) => sv.sum(x, { where: sv.greater(real, 0) }), /sum.*where/],
    ['sum with out inside fn', (x) => sv.sum(x, { axis: 0, out: sv.zeros([4], 'float32') }), /sum.*out/],
    ['sum with a dtype it does not accumulate in', (x) => sv.sum(x, { dtype: 'int32' }), /sum.*dtype/],
    ['mean with a dtype', (x) => sv.mean(x, { dtype: 'float64' }), /mean.*dtype/],
    ['variance', (x) => sv.variance(x), /variance/],
    ['std', (x) => sv.std(x), /std/],
    ['argmax', (x) => sv.argmax(x), /argmax/],
    ['nanmean', (x) => sv.nanmean(x), /nanmean|isnan|where/],
    ['matmul', (x) => sv.matmul(x, sv.ones([4, 2], 'float32')), /matmul/],
    ['sort', (x) => sv.sort(x), /sort/],
    ['take', (x) => sv.take(x, [0]), /take/],
    ['reshape', (x) => x.reshape([4, 3]), /reshape/],
    ['sv.transpose via x.T', (x) => x.T, /\bT\b/],
    ['x.transpose()', (x) => x.transpose(), /transpose/],
    ['x.slice', (x) => x.slice('0'), /slice/],
    ['x.get', (x) => x.get(0, 0), /get/],
    ['x.toTypedArray', (x) => x.toTypedArray(), /toTypedArray/],
    ['cumsum', (x) => sv.cumsum(x), /cumsum/],
    ['concatenate', (x) => sv.concatenate([x, x]), /concatenate/],
    ['out= inside fn (an NDArray)', (x) => sv.add(x, 1, { out: real }), /add.*out|out.*add/],
    ['out= inside fn (a traced value)', (x) => sv.add(x, 1, { out: x }), /add/],
    ['where= keyword', (x) => sv.add(x, 1, { where: sv.greater(x, 0) }), /add/],
    ['where(..., { out })', (x) => sv.where(sv.greater(x, 1), x, 0, { out: real }), /where/],
  ];
  const bad = [];
  for (const [name, fn, re] of cases) {
    let err = null;
    try {
      sv.fuse(fn)(a);
    } catch (e) {
      err = e;
    }
    if (err === null) bad.push(`${name}: no error`);
    else if (!(err instanceof sv.StrideViewError)) bad.push(`${name}: a ${err.constructor.name}, not a StrideViewError: ${err.message}`);
    else if (!/^fuse: /.test(err.message) || !re.test(err.message)) bad.push(`${name}: the message does not start with fuse: and name the op: ${err.message}`);
    else if (/^fuse: (\w+: )?fuse: /.test(err.message)) bad.push(`${name}: the prefix twice: ${err.message}`);
    stillWorks(name);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${cases.length} refusals are not as specified:\n  ${bad.join('\n  ')}`);
  a.dispose();
  real.dispose();
});

test('fuse: the elementwise ufuncs isinf, isposinf, isneginf fuse; nanToNum either fuses or names itself', () => {
  const r = rng(11);
  const x = makeView(r, 'float32', [6, 7], 'contig', (rr) => rr.pick([NaN, Infinity, -Infinity, 1, -2, 0]));
  const c = collector();
  for (const op of ['isinf', 'isposinf', 'isneginf']) c.check((a) => sv.logicalNot(sv[op](a)), [x.a], `${op} (an elementwise function)`);
  try {
    const got = sv.fuse((a) => sv.nanToNum(sv.mul(a, 2)))(x.a);
    const d = difference(got, unfused((a) => sv.nanToNum(sv.mul(a, 2)), [x.a]));
    if (d !== null) c.fail(`nanToNum: ${d}`);
  } catch (e) {
    if (!(e instanceof sv.StrideViewError && /^fuse: .*nanToNum/.test(e.message))) c.fail(`nanToNum refused, but not as a StrideViewError "fuse: ... nanToNum": ${e.constructor.name}: ${e.message}`);
  }
  x.bases.forEach((b) => b.dispose());
  c.done();
});

test('fuse: fn returning a non-traced value, non-NDArray inputs, unknown options, bad fuse() arguments', () => {
  const a = sv.ones([3], 'float32');
  const other = sv.ones([3], 'float32');
  const bad = [];
  /** thunk must throw an error that pred accepts; else the case is listed. */
  const expect = (name, thunk, pred, what) => {
    try {
      const v = thunk();
      if (v instanceof sv.NDArray) v.dispose();
      bad.push(`${name}: no error`);
    } catch (e) {
      if (!pred(e)) bad.push(`${name}: expected ${what}; got ${e.constructor.name}: ${e.message}`);
    }
    stillWorks(name);
  };
  for (const [name, fn] of [['a number', () => 3], ['undefined', () => undefined], ['an NDArray', () => other], ['an array of traced values', (x) => [x, x]]]) {
    expect(`fn returning ${name}`, () => sv.fuse(fn)(a), (e) => e instanceof TypeError && /^fuse: the function must return/.test(e.message), 'a TypeError "fuse: the function must return ..."');
  }
  let leaked;
  sv.fuse((x) => ((leaked = x), sv.add(x, 1)))(a).dispose();
  expect('a traced value of another (finished) trace', () => sv.fuse(() => sv.add(leaked, 1))(a), (e) => /^fuse: /.test(e.message), 'an error starting with fuse:');
  expect('a traced value used outside fuse', () => sv.add(leaked, 1), (e) => e instanceof Error, 'an error');
  const f = sv.fuse((x, y) => sv.add(x, y));
  for (const [name, args] of [['a number', [a, 3]], ['a JS array', [a, [1, 2, 3]]], ['a typed array', [a, new Float32Array(3)]],
    ['null', [a, null]], ['a string', [a, 'x']], ['a Map', [a, new Map()]], ['an options object first', [{ out: a }, a]]]) {
    expect(`input ${name}`, () => f(...args), (e) => (e instanceof TypeError || e instanceof sv.StrideViewError) && /^fuse: /.test(e.message) && /input/.test(e.message) && /NDArray/.test(e.message),
      'an error "fuse: input 1 must be an NDArray ..."');
  }
  expect('{ outt: y }', () => f(a, a, { outt: a }), (e) => e instanceof TypeError && /^fuse: unknown option/.test(e.message) && /outt/.test(e.message), 'fuse: unknown option "outt"');
  expect('{ out, dtype }', () => f(a, a, { out: a, dtype: 'float64' }), (e) => /^fuse: unknown option/.test(e.message) && /dtype/.test(e.message), 'fuse: unknown option "dtype"');
  expect('explain with out', () => f.explain(a, a, { out: a }), (e) => /^fuse: explain/.test(e.message), 'fuse: explain takes the inputs only');
  expect('fuse(3)', () => sv.fuse(3), (e) => e instanceof TypeError && /^fuse: /.test(e.message), 'a TypeError starting with fuse:');
  expect('fuse(fn, fn)', () => sv.fuse((x) => x, (x) => x), (e) => /^fuse/.test(e.message), 'an error starting with fuse');
  expect('too few arguments', () => f(a), (e) => /^fuse: /.test(e.message), 'an error starting with fuse:');
  a.dispose();
  other.dispose();
  assert.equal(bad.length, 0, `${bad.length} argument errors are not as specified:\n  ${bad.join('\n  ')}`);
});

test('fuse: at most 7 arrays per program (parameters and captured arrays); 7 work', () => {
  const r = rng(12);
  const arrs = Array.from({ length: 9 }, () => mk(r, 'float64', [5, 6]));
  const sum = (xs) => xs.reduce((acc, v) => sv.add(acc, v));
  check((...xs) => sum(xs), arrs.slice(0, 7), '7 parameters');
  check((...xs) => sum([...xs, arrs[7], arrs[8]]), arrs.slice(0, 5), '5 parameters + 2 captured');
  for (const [name, fn, ins] of [
    ['8 parameters', (...xs) => sum(xs), arrs.slice(0, 8)],
    ['9 parameters', (...xs) => sum(xs), arrs],
    ['6 parameters + 2 captured', (...xs) => sum([...xs, arrs[7], arrs[8]]), arrs.slice(0, 6)],
  ]) {
    assert.throws(() => sv.fuse(fn)(...ins), (e) => e instanceof sv.StrideViewError && /^fuse: .*at most 7 arrays/.test(e.message) && /8|9/.test(e.message), name);
    stillWorks(name);
  }
  // an unused parameter does not count
  check((a, b, c, d, e, g, h, unused) => sum([a, b, c, d, e, g, h]), arrs.slice(0, 8), '7 used of 8 parameters');
  arrs.forEach((a) => a.dispose());
});

test('fuse: inputs that do not broadcast (the message names the shapes), a disposed input or captured array', () => {
  const f = sv.fuse((a, b) => sv.mul(sv.add(a, 1), b));
  const a = sv.ones([4, 5], 'float32');
  const b = sv.ones([3, 5], 'float32');
  assert.throws(() => f(a, b), (e) => {
    assert.ok(e instanceof sv.StrideViewError, e.message);
    assert.equal(e.code, 'shape_mismatch');
    assert.match(e.message, /^fuse: /);
    assert.match(e.message, /\[4,\s?5\]/);
    assert.match(e.message, /\[3,\s?5\]/);
    return true;
  });
  stillWorks('shape mismatch');
  const c = sv.ones([5], 'float32');
  c.dispose();
  assert.throws(() => f(a, c), (e) => e instanceof sv.StrideViewError && /^fuse: /.test(e.message) && /dispos/.test(e.message));
  stillWorks('disposed input');
  // a captured array disposed after the trace: the cached program must not read freed memory
  const w = sv.full([5], 2, 'float32');
  const g = sv.fuse((x) => sv.mul(x, w));
  const first = g(a);
  assert.equal(first.get(0, 0), 2);
  w.dispose();
  assert.throws(() => g(a), (e) => e instanceof sv.StrideViewError && /^fuse: /.test(e.message) && /dispos/.test(e.message));
  stillWorks('disposed captured array');
  // a view of a disposed base
  const base = sv.ones([4, 5], 'float32');
  const view = base.T;
  base.dispose();
  assert.throws(() => f(view.T, a), (e) => e instanceof sv.StrideViewError && /dispos/.test(e.message));
  stillWorks('view of a disposed base');
  [a, b, first].forEach((x) => x.dispose());
});

test('fuse: integer pow with a negative exponent is an error, and the engine keeps working', () => {
  const r = rng(13);
  for (const d of INTS) {
    const x = mk(r, d, [6, 7]);
    const cases = [
      ['scalar -1', (a) => sv.pow(a, -1)],
      ['scalar -3 in a chain', (a) => sv.add(sv.pow(sv.add(a, 1), -3), 1)],
    ];
    if (!d.startsWith('uint')) {
      cases.push(['array exponent with a negative element', (a) => sv.pow(a, sv.sub(sv.mul(a, 0), 1))]);
      cases.push(['array exponent clipped to [-1, 3]', (a) => sv.pow(a, sv.clip(a, -1, 3))]);
    }
    for (const [name, fn] of cases) {
      let ue = null;
      try {
        unfused(fn, [x]).dispose();
      } catch (e) {
        ue = e;
      }
      if (ue === null) {
        // no negative element drawn, or uint64 with a negative JS number (float64, as NumPy)
        assert.ok(name.includes('clipped') || d === 'uint64', `${d} ${name}: the unfused chain refuses it`);
        check(fn, [x], `${d} ${name}`);
        continue;
      }
      assert.throws(() => sv.fuse(fn)(x), (e) => {
        assert.ok(e instanceof sv.StrideViewError, `${d} ${name}: ${e.constructor.name}: ${e.message}`);
        assert.match(e.message, /^fuse: /);
        assert.match(e.message, /negative integer powers/);
        return true;
      }, `${d} ${name}`);
      stillWorks(`${d} ${name}`);
      // a fused call into out that fails leaves the engine usable, and the next good call is exact
      check((a) => sv.pow(a, 2), [x], `${d} pow(x, 2) after the error`);
    }
    x.dispose();
  }
});

// ------------------------------------------------------------------ the trace cache
test('fuse: traced once per input dtypes and shapes; other dtypes / shapes retrace and stay exact', () => {
  const r = rng(14);
  let calls = 0;
  const fn = (a, b) => {
    calls++;
    return sv.add(sv.mul(a, b), sv.maximum(a, 1));
  };
  const f = sv.fuse(fn);
  const x = mk(r, 'float32', [8, 9]);
  const y = mk(r, 'float32', [9]);
  f(x, y).dispose();
  assert.equal(calls, 1);
  for (let i = 0; i < 5; i++) f(x, y).dispose();
  assert.equal(calls, 1, 'same dtypes and shapes: no retrace');
  // other layouts of the same dtypes and shapes do not retrace either (and stay exact)
  const xt = mk(r, 'float32', [9, 8]).T;
  const yb = mk(r, 'float32', [1]).broadcastTo([9]);
  const ypad = mk(r, 'float32', [7]).padView([[1, 1]], 5);
  for (const [xa, ya] of [[xt, y], [x, yb], [xt, ypad]]) {
    const got = f(xa, ya);
    calls = 1;
    assertSame(got, unfused(fn, [xa, ya]), 'another layout, same key');
    calls = 1;
    got.dispose();
  }
  f(x, y, { out: sv.zeros([8, 9], 'float64') });
  assert.equal(calls, 1, 'out of another dtype: no retrace');
  f.explain(x, y);
  assert.equal(calls, 1, 'explain reads the cache');
  const variants = [
    [mk(r, 'float64', [8, 9]), y],
    [mk(r, 'int16', [8, 9]), mk(r, 'int16', [9])],
    [mk(r, 'float32', [3, 8, 9]), y],
    [mk(r, 'float32', [8, 1]), y],
    [mk(r, 'float16', [8, 9]), mk(r, 'uint8', [9])],
  ];
  let expected = 1;
  for (const [a, b] of variants) {
    const got = f(a, b);
    expected++;
    assert.equal(calls, expected, `${a.dtype}${fmtShape(a.shape)}, ${b.dtype}${fmtShape(b.shape)}: retraced`);
    const want = unfused(fn, [a, b]);
    expected++;
    calls = expected; // the unfused call counted too
    assertSame(got, want, `after a retrace for ${a.dtype}${fmtShape(a.shape)}`);
    f(a, b).dispose();
    assert.equal(calls, expected, 'second call with the same key: no retrace');
    got.dispose();
    want.dispose();
  }
  // back to the first key: still cached, still exact
  const again = f(x, y);
  assert.equal(calls, expected);
  assertSame(again, unfused(fn, [x, y]), 'first key again');
  again.dispose();
});

// ------------------------------------------------------------------ explain
test('fuse: explain names each step with its dtypes, and how inputs are read (staged tiles, stride 0, padded)', () => {
  const r = rng(15);
  const f = sv.fuse((x, m, s, c) => sv.add(sv.mul(sv.div(sv.sub(x, m), s), 2), sv.sqrt(c.astype('float64'))));
  const x = mk(r, 'float32', [96, 80]).T; // [80,96] transposed
  const m = mk(r, 'float32', [96]);
  const s = mk(r, 'float32', [1]).broadcastTo([80, 96]);
  const c = mk(r, 'int8', [78, 96]).padView([[1, 1], [0, 0]], 3);
  const text = f.explain(x, m, s, c);
  for (const op of ['sub', 'div', 'mul', 'add', 'sqrt']) assert.match(text, new RegExp(`\\b${op}\\(`), `step ${op}: ${text}`);
  assert.match(text, /sub\([^)]*\) in float32/, text);
  assert.match(text, /sqrt\([^)]*\) in float64/, text);
  assert.match(text, /add\([^)]*\) in float64/, text);
  assert.match(text, /int8 -> float64/, `the cast step: ${text}`);
  assert.match(text, /float32 -> float64|cast.*float32.*float64/, `the promotion of the float32 chain: ${text}`);
  const lines = text.split('\n');
  const inLine = (k) => lines.find((l) => l.trim().startsWith(`in${k} `)) ?? '';
  assert.match(inLine(0), /transposed/, text);
  assert.match(inLine(0), /staged tiles/, text);
  assert.match(inLine(1), /broadcast/, text);
  assert.match(inLine(1), /stride 0/, text);
  assert.match(inLine(2), /stride 0/, text);
  assert.match(inLine(3), /padded/, text);
  assert.match(inLine(3), /\b3\b/, `the fill: ${text}`);
  assert.match(text, /result.*float64.*\[80,\s?96\]/, text);
  // float16 steps say they are rounded
  const h = sv.fuse((a) => sv.mul(sv.add(a, 1), 3));
  const a16 = mk(r, 'float16', [4]);
  assert.match(h.explain(a16), /add\([^)]*\) in float16/);
  assert.match(h.explain(a16), /float16/);
  // explain does not run anything nor allocate
  const live = sv.memoryStats().liveArrays;
  h.explain(a16);
  assert.equal(sv.memoryStats().liveArrays, live);
  [x.base, m, s.base, a16].forEach((v) => v.dispose());
});

// ------------------------------------------------------------------ memory
test('fuse: a fused call on 512x512 float32 leaves only its result (no temporaries), nothing with out=, nothing after errors', () => {
  const r = rng(16);
  const x = mk(r, 'float32', [512, 512]);
  const m = mk(r, 'float32', [512]);
  const s = mk(r, 'float32', [512, 1]);
  const f = sv.fuse((a, b, c) => sv.tanh(sv.add(sv.mul(sv.div(sv.sub(a, b), c), 2), sv.exp(sv.neg(sv.abs(a))))));
  f(x, m, s).dispose(); // traced (the trace itself allocates nothing that stays)
  const before = sv.memoryStats();
  const y = f(x, m, s);
  const after = sv.memoryStats();
  assert.equal(after.liveArrays - before.liveArrays, 1, 'one new live array: the result');
  assert.equal(after.liveBytes - before.liveBytes, 512 * 512 * 4, 'new live bytes: the result only');
  // into out, and with an out overlapping an input (the engine's copy of that input is freed)
  const b2 = sv.memoryStats();
  f(x, m, s, { out: y });
  f(x, m, s, { out: x.T });
  const a2 = sv.memoryStats();
  assert.deepEqual([a2.liveArrays, a2.liveBytes], [b2.liveArrays, b2.liveBytes], 'no new arrays with out=');
  // many calls do not grow the WASM heap (block registers, constants and overlap copies are freed)
  // a compiled chain (fuse_jit) too: its result only
  const g = sv.fuse((a, b, c) => sv.add(sv.mul(sv.sub(a, b), c), a));
  g(x, m, s).dispose();
  const bg = sv.memoryStats();
  const z = g(x, m, s);
  const ag = sv.memoryStats();
  assert.deepEqual([ag.liveArrays - bg.liveArrays, ag.liveBytes - bg.liveBytes], [1, 512 * 512 * 4], 'a compiled chain: its result only');
  z.dispose();
  const heap = sv.memoryStats().heapBytes;
  for (let i = 0; i < 100; i++) {
    f(x, m, s, { out: x.T });
    f(x, m, s, { out: y });
    f(x, m, s).dispose();
    g(x, m, s, { out: x.T });
    g(x, m, s).dispose();
  }
  assert.equal(sv.memoryStats().heapBytes, heap, 'the heap did not grow over 500 calls');
  // errors leave nothing behind
  const b3 = sv.memoryStats();
  assert.throws(() => f(x, sv.ones([3], 'float32'), s));
  assert.throws(() => f(x, m, s, { out: sv.zeros([2], 'float32') }));
  const a3 = sv.memoryStats();
  // the two arrays made for the failing calls (ones, zeros) stay live until disposed; nothing else
  assert.equal(a3.liveArrays - b3.liveArrays, 2);
  y.dispose();
  const end = sv.memoryStats();
  assert.equal(end.liveArrays - before.liveArrays, 2, 'after disposing the result: back to before (but for the two error operands)');
  assert.equal(end.liveBytes - before.liveBytes, 3 * 4 + 2 * 4, 'after disposing the result: back to before (but for the two error operands)');
  [x, m, s].forEach((v) => v.dispose());
});

// ------------------------------------------------------------------ a final reduction
const RED_OPS = ['sum', 'mean', 'max', 'min', 'prod', 'any', 'all'];

/** The unfused value (an array, or a JS scalar) and the fused one are the same (bits; NaN signs free). */
function sameResult(got, want, label) {
  if (want instanceof sv.NDArray) {
    assert.ok(got instanceof sv.NDArray, `${label}: fused gave ${String(got)}, unfused an array`);
    assertSame(got, want, label);
    return;
  }
  assert.equal(typeof got, typeof want, `${label}: fused ${String(got)} (${typeof got}), unfused ${String(want)}`);
  if (typeof want === 'number' && Number.isNaN(want)) assert.ok(Number.isNaN(got), `${label}: fused ${got}, unfused NaN`);
  else assert.ok(Object.is(got, want), `${label}: fused ${String(got)}, unfused ${String(want)}`);
}

test('fuse: a chain ending in sum / mean / max / min / prod / any / all (every axis set, keepdims, a dtype) equals the unfused reduction of the unfused chain, for every dtype and input layout', () => {
  const r = rng(SEED + 31);
  const shapes = [[7], [5, 6], [3, 4, 5], [], [2, 1, 3]];
  let n = 0;
  const failures = [];
  for (const d of DTYPES) {
    for (const T of shapes) {
      for (let rep = 0; rep < 2; rep++) {
        const vx = makeView(r, d, T, r.pick(KINDS));
        const vy = makeView(r, d, T, r.pick(KINDS));
        const nd = T.length;
        for (const op of RED_OPS) {
          const axisChoices = [undefined, null];
          if (nd > 0) axisChoices.push(0, -1, T.map((_, i) => i));
          if (nd > 2) axisChoices.push([0, 2]);
          const axis = r.pick(axisChoices);
          const keepdims = r.next() < 0.3;
          let opts = axis === undefined ? (keepdims ? { keepdims } : undefined) : { axis, keepdims };
          // sum and prod accumulate in a dtype given (the values cast to it first)
          if ((op === 'sum' || op === 'prod') && r.next() < 0.3) opts = { ...opts, dtype: isFloat(d) ? 'float64' : 'int64' };
          const chain = (x, y) => (d === 'bool' ? sv.logicalXor(x, y) : sv.add(sv.mul(x, 3), y));
          const fn = (x, y) => (opts === undefined ? sv[op](chain(x, y)) : sv[op](chain(x, y), opts));
          const label = `${op}(${d} ${fmtShape(T)}, ${JSON.stringify(opts)}) of ${vx.desc} and ${vy.desc}`;
          n++;
          let want;
          let werr = null;
          try {
            want = sv.tidy(() => fn(vx.a, vy.a));
          } catch (e) {
            werr = e;
          }
          let got;
          let gerr = null;
          try {
            got = sv.fuse(fn)(vx.a, vy.a);
          } catch (e) {
            gerr = e;
          }
          try {
            if (werr !== null || gerr !== null) {
              if (werr === null || gerr === null) failures.push(`${label}: ${werr ? `unfused threw ${werr.message}` : 'unfused ran'}, ${gerr ? `fused threw ${gerr.message}` : 'fused ran'}`);
              continue;
            }
            sameResult(got, want, label);
          } catch (e) {
            failures.push(e.message);
          } finally {
            if (got instanceof sv.NDArray) got.dispose();
            if (want instanceof sv.NDArray) want.dispose();
          }
        }
        [...vx.bases, ...vy.bases].forEach((b) => b.dispose());
      }
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${n} fused reductions differ:\n  ${failures.slice(0, 12).join('\n  ')}`);
});

test('fuse: large fused reductions (blocked rows past 2^16, pairwise cascades over many rows, transposed inputs) keep the unfused bits', () => {
  const r = rng(SEED + 32);
  const cases = [
    ['float32', [3, 70001]], ['float64', [70001, 3]], ['float32', [300, 257]], ['float32', [40, 3, 1100]], ['int32', [257, 300]], ['float16', [129, 515]],
  ];
  for (const [d, T] of cases) {
    for (const kind of ['contig', 'transposed', 'padded']) {
      const vx = makeView(r, d, T, kind, (rr, dd) => (dd === 'int32' ? rr.int(-1000, 1000) : Math.round((rr.next() * 8 - 4) * 4096) / 4096));
      const m = mk(r, d, [T[T.length - 1]]);
      for (const op of ['sum', 'mean', 'max', 'prod']) {
        for (const axis of [null, 0, -1, T.length === 3 ? [0, 2] : 1]) {
          const fn = (x, y) => sv[op](sv.sub(sv.mul(x, 0.5), y), { axis });
          const label = `${op}(${kind} ${d} ${fmtShape(T)}, axis ${JSON.stringify(axis)})`;
          const want = sv.tidy(() => fn(vx.a, m));
          const got = sv.fuse(fn)(vx.a, m);
          try {
            sameResult(got, want, label);
          } finally {
            if (got instanceof sv.NDArray) got.dispose();
            if (want instanceof sv.NDArray) want.dispose();
          }
        }
      }
      m.dispose();
      vx.bases.forEach((b) => b.dispose());
    }
  }
});

test('fuse: a final reduction into out (its dtype, another by same_kind, a strided out), explain, JS scalars, errors', () => {
  const a = sv.arange(0, 12, 1, { dtype: 'float32' }).reshape([3, 4]);
  const b = sv.array([0.5, 1, -2, 3], { dtype: 'float32' });
  const mse = sv.fuse((x, y) => sv.mean(sv.square(sv.sub(x, y))));
  const v = mse(a, b);
  assert.equal(typeof v, 'number');
  assert.ok(Object.is(v, sv.tidy(() => sv.mean(sv.square(sv.sub(a, b))))));
  const colsum = sv.fuse((x, y) => sv.sum(sv.mul(x, y), { axis: 0 }));
  for (const out of [sv.zeros([4], 'float32'), sv.zeros([4], 'float64'), sv.zeros([4, 2], 'float32').slice(':, 1')]) {
    const r = colsum(a, b, { out });
    assert.equal(r, out, 'the fused call returns out');
    const want = sv.tidy(() => sv.sum(sv.mul(a, b), { axis: 0 }).astype(out.dtype).toTypedArray());
    assert.deepEqual(Array.from(out.toTypedArray()), Array.from(want), `into ${out.dtype} ${fmtShape(out.strides)}`);
  }
  // the reduction's out may be one of the inputs' storage: the inputs are read first
  const w = sv.array([1, 2, 3, 4], { dtype: 'float32' });
  const want = sv.tidy(() => Array.from(sv.sum(sv.mul(a, w), { axis: 0 }).toTypedArray()));
  colsum(a, w, { out: w });
  assert.deepEqual(Array.from(w.toTypedArray()), want, 'out overlapping an input');
  // out of the wrong shape or kind
  assert.throws(() => colsum(a, b, { out: sv.zeros([3], 'float32') }), (e) => e instanceof sv.StrideViewError && /^fuse: /.test(e.message) && /\[3\]/.test(e.message));
  assert.throws(() => colsum(a, b, { out: sv.zeros([4], 'int32') }), (e) => /^fuse: /.test(e.message));
  stillWorks('fused reduction errors');
  // explain says what is reduced, and that no array of the chain's shape is made
  const text = colsum.explain(a, b);
  assert.match(text, /result = sum\(t0\) over axis 0: float32 \[4\]/);
  assert.match(text, /no array of \[3,4\] is made/);
  // integer sums are exact JS numbers; any / all booleans; keepdims an array
  const isum = sv.fuse((x) => sv.sum(sv.mul(x, 2)));
  const ia = sv.arange(0, 10, 1, { dtype: 'int32' });
  assert.equal(isum(ia), sv.tidy(() => sv.sum(sv.mul(ia, 2))));
  assert.equal(sv.fuse((x) => sv.all(sv.greater(x, -1)))(ia), true);
  const kd = sv.fuse((x) => sv.max(sv.neg(x), { keepdims: true }))(ia);
  assert.deepEqual([kd.shape, Array.from(kd.toTypedArray())], [[1], [0]]);
  // a reduction straight over an input, and over an empty chain (sum 0, mean NaN, max an error as unfused)
  assert.equal(sv.fuse((x) => sv.sum(x))(ia), 45);
  const e = sv.zeros([0, 3], 'float64');
  assert.equal(sv.fuse((x) => sv.sum(sv.add(x, 1)))(e), 0);
  assert.ok(Number.isNaN(sv.fuse((x) => sv.mean(sv.add(x, 1)))(e)));
  assert.throws(() => sv.fuse((x) => sv.max(sv.add(x, 1)))(e), (err) => /^fuse: .*zero-size/.test(err.message));
  stillWorks('a reduction over an empty chain');
  [a, b, w, ia, kd, e].forEach((x) => x.dispose());
});

test('fuse: a fused reduction over 512x512 float32 leaves nothing behind (the chain\'s values are never an array)', () => {
  const r = rng(33);
  const x = mk(r, 'float32', [512, 512]);
  const m = mk(r, 'float32', [512]);
  const f = sv.fuse((a, b) => sv.sum(sv.square(sv.sub(a, b))));
  const g = sv.fuse((a, b) => sv.mean(sv.exp(sv.neg(sv.abs(sv.sub(a, b)))), { axis: 0 }));
  f(x, m);
  g(x, m).dispose();
  const before = sv.memoryStats();
  f(x, m);
  assert.deepEqual([sv.memoryStats().liveArrays, sv.memoryStats().liveBytes], [before.liveArrays, before.liveBytes], 'a full reduction: a JS number, no array');
  const y = g(x, m);
  const after = sv.memoryStats();
  assert.deepEqual([after.liveArrays - before.liveArrays, after.liveBytes - before.liveBytes], [1, 512 * 4], 'an axis reduction: its result only');
  y.dispose();
  const heap = sv.memoryStats().heapBytes;
  for (let i = 0; i < 50; i++) {
    f(x, m);
    g(x, m).dispose();
  }
  assert.equal(sv.memoryStats().heapBytes, heap, 'the heap did not grow over 100 calls');
  [x, m].forEach((v) => v.dispose());
});

test('fuse: NumPy as the oracle for fused reductions (mean squared error, a normalised column sum, an integer dot, any)', { skip: HAVE_PY ? false : 'no /usr/bin/python3' }, () => {
  const r = rng(SEED + 41);
  const cases = [];
  const js = [];
  for (let k = 0; k < 24; k++) {
    const shape = r.pick([[37], [6, 9], [4, 5, 3], [300, 7]]);
    const dtype = r.pick(['float64', 'float32', 'int32', 'int64']);
    const which = r.int(0, 3);
    const axis = shape.length > 1 && r.next() < 0.5 ? r.int(0, shape.length - 1) : null;
    const gen = (rr) => (dtype.startsWith('float') ? Math.round((rr.next() * 8 - 4) * 64) / 64 : dtype === 'int64' ? BigInt(rr.int(-9, 9)) : rr.int(-9, 9));
    const a = mk(r, dtype, shape, gen);
    const b = mk(r, dtype, shape, gen);
    const fns = [
      (x, y) => sv.mean(sv.square(sv.sub(x, y)), { axis }),
      (x, y) => sv.sum(sv.div(sv.sub(x, y), 3), { axis }),
      (x, y) => sv.sum(sv.mul(x, y), { axis }),
      (x, y) => sv.any(sv.greater(sv.add(x, y), 7), { axis }),
    ];
    const py = ['np.mean(np.square(a - b), axis=ax)', 'np.sum((a - b) / 3, axis=ax)', 'np.sum(a * b, axis=ax)', 'np.any((a + b) > 7, axis=ax)'][which];
    const got = sv.fuse(fns[which])(a, b);
    const vals = got instanceof sv.NDArray ? Array.from(got.toTypedArray(), (v) => (typeof v === 'bigint' ? Number(v) : Number(v))) : [Number(got)];
    js.push({ label: `${py} over ${dtype} ${fmtShape(shape)} axis ${axis}`, vals, dtype: got instanceof sv.NDArray ? got.dtype : typeof got });
    cases.push({ py, dtype, shape, axis, a: Array.from(a.toTypedArray(), Number), b: Array.from(b.toTypedArray(), Number) });
    if (got instanceof sv.NDArray) got.dispose();
    a.dispose();
    b.dispose();
  }
  const out = runNumpy(`
import json, sys
cases = json.load(sys.stdin)
res = []
for c in cases:
    a = np.array(c['a'], dtype=c['dtype']).reshape(c['shape'])
    b = np.array(c['b'], dtype=c['dtype']).reshape(c['shape'])
    ax = c['axis']
    r = np.asarray(eval(c['py']))
    res.append({'dtype': str(r.dtype), 'vals': [float(v) for v in r.ravel()]})
print(json.dumps(res))
`, cases);
  const bad = [];
  out.forEach((o, i) => {
    const g = js[i];
    const dt = g.dtype === 'boolean' ? 'bool' : g.dtype === 'number' ? null : g.dtype;
    if (dt !== null && dt !== o.dtype) bad.push(`${g.label}: dtype ${dt}, NumPy ${o.dtype}`);
    if (g.vals.length !== o.vals.length) return bad.push(`${g.label}: ${g.vals.length} values, NumPy ${o.vals.length}`);
    // floats: summation orders differ (NumPy's pairwise blocks of 128): a few ulp of the magnitudes summed
    const tol = o.dtype === 'float32' ? 2e-5 : 1e-12;
    g.vals.forEach((v, j) => {
      const w = o.vals[j];
      if (!(Math.abs(v - w) <= tol * Math.max(1, Math.abs(w)))) bad.push(`${g.label}[${j}]: ${v}, NumPy ${w}`);
    });
  });
  assert.equal(bad.length, 0, bad.slice(0, 10).join('\n'));
});

// ------------------------------------------------------------------ NumPy as the oracle
// A restricted op set NumPy evaluates by the same rules (no float16, whose math functions NumPy
// rounds otherwise; no 0-d array inputs, which NumPy 1.24 casts by value). Exact comparison except
// below a transcendental function (exp, sin, tanh, log1p, pow, hypot: libm differs by an ulp or
// two), where only continuous ops may follow and the tolerance is 64 ulp of the largest magnitude
// the chain met at that element.
const NP_OPS = {
  add: 'np.add', sub: 'np.subtract', mul: 'np.multiply', div: 'np.true_divide', floorDivide: 'np.floor_divide', mod: 'np.remainder',
  maximum: 'np.maximum', minimum: 'np.minimum', greater: 'np.greater', less: 'np.less', equal: 'np.equal', notEqual: 'np.not_equal',
  logicalAnd: 'np.logical_and', logicalOr: 'np.logical_or', bitwiseAnd: 'np.bitwise_and', bitwiseXor: 'np.bitwise_xor',
  neg: 'np.negative', abs: 'np.absolute', square: 'np.square', sqrt: 'np.sqrt', floor: 'np.floor', sign: 'np.sign',
  exp: 'np.exp', sin: 'np.sin', tanh: 'np.tanh', log1p: 'np.log1p', isnan: 'np.isnan', logicalNot: 'np.logical_not',
  where: 'np.where', clip: 'np.clip', pow: 'np.power', hypot: 'np.hypot', astype: 'None',
};
const NP_UNARY = new Set(['neg', 'abs', 'square', 'sqrt', 'floor', 'sign', 'exp', 'sin', 'tanh', 'log1p', 'isnan', 'logicalNot']);
const NP_TRANS = new Set(['exp', 'sin', 'tanh', 'log1p', 'pow', 'hypot']);
// what may follow a transcendental result (continuous, bounded amplification)
const NP_AFTER_TRANS = new Set(['add', 'sub', 'mul', 'maximum', 'minimum', 'neg', 'abs', 'square', 'sin', 'tanh', 'clip', 'where', 'astype']);

test('fuse: NumPy as the oracle for 30 random traced expressions', { skip: HAVE_PY ? false : 'no /usr/bin/python3' }, () => {
  const r = rng(SEED + 17);
  const NPD = ['float32', 'float64', 'int8', 'uint8', 'int16', 'int32', 'uint32', 'int64', 'bool'];
  const value = (rr, d) => {
    if (d === 'bool') return rr.int(0, 1);
    if (d.startsWith('float')) return encF(rr.next() < 0.1 ? rr.pick([NaN, Infinity, -0, 0]) : Math.round((rr.next() * 8 - 4) * 16) / 16);
    return String(d.startsWith('u') ? rr.int(0, 9) : rr.int(-9, 9));
  };
  const fill = (rr, d) => (d === 'bool' ? 1 : d.startsWith('float') ? encF(2.5) : String(3));
  const cases = [];
  let guard = 0;
  while (cases.length < 30 && guard++ < 300) {
    const T = r.pick([[5, 6], [4, 7], [3, 4, 5], [12], [80, 96]]);
    const n = r.int(1, 3);
    const descs = Array.from({ length: n }, () => buildView(r, r.pick(NPD), T, { value, fill, permP: 0.6 }, 2, null));
    if (descs.some((d) => d.fshape.length === 0)) continue;
    // 3-6 ops, each tried on the JS side first (refused ones are left out)
    const bases = descs.map(makeBase);
    const xs = descs.map((d, i) => applyOps(bases[i], d.ops));
    const pool = xs.map((a, k) => ({ node: { t: 'in', k }, val: a, tr: false }));
    const temps = [];
    let steps = 0;
    const nOps = r.int(3, 6);
    for (let attempt = 0; steps < nOps && attempt < 80; attempt++) {
      const op = r.pick(Object.keys(NP_OPS));
      const pick = () => (r.next() < 0.6 ? pool[pool.length - 1] : r.pick(pool));
      // no constants with bool arrays: strideview takes bool + JS integer as int32 (NumPy 1.24: int64)
      const cnst = () => (pool.some((p) => p.val.dtype === 'bool') ? pick() : { node: { t: 'c', v: r.pick([2, 3, -1, 0.5, 1.5, 7]) }, tr: false });
      const lim = { node: { t: 'c', v: -2 }, tr: false };
      const lim2 = { node: { t: 'c', v: 3 }, tr: false };
      const ex = { node: { t: 'c', v: r.pick([2, 3, 0.5]) }, tr: false };
      const args = op === 'where' ? [pick(), pick(), r.next() < 0.5 ? cnst() : pick()]
        : op === 'clip' ? [pick(), lim, lim2]
        : op === 'pow' ? [pick(), ex]
        : op === 'astype' ? [pick()]
        : NP_UNARY.has(op) ? [pick()]
        : [pick(), r.next() < 0.3 ? cnst() : pick()];
      const trIn = args.some((a) => a.tr);
      if ((op === 'clip' || op === 'pow') && args[0].val.dtype === 'bool') continue; // bool with JS integers: see cnst
      if (trIn && !NP_AFTER_TRANS.has(op)) continue;
      if (op === 'where' && args[0].tr) continue;
      const node = { t: 'op', op, args: args.map((a) => a.node) };
      if (op === 'astype') {
        // float -> integer of inf, NaN or out-of-range values is undefined in C: NumPy gives whatever
        // the platform's conversion gives (strideview saturates), so only floats and bool from floats
        const fromFloat = args[0].val.dtype.startsWith('float');
        node.dtype = r.pick(trIn || fromFloat ? ['float32', 'float64', 'bool'] : NPD);
      }
      let v;
      try {
        v = applyOp(node, args.map((a) => (a.node.t === 'c' ? a.node.v : a.val)));
      } catch {
        continue;
      }
      if (v.dtype === 'float16') {
        v.dispose();
        continue;
      }
      temps.push(v);
      pool.push({ node, val: v, tr: trIn || NP_TRANS.has(op) });
      steps++;
    }
    temps.forEach((t) => t.dispose());
    bases.forEach((b) => b.dispose());
    if (steps < 3) continue;
    cases.push({ descs, root: pool[pool.length - 1].node });
  }
  assert.equal(cases.length, 30);
  // the expression as JSON for Python: ['in', k] | ['c', value, isInt] | [op, dtype|null, ...args]
  const toJson = (n) => (n.t === 'in' ? ['in', n.k] : n.t === 'c' ? ['c', encF(n.v), Number.isInteger(n.v)] : [n.op, n.dtype ?? null, ...n.args.map(toJson)]);
  const pyOps = `{${Object.entries(NP_OPS).map(([k, v]) => `'${k}': ${v}`).join(', ')}}`;
  const script = String.raw`
OPS = ${pyOps}
TRANS = set(${JSON.stringify([...NP_TRANS])})
def mag(v):
    a = np.abs(np.asarray(v, dtype=np.float64)) if np.asarray(v).dtype.kind in 'fiu' else np.zeros(np.shape(v))
    return np.where(np.isfinite(a), a, 0.0)
def feps(v):
    d = np.asarray(v).dtype
    return float(np.finfo(d).eps) if d.kind == 'f' else 0.0
def ev(n, xs):
    # (value, below a transcendental op, the largest magnitude met per element, the largest float
    # epsilon met)
    k = n[0]
    if k == 'in':
        return xs[n[1]], False, mag(xs[n[1]]), feps(xs[n[1]])
    if k == 'c':
        v = int(n[1]) if n[2] else float(n[1]) if not isinstance(n[1], str) else {'nan': math.nan, 'inf': math.inf, '-inf': -math.inf, '-0': -0.0}[n[1]]
        return v, False, mag(v), 0.0
    args = [ev(a, xs) for a in n[2:]]
    vals = [a[0] for a in args]
    r = vals[0].astype(n[1]) if k == 'astype' else OPS[k](*vals)
    tr = any(a[1] for a in args) or k in TRANS
    scale = mag(r)
    eps = max([feps(r)] + [a[3] for a in args])
    for a in args:
        scale = np.maximum(scale, a[2])
    return r, tr, scale, eps
out = []
for c in json.load(sys.stdin):
    try:
        xs = [view(d)[1] for d in c['descs']]
        r, tr, scale, eps = ev(c['expr'], xs)
    except Exception as e:
        out.append({'error': repr(e)})
        continue
    r = np.asarray(r)
    if r.dtype.kind == 'f':
        vals = [encf(float(x)) for x in r.ravel().tolist()]
    elif r.dtype.kind == 'b':
        vals = [int(x) for x in r.ravel().tolist()]
    else:
        vals = [str(int(x)) for x in r.ravel().tolist()]
    sc = np.broadcast_to(scale, r.shape).ravel().tolist() if tr else None
    out.append({'dtype': str(r.dtype), 'shape': list(r.shape), 'values': vals, 'scale': sc, 'eps': eps})
print(json.dumps(out))
`;
  const expected = runNumpy(script, cases.map((c) => ({ descs: c.descs, expr: toJson(c.root) })));
  const failures = [];
  cases.forEach((c, i) => {
    const bases = c.descs.map(makeBase);
    const xs = c.descs.map((d, k) => applyOps(bases[k], d.ops));
    const got = sv.fuse(fnOf(c.root, []))(...xs);
    const e = expected[i];
    const where = `case ${i}: ${show(c.root)} over ${c.descs.map((d) => `${d.dtype}${fmtShape(d.fshape)} ${JSON.stringify(d.ops)}`).join(', ')}`;
    if ('error' in e) failures.push(`${where}: NumPy raised ${e.error}, strideview returned ${got.dtype}${fmtShape(got.shape)}`);
    else if (got.dtype !== e.dtype) failures.push(`${where}: dtype ${got.dtype}, NumPy ${e.dtype}`);
    else if (got.shape.join() !== e.shape.join()) failures.push(`${where}: shape ${fmtShape(got.shape)}, NumPy ${fmtShape(e.shape)}`);
    else {
      const t = got.toTypedArray();
      const ulp = Math.max(got.dtype === 'float32' ? 2 ** -23 : 2 ** -52, e.eps ?? 0); // the least precise float the chain met
      for (let k = 0; k < e.values.length; k++) {
        const g = t[k];
        const w = e.values[k];
        let ok;
        if (got.dtype.startsWith('float')) {
          const wv = decF(w);
          if (Number.isNaN(wv)) ok = Number.isNaN(g);
          else if (e.scale) ok = g === wv || (Number.isFinite(wv) && Math.abs(g - wv) <= 64 * ulp * Math.max(1, e.scale[k]));
          else ok = g === wv; // zeros without their sign: strideview's sign(-0) is -0, NumPy's 0
        } else if (got.dtype === 'bool') ok = Number(g) === w;
        else ok = String(g) === w;
        if (!ok) {
          failures.push(`${where}: element ${k}: fused ${Object.is(g, -0) ? '-0' : g}, NumPy ${w}${e.scale ? ` (scale ${e.scale[k]})` : ''}`);
          break;
        }
      }
    }
    got.dispose();
    bases.forEach((b) => b.dispose());
  });
  assert.equal(failures.length, 0, `${failures.length} of 30 differ from NumPy:\n  ${failures.join('\n  ')}`);
});
