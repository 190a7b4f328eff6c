import type { Services } from '../composition/services.js';
import type { Operation } from './operation.js';
import { checkOperations } from './operations/checks.js';
import { eventOperations } from './operations/events.js';
import { incidentOperations } from './operations/incidents.js';
import { maintenanceWindowOperations } from './operations/maintenance-windows.js';
import { monitorStatsOperations } from './operations/monitor-stats.js';
import { monitorOperations } from './operations/monitors.js';
import { notificationPolicyOperations } from './operations/notification-policies.js';
import { personalTokenOperations } from './operations/personal-tokens.js';
import { sessionOperations } from './operations/session.js';
import { statusPageOperations } from './operations/status-pages.js';
import { teamMemberOperations } from './operations/team-members.js';
import { teamTokenOperations } from './operations/team-tokens.js';
import { teamOperations } from './operations/teams.js';

/** Every operation of the API, in the order the reference lists them. */
export function apiOperations(services: Services): Operation[] {
  return [
    ...monitorOperations(services),
    ...checkOperations(services),
    ...monitorStatsOperations(services),
    ...incidentOperations(services),
    ...maintenanceWindowOperations(services),
    ...notificationPolicyOperations(services),
    ...statusPageOperations(services),
    ...teamOperations(services),
    ...teamMemberOperations(services),
    ...teamTokenOperations(services),
    ...personalTokenOperations(services),
    ...sessionOperations(services),
    ...eventOperations(services),
  ];
}
