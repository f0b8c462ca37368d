/**
 * A browser-like client of the app over real HTTP: keeps the cookies the server sets (a
 * one-origin cookie jar), reads the pre-session CSRF token from the page, signs in and sends the
 * session's CSRF token on changes. Also makes app accounts: an invitation accepted with a password.
 */
import { expect } from 'chai';
import type { RunningServer } from '../../api/server.js';
import { inviteMember, inviteMerchantUser } from '../../api/app/invitations.js';
import { acceptInvitation } from '../../api/app/invitations.js';

export const PASSWORD = 'correct horse battery staple';

/** Sets `password` for the member (through an invitation, as a person would). */
export async function givePassword(server: RunningServer, memberId: string, password = PASSWORD): Promise<string> {
  const invitation = await inviteMember(server.store, memberId, server.url);
  await acceptInvitation(server.store, { token: invitation.link.split('#')[1], password });
  return invitation.email;
}

export async function giveMerchantPassword(server: RunningServer, merchantId: string, email: string, password = PASSWORD): Promise<void> {
  const invitation = await inviteMerchantUser(server.store, merchantId, email, server.url);
  await acceptInvitation(server.store, { token: invitation.link.split('#')[1], password });
}

export interface AppResponse {
  status: number;
  headers: Headers;
  body: any;
}

export class AppClient {
  readonly cookies = new Map<string, string>();
  csrf = '';
  /** The page's pre-session token (sign-in and invitations, double submit). */
  presession = '';
  address: string | undefined;

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, o: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<AppResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    if (this.address) headers['X-Forwarded-For'] = this.address;
    if (method !== 'GET' && o.csrf !== false && this.csrf) headers['X-CSRF-Token'] = this.csrf;
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    Object.assign(headers, o.headers ?? {});
    const res = await fetch(this.base + path, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* HTML or script */
    }
    return { status: res.status, headers: res.headers, body };
  }

  /** Opens the page: gets the pre-session cookie and the token the page carries. */
  async open(): Promise<void> {
    const page = await this.request('GET', '/app');
    expect(page.status).to.equal(200);
    this.presession = /name="csrf-token" content="([^"]+)"/.exec(page.body as string)![1]!;
    this.csrf = this.presession;
  }

  async signIn(email: string, password = PASSWORD): Promise<AppResponse> {
    if (!this.presession) await this.open();
    const res = await this.request('POST', '/app/session', { body: { email, password }, headers: { 'X-CSRF-Token': this.presession } });
    if (res.status === 200) this.csrf = res.body.csrfToken;
    return res;
  }
}

/** A signed-in client; fails the test when sign-in does not work. */
export async function signedIn(server: RunningServer, email: string, password = PASSWORD): Promise<AppClient> {
  const client = new AppClient(server.url);
  const res = await client.signIn(email, password);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return client;
}
