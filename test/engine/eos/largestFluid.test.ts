/**
 * The 60-component fluid of the EOS size examples (engine/eos/largestFluid.ts): as large as an
 * EOS call allows, physical, the same inline and saved, and used by every EOS function whose
 * result grows with the component count.
 */
import { expect } from 'chai';
import { CATALOGUE } from '../../../engine/catalogue.js';
import { MAX_COMPONENTS } from '../../../engine/eos/fluidInput.js';
import { LARGEST_FLUID, LARGEST_MODEL, LARGEST_MODEL_PROJECT } from '../../../engine/eos/largestFluid.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { modelFluid } from '../../../engine/eos/model/resolved.js';
import { buildFluid } from '../../../engine/eos/fluidInput.js';

describe('eos largest fluid (size examples)', () => {
  it(`holds MAX_COMPONENTS (${MAX_COMPONENTS}) components with distinct names, a composition summing to 1 and a full kij`, () => {
    expect(LARGEST_FLUID.components).to.have.length(MAX_COMPONENTS);
    const names = LARGEST_FLUID.components.map((c) => (typeof c === 'string' ? c : c.name));
    expect(new Set(names).size).to.equal(MAX_COMPONENTS);
    expect(LARGEST_FLUID.composition.reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-12);
    expect(LARGEST_FLUID.kij).to.have.length(MAX_COMPONENTS);
    for (const row of LARGEST_FLUID.kij) expect(row).to.have.length(MAX_COMPONENTS);
    expect(names.slice(-2)).to.deep.equal(['C49', 'C50+']);
  });

  it('the saved form selects and builds to the same fluid (same constants, composition, kij)', () => {
    const sel = selectFluidModel(LARGEST_MODEL_PROJECT, LARGEST_MODEL.fluidModelId, { projectId: LARGEST_MODEL.projectId, versionId: null });
    expect(sel.ok, sel.ok ? '' : sel.message).to.equal(true);
    if (!sel.ok) return;
    const saved = modelFluid(sel.model);
    const inline = buildFluid(LARGEST_FLUID);
    expect(saved.names).to.deep.equal(inline.names);
    expect(Array.from(saved.fluid.tc)).to.deep.equal(Array.from(inline.fluid.tc));
    expect(Array.from(saved.fluid.pc)).to.deep.equal(Array.from(inline.fluid.pc));
    expect(Array.from(saved.fluid.kij)).to.deep.equal(Array.from(inline.fluid.kij));
    for (let i = 0; i < MAX_COMPONENTS; i++) expect(saved.z[i]).to.be.closeTo(inline.z[i]!, 1e-15);
  });

  it('every EOS function with a components list or a saved model states a size example at 60 components', () => {
    for (const def of CATALOGUE.filter((d) => d.module === 'eos' && (d.resolve === 'fluidModel' || 'components' in (d.input.properties as object)))) {
      if (def.name === 'eos.pureComponent') continue; // one component by definition
      const examples = def.sizeExamples ?? [];
      expect(examples.length, `${def.name} has no size example`).to.be.greaterThan(0);
      for (const e of examples) {
        const input = e.input as { components?: unknown[] };
        if (def.resolve === 'fluidModel') expect(e.projectData, `${def.name}: ${e.title}`).to.equal(LARGEST_MODEL_PROJECT);
        else expect(input.components, `${def.name}: ${e.title}`).to.have.length(MAX_COMPONENTS);
      }
    }
  });
});
