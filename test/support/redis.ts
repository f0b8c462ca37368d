/**
 * A real redis-server for tests, on a free port of 127.0.0.1 (never the system one on 6379), with
 * no persistence. Without redis-server on PATH, REDIS_URL is used instead (then stop/restart/pause
 * are unavailable); with neither, tests are skipped with the reason in their titles, never passed.
 * Every server started here is killed when the test process exits (normally, or on SIGINT,
 * SIGTERM or SIGHUP), so none outlives mocha.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants as fsConstants } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { answersPing } from '../../scripts/redisPing.js';

export interface RedisServer {
  url: string;
  port: number;
  /** False for an external REDIS_URL: stop then does nothing; restart, pause and resume throw. */
  controllable: boolean;
  /** Kills the server and waits for it to exit (clients see the connection drop). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence), and waits until it answers PING. */
  restart(): Promise<void>;
  /** SIGSTOP: the socket stays open but nothing answers, like a silent network partition. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
}

/** Why Redis tests cannot run here, or null when they can. */
export function redisUnavailableReason(): string | null {
  if (findRedisServer() || process.env.REDIS_URL) return null;
  return 'no redis-server on PATH and REDIS_URL unset (apt-get install redis-server)';
}

/** A fresh server of our own when redis-server is on PATH, else REDIS_URL, else null. */
export async function startRedis(): Promise<RedisServer | null> {
  const bin = findRedisServer();
  if (bin) return ownServer(bin);
  const url = process.env.REDIS_URL;
  return url ? externalServer(url) : null;
}

/**
 * For a mocha `before` hook: the server, or the suite's tests are skipped (pending) with the
 * reason appended to every title and printed once.
 */
export async function redisOrSkip(ctx: Mocha.Context): Promise<RedisServer> {
  const server = await startRedis();
  if (server) return server;
  const reason = redisUnavailableReason() ?? 'redis could not be started';
  const suite = ctx.test?.parent;
  if (suite) markSkipped(suite, reason);
  console.log(`  [redis tests skipped: ${reason}]`);
  ctx.skip();
}

/** For a test that stops, restarts or pauses the server: skipped (with the reason) on an external REDIS_URL. */
export function requireControl(ctx: Mocha.Context, server: RedisServer): void {
  if (server.controllable) return;
  const reason = 'needs a redis-server of its own; REDIS_URL cannot be stopped';
  // In a test, that test is skipped; in a hook, every test of the hook's suite.
  if ((ctx.test as { type?: string } | undefined)?.type === 'test') ctx.test!.title += ` [skipped: ${reason}]`;
  else if (ctx.test?.parent) markSkipped(ctx.test.parent, reason);
  ctx.skip();
}

/** ioredis options for the API side: fail fast while Redis is unreachable, so the API answers 503. */
export const API_REDIS_OPTIONS = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000, lazyConnect: false } satisfies RedisOptions;
/** ioredis options for blocking consumers (BullMQ Worker/QueueEvents): wait for Redis instead of failing. */
export const BLOCKING_REDIS_OPTIONS = { maxRetriesPerRequest: null } satisfies RedisOptions;

/** An API-side client, connected and ready (with the offline queue off, commands sent earlier would fail). */
export function apiRedis(url: string, extra: RedisOptions = {}): Promise<Redis> {
  return readyClient(new Redis(url, { ...API_REDIS_OPTIONS, ...extra }));
}

/** A client for blocking consumers, connected and ready. */
export function blockingRedis(url: string, extra: RedisOptions = {}): Promise<Redis> {
  return readyClient(new Redis(url, { ...BLOCKING_REDIS_OPTIONS, ...extra }));
}

async function readyClient(client: Redis): Promise<Redis> {
  // Connection errors are expected while a test has Redis stopped; without a listener ioredis
  // prints each one to stderr.
  client.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      if (client.status === 'ready') return resolve();
      const timer = setTimeout(() => reject(new Error('redis client not ready within 5 s')), 5_000);
      client.once('ready', () => (clearTimeout(timer), resolve()));
      client.once('end', () => (clearTimeout(timer), reject(new Error('redis connection ended before ready'))));
    });
  } catch (err) {
    client.disconnect();
    throw err;
  }
  return client;
}

// ---- our own redis-server ----

const running = new Set<ChildProcess>();
let hooksInstalled = false;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL'); // also ends a SIGSTOPped server
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      const exited = Promise.all([...running].map((child) => once(child, 'exit')));
      killAll();
      // Reap the children (up to 1 s), then, if ours was the only listener, re-raise so the
      // default action (terminate) still happens.
      const giveUp = new Promise((resolve) => setTimeout(resolve, 1_000));
      void Promise.race([exited, giveUp]).then(() => {
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    });
  }
}

function findRedisServer(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function ownServer(bin: string): Promise<RedisServer> {
  installExitHooks();
  // Another process may take the probed port before redis-server binds it: try a few.
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await spawnRedis(bin, port);
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
  let paused = false;

  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    c.ref(); // keep the loop alive until the exit event arrives
    const exited = once(c, 'exit');
    if (paused) c.kill('SIGCONT');
    paused = false;
    c.kill('SIGKILL');
    await exited;
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    controllable: true,
    stop,
    async restart() {
      await stop();
      child = await spawnRedis(bin, port);
    },
    pause() {
      child?.kill('SIGSTOP');
      paused = true;
    },
    resume() {
      child?.kill('SIGCONT');
      paused = false;
    },
  };
}

async function spawnRedis(bin: string, port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', tmpdir(), '--loglevel', 'warning'];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
  child.once('exit', () => running.delete(child));
  child.on('error', (err) => (output += `\n${err.message}`)); // e.g. spawn failure: seen as an early exit
  // A server a test forgets to stop must not hold mocha open; the exit hook kills it.
  child.unref();
  (child.stdout as unknown as { unref(): void }).unref();
  (child.stderr as unknown as { unref(): void }).unref();

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`redis-server on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (await answersPing(port)) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${port} did not answer PING within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}


function externalServer(url: string): RedisServer {
  const refuse = () => {
    throw new Error('REDIS_URL is an external server: it cannot be stopped, restarted or paused by tests');
  };
  return { url, port: Number(new URL(url).port || 6379), controllable: false, stop: async () => undefined, restart: async () => refuse(), pause: refuse, resume: refuse };
}

function markSkipped(suite: Mocha.Suite, reason: string): void {
  for (const test of suite.tests) if (!test.title.includes('[skipped: ')) test.title += ` [skipped: ${reason}]`;
  for (const child of suite.suites) markSkipped(child, reason);
}
