/**
 * gas.hydrateTemperature: the temperature below which a sweet natural gas forms hydrates at a
 * given pressure (fits of the Katz 1945 gas-gravity chart), and its depression by an inhibitor.
 *
 * method 'TowlerMokhatab' (default), Towler & Mokhatab (2005):
 *   T = 13.47 ln p + 34.27 ln g - 1.675 ln p ln g - 20.35                           (degF, p psia)
 * method 'Motiee', Motiee (1991):
 *   T = -238.24469 + 78.99667 log p - 5.352544 (log p)^2 + 349.473877 g - 150.854675 g^2
 *       - 27.604065 g log p                                                         (degF, log10)
 * g = gas specific gravity (air = 1).
 * Inhibitor (W wt% in the free-water phase, M its molar mass):
 *   'Hammerschmidt' (1934): dT = 2335 W / (M (100 - W))    (degF; GPSA's K for methanol, ethanol
 *                             and glycols; reliable to ~25 wt% alcohols, ~70 wt% glycols)
 *   'NielsenBucklin' (1983), methanol: dT = -129.6 ln x_w, x_w the water mole fraction of the
 *                             inhibited water (better at high methanol concentrations).
 * These are screening correlations: a few degF from data (refdata gas.json notes), sweet gas only.
 * Validity: Katz chart gravities 0.555-1.0 and hydrate temperatures ~32-90 degF (outside -> warnings).
 * Checked example: 200 psia, g 0.6 -> 38.0458 degF (Towler & Mokhatab), 500 psia, g 0.6 ->
 * 46.6498 degF (Motiee) (direct evaluation; refdata gas.json hyd-TOWLER-200-0.6 agrees to 1e-12,
 * hyd-MOTIEE-500-0.6 is 0.013 degF lower: pyrestoolbox's Motiee differs from the printed
 * coefficients by 0.013-0.018 degF over 500-4000 psia, inside the vectors' 0.05 degF tolerance).
 *
 * References:
 * - Towler, B.F. and Mokhatab, S. (2005) Quickly Estimate Hydrate Formation Conditions in Natural
 *   Gases. Hydrocarbon Processing 84(4), 61-62.
 * - Motiee, M. (1991) Estimate Possibility of Hydrates. Hydrocarbon Processing 70(7), 98-99.
 * - Katz, D.L. (1945) Prediction of Conditions for Hydrate Formation in Natural Gases. Trans. AIME
 *   160, 140-149. SPE-945140-G.
 * - Hammerschmidt, E.G. (1934) Formation of Gas Hydrates in Natural Gas Transmission Lines.
 *   Industrial & Engineering Chemistry 26(8), 851-855.
 * - Nielsen, R.B. and Bucklin, R.W. (1983) Why not use methanol for hydrate control? Hydrocarbon
 *   Processing 62(4), 71-78.
 * - GPSA (2004) Engineering Data Book, 12th ed., Section 20 (Dehydration), Eq. 20-4.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { MAX_PSIA, requireNaturalGas, requireWithin } from '../pvt/correlations/domain.js';
import { P_SC } from '../pvt/correlations/nonHydrocarbons.js';

const METHODS = ['TowlerMokhatab', 'Motiee'] as const;
type Method = (typeof METHODS)[number];
const INHIBITORS = { methanol: 32.042, ethanol: 46.069, MEG: 62.068, DEG: 106.12, TEG: 150.17 } as const;
type Inhibitor = keyof typeof INHIBITORS;
const HAMMERSCHMIDT_K = 2335;
const M_WATER = 18.015;
const GRAVITY_RANGE = { min: 0.555, max: 1.0 } as const;
const T_RANGE = { min: 32, max: 90 } as const;
/**
 * Coldest hydrate temperature answered, degF: below about -150 degF (-101 degC) no inhibited water
 * stays liquid (methanol-water's eutectic is near -130 degC only at ~90 wt% methanol), and the fits
 * are far from their 32-90 degF data.
 */
const MIN_HYDRATE_TF = -150;

const Input = Type.Object({
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure, or a list of pressures' }),
  gasSG: quantity('dimensionless', { exclusiveMinimum: 0, unit: 'air=1', description: 'Gas specific gravity (air = 1), sweet gas' }),
  method: Type.Optional(Type.Enum(METHODS, { default: 'TowlerMokhatab', description: "'TowlerMokhatab' (2005, default) or 'Motiee' (1991)" })),
  inhibitor: Type.Optional(Type.Enum(Object.keys(INHIBITORS) as Inhibitor[], { description: 'Hydrate inhibitor in the free water (with inhibitorWtPct)' })),
  inhibitorWtPct: Type.Optional(quantity('salinity', { minimum: 0, exclusiveMaximum: 100, description: 'Inhibitor concentration in the water phase, weight percent' })),
  inhibitorMethod: Type.Optional(
    Type.Enum(['Hammerschmidt', 'NielsenBucklin'], { default: 'Hammerschmidt', description: "depression: 'Hammerschmidt' (1934) or 'NielsenBucklin' (1983, methanol only)" }),
  ),
});

const each = (q: Parameters<typeof quantityOrArray>[0], description: string) => quantityOrArray(q, { description });

const Output = Type.Object({
  hydrateFormationTF: each('temperature', 'Hydrate formation temperature of the uninhibited gas'),
  depressionF: Type.Optional(quantity('temperatureDifference', { description: 'Hydrate temperature depression by the inhibitor' })),
  inhibitedHydrateTF: Type.Optional(each('temperature', 'Hydrate formation temperature with the inhibitor')),
});

function hydrateT(method: Method, p: number, g: number): number {
  if (method === 'Motiee') {
    const l = Math.log10(p);
    return -238.24469 + 78.99667 * l - 5.352544 * l * l + 349.473877 * g - 150.854675 * g * g - 27.604065 * g * l;
  }
  const lp = Math.log(p);
  const lg = Math.log(g);
  return 13.47 * lp + 34.27 * lg - 1.675 * lp * lg - 20.35;
}

function depression(inhibitor: Inhibitor, w: number, method: 'Hammerschmidt' | 'NielsenBucklin', warnings: string[]): number {
  const m = INHIBITORS[inhibitor];
  if (method === 'NielsenBucklin') {
    if (inhibitor !== 'methanol') throw new EngineFailure('invalid_input', 'the Nielsen–Bucklin (1983) depression is for methanol only');
    const water = (100 - w) / M_WATER;
    return -129.6 * Math.log(water / (water + w / m));
  }
  const limit = inhibitor === 'methanol' || inhibitor === 'ethanol' ? 25 : 70;
  if (w > limit) warnings.push(`Hammerschmidt (1934) is reliable to about ${limit} wt% ${inhibitor}; ${w} wt% is beyond it${inhibitor === 'methanol' ? " (consider inhibitorMethod 'NielsenBucklin')" : ''}`);
  return (HAMMERSCHMIDT_K * w) / (m * (100 - w));
}

export const hydrateTemperature = defineFunction({
  name: 'gas.hydrateTemperature',
  module: 'gas',
  title: 'Hydrate formation temperature of a natural gas (gravity method) and inhibitor depression',
  description:
    "Temperature (degF) below which a sweet natural gas forms hydrates at a pressure (psia), from fits of the Katz (1945) gravity chart: 'TowlerMokhatab' " +
    "(Towler & Mokhatab 2005, default) or 'Motiee' (1991). Optional inhibitor (methanol, ethanol, MEG, DEG, TEG at inhibitorWtPct in the water phase): " +
    "depression by Hammerschmidt (1934; K = 2335, GPSA) or, for methanol, Nielsen & Bucklin (1983). Screening accuracy: a few degF; sweet gases of gravity 0.555-1.0, " +
    'hydrate temperatures ~32-90 degF (outside -> warnings).',
  input: Input,
  output: Output,
  references: [
    'Towler, B.F. and Mokhatab, S. (2005) Quickly Estimate Hydrate Formation Conditions in Natural Gases. Hydrocarbon Processing 84(4), 61-62.',
    'Motiee, M. (1991) Estimate Possibility of Hydrates. Hydrocarbon Processing 70(7), 98-99.',
    'Katz, D.L. (1945) Prediction of Conditions for Hydrate Formation in Natural Gases. Trans. AIME 160, 140-149. SPE-945140-G.',
    'Hammerschmidt, E.G. (1934) Formation of Gas Hydrates in Natural Gas Transmission Lines. Industrial & Engineering Chemistry 26(8), 851-855.',
    'Nielsen, R.B. and Bucklin, R.W. (1983) Why not use methanol for hydrate control? Hydrocarbon Processing 62(4), 71-78.',
    'GPSA (2004) Engineering Data Book, 12th ed., Section 20.',
  ],
  validity: [{ field: 'gasSG', min: GRAVITY_RANGE.min, max: GRAVITY_RANGE.max, note: 'Katz (1945) gravity chart behind both fits' }],
  examples: [
    {
      title: 'Towler & Mokhatab at 200 psia, gasSG 0.6',
      input: { psia: 200, gasSG: 0.6 },
      expected: { hydrateFormationTF: 38.0457555594 },
      tolerance: 1e-6,
      source: 'Towler & Mokhatab (2005) equation; refdata gas.json hyd-TOWLER-200-0.6 (pyrestoolbox 3.7.6)',
    },
    {
      title: 'Motiee at 500 psia, gasSG 0.6',
      input: { psia: 500, gasSG: 0.6, method: 'Motiee' },
      expected: { hydrateFormationTF: 46.6365474045 },
      tolerance: 1e-3,
      source: 'refdata gas.json hyd-MOTIEE-500-0.6 (pyrestoolbox 3.7.6, tolerance 0.05 degF); the printed Motiee (1991) coefficients give 46.6498 degF, 0.013 degF above it',
    },
  ],
  run(input, warnings) {
    const method = input.method ?? 'TowlerMokhatab';
    const pressures = Array.isArray(input.psia) ? input.psia : [input.psia];
    // Hydrates need water and gas at pressure: below atmospheric pressure the fits' logarithms run
    // to absolute zero; a sweet natural gas lies between methane and the heaviest gas (domain.ts).
    for (const p of pressures) requireWithin('psia', p, P_SC, MAX_PSIA, 'psia', 'the hydrate fits describe gas at or above atmospheric pressure');
    requireNaturalGas(input.gasSG, { yCO2: 0, yH2S: 0, yN2: 0 });
    const temps = pressures.map((p) => hydrateT(method, p, input.gasSG));
    for (const [i, t] of temps.entries()) {
      if (!(t > MIN_HYDRATE_TF)) throw new EngineFailure('out_of_range', `${method} gives a hydrate temperature of ${t.toFixed(1)} degF at ${pressures[i]} psia for gasSG ${input.gasSG}: far outside its fit (~32-90 degF), no hydrate temperature`);
    }
    if (method === 'Motiee') {
      // Motiee's quadratic in gravity peaks at g* = (349.47 - 27.60 log10 p) / (2 x 150.85), lowest at
      // the highest pressure: above it the fit falls as the gas gets heavier, against the Katz chart it fits.
      const pMax = Math.max(...pressures);
      const peak = (349.473877 - 27.604065 * Math.log10(pMax)) / (2 * 150.854675);
      if (input.gasSG > peak) warnings.push(`Motiee (1991) falls with gas gravity above ${peak.toFixed(3)} at ${pMax} psia (the peak of its fit), against the Katz chart it fits: at gasSG ${input.gasSG} it gives a lower hydrate temperature than a lighter gas; method 'TowlerMokhatab' rises with gravity throughout`);
    }
    const lo = Math.min(...temps);
    const hi = Math.max(...temps);
    if (lo < T_RANGE.min || hi > T_RANGE.max) warnings.push(`hydrate temperature ${lo < T_RANGE.min ? lo.toFixed(1) : hi.toFixed(1)} degF is outside the Katz chart (~${T_RANGE.min}-${T_RANGE.max} degF)`);
    const list = Array.isArray(input.psia);
    const out: Record<string, unknown> = { hydrateFormationTF: list ? temps : temps[0] };
    if ((input.inhibitor === undefined) !== (input.inhibitorWtPct === undefined)) throw new EngineFailure('invalid_input', 'give inhibitor and inhibitorWtPct together');
    if (input.inhibitor !== undefined) {
      const d = depression(input.inhibitor, input.inhibitorWtPct as number, input.inhibitorMethod ?? 'Hammerschmidt', warnings);
      const coldest = Math.min(...temps) - d;
      if (!(coldest > MIN_HYDRATE_TF)) {
        throw new EngineFailure('out_of_range', `${input.inhibitorWtPct} wt% ${input.inhibitor} depresses the hydrate temperature by ${d.toFixed(1)} degF, to ${coldest.toFixed(1)} degF: beyond where the inhibited water is liquid, no hydrate temperature`);
      }
      out.depressionF = d;
      out.inhibitedHydrateTF = list ? temps.map((t) => t - d) : (temps[0] as number) - d;
    }
    return out as never;
  },
});
