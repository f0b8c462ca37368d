/**
 * pvt.gasPseudoCritical: pseudo-critical temperature and pressure of a natural gas, from its
 * gravity or from its composition.
 *
 * From gravity (gasSG, with yCO2/yH2S/yN2), pcMethod:
 * - 'PiperMcCainCorredor' (default; Piper, McCain & Corredor 1993, non-hydrocarbons in the fit),
 * - 'SuttonWichertAziz' (Sutton 1985 on the hydrocarbon fraction, Kay mixing, Wichert–Aziz 1972),
 * - 'StandingCarrKobayashiBurrows' (Standing 1977 on the whole gas, Carr–Kobayashi–Burrows 1954).
 * From a composition (mole fractions of the components in ./correlations/components.ts): Kay's
 * (1936) mixing rule, then the acid-gas correction `correction`: 'WichertAziz' (default) or 'none'.
 * The first two gravity methods are exactly those of pvt.gasProperties.
 * Units: degR, psia, lbm/lbmol, gasSG air = 1, mole fractions.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { COMPONENT_NAMES } from './correlations/components.js';
import { kayMixing } from './correlations/kayMixing.js';
import { MW_AIR, type GasImpurities, type PseudoCriticals } from './correlations/nonHydrocarbons.js';
import { PC_METHODS, pseudoCriticalsBy } from './correlations/pcMethods.js';
import { standingCarrKobayashiBurrows } from './correlations/standingCarrKobayashiBurrows.js';
import { requireNaturalGas } from './correlations/domain.js';
import { WICHERT_AZIZ_RANGE, wichertAziz } from './correlations/suttonWichertAziz.js';

const GRAVITY_METHODS = [...PC_METHODS, 'StandingCarrKobayashiBurrows'] as const;
const CORRECTIONS = ['WichertAziz', 'none'] as const;

const fraction = (description: string) => Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, unit: 'mole fraction', description }));

const Composition = Type.Object(Object.fromEntries(COMPONENT_NAMES.map((n) => [n, fraction(`${n} mole fraction`)])) as Record<string, ReturnType<typeof fraction>>, {
  additionalProperties: false,
  description: `Mole fractions by component (${COMPONENT_NAMES.join(', ')}); normalised to sum 1`,
});

const Input = Type.Object({
  gasSG: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'air=1', description: 'Gas specific gravity (air = 1), whole gas; give gasSG or composition' })),
  yCO2: Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'mole fraction', description: 'CO2 mole fraction (with gasSG)' })),
  yH2S: Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'mole fraction', description: 'H2S mole fraction (with gasSG)' })),
  yN2: Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'mole fraction', description: 'N2 mole fraction (with gasSG)' })),
  // No schema default: validation would fill it in, and a composition call could no longer tell a
  // pcMethod the caller gave (warned: not used) from none at all. run() takes PiperMcCainCorredor.
  pcMethod: Type.Optional(
    Type.Enum(GRAVITY_METHODS, { description: "with gasSG: 'PiperMcCainCorredor' (default), 'SuttonWichertAziz' or 'StandingCarrKobayashiBurrows'; not used with composition" }),
  ),
  composition: Type.Optional(Composition),
  correction: Type.Optional(Type.Enum(CORRECTIONS, { default: 'WichertAziz', description: "with composition: acid-gas correction 'WichertAziz' (1972) or 'none' (Kay only)" })),
});

const Output = Type.Object({
  Tpc: quantity('temperatureAbsolute', { description: 'Pseudo-critical temperature' }),
  Ppc: quantity('pressure', { description: 'Pseudo-critical pressure' }),
  MW: quantity('molarMass', { description: 'Apparent molar mass (28.97 gasSG from gravity; sum yi Mi from composition)' }),
  gasSG: quantity('dimensionless', { unit: 'air=1', description: 'Gas specific gravity (given, or MW/28.97 from the composition)' }),
  TpcKay: Type.Optional(quantity('temperatureAbsolute', { description: 'Kay-mixed pseudo-critical temperature before the acid-gas correction (composition input)' })),
  PpcKay: Type.Optional(quantity('pressure', { description: 'Kay-mixed pseudo-critical pressure before the acid-gas correction (composition input)' })),
});

export const gasPseudoCritical = defineFunction({
  name: 'pvt.gasPseudoCritical',
  module: 'pvt',
  title: 'Gas pseudo-critical temperature and pressure (gravity or composition)',
  description:
    'Pseudo-critical temperature (degR) and pressure (psia) of a natural gas. From gravity (gasSG with yCO2, yH2S, yN2): ' +
    "'PiperMcCainCorredor' (default, 1993), 'SuttonWichertAziz' (Sutton 1985 on the hydrocarbon part, Kay mixing, Wichert–Aziz 1972) or " +
    "'StandingCarrKobayashiBurrows' (Standing 1977 natural-gas curves with the Carr–Kobayashi–Burrows 1954 adjustment). " +
    `From a composition (mole fractions of ${COMPONENT_NAMES.join(', ')}; critical constants from the NIST WebBook, see the references): ` +
    "Kay's rule then the Wichert–Aziz correction (correction 'WichertAziz', default, or 'none'); pcMethod is a gravity method and is not used with a composition (a warning says so). Give gasSG or composition, not both. " +
    'Validity: Sutton hydrocarbon gravity 0.57-1.68; Piper et al. H2S <= 51.4%, CO2 <= 67.2%, N2 <= 15.7%; Wichert–Aziz CO2 <= 54.4%, H2S <= 73.8%; outside -> warnings.',
  input: Input,
  output: Output,
  references: [
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
    'Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases. SPE-14265-MS.',
    'Kay, W.B. (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and Pressure. Industrial & Engineering Chemistry 28(9), 1014-1019.',
    "Wichert, E. and Aziz, K. (1972) Calculate Z's for Sour Gases. Hydrocarbon Processing 51(5), 119-122.",
    'Standing, M.B. (1977) Volumetric and Phase Behavior of Oil Field Hydrocarbon Systems. SPE, Richardson, TX.',
    'Carr, N.L., Kobayashi, R. and Burrows, D.B. (1954) Viscosity of Hydrocarbon Gases Under Pressure. Trans. AIME 201, 264-272. SPE-297-G.',
    'Linstrom, P.J. and Mallard, W.G. (eds.) NIST Chemistry WebBook, NIST Standard Reference Database 69 (critical constants).',
    'GPSA (2004) Engineering Data Book, 12th ed., Section 23, Fig. 23-2 (physical constants).',
    'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa.',
  ],
  validity: [],
  examples: [
    {
      title: 'sour gas by Sutton/Kay/Wichert–Aziz: gasSG 0.8, 5% CO2, 10% H2S',
      input: { gasSG: 0.8, yCO2: 0.05, yH2S: 0.1, pcMethod: 'SuttonWichertAziz' },
      expected: { Tpc: 397.605938238, Ppc: 706.294349523 },
      tolerance: 1e-8,
      source: 'pyrestoolbox 3.7.6, refdata pvt_gas.json gas-DAK-SUT-0403-sour (Tpc, Ppc)',
    },
    {
      title: 'gasSG 0.8 with 10% CO2 by Piper–McCain–Corredor',
      input: { gasSG: 0.8, yCO2: 0.1 },
      expected: { Tpc: 393.837662965, Ppc: 688.714167874 },
      tolerance: 1e-8,
      source: 'pyrestoolbox 3.7.6, refdata pvt_gas.json gas-DAK-PMC-0386-sour (Tpc, Ppc)',
    },
  ],
  run(input, warnings) {
    const byComposition = input.composition !== undefined;
    if (byComposition === (input.gasSG !== undefined)) throw new EngineFailure('invalid_input', 'give either gasSG (with yCO2/yH2S/yN2) or composition, not both');
    if (byComposition) {
      // The composition fixes the pseudo-criticals (Kay's rule): a gravity method asked for alongside is not used, and the caller is told.
      if (input.pcMethod !== undefined) warnings.push(`pcMethod '${input.pcMethod}' is not used with a composition: Kay's rule on the components, then correction '${input.correction ?? 'WichertAziz'}'`);
      const mix = kayMixing(input.composition as Record<string, number | undefined>, warnings);
      const yCO2 = mix.y.CO2 ?? 0;
      const yH2S = mix.y.H2S ?? 0;
      let pc: PseudoCriticals = { tpc: mix.tpc, ppc: mix.ppc };
      if ((input.correction ?? 'WichertAziz') === 'WichertAziz') {
        if (yCO2 > WICHERT_AZIZ_RANGE.yCO2Max || yH2S > WICHERT_AZIZ_RANGE.yH2SMax) {
          warnings.push(`acid gas content (yCO2 ${yCO2}, yH2S ${yH2S}) is outside the Wichert–Aziz (1972) data range (CO2 <= ${WICHERT_AZIZ_RANGE.yCO2Max}, H2S <= ${WICHERT_AZIZ_RANGE.yH2SMax})`);
        }
        pc = wichertAziz(pc, yCO2, yH2S);
      }
      return { Tpc: pc.tpc, Ppc: pc.ppc, MW: mix.mw, gasSG: mix.gasSG, TpcKay: mix.tpc, PpcKay: mix.ppc };
    }
    const gasSG = input.gasSG as number;
    const y: GasImpurities = { yCO2: input.yCO2 ?? 0, yH2S: input.yH2S ?? 0, yN2: input.yN2 ?? 0 };
    requireNaturalGas(gasSG, y);
    const method = input.pcMethod ?? 'PiperMcCainCorredor';
    const pc = method === 'StandingCarrKobayashiBurrows' ? standingCarrKobayashiBurrows(gasSG, y, warnings) : pseudoCriticalsBy(method, gasSG, y, warnings);
    return { Tpc: pc.tpc, Ppc: pc.ppc, MW: MW_AIR * gasSG, gasSG };
  },
});
