import { expect } from 'chai';
import { oilBubblePoint } from '../../../../engine/pvt/oil/oilBubblePoint.js';
import { oilCompressibility } from '../../../../engine/pvt/oil/oilCompressibility.js';
import { oilDensity } from '../../../../engine/pvt/oil/oilDensity.js';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { oilProperties } from '../../../../engine/pvt/oil/oilProperties.js';
import { oilSolutionGOR } from '../../../../engine/pvt/oil/oilSolutionGOR.js';
import { oilViscosity } from '../../../../engine/pvt/oil/oilViscosity.js';
import { call, expectFailure, list, num, ok, rel } from './oilCall.js';

const OILS = [
  { api: 25, TF: 120, gasSG: 0.7, rsbScfStb: 200 },
  { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 600 },
  { api: 45, TF: 240, gasSG: 0.85, rsbScfStb: 1500 },
  { api: 30, TF: 160, gasSG: 0.8, pbPsia: 2500 },
  { api: 38, TF: 180, gasSG: 0.72, sepGasSG: 0.7, pbPsia: 3200, rsbScfStb: 750 },
];
const SETS = ['ValkoMcCain', 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'];

describe('pvt.oilProperties', () => {
  it('Valko–McCain set above pb: API 25, 120 degF, Rsb 200, 0.7, pb 1260.16 at 2268.28 psia -> Bo 1.094769, density 53.24742, viscosity 5.286810 cp, co 5.5694e-6 (pyrestoolbox 3.7.6, refdata oil-props-001-180)', () => {
    const r = ok(oilProperties, { psia: 2268.281579, api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, pbPsia: 1260.15643278 });
    expect(num(r, 'rs')).to.equal(200);
    expect(rel(num(r, 'bo'), 1.09476944472)).to.be.below(1e-4);
    expect(rel(num(r, 'density'), 53.2474242098)).to.be.below(1e-4);
    expect(rel(num(r, 'viscosity'), 5.28680990304)).to.be.below(1e-4);
    expect(rel(num(r, 'co'), 5.56939460359e-6)).to.be.below(1e-3);
  });

  it('Valko–McCain set below pb at 1134.14 psia -> Rs 185.4154, Bo 1.096141, density 53.05439, viscosity 5.322846 cp (pyrestoolbox 3.7.6, refdata oil-props-001-90)', () => {
    const r = ok(oilProperties, { psia: 1134.1407895, api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7, pbPsia: 1260.15643278 });
    expect(rel(num(r, 'rs'), 185.415369322)).to.be.below(1e-6);
    expect(rel(num(r, 'bo'), 1.09614138729)).to.be.below(1e-4);
    expect(rel(num(r, 'density'), 53.0543908866)).to.be.below(1e-4);
    expect(rel(num(r, 'viscosity'), 5.32284551362)).to.be.below(1e-4);
  });

  describe('continuity at the bubble point', () => {
    for (const set of SETS) {
      for (const oil of OILS) {
        it(`${set}: Rs, Bo, viscosity (and co, density) just below and just above pb agree within 0.5% (${JSON.stringify(oil)})`, () => {
          const pb = num(ok(oilProperties, { ...oil, methodSet: set, psia: 1000 }), 'pb');
          const r = ok(oilProperties, { ...oil, methodSet: set, psia: [pb * (1 - 1e-4), pb, pb * (1 + 1e-4)] });
          for (const k of ['rs', 'bo', 'viscosity', 'density', 'co']) {
            const [below, at, above] = list(r, k) as [number, number, number];
            expect(rel(below, at), `${k} below`).to.be.below(0.005);
            expect(rel(above, at), `${k} above`).to.be.below(0.005);
          }
          expect(list(r, 'rs')[1]).to.equal(num(r, 'rsb'));
          expect(list(r, 'bo')[1]).to.be.closeTo(num(r, 'bob'), 1e-12);
          expect(list(r, 'viscosity')[1]).to.be.closeTo(num(r, 'muob'), 1e-12);
        });
      }
    }
  });

  it('agrees with the single-property functions for the same oil and methods', () => {
    const oil = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 600 };
    const psia = [800, 2000, 3500, 5000];
    const all = ok(oilProperties, { ...oil, psia });
    expect(num(all, 'pb')).to.equal(num(ok(oilBubblePoint, oil), 'pb'));
    expect(all.rs).to.deep.equal(ok(oilSolutionGOR, { ...oil, psia }).rs);
    expect(all.bo).to.deep.equal(ok(oilFVF, { ...oil, psia }).bo);
    expect(all.co).to.deep.equal(ok(oilCompressibility, { ...oil, psia }).co);
    expect(all.density).to.deep.equal(ok(oilDensity, { ...oil, psia }).density);
    const rs = list(all, 'rs');
    expect(all.viscosity).to.deep.equal(ok(oilViscosity, { api: 35, TF: 200, psia, pbPsia: num(all, 'pb'), rsScfStb: rs }).muo);
  });

  it("a method set picks its companions and a single method can be overridden ('Standing' set with Valko–McCain pb)", () => {
    const oil = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 600 };
    const standing = ok(oilProperties, { ...oil, psia: 1500, methodSet: 'Standing' });
    const mixed = ok(oilProperties, { ...oil, psia: 1500, methodSet: 'Standing', pbMethod: 'ValkoMcCain' });
    expect(num(standing, 'pb')).to.equal(num(ok(oilBubblePoint, { ...oil, pbMethod: 'Standing' }), 'pb'));
    expect(num(mixed, 'pb')).to.equal(num(ok(oilBubblePoint, oil), 'pb'));
    expect(num(mixed, 'rsb')).to.equal(600);
  });

  it('a list of pressures gives lists, each equal to the single-pressure call', () => {
    const oil = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 600 };
    const psia = [100, 1500, 3000, 6000];
    const many = ok(oilProperties, { ...oil, psia });
    psia.forEach((p, i) => {
      const one = ok(oilProperties, { ...oil, psia: p });
      for (const k of ['rs', 'bo', 'co', 'density', 'viscosity']) expect(list(many, k)[i], `${k}@${p}`).to.equal(one[k]);
    });
  });

  it('when the oil is outside the default methods’ data (API 60, 320 degF), then warnings name the methods', () => {
    const w = ok(oilProperties, { api: 60, TF: 320, gasSG: 0.75, rsbScfStb: 600, psia: [1000, 6000] }).warnings.join('\n');
    expect(w).to.match(/Valko–McCain/).and.match(/Beggs–Robinson/);
  });

  it('never NaN and never a programming fault: over API 5-80, 1-450 degF, gravity 0.55-1.5, Rsb 0-8000 and 0.5-30 000 psia every set returns finite values or an engine failure', () => {
    for (const methodSet of SETS)
      for (const api of [5, 35, 80])
        for (const TF of [1, 150, 450])
          for (const gasSG of [0.55, 1.5])
            for (const rsbScfStb of [0, 5, 3000, 8000]) {
              const r = call(oilProperties, { methodSet, api, TF, gasSG, rsbScfStb, psia: [0.5, 14.696, 1000, 5000, 30000] });
              if (r.ok) for (const k of ['rs', 'bo', 'co', 'density', 'viscosity']) for (const v of r.result[k] as number[]) expect(Number.isFinite(v), k).to.equal(true);
              else expect(r.kind).to.equal('engine');
            }
  });

  it('without pb or Rsb: invalid_input', () => expectFailure(oilProperties, { api: 35, TF: 200, gasSG: 0.75, psia: 1000 }, 'invalid_input'));
});
