/**
 * The cluster the chaos run drives, all on 127.0.0.1: a private redis-server on a free port (no
 * persistence), two `web` nodes on fixed free ports and two `worker` processes, sharing one LMDB
 * directory. Every piece can be killed, frozen, stopped gracefully and started again; everything
 * is registered with the bench's cleanup so nothing outlives the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { trackChild } from '../bench/cleanup.js';
import { freePort, spawnNode, type NodeChild } from '../bench/processes.js';
import { answersPing } from '../redisPing.js';

export interface ClusterSettings {
  dataDir: string;
  env: Record<string, string>;
}

export class Cluster {
  readonly webPorts: number[] = [];
  redisPort = 0;
  private redisChild: ChildProcess | null = null;
  private redisPaused = false;
  readonly webs: (NodeChild | null)[] = [null, null];
  readonly workers: (NodeChild | null)[] = [null, null];
  private monitor: Redis | null = null;

  constructor(private readonly s: ClusterSettings) {}

  get redisUrl(): string {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  get urls(): string[] {
    return this.webPorts.map((p) => `http://127.0.0.1:${p}`);
  }

  async start(): Promise<void> {
    this.redisPort = await freePort();
    await this.startRedis();
    this.webPorts.push(await freePort(), await freePort());
    await Promise.all([this.startWorker(0), this.startWorker(1)]);
    await Promise.all([this.startWeb(0), this.startWeb(1)]);
    this.monitor = new Redis({ host: '127.0.0.1', port: this.redisPort, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    this.monitor.on('error', () => undefined);
  }

  private env(extra: Record<string, string> = {}): Record<string, string> {
    return { ...this.s.env, DATA_DIR: this.s.dataDir, REDIS_URL: this.redisUrl, HOST: '127.0.0.1', SEED_DEMO: 'false', MONGODB_URL: '', ...extra };
  }

  // ---- redis ----
  async startRedis(): Promise<void> {
    const args = ['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.s.dataDir, '--loglevel', 'warning'];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    trackChild(`redis-server :${this.redisPort}`, child, 'SIGKILL', 1_000);
    this.redisChild = child;
    this.redisPaused = false;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(this.redisPort))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
      await delay(25);
    }
  }
  async killRedis(): Promise<void> {
    const c = this.redisChild;
    if (!c || c.exitCode !== null) return;
    if (this.redisPaused) c.kill('SIGCONT');
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }
  pauseRedis(): void {
    this.redisChild?.kill('SIGSTOP');
    this.redisPaused = true;
  }
  resumeRedis(): void {
    this.redisChild?.kill('SIGCONT');
    this.redisPaused = false;
  }
  /** used_memory in bytes, or null while Redis does not answer. */
  async redisMemory(): Promise<number | null> {
    try {
      const info = await Promise.race([this.monitor!.info('memory'), delay(500).then(() => '')]);
      const m = /used_memory:(\d+)/.exec(info);
      return m ? Number(m[1]) : null;
    } catch {
      return null;
    }
  }

  // ---- web nodes ----
  async startWeb(i: number): Promise<void> {
    const proc = spawnNode(`web ${i}`, 'api/main.js', this.env({ PORT: String(this.webPorts[i]) }));
    this.webs[i] = proc;
    await proc.waitFor(/"msg":"listening"/, 30_000);
  }
  async stopWeb(i: number, signal: NodeJS.Signals): Promise<void> {
    const w = this.webs[i];
    if (!w) return;
    this.webs[i] = null;
    await stopProcess(w.child, signal);
  }

  // ---- workers ----
  async startWorker(i: number): Promise<void> {
    const proc = spawnNode(`worker ${i}`, 'workers/main.js', this.env({ WORKER_PORT: '0' }));
    this.workers[i] = proc;
    await proc.waitFor(/"msg":"worker ready"/, 30_000);
  }
  async stopWorker(i: number, signal: NodeJS.Signals): Promise<void> {
    const w = this.workers[i];
    if (!w) return;
    this.workers[i] = null;
    await stopProcess(w.child, signal);
  }

  /** Back to two web nodes, two workers and a running Redis, every node ready. */
  async heal(): Promise<void> {
    if (this.redisPaused) this.resumeRedis();
    if (!this.redisChild || this.redisChild.exitCode !== null || this.redisChild.signalCode !== null) await this.startRedis();
    await Promise.all([0, 1].map((i) => (this.workers[i] ? undefined : this.startWorker(i))));
    await Promise.all([0, 1].map((i) => (this.webs[i] ? undefined : this.startWeb(i))));
    const deadline = Date.now() + 30_000;
    for (const url of this.urls) {
      for (;;) {
        const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`${url} not ready after healing`);
        await delay(100);
      }
    }
  }

  async close(): Promise<void> {
    this.monitor?.disconnect();
    if (this.redisPaused) this.resumeRedis();
    await Promise.all([...this.webs, ...this.workers].map((p) => (p ? stopProcess(p.child, 'SIGTERM') : undefined)));
    await this.killRedis();
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  await exited;
  clearTimeout(timer);
}
