/**
 * A sequence of Arps segments joined with the rate, nominal decline and cumulative continuous
 * at each start time: the modified hyperbolic (Robertson 1988) and the segment approximation of
 * the transient hyperbolic model (Fulford 2018) are both this shape. Each segment is given by its
 * start time and b (and the first by qi and D); the rest follows from continuity.
 */
import { arpsCum, arpsDecline, arpsRate, arpsTimeTo } from './arpsModel.js';

export interface SegmentStart {
  t0: number;
  b: number;
  /** Nominal decline to use at t0 instead of the previous segment's (a terminal exponential). */
  d?: number;
}

interface Segment {
  t0: number;
  qi: number;
  d: number;
  b: number;
  n0: number;
}

export class SegmentedArps {
  private readonly segments: Segment[];

  constructor(qi: number, d: number, starts: SegmentStart[]) {
    const first = starts[0] as SegmentStart;
    const segs: Segment[] = [{ t0: first.t0, qi, d: first.d ?? d, b: first.b, n0: 0 }];
    for (let i = 1; i < starts.length; i++) {
      const prev = segs[i - 1] as Segment;
      const s = starts[i] as SegmentStart;
      const dt = s.t0 - prev.t0;
      segs.push({ t0: s.t0, qi: arpsRate(prev, dt), d: s.d ?? arpsDecline(prev, dt), b: s.b, n0: prev.n0 + arpsCum(prev, dt) });
    }
    this.segments = segs;
  }

  private at(t: number): Segment {
    let s = this.segments[0] as Segment;
    for (const seg of this.segments) if (t >= seg.t0) s = seg;
    return s;
  }

  rate(t: number): number {
    const s = this.at(t);
    return arpsRate(s, t - s.t0);
  }

  cum(t: number): number {
    const s = this.at(t);
    return s.n0 + arpsCum(s, t - s.t0);
  }

  decline(t: number): number {
    const s = this.at(t);
    return arpsDecline(s, t - s.t0);
  }

  b(t: number): number {
    return this.at(t).b;
  }

  /** First time the rate reaches qLimit (rates only fall), Infinity if never. */
  timeTo(qLimit: number): number {
    for (let i = 0; i < this.segments.length; i++) {
      const s = this.segments[i] as Segment;
      const next = this.segments[i + 1];
      const dt = arpsTimeTo(s, qLimit);
      if (!next || s.t0 + dt <= next.t0) return s.t0 + dt;
    }
    return Infinity;
  }

  startTimes(): number[] {
    return this.segments.map((s) => s.t0);
  }
}
