// Both sides of one calling-convention call: the descriptors of samples.mjs made into arguments
// (JS: materialize; Python: dec), results encoded alike ({ dtype, shape, values, f } for an array,
// f: F-ordered and not C-ordered; { scalar, kind }; { list }; { mutated } the array an in-place
// function changed (its own instance, else its first argument) where it returns None / undefined;
// { error }), and the comparison.
// All the NumPy calls go to one python process (runCalls).
import { spawnSync } from 'node:child_process';
import { PY, encF, decF } from '../numpy_oracle.mjs';
import { PY_SIGNATURES } from './numpy_signatures.mjs';
import { ARRAYS, JS_VALUES } from './samples.mjs';

const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
const FLOAT_ULP = { float16: 2 ** -10, float32: 2 ** -23, float64: 2 ** -52 };

/** A descriptor as a JS argument (sv: the package; ctx.out: the out array of this call, if made). */
export function materialize(sv, desc, ctx) {
  if (desc === null || typeof desc !== 'object' || Array.isArray(desc)) return desc;
  if ('raw' in desc) return desc.raw;
  if ('js' in desc) return JS_VALUES[desc.js](sv);
  if ('pcg64' in desc) return new sv.PCG64(desc.pcg64);
  if ('arr' in desc) {
    const a = ARRAYS[desc.arr];
    return sv.array(a.values, { dtype: a.dtype });
  }
  if ('list' in desc) return desc.list.map((d) => materialize(sv, d, ctx));
  if ('full' in desc) {
    const f = desc.full;
    const o = sv.full(f.shape, f.value, f.dtype);
    if (ctx) ctx.outs.push(o);
    return o;
  }
  throw new Error(`cannot materialize ${JSON.stringify(desc)}`);
}

/** Whether a (shape, strides) layout is F-contiguous and not C-contiguous (an `order='F'` result). */
function fOnly(shape, strides) {
  if (shape.length < 2 || shape.some((n) => n === 0)) return false;
  const ok = (dims) => {
    let want = 1;
    for (const i of dims) {
      if (shape[i] !== 1 && strides[i] !== want) return false;
      want *= shape[i];
    }
    return true;
  };
  const idx = shape.map((_, i) => i);
  return ok(idx) && !ok(idx.slice().reverse());
}

/** A JS result, encoded. */
export function encodeJs(sv, x) {
  // a generator: its first three random() draws (NumPy's alike: Generator(bit_generator).random(3))
  if (x instanceof sv.Generator) return { rng: encodeJs(sv, x.random(3)) };
  if (x instanceof sv.PCG64) return { rng: encodeJs(sv, new sv.Generator(x).random(3)) };
  // a seed sequence: its first four state words (NumPy's alike: generate_state(4))
  if (x instanceof sv.SeedSequence) return { ss: encodeJs(sv, x.generateState(4)) };
  if (x instanceof Uint8Array) return { bytes: Buffer.from(x).toString('hex') }; // Generator.bytes: NumPy's bytes
  if (x instanceof sv.NDArray) {
    const ta = x.toTypedArray();
    const d = x.dtype;
    const each = d === 'bool' ? (v) => (v ? 1 : 0) : INTS.includes(d) ? String : (v) => encF(Number(v));
    // complex: [re, im] pairs (toTypedArray gives them interleaved)
    const values = d.startsWith('complex') ? Array.from({ length: ta.length / 2 }, (_, i) => [encF(ta[2 * i]), encF(ta[2 * i + 1])]) : Array.from(ta, each);
    return { dtype: d, shape: [...x.shape], values, f: fOnly(x.shape, x.strides) };
  }
  if (Array.isArray(x)) return { list: x.map((y) => encodeJs(sv, y)) };
  if (typeof x === 'bigint') return { scalar: String(x), kind: 'int' };
  if (typeof x === 'boolean') return { scalar: x ? 1 : 0, kind: 'bool' };
  if (typeof x === 'number') return { scalar: encF(x), kind: Number.isInteger(x) ? 'int' : 'num' };
  if (x === null || x === undefined) return { none: true };
  if (typeof x === 'object') {
    const keys = ['values', 'indices', 'inverse', 'counts'].filter((k) => k in x);
    return { list: (keys.length > 0 ? keys.map((k) => x[k]) : Object.values(x)).map((y) => encodeJs(sv, y)) };
  }
  return { other: String(x) };
}

function sameFloat(x, y, dtype, scale = 0) {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (x === y) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  const rel = 64 * (FLOAT_ULP[dtype] ?? FLOAT_ULP.float64);
  return Math.abs(x - y) <= rel * Math.max(Math.abs(x), Math.abs(y), scale) + 1e-300;
}

/** The largest finite magnitude of an encoded array's values (complex: of either part). */
function largest(values) {
  let m = 0;
  for (const v of values.flat()) {
    const x = Math.abs(decF(v));
    if (Number.isFinite(x) && x > m) m = x;
  }
  return m;
}

/**
 * How encoded result `got` differs from `exp` (null: the same). layout: compare the F-order flag too
 * (calls that give `order`).
 */
export function difference(got, exp, layout = false, normwise = false) {
  if ('error' in exp || 'error' in got) return 'error' in exp && 'error' in got ? null : 'error' in exp ? 'NumPy raised' : 'raised';
  if ('list' in exp) {
    if (!('list' in got)) return `a list expected, got ${JSON.stringify(got).slice(0, 120)}`;
    if (got.list.length !== exp.list.length) return `${got.list.length} results, NumPy ${exp.list.length}`;
    for (let i = 0; i < exp.list.length; i++) {
      const d = difference(got.list[i], exp.list[i], layout, normwise);
      if (d !== null) return `[${i}]: ${d}`;
    }
    return null;
  }
  if ('mutated' in got && !('mutated' in exp)) got = got.mutated; // an array returned as itself (a.sort() returns a)
  if ('mutated' in exp) {
    if ('mutated' in got) return difference(got.mutated, exp.mutated, layout, normwise);
    return `NumPy changes its argument in place and returns None, got ${JSON.stringify(got).slice(0, 120)}`;
  }
  if ('rng' in exp) return 'rng' in got ? difference(got.rng, exp.rng) : `a generator expected, got ${JSON.stringify(got).slice(0, 120)}`;
  if ('ss' in exp) return 'ss' in got ? difference(got.ss, exp.ss) : `a seed sequence expected, got ${JSON.stringify(got).slice(0, 120)}`;
  if ('bytes' in exp) return got.bytes === exp.bytes ? null : `bytes ${got.bytes ?? JSON.stringify(got).slice(0, 120)}, NumPy ${exp.bytes}`;
  if ('other' in exp) return got.other === exp.other ? null : `${JSON.stringify(got).slice(0, 120)}, NumPy ${exp.other}`;
  if ('none' in exp) return 'none' in got ? null : `NumPy returned None, got ${JSON.stringify(got).slice(0, 120)}`;
  if ('scalar' in exp) {
    if ('shape' in got && got.shape.length === 0) got = { scalar: got.values[0], kind: 'num' };
    if (!('scalar' in got)) return `a scalar expected (${exp.scalar}), got ${JSON.stringify(got).slice(0, 120)}`;
    if (exp.kind === 'int' && got.kind === 'int') {
      return String(got.scalar) === String(exp.scalar) ? null : `${got.scalar}, NumPy ${exp.scalar}`;
    }
    return sameFloat(decF(got.scalar), decF(exp.scalar), exp.dtype) ? null : `${got.scalar}, NumPy ${exp.scalar}`;
  }
  if (!('dtype' in got)) {
    if ('scalar' in got && exp.shape.length === 0) return difference(got, { scalar: exp.values[0], kind: 'num', dtype: exp.dtype });
    return `an array expected, got ${JSON.stringify(got).slice(0, 120)}`;
  }
  if (got.dtype !== exp.dtype) return `dtype ${got.dtype}, NumPy ${exp.dtype}`;
  const [gs, es] = [JSON.stringify(got.shape), JSON.stringify(exp.shape)];
  if (gs !== es) return `shape ${gs}, NumPy ${es}`;
  // normwise (transforms, whose small elements are sums of large ones): 64 ulp of the largest element
  const scale = normwise ? largest(exp.values) : 0;
  const part = exp.dtype === 'complex64' ? 'float32' : exp.dtype === 'complex128' ? 'float64' : null;
  for (let i = 0; i < exp.values.length; i++) {
    const g = got.values[i];
    const e = exp.values[i];
    const same =
      part !== null
        ? Array.isArray(g) && sameFloat(decF(g[0]), decF(e[0]), part, scale) && sameFloat(decF(g[1]), decF(e[1]), part, scale)
        : exp.dtype in FLOAT_ULP
          ? sameFloat(decF(g), decF(e), exp.dtype, scale)
          : String(g) === String(e);
    if (!same) return `element ${i}: ${JSON.stringify(g)}, NumPy ${JSON.stringify(e)}`;
  }
  if (layout && got.f !== exp.f) return `${got.f ? 'F' : 'C'} order, NumPy ${exp.f ? 'F' : 'C'}`;
  return null;
}

const PY_CALLS = String.raw`
import math
ARRAYS = json.loads(${JSON.stringify(JSON.stringify(ARRAYS))})
np.seterr(all='ignore')
camel = lambda s: re.sub(r'_+([a-z0-9])', lambda m: m.group(1).upper(), s)

def dec(d):
    if isinstance(d, dict):
        if 'arr' in d:
            a = ARRAYS[d['arr']]
            return np.array(a['values'], dtype=a['dtype'])
        if 'list' in d:
            return [dec(x) for x in d['list']]
        if 'pcg64' in d:
            return np.random.PCG64(d['pcg64'])
        if 'full' in d:
            f = d['full']
            return np.full(f['shape'], f['value'], dtype=f['dtype'])
        raise ValueError('descriptor %r' % d)
    return d

def encf(x):
    x = float(x)
    if x != x: return 'nan'
    if x == math.inf: return 'inf'
    if x == -math.inf: return '-inf'
    if x == 0 and math.copysign(1.0, x) < 0: return '-0'
    return x

def enc(r):
    if isinstance(r, np.ndarray):
        k = r.dtype.kind
        flat = r.ravel(order='C').tolist()
        vals = [int(v) for v in flat] if k == 'b' else [str(v) for v in flat] if k in 'iu' else [[encf(v.real), encf(v.imag)] for v in flat] if k == 'c' else [encf(v) for v in flat]
        return {'dtype': str(r.dtype), 'shape': list(r.shape), 'values': vals,
                'f': bool(r.ndim >= 2 and r.size > 0 and r.flags.f_contiguous and not r.flags.c_contiguous)}
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
    if isinstance(r, (bool, np.bool_)):
        return {'scalar': int(r), 'kind': 'bool'}
    if isinstance(r, (int, np.integer)):
        return {'scalar': str(int(r)), 'kind': 'int'}
    if isinstance(r, (float, np.floating)):
        return {'scalar': encf(r), 'kind': 'num', 'dtype': str(np.asarray(r).dtype) if isinstance(r, np.floating) else 'float64'}
    if r is None:
        return {'none': True}
    if isinstance(r, np.random.Generator):
        return {'rng': enc(r.random(3))}
    if isinstance(r, np.random.BitGenerator):
        return {'rng': enc(np.random.Generator(r).random(3))}
    if isinstance(r, np.random.SeedSequence):
        return {'ss': enc(r.generate_state(4))}
    if isinstance(r, bytes):
        return {'bytes': r.hex()}
    if isinstance(r, np.dtype):
        return {'other': str(r)}  # promote_types: strideview's dtype is its name
    return {'other': repr(r)}

SIGS = {}
def params_of(path):
    if path not in SIGS:
        SIGS[path] = numpy_signature(path)['params']
    return SIGS[path]

def run_call(c):
    path = c['np']
    try:
        ps = params_of(path)
    except Exception as e:
        return {'skip': 'cannot read NumPy signature of %s (%s: %s)' % (path, type(e).__name__, e)}
    index = {camel(p['name']): i for i, p in enumerate(ps)}
    pos, kw = [], {}
    for name, desc in c['args']:
        i = index.get(name)
        if i is None:
            if name == 'out':
                continue  # strideview's own out: compared with NumPy's result
            if any(p['kind'] == 'varkw' for p in ps):
                kw[re.sub(r'[A-Z]', lambda m: '_' + m.group(0).lower(), name)] = dec(desc)  # one of NumPy's **kwargs
                continue
            return {'skip': 'NumPy has no parameter ' + name}
        p = ps[i]
        if p['kind'] == 'positional':
            pos.append((i, dec(desc)))
        elif p['kind'] == 'varpos':
            v = dec(desc)
            pos.append((i, tuple(v) if isinstance(v, list) else (v,)))
        else:
            kw[p['name']] = dec(desc)
    # the leading parameters given without a gap go positionally, as a NumPy user writes them
    # (some C functions read a keyword differently: np.arange(start=0) needs stop, np.arange(0) not)
    given = {i for i, _ in pos} | {index[camel(k)] for k in kw if camel(k) in index}
    for i, p in enumerate(ps):
        if i not in given or p['kind'] not in ('positional', 'either'):
            break
        if p['kind'] == 'either':
            pos.append((i, kw.pop(p['name'])))
    pos.sort(key=lambda t: t[0])
    args = []
    for i, v in pos:
        if ps[i]['kind'] == 'varpos':
            args.extend(v)
        else:
            args.append(v)
    last = path.split('.')[-1]
    target = args[0] if args else None
    if path.startswith('numpy.random.Generator.'):
        f = getattr(np.random.default_rng(c.get('seed', 42)), last)
    elif path.startswith('numpy.random.SeedSequence.'):
        f = getattr(np.random.SeedSequence(c.get('seed', 42)), last)
    elif 'self' in c:
        target = dec(c['self'])
        f = getattr(target, last)
    else:
        f = resolve(path)
    try:
        r = f(*args, **kw)
    except Exception as e:
        return {'error': '%s: %s' % (type(e).__name__, e)}
    if r is None and isinstance(target, np.ndarray):
        return {'mutated': enc(target)}  # an in-place function (shuffle, a.sort(), a.fill(v)): the array it changed
    return enc(r)

print(json.dumps([run_call(c) for c in json.load(sys.stdin)]))
`;

/**
 * The NumPy results of calls { np: 'numpy.add', args: [[jsName, descriptor], ...], self?, seed? } (one
 * python process; self: the instance of an ndarray method; seed: the Generator's): each encoded, { error }
 * or { skip: reason }.
 */
export function runCalls(calls) {
  const py = spawnSync(PY, ['-c', PY_SIGNATURES + PY_CALLS], { input: JSON.stringify(calls), maxBuffer: 1 << 28 });
  if (py.status !== 0) throw new Error(`python failed (status ${py.status}): ${py.stderr}`);
  return JSON.parse(String(py.stdout));
}
