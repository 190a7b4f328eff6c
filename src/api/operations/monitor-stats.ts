import { z } from 'zod';
import { MonitorStatsRecord, MonitorSummaryRecord, StatsQuery } from '../../domain/monitor-stats.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { MonitorStatsService } from '../../domain/monitor-stats.js';
import { listOf, type Operation } from '../operation.js';

/** Read-only chart and list figures from the check engine's rollups; the rules are in MonitorStatsService. */
export function monitorStatsOperations({ monitorStats: stats }: { monitorStats: MonitorStatsService }): Operation[] {
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
  ];
}
