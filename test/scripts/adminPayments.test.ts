/**
 * The admin CLI's payments commands, run as an operator runs them (a real process on a real
 * DATA_DIR): merchants, keys (shown once, roll with grace or now, allowlist, revoke), sandbox
 * top-ups (refused in live), the rate table, and the live rail (payin receive/fail, payout mark).
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../support/processes.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import { hashKey } from '../../api/accounts/keyValue.js';
import { dataKeys, keyFileKey } from '../../api/payments/dataKeys.js';

describe('admin CLI: payments commands', function () {
  // Each test runs up to ~15 CLI processes, each a node start and a store open: ~1 s of CPU, and
  // seconds of wall time on a busy machine (3 s each at load 13 measured), past mocha's 30 s.
  this.timeout(180_000);
  let dataDir: string;
  const admin = (...args: string[]) => runNode('scripts/admin.js', args, { DATA_DIR: dataDir });
  const json = async (...args: string[]) => {
    const out = await admin(...args);
    expect(out.code, `${args.join(' ')}: ${out.stderr}`).to.equal(0);
    return JSON.parse(out.stdout);
  };
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-admin-pay-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a merchant and keys (value shown once, stored as SHA-256), rolls, allowlists and revokes them', async () => {
    const { merchant } = await json('merchant', 'create', '--name', 'Acme Shop');
    expect(merchant.id).to.match(/^mch_[0-9A-Z]{26}$/);
    const sand = await json('merchant', 'key', 'create', '--merchant', merchant.id, '--environment', 'sandbox');
    expect(sand.value).to.match(/^sk_sand_[A-Za-z0-9_-]{43}$/);
    expect(sand.key).to.include({ environment: 'sandbox', state: 'active', prefix: sand.value.slice(0, 14) });
    const live = await json('merchant', 'key', 'create', '--merchant', merchant.id, '--environment', 'live', '--allow-ip', '203.0.113.0/24', '--allow-ip', '2001:db8::1');
    expect(live.value).to.match(/^sk_live_/);
    expect(live.key.allowlist).to.deep.equal(['203.0.113.0/24', '2001:db8::1']);

    const listed = await admin('merchant', 'key', 'list', '--merchant', merchant.id);
    expect(listed.stdout).not.to.include(sand.value).and.not.to.include(live.value);
    expect(JSON.parse(listed.stdout).keys).to.have.length(2);

    const rolled = await json('merchant', 'key', 'roll', live.key.id);
    expect(rolled.value).to.match(/^sk_live_/).and.not.equal(live.value);
    expect(rolled.previous.state).to.equal('expiring');
    expect(Date.parse(rolled.previous.expires_at) - Date.now()).to.be.within(29 * 60_000, 30 * 60_000);
    expect(rolled.key.allowlist, 'the allowlist carries over').to.deep.equal(live.key.allowlist);
    const now = await json('merchant', 'key', 'roll', rolled.key.id, '--now');
    expect(now.previous.state).to.equal('expired');

    const allow = await json('merchant', 'key', 'allowlist', now.key.id, '--ip', '198.51.100.0/24');
    expect(allow.key.allowlist).to.deep.equal(['198.51.100.0/24']);
    const bad = await admin('merchant', 'key', 'allowlist', now.key.id, '--ip', '999.1.1.1');
    expect(bad.code).to.equal(1);
    expect(JSON.parse(bad.stderr).error.code).to.equal('validation_failed');
    expect((await json('merchant', 'key', 'allowlist', sand.key.id, '--ip', '10.0.0.1')).note).to.match(/ignore/);
    expect((await json('merchant', 'key', 'revoke', sand.key.id)).key.state).to.equal('revoked');

    const store = openLmdbStore({ path: dataDir });
    try {
      const record = await store.payments.keys.get(live.key.id);
      expect(record?.hash).to.equal(hashKey(live.value));
      expect(JSON.stringify(record)).not.to.include(live.value);
    } finally {
      await store.close();
    }
  });

  it('tops up sandbox balances only; sets and lists rates; refuses bad arguments with exit 2', async () => {
    const { merchant } = await json('merchant', 'create', '--name', 'Rates Co');
    const top = await json('merchant', 'topup', '--merchant', merchant.id, '--environment', 'sandbox', '--currency', 'EUR', '--amount', '50000');
    expect(top.top_up).to.include({ amount: 50000, currency: 'EUR', source: 'operator' });
    expect(top.balances).to.deep.equal([{ currency: 'EUR', available: 50000, pending: 0, reserved: 0 }]);
    const liveTop = await admin('merchant', 'topup', '--merchant', merchant.id, '--environment', 'live', '--currency', 'EUR', '--amount', '1');
    expect(liveTop.code).to.equal(1);
    expect(JSON.parse(liveTop.stderr).error.code).to.equal('forbidden');
    expect((await admin('merchant', 'topup', '--merchant', merchant.id, '--environment', 'sandbox', '--currency', 'EUR', '--amount', '1.5')).code).to.equal(2);

    const { rate } = await json('rate', 'set', '--from', 'EUR', '--to', 'USD', '--mid', '1.0825', '--markup-bps', '50');
    expect(rate).to.deep.include({ from: 'EUR', to: 'USD', mid_market_rate: '1.0825', markup_bps: 50, rate: '1.0770875' });
    expect((await json('rate', 'list')).rates).to.have.length(1);
    const badRate = await admin('rate', 'set', '--from', 'EUR', '--to', 'USD', '--mid', '1,08');
    expect(badRate.code).to.equal(1);
    expect(JSON.parse(badRate.stderr).error.details.fields).to.have.property('mid');
    expect((await admin('merchant', 'key', 'create', '--merchant', merchant.id, '--environment', 'production')).code).to.equal(2);
    expect((await admin('merchant', 'key', 'explode')).code).to.equal(2);
  });

  it('records what the bank did with live objects: payin receive / fail and payout mark; invalid changes exit 1 (invalid_transition)', async () => {
    const { merchant } = await json('merchant', 'create', '--name', 'Live Co');
    const scope = { merchantId: merchant.id, environment: 'live' as const };
    const store = openLmdbStore({ path: dataDir });
    const { createPayin } = await import('../../api/payments/payins.js');
    const { createPayout } = await import('../../api/payments/payouts.js');
    // The CLI's key: the data directory's key file, which this process shares with it.
    const ctx = { store: store.payments, now: Date.now, notify: () => undefined, dataKeys: dataKeys(keyFileKey(dataDir)) };
    let payinId: string, failedId: string;
    try {
      payinId = (await createPayin(ctx, scope, { amount: 20_000, currency: 'EUR', payment_method: { type: 'bank_transfer' } }, 'k1')).payin.id;
      failedId = (await createPayin(ctx, scope, { amount: 5, currency: 'EUR', payment_method: { type: 'card', token: 'tok_live_1234abcd' } }, 'k2')).payin.id;
    } finally {
      await store.close();
    }
    expect((await json('payin', 'receive', payinId)).payin.status).to.equal('succeeded');
    const again = await admin('payin', 'receive', payinId);
    expect(again.code).to.equal(1);
    expect(JSON.parse(again.stderr).error.code).to.equal('invalid_transition');
    expect((await json('payin', 'fail', failedId, '--code', 'card_declined')).payin).to.include({ status: 'failed', failure_code: 'card_declined' });
    expect((await json('merchant', 'balances', '--merchant', merchant.id, '--environment', 'live')).balances).to.deep.equal([{ currency: 'EUR', available: 20_000, pending: 0, reserved: 0 }]);

    const store2 = openLmdbStore({ path: dataDir });
    let payoutId: string;
    try {
      payoutId = (await createPayout({ store: store2.payments, now: Date.now, notify: () => undefined, dataKeys: dataKeys(keyFileKey(dataDir)) }, scope, { amount: 10_000, currency: 'EUR', bank_account: { account_holder_name: 'Live Co', country: 'DE', account_number: 'DE89370400440532013000' } }, 'k3')).payout.id;
    } finally {
      await store2.close();
    }
    const shown = await json('payout', 'show', payoutId);
    expect(shown.payout.bank_account.account_number, 'the operator sees where to send it').to.equal('DE89370400440532013000');
    expect((await json('payout', 'mark', payoutId, 'paid')).payout.status).to.equal('paid');
    expect((await json('merchant', 'balances', '--merchant', merchant.id, '--environment', 'live')).balances[0]).to.include({ available: 9_975, reserved: 0 });
    const returned = await json('payout', 'mark', payoutId, 'returned', '--code', 'account_closed');
    expect(returned.payout).to.include({ status: 'returned', failure_code: 'account_closed' });
    expect((await json('merchant', 'balances', '--merchant', merchant.id, '--environment', 'live')).balances[0]).to.include({ available: 19_975 });
    expect((await admin('payout', 'mark', payoutId, 'sent')).code).to.equal(2);
    expect((await admin('payout', 'mark', payoutId, 'paid')).code).to.equal(1);
  });

  it('payouts reseal: after a key rotation, seals every number under the new key (dry run first); the new key alone then shows it', async () => {
    const { merchant } = await json('merchant', 'create', '--name', 'Rotate Co');
    const scope = { merchantId: merchant.id, environment: 'sandbox' as const };
    const store = openLmdbStore({ path: dataDir });
    const { createPayout } = await import('../../api/payments/payouts.js');
    const { topUp } = await import('../../api/payments/balances.js');
    const oldKey = keyFileKey(dataDir); // what sealed them: the data directory's key file
    const ctx = { store: store.payments, now: Date.now, notify: () => undefined, dataKeys: dataKeys(oldKey) };
    let payoutId: string;
    try {
      await topUp(ctx, scope, { currency: 'EUR', amount: 5_000 }, null, 'operator');
      payoutId = (await createPayout(ctx, scope, { amount: 500, currency: 'EUR', bank_account: { account_holder_name: 'Rotate Co', country: 'NL', account_number: 'NL91ABNA0417164300' } }, 'k-rotate')).payout.id;
    } finally {
      await store.close();
    }
    const newKey = randomBytes(32).toString('base64');
    const rotated = { DATA_DIR: dataDir, PAYMENTS_DATA_KEY: newKey, PAYMENTS_DATA_KEYS_PREVIOUS: oldKey.bytes.toString('base64') };
    const run = async (env: Record<string, string>, ...args: string[]) => {
      const out = await runNode('scripts/admin.js', args, env);
      expect(out.code, `${args.join(' ')}: ${out.stderr}`).to.equal(0);
      expect(out.stdout + out.stderr).not.to.include(newKey);
      return JSON.parse(out.stdout);
    };
    const dry = (await run(rotated, 'payouts', 'reseal', '--dry-run')).reseal;
    expect(dry).to.include({ dryRun: true, sealedFromPlain: 0, current: 0 });
    expect(dry.resealed).to.be.greaterThan(0);
    const done = (await run(rotated, 'payouts', 'reseal')).reseal;
    expect(done).to.deep.include({ dryRun: false, resealed: dry.resealed, failed: [] });
    expect((await run(rotated, 'payouts', 'reseal')).reseal).to.include({ resealed: 0, current: done.scanned });
    const onlyNew = { DATA_DIR: dataDir, PAYMENTS_DATA_KEY: newKey };
    expect((await run(onlyNew, 'payout', 'show', payoutId)).payout.bank_account.account_number).to.equal('NL91ABNA0417164300');
  });

  it('a number stored in plain text is sealed by payouts reseal, and a compacted store backup holds it nowhere; the backup opens as a store', async () => {
    // A data directory of its own: the test before re-sealed this one's payouts under another key.
    const own = mkdtempSync(join(tmpdir(), 'engcalc-admin-legacy-'));
    const admin = (...args: string[]) => runNode('scripts/admin.js', args, { DATA_DIR: own });
    const json = async (...args: string[]) => {
      const out = await admin(...args);
      expect(out.code, `${args.join(' ')}: ${out.stderr}`).to.equal(0);
      return JSON.parse(out.stdout);
    };
    const { merchant } = await json('merchant', 'create', '--name', 'Legacy Co');
    const scope = { merchantId: merchant.id, environment: 'sandbox' as const };
    const plain = 'FR1420041010050500013M02606';
    let store = openLmdbStore({ path: own });
    const { createPayout, accountNumber } = await import('../../api/payments/payouts.js');
    const { topUp } = await import('../../api/payments/balances.js');
    const ctx = { store: store.payments, now: Date.now, notify: () => undefined, dataKeys: dataKeys(keyFileKey(own)) };
    let payoutId: string;
    try {
      await topUp(ctx, scope, { currency: 'EUR', amount: 5_000 }, null, 'operator');
      const p = (await createPayout(ctx, scope, { amount: 700, currency: 'EUR', bank_account: { account_holder_name: 'Legacy Co', country: 'FR', account_number: plain } }, 'k-legacy')).payout;
      payoutId = p.id;
      // As stored before sealing existed
      const legacy = { ...p, version: p.version + 1, bankAccount: { ...p.bankAccount, accountNumber: plain } };
      expect((await store.payments.objects.transition('payout', scope, p.id, p.version, legacy, { movements: [], events: [] })).status).to.equal('done');
    } finally {
      await store.close();
    }
    const report = (await json('payouts', 'reseal')).reseal;
    expect(report.sealedFromPlain).to.equal(1);
    expect(report.failed).to.deep.equal([]);

    const backups = mkdtempSync(join(tmpdir(), 'engcalc-backup-'));
    try {
      const copy = join(backups, 'compact');
      const out = await json('store', 'backup', copy, '--compact');
      expect(out.backup).to.include({ directory: copy, compact: true });
      expect(out.backup.bytes).to.be.greaterThan(0);
      expect(out.note).to.match(/payments-data\.key or PAYMENTS_DATA_KEY\) is not in it/);
      expect(readdirSync(copy)).to.deep.equal(['data.mdb']);
      expect(readFileSync(join(copy, 'data.mdb')).includes(Buffer.from(plain)), 'the plain number in the compacted copy').to.equal(false);
      expect(readFileSync(join(copy, 'data.mdb')).includes(Buffer.from('Legacy Co')), 'the scan finds plain text where there is some').to.equal(true);

      store = openLmdbStore({ path: copy });
      try {
        const restored = await store.payments.objects.find('payout', payoutId);
        expect(accountNumber({ ...ctx, store: store.payments }, restored!)).to.equal(plain);
        expect((await store.payments.merchants.get(merchant.id))?.name).to.equal('Legacy Co');
      } finally {
        await store.close();
      }
      expect((await json('store', 'backup', join(backups, 'full'))).backup.compact).to.equal(false);
      const busy = await admin('store', 'backup', copy);
      expect(busy.code).to.equal(2);
      expect(busy.stderr).to.match(/is not empty/);
      expect((await admin('store', 'backup')).code).to.equal(2);
    } finally {
      rmSync(backups, { recursive: true, force: true });
      rmSync(own, { recursive: true, force: true });
    }
  });
});
