// What is highlighted: the focused logical cell and the address it reads, or the hovered address
// and the cells that read it; walking the elements one step at a time, or playing the walk.
import { paintStrip } from './buffer';
import { drawn } from './drawn';
import { paintGrid } from './grid';
import { renderIteration } from './iteration';
import { renderFormula } from './readouts';
import { currentSnap, state } from './state';

export function updateHighlights(): void {
  for (const el of document.querySelectorAll('.hl')) el.classList.remove('hl');
  const snap = currentSnap();
  const cells = snap.cells ?? [];
  const hlCells = new Set<number>();
  let hlAddr: number | null = null;
  if (state.focusCell !== null && cells[state.focusCell]) {
    hlCells.add(state.focusCell);
    const c = cells[state.focusCell]!;
    if (c.valid) hlAddr = c.linear;
  } else if (state.hoverAddr !== null) {
    hlAddr = state.hoverAddr;
    for (const k of drawn.readers.get(state.hoverAddr) ?? []) hlCells.add(k);
  }
  for (const k of hlCells) drawn.cellEls[k]?.classList.add('hl');
  if (hlAddr !== null) drawn.bufferEls.get(hlAddr)?.classList.add('hl');
  paintGrid(snap, hlCells);
  paintStrip(snap, hlAddr);
  renderFormula(snap);
  renderIteration(snap);
}

export function step(delta: number): void {
  const n = currentSnap().cells?.length ?? 0;
  if (n === 0) return;
  state.iterPos = state.iterPos === null ? (delta >= 0 ? 0 : n - 1) : Math.min(n - 1, Math.max(0, state.iterPos + delta));
  state.focusCell = state.iterPos;
  state.hoverAddr = null;
  updateHighlights();
}

export function stopPlay(): void {
  if (state.playTimer !== null) {
    window.clearInterval(state.playTimer);
    state.playTimer = null;
  }
}

export function togglePlay(): void {
  if (state.playTimer !== null) {
    stopPlay();
    updateHighlights();
    return;
  }
  const n = currentSnap().cells?.length ?? 0;
  if (n === 0) return;
  if (state.iterPos === null || state.iterPos >= n - 1) state.iterPos = -1;
  state.playTimer = window.setInterval(() => {
    if (state.iterPos !== null && state.iterPos >= n - 1) {
      stopPlay();
      updateHighlights();
      return;
    }
    step(1);
  }, 700);
  step(1);
}
