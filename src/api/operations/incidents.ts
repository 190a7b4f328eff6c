import { z } from 'zod';
import { CreateIncidentInput, IncidentRecord, IncidentUpdateInput, IncidentUpdateRecord, ResolveIncidentInput } from '../../domain/incidents.js';
import { ADMINS, ANY_ROLE, WRITERS } from '../../domain/roles.js';
import type { IncidentService } from '../../domain/incidents.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Incidents';
const BY_ID = '/api/v1/incidents/{id}';

/** The MCP argument that names an incident. */
const INCIDENT_ID = { name: 'incidentId', description: 'The id of an incident of your team (see list_incidents).' };

/** Thin adapters: every rule (roles, team scope, validation, states) is in IncidentService. */
export function incidentOperations({ incidents }: { incidents: IncidentService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/incidents',
      operationId: 'listIncidents',
      tag: TAG,
      summary: 'The 100 newest incidents of the team, newest first.',
      description: 'Each incident carries its timeline. No parameter changes the count.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'Up to 100 incidents, newest first.', schema: z.object({ data: z.array(IncidentRecord) }) },
      problems: [],
      mcp: {
        name: 'list_incidents',
        title: 'List incidents',
        description: 'The 100 newest incidents of your team, newest first, open and resolved, each with its timeline of updates (oldest first).',
      },
      handler: async ({ actor }) => listOf(await incidents.list(actor)),
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getIncident',
      tag: TAG,
      summary: 'One incident with its timeline.',
      description: 'An incident of another team is not found.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The incident.', schema: IncidentRecord },
      problems: ['not-found'],
      mcp: {
        name: 'get_incident',
        title: 'Get an incident',
        description: 'One incident of your team by id, with its status (investigating, identified, monitoring, resolved) and timeline.',
        id: INCIDENT_ID,
      },
      handler: ({ actor, params }) => incidents.get(actor, params.id!),
    },
    {
      method: 'POST',
      path: '/api/v1/incidents',
      operationId: 'createIncident',
      tag: TAG,
      summary: 'Open an incident by hand.',
      description:
        'The incident starts `investigating` with `source` `manual`; a `message` becomes its first update. ' +
        'A `monitorId` that names no monitor of your team is 404 not-found.',
      roles: WRITERS,
      body: CreateIncidentInput,
      success: { status: 201, description: 'The created incident; `Location` names it.', schema: IncidentRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      location: (created: { id: string }) => `/api/v1/incidents/${created.id}`,
      mcp: {
        name: 'create_incident',
        title: 'Open an incident',
        description:
          'Opens an incident by hand: it starts `investigating`; a `message` becomes its first timeline update (shown on the status page). ' +
          'A `monitorId` that names no monitor of your team fails with not-found.',
      },
      handler: ({ actor, body }) => incidents.create(actor, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/updates`,
      operationId: 'postIncidentUpdate',
      tag: TAG,
      summary: 'Add an update to the timeline of an open incident.',
      description:
        '`status` (investigating, identified, monitoring) changes the incident status; omitted leaves it. ' +
        '`resolved` is rejected: resolve the incident instead. A resolved incident is not found.',
      roles: WRITERS,
      body: IncidentUpdateInput,
      success: { status: 201, description: 'The created update; `Location` names its incident.', schema: IncidentUpdateRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      location: (update: { incidentId: string }) => `/api/v1/incidents/${update.incidentId}`,
      mcp: {
        name: 'post_incident_update',
        title: 'Post an incident update',
        description:
          'Adds an update to the timeline of an open incident. `status` (investigating, identified, monitoring) changes the incident status; ' +
          'omitted leaves it. To close the incident use resolve_incident. A resolved incident fails with not-found.',
        id: INCIDENT_ID,
      },
      handler: ({ actor, params, body }) => incidents.postUpdate(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/resolve`,
      operationId: 'resolveIncident',
      tag: TAG,
      summary: 'Resolve an open incident with a closing note.',
      description:
        'Appends an update with status `resolved` and the message (default "Incident closed manually"). ' +
        'An incident that is already resolved is not found.',
      roles: ADMINS,
      body: ResolveIncidentInput,
      success: { status: 200, description: 'The resolved incident.', schema: IncidentRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      mcp: {
        name: 'resolve_incident',
        title: 'Resolve an incident',
        description:
          'Resolves an open incident: appends an update with status `resolved` and the closing `message` (default "Incident closed manually"). ' +
          'A resolved incident cannot be reopened; resolving it again fails with not-found.',
        id: INCIDENT_ID,
        hints: { destructive: true, idempotent: true },
      },
      handler: ({ actor, params, body }) => incidents.resolve(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/acknowledge`,
      operationId: 'acknowledgeIncident',
      tag: TAG,
      summary: 'Acknowledge an open incident: someone is on it.',
      description:
        'Sets `acknowledgedAt` and `acknowledgedBy` (your user id; `acknowledgedVia` stays null: it names the alert whose link acknowledged) ' +
        'and adds an `acknowledged` timeline entry kept off the status page. Acknowledging it again changes nothing: the first acknowledgement stands. ' +
        'A resolved incident is not found.',
      roles: WRITERS,
      success: { status: 200, description: 'The acknowledged incident.', schema: IncidentRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'acknowledge_incident',
        title: 'Acknowledge an incident',
        description:
          'Says someone is on an open incident: sets acknowledgedAt and acknowledgedBy (your user id). Acknowledging it again changes nothing; ' +
          'a resolved incident fails with not-found.',
        id: INCIDENT_ID,
        hints: { destructive: false, idempotent: true },
      },
      handler: ({ actor, params, body }) => incidents.acknowledge(actor, params.id!, body),
    },
  ];
}
