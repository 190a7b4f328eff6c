import { useEffect, useMemo, useState } from 'react';
import type { MonitorStats, Run } from '../api/types.js';
import { ms, percent } from '../format.js';
import { useGet, useNow } from '../hooks.js';
import { uptimeClass } from '../pages/monitors.js';
import { p95Text, timeRange } from '../../../src/shared/chart-scale.js';
import { DURATION_BUCKETS_MS } from '../../../src/shared/histograms.js';
import { count } from '../../../src/shared/plural.js';
import type { StatsRange } from '../../../src/shared/vocabulary.js';
import { LineChart, type ChartPoint, type ChartSeries } from './charts.js';
import { ErrorState, Card, SkeletonRows } from './ui.js';

const RANGES: Array<{ value: StatsRange; label: string; ms: number }> = [
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
];

/**
 * The chart's lines: one per region from the recent runs within the range (the finest detail; a
 * heartbeat's runs make one line, its job's), and the hourly rollups of every region, dashed, for
 * the time the runs do not reach.
 */
export function chartSeries(runs: Run[], stats: MonitorStats | undefined, from: number): ChartSeries[] {
  const byRegion = new Map<string, ChartPoint[]>();
  let oldestRun = Infinity;
  for (const r of runs) {
    const t = new Date(r.startedAt).getTime();
    if (t < from) continue;
    oldestRun = Math.min(oldestRun, t);
    const key = r.region ?? 'job';
    const points = byRegion.get(key) ?? [];
    points.push({
      t,
      value: r.error?.code === 'timeout' ? null : r.durationMs,
      failures: r.ok ? 0 : 1,
      note: `${r.region === null ? (r.trigger === 'ping' ? 'ping' : 'no ping') : ''}${r.region === null ? ' · ' : ''}${r.ok ? 'OK' : (r.error?.code ?? 'failed')}`,
    });
    byRegion.set(key, points);
  }
  const size = (stats?.bucketSeconds ?? 3600) * 1000;
  const rollups: ChartPoint[] = (stats?.buckets ?? [])
    .map((b) => ({ start: new Date(b.start).getTime(), b }))
    .filter(({ start }) => start + size <= oldestRun)
    .map(({ start, b }) => ({
      t: start + size / 2,
      value: b.avgResponseMs,
      failures: b.checks ? b.failures / b.checks : 0,
      note: `${count(b.checks, 'check')} · ${b.failures} failed`,
    }));
  const series: ChartSeries[] = [...byRegion.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, points]) => ({ key, label: key === 'job' ? 'Job' : key, points }));
  if (rollups.length > 0) series.unshift({ key: 'rollups', label: 'Hourly average', points: rollups, summary: true });
  return series;
}

/** Response times (or a job's durations) over 24 hours, 7 or 30 days, with the period's uptime, average and p95. */
export function ResponseChart({
  monitorId,
  runs,
  version,
  title,
  empty,
}: {
  monitorId: string;
  runs: Run[] | undefined;
  version: number;
  title: string;
  empty?: string;
}) {
  const [range, setRange] = useState<StatsRange>('24h');
  const stats = useGet('/api/v1/monitors/{id}/stats', { params: { path: { id: monitorId }, query: { range } } });
  useEffect(() => {
    if (version > 0) void stats.reload();
    // Only a new version reloads; `stats` is a new object on every render.
  }, [version]);
  const clock = useNow(60_000);
  const period = RANGES.find((r) => r.value === range)!;
  // Raw runs give detail only for the last day; longer ranges are read from the rollups alone.
  const inRange = useMemo(() => (range === '24h' ? (runs ?? []) : []), [runs, range]);
  const newest = inRange.reduce((max, r) => Math.max(max, new Date(r.startedAt).getTime()), 0);
  const now = Math.max(clock, newest);
  const series = useMemo(() => chartSeries(inRange, stats.data, now - period.ms), [inRange, stats.data, now, period.ms]);
  const { from, to } = timeRange(
    series.flatMap((s) => s.points.map((p) => p.t)),
    now,
    period.ms,
  );
  const s = stats.data;
  const durations = inRange.filter((r) => new Date(r.startedAt).getTime() >= now - period.ms && r.durationMs !== null).map((r) => r.durationMs!);
  // Exact when the runs at hand are every check the period counted; the histogram's bucket otherwise.
  const p95 = s ? p95Text(durations, durations.length >= s.checks, s.p95ResponseMs, DURATION_BUCKETS_MS, ms) : '—';
  return (
    <Card
      title={title}
      actions={
        <div className="segmented segmented-sm" role="group" aria-label="Time range">
          {RANGES.map((r) => (
            <button
              key={r.value}
              type="button"
              className={range === r.value ? 'active' : ''}
              aria-pressed={range === r.value}
              onClick={() => setRange(r.value)}
            >
              {r.value}
            </button>
          ))}
        </div>
      }
    >
      <div className="chart-stats">
        <span>
          Uptime <strong className={`uptime-value ${uptimeClass(s?.uptime ?? null)}`}>{percent(s?.uptime ?? null)}</strong>
        </span>
        <span>
          Average <strong>{ms(s?.avgResponseMs ?? null)}</strong>
        </span>
        <span>
          p95 <strong data-testid="p95">{p95}</strong>
        </span>
        <span>
          Checks <strong>{s ? s.checks.toLocaleString() : '—'}</strong>
          {s && s.failures > 0 && <span className="result-fail"> ({s.failures.toLocaleString()} failed)</span>}
        </span>
      </div>
      {stats.error && !stats.data ? (
        <ErrorState error={stats.error} onRetry={() => void stats.reload()} title="Could not load the chart" />
      ) : !stats.data && !runs ? (
        <SkeletonRows rows={3} />
      ) : (
        <LineChart series={series} from={from} to={to} empty={empty} label={`${title} over the last ${period.label}`} />
      )}
    </Card>
  );
}
