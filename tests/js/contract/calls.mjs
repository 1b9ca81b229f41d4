// What the calling-convention test calls: the subjects (each declared function as the user calls it,
// its method forms, `Generator.x` on a fresh instance), the calls (a set of given parameters with
// their arguments, the same for NumPy) and the forms of each call in JS (positionally, by name in
// the options object, mixed).
import { EITHER, KEYWORD, POSITIONAL, VARPOS, opClass } from './declarations.mjs';
import { COMPANIONS, optionalArgs, requiredArg } from './samples.mjs';

/** A fresh instance of a class the declarations' `Class.name` ops belong to, and its NumPy side. */
export const INSTANCES = {
  Generator: { make: (sv) => sv.defaultRng(42), numpySeed: 42 },
  SeedSequence: { make: (sv) => new sv.SeedSequence(42), numpySeed: 42 },
  NDArray: { make: (sv, materialize) => materialize({ arr: 'A' }), self: { arr: 'A' } },
};

/**
 * The subjects of declaration d: { label, op, params, nPositional, nRequired, invoke(sv, args, inst),
 * instance? (a class of INSTANCES), selfParam? (a method form: the first declared parameter is the
 * instance) }. Subjects the package does not have are left out (and listed by the caller).
 */
export function subjects(sv, d, methodForms) {
  const s = d.sig;
  const out = [];
  const cls = opClass(s.op);
  if (cls !== null) {
    const name = s.op.slice(cls.length + 1);
    if (typeof sv[cls]?.prototype?.[name] === 'function') {
      const invoke = (inst, args) => inst[name](...args);
      out.push({ label: s.op, op: s.op, params: s.params, nPositional: s.nPositional, nRequired: s.nRequired, instance: cls, invoke });
    } else if (typeof sv[cls]?.[name] === 'function') {
      // a static method (View.create): called on the class
      const invoke = (_, args) => sv[cls][name](...args);
      out.push({ label: s.op, op: s.op, params: s.params, nPositional: s.nPositional, nRequired: s.nRequired, invoke });
    }
  } else if (typeof sv[s.op] === 'function') {
    const f = sv[s.op];
    // a class (PCG64, Generator) is called with new, as NumPy's numpy.random.PCG64(seed)
    const isClass = /^class\b/.test(Function.prototype.toString.call(f));
    const invoke = isClass ? (_, args) => new f(...args) : (_, args) => f(...args);
    out.push({ label: s.op, op: s.op, params: s.params, nPositional: s.nPositional, nRequired: s.nRequired, invoke });
  }
  for (const m of methodForms) {
    const { className, name } = m.method;
    if (typeof sv[className]?.prototype?.[name] !== 'function') continue;
    out.push({
      label: `${className}#${name}`,
      op: s.op,
      params: s.params.slice(1),
      nPositional: s.nPositional - 1,
      nRequired: Math.max(0, s.nRequired - 1),
      selfParam: s.params[0].name,
      invoke: (inst, args) => inst[name](...args),
    });
  }
  return out;
}

/**
 * Whether `message` starts with the name of the op the user called: `op: `, and for NDArray's own
 * methods (`NDArray.squeeze`) also the method's name (`squeeze: `), as the user wrote `a.squeeze()`.
 */
export function namesOp(op, message) {
  if (message.startsWith(`${op}: `)) return true;
  return op.startsWith('NDArray.') && message.startsWith(`${op.slice('NDArray.'.length)}: `);
}

/**
 * The required arguments of declaration s: { name: descriptor }, or { missing: name } when a
 * required parameter has no sample. A variadic parameter (`...xi`) is given in every call too: its
 * descriptor is a { list } of the arguments it takes.
 */
export function requiredArgs(s) {
  const given = {};
  let arrays = 0;
  for (const p of s.params) {
    if (!p.required && p.kind !== VARPOS) continue;
    const v = requiredArg(s.op, p, arrays);
    if (v === undefined) return { missing: p.name };
    if (v && typeof v === 'object' && 'arr' in v) arrays++;
    given[p.name] = v;
  }
  return { given };
}

/**
 * The calls of declaration s: { given: { name: descriptor } (required ones and the tried ones),
 * tried: [names], kind: 'base' | 'one' | 'mixed' }: the required arguments alone; each optional
 * parameter with each of its sample arguments (and the companions it needs); and, for mixing, each
 * optional parameter with a partner (the next optional one that has a sample, else the previous).
 * untested: the optional parameters without a sample.
 */
export function callsOf(s) {
  const req = requiredArgs(s);
  if (req.missing) return { calls: [], untested: [], noRequired: req.missing };
  const names = s.params.map((p) => p.name);
  const opt = s.params.filter((p) => !p.required && p.kind !== VARPOS); // a variadic one is in every call
  const samples = new Map(opt.map((p) => [p.name, optionalArgs(s.op, p)]));
  const withCompanions = (name, v) => ({ ...(COMPANIONS[name]?.(names) ?? {}), [name]: v });
  const calls = [{ given: { ...req.given }, tried: [], kind: 'base' }];
  const untested = [];
  for (const p of opt) {
    const vs = samples.get(p.name);
    if (vs.length === 0) {
      untested.push(p.name);
      continue;
    }
    for (const v of vs) calls.push({ given: { ...req.given, ...withCompanions(p.name, v) }, tried: [p.name], kind: 'one' });
    const i = opt.indexOf(p);
    const partner = [...opt.slice(i + 1), ...opt.slice(0, i).reverse()].find((q) => samples.get(q.name).length > 0 && q.name !== 'out');
    if (partner !== undefined && p.name !== 'out') {
      const given = { ...req.given, ...withCompanions(partner.name, samples.get(partner.name)[0]), ...withCompanions(p.name, vs[0]) };
      calls.push({ given, tried: [p.name, partner.name], kind: 'mixed' });
    }
  }
  const seen = new Set();
  const unique = calls.filter((c) => {
    const key = JSON.stringify(Object.entries(c.given).sort(([a], [b]) => (a < b ? -1 : 1))) + c.kind;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return { calls: unique, untested };
}

/**
 * The JS forms of a call for a subject: { form, args: [descriptors], opts: { name: descriptor } |
 * null }. positional: every parameter up to the last given one positionally (the declared default
 * for those not given); byname: the required positional ones positionally, the rest in the options
 * object; mixed: the first given optional one positionally, the rest by name. A form the kinds do not
 * allow is left out. For a method form the instance's argument is the call's `self`.
 */
export function formsOf(subject, call) {
  const ps = subject.params;
  const given = call.given;
  // a variadic parameter given: its arguments follow the parameters before it, all given positionally
  const vi = ps.findIndex((p) => p.kind === VARPOS && p.name in given);
  const idx = ps.map((p, i) => (p.name in given && i !== vi ? i : -1)).filter((i) => i >= 0);
  const optIdx = idx.filter((i) => !ps[i].required);
  const out = [];
  const valueOf = (p) => (p.kind === VARPOS ? (p.name in given ? given[p.name].list : []) : [p.name in given ? given[p.name] : p.dflt]);
  const positionalUpTo = (last) => ps.slice(0, last + 1).flatMap(valueOf);
  const requiredPositional = vi >= 0 ? positionalUpTo(vi) : ps.slice(0, subject.nRequired).map((p) => given[p.name]);
  const byNameOf = (is) => (is.length === 0 ? null : Object.fromEntries(is.map((i) => [ps[i].name, given[ps[i].name]])));
  const kwRequired = idx.filter((i) => ps[i].required && ps[i].kind === KEYWORD);
  if (idx.every((i) => ps[i].kind !== KEYWORD)) {
    const last = Math.max(subject.nRequired - 1, vi, ...idx);
    out.push({ form: optIdx.length === 0 ? 'base' : 'positional', args: positionalUpTo(last), opts: null });
  }
  const byName = optIdx.filter((i) => i > vi || vi < 0); // before a given variadic one: positional only
  if (byName.length > 0 && byName.every((i) => ps[i].kind !== POSITIONAL)) {
    out.push({ form: 'byname', args: requiredPositional, opts: byNameOf([...kwRequired, ...byName]) });
  } else if (optIdx.length === 0 && kwRequired.length > 0) {
    out.push({ form: 'base', args: requiredPositional, opts: byNameOf(kwRequired) });
  }
  const mixable = vi < 0 && optIdx.length >= 2;
  if (mixable && ps[optIdx[0]].kind !== KEYWORD && optIdx.slice(1).every((i) => ps[i].kind !== POSITIONAL)) {
    out.push({ form: 'mixed', args: positionalUpTo(optIdx[0]), opts: byNameOf([...kwRequired, ...optIdx.slice(1)]) });
  }
  return out;
}

/** The optional positional-or-keyword parameters of a subject (the ones "accepted both ways" counts). */
export const eitherOptional = (subject) => subject.params.filter((p) => p.kind === EITHER && !p.required).map((p) => p.name);
