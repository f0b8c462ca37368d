/**
 * The fluid every inline EOS function takes: components (library names or pseudo-components
 * with their constants), kij, composition, the EOS and the volume-shift option; their schema,
 * the cross-field rules a schema cannot state (check), and the core Fluid built from them.
 *
 * Component constants are in K, bar, g/mol and cm3/mol in both unit systems (the input names say
 * so), as in the library and the chemical literature. A pseudo-component whose name is not in
 * the library must give TcK, PcBar, omega and MW; a library name may override any constant.
 * Missing critical volumes (viscosity only) come from the Lohrenz-Bray-Clark C7+ correlation when
 * SG is given, else from Pitzer's Zc = 0.291 - 0.080 w (Poling et al. 2001, ch. 2); missing volume shifts take the library defaults
 * (library/components.ts). kij: a symmetric n x n matrix with a zero diagonal, or omitted for
 * the default set (library/kij.ts). Composition: mole fractions summing to 1 within 1e-6
 * (normalised exactly before use).
 *
 * Reference: Poling, B.E., Prausnitz, J.M. and O'Connell, J.P. (2001) The Properties of Gases
 * and Liquids, 5th ed. McGraw-Hill, ch. 2.
 */
import Type, { type Static } from 'typebox';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { PA_PER_BAR, R } from './core/constants.js';
import { EOS_NAMES, type EosName } from './core/eosFamily.js';
import { Fluid, type ComponentConstants } from './core/fluid.js';
import { defaultShift, LIBRARY, LIBRARY_NAMES } from './library/components.js';
import { defaultKijMatrix } from './library/kij.js';
import { requireComponent } from './domain.js';

/** Largest number of components of one fluid (a 60 x 60 kij is 3600 numbers). */
export const MAX_COMPONENTS = 60;
/** The composition must sum to 1 within this. */
export const COMPOSITION_TOLERANCE = 1e-6;

const fixed = (q: 'temperatureKelvin' | 'pressureBar' | 'molarVolume' | 'molarMass' | 'dimensionless', description: string, extra: Record<string, number> = {}) =>
  Type.Optional(quantity(q, { description, ...extra }));

export const PseudoComponent = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40, description: 'Component name; a library name takes its constants from the library unless given here' }),
    TcK: fixed('temperatureKelvin', 'Critical temperature, K', { exclusiveMinimum: 0, maximum: 2000 }),
    PcBar: fixed('pressureBar', 'Critical pressure, bar', { exclusiveMinimum: 0, maximum: 1000 }),
    omega: fixed('dimensionless', 'Acentric factor', { minimum: -1, maximum: 2.5 }),
    MW: fixed('molarMass', 'Molar mass, g/mol', { exclusiveMinimum: 0, maximum: 2000 }),
    VcCm3PerMol: fixed('molarVolume', 'Critical volume, cm3/mol (viscosity only; estimated from Zc = 0.291 - 0.080 omega when omitted)', { exclusiveMinimum: 0, maximum: 20000 }),
    volumeShift: fixed('dimensionless', 'Peneloux shift s = c/b (used with volumeShift Peneloux; library default when omitted)', { minimum: -1, maximum: 1 }),
    SG: fixed('dimensionless', 'Specific gravity 60/60 degF of a plus fraction: its critical volume by the Lohrenz-Bray-Clark C7+ correlation when VcCm3PerMol is omitted', {
      exclusiveMinimum: 0.3,
      maximum: 1.5,
    }),
  },
  { additionalProperties: false },
);

export const ComponentInput = Type.Union([Type.Enum(LIBRARY_NAMES, { description: 'A library component (eos.componentLibrary lists them)' }), PseudoComponent]);

const kijEntry = quantity('dimensionless', { minimum: -1, maximum: 1 });

export const FLUID_INPUTS = {
  components: Type.Array(ComponentInput, {
    minItems: 1,
    maxItems: MAX_COMPONENTS,
    description: 'Library names (e.g. "C1") or pseudo-components {name, TcK, PcBar, omega, MW, VcCm3PerMol?, volumeShift?} (K, bar, g/mol, cm3/mol)',
  }),
  composition: Type.Array(quantity('dimensionless', { minimum: 0, maximum: 1 }), {
    minItems: 1,
    maxItems: MAX_COMPONENTS,
    description: 'Overall mole fractions in the order of components; must sum to 1 within 1e-6. A fraction below 1e-20 counts as absent (0)',
  }),
  kij: Type.Optional(
    Type.Array(Type.Array(kijEntry, { maxItems: MAX_COMPONENTS }), {
      maxItems: MAX_COMPONENTS,
      description: 'Binary interaction coefficients, symmetric n x n with a zero diagonal; omitted: the default set (eos.componentLibrary: kijSource)',
    }),
  ),
  eos: Type.Optional(Type.Enum(EOS_NAMES, { default: 'PR78', description: "'PR' (Peng-Robinson 1976), 'PR78' (Robinson-Peng 1978: differs from PR for omega > 0.491) or 'SRK' (Soave 1972)" })),
  volumeShift: Type.Optional(Type.Enum(['none', 'Peneloux'], { default: 'none', description: "'Peneloux': volume translation c_i = s_i b_i (densities, not phase split); 'none' (default)" })),
};

/** The inline fluid part of an input. */
export interface FluidInput {
  components: Static<typeof FLUID_INPUTS.components>;
  composition: number[];
  kij?: number[][];
  eos?: EosName;
  volumeShift?: 'none' | 'Peneloux';
}

/** Cross-field rules: lengths, the composition's sum, kij symmetry and diagonal, pseudo-component constants, unique names. */
export function checkFluid(input: FluidInput, exactComponents?: number): Record<string, string> {
  const out: Record<string, string> = {};
  const n = input.components.length;
  if (exactComponents !== undefined && n !== exactComponents) out.components = `must hold exactly ${exactComponents} component${exactComponents > 1 ? 's' : ''}`;
  const seen = new Map<string, number>();
  input.components.forEach((c, i) => {
    const name = typeof c === 'string' ? c : c.name;
    if (seen.has(name)) out[`components[${i}]`] = `repeats the name '${name}' of components[${seen.get(name)}]`;
    seen.set(name, i);
    if (typeof c !== 'string' && !LIBRARY[c.name]) {
      const missing = (['TcK', 'PcBar', 'omega', 'MW'] as const).filter((k) => c[k] === undefined);
      if (missing.length) out[`components[${i}]`] = `'${c.name}' is not a library component: give ${missing.join(', ')}`;
    }
  });
  if (input.composition.length !== n) out.composition = `has ${input.composition.length} mole fractions for ${n} components`;
  else {
    const sum = input.composition.reduce((a, b) => a + b, 0);
    if (!(Math.abs(sum - 1) <= COMPOSITION_TOLERANCE)) out.composition = `sums to ${sum}; mole fractions must sum to 1 within ${COMPOSITION_TOLERANCE}`;
  }
  if (input.kij) {
    const k = input.kij;
    if (k.length !== n) out.kij = `has ${k.length} rows for ${n} components (an n x n matrix)`;
    else {
      for (let i = 0; i < n && !out.kij; i++) {
        if (k[i]!.length !== n) {
          out[`kij[${i}]`] = `has ${k[i]!.length} entries for ${n} components`;
          break;
        }
      }
      for (let i = 0; i < n && Object.keys(out).every((key) => !key.startsWith('kij')); i++) {
        if (k[i]![i] !== 0) out[`kij[${i}][${i}]`] = `is ${k[i]![i]}; the diagonal must be 0`;
        for (let j = i + 1; j < n; j++) {
          if (Math.abs(k[i]![j]! - k[j]![i]!) > 1e-12) {
            out[`kij[${i}][${j}]`] = `is ${k[i]![j]} but kij[${j}][${i}] is ${k[j]![i]}; the matrix must be symmetric`;
            break;
          }
        }
      }
    }
  }
  return out;
}

/**
 * A component's constants in SI with defaults filled; constants outside the physical domain
 * (domain.ts) are refused naming `label` (e.g. "components[3] 'C7+'").
 */
export function componentConstants(c: FluidInput['components'][number], eos: EosName, label = `component '${typeof c === 'string' ? c : c.name}'`): ComponentConstants {
  const given = typeof c === 'string' ? { name: c } : c;
  const lib = LIBRARY[given.name];
  const tcK = given.TcK ?? lib?.TcK;
  const pcBar = given.PcBar ?? lib?.PcBar;
  const omega = given.omega ?? lib?.omega;
  const mw = given.MW ?? lib?.MW;
  if (tcK === undefined || pcBar === undefined || omega === undefined || mw === undefined) {
    throw new EngineFailure('invalid_input', `component '${given.name}' lacks TcK, PcBar, omega or MW`);
  }
  // Defaults the engine fills (an estimated Vc, a correlated shift) are not the caller's to answer for.
  requireComponent(label, { TcK: tcK, PcBar: pcBar, omega, MW: mw, VcCm3PerMol: given.VcCm3PerMol, volumeShift: given.volumeShift, SG: given.SG });
  const pcPa = pcBar * PA_PER_BAR;
  const plusVc = given.SG !== undefined ? lbcPlusVc(mw, given.SG) : undefined;
  const vcCm3 = given.VcCm3PerMol ?? lib?.VcCm3PerMol ?? (plusVc !== undefined && plusVc > 0 ? plusVc : undefined);
  const vcM3 = vcCm3 !== undefined ? vcCm3 * 1e-6 : ((0.291 - 0.08 * omega) * R * tcK) / pcPa;
  const shift = given.volumeShift ?? defaultShift(eos, given.name, omega, mw);
  return { name: given.name, tcK, pcPa, omega, mw, vcM3, shift };
}

/** cm3/mol per ft3/lbmol: 0.028316846592 m3 / 0.45359237 kmol. */
const CM3_MOL_PER_FT3_LBMOL = (0.028316846592 / 0.45359237) * 1000;

/** Lohrenz, Bray & Clark (1964) critical volume of a C7+ fraction, cm3/mol: Vc = 21.573 + 0.015122 M - 27.656 SG + 0.070615 M SG (ft3/lbmol). */
export function lbcPlusVc(mw: number, sg: number): number {
  return (21.573 + 0.015122 * mw - 27.656 * sg + 0.070615 * mw * sg) * CM3_MOL_PER_FT3_LBMOL;
}

/** Throws the check's first problem as invalid_input (runs reached without the API's check, e.g. a direct executeDefinition). */
export function assertChecked(problems: Record<string, string> | null | undefined): void {
  const first = problems ? Object.entries(problems)[0] : undefined;
  if (first) throw new EngineFailure('invalid_input', `${first[0]} ${first[1]}`);
}

/**
 * The core Fluid of an inline or saved fluid, its normalised composition and names. `label`
 * names the components in domain messages ('components', or the saved model's).
 */
export function buildFluid(input: FluidInput, label = 'components'): { fluid: Fluid; z: Float64Array; names: string[] } {
  assertChecked(checkFluid(input));
  const eos = input.eos ?? 'PR78';
  const comps = input.components.map((c, i) => componentConstants(c, eos, `${label}[${i}] '${typeof c === 'string' ? c : c.name}'`));
  const names = comps.map((c) => c.name);
  const kij = input.kij ?? defaultKijMatrix(names);
  const fluid = new Fluid(eos, comps, kij, input.volumeShift === 'Peneloux');
  const z = Float64Array.from(input.composition);
  const sum = z.reduce((a, b) => a + b, 0);
  for (let i = 0; i < z.length; i++) z[i] = z[i]! / sum;
  return { fluid, z, names };
}
