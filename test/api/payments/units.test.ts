/**
 * The small pure parts of payments: exact decimals and rounding against the merchant, minor-unit
 * amounts, allowlist parsing and matching, time-ordered ids, key values, the state tables.
 */
import { expect } from 'chai';
import { buyFor, divideAgainst, formatDecimal, parseDecimal, sellFor, withMarkup } from '../../../api/payments/decimal.js';
import { amountProblem, currencyOf, formatMinor, MAX_AMOUNT } from '../../../api/payments/money.js';
import { allowlistAllows, parseAllowEntry } from '../../../api/payments/allowlist.js';
import { isPaymentId, newPaymentId } from '../../../api/payments/ids.js';
import { environmentOfKey, generateMerchantKeyValue } from '../../../api/payments/keys.js';
import { PAYIN_TRANSITIONS, PAYOUT_TRANSITIONS, payoutMovements } from '../../../api/payments/states.js';
import { canonicalJson } from '../../../api/canonicalJson.js';

describe('payments decimals (api/payments/decimal.ts)', () => {
  it('parses and prints exact decimals; refuses floats in other shapes', () => {
    expect(formatDecimal(parseDecimal('1.0825')!)).to.equal('1.0825');
    expect(formatDecimal(parseDecimal('001.500')!)).to.equal('1.5');
    for (const bad of ['1e3', '-1', '0', '0.000', '1,5', '.5', '1.', ' 1', '1234567890123']) expect(parseDecimal(bad), bad).to.equal(null);
  });

  it('divideAgainst: down for what the merchant receives, up for what they pay; exact quotients stay', () => {
    // [n, d, down, up]: any remainder at all moves `up`, however small (1/3, 8/3, 10^12 + 1 over 10^12)
    const cases: [bigint, bigint, bigint, bigint][] = [[5n, 2n, 2n, 3n], [7n, 2n, 3n, 4n], [10n, 4n, 2n, 3n], [7n, 3n, 2n, 3n], [8n, 3n, 2n, 3n], [1n, 3n, 0n, 1n], [12n, 4n, 3n, 3n], [10n ** 12n + 1n, 10n ** 12n, 1n, 2n]];
    for (const [n, d, down, up] of cases) {
      expect(divideAgainst(n, d, 'down'), `${n}/${d} down`).to.equal(down);
      expect(divideAgainst(n, d, 'up'), `${n}/${d} up`).to.equal(up);
    }
  });

  it('markup and conversions stay exact (1.0825 less 50 bps = 1.0770875 exactly)', () => {
    const rate = withMarkup(parseDecimal('1.0825')!, 50);
    expect(formatDecimal(rate)).to.equal('1.0770875');
    // What the merchant receives rounds down, what they pay rounds up (decimal.ts).
    expect(buyFor(10_000, rate, 2, 2)).to.equal(10_770); // 10770.875
    expect(buyFor(3, parseDecimal('0.5')!, 2, 2)).to.equal(1); // 1.5
    expect(buyFor(4, parseDecimal('0.5')!, 2, 2)).to.equal(2); // 2 exactly
    // 999999999999 * 1.000000000001 = 999999999999.999999999999 (exact, in BigInt: a double would say 10^12)
    expect(buyFor(999_999_999_999, parseDecimal('1.000000000001')!, 2, 2)).to.equal(999_999_999_999);
    expect(buyFor(1_000_000_000_000, parseDecimal('1.000000000001')!, 2, 2)).to.equal(1_000_000_000_001); // 1000000000001 exactly
    expect(sellFor(10_770, rate, 2, 2)).to.equal(10_000); // 9999.18...
    expect(sellFor(10_771, rate, 2, 2)).to.equal(10_001); // 10000.116...
    expect(sellFor(1_614, parseDecimal('161.37')!, 2, 0)).to.equal(1_001); // 1614 / 161.37 * 100 = 1000.19
    expect(sellFor(3, parseDecimal('0.5')!, 2, 2)).to.equal(6); // 6 exactly
    // The probe's cycle (EUR -> GBP at 2.4875, GBP -> EUR at 0.398): buying 3 pence costs 1.206 cents -> 2; selling 2 pence gives 0.796 cents -> 0
    expect(sellFor(3, withMarkup(parseDecimal('2.5')!, 50), 2, 2)).to.equal(2);
    expect(buyFor(2, withMarkup(parseDecimal('0.4')!, 50), 2, 2)).to.equal(0);
  });
});

describe('payments money (api/payments/money.ts)', () => {
  it('amounts are whole minor units from 1 to MAX_AMOUNT', () => {
    expect(amountProblem(1, currencyOf('EUR'))).to.equal(null);
    expect(amountProblem(MAX_AMOUNT, currencyOf('JPY'))).to.equal(null);
    expect(amountProblem(0.5, currencyOf('JPY'))).to.match(/not representable/);
    expect(amountProblem(MAX_AMOUNT + 1, undefined)).to.match(/at most/);
    expect(amountProblem(Number.NaN, undefined)).to.match(/integer/);
  });

  it('formats minor units by exponent', () => {
    expect(formatMinor(1234, currencyOf('EUR')!)).to.equal('12.34');
    expect(formatMinor(5, currencyOf('KWD')!)).to.equal('0.005');
    expect(formatMinor(1234, currencyOf('JPY')!)).to.equal('1234');
  });
});

describe('payments allowlists (api/payments/allowlist.ts)', () => {
  it('takes IPv4 and IPv6 addresses and CIDR blocks in canonical form; refuses anything else', () => {
    expect(parseAllowEntry('203.0.113.0/24')).to.deep.equal({ ok: true, entry: '203.0.113.0/24' });
    expect(parseAllowEntry('2001:DB8::/32')).to.deep.equal({ ok: true, entry: '2001:db8::/32' });
    for (const bad of ['203.0.113.0/33', '2001:db8::/129', 'host.example', '1.2.3.4/8/1', '1.2.3', '']) expect(parseAllowEntry(bad).ok, bad).to.equal(false);
  });

  it('matches addresses and blocks of both families; IPv4-mapped IPv6 is its IPv4 address; empty allows all', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'];
    expect(allowlistAllows(list, '203.0.113.255')).to.equal(true);
    expect(allowlistAllows(list, '::ffff:198.51.100.7')).to.equal(true);
    expect(allowlistAllows(list, '2001:db8:ffff::1')).to.equal(true);
    expect(allowlistAllows(list, '203.0.114.1')).to.equal(false);
    expect(allowlistAllows(list, '2001:db9::1')).to.equal(false);
    expect(allowlistAllows(list, 'not-an-ip')).to.equal(false);
    expect(allowlistAllows([], '10.0.0.1')).to.equal(true);
    expect(allowlistAllows(['0.0.0.0/0'], '8.8.8.8')).to.equal(true);
  });
});

describe('payments ids and key values', () => {
  it('ids carry their type and sort by creation time, also within one millisecond', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    const ids = [newPaymentId('payin', t), newPaymentId('payin', t), newPaymentId('payin', t + 1), newPaymentId('payin', t + 1000)];
    expect([...ids].sort()).to.deep.equal(ids);
    expect(ids.every((id) => isPaymentId('payin', id))).to.equal(true);
    expect(isPaymentId('payout', ids[0]!)).to.equal(false);
  });

  it('key values: the prefix alone decides the environment', () => {
    const live = generateMerchantKeyValue('live');
    const sand = generateMerchantKeyValue('sandbox');
    expect(live).to.match(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(sand).to.match(/^sk_sand_[A-Za-z0-9_-]{43}$/);
    expect(environmentOfKey(live)).to.equal('live');
    expect(environmentOfKey(sand)).to.equal('sandbox');
    for (const bad of ['sk_test_' + 'a'.repeat(43), 'sk_live_' + 'a'.repeat(42), 'eng_' + 'a'.repeat(43), 'sk_live_' + 'a'.repeat(42) + '!']) expect(environmentOfKey(bad), bad).to.equal(null);
  });

  it('canonical JSON ignores key order at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).to.equal(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });
});

describe('payments state machines (api/payments/states.ts)', () => {
  it('final states allow nothing; a payout reserve is released by failure and cancel, consumed by payment', () => {
    for (const s of ['succeeded', 'failed', 'canceled', 'expired'] as const) expect(PAYIN_TRANSITIONS[s]).to.deep.equal([]);
    for (const s of ['failed', 'canceled', 'returned'] as const) expect(PAYOUT_TRANSITIONS[s]).to.deep.equal([]);
    const p = { amount: 1000, fee: 25, currency: 'EUR' } as never;
    expect(payoutMovements(p, 'created')).to.deep.equal([{ currency: 'EUR', available: -1025, reserved: 1025 }]);
    expect(payoutMovements(p, 'failed')).to.deep.equal([{ currency: 'EUR', reserved: -1025, available: 1025 }]);
    expect(payoutMovements(p, 'paid')).to.deep.equal([{ currency: 'EUR', reserved: -1025 }]);
    expect(payoutMovements(p, 'returned')).to.deep.equal([{ currency: 'EUR', available: 1000 }]);
  });
});
