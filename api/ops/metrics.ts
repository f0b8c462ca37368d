/**
 * Prometheus metrics (prom-client), one registry per process (never the library's global one, so
 * servers started side by side in one test process do not share counters). API nodes count
 * requests by route and status, engine calls by function and outcome with their duration, and
 * refusals by code; on each scrape they read the queue depth, live workers and pool use. Worker
 * processes count jobs and export their pool. Labels are bounded: routes are the route table's
 * templates, functions the catalogue's names, codes the error catalogue's.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../workers/pool.js';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Refusals worth counting on their own: seats, limits, a busy or unavailable engine. */
const REFUSAL_CODES = new Set(['no_seat', 'rate_limited', 'unavailable', 'plan_limit']);

/** What an API node's pieces report to; `NO_METRICS` when metrics are off (tests that build an app directly). */
export interface HttpMetrics {
  request(method: string, route: string, status: number, seconds: number, errorCode?: string): void;
}

export interface EngineMetrics {
  engineCall(name: string, outcome: string, seconds: number): void;
}

/** The queue and pool facts read at scrape time (whichever the node has). */
export interface DepthSource {
  queue?: () => Promise<{ waiting: number; active: number; workers: number; threads: number }>;
  pool?: () => PoolStats;
}

export class Metrics implements HttpMetrics, EngineMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter;
  private readonly requestSeconds: Histogram;
  private readonly refusals: Counter;
  private readonly engineCalls: Counter;
  private readonly engineSeconds: Histogram;

  constructor(
    readonly role: 'web' | 'worker',
    depth: DepthSource = {},
  ) {
    const r = this.registry;
    r.setDefaultLabels({ role });
    collectDefaultMetrics({ register: r });
    this.requests = new Counter({ name: 'engcalc_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [r] });
    this.requestSeconds = new Histogram({ name: 'engcalc_http_request_duration_seconds', help: 'HTTP request duration, by method and route template', labelNames: ['method', 'route'], buckets: DURATION_BUCKETS, registers: [r] });
    this.refusals = new Counter({ name: 'engcalc_refusals_total', help: 'Requests refused for seats (no_seat), limits and a busy engine (rate_limited), plan (plan_limit) or an unavailable backend (unavailable)', labelNames: ['code'], registers: [r] });
    this.engineCalls = new Counter({
      name: role === 'web' ? 'engcalc_engine_calls_total' : 'engcalc_worker_jobs_total',
      help: 'Engine calls by function and outcome (ok, timeout, saturated, unavailable, or the engine failure reason)',
      labelNames: ['function', 'outcome'],
      registers: [r],
    });
    this.engineSeconds = new Histogram({
      name: role === 'web' ? 'engcalc_engine_duration_seconds' : 'engcalc_worker_job_duration_seconds',
      help: role === 'web' ? 'Engine call duration seen by the API node (queue wait included), by function' : 'Time a job held an engine thread (its wait for one included), by function',
      labelNames: ['function'],
      buckets: DURATION_BUCKETS,
      registers: [r],
    });
    if (depth.queue) {
      const read = depth.queue;
      let last: Promise<{ waiting: number; active: number; workers: number; threads: number } | null> | null = null;
      // One Redis read per scrape, shared by the four gauges.
      const snapshot = () => (last ??= read().catch(() => null).finally(() => setTimeout(() => (last = null), 100)));
      const gauge = (name: string, help: string, pick: (s: { waiting: number; active: number; workers: number; threads: number }) => number) =>
        new Gauge({
          name,
          help,
          registers: [r],
          async collect() {
            const s = await snapshot();
            this.set(s ? pick(s) : Number.NaN);
          },
        });
      gauge('engcalc_queue_waiting', 'Engine calls admitted and not yet started, across the cluster', (s) => s.waiting);
      gauge('engcalc_queue_active', 'Engine jobs running on workers, across the cluster', (s) => s.active);
      gauge('engcalc_workers_live', 'Worker processes with a live heartbeat', (s) => s.workers);
      gauge('engcalc_worker_threads_live', 'Engine threads the live workers offer', (s) => s.threads);
    }
    if (depth.pool) {
      const stats = depth.pool;
      new Gauge({ name: 'engcalc_pool_threads', help: 'Engine calls this process can run at once', registers: [r], collect() { this.set(stats().threads); } });
      new Gauge({ name: 'engcalc_pool_loaded_threads', help: 'Threads with the engine loaded (one more than engcalc_pool_threads: the warm spare)', registers: [r], collect() { this.set(stats().loadedThreads); } });
      new Gauge({ name: 'engcalc_pool_busy', help: 'Engine calls running in this process', registers: [r], collect() { this.set(stats().busy); } });
      new Gauge({ name: 'engcalc_pool_utilisation', help: 'engcalc_pool_busy / engcalc_pool_threads', registers: [r], collect() { const s = stats(); this.set(s.threads ? s.busy / s.threads : 0); } });
      new Gauge({ name: 'engcalc_pool_waiting', help: 'Engine calls waiting for a thread in this process', registers: [r], collect() { this.set(stats().waiting); } });
      new Counter({ name: 'engcalc_pool_timeouts_total', help: 'Calls stopped at the time limit (each replaced a thread)', registers: [r], collect() { this.reset(); this.inc(stats().timeouts); } });
      new Counter({ name: 'engcalc_pool_canceled_stopped_total', help: 'Canceled calls whose threads were stopped (they had not ended within the cancel grace)', registers: [r], collect() { this.reset(); this.inc(stats().canceledStopped); } });
      new Counter({ name: 'engcalc_pool_light_tasks_total', help: 'Thread tasks that carried light calls sent together (workers/lightCalls.ts)', registers: [r], collect() { this.reset(); this.inc(stats().lightTasks); } });
      new Counter({ name: 'engcalc_pool_light_calls_total', help: 'Light calls in those tasks; / engcalc_pool_light_tasks_total = calls per hand-off', registers: [r], collect() { this.reset(); this.inc(stats().lightCalls); } });
    }
  }

  /**
   * Labelled children kept by their label values: prom-client hashes a label object (its keys
   * sorted) on every update, ~1.5 us a request over the four updates; a string key is one lookup.
   * The label sets are bounded (route templates, statuses, functions, outcomes).
   */
  private readonly children = new Map<string, unknown>();

  private child<T>(metric: { labels(labels: Record<string, string>): T }, key: string, labels: Record<string, string>): T {
    let c = this.children.get(key) as T | undefined;
    if (!c) this.children.set(key, (c = metric.labels(labels)));
    return c;
  }

  request(method: string, route: string, status: number, seconds: number, errorCode?: string): void {
    this.child(this.requests, `r\0${method}\0${route}\0${status}`, { method, route, status: String(status) }).inc();
    this.child(this.requestSeconds, `rs\0${method}\0${route}`, { method, route }).observe(seconds);
    if (errorCode && REFUSAL_CODES.has(errorCode)) this.refusals.inc({ code: errorCode });
  }

  engineCall(name: string, outcome: string, seconds: number): void {
    this.child(this.engineCalls, `e\0${name}\0${outcome}`, { function: name, outcome }).inc();
    this.child(this.engineSeconds, `es\0${name}`, { function: name }).observe(seconds);
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * Whether an Authorization header carries the metrics token (always true when none is set).
 * Compared in constant time over hashes, so neither the token nor its length leaks by timing.
 */
export function metricsAuthorized(token: string | null, header: string | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}
