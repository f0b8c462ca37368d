/**
 * Piscina thread entry: runs one catalogue function on validated field-unit input and returns
 * data (`{ ok, result, warnings }` or `{ ok: false, reason, message }`). Only infrastructure
 * faults throw.
 */
import { findDefinition } from '../engine/catalogue.js';
import { executeDefinition, type ExecutionOutcome } from '../engine/execute.js';
import type { EngineJob } from './runner.js';

export default function runEngineJob(job: EngineJob): ExecutionOutcome {
  const def = findDefinition(job.name);
  if (!def) return { ok: false, reason: 'invalid_input', message: `unknown engine function ${job.name}` };
  return executeDefinition(def, job.input, { units: job.units ?? 'field' });
}
