// Concrete shapes (the spec's Shape module): plain number[] in and out, computed by C++.
import { toInt, toInts } from './errors.js';
import { Op, wire } from './wire.js';

function dimsCall(op: number, ...lists: number[][]): void {
  wire.begin();
  for (const l of lists) wire.putDims(l);
  wire.call(op);
}

/** Shape helpers over concrete dims. */
export const Shape = {
  /** Product of the dims (1 for a scalar). */
  numel(shape: readonly number[]): number {
    dimsCall(Op.ShapeNumel, toInts('Shape.numel', 'shape', shape));
    return wire.num();
  },
  /** Row-major strides, with stride 0 at and left of a zero-size dim. */
  cContiguousStrides(shape: readonly number[]): number[] {
    dimsCall(Op.ShapeCStrides, toInts('Shape.cContiguousStrides', 'shape', shape));
    return wire.dims();
  },
  /** sum(indices[i] * strides[i]) (no bounds check). */
  ravelIndex(indices: readonly number[], strides: readonly number[]): number {
    dimsCall(
      Op.ShapeRavel,
      toInts('Shape.ravelIndex', 'indices', indices),
      toInts('Shape.ravelIndex', 'strides', strides),
    );
    return wire.num();
  },
  /** The multi-index of flat position k in a C-contiguous layout. */
  unravelIndex(k: number, shape: readonly number[]): number[] {
    const kk = toInt('Shape.unravelIndex', 'k', k);
    const s = toInts('Shape.unravelIndex', 'shape', shape);
    wire.begin().put(kk);
    wire.putDims(s);
    wire.call(Op.ShapeUnravel);
    return wire.dims();
  },
  /** Resolves one -1 in spec from the element count of current. */
  resolveNegOne(current: readonly number[], spec: readonly number[]): number[] {
    dimsCall(
      Op.ShapeResolveNegOne,
      toInts('Shape.resolveNegOne', 'current', current),
      toInts('Shape.resolveNegOne', 'spec', spec),
    );
    return wire.dims();
  },
  /** NumPy broadcasting of two (or more) shapes. */
  broadcast(a: readonly number[], b: readonly number[], ...more: readonly number[][]): number[] {
    const all = [a, b, ...more].map((s, i) => toInts('Shape.broadcast', `shape ${i}`, s));
    wire.begin().put(all.length);
    for (const s of all) wire.putDims(s);
    wire.call(Op.ShapeBroadcast);
    return wire.dims();
  },
  /** Maps an index of the broadcast shape to the index in sourceShape. */
  broadcastIndex(targetIndex: readonly number[], sourceShape: readonly number[]): number[] {
    dimsCall(
      Op.ShapeBroadcastIndex,
      toInts('Shape.broadcastIndex', 'targetIndex', targetIndex),
      toInts('Shape.broadcastIndex', 'sourceShape', sourceShape),
    );
    return wire.dims();
  },
  /** "[2,3,4]". */
  toString(shape: readonly number[]): string {
    dimsCall(Op.ShapeToString, toInts('Shape.toString', 'shape', shape));
    return wire.str();
  },
};
