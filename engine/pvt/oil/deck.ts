/**
 * Simulator keyword text (Eclipse-style PROPS section) for a black-oil table: DENSITY, PVTW, PVDG
 * and PVTO, with a comment header stating the units. The numbers come in field units and are
 * converted here for a METRIC deck (the units layer converts JSON numbers by their schema tags, but
 * this is one string), with the exact constants of engine/units.ts.
 *
 * Keyword units (Eclipse conventions):
 *   FIELD : p psia, Rs Mscf/STB, Bo rb/STB, Bg rb/Mscf, Bw rb/STB, mu cp, c 1/psi, density lb/ft3
 *   METRIC: p barsa, Rs sm3/sm3, Bo rm3/sm3, Bg rm3/sm3, Bw rm3/sm3, mu cP, c 1/bars, density kg/m3
 * PVTO: one record per saturated Rs (Rs, p_sat, Bo, mu, then undersaturated p, Bo, mu lines),
 * each ended by '/', the table by a lone '/'. PVDG: p, Bg, mu rows, ended by '/'.
 */
import { CONVERSIONS } from '../../units.js';

export const DECK_UNITS = ['FIELD', 'METRIC'] as const;
export type DeckUnits = (typeof DECK_UNITS)[number];

export interface DeckOilPoint {
  psia: number;
  bo: number;
  viscosity: number;
}

export interface DeckOilRow extends DeckOilPoint {
  rs: number;
  undersaturated: DeckOilPoint[];
}

export interface DeckGasRow {
  psia: number;
  bgRbPerMscf: number;
  viscosity: number;
}

export interface DeckWater {
  pRefPsia: number;
  bw: number;
  cwPerPsi: number;
  viscosity: number;
  viscosibilityPerPsi: number;
}

export interface DeckDensities {
  oil: number;
  water: number;
  gas: number;
}

export interface DeckContent {
  units: DeckUnits;
  header: string[];
  densities: DeckDensities;
  water: DeckWater;
  gas: DeckGasRow[];
  oil: DeckOilRow[];
}

/** Field -> deck unit converters for each quantity the keywords carry. */
function converters(units: DeckUnits) {
  const metric = units === 'METRIC';
  const by = (unit: string) => {
    const c = CONVERSIONS[unit];
    if (!c) throw new Error(`engine/pvt/oil/deck: no conversion for ${unit}`);
    return metric ? (v: number) => c.toMetric(v) : (v: number) => v;
  };
  const perPsi = metric ? by('1/psi') : (v: number) => v;
  return {
    p: by('psia'),
    rs: metric ? by('scf/STB') : (v: number) => v / 1000,
    fvf: (v: number) => v,
    bg: by('rb/Mscf'),
    c: perPsi,
    density: by('lbm/ft3'),
    mu: (v: number) => v,
  };
}

export const DECK_UNIT_LABELS: Record<DeckUnits, string> = {
  FIELD: 'FIELD units: pressure psia, Rs Mscf/STB, Bo rb/STB, Bg rb/Mscf, Bw rb/STB, viscosity cp, compressibility and viscosibility 1/psi, density lb/ft3',
  METRIC: 'METRIC units: pressure barsa, Rs sm3/sm3, Bo rm3/sm3, Bg rm3/sm3, Bw rm3/sm3, viscosity cP, compressibility and viscosibility 1/bars, density kg/m3',
};

/** A number as a deck token: 6 significant digits, E notation for very small or large values. */
export function deckNumber(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e7) return v.toExponential(5).replace(/\.?0+e/, 'E').replace('e', 'E');
  const s = v.toPrecision(6);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

const row = (values: number[], indent = '  ') => indent + values.map((v) => deckNumber(v).padStart(12)).join(' ');

export function deckText(d: DeckContent): string {
  const cv = converters(d.units);
  const lines: string[] = [];
  lines.push(`-- ${DECK_UNIT_LABELS[d.units]}`);
  for (const h of d.header) lines.push(`-- ${h}`);
  lines.push('', 'DENSITY', `--${'oil'.padStart(12)} ${'water'.padStart(12)} ${'gas'.padStart(12)}`);
  lines.push(`${row([cv.density(d.densities.oil), cv.density(d.densities.water), cv.density(d.densities.gas)])} /`);

  lines.push('', 'PVTW', `--${'Pref'.padStart(12)} ${'Bw'.padStart(12)} ${'Cw'.padStart(12)} ${'viscosity'.padStart(12)} ${'viscosibility'.padStart(12)}`);
  const w = d.water;
  lines.push(`${row([cv.p(w.pRefPsia), cv.fvf(w.bw), cv.c(w.cwPerPsi), cv.mu(w.viscosity), cv.c(w.viscosibilityPerPsi)])} /`);

  lines.push('', 'PVDG', `--${'P'.padStart(12)} ${'Bg'.padStart(12)} ${'viscosity'.padStart(12)}`);
  for (const g of d.gas) lines.push(row([cv.p(g.psia), cv.bg(g.bgRbPerMscf), cv.mu(g.viscosity)]));
  lines.push('/');

  lines.push('', 'PVTO', `--${'Rs'.padStart(12)} ${'P'.padStart(12)} ${'Bo'.padStart(12)} ${'viscosity'.padStart(12)}`);
  const pad = ' '.repeat(2 + 12 + 1);
  for (const o of d.oil) {
    const first = row([cv.rs(o.rs), cv.p(o.psia), cv.fvf(o.bo), cv.mu(o.viscosity)]);
    const rest = o.undersaturated.map((u) => row([cv.p(u.psia), cv.fvf(u.bo), cv.mu(u.viscosity)], pad));
    const record = [first, ...rest];
    record[record.length - 1] += ' /';
    lines.push(...record);
  }
  lines.push('/');
  return lines.join('\n') + '\n';
}
