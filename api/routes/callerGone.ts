/**
 * The cancel of an HTTP engine call: it fires when the client closes its connection before the
 * answer is written, and the call stops (dropped while waiting, its thread stopped while running).
 * A plain Cancel (workers/cancel.ts) rather than an AbortController: one is made for every call,
 * and an AbortSignal (an EventTarget) with a listener added and removed cost ~5 us of the API
 * thread per call, measured (issue 17), besides the old-generation memory it leaves.
 */
import type { ServerResponse } from 'node:http';
import { Cancel } from '../../workers/cancel.js';

export class CallerGone extends Cancel {
  constructor(res: ServerResponse) {
    super();
    res.once('close', () => {
      if (!res.writableFinished) this.abort();
    });
  }
}
