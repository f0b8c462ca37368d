/**
 * One well's outflow (VLP) model, shared by well.vlp and well.nodal: the flow path, the
 * temperature profile, the fluid stream for a rate and the gradient correlation by method.
 */
import { EngineFailure } from '../../failure.js';
import { beggsBrill } from './beggsBrill.js';
import { dryGas } from './dryGas.js';
import { gasWellStream, oilWellRangeWarnings, oilWellStream, type GasWellInput, type OilWellInput, type Stream } from './fluids.js';
import { MAX_CHART_RELATIVE_ROUGHNESS, sectionsOf, type GeometryInput, type Section } from './geometry.js';
import { gray } from './gray.js';
import { hagedornBrown } from './hagedornBrown.js';
import { march, type MarchResult } from './march.js';
import type { GradientCorrelation } from './state.js';
import { woldesemayatGhajar } from './woldesemayatGhajar.js';

export const VLP_METHODS = ['BeggsBrill', 'HagedornBrown', 'Gray', 'WoldesemayatGhajar', 'CullenderSmith'] as const;
export type VlpMethod = (typeof VLP_METHODS)[number];

const CORRELATIONS: Record<VlpMethod, GradientCorrelation> = {
  BeggsBrill: beggsBrill,
  HagedornBrown: hagedornBrown,
  Gray: gray,
  WoldesemayatGhajar: woldesemayatGhajar,
  CullenderSmith: dryGas,
};

/** Methods built for vertical flow: warn above this deviation. */
const VERTICAL_METHODS: readonly VlpMethod[] = ['HagedornBrown', 'Gray'];
const VERTICAL_LIMIT_DEG = 30;

export type WellFluidInput = Omit<GasWellInput, 'qgMMscfd'> & Partial<Omit<OilWellInput, 'qLiquidStbd' | keyof GasWellInput>> & { gorScfStb?: number; api?: number };

export interface VlpWell {
  wellType: 'gas' | 'oil';
  method: VlpMethod;
  sections: Section[];
  whtF: number;
  bhtF: number;
  fluid: WellFluidInput;
}

export function vlpWell(input: GeometryInput & { whtF: number; bhtF: number; wellType: 'gas' | 'oil'; vlpMethod?: VlpMethod } & WellFluidInput, warnings: string[]): VlpWell {
  const sections = sectionsOf(input);
  const method = input.vlpMethod ?? 'BeggsBrill';
  const maxRel = Math.max(...sections.map((s) => s.roughnessIn / s.idIn));
  if (maxRel > MAX_CHART_RELATIVE_ROUGHNESS) warnings.push(`relative roughness ${maxRel.toPrecision(3)} is above the Moody chart's ${MAX_CHART_RELATIVE_ROUGHNESS} (Colebrook's data range): the friction factor is extrapolated`);
  const maxDev = Math.max(...sections.map((s) => s.deviationDeg));
  if (VERTICAL_METHODS.includes(method) && maxDev > VERTICAL_LIMIT_DEG) {
    warnings.push(`${method} was built for vertical wells; the string deviates up to ${maxDev.toFixed(1)} degrees (> ${VERTICAL_LIMIT_DEG}): prefer BeggsBrill or WoldesemayatGhajar`);
  }
  if (input.wellType === 'oil') {
    if (input.api === undefined || input.gorScfStb === undefined) throw new EngineFailure('invalid_input', 'an oil well needs api and gorScfStb');
    if (method === 'CullenderSmith') throw new EngineFailure('invalid_input', 'CullenderSmith is a dry-gas method: use it for gas wells');
    if (method === 'Gray') warnings.push('Gray (1974) was built for gas wells with little liquid; for oil wells prefer HagedornBrown or BeggsBrill');
    // The black-oil correlations' own data ranges, as pvt.oilProperties warns of them.
    warnings.push(...oilWellRangeWarnings(input as Omit<OilWellInput, 'qLiquidStbd'>, { whtF: input.whtF, bhtF: input.bhtF }));
  } else {
    const liquids = (input.cgrStbPerMMscf ?? 0) > 0 || (input.qwStbd ?? 0) > 0;
    if (method === 'CullenderSmith' && liquids) warnings.push('CullenderSmith treats the gas as dry: the condensate and water rates are ignored');
    if (method === 'Gray' && (input.cgrStbPerMMscf ?? 0) > 50) warnings.push(`Gray (1974) data had condensate-gas ratios below 50 STB/MMscf (given ${input.cgrStbPerMMscf})`);
    if (method === 'Gray' && Math.max(...sections.map((s) => s.idIn)) > 3.5) warnings.push('Gray (1974) data had tubing up to 3.5 in ID');
  }
  return { wellType: input.wellType, method, sections, whtF: input.whtF, bhtF: input.bhtF, fluid: input };
}

/** The fluid stream of the well at one rate (MMscf/d gas or STB/d liquid). */
export function streamAt(well: VlpWell, rate: number, warnings: string[]): Stream {
  if (well.wellType === 'gas') {
    const fluid = well.method === 'CullenderSmith' ? { ...well.fluid, cgrStbPerMMscf: 0, qwStbd: 0 } : well.fluid;
    return gasWellStream({ ...fluid, qgMMscfd: rate }, warnings);
  }
  return oilWellStream({ ...(well.fluid as OilWellInput), qLiquidStbd: rate }, warnings);
}

export function bottomHolePressure(well: VlpWell, rate: number, thp: number, warnings: string[], profile = false): MarchResult {
  return march({ sections: well.sections, whtF: well.whtF, bhtF: well.bhtF, correlation: CORRELATIONS[well.method], stream: streamAt(well, rate, warnings), startPsia: thp, direction: 'down', profile });
}

export function tubingHeadPressure(well: VlpWell, rate: number, bhp: number, warnings: string[], profile = false): MarchResult {
  return march({ sections: well.sections, whtF: well.whtF, bhtF: well.bhtF, correlation: CORRELATIONS[well.method], stream: streamAt(well, rate, warnings), startPsia: bhp, direction: 'up', profile });
}
