import { z } from 'zod';
import { CheckEnqueued, RunRecord } from '../../domain/checks.js';
import { ANY_ROLE, WRITERS } from '../../domain/roles.js';
import type { CheckService } from '../../domain/checks.js';
import { listOf, type Operation } from '../operation.js';
import { MONITOR_ID } from './monitors.js';

/** Thin adapters over CheckService: runs and "check now". */
export function checkOperations({ checks }: { checks: CheckService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/monitors/{id}/runs',
      operationId: 'listMonitorRuns',
      tag: 'Monitors',
      summary: 'The 100 most recent runs of a monitor, newest first.',
      description: "One run is one region's check result; a failure is recorded only after a confirming retry.",
      roles: ANY_ROLE,
      success: { status: 200, description: 'The runs.', schema: z.object({ data: z.array(RunRecord) }) },
      problems: ['not-found'],
      mcp: {
        name: 'list_monitor_runs',
        title: 'List the runs of a monitor',
        description:
          'The 100 most recent check results (runs) of a monitor, newest first: one run per region and check, with `ok`, `error` ' +
          '(code and message), `statusCode` and `timings` (HTTP) or `certificate` (SSL). A failure is recorded only after a confirming retry.',
        id: MONITOR_ID,
      },
      handler: async ({ actor, params }) => listOf(await checks.runs(actor, params.id!)),
    },
    {
      method: 'POST',
      path: '/api/v1/monitors/{id}/check',
      operationId: 'triggerCheck',
      tag: 'Monitors',
      summary: 'Check a monitor now in each of its regions.',
      description:
        'One trigger per monitor per 60 seconds across the dashboard, REST and MCP: ' +
        'a second one within that time is 429 with Retry-After. A paused monitor cannot be triggered (400).',
      roles: WRITERS,
      success: { status: 202, description: 'The check was queued.', schema: CheckEnqueued },
      problems: ['validation', 'forbidden', 'not-found', 'rate-limited'],
      mcp: {
        name: 'trigger_check',
        title: 'Check a monitor now',
        description:
          'Queues a check of the monitor now in each of its regions; see list_monitor_runs for the results a few seconds later. ' +
          'One trigger per monitor per 60 seconds across the dashboard, REST and MCP: a second one fails with rate-limited and `retryAfter` ' +
          '(seconds until the next trigger is allowed). A paused monitor cannot be triggered.',
        id: MONITOR_ID,
        hints: { openWorld: true },
      },
      handler: ({ actor, params, body }) => checks.trigger(actor, params.id!, body),
    },
  ];
}
