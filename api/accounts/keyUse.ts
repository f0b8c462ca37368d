/**
 * Key use bookkeeping off the hot path: last-used time (stored at most once a minute per key)
 * and the `key.used` audit entry (first use, then at most once an hour per key, with method and
 * path, claimed atomically in the store so several API nodes never audit the same hour twice).
 * Writes are fire-and-forget; a failure is logged, never fails the request.
 */
import type { Logger } from '../log.js';
import { newId } from './ids.js';
import type { ApiKeyRecord } from '../../store/model.js';
import type { Store } from '../../store/ports.js';

const LAST_USED_RESOLUTION_MS = 60_000;
const USE_AUDIT_INTERVAL_MS = 3_600_000;

export class KeyUseRecorder {
  /** Latest times written per key, so the per-request check needs no store read. */
  private readonly written = new Map<string, { lastUsed: number; audited: number }>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly store: Store, private readonly log: Logger) {}

  record(key: ApiKeyRecord, companyId: string, method: string, path: string, now: Date): void {
    const t = now.getTime();
    const seen = this.written.get(key.id) ?? {
      lastUsed: key.lastUsedAt ? Date.parse(key.lastUsedAt) : -Infinity,
      audited: key.lastUseAuditedAt ? Date.parse(key.lastUseAuditedAt) : -Infinity,
    };
    const touchUsed = t - seen.lastUsed >= LAST_USED_RESOLUTION_MS;
    const audit = t - seen.audited >= USE_AUDIT_INTERVAL_MS;
    if (!touchUsed && !audit) return;
    const iso = now.toISOString();
    this.written.set(key.id, { lastUsed: touchUsed ? t : seen.lastUsed, audited: audit ? t : seen.audited });
    const work = (async () => {
      if (touchUsed) await this.store.keys.touch(key.id, { lastUsedAt: iso });
      // The store decides, atomically across API nodes, whether this use is the one to audit.
      if (audit && (await this.store.keys.claimUseAudit(key.id, iso, USE_AUDIT_INTERVAL_MS))) {
        await this.store.audit.append({
          id: newId('aud'),
          companyId,
          at: iso,
          actor: key.memberId,
          action: 'key.used',
          details: { keyId: key.id, prefix: key.prefix, method, path, first: seen.audited === -Infinity },
        });
      }
    })().catch((err: unknown) => this.log.error('key use not recorded', { keyId: key.id, error: String(err) }));
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Waits for outstanding writes (shutdown and tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
