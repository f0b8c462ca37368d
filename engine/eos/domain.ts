/**
 * The physical domain of the EOS functions' inputs: where a pressure, a temperature, a
 * component's constants and a reduced temperature can describe a fluid at all. Outside it a
 * call is refused (EngineFailure 'out_of_range', 422, naming the input and why); inside it the
 * quantities the cubic EOS computes (A, B, the roots, ln phi, K, fugacities, LBC viscosities)
 * stay finite, and an answer that would still leave the range of a double (the K of a made-up
 * component far from the others, a fugacity at 1e5 times a critical pressure) is refused naming
 * it, so no EOS function answers NaN or Infinity. Every bound sits far outside petroleum and
 * gas-processing practice, so no honest input meets one; each says why it is where it is. Mole fractions need no bound beyond 0..1 summing to 1: one below
 * core/constants.ts TRACE_FRACTION (1e-20) counts as absent, and absent components leave the problem.
 *
 * Units: psia and degF for conditions; K, bar, g/mol, cm3/mol for component constants (the
 * units of the inputs). A metric call is converted before these checks; messages quote field
 * units for conditions.
 *
 * References (for the physical facts quoted):
 * - Critical constants and triple points of helium-3, helium-4, hydrogen, propane, 1-butene,
 *   methane, n-decane: NIST Chemistry WebBook, SRD 69.
 * - Heavy pseudo-components (C45+ to C100 lumps: Tc 1100-1400 K, Pc 1-6 bar, omega 1.5-2.2,
 *   MW up to ~1300 g/mol): eos.characterizePlus with the Kesler-Lee, Riazi-Daubert and Twu
 *   correlations; Whitson, C.H. and Brule, M.R. (2000) Phase Behavior. SPE Monograph 20, ch. 5.
 * - Soave, G. (1972) (the alpha function, fitted to vapour pressures from Tr ~ 0.4 to 1).
 */
import { EngineFailure } from '../failure.js';
import { MAX_PSIA, requireWithin } from '../pvt/correlations/domain.js';
import { TRACE_FRACTION } from './core/constants.js';

/**
 * Lowest pressure of an EOS call, psia (about 7 Pa): a hard vacuum for any petroleum or process
 * system, and the floor of the saturation-pressure scan (core/saturation.ts). Below it A and B
 * (proportional to P) head for the floating-point underflow (at 5e-324 psia they are 0/0).
 */
export const MIN_EOS_PSIA = 1e-3;
/** Highest pressure, psia: three times the deepest reservoirs (the PVT functions' MAX_PSIA). */
export const MAX_EOS_PSIA = MAX_PSIA;
/**
 * Temperature range, degF: from the critical temperature of hydrogen (33 K, -400 degF; below it
 * only helium is a fluid) to the cracking of hydrocarbons (~1500 degF).
 */
export const EOS_TF = { min: -400, max: 1500 } as const;
/**
 * Lowest reduced temperature T/Tc of a component present in the fluid. No substance is liquid,
 * pure or dissolved, below about a fifth of its critical temperature (the lowest triple points,
 * propane's and 1-butene's, are at 0.21-0.23 Tc; methane's at 0.48, n-decane's at 0.39); the
 * Soave alpha is fitted to vapour pressures from Tr ~ 0.4. At Tr >= 0.1, ln phi of a liquid root
 * stays above about -400 for any acentric factor up to 2.5 (PR78, omega 2.5: -384), so fugacities
 * and K stay representable; at Tr 0.06 it reaches the underflow of a double (e^-745).
 */
export const MIN_REDUCED_T = 0.1;

interface Bound {
  min: number;
  max: number;
  exclusiveMin?: boolean;
  unit: string;
  why: string;
}

/** Constants of one component (a library component, a pseudo-component, a saved model's). */
export const COMPONENT_DOMAIN = {
  TcK: { min: 3, max: 2000, unit: 'K', why: 'no substance has a lower critical temperature than helium-3 (3.3 K), and the heaviest petroleum pseudo-components (C100 lumps) are near 1400 K' },
  PcBar: { min: 0.5, max: 1000, unit: 'bar', why: 'the lowest critical pressures are those of helium-3 (1.2 bar) and of C55+ lumps (~1 bar); none of a fluid component is near 1000 bar (water 221 bar)' },
  omega: { min: -1, max: 2.5, unit: '', why: 'acentric factors run from helium-4 (-0.38) to the heaviest pseudo-components (~2.2)' },
  MW: { min: 2, max: 2000, unit: 'g/mol', why: 'hydrogen (2.016 g/mol) is the lightest molecule, and no crude-oil fraction is heavier than ~2000 g/mol' },
  VcCm3PerMol: { min: 10, max: 20_000, unit: 'cm3/mol', why: 'the smallest critical volumes are those of water and helium (~56 cm3/mol); the heaviest pseudo-components are ~7000 cm3/mol' },
  volumeShift: { min: -1, max: 1, unit: '', why: 'a Peneloux shift s = c/b above 1 would move a dense liquid volume below zero; below -1 more than doubles the co-volume' },
  SG: { min: 0.3, max: 1.5, exclusiveMin: true, unit: '', why: 'no petroleum fraction is lighter than liquid methane (0.3) or denser than 1.5 (asphaltenes ~1.2)' },
} as const satisfies Record<string, Bound>;

export type ComponentConstantName = keyof typeof COMPONENT_DOMAIN;

/** Pressures of an EOS call, psia. */
export function requireEosPressure(name: string, psia: number | readonly number[] | undefined): void {
  if (psia === undefined) return;
  for (const p of typeof psia === 'number' ? [psia] : psia) {
    requireWithin(name, p, MIN_EOS_PSIA, MAX_EOS_PSIA, 'psia', 'no fluid of a petroleum or process system is met outside a hard vacuum (1e-3 psia) and three times the deepest reservoir pressures');
  }
}

/** A temperature of an EOS call, degF. */
export function requireEosTemperature(name: string, tF: number | undefined): void {
  if (tF === undefined) return;
  requireWithin(name, tF, EOS_TF.min, EOS_TF.max, 'degF', 'between the critical temperature of hydrogen (below it only helium is a fluid) and the cracking of hydrocarbons');
}

/** The first given constant of a component outside its domain, described (`key value unit is outside ...: why`), or null. */
export function componentProblem(c: Partial<Record<ComponentConstantName, number>>): string | null {
  for (const key of Object.keys(COMPONENT_DOMAIN) as ComponentConstantName[]) {
    const value = c[key];
    if (value === undefined) continue;
    const b: Bound = COMPONENT_DOMAIN[key];
    const okLow = b.exclusiveMin ? value > b.min : value >= b.min;
    if (okLow && value <= b.max) continue; // false for NaN
    const unit = b.unit ? ` ${b.unit}` : '';
    return `${key} ${value}${unit} is outside ${b.exclusiveMin ? '>' : '>='} ${b.min} and <= ${b.max}${unit}: ${b.why}`;
  }
  return null;
}

/** Every given constant of a component inside its domain; `label` names it (e.g. "components[3] 'C7+'"). */
export function requireComponent(label: string, c: Partial<Record<ComponentConstantName, number>>): void {
  const problem = componentProblem(c);
  if (problem) throw new EngineFailure('out_of_range', `${label} ${problem}`);
}

/** What the temperature checks read of a fluid (core/fluid.ts Fluid has them), in component order. */
export interface FluidConstants {
  tc: ArrayLike<number>;
  /** Slope of the Soave alpha of each component. */
  m: ArrayLike<number>;
  names: readonly string[];
}

/**
 * The highest temperature, K, at which the Soave alpha of a component still falls with T:
 * alpha = (1 + m (1 - sqrt(T/Tc)))^2 has its minimum (zero) at sqrt(T/Tc) = 1 + 1/m and rises
 * beyond it, which no molecular attraction does. For m <= 0 (helium, hydrogen with some EOS) it
 * never turns. Library components turn above ~1000 K (nitrogen with SRK: 1030.5 K, 1395 degF);
 * beyond the turning point the EOS is extrapolated (a warning, not an error: the numbers stay
 * finite, and a simulator would extrapolate the same way).
 */
export function alphaTurningT(tcK: number, m: number): number {
  return m > 0 ? tcK * (1 + 1 / m) ** 2 : Infinity;
}

/**
 * At tK, every component present (mole fraction at least TRACE_FRACTION) at least MIN_REDUCED_T
 * times its critical temperature, else out_of_range; `where` names the temperature input.
 */
export function requireReducedTemperature(where: string, tK: number, fluid: FluidConstants, z?: ArrayLike<number>): void {
  for (let i = 0; i < fluid.tc.length; i++) {
    if (z && !(z[i]! >= TRACE_FRACTION)) continue;
    const tc = fluid.tc[i]!;
    const tr = tK / tc;
    if (tr >= MIN_REDUCED_T) continue;
    throw new EngineFailure(
      'out_of_range',
      `${where} ${+(tK * 1.8 - 459.67).toPrecision(6)} degF is ${+tr.toPrecision(3)} times the critical temperature of ${fluid.names[i]} (${+tc.toPrecision(6)} K), below ${MIN_REDUCED_T}: ` +
        'no substance is liquid, pure or dissolved, below about a fifth of its critical temperature, and the EOS fugacities underflow there',
    );
  }
}

/** A warning for each component present that is hotter than the turning point of its alpha function (costs a loop and no string when none is). */
export function alphaWarnings(where: string, tK: number, fluid: FluidConstants, z: ArrayLike<number> | undefined, warnings: string[]): void {
  for (let i = 0; i < fluid.tc.length; i++) {
    if (z && !(z[i]! >= TRACE_FRACTION)) continue;
    const turn = alphaTurningT(fluid.tc[i]!, fluid.m[i]!);
    if (tK <= turn) continue;
    warnings.push(
      `${where} ${+(tK * 1.8 - 459.67).toPrecision(6)} degF is above ${+(turn * 1.8 - 459.67).toPrecision(6)} degF, where the Soave alpha of ${fluid.names[i]} ` +
        '(its EOS attraction) stops falling with temperature and rises again: extrapolated beyond the alpha function',
    );
  }
}

/**
 * A temperature input (degF) inside EOS_TF, every component present inside its reduced-temperature
 * domain at it, and a warning for each past the turning point of its alpha function.
 */
export function requireFluidTemperature(name: string, tF: number, fluid: FluidConstants, z: ArrayLike<number> | undefined, warnings: string[]): void {
  requireEosTemperature(name, tF);
  const tK = (tF + 459.67) / 1.8;
  requireReducedTemperature(name, tK, fluid, z);
  alphaWarnings(name, tK, fluid, z, warnings);
}

/**
 * A shifted molar volume above zero: a Peneloux shift s = c/b near or above 1 (SRK's default for
 * omega > ~2.3, or a given one) can move a dense phase's volume, which is close to b, below zero.
 */
export function requirePositiveVolume(shifted: number, unshifted: number): void {
  if (shifted > 0) return;
  throw new EngineFailure(
    'out_of_range',
    `the Peneloux volume shift moves a phase's molar volume from ${unshifted.toPrecision(4)} to ${shifted.toPrecision(4)} m3/mol, not above zero: ` +
      "a shift s = c/b near 1 on a dense phase; give the heavy components' volumeShift or use volumeShift 'none'",
  );
}
