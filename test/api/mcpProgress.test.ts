/**
 * MCP progress and cancellation (issue 16), embedded deployment, over real HTTP with the official
 * SDK client. The server runs a real one-thread pool whose thread can also hold a latch
 * (test/support/spinThread.ts): a call to pvt_gasProperties at the sentinel temperature of
 * 250 degF is run as `test.block`, so a test decides how long the "long calculation" lasts with
 * events, never with wall-clock margins. Every other call runs the real engine.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findDefinition } from '../../engine/catalogue.js';
import { createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { Latch } from '../support/latch.js';
import { progressReporter } from '../../api/mcp/progress.js';
import { setTimeout as delay } from 'node:timers/promises';
import { EnginePool } from '../../workers/pool.js';
import type { ChunkJob, EngineJob, EngineRunner, RunOptions } from '../../workers/runner.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
const SENTINEL_TF = 250;
/** pvt_gasProperties at this temperature runs as `test.steps`: 3 steps, each waiting until the test saw it. */
const STEPS_TF = 251;
const LONG_CALL = { psia: [2000], TF: SENTINEL_TF, gasSG: 0.7 };
const QUICK_CALL = { psia: [1000, 2000], TF: 180, gasSG: 0.7 };

/** A real pool; calls at the sentinel temperature hold their thread on the current latch. */
class LatchedRunner implements EngineRunner {
  latch = new Latch();
  stepsDir = '';
  constructor(readonly pool: EnginePool) {}
  run(job: EngineJob, options?: RunOptions) {
    const tf = job.input.TF;
    const at = (t: number) => job.name === 'pvt.gasProperties' && (tf === t || (Array.isArray(tf) && tf[0] === t));
    if (at(STEPS_TF)) return this.pool.run({ name: 'test.steps', input: { steps: 3, dir: this.stepsDir } }, options);
    return this.pool.run(at(SENTINEL_TF) ? { name: 'test.block', input: { latch: this.latch.buffer } } : job, options);
  }
  runChunk(job: ChunkJob, options?: RunOptions) {
    return this.pool.runChunk(job, options);
  }
  capacity() {
    return this.pool.capacity();
  }
  close() {
    return this.pool.close();
  }
}

async function connect(server: TestServer, key: string): Promise<Client> {
  const c = new Client({ name: 'progress-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), { requestInit: { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() } } }));
  return c;
}

describe('progress reporter (api/mcp/progress.ts)', () => {
  it('heartbeats stay below 1, so a first real step of 1 after them is sent, not dropped as not increasing', async () => {
    const sent: { progress: number; total?: number; message?: string }[] = [];
    const reporter = progressReporter('t', async (n) => void sent.push(n.params as (typeof sent)[number]), 20);
    try {
      while (sent.length < 3) await delay(10); // three heartbeats (the second of a call and later)
      reporter.report(1, 12, '1 of 12 steps');
      reporter.report(2, 12, '2 of 12 steps');
    } finally {
      reporter.stop();
    }
    const beats = sent.filter((n) => n.total === undefined);
    expect(beats.map((n) => n.progress)).to.deep.equal(beats.map((_, i) => (i + 1) / (i + 2)));
    expect(beats[0]!.message).to.match(/^running, \d+ s$/);
    expect(sent.filter((n) => n.total === 12).map((n) => [n.progress, n.message])).to.deep.equal([[1, '1 of 12 steps'], [2, '2 of 12 steps']]);
  });
});

describe('MCP progress and cancellation (issue 16), embedded', function () {
  this.timeout(60_000);
  let server: TestServer;
  let runner: LatchedRunner;
  let acct: TestAccount;
  let pool: EnginePool;

  before(async () => {
    // maxWaitMs 60 s: a call queued behind a thread that was not freed would wait past the test's timeout.
    pool = new EnginePool({ threads: 1, timeoutMs: 60_000, maxWaitMs: 60_000, maxQueue: 4, filename: spinThread });
    await pool.ready();
    runner = new LatchedRunner(pool);
    server = await startTestServer({ KEY_REQUESTS_PER_MINUTE: '100000' }, { runner });
    acct = await createAccount(server);
  });
  after(async () => server?.stop());
  beforeEach(() => {
    runner.latch = new Latch();
  });

  it('a call with a progress token answers as an SSE stream of progress notifications, then the result', async () => {
    const client = await connect(server, acct.key);
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'pvt_gasProperties', arguments: LONG_CALL }, undefined, {
      onprogress: (p) => {
        seen.push(p);
        if (seen.length === 2) runner.latch.release(); // two heartbeats seen: let the calculation end
      },
    });
    expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
    expect(result.structuredContent).to.include({ released: true });
    expect(seen.length).to.be.at.least(2);
    expect(seen[1]!.progress).to.be.greaterThan(seen[0]!.progress); // MCP: progress increases
    expect(seen[0]!.message).to.match(/^running, \d+ s$/);
    await client.close();
  });

  it('the steps an engine function counts on its thread arrive as progress with a total, increasing, then the result', async () => {
    runner.stepsDir = mkdtempSync(join(tmpdir(), 'engcalc-steps-'));
    try {
      const client = await connect(server, acct.key);
      const real: Progress[] = [];
      const result = await client.callTool({ name: 'pvt_gasProperties', arguments: { psia: [2000], TF: STEPS_TF, gasSG: 0.7 } }, undefined, {
        onprogress: (p) => {
          if (p.total === undefined) return; // a heartbeat
          real.push(p);
          writeFileSync(join(runner.stepsDir, `go-${p.progress / 10}`), ''); // seen: the thread takes its next step
        },
      });
      expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
      expect(result.structuredContent).to.deep.include({ steps: 3, listened: true });
      expect(real.map((p) => [p.progress, p.total])).to.deep.equal([
        [10, 30],
        [20, 30],
        [30, 30],
      ]);
      expect(real[0]!.message).to.equal('10 of 30 steps');
      await client.close();
    } finally {
      rmSync(runner.stepsDir, { recursive: true, force: true });
    }
  });

  it('the real phase envelope (run_function) reports its traced points, ending at the total, then the result', async () => {
    const def = findDefinition('eos.phaseEnvelope')!;
    const client = await connect(server, acct.key);
    const real: Progress[] = [];
    const result = await client.callTool(
      { name: 'run_function', arguments: { name: 'eos.phaseEnvelope', arguments: { ...(def.examples[0]!.input as object), maxPoints: 400, qualityLines: [0.25, 0.5, 0.75] }, maxPoints: 10 } },
      undefined,
      { onprogress: (p) => void (p.total !== undefined && real.push(p)) },
    );
    expect(result.isError ?? false, JSON.stringify(result).slice(0, 800)).to.equal(false);
    expect(real.length).to.be.at.least(1);
    for (const p of real) expect(p.total).to.equal(1600); // 4 curves x maxPoints
    for (let i = 1; i < real.length; i++) expect(real[i]!.progress).to.be.greaterThan(real[i - 1]!.progress);
    expect(real.at(-1)!.progress).to.equal(1600);
    await client.close();
  });

  it('submit_batch with wait reports the run\'s items done of total as progress', async () => {
    const client = await connect(server, acct.key);
    const real: Progress[] = [];
    const items = Array.from({ length: 6 }, (_, i) => ({ input: { psia: [1000 + 100 * i], TF: 180, gasSG: 0.7 } }));
    const result = await client.callTool({ name: 'submit_batch', arguments: { name: 'pvt.gasProperties', items, wait: 30 } }, undefined, {
      onprogress: (p) => void (p.total !== undefined && real.push(p)),
    });
    expect(result.isError ?? false, JSON.stringify(result).slice(0, 800)).to.equal(false);
    expect(result.structuredContent).to.deep.include({ status: 'succeeded', progress: { done: 6, total: 6 } });
    expect(real.length).to.be.at.least(1);
    for (const p of real) expect(p.total).to.equal(6);
    for (let i = 1; i < real.length; i++) expect(real[i]!.progress).to.be.greaterThan(real[i - 1]!.progress);
    expect(real.at(-1)).to.deep.include({ progress: 6, message: '6 of 6 items' });
    await client.close();
  });

  it('the raw answer to a call with a progress token is text/event-stream; without one, JSON', async () => {
    runner.latch.release(); // nothing held: the sentinel call ends at once
    const post = (meta: Record<string, unknown>) =>
      fetch(new URL('/v1/mcp', server.url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${acct.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-Forwarded-For': freshAddress(), 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'pvt_gasProperties', arguments: QUICK_CALL, _meta: meta } }),
      });
    const streamed = await post({ progressToken: 'p1' });
    expect(streamed.status).to.equal(200);
    expect(streamed.headers.get('content-type')).to.match(/^text\/event-stream/);
    const events = (await streamed.text()).split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
    const answer = events.find((e) => e.id === 7);
    expect(answer.result.structuredContent.z).to.have.length(2);
    const plain = await post({});
    expect(plain.headers.get('content-type')).to.match(/^application\/json/);
    expect(((await plain.json()) as { result: { structuredContent: { z: number[] } } }).result.structuredContent.z).to.have.length(2);
  });

  it('notifications/cancelled stops the engine work: the next call on the 1-thread pool starts at once', async () => {
    const client = await connect(server, acct.key);
    const abort = new AbortController();
    const running = client.callTool({ name: 'pvt_gasProperties', arguments: LONG_CALL }, undefined, { signal: abort.signal, onprogress: () => undefined });
    await runner.latch.entered(); // the thread holds the call
    abort.abort('the user stopped it');
    await running.then(
      () => expect.fail('a canceled call resolves'),
      () => undefined,
    );
    // The latch is never released: only cancellation can free the pool's one thread.
    const next = await client.callTool({ name: 'pvt_gasProperties', arguments: QUICK_CALL });
    expect(next.isError ?? false, JSON.stringify(next)).to.equal(false);
    expect((next.structuredContent as { z: number[] }).z).to.have.length(2);
    expect(pool.stats().busy).to.equal(0);
    await client.close();
  });

  it('a cancellation from another key does not stop the call', async () => {
    const other = await createAccount(server, { companyName: 'Other Co' });
    const client = await connect(server, acct.key);
    const running = client.callTool({ name: 'pvt_gasProperties', arguments: LONG_CALL }, undefined, { onprogress: () => undefined });
    await runner.latch.entered();
    // The SDK numbers requests from 0: initialize was 0, this call is 1.
    const res = await fetch(new URL('/v1/mcp', server.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.key}`, 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress(), 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'not mine' } }),
    });
    expect(res.status).to.equal(202);
    runner.latch.release();
    const result = await running;
    expect(result.structuredContent).to.include({ released: true });
    await client.close();
  });

  it('a client that disconnects stops the engine work', async () => {
    const abort = new AbortController();
    const pending = fetch(new URL('/v1/mcp', server.url), {
      method: 'POST',
      signal: abort.signal,
      headers: { Authorization: `Bearer ${acct.key}`, 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': freshAddress(), 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'pvt_gasProperties', arguments: LONG_CALL } }),
    }).catch((e: Error) => e);
    await runner.latch.entered();
    abort.abort();
    expect(await pending).to.be.instanceOf(Error);
    const client = await connect(server, acct.key);
    const next = await client.callTool({ name: 'pvt_gasProperties', arguments: QUICK_CALL });
    expect((next.structuredContent as { z: number[] }).z).to.have.length(2);
    await client.close();
  });
});
