/**
 * Money: integer amounts in a currency's minor unit, ISO 4217 currencies with their exponents
 * (ISO 4217 list one, "Minor unit": 0 for JPY, 2 for EUR, 3 for KWD). An amount is an integer
 * from 1 to MAX_AMOUNT minor units; anything else (a fraction of the minor unit, a float, a
 * string, an unknown currency) is refused with 400, never rounded.
 */
import { errors } from '../errors.js';

export interface Currency {
  code: string;
  name: string;
  /** Digits after the decimal point (ISO 4217 minor unit). */
  exponent: 0 | 2 | 3;
  /** Fee of one payout, in minor units. */
  payoutFee: number;
}

const c = (code: string, exponent: 0 | 2 | 3, name: string, payoutFee: number): Currency => ({ code, name, exponent, payoutFee });

/** The currencies the API moves, in code order. */
export const CURRENCIES: readonly Currency[] = [
  c('AED', 2, 'UAE Dirham', 100),
  c('AUD', 2, 'Australian Dollar', 40),
  c('BHD', 3, 'Bahraini Dinar', 100),
  c('BRL', 2, 'Brazilian Real', 150),
  c('CAD', 2, 'Canadian Dollar', 35),
  c('CHF', 2, 'Swiss Franc', 25),
  c('CLP', 0, 'Chilean Peso', 250),
  c('CNY', 2, 'Yuan Renminbi', 200),
  c('CZK', 2, 'Czech Koruna', 600),
  c('DKK', 2, 'Danish Krone', 200),
  c('EUR', 2, 'Euro', 25),
  c('GBP', 2, 'Pound Sterling', 20),
  c('HKD', 2, 'Hong Kong Dollar', 200),
  c('HUF', 2, 'Forint', 10_000),
  c('IDR', 2, 'Rupiah', 400_000),
  c('ILS', 2, 'New Israeli Sheqel', 100),
  c('INR', 2, 'Indian Rupee', 2_000),
  c('ISK', 0, 'Iceland Krona', 40),
  c('JOD', 3, 'Jordanian Dinar', 200),
  c('JPY', 0, 'Yen', 40),
  c('KRW', 0, 'Won', 350),
  c('KWD', 3, 'Kuwaiti Dinar', 100),
  c('MXN', 2, 'Mexican Peso', 500),
  c('NOK', 2, 'Norwegian Krone', 300),
  c('NZD', 2, 'New Zealand Dollar', 45),
  c('OMR', 3, 'Rial Omani', 100),
  c('PLN', 2, 'Zloty', 100),
  c('SAR', 2, 'Saudi Riyal', 100),
  c('SEK', 2, 'Swedish Krona', 300),
  c('SGD', 2, 'Singapore Dollar', 35),
  c('TND', 3, 'Tunisian Dinar', 800),
  c('TRY', 2, 'Turkish Lira', 900),
  c('USD', 2, 'US Dollar', 25),
  c('VND', 0, 'Dong', 6_500),
  c('ZAR', 2, 'Rand', 500),
];

const BY_CODE = new Map(CURRENCIES.map((x) => [x.code, x]));

/** Largest amount one request may carry: 10^12 - 1 minor units (sums of many stay exact in a double). */
export const MAX_AMOUNT = 999_999_999_999;

export function currencyOf(code: string): Currency | undefined {
  return BY_CODE.get(code);
}

/** The currency for a field, or a 400 naming the field. Codes are upper case, as ISO 4217 writes them. */
export function requireCurrency(value: unknown, field: string): Currency {
  const found = typeof value === 'string' ? BY_CODE.get(value) : undefined;
  if (!found) {
    throw errors.validation(`Unsupported currency for ${field}`, { [field]: `must be one of the ISO 4217 codes in GET /v1/currencies (upper case), got ${JSON.stringify(value)?.slice(0, 40)}` });
  }
  return found;
}

/** What is wrong with an amount in minor units, or null. */
export function amountProblem(value: unknown, currency: Currency | undefined): string | null {
  const unit = currency ? `minor units of ${currency.code} (1/${10 ** currency.exponent} of a unit)` : 'minor units';
  if (typeof value !== 'number' || !Number.isFinite(value)) return `must be an integer number of ${unit}`;
  if (!Number.isInteger(value)) return `must be a whole number of ${unit}: ${value} is not representable`;
  if (value < 1) return `must be at least 1 (in ${unit})`;
  if (value > MAX_AMOUNT) return `must be at most ${MAX_AMOUNT} ${unit}`;
  return null;
}

/** Formats minor units as a decimal string of the major unit ("12.34" for 1234 EUR). */
export function formatMinor(amount: number, currency: Currency): string {
  if (currency.exponent === 0) return String(amount);
  const s = String(Math.abs(amount)).padStart(currency.exponent + 1, '0');
  return `${amount < 0 ? '-' : ''}${s.slice(0, -currency.exponent)}.${s.slice(-currency.exponent)}`;
}
