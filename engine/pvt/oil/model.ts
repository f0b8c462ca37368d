/**
 * One oil described by one set of methods: bubble point, solution GOR, Bo, co, density and
 * viscosity at any pressure, consistent with each other and continuous at the bubble point.
 *
 * Saturation (pb, Rsb) from what the caller knows:
 * - only Rsb: pb by the pb method (a value below 14.696 psia, which the classic correlations give at
 *   very low GOR, is taken as 14.696 psia with a warning: that gas stays dissolved at atmospheric);
 * - only pb: Rsb by the Rs method's own relation (the Rs correlation at pb; Velarde: the inverse of
 *   Velarde's pb correlation);
 * - both: taken as given; a classic Rs(p) curve is scaled by Rsb / Rs(pb) so it reaches Rsb at pb
 *   (Velarde's reduced form honours both by construction).
 * Below pb: Rs(p) by the Rs method, Bo = saturated Bo(Rs(p)) (McCain's also depends on p),
 * viscosity = live(dead, Rs(p)).
 * Above pb: Rs = Rsb, Bo = Bob exp(-integral of co from pb to p) at constant composition, viscosity
 * from mu_ob by the undersaturated method; density = (62.367 gammaO + 0.01357 Rs gammaG) / Bo
 * throughout (mass over volume, so McCain's Bo and density are the same statement).
 * co is the constant-composition (liquid) compressibility: above pb at (p, pb, Rsb); at or below pb,
 * that of the saturated oil at p (pb' = p, Rsb' = Rs(p)), so it is continuous at pb too.
 * Where Vasquez–Beggs' co is not positive (low GOR, cool oil) that oil's co and compression are
 * Spivey–Valko–McCain's, with a warning (vbCoA).
 */
import { EngineFailure } from '../../failure.js';
import { MAX_PSIA, MAX_RS, MIN_OIL_PSIA, requireWithin } from '../correlations/domain.js';
import { GLASO_RS_PMAX, GLASO_T_EXPONENT, glasoBo, glasoPb, glasoRs } from './correlations/glaso.js';
import { mccainSaturatedDensity, spiveyValkoMcCainCo } from './correlations/mccainDensity.js';
import { GAS_MASS_PER_RS, P_SC, WATER_DENSITY_60F } from './correlations/oilConstants.js';
import { petroskyFarshadBo, petroskyFarshadCoB, petroskyFarshadPb, petroskyFarshadRs } from './correlations/petroskyFarshad.js';
import { standingBeggsBo, standingBo, standingPb, standingPsigPb, standingPsigRs, standingRs } from './correlations/standing.js';
import { valkoMcCainPb } from './correlations/valkoMcCain.js';
import { vasquezBeggsBo, vasquezBeggsCoA, vasquezBeggsCoRsLimit, vasquezBeggsPb, vasquezBeggsRs } from './correlations/vasquezBeggs.js';
import { velardeA1, velardePb, velardeRs, velardeRsb } from './correlations/velarde.js';
import type { OilFluid } from './fluid.js';
import { METHOD_LABELS, pushMethodRangeWarnings, type OilMethods } from './methods.js';
import { deadOilViscosity, liveOilViscosity, undersaturatedViscosity } from './viscosityMethods.js';

export interface Saturation {
  pb: number;
  rsb: number;
  /** Rsb / Rs(pb) of a classic Rs curve (1 when pb and Rsb come from the same relation). */
  rsScale: number;
}

/** The properties whose methods' ranges a call checks. */
export type OilProperty = 'pb' | 'rs' | 'bo' | 'co' | 'viscosity';

export interface Viscosities {
  muod: number;
  muob: number;
  muo: number;
}

/** PF co integral exponent: co = B p^-0.5906, integral = B p^0.4094 / 0.4094. */
const PF_EXP = 1 - 0.5906;

const label = (m: string) => METHOD_LABELS[m] ?? m;

export class OilModel {
  /** Notes on values the correlations could not give as printed (e.g. a bubble point below atmospheric). */
  constructor(
    readonly fluid: OilFluid,
    readonly methods: OilMethods,
    private readonly warnings: string[] = [],
  ) {}

  /** Bubble point (psia) of this oil with solution GOR rsb, by the pb method. */
  pbFromRsb(rsb: number): number {
    requireRs('rsbScfStb', rsb);
    const f = this.fluid;
    let pb: number | null;
    switch (this.methods.pb) {
      case 'ValkoMcCain':
        pb = valkoMcCainPb(rsb, this.sepGravity(), f.api, f.TF);
        break;
      case 'Velarde':
        pb = velardePb(rsb, this.sepGravity(), f.api, f.TF);
        break;
      case 'Standing':
        pb = standingPb(rsb, f.gasSG, f.api, f.TF);
        break;
      case 'StandingPsig':
        pb = standingPsigPb(rsb, f.gasSG, f.api, f.TF);
        break;
      case 'VasquezBeggs':
        pb = vasquezBeggsPb(rsb, this.vbGravity(), f.api, f.TF);
        break;
      case 'Glaso':
        pb = glasoPb(rsb, f.gasSG, f.api, f.TF);
        break;
      case 'GlasoVolatile':
        pb = glasoPb(rsb, f.gasSG, f.api, f.TF, GLASO_T_EXPONENT.volatileOil);
        break;
      case 'PetroskyFarshad':
        pb = petroskyFarshadPb(rsb, f.gasSG, f.api, f.TF);
        break;
    }
    if (pb === null || !Number.isFinite(pb)) throw new EngineFailure('no_solution', `${label(this.methods.pb)} gives no bubble point for Rsb ${rsb} scf/STB with this oil`);
    if (pb > MAX_PSIA) throw new EngineFailure('out_of_range', `${label(this.methods.pb)} gives a bubble point of ${pb.toPrecision(4)} psia for Rsb ${rsb} scf/STB: above any reservoir pressure (${MAX_PSIA} psia), outside the correlation`);
    if (pb < P_SC) {
      // A GOR this low is dissolved at atmospheric pressure: the oil's bubble point is 14.696 psia.
      this.warnings.push(`${label(this.methods.pb)} gives ${pb.toFixed(2)} psia for Rsb ${rsb} scf/STB, below atmospheric pressure: pb taken as ${P_SC} psia`);
      return P_SC;
    }
    return pb;
  }

  /** The Rs method's own saturated relation: GOR (scf/STB) of this oil saturated at p (psia). */
  rsSaturatedAt(p: number): number {
    const f = this.fluid;
    let rs: number | null;
    switch (this.methods.rs) {
      case 'Velarde':
        rs = velardeRsb(p, this.sepGravity(), f.api, f.TF);
        break;
      case 'Standing':
        rs = standingRs(p, f.gasSG, f.api, f.TF);
        break;
      case 'StandingPsig':
        rs = standingPsigRs(p, f.gasSG, f.api, f.TF);
        break;
      case 'VasquezBeggs':
        rs = vasquezBeggsRs(p, this.vbGravity(), f.api, f.TF);
        break;
      case 'Glaso':
      case 'GlasoVolatile':
        if (p > GLASO_RS_PMAX) throw new EngineFailure('no_solution', `Glaso (1980) Rs has no solution above ${GLASO_RS_PMAX.toFixed(0)} psia (p = ${p})`);
        rs = glasoRs(p, f.gasSG, f.api, f.TF, this.methods.rs === 'GlasoVolatile' ? GLASO_T_EXPONENT.volatileOil : GLASO_T_EXPONENT.blackOil);
        break;
      case 'PetroskyFarshad':
        rs = petroskyFarshadRs(p, f.gasSG, f.api, f.TF);
        break;
    }
    if (rs === null || !Number.isFinite(rs) || rs < 0) throw new EngineFailure('no_solution', `${label(this.methods.rs)} gives no solution GOR at ${p} psia for this oil`);
    return rs;
  }

  /** pb and Rsb from what the caller gave (at least one of them). */
  saturation(pbPsia: number | undefined, rsbScfStb: number | undefined): Saturation {
    if (pbPsia === undefined && rsbScfStb === undefined) throw new EngineFailure('invalid_input', 'give pbPsia (bubble point) or rsbScfStb (solution GOR at the bubble point), or both');
    if (pbPsia !== undefined) requireWithin('pbPsia', pbPsia, P_SC, MAX_PSIA, 'psia', 'a bubble point below standard pressure would leave gas dissolved in the stock tank');
    if (rsbScfStb !== undefined) requireRs('rsbScfStb', rsbScfStb);
    const pb = pbPsia ?? this.pbFromRsb(rsbScfStb as number);
    const rsb = rsbScfStb ?? this.rsSaturatedAt(pb);
    let rsScale = 1;
    if (this.methods.rs !== 'Velarde' && rsbScfStb !== undefined) {
      const atPb = this.rsSaturatedAt(pb);
      if (!(atPb > 0)) throw new EngineFailure('no_solution', `${label(this.methods.rs)} gives Rs 0 at pb ${pb} psia, so it cannot be scaled to Rsb ${rsb}`);
      rsScale = rsb / atPb;
    }
    return { pb, rsb, rsScale };
  }

  /** Solution GOR (scf/STB) at p. */
  rs(p: number, sat: Saturation): number {
    if (p >= sat.pb) return sat.rsb;
    if (this.methods.rs !== 'Velarde') return sat.rsScale * this.rsSaturatedAt(p);
    const f = this.fluid;
    const rs = velardeRs(p, sat.pb, sat.rsb, this.sepGravity(), f.api, f.TF);
    if (!this.velardeNoted && p > P_SC) {
      const a1 = velardeA1(sat.pb, f.sepGasSG, f.api, f.TF);
      if (a1 > 1) {
        this.velardeNoted = true;
        this.warnings.push(
          `Velarde–Blasingame–McCain (1997) a1 = ${a1.toPrecision(5)} > 1 for pb ${sat.pb.toFixed(1)} psia (a corner of their data: high pb, gas gravity, API and T), where their Rs curve turns negative at low pressure: a1 taken as 1 (Rs = Rsb pr^a2), which keeps Rs(pb) = Rsb and Rs rising from 0`,
        );
      }
    }
    if (!(rs >= 0)) throw new EngineFailure('no_solution', `Velarde–Blasingame–McCain (1997) Rs is negative at ${p} psia for pb ${sat.pb.toFixed(1)} psia: the reduced curve is far outside its data`);
    return rs;
  }

  /** Bo (rb/STB) of oil carrying rs, saturated at p (p matters to McCain's density only). */
  saturatedBo(rs: number, p: number): number {
    return finite(this.saturatedBoBy(rs, p), () => `${label(this.methods.bo)} Bo at Rs ${rs} scf/STB, ${p} psia`);
  }

  private saturatedBoBy(rs: number, p: number): number {
    const f = this.fluid;
    switch (this.methods.bo) {
      case 'McCain': {
        const rho = mccainSaturatedDensity(p, f.TF, rs, this.sepGravity(), f.oilSG);
        if (!(rho > 0 && Number.isFinite(rho))) throw new EngineFailure('no_solution', `McCain's oil density is not positive for Rs ${rs} scf/STB at ${p} psia, ${f.TF} degF: outside the correlation`);
        return this.massPerStb(rs) / rho;
      }
      case 'Standing':
        return standingBo(rs, f.gasSG, f.oilSG, f.TF);
      case 'StandingBeggs':
        return standingBeggsBo(rs, f.gasSG, f.oilSG, f.TF);
      case 'VasquezBeggs':
        return vasquezBeggsBo(rs, this.vbGravity(), f.api, f.TF);
      case 'Glaso':
        return glasoBo(rs, f.gasSG, f.oilSG, f.TF);
      case 'PetroskyFarshad':
        return petroskyFarshadBo(rs, f.gasSG, f.oilSG, f.TF);
    }
  }

  /** Oil formation volume factor (rb/STB) at p. */
  bo(p: number, sat: Saturation): number {
    if (p <= sat.pb) return this.saturatedBo(this.rs(p, sat), p);
    return this.saturatedBo(sat.rsb, sat.pb) * Math.exp(-this.compressionIntegral(p, sat.pb, sat.rsb));
  }

  /** Integral of co from pb to p (p > pb) at constant composition rsb: ln(Bob/Bo). */
  compressionIntegral(p: number, pb: number, rsb: number): number {
    return finite(this.compressionIntegralBy(p, pb, rsb), () => `${label(this.methods.co)} compression of the oil from ${pb} to ${p} psia`);
  }

  private compressionIntegralBy(p: number, pb: number, rsb: number): number {
    const f = this.fluid;
    switch (this.methods.co) {
      case 'McCain':
        return spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).cofb * (p - pb);
      case 'VasquezBeggs': {
        const a = this.vbCoA(rsb);
        return a > 0 ? a * Math.log(p / pb) : spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).cofb * (p - pb);
      }
      case 'PetroskyFarshad': {
        const b = this.pfCoB(rsb);
        return b > 0 ? (b * (p ** PF_EXP - pb ** PF_EXP)) / PF_EXP : spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).cofb * (p - pb);
      }
    }
  }

  /** Constant-composition oil compressibility (1/psi) at p >= pb of an oil with rsb. */
  undersaturatedCo(p: number, pb: number, rsb: number): number {
    return finite(this.undersaturatedCoBy(p, pb, rsb), () => `${label(this.methods.co)} co at ${p} psia (pb ${pb} psia, Rsb ${rsb} scf/STB)`);
  }

  private undersaturatedCoBy(p: number, pb: number, rsb: number): number {
    const f = this.fluid;
    switch (this.methods.co) {
      case 'McCain':
        return spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).co;
      case 'VasquezBeggs': {
        const a = this.vbCoA(rsb);
        return a > 0 ? a / p : spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).co;
      }
      case 'PetroskyFarshad': {
        const b = this.pfCoB(rsb);
        return b > 0 ? b * p ** -0.5906 : spiveyValkoMcCainCo(p, pb, rsb, this.sepGravity(), f.api, f.TF).co;
      }
    }
  }

  /**
   * Vasquez–Beggs' co numerator A for an oil carrying rs, or 0 where their linear fit is not
   * positive (5 Rs + 17.2 T + 12.61 API < 1433 + 1180 gammaGs: cool, low-GOR oils, which includes
   * the oil saturated at a low pressure below pb, whose Rs(p) enters as its Rsb). There the oil's co
   * and its compression above pb are Spivey–Valko–McCain (2007)'s instead, with a warning once per
   * call. Why a fallback and not a refusal: Rs, Bo below pb, density and viscosity do not depend on
   * co, and a PVTO table or a Bo request should not be lost to one co value; a non-positive co would
   * make Bo rise with pressure above pb (a simulator rejects such a table), and Spivey–Valko–McCain
   * covers low-GOR oils with a positive co (the engine's default co); switching the compression and
   * the point co together keeps co = -dln(Bo)/dp above pb and both continuous at pb.
   */
  private vbCoA(rs: number): number {
    const f = this.fluid;
    const a = vasquezBeggsCoA(rs, this.vbGravity(), f.api, f.TF);
    if (a > 0) return a;
    if (!this.vbCoNoted) {
      this.vbCoNoted = true;
      const rsLimit = vasquezBeggsCoRsLimit(f.vbGasSG, f.api, f.TF);
      this.warnings.push(
        `Vasquez–Beggs (1980) co is not positive for Rs below ${rsLimit.toFixed(1)} scf/STB at ${f.TF} degF for this oil (their equation goes negative at low GOR; here Rs ${rs.toFixed(1)} scf/STB): ` +
          'the co of such oil, and its Bo above its bubble point, are by Spivey–Valko–McCain (2007) instead',
      );
    }
    return 0;
  }

  /**
   * Petrosky–Farshad's co factor B for an oil carrying rs, or 0 for a dead oil: B is proportional to
   * Rsb^0.69357, so at Rsb 0 their co is 0 (an incompressible liquid, and Bo flat above pb), which is
   * no oil. There, as for Vasquez–Beggs' non-positive A, co and the compression above pb are
   * Spivey–Valko–McCain (2007)'s, with a warning once per call.
   */
  private pfCoB(rs: number): number {
    const f = this.fluid;
    const b = petroskyFarshadCoB(rs, f.gasSG, f.api, f.TF);
    if (b > 0) return b;
    if (!this.pfCoNoted) {
      this.pfCoNoted = true;
      this.warnings.push(
        `Petrosky–Farshad (1993) co is proportional to Rsb^0.69357 and so 0 for a dead oil (Rs ${rs} scf/STB; their data Rsb 217-1406 scf/STB): ` +
          'the co of such oil, and its Bo above its bubble point, are by Spivey–Valko–McCain (2007) instead',
      );
    }
    return 0;
  }

  /** Oil compressibility (1/psi) at p: above pb at (pb, Rsb); at or below pb that of the oil saturated at p. */
  co(p: number, sat: Saturation): number {
    return p > sat.pb ? this.undersaturatedCo(p, sat.pb, sat.rsb) : this.undersaturatedCo(p, p, this.rs(p, sat));
  }

  /** Mass (lbm) of one STB's oil plus dissolved gas, per ft3 of stock-tank oil. */
  massPerStb(rs: number): number {
    return WATER_DENSITY_60F * this.fluid.oilSG + GAS_MASS_PER_RS * rs * this.fluid.gasSG;
  }

  /** Oil density (lbm/ft3) at p. */
  density(p: number, sat: Saturation): number {
    return this.massPerStb(this.rs(p, sat)) / this.bo(p, sat);
  }

  /** Dead-oil viscosity (cp). */
  deadOilViscosity(): number {
    return deadOilViscosity(this.methods.deadOil, this.fluid.api, this.fluid.TF);
  }

  /** Saturated (live) oil viscosity (cp) of oil carrying rs. */
  liveOilViscosity(muod: number, rs: number): number {
    return liveOilViscosity(this.methods.liveOil, muod, rs);
  }

  /** Viscosity (cp) at p > pb from the bubble-point viscosity. */
  undersaturatedViscosity(muob: number, p: number, pb: number): number {
    return undersaturatedViscosity(this.methods.undersaturatedViscosity, muob, p, pb);
  }

  /** Dead, bubble-point and in-situ oil viscosity (cp) at p. */
  viscosity(p: number, sat: Saturation): Viscosities {
    const muod = this.deadOilViscosity();
    const muob = this.liveOilViscosity(muod, sat.rsb);
    if (p > sat.pb) return { muod, muob, muo: this.undersaturatedViscosity(muob, p, sat.pb) };
    return { muod, muob, muo: p === sat.pb ? muob : this.liveOilViscosity(muod, this.rs(p, sat)) };
  }

  /**
   * Calibration-range warnings of the methods used at these pressures with this saturation.
   * `rsBelow` are the solution GORs the call actually used at the pressures below pb (computed by
   * the Rs method or given by the caller): warnings never recompute a value, so they can neither
   * disagree with the answer nor fail the call.
   */
  rangeWarnings(pressures: number[], sat: Saturation, rsBelow: number[], props: readonly OilProperty[]): string[] {
    const below: number[] = [];
    const above: number[] = [];
    for (const p of pressures) {
      if (p < sat.pb) below.push(p);
      else if (p > sat.pb) above.push(p);
    }
    return this.warningsFor(props, { pb: sat.pb, below, above, rs: [sat.rsb, ...rsBelow], rsb: sat.rsb });
  }

  /**
   * Calibration-range warnings of the methods of `props` from the values a call used: its bubble
   * point, pressures below and above it, and the solution GORs met (each optional).
   */
  warningsFor(props: readonly OilProperty[], v: { pb?: number; below?: number[]; above?: number[]; rs?: number[]; rsb?: number }): string[] {
    const f = this.fluid;
    const m = this.methods;
    // One values object of one shape per check (no spreads): fields absent are undefined, which
    // the range check skips.
    const rs = v.rs?.length ? v.rs : undefined;
    const out: string[] = [];
    if (props.includes('pb') && v.pb !== undefined) {
      pushMethodRangeWarnings(out, 'pvt', m.pb, { TF: f.TF, api: f.api, gasSG: this.gravityFor(m.pb), psia: v.pb, rs: v.rsb });
    }
    if (props.includes('rs')) pushMethodRangeWarnings(out, 'pvt', m.rs, { TF: f.TF, api: f.api, gasSG: this.gravityFor(m.rs), psia: v.below?.length ? v.below : undefined, rs });
    if (props.includes('bo')) pushMethodRangeWarnings(out, 'pvt', m.bo, { TF: f.TF, api: f.api, gasSG: this.gravityFor(m.bo), psia: undefined, rs });
    if (props.includes('viscosity')) {
      pushMethodRangeWarnings(out, 'deadOil', m.deadOil, { TF: f.TF, api: f.api });
      if (rs) pushMethodRangeWarnings(out, 'liveOil', m.liveOil, { TF: f.TF, api: f.api, rs });
      if (v.above?.length) pushMethodRangeWarnings(out, 'undersaturatedViscosity', m.undersaturatedViscosity, { psia: v.above });
    }
    return out;
  }

  private sepNoted = false;
  private vbNoted = false;
  private vbCoNoted = false;
  private pfCoNoted = false;
  private velardeNoted = false;

  /** The separator gas gravity, saying once per call (a warning) when it was estimated from gasSG. */
  sepGravity(): number {
    if (!this.sepNoted && this.fluid.sepGasSGNote) {
      this.sepNoted = true;
      this.warnings.push(this.fluid.sepGasSGNote());
    }
    return this.fluid.sepGasSG;
  }

  /** The gravity at a 100 psig separator for Vasquez–Beggs, saying once per call how it was obtained. */
  vbGravity(): number {
    if (!this.vbNoted && this.fluid.vbGasSGNote) {
      this.vbNoted = true;
      this.warnings.push(this.fluid.vbGasSGNote());
    }
    return this.fluid.vbGasSG;
  }

  /** The gas gravity a method takes: separator (Valko–McCain, Velarde, McCain), 100 psig separator (Vasquez–Beggs) or total. */
  gravityFor(method: string): number {
    const f = this.fluid;
    if (method === 'ValkoMcCain' || method === 'Velarde' || method === 'McCain') return f.sepGasSG;
    return method === 'VasquezBeggs' ? f.vbGasSG : f.gasSG;
  }
}

/**
 * A correlation value that is a finite number, else no_solution naming it: far outside their data
 * (temperatures near 0 degF in ln T, pressures near vacuum in 1/p) the fits overflow.
 */
function finite(v: number, what: () => string): number {
  if (Number.isFinite(v)) return v;
  throw new EngineFailure('no_solution', `${what()} is not a finite number: far outside the correlation's data`);
}

/** A solution GOR inside the black-oil domain (0 to MAX_RS scf/STB). */
export function requireRs(name: string, rs: number): void {
  requireWithin(name, rs, 0, MAX_RS, 'scf/STB', 'above ~3300 scf/STB a reservoir fluid is a gas condensate, above ~15 000 a wet gas: no black oil');
}

/** Pressures of a black-oil call: MIN_OIL_PSIA to MAX_PSIA (a warning below standard pressure). */
export function requireOilPressures(pressures: readonly number[]): void {
  for (const p of pressures) requireWithin('psia', p, MIN_OIL_PSIA, MAX_PSIA, 'psia', 'the black-oil model refers its gas to the stock tank at 14.696 psia; toward vacuum its compressibilities diverge');
}

/** Pressures below standard pressure are outside every correlation here. */
export function belowStandardWarning(pressures: number[]): string[] {
  requireOilPressures(pressures);
  const low = Math.min(...pressures);
  return low < P_SC ? [`psia ${low} is below standard pressure (${P_SC} psia): the oil correlations are not meant for sub-atmospheric pressures`] : [];
}
