#!/usr/bin/env node
/**
 * Operator CLI: `npm run -s admin -- <command>`, or `engcalc-admin <command>` once the package is
 * linked (`npm link`); built once by `npm install` (no compile per call). Prints JSON on stdout. Works on the store named
 * by DATA_DIR (LMDB, safe next to a running server). Bad arguments: a message on stderr, exit 2;
 * a refused operation (not found, limit, permission): the error envelope on stderr, exit 1.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configOrExit } from '../api/lifecycle.js';
import type { Config } from '../api/config.js';
import { inviteMember, inviteMerchantUser } from '../api/app/invitations.js';
import { AccountError } from '../api/accounts/accountError.js';
import { createCompany, createMember, setCompanySuspended, setMemberDisabled, setMemberPermissions } from '../api/accounts/companies.js';
import { createKey, listCompanyKeys, revokeKey } from '../api/accounts/keys.js';
import { approveVersion } from '../api/projects/approval.js';
import { openStore } from '../store/open.js';
import { authVersionFor, versionedStore } from '../api/accounts/authLookup.js';
import { KEY_EXPIRIES, KEY_SCOPES, LICENSABLE_MODULES, PERMISSIONS } from '../store/model.js';
import type { Store } from '../store/ports.js';
import { PAYMENTS_USAGE, paymentsCommands } from './admin/payments.js';
import { DATA_KEY_FILE } from '../api/payments/dataKeys.js';

class UsageError extends Error {}

const USAGE = `usage: npm run admin -- <command>

  company create --name N [--api-access] [--max-projects N] [--max-versions-per-project N] [--max-versions N] [--licence MODULE=SEATS]...
  company suspend ID | company unsuspend ID | company show ID
  member create --company ID --email E [--verified] [--permission P]...
  member invite ID [--base-url URL]          (prints a one-time link to set an app password, valid 72 hours)
  member disable ID | member enable ID | member verify ID | member list --company ID
  member permissions ID [--permission P]...  (sets them all; refused if no enabled member would keep manageTeam)
  key create --member ID --name N [--scope S]... [--expiry 30d|90d|1y|never]
  key revoke ID
  key list --company ID
  project approve --company ID --project ID --version N --member ID   (sign-off; the member needs signOff)
  audit list --company ID [--limit N]
  store backup DIR [--compact]               (a consistent copy of the LMDB store, taken while it serves; --compact: pages in use only)
${PAYMENTS_USAGE}

  modules:     ${LICENSABLE_MODULES.join(', ')}
  permissions: ${PERMISSIONS.join(', ')}
  scopes:      ${KEY_SCOPES.join(', ')} (default engine:run, projects:read)
  expiry:      ${Object.keys(KEY_EXPIRIES).join(', ')} (default never)

The store is MONGODB_URL when set, else LMDB under DATA_DIR (default ./data).`;

type Handler = (store: Store, args: string[], config: Readonly<Config>) => Promise<unknown>;

const COMMANDS: Record<string, Handler> = {
  'company create': async (store, args) => {
    const v = opts(args, { name: 'string', 'api-access': 'boolean', 'max-projects': 'string', 'max-versions-per-project': 'string', 'max-versions': 'string', licence: 'multiple' });
    const licences: Record<string, number> = {};
    for (const l of (v.licence as string[] | undefined) ?? []) {
      const m = /^([a-z]+)=(\d+)$/.exec(l);
      if (!m) throw new UsageError(`--licence expects MODULE=SEATS (e.g. econ=2), got '${l}'`);
      licences[m[1]!] = Number(m[2]);
    }
    return {
      company: await createCompany(store, {
        name: required(v, 'name'),
        apiAccess: Boolean(v['api-access']),
        maxProjects: v['max-projects'] === undefined ? undefined : integer(v['max-projects'] as string, '--max-projects'),
        maxVersionsPerProject: v['max-versions-per-project'] === undefined ? undefined : integer(v['max-versions-per-project'] as string, '--max-versions-per-project'),
        maxVersions: v['max-versions'] === undefined ? undefined : integer(v['max-versions'] as string, '--max-versions'),
        licences,
      }),
    };
  },
  'company suspend': async (store, args) => ({ company: await setCompanySuspended(store, id(args), true) }),
  'company unsuspend': async (store, args) => ({ company: await setCompanySuspended(store, id(args), false) }),
  'company show': async (store, args) => {
    const company = await store.companies.get(id(args));
    if (!company) throw new AccountError('not_found', `company ${args[0]} not found`);
    return { company };
  },
  'member create': async (store, args) => {
    const v = opts(args, { company: 'string', email: 'string', verified: 'boolean', permission: 'multiple' });
    return {
      member: await createMember(store, {
        companyId: required(v, 'company'),
        email: required(v, 'email'),
        emailVerified: Boolean(v.verified),
        permissions: (v.permission as string[] | undefined) ?? [],
      }),
    };
  },
  'member invite': async (store, args, config) => {
    const [memberId, rest] = idThen(args);
    const v = opts(rest, { 'base-url': 'string' });
    const invitation = await inviteMember(store, memberId, baseUrl(v, config));
    return { ...invitation, note: 'Give this link to the member only: it sets their app password once. Nothing is mailed.' };
  },
  'merchant invite': async (store, args, config) => {
    const v = opts(args, { merchant: 'string', email: 'string', 'base-url': 'string' });
    const invitation = await inviteMerchantUser(store, required(v, 'merchant'), required(v, 'email'), baseUrl(v, config));
    return { ...invitation, note: "Give this link to the merchant's user only: it sets their dashboard password once. Nothing is mailed." };
  },
  'member disable': async (store, args) => ({ member: await setMemberDisabled(store, id(args), true) }),
  'member enable': async (store, args) => ({ member: await setMemberDisabled(store, id(args), false) }),
  'member verify': async (store, args) => {
    const member = await store.members.update(id(args), { emailVerified: true });
    if (!member) throw new AccountError('not_found', `member ${args[0]} not found`);
    return { member };
  },
  'member permissions': async (store, args) => {
    const [memberId, rest] = idThen(args);
    const v = opts(rest, { permission: 'multiple' });
    return { member: await setMemberPermissions(store, memberId, (v.permission as string[] | undefined) ?? []) };
  },
  'member list': async (store, args) => ({ members: await store.members.listByCompany(required(opts(args, { company: 'string' }), 'company')) }),
  'key create': async (store, args) => {
    const v = opts(args, { member: 'string', name: 'string', scope: 'multiple', expiry: 'string' });
    const created = await createKey(store, {
      memberId: required(v, 'member'),
      name: required(v, 'name'),
      scopes: v.scope as string[] | undefined,
      expiry: v.expiry as string | undefined,
      actor: 'operator',
    });
    return { value: created.value, key: created.key, note: 'The value is shown once and never stored; keep it now.' };
  },
  'key revoke': async (store, args) => ({ key: await revokeKey(store, id(args), null) }),
  'key list': async (store, args) => ({ keys: await listCompanyKeys(store, required(opts(args, { company: 'string' }), 'company')) }),
  'project approve': async (store, args) => {
    const v = opts(args, { company: 'string', project: 'string', version: 'string', member: 'string' });
    return {
      version: await approveVersion(store, {
        companyId: required(v, 'company'),
        projectId: required(v, 'project'),
        versionId: required(v, 'version'),
        memberId: required(v, 'member'),
      }),
    };
  },
  'audit list': async (store, args) => {
    const v = opts(args, { company: 'string', limit: 'string' });
    return { entries: await store.audit.list(required(v, 'company'), { limit: v.limit ? integer(v.limit as string, '--limit') : 100 }) };
  },
  'store backup': async (store, args) => {
    const [target, ...rest] = args;
    if (!target || target.startsWith('--')) throw new UsageError('store backup takes a directory: store backup DIR [--compact]');
    const v = opts(rest, { compact: 'boolean' });
    if (!store.backup) throw new UsageError('the store is MongoDB (MONGODB_URL): back it up with mongodump');
    const directory = resolve(target);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    if (readdirSync(directory).length > 0) throw new UsageError(`${directory} is not empty: a backup goes into an empty directory`);
    const compact = v.compact === true;
    await store.backup(directory, { compact });
    return {
      backup: { directory, compact, bytes: statSync(join(directory, 'data.mdb')).size },
      note: `Start a server on it with DATA_DIR=${directory}. The payments data key (${DATA_KEY_FILE} or PAYMENTS_DATA_KEY) is not in it: keep the key apart from backups, and give it to a server started on the copy, or its payouts' account numbers do not open.`,
    };
  },
};

Object.assign(COMMANDS, paymentsCommands({ opts, required, id, integer, usage: (m) => new UsageError(m) }));

type Kind = 'string' | 'boolean' | 'multiple';

function opts(args: string[], spec: Record<string, Kind>): Record<string, unknown> {
  const options = Object.fromEntries(
    Object.entries(spec).map(([k, kind]) => [k, kind === 'boolean' ? { type: 'boolean' as const } : { type: 'string' as const, multiple: kind === 'multiple' }]),
  );
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    return values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

/** An ID first, then options. */
function idThen(args: string[]): [string, string[]] {
  if (!args[0] || args[0].startsWith('-')) throw new UsageError('expected an ID first');
  return [args[0], args.slice(1)];
}

function baseUrl(v: Record<string, unknown>, config: Readonly<Config>): string {
  const url = (v['base-url'] as string | undefined) ?? config.app.publicUrl;
  if (!/^https?:\/\/[^/\s]+/.test(url)) throw new UsageError(`--base-url must be an http:// or https:// address, got '${url}'`);
  return url;
}

function id(args: string[]): string {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError('expected exactly one ID');
  return args[0]!;
}

function integer(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a non-negative integer, got '${raw}'`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(USAGE + '\n');
    return argv.length === 0 ? 2 : 0;
  }
  const command = `${argv[0]} ${argv[1] ?? ''}`.trim();
  const handler = COMMANDS[command];
  if (!handler) {
    process.stderr.write(`unknown command '${command}'\n\n${USAGE}\n`);
    return 2;
  }
  const config = configOrExit();
  // A change here bumps the auth version every API node's key cache checks, so it applies to
  // their next request (api/accounts/authLookup.ts): in Redis, or beside the embedded store.
  const opened = await openStore(config);
  const authVersion = authVersionFor(config, opened);
  const store = versionedStore(opened, authVersion);
  try {
    const result = await handler(store, argv.slice(2), config);
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${command}: ${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (err instanceof AccountError) {
      process.stderr.write(JSON.stringify({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } }, null, 2) + '\n');
      return 1;
    }
    throw err;
  } finally {
    await store.close();
    await authVersion.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
