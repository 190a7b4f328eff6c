/**
 * The part of RFC 5545's RRULE that maintenance windows take: FREQ (DAILY, WEEKLY, MONTHLY),
 * INTERVAL, BYDAY, BYMONTHDAY, COUNT and UNTIL. Anything else is refused by name, so that a rule
 * never means something other than what its reader thinks (BYSETPOS, BYHOUR and the like would be
 * read by the library but are not promised).
 */

const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY'];
const PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL'];
const WEEKDAY = /^(?:MO|TU|WE|TH|FR|SA|SU)$/;
/** A weekday with an ordinal (`-1FR`: the last Friday), for monthly rules only. */
const ORDINAL_WEEKDAY = /^([+-]?)([1-9]|[1-4][0-9]|5[0-3])(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL = /^\d{8}(?:T\d{6}Z)?$/;
/** Long enough for any sensible rule, short enough that none is an attack on the parser. */
export const MAX_RRULE_LENGTH = 500;

/**
 * Why a rule is not one we take, or null when it is. Accepts the value with or without a leading
 * `RRULE:`; the normalised value (upper case, no prefix) comes from `normaliseRrule`.
 */
export function rruleProblem(value: string): string | null {
  const parts = normaliseRrule(value).split(';');
  const seen = new Map<string, string>();
  for (const part of parts) {
    const [name, content, extra] = part.split('=');
    if (!name || content === undefined || extra !== undefined || content === '') return `"${part}" is not NAME=VALUE`;
    if (!PARTS.includes(name)) return `${name} is not supported (only ${PARTS.join(', ')})`;
    if (seen.has(name)) return `${name} is given twice`;
    seen.set(name, content);
  }
  const freq = seen.get('FREQ');
  if (!freq) return 'FREQ is required';
  if (!FREQS.includes(freq)) return `FREQ must be one of ${FREQS.join(', ')}`;
  const interval = seen.get('INTERVAL');
  if (interval !== undefined && !isIntegerIn(interval, 1, 1000)) return 'INTERVAL must be an integer from 1 to 1000';
  const count = seen.get('COUNT');
  if (count !== undefined && !isIntegerIn(count, 1, 10_000)) return 'COUNT must be an integer from 1 to 10000';
  const until = seen.get('UNTIL');
  if (until !== undefined && !UNTIL.test(until)) return 'UNTIL must be a date (YYYYMMDD) or a UTC time (YYYYMMDDTHHMMSSZ)';
  if (until !== undefined && count !== undefined) return 'COUNT and UNTIL cannot both be given';
  const byDay = seen.get('BYDAY');
  if (byDay !== undefined) {
    for (const day of byDay.split(',')) {
      if (WEEKDAY.test(day)) continue;
      if (freq === 'MONTHLY' && ORDINAL_WEEKDAY.test(day) && Number(ORDINAL_WEEKDAY.exec(day)![2]) <= 5) continue;
      return `BYDAY: "${day}" is not a weekday (MO, TU, WE, TH, FR, SA, SU${freq === 'MONTHLY' ? ', or one with an ordinal such as 1MO or -1FR' : ''})`;
    }
  }
  const byMonthDay = seen.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') return 'BYMONTHDAY cannot be used with FREQ=WEEKLY';
    for (const day of byMonthDay.split(',')) {
      if (!/^-?\d{1,2}$/.test(day) || Number(day) === 0 || Math.abs(Number(day)) > 31) return `BYMONTHDAY: "${day}" must be 1 to 31 or -31 to -1`;
    }
  }
  return null;
}

/** Upper case, without a leading `RRULE:`, white space trimmed. */
export function normaliseRrule(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '');
}

function isIntegerIn(value: string, min: number, max: number): boolean {
  return /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max;
}

/** Whether the name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
