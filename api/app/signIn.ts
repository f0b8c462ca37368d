/**
 * Signing in to the app. Limits, in order: the client address's failed attempts (shared with
 * API keys: 20 a minute, store/governance.ts) and the email address's lock (10 wrong passwords,
 * none 15 minutes apart, lock sign-in with it for 15 minutes, whatever the client address, even
 * with the right password). Every wrong password counts against both.
 * Each attempt is counted against both before its password is checked (scrypt, ~100 ms), each in
 * one atomic step that refuses at the limit: a check first and a count after the password let
 * every attempt of a burst sent together past the check. The right password gives its counts back.
 * An unknown email answers exactly as a known one with a wrong password: the same scrypt run,
 * and the same count and lock (kept by a hash of the address, store/model.ts SignInGuard), so
 * neither the answers nor the lock tell whether an account exists.
 * A successful sign-in always makes a new session id (rotation): the one the browser had ends.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { ApiError, errors } from '../errors.js';
import type { RequestLimits } from '../../store/governance.js';
import type { AppSession, AppSubject } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import { cookieOptions, SESSION_COOKIE, type SessionRules } from './gate.js';
import { decoyHash, verifyPassword } from './password.js';
import { randomToken, tokenHash } from './tokens.js';

export const MAX_WRONG_PASSWORDS = 10;
export const LOCK_MS = 15 * 60_000;
/** A wrong password is forgotten this long after the last one (none since). */
export const FAILURES_FORGOTTEN_MS = 15 * 60_000;

/** The guard's key of an email address (sign-in guards keep no addresses). */
export const signInGuardKey = (email: string): string => createHash('sha256').update(`engcalc sign-in guard\n${email.trim().toLowerCase()}`).digest('hex');

export interface SignInDeps {
  store: Store;
  limits: RequestLimits;
  rules: SessionRules;
  now?: () => number;
}

const lockedError = (lockedUntil: string, nowMs: number) => {
  const seconds = Math.max(1, Math.ceil((Date.parse(lockedUntil) - nowMs) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return errors.rateLimited(
    seconds,
    `Sign-in with this email address is locked after ${MAX_WRONG_PASSWORDS} wrong passwords; try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${lockedUntil.slice(11, 16)} UTC), or ask your administrator for a new invitation link to set a new password`,
  );
};

/** Checks the credentials and opens a session (setting its cookie); returns it. */
export async function signIn(deps: SignInDeps, ctx: Context, input: { email?: unknown; password?: unknown }): Promise<AppSession> {
  const { limits } = deps;
  const address = ctx.ip;
  const gate = await limits.reserveFailedAttempt(address);
  if (!gate.allowed) throw errors.rateLimited(gate.retryAfterMs / 1000, 'Too many failed sign-in and key attempts from this address');
  let failed = false;
  try {
    return await checkAndOpen(deps, ctx, input, () => (failed = true));
  } finally {
    // Only a wrong password (or unknown email) keeps the address's count; anything else gives it back.
    if (!failed) await limits.releaseFailedAttempt(address);
  }
}

async function checkAndOpen(deps: SignInDeps, ctx: Context, input: { email?: unknown; password?: unknown }, wrongPassword: () => void): Promise<AppSession> {
  const { store, rules } = deps;
  const nowMs = (deps.now ?? Date.now)();
  const fields: Record<string, string> = {};
  if (typeof input.email !== 'string' || input.email.trim() === '' || input.email.length > 254) fields.email = 'must be your email address';
  if (typeof input.password !== 'string' || input.password === '' || input.password.length > 1024) fields.password = 'must be your password';
  if (Object.keys(fields).length) throw errors.validation('Give your email and password', fields);
  const email = (input.email as string).trim().toLowerCase();
  const password = input.password as string;

  const guardKey = signInGuardKey(email);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Counted as a wrong password now, before scrypt; the 10th locks, and a locked email is refused unchecked.
  const [login, { refused, guard }] = await Promise.all([
    store.app.getLogin(email),
    store.app.reserveSignInAttempt(guardKey, MAX_WRONG_PASSWORDS, iso(nowMs + LOCK_MS), iso(nowMs), iso(nowMs - FAILURES_FORGOTTEN_MS), iso(nowMs + FAILURES_FORGOTTEN_MS)),
  ]);
  if (refused) throw lockedError(guard.lockedUntil!, nowMs);
  const ok = await verifyPassword(password, login?.passwordHash ?? (await decoyHash()));
  if (!login || !ok) {
    wrongPassword();
    if (guard.lockedUntil && Date.parse(guard.lockedUntil) > nowMs) throw lockedError(guard.lockedUntil, nowMs);
    throw new ApiError('unauthenticated', 'Wrong email or password');
  }
  // The right password: its count (and a lock it set as the 10th) is given back, as a success always reset the email's failures.
  await store.app.clearSignInGuard(guardKey);
  await refuseClosedAccount(store, login.subject);

  // Rotation: whatever session id the browser brought ends here; the new one is fresh.
  const previous = ctx.cookies.get(SESSION_COOKIE);
  if (previous) await store.app.deleteSession(tokenHash(previous));
  const id = randomToken();
  const at = new Date(nowMs).toISOString();
  const session: AppSession = {
    idHash: tokenHash(id),
    email,
    subject: login.subject,
    csrfToken: randomToken(),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(nowMs + rules.maxMs).toISOString(),
  };
  await store.app.createSession(session);
  // A session cookie (no Expires): it also ends when the browser closes; the server enforces both expiries.
  ctx.cookies.set(SESSION_COOKIE, id, cookieOptions(ctx));
  return session;
}

async function refuseClosedAccount(store: Store, subject: AppSubject): Promise<void> {
  if (subject.kind === 'merchant') {
    if (!(await store.payments.merchants.get(subject.id))) throw errors.forbidden('This merchant no longer exists');
    return;
  }
  const member = await store.members.get(subject.id);
  const company = member ? await store.companies.get(member.companyId) : undefined;
  if (!member || !company) throw errors.forbidden('This account no longer exists');
  if (member.disabled) throw errors.forbidden('Your member account is disabled');
  if (company.suspended) throw new ApiError('tenant_suspended', 'The company account is suspended');
}
