/**
 * Starts an API node from a config: opens the store, seeds the demo account on a first start,
 * picks the embedded or Redis-backed governance, listens, and stops gracefully. Used by
 * api/main.ts (the `web` process) and by tests, which start real servers on ephemeral ports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from './app.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './log.js';
import { seedDemoAccount, type DemoAccount } from './accounts/demo.js';
import { openLmdbStore } from '../store/lmdb/index.js';
import { memoryRequestLimits } from '../store/memory/limits.js';
import { memorySeats } from '../store/memory/seats.js';
import type { Store } from '../store/ports.js';
import { EnginePool } from '../workers/pool.js';
import type { EngineRunner } from '../workers/runner.js';

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  store: Store;
  demo: DemoAccount | null;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Substitute engine runner (tests use a pool whose thread has extra tasks). */
  runner?: EngineRunner;
}

export async function startServer(config: Readonly<Config>, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const store = openLmdbStore({ path: config.dataDir });
  const demo = config.seedDemo ? await seedDemoAccount(store) : null;
  const runner = options.runner ?? new EnginePool({ threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, maxQueue: config.engine.maxQueue });
  const app = createApp({ store, limits: memoryRequestLimits(), seats: memorySeats(), log, runner, trustProxy: config.trustProxy });

  const server: Server = createServer(app.koa.callback());
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
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
      await app.keyUse.flush();
      await store.close();
    })());

  return { url: `http://${host}:${port}`, port, app, store, demo, close };
}
