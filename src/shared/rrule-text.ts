/*
 * A maintenance window's repeat rule in words: `FREQ=WEEKLY;BYDAY=SU` is "Every Sunday". Only the
 * part of RFC 5545 the API takes (FREQ DAILY, WEEKLY or MONTHLY; INTERVAL, BYDAY, BYMONTHDAY,
 * COUNT, UNTIL; see src/domain/maintenance/rrule.ts), which the API has already judged: the library
 * the server computes occurrences with needs a Temporal polyfill that would weigh more than the
 * whole dashboard, so the dashboard and the public page read this small subset themselves. A rule
 * outside it is shown as it is written.
 */

const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/** "the 1st", "the last", "the 2nd to last" day of a month. */
function monthDay(n: number): string {
  if (n > 0) return `the ${ordinal(n)}`;
  return n === -1 ? 'the last day' : `the ${ordinal(-n)} to last day`;
}

/** A BYDAY entry of a monthly rule: "Sunday", "the first Monday", "the last Friday". */
function weekday(entry: string): string | null {
  const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(entry);
  if (!match) return null;
  const day = DAYS[match[2]!]!;
  if (match[1] === undefined) return day;
  const n = Number(match[1]);
  const words = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
  if (n === -1) return `the last ${day}`;
  if (n > 0 && n <= 5) return `the ${words[n]!} ${day}`;
  if (n < 0 && n >= -5) return `the ${words[-n]!} to last ${day}`;
  return null;
}

/** UNTIL as a date people read: "until 1 March 2027" (a UTC time keeps its date in UTC). */
function until(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `until ${Number(match[3])} ${month} ${match[1]!}` : null;
}

/** The rule in words, or null when it is not one of the rules the API takes. */
export function rruleText(rule: string): string | null {
  const parts = new Map<string, string>();
  for (const part of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase()
    .split(';')) {
    const [name, value] = part.split('=');
    if (!name || value === undefined || value === '') return null;
    parts.set(name, value);
  }
  const freq = parts.get('FREQ');
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  const unit = freq === 'DAILY' ? 'day' : freq === 'WEEKLY' ? 'week' : freq === 'MONTHLY' ? 'month' : null;
  if (unit === null) return null;
  const every = interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;

  const days = parts.get('BYDAY')?.split(',') ?? [];
  const monthDays = parts.get('BYMONTHDAY')?.split(',').map(Number) ?? [];
  let text: string;
  if (days.length > 0) {
    const named = days.map(weekday);
    if (named.some((d) => d === null)) return null;
    const plain = days.every((d) => /^[A-Z]{2}$/.test(d));
    const isWeekdays = plain && days.length === 5 && WEEKDAYS.every((d) => days.includes(d));
    if (unit === 'month') text = `${every} on ${list(named as string[])}`;
    else if (interval === 1 && isWeekdays) text = 'Every weekday';
    else if (interval === 1) text = `Every ${list(named as string[])}`;
    else text = `${every} on ${list(named as string[])}`;
  } else if (monthDays.length > 0) {
    if (monthDays.some((n) => !Number.isInteger(n) || n === 0 || Math.abs(n) > 31)) return null;
    text = `${every} on ${list(monthDays.map(monthDay))}`;
  } else {
    text = every;
  }

  const times = parts.get('COUNT');
  if (times !== undefined) {
    const n = Number(times);
    if (!Number.isInteger(n) || n < 1) return null;
    text += `, ${n} ${n === 1 ? 'time' : 'times'}`;
  }
  const end = parts.get('UNTIL');
  if (end !== undefined) {
    const words = until(end);
    if (words === null) return null;
    text += `, ${words}`;
  }
  return text;
}
