/**
 * The array paths' columns (engine/pvt/correlations/columns.ts): plain arrays up to
 * PLAIN_COLUMN_MAX values, Float64Array beyond; what the executor's result check makes of each,
 * and why no API result can hold a Float64Array.
 */
import { expect } from 'chai';
import { executeDefinition } from '../../../engine/execute.js';
import { checkResult, listBounds } from '../../../engine/resultCheck.js';
import { gasProperties } from '../../../engine/pvt/gasProperties.js';
import { zFactor } from '../../../engine/pvt/zFactor.js';
import { PLAIN_COLUMN_MAX, newColumn } from '../../../engine/pvt/correlations/columns.js';
import { validateInput } from '../../../engine/validation.js';
import type { AnyDefinition } from '../../../engine/definition.js';

const run = (def: unknown, input: Record<string, unknown>) => {
  const out = executeDefinition(def as AnyDefinition, input);
  if (!out.ok) throw new Error(out.message);
  return out.result as Record<string, unknown>;
};

/** One long call of `def` over `list` equals, index by index within `rel`, the same points in calls of 10,000 (the API's most). */
function expectSameAsApiSizedCalls(def: unknown, field: string, list: number[], body: Record<string, unknown>, outputs: string[], rel: number): void {
  const whole = run(def, { ...body, [field]: list });
  for (let from = 0; from < list.length; from += 10_000) {
    const part = run(def, { ...body, [field]: list.slice(from, from + 10_000) });
    for (const k of outputs) {
      const long = whole[k] as Float64Array;
      const each = part[k] as number[];
      for (let j = 0; j < each.length; j++) {
        const want = each[j] as number;
        if (!(Math.abs((long[from + j] as number) - want) <= rel * Math.abs(want))) expect.fail(`${k}[${from + j}] = ${long[from + j]}, API-sized call ${want}`);
      }
    }
  }
}

describe('array-path columns (plain arrays, Float64Array past PLAIN_COLUMN_MAX)', () => {
  it('a column is a plain array up to PLAIN_COLUMN_MAX values and a Float64Array beyond', () => {
    expect(Array.isArray(newColumn(PLAIN_COLUMN_MAX))).to.equal(true);
    expect(newColumn(PLAIN_COLUMN_MAX + 1)).to.be.instanceOf(Float64Array);
  });

  it('no API call can reach a Float64Array column: the list inputs of pvt.zFactor and pvt.gasProperties stop below PLAIN_COLUMN_MAX', () => {
    // Raising those maxItems past PLAIN_COLUMN_MAX would put Float64Arrays in JSON answers
    // (written as objects): convert them in engine/call.ts presentResult first.
    const long = (def: unknown, field: string) => {
      const v = validateInput(def as AnyDefinition, { ...(field === 'ppr' ? { tpr: 1.5 } : { TF: 150, gasSG: 0.7 }), [field]: new Array(PLAIN_COLUMN_MAX + 1).fill(1000) });
      return v.ok;
    };
    expect(long(zFactor, 'ppr')).to.equal(false);
    expect(long(gasProperties, 'psia')).to.equal(false);
  });

  it('pvt.gasProperties over 20,000 pressures answers Float64Array columns that pass the result check and equal one call per pressure', () => {
    const psia = Array.from({ length: 20_000 }, (_, i) => 20 + i * 0.6);
    const body = { TF: 160, gasSG: 0.68, yCO2: 0.01 };
    const list = run(gasProperties, { ...body, psia });
    for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) {
      expect(list[k], k).to.be.instanceOf(Float64Array);
      expect((list[k] as Float64Array).length, k).to.equal(psia.length);
    }
    expect(checkResult(gasProperties.output, list)).to.equal(null);
    for (const i of [0, 1, 2047, 2048, 9999, 16_384, 19_999]) {
      const one = run(gasProperties, { ...body, psia: psia[i] });
      for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) {
        const got = (list[k] as Float64Array)[i] as number;
        expect(got, `${k} at ${psia[i]} psia`).to.be.closeTo(one[k] as number, 1e-9 * Math.abs(one[k] as number));
      }
    }
  });

  it('pvt.zFactor over 20,000 reduced pressures answers Float64Array columns equal to one call per point', () => {
    const ppr = Array.from({ length: 20_000 }, (_, i) => 0.05 + i * 0.00075);
    const list = run(zFactor, { ppr, tpr: 1.4 });
    expect(list.z).to.be.instanceOf(Float64Array);
    expect(list.dzdppr).to.be.instanceOf(Float64Array);
    for (const i of [0, 5000, 19_999]) {
      const one = run(zFactor, { ppr: ppr[i], tpr: 1.4 });
      expect((list.z as Float64Array)[i]).to.be.closeTo(one.z as number, 1e-12 * (one.z as number));
      expect((list.dzdppr as Float64Array)[i]).to.be.closeTo(one.dzdppr as number, 1e-8 * Math.abs(one.dzdppr as number));
    }
  });

  it('every value of a long list is written: 30,000 pressures equal the same pressures in API-sized calls, index by index (the long columns are not zeroed first)', () => {
    // Several long calls first, so the allocator hands back memory that held other columns.
    const body = { TF: 190, gasSG: 0.71, yN2: 0.02 };
    for (let k = 0; k < 4; k++) run(gasProperties, { ...body, psia: Array.from({ length: 40_000 }, (_, i) => 900 + i * 0.1) });
    const psia = Array.from({ length: 30_000 }, (_, i) => 15 + i * 0.33);
    expectSameAsApiSizedCalls(gasProperties, 'psia', psia, body, ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg'], 1e-9);
    const ppr = Array.from({ length: 30_000 }, (_, i) => 0.05 + i * 0.0005);
    expectSameAsApiSizedCalls(zFactor, 'ppr', ppr, { tpr: 1.6 }, ['z', 'dzdppr'], 1e-8);
    // Hall-Yarborough fills its columns by the per-point loop, not the DAK kernel.
    expectSameAsApiSizedCalls(zFactor, 'ppr', ppr, { tpr: 1.6, zMethod: 'HY' }, ['z', 'dzdppr'], 1e-8);
    expectSameAsApiSizedCalls(gasProperties, 'psia', psia, { ...body, zMethod: 'HY' }, ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg'], 1e-9);
  });

  it('the result check walks a Float64Array like a list: an impossible or non-finite value is refused with its index', () => {
    const col = (xs: number[]) => Float64Array.from(xs);
    const result = { Tpc: 400, Ppc: 670, Tpr: 1.5, Ppr: col([1, 2]), z: col([0.9, 0.9]), Bg: col([0.01, 0.01]), BgRbPerMscf: col([1, 1]), density: col([5, 5]), viscosity: col([0.01, 0.01]), cg: col([1e-4, 1e-4]), MW: 20 };
    expect(listBounds(gasProperties.output.properties.z)).to.not.equal(null);
    expect(checkResult(gasProperties.output, result)).to.equal(null);
    expect(checkResult(gasProperties.output, { ...result, z: col([0.9, -0.1]) })).to.deep.include({ path: 'z[1]', value: -0.1 });
    expect(checkResult(gasProperties.output, { ...result, cg: col([NaN, 1e-4]) })).to.deep.include({ path: 'cg[0]', problem: 'is not a finite number' });
  });
});
