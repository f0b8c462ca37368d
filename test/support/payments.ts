/**
 * Payments test servers: a real API node on an ephemeral port (LMDB in a temp dir) whose payments
 * clock is a Clock the test moves, and whose scheduler runs only when the test calls tick() (so
 * nothing happens behind a test's back). Merchants and keys are made with the same services the
 * admin CLI uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../api/config.js';
import { createLogger } from '../../api/log.js';
import { startServer, type RunningServer } from '../../api/server.js';
import { createMerchant, createMerchantKey } from '../../api/payments/keys.js';
import type { WebhookSettings } from '../../api/payments/webhooks.js';
import type { Environment } from '../../store/payments/model.js';
import { call, type CallOptions, type CallResult } from './server.js';

export class Clock {
  constructor(public t = Date.parse('2026-03-02T09:00:00.000Z')) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface PaymentsServer extends RunningServer {
  dataDir: string;
  clock: Clock;
  logLines: string[];
  /** One scheduler pass (timed actions, dispatch, deliveries) at the clock's time. */
  tick(): Promise<void>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface PaymentsServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  dataDir?: string;
  /** Run the background scheduler every this many ms (default 0: only tick()). */
  schedulerIntervalMs?: number;
  webhooks?: Partial<WebhookSettings>;
  /** Apply the real rate limit (default: lifted, so tests of other rules never meet a 429). */
  rateLimits?: boolean;
}

const unlimited = { take: async () => ({ allowed: true, limit: 20, remaining: 20, retryAfterMs: 0, resetMs: 0 }) };

export async function startPaymentsServer(o: PaymentsServerOptions = {}): Promise<PaymentsServer> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'engcalc-pay-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'info', SEED_DEMO: 'false', ENGINE_THREADS: '1', WEBHOOK_PRIVATE_TARGETS: 'true', ...(o.env ?? {}) });
  const clock = o.clock ?? new Clock();
  const logLines: string[] = [];
  const running = await startServer(config, {
    log: createLogger('info', (l) => logLines.push(l)),
    payments: { now: clock.now, schedulerIntervalMs: o.schedulerIntervalMs ?? 0, webhooks: o.webhooks, ...(o.rateLimits ? {} : { rates: unlimited }) },
  });
  return {
    ...running,
    dataDir,
    clock,
    logLines,
    tick: () => running.payments.scheduler.tick(),
    async stop(options = {}) {
      await running.close();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestMerchant {
  id: string;
  sandbox: string;
  live: string;
  sandboxKeyId: string;
  liveKeyId: string;
}

/** A merchant with one sandbox and one live key (the live one with `allowlist`, if given). */
export async function createTestMerchant(server: PaymentsServer, o: { name?: string; allowlist?: string[] } = {}): Promise<TestMerchant> {
  const store = server.store.payments;
  const m = await createMerchant(store, { name: o.name ?? 'Test Shop' }, server.clock.now());
  const sandbox = await createMerchantKey(store, { merchantId: m.id, environment: 'sandbox' }, server.clock.now());
  const live = await createMerchantKey(store, { merchantId: m.id, environment: 'live', allowlist: o.allowlist }, server.clock.now());
  return { id: m.id, sandbox: sandbox.value, live: live.value, sandboxKeyId: sandbox.key.id, liveKeyId: live.key.id };
}

export async function keyFor(server: PaymentsServer, merchantId: string, environment: Environment, allowlist?: string[]): Promise<{ value: string; id: string }> {
  const k = await createMerchantKey(server.store.payments, { merchantId, environment, allowlist }, server.clock.now());
  return { value: k.value, id: k.key.id };
}

let idem = 0;
/** A fresh Idempotency-Key. */
export const newKey = (label = 'k') => `${label}-${process.pid}-${++idem}-${Math.random().toString(36).slice(2, 8)}`;

let address = 0;
/** A fresh client address, so failed-attempt counts of one test never reach another. */
export const freshIp = () => {
  address++;
  return `10.99.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

/** A payments call: `idem` adds an Idempotency-Key (true: a fresh one). */
export function pay(server: { url: string }, path: string, o: CallOptions & { idem?: string | true } = {}): Promise<CallResult> {
  const headers = { ...(o.headers ?? {}) };
  if (o.idem) headers['Idempotency-Key'] = o.idem === true ? newKey() : o.idem;
  return call(server.url, path, { ...o, headers, address: o.address ?? freshIp() });
}

export const card = (token: string, amount = 1000, currency = 'EUR') => ({ amount, currency, payment_method: { type: 'card', token } });
export const payoutBody = (accountNumber: string, amount = 500, currency = 'EUR') => ({
  amount, currency, bank_account: { account_holder_name: 'Test Holder', country: 'DE', account_number: accountNumber },
});

export async function balanceOf(server: PaymentsServer, key: string, currency = 'EUR') {
  const res = await pay(server, '/v1/balances', { key });
  return (res.body.balances as { currency: string; available: number; pending: number; reserved: number }[]).find((b) => b.currency === currency) ?? { currency, available: 0, pending: 0, reserved: 0 };
}

export async function topUp(server: PaymentsServer, key: string, amount: number, currency = 'EUR') {
  const res = await pay(server, '/v1/sandbox/balances/top_up', { key, idem: true, body: { currency, amount } });
  if (res.status !== 201) throw new Error(`top up: ${res.status} ${JSON.stringify(res.body)}`);
}
