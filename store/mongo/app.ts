/**
 * MongoDB adapter of the app's sign-ins, invitations and sessions (store/ports.ts AppStore).
 * Each rule is one single-document atomic operation: the login is keyed by email, a failure
 * counts and locks in one pipeline update, an invitation is consumed by a conditional update.
 * Sessions and invitations carry a Date for TTL indexes, so MongoDB removes them: a session once
 * it is over, an invitation INVITATION_KEPT_MS after it expires (store/ports.ts).
 */
import type { Collection, Db } from 'mongodb';
import { INVITATION_KEPT_MS, type AppInvitation, type AppLogin, type AppSession } from '../model.js';
import type { AppStore } from '../ports.js';
import { isDuplicate, plain } from './index.js';

type LoginDoc = AppLogin & { _id: string };
type InvitationDoc = AppInvitation & { _id: string; expireAt: Date };
type SessionDoc = AppSession & { _id: string; expireAt: Date };

export async function mongoApp(db: Db): Promise<AppStore> {
  const logins: Collection<LoginDoc> = db.collection('appLogins');
  const invitations: Collection<InvitationDoc> = db.collection('appInvitations');
  const sessions: Collection<SessionDoc> = db.collection('appSessions');
  await Promise.all([
    invitations.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 }),
    sessions.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 }),
    sessions.createIndex({ 'subject.kind': 1, 'subject.id': 1 }),
  ]);
  const strip = <T>(doc: (T & { _id?: unknown; expireAt?: unknown }) | null): T | undefined => {
    const p = plain(doc) as (T & { expireAt?: unknown }) | undefined;
    if (!p) return undefined;
    const { expireAt: _e, ...rest } = p;
    return rest as T;
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
          { $set: { passwordHash, failures: 0, lockedUntil: null, updatedAt: at, email: id }, $setOnInsert: { createdAt: at } },
          { upsert: true },
        );
        return 'set';
      } catch (err) {
        if (isDuplicate(err)) return 'taken';
        throw err;
      }
    },
    async recordFailure(email, maxFailures, lockUntil, at) {
      const doc = await logins.findOneAndUpdate(
        { _id: email.toLowerCase() },
        [
          { $set: { failures: { $add: ['$failures', 1] }, updatedAt: at } },
          {
            $set: {
              lockedUntil: { $cond: [{ $gte: ['$failures', maxFailures] }, lockUntil, '$lockedUntil'] },
              failures: { $cond: [{ $gte: ['$failures', maxFailures] }, 0, '$failures'] },
            },
          },
        ],
        { returnDocument: 'after' },
      );
      return strip<AppLogin>(doc);
    },
    async clearFailures(email) {
      await logins.updateOne({ _id: email.toLowerCase() }, { $set: { failures: 0, lockedUntil: null } });
    },
    async createInvitation(invitation) {
      await invitations.insertOne({ _id: invitation.tokenHash, ...invitation, expireAt: new Date(Date.parse(invitation.expiresAt) + INVITATION_KEPT_MS) });
    },
    async consumeInvitation(tokenHash, at) {
      const used = await invitations.findOneAndUpdate({ _id: tokenHash, usedAt: null, expiresAt: { $gt: at } }, { $set: { usedAt: at } }, { returnDocument: 'after' });
      if (used) return { status: 'consumed', invitation: strip<AppInvitation>(used)! };
      const cur = await invitations.findOne({ _id: tokenHash });
      if (!cur) return { status: 'not_found' };
      return cur.usedAt ? { status: 'used' } : { status: 'expired' };
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
