/**
 * The flow path: sections of constant inside diameter, roughness and deviation, from the wellhead
 * down, and the linear temperature profile in true vertical depth from whtF (TVD 0) to bhtF (total
 * TVD) — the geothermal gradient is a function of depth, so in a deviated section T is linear in MD.
 * A vertical or uniformly deviated string is one section (deviation acos(TVD/MD)).
 */
import { EngineFailure } from '../../failure.js';

export interface Section {
  mdFt: number;
  idIn: number;
  roughnessIn: number;
  /** Degrees from vertical. */
  deviationDeg: number;
}

export interface SegmentInput {
  mdFt: number;
  idIn: number;
  deviationDeg?: number;
  roughnessIn?: number;
}

export interface GeometryInput {
  tubingIdIn?: number;
  mdFt?: number;
  tvdFt?: number;
  roughnessIn?: number;
  segments?: SegmentInput[];
}

export const DEFAULT_ROUGHNESS_IN = 0.0006;

/**
 * Roughness is the height of the wall's bumps: at half the inside diameter they would meet across
 * the bore (no pipe is left; Colebrook has no root at all past k/d = 3.7). Refused at or above it;
 * above the Moody chart's 0.05 (Nikuradse's sand-grain data reach 0.033) vlpWell warns.
 */
export const MAX_PHYSICAL_RELATIVE_ROUGHNESS = 0.5;
export const MAX_CHART_RELATIVE_ROUGHNESS = 0.05;

export function sectionsOf(g: GeometryInput): Section[] {
  const sections = rawSectionsOf(g);
  for (const s of sections) {
    if (!(s.roughnessIn < MAX_PHYSICAL_RELATIVE_ROUGHNESS * s.idIn)) throw new EngineFailure('out_of_range', `roughness ${s.roughnessIn} in is at least half the inside diameter ${s.idIn} in: the wall's bumps would fill the bore, which is no pipe`);
  }
  return sections;
}

function rawSectionsOf(g: GeometryInput): Section[] {
  const rough = g.roughnessIn ?? DEFAULT_ROUGHNESS_IN;
  if (g.segments && g.segments.length) {
    if (g.tubingIdIn !== undefined || g.mdFt !== undefined || g.tvdFt !== undefined) throw new EngineFailure('invalid_input', 'give either segments or tubingIdIn/mdFt/tvdFt, not both');
    return g.segments.map((s) => ({ mdFt: s.mdFt, idIn: s.idIn, roughnessIn: s.roughnessIn ?? rough, deviationDeg: s.deviationDeg ?? 0 }));
  }
  if (g.tubingIdIn === undefined || g.mdFt === undefined) throw new EngineFailure('invalid_input', 'give tubingIdIn and mdFt (and tvdFt for a deviated well), or segments');
  const tvd = g.tvdFt ?? g.mdFt;
  if (tvd > g.mdFt * (1 + 1e-9)) throw new EngineFailure('invalid_input', `tvdFt ${tvd} exceeds mdFt ${g.mdFt}`);
  const dev = (Math.acos(Math.min(tvd / g.mdFt, 1)) * 180) / Math.PI;
  return [{ mdFt: g.mdFt, idIn: g.tubingIdIn, roughnessIn: rough, deviationDeg: dev }];
}

export const tvdOf = (s: Section) => s.mdFt * Math.cos((s.deviationDeg * Math.PI) / 180);
export const totalTvd = (sections: Section[]) => sections.reduce((a, s) => a + tvdOf(s), 0);
export const totalMd = (sections: Section[]) => sections.reduce((a, s) => a + s.mdFt, 0);
