/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate, whatever the answers
 * before it did, over keep-alive connections (at most `connections` at once), and its latency is
 * counted from the moment it was due, not from when a connection was free to send it (so a slow
 * answer cannot hide the wait of the requests queued behind it: no coordinated omission).
 *
 * Why not autocannon's `overallRate`: each of its connections sends as fast as answers come until
 * its share of the second is used up, then waits for the next second. At "half the peak rate"
 * that is the full peak for half of every second and nothing for the rest, so its percentiles are
 * those of a saturated server. Requests spaced evenly measure what a caller at that rate sees.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { trackChild } from './cleanup.js';
import { gcLaunchFlags } from '../../api/ops/gcTuning.js';
import { REQUESTS_PER_KEY } from './accounts.js';
import type { LoadSpec, RunResult } from './load.js';
import { percentiles, Samples } from './stats.js';

/** How often the scheduler wakes to send the requests that have come due. */
const TICK_MS = 1;
/**
 * Seconds of the same load sent first and not recorded: the client's own start (its JIT, the
 * connections it opens) otherwise shows as a tail in the percentiles (seen: p99 82 ms against
 * 4 ms for the same run repeated, on the bare floor server at 20% of its capacity). Three, not
 * one: at 4,400 calls/s a fresh client process fell behind its schedule in about one run in three
 * for up to 1.5 s (its requests waiting for a free connection while the server, traced, answered
 * every request it had received within 19 ms and had idle time), so with one second the backlog
 * reached the measured window as p99s of 200-480 ms (clientQueuedAtStart reports it if it does).
 */
export const PACED_WARMUP_S = 3;

/** The client process's entry (dist/scripts/bench/pacedClient.js beside this file). */
const CLIENT = fileURLToPath(new URL('./pacedClient.js', import.meta.url));

/** runPaced in a process of its own (./pacedClient.ts says why); rejects with its stderr when it fails. */
export function runPacedApart(spec: LoadSpec & { overallRate: number }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...gcLaunchFlags(process.env), CLIENT], { stdio: ['pipe', 'pipe', 'pipe'] });
    trackChild('paced client', child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`paced client exited ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out) as RunResult);
      } catch {
        reject(new Error(`paced client wrote no result: ${out.slice(0, 200)}`));
      }
    });
    child.stdin.end(JSON.stringify(spec));
  });
}

export async function runPaced(spec: LoadSpec & { overallRate: number }): Promise<RunResult> {
  const warmup = Math.round(spec.overallRate * PACED_WARMUP_S);
  const total = warmup + Math.max(1, Math.round(spec.overallRate * spec.durationS));
  const keys = spec.keys;
  if (keys && keys.length * REQUESTS_PER_KEY < total) throw new Error(`${keys.length} keys cannot carry ${total} requests`);
  const url = new URL(spec.path, spec.url);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const body = Buffer.from(spec.body);
  const latencies = new Samples();
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let answered = 0;
  const interval = 1000 / spec.overallRate;

  const send = (i: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const authorization = keys ? `Bearer ${keys[Math.floor(i / REQUESTS_PER_KEY)]}` : 'Bearer floor';
      const req = request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length, authorization } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (i >= warmup) {
              const status = res.statusCode ?? 0;
              statusCodes[status] = (statusCodes[status] ?? 0) + 1;
              if (status >= 200 && status < 300) latencies.push(performance.now() - dueAt);
              answered++;
            }
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        if (i >= warmup) errors++;
        resolve();
      });
      req.end(body);
    });

  const started = performance.now();
  let measuredFrom = started;
  let queuedAtStart = 0;
  const pending: Promise<void>[] = [];
  await new Promise<void>((done) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      for (let due = started + i * interval; i < total && due <= now; due = started + ++i * interval) {
        if (i === warmup) {
          measuredFrom = due;
          // Requests already due and still waiting for a connection: the client was behind its schedule.
          queuedAtStart = Object.values(agent.requests).reduce((n, q) => n + (q?.length ?? 0), 0);
        }
        pending.push(send(i, due));
      }
      if (i < total) setTimeout(tick, TICK_MS);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  const durationS = (performance.now() - measuredFrom) / 1000;
  agent.destroy();

  const lat = latencies.values();
  const [p50, p99] = percentiles(lat, [50, 99]);
  let sum = 0;
  for (const v of lat) sum += v;
  const ok2xx = lat.length;
  return {
    callsPerSec: ok2xx / durationS,
    p50Ms: ok2xx ? p50! : null,
    p99Ms: ok2xx ? p99! : null,
    meanMs: ok2xx ? sum / ok2xx : null,
    requests: answered,
    ok2xx,
    non2xx: answered - ok2xx,
    statusCodes,
    errors,
    timeouts: 0,
    durationS,
    capped: false,
    keysGiven: keys?.length ?? 0,
    clientQueuedAtStart: queuedAtStart,
  };
}
