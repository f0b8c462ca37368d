/**
 * Phase properties are held to where they can physically lie in every function that answers them
 * (engine/pvt/physicalRanges.ts and the quantity-wide ceilings of engine/quantity.ts): found by a
 * fuzz of the API (2026-11-28), pvt.oilProperties, pvt.oilFVF and pvt.blackOilTable answered 200
 * with Bo 2e-5 rb/STB and oil densities of 4e6 lbm/ft3 at an API gravity of 0.3, pvt.oilViscosity
 * a dead oil of 2e65 cp at 2 degF and pvt.oilFVF a negative compressibility, where pvt.oilDensity
 * alone refused its density. Each is now out_of_range (422) naming the value and the bound, except
 * the Vasquez–Beggs co, which now falls back to Spivey–Valko–McCain's where it is not positive.
 */
import { expect } from 'chai';
import { CATALOGUE, findDefinition } from '../../../engine/catalogue.js';
import { OIL_DENSITY, OIL_FVF, POSITIVE_COMPRESSIBILITY } from '../../../engine/pvt/physicalRanges.js';
import { expectFailure, ok } from './oil/oilCall.js';

type Schema = Record<string, unknown>;
const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** Every numeric output schema of `schema`, with the property name it sits under. */
function numbers(schema: unknown, name = '', out: { name: string; s: Schema }[] = []): { name: string; s: Schema }[] {
  if (!isSchema(schema)) return out;
  if (schema.type === 'number' || schema.type === 'integer') out.push({ name, s: schema });
  for (const b of [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])]) numbers(b, name, out);
  if (isSchema(schema.items)) numbers(schema.items, name, out);
  if (isSchema(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) numbers(v, k, out);
  return out;
}

const physical = (s: Schema) => (s.physical ?? {}) as Record<string, number>;

describe('phase properties inside their physical ranges, in every function', () => {
  it('every density output of the catalogue is at most 1000 lbm/ft3 and every viscosity at most 1e7 cp', () => {
    let seen = 0;
    for (const def of CATALOGUE) {
      for (const { name, s } of numbers(def.output)) {
        if (s.quantity === 'density') expect(physical(s).maximum, `${def.name} ${name}`).to.be.at.most(1000);
        if (s.quantity === 'viscosity') expect(physical(s).maximum, `${def.name} ${name}`).to.be.at.most(1e7);
        if (s.quantity === 'density' || s.quantity === 'viscosity') seen++;
      }
    }
    expect(seen).to.be.greaterThan(40);
  });

  it('every oil Bo, oil density and oil compressibility of the black-oil functions has the oil range', () => {
    const oilFunctions = ['pvt.oilFVF', 'pvt.oilDensity', 'pvt.oilProperties', 'pvt.oilCompressibility', 'pvt.blackOilTable'];
    const expected: Record<string, object> = { bo: OIL_FVF, bob: OIL_FVF, co: POSITIVE_COMPRESSIBILITY, stockTankDensity: OIL_DENSITY, oilDensity: OIL_DENSITY };
    let seen = 0;
    for (const name of oilFunctions) {
      const def = findDefinition(name)!;
      for (const { name: prop, s } of numbers(def.output)) {
        const want = prop === 'density' && s.description === 'Oil density' ? OIL_DENSITY : expected[prop];
        if (!want) continue;
        expect(physical(s), `${name} ${prop}`).to.include(want);
        seen++;
      }
    }
    expect(seen).to.be.greaterThan(12);
  });

  it('an API gravity of 0.3: Bo 2e-5 is refused in pvt.oilProperties, pvt.oilFVF and pvt.blackOilTable alike', () => {
    const oil = { api: 0.3, TF: 120, rsbScfStb: 800, gasSG: 0.7, pbPsia: 1260 };
    const bo = /has no physical answer for this input: bo = 0\.0000208\d* is outside the physically possible range >= 0\.5 and <= 10$/;
    expectFailure(findDefinition('pvt.oilProperties'), { ...oil, psia: 5000 }, 'out_of_range', bo);
    expectFailure(findDefinition('pvt.oilFVF'), { ...oil, psia: 5000 }, 'out_of_range', bo);
    expectFailure(findDefinition('pvt.blackOilTable'), { ...oil, psia: [500, 1000, 5000] }, 'out_of_range', /oil\[0\]\.undersaturated\[0\]\.bo = 0\.48\d* is outside the physically possible range >= 0\.5 and <= 10$/);
    expectFailure(findDefinition('pvt.oilProperties'), { ...oil, api: 0.2736, psia: 16839.75, rsbScfStb: 781.76, pbPsia: 1260.16, rsMethod: 'Standing', liveOilMethod: 'BeggsRobinson' }, 'out_of_range', /bo = 3\.5\d*e-21 is outside/);
  });

  it('a Beggs–Robinson dead oil at 2 degF (2e65 cp) is refused, in pvt.oilViscosity and pvt.oilProperties', () => {
    expectFailure(findDefinition('pvt.oilViscosity'), { psia: 20.8, api: 38, TF: 2.43, pbPsia: 19228, rsScfStb: 0 }, 'out_of_range', /muod = 2\.2\d*e\+65 is outside the physically possible range > 0 and <= 10000000$/);
    expectFailure(findDefinition('pvt.oilProperties'), { psia: 1000, api: 38, TF: 2.43, pbPsia: 2000, gasSG: 0.7 }, 'out_of_range', /mu\w* = [\d.]+e\+\d+ is outside the physically possible range > 0 and <= 10000000$/);
  });

  it('when the Vasquez–Beggs co is not positive (low GOR), then pvt.oilCompressibility and pvt.oilProperties answer a positive Spivey–Valko–McCain co with a warning, as pvt.oilFVF', () => {
    const lowGor = { api: 20, TF: 100, gasSG: 0.8, rsbScfStb: 50, psia: 2000, coMethod: 'VasquezBeggs' };
    for (const name of ['pvt.oilCompressibility', 'pvt.oilProperties']) {
      const r = ok(findDefinition(name), lowGor);
      const co = r.co as number | number[];
      expect(Array.isArray(co) ? co[0] : co, name).to.be.above(0);
      expect((r.warnings as string[]).join(' '), name).to.match(/Vasquez–Beggs \(1980\) co is not positive .* Spivey–Valko–McCain \(2007\)/);
    }
  });
});
