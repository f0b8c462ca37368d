/**
 * The gravity-based pseudo-critical methods shared by the gas functions (pvt.gasPseudoPressure,
 * pvt.gasPseudoCritical, gas.*), with the same names and behaviour as pvt.gasProperties:
 * 'PiperMcCainCorredor' (default) and 'SuttonWichertAziz'. Each method's equations, validity and
 * references are in its own module.
 */
import { requireNaturalGas } from './domain.js';
import type { GasImpurities, PseudoCriticals } from './nonHydrocarbons.js';
import { piperMcCainCorredor } from './piperMcCainCorredor.js';
import { suttonWichertAziz } from './suttonWichertAziz.js';

export const PC_METHODS = ['PiperMcCainCorredor', 'SuttonWichertAziz'] as const;
export type PcMethod = (typeof PC_METHODS)[number];

/** Pseudo-criticals of a natural gas (its gravity and CO2/H2S/N2 checked against engine/pvt/correlations/domain.ts). */
export function pseudoCriticalsBy(method: PcMethod, gasSG: number, y: GasImpurities, warnings: string[]): PseudoCriticals {
  requireNaturalGas(gasSG, y);
  return method === 'SuttonWichertAziz' ? suttonWichertAziz(gasSG, y, warnings) : piperMcCainCorredor(gasSG, y, warnings);
}
