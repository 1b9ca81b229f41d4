// Reading what the user typed into plain numbers and names. No view rules live here: the
// parsed values go to the engine unchanged, and the engine decides whether they make sense.

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

const INT = /^[+-]?\d+$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function items(text: string): string[] {
  const t = text.trim().replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '');
  if (t === '') return [];
  return t.split(/[\s,x×]+/).filter((s) => s !== '');
}

/** "2, -1" or "[2,-1]" -> [2, -1]; "" -> []. */
export function parseInts(text: string, what: string): number[] {
  return items(text).map((s) => {
    if (!INT.test(s)) throw new InputError(`${what}: "${s}" is not an integer (type e.g. 2, -1)`);
    return Number(s);
  });
}

/** Like parseInts but a dim may also be a variable name: "n, 4" -> ['n', 4]. */
export function parseDims(text: string, what: string): Array<number | string> {
  return items(text).map((s) => {
    if (INT.test(s)) return Number(s);
    if (NAME.test(s)) return s;
    throw new InputError(`${what}: "${s}" is neither an integer nor a variable name`);
  });
}

/** "1,2; 0,1" or "(1,2),(0,1)" -> [[1,2],[0,1]]: one (before, after) or (start, end) pair per dim. */
export function parsePairs(text: string, what: string): Array<[number, number]> {
  const nums = (text.match(/[+-]?\d+|[^\s\d+\-,;()[\]]+/g) ?? []).map((s) => {
    if (!INT.test(s)) throw new InputError(`${what}: "${s}" is not an integer`);
    return Number(s);
  });
  if (nums.length % 2 !== 0) {
    throw new InputError(`${what}: expected one pair per dim, like 1,1; 0,2 (got ${nums.length} numbers)`);
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < nums.length; i += 2) out.push([nums[i]!, nums[i + 1]!]);
  return out;
}

export function formatList(xs: ReadonlyArray<number | string>): string {
  return `[${xs.join(', ')}]`;
}

export function formatPairs(xs: ReadonlyArray<readonly [number, number]>): string {
  return `[${xs.map(([a, b]) => `(${a}, ${b})`).join(', ')}]`;
}
