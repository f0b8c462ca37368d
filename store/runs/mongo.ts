/**
 * MongoDB adapter of the run store (store/runs/ports.ts). Each rule is a single-document atomic
 * operation (a filtered update) or an upsert on a unique _id: no transactions.
 *
 * A run's counts are therefore never added to: they are counted from the answers stored (`recount`).
 * Saving answers is three writes (the answers, the work they settle, the counts); a node that dies
 * between them leaves answers whose counts were not written, and a later write cannot tell which. So
 * every save and every claim (a resumed run) counts again, and the counts move by `$max` only:
 * answers are only ever added, so a count read before another node's insert never lowers one read
 * after it, and the last writer's count holds every answer.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicate, plain } from '../mongo/index.js';
import { FINISHED, type RememberedAnswer, type RunAnswer, type RunRecord, type RunStore, type RunWorkItem } from './ports.js';

type RunDoc = RunRecord & { _id: string };
type AnswerDoc = { _id: string; runId: string; index: number; answer: RunAnswer };
type WorkDoc = { _id: string; runId: string; index: number; item: RunWorkItem };
type RememberedDoc = RememberedAnswer & { _id: string };

const itemId = (runId: string, index: number) => `${runId}:${index}`;

export async function mongoRuns(db: Db): Promise<RunStore> {
  const runs: Collection<RunDoc> = db.collection('runs');
  const answers: Collection<AnswerDoc> = db.collection('runAnswers');
  const work: Collection<WorkDoc> = db.collection('runWork');
  const remembered: Collection<RememberedDoc> = db.collection('runIdempotency');
  await Promise.all([
    answers.createIndex({ runId: 1, index: 1 }),
    answers.createIndex({ runId: 1, 'answer.ok': 1 }), // recount: two index counts
    work.createIndex({ runId: 1, index: 1 }),
    runs.createIndex({ status: 1, leaseUntil: 1 }),
    runs.createIndex({ expiresAt: 1 }),
  ]);
  const unfinished = { status: { $nin: [...FINISHED] } };

  /** The run with its counts raised to those of its stored answers (see the header). */
  const recount = async (id: string): Promise<RunRecord | undefined> => {
    const [succeeded, failed] = await Promise.all([answers.countDocuments({ runId: id, 'answer.ok': true }), answers.countDocuments({ runId: id, 'answer.ok': false })]);
    return plain<RunRecord>(await runs.findOneAndUpdate({ _id: id }, { $max: { done: succeeded + failed, succeeded, failed } }, { returnDocument: 'after' }));
  };

  return {
    async create(run, answered, items) {
      // Work and answers first: a run is visible only once everything it needs is there.
      if (items.length) await work.insertMany(items.map((w) => ({ _id: itemId(run.id, w.index), runId: run.id, index: w.index, item: w })));
      if (answered.length) await answers.insertMany(answered.map((a) => ({ _id: itemId(run.id, a.index), runId: run.id, index: a.index, answer: a.answer })));
      await runs.insertOne({ _id: run.id, ...run });
    },
    async get(companyId, id, nowMs) {
      const run = plain<RunRecord>(await runs.findOne({ _id: id, companyId }));
      if (!run || (run.expiresAt && Date.parse(run.expiresAt) <= nowMs)) return undefined;
      return run;
    },
    async transition(id, from, patch) {
      return plain<RunRecord>(await runs.findOneAndUpdate({ _id: id, status: { $in: [...from] } }, { $set: patch }, { returnDocument: 'after' }));
    },
    async claim(id, owner, nowMs, leaseMs) {
      const filter = { _id: id, ...unfinished, $or: [{ owner }, { leaseUntil: { $lte: nowMs } }] };
      const claimed = await runs.findOneAndUpdate(filter, { $set: { owner, leaseUntil: nowMs + leaseMs } }, { returnDocument: 'after' });
      // A run resumed after its node died between saving answers and counting them: counted now.
      return claimed ? recount(id) : undefined;
    },
    async renew(id, owner, leaseUntil) {
      // matched, not modified: a renewal in the claim's own millisecond writes the value already there.
      return (await runs.updateOne({ _id: id, owner, ...unfinished }, { $set: { leaseUntil } })).matchedCount === 1;
    },
    async putAnswers(id, list) {
      if (list.length > 0) {
        // An index answered twice keeps its first answer ($setOnInsert).
        await answers.bulkWrite(
          list.map(({ index, answer }) => ({ updateOne: { filter: { _id: itemId(id, index) }, update: { $setOnInsert: { runId: id, index, answer } }, upsert: true } })),
          { ordered: false },
        );
        await work.deleteMany({ _id: { $in: list.map((a) => itemId(id, a.index)) } });
      }
      return recount(id);
    },
    async answers(id, offset, limit) {
      const docs = await answers.find({ runId: id, index: { $gte: offset } }).sort({ index: 1 }).limit(limit).toArray();
      return docs.map((d) => ({ index: d.index, answer: d.answer }));
    },
    async pendingWork(id) {
      return (await work.find({ runId: id }).sort({ index: 1 }).toArray()).map((d) => d.item);
    },
    async orphans(nowMs, limit) {
      return (await runs.find({ ...unfinished, leaseUntil: { $lte: nowMs } }).limit(limit).toArray()).map((d) => plain<RunRecord>(d)!);
    },
    async unansweredCanceled(nowMs, limit) {
      // On the {status, leaseUntil} index: a canceled run leaves the range once answered (SETTLED).
      const docs = await runs.find({ status: 'canceled', leaseUntil: { $lte: nowMs } }).limit(limit).toArray();
      return docs.map((d) => plain<RunRecord>(d)!);
    },
    async deleteExpired(nowMs) {
      const gone = (await runs.find({ expiresAt: { $ne: null, $lte: new Date(nowMs).toISOString() } }, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
      if (gone.length) {
        await answers.deleteMany({ runId: { $in: gone } });
        await work.deleteMany({ runId: { $in: gone } });
        await runs.deleteMany({ _id: { $in: gone } });
      }
      await remembered.deleteMany({ expiresAt: { $lte: nowMs } });
      return gone.length;
    },
    async remember(scope, value) {
      // A record deleted between our failed insert and the read (its request failed and forgot it)
      // is no answer to give: insert again, so exactly one request holds the key.
      for (let attempt = 0; ; attempt++) {
        await remembered.deleteOne({ _id: scope, expiresAt: { $lte: Date.now() } });
        try {
          await remembered.insertOne({ _id: scope, ...value });
          return null;
        } catch (err) {
          if (!isDuplicate(err)) throw err;
          const there = plain<RememberedAnswer>(await remembered.findOne({ _id: scope }));
          if (there) return there;
          if (attempt >= 5) throw new Error(`the idempotency record ${scope.split('\n').pop()} keeps changing; retry`);
        }
      }
    },
    async recall(scope, nowMs) {
      return plain<RememberedAnswer>(await remembered.findOne({ _id: scope, expiresAt: { $gt: nowMs } })) ?? null;
    },
    async settle(scope, value) {
      await remembered.replaceOne({ _id: scope }, value, { upsert: true });
    },
    async forget(scope) {
      await remembered.deleteOne({ _id: scope });
    },
  };
}
