/**
 * One engine call for an authenticated caller, DESIGN.md §4 steps 7-11: function, scopes,
 * permission, licence, body validation and units, module seat, then the runner under its time
 * limit. REST and MCP both call this, so both answer every condition the same way.
 */
import { ApiError, errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import { withEmails } from '../middleware/authenticate.js';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall, presentResult } from '../../engine/call.js';
import { answerJson } from '../../engine/json/answerJson.js';
import type { AnyDefinition } from '../../engine/definition.js';
import type { LicensableModule } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import type { Seats } from '../../store/governance.js';
import type { CancelSignal, EngineRunner, RunOutcome } from '../../workers/runner.js';
import type { UnitSystem } from '../../engine/validation.js';
import { requiredScopes, seatModule } from './describe.js';
import { resolveFluidModel } from './fluidModels.js';
import { KeyGuard } from './keyGuard.js';
import { isLightCall } from '../../workers/lightCalls.js';

export const ENGINE_BUSY_RETRY_AFTER_S = 30;

export interface EngineDeps {
  store: Store;
  seats: Seats;
  runner: EngineRunner;
}

export interface EngineEnvelope {
  name: string;
  module: string;
  result: Record<string, unknown>;
  ms: number;
}

/** The permission every engine call, and every read or cancel of a run, needs. */
export function requireRunScripts(auth: AuthContext): void {
  if (!auth.member.permissions.includes('runScripts')) throw errors.forbidden('The member who owns this key lacks the permission to run scripts');
}

/** Steps 7: the function exists and the caller may run it (scopes, permission, licence). */
export function authorizeFunction(auth: AuthContext, name: string): AnyDefinition {
  const def = findDefinition(name);
  if (!def) throw errors.notFound(`No engine function '${name}'; GET /v1/engine/functions lists them`);
  const needed = requiredScopes(def);
  const missing = needed.filter((s) => !auth.key.scopes.includes(s));
  if (missing.length) throw errors.forbidden(`This key lacks the scope ${missing.join(' and ')} needed to run ${name}`, { requiredScopes: needed });
  requireRunScripts(auth);
  const module = seatModule(def);
  if (module && !(auth.company.licences[module as LicensableModule] ?? 0)) {
    throw new ApiError('plan_limit', `The company has no licence for the ${module} module needed by ${name}`, { module });
  }
  return def;
}

/**
 * `readBody` is called only after step 7 passes, so a refused caller's body is never read.
 * `signal`: the caller went away (its connection closed, its MCP request was canceled); the call
 * is dropped or its thread stopped, and nobody is answered. `onProgress`: the steps the engine
 * function reports from its thread or worker while it runs (MCP progress), for functions that do.
 */
export async function callEngine(
  deps: EngineDeps,
  auth: AuthContext,
  name: string,
  readBody: () => Promise<unknown>,
  signal?: CancelSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<EngineEnvelope> {
  const { def, outcome, units, started } = await runCall(deps, auth, name, readBody, signal, onProgress, false);
  // 11. The envelope, in the caller's unit system.
  return {
    name: def.name,
    module: def.module,
    result: 'result' in outcome ? presentResult(def, outcome.result, outcome.warnings, units) : (JSON.parse(outcome.presented) as Record<string, unknown>),
    ms: elapsedMs(started),
  };
}

/**
 * The same call, answered as the envelope's JSON text (the REST route writes it as it is). The
 * result is presented and serialised where it was computed (the engine thread, or the worker),
 * so the API thread neither receives its numbers nor serialises them: the text is the bytes
 * JSON.stringify of callEngine's envelope would give.
 */
export async function callEngineText(deps: EngineDeps, auth: AuthContext, name: string, readBody: () => Promise<unknown>, signal?: CancelSignal): Promise<string> {
  const { def, outcome, units, started } = await runCall(deps, auth, name, readBody, signal, undefined, true);
  const result = 'presented' in outcome ? outcome.presented : answerJson(presentResult(def, outcome.result, outcome.warnings, units));
  return `{"name":${JSON.stringify(def.name)},"module":${JSON.stringify(def.module)},"result":${result},"ms":${JSON.stringify(elapsedMs(started))}}`;
}

const elapsedMs = (started: number) => Math.round((performance.now() - started) * 100) / 100;

/** Steps 7-10; a call that did not succeed is thrown as its API error. */
async function runCall(
  deps: EngineDeps,
  auth: AuthContext,
  name: string,
  readBody: () => Promise<unknown>,
  signal: CancelSignal | undefined,
  onProgress: ((done: number, total: number) => void) | undefined,
  presented: boolean,
): Promise<{ def: AnyDefinition; outcome: Extract<RunOutcome, { ok: true }>; units: UnitSystem; started: number }> {
  const started = performance.now();
  const def = authorizeFunction(auth, name);

  // 8. Body: validation and units.
  const prepared = prepareCall(def, await readBody());
  if (!prepared.ok) throw errors.validation(prepared.message, prepared.fields, prepared.validKeys ? { validKeys: prepared.validKeys } : {});
  // 8b. What the API node supplies (workers never touch the store): a saved project's fluid model.
  let input = prepared.input;
  if (def.resolve === 'fluidModel') {
    input = { ...input, fluidModel: await resolveFluidModel(deps.store, auth, input as { projectId: string; fluidModelId?: string; versionId?: string }) };
  }

  // 9. Module seat (black-oil PVT needs none).
  const module = seatModule(def);
  if (module) {
    const capacity = auth.company.licences[module as LicensableModule] ?? 0;
    const seat = await deps.seats.acquire(auth.company.id, module, auth.member.id, capacity);
    if (!seat.ok) {
      throw new ApiError('no_seat', `Every ${module} seat of the company is in use`, { module, holders: await withEmails(deps.store, seat.holders) });
    }
  }

  // 10. Run under the time limit. A call that may run long stops if its key stops working
  // meanwhile (keyGuard.ts); a light one ends within microseconds and is not watched.
  const job = presented ? { name: def.name, input, units: prepared.units, presented: true as const } : { name: def.name, input, units: prepared.units };
  const guard = isLightCall(def.name) ? undefined : new KeyGuard(deps.store, auth, signal);
  let outcome: RunOutcome;
  try {
    const stop = guard ?? signal;
    outcome = await deps.runner.run(job, onProgress ? { signal: stop, onProgress } : { signal: stop });
  } finally {
    guard?.end();
  }
  if (guard?.refusal) throw guard.refusal;
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'canceled':
        // Nobody reads this answer; a 4xx keeps it out of the server-error logs and metrics.
        throw new ApiError('engine_error', 'The call was canceled by its caller', { reason: 'canceled', timeout: false });
      case 'saturated':
        throw errors.rateLimited(ENGINE_BUSY_RETRY_AFTER_S, 'The engine is busy');
      case 'unavailable':
        throw new ApiError('unavailable', `The engine is unavailable: ${outcome.message}`, undefined, { 'Retry-After': String(outcome.retryAfterS ?? ENGINE_BUSY_RETRY_AFTER_S) });
      case 'timeout':
        throw new ApiError('engine_error', outcome.message, { reason: 'timeout', timeout: true, timeoutMs: outcome.timeoutMs });
      default:
        throw new ApiError('engine_error', outcome.message, { reason: outcome.reason, timeout: false });
    }
  }
  return { def, outcome, units: prepared.units, started };
}
