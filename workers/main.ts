/**
 * The `worker` process of the distributed deployment: takes engine jobs from the BullMQ queue on
 * REDIS_URL and runs them on its piscina pool (ENGINE_THREADS threads, ENGINE_TIMEOUT_MS each).
 * Serves /healthz, /readyz and /metrics on WORKER_PORT; logs when its Redis connection drops and
 * when it returns. SIGTERM/SIGINT: stop taking jobs, finish the running ones, close, exit 0.
 */
import '../api/ops/applyGcTuning.js'; // first: V8's GC flags before the other modules allocate
import { configOrExit, stopOnSignals } from '../api/lifecycle.js';
import { createLogger } from '../api/log.js';
import { gcState } from '../api/ops/gcTuning.js';
import { readiness } from '../api/ops/health.js';
import { Metrics } from '../api/ops/metrics.js';
import { startOpsServer } from './opsServer.js';
import { piscinaInterfaces } from './piscinaInterfaces.js';
import { startConsumer, type Consumer } from './queue/consumer.js';

async function main(): Promise<void> {
  const config = configOrExit();
  if (!config.redisUrl) {
    process.stderr.write('The worker process needs REDIS_URL (the engine queue); `npm start` runs everything in one process without it.\n');
    process.exit(2);
  }
  const log = createLogger(config.logLevel);
  let consumer: Consumer | null = null;
  const metrics = new Metrics('worker', {
    pool: () => consumer?.pool.stats() ?? { threads: 0, loadedThreads: 0, busy: 0, waiting: 0, timeouts: 0, canceledStopped: 0, lightTasks: 0, lightCalls: 0 },
  });
  // Up before the threads load: /healthz answers at once, /readyz once jobs can be taken.
  const ops = await startOpsServer({
    port: config.ops.workerPort,
    host: config.host,
    metrics,
    metricsToken: config.ops.metricsToken,
    readiness: () => readiness({ registered: () => consumer?.ready() ?? false }),
  });

  let lastError = '';
  consumer = await startConsumer({
    redisUrl: config.redisUrl,
    threads: config.engine.threads,
    timeoutMs: config.engine.timeoutMs,
    onJob: (name, outcome, seconds) => metrics.engineCall(name, outcome, seconds),
    onRedisLost: (error) => log.error('redis connection lost', { error }),
    onRedisRestored: (downMs) => {
      lastError = '';
      log.info('redis connection restored', { downMs });
    },
    onError: (err) => {
      // Outages repeat the same error on every retry; log each distinct one once.
      if (err.message !== lastError) log.error('queue error', { error: err.message });
      lastError = err.message;
    },
  });
  log.info('worker ready', { id: consumer.id, threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, pid: process.pid, ops: ops.url, gc: gcState(process.env), piscinaInterfaces });

  // Running jobs finish first: allow them their time limit.
  const running = consumer;
  stopOnSignals(log, 'worker', config.engine.timeoutMs + 10_000, async () => {
    await running.close();
    await ops.close();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
