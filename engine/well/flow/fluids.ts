/**
 * The fluids flowing up the tubing, evaluated at one pressure and temperature as superficial
 * velocities, densities, viscosities and surface tension (FlowState) for a given rate.
 *
 * Gas well (wellType 'gas'): the gas of gasSG (z by zMethod, DAK default, pseudo-criticals by
 * pcMethod, Piper–McCain–Corredor default; viscosity Lee–Gonzalez–Eakin, McCain refit default —
 * engine/pvt/correlations), Bg = psc z T/(Tsc p); condensate at cgrStbPerMMscf as a stock-tank
 * liquid (density 62.37 x SG of condensateApi, viscosity condensateViscosityCp or the Beggs–Robinson
 * dead-oil value of that API at T); water at qwStbd (or wgrStbPerMMscf) with density 62.37 x waterSG,
 * Bw = 1, viscosity McCain (1990) fresh water at p, T. All liquids present from wellhead to
 * bottom (no retrograde dropout model).
 * Oil well (wellType 'oil'): black oil by the pvt.oilProperties method set (default 'ValkoMcCain':
 * Velarde Rs, McCain density and Bo, Beggs–Robinson and Petrosky–Farshad viscosity) at each (p, T)
 * with pbPsia and rsbScfStb fixed along the string; free gas = qo (GOR - Rs(p)) of gasSG as above;
 * water as above. Surface tension: Baker–Swerdloff gas-oil and Jennings–Newman gas-water, mixed by
 * liquid volume fraction (surfaceTension.ts).
 */
import { EngineFailure } from '../../failure.js';
import { dryGas, type GasDescription } from '../../pvt/correlations/dryGas.js';
import { RANKINE_OFFSET } from '../../pvt/correlations/nonHydrocarbons.js';
import { beggsRobinsonDeadOilViscosity } from '../../pvt/oil/correlations/beggsRobinson.js';
import { oilSGFromApi } from '../../pvt/oil/correlations/oilConstants.js';
import { resolveFluid } from '../../pvt/oil/fluid.js';
import { resolveMethods, type MethodSet } from '../../pvt/oil/methods.js';
import { OilModel, type Saturation } from '../../pvt/oil/model.js';
import { mccainViscosity } from '../../pvt/water/mccainWater.js';
import type { FlowState } from './state.js';
import { gasOilTension, gasWaterTension, liquidTension } from './surfaceTension.js';

export const WATER_DENSITY_SC = 62.37;
const FT3_PER_BBL = 5.614583333333333;
const SEC_PER_DAY = 86400;

export type { GasDescription };

/** Density (lbm/ft3), viscosity (cp) and Bg (ft3/scf) of the gas at p, T. */
export interface GasAt {
  rho: number;
  mu: number;
  bg: number;
}

export function gasProps(gas: GasDescription, warnings: string[]): (p: number, T: number) => GasAt {
  const g = dryGas(gas, warnings);
  return (p, T) => {
    const s = g.at(p, T + RANKINE_OFFSET);
    return { rho: s.density, mu: s.viscosity, bg: s.bg };
  };
}

/** A fluid stream: fills `out` (whose d, roughness and theta the caller set) at p, T in a pipe of area `area` ft2. */
export type Stream = (p: number, T: number, area: number, out: FlowState) => void;

export interface GasWellInput extends GasDescription {
  qgMMscfd: number;
  cgrStbPerMMscf?: number;
  qwStbd?: number;
  condensateApi?: number;
  condensateViscosityCp?: number;
  waterSG?: number;
}

/**
 * The streams at a rate: oil and water rates (STB/d) and free gas (scf/d). `shut` is the water
 * fraction of the liquid the well makes per unit rate (oil at its Bo), or null when it makes no
 * liquid: it fills the tubing when nothing flows (a static column, the limit of a vanishing rate:
 * the well's own liquid, or gas for a well without liquid), not a stand-in fluid.
 */
function mix(out: FlowState, p: number, T: number, area: number, gas: GasAt, qgScfd: number, oil: { qStbd: number; bo: number; rho: number; mu: number; sigma: number }, water: { qStbd: number; rho: number; mu: number; sigma: number }, shut: number | null): void {
  const qo = (oil.qStbd * oil.bo * FT3_PER_BBL) / SEC_PER_DAY;
  const qw = (water.qStbd * FT3_PER_BBL) / SEC_PER_DAY;
  const qg = (qgScfd * gas.bg) / SEC_PER_DAY;
  const ql = qo + qw;
  const vsl = ql / area;
  const vsg = qg / area;
  const vm = vsl + vsg;
  // The liquid's water fraction: of the flowing liquid; of the static column when nothing flows;
  // for gas flowing without liquid (no holdup to weigh), water's properties as before.
  const wf = ql > 0 ? qw / ql : vm > 0 || shut === null ? 1 : shut;
  const rhoL = (1 - wf) * oil.rho + wf * water.rho;
  const muL = ql > 0 || (vm === 0 && shut !== null) ? (1 - wf) * oil.mu + wf * water.mu : oil.mu;
  const lambdaL = vm > 0 ? vsl / vm : shut === null ? 0 : 1;
  out.p = p;
  out.T = T;
  out.vsl = vsl;
  out.vsg = vsg;
  out.vm = vm;
  out.lambdaL = lambdaL;
  out.rhoL = rhoL;
  out.rhoG = gas.rho;
  out.rhoNs = lambdaL * rhoL + (1 - lambdaL) * gas.rho;
  out.muL = muL;
  out.muG = gas.mu;
  out.sigma = liquidTension(oil.sigma, water.sigma, wf);
}

export function gasWellStream(input: GasWellInput, warnings: string[]): Stream {
  const gas = gasProps(input, warnings);
  const api = input.condensateApi ?? 45;
  const rhoO = WATER_DENSITY_SC * oilSGFromApi(api);
  const rhoW = WATER_DENSITY_SC * (input.waterSG ?? 1.07);
  const cgr = input.cgrStbPerMMscf ?? 0;
  const qo = cgr * input.qgMMscfd;
  const qw = input.qwStbd ?? 0;
  // Condensate per MMscf against the water given: the liquid a vanishing gas rate would bring (none: gas).
  const shut = qo + qw > 0 ? qw / (qo + qw) : cgr > 0 ? 0 : null;
  return (p, T, area, out) => {
    const muO = input.condensateViscosityCp ?? beggsRobinsonDeadOilViscosity(api, Math.max(T, 1));
    mix(out, p, T, area, gas(p, T), input.qgMMscfd * 1e6, { qStbd: qo, bo: 1, rho: rhoO, mu: muO, sigma: gasOilTension(api, T, p) }, { qStbd: qw, rho: rhoW, mu: mccainViscosity(p, Math.max(T, 1), 0), sigma: gasWaterTension(T, p) }, shut);
  };
}

export interface OilWellInput extends GasDescription {
  qLiquidStbd: number;
  gorScfStb: number;
  waterCut?: number;
  api: number;
  sepGasSG?: number;
  pbPsia?: number;
  rsbScfStb?: number;
  waterSG?: number;
  oilMethodSet?: MethodSet;
}

/** The well's black oil at one temperature: its model and saturation (pb and Rsb fixed along the string). */
function wellOilAt(input: Omit<OilWellInput, 'qLiquidStbd'>, methods: ReturnType<typeof resolveMethods>, TF: number, warnings: string[]): { model: OilModel; sat: Saturation } {
  const model = new OilModel(resolveFluid({ api: input.api, TF, gasSG: input.gasSG, sepGasSG: input.sepGasSG ?? input.gasSG }), methods, warnings);
  return { model, sat: model.saturation(input.pbPsia, input.rsbScfStb ?? (input.pbPsia === undefined ? input.gorScfStb : undefined)) };
}

/**
 * The calibration-range warnings pvt.oilProperties gives for this oil (API, gas gravity,
 * temperature, bubble point and solution GOR against each method's data), at the temperatures the
 * string spans (its wellhead and bottom-hole ones), each said once.
 */
export function oilWellRangeWarnings(input: Omit<OilWellInput, 'qLiquidStbd'>, temperatures: Record<string, number>): string[] {
  const methods = resolveMethods({}, input.oilMethodSet ?? 'ValkoMcCain');
  const out = new Set<string>();
  // The string's temperatures lie between these (linear in depth): each end inside the oil's
  // domain keeps every step inside it, and a refusal names the input, not a step's temperature.
  for (const [name, TF] of Object.entries(temperatures)) {
    if (!(TF > 0)) throw new EngineFailure('out_of_range', `${name} ${TF} degF: the black-oil correlations need T > 0 degF`);
    let oil: { model: OilModel; sat: Saturation };
    try {
      oil = wellOilAt(input, methods, TF, []);
    } catch (err) {
      if (err instanceof EngineFailure && err.reason === 'out_of_range') throw new EngineFailure('out_of_range', `${name}: ${err.message}`);
      throw err;
    }
    const { model, sat } = oil;
    for (const w of model.warningsFor(['pb', 'rs', 'bo', 'viscosity'], { pb: sat.pb, rs: [sat.rsb], rsb: sat.rsb })) out.add(w);
  }
  return [...out];
}

export function oilWellStream(input: OilWellInput, warnings: string[]): Stream {
  const gas = gasProps(input, warnings);
  const wc = input.waterCut ?? 0;
  const qo = input.qLiquidStbd * (1 - wc);
  const qw = input.qLiquidStbd * wc;
  const rhoW = WATER_DENSITY_SC * (input.waterSG ?? 1.07);
  const methods = resolveMethods({}, input.oilMethodSet ?? 'ValkoMcCain');
  let cachedT = NaN;
  let cached: { model: OilModel; sat: Saturation; muod: number; muob: number } | null = null;
  // One oil model per temperature (each march step has its own); its dead and bubble-point viscosities once.
  const oilAt = (T: number) => {
    if (cached && T === cachedT) return cached;
    if (!(T > 0)) throw new EngineFailure('out_of_range', `tubing temperature ${T} degF: the black-oil correlations need T > 0 degF`);
    const { model, sat } = wellOilAt(input, methods, T, warnings);
    const muod = model.deadOilViscosity();
    cached = { model, sat, muod, muob: model.liveOilViscosity(muod, sat.rsb) };
    cachedT = T;
    return cached;
  };
  return (p, T, area, out) => {
    const { model, sat, muod, muob } = oilAt(T);
    const rsModel = model.rs(p, sat);
    const bo = p <= sat.pb ? model.saturatedBo(rsModel, p) : model.bo(p, sat);
    const mu = p > sat.pb ? model.undersaturatedViscosity(muob, p, sat.pb) : model.liveOilViscosity(muod, rsModel);
    const oil = { qStbd: qo, bo, rho: model.massPerStb(rsModel) / bo, mu, sigma: gasOilTension(input.api, T, p) };
    const free = qo * Math.max(input.gorScfStb - Math.min(rsModel, input.gorScfStb), 0);
    // Nothing flowing: the tubing holds the well's liquid, water by cut against oil at its Bo.
    const shut = wc / (wc + (1 - wc) * bo);
    mix(out, p, T, area, gas(p, T), free, oil, { qStbd: qw, rho: rhoW, mu: mccainViscosity(p, Math.max(T, 1), 0), sigma: gasWaterTension(T, p) }, shut);
  };
}
