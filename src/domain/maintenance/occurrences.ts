import 'temporal-polyfill/global';
import { Temporal } from 'temporal-polyfill';
import { RRuleTemporal } from 'rrule-temporal';
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

const rules = new Map<string, RRuleTemporal | null>();

/** The rule for a window's timing, or null for a single occurrence; built once per timing. */
function ruleOf(w: WindowTiming): RRuleTemporal | null {
  if (w.rrule === null) return null;
  const key = `${w.startsAt}|${w.timezone}|${w.rrule}`;
  let rule = rules.get(key);
  if (rule === undefined) {
    rule = new RRuleTemporal({
      rruleString: `DTSTART;TZID=${w.timezone}:${localStamp(w.startsAt, w.timezone)}\nRRULE:${normaliseRrule(w.rrule)}`,
      maxIterations: MAX_ITERATIONS,
    });
    // Windows are few and change rarely; the cache is emptied rather than grown without bound.
    if (rules.size >= 10_000) rules.clear();
    rules.set(key, rule);
  }
  return rule;
}

/** `YYYYMMDDTHHMMSS`, the local wall time of `ms` in `timezone`. */
function localStamp(ms: number, timezone: string): string {
  const t = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timezone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/** Occurrences starting within [from, to], oldest first; a rule that cannot be followed gives none. */
export function occurrencesBetween(w: WindowTiming, from: number, to: number): Occurrence[] {
  const length = w.endsAt - w.startsAt;
  const rule = ruleOf(w);
  if (!rule) return w.startsAt >= from && w.startsAt <= to ? [{ start: w.startsAt, end: w.endsAt }] : [];
  // The rule speaks whole seconds; the first occurrence's milliseconds carry over to every one.
  const millis = w.startsAt % 1000;
  try {
    return rule
      .between(new Date(from - millis), new Date(to - millis), true)
      .map((z) => z.epochMilliseconds + millis)
      .filter((start) => start >= from && start <= to)
      .map((start) => ({ start, end: start + length }));
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

/** The first occurrence starting after `at`, or null when the rule has no more. */
export function nextOccurrence(w: WindowTiming, at: number): Occurrence | null {
  const length = w.endsAt - w.startsAt;
  const rule = ruleOf(w);
  if (!rule) return w.startsAt > at ? { start: w.startsAt, end: w.endsAt } : null;
  const millis = w.startsAt % 1000;
  try {
    const next = rule.next(new Date(at - millis), false);
    if (!next) return null;
    const start = next.epochMilliseconds + millis;
    return start > at ? { start, end: start + length } : nextOccurrence(w, start);
  } catch {
    return null;
  }
}

/** When the window next starts or ends an occurrence after `at` (what the sweep waits for), or null. */
export function nextBoundary(w: WindowTiming, at: number): number | null {
  const active = activeOccurrence(w, at);
  const next = nextOccurrence(w, at);
  if (active) return next ? Math.min(active.end, next.start) : active.end;
  return next?.start ?? null;
}
