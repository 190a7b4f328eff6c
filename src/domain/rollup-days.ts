import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { DAY_MS, HISTOGRAM_COLUMNS, HOUR_MS } from './rollup-buckets.js';

/*
 * A day's rollups are folded from its hours once the day has ended, rather than written with each
 * run. Each run adds to its hour's row in the transaction that writes it; a daily row written the
 * same way was one more page at a random place per monitor and batch (a monitor's daily rows sit
 * apart from its hourly ones in the rollups' key), about a fifth of what a run writes at the
 * highest rates. Hours are kept 30 days, so an ended day can always be summed from them.
 *
 * `rollup_folds` says how far the folding has gone: days before `folded_through` have whole daily
 * rows; it and later days (today, and any day not folded yet) are read from their hours. Readers
 * take both through `dayRanges` (or `rollupsByDay`, built on it), so they never see a day twice or
 * half.
 *
 * A run recorded long after its day ended (a probe catching up) adds to its day's row as well as to
 * its hour's: the day may be folded already. Folding sets a day's row to the sum of its hours, which
 * hold every run, so a late run that added to a day not folded yet is counted once all the same.
 */

/** A run recorded this long after its day ended adds to its day's row too. */
export const LATE_RUN_MS = HOUR_MS;

/**
 * A day is folded once it ended this long ago. Every run of the day recorded without adding to the
 * day's row (within LATE_RUN_MS of its end) was written by then, with an hour to spare for a
 * transaction under way and for clocks of a cluster's nodes that differ.
 */
export const FOLD_AFTER_MS = 2 * HOUR_MS;

const SUMMED = ['checks', 'failures', 'duration_sum', 'maintenance', ...HISTOGRAM_COLUMNS] as const;

export function dayOf(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/** Whether a run that started at `startedAt`, recorded at `now`, adds to its day's row as well as to its hour's. */
export function addsToItsDay(startedAt: number, now: number): boolean {
  return now >= dayOf(startedAt) + DAY_MS + LATE_RUN_MS;
}

/**
 * The first day read from its hours: days before it have whole daily rows (0 when no day is
 * folded). Read before the rollups it bounds: should a fold mark more days meanwhile, those are
 * read from their hours all the same, which are kept long after.
 */
export async function foldedThrough(db: Kysely<Database>): Promise<number> {
  const marked = await db.selectFrom('rollup_folds').select('folded_through').where('period', '=', 'day').executeTakeFirst();
  return marked ? marked.folded_through : 0;
}

/**
 * Where the days from `from` (a day's start) on are read, given `folded` (foldedThrough): the daily
 * rows of [days.from, days.before), and the hourly rows from `hours.from` on.
 */
export function dayRanges(from: number, folded: number): { days: { from: number; before: number }; hours: { from: number } } {
  return { days: { from, before: folded }, hours: { from: Math.max(from, folded) } };
}

/**
 * Rollups by UTC day from `from` (a day's start) on, of the monitors of `ids`: a row per monitor,
 * region and day where the day is folded, a row per hour of the day where it is not. Sum them by
 * day (or by monitor); `bucket_start` is the day's start in both. The mark is read first (foldedThrough).
 */
export async function rollupsByDay(db: Kysely<Database>, ids: readonly string[], from: number) {
  const { days, hours } = dayRanges(from, await foldedThrough(db));
  const of = (period: 'hour' | 'day', since: number) =>
    db.selectFrom('rollups as r').where('r.monitor_id', 'in', ids).where('r.period', '=', period).where('r.bucket_start', '>=', since);
  return of('day', days.from)
    .select(['r.monitor_id', 'r.region', 'r.bucket_start', ...SUMMED.map((c) => `r.${c}` as const)])
    .where('r.bucket_start', '<', days.before)
    .unionAll(
      of('hour', hours.from).select([
        'r.monitor_id',
        'r.region',
        sql<number>`r.bucket_start - r.bucket_start % ${sql.lit(DAY_MS)}`.as('bucket_start'),
        ...SUMMED.map((c) => `r.${c}` as const),
      ]),
    );
}

export interface FoldOptions {
  /** Monitors whose day is summed per statement. */
  monitorsPerPage: number;
  /** After each statement: false stops the folding (it goes on from that day the next time). */
  afterPage: () => Promise<boolean>;
}

/**
 * Folds every day that ended FOLD_AFTER_MS before `now` and is not folded yet: each monitor's
 * daily rows set to the sums of that day's hours, a page of monitors per statement, then the day
 * marked folded. Setting rather than adding makes a fold safe to repeat, whole or in part (a stop
 * half-way, two processes of a cluster at once). Returns the days folded.
 */
export async function foldDays(db: Kysely<Database>, now: number, options: FoldOptions): Promise<number> {
  let folded = 0;
  let day = await firstHourlyDay(db, await foldedThrough(db));
  while (day !== null && day + DAY_MS + FOLD_AFTER_MS <= now) {
    const next = day + DAY_MS;
    for (let after = ''; ;) {
      const page = await db.selectFrom('monitors').select('id').where('id', '>', after).orderBy('id').limit(options.monitorsPerPage).execute();
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      await foldDay(
        db,
        page.map((m) => m.id),
        day,
      );
      if (!(await options.afterPage())) return folded;
    }
    await db
      .insertInto('rollup_folds')
      .values({ period: 'day', folded_through: next })
      .onConflict((oc) => oc.column('period').doUpdateSet({ folded_through: next }))
      .execute();
    folded++;
    day = await firstHourlyDay(db, next);
  }
  return folded;
}

/** The first day from `from` on with an hourly row, or null. */
async function firstHourlyDay(db: Kysely<Database>, from: number): Promise<number | null> {
  const first = await db
    .selectFrom('rollups')
    .select('bucket_start')
    .where('period', '=', 'hour')
    .where('bucket_start', '>=', from)
    .orderBy('bucket_start')
    .limit(1)
    .executeTakeFirst();
  return first ? dayOf(first.bucket_start) : null;
}

/** Each region's daily row of the monitors of `ids` set to the sums of the day's hours. */
async function foldDay(db: Kysely<Database>, ids: readonly string[], day: number): Promise<void> {
  await db
    .insertInto('rollups')
    .columns(['monitor_id', 'region', 'period', 'bucket_start', ...SUMMED])
    .expression((eb) =>
      eb
        .selectFrom('rollups as r')
        .select((s) => [
          'r.monitor_id',
          'r.region',
          sql.lit('day').as('period'),
          sql.lit(day).as('bucket_start'),
          ...SUMMED.map((c) => s.fn.sum<number>(`r.${c}`).as(c)),
        ])
        .where('r.monitor_id', 'in', ids)
        .where('r.period', '=', 'hour')
        .where('r.bucket_start', '>=', day)
        .where('r.bucket_start', '<', day + DAY_MS)
        .groupBy(['r.monitor_id', 'r.region']),
    )
    .onConflict((oc) =>
      oc.columns(['monitor_id', 'region', 'period', 'bucket_start']).doUpdateSet((eb) => Object.fromEntries(SUMMED.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    )
    .execute();
}
