/** What every z-factor correlation returns: z and its slope dz/dPpr at constant Tpr (both dimensionless). */
export interface ZResult {
  z: number;
  dzdppr: number;
}
