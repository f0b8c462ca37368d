import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../support/processes.js';
import { REPO_ROOT } from '../support/paths.js';
import { DEFAULT_VERSION_LIMITS } from '../../store/model.js';

describe('admin CLI (scripts/admin.ts)', function () {
  // Each test runs up to ~15 CLI processes, each a node start and a store open: ~1 s of CPU, and
  // seconds of wall time on a busy machine (3 s each at load 13 measured), past mocha's 30 s.
  this.timeout(180_000);
  let dataDir: string;
  const admin = (...args: string[]) => runNode('scripts/admin.js', args, { DATA_DIR: dataDir });
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-admin-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a company, a member and a key, prints the value once and lists keys with owner but no value or hash', async () => {
    const c = await admin('company', 'create', '--name', 'Acme', '--api-access', '--max-projects', '7', '--licence', 'integrations=2', '--licence', 'econ=1');
    expect(c.code, c.stderr).to.equal(0);
    const company = JSON.parse(c.stdout).company;
    expect(company).to.include({ name: 'Acme', suspended: false });
    expect(company.plan).to.deep.equal({ apiAccess: true, maxProjects: 7, maxVersionsPerProject: 100, maxVersions: 2000 });
    expect(company.licences).to.deep.equal({ integrations: 2, econ: 1 });

    const m = await admin('member', 'create', '--company', company.id, '--email', 'ann@acme.com', '--verified', '--permission', 'manageApiKeys', '--permission', 'runScripts');
    expect(m.code, m.stderr).to.equal(0);
    const member = JSON.parse(m.stdout).member;
    expect(member.permissions).to.deep.equal(['manageApiKeys', 'runScripts']);

    const k = await admin('key', 'create', '--member', member.id, '--name', 'nightly batch', '--scope', 'engine:run', '--expiry', '90d');
    expect(k.code, k.stderr).to.equal(0);
    const created = JSON.parse(k.stdout);
    expect(created.value).to.match(/^eng_[A-Za-z0-9_-]{43}$/);
    expect(created.key).to.include({ name: 'nightly batch', prefix: created.value.slice(0, 10), expiry: '90d', state: 'active' });

    const l = await admin('key', 'list', '--company', company.id);
    expect(l.code).to.equal(0);
    expect(l.stdout).not.to.include(created.value);
    const keys = JSON.parse(l.stdout).keys;
    expect(keys).to.have.length(1);
    expect(keys[0].owner).to.deep.equal({ id: member.id, email: 'ann@acme.com' });
    expect(keys[0]).not.to.have.property('hash');

    const r = await admin('key', 'revoke', created.key.id);
    expect(r.code).to.equal(0);
    expect(JSON.parse(r.stdout).key.state).to.equal('revoked');
    const audit = JSON.parse((await admin('audit', 'list', '--company', company.id)).stdout).entries;
    const actions = audit.map((e: { action: string }) => e.action);
    expect(actions).to.include.members(['key.created', 'key.revoked']);
    const creation = audit.find((e: { action: string }) => e.action === 'key.created');
    expect(creation.details).to.include({ name: 'nightly batch', prefix: created.value.slice(0, 10), expiry: '90d' });
    expect(creation.details.scopes).to.deep.equal(['engine:run']);
  });

  it('refuses a key for a member without Manage API keys (exit 1, forbidden) and for a plan without API access (plan_limit)', async () => {
    const c = JSON.parse((await admin('company', 'create', '--name', 'NoApi', '--licence', 'integrations=1')).stdout).company;
    const m = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'x@y.com', '--verified')).stdout).member;
    const noPerm = await admin('key', 'create', '--member', m.id, '--name', 'k');
    expect(noPerm.code).to.equal(1);
    expect(JSON.parse(noPerm.stderr).error.code).to.equal('forbidden');
    const m2 = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'y@y.com', '--verified', '--permission', 'manageApiKeys')).stdout).member;
    const noApi = await admin('key', 'create', '--member', m2.id, '--name', 'k');
    expect(noApi.code).to.equal(1);
    expect(JSON.parse(noApi.stderr).error.code).to.equal('plan_limit');
  });

  it('suspends a company and disables a member', async () => {
    const c = JSON.parse((await admin('company', 'create', '--name', 'S', '--api-access')).stdout).company;
    const s = await admin('company', 'suspend', c.id);
    expect(JSON.parse(s.stdout).company.suspended).to.equal(true);
    const m = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'd@y.com')).stdout).member;
    const d = await admin('member', 'disable', m.id);
    expect(JSON.parse(d.stdout).member.disabled).to.equal(true);
  });

  it('sets a member\'s permissions (member permissions), audited; refuses to take Manage team from the last enabled holder and unknown names', async () => {
    const c = JSON.parse((await admin('company', 'create', '--name', 'P', '--api-access')).stdout).company;
    const boss = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'b@p.com', '--permission', 'manageTeam')).stdout).member;
    const ann = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'a@p.com')).stdout).member;
    const given = await admin('member', 'permissions', ann.id, '--permission', 'runScripts', '--permission', 'manageTeam');
    expect(JSON.parse(given.stdout).member.permissions).to.have.members(['manageTeam', 'runScripts']);
    expect(JSON.parse((await admin('member', 'permissions', boss.id)).stdout).member.permissions).to.deep.equal([]);
    const last = await admin('member', 'permissions', ann.id, '--permission', 'runScripts');
    expect(last.code).to.equal(1);
    expect(JSON.parse(last.stderr).error.code).to.equal('conflict');
    const unknown = await admin('member', 'permissions', ann.id, '--permission', 'root');
    expect(JSON.parse(unknown.stderr).error.code).to.equal('validation_failed');
    const audit = JSON.parse((await admin('audit', 'list', '--company', c.id)).stdout).entries as { action: string }[];
    expect(audit.filter((e) => e.action === 'member.permissions')).to.have.length(2);
  });

  it('answers bad arguments with a clear message and a non-zero exit', async () => {
    const cases: [string[], RegExp][] = [
      [[], /usage/],
      [['frobnicate', 'it'], /unknown command/],
      [['company', 'create'], /--name is required/],
      [['company', 'create', '--name', 'X', '--licence', 'econ'], /MODULE=SEATS/],
      [['company', 'create', '--name', 'X', '--max-projects', 'many'], /non-negative integer/],
      [['key', 'create', '--member', 'm', '--name', 'n', '--bogus'], /Unknown option/],
      [['company', 'suspend'], /exactly one ID/],
    ];
    for (const [args, pattern] of cases) {
      const out = await admin(...args);
      expect(out.code, args.join(' ')).to.equal(2);
      expect(out.stderr + out.stdout, args.join(' ')).to.match(pattern);
    }
    const notFound = await admin('key', 'revoke', 'key_missing');
    expect(notFound.code).to.equal(1);
    expect(JSON.parse(notFound.stderr).error.code).to.equal('not_found');
    const badScope = await admin('company', 'create', '--name', 'X', '--licence', 'warp=1');
    expect(badScope.code).to.equal(1);
    expect(JSON.parse(badScope.stderr).error.details.fields['licences.warp']).to.match(/unknown module/);
  });

  it('refuses the 26th active key of a member', async () => {
    const c = JSON.parse((await admin('company', 'create', '--name', 'K', '--api-access')).stdout).company;
    const m = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'k@y.com', '--verified', '--permission', 'manageApiKeys')).stdout).member;
    const { createKey } = await import('../../api/accounts/keys.js');
    const { openLmdbStore } = await import('../../store/lmdb/index.js');
    const store = openLmdbStore({ path: dataDir });
    try {
      for (let i = 0; i < 25; i++) await createKey(store, { memberId: m.id, name: `k${i}` });
    } finally {
      await store.close();
    }
    const over = await admin('key', 'create', '--member', m.id, '--name', 'one too many');
    expect(over.code).to.equal(1);
    expect(JSON.parse(over.stderr).error.code).to.equal('conflict');
    expect(JSON.parse(over.stderr).error.message).to.match(/25 active keys/);
  });

  it('approves a project version for a member with signOff (project approve)', async () => {
    const c = JSON.parse((await admin('company', 'create', '--name', 'Rep', '--api-access')).stdout).company;
    const m = JSON.parse((await admin('member', 'create', '--company', c.id, '--email', 'boss@y.com', '--verified', '--permission', 'signOff')).stdout).member;
    const { openLmdbStore } = await import('../../store/lmdb/index.js');
    const store = openLmdbStore({ path: dataDir });
    try {
      await store.projects.put(c.id, 'rep', { name: 'Reporting', data: { r: 1 }, by: m.id, at: new Date().toISOString() }, 10);
      await store.projects.saveVersion(c.id, 'rep', { label: 'Q3', by: m.id, at: new Date().toISOString() }, DEFAULT_VERSION_LIMITS);
    } finally {
      await store.close();
    }
    const ok = await admin('project', 'approve', '--company', c.id, '--project', 'rep', '--version', '1', '--member', m.id);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(JSON.parse(ok.stdout).version).to.include({ id: '1', label: 'Q3', approvedBy: m.id });
    const missing = await admin('project', 'approve', '--company', c.id, '--project', 'rep', '--version', '9', '--member', m.id);
    expect(missing.code).to.equal(1);
    expect(JSON.parse(missing.stderr).error.code).to.equal('not_found');
  });

  it('prints a one-time invitation link for a member (APP_URL or --base-url) and for a merchant user; the token is stored hashed only', async () => {
    const company = JSON.parse((await admin('company', 'create', '--name', 'Invite Co')).stdout).company;
    const member = JSON.parse((await admin('member', 'create', '--company', company.id, '--email', 'Invitee@Acme.com', '--verified')).stdout).member;
    const viaEnv = await runNode('scripts/admin.js', ['member', 'invite', member.id], { DATA_DIR: dataDir, APP_URL: 'https://calc.acme.com/' });
    expect(viaEnv.code, viaEnv.stderr).to.equal(0);
    const invitation = JSON.parse(viaEnv.stdout);
    expect(invitation.link).to.match(/^https:\/\/calc\.acme\.com\/app\/invite#[A-Za-z0-9_-]{43}$/);
    expect(invitation.email).to.equal('invitee@acme.com');
    expect(Date.parse(invitation.expiresAt) - Date.now()).to.be.within(71 * 3_600_000, 72 * 3_600_000);
    const token = invitation.link.split('#')[1];
    const flag = await admin('member', 'invite', member.id, '--base-url', 'http://10.0.0.5:8080');
    expect(JSON.parse(flag.stdout).link).to.match(/^http:\/\/10\.0\.0\.5:8080\/app\/invite#/);
    // Only the token's hash is in the store files.
    const files = readdirSync(dataDir).map((f) => readFileSync(join(dataDir, f)).toString('latin1')).join('');
    expect(files).to.not.include(token);
    const audit = JSON.parse((await admin('audit', 'list', '--company', company.id)).stdout).entries;
    expect(audit.filter((e: { action: string }) => e.action === 'member.invited')).to.have.length(2);

    const merchant = JSON.parse((await admin('merchant', 'create', '--name', 'Shop')).stdout).merchant;
    const shop = await admin('merchant', 'invite', '--merchant', merchant.id, '--email', 'till@shop.example');
    expect(shop.code, shop.stderr).to.equal(0);
    expect(JSON.parse(shop.stdout)).to.include({ email: 'till@shop.example' });
    const taken = await admin('merchant', 'invite', '--merchant', merchant.id, '--email', 'invitee@acme.com');
    expect(taken.code).to.equal(0); // no password set yet for either: the email is not taken until one is

    expect((await admin('member', 'invite', 'mem_nope')).code).to.equal(1);
    const badUrl = await admin('member', 'invite', member.id, '--base-url', 'ftp://x');
    expect(badUrl.code).to.equal(2);
    expect(badUrl.stderr).to.match(/--base-url must be an http/);
  });

  it('runs the built entry without compiling per call, and names it as the bin engcalc-admin', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.admin).to.equal('node dist/scripts/admin.js');
    expect(pkg.scripts.prepare).to.match(/tsc/); // npm install builds once
    expect(pkg.bin['engcalc-admin']).to.equal('dist/scripts/admin.js');
    expect(readFileSync(join(REPO_ROOT, pkg.bin['engcalc-admin']!), 'utf8').startsWith('#!/usr/bin/env node\n')).to.equal(true);
  });
});
