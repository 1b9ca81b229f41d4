// The diagonal of a pair of axes as a view (NumPy's `diagonal`): one movement request to the
// engine (layout::diagonal in src/view/layout.cpp holds the rule); NDArray.diagonal and the
// `diagonal` / `trace` functions (linalg.ts) call it. The declaration of `diagonal` lives here, below
// ndarray.ts, so that the method and the function bind their arguments with the one declaration.
import { StrideViewError, fmt, toInt } from './errors.js';
import { Op } from './wire.js';
import { type View, endDerive, startDerive } from './view.js';
import { type SigRef, bind } from './signature.js';

/** @deprecated The options of the old call form `diagonal(a, offset, { axis1, axis2 })` (still accepted: by name). */
export interface DiagonalOptions {
  /** The first axis (default 0; negative counts from the end). */
  axis1?: number;
  /** The second axis (default 1); it must differ from axis1. */
  axis2?: number;
}

/** @internal numpy.diagonal's declaration (the function in linalg.ts, the method on NDArray). */
export const DIAGONAL: SigRef = { sig: 'numpy.diagonal: diagonal(a: ArrayInput, offset: number = 0, axis1: number = 0, axis2: number = 1) -> NDArray' };

/** @internal The diagonal's view of `v` for offset, axis1, axis2 (checked here); errors name `op`. */
export function diagonalAt(op: string, v: View, offset: unknown, axis1: unknown, axis2: unknown): View {
  const k = toInt(op, 'offset', offset);
  const a1 = toInt(op, 'axis1', axis1);
  const a2 = toInt(op, 'axis2', axis2);
  const w = startDerive(v, Op.ViewDiagonal);
  w.put(k);
  w.put(a1);
  w.put(a2);
  try {
    return endDerive(v);
  } catch (e) {
    // the engine names its diagonal: trace's errors name trace alone (not "trace: diagonal: ...")
    if (op !== 'diagonal' && e instanceof StrideViewError && e.message.startsWith('diagonal: ')) {
      throw new StrideViewError(e.code, `${op}: ${e.message.slice('diagonal: '.length)}`);
    }
    throw e;
  }
}

/**
 * @internal The diagonal's view of `v` for the method's arguments after the array (`args`: offset,
 * axis1, axis2 positionally or by name), bound with the declaration of `diagonal`.
 */
export function diagonalOfArgs(op: string, v: View, self: unknown, args: ArrayLike<unknown>): View {
  const [, offset, axis1, axis2] = bind(DIAGONAL, [self, ...Array.from(args)]);
  return diagonalAt(op, v, offset, axis1, axis2);
}

/** @internal The old entry (offset, { axis1, axis2 }): NDArray.diagonal calls it until it binds with {@link diagonalOfArgs}. */
export function diagonalView(op: string, v: View, offset: unknown, options: DiagonalOptions | undefined): View {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  }
  return diagonalAt(op, v, offset ?? 0, options?.axis1 ?? 0, options?.axis2 ?? 1);
}
