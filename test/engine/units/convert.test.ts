/**
 * units.convert against every vector of refdata/units.json (scipy.constants exact definitions and
 * the API gravity definition, see the file's `sources`), its examples, exact values from NIST SP 811
 * Appendix B, the field/metric layer's own factors, and the edges of physics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { prepareCall, presentResult } from '../../../engine/call.js';
import { findDefinition } from '../../../engine/catalogue.js';
import type { AnyDefinition } from '../../../engine/definition.js';
import { executeDefinition } from '../../../engine/execute.js';
import { CONVERSIONS, PSI_PER_BAR } from '../../../engine/units.js';
import { convert } from '../../../engine/units/convert.js';
import { QUANTITY_UNITS, UNIT_INDEX, UNIT_QUANTITIES, UNIT_SYMBOLS } from '../../../engine/units/unitTable.js';
import { runVector, type RefVector } from '../../../scripts/refdata/index.js';
import { REFDATA_DIR } from '../../support/paths.js';

const def = convert as unknown as AnyDefinition;

type Result = Record<string, unknown> & { value: number | number[]; warnings: string[] };
type Failure = { ok: false; reason?: string; message: string; fields?: Record<string, string> };

/** One call as REST/MCP make it: validate, units in, run, units out. */
function call(body: Record<string, unknown>): Result | Failure {
  const c = prepareCall(def, body);
  if (!c.ok) return { ok: false, message: c.message, fields: c.fields };
  const r = executeDefinition(def, c.input);
  if (!r.ok) return { ok: false, reason: r.reason, message: r.message };
  return presentResult(def, r.result, r.warnings, c.units) as Result;
}

function ok(body: Record<string, unknown>): Result {
  const r = call(body);
  if ('ok' in r && r.ok === false) throw new Error(`${JSON.stringify(body)}: ${r.message} ${JSON.stringify(r.fields ?? {})}`);
  return r as Result;
}

function fails(body: Record<string, unknown>): Failure {
  const r = call(body);
  expect(r, JSON.stringify(body)).to.have.property('ok', false);
  return r as Failure;
}

const close = (got: number, want: number, rel = 1e-12) => expect(Math.abs(got - want), `${got} vs ${want}`).to.be.at.most(rel * Math.abs(want));
const one = (body: Record<string, unknown>) => ok(body).value as number;

const refdata = JSON.parse(readFileSync(join(REFDATA_DIR, 'units.json'), 'utf8')) as { vectors: RefVector[] };

describe('units.convert', () => {
  describe('refdata/units.json (scipy 1.10.1 scipy.constants; API gravity definition)', () => {
    it('holds the 17 vectors this suite was written against', () => expect(refdata.vectors.length).to.equal(17));

    for (const v of refdata.vectors) {
      it(`${v.id}: ${v.inputs.from} -> ${v.inputs.to} (source: ${v.source})`, () => {
        const o = runVector('units.json', v, findDefinition);
        if (o.status === 'passed') return;
        expect(o.status, o.reason).to.equal('failed');
        // The only accepted miss: the vector prints its value to 12 significant digits ('%.12g')
        // and asks for rel 1e-12, tighter than that printing (up to 5e-12 for a leading digit 1).
        // Then the engine's value, printed the same way, must be exactly the vector's.
        for (const m of o.mismatches ?? []) {
          expect(m.got, m.message).to.be.a('number');
          expect(Number((m.got as number).toPrecision(12)), `${v.id} ${m.output}: ${m.message}`).to.equal(m.expected);
        }
      });
    }

    it('every vector gives the same answer with "units": "metric" (value, factor and offset are not touched by the metric layer)', () => {
      for (const v of refdata.vectors) {
        const body = { ...v.inputs, quantity: v.method?.quantity };
        const field = ok(body);
        const metric = ok({ ...body, units: 'metric' });
        // Only atmosphericPressure (echoed for gauge units) is a tagged pressure: bara in a metric call.
        if (field.atmosphericPressure !== undefined) close(metric.atmosphericPressure as number, (field.atmosphericPressure as number) / PSI_PER_BAR);
        const same = { ...metric, units: 'field', outputUnits: field.outputUnits, atmosphericPressure: field.atmosphericPressure };
        if (field.atmosphericPressure === undefined) delete same.atmosphericPressure;
        expect(same, v.id).to.deep.equal(field);
      }
    });
  });

  describe('examples', () => {
    for (const ex of convert.examples) {
      it(`${ex.title} (source: ${ex.source})`, () => {
        const r = ok(ex.input as Record<string, unknown>);
        for (const [k, want] of Object.entries(ex.expected)) {
          const got = r[k];
          if (Array.isArray(want)) (want as number[]).forEach((w, i) => (w === 0 ? expect((got as number[])[i]).to.equal(0) : close((got as number[])[i] as number, w, ex.tolerance)));
          else close(got as number, want as number, ex.tolerance);
        }
      });
    }
  });

  describe('exact definitions (NIST SP 811 (2008) Appendix B)', () => {
    it('1 atm = 101 325 Pa = 14.6959488 psi = 1.01325 bar', () => {
      close(one({ value: 1, from: 'atm', to: 'psi' }), 101_325 / 6894.757293168361);
      close(one({ value: 1, from: 'atm', to: 'bar' }), 1.01325);
    });
    it('1 kgf/cm2 = 98 066.5 Pa = 14.2233433 psi', () => close(one({ value: 1, from: 'kgf/cm2', to: 'psi' }), 98_066.5 / 6894.757293168361));
    it('1 mi = 5280 ft, 1 yd = 3 ft, 1 ft = 12 in, 1 km = 1000 m', () => {
      close(one({ value: 1, from: 'mi', to: 'ft' }), 5280);
      close(one({ value: 1, from: 'yd', to: 'ft' }), 3);
      close(one({ value: 1, from: 'ft', to: 'in' }), 12);
      close(one({ value: 1, from: 'km', to: 'm' }), 1000);
    });
    it('1 bbl = 42 US gal = 5.614583 ft3 (9702 in3 / 1728), 1 gal = 3.785411784 L', () => {
      close(one({ value: 1, from: 'bbl', to: 'gal' }), 42);
      close(one({ value: 1, from: 'bbl', to: 'ft3' }), 9702 / 1728);
      close(one({ value: 1, from: 'gal', to: 'L' }), 3.785411784);
    });
    it('1 MMscf/d = 1000 Mscf/d = 28 316.846592 sm3/d; 1 E3m3/d = 1000 m3/d', () => {
      close(one({ value: 1, from: 'MMscf/d', to: 'Mscf/d' }), 1000);
      close(one({ value: 1, from: 'MMscf/d', to: 'sm3/d' }), 28_316.846592);
      close(one({ value: 1, from: 'E3m3/d', to: 'm3/d' }), 1000);
    });
    it('1 bbl/min = 1440 bbl/d; 1 m3/h = 24 m3/d', () => {
      close(one({ value: 1, from: 'bbl/min', to: 'bbl/d' }), 1440);
      close(one({ value: 1, from: 'm3/h', to: 'sm3/d' }), 24);
    });
    it('1 D = 1000 md = 0.9869233 um2 (NIST SP 811 B.8 darcy = 9.869 233 E-13 m2)', () => {
      close(one({ value: 1, from: 'D', to: 'md' }), 1000);
      close(one({ value: 1, from: 'D', to: 'um2' }), 0.9869233);
      close(one({ value: 1, from: 'mD', to: 'nD' }), 1e6);
    });
    it('1 cP = 1 mPa.s = 0.01 P', () => {
      close(one({ value: 1, from: 'cp', to: 'mPa.s' }), 1);
      close(one({ value: 1, from: 'cP', to: 'P' }), 0.01);
    });
    it('1 g/cm3 = 1000 kg/m3 = 62.427961 lbm/ft3 = 8.3454044 lbm/gal (0.45359237 kg, 0.3048 m, 231 in3)', () => {
      close(one({ value: 1, from: 'g/cm3', to: 'kg/m3' }), 1000);
      close(one({ value: 1, from: 'g/cc', to: 'lbm/ft3' }), (1000 * 0.3048 ** 3) / 0.45359237);
      close(one({ value: 1, from: 'g/cm3', to: 'ppg' }), (1000 * 231 * 0.0254 ** 3) / 0.45359237);
    });
    it('1/psi -> 1/kPa and 1/atm; 1 microsip = 1e-6 1/psi', () => {
      close(one({ value: 1, from: '1/psi', to: '1/kPa' }), 1000 / 6894.757293168361);
      close(one({ value: 1e-6, from: '1/psi', to: '1/atm' }), (1e-6 * 101_325) / 6894.757293168361);
      close(one({ value: 3, from: 'microsip', to: '1/psi' }), 3e-6);
    });
    it('GOR and CGR: 1 Mscf/STB = 1000 scf/STB; 1 STB/Mscf = 1000 STB/MMscf; 1 sm3/sm3 = 1e6 sm3/E6sm3', () => {
      close(one({ value: 1, from: 'Mscf/STB', to: 'scf/STB' }), 1000);
      close(one({ value: 1, from: 'STB/Mscf', to: 'STB/MMscf' }), 1000);
      close(one({ value: 1, from: 'sm3/sm3', to: 'sm3/E6sm3', quantity: 'CGR' }), 1e6);
    });
  });

  describe('temperature and gauge pressure (reference points are exact)', () => {
    it('degC = (degF - 32)/1.8, K = degC + 273.15, degR = 1.8 K (NIST SP 811 B.9)', () => {
      expect(ok({ value: [32, 212, -40], from: 'degF', to: 'degC' }).value).to.deep.equal([0, 100, -40]);
      expect(ok({ value: [273.15, 0], from: 'K', to: 'degC' }).value).to.deep.equal([0, -273.15]);
      expect(one({ value: 459.67, from: 'degR', to: 'degF' })).to.equal(0);
      expect(one({ value: -273.15, from: 'degC', to: 'K' })).to.equal(0);
      close(one({ value: 100, from: 'degC', to: 'degR' }), 671.67);
      close(one({ value: 60, from: 'degF', to: 'K' }), 288.7055555555556);
    });
    it('the offset is reported: degF -> degR is factor 1, offset 459.67', () => {
      const r = ok({ value: 0, from: 'degF', to: 'degR' });
      expect(r).to.include({ factor: 1, offset: 459.67, quantity: 'temperature' });
    });
    it('14.696 psia is exactly 0 psig; -14.696 psig is exactly 0 psia (default atmosphere 14.696 psia)', () => {
      expect(one({ value: 14.696, from: 'psia', to: 'psig' })).to.equal(0);
      expect(one({ value: -14.696, from: 'psig', to: 'psia' })).to.equal(0);
      expect(ok({ value: 0, from: 'psig', to: 'psia' }).atmosphericPressure).to.equal(14.696);
    });
    it('psig -> bara adds the atmosphere before scaling: 1000 psig = 1014.696 psia = 69.9608265 bara', () => {
      close(one({ value: 1000, from: 'psig', to: 'bara' }), 1014.696 / PSI_PER_BAR);
      close(one({ value: 0, from: 'barg', to: 'kPaa' }), (14.696 * 6894.757293168361) / 1000);
    });
    it('gauge to gauge is a pure scale (offset 0): 100 psig = 6.894757 barg whatever the atmosphere', () => {
      const r = ok({ value: 100, from: 'psig', to: 'barg', atmosphericPressure: 12 });
      expect(r.offset).to.equal(0);
      close(r.value as number, 100 / PSI_PER_BAR);
    });
    it('atmosphericPressure overrides the default: 0 psig at 14.7 psia is 14.7 psia', () => {
      expect(one({ value: 0, from: 'psig', to: 'psia', atmosphericPressure: 14.7 })).to.equal(14.7);
    });
    it('with "units": "metric", atmosphericPressure is in bara (like every engine pressure) and value is untouched', () => {
      const metric = ok({ value: 0, from: 'barg', to: 'bara', atmosphericPressure: 1.01325, units: 'metric' });
      close(metric.value as number, 1.01325);
      close(metric.atmosphericPressure as number, 1.01325);
      expect(metric.outputUnits).to.include({ atmosphericPressure: 'bara', value: 'unit of to' });
      const field = ok({ value: 0, from: 'barg', to: 'bara', atmosphericPressure: 1.01325 * PSI_PER_BAR });
      close(field.value as number, metric.value as number);
    });
    it('with "units": "metric" and no atmosphericPressure the default is still 14.696 psia (1.0132535 bara), not 14.696 bara', () => {
      const metric = ok({ value: 0, from: 'barg', to: 'bara', units: 'metric' });
      close(metric.value as number, 14.696 / PSI_PER_BAR);
      close(metric.atmosphericPressure as number, 14.696 / PSI_PER_BAR);
    });
    it('when a plain pressure unit meets a gauge one, then it is taken as absolute, with a warning', () => {
      const r = ok({ value: 100, from: 'psi', to: 'psig' });
      close(r.value as number, 85.304);
      expect(r.warnings.join()).to.match(/'psi' is taken as an absolute pressure/);
      expect(ok({ value: 100, from: 'psia', to: 'psig' }).warnings).to.deep.equal([]);
    });
  });

  describe('oil gravity (API MPMS Ch. 11.1: SG = 141.5/(131.5 + API))', () => {
    it('10 degAPI is SG 1 (water) and back; 45.375 degAPI is SG 0.8', () => {
      expect(one({ value: 10, from: 'degAPI', to: 'SG(60F)' })).to.equal(1);
      close(one({ value: 1, from: 'SG', to: 'API' }), 10);
      close(one({ value: 0.8, from: 'SG(60/60F)', to: 'degAPI' }), 141.5 / 0.8 - 131.5);
    });
    it('is not affine: no factor or offset; degAPI -> degAPI is the identity', () => {
      const r = ok({ value: 35, from: 'degAPI', to: 'SG(60F)' });
      expect(r).to.not.have.property('factor');
      expect(r).to.not.have.property('offset');
      expect(ok({ value: 35, from: 'API', to: 'degAPI' })).to.include({ value: 35, factor: 1, offset: 0 });
    });
    it('round-trips API -> SG -> API over -100..100', () => {
      const api = Array.from({ length: 21 }, (_, i) => -100 + 10 * i);
      const sg = ok({ value: api, from: 'degAPI', to: 'SG(60F)' }).value as number[];
      const back = ok({ value: sg, from: 'SG(60F)', to: 'degAPI' }).value as number[];
      back.forEach((b, i) => expect(Math.abs(b - (api[i] as number))).to.be.below(1e-11));
    });
  });

  describe('agrees with the field/metric layer (engine/units.ts CONVERSIONS) to the last digits', () => {
    const pairs: [string, string, string][] = [
      ['psia', 'bara', 'psia'],
      ['psi', 'bar', 'psi'],
      ['degF', 'degC', 'degF'],
      ['degR', 'K', 'degR'],
      ['ft', 'm', 'ft'],
      ['in', 'm', 'in'],
      ['STB/d', 'sm3/d', 'STB/d'],
      ['Mscf/d', 'sm3/d', 'Mscf/d'],
      ['scf/STB', 'sm3/sm3', 'scf/STB'],
      ['lbm/ft3', 'kg/m3', 'lbm/ft3'],
      ['1/psi', '1/bar', '1/psi'],
      ['Mscf', 'sm3', 'Mscf'],
      ['STB', 'sm3', 'STB'],
    ];
    for (const [from, to, layerUnit] of pairs) {
      it(`${from} -> ${to}`, () => {
        const values = [0, 1, 60, 1234.5, 5000];
        const got = ok({ value: values, from, to }).value as number[];
        values.forEach((v, i) => {
          const want = CONVERSIONS[layerUnit]!.toMetric(v);
          expect(Math.abs((got[i] as number) - want), `${v} ${from}`).to.be.at.most(2e-15 * Math.max(1, Math.abs(want)));
        });
      });
    }
  });

  describe('the unit table', () => {
    it('round-trips every pair of units of every quantity to 1e-12', () => {
      for (const q of UNIT_QUANTITIES) {
        const symbols = QUANTITY_UNITS[q].units.map((d) => d.symbol);
        const start = q === 'oil gravity' ? 35 : q === 'temperature' ? 150 : 1234.5;
        for (const a of symbols) {
          for (const b of symbols) {
            const there = one({ value: start, from: a, to: b, quantity: q });
            close(one({ value: there, from: b, to: a, quantity: q }), start);
          }
        }
      }
    });
    it('a symbol shared by several quantities (m3, sm3/d, sm3/sm3...) has the same size in each, so inference cannot change a number', () => {
      for (const [symbol, e] of UNIT_INDEX) {
        const defs = Object.values(e.byQuantity);
        for (const d of defs) expect(d.scale, symbol).to.equal(defs[0]!.scale);
      }
      expect(ok({ value: 5, from: 'sm3/d', to: 'm3/d' })).to.include({ value: 5, quantity: 'liquid rate' });
    });
    it('lists every unit and quantity in the input schema (enums shown by GET /v1/engine/functions)', () => {
      const props = convert.input.properties as unknown as Record<string, { enum?: unknown[] }>;
      expect(props.from!.enum).to.deep.equal([...UNIT_SYMBOLS]);
      expect(props.to!.enum).to.deep.equal([...UNIT_SYMBOLS]);
      expect(props.quantity!.enum).to.deep.equal([...UNIT_QUANTITIES]);
      for (const u of ['psia', 'psig', 'bara', 'barg', 'kPa', 'MPa', 'atm', 'degF', 'degC', 'degR', 'K', 'ft', 'in', 'm', 'cm', 'mm', 'STB/d', 'sm3/d', 'bbl/d', 'Mscf/d', 'MMscf/d', 'scf/d', 'm3/d', 'scf/STB', 'sm3/sm3', 'md', 'D', 'm2', 'um2', 'cp', 'mPa.s', 'Pa.s', 'lbm/ft3', 'kg/m3', 'g/cm3', '1/psi', '1/bar', '1/kPa', 'degAPI', 'SG(60F)']) {
        expect(UNIT_SYMBOLS, u).to.include(u);
      }
    });
  });

  describe('refusals and warnings', () => {
    it('an unknown unit is a validation error naming the allowed units', () => {
      const r = fails({ value: 1, from: 'psia', to: 'furlong' });
      expect(r.fields?.to).to.match(/^must be one of: psi, psia, psig, bar/);
      expect(r.fields?.to).to.include('SG(60F)');
    });
    it('an unknown quantity is a validation error naming the quantities', () => {
      expect(fails({ value: 1, from: 'psia', to: 'bara', quantity: 'force' }).fields?.quantity).to.match(/must be one of: pressure, temperature/);
    });
    it('units of different quantities are refused, naming both quantities', () => {
      const r = fails({ value: 1, from: 'psia', to: 'ft' });
      expect(r.reason).to.equal('invalid_input');
      expect(r.message).to.match(/'psia' \(a pressure unit\) to 'ft' \(a length unit\)/);
      expect(fails({ value: 1, from: 'STB/d', to: 'Mscf/d' }).message).to.match(/liquid rate.*gas rate/);
    });
    it('a unit outside the quantity asked for is refused, listing that quantity\'s units', () => {
      const r = fails({ value: 1, from: 'STB/MMscf', to: 'sm3/sm3', quantity: 'GOR' });
      expect(r.reason).to.equal('invalid_input');
      expect(r.message).to.match(/'STB\/MMscf' is not a GOR unit \(it is a CGR unit\); GOR units: scf\/STB/);
    });
    it('below absolute zero is an engine failure; absolute zero itself converts', () => {
      expect(fails({ value: [0, -500], from: 'degF', to: 'K' })).to.include({ reason: 'out_of_range' });
      expect(fails({ value: -1, from: 'K', to: 'degC' }).message).to.match(/below absolute zero/);
      expect(one({ value: -459.67, from: 'degF', to: 'degR' })).to.equal(0);
    });
    it('a negative absolute pressure is an engine failure when an absolute or gauge unit is involved; a plain difference may be negative', () => {
      expect(fails({ value: -15, from: 'psig', to: 'psia' }).message).to.match(/value = -15 psig is a negative absolute pressure/);
      expect(fails({ value: -1, from: 'bara', to: 'psia' })).to.include({ reason: 'out_of_range' });
      close(one({ value: -100, from: 'psi', to: 'bar' }), -100 / PSI_PER_BAR);
    });
    it('negative permeability, viscosity or density, API <= -131.5 and SG <= 0 are engine failures', () => {
      for (const body of [
        { value: -1, from: 'md', to: 'm2' },
        { value: -0.1, from: 'cP', to: 'Pa.s' },
        { value: [1, -1], from: 'kg/m3', to: 'lbm/ft3' },
        { value: -131.5, from: 'degAPI', to: 'SG(60F)' },
        { value: 0, from: 'SG(60F)', to: 'degAPI' },
      ]) {
        expect(fails(body), JSON.stringify(body)).to.include({ reason: 'out_of_range' });
      }
    });
    it('a result beyond the floating-point range is an engine failure, never Infinity', () => {
      expect(fails({ value: 1e308, from: 'Bscf', to: 'm3' }).message).to.match(/overflows/);
    });
    it('warns for an atmospheric pressure outside 7-16 psia (likely the wrong unit) but still answers', () => {
      const r = ok({ value: 0, from: 'psig', to: 'psia', atmosphericPressure: 101.325 });
      expect(r.value).to.equal(101.325);
      expect(r.warnings.join()).to.match(/atmosphericPressure 101.325 psia is above the validated range \(max 16 psia\)/);
      expect(ok({ value: 0, from: 'psig', to: 'psia', atmosphericPressure: 16 }).warnings).to.deep.equal([]);
      expect(ok({ value: 0, from: 'psig', to: 'psia', atmosphericPressure: 6.9 }).warnings.join()).to.match(/below the validated range/);
    });
    it('warns when atmosphericPressure is given but no gauge unit uses it', () => {
      expect(ok({ value: 1, from: 'psia', to: 'bara', atmosphericPressure: 14.7 }).warnings.join()).to.match(/atmosphericPressure is not used/);
    });
    it('a scalar comes back a scalar, a list a list of the same length', () => {
      expect(ok({ value: 1, from: 'ft', to: 'm' }).value).to.equal(0.3048);
      expect(ok({ value: [1], from: 'ft', to: 'm' }).value).to.deep.equal([0.3048]);
    });
  });

  describe('pressure gradients and gas amounts (issue 10, item 8)', () => {
    it('0.433 psi/ft (fresh water) = 9.7947 kPa/m: 1 psi/ft = 6894.757293168 Pa / 0.3048 m = 22.620594 kPa/m (NIST SP 811 B.8, by hand); 1 bar/m = 4.42075 psi/ft', () => {
      const r = ok({ value: 0.433, from: 'psi/ft', to: 'kPa/m' });
      expect(r.quantity).to.equal('pressure gradient');
      expect(r.value as number).to.be.closeTo((0.433 * 6894.757293168) / 0.3048 / 1000, 1e-12);
      expect(ok({ value: 1, from: 'bar/m', to: 'psi/ft' }).value as number).to.be.closeTo((1e5 * 0.3048) / 6894.757293168, 1e-12);
      expect(ok({ value: 1, from: 'MPa/km', to: 'kPa/m' }).value as number).to.be.closeTo(1, 1e-15);
    });

    it('1 lbmol = R T / p at 14.696 psia and 60 degF = 379.48 scf; 1 kmol = 23.6903 sm3 (R = N_A k = 8.31446261815324 J/(mol K), exact; by hand), and the answer states the standard conditions', () => {
      // R exact since the 2019 SI: 6.02214076e23 /mol x 1.380649e-23 J/K. The truncated CODATA
      // print 8.314462618 gave 379.48276168660 scf/lbmol, 1.8e-11 low (pint 0.25.3: 379.4827616936).
      const vm = (6.02214076e23 * 1.380649e-23 * (519.67 / 1.8)) / (14.696 * 6894.757293168361); // m3/mol
      const r = ok({ value: 1, from: 'lbmol', to: 'scf' });
      close(r.value as number, (vm * 453.59237) / 0.028316846592, 1e-14);
      close(r.value as number, 379.4827616935968, 1e-14);
      expect(r.standardConditions).to.match(/14\.696 psia and 60 degF/);
      close(ok({ value: 1, from: 'kmol', to: 'sm3' }).value as number, 1000 * vm, 1e-14);
      close(ok({ value: 1000, from: 'Mscf', to: 'kmol' }).value as number, (1000 * 1000 * 0.028316846592) / vm / 1000, 1e-14);
      // scf <-> sm3 stays the geometric conversion (the same conditions on both sides).
      expect(ok({ value: 1, from: 'scf', to: 'sm3' })).to.include({ quantity: 'gas volume (geometric)' });
    });
  });
});

