/**
 * Piscina thread entry: raises the call's start flag (the time limit counts from here), runs one
 * catalogue function on validated field-unit input and returns data (`{ ok, result, warnings }`
 * or `{ ok: false, reason, message }`). Only infrastructure faults throw.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findDefinition } from '../engine/catalogue.js';
import { executeDefinition, type ExecutionOutcome } from '../engine/execute.js';
import type { PoolTask } from './pool.js';
import type { ChunkOutcome, ItemOutcome, PresentedOutcome } from './runner.js';
import { presentResult } from '../engine/call.js';
import { answerJson } from '../engine/json/answerJson.js';
import { answerText } from './batchItem.js';
import { raiseStartFlag, slotProgress } from './startFlags.js';
import type { GroupedCall, GroupedOutcome } from './lightCalls.js';
import { CHUNK_PARTIAL, PARTIAL_EVERY_MS } from './chunkPartial.js';
import { answerBytes } from './answerBytes.js';

const startFlags = (workerData as { startFlags?: SharedArrayBuffer } | undefined)?.startFlags;

/** Marks the call as started; thread entries that wrap this one call it first. */
export function markStarted(task: PoolTask): void {
  raiseStartFlag(startFlags, task.startSlot);
}

/**
 * Where a call reports its steps: its slot, only when its caller listens (the pool reads them
 * there); undefined otherwise, so the engine skips its reports. Thread entries that wrap this one use it too.
 */
export function taskProgress(task: PoolTask): ((done: number, total: number) => void) | undefined {
  return task.progress ? slotProgress(startFlags, task.startSlot) : undefined;
}

export default function runEngineJob(task: PoolTask): ExecutionOutcome | PresentedOutcome | ChunkOutcome | GroupedOutcome[] {
  if (task.calls) return runGroup(task.calls, runEngineJob as (task: PoolTask) => ExecutionOutcome);
  markStarted(task);
  if (task.inputs) return runChunk(task);
  const def = findDefinition(task.name);
  if (!def) return { ok: false, reason: 'invalid_input', message: `unknown engine function ${task.name}` };
  const progress = taskProgress(task);
  const units = task.units ?? 'field';
  const outcome = executeDefinition(def, task.input, progress ? { units, progress } : { units });
  if (!task.presented || !outcome.ok) return outcome;
  return { ok: true, presented: answerJson(presentResult(def, outcome.result, outcome.warnings, units)) };
}

/**
 * Light calls sent together (workers/lightCalls.ts): each raises its own slot as it starts (its
 * time limit counts from there) and is run by `runOne` as a single call would be; a call the pool
 * dropped before its turn (canceled, or past its wait) is skipped. A fault thrown by one is its
 * own answer, not its neighbours'. Thread entries that wrap this one pass their own `runOne`.
 */
export function runGroup(calls: GroupedCall[], runOne: (task: PoolTask) => unknown): GroupedOutcome[] {
  const out: GroupedOutcome[] = [];
  for (const call of calls) {
    if (!raiseStartFlag(startFlags, call.startSlot)) {
      out.push(null);
      continue;
    }
    try {
      out.push(runOne({ name: call.name, input: call.input, units: call.units, presented: call.presented } as PoolTask) as GroupedOutcome);
    } catch (err) {
      out.push({ ok: false, reason: 'internal', message: `${call.name} failed in its thread: ${(err as Error)?.message ?? String(err)}` });
    }
  }
  return out;
}

/**
 * A batch chunk: items in order until the deadline; an item's thrown fault is its own outcome.
 * Finished items are also posted to the pool as it goes (workers/chunkPartial.ts), so a thread
 * stopped at the deadline (an item still running) keeps the answers of the items it had finished.
 */
function runChunk(task: PoolTask): ChunkOutcome {
  const def = findDefinition(task.name);
  const inputs = task.inputs ?? [];
  if (!def) return { ok: true, outcomes: inputs.map(() => ({ ok: false, reason: 'invalid_input', message: `unknown engine function ${task.name}` })) };
  const done: (string | ItemOutcome)[] = [];
  const bytes: number[] = [];
  let total = 0;
  let stopped: 'bytes' | undefined;
  let posted = 0;
  let lastPost = Date.now();
  for (const input of inputs) {
    const now = Date.now();
    if (task.deadline !== undefined && now >= task.deadline) break;
    if (task.maxBytes !== undefined && total >= task.maxBytes) {
      stopped = 'bytes';
      break;
    }
    if (now - lastPost >= PARTIAL_EVERY_MS && done.length > posted) {
      parentPort?.postMessage({ [CHUNK_PARTIAL]: task.startSlot, items: done.slice(posted) });
      posted = done.length;
      lastPost = now;
    }
    const answer = task.mode === 'texts' ? answerText(def, input) : runItem(def, input as Record<string, unknown>, task);
    done.push(answer);
    if (task.maxBytes !== undefined) {
      const size = answerBytes(answer);
      bytes.push(size);
      total += size;
    }
  }
  const measured = task.maxBytes !== undefined ? { bytes, ...(stopped ? { stopped } : {}) } : {};
  return task.mode === 'texts' ? { ok: true, texts: done as string[], ...measured } : { ok: true, outcomes: done as ItemOutcome[], ...measured };
}

function runItem(def: NonNullable<ReturnType<typeof findDefinition>>, input: Record<string, unknown>, task: PoolTask): ItemOutcome {
  try {
    return executeDefinition(def, input, { units: task.units ?? 'field' });
  } catch {
    return { ok: false, reason: 'internal', message: `${task.name} failed on this input (a fault in the engine, not in the input)` };
  }
}
