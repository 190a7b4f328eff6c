import type { Kysely } from 'kysely';
import { newId } from '../domain/ids.js';
import { longestRunMs } from '../domain/heartbeats/schedule.js';
import { pingKeyHash } from '../domain/heartbeats/ping-keys.js';
import { scheduleOf } from '../domain/monitors.js';
import type { Clock } from '../domain/ports/clock.js';
import type { RateLimiter } from '../domain/ports/coordination.js';
import { NO_DURATION, PUSH_REGION } from '../domain/run-columns.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { RunRecorder } from './run-recorder.js';

/** What a job says with a ping: it succeeded, it started, it failed, or it ended with an exit code. */
export type Ping = { kind: 'success' } | { kind: 'start' } | { kind: 'fail' } | { kind: 'exit'; code: number };

export type PingAnswer = { status: 'ok' } | { status: 'unknown' } | { status: 'rate-limited'; retryAfterSeconds: number };

export interface HeartbeatPingsOptions {
  db: Kysely<Database>;
  /** Writes each ping as a run, with the status it causes, before the ping is answered. */
  recorder: Pick<RunRecorder, 'record'>;
  /** Pings per key and minute. */
  limiter: RateLimiter;
  clock: Clock;
}

/**
 * Receives heartbeat pings. A ping does only what it must: find the monitor by its key's hash,
 * count it against the key's budget, and record it as a run (whose transaction moves the status
 * and the deadline, and appends the events). A ping for a paused monitor is answered and dropped.
 */
export class HeartbeatPings {
  private readonly find;
  private readonly markStarted;

  constructor(private readonly options: HeartbeatPingsOptions) {
    const { db } = options;
    this.find = prepared(db, (hash: string) =>
      db
        .selectFrom('monitors')
        .select(['id', 'team_id', 'paused', 'period_seconds', 'cron', 'timezone', 'grace_seconds', 'heartbeat_started_at'])
        .where('ping_key_hash', '=', hash)
        .where('deleted_at', 'is', null),
    );
    this.markStarted = prepared(db, (startedAt: number, id: string) =>
      db.updateTable('monitors').set({ heartbeat_started_at: startedAt }).where('id', '=', id),
    );
  }

  /** `log`: what the job sent in a POST body, already cut to size; null for none. */
  async receive(key: string, ping: Ping, log: string | null): Promise<PingAnswer> {
    const hash = pingKeyHash(key);
    if (hash === null) return { status: 'unknown' };
    const [monitor] = await this.find(hash);
    if (!monitor) return { status: 'unknown' };
    const budget = await this.options.limiter.consume(monitor.id);
    if (!budget.allowed) return { status: 'rate-limited', retryAfterSeconds: budget.resetSeconds };
    if (monitor.paused) return { status: 'ok' };

    const now = this.options.clock.now();
    if (ping.kind === 'start') {
      await this.markStarted(now, monitor.id);
      return { status: 'ok' };
    }
    const started = monitor.heartbeat_started_at;
    const ranMs = started !== null && started <= now && now - started <= longestRunMs(scheduleOf(monitor), started) ? now - started : NO_DURATION;
    const ok = ping.kind === 'success' || (ping.kind === 'exit' && ping.code === 0);
    await this.options.recorder.record({
      job: { monitorId: monitor.id, teamId: monitor.team_id, region: PUSH_REGION, trigger: 'ping', dueAt: now, nextDueAt: null },
      startedAt: now,
      attempts: 1,
      runId: newId(now),
      log,
      result: {
        ok,
        durationMs: ranMs,
        error: ok ? null : { code: 'heartbeat-failed', message: ping.kind === 'exit' ? `the job exited with code ${ping.code}` : 'the job reported a failure' },
        statusCode: null,
        timings: null,
        certificate: null,
        assertions: [],
        warnings: [],
      },
    });
    return { status: 'ok' };
  }
}
