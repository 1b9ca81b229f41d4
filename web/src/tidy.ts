// tidy() and keep(): scoped disposal of the arrays a block of code creates (the scope itself is
// kept by storage.ts, where every new array is listed).
import { StrideViewError, fmt } from './errors.js';
import { NDArray } from './ndarray.js';
import { type SigRef, bind } from './signature.js';
import { type Owned, closeScope, guardLater, kept, openScope } from './storage.js';

const TIDY: SigRef = { sig: '-: tidy(fn: Function) -> unknown' };
const KEEP: SigRef = { sig: '-: keep(a: NDArray) -> NDArray' };

/**
 * Runs `fn` and then disposes every NDArray created while it ran (results of ops, temporaries,
 * unnamed bases of chained calls such as `arange(n).reshape(s)`, and views), except the arrays
 * `fn` returns (also inside returned arrays and plain objects, with the bases they read) and those
 * passed to {@link keep}. Scopes nest: what an inner tidy returns belongs to the outer one. If `fn`
 * throws, everything it created is disposed and the error propagates. `fn` must be synchronous: a
 * function returning a promise is refused with a StrideViewError (arrays created after an `await`
 * could not be tracked).
 */
export function tidy<T>(fn: () => T): T {
  if (arguments.length !== 1) bind(TIDY, arguments); // a second argument is refused (never ignored)
  if (typeof fn !== 'function') throw new TypeError(`tidy: fn must be a function, got ${fmt(fn)}`);
  if ((fn as { constructor?: { name?: string } }).constructor?.name === 'AsyncFunction') {
    throw new StrideViewError('invalid_argument', 'tidy: fn is an async function; tidy() tracks synchronous code only (await the work outside tidy, or dispose() by hand)');
  }
  const mine: Owned[] = [];
  const outer = openScope(mine);
  let result: T;
  try {
    result = fn();
  } catch (e) {
    closeScope(outer);
    for (let i = 0; i < mine.length; i++) mine[i]!.dispose();
    throw e;
  }
  closeScope(outer);
  if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
    for (let i = 0; i < mine.length; i++) mine[i]!.dispose();
    throw new StrideViewError('invalid_argument', 'tidy: fn returned a promise; tidy() tracks synchronous code only (arrays created after an await could not be tracked)');
  }
  const survivors = new Set<Owned>();
  collect(result, survivors, 0);
  for (let i = 0; i < mine.length; i++) {
    const a = mine[i]!;
    if (survivors.has(a) || kept.has(a)) {
      if (a._disposed) continue;
      if (outer !== null && !kept.has(a)) outer.push(a);
      else guardLater(a); // registered at the end of the task unless disposed before (storage.ts)
    } else {
      a.dispose();
    }
  }
  return result;
}

// The arrays reachable from a tidy result (arrays, plain objects, Maps and Sets), with their bases.
function collect(x: unknown, into: Set<Owned>, depth: number): void {
  if (x === null || typeof x !== 'object' || depth > 64) return;
  if (x instanceof NDArray) {
    into.add(x);
    if (x._owner !== null) into.add(x._owner);
    return;
  }
  if (Array.isArray(x)) {
    for (const y of x) collect(y, into, depth + 1);
  } else if (x instanceof Map) {
    for (const [k, v] of x) {
      collect(k, into, depth + 1);
      collect(v, into, depth + 1);
    }
  } else if (x instanceof Set) {
    for (const y of x) collect(y, into, depth + 1);
  } else if (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null) {
    for (const k of Object.keys(x)) collect((x as Record<string, unknown>)[k], into, depth + 1);
  }
}

/**
 * Exempts an array (and, for a view, the base it reads) from disposal by every enclosing
 * {@link tidy} scope; returns it. It is then yours to dispose (the FinalizationRegistry remains the
 * safety net).
 */
export function keep<T extends NDArray>(a: T): T {
  if (arguments.length !== 1) bind(KEEP, arguments);
  if (!(a instanceof NDArray)) throw new TypeError(`keep: expected an NDArray as a, got ${fmt(a)}`);
  a._check('keep');
  kept.add(a);
  if (a._owner !== null) kept.add(a._owner);
  return a;
}
