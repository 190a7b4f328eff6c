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

/** The machine's clock and Node's timers: the default everywhere. */
export const systemClock: Clock = {
  now: () => Date.now(),
  timer(at, fn, options) {
    const handle = setTimeout(fn, Math.max(0, at - Date.now()));
    if (options?.background) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
