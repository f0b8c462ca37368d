/**
 * The admin CLI's payments commands, run as an operator runs them (a real process on a real
 * DATA_DIR): merchants, keys (shown once, roll with grace or now, allowlist, revoke), sandbox
 * top-ups (refused in live), the rate table, and the live rail (payin receive/fail, payout mark).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../support/processes.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import { hashKey } from '../../api/accounts/keyValue.js';
import { dataKeys, keyFileKey } from '../../api/payments/dataKeys.js';

describe('admin CLI: payments commands', () => {
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
});
