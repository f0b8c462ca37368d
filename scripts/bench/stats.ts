/** Small statistics for the bench: medians of runs and exact percentiles of recorded latencies. */

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Percentiles `ps` (0-100) of unsorted samples, nearest-rank. Computed from every sample rather than
 * autocannon's histogram, which records whole milliseconds (a floor call takes well under one).
 */
export function percentiles(samples: Float64Array | number[], ps: number[]): number[] {
  if (samples.length === 0) return ps.map(() => NaN);
  const s = Float64Array.from(samples).sort();
  return ps.map((p) => s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1]!);
}

/** A growable array of float samples without boxing. */
export class Samples {
  private buf = new Float64Array(4096);
  length = 0;

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  values(): Float64Array {
    return this.buf.subarray(0, this.length);
  }
}
