import 'temporal-polyfill/global';
import { Temporal } from 'temporal-polyfill';
import { RRuleTemporal } from 'rrule-temporal';
import { dayMayOccur, ruleParts, type RuleOrigin, type RuleParts } from './contradictions.js';
import { normaliseRrule } from './rrule.js';

/**
 * A window's occurrences, computed from its first one and its rule, never stored one by one. A
 * recurring window repeats the first occurrence's local start time in its time zone (so 02:30 in
 * Berlin stays 02:30 across a DST change) and lasts as long each time; an occurrence whose local
 * start does not exist that day (a DST gap) is skipped, as RFC 5545 says.
 */

export interface WindowTiming {
  /** The first occurrence, epoch ms. */
  startsAt: number;
  endsAt: number;
  rrule: string | null;
  timezone: string;
  /** Start of the occurrence someone ended early, or null. */
  endedOccurrence: number | null;
}

export interface Occurrence {
  start: number;
  end: number;
}

/** A rule that runs this long without finding an occurrence finds none. */
const MAX_ITERATIONS = 20_000;

const DAY_MS = 86_400_000;
/**
 * How far ahead an occurrence is searched for: 5 years. A rule with none in that span counts as
 * having none (for the sweep and the status page until time moves on; when saved, it is refused).
 */
export const SEARCH_AHEAD_MS = Math.round(5 * 365.2425 * DAY_MS);
/*
 * The search walks that span in slices of at most 32 days (the library's cost grows with the span
 * and with the rule's lists), asks the library only about slices holding a day the rule may reach,
 * and stops after three such slices without an occurrence. So its work is bounded by the rule
 * alone, whatever the machine is doing: at most four slices reach the library, and the cheap day
 * filter walks at most five years of days. (A bound by the clock would answer "no occurrence" for a
 * rule that has one whenever the machine is busy.) Rules that can never occur are refused before
 * any search (contradictions.ts).
 */
const FIRST_SLICE_MS = 8 * DAY_MS;
const MAX_SLICE_MS = 32 * DAY_MS;

/**
 * A window's rule as the library follows it, built once per timing. A rule with COUNT is followed
 * without it (`count` apart): the library can jump straight to a span of a rule without COUNT,
 * but walks one with COUNT from its first occurrence on every query, a cost that grows with the
 * window's age. The COUNT-th occurrence is found once, counting forward (countEnd).
 */
interface FollowedRule {
  rule: RRuleTemporal;
  count: number | null;
  /** Occurrences counted so far (with COUNT): up to `until`, `counted` of them; `last`, the COUNT-th once reached. */
  until: number;
  counted: number;
  last: number | null;
}

const rules = new Map<string, FollowedRule | null>();

/** The rule for a window's timing, or null for a single occurrence; built once per timing. */
function ruleOf(w: WindowTiming): FollowedRule | null {
  if (w.rrule === null) return null;
  const key = `${w.startsAt}|${w.timezone}|${w.rrule}`;
  let followed = rules.get(key);
  if (followed === undefined) {
    const parts = normaliseRrule(w.rrule).split(';');
    const count = parts.find((part) => part.startsWith('COUNT='));
    const rule = new RRuleTemporal({
      rruleString: `DTSTART;TZID=${w.timezone}:${localStamp(w.startsAt, w.timezone)}\nRRULE:${parts.filter((part) => part !== count).join(';')}`,
      maxIterations: MAX_ITERATIONS,
    });
    followed = { rule, count: count ? Number(count.slice('COUNT='.length)) : null, until: w.startsAt - 1, counted: 0, last: null };
    // Windows are few and change rarely; the cache is emptied rather than grown without bound.
    if (rules.size >= 10_000) rules.clear();
    rules.set(key, followed);
  }
  return followed;
}

/** Starts of the rule's occurrences (COUNT aside) within [from, to]. */
function startsBetween(w: WindowTiming, followed: FollowedRule, from: number, to: number): number[] {
  // The rule speaks whole seconds; the first occurrence's milliseconds carry over to every one.
  const millis = w.startsAt % 1000;
  return followed.rule
    .between(new Date(from - millis), new Date(to - millis), true)
    .map((z) => z.epochMilliseconds + millis)
    .filter((start) => start >= from && start <= to);
}

/** A year: how far countEnd counts in one step. */
const COUNT_STEP_MS = 366 * DAY_MS;

/**
 * The start of the COUNT-th occurrence when it comes no later than `upTo`, else Infinity. Counts
 * forward from where the previous call stopped, a year at a time: the sweep and the pages ask
 * about a time that only moves on, so each occurrence is counted once per process.
 */
function countEnd(w: WindowTiming, followed: FollowedRule, upTo: number): number {
  const count = followed.count!;
  while (followed.last === null && followed.until < upTo) {
    const to = Math.min(followed.until + COUNT_STEP_MS, upTo);
    const starts = startsBetween(w, followed, followed.until + 1, to);
    if (followed.counted + starts.length >= count) followed.last = starts[count - followed.counted - 1]!;
    else followed.counted += starts.length;
    followed.until = to;
  }
  return followed.last ?? Infinity;
}

/** `YYYYMMDDTHHMMSS`, the local wall time of `ms` in `timezone`. */
function localStamp(ms: number, timezone: string): string {
  const t = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timezone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/** The local date of `ms` in `timezone`: month 1-12, day of the month, weekday (0 = Monday). */
export function localDate(ms: number, timezone: string): { month: number; day: number; weekday: number } {
  const t = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timezone);
  return { month: t.month, day: t.day, weekday: t.dayOfWeek - 1 };
}

/** Occurrences starting within [from, to], oldest first; a rule that cannot be followed gives none. */
export function occurrencesBetween(w: WindowTiming, from: number, to: number): Occurrence[] {
  const length = w.endsAt - w.startsAt;
  const followed = ruleOf(w);
  if (!followed) return w.startsAt >= from && w.startsAt <= to ? [{ start: w.startsAt, end: w.endsAt }] : [];
  try {
    const last = followed.count === null ? Infinity : countEnd(w, followed, to);
    if (from > last) return [];
    return startsBetween(w, followed, from, Math.min(to, last)).map((start) => ({ start, end: start + length }));
  } catch {
    return [];
  }
}

/** The occurrence covering `at` (start ≤ at < end), unless it was ended early. */
export function activeOccurrence(w: WindowTiming, at: number): Occurrence | null {
  const covering = occurrencesBetween(w, at - (w.endsAt - w.startsAt) + 1, at).filter((o) => o.start <= at && at < o.end);
  const current = covering.at(-1);
  return current && current.start !== w.endedOccurrence ? current : null;
}

/**
 * The first occurrence starting after `at`, or null when there is none. A recurring window's is
 * searched for at most SEARCH_AHEAD_MS ahead.
 */
export function nextOccurrence(w: WindowTiming, at: number): Occurrence | null {
  if (!w.rrule) return w.startsAt > at ? { start: w.startsAt, end: w.endsAt } : null;
  const { parts, origin } = daysOf(w);
  const horizon = at + SEARCH_AHEAD_MS;
  let from = at + 1;
  let slice = FIRST_SLICE_MS;
  let fruitless = 0;
  while (from <= horizon) {
    const to = Math.min(from + slice - 1, horizon);
    // The library is asked only about slices holding a day the rule may reach (a local date is
    // within a day of the UTC one); it is slow to walk days that cannot match.
    if (anyDayMayOccur(parts, origin, Math.floor(from / DAY_MS) - 1, Math.floor(to / DAY_MS) + 1)) {
      const found = occurrencesBetween(w, from, to)[0];
      if (found) return found;
      // Days that may occur but do not: lost in a DST gap, or past COUNT or UNTIL. Three slices
      // of them mean the rule has ended (or only ever lands in a gap).
      if (++fruitless >= 3) return null;
    }
    from = to + 1;
    slice = Math.min(slice * 2, MAX_SLICE_MS);
  }
  return null;
}

function anyDayMayOccur(parts: RuleParts, origin: RuleOrigin, first: number, last: number): boolean {
  for (let n = first; n <= last; n++) if (dayMayOccur(parts, origin, n)) return true;
  return false;
}

const origins = new Map<string, { parts: RuleParts; origin: RuleOrigin }>();

/** The rule's parts and its first occurrence's local date, once per timing. */
function daysOf(w: WindowTiming): { parts: RuleParts; origin: RuleOrigin } {
  const key = `${w.startsAt}|${w.timezone}|${w.rrule ?? ''}`;
  let days = origins.get(key);
  if (!days) {
    const t = Temporal.Instant.fromEpochMilliseconds(w.startsAt).toZonedDateTimeISO(w.timezone);
    const origin = { year: t.year, month: t.month, day: t.day, weekday: t.dayOfWeek - 1, dayNumber: Date.UTC(t.year, t.month - 1, t.day) / DAY_MS };
    days = { parts: ruleParts(normaliseRrule(w.rrule!)), origin };
    if (origins.size >= 10_000) origins.clear();
    origins.set(key, days);
  }
  return days;
}

/** When the window next starts or ends an occurrence after `at` (what the sweep waits for), or null. */
export function nextBoundary(w: WindowTiming, at: number): number | null {
  const active = activeOccurrence(w, at);
  const next = nextOccurrence(w, at);
  if (active) return next ? Math.min(active.end, next.start) : active.end;
  return next?.start ?? null;
}
