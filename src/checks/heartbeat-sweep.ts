import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, Timer } from '../domain/ports/clock.js';
import { NO_DURATION, PUSH_REGION } from '../domain/run-columns.js';
import { missedOutcome } from '../domain/heartbeats/runs.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { RunRecorder } from './run-recorder.js';

export interface HeartbeatSweepOptions {
  db: Kysely<Database>;
  /** Writes each missed deadline as a failed run, with the status and events it causes. */
  recorder: Pick<RunRecorder, 'record' | 'flush'>;
  logger: Logger;
  clock: Clock;
  /** Longest wait between two sweeps, for deadlines another process brought forward. Default 10 s. */
  rereadMs?: number;
}

/** Deadlines judged per query; more wait for the next round of the same sweep. */
const BATCH = 500;

/**
 * Records a missed run for every heartbeat whose deadline has passed, on the one process that
 * holds the scheduler's lease. A sweep reads only what is due, through the deadline's index, and
 * sleeps until the earliest deadline left; one that passed while no process ran is judged at the
 * first sweep after start. The recorder writes a missed run only while its deadline is still the
 * monitor's (a ping may have come meanwhile), under an id that follows from the deadline: two
 * sweeps of the same deadline write one run.
 */
export class HeartbeatSweep {
  private timer: Timer | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly due;
  private readonly earliest;

  constructor(private readonly options: HeartbeatSweepOptions) {
    const { db } = options;
    const live = () => db.selectFrom('monitors').where('heartbeat_deadline', 'is not', null).where('paused', '=', 0).where('deleted_at', 'is', null);
    this.due = prepared(db, (now: number, limit: number) =>
      live().select(['id', 'team_id', 'heartbeat_deadline']).where('heartbeat_deadline', '<=', now).orderBy('heartbeat_deadline').limit(limit),
    );
    this.earliest = prepared(db, () => live().select('heartbeat_deadline').orderBy('heartbeat_deadline').limit(1));
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.sweep();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  /** A sweep after the one under way, if any; resolves when it is done. */
  async sweep(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sweepOnce()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'heartbeat sweep failed; it runs again shortly'))
      .finally(() => {
        this.running = null;
      });
    await this.running;
    this.plan();
  }

  private async sweepOnce(): Promise<void> {
    const { clock, recorder } = this.options;
    for (;;) {
      const now = clock.now();
      const due = await this.due(now, BATCH);
      await Promise.all(
        due.map((monitor) =>
          recorder.record({
            job: {
              monitorId: monitor.id,
              teamId: monitor.team_id,
              region: PUSH_REGION,
              trigger: 'scheduled',
              dueAt: monitor.heartbeat_deadline!,
              nextDueAt: null,
            },
            startedAt: now,
            attempts: 1,
            result: {
              ...missedOutcome(monitor.heartbeat_deadline!),
              durationMs: NO_DURATION,
              statusCode: null,
              timings: null,
              certificate: null,
              assertions: [],
              warnings: [],
            },
          }),
        ),
      );
      if (due.length < BATCH || this.stopped) return;
    }
  }

  /** Sleeps until the earliest deadline left, or the reread, whichever comes first. */
  private plan(): void {
    if (this.stopped) return;
    const { clock } = this.options;
    const reread = clock.now() + (this.options.rereadMs ?? 10_000);
    this.earliest()
      .then(([next]) => {
        if (this.stopped) return;
        this.timer?.cancel();
        const at = Math.min(reread, next?.heartbeat_deadline ?? Infinity);
        this.timer = clock.timer(at, () => void this.sweep(), { background: true });
      })
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'heartbeat sweep could not read the next deadline; it runs again shortly');
        this.timer?.cancel();
        this.timer = clock.timer(reread, () => void this.sweep(), { background: true });
      });
  }
}
