/**
 * Rules that can never give an occurrence, decided without searching for one. A day is an
 * occurrence of a rule we take (see rrule.ts) when it is in a period the rule reaches (every
 * INTERVAL days, weeks or months from the first occurrence) and it passes BYDAY and BYMONTHDAY.
 * Whether a day passes those depends only on the shape of its month (its length and the weekday
 * of its 1st) and on the day's place in it; there are 4 lengths and 7 first weekdays, and every
 * shape comes round in every month of the year that can have it (the weekday of the 1st goes
 * through all seven in every 400-year cycle). So a rule whose filters no day of any shape passes,
 * among the months of the year it reaches, never gives an occurrence: that is a finite question
 * answered exactly here in a few thousand steps, where a search would walk the calendar for ever.
 * What this cannot see (a rule that reaches only non-leap Februaries, occurrences lost in DST
 * gaps, UNTIL or COUNT) is left to the search, which stops 5 years ahead (occurrences.ts).
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const WEEKDAY_NAMES: readonly string[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The lengths a month of the year can have (February: 28, or 29 in a leap year). */
const MONTH_LENGTHS: readonly (readonly number[])[] = [[31], [28, 29], [31], [30], [31], [30], [31], [31], [30], [31], [30], [31]];

/** A BYDAY entry: a weekday (0 = Monday), with an ordinal in the month (`-1FR`) or none (0). */
export interface DayOfWeek {
  ordinal: number;
  weekday: number;
}

/** The parts of a rule that decide which days it can reach. */
export interface RuleParts {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  interval: number;
  byDay: DayOfWeek[] | null;
  byMonthDay: number[] | null;
}

/** The first occurrence's local date in the window's time zone (month 1-12, weekday 0 = Monday). */
export interface RuleStart {
  month: number;
  day: number;
  weekday: number;
}

/** The parts of a rule that rruleProblem accepted (normalised: upper case, no `RRULE:`). */
export function ruleParts(normalised: string): RuleParts {
  const parts = new Map(normalised.split(';').map((part) => part.split('=') as [string, string]));
  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  return {
    freq: parts.get('FREQ') as RuleParts['freq'],
    interval: Number(parts.get('INTERVAL') ?? '1'),
    byDay:
      byDay === undefined
        ? null
        : byDay.split(',').map((entry) => ({
            ordinal: entry.length > 2 ? Number(entry.slice(0, -2)) : 0,
            weekday: WEEKDAYS.indexOf(entry.slice(-2) as (typeof WEEKDAYS)[number]),
          })),
    byMonthDay: byMonthDay === undefined ? null : byMonthDay.split(',').map(Number),
  };
}

/**
 * Why the rule can never give an occurrence, or null when some day can pass it. Without `start`,
 * only what the rule says alone (BYMONTHDAY against BYDAY); with it, also what the first
 * occurrence fixes: the weekday every INTERVAL of a multiple of 7 days keeps, the months of the
 * year a monthly INTERVAL reaches, the day of the month a bare monthly rule repeats.
 */
export function contradiction(rule: RuleParts, start?: RuleStart): string | null {
  // A weekly rule reaches every week it names a weekday of (or the first occurrence's weekday).
  if (rule.freq === 'WEEKLY') return null;
  if (!anyDayPasses(rule, allMonths(), allWeekdays(), null)) {
    return `no day of any month is both BYMONTHDAY=${rule.byMonthDay!.join(',')} and BYDAY=${rule.byDay!.map(dayText).join(',')}${whyNot(rule)}`;
  }
  if (!start) return null;
  if (rule.freq === 'DAILY') {
    if (rule.interval % 7 !== 0) return null;
    // Every INTERVAL days, a multiple of a week, lands on the first occurrence's weekday.
    if (anyDayPasses(rule, allMonths(), [start.weekday], null)) return null;
    const weekday = WEEKDAY_NAMES[start.weekday]!;
    return `every ${rule.interval} days from startsAt (a ${weekday} in its time zone) is a ${weekday}, and no such day passes ${filtersText(rule)}`;
  }
  const months = monthsReached(start.month, rule.interval);
  const bareDay = rule.byDay === null && rule.byMonthDay === null ? start.day : null;
  if (anyDayPasses(rule, months, allWeekdays(), bareDay)) return null;
  const reached = months.map((m) => MONTH_NAMES[m - 1]).join(', ');
  const filters = bareDay === null ? filtersText(rule) : `day ${bareDay} of startsAt`;
  return `every ${rule.interval} months from startsAt reaches only ${reached}, where no day passes ${filters}`;
}

/** A first occurrence's local date as a day number (days since 1970-01-01), for dayMayOccur. */
export interface RuleOrigin extends RuleStart {
  dayNumber: number;
  year: number;
}

/**
 * Whether the local date with day number `n` may hold an occurrence: in a period the rule reaches
 * from its origin and passing its filters. True is only "may" (COUNT, UNTIL and DST gaps are the
 * library's to judge); false is certain, which lets a search skip spans without asking.
 */
export function dayMayOccur(rule: RuleParts, origin: RuleOrigin, n: number): boolean {
  if (n < origin.dayNumber) return false;
  const date = new Date(n * 86_400_000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const weekday = (date.getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  switch (rule.freq) {
    case 'DAILY':
      if ((n - origin.dayNumber) % rule.interval !== 0) return false;
      break;
    case 'WEEKLY': {
      // Weeks start on Monday (RFC 5545's default WKST).
      const weeks = (n - weekday - (origin.dayNumber - origin.weekday)) / 7;
      if (weeks % rule.interval !== 0) return false;
      return rule.byDay ? rule.byDay.some((d) => d.weekday === weekday) : weekday === origin.weekday;
    }
    case 'MONTHLY':
      if ((year * 12 + month - (origin.year * 12 + origin.month)) % rule.interval !== 0) return false;
      if (rule.byDay === null && rule.byMonthDay === null) return day === origin.day;
      break;
  }
  if (rule.byMonthDay && !rule.byMonthDay.some((d) => d === day || d === day - length - 1)) return false;
  return !rule.byDay || rule.byDay.some((d) => d.weekday === weekday && ordinalHolds(d.ordinal, day, length));
}

/** The months of the year (1-12) a monthly rule reaches from `first`, every `interval` months. */
export function monthsReached(first: number, interval: number): number[] {
  const reached = new Set<number>();
  for (let k = 0; k < 12; k++) reached.add(((first - 1 + k * interval) % 12) + 1);
  return [...reached].sort((a, b) => a - b);
}

/** Whether a day of some month shape, in the given months and on the given weekdays, passes the rule's filters. */
function anyDayPasses(rule: RuleParts, months: readonly number[], weekdays: readonly number[], bareDay: number | null): boolean {
  for (const month of months) {
    for (const length of MONTH_LENGTHS[month - 1]!) {
      for (let first = 0; first < 7; first++) {
        for (let day = 1; day <= length; day++) {
          const weekday = (first + day - 1) % 7;
          if (!weekdays.includes(weekday)) continue;
          if (bareDay !== null && day !== bareDay) continue;
          if (rule.byMonthDay && !rule.byMonthDay.some((d) => d === day || d === day - length - 1)) continue;
          if (rule.byDay && !rule.byDay.some((d) => d.weekday === weekday && ordinalHolds(d.ordinal, day, length))) continue;
          return true;
        }
      }
    }
  }
  return false;
}

/** Whether `day` is the `ordinal`th of its weekday in a month of `length` days (from the end when negative; 0: any). */
function ordinalHolds(ordinal: number, day: number, length: number): boolean {
  if (ordinal === 0) return true;
  if (ordinal > 0) return Math.ceil(day / 7) === ordinal;
  return Math.floor((length - day) / 7) + 1 === -ordinal;
}

/** Where ordinal weekdays fall, to say why they miss the days asked for. */
function whyNot(rule: RuleParts): string {
  const ordinals = (rule.byDay ?? []).filter((d) => d.ordinal !== 0);
  if (ordinals.length === 0) return '';
  const where = ordinals.map((d) => {
    const n = Math.abs(d.ordinal);
    const days = d.ordinal > 0 ? `days ${7 * n - 6}-${Math.min(7 * n, 31)}` : n === 1 ? 'the last 7 days' : `days ${7 * n - 6}-${7 * n} counted from the end`;
    return `${dayText(d)} falls on ${days}`;
  });
  return ` (${where.join('; ')})`;
}

function filtersText(rule: RuleParts): string {
  const parts = [rule.byMonthDay && `BYMONTHDAY=${rule.byMonthDay.join(',')}`, rule.byDay && `BYDAY=${rule.byDay.map(dayText).join(',')}`];
  return parts.filter((p) => p).join(' and ');
}

function dayText(d: DayOfWeek): string {
  return `${d.ordinal === 0 ? '' : d.ordinal}${WEEKDAYS[d.weekday]!}`;
}

function allMonths(): number[] {
  return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
}

function allWeekdays(): number[] {
  return [0, 1, 2, 3, 4, 5, 6];
}
