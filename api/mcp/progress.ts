/**
 * Progress of a tool call whose request carried `_meta.progressToken` (MCP "progress"
 * utility). The call's answer then comes as an SSE stream (api/mcp/http.ts), and this sends
 * `notifications/progress` on it:
 * - real progress where the work has countable steps (items of a batch, points of a sweep), as
 *   `progress`/`total`;
 * - otherwise a heartbeat every HEARTBEAT_MS, no total, the seconds elapsed in its message, so a
 *   client that resets its timeout on progress keeps waiting for a long calculation.
 * MCP asks that `progress` increases with every notification, so real steps and heartbeats share
 * one counter. The n-th heartbeat's `progress` is n / (n + 1): increasing, and
 * always below 1, so the first real step (1 or more) is never dropped as "not increasing" (with
 * the seconds themselves as progress, a call that counted its first step after a heartbeat of 1
 * lost "1 of 12").
 */
import type { ProgressNotification } from '@modelcontextprotocol/sdk/types.js';

export const HEARTBEAT_MS = 1_000;

export interface ProgressReporter {
  /** `done` of `total` steps finished (e.g. items of a batch). */
  report(done: number, total: number, message?: string): void;
  /** Stops the heartbeat; nothing is sent after it. */
  stop(): void;
}

type Send = (notification: ProgressNotification) => Promise<void>;

export function progressReporter(token: string | number, send: Send, heartbeatMs = HEARTBEAT_MS): ProgressReporter {
  const started = Date.now();
  let last = 0;
  let total: number | undefined;
  let stopped = false;
  let lastReal = 0;
  let beats = 0;
  const notify = (progress: number, message: string) => {
    if (stopped || !(progress > last)) return;
    last = progress;
    void send({ method: 'notifications/progress', params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), message } }).catch(() => undefined);
  };
  const beat = setInterval(() => {
    // A heartbeat only while no step reported lately; with a total known it may not pass it.
    if (Date.now() - lastReal < heartbeatMs) return;
    const seconds = Math.round((Date.now() - started) / 1000);
    if (total === undefined) {
      beats++;
      notify(beats / (beats + 1), `running, ${seconds} s`);
    }
  }, heartbeatMs);
  beat.unref();
  return {
    report(done, of, message) {
      total = of;
      lastReal = Date.now();
      notify(done, message ?? `${done} of ${of}`);
    },
    stop() {
      stopped = true;
      clearInterval(beat);
    },
  };
}
