import { DeliveryLogQuery, DeliveryPage, type DeliveryLogService } from '../../domain/alerts/delivery-log.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { Operation } from '../operation.js';

/** The team's delivery log; the rules are in DeliveryLogService. */
export function deliveryOperations({ deliveryLog }: { deliveryLog: DeliveryLogService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/deliveries',
      operationId: 'listDeliveries',
      tag: 'Notification policies',
      summary: 'Every alert sent to every channel of the team, newest first, a page at a time.',
      description:
        'Each delivery names its monitor, incident and policy, its state (pending, delivered, failed) and its latest error. ' +
        'Filter by `state`, `channel` (type), `monitorId`, `incidentId` or `policyId`; page with `limit` (1-100, default 50) and the answer’s `nextCursor`. ' +
        'An incident’s alerts (down, reminders, escalation, recovery) are `?incidentId=`. Members see channel URLs masked.',
      roles: ANY_ROLE,
      query: DeliveryLogQuery,
      success: { status: 200, description: 'One page of deliveries, newest first.', schema: DeliveryPage },
      problems: ['validation'],
      handler: ({ actor, query }) => deliveryLog.list(actor, query),
    },
  ];
}
