/**
 * Invitations: the admin CLI makes a one-time link (no mail is sent here) with which a member or
 * a merchant's user sets their password. The token rides in the link's fragment (`#...`), which
 * browsers never send to a server, so it stays out of access logs and Referer headers; only its
 * SHA-256 is stored. Setting a password signs the person out of every other session.
 */
import { AccountError } from '../accounts/accountError.js';
import { newId } from '../accounts/ids.js';
import { fieldMessages } from '../text.js';
import { hashPassword, passwordProblem } from './password.js';
import { randomToken, tokenHash, TOKEN_PATTERN } from './tokens.js';
import { signInGuardKey } from './signIn.js';
import type { AppSubject } from '../../store/model.js';
import type { Store } from '../../store/ports.js';

export const INVITATION_TTL_MS = 72 * 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Invitation {
  link: string;
  email: string;
  expiresAt: string;
}

/** A link for a member of a company (the email is the member's). */
export async function inviteMember(store: Store, memberId: string, baseUrl: string, now = new Date()): Promise<Invitation> {
  const member = await store.members.get(memberId);
  if (!member) throw new AccountError('not_found', `member ${memberId} not found`);
  const invitation = await invite(store, member.email, { kind: 'member', id: member.id }, baseUrl, now);
  await store.audit.append({ id: newId('aud'), companyId: member.companyId, at: now.toISOString(), actor: 'operator', action: 'member.invited', details: { memberId, email: member.email, expiresAt: invitation.expiresAt } });
  return invitation;
}

/** A link for a user of a payments merchant. */
export async function inviteMerchantUser(store: Store, merchantId: string, email: string, baseUrl: string, now = new Date()): Promise<Invitation> {
  const address = (email ?? '').trim();
  if (!EMAIL.test(address) || address.length > 254) throw new AccountError('validation_failed', 'invalid invitation', { fields: { email: 'must be an email address' } });
  if (!(await store.payments.merchants.get(merchantId))) throw new AccountError('not_found', `merchant ${merchantId} not found`);
  return invite(store, address, { kind: 'merchant', id: merchantId }, baseUrl, now);
}

async function invite(store: Store, email: string, subject: AppSubject, baseUrl: string, now: Date): Promise<Invitation> {
  const existing = await store.app.getLogin(email);
  if (existing && (existing.subject.kind !== subject.kind || existing.subject.id !== subject.id)) {
    throw new AccountError('conflict', `${email} already signs in to another ${existing.subject.kind === 'member' ? 'company member' : 'merchant'}; one email signs in to one account`);
  }
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  await store.app.createInvitation({ tokenHash: tokenHash(token), email: email.toLowerCase(), subject, createdAt: now.toISOString(), expiresAt, usedAt: null });
  return { link: `${baseUrl.replace(/\/+$/, '')}/app/invite#${token}`, email: email.toLowerCase(), expiresAt };
}

/** Sets the password of the invitation's account; the token works once. */
export async function acceptInvitation(store: Store, input: { token?: unknown; password?: unknown }, now = new Date()): Promise<{ email: string; subject: AppSubject }> {
  const fields = fieldMessages();
  if (typeof input.token !== 'string' || !TOKEN_PATTERN.test(input.token)) fields.token = 'must be the token of an invitation link (43 characters)';
  const problem = passwordProblem(input.password);
  if (problem) fields.password = problem;
  if (Object.keys(fields).length) throw new AccountError('validation_failed', 'invalid invitation answer', { fields });
  // Hash before consuming, so a slow hash never leaves a used invitation without a password.
  const passwordHash = await hashPassword(input.password as string);
  const at = now.toISOString();
  const outcome = await store.app.consumeInvitation(tokenHash(input.token as string), at);
  if (outcome.status === 'not_found') throw new AccountError('not_found', 'This invitation link is not known; ask your administrator for a new one');
  if (outcome.status === 'used') throw new AccountError('conflict', 'This invitation link was already used; ask your administrator for a new one');
  if (outcome.status === 'superseded') throw new AccountError('conflict', 'A newer invitation link replaced this one; use the latest link you were sent');
  if (outcome.status === 'expired') throw new AccountError('conflict', 'This invitation link has expired; ask your administrator for a new one');
  const { email, subject } = outcome.invitation;
  if ((await store.app.setPassword(email, subject, passwordHash, at)) === 'taken') throw new AccountError('conflict', `${email} already signs in to another account`);
  await store.app.clearSignInGuard(signInGuardKey(email)); // a new password lifts the lock (the lock's message says so)
  await store.app.deleteSessionsOf(subject);
  if (subject.kind === 'member') {
    const member = await store.members.get(subject.id);
    if (member) await store.audit.append({ id: newId('aud'), companyId: member.companyId, at, actor: member.id, action: 'member.passwordSet', details: { memberId: member.id } });
  }
  return { email, subject };
}
