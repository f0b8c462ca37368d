/**
 * pvt.waterProperties: formation water / brine PVT at one temperature and one or more pressures —
 * Bw, density (reservoir and stock-tank), specific gravity, viscosity, compressibility
 * (constant-composition and gas-saturated) and dissolved methane (Rsw).
 *
 * Methods (./brine.ts; each correlation in its own module with equations, validity, references):
 * - method 'SpiveyMcCainNorth' (default): Spivey, McCain & North (2004) / McCain, Spivey & Lenn
 *   (2011) Ch. 4 brine density, compressibility and methane solubility; salinity as NaCl; degree of
 *   methane saturation 0..1.
 * - method 'McCain': McCain (1990, 1991) Bw, rho_sc/Bw density and Culberson–McKetta methane
 *   solubility; salinity as total dissolved solids.
 * - viscosityMethod (./brineViscosity.ts): 'JonesDoleKestin' (default with SpiveyMcCainNorth): IAPWS
 *   2008 water x extended Jones-Dole NaCl ratio (PHREEQC parameters) x Kestin et al. (1981) pressure
 *   factor x dissolved-methane factor, as implemented in pyrestoolbox 3.7.6 brine_props; 'MaoDuan':
 *   Mao & Duan (2009) as in McCain et al. (2011), gas-free; 'McCain' (default with McCain).
 * - cwMethod: by default the method's own, the compressibility of the reported Bw ('McCain': analytic
 *   -(1/Bw) dBw/dp of McCain's Bw; 'SpiveyMcCainNorth': theirs); 'Osif' (Osif 1988) or the other
 *   method's by name, with a warning that it is not the derivative of the reported Bw.
 * Salinity: exactly one of salinityWtPct, salinityPpm (by mass, = 1e4 wt%) or salinityGPerL
 * (converted with McCain's stock-tank brine density).
 * Units: psia, degF, wt%; Bw rb/STB; density lbm/ft3; viscosity cp; cw 1/psi; Rsw scf/STB;
 * standard conditions 14.696 psia and 60 degF.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity, quantityOrArray } from '../../quantity.js';
import { brineState, CW_METHODS, WATER_METHODS, type BrineState } from './brine.js';
import { VISCOSITY_METHODS } from './brineViscosity.js';
import { salinityWtPct } from './salinity.js';
import { BRINE_DENSITY, BRINE_FVF, BRINE_VISCOSITY, POSITIVE_COMPRESSIBILITY } from '../physicalRanges.js';

const Input = Type.Object({
  // Nine numbers per pressure: 5000 pressures answer ~1.9 MB, half of ENGINE_RESULT_LIMIT_BYTES.
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure, or a list of at most 5000 pressures' }, 5000),
  TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Temperature' }),
  salinityWtPct: Type.Optional(quantity('salinity', { minimum: 0, exclusiveMaximum: 100, description: 'Salinity, weight percent dissolved solids (NaCl for SpiveyMcCainNorth); give exactly one salinity' })),
  salinityPpm: Type.Optional(quantity('dimensionless', { minimum: 0, exclusiveMaximum: 1e6, unit: 'ppm', description: 'Salinity, parts per million by mass (= 1e4 wt%); give exactly one salinity' })),
  salinityGPerL: Type.Optional(quantity('dimensionless', { minimum: 0, unit: 'g/L', description: 'Salinity, g of NaCl per litre of brine at standard conditions; give exactly one salinity' })),
  methaneSaturation: Type.Optional(
    quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'fraction', description: 'Degree of methane saturation: 0 gas-free brine, 1 saturated with methane at each pressure' }),
  ),
  method: Type.Optional(
    Type.Enum(WATER_METHODS, { default: 'SpiveyMcCainNorth', description: "'SpiveyMcCainNorth' (Spivey, McCain & North 2004 / McCain et al. 2011, default) or 'McCain' (McCain 1990 correlations)" }),
  ),
  cwMethod: Type.Optional(Type.Enum(CW_METHODS, { description: "constant-composition compressibility; default: the method's own, -(1/Bw) dBw/dp of the reported Bw ('McCain' analytic from McCain's Bw, 'SpiveyMcCainNorth'); 'Osif' (1988) an independent fit, with a warning" })),
  viscosityMethod: Type.Optional(
    Type.Enum(VISCOSITY_METHODS, {
      description:
        "'JonesDoleKestin' (default with method SpiveyMcCainNorth: IAPWS 2008 water, Jones-Dole NaCl term with PHREEQC parameters, Kestin et al. 1981 pressure factor and a dissolved-methane factor fitted to Ostermann et al. 1985 data, as in pyrestoolbox 3.7.6 brine_props), " +
        "'MaoDuan' (Mao & Duan 2009 as in McCain et al. 2011, no dissolved-gas term) or 'McCain' (McCain 1991; default with method McCain)",
    }),
  ),
});

const perPressure = (q: Parameters<typeof quantityOrArray>[0], description: string, unit?: string) => quantityOrArray(q, unit ? { description, unit } : { description });

const Output = Type.Object({
  bw: quantityOrArray('formationVolumeFactor', { description: 'Water formation volume factor (with the dissolved methane)', physical: BRINE_FVF }),
  density: quantityOrArray('density', { description: 'Brine density at pressure and temperature', physical: BRINE_DENSITY }),
  densitySC: quantity('density', { description: 'Gas-free brine density at 14.696 psia and 60 degF' }),
  sg: perPressure('dimensionless', 'Specific gravity: density relative to pure water at 60 degF (62.368 lbm/ft3)', 'water=1'),
  viscosity: quantityOrArray('viscosity', { description: 'Brine viscosity', physical: BRINE_VISCOSITY }),
  cwUndersaturated: quantityOrArray('compressibility', { description: 'Isothermal compressibility at constant composition (brine above its bubble point)', physical: POSITIVE_COMPRESSIBILITY }),
  cwSaturated: quantityOrArray('compressibility', { physical: POSITIVE_COMPRESSIBILITY, description: 'Total compressibility including the methane released per psi when the brine is methane-saturated (equals cwUndersaturated when methaneSaturation < 1)' }),
  rsw: perPressure('gasOilRatio', 'Dissolved methane at the stated saturation (scf per STB of brine)'),
  rswMethaneSaturated: perPressure('gasOilRatio', 'Methane solubility: Rsw of methane-saturated brine'),
  salinityWtPct: quantity('salinity', { description: 'Salinity used, weight percent' }),
});

const POINT_KEYS = ['bw', 'density', 'sg', 'viscosity', 'cwUndersaturated', 'cwSaturated', 'rsw', 'rswMethaneSaturated'] as const;
type PointKey = (typeof POINT_KEYS)[number];

function point(s: BrineState): Record<PointKey, number> {
  return {
    bw: s.Bw,
    density: s.densityLbFt3,
    sg: s.sg,
    viscosity: s.viscosityCp,
    cwUndersaturated: s.cwUndersaturatedPerPsi,
    cwSaturated: s.cwSaturatedPerPsi,
    rsw: s.rswScfStb,
    rswMethaneSaturated: s.rswMethaneSaturatedScfStb,
  };
}

export const waterProperties = defineFunction({
  name: 'pvt.waterProperties',
  module: 'pvt',
  title: 'Formation water / brine properties (Bw, density, viscosity, compressibility, Rsw)',
  description:
    'Brine PVT at one temperature and one pressure or a list of pressures: Bw (rb/STB), density (lbm/ft3, at conditions and at 14.696 psia/60 degF), ' +
    'specific gravity (pure water at 60 degF = 1), viscosity (cp), isothermal compressibility (1/psi) at constant composition and for methane-saturated brine, ' +
    'dissolved methane Rsw and methane solubility (scf/STB). ' +
    "Methods: 'SpiveyMcCainNorth' (default; Spivey, McCain & North 2004 as in McCain, Spivey & Lenn 2011 Ch. 4, NaCl brine, " +
    "valid 32-527 degF, to 29,000 psia, to 25 wt% NaCl, liquid water only) or 'McCain' (McCain 1990/1991: Bw to 260 degF and 5000 psia, " +
    'Culberson–McKetta solubility 100-340 degF and 1000-10,000 psia). ' +
    "Viscosity: viscosityMethod 'JonesDoleKestin' (default with SpiveyMcCainNorth; as in pyrestoolbox 3.7.6 brine_props: IAPWS 2008 water viscosity, extended Jones-Dole NaCl term with PHREEQC pitzer.dat parameters, " +
    'Kestin et al. 1981 salt pressure factor held at the edge of their data (20-150 degC, 35 MPa), and a dissolved-methane factor that is a pyrestoolbox fit of Ostermann et al. 1985 measurements, +1-5% at saturation), ' +
    "'MaoDuan' (Mao & Duan 2009, 32-662 degF, to 14,500 psia, no dissolved-gas term) or 'McCain' (100-400 degF, S <= 26%, its pressure correction fitted at 86.5-167 degF and to 14,000 psia; default with method McCain). " +
    "Compressibility at constant composition: by default that of the reported Bw, -(1/Bw) dBw/dp (cwMethod 'SpiveyMcCainNorth' with that method, 'McCain' with McCain: analytic from McCain's Bw, which carries no salinity term); " +
    "cwMethod 'Osif' (Osif 1988, 1000-20,000 psia, 200-270 degF, 0-200 g/L, with salinity) is an independent fit, 0.75-2.6x McCain's Bw derivative, and comes with a warning that it is not the compressibility of the reported Bw. " +
    'Give exactly one salinity: salinityWtPct, salinityPpm (by mass) or salinityGPerL. methaneSaturation 0 (gas-free, default) to 1 (saturated). ' +
    'Outside a method range the result comes with warnings; below the vapour pressure of water there is no liquid brine (engine error). ' +
    'Pressure-dependent outputs are lists when psia is a list.',
  input: Input,
  output: Output,
  references: [
    'Spivey, J.P., McCain, W.D. Jr. and North, R. (2004) Estimating Density, Formation Volume Factor, Compressibility, Methane Solubility, and Viscosity for Oilfield Brines at Temperatures From 0 to 275°C, Pressures to 200 MPa, and Salinities to 5.7 mole/kg. Journal of Canadian Petroleum Technology 43(7), 52-61. PETSOC-04-07-05.',
    'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa, Chapter 4.',
    'Mao, S. and Duan, Z. (2009) The Viscosity of Aqueous Alkali-Chloride Solutions up to 623 K, 1,000 bar, and High Ionic Strength. International Journal of Thermophysics 30, 1510-1523.',
    'Huber, M.L. et al. (2009) New International Formulation for the Viscosity of H2O. Journal of Physical and Chemical Reference Data 38(2), 101-125 (IAPWS 2008).',
    'Wagner, W. et al. (2000) The IAPWS Industrial Formulation 1997 for the Thermodynamic Properties of Water and Steam. Journal of Engineering for Gas Turbines and Power 122(1), 150-182 (IAPWS-IF97).',
    'Kestin, J., Khalifa, H.E. and Correia, R.J. (1981) Tables of the Dynamic and Kinematic Viscosity of Aqueous NaCl Solutions in the Temperature Range 20-150 °C and the Pressure Range 0.1-35 MPa. Journal of Physical and Chemical Reference Data 10(1), 71-87.',
    'Jones, G. and Dole, M. (1929) The Viscosity of Aqueous Solutions of Strong Electrolytes with Special Reference to Barium Chloride. Journal of the American Chemical Society 51(10), 2950-2964.',
    'Falkenhagen, H. and Vernon, E.L. (1932) The Viscosity of Strong Electrolyte Solutions According to Electrostatic Theory. Philosophical Magazine (7) 14, 537-565.',
    'Parkhurst, D.L. and Appelo, C.A.J. (2013) Description of Input and Examples for PHREEQC Version 3. U.S. Geological Survey Techniques and Methods 6-A43 (Jones-Dole viscosity parameters of pitzer.dat).',
    'Bradley, D.J. and Pitzer, K.S. (1979) Thermodynamics of Electrolytes. 12. Dielectric Properties of Water and Debye-Hückel Parameters to 350 °C and 1 kbar. Journal of Physical Chemistry 83(12), 1599-1603.',
    'Ostermann, R.D., Bloori, A. and Dehghani, K. (1985) The Effect of Dissolved Gas on Reservoir Brine Viscosity. SPE-14211-MS (data of the dissolved-methane factor, a pyrestoolbox 3.7.6 fit).',
    'Duan, Z., Møller, N. and Weare, J.H. (1992) Prediction of Methane Solubilities in Natural Waters to High Ionic Strength from 0 to 250°C and from 0 to 1600 bar. Geochimica et Cosmochimica Acta 56, 1451-1460.',
    'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.',
    'McCain, W.D. Jr. (1991) Reservoir-Fluid Property Correlations—State of the Art. SPE Reservoir Engineering 6(2), 266-272. SPE-18571-PA.',
    'Culberson, O.L. and McKetta, J.J. Jr. (1951) Phase Equilibria in Hydrocarbon-Water Systems III: The Solubility of Methane in Water at Pressures to 10,000 psia. Trans. AIME 192, 223-226.',
    'Osif, T.L. (1988) The Effects of Salt, Gas, Temperature, and Pressure on the Compressibility of Water. SPE Reservoir Engineering 3(1), 175-181. SPE-13174-PA.',
    'Wagner, W. and Pruss, A. (1993) International Equations for the Saturation Properties of Ordinary Water Substance. J. Phys. Chem. Ref. Data 22(3), 783-787.',
  ],
  // Ranges depend on the method; run() warns with the chosen method's ranges (see description).
  validity: [],
  examples: [
    {
      title: 'methane-saturated 15 wt% NaCl brine at 2500 psia, 175 degF (Spivey–McCain–North)',
      input: { psia: 2500, TF: 175, salinityWtPct: 15, methaneSaturation: 1 },
      expected: { bw: 1.02718, density: 1.08207 * 62.42796, rsw: 7.34858, cwUndersaturated: 2.39124e-6, viscosity: 0.524178 },
      tolerance: 2e-3,
      source: 'pyrestoolbox 3.7.6 brine_props, refdata pvt_water.json water-spivey-046 (sg there is g/cm3, x 62.42796 lbm/ft3 per g/cm3; viscosity by the default JonesDoleKestin chain)',
    },
    {
      title: '3 wt% brine at 500 psia, 80 degF (McCain)',
      input: { psia: 500, TF: 80, salinityWtPct: 3, method: 'McCain' },
      expected: { bw: 1.00387576106, viscosity: 0.895733659938, densitySC: 63.69821566, density: 63.4522897463, rswMethaneSaturated: 6.16538962942 },
      tolerance: 1e-3,
      source: 'McCain (1990, 1991) equations; refdata pvt_water.json water-mccain-80-500-3 (cross-checked against petpropy)',
    },
    {
      title: 'Osif compressibility of 107 g/L brine at 5000 psia, 200 degF',
      input: { psia: 5000, TF: 200, salinityGPerL: 107, method: 'McCain', cwMethod: 'Osif' },
      expected: { cwUndersaturated: 2.57065774134e-6 },
      tolerance: 1e-6,
      source: 'Osif (1988) equation 1/(7.033p + 541.5C - 537T + 403300); refdata pvt_water.json water-osif-200-5000-10',
    },
  ],
  run(input, warnings) {
    const wt = salinityWtPct(input);
    if (input.TF + 459.67 <= 0) throw new EngineFailure('invalid_input', `TF ${input.TF} degF is at or below absolute zero`);
    const pressures = Array.isArray(input.psia) ? input.psia : [input.psia];
    const method = input.method ?? 'SpiveyMcCainNorth';
    const conditions = {
      TF: input.TF,
      salinityWtPct: wt,
      methaneSaturation: input.methaneSaturation ?? 0,
      method,
      ...(input.cwMethod ? { cwMethod: input.cwMethod } : {}),
      ...(input.viscosityMethod ? { viscosityMethod: input.viscosityMethod } : {}),
    };
    const states = pressures.map((psia) => brineState({ psia, ...conditions }, warnings));
    const points = states.map(point);
    const column = (k: PointKey) => (Array.isArray(input.psia) ? points.map((p) => p[k]) : (points[0] as Record<PointKey, number>)[k]);
    return {
      ...(Object.fromEntries(POINT_KEYS.map((k) => [k, column(k)])) as Record<PointKey, number | number[]>),
      densitySC: (states[0] as BrineState).densitySCLbFt3,
      salinityWtPct: wt,
    };
  },
});
