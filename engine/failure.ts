/**
 * An engine failure: the calculation ran but has no answer (no root, input outside physics).
 * Thrown by pure engine code, caught by `executeDefinition` and turned into data
 * (`{ ok: false, reason, message }`) before it crosses a thread or a queue, where classes are lost.
 */
export type FailureReason = 'no_solution' | 'out_of_range' | 'invalid_input';

export class EngineFailure extends Error {
  readonly reason: FailureReason;
  constructor(reason: FailureReason, message: string) {
    super(message);
    this.name = 'EngineFailure';
    this.reason = reason;
  }
}
