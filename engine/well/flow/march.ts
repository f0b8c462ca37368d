/**
 * Pressure along the string by marching in measured depth: each section is cut into steps of
 * at most 100 ft and at most 100 steps (a longer section: L/100 per step), at most 1000 steps in
 * all (many short segments share them in proportion to their steps); on each step the
 * gradient is evaluated at the step's mid-depth temperature and the average of the step's end
 * pressures, iterated predictor–corrector (start from the gradient at the entry pressure; at most
 * 4 passes, until the exit pressure moves less than 0.05 psi); a step whose gradient changes by
 * more than 20% across it, or whose passes do not settle, is marched again in 10 substeps (near a
 * low-pressure wellhead the gradient can triple within 100 ft). PVT is evaluated afresh at every
 * pass (fluids.ts). Marching 'down' gives the bottom-hole pressure from the tubing-head pressure;
 * 'up' the tubing-head pressure from the bottom-hole pressure (the same balance integrated the
 * other way). A step whose pressure falls below atmospheric, whose gas would pass its speed of
 * sound (the flow chokes), or whose gradient is not finite, ends the march with no answer for
 * that rate.
 */
import type { Section } from './geometry.js';
import { tvdOf } from './geometry.js';
import { MAX_PSIA } from '../domain.js';
import type { Stream } from './fluids.js';
import { G, IN2_PER_FT2, type FlowState, type GradientCorrelation } from './state.js';

const MAX_STEP_FT = 100;
const MAX_STEPS_PER_SECTION = 100;
/** Bounds the work of one rate and the size of a profile (5 rates x 1001 points x 7 columns). */
const MAX_STEPS = 1000;
const MAX_PASSES = 4;
const PASS_TOL_PSI = 0.05;
/** A step whose gradient changes by more than this fraction across it is marched again in SUBSTEPS pieces. */
const SPLIT_CHANGE = 0.2;
const SUBSTEPS = 10;
const P_MIN = 14.696;

export interface ProfilePoint {
  mdFt: number;
  tvdFt: number;
  psia: number;
  TF: number;
  holdup: number;
  regime: string;
  dpdzPsiFt: number;
}

export interface MarchInput {
  sections: Section[];
  whtF: number;
  bhtF: number;
  correlation: GradientCorrelation;
  stream: Stream;
  startPsia: number;
  direction: 'down' | 'up';
  profile: boolean;
}

export interface MarchResult {
  endPsia: number | null;
  reason?: string;
  profile?: ProfilePoint[];
}

interface Step {
  section: Section;
  mdTop: number;
  tvdTop: number;
  dMd: number;
  dTvd: number;
  tMid: number;
  tTop: number;
  tBottom: number;
}

/** Steps from the wellhead down, with their temperatures (linear in TVD). */
function stepsOf(sections: Section[], whtF: number, bhtF: number): Step[] {
  const totalTvd = sections.reduce((a, s) => a + tvdOf(s), 0);
  const tAt = (tvd: number) => (totalTvd > 0 ? whtF + ((bhtF - whtF) * tvd) / totalTvd : whtF);
  const steps: Step[] = [];
  const wanted = sections.map((s) => Math.min(MAX_STEPS_PER_SECTION, Math.max(1, Math.ceil(s.mdFt / MAX_STEP_FT))));
  const total = wanted.reduce((a, n) => a + n, 0);
  const counts = total > MAX_STEPS ? wanted.map((n) => Math.max(1, Math.floor((n * MAX_STEPS) / total))) : wanted;
  let md = 0;
  let tvd = 0;
  for (const [k, section] of sections.entries()) {
    const n = counts[k] as number;
    const dMd = section.mdFt / n;
    const dTvd = tvdOf(section) / n;
    for (let i = 0; i < n; i++) {
      const top = tvd + i * dTvd;
      steps.push({ section, mdTop: md + i * dMd, tvdTop: top, dMd, dTvd, tMid: tAt(top + dTvd / 2), tTop: tAt(top), tBottom: tAt(top + dTvd) });
    }
    md += section.mdFt;
    tvd += tvdOf(section);
  }
  return steps;
}

export function march(m: MarchInput): MarchResult {
  const steps = stepsOf(m.sections, m.whtF, m.bhtF);
  const ordered = m.direction === 'down' ? steps : [...steps].reverse();
  const sign = m.direction === 'down' ? 1 : -1;
  const profile: ProfilePoint[] = [];
  const state: FlowState = { p: 0, T: 0, vsl: 0, vsg: 0, vm: 0, lambdaL: 0, rhoL: 0, rhoG: 0, rhoNs: 0, muL: 0, muG: 0, sigma: 0, d: 0, roughness: 0, theta: 0 };
  const scratch: FlowState = { ...state };
  let p = m.startPsia;
  for (const st of ordered) {
    const d = st.section.idIn / 12;
    const area = (Math.PI / 4) * d * d;
    const theta = ((90 - st.section.deviationDeg) * Math.PI) / 180;
    const roughness = st.section.roughnessIn / 12;
    let last = { dpdz: 0, holdup: 0, regime: '' };
    state.d = d;
    state.roughness = roughness;
    state.theta = theta;
    let first = NaN;
    let settled = false;
    /** The exit pressure of dMd from pStart at temperature T (predictor–corrector), or why there is none. */
    const advance = (pStart: number, dMd: number, T: number): number | MarchResult => {
      let pEnd = pStart;
      settled = false;
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const pAvg = (pStart + pEnd) / 2;
        if (!(pAvg >= P_MIN)) return { endPsia: null, reason: `pressure fell below atmospheric at ${st.mdTop.toFixed(0)} ft MD` };
        // Past the fluid correlations' domain: the string cannot carry this rate (friction), not a PVT failure.
        if (!(pAvg <= MAX_PSIA)) return { endPsia: null, reason: `pressure passed ${MAX_PSIA} psia at ${st.mdTop.toFixed(0)} ft MD: the string is too restrictive for this rate` };
        m.stream(pAvg, T, area, state);
        const choked = chokedAt(state, m.stream, area, scratch);
        if (choked) return { endPsia: null, reason: `the flow would be choked at ${st.mdTop.toFixed(0)} ft MD (${pAvg.toFixed(1)} psia): ${choked}` };
        last = m.correlation(state);
        if (pass === 0) first = last.dpdz;
        const next = pStart + sign * last.dpdz * dMd;
        if (!Number.isFinite(next)) return { endPsia: null, reason: `no finite pressure gradient at ${st.mdTop.toFixed(0)} ft MD (${pAvg.toFixed(1)} psia): ${last.regime}` };
        const moved = Math.abs(next - pEnd);
        pEnd = next;
        if (moved < PASS_TOL_PSI) {
          settled = true;
          break;
        }
      }
      return pEnd;
    };
    const whole = advance(p, st.dMd, st.tMid);
    if (typeof whole !== 'number') return whole;
    let pEnd = whole;
    // The gradient changing by more than SPLIT_CHANGE across the step (near a low-pressure
    // wellhead, where Ek approaches 1), or passes that did not settle: the step again in SUBSTEPS.
    if (!settled || Math.abs(last.dpdz - first) > SPLIT_CHANGE * Math.abs(first)) {
      const tIn = m.direction === 'down' ? st.tTop : st.tBottom;
      const tOut = m.direction === 'down' ? st.tBottom : st.tTop;
      let q = p;
      for (let k = 0; k < SUBSTEPS; k++) {
        const r = advance(q, st.dMd / SUBSTEPS, tIn + ((tOut - tIn) * (k + 0.5)) / SUBSTEPS);
        if (typeof r !== 'number') return r;
        q = r;
      }
      pEnd = q;
    }
    if (m.profile) {
      const topFirst = m.direction === 'down';
      if (profile.length === 0) profile.push(point(topFirst ? st.mdTop : st.mdTop + st.dMd, topFirst ? st.tvdTop : st.tvdTop + st.dTvd, p, topFirst ? st.tTop : st.tBottom, last));
      profile.push(point(topFirst ? st.mdTop + st.dMd : st.mdTop, topFirst ? st.tvdTop + st.dTvd : st.tvdTop, pEnd, topFirst ? st.tBottom : st.tTop, last));
    }
    if (!(pEnd >= P_MIN)) return { endPsia: null, reason: `pressure fell below atmospheric at ${st.mdTop.toFixed(0)} ft MD` };
    if (!(pEnd <= MAX_PSIA)) return { endPsia: null, reason: `pressure passed ${MAX_PSIA} psia at ${(st.mdTop + st.dMd).toFixed(0)} ft MD: the string is too restrictive for this rate` };
    p = pEnd;
  }
  return m.profile ? { endPsia: p, profile: m.direction === 'down' ? profile : profile.reverse() } : { endPsia: p };
}

/**
 * The heat-capacity ratio cp/cv taken for the gas's speed of sound: 2, above natural gas's
 * 1.2-1.9 in tubing conditions, so that with the gas's own isothermal dp/drho (its z, which at
 * high pressure raises it well above p/rho) the estimate is an upper one: no rate that can flow
 * is refused by it.
 */
const SONIC_CP_CV = 2;
/** Below this fraction of sqrt(p/rho) the gas is far slower than sound: not looked at further. */
const SONIC_SCREEN = 0.5;

/**
 * Why no steady flow can carry this rate here, or null: the gas moving through the pipe (its
 * superficial velocity; its own in-situ velocity is higher still) at or above its speed of sound,
 * sqrt(cp/cv (dp/drho)_T). A pipe of constant area cannot pass gas faster than sound (the flow
 * chokes at Mach 1; with liquid present the mixture's speed of sound is lower still: Wood 1930),
 * so the pressure the correlations would give there is no pressure a well can have. The audit's
 * case: 20 MMscf/d at 20 psia in 1.995 in tubing moves at ~8,000 ft/s against ~1,400 ft/s.
 * (dp/drho)_T is the stream's own gas density at 1.0001 p (`scratch` receives it).
 */
function chokedAt(s: FlowState, stream: Stream, area: number, scratch: FlowState): string | null {
  if (!(s.vsg > 0) || !(s.rhoG > 0)) return null;
  const pOverRho = (s.p * IN2_PER_FT2 * G) / s.rhoG; // ft2/s2
  if (s.vsg < SONIC_SCREEN * Math.sqrt(pOverRho)) return null;
  const dp = s.p * 1e-4;
  stream(s.p + dp, s.T, area, scratch);
  const dRho = scratch.rhoG - s.rhoG;
  // A density that does not rise with pressure gives no derivative: then nothing is refused.
  if (!(dRho > 0)) return null;
  const sonic = Math.sqrt((SONIC_CP_CV * dp * IN2_PER_FT2 * G) / dRho);
  if (s.vsg < sonic) return null;
  return `the gas would move at ${s.vsg.toFixed(0)} ft/s, above its speed of sound (at most ${sonic.toFixed(0)} ft/s): the string cannot pass this rate at this pressure`;
}

function point(mdFt: number, tvdFt: number, psia: number, TF: number, g: { dpdz: number; holdup: number; regime: string }): ProfilePoint {
  return { mdFt, tvdFt, psia, TF, holdup: g.holdup, regime: g.regime, dpdzPsiFt: g.dpdz };
}
