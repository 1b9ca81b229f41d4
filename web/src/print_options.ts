// The print options of NDArray.toString / util.inspect: NumPy's set_printoptions / get_printoptions
// (the same names and defaults), validated as a whole before any of them changes.
import { fmt } from './errors.js';
import { type SigRef, bind, closestName, unsupported } from './signature.js';

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

// The options in NumPy's order (np.set_printoptions(precision=None, threshold=None, edgeitems=None,
// linewidth=None, suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
// floatmode=None, *, legacy=None)); None (null) or not given leaves an option unchanged. nanstr,
// infstr, formatter and legacy are declared so that they are refused, never ignored: the arrays
// print 'nan' and 'inf' (NumPy's defaults, accepted) with no formatter and no legacy mode.
const PRINT_OPTIONS: SigRef = { sig: '-: printOptions(precision: number | null = null, threshold: number | null = null, edgeitems: number | null = null, ' +
    'linewidth: number | null = null, suppress: boolean | null = null, nanstr: "nan" | null = null, ' +
    'infstr: "inf" | null = null, formatter: null = null, sign: "-" | "+" | " " | null = null, ' +
    'floatmode: FloatMode | null = null, *, legacy: false | null = null) -> PrintOptions' };
const GET_PRINT_OPTIONS: SigRef = { sig: '-: getPrintOptions() -> PrintOptions' };
const WITH_PRINT_OPTIONS: SigRef = { sig: '-: withPrintOptions(options: Partial<PrintOptions>, fn: Function) -> unknown' };
const OPTION_NAMES = [...NAMES.slice(0, 5), 'nanstr', 'infstr', 'formatter', 'sign', 'floatmode', 'legacy'];

/** The changes asked for by the bound values (in PRINT_OPTIONS' order), each checked. */
function validated(op: string, values: readonly unknown[]): Partial<PrintOptions> {
  const out: Partial<PrintOptions> = {};
  for (let i = 0; i < OPTION_NAMES.length; i++) {
    const k = OPTION_NAMES[i]!;
    const v = values[i];
    if (v === undefined || v === null) continue; // as NumPy's None: unchanged
    switch (k) {
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
      case 'nanstr':
        if (v !== 'nan') unsupported(op, k, v, "supported: 'nan' or null: NaN prints as nan");
        break;
      case 'infstr':
        if (v !== 'inf') unsupported(op, k, v, "supported: 'inf' or null: infinities print as inf");
        break;
      case 'formatter':
        unsupported(op, k, v, 'supported: null (no per-type formatters)');
        break;
      case 'legacy':
        if (v !== false) unsupported(op, k, v, 'supported: false or null (no legacy print modes)');
        break;
    }
  }
  return out;
}

/**
 * withPrintOptions' options object (a required argument, so checked here by hand with the binder's
 * wording): the values in PRINT_OPTIONS' order.
 */
function optionValues(op: string, options: unknown): unknown[] {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { precision: 4 }, got ${fmt(options)}`);
  }
  const o = options as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!OPTION_NAMES.includes(k)) {
      const near = closestName(k, OPTION_NAMES);
      const hint = `${near !== null ? `; did you mean '${near}'?` : ''} (options takes the names ${OPTION_NAMES.join(', ')})`;
      throw new TypeError(`${op}: unknown option '${k}'${hint}`);
    }
  }
  return OPTION_NAMES.map((k) => o[k]);
}

/**
 * Sets how arrays print (NumPy's `np.set_printoptions`, the same parameters in the same order):
 * `printOptions(4)` or `printOptions({ precision: 4, suppress: true })`. The options given change,
 * the others keep their value (undefined or null leaves one unchanged). Every option is checked
 * before any changes (TypeError for a wrong type or an unknown name, RangeError for a value out of
 * range). NumPy's `nanstr`, `infstr`, `formatter` and `legacy` accept only the values that change
 * nothing ('nan', 'inf', null, false). Returns the options as they were, so
 * `printOptions(previous)` restores them (`printOptions()` changes nothing).
 */
// @overloads PRINT_OPTIONS
export function printOptions(options?: { precision?: number | null | undefined; threshold?: number | null | undefined; edgeitems?: number | null | undefined; linewidth?: number | null | undefined; suppress?: boolean | null | undefined; nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, options?: { threshold?: number | null | undefined; edgeitems?: number | null | undefined; linewidth?: number | null | undefined; suppress?: boolean | null | undefined; nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, options?: { edgeitems?: number | null | undefined; linewidth?: number | null | undefined; suppress?: boolean | null | undefined; nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, options?: { linewidth?: number | null | undefined; suppress?: boolean | null | undefined; nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, options?: { suppress?: boolean | null | undefined; nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, options?: { nanstr?: "nan" | null | undefined; infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, nanstr?: "nan" | null, options?: { infstr?: "inf" | null | undefined; formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, nanstr?: "nan" | null, infstr?: "inf" | null, options?: { formatter?: null | undefined; sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, nanstr?: "nan" | null, infstr?: "inf" | null, formatter?: null, options?: { sign?: "-" | "+" | " " | null | undefined; floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, nanstr?: "nan" | null, infstr?: "inf" | null, formatter?: null, sign?: "-" | "+" | " " | null, options?: { floatmode?: FloatMode | null | undefined; legacy?: false | null | undefined }): PrintOptions;
export function printOptions(precision?: number | null, threshold?: number | null, edgeitems?: number | null, linewidth?: number | null, suppress?: boolean | null, nanstr?: "nan" | null, infstr?: "inf" | null, formatter?: null, sign?: "-" | "+" | " " | null, floatmode?: FloatMode | null, options?: { legacy?: false | null | undefined }): PrintOptions;
// @end
export function printOptions(...args: unknown[]): PrintOptions {
  const change = validated('printOptions', bind(PRINT_OPTIONS, args));
  const previous = { ...current };
  current = { ...current, ...change };
  return previous;
}

/** The print options in force (a copy), as NumPy's `np.get_printoptions`. */
export function getPrintOptions(): PrintOptions {
  if (arguments.length > 0) bind(GET_PRINT_OPTIONS, arguments);
  return { ...current };
}

/**
 * Runs `fn` with some print options changed and restores the previous ones afterwards, also when
 * `fn` throws (NumPy's `with np.printoptions(...)`); returns what `fn` returns. `options` takes the
 * names of {@link printOptions}.
 */
export function withPrintOptions<T>(options: Partial<PrintOptions>, fn: () => T): T {
  if (arguments.length !== 2) bind(WITH_PRINT_OPTIONS, arguments);
  if (typeof fn !== 'function') throw new TypeError(`withPrintOptions: fn must be a function, got ${fmt(fn)}`);
  const change = validated('withPrintOptions', optionValues('withPrintOptions', options));
  const previous = current;
  current = { ...current, ...change };
  try {
    return fn();
  } finally {
    current = previous;
  }
}
