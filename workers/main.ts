/**
 * The `worker` process of the distributed deployment: takes engine jobs from the BullMQ queue on
 * REDIS_URL and runs them on its piscina pool (ENGINE_THREADS threads, ENGINE_TIMEOUT_MS each).
 * SIGTERM/SIGINT: stop taking jobs, finish the running ones, close connections, exit.
 */
import { configOrExit, stopOnSignals } from '../api/lifecycle.js';
import { createLogger } from '../api/log.js';
import { startConsumer } from './queue/consumer.js';

async function main(): Promise<void> {
  const config = configOrExit();
  if (!config.redisUrl) {
    process.stderr.write('The worker process needs REDIS_URL (the engine queue); `npm start` runs everything in one process without it.\n');
    process.exit(2);
  }
  const log = createLogger(config.logLevel);
  let lastError = '';
  const consumer = await startConsumer({
    redisUrl: config.redisUrl,
    threads: config.engine.threads,
    timeoutMs: config.engine.timeoutMs,
    onError: (err) => {
      // Redis outages repeat the same error on every retry; log each distinct one once.
      if (err.message !== lastError) log.error('queue connection error', { error: err.message });
      lastError = err.message;
    },
  });
  consumer.worker.on('ready', () => {
    if (lastError) log.info('queue connection restored');
    lastError = '';
  });
  log.info('worker ready', { threads: config.engine.threads, timeoutMs: config.engine.timeoutMs, pid: process.pid });

  // Running jobs finish first: allow them their time limit.
  stopOnSignals(log, 'worker', config.engine.timeoutMs + 10_000, consumer.close);
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
