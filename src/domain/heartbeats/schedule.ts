import { Cron } from 'croner';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import type { MonitorsTable } from '../../store/tables/monitors.js';

/*
 * When a heartbeat monitor expects its job to report. A job runs every `periodSeconds`, or at each
 * occurrence of a 5-field cron expression in an IANA time zone; it has `graceSeconds` to report
 * after that before the monitor counts the run as missed. The deadline is always "an expected time
 * plus the grace": after a success ping, the next expected time after the ping; after a miss, the
 * next expected time after the one missed.
 */

export interface HeartbeatSchedule {
  periodSeconds: number | null;
  cron: string | null;
  /** The cron expression's time zone (IANA); ignored with a period. */
  timezone: string;
  graceSeconds: number;
}

/** Why `expression` is not a 5-field cron expression Lookout runs, or null when it is one. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || fields[0] === '') return 'must have exactly 5 fields (minute hour day-of-month month day-of-week), such as "0 3 * * *"';
  try {
    const cron = compile(expression, 'UTC');
    // A valid pattern that never comes (30 February) would leave the monitor waiting forever.
    if (cron.nextRun(new Date(0)) === null) return 'never occurs';
  } catch (error) {
    return `is not a valid cron expression: ${(error as Error).message.replace(/^CronPattern: /, '')}`;
  }
  return null;
}

/** The first expected time strictly after `after` (epoch ms). */
export function expectedAfter(schedule: HeartbeatSchedule, after: number): number {
  if (schedule.cron === null) return after + (schedule.periodSeconds ?? 0) * 1000;
  const next = compile(schedule.cron, schedule.timezone).nextRun(new Date(after));
  // Validated expressions always come again; should one not, a year is as good as never.
  return next === null ? after + 365 * 86_400_000 : next.getTime();
}

/** The deadline after a success ping at `at`: the next expected time, plus the grace. */
export function deadlineAfterPing(schedule: HeartbeatSchedule, at: number): number {
  return expectedAfter(schedule, at) + schedule.graceSeconds * 1000;
}

/**
 * The deadline after `missed` passed without a success ping, judged at `now`: the expected time
 * after the one missed, plus the grace. Should that be past as well (Lookout was not running), the
 * count starts again from now, so that a long stop is judged as one miss, not one per period.
 */
export function deadlineAfterMiss(schedule: HeartbeatSchedule, missed: number, now: number): number {
  const grace = schedule.graceSeconds * 1000;
  const next = expectedAfter(schedule, missed - grace) + grace;
  return next > now ? next : expectedAfter(schedule, now) + grace;
}

/**
 * How long before a ping a `/start` may have come for the run's duration to be taken from it: one
 * period, or the time between the two cron occurrences that follow the start.
 */
export function longestRunMs(schedule: HeartbeatSchedule, startedAt: number): number {
  if (schedule.cron === null) return (schedule.periodSeconds ?? 0) * 1000;
  const first = expectedAfter(schedule, startedAt);
  return expectedAfter(schedule, first) - first;
}

// Parsing an expression costs more than asking it for a time: the few distinct ones are kept.
const compiled = new Map<string, Cron>();
const COMPILED_KEPT = 1000;

function compile(expression: string, timezone: string): Cron {
  const key = `${timezone} ${expression}`;
  let cron = compiled.get(key);
  if (!cron) {
    cron = new Cron(expression, { timezone, paused: true, mode: '5-part' });
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, cron);
  }
  return cron;
}

/** A heartbeat's schedule from its stored columns. */
export function scheduleOf(row: Pick<MonitorsTable, 'period_seconds' | 'cron' | 'timezone' | 'grace_seconds'>): HeartbeatSchedule {
  return {
    periodSeconds: row.period_seconds,
    cron: row.cron,
    timezone: row.timezone ?? 'UTC',
    graceSeconds: row.grace_seconds ?? MONITOR_LIMITS.defaultGraceSeconds,
  };
}
