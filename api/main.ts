/**
 * The `web` process: an API node. Reads the environment once, starts the server, prints the
 * demo key on the very first start of an empty store, and shuts down gracefully on SIGTERM/SIGINT.
 */
import './ops/applyGcTuning.js'; // first: V8's GC flags before the other modules allocate
import { configOrExit, stopOnSignals } from './lifecycle.js';
import { createLogger } from './log.js';
import { gcState } from './ops/gcTuning.js';
import { startServer } from './server.js';
import { piscinaInterfaces } from '../workers/piscinaInterfaces.js';

async function main(): Promise<void> {
  const config = configOrExit();
  const log = createLogger(config.logLevel);
  const running = await startServer(config, { log });
  // First, before anything else can fail: this is the only copy of the key.
  if (running.demo) printDemoBanner(running.url, running.demo.keyValue, running.demo.email, running.demo.memberId, config.dataDir);
  log.info('listening', { url: running.url, dataDir: config.dataDir, mode: config.redisUrl ? 'distributed' : 'embedded', gc: gcState(process.env), ...(config.redisUrl ? {} : { piscinaInterfaces }) });

  // In-flight requests get SHUTDOWN_GRACE_MS; then waiting calls are answered 503 and engine
  // calls already running on an in-process thread finish under their time limit.
  stopOnSignals(log, 'api', config.ops.shutdownGraceMs + config.engine.timeoutMs + 15_000, running.close);
}

/**
 * Written to stderr, apart from the JSON log on stdout (so log shippers never carry it), not
 * through the logger: the only time the key is ever shown.
 */
function printDemoBanner(url: string, key: string, email: string, memberId: string, dataDir: string): void {
  process.stderr.write(
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
      `  The app is at ${url}/app: to sign in as ${email}, get a link to set a password with`,
      // The CLI opens the store itself and builds the link from APP_URL: this server's own, so the line works as printed.
      `    DATA_DIR=${shellWord(dataDir)} APP_URL=${shellWord(url)} npm run -s admin -- member invite ${memberId}`,
      '',
    ].join('\n') + '\n',
  );
}

/** A word the shell reads back as `s` (single-quoted unless it is plainly safe). */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
