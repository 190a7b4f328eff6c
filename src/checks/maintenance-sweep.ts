import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { activeOccurrence, nextBoundary } from '../domain/maintenance/occurrences.js';
import type { MaintenanceWindowService } from '../domain/maintenance/service.js';
import { systemClock, type Clock, type Timer } from '../domain/ports/clock.js';
import type { Channel } from '../domain/ports/coordination.js';
import { Slices } from '../shared/slices.js';
import type { Database } from '../store/schema.js';
import type { RunRecorder } from './run-recorder.js';

export interface MaintenanceSweepOptions {
  db: Kysely<Database>;
  windows: Pick<MaintenanceWindowService, 'scheduled'>;
  /** Writes each start and end through the status decision, with the events it causes. */
  recorder: Pick<RunRecorder, 'applyMaintenance'>;
  /** Window changes made by any process of the installation: the sweep runs again on them. */
  changes: Pick<Channel<unknown>, 'subscribe'>;
  logger: Logger;
  /** How often windows are read again even without a change or a boundary. Default 60 s. */
  rereadMs?: number;
  clock?: Clock;
}

/**
 * Puts monitors into maintenance when an occurrence of one of their windows starts, and takes them
 * out when it ends, on the one process that holds the scheduler's lease. Each sweep compares what
 * the windows say now with the monitors' stored flags and applies the difference, so a sweep
 * repeated (after a restart, or by a new lease holder) changes nothing twice and one missed while
 * no process held the lease is caught up at once. Between sweeps it waits on the clock for the next
 * start or end of any window, or for a window change.
 */
export class MaintenanceSweep {
  private timer: Timer | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly clock: Clock;

  constructor(private readonly options: MaintenanceSweepOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = this.options.changes.subscribe(() => this.poke());
    await this.sweep();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.timer?.cancel();
    this.timer = null;
  }

  /** Sweeps again soon: one at a time, and once more after the one under way. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.sweep();
  }

  /** A sweep that starts after this call (after the one under way, if any); resolves when it is done. */
  async sweep(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sweepOnce()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'maintenance sweep failed; it runs again at the next reread'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.sweep();
        }
      });
    await this.running;
  }

  private async sweepOnce(): Promise<void> {
    const now = this.clock.now();
    const windows = await this.options.windows.scheduled();
    const covered = new Map<string, number>();
    let wake = now + (this.options.rereadMs ?? 60_000);
    // Each window costs little (a bounded search), but there may be many: checks and requests get their turn.
    const slices = new Slices();
    for (const window of windows) {
      await slices.turn();
      const active = activeOccurrence(window, now);
      if (active) for (const monitorId of window.monitorIds) covered.set(monitorId, Math.min(covered.get(monitorId) ?? Infinity, active.start));
      const boundary = nextBoundary(window, now);
      if (boundary !== null) wake = Math.min(wake, boundary);
    }
    const flagged = await this.options.db.selectFrom('monitors').select('id').where('maintenance', '=', 1).where('deleted_at', 'is', null).execute();
    for (const { id } of flagged) {
      if (!covered.has(id)) await this.options.recorder.applyMaintenance(id, { kind: 'maintenance', active: false, at: now });
    }
    const already = new Set(flagged.map((row) => row.id));
    for (const [id, start] of covered) {
      if (!already.has(id)) await this.options.recorder.applyMaintenance(id, { kind: 'maintenance', active: true, at: Math.max(start, now) });
    }
    if (this.stopped) return;
    this.timer?.cancel();
    this.timer = this.clock.timer(wake, () => this.poke(), { background: true });
  }
}
