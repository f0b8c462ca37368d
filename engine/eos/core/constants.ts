/**
 * Constants and unit conversions of the EOS core. The core computes in SI (K, Pa, J/mol,
 * m3/mol) because its constants come from the chemical literature in SI; the engine functions
 * convert at their boundary (psia, degF in; psia, degF, lbm/ft3 out).
 *
 * R = NA x k = 6.02214076e23 /mol x 1.380649e-23 J/K = 8.31446261815324 J/(mol K), exact since the
 * 2019 SI redefinition (CODATA 2018 prints it truncated, 8.314462618..., which is 1.8e-11 low).
 * 1 psi = 6894.757293168 Pa (NIST SP 811, 2008, Appendix B; exact from the lbm and standard
 * gravity); degR = degF + 459.67, K = degR / 1.8. Standard conditions 14.696 psia, 60 degF.
 * 1 lbm/ft3 = 16.01846337396 kg/m3 (0.45359237 kg / 0.028316846592 m3).
 */
/** Molar gas constant, J/(mol K): NA x k, both exact (2019 SI). The engine's one definition (units.convert uses it too). */
export const R = 6.02214076e23 * 1.380649e-23;
export const PA_PER_PSI = 6894.757293168;
export const PA_PER_BAR = 1e5;
export const KG_M3_PER_LBM_FT3 = 0.45359237 / 0.028316846592;
export const P_SC_PSIA = 14.696;
export const T_SC_F = 60;
/** Molar mass of air (g/mol) for gas gravity: 28.9647 (Lemmon et al. 2000, dry air). */
export const MW_AIR = 28.9647;

/**
 * Mole fractions below this count as absent (0): 1e-20 of a mole is ~6000 molecules, far below
 * any analysis (trace analyses reach 1e-12 to 1e-15), and such a component's ln z and z K of the
 * stability test and the saturation and envelope equations would approach the underflow of a
 * double (1e-308). Its K is then the infinite-dilution ratio phi^L / phi^V, which is what a
 * trace has; the phase compositions report it as 0.
 */
export const TRACE_FRACTION = 1e-20;

export const kelvinFromF = (tF: number): number => (tF + 459.67) / 1.8;
export const fFromKelvin = (tK: number): number => tK * 1.8 - 459.67;
export const paFromPsia = (psia: number): number => psia * PA_PER_PSI;
export const psiaFromPa = (pa: number): number => pa / PA_PER_PSI;
