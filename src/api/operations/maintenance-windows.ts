import { z } from 'zod';
import { CreateMaintenanceWindowInput, MaintenanceWindowRecord, UpdateMaintenanceWindowInput } from '../../domain/maintenance/schema.js';
import { ADMINS, ANY_ROLE, WRITERS } from '../../domain/roles.js';
import type { MaintenanceWindowService } from '../../domain/maintenance/service.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Maintenance windows';
const BASE = '/api/v1/maintenance-windows';
const BY_ID = `${BASE}/{id}`;

/** The MCP argument that names a window. */
const WINDOW_ID = { name: 'windowId', description: 'The id of a maintenance window of your team (see list_maintenance_windows).' };

const WHILE_ACTIVE =
  'While an occurrence is under way its monitors are still checked, show status `maintenance`, and open no incident and send no alert; ' +
  'their runs are flagged `maintenance` and left out of uptime. When it ends, the status comes from the newest runs, and a monitor still down alerts then.';

/** Thin adapters: every rule (roles, team scope, validation, occurrences) is in MaintenanceWindowService. */
export function maintenanceWindowOperations({ maintenanceWindows: windows }: { maintenanceWindows: MaintenanceWindowService }): Operation[] {
  return [
    {
      method: 'GET',
      path: BASE,
      operationId: 'listMaintenanceWindows',
      tag: TAG,
      summary: "The team's maintenance windows, by first start.",
      description: 'Each says whether an occurrence is under way now (`active`) and when the next one starts.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'Every window of the team.', schema: z.object({ data: z.array(MaintenanceWindowRecord) }) },
      problems: [],
      mcp: {
        name: 'list_maintenance_windows',
        title: 'List maintenance windows',
        description:
          "Your team's maintenance windows (one-off and recurring), each with its monitors, whether an occurrence is under way now (`active`) and when the next starts (`nextStartsAt`). " +
          WHILE_ACTIVE,
      },
      handler: async ({ actor }) => listOf(await windows.list(actor)),
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getMaintenanceWindow',
      tag: TAG,
      summary: 'One maintenance window.',
      description: 'A window of another team is not found.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The window.', schema: MaintenanceWindowRecord },
      problems: ['not-found'],
      handler: ({ actor, params }) => windows.get(actor, params.id!),
    },
    {
      method: 'POST',
      path: BASE,
      operationId: 'createMaintenanceWindow',
      tag: TAG,
      summary: 'Plan a maintenance window for some monitors.',
      description:
        'One occurrence (`rrule` null) or a recurring one: an RFC 5545 RRULE (FREQ DAILY, WEEKLY or MONTHLY; INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL) ' +
        'repeating the first occurrence at the same local time in `timezone`. ' +
        WHILE_ACTIVE,
      roles: WRITERS,
      body: CreateMaintenanceWindowInput,
      success: { status: 201, description: 'The created window; `Location` names it.', schema: MaintenanceWindowRecord },
      problems: ['validation', 'forbidden'],
      location: (created: { id: string }) => `${BASE}/${created.id}`,
      mcp: {
        name: 'create_maintenance_window',
        title: 'Plan a maintenance window',
        description:
          'Plans maintenance for monitors of your team: `startsAt`/`endsAt` (ISO 8601, at most 7 days apart) give the first occurrence; `rrule` null for one, or an ' +
          'RFC 5545 RRULE such as `FREQ=WEEKLY;BYDAY=SU;COUNT=4` (FREQ DAILY, WEEKLY or MONTHLY; INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL) repeated at the same local ' +
          'time in `timezone` (IANA, default UTC). ' +
          WHILE_ACTIVE,
      },
      handler: ({ actor, body }) => windows.create(actor, body),
    },
    {
      method: 'PATCH',
      path: BY_ID,
      operationId: 'updateMaintenanceWindow',
      tag: TAG,
      summary: 'Change a maintenance window.',
      description:
        'Fields left out keep their values; `monitorIds` replaces the list. A change of timing makes an occurrence ended early count again if it covers now.',
      roles: WRITERS,
      body: UpdateMaintenanceWindowInput,
      success: { status: 200, description: 'The window as changed.', schema: MaintenanceWindowRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => windows.update(actor, params.id!, body),
    },
    {
      method: 'DELETE',
      path: BY_ID,
      operationId: 'deleteMaintenanceWindow',
      tag: TAG,
      summary: 'Delete a maintenance window.',
      description: 'An occurrence under way ends with it: its monitors take their status from their newest runs.',
      roles: ADMINS,
      success: { status: 204, description: 'Deleted.' },
      problems: ['forbidden', 'not-found'],
      handler: ({ actor, params, body }) => windows.remove(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/end`,
      operationId: 'endMaintenanceWindow',
      tag: TAG,
      summary: 'End the occurrence under way now.',
      description:
        'Its monitors take their status from their newest runs at once (a monitor down then alerts). Later occurrences of a recurring window still come. ' +
        'A window with no occurrence under way is answered as it is.',
      roles: WRITERS,
      success: { status: 200, description: 'The window (`active` false).', schema: MaintenanceWindowRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'end_maintenance_window',
        title: 'End a maintenance window now',
        description:
          'Ends the occurrence of a maintenance window that is under way now: its monitors take their status from their newest runs at once, and a monitor that is down ' +
          'then alerts and opens its incident. Later occurrences of a recurring window still come. Ending a window with no occurrence under way changes nothing.',
        id: WINDOW_ID,
        hints: { destructive: false, idempotent: true },
      },
      handler: ({ actor, params, body }) => windows.end(actor, params.id!, body),
    },
  ];
}
