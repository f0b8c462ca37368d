/**
 * What one call may produce is bounded (issue 10, item 3): every catalogue function, run at its
 * largest inputs, answers at most ENGINE_RESULT_LIMIT_BYTES of result JSON in both unit systems.
 * Generic over CATALOGUE: a new function is checked as soon as it is listed.
 *
 * The largest inputs of a function are (a) each example with every array at its schema's
 * maxItems (schemaInputs.ts largestInputs), and (b) the inputs its definition states give its
 * largest results (`sizeExamples`: for inputs the generic builder cannot make, such as lists that
 * must agree in length or names that must be unique). A size example must itself be largest
 * (every array present and at its maxItems) and must run. A function with array inputs, with a
 * resolved attachment or with size examples must be measured by at least one input; one with
 * neither has its examples measured. Inputs with `resolve` get their attachment as the API node
 * would give it (resolveInputs.ts: the demo project, or the size example's own project data).
 * RESULT_SIZE_DEBUG=1 prints the largest result of each function.
 */
import { expect } from 'chai';
import { prepareCall, presentResult } from '../../engine/call.js';
import { CATALOGUE } from '../../engine/catalogue.js';
import { ENGINE_RESULT_LIMIT_BYTES, type AnyDefinition } from '../../engine/definition.js';
import { executeDefinition } from '../../engine/execute.js';
import { attachResolved } from './resolveInputs.js';
import { arrayKeys, belowMaxItems, largestInputs } from './schemaInputs.js';

/** Bytes of the result JSON a call answers, the larger of the two unit systems (metric labels and numbers differ), or why it did not run. */
function resultBytes(def: AnyDefinition, body: Record<string, unknown>, projectData?: Record<string, unknown>): { field: number; metric: number } | string {
  const call = prepareCall(def, body);
  if (!call.ok) return `validation: ${call.message}`;
  const attached = attachResolved(def, call.input, projectData);
  if (!attached.ok) return attached.why;
  const run = executeDefinition(def, attached.input, { units: 'field' });
  if (!run.ok) return `${run.reason}: ${run.message}`;
  const bytes = (u: 'field' | 'metric') => Buffer.byteLength(JSON.stringify(presentResult(def, run.result, run.warnings, u)));
  return { field: bytes('field'), metric: bytes('metric') };
}

interface Case {
  label: string;
  input: Record<string, unknown>;
  projectData?: Record<string, unknown>;
  /** A size example: it must be largest and must run. */
  declared: boolean;
}

function casesOf(def: AnyDefinition): Case[] {
  const generic = largestInputs(def).map((c) => ({ ...c, declared: false }));
  const declared = (def.sizeExamples ?? []).map((e) => ({ label: `size example '${e.title}'`, input: e.input as Record<string, unknown>, projectData: e.projectData, declared: true }));
  const needsMeasure = arrayKeys(def).length > 0 || def.resolve !== undefined || declared.length > 0;
  const examples = needsMeasure && generic.length + declared.length > 0 ? [] : def.examples.map((e, i) => ({ label: `example ${i}`, input: e.input as Record<string, unknown>, declared: false }));
  return [...generic, ...declared, ...examples];
}

describe('result size of every catalogue function at its largest input', () => {
  const largest: string[] = [];
  after(() => {
    if (process.env.RESULT_SIZE_DEBUG) console.log(largest.join('\n'));
  });

  it(`the limit is 4 MiB (${ENGINE_RESULT_LIMIT_BYTES} bytes)`, () => expect(ENGINE_RESULT_LIMIT_BYTES).to.equal(4_194_304));

  for (const def of CATALOGUE) {
    it(`${def.name}: its largest inputs answer at most ENGINE_RESULT_LIMIT_BYTES in both unit systems`, function () {
      this.timeout(180_000);
      const mustMeasure = arrayKeys(def).length > 0 || def.resolve !== undefined || (def.sizeExamples ?? []).length > 0;
      let measured = 0;
      let max = { bytes: 0, label: '' };
      const failures: string[] = [];
      for (const c of casesOf(def)) {
        if (c.declared) expect(belowMaxItems(def, c.input), `${def.name} ${c.label} is not a largest input`).to.deep.equal([]);
        const b = resultBytes(def, c.input, c.projectData);
        if (typeof b === 'string') {
          if (c.declared) expect.fail(`${def.name} ${c.label} did not run: ${b}`);
          failures.push(`${c.label}: ${b}`);
          continue;
        }
        measured++;
        const bytes = Math.max(b.field, b.metric);
        if (bytes > max.bytes) max = { bytes, label: `${c.label} (field ${b.field} B, metric ${b.metric} B)` };
        expect(bytes, `${def.name} ${c.label}`).to.be.at.most(ENGINE_RESULT_LIMIT_BYTES);
      }
      largest.push(`${def.name}: ${max.bytes} B, ${max.label}`);
      // A function whose result size depends on its input must be measured, or the bound is not shown.
      if (mustMeasure) expect(measured, `no largest input of ${def.name} ran: ${failures.join('; ')}`).to.be.greaterThan(0);
    });
  }
});

describe('the size check itself', () => {
  const def = CATALOGUE.find((d) => d.name === 'eos.flash')!;
  it('belowMaxItems names a short list, a short kij row and an absent optional list', () => {
    const e = def.sizeExamples![0]!.input as Record<string, unknown> & { kij: number[][]; composition: number[] };
    expect(belowMaxItems(def, e)).to.deep.equal([]);
    const short = { ...e, composition: e.composition.slice(1), kij: [e.kij[0]!.slice(1), ...e.kij.slice(1)] };
    expect(belowMaxItems(def, short)).to.deep.equal(['composition has 59 of 60 items', 'kij[0] has 59 of 60 items']);
    const { kij: _kij, ...noKij } = e;
    expect(belowMaxItems(def, noKij)).to.deep.equal(['kij is absent']);
  });
  it('attachResolved gives an eos.model.* input the demo model, and the API\'s 404 for a project the data does not hold', () => {
    const model = CATALOGUE.find((d) => d.name === 'eos.model.flash')!;
    const ok = attachResolved(model, { projectId: 'demo', TF: 212, psia: 2000 });
    expect(ok.ok && (ok.input.fluidModel as { fluidModelId: string }).fluidModelId).to.equal('volatile-oil-pr78');
    const missing = attachResolved(model, { projectId: 'elsewhere', TF: 212, psia: 2000 });
    expect(missing.ok).to.equal(false);
  });
});
