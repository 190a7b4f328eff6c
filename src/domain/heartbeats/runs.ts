import type { MonitorsTable } from '../../store/tables/monitors.js';
import type { CheckErrorCode } from '../../shared/vocabulary.js';
import { NO_DURATION } from '../run-columns.js';
import type { Ping } from './pings.js';
import { deadlineAfterMiss, deadlineAfterPing, longestRunMs, scheduleOf } from './schedule.js';

/*
 * The rules of a heartbeat's runs: what a ping or a missed deadline is as a run, which of them are
 * written, how long the job ran, and where the deadline goes after each. The pings, the deadline
 * sweep and the run recorder (src/checks/) only read and write what these decide.
 */

/** What the rules read of a heartbeat monitor's row (the run recorder reads it in the run's transaction). */
export type HeartbeatRow = Pick<
  MonitorsTable,
  'paused' | 'period_seconds' | 'cron' | 'timezone' | 'grace_seconds' | 'heartbeat_deadline' | 'heartbeat_started_at' | 'ping_key_hash'
>;

/** A heartbeat run's outcome: a success, or the error it failed with. */
export interface HeartbeatOutcome {
  ok: boolean;
  error: { code: CheckErrorCode; message: string } | null;
}

/** What a ping that ends a run (any but `/start`) reports: success, or the failure it names. */
export function pingOutcome(ping: Exclude<Ping, { kind: 'start' }>): HeartbeatOutcome {
  const ok = ping.kind === 'success' || (ping.kind === 'exit' && ping.code === 0);
  if (ok) return { ok, error: null };
  return { ok, error: { code: 'heartbeat-failed', message: ping.kind === 'exit' ? `the job exited with code ${ping.code}` : 'the job reported a failure' } };
}

/** A deadline passed without a success ping: a failed run. */
export function missedOutcome(deadline: number): HeartbeatOutcome {
  return { ok: false, error: { code: 'heartbeat-missed', message: `no ping by ${new Date(deadline).toISOString()}` } };
}

/**
 * Whether a ping found by its key's hash is written: `unknown` when the monitor no longer has that
 * key (a new key, or another monitor's), `dropped` while it is paused (answered, not kept).
 */
export function pingVerdict(monitor: HeartbeatRow, pingKeyHash: string): 'write' | 'unknown' | 'dropped' {
  if (monitor.ping_key_hash !== pingKeyHash) return 'unknown';
  return monitor.paused ? 'dropped' : 'write';
}

/**
 * Whether a missed deadline is still to be written: only while it is the monitor's deadline (a
 * ping that came meanwhile moved it, and a pause cleared it).
 */
export function missStillDue(monitor: HeartbeatRow, deadline: number): boolean {
  return monitor.heartbeat_deadline === deadline;
}

/** How long the job ran until a ping at `at`: since its `/start`, when that came within a period (or cron interval); NO_DURATION otherwise. */
export function runDuration(monitor: HeartbeatRow, at: number): number {
  const started = monitor.heartbeat_started_at;
  return started !== null && started <= at && at - started <= longestRunMs(scheduleOf(monitor), started) ? at - started : NO_DURATION;
}

/**
 * The deadline and the job's start after a run: a success ping sets the deadline from the ping, a
 * missed deadline from the one missed, a failure ping leaves it. Any ping ends the run its
 * `/start` began.
 */
export function afterRun(
  monitor: HeartbeatRow,
  run: { kind: 'ping'; ok: boolean; at: number } | { kind: 'missed'; deadline: number; at: number },
): Pick<HeartbeatRow, 'heartbeat_deadline' | 'heartbeat_started_at'> {
  const schedule = scheduleOf(monitor);
  if (run.kind === 'ping') {
    return { heartbeat_started_at: null, heartbeat_deadline: run.ok ? deadlineAfterPing(schedule, run.at) : monitor.heartbeat_deadline };
  }
  return { heartbeat_started_at: monitor.heartbeat_started_at, heartbeat_deadline: deadlineAfterMiss(schedule, run.deadline, run.at) };
}
