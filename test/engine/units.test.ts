import { expect } from 'chai';
import Type from 'typebox';
import { CATALOGUE } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';
import { isFieldUnitLabel, quantity, quantityArray, quantityOrArray, QUANTITIES } from '../../engine/quantity.js';
import { CONVERSIONS, inputToField, outputFromField, PSI_PER_BAR, unitsOf } from '../../engine/units.js';
import { gasProperties } from '../../engine/pvt/gasProperties.js';

const close = (got: number, want: number, rel = 1e-12) => expect(Math.abs(got - want)).to.be.at.most(rel * Math.max(1, Math.abs(want)));

describe('engine/units', () => {
  describe('known values (NIST SP 811 (2008) Appendix B exact factors)', () => {
    const m = (unit: string, v: number) => (CONVERSIONS[unit] as { toMetric(v: number): number }).toMetric(v);
    it('1 bar = 14.503773773 psi, so 1000 psia = 68.9476 bara', () => {
      close(PSI_PER_BAR, 14.503773773, 1e-11);
      close(m('psia', 1000), 68.94757293168, 1e-12);
    });
    it('212 degF = 100 degC, 32 degF = 0 degC, -40 degF = -40 degC', () => {
      close(m('degF', 212), 100);
      close(m('degF', 32), 0);
      close(m('degF', -40), -40);
    });
    it('671.67 degR = 373.15 K', () => close(m('degR', 671.67), 373.15));
    it('1 ft = 0.3048 m, 1 in = 0.0254 m', () => {
      close(m('ft', 1), 0.3048);
      close(m('in', 1), 0.0254);
    });
    it('1 STB/d = 0.158987294928 sm3/d; 1 Mscf/d = 28.316846592 sm3/d', () => {
      close(m('STB/d', 1), 0.158987294928);
      close(m('Mscf/d', 1), 28.316846592);
    });
    it('1000 scf/STB = 178.107607 sm3/sm3 (0.028316846592 / 0.158987294928 per scf/STB)', () => close(m('scf/STB', 1000), 178.10760667903527));
    it('1 lbm/ft3 = 16.018463 kg/m3 (0.45359237 / 0.3048^3)', () => close(m('lbm/ft3', 1), 16.018463373960138));
    it('1e-4 1/psi = 1.4503773773e-3 1/bar', () => close(m('1/psi', 1e-4), 1.4503773773e-3, 1e-11));
    it('1 rb/Mscf = 0.0056145833 rm3/sm3 (1 bbl / 1 Mscf = 5.6145833 ft3 / 1000 ft3)', () => close(m('rb/Mscf', 1), 5.614583333333333e-3));
    it('1 psia2/cp = 1/14.503773773^2 bara2/cp', () => close(m('psia2/cp', 1), 1 / 14.503773773 ** 2, 1e-11));
  });

  it('every conversion round-trips', () => {
    for (const [unit, c] of Object.entries(CONVERSIONS)) {
      for (const v of [-40, 0, 1, 14.696, 1234.5678, 1e6]) close(c.toField(c.toMetric(v)), v, 1e-13);
      expect(c.metric, unit).to.be.a('string');
    }
  });

  it('every field unit of a converting quantity has a conversion to its metric unit', () => {
    for (const [q, u] of Object.entries(QUANTITIES)) {
      if (u.field === u.metric) continue;
      expect(CONVERSIONS[u.field]?.metric, q).to.equal(u.metric);
    }
  });

  describe('walking a schema', () => {
    const schema = Type.Object({
      p: quantityOrArray('pressure'),
      t: quantity('temperature'),
      k: quantity('permeability'),
      ratio: quantity('dimensionless', { unit: 'rcf/scf', metricUnit: 'rm3/sm3' }),
      name: Type.String(),
      rows: Type.Array(Type.Object({ depth: quantity('length'), rate: quantity('oilRate'), note: Type.Optional(Type.String()) })),
      nested: Type.Object({ d: quantityArray('diameter'), maybe: Type.Union([quantity('pressureDifference'), Type.Null()]) }),
      byWell: Type.Record(Type.String(), quantity('gasRate')),
    });
    const field = {
      p: [14.696, 1000],
      t: 212,
      k: 100,
      ratio: 0.005,
      name: 'x',
      rows: [{ depth: 1000, rate: 500, note: 'a' }],
      nested: { d: [2.875], maybe: null },
      byWell: { A1: 1000 },
    };

    it("'field' is the identity (same object back)", () => {
      expect(outputFromField(schema, field, 'field')).to.equal(field);
      expect(inputToField(schema, field, 'field')).to.equal(field);
    });

    it('converts every tagged number, leaves md, ratios and strings alone', () => {
      const m = outputFromField(schema, field, 'metric');
      close(m.p[1] as number, 68.94757293168);
      close(m.t, 100);
      expect(m.k).to.equal(100);
      expect(m.ratio).to.equal(0.005);
      expect(m.name).to.equal('x');
      close(m.rows[0]?.depth as number, 304.8);
      close(m.rows[0]?.rate as number, 500 * 0.158987294928);
      expect(m.rows[0]?.note).to.equal('a');
      close(m.nested.d[0] as number, 2.875 * 0.0254);
      expect(m.nested.maybe).to.equal(null);
      close(m.byWell.A1 as number, 28316.846592);
    });

    it('a scalar in a number-or-array union converts like an element', () => {
      const m = outputFromField(schema, { ...field, p: 1000 }, 'metric');
      close(m.p as number, 68.94757293168);
    });

    it('metric in, field out round-trips the whole value', () => {
      const back = inputToField(schema, outputFromField(schema, field, 'metric'), 'metric');
      close((back.p as number[])[0] as number, 14.696);
      close(back.t, 212);
      close(back.rows[0]?.depth as number, 1000);
      close(back.byWell.A1 as number, 1000);
    });

    it('unitsOf names each tagged path', () => {
      expect(unitsOf(schema, 'field')).to.include({ p: 'psia', t: 'degF', k: 'md', ratio: 'rcf/scf', 'rows[].depth': 'ft', 'nested.d': 'in', 'nested.maybe': 'psi' });
      expect(unitsOf(schema, 'metric')).to.include({ p: 'bara', t: 'degC', k: 'md', ratio: 'rm3/sm3', 'rows[].depth': 'm', 'rows[].rate': 'sm3/d', 'nested.d': 'm' });
    });

    it('a same-number quantity labelled with a field unit must say its metric label (caught when the schema is built)', () => {
      expect(() => quantity('dimensionless', { unit: 'lbm/lbmol' })).to.throw(/field unit; give metricUnit/);
      expect(() => quantity('dimensionless', { unit: 'STB/d/psi' })).to.throw(/field unit/);
      expect(() => quantity('dimensionless', { unit: 'air=1' })).not.to.throw();
    });

    it('a unit label without a conversion is a programming error', () => {
      const bad = Type.Object({ q: quantity('gasRate', { unit: 'MMscf/hr' }) });
      expect(() => outputFromField(bad, { q: 1 }, 'metric')).to.throw(/MMscf\/hr/);
    });
  });

  it('every catalogue schema can be described and converted in both systems, with metricUnit tags that agree', () => {
    for (const def of CATALOGUE) {
      for (const schema of [def.input, def.output]) {
        const field = unitsOf(schema, 'field');
        const metric = unitsOf(schema, 'metric');
        expect(Object.keys(metric), def.name).to.deep.equal(Object.keys(field));
      }
      for (const [name, s] of Object.entries(def.output.properties) as [string, Record<string, unknown>][]) {
        const tagged = (s.quantity ? s : ((s.anyOf as Record<string, unknown>[] | undefined) ?? []).find((b) => b.quantity)) as Record<string, unknown> | undefined;
        if (tagged) expect(unitsOf(def.output, 'metric')[name], `${def.name}.${name}`).to.equal(tagged.metricUnit);
      }
    }
  });

  it('no metric label of any catalogue input or output is a field unit (Bg was rcf/scf and MW lbm/lbmol in metric answers)', () => {
    for (const def of CATALOGUE) {
      for (const schema of [def.input, def.output]) {
        for (const [path, label] of Object.entries(unitsOf(schema, 'metric'))) {
          expect(isFieldUnitLabel(label), `${def.name} ${path}: metric label '${label}'`).to.equal(false);
        }
      }
    }
    // The detector itself: field words anywhere in a label, never metric ones.
    for (const label of ['rcf/scf', 'lbm/lbmol', 'STB/d/psi', '1/psi', 'Mscf/d', 'lbm/MMscf']) expect(isFieldUnitLabel(label), label).to.equal(true);
    for (const label of ['rm3/sm3', 'kg/kmol', 'sm3/d/bar', '1/bar', 'degAPI', 'air=1', 'mole fraction', 'cp', 'md', '-']) expect(isFieldUnitLabel(label), label).to.equal(false);
  });

  it('pvt.gasProperties in metric units equals the field call converted (1000 psia = 68.9476 bara, 180 degF = 82.2 degC)', () => {
    const fieldRun = executeDefinition(gasProperties as never, { psia: [1000, 3000], TF: 180, gasSG: 0.7 });
    const metricIn = inputToField(gasProperties.input, { psia: [1000 / PSI_PER_BAR, 3000 / PSI_PER_BAR], TF: (180 - 32) / 1.8, gasSG: 0.7 }, 'metric');
    const metricRun = executeDefinition(gasProperties as never, metricIn as Record<string, unknown>);
    if (!fieldRun.ok || !metricRun.ok) throw new Error('run failed');
    const out = outputFromField(gasProperties.output, metricRun.result, 'metric') as Record<string, number | number[]>;
    close(out.Tpc as number, (fieldRun.result.Tpc as number) / 1.8, 1e-12);
    close((out.density as number[])[1] as number, ((fieldRun.result.density as number[])[1] as number) * 16.018463373960138, 1e-12);
    close((out.z as number[])[0] as number, (fieldRun.result.z as number[])[0] as number, 1e-12);
    expect(unitsOf(gasProperties.output, 'metric')).to.include({ Tpc: 'K', Ppc: 'bara', Bg: 'rm3/sm3', BgRbPerMscf: 'rm3/sm3', density: 'kg/m3', viscosity: 'cp', cg: '1/bar', MW: 'kg/kmol' });
  });
});
