import { z } from 'zod';
import { CreatePolicyInput, DeliveryAttemptRecord, PolicyRecord, PolicyTestResult, UpdatePolicyInput } from '../../domain/alerts/policies.js';
import { ADMINS, ANY_ROLE } from '../../domain/roles.js';
import type { AlertPolicyService } from '../../domain/alerts/policies.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Notification policies';
const BY_ID = '/api/v1/notification-policies/{id}';

/** Thin adapters: every rule (roles, team scope, validation, secrets) is in AlertPolicyService. */
export function notificationPolicyOperations({ alertPolicies: policies }: { alertPolicies: AlertPolicyService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/notification-policies',
      operationId: 'listNotificationPolicies',
      tag: TAG,
      summary: 'Every notification policy of the team.',
      roles: ANY_ROLE,
      description: 'Channel secrets are never returned; `secretSet`, `routingKeySet` and the like say whether one is stored.',
      success: { status: 200, description: 'The policies, oldest first.', schema: z.object({ data: z.array(PolicyRecord) }) },
      problems: [],
      handler: async ({ actor }) => listOf(await policies.list(actor)),
    },
    {
      method: 'POST',
      path: '/api/v1/notification-policies',
      operationId: 'createNotificationPolicy',
      tag: TAG,
      summary: 'Create a notification policy: which monitor changes go to which channels.',
      roles: ADMINS,
      description:
        'Point a monitor at it with `notificationPolicyId`. Events: monitor.down, monitor.degraded, ' +
        'monitor.up (only after down or degraded), certificate.expiring and domain.expiring, each delivered once per channel with retries for at least 24 h.',
      body: CreatePolicyInput,
      success: { status: 201, description: 'The created policy; `Location` names it.', schema: PolicyRecord },
      problems: ['validation', 'forbidden'],
      location: (created: { id: string }) => `/api/v1/notification-policies/${created.id}`,
      handler: ({ actor, body }) => policies.create(actor, body),
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getNotificationPolicy',
      tag: TAG,
      summary: 'One notification policy.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The policy.', schema: PolicyRecord },
      problems: ['not-found'],
      handler: ({ actor, params }) => policies.get(actor, params.id!),
    },
    {
      method: 'PATCH',
      path: BY_ID,
      operationId: 'updateNotificationPolicy',
      tag: TAG,
      summary: 'Change some fields of a notification policy.',
      roles: ADMINS,
      description:
        'Only the fields sent change; `channels` replaces the whole list, and a channel sent without one of its secrets keeps ' +
        'the one stored for the same channel (same type and address, at the same place or else the first such).',
      body: UpdatePolicyInput,
      success: { status: 200, description: 'The updated policy.', schema: PolicyRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => policies.update(actor, params.id!, body),
    },
    {
      method: 'DELETE',
      path: BY_ID,
      operationId: 'deleteNotificationPolicy',
      tag: TAG,
      summary: 'Delete a notification policy.',
      roles: ADMINS,
      description: 'Its monitors keep running with `notificationPolicyId` null; its pending deliveries are dropped.',
      success: { status: 204, description: 'Deleted; no body.' },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => policies.delete(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/test`,
      operationId: 'testNotificationPolicy',
      tag: TAG,
      summary: 'Send a test event to every channel of the policy now.',
      roles: ADMINS,
      description:
        'Sends event `test` (webhook body with `monitor`, `previousStatus`, `status` and `incidentId` null; a pager gets an alert of ' +
        'its own, keyed by the event id) once to each channel and answers with each outcome; a failure is reported, not retried. The attempts appear in the deliveries log. ' +
        'At most 5 tests per policy per minute (across every node); the next is 429 `rate-limited` with `Retry-After` in seconds.',
      success: { status: 200, description: 'One outcome per channel.', schema: PolicyTestResult },
      problems: ['validation', 'forbidden', 'not-found', 'rate-limited'],
      handler: ({ actor, params, body }) => policies.test(actor, params.id!, body),
    },
    {
      method: 'GET',
      path: `${BY_ID}/deliveries`,
      operationId: 'listNotificationDeliveries',
      tag: TAG,
      summary: 'The 100 newest delivery attempts of the policy, newest first, with their outcome.',
      roles: ANY_ROLE,
      description: 'Each attempt names its event, channel, HTTP status or error, and when the next attempt is due.',
      success: { status: 200, description: 'Up to 100 attempts, newest first.', schema: z.object({ data: z.array(DeliveryAttemptRecord) }) },
      problems: ['not-found'],
      handler: async ({ actor, params }) => listOf(await policies.deliveries(actor, params.id!)),
    },
  ];
}
