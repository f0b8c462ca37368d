/**
 * Piscina thread entry: raises the call's start flag (the time limit counts from here), runs one
 * catalogue function on validated field-unit input and returns data (`{ ok, result, warnings }`
 * or `{ ok: false, reason, message }`). Only infrastructure faults throw.
 */
import { workerData } from 'node:worker_threads';
import { findDefinition } from '../engine/catalogue.js';
import { executeDefinition, type ExecutionOutcome } from '../engine/execute.js';
import type { PoolTask } from './pool.js';
import { raiseStartFlag } from './startFlags.js';

const startFlags = (workerData as { startFlags?: SharedArrayBuffer } | undefined)?.startFlags;

/** Marks the call as started; thread entries that wrap this one call it first. */
export function markStarted(task: PoolTask): void {
  raiseStartFlag(startFlags, task.startSlot);
}

export default function runEngineJob(task: PoolTask): ExecutionOutcome {
  markStarted(task);
  const def = findDefinition(task.name);
  if (!def) return { ok: false, reason: 'invalid_input', message: `unknown engine function ${task.name}` };
  return executeDefinition(def, task.input, { units: task.units ?? 'field' });
}
