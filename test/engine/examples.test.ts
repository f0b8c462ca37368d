/** Every catalogue definition's `examples` run as tests: each names its source in `source`. */
import { expect } from 'chai';
import { CATALOGUE } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';
import { validateInput } from '../../engine/validation.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { selectFluidModel } from '../../engine/eos/model/fluidModel.js';
import { DEMO_PROJECT_DATA, DEMO_PROJECT_ID } from '../../api/projects/demo.js';

/**
 * What the API node attaches before the run (definition.resolve): examples of eos.model.* run
 * on the demo project's fluid model, as they do through the API.
 */
function attachResolved(def: AnyDefinition, input: Record<string, unknown>): Record<string, unknown> {
  if (def.resolve !== 'fluidModel') return input;
  expect(input.projectId, `${def.name} examples run on the demo project`).to.equal(DEMO_PROJECT_ID);
  const sel = selectFluidModel(DEMO_PROJECT_DATA, input.fluidModelId as string | undefined, { projectId: DEMO_PROJECT_ID, versionId: null });
  if (!sel.ok) throw new Error(sel.message);
  return { ...input, fluidModel: sel.model };
}

function within(got: unknown, want: unknown, rel: number, path: string): void {
  if (typeof want === 'number') {
    expect(got, path).to.be.a('number');
    expect(Math.abs((got as number) - want), path).to.be.at.most(rel * Math.max(Math.abs(want), Number.MIN_VALUE));
  } else if (Array.isArray(want)) {
    expect(got, path).to.be.an('array').with.length(want.length);
    want.forEach((w, i) => within((got as unknown[])[i], w, rel, `${path}[${i}]`));
  } else if (want !== null && typeof want === 'object') {
    expect(got, path).to.be.an('object');
    for (const [k, w] of Object.entries(want)) within((got as Record<string, unknown>)[k], w, rel, `${path}.${k}`);
  } else {
    expect(got, path).to.deep.equal(want);
  }
}

describe('catalogue examples', () => {
  for (const def of CATALOGUE) {
    describe(def.name, () => {
      it('has at least one example and cites references', () => {
        expect(def.examples.length).to.be.greaterThan(0);
        expect(def.references.length).to.be.greaterThan(0);
      });
      for (const ex of def.examples) {
        it(`${ex.title} (source: ${ex.source})`, () => {
          const v = validateInput(def, ex.input);
          if (!v.ok) throw new Error(`example input invalid: ${JSON.stringify(v.fields)}`);
          const r = executeDefinition(def, attachResolved(def, v.input));
          if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
          for (const [k, want] of Object.entries(ex.expected)) within(r.result[k], want, ex.tolerance, k);
        });
      }
    });
  }
});
