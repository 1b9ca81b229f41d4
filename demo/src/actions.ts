// What the user's actions do to the state: start from a shape, apply an op, go to a history step,
// bind a variable; each ends by drawing the page again (render).
import { analyseReshape, applyBindings, applyOp, makeBase, newBuffer, release, resetBufferIds, toShownError } from './engine';
import { byId } from './dom';
import { renderHistory, renderOpsEnabled, renderVars } from './controls';
import { renderBuffer } from './buffer';
import { renderCode } from './code_panel';
import { renderDerivation } from './derivation_panel';
import { boxWidths, drawn } from './drawn';
import { renderGrid } from './grid';
import { stopPlay, updateHighlights } from './highlights';
import { renderTrack } from './iteration';
import type { BaseSpec, OpSpec, VarSpec } from './model';
import { capturePlaces, playMoves } from './motion';
import { callText } from './ops';
import { parseDims } from './parse';
import { renderReadouts, showError } from './readouts';
import { renderReshape } from './reshape_panel';
import { current, currentSnap, resetView, state, urlState } from './state';
import { updateUrl } from './url_sync';
import { DEFAULT_STATE, type UrlState, defaultVar } from './url';

/** Builds the base and replays `next.ops`; stops at the first failing op and shows its error. */
export function rebuild(next: UrlState): void {
  stopPlay();
  release(state.steps.map((s) => s.subject));
  state.steps = [];
  resetBufferIds();
  state.base = structuredClone(next.base);
  showError(null, null);
  try {
    state.steps.push({ op: null, subject: makeBase(state.base), snap: null, note: '', copied: false });
  } catch (e) {
    showError(`start from [${state.base.dims.join(', ')}]`, toShownError(e));
    state.base = structuredClone(DEFAULT_STATE.base);
    state.steps.push({ op: null, subject: makeBase(state.base), snap: null, note: '', copied: false });
  }
  state.refused = null;
  state.cursor = 0;
  for (const op of next.ops) {
    if (!pushOp(op)) break;
  }
  resetView();
  render();
}

/** Applies an op to the current step. Returns false (and shows the error) when the engine refuses. */
export function pushOp(op: OpSpec): boolean {
  const from = current();
  try {
    const subject = applyOp(from.subject, op, state.base);
    const copied = newBuffer(from.subject, subject);
    const note = copied ? 'new buffer' : op.name === 'contiguous' ? 'same buffer: already C-contiguous' : '';
    const dropped = state.steps.slice(state.cursor + 1);
    state.steps = state.steps.slice(0, state.cursor + 1);
    state.steps.push({ op, subject, snap: null, note, copied });
    release(
      dropped.map((s) => s.subject),
      state.steps.map((s) => s.subject),
    );
    state.cursor = state.steps.length - 1;
    state.refused = null;
    showError(null, null);
    return true;
  } catch (e) {
    showError(callText(op), toShownError(e));
    state.refused = op.name === 'reshape' ? { op, analysis: analyseReshape(from.subject, op.arg) } : null;
    return false;
  }
}

export function applyFromUi(op: OpSpec): void {
  stopPlay();
  const before = capturePlaces(drawn.cellEls, currentSnap());
  if (pushOp(op)) {
    resetView();
    render();
    playMoves(before, drawn.cellEls, currentSnap());
  } else if (state.refused) {
    render();
  }
}

export function goTo(n: number): void {
  if (n < 0 || n >= state.steps.length || n === state.cursor) return;
  stopPlay();
  state.cursor = n;
  state.refused = null;
  showError(null, null);
  resetView();
  render();
}

export function setBase(text: string): void {
  let dims: BaseSpec['dims'];
  try {
    dims = parseDims(text, 'shape');
  } catch (e) {
    showError('new base', toShownError(e));
    return;
  }
  const vars: VarSpec[] = [];
  for (const d of dims) {
    if (typeof d !== 'string' || vars.some((v) => v.name === d)) continue;
    vars.push(state.base.vars.find((v) => v.name === d) ?? defaultVar(d));
  }
  rebuild({ base: { dims, vars }, ops: [] });
}

function bindVar(name: string, value: number | null): void {
  const spec = state.base.vars.find((v) => v.name === name);
  if (!spec) return;
  const old = spec.value;
  spec.value = value;
  try {
    applyBindings(state.base);
    showError(null, null);
  } catch (e) {
    spec.value = old;
    showError(value === null ? `Sym.unbind(${name})` : `Sym.bind(${name}, ${value})`, toShownError(e));
    return;
  }
  for (const s of state.steps) s.snap = null;
  resetView();
  render();
}

function changeVar(name: string, patch: Partial<VarSpec>): void {
  const next = structuredClone(urlState());
  const spec = next.base.vars.find((v) => v.name === name);
  if (!spec) return;
  Object.assign(spec, patch);
  rebuild(next);
}

/** The reshape card's fix: contiguous(), then the refused reshape again (without copy: false). */
export function fixReshape(op: OpSpec): void {
  const again = { ...op };
  delete again.noCopy;
  if (pushOp({ name: 'contiguous', arg: '' })) pushOp(again);
  resetView();
  render();
}

export function render(): void {
  boxWidths.clear();
  const snap = currentSnap();
  renderReadouts(snap);
  renderBuffer(snap);
  renderGrid(snap);
  renderTrack(snap);
  renderVars({ bind: bindVar, change: changeVar });
  renderOpsEnabled(snap.kind);
  renderHistory();
  renderDerivation();
  renderReshape(snap, fixReshape);
  renderCode(snap);
  byId<HTMLInputElement>('base-shape').value = state.base.dims.join(', ');
  document.body.dataset['kind'] = snap.kind;
  updateHighlights();
  updateUrl();
}
