import { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import { rollupsByDay } from './rollup-days.js';
import { DAY_MS, HOUR_MS, percentileFromHistogram } from './rollup-buckets.js';
import { prepared } from '../store/prepared.js';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import type { MonitorService } from './monitors.js';
import { systemClock, type Clock } from './ports/clock.js';
import { ANY_ROLE } from './roles.js';
import { iso } from './time.js';
import { durationOf, regionOf } from './run-columns.js';
import { parseInput } from './validation.js';
import { STATS_RANGES, type StatsRange } from '../shared/vocabulary.js';

/*
 * Read-only figures for charts and lists, from what the check engine records: the hourly and daily
 * rollups (counts, failures, a duration histogram per monitor, region and period) and the newest
 * runs. Nothing here writes.
 */

/** 24 h and 7 d come from hourly rollups, 30 d from daily ones. */
const RANGE: Record<StatsRange, { spanMs: number; period: 'hour' | 'day'; bucketMs: number }> = {
  '24h': { spanMs: DAY_MS, period: 'hour', bucketMs: HOUR_MS },
  '7d': { spanMs: 7 * DAY_MS, period: 'hour', bucketMs: HOUR_MS },
  '30d': { spanMs: 30 * DAY_MS, period: 'day', bucketMs: DAY_MS },
};

/** How many recent runs each monitor of the summary carries (a sparkline). */
export const SUMMARY_RECENT_RUNS = 30;
/** Monitors whose rollups the summary sums in one query: well under either database's limit of bound values. */
const SUMMARY_SLICE = 500;

export const StatsQuery = z.strictObject({
  range: z.enum(STATS_RANGES).default('24h').describe('24h and 7d in hourly buckets, 30d in daily buckets; default 24h.'),
});

const Figures = {
  checks: z.int().describe('Completed checks (all regions).'),
  failures: z.int().describe('Checks that failed (after the confirming retry).'),
  uptime: z.number().nullable().describe('Percentage of checks that succeeded; null without checks.'),
  avgResponseMs: z.number().nullable().describe('Mean duration of the runs that have one (every check; a heartbeat run after a `/start`); null without any.'),
};

export const StatsBucket = z.object({
  start: z.string(),
  ...Figures,
  p95ResponseMs: z.number().nullable().describe('95th percentile from the duration histogram (the upper bound of its bucket).'),
});

export const MonitorStatsRecord = z.object({
  monitorId: z.string(),
  range: z.enum(STATS_RANGES),
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.int(),
  ...Figures,
  p95ResponseMs: z.number().nullable(),
  buckets: z.array(StatsBucket).describe('Oldest first; only buckets with checks.'),
});
export type MonitorStatsRecord = z.infer<typeof MonitorStatsRecord>;

export const MonitorSummaryRecord = z.object({
  monitorId: z.string(),
  uptime24h: z.number().nullable().describe('Percentage of successful checks in the last 24 hours (hourly rollups); null without checks.'),
  avgResponseMs24h: z.number().nullable(),
  checks24h: z.int(),
  recent: z
    .array(
      z.object({
        startedAt: z.string(),
        region: z.string().nullable().describe('Null for the runs of a heartbeat monitor (reported by its job).'),
        durationMs: z.int().nullable().describe('Null for a heartbeat run whose job did not report its start.'),
        ok: z.boolean(),
      }),
    )
    .describe(`The ${SUMMARY_RECENT_RUNS} newest runs, oldest first.`),
});
export type MonitorSummaryRecord = z.infer<typeof MonitorSummaryRecord>;

interface Totals {
  checks: number;
  failures: number;
  durationSum: number;
  histogram: number[];
}

function figures(t: Totals) {
  // Runs with a duration: every check, and a heartbeat's pings that followed a `/start`.
  const timed = t.histogram.reduce((sum, n) => sum + n, 0);
  return {
    checks: t.checks,
    failures: t.failures,
    uptime: t.checks ? ((t.checks - t.failures) / t.checks) * 100 : null,
    avgResponseMs: timed ? Math.round(t.durationSum / timed) : null,
    p95ResponseMs: percentileFromHistogram(t.histogram),
  };
}

export class MonitorStatsService {
  private readonly recentRuns;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly monitors: MonitorService,
    /** Where the ranges ("the last 24 hours") end. */
    private readonly clock: Clock = systemClock,
    dialect: Dialect = 'sqlite',
  ) {
    this.recentRuns = prepared(db, dialect === 'postgres' ? newestRunsPostgres(db) : newestRunsSqlite(db));
  }

  /** Response time and uptime of one monitor over a range, in buckets (any role; 404 like the monitor). */
  async series(actor: Actor, monitorId: string, query: unknown, now = this.clock.now()): Promise<MonitorStatsRecord> {
    requireRole(actor, ANY_ROLE);
    const monitor = await this.monitors.get(actor, monitorId);
    const { range } = parseInput(StatsQuery, query);
    const { spanMs, period, bucketMs } = RANGE[range];
    const from = Math.floor((now - spanMs) / bucketMs + 1) * bucketMs;
    const rows =
      period === 'day'
        ? await this.db
            .selectFrom((await rollupsByDay(this.db, [monitor.id], from)).as('d'))
            .selectAll()
            .orderBy('bucket_start')
            .execute()
        : await this.db
            .selectFrom('rollups')
            .selectAll()
            .where('monitor_id', '=', monitor.id)
            .where('period', '=', period)
            .where('bucket_start', '>=', from)
            .orderBy('bucket_start')
            .execute();
    const byBucket = new Map<number, Totals>();
    const all: Totals = { checks: 0, failures: 0, durationSum: 0, histogram: new Array<number>(12).fill(0) };
    for (const row of rows) {
      let totals = byBucket.get(row.bucket_start);
      if (!totals) byBucket.set(row.bucket_start, (totals = { checks: 0, failures: 0, durationSum: 0, histogram: new Array<number>(12).fill(0) }));
      const histogram = [row.h0, row.h1, row.h2, row.h3, row.h4, row.h5, row.h6, row.h7, row.h8, row.h9, row.h10, row.h11].map(Number);
      for (const t of [totals, all]) {
        t.checks += row.checks;
        t.failures += row.failures;
        t.durationSum += row.duration_sum;
        histogram.forEach((n, i) => (t.histogram[i]! += n));
      }
    }
    return {
      monitorId: monitor.id,
      range,
      from: iso(from),
      to: iso(now),
      bucketSeconds: bucketMs / 1000,
      ...figures(all),
      buckets: [...byBucket].map(([start, t]) => ({ start: iso(start), ...figures(t) })),
    };
  }

  /** For the monitors list: every monitor's 24-hour uptime and its newest runs, in one call (any role). */
  async summary(actor: Actor, now = this.clock.now()): Promise<MonitorSummaryRecord[]> {
    requireRole(actor, ANY_ROLE);
    const monitors = await this.monitors.list(actor);
    if (monitors.length === 0) return [];
    const from = Math.floor((now - DAY_MS) / HOUR_MS + 1) * HOUR_MS;
    // The window's sums of each monitor, read from its own range of the rollups' key (monitor,
    // period, bucket, region), a slice of the team's monitors at a time.
    const ids = monitors.map((monitor) => monitor.id);
    const totals = [];
    for (let start = 0; start < ids.length; start += SUMMARY_SLICE) {
      const slice = await this.db
        .selectFrom('rollups as r')
        .select((eb) => [
          'r.monitor_id',
          eb.fn.sum<number>('r.checks').as('checks'),
          eb.fn.sum<number>('r.failures').as('failures'),
          // PostgreSQL sums a bigint column as numeric, which its driver hands over as a string.
          eb.fn.sum<number | string>('r.duration_sum').as('duration_sum'),
          eb.fn.sum<number | string>(sql`r.h0 + r.h1 + r.h2 + r.h3 + r.h4 + r.h5 + r.h6 + r.h7 + r.h8 + r.h9 + r.h10 + r.h11`).as('timed'),
        ])
        .where('r.monitor_id', 'in', ids.slice(start, start + SUMMARY_SLICE))
        .where('r.period', '=', 'hour')
        .where('r.bucket_start', '>=', from)
        .groupBy('r.monitor_id')
        .execute();
      totals.push(...slice);
    }
    const byMonitor = new Map(totals.map((t) => [t.monitor_id, t]));
    // Every monitor's newest runs in one query, newest first.
    const runsOf = new Map<string, MonitorSummaryRecord['recent']>();
    for (const r of await this.recentRuns(actor.teamId, SUMMARY_RECENT_RUNS)) {
      let runs = runsOf.get(r.monitor_id);
      if (!runs) runsOf.set(r.monitor_id, (runs = []));
      runs.push({ startedAt: iso(r.started_at), region: regionOf(r.region), durationMs: durationOf(r.duration_ms), ok: r.ok === 1 });
    }
    return monitors.map((monitor) => {
      const t = byMonitor.get(monitor.id);
      const checks = t?.checks ?? 0;
      const failures = t?.failures ?? 0;
      return {
        monitorId: monitor.id,
        uptime24h: checks ? ((checks - failures) / checks) * 100 : null,
        avgResponseMs24h: t && Number(t.timed) > 0 ? Math.round(Number(t.duration_sum) / Number(t.timed)) : null,
        checks24h: checks,
        recent: (runsOf.get(monitor.id) ?? []).reverse(),
      };
    });
  }
}

/*
 * The newest `limit` runs of each monitor of a team, newest first (ties by id), in one query: each
 * monitor's read from the index on (monitor_id, started_at), however many runs it has. PostgreSQL
 * takes them with a lateral join; SQLite has none, and picks each monitor's rows by a correlated
 * list of ids instead, each id then looked up by its key. Same rows, same order.
 */

function newestRunsPostgres(db: Kysely<Database>) {
  return (teamId: string, limit: number) =>
    db
      .selectFrom('monitors as m')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('monitor_runs as r')
            .select(['r.id', 'r.started_at', 'r.region', 'r.duration_ms', 'r.ok'])
            .whereRef('r.monitor_id', '=', 'm.id')
            .orderBy('r.started_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .as('n'),
        (join) => join.onTrue(),
      )
      .select(['m.id as monitor_id', 'n.started_at', 'n.region', 'n.duration_ms', 'n.ok'])
      .where('m.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .orderBy('n.started_at', 'desc')
      .orderBy('n.id', 'desc');
}

function newestRunsSqlite(db: Kysely<Database>) {
  return (teamId: string, limit: number) =>
    db
      .selectFrom('monitors as m')
      // Joined on the id list alone: SQLite then looks each id up by its key. With the monitor id in the
      // join too, it walks every run of the monitor and runs the list again for each (quadratic in the
      // runs kept: 27 times slower at 60 runs per monitor).
      .innerJoin('monitor_runs as r', (join) =>
        join.on('r.id', 'in', (eb) =>
          eb
            .selectFrom('monitor_runs as n')
            .select('n.id')
            .where('n.monitor_id', '=', sql.ref<string>('m.id'))
            .orderBy('n.started_at', 'desc')
            .orderBy('n.id', 'desc')
            .limit(limit),
        ),
      )
      .select(['m.id as monitor_id', 'r.started_at', 'r.region', 'r.duration_ms', 'r.ok'])
      .where('m.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id', 'desc');
}
