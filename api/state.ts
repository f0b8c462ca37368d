import type { ApiKeyRecord, Company, Member } from '../store/model.js';

/** What authentication established about the caller; set on ctx.state.auth. */
export interface AuthContext {
  key: ApiKeyRecord;
  member: Member;
  company: Company;
}

/** The route a request matched (api/policy.ts): its template and who may call it. */
export interface RouteInfo {
  operationId: string;
  /** OpenAPI path template, e.g. /v1/projects/{id}. */
  path: string;
  access: 'public' | 'key';
}

/** Per-request facts that ride on ctx.state. */
export interface AppState {
  requestId: string;
  auth?: AuthContext;
  /** Set by the policy step; absent when no route matches the path. */
  route?: RouteInfo;
}
