/**
 * well.productivityIndex: the liquid productivity index of a radial well and where its skin
 * comes from.
 *
 *   J_ideal = 0.00708 k h / (mu B (ln(re/rw) - 0.75))       (S = 0; steady state: - 0.5)
 *   J       = 0.00708 k h / (mu B (ln(re/rw) - 0.75 + S)),  S = sum of the components
 *   flow efficiency FE = J / J_ideal;   skin pressure drop dp_S = 141.2 q mu B S / (k h)
 * Components: damage (given, or Hawkins (1956) S_d = (k/ks - 1) ln(rs/rw) from the damaged zone's
 * permeability and radius), perforation, partial penetration, deviation, gravel pack, rate-dependent
 * (D q) and other, each given (from their own correlations); a stabilized test (q at pwf, pr) gives
 * the actual J = q/(pr - pwf) and the total skin that explains it.
 * Units: md, ft, cp, rb/STB, psia, STB/d, STB/d/psi.
 *
 * References:
 * - Hawkins, M.F. Jr. (1956) A Note on the Skin Effect. Transactions of the AIME 207, 356-357. SPE-732-G.
 * - van Everdingen, A.F. (1953) The Skin Effect and Its Influence on the Productive Capacity of a
 *   Well. Transactions of the AIME 198, 171-176. SPE-203-G.
 * - Economides, M.J., Hill, A.D., Ehlig-Economides, C. and Zhu, D. (2013) Petroleum Production
 *   Systems, 2nd ed. Prentice Hall, Ch. 2 and 6 (skin components).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { flowRegimeInput } from './common.js';
import { DARCY_FIELD, radialTerm } from './inflow/oilInflow.js';
import { MIN_PERMEABILITY_MD, requireInflowInputs, requireOilRates } from './domain.js';
import { requireWithin } from '../pvt/correlations/domain.js';

const skinIn = (description: string) => Type.Optional(quantity('dimensionless', { minimum: -8, maximum: 1000, description }));
const COMPONENTS = ['damageSkin', 'perforationSkin', 'partialPenetrationSkin', 'deviationSkin', 'gravelPackSkin', 'rateDependentSkin', 'otherSkin'] as const;

export const productivityIndex = defineFunction({
  name: 'well.productivityIndex',
  module: 'well',
  title: 'Productivity index and skin breakdown',
  description:
    'J = 0.00708 k h/(mu B (ln(re/rw) - 0.75 + S)) (steady state - 0.5) with S the sum of the given components (damage, or Hawkins (k/ks - 1) ln(rs/rw) from damagedZonePermMd and damagedRadiusFt; perforation, partial penetration, deviation, gravel pack, rate-dependent, other); ' +
    'J with no skin, flow efficiency, and the skin pressure drop 141.2 q mu B S/(k h) at rateStbd. With a test (testRateStbd at testPwfPsia, prPsia): the measured J and the total skin it implies. Units: md, ft, cp, rb/STB, psia, STB/d.',
  input: Type.Object({
    kMd: quantity('permeability', { exclusiveMinimum: 0, description: 'Formation permeability' }),
    hFt: quantity('length', { exclusiveMinimum: 0, description: 'Net pay' }),
    reFt: quantity('length', { exclusiveMinimum: 0, description: 'Drainage radius' }),
    rwFt: quantity('length', { exclusiveMinimum: 0, description: 'Wellbore radius' }),
    muCp: quantity('viscosity', { exclusiveMinimum: 0, description: 'Oil viscosity' }),
    boRbStb: quantity('formationVolumeFactor', { exclusiveMinimum: 0, description: 'Oil FVF' }),
    flowRegime: flowRegimeInput(),
    damageSkin: skinIn('Damage skin (or give damagedZonePermMd and damagedRadiusFt)'),
    damagedZonePermMd: Type.Optional(quantity('permeability', { exclusiveMinimum: 0, description: 'Permeability of the damaged zone (Hawkins)' })),
    damagedRadiusFt: Type.Optional(quantity('length', { exclusiveMinimum: 0, description: 'Outer radius of the damaged zone (Hawkins)' })),
    perforationSkin: skinIn('Perforation skin'),
    partialPenetrationSkin: skinIn('Partial-penetration skin'),
    deviationSkin: skinIn('Deviation (slant) skin'),
    gravelPackSkin: skinIn('Gravel-pack skin'),
    rateDependentSkin: skinIn('Rate-dependent (non-Darcy) skin D q at the rate of interest'),
    otherSkin: skinIn('Any other skin'),
    rateStbd: Type.Optional(quantity('oilRate', { minimum: 0, description: 'Rate at which to report the skin pressure drop' })),
    prPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Reservoir pressure of the test' })),
    testRateStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Stabilized test rate' })),
    testPwfPsia: Type.Optional(quantity('pressure', { minimum: 0, description: 'Test flowing bottom-hole pressure' })),
  }),
  output: Type.Object({
    jIdealStbdPsi: quantity('productivityIndex', { description: 'J with zero skin', physical: { exclusiveMinimum: 0 } }),
    jStbdPsi: quantity('productivityIndex', { description: 'J with the total of the skin components', physical: { exclusiveMinimum: 0 } }),
    totalSkin: quantity('dimensionless', { description: 'Sum of the skin components' }),
    skinComponents: Type.Record(Type.String(), Type.Number(), { description: 'Each component used (damage from Hawkins when computed)' }),
    flowEfficiency: quantity('dimensionless', { description: 'J / J_ideal' }),
    dpSkinPsi: Type.Optional(quantity('pressureDifference', { description: 'Skin pressure drop at rateStbd (or the test rate)' })),
    jTestStbdPsi: Type.Optional(quantity('productivityIndex', { description: 'Measured J = q/(pr - pwf)' })),
    skinFromTest: Type.Optional(quantity('dimensionless', { description: 'Total skin implied by the test' })),
  }),
  references: [
    'Hawkins, M.F. Jr. (1956) A Note on the Skin Effect. Transactions of the AIME 207, 356-357. SPE-732-G.',
    'van Everdingen, A.F. (1953) The Skin Effect and Its Influence on the Productive Capacity of a Well. Transactions of the AIME 198, 171-176. SPE-203-G.',
    'Economides, M.J., Hill, A.D., Ehlig-Economides, C. and Zhu, D. (2013) Petroleum Production Systems, 2nd ed. Prentice Hall.',
  ],
  validity: [],
  examples: [
    {
      title: 'k 50 md, h 30 ft, re 1500, rw 0.35 ft, mu 1.2 cp, Bo 1.25; damaged zone 5 md to 2 ft (Hawkins) plus perforation skin 1',
      input: { kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, damagedZonePermMd: 5, damagedRadiusFt: 2, perforationSkin: 1 },
      expected: { totalSkin: 16.6867237455, jIdealStbdPsi: 0.929982985018, flowEfficiency: 0.313296944137 },
      tolerance: 1e-10,
      source: 'closed form: Hawkins (50/5 - 1) ln(2/0.35) = 15.686724, + 1 perforation; J_ideal = 0.00708 x 50 x 30/(1.2 x 1.25 x 7.61305) = 0.929983; FE = 7.61305/(7.61305 + 16.68672) = 0.313297',
    },
  ],
  run(input) {
    requireInflowInputs(input);
    requireOilRates('rateStbd', input.rateStbd);
    if (input.damagedZonePermMd !== undefined) requireWithin('damagedZonePermMd', input.damagedZonePermMd, MIN_PERMEABILITY_MD, input.kMd * 1e6, 'md', 'no damaged zone is tighter than shale matrix (~1 nanodarcy) or a million times the formation');
    if (input.damagedRadiusFt !== undefined) requireWithin('damagedRadiusFt', input.damagedRadiusFt, 0, input.reFt, 'ft', 'the damaged zone lies inside the drainage radius', true);
    const r = { kMd: input.kMd, hFt: input.hFt, reFt: input.reFt, rwFt: input.rwFt, skin: 0 };
    const regime = input.flowRegime ?? 'pseudoSteadyState';
    const base = radialTerm(r, regime);
    const comps: Record<string, number> = {};
    for (const k of COMPONENTS) if (input[k] !== undefined) comps[k] = input[k] as number;
    if (input.damageSkin === undefined && (input.damagedZonePermMd !== undefined || input.damagedRadiusFt !== undefined)) {
      if (input.damagedZonePermMd === undefined || input.damagedRadiusFt === undefined) throw new EngineFailure('invalid_input', 'Hawkins damage skin needs both damagedZonePermMd and damagedRadiusFt');
      if (!(input.damagedRadiusFt > input.rwFt)) throw new EngineFailure('invalid_input', 'damagedRadiusFt must exceed rwFt');
      comps.damageSkin = (input.kMd / input.damagedZonePermMd - 1) * Math.log(input.damagedRadiusFt / input.rwFt);
    }
    const total = Object.values(comps).reduce((a, v) => a + v, 0);
    if (!(base + total > 0)) throw new EngineFailure('out_of_range', `total skin ${total.toFixed(3)} is more negative than the geometry allows (ln(re/rw) - ${regime === 'steadyState' ? 0.5 : 0.75} = ${base.toFixed(3)})`);
    const k = (DARCY_FIELD * input.kMd * input.hFt) / (input.muCp * input.boRbStb);
    const out: Record<string, unknown> = { jIdealStbdPsi: k / base, jStbdPsi: k / (base + total), totalSkin: total, skinComponents: comps, flowEfficiency: base / (base + total) };
    const rate = input.rateStbd ?? input.testRateStbd;
    if (rate !== undefined) out.dpSkinPsi = (141.2 * rate * input.muCp * input.boRbStb * total) / (input.kMd * input.hFt);
    if (input.testRateStbd !== undefined || input.testPwfPsia !== undefined) {
      if (input.testRateStbd === undefined || input.testPwfPsia === undefined || input.prPsia === undefined) throw new EngineFailure('invalid_input', 'a test needs testRateStbd, testPwfPsia and prPsia');
      if (!(input.testPwfPsia < input.prPsia)) throw new EngineFailure('invalid_input', 'testPwfPsia must be below prPsia');
      const jTest = input.testRateStbd / (input.prPsia - input.testPwfPsia);
      out.jTestStbdPsi = jTest;
      out.skinFromTest = k / jTest - base;
    }
    return out as never;
  },
});
