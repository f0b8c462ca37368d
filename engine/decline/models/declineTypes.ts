/**
 * Decline-rate conventions and time units, in one place for every decline.* function.
 *
 * Three numbers describe "a decline" and they differ (SPEE Monograph 4; petbox-dca):
 *   nominal D           the instantaneous rate  D = -d ln q / dt          (1/time)
 *   tangent effective   Dt = 1 - exp(-D)   the fraction lost over one period at the initial
 *                       tangent (an exponential with the same initial slope)
 *   secant effective    Ds = 1 - q(1 period)/qi of the hyperbola itself:
 *                       Ds = 1 - (1 + b D)^(-1/b)  (b > 0);  = Dt when b = 0
 * and the inverse D = ((1 - Ds)^-b - 1)/b, D = -ln(1 - Dt).
 * Effective declines are quoted per period (conventionally one year); a nominal decline scales
 * with the time unit (per year = 365.25 x per day). Time units: day; month = 365.25/12 days;
 * year = 365.25 days (the Julian year, as petbox-dca and SPEE reserve reports use).
 *
 * References:
 * - Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.
 * - SPEE (2016) Monograph 4: Estimating Ultimate Recovery of Developed Wells in Low-Permeability
 *   Reservoirs. Society of Petroleum Evaluation Engineers, Houston. Ch. 3 (decline definitions).
 * - Fulford, D.S. petbox-dca 1.1.0 (MIT): nominal_from_secant / secant_from_nominal conventions.
 */
import Type from 'typebox';
import { EngineFailure } from '../../failure.js';

export const DAYS_PER_YEAR = 365.25;
export const TIME_UNITS = ['day', 'month', 'year'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const DAYS_PER: Readonly<Record<TimeUnit, number>> = { day: 1, month: DAYS_PER_YEAR / 12, year: DAYS_PER_YEAR };

export const DECLINE_TYPES = ['nominal', 'tangentEffective', 'secantEffective'] as const;
export type DeclineType = (typeof DECLINE_TYPES)[number];

/** Below this b an Arps curve is taken as exponential (the hyperbolic forms lose precision). */
export const B_EXPONENTIAL = 1e-10;

/** Nominal decline (per the same period) from a decline of the given type; b for secant. */
export function nominalFrom(type: DeclineType, value: number, b: number): number {
  if (type === 'nominal') return value;
  if (!(value >= 0 && value < 1)) throw new EngineFailure('invalid_input', `an effective decline is a fraction of the rate lost per period, 0 <= D < 1 (got ${value})`);
  if (type === 'tangentEffective' || b <= B_EXPONENTIAL) return -Math.log1p(-value);
  return Math.expm1(-b * Math.log1p(-value)) / b;
}

/** Tangent-effective decline from a nominal one (same period). */
export function tangentFromNominal(d: number): number {
  return -Math.expm1(-d);
}

/** Secant-effective decline of a hyperbola with exponent b from its nominal decline (same period). */
export function secantFromNominal(d: number, b: number): number {
  if (b <= B_EXPONENTIAL) return tangentFromNominal(d);
  return -Math.expm1(-Math.log1p(b * d) / b);
}

/**
 * A decline given per `declinePeriod` of type `type`, as a nominal decline per `timeUnit`.
 * Effective declines are converted over their own period first, then the nominal rate is scaled.
 */
export function nominalPer(timeUnit: TimeUnit, type: DeclineType, value: number, b: number, declinePeriod: TimeUnit): number {
  return nominalFrom(type, value, b) * (DAYS_PER[timeUnit] / DAYS_PER[declinePeriod]);
}

/** The default period of a decline: effective declines are quoted per year, nominal ones per time unit. */
export function defaultPeriod(type: DeclineType, timeUnit: TimeUnit): TimeUnit {
  return type === 'nominal' ? timeUnit : 'year';
}

export const timeUnitInput = (description = 'Unit of every time (t, and the time basis of rates: volume per this unit)') =>
  Type.Optional(Type.Enum(TIME_UNITS, { default: 'day', description: `${description}: 'day' (default), 'month' (365.25/12 days) or 'year' (365.25 days)` }));

export const declineTypeInput = () =>
  Type.Optional(
    Type.Enum(DECLINE_TYPES, {
      default: 'nominal',
      description:
        "What the decline inputs are: 'nominal' (instantaneous -dln q/dt, default), 'tangentEffective' (1 - exp(-D)) or 'secantEffective' (1 - q(1 period)/qi of the hyperbola, 1 - (1 + bD)^(-1/b)); effective declines are fractions lost per declinePeriod",
    }),
  );

export const declinePeriodInput = () =>
  Type.Optional(
    Type.Enum(TIME_UNITS, {
      description: "Period the decline inputs are quoted per: default 'year' for effective declines, timeUnit for nominal ones",
    }),
  );
