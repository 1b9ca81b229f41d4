// Symbolic dims: variables live in the C++ registry; expressions are small JS objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
const { Sym, Var, SymDim } = sv;

test('variables have identity, names and bounds', () => {
  const a = Sym.variable('n', 1, 10);
  const b = Sym.variable('n', 1, 10);
  assert.ok(a instanceof Var);
  assert.notEqual(a.id, b.id);
  assert.equal(a.name, 'n');
  assert.deepEqual(a.bounds, [1, 10]);
  assert.equal(a.value, null);
  assert.equal(Sym.equal(Sym.dim(a), Sym.dim(b)), false, 'same name, different variables');
  assert.equal(Sym.equal(Sym.dim(a), Sym.dim(a)), true);
  assert.equal(a.toString(), `n#${a.id}`);
  throwsSv(assert, () => Sym.variable('m', 5, 2), 'invalid_argument', /bounds \[5, 2\] of variable 'm' are invalid/);
  assert.throws(() => Sym.variable(3, 1, 2), TypeError);
  const anon = Sym.variable('', 0, 3);
  assert.equal(anon.toString(), `v${anon.id}`);
});

test('bind / eval / evalDim / partialEval / isFullyBound / numel / unbind', () => {
  const n = Sym.variable('n', 1, 100);
  const d = Sym.dynamic('k', 0, 8);
  assert.ok(d instanceof SymDim);
  const shape = [Sym.dim(n), 3, Sym.mul(Sym.dim(n), 2)];
  assert.equal(Sym.eval(shape), null);
  assert.deepEqual(Sym.partialEval(shape), [null, 3, null]);
  assert.equal(Sym.isFullyBound(shape), false);
  assert.equal(Sym.numel(shape), null);
  Sym.bind(n, 4);
  assert.equal(n.value, 4);
  assert.deepEqual(Sym.eval(shape), [4, 3, 8]);
  assert.equal(Sym.evalDim(shape[2]), 8);
  assert.equal(shape[2].eval(), 8);
  assert.deepEqual(Sym.partialEval(shape), [4, 3, 8]);
  assert.equal(Sym.isFullyBound(shape), true);
  assert.equal(Sym.numel(shape), 96);
  assert.equal(Sym.toString(shape), `[n#${n.id}=4,3,(n#${n.id}=4*2)]`);
  throwsSv(assert, () => Sym.bind(n, 101), 'out_of_bounds', new RegExp(`bind: value 101 for variable n#${n.id}=4 is outside its bounds \\[1, 100\\]`));
  Sym.unbind(n);
  assert.equal(n.value, null);
  n.bind(5);
  assert.equal(n.value, 5);
  n.unbind();
  assert.equal(Sym.evalDim(Sym.add(Sym.dim(n), 1)), null);
});

test('add / mul / neg / static / infer / rank / isStatic / vars / toString', () => {
  const n = Sym.variable('n', 0, 10);
  const m = Sym.variable('m', 0, 10);
  const e = Sym.add(Sym.mul(Sym.dim(n), 2), Sym.neg(Sym.dim(m)));
  assert.equal(Sym.toString(e), `((n#${n.id}*2)+(-m#${m.id}))`);
  assert.equal(Sym.static(4), 4);
  assert.throws(() => Sym.static(-1), RangeError);
  assert.equal(Sym.infer(), -1);
  assert.equal(Sym.rank([1, e, 3]), 3);
  assert.equal(Sym.isStatic([1, 2]), true);
  assert.equal(Sym.isStatic([1, e]), false);
  assert.deepEqual(Sym.vars([e, Sym.dim(n)]).map((v) => v.id), [n.id, m.id]);
  assert.equal(Sym.equal(Sym.mul(2, 3), 6), false, 'structural: 2*3 is not 6');
  assert.equal(Sym.equal([Sym.mul(2, 3)], [Sym.mul(2, 3)]), true);
  n.bind(3);
  m.bind(1);
  assert.equal(e.eval(), 5);
});

test('resolveReshape and substitute', () => {
  const n = Sym.variable('n', 1, 10);
  assert.equal(Sym.resolveReshape([Sym.dim(n), 4], [2, -1]), null, 'unbound');
  n.bind(3);
  assert.deepEqual(Sym.resolveReshape([Sym.dim(n), 4], [2, -1]), [2, 6]);
  assert.equal(Sym.resolveReshape([Sym.dim(n), 4], [5, -1]), null, 'not divisible');
  throwsSv(assert, () => Sym.resolveReshape([12], [-1, -1]), 'invalid_argument', /more than one inferred/);
  const k = Sym.variable('k', 0, 10);
  const s = [Sym.dim(k), Sym.add(Sym.dim(k), 1)];
  const t = Sym.substitute([[k, 4]], s);
  assert.deepEqual(Sym.eval(t), [4, 5]);
  assert.equal(k.value, null, 'substitute mutates nothing');
  assert.throws(() => Sym.substitute([[3, 4]], s), TypeError);
});
