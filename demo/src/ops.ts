// The operation controls: what each op is called, what its input means, and a starting value.
import type { OpName } from './model';

export interface OpUi {
  name: OpName;
  /** Shown as the call, e.g. "reshape(…)". */
  call: string;
  help: string;
  /** Null when the op takes no input. */
  input: { label: string; value: string; placeholder: string } | null;
}

export const OP_UI: OpUi[] = [
  {
    name: 'reshape',
    call: 'reshape',
    help: 'New shape; one -1 is inferred. Copies when no strided view fits, unless "view only".',
    input: { label: 'new shape', value: '2, -1', placeholder: '2, -1' },
  },
  { name: 'transpose', call: 'transpose', help: 'Reverse the axes (strides swap, memory stays).', input: null },
  {
    name: 'permute',
    call: 'permute',
    help: 'The axes in their new order.',
    input: { label: 'axes', value: '1, 0', placeholder: '1, 0' },
  },
  {
    name: 'slice',
    call: 'slice',
    help: 'NumPy-style start:stop:step per dim; negative steps flip, steps multiply strides.',
    input: { label: 'index', value: '::-1, 1:3', placeholder: '::-1, 1:3' },
  },
  {
    name: 'flip',
    call: 'flip',
    help: 'Axes to reverse (blank: all). The offset moves to the last element, the stride turns negative.',
    input: { label: 'axes', value: '', placeholder: 'all axes' },
  },
  {
    name: 'expand',
    call: 'expand',
    help: 'Broadcast to a bigger shape: size-1 dims grow with stride 0 and read the same memory.',
    input: { label: 'shape', value: '2, 3, 4', placeholder: '2, 3, 4' },
  },
  {
    name: 'pad',
    call: 'padView',
    help: 'Virtual padding (before, after) per dim: the new cells are masked, nothing is copied.',
    input: { label: 'padding', value: '1, 1; 0, 2', placeholder: '1, 1; 0, 2' },
  },
  {
    name: 'shrink',
    call: 'shrink',
    help: 'Keep [start, end) per dim.',
    input: { label: 'bounds', value: '0, 2; 1, 3', placeholder: '0, 2; 1, 3' },
  },
  {
    name: 'squeeze',
    call: 'squeeze',
    help: 'Drop size-1 axes (blank: all of them).',
    input: { label: 'axes', value: '', placeholder: 'all size-1 axes' },
  },
  {
    name: 'unsqueeze',
    call: 'unsqueeze',
    help: 'Insert size-1 axes at these positions.',
    input: { label: 'axes', value: '0', placeholder: '0' },
  },
  {
    name: 'contiguous',
    call: 'contiguous',
    help: 'Copy the elements in logical order into a new buffer (masked cells become 0).',
    input: null,
  },
];
