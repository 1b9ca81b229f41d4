// The code panel: the chain so far as code (code.ts) in the chosen language's tab, or the fused
// program of an elementwise chain over the current view (the engine's explanation), the strides in
// each library's units, and the copy button.
import { type CodeStep, type CodeTab, CODE_TABS, chainCode, fusedCode } from './code';
import { byId, h } from './dom';
import { FUSED_CALL, demoItemSize, explainFused } from './engine';
import type { Snapshot } from './model';
import { formatList } from './parse';
import { current, currentSnap, snapOf, state } from './state';

/** The tab shown: a language, or the fused program. */
let dialect: CodeTab = 'js';

function codeSteps(): CodeStep[] {
  return state.steps.slice(1, state.cursor + 1).map((s, i) => ({ op: s.op!, shapeBefore: snapOf(i).shape, copied: s.copied }));
}

export function renderCode(snap: Snapshot): void {
  const tabs = byId('code-tabs');
  if (!tabs.children.length) {
    for (const d of CODE_TABS) {
      const t = h('button', { type: 'button', role: 'tab', id: `code-tab-${d.id}`, 'data-testid': `code-tab-${d.id}`, 'aria-controls': 'code-panel-body', 'data-dialect': d.id }, d.label);
      tabs.append(t);
    }
  }
  for (const t of tabs.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
    const on = t.dataset['dialect'] === dialect;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
  }
  byId('code-panel-body').setAttribute('aria-labelledby', `code-tab-${dialect}`);
  const code =
    dialect === 'fused'
      ? fusedCode(FUSED_CALL, explainFused(current().subject), snap.kind)
      : chainCode(dialect, state.base, codeSteps(), snap.strides, demoItemSize());
  byId('code-text').textContent = code;
  byId('code-text').dataset['dialect'] = dialect;
  const st = byId('code-strides');
  if (snap.strides) {
    const bytes = snap.strides.map((x) => x * demoItemSize());
    st.textContent = `strides: strideview ${formatList(snap.strides)} in elements · NumPy (${bytes.join(', ')}${bytes.length === 1 ? ',' : ''}) in bytes (int32: ${demoItemSize()} bytes each) · PyTorch (${snap.strides.join(', ')}${snap.strides.length === 1 ? ',' : ''}) in elements`;
    st.dataset['elements'] = JSON.stringify(snap.strides);
    st.dataset['bytes'] = JSON.stringify(bytes);
  } else {
    st.textContent = 'Bind the variables to see the strides.';
  }
}

export function wireCode(): void {
  const tabs = byId('code-tabs');
  tabs.addEventListener('click', (ev) => {
    const t = (ev.target as Element).closest<HTMLElement>('[data-dialect]');
    if (!t) return;
    dialect = t.dataset['dialect'] as CodeTab;
    renderCode(currentSnap());
  });
  tabs.addEventListener('keydown', (ev) => {
    const order = CODE_TABS.map((d) => d.id);
    const i = order.indexOf(dialect);
    let j = i;
    if (ev.key === 'ArrowRight') j = (i + 1) % order.length;
    else if (ev.key === 'ArrowLeft') j = (i + order.length - 1) % order.length;
    else if (ev.key === 'Home') j = 0;
    else if (ev.key === 'End') j = order.length - 1;
    else return;
    ev.preventDefault();
    dialect = order[j]!;
    renderCode(currentSnap());
    byId(`code-tab-${dialect}`).focus();
  });
  byId('code-copy').addEventListener('click', async () => {
    const note = byId('code-note');
    const text = byId('code-text').textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      note.textContent = 'Code copied.';
    } catch {
      // No clipboard permission (an http page, a test browser): select the code for Ctrl+C instead.
      const range = document.createRange();
      range.selectNodeContents(byId('code-text'));
      const sel = getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      note.textContent = 'The code is selected: press Ctrl+C (or ⌘C) to copy it.';
    }
  });
}
