// The kernel client: one request per kernel call into WASM (bindings/fast.cpp kernel_run and
// kernel_gather), its operands in the wire's operand encoding, and the checks of an `out` argument.
// Results are NDArrays built with the class ndarray.ts registers here, so that this module (and
// creation.ts, interop.ts) sit below the class in the import graph.
import { type DType, info, isComplex } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import type { NDArray } from './ndarray.js';
import { Op, wire, type Wire } from './wire.js';
import { putView, readView } from './view.js';
import { checkKernelFamily, familiesReady } from './families.js';

/** @internal The NDArray class (registered by ndarray.ts when it loads). */
export let NDArrayClass: typeof NDArray = undefined as never;

/** @internal Called once by ndarray.ts with the class. */
export function registerArrayClass(c: typeof NDArray): void {
  NDArrayClass = c;
}

// The kernel kinds come from the boundary tables (src/core/boundary_tables.json), with their C++ twins.
import { GatherOut, KernelIn, KernelOut, Kind, SingleOp } from './boundary_tables.js';
export { Kind } from './boundary_tables.js';

/** @internal Writes an array as a kernel operand: buffer address and length, dtype code, view. */
export function putOperand(w: Wire, a: NDArray): void {
  w.put(a._s.ptr);
  w.put(a._s.length);
  w.put(info(a.dtype).code);
  putView(w, a._v);
}

let second: NDArray | null = null;
/** @internal The second result of the last Topk kernel call (its int64 indices), taken once. */
export function takeSecond(): NDArray {
  const s = second!;
  second = null;
  return s;
}

/** @internal A kernel input: an array in the kernel's dtype, or a scalar already stored as that dtype. */
export type KIn = NDArray | number;

/**
 * @internal One kernel call, one crossing into WASM (bindings/fast.cpp kernel_run): the inputs are
 * broadcast, bounds-checked and run there, and the result is written into `out` (returned; a
 * result dtype other than out's is cast into it) or into new storage of dtype `rdt` allocated there
 * (shape: the inputs' broadcast shape, or `shape`). Scalars are numbers stored as `sdt`, the
 * kernel's input dtype. Extras by kind: copy x0 = fill; reduce / reduce-more / moments x0 = axes
 * bits, x1 = keepdims, x2 = ddof (moments); arg x0 = axis, x1 = keepdims; scan / sort x0 = axis;
 * topk x0 = k, x1 = axis (its indices: takeSecond()).
 */
export function runKernel(
  kind: Kind,
  code: number,
  rdt: DType,
  out: NDArray | null,
  shape: readonly number[] | null,
  inputs: readonly KIn[],
  sdt: DType,
  x0: number = 0,
  x1: number = 0,
  x2: number = 0,
): NDArray {
  if (!familiesReady) checkKernelFamily(kind, code, isComplex(rdt) || isComplex(sdt) || inputs.some((x) => typeof x !== 'number' && isComplex(x.dtype)));
  const w = wire.begin();
  w.put(kind);
  w.put(code);
  if (out !== null) {
    w.put(KernelOut.Given);
    w.put(info(rdt).code);
    putOperand(w, out);
  } else {
    w.put(KernelOut.Allocate);
    w.put(info(rdt).code);
    if (shape !== null) {
      w.put(1);
      w.putDims(shape);
    } else {
      w.put(0);
    }
  }
  w.put(inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i]!;
    if (typeof x === 'number') {
      w.put(KernelIn.Scalar);
      w.put(info(sdt).code);
      w.put(x);
    } else {
      w.put(KernelIn.Array);
      putOperand(w, x);
    }
  }
  if (kind === Kind.Copy || kind === Kind.Scan || kind === Kind.Sort || kind === Kind.Partition) {
    w.put(x0);
  } else if (kind === Kind.Reduce || kind === Kind.ReduceMore || kind === Kind.Moments || kind === Kind.Arg || kind === Kind.Topk) {
    w.put(x0);
    w.put(x1);
    if (kind === Kind.Moments) w.put(x2);
  }
  if (kind === Kind.Copy) {
    try {
      w.call(Op.KernelRun);
    } catch (e) {
      // C++ names every copy "assign"; the caller names its own op (full, astype, contiguous...)
      if (e instanceof StrideViewError && e.message.startsWith('assign: ')) {
        throw new StrideViewError(e.code, e.message.slice(8));
      }
      throw e;
    }
  } else {
    w.call(Op.KernelRun);
  }
  if (out !== null) return out;
  const ptr = w.num();
  const r = NDArrayClass._adopt(ptr, readView(w, null, null), rdt);
  if (kind === Kind.Topk) {
    const p2 = w.num();
    second = NDArrayClass._adopt(p2, readView(w, null, null), 'int64');
  }
  return r;
}

/** @internal dst[...] = cast(src) broadcast to dst's shape; masked-out src elements get src's fill. */
export function kernelCopy(dst: NDArray, src: NDArray): void {
  try {
    runKernel(Kind.Copy, SingleOp.Only, dst.dtype, dst, null, [src], src.dtype, src._fill);
  } catch (e) {
    throw relabel('assign', e);
  }
}

/** @internal Outer gather along one axis (a new array). */
export function gather(a: NDArray, axis: number, indices: readonly number[], op: string = 'take'): NDArray {
  const sh = a.shape;
  const n = sh[axis]!;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (i < -n || i >= n) {
      throw new StrideViewError('out_of_range', `${op}: index ${i} is out of bounds for axis ${axis} with size ${n}`);
    }
  }
  sh[axis] = indices.length;
  const out = NDArrayClass._empty('take', sh, a.dtype);
  try {
    wire.begin();
    wire.put(GatherOut.Into);
    putOperand(wire, out);
    putOperand(wire, a);
    wire.put(a._fill);
    wire.put(axis);
    wire.putDims(indices as number[]);
    wire.call(Op.KernelGather);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** @internal Gather along axis 0 where the bool `mask` (1-D, a's first dim) is true: one call, the result allocated in WASM. */
export function gatherMask(a: NDArray, mask: NDArray): NDArray {
  const w = wire.begin();
  w.put(GatherOut.Allocate);
  putOperand(w, a);
  w.put(a._fill);
  w.put(0);
  w.put(-1);
  putOperand(w, mask);
  w.call(Op.KernelGather);
  const ptr = w.num();
  return NDArrayClass._adopt(ptr, readView(w, null, null), a.dtype);
}

/**
 * @internal Gather along `axis` at the integer array `indices` (1-D, any layout; signed, or unsigned
 * of at most 32 bits): the engine reads them itself (negative from the end, bounds checked).
 */
export function gatherArray(a: NDArray, axis: number, indices: NDArray): NDArray {
  const w = wire.begin();
  w.put(GatherOut.Allocate);
  putOperand(w, a);
  w.put(a._fill);
  w.put(axis);
  w.put(-2);
  putOperand(w, indices);
  w.put(indices._fill);
  w.call(Op.KernelGather);
  const ptr = w.num();
  return NDArrayClass._adopt(ptr, readView(w, null, null), a.dtype);
}

// NumPy's casting='same_kind': safe casts, and casts within a kind (bool < unsigned/signed int < float < complex).
const KIND_RANK = { b: 0, u: 1, i: 1, f: 2, c: 3 } as const;

/** @internal True when NumPy allows casting `from` into `to` under casting='same_kind'. */
export function canCastSameKind(from: DType, to: DType): boolean {
  if (from === to) return true;
  const a = info(from);
  const b = info(to);
  if (KIND_RANK[a.kind] < KIND_RANK[b.kind]) return true;
  if (KIND_RANK[a.kind] > KIND_RANK[b.kind]) return false;
  if (a.kind === 'b' || b.kind === 'b') return a.kind === b.kind;
  return a.kind === b.kind || (a.kind === 'u' && b.kind === 'i');
}

/**
 * @internal Checks an `out` argument: an NDArray, not disposed, writable, and a cast from the
 * result dtype `rdt` into it allowed under casting='same_kind' (the shape is checked in WASM);
 * `unsafe`: any cast (NumPy's reductions, which cast into out with casting='unsafe').
 */
export function checkOut(op: string, out: unknown, rdt: DType, unsafe: boolean = false): NDArray {
  if (!(out instanceof NDArrayClass)) throw new TypeError(`${op}: out must be an NDArray, got ${fmt(out)}`);
  out._check(`${op}: out`);
  if (out._ro) {
    throw new StrideViewError(
      'read_only',
      `${op}: out is read-only (${out.mask ? 'a padded view' : 'a broadcast view'} of shape ${fmt(out.shape)} with strides ${fmt(out.strides)}); pass a writable array`,
    );
  }
  if (!unsafe && !canCastSameKind(rdt, out.dtype)) {
    throw new StrideViewError(
      'type_error',
      `${op}: cannot cast the result from ${rdt} to out's dtype ${out.dtype} with casting='same_kind'`,
    );
  }
  return out;
}

/** @internal The `out` option of an op's options object (undefined when absent). */
export function outOption(op: string, options: unknown): unknown {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  return (options as { out?: unknown }).out;
}

/** @internal The elements of `a` converted to dtype, then written into out (checked first; `unsafe` as checkOut). */
export function copyInto(op: string, a: NDArray, dtype: DType, out: unknown, unsafe: boolean = false): NDArray {
  try {
    const o = checkOut(op, out, dtype, unsafe);
    if (o.ndim !== a.ndim || o.shape.some((d, i) => d !== a._v._shape[i])) {
      throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(o.shape)} but the result has shape ${fmt(a.shape)}`);
    }
    return runKernel(Kind.Copy, SingleOp.Only, dtype, o, null, [a], a.dtype, a._fill);
  } catch (e) {
    throw relabel(op, e);
  }
}
