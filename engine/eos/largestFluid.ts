/**
 * The largest fluid an EOS call can hold, MAX_COMPONENTS (60) components, as a detailed
 * compositional PVT report lists a volatile oil: the 22 petroleum components of the library
 * (N2, CO2, H2S, C1 to nC12 with the isomers, benzene, toluene, cyclohexane) and the single
 * carbon numbers C13 to C49 and C50+ of its C13+ fraction (z 0.10, M 260 g/mol, SG 0.85), split by
 * Whitson's gamma distribution (alpha 1) with Kesler-Lee critical constants and acentric factors
 * and Lohrenz-Bray-Clark critical volumes (characterization/, as eos.characterizePlus does), the
 * default kij set as a full 60 x 60 matrix. Inline (LARGEST_FLUID) and as a saved project's fluid
 * model (LARGEST_MODEL_PROJECT, the form of api/projects/demo.ts).
 *
 * It is what the EOS definitions' sizeExamples run (engine/definition.ts): the result of every EOS
 * function is largest with the most components (x, y, K, compositions per stage, kij) and the
 * longest lists; test/engine/resultSize.test.ts measures it in both unit systems.
 *
 * Units: K, bar, g/mol, cm3/mol (component constants). References: see characterizePlus.ts.
 */
import { criticalProperties } from './characterization/criticalProperties.js';
import { gammaSplit } from './characterization/gammaSplit.js';
import { lbcPlusVc, MAX_COMPONENTS, type FluidInput } from './fluidInput.js';
import { LIBRARY } from './library/components.js';
import { defaultKijMatrix } from './library/kij.js';

const PSI_PER_BAR = 14.503773773020923;

/** The library part: name and mole fraction (sums to 0.88; the C13+ fraction adds 0.10, and the whole is normalised). */
const LIBRARY_PART: [string, number][] = [
  ['N2', 0.005], ['CO2', 0.015], ['H2S', 0.002], ['C1', 0.561], ['C2', 0.08], ['C3', 0.05], ['iC4', 0.01], ['nC4', 0.02],
  ['neoC5', 0.001], ['iC5', 0.01], ['nC5', 0.012], ['iC6', 0.008], ['nC6', 0.01], ['benzene', 0.002], ['cyclohexane', 0.005],
  ['toluene', 0.003], ['nC7', 0.02], ['nC8', 0.02], ['nC9', 0.015], ['nC10', 0.012], ['nC11', 0.01], ['nC12', 0.009],
];
const PLUS = { carbonNumber: 13, z: 0.1, mw: 260, sg: 0.85 };

interface Pseudo {
  name: string;
  TcK: number;
  PcBar: number;
  omega: number;
  MW: number;
  VcCm3PerMol: number;
}

function plusFraction(): { pseudo: Pseudo; z: number }[] {
  const n = PLUS.carbonNumber;
  const last = n + MAX_COMPONENTS - LIBRARY_PART.length - 1;
  const split = gammaSplit(PLUS.z, PLUS.mw, PLUS.sg, n, last, 1, 14 * n - 6);
  return split.groups.map((g) => {
    const c = criticalProperties('KeslerLee', g.tbR, g.sg);
    const name = `C${g.carbonNumber}${g.plus ? '+' : ''}`;
    return { pseudo: { name, TcK: c.tcR / 1.8, PcBar: c.pcPsia / PSI_PER_BAR, omega: c.omega, MW: g.mw, VcCm3PerMol: lbcPlusVc(g.mw, g.sg) }, z: g.z };
  });
}

function build(): { inline: FluidInput & { components: (string | Pseudo)[]; kij: number[][] }; model: Record<string, unknown> } {
  const plus = plusFraction();
  const names = [...LIBRARY_PART.map(([name]) => name), ...plus.map((p) => p.pseudo.name)];
  if (names.length !== MAX_COMPONENTS) throw new Error(`largestFluid: ${names.length} components, not ${MAX_COMPONENTS}`);
  const z = [...LIBRARY_PART.map(([, v]) => v), ...plus.map((p) => p.z)];
  const sum = z.reduce((a, b) => a + b, 0);
  const composition = z.map((v) => v / sum);
  const kij = defaultKijMatrix(names);
  const inline = { components: [...LIBRARY_PART.map(([name]) => name), ...plus.map((p) => p.pseudo)], composition, kij, eos: 'PR78' as const, volumeShift: 'Peneloux' as const };
  const saved = [
    ...LIBRARY_PART.map(([name]) => {
      const c = LIBRARY[name]!;
      return { name, tcK: c.TcK, pcBar: c.PcBar, omega: c.omega, mw: c.MW, vc: c.VcCm3PerMol };
    }),
    ...plus.map(({ pseudo: p }) => ({ name: p.name, tcK: p.TcK, pcBar: p.PcBar, omega: p.omega, mw: p.MW, vc: p.VcCm3PerMol })),
  ];
  const model = {
    fluidModels: [
      {
        id: 'largest-60',
        name: `Volatile oil, ${MAX_COMPONENTS} components (C13+ split to C50+), PR78`,
        eos: 'PR78',
        volumeShift: true,
        units: { tc: 'K', pc: 'bar', mw: 'g/mol', vc: 'cm3/mol' },
        components: saved,
        composition,
        kij,
      },
    ],
  };
  return { inline, model };
}

const BUILT = build();

/** The 60-component fluid as the inline input of eos.flash and the other inline EOS functions. */
export const LARGEST_FLUID = BUILT.inline;
/** The same fluid as saved project data (one fluid model, id 'largest-60') for the eos.model.* size examples. */
export const LARGEST_MODEL_PROJECT: Record<string, unknown> = BUILT.model;
/** The eos.model.* input naming it. */
export const LARGEST_MODEL = { projectId: 'size-examples', fluidModelId: 'largest-60' };

/** Decreasing pressures, psia, geometric from `from` to `to` (n of them): the longest lists of the experiments. */
export function pressureSteps(from: number, to: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => from * (to / from) ** (i / (n - 1)));
}

/** Nine quality lines, the most an envelope call traces. */
export const NINE_QUALITY_LINES = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 0.95];
