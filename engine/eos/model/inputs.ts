/**
 * What every eos.model.* call names: the project, which of its fluid models, and optionally a
 * saved version. Never a composition: the API node reads the model from the project (same rules
 * as GET /v1/projects/{id}) and attaches it (resolved.ts).
 */
import Type from 'typebox';
import { quantity } from '../../quantity.js';

export const MODEL_INPUTS = {
  projectId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: "The saved project holding the fluid model (every company sees the read-only 'demo')" }),
  fluidModelId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The fluid model (data.fluidModels[].id); required when the project holds more than one' })),
  versionId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: "A saved version of the project to run on (so a report can cite exactly what it ran on); default: the project's current data" })),
};

export const Source = Type.Object(
  {
    projectId: Type.String(),
    versionId: Type.Union([Type.String(), Type.Null()]),
    fluidModelId: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'The saved model this result was computed from' },
);

/** The demo project's model, the examples' subject. */
export const DEMO = { projectId: 'demo', fluidModelId: 'volatile-oil-pr78' };

export const RESERVOIR_TF = quantity('temperature', { minimum: -100, maximum: 700, description: 'Reservoir (experiment) temperature' });
