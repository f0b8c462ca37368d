/** Full references of the black-oil methods, grouped by what each pvt.oil* function offers. */
const R = {
  standing:
    'Standing, M.B. (1947) A Pressure-Volume-Temperature Correlation for Mixtures of California Oils and Gases. Drilling and Production Practice, API, 275-287.',
  standing1981: 'Standing, M.B. (1981) Volumetric and Phase Behavior of Oil Field Hydrocarbon Systems, 9th printing. SPE, Dallas.',
  vasquezBeggs: 'Vasquez, M. and Beggs, H.D. (1980) Correlations for Fluid Physical Property Prediction. Journal of Petroleum Technology 32(6), 968-970. SPE-6719-PA.',
  glaso: 'Glaso, O. (1980) Generalized Pressure-Volume-Temperature Correlations. Journal of Petroleum Technology 32(5), 785-795. SPE-8016-PA.',
  petroskyFarshad:
    'Petrosky, G.E. Jr. and Farshad, F.F. (1993) Pressure-Volume-Temperature Correlations for Gulf of Mexico Crude Oils. SPE Annual Technical Conference and Exhibition, Houston. SPE-26644-MS (SPE Reservoir Evaluation & Engineering 1(5), 1998, SPE-51395-PA).',
  petroskyFarshadViscosity: 'Petrosky, G.E. Jr. and Farshad, F.F. (1995) Viscosity Correlations for Gulf of Mexico Crude Oils. SPE Production Operations Symposium, Oklahoma City. SPE-29468-MS.',
  valkoMcCain:
    'Valko, P.P. and McCain, W.D. Jr. (2003) Reservoir oil bubblepoint pressures revisited; solution gas-oil ratios and surface gas specific gravities. Journal of Petroleum Science and Engineering 37(3-4), 153-169.',
  velarde:
    'Velarde, J., Blasingame, T.A. and McCain, W.D. Jr. (1999) Correlation of Black Oil Properties at Pressures Below Bubblepoint Pressure - A New Approach. Journal of Canadian Petroleum Technology 38(13). PETSOC-99-13-62 (CIM 97-93, 1997).',
  standingKatz: 'Standing, M.B. and Katz, D.L. (1942) Density of Crude Oils Saturated with Natural Gas. Trans. AIME 146, 159-165.',
  mccainHill: 'McCain, W.D. Jr. and Hill, N.C. (1995) Correlations for Liquid Densities and Evolved Gas Specific Gravities for Black Oils During Pressure Depletion. SPE-30773-MS.',
  spivey:
    'Spivey, J.P., Valko, P.P. and McCain, W.D. Jr. (2007) Applications of the Coefficient of Isothermal Compressibility to Various Reservoir Situations With New Correlations for Each Situation. SPE Reservoir Evaluation & Engineering 10(1), 43-49. SPE-96415-PA.',
  mccain2011: 'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa.',
  mccain1990: 'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.',
  beggsRobinson: 'Beggs, H.D. and Robinson, J.R. (1975) Estimating the Viscosity of Crude Oil Systems. Journal of Petroleum Technology 27(9), 1140-1141. SPE-5434-PA.',
  beal: 'Beal, C. (1946) The Viscosity of Air, Water, Natural Gas, Crude Oil and Its Associated Gases at Oil Field Temperatures and Pressures. Trans. AIME 165, 94-115.',
};

const pvt = [R.valkoMcCain, R.velarde, R.standing, R.standing1981, R.vasquezBeggs, R.glaso, R.petroskyFarshad, R.mccain2011];
const density = [R.standingKatz, R.mccainHill, R.spivey, R.mccain1990];
const viscosity = [R.beggsRobinson, R.beal, R.standing1981, R.glaso, R.vasquezBeggs, R.petroskyFarshadViscosity];

export const OIL_REFERENCES = {
  pb: pvt,
  rs: pvt,
  bo: [...pvt, ...density],
  co: [R.spivey, R.vasquezBeggs, R.petroskyFarshad, R.mccain2011, ...pvt.filter((r) => r !== R.vasquezBeggs && r !== R.petroskyFarshad && r !== R.mccain2011)],
  density: [...density, ...pvt],
  viscosity,
  all: [...pvt, ...density, ...viscosity.filter((r) => r !== R.standing1981 && r !== R.glaso && r !== R.vasquezBeggs)],
};
