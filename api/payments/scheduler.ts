/**
 * What happens in the background, never in a request's way: every pass (once a second, and soon
 * after any change that wrote an event) it
 * 1. applies objects' timed actions that are due (sandbox simulation steps, pay-in expiry);
 * 2. turns new events into webhook deliveries;
 * 3. runs due deliveries itself (embedded) or hands them to the BullMQ queue (REDIS_URL), which
 *    every API node consumes (api/payments/webhookQueue.ts);
 * 4. every 10 minutes: forgets every event older than 30 days and every expired idempotency record
 *    (in transactions of PURGE_BATCH, as many as it takes).
 * Every step claims its work in the store (compare-and-set transitions, delivery holds), so any
 * number of API nodes run it side by side without doing anything twice. Time is ctx.now(): tests
 * move the clock and call tick().
 */
import { ApiError } from '../errors.js';
import type { Logger } from '../log.js';
import { iso, type PaymentsContext } from './core.js';
import { stepPayin } from './payins.js';
import { stepPayout } from './payouts.js';
import { attemptDelivery, dispatchEvents, type WebhookSettings } from './webhooks.js';
import type { Payin, Payout, WebhookDelivery } from '../../store/payments/model.js';

export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
/** Records one housekeeping transaction removes; a pass repeats it until nothing past retention is left. */
const PURGE_BATCH = 1_000;
/** Delivery attempts one node runs at once (embedded); a slow endpoint never holds up a pass. */
const DELIVERY_CONCURRENCY = 16;

/** Where due deliveries go when a queue runs them (REDIS_URL). */
export interface DeliveryQueue {
  submit(delivery: WebhookDelivery, reason: 'new' | 'retry' | 'sweep'): Promise<void>;
  close(): Promise<void>;
}

export class PaymentsScheduler {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private lastHousekeeping = -Infinity;
  private closed = false;
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ctx: PaymentsContext,
    private readonly webhooks: WebhookSettings,
    private readonly log: Logger,
    private readonly queue: DeliveryQueue | null = null,
  ) {}

  /** Runs passes every `intervalMs` until close(). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.passes().catch((e: unknown) => this.log.error('payments scheduler pass failed', { error: String(e) })), intervalMs);
    this.timer.unref();
  }

  /** A pass soon (coalesced); used after changes that wrote events. */
  nudge(): void {
    if (this.closed || !this.timer || this.soon) return;
    this.soon = setImmediate(() => {
      this.soon = null;
      void this.passes().catch((e: unknown) => this.log.error('payments scheduler pass failed', { error: String(e) }));
    });
  }

  /** One pass and the delivery attempts it started (tests call this after moving the clock). */
  async tick(): Promise<void> {
    await this.passes();
    await Promise.all(this.inflight.values());
  }

  /** One pass; a pass asked for while one runs follows it (never two at once in this process). */
  private async passes(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Runs one delivery attempt (the BullMQ worker's job) and queues the next one when it failed. */
  async deliver(id: string): Promise<WebhookDelivery | undefined> {
    const after = await attemptDelivery(this.ctx, this.webhooks, id);
    if (after?.status === 'pending' && this.queue) await this.queue.submit(after, 'retry');
    return after;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
    await this.running?.catch(() => undefined);
    await Promise.all(this.inflight.values());
    await this.queue?.close();
  }

  private async pass(): Promise<void> {
    await this.applyDueActions();
    const made = await dispatchEvents(this.ctx);
    if (this.queue) {
      for (const d of made) await this.queue.submit(d, 'new');
      // Deliveries whose job was lost (a node died between dispatch and submit) are queued again.
      for (const d of await this.ctx.store.webhooks.dueDeliveries(iso(this.ctx.now() - 30_000), 100)) await this.queue.submit(d, 'sweep');
    } else {
      await this.runDueDeliveries();
    }
    await this.housekeeping();
  }

  private async applyDueActions(): Promise<void> {
    const now = this.ctx.now();
    for (const due of await this.ctx.store.objects.due(iso(now), 100)) {
      try {
        const record = await this.ctx.store.objects.get(due.kind, due.scope, due.id);
        const action = record?.nextAction;
        if (!record || !action || action.at > iso(now)) continue;
        if (due.kind === 'payin') await stepPayin(this.ctx, record as Payin, action.to as Payin['status']);
        else if (due.kind === 'payout') await stepPayout(this.ctx, record as Payout, action.to as Payout['status']);
      } catch (err) {
        // Another node moved it first (invalid_transition, conflict): its new timer decides.
        if (err instanceof ApiError) this.log.debug('payments timed action skipped', { id: due.id, reason: err.message });
        // Anything else (a balance past its range, the store failing on this record) is this
        // record's alone: said, and tried again next pass, while the other merchants' actions, the
        // events, webhooks and housekeeping go on (a throw here stopped every pass on every node).
        else this.log.error('payments timed action failed; the rest of the pass goes on', { id: due.id, kind: due.kind, error: (err as Error).message });
      }
    }
  }

  /** Starts attempts of due deliveries, up to DELIVERY_CONCURRENCY at once; does not wait for them. */
  private async runDueDeliveries(): Promise<void> {
    const room = DELIVERY_CONCURRENCY - this.inflight.size;
    if (room <= 0) return;
    const due = await this.ctx.store.webhooks.dueDeliveries(iso(this.ctx.now()), room + this.inflight.size);
    for (const d of due.filter((x) => !this.inflight.has(x.id)).slice(0, room)) {
      const attempt = attemptDelivery(this.ctx, this.webhooks, d.id)
        .catch((e: unknown) => this.log.error('payments webhook attempt failed', { delivery: d.id, error: String(e) }))
        .finally(() => this.inflight.delete(d.id));
      this.inflight.set(d.id, attempt);
    }
  }

  private async housekeeping(): Promise<void> {
    const now = this.ctx.now();
    if (now - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = now;
    // Everything past its retention, in transactions of PURGE_BATCH: one batch a pass (1,000 per
    // 10 minutes) fell behind for good once more than 100 a minute expired.
    const drain = async (purge: () => Promise<number>): Promise<number> => {
      let total = 0;
      let n: number;
      do {
        n = await purge();
        total += n;
      } while (n === PURGE_BATCH && !this.closed);
      return total;
    };
    const events = await drain(() => this.ctx.store.events.purge(iso(now - EVENT_RETENTION_MS), PURGE_BATCH));
    const keys = await drain(() => this.ctx.store.idempotency.purge(iso(now), PURGE_BATCH));
    if (events || keys) this.log.debug('payments housekeeping', { eventsPurged: events, idempotencyKeysPurged: keys });
  }
}
