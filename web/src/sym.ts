// Symbolic dims (the spec's Symbolic_shape module). JS keeps expressions as small immutable objects
// and encodes them as prefix tokens; variables (identity, bounds, binding) live in the C++ registry,
// keyed by id. Every question about an expression is answered by C++.
import { Tok } from './boundary_tables.js';
import { StrideViewError, fmt, toInt, withOp } from './errors.js';
import { rt } from './runtime.js';
import { needFamily } from './families.js';
import { checkCall } from './signature.js';
import { Op, wire, type Wire } from './wire.js';

/** A dimension: a plain integer (static) or a symbolic expression. */
export type Dim = number | SymDim;
/** A possibly symbolic shape. */
export type SymShape = readonly Dim[];

const byId = new Map<number, WeakRef<Var>>();
// Pure: used by Sym.variable only (an app without symbolic dims drops it).
const dropVar =
  typeof FinalizationRegistry === 'function'
    ? /* @__PURE__ */ new FinalizationRegistry<number>((id) => {
        byId.delete(id);
        try {
          rt().sv_drop_var(id);
        } catch {
          /* module gone */
        }
      })
    : null;

/** A symbolic variable with identity (equality is by id, never by name) and bounds [min, max]. */
export class Var {
  readonly id: number;
  readonly name: string;
  readonly bounds: readonly [number, number];
  /** @internal */
  constructor(id: number, name: string, min: number, max: number) {
    this.id = id;
    this.name = name;
    this.bounds = Object.freeze([min, max] as [number, number]);
    Object.freeze(this);
  }
  /** The bound value, or null. */
  get value(): number | null {
    wire.begin().put(this.id);
    return wire.call(Op.SymValue).opt();
  }
  /** Binds the variable (visible to every shape using it). */
  bind(value: number): this {
    if (arguments.length !== 1) checkCall('Var.bind', 'value', arguments);
    bindVar(this, value);
    return this;
  }
  /** Removes the binding. */
  unbind(): this {
    if (arguments.length > 0) checkCall('Var.unbind', '', arguments);
    wire.begin().put(this.id);
    wire.call(Op.SymUnbind);
    return this;
  }
  /** "n#3", "n#3=5", or "v3" when unnamed. */
  toString(): string {
    if (arguments.length > 0) checkCall('Var.toString', '', arguments);
    wire.begin().put(this.id);
    wire.call(Op.SymVarInfo);
    return wire.str();
  }
}

/** A symbolic expression node (immutable). Static dims are plain numbers. */
export class SymDim {
  readonly kind: 'var' | 'add' | 'mul' | 'neg';
  readonly var: Var | null;
  readonly lhs: Dim | null;
  readonly rhs: Dim | null;
  /** @internal */
  constructor(kind: 'var' | 'add' | 'mul' | 'neg', v: Var | null, lhs: Dim | null, rhs: Dim | null) {
    this.kind = kind;
    this.var = v;
    this.lhs = lhs;
    this.rhs = rhs;
    Object.freeze(this);
  }
  /** The value when every variable is bound, else null. */
  eval(): number | null {
    if (arguments.length > 0) checkCall('SymDim.eval', '', arguments);
    return evalDim(this);
  }
  toString(): string {
    if (arguments.length > 0) checkCall('SymDim.toString', '', arguments);
    return symText(this);
  }
}

/** @internal */
export function isDim(v: unknown): v is Dim {
  return (typeof v === 'number' && Number.isSafeInteger(v)) || v instanceof SymDim;
}

/** @internal Validates a dim argument (bigint accepted for static dims). */
export function toDim(op: string, what: string, v: unknown): Dim {
  if (v instanceof SymDim) return v;
  if (v instanceof Var) return new SymDim('var', v, null, null);
  return toInt(op, what, v);
}

/** @internal */
export function toShape(op: string, what: string, v: unknown): Dim[] {
  if (!Array.isArray(v)) {
    throw new TypeError(`${op}: ${what} must be an array of dims, got ${fmt(v)}`);
  }
  return v.map((d, i) => toDim(op, `${what}[${i}]`, d));
}

/** @internal */
export function putExpr(w: Wire, d: Dim): void {
  if (typeof d === 'number') {
    w.put(Tok.Const);
    w.put(d);
    return;
  }
  w.sym = true;
  switch (d.kind) {
    case 'var':
      w.put(Tok.Var);
      w.put(d.var!.id);
      return;
    case 'add':
    case 'mul':
      w.put(d.kind === 'add' ? Tok.Add : Tok.Mul);
      putExpr(w, d.lhs!);
      putExpr(w, d.rhs!);
      return;
    case 'neg':
      w.put(Tok.Neg);
      putExpr(w, d.lhs!);
      return;
  }
}

/** @internal */
export function putShape(w: Wire, s: readonly Dim[]): void {
  w.put(s.length);
  for (let i = 0; i < s.length; i++) putExpr(w, s[i]!);
}

function varOf(id: number): Var {
  const v = byId.get(id)?.deref();
  if (!v) throw new StrideViewError('invalid_argument', `binding: unknown variable id ${id}`);
  return v;
}

/** @internal */
export function readExpr(w: Wire): Dim {
  const tag = w.num();
  switch (tag) {
    case Tok.Const:
      return w.num();
    case Tok.Var:
      return new SymDim('var', varOf(w.num()), null, null);
    case Tok.Add:
    case Tok.Mul: {
      const a = readExpr(w);
      const b = readExpr(w);
      return new SymDim(tag === Tok.Add ? 'add' : 'mul', null, a, b);
    }
    default:
      return new SymDim('neg', null, readExpr(w), null);
  }
}

/** @internal */
export function readShape(w: Wire): Dim[] {
  const n = w.num();
  const out = new Array<Dim>(n);
  for (let i = 0; i < n; i++) out[i] = readExpr(w);
  return out;
}

function shapeArg(op: string, s: unknown): Dim[] {
  return toShape(`Sym.${op}`, 'shape', s);
}

function varArg(op: string, v: unknown): Var {
  if (v instanceof Var) return v;
  if (v instanceof SymDim && v.kind === 'var') return v.var!;
  throw new TypeError(`Sym.${op}: expected a Var (from Sym.variable), got ${fmt(v)}`);
}

function dimArg(op: string, d: unknown): Dim {
  return toDim(`Sym.${op}`, 'dim', d);
}

// Sym.bind, Sym.evalDim and Sym.toString, which the Var and SymDim methods also call: functions of
// their own, so that an app holding only concrete shapes (view.ts tests `instanceof SymDim`) keeps
// the two classes but not the Sym object (an object literal is kept or dropped whole).
function bindVar(v: Var, value: number): void {
  return withOp('Sym.bind', () => {
    const x = varArg('bind', v);
    const n = toInt('Sym.bind', 'value', value);
    wire.begin().put(x.id);
    wire.put(n);
    wire.call(Op.SymBind);
  });
}

function evalDim(d: Dim): number | null {
  return withOp('Sym.evalDim', () => {
    const x = dimArg('evalDim', d);
    wire.begin();
    putExpr(wire, x);
    return wire.call(Op.SymEvalDim).opt();
  });
}

function symText(shapeOrDim: SymShape | Dim): string {
  return withOp('Sym.toString', () => {
    wire.begin();
    if (Array.isArray(shapeOrDim)) {
      putShape(wire, shapeArg('toString', shapeOrDim));
      wire.call(Op.SymToString);
    } else {
      putExpr(wire, dimArg('toString', shapeOrDim));
      wire.call(Op.SymDimToString);
    }
    return wire.str();
  });
}

/** Symbolic shapes: variables, expressions, binding and evaluation (the spec's Symbolic_shape). */
export const Sym = {
  /** A fresh variable (new identity) with bounds [min, max]. */
  variable(name: string, min: number, max: number): Var {
    if (arguments.length !== 3) checkCall('Sym.variable', 'name, min, max', arguments);
    return withOp('Sym.variable', () => {
      if (typeof name !== 'string') throw new TypeError(`Sym.variable: name must be a string, got ${fmt(name)}`);
      const lo = toInt('Sym.variable', 'min', min);
      const hi = toInt('Sym.variable', 'max', max);
      const r = rt();
      needFamily('Sym.variable', 'symbolic');
      const id = r.sv_create_var(name, lo, hi);
      if (id < 0) throw new StrideViewError('invalid_argument', r.sv_error());
      const v = new Var(id, name, lo, hi);
      byId.set(id, new WeakRef(v));
      dropVar?.register(v, id);
      return v;
    });
  },
  /** A dim made of a fresh variable. */
  dynamic(name: string, min: number, max: number): SymDim {
    if (arguments.length !== 3) checkCall('Sym.dynamic', 'name, min, max', arguments);
    return withOp('Sym.dynamic', () => {
      return new SymDim('var', Sym.variable(name, min, max), null, null);
    });
  },
  /** A static dim (a plain integer). */
  static(n: number): number {
    if (arguments.length !== 1) checkCall('Sym.static', 'n', arguments);
    return withOp('Sym.static', () => {
      const v = toInt('Sym.static', 'n', n);
      if (v < 0) throw new RangeError(`Sym.static: dim must be non-negative, got ${v}`);
      return v;
    });
  },
  /** The dim of a variable. */
  dim(v: Var): SymDim {
    if (arguments.length !== 1) checkCall('Sym.dim', 'v', arguments);
    return withOp('Sym.dim', () => {
      return new SymDim('var', varArg('dim', v), null, null);
    });
  },
  add(a: Dim, b: Dim): SymDim {
    if (arguments.length !== 2) checkCall('Sym.add', 'a, b', arguments);
    return withOp('Sym.add', () => {
      return new SymDim('add', null, dimArg('add', a), dimArg('add', b));
    });
  },
  mul(a: Dim, b: Dim): SymDim {
    if (arguments.length !== 2) checkCall('Sym.mul', 'a, b', arguments);
    return withOp('Sym.mul', () => {
      return new SymDim('mul', null, dimArg('mul', a), dimArg('mul', b));
    });
  },
  neg(a: Dim): SymDim {
    if (arguments.length !== 1) checkCall('Sym.neg', 'a', arguments);
    return withOp('Sym.neg', () => {
      return new SymDim('neg', null, dimArg('neg', a), null);
    });
  },
  /** The inferred dim (-1) for reshape targets. */
  infer(): number {
    if (arguments.length > 0) checkCall('Sym.infer', '', arguments);
    return -1;
  },
  /** Binds a variable; checks its bounds. */
  bind(v: Var, value: number): void {
    if (arguments.length !== 2) checkCall('Sym.bind', 'v, value', arguments);
    bindVar(v, value);
  },
  /** Removes a variable's binding. */
  unbind(v: Var): void {
    if (arguments.length !== 1) checkCall('Sym.unbind', 'v', arguments);
    return withOp('Sym.unbind', () => {
      varArg('unbind', v).unbind();
    });
  },
  /** Concrete dims when every variable is bound, else null. */
  eval(shape: SymShape): number[] | null {
    if (arguments.length !== 1) checkCall('Sym.eval', 'shape', arguments);
    return withOp('Sym.eval', () => {
      const s = shapeArg('eval', shape);
      wire.begin();
      putShape(wire, s);
      wire.call(Op.SymEval);
      return wire.bool() ? wire.dims() : null;
    });
  },
  evalDim(d: Dim): number | null {
    if (arguments.length !== 1) checkCall('Sym.evalDim', 'd', arguments);
    return evalDim(d);
  },
  partialEval(shape: SymShape): (number | null)[] {
    if (arguments.length !== 1) checkCall('Sym.partialEval', 'shape', arguments);
    return withOp('Sym.partialEval', () => {
      const s = shapeArg('partialEval', shape);
      wire.begin();
      putShape(wire, s);
      wire.call(Op.SymPartialEval);
      const n = wire.num();
      const out: (number | null)[] = [];
      for (let i = 0; i < n; i++) out.push(wire.opt());
      return out;
    });
  },
  isFullyBound(shape: SymShape): boolean {
    if (arguments.length !== 1) checkCall('Sym.isFullyBound', 'shape', arguments);
    return withOp('Sym.isFullyBound', () => {
      const s = shapeArg('isFullyBound', shape);
      wire.begin();
      putShape(wire, s);
      return wire.call(Op.SymIsFullyBound).bool();
    });
  },
  numel(shape: SymShape): number | null {
    if (arguments.length !== 1) checkCall('Sym.numel', 'shape', arguments);
    return withOp('Sym.numel', () => {
      const s = shapeArg('numel', shape);
      wire.begin();
      putShape(wire, s);
      return wire.call(Op.SymNumel).opt();
    });
  },
  /** Resolves a -1 in `to` from `from`; null when unknown (unbound) or not divisible. */
  resolveReshape(from: SymShape, to: SymShape): Dim[] | null {
    if (arguments.length !== 2) checkCall('Sym.resolveReshape', 'from, to', arguments);
    return withOp('Sym.resolveReshape', () => {
      const a = shapeArg('resolveReshape', from);
      const b = shapeArg('resolveReshape', to);
      wire.begin();
      putShape(wire, a);
      putShape(wire, b);
      wire.call(Op.SymResolveReshape);
      return wire.bool() ? readShape(wire) : null;
    });
  },
  /** A new shape with the given variables replaced by values (mutates nothing). */
  substitute(pairs: readonly (readonly [Var, number])[], shape: SymShape): Dim[] {
    if (arguments.length !== 2) checkCall('Sym.substitute', 'pairs, shape', arguments);
    return withOp('Sym.substitute', () => {
      if (!Array.isArray(pairs)) throw new TypeError(`Sym.substitute: pairs must be an array of [Var, value], got ${fmt(pairs)}`);
      const ps = pairs.map((p, i) => {
        if (!Array.isArray(p) || p.length !== 2) {
          throw new TypeError(`Sym.substitute: pairs[${i}] must be [Var, value], got ${fmt(p)}`);
        }
        return [varArg('substitute', p[0]), toInt('Sym.substitute', `pairs[${i}][1]`, p[1])] as const;
      });
      const s = shapeArg('substitute', shape);
      wire.begin().put(ps.length);
      for (const [v, x] of ps) {
        wire.put(v.id);
        wire.put(x);
      }
      putShape(wire, s);
      wire.call(Op.SymSubstitute);
      return readShape(wire);
    });
  },
  /** The variables used by a shape, in order of first appearance. */
  vars(shape: SymShape): Var[] {
    if (arguments.length !== 1) checkCall('Sym.vars', 'shape', arguments);
    return withOp('Sym.vars', () => {
      const s = shapeArg('vars', shape);
      wire.begin();
      putShape(wire, s);
      wire.call(Op.SymVars);
      const n = wire.num();
      const out: Var[] = [];
      for (let i = 0; i < n; i++) out.push(varOf(wire.num()));
      return out;
    });
  },
  isStatic(shape: SymShape): boolean {
    if (arguments.length !== 1) checkCall('Sym.isStatic', 'shape', arguments);
    return withOp('Sym.isStatic', () => {
      const s = shapeArg('isStatic', shape);
      wire.begin();
      putShape(wire, s);
      return wire.call(Op.SymIsStatic).bool();
    });
  },
  rank(shape: SymShape): number {
    if (arguments.length !== 1) checkCall('Sym.rank', 'shape', arguments);
    return withOp('Sym.rank', () => {
      return shapeArg('rank', shape).length;
    });
  },
  /** "[2,n#1,(n#1*2)]" for a shape, or the dim's own text for a single dim. */
  toString(shapeOrDim: SymShape | Dim): string {
    if (arguments.length !== 1) checkCall('Sym.toString', 'shapeOrDim', arguments);
    return symText(shapeOrDim);
  },
  /** Structural equality (2*3 is not 6; variables compare by identity). Shapes or single dims. */
  equal(a: SymShape | Dim, b: SymShape | Dim): boolean {
    if (arguments.length !== 2) checkCall('Sym.equal', 'a, b', arguments);
    return withOp('Sym.equal', () => {
      wire.begin();
      if (Array.isArray(a) !== Array.isArray(b)) {
        throw new TypeError(`Sym.equal: cannot compare a shape with a dim, got ${fmt(a)} and ${fmt(b)}`);
      }
      if (Array.isArray(a)) {
        putShape(wire, shapeArg('equal', a));
        putShape(wire, shapeArg('equal', b));
        return wire.call(Op.SymEqual).bool();
      }
      putExpr(wire, dimArg('equal', a));
      putExpr(wire, dimArg('equal', b));
      return wire.call(Op.SymDimEqual).bool();
    });
  },
};
