/**
 * The states of one oil at the pressures of a pvt.oilFVF or pvt.oilDensity call (one reading of
 * their common inputs, so the two functions agree):
 * - no psia: oil saturated with rsScfStb (else rsbScfStb), at its own bubble point (pbMethod, or
 *   pbPsia for a single Rs) — McCain's Bo and density depend on that pressure;
 * - psia and pbPsia and/or rsbScfStb: the oil of ./model.ts, with rsScfStb (when given) as the Rs
 *   at the pressures at or below pb;
 * - psia and rsScfStb only: oil saturated at each psia with that Rs.
 */
import { EngineFailure } from '../../failure.js';
import { asList } from './inputs.js';
import { belowStandardWarning, requireRs, type OilModel, type Saturation } from './model.js';
import { MAX_PSIA, requireWithin } from '../correlations/domain.js';
import { P_SC } from '../correlations/nonHydrocarbons.js';

export interface OilPointsInput {
  psia?: number | number[];
  rsScfStb?: number | number[];
  rsbScfStb?: number;
  pbPsia?: number;
}

export interface OilPoints {
  /** Pressure of each point (psia). */
  p: number[];
  rs: number[];
  bo: number[];
  /** Constant-composition compressibility at each point (1/psi); empty without psia. */
  co: number[];
  sat: Saturation | null;
}

function broadcast(rs: number | number[] | undefined, n: number): (number | undefined)[] {
  if (rs === undefined) return new Array<undefined>(n).fill(undefined);
  if (!Array.isArray(rs)) return new Array<number>(n).fill(rs);
  if (rs.length !== n) throw new EngineFailure('invalid_input', `rsScfStb has ${rs.length} values for ${n} pressures: give one value or one per pressure`);
  return rs;
}

export function oilPoints(model: OilModel, input: OilPointsInput, warnings: string[]): OilPoints {
  const haveSat = input.pbPsia !== undefined || input.rsbScfStb !== undefined;
  for (const r of input.rsScfStb === undefined ? [] : asList(input.rsScfStb)) requireRs('rsScfStb', r);

  if (input.psia === undefined) {
    const rsIn = input.rsScfStb ?? input.rsbScfStb;
    if (rsIn === undefined) throw new EngineFailure('invalid_input', 'without psia, give rsScfStb (or rsbScfStb): the oil saturated with that GOR');
    const rs = asList(rsIn);
    if (input.pbPsia !== undefined) requireWithin('pbPsia', input.pbPsia, P_SC, MAX_PSIA, 'psia', 'a bubble point below standard pressure would leave gas dissolved in the stock tank');
    const p = rs.map((r) => (rs.length === 1 && input.pbPsia !== undefined ? input.pbPsia : model.pbFromRsb(r)));
    warnings.push(...model.warningsFor(['pb', 'bo'], { rs }));
    return { p, rs, bo: rs.map((r, i) => model.saturatedBo(r, p[i] as number)), co: [], sat: null };
  }

  const p = asList(input.psia);
  warnings.push(...belowStandardWarning(p));
  const rsGiven = broadcast(input.rsScfStb, p.length);
  if (!haveSat) {
    if (input.rsScfStb === undefined) throw new EngineFailure('invalid_input', 'with psia, give pbPsia and/or rsbScfStb (the oil), or rsScfStb (oil saturated at each pressure)');
    const rs = rsGiven as number[];
    warnings.push(...model.warningsFor(['bo'], { rs }));
    return { p, rs, bo: p.map((pi, i) => model.saturatedBo(rs[i] as number, pi)), co: p.map((pi, i) => model.undersaturatedCo(pi, pi, rs[i] as number)), sat: null };
  }

  const sat = model.saturation(input.pbPsia, input.rsbScfStb);
  // Below its bubble point an oil has released gas: it carries at most Rsb.
  rsGiven.forEach((r, i) => {
    if (r !== undefined && (p[i] as number) <= sat.pb && r > sat.rsb * (1 + 1e-9)) {
      throw new EngineFailure('invalid_input', `rsScfStb ${r} scf/STB at ${p[i]} psia exceeds Rsb ${sat.rsb} scf/STB: below its bubble point an oil carries no more gas than at it`);
    }
  });
  const rs = p.map((pi, i) => (pi <= sat.pb ? (rsGiven[i] ?? model.rs(pi, sat)) : sat.rsb));
  const bo = p.map((pi, i) => (pi <= sat.pb ? model.saturatedBo(rs[i] as number, pi) : model.bo(pi, sat)));
  const co = p.map((pi, i) => (pi <= sat.pb ? model.undersaturatedCo(pi, pi, rs[i] as number) : model.co(pi, sat)));
  // The Rs warned about is the Rs used: the caller's rsScfStb where given, never a recomputed one.
  warnings.push(...model.rangeWarnings(p, sat, rs.filter((_, i) => (p[i] as number) < sat.pb), ['pb', 'rs', 'bo', 'co']));
  return { p, rs, bo, co, sat };
}
