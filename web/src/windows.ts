// NumPy's window functions (numpy.hanning, hamming, blackman, bartlett): M points of a tapering
// window, float64, computed in JS with NumPy's expressions (n = arange(1 - M, M, 2)).
import { StrideViewError, fmt } from './errors.js';
import { NDArray } from './ndarray.js';
import { array } from './creation.js';
import { type SigRef, bind } from './signature.js';

/** NumPy's window over n = 1 - M, 3 - M, ..., below M: empty for M < 1, [1] for M = 1. */
function window(op: string, ref: SigRef, args: unknown[], f: (n: number, m1: number) => number): NDArray {
  const [M] = bind(ref, args);
  if (typeof M !== 'number') throw new TypeError(`${op}: M must be a number, got ${fmt(M)}`);
  if (!Number.isFinite(M)) throw new StrideViewError('invalid_argument', `${op}: M must be finite, got ${fmt(M)}`);
  if (M < 1) return array([], { dtype: 'float64' });
  if (M === 1) return array([1], { dtype: 'float64' });
  const len = Math.ceil((M - (1 - M)) / 2);
  if (len > 2 ** 28) throw new StrideViewError('invalid_argument', `${op}: M ${M} is too large`);
  const out = new Array<number>(len);
  for (let i = 0; i < len; i++) out[i] = f(1 - M + 2 * i, M - 1);
  return array(out, { dtype: 'float64' });
}

const HANNING: SigRef = { sig: 'numpy.hanning: hanning(M: number) -> NDArray' };
/** The Hann window of M points (NumPy hanning): 0.5 + 0.5 cos(pi n / (M - 1)). */
// @overloads HANNING
export function hanning(M: number): NDArray;
// @end
export function hanning(...args: unknown[]): NDArray {
  return window('hanning', HANNING, args, (n, m1) => 0.5 + 0.5 * Math.cos((Math.PI * n) / m1));
}

const HAMMING: SigRef = { sig: 'numpy.hamming: hamming(M: number) -> NDArray' };
/** The Hamming window of M points (NumPy hamming): 0.54 + 0.46 cos(pi n / (M - 1)). */
// @overloads HAMMING
export function hamming(M: number): NDArray;
// @end
export function hamming(...args: unknown[]): NDArray {
  return window('hamming', HAMMING, args, (n, m1) => 0.54 + 0.46 * Math.cos((Math.PI * n) / m1));
}

const BLACKMAN: SigRef = { sig: 'numpy.blackman: blackman(M: number) -> NDArray' };
/** The Blackman window of M points (NumPy blackman): 0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1)). */
// @overloads BLACKMAN
export function blackman(M: number): NDArray;
// @end
export function blackman(...args: unknown[]): NDArray {
  return window('blackman', BLACKMAN, args, (n, m1) => 0.42 + 0.5 * Math.cos((Math.PI * n) / m1) + 0.08 * Math.cos((2.0 * Math.PI * n) / m1));
}

const BARTLETT: SigRef = { sig: 'numpy.bartlett: bartlett(M: number) -> NDArray' };
/** The Bartlett (triangular) window of M points (NumPy bartlett): 1 - |n| / (M - 1). */
// @overloads BARTLETT
export function bartlett(M: number): NDArray;
// @end
export function bartlett(...args: unknown[]): NDArray {
  return window('bartlett', BARTLETT, args, (n, m1) => (n <= 0 ? 1 + n / m1 : 1 - n / m1));
}
