// The operation controls: what each op is called, what its input means, and a starting value.
import type { OpName, OpSpec } from './model';
import { formatList, parseDims, parsePairs } from './parse';

export interface OpUi {
  name: OpName;
  /** Shown as the call, e.g. "reshape(…)". */
  call: string;
  help: string;
  /** Null when the op takes no input. */
  input: { label: string; value: string; placeholder: string } | null;
}

/** An op with one text input; `value` is the starting text, `placeholder` defaults to it. */
function withInput(name: OpName, help: string, label: string, value: string, placeholder = value, call: string = name): OpUi {
  return { name, call, help, input: { label, value, placeholder } };
}

function noInput(name: OpName, help: string): OpUi {
  return { name, call: name, help, input: null };
}

export const OP_UI: OpUi[] = [
  withInput('reshape', 'New shape; one -1 is inferred. Copies when no strided view fits, unless "view only".', 'new shape', '2, -1'),
  noInput('transpose', 'Reverse the axes (strides swap, memory stays).'),
  withInput('permute', 'The axes in their new order.', 'axes', '1, 0'),
  withInput('slice', 'NumPy-style start:stop:step per dim; negative steps flip, steps multiply strides.', 'index', '::-1, 1:3'),
  withInput('flip', 'Axes to reverse (blank: all). The offset moves to the last element, the stride turns negative.', 'axes', '', 'all axes'),
  withInput('expand', 'Broadcast to a bigger shape: size-1 dims grow with stride 0 and read the same memory.', 'shape', '2, 3, 4'),
  withInput('pad', 'Virtual padding (before, after) per dim: the new cells are masked, nothing is copied.', 'padding', '1, 1; 0, 2', '1, 1; 0, 2', 'padView'),
  withInput('shrink', 'Keep [start, end) per dim.', 'bounds', '0, 2; 1, 3'),
  withInput('squeeze', 'Drop size-1 axes (blank: all of them).', 'axes', '', 'all size-1 axes'),
  withInput('unsqueeze', 'Insert size-1 axes at these positions.', 'axes', '0'),
  noInput('contiguous', 'Copy the elements in logical order into a new buffer (masked cells become 0).'),
];

/** The op as a call of the package's API, e.g. `padView([[1, 1], [0, 2]])`. */
export function callText(op: OpSpec): string {
  const ui = OP_UI.find((o) => o.name === op.name)!;
  const raw = op.arg.trim();
  let arg = raw;
  try {
    if (op.name === 'slice') arg = `'${raw}'`;
    else if (op.name === 'pad' || op.name === 'shrink') arg = `[${parsePairs(raw, op.name).map(([a, b]) => `[${a}, ${b}]`).join(', ')}]`;
    else if (raw) arg = formatList(parseDims(raw, op.name));
  } catch {
    arg = raw; // shown as typed; the error says what is wrong with it
  }
  if (op.name === 'reshape' && op.noCopy) arg += ', { copy: false }';
  return `${ui.call}(${arg})`;
}

