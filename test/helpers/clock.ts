import type { Clock, Timer } from '../../src/domain/ports/clock.js';

interface Planned {
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * A clock the test moves: time stands still until `advanceTo`/`advance`, which fire the timers
 * falling due on the way in order of due time (then of creation), each with the clock reading
 * its due time. A timer planned at or before the current time fires on the next turn of the event
 * loop, as a zero-delay timeout would.
 */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private readonly planned: Planned[] = [];

  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  timer(at: number, fn: () => void): Timer {
    const planned: Planned = { at, seq: this.seq++, fn };
    this.planned.push(planned);
    if (at <= this.current) setImmediate(() => this.fireDue());
    return { cancel: () => this.remove(planned) };
  }

  /** Moves the clock forward to `time`, firing what falls due on the way. */
  advanceTo(time: number): void {
    if (time < this.current) throw new Error(`the clock does not go back (${time} < ${this.current})`);
    for (let next = this.next(); next && next.at <= time; next = this.next()) {
      this.current = Math.max(this.current, next.at);
      this.remove(next);
      next.fn();
    }
    this.current = time;
  }

  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  /** When the earliest planned timer is due (undefined when none is). */
  nextTimerAt(): number | undefined {
    return this.next()?.at;
  }

  private fireDue(): void {
    for (let next = this.next(); next && next.at <= this.current; next = this.next()) {
      this.remove(next);
      next.fn();
    }
  }

  private next(): Planned | undefined {
    let best: Planned | undefined;
    for (const p of this.planned) if (!best || p.at < best.at || (p.at === best.at && p.seq < best.seq)) best = p;
    return best;
  }

  private remove(planned: Planned): void {
    const index = this.planned.indexOf(planned);
    if (index >= 0) this.planned.splice(index, 1);
  }
}
