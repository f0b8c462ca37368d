/**
 * Oil inflow relations (field units: STB/d, psia, md, ft, cp, rb/STB).
 *
 * Darcy radial flow of a single-phase liquid (Craft & Hawkins; Ahmed 2019 §15):
 *   pseudo-steady state (pr = average pressure):  J = 0.00708 k h / (mu B (ln(re/rw) - 0.75 + S))
 *   steady state (pr = pressure at re):            J = 0.00708 k h / (mu B (ln(re/rw) - 0.5 + S))
 *   q = J (pr - pwf); 0.00708 = 2 pi x 1.127e-3 (Darcy units to field).
 * Vogel (1968), solution-gas drive below the bubble point:
 *   q/qmax = 1 - 0.2 (pwf/pr) - 0.8 (pwf/pr)^2;   from one test: qmax = q / (1 - 0.2 x - 0.8 x^2)
 * Composite (Darcy above pb, Vogel below; Brown 1984, Beggs 1991):
 *   pwf >= pb: q = J (pr - pwf);   pwf < pb: q = qb + (J pb/1.8)[1 - 0.2 (pwf/pb) - 0.8 (pwf/pb)^2]
 *   qb = J (pr - pb), qmax = qb + J pb/1.8; a test below pb gives J = q / (pr - pb + pb/1.8 (1 - 0.2 x - 0.8 x^2)), x = pwf/pb.
 * Fetkovich (1973) / Rawlins & Schellhardt (1936) backpressure: q = C (pr^2 - pwf^2)^n, with C and
 * n from multi-rate tests by least squares of log q on log(pr^2 - pwf^2).
 *
 * References:
 * - Vogel, J.V. (1968) Inflow Performance Relationships for Solution-Gas Drive Wells. JPT 20(1), 83-92. SPE-1476-PA.
 * - Fetkovich, M.J. (1973) The Isochronal Testing of Oil Wells. SPE-4529-MS.
 * - Rawlins, E.L. and Schellhardt, M.A. (1936) Back-Pressure Data on Natural-Gas Wells. US Bureau of Mines Monograph 7.
 * - Brown, K.E. (1984) The Technology of Artificial Lift Methods, Vol. 4. PennWell (composite IPR).
 * - Ahmed, T. (2019) Reservoir Engineering Handbook, 5th ed. Gulf Professional, Ch. 15.
 */
import { EngineFailure } from '../../failure.js';

export const DARCY_FIELD = 0.00708;
export const VOGEL_AOF = 1.8;

export type FlowRegime = 'pseudoSteadyState' | 'steadyState';

export interface RadialReservoir {
  kMd: number;
  hFt: number;
  reFt: number;
  rwFt: number;
  skin: number;
}

/** ln(re/rw) - 0.75 (PSS) or - 0.5 (steady state) + S: the radial flow resistance term. */
export function radialTerm(r: RadialReservoir, regime: FlowRegime): number {
  if (!(r.reFt > r.rwFt)) throw new EngineFailure('invalid_input', `reFt ${r.reFt} must exceed rwFt ${r.rwFt}`);
  const term = Math.log(r.reFt / r.rwFt) - (regime === 'steadyState' ? 0.5 : 0.75) + r.skin;
  if (!(term > 0)) throw new EngineFailure('out_of_range', `ln(re/rw) ${regime === 'steadyState' ? '- 0.5' : '- 0.75'} + S = ${term.toFixed(4)} is not positive: the skin ${r.skin} is more negative than the geometry allows`);
  return term;
}

/** Liquid productivity index J (STB/d/psi). */
export function darcyJ(r: RadialReservoir, muCp: number, bo: number, regime: FlowRegime): number {
  return (DARCY_FIELD * r.kMd * r.hFt) / (muCp * bo * radialTerm(r, regime));
}

export const vogelFraction = (x: number) => 1 - 0.2 * x - 0.8 * x * x;

export function vogelRate(pr: number, qmax: number, pwf: number): number {
  return qmax * vogelFraction(Math.min(Math.max(pwf, 0), pr) / pr);
}

export function vogelQmaxFromTest(pr: number, q: number, pwf: number): number {
  if (!(pwf < pr && pwf >= 0)) throw new EngineFailure('invalid_input', `the test pwf ${pwf} psia must lie in [0, pr ${pr})`);
  return q / vogelFraction(pwf / pr);
}

export interface Composite {
  pr: number;
  pb: number;
  j: number;
}

export function compositeRate(c: Composite, pwf: number): number {
  const p = Math.min(Math.max(pwf, 0), c.pr);
  if (c.pr <= c.pb) return ((c.j * c.pr) / VOGEL_AOF) * vogelFraction(p / c.pr);
  if (p >= c.pb) return c.j * (c.pr - p);
  return c.j * (c.pr - c.pb) + ((c.j * c.pb) / VOGEL_AOF) * vogelFraction(p / c.pb);
}

export function compositeQb(c: Composite): number {
  return c.pr > c.pb ? c.j * (c.pr - c.pb) : 0;
}

export function compositeQmax(c: Composite): number {
  return compositeRate(c, 0);
}

/** J that makes the composite curve pass through a test point. */
export function compositeJFromTest(pr: number, pb: number, q: number, pwf: number): number {
  if (!(pwf < pr && pwf >= 0)) throw new EngineFailure('invalid_input', `the test pwf ${pwf} psia must lie in [0, pr ${pr})`);
  const unit = compositeRate({ pr, pb, j: 1 }, pwf);
  return q / unit;
}

export function fetkovichRate(c: number, n: number, pr: number, pwf: number): number {
  const p = Math.min(Math.max(pwf, 0), pr);
  return c * (pr * pr - p * p) ** n;
}

export interface BackpressureFit {
  c: number;
  n: number;
  r2: number;
}

/** log q = log C + n log(pr^2 - pwf^2) by least squares over the tests. */
export function fitBackpressure(pr: number, rates: number[], pwfs: number[]): BackpressureFit {
  if (rates.length !== pwfs.length) throw new EngineFailure('invalid_input', `${rates.length} test rates but ${pwfs.length} test pressures`);
  if (rates.length < 2) throw new EngineFailure('invalid_input', 'fitting C and n needs at least two test points');
  const xs = pwfs.map((p) => {
    if (!(p < pr && p >= 0)) throw new EngineFailure('invalid_input', `test pwf ${p} psia must lie in [0, pr ${pr})`);
    return Math.log10(pr * pr - p * p);
  });
  const ys = rates.map((q) => {
    if (!(q > 0)) throw new EngineFailure('invalid_input', `test rate ${q} must be positive`);
    return Math.log10(q);
  });
  const k = xs.length;
  const mx = xs.reduce((a, v) => a + v, 0) / k;
  const my = ys.reduce((a, v) => a + v, 0) / k;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < k; i++) {
    sxx += ((xs[i] as number) - mx) ** 2;
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    syy += ((ys[i] as number) - my) ** 2;
  }
  if (!(sxx > 0)) throw new EngineFailure('no_solution', 'the test points share one drawdown: C and n cannot be separated');
  const n = sxy / sxx;
  if (!(n > 0)) throw new EngineFailure('no_solution', `the tests give n = ${n.toPrecision(4)}: the rate does not rise with the drawdown, so no backpressure curve fits them`);
  const c = 10 ** (my - n * mx);
  // R2 = r^2 of the regression; rounding can put it a few ulps above 1.
  return { c, n, r2: syy > 0 ? Math.min((sxy * sxy) / (sxx * syy), 1) : 1 };
}
