/**
 * Oil viscosity by method name: dead oil (Beggs–Robinson 1975, Glaso 1980, Beal 1946 as fitted by
 * Standing), saturated live oil (Beggs–Robinson 1975), undersaturated oil (Petrosky–Farshad 1995,
 * Vasquez–Beggs 1980). Equations, units, validity and references are in ./correlations.
 */
import { EngineFailure } from '../../failure.js';
import { bealDeadOilViscosity } from './correlations/beal.js';
import { beggsRobinsonDeadOilViscosity, beggsRobinsonLiveOilViscosity } from './correlations/beggsRobinson.js';
import { glasoDeadOilViscosity } from './correlations/glaso.js';
import { petroskyFarshadUndersaturatedViscosity } from './correlations/petroskyFarshad.js';
import { vasquezBeggsUndersaturatedViscosity } from './correlations/vasquezBeggs.js';
import { METHOD_LABELS, type DeadOilMethod, type LiveOilMethod, type UndersaturatedViscosityMethod } from './methods.js';

/** Dead-oil viscosity (cp) at API gravity and T (degF). */
export function deadOilViscosity(method: DeadOilMethod, api: number, tf: number): number {
  const muod = method === 'Glaso' ? glasoDeadOilViscosity(api, tf) : method === 'Beal' ? bealDeadOilViscosity(api, tf) : beggsRobinsonDeadOilViscosity(api, tf);
  if (!(Number.isFinite(muod) && muod > 0)) {
    throw new EngineFailure('no_solution', `${METHOD_LABELS[method]} gives no positive dead-oil viscosity at API ${api}, ${tf} degF (outside the correlation)`);
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
