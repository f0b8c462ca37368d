/**
 * pvt.zFactor: the natural-gas compressibility factor z(Ppr, Tpr) from the Standing–Katz chart
 * correlations, and its slope dz/dPpr at constant Tpr (what gas compressibility needs).
 *
 * Methods: 'DAK' Dranchuk & Abou-Kassem (1975), default; 'HY' Hall & Yarborough (1973).
 * Equations, solver and validity of each are in ./correlations/zDAK.ts and zHallYarborough.ts.
 * Units: all dimensionless.
 * Validity: DAK 0.2 <= Ppr < 30 and 1.0 < Tpr <= 3.0 (or Ppr < 1.0 with 0.7 < Tpr <= 1.0);
 * HY 0.1 <= Ppr <= 24 and 1.2 <= Tpr <= 3.0. Outside: the result with warnings. No root: no_solution.
 * Below Tpr 1.0218 the DAK equation folds (three roots over a narrow Ppr band, z jumps): a warning
 * where the call's Ppr reach that band (./correlations/zDAKFold.ts).
 *
 * References:
 * - Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using
 *   Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.
 * - Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations.
 *   Oil & Gas Journal 71(25), 82-92.
 * - Standing, M.B. and Katz, D.L. (1942) Density of Natural Gases. Trans. AIME 146, 140-149. SPE-942140-G.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { DakSweepState, span, Z_METHODS, zBy, zColumns, zRangeWarnings, zRangeWarningsSpan } from './correlations/zMethods.js';
import { asList, newColumn, type Column } from './correlations/columns.js';
import { FINITE_BOUNDS, listBounds, vouchChecked, type Bounds } from '../resultCheck.js';

const Input = Type.Object({
  ppr: quantityOrArray('dimensionless', { exclusiveMinimum: 0, description: 'Pseudo-reduced pressure p/Ppc, or a list of them (at one Tpr)' }),
  tpr: quantity('dimensionless', { exclusiveMinimum: 0, description: 'Pseudo-reduced temperature T/Tpc (absolute temperatures)' }),
  zMethod: Type.Optional(
    Type.Enum(Z_METHODS, { default: 'DAK', description: "z-factor correlation: 'DAK' Dranchuk & Abou-Kassem (1975), 'HY' Hall & Yarborough (1973)" }),
  ),
});

const Output = Type.Object({
  z: quantityOrArray('dimensionless', { description: 'Gas compressibility factor (a list when ppr is a list)' }),
  dzdppr: quantityOrArray('dimensionless', { description: 'dz/dPpr at constant Tpr (a list when ppr is a list)' }),
});

/** The result check's bounds of the two lists (engine/resultCheck.ts); finite at least. */
const Z_BOUNDS = listBounds(Output.properties.z) ?? FINITE_BOUNDS;
const DZ_BOUNDS = listBounds(Output.properties.dzdppr) ?? FINITE_BOUNDS;

/** Every value in (0, inf) lies within b: what the DAK kernel's ok flag holds of z. */
const holdsPositive = (b: Bounds) => b[0] <= 0 && b[1] <= 0 && b[2] === Infinity && b[3] === Infinity;
/** Every finite value lies within b: what the DAK kernel's ok flag holds of dz/dPpr. */
const holdsFinite = (b: Bounds) => b[0] === -Infinity && b[1] === -Infinity && b[2] === Infinity && b[3] === Infinity;
/** The kernel's flags are the result check's comparison for these bounds (true for today's schema). */
const KERNEL_FLAGS_SUFFICE = holdsPositive(Z_BOUNDS) && holdsFinite(DZ_BOUNDS);

/**
 * Every value of a fresh column inside `b`, compared here. Why here and not by the shared result
 * check: that loop serves every function's lists, so once other functions have run its element
 * loads are polymorphic and cost several times this one's (measured: pvt.zFactor 25-30% slower
 * per point after the catalogue's examples ran in the same thread, as in any engine thread).
 */
function within(col: Column, b: Bounds): boolean {
  const [lo, xlo, hi, xhi] = b;
  for (let i = 0; i < col.length; i++) {
    const v = col[i] as number;
    if (!(v >= lo && v > xlo && v <= hi && v < xhi)) return false; // false for NaN
  }
  return true;
}

export const zFactor = defineFunction({
  name: 'pvt.zFactor',
  module: 'pvt',
  title: 'Gas z-factor from reduced pressure and temperature',
  description:
    'Natural-gas compressibility factor z and its slope dz/dPpr at constant Tpr from the pseudo-reduced pressure and temperature. ' +
    "Methods: 'DAK' (Dranchuk & Abou-Kassem 1975, 11-constant fit of the Standing–Katz chart, default) and 'HY' (Hall & Yarborough 1973). " +
    'Validity: DAK 0.2 <= Ppr < 30 with 1.0 < Tpr <= 3.0 (or Ppr < 1 with 0.7 < Tpr <= 1); HY 0.1 <= Ppr <= 24 with 1.2 <= Tpr <= 3.0. ' +
    'Below Tpr 1.0218 the DAK equation folds (three roots over a narrow Ppr band, e.g. 1.0799-1.0820 at Tpr 1.02, where z jumps 19%): a warning names the band when the Ppr reach it. ' +
    'Outside these ranges the result is returned with warnings; near Tpr 1.05 both fits deviate 5-18% from the chart. All quantities are dimensionless. ' +
    'A list of ppr (one Tpr) gives lists of z and dz/dPpr.',
  input: Input,
  output: Output,
  references: [
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations. Oil & Gas Journal 71(25), 82-92.',
    'Standing, M.B. and Katz, D.L. (1942) Density of Natural Gases. Trans. AIME 146, 140-149. SPE-942140-G.',
  ],
  // Ranges depend on the method; run() checks them (see description).
  validity: [],
  examples: [
    {
      title: 'DAK at Ppr 0.5, Tpr 1.3',
      input: { ppr: 0.5, tpr: 1.3, zMethod: 'DAK' },
      expected: { z: 0.9203019 },
      tolerance: 1e-6,
      source: 'R package zFactor 0.1.9, vignette Beggs-Brill.Rmd, printed z.DranchukAbuKassem grid',
    },
    {
      title: 'HY at Ppr 0.5, Tpr 1.3',
      input: { ppr: 0.5, tpr: 1.3, zMethod: 'HY' },
      expected: { z: 0.91763 },
      tolerance: 1e-5,
      source: 'R package zFactor 0.1.9, vignette Beggs-Brill.Rmd, printed z.HallYarborough grid',
    },
  ],
  run(input, warnings) {
    const method = input.zMethod ?? 'DAK';
    if (!Array.isArray(input.ppr)) {
      warnings.push(...zRangeWarnings(method, input.ppr, input.tpr));
      return zBy(method, input.ppr, input.tpr);
    }
    const ppr = input.ppr;
    // The span once: the range warnings and the DAK table (which spans the largest) both use it.
    const { lo, hi } = span(ppr);
    warnings.push(...zRangeWarningsSpan(method, lo, hi, input.tpr));
    // Columns of their final length (Float64Array past PLAIN_COLUMN_MAX, ./correlations/columns.ts),
    // every index written; no object per point.
    const z = newColumn(ppr.length);
    const dzdppr = newColumn(ppr.length);
    const state = new DakSweepState();
    if (hi >= lo) state.pprMax = hi; // none when every value is NaN
    const noRoot = zColumns(method, ppr, input.tpr, z, dzdppr, 0, ppr.length, state);
    if (noRoot >= 0) {
      zBy(method, ppr[noRoot] as number, input.tpr); // throws that point's no_solution
      // Unreachable while the column and scalar paths agree; if they ever do not, a fault (500), never a column with an unwritten index.
      throw new Error(`z column found no root at index ${noRoot} where the scalar path did`);
    }
    // Compared once here (or by the DAK kernel's flags, point by point, where every point was its),
    // so the result check does not walk them again; a value outside is left to it, to report.
    if ((state.kernelVouched === true && KERNEL_FLAGS_SUFFICE) || (within(z, Z_BOUNDS) && within(dzdppr, DZ_BOUNDS))) {
      vouchChecked(z, Z_BOUNDS);
      vouchChecked(dzdppr, DZ_BOUNDS);
    }
    return { z: asList(z), dzdppr: asList(dzdppr) };
  },
});
