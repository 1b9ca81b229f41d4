// explainReshape(a, shape): why a reshape is (or is not) one strided view, as the engine decides it
// (src/view/reshape_rule.hpp). One wire call; this file only decodes the answer.
import { fmt, withOp } from './errors.js';
import { NDArray } from './ndarray.js';
import { family, needFamily } from './families.js';
import { type SigRef, bind } from './signature.js';
import { type Dim, type SymShape, putShape, readShape, toShape } from './sym.js';
import { View, putView } from './view.js';
import { Op, wire } from './wire.js';

// explainReshape: the 'symbolic' family of the engine (families.ts).
const SYMBOLIC = /* @__PURE__ */ family('symbolic');

/**
 * Input dims `input` ([first, last) axes of the array being reshaped) hold the same elements, in C
 * order, as output dims `output` ([first, last) axes of the result). The groups of one reshape
 * partition both axis lists in order; size-1 dims join a neighbouring group.
 */
export interface ReshapeGroup {
  /** `[first, last)` input axes. */
  input: [number, number];
  /** `[first, last)` output axes. */
  output: [number, number];
}

/**
 * The adjacent input dims `axes = [i, j]` (adjacent once size-1 dims are ignored, usually
 * `j = i + 1`) that cannot merge into one dim: `strides[0]` is not `strides[1] * shapes[1]`
 * (= `expected`, null when that product exceeds 2^53-1). For a masked view the shapes are the
 * sizes of the valid box.
 */
export interface ReshapeBlocking {
  axes: [number, number];
  strides: [number, number];
  shapes: [number, number];
  expected: number | null;
}

/** The answer of {@link explainReshape}. */
export interface ReshapeExplanation {
  /** True when one strided view (no copy) expresses the result: `reshape(shape, { copy: false })` succeeds. */
  view: boolean;
  /** The target shape with `-1` resolved. */
  shape: Dim[];
  /** Which input dims merge or split into which output dims. */
  groups: ReshapeGroup[];
  /** When not a view because two dims cannot merge: the pair and the numbers. */
  blocking: ReshapeBlocking | null;
  /** When not a view because the mask's valid cells would not be one box of the result: that group. */
  maskBlocking: ReshapeGroup | null;
  /** Strides of the result when it is a view with concrete strides, else null. */
  strides: number[] | null;
  /** One or two sentences with the numbers, e.g. why `contiguous()` is needed. */
  text: string;
}

function group(w: typeof wire): ReshapeGroup {
  const a = w.num();
  const b = w.num();
  const c = w.num();
  const d = w.num();
  return { input: [a, b], output: [c, d] };
}

const EXPLAIN_RESHAPE: SigRef = { sig: '-: explainReshape(a: NDArray | View, shape: SymShape) -> ReshapeExplanation' };
/**
 * Explains whether reshaping `a` to `shape` can be a view (no copy) and why, as the engine decides
 * it: the groups of input dims that merge or split into output dims, and when no single strided
 * view fits, the adjacent pair of dims whose strides break the merge rule
 * `stride[i] == stride[i+1] * shape[i+1]` (or, for masked views, the group whose valid cells are
 * not one box). Works on arrays and views, masked and symbolic ones included.
 *
 * ```js
 * const t = arange(0, 12).reshape([3, 4]).transpose();
 * explainReshape(t, [12]).text;
 * // 'reshape [4,3] with strides [1,4] to [12] needs a copy: dims 0 and 1 ([4,3], strides [1,4])
 * //  would merge into one dim of 12, but stride[0] = 1 is not stride[1] * shape[1] = 4 * 3 = 12;
 * //  call contiguous() first.'
 * ```
 *
 * @param a an NDArray or a View
 * @param shape the target shape (numbers or symbolic dims); one `-1` is inferred
 * @throws StrideViewError when `shape` is no reshape of `a` at all (element counts differ, more
 *   than one -1, a negative dim); TypeError for arguments of the wrong type
 */
// @overloads EXPLAIN_RESHAPE
export function explainReshape(a: NDArray | View, shape: SymShape): ReshapeExplanation;
// @end
export function explainReshape(...args: unknown[]): ReshapeExplanation {
  needFamily('explainReshape', SYMBOLIC);
  const op = 'explainReshape';
  const [a, shape] = args.length === 2 ? args : bind(EXPLAIN_RESHAPE, args);
  return withOp(op, () => {
    let v: View;
    if (a instanceof NDArray) {
      a._check(op);
      v = a.view;
    } else if (a instanceof View) v = a;
    else throw new TypeError(`${op}: a must be an NDArray or a View, got ${fmt(a)}`);
    const s = toShape(op, 'shape', shape);
    wire.begin();
    putView(wire, v);
    putShape(wire, s);
    wire.call(Op.ViewExplainReshape);
    const isView = wire.bool();
    const target = readShape(wire);
    const n = wire.num();
    const groups: ReshapeGroup[] = [];
    for (let i = 0; i < n; i++) groups.push(group(wire));
    const hasBlock = wire.bool();
    const b = [wire.num(), wire.num(), wire.num(), wire.num(), wire.num(), wire.num()] as const;
    const expected = wire.opt();
    const hasMaskBlock = wire.bool();
    const mg = group(wire);
    const strides = wire.bool() ? wire.dims() : null;
    return {
      view: isView,
      shape: target,
      groups,
      blocking: hasBlock
        ? { axes: [b[0], b[1]], shapes: [b[2], b[3]], strides: [b[4], b[5]], expected }
        : null,
      maskBlocking: hasMaskBlock ? mg : null,
      strides,
      text: wire.str(),
    };
  });
}
