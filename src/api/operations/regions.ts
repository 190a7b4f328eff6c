import { z } from 'zod';
import { RegionRecord, type RegionService } from '../../domain/probes/regions.js';
import { ADMINS } from '../../domain/roles.js';
import { listOf, type Operation } from '../operation.js';

/** The installation's regions and who serves each; every rule is in RegionService. */
export function regionOperations({ regions }: { regions: RegionService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/regions',
      operationId: 'listRegions',
      tag: 'Regions',
      summary: 'Every region of the installation and who serves it: the server, a worker or a remote probe.',
      roles: ADMINS,
      description:
        'The built-in regions and those of LOOKOUT_EXTRA_REGIONS, with when each last asked for work, its checks per minute and how late they ran then. ' +
        'A region nobody served for 3 × a monitor’s interval is stale for that monitor (`staleRegions`).',
      success: { status: 200, description: 'The regions.', schema: z.object({ data: z.array(RegionRecord) }) },
      problems: ['forbidden'],
      mcp: {
        name: 'list_regions',
        title: 'List regions',
        description:
          'Every region checks can run from, with servedBy (server, worker, probe or null when nobody serves it), lastSeenAt, checksPerMinute and lagSeconds. Admins and Owners.',
        hints: { destructive: false, idempotent: true },
      },
      handler: async ({ actor }) => listOf(await regions.list(actor)),
    },
  ];
}
