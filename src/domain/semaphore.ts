/**
 * At most `limit` tasks at once; the others wait in arrival order. Counts what it admitted so that
 * the bound can be observed (`peak`, `started`) without wrapping the work it guards.
 */
export class Semaphore {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  /** The most tasks that ever ran at once since the last `resetPeak()`. */
  peak = 0;
  /** How many tasks have started so far. */
  started = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a semaphore needs a limit of at least 1, not ${limit}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    this.started++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so that a newcomer cannot overtake it.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  resetPeak(): void {
    this.peak = this.running;
  }
}
