// The controls: the symbolic variables (bounds, bind, unbind), the op forms and their help line,
// which ops the current view allows, and the history of steps.
import { baseCall, shapeText, supports, toShownError } from './engine';
import { byId, h } from './dom';
import type { OpSpec, Snapshot, VarSpec } from './model';
import { OP_UI, callText } from './ops';
import { InputError } from './parse';
import { showError } from './readouts';
import { state } from './state';

/** What the variable controls do (actions.ts). */
export interface VarActions {
  bind(name: string, value: number | null): void;
  change(name: string, patch: Partial<VarSpec>): void;
}

export function renderVars(on: VarActions): void {
  const box = byId('vars');
  box.replaceChildren();
  for (const v of state.base.vars) {
    const id = (s: string) => `var-${v.name}-${s}`;
    const num = (s: string, label: string, value: number | null, extra: Record<string, string | number> = {}) =>
      h(
        'span',
        { class: 'field' },
        h('label', { for: id(s) }, label),
        h('input', { id: id(s), 'data-testid': id(s), type: 'number', inputmode: 'numeric', value: value ?? '', ...extra }),
      );
    const fs = h(
      'fieldset',
      { class: 'var' },
      h('legend', {}, 'variable ', h('code', {}, v.name), v.value === null ? ' (unbound)' : ` = ${v.value}`),
      h('div', { class: 'var-row' }, num('min', 'min', v.min, { min: 0 }), num('max', 'max', v.max, { min: 0 })),
      h(
        'form',
        { class: 'var-row bind', 'data-var': v.name },
        num('value', 'value', v.value ?? Math.min(Math.max(3, v.min), v.max)),
        h('button', { type: 'submit', 'data-testid': id('bind') }, 'Bind'),
        h('button', { type: 'button', 'data-testid': id('unbind'), disabled: v.value === null }, 'Unbind'),
      ),
    );
    box.append(fs);
    const minEl = fs.querySelector<HTMLInputElement>(`#${id('min')}`)!;
    const maxEl = fs.querySelector<HTMLInputElement>(`#${id('max')}`)!;
    const bounds = () => on.change(v.name, { min: Number(minEl.value), max: Number(maxEl.value), value: null });
    minEl.addEventListener('change', bounds);
    maxEl.addEventListener('change', bounds);
    fs.querySelector('form')!.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const raw = fs.querySelector<HTMLInputElement>(`#${id('value')}`)!.value.trim();
      if (!/^-?\d+$/.test(raw)) {
        showError(`Sym.bind(${v.name})`, toShownError(new InputError(`"${raw}" is not an integer`)));
        return;
      }
      on.bind(v.name, Number(raw));
    });
    fs.querySelector(`[data-testid="${id('unbind')}"]`)!.addEventListener('click', () => on.bind(v.name, null));
  }
}

/** The op forms; `apply` runs the op a form submits (actions.ts). */
export function buildOps(apply: (op: OpSpec) => void): void {
  const box = byId('ops');
  for (const op of OP_UI) {
    const inputId = `op-${op.name}-input`;
    const helpId = `op-${op.name}-help`;
    const form = h(
      'form',
      { class: 'op', 'data-op': op.name },
      op.input
        ? h('label', { for: inputId, class: 'op-name' }, h('code', {}, op.call), h('span', { class: 'visually-hidden' }, ` ${op.input.label}`))
        : h('span', { class: 'op-name' }, h('code', {}, `${op.call}()`)),
      op.input
        ? h('input', {
            id: inputId,
            'data-testid': inputId,
            value: op.input.value,
            placeholder: op.input.placeholder,
            autocomplete: 'off',
            spellcheck: 'false',
            'aria-describedby': helpId,
          })
        : h('span', { class: 'op-spacer' }),
      h('button', { type: 'submit', 'data-testid': `op-${op.name}`, 'aria-label': `Apply ${op.call}`, 'aria-describedby': helpId }, 'Apply'),
      op.name === 'reshape'
        ? h(
            'label',
            { class: 'check' },
            h('input', { type: 'checkbox', id: 'op-reshape-nocopy', 'data-testid': 'op-reshape-nocopy' }),
            ' view only (',
            h('code', {}, 'copy: false'),
            ')',
          )
        : null,
      h('p', { class: 'help op-help', id: helpId }, op.help),
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const arg = form.querySelector<HTMLInputElement>(`#${inputId}`)?.value ?? '';
      const spec: OpSpec = { name: op.name, arg };
      if (op.name === 'reshape' && byId<HTMLInputElement>('op-reshape-nocopy').checked) spec.noCopy = true;
      apply(spec);
    });
    box.append(form);
  }
}

/** One help line for all ops, in a space reserved below them: pointing at an op never moves the layout. */
export function wireHelp(): void {
  const live = byId('op-help-live');
  const idle = live.textContent ?? '';
  const show = (form: Element | null) => {
    const help = form?.querySelector('.op-help');
    live.textContent = help?.textContent ?? idle;
  };
  const ops = byId('ops');
  ops.addEventListener('mouseover', (ev) => show((ev.target as Element).closest('form.op')));
  ops.addEventListener('focusin', (ev) => show((ev.target as Element).closest('form.op')));
  ops.addEventListener('mouseleave', () => show(ops.querySelector('form.op:focus-within')));
}

export function renderOpsEnabled(kind: Snapshot['kind']): void {
  for (const form of byId('ops').querySelectorAll<HTMLFormElement>('form.op')) {
    const name = form.dataset['op'] as OpSpec['name'];
    const ok = supports(kind, name);
    form.classList.toggle('disabled', !ok);
    for (const c of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) c.disabled = !ok;
    form.title = ok ? '' : 'An array operation: a symbolic view has no memory (start from integers to use it).';
  }
}

export function renderHistory(): void {
  const list = byId('history');
  list.replaceChildren();
  state.steps.forEach((s, n) => {
    const shape = shapeText(s.subject);
    list.append(
      h(
        'li',
        { class: n === state.cursor ? 'now' : n > state.cursor ? 'future' : '' },
        h(
          'button',
          {
            type: 'button',
            'data-testid': `history-step-${n}`,
            'aria-current': n === state.cursor ? 'step' : null,
            'data-step': n,
          },
          h('code', {}, s.op ? `.${callText(s.op)}` : baseCall(state.base)),
          shape && s.op ? h('span', { class: 'hshape' }, ` → ${shape}`) : null,
          s.note ? h('span', { class: 'tag' }, s.note) : null,
        ),
      ),
    );
  });
  byId<HTMLButtonElement>('hist-back').disabled = state.cursor === 0;
  byId<HTMLButtonElement>('hist-fwd').disabled = state.cursor >= state.steps.length - 1;
}
