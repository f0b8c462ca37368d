import { expect } from 'chai';
import { executeDefinition, type ExecutionOutcome } from '../../../engine/execute.js';
import { inputToField } from '../../../engine/units.js';
import { validateInput } from '../../../engine/validation.js';
import { gasProperties, KERNEL_CHECKS_BOUNDS } from '../../../engine/pvt/gasProperties.js';

type Result = Record<string, number | number[]>;

/** A call as the API makes it: validate, convert units, execute. */
function call(body: Record<string, unknown>): ExecutionOutcome | { ok: false; reason: 'validation'; message: string; fields: Record<string, string> } {
  const v = validateInput(gasProperties as never, body);
  if (!v.ok) return { ok: false, reason: 'validation', message: v.message, fields: v.fields };
  return executeDefinition(gasProperties as never, inputToField(gasProperties.input, v.input, v.units));
}
function ok(body: Record<string, unknown>): { result: Result; warnings: string[] } {
  const r = call(body);
  if (!r.ok) throw new Error(r.message);
  return { result: r.result as Result, warnings: r.warnings };
}
const num = (r: Result, k: string) => r[k] as number;

describe('pvt.gasProperties', () => {
  it('z at 2350 psia, 180 degF, gasSG 0.68 is 0.87854 (pyrestoolbox 3.7.6 docs/gas.rst gas_z example; DAK + Piper–McCain–Corredor defaults)', () => {
    expect(num(ok({ psia: 2350, TF: 180, gasSG: 0.68 }).result, 'z')).to.be.closeTo(0.87853999271, 1e-5);
  });

  it('sour gas by Sutton/Kay/Wichert–Aziz: gasSG 0.8, 5% CO2, 10% H2S -> Tpc 397.6059 degR, Ppc 706.2943 psia (pyrestoolbox 3.7.6, refdata gas-DAK-SUT-0403-sour)', () => {
    const r = ok({ psia: 1000, TF: 120, gasSG: 0.8, yCO2: 0.05, yH2S: 0.1, pcMethod: 'SuttonWichertAziz' }).result;
    expect(num(r, 'Tpc')).to.be.closeTo(397.605938238, 1e-6);
    expect(num(r, 'Ppc')).to.be.closeTo(706.294349523, 1e-6);
    expect(num(r, 'z')).to.be.closeTo(0.851211521502, 0.851211521502 * 5e-4);
  });

  it('Piper–McCain–Corredor takes the non-hydrocarbons in its fit (no Wichert–Aziz): gasSG 0.8, 10% CO2 -> Tpc 393.8377, Ppc 688.7142 (pyrestoolbox 3.7.6, refdata gas-DAK-PMC-0386-sour)', () => {
    const r = ok({ psia: 3000, TF: 120, gasSG: 0.8, yCO2: 0.1 }).result;
    expect(num(r, 'Tpc')).to.be.closeTo(393.837662965, 1e-6);
    expect(num(r, 'Ppc')).to.be.closeTo(688.714167874, 1e-6);
  });

  it('at standard conditions Bg equals z and density is p MW / (z R T) (definitions, 14.696 psia, 60 degF, R 10.731577)', () => {
    const r = ok({ psia: 14.696, TF: 60, gasSG: 0.65 }).result;
    expect(num(r, 'Bg')).to.be.closeTo(num(r, 'z'), 1e-12);
    expect(num(r, 'BgRbPerMscf')).to.be.closeTo((num(r, 'Bg') * 1000) / 5.614583333333, 1e-9);
    expect(num(r, 'MW')).to.be.closeTo(28.97 * 0.65, 1e-12);
    expect(num(r, 'density')).to.be.closeTo((14.696 * 28.97 * 0.65) / (num(r, 'z') * 10.731577 * 519.67), 1e-12);
    expect(num(r, 'cg')).to.be.closeTo(1 / 14.696, 0.01 / 14.696);
  });

  it('a list of pressures gives lists of the same length, each equal to the single-pressure call', () => {
    const pressures = [14.696, 500, 2000, 6000];
    const many = ok({ psia: pressures, TF: 200, gasSG: 0.7, yN2: 0.02 }).result;
    for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) expect(many[k], k).to.have.length(pressures.length);
    expect(many.Tpc).to.be.a('number');
    pressures.forEach((p, i) => {
      const one = ok({ psia: p, TF: 200, gasSG: 0.7, yN2: 0.02 }).result;
      for (const k of ['z', 'viscosity', 'cg']) expect((many[k] as number[])[i], `${k}@${p}`).to.equal(one[k]);
    });
  });

  it('every list output\'s bounds are of the form the WebAssembly kernel checks (> 0, finite, at most a ceiling), so long lists keep the kernel', () => {
    // The density and viscosity ceilings (engine/quantity.ts) once turned the kernel off for every
    // long list without a failing test: the answers stayed right, at a quarter of the speed.
    expect(KERNEL_CHECKS_BOUNDS).to.equal(true);
  });

  it('defaults are DAK, Piper–McCain–Corredor and LGE-McCain', () => {
    const base = { psia: 3000, TF: 150, gasSG: 0.72, yCO2: 0.03 };
    expect(ok(base).result).to.deep.equal(ok({ ...base, zMethod: 'DAK', pcMethod: 'PiperMcCainCorredor', viscosityMethod: 'LGE-McCain' }).result);
  });

  it('the 1966 LGE constants differ from the McCain refit by a few percent at high density (refdata/pvt_gas.json notes: up to ~7%)', () => {
    const base = { psia: 8000, TF: 100, gasSG: 1.0, pcMethod: 'SuttonWichertAziz' };
    const refit = num(ok(base).result, 'viscosity');
    const original = num(ok({ ...base, viscosityMethod: 'LGE-original-1966' }).result, 'viscosity');
    expect(Math.abs(original / refit - 1)).to.be.within(0.005, 0.08);
  });

  describe('outside the validated range', () => {
    it('when the pressure is below the LGE data and Ppr below DAK, then warnings come back with the result', () => {
      const { result, warnings } = ok({ psia: 14.696, TF: 60, gasSG: 0.6 });
      expect(num(result, 'z')).to.be.closeTo(1, 0.003);
      expect(warnings.join('\n')).to.match(/psia 14.696 psia is below/).and.match(/Ppr .* below/).and.match(/TF 60 degF is below/);
    });
    it('when the hydrocarbon gravity is outside Sutton data, then a warning names Sutton', () => {
      expect(ok({ psia: 1000, TF: 150, gasSG: 2.0, pcMethod: 'SuttonWichertAziz' }).warnings.join(' ')).to.match(/Sutton/);
    });
    it('when CO2 + H2S pass 10%, then a warning says Lee–Gonzalez–Eakin viscosity data are sweet gases (50% CO2 at 150 degF, 8000 psia: 0.13 cp against 0.055 from a reference mixture model); at 5% H2S or 8% CO2 none', () => {
      // z is right there (1.100 against CoolProp 8.0's 1.105 for 50% CO2 in methane with a little C2/C3), the viscosity is not.
      const sour = ok({ psia: 8000, TF: 150, gasSG: 1.0582, yCO2: 0.5 });
      expect(num(sour.result, 'viscosity')).to.be.within(0.12, 0.14);
      expect(sour.warnings.join('\n')).to.match(/CO2 \+ H2S 0\.5 \(mole fraction\) is above 0\.1: Lee–Gonzalez–Eakin \(1966\) viscosity data are sweet natural gases/);
      expect(ok({ psia: 3000, TF: 150, gasSG: 0.8, yH2S: 0.08, yCO2: 0.03, pcMethod: 'SuttonWichertAziz' }).warnings.join('\n')).to.match(/CO2 \+ H2S 0\.11 /);
      for (const y of [{ yH2S: 0.05 }, { yCO2: 0.08 }, { yCO2: 0.05, yH2S: 0.05 }]) {
        expect(ok({ psia: 3000, TF: 150, gasSG: 0.7, ...y }).warnings.join('\n'), JSON.stringify(y)).not.to.match(/sweet natural gases/);
      }
    });
    it('when CO2 exceeds the Wichert–Aziz data, then a warning names Wichert–Aziz', () => {
      expect(ok({ psia: 1000, TF: 150, gasSG: 1.2, yCO2: 0.6, pcMethod: 'SuttonWichertAziz' }).warnings.join(' ')).to.match(/Wichert/);
    });
  });

  describe('impossible physics is refused, never NaN', () => {
    const failsValidation = (body: Record<string, unknown>, field: string) => {
      const r = call(body);
      expect(r.ok).to.equal(false);
      if (!r.ok && 'fields' in r) expect(r.fields).to.have.property(field);
      else expect.fail(`expected a validation failure on ${field}`);
    };
    it('psia <= 0 (also inside a list) fails validation', () => {
      failsValidation({ psia: 0, TF: 100, gasSG: 0.7 }, 'psia');
      failsValidation({ psia: [100, -5], TF: 100, gasSG: 0.7 }, 'psia[1]'); // the item is named
    });
    it('TF at or below absolute zero (-459.67 degF) fails validation', () => failsValidation({ psia: 100, TF: -460, gasSG: 0.7 }, 'TF'));
    it('gasSG <= 0 and a mole fraction above 1 fail validation', () => {
      failsValidation({ psia: 100, TF: 100, gasSG: 0 }, 'gasSG');
      failsValidation({ psia: 100, TF: 100, gasSG: 0.7, yCO2: 1.5 }, 'yCO2');
    });
    it('a metric temperature below absolute zero (-300 degC) is an invalid_input engine failure', () => {
      const r = call({ units: 'metric', psia: 100, TF: -300, gasSG: 0.7 });
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.reason).to.equal('invalid_input');
    });
    it('non-hydrocarbon fractions summing above 1 are an invalid_input engine failure', () => {
      const r = call({ psia: 100, TF: 100, gasSG: 1.2, yCO2: 0.6, yN2: 0.6 });
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.reason).to.equal('invalid_input');
    });
    it('a gravity too low for the stated CO2 (negative hydrocarbon gravity, Sutton) is an invalid_input engine failure', () => {
      const r = call({ psia: 100, TF: 100, gasSG: 0.6, yCO2: 0.5, pcMethod: 'SuttonWichertAziz' });
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.reason).to.equal('invalid_input');
    });
    it('pure CO2 (no hydrocarbon fraction) gives finite properties', () => {
      const r = call({ psia: 500, TF: 200, gasSG: 44.01 / 28.97, yCO2: 1, pcMethod: 'SuttonWichertAziz' });
      if (r.ok) for (const v of Object.values(r.result).flat()) expect(Number.isFinite(v)).to.equal(true);
      else expect(r.reason).to.be.oneOf(['invalid_input', 'no_solution']);
    });
  });
});
