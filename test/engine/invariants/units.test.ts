/**
 * Physical-invariant audit of unit conversion: units.convert round trips, transitivity, affine
 * form (factor, offset), list = scalar, exact reference values (NIST SP 811), and the field/metric
 * layer of the PVT and gas functions (engine/call.ts): the same physical input in metric units
 * gives the same physical output, checked against SI formulas computed here.
 * Tolerances: round trips and transitivity 1e-12 relative (products of exact factors; gauge
 * pressures near atmospheric lose digits to the offset, so they are compared on absolute scale);
 * reference values 1e-12.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { prepareCall, presentResult } from '../../../engine/call.js';
import { outputFromField } from '../../../engine/units.js';
import { QUANTITY_UNITS } from '../../../engine/units/unitTable.js';
import type { AnyDefinition } from '../../../engine/definition.js';
import { call, expectRel } from './support.js';

const convert = (value: number | number[], from: string, to: string, quantity?: string) => call('units.convert', { value, from, to, ...(quantity ? { quantity } : {}) });

describe('invariants: units.convert', () => {
  it('every pair of units of every quantity: there and back, through a third unit, factor/offset form, list = scalar (1e-12)', () => {
    // A conversion is an exact affine map (API gravity excepted, checked by its round trip).
    for (const [q, def] of Object.entries(QUANTITY_UNITS)) {
      const syms = def.units.flatMap((u) => [u.symbol, ...(u.aliases ?? [])]);
      const vals = q === 'temperature' ? [60, 212, 500, 1000] : q === 'oil gravity' ? [10, 35, 60] : q === 'pressure' ? [14.7, 100, 5000] : [1e-3, 1, 123.456, 1e6];
      const third = syms[syms.length - 1] as string;
      for (const a of syms)
        for (const b of syms) {
          const r = convert(vals, a, b, q);
          const back = convert(r.value, b, a, q);
          const viaThird = convert(convert(vals, a, third, q).value, third, b, q);
          const scale = q === 'pressure' ? Math.max(...vals) : 0; // gauge offsets: absolute comparison on the data's scale
          vals.forEach((v, i) => {
            const what = `${q} ${a}->${b} ${v}`;
            expect(Math.abs(back.value[i] - v) / Math.max(Math.abs(v), scale), `round trip ${what}`).to.be.below(1e-12);
            expect(Math.abs(viaThird.value[i] - r.value[i]) / Math.max(Math.abs(r.value[i]), scale * 1e-4), `via ${third} ${what}`).to.be.below(1e-12);
            if (r.factor !== undefined && r.offset !== undefined) expect(Math.abs(v * r.factor + r.offset - r.value[i]) / Math.max(Math.abs(r.value[i]), 1e-9)).to.be.below(1e-12);
          });
          expectRel(convert(vals[1] as number, a, b, q).value, r.value[1], 1e-15, `scalar ${q} ${a}->${b}`);
        }
    }
  });

  it('reference values (exact by definition, NIST SP 811): psi, degF/degC/K, API, psig, bbl, darcy, cP, g/cm3, 1/psi, scf/lbmol', () => {
    expectRel(convert(1, 'psi', 'Pa').value, 6894.757293168361, 1e-15, 'psi');
    expectRel(convert(212, 'degF', 'degC').value, 100, 1e-15, 'boiling');
    expectRel(convert(0, 'degC', 'K').value, 273.15, 1e-15, 'ice point');
    expectRel(convert(-40, 'degF', 'degC').value, -40, 1e-15, '-40');
    expectRel(convert(10, 'degAPI', 'SG(60F)').value, 1, 1e-15, 'API 10');
    expectRel(convert(0, 'psig', 'psia').value, 14.696, 1e-15, 'psig');
    expectRel(convert(1, 'bbl', 'gal').value, 42, 1e-14, 'bbl');
    expectRel(convert(1, 'D', 'm2').value, 9.869233e-13, 1e-15, 'darcy');
    expectRel(convert(1, 'cP', 'Pa.s').value, 1e-3, 1e-15, 'cP');
    expectRel(convert(1, 'g/cm3', 'lbm/ft3').value, 62.42796057614462, 1e-14, 'g/cm3');
    expectRel(convert(1, '1/psi', '1/bar').value, 14.503773773020923, 1e-14, '1/psi');
    expectRel(convert(1, 'lbmol', 'scf').value, 379.4827616935968, 1e-14, 'ideal-gas scf per lbmol at 14.696 psia, 60 degF, R = N_A k exact (pint 0.25.3)');
    expectRel(convert(1, 'STB/MMscf', 'sm3/E6sm3').value, 5.614583333333333, 1e-14, 'CGR');
  });
});

/** A whole API-style call (prepareCall -> executeDefinition -> presentResult) of `name` in `units`. */
function fullCall(name: string, body: Record<string, unknown>): Record<string, any> {
  const def = findDefinition(name) as AnyDefinition;
  const c = prepareCall(def, body);
  if (!c.ok) throw new Error(c.message);
  const out = executeDefinition(def, c.input);
  if (!out.ok) throw new Error((out as { message: string }).message);
  return presentResult(def, (out as { result: Record<string, unknown> }).result, out.warnings, c.units);
}

describe('invariants: field vs metric units of the PVT and gas functions', () => {
  const names = ['pvt.gasProperties', 'pvt.waterProperties', 'pvt.gasPseudoPressure', 'pvt.gasPseudoCritical', 'pvt.oilBubblePoint', 'pvt.oilSolutionGOR', 'pvt.oilFVF', 'pvt.oilViscosity', 'pvt.oilCompressibility', 'pvt.oilDensity', 'pvt.oilProperties', 'pvt.blackOilTable', 'gas.pzMaterialBalance', 'gas.pressureFromPOverZ', 'gas.criticalRate', 'gas.hydrateTemperature', 'gas.waterContent', 'pvt.zFactor'];

  it("each example in metric units (its inputs converted by the schema tags) gives the field answer converted (1e-8: the pz fit's residuals lose digits)", () => {
    // The same physical input must give the same physical output whatever the unit system.
    for (const n of names) {
      const def = findDefinition(n) as AnyDefinition;
      for (const ex of def.examples) {
        const field = fullCall(n, ex.input as Record<string, unknown>);
        const metric = fullCall(n, { ...(outputFromField(def.input, ex.input, 'metric') as Record<string, unknown>), units: 'metric' });
        const { units: _u, outputUnits: _o, warnings: _w, ...fieldOut } = field;
        const want = outputFromField(def.output, fieldOut, 'metric') as Record<string, unknown>;
        const cmp = (a: unknown, b: unknown, k: string): void => {
          if (typeof b === 'number') {
            const scale = k.startsWith('residuals') ? 1e3 : Math.abs(b);
            expect(Math.abs((a as number) - b) / Math.max(scale, 1e-300), `${n} ${k}`).to.be.below(1e-8);
          } else if (Array.isArray(b)) b.forEach((x, i) => cmp((a as unknown[])[i], x, `${k}[${i}]`));
          else if (b && typeof b === 'object') for (const kk of Object.keys(b)) cmp((a as Record<string, unknown>)[kk], (b as Record<string, unknown>)[kk], `${k}.${kk}`);
        };
        for (const k of Object.keys(want)) if (k !== 'deck') cmp(metric[k], want[k], k);
      }
    }
  });

  it('metric gasProperties obeys SI physics: density = p M/(z R T) in Pa, kg/kmol, K (2e-8: the engine R = 10.731577 psia ft3/(lbmol degR) is the SI value 10.73157709 rounded, 8e-9), Bg in rm3/sm3 = z T psc/(p Tsc)', () => {
    // An independent check of the metric tags: SI formula with R = 8314.462618 J/(kmol K).
    for (const [bara, degC, gasSG] of [[10, 20, 0.6], [150, 90, 0.7], [400, 150, 0.9]] as const) {
      const m = fullCall('pvt.gasProperties', { psia: bara, TF: degC, gasSG, units: 'metric' });
      const T = degC + 273.15;
      expectRel(m.density, (bara * 1e5 * m.MW) / (m.z * 8314.462618 * T), 2e-8, 'SI density');
      expectRel(m.Bg, (m.z * T * 1.01325278) / (bara * 288.7055556), 1e-6, 'SI Bg (14.696 psia = 1.01325278 bara, 60 degF = 288.7056 K)');
      expectRel(m.BgRbPerMscf, m.Bg, 1e-12, 'rb/Mscf in metric is rm3/sm3');
    }
  });

  it('metric oilDensity: density in kg/m3 = (stock-tank oil + dissolved gas mass) / Bo in SI (1e-9)', () => {
    // rho_o = (rho_w,sc gammaO + rho_air,sc gammaG Rs) / Bo with Rs in sm3/sm3.
    const m = fullCall('pvt.oilDensity', { psia: 150, api: 35, oilSG: 141.5 / 166.5, TF: 90, gasSG: 0.75, rsbScfStb: 100, units: 'metric' });
    const field = fullCall('pvt.oilDensity', { psia: 150 * 14.503773773020923, api: 35, oilSG: 141.5 / 166.5, TF: 194, gasSG: 0.75, rsbScfStb: 100 / 0.17810760667903527 });
    expectRel(m.density, field.density * 16.018463373960138, 1e-9, 'lbm/ft3 -> kg/m3');
    expectRel(m.rs, field.rs * 0.17810760667903527, 1e-9, 'scf/STB -> sm3/sm3');
  });
});
