/**
 * Runs a unit of background work now and then: every `intervalMs` as a safety net, and at once
 * when nudged. One pass at a time; a request that arrives during a pass makes it run once more,
 * so nothing committed before the request is missed.
 */
export class Pump {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<number> | null = null;
  private again = false;
  private started = false;

  constructor(
    private readonly work: () => Promise<number>,
    private readonly options: { intervalMs: number; onError(error: unknown): void },
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current?.catch(() => 0);
  }

  /** Runs a pass soon (when started). */
  notify(): void {
    if (this.started) this.schedule(0);
  }

  /** Runs passes until one finds nothing new to do; resolves with how much was done. */
  run(): Promise<number> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      let done = 0;
      do {
        this.again = false;
        done += await this.work();
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- run() sets it during the await above
      } while (this.again);
      return done;
    })().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          if (this.started && !this.timer) this.schedule(this.options.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}
