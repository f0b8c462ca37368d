/**
 * Physical-invariant audit of the gas-engineering functions: gas.pressureFromPOverZ,
 * gas.pzMaterialBalance, gas.criticalRate, gas.hydrateTemperature, gas.waterContent. Inverse pairs,
 * synthetic data with a known answer, identities against pvt.gasProperties, and monotonic trends.
 * Tolerances: inverse pairs 1e-10 (a root finder on a smooth monotonic p/z); least squares on exact
 * volumetric data 1e-9; identities 1e-12. Findings: pvt.findings.md.
 */
import { expect } from 'chai';
import { call, expectRel, sampler } from './support.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';

const Z_METHODS = ['DAK', 'HY'] as const;
const PC_METHODS = ['PiperMcCainCorredor', 'SuttonWichertAziz'] as const;

describe('invariants: gas.pressureFromPOverZ and gas.pzMaterialBalance', () => {
  it('pressureFromPOverZ inverts p/z of pvt.gasProperties (scalar and list, 1e-10)', () => {
    // p/z rises monotonically with p for a stable gas, so the inverse is unique.
    const u = sampler(61);
    for (const zMethod of Z_METHODS)
      for (const pcMethod of PC_METHODS)
        for (let k = 0; k < 10; k++) {
          const base = { zMethod, pcMethod, gasSG: u(0.58, 1.1), TF: u(100, 340) };
          const ps = [200, 1000, 2500, 5000, 8000, 12000];
          const pz = ps.map((p) => p / call('pvt.gasProperties', { ...base, psia: p }).z);
          const inv = call('gas.pressureFromPOverZ', { ...base, pOverZ: pz });
          ps.forEach((p, i) => {
            expectRel(inv.psia[i], p, 1e-10, `p from p/z ${JSON.stringify(base)}`);
            expectRel(call('gas.pressureFromPOverZ', { ...base, pOverZ: pz[i] }).psia, inv.psia[i], 1e-12, 'scalar vs list');
          });
        }
  });

  it('pzMaterialBalance recovers G from exact volumetric data (p/z = (p/z)i (1 - Gp/G)): OGIP and abandonment Gp (1e-9), R2 = 1', () => {
    // A volumetric gas reservoir gives a straight p/z line through (0, (p/z)i) and (G, 0).
    const u = sampler(62);
    for (const zMethod of Z_METHODS)
      for (let k = 0; k < 8; k++) {
        const base = { zMethod, gasSG: u(0.58, 1.0), TF: u(120, 300) };
        const G = 1e6;
        const pzi = 5000 / call('pvt.gasProperties', { ...base, psia: 5000 }).z;
        const gp = [0, 1e5, 2.5e5, 4e5, 6e5];
        const psia = gp.map((x) => call('gas.pressureFromPOverZ', { ...base, pOverZ: pzi * (1 - x / G) }).psia);
        const mb = call('gas.pzMaterialBalance', { ...base, psia, gp, psiaAbandon: psia[4] });
        expectRel(mb.ogip, G, 1e-9, `OGIP ${JSON.stringify(base)}`);
        expectRel(mb.gpAbandon, gp[4] as number, 1e-9, 'Gp at abandonment');
        expect(1 - mb.r2).to.be.below(1e-12);
      }
  });
});

describe('invariants: gas.criticalRate', () => {
  it('Turner: vc = 1.912 sigma^0.25 (rhoL - rhoG)^0.25 / rhoG^0.5 with rhoG of pvt.gasProperties; qc = vc A p Tsc/(z T psc); Coleman = Turner/1.2 within its rounding (1e-12; 3e-4)', () => {
    // The published equations with the same gas density and z.
    for (const gasSG of [0.6, 0.8])
      for (const TF of [60, 150, 250])
        for (const p of [50, 200, 500, 1500, 4000]) {
          const c = call('gas.criticalRate', { psia: p, TF, gasSG, tubingIdIn: 2.441 });
          const g = call('pvt.gasProperties', { psia: p, TF, gasSG });
          expectRel(c.gasDensityLbft3, g.density, 1e-12, 'gas density');
          const vc = (1.912 * 60 ** 0.25 * (67 - g.density) ** 0.25) / g.density ** 0.5;
          expectRel(c.vcTurnerFtPerS, vc, 1e-12, `vc ${p} ${TF}`);
          const area = (Math.PI / 4) * (2.441 / 12) ** 2;
          expectRel(c.qcTurnerMscfd, (((vc * area * p * 519.67) / (g.z * (TF + 459.67) * 14.696)) * 86400) / 1000, 1e-12, `qc ${p} ${TF}`);
          // 1.912 is the printed 1.2 x 1.593 = 1.9116 rounded: 2.1e-4.
          expectRel(c.vcTurnerFtPerS / c.vcColemanFtPerS, 1.2, 3e-4, 'Turner/Coleman');
        }
  });
});

describe('invariants: gas.hydrateTemperature', () => {
  it('hydrate temperature rises with pressure (both fits); inhibitors depress it more at higher concentration; inhibited = formation - depression', () => {
    for (const method of ['TowlerMokhatab', 'Motiee'])
      for (const gasSG of [0.555, 0.6, 0.7, 0.8, 1.0]) {
        let prev = -Infinity;
        for (const p of [50, 100, 200, 400, 800, 1500, 3000, 5000]) {
          const h = call('gas.hydrateTemperature', { psia: p, gasSG, method }).hydrateFormationTF;
          expect(h, `${method} ${gasSG} ${p}`).to.be.above(prev);
          prev = h;
          for (const inhibitor of ['methanol', 'ethanol', 'MEG', 'DEG', 'TEG']) {
            let dep = 0;
            for (const wt of [5, 10, 20, 30, 40]) {
              const r = call('gas.hydrateTemperature', { psia: p, gasSG, method, inhibitor, inhibitorWtPct: wt });
              expect(r.depressionF).to.be.above(dep);
              expectRel(r.inhibitedHydrateTF, r.hydrateFormationTF - r.depressionF, 1e-12, 'inhibited');
              dep = r.depressionF;
            }
          }
        }
      }
  });

  it('Towler–Mokhatab: heavier gas forms hydrates at a higher temperature (Katz chart), 0.555-1.0', () => {
    for (const p of [100, 500, 1000, 3000, 5000])
      for (const g of [0.555, 0.6, 0.7, 0.8, 0.9, 0.98]) {
        const a = call('gas.hydrateTemperature', { psia: p, gasSG: g }).hydrateFormationTF;
        expect(call('gas.hydrateTemperature', { psia: p, gasSG: g + 0.02 }).hydrateFormationTF).to.be.above(a);
      }
  });
});

describe('invariants: gas.hydrateTemperature Motiee where its fit folds (audit finding F7)', () => {
  const warned = (input: Record<string, unknown>) => {
    const out = executeDefinition(findDefinition('gas.hydrateTemperature')!, { method: 'Motiee', ...input });
    if (!out.ok) throw new Error(out.message);
    return out.warnings.some((w) => /Motiee \(1991\) falls with gas gravity/.test(w));
  };

  it('warns exactly where a heavier gas gets a lower hydrate temperature (past the peak of its quadratic in gravity)', () => {
    for (const p of [100, 500, 1000, 3000, 5000])
      for (const g of [0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98]) {
        const t = (gg: number) => call('gas.hydrateTemperature', { psia: p, gasSG: gg, method: 'Motiee' }).hydrateFormationTF as number;
        const falling = t(g + 1e-4) < t(g);
        expect(warned({ psia: p, gasSG: g }), `${p} psia, gasSG ${g}`).to.equal(falling);
      }
  });
});

describe('invariants: gas.waterContent', () => {
  it('water content rises with T, falls with p; salinity multiplies it by the reported factor; STB = lbm / (8.32 x 42)', () => {
    // Vapour pressure rises with T; at higher p the gas holds less water per scf.
    for (const TF of [60, 100, 200, 300, 400])
      for (const p of [500, 1000, 3000, 6000, 10000]) {
        const w = call('gas.waterContent', { TF, psia: p });
        expect(call('gas.waterContent', { TF: TF + 5, psia: p }).waterContentLbmPerMMscf).to.be.above(w.waterContentLbmPerMMscf);
        expect(call('gas.waterContent', { TF, psia: p * 1.05 }).waterContentLbmPerMMscf).to.be.below(w.waterContentLbmPerMMscf);
        const s = call('gas.waterContent', { TF, psia: p, salinityWtPct: 10 });
        expectRel(s.waterContentLbmPerMMscf, w.waterContentLbmPerMMscf * s.salinityFactor, 1e-12, 'salinity factor');
        expect(s.salinityFactor).to.be.below(1);
        expectRel(w.waterContent, w.waterContentLbmPerMMscf / (8.32 * 42), 1e-12, 'STB/MMscf');
      }
  });
});
