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
import { gasViscosityLGE, type LgeMethod } from '../../pvt/correlations/gasViscosityLGE.js';
import { MW_AIR, R_GAS, RANKINE_OFFSET, type GasImpurities } from '../../pvt/correlations/nonHydrocarbons.js';
import { pseudoCriticalsBy, type PcMethod } from '../../pvt/correlations/pcMethods.js';
import { integrate } from '../../pvt/correlations/quadrature.js';
import { zBy, type ZMethod } from '../../pvt/correlations/zMethods.js';
import type { FlowRegime, RadialReservoir } from './oilInflow.js';
import { radialTerm } from './oilInflow.js';

export const GAS_DARCY_FIELD = 1422;

export interface GasFluid {
  gasSG: number;
  yCO2?: number;
  yH2S?: number;
  yN2?: number;
  zMethod?: ZMethod;
  pcMethod?: PcMethod;
  viscosityMethod?: LgeMethod;
}

/** m(p2) - m(p1) at temperature TF (psia^2/cp). */
export function pseudoPressureDelta(gas: GasFluid, TF: number, p1: number, p2: number, warnings: string[]): number {
  const tR = TF + RANKINE_OFFSET;
  if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${TF} degF is at or below absolute zero`);
  const y: GasImpurities = { yCO2: gas.yCO2 ?? 0, yH2S: gas.yH2S ?? 0, yN2: gas.yN2 ?? 0 };
  if (y.yCO2 + y.yH2S + y.yN2 > 1 + 1e-9) throw new EngineFailure('invalid_input', 'yCO2 + yH2S + yN2 exceeds 1');
  const pc = pseudoCriticalsBy(gas.pcMethod ?? 'PiperMcCainCorredor', gas.gasSG, y, warnings);
  const mw = MW_AIR * gas.gasSG;
  const tpr = tR / pc.tpc;
  const method = gas.zMethod ?? 'DAK';
  const visc = gas.viscosityMethod ?? 'LGE-McCain';
  const f = (p: number) => {
    if (p <= 0) return 0;
    const z = zBy(method, p / pc.ppc, tpr).z;
    return (2 * p) / (gasViscosityLGE(visc, tR, (p * mw) / (z * R_GAS * tR), mw) * z);
  };
  return integrate(f, p1, p2, 1e-9);
}

/** Gas rate (Mscf/d) for a pseudo-pressure drawdown dm. */
export function gasRateFromDm(r: RadialReservoir, TF: number, dm: number, dNonDarcy: number, regime: FlowRegime): number {
  const l = radialTerm(r, regime);
  const k = (r.kMd * r.hFt * dm) / (GAS_DARCY_FIELD * (TF + RANKINE_OFFSET));
  if (k <= 0) return 0;
  return (2 * k) / (l + Math.sqrt(l * l + 4 * dNonDarcy * k));
}
