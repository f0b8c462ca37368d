/**
 * What every entry point (web, worker, admin) does at its edges: read the configuration once
 * (a bad value ends the process with a message and exit 2), and stop gracefully on SIGTERM/SIGINT.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Logger } from './log.js';

export function configOrExit(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(err.message + '\n');
    process.exit(2);
  }
}

/**
 * On the first SIGTERM or SIGINT: log, run `close`, exit 0 (1 when it fails or takes longer
 * than `graceMs`, so a stuck shutdown cannot hang a deploy).
 */
export function stopOnSignals(log: Logger, what: string, graceMs: number, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${what} shutting down`, { signal });
    setTimeout(() => process.exit(1), graceMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error(`${what} shutdown failed`, { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
