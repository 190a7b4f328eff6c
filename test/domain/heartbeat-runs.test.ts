import { describe, expect, it } from 'vitest';
import { afterRun, missStillDue, missedOutcome, pingOutcome, pingVerdict, runDuration, type HeartbeatRow } from '../../src/domain/heartbeats/runs.js';
import { NO_DURATION } from '../../src/domain/run-columns.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A heartbeat expected every 10 minutes with 1 minute of grace, last deadline at T0. */
function monitor(overrides: Partial<HeartbeatRow> = {}): HeartbeatRow {
  return {
    paused: 0,
    period_seconds: 600,
    cron: null,
    timezone: null,
    grace_seconds: 60,
    heartbeat_deadline: T0,
    heartbeat_started_at: null,
    ping_key_hash: 'hash',
    ...overrides,
  };
}

describe('the rules of a heartbeat run', () => {
  it('turns pings into outcomes: success and exit 0 succeed, fail and another exit code fail with heartbeat-failed', () => {
    expect(pingOutcome({ kind: 'success' })).toEqual({ ok: true, error: null });
    expect(pingOutcome({ kind: 'exit', code: 0 })).toEqual({ ok: true, error: null });
    expect(pingOutcome({ kind: 'fail' })).toEqual({ ok: false, error: { code: 'heartbeat-failed', message: 'the job reported a failure' } });
    expect(pingOutcome({ kind: 'exit', code: 3 })).toEqual({ ok: false, error: { code: 'heartbeat-failed', message: 'the job exited with code 3' } });
    expect(missedOutcome(T0)).toEqual({ ok: false, error: { code: 'heartbeat-missed', message: 'no ping by 2026-01-01T12:00:00.000Z' } });
  });

  it('writes a ping only for the key the monitor has now, and drops it while paused', () => {
    expect(pingVerdict(monitor(), 'hash')).toBe('write');
    expect(pingVerdict(monitor(), 'another')).toBe('unknown');
    expect(pingVerdict(monitor({ paused: 1 }), 'hash')).toBe('dropped');
    expect(pingVerdict(monitor({ paused: 1 }), 'another')).toBe('unknown');
  });

  it('writes a missed deadline only while it is still the deadline', () => {
    expect(missStillDue(monitor(), T0)).toBe(true);
    expect(missStillDue(monitor({ heartbeat_deadline: T0 + MINUTE }), T0)).toBe(false);
    expect(missStillDue(monitor({ heartbeat_deadline: null }), T0)).toBe(false);
  });

  it('times the job from its /start when that came within a period, and not otherwise', () => {
    expect(runDuration(monitor({ heartbeat_started_at: T0 - 2 * MINUTE }), T0)).toBe(2 * MINUTE);
    expect(runDuration(monitor({ heartbeat_started_at: T0 - 11 * MINUTE }), T0)).toBe(NO_DURATION);
    expect(runDuration(monitor({ heartbeat_started_at: T0 + MINUTE }), T0)).toBe(NO_DURATION);
    expect(runDuration(monitor(), T0)).toBe(NO_DURATION);
  });

  it('moves the deadline: a success from the ping, a failure not at all, a miss from the deadline missed; a ping ends the /start', () => {
    const started = monitor({ heartbeat_started_at: T0 - MINUTE });
    expect(afterRun(started, { kind: 'ping', ok: true, at: T0 })).toEqual({ heartbeat_deadline: T0 + 11 * MINUTE, heartbeat_started_at: null });
    expect(afterRun(started, { kind: 'ping', ok: false, at: T0 })).toEqual({ heartbeat_deadline: T0, heartbeat_started_at: null });
    // Missed at T0 (expected T0 - 1 min), judged at once: the next expected time plus the grace.
    expect(afterRun(started, { kind: 'missed', deadline: T0, at: T0 })).toEqual({ heartbeat_deadline: T0 + 10 * MINUTE, heartbeat_started_at: T0 - MINUTE });
    // Judged long after (nothing ran): counted again from then, one miss rather than one per period.
    expect(afterRun(started, { kind: 'missed', deadline: T0, at: T0 + 60 * MINUTE }).heartbeat_deadline).toBe(T0 + 71 * MINUTE);
  });
});
