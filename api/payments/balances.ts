/**
 * Balances per currency (available / pending / reserved) and sandbox top-ups: the sandbox's way
 * to put test money on a balance (POST /v1/sandbox/balances/top_up, or the operator's
 * `merchant topup`). Live balances only ever change through pay-ins, payouts and conversions.
 */
import { errors } from '../errors.js';
import { createObject, iso, type PaymentsContext } from './core.js';
import { newPaymentId } from './ids.js';
import { requireCurrency } from './money.js';
import { amount, currency, metadata, parseBody, type Field } from './validate.js';
import { balanceView, topUpView } from './views.js';
import type { Scope, TopUp } from '../../store/payments/model.js';

export const TOP_UP_BODY: Record<string, Field> = {
  currency: currency({ required: true, description: 'Currency to credit' }),
  amount: amount({ required: true, description: 'Test money to add to the available balance' }),
  metadata,
};

export async function balances(ctx: PaymentsContext, scope: Scope) {
  return { object: 'balance' as const, environment: scope.environment, balances: (await ctx.store.objects.balances(scope)).map(balanceView) };
}

export async function topUp(ctx: PaymentsContext, scope: Scope, body: unknown, idempotencyKey: string | null, source: TopUp['source']): Promise<{ topUp: TopUp; created: boolean }> {
  if (scope.environment !== 'sandbox') throw errors.forbidden('Top-ups are for the sandbox only: live balances change only by pay-ins, payouts and conversions');
  const b = parseBody<{ currency: string; amount: number; metadata?: Record<string, string> }>(TOP_UP_BODY, body);
  const cur = requireCurrency(b.currency, 'currency');
  const now = ctx.now();
  const record: TopUp = {
    id: newPaymentId('top_up', now), merchantId: scope.merchantId, environment: scope.environment, status: 'succeeded', version: 1, createdAt: iso(now), updatedAt: iso(now),
    metadata: b.metadata ?? {}, idempotencyKey, nextAction: null, currency: cur.code, amount: b.amount, source,
  };
  const { record: created, created: isNew } = await createObject(ctx, 'top_up', record, [{ currency: cur.code, available: b.amount }], ['top_up.succeeded'], topUpView);
  return { topUp: created, created: isNew };
}
