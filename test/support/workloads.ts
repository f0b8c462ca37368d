/** Engine inputs of known cost for batch and run tests. */

/** Whole-dollar cash flows with random signs: many IRR roots to isolate (1 000 flows: about 0.05 s here; 4 000: about 2 s). */
export function heavyEcon(seed0: number, n: number) {
  let seed = seed0;
  const cashFlows = Array.from({ length: n }, () => Math.round(((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000));
  return { cashFlows, discountRates: [0.1], periodsPerYear: 12 };
}
