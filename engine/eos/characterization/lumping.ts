/**
 * Lumping SCN groups into a few pseudo-components by Whitson's (1983) molar-mass boundaries
 * M_I = M_first (M_last / M_first)^(I / Ng), I = 1..Ng: each SCN joins the group whose interval
 * holds its molar mass (empty groups vanish). A lump's z is the sum, its molar mass, boiling point,
 * Tc, Pc, omega and Vc mole-fraction averages (Kay 1936 for the critical properties), its SG by
 * volume additivity.
 *
 * Units: g/mol, Rankine, psia, ft3/lbmol. References: Whitson (1983), see gammaSplit.ts; Kay, W.B.
 * (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and Pressure. Ind. Eng. Chem.
 * 28(9), 1014-1019.
 */
import type { FractionCriticals } from './criticalProperties.js';
import type { ScnGroup } from './gammaSplit.js';

export interface Lump {
  name: string;
  from: number;
  to: number;
  plus: boolean;
  z: number;
  mw: number;
  sg: number;
  tbR: number;
  tcR: number;
  pcPsia: number;
  omega: number;
  vcFt3: number;
}

export function lump(groups: (ScnGroup & FractionCriticals & { vc: number })[], count: number): Lump[] {
  const first = groups[0]!.mw;
  const last = groups[groups.length - 1]!.mw;
  const bounds = Array.from({ length: count }, (_, i) => first * (last / first) ** ((i + 1) / count));
  const buckets: (typeof groups)[] = Array.from({ length: count }, () => []);
  for (const g of groups) {
    let k = bounds.findIndex((b) => g.mw <= b * (1 + 1e-12));
    if (k < 0) k = count - 1;
    buckets[k]!.push(g);
  }
  return buckets
    .filter((b) => b.length > 0)
    .map((b) => {
      const z = b.reduce((s, g) => s + g.z, 0);
      const avg = (f: (g: (typeof b)[number]) => number) => b.reduce((s, g) => s + g.z * f(g), 0) / z;
      const mass = b.reduce((s, g) => s + g.z * g.mw, 0);
      const volume = b.reduce((s, g) => s + (g.z * g.mw) / g.sg, 0);
      const from = b[0]!.carbonNumber;
      const to = b[b.length - 1]!.carbonNumber;
      const plus = b[b.length - 1]!.plus;
      return {
        name: plus ? `C${from}+` : from === to ? `C${from}` : `C${from}-C${to}`,
        from,
        to,
        plus,
        z,
        mw: mass / z,
        sg: mass / volume,
        tbR: avg((g) => g.tbR),
        tcR: avg((g) => g.tcR),
        pcPsia: avg((g) => g.pcPsia),
        omega: avg((g) => g.omega),
        vcFt3: avg((g) => g.vc),
      };
    });
}
