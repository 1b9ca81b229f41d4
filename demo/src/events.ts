// The page's events: the starting shape and presets, history navigation, sharing, pointing at
// and walking the cells, the address bar, resizing.
import { goTo, fixReshape, rebuild, setBase } from './actions';
import { wireCode } from './code_panel';
import { wireHelp } from './controls';
import { byId } from './dom';
import { boxWidths, drawn } from './drawn';
import { step, stopPlay, togglePlay, updateHighlights } from './highlights';
import { renderReshape, shownReshape } from './reshape_panel';
import { practiceNumber, route } from './screens';
import { currentSnap, state } from './state';
import { type UrlState, decodeState, encodeState } from './url';
import { dropPendingUrl, flushUrl, isOwnHash, updateUrl } from './url_sync';

const PRESETS: Record<string, UrlState> = {
  transpose: { base: { dims: [3, 4], vars: [] }, ops: [{ name: 'transpose', arg: '' }] },
  'negative-step': { base: { dims: [4, 5], vars: [] }, ops: [{ name: 'slice', arg: '::-1, 1::2' }] },
  broadcast: { base: { dims: [1, 4], vars: [] }, ops: [{ name: 'expand', arg: '3, 4' }] },
  padding: { base: { dims: [2, 3], vars: [] }, ops: [{ name: 'pad', arg: '1, 1; 1, 1' }] },
  copy: {
    base: { dims: [3, 4], vars: [] },
    ops: [
      { name: 'transpose', arg: '' },
      { name: 'reshape', arg: '12', noCopy: true },
    ],
  },
  symbolic: {
    base: { dims: ['n', 4], vars: [{ name: 'n', min: 1, max: 8, value: 3 }] },
    ops: [{ name: 'transpose', arg: '' }],
  },
};

export function wireEvents(): void {
  byId('base-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    setBase(byId<HTMLInputElement>('base-shape').value);
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-preset]')) {
    b.addEventListener('click', () => {
      const preset = structuredClone(PRESETS[b.dataset['preset']!]!);
      if (practiceNumber(location.hash) !== null) {
        // From the practice screen, a preset opens the explorer on it.
        history.pushState(null, '', encodeState(preset));
        route();
      }
      rebuild(preset);
    });
  }
  byId('hist-back').addEventListener('click', () => goTo(state.cursor - 1));
  byId('hist-fwd').addEventListener('click', () => goTo(state.cursor + 1));
  byId('history').addEventListener('click', (ev) => {
    const b = (ev.target as Element).closest<HTMLElement>('[data-step]');
    if (b) goTo(Number(b.dataset['step']));
  });
  byId('share').addEventListener('click', async () => {
    const note = byId('share-note');
    try {
      flushUrl();
      await navigator.clipboard.writeText(location.href);
      note.textContent = 'Link copied: it reopens this exact view.';
    } catch {
      note.textContent = 'Copy the address bar: the URL holds this exact view.';
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (!ev.altKey) return;
    if (ev.key === 'ArrowLeft') goTo(state.cursor - 1);
    else if (ev.key === 'ArrowRight') goTo(state.cursor + 1);
  });

  const grid = byId('grid');
  grid.addEventListener('mouseover', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-k]');
    if (!el) return;
    state.focusCell = Number(el.dataset['k']);
    state.hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('mousemove', (ev) => {
    const g = drawn.gridCanvases.find((x) => x.dc.canvas === ev.target);
    const i = g?.dc.hit(ev.clientX, ev.clientY);
    if (!g || i === null || i === undefined || g.first + i === state.focusCell) return;
    state.focusCell = g.first + i;
    state.hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('mouseleave', () => {
    state.focusCell = state.iterPos;
    updateHighlights();
  });
  grid.addEventListener('keydown', (ev) => {
    const snap = currentSnap();
    const n = snap.cells?.length ?? 0;
    if (n === 0) return;
    const row = snap.shape && snap.shape.length > 0 ? snap.shape[snap.shape.length - 1]! : 1;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: row, ArrowUp: -row };
    let k = state.focusCell ?? -1;
    if (ev.key in moves) k = state.focusCell === null ? 0 : k + moves[ev.key]!;
    else if (ev.key === 'Home') k = 0;
    else if (ev.key === 'End') k = n - 1;
    else if (ev.key === 'Escape') k = -1;
    else return;
    ev.preventDefault();
    state.focusCell = k < 0 ? null : Math.min(n - 1, k);
    state.hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('focus', () => {
    if (state.focusCell === null && (currentSnap().cells?.length ?? 0) > 0) {
      state.focusCell = 0;
      updateHighlights();
    }
  });

  const strip = byId('buffer');
  strip.addEventListener('mouseover', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-addr]');
    if (!el) return;
    state.hoverAddr = Number(el.dataset['addr']);
    state.focusCell = null;
    updateHighlights();
  });
  strip.addEventListener('mousemove', (ev) => {
    if (!drawn.stripCanvas || ev.target !== drawn.stripCanvas.canvas) return;
    const addr = drawn.stripCanvas.hit(ev.clientX, ev.clientY);
    if (addr === null || (addr === state.hoverAddr && state.focusCell === null)) return;
    state.hoverAddr = addr;
    state.focusCell = null;
    updateHighlights();
  });
  strip.addEventListener('mouseleave', () => {
    state.hoverAddr = null;
    state.focusCell = state.iterPos;
    updateHighlights();
  });

  byId('track').addEventListener('click', (ev) => {
    const li = (ev.target as Element).closest<HTMLElement>('[data-k]');
    const k = drawn.trackCanvas && ev.target === drawn.trackCanvas.canvas ? drawn.trackCanvas.hit(ev.clientX, ev.clientY) : li ? Number(li.dataset['k']) : null;
    if (k === null) return;
    stopPlay();
    state.iterPos = k;
    state.focusCell = state.iterPos;
    updateHighlights();
  });
  byId('track').addEventListener('keydown', (ev) => {
    if (!drawn.trackCanvas) return;
    const n = currentSnap().cells?.length ?? 0;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: drawn.trackCanvas.drawnColumns, ArrowUp: -drawn.trackCanvas.drawnColumns, Home: -n, End: n };
    if (!(ev.key in moves)) return;
    ev.preventDefault();
    stopPlay();
    step(moves[ev.key]!);
  });
  byId('iter-next').addEventListener('click', () => {
    stopPlay();
    step(1);
  });
  byId('iter-prev').addEventListener('click', () => {
    stopPlay();
    step(-1);
  });
  byId('iter-reset').addEventListener('click', () => {
    stopPlay();
    state.iterPos = null;
    state.focusCell = null;
    step(1);
  });
  byId('iter-play').addEventListener('click', togglePlay);

  window.addEventListener('pagehide', flushUrl);
  window.addEventListener('hashchange', () => {
    dropPendingUrl();
    if (route()) return;
    if (isOwnHash(location.hash)) return;
    const s = decodeState(location.hash);
    if (s) rebuild(s);
    else if (!location.hash || location.hash === '#') updateUrl();
  });
  window.addEventListener('resize', () => {
    boxWidths.clear();
    updateHighlights();
    const r = shownReshape();
    if (r) renderReshape(currentSnap(), fixReshape);
  });
  wireCode();
  wireHelp();
}
