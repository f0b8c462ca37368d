/**
 * The payments store contract: every adapter (LMDB always, MongoDB when MONGODB_URL is set) must
 * pass it. It holds the money rules of store/payments/ports.ts: atomic changes, no negative
 * balance, a reserve released once, scopes apart, idempotent creation, single-use quotes.
 */
import { expect } from 'chai';
import type { Store } from '../../../store/ports.js';
import { StoreConflict } from '../../../store/ports.js';
import { BalanceOutOfRange } from '../../../store/payments/ports.js';
import type { IdempotencyRecord, MerchantKey, ObjectBase, Payout, PaymentEvent, Quote, Scope, TopUp, WebhookDelivery, Conversion, Environment } from '../../../store/payments/model.js';

export type OpenStore = () => Promise<{ store: Store; cleanup: () => Promise<void> }>;

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
let seq = 0;
/** Time-ordered ids for the tests (the API makes real ones in api/payments/ids.ts). */
const id = (prefix: string) => `${prefix}_${String(++seq).padStart(8, '0')}`;

const base = (scope: Scope, prefix: string, extra: Partial<ObjectBase> = {}): ObjectBase => ({
  id: id(prefix), merchantId: scope.merchantId, environment: scope.environment, status: 'x', version: 1,
  createdAt: iso(T0 + seq), updatedAt: iso(T0 + seq), metadata: {}, idempotencyKey: null, nextAction: null, ...extra,
});
const topUp = (scope: Scope, amount: number, currency = 'EUR', extra: Partial<ObjectBase> = {}): TopUp => ({ ...base(scope, 'topup', extra), status: 'succeeded', currency, amount, source: 'api' });
const payout = (scope: Scope, amount: number, fee = 0, extra: Partial<ObjectBase> = {}): Payout => ({
  ...base(scope, 'payout', extra), status: 'pending', amount, fee, currency: 'EUR', description: null, failureCode: null, failureMessage: null, scenario: null, paidAt: null, returnedAt: null,
  bankAccount: { holderName: 'A', country: 'DE', accountNumber: 'DE89370400440532013000', routingNumber: null, last4: '3000' },
});
const event = (scope: Scope, type: string, objectId: string, at = T0): PaymentEvent => ({ id: id('evt'), merchantId: scope.merchantId, environment: scope.environment, type, objectId, createdAt: iso(at), data: { id: objectId } });
const quote = (scope: Scope, sell: number, buy: number, expiresAt: number): Quote => ({
  ...base(scope, 'quote'), status: 'open', sellCurrency: 'EUR', buyCurrency: 'USD', sellAmount: sell, buyAmount: buy, rate: '1.08', midMarketRate: '1.085', markupBps: 46, fee: 0, expiresAt: iso(expiresAt), usedBy: null,
});
const conversion = (scope: Scope, q: Quote, idempotencyKey: string | null = null): Conversion => ({
  ...base(scope, 'conv', { idempotencyKey }), status: 'completed', quoteId: q.id, sellCurrency: q.sellCurrency, buyCurrency: q.buyCurrency, sellAmount: q.sellAmount, buyAmount: q.buyAmount, rate: q.rate, fee: q.fee,
});
const convertChange = (q: Quote) => ({ movements: [{ currency: 'EUR', available: -q.sellAmount }, { currency: 'USD', available: q.buyAmount }], events: [] });
const mkey = (merchantId: string, environment: Environment, extra: Partial<MerchantKey> = {}): MerchantKey => ({
  id: id('mkey'), merchantId, environment, prefix: 'sk_sand_abcdef', hash: `h-${seq}-${Math.random()}`, allowlist: [], createdAt: iso(T0), updatedAt: iso(T0),
  expiresAt: null, revokedAt: null, rolledFrom: null, rolledTo: null, lastUsedAt: null, ...extra,
});

export function paymentsStoreContract(name: string, open: OpenStore): void {
  describe(`payments store contract: ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    const sand: Scope = { merchantId: 'mch_a', environment: 'sandbox' };
    const live: Scope = { merchantId: 'mch_a', environment: 'live' };
    const other: Scope = { merchantId: 'mch_b', environment: 'sandbox' };
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());
    const p = () => store.payments;
    const fund = async (scope: Scope, amount: number, currency = 'EUR') => {
      const t = topUp(scope, amount, currency);
      expect((await p().objects.create('top_up', t, { movements: [{ currency, available: amount }], events: [] })).status).to.equal('created');
    };
    const balance = async (scope: Scope, currency = 'EUR') => (await p().objects.balances(scope)).find((b) => b.currency === currency) ?? { available: 0, pending: 0, reserved: 0 };

    it('merchants: create, read, list; a duplicate id conflicts', async () => {
      await p().merchants.create({ id: 'mch_a', name: 'A', createdAt: iso(T0), updatedAt: iso(T0) });
      expect((await p().merchants.get('mch_a'))?.name).to.equal('A');
      expect((await p().merchants.list()).map((m) => m.id)).to.deep.equal(['mch_a']);
      let err: unknown;
      await p().merchants.create({ id: 'mch_a', name: 'B', createdAt: iso(T0), updatedAt: iso(T0) }).catch((e) => (err = e));
      expect(err).to.be.instanceOf(StoreConflict);
    });

    it('keys: found by hash only; a roll is atomic and happens once; revoke and allowlist', async () => {
      const k = mkey('mch_a', 'live');
      await p().keys.insert(k, 25, T0);
      expect((await p().keys.findByHash(k.hash))?.id).to.equal(k.id);
      expect(await p().keys.findByHash('nope')).to.equal(undefined);
      const successor = mkey('mch_a', 'live', { rolledFrom: k.id });
      const rolled = await p().keys.roll(k.id, successor, iso(T0 + 1_800_000), iso(T0));
      expect(rolled.status).to.equal('rolled');
      expect((await p().keys.get(k.id))).to.include({ expiresAt: iso(T0 + 1_800_000), rolledTo: successor.id });
      expect((await p().keys.roll(k.id, mkey('mch_a', 'live'), iso(T0), iso(T0))).status, 'a rolled key does not roll again').to.equal('not_active');
      expect((await p().keys.roll('mkey_none', mkey('mch_a', 'live'), iso(T0), iso(T0))).status).to.equal('not_found');
      expect((await p().keys.listByMerchant('mch_a')).map((x) => x.id)).to.have.members([k.id, successor.id]);
      expect((await p().keys.setAllowlist(successor.id, ['10.0.0.0/8'], iso(T0)))?.allowlist).to.deep.equal(['10.0.0.0/8']);
      expect((await p().keys.revoke(successor.id, iso(T0 + 5)))?.revokedAt).to.equal(iso(T0 + 5));
      expect((await p().keys.revoke(successor.id, iso(T0 + 9)))?.revokedAt, 'revoked once').to.equal(iso(T0 + 5));
      let err: unknown;
      await p().keys.insert({ ...mkey('mch_a', 'live'), hash: k.hash }, 25, T0).catch((e) => (err = e));
      expect(err).to.be.instanceOf(StoreConflict);
    });

    it('keys: at most maxActive active keys per merchant and environment, also when inserts race', async () => {
      const first = mkey('mch_a', 'live');
      expect(await p().keys.insert(first, 3, T0)).to.equal(true);
      // Four at once for two places left: never more than three active.
      const raced = await Promise.all([1, 2, 3, 4].map(() => p().keys.insert(mkey('mch_a', 'live'), 3, T0)));
      expect(raced.filter(Boolean).length).to.be.at.most(2);
      const active = async () => (await p().keys.listByMerchant('mch_a')).filter((x) => x.environment === 'live' && !x.revokedAt && !x.expiresAt);
      while ((await active()).length < 3) expect(await p().keys.insert(mkey('mch_a', 'live'), 3, T0)).to.equal(true);
      expect(await p().keys.insert(mkey('mch_a', 'live'), 3, T0), 'full').to.equal(false);
      expect((await active()).length).to.equal(3);
      expect(await p().keys.insert(mkey('mch_a', 'sandbox'), 3, T0), 'the other environment has its own count').to.equal(true);
      expect(await p().keys.insert(mkey('mch_b', 'live'), 3, T0), 'another merchant has its own count').to.equal(true);
      // A revoked key and a rolled one (working out its grace) free their places.
      await p().keys.revoke(first.id, iso(T0));
      expect(await p().keys.insert(mkey('mch_a', 'live'), 3, T0)).to.equal(true);
      const [victim] = await active();
      expect((await p().keys.roll(victim!.id, mkey('mch_a', 'live', { rolledFrom: victim!.id }), iso(T0 + 1_800_000), iso(T0))).status, 'a roll replaces a key at the limit').to.equal('rolled');
      expect((await active()).length).to.equal(3);
      expect(await p().keys.insert(mkey('mch_a', 'live'), 3, T0)).to.equal(false);
    });

    it('a creation moves its money and writes its events in the same operation; scopes never meet', async () => {
      const t = topUp(sand, 500);
      const e = event(sand, 'top_up.succeeded', t.id);
      await p().objects.create('top_up', t, { movements: [{ currency: 'EUR', available: 500 }], events: [e] });
      expect(await balance(sand)).to.include({ available: 500, pending: 0, reserved: 0 });
      expect(await p().objects.balances(live)).to.deep.equal([]);
      expect(await p().objects.balances(other)).to.deep.equal([]);
      expect((await p().objects.get('top_up', sand, t.id))?.amount).to.equal(500);
      expect(await p().objects.get('top_up', live, t.id)).to.equal(undefined);
      expect(await p().objects.get('top_up', other, t.id)).to.equal(undefined);
      expect((await p().objects.find('top_up', t.id))?.id).to.equal(t.id);
      expect((await p().events.get(sand, e.id))?.type).to.equal('top_up.succeeded');
      expect(await p().events.get(live, e.id)).to.equal(undefined);
    });

    it('lists newest first with a cursor and filters, inside the scope only', async () => {
      await fund(sand, 10_000);
      const made: Payout[] = [];
      for (let i = 0; i < 5; i++) {
        const po = payout(sand, 100 + i);
        await p().objects.create('payout', po, { movements: [{ currency: 'EUR', available: -po.amount, reserved: po.amount }], events: [] });
        made.push(po);
      }
      await p().objects.create('payout', payout(live, 1), { movements: [], events: [] });
      const first = await p().objects.list('payout', sand, { limit: 2 });
      expect(first.map((x) => x.id)).to.deep.equal([made[4]!.id, made[3]!.id]);
      const next = await p().objects.list('payout', sand, { limit: 10, startingAfter: made[3]!.id });
      expect(next.map((x) => x.id)).to.deep.equal([made[2]!.id, made[1]!.id, made[0]!.id]);
      const cur = made[2]!;
      await p().objects.transition('payout', sand, cur.id, 1, { ...cur, status: 'canceled', version: 2 }, { movements: [{ currency: 'EUR', available: cur.amount, reserved: -cur.amount }], events: [] });
      expect((await p().objects.list('payout', sand, { limit: 10, status: 'canceled' })).map((x) => x.id)).to.deep.equal([cur.id]);
      expect(await p().objects.list('payout', sand, { limit: 10, currency: 'USD' })).to.deep.equal([]);
      expect((await p().objects.list('payout', sand, { limit: 10, createdGte: made[3]!.createdAt })).map((x) => x.id)).to.deep.equal([made[4]!.id, made[3]!.id]);
      expect((await p().objects.list('payout', sand, { limit: 10, createdLt: made[1]!.createdAt })).map((x) => x.id)).to.deep.equal([made[0]!.id]);
      expect(await p().objects.list('payout', other, { limit: 10 })).to.deep.equal([]);
      expect(await p().objects.list('payout', live, { limit: 10 })).to.have.length(1);
    });

    it('refuses a movement that would make a balance negative, writing nothing (no object, no event)', async () => {
      await fund(sand, 100);
      const po = payout(sand, 90, 20);
      const e = event(sand, 'payout.created', po.id);
      const out = await p().objects.create('payout', po, { movements: [{ currency: 'EUR', available: -110, reserved: 110 }], events: [e] });
      expect(out).to.deep.equal({ status: 'insufficient_funds', currency: 'EUR', available: 100 });
      expect(await p().objects.get('payout', sand, po.id)).to.equal(undefined);
      expect(await p().events.get(sand, e.id)).to.equal(undefined);
      expect(await balance(sand)).to.include({ available: 100, reserved: 0 });
      expect((await p().objects.create('payout', payout(sand, 1), { movements: [{ currency: 'GBP', available: -1 }], events: [] })).status, 'no balance at all').to.equal('insufficient_funds');
    });

    it('refuses a movement that would take a balance past 2^53 - 1 minor units (BalanceOutOfRange, 409), writing nothing', async () => {
      await fund(sand, Number.MAX_SAFE_INTEGER - 10);
      const t = topUp(sand, 11);
      let err: unknown;
      await p().objects.create('top_up', t, { movements: [{ currency: 'EUR', available: 11 }], events: [] }).catch((e: unknown) => (err = e));
      expect(err).to.be.instanceOf(BalanceOutOfRange);
      expect(err).to.include({ status: 409, expose: true, currency: 'EUR' });
      expect(await p().objects.get('top_up', sand, t.id)).to.equal(undefined);
      expect(await balance(sand)).to.include({ available: Number.MAX_SAFE_INTEGER - 10 });
      await fund(sand, 10); // up to the bound itself is fine
      expect(await balance(sand)).to.include({ available: Number.MAX_SAFE_INTEGER });
    });

    it('an object created under an idempotency key exists once, and its money moved once', async () => {
      const a = topUp(sand, 70, 'EUR', { idempotencyKey: 'k1' });
      const b = topUp(sand, 70, 'EUR', { idempotencyKey: 'k1' });
      expect((await p().objects.create('top_up', a, { movements: [{ currency: 'EUR', available: 70 }], events: [] })).status).to.equal('created');
      const again = await p().objects.create('top_up', b, { movements: [{ currency: 'EUR', available: 70 }], events: [] });
      expect(again.status).to.equal('exists');
      expect((again as { record: TopUp }).record.id).to.equal(a.id);
      expect((await balance(sand)).available).to.equal(70);
      const inLive = topUp(live, 5, 'EUR', { idempotencyKey: 'k1' });
      expect((await p().objects.create('top_up', inLive, { movements: [], events: [] })).status, 'keys are per scope').to.equal('created');
    });

    it('50 concurrent payouts against one balance: never negative, each reserve exactly once', async () => {
      await fund(sand, 1_000);
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => {
          const po = payout(sand, 25, 5);
          return p().objects.create('payout', po, { movements: [{ currency: 'EUR', available: -30, reserved: 30 }], events: [event(sand, 'payout.created', po.id)] });
        }),
      );
      const created = outcomes.filter((o) => o.status === 'created').length;
      expect(created).to.equal(33); // floor(1000 / 30)
      expect(outcomes.filter((o) => o.status === 'insufficient_funds')).to.have.length(17);
      expect(await balance(sand)).to.include({ available: 10, reserved: 990 });
      expect(await p().objects.list('payout', sand, { limit: 100 })).to.have.length(33);
    });

    it('a transition is a compare-and-set: of 20 racing releases of one reserve, exactly one happens', async () => {
      await fund(sand, 100);
      const po = payout(sand, 60);
      await p().objects.create('payout', po, { movements: [{ currency: 'EUR', available: -60, reserved: 60 }], events: [] });
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          p().objects.transition('payout', sand, po.id, 1, { ...po, status: 'failed', version: 2 }, { movements: [{ currency: 'EUR', available: 60, reserved: -60 }], events: [event(sand, 'payout.failed', po.id)] }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'done')).to.have.length(1);
      expect(outcomes.filter((o) => o.status === 'stale')).to.have.length(19);
      expect(await balance(sand)).to.include({ available: 100, reserved: 0 });
      expect((await p().events.list(sand, { limit: 50, createdGte: iso(0), type: 'payout.failed' })).length).to.equal(1);
      expect((await p().objects.transition('payout', live, po.id, 2, { ...po, version: 3 }, { movements: [], events: [] })).status, 'other scope').to.equal('not_found');
    });

    it('a transition whose movement would go negative changes nothing', async () => {
      const po = payout(sand, 10);
      await p().objects.create('payout', po, { movements: [], events: [] });
      const out = await p().objects.transition('payout', sand, po.id, 1, { ...po, status: 'paid', version: 2 }, { movements: [{ currency: 'EUR', reserved: -10 }], events: [] });
      expect(out.status).to.equal('insufficient_funds');
      expect((await p().objects.get('payout', sand, po.id))?.status).to.equal('pending');
    });

    it('converts at the quote once: both currencies move together; used, expired and short quotes refused', async () => {
      await fund(sand, 1_000);
      const q = quote(sand, 400, 432, T0 + 300_000);
      await p().objects.create('quote', q, { movements: [], events: [] });
      const racing = await Promise.all(Array.from({ length: 10 }, () => p().objects.convert(sand, q.id, conversion(sand, q), convertChange(q), iso(T0))));
      expect(racing.filter((o) => o.status === 'created')).to.have.length(1);
      expect(racing.filter((o) => o.status === 'quote_used')).to.have.length(9);
      expect(await balance(sand, 'EUR')).to.include({ available: 600 });
      expect(await balance(sand, 'USD')).to.include({ available: 432 });
      expect((await p().objects.get('quote', sand, q.id))?.usedBy).to.be.a('string');

      const late = quote(sand, 10, 11, T0 + 1_000);
      await p().objects.create('quote', late, { movements: [], events: [] });
      expect((await p().objects.convert(sand, late.id, conversion(sand, late), convertChange(late), iso(T0 + 1_000))).status).to.equal('quote_expired');

      const big = quote(sand, 5_000, 5_400, T0 + 300_000);
      await p().objects.create('quote', big, { movements: [], events: [] });
      expect((await p().objects.convert(sand, big.id, conversion(sand, big), convertChange(big), iso(T0))).status).to.equal('insufficient_funds');
      expect((await p().objects.get('quote', sand, big.id))?.usedBy, 'a refused conversion leaves the quote usable').to.equal(null);
      expect((await p().objects.convert(live, big.id, conversion(live, big), convertChange(big), iso(T0))).status).to.equal('quote_not_found');

      const keyed = quote(sand, 100, 108, T0 + 300_000);
      await p().objects.create('quote', keyed, { movements: [], events: [] });
      const first = await p().objects.convert(sand, keyed.id, conversion(sand, keyed, 'ck'), convertChange(keyed), iso(T0));
      const second = await p().objects.convert(sand, keyed.id, conversion(sand, keyed, 'ck'), convertChange(keyed), iso(T0));
      expect([first.status, second.status]).to.deep.equal(['created', 'exists']);
      expect(await balance(sand, 'EUR')).to.include({ available: 500 });
    });

    it('lists objects whose timed action is due, and forgets a timer the object no longer has', async () => {
      const po = payout(sand, 1, 0, { nextAction: { at: iso(T0 + 1_000), to: 'processing' } });
      await p().objects.create('payout', po, { movements: [], events: [] });
      expect(await p().objects.due(iso(T0 + 999), 10)).to.deep.equal([]);
      expect(await p().objects.due(iso(T0 + 1_000), 10)).to.deep.equal([{ kind: 'payout', id: po.id, scope: sand }]);
      await p().objects.transition('payout', sand, po.id, 1, { ...po, status: 'processing', version: 2, nextAction: { at: iso(T0 + 5_000), to: 'paid' } }, { movements: [], events: [] });
      expect(await p().objects.due(iso(T0 + 1_000), 10)).to.deep.equal([]);
      expect(await p().objects.due(iso(T0 + 5_000), 10)).to.have.length(1);
      await p().objects.transition('payout', sand, po.id, 2, { ...po, status: 'paid', version: 3, nextAction: null }, { movements: [], events: [] });
      expect(await p().objects.due(iso(T0 + 99_000), 10)).to.deep.equal([]);
    });

    it('events: listed per scope newest first with filters and the retention window; dispatched once; purged', async () => {
      const es = [event(sand, 'payin.created', 'payin_1', T0), event(sand, 'payin.succeeded', 'payin_1', T0 + 10), event(sand, 'payout.created', 'payout_1', T0 + 20), event(live, 'payin.created', 'payin_2', T0 + 30)];
      for (const e of es) await p().objects.create('top_up', topUp(e.environment === 'live' ? live : sand, 1), { movements: [], events: [e] });
      expect((await p().events.list(sand, { limit: 10, createdGte: iso(0) })).map((e) => e.id)).to.deep.equal([es[2]!.id, es[1]!.id, es[0]!.id]);
      expect((await p().events.list(sand, { limit: 10, createdGte: iso(0), type: 'payin.created' })).map((e) => e.id)).to.deep.equal([es[0]!.id]);
      expect((await p().events.list(sand, { limit: 10, createdGte: iso(0), objectId: 'payin_1' })).length).to.equal(2);
      expect((await p().events.list(sand, { limit: 1, createdGte: iso(0), startingAfter: es[2]!.id })).map((e) => e.id)).to.deep.equal([es[1]!.id]);
      expect((await p().events.list(sand, { limit: 10, createdGte: iso(T0 + 10) })).length).to.equal(2);

      const pending = await p().events.undispatched(10);
      expect(pending.map((e) => e.id)).to.deep.equal(es.map((e) => e.id));
      const delivery: WebhookDelivery = { id: 'whd_1', merchantId: 'mch_a', environment: 'sandbox', endpointId: 'we_1', eventId: es[0]!.id, eventType: 'payin.created', status: 'pending', attempts: [], nextAttemptAt: iso(T0), lockedUntil: null, createdAt: iso(T0), updatedAt: iso(T0) };
      await p().events.dispatch(es[0]!.id, [delivery]);
      await p().events.dispatch(es[0]!.id, [delivery]);
      expect((await p().events.undispatched(10)).map((e) => e.id)).to.deep.equal(es.slice(1).map((e) => e.id));
      expect(await p().webhooks.listDeliveries(sand, 'we_1', { limit: 10 })).to.have.length(1);

      // A finished delivery of a later event: it stays while its event does.
      const kept: WebhookDelivery = { ...delivery, id: 'whd_2', eventId: es[2]!.id, eventType: 'payout.created', status: 'succeeded', nextAttemptAt: null };
      await p().events.dispatch(es[2]!.id, [kept]);
      expect(await p().events.purge(iso(T0 + 15), 100)).to.equal(2);
      expect((await p().events.list(sand, { limit: 10, createdGte: iso(0) })).map((e) => e.id)).to.deep.equal([es[2]!.id]);
      // The purged event's delivery went with it (kept forever before), from every list.
      expect(await p().webhooks.getDelivery('whd_1')).to.equal(undefined);
      expect((await p().webhooks.listDeliveries(sand, 'we_1', { limit: 10 })).map((d) => d.id)).to.deep.equal(['whd_2']);
      expect(await p().webhooks.dueDeliveries(iso(T0 + 999_999_999), 10), 'its due entry too').to.deep.equal([]);
      expect(await p().events.purge(iso(T0 + 25), 100)).to.equal(1);
      expect(await p().webhooks.getDelivery('whd_2')).to.equal(undefined);
      expect(await p().webhooks.listDeliveries(sand, 'we_1', { limit: 10 })).to.deep.equal([]);
    });

    it('webhooks: endpoints per scope; a due delivery is claimed by one node at a time; attempts recorded', async () => {
      const ep = { id: 'we_1', merchantId: 'mch_a', environment: 'sandbox' as const, url: 'http://127.0.0.1:1/h', events: ['*'], description: null, enabled: true, secret: 'whsec_x', createdAt: iso(T0), updatedAt: iso(T0) };
      expect(await p().webhooks.createEndpoint(ep, 16)).to.equal(true);
      expect((await p().webhooks.getEndpoint(sand, 'we_1'))?.secret).to.equal('whsec_x');
      expect(await p().webhooks.getEndpoint(live, 'we_1')).to.equal(undefined);
      expect((await p().webhooks.listEndpoints(sand)).map((e) => e.id)).to.deep.equal(['we_1']);
      expect((await p().webhooks.updateEndpoint(sand, 'we_1', { enabled: false }, iso(T0 + 1)))?.enabled).to.equal(false);
      expect(await p().webhooks.updateEndpoint(live, 'we_1', { enabled: true }, iso(T0 + 1))).to.equal(undefined);

      const d: WebhookDelivery = { id: 'whd_9', merchantId: 'mch_a', environment: 'sandbox', endpointId: 'we_1', eventId: 'evt_9', eventType: 'x', status: 'pending', attempts: [], nextAttemptAt: iso(T0 + 100), lockedUntil: null, createdAt: iso(T0), updatedAt: iso(T0) };
      await p().events.dispatch('evt_none', [d]);
      expect(await p().webhooks.dueDeliveries(iso(T0 + 99), 10)).to.deep.equal([]);
      expect((await p().webhooks.dueDeliveries(iso(T0 + 100), 10)).map((x) => x.id)).to.deep.equal(['whd_9']);
      const claims = await Promise.all(Array.from({ length: 5 }, () => p().webhooks.claimDelivery('whd_9', iso(T0 + 100), iso(T0 + 30_100))));
      expect(claims.filter(Boolean)).to.have.length(1);
      expect(await p().webhooks.dueDeliveries(iso(T0 + 200), 10), 'held').to.deep.equal([]);
      const after = await p().webhooks.recordAttempt('whd_9', { at: iso(T0 + 200), status: 500, error: null, ms: 3 }, { status: 'pending', nextAttemptAt: iso(T0 + 60_000) });
      expect(after).to.include({ status: 'pending', lockedUntil: null, nextAttemptAt: iso(T0 + 60_000) });
      expect(after?.attempts).to.have.length(1);
      expect(await p().webhooks.claimDelivery('whd_9', iso(T0 + 59_999), iso(T0 + 90_000)), 'not due yet').to.equal(undefined);
      const done = await p().webhooks.recordAttempt('whd_9', { at: iso(T0 + 60_000), status: 200, error: null, ms: 2 }, { status: 'succeeded', nextAttemptAt: null });
      expect(done?.attempts.map((a) => a.status)).to.deep.equal([500, 200]);
      expect(await p().webhooks.dueDeliveries(iso(T0 + 999_999), 10)).to.deep.equal([]);
      expect(await p().webhooks.deleteEndpoint(sand, 'we_1')).to.equal(true);
      expect(await p().webhooks.deleteEndpoint(sand, 'we_1')).to.equal(false);
    });

    it('webhook endpoints: N concurrent creations leave at most the cap per scope; a deletion frees one place', async () => {
      const ep = (scope: Scope) => ({ id: id('we'), merchantId: scope.merchantId, environment: scope.environment, url: 'https://example.com/h', events: ['*'], description: null, enabled: true, secret: 's', createdAt: iso(T0), updatedAt: iso(T0) });
      expect(await p().webhooks.createEndpoint(ep(sand), 4)).to.equal(true);
      const made = await Promise.all(Array.from({ length: 12 }, () => p().webhooks.createEndpoint(ep(sand), 4)));
      expect(made.filter(Boolean), 'created').to.have.length(3);
      expect(await p().webhooks.listEndpoints(sand)).to.have.length(4);
      expect(await p().webhooks.createEndpoint(ep(live), 4), 'another environment counts apart').to.equal(true);
      expect(await p().webhooks.createEndpoint(ep(other), 4), 'another merchant counts apart').to.equal(true);
      const [first] = await p().webhooks.listEndpoints(sand);
      expect(await p().webhooks.deleteEndpoint(live, first!.id), 'not in that scope').to.equal(false);
      expect(await p().webhooks.deleteEndpoint(sand, first!.id)).to.equal(true);
      expect(await p().webhooks.deleteEndpoint(sand, first!.id), 'deleted once').to.equal(false);
      const again = await Promise.all(Array.from({ length: 5 }, () => p().webhooks.createEndpoint(ep(sand), 4)));
      expect(again.filter(Boolean), 'one place freed').to.have.length(1);
      expect(await p().webhooks.listEndpoints(sand)).to.have.length(4);
    });

    it('idempotency: started, in progress, replay, mismatch, take-over after a lapsed hold, expiry, release, abandon', async () => {
      const rec = (hash: string, at: number, extra: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
        merchantId: 'mch_a', environment: 'sandbox', key: 'K', requestHash: hash, state: 'running', lockedUntil: iso(at + 60_000), response: null, createdAt: iso(at), expiresAt: iso(at + 86_400_000), ...extra,
      });
      const racing = await Promise.all(Array.from({ length: 10 }, () => p().idempotency.begin(rec('h1', T0), iso(T0))));
      expect(racing.filter((o) => o.status === 'started')).to.have.length(1);
      expect(racing.filter((o) => o.status === 'in_progress')).to.have.length(9);
      expect((await p().idempotency.begin(rec('h2', T0), iso(T0))).status).to.equal('mismatch');
      expect(await p().idempotency.begin(rec('h1', T0 + 60_000), iso(T0 + 60_000)), 'hold lapsed: taken over, first use kept').to.deep.equal({ status: 'started', createdAt: iso(T0) });
      await p().idempotency.complete(sand, 'K', { status: 201, body: { id: 'payout_1' } });
      expect(await p().idempotency.begin(rec('h1', T0 + 61_000), iso(T0 + 61_000))).to.deep.equal({ status: 'replay', response: { status: 201, body: { id: 'payout_1' } } });
      expect((await p().idempotency.begin({ ...rec('h1', T0), environment: 'live' }, iso(T0))).status, 'per scope').to.equal('started');
      expect(await p().idempotency.begin(rec('h9', T0 + 86_400_000 + 60_001), iso(T0 + 86_400_000 + 60_001)), 'expired: forgotten').to.deep.equal({ status: 'started', createdAt: iso(T0 + 86_400_000 + 60_001) });
      // Released (failed after it may have written): kept, its hold ended, taken over with its first use.
      expect(await p().idempotency.begin(rec('h9', T0 + 86_400_000 + 60_002), iso(T0 + 86_400_000 + 60_002))).to.deep.equal({ status: 'in_progress' });
      await p().idempotency.release(sand, 'K', iso(T0 + 86_400_000 + 60_002));
      expect((await p().idempotency.begin(rec('h8', T0 + 86_400_000 + 60_003), iso(T0 + 86_400_000 + 60_003))).status, 'another body after a release').to.equal('mismatch');
      expect(await p().idempotency.begin(rec('h9', T0 + 86_400_000 + 60_003), iso(T0 + 86_400_000 + 60_003)), 'the retry').to.deep.equal({ status: 'started', createdAt: iso(T0 + 86_400_000 + 60_001) });
      await p().idempotency.abandon(sand, 'K');
      expect(await p().idempotency.get(sand, 'K')).to.equal(undefined);
      await p().idempotency.begin(rec('h1', T0), iso(T0));
      expect(await p().idempotency.purge(iso(T0 + 86_400_000), 100)).to.be.at.least(1);
      expect(await p().idempotency.get(sand, 'K')).to.equal(undefined);
    });

    it('rates: one direction per entry, replaced on set', async () => {
      await p().rates.set({ from: 'EUR', to: 'USD', mid: '1.0825', markupBps: 50, fee: 0, updatedAt: iso(T0) });
      await p().rates.set({ from: 'EUR', to: 'USD', mid: '1.09', markupBps: 40, fee: 10, updatedAt: iso(T0 + 1) });
      expect(await p().rates.get('EUR', 'USD')).to.deep.equal({ from: 'EUR', to: 'USD', mid: '1.09', markupBps: 40, fee: 10, updatedAt: iso(T0 + 1) });
      expect(await p().rates.get('USD', 'EUR')).to.equal(undefined);
      expect(await p().rates.list()).to.have.length(1);
    });

    it('request log: newest first per merchant, only the newest `keep` kept', async () => {
      const entry = (merchantId: string, i: number) => ({
        id: `req_${String(i).padStart(3, '0')}`, merchantId, environment: 'live' as const, keyId: 'k', keyPrefix: 'sk_live_abcdef', address: `203.0.113.${i}`, method: 'GET', path: '/v1/payins', status: 200, at: iso(T0 + i * 1000),
      });
      for (let i = 1; i <= 6; i++) await p().requests.append(entry('mch_a', i), 4);
      await p().requests.append(entry('mch_b', 9), 4);
      const recent = await p().requests.recent('mch_a', 10);
      expect(recent.map((r) => r.address)).to.deep.equal(['203.0.113.6', '203.0.113.5', '203.0.113.4', '203.0.113.3']);
      expect(recent[0]).to.deep.equal(entry('mch_a', 6));
      expect((await p().requests.recent('mch_a', 2)).map((r) => r.id)).to.deep.equal(['req_006', 'req_005']);
      expect((await p().requests.recent('mch_b', 10)).map((r) => r.id)).to.deep.equal(['req_009']);
      expect(await p().requests.recent('mch_none', 10)).to.deep.equal([]);
    });
  });
}
