/**
 * Re-sealing payouts' account numbers (api/payments/reseal.ts, `npm run admin -- payouts reseal`)
 * on LMDB in a temp dir: numbers stored in plain text before sealing and numbers sealed under a
 * previous key end up sealed under the current key, and open with it alone; a dry run writes
 * nothing; a second run finds everything current; a number no configured key opens is reported
 * and left; a payout changed while it is re-sealed keeps that change; other payouts' history
 * (status, version order, events) is untouched.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '../../../store/lmdb/index.js';
import type { Store } from '../../../store/ports.js';
import type { Payout, Scope } from '../../../store/payments/model.js';
import { DataKey, dataKeys, type DataKeys } from '../../../api/payments/dataKeys.js';
import type { PaymentsContext } from '../../../api/payments/core.js';
import { createMerchant } from '../../../api/payments/keys.js';
import { topUp } from '../../../api/payments/balances.js';
import { accountNumber, createPayout } from '../../../api/payments/payouts.js';
import { resealAccountNumbers } from '../../../api/payments/reseal.js';
import { sealedBy } from '../../../api/payments/sealed.js';
import { createEndpoint, webhookSecret } from '../../../api/payments/webhooks.js';

const newKey = () => new DataKey(randomBytes(32));
const NUMBERS = ['DE89370400440532013000', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606', 'NL91ABNA0417164300'];

describe('payments: re-sealing account numbers under the current data key', function () {
  this.timeout(60_000);
  let dir: string;
  let store: Store;
  let scope: Scope;
  const ctx = (keys: DataKeys): PaymentsContext => ({ store: store.payments, now: Date.now, notify: () => undefined, dataKeys: keys });
  const stored = async (id: string) => (await store.payments.objects.find('payout', id)) as Payout;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engcalc-reseal-'));
    store = openLmdbStore({ path: dir });
    const merchant = await createMerchant(store.payments, { name: 'Reseal Co' }, Date.now());
    scope = { merchantId: merchant.id, environment: 'sandbox' };
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function payout(keys: DataKeys, number: string, i: number): Promise<Payout> {
    await topUp(ctx(keys), scope, { currency: 'EUR', amount: 10_000 }, null, 'operator');
    return (await createPayout(ctx(keys), scope, { amount: 500, currency: 'EUR', bank_account: { account_holder_name: 'Holder', country: 'DE', account_number: number } }, `k${i}`)).payout;
  }

  /** A payout as stored before sealing existed: its number in plain text. */
  async function makeLegacy(p: Payout): Promise<void> {
    const next = { ...p, version: p.version + 1, bankAccount: { ...p.bankAccount, accountNumber: NUMBERS[0]! } };
    expect((await store.payments.objects.transition('payout', scope, p.id, p.version, next, { movements: [], events: [] })).status).to.equal('done');
  }

  it('seals plain numbers and those under a previous key; a dry run writes nothing; the current key alone then opens every one; a second run finds all current', async () => {
    const a = newKey();
    const b = newKey();
    const legacy = await payout(dataKeys(a), NUMBERS[0]!, 0);
    await makeLegacy(legacy);
    const underA = [await payout(dataKeys(a), NUMBERS[1]!, 1), await payout(dataKeys(a), NUMBERS[2]!, 2)];
    const underB = await payout(dataKeys(b), NUMBERS[3]!, 3);
    const rotated = dataKeys(b, [a]);
    const eventsBefore = (await store.payments.events.list(scope, { limit: 100, createdGte: '1970-01-01T00:00:00.000Z' })).length;

    const dry = await resealAccountNumbers(ctx(rotated), { dryRun: true });
    expect(dry).to.deep.equal({ scanned: 4, sealedFromPlain: 1, resealed: 2, current: 1, failed: [], dryRun: true, webhookSecrets: { scanned: 0, sealedFromPlain: 0, resealed: 0, current: 0, failed: [] } });
    expect((await stored(legacy.id)).bankAccount.accountNumber, 'a dry run writes nothing').to.equal(NUMBERS[0]);
    expect(sealedBy((await stored(underA[0]!.id)).bankAccount.accountNumber)).to.equal(a.id);

    const done = await resealAccountNumbers(ctx(rotated));
    expect(done).to.deep.equal({ scanned: 4, sealedFromPlain: 1, resealed: 2, current: 1, failed: [], dryRun: false, webhookSecrets: { scanned: 0, sealedFromPlain: 0, resealed: 0, current: 0, failed: [] } });
    const onlyB = ctx(dataKeys(b));
    for (const [p, number] of [[legacy, NUMBERS[0]], [underA[0], NUMBERS[1]], [underA[1], NUMBERS[2]], [underB, NUMBERS[3]]] as const) {
      const now = await stored(p!.id);
      expect(sealedBy(now.bankAccount.accountNumber), p!.id).to.equal(b.id);
      expect(accountNumber(onlyB, now), 'opens without the previous key').to.equal(number);
      expect(now).to.deep.include({ status: p!.status, updatedAt: p!.updatedAt, amount: 500 });
      expect(now.bankAccount.last4).to.equal(number!.slice(-4));
    }
    expect((await stored(underB.id)).version, 'a current one is not written').to.equal(underB.version);
    expect((await store.payments.events.list(scope, { limit: 100, createdGte: '1970-01-01T00:00:00.000Z' })).length, 'no event').to.equal(eventsBefore);

    expect(await resealAccountNumbers(ctx(rotated))).to.deep.include({ scanned: 4, sealedFromPlain: 0, resealed: 0, current: 4 });
  });

  it('webhook signing secrets: sealed when registered (the store holds no usable secret), one registered before sealing still signs, and reseal moves plain and previous-key secrets to the current key, keeping updatedAt', async () => {
    const a = newKey();
    const b = newKey();
    const fresh = await createEndpoint(ctx(dataKeys(a)), scope, { url: 'https://hooks.example.com/a' });
    const kept = (await store.payments.webhooks.getEndpoint(scope, fresh.id))!;
    expect(sealedBy(kept.secret)).to.equal(a.id);
    expect(kept.secret).to.not.include(fresh.secret.slice(6));
    expect(kept.secretPrefix).to.equal(fresh.secret.slice(0, 10));
    expect(webhookSecret(ctx(dataKeys(a)), kept)).to.equal(fresh.secret);
    // As stored before sealing: the secret in plain text, no prefix field.
    const legacySecret = `whsec_${randomBytes(32).toString('base64url')}`;
    const legacy = { ...kept, id: 'we_legacy0000000000000000', secret: legacySecret, secretPrefix: undefined, updatedAt: '2026-01-01T00:00:00.000Z' };
    await store.payments.webhooks.createEndpoint(legacy, 16);
    expect(webhookSecret(ctx(dataKeys(b, [a])), (await store.payments.webhooks.getEndpoint(scope, legacy.id))!)).to.equal(legacySecret);

    const report = await resealAccountNumbers(ctx(dataKeys(b, [a])));
    expect(report.webhookSecrets).to.deep.equal({ scanned: 2, sealedFromPlain: 1, resealed: 1, current: 0, failed: [] });
    const onlyB = ctx(dataKeys(b));
    for (const [id, secret] of [[fresh.id, fresh.secret], [legacy.id, legacySecret]] as const) {
      const now = (await store.payments.webhooks.getEndpoint(scope, id))!;
      expect(sealedBy(now.secret), id).to.equal(b.id);
      expect(webhookSecret(onlyB, now), 'opens without the previous key').to.equal(secret);
      expect(now.secretPrefix).to.equal(secret.slice(0, 10));
    }
    expect((await store.payments.webhooks.getEndpoint(scope, legacy.id))!.updatedAt).to.equal('2026-01-01T00:00:00.000Z');
    expect((await resealAccountNumbers(ctx(dataKeys(b)))).webhookSecrets).to.deep.include({ scanned: 2, current: 2 });
  });

  it('reports a number no configured key opens and leaves it as it is; re-seals the others', async () => {
    const gone = newKey();
    const b = newKey();
    const lost = await payout(dataKeys(gone), NUMBERS[1]!, 0);
    const fine = await payout(dataKeys(b), NUMBERS[2]!, 1);
    const report = await resealAccountNumbers(ctx(dataKeys(b)));
    expect(report).to.deep.include({ scanned: 2, current: 1, resealed: 0, sealedFromPlain: 0 });
    expect(report.failed).to.have.length(1);
    expect(report.failed[0]).to.deep.include({ id: lost.id });
    expect(report.failed[0]!.reason).to.match(new RegExp(`names data key ${gone.id}, which is neither PAYMENTS_DATA_KEY nor one of PAYMENTS_DATA_KEYS_PREVIOUS`));
    expect((await stored(lost.id)).bankAccount.accountNumber).to.equal(lost.bankAccount.accountNumber);
    expect(sealedBy((await stored(fine.id)).bankAccount.accountNumber)).to.equal(b.id);
  });

  it('a payout changed while it is re-sealed keeps the change, and is re-sealed on its new version', async () => {
    const a = newKey();
    const b = newKey();
    const p = await payout(dataKeys(a), NUMBERS[1]!, 0);
    const objects = store.payments.objects;
    const real = objects.transition.bind(objects);
    let interfered = false;
    // The first write of the re-seal meets a concurrent change (as the scheduler's would be).
    objects.transition = (async (kind, sc, id, expected, next, change) => {
      if (!interfered) {
        interfered = true;
        const current = (await objects.get('payout', sc, id)) as Payout;
        const changed = { ...current, version: current.version + 1, metadata: { note: 'changed meanwhile' } };
        expect((await real('payout', sc, id, current.version, changed, { movements: [], events: [] })).status).to.equal('done');
      }
      return real(kind, sc, id, expected, next, change);
    }) as typeof objects.transition;
    try {
      const report = await resealAccountNumbers(ctx(dataKeys(b, [a])));
      expect(report).to.deep.include({ scanned: 1, resealed: 1, failed: [] });
    } finally {
      objects.transition = real;
    }
    const now = await stored(p.id);
    expect(now.metadata).to.deep.equal({ note: 'changed meanwhile' });
    expect(now.version).to.equal(p.version + 2);
    expect(sealedBy(now.bankAccount.accountNumber)).to.equal(b.id);
    expect(accountNumber(ctx(dataKeys(b)), now)).to.equal(NUMBERS[1]);
  });
});
