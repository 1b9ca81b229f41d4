// NumPy 1.24's own signatures, as the contract tests read them (Debian's /usr/bin/python3).
//
// PY_SIGNATURES is Python source defining `numpy_signature(path)` -> a list of parameters
// { name, kind: 'positional' | 'either' | 'keyword' | 'varpos' | 'varkw', default } where default is
// absent (required), { novalue: 1 } (numpy._NoValue), { optional: 1 } (documented as optional with
// no default: `where(condition, [x, y], /)`), { v: JSON } (None, booleans, finite numbers, strings)
// or { repr: text } (anything else: `float`, `np.int64`, `inf`). Its sources, in turn:
//   - ufuncs (inspect cannot read them): `nin` inputs x / x1, x2 ... positional-only, then `nout`
//     outputs (`out=None`, positional or keyword), then the documented keywords after `*`
//     (UFUNC_KEYWORDS below; a generalized ufunc such as matmul: no where, and axes, axis);
//   - Python functions: inspect.signature (array_function_dispatch wrappers lead to the
//     implementation);
//   - functions written in C (`np.where`, `np.zeros`, `np.concatenate`) and the Generator's and
//     ndarray's methods: the docstring's first call line (`a.` dropped, `[x, y]` optional, lines
//     joined until the parenthesis closes); where NumPy wraps a C function with a Python
//     dispatcher (`concatenate(arrays, axis=None, out=None, *, dtype=None, casting=None)`), that
//     dispatcher binds the arguments first: its names and kinds are taken where the docstring
//     gives none or a looser one, the docstring's defaults kept (the dispatcher's are all None);
//   - `self` is dropped from methods; ndarray's reductions take their defaults from
//     numpy.core._methods, where they are implemented (the docstrings' `initial=0` is not the default);
// NUMPY_OVERRIDES: the few signatures neither source gives right, written from NumPy's C source.
import { PY } from '../numpy_oracle.mjs';
import { spawnSync } from 'node:child_process';

/** The ufunc keywords NumPy documents, in order; signature and extobj are left out on purpose (docs/numpy-differences.md). */
export const UFUNC_KEYWORDS = ['where', 'casting', 'order', 'dtype', 'subok', 'signature', 'extobj'];
/** A generalized ufunc's (matmul) keywords besides those, where omitted (its docstring's `[, signature, extobj, axes, axis]`). */
export const GUFUNC_KEYWORDS = ['axes', 'axis'];

/** Signatures read from NumPy's C source where neither inspect nor the docstring is right. */
export const NUMPY_OVERRIDES = {
  // the docstring has no call line
  'numpy.ndarray.dot': [
    { name: 'b', kind: 'either' },
    { name: 'out', kind: 'either', default: { v: null } },
  ],
  // C (npy_parse_arguments with unnamed parameters): positional only; inspect and the docstrings say either
  // (np.promote_types(type1='f4', type2='f8'): "takes no keyword arguments"; a.swapaxes and a.fill alike)
  'numpy.promote_types': [
    { name: 'type1', kind: 'positional' },
    { name: 'type2', kind: 'positional' },
  ],
  'numpy.ndarray.swapaxes': [
    { name: 'axis1', kind: 'positional' },
    { name: 'axis2', kind: 'positional' },
  ],
  'numpy.ndarray.fill': [{ name: 'value', kind: 'positional' }],
  // docstring: a.reshape(shape, order='C'); C: the shape is every positional argument (a.reshape(2, 3) or
  // a.reshape((2, 3))), order keyword-only (a.reshape((2, 3), 'F') raises)
  'numpy.ndarray.reshape': [
    { name: 'shape', kind: 'varpos' },
    { name: 'order', kind: 'keyword', default: { v: 'C' } },
  ],
  // docstring: arange([start,] stop[, step,], dtype=None, *, like=None); C: start, stop, step, dtype
  'numpy.arange': [
    { name: 'start', kind: 'either', default: { optional: 1 } },
    { name: 'stop', kind: 'either', default: { v: null } },
    { name: 'step', kind: 'either', default: { v: null } },
    { name: 'dtype', kind: 'either', default: { v: null } },
    { name: 'like', kind: 'keyword', default: { v: null } },
  ],
};

export const PY_SIGNATURES = String.raw`
import ast, inspect, json, math, re, sys, warnings
import numpy as np
warnings.simplefilter('ignore')

UFUNC_KEYWORDS = ${JSON.stringify(UFUNC_KEYWORDS)}
GUFUNC_KEYWORDS = ${JSON.stringify(GUFUNC_KEYWORDS)}
OVERRIDES = json.loads(${JSON.stringify(JSON.stringify(NUMPY_OVERRIDES))})
KINDS = {inspect.Parameter.POSITIONAL_ONLY: 'positional', inspect.Parameter.POSITIONAL_OR_KEYWORD: 'either',
         inspect.Parameter.KEYWORD_ONLY: 'keyword', inspect.Parameter.VAR_POSITIONAL: 'varpos',
         inspect.Parameter.VAR_KEYWORD: 'varkw'}
STRICTNESS = {'positional': 0, 'keyword': 0, 'either': 1, 'varpos': 0, 'varkw': 0}

def resolve(path):
    parts = path.split('.')
    if parts[0] != 'numpy':
        raise ValueError('not a numpy path: ' + path)
    o = np
    for p in parts[1:]:
        o = getattr(o, p)
    return o

def enc_default(v):
    if v is inspect.Parameter.empty:
        return None
    if v is np._NoValue:
        return {'novalue': 1}
    if v is None or isinstance(v, (bool, str)):
        return {'v': v}
    if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
        return {'v': v}
    if isinstance(v, type):
        return {'repr': v.__name__}
    return {'repr': repr(v)}

def from_inspect(sig, drop_self):
    out = []
    for p in sig.parameters.values():
        if drop_self and not out and p.name == 'self':
            continue
        d = {'name': p.name, 'kind': KINDS[p.kind]}
        dv = enc_default(p.default)
        if dv is not None:
            d['default'] = dv
        out.append(d)
    return out

def doc_call(obj, name):
    doc = inspect.getdoc(obj) or ''
    lines = doc.split('\n')
    for i, line in enumerate(lines):
        s = line.strip()
        m = re.match(r'^(?:[A-Za-z_][\w.]*\.)?' + re.escape(name) + r'\s*\(', s)
        if not m:
            continue
        text = s[m.end():]
        j = i
        while text.count('(') + 1 > text.count(')') and j + 1 < len(lines):
            j += 1
            text += ' ' + lines[j].strip()
        depth = 1
        for k, c in enumerate(text):
            depth += c == '('
            depth -= c == ')'
            if depth == 0:
                return text[:k]
        return None
    return None

def literal(text):
    t = text.strip()
    try:
        return enc_default(ast.literal_eval(t))
    except Exception:
        if t in ('np._NoValue', '<no value>'):
            return {'novalue': 1}
        return {'repr': t}

def from_doc(inner):
    tokens = []
    cur, depth, paren, optional = '', 0, 0, False
    def flush():
        nonlocal cur, optional
        t = cur.strip()
        if t and t != '...':
            tokens.append((t, optional))
        cur, optional = '', False
    for c in inner:
        if c in '([{' and not (c == '[' and paren == 0):
            paren += 1
        elif c in ')]}' and not (c == ']' and paren == 0):
            paren -= 1
        if paren == 0 and c == '[':
            depth += 1
            continue
        if paren == 0 and c == ']':
            depth -= 1
            continue
        if paren == 0 and c == ',':
            flush()
            continue
        if not c.isspace() and depth > 0 and not cur.strip():
            optional = True
        cur += c
    flush()
    out, kind = [], 'either'
    if any(t == '/' for t, _ in tokens):
        kind = 'positional'
    for t, opt in tokens:
        if t == '/':
            kind = 'either'
            continue
        if t == '*':
            kind = 'keyword'
            continue
        if t.startswith('**'):
            out.append({'name': t[2:], 'kind': 'varkw'})
            continue
        if t.startswith('*'):
            out.append({'name': t[1:], 'kind': 'varpos'})
            kind = 'keyword'
            continue
        name, eq, dflt = t.partition('=')
        d = {'name': name.strip(), 'kind': kind}
        if eq:
            d['default'] = literal(dflt)
        elif opt:
            d['default'] = {'optional': 1}
        out.append(d)
    return out

def dispatcher_of(obj):
    for c in getattr(obj, '__closure__', None) or ():
        f = c.cell_contents
        if inspect.isfunction(f) and f is not obj and f.__name__ == getattr(obj, '__name__', None):
            return f
    return None

def merge(doc, disp):
    # names and kinds from the dispatcher (it binds first), defaults from the docstring
    if disp is None or len(disp) != len(doc):
        return doc
    out = []
    for d, p in zip(doc, disp):
        q = dict(p)
        if 'default' in d:
            q['default'] = d['default']
        elif 'default' in q and q['default'] == {'v': None} and 'default' not in d:
            del q['default']
        if STRICTNESS[d['kind']] < STRICTNESS[p['kind']]:
            q['kind'] = d['kind']
        out.append(q)
    return out

def numpy_signature(path):
    if path in OVERRIDES:
        return {'params': OVERRIDES[path], 'source': 'override'}
    obj = resolve(path)
    name = path.split('.')[-1]
    if isinstance(obj, np.ufunc):
        ins = ['x'] if obj.nin == 1 else ['x%d' % (i + 1) for i in range(obj.nin)]
        params = [{'name': n, 'kind': 'positional'} for n in ins]
        outs = ['out'] if obj.nout == 1 else ['out%d' % (i + 1) for i in range(obj.nout)]
        params += [{'name': n, 'kind': 'either', 'default': {'v': None}} for n in outs]
        dflt = {'where': True, 'casting': 'same_kind', 'order': 'K', 'dtype': None, 'subok': True, 'signature': None, 'extobj': None}
        if obj.signature is None:
            params += [{'name': k, 'kind': 'keyword', 'default': {'v': dflt[k]}} for k in UFUNC_KEYWORDS]
        else:
            # a generalized ufunc (matmul): no where; axes and axis
            params += [{'name': k, 'kind': 'keyword', 'default': {'v': dflt[k]}} for k in UFUNC_KEYWORDS if k != 'where']
            params += [{'name': k, 'kind': 'keyword', 'default': {'optional': 1}} for k in GUFUNC_KEYWORDS]
        return {'params': params, 'source': 'ufunc', 'ufunc': True}
    method = '.ndarray.' in path or '.Generator.' in path
    if not path.startswith('numpy.ndarray.'):
        try:
            return {'params': from_inspect(inspect.signature(obj), method), 'source': 'inspect'}
        except (ValueError, TypeError):
            pass
    inner = doc_call(obj, name)
    if inner is None:
        raise ValueError('no signature: inspect fails and the docstring has no call line')
    params = from_doc(inner)
    if method and params and params[0]['name'] == 'self':
        params = params[1:]
    if path.startswith('numpy.ndarray.'):
        # the reductions forward to numpy.core._methods: its defaults are the real ones (the
        # docstring of a.sum says initial=0, the method's is <no value>)
        impl = getattr(np.core._methods, {'max': '_amax', 'min': '_amin'}.get(name, '_' + name), None)
        if impl is not None:
            real = {p['name']: p for p in from_inspect(inspect.signature(impl), False)}
            has = lambda p: p['name'] in real and 'default' in real[p['name']]
            params = [dict(p, default=real[p['name']]['default']) if has(p) else p for p in params]
        return {'params': params, 'source': 'docstring+_methods' if impl is not None else 'docstring'}
    disp = dispatcher_of(obj)
    if disp is not None:
        return {'params': merge(params, from_inspect(inspect.signature(disp), False)), 'source': 'docstring+dispatcher'}
    return {'params': params, 'source': 'docstring'}

def numpy_signature_safe(path):
    try:
        return numpy_signature(path)
    except Exception as e:
        return {'error': '%s: %s' % (type(e).__name__, e)}
`;

/** NumPy's signatures of `paths` (one python process): { path: { params, source, ufunc? } | { error } }. */
export function numpySignatures(paths) {
  const script = `${PY_SIGNATURES}\nprint(json.dumps({p: numpy_signature_safe(p) for p in json.load(sys.stdin)}))\n`;
  const py = spawnSync(PY, ['-c', script], { input: JSON.stringify(paths), maxBuffer: 1 << 26 });
  if (py.status !== 0) throw new Error(`python failed (status ${py.status}): ${py.stderr}`);
  return JSON.parse(String(py.stdout));
}
