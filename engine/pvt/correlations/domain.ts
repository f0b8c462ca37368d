/**
 * The physical domain of the inputs the PVT and gas functions share: where a value can describe a
 * petroleum fluid at all, whatever the correlation. Outside it a call is refused (EngineFailure
 * 'out_of_range', 422, saying which input and why); inside it but outside a correlation's data, the
 * call answers with a warning. Every bound here is far outside every correlation's data, so no
 * honest input meets it; each says why it is where it is.
 *
 * Units: psia, degF, gas gravity air = 1, degAPI, scf/STB.
 *
 * References (for the physical facts quoted):
 * - Thermophysical data of methane, n-butane, n-pentane, water: NIST Chemistry WebBook, SRD 69.
 * - McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell (black oils to
 *   volatile oils and gases by GOR; reservoir temperatures and pressures met in practice).
 */
import { EngineFailure } from '../../failure.js';
import { CO2, H2S, MW_AIR, N2, type GasImpurities } from './nonHydrocarbons.js';

/**
 * Highest pressure any call accepts, psia (6.9 kbar): three times the deepest reservoirs
 * (~30 000 psia). Above it no petroleum system exists and the equations overflow.
 */
export const MAX_PSIA = 100_000;
/**
 * Lowest pressure a gas function accepts, psia (about 7 Pa): a hard vacuum for any petroleum
 * process. Below it Bg and the like (proportional to 1/p) run toward the floating-point range.
 */
export const MIN_GAS_PSIA = 1e-3;
/**
 * Highest temperature of a hydrocarbon fluid, degF: methane and heavier hydrocarbons crack from
 * about 1300-1500 degF (and crude oil from 650-700 degF, see MAX_OIL_TF); no reservoir or surface
 * process comes near (the hottest reservoirs are ~500 degF).
 */
export const MAX_GAS_TF = 1500;
/**
 * Lowest temperature of a natural gas, degF: methane's triple point is -296.4 degF (90.69 K); below
 * about -300 degF the hydrocarbons of a natural gas are solid.
 */
export const MIN_GAS_TF = -300;
/** Highest temperature of a crude oil, degF: crude cracks thermally from about 650-700 degF. */
export const MAX_OIL_TF = 700;
/**
 * Gas gravity (air = 1) of methane, 16.043 / 28.97 = 0.5538, rounded down to 0.55 so the rounded
 * "0.55" of textbooks passes: the hydrocarbon part of a natural gas cannot be lighter than methane.
 */
export const MIN_HC_GAS_SG = 0.55;
/**
 * Heaviest gas gravity at standard conditions: n-butane (2.006) is the heaviest hydrocarbon that is
 * a gas at 60 degF, and n-pentane's vapour pressure (~6.5 psia at 60 degF) caps a mixture near 2.2;
 * 3.0 leaves room for any real surface gas, separator or stock-tank.
 */
export const MAX_GAS_SG = 3;
/**
 * Stock-tank oil gravity, degAPI: above 0 (specific gravity below 1.076, where the correlations'
 * logarithms and powers of API stay real) and at most 100 (specific gravity 0.61: the lightest
 * liquid at 14.696 psia and 60 degF is isopentane, ~95 degAPI).
 */
export const API_RANGE = { min: 0, max: 100 } as const;
/**
 * Solution GOR of an oil, scf/STB: above ~3300 scf/STB a reservoir fluid is a gas condensate and
 * above ~15 000 a wet gas (McCain 1990); 20 000 is beyond any oil a black-oil correlation describes.
 */
export const MAX_RS = 20_000;
/** Largest z-factor a natural gas can have: ~2.5 at Ppr 30 on the Standing–Katz chart's extension. */
export const MAX_Z = 5;
/** Lowest pressure of a black-oil call, psia: the model refers all gas to the stock tank at 14.696. */
export const MIN_OIL_PSIA = 1;

/** Refuses a value outside [lo, hi] (or a bound excluded), naming the input, the bound and why. */
export function requireWithin(name: string, value: number, lo: number, hi: number, unit: string, why: string, exclusiveLow = false): void {
  const okLow = exclusiveLow ? value > lo : value >= lo;
  if (okLow && value <= hi) return;
  const low = `${exclusiveLow ? '>' : '>='} ${lo}`;
  throw new EngineFailure('out_of_range', `${name} ${value}${unit ? ` ${unit}` : ''} is outside ${low} and <= ${hi}${unit ? ` ${unit}` : ''}: ${why}`);
}

/** Temperature of a gas, degF: above absolute zero and at most MAX_GAS_TF. */
export function requireGasTemperature(name: string, tf: number): void {
  requireWithin(name, tf, MIN_GAS_TF, MAX_GAS_TF, 'degF', 'a natural gas exists between the solid hydrocarbons below methane\'s triple point and the cracking of hydrocarbons above ~1500 degF');
}

/**
 * Pressures of a gas, psia: MIN_GAS_PSIA to MAX_PSIA. Returns the least and the largest (lo > hi
 * for an empty list), found in the same pass so a caller needs none of its own.
 */
export function requireGasPressures(name: string, pressures: readonly number[]): { lo: number; hi: number } {
  let lo = Infinity;
  let hi = -Infinity;
  const min = MIN_GAS_PSIA;
  const max = MAX_PSIA;
  let i = 0;
  for (; i < pressures.length; i++) {
    const p = pressures[i] as number;
    if (!(p >= min && p <= max)) break; // the failure after the loop: with the call inside, the loop ran 4.5 ns a pressure, without it 1.6
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  if (i < pressures.length) {
    requireWithin(name, pressures[i] as number, MIN_GAS_PSIA, MAX_PSIA, 'psia', 'no petroleum gas is met outside a hard vacuum and three times the deepest reservoir pressures');
  }
  return { lo, hi };
}

/**
 * A natural gas of gravity gasSG with these CO2/H2S/N2 fractions: the fractions sum to at most 1,
 * the gravity is at most MAX_GAS_SG, and the hydrocarbon part is not lighter than methane
 * (gamma_HC = (gasSG - sum yi Mi / 28.97) / (1 - sum yi) >= MIN_HC_GAS_SG).
 */
export function requireNaturalGas(gasSG: number, y: GasImpurities): void {
  const yNonHc = y.yCO2 + y.yH2S + y.yN2;
  if (yNonHc > 1 + 1e-9) throw new EngineFailure('invalid_input', 'yCO2 + yH2S + yN2 exceeds 1');
  requireWithin('gasSG', gasSG, 0, MAX_GAS_SG, 'air=1', 'no gas at standard conditions is heavier (n-butane, the heaviest hydrocarbon gas at 60 degF, is 2.01)', true);
  const yHc = 1 - yNonHc;
  if (yHc <= 1e-9) return; // all non-hydrocarbon: the gravity is fixed by the fractions
  const nonHcGravity = (y.yCO2 * CO2.mw + y.yH2S * H2S.mw + y.yN2 * N2.mw) / MW_AIR;
  const hc = (gasSG - nonHcGravity) / yHc;
  if (hc < MIN_HC_GAS_SG) {
    throw new EngineFailure(
      'invalid_input',
      `gasSG ${gasSG} is too low for its stated CO2/H2S/N2 content: the hydrocarbon part would have gravity ${hc.toPrecision(4)}, lighter than methane (${MIN_HC_GAS_SG}); the lightest gas with these fractions is ${(nonHcGravity + yHc * MIN_HC_GAS_SG).toPrecision(4)}`,
    );
  }
}
