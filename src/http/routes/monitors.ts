import { MonitorCreate, MonitorList, MonitorRecord, MonitorUpdate } from '../../domain/monitor-schemas.js';
import type { Services } from '../../composition/services.js';
import type { ApiRoute } from '../api-route.js';

const TAG = 'Monitors';
const BY_ID = '/api/v1/monitors/{id}';

/** Thin adapters: every rule (roles, team scope, validation) is in MonitorService. */
export function monitorRoutes(services: Services): ApiRoute[] {
  const monitors = services.monitors;
  return [
    {
      method: 'GET',
      path: '/api/v1/monitors',
      operationId: 'listMonitors',
      tag: TAG,
      summary: 'Every monitor of the team.',
      description: 'Deleted monitors are not listed. Any role.',
      success: { status: 200, description: 'The monitors, oldest first.', schema: MonitorList },
      problems: [],
      // The database writes the records' JSON; it goes out as is, in the `{"data": [...]}` of every list.
      handler: async ({ actor, reply }) => {
        const records = await monitors.listJson(actor);
        reply.type('application/json; charset=utf-8');
        return `{"data":${records}}`;
      },
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getMonitor',
      tag: TAG,
      summary: 'One monitor.',
      description: 'Any role. A monitor of another team, or a deleted one, is not found.',
      success: { status: 200, description: 'The monitor.', schema: MonitorRecord },
      problems: ['not-found'],
      handler: ({ actor, params }) => monitors.get(actor, params.id!),
    },
    {
      method: 'POST',
      path: '/api/v1/monitors',
      operationId: 'createMonitor',
      tag: TAG,
      summary: 'Create an HTTP or SSL monitor.',
      description:
        'Roles Member, Admin, Owner. The monitor starts `pending` and is checked at once in each of its regions, then every `intervalSeconds`. ' +
        'An `auth.secret` is stored encrypted and never returned (`auth.secretSet` is true instead).',
      body: MonitorCreate,
      success: { status: 201, description: 'The created monitor; `Location` names it.', schema: MonitorRecord },
      problems: ['validation', 'forbidden'],
      handler: async ({ actor, body, reply }) => {
        const created = await monitors.create(actor, body);
        reply.header('Location', `/api/v1/monitors/${created.id}`);
        return created;
      },
    },
    {
      method: 'PATCH',
      path: BY_ID,
      operationId: 'updateMonitor',
      tag: TAG,
      summary: 'Change some fields of a monitor.',
      description:
        'Roles Member, Admin, Owner. Only the fields sent change; `type` and fields of the other monitor type are rejected. ' +
        '`auth`, `notificationPolicyId`, `warningDays`: omitted keeps, null clears, a value replaces.',
      body: MonitorUpdate,
      success: { status: 200, description: 'The updated monitor.', schema: MonitorRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => monitors.update(actor, params.id!, body),
    },
    {
      method: 'DELETE',
      path: BY_ID,
      operationId: 'deleteMonitor',
      tag: TAG,
      summary: 'Delete a monitor.',
      description: 'Roles Admin, Owner. The monitor is no longer listed, found or checked; its stored secret is erased.',
      success: { status: 204, description: 'Deleted; no body.' },
      problems: ['forbidden', 'not-found', 'validation'],
      handler: ({ actor, params, body }) => monitors.delete(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/pause`,
      operationId: 'pauseMonitor',
      tag: TAG,
      summary: 'Pause a monitor: its checks stop.',
      description: 'Roles Member, Admin, Owner. Pausing a paused monitor changes nothing.',
      success: { status: 200, description: 'The paused monitor (`status` is `paused`).', schema: MonitorRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      handler: ({ actor, params, body }) => monitors.pause(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/resume`,
      operationId: 'resumeMonitor',
      tag: TAG,
      summary: 'Resume a paused monitor: it is checked at once, then every interval.',
      description: 'Roles Member, Admin, Owner. The status is `pending` until a check completes. Resuming a running monitor changes nothing.',
      success: { status: 200, description: 'The resumed monitor.', schema: MonitorRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      handler: ({ actor, params, body }) => monitors.resume(actor, params.id!, body),
    },
  ];
}
