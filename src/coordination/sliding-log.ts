import type { RateDecision, RateLimiter, RateLimiterOptions } from '../domain/ports/coordination.js';

/**
 * A sliding log: for each key, the times of the points it spent in the last window, oldest first
 * (at most `points` of them). A spend is granted only when it fits beside what the log holds, so
 * no window of that length, wherever it starts, ever holds more than `points` granted points — unlike
 * a fixed window, which lets twice the budget through across its edge. The Redis back end keeps the
 * same log in a list, with the same rules written in Lua (src/coordination/redis-sliding-log.ts).
 *
 * The rules, shared by both back ends:
 * - a point counted at `t` leaves the window at `t + window` (half-open: at exactly that time it no
 *   longer counts);
 * - a granted spend of n points adds n entries at `now`; a refused one adds nothing;
 * - a refund removes the newest entries;
 * - times never go backwards within a log: `now` is at least its newest entry.
 */

/** What a look at a log found: whether the spend was granted, what is counted, and when to come back. */
export interface LogAnswer {
  allowed: boolean;
  /** Points counted in the window after the operation. */
  count: number;
  /**
   * Milliseconds until the answer changes for the caller: when granted or peeked, until the oldest
   * counted point leaves the window (the whole window when nothing is counted); when refused, until
   * enough points have left it for the same spend to fit.
   */
  resetMs: number;
}

export function checkedPoints(points: number): number {
  if (!Number.isInteger(points) || points < 1) throw new RangeError(`points must be a positive whole number, not ${points}`);
  return points;
}

/** The port's answer from a look at the log (both back ends). */
export function decisionOf(answer: LogAnswer, limit: number): RateDecision {
  return {
    allowed: answer.allowed,
    limit,
    remaining: Math.min(limit, Math.max(0, limit - answer.count)),
    resetSeconds: Math.max(1, Math.ceil(answer.resetMs / 1000)),
  };
}

/** Sweep logs that have emptied once the map has grown this much past its size after the last sweep. */
const SWEEP_FLOOR = 1024;

/** The sliding log in this process's memory (embedded mode). */
export class MemorySlidingLog implements RateLimiter {
  private readonly logs = new Map<string, number[]>();
  private readonly windowMs: number;
  private sweepAbove = SWEEP_FLOOR;

  constructor(
    private readonly options: RateLimiterOptions,
    /** Real time (the machine's clock) unless a test gives its own; never the rules' Clock. */
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = Math.ceil(options.durationSeconds * 1000);
  }

  async consume(key: string, points = 1): Promise<RateDecision> {
    checkedPoints(points);
    const [log, now] = this.slide(key);
    const limit = this.options.points;
    let answer: LogAnswer;
    if (log.length + points <= limit) {
      for (let i = 0; i < points; i++) log.push(now);
      this.keep(key, log);
      answer = { allowed: true, count: log.length, resetMs: log[0]! + this.windowMs - now };
    } else {
      // The entry whose leaving makes room for the spend; a spend larger than the budget never fits.
      const freeing = points > limit ? log.at(-1) : log[log.length + points - limit - 1];
      answer = { allowed: false, count: log.length, resetMs: (freeing ?? now) + this.windowMs - now };
    }
    return decisionOf(answer, limit);
  }

  async refund(key: string, points = 1): Promise<void> {
    checkedPoints(points);
    const [log] = this.slide(key);
    log.splice(Math.max(0, log.length - points));
    if (log.length === 0) this.logs.delete(key);
  }

  async peek(key: string): Promise<RateDecision> {
    const [log, now] = this.slide(key);
    const oldest = log[0];
    return decisionOf(
      { allowed: log.length < this.options.points, count: log.length, resetMs: oldest === undefined ? this.windowMs : oldest + this.windowMs - now },
      this.options.points,
    );
  }

  /** The key's log with what has left the window dropped, and the time to judge it at. */
  private slide(key: string): [number[], number] {
    const log = this.logs.get(key) ?? [];
    const now = Math.max(this.now(), log.at(-1) ?? -Infinity);
    let gone = 0;
    while (gone < log.length && log[gone]! <= now - this.windowMs) gone++;
    if (gone > 0) log.splice(0, gone);
    if (log.length === 0) this.logs.delete(key);
    return [log, now];
  }

  private keep(key: string, log: number[]): void {
    if (this.logs.has(key)) return;
    this.logs.set(key, log);
    // Keys seen once (a token used a single time, an address that failed once) are swept out once
    // their log has emptied: memory follows the keys active in the last window, not all ever seen.
    if (this.logs.size > this.sweepAbove) {
      const cutoff = this.now() - this.windowMs;
      for (const [other, entries] of this.logs) if (entries.at(-1)! <= cutoff) this.logs.delete(other);
      this.sweepAbove = Math.max(SWEEP_FLOOR, this.logs.size * 2);
    }
  }
}
