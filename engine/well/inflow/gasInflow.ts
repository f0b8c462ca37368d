/**
 * Gas inflow by real-gas pseudo-pressure with a rate-dependent (non-Darcy) skin:
 *
 *   q = k h [m(pr) - m(pwf)] / (1422 T (ln(re/rw) - 0.75 + S + D q))        (Mscf/d; T degR)
 *
 * quadratic in q: D q^2 + L q - K = 0 with L = ln(re/rw) - 0.75 + S (steady state: - 0.5) and
 * K = k h dm/(1422 T), so q = 2K/(L + sqrt(L^2 + 4 D K)) (the stable form of the positive root).
 * m(p) = 2 integral p/(mu z) dp with z, pseudo-criticals and viscosity as pvt.gasPseudoPressure
 * (DAK or HY; Piper–McCain–Corredor or Sutton/Wichert–Aziz; LGE), integrated by adaptive
 * Gauss–Legendre (engine/pvt/correlations/quadrature.ts).
 *
 * References:
 * - Al-Hussainy, R., Ramey, H.J. Jr. and Crawford, P.B. (1966) The Flow of Real Gases Through
 *   Porous Media. JPT 18(5), 624-636. SPE-1243-A-PA.
 * - Lee, W.J. and Wattenbarger, R.A. (1996) Gas Reservoir Engineering. SPE Textbook Series 5, Ch. 7
 *   (1422 constant, non-Darcy skin D q).
 */
import { EngineFailure } from '../../failure.js';
import { RANKINE_OFFSET } from '../../pvt/correlations/nonHydrocarbons.js';
import { dryGas, type GasDescription } from '../../pvt/correlations/dryGas.js';
import { integrate } from '../../pvt/correlations/quadrature.js';
import type { FlowRegime, RadialReservoir } from './oilInflow.js';
import { radialTerm } from './oilInflow.js';

export const GAS_DARCY_FIELD = 1422;

/** The gas of a gas-well inflow: the shared dry-gas description. */
export type GasFluid = GasDescription;

/** m(p2) - m(p1) at temperature TF (psia^2/cp). */
export function pseudoPressureDelta(gas: GasFluid, TF: number, p1: number, p2: number, warnings: string[]): number {
  const tR = TF + RANKINE_OFFSET;
  if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${TF} degF is at or below absolute zero`);
  return integrate(dryGas(gas, warnings).pseudoPressureIntegrand(tR), p1, p2, 1e-9);
}

/** Gas rate (Mscf/d) for a pseudo-pressure drawdown dm. */
export function gasRateFromDm(r: RadialReservoir, TF: number, dm: number, dNonDarcy: number, regime: FlowRegime): number {
  const l = radialTerm(r, regime);
  const k = (r.kMd * r.hFt * dm) / (GAS_DARCY_FIELD * (TF + RANKINE_OFFSET));
  if (k <= 0) return 0;
  return (2 * k) / (l + Math.sqrt(l * l + 4 * dNonDarcy * k));
}
