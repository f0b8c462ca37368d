/** References shared by the EOS definitions (each file cites its own methods as well). */
export const REF = {
  pr: 'Peng, D.-Y. and Robinson, D.B. (1976) A New Two-Constant Equation of State. Ind. Eng. Chem. Fundam. 15(1), 59-64.',
  pr78: 'Robinson, D.B. and Peng, D.-Y. (1978) The Characterization of the Heptanes and Heavier Fractions for the GPA Peng-Robinson Programs. GPA Research Report RR-28.',
  srk: 'Soave, G. (1972) Equilibrium constants from a modified Redlich-Kwong equation of state. Chem. Eng. Sci. 27(6), 1197-1203.',
  peneloux: 'Peneloux, A., Rauzy, E. and Freze, R. (1982) A consistent correction for Redlich-Kwong-Soave volumes. Fluid Phase Equilib. 8(1), 7-23.',
  stability: 'Michelsen, M.L. (1982) The isothermal flash problem. Part I. Stability. Fluid Phase Equilib. 9, 1-19.',
  split: 'Michelsen, M.L. (1982) The isothermal flash problem. Part II. Phase-split calculation. Fluid Phase Equilib. 9, 21-40.',
  saturation: 'Michelsen, M.L. (1985) Saturation point calculations. Fluid Phase Equilib. 23, 181-192.',
  envelope: 'Michelsen, M.L. (1980) Calculation of phase envelopes and critical points for multicomponent mixtures. Fluid Phase Equilib. 4, 1-10.',
  book: 'Michelsen, M.L. and Mollerup, J.M. (2007) Thermodynamic Models: Fundamentals & Computational Aspects, 2nd ed. Tie-Line Publications.',
  rr: 'Rachford, H.H. Jr. and Rice, J.D. (1952) Procedure for Use of Electronic Digital Computers in Calculating Flash Vaporization Hydrocarbon Equilibrium. J. Pet. Technol. 4(10), sec. 1, 19.',
  negativeFlash: 'Whitson, C.H. and Michelsen, M.L. (1989) The negative flash. Fluid Phase Equilib. 53, 51-71.',
  pip: 'Venkatarathnam, G. and Oellrich, L.R. (2011) Identification of the phase of a fluid using partial derivatives of pressure, volume, and temperature without reference to saturation properties. Fluid Phase Equilib. 301(2), 225-233.',
  lbc: 'Lohrenz, J., Bray, B.G. and Clark, C.R. (1964) Calculating Viscosities of Reservoir Fluids From Their Compositions. J. Pet. Technol. 16(10), 1171-1176. SPE-915-PA.',
  whitsonBrule: 'Whitson, C.H. and Brule, M.R. (2000) Phase Behavior. SPE Monograph Vol. 20. Society of Petroleum Engineers.',
  thermo: 'Bell, C. and contributors (2016-2024) thermo: chemical engineering and thermodynamics library, version 0.6.1 (MIT), the independent implementation of the reference vectors.',
};
