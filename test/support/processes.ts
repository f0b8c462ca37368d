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
  output: () => string;
  /** Resolves with the server URL once the `listening` log line appears. */
  ready: Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, 'dist/api/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<string>((res, rej) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (m) res(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => rej(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  return {
    child,
    output: () => out,
    ready,
    stop: (signal = 'SIGTERM') =>
      new Promise((res) => {
        if (child.exitCode !== null) return res(child.exitCode);
        child.once('exit', (code) => res(code));
        child.kill(signal);
      }),
  };
}
