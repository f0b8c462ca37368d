/**
 * The app's attempt limits under concurrent bursts, over HTTP, with the counters in memory and in
 * Redis: an attempt is counted before its password check (scrypt) or hash, so requests sent
 * together can never check more passwords or tokens than the limits allow (found by a black-box
 * probe: 40 sign-ins sent at once all passed the check before any counted, and the right
 * password, sent last, got a session from a locked email).
 */
import { expect } from 'chai';
import { addMember, createAccount, freshAddress, startTestServer, type TestServer, type TestAccount } from '../support/server.js';
import { AppClient, givePassword, PASSWORD, type AppResponse } from '../support/appClient.js';
import { redisOrSkip, type RedisServer } from '../support/redis.js';

function attemptLimits(name: string, start: (ctx: Mocha.Context) => Promise<TestServer>): void {
  describe(`app attempt limits under concurrent bursts (${name})`, function () {
    let server: TestServer;
    let acct: TestAccount;
    before(async function () {
      server = await start(this);
      acct = await createAccount(server);
    });
    after(async () => server?.stop());

    const client = async (): Promise<AppClient> => {
      const c = new AppClient(server.url);
      await c.open();
      return c;
    };
    const signIn = (c: AppClient, email: string, password: string, address: string) => {
      c.address = address;
      return c.request('POST', '/app/session', { body: { email, password } });
    };
    const statuses = (answers: AppResponse[]) => answers.map((r) => r.status);
    const count = (answers: AppResponse[], status: number) => answers.filter((r) => r.status === status).length;

    it('30 wrong passwords for one email sent at once (each from its own address), the right one last: at most 10 are checked, and the right one is locked out', async () => {
      const victim = await givePassword(server, (await addMember(server, acct.company)).member.id);
      const c = await client();
      const wrong = Array.from({ length: 30 }, (_, i) => signIn(c, victim, `wrong password ${i}`, freshAddress()));
      const [answers, right] = await Promise.all([Promise.all(wrong), signIn(c, victim, PASSWORD, freshAddress())]);
      expect(count(answers, 401), `wrong passwords checked and answered 401: ${statuses(answers)}`).to.equal(9);
      const locked = answers.filter((r) => r.status === 429);
      expect(locked, `the rest are refused: ${statuses(answers)}`).to.have.length(21);
      for (const r of locked) expect(r.body.error.message).to.match(/locked after 10 wrong passwords/);
      expect(right.status, 'locked even with the right password').to.equal(429);
      expect(right.body.error.message).to.match(/locked after 10 wrong passwords/);
      expect(right.headers.get('set-cookie') ?? '').to.not.include('engcalc_session');
    });

    it('40 failed sign-ins from one address sent at once (other emails each): 20 are checked, 20 refused for the address', async () => {
      const c = await client();
      const address = freshAddress();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(c, `burst${i}-${address}@example.com`, 'whatever it is', address)));
      expect(count(answers, 401), statuses(answers).join(',')).to.equal(20);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).to.have.length(20);
      for (const r of refused) expect(r.body.error.message).to.match(/from this address/);
    });

    it('a right password gives back its count: 19 wrong, then the right one, then one more wrong is still checked (401) and the next refused', async () => {
      const email = await givePassword(server, (await addMember(server, acct.company)).member.id);
      const c = await client();
      const address = freshAddress();
      for (let i = 0; i < 19; i++) expect((await signIn(c, `nobody${i}-${address}@example.com`, 'whatever it is', address)).status).to.equal(401);
      expect((await signIn(c, email, PASSWORD, address)).status).to.equal(200);
      const fresh = await client();
      expect((await signIn(fresh, `nobody-last-${address}@example.com`, 'whatever it is', address)).status).to.equal(401);
      expect((await signIn(fresh, email, PASSWORD, address)).status, 'the address is over its 20 now').to.equal(429);
    });

    it('45 unknown invitation tokens from one address sent at once: 20 are hashed and answered 404, 25 refused', async () => {
      const c = await client();
      c.address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 45 }, (_, i) => c.request('POST', '/app/invitations/accept', { body: { token: `${String(i).padStart(2, '0')}${'F'.repeat(41)}`, password: 'a long enough password' } })),
      );
      expect(count(answers, 404), statuses(answers).join(',')).to.equal(20);
      expect(count(answers, 429)).to.equal(25);
    });

    it('an accepted invitation or a refused answer does not count against the address', async () => {
      const c = await client();
      c.address = freshAddress();
      const accept = (token: string, password = 'a long enough password') => c.request('POST', '/app/invitations/accept', { body: { token, password } });
      for (let i = 0; i < 19; i++) expect((await accept(`${String(i).padStart(2, '0')}${'G'.repeat(41)}`)).status).to.equal(404);
      expect((await accept('H'.repeat(43), 'short')).status, 'a short password, no hash').to.equal(400);
      const member = await addMember(server, acct.company);
      const { inviteMember } = await import('../../api/app/invitations.js');
      const token = (await inviteMember(server.store, member.member.id, server.url)).link.split('#')[1]!;
      expect((await accept(token)).status).to.equal(200);
      expect((await accept('I'.repeat(43))).status, 'the 20th unknown token').to.equal(404);
      expect((await accept('J'.repeat(43))).status).to.equal(429);
    });
  });
}

attemptLimits('memory', async () => startTestServer());

let redis: RedisServer | undefined;
attemptLimits('Redis', async (ctx) => {
  redis = await redisOrSkip(ctx);
  return startTestServer({ REDIS_URL: redis.url });
});
after(async () => redis?.stop());
