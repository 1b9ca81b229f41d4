// The explorer's state: the starting shape, the applied ops (one Step each, with the engine's view
// after it), the history cursor, and what is pointed at or walked. The steps change through the
// actions (actions.ts), what is pointed at through the events; every module reads it here.
import { type ReshapeAnalysis, type Subject, analyseReshape, snapshot } from './engine';
import type { BaseSpec, OpSpec, Snapshot } from './model';
import { DEFAULT_STATE, type UrlState } from './url';

export interface Step {
  op: OpSpec | null;
  subject: Subject;
  snap: Snapshot | null;
  note: string;
  /** The op made a new buffer (contiguous(), or a reshape that copied). */
  copied: boolean;
  /** reshape steps: the engine's analysis of the reshape (undefined: not asked yet). */
  analysis?: ReshapeAnalysis | null;
}

interface ExplorerState {
  /** The starting shape and its symbolic variables. */
  base: BaseSpec;
  /** Step 0 is the base, step n the view after the n-th op; steps after the cursor were stepped back from (redo). */
  steps: Step[];
  /** The step shown. */
  cursor: number;
  /** A reshape the engine refused (copy: false), shown with its analysis until the next change. */
  refused: { op: OpSpec; analysis: ReshapeAnalysis | null } | null;
  /** The logical cell (index into snap.cells) under the pointer / keyboard / iteration. */
  focusCell: number | null;
  /** The buffer address under the pointer. */
  hoverAddr: number | null;
  /** Iteration position (index into snap.cells), null before the first step. */
  iterPos: number | null;
  /** The interval of a playing walk, or null. */
  playTimer: number | null;
}

export const state: ExplorerState = {
  base: structuredClone(DEFAULT_STATE.base),
  steps: [],
  cursor: 0,
  refused: null,
  focusCell: null,
  hoverAddr: null,
  iterPos: null,
  playTimer: null,
};

export function current(): Step {
  return state.steps[state.cursor]!;
}

export function currentSnap(): Snapshot {
  const s = current();
  if (!s.snap) s.snap = snapshot(s.subject);
  return s.snap;
}

export function snapOf(n: number): Snapshot {
  const s = state.steps[n]!;
  if (!s.snap) s.snap = snapshot(s.subject);
  return s.snap;
}

/** The reshape analysis of step n (a reshape step), asked from the engine once. */
export function stepAnalysis(n: number): ReshapeAnalysis | null {
  const s = state.steps[n];
  if (!s || s.op?.name !== 'reshape' || n === 0) return null;
  if (s.analysis === undefined) s.analysis = analyseReshape(state.steps[n - 1]!.subject, s.op.arg);
  return s.analysis;
}

export function urlState(): UrlState {
  return { base: state.base, ops: state.steps.slice(1, state.cursor + 1).map((s) => s.op!) };
}

export function resetView(): void {
  state.focusCell = null;
  state.hoverAddr = null;
  state.iterPos = null;
}
