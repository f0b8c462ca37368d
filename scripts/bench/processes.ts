/**
 * Child processes of the bench: the real entry points (dist/api/main.js, dist/workers/main.js)
 * and the floor server, each registered for cleanup. The web runs with LOG_LEVEL=error (one
 * access-log line per request would be measured too), so it prints no ready line: the bench
 * gives it a free port and waits until that port answers HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { trackChild } from './cleanup.js';
import { gcLaunchFlags } from '../../api/ops/gcTuning.js';

/** dist/ of the compiled repo: this file is dist/scripts/bench/processes.js. */
export const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface NodeChild {
  child: ChildProcess;
  /** stdout and stderr so far (the last 64 KB), for error messages. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

/** Extra node flags for the processes the bench starts, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** A folder to keep each process's whole output in (label-pid.log), e.g. with BENCH_NODE_ARGS="--trace-gc". */
const LOG_DIR = process.env.BENCH_LOG_DIR ?? '';

/** Starts a node process as the Procfile does: gcLaunchFlags on its command line (api/ops/gcTuning.ts says why), then BENCH_NODE_ARGS. */
export function spawnNode(label: string, script: string, env: Record<string, string>): NodeChild {
  const childEnv = { ...process.env, ...env };
  const child = spawn(process.execPath, [...gcLaunchFlags(childEnv), ...NODE_ARGS, resolve(DIST, script)], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const listeners = new Set<() => void>();
  const append = (d: Buffer) => {
    out = (out + d.toString()).slice(-65_536);
    for (const l of listeners) l();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  if (LOG_DIR !== '') {
    mkdirSync(LOG_DIR, { recursive: true }); // a missing folder ended the bench at its first server
    const log = createWriteStream(join(LOG_DIR, `${label.replace(/[^\w.-]+/g, '_')}-${child.pid}.log`));
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    child.once('close', () => log.end());
  }
  const stop = trackChild(label, child);
  return {
    child,
    output: () => out,
    stop,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((res, rej) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) finish(() => res(m));
        };
        const onExit = (code: number | null, sig: string | null) => finish(() => rej(new Error(`${label} exited (${code ?? sig}) before it was ready:\n${out}`)));
        const timer = setTimeout(() => finish(() => rej(new Error(`${label} not ready within ${timeoutMs} ms:\n${out}`))), timeoutMs);
        const finish = (then: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
          then();
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      });
    },
  };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Polls `url` until it answers (any status) or the child exits. */
export async function waitForHttp(url: string, proc: NodeChild, label: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${label} exited before answering HTTP:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
    await delay(50);
  }
}

/**
 * The `web` process on a free port of 127.0.0.1. Another process may take the probed port first;
 * then the web exits with EADDRINUSE and the next port is tried.
 */
export async function startWeb(label: string, env: Record<string, string>): Promise<{ proc: NodeChild; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const proc = spawnNode(label, 'api/main.js', { ...env, HOST: '127.0.0.1', PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${url}/v1/openapi.json`, proc, label);
      return { proc, url };
    } catch (err) {
      await proc.stop();
      if (attempt >= 3 || !/EADDRINUSE/.test(proc.output())) throw err;
    }
  }
}
