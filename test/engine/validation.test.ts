/** Input validation (engine/validation.ts): what a refusal names, and what it costs. */
import { expect } from 'chai';
import { findDefinition } from '../../engine/catalogue.js';
import { validateInput } from '../../engine/validation.js';

const gas = findDefinition('pvt.gasProperties')!;
const econ = findDefinition('econ.metrics')!;

/** An array whose elements count every read of them. */
function countingArray(length: number): { array: number[]; reads: () => number } {
  let reads = 0;
  const target = new Array<number>(length).fill(1000);
  const array = new Proxy(target, {
    get(t, p, r) {
      if (typeof p === 'string' && /^\d+$/.test(p)) reads++;
      return Reflect.get(t, p, r);
    },
  });
  return { array, reads: () => reads };
}

describe('engine input validation (engine/validation.ts)', () => {
  describe('unknown keys are own keys, whatever their name', () => {
    for (const body of [{ constructor: 1 }, { toString: 'x' }, { hasOwnProperty: 2 }, JSON.parse('{"__proto__": {"psia": 1}}'), { valueOf: null }]) {
      const key = Object.keys(body)[0]!;
      it(`'${key}' is refused as an unknown input, named in details.fields`, () => {
        const v = validateInput(gas, { psia: 1000, TF: 180, gasSG: 0.7, ...body });
        expect(v.ok).to.equal(false);
        if (v.ok) return;
        expect(Object.keys(v.fields)).to.deep.equal([key]);
        expect(v.fields[key]).to.match(/^unknown input; valid keys: psia, TF, gasSG/);
        expect(v.validKeys).to.include('psia');
      });
    }

    it('a field named like an Object.prototype member still gets its own message when invalid', () => {
      const v = validateInput(gas, { psia: 'x', TF: 180, gasSG: 0.7, constructor: 1 });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(Object.keys(v.fields).sort()).to.deep.equal(['constructor', 'psia']);
    });
  });

  describe('sizes are checked before elements', () => {
    it('a 690,000-element pressure list is refused without reading one element', () => {
      const { array, reads } = countingArray(690_000);
      const v = validateInput(gas, { psia: array, TF: 180, gasSG: 0.7 });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(v.fields.psia).to.equal('must have at most 10000 items (got 690000)');
      expect(reads()).to.equal(0);
    });

    it('an over-long list is refused by its length even when its elements are also wrong', () => {
      const v = validateInput(gas, { psia: Array.from({ length: 10_001 }, () => 'not a number'), TF: 180, gasSG: 0.7 });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(v.fields.psia).to.match(/^must have at most 10000 items/);
    });

    it('a list within its bound is validated element by element as before', () => {
      const v = validateInput(econ, { cashFlows: [-100, 'x', 50], discountRates: [0.1] });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(v.fields).to.have.property('cashFlows[1]');
    });
  });

  describe('a number-or-list field (psia) names what is wrong with the value given', () => {
    const cases: [unknown, Record<string, string>][] = [
      [[1000, 0], { 'psia[1]': 'must be > 0 psia' }], // the bad item, with the bound and its unit
      [[1000, 'x'], { 'psia[1]': 'must be number' }],
      [[], { psia: 'must not have fewer than 1 items' }],
      ['1000', { psia: 'must be a number or a non-empty array of numbers' }],
      [null, { psia: 'must be a number or a non-empty array of numbers' }],
      [-1, { psia: 'must be > 0 psia' }],
    ];
    for (const [psia, fields] of cases) {
      it(`psia ${JSON.stringify(psia)} -> ${JSON.stringify(fields)}`, () => {
        const v = validateInput(gas, { psia, TF: 180, gasSG: 0.7 });
        expect(v.ok).to.equal(false);
        if (!v.ok) expect(v.fields).to.deep.equal(fields);
      });
    }
    it('a valid list passes', () => expect(validateInput(gas, { psia: [1000, 2000], TF: 180, gasSG: 0.7 }).ok).to.equal(true));
  });
});
