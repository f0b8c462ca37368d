/**
 * Isothermal PT flash of a feed: stability analysis first (stability.ts), then, when the feed
 * is unstable, the two-phase split (split.ts); phases labelled by density (the lighter is the
 * vapour) and a single phase by the phase identification parameter of Venkatarathnam &
 * Oellrich (2011): PIP > 1 liquid-like, else vapour-like. Components absent from the feed
 * (z_i below TRACE_FRACTION, constants.ts) are left out of the problem and reported with zero
 * mole fractions; their K is the infinite-dilution ratio phi_i^L / phi_i^V.
 *
 * A split that does not lower the Gibbs energy below the feed's, or that collapses onto the
 * feed, is reported as one phase. A split that does not converge within its iteration limits is
 * reported with converged = false and its residual max |ln f_i^V - ln f_i^L|.
 *
 * Units: SI (K, Pa, m3/mol, kg/m3). Validity: two phases at most (no three-phase search).
 *
 * References:
 * - Michelsen (1982a, 1982b), see stability.ts and split.ts.
 * - Venkatarathnam, G. and Oellrich, L.R. (2011) Identification of the phase of a fluid using
 *   partial derivatives of pressure, volume, and temperature without reference to saturation
 *   properties: Applications in phase equilibria calculations. Fluid Phase Equilib. 301(2),
 *   225-233.
 */
import { TRACE_FRACTION } from './constants.js';
import { subsetFluid, type Fluid } from './fluid.js';
import { PhaseModel, type Phase } from './phase.js';
import { stabilityTest } from './stability.js';
import { twoPhaseSplit } from './split.js';
import { phaseGibbs } from './split.js';

export interface FlashPhase {
  /** Mole fractions over every component of the fluid. */
  x: Float64Array;
  Z: number;
  /** Molar volume with the Peneloux shift (if on), m3/mol. */
  V: number;
  /** Molar mass, g/mol. */
  mw: number;
  /** Mass density (shifted volume), kg/m3. */
  density: number;
  /** The EOS phase of the reduced problem (unshifted), for further properties. */
  phase: Phase;
  model: PhaseModel;
}

export interface FlashOutcome {
  phases: 1 | 2;
  /** Single phase: 'liquid' or 'vapour' by PIP; two phases: 'two-phase'. */
  state: 'liquid' | 'vapour' | 'two-phase';
  /** Mole fraction of the lighter phase (1 or 0 for a single vapour or liquid). */
  vaporFraction: number;
  converged: boolean;
  residual: number;
  stabilityIterations: number;
  ssIterations: number;
  newtonIterations: number;
  /** Lowest tangent plane distance found by the stability test. */
  tm: number;
  single: (FlashPhase & { pip: number }) | null;
  liquid: FlashPhase | null;
  vapour: FlashPhase | null;
  /** y_i / x_i over every component (two phases), else null. */
  K: Float64Array | null;
}

/** A fluid at one temperature, reusable for many flashes at that T. */
export class Isotherm {
  readonly pm: PhaseModel;
  private readonly reduced = new Map<string, PhaseModel>();
  constructor(readonly fluid: Fluid, readonly T: number) {
    this.pm = new PhaseModel(fluid.atTemperature(T, true));
  }

  /** The model over the components present in z (the full one when all are). */
  modelFor(z: ArrayLike<number>): { pm: PhaseModel; keep: number[] | null } {
    const keep: number[] = [];
    for (let i = 0; i < this.fluid.n; i++) if (z[i]! >= TRACE_FRACTION) keep.push(i);
    if (keep.length === this.fluid.n) return { pm: this.pm, keep: null };
    const key = keep.join(',');
    let pm = this.reduced.get(key);
    if (!pm) {
      pm = new PhaseModel(subsetFluid(this.fluid, keep).atTemperature(this.T, true));
      this.reduced.set(key, pm);
    }
    return { pm, keep };
  }
}

export function flashPT(iso: Isotherm, zIn: ArrayLike<number>, P: number): FlashOutcome | null {
  const { pm, keep } = iso.modelFor(zIn);
  const z = keep ? Float64Array.from(keep, (i) => zIn[i]!) : Float64Array.from(zIn as ArrayLike<number>);
  normalise(z);
  const feed = pm.evaluate(z, P, 'gibbs');
  if (!feed) return null;
  const stab = stabilityTest(pm, z, P, feed);
  const base = { stabilityIterations: stab.iterations, tm: stab.tm };
  if (!stab.stable && stab.trial) {
    // From the deepest unstable trial; should that split collapse onto the feed, from the next.
    let s = twoPhaseSplit(pm, z, P, startK(z, stab.unstableTrials[0]!));
    let ss = s.ssIterations;
    let nt = s.newtonIterations;
    const feedGibbs = phaseGibbs(feed);
    const good = (x: typeof s) => x.status === 'two-phase' && x.L !== null && x.V !== null && x.beta > 0 && x.beta < 1 && (x.gibbs < feedGibbs - 1e-14 || !x.converged);
    for (const t of stab.unstableTrials.slice(1, 3)) {
      if (good(s)) break;
      s = twoPhaseSplit(pm, z, P, startK(z, t));
      ss += s.ssIterations;
      nt += s.newtonIterations;
    }
    // Near a critical point the split from one stationary point (the feed plus a trace of the
    // incipient phase, beta at 0 or 1) can crawl: substitution converges slowly and Newton starts
    // where the Gibbs energy is not convex. When the stability test found both a lighter and a
    // denser stationary point, their ratio K_i = w_i(lighter) / w_i(denser) is a start on both
    // sides of the feed (Michelsen & Mollerup 2007, ch. 10: initial estimates from stability
    // analysis); its answer replaces an unconverged one when it converges.
    if (!s.converged) {
      const both = twoStationaryK(stab.unstableTrials);
      if (both) {
        const s2 = twoPhaseSplit(pm, z, P, both);
        ss += s2.ssIterations;
        nt += s2.newtonIterations;
        if (s2.converged && good(s2)) s = s2;
      }
    }
    s = { ...s, ssIterations: ss, newtonIterations: nt };
    if (good(s) && s.L && s.V) {
      const a = describe(iso, pm, s.L, keep);
      const b = describe(iso, pm, s.V, keep);
      const [liq, vap, beta] = a.density >= b.density ? [a, b, s.beta] : [b, a, 1 - s.beta];
      const K = equilibriumRatios(liq, vap, keep);
      if (keep) fillDiluteK(iso, liq, vap, K, P);
      return {
        ...base,
        phases: 2,
        state: 'two-phase',
        vaporFraction: beta,
        converged: s.converged,
        residual: s.residual,
        ssIterations: s.ssIterations,
        newtonIterations: s.newtonIterations,
        single: null,
        liquid: liq,
        vapour: vap,
        K,
      };
    }
    return singlePhase(iso, pm, feed, keep, { ...base, ssIterations: s.ssIterations, newtonIterations: s.newtonIterations });
  }
  return singlePhase(iso, pm, feed, keep, { ...base, ssIterations: 0, newtonIterations: 0 });
}

/** ln K_i = ln w_i(lighter) - ln w_i(denser) from the deepest lighter and denser unstable trials, or null when the test found only one kind. */
function twoStationaryK(trials: readonly { w: Float64Array; lighter: boolean }[]): Float64Array | null {
  const light = trials.find((t) => t.lighter);
  const dense = trials.find((t) => !t.lighter);
  if (!light || !dense) return null;
  return Float64Array.from(light.w, (wi, i) => Math.log(wi) - Math.log(dense.w[i]!));
}

/** ln K from an unstable trial phase: the trial is the vapour (or the liquid) against the feed. */
function startK(z: Float64Array, t: { w: Float64Array; lighter: boolean }): Float64Array {
  const lnK = new Float64Array(z.length);
  for (let i = 0; i < z.length; i++) {
    const r = Math.log(t.w[i]!) - Math.log(z[i]!);
    lnK[i] = t.lighter ? r : -r;
  }
  return lnK;
}

function singlePhase(iso: Isotherm, pm: PhaseModel, feed: Phase, keep: number[] | null, it: { stabilityIterations: number; tm: number; ssIterations: number; newtonIterations: number }): FlashOutcome {
  const ph = describe(iso, pm, feed, keep);
  const pip = pm.pip(feed);
  const state = pip > 1 ? 'liquid' : 'vapour';
  return {
    ...it,
    phases: 1,
    state,
    vaporFraction: state === 'vapour' ? 1 : 0,
    converged: true,
    residual: 0,
    single: { ...ph, pip },
    liquid: null,
    vapour: null,
    K: null,
  };
}

function describe(iso: Isotherm, pm: PhaseModel, ph: Phase, keep: number[] | null): FlashPhase {
  const fl = iso.fluid;
  const x = new Float64Array(fl.n);
  if (keep) keep.forEach((k, i) => (x[k] = ph.x[i]!));
  else x.set(ph.x);
  const mw = fl.molarMass(x);
  const V = ph.V - fl.shiftVolume(x);
  return { x, Z: ph.Z, V, mw, density: (mw / 1000) / V, phase: ph, model: pm };
}

/**
 * y_i / x_i of the components in the feed; where a trace component's x_i or y_i has underflowed
 * (z_i near the smallest double, or |ln K| beyond ~700), phi_i^L / phi_i^V of the two phases, which
 * equals it at equilibrium. Absent components (not in `keep`) are left 0 for fillDiluteK.
 */
function equilibriumRatios(liq: FlashPhase, vap: FlashPhase, keep: number[] | null): Float64Array {
  const K = new Float64Array(liq.x.length);
  const idx = keep ?? Array.from(liq.x, (_, i) => i);
  idx.forEach((full, j) => {
    const x = liq.x[full]!;
    const y = vap.x[full]!;
    const k = y / x;
    K[full] = x > 0 && y > 0 && k > 0 && Number.isFinite(k) ? k : Math.exp(liq.phase.lnPhi[j]! - vap.phase.lnPhi[j]!);
  });
  return K;
}

/** K of components absent from the feed: phi_i^L / phi_i^V at infinite dilution in each phase. */
function fillDiluteK(iso: Isotherm, liq: FlashPhase, vap: FlashPhase, K: Float64Array, P: number): void {
  const L = iso.pm.evaluate(liq.x, P, liq.phase.Z < vap.phase.Z ? 'liquid' : 'vapour');
  const V = iso.pm.evaluate(vap.x, P, liq.phase.Z < vap.phase.Z ? 'vapour' : 'liquid');
  if (!L || !V) return;
  for (let i = 0; i < K.length; i++) if (!(liq.x[i]! > 0)) K[i] = Math.exp(L.lnPhi[i]! - V.lnPhi[i]!);
}

function normalise(z: Float64Array): void {
  let s = 0;
  for (const v of z) s += v;
  for (let i = 0; i < z.length; i++) z[i] = z[i]! / s;
}
