/**
 * The merchant dashboard (payments spec §1, §5): a merchant's user manages the sandbox and live
 * secret keys (new key shown once; roll with the 30-minute grace; revoke), the IP allowlists of
 * live keys, and sees the recent requests with their source addresses. A key of another
 * merchant is not found (404).
 */
import { errors } from '../errors.js';
import { createMerchantKey, keyView, revokeMerchantKey, rollMerchantKey, ROLL_GRACE_MS, setKeyAllowlist } from '../payments/keys.js';
import { ENVIRONMENTS, type Environment, type Merchant } from '../../store/payments/model.js';
import type { Store } from '../../store/ports.js';
import type { RouteContext, RouteSpec } from '../routes/route.js';
import { appRoute, formBody, noStore } from './route.js';

const REQUESTS_SHOWN = 100;

export function merchantRoutes(deps: { store: Store; now?: () => number }): RouteSpec[] {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const merchantOf = (ctx: RouteContext): Merchant => {
    const merchant = ctx.state.app?.merchant;
    if (!merchant) throw errors.forbidden('This part of the app is for merchant users');
    return merchant;
  };
  /** The key, when it is this merchant's. */
  const ownKey = async (ctx: RouteContext) => {
    const merchant = merchantOf(ctx);
    const key = await store.payments.keys.get(ctx.params.id!);
    if (!key || key.merchantId !== merchant.id) throw errors.notFound(`key ${ctx.params.id} not found`);
    return key;
  };

  return [
    appRoute({
      method: 'GET',
      path: '/app/merchant/keys',
      operationId: 'appMerchantKeys',
      summary: "The merchant's sandbox and live keys (never their values)",
      account: 'merchant',
      async handler(ctx) {
        const merchant = merchantOf(ctx);
        const t = now();
        const keys = (await store.payments.keys.listByMerchant(merchant.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        ctx.body = { keys: keys.map((k) => keyView(k, t)), now: new Date(t).toISOString(), rollGraceMinutes: ROLL_GRACE_MS / 60_000 };
      },
    }),
    appRoute({
      method: 'POST',
      path: '/app/merchant/keys',
      operationId: 'appMerchantCreateKey',
      summary: 'A new secret key: the value is in this answer only',
      account: 'merchant',
      async handler(ctx) {
        const merchant = merchantOf(ctx);
        const body = await formBody(ctx);
        if (!(ENVIRONMENTS as readonly unknown[]).includes(body.environment)) throw errors.validation('invalid key request', { environment: 'must be sandbox or live' });
        const allowlist = body.allowlist ?? [];
        if (!Array.isArray(allowlist) || !allowlist.every((a) => typeof a === 'string')) throw errors.validation('invalid key request', { allowlist: 'must be a list of addresses and CIDR blocks' });
        const created = await createMerchantKey(store.payments, { merchantId: merchant.id, environment: body.environment as Environment, allowlist }, now());
        noStore(ctx);
        ctx.status = 201;
        ctx.body = { ...created, note: 'This is the only time the key is shown. Copy it now; it cannot be shown again.' };
      },
    }),
    appRoute({
      method: 'POST',
      path: '/app/merchant/keys/{id}/roll',
      operationId: 'appMerchantRollKey',
      summary: 'Roll a key: a new one (shown once); the old one works 30 more minutes, or stops now',
      account: 'merchant',
      async handler(ctx) {
        const key = await ownKey(ctx);
        const body = await formBody(ctx);
        if (body.now !== undefined && typeof body.now !== 'boolean') throw errors.validation('invalid roll', { now: 'must be true or false' });
        const rolled = await rollMerchantKey(store.payments, key.id, { now: body.now === true }, now());
        noStore(ctx);
        ctx.status = 201;
        ctx.body = { ...rolled, note: 'This is the only time the new key is shown. Copy it now; it cannot be shown again.' };
      },
    }),
    appRoute({
      method: 'PUT',
      path: '/app/merchant/keys/{id}/allowlist',
      operationId: 'appMerchantAllowlist',
      summary: "Set a live key's allowlist (addresses and CIDR blocks; empty: any address)",
      account: 'merchant',
      async handler(ctx) {
        const key = await ownKey(ctx);
        const body = await formBody(ctx);
        const list = body.allowlist;
        if (!Array.isArray(list) || !list.every((a) => typeof a === 'string')) throw errors.validation('invalid allowlist', { allowlist: 'must be a list of addresses and CIDR blocks' });
        if (key.environment !== 'live' && list.length) throw errors.validation('invalid allowlist', { allowlist: 'sandbox keys take no allowlist: it applies to live keys only' });
        ctx.body = { key: await setKeyAllowlist(store.payments, key.id, list, now()) };
      },
    }),
    appRoute({
      method: 'DELETE',
      path: '/app/merchant/keys/{id}',
      operationId: 'appMerchantRevokeKey',
      summary: 'Revoke a key: it stops at once',
      account: 'merchant',
      async handler(ctx) {
        const key = await ownKey(ctx);
        ctx.body = { key: await revokeMerchantKey(store.payments, key.id, now()) };
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/merchant/requests',
      operationId: 'appMerchantRequests',
      summary: 'Recent requests of the merchant\'s keys with their source addresses',
      account: 'merchant',
      async handler(ctx) {
        const merchant = merchantOf(ctx);
        ctx.body = { requests: await store.payments.requests.recent(merchant.id, REQUESTS_SHOWN) };
      },
    }),
  ];
}
