/**
 * LMDB adapter of the app's sign-ins, invitations and sessions (store/ports.ts AppStore). Every
 * read-modify-write runs in one write transaction. A subject's sessions past their absolute end
 * are removed whenever it signs in again, and invitations INVITATION_KEPT_MS past their expiry
 * whenever another is created, so neither piles up.
 */
import { absentWhenKeyTooLong } from './boundedKeys.js';
import type { Database, RootDatabase } from 'lmdb';
import { INVITATION_KEPT_MS, type AppInvitation, type AppLogin, type AppSession, type AppSubject, type SignInGuard } from '../model.js';
import type { AppStore } from '../ports.js';

type Key = string | string[];

/** Expired sign-in guards removed as one failure is recorded (the rest go with the next ones). */
const GUARDS_DROPPED_PER_FAILURE = 32;

/** Two invitations for the same person: one email, one account. */
const sameInvitee = (a: AppInvitation, b: AppInvitation) => a.email === b.email && a.subject.kind === b.subject.kind && a.subject.id === b.subject.id;

export function lmdbApp(root: RootDatabase): AppStore {
  const db = <V>(name: string): Database<V, Key> => absentWhenKeyTooLong(root.openDB<V, Key>({ name }));
  const logins = db<AppLogin>('app.logins'); // email -> login
  const invitations = db<AppInvitation>('app.invitations'); // tokenHash -> invitation
  const sessions = db<AppSession>('app.sessions'); // idHash -> session
  const bySubject = db<string>('app.sessions.bySubject'); // [kind, id, idHash] -> idHash
  const guards = db<SignInGuard>('app.signInGuards'); // key -> guard
  const guardsByExpiry = db<string>('app.signInGuards.byExpiry'); // [expiresAt, key] -> key
  const subjectKey = (s: AppSubject, idHash: string): string[] => [s.kind, s.id, idHash];
  const sessionHashesOf = (s: AppSubject): string[] => [...bySubject.getRange({ start: [s.kind, s.id], end: [s.kind, s.id, '\uffff'] })].map((e) => e.value);

  const removeSession = (idHash: string) => {
    const s = sessions.get(idHash);
    if (!s) return false;
    sessions.remove(idHash);
    bySubject.remove(subjectKey(s.subject, idHash));
    return true;
  };

  return {
    async getLogin(email) {
      return logins.get(email.toLowerCase());
    },
    async setPassword(email, subject, passwordHash, at) {
      const id = email.toLowerCase();
      return root.transaction(() => {
        const cur = logins.get(id);
        if (cur && (cur.subject.kind !== subject.kind || cur.subject.id !== subject.id)) return 'taken' as const;
        logins.put(id, { email: id, subject, passwordHash, createdAt: cur?.createdAt ?? at, updatedAt: at });
        return 'set' as const;
      });
    },
    async getSignInGuard(key) {
      return guards.get(key);
    },
    async reserveSignInAttempt(key, maxFailures, lockUntil, at, forgetBefore, forgetAt) {
      return root.transaction(() => {
        const locked = guards.get(key);
        if (locked?.lockedUntil && locked.lockedUntil > at) return { refused: true, guard: locked };
        // Guards past their expiry go, a bounded number per attempt (addresses tried are not kept).
        const expired = [...guardsByExpiry.getRange({ end: [at], limit: GUARDS_DROPPED_PER_FAILURE })];
        for (const { key: indexKey, value: guardKey } of expired) {
          guardsByExpiry.remove(indexKey);
          const g = guards.get(guardKey);
          if (g && g.expiresAt <= at) guards.remove(guardKey);
        }
        const cur = guards.get(key);
        const kept = cur && cur.lastFailureAt >= forgetBefore ? cur.failures : 0;
        const failures = kept + 1;
        const lockedUntil = failures >= maxFailures ? lockUntil : null;
        const next: SignInGuard = {
          key,
          failures: failures >= maxFailures ? 0 : failures,
          lastFailureAt: at,
          lockedUntil,
          expiresAt: lockedUntil && lockedUntil > forgetAt ? lockedUntil : forgetAt,
        };
        if (cur) guardsByExpiry.remove([cur.expiresAt, key]);
        guards.put(key, next);
        guardsByExpiry.put([next.expiresAt, key], key);
        return { refused: false, guard: next };
      });
    },
    async clearSignInGuard(key) {
      await root.transaction(() => {
        const cur = guards.get(key);
        if (!cur) return;
        guards.remove(key);
        guardsByExpiry.remove([cur.expiresAt, key]);
      });
    },
    async createInvitation(invitation) {
      await root.transaction(() => {
        // Those kept past INVITATION_KEPT_MS after their expiry go (invitations are few: a scan is cheap).
        const forgetBefore = Date.parse(invitation.createdAt) - INVITATION_KEPT_MS;
        for (const { key, value } of invitations.getRange()) {
          if (Date.parse(value.expiresAt) < forgetBefore) invitations.remove(key);
          else if (sameInvitee(value, invitation) && !value.usedAt && !value.supersededAt) invitations.put(key, { ...value, supersededAt: invitation.createdAt });
        }
        invitations.put(invitation.tokenHash, invitation);
      });
    },
    async consumeInvitation(tokenHash, at) {
      return root.transaction(() => {
        const cur = invitations.get(tokenHash);
        if (!cur) return { status: 'not_found' as const };
        if (cur.usedAt) return { status: 'used' as const };
        if (cur.supersededAt) return { status: 'superseded' as const };
        if (Date.parse(cur.expiresAt) <= Date.parse(at)) return { status: 'expired' as const };
        const used = { ...cur, usedAt: at };
        invitations.put(tokenHash, used);
        return { status: 'consumed' as const, invitation: used };
      });
    },
    async createSession(session) {
      await root.transaction(() => {
        const now = Date.parse(session.createdAt);
        for (const idHash of sessionHashesOf(session.subject)) {
          const s = sessions.get(idHash);
          if (!s || Date.parse(s.expiresAt) <= now) removeSession(idHash);
        }
        sessions.put(session.idHash, session);
        bySubject.put(subjectKey(session.subject, session.idHash), session.idHash);
      });
    },
    async getSession(idHash) {
      return sessions.get(idHash);
    },
    async touchSession(idHash, lastSeenAt) {
      await root.transaction(() => {
        const cur = sessions.get(idHash);
        if (cur) sessions.put(idHash, { ...cur, lastSeenAt });
      });
    },
    async deleteSession(idHash) {
      await root.transaction(() => removeSession(idHash));
    },
    async deleteSessionsOf(subject) {
      return root.transaction(() => sessionHashesOf(subject).filter((h) => removeSession(h)).length);
    },
  };
}
