import type { Services } from '../../composition/services.js';
import type { ApiRoute } from '../api-route.js';
import { checkRoutes } from './checks.js';
import { eventRoutes } from './events.js';
import { incidentRoutes } from './incidents.js';
import { monitorStatsRoutes } from './monitor-stats.js';
import { monitorRoutes } from './monitors.js';
import { notificationPolicyRoutes } from './notification-policies.js';
import { personalTokenRoutes } from './personal-tokens.js';
import { sessionRoutes } from './session.js';
import { statusPageRoutes } from './status-pages.js';
import { teamMemberRoutes } from './team-members.js';
import { teamTokenRoutes } from './team-tokens.js';
import { teamRoutes } from './teams.js';

/** Every /api/v1 endpoint, in the order the reference lists them. */
export function apiRoutes(services: Services): ApiRoute[] {
  return [
    ...monitorRoutes(services),
    ...checkRoutes(services),
    ...monitorStatsRoutes(services),
    ...incidentRoutes(services),
    ...notificationPolicyRoutes(services),
    ...statusPageRoutes(services),
    ...teamRoutes(services),
    ...teamMemberRoutes(services),
    ...teamTokenRoutes(services),
    ...personalTokenRoutes(services),
    ...sessionRoutes(services),
    ...eventRoutes(services),
  ];
}
