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
const ENVELOPE_TM_UNSTABLE = -1e-6;
/**
 * Points tested first, evenly along the curve. A test costs ~0.7 ms (11 components, every trial
 * phase run to its stationary point), so testing all 170 points of the example condensate took
 * its envelope from 25 to 150 ms; the stretches around an unstable sample are then tested point
 * by point, so a reported stretch's ends are exact.
 */
const SAMPLES = 16;

/**
 * Indices of the points where the feed z is unstable, with the lowest tm found at each, in order.
 * A stretch shorter than the spacing of the samples (points / SAMPLES) lying between two stable
 * samples can go unreported.
 */
export function unstableEnvelopePoints(fluid: Fluid, z: Float64Array, points: readonly { T: number; P: number }[]): { index: number; tm: number }[] {
  const tested = new Map<number, number | null>(); // index -> tm when unstable, null when stable
  const unstableAt = (index: number): boolean => {
    if (!tested.has(index)) {
      const p = points[index]!;
      const pm = new PhaseModel(fluid.atTemperature(p.T));
      const feed = pm.evaluate(z, p.P, 'gibbs');
      const s = feed ? stabilityTest(pm, z, p.P, feed) : null;
      tested.set(index, s && !s.stable && s.tm < ENVELOPE_TM_UNSTABLE ? s.tm : null);
    }
    return tested.get(index) !== null;
  };
  const n = points.length;
  if (n === 0) return [];
  const stride = Math.max(1, Math.ceil((n - 1) / (SAMPLES - 1)));
  const samples: number[] = [];
  for (let i = 0; i < n; i += stride) samples.push(i);
  if (samples[samples.length - 1] !== n - 1) samples.push(n - 1);
  const unstableSamples = samples.map(unstableAt);
  samples.forEach((at, k) => {
    if (!unstableSamples[k]) return;
    const from = k > 0 ? samples[k - 1]! : 0;
    const to = k < samples.length - 1 ? samples[k + 1]! : n - 1;
    for (let i = from; i <= to; i++) unstableAt(i);
  });
  return [...tested]
    .filter((e): e is [number, number] => e[1] !== null)
    .sort((a, b) => a[0] - b[0])
    .map(([index, tm]) => ({ index, tm }));
}
