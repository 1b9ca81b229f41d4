// The diagonal of a pair of axes as a view (NumPy's `diagonal`): one movement request to the
// engine (layout::diagonal in src/view/layout.cpp holds the rule); NDArray.diagonal and the
// `diagonal` / `trace` functions (linalg.ts) call it.
import { fmt, toInt } from './errors.js';
import { Op } from './wire.js';
import { type View, endDerive, startDerive } from './view.js';

/** Options of {@link NDArray.diagonal}: the two axes the diagonal runs along. */
export interface DiagonalOptions {
  /** The first axis (default 0; negative counts from the end). */
  axis1?: number;
  /** The second axis (default 1); it must differ from axis1. */
  axis2?: number;
}

/** @internal The diagonal's view of `v`; errors name `op`. */
export function diagonalView(op: string, v: View, offset: unknown, options: DiagonalOptions | undefined): View {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  }
  const k = offset === undefined ? 0 : toInt(op, 'offset', offset);
  const a1 = options?.axis1 === undefined ? 0 : toInt(op, 'axis1', options.axis1);
  const a2 = options?.axis2 === undefined ? 1 : toInt(op, 'axis2', options.axis2);
  const w = startDerive(v, Op.ViewDiagonal);
  w.put(k);
  w.put(a1);
  w.put(a2);
  return endDerive(v);
}
