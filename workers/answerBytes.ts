/**
 * A batch item's answer size, as the batch result budget counts it (api/engine/batch.ts): bytes
 * of its JSON text. An outcome (mode 'outcomes') counts as its serialised self, within a few
 * percent of the answer presented from it.
 */
import type { ItemOutcome } from './runner.js';

export function answerBytes(answer: string | ItemOutcome): number {
  return Buffer.byteLength(typeof answer === 'string' ? answer : JSON.stringify(answer));
}
