/**
 * A private redis-server for the distributed scenario: a free port of 127.0.0.1 (never a system
 * Redis on 6379, whose data the bench must not touch), no persistence, its working dir in a temp
 * dir of the bench. Stopped at cleanup like every other child.
 */
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { trackChild } from './cleanup.js';
import { freePort } from './processes.js';
import { answersPing } from '../redisPing.js';

export interface PrivateRedis {
  url: string;
  pid: number | undefined;
  version: string;
  stop(): Promise<void>;
}

/** The redis-server binary on PATH, or null. */
export function redisServerBinary(): string | null {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? 'redis-server' : null;
}

export async function startRedis(workDir: string): Promise<PrivateRedis> {
  const bin = redisServerBinary();
  if (!bin) throw new Error('the distributed scenario needs redis-server on PATH (apt-get install redis-server), or run with --only raw,floor,embedded');
  const version = /v=(\S+)/.exec(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? 'unknown';
  // The probed port may be taken before redis binds it: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', workDir, '--loglevel', 'warning', '--daemonize', 'no'];
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out = (out + d).slice(-4000)));
    child.stderr!.on('data', (d) => (out = (out + d).slice(-4000)));
    // SIGTERM: with --save '' redis exits at once without writing anything.
    const stop = trackChild(`redis-server :${port}`, child, 'SIGTERM', 5_000);
    const deadline = Date.now() + 10_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      if (await answersPing(port)) return { url: `redis://127.0.0.1:${port}`, pid: child.pid, version, stop };
      await delay(25);
    }
    await stop();
    if (attempt >= 3) throw new Error(`redis-server did not start on port ${port}:\n${out}`);
  }
}
