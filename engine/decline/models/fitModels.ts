/**
 * The models decline.fit can fit: parameter names, bounds (in the caller's time unit, rates in the
 * data's unit) and the curve they make. Bounds are documented in decline.fit's description.
 */
import { arpsCurve, duongCurve, modifiedHyperbolicCurve, powerLawExponentialCurve, stretchedExponentialCurve, type Curve } from './curves.js';
import type { ParameterSpec } from './leastSquares.js';

export const FIT_MODELS = ['exponential', 'harmonic', 'hyperbolic', 'modifiedHyperbolic', 'duong', 'powerLawExponential', 'stretchedExponential'] as const;
export type FitModel = (typeof FIT_MODELS)[number];

export interface FitData {
  t: number[];
  q: number[];
  /** Fixed terminal decline (nominal per time unit) of the modified hyperbolic. */
  dterm: number;
}

export interface ModelSetup {
  specs: ParameterSpec[];
  guess: number[];
  curve(p: number[]): Curve;
}

const at = (p: number[], i: number) => p[i] as number;

export function setupModel(model: FitModel, data: FitData): ModelSetup {
  const qMax = Math.max(...data.q);
  const tMax = Math.max(...data.t);
  const tMin = Math.min(...data.t);
  const first = data.q[0] as number;
  const last = data.q[data.q.length - 1] as number;
  const span = Math.max(tMax - tMin, 1e-9);
  const slope = Math.min(Math.max(Math.log(Math.max(first, 1e-300) / Math.max(last, 1e-300)) / span, 1e-6), 10);
  const qi: ParameterSpec = { name: 'qi', lo: qMax * 1e-3, hi: qMax * 100, log: true };
  const di: ParameterSpec = { name: 'di', lo: 1e-8, hi: 100, log: true };
  const qi0 = Math.min(Math.max(first * Math.exp(slope * tMin), qi.lo * 1.01), qi.hi * 0.99);
  switch (model) {
    case 'exponential':
      return { specs: [qi, di], guess: [qi0, slope], curve: (p) => arpsCurve(at(p, 0), at(p, 1), 0) };
    case 'harmonic':
      return { specs: [qi, di], guess: [qi0, slope], curve: (p) => arpsCurve(at(p, 0), at(p, 1), 1) };
    case 'hyperbolic':
      return { specs: [qi, di, { name: 'b', lo: 0, hi: 2 }], guess: [qi0, slope, 0.5], curve: (p) => arpsCurve(at(p, 0), at(p, 1), at(p, 2)) };
    case 'modifiedHyperbolic':
      return {
        specs: [qi, { ...di, lo: Math.max(data.dterm * 1.0001, 1e-8) }, { name: 'b', lo: 0, hi: 2.5 }],
        guess: [qi0, Math.max(slope, data.dterm * 2), 1],
        curve: (p) => modifiedHyperbolicCurve(at(p, 0), at(p, 1), at(p, 2), data.dterm),
      };
    case 'duong':
      return {
        specs: [qi, { name: 'a', lo: 0.01, hi: 10 }, { name: 'm', lo: 0.5, hi: 3 }],
        guess: [Math.min(Math.max(first, qi.lo * 1.01), qi.hi * 0.99), 1, 1.2],
        curve: (p) => duongCurve(at(p, 0), at(p, 1), at(p, 2)),
      };
    case 'powerLawExponential':
      return {
        specs: [qi, di, { name: 'dinf', lo: 0, hi: 1 }, { name: 'n', lo: 0.01, hi: 0.99 }],
        guess: [qi0, Math.max(slope, 1e-6), Math.min(slope / 10, 0.5), 0.5],
        curve: (p) => powerLawExponentialCurve(at(p, 0), at(p, 1), at(p, 2), at(p, 3)),
      };
    case 'stretchedExponential':
      return {
        specs: [qi, { name: 'tau', lo: span * 1e-4 + 1e-9, hi: (tMax + 1) * 1e3, log: true }, { name: 'n', lo: 0.05, hi: 1 }],
        guess: [qi0, Math.min(Math.max(1 / slope, span * 1e-4 + 2e-9), (tMax + 1) * 999), 0.5],
        curve: (p) => stretchedExponentialCurve(at(p, 0), at(p, 1), at(p, 2)),
      };
  }
}
