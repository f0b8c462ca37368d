/**
 * Property test over every catalogue function (issue 10, item 1): whatever the input, an engine
 * call never throws, never answers a number that cannot be, and when it has no answer says why.
 * For each input that passes validation (a 400 is an acceptable outcome), executeDefinition must
 * return either ok with a result that passes checkResult (finite, inside every output's physical
 * range), or ok: false with a reason in {no_solution, out_of_range, invalid_input} and a message.
 *
 * Two generators, deterministic (seeded per function):
 * (a) mutational: from each example input, numbers scaled by 10^U(-4,4), zeroed, tiny, negative,
 *     huge, at and near their schema bounds; enums swapped; arrays shortened, emptied, doubled;
 *     optional keys dropped;
 * (b) schema-driven: numbers across each schema's range (log-uniform where it spans decades),
 *     enums, booleans, short arrays, nested objects.
 * Generic over CATALOGUE: new functions are covered as soon as they are listed; where (b) cannot
 * build a valid input for a function, (a) still covers it from its examples. A definition with
 * `resolve` gets its attachment as the API node would give it (resolveInputs.ts: the demo
 * project's fluid model); an input naming a project or version that does not exist is the API's
 * 404 and counts with the inputs refused by validation.
 * Stricter than "finite or 422": a non-finite number must never reach the executor's result check
 * (see check()). DOMAIN_DEBUG=1 prints per-function tallies, DOMAIN_DEBUG=2 also samples of the
 * inputs refused by the result check (declared output ranges).
 */
import { expect } from 'chai';
import { CATALOGUE } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { executeDefinition } from '../../engine/execute.js';
import { checkResult } from '../../engine/resultCheck.js';
import { validateInput } from '../../engine/validation.js';
import { attachResolved } from './resolveInputs.js';
import { hash, mutants, prng, randomInput } from './schemaInputs.js';

const MUTANTS_PER_EXAMPLE = 200;
const RANDOM_PER_FUNCTION = 200;
const REASONS = ['no_solution', 'out_of_range', 'invalid_input'];

interface Tally {
  cases: number;
  invalid: number;
  ok: number;
  failed: Record<string, number>;
  /** Failures found only by the executor's result check: a domain the function did not state. */
  resultCheck: number;
}

let lastMessage = '';

/** Runs one input; returns a description of a broken property, or null. */
function check(def: AnyDefinition, body: Record<string, unknown>, t: Tally): string | null {
  t.cases++;
  const v = validateInput(def, body);
  if (!v.ok) {
    t.invalid++;
    return null;
  }
  // What the API node attaches (a saved fluid model); a project the data does not hold is its 404.
  const attached = attachResolved(def, v.input);
  if (!attached.ok) {
    t.invalid++;
    return null;
  }
  let r;
  try {
    r = executeDefinition(def, attached.input);
  } catch (err) {
    return `threw ${(err as Error).name}: ${(err as Error).message}`;
  }
  if (r.ok) {
    t.ok++;
    const bad = checkResult(def.output, r.result);
    return bad ? `answered ${bad.path} = ${bad.value} (${bad.problem})` : null;
  }
  if (!REASONS.includes(r.reason)) return `failed with reason '${r.reason}'`;
  if (!(typeof r.message === 'string' && r.message.length > 0)) return 'failed without a message';
  // The executor's result check is a safety net. A non-finite number reaching it means the
  // function computed outside a domain it never stated (an overflow, a NaN): it must refuse such
  // input itself, saying which input and why. A finite value outside an output's declared physical
  // range is the function's own statement (its output ranges) and is an acceptable 422.
  if (/has no physical answer for this input: .* is not a finite number/.test(r.message)) return `reached the result check with a non-finite number: ${r.message}`;
  t.failed[r.reason] = (t.failed[r.reason] ?? 0) + 1;
  if (/has no physical answer for this input/.test(r.message)) {
    t.resultCheck++;
    lastMessage = r.message;
  }
  return null;
}

describe('domain property test: every catalogue function, mutated examples and schema-random inputs', () => {
  const totals: Tally = { cases: 0, invalid: 0, ok: 0, failed: {}, resultCheck: 0 };

  for (const def of CATALOGUE) {
    it(`${def.name}: never throws; ok with physical numbers, or an engine failure that says why`, function () {
      this.timeout(60_000);
      const rng = prng(hash(def.name));
      const t: Tally = { cases: 0, invalid: 0, ok: 0, failed: {}, resultCheck: 0 };
      const problems: string[] = [];
      const rcSamples: string[] = [];
      const run = (body: Record<string, unknown>, origin: string) => {
        const before = t.resultCheck;
        const p = check(def, body, t);
        if (t.resultCheck > before && rcSamples.length < 6) rcSamples.push(`${origin} ${JSON.stringify(body).slice(0, 400)}: ${lastMessage}`);
        if (p && problems.length < 5) problems.push(`${origin} ${JSON.stringify(body).slice(0, 600)}: ${p}`);
      };
      for (const ex of def.examples) for (const m of mutants(rng, def, ex.input as Record<string, unknown>, MUTANTS_PER_EXAMPLE)) run(m, 'mutant');
      for (let i = 0; i < RANDOM_PER_FUNCTION; i++) run(randomInput(rng, def), 'random');
      if (process.env.DOMAIN_DEBUG) console.log(def.name, JSON.stringify(t), problems.length, process.env.DOMAIN_DEBUG === '2' ? rcSamples.join('\n') : '');
      expect(problems, problems.join('\n')).to.deep.equal([]);
      // Something must get through validation, or the property says nothing about the function.
      expect(t.ok + Object.values(t.failed).reduce((a, b) => a + b, 0), `${def.name}: every generated input was refused by validation`).to.be.greaterThan(0);
      totals.cases += t.cases;
      totals.invalid += t.invalid;
      totals.ok += t.ok;
      totals.resultCheck += t.resultCheck;
      for (const [k, n] of Object.entries(t.failed)) totals.failed[k] = (totals.failed[k] ?? 0) + n;
    });
  }

  it('ran several thousand cases in total', () => {
    expect(totals.cases).to.be.greaterThan(3000);
  });
});

describe('physical domains: the cases of the issue are refused by the function, naming the input and why', () => {
  const run = (name: string, body: Record<string, unknown>) => {
    const def = CATALOGUE.find((d) => d.name === name) as AnyDefinition;
    const v = validateInput(def, body);
    if (!v.ok) throw new Error(`invalid: ${JSON.stringify(v.fields)}`);
    return executeDefinition(def, v.input);
  };
  const cases: [string, string, Record<string, unknown>, string, RegExp][] = [
    ['gas gravity too low for its CO2 (default Piper–McCain–Corredor)', 'pvt.gasProperties', { psia: 1000, TF: 150, gasSG: 0.6, yCO2: 0.5 }, 'invalid_input', /hydrocarbon part would have gravity .* lighter than methane/],
    ['a bubble point near 0 psia', 'pvt.oilFVF', { psia: 2000, pbPsia: 1e-9, rsbScfStb: 500, TF: 165, api: 35, gasSG: 0.7 }, 'out_of_range', /pbPsia 1e-9 psia/],
    ['a pressure near vacuum', 'pvt.gasProperties', { psia: 1e-300, TF: 150, gasSG: 0.7 }, 'out_of_range', /psia 1e-300 psia is outside/],
    ['a temperature far above any reservoir', 'pvt.gasProperties', { psia: 1000, TF: 1e6, gasSG: 0.7 }, 'out_of_range', /TF 1000000 degF/],
    ['an oil hotter than crude cracks', 'pvt.oilBubblePoint', { api: 35, TF: 5000, rsbScfStb: 500, gasSG: 0.7 }, 'out_of_range', /TF 5000 degF/],
    ['a stock-tank oil lighter than any liquid', 'pvt.oilBubblePoint', { api: 500, TF: 150, rsbScfStb: 500, gasSG: 0.7 }, 'out_of_range', /api 500 degAPI/],
    ['an Rs above Rsb below the bubble point', 'pvt.oilFVF', { psia: 1000, pbPsia: 2500, rsbScfStb: 500, rsScfStb: 800, TF: 165, api: 35, gasSG: 0.7 }, 'invalid_input', /exceeds Rsb 500/],
    ['water content where no liquid water can be', 'gas.waterContent', { psia: 3000, TF: 3000 }, 'out_of_range', /TF 3000 degF/],
    ['water content below the vapour pressure of water', 'gas.waterContent', { psia: 1, TF: 300 }, 'out_of_range', /vapour pressure of water/],
    ['a hydrate temperature at vacuum', 'gas.hydrateTemperature', { psia: 1e-300, gasSG: 0.6 }, 'out_of_range', /psia 1e-300 psia/],
    ['a cash flow beyond any currency', 'econ.metrics', { cashFlows: [-1, 1e300, -26, 24], discountRates: [0.1] }, 'out_of_range', /cashFlows\[1\]/],
  ];
  for (const [title, name, body, reason, message] of cases) {
    it(`${name}: ${title} -> ${reason}`, () => {
      const r = run(name, body);
      expect(r.ok, JSON.stringify(r)).to.equal(false);
      if (r.ok) return;
      expect(r.reason).to.equal(reason);
      expect(r.message).to.match(message);
    });
  }
});
