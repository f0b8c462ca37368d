/**
 * Bounded nonlinear least squares by Levenberg–Marquardt, deterministic multistart.
 *
 * Each parameter p lives in [lo, hi] (log-scaled when it spans decades: rates, declines, tau);
 * the solver works on an unbounded internal u with p = lo + (hi - lo)(1 + sin u)/2 (on ln p for
 * log-scaled ones: the MINUIT transformation, James 1994), so every trial point is feasible and no
 * projection is needed. The Jacobian is by central differences in u. Marquardt's damping lambda
 * starts at 1e-3, x10 on a rejected step and /10 on an accepted one; a start stops after 200
 * iterations, when the relative change of the sum of squares is below 1e-12, or lambda exceeds 1e12.
 * Starts: a caller's heuristic guess, then starts drawn uniformly in the internal box by a
 * mulberry32 generator with a fixed seed (so a call is reproducible); the best sum of squares wins.
 *
 * After the fit, standard errors come from the Jacobian J of the residuals in the physical
 * parameters at the solution: covariance = s^2 (J^T J)^-1 with s^2 = SSE/(n - p) (Gauss–Newton
 * linearisation; Bates & Watts 1988). A (near-)singular J^T J means the data cannot determine the
 * parameters and is reported as such.
 *
 * References:
 * - Marquardt, D.W. (1963) An Algorithm for Least-Squares Estimation of Nonlinear Parameters.
 *   Journal of SIAM 11(2), 431-441.
 * - James, F. (1994) MINUIT Reference Manual, CERN Program Library D506, §1.3 (bounded parameters).
 * - Bates, D.M. and Watts, D.G. (1988) Nonlinear Regression Analysis and Its Applications. Wiley, Ch. 2.
 */
import { mulberry32 } from '../../seededRandom.js';
export interface ParameterSpec {
  name: string;
  lo: number;
  hi: number;
  log?: boolean;
}

export interface FitOutcome {
  params: number[];
  sse: number;
  iterations: number;
  starts: number;
  converged: boolean;
}

const MAX_ITER = 200;

const toBox = (s: ParameterSpec) => (s.log ? { lo: Math.log(s.lo), hi: Math.log(s.hi) } : { lo: s.lo, hi: s.hi });

function fromInternal(specs: ParameterSpec[], u: number[]): number[] {
  return specs.map((s, i) => {
    const { lo, hi } = toBox(s);
    const v = lo + ((hi - lo) * (1 + Math.sin(u[i] as number))) / 2;
    return s.log ? Math.exp(v) : v;
  });
}

function toInternal(specs: ParameterSpec[], p: number[]): number[] {
  return specs.map((s, i) => {
    const { lo, hi } = toBox(s);
    const v = s.log ? Math.log(p[i] as number) : (p[i] as number);
    const x = Math.min(1, Math.max(-1, (2 * (v - lo)) / (hi - lo) - 1));
    return Math.asin(x);
  });
}

const sumSq = (r: number[]) => r.reduce((a, v) => a + v * v, 0);

/** Solves (A + lambda diag(A)) x = g by Gaussian elimination with partial pivoting; null if singular. */
export function solveLinear(a: number[][], g: number[]): number[] | null {
  const n = g.length;
  const m = a.map((row, i) => [...row, g[i] as number]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[piv] as number[])[c] as number)) piv = r;
    if (!(Math.abs((m[piv] as number[])[c] as number) > 1e-300)) return null;
    [m[c], m[piv]] = [m[piv] as number[], m[c] as number[]];
    const rowC = m[c] as number[];
    for (let r = c + 1; r < n; r++) {
      const row = m[r] as number[];
      const f = (row[c] as number) / (rowC[c] as number);
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (rowC[k] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let s = row[n] as number;
    for (let k = r + 1; k < n; k++) s -= (row[k] as number) * (x[k] as number);
    x[r] = s / (row[r] as number);
  }
  return x.every(Number.isFinite) ? x : null;
}

/** Jacobian of residuals by central differences around x (step h_i relative to |x_i|, floor hFloor). */
export function jacobian(res: (x: number[]) => number[], x: number[], hFloor: number): number[][] {
  const cols: number[][] = [];
  for (let j = 0; j < x.length; j++) {
    const h = Math.max(Math.abs(x[j] as number) * 1e-6, hFloor);
    const up = [...x];
    const dn = [...x];
    up[j] = (x[j] as number) + h;
    dn[j] = (x[j] as number) - h;
    const ru = res(up);
    const rd = res(dn);
    cols.push(ru.map((v, i) => (v - (rd[i] as number)) / (2 * h)));
  }
  const n = (cols[0] as number[]).length;
  return Array.from({ length: n }, (_, i) => cols.map((c) => c[i] as number));
}

function lmFrom(residual: (p: number[]) => number[], specs: ParameterSpec[], u0: number[]): { u: number[]; sse: number; iterations: number; converged: boolean } {
  const res = (u: number[]) => residual(fromInternal(specs, u));
  let u = u0;
  let r = res(u);
  let sse = sumSq(r);
  if (!Number.isFinite(sse)) return { u, sse: Infinity, iterations: 0, converged: false };
  let lambda = 1e-3;
  for (let it = 1; it <= MAX_ITER; it++) {
    const j = jacobian(res, u, 1e-7);
    const p = u.length;
    const a = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, k) => j.reduce((s, row) => s + (row[i] as number) * (row[k] as number), 0)));
    const g = Array.from({ length: p }, (_, i) => -j.reduce((s, row, n) => s + (row[i] as number) * (r[n] as number), 0));
    let accepted = false;
    while (lambda < 1e12) {
      const damped = a.map((row, i) => row.map((v, k) => (i === k ? v + lambda * Math.max(v, 1e-12) : v)));
      const step = solveLinear(damped, g);
      if (step) {
        const uNew = u.map((v, i) => v + (step[i] as number));
        const rNew = res(uNew);
        const sseNew = sumSq(rNew);
        if (Number.isFinite(sseNew) && sseNew < sse) {
          const small = (sse - sseNew) <= 1e-12 * Math.max(sse, 1e-300);
          u = uNew;
          r = rNew;
          sse = sseNew;
          lambda = Math.max(lambda / 10, 1e-12);
          accepted = true;
          if (small) return { u, sse, iterations: it, converged: true };
          break;
        }
      }
      lambda *= 10;
    }
    if (!accepted) return { u, sse, iterations: it, converged: true };
  }
  return { u, sse, iterations: MAX_ITER, converged: false };
}

/** Best of the guess and `extraStarts` seeded random starts; `progress` hears starts finished of all. */
export function fitBounded(residual: (p: number[]) => number[], specs: ParameterSpec[], guess: number[], extraStarts = 11, seed = 20_11_13, progress?: (done: number, total: number) => void): FitOutcome {
  const rand = mulberry32(seed);
  const starts = [toInternal(specs, guess)];
  for (let k = 0; k < extraStarts; k++) starts.push(specs.map(() => Math.asin(2 * rand() - 1)));
  let best: { u: number[]; sse: number; iterations: number; converged: boolean } | null = null;
  let iterations = 0;
  let done = 0;
  for (const u0 of starts) {
    const out = lmFrom(residual, specs, u0);
    iterations += out.iterations;
    if (!best || out.sse < best.sse) best = out;
    progress?.(++done, starts.length);
  }
  const b = best as { u: number[]; sse: number; converged: boolean };
  return { params: fromInternal(specs, b.u), sse: b.sse, iterations, starts: starts.length, converged: b.converged };
}
