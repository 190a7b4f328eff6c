/**
 * Where rules read the time. Production runs on the system clock; tests pass a clock they move
 * themselves, so that rules measured in minutes (check intervals, say) are tested in seconds.
 * Durations (how long a check took) are not read here: they stay on `performance.now()`.
 */

/** A call planned on a clock, until cancelled. */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Calls `fn` once this clock reaches `at` (epoch ms), or as soon as possible when `at` has
   * passed. `background`: the timer alone does not keep the process alive.
   */
  timer(at: number, fn: () => void, options?: { background?: boolean }): Timer;
}

/**
 * A Node timeout as a Timer. A class, not an object literal with a closure: the scheduler holds one
 * timer per (monitor, region), each living an interval, so a closure, its context and the literal
 * per timer were 30,000 more objects at 10,000 × 3, all promoted to the old generation.
 */
class NodeTimer implements Timer {
  constructor(private readonly handle: NodeJS.Timeout) {}

  cancel(): void {
    clearTimeout(this.handle);
  }
}

/** The machine's clock and Node's timers: the default everywhere. */
export const systemClock: Clock = {
  now: () => Date.now(),
  timer(at, fn, options) {
    const handle = setTimeout(fn, Math.max(0, at - Date.now()));
    if (options?.background) handle.unref();
    return new NodeTimer(handle);
  },
};
