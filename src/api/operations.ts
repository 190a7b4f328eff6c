import type { AuditTrail } from '../domain/audit/trail.js';
import { API_PREFIX, type Operation } from './operation.js';
import { auditLogOperations } from './operations/audit-log.js';
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
import { regionOperations } from './operations/regions.js';
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
  Parameters<typeof accountOperations>[0] &
  Parameters<typeof auditLogOperations>[0] & { auditTrail: AuditTrail } & Parameters<typeof regionOperations>[0];

/** Every operation of the API, in the order the reference lists them. */
export function apiOperations(services: OperationServices): Operation[] {
  const { monitors, checks, monitorStats, monitorMetrics, incidents, maintenanceWindows, alertPolicies, statusPages, subscribers } = services;
  const { teams, teamMembers, teamTokens, personalTokens, sessions, twoFactor, oidc, live, deliveryLog, users, emailChanges, auditLog, auditTrail, regions } =
    services;
  const operations: Operation[] = [
    ...monitorOperations({ monitors }),
    ...checkOperations({ checks }),
    ...monitorStatsOperations({ monitorStats, monitorMetrics }),
    ...incidentOperations({ incidents }),
    ...maintenanceWindowOperations({ maintenanceWindows }),
    ...notificationPolicyOperations({ alertPolicies }),
    ...deliveryOperations({ deliveryLog }),
    ...statusPageOperations({ statusPages, subscribers }),
    ...teamOperations({ teams }),
    ...teamMemberOperations({ teamMembers }),
    ...teamTokenOperations({ teamTokens }),
    ...personalTokenOperations({ personalTokens }),
    ...sessionOperations({ sessions, twoFactor, oidc }),
    ...accountOperations({ users, sessions, emailChanges }),
    ...auditLogOperations({ auditLog }),
    ...eventOperations({ live }),
    ...regionOperations({ regions }),
  ];
  return operations.map((operation) => audited(operation, auditTrail));
}

/**
 * Every operation that may change something (any method but GET, a caller admitted by token or
 * session) runs as one audited call: its entry is written in the transaction of its change
 * (src/domain/audit/trail.ts), whichever surface called it and whatever operation is added later.
 * Public operations (signing in) have no caller yet: the session service writes theirs.
 */
function audited(operation: Operation, trail: AuditTrail): Operation {
  if (operation.method === 'GET' || operation.roles === 'public') return operation;
  const handler = operation.handler.bind(operation);
  const path = operation.path.slice(API_PREFIX.length);
  return {
    ...operation,
    handler: (call) =>
      trail.operation(
        {
          actor: call.actor,
          origin: call.origin ?? { surface: 'rest', ip: null },
          operationId: operation.operationId,
          path,
          params: call.params,
          body: call.body,
        },
        () => handler(call),
      ),
  };
}
