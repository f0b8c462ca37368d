/**
 * LMDB adapter of the run store (store/runs/ports.ts): each rule in one write transaction. What a
 * caller is told was accepted (a created run, a remembered Idempotency-Key answer) is acknowledged
 * only once flushed to disk, as projects and payments are: a power cut cannot lose a run its 202
 * announced, nor let a retried key create a second one. Progress (answers, leases) is not: a lost
 * answer's item is still in the work list of the same transaction and runs again.
 */
import { absentWhenKeyTooLong } from '../lmdb/boundedKeys.js';
import type { Database, RootDatabase } from 'lmdb';
import { FINISHED, SETTLED, type RememberedAnswer, type RunAnswer, type RunRecord, type RunStore, type RunWorkItem } from './ports.js';

type Key = string | (string | number)[];

/** Version of the index databases below; an environment without it has them built at open. */
const INDEXES_VERSION = 1;
const HIGH = '\uffff';

/**
 * Runs a scan may have to act on (api/engine/runs.ts, every 2 s): unfinished, or canceled and
 * not yet answered (leaseUntil not SETTLED). Every other run is finished for good.
 */
const scanned = (run: RunRecord): boolean => !FINISHED.includes(run.status) || (run.status === 'canceled' && run.leaseUntil !== SETTLED);

export function lmdbRuns(root: RootDatabase): RunStore {
  const db = <V>(name: string): Database<V, Key> => absentWhenKeyTooLong(root.openDB<V, Key>({ name }));
  const runs = db<RunRecord>('runs');
  const work = db<RunWorkItem>('runs.work'); // [runId, index] -> item still to run
  const answers = db<RunAnswer>('runs.answers'); // [runId, index] -> answer
  const remembered = db<RememberedAnswer>('runs.idempotency');
  // Indexes, so that no periodic scan reads every run kept (RUN_RETENTION_MS: a week of them).
  // Before them, each 2 s scan decoded every run, and each minute's expiry sweep every run and
  // every remembered answer: with 100,000 runs kept, 2-3 s of the API thread per scan.
  const open = db<1>('runs.open'); // runId -> 1 while scanned(run)
  const byExpiry = db<1>('runs.byExpiry'); // [expiresAt, runId] -> 1
  const rememberedByExpiry = db<1>('runs.idempotency.byExpiry'); // [expiresAt ms, scope] -> 1
  const indexMeta = db<number>('runs.indexes'); // 'version' -> INDEXES_VERSION

  /** Every write of a run goes here (inside the caller's transaction): the record and its index entries. */
  const putRun = (prev: RunRecord | undefined, next: RunRecord): void => {
    runs.put(next.id, next);
    if (scanned(next)) {
      if (!prev || !scanned(prev)) open.put(next.id, 1);
    } else if (!prev || scanned(prev)) open.remove(next.id);
    if (prev?.expiresAt !== next.expiresAt) {
      if (prev?.expiresAt) byExpiry.remove([prev.expiresAt, next.id]);
      if (next.expiresAt) byExpiry.put([next.expiresAt, next.id], 1);
    }
  };
  const putRemembered = (prev: RememberedAnswer | undefined, scope: string, next: RememberedAnswer): void => {
    if (prev && prev.expiresAt !== next.expiresAt) rememberedByExpiry.remove([prev.expiresAt, scope]);
    remembered.put(scope, next);
    rememberedByExpiry.put([next.expiresAt, scope], 1);
  };
  const removeRemembered = (scope: string): void => {
    const cur = remembered.get(scope);
    if (!cur) return;
    remembered.remove(scope);
    rememberedByExpiry.remove([cur.expiresAt, scope]);
  };

  // An environment written before the indexes existed gets them once, from its records
  // (in one write transaction: another process opening it at the same time finds them built).
  if (indexMeta.get('version') !== INDEXES_VERSION) {
    root.transactionSync(() => {
      if (indexMeta.get('version') === INDEXES_VERSION) return;
      for (const { value } of runs.getRange({})) {
        if (scanned(value)) open.put(value.id, 1);
        if (value.expiresAt) byExpiry.put([value.expiresAt, value.id], 1);
      }
      for (const { key, value } of remembered.getRange({})) rememberedByExpiry.put([value.expiresAt, key as string], 1);
      indexMeta.put('version', INDEXES_VERSION);
    });
  }

  /** Up to `limit` runs matching `match` among those a scan may act on, in id order. */
  const firstRuns = (match: (run: RunRecord) => boolean, limit: number): RunRecord[] => {
    const out: RunRecord[] = [];
    for (const id of open.getKeys({})) {
      const run = runs.get(id as string);
      if (!run || !match(run)) continue;
      out.push(run);
      if (out.length >= limit) break;
    }
    return out;
  };

  const range = <V>(d: Database<V, Key>, id: string, offset = 0, limit?: number) =>
    [...d.getRange({ start: [id, offset], end: [id, Number.MAX_SAFE_INTEGER], limit })].map((e) => ({ index: (e.key as [string, number])[1], value: e.value }));

  return {
    async create(run, answered, items) {
      await root.transaction(() => {
        putRun(runs.get(run.id), run);
        for (const a of answered) answers.put([run.id, a.index], a.answer);
        for (const w of items) work.put([run.id, w.index], w);
      });
      await root.flushed;
    },
    async get(companyId, id, nowMs) {
      const run = runs.get(id);
      if (!run || run.companyId !== companyId) return undefined;
      if (run.expiresAt && Date.parse(run.expiresAt) <= nowMs) return undefined;
      return run;
    },
    async transition(id, from, patch) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur || !from.includes(cur.status)) return undefined;
        const next = { ...cur, ...patch };
        putRun(cur, next);
        return next;
      });
    },
    async claim(id, owner, nowMs, leaseMs) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur || FINISHED.includes(cur.status)) return undefined;
        if (cur.owner !== owner && cur.leaseUntil > nowMs) return undefined;
        const next = { ...cur, owner, leaseUntil: nowMs + leaseMs };
        putRun(cur, next);
        return next;
      });
    },
    async renew(id, owner, leaseUntil) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur || cur.owner !== owner || FINISHED.includes(cur.status)) return false;
        putRun(cur, { ...cur, leaseUntil });
        return true;
      });
    },
    async putAnswers(id, list) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur) return undefined;
        let { done, succeeded, failed } = cur;
        for (const { index, answer } of list) {
          // An index keeps its first answer (as MongoDB's $setOnInsert): a slow driver and the
          // node answering a canceled run's items (api/engine/runs.ts) may both answer one.
          if (answers.get([id, index]) === undefined) {
            done++;
            if (answer.ok) succeeded++;
            else failed++;
            answers.put([id, index], answer);
          }
          work.remove([id, index]);
        }
        const next = { ...cur, done, succeeded, failed };
        putRun(cur, next);
        return next;
      });
    },
    async answers(id, offset, limit) {
      return range(answers, id, offset, limit).map((e) => ({ index: e.index, answer: e.value }));
    },
    async pendingWork(id) {
      return range(work, id).map((e) => e.value);
    },
    async orphans(nowMs, limit) {
      return firstRuns((r) => !FINISHED.includes(r.status) && r.leaseUntil <= nowMs, limit);
    },
    async unansweredCanceled(nowMs, limit) {
      return firstRuns((r) => r.status === 'canceled' && r.leaseUntil <= nowMs, limit);
    },
    async deleteExpired(nowMs) {
      // Expiry times are ISO strings of one format (toISOString), so their order is time order.
      const due = [...byExpiry.getKeys({ end: [new Date(nowMs).toISOString(), HIGH] })] as [string, string][];
      let deleted = 0;
      if (due.length > 0) {
        await root.transaction(() => {
          for (const [expiresAt, id] of due) {
            const run = runs.get(id);
            if (run?.expiresAt !== expiresAt) {
              byExpiry.remove([expiresAt, id]); // not its run's current entry (gone, or kept longer)
              continue;
            }
            runs.remove(id);
            open.remove(id);
            byExpiry.remove([expiresAt, id]);
            for (const e of range(answers, id)) answers.remove([id, e.index]);
            for (const e of range(work, id)) work.remove([id, e.index]);
            deleted++;
          }
        });
      }
      // Whether or not a run expired (it returned early when none had: the remembered answers of
      // batch Idempotency-Keys, whose requests make no run, were then never deleted).
      const stale = [...rememberedByExpiry.getKeys({ end: [nowMs, HIGH] })] as [number, string][];
      if (stale.length > 0) {
        await root.transaction(() => {
          for (const [expiresAt, scope] of stale) {
            const cur = remembered.get(scope);
            if (cur && cur.expiresAt <= nowMs) removeRemembered(scope);
            else rememberedByExpiry.remove([expiresAt, scope]); // not its answer's current entry (gone, or kept longer)
          }
        });
      }
      return deleted;
    },
    async remember(scope, value) {
      return root.transaction(() => {
        const cur = remembered.get(scope);
        if (cur && cur.expiresAt > Date.now()) return cur;
        putRemembered(cur, scope, value);
        return null;
      });
    },
    async recall(scope, nowMs) {
      const cur = remembered.get(scope);
      return cur && cur.expiresAt > nowMs ? cur : null;
    },
    async settle(scope, value) {
      await root.transaction(() => putRemembered(remembered.get(scope), scope, value));
      await root.flushed;
    },
    async forget(scope) {
      await root.transaction(() => removeRemembered(scope));
    },
  };
}
