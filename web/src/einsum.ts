// einsum: NumPy's Einstein summation, composed of views and kernels. A label repeated within one
// operand takes that operand's diagonal (a view, no copy); labels no later step needs are summed
// out of each operand first; operands are then contracted pairwise, left to right, each pair as
// one matmul over permuted and reshaped views ([batch, kept-a, summed] @ [batch, summed, kept-b]),
// or a broadcasting mul (and sum) where nothing is summed or nothing but the batch is kept;
// the result is permuted into the output's order. A result that needs no arithmetic (a transpose,
// a diagonal) is a view of the operand, as in NumPy.
import { type DType, checkDType, promoteTypes } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, kernelCopy } from './ndarray.js';
import { type ArrayInput, mul } from './ops.js';
import { scalarResult, sum } from './reductions.js';
import { matmul } from './linalg.js';
import { empty, isFContiguous } from './creation.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { type Casting, type Order, canCast, castingArg, orderArg, outArg } from './ufunc.js';
import { resultInto } from './select.js';

/** NumPy's optimize= of einsum: the contraction order (every value gives the same result here). */
export type EinsumOptimize = boolean | 'greedy' | 'optimal';

/** The keywords of {@link einsum} (the last argument, after the operands). */
export interface EinsumOptions {
  /** Write the result into this array (its shape must be the result's; cast under `casting`). */
  out?: NDArray | null | undefined;
  /**
   * The dtype to compute in and return (NumPy's dtype=); every operand must cast to it under
   * `casting`. Default: the operands' promoted dtype.
   */
  dtype?: DType | null | undefined;
  /** The layout of the result: 'K' (default: as the operands give it; a view where no arithmetic is needed), 'C', 'F', 'A'. */
  order?: Order | undefined;
  /** The casting rule for dtype= and out= (default 'safe', as NumPy's einsum). */
  casting?: Casting | undefined;
  /** false (default), true, 'greedy' or 'optimal': accepted, the same result (see {@link einsum}). */
  optimize?: EinsumOptimize | undefined;
}

/** The letters of the subscripts `S` (a union; every other character dropped). */
export type EinsumLabels<S extends string, Acc = never> = S extends `${infer C}${infer R}`
  ? EinsumLabels<R, Lowercase<C> extends Uppercase<C> ? Acc : Acc | C>
  : Acc;
/** The letters that appear once in the subscripts `S` (the implicit output): never when every letter repeats. */
export type EinsumOnce<S extends string> = {
  [C in EinsumLabels<S>]: S extends `${string}${C}${string}${C}${string}` ? never : C;
}[EinsumLabels<S>];
/**
 * What {@link einsum} returns for the subscripts `S` and the keywords `O`: the given `out`; a
 * number when the output has no labels (`'i,i'`, `'ij,ij->'`, `'ii'`); else an NDArray; both when
 * `S` is not a literal. (A 0-d result of 64-bit integers is a bigint at run time.)
 */
export type EinsumResult<S extends string, O = {}> = O extends { out: NDArray }
  ? NDArray
  : string extends S
    ? NDArray | number
    : S extends `${string}->${infer Out}`
      ? Out extends `${string}.${string}`
        ? NDArray
        : [EinsumLabels<Out>] extends [never]
          ? number
          : NDArray
      : S extends `${string}.${string}`
        ? NDArray
        : [EinsumOnce<S>] extends [never]
          ? number
          : NDArray;

// NumPy's einsum(*operands, out=None, optimize=False, **kwargs): its first positional argument is
// the subscripts, named here; NumPy's **kwargs dtype, order and casting are declared by name.
const EINSUM: SigRef = { sig: 'numpy.einsum: einsum(subscripts: string, ...operands: ArrayInput, out: NDArray | null = null, ' +
    'dtype: DType | null = null, order: Order = "K", casting: Casting = "safe", optimize: EinsumOptimize = false) ' +
    '-> EinsumResult<($P[subscripts])["subscripts"], $P[subscripts]>' };

const OP = 'einsum';
const ELL = 1000; // labels ELL + j: the j-th broadcast ('...') dim; letters are their char codes

interface Term {
  labels: number[]; // letters only
  ell: number; // the ellipsis' position among the letters, or -1
}

function labelName(l: number): string {
  return l >= ELL ? '...' : String.fromCharCode(l);
}

function parseTerm(t: string, where: string): Term {
  const labels: number[] = [];
  let ell = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 32) continue;
    if (t[i] === '.') {
      if (ell >= 0 || t.slice(i, i + 3) !== '...') {
        throw new StrideViewError('invalid_argument', `${OP}: the subscripts string contains a '.' that is not part of one ellipsis ('...') in ${where}`);
      }
      ell = labels.length;
      i += 2;
      continue;
    }
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) {
      throw new StrideViewError('invalid_argument', `${OP}: invalid subscript '${t[i]}' in the subscripts string, subscripts must be letters`);
    }
    labels.push(c);
  }
  return { labels, ell };
}

/** A temporary's bookkeeping: every array made here, freed at the end but the result. */
class Temps {
  made = new Set<NDArray>();
  add(a: NDArray): NDArray {
    this.made.add(a);
    return a;
  }
  /** The result as the caller owns it: never a view of a temporary left behind. */
  finish(r: NDArray): NDArray {
    let out = r;
    if (!this.made.has(r)) {
      out = r._derive(r._v); // an operand itself: a new view of it, as NumPy
    } else {
      const root = r._owner ?? r;
      if (root !== r && this.made.has(root)) out = root._setView(r._v); // the temporary takes the result's view
    }
    for (const a of this.made) if (a !== out) a.dispose();
    return out;
  }
  free(): void {
    for (const a of this.made) a.dispose();
  }
}

/**
 * Einstein summation as NumPy's `einsum`: `subscripts` names each operand's axes with letters
 * (`'ij,jk->ik'` is a matrix product, `'ii'` a trace, `'ij->ji'` a transpose, `'i,j->ij'` an outer
 * product, `'...ij,...jk'` a batched product); `...` stands for broadcast dims. Without `->` the
 * output is `...` then the letters that appear once, in alphabetical order (uppercase first).
 * Labels repeated in one operand take its diagonal (a view); labels missing from the output are
 * summed. Sizes broadcast (1 against n). The result dtype is the operands' promoted dtype (or
 * `dtype`); integers wrap, bool sums are `or`. A 0-d result is a JS value (as NumPy's scalar); a
 * result that needs no arithmetic is a view of the operand. Errors as NumPy's (operand count,
 * subscripts for the wrong number of dims, sizes that do not match).
 */
// @overloads EINSUM
export function einsum<TSubscripts extends string>(subscripts: TSubscripts, ...operands: ArrayInput[]): EinsumResult<({ subscripts: TSubscripts } & {})["subscripts"], { subscripts: TSubscripts } & {}>;
export function einsum<TSubscripts extends string, O extends { out?: NDArray | null | undefined; dtype?: DType | null | undefined; order?: Order | undefined; casting?: Casting | undefined; optimize?: EinsumOptimize | undefined } = {}>(...args: [subscripts: TSubscripts, ...operands: ArrayInput[], options: O]): EinsumResult<({ subscripts: TSubscripts } & O)["subscripts"], { subscripts: TSubscripts } & O>;
// @end
export function einsum(...allArgs: unknown[]): NDArray | number {
  const temps = new Temps();
  try {
    const [subscripts, operands, outRaw, dtypeRaw, orderRaw, castRaw, optimize] = bind(EINSUM, allArgs);
    if (typeof subscripts !== 'string') throw new TypeError(`${OP}: subscripts must be a string, got ${fmt(subscripts)}`);
    const args = operands as unknown[];
    const out = outArg(OP, outRaw);
    const order = orderArg(OP, orderRaw);
    const casting = castingArg(OP, castRaw);
    if (optimize !== true && optimize !== false && optimize !== 'greedy' && optimize !== 'optimal') {
      unsupported(OP, 'optimize', optimize, "supported: false, true, 'greedy', 'optimal' (an explicit contraction path is not)");
    }
    const want = dtypeRaw === null ? undefined : checkDType(OP, dtypeRaw);
    const arrow = subscripts.indexOf('->');
    const inText = arrow >= 0 ? subscripts.slice(0, arrow) : subscripts;
    const terms = inText.split(',');
    const ops = args.map((x, k) => (x instanceof NDArray ? (x._check(OP), x) : temps.add(asArray(OP, x, undefined, `operands[${k}]`))));
    if (args.length > terms.length) throw new StrideViewError('invalid_argument', `${OP}: more operands (${args.length}) provided than the subscripts string specifies (${terms.length})`);
    if (args.length < terms.length) throw new StrideViewError('invalid_argument', `${OP}: fewer operands (${args.length}) provided than the subscripts string specifies (${terms.length})`);
    const parsed = terms.map((t, k) => parseTerm(t, `operand ${k}`));

    // each operand's labels, '...' expanded: the broadcast dims aligned at the right across operands
    let nell = 0;
    parsed.forEach((p, k) => {
      const n = ops[k]!.ndim;
      const L = p.labels.length;
      if (L > n) throw new StrideViewError('invalid_argument', `${OP}: the subscripts string contains too many subscripts (${L}) for operand ${k} of shape ${fmt(ops[k]!.shape)}`);
      if (p.ell < 0 && L < n) throw new StrideViewError('invalid_argument', `${OP}: operand ${k} has more dimensions (${n}) than subscripts (${L}) given, but no '...' ellipsis to broadcast the extra dimensions`);
      nell = Math.max(nell, n - L);
    });
    const labels = parsed.map((p, k) => {
      if (p.ell < 0) return p.labels.slice();
      const e = ops[k]!.ndim - p.labels.length;
      const mid = Array.from({ length: e }, (_, j) => ELL + nell - e + j);
      return [...p.labels.slice(0, p.ell), ...mid, ...p.labels.slice(p.ell)];
    });
    const ellLabels = Array.from({ length: nell }, (_, j) => ELL + j);

    // the output labels
    let output: number[];
    if (arrow >= 0) {
      const o = parseTerm(subscripts.slice(arrow + 2), 'the output');
      if (o.ell < 0 && nell > 0) {
        throw new StrideViewError('invalid_argument', `${OP}: the output has fewer dimensions than the broadcast ('...') dimensions of the operands (${nell}), but no '...' ellipsis`);
      }
      const seen = new Set<number>();
      for (const l of o.labels) {
        if (seen.has(l)) throw new StrideViewError('invalid_argument', `${OP}: the subscripts string includes output subscript '${labelName(l)}' multiple times`);
        seen.add(l);
        if (!labels.some((ls) => ls.includes(l))) throw new StrideViewError('invalid_argument', `${OP}: the subscripts string included output subscript '${labelName(l)}' which never appeared in an input`);
      }
      output = o.ell < 0 ? o.labels : [...o.labels.slice(0, o.ell), ...ellLabels, ...o.labels.slice(o.ell)];
    } else {
      const count = new Map<number, number>();
      for (const ls of labels) for (const l of ls) if (l < ELL) count.set(l, (count.get(l) ?? 0) + 1);
      const once = [...count].filter(([, c]) => c === 1).map(([l]) => l).sort((a, b) => a - b);
      output = [...ellLabels, ...once];
    }

    // sizes: a label's dims match or are 1 (broadcast); repeated in one operand they match exactly
    const size = new Map<number, { n: number; k: number }>();
    labels.forEach((ls, k) => {
      const shape = ops[k]!.shape;
      ls.forEach((l, i) => {
        const n = shape[i]!;
        const j = ls.indexOf(l);
        if (j < i && shape[j] !== n) {
          throw new StrideViewError('shape_mismatch', `${OP}: dimensions in operand ${k} for collapsing index '${labelName(l)}' don't match (${shape[j]} != ${n})`);
        }
        const s = size.get(l);
        if (s === undefined || s.n === 1) size.set(l, { n, k });
        else if (n !== 1 && n !== s.n) {
          throw new StrideViewError('shape_mismatch', `${OP}: operands could not be broadcast together: subscript '${labelName(l)}' has size ${s.n} in operand ${s.k} but ${n} in operand ${k}`);
        }
      });
    });

    // the dtype
    let dt: DType = ops[0]!.dtype;
    for (const x of ops) dt = promoteTypes(dt, x.dtype);
    if (want !== undefined) {
      ops.forEach((x, k) => {
        if (!canCast(x.dtype, want, casting)) {
          const msg = `${OP}: operand ${k} cannot be cast from ${x.dtype} to ${want} under the rule '${casting}'`;
          throw new StrideViewError('type_error', msg);
        }
      });
      dt = want;
    }

    // repeated labels: diagonal views; then the computing dtype
    const cur = ops.map((x0, k) => {
      let x = x0;
      const ls = labels[k]!;
      for (;;) {
        const i = ls.findIndex((l, p) => ls.indexOf(l) !== p);
        if (i < 0) break;
        const j = ls.indexOf(ls[i]!);
        x = temps.add(x.diagonal(0, { axis1: j, axis2: i }));
        const l = ls[i]!;
        ls.splice(i, 1);
        ls.splice(j, 1);
        ls.push(l);
      }
      return x.dtype === dt ? x : temps.add(x.astype(dt));
    });

    // sums out the labels of x that `keep` lacks (the dtype kept: integers wrap, bool is or)
    const sumOut = (x: NDArray, ls: number[], keep: (l: number) => boolean): [NDArray, number[]] => {
      const axes: number[] = [];
      ls.forEach((l, i) => {
        if (!keep(l)) axes.push(i);
      });
      if (axes.length === 0) return [x, ls];
      const r = temps.add(sum(x, { axis: axes, keepdims: true }));
      const rest = ls.filter((l) => keep(l));
      r._setView(r.view.reshape(rest.map((l) => x.shape[ls.indexOf(l)]!)));
      return [r.dtype === dt ? r : temps.add(r.astype(dt)), rest];
    };
    const needAfter = (k: number): Set<number> => {
      const s = new Set(output);
      for (let m = k + 1; m < cur.length; m++) for (const l of labels[m]!) s.add(l);
      return s;
    };

    let [acc, accL] = sumOut(cur[0]!, labels[0]!, (l) => needAfter(0).has(l));
    for (let k = 1; k < cur.length; k++) {
      const need = needAfter(k);
      const [b, bL] = sumOut(cur[k]!, labels[k]!, (l) => need.has(l) || accL.includes(l));
      [acc, accL] = sumOut(acc, accL, (l) => need.has(l) || bL.includes(l));
      [acc, accL] = contract(temps, acc, accL, b, bL, need, dt);
    }
    [acc, accL] = sumOut(acc, accL, (l) => output.includes(l));
    const perm = output.map((l) => accL.indexOf(l));
    if (perm.some((p, i) => p !== i)) acc = temps.add(acc.transpose(perm));
    if (out !== undefined) {
      // the result copied into out, checked for shape and casting (the temporaries freed)
      return resultInto(OP, temps.finish(acc), out, casting);
    }
    if (order === 'C' || order === 'F' || order === 'A') {
      const f = order === 'F' || (order === 'A' && ops.every((x) => x.ndim >= 2 && isFContiguous(x) && !x.isCContiguous));
      if (f ? !isFContiguous(acc) : !acc.isCContiguous) acc = temps.add(layoutCopy(acc, f));
    }
    const r = temps.finish(acc);
    return scalarResult(r, false, undefined) as NDArray | number;
  } catch (e) {
    temps.free();
    throw relabel(OP, e);
  }
}

/**
 * One pairwise contraction: [batch, a-only, summed] @ [batch, summed, b-only] through matmul; an
 * outer or elementwise product (nothing summed) and an inner product (nothing kept but the batch)
 * as a broadcasting mul (and a sum), which matmul's 1-wide panels would only slow down.
 */
function contract(temps: Temps, a: NDArray, aL: number[], b: NDArray, bL: number[], need: Set<number>, dt: DType): [NDArray, number[]] {
  const batch = aL.filter((l) => bL.includes(l) && need.has(l));
  const con = aL.filter((l) => bL.includes(l) && !need.has(l));
  const aOnly = aL.filter((l) => !bL.includes(l));
  const bOnly = bL.filter((l) => !aL.includes(l));
  const sa = (l: number): number => a.shape[aL.indexOf(l)]!;
  const sb = (l: number): number => b.shape[bL.indexOf(l)]!;
  const prod = (ls: number[], s: (l: number) => number): number => ls.reduce((p, l) => p * s(l), 1);
  const both = (l: number): number => (sa(l) === 1 ? sb(l) : sa(l)); // 1 against n (0 too): broadcast
  const labels = [...batch, ...aOnly, ...bOnly];
  if (con.length === 0 || (aOnly.length === 0 && bOnly.length === 0)) {
    const one = (): number => 1;
    const at = temps.add(a.transpose([...batch, ...aOnly, ...con].map((l) => aL.indexOf(l))));
    const a3 = temps.add(at.reshape([...batch.map(sa), ...aOnly.map(sa), ...bOnly.map(one), ...con.map(sa)]));
    const bt = temps.add(b.transpose([...batch, ...bOnly, ...con].map((l) => bL.indexOf(l))));
    const b3 = temps.add(bt.reshape([...batch.map(sb), ...aOnly.map(one), ...bOnly.map(sb), ...con.map(sb)]));
    const p = temps.add(mul(a3, b3));
    if (con.length === 0) return [p, labels];
    const r = temps.add(sum(p, { axis: con.map((_, i) => labels.length + i), keepdims: true }));
    r._setView(r.view.reshape(p.shape.slice(0, labels.length)));
    return [r.dtype === dt ? r : temps.add(r.astype(dt)), labels];
  }
  const conSize = both;
  // a: [batch, aOnly, con]; a summed dim of size 1 against n is expanded (a stride-0 view)
  let at = temps.add(a.transpose([...batch, ...aOnly, ...con].map((l) => aL.indexOf(l))));
  if (con.some((l) => sa(l) !== conSize(l))) at = temps.add(at.expand([...batch.map(() => -1), ...aOnly.map(() => -1), ...con.map(conSize)]));
  const K = prod(con, conSize);
  const a2 = temps.add(at.reshape([...batch.map(sa), prod(aOnly, sa), K]));
  let bt = temps.add(b.transpose([...batch, ...con, ...bOnly].map((l) => bL.indexOf(l))));
  if (con.some((l) => sb(l) !== conSize(l))) bt = temps.add(bt.expand([...batch.map(() => -1), ...con.map(conSize), ...bOnly.map(() => -1)]));
  const b2 = temps.add(bt.reshape([...batch.map(sb), K, prod(bOnly, sb)]));
  const r = temps.add(matmul(a2, b2) as NDArray); // rank >= 2: an array
  const shape = [...batch.map(both), ...aOnly.map(sa), ...bOnly.map(sb)];
  r._setView(r.view.reshape(shape));
  return [r, labels];
}


/** A copy of `a` in C order, or in F order (a transposed view owning its buffer). */
function layoutCopy(a: NDArray, f: boolean): NDArray {
  if (!f || a.ndim < 2) return a.copy();
  const n = a.ndim;
  const rev = Array.from({ length: n }, (_, i) => n - 1 - i);
  const t = empty(a.shape.reverse(), a.dtype);
  t._setView(t.view.permute(rev));
  kernelCopy(t, a);
  return t;
}
