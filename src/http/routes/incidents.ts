import { z } from 'zod';
import { CreateIncidentInput, IncidentRecord, IncidentUpdateInput, IncidentUpdateRecord, ResolveIncidentInput } from '../../domain/incidents.js';
import type { Services } from '../../composition/services.js';
import { listOf, type ApiRoute } from '../api-route.js';

const TAG = 'Incidents';
const BY_ID = '/api/v1/incidents/{id}';

/** Thin adapters: every rule (roles, team scope, validation, states) is in IncidentService. */
export function incidentRoutes(services: Services): ApiRoute[] {
  const incidents = services.incidents;
  return [
    {
      method: 'GET',
      path: '/api/v1/incidents',
      operationId: 'listIncidents',
      tag: TAG,
      summary: 'The 100 newest incidents of the team, newest first.',
      description: 'Any role. Each incident carries its timeline. No parameter changes the count.',
      success: { status: 200, description: 'Up to 100 incidents, newest first.', schema: z.object({ data: z.array(IncidentRecord) }) },
      problems: [],
      handler: async ({ actor }) => listOf(await incidents.list(actor)),
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getIncident',
      tag: TAG,
      summary: 'One incident with its timeline.',
      description: 'Any role. An incident of another team is not found.',
      success: { status: 200, description: 'The incident.', schema: IncidentRecord },
      problems: ['not-found'],
      handler: ({ actor, params }) => incidents.get(actor, params.id!),
    },
    {
      method: 'POST',
      path: '/api/v1/incidents',
      operationId: 'createIncident',
      tag: TAG,
      summary: 'Open an incident by hand.',
      description:
        'Roles Member, Admin, Owner. The incident starts `investigating` with `source` `manual`; a `message` becomes its first update. ' +
        'A `monitorId` that names no monitor of your team is 404 not-found.',
      body: CreateIncidentInput,
      success: { status: 201, description: 'The created incident; `Location` names it.', schema: IncidentRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: async ({ actor, body, reply }) => {
        const created = await incidents.create(actor, body);
        reply.header('Location', `/api/v1/incidents/${created.id}`);
        return created;
      },
    },
    {
      method: 'POST',
      path: `${BY_ID}/updates`,
      operationId: 'postIncidentUpdate',
      tag: TAG,
      summary: 'Add an update to the timeline of an open incident.',
      description:
        'Roles Member, Admin, Owner. `status` (investigating, identified, monitoring) changes the incident status; omitted leaves it. ' +
        '`resolved` is rejected: resolve the incident instead. A resolved incident is not found.',
      body: IncidentUpdateInput,
      success: { status: 201, description: 'The created update; `Location` names its incident.', schema: IncidentUpdateRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: async ({ actor, params, body, reply }) => {
        const update = await incidents.postUpdate(actor, params.id!, body);
        reply.header('Location', `/api/v1/incidents/${update.incidentId}`);
        return update;
      },
    },
    {
      method: 'POST',
      path: `${BY_ID}/resolve`,
      operationId: 'resolveIncident',
      tag: TAG,
      summary: 'Resolve an open incident with a closing note.',
      description:
        'Roles Admin, Owner. Appends an update with status `resolved` and the message (default "Incident closed manually"). ' +
        'An incident that is already resolved is not found.',
      body: ResolveIncidentInput,
      success: { status: 200, description: 'The resolved incident.', schema: IncidentRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => incidents.resolve(actor, params.id!, body),
    },
  ];
}
