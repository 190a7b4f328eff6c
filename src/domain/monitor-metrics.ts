import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { MONITOR_STATUSES, REGIONS, type MonitorStatus } from '../shared/vocabulary.js';
import { requireRole, type Actor } from './actor.js';
import { systemClock, type Clock } from './ports/clock.js';
import { ANY_ROLE } from './roles.js';
import { DAY_MS, HOUR_MS } from './rollup-buckets.js';
import { dayRanges, foldedThrough } from './rollup-days.js';
import { NO_DURATION, PUSH_REGION } from './run-columns.js';

/*
 * The team's monitors as Prometheus metrics (text exposition format 0.0.4), so that Grafana graphs
 * Lookout without code: GET /api/v1/metrics. The team's monitor ids first, then their figures a
 * slice at a time, one query per slice that reads each monitor's newest runs and its rollups of the
 * two windows in place, and the slice's text written before the next, with a turn of the event loop
 * between slices: a scrape of 10,000 monitors holds the loop (SQLite's queries run on it) for some
 * tens of milliseconds at a time, not for the whole scrape.
 */

/** The answer's content type, as the format's version 0.0.4 names it. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Monitors read and written between two turns of the event loop. */
const SLICE = 500;
/** Newest runs read per monitor: enough for each region's newest when regions take turns. */
const NEWEST_RUNS = REGIONS.length * 2;

const HELP: ReadonlyArray<[name: string, help: string]> = [
  ['lookout_monitor_up', 'Whether the monitor is up: 1 up or degraded, 0 down; absent while pending or paused.'],
  ['lookout_monitor_status', 'The monitor status, one-hot: 1 for the current status, 0 for each other.'],
  ['lookout_monitor_response_time_seconds', 'The duration of the newest run of each region, in seconds.'],
  ['lookout_monitor_certificate_expiry_timestamp_seconds', 'When the certificate the newest check saw expires (SSL and https HTTP monitors), Unix seconds.'],
  ['lookout_monitor_uptime_ratio', 'Successful checks over all checks (maintenance left out), over the last day (1d) or 30 days (30d).'],
];

interface MonitorRow {
  id: string;
  name: string;
  type: string;
  status: string;
  paused: number;
  maintenance: number;
  certificate: string | null;
  /** The newest runs, newest first, as `region duration_ms` pairs all separated by spaces; null without runs. */
  newest: string | null;
  /**
   * `checks failures` of the hourly rollups of the last day, and of the last 30 days: their folded
   * days' daily rollups and the hours of the days since (src/domain/rollup-days.ts); null without rollups.
   */
  day: string | null;
  monthDays: string | null;
  monthHours: string | null;
}

export class MonitorMetricsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The exposition text of the actor's team: every live monitor, none of another team. */
  async exposition(actor: Actor): Promise<string> {
    requireRole(actor, ANY_ROLE);
    const now = this.clock.now();
    const dayFrom = Math.floor((now - DAY_MS) / HOUR_MS + 1) * HOUR_MS;
    const month = dayRanges(Math.floor((now - 30 * DAY_MS) / DAY_MS + 1) * DAY_MS, await foldedThrough(this.db));
    const ids = (
      await this.db.selectFrom('monitors').select('id').where('team_id', '=', actor.teamId).where('deleted_at', 'is', null).orderBy('id').execute()
    ).map((row) => row.id);

    const lines: string[][] = HELP.map(([name, help]) => [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`]);
    const [up, status, responseTime, certificate, uptime] = lines as [string[], string[], string[], string[], string[]];
    for (let start = 0; start < ids.length; start += SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const m of await this.figures(ids.slice(start, start + SLICE), dayFrom, month)) {
        const labels = `monitor_id="${m.id}",name="${escapeLabel(m.name)}",type="${m.type}"`;
        const shown: MonitorStatus = m.paused === 1 ? 'paused' : m.maintenance === 1 ? 'maintenance' : (m.status as MonitorStatus);
        // A monitor in maintenance is still up or down underneath; pending and paused say neither.
        if (m.paused !== 1 && m.status !== 'pending') up.push(`lookout_monitor_up{${labels}} ${m.status === 'down' ? 0 : 1}`);
        for (const s of MONITOR_STATUSES) status.push(`lookout_monitor_status{${labels},status="${s}"} ${s === shown ? 1 : 0}`);
        for (const [region, ms] of newestPerRegion(m.newest))
          responseTime.push(`lookout_monitor_response_time_seconds{${labels},region="${region}"} ${ms / 1000}`);
        const expiry = m.certificate ? certificateExpiry(m.certificate) : null;
        if (expiry !== null) certificate.push(`lookout_monitor_certificate_expiry_timestamp_seconds{${labels}} ${expiry}`);
        const d = uptimeRatio(m.day);
        if (d) uptime.push(`lookout_monitor_uptime_ratio{${labels},window="1d"} ${d}`);
        const mo = uptimeRatio(m.monthDays, m.monthHours);
        if (mo) uptime.push(`lookout_monitor_uptime_ratio{${labels},window="30d"} ${mo}`);
      }
    }
    return `${lines.map((family) => family.join('\n')).join('\n')}\n`;
  }

  /**
   * The monitors of `ids` (the team's, as the caller read them; a monitor never changes team) still
   * live, in id order, each with its newest runs and the sums of its rollups of the two windows.
   * Both are read by the monitor from the start of its own range of an index: the newest end of its
   * runs (monitor, started_at), and the window's buckets in the rollups' key (monitor, period,
   * bucket, region), where SQLite keeps the rollups themselves.
   */
  private figures(ids: readonly string[], dayFrom: number, month: ReturnType<typeof dayRanges>): Promise<MonitorRow[]> {
    const newestPairs =
      this.dialect === 'postgres'
        ? sql<string | null>`string_agg(n.region || ' ' || n.duration_ms, ' ' order by n.started_at desc, n.id desc)`
        : sql<string | null>`group_concat(n.region || ' ' || n.duration_ms, ' ' order by n.started_at desc, n.id desc)`;
    const sums = sql<string | null>`sum(r.checks) || ' ' || sum(r.failures)`;
    /** The monitor's rollups of one period from `from` on (and before `before`), summed. */
    const windowSums = (eb: ExpressionBuilder<Database & { m: Database['monitors'] }, 'm'>, period: 'hour' | 'day', from: number, before = Infinity) =>
      eb
        .selectFrom('rollups as r')
        .select(sums.as('sums'))
        .whereRef('r.monitor_id', '=', 'm.id')
        .where('r.period', '=', period)
        .where('r.bucket_start', '>=', from)
        .$if(before !== Infinity, (q) => q.where('r.bucket_start', '<', before));
    // The monitors by id alone: with the team as well, SQLite walks the team's index for every slice.
    return this.db
      .selectFrom('monitors as m')
      .select((eb) => [
        'm.id',
        'm.name',
        'm.type',
        'm.status',
        'm.paused',
        'm.maintenance',
        'm.certificate',
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('monitor_runs')
              .select(['region', 'duration_ms', 'started_at', 'id'])
              .whereRef('monitor_id', '=', 'm.id')
              .orderBy('started_at', 'desc')
              .orderBy('id', 'desc')
              .limit(NEWEST_RUNS)
              .as('n'),
          )
          .select(newestPairs.as('pairs'))
          .as('newest'),
        windowSums(eb, 'hour', dayFrom).as('day'),
        windowSums(eb, 'day', month.days.from, month.days.before).as('monthDays'),
        windowSums(eb, 'hour', month.hours.from).as('monthHours'),
      ])
      .where('m.id', 'in', ids)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .execute();
  }
}

/** Each region's newest run with a duration, in milliseconds, from the newest runs (newest first); a heartbeat's runs have no region. */
function newestPerRegion(pairs: string | null): Map<string, number> {
  const newest = new Map<string, number>();
  if (pairs === null) return newest;
  const words = pairs.split(' ');
  for (let i = 0; i + 1 < words.length; i += 2) {
    const region = words[i]!;
    const ms = Number(words[i + 1]);
    if (region === PUSH_REGION || ms === NO_DURATION || newest.has(region)) continue;
    newest.set(region, ms);
  }
  return newest;
}

/** Successful checks over all checks, as the text of a number, from `checks failures` of one or more ranges; none without checks. */
function uptimeRatio(...ranges: Array<string | null>): string | null {
  let checks = 0;
  let failures = 0;
  for (const sums of ranges) {
    if (sums === null) continue;
    const [c, f] = sums.split(' ').map(Number) as [number, number];
    checks += c;
    failures += f;
  }
  return checks > 0 ? String((checks - failures) / checks) : null;
}

/** A label value as the text format requires: backslash, double quote and line feed escaped. */
export function escapeLabel(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\\' ? '\\\\' : c === '"' ? '\\"' : '\\n'));
}

/** The certificate's expiry in Unix seconds, from the stored record of it. */
function certificateExpiry(json: string): number | null {
  const validTo = (JSON.parse(json) as { validTo?: unknown }).validTo;
  const at = typeof validTo === 'string' ? Date.parse(validTo) : NaN;
  return Number.isFinite(at) ? Math.floor(at / 1000) : null;
}
