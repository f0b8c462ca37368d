/**
 * econ.cashFlow: the working-interest owner's period cash-flow table from production volumes,
 * prices, interests, costs and taxes; its `netCashFlow` is exactly the `cashFlows` input of
 * econ.metrics (same periods, period 0 first), and the volumes are decline.forecast's columns.
 *
 * Per period i (all money in one currency; costs given at 100% (8/8ths) and paid at WI):
 *   gross revenue (8/8)   R_i   = oil_i (Po_i - dOil) + gas_i (Pg_i - dGas)     (NGL/condensate in oil)
 *   net revenue            NR_i  = NRI x R_i        NRI = WI (1 - royalty) unless given
 *   royalty burden         WI x R_i - NR_i          (what the WI owner's share of revenue gives up)
 *   severance tax          sevOil x NRI x max(0, oil revenue) + sevGas x NRI x max(0, gas revenue)
 *   ad valorem tax         adValorem x max(0, NR_i - severance_i)
 *   operating cost         WI x (fixedOpex + varOil oil_i + varGas gas_i + waterCost water_i)
 *   capital                WI x capex at its period; abandonment WI x abandonmentCost at
 *                          abandonmentPeriod (default: the last period)
 *   net cash flow          NR - severance - ad valorem - opex - capex - abandonment
 * Prices may be one number or one per period. Negative net prices (differential above price) are
 * kept (a cost: gas at a negative hub basis is paid to be taken) with a warning; the taxes are on
 * the value of what is sold and are never negative (a tax is not refunded on a loss, Mian 2011
 * Ch. 3): severance is per stream, so a stream sold at a loss pays none; ad valorem is on the
 * period's net revenue after severance (the lease's value: one stream's loss offsets another's
 * profit), and none when that is not positive. Units: STB, Mscf, currency per STB/Mscf/period; fractions.
 *
 * References:
 * - Mian, M.A. (2011) Project Economics and Decision Analysis, Vol. I, 2nd ed. PennWell, Ch. 3-4
 *   (royalty, NRI, severance and ad valorem taxes, the after-royalty cash-flow table).
 * - SPEE (2002) Recommended Evaluation Practices, REP 6 (working interest, net revenue interest).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { MAX_ABS_CASH_FLOW } from './metrics.js';
import { quantity } from '../quantity.js';

const MAX_PERIODS = 1200;
const money = (description: string) => quantity('dimensionless', { unit: 'currency', description });
const moneyList = (description: string) => Type.Array(money('Amount'), { description });
/** A fraction in [0, 1]; `extra` may tighten it (an exclusiveMinimum replaces the minimum: a schema has one or the other). */
const fraction = (description: string, extra: Record<string, number> = {}) =>
  Type.Optional(quantity('dimensionless', { unit: 'fraction', ...('exclusiveMinimum' in extra ? {} : { minimum: 0 }), maximum: 1, description, ...extra }));
const priceOrList = (q: 'oilPrice' | 'gasPrice', description: string) =>
  Type.Optional(Type.Union([quantity(q, { description }), Type.Array(quantity(q, { description }), { minItems: 1, maxItems: MAX_PERIODS })], { description: `${description}: one value or one per period` }));
const volumes = (q: 'oilVolume' | 'gasVolume', description: string) => Type.Optional(Type.Array(quantity(q, { minimum: 0, description }), { maxItems: MAX_PERIODS, description }));

export const cashFlow = defineFunction({
  name: 'econ.cashFlow',
  module: 'econ',
  title: 'Period cash-flow table from volumes, prices, interests, costs and taxes',
  description:
    'Working-interest cash flow per period: gross revenue (oil x (price - differential) + gas x (price - differential)), royalty (NRI = WI (1 - royalty) unless netRevenueInterest is given), severance (oil, gas; none on a stream priced below its differential) and ad valorem taxes (on the period\'s net revenue after severance, never negative), ' +
    'fixed and variable opex (per STB oil, per Mscf gas, per STB water), capex at given periods, abandonment cost; costs at 100% paid at WI. netCashFlow is exactly the cashFlows input of econ.metrics (period 0 first). ' +
    'Volumes per period as decline.forecast gives them (oilStb, gasMscf, waterStb). Units: STB, Mscf, currency.',
  input: Type.Object({
    oilStb: volumes('oilVolume', 'Oil (and condensate) volume per period'),
    gasMscf: volumes('gasVolume', 'Gas volume per period'),
    waterStb: volumes('oilVolume', 'Water volume per period'),
    oilPrice: priceOrList('oilPrice', 'Oil price'),
    gasPrice: priceOrList('gasPrice', 'Gas price'),
    oilDifferential: Type.Optional(quantity('oilPrice', { description: 'Deducted from the oil price (quality, transport)' })),
    gasDifferential: Type.Optional(quantity('gasPrice', { description: 'Deducted from the gas price (basis, gathering)' })),
    workingInterest: fraction('Working interest WI (default 1)', { exclusiveMinimum: 0, default: 1 }),
    royalty: fraction('Royalty fraction of gross revenue (default 0)', { default: 0 }),
    netRevenueInterest: fraction('Net revenue interest (default WI x (1 - royalty))'),
    severanceTaxOil: fraction('Severance tax on net oil revenue (default 0)', { default: 0 }),
    severanceTaxGas: fraction('Severance tax on net gas revenue (default 0)', { default: 0 }),
    adValoremTax: fraction('Ad valorem tax on net revenue after severance (default 0)', { default: 0 }),
    fixedOpex: Type.Optional(money('Fixed operating cost per period, 100%')),
    oilOpex: Type.Optional(quantity('oilPrice', { minimum: 0, description: 'Variable cost per STB of oil, 100%' })),
    gasOpex: Type.Optional(quantity('gasPrice', { minimum: 0, description: 'Variable cost per Mscf of gas, 100%' })),
    waterCost: Type.Optional(quantity('oilPrice', { minimum: 0, description: 'Water handling cost per STB, 100%' })),
    capex: Type.Optional(
      Type.Array(Type.Object({ period: Type.Integer({ minimum: 0, maximum: MAX_PERIODS - 1, description: 'Period index (0 first)' }), amount: money('Capital cost, 100%') }, { additionalProperties: false }), {
        maxItems: 1000,
        description: 'Capital costs by period',
      }),
    ),
    abandonmentCost: Type.Optional(money('Abandonment cost, 100%')),
    abandonmentPeriod: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PERIODS - 1, description: 'Period of the abandonment cost (default: the last period)' })),
    periods: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PERIODS, description: 'Number of periods (default: the longest volume list)' })),
  }),
  output: Type.Object({
    periods: Type.Integer(),
    grossRevenue: moneyList('Gross (8/8) revenue per period'),
    royaltyBurden: moneyList('WI share of revenue given up to royalty per period'),
    netRevenue: moneyList('Net revenue (NRI) per period'),
    severanceTax: moneyList('Severance tax per period'),
    adValoremTax: moneyList('Ad valorem tax per period'),
    opex: moneyList('Operating cost (WI) per period'),
    capex: moneyList('Capital (WI) per period'),
    abandonment: moneyList('Abandonment (WI) per period'),
    netCashFlow: moneyList('Net cash flow per period: the cashFlows input of econ.metrics'),
    cumulativeCashFlow: moneyList('Cumulative net cash flow'),
    totals: Type.Record(Type.String(), Type.Number(), { description: 'Sum of each line' }),
    workingInterest: quantity('dimensionless', { unit: 'fraction' }),
    netRevenueInterest: quantity('dimensionless', { unit: 'fraction' }),
  }),
  references: [
    'Mian, M.A. (2011) Project Economics and Decision Analysis, Volume I: Deterministic Models, 2nd ed. PennWell, Tulsa. Ch. 3-4.',
    'SPEE (2002) Recommended Evaluation Practices (REP 6: working and net revenue interests). Society of Petroleum Evaluation Engineers.',
  ],
  validity: [],
  examples: [
    {
      title: 'three months, 75% WI, 1/8 royalty, 5% severance, $1000/month fixed opex, $50 000 capex in period 0',
      input: {
        oilStb: [1000, 900, 810],
        oilPrice: 70,
        oilDifferential: 5,
        workingInterest: 0.75,
        royalty: 0.125,
        severanceTaxOil: 0.05,
        fixedOpex: 1000,
        capex: [{ period: 0, amount: 50000 }],
      },
      expected: { netCashFlow: [2273.4375, 35721.09375, 32073.984375] },
      tolerance: 1e-12,
      source:
        'hand calculation: NRI = 0.75 x 0.875 = 0.65625; period 0: 1000 x 65 x 0.65625 = 42656.25 net revenue, less 5% severance 2132.8125, less 0.75 x 1000 opex, less 0.75 x 50000 capex = 2273.4375; ' +
        'period 1: 900 x 65 x 0.65625 x 0.95 - 750 = 35721.09375; period 2: 810 x 65 x 0.65625 x 0.95 - 750 = 32073.984375',
    },
  ],
  run(input, warnings) {
    const lists = [input.oilStb, input.gasMscf, input.waterStb].filter((l): l is number[] => Array.isArray(l));
    const n = input.periods ?? Math.max(0, ...lists.map((l) => l.length));
    if (n === 0) throw new EngineFailure('invalid_input', 'give oilStb, gasMscf or waterStb volumes (or periods)');
    // A volume list of another length than the periods is read as it stands: said, not silently reshaped.
    for (const [name, v] of [['oilStb', input.oilStb], ['gasMscf', input.gasMscf], ['waterStb', input.waterStb]] as const) {
      if (!v || v.length === n) continue;
      warnings.push(v.length > n ? `${name} has ${v.length} values for ${n} periods: the last ${v.length - n} are not used` : `${name} has ${v.length} values for ${n} periods: periods ${v.length} to ${n - 1} have none (0)`);
    }
    const wi = input.workingInterest ?? 1;
    const nri = input.netRevenueInterest ?? wi * (1 - (input.royalty ?? 0));
    if (nri > wi + 1e-12) warnings.push(`netRevenueInterest ${nri} exceeds workingInterest ${wi}: an overriding interest in your favour, or a data error`);
    const at = (v: number[] | undefined, i: number) => (v ? (v[i] ?? 0) : 0);
    const price = (p: number | number[] | undefined, i: number, name: string) => {
      if (p === undefined) return 0;
      if (typeof p === 'number') return p;
      if (p.length !== n && i === 0) warnings.push(`${name} has ${p.length} values for ${n} periods: the last is held`);
      return p[Math.min(i, p.length - 1)] as number;
    };
    if ((input.oilStb?.some((v) => v > 0) ?? false) && input.oilPrice === undefined) warnings.push('oil volumes but no oilPrice: oil revenue is 0');
    if ((input.gasMscf?.some((v) => v > 0) ?? false) && input.gasPrice === undefined) warnings.push('gas volumes but no gasPrice: gas revenue is 0');
    const capexAt = new Array<number>(n).fill(0);
    for (const c of input.capex ?? []) {
      if (c.period >= n) throw new EngineFailure('invalid_input', `capex period ${c.period} is beyond the ${n} periods`);
      capexAt[c.period] = (capexAt[c.period] as number) + c.amount;
    }
    const abandonAt = input.abandonmentPeriod ?? n - 1;
    if (abandonAt >= n) throw new EngineFailure('invalid_input', `abandonmentPeriod ${abandonAt} is beyond the ${n} periods`);
    const rows = { grossRevenue: [] as number[], royaltyBurden: [] as number[], netRevenue: [] as number[], severanceTax: [] as number[], adValoremTax: [] as number[], opex: [] as number[], capex: [] as number[], abandonment: [] as number[], netCashFlow: [] as number[], cumulativeCashFlow: [] as number[] };
    let cum = 0;
    let negativePrice = false;
    for (let i = 0; i < n; i++) {
      const oil = at(input.oilStb, i);
      const gas = at(input.gasMscf, i);
      const water = at(input.waterStb, i);
      const po = price(input.oilPrice, i, 'oilPrice') - (input.oilDifferential ?? 0);
      const pg = price(input.gasPrice, i, 'gasPrice') - (input.gasDifferential ?? 0);
      if ((po < 0 && oil > 0) || (pg < 0 && gas > 0)) negativePrice = true;
      const oilRev = oil * po;
      const gasRev = gas * pg;
      const gross = oilRev + gasRev;
      const net = nri * gross;
      // Taxes on the value of what is sold: none on a stream sold at a loss (see the header).
      const sev = nri * ((input.severanceTaxOil ?? 0) * Math.max(0, oilRev) + (input.severanceTaxGas ?? 0) * Math.max(0, gasRev));
      const adv = (input.adValoremTax ?? 0) * Math.max(0, net - sev);
      const opex = wi * ((input.fixedOpex ?? 0) + (input.oilOpex ?? 0) * oil + (input.gasOpex ?? 0) * gas + (input.waterCost ?? 0) * water);
      const capex = wi * (capexAt[i] as number);
      const aband = i === abandonAt ? wi * (input.abandonmentCost ?? 0) : 0;
      const ncf = net - sev - adv - opex - capex - aband;
      cum += ncf;
      rows.grossRevenue.push(gross);
      rows.royaltyBurden.push(wi * gross - net);
      rows.netRevenue.push(net);
      rows.severanceTax.push(sev);
      rows.adValoremTax.push(adv);
      rows.opex.push(opex);
      rows.capex.push(capex);
      rows.abandonment.push(aband);
      rows.netCashFlow.push(ncf);
      rows.cumulativeCashFlow.push(cum);
    }
    // The same bound as econ.metrics, whose cashFlows input netCashFlow is: a period's amount past
    // it is a unit or data error, and answered as one here rather than by the next call.
    for (const [row, values] of Object.entries(rows)) {
      if (row === 'cumulativeCashFlow') continue; // a sum over periods, not a period's amount
      const i = values.findIndex((v) => Math.abs(v) > MAX_ABS_CASH_FLOW);
      if (i >= 0) throw new EngineFailure('out_of_range', `${row}[${i}] = ${values[i]}: a period amount beyond ${MAX_ABS_CASH_FLOW} (ten times world GDP) in any currency is a unit or data error (check the volumes and prices)`);
    }
    if (negativePrice) warnings.push('a differential exceeds its price in some period: that production is sold at a loss; it pays no severance, and its loss lowers that period\'s ad valorem base (never below zero)');
    const totals = Object.fromEntries(Object.entries(rows).filter(([k]) => k !== 'cumulativeCashFlow').map(([k, v]) => [k, v.reduce((a, x) => a + x, 0)]));
    return { periods: n, ...rows, totals, workingInterest: wi, netRevenueInterest: nri };
  },
});
