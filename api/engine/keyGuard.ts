/**
 * A call or batch stops when its key stops working (spec 5.10: "at once"), as a run does. Work
 * still running KEY_CHECK_MS after it began has its key re-checked every KEY_CHECK_MS
 * (runKeyWatch.ts: one auth-version read a check while nothing changed); once the key stops, the
 * work is canceled (its threads, or its worker's, stopped) and the request is answered as a new
 * request with that key would be (401, or 403 for the account's state), not with what was
 * computed before. Work that ends within the first KEY_CHECK_MS (every light call) reads nothing.
 *
 * The guard is the work's cancel signal: it aborts when the caller goes away too.
 */
import { Cancel } from '../../workers/cancel.js';
import type { CancelSignal } from '../../workers/runner.js';
import { ApiError, errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import type { Store } from '../../store/ports.js';
import { KEY_CHECK_MS, RunKeyWatch } from './runKeyWatch.js';

export class KeyGuard extends Cancel {
  /** The answer a request with the key gets now, once it stopped working (throw it after end()); null until then. */
  refusal: ApiError | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  private watch: RunKeyWatch | undefined;
  private readonly onCaller = () => this.abort('caller');

  constructor(
    private readonly store: Store,
    private readonly auth: AuthContext,
    private readonly caller?: CancelSignal,
    private readonly everyMs = KEY_CHECK_MS,
  ) {
    super();
    if (caller?.aborted) this.abort('caller');
    else caller?.addEventListener('abort', this.onCaller, { once: true });
    this.timer = setTimeout(() => void this.check(), everyMs);
  }

  /** The work is over: no more checks. */
  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCaller);
  }

  private async check(): Promise<void> {
    if (this.ended || this.aborted) return;
    const { key, member, company } = this.auth;
    this.watch ??= new RunKeyWatch(this.store, { keyId: key.id, memberId: member.id, companyId: company.id });
    // A store that fails to answer does not stop the work: the next check asks again.
    const stopped = await this.watch.stopped().catch(() => null);
    if (this.ended || this.aborted) return;
    if (stopped !== null) {
      this.refusal = typeof stopped === 'string' ? errors.unauthenticated(stopped, true) : stopped;
      this.abort('key');
      return;
    }
    this.timer = setTimeout(() => void this.check(), this.everyMs);
  }
}
