/**
 * Every pvt_oil.json vector through the refdata library (scripts/refdata, as the CLI and the API
 * call them). One vector cannot pass as written (a known discrepancy in scripts/refdata/mapping.ts);
 * it is pinned here with its evidence so a change on either side shows up.
 */
import { expect } from 'chai';
import { runRefdata, type RefdataReport } from '../../../../scripts/refdata/index.js';
import { oilSolutionGOR } from '../../../../engine/pvt/oil/oilSolutionGOR.js';
import { REFDATA_DIR } from '../../../support/paths.js';
import { num, ok, rel } from './oilCall.js';

const OIL_FUNCTIONS = ['pvt.oilBubblePoint', 'pvt.oilSolutionGOR', 'pvt.oilFVF', 'pvt.oilViscosity', 'pvt.oilCompressibility', 'pvt.oilProperties'];

/**
 * Labelled 'Standing' but computed with pyrestoolbox's psig reading of Standing (the engine's
 * 'StandingPsig'); the other 126 'Standing' Rs vectors use the printed psia form.
 */
const UNMATCHABLE = 'oil-docex-05';

describe('refdata pvt_oil.json through the engine', () => {
  let report: RefdataReport;
  before(() => {
    report = runRefdata(REFDATA_DIR);
  });

  it('runs every vector of the oil functions (none skipped for a missing function or method)', () => {
    const mine = report.outcomes.filter((o) => o.file === 'pvt_oil.json');
    expect(mine.length).to.equal(1644);
    const skipped = mine.filter((o) => o.status === 'skipped' && o.id !== UNMATCHABLE).map((o) => `${o.id}: ${o.reason}`);
    expect(skipped).to.deep.equal([]);
    expect(new Set(mine.map((o) => o.function))).to.deep.equal(new Set(OIL_FUNCTIONS));
  });

  it('passes every vector but the one not satisfiable as written (reported as a known discrepancy)', () => {
    const notPassed = report.outcomes.filter((o) => o.file === 'pvt_oil.json' && o.status !== 'passed');
    expect(notPassed.map((o) => o.id)).to.deep.equal([UNMATCHABLE]);
    expect(notPassed[0]!.reason).to.match(/^known discrepancy/);
  });

  it('web-glaso-pb-si (SI, kPa): the engine answers bara and the runner compares in the vector’s kPa (petroleumoffice.com 19378.03 kPa)', () => {
    const o = report.outcomes.find((x) => x.id === 'web-glaso-pb-si');
    expect(o?.status).to.equal('passed');
  });

  it("oil-docex-05: with rsMethod 'StandingPsig' the engine gives pyrestoolbox's 947.113 within the vector's 1e-3 (1.2e-4)", () => {
    const r = ok(oilSolutionGOR, { api: 43, TF: 185, sepGasSG: 0.72, psia: 3000, pbPsia: 5180, rsMethod: 'StandingPsig' });
    expect(rel(num(r, 'rs'), 947.113354694)).to.be.below(1e-3);
  });
});
