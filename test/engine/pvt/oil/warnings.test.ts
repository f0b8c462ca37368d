/**
 * Calibration-range warnings are computed from the values a call used and never fail it
 * (issue 10, item 2), and cost nothing while every value is inside its range.
 */
import { expect } from 'chai';
import type { ValidityRange } from '../../../../engine/definition.js';
import { rangeWarnings } from '../../../../engine/execute.js';
import { oilDensity } from '../../../../engine/pvt/oil/oilDensity.js';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { num, ok } from './oilCall.js';

// The reproduction: Velarde's Rs (the default set's) would be negative at 100 psia for this
// oil, but the caller gave the Rs (300 scf/STB), so nothing needs it.
const REPRO = { psia: 100, api: 50, TF: 300, sepGasSG: 1.1, gasSG: 1.0997, pbPsia: 5000, rsbScfStb: 2500, rsScfStb: 300, boMethod: 'McCain' };

describe('oil calibration-range warnings', () => {
  it('pvt.oilFVF and pvt.oilDensity answer with the given rsScfStb where the default Rs correlation has no value (the warning pass used to recompute it and fail)', () => {
    for (const def of [oilFVF, oilDensity]) {
      const r = ok(def, REPRO);
      expect(num(r, 'rs')).to.equal(300);
      expect(num(r, 'bo')).to.be.greaterThan(1).and.below(2);
      // The warnings speak of the values used: 100 psia below Velarde's data and Rsb 2500 above it,
      // not of an Rs the call never computed.
      expect(r.warnings.some((w) => /psia 100 psia is below/.test(w))).to.equal(true);
      expect(r.warnings.some((w) => /rs 2500 scf\/STB is above/.test(w))).to.equal(true);
    }
  });

  it('quote the Rs the caller gave below pb, not a correlation value', () => {
    const r = ok(oilFVF, { psia: 1000, api: 35, TF: 200, gasSG: 0.75, pbPsia: 2500, rsbScfStb: 600, rsScfStb: 5, boMethod: 'Standing' });
    expect(r.warnings.some((w) => /^rs 5 scf\/STB is below the validated range \(min 20 scf\/STB\)/.test(w)), JSON.stringify(r.warnings)).to.equal(true);
  });

  it('build no message while every value is inside its range (the note and unit are not even read)', () => {
    let reads = 0;
    const counted = (field: string, min: number, max: number): ValidityRange => ({
      field,
      min,
      max,
      get unit() {
        reads++;
        return 'psia';
      },
      get note() {
        reads++;
        return 'data';
      },
    });
    const ranges = [counted('psia', 100, 5000), counted('TF', 60, 300)];
    expect(rangeWarnings(ranges, { psia: [150, 4000], TF: 200 })).to.deep.equal([]);
    expect(reads).to.equal(0);
    expect(rangeWarnings(ranges, { psia: [50, 4000], TF: 200 })).to.deep.equal(['psia 50 psia is below the validated range (min 100 psia): data']);
  });
});
