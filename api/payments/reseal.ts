/**
 * Re-sealing payouts' account numbers and webhook endpoints' signing secrets under the current
 * data key (`npm run admin -- payouts reseal`): values stored before sealing existed are sealed, values sealed under a previous key
 * (PAYMENTS_DATA_KEYS_PREVIOUS) are sealed again under PAYMENTS_DATA_KEY. Afterwards the previous
 * keys can be dropped. Each payout is written alone, by version (a concurrent change of the
 * payout wins and the payout is read again), with no event and no movement: only how its
 * number is stored changes. Payouts made while it runs are sealed under the current key already.
 * Safe to run again: what is current is left as it is.
 */
import { ENVIRONMENTS, type Payout, type Scope, type WebhookEndpoint } from '../../store/payments/model.js';
import type { PaymentsContext } from './core.js';
import { accountNumber, sealAccountNumber } from './payouts.js';
import { sealedBy } from './sealed.js';
import { sealWebhookSecret, webhookSecret } from './webhooks.js';

export interface ResealReport {
  /** Webhook endpoints' signing secrets, counted the same way (`failed` ids are endpoint ids). */
  webhookSecrets: Omit<ResealReport, 'webhookSecrets' | 'dryRun'>;
  /** Payouts read. */
  scanned: number;
  /** Stored in plain text before sealing existed; now sealed. */
  sealedFromPlain: number;
  /** Sealed under a previous key; now under the current one. */
  resealed: number;
  /** Already sealed under the current key. */
  current: number;
  /** Payouts left as they were, and why (a key no longer configured, a value that does not open). */
  failed: { id: string; reason: string }[];
  /** Nothing written (`--dry-run`): the counts say what would be. */
  dryRun: boolean;
}

/** Payouts read per page. */
const PAGE = 200;
/** Attempts at one payout when it keeps changing under us. */
const ATTEMPTS = 3;

export async function resealAccountNumbers(ctx: PaymentsContext, options: { dryRun?: boolean } = {}): Promise<ResealReport> {
  const dryRun = options.dryRun === true;
  const report: ResealReport = { scanned: 0, sealedFromPlain: 0, resealed: 0, current: 0, failed: [], dryRun, webhookSecrets: { scanned: 0, sealedFromPlain: 0, resealed: 0, current: 0, failed: [] } };
  for (const merchant of await ctx.store.merchants.list()) {
    for (const environment of ENVIRONMENTS) {
      const scope: Scope = { merchantId: merchant.id, environment };
      for (const endpoint of await ctx.store.webhooks.listEndpoints(scope)) await resealSecret(ctx, scope, endpoint, report.webhookSecrets, dryRun);
      let after: string | undefined;
      for (;;) {
        const page = await ctx.store.objects.list('payout', scope, { limit: PAGE, ...(after ? { startingAfter: after } : {}) });
        for (const payout of page) {
          report.scanned++;
          await resealOne(ctx, scope, payout, report, dryRun);
        }
        if (page.length < PAGE) break;
        after = page[page.length - 1]!.id;
      }
    }
  }
  return report;
}

async function resealOne(ctx: PaymentsContext, scope: Scope, first: Payout, report: ResealReport, dryRun: boolean): Promise<void> {
  let payout = first;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const by = sealedBy(payout.bankAccount.accountNumber);
    if (by === ctx.dataKeys.current.id) {
      report.current++;
      return;
    }
    let plain: string;
    try {
      plain = accountNumber(ctx, payout);
    } catch (err) {
      report.failed.push({ id: payout.id, reason: (err as Error).message });
      return;
    }
    const tally = () => (by === null ? report.sealedFromPlain++ : report.resealed++);
    if (dryRun) {
      tally();
      return;
    }
    const next: Payout = { ...payout, version: payout.version + 1, bankAccount: { ...payout.bankAccount, accountNumber: sealAccountNumber(ctx, payout.id, plain) } };
    const out = await ctx.store.objects.transition('payout', scope, payout.id, payout.version, next, { movements: [], events: [] });
    if (out.status === 'done') {
      tally();
      return;
    }
    if (out.status !== 'stale') {
      report.failed.push({ id: payout.id, reason: out.status === 'not_found' ? 'gone while re-sealing' : `the store answered ${out.status}` });
      return;
    }
    payout = out.record; // changed meanwhile: judge its new version
  }
  report.failed.push({ id: payout.id, reason: `changed ${ATTEMPTS} times while re-sealing; run again` });
}

/**
 * One endpoint's signing secret under the current key. Only the secret is written (and its
 * shown prefix, for one registered before sealing), with the endpoint's own updatedAt: a URL or
 * events change made meanwhile is kept, and the merchant sees no change.
 */
async function resealSecret(ctx: PaymentsContext, scope: Scope, endpoint: WebhookEndpoint, report: ResealReport['webhookSecrets'], dryRun: boolean): Promise<void> {
  report.scanned++;
  const by = sealedBy(endpoint.secret);
  if (by === ctx.dataKeys.current.id) {
    report.current++;
    return;
  }
  let plain: string;
  try {
    plain = webhookSecret(ctx, endpoint);
  } catch (err) {
    report.failed.push({ id: endpoint.id, reason: (err as Error).message });
    return;
  }
  if (!dryRun) {
    const patch = { secret: sealWebhookSecret(ctx, endpoint.id, plain), secretPrefix: endpoint.secretPrefix ?? plain.slice(0, 10) };
    if (!(await ctx.store.webhooks.updateEndpoint(scope, endpoint.id, patch, endpoint.updatedAt))) {
      report.failed.push({ id: endpoint.id, reason: 'gone while re-sealing' });
      return;
    }
  }
  if (by === null) report.sealedFromPlain++;
  else report.resealed++;
}
