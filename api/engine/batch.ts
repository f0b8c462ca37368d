/**
 * Batch engine calls: many inputs of one function in one request (or one run). Each item is
 * validated and answered exactly as a single call (engine/call.ts prepareCall / presentResult:
 * same errors, warnings and units); one bad item never fails the others. The valid items run in
 * chunks spread over every engine thread (embedded) or every worker (distributed: one queue job
 * per chunk), all under one deadline: items not finished by then answer engine_error with
 * details.timeout, the finished ones keep their results.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { ApiError, errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import { withEmails } from '../middleware/authenticate.js';
import { prepareCall } from '../../engine/call.js';
import { itemAnswer, type ItemBody, type ItemError } from '../../workers/batchItem.js';
import type { AnyDefinition } from '../../engine/definition.js';
import type { UnitSystem } from '../../engine/validation.js';
import type { LicensableModule } from '../../store/model.js';
import type { CancelSignal, ChunkJob, EngineRunner, ItemOutcome, NotRun } from '../../workers/runner.js';
import { answerBytes } from '../../workers/answerBytes.js';
import { authorizeFunction, type EngineDeps } from './callEngine.js';
import { seatModule } from './describe.js';
import { resolveFluidModel } from './fluidModels.js';
import { KeyGuard } from './keyGuard.js';

/** What a batch may hold and how long it may take (README "Batch calls"). */
export interface BatchLimits {
  /** Items per batch or run (ENGINE_BATCH_MAX_ITEMS, default 10 000). */
  maxItems: number;
  /** Time limit of a synchronous batch in ms (ENGINE_BATCH_TIMEOUT_MS, default 60 000). */
  timeoutMs: number;
  /** Bytes of answer JSON a batch or run may hold (ENGINE_BATCH_RESULT_LIMIT_BYTES, default 32 MiB). */
  resultLimitBytes: number;
}

export type ItemId = string | number;
export type { ItemBody, ItemError };
export type ItemAnswer = { id: ItemId } & ItemBody;
/** An item's answer: an object, or (from a thread in mode 'texts') the JSON text of its body without the id. */
export type Answered = ItemAnswer | string | undefined;

export interface BatchCounts {
  total: number;
  succeeded: number;
  failed: number;
}

export interface BatchEnvelope {
  name: string;
  module: string;
  results: ItemAnswer[];
  counts: BatchCounts;
  ms: number;
}

/** One item of the request: its id (default: its index) and the body a single call would get. */
export interface BatchItem {
  id: ItemId;
  body: unknown;
}

/** A valid item waiting to run: its place in the batch, field-unit input and unit system. */
export interface PlannedItem {
  index: number;
  input: Record<string, unknown>;
  units: UnitSystem;
}

/** Largest chunk: a chunk's items are lost together if its thread is stopped at the deadline. */
const MAX_CHUNK = 250;
/** Chunks per engine thread: enough to keep every thread busy to the end of a batch. */
const CHUNKS_PER_THREAD = 4;
/** A chunk its worker dropped (worker died, job lost) is run again this many times, time allowing. */
const CHUNK_RETRIES = 2;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The request's shape: `{items: [{id?, input}], units?}`. A wrong shape fails the request (400);
 * anything wrong inside an item's input fails only that item. `units` applies to the items whose
 * input does not name its own.
 */
export function parseBatchBody(body: unknown, maxItems: number): BatchItem[] {
  if (!isRecord(body)) throw errors.validation('The body must be a JSON object {items: [{id?, input}], units?}', { body: 'must be an object' });
  const unknown = Object.keys(body).filter((k) => k !== 'items' && k !== 'units');
  if (unknown.length) throw errors.validation(`Unknown field ${unknown.join(', ')}: a batch body has items and units`, Object.fromEntries(unknown.map((k) => [k, 'is not a batch field'])));
  const units = body.units;
  if (units !== undefined && units !== 'field' && units !== 'metric') throw errors.validation('units must be field or metric', { units: 'must be field or metric' });
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0) throw errors.validation('items must be a non-empty array of {id?, input}', { items: 'must be a non-empty array' });
  if (items.length > maxItems) throw errors.validation(`A batch holds at most ${maxItems} items (got ${items.length}); split it`, { items: `must have at most ${maxItems} items` }, { maxItems });
  const seen = new Set<ItemId>();
  return items.map((item, i) => {
    if (!isRecord(item)) throw errors.validation(`items[${i}] must be an object {id?, input}`, { [`items[${i}]`]: 'must be an object' });
    const extra = Object.keys(item).filter((k) => k !== 'id' && k !== 'input');
    if (extra.length) throw errors.validation(`items[${i}] has unknown field ${extra.join(', ')}: an item has id and input`, { [`items[${i}]`]: 'has unknown fields' });
    const id = item.id ?? i;
    if (!(typeof id === 'string' && id.length > 0 && id.length <= 200) && !Number.isSafeInteger(id)) {
      throw errors.validation(`items[${i}].id must be a string of 1 to 200 characters or an integer`, { [`items[${i}].id`]: 'must be a string (1-200) or an integer' });
    }
    if (seen.has(id as ItemId)) throw errors.validation(`items[${i}].id ${JSON.stringify(id)} is used twice; ids must be unique`, { [`items[${i}].id`]: 'is not unique' });
    seen.add(id as ItemId);
    // No input is the empty body ({}); an input of null is answered as a single call with the body null would be.
    const input = item.input === undefined ? {} : item.input;
    if (!isRecord(input)) return { id: id as ItemId, body: input }; // answered as a single call with this body would be
    return { id: id as ItemId, body: units !== undefined && input.units === undefined ? { ...input, units } : input };
  });
}

/**
 * Validates every item as a single call (and resolves a saved fluid model where the function
 * needs one): invalid items get their answer now, valid ones are planned to run.
 */
export async function prepareItems(deps: EngineDeps, auth: AuthContext, def: AnyDefinition, items: BatchItem[]): Promise<{ answers: (ItemAnswer | undefined)[]; planned: PlannedItem[] }> {
  const answers: (ItemAnswer | undefined)[] = new Array(items.length);
  const planned: PlannedItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const prepared = prepareCall(def, item.body);
    if (!prepared.ok) {
      const error = errors.validation(prepared.message, prepared.fields, prepared.validKeys ? { validKeys: prepared.validKeys } : {});
      answers[i] = { id: item.id, ok: false, error: error.toBody().error };
      continue;
    }
    let input = prepared.input;
    if (def.resolve === 'fluidModel') {
      try {
        input = { ...input, fluidModel: await resolveFluidModel(deps.store, auth, input as { projectId: string; fluidModelId?: string; versionId?: string }) };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        answers[i] = { id: item.id, ok: false, error: err.toBody().error };
        continue;
      }
    }
    planned.push({ index: i, input, units: prepared.units });
  }
  return { answers, planned };
}

/** The module seat, taken (or refreshed) once for the whole batch, as a single call takes it. */
export async function holdSeat(deps: EngineDeps, auth: AuthContext, def: AnyDefinition): Promise<void> {
  const module = seatModule(def);
  if (!module) return;
  const capacity = auth.company.licences[module as LicensableModule] ?? 0;
  const seat = await deps.seats.acquire(auth.company.id, module, auth.member.id, capacity);
  if (!seat.ok) throw new ApiError('no_seat', `Every ${module} seat of the company is in use`, { module, holders: await withEmails(deps.store, seat.holders) });
}

export interface ExecuteOptions {
  /** 'texts': the planned inputs are request bodies, validated, run and serialised by the threads. */
  mode?: 'outcomes' | 'texts';
  /** Epoch ms: no item starts after it; unfinished items answer engine_error with details.timeout. */
  deadline: number;
  /** The batch's time limit, for the timeout message. */
  timeoutMs: number;
  /**
   * Bytes of answer JSON the batch may hold: items answered past it get the result-limit error
   * instead of their result, and once it is reached no further item runs.
   */
  resultLimitBytes: number;
  /** Bytes of answers the batch holds already (a resumed run's); default 0. */
  usedBytes?: number;
  /** Cancels the batch: waiting chunks never run, running ones have their threads stopped. */
  signal?: CancelSignal;
  /** Called as chunks finish, with the indexes they answered (runs save results and progress here). */
  onAnswered?(indexes: number[]): void | Promise<void>;
}

interface Chunk {
  items: PlannedItem[];
  tries: number;
}

/** The answer of an item a canceled run did not run (here, and for a run whose driver died: runs.ts). */
export const CANCELED_ITEM: Readonly<ItemError> = Object.freeze({ code: 'engine_error', message: 'This item was not run: the run was canceled', details: Object.freeze({ reason: 'canceled', timeout: false }) });

/** Runs the planned items in chunks over the runner's capacity; fills `answers` in place. */
export async function executeBatch(runner: EngineRunner, def: AnyDefinition, items: BatchItem[], planned: PlannedItem[], answers: Answered[], options: ExecuteOptions): Promise<void> {
  if (planned.length === 0) return;
  const capacity = Math.max(1, await runner.capacity());
  const size = Math.min(MAX_CHUNK, Math.max(1, Math.ceil(planned.length / (capacity * CHUNKS_PER_THREAD))));
  const queue: Chunk[] = [];
  for (let i = 0; i < planned.length; ) {
    const units = planned[i]!.units;
    const items: PlannedItem[] = [];
    while (i < planned.length && items.length < size && planned[i]!.units === units) items.push(planned[i++]!);
    queue.push({ items, tries: 0 });
  }

  const answer = (p: PlannedItem, a: ItemBody) => (answers[p.index] = { id: items[p.index]!.id, ...a } as ItemAnswer);
  const fail = (chunk: PlannedItem[], error: ItemError) => chunk.forEach((p) => answer(p, { ok: false, error }));
  const timeoutError: ItemError = {
    code: 'engine_error',
    message: `This item did not finish within the batch time limit of ${options.timeoutMs} ms`,
    details: { reason: 'timeout', timeout: true, timeoutMs: options.timeoutMs },
  };
  const limit = options.resultLimitBytes;
  const overLimit: ItemError = {
    code: 'engine_error',
    message: `This item's answer is not included: the answers of this batch reached ${limit} bytes of JSON (ENGINE_BATCH_RESULT_LIMIT_BYTES) without it; send such items in smaller batches or runs`,
    details: { reason: 'result_limit', timeout: false, limitBytes: limit },
  };
  // Bytes of the answers kept so far. The budget is shared by chunks running at once, each
  // sent with what was left when it started: together they may pass it by up to one chunk's
  // budget in flight, and what passes is dropped here, never kept.
  let used = options.usedBytes ?? 0;
  const keep = (size: number): boolean => {
    if (used + size > limit) {
      used = limit; // full: the items still to come are not run
      return false;
    }
    used += size;
    return true;
  };

  const runOne = async (chunk: Chunk): Promise<void> => {
    if (options.signal?.aborted) return fail(chunk.items, CANCELED_ITEM);
    if (Date.now() >= options.deadline) return fail(chunk.items, timeoutError);
    if (used >= limit) return fail(chunk.items, overLimit);
    const job: ChunkJob = { name: def.name, inputs: chunk.items.map((p) => p.input), units: chunk.items[0]!.units, deadline: options.deadline, mode: options.mode, maxBytes: limit - used };
    const out = await runner.runChunk(job, { signal: options.signal });
    if (out.ok) {
      // Items the thread did not start: past the chunk's budget, or past the deadline.
      const notStarted = out.stopped === 'bytes' ? overLimit : timeoutError;
      const texts = 'texts' in out ? out.texts : undefined;
      chunk.items.forEach((p, i) => {
        const got = texts ? texts[i] : (out as { outcomes: ItemOutcome[] }).outcomes[i];
        if (got === undefined) return answer(p, { ok: false, error: notStarted });
        if (!keep(out.bytes?.[i] ?? answerBytes(got))) return answer(p, { ok: false, error: overLimit });
        if (typeof got === 'string') answers[p.index] = got;
        else answer(p, itemAnswer(def, got, p.units));
      });
      if (out.stopped === 'bytes') used = limit;
      return;
    }
    await notRun(chunk, out);
  };

  const notRun = async (chunk: Chunk, out: NotRun): Promise<void> => {
    switch (out.reason) {
      case 'saturated': // the engine is busy with other callers: wait for a thread, within the deadline
        if (Date.now() < options.deadline - 50) {
          await delay(50);
          queue.push(chunk);
          return;
        }
        return fail(chunk.items, timeoutError);
      case 'unavailable': // its worker died or its job was lost: run it again while time allows
        if (chunk.tries < CHUNK_RETRIES && Date.now() < options.deadline) {
          chunk.tries++;
          await delay(200);
          queue.unshift(chunk);
          return;
        }
        return fail(chunk.items, { code: 'unavailable', message: `The engine is unavailable: ${out.message}`, details: { retryAfter: out.retryAfterS ?? 30 } });
      case 'timeout':
        return fail(chunk.items, timeoutError);
      case 'canceled':
        return fail(chunk.items, CANCELED_ITEM);
    }
  };

  const lane = async (): Promise<void> => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      await runOne(chunk);
      if (chunk.items.every((p) => answers[p.index] !== undefined)) await options.onAnswered?.(chunk.items.map((p) => p.index));
    }
  };
  // Two lanes per thread: when a thread finishes a chunk the next one is already waiting for it,
  // and a batch never queues more than one chunk per thread beyond those running.
  await Promise.all(Array.from({ length: Math.min(2 * capacity, queue.length) }, lane));
}

export function countAnswers(answers: Answered[]): BatchCounts {
  let succeeded = 0;
  let failed = 0;
  for (const a of answers) {
    if (!a) continue;
    if (typeof a === 'string' ? a.startsWith('{"ok":true') : a.ok) succeeded++;
    else failed++;
  }
  return { total: answers.length, succeeded, failed };
}

/**
 * POST /v1/engine/functions/{name}/batch: steps 7-11 of a call, once for the batch; answers the
 * envelope's JSON text. Functions that read nothing from the store have their items validated,
 * run and serialised on the engine threads (mode 'texts'); the others (a saved fluid model to
 * resolve) are validated here first.
 */
export async function callBatch(deps: EngineDeps, auth: AuthContext, name: string, body: unknown, limits: BatchLimits, signal?: CancelSignal): Promise<string> {
  const started = performance.now();
  const def = authorizeFunction(auth, name);
  const items = parseBatchBody(body, limits.maxItems);
  // A key that stops working while the batch runs stops it, and the batch is answered as a new
  // request with that key would be (keyGuard.ts).
  const guard = new KeyGuard(deps.store, auth, signal);
  const execute = { deadline: Date.now() + limits.timeoutMs, timeoutMs: limits.timeoutMs, resultLimitBytes: limits.resultLimitBytes, signal: guard };
  let answers: Answered[];
  try {
    if (def.resolve === 'fluidModel') {
      const prepared = await prepareItems(deps, auth, def, items);
      answers = prepared.answers;
      if (prepared.planned.length) await holdSeat(deps, auth, def);
      await executeBatch(deps.runner, def, items, prepared.planned, answers, execute);
    } else {
      answers = new Array(items.length);
      await holdSeat(deps, auth, def);
      const planned = items.map((item, index) => ({ index, input: item.body as Record<string, unknown>, units: 'field' as const }));
      await executeBatch(deps.runner, def, items, planned, answers, { ...execute, mode: 'texts' });
    }
  } finally {
    guard.end();
  }
  if (guard.refusal) throw guard.refusal;
  const counts = countAnswers(answers);
  const ms = Math.round((performance.now() - started) * 100) / 100;
  const results = answers.map((a, i) => (typeof a === 'string' ? `{"id":${JSON.stringify(items[i]!.id)},${a.slice(1)}` : JSON.stringify(a)));
  return `{"name":${JSON.stringify(def.name)},"module":${JSON.stringify(def.module)},"results":[${results.join(',')}],"counts":${JSON.stringify(counts)},"ms":${ms}}`;
}
