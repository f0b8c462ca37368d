/**
 * units.convert: converts a value (or a list) between two units of one quantity — pressure
 * (absolute, gauge, plain), temperature, length, liquid and gas volumes and rates, GOR, CGR,
 * permeability, viscosity, density, compressibility, and API gravity <-> specific gravity.
 *
 *   affine:      to = factor * from + offset   (factor = size(from)/size(to); offset for gauge
 *                pressures and temperatures, see ./conversion.ts)
 *   oil gravity: SG(60/60 degF) = 141.5 / (131.5 + API)   (API MPMS Ch. 11.1; ASTM D287)
 *
 * The units and their exact sizes are in ./unitTable.ts (NIST SP 811 Appendix B, the 1959 foot and
 * pound, the field/metric layer's own PSI_PER_BAR and factors). Gauge units need the atmospheric
 * pressure: `atmosphericPressure`, default 14.696 psia (the oilfield 1 atm; some tools use 14.7).
 *
 * Field/metric: `value`, `factor` and `offset` are tagged dimensionless, so a call with
 * `"units": "metric"` converts none of them — `from`/`to` say the units. Only
 * `atmosphericPressure` is a tagged pressure: psia in field calls, bara in metric calls, like
 * every other pressure input of the engine; omitted, it is 14.696 psia in both (applied in `run`,
 * not as a schema default, which the metric layer would read as 14.696 bara).
 *
 * Validity: conversions are exact definitions, valid for any value; a warning for an
 * atmospheric pressure outside 7-16 psia (not a barometric pressure on land), for a plain pressure
 * unit (psi, bar, ...) taken as absolute against a gauge one, and for an atmospheric pressure given
 * with no gauge unit. EngineFailure: units of different quantities, and values outside physics
 * (below absolute zero, negative absolute pressure, negative permeability/viscosity/density,
 * API <= -131.5, SG <= 0).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { converter, resolveQuantity, unitCatalogueText } from './conversion.js';
import { DEFAULT_ATMOSPHERE_PSIA, M3_PER_MOL_STANDARD, SCF_PER_LBMOL, STANDARD_CONDITIONS, UNIT_QUANTITIES, UNIT_SYMBOLS } from './unitTable.js';

const STANDARD_CONDITIONS_TEXT =
  `${STANDARD_CONDITIONS.psia} psia and ${STANDARD_CONDITIONS.degF} degF (ideal gas, R = 8.31446261815324 J/(mol K)): ` +
  `1 lbmol = ${SCF_PER_LBMOL.toFixed(2)} scf, 1 kmol = ${(1e3 * M3_PER_MOL_STANDARD).toFixed(4)} sm3`;

const unitEnum = (description: string) => Type.Enum(UNIT_SYMBOLS as string[], { description });

const Input = Type.Object({
  value: quantityOrArray('dimensionless', { unit: 'unit of from', description: 'Value, or a list of values, in the `from` unit (never converted by "units": "metric")' }),
  from: unitEnum('Unit of `value`'),
  to: unitEnum('Unit to convert to (same quantity as `from`)'),
  quantity: Type.Optional(
    Type.Enum(UNIT_QUANTITIES, {
      description: 'Quantity of both units; optional (inferred from the units). Where a unit belongs to several quantities (m3, sm3/d, sm3/sm3) it gives the same numbers in each.',
    }),
  ),
  atmosphericPressure: Type.Optional(
    quantity('pressure', {
      exclusiveMinimum: 0,
      description: `Atmospheric pressure for gauge units (psig, barg, kPag, MPag); default ${DEFAULT_ATMOSPHERE_PSIA} psia (bara with "units": "metric")`,
    }),
  ),
});

const Output = Type.Object({
  value: quantityOrArray('dimensionless', { unit: 'unit of to', description: 'The converted value(s), in the `to` unit; a list when `value` was a list' }),
  quantity: Type.Enum(UNIT_QUANTITIES, { description: 'Quantity of the conversion' }),
  from: Type.String({ description: 'Canonical symbol of the from-unit' }),
  to: Type.String({ description: 'Canonical symbol of the to-unit' }),
  factor: Type.Optional(quantity('dimensionless', { unit: 'to per from', description: 'to = factor * from + offset (absent for API gravity <-> SG, which is not affine)' })),
  offset: Type.Optional(quantity('dimensionless', { unit: 'unit of to', description: 'to = factor * from + offset; 0 unless temperatures or gauge pressures are involved' })),
  atmosphericPressure: Type.Optional(quantity('pressure', { description: 'Atmospheric pressure used, when a gauge unit is involved' })),
  standardConditions: Type.Optional(Type.String({ description: 'The standard conditions a conversion between gas volumes and amounts of substance assumed' })),
});

export const convert = defineFunction({
  name: 'units.convert',
  module: 'units',
  title: 'Unit conversion: pressure (absolute/gauge), temperature, length, volumes, rates, GOR, CGR, permeability, viscosity, density, compressibility, API gravity',
  description:
    'Converts `value` (a number or a list) from one unit to another of the same quantity, with exact factors (NIST SP 811 Appendix B; ' +
    '1 ft = 0.3048 m, 1 lbm = 0.45359237 kg, 1 bbl = 42 US gal = 0.158987294928 m3, 1 psi = 6894.757293168 Pa, 1 darcy = 9.869233e-13 m2). ' +
    'Returns the value(s) and, for affine conversions, factor and offset (to = factor * from + offset). ' +
    `Gauge pressures use atmosphericPressure (default ${DEFAULT_ATMOSPHERE_PSIA} psia); plain psi, bar, kPa, MPa, Pa and kgf/cm2 are taken as absolute against a gauge unit. ` +
    'Temperatures: degR = degF + 459.67, K = degC + 273.15. Gas volumes and rates are geometric (the same standard conditions on both sides: 1 scf = 0.028316846592 sm3). ' +
    'Pressure gradients: psi/ft, psi/m, bar/m, kPa/m, MPa/km, Pa/m (1 psi/ft = 22.620594 kPa/m). ' +
    'Standard gas volumes to amounts of substance (scf, Mscf, MMscf, sm3, E3m3 <-> lbmol, kmol, mol) at this project\'s standard conditions, 14.696 psia and 60 degF, as an ideal gas: ' +
    '1 lbmol = R T/p = 379.48 scf, 1 kmol = 23.6903 sm3 (R = 8.31446261815324 J/(mol K)); the answer states them in standardConditions. ' +
    'Oil gravity: SG(60/60 degF) = 141.5/(131.5 + API) (API MPMS Ch. 11.1). Units of different quantities are refused. ' +
    '"units": "metric" leaves value, factor and offset alone (from/to say the units) and only reads atmosphericPressure in bara. ' +
    `Units by quantity: ${unitCatalogueText()}.`,
  input: Input,
  output: Output,
  examples: [
    {
      title: 'Pressures 14.696, 1000 and 5000 psia in bara',
      input: { value: [14.696, 1000, 5000], from: 'psia', to: 'bara' },
      expected: { value: [1.0132535, 68.947573, 344.73786], factor: 0.06894757 },
      tolerance: 1e-6,
      source: 'NIST SP 811 (2008) Appendix B.8: 1 psi = 6.894 757 E+03 Pa, 1 bar = 1.0 E+05 Pa (7 significant digits), times 14.696, 1000, 5000 by hand',
    },
    {
      title: '1000 psig in bara with the default atmosphere (14.696 psia)',
      input: { value: 1000, from: 'psig', to: 'bara' },
      expected: { value: 69.96082 },
      tolerance: 1e-6,
      source: 'By hand: (1000 + 14.696) psia x 6894.757 Pa/psi (NIST SP 811 B.8) = 6 996 082.3 Pa = 69.96082 bara',
    },
    {
      title: 'Water points: 32, 212 and -40 degF in degC',
      input: { value: [32, 212, -40], from: 'degF', to: 'degC' },
      expected: { value: [0, 100, -40] },
      tolerance: 1e-12,
      source: 'Definition degC = (degF - 32)/1.8 (NIST SP 811 B.9): 32 degF = 0 degC exactly, 212 degF = 100 degC, -40 degF = -40 degC',
    },
    {
      title: '35 degAPI in specific gravity (60/60 degF)',
      input: { value: 35, from: 'degAPI', to: 'SG(60F)' },
      expected: { value: 141.5 / 166.5 },
      tolerance: 1e-12,
      source: 'API MPMS Chapter 11.1 definition SG = 141.5/(131.5 + API): 141.5/166.5 = 0.849849...',
    },
  ],
  references: [
    'Thompson, A., Taylor, B.N. (2008). Guide for the Use of the International System of Units (SI). NIST Special Publication 811, 2008 edition, Appendix B (conversion factors).',
    'National Bureau of Standards (1959). Refinement of values for the yard and the pound. Federal Register 24(128), 5348 (1 yd = 0.9144 m, 1 lb = 0.45359237 kg).',
    'API (2004). Manual of Petroleum Measurement Standards, Chapter 11.1: Temperature and Pressure Volume Correction Factors for Generalized Crude Oils, Refined Products, and Lubricating Oils (API gravity = 141.5/SG(60 degF) - 131.5).',
    'ASTM D287-12b. Standard Test Method for API Gravity of Crude Petroleum and Petroleum Products (Hydrometer Method). ASTM International.',
    'Society of Petroleum Engineers (1984). The SI Metric System of Units and SPE Metric Standard (darcy = 9.869233e-13 m2; standard conditions).',
    'NOAA, NASA, USAF (1976). U.S. Standard Atmosphere, 1976 (barometric pressure with altitude, for the atmospheric-pressure range).',
  ],
  validity: [
    {
      field: 'atmosphericPressure',
      min: 7,
      max: 16,
      unit: 'psia',
      note: 'barometric pressure on land: 7.3 psia at 5500 m (U.S. Standard Atmosphere 1976) to 15.7 psia (sea-level record); a value outside is likely in the wrong unit',
    },
  ],
  run(input, warnings) {
    const q = resolveQuantity(input.from, input.to, input.quantity);
    const atmosphere = input.atmosphericPressure ?? DEFAULT_ATMOSPHERE_PSIA;
    const c = converter(input.from, input.to, q, atmosphere, warnings);
    if (input.atmosphericPressure !== undefined && !c.gauge) warnings.push(`atmosphericPressure is not used: neither '${c.from.symbol}' nor '${c.to.symbol}' is a gauge unit`);
    const value = Array.isArray(input.value) ? input.value.map((v, i) => c.convert(v, `value[${i}]`)) : c.convert(input.value, 'value');
    return {
      value,
      quantity: q,
      from: c.from.symbol,
      to: c.to.symbol,
      ...(c.affine ? { factor: c.affine.factor, offset: c.affine.offset } : {}),
      ...(c.gauge ? { atmosphericPressure: atmosphere } : {}),
      ...(q === 'gas amount (standard conditions)' ? { standardConditions: STANDARD_CONDITIONS_TEXT } : {}),
    };
  },
});
