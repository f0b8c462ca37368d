/**
 * MongoDB adapter of the app's sign-ins, invitations and sessions (store/ports.ts AppStore).
 * Each rule is one single-document atomic operation: the login is keyed by email, a wrong password
 * counts and locks its address's guard in one pipeline update, an invitation is consumed by a
 * conditional update. Sessions, invitations and guards carry a Date for TTL indexes, so MongoDB
 * removes them: a session once it is over, an invitation INVITATION_KEPT_MS after it expires, a
 * guard once its failures are forgotten and its lock is over (store/ports.ts).
 */
import type { Collection, Db } from 'mongodb';
import { INVITATION_KEPT_MS, type AppInvitation, type AppLogin, type AppSession, type SignInGuard } from '../model.js';
import type { AppStore } from '../ports.js';
import { isDuplicate, plain } from './index.js';

type LoginDoc = AppLogin & { _id: string };
type InvitationDoc = AppInvitation & { _id: string; expireAt: Date };
type SessionDoc = AppSession & { _id: string; expireAt: Date };
type GuardDoc = SignInGuard & { _id: string; expireAt: Date };

export async function mongoApp(db: Db): Promise<AppStore> {
  const logins: Collection<LoginDoc> = db.collection('appLogins');
  const invitations: Collection<InvitationDoc> = db.collection('appInvitations');
  const sessions: Collection<SessionDoc> = db.collection('appSessions');
  const guards: Collection<GuardDoc> = db.collection('appSignInGuards');
  await Promise.all([
    invitations.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 }),
    invitations.createIndex({ email: 1 }),
    sessions.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 }),
    sessions.createIndex({ 'subject.kind': 1, 'subject.id': 1 }),
    guards.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 }),
  ]);
  const strip = <T>(doc: (T & { _id?: unknown; expireAt?: unknown }) | null): T | undefined => {
    const p = plain(doc) as (T & { expireAt?: unknown }) | undefined;
    if (!p) return undefined;
    const { expireAt: _e, ...rest } = p;
    return rest as T;
  };
  /**
   * One pipeline update of a guard not locked at `at` (upserted for a key not seen yet): forget,
   * count, lock, expire. A locked guard misses the filter, and the upsert collides on _id.
   */
  const countAttempt = async (key: string, maxFailures: number, lockUntil: string, at: string, forgetBefore: string, forgetAt: string): Promise<SignInGuard> => {
    const doc = await guards.findOneAndUpdate(
      { _id: key, $or: [{ lockedUntil: null }, { lockedUntil: { $lte: at } }] },
      [
        {
          $set: {
            key,
            failures: { $add: [{ $cond: [{ $gte: [{ $ifNull: ['$lastFailureAt', ''] }, forgetBefore] }, '$failures', 0] }, 1] },
            lockedUntil: null,
            lastFailureAt: at,
          },
        },
        {
          $set: {
            lockedUntil: { $cond: [{ $gte: ['$failures', maxFailures] }, lockUntil, null] },
            failures: { $cond: [{ $gte: ['$failures', maxFailures] }, 0, '$failures'] },
          },
        },
        { $set: { expiresAt: { $cond: [{ $gt: [{ $ifNull: ['$lockedUntil', ''] }, forgetAt] }, '$lockedUntil', forgetAt] } } },
        { $set: { expireAt: { $toDate: '$expiresAt' } } },
      ],
      { upsert: true, returnDocument: 'after' },
    );
    return strip<SignInGuard>(doc)!;
  };

  return {
    async getLogin(email) {
      return strip<AppLogin>(await logins.findOne({ _id: email.toLowerCase() }));
    },
    async setPassword(email, subject, passwordHash, at) {
      const id = email.toLowerCase();
      try {
        // Matches only a login of the same subject (or none: then the upsert inserts it, taking
        // _id and subject from the filter's equalities); a login of another subject makes the
        // upsert collide on _id.
        await logins.updateOne(
          { _id: id, 'subject.kind': subject.kind, 'subject.id': subject.id },
          { $set: { passwordHash, updatedAt: at, email: id }, $setOnInsert: { createdAt: at } },
          { upsert: true },
        );
        return 'set';
      } catch (err) {
        if (isDuplicate(err)) return 'taken';
        throw err;
      }
    },
    async getSignInGuard(key) {
      return strip<SignInGuard>(await guards.findOne({ _id: key }));
    },
    async reserveSignInAttempt(key, maxFailures, lockUntil, at, forgetBefore, forgetAt) {
      for (;;) {
        try {
          return { refused: false, guard: await countAttempt(key, maxFailures, lockUntil, at, forgetBefore, forgetAt) };
        } catch (err) {
          // The filter missed a guard that exists: it is locked (refused), unless the lock was lifted since (count again).
          if (!isDuplicate(err)) throw err;
          const locked = strip<SignInGuard>(await guards.findOne({ _id: key }));
          if (locked?.lockedUntil && locked.lockedUntil > at) return { refused: true, guard: locked };
        }
      }
    },
    async clearSignInGuard(key) {
      await guards.deleteOne({ _id: key });
    },
    async createInvitation(invitation) {
      await invitations.updateMany(
        { email: invitation.email, 'subject.kind': invitation.subject.kind, 'subject.id': invitation.subject.id, usedAt: null, supersededAt: null },
        { $set: { supersededAt: invitation.createdAt } },
      );
      await invitations.insertOne({ _id: invitation.tokenHash, ...invitation, expireAt: new Date(Date.parse(invitation.expiresAt) + INVITATION_KEPT_MS) });
    },
    async consumeInvitation(tokenHash, at) {
      const used = await invitations.findOneAndUpdate({ _id: tokenHash, usedAt: null, supersededAt: null, expiresAt: { $gt: at } }, { $set: { usedAt: at } }, { returnDocument: 'after' });
      if (used) return { status: 'consumed', invitation: strip<AppInvitation>(used)! };
      const cur = await invitations.findOne({ _id: tokenHash });
      if (!cur) return { status: 'not_found' };
      return cur.usedAt ? { status: 'used' } : cur.supersededAt ? { status: 'superseded' } : { status: 'expired' };
    },
    async createSession(session) {
      await sessions.insertOne({ _id: session.idHash, ...session, expireAt: new Date(session.expiresAt) });
    },
    async getSession(idHash) {
      return strip<AppSession>(await sessions.findOne({ _id: idHash }));
    },
    async touchSession(idHash, lastSeenAt) {
      await sessions.updateOne({ _id: idHash }, { $set: { lastSeenAt } });
    },
    async deleteSession(idHash) {
      await sessions.deleteOne({ _id: idHash });
    },
    async deleteSessionsOf(subject) {
      return (await sessions.deleteMany({ 'subject.kind': subject.kind, 'subject.id': subject.id })).deletedCount;
    },
  };
}
