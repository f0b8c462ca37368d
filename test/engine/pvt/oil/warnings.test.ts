/**
 * Calibration-range warnings are computed from the values a call used and never fail it
 * (issue 10, item 2), and cost nothing while every value is inside its range.
 */
import { expect } from 'chai';
import type { ValidityRange } from '../../../../engine/definition.js';
import { rangeWarnings } from '../../../../engine/execute.js';
import { oilDensity } from '../../../../engine/pvt/oil/oilDensity.js';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { waterProperties } from '../../../../engine/pvt/water/waterProperties.js';
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

describe('range warnings of a metric call', () => {
  it('a metric value on a bound is not warned where the field call is not (68.94757293168 bara reached the check as 999.9999999999477 psia, "below min 1000")', () => {
    const field = ok(waterProperties, { psia: 1000, TF: 200, salinityWtPct: 3, method: 'McCain' });
    const metric = ok(waterProperties, { psia: 68.94757293168, TF: (200 - 32) / 1.8, salinityWtPct: 3, method: 'McCain', units: 'metric' });
    expect(metric.warnings).to.deep.equal(field.warnings);
  });

  it('quotes a converted value without its rounding noise (7999.999999999582 psia reads 8000 psia), and still warns just past a bound', () => {
    const metric = ok(waterProperties, { psia: 551.58058345344, TF: (200 - 32) / 1.8, salinityWtPct: 3, method: 'McCain', units: 'metric' });
    expect(metric.warnings).to.include('psia 8000 psia is above the validated range (max 5000 psia): McCain (1991) Bw');
    const ranges: ValidityRange[] = [{ field: 'psia', min: 100, max: 5000, unit: 'psia', note: 'data' }];
    expect(rangeWarnings(ranges, { psia: 5000 * (1 + 1e-9) })).to.deep.equal(['psia 5000.000005 psia is above the validated range (max 5000 psia): data']);
    expect(rangeWarnings(ranges, { psia: 5000 * (1 + 1e-13) })).to.deep.equal([]);
  });
});
