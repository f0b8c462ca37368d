/**
 * Neumaier's compensated sum of a series (long monthly cash flows of mixed magnitude): the
 * rounding error of each addition is carried and added back, so the result is exact for integer
 * flows and within an ulp or two of the true sum otherwise. Dimension: that of the values.
 * Reference: Neumaier, A. (1974) Rundungsfehleranalyse einiger Verfahren zur Summation endlicher
 * Summen. ZAMM 54(1), 39-51.
 */
export function compensatedSum(values: readonly number[]): number {
  let sum = 0;
  let comp = 0;
  for (const v of values) {
    const t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + comp;
}
