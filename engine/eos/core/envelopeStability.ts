/**
 * Which points of a traced envelope are not on the phase boundary: the continuation (envelope.ts)
 * solves the two-phase saturation equations, whose solution goes on through a region where the
 * feed is already split otherwise (a second liquid: methane with heavy components at low
 * temperature, CO2- or H2S-rich liquids, strongly non-ideal kij), so that part of the curve is a
 * metastable saturation line, not where a second phase first appears. At a true saturation point
 * the feed is stable (its tangent plane distance is zero at the incipient phase and non-negative
 * everywhere), so each point is tested by Michelsen's tangent-plane analysis (stability.ts) at
 * its own T and P: tm clearly below zero means the feed splits there.
 *
 * Units: SI. Validity: as stability.ts; a point whose tm is above -1e-6 counts as stable (the
 * incipient phase itself has tm = 0 up to the solver's tolerance).
 *
 * References:
 * - Michelsen, M.L. (1982a) The isothermal flash problem. Part I. Stability. Fluid Phase Equilib.
 *   9, 1-19.
 * - Michelsen & Mollerup (2007) ch. 12: an envelope traced by continuation must be checked for
 *   stability; three-phase regions are not found by it.
 */
import type { Fluid } from './fluid.js';
import { PhaseModel } from './phase.js';
import { stabilityTest } from './stability.js';

/** tm below this at an envelope point: the feed splits there (far beyond the solver's noise). */
export const ENVELOPE_TM_UNSTABLE = -1e-6;

/** Indices of the points where the feed z is unstable, with the lowest tm found at each. */
export function unstableEnvelopePoints(fluid: Fluid, z: Float64Array, points: readonly { T: number; P: number }[]): { index: number; tm: number }[] {
  const out: { index: number; tm: number }[] = [];
  points.forEach((p, index) => {
    const pm = new PhaseModel(fluid.atTemperature(p.T));
    const feed = pm.evaluate(z, p.P, 'gibbs');
    if (!feed) return;
    const s = stabilityTest(pm, z, p.P, feed);
    if (!s.stable && s.tm < ENVELOPE_TM_UNSTABLE) out.push({ index, tm: s.tm });
  });
  return out;
}
