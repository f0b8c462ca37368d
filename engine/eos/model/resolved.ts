/**
 * A saved project's fluid model as the engine receives it: selected and validated by the API
 * node (fluidModel.ts, called there), constants in K, bar, g/mol, composition normalised, kij a
 * full symmetric matrix. Attached to the input of eos.model.* functions as `fluidModel`; workers
 * never read the store.
 */
import { EngineFailure } from '../../failure.js';
import type { EosName } from '../core/eosFamily.js';
import { buildFluid, type FluidInput } from '../fluidInput.js';

export interface ResolvedComponent {
  name: string;
  TcK: number;
  PcBar: number;
  omega: number;
  MW: number;
  VcCm3PerMol?: number;
  SG?: number;
  volumeShift?: number;
}

export interface ResolvedFluidModel {
  projectId: string;
  /** The saved version it was read from; null for the project's current data. */
  versionId: string | null;
  fluidModelId: string;
  name: string | null;
  eos: EosName;
  volumeShift: boolean;
  components: ResolvedComponent[];
  composition: number[];
  kij: number[][];
  /** The model's own reference data (e.g. a measured saturation pressure), passed through. */
  reference: Record<string, unknown> | null;
}

/** The model attached to an eos.model.* input; EngineFailure when the API node did not attach one. */
export function attachedModel(input: unknown): ResolvedFluidModel {
  const m = (input as { fluidModel?: ResolvedFluidModel }).fluidModel;
  if (!m || !Array.isArray(m.components)) {
    throw new EngineFailure('invalid_input', 'no fluid model attached: eos.model.* functions run on a saved project read by the API node (projectId, fluidModelId, versionId)');
  }
  return m;
}

/** The model as the inline fluid input of the other EOS functions. */
export function modelFluidInput(m: ResolvedFluidModel): FluidInput {
  return {
    components: m.components.map((c) => ({ ...c })),
    composition: m.composition,
    kij: m.kij,
    eos: m.eos,
    volumeShift: m.volumeShift ? 'Peneloux' : 'none',
  };
}

/** The model's core Fluid, composition and names; its constants checked against the physical domain (domain.ts), named as the model's. */
export function modelFluid(m: ResolvedFluidModel): ReturnType<typeof buildFluid> {
  return buildFluid(modelFluidInput(m), modelComponentsLabel(m));
}

/** How domain messages name the model's components. */
export function modelComponentsLabel(m: ResolvedFluidModel): string {
  return `fluid model '${m.fluidModelId}' components`;
}

/** Where the result came from, for a report to cite. */
export function modelSource(m: ResolvedFluidModel) {
  return { projectId: m.projectId, versionId: m.versionId, fluidModelId: m.fluidModelId, name: m.name };
}
