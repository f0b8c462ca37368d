/**
 * The chaos run's traffic: closed-loop clients, each sending one call at a time to a random web
 * node, with a client-side deadline (a call with no answer by then is "hung"). Every 200 is
 * compared with the result this process computes itself from the same body through the same
 * engine code (prepareCall -> executeDefinition -> presentResult): any difference is a wrong
 * result. Bodies come from a small fixed set per kind, so expected results are computed once.
 */
import { performance } from 'node:perf_hooks';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall, presentResult } from '../../engine/call.js';
import { executeDefinition } from '../../engine/execute.js';

export type Kind = 'light' | 'econ' | 'heavy' | 'large';

interface Body {
  fn: string;
  json: string;
  /** JSON of the expected `result` of a 200. */
  expected: string;
}

export interface Sample {
  kind: Kind;
  /** HTTP status, 'conn' (connection refused or reset: the node was down) or 'hung'. */
  status: number | 'conn' | 'hung';
  ms: number;
  wrong: boolean;
  code?: string;
  message?: string;
}

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

function expectedResult(fn: string, body: Record<string, unknown>, _timeLimited: boolean): string {
  const def = findDefinition(fn)!;
  const prepared = prepareCall(def, body);
  if (!prepared.ok) throw new Error(`chaos body for ${fn} is invalid: ${prepared.message}`);
  const out = executeDefinition(def, prepared.input, { units: prepared.units });
  if (!out.ok) throw new Error(`chaos body for ${fn} failed locally: ${out.message}`);
  return JSON.stringify(presentResult(def, out.result, out.warnings, prepared.units));
}

export function buildBodies(): Record<Kind, Body[]> {
  const r = rng(11);
  const light: Body[] = Array.from({ length: 40 }, () => {
    const body = { ppr: 0.5 + r() * 10, tpr: 1.1 + r() * 1.8 };
    return { fn: 'pvt.zFactor', json: JSON.stringify(body), expected: expectedResult('pvt.zFactor', body, false) };
  });
  const econ: Body[] = Array.from({ length: 40 }, () => {
    const n = 5 + Math.floor(r() * 40);
    const cashFlows = [-1000 - r() * 9000, ...Array.from({ length: n }, () => 50 + r() * 900)];
    const body = { cashFlows, discountRates: [0.08, 0.1 + r() * 0.1], discounting: 'end-period' };
    return { fn: 'econ.metrics', json: JSON.stringify(body), expected: expectedResult('econ.metrics', body, false) };
  });
  // 100 000 cash flows of random sign: a dense IRR scan of about a second, over the time limit.
  const heavyFlows = Array.from({ length: 100_000 }, () => (r() - 0.5) * 1000);
  const heavyBody = { cashFlows: heavyFlows, discountRates: [0.1], periodsPerYear: 12 };
  const heavy: Body[] = [{ fn: 'econ.metrics', json: JSON.stringify(heavyBody), expected: expectedResult('econ.metrics', heavyBody, false) }];
  // About 450 KB of JSON that computes fast: one investment, then 25 000 monthly inflows.
  const large: Body[] = Array.from({ length: 3 }, (_, k) => {
    const cashFlows = [-2_000_000 - k * 1000, ...Array.from({ length: 25_000 }, () => Math.round((100 + r() * 900) * 1e6) / 1e6)];
    const body = { cashFlows, discountRates: [0.1], periodsPerYear: 12 };
    return { fn: 'econ.metrics', json: JSON.stringify(body), expected: expectedResult('econ.metrics', body, false) };
  });
  return { light, econ, heavy, large };
}

export interface ClientPlan {
  kind: Kind;
  clients: number;
}

/**
 * Runs `plans` against `urls()` (read per call: nodes come and go) until `stopAt`; each call may
 * take up to `hungMs`. Resolves with every sample once the last call has finished.
 */
export async function runClients(plans: ClientPlan[], bodies: Record<Kind, Body[]>, urls: () => string[], key: string, stopAt: number, hungMs: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const r = rng(Date.now() % 2147483647 || 1);
  const loop = async (kind: Kind) => {
    while (Date.now() < stopAt) {
      const list = bodies[kind];
      const body = list[Math.floor(r() * list.length)]!;
      const all = urls();
      const url = all[Math.floor(r() * all.length)]!;
      samples.push(await one(url, key, kind, body, hungMs));
    }
  };
  await Promise.all(plans.flatMap((p) => Array.from({ length: p.clients }, () => loop(p.kind))));
  return samples;
}

async function one(url: string, key: string, kind: Kind, body: Body, hungMs: number): Promise<Sample> {
  const started = performance.now();
  const ms = () => Math.round((performance.now() - started) * 10) / 10;
  let res: Response;
  try {
    res = await fetch(`${url}/v1/engine/functions/${body.fn}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body.json,
      signal: AbortSignal.timeout(hungMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError') return { kind, status: 'hung', ms: ms(), wrong: false };
    // The node was down or went down: a load balancer sends the retry elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { kind, status: 'conn', ms: ms(), wrong: false, message: e.cause?.code ?? e.message };
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    return { kind, status: 'conn', ms: ms(), wrong: false, message: 'body cut off' };
  }
  const sample: Sample = { kind, status: res.status, ms: ms(), wrong: false };
  try {
    const parsed = JSON.parse(text) as { result?: unknown; error?: { code: string; message: string } };
    if (res.status === 200) sample.wrong = JSON.stringify(parsed.result) !== body.expected;
    else {
      sample.code = parsed.error?.code;
      sample.message = parsed.error?.message;
      // Only the statuses of the table are right: 422 (time limit), 429, 503.
      if (![422, 429, 503].includes(res.status)) sample.wrong = true;
      if (res.status === 422 && kind !== 'heavy') sample.wrong = true;
    }
  } catch {
    sample.wrong = true; // not JSON
  }
  return sample;
}
