/**
 * The physical domain of the EOS functions (engine/eos/domain.ts): each bound refused by the
 * function itself (422 out_of_range naming the input and why, never a NaN reaching the result
 * check), trace fractions treated as absent, and answers beyond the floating-point range refused
 * naming the quantity. The generic property test (test/engine/domain.test.ts) covers random
 * inputs; these are the cases that found the holes.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import type { AnyDefinition } from '../../../engine/definition.js';
import { alphaTurningT, COMPONENT_DOMAIN, MIN_EOS_PSIA, MIN_REDUCED_T } from '../../../engine/eos/domain.js';
import { EOS } from '../../../engine/eos/core/eosFamily.js';
import { LIBRARY, LIBRARY_NAMES } from '../../../engine/eos/library/components.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { executeDefinition, type ExecutionOutcome } from '../../../engine/execute.js';
import { validateInput } from '../../../engine/validation.js';
import { prepareCall } from '../../../engine/call.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';
import { GAS_CONDENSATE_EXAMPLE } from '../../../engine/eos/flash.js';

function run(name: string, body: Record<string, unknown>, projectData?: Record<string, unknown>): ExecutionOutcome {
  const def = findDefinition(name) as AnyDefinition;
  const v = validateInput(def, body);
  if (!v.ok) throw new Error(`invalid: ${JSON.stringify(v.fields)}`);
  let input = v.input;
  if (def.resolve === 'fluidModel') {
    const sel = selectFluidModel(projectData ?? DEMO_PROJECT_DATA, body.fluidModelId as string | undefined, { projectId: String(body.projectId), versionId: null });
    if (!sel.ok) throw new Error(sel.message);
    input = { ...input, fluidModel: sel.model };
  }
  return executeDefinition(def, input);
}

function refused(r: ExecutionOutcome, reason: string, message: RegExp): void {
  expect(r.ok, JSON.stringify(r)).to.equal(false);
  if (r.ok) return;
  expect(r.reason).to.equal(reason);
  expect(r.message).to.match(message);
  expect(r.message).not.to.match(/has no physical answer/);
}

const C3 = { components: ['C3'], eos: 'PR', TF: 100 };
const GC = { ...GAS_CONDENSATE_EXAMPLE, eos: 'PR' };
const DEMO = { projectId: 'demo', fluidModelId: 'volatile-oil-pr78' };

describe('eos physical domain (engine/eos/domain.ts)', () => {
  describe('pressures and temperatures', () => {
    for (const psia of [5e-324, 1e-300, 1e-4]) {
      it(`eos.pureComponent at ${psia} psia: out_of_range naming psia (the property test's NaN case)`, () => {
        refused(run('eos.pureComponent', { ...C3, psia }), 'out_of_range', new RegExp(`^psia ${psia} psia is outside >= ${MIN_EOS_PSIA} and <= 100000 psia: .*hard vacuum`));
      });
    }
    it('eos.pureComponent at exactly 1e-3 psia answers with finite numbers', () => {
      const r = run('eos.pureComponent', { ...C3, psia: MIN_EOS_PSIA });
      expect(r.ok, JSON.stringify(r)).to.equal(true);
    });
    it('eos.flash, eos.model.flash at 1e-300 psia: out_of_range naming psia', () => {
      refused(run('eos.flash', { ...GC, TF: 100, psia: 1e-300 }), 'out_of_range', /^psia 1e-300 psia is outside/);
      refused(run('eos.model.flash', { ...DEMO, TF: 212, psia: 1e-300 }), 'out_of_range', /^psia 1e-300 psia is outside/);
    });
    it('eos.model.cce, .cvd, .differentialLiberation: a pressure of the list below 1e-3 psia is refused naming the list', () => {
      refused(run('eos.model.cce', { ...DEMO, TF: 212, psia: [5000, 5e-324, 1000] }), 'out_of_range', /^psia 5e-324 psia is outside/);
      refused(run('eos.model.cvd', { ...DEMO, TF: 212, psia: [3000, 1e-6] }), 'out_of_range', /^psia 0.000001 psia is outside/);
      refused(run('eos.model.differentialLiberation', { ...DEMO, TF: 212, psia: [3000, 1e-9] }), 'out_of_range', /^psia 1e-9 psia is outside/);
    });
    it('eos.model.separatorTest: a stage pressure near vacuum and a stage colder than a tenth of the C7+ critical temperature are refused naming the stage', () => {
      refused(run('eos.model.separatorTest', { ...DEMO, TF: 212, stages: [{ psia: 1e-5, TF: 75 }] }), 'out_of_range', /^stages\[0\]\.psia 0.00001 psia/);
      // The demo's C7+ (742.5 K) is inside the domain at any stage temperature (>= -100 degF); a 2000 K lump is not at -100 degF.
      const heavy = structuredClone(DEMO_PROJECT_DATA) as { fluidModels: { components: { name: string; tcK: number }[] }[] };
      heavy.fluidModels[0]!.components[10]!.tcK = 2000;
      refused(run('eos.model.separatorTest', { ...DEMO, TF: 212, stages: [{ psia: 100, TF: -100 }] }, heavy), 'out_of_range', /^stages\[0\]\.TF -100 degF is 0\.0999 times the critical temperature of C7\+ \(2000 K\)/);
    });
    it('eos.model.separatorTest: a train whose pressures rise (100 then 500 psia, a tank above the last stage, a first stage above the reservoir) is refused naming the input; it was flashed as given', () => {
      const def = findDefinition('eos.model.separatorTest') as AnyDefinition;
      const rising = prepareCall(def, { ...DEMO, TF: 212, stages: [{ psia: 100, TF: 75 }, { psia: 500, TF: 75 }] });
      expect(rising.ok).to.equal(false);
      if (!rising.ok) expect(rising.fields).to.have.property('stages[1].psia').that.matches(/must not be above stages\[0\]\.psia \(100\)/);
      const tank = prepareCall(def, { ...DEMO, TF: 212, stages: [{ psia: 10, TF: 75 }], stockTank: { psia: 50, TF: 60 } });
      expect(tank.ok).to.equal(false);
      if (!tank.ok) expect(tank.fields).to.have.property('stockTank.psia');
      expect(prepareCall(def, { ...DEMO, TF: 212, stages: [{ psia: 300, TF: 90 }, { psia: 300, TF: 75 }, { psia: 60, TF: 75 }] }).ok, 'equal pressures (a heater) are a train').to.equal(true);
      refused(run('eos.model.separatorTest', { ...DEMO, TF: 212, stages: [{ psia: 5000, TF: 75 }] }), 'invalid_input', /^stages\[0\]\.psia 5000 is above the reservoir pressure 3124\.81 psia/);
    });
    it('a mixture that is one substance in all but name (a component given twice, or one with a 1e-12 trace beside it) is refused saying so and naming eos.pureComponent; it said "one phase at every pressure", false for propane at 100 degF', () => {
      const twice = run('eos.saturationPressure', { components: ['C3', { name: 'X', TcK: 369.83, PcBar: 42.48, omega: 0.152, MW: 44.1 }], composition: [0.5, 0.5], eos: 'PR', TF: 100 });
      refused(twice, 'no_solution', /^no saturation point found at 100\.00 degF; the fluid behaves as a single substance \(its components \(C3, X\) have the same critical temperature, pressure and acentric factor\).*eos\.pureComponent/);
      const trace = run('eos.phaseEnvelope', { components: ['C1', 'C3'], composition: [0.999999999999, 1e-12], eos: 'PR' });
      refused(trace, 'no_solution', /the envelope cannot be started; the fluid behaves as a single substance \(C1 is all but a mole fraction of 1e-12 of it\)/);
    });
    it(`a temperature below ${MIN_REDUCED_T} Tc of a component present is refused naming the component; the same component absent is not checked`, () => {
      refused(run('eos.pureComponent', { components: ['nC10'], TF: -360, psia: 14.7 }), 'out_of_range', /^TF -360 degF is 0\.0896 times the critical temperature of nC10 \(617\.7 K\), below 0\.1: no substance is liquid/);
      const body = { components: ['N2', 'C1', 'nC10'], composition: [0.5, 0.5, 0], TF: -360, psia: 100 };
      expect(run('eos.flash', body).ok).to.equal(true);
      refused(run('eos.flash', { ...body, composition: [0.5, 0.49, 0.01] }), 'out_of_range', /^TF -360 degF is 0\.0896 times the critical temperature of nC10/);
    });
    it("above the turning point of a component's Soave alpha the call answers with a warning (N2 with SRK turns at 1030.5 K, 1395.26 degF)", () => {
      const turnF = alphaTurningT(LIBRARY.N2!.TcK, EOS.SRK.m(LIBRARY.N2!.omega)) * 1.8 - 459.67;
      expect(turnF).to.be.closeTo(1395.26, 0.01);
      const r = run('eos.flash', { components: ['N2', 'C1'], composition: [0.5, 0.5], eos: 'SRK', TF: 1450, psia: 1000 });
      expect(r.ok, JSON.stringify(r)).to.equal(true);
      if (r.ok) expect(r.warnings.join(' | ')).to.match(/TF 1450 degF is above 1395\.26\d* degF, where the Soave alpha of N2 .* stops falling/);
      const cool = run('eos.flash', { components: ['N2', 'C1'], composition: [0.5, 0.5], eos: 'SRK', TF: 1300, psia: 1000 });
      expect(cool.ok && cool.warnings.filter((w) => /stops falling/.test(w))).to.deep.equal([]);
    });
    it('a made-up component past its turning point whose SRK shift (s = 1.05 at omega 2.5) moves the volume below zero is refused naming the shift', () => {
      refused(
        run('eos.flash', { components: [{ name: 'X', TcK: 3, PcBar: 45, omega: 2.5, MW: 158 }], composition: [1], eos: 'SRK', volumeShift: 'Peneloux', TF: 410, psia: 25 }),
        'out_of_range',
        /^the Peneloux volume shift moves a phase's molar volume from .* not above zero/,
      );
    });
    it('no library component turns below 1390 degF with any EOS', () => {
      for (const name of LIBRARY_NAMES) {
        const c = LIBRARY[name]!;
        for (const eos of ['PR', 'PR78', 'SRK'] as const) expect(alphaTurningT(c.TcK, EOS[eos].m(c.omega)), `${name} ${eos}`).to.be.greaterThan((1390 + 459.67) / 1.8);
      }
    });
  });

  describe('component constants', () => {
    const bad: [keyof typeof COMPONENT_DOMAIN, number][] = [
      ['TcK', 1e-300],
      ['PcBar', 1e-12],
      ['MW', 1e-9],
      ['VcCm3PerMol', 1e-12],
      ['volumeShift', 1],
    ];
    for (const [key, value] of bad) {
      it(`a pseudo-component with ${key} ${value}: out_of_range naming components[0] and ${key}`, () => {
        const c: Record<string, unknown> = { name: 'X', TcK: 600, PcBar: 20, omega: 0.5, MW: 200, [key]: value };
        const r = run('eos.pureComponent', { components: [c], TF: 200, psia: 100, volumeShift: 'Peneloux' });
        if (key === 'volumeShift') {
          // s = 1 is inside the domain (its edge); the shifted volume stays positive (V > b).
          expect(r.ok, JSON.stringify(r)).to.equal(true);
          return;
        }
        refused(r, 'out_of_range', new RegExp(`^components\\[0\\] 'X' ${key} ${value}`));
      });
    }
    it("a saved model's constant outside the domain is refused naming the model and its component", () => {
      const data = structuredClone(DEMO_PROJECT_DATA) as { fluidModels: { components: { pcBar: number }[] }[] };
      data.fluidModels[0]!.components[3]!.pcBar = 1e-6;
      refused(run('eos.model.flash', { ...DEMO, TF: 212, psia: 2000 }, data), 'out_of_range', /^fluid model 'volatile-oil-pr78' components\[3\] 'C2' PcBar 0\.000001 bar is outside >= 0\.5/);
      refused(run('eos.model.describe', { ...DEMO }, data), 'out_of_range', /^fluid model 'volatile-oil-pr78' components\[3\] 'C2' PcBar/);
    });
    it('eos.characterizePlus refuses a split whose heaviest lump leaves the EOS component domain, naming the lump', () => {
      // MW 500 with SG 0.6 (a Watson factor of ~17, lighter than any paraffin of that size): Twu's Pc runs away.
      refused(run('eos.characterizePlus', { MW: 500, SG: 0.6, criticalMethod: 'Twu', groups: 1 }), 'out_of_range', /^the Twu characterization gives pseudo-component C7\+ no physical constants for the EOS functions: PcBar 2\d{4}\.\d+ bar is outside >= 0\.5 and <= 1000 bar/);
    });
    it("eos.characterizePlus pseudo-components go into eos.flash as they come (the demo's C7+ in three lumps)", () => {
      const c = run('eos.characterizePlus', { zPlus: 0.2473, MW: 215, SG: 0.8524, groups: 3 });
      expect(c.ok).to.equal(true);
      if (!c.ok) return;
      const lumps = (c.result.pseudoComponents as { name: string; TcK: number; PcBar: number; omega: number; MW: number; VcCm3PerMol: number; moleFraction: number }[]).map(
        ({ name, TcK, PcBar, omega, MW, VcCm3PerMol, moleFraction }) => ({ c: { name, TcK, PcBar, omega, MW, VcCm3PerMol }, z: moleFraction }),
      );
      const zC1 = 1 - lumps.reduce((s, l) => s + l.z, 0);
      const r = run('eos.flash', { components: ['C1', ...lumps.map((l) => l.c)], composition: [zC1, ...lumps.map((l) => l.z)], TF: 212, psia: 1000 });
      expect(r.ok, JSON.stringify(r)).to.equal(true);
    });
  });

  describe('compositions', () => {
    it('a fraction below 1e-20 counts as absent: x and y report 0 for it, its K is the infinite-dilution ratio, every number finite', () => {
      for (const tiny of [5e-324, 1e-300, 1e-25]) {
        const z = [...GC.composition];
        z[8] = tiny; // nC10
        z[2] = z[2]! + 0.03; // C1 takes nC10's share
        const r = run('eos.flash', { ...GC, composition: z, TF: 100, psia: 1000 });
        expect(r.ok, JSON.stringify(r)).to.equal(true);
        if (!r.ok) continue;
        const res = r.result as { x: number[]; y: number[]; K: number[] };
        expect(res.x[8]).to.equal(0);
        expect(res.y[8]).to.equal(0);
        expect(res.K[8]).to.be.greaterThan(0).and.lessThan(1);
      }
    });
    it('a saturation pressure with trace components (the case whose residual was Infinity) answers with finite numbers', () => {
      const r = run('eos.saturationPressure', { components: ['C1', 'cyclohexane', 'nC6', 'nC9'], composition: [0.33520186563277843, 5e-324, 0, 0.6647981343672216], eos: 'SRK', TF: 270.06231917339056 });
      expect(r.ok, JSON.stringify(r)).to.equal(true);
      if (r.ok) expect(Number.isFinite(r.result.residual as number)).to.equal(true);
    });
  });

  describe('answers beyond the floating-point range are refused naming the quantity', () => {
    it('eos.pureComponent: a fugacity beyond 1e308 psia (100 000 psia on a component of Pc 0.5 bar)', () => {
      refused(run('eos.pureComponent', { components: [{ name: 'X', TcK: 1043, PcBar: 0.5, omega: 0.28, MW: 400 }], eos: 'PR', TF: 1392, psia: 99_999 }), 'out_of_range', /the fugacity on the stable root is e\^\d+ psia, beyond the floating-point range/);
    });
    it("eos.flash: an absent made-up component's K at infinite dilution above 1e308 (Pc 0.5 bar beside H2 and N2 at -300 degF)", () => {
      const r = run('eos.flash', {
        components: [{ name: 'P0', TcK: 300, PcBar: 0.5, omega: -0.387, MW: 2000, VcCm3PerMol: 20000 }, 'N2', 'H2', 'C1'],
        composition: [0, 0.3, 0.3, 0.4],
        eos: 'PR',
        TF: -300,
        psia: 100,
      });
      refused(r, 'out_of_range', /^the equilibrium ratio K of P0 is above 1e308 at these conditions, beyond the floating-point range/);
    });
  });

  it('the phase envelope stays above a tenth of the heaviest critical temperature (its stop says so)', () => {
    const r = run('eos.phaseEnvelope', { ...GC, maxPoints: 400 });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const tMinF = MIN_REDUCED_T * LIBRARY.nC10!.TcK * 1.8 - 459.67;
    for (const t of r.result.TF as number[]) expect(t).to.be.greaterThan(tMinF - 1e-9);
  });

  it('an envelope that rises past 100,000 psia reports no point above it, and no cricondenbar it never reached (it reported the last point, 105,728 psia, as one)', () => {
    for (const [components, composition] of [[['C1', 'H2O'], [0.8, 0.2]], [['C1', 'He'], [0.9, 0.1]]] as const) {
      const r = run('eos.phaseEnvelope', { components: [...components], composition: [...composition], eos: 'PR', maxPoints: 400 });
      expect(r.ok, JSON.stringify(r).slice(0, 300)).to.equal(true);
      if (!r.ok) continue;
      const res = r.result as { psia: number[]; cricondenbar: unknown; complete: boolean; stopReason: string };
      expect(res.complete).to.equal(false);
      expect(res.stopReason).to.equal('the envelope rises above 100000 psia, the limit of this function');
      expect(Math.max(...res.psia)).to.be.at.most(100_000);
      expect(res.cricondenbar).to.equal(null);
      expect(r.warnings.some((w) => /^the traced part of the envelope \(from 14\.696 psia; the envelope rises above 100000 psia, the limit of this function\) does not hold its cricondenbar/.test(w)), JSON.stringify(r.warnings)).to.equal(true);
    }
  });

  it('an extreme beyond the traced part (the cricondentherm below a high startPsia) is not reported as the start point (it gave the start point, 1000 psia)', () => {
    const at = (startPsia: number) => run('eos.phaseEnvelope', { components: ['C1', 'nC4'], composition: [0.95, 0.05], eos: 'PR', startPsia });
    const low = at(14.696);
    expect(low.ok).to.equal(true);
    if (!low.ok) return;
    const ct = low.result.cricondentherm as { TF: number; psia: number };
    expect(ct.psia).to.be.within(700, 900);
    const high = at(1000);
    expect(high.ok).to.equal(true);
    if (!high.ok) return;
    expect(high.result.cricondentherm).to.equal(null);
    expect(high.warnings).to.include('the traced part of the envelope (from 1000 psia; returned to the starting pressure) does not hold its cricondentherm: it is not reported');
    // The cricondenbar, which the trace does pass, is the same from either start.
    expect((high.result.cricondenbar as { psia: number }).psia).to.be.closeTo((low.result.cricondenbar as { psia: number }).psia, 1e-4);
  });
});
