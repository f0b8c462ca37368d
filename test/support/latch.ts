/**
 * A latch shared with a pool thread: the thread marks it entered and blocks until the test
 * releases it. Tests use it to hold a thread busy for as long as they need — events, not
 * wall-clock margins, decide what a test sees.
 */
const ENTERED = 0;
const RELEASED = 1;

export class Latch {
  readonly buffer = new SharedArrayBuffer(8);
  private readonly cells = new Int32Array(this.buffer);

  /** Resolves once a thread holds the latch. */
  async entered(): Promise<void> {
    const wait = Atomics.waitAsync(this.cells, ENTERED, 0);
    if (wait.async) await wait.value;
  }

  release(): void {
    Atomics.store(this.cells, RELEASED, 1);
    Atomics.notify(this.cells, RELEASED);
  }
}

/** Thread side: mark the latch entered, then block until it is released. */
export function holdUntilReleased(buffer: SharedArrayBuffer): void {
  const cells = new Int32Array(buffer);
  Atomics.store(cells, ENTERED, 1);
  Atomics.notify(cells, ENTERED);
  while (Atomics.load(cells, RELEASED) === 0) Atomics.wait(cells, RELEASED, 0);
}
