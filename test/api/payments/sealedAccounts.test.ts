/**
 * Bank account numbers are sealed at rest (api/payments/sealed.ts, dataKeys.ts): a payout's
 * number is in no file of the data directory, only its last four digits; the sandbox's scenarios
 * and the operator still read the whole number with the data key, after a restart too; a sealed
 * value opens only for its own payout and with a key that sealed it (a previous key after a
 * rotation); the key never shows in JSON, inspect or a configuration error; the embedded key file
 * is owner-only and shared by processes starting together.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { loadConfig } from '../../../api/config.js';
import { DATA_KEY_FILE, DataKey, dataKeys, keyFileKey, parseDataKey } from '../../../api/payments/dataKeys.js';
import { isSealed, seal, unseal } from '../../../api/payments/sealed.js';
import { PAYOUT_PENDING_MS, PAYOUT_PROCESSING_MS, TEST_BANK_ACCOUNTS } from '../../../api/payments/sandbox.js';
import { createTestMerchant, pay, payoutBody, startPaymentsServer, topUp, type PaymentsServer } from '../../support/payments.js';

const newKey = () => new DataKey(randomBytes(32));
const CONTEXT = 'payout:po_1:bank_account.account_number';

/** Every file under dir, whole. */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [readFileSync(join(dir, e.name))]));
}

describe('payments: bank account numbers sealed at rest', function () {
  this.timeout(60_000);

  it('seals with AES-256-GCM bound to its payout: opens for it, not for another, not altered, not with another key', () => {
    const keys = dataKeys(newKey());
    const sealed = seal(keys, 'DE89370400440532013000', CONTEXT);
    expect(isSealed(sealed)).to.equal(true);
    expect(sealed).to.match(/^sealed:v1:[0-9a-f]{12}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.to.include('DE89370400440532013000');
    expect(seal(keys, 'DE89370400440532013000', CONTEXT), 'a fresh nonce each time').not.to.equal(sealed);
    expect(unseal(keys, sealed, CONTEXT)).to.equal('DE89370400440532013000');
    expect(() => unseal(keys, sealed, 'payout:po_2:bank_account.account_number')).to.throw(/does not open: altered, or sealed for another record/);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => unseal(keys, sealed.slice(0, -2) + last + sealed.slice(-1), CONTEXT)).to.throw(/does not open/);
    expect(() => unseal(dataKeys(newKey()), sealed, CONTEXT)).to.throw(/names data key [0-9a-f]{12}, which is neither PAYMENTS_DATA_KEY nor one of PAYMENTS_DATA_KEYS_PREVIOUS/);
    expect(() => unseal(keys, 'sealed:v1:' + keys.current.id + ':x:y', CONTEXT)).to.throw(/malformed/);
    expect(unseal(keys, '000123456789', CONTEXT), 'a number stored before sealing is read as it is').to.equal('000123456789');
  });

  it('after a key rotation the previous key still opens what it sealed, and the new one seals', () => {
    const old = newKey();
    const sealedBefore = seal(dataKeys(old), '000123456789', CONTEXT);
    const rotated = dataKeys(newKey(), [old]);
    expect(unseal(rotated, sealedBefore, CONTEXT)).to.equal('000123456789');
    expect(seal(rotated, '000123456789', CONTEXT)).to.include(`:${rotated.current.id}:`);
  });

  it('a key never shows: JSON, inspect and configuration errors give its id or the problem, not its bytes', () => {
    const text = randomBytes(32).toString('base64');
    const key = parseDataKey(text) as DataKey;
    expect(key).to.be.instanceOf(DataKey);
    const hex = key.bytes.toString('hex');
    for (const shown of [JSON.stringify({ key }), inspect({ key }), String(JSON.stringify(loadConfig({ PAYMENTS_DATA_KEY: text })))]) {
      expect(shown).not.to.include(text);
      expect(shown).not.to.include(hex);
    }
    expect(JSON.stringify({ key })).to.include(key.id);
    expect(parseDataKey('c2hvcnQ=')).to.match(/is 5 bytes, not 32/);
    expect(parseDataKey('not base64!')).to.equal('is not base64');
    const bad = 'A'.repeat(40);
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };
    expect(problem({ PAYMENTS_DATA_KEY: bad })).to.match(/PAYMENTS_DATA_KEY is 30 bytes, not 32/).and.not.to.include(bad);
    expect(() => loadConfig({ PAYMENTS_DATA_KEYS_PREVIOUS: `${text},short` })).to.throw(/PAYMENTS_DATA_KEYS_PREVIOUS entry 2 is not base64|PAYMENTS_DATA_KEYS_PREVIOUS entry 2 is \d+ bytes/);
    expect(() => loadConfig({ MONGODB_URL: 'mongodb://db:27017/engcalc' })).to.throw(/MONGODB_URL needs PAYMENTS_DATA_KEY/);
    expect(loadConfig({ MONGODB_URL: 'mongodb://db:27017/engcalc', PAYMENTS_DATA_KEY: text }).paymentsDataKey?.id).to.equal(key.id);
  });

  it('the embedded key file is made once, owner-only, and processes starting together agree on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engcalc-datakey-'));
    try {
      const module = new URL('../../../api/payments/dataKeys.js', import.meta.url).href;
      const ids = await Promise.all(
        Array.from({ length: 6 }, () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', `const { keyFileKey } = await import(${JSON.stringify(module)}); process.stdout.write(keyFileKey(${JSON.stringify(dir)}).id);`], { stdio: ['ignore', 'pipe', 'inherit'] });
            let out = '';
            child.stdout.on('data', (d) => (out += d));
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
          }),
        ),
      );
      expect(new Set(ids).size, ids.join(' ')).to.equal(1);
      expect(keyFileKey(dir).id).to.equal(ids[0]);
      expect(statSync(join(dir, DATA_KEY_FILE)).mode & 0o777).to.equal(0o600);
      expect(readdirSync(dir), 'no draft left behind').to.deep.equal([DATA_KEY_FILE]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('through the API, on LMDB', () => {
    let server: PaymentsServer | undefined;
    after(async () => {
      await server?.stop();
    });

    it("a payout's number is in no file of the data directory; after a restart its sandbox scenario still plays out (the number unsealed)", async () => {
      server = await startPaymentsServer();
      const m = await createTestMerchant(server);
      await topUp(server, m.sandbox, 10_000);
      const account = TEST_BANK_ACCOUNTS.find((a) => a.outcome === 'failed')!;
      const body = { ...payoutBody(account.accountNumber, 500), bank_account: { account_holder_name: 'Sealed Holder Ltd', country: 'DE', account_number: account.accountNumber } };
      const res = await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.bank_account.last4).to.equal(account.accountNumber.slice(-4));
      const stored = await server.store.payments.objects.find('payout', res.body.id);
      expect(isSealed(stored!.bankAccount.accountNumber)).to.equal(true);
      const dataDir = server.dataDir;
      await server.stop({ keepData: true });
      server = undefined;
      const bytes = Buffer.concat(filesUnder(dataDir));
      expect(bytes.includes(Buffer.from('Sealed Holder Ltd')), 'the scan reads plain text where there is some').to.equal(true);
      expect(bytes.includes(Buffer.from(account.accountNumber)), 'the account number in a file').to.equal(false);

      server = await startPaymentsServer({ dataDir });
      server.clock.advance(PAYOUT_PENDING_MS);
      await server.tick();
      server.clock.advance(PAYOUT_PROCESSING_MS);
      await server.tick();
      const settled = await pay(server, `/v1/payouts/${res.body.id}`, { key: m.sandbox });
      expect(settled.body).to.include({ status: 'failed', failure_code: account.failureCode });
    });
  });
});
