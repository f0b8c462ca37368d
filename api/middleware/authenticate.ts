/**
 * Authentication and account gate for every /v1 request that is not public, in the order of
 * DESIGN.md §4 steps 1-6: failed attempts per address, bearer key, account state, key paths,
 * per-key rate limit, plan API access and the Integrations seat. Never falls back to a cookie.
 */
import type { Middleware } from 'koa';
import { ApiError, errors } from '../errors.js';
import { hashKey, isWellFormedKey } from '../accounts/keyValue.js';
import { keyMayUse, KEY_PATHS_TEXT } from '../keyPaths.js';
import type { AppState } from '../state.js';
import { keyState } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import { KEY_REQUESTS_PER_MINUTE, type RequestLimits, type Seats } from '../../store/governance.js';
import { KeyUseRecorder } from '../accounts/keyUse.js';
import { AuthLookup } from '../accounts/authLookup.js';

export interface AuthDeps {
  store: Store;
  limits: RequestLimits;
  seats: Seats;
  keyUse: KeyUseRecorder;
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

export function authenticate(deps: AuthDeps): Middleware<AppState> {
  const { store, limits, seats, keyUse } = deps;
  const lookup = new AuthLookup(store);

  /** `presented`: a key was sent (then the challenge says invalid_token). */
  const refuse = async (address: string, message: string, presented = true): Promise<never> => {
    await limits.recordFailedAttempt(address);
    throw errors.unauthenticated(message, presented);
  };

  return async (ctx, next) => {
    const address = ctx.ip;
    const header = ctx.get('Authorization');
    const value = header ? BEARER.exec(header)?.[1] : undefined;
    // The address gate and the key lookup are asked together (one Redis round trip, not two, when
    // distributed); their answers are still decided in the order of the steps below.
    const gateAsked = limits.checkAddress(address);
    const lookedUp = value && isWellFormedKey(value) ? lookup.find(hashKey(value)) : undefined;
    lookedUp?.catch(() => undefined); // decided below, after the gate; never an unhandled rejection

    // 1. An address over its failed attempts gets 429 before any answer about its key.
    const gate = await gateAsked;
    if (!gate.allowed) throw errors.rateLimited(gate.retryAfterMs / 1000, 'Too many failed key attempts from this address');

    // 2. Bearer key (a cookie is never considered).
    if (!header) return refuse(address, 'Missing API key: send the header Authorization: Bearer <key>', false);
    if (value === undefined) return refuse(address, 'Malformed Authorization header: expected Authorization: Bearer <key>', false);
    if (!lookedUp) {
      if (/^sk_(live|sand)_/.test(value)) return refuse(address, 'This is a payments key: engineering paths take an eng_ key (payments keys work on the payments paths, e.g. /v1/payins)');
      return refuse(address, 'Malformed API key: expected eng_ followed by 43 base64url characters');
    }
    // Key, member and company: cached for a few seconds, any change to them seen at once (authLookup.ts).
    const found = await lookedUp;
    if (!found) return refuse(address, 'Unknown API key');
    const { key, member, company } = found;
    const now = new Date();
    const state = keyState(key, now);
    if (state === 'revoked') return refuse(address, 'This API key has been revoked');
    if (state === 'expired') return refuse(address, `This API key expired at ${key.expiresAt}; create a new key in the app`);
    if (!member || !company) return refuse(address, 'Unknown API key');

    // 3. Account state of the member and company behind the key.
    if (member.disabled) throw new ApiError('forbidden', 'The member who owns this key is disabled');
    if (!member.emailVerified) throw new ApiError('email_not_verified', 'The member who owns this key has not verified their email');
    if (company.suspended) throw new ApiError('tenant_suspended', 'The company account is suspended');

    // 4. Keys work only on their own paths: a matched key route, or an unknown path under one (then 404).
    const keyPath = ctx.state.route ? ctx.state.route.access === 'key' : keyMayUse(ctx.path);
    if (!keyPath) throw errors.forbidden(`API keys cannot be used on ${ctx.path}; keys work on ${KEY_PATHS_TEXT}`);

    // 5. Per-key limit, REST and MCP together.
    const limit = await limits.consumeKeyRequest(key.id);
    if (!limit.allowed) throw errors.rateLimited(limit.retryAfterMs / 1000, `This key is over ${limits.perKeyPerMinute ?? KEY_REQUESTS_PER_MINUTE} requests per minute`);

    // 6. Plan and the Integrations seat every key request holds.
    if (!company.plan.apiAccess) throw new ApiError('plan_limit', "The company's plan does not include API access");
    const integrationSeats = company.licences.integrations ?? 0;
    if (integrationSeats < 1) throw new ApiError('plan_limit', 'The company has no Integrations licence (needed for API keys)');
    const seat = await seats.acquire(company.id, 'integrations', member.id, integrationSeats);
    if (!seat.ok) {
      throw new ApiError('no_seat', 'Every Integrations seat of the company is in use', { module: 'integrations', holders: await withEmails(store, seat.holders) });
    }

    ctx.state.auth = { key, member, company };
    keyUse.record(key, member.companyId, ctx.method, ctx.state.route?.path ?? ctx.path, now);
    await next();
  };
}

/** Seat holders with the member's email added, so a caller can tell who to ask. */
export async function withEmails(store: Store, holders: { member: string; since: string }[]) {
  return Promise.all(
    holders.map(async (h) => ({ member: h.member, email: (await store.members.get(h.member))?.email ?? null, since: h.since })),
  );
}
