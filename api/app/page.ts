/**
 * The app's page and its two files: server-rendered HTML (the sign-in form, the invitation form
 * and the signed-in views, which api/app/public/app.js fills from the JSON routes), the script
 * and the style sheet, all served from this server (no CDN). The page carries the pre-session
 * CSRF token; a strict Content-Security-Policy allows only this server's own script and style.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'koa';
import type { RouteSpec } from '../routes/route.js';
import { presessionToken } from './gate.js';
import { appRoute } from './route.js';

// The browser files live beside the sources (tsc copies no .js/.css): dist/api/app -> api/app/public.
const PUBLIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'api', 'app', 'public');
const FILES = {
  'app.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(resolve(PUBLIC_DIR, 'app.js'), 'utf8') },
  'app.css': { type: 'text/css; charset=utf-8', body: readFileSync(resolve(PUBLIC_DIR, 'app.css'), 'utf8') },
};

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

function page(ctx: Context): void {
  const csrf = presessionToken(ctx);
  for (const [h, v] of Object.entries(SECURITY_HEADERS)) ctx.set(h, v);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html(csrf);
}

export function pageRoutes(): RouteSpec[] {
  const file = (name: keyof typeof FILES): RouteSpec =>
    appRoute({
      method: 'GET',
      path: `/app/${name}`,
      operationId: `appFile_${name.replace('.', '_')}`,
      summary: `The app's ${name}`,
      session: 'none',
      async handler(ctx) {
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Cache-Control', 'no-cache');
        ctx.type = FILES[name].type;
        ctx.body = FILES[name].body;
      },
    });
  return [
    appRoute({ method: 'GET', path: '/app', operationId: 'appPage', summary: 'The app', session: 'none', handler: async (ctx) => page(ctx) }),
    appRoute({ method: 'GET', path: '/app/invite', operationId: 'appInvitePage', summary: 'Set a password from an invitation link', session: 'none', handler: async (ctx) => page(ctx) }),
    file('app.js'),
    file('app.css'),
  ];
}

function html(csrf: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${csrf}">
<title>engcalc app</title>
<link rel="stylesheet" href="/app/app.css">
<script src="/app/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <h1>engcalc</h1>
  <div id="who" hidden><span id="who-email"></span> <button type="button" id="sign-out">Sign out</button></div>
</header>
<div id="status" role="status" aria-live="polite" class="status"></div>
<div id="alert" role="alert" aria-live="assertive" class="alert" hidden></div>
<main id="main" tabindex="-1">
  <noscript><p>The app needs JavaScript (served by this server; nothing is loaded from elsewhere).</p></noscript>

  <section id="signin" hidden aria-labelledby="signin-title">
    <h2 id="signin-title">Sign in</h2>
    <form id="signin-form" novalidate>
      <label for="signin-email">Email</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required>
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
    </form>
    <p class="hint">No password yet? Your administrator gives you an invitation link to set one.</p>
  </section>

  <section id="invite" hidden aria-labelledby="invite-title">
    <h2 id="invite-title">Set your password</h2>
    <form id="invite-form" novalidate>
      <label for="invite-password">New password (at least 10 characters, not one repeated or a run like 1234567890)</label>
      <input id="invite-password" name="password" type="password" autocomplete="new-password" minlength="10" required>
      <label for="invite-confirm">Repeat the password</label>
      <input id="invite-confirm" name="confirm" type="password" autocomplete="new-password" minlength="10" required>
      <button type="submit">Set password</button>
    </form>
  </section>

  <div id="member" hidden>
    <nav aria-label="Sections"><ul class="tabs">
      <li><a href="#keys">API keys</a></li><li><a href="#seats">Seats</a></li><li><a href="#team" id="team-link">Team</a></li><li><a href="#signoff">Sign-off</a></li>
    </ul></nav>
    <section id="keys" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p id="keys-scope" class="hint"></p>
      <button type="button" id="new-key">New key</button>
      <div class="scroll"><table id="keys-table"><caption class="sr-only">API keys</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col" class="owner-col">Owner</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody></tbody></table></div>
    </section>
    <section id="seats" aria-labelledby="seats-title">
      <h2 id="seats-title">Seats</h2>
      <p class="hint">A seat is taken by a call and frees 3 minutes after the last call that refreshed it.</p>
      <div id="seats-list"></div>
    </section>
    <section id="team" aria-labelledby="team-title">
      <h2 id="team-title">Team</h2>
      <p id="team-note" class="hint"></p>
      <div class="scroll"><table id="team-table" hidden><caption class="sr-only">Members and permissions</caption>
        <thead><tr><th scope="col">Member</th><th scope="col">Permissions</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody></tbody></table></div>
    </section>
    <section id="signoff" aria-labelledby="signoff-title">
      <h2 id="signoff-title">Sign-off</h2>
      <p id="signoff-note" class="hint"></p>
      <label for="signoff-project">Project</label>
      <select id="signoff-project"></select>
      <div class="scroll"><table id="versions-table"><caption class="sr-only">Versions of the project</caption>
        <thead><tr><th scope="col">Version</th><th scope="col">Label</th><th scope="col">Saved</th><th scope="col">Approved</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody></tbody></table></div>
    </section>
  </div>

  <div id="merchant" hidden>
    <section id="mkeys" aria-labelledby="mkeys-title">
      <h2 id="mkeys-title">Payments API keys</h2>
      <p class="hint">The key's prefix picks the environment: sk_sand_ (sandbox) or sk_live_ (live). Rolling makes a new key; the old one keeps working for <span id="grace-minutes">30</span> minutes. An allowlist limits a live key to the addresses and CIDR blocks listed (sandbox keys ignore it).</p>
      <button type="button" id="new-sandbox-key">New sandbox key</button>
      <button type="button" id="new-live-key">New live key</button>
      <div class="scroll"><table id="mkeys-table"><caption class="sr-only">Payments keys</caption>
        <thead><tr><th scope="col">Environment</th><th scope="col">Prefix</th><th scope="col">State</th><th scope="col">Allowlist</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody></tbody></table></div>
    </section>
    <section id="mrequests" aria-labelledby="mrequests-title">
      <h2 id="mrequests-title">Recent requests</h2>
      <p class="hint">The addresses your requests came from, to build an allowlist.</p>
      <div class="scroll"><table id="mrequests-table"><caption class="sr-only">Recent payments requests</caption>
        <thead><tr><th scope="col">Time</th><th scope="col">Environment</th><th scope="col">Key</th><th scope="col">Source address</th><th scope="col">Request</th><th scope="col">Status</th></tr></thead>
        <tbody></tbody></table></div>
    </section>
  </div>
</main>

<dialog id="key-dialog" aria-labelledby="key-dialog-title">
  <form id="key-form" method="dialog" novalidate>
    <h2 id="key-dialog-title">New API key</h2>
    <label for="key-name">Name (1 to 80 characters)</label>
    <input id="key-name" name="name" maxlength="80" required>
    <fieldset><legend>Scopes</legend><div id="key-scopes"></div></fieldset>
    <label for="key-expiry">Expires</label>
    <select id="key-expiry" name="expiry">
      <option value="30d">in 30 days</option><option value="90d" selected>in 90 days</option><option value="1y">in 1 year</option><option value="never">never</option>
    </select>
    <div class="buttons"><button type="submit" id="key-create">Create key</button> <button type="button" class="cancel">Cancel</button></div>
  </form>
  <div id="key-shown" hidden>
    <h2 id="key-shown-title">Your new key</h2>
    <p class="warning" id="key-warning"><strong>Copy this key now. It will not be shown again:</strong> only a hash of it is kept.</p>
    <label for="key-value">Key value</label>
    <input id="key-value" readonly aria-describedby="key-warning" spellcheck="false">
    <div class="buttons"><button type="button" id="key-copy">Copy</button> <button type="button" class="done">Done</button></div>
  </div>
</dialog>

<dialog id="allow-dialog" aria-labelledby="allow-title">
  <form id="allow-form" method="dialog" novalidate>
    <h2 id="allow-title">Allowlist</h2>
    <label for="allow-list">Addresses and CIDR blocks, one a line (empty: any address)</label>
    <textarea id="allow-list" rows="6" spellcheck="false"></textarea>
    <div class="buttons"><button type="submit">Save</button> <button type="button" class="cancel">Cancel</button></div>
  </form>
</dialog>
</body>
</html>
`;
}
