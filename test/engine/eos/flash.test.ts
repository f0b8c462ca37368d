/**
 * eos.flash and eos.saturationPressure beyond the reference vectors: the phase count either side
 * of every saturation vector, mass balance and fugacity equality at convergence, both dew
 * branches of the retrograde condensate, the kind checks and the LBC viscosity.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { validateInput } from '../../../engine/validation.js';
import { flashPT, Isotherm } from '../../../engine/eos/core/flashPT.js';
import { buildFluid } from '../../../engine/eos/fluidInput.js';
import { lbcViscosity } from '../../../engine/eos/properties/lbcViscosity.js';
import { Fluid } from '../../../engine/eos/core/fluid.js';
import { EOS_VECTORS, kelvin, psi, vectorFluidInput } from './fluids.js';

function run(name: string, input: Record<string, unknown>) {
  const def = findDefinition(name)!;
  const v = validateInput(def, input);
  if (!v.ok) throw new Error(JSON.stringify(v.fields));
  return executeDefinition(def, v.input);
}

const SAT = EOS_VECTORS.filter((v) => v.function === 'eos.saturationPressure');

describe('eos.flash', () => {
  it(`two phases at 0.995 x Psat and one at 1.005 x Psat for each of the ${SAT.length} saturation vectors`, () => {
    for (const v of SAT) {
      const base = { ...vectorFluidInput(v), TF: v.inputs.TF };
      const below = run('eos.flash', { ...base, psia: 0.995 * v.expected.psatPsia });
      const above = run('eos.flash', { ...base, psia: 1.005 * v.expected.psatPsia });
      expect(below.ok && below.result.phaseCount, `${v.id} below`).to.equal(2);
      expect(above.ok && above.result.phaseCount, `${v.id} above`).to.equal(1);
    }
  });

  it('closes the mass balance to 1e-10 and equates fugacities to 1e-8 at every two-phase flash vector and around every saturation vector', () => {
    let checked = 0;
    const cases = [
      ...EOS_VECTORS.filter((v) => v.function === 'eos.flash').map((v) => ({ v, psia: v.inputs.psia as number })),
      ...SAT.map((v) => ({ v, psia: 0.995 * v.expected.psatPsia })),
      ...SAT.map((v) => ({ v, psia: 0.5 * v.expected.psatPsia })),
    ];
    for (const { v, psia } of cases) {
      const { fluid, z } = buildFluid(vectorFluidInput(v));
      const T = kelvin(v.inputs.TF);
      const iso = new Isotherm(fluid, T);
      const r = flashPT(iso, z, psi(psia))!;
      if (r.phases !== 2) continue;
      checked++;
      expect(r.converged, v.id).to.equal(true);
      const L = r.liquid!;
      const V = r.vapour!;
      const b = r.vaporFraction;
      for (let i = 0; i < z.length; i++) expect(b * V.x[i]! + (1 - b) * L.x[i]! - z[i]!, `${v.id} mass ${i}`).to.be.closeTo(0, 1e-10);
      // Fugacities recomputed independently of the solver's own residual: f_i = x_i phi_i P.
      const l = iso.pm.evaluate(L.x, psi(psia), 'gibbs')!;
      const g = iso.pm.evaluate(V.x, psi(psia), 'gibbs')!;
      for (let i = 0; i < z.length; i++) {
        const fl = L.x[i]! * Math.exp(l.lnPhi[i]!);
        const fv = V.x[i]! * Math.exp(g.lnPhi[i]!);
        expect(Math.abs(fv - fl) / fl, `${v.id} fugacity ${i}`).to.be.at.most(1e-8);
      }
      expect(r.residual).to.be.at.most(1e-10);
    }
    expect(checked).to.be.greaterThan(40);
  });

  it('labels the lighter phase vapour and reports a dense supercritical single phase as L by PIP (thermo 0.6.1 labels: eos.json)', () => {
    const v = EOS_VECTORS.find((x) => x.id === 'flash-PR-gasCondensate-200F-5000psia')!;
    const r = run('eos.flash', { ...vectorFluidInput(v), TF: 200, psia: 5000 });
    expect(r.ok && r.result.phaseLabel).to.equal('L');
    expect(r.ok && (r.result.pip as number)).to.be.greaterThan(1);
    const two = run('eos.flash', { ...vectorFluidInput(v), TF: 100, psia: 1000 });
    expect(two.ok && (two.result.vaporDensityLbft3 as number)).to.be.lessThan(two.ok ? (two.result.liquidDensityLbft3 as number) : 0);
  });

  it('accepts zero mole fractions: the absent component gets x = y = 0 and a finite dilute K', () => {
    const r = run('eos.flash', { components: ['C1', 'C3', 'nC10'], composition: [0.6, 0.4, 0], eos: 'PR', TF: 0, psia: 500 });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect((r.result.x as number[])[2]).to.equal(0);
    expect((r.result.K as number[])[2]).to.be.within(1e-30, 1e-2);
    // Same split as without the component (eos.json flash-PR-C1-C3-0F-500psia, thermo 0.6.1).
    expect(r.result.vaporFraction).to.be.closeTo(0.539702913677, 1e-6);
  });

  it("LBC viscosity reproduces the chemicals 1.5.2 docstring example (that library prints 0.0093724 for the paper's 0.0093324; at rho_r 0.11 the difference is < 1e-8 cp)", () => {
    const f = new Fluid('PR', [
      { name: 'C1', tcK: 190.564, pcPa: 4599000, omega: 0.011, mw: 16.04246, vcM3: 9.86e-5, shift: 0 },
      { name: 'C2', tcK: 305.32, pcPa: 4872000, omega: 0.099, mw: 30.06904, vcM3: 1.455e-4, shift: 0 },
      { name: 'C3', tcK: 369.83, pcPa: 4248000, omega: 0.152, mw: 44.09562, vcM3: 2e-4, shift: 0 },
    ], [[0, 0, 0], [0, 0, 0], [0, 0, 0]], false);
    // chemicals.viscosity.Lorentz_Bray_Clarke(T=300, P=1e6, Vm=0.0023025, zs=[.4,.3,.3], ...) = 9.925488160761484e-06 Pa s
    expect(lbcViscosity(f, [0.4, 0.3, 0.3], 300, 0.0023025)).to.be.closeTo(9.925488160761484e-3, 1e-8);
  });
});

describe('eos.saturationPressure', () => {
  const condensate = EOS_VECTORS.find((x) => x.id === 'sat-PR-gasCondensate-dew-100F')!;
  const base = { ...vectorFluidInput(condensate), TF: 100 };

  it('finds both dew branches of the retrograde condensate: upper 2955.47 psia (eos.json) and a lower one, each validated', () => {
    const upper = run('eos.saturationPressure', { ...base, kind: 'dew', branch: 'upper' });
    const lower = run('eos.saturationPressure', { ...base, kind: 'dew', branch: 'lower' });
    expect(upper.ok && upper.result.psatPsia).to.be.closeTo(2955.47102846, 1e-4);
    expect(lower.ok).to.equal(true);
    if (!upper.ok || !lower.ok) return;
    // thermo 0.6.1 flash(T, VF=1) returns the lower dew point, between 2 and 40 psia for this fluid (eos.json notes).
    expect(lower.result.psatPsia as number).to.be.within(2, 40);
    expect(upper.result.validation).to.include({ phasesAbove: 1, phasesBelow: 2, passed: true });
    expect(lower.result.validation).to.include({ phasesAbove: 2, phasesBelow: 1, passed: true });
    // The lower dew point is where the liquid of a flash vanishes: just above it two phases, with a tiny liquid fraction.
    const just = run('eos.flash', { ...base, psia: (lower.result.psatPsia as number) * 1.001 });
    expect(just.ok && just.result.phaseCount).to.equal(2);
    expect(just.ok && (just.result.vaporFraction as number)).to.be.greaterThan(0.99);
  });

  it("kind 'auto' answers what the fluid has; a kind it has not is refused with the kind it has", () => {
    const auto = run('eos.saturationPressure', { ...base });
    expect(auto.ok && auto.result.kind).to.equal('dew');
    const bubble = run('eos.saturationPressure', { ...base, kind: 'bubble' });
    expect(bubble.ok).to.equal(false);
    if (!bubble.ok) {
      expect(bubble.reason).to.equal('no_solution');
      expect(bubble.message).to.include('dew point');
    }
  });

  it('is refused (422 no_solution) above the cricondentherm, where no pressure gives two phases', () => {
    const r = run('eos.saturationPressure', { ...base, TF: 600 });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.message).to.include('one phase');
  });
});
