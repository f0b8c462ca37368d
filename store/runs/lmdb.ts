/**
 * LMDB adapter of the run store (store/runs/ports.ts): each rule in one write transaction. What a
 * caller is told was accepted (a created run, a remembered Idempotency-Key answer) is acknowledged
 * only once flushed to disk, as projects and payments are: a power cut cannot lose a run its 202
 * announced, nor let a retried key create a second one. Progress (answers, leases) is not: a lost
 * answer's item is still in the work list of the same transaction and runs again.
 */
import { absentWhenKeyTooLong } from '../lmdb/boundedKeys.js';
import type { Database, RootDatabase } from 'lmdb';
import { FINISHED, type RememberedAnswer, type RunAnswer, type RunRecord, type RunStore, type RunWorkItem } from './ports.js';

type Key = string | (string | number)[];

export function lmdbRuns(root: RootDatabase): RunStore {
  const db = <V>(name: string): Database<V, Key> => absentWhenKeyTooLong(root.openDB<V, Key>({ name }));
  const runs = db<RunRecord>('runs');
  const work = db<RunWorkItem>('runs.work'); // [runId, index] -> item still to run
  const answers = db<RunAnswer>('runs.answers'); // [runId, index] -> answer
  const remembered = db<RememberedAnswer>('runs.idempotency');
  /** Up to `limit` runs matching `match`, in key order (a scan: the scans run every few seconds over runs kept for days at most). */
  const firstRuns = (match: (run: RunRecord) => boolean, limit: number): RunRecord[] => {
    const out: RunRecord[] = [];
    for (const { value } of runs.getRange({})) {
      if (!match(value)) continue;
      out.push(value);
      if (out.length >= limit) break;
    }
    return out;
  };

  const range = <V>(d: Database<V, Key>, id: string, offset = 0, limit?: number) =>
    [...d.getRange({ start: [id, offset], end: [id, Number.MAX_SAFE_INTEGER], limit })].map((e) => ({ index: (e.key as [string, number])[1], value: e.value }));

  return {
    async create(run, answered, items) {
      await root.transaction(() => {
        runs.put(run.id, run);
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
        runs.put(id, next);
        return next;
      });
    },
    async claim(id, owner, nowMs, leaseMs) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur || FINISHED.includes(cur.status)) return undefined;
        if (cur.owner !== owner && cur.leaseUntil > nowMs) return undefined;
        const next = { ...cur, owner, leaseUntil: nowMs + leaseMs };
        runs.put(id, next);
        return next;
      });
    },
    async renew(id, owner, leaseUntil) {
      return root.transaction(() => {
        const cur = runs.get(id);
        if (!cur || cur.owner !== owner || FINISHED.includes(cur.status)) return false;
        runs.put(id, { ...cur, leaseUntil });
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
        runs.put(id, next);
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
      const gone = [...runs.getRange({})].filter((e) => e.value.expiresAt && Date.parse(e.value.expiresAt) <= nowMs).map((e) => e.key as string);
      if (gone.length > 0) {
        await root.transaction(() => {
          for (const id of gone) {
            runs.remove(id);
            for (const e of range(answers, id)) answers.remove([id, e.index]);
            for (const e of range(work, id)) work.remove([id, e.index]);
          }
        });
      }
      // Whether or not a run expired (it returned early when none had: the remembered answers of
      // batch Idempotency-Keys, whose requests make no run, were then never deleted).
      for (const { key, value } of remembered.getRange({})) if (value.expiresAt <= nowMs) await remembered.remove(key);
      return gone.length;
    },
    async remember(scope, value) {
      return root.transaction(() => {
        const cur = remembered.get(scope);
        if (cur && cur.expiresAt > Date.now()) return cur;
        remembered.put(scope, value);
        return null;
      });
    },
    async recall(scope, nowMs) {
      const cur = remembered.get(scope);
      return cur && cur.expiresAt > nowMs ? cur : null;
    },
    async settle(scope, value) {
      await remembered.put(scope, value);
      await root.flushed;
    },
    async forget(scope) {
      await remembered.remove(scope);
    },
  };
}
