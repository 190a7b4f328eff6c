/*
 * The arithmetic of the dashboard's charts, apart from drawing them: the time range a chart shows,
 * round value ticks, time ticks that fit the width, and a percentile from the durations at hand.
 * Pure functions of their arguments (the viewer's zone offset is passed in), so each is tested alone.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The shortest span a chart shows: a monitor a minute old still gets a readable width per check. */
export const MIN_SPAN_MS = 5 * MINUTE;

/**
 * The time range of a chart of the last `windowMs` up to `now`: the whole window once the data
 * fills it; from the first point when the data is younger (a new monitor's first minutes are spread
 * over the width, not squeezed into its last pixels), never shorter than MIN_SPAN_MS.
 */
export function timeRange(times: readonly number[], now: number, windowMs: number): { from: number; to: number } {
  const windowStart = now - windowMs;
  const first = times.reduce((min, t) => (t >= windowStart && t < min ? t : min), Infinity);
  if (first === Infinity) return { from: windowStart, to: now };
  const from = Math.max(windowStart, Math.min(first, now - MIN_SPAN_MS));
  return { from, to: now };
}

/** 1, 2, 5, 10, 20, 50…: the steps people read at a glance. */
function niceStep(raw: number): number {
  const exponent = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5]) if (raw <= m * exponent) return m * exponent;
  return 10 * exponent;
}

/**
 * Value ticks from 0 to a round top covering `max`, at most about `target` steps of 1, 2 or 5 times
 * a power of ten and never finer than `minStep` (1 ms: a duration is shown in whole ms), so that no
 * two ticks read the same and none reads 8, 15 or 23.
 */
export function valueTicks(max: number, target = 4, minStep = 1): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : minStep * target;
  const step = Math.max(minStep, niceStep(top / target));
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => round(i * step));
}

/** A float sum such as 0.1 + 0.2 brought back to the decimal it means. */
function round(value: number): number {
  return Number(value.toPrecision(12));
}

/** A duration tick's label: "0 ms", "200 ms", "1.5 s", "2 s", as precise as the step between ticks. */
export function durationTickLabel(value: number, step: number): string {
  if (value < 1000) return `${round(value)} ms`;
  const decimals = step >= 1000 ? 0 : Math.max(0, 3 - Math.floor(Math.log10(step)));
  return `${Number((value / 1000).toFixed(decimals))} s`;
}

/** Steps between time ticks, each a whole unit people count in. */
const TIME_STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

/**
 * Time ticks between `from` and `to` on whole steps of the viewer's clock (14:00, 15:00 or Nov 27,
 * Nov 28), as few as keep each label `labelPx` wide apart on a chart `widthPx` wide: the labels of
 * a 390 px phone do not overlap. `offsetMinutes` is the zone's offset as `Date#getTimezoneOffset`
 * gives it (minutes behind UTC). Returns the ticks and their step.
 */
export function timeTicks(from: number, to: number, widthPx: number, labelPx: number, offsetMinutes = 0): { ticks: number[]; step: number } {
  const span = Math.max(1, to - from);
  const fits = Math.max(2, Math.floor(widthPx / labelPx));
  const step = TIME_STEPS.find((s) => span / s <= fits) ?? Math.ceil(span / fits / DAY) * DAY;
  const shift = -offsetMinutes * MINUTE;
  const ticks: number[] = [];
  for (let t = Math.ceil((from + shift) / step) * step - shift; t <= to; t += step) ticks.push(t);
  return { ticks, step };
}

/** The nearest-rank percentile (0 < p ≤ 100) of the values, or null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The p95 as it can honestly be told: exact from the durations when they are every check of the
 * period; otherwise the histogram's bucket, as the range it stands for ("under 50 ms",
 * "100 ms to 200 ms"), never as its upper bound alone ("≤ 50 ms" when every check took 2 ms).
 */
export function p95Text(
  durations: readonly number[],
  complete: boolean,
  histogramBound: number | null,
  buckets: readonly number[],
  format: (ms: number) => string,
): string {
  if (complete && durations.length > 0) return format(percentile(durations, 95)!);
  if (histogramBound === null) return '—';
  const index = buckets.indexOf(histogramBound);
  const lower = index > 0 ? buckets[index - 1]! : 0;
  if (!Number.isFinite(histogramBound)) return `over ${format(lower)}`;
  return lower === 0 ? `under ${format(histogramBound)}` : `${format(lower)} to ${format(histogramBound)}`;
}
