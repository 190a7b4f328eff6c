import { describe, expect, it } from 'vitest';
import { activeOccurrence, nextBoundary, nextOccurrence, occurrencesBetween } from '../../src/domain/maintenance/occurrences.js';
import { rruleProblem } from '../../src/domain/maintenance/rrule.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('occurrences', () => {
  it('repeats a weekly window at the same Berlin time across the DST change of 2027-03-28', () => {
    // Sundays 01:30 local: 00:30Z in winter, 23:30Z the day before in summer.
    const startsAt = Date.parse('2027-03-14T00:30:00Z');
    const w = { startsAt, endsAt: startsAt + 2 * HOUR, rrule: 'FREQ=WEEKLY;COUNT=4', timezone: 'Europe/Berlin', endedOccurrence: null };
    expect(occurrencesBetween(w, startsAt, startsAt + 60 * DAY).map((o) => new Date(o.start).toISOString())).toEqual([
      '2027-03-14T00:30:00.000Z',
      '2027-03-21T00:30:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-04-03T23:30:00.000Z',
    ]);
  });

  it('skips an occurrence whose local time does not exist (02:30 on 2027-03-28 in Berlin)', () => {
    const startsAt = Date.parse('2027-03-21T01:30:00Z'); // 02:30 CET
    const w = { startsAt, endsAt: startsAt + HOUR, rrule: 'FREQ=WEEKLY;COUNT=3', timezone: 'Europe/Berlin', endedOccurrence: null };
    expect(occurrencesBetween(w, startsAt, startsAt + 60 * DAY).map((o) => new Date(o.start).toISOString())).toEqual([
      '2027-03-21T01:30:00.000Z',
      '2027-04-04T00:30:00.000Z',
      '2027-04-11T00:30:00.000Z',
    ]);
  });

  it('tells the active occurrence, the next one and the next boundary; an occurrence ended early is over', () => {
    const startsAt = Date.parse('2030-01-01T10:00:00Z');
    const w = { startsAt, endsAt: startsAt + HOUR, rrule: 'FREQ=DAILY;INTERVAL=2', timezone: 'UTC', endedOccurrence: null };
    expect(activeOccurrence(w, startsAt + 2 * DAY + 10)).toEqual({ start: startsAt + 2 * DAY, end: startsAt + 2 * DAY + HOUR });
    expect(activeOccurrence(w, startsAt + DAY + 10)).toBeNull();
    expect(activeOccurrence(w, startsAt + HOUR)).toBeNull();
    expect(nextOccurrence(w, startsAt)).toEqual({ start: startsAt + 2 * DAY, end: startsAt + 2 * DAY + HOUR });
    expect(nextBoundary(w, startsAt + 10)).toBe(startsAt + HOUR);
    expect(nextBoundary(w, startsAt + HOUR)).toBe(startsAt + 2 * DAY);
    expect(activeOccurrence({ ...w, endedOccurrence: startsAt }, startsAt + 10)).toBeNull();
    const once = { ...w, rrule: null };
    expect(nextOccurrence(once, startsAt)).toBeNull();
    expect(nextOccurrence(once, startsAt - 1)).toEqual({ start: startsAt, end: startsAt + HOUR });
  });

  it('takes only the supported RRULE parts', () => {
    for (const ok of [
      'FREQ=DAILY',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,FR;INTERVAL=2',
      'freq=monthly;byday=-1fr',
      'FREQ=MONTHLY;BYMONTHDAY=1,-1;UNTIL=20301231T000000Z',
    ])
      expect(rruleProblem(ok), ok).toBeNull();
    for (const bad of [
      '',
      'FREQ=HOURLY',
      'FREQ=DAILY;BYSETPOS=1',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=DAILY;COUNT=1;UNTIL=20300101',
      'FREQ=DAILY;INTERVAL=0',
      'BYDAY=MO',
    ])
      expect(rruleProblem(bad), bad).not.toBeNull();
  });
});
