import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findDefinition } from '../../engine/catalogue.js';
import { defaultRefdataDir, KNOWN_DISCREPANCIES, runRefdata, runVector, type RefdataReport, type RefVector } from '../../scripts/refdata/index.js';
import { REFDATA_DIR, REPO_ROOT } from '../support/paths.js';

const cli = join(REPO_ROOT, 'dist', 'scripts', 'refdata.js');

/** A DAK vector from refdata pvt_zfactor_standing_katz.json (zfactorR-DAK-130-0.5, R zFactor 0.1.9 vignette). */
const good: RefVector = {
  id: 'good-dak',
  function: 'pvt.zFactor',
  method: { zMethod: 'DAK' },
  inputs: { ppr: 0.5, tpr: 1.3 },
  expected: { z: 0.9203019 },
  tolerance: { z: { rel: 2e-4 } },
};
const run = (v: Partial<RefVector>) => runVector('test.json', { ...good, ...v } as RefVector, findDefinition);

describe('scripts/refdata', () => {
  describe('against the repository copy (test/refdata)', () => {
    let report: RefdataReport;
    before(() => {
      report = runRefdata(REFDATA_DIR);
    });

    it('is the directory the CLI uses by default (<repo>/test/refdata)', () => expect(defaultRefdataDir(REPO_ROOT)).to.equal(REFDATA_DIR));

    it('reports no failures', () => {
      const failures = report.outcomes.filter((o) => o.status === 'failed').map((o) => `${o.id}: ${o.reason}`);
      expect(failures).to.deep.equal([]);
    });

    it('passes every non-informational pvt.gasProperties and pvt.zFactor vector (none skipped for a method)', () => {
      const mine = report.outcomes.filter((o) => (o.function === 'pvt.gasProperties' || o.function === 'pvt.zFactor') && o.reason !== 'informational');
      expect(mine.length).to.be.greaterThan(900);
      const notPassed = mine.filter((o) => o.status !== 'passed' && !(o.id in KNOWN_DISCREPANCIES)).map((o) => `${o.id}: ${o.reason}`);
      expect(notPassed).to.deep.equal([]);
    });

    it('passes every non-informational vector of pvt_oil, pvt_water, gas, units, pvt_gas and econ (none skipped for a method or a missing function)', () => {
      const files = ['pvt_oil.json', 'pvt_water.json', 'gas.json', 'units.json', 'pvt_gas.json', 'econ.json', 'pvt_zfactor_standing_katz.json'];
      const mine = report.outcomes.filter((o) => files.includes(o.file) && o.reason !== 'informational');
      expect(mine.length).to.be.greaterThan(2_500);
      const notPassed = mine.filter((o) => o.status !== 'passed' && !(o.id in KNOWN_DISCREPANCIES)).map((o) => `${o.file} ${o.id}: ${o.reason}`);
      expect(notPassed).to.deep.equal([]);
    });

    it('passes every eos.json vector (cubic-EOS pure components, Rachford-Rice, flash, saturation points): none skipped', () => {
      const mine = report.outcomes.filter((o) => o.file === 'eos.json');
      expect(mine.length).to.be.at.least(65);
      expect(mine.filter((o) => o.status !== 'passed').map((o) => `${o.id}: ${o.reason}`)).to.deep.equal([]);
    });

    it('keeps the known-discrepancy list honest: each listed vector exists and still misses', () => {
      // Each one explained with its evidence in scripts/refdata/mapping.ts; a new one needs the lead's review.
      expect(Object.keys(KNOWN_DISCREPANCIES).sort()).to.deep.equal(
        ['gas-docex-08', 'nodal-oil-HB', 'oil-docex-05', 'se-petbox-600.0-300.0-0.3', 'vlp-oil-HB-deviated-500.0', 'vlp-oil-HB-vertical-500.0'].sort(),
      );
      for (const id of Object.keys(KNOWN_DISCREPANCIES)) {
        const o = report.outcomes.find((x) => x.id === id);
        expect(o?.status, id).to.equal('skipped');
        expect(o?.reason, id).to.match(/^known discrepancy/);
      }
    });

    it('passes every vector of well.json and decline.json but the listed discrepancies (none skipped for a method or a missing function)', () => {
      const mine = report.outcomes.filter((o) => o.file === 'well.json' || o.file === 'decline.json');
      expect(mine.length).to.equal(90);
      const notPassed = mine.filter((o) => o.status !== 'passed' && !(o.id in KNOWN_DISCREPANCIES)).map((o) => `${o.file} ${o.id}: ${o.reason}`);
      expect(notPassed).to.deep.equal([]);
    });
  });

  describe('runVector', () => {
    it('passes a correct vector', () => expect(run({}).status).to.equal('passed'));
    it('fails a wrong expected value, naming the output, got and expected', () => {
      const o = run({ expected: { z: 0.95 } });
      expect(o.status).to.equal('failed');
      expect(o.mismatches?.[0]).to.include({ output: 'z', expected: 0.95 });
      expect(o.reason).to.match(/z: got 0\.920/);
    });
    it('fails an output the function does not produce', () => {
      const o = run({ expected: { z: 0.9203019, zPrime: 1 } });
      expect(o.status).to.equal('failed');
      expect(o.reason).to.match(/does not produce 'zPrime'/);
    });
    it('fails an input the function does not know (unmapped names never pass)', () => {
      expect(run({ inputs: { Ppr: 0.5, tpr: 1.3 } }).status).to.equal('failed');
    });
    it("skips a method value the schema does not accept: 'method not offered: zMethod=Papay'", () => {
      expect(run({ method: { zMethod: 'Papay' } })).to.include({ status: 'skipped', reason: 'method not offered: zMethod=Papay' });
    });
    it('skips a method key the function does not have', () => {
      expect(run({ method: { eos: 'PR' } })).to.include({ status: 'skipped', reason: 'method not offered: eos=PR' });
    });
    it("maps 'any (chart)' to the default method", () => expect(run({ method: { zMethod: 'any (chart)' } }).status).to.equal('passed'));
    it('skips informational vectors and unknown functions', () => {
      expect(run({ informational: true, expected: { z: 5 } })).to.include({ status: 'skipped', reason: 'informational' });
      expect(run({ function: 'pvt.nothing' })).to.include({ status: 'skipped', reason: 'function not in catalogue' });
    });
    it('compares arrays element-wise and honours abs tolerances', () => {
      const v = { function: 'pvt.gasProperties', method: {}, inputs: { psia: [1000, 2000], TF: 180, gasSG: 0.7 } };
      const z = runVector('t', { ...good, ...v, expected: { Tpc: 0 } } as RefVector, findDefinition);
      expect(z.status).to.equal('failed');
      const got = (z.mismatches?.[0]?.got ?? 0) as number;
      expect(run({ ...v, expected: { Tpc: got + 0.5 }, tolerance: { default: { abs: 1 } } }).status).to.equal('passed');
      expect(run({ ...v, expected: { z: [0.9, 0.1] }, tolerance: { default: { rel: 0.2 } } })).to.deep.include({ status: 'failed' });
    });
    it('runs a metric vector (units in the method) through the units layer: 68.9476 bara = 1000 psia', () => {
      const field = run({ function: 'pvt.gasProperties', method: {}, inputs: { psia: 1000, TF: 180, gasSG: 0.7 }, expected: { z: 0 } });
      const z = field.mismatches?.[0]?.got as number;
      const metric = run({ function: 'pvt.gasProperties', method: { units: 'metric' }, inputs: { psia: 68.94757293168, TF: (180 - 32) / 1.8, gasSG: 0.7 }, expected: { z }, tolerance: { z: { rel: 1e-9 } } });
      expect(metric.status).to.equal('passed');
    });
    it('converts any input whose stated unit (inputUnits) differs from the one the call reads, through the units layer: 6894.757 kPa = 1000 psia, 82.22 degC = 180 degF, 106.86 sm3/sm3 = 600 scf/STB', () => {
      const field = run({ function: 'pvt.gasProperties', method: {}, inputs: { psia: 1000, TF: 180, gasSG: 0.7 }, expected: { z: 0 } });
      const z = field.mismatches?.[0]?.got as number;
      const si = run({
        function: 'pvt.gasProperties',
        method: {},
        inputs: { psia: [6894.757293168, 6894.757293168], TF: (180 - 32) / 1.8, gasSG: 0.7 },
        inputUnits: { psia: 'kPa', TF: 'degC', gasSG: 'air=1' },
        expected: { z: [z, z] },
        tolerance: { z: { rel: 1e-9 } },
      });
      expect(si.status, si.reason).to.equal('passed');
      // A metric call reads bara: kPa is converted to bara, not to psia.
      const metric = run({ function: 'pvt.gasProperties', method: { units: 'metric' }, inputs: { psia: 6894.757293168, TF: (180 - 32) / 1.8, gasSG: 0.7 }, inputUnits: { psia: 'kPa', TF: 'degC' }, expected: { z }, tolerance: { z: { rel: 1e-9 } } });
      expect(metric.status, metric.reason).to.equal('passed');
      const pb = run({ function: 'pvt.oilBubblePoint', method: { pbMethod: 'Glaso' }, inputs: { rsbScfStb: 600 * (0.028316846592 / 0.158987294928), gasSG: 0.8, api: 35, TF: 180 }, inputUnits: { rsbScfStb: 'sm3/sm3' }, expected: { pb: 2706.411959 }, tolerance: { pb: { rel: 1e-6 } } });
      expect(pb.status, pb.reason).to.equal('passed');
    });
  });

  describe('CLI (node dist/scripts/refdata.js)', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'refdata-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const write = (vectors: RefVector[]) => writeFileSync(join(dir, 'v.json'), JSON.stringify({ module: 'test', vectors }));
    const cliRun = (...args: string[]) => spawnSync(process.execPath, [cli, '--dir', dir, ...args], { encoding: 'utf8' });

    it('exits 0 and prints the table when every vector passes', () => {
      write([good]);
      const r = cliRun();
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/pvt\.zFactor\s+1\s+1\s+1\s+0\s+0/);
    });
    it('exits non-zero and lists the failure for a deliberately wrong vector', () => {
      write([good, { ...good, id: 'wrong-z', expected: { z: 0.5 } }]);
      const r = cliRun();
      expect(r.status).to.equal(1);
      expect(r.stdout).to.match(/FAILURES \(1\)/).and.match(/wrong-z/);
    });
    it('--json prints a machine-readable report', () => {
      write([good, { ...good, id: 'wrong-z', expected: { z: 0.5 } }]);
      const r = cliRun('--json');
      expect(r.status).to.equal(1);
      const report = JSON.parse(r.stdout) as RefdataReport;
      expect(report.totals).to.include({ vectors: 2, passed: 1, failed: 1 });
      expect(report.outcomes.find((o) => o.id === 'wrong-z')?.mismatches?.[0]).to.include({ output: 'z', expected: 0.5 });
    });
    it('exits non-zero on an unreadable directory', () => {
      const r = spawnSync(process.execPath, [cli, '--dir', join(dir, 'missing')], { encoding: 'utf8' });
      expect(r.status).to.equal(2);
      expect(r.stderr).to.match(/cannot read/);
    });
  });
});

describe('refdata comparison at printed precision (scripts/refdata/compare.ts)', () => {
  it('allows half a unit in the last digit of a value printed with 10 or more significant digits', async () => {
    const { printedHalfUnit, withinTolerance } = await import('../../scripts/refdata/compare.js');
    // units.json unit-psi-bar: 14.696 psi = 1.0132535318 bar printed to 11 significant digits.
    expect(printedHalfUnit(1.0132535318)).to.be.closeTo(5e-11, 1e-15);
    expect(withinTolerance(1.0132535318040223, 1.0132535318, { rel: 1e-12 })).to.equal(true);
    expect(withinTolerance(1.01325354, 1.0132535318, { rel: 1e-12 })).to.equal(false);
    // Short numbers are exact statements: 400 means 400, not 400 +- 50.
    expect(printedHalfUnit(400)).to.equal(0);
    expect(printedHalfUnit(3.6)).to.equal(0);
    expect(withinTolerance(400.3, 400, { rel: 1e-12 })).to.equal(false);
  });
});
