// engcalc app: plain browser JavaScript served by the server itself. It talks to the JSON routes
// under /app with the session cookie and the CSRF token, and builds every piece of data into the
// page with textContent (never as HTML).
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  // Sign-in and invitations carry the page's pre-session token; everything else the session's.
  const presession = document.querySelector('meta[name="csrf-token"]').content;
  let csrf = presession;
  let account = null;
  let clockOffset = 0; // server time minus browser time, for the roll countdowns

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (v === true) node.setAttribute(k, '');
      else if (v !== false && v != null) node.setAttribute(k, v);
    }
    for (const c of children) if (c != null) node.append(c);
    return node;
  }

  function say(message) {
    $('alert').hidden = true;
    $('status').textContent = message;
  }
  function fail(err) {
    $('status').textContent = '';
    const box = $('alert');
    box.textContent = err && err.message ? err.message : String(err);
    box.hidden = false;
  }

  async function api(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = (path === '/app/session' && method === 'POST') || path === '/app/invitations/accept' ? presession : csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    const date = res.headers.get('Date');
    if (date) clockOffset = Date.parse(date) - Date.now();
    if (res.status === 204) return null;
    const data = await res.json().catch(() => null);
    if (res.status === 401 && account && path !== '/app/session') {
      // The session ended (idle, expired, signed out elsewhere): back to the sign-in form.
      account = null;
      show('signin');
    }
    if (!res.ok) {
      const e = new Error((data && data.error && data.error.message) || `${res.status} ${res.statusText}`);
      e.status = res.status;
      e.fields = data && data.error && data.error.details && data.error.details.fields;
      if (e.fields) e.message += ': ' + Object.entries(e.fields).map(([f, m]) => `${f} ${m}`).join('; ');
      throw e;
    }
    return data;
  }

  const when = (iso) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

  function show(view) {
    for (const id of ['signin', 'invite', 'member', 'merchant']) $(id).hidden = id !== view;
    $('who').hidden = !(view === 'member' || view === 'merchant');
  }

  // ---------- sign-in, invitation, sign-out ----------
  $('signin-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const data = await api('POST', '/app/session', { email: $('signin-email').value, password: $('signin-password').value });
      $('signin-password').value = '';
      await enter(data);
      say(`Signed in as ${data.email}.`);
    } catch (err) {
      fail(err);
      $('signin-password').focus();
    }
  });

  $('invite-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const password = $('invite-password').value;
    if (password !== $('invite-confirm').value) return fail(new Error('The two passwords differ.'));
    try {
      const token = location.hash.slice(1);
      const data = await api('POST', '/app/invitations/accept', { token, password });
      history.replaceState(null, '', '/app');
      show('signin');
      $('signin-email').value = data.email;
      say(data.next);
      $('signin-password').focus();
    } catch (err) {
      fail(err);
    }
  });

  $('sign-out').addEventListener('click', async () => {
    try {
      await api('DELETE', '/app/session');
    } catch (err) {
      /* the session may have ended already */
    }
    location.replace('/app');
  });

  async function enter(data) {
    account = data;
    csrf = data.csrfToken;
    $('who-email').textContent = data.email;
    if (data.kind === 'member') {
      show('member');
      await Promise.all([loadKeys(), loadSeats(), loadTeam(), loadProjects()]);
    } else {
      show('merchant');
      $('grace-minutes').textContent = String(data.rollGraceMinutes);
      await Promise.all([loadMerchantKeys(), loadRequests()]);
    }
    $('main').focus();
  }

  // ---------- member: keys ----------
  const can = (p) => account && account.member && account.member.permissions.includes(p);

  async function loadKeys() {
    const data = await api('GET', '/app/keys');
    $('keys-scope').textContent = data.all ? "Every member's keys of the company (you have Manage API keys)." : 'Your own keys.';
    document.querySelectorAll('.owner-col').forEach((c) => (c.hidden = !data.all));
    $('new-key').hidden = !can('manageApiKeys') || !account.company.apiAccess;
    const body = $('keys-table').tBodies[0];
    body.replaceChildren(
      ...data.keys.map((k) =>
        el(
          'tr',
          { 'data-key-id': k.id },
          el('td', { text: k.name }),
          el('td', {}, el('code', { text: k.prefix })),
          el('td', { text: k.scopes.join(', ') }),
          el('td', { text: k.expiresAt ? when(k.expiresAt) : 'never' }),
          el('td', { text: when(k.lastUsedAt) }),
          el('td', { text: k.state }),
          data.all ? el('td', { text: k.owner.email || k.owner.id }) : null,
          el('td', {}, k.state === 'active' ? el('button', { type: 'button', class: 'danger', 'aria-label': `Revoke key ${k.name}`, text: 'Revoke', onclick: () => revoke(k) }) : null),
        ),
      ),
    );
    if (!data.keys.length) body.append(el('tr', {}, el('td', { colspan: '8', text: 'No keys yet.' })));
  }

  async function revoke(k) {
    if (!confirm(`Revoke the key "${k.name}" (${k.prefix}…)? Programs using it stop at once. This cannot be undone.`)) return;
    try {
      await api('DELETE', `/app/keys/${encodeURIComponent(k.id)}`);
      await loadKeys();
      say(`Key ${k.name} revoked.`);
    } catch (err) {
      fail(err);
    }
  }

  const dialog = $('key-dialog');
  let opener = null;
  function openDialog(d, from) {
    opener = from || document.activeElement;
    d.showModal();
  }
  for (const d of [dialog, $('allow-dialog')]) {
    d.addEventListener('close', () => {
      if (opener) opener.focus();
      if (d === dialog) $('key-value').value = '';
    });
    d.querySelectorAll('.cancel, .done').forEach((b) =>
      b.addEventListener('click', () => {
        if (d === dialog) $('key-value').value = ''; // at once, not only when the close event comes
        d.close();
      }),
    );
  }

  $('new-key').addEventListener('click', (ev) => {
    $('key-form').hidden = false;
    $('key-shown').hidden = true;
    $('key-name').value = '';
    const rules = account.keyRules;
    $('key-scopes').replaceChildren(
      ...rules.scopes.map((s) =>
        el('label', {}, el('input', { type: 'checkbox', name: 'scope', value: s, checked: rules.defaultScopes.includes(s) }), s),
      ),
    );
    openDialog(dialog, ev.currentTarget);
    $('key-name').focus();
  });

  $('key-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const scopes = [...document.querySelectorAll('#key-scopes input:checked')].map((i) => i.value);
    try {
      const data = await api('POST', '/app/keys', { name: $('key-name').value, scopes, expiry: $('key-expiry').value });
      showSecret(data.value, 'Your new key');
      await loadKeys();
    } catch (err) {
      fail(err);
    }
  });

  function showSecret(value, title) {
    $('key-form').hidden = true;
    $('key-shown').hidden = false;
    $('key-shown-title').textContent = title;
    $('key-value').value = value;
    if (!dialog.open) openDialog(dialog);
    $('key-value').focus();
    $('key-value').select();
    say('The new key is shown once in the dialog. Copy it now.');
  }

  $('key-copy').addEventListener('click', async () => {
    const value = $('key-value').value;
    try {
      await navigator.clipboard.writeText(value);
      say('Key copied to the clipboard.');
    } catch (err) {
      $('key-value').select();
      say('Copying was not allowed: the key is selected, copy it with Ctrl+C or ⌘C.');
    }
  });

  // ---------- member: seats ----------
  async function loadSeats() {
    const data = await api('GET', '/app/seats');
    const list = $('seats-list');
    if (!data.modules.length) return list.replaceChildren(el('p', { text: 'The company has no module licences.' }));
    const holders = (m) =>
      m.holders.length
        ? el('ul', { class: 'holders' }, ...m.holders.map((h) => el('li', { text: `${h.email || h.member}: since ${when(h.since)}, frees ${when(h.releasesAt)} unless used again` })))
        : 'all free';
    list.replaceChildren(
      el(
        'div',
        { class: 'scroll' },
        el(
          'table',
          { id: 'seats-table' },
          el('caption', { class: 'sr-only', text: 'Seats per module' }),
          el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Module' }), el('th', { scope: 'col', text: 'In use' }), el('th', { scope: 'col', text: 'Held by' }))),
          el('tbody', {}, ...data.modules.map((m) => el('tr', {}, el('th', { scope: 'row', text: m.module }), el('td', { text: `${m.holders.length} of ${m.seats}` }), el('td', {}, holders(m))))),
        ),
      ),
    );
  }

  // ---------- member: team ----------
  async function loadTeam() {
    const allowed = can('manageTeam');
    $('team-link').parentElement.hidden = !allowed;
    $('team').hidden = !allowed;
    if (!allowed) return;
    const data = await api('GET', '/app/team');
    $('team-table').hidden = false;
    $('team-note').textContent = 'Tick the permissions of each member and save the row.';
    $('team-table').tBodies[0].replaceChildren(
      ...data.members.map((m) => {
        const boxes = data.permissions.map((p) =>
          el('label', { class: 'perm' }, el('input', { type: 'checkbox', value: p, checked: m.permissions.includes(p) }), p),
        );
        const save = async () => {
          const permissions = boxes.map((b) => b.firstChild).filter((i) => i.checked).map((i) => i.value);
          try {
            await api('PUT', `/app/team/${encodeURIComponent(m.id)}/permissions`, { permissions });
            say(`Permissions of ${m.email} saved.`);
            if (m.id === account.member.id) location.reload();
          } catch (err) {
            fail(err);
          }
        };
        return el(
          'tr',
          {},
          el('td', { text: m.email + (m.disabled ? ' (disabled)' : '') }),
          el('td', {}, el('fieldset', {}, el('legend', { class: 'sr-only', text: `Permissions of ${m.email}` }), ...boxes)),
          el('td', {}, el('button', { type: 'button', class: 'secondary', 'aria-label': `Save permissions of ${m.email}`, text: 'Save', onclick: save })),
        );
      }),
    );
  }

  // ---------- member: sign-off ----------
  async function loadProjects() {
    $('signoff-note').textContent = can('signOff') ? 'Approve a version for reporting. An approved version cannot be changed and keeps its project from deletion.' : 'You can see the versions; approving needs the signOff permission.';
    const data = await api('GET', '/app/projects');
    const select = $('signoff-project');
    select.replaceChildren(...data.projects.map((p) => el('option', { value: p.id, text: `${p.name} (${p.versionCount} version${p.versionCount === 1 ? '' : 's'})` })));
    if (!data.projects.length) select.append(el('option', { value: '', text: 'No saved projects' }));
    await loadVersions();
  }
  $('signoff-project').addEventListener('change', () => loadVersions().catch(fail));

  async function loadVersions() {
    const id = $('signoff-project').value;
    const body = $('versions-table').tBodies[0];
    if (!id) return body.replaceChildren();
    const data = await api('GET', `/app/projects/${encodeURIComponent(id)}/versions`);
    body.replaceChildren(
      ...data.versions.map((v) =>
        el(
          'tr',
          {},
          el('td', { text: v.id }),
          el('td', { text: v.label }),
          el('td', { text: `${when(v.createdAt)} by ${v.createdBy}` }),
          el('td', { text: v.approvedAt ? `${when(v.approvedAt)} by ${v.approvedBy}` : 'no' }),
          el('td', {}, !v.approvedAt && can('signOff') ? el('button', { type: 'button', 'aria-label': `Approve version ${v.id} ${v.label}`, text: 'Approve', onclick: () => approve(id, v) }) : null),
        ),
      ),
    );
    if (!data.versions.length) body.append(el('tr', {}, el('td', { colspan: '5', text: 'No saved versions.' })));
  }

  async function approve(projectId, v) {
    if (!confirm(`Approve version ${v.id} "${v.label}" for reporting?`)) return;
    try {
      await api('POST', `/app/projects/${encodeURIComponent(projectId)}/versions/${encodeURIComponent(v.id)}/approve`);
      say(`Version ${v.id} approved.`);
      await loadVersions();
    } catch (err) {
      fail(err);
    }
  }

  // ---------- merchant: keys, allowlists, recent requests ----------
  let countdowns = [];
  async function loadMerchantKeys() {
    const data = await api('GET', '/app/merchant/keys');
    countdowns = [];
    $('mkeys-table').tBodies[0].replaceChildren(
      ...data.keys.map((k) => {
        const state = el('td', { text: k.state });
        if (k.state === 'expiring') countdowns.push({ cell: state, until: Date.parse(k.expires_at) });
        const actions = el('td', {});
        if (k.state === 'active') {
          actions.append(el('button', { type: 'button', class: 'secondary', 'aria-label': `Roll key ${k.prefix}`, text: 'Roll', onclick: () => roll(k) }));
          if (k.environment === 'live') actions.append(el('button', { type: 'button', class: 'secondary', 'aria-label': `Edit allowlist of ${k.prefix}`, text: 'Allowlist', onclick: (ev) => editAllowlist(k, ev.currentTarget) }));
        }
        if (k.state === 'active' || k.state === 'expiring') actions.append(el('button', { type: 'button', class: 'danger', 'aria-label': `Revoke key ${k.prefix}`, text: 'Revoke', onclick: () => revokeMerchantKey(k) }));
        return el(
          'tr',
          { 'data-key-id': k.id },
          el('td', { text: k.environment }),
          el('td', {}, el('code', { text: k.prefix })),
          state,
          el('td', { text: k.environment === 'live' ? k.allowlist.join(', ') || 'any address' : 'not applied (sandbox)' }),
          el('td', { text: when(k.last_used_at) }),
          actions,
        );
      }),
    );
    tick();
  }

  function tick() {
    const now = Date.now() + clockOffset;
    for (const c of countdowns) {
      const left = Math.max(0, Math.round((c.until - now) / 1000));
      c.cell.textContent = left > 0 ? `rolled: stops in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` : 'expired';
    }
  }
  setInterval(tick, 1000);

  async function createMerchantKey(environment) {
    try {
      const data = await api('POST', '/app/merchant/keys', { environment });
      showSecret(data.value, `Your new ${environment} key`);
      await loadMerchantKeys();
    } catch (err) {
      fail(err);
    }
  }
  $('new-sandbox-key').addEventListener('click', () => createMerchantKey('sandbox'));
  $('new-live-key').addEventListener('click', () => createMerchantKey('live'));

  async function roll(k) {
    if (!confirm(`Roll ${k.prefix}…? A new key is made; this one keeps working for ${account.rollGraceMinutes} minutes.`)) return;
    try {
      const data = await api('POST', `/app/merchant/keys/${encodeURIComponent(k.id)}/roll`, {});
      showSecret(data.value, `The key that replaces ${k.prefix}…`);
      await loadMerchantKeys();
    } catch (err) {
      fail(err);
    }
  }

  async function revokeMerchantKey(k) {
    if (!confirm(`Revoke ${k.prefix}…? Requests with it stop at once.`)) return;
    try {
      await api('DELETE', `/app/merchant/keys/${encodeURIComponent(k.id)}`);
      say(`Key ${k.prefix}… revoked.`);
      await loadMerchantKeys();
    } catch (err) {
      fail(err);
    }
  }

  let allowKey = null;
  function editAllowlist(k, from) {
    allowKey = k;
    $('allow-title').textContent = `Allowlist of ${k.prefix}…`;
    $('allow-list').value = k.allowlist.join('\n');
    openDialog($('allow-dialog'), from);
    $('allow-list').focus();
  }
  $('allow-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const allowlist = $('allow-list').value.split(/[\s,]+/).filter(Boolean);
    try {
      await api('PUT', `/app/merchant/keys/${encodeURIComponent(allowKey.id)}/allowlist`, { allowlist });
      $('allow-dialog').close();
      say('Allowlist saved.');
      await loadMerchantKeys();
    } catch (err) {
      fail(err);
    }
  });

  async function loadRequests() {
    const data = await api('GET', '/app/merchant/requests');
    const body = $('mrequests-table').tBodies[0];
    body.replaceChildren(
      ...data.requests.map((r) =>
        el('tr', {}, el('td', { text: when(r.at) }), el('td', { text: r.environment }), el('td', {}, el('code', { text: r.keyPrefix })), el('td', {}, el('code', { text: r.address })), el('td', { text: `${r.method} ${r.path}` }), el('td', { text: String(r.status) })),
      ),
    );
    if (!data.requests.length) body.append(el('tr', {}, el('td', { colspan: '6', text: 'No requests yet.' })));
  }

  // ---------- start ----------
  async function start() {
    if (location.pathname.replace(/\/+$/, '') === '/app/invite') {
      show('invite');
      if (location.hash.length < 2) fail(new Error('This invitation link is incomplete: open the whole link you were given.'));
      $('invite-password').focus();
      return;
    }
    try {
      await enter(await api('GET', '/app/session'));
    } catch (err) {
      show('signin');
      if (err.status !== 401) fail(err);
      $('signin-email').focus();
    }
  }
  start();
})();
