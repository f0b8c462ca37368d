/**
 * Conversion rounding against the merchant, over real HTTP: the merchant chooses the amounts, so
 * any rounding in their favour can be repeated until it adds up to money (found by a black-box
 * probe: 1 GBP minor unit created per quote-convert cycle with half-to-even rounding).
 */
import { expect } from 'chai';
import { setRate } from '../../../api/payments/fx.js';
import { balanceOf, createTestMerchant, pay, startPaymentsServer, topUp, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments conversions round against the merchant', () => {
  let server: PaymentsServer;
  before(async () => {
    server = await startPaymentsServer();
    const at = server.clock.now();
    // The probe's rates: mid 2.5 and its inverse 0.4, 50 bps markup each (2.4875 and 0.398).
    await setRate(server.store.payments, { from: 'EUR', to: 'GBP', mid: '2.5', markupBps: 50 }, at);
    await setRate(server.store.payments, { from: 'GBP', to: 'EUR', mid: '0.4', markupBps: 50 }, at);
    // The mirror's pair, without markup (with one, no mid-market gain is left to take that way round).
    await setRate(server.store.payments, { from: 'USD', to: 'CHF', mid: '2.5', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'CHF', to: 'USD', mid: '0.4', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'EUR', to: 'JPY', mid: '161.37', markupBps: 0, fee: 30 }, at);
  });
  after(async () => server.stop());

  /** Value at the mid-market rate, in halves of the second currency's minor unit (1 cent of the first = 2.5 of the second = 5 halves): exact integers. */
  const value = async (m: TestMerchant, [a, b]: [string, string]) => (await balanceOf(server, m.sandbox, a)).available * 5 + (await balanceOf(server, m.sandbox, b)).available * 2;

  /** Quotes and, when priced, converts; a quote too small to buy one minor unit is refused (400) and moves nothing. */
  const convert = async (m: TestMerchant, body: Record<string, unknown>) => {
    const q = await pay(server, '/v1/quotes', { key: m.sandbox, body });
    if (q.status === 400) return;
    expect(q.status, JSON.stringify(q.body)).to.equal(201);
    const c = await pay(server, '/v1/conversions', { key: m.sandbox, idem: true, body: { quote: q.body.id } });
    expect(c.status, JSON.stringify(c.body)).to.equal(201);
  };

  const cycles: [string, [string, string], Record<string, unknown>, Record<string, unknown>][] = [
    // The probe: buy 3 GBP pence for EUR (fair cost 1.206 cents; half to even charged 1), then sell 2 pence (fair 0.796 cents; it paid 1).
    ['buy GBP for EUR, then sell GBP', ['EUR', 'GBP'], { sell_currency: 'EUR', buy_currency: 'GBP', buy_amount: 3 }, { sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: 2 }],
    // The mirror: buy 1 USD cent for CHF (fair 2.5 centimes; half to even charged 2), then sell 3 cents (fair 7.5 centimes; it paid 8).
    ['buy USD for CHF, then sell USD', ['USD', 'CHF'], { sell_currency: 'CHF', buy_currency: 'USD', buy_amount: 1 }, { sell_currency: 'USD', buy_currency: 'CHF', sell_amount: 3 }],
  ];
  for (const [name, pair, first, second] of cycles) {
    it(`when a merchant repeats the cycle "${name}", then their value at mid-market never grows`, async () => {
      const m = await createTestMerchant(server);
      await topUp(server, m.sandbox, 10_000, pair[0]);
      await topUp(server, m.sandbox, 10_000, pair[1]);
      const start = await value(m, pair);
      for (let i = 0; i < 5; i++) {
        await convert(m, first);
        await convert(m, second);
        expect(await value(m, pair), `after cycle ${i + 1}`).to.be.at.most(start);
      }
    });
  }

  it('when any amount is quoted, then the computed leg never beats the exact quoted rate: buy <= (sell - fee) x rate', async () => {
    const m = await createTestMerchant(server);
    // buy <= (sell - fee) * rate * 10^(buyExp - sellExp), in integers: buy * 10^scale * 10^sellExp <= (sell - fee) * units * 10^buyExp
    const fair = (q: { sell_amount: number; buy_amount: number; rate: string; fee: { amount: number } }, sellExp: number, buyExp: number) => {
      const [int, frac = ''] = q.rate.split('.');
      const units = BigInt(int! + frac);
      return BigInt(q.buy_amount) * 10n ** BigInt(frac.length + sellExp) <= BigInt(q.sell_amount - q.fee.amount) * units * 10n ** BigInt(buyExp);
    };
    const pairs: [string, string, number, number][] = [['EUR', 'GBP', 2, 2], ['GBP', 'EUR', 2, 2], ['USD', 'CHF', 2, 2], ['CHF', 'USD', 2, 2], ['EUR', 'JPY', 2, 0]];
    for (const [sell, buy, sellExp, buyExp] of pairs) {
      for (let amount = 1; amount <= 40; amount++) {
        for (const given of ['sell_amount', 'buy_amount']) {
          const q = await pay(server, '/v1/quotes', { key: m.sandbox, body: { sell_currency: sell, buy_currency: buy, [given]: given === 'sell_amount' && sell === 'EUR' && buy === 'JPY' ? amount + 30 : amount } });
          if (q.status === 400) continue; // buys less than one minor unit
          expect(q.status, JSON.stringify(q.body)).to.equal(201);
          expect(fair(q.body, sellExp, buyExp), `${sell}->${buy} ${given} ${amount}: sells ${q.body.sell_amount}, buys ${q.body.buy_amount} at ${q.body.rate}`).to.equal(true);
        }
      }
    }
  });
});
