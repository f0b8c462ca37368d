/**
 * The small pure parts of payments: exact decimals and half-to-even rounding, minor-unit
 * amounts, allowlist parsing and matching, time-ordered ids, key values, the state tables.
 */
import { expect } from 'chai';
import { buyFor, divideHalfEven, formatDecimal, parseDecimal, sellFor, withMarkup } from '../../../api/payments/decimal.js';
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

  it('rounds half to even: ties go to the even neighbour, everything else to the nearest', () => {
    const cases: [bigint, bigint, bigint][] = [[5n, 2n, 2n], [7n, 2n, 4n], [9n, 2n, 4n], [11n, 2n, 6n], [10n, 4n, 2n], [14n, 4n, 4n], [7n, 3n, 2n], [8n, 3n, 3n], [1n, 3n, 0n]];
    for (const [n, d, want] of cases) expect(divideHalfEven(n, d), `${n}/${d}`).to.equal(want);
  });

  it('markup and conversions stay exact (1.0825 less 50 bps = 1.0770875 exactly)', () => {
    const rate = withMarkup(parseDecimal('1.0825')!, 50);
    expect(formatDecimal(rate)).to.equal('1.0770875');
    expect(buyFor(10_000, rate, 2, 2)).to.equal(10_771); // 10770.875
    expect(buyFor(1, parseDecimal('0.5')!, 2, 2)).to.equal(0); // 0.5 -> 0 (even)
    expect(buyFor(3, parseDecimal('0.5')!, 2, 2)).to.equal(2); // 1.5 -> 2 (even)
    // 999999999999 * 1.000000000001 = 999999999999.999999999999 -> 1000000000000 (exact, in BigInt)
    expect(buyFor(999_999_999_999, parseDecimal('1.000000000001')!, 2, 2)).to.equal(1_000_000_000_000);
    // 500000000000 * 1.000000000001 = 500000000000.5 exactly: a tie, to the even 500000000000
    expect(buyFor(500_000_000_000, parseDecimal('1.000000000001')!, 2, 2)).to.equal(500_000_000_000);
    // 500000000001 * 1.000000000001 = 500000000001.500000000001: just past the tie, up
    expect(buyFor(500_000_000_001, parseDecimal('1.000000000001')!, 2, 2)).to.equal(500_000_000_002);
    expect(sellFor(10_771, rate, 2, 2)).to.equal(10_000);
    expect(sellFor(1_614, parseDecimal('161.37')!, 2, 0)).to.equal(1_000); // 1614 / 161.37 * 100 = 1000.19
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
