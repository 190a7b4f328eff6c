import { describe, expect, it } from 'vitest';
import { contradiction, monthsReached, ruleParts, type RuleStart } from '../../src/domain/maintenance/contradictions.js';
import { nextOccurrence, SEARCH_AHEAD_MS } from '../../src/domain/maintenance/occurrences.js';
import { normaliseRrule, rruleProblem } from '../../src/domain/maintenance/rrule.js';

const rule = (text: string) => {
  expect(rruleProblem(text), text).toBeNull();
  return ruleParts(normaliseRrule(text));
};
const TUESDAY_1_DEC: RuleStart = { month: 12, day: 1, weekday: 1 };
const FEBRUARY_3: RuleStart = { month: 2, day: 3, weekday: 2 };
const NOVEMBER_2: RuleStart = { month: 11, day: 2, weekday: 0 };

describe('rules that can never occur, decided without searching', () => {
  it('refuses each monthly day that BYDAY and BYMONTHDAY can never share', () => {
    for (const never of [
      'FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO', // a first Monday is day 1-7
      'FREQ=MONTHLY;BYMONTHDAY=30,31;BYDAY=1MO,1TU',
      'FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=-1FR', // a last Friday is day 22 or later
      'FREQ=MONTHLY;BYMONTHDAY=-1;BYDAY=1SU,2SU,3SU', // the last day is the 28th or later
      'FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=5MO,5FR,2SA',
      'FREQ=MONTHLY;BYMONTHDAY=15;BYDAY=5TU', // a fifth Tuesday is day 29-31
      'FREQ=MONTHLY;BYMONTHDAY=-31;BYDAY=-4MO', // -31 is the 1st of a 31-day month; a fourth-last Monday is day 4 or later
    ]) {
      expect(contradiction(rule(never)), never).toMatch(/^no day of any month is both BYMONTHDAY=.* and BYDAY=/);
      expect(contradiction(rule(never), TUESDAY_1_DEC), never).not.toBeNull();
    }
    expect(contradiction(rule('FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO'))).toContain('1MO falls on days 1-7');
  });

  it('refuses what the first occurrence makes impossible: a weekday every 7n days, the months a monthly interval reaches', () => {
    expect(contradiction(rule('FREQ=DAILY;INTERVAL=7;BYDAY=MO'), TUESDAY_1_DEC)).toMatch(/a Tuesday.*BYDAY=MO/);
    expect(contradiction(rule('FREQ=DAILY;INTERVAL=14;BYDAY=MO,WE,SU;BYMONTHDAY=3'), TUESDAY_1_DEC)).not.toBeNull();
    // Every 12 months from February: only Februaries, which have no 30th (the BYMONTH=2;BYMONTHDAY=30 of RFC 5545).
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30'), FEBRUARY_3)).toMatch(/reaches only February, where no day passes BYMONTHDAY=30/);
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=24;BYMONTHDAY=31,-31'), FEBRUARY_3)).not.toBeNull();
    // Every 12 months from November: Novembers only (every 6: also May, which has a 31st).
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31'), NOVEMBER_2)).toMatch(/November/);
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYDAY=5MO'), FEBRUARY_3)).toBeNull(); // a leap February starting on a Monday
    expect(monthsReached(11, 6)).toEqual([5, 11]);
    expect(monthsReached(2, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('accepts the near misses', () => {
    for (const ok of [
      'FREQ=MONTHLY;BYMONTHDAY=7;BYDAY=1MO', // the first Monday can be the 7th
      'FREQ=MONTHLY;BYMONTHDAY=29;BYDAY=5MO', // a fifth Monday can be the 29th
      'FREQ=MONTHLY;BYMONTHDAY=-1;BYDAY=-1SU',
      'FREQ=MONTHLY;BYMONTHDAY=-1;BYDAY=4SU', // the 28th of a 28-day February
      'FREQ=MONTHLY;BYMONTHDAY=22;BYDAY=-1FR', // the last Friday of a 28-day February
      'FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=5MO',
      'FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=MO',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=5FR',
      'FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO',
      'FREQ=WEEKLY;BYDAY=MO',
    ]) {
      expect(contradiction(rule(ok)), ok).toBeNull();
      expect(contradiction(rule(ok), TUESDAY_1_DEC), ok).toBeNull();
    }
    expect(contradiction(rule('FREQ=DAILY;INTERVAL=7;BYDAY=TU'), TUESDAY_1_DEC)).toBeNull();
    expect(contradiction(rule('FREQ=DAILY;INTERVAL=6;BYDAY=MO'), TUESDAY_1_DEC)).toBeNull();
    expect(contradiction(rule('FREQ=DAILY;INTERVAL=14;BYMONTHDAY=31'), TUESDAY_1_DEC)).toBeNull();
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=29'), FEBRUARY_3)).toBeNull(); // leap years
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=31'), NOVEMBER_2)).toBeNull(); // May
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=-29'), FEBRUARY_3)).toBeNull(); // the 1st of a leap February
    expect(contradiction(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=-30'), FEBRUARY_3)).not.toBeNull();
  });
});

describe('the search for an occurrence', () => {
  const start = Date.parse('2026-12-01T01:00:00Z');
  const window = (rrule: string, timezone = 'UTC') => ({ startsAt: start, endsAt: start + 3_600_000, rrule, timezone, endedOccurrence: null });

  it('finds an occurrence up to 5 years ahead, none past it, each well under 50 ms', () => {
    for (const [rrule, found] of [
      ['FREQ=DAILY;INTERVAL=1000', '2026-12-01T01:00:00.000Z'],
      ['FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31', '2026-12-31T01:00:00.000Z'],
      ['FREQ=DAILY;INTERVAL=1826', '2026-12-01T01:00:00.000Z'],
    ] as const) {
      const began = cpuMs();
      expect(new Date(nextOccurrence(window(rrule), start - 1)!.start).toISOString(), rrule).toBe(found);
      expect(cpuMs() - began).toBeLessThan(50);
    }
    // Past the first, the next of an interval of 1,826 days is 5 years away: found; 1,827 days is past the bound.
    expect(nextOccurrence(window('FREQ=DAILY;INTERVAL=1826'), start)!.start).toBe(start + 1826 * 86_400_000);
    expect(start + 1827 * 86_400_000).toBeGreaterThan(start + SEARCH_AHEAD_MS);
    const began = cpuMs();
    expect(nextOccurrence(window('FREQ=DAILY;INTERVAL=1827'), start)).toBeNull();
    expect(cpuMs() - began).toBeLessThan(50);
  });

  it('gives up on a rule with no occurrence in 5 years within the bound, whatever its lists and time zone', () => {
    const lists = 'BYMONTHDAY=-1,-2,-3,-4,-5,-6,-7,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31';
    for (const rrule of [
      `FREQ=DAILY;INTERVAL=7;${lists};BYDAY=MO,WE,TH,FR,SA,SU`, // from a Tuesday: never (refused before searching when saved)
      'FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO',
      `FREQ=MONTHLY;INTERVAL=12;${lists};BYDAY=5MO,5TU,5WE`, // Decembers only... has fifth weekdays: found
    ]) {
      for (const timezone of ['UTC', 'Pacific/Chatham', 'Europe/Berlin']) {
        nextOccurrence(window('FREQ=DAILY', timezone), start); // the time zone's first use (its formatters) is not the rule's cost
        const began = cpuMs();
        nextOccurrence(window(rrule, timezone), start - 1);
        expect(cpuMs() - began, `${rrule} in ${timezone}`).toBeLessThan(50);
      }
    }
  });
});

/** The CPU time this process has spent, in ms: a bound on work that a busy machine does not stretch. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
