import { z } from 'zod';
import { MonitorStatsRecord, MonitorSummaryRecord, StatsQuery } from '../../domain/monitor-stats.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { MonitorStatsService } from '../../domain/monitor-stats.js';
import { METRICS_CONTENT_TYPE, type MonitorMetricsService } from '../../domain/monitor-metrics.js';
import { RawText, listOf, type Operation } from '../operation.js';

/** Read-only chart and list figures from the check engine's rollups; the rules are in MonitorStatsService. */
export function monitorStatsOperations({
  monitorStats: stats,
  monitorMetrics: metrics,
}: {
  monitorStats: MonitorStatsService;
  monitorMetrics: MonitorMetricsService;
}): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/monitors/{id}/stats',
      operationId: 'getMonitorStats',
      tag: 'Monitors',
      summary: 'Uptime and response times of a monitor over 24 hours, 7 days or 30 days, in buckets.',
      roles: ANY_ROLE,
      description:
        'Query `range` = `24h` (default) or `7d` (hourly buckets) or `30d` (daily buckets); any other query parameter is 400. ' +
        'Figures cover every region; p95 is read from a duration histogram and is the upper bound of its bucket.',
      query: StatsQuery,
      success: { status: 200, description: 'The figures.', schema: MonitorStatsRecord },
      problems: ['validation', 'not-found'],
      handler: ({ actor, params, query }) => stats.series(actor, params.id!, query),
    },
    {
      method: 'GET',
      path: '/api/v1/monitor-stats',
      operationId: 'listMonitorSummaries',
      tag: 'Monitors',
      summary: 'For every monitor of the team: uptime over the last 24 hours and its newest runs.',
      roles: ANY_ROLE,
      description: 'What a monitors list shows beside each status, in one call.',
      success: { status: 200, description: 'One summary per monitor, oldest monitor first.', schema: z.object({ data: z.array(MonitorSummaryRecord) }) },
      problems: [],
      handler: async ({ actor }) => listOf(await stats.summary(actor)),
    },
    {
      method: 'GET',
      path: '/api/v1/metrics',
      operationId: 'getMetrics',
      tag: 'Monitors',
      summary: 'The team’s monitors as Prometheus metrics (text format 0.0.4), for Grafana or any Prometheus scraper.',
      roles: ANY_ROLE,
      description:
        'Point a Prometheus scrape job at it with a token as the bearer credential (`authorization: { credentials: <token> }`); each scrape ' +
        'counts against the token’s 300 requests a minute. Families, each labelled `monitor_id`, `name` and `type`: `lookout_monitor_up` ' +
        '(1 up or degraded, 0 down; absent while pending or paused), `lookout_monitor_status{status}` (one sample per status, 1 for the ' +
        'current one), `lookout_monitor_response_time_seconds{region}` (the newest run of each region), ' +
        '`lookout_monitor_certificate_expiry_timestamp_seconds` (SSL and https HTTP monitors), `lookout_monitor_uptime_ratio{window="1d"|"30d"}`. ' +
        'Label values are escaped as the format requires. The process’s own metrics are at `/metrics`.',
      success: {
        status: 200,
        description: 'The exposition text (`text/plain; version=0.0.4; charset=utf-8`).',
        mediaType: 'text/plain',
        schema: z.string(),
      },
      problems: [],
      handler: async ({ actor }) => new RawText(await metrics.exposition(actor), METRICS_CONTENT_TYPE),
    },
  ];
}
