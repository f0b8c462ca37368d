/**
 * The app in a real browser: Debian's headless Chromium driven by playwright-core. A member sets
 * a password from an invitation link, signs in, creates a key in the dialog (shown once, with a
 * warning), copies it, uses it on GET /v1/me over HTTP, revokes it in the list and sees the next
 * call answer 401; a member without Manage API keys sees only their own keys. Keyboard use and
 * a phone-width layout are checked too. Screenshots of the key list and the new-key dialog go
 * to docs/screenshots/ with UPDATE_SCREENSHOTS=1 (else to a temp dir). Skipped, with the reason,
 * when no Chromium is installed (.ci/run installs Debian's `chromium`).
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { addMember, call, createAccount, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { REPO_ROOT } from '../support/paths.js';
import { inviteMember } from '../../api/app/invitations.js';
import { giveMerchantPassword, givePassword, PASSWORD } from '../support/appClient.js';
import { createMerchant } from '../../api/payments/keys.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('app in a browser (headless Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let boss: TestAccount;
  let plain: TestAccount;
  let browser: Browser;
  let shots: string;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      // As the Redis tests do: the reason in every skipped title, and printed once.
      const reason = `no Chromium at ${CHROMIUM}; install Debian's chromium package (.ci/run does) or set CHROMIUM_PATH`;
      for (const test of this.test?.parent?.tests ?? []) test.title += ` [skipped: ${reason}]`;
      console.log(`  [browser tests skipped: ${reason}]`);
      this.skip();
    }
    server = await startTestServer();
    boss = await createAccount(server, { companyName: 'Browser Energy' });
    plain = await addMember(server, boss.company, { permissions: [] });
    shots = process.env.UPDATE_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs', 'screenshots') : mkdtempSync(join(tmpdir(), 'engcalc-shots-'));
    // playwright-core gives every launch a fresh, temporary user-data-dir of its own (and refuses a --user-data-dir flag).
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (shots && process.env.UPDATE_SCREENSHOTS !== '1') rmSync(shots, { recursive: true, force: true });
  });

  const newContext = async (viewport = { width: 1100, height: 760 }): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport, baseURL: server.url });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    return context;
  };
  const signIn = async (page: Page, email: string, password = PASSWORD) => {
    await page.goto('/app');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
  };

  it('sets a password from the invitation link, creates a key shown once, copies it, uses it, revokes it: then 401', async () => {
    const invitation = await inviteMember(server.store, boss.member.id, server.url);
    const context = await newContext();
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept()); // the revoke confirmation
    await page.goto(invitation.link.slice(server.url.length));
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).to.equal(boss.member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    // The heading is in the page; the rows come with the keys' fetch, in the same step as this line.
    await page.getByText("Every member's keys of the company").waitFor();
    expect(await page.locator('#keys-table tbody tr').count()).to.equal(2); // boss's and plain's keys, with owners

    // Create a key in the dialog.
    await page.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('browser test key');
    await dialog.getByLabel('projects:write').check();
    await dialog.getByLabel('Expires').selectOption('30d');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const valueBox = dialog.getByLabel('Key value');
    await valueBox.waitFor();
    const shown = await valueBox.inputValue();
    expect(shown).to.match(/^eng_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.getByText('It will not be shown again').isVisible()).to.equal(true);
    await page.screenshot({ path: join(shots, 'app-new-key.png') });

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Key copied' }).waitFor();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).to.equal(shown);

    const me = await call(server.url, '/v1/me', { key: copied });
    expect(me.status).to.equal(200);
    expect(me.body.key).to.deep.include({ name: 'browser test key', scopes: ['engine:run', 'projects:read', 'projects:write'], expiry: '30d' });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction('document.getElementById("key-value").value === ""', undefined, { timeout: 5_000 });
    const row = page.locator('#keys-table tbody tr', { hasText: 'browser test key' });
    expect(await row.locator('td').nth(1).innerText()).to.equal(shown.slice(0, 10));
    expect(await page.content()).to.not.include(shown);
    await page.locator('#keys').screenshot({ path: join(shots, 'app-keys.png') });

    await row.getByRole('button', { name: 'Revoke key browser test key' }).click();
    await page.getByRole('status').filter({ hasText: 'revoked' }).waitFor();
    expect(await row.locator('td').nth(5).innerText()).to.equal('revoked');
    const after = await call(server.url, '/v1/me', { key: copied });
    expect(after.status).to.equal(401);
    expect(after.body.error.message).to.match(/revoked/);
    // Seats: the key's call above holds the member's Integrations seat.
    const seat = page.locator('#seats-table tr', { hasText: 'integrations' });
    await page.reload();
    await seat.waitFor();
    expect(await seat.innerText()).to.include(boss.member.email).and.to.include('1 of 10');
    await context.close();

    for (const name of ['app-new-key.png', 'app-keys.png']) {
      const png = readFileSync(join(shots, name));
      expect(png.subarray(1, 4).toString()).to.equal('PNG');
      expect(png.length).to.be.greaterThan(5_000);
    }
  });

  it('shows a member without Manage API keys only their own keys, and no way to create one', async () => {
    const email = await givePassword(server, plain.member.id);
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await page.getByText('Your own keys.').waitFor();
    const rows = page.locator('#keys-table tbody tr');
    expect(await rows.count()).to.equal(1);
    expect(await rows.first().locator('td').nth(1).innerText()).to.equal(plain.key.slice(0, 10));
    expect(await page.getByRole('button', { name: 'New key' }).isVisible()).to.equal(false);
    expect(await page.getByRole('columnheader', { name: 'Owner' }).isVisible()).to.equal(false);
    expect(await page.getByRole('link', { name: 'Team' }).isVisible()).to.equal(false);
    await context.close();
  });

  it('works by keyboard: the dialog takes focus, Escape closes it and gives focus back; a wrong password is announced', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/app');
    await page.getByLabel('Email', { exact: true }).fill(boss.member.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'New key' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement.id')).to.equal('key-name');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.evaluate<string>('document.activeElement.id')).to.equal('new-key');
    await context.close();
  });

  it('fits a phone screen: nothing but the tables scrolls sideways', async () => {
    const context = await newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, boss.member.email);
    const widths = await page.evaluate<{ page: number; viewport: number }>('({ page: document.documentElement.scrollWidth, viewport: window.innerWidth })');
    expect(widths.page).to.be.at.most(widths.viewport);
    await context.close();
  });

  it('merchant dashboard: a key shown once, a roll counting down its 30-minute grace, a live allowlist, the recent source addresses', async () => {
    const merchant = await createMerchant(server.store.payments, { name: 'Corner Shop' }, Date.now());
    await giveMerchantPassword(server, merchant.id, 'till@corner.example');
    const context = await newContext();
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept()); // the roll confirmation
    await page.goto('/app');
    await page.getByLabel('Email', { exact: true }).fill('till@corner.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Payments API keys' }).waitFor();

    await page.getByRole('button', { name: 'New sandbox key' }).click();
    const dialog = page.getByRole('dialog');
    const sandboxKey = await dialog.getByLabel('Key value').inputValue();
    expect(sandboxKey).to.match(/^sk_sand_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await call(server.url, '/v1/balances', { key: sandboxKey, address: '192.0.2.44' })).status).to.equal(200);

    const sandboxRow = page.locator('#mkeys-table tbody tr', { hasText: sandboxKey.slice(0, 14) });
    await sandboxRow.getByRole('button', { name: /^Roll key/ }).click();
    const rolledKey = await dialog.getByLabel('Key value').inputValue();
    expect(rolledKey).to.match(/^sk_sand_/).and.not.equal(sandboxKey);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const state = sandboxRow.locator('td').nth(2);
    await page.waitForFunction(() => /stops in (29|30):\d\d/.test(String((globalThis as any).document.querySelector('#mkeys-table').innerText)));
    const first = await state.innerText();
    expect(first).to.match(/^rolled: stops in (29|30):\d\d$/);
    await page.waitForFunction((before) => (globalThis as any).document.querySelector('#mkeys-table').innerText.indexOf(before) < 0, first, { timeout: 10_000 });

    await page.getByRole('button', { name: 'New live key' }).click();
    const liveKey = await dialog.getByLabel('Key value').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const liveRow = page.locator('#mkeys-table tbody tr', { hasText: liveKey.slice(0, 14) });
    await liveRow.getByRole('button', { name: /^Edit allowlist/ }).click();
    await page.getByLabel(/Addresses and CIDR blocks/).fill('203.0.113.0/24\n198.51.100.7');
    await page.getByRole('button', { name: 'Save' }).click();
    await liveRow.filter({ hasText: '203.0.113.0/24, 198.51.100.7' }).waitFor();
    expect((await call(server.url, '/v1/balances', { key: liveKey, address: '192.0.2.99' })).status).to.equal(403);
    expect((await call(server.url, '/v1/balances', { key: liveKey, address: '203.0.113.50' })).status).to.equal(200);

    await page.reload();
    const requests = page.locator('#mrequests-table tbody');
    await requests.filter({ hasText: '203.0.113.50' }).waitFor();
    const text = await requests.innerText();
    expect(text).to.include('192.0.2.99').and.include('192.0.2.44').and.include('403');
    expect(await page.locator('#mkeys-table').innerText()).to.not.match(/null|undefined/);
    await page.screenshot({ path: join(shots, 'app-merchant.png'), fullPage: true });
    await context.close();
  });
});
