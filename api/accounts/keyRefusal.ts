/**
 * Why a key does not work now (DESIGN.md §4 steps 2-3: the key's own state, then its member and
 * company), one rule for the request gate (api/middleware/authenticate.ts) and for work a key
 * started that is still running (api/engine/runKeyWatch.ts): a string is a bad key, answered 401
 * (and counted as a failed attempt at the gate); an ApiError is the account's state, answered as it is.
 */
import { ApiError } from '../errors.js';
import { keyState, type ApiKeyRecord, type Company, type Member } from '../../store/model.js';

export interface KeyOwnerRecords {
  key: ApiKeyRecord | undefined;
  member: Member | undefined;
  company: Company | undefined;
}

export function keyRefusal(found: KeyOwnerRecords | undefined, now: Date): string | ApiError | null {
  const key = found?.key;
  if (!key) return 'Unknown API key';
  const state = keyState(key, now);
  if (state === 'revoked') return 'This API key has been revoked';
  if (state === 'expired') return `This API key expired at ${key.expiresAt}; create a new key in the app`;
  return ownerRefusal(found.member, found.company);
}

/** Steps 3 alone: the member and company behind a key (for a run recorded before runs kept their key). */
export function ownerRefusal(member: Member | undefined, company: Company | undefined): string | ApiError | null {
  if (!member || !company) return 'Unknown API key';
  if (member.disabled) return new ApiError('forbidden', 'The member who owns this key is disabled');
  if (!member.emailVerified) return new ApiError('email_not_verified', 'The member who owns this key has not verified their email');
  if (company.suspended) return new ApiError('tenant_suspended', 'The company account is suspended');
  return null;
}
