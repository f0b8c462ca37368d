import type { ApiKeyRecord, Company, Member } from '../store/model.js';
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
  access: 'public' | 'key' | 'payments';
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
  /** Set by the payments gate on payments routes. */
  payments?: PaymentsAuth;
  /** Set by the policy step; absent when no route matches the path. */
  route?: RouteInfo;
}
