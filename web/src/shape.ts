// Concrete shapes (the spec's Shape module): plain number[] in and out, computed by C++.
import { StrideViewError, fmt, toInt, toInts, withOp } from './errors.js';
import { checkCall } from './signature.js';
import { Op, wire } from './wire.js';

function dimsCall(op: number, ...lists: number[][]): void {
  wire.begin();
  for (const l of lists) wire.putDims(l);
  wire.call(op);
}

/**
 * @internal Shape.cContiguousStrides without the argument-count check: for modules that need only
 * this (interop.ts; an object literal like Shape is kept or dropped whole by bundlers).
 */
export function cContiguousStrides(shape: readonly number[]): number[] {
  return withOp('Shape.cContiguousStrides', () => {
    dimsCall(Op.ShapeCStrides, toInts('Shape.cContiguousStrides', 'shape', shape));
    return wire.dims();
  });
}

// Shape.broadcast takes any number of shapes (each is checked); the other functions call checkCall
// (sym.ts) when their argument count is not their own.
/** Shape helpers over concrete dims. */
export const Shape = {
  /** Product of the dims (1 for a scalar). */
  numel(shape: readonly number[]): number {
    if (arguments.length !== 1) checkCall('Shape.numel', 'shape', arguments);
    return withOp('Shape.numel', () => {
      dimsCall(Op.ShapeNumel, toInts('Shape.numel', 'shape', shape));
      return wire.num();
    });
  },
  /** Row-major strides, with stride 0 at and left of a zero-size dim. */
  cContiguousStrides(shape: readonly number[]): number[] {
    if (arguments.length !== 1) checkCall('Shape.cContiguousStrides', 'shape', arguments);
    return cContiguousStrides(shape);
  },
  /** sum(indices[i] * strides[i]) (no bounds check). */
  ravelIndex(indices: readonly number[], strides: readonly number[]): number {
    if (arguments.length !== 2) checkCall('Shape.ravelIndex', 'indices, strides', arguments);
    return withOp('Shape.ravelIndex', () => {
      dimsCall(
        Op.ShapeRavel,
        toInts('Shape.ravelIndex', 'indices', indices),
        toInts('Shape.ravelIndex', 'strides', strides),
      );
      return wire.num();
    });
  },
  /** The multi-index of flat position k in a C-contiguous layout. */
  unravelIndex(k: number, shape: readonly number[]): number[] {
    if (arguments.length !== 2) checkCall('Shape.unravelIndex', 'k, shape', arguments);
    return withOp('Shape.unravelIndex', () => {
      const kk = toInt('Shape.unravelIndex', 'k', k);
      const s = toInts('Shape.unravelIndex', 'shape', shape);
      wire.begin().put(kk);
      wire.putDims(s);
      wire.call(Op.ShapeUnravel);
      return wire.dims();
    });
  },
  /** Resolves one -1 in spec from the element count of current. */
  resolveNegOne(current: readonly number[], spec: readonly number[]): number[] {
    if (arguments.length !== 2) checkCall('Shape.resolveNegOne', 'current, spec', arguments);
    return withOp('Shape.resolveNegOne', () => {
      dimsCall(
        Op.ShapeResolveNegOne,
        toInts('Shape.resolveNegOne', 'current', current),
        toInts('Shape.resolveNegOne', 'spec', spec),
      );
      return wire.dims();
    });
  },
  /** NumPy broadcasting of two (or more) shapes. */
  broadcast(a: readonly number[], b: readonly number[], ...more: readonly number[][]): number[] {
    return withOp('Shape.broadcast', () => {
      const all = [a, b, ...more].map((s, i) => toInts('Shape.broadcast', `shape ${i}`, s));
      wire.begin().put(all.length);
      for (const s of all) wire.putDims(s);
      wire.call(Op.ShapeBroadcast);
      return wire.dims();
    });
  },
  /** Maps an index of the broadcast shape to the index in sourceShape. */
  broadcastIndex(targetIndex: readonly number[], sourceShape: readonly number[]): number[] {
    if (arguments.length !== 2) checkCall('Shape.broadcastIndex', 'targetIndex, sourceShape', arguments);
    return withOp('Shape.broadcastIndex', () => {
      const op = 'Shape.broadcastIndex';
      const t = toInts(op, 'targetIndex', targetIndex);
      const s = toInts(op, 'sourceShape', sourceShape);
      // A target index must lie inside the broadcast shape: negative entries never do, and where the
      // source dim is not 1 the target dim equals it (the engine maps without this check).
      const lead = t.length - s.length;
      t.forEach((x, i) => {
        const d = i >= lead ? s[i - lead]! : 1;
        if (x < 0 || (d !== 1 && x >= d)) {
          throw new StrideViewError(
            'out_of_range',
            `${op}: index ${x} at position ${i} of target index ${fmt(t)} is out of bounds for source shape ${fmt(s)}`,
          );
        }
      });
      dimsCall(Op.ShapeBroadcastIndex, t, s);
      return wire.dims();
    });
  },
  /** "[2,3,4]". */
  toString(shape: readonly number[]): string {
    if (arguments.length !== 1) checkCall('Shape.toString', 'shape', arguments);
    return withOp('Shape.toString', () => {
      dimsCall(Op.ShapeToString, toInts('Shape.toString', 'shape', shape));
      return wire.str();
    });
  },
};
