/**
 * The app's HTTP surface (/app): keys never work there and a session never works on /v1; no
 * session is 401; changes need the CSRF token and this server's own origin; sign-in locks an
 * account after 10 wrong passwords; sessions rotate, end on sign-out and expire.
 */
import { expect } from 'chai';
import { call, createAccount, addMember, freshAddress, startTestServer, type TestServer, type TestAccount } from '../support/server.js';
import { AppClient, givePassword, PASSWORD, signedIn } from '../support/appClient.js';
import { tokenHash } from '../../api/app/tokens.js';
import { SESSION_COOKIE, touchEveryMs } from '../../api/app/gate.js';
import { inviteMember, acceptInvitation } from '../../api/app/invitations.js';
import type { RouteSpec } from '../../api/routes/route.js';

describe('app (/app) over HTTP', () => {
  let server: TestServer;
  let acct: TestAccount;
  let email: string;
  before(async () => {
    server = await startTestServer();
    acct = await createAccount(server);
    email = await givePassword(server, acct.member.id);
  });
  after(async () => server.stop());

  const appRoutes = () => server.app.routes.filter((r: RouteSpec) => r.access === 'app');
  const concrete = (r: RouteSpec) => r.path.replace(/\{[^}]+\}/g, 'x1');

  describe('the policy: keys, sessions and cookies never cross', () => {
    it('answers 403 to a bearer key on every app endpoint (and unknown /app paths, any spelling), even with a valid session', async () => {
      const client = await signedIn(server, email);
      const paths = [...appRoutes().map((r) => [r.method, concrete(r)] as const), ['GET', '/app/nope'] as const, ['GET', '/APP/keys'] as const, ['GET', '/app//keys/'] as const, ['POST', '/%61pp/keys'] as const];
      expect(paths.length).to.be.greaterThan(15);
      for (const [method, path] of paths) {
        for (const session of [false, true]) {
          const headers: Record<string, string> = { Authorization: `Bearer ${acct.key}` };
          if (session) headers.Cookie = client.cookieHeader();
          const res = await call(server.url, path, { method, headers, body: method === 'GET' ? undefined : {} });
          expect(res.status, `${method} ${path} session=${session}`).to.equal(403);
          expect(res.body.error.code).to.equal('forbidden');
          expect(res.body.error.message).to.match(/API keys cannot be used on the app/);
        }
      }
    });

    it('answers 401 without a session on every endpoint that needs one', async () => {
      const needing = appRoutes().filter((r) => r.session !== 'none');
      expect(needing.length).to.be.greaterThan(10);
      const client = new AppClient(server.url);
      await client.open(); // pre-session cookie and token: only the session is missing
      for (const r of needing) {
        const res = await client.request(r.method, concrete(r), { body: r.method === 'GET' ? undefined : {} });
        expect(res.status, `${r.method} ${r.path}`).to.equal(401);
        expect(res.body.error.code).to.equal('unauthenticated');
      }
      expect((await client.request('GET', '/app/not-a-page')).status).to.equal(401);
    });

    it('never lets a session cookie authenticate a /v1 path', async () => {
      const client = await signedIn(server, email);
      for (const path of ['/v1/me', '/v1/projects', '/v1/engine/functions']) {
        const res = await call(server.url, path, { headers: { Cookie: client.cookieHeader() } });
        expect(res.status, path).to.equal(401);
        expect(res.body.error.message).to.match(/Missing API key/);
      }
    });

    it('serves the page and its files without a session, with a strict CSP and no third-party origin', async () => {
      const page = await call(server.url, '/app');
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.match(/text\/html/);
      expect(page.headers.get('content-security-policy')).to.include("script-src 'self'");
      expect(page.body).to.not.match(/https?:\/\//);
      const js = await call(server.url, '/app/app.js');
      expect(js.status).to.equal(200);
      expect(js.headers.get('content-type')).to.match(/javascript/);
      expect((await call(server.url, '/app/app.css')).headers.get('content-type')).to.match(/text\/css/);
    });
  });

  describe('CSRF and origin', () => {
    it('refuses a change without the CSRF token, with a wrong one, or from another origin, even with the session cookie', async () => {
      const client = await signedIn(server, email);
      const noToken = await client.request('POST', '/app/keys', { body: { name: 'x' }, csrf: false });
      expect(noToken.status).to.equal(403);
      expect(noToken.body.error.message).to.match(/Missing CSRF token/);
      const wrong = await client.request('POST', '/app/keys', { body: { name: 'x' }, headers: { 'X-CSRF-Token': 'A'.repeat(43) } });
      expect(wrong.status).to.equal(403);
      expect(wrong.body.error.message).to.match(/Wrong CSRF token/);
      const crossOrigin = await client.request('POST', '/app/keys', { body: { name: 'x' }, headers: { Origin: 'https://evil.example' } });
      expect(crossOrigin.status).to.equal(403);
      expect(crossOrigin.body.error.message).to.match(/evil\.example cannot change anything/);
      const crossSite = await client.request('DELETE', '/app/session', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(crossSite.status).to.equal(403);
      // None of it changed anything: still signed in, no key made.
      expect((await client.request('GET', '/app/session')).status).to.equal(200);
      expect((await client.request('GET', '/app/keys')).body.keys.map((k: { name: string }) => k.name)).to.not.include('x');
      // The same request with this server's origin and the token goes through.
      const own = await client.request('POST', '/app/keys', { body: { name: 'csrf ok' }, headers: { Origin: server.url } });
      expect(own.status).to.equal(201);
    });

    it('accepts the APP_URL origin (a TLS proxy in front) besides the request\'s own', async () => {
      const behind = await startTestServer({ APP_URL: 'https://calc.example.com' });
      try {
        const a = await createAccount(behind);
        const client = await signedIn(behind, await givePassword(behind, a.member.id));
        const ok = await client.request('POST', '/app/keys', { body: { name: 'via proxy' }, headers: { Origin: 'https://calc.example.com' } });
        expect(ok.status).to.equal(201);
        const other = await client.request('POST', '/app/keys', { body: { name: 'elsewhere' }, headers: { Origin: 'https://calc.example.com.evil.example' } });
        expect(other.status).to.equal(403);
      } finally {
        await behind.stop();
      }
    });

    it('refuses a sign-in without the pre-session token (login CSRF)', async () => {
      const bare = await call(server.url, '/app/session', { body: { email, password: PASSWORD } });
      expect(bare.status).to.equal(403);
      expect(bare.body.error.message).to.match(/CSRF/);
      const client = new AppClient(server.url);
      await client.open();
      const forged = await client.request('POST', '/app/session', { body: { email, password: PASSWORD }, headers: { 'X-CSRF-Token': 'B'.repeat(43) } });
      expect(forged.status).to.equal(403);
    });
  });

  describe('sign-in and sessions', () => {
    it('sets an HttpOnly, SameSite=Strict session cookie for /app only; Secure when the trusted proxy says TLS', async () => {
      const client = new AppClient(server.url);
      await client.open();
      const res = await client.request('POST', '/app/session', { body: { email, password: PASSWORD } });
      expect(res.status).to.equal(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).to.match(/path=\/app/i).and.match(/httponly/i).and.match(/samesite=strict/i);
      expect(cookie).to.not.match(/secure/i);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.body).to.deep.include({ kind: 'member', email });
      expect(res.body.csrfToken).to.match(/^[A-Za-z0-9_-]{43}$/);

      const tls = new AppClient(server.url);
      await tls.open();
      const secure = await tls.request('POST', '/app/session', { body: { email, password: PASSWORD }, headers: { 'X-Forwarded-Proto': 'https', Origin: `https://${new URL(server.url).host}` } });
      expect(secure.status).to.equal(200);
      expect(secure.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).to.match(/secure/i);
    });

    it('rotates the session id at sign-in and ends it at sign-out', async () => {
      const client = await signedIn(server, email);
      const first = client.cookies.get(SESSION_COOKIE)!;
      expect((await client.signIn(email)).status).to.equal(200);
      const second = client.cookies.get(SESSION_COOKIE)!;
      expect(second).to.not.equal(first);
      const stale = await call(server.url, '/app/session', { headers: { Cookie: `${SESSION_COOKIE}=${first}` } });
      expect(stale.status, 'the id from before the sign-in is over').to.equal(401);
      expect(await server.store.app.getSession(tokenHash(first))).to.equal(undefined);

      expect((await client.request('DELETE', '/app/session')).status).to.equal(204);
      const after = await call(server.url, '/app/session', { headers: { Cookie: `${SESSION_COOKIE}=${second}` } });
      expect(after.status).to.equal(401);
    });

    it('ends a session idle for 30 minutes and one past its 12 hours, whatever the activity', async () => {
      const idle = await signedIn(server, email);
      const idleHash = tokenHash(idle.cookies.get(SESSION_COOKIE)!);
      await server.store.app.touchSession(idleHash, new Date(Date.now() - 30 * 60_000 - 1_000).toISOString());
      const res = await idle.request('GET', '/app/keys');
      expect(res.status).to.equal(401);
      expect(res.body.error.message).to.match(/session has ended/);
      expect(await server.store.app.getSession(idleHash)).to.equal(undefined);

      const old = await signedIn(server, email);
      const oldHash = tokenHash(old.cookies.get(SESSION_COOKIE)!);
      const s = (await server.store.app.getSession(oldHash))!;
      await server.store.app.deleteSession(oldHash);
      await server.store.app.createSession({ ...s, createdAt: new Date(Date.now() - 13 * 3_600_000).toISOString(), expiresAt: new Date(Date.now() - 1_000).toISOString() });
      expect((await old.request('GET', '/app/keys')).status).to.equal(401);
    });

    it('locks an account after 10 wrong passwords, from any addresses, with a clear message and Retry-After; the right password waits too', async () => {
      const other = await addMember(server, acct.company);
      const victim = await givePassword(server, other.member.id);
      const client = new AppClient(server.url);
      await client.open();
      for (let i = 1; i <= 9; i++) {
        client.address = freshAddress(); // a new address each time: the per-address limit stays out of it
        const res = await client.request('POST', '/app/session', { body: { email: victim, password: `wrong password ${i}` } });
        expect(res.status, `attempt ${i}`).to.equal(401);
        expect(res.body.error.message).to.equal('Wrong email or password');
      }
      client.address = freshAddress();
      const tenth = await client.request('POST', '/app/session', { body: { email: victim, password: 'wrong password 10' } });
      expect(tenth.status).to.equal(429);
      expect(tenth.body.error.code).to.equal('rate_limited');
      expect(tenth.body.error.message).to.match(/locked after 10 wrong passwords; try again in 15 minutes/);
      expect(Number(tenth.headers.get('retry-after'))).to.be.within(890, 900);
      client.address = freshAddress();
      const right = await client.request('POST', '/app/session', { body: { email: victim, password: PASSWORD } });
      expect(right.status, 'locked even with the right password').to.equal(429);
      expect(Number(right.headers.get('retry-after'))).to.be.within(1, 900);
      // Another account is not affected.
      expect((await client.signIn(email)).status).to.equal(200);
    });

    it('an unknown email answers as a known one: the same 401s, then the same lock after 10 (no account enumeration)', async () => {
      const other = await addMember(server, acct.company);
      const known = await givePassword(server, other.member.id);
      const unknown = `nobody-${Date.now()}@example.com`;
      const client = new AppClient(server.url);
      await client.open();
      const answers = async (who: string) => {
        const seen: { status: number; message: string; retryAfter: number | null }[] = [];
        for (let i = 1; i <= 11; i++) {
          client.address = freshAddress();
          const res = await client.request('POST', '/app/session', { body: { email: who, password: `wrong password ${i}` } });
          const retry = res.headers.get('retry-after');
          seen.push({ status: res.status, message: String(res.body.error.message).replace(/\d+ minutes? \(at \d\d:\d\d UTC\)/, 'N minutes'), retryAfter: retry === null ? null : Number(retry) });
        }
        return seen;
      };
      const a = await answers(known);
      const b = await answers(unknown);
      expect(b.map((x) => x.status)).to.deep.equal([...Array(9).fill(401), 429, 429]);
      expect(b.map((x) => x.message), 'the same words').to.deep.equal(a.map((x) => x.message));
      expect(b[9]!.message).to.match(/Sign-in with this email address is locked after 10 wrong passwords; try again in N minutes/);
      for (const i of [9, 10]) expect(b[i]!.retryAfter, `answer ${i + 1}`).to.be.within(880, 900);
      expect(b.slice(0, 9).every((x) => x.retryAfter === null)).to.equal(true);
    });

    it('a new password set through an invitation lifts the lock', async () => {
      const other = await addMember(server, acct.company);
      const victim = await givePassword(server, other.member.id);
      const client = new AppClient(server.url);
      await client.open();
      for (let i = 1; i <= 10; i++) {
        client.address = freshAddress();
        await client.request('POST', '/app/session', { body: { email: victim, password: `wrong password ${i}` } });
      }
      client.address = freshAddress();
      expect((await client.request('POST', '/app/session', { body: { email: victim, password: PASSWORD } })).status).to.equal(429);
      await givePassword(server, other.member.id, 'a brand new long password');
      client.address = freshAddress();
      expect((await client.request('POST', '/app/session', { body: { email: victim, password: 'a brand new long password' } })).status).to.equal(200);
    });

    it('limits sign-in failures per address (20 a minute, shared with key attempts), whatever the emails', async () => {
      const client = new AppClient(server.url);
      await client.open();
      client.address = freshAddress();
      for (let i = 0; i < 20; i++) {
        const res = await client.request('POST', '/app/session', { body: { email: `nobody${i}@example.com`, password: 'whatever it is' } });
        expect(res.status, `attempt ${i + 1}`).to.equal(401);
      }
      const blocked = await client.request('POST', '/app/session', { body: { email, password: PASSWORD } });
      expect(blocked.status).to.equal(429);
      expect(blocked.body.error.message).to.match(/from this address/);
      expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 60);
    });

    it('ends the session of a member who is disabled', async () => {
      const other = await addMember(server, acct.company);
      const otherEmail = await givePassword(server, other.member.id);
      const client = await signedIn(server, otherEmail);
      await server.store.members.update(other.member.id, { disabled: true });
      const res = await client.request('GET', '/app/keys');
      expect(res.status).to.equal(403);
      expect(res.body.error.message).to.match(/disabled/);
      await server.store.members.update(other.member.id, { disabled: false });
      expect((await client.request('GET', '/app/keys')).status, 'the session was ended').to.equal(401);
      expect((await client.signIn(otherEmail)).status).to.equal(200);
    });
  });

  describe('invitations', () => {
    it('a newer link replaces an unused older one of the same member: the older answers 409 and sets no password', async () => {
      const other = await addMember(server, acct.company);
      const first = (await inviteMember(server.store, other.member.id, server.url)).link.split('#')[1]!;
      const second = (await inviteMember(server.store, other.member.id, server.url)).link.split('#')[1]!;
      const client = new AppClient(server.url);
      await client.open();
      const old = await client.request('POST', '/app/invitations/accept', { body: { token: first, password: 'a password from a leaked link' } });
      expect(old.status).to.equal(409);
      expect(old.body.error.message).to.match(/newer invitation/);
      expect((await client.request('POST', '/app/invitations/accept', { body: { token: second, password: 'the member own password' } })).status).to.equal(200);
      expect((await client.signIn(other.member.email, 'a password from a leaked link')).status).to.equal(401);
      expect((await client.signIn(other.member.email, 'the member own password')).status).to.equal(200);
    });

    it('records a session\'s last request at least every tenth of the idle time (a one-minute idle time no longer ends busy sessions)', () => {
      expect(touchEveryMs({ idleMs: 60_000, maxMs: 3_600_000 })).to.equal(6_000);
      expect(touchEveryMs({ idleMs: 30 * 60_000, maxMs: 3_600_000 })).to.equal(60_000);
    });

    it('sets a password once per link; a used, unknown or short answer is refused', async () => {
      const other = await addMember(server, acct.company);
      const invitation = await inviteMember(server.store, other.member.id, 'https://app.example.com/');
      expect(invitation.link).to.match(/^https:\/\/app\.example\.com\/app\/invite#[A-Za-z0-9_-]{43}$/);
      const token = invitation.link.split('#')[1]!;
      const client = new AppClient(server.url);
      await client.open();
      const short = await client.request('POST', '/app/invitations/accept', { body: { token, password: 'short' } });
      expect(short.status).to.equal(400);
      expect(short.body.error.details.fields.password).to.match(/at least 10/);
      const ok = await client.request('POST', '/app/invitations/accept', { body: { token, password: 'a long enough password' } });
      expect(ok.status).to.equal(200);
      expect(ok.body).to.deep.include({ email: other.member.email, kind: 'member' });
      const again = await client.request('POST', '/app/invitations/accept', { body: { token, password: 'another long password' } });
      expect(again.status).to.equal(409);
      expect(again.body.error.message).to.match(/already used/);
      const unknown = await client.request('POST', '/app/invitations/accept', { body: { token: 'C'.repeat(43), password: 'another long password' } });
      expect(unknown.status).to.equal(404);
      expect((await client.signIn(other.member.email, 'a long enough password')).status).to.equal(200);
      const log = server.logLines.join('\n');
      expect(log).to.include('/app/invitations/accept');
      expect(log).to.not.include(token);
      expect(log).to.not.include('a long enough password');
      const audit = await server.store.audit.list(acct.company.id);
      expect(audit.map((e) => e.action)).to.include.members(['member.invited', 'member.passwordSet']);
    });

    it('counts unknown invitation tokens against the address like wrong keys (429 past 20 a minute)', async () => {
      const client = new AppClient(server.url);
      await client.open();
      client.address = freshAddress();
      for (let i = 0; i < 20; i++) {
        const res = await client.request('POST', '/app/invitations/accept', { body: { token: `${String(i).padStart(2, '0')}${'D'.repeat(41)}`, password: 'a long enough password' } });
        expect(res.status, `attempt ${i + 1}`).to.equal(404);
      }
      const blocked = await client.request('POST', '/app/invitations/accept', { body: { token: 'E'.repeat(43), password: 'a long enough password' } });
      expect(blocked.status).to.equal(429);
      expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 60);
    });

    it('keeps one sign-in per email: a member of another company with the same email cannot be invited', async () => {
      const elsewhere = await createAccount(server, { companyName: 'Elsewhere' });
      const same = await server.store.members.update(elsewhere.member.id, {});
      expect(same).to.not.equal(undefined);
      const twin = await import('../../api/accounts/companies.js').then((m) => m.createMember(server.store, { companyId: elsewhere.company.id, email: email.toUpperCase(), emailVerified: true }));
      let refused: unknown;
      await inviteMember(server.store, twin.id, server.url).catch((e) => (refused = e));
      expect((refused as { code?: string }).code).to.equal('conflict');
      // Setting a password signs the account out everywhere.
      const client = await signedIn(server, email);
      const invitation = await inviteMember(server.store, acct.member.id, server.url);
      await acceptInvitation(server.store, { token: invitation.link.split('#')[1], password: PASSWORD });
      expect((await client.request('GET', '/app/session')).status).to.equal(401);
    });
  });
});
