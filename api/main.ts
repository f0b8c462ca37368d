/**
 * The `web` process: an API node. Reads the environment once, starts the server, prints the
 * demo key on the very first start of an empty store, and shuts down gracefully on SIGTERM/SIGINT.
 */
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './log.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  const running = await startServer(config, { log });
  log.info('listening', { url: running.url, dataDir: config.dataDir, mode: config.redisUrl ? 'distributed' : 'embedded' });
  if (running.demo) printDemoBanner(running.url, running.demo.keyValue, running.demo.email);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error('shutdown failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Written straight to the terminal, not through the logger: the only time the key is ever shown. */
function printDemoBanner(url: string, key: string, email: string): void {
  process.stdout.write(
    [
      '',
      '  First start: created the demo company, member ' + email + ' and this API key.',
      '  It is shown once and never stored; keep it now:',
      '',
      '    ' + key,
      '',
      '  Try it:',
      `    curl -H "Authorization: Bearer ${key}" ${url}/v1/me`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
