/**
 * Starts an API node from a config: opens the store, seeds the demo account on a first start,
 * picks the embedded or Redis-backed governance, listens, and stops gracefully. Used by
 * api/main.ts (the `web` process) and by tests, which start real servers on ephemeral ports.
 */
import { createServer, type Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { API_VERSION, createApp, type App } from './app.js';
import { answerClientErrors } from './clientErrors.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './log.js';
import { seedDemoAccount, type DemoAccount } from './accounts/demo.js';
import { openStore } from '../store/open.js';
import { memoryGovernance, redisGovernance } from './governance.js';
import type { Store } from '../store/ports.js';
import { EnginePool } from '../workers/pool.js';
import type { EngineRunner } from '../workers/runner.js';
import { QueueRunner } from '../workers/queue/producer.js';
import { startConsumer, type Consumer } from '../workers/queue/consumer.js';
import { createPayments, type Payments, type PaymentsOptions } from './payments/module.js';

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  store: Store;
  demo: DemoAccount | null;
  payments: Payments;
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
  const store = await openStore(config);
  const governance = config.redisUrl ? redisGovernance(config.redisUrl) : memoryGovernance();
  const runner = options.runner ?? createRunner(config);
  const payments = createPayments({ store, limits: governance.limits, buckets: governance.buckets, log, redisUrl: config.redisUrl, version: API_VERSION, ...options.payments });
  // Redis may be away at start: serve anyway (calls get 503 until it returns), waiting briefly.
  const connected = Promise.all([governance.ready(), runner instanceof QueueRunner ? runner.ready() : undefined, payments.ready()]);
  await Promise.race([connected.catch(() => undefined), delay(2_000)]);
  // One-box mode: this API node also consumes the queue it produces to.
  const consumer: Consumer | null =
    config.redisUrl && config.workerInProcess
      ? await startConsumer({ redisUrl: config.redisUrl, threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, onError: (e) => log.debug('queue worker error', { error: e.message }) })
      : null;
  const app = createApp({ store, limits: governance.limits, seats: governance.seats, log, runner, trustProxyHops: config.trustProxyHops, payments });

  const server: Server = createServer(app.koa.callback());
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
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await runner.close();
      await consumer?.close();
      await payments.close();
      await governance.close();
      await app.keyUse.flush();
      await store.close();
    })());

  return { url: `http://${host}:${port}`, port, app, store, demo, payments, close };
}

/** The in-process pool (embedded default) or the BullMQ queue (REDIS_URL). */
function createRunner(config: Readonly<Config>): EngineRunner {
  if (!config.redisUrl) return new EnginePool({ threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, maxQueue: config.engine.maxQueue });
  return new QueueRunner({ redisUrl: config.redisUrl, timeoutMs: config.engine.timeoutMs, maxBacklog: config.engine.maxQueue, startBudgetMs: config.engine.startTimeoutMs });
}
