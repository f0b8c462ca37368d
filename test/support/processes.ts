/** Spawning the real entry points (api/main.js, scripts/admin.js) for end-to-end tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT } from './paths.js';

export interface Output {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runNode(script: string, args: string[], env: Record<string, string>): Promise<Output> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [resolve(REPO_ROOT, 'dist', script), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export interface Spawned {
  child: ChildProcess;
  /** stdout and stderr as they arrived, interleaved. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the server URL once the `listening` log line appears. */
  ready: Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The `web` process; `ready` resolves with its URL. Ports are ephemeral unless the test names
 * them: a default port (8080, the worker's 8090) collides with a suite running beside this one
 * (seen: two clones' suites at once, one worker exited EADDRINUSE).
 */
export function spawnServer(env: Record<string, string>): Spawned {
  return spawnEntry('dist/api/main.js', { PORT: '0', ...env }, /"msg":"listening","url":"([^"]+)"/);
}

/** The `worker` process; `ready` resolves once it takes jobs, with the URL of its operations port (ephemeral unless named). */
export function spawnWorker(env: Record<string, string>): Spawned {
  return spawnEntry('dist/workers/main.js', { WORKER_PORT: '0', ...env }, /"msg":"worker ready".*?"ops":"([^"]+)"/);
}

/** The worker id a `worker` process logged in its ready line. */
export function workerId(w: Spawned): string {
  return /"msg":"worker ready","id":"([^"]+)"/.exec(w.output())?.[1] ?? '';
}

/** SIGSTOP / SIGCONT: freeze a process (a hung worker) and let it go on. */
export function freeze(w: Spawned): void {
  w.child.kill('SIGSTOP');
}
export function thaw(w: Spawned): void {
  w.child.kill('SIGCONT');
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

function spawnEntry(script: string, env: Record<string, string>, readyLine: RegExp): Spawned {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  let stdout = '';
  let stderr = '';
  const ready = new Promise<string>((res, rej) => {
    const onData = (d: Buffer) => {
      out += d;
      stdout += d;
      const m = readyLine.exec(out);
      if (m) res(m[1] ?? '');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => {
      out += d;
      stderr += d;
    });
    child.on('exit', (code) => rej(new Error(`${script} exited with ${code} before it was ready:\n${out}`)));
  });
  return {
    child,
    output: () => out,
    stdout: () => stdout,
    stderr: () => stderr,
    ready,
    stop: (signal = 'SIGTERM') =>
      new Promise((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res(child.exitCode);
        child.once('exit', (code) => res(code));
        child.kill(signal);
      }),
  };
}
