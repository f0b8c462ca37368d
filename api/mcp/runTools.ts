/**
 * Batch runs over MCP: `submit_batch` starts a run of one function on many inputs (POST
 * /v1/engine/functions/{name}/runs with a batch body) and `get_run` reads one (GET .../runs/{id}),
 * through the same RunService, so the same checks, seats, limits and idempotency apply and the
 * structuredContent is the REST body itself.
 */
import { errors } from '../errors.js';
import { engineOperation, idempotent } from '../engine/idempotency.js';
import { pageOf, WAIT_MAX_S, type RunService, type RunView } from '../engine/runs.js';
import { CALCULATION_ANNOTATIONS } from './tools.js';
import type { McpRequestContext, McpTool } from './types.js';

const nameArg = { type: 'string', description: 'Function name, e.g. pvt.gasProperties (list_functions lists them)' };
const waitArg = { type: 'integer', minimum: 0, maximum: WAIT_MAX_S, description: `Seconds (<= ${WAIT_MAX_S}) to wait for the run to finish before answering, as Prefer: wait=N` };

const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw errors.validation(`${name} is required`, { [name]: 'must be a non-empty string' });
  return v;
};
const seconds = (v: unknown): number | undefined => {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > WAIT_MAX_S) throw errors.validation(`wait must be an integer from 0 to ${WAIT_MAX_S}`, { wait: `must be an integer from 0 to ${WAIT_MAX_S}` });
  return v as number;
};

/** While a tool waits for a run, its items done of total as MCP progress (when the request asked for it). */
function runProgress(ctx: McpRequestContext): ((done: number, total: number) => void) | undefined {
  const reporter = ctx.progress;
  return reporter ? (done, total) => reporter.report(done, total, `${done} of ${total} items`) : undefined;
}

export function runTools(runs: RunService): McpTool[] {
  return [
    {
      name: 'submit_batch',
      title: 'Submit a batch run of one engine function',
      description:
        'Runs one engine function on many inputs as an asynchronous run, exactly as POST /v1/engine/functions/{name}/runs with {items, units}: each item is validated and run as a single call (same errors, warnings, units); one bad item never fails the others. ' +
        'Answers the run (id, status, progress); read it with get_run. wait makes it answer once finished (up to 60 s). idempotencyKey makes a retried submit return the first run.',
      inputSchema: {
        type: 'object',
        properties: {
          name: nameArg,
          items: {
            type: 'array',
            minItems: 1,
            description: 'The inputs: [{id?, input}], input as the function\'s arguments',
            items: { type: 'object', properties: { id: { type: 'string', description: 'Unique within the batch; default the index' }, input: { type: 'object' } } },
          },
          units: { type: 'string', enum: ['field', 'metric'], description: 'Unit system of items whose input names none' },
          wait: waitArg,
          idempotencyKey: { type: 'string', maxLength: 255, description: 'As the Idempotency-Key header' },
        },
        required: ['name', 'items'],
      },
      requires: ['engine:run'],
      group: 'functions',
      core: true,
      annotations: { ...CALCULATION_ANNOTATIONS, readOnlyHint: false, idempotentHint: false },
      rest: (args) => ({ method: 'POST', path: `/v1/engine/functions/${String(args.name)}/runs`, body: '{items, units} of this call' }),
      async call(ctx, args) {
        const name = str(args.name, 'name');
        const body = { items: args.items, ...(args.units !== undefined ? { units: args.units } : {}) };
        const wait = seconds(args.wait);
        const key = args.idempotencyKey === undefined ? undefined : str(args.idempotencyKey, 'idempotencyKey');
        const answer = await idempotent(runs.store, ctx.auth, engineOperation(name, 'runs'), key, body, async () => {
          const view = await runs.create(ctx.auth, name, body);
          return { status: 202, body: view, headers: { Location: view.links.self } };
        });
        let view = answer.body as RunView;
        if (wait !== undefined) view = await runs.wait(ctx.auth, name, view.id, wait, pageOf({}), runProgress(ctx));
        return view as unknown as Record<string, unknown>;
      },
    },
    {
      name: 'get_run',
      title: 'Read a run: status, progress and results',
      description:
        'One run of the caller\'s company, exactly as GET /v1/engine/functions/{name}/runs/{id}: status (queued, running, succeeded, failed, canceled, expired), progress, counts and, for a batch, one page of answered items in input order (offset, limit; links.next has the next page), readable while it runs. wait waits up to 60 s for it to finish.',
      inputSchema: {
        type: 'object',
        properties: {
          name: nameArg,
          id: { type: 'string', description: 'The run id submit_batch answered' },
          offset: { type: 'integer', minimum: 0, description: 'First item index of the page' },
          limit: { type: 'integer', minimum: 0, maximum: 10_000, description: 'Items per page (default 1000)' },
          wait: waitArg,
        },
        required: ['name', 'id'],
      },
      requires: ['engine:run'],
      group: 'functions',
      core: true,
      annotations: CALCULATION_ANNOTATIONS,
      rest: (args) => ({ method: 'GET', path: `/v1/engine/functions/${String(args.name)}/runs/${String(args.id)}` }),
      async call(ctx, args) {
        const name = str(args.name, 'name');
        const id = str(args.id, 'id');
        const page = pageOf({ offset: args.offset, limit: args.limit });
        const wait = seconds(args.wait);
        const view = wait === undefined ? await runs.get(ctx.auth, name, id, page) : await runs.wait(ctx.auth, name, id, wait, page, runProgress(ctx));
        return view as unknown as Record<string, unknown>;
      },
    },
  ];
}
