/**
 * decline.forecast: calendar-month production volumes from a decline model, a start date, an
 * uptime and an economic limit; the companion phases by ratios. The volumes are the input of
 * econ.cashFlow, whose net line is econ.metrics' cashFlows.
 *
 * The primary phase is oil (qiStbd given) or gas (qiMscfd given). Its rate declines in calendar
 * time t (days from startDate) by the chosen model (decline.arps, decline.modifiedHyperbolic,
 * decline.duong, decline.powerLawExponential, decline.stretchedExponential; declines nominal per
 * day unless declineType/declinePeriod say otherwise). Period k runs from the later of startDate
 * and the first day of its month to the first day of the next month; its volume is
 *   V_k = uptime x [N(min(t_end, tLimit)) - N(min(t_start, tLimit))]
 * (uptime scales volumes, not the decline clock: downtime is spread over the month, as in
 * monthly reserve reports). Production stops when the rate reaches the economic limit qLimit
 * (tLimit), in the middle of a month if so; the table ends with that month, or after `months`.
 * Companion phases: oil primary: gas = oil x gorScfStb/1000 (Mscf), water = oil x waterCut/(1 - waterCut);
 * gas primary: condensate = gas x cgrStbPerMMscf/1000 (STB), water = gas x wgrStbPerMMscf/1000.
 * Units: STB, Mscf; rates STB/d, Mscf/d; dates ISO YYYY-MM-DD (proleptic Gregorian, UTC).
 *
 * References: SPEE (2016) Monograph 4 (monthly forecasting, economic limit); Arps (1945).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { nominalDecline } from './inputs.js';
import { arpsCurve, duongCurve, modifiedHyperbolicCurve, powerLawExponentialCurve, stretchedExponentialCurve, type Curve } from './models/curves.js';
import { declinePeriodInput, declineTypeInput } from './models/declineTypes.js';
import { requireGasRates, requireOilRates } from '../well/domain.js';
import { requireWithin } from '../pvt/correlations/domain.js';

/**
 * Companion ratios a well can have: a producing GOR above 1e7 scf/STB (0.1 STB of liquid per
 * MMscf) is a dry gas well, a condensate- or water-gas ratio above 1e5 STB/MMscf (GOR 10 scf/STB)
 * a liquid well: forecast those with the other primary phase.
 */
const MAX_GOR_SCF_STB = 1e7;
const MAX_LGR_STB_MMSCF = 1e5;

const MAX_MONTHS = 1200;
const MODELS = ['arps', 'modifiedHyperbolic', 'duong', 'powerLawExponential', 'stretchedExponential'] as const;
const DAY_MS = 86_400_000;

const num = (description: string, extra: Record<string, number> = {}, unit = '-') => Type.Optional(quantity('dimensionless', { unit, description, ...extra }));
const oilVolumes = (description: string) => Type.Array(quantity('oilVolume', { description: 'Volume', physical: { minimum: 0 } }), { description });
const gasVolumes = (description: string) => Type.Array(quantity('gasVolume', { description: 'Volume', physical: { minimum: 0 } }), { description });

export const forecast = defineFunction({
  name: 'decline.forecast',
  module: 'decline',
  title: 'Monthly production forecast from a decline model',
  description:
    "Calendar-month volumes (oil STB, gas Mscf, water STB) from a decline model ('arps' default, 'modifiedHyperbolic', 'duong', 'powerLawExponential', 'stretchedExponential') of the primary phase " +
    '(give qiStbd for oil or qiMscfd for gas; declines nominal per day unless declineType/declinePeriod say otherwise), from startDate (YYYY-MM-DD) for up to `months` months (<= 1200), ' +
    'volumes x uptime, stopping at the economic limit qLimit (STB/d or Mscf/d of the primary phase). Companions: oil primary -> gas by gorScfStb, water by waterCut; gas primary -> condensate by cgrStbPerMMscf, water by wgrStbPerMMscf. ' +
    'The columns feed econ.cashFlow directly.',
  input: Type.Object({
    model: Type.Optional(Type.Enum(MODELS, { default: 'arps', description: 'Decline model of the primary phase' })),
    qiStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Initial oil rate at startDate (oil primary)' })),
    qiMscfd: Type.Optional(quantity('gasRate', { exclusiveMinimum: 0, description: 'Initial gas rate at startDate (gas primary)' })),
    di: num('Initial decline (arps, modifiedHyperbolic: of declineType per declinePeriod, default nominal per day; powerLawExponential: Di per day^n)', { minimum: 0 }, '1/declinePeriod'),
    b: num('Arps b (arps, modifiedHyperbolic)', { minimum: 0, maximum: 5 }),
    dterm: num('Terminal decline (modifiedHyperbolic; same declineType/declinePeriod as di)', { minimum: 0 }, '1/declinePeriod'),
    a: num('Duong a', { exclusiveMinimum: 0 }),
    m: num('Duong m', { exclusiveMinimum: 0 }),
    n: num('PLE n (below 1) or stretched-exponential n (up to 1)', { exclusiveMinimum: 0, maximum: 1 }),
    dinf: num('PLE Dinf per day', { minimum: 0 }, '1/d'),
    tauDays: Type.Optional(quantity('time', { exclusiveMinimum: 0, description: 'Stretched-exponential tau' })),
    declineType: declineTypeInput(),
    declinePeriod: declinePeriodInput(),
    startDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First production day, YYYY-MM-DD' }),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MONTHS, default: 360, description: 'Calendar months to forecast at most (default 360)' })),
    uptime: num('Fraction of calendar time producing (0 < uptime <= 1, default 1)', { exclusiveMinimum: 0, maximum: 1, default: 1 }, 'fraction'),
    qLimitStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Economic limit, oil primary' })),
    qLimitMscfd: Type.Optional(quantity('gasRate', { exclusiveMinimum: 0, description: 'Economic limit, gas primary' })),
    gorScfStb: Type.Optional(quantity('gasOilRatio', { minimum: 0, description: 'Producing GOR (oil primary)' })),
    waterCut: num('Water cut of the liquid, fraction (oil primary)', { minimum: 0, exclusiveMaximum: 1 }, 'fraction'),
    cgrStbPerMMscf: Type.Optional(quantity('liquidGasRatio', { minimum: 0, description: 'Condensate-gas ratio (gas primary)' })),
    wgrStbPerMMscf: Type.Optional(quantity('liquidGasRatio', { minimum: 0, description: 'Water-gas ratio (gas primary)' })),
  }),
  output: Type.Object({
    primaryPhase: Type.Enum(['oil', 'gas']),
    month: Type.Array(Type.String(), { description: 'Calendar month of each period, YYYY-MM' }),
    days: Type.Array(quantity('time', { description: 'Calendar days of the period in the forecast' }), { description: 'Calendar days in each period (the first may be partial)' }),
    oilStb: oilVolumes('Oil or condensate volume per period'),
    gasMscf: gasVolumes('Gas volume per period'),
    waterStb: oilVolumes('Water volume per period'),
    cumOilStb: quantity('oilVolume', { description: 'Total oil or condensate', physical: { minimum: 0 } }),
    cumGasMscf: quantity('gasVolume', { description: 'Total gas', physical: { minimum: 0 } }),
    cumWaterStb: quantity('oilVolume', { description: 'Total water', physical: { minimum: 0 } }),
    endDate: Type.String({ description: 'Day production stops (economic limit) or the forecast ends, YYYY-MM-DD' }),
    reachedLimit: Type.Boolean({ description: 'True when the economic limit ended the forecast' }),
  }),
  references: [
    'SPEE (2016) Monograph 4: Estimating Ultimate Recovery of Developed Wells in Low-Permeability Reservoirs. Society of Petroleum Evaluation Engineers.',
    'Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.',
  ],
  validity: [],
  examples: [
    {
      title: 'exponential 100 STB/d at 0.001/d from 2026-01-01, two months, GOR 1000, water cut 0.5',
      input: { qiStbd: 100, di: 0.001, b: 0, startDate: '2026-01-01', months: 2, gorScfStb: 1000, waterCut: 0.5 },
      expected: { oilStb: [3052.4426924, 2676.8803919], gasMscf: [3052.4426924, 2676.8803919], waterStb: [3052.4426924, 2676.8803919] },
      tolerance: 1e-7,
      source: 'closed form: January (31 d) = 100/0.001 (1 - exp(-0.031)) = 3052.44269; February (28 d) = 100000 (exp(-0.031) - exp(-0.059)) = 2676.88039; gas = oil x 1000/1000; water = oil x 0.5/0.5',
    },
  ],
  run(input, warnings) {
    requireOilRates('qiStbd', input.qiStbd);
    requireOilRates('qLimitStbd', input.qLimitStbd);
    requireGasRates('qiMscfd', input.qiMscfd);
    requireGasRates('qLimitMscfd', input.qLimitMscfd);
    if (input.gorScfStb !== undefined) requireWithin('gorScfStb', input.gorScfStb, 0, MAX_GOR_SCF_STB, 'scf/STB', 'above it the well is a dry gas well: forecast it with qiMscfd');
    for (const k of ['cgrStbPerMMscf', 'wgrStbPerMMscf'] as const) {
      const v = input[k];
      if (v !== undefined) requireWithin(k, v, 0, MAX_LGR_STB_MMSCF, 'STB/MMscf', 'above it the well is a liquid well: forecast it with qiStbd');
    }
    const oil = input.qiStbd !== undefined;
    if (oil === (input.qiMscfd !== undefined)) throw new EngineFailure('invalid_input', 'give exactly one of qiStbd (oil primary) or qiMscfd (gas primary)');
    const qi = (oil ? input.qiStbd : input.qiMscfd) as number;
    const qLimit = oil ? input.qLimitStbd : input.qLimitMscfd;
    if ((oil ? input.qLimitMscfd : input.qLimitStbd) !== undefined) warnings.push(`${oil ? 'qLimitMscfd' : 'qLimitStbd'} ignored: the economic limit applies to the primary phase`);
    const curve = curveOf(input, qi);
    const start = parseDate(input.startDate);
    const tLimit = qLimit === undefined ? Infinity : curve.timeTo(qLimit);
    const uptime = input.uptime ?? 1;
    const months = input.months ?? 360;
    // Dates are YYYY-MM-DD: the horizon, and the endDate after its last month, stay within year 9999.
    const after = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
    if (after > 9999 * 12 + 11) throw new EngineFailure('invalid_input', `startDate ${input.startDate} and ${months} months run past 9999-12: dates are YYYY-MM-DD; give fewer months or an earlier startDate`);
    const cols = { month: [] as string[], days: [] as number[], primary: [] as number[] };
    let t0 = 0;
    let reachedLimit = false;
    for (let k = 0; k < months; k++) {
      const d0 = new Date(start.getTime() + t0 * DAY_MS);
      const next = Date.UTC(d0.getUTCFullYear(), d0.getUTCMonth() + 1, 1);
      const t1 = (next - start.getTime()) / DAY_MS;
      const a = Math.min(t0, tLimit);
      const b = Math.min(t1, tLimit);
      cols.month.push(`${d0.getUTCFullYear()}-${String(d0.getUTCMonth() + 1).padStart(2, '0')}`);
      cols.days.push(t1 - t0);
      cols.primary.push(Math.max(uptime * (curve.cum(b) - curve.cum(a)), 0));
      t0 = t1;
      if (t1 >= tLimit) {
        reachedLimit = true;
        break;
      }
    }
    if (!cols.primary.every(Number.isFinite)) throw new EngineFailure('no_solution', 'the decline model gives no finite volume over the forecast');
    const wc = input.waterCut ?? 0;
    const oilStb = oil ? cols.primary : cols.primary.map((g) => (g * (input.cgrStbPerMMscf ?? 0)) / 1000);
    const gasMscf = oil ? cols.primary.map((o) => (o * (input.gorScfStb ?? 0)) / 1000) : cols.primary;
    const waterStb = oil ? cols.primary.map((o) => (o * wc) / (1 - wc)) : cols.primary.map((g) => (g * (input.wgrStbPerMMscf ?? 0)) / 1000);
    const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);
    const end = new Date(start.getTime() + Math.min(t0, tLimit) * DAY_MS);
    return {
      primaryPhase: (oil ? 'oil' : 'gas') as 'oil' | 'gas',
      month: cols.month,
      days: cols.days,
      oilStb,
      gasMscf,
      waterStb,
      cumOilStb: sum(oilStb),
      cumGasMscf: sum(gasMscf),
      cumWaterStb: sum(waterStb),
      endDate: end.toISOString().slice(0, 10),
      reachedLimit,
    };
  },
});

function parseDate(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw new EngineFailure('invalid_input', `startDate ${s} is not a calendar date`);
  return date;
}

type ForecastInput = { model?: (typeof MODELS)[number]; di?: number; b?: number; dterm?: number; a?: number; m?: number; n?: number; dinf?: number; tauDays?: number; declineType?: 'nominal' | 'tangentEffective' | 'secantEffective'; declinePeriod?: 'day' | 'month' | 'year' };

function need(input: Record<string, unknown>, keys: string[], model: string): void {
  const missing = keys.filter((k) => input[k] === undefined);
  if (missing.length) throw new EngineFailure('invalid_input', `model '${model}' needs ${missing.join(', ')}`);
}

function curveOf(input: ForecastInput, qi: number): Curve {
  const model = input.model ?? 'arps';
  const spec = { timeUnit: 'day' as const, declineType: input.declineType, declinePeriod: input.declinePeriod };
  const rec = input as Record<string, unknown>;
  switch (model) {
    case 'arps':
      need(rec, ['di', 'b'], model);
      return arpsCurve(qi, nominalDecline(spec, input.di as number, input.b as number), input.b as number);
    case 'modifiedHyperbolic': {
      need(rec, ['di', 'b', 'dterm'], model);
      const d = nominalDecline(spec, input.di as number, input.b as number);
      const dterm = nominalDecline(spec, input.dterm as number, 0);
      if (dterm >= d) throw new EngineFailure('invalid_input', 'dterm must be below di');
      return modifiedHyperbolicCurve(qi, d, input.b as number, dterm);
    }
    case 'duong':
      need(rec, ['a', 'm'], model);
      return duongCurve(qi, input.a as number, input.m as number);
    case 'powerLawExponential':
      need(rec, ['di', 'dinf', 'n'], model);
      // As decline.powerLawExponential: Ilk's model needs n < 1 (at 1 it is an exponential decline).
      if ((input.n as number) >= 1) throw new EngineFailure('invalid_input', 'powerLawExponential needs n below 1 (n = 1 is an exponential decline of di + dinf: use arps with b 0)');
      return powerLawExponentialCurve(qi, input.di as number, input.dinf as number, input.n as number);
    case 'stretchedExponential':
      need(rec, ['tauDays', 'n'], model);
      return stretchedExponentialCurve(qi, input.tauDays as number, input.n as number);
  }
}
