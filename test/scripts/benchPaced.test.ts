/**
 * The bench's paced client in a process of its own (scripts/bench/pacedClient.ts, started by
 * runPacedApart): against a real HTTP server on an ephemeral port, it sends the requests its
 * rate and duration call for (after its warm-up, PACED_WARMUP_S, which is not counted), with the keys
 * rotated, and reports answers per status; a spec it cannot run fails the call with the child's
 * message. No timing is asserted.
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PACED_WARMUP_S, runPacedApart } from '../../scripts/bench/paced.js';
import { REQUESTS_PER_KEY } from '../../scripts/bench/accounts.js';

describe('scripts/bench/paced (the paced client, a process of its own)', function () {
  this.timeout(60_000);
  let server: Server;
  let url: string;
  const seen: { authorization: string | undefined; body: string }[] = [];
  let refused = '';
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d));
      req.on('end', () => {
        seen.push({ authorization: req.headers.authorization, body });
        // One key's requests refused (the last hundred, all measured), so the report has two statuses to count.
        res.statusCode = req.headers.authorization === refused ? 429 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('sends rate x (PACED_WARMUP_S warm-up + duration) requests with the body and rotated keys, and counts the answers it measured by status', async () => {
    seen.length = 0;
    // 100 a second: the warm-up's keys, then k(w) answered 200 and k(w+1) refused, one second each.
    const w = PACED_WARMUP_S;
    const keys = Array.from({ length: w + 2 }, (_, i) => `k${i}`);
    refused = `Bearer k${w + 1}`;
    const r = await runPacedApart({ url, path: '/v1/engine/functions/x', body: '{"a":1}', connections: 4, durationS: 2, keys, overallRate: 100 });
    expect(seen.length).to.equal(100 * (w + 2));
    expect(seen.every((s) => s.body === '{"a":1}')).to.equal(true);
    for (const k of keys) expect(seen.filter((s) => s.authorization === `Bearer ${k}`).length, k).to.equal(REQUESTS_PER_KEY);
    expect(r.requests).to.equal(200);
    expect(r.ok2xx + r.non2xx).to.equal(200);
    expect(r.statusCodes['200']).to.equal(r.ok2xx);
    expect(r.statusCodes['429']).to.equal(r.non2xx);
    expect(r.non2xx).to.equal(REQUESTS_PER_KEY); // the last key's
    expect(r.ok2xx).to.equal(REQUESTS_PER_KEY); // the one before; the others' were the warm-up
    expect(r.errors).to.equal(0);
    expect(r.clientQueuedAtStart).to.be.a('number').and.at.least(0);
    expect(r.p50Ms).to.be.a('number').and.greaterThan(0);
    expect(r.p99Ms).to.be.at.least(r.p50Ms!);
  });

  it('rejects with the client process\'s own message when the spec cannot run (keys too few for the requests)', async () => {
    const err = await runPacedApart({ url, path: '/x', body: '{}', connections: 2, durationS: 1, keys: ['only'], overallRate: 200 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).to.match(new RegExp(`paced client exited 1: .*1 keys cannot carry ${200 * (PACED_WARMUP_S + 1)} requests`));
  });
});
