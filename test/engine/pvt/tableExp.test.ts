/**
 * tableExp (engine/pvt/correlations/tableExp.ts), the inlined e^x of the array paths: within 2
 * ulp of Math.exp over the whole range it computes itself, and Math.exp itself outside it.
 */
import { expect } from 'chai';
import { tableExp } from '../../../engine/pvt/correlations/tableExp.js';
import { mulberry32 } from '../../../engine/seededRandom.js';

/** 2 ulp of a double's relative spacing (2^-52 each). */
const TWO_ULP = 2 * 2 ** -52;

describe('tableExp (Tang 1989 table-driven e^x)', () => {
  it('agrees with Math.exp within 2 ulp from -700 to 700, and tightly near 0 (seeded, 400,000 points)', () => {
    const random = mulberry32(17);
    let worst = 0;
    let compared = 0;
    for (let i = 0; i < 400_000; i++) {
      // Half over the whole range, half within |x| < 1 (where the DAK sweep and LGE arguments lie).
      const x = i % 2 === 0 ? -700 + 1400 * random() : -1 + 2 * random();
      const want = Math.exp(x);
      const rel = Math.abs(tableExp(x) - want) / want;
      if (rel > worst) worst = rel;
      compared++;
    }
    expect(compared).to.equal(400_000);
    expect(worst).to.be.at.most(TWO_ULP);
  });

  it('is exact where e^x is: e^0 = 1 (also for -0), and lands on multiples of ln2/64 within 1 ulp', () => {
    expect(tableExp(0)).to.equal(1);
    expect(tableExp(-0)).to.equal(1);
    for (let k = -640; k <= 640; k += 7) {
      const x = (k * Math.LN2) / 64;
      expect(Math.abs(tableExp(x) - Math.exp(x)) / Math.exp(x), `x = ${x}`).to.be.at.most(TWO_ULP / 2);
    }
  });

  it('is Math.exp outside |x| < 700 and for non-numbers: overflow, underflow to subnormals and 0, NaN', () => {
    for (const x of [700, -700, 709.78, 710, -708.5, -745, -746, Infinity, -Infinity, NaN]) {
      expect(Object.is(tableExp(x), Math.exp(x)), `x = ${x}`).to.equal(true);
    }
  });
});
