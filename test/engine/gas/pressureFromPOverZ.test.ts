import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { pressureFromPOverZDefinition } from '../../../engine/gas/pressureFromPOverZ.js';
import { gasProperties } from '../../../engine/pvt/gasProperties.js';
import { call, ok } from '../pvt/water/call.js';
import { refdataRows } from '../pvt/water/refdataRows.js';

const def = pressureFromPOverZDefinition as unknown as AnyDefinition;

describe('gas.pressureFromPOverZ', () => {
  it('passes every refdata vector (gas.json ponz2p-*, pyrestoolbox 3.7.6 gas_ponz2p, DAK + Piper–McCain–Corredor)', () => {
    const rows = refdataRows('gas.pressureFromPOverZ');
    expect(rows).to.have.length(3);
    expect(rows.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
  });

  it('inverts pvt.gasProperties: p -> z -> p/z -> p again, from 50 to 15000 psia (z below and above 1), both z methods, to 1e-9', () => {
    const ps = [50, 800, 2500, 6000, 10000, 15000];
    for (const zMethod of ['DAK', 'HY']) {
      const gas = { TF: 220, gasSG: 0.8, yCO2: 0.05, pcMethod: 'SuttonWichertAziz', zMethod };
      const z = ok(gasProperties as unknown as AnyDefinition, { ...gas, psia: ps }).result.z as number[];
      const back = ok(def, { ...gas, pOverZ: ps.map((p, i) => p / (z[i] as number)) }).result;
      ps.forEach((p, i) => expect(back.psia[i], `${zMethod} ${p}`).to.be.closeTo(p, p * 1e-9));
    }
  });

  it('when the pressure found is beyond the z method range (p/z 9000 at 100 degF -> 26404 psia, Ppr 39), then a warning comes with it', () => {
    const { result, warnings } = ok(def, { pOverZ: 9000, TF: 100, gasSG: 0.6 });
    expect(result.psia / result.z).to.be.closeTo(9000, 1e-6);
    expect(warnings.join(' ')).to.match(/Ppr .* above/);
  });

  it('when no pressure has that p/z (dense gas: p/z levels off near 10,000 psia at 100 degF, gasSG 0.6), then an engine error (422)', () => {
    expect(call(def, { pOverZ: 12000, TF: 100, gasSG: 0.6 })).to.include({ ok: false, reason: 'no_solution' });
  });
});
