/**
 * Vasquez & Beggs (1980) solution GOR, bubble point, saturated Bo, undersaturated oil
 * compressibility, and their undersaturated oil viscosity:
 *
 *   Rs = C1 gammaGs p^C2 exp( C3 API / (T + 460) )
 *   pb = [ Rsb / (C1 gammaGs exp(C3 API / (T + 460))) ]^(1/C2)           (algebraic inverse)
 *        API <= 30: C1 0.0362, C2 1.0937, C3 25.724;  API > 30: C1 0.0178, C2 1.1870, C3 23.931
 *   Bo = 1 + C1 Rs + C2 (T - 60)(API/gammaGs) + C3 Rs (T - 60)(API/gammaGs)
 *        API <= 30: 4.677e-4, 1.751e-5, -1.811e-8;  API > 30: 4.670e-4, 1.100e-5, 1.337e-9
 *   co = A / p,  A = (-1433 + 5 Rsb + 17.2 T - 1180 gammaGs + 12.61 API) / 1e5
 *        (so above pb: Bo = Bob exp(-A ln(p/pb))); A <= 0 below Rsb = vasquezBeggsCoRsLimit (cool,
 *        low-GOR oils): the engine then takes Spivey–Valko–McCain's co with a warning (model.ts).
 *   mu = mu_ob (p/pb)^m,  m = 2.6 p^1.187 exp(-11.513 - 8.98e-5 p)
 *   gammaGs = gammaGp [1 + 5.912e-5 API Tsep log10(psep/114.7)]   (gravity at a 100 psig separator)
 *
 * The exponential takes T + 460 degR as printed (a degF there is a known bug of some codes; the
 * refdata README warns of it). The coefficients switch discontinuously at API 30.
 * Units: p, pb, psep psia; T, Tsep degF; Rs scf/STB; gammaGs air = 1; Bo rb/STB; co 1/psi; mu cp.
 * Validity (about 6000 measurements on 600 systems): p 141-9515 psia, T 75-294 degF,
 * API 15.3-59.5, gammaG 0.511-1.351, Rs 9.3-2199 scf/STB; viscosity mu_ob 0.117-148 cp.
 * Checked examples: 2500 psia, 180 degF, API 35, gammaGs 0.8 -> Rs 569.1641 scf/STB, Bo 1.327545
 * (petrocalchub.com Vasquez–Beggs calculators, refdata web-vb-rs and web-vb-bo).
 *
 * References:
 * - Vasquez, M. and Beggs, H.D. (1980) Correlations for Fluid Physical Property Prediction. Journal
 *   of Petroleum Technology 32(6), 968-970. SPE-6719-PA.
 */
export const VB_RANGE = { psia: [141, 9515], TF: [75, 294], rs: [9.3, 2199], api: [15.3, 59.5], gasSG: [0.511, 1.351] } as const;
export const VB_VISCOSITY_RANGE = { psia: [141, 9515], muob: [0.117, 148] } as const;

const heavy = (api: number) => api <= 30;

function rsCoefficients(api: number): [number, number, number] {
  return heavy(api) ? [0.0362, 1.0937, 25.724] : [0.0178, 1.187, 23.931];
}

/** Gas gravity referred to a 100 psig separator (Vasquez & Beggs' correction). */
export function vasquezBeggsSeparatorGravity(gasSG: number, api: number, sepPsia: number, sepTF: number): number {
  return gasSG * (1 + 5.912e-5 * api * sepTF * Math.log10(sepPsia / 114.7));
}

/** Solution GOR (scf/STB) of oil saturated at p (psia). */
export function vasquezBeggsRs(p: number, gasSGs: number, api: number, tf: number): number {
  const [c1, c2, c3] = rsCoefficients(api);
  return c1 * gasSGs * p ** c2 * Math.exp((c3 * api) / (tf + 460));
}

/** Bubble point (psia) of an oil with solution GOR rsb. */
export function vasquezBeggsPb(rsb: number, gasSGs: number, api: number, tf: number): number {
  const [c1, c2, c3] = rsCoefficients(api);
  return (rsb / (c1 * gasSGs * Math.exp((c3 * api) / (tf + 460)))) ** (1 / c2);
}

/** Saturated oil formation volume factor (rb/STB) at solution GOR rs. */
export function vasquezBeggsBo(rs: number, gasSGs: number, api: number, tf: number): number {
  const [c1, c2, c3] = heavy(api) ? [4.677e-4, 1.751e-5, -1.811e-8] : [4.67e-4, 1.1e-5, 1.337e-9];
  const f = (tf - 60) * (api / gasSGs);
  return 1 + c1 * rs + c2 * f + c3 * rs * f;
}

/** The numerator A of co = A/p (dimensionless, psi / psi). */
export function vasquezBeggsCoA(rsb: number, gasSGs: number, api: number, tf: number): number {
  return (-1433 + 5 * rsb + 17.2 * tf - 1180 * gasSGs + 12.61 * api) / 1e5;
}

/**
 * The GOR (scf/STB) below which A <= 0: their linear fit gives a non-positive co for cooler,
 * lower-GOR, heavier oils (about 101 scf/STB at 80 degF, API 30, gammaGs 0.7), inside their ranges.
 */
export function vasquezBeggsCoRsLimit(gasSGs: number, api: number, tf: number): number {
  return (1433 - 17.2 * tf + 1180 * gasSGs - 12.61 * api) / 5;
}

/** Undersaturated oil viscosity (cp) at p above pb from the bubble-point viscosity muob. */
export function vasquezBeggsUndersaturatedViscosity(muob: number, p: number, pb: number): number {
  const m = 2.6 * p ** 1.187 * Math.exp(-11.513 - 8.98e-5 * p);
  return muob * (p / pb) ** m;
}
