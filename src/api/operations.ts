import type { Operation } from './operation.js';
import { accountOperations } from './operations/account.js';
import { checkOperations } from './operations/checks.js';
import { deliveryOperations } from './operations/deliveries.js';
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

/**
 * The services the operations call: the union of what each group declares it takes. The composition
 * root hands them in (a `Services` fits); each group receives only its own.
 */
export type OperationServices = Parameters<typeof monitorOperations>[0] &
  Parameters<typeof checkOperations>[0] &
  Parameters<typeof monitorStatsOperations>[0] &
  Parameters<typeof incidentOperations>[0] &
  Parameters<typeof maintenanceWindowOperations>[0] &
  Parameters<typeof notificationPolicyOperations>[0] &
  Parameters<typeof statusPageOperations>[0] &
  Parameters<typeof teamOperations>[0] &
  Parameters<typeof teamMemberOperations>[0] &
  Parameters<typeof teamTokenOperations>[0] &
  Parameters<typeof personalTokenOperations>[0] &
  Parameters<typeof sessionOperations>[0] &
  Parameters<typeof eventOperations>[0] &
  Parameters<typeof deliveryOperations>[0] &
  Parameters<typeof accountOperations>[0];

/** Every operation of the API, in the order the reference lists them. */
export function apiOperations(services: OperationServices): Operation[] {
  const { monitors, checks, monitorStats, incidents, maintenanceWindows, alertPolicies, statusPages, subscribers } = services;
  const { teams, teamMembers, teamTokens, personalTokens, sessions, live, deliveryLog, users, emailChanges } = services;
  return [
    ...monitorOperations({ monitors }),
    ...checkOperations({ checks }),
    ...monitorStatsOperations({ monitorStats }),
    ...incidentOperations({ incidents }),
    ...maintenanceWindowOperations({ maintenanceWindows }),
    ...notificationPolicyOperations({ alertPolicies }),
    ...deliveryOperations({ deliveryLog }),
    ...statusPageOperations({ statusPages, subscribers }),
    ...teamOperations({ teams }),
    ...teamMemberOperations({ teamMembers }),
    ...teamTokenOperations({ teamTokens }),
    ...personalTokenOperations({ personalTokens }),
    ...sessionOperations({ sessions }),
    ...accountOperations({ users, sessions, emailChanges }),
    ...eventOperations({ live }),
  ];
}
