/**
 * well.chokeFlow: critical two-phase flow through a wellhead choke by the Gilbert-type relations
 *
 *   p_wh = A R^B q / S^C      (p_wh psig upstream, R gas-liquid ratio Mscf/STB, q liquid STB/d,
 *                              S bean size in 64ths of an inch)
 *   Gilbert (1954)    A 10.00  B 0.546  C 1.89
 *   Ros (1960)        A 17.40  B 0.500  C 2.00
 *   Baxendell (1958)  A  9.56  B 0.546  C 1.93
 *   Achong (1961)     A  3.82  B 0.650  C 1.88
 * solved for the rate (upstreamPsia given) or the upstream pressure (qLiquidStbd given).
 * Validity: critical flow only — the downstream (flowline) pressure at most ~0.588 of the upstream
 * pressure (Gilbert: wellhead at least 70% above the line); a warning otherwise, and 422 when the
 * downstream pressure is not below the upstream one (no forward flow). Gilbert's data:
 * 6/64 to 18/64 in beans; R > 0 (all-liquid flow needs an orifice equation).
 * Units: psia (converted to psig with 14.696 psi), scf/STB, STB/d, 1/64 in (metric callers give
 * the bean in mm: 1/64 in = 0.396875 mm exactly, converted by the units layer).
 *
 * References:
 * - Gilbert, W.E. (1954) Flowing and Gas-Lift Well Performance. API Drilling and Production Practice, 126-157.
 * - Ros, N.C.J. (1960) An Analysis of Critical Simultaneous Gas/Liquid Flow Through a Restriction and
 *   Its Application to Flowmetering. Applied Scientific Research 9(1), 374-388.
 * - Baxendell, P.B. (1958) Producing Wells on Casing Flow — An Analysis of Flowing Pressure Gradients.
 *   Transactions of the AIME 213, 202-206.
 * - Achong, I.B. (1961) Revised Bean and Performance Formula for Lake Maracaibo Wells. Shell internal report.
 * - Brown, K.E. and Beggs, H.D. (1977) The Technology of Artificial Lift Methods, Vol. 1. PennWell (the constants).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { P_SC } from '../pvt/correlations/nonHydrocarbons.js';
import { requireWithin } from '../pvt/correlations/domain.js';
import { MAX_LIQUID_STBD, MAX_PSIA, requireComputedRate, requireOilRates, requirePressures } from './domain.js';

/**
 * The relations' physical domain: a bean of at least 1/64 in (the smallest made are 2/64-4/64 in)
 * and a gas-liquid ratio of 1 to 1e7 scf/STB (below ~1 scf/STB the flow is all liquid, for which
 * critical two-phase flow does not exist; above 1e7 it is dry gas).
 */
const MIN_BEAN_64THS = 1;
const GLR_SCF_STB = { min: 1, max: 1e7 } as const;

const METHODS = { Gilbert: [10.0, 0.546, 1.89], Ros: [17.4, 0.5, 2.0], Baxendell: [9.56, 0.546, 1.93], Achong: [3.82, 0.65, 1.88] } as const;
const CRITICAL_RATIO = 0.588;

export const chokeFlow = defineFunction({
  name: 'well.chokeFlow',
  module: 'well',
  title: 'Wellhead choke: Gilbert, Ros, Baxendell, Achong',
  description:
    'Critical two-phase choke flow p_wh(psig) = A R^B q / S^C (R Mscf/STB, q STB/d, S in 64ths of an inch): Gilbert (10, 0.546, 1.89), Ros (17.4, 0.5, 2.0), Baxendell (9.56, 0.546, 1.93), Achong (3.82, 0.65, 1.88). ' +
    'Give upstreamPsia for the liquid rate, or qLiquidStbd for the upstream pressure; downstreamPsia checks the flow is critical (<= 0.588 of upstream). Units: psia, scf/STB, STB/d, 1/64 in (metric: bara, sm3/sm3, sm3/d, bean in mm).',
  input: Type.Object({
    method: Type.Optional(Type.Enum(['Gilbert', 'Ros', 'Baxendell', 'Achong'], { default: 'Gilbert', description: 'Choke correlation' })),
    chokeSize64ths: quantity('chokeSize', { exclusiveMinimum: 0, maximum: 256, description: 'Bean (choke) diameter: 64ths of an inch (metric: mm)' }),
    glrScfStb: quantity('gasOilRatio', { exclusiveMinimum: 0, description: 'Producing gas-liquid ratio' }),
    upstreamPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: P_SC, description: 'Upstream (wellhead) pressure: the rate is computed' })),
    qLiquidStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Liquid rate: the upstream pressure is computed' })),
    downstreamPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Downstream (flowline) pressure, to check critical flow' })),
  }),
  output: Type.Object({
    method: Type.String(),
    qLiquidStbd: quantity('oilRate', { description: 'Liquid rate', physical: { minimum: 0 } }),
    upstreamPsia: quantity('pressure', { description: 'Upstream (wellhead) pressure' }),
    critical: Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether the flow is critical (null without downstreamPsia)' }),
  }),
  references: [
    'Gilbert, W.E. (1954) Flowing and Gas-Lift Well Performance. API Drilling and Production Practice, 126-157.',
    'Ros, N.C.J. (1960) An Analysis of Critical Simultaneous Gas/Liquid Flow Through a Restriction and Its Application to Flowmetering. Applied Scientific Research 9, 374-388.',
    'Baxendell, P.B. (1958) Producing Wells on Casing Flow - An Analysis of Flowing Pressure Gradients. Transactions of the AIME 213, 202-206.',
    'Achong, I.B. (1961) Revised Bean and Performance Formula for Lake Maracaibo Wells. Shell Oil Co. internal report, Maracaibo.',
    'Brown, K.E. and Beggs, H.D. (1977) The Technology of Artificial Lift Methods, Vol. 1. PennWell Books, Tulsa.',
  ],
  validity: [{ field: 'chokeSize64ths', min: 6, max: 18, unit: '1/64 in', note: "Gilbert's (1954) bean sizes" }],
  examples: [
    {
      title: 'Gilbert: 3000 STB/d at GLR 1000 scf/STB through a 16/64 in bean',
      input: { method: 'Gilbert', chokeSize64ths: 16, glrScfStb: 1000, qLiquidStbd: 3000 },
      expected: { upstreamPsia: 173.673069623 },
      tolerance: 1e-6,
      source: 'closed form 10 x 1.0^0.546 x 3000 / 16^1.89 = 158.97707 psig, + 14.696 = 173.67307 psia',
    },
  ],
  run(input, warnings) {
    requireWithin('chokeSize64ths', input.chokeSize64ths, MIN_BEAN_64THS, 256, '1/64 in', 'no choke bean is narrower than 1/64 in or wider than 4 in');
    requireWithin('glrScfStb', input.glrScfStb, GLR_SCF_STB.min, GLR_SCF_STB.max, 'scf/STB', 'below ~1 scf/STB the flow is all liquid (no critical two-phase flow; use an orifice equation), above 1e7 scf/STB it is dry gas');
    requirePressures('upstreamPsia', input.upstreamPsia);
    requirePressures('downstreamPsia', input.downstreamPsia);
    requireOilRates('qLiquidStbd', input.qLiquidStbd);
    const method = input.method ?? 'Gilbert';
    const [a, b, c] = METHODS[method];
    const k = (a * (input.glrScfStb / 1000) ** b) / input.chokeSize64ths ** c;
    if ((input.upstreamPsia === undefined) === (input.qLiquidStbd === undefined)) throw new EngineFailure('invalid_input', 'give upstreamPsia (for the rate) or qLiquidStbd (for the upstream pressure)');
    const q = input.qLiquidStbd ?? ((input.upstreamPsia as number) - P_SC) / k;
    const up = input.upstreamPsia ?? k * q + P_SC;
    requireComputedRate('the liquid rate', q, MAX_LIQUID_STBD, 'STB/d', 'upstreamPsia, glrScfStb and chokeSize64ths');
    if (!(up <= MAX_PSIA)) throw new EngineFailure('out_of_range', `the upstream pressure ${up} psia exceeds ${MAX_PSIA} psia: qLiquidStbd, glrScfStb and chokeSize64ths together describe no choke`);
    let critical: boolean | null = null;
    if (input.downstreamPsia !== undefined) {
      // No relation of the family covers it, and no fluid flows forward against a rising pressure.
      if (input.downstreamPsia >= up)
        throw new EngineFailure('out_of_range', `downstream ${input.downstreamPsia} psia is not below upstream ${up} psia: nothing flows forward through the choke`);
      critical = input.downstreamPsia <= CRITICAL_RATIO * up;
      if (!critical) warnings.push(`downstream ${input.downstreamPsia} psia is above ${CRITICAL_RATIO} of upstream ${up.toFixed(1)} psia: the flow is not critical and ${method}'s relation does not apply`);
    }
    return { method, qLiquidStbd: q, upstreamPsia: up, critical };
  },
});
