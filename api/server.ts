/**
 * Starts an API node from a config: opens the store, seeds the demo account on a first start,
 * picks the embedded or Redis-backed governance, listens, and stops gracefully. Used by
 * api/main.ts (the `web` process) and by tests, which start real servers on ephemeral ports.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { API_VERSION, createApp, type App } from './app.js';
import { answerClientErrors, refuseWithoutHost } from './clientErrors.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './log.js';
import { seedDemoAccount, type DemoAccount } from './accounts/demo.js';
import { openStore } from '../store/open.js';
import { authVersionFor, versionedStore } from './accounts/authLookup.js';
import { memoryGovernance, redisGovernance } from './governance.js';
import type { Store } from '../store/ports.js';
import { EnginePool } from '../workers/pool.js';
import type { EngineRunner } from '../workers/runner.js';
import { QueueRunner } from '../workers/queue/producer.js';
import { isLightCall } from '../workers/lightCalls.js';
import { startConsumer, type Consumer } from '../workers/queue/consumer.js';
import { readiness, type Check } from './ops/health.js';
import { Metrics, type EngineMetrics } from './ops/metrics.js';
import { opsRoutes } from './routes/ops.js';
import { RunService } from './engine/runs.js';
import { memoryCancelBus, redisCancelBus } from './mcp/cancellation.js';
import { createPayments, type Payments, type PaymentsOptions } from './payments/module.js';
import { configuredDataKeys } from './payments/dataKeys.js';

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  store: Store;
  demo: DemoAccount | null;
  payments: Payments;
  metrics: Metrics;
  /**
   * Graceful stop: stop accepting, let in-flight requests finish for up to SHUTDOWN_GRACE_MS,
   * answer those still waiting for the engine 503, then close everything.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Substitute engine runner (tests use a pool whose thread has extra tasks). */
  runner?: EngineRunner;
  /** Payments clock and scheduler (tests inject a clock and drive the scheduler). */
  payments?: PaymentsOptions;
}

export async function startServer(config: Readonly<Config>, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  // Key, member and company writes bump the auth version the key lookup cache checks (api/accounts/authLookup.ts).
  const opened = await openStore(config);
  const authVersion = authVersionFor(config, opened);
  const store = versionedStore(opened, authVersion);
  const limits = { perKey: config.ops.keyRequestsPerMinute, failedPerAddress: config.ops.failedAttemptsPerMinute };
  const governance = config.redisUrl ? redisGovernance(config.redisUrl, undefined, limits) : memoryGovernance(limits);
  const runner = options.runner ?? createRunner(config);
  const queue = runner instanceof QueueRunner ? runner : null;
  const pool = runner instanceof EnginePool ? runner : null;
  const cancelBus = config.redisUrl ? redisCancelBus(config.redisUrl) : memoryCancelBus();
  const payments = createPayments({
    store,
    limits: governance.limits,
    rates: governance.rates,
    log,
    redisUrl: config.redisUrl,
    version: API_VERSION,
    dataKeys: configuredDataKeys(config),
    ...options.payments,
    webhooks: { privateTargets: config.webhookPrivateTargets, ...options.payments?.webhooks },
  });
  // Redis may be away at start: serve anyway (calls get 503 until it returns), waiting briefly.
  const connected = Promise.all([governance.ready(), queue?.ready(), payments.ready()]);
  await Promise.race([connected.catch(() => undefined), delay(2_000)]);
  // One-box mode: this API node also consumes the queue it produces to.
  const consumer: Consumer | null =
    config.redisUrl && config.workerInProcess
      ? await startConsumer({
          redisUrl: config.redisUrl,
          threads: config.engine.threads,
          timeoutMs: config.engine.timeoutMs,
          onError: (e) => log.debug('queue worker error', { error: e.message }),
          onRedisLost: (error) => log.error('worker: redis connection lost', { error }),
          onRedisRestored: (downMs) => log.info('worker: redis connection restored', { downMs }),
        })
      : null;

  const metrics = new Metrics('web', {
    ...(queue ? { queue: async () => ({ ...(await queue.depth()), ...(await queue.health()) }) } : {}),
    ...(pool ? { pool: () => pool.stats() } : consumer ? { pool: () => consumer.pool.stats() } : {}),
  });
  let draining = false;
  const readinessChecks: Record<string, Check> = {
    accepting: () => !draining,
    store: async () => {
      await store.meta.get('readyz'); // a read: the store is open and answers
      return true;
    },
  };
  if (pool) readinessChecks.engine = () => pool.stats().loadedThreads >= pool.threads;
  if (config.redisUrl) {
    readinessChecks.redis = () => governance.ping();
    readinessChecks.workers = async () => ((await queue?.health())?.threads ?? 0) > 0;
  }
  const batch = { maxItems: config.engine.batchMaxItems, timeoutMs: config.engine.batchTimeoutMs, resultLimitBytes: config.engine.batchResultLimitBytes };
  const runs = new RunService({ store, seats: governance.seats, runner: instrument(runner, metrics) }, batch, { timeoutMs: config.engine.runTimeoutMs, retentionMs: config.engine.runRetentionMs }, log);
  const app = createApp({
    store,
    limits: governance.limits,
    seats: governance.seats,
    log,
    runner: instrument(runner, metrics),
    trustProxyHops: config.trustProxyHops,
    batch,
    runs,
    metrics,
    routes: opsRoutes({ readiness: () => readiness(readinessChecks), metrics, metricsToken: config.ops.metricsToken }),
    payments,
    session: { idleMs: config.app.sessionIdleMs, maxMs: config.app.sessionMaxMs, publicOrigin: new URL(config.app.publicUrl).origin },
    cancelBus,
  });

  const handle = app.koa.callback();
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    res.once('close', () => {
      if (--inFlight === 0) onIdle?.();
    });
    if (draining) res.setHeader('Connection', 'close');
    if (refuseWithoutHost(req, res)) return;
    void handle(req, res);
  };
  const server: Server = createServer({ requireHostHeader: false }, listener);
  // An Expect other than 100-continue: served as if it were absent (Node would answer a bare 417).
  server.on('checkExpectation', listener);
  answerClientErrors(server);
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Seeded only once the port is ours: a start that fails before this (port taken, Redis or store
  // trouble) leaves the store unseeded, so the next start creates the demo key and shows it then.
  const demo = config.seedDemo ? await seedDemoAccount(store) : null;
  runs.start(); // resumes the runs a stopped node left unfinished
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const requestsDone = (ms: number) =>
    inFlight === 0 ? Promise.resolve(true) : Promise.race([new Promise<boolean>((resolve) => (onIdle = () => resolve(true))), delay(ms).then(() => false)]);

  let runnerClosed: Promise<void> | undefined;
  const closeRunner = () => (runnerClosed ??= runner.close());
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      draining = true;
      await runs.close(); // unfinished runs keep their pending items; the next start (or another node) resumes them
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      if (!(await requestsDone(config.ops.shutdownGraceMs))) {
        log.info('api shutdown: grace over, answering the calls still waiting 503', { inFlight, graceMs: config.ops.shutdownGraceMs });
        await closeRunner(); // waiting calls are answered 503 (queue) or finish under the time limit (pool)
        await requestsDone(2_000);
      }
      clearInterval(idle);
      server.closeAllConnections();
      await closed;
      await closeRunner();
      await consumer?.close();
      await payments.close();
      await governance.close();
      await cancelBus.close();
      await app.keyUse.flush();
      await store.close();
      await authVersion.close();
    })());

  return { url: `http://${host}:${port}`, port, app, store, demo, payments, metrics, close };
}

/** The in-process pool (embedded default) or the BullMQ queue (REDIS_URL). */
function createRunner(config: Readonly<Config>): EngineRunner {
  if (!config.redisUrl) return new EnginePool({ threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, maxQueue: config.engine.maxQueue, light: isLightCall });
  return new QueueRunner({ redisUrl: config.redisUrl, timeoutMs: config.engine.timeoutMs, maxBacklog: config.ops.queueBacklog, startBudgetMs: config.engine.startTimeoutMs, groupable: isLightCall });
}

/** Counts every engine call by function and outcome, with its duration, as the API node sees it. */
function instrument(runner: EngineRunner, metrics: EngineMetrics): EngineRunner {
  return {
    async run(job, options) {
      const started = performance.now();
      const outcome = await runner.run(job, options);
      metrics.engineCall(job.name, outcome.ok ? 'ok' : outcome.reason, (performance.now() - started) / 1000);
      return outcome;
    },
    // Batch chunks are counted by the batch itself, not as calls (their duration is many calls').
    runChunk: (job, options) => runner.runChunk(job, options),
    capacity: () => runner.capacity(),
    close: () => runner.close(),
  };
}
