// The print options of NDArray.toString / util.inspect: NumPy's set_printoptions / get_printoptions
// (the same names and defaults), validated as a whole before any of them changes.
import { fmt } from './errors.js';

/** How many digits a float element prints with (NumPy's `floatmode`). */
export type FloatMode = 'fixed' | 'unique' | 'maxprec' | 'maxprec_equal';

/** The options of {@link printOptions}, as NumPy's `np.set_printoptions`. */
export interface PrintOptions {
  /** Digits after the decimal point (or of the mantissa in scientific notation) at most; default 8. */
  precision: number;
  /** Arrays of more elements than this print summarised with '...'; default 1000 (Infinity: never). */
  threshold: number;
  /** Leading and trailing items per axis shown when summarised; default 3. */
  edgeitems: number;
  /** Characters per line before wrapping; default 75. */
  linewidth: number;
  /** true: small floats print in fixed notation (rounded to `precision`), never scientific; default false. */
  suppress: boolean;
  /** '-': a sign only on negatives; '+': on positives too; ' ': a space where a sign would go. Default '-'. */
  sign: '-' | '+' | ' ';
  /**
   * 'maxprec' (default): up to `precision` digits, fewer when fewer tell the value apart; 'unique':
   * as many digits as tell the value apart (precision ignored); 'fixed': always `precision` digits;
   * 'maxprec_equal': up to `precision` digits, the same number for every element.
   */
  floatmode: FloatMode;
}

const DEFAULTS: PrintOptions = Object.freeze({
  precision: 8,
  threshold: 1000,
  edgeitems: 3,
  linewidth: 75,
  suppress: false,
  sign: '-',
  floatmode: 'maxprec',
});
const FLOAT_MODES: readonly FloatMode[] = ['fixed', 'unique', 'maxprec', 'maxprec_equal'];
const SIGNS: readonly string[] = ['-', '+', ' '];
const NAMES = Object.keys(DEFAULTS) as (keyof PrintOptions)[];

let current: PrintOptions = { ...DEFAULTS };

/** @internal The options in force (not a copy: read only). */
export function activePrintOptions(): Readonly<PrintOptions> {
  return current;
}

function count(op: string, name: string, v: unknown, min: number): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be an integer, got ${fmt(v)}`);
  if (!Number.isSafeInteger(v)) throw new RangeError(`${op}: ${name} must be an integer, got ${fmt(v)}`);
  if (v < min) throw new RangeError(`${op}: ${name} must be >= ${min}, got ${v}`);
  return v;
}

function validated(op: string, options: unknown): Partial<PrintOptions> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { precision: 4 }, got ${fmt(options)}`);
  }
  const out: Partial<PrintOptions> = {};
  for (const [k, v] of Object.entries(options)) {
    if (!(NAMES as string[]).includes(k)) {
      throw new TypeError(`${op}: unknown option ${JSON.stringify(k)}; the options are ${NAMES.join(', ')}`);
    }
    if (v === undefined || v === null) continue; // as NumPy's None: unchanged
    switch (k as keyof PrintOptions) {
      case 'precision':
        out.precision = count(op, k, v, 0);
        break;
      case 'edgeitems':
        out.edgeitems = count(op, k, v, 0);
        break;
      case 'linewidth':
        out.linewidth = count(op, k, v, 1);
        break;
      case 'threshold':
        if (typeof v !== 'number') throw new TypeError(`${op}: threshold must be a number, got ${fmt(v)}`);
        if (Number.isNaN(v)) throw new RangeError(`${op}: threshold must not be NaN (Infinity prints every element)`);
        out.threshold = v;
        break;
      case 'suppress':
        if (typeof v !== 'boolean') throw new TypeError(`${op}: suppress must be a boolean, got ${fmt(v)}`);
        out.suppress = v;
        break;
      case 'sign':
        if (typeof v !== 'string' || !SIGNS.includes(v)) throw new RangeError(`${op}: sign must be '-', '+' or ' ', got ${fmt(v)}`);
        out.sign = v as PrintOptions['sign'];
        break;
      case 'floatmode':
        if (typeof v !== 'string' || !(FLOAT_MODES as string[]).includes(v)) {
          throw new RangeError(`${op}: floatmode must be one of ${FLOAT_MODES.map((m) => `'${m}'`).join(', ')}, got ${fmt(v)}`);
        }
        out.floatmode = v as FloatMode;
        break;
    }
  }
  return out;
}

/**
 * Sets how arrays print (NumPy's `np.set_printoptions`): the options given change, the others keep
 * their value (undefined or null leaves one unchanged). Every option is checked before any changes
 * (TypeError for a wrong type or an unknown name, RangeError for a value out of range). Returns the
 * options as they were, so `printOptions(previous)` restores them (`printOptions()` changes nothing).
 */
export function printOptions(options?: Partial<PrintOptions>): PrintOptions {
  const change = options === undefined ? {} : validated('printOptions', options);
  const previous = { ...current };
  current = { ...current, ...change };
  return previous;
}

/** The print options in force (a copy), as NumPy's `np.get_printoptions`. */
export function getPrintOptions(): PrintOptions {
  return { ...current };
}

/**
 * Runs `fn` with some print options changed and restores the previous ones afterwards, also when
 * `fn` throws (NumPy's `with np.printoptions(...)`); returns what `fn` returns.
 */
export function withPrintOptions<T>(options: Partial<PrintOptions>, fn: () => T): T {
  if (typeof fn !== 'function') throw new TypeError(`withPrintOptions: fn must be a function, got ${fmt(fn)}`);
  const change = validated('withPrintOptions', options);
  const previous = current;
  current = { ...current, ...change };
  try {
    return fn();
  } finally {
    current = previous;
  }
}
