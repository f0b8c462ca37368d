/**
 * A fluid for the cubic EOS: component constants, binary interaction coefficients and the EOS
 * family, turned once into the arrays the inner loops use (b_i, a_ci, m_i, kij as a flat
 * matrix), and per temperature into the a_ij(T) matrix (van der Waals one-fluid mixing with the
 * classical combining rule a_ij = sqrt(a_i a_j)(1 - k_ij)) and, when asked, its T derivative.
 *
 * Units: SI (K, Pa, m3/mol, g/mol). Volume shift (Peneloux et al. 1982): c_i = s_i b_i, the
 * dimensionless s_i given per component; it moves volumes, not phase equilibrium.
 *
 * References:
 * - van der Waals one-fluid mixing rules, e.g. Michelsen & Mollerup (2007) ch. 3.
 * - Peneloux, A., Rauzy, E. and Freze, R. (1982) A consistent correction for Redlich-Kwong-Soave
 *   volumes. Fluid Phase Equilib. 8(1), 7-23.
 */
import { EOS, type EosFamily, type EosName } from './eosFamily.js';
import { R } from './constants.js';

/** One component's constants in SI. */
export interface ComponentConstants {
  name: string;
  tcK: number;
  pcPa: number;
  omega: number;
  /** g/mol */
  mw: number;
  /** Critical volume, m3/mol (viscosity; estimated when unknown). */
  vcM3: number;
  /** Peneloux shift s_i = c_i / b_i (dimensionless). */
  shift: number;
}

export class Fluid {
  readonly n: number;
  readonly family: EosFamily;
  readonly names: string[];
  readonly tc: Float64Array;
  readonly pc: Float64Array;
  readonly omega: Float64Array;
  readonly mw: Float64Array;
  readonly vc: Float64Array;
  /** Co-volume b_i, m3/mol. */
  readonly b: Float64Array;
  /** a_i at the critical temperature, Pa m6/mol2. */
  readonly ac: Float64Array;
  readonly m: Float64Array;
  /** Peneloux volume shift c_i, m3/mol (zeros when the shift is off). */
  readonly c: Float64Array;
  /** k_ij, row-major n x n. */
  readonly kij: Float64Array;
  readonly shifted: boolean;

  constructor(eos: EosName, components: readonly ComponentConstants[], kij: readonly (readonly number[])[], volumeShift: boolean) {
    const n = components.length;
    this.n = n;
    this.family = EOS[eos];
    this.names = components.map((c) => c.name);
    this.tc = Float64Array.from(components, (c) => c.tcK);
    this.pc = Float64Array.from(components, (c) => c.pcPa);
    this.omega = Float64Array.from(components, (c) => c.omega);
    this.mw = Float64Array.from(components, (c) => c.mw);
    this.vc = Float64Array.from(components, (c) => c.vcM3);
    this.b = Float64Array.from(components, (c) => (this.family.omegaB * R * c.tcK) / c.pcPa);
    this.ac = Float64Array.from(components, (c) => (this.family.omegaA * (R * c.tcK) ** 2) / c.pcPa);
    this.m = Float64Array.from(components, (c) => this.family.m(c.omega));
    this.shifted = volumeShift;
    this.c = Float64Array.from(components, (c, i) => (volumeShift ? c.shift * this.b[i]! : 0));
    this.kij = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) this.kij[i * n + j] = kij[i]?.[j] ?? 0;
  }

  /** The temperature-dependent EOS parameters; `derivatives` adds d a_ij / dT (envelopes, PIP). */
  atTemperature(tK: number, derivatives = false): TemperatureState {
    const n = this.n;
    const ai = new Float64Array(n);
    const dai = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const sr = Math.sqrt(tK / this.tc[i]!);
      const s = 1 + this.m[i]! * (1 - sr);
      ai[i] = this.ac[i]! * s * s;
      // d alpha/dT = -m s / sqrt(T Tc)
      dai[i] = (-this.ac[i]! * this.m[i]! * s) / Math.sqrt(tK * this.tc[i]!);
    }
    const aij = new Float64Array(n * n);
    const daij = derivatives ? new Float64Array(n * n) : null;
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) {
        const k = 1 - this.kij[i * n + j]!;
        const root = Math.sqrt(ai[i]! * ai[j]!);
        const v = k * root;
        aij[i * n + j] = v;
        aij[j * n + i] = v;
        if (daij) {
          const d = root > 0 ? (k * (dai[i]! * ai[j]! + ai[i]! * dai[j]!)) / (2 * root) : 0;
          daij[i * n + j] = d;
          daij[j * n + i] = d;
        }
      }
    }
    return { fluid: this, T: tK, aij, daij };
  }

  /** Molar mass of a composition, g/mol. */
  molarMass(x: ArrayLike<number>): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) s += x[i]! * this.mw[i]!;
    return s;
  }

  /** Peneloux shift of a composition, m3/mol (0 without the shift). */
  shiftVolume(x: ArrayLike<number>): number {
    if (!this.shifted) return 0;
    let s = 0;
    for (let i = 0; i < this.n; i++) s += x[i]! * this.c[i]!;
    return s;
  }
}

export interface TemperatureState {
  fluid: Fluid;
  T: number;
  aij: Float64Array;
  daij: Float64Array | null;
}

/** The fluid restricted to some components (in the given order): absent components leave the problem. */
export function subsetFluid(f: Fluid, keep: readonly number[]): Fluid {
  const comps: ComponentConstants[] = keep.map((i) => ({
    name: f.names[i]!,
    tcK: f.tc[i]!,
    pcPa: f.pc[i]!,
    omega: f.omega[i]!,
    mw: f.mw[i]!,
    vcM3: f.vc[i]!,
    shift: f.shifted ? f.c[i]! / f.b[i]! : 0,
  }));
  const kij = keep.map((i) => keep.map((j) => f.kij[i * f.n + j]!));
  return new Fluid(f.family.name, comps, kij, f.shifted);
}
