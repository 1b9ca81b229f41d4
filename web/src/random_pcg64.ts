// The bit generator of defaultRng: NumPy's PCG64 seeded through SeedSequence (the C++ side:
// src/random, bindings/random.cpp), its state (10 uint32 words) kept in JS, and the exchange
// block through which each call passes that state and its arguments to WebAssembly.
import { family, needFamily } from './families.js';
import { type DType, type Scalar, fromStored, info } from './dtype.js';
import { StrideViewError, fmt } from './errors.js';
import { NDArrayClass } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { heapBuffer, rt } from './runtime.js';
import { type SigRef, bind } from './signature.js';
import { SeedSequence, freshEntropy, seedWords } from './random_seed.js';

// ------------------------------------------------------------------------------ the wasm side

/** @internal */
export interface RandomRaw {
  _sv_rng_exchange(): number;
  _sv_rng_seed(entropy: number, n: number): void;
  _sv_rng_fill(kind: number, out: number, n: number): number;
  _sv_rng_seed_state(words: number): void;
  _sv_alloc_raw(bytes: number): number;
  _sv_free_raw(ptr: number): void;
}


// The exchange block: state words at 0, integer arguments at 40, float arguments at 64, one scalar
// result at 96 (bindings/random.cpp, struct Exchange).
/** @internal */
export let exAddr = 0;
/** @internal */
export let exBuf: ArrayBuffer | null = null;
/** @internal */
export let exU32: Uint32Array;
/** @internal */
export let exF64: Float64Array;
/** @internal */
export let exF32: Float32Array;
/** @internal */
export let exU8: Uint8Array;
/** @internal */
export let exI64: BigInt64Array;
/** @internal */
export let exU64: BigUint64Array;

// NumPy's streams are drawn by the 'random' family of the engine (families.ts).
const RANDOM = /* @__PURE__ */ family('random');

/** @internal */
export function raw(): RandomRaw {
  const m = rt() as unknown as RandomRaw;
  needFamily('Generator', RANDOM); // callers relabel it with their own name
  return m;
}

/** @internal Refreshes the views of the exchange block (WASM memory may have grown). */
export function exchange(): void {
  const buf = heapBuffer();
  if (buf === exBuf) return;
  if (exAddr === 0) exAddr = raw()._sv_rng_exchange();
  exBuf = buf;
  exU32 = new Uint32Array(buf, exAddr, 28);
  exF64 = new Float64Array(buf, exAddr + 64, 6);
  exF32 = new Float32Array(buf, exAddr + 96, 1);
  exU8 = new Uint8Array(buf, exAddr + 96, 1);
  exI64 = new BigInt64Array(buf, exAddr + 96, 1);
  exU64 = new BigUint64Array(buf, exAddr + 96, 1);
}
/** @internal */
export const RESULT = 96;

// ------------------------------------------------------------------------------ bit generator

/** The state of a {@link PCG64}, as NumPy's `bit_generator.state` (bigints for the 128-bit words). */
export interface PCG64State {
  bitGenerator: 'PCG64';
  state: { state: bigint; inc: bigint };
  hasUint32: number;
  uinteger: number;
}

/** @internal */
export const M32 = 0xffffffffn;

let seedOp = 'PCG64';
/** @internal Runs fn with seeding errors named after op (defaultRng). */
export function withSeedOp<T>(op: string, fn: () => T): T {
  const outer = seedOp;
  seedOp = op;
  try {
    return fn();
  } finally {
    seedOp = outer;
  }
}

// The declaration, made at the first call (see random.ts: no top-level call in a bundle).
let pcg64Sig: SigRef | undefined;
function declarePcg64(): SigRef {
  const PCG64_SIG: SigRef = { sig: 'numpy.random.PCG64: PCG64(seed: number | bigint | readonly (number | bigint)[] | NDArray | SeedSequence | null = null) -> PCG64' };
  return PCG64_SIG;
}

/**
 * NumPy's PCG64 bit generator (128-bit LCG, XSL-RR output) seeded through SeedSequence:
 * `new PCG64(seed)` (or `new PCG64({ seed })`) equals `numpy.random.PCG64(seed=None)`. Usually made
 * by {@link defaultRng}.
 */
export class PCG64 {
  /** @internal state (4 words), inc (4 words), has_uint32, uinteger */
  readonly _w = new Uint32Array(10);

  /**
   * `seed`: a non-negative integer (number or bigint), an array of them, or a {@link SeedSequence}
   * (its spawned children give independent streams); none (or null): fresh OS entropy.
   */
  constructor(seed?: number | bigint | readonly (number | bigint)[] | NDArray | SeedSequence | null);
  constructor(options: { seed?: number | bigint | readonly (number | bigint)[] | NDArray | SeedSequence | null | undefined });
  constructor(...args: unknown[]) {
    const op = seedOp;
    const [seed] = bind((pcg64Sig ??= declarePcg64()), args);
    const m = raw();
    if (seed instanceof SeedSequence) {
      // NumPy's PCG64(seed_sequence): the first 4 uint64 words of its state
      const w = seed._words(8);
      const p = m._sv_alloc_raw(32);
      if (p === 0) throw new StrideViewError('out_of_memory', `${op}: cannot allocate 32 bytes for the seed`);
      try {
        new Uint32Array(heapBuffer(), p, 8).set(w);
        m._sv_rng_seed_state(p);
      } finally {
        m._sv_free_raw(p);
      }
      exchange();
      this._w.set(exU32.subarray(0, 10));
      return;
    }
    const words = seed === undefined || seed === null ? freshEntropy(op, 4) : seedWords(op, seed);
    const p = m._sv_alloc_raw(Math.max(4, words.length * 4));
    if (p === 0) throw new StrideViewError('out_of_memory', `${op}: cannot allocate ${words.length * 4} bytes for the seed`);
    try {
      new Uint32Array(heapBuffer(), p, words.length).set(words);
      m._sv_rng_seed(p, words.length);
    } finally {
      m._sv_free_raw(p);
    }
    exchange();
    this._w.set(exU32.subarray(0, 10));
  }

  /** The state, as NumPy's `bit_generator.state` (a copy; assign to `state` to restore). */
  get state(): PCG64State {
    const w = this._w;
    const big = (o: number): bigint =>
      (BigInt(w[o + 3]!) << 96n) | (BigInt(w[o + 2]!) << 64n) | (BigInt(w[o + 1]!) << 32n) | BigInt(w[o]!);
    return { bitGenerator: 'PCG64', state: { state: big(0), inc: big(4) }, hasUint32: w[8]!, uinteger: w[9]! };
  }
  set state(s: PCG64State) {
    const op = 'PCG64.state';
    if (s === null || typeof s !== 'object' || s.bitGenerator !== 'PCG64' || s.state === null || typeof s.state !== 'object') {
      throw new TypeError(`${op}: expected { bitGenerator: 'PCG64', state: { state, inc }, hasUint32, uinteger }, got ${fmt(s)}`);
    }
    const w = new Uint32Array(10);
    const put = (o: number, v: unknown, what: string): void => {
      if (typeof v !== 'bigint' || v < 0n || v >= 1n << 128n) throw new TypeError(`${op}: ${what} must be a bigint in [0, 2^128), got ${fmt(v)}`);
      for (let i = 0; i < 4; i++) w[o + i] = Number((v >> BigInt(32 * i)) & M32);
    };
    put(0, s.state.state, 'state.state');
    put(4, s.state.inc, 'state.inc');
    w[8] = s.hasUint32 ? 1 : 0;
    w[9] = Number(s.uinteger) >>> 0;
    this._w.set(w);
  }
}

/** @internal One integer result of dtype from the exchange block. */
export function readInt(dtype: DType): Scalar {
  switch (dtype) {
    case 'int64':
      return exI64[0]!;
    case 'uint64':
      return exU64[0]!;
    case 'bool':
      return fromStored('bool', exU8[0]!);
    default: {
      const I = info(dtype);
      const v = exU32[24]!; // result slot, as uint32 (little-endian: the low bytes first)
      const bits = I.bits;
      const u = bits === 32 ? v : v & ((1 << bits) - 1);
      return I.kind === 'i' && u >= 2 ** (bits - 1) ? u - 2 ** bits : u;
    }
  }
}
