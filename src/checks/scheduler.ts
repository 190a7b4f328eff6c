import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Region } from '../shared/vocabulary.js';
import type { ScheduledMonitor } from '../domain/monitor-for-check.js';
import type { MonitorChange, MonitorService } from '../domain/monitors.js';
import { storeDueNow, storedDueTimes } from '../domain/check-schedules.js';
import type { Database } from '../store/schema.js';
import type { Channel } from '../domain/ports/coordination.js';
import { systemClock, type Clock, type Timer } from '../domain/ports/clock.js';
import { jobKey, type CheckDispatcher } from '../domain/ports/check-dispatch.js';

export interface SchedulerOptions {
  db: Kysely<Database>;
  monitors: Pick<MonitorService, 'listActiveForCheck' | 'findScheduled'>;
  /** Monitor changes made by any process of the installation (MonitorService's, carried by a channel). */
  changes: Pick<Channel<MonitorChange>, 'subscribe'>;
  dispatcher: CheckDispatcher;
  logger: Logger;
  /** Checks that fell due while no scheduler ran are spread over this window instead of firing at once. */
  catchUpWindowMs?: number;
  /** The rate a catch-up is spread for, checks a second (CATCH_UP_RATE unless told). */
  catchUpRate?: number;
  /** How often the full set of monitors is read again (changes made by other processes). */
  reconcileIntervalMs?: number;
  /** Due times and timers; the system clock when absent. */
  clock?: Clock;
}

/**
 * The rate a catch-up is spread for (checks a second): a catch-up window that would ask for more
 * is stretched, up to each monitor's interval, at which its checks come at their steady rate.
 */
const CATCH_UP_RATE = 1000;

/** Monitors a reconcile reads at a time (a few milliseconds of the event loop each). */
const RECONCILE_PAGE = 1000;

interface Entry {
  key: string;
  monitorId: string;
  teamId: string;
  region: Region;
  intervalMs: number;
  phaseMs: number;
  /** The due time of the next check: with the pair, the check's identity (its job and run id). */
  nextDueAt: number;
  timer: Timer | null;
  /** Fired from a catch-up stretched past its window: the check after it counts from its firing (see fire). */
  fromFiring: boolean;
  /**
   * fire(entry), made once: a closure made at every arming would be one more object per check living
   * an interval. Bound rather than an arrow in the literal, which a transpiler keeping function names
   * (tsx, which the benches run) gives a property of its own: 256 bytes more per entry.
   */
  onDue: () => void;
}

/**
 * Decides when each (monitor, region) is checked: at once after create, resume or a change
 * of interval or regions, then every interval on a phase of its own, so that monitors made
 * together do not stay in step. One timer per (monitor, region), re-armed toward its due time.
 *
 * Due times are deterministic: after a check due at `t` comes the one due one interval later,
 * moved toward the pair's phase by at most a tenth of the interval (see nextDue). Next-due times are stored with each run (and
 * a check due at once with the change that made it so, before it is dispatched), so that a restarted scheduler, or
 * another node's taking over, continues the same sequence: a check it dispatches again carries
 * the same due time, hence the same job and run id, and is not done twice.
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  /**
   * Each scheduled monitor as planned: its shape (interval and regions: a change re-plans it) and the
   * regions it has entries for, built-in ones and the installation's extra ones.
   */
  private readonly planned = new Map<string, { shape: string; regions: readonly Region[] }>();
  private unsubscribe: (() => void) | null = null;
  private reconcileTimer: Timer | null = null;
  /** The periodic reconcile under way: one at a time, however far the clock moves while it runs. */
  private reconciling: Promise<void> | null = null;
  /**
   * This planning term: aborted by stop() (and by the lease's loss, through the signal start() is
   * given). Work started in a term checks it after every wait, so a reconcile or change still
   * under way when the term ends writes and enqueues nothing more.
   */
  private term = new AbortController();
  private readonly catchUpWindowMs: number;
  private readonly catchUpRate: number;
  private readonly clock: Clock;

  constructor(private readonly options: SchedulerOptions) {
    this.catchUpWindowMs = options.catchUpWindowMs ?? 30_000;
    this.catchUpRate = options.catchUpRate ?? CATCH_UP_RATE;
    this.clock = options.clock ?? systemClock;
  }

  /** Starts planning; `lease` (the leadership's term) ends planning the moment it is aborted, as stop() does. */
  async start(lease?: AbortSignal): Promise<void> {
    const term = (this.term = new AbortController());
    lease?.addEventListener('abort', () => this.stop(term), { once: true });
    if (lease?.aborted) {
      this.stop(term);
      return;
    }
    this.unsubscribe = this.options.changes.subscribe((change) => {
      this.onMonitorChange(change, term.signal).catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'scheduler could not apply a monitor change'),
      );
    });
    await this.reconcile(true, term.signal);
    if (ended(term.signal)) return;
    const every = this.options.reconcileIntervalMs ?? 60_000;
    const again = (): void => {
      this.reconcileTimer = this.clock.timer(
        this.clock.now() + every,
        () => {
          again();
          this.reconciling ??= this.reconcile(false, term.signal)
            .catch((error: unknown) => this.options.logger.error({ err: error }, 'scheduler reconcile failed'))
            .finally(() => (this.reconciling = null));
        },
        { background: true },
      );
    };
    again();
  }

  /** Stops planning at once: timers cancelled, and work still under way (a reconcile) fenced off. */
  stop(term = this.term): void {
    // A stop meant for an earlier term (its lease lost after a new one began) leaves the new one be.
    if (term !== this.term) return;
    term.abort();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.reconcileTimer?.cancel();
    this.reconcileTimer = null;
    for (const entry of this.entries.values()) entry.timer?.cancel();
    this.entries.clear();
    this.planned.clear();
  }

  /** How many (monitor, region) pairs are scheduled. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Reads every active monitor and its stored due times, and plans what is new or changed.
   * At start-up (`initial`), a monitor with no stored due time (made while no scheduler ran)
   * joins the catch-up spread instead of firing with all the others at once.
   *
   * The monitors are read a page at a time, the event loop running between pages: checks fire and
   * the API answers during a reconcile of any size. A change notice may plan a monitor meanwhile;
   * only monitors planned before the pass began can be found gone by it.
   */
  async reconcile(initial = false, term = this.term.signal): Promise<void> {
    const plannedBefore = [...this.planned.keys()];
    const active = new Set<string>();
    const fresh: ScheduledMonitor[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await this.options.monitors.listActiveForCheck({ after, limit: RECONCILE_PAGE });
      if (ended(term)) return;
      for (const monitor of page) {
        active.add(monitor.id);
        const planned = this.planned.get(monitor.id);
        if (planned?.shape === shapeOf(monitor)) continue;
        // Changed since planned (made by a process whose notice did not arrive): re-planned now.
        if (planned) {
          await this.planNow(monitor, term);
          if (ended(term)) return;
        } else fresh.push(monitor);
      }
      if (page.length < RECONCILE_PAGE) break;
      after = page.at(-1)!.id;
      await setImmediate();
      if (ended(term)) return;
    }
    // Stored due times matter only to what is new here: usually nothing after start-up, and the
    // table (one row per monitor and region) is then not read at all.
    const schedules = fresh.length === 0 ? [] : await storedDueTimes(this.options.db);
    if (ended(term)) return;
    const stored = new Map(schedules.map((s) => [jobKey(s), s.nextDueAt]));
    const catchUp = { unknownToo: initial, windowMs: this.catchUpWindow(fresh, stored, initial) };
    for (const monitor of fresh) if (!this.planned.has(monitor.id)) this.plan(monitor, stored, null, catchUp);
    for (const monitorId of plannedBefore) if (!active.has(monitorId)) this.forget(monitorId);
  }

  /**
   * Over how long the checks found overdue are spread: the catch-up window, or longer when there are
   * so many that it would take more than `catchUpRate` checks a second (each monitor's still no
   * longer than its interval, see plan). A cold start of 50,000 × 3 fired within 30 s would ask for
   * 5,000 checks a second; a stretched catch-up's checks count their next from their firing (fire),
   * so the rounds after it stay as spread.
   */
  private catchUpWindow(fresh: readonly ScheduledMonitor[], stored: ReadonlyMap<string, number>, unknownToo: boolean): number {
    const now = this.clock.now();
    let overdue = 0;
    for (const monitor of fresh)
      for (const region of monitor.regions) {
        const due = stored.get(jobKey({ monitorId: monitor.id, region }));
        if (due === undefined ? unknownToo : due < now) overdue++;
      }
    return Math.max(this.catchUpWindowMs, (overdue / this.catchUpRate) * 1000);
  }

  private async onMonitorChange(change: MonitorChange, term: AbortSignal): Promise<void> {
    if (ended(term)) return;
    if (change.kind === 'deleted' || change.kind === 'paused') {
      this.forget(change.monitorId);
      return;
    }
    const monitor = await this.options.monitors.findScheduled(change.monitorId);
    if (ended(term)) return;
    if (!monitor) {
      this.forget(change.monitorId);
      return;
    }
    // Due at once with the change, stored with it: planned under that due time.
    if (change.dueAt !== undefined) this.plan(monitor, null, change.dueAt);
    // Changed in a way its notice does not say (the notice of an earlier change was lost, say).
    else if (this.planned.get(monitor.id)?.shape !== shapeOf(monitor)) await this.planNow(monitor, term);
  }

  /** Plans every region of the monitor at once, storing that due time first: a successor scheduler re-dispatches this very check rather than another one. */
  private async planNow(monitor: Pick<ScheduledMonitor, 'id' | 'teamId' | 'intervalSeconds' | 'regions'>, term: AbortSignal): Promise<void> {
    if (ended(term)) return;
    const due = this.clock.now();
    await storeDueNow(this.options.db, monitor.id, monitor.regions, due);
    if (ended(term)) return;
    this.plan(monitor, null, due);
  }

  /**
   * (Re)plans every region of a monitor: at `dueNow` when given, else at its stored due time.
   * A stored time already past (checks that fell due while no scheduler ran, or one dispatched by
   * a scheduler that stopped) keeps its due time but fires spread over the catch-up window.
   */
  private plan(
    monitor: Pick<ScheduledMonitor, 'id' | 'teamId' | 'intervalSeconds' | 'regions'>,
    stored: Map<string, number> | null,
    dueNow: number | null,
    /** How checks found overdue are spread, and whether those with no stored due time are too (start-up); none: the catch-up window. */
    catchUp: { unknownToo: boolean; windowMs: number } = { unknownToo: false, windowMs: this.catchUpWindowMs },
  ): void {
    const now = this.clock.now();
    const intervalMs = monitor.intervalSeconds * 1000;
    for (const key of this.keysOf(monitor.id)) {
      if (!monitor.regions.includes(this.entries.get(key)!.region)) this.drop(key);
    }
    for (const region of monitor.regions) {
      const key = jobKey({ monitorId: monitor.id, region });
      const previous = this.entries.get(key);
      let due: number;
      let fireAt: number;
      let fromFiring = false;
      if (dueNow !== null) due = fireAt = dueNow;
      else {
        const storedDue = stored?.get(key);
        // By monitor, not by region: a monitor's regions are checked together (see the phase below).
        const spreadTo = now + (hash(monitor.id) % Math.max(this.catchUpWindowMs, Math.min(catchUp.windowMs, intervalMs)));
        if (storedDue === undefined) due = fireAt = catchUp.unknownToo ? spreadTo : now;
        else if (storedDue >= now) due = fireAt = storedDue;
        else {
          [due, fireAt] = [storedDue, spreadTo];
          fromFiring = catchUp.windowMs > this.catchUpWindowMs;
        }
      }
      const entry: Entry = previous ?? this.newEntry(key, monitor, region, due);
      entry.intervalMs = intervalMs;
      entry.fromFiring = fromFiring;
      // One phase per monitor: its regions are checked together, so their results agree in time.
      entry.phaseMs = hash(monitor.id) % intervalMs;
      this.entries.set(key, entry);
      this.arm(entry, due, fireAt);
    }
    this.planned.set(monitor.id, { shape: shapeOf(monitor), regions: monitor.regions });
  }

  private newEntry(key: string, monitor: Pick<ScheduledMonitor, 'id' | 'teamId'>, region: Region, due: number): Entry {
    const entry: Entry = {
      key,
      monitorId: monitor.id,
      teamId: monitor.teamId,
      region,
      intervalMs: 0,
      phaseMs: 0,
      nextDueAt: due,
      timer: null,
      fromFiring: false,
      onDue: noop,
    };
    entry.onDue = this.fire.bind(this, entry);
    return entry;
  }

  private arm(entry: Entry, due: number, fireAt = due): void {
    entry.timer?.cancel();
    entry.nextDueAt = due;
    entry.timer = this.clock.timer(fireAt, entry.onDue);
  }

  private fire(entry: Entry): void {
    const dueAt = entry.nextDueAt;
    const now = this.clock.now();
    // The next one interval after this one's due time, which keeps the sequence of due times that a
    // scheduler taking over continues (a check it dispatches again carries the next due time its
    // first dispatch did); or after now, when that is already past (far behind). A check of a
    // catch-up stretched past its window (a cold start of thousands) counts from its firing instead:
    // counted from their common old due time, the whole next round would fall due within seconds,
    // and every round after it too.
    const from = entry.fromFiring ? now : dueAt;
    entry.fromFiring = false;
    let nextDueAt = nextDue(from, entry.intervalMs, entry.phaseMs);
    if (nextDueAt <= now) nextDueAt = nextDue(now, entry.intervalMs, entry.phaseMs);
    this.arm(entry, nextDueAt);
    this.options.dispatcher
      .enqueue({ monitorId: entry.monitorId, teamId: entry.teamId, region: entry.region, trigger: 'scheduled', dueAt, nextDueAt })
      .catch((error: unknown) => this.options.logger.error({ err: error, monitorId: entry.monitorId }, 'could not enqueue a check'));
  }

  private forget(monitorId: string): void {
    for (const key of this.keysOf(monitorId)) this.drop(key);
    this.planned.delete(monitorId);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    entry?.timer?.cancel();
    this.entries.delete(key);
  }

  private keysOf(monitorId: string): string[] {
    return (this.planned.get(monitorId)?.regions ?? []).map((region) => jobKey({ monitorId, region })).filter((key) => this.entries.has(key));
  }
}

/** Whether a planning term has ended (a call, so that a check after an await is not narrowed away). */
function ended(term: AbortSignal): boolean {
  return term.aborted;
}

function shapeOf(monitor: Pick<ScheduledMonitor, 'intervalSeconds' | 'regions'>): string {
  return `${monitor.intervalSeconds}:${monitor.regions.join(',')}`;
}

/**
 * When the check after one due at `dueAt` is due: one interval later, moved by at most a tenth of
 * the interval toward the pair's own phase. A check planned "now" (create, resume) is off its
 * phase; it drifts onto it within five checks, so monitors made together spread out, while no two
 * consecutive checks are ever less than 0.9 or more than 1.1 intervals apart. Once on its phase,
 * checks are exactly one interval apart.
 */
export function nextDue(dueAt: number, interval: number, phase: number): number {
  const onPhase = nextOnPhase(dueAt + interval / 2, interval, phase);
  const step = Math.floor(interval / 10);
  return Math.min(dueAt + interval + step, Math.max(dueAt + interval - step, onPhase));
}

/** The first time at or after `after` that is `phase` past a multiple of `interval`. */
export function nextOnPhase(after: number, interval: number, phase: number): number {
  const base = after - ((((after - phase) % interval) + interval) % interval);
  return base >= after ? base : base + interval;
}

/** FNV-1a: a stable spread of keys over time. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** onDue until the entry it fires exists. */
function noop(): void {}
