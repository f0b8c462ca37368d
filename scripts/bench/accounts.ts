/**
 * API keys for the load, made through the same account functions the admin CLI uses
 * (createCompany, createMember, createKey) directly in the web's LMDB store. LMDB is safe across
 * processes, so the bench keeps the store open and creates keys between runs while the web serves.
 *
 * Why so many keys: the API allows 120 requests per key per minute, and the bench makes thousands
 * of requests a second. Each key is used for at most REQUESTS_PER_KEY requests in its whole life
 * (and never in two runs), so no key can ever reach its limit and a 429 would mean a real problem.
 *
 * Why one company per member: a seat pool is scanned on every call (all holders of the company),
 * so a single company with hundreds of bench members would make each call slower than in any real
 * company. Each bench account is a small company (Integrations and econ licence, one seat each) with
 * one member holding up to 25 keys (the per-member maximum); that member's keys share its seat.
 */
import { createCompany, createMember } from '../../api/accounts/companies.js';
import { createKey, MAX_ACTIVE_KEYS_PER_MEMBER } from '../../api/accounts/keys.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import { onCleanup } from './cleanup.js';

/** Requests one key may carry: 20 below the 120/min limit, headroom for the few extra requests
 *  autocannon may build after the run's cap and for the one visibility check per batch. */
export const REQUESTS_PER_KEY = 100;

export class KeyPool {
  private readonly store: Store;
  private accounts = 0;
  private created = 0;
  private creatingMs = 0;
  private spare: { memberId: string; room: number } | null = null;
  private closing: Promise<void> | undefined;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string, private readonly label: string) {
    this.store = openLmdbStore({ path: dataDir });
    onCleanup(`close store ${dataDir}`, () => this.close());
  }

  /** Keys created so far and the accounts (company + member) holding them. */
  get stats(): { keys: number; accounts: number; creatingMs: number } {
    return { keys: this.created, accounts: this.accounts, creatingMs: Math.round(this.creatingMs) };
  }

  /** `n` fresh key values, never handed out before. */
  take(n: number): Promise<string[]> {
    const work = this.create(n);
    // Closing the store under a running write transaction makes lmdb complain: close waits.
    this.inFlight = work.catch(() => undefined);
    return work;
  }

  private async create(n: number): Promise<string[]> {
    const started = performance.now();
    const plan: string[] = []; // member id per key to create
    while (plan.length < n) {
      if (!this.spare || this.spare.room === 0) this.spare = { memberId: await this.newAccount(), room: MAX_ACTIVE_KEYS_PER_MEMBER };
      const k = Math.min(this.spare.room, n - plan.length);
      for (let i = 0; i < k; i++) plan.push(this.spare.memberId);
      this.spare.room -= k;
    }
    // Concurrently: LMDB batches the write transactions into few commits.
    const keys = await Promise.all(plan.map((memberId, i) => createKey(this.store, { memberId, name: `bench ${this.created + i + 1}`, scopes: ['engine:run'], expiry: '30d', actor: 'operator' })));
    this.created += n;
    this.creatingMs += performance.now() - started;
    return keys.map((k) => k.value);
  }

  close(): Promise<void> {
    return (this.closing ??= this.inFlight.then(() => this.store.close()));
  }

  private async newAccount(): Promise<string> {
    this.accounts += 1;
    const name = `${this.label} bench ${String(this.accounts).padStart(3, '0')}`;
    const company = await createCompany(this.store, { name, apiAccess: true, maxProjects: 1, licences: { integrations: 1, econ: 1, eos: 1 } });
    const member = await createMember(this.store, {
      companyId: company.id,
      email: `bench${this.accounts}@bench.example.com`,
      emailVerified: true,
      permissions: ['runScripts', 'manageApiKeys'],
    });
    return member.id;
  }
}
