import { describe, expect, it } from 'vitest';
import {
  cronProblem,
  deadlineAfterMiss,
  deadlineAfterPing,
  expectedAfter,
  longestRunMs,
  type HeartbeatSchedule,
} from '../../src/domain/heartbeats/schedule.js';

const at = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();
const period = (periodSeconds: number, graceSeconds = 0): HeartbeatSchedule => ({ periodSeconds, cron: null, timezone: 'UTC', graceSeconds });
const cron = (expression: string, timezone: string, graceSeconds = 0): HeartbeatSchedule => ({ periodSeconds: null, cron: expression, timezone, graceSeconds });

describe('heartbeat deadlines', () => {
  it('expects a period job one period after its ping, plus the grace', () => {
    expect(iso(deadlineAfterPing(period(3600, 300), at('2031-01-01T10:00:00Z')))).toBe('2031-01-01T11:05:00.000Z');
  });

  it('expects a cron job at its next occurrence in its time zone, plus the grace', () => {
    const nightly = cron('0 3 * * *', 'Europe/Berlin', 600);
    expect(iso(deadlineAfterPing(nightly, at('2031-01-01T02:01:00Z')))).toBe('2031-01-02T02:10:00.000Z');
    // A time the spring change skips runs at the first minute after it; the autumn one runs once.
    const half = cron('30 2 * * *', 'Europe/Berlin');
    expect(iso(expectedAfter(half, at('2031-03-29T12:00:00Z')))).toBe('2031-03-30T01:00:00.000Z');
    expect(iso(expectedAfter(half, at('2031-03-30T12:00:00Z')))).toBe('2031-03-31T00:30:00.000Z');
    const autumn = expectedAfter(half, at('2031-10-25T12:00:00Z'));
    expect(['2031-10-26T00:30:00.000Z', '2031-10-26T01:30:00.000Z']).toContain(iso(autumn));
    expect(iso(expectedAfter(half, autumn))).toBe('2031-10-27T01:30:00.000Z');
  });

  it('after a miss expects the next time after the one missed, or counts from now after a long stop', () => {
    const hourly = period(3600, 60);
    const missed = at('2031-01-01T11:01:00Z');
    expect(iso(deadlineAfterMiss(hourly, missed, missed + 1000))).toBe('2031-01-01T12:01:00.000Z');
    expect(iso(deadlineAfterMiss(hourly, missed, at('2031-01-03T00:00:00Z')))).toBe('2031-01-03T01:01:00.000Z');
    const weekdays = cron('0 9 * * 1-5', 'UTC', 300);
    // Friday's run missed at 09:05: the next is Monday's.
    expect(iso(deadlineAfterMiss(weekdays, at('2031-01-03T09:05:00Z'), at('2031-01-03T09:05:01Z')))).toBe('2031-01-06T09:05:00.000Z');
  });

  it('takes a run time from a start within one period or cron interval', () => {
    expect(longestRunMs(period(600), 0)).toBe(600_000);
    expect(longestRunMs(cron('0 */6 * * *', 'UTC'), at('2031-01-01T01:00:00Z'))).toBe(6 * 3_600_000);
  });
});

describe('cron expressions', () => {
  it.each([
    ['0 3 * * *', null],
    ['*/15 9-17 * * 1-5', null],
    ['0 0 1 1 *', null],
    ['0 3 * *', 'must have exactly 5 fields'],
    ['0 0 3 * * *', 'must have exactly 5 fields'],
    ['@daily', 'must have exactly 5 fields'],
    ['60 * * * *', 'is not a valid cron expression'],
    ['0 0 31 2 *', 'never occurs'],
  ])('%s', (expression, problem) => {
    const found = cronProblem(expression);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});
