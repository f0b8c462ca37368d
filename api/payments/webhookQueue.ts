/**
 * Webhook deliveries on a BullMQ queue (REDIS_URL), apart from the engine queue: queue
 * `payments-webhooks` under the same `engcalc` prefix. Each job is one attempt of one delivery,
 * delayed until it is due; every API node runs a Worker for it (deliveries write to the store,
 * which engine workers never touch). The store stays the truth: a job only asks "attempt this
 * delivery if it is due and nobody holds it", so a duplicate or stale job does nothing, and
 * job ids (delivery + attempt number) keep one job per attempt. Jobs are not retried by BullMQ:
 * the retry schedule is ours (webhooks.ts), the same as in the embedded deployment.
 */
import { Queue, Worker } from 'bullmq';
import { redisOptions } from '../../workers/queue/producer.js';
import type { DeliveryQueue } from './scheduler.js';
import type { WebhookDelivery } from '../../store/payments/model.js';

export const WEBHOOK_QUEUE = 'payments-webhooks';
const PREFIX = 'engcalc';
const CONCURRENCY = 8;
const CLOSE_WITHIN_MS = 3_000;

/**
 * Finished jobs kept in Redis. They only stop a late duplicate add of the same attempt from
 * running it again (the store would make it a no-op anyway), so a few minutes' worth is plenty.
 * By age alone (an hour, a day) they grew with the delivery rate: ~0.9 KB each, 3 deliveries a
 * second kept ~11 MB, 50 a second ~180 MB, beside an engine queue sized in single megabytes.
 */
export interface WebhookJobRetention {
  /** Completed jobs: at most this many, none older than an hour. */
  completed: number;
  /** Failed jobs (a store failure while attempting): at most this many, none older than a day. */
  failed: number;
}
const WEBHOOK_JOB_RETENTION: WebhookJobRetention = { completed: 10_000, failed: 1_000 };

export class BullDeliveryQueue implements DeliveryQueue {
  private readonly queue: Queue<{ id: string }>;
  private readonly worker: Worker<{ id: string }>;

  constructor(
    redisUrl: string,
    run: (deliveryId: string) => Promise<unknown>,
    private readonly now: () => number,
    onError: (err: Error) => void = () => undefined,
    private readonly retention: WebhookJobRetention = WEBHOOK_JOB_RETENTION,
  ) {
    const base = redisOptions(redisUrl);
    this.queue = new Queue(WEBHOOK_QUEUE, { prefix: PREFIX, connection: { ...base, maxRetriesPerRequest: 1, connectTimeout: 1_000 } });
    this.worker = new Worker(WEBHOOK_QUEUE, async (job) => void (await run(job.data.id)), {
      prefix: PREFIX,
      connection: { ...base, maxRetriesPerRequest: null },
      concurrency: CONCURRENCY,
    });
    this.queue.on('error', onError);
    this.worker.on('error', onError);
  }

  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.worker.waitUntilReady()]);
  }

  async submit(d: WebhookDelivery, reason: 'new' | 'retry' | 'sweep'): Promise<void> {
    if (!d.nextAttemptAt) return;
    const delay = Math.max(0, Date.parse(d.nextAttemptAt) - this.now());
    // One job per attempt; a sweep may add one more per minute for an attempt whose job was lost.
    const jobId = reason === 'sweep' ? `${d.id}-${d.attempts.length}-s${Math.floor(this.now() / 60_000)}` : `${d.id}-${d.attempts.length}`;
    await this.queue.add('deliver', { id: d.id }, { jobId, delay, attempts: 1, removeOnComplete: { age: 3_600, count: this.retention.completed }, removeOnFail: { age: 86_400, count: this.retention.failed } });
  }

  /** Stops taking jobs and closes; bounded, so a frozen or lost Redis never holds up a shutdown. */
  async close(): Promise<void> {
    const closing = (async () => {
      await this.worker.close();
      await this.queue.close();
    })().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closing, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WITHIN_MS)))]);
    clearTimeout(timer);
  }
}
