/**
 * eos.componentLibrary: the built-in components (critical constants, acentric factor, molar
 * mass, critical volume, boiling point, default volume shifts per EOS) and the default kij set
 * with its source. See library/components.ts and library/kij.ts for values and references.
 *
 * Units: K, bar, g/mol, cm3/mol (the same numbers in both unit systems).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity } from '../quantity.js';
import { defaultShift, LIBRARY, LIBRARY_NAMES } from './library/components.js';
import { defaultKijMatrix, KIJ_SOURCE } from './library/kij.js';
import { REF } from './references.js';

const Input = Type.Object({
  names: Type.Optional(Type.Array(Type.Enum(LIBRARY_NAMES), { minItems: 1, maxItems: LIBRARY_NAMES.length, description: 'Components to list (default: all), in this order for the kij matrix' })),
});

const Component = Type.Object({
  name: Type.String(),
  description: Type.String(),
  cas: Type.String(),
  TcK: quantity('temperatureKelvin'),
  PcBar: quantity('pressureBar'),
  omega: quantity('dimensionless'),
  MW: quantity('molarMass'),
  VcCm3PerMol: quantity('molarVolume'),
  TbK: quantity('temperatureKelvin', { description: 'Normal boiling point' }),
  volumeShiftPR: quantity('dimensionless', { description: 'Default Peneloux s = c/b for PR and PR78 (Jhaveri & Youngren 1988)' }),
  volumeShiftSRK: quantity('dimensionless', { description: 'Default Peneloux s = c/b for SRK (Peneloux et al. 1982)' }),
});

const Output = Type.Object({
  components: Type.Array(Component, { maxItems: LIBRARY_NAMES.length }),
  constantsSource: Type.String(),
  kijSource: Type.String(),
  kij: Type.Array(Type.Array(quantity('dimensionless'), { maxItems: LIBRARY_NAMES.length }), { maxItems: LIBRARY_NAMES.length, description: 'Default kij in the order of components' }),
});

export const componentLibrary = defineFunction({
  name: 'eos.componentLibrary',
  module: 'eos',
  title: 'EOS component library and default kij',
  description:
    'The built-in components of the EOS functions (N2, CO2, H2S, C1 to nC12 with iC4, neoC5, iC5, iC6, benzene, toluene, cyclohexane, water, O2, Ar, He, H2): Tc (K), ' +
    'Pc (bar), omega, MW (g/mol), Vc (cm3/mol), normal boiling point (K) and the default Peneloux volume shifts for PR and SRK; and the default kij matrix with its ' +
    'source. Constants are those of the reference equations of state (chemicals 1.5.2 / CoolProp), the ones the reference vectors use.',
  input: Input,
  output: Output,
  references: [
    'Bell, I.H., Wronski, J., Quoilin, S. and Lemort, V. (2014) Pure and Pseudo-pure Fluid Thermophysical Property Evaluation and the Open-Source Thermophysical Property Library CoolProp. Ind. Eng. Chem. Res. 53(6), 2498-2508.',
    'Jhaveri, B.S. and Youngren, G.K. (1988) Three-Parameter Modification of the Peng-Robinson Equation of State To Improve Volumetric Predictions. SPE Reservoir Engineering 3(3), 1033-1040.',
    REF.peneloux,
    REF.whitsonBrule,
  ],
  validity: [],
  examples: [
    {
      title: 'methane and CO2',
      input: { names: ['C1', 'CO2'] },
      expected: { kij: [[0, 0.105], [0.105, 0]] },
      tolerance: 1e-12,
      source: 'library/kij.ts (CO2-C1 0.105, the PR magnitude tabulated by Whitson & Brule 2000 ch. 4)',
    },
  ],
  run(input) {
    const names = input.names ?? LIBRARY_NAMES;
    return {
      components: names.map((n) => {
        const c = LIBRARY[n]!;
        return { ...c, volumeShiftPR: defaultShift('PR', n, c.omega, c.MW), volumeShiftSRK: defaultShift('SRK', n, c.omega, c.MW) } as never;
      }),
      constantsSource: 'reference-EOS critical constants and acentric factors (chemicals 1.5.2 HEOS source = CoolProp 6), IUPAC 2013 molar masses',
      kijSource: KIJ_SOURCE,
      kij: defaultKijMatrix(names),
    };
  },
});
