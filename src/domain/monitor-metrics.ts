import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { MONITOR_STATUSES, REGIONS, type MonitorStatus } from '../shared/vocabulary.js';
import { requireRole, type Actor } from './actor.js';
import { systemClock, type Clock } from './ports/clock.js';
import { ANY_ROLE } from './roles.js';
import { DAY_MS, HOUR_MS } from './rollup-buckets.js';
import { NO_DURATION, PUSH_REGION } from './run-columns.js';

/*
 * The team's monitors as Prometheus metrics (text exposition format 0.0.4), so that Grafana graphs
 * Lookout without code: GET /api/v1/metrics. Four queries whatever the number of monitors (the
 * monitors, the newest runs, the hourly and the daily rollups), and the text written in slices
 * with a turn of the event loop between them, so that a scrape of 10,000 monitors holds the loop
 * for no more than a few milliseconds at a time.
 */

/** The answer's content type, as the format's version 0.0.4 names it. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Monitors written between two turns of the event loop. */
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
    const teamId = actor.teamId;
    const [monitors, newest, day, month] = await Promise.all([
      this.db
        .selectFrom('monitors')
        .select(['id', 'name', 'type', 'status', 'paused', 'maintenance', 'certificate'])
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute() as Promise<MonitorRow[]>,
      this.newestRuns(teamId),
      this.uptime(teamId, 'hour', Math.floor((now - DAY_MS) / HOUR_MS + 1) * HOUR_MS),
      this.uptime(teamId, 'day', Math.floor((now - 30 * DAY_MS) / DAY_MS + 1) * DAY_MS),
    ]);

    const lines: string[][] = HELP.map(([name, help]) => [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`]);
    const [up, status, responseTime, certificate, uptime] = lines as [string[], string[], string[], string[], string[]];
    const chunks: string[] = [];
    for (let start = 0; start < monitors.length; start += SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const m of monitors.slice(start, start + SLICE)) {
        const labels = `monitor_id="${m.id}",name="${escapeLabel(m.name)}",type="${m.type}"`;
        const shown: MonitorStatus = m.paused === 1 ? 'paused' : m.maintenance === 1 ? 'maintenance' : (m.status as MonitorStatus);
        // A monitor in maintenance is still up or down underneath; pending and paused say neither.
        if (m.paused !== 1 && m.status !== 'pending') up.push(`lookout_monitor_up{${labels}} ${m.status === 'down' ? 0 : 1}`);
        for (const s of MONITOR_STATUSES) status.push(`lookout_monitor_status{${labels},status="${s}"} ${s === shown ? 1 : 0}`);
        for (const [region, ms] of newest.get(m.id) ?? [])
          responseTime.push(`lookout_monitor_response_time_seconds{${labels},region="${region}"} ${ms / 1000}`);
        const expiry = m.certificate ? certificateExpiry(m.certificate) : null;
        if (expiry !== null) certificate.push(`lookout_monitor_certificate_expiry_timestamp_seconds{${labels}} ${expiry}`);
        const d = day.get(m.id);
        if (d) uptime.push(`lookout_monitor_uptime_ratio{${labels},window="1d"} ${d}`);
        const mo = month.get(m.id);
        if (mo) uptime.push(`lookout_monitor_uptime_ratio{${labels},window="30d"} ${mo}`);
      }
    }
    for (const family of lines) chunks.push(family.join('\n'));
    return `${chunks.join('\n')}\n`;
  }

  /** Each monitor's newest run per region (checked regions only): region → duration in ms. */
  private async newestRuns(teamId: string): Promise<Map<string, Map<string, number>>> {
    const rows = this.dialect === 'postgres' ? await this.newestPostgres(teamId) : await this.newestSqlite(teamId);
    const newest = new Map<string, Map<string, number>>();
    for (const r of rows) {
      if (r.region === PUSH_REGION || r.duration_ms === NO_DURATION) continue;
      let regions = newest.get(r.monitor_id);
      if (!regions) newest.set(r.monitor_id, (regions = new Map<string, number>()));
      // Rows come newest first: the first of a region is its newest.
      if (!regions.has(r.region)) regions.set(r.region, r.duration_ms);
    }
    return newest;
  }

  private newestPostgres(teamId: string) {
    return this.db
      .selectFrom('monitors as m')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('monitor_runs as r')
            .select(['r.id', 'r.started_at', 'r.region', 'r.duration_ms'])
            .whereRef('r.monitor_id', '=', 'm.id')
            .orderBy('r.started_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(NEWEST_RUNS)
            .as('n'),
        (join) => join.onTrue(),
      )
      .select(['m.id as monitor_id', 'n.region', 'n.duration_ms'])
      .where('m.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .orderBy('n.started_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
  }

  private newestSqlite(teamId: string) {
    return this.db
      .selectFrom('monitors as m')
      .innerJoin('monitor_runs as r', (join) =>
        join
          .onRef('r.monitor_id', '=', 'm.id')
          .on('r.id', 'in', (eb) =>
            eb
              .selectFrom('monitor_runs as n')
              .select('n.id')
              .where('n.monitor_id', '=', sql.ref<string>('m.id'))
              .orderBy('n.started_at', 'desc')
              .orderBy('n.id', 'desc')
              .limit(NEWEST_RUNS),
          ),
      )
      .select(['m.id as monitor_id', 'r.region', 'r.duration_ms'])
      .where('m.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** Each monitor's share of successful checks in the rollups of `period` from `from`, as the text of a number; none without checks. */
  private async uptime(teamId: string, period: 'hour' | 'day', from: number): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('rollups as r')
      .innerJoin('monitors as m', 'm.id', 'r.monitor_id')
      .select((eb) => ['r.monitor_id', eb.fn.sum<number | string>('r.checks').as('checks'), eb.fn.sum<number | string>('r.failures').as('failures')])
      .where('m.team_id', '=', teamId)
      .where('m.deleted_at', 'is', null)
      .where('r.period', '=', period)
      .where('r.bucket_start', '>=', from)
      .groupBy('r.monitor_id')
      .execute();
    const ratios = new Map<string, string>();
    for (const r of rows) {
      const checks = Number(r.checks);
      if (checks > 0) ratios.set(r.monitor_id, String((checks - Number(r.failures)) / checks));
    }
    return ratios;
  }
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
