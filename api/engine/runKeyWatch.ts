/**
 * Whether the key that started some engine work still works (spec 5.10: a key stops working at
 * once when it is revoked or expires, its member is disabled or unverified, or its company is
 * suspended), asked while the work runs: at every lease tick of a run (api/engine/runs.ts), and
 * every KEY_CHECK_MS of a call or batch that runs longer than that (api/engine/keyGuard.ts). The
 * answer is the one a new request with that key would get (api/accounts/keyRefusal.ts).
 *
 * The key, member and company are read again only when something could have changed them: the
 * auth version moved (every write to keys, members and companies bumps it, api/accounts/authLookup.ts),
 * or AUTH_CACHE_TTL_MS passed, as for a request's cached lookup. In between, only the key's expiry
 * can change, and that is the clock against the records already read. So running work costs one
 * version read a check (a Redis GET, or a read of LMDB's memory map) instead of three store reads,
 * and sees a stop exactly as soon as a request with that key would. The version is read before the
 * records, so a write landing between the two is read again at the next check. A store without a
 * version (tests of the service alone) is read in full at every check.
 */
import { AUTH_CACHE_TTL_MS, authVersionOf, type AuthVersion } from '../accounts/authLookup.js';
import { keyRefusal, ownerRefusal, type KeyOwnerRecords } from '../accounts/keyRefusal.js';
import type { ApiError } from '../errors.js';
import type { Store } from '../../store/ports.js';

/** How often a call or batch that is still running re-checks its key (a run checks at its lease tick). */
export const KEY_CHECK_MS = 300;

/** Whose work it is: a run recorded before runs kept their key has no keyId (its member and company are checked). */
export interface WorkOwner {
  keyId?: string;
  memberId: string;
  companyId: string;
}

export class RunKeyWatch {
  private readonly version: AuthVersion | null;
  /** The last full read that found the key working: the version it was read at, when, and what it read. */
  private checked: { version: number; at: number; found: KeyOwnerRecords } | undefined;

  constructor(
    private readonly store: Store,
    private readonly owner: WorkOwner,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
  ) {
    this.version = authVersionOf(store);
  }

  /** The refusal a request with the key would get now (a message: 401), or null while it works. */
  async stopped(): Promise<string | ApiError | null> {
    const version = this.version ? await this.version.current() : null;
    const last = this.checked;
    if (version !== null && last && last.version === version && this.now() - last.at < this.ttlMs) return this.refusal(last.found);
    this.checked = undefined;
    const at = this.now();
    const { keys, members, companies } = this.store;
    const { keyId, memberId, companyId } = this.owner;
    const [key, member, company] = await Promise.all([keyId === undefined ? undefined : keys.get(keyId), members.get(memberId), companies.get(companyId)]);
    const found = { key, member, company };
    const refusal = this.refusal(found);
    if (refusal === null && version !== null) this.checked = { version, at, found };
    return refusal;
  }

  private refusal(found: KeyOwnerRecords): string | ApiError | null {
    return this.owner.keyId === undefined ? ownerRefusal(found.member, found.company) : keyRefusal(found, new Date(this.now()));
  }
}
