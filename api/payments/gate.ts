/**
 * The payments key gate, for every route whose access is 'payments' (api/policy.ts), in order:
 * 1. an address over its failed key attempts (shared with the engineering gate): 429;
 * 2. `Authorization: Bearer <key>`: missing, malformed, unknown, revoked or past its grace ->
 *    401 (each a failed attempt of the address); an engineering key (`eng_`) -> 403: it is valid,
 *    but not here (engineering spec §5);
 * 3. a live key with an allowlist, from an address outside it -> 403 with the address
 *    (sandbox keys ignore allowlists);
 * 4. the merchant environment's rate (at most 120 in any minute, 20 in any second) -> 429 with
 *    Retry-After; RateLimit-* headers on every answer;
 * 5. a rolled key still in its grace -> the answer carries `Api-Key-Expires-At`.
 * Every request of a known key from step 3 on, refused or not, goes into the merchant's request
 * log with its source address (off the request's path), so the dashboard can show where requests
 * come from and a merchant can build an allowlist.
 * The key's prefix alone picks the environment; ctx.state.payments carries the scope onward.
 */
import { authorizationHeader, DUPLICATE_AUTHORIZATION } from '../authorization.js';
import type { Middleware } from 'koa';
import { ApiError, errors } from '../errors.js';
import { hashKey, isWellFormedKey } from '../accounts/keyValue.js';
import type { AppState } from '../state.js';
import type { Logger } from '../log.js';
import { randomUUID } from 'node:crypto';
import { allowlistAllows, clientAddress } from './allowlist.js';
import { environmentOfKey } from './keys.js';
import { keyState } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import { PAYMENTS_RATE, type RateWindows, type RequestLimits } from '../../store/governance.js';
import { merchantKeyState, type Environment, type Merchant, type MerchantKey, type MerchantKeyState } from '../../store/payments/model.js';

export interface PaymentsGateDeps {
  store: Store;
  limits: RequestLimits;
  rates: RateWindows;
  now(): number;
  /** Where a request log write that failed is reported. */
  log?: Logger;
}

/** Entries kept per merchant (both environments) for the dashboard. */
export const REQUEST_LOG_KEEP = 100;

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;
export const GRACE_HEADER = 'Api-Key-Expires-At';
/** Last-used times are written at most this often per key. */
const TOUCH_EVERY_MS = 60_000;

export function paymentsGate(deps: PaymentsGateDeps): Middleware<AppState> {
  const { store, limits, rates } = deps;
  const touched = new Map<string, number>();
  const refuse = async (address: string, message: string): Promise<never> => {
    await limits.recordFailedAttempt(address);
    throw errors.unauthenticated(message);
  };

  return async (ctx, next) => {
    const address = ctx.ip;
    const gate = await limits.checkAddress(address);
    if (!gate.allowed) throw errors.rateLimited(gate.retryAfterMs / 1000, 'Too many failed key attempts from this address');

    const header = authorizationHeader(ctx);
    if (header === null) return refuse(address, DUPLICATE_AUTHORIZATION);
    if (!header) return refuse(address, 'Missing API key: send the header Authorization: Bearer sk_live_... or sk_sand_...');
    const match = BEARER.exec(header);
    if (!match) return refuse(address, 'Malformed Authorization header: expected Authorization: Bearer <secret key>');
    const value = match[1]!;
    if (value.startsWith('eng_') && isWellFormedKey(value)) {
      const eng = await store.keys.findByHash(hashKey(value));
      if (!eng || keyState(eng, new Date(deps.now())) !== 'active') return refuse(address, 'Unknown, revoked or expired API key');
      throw errors.forbidden('Engineering keys (eng_) cannot be used on payments paths; use a merchant secret key (sk_live_ or sk_sand_)');
    }
    const environment = environmentOfKey(value);
    if (!environment) return refuse(address, 'Malformed API key: expected sk_live_ or sk_sand_ followed by 43 base64url characters');
    const key = await store.payments.keys.findByHash(hashKey(value));
    if (!key || key.environment !== environment) return refuse(address, 'Unknown API key');
    const now = deps.now();
    const state = merchantKeyState(key, now);
    if (state === 'revoked') return refuse(address, 'This API key has been revoked');
    if (state === 'expired') {
      return refuse(address, key.rolledTo ? `This API key was rolled and stopped working at ${key.expiresAt}; use the key that replaced it (${key.rolledTo})` : `This API key stopped working at ${key.expiresAt}`);
    }
    const merchant = await store.payments.merchants.get(key.merchantId);
    if (!merchant) return refuse(address, 'Unknown API key');

    let status = 500;
    try {
      await admit(ctx, next, key, merchant, environment, state, address, now);
      status = ctx.status;
    } catch (err) {
      const thrown = (err as { status?: unknown })?.status;
      status = typeof thrown === 'number' ? thrown : 500;
      throw err;
    } finally {
      const entry = {
        id: randomUUID(), merchantId: merchant.id, environment, keyId: key.id, keyPrefix: key.prefix, address: clientAddress(address),
        method: ctx.method, path: ctx.path.slice(0, 200), status, at: new Date(now).toISOString(),
      };
      void store.payments.requests.append(entry, REQUEST_LOG_KEEP).catch((err: unknown) => deps.log?.error('payments request not logged', { merchantId: merchant.id, error: String(err) }));
    }
  };

  /** Steps 3-5 and the route, for a known key of a known merchant. */
  async function admit(ctx: Parameters<Middleware<AppState>>[0], next: () => Promise<unknown>, key: MerchantKey, merchant: Merchant, environment: Environment, state: MerchantKeyState, address: string, now: number) {
    if (environment === 'live' && !allowlistAllows(key.allowlist, address)) {
      // A failed attempt of the address: past 20 a minute it gets 429 before any lookup (and no
      // request-log entry), so a leaked live key cannot be spent from outside its allowlist.
      await limits.recordFailedAttempt(address);
      throw new ApiError('forbidden', `Requests with this live key are allowed only from its allowlisted addresses; this one came from ${clientAddress(address)}`, { address: clientAddress(address) });
    }

    const rate = await rates.take(`${merchant.id}:${environment}`, now);
    ctx.set('RateLimit-Limit', String(rate.limit));
    ctx.set('RateLimit-Remaining', String(rate.remaining));
    ctx.set('RateLimit-Reset', String(Math.ceil(rate.resetMs / 1000)));
    ctx.set('RateLimit-Policy', `${PAYMENTS_RATE.perSecond};w=1, ${PAYMENTS_RATE.perMinute};w=60`);
    if (!rate.allowed) throw errors.rateLimited(rate.retryAfterMs / 1000, `This merchant's ${environment} requests are over ${PAYMENTS_RATE.perMinute} in a minute or ${PAYMENTS_RATE.perSecond} in a second`);

    if (state === 'expiring') ctx.set(GRACE_HEADER, key.expiresAt!);
    ctx.state.payments = { merchant, key, scope: { merchantId: merchant.id, environment } };
    if ((touched.get(key.id) ?? 0) + TOUCH_EVERY_MS <= now) {
      touched.set(key.id, now);
      if (touched.size > 10_000) touched.clear();
      await store.payments.keys.touch(key.id, new Date(now).toISOString());
    }
    await next();
  }
}
