/**
 * Whether the key that started a run still works (spec 5.10: a key stops working at once when it
 * is revoked or expires, its member is disabled or unverified, or its company is suspended), asked
 * at every lease tick of the run (api/engine/runs.ts).
 *
 * The key, member and company are read again only when something could have changed them: the
 * auth version moved (every write to keys, members and companies bumps it, api/accounts/authLookup.ts),
 * or AUTH_CACHE_TTL_MS passed, as for a request's cached lookup. In between, only the key's expiry
 * can change, and that is the clock against the record already read. So a running run costs one
 * version read a tick (a Redis GET, or a read of LMDB's memory map) instead of three store reads,
 * and sees a stop exactly as soon as a request with that key would. The version is read before the
 * records, so a write landing between the two is read again at the next tick. A store without a
 * version (tests of the service alone) is read in full at every tick.
 */
import { AUTH_CACHE_TTL_MS, authVersionOf, type AuthVersion } from '../accounts/authLookup.js';
import { keyState, type ApiKeyRecord } from '../../store/model.js';
import type { RunRecord } from '../../store/runs/ports.js';
import type { Store } from '../../store/ports.js';

export class RunKeyWatch {
  private readonly version: AuthVersion | null;
  /** The last full check that found the key working: its version, its time and the key record. */
  private checked: { version: number; at: number; key: ApiKeyRecord | undefined } | undefined;

  constructor(
    private readonly store: Store,
    private readonly run: Pick<RunRecord, 'keyId' | 'memberId' | 'companyId'>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
  ) {
    this.version = authVersionOf(store);
  }

  /** Why the run's key no longer works, or null while it does. */
  async stopped(): Promise<string | null> {
    const version = this.version ? await this.version.current() : null;
    const last = this.checked;
    if (version !== null && last && last.version === version && this.now() - last.at < this.ttlMs) {
      const state = last.key ? keyState(last.key, new Date(this.now())) : 'active';
      return state === 'active' ? null : `its key is ${state}`;
    }
    this.checked = undefined;
    const at = this.now();
    const { key, reason } = await this.readAll();
    if (reason === null && version !== null) this.checked = { version, at, key };
    return reason;
  }

  private async readAll(): Promise<{ key: ApiKeyRecord | undefined; reason: string | null }> {
    const { keys, members, companies } = this.store;
    const run = this.run;
    const [key, member, company] = await Promise.all([run.keyId === undefined ? undefined : keys.get(run.keyId), members.get(run.memberId), companies.get(run.companyId)]);
    const stop = (reason: string) => ({ key, reason });
    if (!member || !company) return stop('its member or company no longer exists');
    if (run.keyId !== undefined) {
      if (!key) return stop('its key no longer exists');
      const state = keyState(key, new Date(this.now()));
      if (state !== 'active') return stop(`its key is ${state}`);
    }
    if (member.disabled) return stop('its member is disabled');
    if (!member.emailVerified) return stop("its member's email is not verified");
    if (company.suspended) return stop('the company account is suspended');
    return { key, reason: null };
  }
}
