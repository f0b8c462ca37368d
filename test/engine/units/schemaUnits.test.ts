/**
 * units.convert speaks every unit the engine's functions answer in: each (unit, metricUnit) pair
 * a schema carries converts, with the factor the field/metric layer applies (engine/units.ts).
 * Found by an invariant audit: 15 of the 31 pairs (rb/STB, lbm/lbmol, STB/d/psi, 1/64 in, ...)
 * were "unknown unit".
 */
import { expect } from 'chai';
import { CATALOGUE, findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { CONVERSIONS } from '../../../engine/units.js';

describe('units.convert and the units of the engine schemas', () => {
  it('converts every (unit, metricUnit) pair any function schema carries, by the factor of the field/metric layer', () => {
    const pairs = new Map<string, string>();
    const walk = (s: unknown, where: string): void => {
      if (!s || typeof s !== 'object') return;
      const o = s as Record<string, unknown>;
      if (typeof o.unit === 'string' && typeof o.metricUnit === 'string' && o.unit !== o.metricUnit) pairs.set(`${o.unit}\n${o.metricUnit}`, where);
      for (const v of Object.values(o)) walk(v, where);
    };
    for (const d of CATALOGUE) {
      walk(d.input, d.name);
      walk(d.output, d.name);
    }
    expect(pairs.size).to.be.at.least(25);
    const convert = findDefinition('units.convert')!;
    for (const [pair, where] of pairs) {
      const [from, to] = pair.split('\n') as [string, string];
      // Fetkovich's C, (STB/d or Mscf/d)/psia^(2n): its size depends on the call's n, no table holds it.
      if (from.includes('^(2n)')) continue;
      const out = executeDefinition(convert, { value: 3, from, to });
      expect(out.ok, `${from} -> ${to} (${where}): ${out.ok ? '' : out.message}`).to.equal(true);
      // A pair of the same size (rcf/scf -> rm3/sm3) has no entry there: the number is kept.
      const want = CONVERSIONS[from]?.toMetric(3) ?? 3;
      const got = (out as unknown as { result: { value: number } }).result.value;
      expect(Math.abs(got - want), `${from} -> ${to}: ${got} vs ${want}`).to.be.at.most(1e-12 * Math.abs(want));
    }
  });
});
