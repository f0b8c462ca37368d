import type { ApiKeyRecord, AppSession, Company, Member } from '../store/model.js';
import type { Merchant, MerchantKey, Scope } from '../store/payments/model.js';

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
  access: 'public' | 'key' | 'payments' | 'app';
  /** App routes: whether a session is needed, and whose. */
  session?: 'required' | 'none';
  account?: 'member' | 'merchant';
}

/** What the app's session gate established (api/app/gate.ts); set on ctx.state.app. */
export interface AppAuth {
  session: AppSession;
  /** The session id as the cookie carries it (to end it). */
  sessionHash: string;
  /** A member's session: the member and company, as they are now. */
  member?: Member;
  company?: Company;
  /** A merchant user's session: the merchant. */
  merchant?: Merchant;
}

/** What the payments gate established (api/payments/gate.ts); set on ctx.state.payments. */
export interface PaymentsAuth {
  merchant: Merchant;
  key: MerchantKey;
  /** The merchant and the environment the key's prefix picked. */
  scope: Scope;
}

/** Per-request facts that ride on ctx.state. */
export interface AppState {
  requestId: string;
  auth?: AuthContext;
  /** Set by the app's session gate on app routes when a session is open. */
  app?: AppAuth;
  /** Set by the payments gate on payments routes. */
  payments?: PaymentsAuth;
  /** Set by the policy step; absent when no route matches the path. */
  route?: RouteInfo;
}
