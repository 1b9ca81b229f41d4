// NumPy's SeedSequence (numpy.random.SeedSequence, O'Neill's seed_seq design): mixes entropy (and
// a spawn key) into a pool of 32-bit words and generates seeds from it; `spawn` makes children
// whose streams are independent of each other and of the parent's, as NumPy's, so parallel
// streams match NumPy's too. Pure JS (32-bit integer arithmetic): no WebAssembly needed.
import { StrideViewError, fmt, isArrayLike, toInt } from './errors.js';
import { info } from './dtype.js';
import { NDArrayClass } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { fromTypedArray } from './creation.js';
import { type SigRef, bind } from './signature.js';

const M32 = 0xffffffffn;

function wordsOfInt(op: string, v: unknown, out: number[], name: string): void {
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number') {
    if (!Number.isInteger(v)) {
      throw new TypeError(`${op}: ${name} must be a non-negative integer or an array of them, got ${fmt(v)}`);
    }
    n = BigInt(v);
  } else {
    throw new TypeError(`${op}: ${name} must be a non-negative integer or an array of them, got ${fmt(v)}`);
  }
  if (n < 0n) throw new StrideViewError('invalid_argument', `${op}: ${name} must be non-negative, got ${fmt(v)}`);
  if (n === 0n) out.push(0);
  while (n > 0n) {
    out.push(Number(n & M32));
    n >>= 32n;
  }
}

/** @internal The entropy words of a seed (NumPy's SeedSequence: each integer as 32-bit words, low first). */
export function seedWords(op: string, seed: unknown, name = 'seed'): number[] {
  const words: number[] = [];
  if (seed instanceof NDArrayClass) {
    seed._check(op);
    if (info(seed.dtype).kind === 'f') {
      throw new TypeError(`${op}: ${name} must be a non-negative integer or an array of them, got an array of dtype ${seed.dtype}`);
    }
    const ta = seed.toTypedArray();
    for (let i = 0; i < ta.length; i++) wordsOfInt(op, typeof ta[i] === 'bigint' ? ta[i] : Number(ta[i]), words, name);
  } else if (isArrayLike(seed)) {
    const a = seed as ArrayLike<unknown>;
    for (let i = 0; i < a.length; i++) wordsOfInt(op, a[i], words, name);
  } else {
    wordsOfInt(op, seed, words, name);
  }
  return words;
}

/** @internal `n` words of OS entropy (crypto.getRandomValues), as NumPy's SeedSequence() draws. */
export function freshEntropy(op: string, n: number): number[] {
  const c = (globalThis as { crypto?: { getRandomValues?(a: Uint32Array): Uint32Array } }).crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    throw new StrideViewError('invalid_argument', `${op}: no seed given and no crypto.getRandomValues in this runtime; pass a seed`);
  }
  return Array.from(c.getRandomValues(new Uint32Array(n)));
}


// The hash constants of the design (NumPy's bit_generator.pyx uses the same).
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;

/** Mixes the entropy words into a pool of poolSize words (NumPy's mix_entropy). */
function mixEntropy(poolSize: number, entropy: readonly number[]): Uint32Array {
  const pool = new Uint32Array(poolSize);
  let h = INIT_A;
  const hashmix = (value: number): number => {
    let v = (value ^ h) >>> 0;
    h = Math.imul(h, MULT_A) >>> 0;
    v = Math.imul(v, h) >>> 0;
    return (v ^ (v >>> XSHIFT)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
    return (r ^ (r >>> XSHIFT)) >>> 0;
  };
  for (let i = 0; i < poolSize; i++) pool[i] = hashmix(i < entropy.length ? entropy[i]! : 0);
  for (let src = 0; src < poolSize; src++) {
    for (let dst = 0; dst < poolSize; dst++) if (src !== dst) pool[dst] = mix(pool[dst]!, hashmix(pool[src]!));
  }
  for (let src = poolSize; src < entropy.length; src++) {
    for (let dst = 0; dst < poolSize; dst++) pool[dst] = mix(pool[dst]!, hashmix(entropy[src]!));
  }
  return pool;
}

let sig: SigRef | undefined;
let genSig: SigRef | undefined;
let spawnSig: SigRef | undefined;
function declareSeedSequence(): SigRef {
  const SEED_SEQUENCE: SigRef = { sig: 'numpy.random.SeedSequence: SeedSequence(entropy: number | bigint | readonly (number | bigint)[] | NDArray | null = null, *, ' +
      'spawnKey: readonly (number | bigint)[] | null = null, poolSize: number = 4, nChildrenSpawned: number = 0) -> SeedSequence' };
  return SEED_SEQUENCE;
}
function declareGenerateState(): SigRef {
  const SEED_SEQUENCE_GENERATE_STATE: SigRef = { sig: 'numpy.random.SeedSequence.generate_state: SeedSequence.generateState(nWords: number, ' +
      'dtype: "uint32" | "uint64" = "uint32") -> NDArray' };
  return SEED_SEQUENCE_GENERATE_STATE;
}
function declareSpawn(): SigRef {
  const SEED_SEQUENCE_SPAWN: SigRef = { sig: 'numpy.random.SeedSequence.spawn: SeedSequence.spawn(nChildren: number) -> SeedSequence[]' };
  return SEED_SEQUENCE_SPAWN;
}

/**
 * NumPy's `SeedSequence(entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0)`: turns
 * a seed (an integer of any size or a list of them; none: 128 bits of OS entropy) into
 * well-mixed state words. `spawn(n)` gives n children for independent parallel streams:
 * `defaultRng(child)` or `new PCG64(child)` give NumPy's streams for the same seed and key.
 */
export class SeedSequence {
  /** The entropy given (or drawn from the OS when none was). */
  readonly entropy: number | bigint | readonly (number | bigint)[];
  /** This sequence's position in the spawn tree (NumPy's `spawn_key`). */
  readonly spawnKey: readonly number[];
  /** The size of the entropy pool in 32-bit words (at least 4). */
  readonly poolSize: number;
  /** How many children `spawn` has made so far (the next child's key ends with this number). */
  nChildrenSpawned: number;
  /** @internal the mixed pool */
  readonly _pool: Uint32Array;

  constructor(entropy?: number | bigint | readonly (number | bigint)[] | NDArray | null, options?: { spawnKey?: readonly (number | bigint)[] | null | undefined; poolSize?: number | undefined; nChildrenSpawned?: number | undefined });
  constructor(options: { entropy?: number | bigint | readonly (number | bigint)[] | NDArray | null | undefined; spawnKey?: readonly (number | bigint)[] | null | undefined; poolSize?: number | undefined; nChildrenSpawned?: number | undefined });
  constructor(...args: unknown[]) {
    const op = 'SeedSequence';
    const [entropyArg, spawnKeyArg, poolSizeArg, spawnedArg] = bind((sig ??= declareSeedSequence()), args);
    const poolSize = toInt(op, 'poolSize', poolSizeArg);
    if (poolSize < 4) throw new StrideViewError('invalid_argument', `${op}: the size of the entropy pool should be at least 4 (poolSize ${poolSize})`);
    const spawned = toInt(op, 'nChildrenSpawned', spawnedArg);
    if (spawned < 0) throw new StrideViewError('invalid_argument', `${op}: nChildrenSpawned must be non-negative (got ${spawned})`);
    if (spawnKeyArg !== null && !isArrayLike(spawnKeyArg)) throw new TypeError(`${op}: spawnKey must be an array of non-negative integers, got ${fmt(spawnKeyArg)}`);
    const spawnKey = Array.from((spawnKeyArg ?? []) as ArrayLike<unknown>, (k, i) => {
      const v = toInt(op, `spawnKey[${i}]`, k);
      if (v < 0) throw new StrideViewError('invalid_argument', `${op}: spawnKey[${i}] must be non-negative (got ${v})`);
      return v;
    });
    let entropy: number | bigint | readonly (number | bigint)[];
    let run: number[];
    if (entropyArg === null || entropyArg === undefined) {
      run = freshEntropy(op, poolSize);
      entropy = run.reduceRight((acc, w) => (acc << 32n) | BigInt(w), 0n);
      while (run.length > 1 && run[run.length - 1] === 0) run.pop(); // the integer's words, as NumPy coerces it
    } else {
      run = seedWords(op, entropyArg, 'entropy');
      entropy = entropyArg instanceof NDArrayClass ? Array.from(entropyArg.toTypedArray() as ArrayLike<number | bigint>) : isArrayLike(entropyArg) ? Array.from(entropyArg as ArrayLike<number | bigint>) : (entropyArg as number | bigint);
    }
    const keyWords = spawnKey.length ? seedWords(op, spawnKey, 'spawnKey') : [];
    if (keyWords.length > 0) while (run.length < poolSize) run.push(0); // NumPy pads the entropy when a key follows
    this.entropy = entropy;
    this.spawnKey = spawnKey;
    this.poolSize = poolSize;
    this.nChildrenSpawned = spawned;
    this._pool = mixEntropy(poolSize, [...run, ...keyWords]);
  }

  /** @internal n uint32 state words (NumPy's generate_state core). */
  _words(n: number): Uint32Array {
    const out = new Uint32Array(n);
    let h = INIT_B;
    for (let i = 0; i < n; i++) {
      let v = (this._pool[i % this.poolSize]! ^ h) >>> 0;
      h = Math.imul(h, MULT_B) >>> 0;
      v = Math.imul(v, h) >>> 0;
      out[i] = (v ^ (v >>> XSHIFT)) >>> 0;
    }
    return out;
  }

  /**
   * `nWords` words of state (NumPy's `generate_state(n_words, dtype=np.uint32)`): a uint32 NDArray,
   * or uint64 (pairs of 32-bit words, low first) with `dtype: 'uint64'`.
   */
  generateState(nWords: number, options?: { dtype?: 'uint32' | 'uint64' | undefined }): NDArray;
  generateState(nWords: number, dtype?: 'uint32' | 'uint64'): NDArray;
  generateState(...args: unknown[]): NDArray {
    const op = 'SeedSequence.generateState';
    const [nArg, dtype] = bind((genSig ??= declareGenerateState()), args);
    const n = toInt(op, 'nWords', nArg);
    if (n < 0) throw new StrideViewError('invalid_argument', `${op}: nWords must be non-negative (got ${n})`);
    if (dtype !== 'uint32' && dtype !== 'uint64') throw new StrideViewError('invalid_argument', `${op}: dtype must be 'uint32' or 'uint64', got ${fmt(dtype)}`);
    const w = this._words(dtype === 'uint64' ? 2 * n : n);
    if (dtype === 'uint32') return fromTypedArray(w, [n]);
    const q = new BigUint64Array(n);
    for (let i = 0; i < n; i++) q[i] = (BigInt(w[2 * i + 1]!) << 32n) | BigInt(w[2 * i]!);
    return fromTypedArray(q, [n]);
  }

  /**
   * `nChildren` new SeedSequences (NumPy's `spawn(n_children)`): the same entropy, this key
   * extended by each child's number (counting on from earlier spawns).
   */
  spawn(nChildren: number): SeedSequence[];
  spawn(...args: unknown[]): SeedSequence[] {
    const op = 'SeedSequence.spawn';
    const [nArg] = bind((spawnSig ??= declareSpawn()), args);
    const n = toInt(op, 'nChildren', nArg);
    if (n < 0) throw new StrideViewError('invalid_argument', `${op}: nChildren must be non-negative (got ${n})`);
    const kids: SeedSequence[] = [];
    for (let i = this.nChildrenSpawned; i < this.nChildrenSpawned + n; i++) {
      kids.push(new SeedSequence(this.entropy, { spawnKey: [...this.spawnKey, i], poolSize: this.poolSize }));
    }
    this.nChildrenSpawned += n;
    return kids;
  }

  /** NumPy's `state`: what recreates this sequence. */
  get state(): { entropy: number | bigint | readonly (number | bigint)[]; spawnKey: readonly number[]; poolSize: number; nChildrenSpawned: number } {
    return { entropy: this.entropy, spawnKey: this.spawnKey, poolSize: this.poolSize, nChildrenSpawned: this.nChildrenSpawned };
  }
}
