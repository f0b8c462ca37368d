/**
 * decline.fit: fits a decline model to rate-time data by bounded nonlinear least squares
 * (models/leastSquares.ts: Levenberg–Marquardt on the MINUIT bounded transformation, a heuristic
 * start plus 11 starts from a fixed-seed generator, so the same data always give the same answer).
 *
 * Objective: 'logRate' (default) minimises sum (ln q - ln q_model)^2, which weighs every month
 * alike whatever the rate (late, low rates are what EUR depends on); 'rate' minimises
 * sum (q - q_model)^2. Points with q <= 0 (shut-in) are left out with a warning.
 * Models and bounds (rates in the data's unit, times in timeUnit; declines nominal per timeUnit):
 *   exponential (qi, di), harmonic (qi, di), hyperbolic (qi, di, 0 <= b <= 2),
 *   modifiedHyperbolic (qi, di, 0 <= b <= 2.5; dterm fixed, given), duong (qi = q at t = 1,
 *   0.01 <= a <= 10, 0.5 <= m <= 3; t > 0), powerLawExponential (qi, di, 0 <= dinf <= 1,
 *   0.01 <= n <= 0.99), stretchedExponential (qi, tau, 0.05 <= n <= 1);
 *   qi in [1e-3, 100] x max(q), di in [1e-8, 100], tau in [1e-4 span, 1e3 (tmax + 1)].
 * Results: parameters, R^2 on rate and on ln rate, RMSE of the objective, the residuals and fitted
 * rates at the data times, covariance and standard errors s^2 (J^T J)^-1 from the Jacobian of the
 * residuals at the solution (Bates & Watts 1988), and a forecast (rate, cumulative) from the fit.
 * A fit whose J^T J is singular (the data cannot separate the parameters) or that has no more
 * points than parameters is a 422 with the reason; one whose R2 of the objective is below 0.5 (the
 * model explains less than half the variance: rising, scattered or oscillating rates) warns.
 *
 * References:
 * - Arps (1945); Robertson (1988); Duong (2011); Ilk et al. (2008); Valko (2009): the models.
 * - Marquardt, D.W. (1963) Journal of SIAM 11(2), 431-441.
 * - Bates, D.M. and Watts, D.G. (1988) Nonlinear Regression Analysis and Its Applications. Wiley.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { cumList, nominalDecline, perTime, rateList, rateOf, ratio, timeOf, MAX_TIMES } from './inputs.js';
import { declinePeriodInput, declineTypeInput, timeUnitInput } from './models/declineTypes.js';
import { fitBounded, jacobian, solveLinear } from './models/leastSquares.js';
import { FIT_MODELS, setupModel, type FitModel } from './models/fitModels.js';

const MAX_POINTS = 5_000;
const FORECAST_POINTS = 121;

const optionalParam = (description: string) => Type.Optional(ratio(description));

export const fit = defineFunction({
  name: 'decline.fit',
  module: 'decline',
  title: 'Fit a decline model to rate-time data',
  description:
    "Bounded least-squares fit of 'exponential', 'harmonic', 'hyperbolic' (0 <= b <= 2), 'modifiedHyperbolic' (dterm given), 'duong', 'powerLawExponential' or 'stretchedExponential' to rates q at times t " +
    "(objective 'logRate' default, or 'rate'; Levenberg–Marquardt with a heuristic start plus 11 fixed-seed starts: deterministic). " +
    'Returns the parameters (declines nominal per timeUnit), R2 on rate and on ln rate, residuals, fitted rates, covariance and standard errors from the Jacobian at the solution, and a forecast (rate, cumulative) to forecastTo. ' +
    'q <= 0 points are skipped with a warning; a singular fit (parameters not determined by the data) is a 422; a fit whose R2 of the objective is below 0.5 (the model explains less than half the variance) warns. Units: rates in any volume per timeUnit.',
  input: Type.Object({
    t: Type.Array(timeOf('Time', { minimum: 0 }), { minItems: 2, maxItems: MAX_POINTS, description: 'Times of the rates, timeUnit from the start of the decline' }),
    q: Type.Array(rateOf('Rate', { minimum: 0 }), { minItems: 2, maxItems: MAX_POINTS, description: 'Rates (volume per timeUnit), one per t' }),
    model: Type.Optional(Type.Enum(FIT_MODELS, { default: 'hyperbolic', description: 'Model to fit (default hyperbolic)' })),
    objective: Type.Optional(Type.Enum(['logRate', 'rate'], { default: 'logRate', description: "'logRate' (default): least squares on ln q; 'rate': on q" })),
    dterm: Type.Optional(perTime('Fixed terminal decline for modifiedHyperbolic (declineType/declinePeriod as stated)', { exclusiveMinimum: 0 })),
    timeUnit: timeUnitInput(),
    declineType: declineTypeInput(),
    declinePeriod: declinePeriodInput(),
    forecastTo: Type.Optional(timeOf('End of the forecast, timeUnit (default twice the last t)', { exclusiveMinimum: 0 })),
  }),
  output: Type.Object({
    model: Type.String({ description: 'Model fitted' }),
    qi: rateOf('Fitted initial rate (Duong: rate at t = 1)'),
    di: Type.Optional(perTime('Fitted initial nominal decline per timeUnit (PLE: Di per timeUnit^n)')),
    b: Type.Optional(ratio('Fitted b (fixed 0 exponential, 1 harmonic)')),
    dterm: Type.Optional(perTime('Terminal nominal decline used (modifiedHyperbolic)')),
    a: optionalParam('Duong a'),
    m: optionalParam('Duong m'),
    n: optionalParam('PLE or stretched-exponential n'),
    dinf: Type.Optional(perTime('PLE Dinf, per timeUnit')),
    tau: Type.Optional(timeOf('Stretched-exponential tau, timeUnit')),
    parameterNames: Type.Array(Type.String(), { description: 'Order of the fitted parameters in covariance' }),
    standardErrors: Type.Record(Type.String(), Type.Number(), { description: 'Standard error of each fitted parameter not on a bound (one on a bound is held there and has none)' }),
    covariance: Type.Array(Type.Array(Type.Number()), { description: 'Covariance of the fitted parameters, parameterNames order (0 in the row and column of a parameter on a bound)' }),
    r2: ratio('R2 of the rates', { physical: { maximum: 1 } }),
    r2LogRate: ratio('R2 of ln rate', { physical: { maximum: 1 } }),
    rmse: ratio('Root mean square of the objective residuals'),
    pointsUsed: ratio('Points used (q > 0)'),
    residuals: Type.Array(Type.Number(), { description: 'Objective residual (ln q - ln q_fit, or q - q_fit) at each point used' }),
    fitted: rateList('Fitted rate at each point used'),
    iterations: ratio('Levenberg–Marquardt iterations over all starts'),
    starts: ratio('Starts tried'),
    atBounds: Type.Array(Type.String(), { description: 'Parameters that ended on a bound (their standard errors are not meaningful)' }),
    forecast: Type.Object({
      t: Type.Array(timeOf('Time'), { description: 'Forecast times, timeUnit' }),
      rate: rateList('Forecast rate'),
      cum: cumList('Forecast cumulative from t = 0'),
    }),
  }),
  references: [
    'Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.',
    'Marquardt, D.W. (1963) An Algorithm for Least-Squares Estimation of Nonlinear Parameters. Journal of the Society for Industrial and Applied Mathematics 11(2), 431-441.',
    'James, F. (1994) MINUIT Function Minimization and Error Analysis, Reference Manual. CERN Program Library D506 (bounded parameter transformation).',
    'Bates, D.M. and Watts, D.G. (1988) Nonlinear Regression Analysis and Its Applications. Wiley (standard errors from the Jacobian).',
    'Robertson, S. (1988) SPE-18731-MS; Duong, A.N. (2011) SPE-137748-PA; Ilk, D. et al. (2008) SPE-116731-MS; Valko, P.P. (2009) SPE-119369-MS.',
  ],
  validity: [],
  examples: [
    {
      title: 'noise-free hyperbolic data qi 500, D 0.05/month, b 0.4 (12 months)',
      input: {
        t: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        q: [475.849453564, 453.300978038, 432.220479867, 412.48733224, 393.992805473, 376.638704768, 360.336184819, 345.004715698, 330.571178504, 316.96907263, 304.137819277, 292.022148196],
        model: 'hyperbolic',
        timeUnit: 'month',
      },
      expected: { qi: 500, di: 0.05, b: 0.4 },
      tolerance: 1e-5,
      source: 'synthetic: q = 500 (1 + 0.4 x 0.05 t)^(-1/0.4), the first 12 points of refdata decline.json fit-hyperbolic-500.0-0.05-0.4; the generating parameters are the answer',
    },
  ],
  run(input, warnings, context) {
    if (input.t.length !== input.q.length) throw new EngineFailure('invalid_input', `t has ${input.t.length} values and q ${input.q.length}: give one rate per time`);
    const model = (input.model ?? 'hyperbolic') as FitModel;
    const objective = input.objective ?? 'logRate';
    const keep = input.t.map((t, i) => i).filter((i) => (input.q[i] as number) > 0 && (model !== 'duong' || (input.t[i] as number) > 0));
    if (keep.length < input.t.length) warnings.push(`${input.t.length - keep.length} point(s) with q <= 0${model === 'duong' ? ' or t = 0' : ''} left out of the fit`);
    const t = keep.map((i) => input.t[i] as number);
    const q = keep.map((i) => input.q[i] as number);
    if (model === 'modifiedHyperbolic' && input.dterm === undefined) throw new EngineFailure('invalid_input', "model 'modifiedHyperbolic' needs dterm (the terminal decline is fixed, not fitted)");
    const dterm = input.dterm === undefined ? 0 : nominalDecline(input, input.dterm, 0);
    const setup = setupModel(model, { t, q, dterm });
    const p = setup.specs.length;
    if (t.length <= p) throw new EngineFailure('invalid_input', `${t.length} usable points cannot determine ${p} parameters: give more than ${p}`);
    const residual = (params: number[]): number[] => {
      const c = setup.curve(params);
      return t.map((ti, i) => {
        const m = c.rate(ti);
        if (!(m > 0) || !Number.isFinite(m)) return 1e6;
        return objective === 'logRate' ? Math.log(q[i] as number) - Math.log(m) : (q[i] as number) - m;
      });
    };
    const best = fitBounded(residual, setup.specs, setup.guess, undefined, undefined, context.progress);
    if (!Number.isFinite(best.sse)) throw new EngineFailure('no_solution', `no ${model} curve fits these data: every start gave a non-finite sum of squares`);
    if (!best.converged) warnings.push('the best start stopped at the iteration limit (200) before the sum of squares settled');
    const names = setup.specs.map((s) => s.name);
    const onBound = setup.specs.map((s, i) => {
      const v = best.params[i] as number;
      return Math.abs(v - s.lo) <= 1e-6 * Math.max(Math.abs(s.lo), 1e-12) + 1e-12 || Math.abs(v - s.hi) <= 1e-6 * Math.abs(s.hi);
    });
    const atBounds = names.filter((_, i) => onBound[i]);
    if (atBounds.length) warnings.push(`parameter(s) ${atBounds.join(', ')} ended on a bound: the model may not suit these data`);
    const { cov, held } = covariance(residual, best.params, best.sse, t.length, onBound);
    const kept = names.filter((_, i) => held[i] === 'bound');
    const unset = names.filter((_, i) => held[i] === 'idle');
    if (kept.length) warnings.push(`with ${kept.join(' and ')} free the fit is singular: ${kept.length > 1 ? 'they are' : 'it is'} held on ${kept.length > 1 ? 'their bounds' : 'its bound'}, ${kept.length > 1 ? 'have' : 'has'} no standard error, and the others' are given with ${kept.length > 1 ? 'them' : 'it'} fixed`);
    if (unset.length) warnings.push(`the fitted rates do not depend on ${unset.join(' or ')} at this solution (b of a decline near 0, or a b so small the curve is exponential): these data do not determine ${unset.length > 1 ? 'them' : 'it'}, and ${unset.length > 1 ? 'they have' : 'it has'} no standard error`);
    const curve = setup.curve(best.params);
    const fitted = t.map((ti) => curve.rate(ti));
    const resid = residual(best.params);
    const horizon = input.forecastTo ?? 2 * Math.max(...t);
    // Twice a time near the largest double is no time: the default forecast needs a finite one.
    if (!Number.isFinite(horizon)) throw new EngineFailure('out_of_range', `the default forecast runs to twice the last time (${Math.max(...t)}), beyond any finite time: give forecastTo, or times in a larger timeUnit`);
    const ft = Array.from({ length: FORECAST_POINTS }, (_, i) => (horizon * i) / (FORECAST_POINTS - 1)).filter((x) => model !== 'duong' || x > 0);
    const named = Object.fromEntries(names.map((n, i) => [n, best.params[i] as number]));
    // One test of "no variance" for both: a relative spread of q below 1e-6, which is the same spread of ln q.
    const r2 = rSquared(q, fitted, NO_VARIANCE * q.length * (q.reduce((a, v) => a + v, 0) / q.length) ** 2);
    const r2LogRate = rSquared(q.map(Math.log), fitted.map(Math.log), NO_VARIANCE * q.length);
    const r2Objective = objective === 'logRate' ? r2LogRate : r2;
    if (r2Objective < POOR_FIT_R2) {
      warnings.push(
        `poor fit: the ${model} curve explains ${r2Objective <= 0 ? 'none' : `only ${(100 * r2Objective).toFixed(1)}%`} of the variance of ${objective === 'logRate' ? 'ln q' : 'q'} (R2 ${r2Objective.toPrecision(3)}): these data do not follow this decline model, and its parameters, standard errors and forecast are not a description of them`,
      );
    }
    return {
      model,
      ...named,
      qi: named.qi as number,
      ...(model === 'exponential' ? { b: 0 } : model === 'harmonic' ? { b: 1 } : {}),
      ...(model === 'modifiedHyperbolic' ? { dterm } : {}),
      parameterNames: names,
      standardErrors: Object.fromEntries(names.flatMap((n, i) => (held[i] ? [] : [[n, Math.sqrt(Math.max((cov[i] as number[])[i] as number, 0))]]))),
      covariance: cov,
      r2,
      r2LogRate,
      rmse: Math.sqrt(best.sse / t.length),
      pointsUsed: t.length,
      residuals: resid,
      fitted,
      iterations: best.iterations,
      starts: best.starts,
      atBounds,
      forecast: { t: ft, rate: ft.map((x) => curve.rate(x)), cum: ft.map((x) => curve.cum(x)) },
    };
  },
});

/** Below this R2 of the objective (ln q, or q) a fit is reported as poor: the model explains less than half the variance. */
const POOR_FIT_R2 = 0.5;

/** Rates alike to about one part in a million: a sum of squares of relative spread below this, per point, is no variance. */
const NO_VARIANCE = 1e-12;

/**
 * 1 - SSres/SStot. Data that do not vary (SStot at most `flatBelow`) have no variance to explain:
 * R2 is then 1 when the fit reproduces them as closely and 0 when not. Computed as usual it divides
 * by rounding noise: constant rates of 100 gave r2LogRate -1.5e15.
 */
function rSquared(obs: number[], fit: number[], flatBelow: number): number {
  const mean = obs.reduce((a, v) => a + v, 0) / obs.length;
  let ssr = 0;
  let sst = 0;
  obs.forEach((o, i) => {
    ssr += (o - (fit[i] as number)) ** 2;
    sst += (o - mean) ** 2;
  });
  if (sst <= flatBelow) return ssr <= flatBelow ? 1 : 0;
  return 1 - ssr / sst;
}

/**
 * s^2 (J^T J)^-1 in the physical parameters. When that is singular, the parameters on a bound
 * (`onBound`: a constrained optimum has no curvature to read across its bound) and those the
 * rates do not depend on at the solution (a zero column of J: b of exponential data, or of a
 * decline near 0) are held, and it is taken over the others: their rows and columns are 0, and
 * `held` says why ('bound' or 'idle'). Before, such a fit was a 422 'singular fit' as a whole.
 * A covariance still singular is one.
 */
function covariance(residual: (p: number[]) => number[], params: number[], sse: number, n: number, onBound: boolean[]): { cov: number[][]; held: ('bound' | 'idle' | null)[] } {
  const held: ('bound' | 'idle' | null)[] = params.map(() => null);
  const over = (free: number[], j: number[][]) => {
    const full: number[][] = params.map(() => new Array<number>(params.length).fill(0));
    if (free.length === 0) return full;
    const inner = freeCovariance(j, sse, n);
    free.forEach((i, a) => free.forEach((k, b) => ((full[i] as number[])[k] = (inner[a] as number[])[b] as number)));
    return full;
  };
  const columns = (free: number[]) =>
    free.length === 0
      ? []
      : jacobian(
          (x) => {
            const all = [...params];
            free.forEach((i, k) => (all[i] = x[k] as number));
            return residual(all);
          },
          free.map((i) => params[i] as number),
          1e-12,
        );
  // Parameters the rates do not depend on here first (a zero column of J), then, if it is still
  // singular, those on a bound.
  let free = params.map((_, i) => i);
  let j = columns(free);
  const flat = free.filter((_, k) => j.every((row) => row[k] === 0));
  if (flat.length) {
    for (const i of flat) held[i] = 'idle';
    free = free.filter((i) => !held[i]);
    j = columns(free);
  }
  try {
    return { cov: over(free, j), held };
  } catch (err) {
    if (!(err instanceof EngineFailure) || !free.some((i) => onBound[i])) throw err;
  }
  for (const i of free) if (onBound[i]) held[i] = 'bound';
  free = free.filter((i) => !held[i]);
  return { cov: over(free, columns(free)), held };
}

function freeCovariance(j: number[][], sse: number, n: number): number[][] {
  const p = (j[0] as number[]).length;
  const jtj = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => j.reduce((s, row) => s + (row[a] as number) * (row[b] as number), 0)));
  // Scale to unit diagonal before inverting, so parameters of very different size do not look singular.
  const d = jtj.map((row, i) => Math.sqrt(row[i] as number));
  if (d.some((v) => !(v > 0))) throw new EngineFailure('no_solution', 'singular fit: the rates do not depend on at least one parameter at the solution');
  const scaled = jtj.map((row, a) => row.map((v, b) => v / ((d[a] as number) * (d[b] as number))));
  const s2 = sse / Math.max(n - p, 1);
  const inv: number[][] = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let c = 0; c < p; c++) {
    const col = solveLinear(scaled, scaled.map((_, r) => (r === c ? 1 : 0)));
    if (!col || col.some((v) => Math.abs(v) > 1e12)) throw new EngineFailure('no_solution', 'singular fit: the data cannot separate the parameters (J^T J is singular); fit a simpler model or fix a parameter');
    col.forEach((v, r) => ((inv[r] as number[])[c] = (s2 * v) / ((d[r] as number) * (d[c] as number))));
  }
  return inv;
}
