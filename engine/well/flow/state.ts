/**
 * What a pressure-gradient correlation sees at one point of the string (field units: psia, degF,
 * ft/s, lbm/ft3, cp, dyne/cm, ft) and what it answers. Built by the fluid models (gasWellFluid.ts,
 * oilWellFluid.ts) and consumed by the correlations (hagedornBrown.ts, beggsBrill.ts, gray.ts,
 * woldesemayatGhajar.ts, dryGas.ts).
 */
export const G = 32.174; // ft/s2, and gc lbm ft/(lbf s2)
export const IN2_PER_FT2 = 144;

export interface FlowState {
  p: number;
  T: number;
  /** Superficial liquid and gas velocities, ft/s. */
  vsl: number;
  vsg: number;
  vm: number;
  /** No-slip liquid fraction vsl/vm. */
  lambdaL: number;
  rhoL: number;
  rhoG: number;
  /** No-slip density, lbm/ft3. */
  rhoNs: number;
  muL: number;
  muG: number;
  /** Gas-liquid surface tension, dyne/cm. */
  sigma: number;
  /** Pipe inside diameter and absolute roughness, ft. */
  d: number;
  roughness: number;
  /** Angle from horizontal, radians (pi/2 vertical). */
  theta: number;
}

export interface Gradient {
  /** Total pressure gradient along the pipe, psi/ft (positive: pressure rises downstream of the wellhead). */
  dpdz: number;
  /** Liquid holdup (in-situ liquid volume fraction). */
  holdup: number;
  /** Flow pattern or regime name. */
  regime: string;
}

export type GradientCorrelation = (s: FlowState) => Gradient;

/** The no-slip mixture viscosity, cp. */
export const noSlipViscosity = (s: FlowState) => s.muL * s.lambdaL + s.muG * (1 - s.lambdaL);

/** Reynolds number rho v d / mu with mu in cp (1 cp = 6.71969e-4 lbm/(ft s)). */
export const reynolds = (rho: number, v: number, d: number, muCp: number) => (rho * v * d) / (muCp * 6.71969e-4);

/** The regime of a state past critical flow (Ek = rho vm vsg/(gc p) >= 1): the march refuses it with this reason. */
export function criticalFlow(ek: number): string {
  return `critical flow: the kinetic-energy term Ek = rho vm vsg/(gc p) is ${ek.toPrecision(3)} >= 1, the mixture would pass its speed of sound (the string cannot pass this rate at this pressure)`;
}
