import { z } from 'zod';
import { CheckEnqueued, RunRecord } from '../../domain/checks.js';
import type { Services } from '../../composition/services.js';
import { listOf, type ApiRoute } from '../api-route.js';

/** Thin adapters over CheckService: runs and "check now". */
export function checkRoutes(services: Services): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/monitors/{id}/runs',
      operationId: 'listMonitorRuns',
      tag: 'Monitors',
      summary: 'The 100 most recent runs of a monitor, newest first.',
      description: "Any role. One run is one region's check result; a failure is recorded only after a confirming retry.",
      success: { status: 200, description: 'The runs.', schema: z.object({ data: z.array(RunRecord) }) },
      problems: ['not-found'],
      handler: async ({ actor, params }) => listOf(await services.checks.runs(actor, params.id!)),
    },
    {
      method: 'POST',
      path: '/api/v1/monitors/{id}/check',
      operationId: 'triggerCheck',
      tag: 'Monitors',
      summary: 'Check a monitor now in each of its regions.',
      description:
        'Member, Admin or Owner. One trigger per monitor per 60 seconds across the dashboard, REST and MCP: ' +
        'a second one within that time is 429 with Retry-After. A paused monitor cannot be triggered (400).',
      success: { status: 202, description: 'The check was queued.', schema: CheckEnqueued },
      problems: ['validation', 'forbidden', 'not-found', 'rate-limited'],
      handler: ({ actor, params, body }) => services.checks.trigger(actor, params.id!, body),
    },
  ];
}
