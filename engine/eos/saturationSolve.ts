/**
 * A saturation point of a feed at T as the engine functions ask for it: kind (bubble, dew or
 * whichever the fluid has) and branch (the upper boundary of the two-phase region, or the lower
 * one: the lower dew point of a retrograde fluid, or of an oil at very low pressure). The
 * stability-bracketed Newton solve of core/saturation.ts; when the stability scan finds no
 * two-phase window (one narrower than its step, near the cricondentherm), the phase envelope is
 * traced and its crossings of T polished by the same Newton solve. Each answer is validated by
 * flashes 0.5% either side: one phase outside the two-phase region, two inside.
 *
 * Units: SI. References: see core/saturation.ts, core/envelope.ts.
 */
import { EngineFailure } from '../failure.js';
import { psiaFromPa } from './core/constants.js';
import { traceEnvelope } from './core/envelope.js';
import { flashPT, type Isotherm } from './core/flashPT.js';
import { subsetFluid } from './core/fluid.js';
import type { PhaseModel } from './core/phase.js';
import { bracketSaturation, newtonSaturation, P_MAX_PA, P_MIN_PA, refineSaturation, type SaturationPoint } from './core/saturation.js';
import { oneSubstanceHint } from './nearlyOneSubstance.js';

export type SaturationKind = 'bubble' | 'dew' | 'auto';
export type Branch = 'upper' | 'lower';

export interface SaturationAnswer {
  P: number;
  kind: 'bubble' | 'dew';
  branch: Branch;
  /** Incipient phase over every component. */
  w: Float64Array;
  point: SaturationPoint;
  validation: { pAbove: number; phasesAbove: number; pBelow: number; phasesBelow: number; passed: boolean };
}

const CHECK = 0.005;

export const ONE_COMPONENT = 'only one component is present: a pure fluid has a vapour-pressure curve, not bubble and dew points or an envelope (eos.pureComponent gives its vapour pressure)';

export function findSaturation(iso: Isotherm, zFull: Float64Array, kind: SaturationKind, branch: Branch): SaturationAnswer {
  const { pm, keep } = iso.modelFor(zFull);
  const z = keep ? Float64Array.from(keep, (i) => zFull[i]!) : zFull;
  if (z.length < 2) throw new EngineFailure('invalid_input', ONE_COMPONENT);
  const br = bracketSaturation(pm, z, branch === 'lower');
  let upper = br.upper ? refineSaturation(pm, z, br.upper) : null;
  let lower = br.lower ? refineSaturation(pm, z, br.lower) : null;
  if (!upper) {
    // No upper boundary by the scan (a window narrower than its step, or a fluid unstable up to
    // 100000 psia); the envelope's crossings, keeping a lower boundary the scan did bracket.
    const env = fromEnvelope(iso, pm, z, keep);
    upper = env.upper;
    lower = lower ?? env.lower;
  }
  const tF = (iso.T * 1.8 - 459.67).toFixed(2);
  if (!upper) {
    const single = oneSubstanceHint(iso.fluid, zFull);
    throw new EngineFailure('no_solution', single ? `no saturation point found at ${tF} degF${single}` : `the fluid is one phase at ${tF} degF at every pressure from 0.001 to 100000 psia: no saturation point at this temperature`);
  }
  const point = branch === 'upper' ? upper : lower;
  if (!point) {
    throw new EngineFailure('no_solution', `no lower saturation point found at ${tF} degF above 0.001 psia (the upper one is a ${upper.kind} point at ${psiaFromPa(upper.P).toPrecision(6)} psia)`);
  }
  if (kind !== 'auto' && point.kind !== kind) {
    const hint = branch === 'upper' && kind === 'dew' ? "; an oil's dew point is on the lower branch (branch 'lower')" : '';
    throw new EngineFailure(
      'no_solution',
      `at ${tF} degF the ${branch} saturation point is a ${point.kind} point (${psiaFromPa(point.P).toPrecision(6)} psia), not a ${kind} point${hint}; kind 'auto' answers whichever it is`,
    );
  }
  const w = new Float64Array(iso.fluid.n);
  if (keep) keep.forEach((k, i) => (w[k] = point.w[i]!));
  else w.set(point.w);
  const phases = (P: number) => flashPT(iso, zFull, P)?.phases ?? 0;
  const pAbove = point.P * (1 + CHECK);
  const pBelow = point.P * (1 - CHECK);
  const phasesAbove = phases(pAbove);
  const phasesBelow = phases(pBelow);
  const passed = branch === 'upper' ? phasesAbove === 1 && phasesBelow === 2 : phasesAbove === 2 && phasesBelow === 1;
  return { P: point.P, kind: point.kind, branch, w, point, validation: { pAbove, phasesAbove, pBelow, phasesBelow, passed } };
}

/** The envelope's crossings of T, polished by Newton: the highest and lowest pressure. */
function fromEnvelope(iso: Isotherm, pm: PhaseModel, z: Float64Array, keep: number[] | null): { upper: SaturationPoint | null; lower: SaturationPoint | null } {
  const fluid = keep ? subsetFluid(iso.fluid, keep) : iso.fluid;
  const env = traceEnvelope(fluid, z, { beta: 0, pStart: 1000 * P_MIN_PA, maxPoints: 2000, pMax: P_MAX_PA, tMin: 30, tMax: 3000 });
  if (!env) return { upper: null, lower: null };
  const found: SaturationPoint[] = [];
  const n = fluid.n;
  for (let k = 1; k < env.points.length; k++) {
    const a = env.points[k - 1]!;
    const b = env.points[k]!;
    if ((a.T - iso.T) * (b.T - iso.T) > 0 || a.T === b.T) continue;
    const f = (iso.T - a.T) / (b.T - a.T);
    const lnP = Math.log(a.P) + f * (Math.log(b.P) - Math.log(a.P));
    const lnK = Float64Array.from({ length: n }, (_, i) => a.X[i]! + f * (b.X[i]! - a.X[i]!));
    const w = Float64Array.from(z, (zi, i) => zi * Math.exp(lnK[i]!));
    const P0 = Math.exp(lnP);
    const s = newtonSaturation(pm, z, P0, w, P0 / 1.2, P0 * 1.2);
    if (s) found.push({ ...s, iterations: s.iterations });
  }
  if (!found.length) return { upper: null, lower: null };
  found.sort((p, q) => q.P - p.P);
  return { upper: found[0]!, lower: found.length > 1 ? found[found.length - 1]! : null };
}
