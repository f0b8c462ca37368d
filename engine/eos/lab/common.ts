/**
 * What the laboratory experiments (CCE, differential liberation, CVD, separator test) share:
 * flashes at many conditions with one Isotherm per temperature, total and phase volumes per
 * mole of mixture (with the volume shift when the model has it), standard-condition gas
 * volumes, and stock-tank liquid volumes.
 *
 * Standard conditions 14.696 psia and 60 degF (DESIGN.md); a standard gas volume is the ideal
 * gas volume R Tsc / Psc = 379.48 scf/lbmol (the convention of PVT reports); 1 bbl = 5.614583 ft3
 * (0.158987294928 m3).
 *
 * Units: SI inside (Pa, K, m3/mol). References: Whitson & Brule (2000) ch. 6 (PVT experiments).
 */
import { EngineFailure } from '../../failure.js';
import { kelvinFromF, paFromPsia, P_SC_PSIA, R, T_SC_F } from '../core/constants.js';
import { flashPT, Isotherm, type FlashOutcome } from '../core/flashPT.js';
import type { Fluid } from '../core/fluid.js';
import { requirePositiveVolume } from '../domain.js';

export const M3_PER_BBL = 0.158987294928;
export const FT3_PER_M3 = 1 / 0.028316846592;
export const P_SC = paFromPsia(P_SC_PSIA);
export const T_SC = kelvinFromF(T_SC_F);
/** Standard gas volume per mole, m3/mol (ideal gas at 14.696 psia, 60 degF). */
export const V_SC = (R * T_SC) / P_SC;

export class Lab {
  private readonly isotherms = new Map<number, Isotherm>();
  constructor(readonly fluid: Fluid) {}

  at(T: number): Isotherm {
    let iso = this.isotherms.get(T);
    if (!iso) {
      iso = new Isotherm(this.fluid, T);
      this.isotherms.set(T, iso);
    }
    return iso;
  }

  /** A flash that must succeed (the EOS always has a root for physical input). */
  flash(z: ArrayLike<number>, T: number, P: number): FlashOutcome {
    const r = flashPT(this.at(T), z, P);
    if (!r) throw new EngineFailure('no_solution', `the equation of state has no volume root at ${(P / 6894.757293168).toPrecision(6)} psia`);
    for (const p of [r.liquid, r.vapour, r.single]) if (p) requirePositiveVolume(p.V, p.phase.V);
    return r;
  }
}

/** Phase amounts and volumes per mole of feed (m3/mol), whatever the phase count. */
export interface Split {
  phases: 1 | 2;
  /** Moles of vapour and liquid per mole of feed. */
  nV: number;
  nL: number;
  /** Molar volumes (shifted), m3/mol; NaN for an absent phase. */
  vV: number;
  vL: number;
  y: Float64Array | null;
  x: Float64Array | null;
  zV: number;
  mwV: number;
  mwL: number;
  densityV: number;
  densityL: number;
  /** Total volume per mole of feed. */
  vTotal: number;
}

/**
 * The flash as amounts. A single phase counts as liquid or vapour by `singleAs` (the experiment
 * knows: above a bubble point the fluid is oil, above a dew point gas) or else by its label.
 */
export function splitOf(r: FlashOutcome, singleAs?: 'liquid' | 'vapour'): Split {
  if (r.phases === 2) {
    const L = r.liquid!;
    const V = r.vapour!;
    const nV = r.vaporFraction;
    const nL = 1 - nV;
    return { phases: 2, nV, nL, vV: V.V, vL: L.V, y: V.x, x: L.x, zV: V.Z, mwV: V.mw, mwL: L.mw, densityV: V.density, densityL: L.density, vTotal: nV * V.V + nL * L.V };
  }
  const S = r.single!;
  const asVapour = (singleAs ?? (r.state === 'vapour' ? 'vapour' : 'liquid')) === 'vapour';
  return asVapour
    ? { phases: 1, nV: 1, nL: 0, vV: S.V, vL: NaN, y: S.x, x: null, zV: S.Z, mwV: S.mw, mwL: NaN, densityV: S.density, densityL: NaN, vTotal: S.V }
    : { phases: 1, nV: 0, nL: 1, vV: NaN, vL: S.V, y: null, x: S.x, zV: NaN, mwV: NaN, mwL: S.mw, densityV: NaN, densityL: S.density, vTotal: S.V };
}

/** Checks an experiment's pressure list: strictly decreasing, every one positive. */
export function checkDecreasing(psia: number[] | undefined, field = 'psia'): Record<string, string> {
  if (!psia) return {};
  for (let i = 1; i < psia.length; i++) if (!(psia[i]! < psia[i - 1]!)) return { [`${field}[${i}]`]: `must be below ${field}[${i - 1}] (${psia[i - 1]}): pressures in decreasing order` };
  return {};
}
