/**
 * One load run with autocannon (programmatic API) against one POST path, rotating API keys so each
 * key carries at most REQUESTS_PER_KEY requests. The run ends after `duration` seconds or after
 * `maxRequests` responses (the capacity of the keys it was given), whichever comes first; a run cut
 * short by the cap is flagged, never stretched with reused keys.
 *
 * calls/s counts only 2xx responses; everything else is kept per status code so the report can
 * say so. Latency percentiles are computed from every 2xx response time (autocannon's histogram
 * keeps whole milliseconds only).
 */
import autocannon from 'autocannon';
import { REQUESTS_PER_KEY } from './accounts.js';
import type { CpuPerCall } from './cpu.js';
import { percentiles, Samples } from './stats.js';

export interface LoadSpec {
  url: string;
  path: string;
  body: string;
  connections: number;
  durationS: number;
  /** Bearer keys to rotate; null for the floor (no auth; a fixed header keeps the request the same size). */
  keys: string[] | null;
  /** Requests per second, evenly spaced (paced.ts runs these); unset: as fast as answered. */
  overallRate?: number;
}

export interface RunResult {
  callsPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  meanMs: number | null;
  requests: number;
  ok2xx: number;
  non2xx: number;
  /** Responses per status code, e.g. {"200": 5000, "429": 3}. */
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationS: number;
  /** True when the run ended because its keys' budget was used up (before or right at `durationS`). */
  capped: boolean;
  keysGiven: number;
  /** CPU of the server processes per answered call over the run (cpu.ts); absent where /proc is not readable. */
  cpu?: CpuPerCall;
  /**
   * Paced runs: requests waiting in the client for a connection when the measured window began
   * (0 when the client kept its schedule through the warm-up; more: its own backlog is in the
   * percentiles, paced.ts PACED_WARMUP_S).
   */
  clientQueuedAtStart?: number;
  /** autocannon's own summary, for the JSON (latency in whole ms); absent for paced runs (paced.ts). */
  autocannon?: { requestsPerSecAvg: number; latencyP50: number; latencyP99: number; latencyMax: number };
}

const FLOOR_HEADER = 'Bearer floor-no-auth-floor-no-auth-floor-no-auth-floor';

export function runLoad(spec: LoadSpec): Promise<RunResult> {
  const maxRequests = spec.keys ? spec.keys.length * REQUESTS_PER_KEY : 0;
  if (spec.keys && maxRequests < spec.connections) throw new Error(`${spec.keys.length} keys cannot feed ${spec.connections} connections`);
  let sent = 0;
  const keys = spec.keys;
  // Called by autocannon for every request it builds: key i carries requests
  // i*REQUESTS_PER_KEY .. (i+1)*REQUESTS_PER_KEY-1. autocannon may build a few more requests than
  // it sends (one per connection at the end); those spread over all keys, within the headroom.
  const authFor = (): string => {
    if (!keys) return FLOOR_HEADER;
    const i = sent++;
    const k = i < maxRequests ? Math.floor(i / REQUESTS_PER_KEY) : (i - maxRequests) % keys.length;
    return `Bearer ${keys[k]}`;
  };
  const latencies = new Samples();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.durationS,
        // Each connection stops after its share; the run ends when all have (or at `duration`).
        ...(maxRequests ? { maxOverallRequests: maxRequests } : {}),
        timeout: 30,
        excludeErrorStats: true,
        requests: [
          {
            method: 'POST',
            path: spec.path,
            body: spec.body,
            setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', authorization: authFor() } }),
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        const lat = latencies.values();
        const [p50, p99] = percentiles(lat, [50, 99]);
        let sum = 0;
        for (const v of lat) sum += v;
        const statusCodes: Record<string, number> = {};
        for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = s.count ?? 0;
        const durationS = result.duration;
        resolve({
          callsPerSec: result['2xx'] / durationS,
          p50Ms: lat.length ? p50! : null,
          p99Ms: lat.length ? p99! : null,
          meanMs: lat.length ? sum / lat.length : null,
          requests: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
          ok2xx: result['2xx'],
          non2xx: result.non2xx,
          statusCodes,
          errors: result.errors,
          timeouts: result.timeouts,
          durationS,
          // Every request the keys allowed was made: the run ended on its budget, not its clock.
          capped: maxRequests > 0 && result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] + result.errors >= maxRequests,
          keysGiven: keys?.length ?? 0,
          autocannon: { requestsPerSecAvg: result.requests.average, latencyP50: result.latency.p50, latencyP99: result.latency.p99, latencyMax: result.latency.max },
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}
