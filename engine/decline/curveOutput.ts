/** The output every single-curve decline function shares: rate, cumulative and decline over t, EUR at qLimit. */
import Type from 'typebox';
import { quantity } from '../quantity.js';
import { cumList, limitAtStart, over, rateList, rateOf, requireFiniteDecline, timeOf, volumeOf } from './inputs.js';
import type { Curve } from './models/curves.js';

export const CURVE_OUTPUT = {
  rate: rateList('Rate at each t'),
  cum: cumList('Cumulative at each t'),
  decline: Type.Array(Type.Union([quantity('dimensionless', { unit: '1/time unit', description: 'Nominal decline' }), Type.Null()]), {
    description: 'Nominal decline -dln q/dt at each t, per timeUnit; null where it is infinite (t = 0 of the PLE and stretched-exponential models, n < 1)',
  }),
  tLimit: Type.Optional(timeOf('Time at which the rate reaches qLimit')),
  eur: Type.Optional(volumeOf('Cumulative when the rate reaches qLimit')),
};

export const qLimitInput = () => Type.Optional(rateOf('Economic limit rate: tLimit and EUR are returned', { exclusiveMinimum: 0 }));

export function curveResult(curve: Curve, times: readonly number[], qLimit: number | undefined, warnings: string[]) {
  const decline = times.map((t) => {
    const d = curve.decline(t);
    return Number.isFinite(d) ? d : null;
  });
  const out = { rate: over(times, (t) => curve.rate(t)), cum: over(times, (t) => curve.cum(t)), decline };
  requireFiniteDecline({ rate: out.rate, cum: out.cum }, 'qi, the model parameters and t');
  if (qLimit === undefined) return out;
  const tLimit = curve.timeTo(qLimit);
  if (!Number.isFinite(tLimit)) {
    warnings.push(`the rate does not fall to qLimit ${qLimit} within 1e9 time units: no tLimit or EUR`);
    return out;
  }
  const eur = curve.cum(tLimit);
  requireFiniteDecline({ eur }, 'qi, the model parameters and qLimit');
  limitAtStart(qLimit, tLimit, warnings);
  return { ...out, tLimit, eur };
}
