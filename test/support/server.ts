/**
 * Test servers: a real API node on an ephemeral port with LMDB in a fresh temp dir, plus helpers
 * that create accounts directly in its store. TRUST_PROXY is on so a test can act as several
 * client addresses through X-Forwarded-For.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../api/config.js';
import { createLogger } from '../../api/log.js';
import { startServer, type RunningServer, type StartOptions } from '../../api/server.js';
import { createCompany, createMember } from '../../api/accounts/companies.js';
import { createKey } from '../../api/accounts/keys.js';
import { PERMISSIONS, type Company, type Member, type Permission } from '../../store/model.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  logLines: string[];
  demoKey: string;
  stop(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}, options: Omit<StartOptions, 'log'> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engcalc-test-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'info', ...env });
  const logLines: string[] = [];
  const running = await startServer(config, { ...options, log: createLogger('info', (l) => logLines.push(l)) });
  return {
    ...running,
    dataDir,
    logLines,
    demoKey: running.demo?.keyValue ?? '',
    async stop() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface AccountOptions {
  companyName?: string;
  apiAccess?: boolean;
  licences?: Record<string, number>;
  maxProjects?: number;
  maxVersionsPerProject?: number;
  maxVersions?: number;
  verified?: boolean;
  permissions?: Permission[];
  scopes?: string[];
  expiry?: string;
}

export interface TestAccount {
  company: Company;
  member: Member;
  key: string;
  keyId: string;
}

/** A company (API access and Integrations seats by default), a verified member with every permission, and a key. */
export async function createAccount(server: RunningServer, o: AccountOptions = {}): Promise<TestAccount> {
  const company = await createCompany(server.store, {
    name: o.companyName ?? 'Test Co',
    apiAccess: o.apiAccess ?? true,
    maxProjects: o.maxProjects,
    maxVersionsPerProject: o.maxVersionsPerProject,
    maxVersions: o.maxVersions,
    licences: o.licences ?? { integrations: 10, econ: 10, gas: 10, eos: 10, well: 10, decline: 10, units: 10 },
  });
  return addMember(server, company, o);
}

/** Another member (with a key) of an existing company. */
export async function addMember(server: RunningServer, company: Company, o: AccountOptions = {}): Promise<TestAccount> {
  const member = await createMember(server.store, {
    companyId: company.id,
    email: `m${Math.random().toString(36).slice(2, 10)}@example.com`,
    emailVerified: true,
    permissions: [...PERMISSIONS],
  });
  // Keys are created while the member is verified and allowed, then the account switches apply.
  const created = await createKey(server.store, { memberId: member.id, name: 'test key', scopes: o.scopes, expiry: o.expiry });
  if (o.verified === false) await server.store.members.update(member.id, { emailVerified: false });
  const final = o.permissions ? (await server.store.members.update(member.id, { permissions: o.permissions }))! : member;
  return { company, member: final, key: created.value, keyId: created.key.id };
}

export interface CallOptions {
  key?: string;
  method?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  address?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

/** One real HTTP request; `address` sets X-Forwarded-For (the server trusts it in tests). */
/**
 * A GET with headers sent as given, a header named twice included (fetch would join them):
 * status and parsed JSON body.
 */
export function getWithRawHeaders(base: string, path: string, headers: Record<string, string | string[]>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function call(base: string, path: string, o: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.key !== undefined) headers.Authorization = `Bearer ${o.key}`;
  if (o.address) headers['X-Forwarded-For'] = o.address;
  let body: string | Buffer | undefined;
  if (o.rawBody !== undefined) body = o.rawBody;
  else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method: o.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

let addressCounter = 0;
/** A fresh client address for tests that count per-address failures. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}
