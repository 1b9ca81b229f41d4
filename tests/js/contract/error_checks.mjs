// The error checks of the calling-convention test, for one subject: a parameter given twice, too
// many positional arguments, a misspelled option (snake_case and a typo: the message names the
// closest valid name), a keyword-only parameter given positionally, a missing required argument,
// and a value of the wrong type for each parameter (the message names the op and the parameter and
// shows the value, never `[object Object]`). Each returns findings; the test decides what fails.
import { camelToSnake, EITHER, KEYWORD, POSITIONAL, VARPOS } from './declarations.mjs';
import { optionalArgs } from './samples.mjs';
import { namesOp } from './calls.mjs';

/** The wrong values tried for every parameter: a string and a plain object (as descriptors). */
export const WRONG = ['zzz', { raw: { zzz: 1 } }];

/**
 * Runs the checks. run(args): calls the subject inside a tidy scope with the descriptors `args`
 * (the last may be an options object of descriptors: { opts }) and returns the thrown error or
 * { returned: true }. required: the required arguments ({ name: descriptor }).
 * Returns { checks, problems: [{ kind, what, message }], paramNotNamed: [...], objectObject: [...] }.
 */
export function errorChecks(subject, required, run) {
  const { op, params: ps, nPositional, nRequired } = subject;
  const problems = [];
  const paramNotNamed = [];
  const objectObject = [];
  let checks = 0;
  const sampleOf = (p) => {
    if (p.required) return required[p.name];
    if (p.dflt !== undefined) return p.dflt;
    return optionalArgs(op, p).find((v) => !(v && typeof v === 'object' && 'out' in v));
  };
  const positional = (upTo) => ps.slice(0, upTo).map((p) => (p.required ? required[p.name] : p.dflt));
  // a variadic parameter (`...xi`, Python's *xi): its sample arguments follow the parameters before it in every call
  const vi = ps.findIndex((p) => p.kind === VARPOS);
  const varArgs = vi >= 0 ? required[ps[vi].name]?.list ?? [] : [];
  const requiredPositional = vi >= 0 ? [...positional(vi), ...varArgs] : positional(nRequired);
  const requiredByName = Object.fromEntries(ps.filter((p) => p.required && p.kind === KEYWORD).map((p) => [p.name, required[p.name]]));

  /** One check: the call must throw a TypeError (or, typeFree, any package error) naming op and matching `want`. */
  const expect = (what, args, want, { typeFree = false } = {}) => {
    checks++;
    const e = run(args);
    if (e.returned) {
      problems.push({ kind: 'accepted', what, message: 'returned a result instead of an error' });
      return null;
    }
    if (!e.known) {
      problems.push({ kind: 'crash', what, message: `${e.name}: ${e.message}` });
      return null;
    }
    const m = e.message;
    if (m.includes('[object Object]')) objectObject.push({ what, message: m });
    if (!namesOp(op, m)) problems.push({ kind: 'op not named', what, message: m });
    else if (!typeFree && e.name !== 'TypeError') problems.push({ kind: 'not a TypeError', what, message: `${e.name}: ${m}` });
    for (const w of want) {
      if (!(w instanceof RegExp ? w.test(m) : m.includes(w))) problems.push({ kind: 'message', what: `${what} (wants ${w})`, message: m });
    }
    return m;
  };
  const withOpts = (args, opts) => (Object.keys(opts).length === 0 ? args : [...args, { opts }]);

  // missing required
  if (ps.some((p) => p.required)) expect('no arguments', [], ['missing']);

  // a parameter given twice: the first positional-or-keyword one that can be, positionally and by name
  const twice = ps.findIndex((p, i) => p.kind === EITHER && i >= nRequired - 1 && sampleOf(p) !== undefined);
  if (twice >= 0) {
    const p = ps[twice];
    const args = [...positional(twice), sampleOf(p)];
    expect(`${p.name} positionally and by name`, withOpts(args, { ...requiredByName, [p.name]: sampleOf(p) }), ['multiple', p.name]);
  }

  if (vi >= 0) {
    // the variadic parameter takes every further positional argument (so none is too many, and a keyword-only
    // value given positionally is one of them, as in Python); it is never given by name
    const name = ps[vi].name;
    expect(`${name} by name`, withOpts(positional(vi), { ...requiredByName, [name]: { list: varArgs } }), ['variadic', `'${name}'`]);
  } else {
    // too many positional arguments
    expect(`${nPositional + 1} positional arguments`, [...positional(nPositional), 7], ['positional']);
  }

  // a keyword-only parameter given positionally
  const kw = vi >= 0 ? undefined : ps.find((p) => p.kind === KEYWORD);
  if (kw !== undefined) {
    const v = sampleOf(kw) ?? 7;
    const value = v && typeof v === 'object' && !('arr' in v) && !('list' in v) ? 7 : v;
    expect(`${kw.name} (keyword-only) positionally`, [...positional(nPositional), value], ['keyword-only', kw.name]);
  }

  // misspelled options: NumPy's snake_case spelling and a typo name the closest valid name
  const byName = ps.filter((p) => p.kind === EITHER || p.kind === KEYWORD);
  for (const p of byName) {
    const v = sampleOf(p) ?? 1;
    const value = v && typeof v === 'object' && 'out' in v ? 1 : v;
    const snake = camelToSnake(p.name);
    const bad = snake !== p.name ? [snake] : [];
    bad.push(p.name + p.name[p.name.length - 1]);
    for (const key of bad) {
      const opts = { ...requiredByName, [key]: value };
      expect(`option '${key}'`, withOpts(requiredPositional, opts), [`'${key}'`, `'${p.name}'`]);
    }
  }
  if (byName.length === 0) expect("option 'zzz'", withOpts(requiredPositional, { zzz: 1 }), ["'zzz'"]);

  // a value of the wrong type, for each parameter
  ps.forEach((p, i) => {
    for (const w of WRONG) {
      if (typeof w === 'string' && /(^|\|)\s*string\s*(\||$)/.test(p.type)) continue; // any text is a value
      let args;
      if (p.kind === VARPOS) {
        if (typeof w === 'object') continue; // a plain object there is the options object
        args = withOpts([...positional(i), w], requiredByName); // one argument of the variadic parameter
      } else if (p.kind === KEYWORD || (p.kind !== POSITIONAL && !p.required)) {
        args = withOpts(requiredPositional, { ...requiredByName, [p.name]: w });
      } else {
        if (typeof w === 'object' && i >= nRequired) continue; // a plain object there is the options object
        const after = ps.slice(i + 1, nRequired).map((q) => required[q.name]);
        args = withOpts(positional(i).concat([w], after, i < vi ? varArgs : []), requiredByName);
      }
      const what = `${p.name}=${typeof w === 'string' ? "'zzz'" : '{ zzz: 1 }'}`;
      const m = expect(what, args, ['zzz'], { typeFree: true });
      if (m !== null && !new RegExp(`(^|[^\\w])${p.name}([^\\w]|$)`).test(m)) paramNotNamed.push({ what, message: m });
    }
  });
  return { checks, problems, paramNotNamed, objectObject };
}
