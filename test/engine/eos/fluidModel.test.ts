/** Reading a fluid model out of saved project data (engine/eos/model/fluidModel.ts): units, formats, and every refusal naming its path. */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';

const where = { projectId: 'p', versionId: null };
const demoModel = (DEMO_PROJECT_DATA.fluidModels as Record<string, any>[])[0]!;

describe('eos fluid models in project data', () => {
  it("the demo model reproduces its own reference: PR78 saturation pressure at the reference temperature within 1 psi of saturationPressurePsia (and of the black-oil pb)", () => {
    const r = selectFluidModel(DEMO_PROJECT_DATA, 'volatile-oil-pr78', { projectId: 'demo', versionId: null });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const ref = r.model.reference as { saturationPressurePsia: number; temperatureF: number };
    expect(ref).to.deep.equal({ saturationPressurePsia: 3125, temperatureF: 212 });
    expect((DEMO_PROJECT_DATA.blackOil as { pbPsia: number; TF: number })).to.include({ pbPsia: ref.saturationPressurePsia, TF: ref.temperatureF });
    const out = executeDefinition(findDefinition('eos.model.saturationPressure')!, { projectId: 'demo', fluidModelId: 'volatile-oil-pr78', TF: ref.temperatureF, fluidModel: r.model });
    expect(out.ok, JSON.stringify(out)).to.equal(true);
    if (!out.ok) return;
    expect(out.result.kind).to.equal('bubble');
    expect(out.result.psatPsia as number).to.be.closeTo(ref.saturationPressurePsia, 1);
    // thermo 0.6.1 PR78MIX flash(T, VF=0) on the same constants and kij (scratch script): 3124.809647 psia.
    expect(out.result.psatPsia as number).to.be.closeTo(3124.809647, 1e-5);
  });

  it('reads the demo model: sparse binaryInteraction filled symmetrically, composition by name in component order', () => {
    const r = selectFluidModel(DEMO_PROJECT_DATA, undefined, where);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const names = r.model.components.map((c) => c.name);
    const k = (a: string, b: string) => r.model.kij[names.indexOf(a)]![names.indexOf(b)];
    expect(k('C1', 'C7+')).to.equal(-0.0243);
    expect(k('C7+', 'C1')).to.equal(-0.0243);
    expect(k('N2', 'C2')).to.equal(0);
    expect(r.model.composition[names.indexOf('C7+')]).to.be.closeTo(0.2473, 1e-12);
    expect(r.model.components.find((c) => c.name === 'C7+')!.SG).to.equal(0.8524);
  });

  it('converts tc and pc from the stated units (degF, psia) and reads a full kij matrix and an array composition', () => {
    const model = {
      id: 'field',
      eos: 'SRK',
      units: { tc: 'degF', pc: 'psia', mw: 'lbm/lbmol' },
      components: [
        { name: 'C1', tc: -116.68, pc: 667.06, omega: 0.0114, mw: 16.043 },
        { name: 'nC10', tc: 652.19, pc: 305.0, omega: 0.4884, mw: 142.28 },
      ],
      composition: [0.5, 0.5],
      kij: [
        [0, 0.01],
        [0.01, 0],
      ],
    };
    const r = selectFluidModel({ fluidModels: [model] }, 'field', where);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.model.components[0]!.TcK).to.be.closeTo((-116.68 + 459.67) / 1.8, 1e-12);
    expect(r.model.components[0]!.PcBar).to.be.closeTo(667.06 * 0.06894757293168, 1e-12);
    expect(r.model.kij[0]![1]).to.equal(0.01);
    expect(r.model.eos).to.equal('SRK');
  });

  it('names the path of every kind of problem', () => {
    const cases: [unknown, string | undefined, string][] = [
      [{}, undefined, 'projectId'],
      [{ fluidModels: [demoModel, { ...demoModel, id: 'b' }] }, undefined, 'fluidModelId'],
      [{ fluidModels: [demoModel] }, 'x', 'fluidModelId'],
      [{ fluidModels: [{ ...demoModel, eos: 'PR2' }] }, undefined, 'data.fluidModels[0].eos'],
      [{ fluidModels: [{ ...demoModel, components: [] }] }, undefined, 'data.fluidModels[0].components'],
      [{ fluidModels: [{ ...demoModel, composition: { ...demoModel.composition, C99: 0 } }] }, undefined, 'data.fluidModels[0].composition.C99'],
      [{ fluidModels: [{ ...demoModel, composition: demoModel.components.map(() => 0.1) }] }, undefined, 'data.fluidModels[0].composition'],
      [{ fluidModels: [{ ...demoModel, kij: [[0]] }] }, undefined, 'data.fluidModels[0].kij'],
      [{ fluidModels: [{ ...demoModel, components: demoModel.components.map((c: any, i: number) => (i === 2 ? { ...c, pcBar: -1 } : c)) }] }, undefined, 'data.fluidModels[0].components[2].pcBar'],
      [{ fluidModels: [{ ...demoModel, components: demoModel.components.map((c: any, i: number) => (i === 4 ? { ...c, name: 'C1' } : c)) }] }, undefined, 'data.fluidModels[0].components[4].name'],
      [{ fluidModels: [42] }, undefined, 'data.fluidModels[0]'],
    ];
    for (const [data, id, path] of cases) {
      const r = selectFluidModel(data, id, where);
      expect(r.ok, path).to.equal(false);
      if (!r.ok) expect(Object.keys(r.fields).join(' '), path).to.include(path);
    }
  });
});
