import type { ApiKeyRecord, Company, Member } from '../store/model.js';

/** What authentication established about the caller; set on ctx.state.auth. */
export interface AuthContext {
  key: ApiKeyRecord;
  member: Member;
  company: Company;
}

/** Per-request facts that ride on ctx.state. */
export interface AppState {
  requestId: string;
  auth?: AuthContext;
}
