/**
 * The physical domain of the well-performance inputs: where a value can describe a producing well
 * at all, whatever the relation. Outside it a call is refused (EngineFailure 'out_of_range', 422,
 * naming the input and why); every bound is far outside any real well, so no honest input meets
 * one, and inside them every relation here stays in the floating-point range. Pressures share
 * the PVT functions' bound (engine/pvt/correlations/domain.ts MAX_PSIA).
 *
 * Units: field (psia, ft, md, cp, rb/STB, STB/d, Mscf/d, STB/d/psi, scf/STB, 1/64 in); a metric
 * call is converted before these checks, and their messages quote field units.
 *
 * References (for the physical facts quoted):
 * - Cerro Azul No. 4 (Mexico, 1916), the most prolific oil well on record: ~260 000 bbl/d
 *   (DeGolyer, E. (1940) Elements of the Petroleum Industry. AIME).
 * - Permeability of clean gravel, the most permeable porous medium: 1e-9 to 1e-7 m2 (1e3 to 1e5
 *   darcies): Bear, J. (1972) Dynamics of Fluids in Porous Media. Elsevier, Table 5.5.1.
 * - Viscosity of liquids: light hydrocarbons ~0.1-0.2 cp (n-pentane 0.22 cp at 25 C), bitumen up to
 *   ~1e6 cp (NIST Chemistry WebBook, SRD 69; Alberta oil sands bitumen).
 */
import { EngineFailure } from '../failure.js';
import { MAX_PSIA, requireWithin } from '../pvt/correlations/domain.js';

export { MAX_PSIA };

/** Largest oil or liquid rate, STB/d: ~40 times Cerro Azul No. 4. */
export const MAX_LIQUID_STBD = 1e7;
/** Largest gas rate, Mscf/d (10 Bscf/d): ~50 times the most prolific gas wells (~200 MMscf/d). */
export const MAX_GAS_MSCFD = 1e7;
/** Smallest permeability, md (0.1 nanodarcy): tighter than any shale matrix (~1 nanodarcy). */
export const MIN_PERMEABILITY_MD = 1e-7;
/** Thinnest net pay, ft (about an inch). */
export const MIN_PAY_FT = 0.1;
/** Largest permeability, md (1e5 darcies): clean gravel. */
export const MAX_PERMEABILITY_MD = 1e8;
/** Largest net pay, drainage radius or depth, ft: beyond the deepest wells (~40 000 ft) and any drainage area (~190 miles). */
export const MAX_LENGTH_FT = 1e6;
/** Smallest wellbore radius, ft (0.12 in): no drilled hole is narrower. */
export const MIN_RW_FT = 0.01;
/** Liquid viscosity range, cp: lighter than the lightest liquid hydrocarbon, heavier than bitumen. */
export const LIQUID_VISCOSITY_CP = { min: 0.01, max: 1e7 } as const;
/** Oil formation volume factor range, rb/STB: a stock-tank barrel cannot shrink to half; 10 is beyond any volatile oil (~3). */
export const OIL_FVF = { min: 0.5, max: 10 } as const;
/** Largest productivity index, STB/d/psi: the best wells are ~100; 1e5 would drain the Cerro Azul rate at 0.1 psi. */
export const MAX_PI_STBD_PSI = 1e5;

const PRESSURE_WHY = 'no well is met outside vacuum and three times the deepest reservoir pressures';

/** Pressures (a value or a list), psia: 0 (full drawdown) to MAX_PSIA. */
export function requirePressures(name: string, value: number | readonly number[] | undefined): void {
  if (value === undefined) return;
  for (const p of typeof value === 'number' ? [value] : value) requireWithin(name, p, 0, MAX_PSIA, 'psia', PRESSURE_WHY);
}

export function requireOilRates(name: string, value: number | readonly number[] | undefined): void {
  if (value === undefined) return;
  for (const q of typeof value === 'number' ? [value] : value) requireWithin(name, q, 0, MAX_LIQUID_STBD, 'STB/d', 'no oil well has produced more than ~260 000 STB/d');
}

export function requireGasRates(name: string, value: number | readonly number[] | undefined, unit: 'Mscf/d' | 'MMscf/d' = 'Mscf/d'): void {
  if (value === undefined) return;
  const max = unit === 'Mscf/d' ? MAX_GAS_MSCFD : MAX_GAS_MSCFD / 1000;
  for (const q of typeof value === 'number' ? [value] : value) requireWithin(name, q, 0, max, unit, 'no gas well produces more than a few hundred MMscf/d');
}

/** The radial-flow reservoir of the inflow relations: k, h, re, rw. */
export function requireReservoir(r: { kMd?: number; hFt?: number; reFt?: number; rwFt?: number }): void {
  if (r.kMd !== undefined) requireWithin('kMd', r.kMd, MIN_PERMEABILITY_MD, MAX_PERMEABILITY_MD, 'md', 'no rock is tighter than shale matrix (~1 nanodarcy) or more permeable than clean gravel (~1e5 darcies)');
  if (r.hFt !== undefined) requireWithin('hFt', r.hFt, MIN_PAY_FT, MAX_LENGTH_FT, 'ft', 'no pay zone is thinner than an inch or thicker than any reservoir');
  if (r.reFt !== undefined) requireWithin('reFt', r.reFt, 0, MAX_LENGTH_FT, 'ft', 'no well drains an area that large', true);
  if (r.rwFt !== undefined) requireWithin('rwFt', r.rwFt, MIN_RW_FT, MAX_LENGTH_FT, 'ft', 'no drilled hole is narrower than a quarter inch');
}

/** The oil's viscosity and FVF of a Darcy productivity index. */
export function requireOil(muCp: number | undefined, bo: number | undefined): void {
  if (muCp !== undefined) requireWithin('muCp', muCp, LIQUID_VISCOSITY_CP.min, LIQUID_VISCOSITY_CP.max, 'cp', 'no liquid is thinner than light hydrocarbons (~0.1 cp) or thicker than bitumen (~1e6 cp)');
  if (bo !== undefined) requireWithin('boRbStb', bo, OIL_FVF.min, OIL_FVF.max, 'rb/STB', 'a stock-tank barrel neither halves nor grows tenfold in the reservoir');
}

export function requireProductivityIndex(name: string, j: number | undefined): void {
  if (j !== undefined) requireWithin(name, j, 0, MAX_PI_STBD_PSI, 'STB/d/psi', 'the most productive wells are ~100 STB/d/psi', true);
}

/** A computed rate (curve or AOF) that left the physical range: the inputs together describe no well. */
export function requireComputedRate(what: string, q: number, max: number, unit: string, inputs: string): void {
  if (Number.isFinite(q) && q <= max) return;
  throw new EngineFailure('out_of_range', `${what} ${q} ${unit} exceeds ${max} ${unit}: ${inputs} together describe no well`);
}

/**
 * The inputs the inflow relations share, by name, wherever a function has them: pressures, rates,
 * the reservoir, the oil and J. One call per run; nothing is allocated while all are inside.
 */
export function requireInflowInputs(input: {
  prPsia?: number;
  pbPsia?: number;
  pwfPsia?: number | readonly number[];
  testPwfPsia?: number | readonly number[];
  qmaxStbd?: number;
  testRateStbd?: number | readonly number[];
  testRateMscfd?: readonly number[];
  kMd?: number;
  hFt?: number;
  reFt?: number;
  rwFt?: number;
  muCp?: number;
  boRbStb?: number;
  productivityIndex?: number;
}): void {
  requirePressures('prPsia', input.prPsia);
  requirePressures('pbPsia', input.pbPsia);
  requirePressures('pwfPsia', input.pwfPsia);
  requirePressures('testPwfPsia', input.testPwfPsia);
  requireOilRates('qmaxStbd', input.qmaxStbd);
  requireOilRates('testRateStbd', input.testRateStbd);
  requireGasRates('testRateMscfd', input.testRateMscfd);
  requireReservoir(input);
  requireOil(input.muCp, input.boRbStb);
  requireProductivityIndex('productivityIndex', input.productivityIndex);
}
