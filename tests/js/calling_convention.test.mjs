// The calling convention of every declared function, generated from the declarations (web/src's
// `{ sig: ... }` texts): each function (of the main entry and of strideview/element's op chain;
// each method form, `a.sum(...)`; `Generator.x` on a fresh generator; a class such as PCG64 with
// new) is called with its required arguments alone, then with each optional parameter
// given (samples in contract/samples.mjs), each call in every form the parameter kinds allow:
// positionally, by name in the options object, and mixed. Each result is compared with NumPy's for
// the same call (values, dtype, shape; the memory order where the call gives `order`; with `out`,
// the result is out itself), or, for strideview's own functions (numpy `-`), the forms with each
// other. Then the errors (contract/error_checks.mjs): given twice, too many positional, misspelled
// options, keyword-only positionally, missing, wrong types: each names the op the user called.
//
// Fails on: a silent wrong result (a value that differs from NumPy's, or a result where NumPy
// raises), a message with '[object Object]', an error that does not name the op, an error check
// that does not throw as it should, a refusal (an error where NumPy returns) that does not name the
// parameter, exported functions without a declaration, wrong-type messages that do not name the
// parameter, parameters and functions the test cannot call (no sample: contract/samples.mjs).
// Every list in full: SV_CONTRACT_REPORT=file.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { HAVE_PY, PY } from './numpy_oracle.mjs';
import { ready, sv } from './helpers.mjs';
import * as element from '../../dist/element.mjs';
import { NO_DECLARATION, exportedFunctions, loadDeclarations, opClass, takesNoArguments } from './contract/declarations.mjs';
import { INSTANCES, callsOf, eitherOptional, formsOf, namesOp, requiredArgs, subjects } from './contract/calls.mjs';
import { difference, encodeJs, materialize, runCalls } from './contract/oracle.mjs';
import { exemptReason, normwise, numpyArgs, selfOf, stateOf, uninitialised } from './contract/samples.mjs';
import { errorChecks } from './contract/error_checks.mjs';

await ready;
const { decls, methods } = await loadDeclarations();

// the package's functions: the main entry's, and the op chain's of strideview/element (parseOps, applyOps ...)
const api = { ...element, ...sv };
// dist/element.mjs bundles its own copy of StrideViewError (its op chain imports errors.ts directly): known by name and code
const isSvError = (e) => e instanceof sv.StrideViewError || (e?.name === 'StrideViewError' && typeof e.code === 'string');
// the op chain's own error class (OpChainError: a step the text or spec cannot make) is one of the package's errors
const isKnown = (e) => e instanceof TypeError || e instanceof RangeError || isSvError(e) || e instanceof element.OpChainError;
const mat = (d) => materialize(sv, d, null);
const thrown = (e) => ({ error: String(e?.message ?? e), name: e?.constructor?.name ?? typeof e, known: isKnown(e) });

/** The instance a subject is called on: its `self` argument (a method form), a fresh one (`Generator.x`), or null. */
function instanceOf(subject, given, ctx) {
  if (subject.selfParam) return materialize(sv, given[subject.selfParam], ctx);
  if (selfOf(subject.op) !== undefined) return materialize(sv, selfOf(subject.op), ctx);
  return subject.instance ? INSTANCES[subject.instance].make(sv, mat) : null;
}

/** An in-place function's result (shuffle, a.sort(), a.fill(v)): the array it changed, else undefined. */
function changedArray(r, inst, args) {
  // returning the changed array itself (for chaining) counts as NumPy's None
  if (r === undefined) return [inst, args[0]].find((x) => x instanceof sv.NDArray);
  return r instanceof sv.NDArray && (r === inst || r === args[0]) ? r : undefined;
}

/** Runs one JS form inside tidy: the encoded result, or { error, name, known }. outs: the out arrays made. */
function runForm(subject, call, form) {
  return sv.tidy(() => {
    const ctx = { outs: [] };
    const inst = instanceOf(subject, call.given, ctx);
    const args = form.args.map((d) => materialize(sv, d, ctx));
    if (form.opts) args.push(Object.fromEntries(Object.entries(form.opts).map(([k, d]) => [k, materialize(sv, d, ctx)])));
    const state = stateOf(subject.op); // a function that changes global state: saved before, restored after
    const before = state?.save(sv);
    try {
      const r = subject.invoke(inst, args);
      const changed = changedArray(r, inst, args);
      const enc = changed !== undefined ? { mutated: encodeJs(sv, changed) } : encodeJs(sv, r);
      if (uninitialised(subject.op) && Array.isArray(enc.values)) enc.values = [];
      if (ctx.outs.length > 0 && r !== ctx.outs[0] && !(Array.isArray(r) && r.includes(ctx.outs[0]))) enc.outNotReturned = true;
      if (state?.returnsPrevious && JSON.stringify(r) !== JSON.stringify(before)) enc.notPrevious = JSON.stringify(r);
      return enc;
    } catch (e) {
      return thrown(e);
    } finally {
      if (state) state.restore(sv, before);
    }
  });
}

/** Resolves a call's { out: true } into an array shaped and typed as the result without out (filled with -7). */
function resolveOut(subject, call) {
  const outNames = Object.keys(call.given).filter((k) => call.given[k]?.out === true);
  if (outNames.length === 0) return call;
  const without = { ...call, given: Object.fromEntries(Object.entries(call.given).filter(([k]) => !outNames.includes(k))) };
  const forms = formsOf(subject, without);
  const r = forms.length > 0 ? runForm(subject, without, forms[forms.length - 1]) : { error: 'no form' };
  // a scalar result (a full reduction): a 0-d out of its kind
  const shape = r.shape ?? ('scalar' in r ? [] : [2, 3]);
  const dtype = r.dtype ?? ({ int: 'int64', bool: 'bool' }[r.kind] ?? 'float64');
  const given = { ...call.given };
  for (const k of outNames) given[k] = { full: { shape, dtype, value: -7 } };
  return { ...call, given };
}

const describeCall = (subject, form) => {
  const args = form.args.map((d) => JSON.stringify(d));
  if (form.opts) args.push(`{ ${Object.entries(form.opts).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`);
  return `${subject.label}(${args.join(', ')}) [${form.form}]`;
};

const TITLE = 'calling convention: every declared function, positionally, by name and mixed, against NumPy';
test(TITLE, { skip: !HAVE_PY && `no ${PY}`, timeout: 300_000 }, () => {
  const subjectsOf = new Map();
  const notExported = [];
  for (const d of decls) {
    const subs = subjects(api, d, methods.filter((m) => m.constName === d.constName));
    if (subs.length === 0) notExported.push(d.sig.op);
    subjectsOf.set(d, subs);
  }
  // the calls, their JS forms, and one NumPy batch
  const work = [];
  const npCalls = [];
  const untested = [];
  const uncallable = [];
  for (const d of decls) {
    const subs = subjectsOf.get(d);
    if (subs.length === 0) continue;
    const { calls, untested: u, noRequired } = callsOf(d.sig);
    if (noRequired) uncallable.push(`${d.sig.op} (no sample for ${noRequired})`);
    for (const name of u) untested.push(`${d.sig.op}.${name}`);
    for (const call0 of calls) {
      const call = resolveOut(subs[0], call0);
      let npIndex = -1;
      const cls = opClass(d.sig.op);
      if (d.sig.numpy !== '-' && exemptReason(d.sig.op, call.given) === null) {
        npIndex = npCalls.length;
        const args = numpyArgs(d.sig.op, d.sig.params.filter((p) => p.name in call.given).map((p) => [p.name, call.given[p.name]]));
        const c = { np: d.sig.numpy, args };
        if (cls !== null && (selfOf(d.sig.op) ?? INSTANCES[cls]?.self)) c.self = selfOf(d.sig.op) ?? INSTANCES[cls].self;
        if (cls !== null && INSTANCES[cls]?.numpySeed !== undefined) c.seed = INSTANCES[cls].numpySeed;
        npCalls.push(c);
      }
      work.push({ d, subs, call, npIndex });
    }
  }
  const expected = npCalls.length > 0 ? runCalls(npCalls) : [];

  const wrong = [];
  const objectObject = [];
  const opNotNamed = [];
  const unclearRefusals = [];
  const refusals = [];
  const crashes = [];
  const skipped = [];
  const disagree = [];
  let nForms = 0;
  const either = new Map(); // subject label.param -> { pos, byname } accepted and right
  for (const { d, subs, call, npIndex } of work) {
    const exp = npIndex >= 0 ? expected[npIndex] : null;
    if (exp?.skip) skipped.push(`${d.sig.op}: ${exp.skip}`);
    const layout = 'order' in call.given;
    for (const subject of subs) {
      let reference = exp && !exp.skip ? exp : null;
      const outcomes = [];
      for (const form of formsOf(subject, call)) {
        nForms++;
        const got = runForm(subject, call, form);
        const where = describeCall(subject, form);
        outcomes.push(`${form.form}: ${'error' in got ? got.error : 'returns'}`);
        if ('error' in got) {
          if (got.error.includes('[object Object]')) objectObject.push(`${where}: ${got.error}`);
          if (!got.known) crashes.push(`${where}: ${got.name}: ${got.error}`);
          else if (!namesOp(subject.op, got.error)) opNotNamed.push(`${where}: ${got.error}`);
          if (reference !== null && !('error' in reference)) {
            // a refusal: fine when it names the op and a parameter of the call
            const names = call.tried.length > 0 ? call.tried : Object.keys(call.given);
            if (names.some((n) => new RegExp(`\\b${n}\\b`).test(got.error))) refusals.push(`${where}: ${got.error}`);
            else unclearRefusals.push(`${where}: ${got.error} (NumPy returns)`);
          }
        } else {
          if (got.outNotReturned) wrong.push(`${where}: the result is not out`);
          if (got.notPrevious) wrong.push(`${where}: returns ${got.notPrevious}, not the state before the call`);
          if (reference === null) reference = got; // no oracle: the forms agree with each other
          else {
            const diff = difference(got, reference, layout, normwise(d.sig.op));
            if (diff !== null) wrong.push(`${where}: ${diff}${'error' in reference ? ` (NumPy: ${reference.error})` : ''}`);
          }
        }
        if (call.kind === 'one' && call.tried.length === 1) {
          const key = `${subject.label}.${call.tried[0]}`;
          const ok = !('error' in got) && !got.outNotReturned && !got.notPrevious && (reference === got || difference(got, reference, layout, normwise(d.sig.op)) === null);
          const e = either.get(key) ?? { positional: false, byname: false };
          if (ok && (form.form === 'positional' || form.form === 'byname')) e[form.form] = true;
          either.set(key, e);
        }
      }
      // one call in several forms: all return, or all raise
      if (new Set(outcomes.map((o) => o.endsWith(': returns'))).size > 1) {
        disagree.push(`${subject.label} ${JSON.stringify(call.given)}: ${outcomes.join('; ')}`);
      }
    }
  }
  // accepted both ways: the optional positional-or-keyword parameters of every subject
  let nEither = 0;
  let both = 0;
  const notBoth = [];
  for (const subs of subjectsOf.values()) {
    for (const subject of subs) {
      for (const name of eitherOptional(subject)) {
        nEither++;
        const e = either.get(`${subject.label}.${name}`);
        if (e?.positional && e?.byname) both++;
        else {
          const how = e === undefined ? 'untested' : `positionally ${e.positional ? 'yes' : 'no'}, by name ${e.byname ? 'yes' : 'no'}`;
          notBoth.push(`${subject.label}.${name} (${how})`);
        }
      }
    }
  }

  // the error checks
  const errorProblems = [];
  const paramNotNamed = [];
  let nChecks = 0;
  for (const [d, subs] of subjectsOf) {
    const req = requiredArgs(d.sig);
    if (req.missing) continue;
    for (const subject of subs) {
      const run = (args) =>
        sv.tidy(() => {
          const inst = instanceOf(subject, req.given, null);
          const opts = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, mat(v)]));
          const js = args.map((a) => (a && typeof a === 'object' && 'opts' in a ? opts(a.opts) : mat(a)));
          const state = stateOf(subject.op);
          const before = state?.save(sv);
          try {
            subject.invoke(inst, js);
            return { returned: true };
          } catch (e) {
            const t = thrown(e);
            return { message: t.error, name: t.name, known: t.known };
          } finally {
            if (state) state.restore(sv, before);
          }
        });
      const r = errorChecks(subject, req.given, run);
      nChecks += r.checks;
      for (const p of r.problems) errorProblems.push(`${subject.label}: ${p.kind}: ${p.what}: ${p.message}`);
      for (const p of r.paramNotNamed) paramNotNamed.push(`${subject.label}: ${p.what}: ${p.message}`);
      for (const p of r.objectObject) objectObject.push(`${subject.label}: ${p.what}: ${p.message}`);
    }
  }

  // exported functions without a declaration (functions that take no arguments need none, nor those of NO_DECLARATION)
  const declared = new Set(decls.map((d) => d.sig.op));
  const undeclared = exportedFunctions(sv).filter((k) => !declared.has(k) && !takesNoArguments(sv[k]) && !(k in NO_DECLARATION));
  const nSubjects = [...subjectsOf.values()].reduce((n, s) => n + s.length, 0);

  const list = (title, xs, max = 40) =>
    xs.length === 0 ? '' : `\n${title} (${xs.length}):\n  ${xs.slice(0, max).join('\n  ')}${xs.length > max ? '\n  ...' : ''}`;
  console.log(
    `calling convention: ${decls.length} declarations, ${nSubjects} functions and method forms, ${work.length} calls in ${nForms} forms ` +
      `(${npCalls.length} NumPy calls), ${nChecks} error checks`,
  );
  console.log(
    `calling convention: ${both} of ${nEither} positional-or-keyword parameters accepted both ways, ` +
      `${wrong.length} silent wrong results, ${objectObject.length} messages with '[object Object]'`,
  );
  console.log(
    `calling convention: ${refusals.length} refusals naming the parameter, ${untested.length} parameters and ` +
      `${uncallable.length} functions untested (no sample), ${paramNotNamed.length} wrong-type messages not naming the parameter, ` +
      `${undeclared.length} exported functions without a declaration`,
  );
  const info = list('refusals (an error where NumPy returns; they name the parameter)', refusals, 20) +
    list('not accepted both ways', notBoth) + list('untested parameters (no sample: contract/samples.mjs)', untested) +
    list('functions without a sample for a required parameter', uncallable) +
    list('NumPy has no such parameter (not compared)', skipped, 20) +
    list('wrong-type messages that do not name the parameter', paramNotNamed) +
    list('exported functions without a declaration', undeclared, 200) +
    list('declared but not exported', notExported);
  if (info) console.log(info.trim());

  if (process.env.SV_CONTRACT_REPORT) {
    const report = { both, nEither, notBoth, wrong, disagree, objectObject, opNotNamed, crashes, unclearRefusals, refusals };
    Object.assign(report, { errorProblems, paramNotNamed, untested, uncallable, skipped, undeclared, notExported });
    writeFileSync(process.env.SV_CONTRACT_REPORT, JSON.stringify(report, null, 1));
  }
  const failures =
    list('silent wrong results', wrong) +
    list('forms of one call that disagree (some raise, some return)', disagree) +
    list("messages with '[object Object]'", objectObject) +
    list('errors not naming the op', opNotNamed) +
    list('errors that are not TypeError / RangeError / StrideViewError', crashes) +
    list('refusals that do not name the parameter', unclearRefusals) +
    list('error checks', errorProblems) + list('declared functions the package does not have', notExported) +
    list('exported functions without a declaration', undeclared, 200) +
    list('wrong-type messages not naming the parameter', paramNotNamed) +
    list('untested parameters', untested) + list('untested functions', uncallable);
  assert.ok(failures === '', failures);
});
