/**
 * The API node's part of an eos.model.* call (definitions with resolve: 'fluidModel'): read the
 * project, or the saved version, under the same rules as GET /v1/projects/{id} (company scope:
 * another company's project is 404; the demo project for everyone), select and check the fluid
 * model (engine/eos/model/fluidModel.ts, pure), and hand the engine the resolved model, so
 * workers never touch the store. A model that cannot be used is 400 validation_failed naming
 * the input (fluidModelId) or the path inside the project data.
 */
import { errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import { getProject, getVersion } from '../projects/service.js';
import type { Store } from '../../store/ports.js';
import { selectFluidModel } from '../../engine/eos/model/fluidModel.js';
import type { ResolvedFluidModel } from '../../engine/eos/model/resolved.js';

export interface ModelReference {
  projectId: string;
  fluidModelId?: string;
  versionId?: string;
}

export async function resolveFluidModel(store: Store, auth: AuthContext, ref: ModelReference): Promise<ResolvedFluidModel> {
  const versionId = ref.versionId ?? null;
  const data = versionId === null ? (await getProject(store, auth, ref.projectId)).data : (await getVersion(store, auth, ref.projectId, versionId)).data;
  const selected = selectFluidModel(data, ref.fluidModelId, { projectId: ref.projectId, versionId });
  if (!selected.ok) throw errors.validation(selected.message, selected.fields, { projectId: ref.projectId, ...(versionId ? { versionId } : {}) });
  return selected.model;
}
