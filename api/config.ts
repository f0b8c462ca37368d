/**
 * Configuration: read from the environment once at the entry point, validated, frozen and passed
 * down. Nothing below the entry points reads process.env. README's configuration table lists
 * the same variables with the same defaults.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DataKey, parseDataKey } from './payments/dataKeys.js';

/**
 * Default bytes of answer JSON one batch or run may hold (ENGINE_BATCH_RESULT_LIMIT_BYTES). Items
 * are bounded in number and each call's answer in size (4 MiB), but not their product: 20 items of
 * pvt.blackOilTable answered 30 MB, and a few hundred held gigabytes until the process failed.
 */
export const BATCH_RESULT_LIMIT_BYTES = 32 * 1024 * 1024;

/** The range ENGINE_TIMEOUT_MS may take (ms); a worker accepts a job's limit in it (workers/queue/consumer.ts). */
export const ENGINE_TIMEOUT_RANGE_MS = { min: 10, max: 3_600_000 } as const;

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Config {
  /** HTTP port (PORT, default 8080; 0 picks a free port). */
  port: number;
  /** Interface to bind (HOST, default 0.0.0.0). */
  host: string;
  /** LMDB directory of the embedded store (DATA_DIR, default ./data). */
  dataDir: string;
  /**
   * Reverse proxies in front of this server whose X-Forwarded-For entries are trusted
   * (TRUST_PROXY: false = 0, true = 1, or a count; default 0). The client address is the entry
   * the outermost trusted proxy appended: the `trustProxyHops`-th from the right. Entries to its
   * left were written by the client and are ignored.
   */
  trustProxyHops: number;
  /** LOG_LEVEL: silent | error | info | debug (default info). */
  logLevel: LogLevel;
  /** Create the demo company, member and key on the first start of an empty store (SEED_DEMO, default true). */
  seedDemo: boolean;
  engine: {
    /** Piscina threads (ENGINE_THREADS, default = available cores). */
    threads: number;
    /** Time limit of one engine call in ms (ENGINE_TIMEOUT_MS, default 30000). */
    timeoutMs: number;
    /**
     * Calls waiting before 429 (ENGINE_MAX_QUEUE, default 4 x threads): for the in-process pool,
     * calls waiting for a thread; with REDIS_URL, jobs waiting in the queue across the cluster.
     */
    maxQueue: number;
    /** With REDIS_URL: how long a call may wait for a worker to start it (ENGINE_START_TIMEOUT_MS, default 10000). */
    startTimeoutMs: number;
    /** Items per batch or run (ENGINE_BATCH_MAX_ITEMS, default 10000). */
    batchMaxItems: number;
    /** Time limit of a synchronous batch in ms (ENGINE_BATCH_TIMEOUT_MS, default 60000). */
    batchTimeoutMs: number;
    /** Bytes of answer JSON one batch or run may hold (ENGINE_BATCH_RESULT_LIMIT_BYTES, default 32 MiB). */
    batchResultLimitBytes: number;
    /** Time limit of a run in ms, from its start (ENGINE_RUN_TIMEOUT_MS, default 3600000). */
    runTimeoutMs: number;
    /** How long a finished run is kept, in ms from its completion (RUN_RETENTION_MS, default 7 days). */
    runRetentionMs: number;
  };
  /** With REDIS_URL: this API node also runs a queue worker (WORKER_IN_PROCESS, default false). */
  workerInProcess: boolean;
  /** Redis for the distributed deployment (REDIS_URL, unset = embedded). */
  redisUrl: string | null;
  /** MongoDB for the distributed deployment (MONGODB_URL, unset = LMDB). */
  mongodbUrl: string | null;
  /** Payments webhooks may go to loopback, private and other non-public addresses (WEBHOOK_PRIVATE_TARGETS, default false). */
  webhookPrivateTargets: boolean;
  /** The key sealing bank account numbers at rest (PAYMENTS_DATA_KEY; unset: DATA_DIR's key file, LMDB only). */
  paymentsDataKey: DataKey | null;
  /** Keys it replaced, still opening what they sealed (PAYMENTS_DATA_KEYS_PREVIOUS, comma-separated). */
  paymentsDataKeysPrevious: DataKey[];
  /** Operations: probes, metrics, shutdown, limits, the distributed backlog. */
  ops: OpsConfig;
  /** The app (/app): sessions and invitation links. */
  app: AppConfig;
}

/** The app's settings (README "App"). */
export interface AppConfig {
  /** Address people open the app at, for the invitation links the admin CLI prints (APP_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** A session ends after this long without a request (APP_SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, whatever the activity (APP_SESSION_HOURS, default 12). */
  sessionMaxMs: number;
}

/** Operations settings (README "Configuration" and "Operations"). */
export interface OpsConfig {
  /** Bearer token GET /metrics asks for (METRICS_TOKEN; unset = no token). */
  metricsToken: string | null;
  /** Port of a worker process's /healthz, /readyz and /metrics (WORKER_PORT, default 8090; 0 picks a free one). */
  workerPort: number;
  /** How long a stopping API node lets in-flight requests finish (SHUTDOWN_GRACE_MS, default 30000). */
  shutdownGraceMs: number;
  /** Requests per key per minute, REST and MCP together (KEY_REQUESTS_PER_MINUTE, default 120). */
  keyRequestsPerMinute: number;
  /** Failed key attempts per client address per minute (FAILED_ATTEMPTS_PER_MINUTE, default 20). */
  failedAttemptsPerMinute: number;
  /**
   * With REDIS_URL: the cluster's backlog when ENGINE_MAX_QUEUE is set; null = 16 x the threads
   * live workers offer, read from Redis at each admission.
   */
  queueBacklog: number | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Readonly<Config> {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got '${raw}')`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got '${env[name]}')`);
    return fallback;
  };
  // Applied by api/ops/gcTuning.ts as the process starts (before this runs); checked here so a typo is not silently ignored.
  if (env.GC_TUNING !== undefined && env.GC_TUNING !== '' && !['on', 'off'].includes(env.GC_TUNING)) problems.push(`GC_TUNING must be on or off (got '${env.GC_TUNING}')`);
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!['silent', 'error', 'info', 'debug'].includes(logLevel)) problems.push(`LOG_LEVEL must be silent, error, info or debug (got '${env.LOG_LEVEL}')`);

  const threads = int('ENGINE_THREADS', Math.max(1, availableParallelism()), 1, 256);
  const port = int('PORT', 8080, 0, 65535);
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    trustProxyHops: proxyHops(env.TRUST_PROXY, problems),
    logLevel,
    seedDemo: bool('SEED_DEMO', true),
    engine: {
      threads,
      timeoutMs: int('ENGINE_TIMEOUT_MS', 30_000, ENGINE_TIMEOUT_RANGE_MS.min, ENGINE_TIMEOUT_RANGE_MS.max),
      maxQueue: int('ENGINE_MAX_QUEUE', 4 * threads, 0, 100_000),
      startTimeoutMs: int('ENGINE_START_TIMEOUT_MS', 10_000, 100, 600_000),
      batchMaxItems: int('ENGINE_BATCH_MAX_ITEMS', 10_000, 1, 100_000),
      batchTimeoutMs: int('ENGINE_BATCH_TIMEOUT_MS', 60_000, 10, 600_000),
      batchResultLimitBytes: int('ENGINE_BATCH_RESULT_LIMIT_BYTES', BATCH_RESULT_LIMIT_BYTES, 4 * 1024 * 1024, 256 * 1024 * 1024),
      runTimeoutMs: int('ENGINE_RUN_TIMEOUT_MS', 3_600_000, 10, 86_400_000),
      runRetentionMs: int('RUN_RETENTION_MS', 7 * 86_400_000, 1_000, 365 * 86_400_000),
    },
    workerInProcess: bool('WORKER_IN_PROCESS', false),
    redisUrl: env.REDIS_URL || null,
    mongodbUrl: env.MONGODB_URL || null,
    webhookPrivateTargets: bool('WEBHOOK_PRIVATE_TARGETS', false),
    paymentsDataKey: env.PAYMENTS_DATA_KEY ? dataKeyOf('PAYMENTS_DATA_KEY', env.PAYMENTS_DATA_KEY, problems) : null,
    paymentsDataKeysPrevious: (env.PAYMENTS_DATA_KEYS_PREVIOUS ?? '')
      .split(',')
      .filter((t) => t.trim() !== '')
      .flatMap((t, i) => dataKeyOf(`PAYMENTS_DATA_KEYS_PREVIOUS entry ${i + 1}`, t, problems) ?? []),
    ops: opsConfig(env, int),
    app: {
      publicUrl: (env.APP_URL || `http://localhost:${port || 8080}`).replace(/\/+$/, ''),
      sessionIdleMs: int('APP_SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60) * 60_000,
      sessionMaxMs: int('APP_SESSION_HOURS', 12, 1, 24 * 30) * 3_600_000,
    },
  };
  if (env.APP_URL && !/^https?:\/\/[^/\s]+/.test(env.APP_URL)) problems.push(`APP_URL must be an http:// or https:// address (got '${env.APP_URL}')`);
  if (config.redisUrl && !/^rediss?:\/\//.test(config.redisUrl)) problems.push(`REDIS_URL must start with redis:// or rediss:// (got '${config.redisUrl}')`);
  if (config.mongodbUrl && !config.paymentsDataKey) problems.push('MONGODB_URL needs PAYMENTS_DATA_KEY (32 random bytes, base64: openssl rand -base64 32), the same on every node: it seals bank account numbers at rest');
  if (config.workerInProcess && !config.redisUrl) problems.push('WORKER_IN_PROCESS needs REDIS_URL (without it the engine already runs in this process)');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return deepFreeze(config);
}

function proxyHops(raw: string | undefined, problems: string[]): number {
  const v = raw?.trim().toLowerCase();
  if (v === undefined || v === '' || ['false', 'no', 'off'].includes(v)) return 0;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  const n = Number(v);
  if (Number.isInteger(n) && n >= 0 && n <= 10) return n;
  problems.push(`TRUST_PROXY must be true, false or the number of trusted proxies in front of the server, 0 to 10 (got '${raw}')`);
  return 0;
}

function opsConfig(env: NodeJS.ProcessEnv, int: (name: string, fallback: number, min: number, max: number) => number): OpsConfig {
  return {
    metricsToken: env.METRICS_TOKEN || null,
    workerPort: int('WORKER_PORT', 8090, 0, 65535),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 30_000, 0, 3_600_000),
    keyRequestsPerMinute: int('KEY_REQUESTS_PER_MINUTE', 120, 1, 1_000_000),
    failedAttemptsPerMinute: int('FAILED_ATTEMPTS_PER_MINUTE', 20, 1, 1_000_000),
    // Parsed (and a bad value reported) as engine.maxQueue; here only whether it was set.
    queueBacklog: env.ENGINE_MAX_QUEUE && Number.isInteger(Number(env.ENGINE_MAX_QUEUE)) ? Number(env.ENGINE_MAX_QUEUE) : null,
  };
}

function deepFreeze<T extends object>(o: T): Readonly<T> {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
}

/** A data key from its variable, or null with the problem recorded (never the value itself). */
function dataKeyOf(name: string, text: string, problems: string[]): DataKey | null {
  const key = parseDataKey(text);
  if (typeof key !== 'string') return key;
  problems.push(`${name} ${key}`);
  return null;
}
