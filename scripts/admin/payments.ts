/**
 * The admin CLI's payments commands (until the merchant dashboard exists): merchants and their
 * secret keys, sandbox top-ups, the conversion rate table, and what the bank did with live
 * pay-ins and payouts (the live rail is the operator: nothing pretends money moved). Output is
 * the API's own JSON views; a refused operation is the error envelope on stderr (exit 1).
 */
import { ApiError } from '../../api/errors.js';
import { AccountError } from '../../api/accounts/accountError.js';
import { balances, topUp } from '../../api/payments/balances.js';
import type { PaymentsContext } from '../../api/payments/core.js';
import { rateView, setRate } from '../../api/payments/fx.js';
import { createMerchant, createMerchantKey, keyView, merchantView, revokeMerchantKey, rollMerchantKey, setKeyAllowlist } from '../../api/payments/keys.js';
import { failPayin, receivePayin } from '../../api/payments/payins.js';
import { accountNumber, markPayout } from '../../api/payments/payouts.js';
import { PAYIN_FAILURE_CODES, PAYOUT_FAILURE_CODES, type PayinFailureCode, type PayoutFailureCode } from '../../api/payments/states.js';
import { payinView, payoutView, topUpView } from '../../api/payments/views.js';
import { ENVIRONMENTS, type Environment } from '../../store/payments/model.js';
import type { Store } from '../../store/ports.js';
import type { Config } from '../../api/config.js';
import { configuredDataKeys } from '../../api/payments/dataKeys.js';
import { resealAccountNumbers } from '../../api/payments/reseal.js';

type Kind = 'string' | 'boolean' | 'multiple';
export interface CliHelpers {
  opts(args: string[], spec: Record<string, Kind>): Record<string, unknown>;
  required(values: Record<string, unknown>, name: string): string;
  id(args: string[]): string;
  integer(raw: string, name: string): number;
  usage(message: string): Error;
}
type Handler = (store: Store, args: string[], config: Readonly<Config>) => Promise<unknown>;

export const PAYMENTS_USAGE = `
  merchant create --name N | merchant list
  merchant invite --merchant ID --email E [--base-url URL]   (one-time link to set a dashboard password)
  merchant key create --merchant ID --environment sandbox|live [--allow-ip ADDRESS_OR_CIDR]...
  merchant key list --merchant ID
  merchant key roll KEYID [--now]            (new key shown once; the old one works 30 more minutes, or stops --now)
  merchant key allowlist KEYID --ip ADDRESS_OR_CIDR... | --clear   (live keys; sandbox keys ignore it)
  merchant key revoke KEYID
  merchant topup --merchant ID --environment sandbox --currency C --amount MINOR_UNITS
  merchant balances --merchant ID --environment sandbox|live
  rate set --from C --to C --mid DECIMAL [--markup-bps N] [--fee MINOR_UNITS_OF_FROM] | rate list
  payin receive ID | payin fail ID --code ${Object.keys(PAYIN_FAILURE_CODES).join('|')}
  payout mark ID processing|paid|failed|returned [--code ${Object.keys(PAYOUT_FAILURE_CODES).join('|')}]
  payout show ID                             (the operator's view, with the full account number)
  payouts reseal [--dry-run]                 (bank account numbers and webhook signing secrets sealed under PAYMENTS_DATA_KEY: plain ones and those under a previous key)`;

const context = (store: Store, config: Readonly<Config>): PaymentsContext => ({ store: store.payments, now: Date.now, notify: () => undefined, dataKeys: configuredDataKeys(config) });

/** Service refusals become the CLI's refused operations (the envelope on stderr, exit 1). */
function refusals(handler: Handler): Handler {
  return async (store, args, config) => {
    try {
      return await handler(store, args, config);
    } catch (err) {
      if (err instanceof ApiError) throw new AccountError(err.code, err.message, err.details);
      throw err;
    }
  };
}

export function paymentsCommands(h: CliHelpers): Record<string, Handler> {
  const environment = (raw: string): Environment => {
    if (!(ENVIRONMENTS as readonly string[]).includes(raw)) throw h.usage(`--environment must be sandbox or live, got '${raw}'`);
    return raw as Environment;
  };
  const positionalThen = (args: string[]): [string, string[]] => {
    if (!args[0] || args[0].startsWith('-')) throw h.usage('expected an ID first');
    return [args[0], args.slice(1)];
  };

  const keyCommands: Record<string, Handler> = {
    create: async (store, args) => {
      const v = h.opts(args, { merchant: 'string', environment: 'string', 'allow-ip': 'multiple' });
      const created = await createMerchantKey(store.payments, { merchantId: h.required(v, 'merchant'), environment: environment(h.required(v, 'environment')), allowlist: (v['allow-ip'] as string[] | undefined) ?? [] }, Date.now());
      return { ...created, note: 'The value is shown once and never stored; keep it now.' };
    },
    list: async (store, args) => {
      const merchantId = h.required(h.opts(args, { merchant: 'string' }), 'merchant');
      return { keys: (await store.payments.keys.listByMerchant(merchantId)).map((k) => keyView(k, Date.now())) };
    },
    roll: async (store, args) => {
      const [keyId, rest] = positionalThen(args);
      const v = h.opts(rest, { now: 'boolean' });
      const rolled = await rollMerchantKey(store.payments, keyId, { now: Boolean(v.now) }, Date.now());
      return { ...rolled, note: `The new value is shown once; the old key ${v.now ? 'stopped now' : `works until ${rolled.previous.expires_at}`}.` };
    },
    allowlist: async (store, args) => {
      const [keyId, rest] = positionalThen(args);
      const v = h.opts(rest, { ip: 'multiple', clear: 'boolean' });
      const ips = (v.ip as string[] | undefined) ?? [];
      if (!v.clear && ips.length === 0) throw h.usage('give --ip ADDRESS_OR_CIDR (repeatable), or --clear');
      if (v.clear && ips.length) throw h.usage('--clear takes no --ip');
      const key = await setKeyAllowlist(store.payments, keyId, ips, Date.now());
      return { key, ...(key.environment === 'sandbox' ? { note: 'Sandbox keys ignore allowlists; it applies to live keys only.' } : {}) };
    },
    revoke: async (store, args) => ({ key: await revokeMerchantKey(store.payments, h.id(args), Date.now()) }),
  };

  const commands: Record<string, Handler> = {
    'merchant create': async (store, args) => ({ merchant: merchantView(await createMerchant(store.payments, { name: h.required(h.opts(args, { name: 'string' }), 'name') }, Date.now())) }),
    'merchant list': async (store, args) => {
      h.opts(args, {});
      return { merchants: (await store.payments.merchants.list()).map(merchantView) };
    },
    'merchant key': async (store, args, config) => {
      const sub = keyCommands[args[0] ?? ''];
      if (!sub) throw h.usage(`merchant key takes one of: ${Object.keys(keyCommands).join(', ')}`);
      return sub(store, args.slice(1), config);
    },
    'merchant topup': async (store, args, config) => {
      const v = h.opts(args, { merchant: 'string', environment: 'string', currency: 'string', amount: 'string' });
      const merchantId = h.required(v, 'merchant');
      if (!(await store.payments.merchants.get(merchantId))) throw new AccountError('not_found', `merchant ${merchantId} not found`);
      const scope = { merchantId, environment: environment(h.required(v, 'environment')) };
      const ctx = context(store, config); // one read of the data key
      const out = await topUp(ctx, scope, { currency: h.required(v, 'currency'), amount: h.integer(h.required(v, 'amount'), '--amount') }, null, 'operator');
      return { top_up: topUpView(out.topUp), ...(await balances(ctx, scope)) };
    },
    'merchant balances': async (store, args, config) => {
      const v = h.opts(args, { merchant: 'string', environment: 'string' });
      return balances(context(store, config), { merchantId: h.required(v, 'merchant'), environment: environment(h.required(v, 'environment')) });
    },
    'rate set': async (store, args) => {
      const v = h.opts(args, { from: 'string', to: 'string', mid: 'string', 'markup-bps': 'string', fee: 'string' });
      const rate = await setRate(store.payments, {
        from: h.required(v, 'from'), to: h.required(v, 'to'), mid: h.required(v, 'mid'),
        markupBps: v['markup-bps'] === undefined ? undefined : h.integer(v['markup-bps'] as string, '--markup-bps'),
        fee: v.fee === undefined ? undefined : h.integer(v.fee as string, '--fee'),
      }, Date.now());
      return { rate: rateView(rate) };
    },
    'rate list': async (store, args) => {
      h.opts(args, {});
      return { rates: (await store.payments.rates.list()).map(rateView) };
    },
    'payin receive': async (store, args, config) => ({ payin: payinView(await receivePayin(context(store, config), h.id(args))) }),
    'payin fail': async (store, args, config) => {
      const [payinId, rest] = positionalThen(args);
      const code = h.required(h.opts(rest, { code: 'string' }), 'code');
      if (!Object.hasOwn(PAYIN_FAILURE_CODES, code)) throw h.usage(`--code must be one of: ${Object.keys(PAYIN_FAILURE_CODES).join(', ')}`);
      return { payin: payinView(await failPayin(context(store, config), payinId, code as PayinFailureCode)) };
    },
    'payout mark': async (store, args, config) => {
      const [payoutId, rest] = positionalThen(args);
      const to = rest[0];
      if (to !== 'processing' && to !== 'paid' && to !== 'failed' && to !== 'returned') throw h.usage('payout mark ID takes processing, paid, failed or returned');
      const code = h.opts(rest.slice(1), { code: 'string' }).code as string | undefined;
      if (code !== undefined && !Object.hasOwn(PAYOUT_FAILURE_CODES, code)) throw h.usage(`--code must be one of: ${Object.keys(PAYOUT_FAILURE_CODES).join(', ')}`);
      if (code !== undefined && to !== 'failed' && to !== 'returned') throw h.usage('--code goes with failed or returned');
      return { payout: payoutView(await markPayout(context(store, config), payoutId, to, code as PayoutFailureCode | undefined)) };
    },
    'payout show': async (store, args, config) => {
      const payout = await store.payments.objects.find('payout', h.id(args));
      if (!payout) throw new AccountError('not_found', `payout ${args[0]} not found`);
      const view = payoutView(payout);
      return { payout: { ...view, merchant: payout.merchantId, bank_account: { ...view.bank_account, account_number: accountNumber(context(store, config), payout) } } };
    },
    'payouts reseal': async (store, args, config) => {
      const v = h.opts(args, { 'dry-run': 'boolean' });
      const report = await resealAccountNumbers(context(store, config), { dryRun: v['dry-run'] === true });
      const failed = report.failed.length + report.webhookSecrets.failed.length;
      if (failed > 0) throw new AccountError('conflict', `${report.failed.length} payout(s) and ${report.webhookSecrets.failed.length} webhook secret(s) could not be re-sealed; the others were`, { report });
      return { reseal: report };
    },
  };
  return Object.fromEntries(Object.entries(commands).map(([k, f]) => [k, refusals(f)]));
}
