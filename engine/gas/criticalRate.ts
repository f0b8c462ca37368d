/**
 * gas.criticalRate: the minimum gas velocity and rate that keep a gas well unloaded (liquid
 * droplets carried up the tubing), by the droplet model of Turner, Hubbard & Dukler (1969):
 *
 *   vc = C sigma^(1/4) (rhoL - rhoG)^(1/4) / rhoG^(1/2)       (ft/s; sigma dyne/cm, rho lbm/ft3)
 *   C = 1.593  the droplet terminal velocity (Weber number 30, drag coefficient 0.44) — the
 *              constant Coleman, Clay, McCurdy & Norris (1991) found to fit low-pressure wells
 *              (wellhead pressures below ~500 psia) without adjustment;
 *   C = 1.912  = 1.2 x 1.593, Turner et al.'s 20% upward adjustment to match their field data.
 *   Some public code labels 1.593 "Turner" and 0.8 x that "Coleman"; that is not the papers' usage.
 *
 *   rhoG = 28.97 gasSG p / (z R T),  R = 10.731577 psia ft3/(lbmol degR), T = degF + 459.67
 *   qc = vc A p Tsc / (z T psc) x 86400 s/d   (scf/d; A = pi d^2/4 ft2, Tsc 519.67 degR, psc 14.696
 *        psia) — the "3.06 p vc A/(T z)" MMscf/d of Turner et al. with its constant unrounded (3.0552).
 * Liquid defaults (Turner et al. 1969): water sigma 60 dyne/cm, rhoL 67 lbm/ft3; condensate 20
 * dyne/cm, 45 lbm/ft3. z is computed (pvt.gasProperties correlations) unless given.
 * Units: psia, degF, in, dyne/cm, lbm/ft3, ft/s, Mscf/d.
 * Validity: Turner et al.'s field wells flowed mostly at wellhead pressures above ~1000 psia,
 * Coleman et al.'s below ~500 psia; both assume the droplet, not the liquid film, limits unloading.
 *
 * References:
 * - Turner, R.G., Hubbard, M.G. and Dukler, A.E. (1969) Analysis and Prediction of Minimum Flow
 *   Rate for the Continuous Removal of Liquids from Gas Wells. Journal of Petroleum Technology
 *   21(11), 1475-1482. SPE-2198-PA.
 * - Coleman, S.B., Clay, H.B., McCurdy, D.G. and Norris, H.L. III (1991) A New Look at Predicting
 *   Gas-Well Load-Up. Journal of Petroleum Technology 43(3), 329-333. SPE-20280-PA.
 * - Lea, J.F., Nickens, H.V. and Wells, M.R. (2008) Gas Well Deliquification, 2nd ed. Gulf
 *   Professional Publishing, Ch. 3.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { MW_AIR, P_SC, R_GAS, T_SC_R } from '../pvt/correlations/nonHydrocarbons.js';
import { gasAt, GAS_INPUTS } from './gasModel.js';
import { MAX_Z, requireGasPressures, requireWithin } from '../pvt/correlations/domain.js';

/** Widest conduit a gas well flows through, in (a 20 in casing; tubing is 1-7 in). */
const MAX_CONDUIT_IN = 24;

export const COLEMAN_C = 1.593;
/** As printed (Lea et al. 2008): 1.2 x 1.593 = 1.9116, rounded. */
export const TURNER_C = 1.912;
const LIQUIDS = { water: { sigma: 60, rho: 67 }, condensate: { sigma: 20, rho: 45 } } as const;
const SECONDS_PER_DAY = 86400;

const Input = Type.Object({
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Flowing pressure where the rate is evaluated (usually wellhead), or a list' }),
  TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Flowing temperature at that point' }),
  tubingIdIn: quantity('diameter', { exclusiveMinimum: 0, description: 'Tubing inside diameter' }),
  ...GAS_INPUTS,
  z: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, description: 'Gas z at psia and TF (computed from gasSG when omitted)' })),
  liquid: Type.Optional(Type.Enum(['water', 'condensate'], { default: 'water', description: "liquid to unload: 'water' (60 dyne/cm, 67 lbm/ft3) or 'condensate' (20 dyne/cm, 45 lbm/ft3)" })),
  surfaceTensionDynPerCm: Type.Optional(quantity('surfaceTension', { exclusiveMinimum: 0, description: 'Gas-liquid surface tension (overrides the liquid default)' })),
  liquidDensityLbft3: Type.Optional(quantity('density', { exclusiveMinimum: 0, description: 'Liquid density (overrides the liquid default)' })),
});

const each = (q: Parameters<typeof quantityOrArray>[0], description: string) => quantityOrArray(q, { description });

const Output = Type.Object({
  vcTurnerFtPerS: each('velocity', 'Critical velocity, Turner et al. (1969) with the 20% adjustment (C = 1.912)'),
  qcTurnerMscfd: each('gasRate', 'Critical rate, Turner et al. (1969)'),
  vcColemanFtPerS: each('velocity', 'Critical velocity, Coleman et al. (1991) (C = 1.593, no adjustment)'),
  qcColemanMscfd: each('gasRate', 'Critical rate, Coleman et al. (1991)'),
  gasDensityLbft3: each('density', 'Gas density at psia and TF'),
  z: quantityOrArray('dimensionless', { description: 'Gas z used', physical: { exclusiveMinimum: 0 } }),
  surfaceTensionDynPerCm: quantity('surfaceTension', { description: 'Surface tension used' }),
  liquidDensityLbft3: quantity('density', { description: 'Liquid density used' }),
});

export const criticalRate = defineFunction({
  name: 'gas.criticalRate',
  module: 'gas',
  title: 'Gas-well critical (liquid-loading) velocity and rate',
  description:
    'Minimum velocity and rate to lift liquid droplets out of a gas well: Turner, Hubbard & Dukler (1969) vc = 1.912 sigma^0.25 (rhoL - rhoG)^0.25 / rhoG^0.5 ' +
    '(their 20% upward adjustment of the droplet terminal velocity, 1.2 x 1.593) and Coleman et al. (1991), the same equation without the adjustment (1.593), which fits ' +
    'low-pressure wells (wellhead below ~500 psia). qc = vc A p Tsc/(z T psc) (the 3.06 p vc A/(T z) MMscf/d of the papers, unrounded). ' +
    "Liquid: 'water' (60 dyne/cm, 67 lbm/ft3, default) or 'condensate' (20 dyne/cm, 45 lbm/ft3), or give surfaceTensionDynPerCm and liquidDensityLbft3. " +
    'z from the pvt.gasProperties correlations unless given. Units: psia, degF, in, ft/s, Mscf/d.',
  input: Input,
  output: Output,
  references: [
    'Turner, R.G., Hubbard, M.G. and Dukler, A.E. (1969) Analysis and Prediction of Minimum Flow Rate for the Continuous Removal of Liquids from Gas Wells. Journal of Petroleum Technology 21(11), 1475-1482. SPE-2198-PA.',
    'Coleman, S.B., Clay, H.B., McCurdy, D.G. and Norris, H.L. III (1991) A New Look at Predicting Gas-Well Load-Up. Journal of Petroleum Technology 43(3), 329-333. SPE-20280-PA.',
    'Lea, J.F., Nickens, H.V. and Wells, M.R. (2008) Gas Well Deliquification, 2nd ed. Gulf Professional Publishing.',
  ],
  validity: [],
  examples: [
    {
      title: 'water loading at 500 psia, 110 degF, z 0.9, gasSG 0.65, 2.441 in tubing',
      input: { psia: 500, TF: 110, z: 0.9, gasSG: 0.65, tubingIdIn: 2.441, liquid: 'water' },
      expected: { vcTurnerFtPerS: 11.5561559832, qcTurnerMscfd: 1120.08352423, vcColemanFtPerS: 9.62811531444, qcColemanMscfd: 933.207664275 },
      tolerance: 2e-3,
      source: 'refdata well.json turner-500.0-water (closed form of Turner 1969 / Coleman 1991 as in Lea, Nickens & Wells 2008)',
    },
  ],
  run(input, warnings) {
    const preset = LIQUIDS[input.liquid ?? 'water'];
    const sigma = input.surfaceTensionDynPerCm ?? preset.sigma;
    const rhoL = input.liquidDensityLbft3 ?? preset.rho;
    const pressures = Array.isArray(input.psia) ? input.psia : [input.psia];
    requireGasPressures('psia', pressures);
    if (input.z !== undefined) requireWithin('z', input.z, 0, MAX_Z, '', 'no natural gas has a z-factor outside it (z reaches ~2.5 at Ppr 30)', true);
    requireWithin('tubingIdIn', input.tubingIdIn, 0, MAX_CONDUIT_IN, 'in', 'gas wells flow through tubing or casing, at most ~20 in across', true);
    requireWithin('surfaceTensionDynPerCm', sigma, 0, 100, 'dyne/cm', 'no oilfield liquid has a higher surface tension than water (72 dyne/cm at 77 degF)', true);
    requireWithin('liquidDensityLbft3', rhoL, 0, 100, 'lbm/ft3', 'the densest oilfield brines are ~75 lbm/ft3', true);
    const gas = gasAt(input, input.TF, warnings);
    if (input.z === undefined) warnings.push(...gas.rangeWarnings(pressures));
    const area = (Math.PI / 4) * (input.tubingIdIn / 12) ** 2;
    const points = pressures.map((p) => {
      const z = input.z ?? gas.z(p).z;
      const rhoG = (MW_AIR * input.gasSG * p) / (z * R_GAS * gas.tR);
      if (!(rhoL > rhoG)) throw new EngineFailure('invalid_input', `gas density ${rhoG.toPrecision(4)} lbm/ft3 is not below the liquid density ${rhoL} lbm/ft3`);
      const droplet = (sigma * (rhoL - rhoG)) ** 0.25 / Math.sqrt(rhoG);
      // scf/d per ft/s of velocity: A p Tsc / (z T psc) x 86400; /1000 for Mscf/d.
      const rate = (area * p * T_SC_R * SECONDS_PER_DAY) / (z * gas.tR * P_SC * 1000);
      return {
        vcTurnerFtPerS: TURNER_C * droplet,
        qcTurnerMscfd: TURNER_C * droplet * rate,
        vcColemanFtPerS: COLEMAN_C * droplet,
        qcColemanMscfd: COLEMAN_C * droplet * rate,
        gasDensityLbft3: rhoG,
        z,
      };
    });
    type Key = keyof (typeof points)[number];
    const column = (k: Key) => (Array.isArray(input.psia) ? points.map((pt) => pt[k]) : (points[0] as Record<Key, number>)[k]);
    const keys: Key[] = ['vcTurnerFtPerS', 'qcTurnerMscfd', 'vcColemanFtPerS', 'qcColemanMscfd', 'gasDensityLbft3', 'z'];
    return { ...(Object.fromEntries(keys.map((k) => [k, column(k)])) as Record<Key, number | number[]>), surfaceTensionDynPerCm: sigma, liquidDensityLbft3: rhoL };
  },
});
