/**
 * The physical domains of the well and decline functions (engine/well/domain.ts, the decline
 * guards): the cases the catalogue-wide property test (test/engine/domain.test.ts) found, each
 * refused by the function itself naming the input and why, and the numerical fixes that made
 * honest inputs answer (default pwf grids ending at their floor, Arps cumulatives at tiny D t,
 * Duong near t = 0).
 */
import { expect } from 'chai';
import { attempt, close, failure, run } from './call.js';

const refused = (name: string, body: Record<string, unknown>, reason: string, message: RegExp) => {
  const f = failure(name, body);
  expect(f.reason, f.message).to.equal(reason);
  expect(f.message).to.match(message);
};

describe('well domains: refused by the function, naming the input', () => {
  it('the default pwf grid ends exactly at 0 psia (pr - pr x 20/20 rounded to -4.5e-13 for 6% of pressures)', () => {
    const r = run('well.iprVogel', { prPsia: 3628.5743437819333, qmaxStbd: 1.1697813039696563 });
    expect(r.pwfPsia).to.have.length(21);
    expect(r.pwfPsia[20]).to.equal(0);
    expect(r.pwfPsia[0]).to.equal(3628.5743437819333);
    const g = run('well.iprGas', { kMd: 10, hFt: 50, prPsia: 3000, rwFt: 0.35, reFt: 1500, TF: 200, gasSG: 0.65 });
    expect(g.pwfPsia[20]).to.equal(14.696);
  });

  it('a string too narrow for the rate: the traverse stops at the pressure bound, saying so (was a z-factor failure at Ppr 6.6e8)', () => {
    const dn1 = {
      iprMethod: 'composite', prPsia: 4350, pbPsia: 3125, testRateStbd: 1850, testPwfPsia: 2650, vlpMethod: 'BeggsBrill', thpPsia: 350,
      tubingIdIn: 0.01, mdFt: 9800, whtF: 120, bhtF: 212, api: 38.5, gasSG: 0.78, rsbScfStb: 950, gorScfStb: 1295, waterCut: 0.117,
    };
    refused('well.nodal', dn1, 'no_solution', /string too restrictive/);
    const { iprMethod: _i, prPsia: _p, testRateStbd: _t, testPwfPsia: _w, ...well } = dn1;
    refused('well.vlp', { ...well, tubingIdIn: 0.5, qLiquidStbd: [1000] }, 'no_solution', /pressure passed 100000 psia at \d+ ft MD: the string is too restrictive for this rate/);
    // In 0.3 in tubing the mixture is past Beggs & Brill's own critical flow at the wellhead (Ek 5.3): that is said first.
    refused('well.vlp', { ...well, tubingIdIn: 0.3, qLiquidStbd: [1000] }, 'no_solution', /at 0 ft MD \(350\.0 psia\): critical flow: the kinetic-energy term Ek = .* is 5\.\d+ >= 1/);
    // Narrower still, the free gas would pass its speed of sound at the wellhead: that is said first.
    refused('well.vlp', { ...well, qLiquidStbd: [1000] }, 'no_solution', /the flow would be choked at 0 ft MD \(350\.0 psia\): the gas would move at \d+ ft\/s, above its speed of sound/);
  });

  it('a gas rate the tubing could only pass faster than sound has no bottom-hole pressure (it answered 8,145 psia for 40 MMscf/d at 20 psia in 1.995 in tubing); a rate below it keeps its answer', () => {
    const well = { wellType: 'gas', thpPsia: 20, tubingIdIn: 1.995, mdFt: 8000, whtF: 80, bhtF: 180, gasSG: 0.65, qgMMscfd: [1, 5, 10, 20, 40] };
    for (const vlpMethod of ['CullenderSmith', 'BeggsBrill', 'Gray']) {
      const r = attempt('well.vlp', { ...well, vlpMethod });
      expect(r.ok, vlpMethod).to.equal(true);
      if (!r.ok) continue;
      const bhp = r.result.bhpPsia as (number | null)[];
      expect(bhp[0], vlpMethod).to.be.a('number').within(200, 240);
      expect(bhp.slice(1), vlpMethod).to.deep.equal([null, null, null, null]);
      for (const q of [5, 10, 20, 40]) expect(r.warnings.some((w) => w.startsWith(`rate ${q}: no bottom-hole pressure (the flow would be choked at 0 ft MD`)), `${vlpMethod} ${q}`).to.equal(true);
    }
    // Marched up from a bottom-hole pressure, the same: no tubing-head pressure past sonic.
    const { thpPsia: _thp, ...fromBottom } = well;
    const up = attempt('well.vlp', { ...fromBottom, bhpPsia: 500, vlpMethod: 'CullenderSmith', qgMMscfd: [40] });
    expect(up.ok).to.equal(false);
    if (!up.ok) expect(up.message).to.match(/the flow would be choked at \d+ ft MD/);
  });

  it("an oil well warns of the black-oil correlations' data ranges as pvt.oilProperties does (API 100 was silent)", () => {
    const oil = { wellType: 'oil', vlpMethod: 'BeggsBrill', thpPsia: 350, tubingIdIn: 2.992, mdFt: 9800, whtF: 120, bhtF: 212, gasSG: 0.78, gorScfStb: 1295, waterCut: 0.117, qLiquidStbd: [1000] };
    const light = attempt('well.vlp', { ...oil, api: 100 });
    expect(light.ok).to.equal(true);
    if (!light.ok) return;
    expect(light.warnings).to.include('api 100 degAPI is above the validated range (max 55.9 degAPI): Velarde–Blasingame–McCain (1997) data');
    const usual = attempt('well.vlp', { ...oil, api: 35 });
    expect(usual.ok && usual.warnings).to.deep.equal([]);
    // A temperature outside the oil's domain is refused naming the input, not a step's temperature (it said 'TF 1001.0204 degF').
    refused('well.vlp', { ...oil, api: 35, whtF: 1000, bhtF: 1200 }, 'out_of_range', /^whtF: TF 1000 degF is outside > 0 and <= 700 degF/);
    refused('well.vlp', { ...oil, api: 35, whtF: -10 }, 'out_of_range', /^whtF -10 degF: the black-oil correlations need T > 0 degF/);
  });

  it('a liquid viscosity near 0, a pay near 0 ft, a permeability near 0 md', () => {
    const darcy = { iprMethod: 'darcy', prPsia: 4000, kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25 };
    refused('well.ipr', { ...darcy, muCp: 5e-324 }, 'out_of_range', /^muCp 5e-324 cp is outside >= 0.01/);
    refused('well.ipr', { ...darcy, hFt: 5e-324 }, 'out_of_range', /^hFt 5e-324 ft .*no pay zone/);
    refused('well.ipr', { ...darcy, kMd: 5e-324 }, 'out_of_range', /^kMd 5e-324 md .*shale matrix/);
    refused('well.iprComposite', { prPsia: 1e308, pbPsia: 2500, productivityIndex: 1.2 }, 'out_of_range', /^prPsia 1e\+308 psia/);
  });

  it('Fetkovich: an AOF no well has, tests whose rate falls with drawdown, test rates of the other phase', () => {
    refused('well.iprFetkovich', { prPsia: 3000, C: 1e300, n: 1 }, 'out_of_range', /AOF C pr\^2n .* exceeds 10000000 STB\/d/);
    refused('well.iprFetkovich', { prPsia: 3000, testRateStbd: [500, 400], testPwfPsia: [2500, 1500] }, 'no_solution', /rate does not rise with the drawdown/);
    refused('well.iprFetkovich', { prPsia: 3000, wellType: 'oil', testRateMscfd: [500, 900], testPwfPsia: [2500, 1500] }, 'invalid_input', /testRateMscfd does not belong to an oil well/);
  });

  it('choke: a bean below 1/64 in, a liquid-only GLR', () => {
    refused('well.chokeFlow', { chokeSize64ths: 1e-300, glrScfStb: 1000, qLiquidStbd: 3000 }, 'out_of_range', /^chokeSize64ths 1e-300 1\/64 in/);
    refused('well.chokeFlow', { chokeSize64ths: 16, glrScfStb: 1e-6, upstreamPsia: 500 }, 'out_of_range', /^glrScfStb .*all liquid/);
  });

  it('choke: a downstream pressure at or above the upstream one is no forward flow (was a positive rate and a warning)', () => {
    for (const method of ['Gilbert', 'Ros', 'Baxendell', 'Achong']) {
      refused('well.chokeFlow', { method, chokeSize64ths: 16, glrScfStb: 1000, upstreamPsia: 1000, downstreamPsia: 1100 }, 'out_of_range', /^downstream 1100 psia is not below upstream 1000 psia/);
      refused('well.chokeFlow', { method, chokeSize64ths: 16, glrScfStb: 1000, upstreamPsia: 1000, downstreamPsia: 1000 }, 'out_of_range', /not below upstream/);
    }
    // Solving for the upstream pressure: a rate whose upstream pressure would be below the line's.
    refused('well.chokeFlow', { chokeSize64ths: 16, glrScfStb: 1000, qLiquidStbd: 100, downstreamPsia: 900 }, 'out_of_range', /^downstream 900 psia is not below upstream \S+ psia/);
  });

  it('gas IPR: a net pay beyond any reservoir (was NaN from Infinity/Infinity)', () => {
    refused('well.iprGas', { kMd: 10, hFt: 1.7976931348623157e308, prPsia: 3000, pwfPsia: 1500, rwFt: 0.35, reFt: 1500, TF: 200, gasSG: 0.65 }, 'out_of_range', /^hFt/);
  });
});

describe('decline domains and numerics', () => {
  it('Arps cumulative: exact at tiny D t (was 0/0), continuous where the early and late forms meet (D t = 1)', () => {
    close(run('decline.arps', { qi: 1000, di: 5e-324, b: 0.5, t: [1e-9] }).cum[0], 1e-6, 1e-12);
    close(run('decline.arps', { qi: 1000, di: 1e-20, b: 0, t: [10] }).cum[0], 1e4, 1e-12);
    close(run('decline.arps', { qi: 1000, di: 1e-20, b: 1, t: [10] }).cum[0], 1e4, 1e-12);
    for (const b of [0, 0.5, 1, 1.5]) {
      const r = run('decline.arps', { qi: 1000, di: 0.1, b, t: [10 * (1 - 1e-12), 10, 10 * (1 + 1e-12)] });
      close(r.cum[0], r.cum[1], 1e-11, `b ${b}`);
      close(r.cum[2], r.cum[1], 1e-11, `b ${b}`);
    }
  });

  it('a cumulative beyond the floating-point range is refused naming the inputs', () => {
    refused('decline.arps', { qi: 1.7976931348623157e308, di: 0.1, b: 0.5, t: [10] }, 'out_of_range', /^cum\[0\] is beyond the floating-point range for qi 1\.79.*e\+308, di 0\.1/);
    refused('decline.eur', { qi: 1000, di: 5e-324, b: 1, qLimit: 10 }, 'out_of_range', /^tLimit is beyond the floating-point range/);
  });

  it('modified hyperbolic: b below the exponential threshold never switches (tSwitch was Infinity)', () => {
    const r = attempt('decline.modifiedHyperbolic', { qi: 1000, di: 0.01, b: 5e-324, dterm: 0.0003, t: [365] });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.result.tSwitch).to.equal(null);
    expect(r.warnings.join(' ')).to.match(/exponential throughout/);
  });

  it('Duong near t = 0 with m > 1: the rate tends to 0 (was Infinity x 0 = NaN)', () => {
    const r = run('decline.duong', { qi: 1000, a: 1.2, m: 1.1, t: [1e-300, 1] });
    expect(r.rate[0]).to.equal(0);
    close(r.rate[1], 1000, 1e-13);
  });

  it('forecast: a producing GOR of a dry gas well is refused', () => {
    refused('decline.forecast', { qiStbd: 100, di: 0.001, b: 0, startDate: '2026-01-01', months: 2, gorScfStb: 1e308 }, 'out_of_range', /^gorScfStb .*dry gas well/);
  });
});

describe("Lee–Gonzalez–Eakin's sweet-gas data: every function that takes the gas's viscosity warns of acid gas, once; one that needs z alone does not", () => {
  const acid = /^CO2 \+ H2S 0\.3 \(mole fraction\) is above 0\.1: Lee–Gonzalez–Eakin/;
  const sour = { gasSG: 0.9, yCO2: 0.2, yH2S: 0.1 };

  it('well.vlp (gas well), well.iprGas and pvt.gasPseudoPressure warn (the well module took LGE without the warning pvt.gasProperties gives)', () => {
    const vlp = attempt('well.vlp', { wellType: 'gas', thpPsia: 500, tubingIdIn: 2.441, mdFt: 8000, whtF: 80, bhtF: 180, qgMMscfd: [1, 2], ...sour });
    const ipr = attempt('well.iprGas', { kMd: 10, hFt: 50, prPsia: 3000, rwFt: 0.35, reFt: 1500, TF: 200, ...sour });
    const mp = attempt('pvt.gasPseudoPressure', { psia: [1000, 2000], TF: 200, ...sour });
    for (const [name, r] of [['well.vlp', vlp], ['well.iprGas', ipr], ['pvt.gasPseudoPressure', mp]] as const) {
      expect(r.ok, name).to.equal(true);
      if (r.ok) expect(r.warnings.filter((w) => acid.test(w)), name).to.have.length(1);
    }
    const sweet = attempt('well.vlp', { wellType: 'gas', thpPsia: 500, tubingIdIn: 2.441, mdFt: 8000, whtF: 80, bhtF: 180, qgMMscfd: [1, 2], gasSG: 0.65, yCO2: 0.05 });
    expect(sweet.ok && sweet.warnings.some((w) => w.includes('Lee–Gonzalez–Eakin (1966) viscosity data are sweet'))).to.equal(false);
  });

  it('gas.pzMaterialBalance (z only) does not', () => {
    const r = attempt('gas.pzMaterialBalance', { psia: [5000, 4314.4, 3714.9, 2930.6, 2234.1], gp: [0, 10, 20, 35, 50], TF: 200, ...sour });
    expect(r.ok).to.equal(true);
    if (r.ok) expect(r.warnings.some((w) => acid.test(w))).to.equal(false);
  });
});
