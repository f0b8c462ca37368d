/**
 * gas.waterContent: saturated water content of a sweet natural gas in contact with water or
 * brine — the McKetta & Wehe (1958) chart as expressed by Bukacek (1955) and given by Danesh
 * (1998), with the chart's salinity correction:
 *
 *   W = 47484 pv / p + B                                  (lbm water per MMscf; p psia)
 *   ln pv = 69.103501 - 13064.76/T - 7.3037 ln T + 1.2856e-6 T^2     (water vapour pressure, psia)
 *   log10 B = 6.69449 - 3083.87 / T                       (T in degR = degF + 459.67)
 *   brine: W_b = W (1 - 4.920e-3 S - 1.7672e-4 S^2)       (S wt% NaCl)
 *
 * As liquid water: W / (8.32 lbm/gal x 42 gal/bbl) = W / 349.44 STB/MMscf, the oilfield convention
 * of the chart's volume readings and of pyrestoolbox (see WATER_LBM_PER_STB; pure water at 60 degF,
 * 62.368 lbm/ft3 x 5.614583 ft3/bbl = 350.17 lbm/bbl, is 0.21% more).
 * Validity: Bukacek's fit of the chart, about 60-460 degF and 15-10,000 psia; sweet gas (H2S and
 * CO2 hold more water); outside -> warnings.
 * Checked example: 3000 psia, 250 degF, fresh water -> 694.80 lbm/MMscf (direct evaluation; the
 * refdata gas.json wcont-3000-250-0 figure, 1.98830 STB/MMscf, is the same W over 8.32 x 42 =
 * 349.44 lbm/bbl).
 *
 * References:
 * - Bukacek, R.F. (1955) Equilibrium Moisture Content of Natural Gases. Institute of Gas Technology
 *   Research Bulletin 8.
 * - McKetta, J.J. and Wehe, A.H. (1958) Use This Chart for Water Content of Natural Gases.
 *   Petroleum Refiner 37(8), 153.
 * - Danesh, A. (1998) PVT and Phase Behaviour of Petroleum Reservoir Fluids. Elsevier, Ch. 9
 *   (water content of gas, salinity correction).
 * - McCain, W.D. Jr. (1991) Reservoir-Fluid Property Correlations—State of the Art. SPE Reservoir
 *   Engineering 6(2), 266-272 (water density at standard conditions).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { MAX_PSIA, requireWithin } from '../pvt/correlations/domain.js';

const METHODS = ['BukacekMcKettaWehe'] as const;
/**
 * lbm of water per STB for the volume form of the result: the oilfield convention 8.32 lbm/gal x
 * 42 gal/bbl = 349.44 lbm/bbl, which the McKetta–Wehe chart's volume readings and the reference
 * source (pyrestoolbox gas_water_content) use. Pure water at 60 degF is 62.368 lbm/ft3 x 5.614583
 * ft3/bbl = 350.17 lbm/bbl, 0.21% more: far inside the chart's own uncertainty (about 5%), and the
 * mass form `waterContentLbmPerMMscf` carries no such convention.
 */
export const WATER_LBM_PER_STB = 8.32 * 42;

const Input = Type.Object({
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure, or a list of pressures' }),
  TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Temperature' }),
  salinityWtPct: Type.Optional(quantity('salinity', { minimum: 0, maximum: 30, default: 0, description: 'Salinity of the water in contact, wt% NaCl' })),
  method: Type.Optional(Type.Enum(METHODS, { default: 'BukacekMcKettaWehe', description: "'BukacekMcKettaWehe': Bukacek (1955) form of the McKetta–Wehe chart, as in Danesh (1998)" })),
});

const Output = Type.Object({
  waterContent: quantityOrArray('liquidGasRatio', { description: 'Saturated water content as liquid water (STB per MMscf of gas)' }),
  waterContentLbmPerMMscf: quantityOrArray('waterContent', { description: 'Saturated water content by mass' }),
  salinityFactor: quantity('dimensionless', { description: 'Brine / fresh-water content ratio, 1 - 4.920e-3 S - 1.7672e-4 S^2' }),
});

/** Critical temperature of water, degF (647.096 K). */
const WATER_TC_F = 647.096 * 1.8 - 459.67;

/** Vapour pressure of water (psia) in Bukacek's form. */
function bukacekVapourPressure(tF: number): number {
  const t = tF + 459.67;
  return Math.exp(69.103501 - 13064.76 / t - 7.3037 * Math.log(t) + 1.2856e-6 * t * t);
}

/** Water content of sweet gas over fresh water, lbm/MMscf. */
export function bukacekWaterContent(psia: number, tF: number): number {
  const t = tF + 459.67;
  return (47484 * bukacekVapourPressure(tF)) / psia + 10 ** (6.69449 - 3083.87 / t);
}

export const waterContent = defineFunction({
  name: 'gas.waterContent',
  module: 'gas',
  title: 'Saturated water content of natural gas',
  description:
    'Water vapour a sweet natural gas holds at saturation (in contact with water or brine): Bukacek (1955) W = 47484 pv/p + B (lbm/MMscf), the McKetta–Wehe (1958) ' +
    'chart as given by Danesh (1998), times the chart salinity correction 1 - 4.920e-3 S - 1.7672e-4 S^2 (S wt% NaCl). Returned by mass (lbm/MMscf) and as liquid ' +
    'water (STB/MMscf; 8.32 lbm/gal x 42 gal/bbl = 349.44 lbm per STB, the oilfield convention of the chart and of pyrestoolbox; water at 60 degF would be 350.17, 0.21% more). Validity about 60-460 degF and 15-10,000 psia; sweet gas only (acid gases hold more water).',
  input: Input,
  output: Output,
  references: [
    'Bukacek, R.F. (1955) Equilibrium Moisture Content of Natural Gases. Institute of Gas Technology Research Bulletin 8.',
    'McKetta, J.J. and Wehe, A.H. (1958) Use This Chart for Water Content of Natural Gases. Petroleum Refiner 37(8), 153.',
    'Danesh, A. (1998) PVT and Phase Behaviour of Petroleum Reservoir Fluids. Elsevier, Amsterdam.',
    'McCain, W.D. Jr. (1991) Reservoir-Fluid Property Correlations—State of the Art. SPE Reservoir Engineering 6(2), 266-272. SPE-18571-PA.',
  ],
  validity: [
    { field: 'TF', min: 60, max: 460, unit: 'degF', note: 'Bukacek (1955) fit of the McKetta–Wehe chart' },
    { field: 'psia', min: 15, max: 10000, unit: 'psia', note: 'Bukacek (1955) fit of the McKetta–Wehe chart' },
  ],
  examples: [
    {
      title: 'sweet gas over fresh water at 3000 psia, 250 degF',
      input: { psia: 3000, TF: 250 },
      expected: { waterContentLbmPerMMscf: 1.98830496315 * 8.32 * 42 },
      tolerance: 1e-6,
      source: 'Bukacek (1955) / Danesh (1998) equation; refdata gas.json wcont-3000-250-0 (pyrestoolbox 3.7.6: STB/MMscf with 8.32 x 42 lbm/bbl, converted back)',
    },
  ],
  run(input) {
    // Liquid water must be there: below its critical temperature and above the vapour pressure
    // (at p = pv the "gas" would be all steam, W = 47484 lbm/MMscf).
    requireWithin('TF', input.TF, -459.67, WATER_TC_F, 'degF', 'saturated water content needs liquid water, which has none above its critical temperature', true);
    const s = input.salinityWtPct ?? 0;
    const factor = 1 - 4.92e-3 * s - 1.7672e-4 * s * s;
    if (!(factor > 0)) throw new EngineFailure('invalid_input', `salinity ${s} wt% is beyond the salinity correction`);
    const pressures = Array.isArray(input.psia) ? input.psia : [input.psia];
    const pv = bukacekVapourPressure(input.TF);
    for (const p of pressures) {
      if (!(p > pv)) throw new EngineFailure('out_of_range', `${p} psia is not above the vapour pressure of water at ${input.TF} degF (${pv.toPrecision(5)} psia): no gas phase beside liquid water`);
      requireWithin('psia', p, 0, MAX_PSIA, 'psia', 'no petroleum gas is met above three times the deepest reservoir pressures');
    }
    const mass = pressures.map((p) => bukacekWaterContent(p, input.TF) * factor);
    const list = Array.isArray(input.psia);
    const volume = mass.map((m) => m / WATER_LBM_PER_STB);
    return { waterContent: list ? volume : (volume[0] as number), waterContentLbmPerMMscf: list ? mass : (mass[0] as number), salinityFactor: factor };
  },
});
