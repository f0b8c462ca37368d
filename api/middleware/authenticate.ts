/**
 * Authentication and account gate for every /v1 request that is not public, in the order of
 * DESIGN.md §4 steps 1-6: failed attempts per address, bearer key, account state, key paths,
 * per-key rate limit, plan API access and the Integrations seat. Never falls back to a cookie.
 */
import { authorizationHeader, DUPLICATE_AUTHORIZATION, looksLikePaymentsKey } from '../authorization.js';
import type { Middleware } from 'koa';
import { ApiError, errors } from '../errors.js';
import { hashKey, isWellFormedKey } from '../accounts/keyValue.js';
import { keyMayUse, KEY_PATHS_TEXT } from '../keyPaths.js';
import type { AppState } from '../state.js';
import type { ApiKeyRecord, Company, Member } from '../../store/model.js';
import { keyRefusal } from '../accounts/keyRefusal.js';
import type { Store } from '../../store/ports.js';
import { KEY_REQUESTS_PER_MINUTE, type LimitDecision, type RequestLimits, type Seats } from '../../store/governance.js';
import { KeyUseRecorder } from '../accounts/keyUse.js';
import { AuthLookup, type KeyOwner } from '../accounts/authLookup.js';

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
    const header = authorizationHeader(ctx);
    const value = header ? BEARER.exec(header)?.[1] : undefined;
    const hash = value && isWellFormedKey(value) ? hashKey(value) : undefined;
    const now = new Date();
    const keyPath = () => (ctx.state.route ? ctx.state.route.access === 'key' : keyMayUse(ctx.path));

    // Steps 1 and 5 in one Redis round trip, for a key whose cached lookup passes steps 2-4: the
    // script counts the request only if the auth version is still the one the lookup was read
    // at, so a revocation is never counted past. Anything else (no cache, a refusal to give, the
    // version moved) takes the step-by-step path below, which gives every answer in order.
    let limited: { owner: UsableKey; limit: LimitDecision } | undefined;
    const cached = hash !== undefined && limits.checkAndConsume && lookup.versionKey ? lookup.cached(hash) : undefined;
    const cachedCheck = cached ? checkKey(cached.found, now) : undefined;
    if (cached && cachedCheck && 'usable' in cachedCheck && keyPath()) {
      const d = await limits.checkAndConsume!(address, cachedCheck.usable.key.id, { key: lookup.versionKey!, value: cached.version });
      if ('address' in d) throw errors.rateLimited(d.address.retryAfterMs / 1000, TOO_MANY_FAILED);
      if ('key' in d) limited = { owner: cachedCheck.usable, limit: d.key };
    }

    if (!limited) {
      // The address gate and the key lookup are asked together (one Redis round trip, not two, when
      // distributed); their answers are still decided in the order of the steps below.
      const gateAsked = limits.checkAddress(address);
      const lookedUp = hash !== undefined ? lookup.find(hash) : undefined;
      lookedUp?.catch(() => undefined); // decided below, after the gate; never an unhandled rejection

      // 1. An address over its failed attempts gets 429 before any answer about its key.
      const gate = await gateAsked;
      if (!gate.allowed) throw errors.rateLimited(gate.retryAfterMs / 1000, TOO_MANY_FAILED);

      // 2. Bearer key (a cookie is never considered).
      if (header === null) return refuse(address, DUPLICATE_AUTHORIZATION, false);
      if (!header) return refuse(address, 'Missing API key: send the header Authorization: Bearer <key>', false);
      if (value === undefined) return refuse(address, 'Malformed Authorization header: expected Authorization: Bearer <key>', false);
      if (!lookedUp) {
        if (looksLikePaymentsKey(value)) return refuse(address, 'This is a payments key: engineering paths take an eng_ key (payments keys work on the payments paths, e.g. /v1/payins)');
        return refuse(address, 'Malformed API key: expected eng_ followed by 43 base64url characters');
      }
      // 2-3. The key's own state, then the member and company behind it (cached for a few seconds,
      // any change to them seen at once: authLookup.ts).
      const checked = checkKey(await lookedUp, now);
      if ('refusal' in checked) {
        if (checked.refusal instanceof ApiError) throw checked.refusal;
        return refuse(address, checked.refusal);
      }

      // 4. Keys work only on their own paths: a matched key route, or an unknown path under one (then 404).
      if (!keyPath()) throw errors.forbidden(`API keys cannot be used on ${ctx.path}; keys work on ${KEY_PATHS_TEXT}`);

      // 5. Per-key limit, REST and MCP together.
      limited = { owner: checked.usable, limit: await limits.consumeKeyRequest(checked.usable.key.id) };
    }
    const { key, member, company } = limited.owner;
    if (!limited.limit.allowed) throw errors.rateLimited(limited.limit.retryAfterMs / 1000, `This key is over ${limits.perKeyPerMinute ?? KEY_REQUESTS_PER_MINUTE} requests per minute`);

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

const TOO_MANY_FAILED = 'Too many failed key attempts from this address';

/** A key that passed steps 2-3, with its member and company. */
type UsableKey = { key: ApiKeyRecord; member: Member; company: Company };

/**
 * Steps 2-3 for a looked-up key: usable, or why not (a string: a failed attempt, answered 401;
 * an ApiError: the account's state).
 */
function checkKey(found: KeyOwner | undefined, now: Date): { usable: UsableKey } | { refusal: string | ApiError } {
  const refusal = keyRefusal(found, now);
  return refusal === null ? { usable: found as UsableKey } : { refusal };
}

/** Seat holders with the member's email added, so a caller can tell who to ask. */
export async function withEmails(store: Store, holders: { member: string; since: string }[]) {
  return Promise.all(
    holders.map(async (h) => ({ member: h.member, email: (await store.members.get(h.member))?.email ?? null, since: h.since })),
  );
}
