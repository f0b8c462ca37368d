import { expect } from 'chai';
import { gasProperties } from '../../../../engine/pvt/gasProperties.js';
import { blackOilTable, MAX_GRID } from '../../../../engine/pvt/oil/blackOilTable.js';
import { ENGINE_RESULT_LIMIT_BYTES } from '../../../../engine/definition.js';
import { deckNumber } from '../../../../engine/pvt/oil/deck.js';
import { oilBubblePoint } from '../../../../engine/pvt/oil/oilBubblePoint.js';
import { oilProperties } from '../../../../engine/pvt/oil/oilProperties.js';
import { brineProperties } from '../../../../engine/pvt/water/brine.js';
import { CONVERSIONS } from '../../../../engine/units.js';
import { call, expectFailure, num, ok, rel, type Result } from './oilCall.js';

interface OilPoint {
  psia: number;
  bo: number;
  viscosity: number;
  density: number;
}
interface OilRow extends OilPoint {
  rs: number;
  co: number;
  undersaturated: OilPoint[];
}
interface GasRow {
  psia: number;
  z: number;
  bg: number;
  viscosity: number;
}

const OIL = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 600 };
const GRID = [14.696, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000];
const toMetric = (unit: string, v: number) => (CONVERSIONS[unit] as { toMetric(x: number): number }).toMetric(v);

/** PVTO records as arrays of numbers (first line Rs P Bo mu, then P Bo mu). */
function pvtoRecords(deck: string): number[][][] {
  const body = deck.split('\nPVTO\n')[1] as string;
  const records: number[][][] = [];
  let current: number[][] = [];
  for (const line of body.split('\n')) {
    if (line.startsWith('--') || line.trim() === '') continue;
    if (line.trim() === '/') break;
    const ends = line.trim().endsWith('/');
    current.push(line.replace('/', '').trim().split(/\s+/).map(Number));
    if (ends) {
      records.push(current);
      current = [];
    }
  }
  return records;
}

describe('pvt.blackOilTable', () => {
  let table: Result;
  before(() => {
    table = ok(blackOilTable, { ...OIL, psia: GRID });
  });

  it('the bubble point is pvt.oilBubblePoint’s (Valko–McCain set by default) and Rsb comes back as given', () => {
    expect(num(table, 'pb')).to.equal(num(ok(oilBubblePoint, OIL), 'pb'));
    expect(num(table, 'rsb')).to.equal(600);
  });

  it('saturated rows sit at the grid pressures below pb and at pb, with Rs increasing, and match pvt.oilProperties there', () => {
    const rows = table.oil as OilRow[];
    const pb = num(table, 'pb');
    expect(rows.map((r) => r.psia)).to.deep.equal([...GRID.filter((p) => p < pb), pb]);
    for (let i = 1; i < rows.length; i++) expect((rows[i] as OilRow).rs).to.be.greaterThan((rows[i - 1] as OilRow).rs);
    const props = ok(oilProperties, { ...OIL, psia: rows.map((r) => r.psia) });
    rows.forEach((r, i) => {
      expect(r.rs).to.be.closeTo((props.rs as number[])[i] as number, 1e-9);
      expect(r.bo).to.be.closeTo((props.bo as number[])[i] as number, 1e-12);
      expect(r.viscosity).to.be.closeTo((props.viscosity as number[])[i] as number, 1e-12);
    });
  });

  it('the bubble-point row’s undersaturated branch is pvt.oilProperties above pb; every branch has Bo falling and viscosity rising', () => {
    const rows = table.oil as OilRow[];
    const last = rows[rows.length - 1] as OilRow;
    const above = GRID.filter((p) => p > num(table, 'pb'));
    expect(last.undersaturated.map((u) => u.psia)).to.deep.equal(above);
    const props = ok(oilProperties, { ...OIL, psia: above });
    last.undersaturated.forEach((u, i) => {
      expect(rel(u.bo, (props.bo as number[])[i] as number)).to.be.below(1e-12);
      expect(rel(u.viscosity, (props.viscosity as number[])[i] as number)).to.be.below(1e-12);
    });
    for (const r of rows) {
      let prev: OilPoint = r;
      for (const u of r.undersaturated) {
        expect(u.bo).to.be.below(prev.bo);
        expect(u.viscosity).to.be.greaterThan(prev.viscosity);
        prev = u;
      }
    }
  });

  it('gas rows are pvt.gasProperties of the total surface gas (Bg in rb/Mscf, z, viscosity)', () => {
    const gas = table.gas as GasRow[];
    const g = ok(gasProperties, { psia: GRID, TF: 200, gasSG: 0.75 });
    gas.forEach((row, i) => {
      expect(row.psia).to.equal(GRID[i]);
      expect(row.z).to.be.closeTo((g.z as number[])[i] as number, 1e-12);
      expect(row.bg).to.be.closeTo((g.BgRbPerMscf as number[])[i] as number, 1e-9);
      expect(row.viscosity).to.be.closeTo((g.viscosity as number[])[i] as number, 1e-12);
    });
  });

  it('water is engine/pvt/water/brine.ts at the highest grid pressure by default; stock-tank densities are 62.367 gammaO, brine at 14.696 psia and 60 degF, and p MW/(R T) of the gas', () => {
    const w = table.water as Record<string, number>;
    const b = brineProperties({ psia: 5000, TF: 200, salinityWtPct: 0 });
    expect(w.pRefPsia).to.equal(5000);
    expect(w.bw).to.equal(b.Bw);
    expect(w.cw).to.equal(b.cwPerPsi);
    expect(w.viscosity).to.equal(b.viscosityCp);
    const st = table.stockTank as Record<string, number>;
    expect(st.oilDensity).to.be.closeTo(62.367 * (141.5 / 166.5), 1e-12);
    expect(st.waterDensity).to.equal(brineProperties({ psia: 14.696, TF: 60, salinityWtPct: 0 }).densityLbFt3);
    expect(st.gasDensity).to.be.closeTo((14.696 * 28.97 * 0.75) / (10.731577 * 519.67), 1e-12);
  });

  it('the FIELD deck states its units and carries DENSITY, PVTW, PVDG and PVTO with Rs in Mscf/STB', () => {
    const deck = table.deck as string;
    expect(table.deckUnits).to.equal('FIELD');
    expect(deck.split('\n')[0]).to.match(/^-- FIELD units: pressure psia, Rs Mscf\/STB, Bo rb\/STB, Bg rb\/Mscf/);
    for (const kw of ['DENSITY', 'PVTW', 'PVDG', 'PVTO']) expect(deck).to.match(new RegExp(`^${kw}$`, 'm'));
    const records = pvtoRecords(deck);
    const rows = table.oil as OilRow[];
    expect(records).to.have.length(rows.length);
    records.forEach((rec, i) => {
      const row = rows[i] as OilRow;
      const first = rec[0] as number[];
      expect(first[0] as number).to.be.closeTo(row.rs / 1000, (row.rs / 1000) * 1e-5);
      expect(rel(first[2] as number, row.bo)).to.be.below(1e-5);
      expect(rec).to.have.length(1 + row.undersaturated.length);
    });
    expect(records[records.length - 1]?.length).to.be.greaterThan(1);
  });

  it("a metric call gets a METRIC deck unless it asks for FIELD; a field call gets FIELD", () => {
    const metricGrid = GRID.map((p) => toMetric('psia', p));
    const body = { units: 'metric', api: 35, TF: (200 - 32) / 1.8, gasSG: 0.75, rsbScfStb: toMetric('scf/STB', 600), psia: metricGrid };
    expect(ok(blackOilTable, body).deckUnits).to.equal('METRIC');
    expect(ok(blackOilTable, { ...body, deckUnits: 'FIELD' }).deckUnits).to.equal('FIELD');
    expect(table.deckUnits).to.equal('FIELD');
  });

  it('a METRIC deck carries the metric numbers of a metric call (barsa, sm3/sm3, rm3/sm3, kg/m3, 1/bars) and says so', () => {
    const metricGrid = GRID.map((p) => toMetric('psia', p));
    const m = ok(blackOilTable, { units: 'metric', deckUnits: 'METRIC', api: 35, TF: (200 - 32) / 1.8, gasSG: 0.75, rsbScfStb: toMetric('scf/STB', 600), psia: metricGrid });
    const deck = m.deck as string;
    expect(deck.split('\n')[0]).to.match(/^-- METRIC units: pressure barsa, Rs sm3\/sm3, Bo rm3\/sm3, Bg rm3\/sm3/);
    expect(rel(num(m, 'pb'), toMetric('psia', num(table, 'pb')))).to.be.below(1e-9);
    const rows = m.oil as OilRow[];
    const records = pvtoRecords(deck);
    records.forEach((rec, i) => {
      const row = rows[i] as OilRow;
      const first = rec[0] as number[];
      if (row.rs > 0) expect(rel(first[0] as number, row.rs)).to.be.below(1e-5);
      expect(rel(first[1] as number, row.psia)).to.be.below(1e-5);
    });
    const gasLine = deck.split('\nPVDG\n')[1]?.split('\n')[1] as string;
    const [p, bg] = gasLine.trim().split(/\s+/).map(Number) as [number, number];
    expect(rel(p, (m.gas as GasRow[])[0]?.psia as number)).to.be.below(1e-5);
    expect(rel(bg, (m.gas as GasRow[])[0]?.bg as number)).to.be.below(1e-5);
    const density = deck.split('\nDENSITY\n')[1]?.split('\n')[1]?.replace('/', '').trim().split(/\s+/).map(Number) as number[];
    expect(rel(density[0] as number, (m.stockTank as Record<string, number>).oilDensity as number)).to.be.below(1e-5);
    const pvtw = deck.split('\nPVTW\n')[1]?.split('\n')[1]?.replace('/', '').trim().split(/\s+/).map(Number) as number[];
    expect(rel(pvtw[2] as number, (m.water as Record<string, number>).cw as number)).to.be.below(1e-5);
  });

  it('deck numbers have 6 significant digits, E notation when small', () => {
    expect(deckNumber(1.234567891)).to.equal('1.23457');
    expect(deckNumber(3.5e-6)).to.equal('3.5E-6');
    expect(deckNumber(5000)).to.equal('5000');
    expect(deckNumber(0)).to.equal('0');
  });

  it('salinity and methane saturation reach the water table', () => {
    const salty = ok(blackOilTable, { ...OIL, psia: GRID, salinityWtPct: 10, pRefPsia: 3000 });
    const w = salty.water as Record<string, number>;
    expect(w.pRefPsia).to.equal(3000);
    expect(w.bw).to.equal(brineProperties({ psia: 3000, TF: 200, salinityWtPct: 10 }).Bw);
    expect((salty.stockTank as Record<string, number>).waterDensity).to.be.greaterThan((table.stockTank as Record<string, number>).waterDensity as number);
  });

  describe('impossible input is refused', () => {
    it('a grid that does not reach above pb: invalid_input (PVTO needs an undersaturated branch)', () => {
      expectFailure(blackOilTable, { ...OIL, psia: [500, 1000, 2000] }, 'invalid_input', /above the bubble point/);
    });
    it('gas impurities above 1: invalid_input', () => expectFailure(blackOilTable, { ...OIL, psia: GRID, yCO2: 0.6, yN2: 0.6 }, 'invalid_input'));
    it('a grid of one distinct pressure: invalid_input', () => expectFailure(blackOilTable, { ...OIL, psia: [3000, 3000] }, 'invalid_input'));
  });

  it(`the grid is capped at ${MAX_GRID} pressures, and the worst case (pb at the top of the grid, so every row has the longest branch) stays under ENGINE_RESULT_LIMIT_BYTES in both unit systems`, function () {
    this.timeout(60_000);
    const grid = Array.from({ length: MAX_GRID }, (_, i) => 100 + i * 50);
    const top = grid[grid.length - 1] as number;
    for (const units of ['field', 'metric'] as const) {
      const body = units === 'field' ? { ...OIL, psia: grid, pbPsia: top - 10 } : { ...OIL, psia: grid.map((p) => toMetric('psia', p)), pbPsia: toMetric('psia', top - 10), TF: toMetric('degF', OIL.TF), units };
      const r = ok(blackOilTable, body);
      expect((r.oil as OilRow[]).length).to.equal(MAX_GRID);
      expect(Buffer.byteLength(JSON.stringify(r))).to.be.below(ENGINE_RESULT_LIMIT_BYTES);
    }
    const over = call(blackOilTable, { ...OIL, psia: [...grid, top + 50], pbPsia: 2000 });
    expect(over.ok).to.equal(false);
    if (!over.ok && over.kind === 'validation') expect(over.fields).to.have.property('psia');
    else expect.fail('a grid over the cap must be a validation error');
  });
});
