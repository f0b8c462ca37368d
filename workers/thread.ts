/**
 * Piscina thread entry: raises the call's start flag (the time limit counts from here), runs one
 * catalogue function on validated field-unit input and returns data (`{ ok, result, warnings }`
 * or `{ ok: false, reason, message }`). Only infrastructure faults throw.
 */
import { workerData } from 'node:worker_threads';
import { findDefinition } from '../engine/catalogue.js';
import { executeDefinition, type ExecutionOutcome } from '../engine/execute.js';
import type { PoolTask } from './pool.js';
import type { ChunkOutcome, ItemOutcome } from './runner.js';
import { raiseStartFlag } from './startFlags.js';

const startFlags = (workerData as { startFlags?: SharedArrayBuffer } | undefined)?.startFlags;

/** Marks the call as started; thread entries that wrap this one call it first. */
export function markStarted(task: PoolTask): void {
  raiseStartFlag(startFlags, task.startSlot);
}

export default function runEngineJob(task: PoolTask): ExecutionOutcome | ChunkOutcome {
  markStarted(task);
  if (task.inputs) return runChunk(task);
  const def = findDefinition(task.name);
  if (!def) return { ok: false, reason: 'invalid_input', message: `unknown engine function ${task.name}` };
  return executeDefinition(def, task.input, { units: task.units ?? 'field' });
}

/** A batch chunk: items in order until the deadline; an item's thrown fault is its own outcome. */
function runChunk(task: PoolTask): ChunkOutcome {
  const def = findDefinition(task.name);
  const inputs = task.inputs ?? [];
  if (!def) return { ok: true, outcomes: inputs.map(() => ({ ok: false, reason: 'invalid_input', message: `unknown engine function ${task.name}` })) };
  const outcomes: ItemOutcome[] = [];
  for (const input of inputs) {
    if (task.deadline !== undefined && Date.now() >= task.deadline) break;
    try {
      outcomes.push(executeDefinition(def, input, { units: task.units ?? 'field' }));
    } catch {
      outcomes.push({ ok: false, reason: 'internal', message: `${task.name} failed on this input (a fault in the engine, not in the input)` });
    }
  }
  return { ok: true, outcomes };
}
