/**
 * Sign-in, sign-out, who is signed in, and setting a password from an invitation link.
 * Sign-in and the invitation answer need no session, but still the pre-session CSRF token.
 */
import { KEY_EXPIRIES, KEY_SCOPES, DEFAULT_KEY_SCOPES, type AppSession } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import type { RequestLimits } from '../../store/governance.js';
import type { AppAuth } from '../state.js';
import type { RouteSpec } from '../routes/route.js';
import { MAX_ACTIVE_KEYS_PER_MEMBER } from '../accounts/keys.js';
import { AccountError } from '../accounts/accountError.js';
import { errors } from '../errors.js';
import { ROLL_GRACE_MS } from '../payments/keys.js';
import { cookieOptions, SESSION_COOKIE, type SessionRules } from './gate.js';
import { acceptInvitation } from './invitations.js';
import { appRoute, formBody, noStore } from './route.js';
import { signIn } from './signIn.js';

export interface SessionRouteDeps {
  store: Store;
  limits: RequestLimits;
  rules: SessionRules;
}

/** Who is signed in, what they may do, and the CSRF token their changes must carry. */
export function accountView(session: AppSession, auth: Omit<AppAuth, 'session' | 'sessionHash'>, rules: SessionRules) {
  const common = { csrfToken: session.csrfToken, email: session.email, expiresAt: session.expiresAt, idleMinutes: rules.idleMs / 60_000 };
  if (auth.member && auth.company) {
    const { member, company } = auth;
    return {
      ...common,
      kind: 'member' as const,
      member: { id: member.id, email: member.email, emailVerified: member.emailVerified, permissions: member.permissions },
      company: { id: company.id, name: company.name, apiAccess: company.plan.apiAccess, licences: company.licences },
      keyRules: { scopes: KEY_SCOPES, defaultScopes: DEFAULT_KEY_SCOPES, expiries: Object.keys(KEY_EXPIRIES), maxActive: MAX_ACTIVE_KEYS_PER_MEMBER },
    };
  }
  return { ...common, kind: 'merchant' as const, merchant: { id: auth.merchant!.id, name: auth.merchant!.name }, rollGraceMinutes: ROLL_GRACE_MS / 60_000 };
}

export function sessionRoutes(deps: SessionRouteDeps): RouteSpec[] {
  const { store, rules } = deps;
  return [
    appRoute({
      method: 'POST',
      path: '/app/session',
      operationId: 'appSignIn',
      summary: 'Sign in with email and password',
      session: 'none',
      async handler(ctx) {
        const session = await signIn(deps, ctx, await formBody(ctx));
        const auth: Omit<AppAuth, 'session' | 'sessionHash'> = {};
        if (session.subject.kind === 'member') {
          auth.member = await store.members.get(session.subject.id);
          auth.company = auth.member ? await store.companies.get(auth.member.companyId) : undefined;
        } else auth.merchant = await store.payments.merchants.get(session.subject.id);
        noStore(ctx);
        ctx.body = accountView(session, auth, rules);
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/session',
      operationId: 'appWhoAmI',
      summary: 'The signed-in account and its CSRF token',
      async handler(ctx) {
        const auth = ctx.state.app!;
        noStore(ctx);
        ctx.body = accountView(auth.session, auth, rules);
      },
    }),
    appRoute({
      method: 'DELETE',
      path: '/app/session',
      operationId: 'appSignOut',
      summary: 'Sign out (the session ends on the server)',
      async handler(ctx) {
        await store.app.deleteSession(ctx.state.app!.sessionHash);
        ctx.cookies.set(SESSION_COOKIE, '', cookieOptions(ctx, new Date(0)));
        ctx.status = 204;
      },
    }),
    appRoute({
      method: 'POST',
      path: '/app/invitations/accept',
      operationId: 'appAcceptInvitation',
      summary: 'Set a password with the token of an invitation link',
      session: 'none',
      async handler(ctx) {
        // Each answer costs a password hash: an address that keeps sending unknown tokens is stopped
        // like one guessing keys. Counted before the hash (a burst sent together all passed a check
        // made first); only an unknown token keeps the count.
        const gate = await deps.limits.reserveFailedAttempt(ctx.ip);
        if (!gate.allowed) throw errors.rateLimited(gate.retryAfterMs / 1000, 'Too many failed attempts from this address');
        let unknownToken = false;
        try {
          const { email, subject } = await acceptInvitation(store, await formBody(ctx)).catch((err: unknown) => {
            unknownToken = err instanceof AccountError && err.code === 'not_found';
            throw err;
          });
          noStore(ctx);
          ctx.body = { email, kind: subject.kind, next: 'Your password is set: sign in with it.' };
        } finally {
          if (!unknownToken) await deps.limits.releaseFailedAttempt(ctx.ip);
        }
      },
    }),
  ];
}
