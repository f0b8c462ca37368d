/**
 * Engine routes: the catalogue (GET) and the call (POST). The OpenAPI description also gains one
 * documented path per function, generated from its definition (input schema, example, envelope).
 */
import { readJsonBody } from '../body.js';
import { CallerGone } from './callerGone.js';
import { authorizeFunction, callEngineText, type EngineDeps } from '../engine/callEngine.js';
import { callBatch, type BatchLimits } from '../engine/batch.js';
import { engineOperation, idempotent } from '../engine/idempotency.js';
import { batchBodySchema, batchEnvelopeSchema, idempotencyKeyParam } from '../engine/batchSchemas.js';
import { describeFunction, publicInputSchema, publishSchema, requiredScopes } from '../engine/describe.js';
import { errors } from '../errors.js';
import { BATCH_RESULT_LIMIT_BYTES } from '../config.js';
import { CATALOGUE, findDefinition } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import type { RouteContext, RouteSpec } from './route.js';

const nameParam = { name: 'name', in: 'path' as const, required: true, description: 'Function name, e.g. pvt.gasProperties', schema: { type: 'string' } };

function envelopeSchema(def?: AnyDefinition): Record<string, unknown> {
  return {
    type: 'object',
    required: ['name', 'module', 'result', 'ms'],
    properties: {
      name: def ? { const: def.name } : { type: 'string' },
      module: def ? { const: def.module } : { type: 'string' },
      result: def
        ? {
            allOf: [publishSchema(def.output)],
            properties: {
              units: { enum: ['field', 'metric'] },
              outputUnits: { type: 'object', additionalProperties: { type: 'string' } },
              warnings: { type: 'array', items: { type: 'string' } },
            },
          }
        : { type: 'object', description: 'The function output, plus units (field|metric), outputUnits and warnings' },
      ms: { type: 'number', description: 'Server time in milliseconds' },
    },
  };
}

/** Aborts when the client closes its connection before the answer is written: its call stops. */
export function callerGone(ctx: RouteContext): CallerGone {
  return new CallerGone(ctx.res);
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxItems: 10_000, timeoutMs: 60_000, resultLimitBytes: BATCH_RESULT_LIMIT_BYTES };

const CALL_ERRORS = ['not_found', 'validation_failed', 'payload_too_large', 'unsupported_media_type', 'engine_error', 'unavailable'] as const;

export function engineRoutes(deps: EngineDeps, batchLimits: BatchLimits = DEFAULT_BATCH_LIMITS): RouteSpec[] {
  const call: RouteSpec['handler'] = async (ctx) => {
    // The envelope as JSON text, built where the result was computed (callEngineText).
    const text = await callEngineText(deps, ctx.state.auth!, ctx.params.name ?? '', () => readJsonBody(ctx), callerGone(ctx));
    ctx.type = 'application/json';
    ctx.body = text;
  };

  const perFunction: RouteSpec[] = CATALOGUE.map((def) => ({
    method: 'POST',
    path: `/v1/engine/functions/${def.name}`,
    access: 'key',
    scopes: requiredScopes(def),
    documentOnly: true,
    operationId: `run_${def.name.replace(/\./g, '_')}`,
    summary: def.title,
    description: def.description,
    tags: ['engine'],
    requestBody: {
      // An empty body is read as {} (spec §4), so the body may be left out; its inputs are then checked as {}.
      required: false,
      description: 'Function inputs (field units unless "units": "metric"); an empty body is read as {}',
      schema: { ...publicInputSchema(def), ...(def.examples[0] ? { examples: [def.examples[0].input] } : {}) },
    },
    responses: { 200: { description: 'The result envelope', schema: envelopeSchema(def) } },
    errors: [...CALL_ERRORS],
    handler: call,
  }));

  return [
    {
      method: 'GET',
      path: '/v1/engine/functions',
      access: 'key',
      scopes: [],
      operationId: 'listEngineFunctions',
      summary: 'Every engine function with name, module, title, description, input schema and example',
      description: 'Every engine function: name, module, seat module, title, description, input JSON Schema (field units; x-unit and x-metric-unit name the units), output schema, a checked example, validity ranges and references. Any valid key may call it.',
      tags: ['engine'],
      responses: { 200: { description: 'The catalogue', schema: { type: 'object', properties: { functions: { type: 'array', items: { type: 'object' } } } } } },
      errors: [],
      async handler(ctx) {
        ctx.body = { functions: CATALOGUE.map(describeFunction) };
      },
    },
    {
      method: 'GET',
      path: '/v1/engine/functions/{name}',
      access: 'key',
      scopes: [],
      operationId: 'getEngineFunction',
      summary: "One function's details",
      description: 'One engine function, as listed by GET /v1/engine/functions. 404 for an unknown name.',
      tags: ['engine'],
      parameters: [nameParam],
      responses: { 200: { description: 'The function', schema: { type: 'object', properties: { function: { type: 'object' } } } } },
      errors: ['not_found'],
      async handler(ctx) {
        const def = findDefinition(ctx.params.name ?? '');
        if (!def) throw errors.notFound(`No engine function '${ctx.params.name}'; GET /v1/engine/functions lists them`);
        ctx.body = { function: describeFunction(def) };
      },
    },
    {
      method: 'POST',
      path: '/v1/engine/functions/{name}',
      access: 'key',
      scopes: ['engine:run'],
      scopeCheck: 'handler',
      operationId: 'runEngineFunction',
      summary: 'Run an engine function; the body is its input',
      description: 'Body limit 4 MB; an empty body is {}. "units": "metric" converts inputs and results. Needs the run-scripts permission, the module licence and a module seat (black-oil pvt.* needs none).',
      tags: ['engine'],
      parameters: [nameParam],
      requestBody: { description: 'Function inputs', schema: { type: 'object' }, required: false },
      responses: { 200: { description: 'The result envelope', schema: envelopeSchema() } },
      errors: [...CALL_ERRORS],
      handler: call,
    },
    {
      method: 'POST',
      path: '/v1/engine/functions/{name}/batch',
      access: 'key',
      scopes: ['engine:run'],
      scopeCheck: 'handler',
      operationId: 'runEngineBatch',
      summary: 'Run one engine function on many inputs in one request',
      description:
        `Up to ${batchLimits.maxItems} items and the 4 MB body; counts once against the per-key limit and takes the module seat once. ` +
        'Each item is validated and run as a single call would be (same errors, warnings, units; "units" applies to items that do not name their own); one bad item never fails the others. ' +
        `Results come in input order. The batch runs spread over every engine thread or worker within ${batchLimits.timeoutMs} ms; items not finished by then answer engine_error with details.timeout, finished ones keep their results. ` +
        'An Idempotency-Key header makes a retried request return the first answer.',
      tags: ['engine'],
      parameters: [nameParam, idempotencyKeyParam],
      requestBody: { description: 'The items', schema: batchBodySchema(batchLimits.maxItems) },
      responses: { 200: { description: 'One answer per item, in input order', schema: batchEnvelopeSchema } },
      errors: [...CALL_ERRORS, 'no_seat', 'plan_limit', 'idempotency_key_reused'],
      handler: async (ctx) => {
        const auth = ctx.state.auth!;
        const name = ctx.params.name ?? '';
        authorizeFunction(auth, name); // 404/403 before the body is read
        const body = await readJsonBody(ctx);
        const answer = await idempotent(deps.store.runs, auth, engineOperation(name, 'batch'), ctx.get('Idempotency-Key') || undefined, body, async () => ({
          status: 200,
          body: await callBatch(deps, auth, name, body, batchLimits, callerGone(ctx)),
        }));
        if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
        ctx.type = 'application/json';
        ctx.body = answer.body; // the envelope's JSON text, joined from the threads' item texts
      },
    },
    ...perFunction,
  ];
}
