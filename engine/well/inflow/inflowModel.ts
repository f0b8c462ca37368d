/**
 * An inflow relation as the nodal solver needs it: rate at a pwf and pwf at a rate, over
 * [pMin, pr]. Liquid rates STB/d; gas rates MMscf/d (well.nodal's unit; the IPR formula is Mscf/d).
 *
 * The gas curve tabulates m(p) once on 256 pressures uniform in p^2 (each interval by adaptive
 * Gauss–Legendre) and interpolates p^2 linearly in m — m(p) is close to p^2/(mu z), so the
 * interpolation error is far below the z and viscosity correlations' (~1%). The inverse of any
 * relation is bisection on the monotone forward relation (<= 100 halvings to 1e-9 psia).
 */
import { EngineFailure } from '../../failure.js';
import { P_SC, RANKINE_OFFSET } from '../../pvt/correlations/nonHydrocarbons.js';
import { GAS_DARCY_FIELD, pseudoPressureDelta, type GasFluid } from './gasInflow.js';
import { radialTerm, type FlowRegime, type RadialReservoir } from './oilInflow.js';

export interface InflowModel {
  pr: number;
  /** Lowest flowing pressure of the curve (0 liquid, 14.696 psia gas). */
  pMin: number;
  rate(pwf: number): number;
  pwf(rate: number): number;
}

export function inverseByBisection(rate: (p: number) => number, pMin: number, pr: number): (q: number) => number {
  return (q) => {
    if (q <= 0) return pr;
    if (q >= rate(pMin)) return pMin;
    let lo = pMin;
    let hi = pr;
    for (let i = 0; i < 100 && hi - lo > 1e-9; i++) {
      const mid = (lo + hi) / 2;
      if (rate(mid) > q) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
}

export function liquidInflow(pr: number, rate: (pwf: number) => number): InflowModel {
  return { pr, pMin: 0, rate, pwf: inverseByBisection(rate, 0, pr) };
}

const NODES = 256;

export function gasInflow(r: RadialReservoir, TF: number, pr: number, gas: GasFluid, dNonDarcy: number, regime: FlowRegime, warnings: string[]): InflowModel {
  const p2 = Array.from({ length: NODES + 1 }, (_, i) => P_SC * P_SC + ((pr * pr - P_SC * P_SC) * i) / NODES);
  const ps = p2.map(Math.sqrt);
  const m: number[] = [0];
  for (let i = 1; i <= NODES; i++) m.push((m[i - 1] as number) + pseudoPressureDelta(gas, TF, ps[i - 1] as number, ps[i] as number, warnings));
  const mPr = m[NODES] as number;
  const l = radialTerm(r, regime);
  const k = (r.kMd * r.hFt) / (GAS_DARCY_FIELD * (TF + RANKINE_OFFSET));
  const mAt = (p: number) => {
    const x = Math.min(Math.max(p * p, p2[0] as number), pr * pr);
    const i = Math.min(Math.floor(((x - (p2[0] as number)) / (pr * pr - (p2[0] as number))) * NODES), NODES - 1);
    const f = (x - (p2[i] as number)) / ((p2[i + 1] as number) - (p2[i] as number));
    return (m[i] as number) + f * ((m[i + 1] as number) - (m[i] as number));
  };
  const rate = (pwf: number) => {
    const kk = k * (mPr - mAt(Math.max(pwf, P_SC)));
    if (kk <= 0) return 0;
    return (2 * kk) / (l + Math.sqrt(l * l + 4 * dNonDarcy * kk)) / 1000;
  };
  if (!(mPr > 0)) throw new EngineFailure('invalid_input', `reservoir pressure ${pr} psia must exceed ${P_SC} psia for a gas well`);
  return { pr, pMin: P_SC, rate, pwf: inverseByBisection(rate, P_SC, pr) };
}
