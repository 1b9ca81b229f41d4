// The demo's state in the URL hash, so a view can be shared as a link:
//   #shape=3,4&op=transpose&op=slice:1:3, ::-1&op=reshape!:12
//   #shape=n,4&var=n:1:8=3&op=pad:1,1;0,0
// `op=name:arg` (the text typed into the op's input; `reshape!` means copy: false) and
// `var=name:min:max` or `var=name:min:max=value`.
import { type BaseSpec, type OpSpec, type VarSpec, OP_NAMES, type OpName } from './model';
import { parseDims } from './parse';

export interface UrlState {
  base: BaseSpec;
  ops: OpSpec[];
}

export const DEFAULT_STATE: UrlState = { base: { dims: [3, 4], vars: [] }, ops: [] };

export function encodeState(s: UrlState): string {
  const p = new URLSearchParams();
  p.set('shape', s.base.dims.join(','));
  for (const v of s.base.vars) p.append('var', `${v.name}:${v.min}:${v.max}${v.value === null ? '' : `=${v.value}`}`);
  for (const op of s.ops) {
    const name = op.name === 'reshape' && op.noCopy ? 'reshape!' : op.name;
    p.append('op', op.arg.trim() ? `${name}:${op.arg.trim()}` : name);
  }
  return `#${p.toString()}`;
}

function decodeVar(text: string): VarSpec | null {
  const m = /^([A-Za-z_]\w*):(\d+):(\d+)(?:=(\d+))?$/.exec(text.trim());
  if (!m) return null;
  return { name: m[1]!, min: Number(m[2]), max: Number(m[3]), value: m[4] === undefined ? null : Number(m[4]) };
}

function decodeOp(text: string): OpSpec | null {
  const colon = text.indexOf(':');
  let name = colon < 0 ? text : text.slice(0, colon);
  const arg = colon < 0 ? '' : text.slice(colon + 1);
  const noCopy = name === 'reshape!';
  if (noCopy) name = 'reshape';
  if (!(OP_NAMES as readonly string[]).includes(name)) return null;
  return noCopy ? { name: name as OpName, arg, noCopy } : { name: name as OpName, arg };
}

/** Reads the state from a hash; unknown or malformed parts are dropped, never thrown. */
export function decodeState(hash: string): UrlState | null {
  const h = hash.replace(/^#/, '');
  if (!h) return null;
  const p = new URLSearchParams(h);
  const shape = p.get('shape');
  if (shape === null) return null;
  let dims: BaseSpec['dims'];
  try {
    dims = parseDims(shape, 'shape');
  } catch {
    return null;
  }
  const vars = p.getAll('var').map(decodeVar).filter((v): v is VarSpec => v !== null);
  for (const d of dims) {
    if (typeof d === 'string' && !vars.some((v) => v.name === d)) vars.push(defaultVar(d));
  }
  const ops = p.getAll('op').map(decodeOp).filter((o): o is OpSpec => o !== null);
  return { base: { dims, vars: vars.filter((v) => dims.includes(v.name)) }, ops };
}

export function defaultVar(name: string): VarSpec {
  return { name, min: 1, max: 8, value: null };
}
