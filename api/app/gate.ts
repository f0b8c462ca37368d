/**
 * The app's session gate, for every /app path (api/policy.ts), in order:
 * 1. any Authorization header -> 403: API keys never work on the app, and a request that brings
 *    one never falls back to the cookie (spec §5.2, §5.3);
 * 2. a state-changing request (anything but GET/HEAD) from another site -> 403: its Origin must
 *    be this server's own, and Sec-Fetch-Site must not say cross-site;
 * 3. the session from the cookie (looked up by the hash of its id), ended when idle or past its
 *    absolute end; a route that needs one and has none -> 401;
 * 4. a state-changing request must echo the CSRF token in X-CSRF-Token: the session's
 *    (synchronizer token), or on sign-in and invitations the pre-session cookie's (double submit) -> else 403;
 * 5. the account behind the session as it is now: a disabled member, a suspended company or a
 *    missing merchant ends the session (403); a route for the other kind of account -> 403.
 */
import type { Context, Middleware } from 'koa';
import { ApiError, errors } from '../errors.js';
import type { AppState } from '../state.js';
import type { Store } from '../../store/ports.js';
import type { AppSession } from '../../store/model.js';
import { randomToken, sameToken, tokenHash } from './tokens.js';

export const SESSION_COOKIE = 'engcalc_session';
export const PRESESSION_COOKIE = 'engcalc_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/**
 * The session's last-seen time is written at most this often, and at most a tenth of the idle
 * time apart: the idle check reads the written time, so a session in use ends early by at most
 * that (with a fixed minute, an idle time of one minute ended every session after a minute,
 * however busy).
 */
const TOUCH_EVERY_MS = 60_000;
export const touchEveryMs = (rules: SessionRules): number => Math.min(TOUCH_EVERY_MS, Math.floor(rules.idleMs / 10));
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface SessionRules {
  idleMs: number;
  maxMs: number;
  /** The origin people open the app at (APP_URL), accepted besides the request's own. */
  publicOrigin?: string;
}

export interface AppGateDeps {
  store: Store;
  rules: SessionRules;
  now?: () => number;
}

/** Cookie attributes: only /app ever sees them; HttpOnly, SameSite=Strict; Secure over TLS (as the trusted proxy reports it). */
export function cookieOptions(ctx: Context, expires?: Date) {
  return { path: '/app', httpOnly: true, sameSite: 'strict' as const, secure: ctx.secure, overwrite: true, ...(expires ? { expires } : {}) };
}

/** The pre-session CSRF token (double submit, for sign-in and invitations): set when absent. */
export function presessionToken(ctx: Context): string {
  const current = ctx.cookies.get(PRESESSION_COOKIE);
  if (current && /^[A-Za-z0-9_-]{43}$/.test(current)) return current;
  const token = randomToken();
  ctx.cookies.set(PRESESSION_COOKIE, token, cookieOptions(ctx));
  return token;
}

export function sessionOver(s: AppSession, rules: SessionRules, nowMs: number): boolean {
  return Date.parse(s.expiresAt) <= nowMs || Date.parse(s.lastSeenAt) + rules.idleMs <= nowMs;
}

export function appGate(deps: AppGateDeps): Middleware<AppState> {
  const { store, rules } = deps;
  const touchEvery = touchEveryMs(rules);
  const now = deps.now ?? Date.now;

  return async (ctx, next) => {
    if (ctx.get('Authorization')) {
      throw errors.forbidden('API keys cannot be used on the app (/app): sign in with your email and password instead. Keys work on GET /v1/me, /v1/engine/functions, /v1/projects and /v1/mcp');
    }
    const changing = !SAFE_METHODS.has(ctx.method);
    if (changing) refuseCrossSite(ctx, rules.publicOrigin);

    const route = ctx.state.route;
    // The page, its files, sign-in and invitations: no session is read; changes carry the pre-session token.
    if (route?.access === 'app' && route.session === 'none') {
      if (changing) checkCsrf(ctx, ctx.cookies.get(PRESESSION_COOKIE));
      return next();
    }
    const t = now();
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    let session: AppSession | undefined;
    let sessionHash = '';
    if (cookie && /^[A-Za-z0-9_-]{43}$/.test(cookie)) {
      sessionHash = tokenHash(cookie);
      session = await store.app.getSession(sessionHash);
      if (session && sessionOver(session, rules, t)) {
        await store.app.deleteSession(sessionHash);
        session = undefined;
      }
    }
    if (!session) {
      if (cookie) ctx.cookies.set(SESSION_COOKIE, '', cookieOptions(ctx, new Date(0)));
      throw new ApiError('unauthenticated', cookie ? 'Your session has ended; sign in again' : 'Sign in first: this page of the app needs a session');
    }
    if (changing) checkCsrf(ctx, session.csrfToken);

    const auth: NonNullable<AppState['app']> = { session, sessionHash };
    if (session.subject.kind === 'member') {
      const member = await store.members.get(session.subject.id);
      const company = member ? await store.companies.get(member.companyId) : undefined;
      if (!member || !company || member.disabled || company.suspended) {
        await store.app.deleteSession(sessionHash);
        throw errors.forbidden(!member || !company ? 'This account no longer exists' : member.disabled ? 'Your member account is disabled' : 'The company account is suspended');
      }
      auth.member = member;
      auth.company = company;
    } else {
      const merchant = await store.payments.merchants.get(session.subject.id);
      if (!merchant) {
        await store.app.deleteSession(sessionHash);
        throw errors.forbidden('This merchant no longer exists');
      }
      auth.merchant = merchant;
    }
    if (route?.account && route.account !== session.subject.kind) {
      throw errors.forbidden(route.account === 'merchant' ? 'This part of the app is for merchant users' : 'This part of the app is for company members');
    }
    if (Date.parse(session.lastSeenAt) + touchEvery <= t) await store.app.touchSession(sessionHash, new Date(t).toISOString());
    ctx.state.app = auth;
    await next();
  };
}

/** A state-changing request must come from this server's own pages. */
function refuseCrossSite(ctx: Context, publicOrigin: string | undefined): void {
  const origin = ctx.get('Origin');
  const site = ctx.get('Sec-Fetch-Site');
  if (site === 'cross-site' || site === 'same-site') throw errors.forbidden('Cross-site requests cannot change anything in the app');
  // The request's own origin (behind a TLS proxy: with TRUST_PROXY, from X-Forwarded-Proto/Host), or APP_URL's.
  if (origin && origin !== `${ctx.protocol}://${ctx.host}` && origin !== publicOrigin) {
    throw errors.forbidden(`Requests from ${origin.slice(0, 100)} cannot change anything in the app`);
  }
}

function checkCsrf(ctx: Context, expected: string | undefined): void {
  const sent = ctx.get(CSRF_HEADER);
  if (!sent) throw errors.forbidden(`Missing CSRF token: send the header ${CSRF_HEADER} with the token the app gave you`);
  if (!expected || !sameToken(sent, expected)) throw errors.forbidden(`Wrong CSRF token in ${CSRF_HEADER}; reload the app`);
}
