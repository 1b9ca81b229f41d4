// Plain data shared by the demo modules. Nothing here knows about the engine: the adapter
// (engine.ts) turns engine objects into these values, and everything else only draws them.

/** A dimension of the starting shape: a number, or the name of a symbolic variable. */
export type DimSpec = number | string;

/** A named symbolic variable with bounds and an optional binding. */
export interface VarSpec {
  name: string;
  min: number;
  max: number;
  value: number | null;
}

/** What the demo starts from: arange over `dims` (all numeric) or a symbolic View. */
export interface BaseSpec {
  dims: DimSpec[];
  vars: VarSpec[];
}

/** The ops the demo offers: the package's op-chain ops (one list for the demo, its URL and <stride-view>). */
export { OP_CHAIN_NAMES as OP_NAMES, type OpChainName as OpName } from 'strideview/element';
import type { OpChainName as OpName } from 'strideview/element';

/** One applied operation, as typed by the user (the text is what goes into the URL). */
export interface OpSpec {
  name: OpName;
  arg: string;
  /** reshape only: refuse to copy (the engine's `{ copy: false }`). */
  noCopy?: boolean;
}

/** One logical element of the view, in C (row-major) order. */
export interface Cell {
  idx: number[];
  /** The engine's linear index (`View.linearIndex`), also for masked cells. */
  linear: number;
  /** The engine's `View.isValid`. */
  valid: boolean;
  /** The element value for valid cells of an array; null when masked or there is no memory. */
  value: number | null;
}

/** Everything the page shows about one view, as numbers and texts produced by the engine. */
export interface Snapshot {
  /** 'array': an NDArray over a real buffer; 'view': a bare View (symbolic mode). */
  kind: 'array' | 'view';
  shapeText: string;
  /** The engine's symbolic text of the shape (symbolic views only), e.g. "[n#1=3, 4]". */
  shapeSym: string | null;
  /** Concrete shape, or null while a symbolic dim is unbound. */
  shape: number[] | null;
  stridesText: string;
  strides: number[] | null;
  offset: number;
  /** Valid [start, end) range per dim, or null when unmasked. */
  mask: Array<[number, number]> | null;
  contiguous: boolean;
  numelText: string;
  numel: number | null;
  dtype: string | null;
  /** The engine's own one-line description (`toString()`). */
  description: string;
  /** The memory the view reads. */
  buffer: BufferInfo | null;
  /** Logical cells in C order; null when not drawable (unbound, too large). */
  cells: Cell[] | null;
  /** Why cells are null, for the page. */
  cellsNote: string | null;
}

export interface BufferInfo {
  /** A stable number per owned buffer, so a new buffer (contiguous, copying reshape) is visible. */
  id: number;
  label: string;
  /** Number of elements in the buffer. */
  length: number;
  /** Element values in memory order (for a bare View, the addresses); null when too long to draw. */
  values: number[] | null;
}

/** An error to show in the page. `engine` is true for a StrideViewError from the WASM engine. */
export interface ShownError {
  code: string;
  message: string;
  engine: boolean;
}

/** Largest number of logical cells drawn (64x64 = 4096 and a few broadcasts beyond). */
export const MAX_CELLS = 16384;
/**
 * Above this many cells the grid, the strip and the iteration row are drawn dense, on canvases: small
 * squares, no text in them (dense.ts). Up to it each cell is an element with its numbers in it: 10x10
 * fits the panel at 40 px a cell; a 16x16 view as elements took 70-140 ms per op in Chromium (the
 * layout of ~2,300 new elements), on canvases 20-30 ms (bench/demo_interaction.mjs).
 */
export const DENSE_CELLS = 100;
/** Largest buffer drawn as a strip. */
export const MAX_BUFFER_CELLS = 16384;
/** Largest starting buffer (arange) the demo creates. */
export const MAX_BASE = 4096;
/** Largest array the demo lets an op copy into a new buffer. */
export const MAX_COPY = 1 << 20;
/** Largest rank drawn as grids (higher ranks keep their read-outs). */
export const MAX_DRAWN_RANK = 4;
