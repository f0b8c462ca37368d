/**
 * The one table that maps reference vectors onto engine functions where their names differ
 * (refdata/README.md: "map them in the test, not by renaming here"). Anything not listed here
 * is used as written; a vector whose method, input or output the function does not know is then
 * skipped or failed, never passed silently.
 */

export interface FunctionMapping {
  /** Catalogue name, when the vector's `function` differs. */
  name?: string;
  /** Vector method key -> input key; `null`: the key only describes the method (no input). */
  methodKeys?: Record<string, string | null>;
  /** Per vector method key: vector value -> input value; `null`: use the function's default. */
  methodValues?: Record<string, Record<string, string | null>>;
  /** Vector input name -> input name; `null`: the input restates another in other units (not sent). */
  inputs?: Record<string, string | null>;
  /** Vector output name -> output name. */
  outputs?: Record<string, string>;
  /** Vector output name -> the unit its descriptive `expectedUnits` label stands for (e.g. 'kg/m3 (no volume shift)' -> 'kg/m3'). */
  expectedUnits?: Record<string, string>;
}

/** Method keys that are citations or notes in every file, never options. */
export const DESCRIPTIVE_METHOD_KEYS: readonly string[] = ['reference', 'note', 'notes'];

export const MAPPINGS: Readonly<Record<string, FunctionMapping>> = {
  // Chart points: any z method may be checked against the chart; the default (DAK) is.
  'pvt.zFactor': { methodValues: { zMethod: { 'any (chart)': null } } },
  // cashFlowTime restates `discounting` (start/mid/end-period) in words.
  'econ.metrics': { methodKeys: { cashFlowTime: null } },
  // Per-property McCain method names select method 'McCain'; gasSaturated only restates methaneSaturation
  // (false = the default 0). Osif's g/L input is salinityGPerL; its cw is the constant-composition one.
  'pvt.waterProperties': {
    methodKeys: { bwMethod: 'method', viscosityMethod: 'method', densityMethod: 'method', rswMethod: 'method', gasSaturated: null },
    methodValues: {
      bwMethod: { 'McCain(1990)': 'McCain' },
      viscosityMethod: { 'McCain(1990)': 'McCain' },
      densityMethod: { 'McCain(1990) rho_sc/Bw': 'McCain' },
      rswMethod: { 'Culberson-McKetta as fitted by McCain(1990)': 'McCain' },
      method: { 'Spivey-McCain-North(2004) brine, Duan-Mao CH4 solubility (pyrestoolbox brine_props)': 'SpiveyMcCainNorth' },
      cwMethod: { 'Osif(1988)': 'Osif' },
    },
    inputs: { naclGPerL: 'salinityGPerL' },
    outputs: { cw: 'cwUndersaturated' },
  },
  // Black oil. pyrestoolbox's Standing (+14.696) is the engine's 'StandingPsig'; the one metric Glaso
  // vector names its inputs in metric words (its method says units: metric).
  'pvt.oilBubblePoint': {
    methodValues: { pbMethod: { 'Standing-pyrestoolbox(+14.696)': 'StandingPsig' } },
    inputs: { TC: 'TF', rsbSm3Sm3: 'rsbScfStb' },
  },
  // `at` and `undersaturated` restate which branch the inputs select.
  'pvt.oilFVF': { methodKeys: { at: null, undersaturated: null } },
  // 'numerical' is dBo/dp at constant Rs of McCain's density-based Bo, which the engine takes analytically.
  'pvt.oilCompressibility': { methodValues: { coMethod: { numerical: 'McCain' } } },
  // viscosityMethod names the live-oil (Beggs–Robinson) method; vectors listing both undersaturated
  // methods check the per-method outputs muoVasquezBeggs and muoPetroskyFarshad.
  'pvt.oilViscosity': {
    methodKeys: { viscosityMethod: 'liveOilMethod' },
    methodValues: { undersaturatedMethod: { 'VasquezBeggs | PetroskyFarshad': null } },
    outputs: { viscosity: 'muo' },
  },
  // The densityMethod and viscosityMethod values restate the 'ValkoMcCain' set's defaults.
  'pvt.oilProperties': {
    methodKeys: { densityMethod: null, viscosityMethod: null },
    methodValues: { boMethod: { 'McCain(density-based)': 'McCain' }, coMethod: { 'numerical dBo/dp at const Rs': 'McCain' } },
  },
  // Gas engineering. "DAK + PMC" (z) is the default z/pseudo-critical pair; the model strings name the one method.
  'gas.pzMaterialBalance': { methodKeys: { model: null, z: null } },
  'gas.pressureFromPOverZ': { methodKeys: { z: null } },
  // Turner/Coleman/rate restate the equations the function implements (both constants are outputs).
  'gas.criticalRate': { methodKeys: { Turner: null, Coleman: null, rate: null } },
  'gas.hydrateTemperature': {
    methodKeys: { model: 'method' },
    methodValues: { model: { 'Motiee (1991)': 'Motiee', 'Towler & Mokhatab (2005)': 'TowlerMokhatab' } },
  },
  'gas.waterContent': {
    methodKeys: { model: 'method' },
    methodValues: {
      model: { 'saturated water content of sweet natural gas (Danesh formulation of the McKetta-Wehe chart) with salinity correction': 'BukacekMcKettaWehe' },
    },
  },
  // EOS. TK and PPa restate TF and psia in SI. 'alpha', 'flash', 'kijSource' and 'solver' describe the method the
  // function implements; 'branch' names the saturation branch ('bubble point' is the default upper branch).
  // thermoPhaseLabel is thermo's label, PIP-based for one phase as the engine's phaseLabel is.
  'eos.pureComponent': {
    methodKeys: { alpha: null },
    inputs: { TK: null, PPa: null },
    outputs: { psatBarAtT: 'psatPsia' },
    expectedUnits: { psatBarAtT: 'bar' },
  },
  'eos.flash': {
    methodKeys: { flash: null, kijSource: null },
    inputs: { TK: null, PPa: null },
    outputs: { thermoPhaseLabel: 'phaseLabel', densityKgM3: 'densityLbft3', liquidDensityKgM3: 'liquidDensityLbft3', vaporDensityKgM3: 'vaporDensityLbft3' },
    expectedUnits: { liquidDensityKgM3: 'kg/m3' },
  },
  'eos.saturationPressure': {
    methodValues: { branch: { 'bubble point': null, 'upper (retrograde) dew point': 'upper', 'lower dew point': 'lower' } },
    inputs: { TK: null, PPa: null },
    outputs: { psatBar: 'psatPsia' },
  },
  'eos.rachfordRice': { methodKeys: { solver: null } },
};

/**
 * Vectors that a correct implementation of the named method cannot meet, each with the evidence.
 * They still run: while they fail they are reported as skipped with this reason; once one passes
 * it counts as passed (and should be removed here).
 */
export const KNOWN_DISCREPANCIES: Readonly<Record<string, string>> = {
  'gas-docex-08':
    'expected cg is the figure printed in the pyrestoolbox docs; the vector notes that pyrestoolbox 3.7.6 re-run differs from it by 2.5e-4, ' +
    'more than the 1e-4 tolerance. The engine uses the analytic dz/dp (test: central differences agree to 1e-7) and is 3.1e-4 from the printed figure, ' +
    'consistent with the <= 4e-4 spread against pyrestoolbox numerical cg over the 290 grid vectors (tolerance 1%)',
  'oil-docex-05':
    "labelled rsMethod 'Standing', but the value is pyrestoolbox's psig reading of Standing's equation (the file's conventions call that " +
    "'Standing-pyrestoolbox(+14.696)'); the other 126 'Standing' Rs vectors use the printed psia form, so one label cannot satisfy both. " +
    "With rsMethod 'StandingPsig' the engine gives 947.0046 against 947.1134 (1.2e-4, inside the 1e-3 tolerance)",
};
