/** Inputs and result of a phase envelope (eos.phaseEnvelope, eos.model.phaseEnvelope), and the tracing of it with its quality lines. */
import Type from 'typebox';
import { EngineFailure } from '../failure.js';
import type { RunContext } from '../definition.js';
import { quantity, quantityArray } from '../quantity.js';
import { fFromKelvin, paFromPsia, psiaFromPa, TRACE_FRACTION } from './core/constants.js';
import { traceEnvelope, type EnvelopeTrace, type SpecialPoint } from './core/envelope.js';
import { unstableEnvelopePoints } from './core/envelopeStability.js';
import { subsetFluid, type Fluid } from './core/fluid.js';
import { nullable } from './schemaParts.js';
import { ONE_COMPONENT } from './saturationSolve.js';
import { MIN_REDUCED_T } from './domain.js';
import { oneSubstanceHint } from './nearlyOneSubstance.js';

export const MAX_ENVELOPE_POINTS = 2000;
export const MAX_QUALITY_LINES = 9;

export const ENVELOPE_INPUTS = {
  startPsia: Type.Optional(quantity('pressure', { minimum: 0.1, maximum: 1000, default: 14.696, description: 'Pressure where the trace starts (dew side) and ends (bubble side)' })),
  maxPoints: Type.Optional(Type.Integer({ minimum: 20, maximum: MAX_ENVELOPE_POINTS, default: 400, description: `Point cap of each curve (at most ${MAX_ENVELOPE_POINTS})` })),
  qualityLines: Type.Optional(
    Type.Array(quantity('dimensionless', { exclusiveMinimum: 0, exclusiveMaximum: 1 }), {
      maxItems: MAX_QUALITY_LINES,
      description: 'Vapour mole fractions of quality lines to trace from startPsia to the critical point (e.g. [0.25, 0.5, 0.75])',
    }),
  ),
};

const temperatures = (description: string) => quantityArray('temperature', { description }, { maxItems: MAX_ENVELOPE_POINTS });
const pressures = (description: string) => quantityArray('pressure', { description }, { maxItems: MAX_ENVELOPE_POINTS });
const Point = Type.Object({ TF: quantity('temperature'), psia: quantity('pressure') });

export const EnvelopeOutput = Type.Object({
  TF: temperatures('Envelope temperatures in tracing order: dew side from startPsia, then (past the critical point) bubble side back to startPsia'),
  psia: pressures('Envelope pressures, same order'),
  kind: Type.Array(Type.Enum(['dew', 'bubble']), { maxItems: MAX_ENVELOPE_POINTS, description: 'dew: the incipient phase is denser than the feed; bubble: lighter' }),
  critical: nullable(Point),
  cricondenbar: nullable(Point),
  cricondentherm: nullable(Point),
  complete: Type.Boolean({ description: 'The trace returned to startPsia on the bubble side' }),
  stopReason: Type.String(),
  qualityLines: Type.Array(
    Type.Object({
      vaporFraction: quantity('dimensionless', { physical: { exclusiveMinimum: 0, exclusiveMaximum: 1 } }),
      TF: temperatures('Temperatures from startPsia towards the critical point'),
      psia: pressures('Pressures'),
      complete: Type.Boolean({ description: 'Reached the critical region' }),
      stopReason: Type.String(),
    }),
    { maxItems: MAX_QUALITY_LINES },
  ),
  newtonIterations: Type.Integer({ minimum: 0 }),
});

export interface EnvelopeOptions {
  startPsia?: number;
  maxPoints?: number;
  qualityLines?: number[];
}

const OPTIONS = { pMax: paFromPsia(100_000) };

/** `progress`: points traced of at most maxPoints per curve (the envelope, then each quality line). */
export function envelopeOutput(fluidFull: Fluid, zFull: Float64Array, o: EnvelopeOptions, warnings: string[], progress?: RunContext['progress']) {
  const keep: number[] = [];
  zFull.forEach((v, i) => v >= TRACE_FRACTION && keep.push(i));
  const fluid = keep.length === fluidFull.n ? fluidFull : subsetFluid(fluidFull, keep);
  const z = Float64Array.from(keep, (i) => zFull[i]!);
  if (z.length < 2) throw new EngineFailure('invalid_input', ONE_COMPONENT);
  const pStart = paFromPsia(o.startPsia ?? 14.696);
  const maxPoints = o.maxPoints ?? 400;
  // The trace stays where every component present is inside the EOS domain (domain.ts): above a
  // tenth of its critical temperature.
  const heaviest = fluid.tc.indexOf(Math.max(...fluid.tc));
  const tMin = Math.max(30, MIN_REDUCED_T * fluid.tc[heaviest]!);
  const tMax = 3000;
  const why = (reason: string) =>
    reason.startsWith('temperature below') && tMin > 30
      ? `${reason} (${+fFromKelvin(tMin).toPrecision(4)} degF), a tenth of the critical temperature of ${fluid.names[heaviest]}: below it the fluid leaves the EOS domain`
      : reason === 'pressure above the limit'
        ? `the envelope rises above ${psiaFromPa(OPTIONS.pMax)} psia, the limit of this function`
        : reason;
  const curves = 1 + (o.qualityLines?.length ?? 0);
  const onCurve = (index: number) => (progress ? (count: number) => progress(index * maxPoints + count, curves * maxPoints) : undefined);
  const env = traceEnvelope(fluid, z, { beta: 0, pStart, maxPoints, tMin, tMax, ...OPTIONS, onPoint: onCurve(0) });
  if (!env) throw new EngineFailure('no_solution', `no dew point found at the starting pressure ${o.startPsia ?? 14.696} psia between ${+tMin.toPrecision(4)} and ${+tMax.toPrecision(4)} K: the envelope cannot be started${oneSubstanceHint(fluid, z)}`);
  const stopReason = why(env.stopReason);
  if (!env.complete) warnings.push(`the envelope trace stopped before returning to the starting pressure: ${stopReason}`);
  if (!env.critical) warnings.push('no critical point was crossed on the traced part of the envelope');
  if (!env.cricondenbar || !env.cricondentherm) {
    const missing = [!env.cricondenbar && 'cricondenbar', !env.cricondentherm && 'cricondentherm'].filter(Boolean).join(' and ');
    warnings.push(`the traced part of the envelope (from ${o.startPsia ?? 14.696} psia; ${stopReason}) does not hold its ${missing}: ${env.cricondenbar || env.cricondentherm ? 'it is' : 'they are'} not reported`);
  }
  progress?.(maxPoints, curves * maxPoints);
  const lines = (o.qualityLines ?? []).map((beta, i) => {
    const q: EnvelopeTrace | null = traceEnvelope(fluid, z, { beta, pStart, maxPoints, tMin, tMax, ...OPTIONS, onPoint: onCurve(i + 1) });
    progress?.((i + 2) * maxPoints, curves * maxPoints);
    if (!q) return { vaporFraction: beta, TF: [], psia: [], complete: false, stopReason: 'no starting point at startPsia' };
    const within = q.points.filter((p) => p.P <= OPTIONS.pMax);
    return { vaporFraction: beta, TF: within.map((p) => fFromKelvin(p.T)), psia: within.map((p) => psiaFromPa(p.P)), complete: q.complete, stopReason: why(q.stopReason) };
  });
  const pt = (s: SpecialPoint | null) => (s ? { TF: fFromKelvin(s.T), psia: psiaFromPa(s.P) } : null);
  // The point that crossed the pressure limit is where the trace stopped, past the function's domain: not reported.
  const points = env.points.filter((p) => p.P <= OPTIONS.pMax);
  const unstable = unstableEnvelopePoints(fluid, z, points);
  if (unstable.length) {
    const tf = unstable.map((u) => fFromKelvin(points[u.index]!.T));
    const tm = Math.min(...unstable.map((u) => u.tm));
    warnings.push(
      `${unstable.length} of the ${points.length} envelope points (between ${Math.min(...tf).toFixed(2)} and ${Math.max(...tf).toFixed(2)} degF) are not on the phase boundary: ` +
        `the feed is unstable there (tangent plane distance down to ${tm.toExponential(2)}; a flash there gives two phases), as where a second liquid forms; ` +
        'the engine is two-phase, so the curve there is a metastable saturation line and the boundary lies elsewhere (eos.flash and eos.saturationPressure at that temperature find it)',
    );
  }
  return {
    TF: points.map((p) => fFromKelvin(p.T)),
    psia: points.map((p) => psiaFromPa(p.P)),
    kind: points.map((p) => (p.kind === 'bubble' ? ('bubble' as const) : ('dew' as const))),
    critical: pt(env.critical),
    cricondenbar: pt(env.cricondenbar),
    cricondentherm: pt(env.cricondentherm),
    complete: env.complete,
    stopReason,
    qualityLines: lines,
    newtonIterations: env.newtonIterations,
  };
}
