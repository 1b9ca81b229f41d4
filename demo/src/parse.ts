// Reading what the user typed into plain numbers and names. The parsers are the package's own
// op-chain readers (strideview/element), so the demo's inputs, its URL and the <stride-view>
// element read text the same way; no view rules live here: the engine decides what the values mean.
export {
  parseIntList as parseInts,
  parseDimList as parseDims,
  parsePairList as parsePairs,
  OpChainError,
} from 'strideview/element';

/** A limit of the demo itself (largest start, largest copy), shown like a typing error. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export function formatList(xs: ReadonlyArray<number | string>): string {
  return `[${xs.join(', ')}]`;
}

export function formatPairs(xs: ReadonlyArray<readonly [number, number]>): string {
  return `[${xs.map(([a, b]) => `(${a}, ${b})`).join(', ')}]`;
}
