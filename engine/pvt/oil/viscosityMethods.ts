/**
 * Oil viscosity by method name: dead oil (Beggs–Robinson 1975, Glaso 1980, Beal 1946 as fitted by
 * Standing), saturated live oil (Beggs–Robinson 1975), undersaturated oil (Petrosky–Farshad 1995,
 * Vasquez–Beggs 1980). Equations, units, validity and references are in ./correlations.
 */
import { EngineFailure } from '../../failure.js';
import { BEAL_RANGE, bealDeadOilViscosity } from './correlations/beal.js';
import { BEGGS_ROBINSON_RANGE, beggsRobinsonDeadOilViscosity, beggsRobinsonLiveOilViscosity } from './correlations/beggsRobinson.js';
import { GLASO_VISCOSITY_RANGE, glasoDeadOilViscosity } from './correlations/glaso.js';
import { petroskyFarshadUndersaturatedViscosity } from './correlations/petroskyFarshad.js';
import { vasquezBeggsUndersaturatedViscosity } from './correlations/vasquezBeggs.js';
import { METHOD_LABELS, type DeadOilMethod, type LiveOilMethod, type UndersaturatedViscosityMethod } from './methods.js';

const deadOilFit = (method: DeadOilMethod, api: number, tf: number): number =>
  method === 'Glaso' ? glasoDeadOilViscosity(api, tf) : method === 'Beal' ? bealDeadOilViscosity(api, tf) : beggsRobinsonDeadOilViscosity(api, tf);

const DEAD_OIL_DATA: Record<DeadOilMethod, { TF: readonly number[]; api: readonly number[] }> = { BeggsRobinson: BEGGS_ROBINSON_RANGE, Glaso: GLASO_VISCOSITY_RANGE, Beal: BEAL_RANGE };

/**
 * Dead-oil viscosity (cp) at API gravity and T (degF). A fit's curve may turn over (in the corner
 * of Beal's data at 250 degF below API ~12, and far past it): Beal's exponent 10^(8.33/API) makes
 * (360/(T+200))^a vanish for heavy oils above 160 degF (1.5e-11 cp at API 5.25 and 300 degF,
 * thinner than any gas). A value that falls as the oil gets
 * heavier is no viscosity of that oil: 422 naming the fit's data, not a number.
 */
export function deadOilViscosity(method: DeadOilMethod, api: number, tf: number): number {
  const muod = deadOilFit(method, api, tf);
  if (!(Number.isFinite(muod) && muod > 0)) {
    throw new EngineFailure('no_solution', `${METHOD_LABELS[method]} gives no positive dead-oil viscosity at API ${api}, ${tf} degF (outside the correlation)`);
  }
  // Wherever it happens, in the data's corner or past it (one rule, no jump at the data's edge).
  const heavier = deadOilFit(method, api * (1 - 1e-3), tf);
  if (Number.isFinite(heavier) && heavier < muod) {
    const data = DEAD_OIL_DATA[method];
    throw new EngineFailure(
      'out_of_range',
      `${METHOD_LABELS[method]} gives ${muod} cp at API ${api}, ${tf} degF, falling as the oil gets heavier: the fit has turned over there (its data: API ${data.api[0]}-${data.api[1]}, ${data.TF[0]}-${data.TF[1]} degF); use another deadOilMethod`,
    );
  }
  return muod;
}

/** Saturated (live) oil viscosity (cp) of oil carrying rs scf/STB. */
export function liveOilViscosity(method: LiveOilMethod, muod: number, rs: number): number {
  const mu = beggsRobinsonLiveOilViscosity(muod, rs);
  if (!(Number.isFinite(mu) && mu > 0)) throw new EngineFailure('no_solution', `${METHOD_LABELS[method]} live-oil viscosity is not positive for mu_od ${muod} cp, Rs ${rs} scf/STB`);
  return mu;
}

/** Viscosity (cp) at p above pb from the bubble-point viscosity muob. */
export function undersaturatedViscosity(method: UndersaturatedViscosityMethod, muob: number, p: number, pb: number): number {
  const mu = method === 'VasquezBeggs' ? vasquezBeggsUndersaturatedViscosity(muob, p, pb) : petroskyFarshadUndersaturatedViscosity(muob, p, pb);
  if (!(Number.isFinite(mu) && mu > 0)) {
    throw new EngineFailure('no_solution', `${METHOD_LABELS[method]} undersaturated viscosity is not finite for mu_ob ${muob} cp at ${p} psia (pb ${pb} psia): outside the correlation`);
  }
  return mu;
}
