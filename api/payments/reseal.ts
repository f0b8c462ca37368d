/**
 * Re-sealing payouts' account numbers under the current data key (`npm run admin -- payouts
 * reseal`): numbers stored before sealing existed are sealed, numbers sealed under a previous key
 * (PAYMENTS_DATA_KEYS_PREVIOUS) are sealed again under PAYMENTS_DATA_KEY. Afterwards the previous
 * keys can be dropped. Each payout is written alone, by version (a concurrent change of the
 * payout wins and the payout is read again), with no event and no movement: only how its
 * number is stored changes. Payouts made while it runs are sealed under the current key already.
 * Safe to run again: what is current is left as it is.
 */
import { ENVIRONMENTS, type Payout, type Scope } from '../../store/payments/model.js';
import type { PaymentsContext } from './core.js';
import { accountNumber, sealAccountNumber } from './payouts.js';
import { sealedBy } from './sealed.js';

export interface ResealReport {
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
  const report: ResealReport = { scanned: 0, sealedFromPlain: 0, resealed: 0, current: 0, failed: [], dryRun };
  for (const merchant of await ctx.store.merchants.list()) {
    for (const environment of ENVIRONMENTS) {
      const scope: Scope = { merchantId: merchant.id, environment };
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
