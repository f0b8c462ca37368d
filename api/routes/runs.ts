/**
 * Runs over REST (api/engine/runs.ts): create (202 + Location, or 200 with `Prefer: wait=N` when
 * it finishes in time), read (results pageable while running), cancel. Creation takes an
 * Idempotency-Key.
 */
import { readJsonBody } from '../body.js';
import { authorizeFunction } from '../engine/callEngine.js';
import { itemAnswerSchema, countsSchema, idempotencyKeyParam, batchBodySchema, itemErrorSchema } from '../engine/batchSchemas.js';
import { engineOperation, idempotent } from '../engine/idempotency.js';
import { FINISHED } from '../../store/runs/ports.js';
import { pageOf, preferWait, WAIT_MAX_S, PAGE_DEFAULT, PAGE_MAX, type RunService, type RunView } from '../engine/runs.js';
import type { BatchLimits } from '../engine/batch.js';
import type { RouteContext, RouteSpec } from './route.js';

const nameParam = { name: 'name', in: 'path' as const, required: true, description: 'Function name, e.g. pvt.gasProperties', schema: { type: 'string' } };
const idParam = { name: 'id', in: 'path' as const, required: true, description: 'Run id (a UUID)', schema: { type: 'string', maxLength: 36 } };
const preferParam = {
  name: 'Prefer',
  in: 'header' as const,
  required: false,
  description: `wait=N (N <= ${WAIT_MAX_S}): answer 200 with the finished run if it finishes within N seconds`,
  schema: { type: 'string' },
};

export const runSchema = {
  type: 'object',
  required: ['id', 'name', 'module', 'kind', 'status', 'createdAt', 'startedAt', 'completedAt', 'progress', 'counts', 'links'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    module: { type: 'string' },
    kind: { enum: ['single', 'batch'] },
    status: { enum: ['queued', 'running', 'succeeded', 'failed', 'canceled', 'expired'] },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    completedAt: { type: ['string', 'null'], format: 'date-time' },
    expiresAt: { type: ['string', 'null'], format: 'date-time', description: 'When the finished run is deleted' },
    progress: { type: 'object', properties: { done: { type: 'integer' }, total: { type: 'integer' } } },
    counts: countsSchema,
    links: { type: 'object', properties: { self: { type: 'string' }, cancel: { type: 'string' }, next: { type: 'string', description: 'The next page of results' } } },
    results: { type: 'array', items: { ...itemAnswerSchema, properties: { ...itemAnswerSchema.properties, index: { type: 'integer' } } }, description: 'Batch: answered items in input order, one page' },
    result: { type: 'object', description: 'Single: the result once succeeded' },
    error: itemErrorSchema,
  },
} as const;

const RUN_ERRORS = ['not_found', 'validation_failed', 'payload_too_large', 'unsupported_media_type', 'no_seat', 'plan_limit', 'idempotency_key_reused', 'idempotency_key_in_use', 'unavailable'] as const;

export function runRoutes(runs: RunService, limits: BatchLimits): RouteSpec[] {
  const finished = (v: RunView) => FINISHED.includes(v.status);
  return [
    {
      method: 'POST',
      path: '/v1/engine/functions/{name}/runs',
      access: 'key',
      scopes: ['engine:run'],
      scopeCheck: 'handler',
      operationId: 'createEngineRun',
      summary: 'Start an asynchronous run of an engine function (one input or a batch)',
      description:
        `The body is a single call's input, or a batch body {items, units} (up to ${limits.maxItems} items). Answers 202 with Location and the run; with Prefer: wait=N (N <= ${WAIT_MAX_S}) answers 200 with the finished run when it finishes within N seconds. ` +
        'An invalid single input is 400; invalid batch items are answered in the results. The run holds the module seat while it runs. Runs belong to the key\'s member and company and are kept for the stated retention after they finish. An Idempotency-Key returns the first run for a retried request.',
      tags: ['engine'],
      parameters: [nameParam, idempotencyKeyParam, preferParam],
      requestBody: { description: 'One input, or {items, units}', schema: { oneOf: [{ type: 'object', description: "A single call's input" }, batchBodySchema(limits.maxItems)] } },
      responses: {
        200: { description: 'The finished run (Prefer: wait)', schema: runSchema },
        202: { description: 'The run, queued or running', schema: runSchema, headers: { Location: { description: 'The run', schema: { type: 'string' } } } },
      },
      errors: [...RUN_ERRORS],
      async handler(ctx) {
        const auth = ctx.state.auth!;
        const name = ctx.params.name ?? '';
        authorizeFunction(auth, name);
        const body = await readJsonBody(ctx);
        const answer = await idempotent(runs.store, auth, engineOperation(name, 'runs'), ctx.get('Idempotency-Key') || undefined, body, async () => {
          const view = await runs.create(auth, name, body);
          return { status: 202, body: view, headers: { Location: view.links.self } };
        });
        let view = answer.body as RunView;
        let status = answer.status;
        const wait = preferWait(ctx.get('Prefer'));
        if (wait !== undefined) {
          view = await runs.wait(auth, name, view.id, wait, { offset: 0, limit: PAGE_DEFAULT });
          if (finished(view)) status = 200;
          ctx.set('Preference-Applied', `wait=${wait}`);
        }
        for (const [k, v] of Object.entries(answer.headers ?? {})) ctx.set(k, v);
        if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
        ctx.status = status;
        ctx.body = view;
      },
    },
    {
      method: 'GET',
      path: '/v1/engine/functions/{name}/runs/{id}',
      access: 'key',
      scopes: ['engine:run'],
      operationId: 'getEngineRun',
      summary: 'A run: status, progress and results (pageable, readable while running)',
      description: `Batch results are pages of answered items in input order: ?offset (an item index) and ?limit (default ${PAGE_DEFAULT}, at most ${PAGE_MAX}); links.next gives the next page. Prefer: wait=N waits up to N s (<= ${WAIT_MAX_S}) for the run to finish. Another member's or another company's run is 404.`,
      tags: ['engine'],
      parameters: [
        nameParam,
        idParam,
        { name: 'offset', in: 'query', required: false, description: 'First item index of the page', schema: { type: 'integer', minimum: 0 } },
        { name: 'limit', in: 'query', required: false, description: `Items per page (default ${PAGE_DEFAULT})`, schema: { type: 'integer', minimum: 0, maximum: PAGE_MAX } },
        preferParam,
      ],
      responses: { 200: { description: 'The run', schema: runSchema } },
      errors: ['not_found', 'validation_failed'],
      async handler(ctx: RouteContext) {
        const auth = ctx.state.auth!;
        const page = pageOf(ctx.query);
        const wait = preferWait(ctx.get('Prefer'));
        if (wait !== undefined) ctx.set('Preference-Applied', `wait=${wait}`);
        ctx.body = wait === undefined ? await runs.get(auth, ctx.params.name ?? '', ctx.params.id ?? '', page) : await runs.wait(auth, ctx.params.name ?? '', ctx.params.id ?? '', wait, page);
      },
    },
    {
      method: 'POST',
      path: '/v1/engine/functions/{name}/runs/{id}/cancel',
      access: 'key',
      scopes: ['engine:run'],
      operationId: 'cancelEngineRun',
      summary: 'Cancel a run: its work stops on its threads or workers',
      description: 'A queued or running run becomes canceled: items not yet run are answered engine_error (reason canceled), and the threads running its items are stopped within a second. A finished run is answered as it is.',
      tags: ['engine'],
      parameters: [nameParam, idParam],
      responses: { 200: { description: 'The run', schema: runSchema } },
      errors: ['not_found'],
      async handler(ctx: RouteContext) {
        ctx.body = await runs.cancel(ctx.state.auth!, ctx.params.name ?? '', ctx.params.id ?? '');
      },
    },
  ];
}
