/**
 * What the API node attaches to an input before the run (engine/definition.ts `resolve`), done
 * the way it does it, for the engine-level checks that must cover every catalogue function (the
 * result size, the domain property test) without a store: 'fluidModel' reads the model that
 * projectId and fluidModelId name from saved project data - the demo project's
 * (api/projects/demo.ts) unless a size example brings its own - with the selection and checks of
 * engine/eos/model/fluidModel.ts, as api/engine/fluidModels.ts does after reading the project.
 * A project or version the data does not hold is what the API answers 404: not an engine call.
 * A new resolve kind does not compile here until it is handled.
 */
import type { AnyDefinition } from '../../engine/definition.js';
import { selectFluidModel } from '../../engine/eos/model/fluidModel.js';
import { DEMO_PROJECT_DATA, DEMO_PROJECT_ID } from '../../api/projects/demo.js';

export type Resolved = { ok: true; input: Record<string, unknown> } | { ok: false; why: string };

/**
 * The input with its attachment, for a validated field-unit input. `projectData` stands for the
 * project the input names (a size example's own data); without it only the demo project exists.
 */
export function attachResolved(def: AnyDefinition, input: Record<string, unknown>, projectData?: Record<string, unknown>): Resolved {
  const kind = def.resolve;
  if (kind === undefined) return { ok: true, input };
  switch (kind) {
    case 'fluidModel': {
      const projectId = String(input.projectId);
      if (input.versionId !== undefined) return { ok: false, why: `version '${String(input.versionId)}' of project '${projectId}' does not exist (the API answers 404)` };
      const data = projectData ?? (projectId === DEMO_PROJECT_ID ? DEMO_PROJECT_DATA : undefined);
      if (!data) return { ok: false, why: `project '${projectId}' does not exist (the API answers 404)` };
      const selected = selectFluidModel(data, input.fluidModelId as string | undefined, { projectId, versionId: null });
      if (!selected.ok) return { ok: false, why: `the API answers 400: ${selected.message}` };
      return { ok: true, input: { ...input, fluidModel: selected.model } };
    }
    default: {
      const unhandled: never = kind;
      throw new Error(`test/engine/resolveInputs.ts: no test attachment for resolve '${String(unhandled)}'`);
    }
  }
}
