/** The fluids of test/refdata/eos.json (constants and kij as embedded there) and the demo project's model, for the EOS tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFDATA_DIR } from '../../support/paths.js';
import { buildFluid, type FluidInput } from '../../../engine/eos/fluidInput.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { modelFluidInput } from '../../../engine/eos/model/resolved.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';
import type { Fluid } from '../../../engine/eos/core/fluid.js';
import type { EosName } from '../../../engine/eos/core/eosFamily.js';

export interface RefVector {
  id: string;
  function: string;
  method: Record<string, string>;
  inputs: Record<string, any>;
  expected: Record<string, any>;
}

export const EOS_VECTORS: RefVector[] = JSON.parse(readFileSync(join(REFDATA_DIR, 'eos.json'), 'utf8')).vectors;

export function vectorFluidInput(v: RefVector): FluidInput {
  return {
    components: v.inputs.components.map((c: any) => ({ name: c.name, TcK: c.TcK, PcBar: c.PcBar, omega: c.omega, MW: c.MW })),
    composition: v.inputs.composition ?? [1],
    kij: v.inputs.kij,
    eos: v.method.eos as EosName,
    volumeShift: 'none',
  };
}

export interface NamedFluid {
  name: string;
  fluid: Fluid;
  z: Float64Array;
}

/** Every distinct mixture of eos.json with each EOS it is used with, and the demo model. */
export function mixtures(): NamedFluid[] {
  const seen = new Map<string, NamedFluid>();
  for (const v of EOS_VECTORS) {
    if (!v.inputs.composition || v.inputs.composition.length < 2) continue;
    const name = `${/^(?:flash|sat)-(?:PR|SRK)-(.+?)-(?:bubble-|dew-)?-?\d+F/.exec(v.id)?.[1] ?? v.id} (${v.method.eos})`;
    if (seen.has(name)) continue;
    const { fluid, z } = buildFluid(vectorFluidInput(v));
    seen.set(name, { name, fluid, z });
  }
  return [...seen.values(), demo()];
}

export function demo(): NamedFluid {
  const sel = selectFluidModel(DEMO_PROJECT_DATA, undefined, { projectId: 'demo', versionId: null });
  if (!sel.ok) throw new Error(sel.message);
  const { fluid, z } = buildFluid(modelFluidInput(sel.model));
  return { name: 'demo volatile oil (PR78, shifted)', fluid, z };
}

export const psi = (psia: number) => psia * 6894.757293168;
export const kelvin = (tF: number) => (tF + 459.67) / 1.8;
