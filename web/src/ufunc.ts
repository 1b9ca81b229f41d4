// NumPy's ufunc call: `f(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K',
// dtype=None, subok=True)` for every elementwise op, written once. Each op hands over its inner
// call `run(inputs, out, dtype)` (one kernel call with NumPy broadcasting and promotion); this
// file binds the arguments (signature.ts) and applies the keywords around it:
//   out    an NDArray (or NumPy's 1-tuple `[out]`), positionally or by name;
//   where  a boolean mask broadcast to the result: out keeps its values where it is false (without
//          out, those elements are 0; NumPy leaves them uninitialised);
//   dtype  the loop's dtype: inputs are cast to it under `casting` (the op refuses a dtype it has
//          no loop for, as NumPy);
//   casting 'same_kind' (default), 'unsafe', 'safe', 'equiv', 'no': checked on the inputs' cast to
//          `dtype` and on the result's cast into `out`;
//   order  'K' (default) and 'A': F order when every array input is F-contiguous and not
//          C-contiguous, else C; 'C'; 'F' (the result is written through a transposed view);
//   subok  accepted (strideview has no ndarray subclasses: both values give an NDArray).
import { type DType, checkDType, info, promoteTypes } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { SingleOp } from './boundary_tables.js';
import { NDArray, Kind, asArray, runKernel } from './ndarray.js';
import { canCastSameKind } from './kernel_client.js';
import { empty, isFContiguous, zeros } from './creation.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { hasTraced, recorder } from './traced.js';

/** NumPy's casting rules (the `casting` keyword of the ufuncs). */
export type Casting = 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';
/** Memory order of a result: C (row-major), F (column-major), A / K (follow the inputs). */
export type Order = 'C' | 'F' | 'A' | 'K';

/** @internal One ufunc's inner call: the result of `inputs` (into `out` when given, in loop dtype `dtype` when given). */
export type UfuncRun = (inputs: readonly unknown[], out: NDArray | undefined, dtype: DType | undefined) => NDArray;

/** @internal Which dtypes an op has loops for: 'any', 'float' (floating loops only), 'bool' (result is bool: only dtype bool). */
export type Loops = 'any' | 'float' | 'bool' | 'int';

const CASTINGS: readonly string[] = ['no', 'equiv', 'safe', 'same_kind', 'unsafe'];

/** @internal Whether `from` casts to `to` under `casting` (NumPy's np.can_cast). */
export function canCast(from: DType, to: DType, casting: Casting): boolean {
  if (from === to || casting === 'unsafe') return true;
  if (casting === 'no' || casting === 'equiv') return false;
  if (casting === 'safe') return promoteTypes(from, to) === to;
  return canCastSameKind(from, to);
}

/** @internal The `casting` value checked. */
export function castingArg(op: string, v: unknown): Casting {
  if (typeof v !== 'string' || !CASTINGS.includes(v)) {
    throw new TypeError(`${op}: casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe', got ${fmt(v)}`);
  }
  return v as Casting;
}

/** @internal The `order` value checked against the ones the op takes. */
export function orderArg(op: string, v: unknown, allowed: readonly Order[] = ['C', 'F', 'A', 'K']): Order {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new TypeError(`${op}: order must be one of ${allowed.map((o) => `'${o}'`).join(', ')}, got ${fmt(v)}`);
  }
  return v as Order;
}

/** @internal The `out` argument: an NDArray, NumPy's 1-tuple `[out]`, or null / undefined for none. */
export function outArg(op: string, v: unknown): NDArray | undefined {
  if (v === null || v === undefined) return undefined;
  if (v instanceof NDArray) return v;
  if (Array.isArray(v) && v.length === 1 && (v[0] instanceof NDArray || v[0] === null)) return v[0] ?? undefined;
  throw new TypeError(`${op}: out must be an NDArray (or a 1-element array holding one), got ${fmt(v)}`);
}

/** An array's F-order status: F-contiguous and not C-contiguous (a transposed C array). */
const isFOnly = (a: NDArray): boolean => !a.isCContiguous && a.ndim >= 2 && isFContiguous(a);

const rev = (n: number): number[] => Array.from({ length: n }, (_, i) => n - 1 - i);

/**
 * @internal Calls `run` with the ufunc keywords applied (see the top of this file). `args` are the
 * caller's arguments; `nin` the number of array inputs; `loops` the dtypes the op computes in.
 */
export function ufunc(ref: SigRef, args: ArrayLike<unknown>, nin: number, loops: Loops, run: UfuncRun): NDArray {
  const b = bind(ref, args);
  return ufuncBound(ref.p!.op, b, nin, loops, run);
}

/**
 * @internal {@link ufunc} on arguments bound already: `b` holds the nin inputs, out, where,
 * casting, order, dtype, subok (a two-output ufunc calls it once per output).
 */
export function ufuncBound(op: string, b: readonly unknown[], nin: number, loops: Loops, run: UfuncRun): NDArray {
  try {
    const inputs = b.slice(0, nin);
    const out = outArg(op, b[nin]);
    const where = b[nin + 1];
    const casting = castingArg(op, b[nin + 2]);
    const order = orderArg(op, b[nin + 3]);
    const dtypeRaw = b[nin + 4];
    const subok = b[nin + 5];
    if (typeof subok !== 'boolean') throw new TypeError(`${op}: subok must be a boolean, got ${fmt(subok)}`);
    let dtype: DType | undefined;
    if (dtypeRaw !== null && dtypeRaw !== undefined) {
      dtype = checkDType(op, dtypeRaw);
      const k = info(dtype).kind;
      if ((loops === 'float' && k !== 'f') || (loops === 'bool' && dtype !== 'bool') || (loops === 'int' && k === 'f')) {
        throw new StrideViewError('type_error', `${op}: no loop for dtype=${fmt(dtype)} (${op} computes in ${loops === 'bool' ? 'bool only' : loops === 'float' ? 'float dtypes' : 'integer and bool dtypes'})`);
      }
      if (loops !== 'bool') {
        for (const x of inputs) {
          if (x instanceof NDArray && !canCast(x.dtype, dtype, casting)) {
            throw new StrideViewError('type_error', `${op}: cannot cast an input from ${x.dtype} to dtype=${dtype} with casting='${casting}'`);
          }
        }
      }
    }
    const loopDtype = loops === 'bool' ? undefined : dtype;
    if (recorder !== null && hasTraced(inputs)) {
      // inside fuse(): dtype is the loop's; out, where, casting and order belong to the fused call
      if (out !== undefined || where !== true || casting !== 'same_kind' || order === 'F') {
        throw new StrideViewError('invalid_argument', `${op}: out, where, casting and order cannot be given inside a fused function (pass out to the fused call)`);
      }
      return run(inputs, undefined, loopDtype);
    }
    const arrays = inputs.filter((x): x is NDArray => x instanceof NDArray);
    const fOrder = order === 'F' || ((order === 'A' || order === 'K') && arrays.length > 0 && arrays.every(isFOnly));
    const masked = where !== true;
    if (masked && typeof where !== 'boolean' && !(where instanceof NDArray) && !Array.isArray(where)) {
      throw new TypeError(`${op}: where must be a boolean, a boolean array or nested arrays of booleans, got ${fmt(where)}`);
    }
    if (out !== undefined && !masked && casting === 'same_kind') return run(inputs, out, loopDtype);
    // F order: the same op on the inputs' transposed views, giving a transposed (F-order) result
    const r = fOrder && out === undefined ? runF(inputs, run, loopDtype) : run(inputs, undefined, loopDtype);
    if (out === undefined && !masked) return r;
    try {
      let target = out;
      if (target === undefined) {
        target = zeros(fOrder && r.ndim > 1 ? r.shape.reverse() : r.shape, r.dtype);
        if (fOrder && r.ndim > 1) target._setView(target._v._permute(rev(r.ndim)));
      }
      try {
        if (!canCast(r.dtype, target.dtype, casting)) {
          throw new StrideViewError('type_error', `${op}: cannot cast the result from ${r.dtype} to out's dtype ${target.dtype} with casting='${casting}'`);
        }
        if (masked) maskedInto(op, target, r, where);
        else target.assign(r);
        return target;
      } catch (e) {
        if (target !== out) target.dispose();
        throw e;
      }
    } finally {
      r.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

function runF(inputs: readonly unknown[], run: UfuncRun, dtype: DType | undefined): NDArray {
  // the result's shape is the broadcast shape: transposing every array input reverses it, so the
  // op on the transposed views writes a C-order result whose transpose is the F-order answer
  const nd = Math.max(0, ...inputs.map((x) => (x instanceof NDArray ? x.ndim : 0)));
  if (nd < 2) return run(inputs, undefined, dtype);
  if (inputs.some((x) => !(x instanceof NDArray) && typeof x === 'object' && x !== null)) {
    // nested JS arrays: the same op in C order, copied once into an F-order owner
    const r = run(inputs, undefined, dtype);
    try {
      const f = empty(r.shape.reverse(), r.dtype);
      f._setView(f._v._permute(rev(nd)));
      f.assign(r);
      return f;
    } finally {
      r.dispose();
    }
  }
  // a lower-rank input broadcasts from the right: give it the leading size-1 dims first
  const temps: NDArray[] = [];
  try {
    const t = inputs.map((x) => {
      if (!(x instanceof NDArray)) return x;
      let v = x;
      if (v.ndim < nd) temps.push((v = v.reshape([...new Array<number>(nd - v.ndim).fill(1), ...v.shape])));
      temps.push((v = v.permute(rev(nd))));
      return v;
    });
    const r = run(t, undefined, dtype);
    return r._setView(r._v._permute(rev(nd))); // the result stays the owner of its buffer
  } finally {
    for (const x of temps) x.dispose();
  }
}

/** @internal out[mask] = r[mask], mask broadcast to out's shape: one where kernel writing out in place (ufuncs' where, copyto). */
export function maskedInto(op: string, out: NDArray, r: NDArray, mask: unknown): void {
  if (mask === false) return;
  const temps: NDArray[] = [];
  try {
    let c = mask instanceof NDArray ? mask : asArray(op, mask);
    if (c !== mask) temps.push(c);
    if (c.dtype !== 'bool' || (c._v._hasMask && c._fill !== 0)) {
      c = c._materialize(op, 'bool');
      temps.push(c);
    }
    let v = r;
    if (v.dtype !== out.dtype) {
      v = r._materialize(op, out.dtype);
      temps.push(v);
    }
    out._check(`${op}: out`);
    if (out.isReadOnly) throw new StrideViewError('read_only', `${op}: out is read-only (a broadcast or padded view); pass a writable array`);
    runKernel(Kind.Where, SingleOp.Only, out.dtype, out, null, [c, v, out], out.dtype);
  } finally {
    for (const t of temps) t.dispose();
  }
}
