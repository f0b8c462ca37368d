/**
 * Ordinary least squares for a straight line y = a + b x, with the usual fit statistics, and a
 * quadratic fit used to test a straight line for curvature.
 *
 *   b = Sxy / Sxx,  a = ybar - b xbar,  s^2 = SSE / (n - 2),
 *   se(b) = s / sqrt(Sxx),  se(a) = s sqrt(1/n + xbar^2 / Sxx),  cov(a, b) = -xbar s^2 / Sxx,
 *   R^2 = 1 - SSE / Syy
 *
 * Reference: Draper, N.R. and Smith, H. (1998) Applied Regression Analysis, 3rd ed. Wiley, Ch. 1-3.
 */
export interface LineFit {
  intercept: number;
  slope: number;
  r2: number;
  fitted: number[];
  residuals: number[];
  /** Present with three or more points (n - 2 >= 1 degrees of freedom). */
  stats?: { s: number; seSlope: number; seIntercept: number; covInterceptSlope: number };
}

export function fitLine(x: number[], y: number[]): LineFit {
  const n = x.length;
  const xbar = x.reduce((s, v) => s + v, 0) / n;
  const ybar = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - xbar;
    const dy = (y[i] as number) - ybar;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const slope = sxy / sxx;
  const intercept = ybar - slope * xbar;
  const fitted = x.map((v) => intercept + slope * v);
  const residuals = y.map((v, i) => v - (fitted[i] as number));
  const sse = residuals.reduce((s, r) => s + r * r, 0);
  const r2 = syy > 0 ? 1 - sse / syy : 1;
  if (n < 3) return { intercept, slope, r2, fitted, residuals };
  const s2 = sse / (n - 2);
  return {
    intercept,
    slope,
    r2,
    fitted,
    residuals,
    stats: { s: Math.sqrt(s2), seSlope: Math.sqrt(s2 / sxx), seIntercept: Math.sqrt(s2 * (1 / n + (xbar * xbar) / sxx)), covInterceptSlope: (-xbar * s2) / sxx },
  };
}

/**
 * t statistic of the x^2 coefficient of a least-squares quadratic through (x, y) (n >= 4; +-Infinity
 * for an exact quadratic), or null when it is undefined (degenerate x). |t| above ~3 says the data curve.
 */
export function curvatureT(x: number[], y: number[]): { c: number; t: number } | null {
  const n = x.length;
  if (n < 4) return null;
  // Centre and scale x for conditioning, then solve the 3x3 normal equations.
  const xbar = x.reduce((s, v) => s + v, 0) / n;
  const scale = Math.max(...x.map((v) => Math.abs(v - xbar))) || 1;
  const u = x.map((v) => (v - xbar) / scale);
  const m: number[][] = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const r = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const p = [1, u[i] as number, (u[i] as number) ** 2];
    for (let j = 0; j < 3; j++) {
      r[j] = (r[j] as number) + (p[j] as number) * (y[i] as number);
      for (let k = 0; k < 3; k++) (m[j] as number[])[k] = ((m[j] as number[])[k] as number) + (p[j] as number) * (p[k] as number);
    }
  }
  const inv = invert3(m);
  if (!inv) return null;
  const coef = [0, 1, 2].map((j) => (inv[j] as number[]).reduce((s, v, k) => s + v * (r[k] as number), 0));
  let sse = 0;
  for (let i = 0; i < n; i++) {
    const ui = u[i] as number;
    const e = (y[i] as number) - ((coef[0] as number) + (coef[1] as number) * ui + (coef[2] as number) * ui * ui);
    sse += e * e;
  }
  const s2 = sse / (n - 3);
  const se = Math.sqrt(s2 * ((inv[2] as number[])[2] as number));
  const c = (coef[2] as number) / (scale * scale);
  if (!Number.isFinite(se) || !Number.isFinite(c)) return null;
  // An exact quadratic (se = 0) curves beyond doubt when its x^2 term is not zero.
  if (!(se > 0)) return c === 0 ? null : { c, t: Math.sign(c) * Infinity };
  return { c, t: (coef[2] as number) / se };
}

function invert3(m: number[][]): number[][] | null {
  const [a, b, c] = m[0] as [number, number, number];
  const [d, e, f] = m[1] as [number, number, number];
  const [g, h, i] = m[2] as [number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!(Math.abs(det) > 1e-300)) return null;
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}
