/**
 * The real `web` entry point on an empty DATA_DIR: prints a working demo key once, never again,
 * and the key value appears nowhere in DATA_DIR or in the log lines.
 */
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { spawnServer } from '../support/processes.js';
import { call } from '../support/server.js';
import { PERMISSIONS } from '../../store/model.js';

describe('first start (api/main.ts)', () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-first-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a working key once, never stores or logs it, and does not print it again on restart', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug' };
    const first = spawnServer(env);
    const url = await first.ready;
    await new Promise((r) => setTimeout(r, 100));
    const key = /eng_[A-Za-z0-9_-]{43}/.exec(first.stderr())?.[0];
    expect(key, first.output()).to.be.a('string');
    expect(first.stderr()).to.include(`curl -H "Authorization: Bearer ${key}"`);
    // stdout is the JSON log only: every line parses, none holds the key.
    for (const line of first.stdout().split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.to.throw();
    expect(first.stdout()).not.to.include(key!);

    const me = await call(url, '/v1/me', { key });
    expect(me.status).to.equal(200);
    expect(me.body.member.permissions).to.have.members([...PERMISSIONS]);
    expect(me.body.plan.apiAccess).to.equal(true);
    await call(url, '/v1/me?token=x', { key: key! + 'x' }); // a failed attempt is logged too
    expect(await first.stop()).to.equal(0);

    const logLines = first.output().split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).to.be.greaterThan(2);
    for (const line of logLines) expect(line).not.to.include(key!.slice(4));

    for (const file of walk(dataDir)) {
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(key!)), file).to.equal(false);
      expect(bytes.includes(Buffer.from(key!.slice(10))), file).to.equal(false);
    }

    const second = spawnServer(env);
    const url2 = await second.ready;
    expect((await call(url2, '/v1/me', { key })).status).to.equal(200);
    expect(await second.stop()).to.equal(0);
    expect(second.output()).not.to.match(/eng_[A-Za-z0-9_-]{43}/);
    expect(second.output()).not.to.include('First start');
  });
});

describe('first start that fails', () => {
  it('a start that cannot take its port does not use up the demo seed: the next start shows the key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'engcalc-first-fail-'));
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = String((blocker.address() as AddressInfo).port);
    try {
      const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info' };
      const failed = spawnServer({ ...env, PORT: taken });
      const code = await new Promise<number | null>((r) => failed.child.once('exit', (c) => r(c)));
      expect(code).to.not.equal(0);
      expect(failed.output()).not.to.match(/eng_[A-Za-z0-9_-]{43}/);

      const next = spawnServer({ ...env, PORT: '0' });
      const url = await next.ready;
      // stderr and stdout are separate pipes: the banner may arrive just after the log line.
      for (let i = 0; i < 200 && !/eng_[A-Za-z0-9_-]{43}/.test(next.stderr()); i++) await new Promise((r) => setTimeout(r, 25));
      const key = /eng_[A-Za-z0-9_-]{43}/.exec(next.stderr())?.[0];
      expect(key, next.output()).to.be.a('string');
      expect((await call(url, '/v1/me', { key })).status).to.equal(200);
      expect(await next.stop()).to.equal(0);
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
