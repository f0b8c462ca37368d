/**
 * The cancel of an HTTP engine call: it fires when the client closes its connection before the
 * answer is written, and the call stops (dropped while waiting, its thread stopped while running).
 * A plain object rather than an AbortController: one is made for every call, and creating an
 * AbortSignal (an EventTarget) with a listener added and removed cost ~5 us of the API thread per
 * call, measured (issue 17); nothing here needs more than `aborted` and one-shot listeners.
 */
import type { ServerResponse } from 'node:http';
import type { CancelSignal } from '../../workers/runner.js';

export class CallerGone implements CancelSignal {
  aborted = false;
  private listeners: (() => void)[] | null = null;

  constructor(res: ServerResponse) {
    res.once('close', () => {
      if (!res.writableFinished) this.abort();
    });
  }

  /** As an AbortSignal's: a listener added after the abort is never called. */
  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.aborted) (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners?.indexOf(listener) ?? -1;
    if (i >= 0) this.listeners!.splice(i, 1);
  }

  private abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners ?? [];
    this.listeners = null;
    for (const listener of listeners) listener();
  }
}
