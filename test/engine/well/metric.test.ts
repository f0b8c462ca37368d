/**
 * Every well function called with "units": "metric" gives the physics of the field call: the
 * inputs are converted here by hand and the field answer is converted by hand with the exact
 * factors (NIST SP 811 (2008) Appendix B: 1 ft = 0.3048 m, 1 in = 0.0254 m, 1 bbl = 0.158987294928
 * m3, 1 lbm = 0.45359237 kg, g = 9.80665 m/s2, so 1 bar = 14.503773773 psi), and every label in
 * outputUnits is a metric one. The Fetkovich C (a rate per pressure^(2n)) is converted in the
 * functions' run: C_metric = C_field x (sm3/d per STB/d or Mscf/d) x (psi per bar)^(2n).
 */
import { expect } from 'chai';
import { isFieldUnitLabel } from '../../../engine/quantity.js';
import { close, run, type Result } from './call.js';

/** psi per bar, from the definitions of the pound, standard gravity and the inch. */
const PSI = 1e5 / ((0.45359237 * 9.80665) / 0.0254 ** 2);
const FT = 0.3048;
const IN = 0.0254;
const BBL = 0.158987294928;
const FT3 = FT ** 3;
const MSCF = 1000 * FT3;
const MMSCF = 1e6 * FT3;
const bara = (psia: number) => psia / PSI;
const degC = (degF: number) => (degF - 32) / 1.8;
const each = (xs: number[], f: (x: number) => number) => xs.map(f);

/** Field answer converted by `f` equals the metric answer, element by element. */
function same(metric: number | number[] | null, field: number | number[] | null, f: (x: number) => number, rel: number, what: string): void {
  if (Array.isArray(field)) {
    expect(metric, what).to.be.an('array').with.length(field.length);
    field.forEach((v, i) => (v === null ? expect((metric as (number | null)[])[i]).to.equal(null) : close((metric as number[])[i] as number, f(v), rel, `${what}[${i}]`)));
  } else if (field === null) expect(metric, what).to.equal(null);
  else close(metric as number, f(field), rel, what);
}

/** Every output label of a metric answer is a metric unit, and the ones named are as given. */
function metricLabels(r: Result, expected: Record<string, string>): void {
  expect(r.units).to.equal('metric');
  for (const [path, label] of Object.entries(r.outputUnits as Record<string, string>)) expect(isFieldUnitLabel(label), `${path}: '${label}'`).to.equal(false);
  expect(r.outputUnits).to.include(expected);
}

describe('well functions in metric units: the field physics, metric labels', () => {
  it('well.iprVogel: bara and sm3/d in and out', () => {
    const f = run('well.iprVogel', { prPsia: 2500, testRateStbd: 350, testPwfPsia: 2000, pwfPsia: [0, 1000, 2400] });
    const m = run('well.iprVogel', { prPsia: bara(2500), testRateStbd: 350 * BBL, testPwfPsia: bara(2000), pwfPsia: [0, bara(1000), bara(2400)], units: 'metric' });
    same(m.qoStbd, f.qoStbd, (q) => q * BBL, 1e-12, 'qoStbd');
    same(m.qmaxStbd, f.qmaxStbd, (q) => q * BBL, 1e-12, 'qmaxStbd');
    same(m.pwfPsia, f.pwfPsia, bara, 1e-12, 'pwfPsia');
    metricLabels(m, { qoStbd: 'sm3/d', qmaxStbd: 'sm3/d', pwfPsia: 'bara' });
  });

  it('well.iprComposite: Darcy J from m, cp and rm3/sm3 comes out in sm3/d/bar', () => {
    const res = { kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, skin: 1, muCp: 1.2, boRbStb: 1.25 };
    const f = run('well.iprComposite', { ...res, prPsia: 4000, pbPsia: 2500, pwfPsia: [3000, 1000] });
    const m = run('well.iprComposite', { ...res, hFt: 30 * FT, reFt: 1500 * FT, rwFt: 0.35 * FT, prPsia: bara(4000), pbPsia: bara(2500), pwfPsia: [bara(3000), bara(1000)], units: 'metric' });
    same(m.productivityIndex, f.productivityIndex, (j) => j * BBL * PSI, 1e-12, 'productivityIndex');
    for (const k of ['qoStbd', 'qbStbd', 'qmaxStbd']) same(m[k], f[k], (q) => q * BBL, 1e-12, k);
    metricLabels(m, { productivityIndex: 'sm3/d/bar', qoStbd: 'sm3/d', qbStbd: 'sm3/d', qmaxStbd: 'sm3/d' });
  });

  it('well.iprFetkovich oil well: C in sm3/d per bara^(2n) gives the field rates; C comes back in the caller units', () => {
    const n = 0.85;
    const cMetric = 0.0012 * BBL * PSI ** (2 * n);
    const f = run('well.iprFetkovich', { prPsia: 3000, C: 0.0012, n, pwfPsia: [0, 1500, 2500] });
    const m = run('well.iprFetkovich', { prPsia: bara(3000), C: cMetric, n, pwfPsia: [0, bara(1500), bara(2500)], units: 'metric' });
    same(m.qoStbd, f.qoStbd, (q) => q * BBL, 1e-12, 'qoStbd');
    same(m.aofStbd, f.aofStbd, (q) => q * BBL, 1e-12, 'aofStbd');
    close(m.C, cMetric, 1e-14, 'C');
    // The metric curve is the backpressure law in metric numbers: q = C (pr^2 - pwf^2)^n in sm3/d and bara.
    close(m.qoStbd[1], cMetric * (bara(3000) ** 2 - bara(1500) ** 2) ** n, 1e-12, 'q = C (pr^2 - pwf^2)^n in metric');
    metricLabels(m, { qoStbd: 'sm3/d', aofStbd: 'sm3/d', C: 'sm3/d/bara^(2n)', pwfPsia: 'bara' });
    expect(f.outputUnits.C).to.equal('(STB/d or Mscf/d)/psia^(2n)');
  });

  it('well.iprFetkovich gas well: a fit to tests in sm3/d and bara returns the field n and the metric C', () => {
    const pwf = [2800, 2500, 2100, 1600];
    const q = pwf.map((p) => 0.02 * (3000 ** 2 - p ** 2) ** 0.8); // Mscf/d
    const f = run('well.iprFetkovich', { prPsia: 3000, testRateMscfd: q, testPwfPsia: pwf, pwfPsia: [1000] });
    const m = run('well.iprFetkovich', { prPsia: bara(3000), testRateMscfd: each(q, (x) => x * MSCF), testPwfPsia: each(pwf, bara), pwfPsia: [bara(1000)], units: 'metric' });
    expect(f.wellType).to.equal('gas');
    close(f.n, 0.8, 1e-10, 'field n');
    close(m.n, f.n, 1e-10, 'metric n');
    close(m.C, f.C * MSCF * PSI ** (2 * f.n), 1e-9, 'C');
    same(m.qgMscfd, f.qgMscfd, (x) => x * MSCF, 1e-10, 'qgMscfd');
    same(m.aofMscfd, f.aofMscfd, (x) => x * MSCF, 1e-10, 'aofMscfd');
    metricLabels(m, { qgMscfd: 'sm3/d', aofMscfd: 'sm3/d', C: 'sm3/d/bara^(2n)' });
  });

  it('well.iprGas: sm3/d, bara2/cp and the AOF', () => {
    const base = { kMd: 10, hFt: 50, rwFt: 0.35, reFt: 1500, TF: 200, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65 };
    const f = run('well.iprGas', { ...base, prPsia: 3000, pwfPsia: [2000, 500] });
    const m = run('well.iprGas', { ...base, hFt: 50 * FT, rwFt: 0.35 * FT, reFt: 1500 * FT, TF: degC(200), dNonDarcyDPerMscf: 0.001 / MSCF, prPsia: bara(3000), pwfPsia: [bara(2000), bara(500)], units: 'metric' });
    same(m.qgMscfd, f.qgMscfd, (x) => x * MSCF, 1e-9, 'qgMscfd');
    same(m.aofMscfd, f.aofMscfd, (x) => x * MSCF, 1e-9, 'aofMscfd');
    same(m.deltaPseudoPressure, f.deltaPseudoPressure, (x) => x / PSI ** 2, 1e-9, 'deltaPseudoPressure');
    metricLabels(m, { qgMscfd: 'sm3/d', aofMscfd: 'sm3/d', deltaPseudoPressure: 'bara2/cp' });
  });

  it('well.ipr: every method gives the field physics in metric, with its rate under its phase name', () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { iprMethod: 'darcy', prPsia: 4000, kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, pwfPsia: [2000] },
        { iprMethod: 'darcy', prPsia: bara(4000), kMd: 50, hFt: 30 * FT, reFt: 1500 * FT, rwFt: 0.35 * FT, muCp: 1.2, boRbStb: 1.25, pwfPsia: [bara(2000)] },
      ],
      [
        { iprMethod: 'vogel', prPsia: 2500, qmaxStbd: 800, pwfPsia: [1000] },
        { iprMethod: 'vogel', prPsia: bara(2500), qmaxStbd: 800 * BBL, pwfPsia: [bara(1000)] },
      ],
      [
        { iprMethod: 'composite', prPsia: 4000, pbPsia: 2500, testRateStbd: 2000, testPwfPsia: 2200, pwfPsia: [1000] },
        { iprMethod: 'composite', prPsia: bara(4000), pbPsia: bara(2500), testRateStbd: 2000 * BBL, testPwfPsia: bara(2200), pwfPsia: [bara(1000)] },
      ],
      [
        { iprMethod: 'fetkovich', prPsia: 2000, C: 0.01, n: 0.7, pwfPsia: [500] },
        { iprMethod: 'fetkovich', prPsia: bara(2000), C: 0.01 * BBL * PSI ** 1.4, n: 0.7, pwfPsia: [bara(500)] },
      ],
      [
        { iprMethod: 'fetkovich', wellType: 'gas', prPsia: 2000, C: 0.05, n: 0.9, pwfPsia: [500] },
        { iprMethod: 'fetkovich', wellType: 'gas', prPsia: bara(2000), C: 0.05 * MSCF * PSI ** 1.8, n: 0.9, pwfPsia: [bara(500)] },
      ],
      [
        { iprMethod: 'gas', prPsia: 3000, kMd: 10, hFt: 50, reFt: 1500, rwFt: 0.35, TF: 200, gasSG: 0.65, pwfPsia: [1500] },
        { iprMethod: 'gas', prPsia: bara(3000), kMd: 10, hFt: 50 * FT, reFt: 1500 * FT, rwFt: 0.35 * FT, TF: degC(200), gasSG: 0.65, pwfPsia: [bara(1500)] },
      ],
    ];
    for (const [field, metric] of cases) {
      const f = run('well.ipr', field);
      const m = run('well.ipr', { ...metric, units: 'metric' });
      const what = `${field.iprMethod} ${field.wellType ?? ''}`;
      const gas = f.qgMscfd !== undefined;
      expect(gas, what).to.equal(field.iprMethod === 'gas' || field.wellType === 'gas');
      same(m[gas ? 'qgMscfd' : 'qoStbd'], f[gas ? 'qgMscfd' : 'qoStbd'], (q) => q * (gas ? MSCF : BBL), 1e-9, `${what} rate`);
      same(m[gas ? 'aofMscfd' : 'aofStbd'], f[gas ? 'aofMscfd' : 'aofStbd'], (q) => q * (gas ? MSCF : BBL), 1e-9, `${what} AOF`);
      if (f.productivityIndex !== undefined) same(m.productivityIndex, f.productivityIndex, (j) => j * BBL * PSI, 1e-12, `${what} J`);
      if (f.C !== undefined) close(m.C, metric.C as number, 1e-13, `${what} C`);
      metricLabels(m, { pwfPsia: 'bara', qoStbd: 'sm3/d', qgMscfd: 'sm3/d', aofStbd: 'sm3/d', aofMscfd: 'sm3/d', productivityIndex: 'sm3/d/bar', C: 'sm3/d/bara^(2n)' });
    }
  });

  it('well.productivityIndex: J in sm3/d/bar, the skin pressure drop in bar, the skin from a metric test', () => {
    const f = run('well.productivityIndex', { kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, damagedZonePermMd: 5, damagedRadiusFt: 2, prPsia: 3000, testRateStbd: 900, testPwfPsia: 2000 });
    const m = run('well.productivityIndex', {
      kMd: 50, hFt: 30 * FT, reFt: 1500 * FT, rwFt: 0.35 * FT, muCp: 1.2, boRbStb: 1.25, damagedZonePermMd: 5, damagedRadiusFt: 2 * FT,
      prPsia: bara(3000), testRateStbd: 900 * BBL, testPwfPsia: bara(2000), units: 'metric',
    });
    for (const k of ['jIdealStbdPsi', 'jStbdPsi', 'jTestStbdPsi']) same(m[k], f[k], (j) => j * BBL * PSI, 1e-12, k);
    for (const k of ['totalSkin', 'flowEfficiency', 'skinFromTest']) same(m[k], f[k], (x) => x, 1e-10, k);
    same(m.dpSkinPsi, f.dpSkinPsi, bara, 1e-12, 'dpSkinPsi');
    metricLabels(m, { jStbdPsi: 'sm3/d/bar', dpSkinPsi: 'bar', totalSkin: '-' });
  });

  it('well.chokeFlow: bean in mm (16/64 in = 6.35 mm), GLR in sm3/sm3, rate in sm3/d, pressure in bara', () => {
    const glr = (FT3 / BBL) * 1000; // 1000 scf/STB in sm3/sm3
    const f = run('well.chokeFlow', { chokeSize64ths: 16, glrScfStb: 1000, qLiquidStbd: 3000, downstreamPsia: 90 });
    const m = run('well.chokeFlow', { chokeSize64ths: 6.35, glrScfStb: glr, qLiquidStbd: 3000 * BBL, downstreamPsia: bara(90), units: 'metric' });
    close(m.upstreamPsia, bara(f.upstreamPsia), 1e-12, 'upstreamPsia');
    close(f.upstreamPsia, 173.673069623, 1e-9, 'field: the example');
    expect(m.critical).to.equal(f.critical);
    const back = run('well.chokeFlow', { chokeSize64ths: 6.35, glrScfStb: glr, upstreamPsia: m.upstreamPsia, units: 'metric' });
    close(back.qLiquidStbd, 3000 * BBL, 1e-12, 'rate from the metric pressure');
    metricLabels(m, { qLiquidStbd: 'sm3/d', upstreamPsia: 'bara' });
    metricLabels(back, { qLiquidStbd: 'sm3/d' });
  });

  it('well.vlp oil well: bottom-hole pressure and the profile (m, bara, degC, bar/m, sm3/d) are the field ones converted', () => {
    const field = { tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: 200, gorScfStb: 800, waterCut: 0.3, gasSG: 0.65, pbPsia: 2500, rsbScfStb: 500, api: 35, qLiquidStbd: [800, 1600], profile: true };
    const gor = (FT3 / BBL) * 1; // scf/STB -> sm3/sm3
    const metric = {
      ...field, tubingIdIn: 2.441 * IN, mdFt: 10000 * FT, whtF: degC(100), bhtF: degC(200), thpPsia: bara(200), gorScfStb: 800 * gor, pbPsia: bara(2500), rsbScfStb: 500 * gor,
      qLiquidStbd: [800 * BBL, 1600 * BBL], units: 'metric',
    };
    const f = run('well.vlp', field);
    const m = run('well.vlp', metric);
    same(m.bhpPsia, f.bhpPsia, bara, 1e-9, 'bhpPsia');
    const [pf, pm] = [f.profiles[1], m.profiles[1]];
    same(pm.qLiquidStbd, pf.qLiquidStbd, (q) => q * BBL, 1e-12, 'profile rate');
    same(pm.mdFt, pf.mdFt, (x) => x * FT, 1e-9, 'mdFt');
    same(pm.psia, pf.psia, bara, 1e-9, 'psia');
    same(pm.TF, pf.TF, degC, 1e-9, 'TF');
    same(pm.dpdzPsiFt, pf.dpdzPsiFt, (g) => g / (PSI * FT), 1e-8, 'dpdzPsiFt');
    metricLabels(m, { bhpPsia: 'bara', 'profiles[].qLiquidStbd': 'sm3/d', 'profiles[].qgMMscfd': 'sm3/d', 'profiles[].psia': 'bara', 'profiles[].TF': 'degC', 'profiles[].dpdzPsiFt': 'bar/m', 'profiles[].mdFt': 'm' });
    const up = run('well.vlp', { ...metric, thpPsia: undefined, bhpPsia: m.bhpPsia[1], qLiquidStbd: 1600 * BBL, profile: false });
    close(up.thpPsia, bara(200), 2e-3, 'reverse march back to the metric tubing-head pressure');
    metricLabels(up, { thpPsia: 'bara' });
  });

  it('well.nodal gas well: operating point, AOF, both curves and the loading rates in sm3/d and bara', () => {
    const field = { thpPsia: 500, tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, prPsia: 3000, reservoirTF: 200, kMd: 10, hFt: 50, reFt: 1500, rwFt: 0.35, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65, vlpMethod: 'BeggsBrill', nodalPoints: 20 };
    const metric = {
      ...field, thpPsia: bara(500), tubingIdIn: 2.441 * IN, mdFt: 10000 * FT, whtF: degC(100), bhtF: degC(200), prPsia: bara(3000), reservoirTF: degC(200),
      hFt: 50 * FT, reFt: 1500 * FT, rwFt: 0.35 * FT, dNonDarcyDPerMscf: 0.001 / MSCF, units: 'metric',
    };
    const f = run('well.nodal', field);
    const m = run('well.nodal', metric);
    const rate = (q: number) => q * MMSCF;
    same(m.qgMMscfd, f.qgMMscfd, rate, 1e-6, 'qgMMscfd');
    same(m.bhpPsia, f.bhpPsia, bara, 1e-6, 'bhpPsia');
    same(m.aofMMscfd, f.aofMMscfd, rate, 1e-9, 'aofMMscfd');
    same(m.ipr.qgMMscfd, f.ipr.qgMMscfd, rate, 1e-9, 'ipr.qgMMscfd');
    same(m.ipr.pwfPsia, f.ipr.pwfPsia, bara, 1e-9, 'ipr.pwfPsia');
    same(m.vlp.qgMMscfd, f.vlp.qgMMscfd, rate, 1e-9, 'vlp.qgMMscfd');
    same(m.vlp.bhpPsia, f.vlp.bhpPsia, bara, 1e-9, 'vlp.bhpPsia');
    same(m.intersections[0].qgMMscfd, f.intersections[0].qgMMscfd, rate, 1e-6, 'intersection');
    same(m.liquidLoading.turnerMMscfd, f.liquidLoading.turnerMMscfd, rate, 1e-9, 'turner');
    expect(f.qLiquidStbd).to.equal(undefined);
    metricLabels(m, { qgMMscfd: 'sm3/d', aofMMscfd: 'sm3/d', bhpPsia: 'bara', 'ipr.qgMMscfd': 'sm3/d', 'vlp.qgMMscfd': 'sm3/d', 'intersections[].qgMMscfd': 'sm3/d', 'liquidLoading.turnerMMscfd': 'sm3/d' });
  });

  it('well.nodal oil well with a Fetkovich IPR: C in sm3/d per bara^(2n) gives the field operating point', () => {
    const n = 0.9;
    const c = 0.0005; // STB/d per psia^1.8: AOF 0.0005 x 3500^1.8 = 1170 STB/d
    const field = { iprMethod: 'fetkovich', C: c, n, prPsia: 3500, thpPsia: 150, tubingIdIn: 2.441, mdFt: 8000, whtF: 100, bhtF: 180, api: 35, gasSG: 0.7, gorScfStb: 400, waterCut: 0.2, nodalPoints: 20 };
    const gor = FT3 / BBL;
    const metric = { ...field, C: c * BBL * PSI ** (2 * n), prPsia: bara(3500), thpPsia: bara(150), tubingIdIn: 2.441 * IN, mdFt: 8000 * FT, whtF: degC(100), bhtF: degC(180), gorScfStb: 400 * gor, units: 'metric' };
    const f = run('well.nodal', field);
    const m = run('well.nodal', metric);
    close(f.aofStbd, c * 3500 ** (2 * n), 1e-12, 'field AOF = C pr^2n');
    same(m.qLiquidStbd, f.qLiquidStbd, (q) => q * BBL, 1e-6, 'qLiquidStbd');
    same(m.bhpPsia, f.bhpPsia, bara, 1e-6, 'bhpPsia');
    same(m.aofStbd, f.aofStbd, (q) => q * BBL, 1e-9, 'aofStbd');
    same(m.ipr.qLiquidStbd, f.ipr.qLiquidStbd, (q) => q * BBL, 1e-9, 'ipr.qLiquidStbd');
    metricLabels(m, { qLiquidStbd: 'sm3/d', aofStbd: 'sm3/d', 'ipr.qLiquidStbd': 'sm3/d', 'vlp.qLiquidStbd': 'sm3/d' });
  });
});

describe('decline.forecast and econ.cashFlow in metric units', () => {
  it('sm3 volumes and prices per sm3 give the same money as the field chain', () => {
    const f = run('decline.forecast', { qiStbd: 1200, di: 0.6, b: 0.8, declineType: 'secantEffective', startDate: '2026-01-01', months: 24, qLimitStbd: 15, gorScfStb: 1100, waterCut: 0.3 });
    const m = run('decline.forecast', { qiStbd: 1200 * BBL, di: 0.6, b: 0.8, declineType: 'secantEffective', startDate: '2026-01-01', months: 24, qLimitStbd: 15 * BBL, gorScfStb: 1100 * (FT3 / BBL), waterCut: 0.3, units: 'metric' });
    same(m.oilStb, f.oilStb, (v) => v * BBL, 1e-12, 'oilStb');
    same(m.gasMscf, f.gasMscf, (v) => v * MSCF, 1e-12, 'gasMscf');
    same(m.waterStb, f.waterStb, (v) => v * BBL, 1e-12, 'waterStb');
    metricLabels(m, { oilStb: 'sm3', gasMscf: 'sm3', waterStb: 'sm3', cumOilStb: 'sm3', days: 'days' });
    const prices = { royalty: 0.125, fixedOpex: 15000, capex: [{ period: 0, amount: 6_000_000 }] };
    const cf = run('econ.cashFlow', { oilStb: f.oilStb, gasMscf: f.gasMscf, waterStb: f.waterStb, oilPrice: 72, gasPrice: 3.1, waterCost: 1, ...prices });
    const cm = run('econ.cashFlow', { oilStb: m.oilStb, gasMscf: m.gasMscf, waterStb: m.waterStb, oilPrice: 72 / BBL, gasPrice: 3.1 / MSCF, waterCost: 1 / BBL, ...prices, units: 'metric' });
    same(cm.netCashFlow, cf.netCashFlow, (x) => x, 1e-10, 'netCashFlow');
    metricLabels(cm, { netCashFlow: 'currency' });
  });
});
