// Complex operands of NumPy's logical ufuncs: a complex value is true when either part is nonzero
// (NaN counts as true), so each complex operand is read as the bool array x != 0.
import { isComplex, isComplexValue } from './dtype.js';
import { NDArray } from './ndarray.js';
import { notEqual } from './ops.js';

/** @internal fn on the operands with each complex one (array or value) replaced by its truth. */
export function complexTruth<T>(x: readonly unknown[], fn: (x: unknown[]) => T): T {
  const tmp: NDArray[] = [];
  try {
    return fn(
      x.map((v) => {
        if (isComplexValue(v)) return v.re !== 0 || v.im !== 0;
        if (!(v instanceof NDArray) || !isComplex(v.dtype)) return v;
        const t = notEqual(v, 0);
        tmp.push(t);
        return t;
      }),
    );
  } finally {
    for (const t of tmp) t.dispose();
  }
}
