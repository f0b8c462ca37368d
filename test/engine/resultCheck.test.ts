import { expect } from 'chai';
import Type from 'typebox';
import { checkResult } from '../../engine/resultCheck.js';
import { quantity, quantityOrArray } from '../../engine/quantity.js';

const output = Type.Object({
  Bo: quantityOrArray('formationVolumeFactor', { physical: { minimum: 0.5, maximum: 10 } }),
  TR: quantity('temperatureAbsolute'),
  rows: Type.Array(Type.Object({ density: quantity('density'), note: Type.String() })),
  free: Type.Object({}, { additionalProperties: true }),
  irr: Type.Union([quantity('dimensionless'), Type.Null()]),
});

describe('engine result check (engine/resultCheck.ts)', () => {
  const ok = { Bo: [1.2, 1.3], TR: 600, rows: [{ density: 50, note: 'x' }], free: { a: [1, 2] }, irr: null };

  it('passes finite numbers inside their physical ranges, nulls and strings', () => {
    expect(checkResult(output, ok)).to.equal(null);
  });

  it('refuses a number outside the range its output declares, naming the path and the bound', () => {
    expect(checkResult(output, { ...ok, Bo: [1.2, 1e-140] })).to.deep.equal({ path: 'Bo[1]', value: 1e-140, problem: 'is outside the physically possible range >= 0.5 and <= 10' });
    expect(checkResult(output, { ...ok, Bo: 11 })).to.include({ path: 'Bo' });
  });

  it("applies the quantity's defaults: absolute temperature and density are positive", () => {
    expect(checkResult(output, { ...ok, TR: -1 })).to.include({ path: 'TR', problem: 'is outside the physically possible range > 0' });
    expect(checkResult(output, { ...ok, rows: [{ density: 50, note: 'a' }, { density: 0, note: 'b' }] })).to.include({ path: 'rows[1].density' });
  });

  it('refuses NaN and Infinity anywhere, free-form objects included', () => {
    expect(checkResult(output, { ...ok, free: { a: [1, Infinity] } })).to.deep.equal({ path: 'free.a[1]', value: Infinity, problem: 'is not a finite number' });
    expect(checkResult(output, { ...ok, TR: NaN })).to.include({ path: 'TR', problem: 'is not a finite number' });
  });
});
