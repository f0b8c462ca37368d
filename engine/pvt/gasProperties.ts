/**
 * pvt.gasProperties: dry-gas PVT at one temperature and one or more pressures — pseudo-critical
 * and reduced properties, z, formation volume factor, density, viscosity and compressibility.
 *
 *   Tpr = T/Tpc, Ppr = p/Ppc, MW = 28.97 gasSG, Bg = z T psc / (p Tsc) (rcf/scf),
 *   BgRbPerMscf = 1000 Bg / 5.6145833, density = p MW / (z R T), cg = 1/p - (dz/dPpr) / (z Ppc)
 * with T = TF + 459.67 degR, psc = 14.696 psia, Tsc = 519.67 degR, R = 10.731577 psia ft3/(lbmol degR).
 *
 * Methods (each in ./correlations with its equations, validity and references):
 * - pcMethod: 'PiperMcCainCorredor' (default; Piper, McCain & Corredor 1993, non-hydrocarbons in
 *   the fit) or 'SuttonWichertAziz' (Sutton 1985 on the hydrocarbon fraction, Kay mixing, Wichert–Aziz).
 * - zMethod: 'DAK' (default) or 'HY'.
 * - viscosityMethod: 'LGE-McCain' (default, McCain's refit of Lee–Gonzalez–Eakin) or 'LGE-original-1966'.
 * Units: psia, degF, degR, rcf/scf, rb/Mscf, lbm/ft3, cp, 1/psi; gasSG air = 1; mole fractions.
 * Validity: the z method's Ppr/Tpr range; Lee–Gonzalez–Eakin 100-8000 psia and 100-340 degF;
 * the pseudo-critical method's composition range (outside -> warnings).
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { gasViscosityLGE, lgeAcidGasWarning, lgeAtTemperature, LGE_METHODS, LGE_RANGE } from './correlations/gasViscosityLGE.js';
import { MW_AIR, P_SC, R_GAS, RANKINE_OFFSET, T_SC_R, type GasImpurities } from './correlations/nonHydrocarbons.js';
import { GAS_INPUTS } from './correlations/gasInputs.js';
import { requireGasPressures, requireGasTemperature } from './correlations/domain.js';
import { pseudoCriticalsBy } from './correlations/pcMethods.js';
import { DakSweepState, zBy, zColumns, zRangeWarningsSpan } from './correlations/zMethods.js';
import { FINITE_BOUNDS, listBounds, vouchChecked, type Bounds } from '../resultCheck.js';
import { tableExp } from './correlations/tableExp.js';
import { asList, newColumn, type Column } from './correlations/columns.js';
import { dakTable, kernelsWithTable, TABLE_MIN, type DakTable } from './correlations/zDAKTable.js';
import { gasKernels, KERNEL_BLOCK, type GasKernels, type GasPropertyConstants } from './kernels/gasKernels.js';

/** ft3 per bbl: 0.158987294928 m3 / 0.028316846592 m3 (both exact). */
const FT3_PER_BBL = 0.158987294928 / 0.028316846592;

const options = <T extends string[]>(values: readonly [...T], def: T[number], description: string) =>
  Type.Optional(Type.Enum(values, { default: def, description }));

const Input = Type.Object({
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure, or a list of pressures' }),
  TF: quantity('temperature', { exclusiveMinimum: -RANKINE_OFFSET, description: 'Temperature' }),
  ...GAS_INPUTS,
  viscosityMethod: options(LGE_METHODS, 'LGE-McCain', "viscosity: 'LGE-McCain' (Lee–Gonzalez–Eakin, McCain refit constants) or 'LGE-original-1966'"),
});

const perPressure = (q: Parameters<typeof quantityOrArray>[0], description: string) => quantityOrArray(q, { description });

const Output = Type.Object({
  Tpc: quantity('temperatureAbsolute', { description: 'Pseudo-critical temperature' }),
  Ppc: quantity('pressure', { description: 'Pseudo-critical pressure' }),
  Tpr: quantity('dimensionless', { description: 'Pseudo-reduced temperature', physical: { exclusiveMinimum: 0 } }),
  Ppr: quantityOrArray('dimensionless', { description: 'Pseudo-reduced pressure', physical: { exclusiveMinimum: 0 } }),
  z: quantityOrArray('dimensionless', { description: 'Gas compressibility factor', physical: { exclusiveMinimum: 0 } }),
  Bg: quantityOrArray('dimensionless', { description: 'Gas formation volume factor (reservoir ft3 per standard ft3; the same number in rm3/sm3)', unit: 'rcf/scf', metricUnit: 'rm3/sm3', physical: { exclusiveMinimum: 0 } }),
  BgRbPerMscf: perPressure('gasFVF', 'Gas formation volume factor'),
  density: perPressure('density', 'Gas density'),
  viscosity: perPressure('viscosity', 'Gas viscosity'),
  // A stable phase has a positive isothermal compressibility (mechanical stability, dp/drho > 0).
  cg: quantityOrArray('compressibility', { description: 'Isothermal gas compressibility', physical: { exclusiveMinimum: 0 } }),
  MW: quantity('molarMass', { description: 'Apparent molecular weight, 28.97 gasSG' }),
});

/** rb/Mscf per rcf/scf: 1000 / FT3_PER_BBL. */
const RB_PER_MSCF_PER_RCF_SCF = 1000 / FT3_PER_BBL;

/** Lists shorter than this are left to the executor's check (its loop is cheaper than a WeakMap entry there). */
const VOUCH_MIN = 512;

/** Points per block of the list loop (a block's columns stay in cache; the kernel's scratch holds one block). */
const BLOCK = KERNEL_BLOCK;

/** The result check's bounds of each list output (engine/resultCheck.ts), for the loop's own comparison. */
const B = {
  Ppr: boundsFor('Ppr'),
  z: boundsFor('z'),
  Bg: boundsFor('Bg'),
  BgRbPerMscf: boundsFor('BgRbPerMscf'),
  density: boundsFor('density'),
  viscosity: boundsFor('viscosity'),
  cg: boundsFor('cg'),
};

function boundsFor(key: keyof typeof Output.properties): Bounds {
  return listBounds(Output.properties[key]) ?? FINITE_BOUNDS;
}

const within = (v: number, b: Bounds) => v >= b[0] && v > b[1] && v <= b[2] && v < b[3];

/** Bounds of the form "> 0, finite, at most a maximum (Infinity: none)". */
const positiveUpTo = (b: Bounds) => b[0] === -Infinity && b[1] === 0 && b[3] === Infinity;

/**
 * Every list output's bounds are "> 0, finite, at most a maximum" (today's schema: density and
 * viscosity have physical ceilings, engine/quantity.ts; the rest none) and Ppr's and z's have no
 * maximum: the WebAssembly kernel checks exactly these (its ok flags), and the loop's comparison
 * takes its short form. Exported so a test holds the schema and the kernel together: when a bound
 * of another form is declared, long lists silently lose the kernel (3-4x slower per point), as they
 * once did when the ceilings came in.
 */
export const KERNEL_CHECKS_BOUNDS = Object.values(B).every(positiveUpTo) && B.Ppr[2] === Infinity && B.z[2] === Infinity;

/** The short-form check: > 0, at most max, finite. */
const upTo = (v: number, max: number) => v > 0 && v <= max && v !== Infinity;

interface OutColumns {
  Bg: Column;
  BgRbPerMscf: Column;
  density: Column;
  viscosity: Column;
  cg: Column;
}

/**
 * Bg, BgRbPerMscf, density, cg and viscosity of points start..end (z and dz/dPpr solved, dz/dPpr
 * at dzdppr[i - start]) by the WebAssembly kernel (engine/pvt/kernels/assembly/gasProperties.ts);
 * zInKernel: the block's z and dz/dPpr are in the kernel's columns already (the DAK table path).
 * Writes the columns and returns true only when every value of the block is within its bounds
 * (positive, finite, at most its maximum) and every Ppr positive and finite; false leaves the block to the loops.
 */
function kernelBlock(
  kernel: GasKernels,
  pressures: readonly number[],
  Ppr: Column,
  z: Column,
  dzdppr: Float64Array,
  start: number,
  end: number,
  out: OutColumns,
  g: GasPropertyConstants,
  zInKernel: boolean,
): boolean {
  const { p, z: kz, dz: kdz } = kernel.col;
  const m = end - start;
  for (let j = 0; j < m; j++) {
    const ppr = Ppr[start + j] as number;
    if (!(ppr > 0 && ppr < Infinity)) return false;
    p[j] = pressures[start + j] as number;
  }
  // The DAK table path (./correlations/zDAKTable.ts) left the block's z and dz/dPpr in the kernel's columns.
  if (!zInKernel) {
    for (let j = 0; j < m; j++) {
      kz[j] = z[start + j] as number;
      kdz[j] = dzdppr[j] as number;
    }
  }
  if (kernel.gasPropertyColumns(m, g) !== m) return false;
  copyProperties(kernel, out, start, m);
  return true;
}

/**
 * The whole block start..end in one kernel call (engine/pvt/kernels/assembly/gasBlock.ts: Ppr,
 * z and dz/dPpr from the DAK table and Newton, the properties), for long DAK lists whose table
 * applies: the block's Ppr and z never pass through JavaScript between the steps. Writes every
 * column and returns true only when every point settled and every value is within its bounds
 * (Ppr too: a point settles only where its target, 0.27 Ppr/Tpr, lies in the table); false
 * leaves the block, untouched, to the general path.
 */
function wholeBlock(
  table: DakTable,
  pressures: readonly number[],
  ppc: number,
  start: number,
  end: number,
  Ppr: Column,
  z: Column,
  out: OutColumns,
  g: GasPropertyConstants,
): boolean {
  const kernel = kernelsWithTable(table);
  const { p } = kernel.col;
  const m = end - start;
  for (let j = 0; j < m; j++) p[j] = pressures[start + j] as number;
  if (!kernel.gasBlock(m, table, ppc, g)) return false;
  copyInto(Ppr, kernel.col.ppr, start, m);
  copyInto(z, kernel.col.z, start, m);
  copyProperties(kernel, out, start, m);
  return true;
}

/** The kernel's property columns [0..m) into the output columns at start. */
function copyProperties(kernel: GasKernels, out: OutColumns, start: number, m: number): void {
  const { bg, bgRb, density, cg, viscosity } = kernel.col;
  copyInto(out.Bg, bg, start, m);
  copyInto(out.BgRbPerMscf, bgRb, start, m);
  copyInto(out.density, density, start, m);
  copyInto(out.cg, cg, start, m);
  copyInto(out.viscosity, viscosity, start, m);
}

/** col[start..start+m) = from[0..m) (a whole kernel column without a view of it: no allocation a block). */
function copyInto(col: Column, from: Float64Array, start: number, m: number): void {
  if (col instanceof Float64Array) col.set(m === from.length ? from : from.subarray(0, m), start);
  else for (let j = 0; j < m; j++) col[start + j] = from[j] as number;
}

export const gasProperties = defineFunction({
  name: 'pvt.gasProperties',
  module: 'pvt',
  title: 'Dry-gas properties (z, Bg, density, viscosity, compressibility)',
  description:
    'Dry-gas PVT at one temperature and one pressure or a list of pressures: pseudo-critical temperature and pressure, reduced properties, ' +
    'z-factor, Bg (rcf/scf and rb/Mscf), density (lbm/ft3), viscosity (cp) and isothermal compressibility (1/psi). ' +
    "Pseudo-criticals: 'PiperMcCainCorredor' (default) or 'SuttonWichertAziz' (Sutton on the hydrocarbon part, Kay mixing of CO2/H2S/N2, Wichert–Aziz). " +
    "z: 'DAK' (default) or 'HY'. Viscosity: Lee–Gonzalez–Eakin with McCain's refit constants ('LGE-McCain', default) or the 1966 originals. " +
    'Conventions: degR = degF + 459.67, standard conditions 14.696 psia and 60 degF, MW = 28.97 gasSG. ' +
    'Validity: the z method range (DAK 0.2 <= Ppr < 30, 1 < Tpr <= 3, with a warning where its equation folds below Tpr 1.0218 and z jumps; HY 0.1 <= Ppr <= 24, 1.2 <= Tpr <= 3) and the viscosity data (100-8000 psia, 100-340 degF, sweet gases: a warning above 10% CO2 + H2S); outside them the result comes with warnings. ' +
    'Pressure-dependent outputs are lists when psia is a list.',
  input: Input,
  output: Output,
  references: [
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE Annual Technical Conference and Exhibition, Houston. SPE-26668-MS.',
    'Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases. SPE Annual Technical Conference and Exhibition, Las Vegas. SPE-14265-MS.',
    'Kay, W.B. (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and Pressure. Industrial & Engineering Chemistry 28(9), 1014-1019.',
    "Wichert, E. and Aziz, K. (1972) Calculate Z's for Sour Gases. Hydrocarbon Processing 51(5), 119-122.",
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations. Oil & Gas Journal 71(25), 82-92.',
    'Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. Journal of Petroleum Technology 18(8), 997-1000. SPE-1340-PA.',
    'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.',
    'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa.',
  ],
  validity: [
    { field: 'psia', min: LGE_RANGE.psiaMin, max: LGE_RANGE.psiaMax, unit: 'psia', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' },
    { field: 'TF', min: LGE_RANGE.tfMin, max: LGE_RANGE.tfMax, unit: 'degF', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' },
  ],
  examples: [
    {
      title: 'z at 2350 psia, 180 degF, gasSG 0.68 (DAK, Piper–McCain–Corredor)',
      input: { psia: 2350, TF: 180, gasSG: 0.68 },
      expected: { z: 0.87853999271 },
      tolerance: 1e-5,
      source: 'pyrestoolbox 3.7.6 documentation, docs/gas.rst, gas_z published example',
    },
    {
      title: 'viscosity at 1000 psia, 180 degF, gasSG 0.75 (HY, Sutton)',
      input: { psia: 1000, TF: 180, gasSG: 0.75, zMethod: 'HY', pcMethod: 'SuttonWichertAziz' },
      expected: { viscosity: 0.0141188901003 },
      tolerance: 1e-4,
      source: 'pyrestoolbox 3.7.6 documentation, docs/gas.rst, gas_ug published example',
    },
  ],
  run(input, warnings) {
    const tR = input.TF + RANKINE_OFFSET;
    if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${input.TF} degF is at or below absolute zero`);
    requireGasTemperature('TF', input.TF);
    const y: GasImpurities = { yCO2: input.yCO2 ?? 0, yH2S: input.yH2S ?? 0, yN2: input.yN2 ?? 0 };
    const list = Array.isArray(input.psia);
    const pressures: readonly number[] = list ? (input.psia as number[]) : [input.psia as number];
    const { lo: pMin, hi: pMax } = requireGasPressures('psia', pressures);
    const pc = pseudoCriticalsBy(input.pcMethod ?? 'PiperMcCainCorredor', input.gasSG, y, warnings);
    const acidGas = lgeAcidGasWarning(y.yCO2, y.yH2S);
    if (acidGas !== null) warnings.push(acidGas);
    const zMethod = input.zMethod ?? 'DAK';
    const tpr = tR / pc.tpc;
    const mw = MW_AIR * input.gasSG;
    const n = pressures.length;
    const viscosityMethod = input.viscosityMethod ?? 'LGE-McCain';
    const lge = lgeAtTemperature(viscosityMethod, tR, mw);
    // Bg = z T psc / (p Tsc), density = p MW / (z R T): the constant parts once per call.
    const g: GasPropertyConstants = {
      bgPerZOverP: (tR * P_SC) / T_SC_R,
      densityPerPOverZ: mw / (R_GAS * tR),
      rbPerMscfPerRcfScf: RB_PER_MSCF_PER_RCF_SCF,
      invPpc: 1 / pc.ppc,
      muScale: 1e-4 * lge.k,
      invRhoUnit: 1 / lge.rhoUnit,
      lgeX: lge.x,
      lgeY: lge.y,
      bgMax: B.Bg[2],
      bgRbMax: B.BgRbPerMscf[2],
      densityMax: B.density[2],
      cgMax: B.cg[2],
      viscosityMax: B.viscosity[2],
    };
    const { bgPerZOverP, densityPerPOverZ, invPpc, muScale, invRhoUnit, lgeX, lgeY } = g;
    // Columns of their final length (no growth, no object per pressure; Float64Array past
    // PLAIN_COLUMN_MAX, ./correlations/columns.ts), every index written;
    // blocks of BLOCK points keep a block's numbers in cache between the z sweep and the properties.
    const Ppr = newColumn(n);
    const z = newColumn(n);
    const dzdppr = new Float64Array(Math.min(n, BLOCK)); // one block's dz/dPpr (scratch)
    const Bg = newColumn(n);
    const BgRbPerMscf = newColumn(n);
    const density = newColumn(n);
    const viscosity = newColumn(n);
    const cg = newColumn(n);
    const sweep = new DakSweepState();
    // Only where every list output's bounds are of the form the kernel checks (its ok flag).
    const kernel = list && n >= TABLE_MIN && KERNEL_CHECKS_BOUNDS ? gasKernels() : null;
    const columns: OutColumns = { Bg, BgRbPerMscf, density, viscosity, cg };
    // The largest Ppr, for the DAK table (./correlations/zDAKTable.ts): division by ppc keeps the order, so it is pMax's.
    const pprMax = pMax / pc.ppc;
    if (pMin <= pMax) sweep.pprMax = pprMax;
    // Long DAK lists whose table applies: each block in one kernel call (wholeBlock); the table once per call.
    const table = kernel !== null && zMethod === 'DAK' && pMin <= pMax ? (sweep.table = dakTable(tpr, pprMax)) : null;
    // Every value compared with the bounds the executor's result check applies, in the same loop.
    // (Vouching costs a WeakMap entry per list: worth it only for long lists.)
    let inBounds = list && n >= VOUCH_MIN;
    let noRoot = -1;
    for (let start = 0; start < n && noRoot < 0; start += BLOCK) {
      const end = Math.min(n, start + BLOCK);
      if (table !== null && wholeBlock(table, pressures, pc.ppc, start, end, Ppr, z, columns, g)) continue;
      for (let i = start; i < end; i++) Ppr[i] = (pressures[i] as number) / pc.ppc;
      noRoot = zColumns(zMethod, Ppr, tpr, z, dzdppr, start, end, sweep, start);
      // Points in order, so the first point that fails (no z root, no finite viscosity) is the one reported.
      const solved = noRoot < 0 ? end : noRoot;
      // Long lists: the block by the WebAssembly kernel when every value it gives is in bounds; else the loops below.
      if (kernel !== null && solved > start && kernelBlock(kernel, pressures, Ppr, z, dzdppr, start, solved, columns, g, sweep.table != null)) continue;
      for (let i = start; i < solved; i++) {
        // Two divisions a point (1/p, 1/z); the rest are products, equal to the formulas within an ulp or two.
        const p = pressures[i] as number;
        const zi = z[i] as number;
        const invP = 1 / p;
        const invZ = 1 / zi;
        const bg = zi * bgPerZOverP * invP;
        const rho = p * densityPerPOverZ * invZ;
        const bgRb = bg * RB_PER_MSCF_PER_RCF_SCF;
        const c = invP - (dzdppr[i - start] as number) * invZ * invPpc;
        Bg[i] = bg;
        BgRbPerMscf[i] = bgRb;
        density[i] = rho;
        cg[i] = c;
        if (inBounds) {
          inBounds = KERNEL_CHECKS_BOUNDS
            ? upTo(Ppr[i] as number, Infinity) && upTo(zi, Infinity) && upTo(bg, B.Bg[2]) && upTo(bgRb, B.BgRbPerMscf[2]) && upTo(rho, B.density[2]) && upTo(c, B.cg[2])
            : within(Ppr[i] as number, B.Ppr) && within(zi, B.z) && within(bg, B.Bg) && within(bgRb, B.BgRbPerMscf) && within(rho, B.density) && within(c, B.cg);
        }
      }
      // Lee–Gonzalez–Eakin viscosity in a pass of its own over the block: its log and two exponentials
      // form a long chain per point, and a short loop of independent points lets the core overlap them.
      for (let i = start; i < solved; i++) {
        const rho = density[i] as number;
        // (rho/unit)^Y as exp(Y ln(rho/unit)): the same number within a few ulps, at less than half the cost of a power
        // (the exponentials inlined: ./correlations/tableExp.ts).
        let mu = muScale * tableExp(lgeX * tableExp(lgeY * Math.log(rho * invRhoUnit)));
        if (!(Number.isFinite(mu) && mu > 0)) mu = gasViscosityLGE(viscosityMethod, tR, rho, mw); // throws, naming the point
        viscosity[i] = mu;
        if (inBounds) inBounds = KERNEL_CHECKS_BOUNDS ? upTo(mu, B.viscosity[2]) : within(mu, B.viscosity);
      }
    }
    if (pMin <= pMax) warnings.push(...zRangeWarningsSpan(zMethod, pMin / pc.ppc, pMax / pc.ppc, tpr));
    if (inBounds && noRoot < 0) {
      vouchChecked(Ppr, B.Ppr);
      vouchChecked(z, B.z);
      vouchChecked(Bg, B.Bg);
      vouchChecked(BgRbPerMscf, B.BgRbPerMscf);
      vouchChecked(density, B.density);
      vouchChecked(viscosity, B.viscosity);
      vouchChecked(cg, B.cg);
    }
    if (noRoot >= 0) {
      zBy(zMethod, Ppr[noRoot] as number, tpr); // throws that point's no_solution
      // Unreachable while the column and scalar paths agree; if they ever do not, a fault (500), never a column with an unwritten index.
      throw new Error(`z column found no root at index ${noRoot} where the scalar path did`);
    }
    // A list of pressures gives lists; a single pressure gives numbers.
    const out = (col: Column) => (list ? asList(col) : (col[0] as number));
    return { Tpc: pc.tpc, Ppc: pc.ppc, Tpr: tpr, Ppr: out(Ppr), z: out(z), Bg: out(Bg), BgRbPerMscf: out(BgRbPerMscf), density: out(density), viscosity: out(viscosity), cg: out(cg), MW: mw };
  },
});
